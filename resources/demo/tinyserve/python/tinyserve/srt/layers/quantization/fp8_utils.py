# Demo fixture of Kernel Atlas: input quantization launched as a Triton kernel.
import torch
import triton
import triton.language as tl


@triton.jit
def _per_token_group_quant_fp8_kernel(x_ptr, q_ptr, s_ptr, group_size: tl.constexpr):
    pid = tl.program_id(0)
    tl.store(q_ptr + pid, tl.load(x_ptr + pid))


def per_token_group_quant_fp8(x, group_size):
    q = torch.empty_like(x)
    s = torch.empty(x.shape[0])
    grid = (x.numel() // group_size,)
    _per_token_group_quant_fp8_kernel[grid](x, q, s, group_size)
    return q, s
