# Demo fixture of Kernel Atlas: MLA decode over a compiled op.
import torch


def cutlass_mla_decode(q, kv_cache, scale):
    out = torch.empty_like(q)
    torch.ops.tiny_kernel.cutlass_mla_decode.default(out, q, kv_cache, scale)
    return out
