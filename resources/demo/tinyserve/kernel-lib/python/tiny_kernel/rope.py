# Demo fixture of Kernel Atlas: rotary embedding over a compiled op.
import torch


def apply_rope_with_cos_sin_cache_inplace(positions, q, k, head_size):
    torch.ops.tiny_kernel.apply_rope_pos_ids_cos_sin_cache.default(q, k, positions, head_size)
