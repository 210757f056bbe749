# Demo fixture of Kernel Atlas: the compiled-kernel package's public API.
from tiny_kernel.activation import silu_and_mul
from tiny_kernel.gemm import bf16_gemm, bmm_fp8, fp8_scaled_mm, int8_scaled_mm, per_token_quant_int8
from tiny_kernel.moe import moe_fused_gate
from tiny_kernel.norm import fused_add_rmsnorm, rmsnorm
from tiny_kernel.rope import apply_rope_with_cos_sin_cache_inplace

__all__ = [
    "apply_rope_with_cos_sin_cache_inplace",
    "bf16_gemm",
    "bmm_fp8",
    "fp8_scaled_mm",
    "fused_add_rmsnorm",
    "int8_scaled_mm",
    "moe_fused_gate",
    "per_token_quant_int8",
    "rmsnorm",
    "silu_and_mul",
]
