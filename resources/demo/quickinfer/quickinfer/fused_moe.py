# Demo fixture of Kernel Atlas: a fused MoE served by the second kernel package.
from .jit import _get_moe_module

def trtllm_fp8_block_scale_moe(hidden_states, topk_output, w13, w2):
    return _get_moe_module().trtllm_fp8_block_scale_moe(hidden_states, topk_output, w13, w2)
