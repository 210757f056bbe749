# Demo fixture of Kernel Atlas: rotary position embedding.
from torch import nn

import tiny_kernel


class RotaryEmbedding(nn.Module):
    def __init__(self, head_size, rotary_dim, base):
        super().__init__()
        self.head_size = head_size

    def forward(self, positions, q, k):
        tiny_kernel.apply_rope_with_cos_sin_cache_inplace(positions, q, k, self.head_size)
        return q, k


def get_rope(head_size, rotary_dim, base):
    return RotaryEmbedding(head_size, rotary_dim, base)
