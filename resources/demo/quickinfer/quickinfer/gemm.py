# Demo fixture of Kernel Atlas: FP4 GEMM.
from .jit import _get_gemm_module

def fp4_gemm(a, b, b_scale):
    return _get_gemm_module().fp4_gemm(a, b, b_scale)
