from .ops import fused_norm, scaled_matmul as mm
import pkg.kernels.attention as attn

__all__ = ["Block", "build"]


class Norm:
    def __init__(self, dim, eps=1e-6):
        self.dim = dim
        self.eps = eps

    def forward(self, x):
        return fused_norm(x, self.eps)


class Block(Norm):
    def __init__(self, dim, backend="triton"):
        super().__init__(dim)
        self.proj = Linear(dim, dim)
        if backend == "triton":
            self.attn = attn.TritonAttention(dim)
        elif backend in ("mla", "fast_mla"):
            self.attn = attn.MlaAttention(dim)
        else:
            raise ValueError(backend)

    def forward(self, x, positions=None):
        y = self.attn(self.proj(x), positions)
        return mm(super().forward(y), self.proj.weight)


def build(n, **kwargs):
    return [Block(n, **kwargs) for _ in range(n)]
