# Demo fixture of Kernel Atlas: FP4 GEMM.


def fp4_gemm(a, b, b_scale):
    return a
