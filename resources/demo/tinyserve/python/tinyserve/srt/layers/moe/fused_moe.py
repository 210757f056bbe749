# Demo fixture of Kernel Atlas: the MoE expert layers and the factory that picks one.
from typing import Optional

from torch import nn

from tinyserve.srt.layers.moe.fused_moe_triton import fused_experts
from tinyserve.srt.layers.moe.runner_backend import get_moe_a2a_backend, get_moe_runner_backend
from tinyserve.srt.layers.quantization.base_config import QuantizationConfig


class UnquantizedFusedMoEMethod:
    def apply(self, layer, x, topk_output):
        return fused_experts(x, layer.w13_weight, layer.w2_weight, topk_output)


class FusedMoE(nn.Module):
    def __init__(self, num_experts, hidden_size, quant_config: Optional[QuantizationConfig] = None, prefix=""):
        super().__init__()
        if quant_config is None:
            self.quant_method = UnquantizedFusedMoEMethod()
        else:
            self.quant_method = quant_config.get_quant_method(self, prefix)

    def forward(self, hidden_states, topk_output):
        return self.quant_method.apply(self, hidden_states, topk_output)


class FlashInferFusedMoE(FusedMoE):
    def forward(self, hidden_states, topk_output):
        from quickinfer.fused_moe import trtllm_fp8_block_scale_moe

        return trtllm_fp8_block_scale_moe(hidden_states, topk_output, self.w13_weight, self.w2_weight)


class DeepEPMoE(FusedMoE):
    def forward(self, hidden_states, topk_output):
        dispatched = self.dispatch(hidden_states, topk_output)
        return self.quant_method.apply(self, dispatched, topk_output)

    def dispatch(self, hidden_states, topk_output):
        return hidden_states


def get_moe_impl_class(quant_config):
    if get_moe_a2a_backend().is_deepep():
        return DeepEPMoE
    if get_moe_runner_backend().is_flashinfer_trtllm():
        return FlashInferFusedMoE
    return FusedMoE
