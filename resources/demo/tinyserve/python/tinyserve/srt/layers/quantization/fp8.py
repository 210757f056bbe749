# Demo fixture of Kernel Atlas: FP8 block quantization for linear and MoE layers.
from tiny_kernel import fp8_scaled_mm

from tinyserve.srt.layers.quantization.base_config import QuantizationConfig, QuantizeMethodBase
from tinyserve.srt.layers.quantization.fp8_utils import per_token_group_quant_fp8


class Fp8Config(QuantizationConfig):
    def get_name(self):
        return "fp8"

    def get_quant_method(self, layer, prefix):
        from tinyserve.srt.layers.moe.fused_moe import FusedMoE

        if isinstance(layer, FusedMoE):
            return Fp8MoEMethod(self)
        return Fp8LinearMethod(self)


class Fp8LinearMethod(QuantizeMethodBase):
    def __init__(self, quant_config):
        self.quant_config = quant_config

    def apply(self, layer, x):
        x_q, x_scale = per_token_group_quant_fp8(x, 128)
        return fp8_scaled_mm(x_q, layer.weight, x_scale, layer.weight_scale)


class Fp8MoEMethod(QuantizeMethodBase):
    def __init__(self, quant_config):
        self.quant_config = quant_config

    def apply(self, layer, x, topk_output):
        from tinyserve.srt.layers.moe.fused_moe_triton import fused_experts

        return fused_experts(x, layer.w13_weight, layer.w2_weight, topk_output, use_fp8_w8a8=True)
