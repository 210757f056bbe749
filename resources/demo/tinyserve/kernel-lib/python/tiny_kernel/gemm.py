# Demo fixture of Kernel Atlas: GEMM wrappers over compiled ops.
import torch


def bf16_gemm(x, weight):
    return torch.ops.tiny_kernel.bf16_gemm.default(x, weight)


def fp8_scaled_mm(x, weight, x_scale, w_scale):
    return torch.ops.tiny_kernel.fp8_scaled_mm.default(x, weight, x_scale, w_scale)


def int8_scaled_mm(x, weight, x_scale, w_scale):
    return torch.ops.tiny_kernel.int8_scaled_mm.default(x, weight, x_scale, w_scale)


def per_token_quant_int8(x):
    return torch.ops.tiny_kernel.per_token_quant_int8.default(x)


def bmm_fp8(a, b, dtype):
    return torch.ops.tiny_kernel.bmm_fp8.default(a, b, dtype)
