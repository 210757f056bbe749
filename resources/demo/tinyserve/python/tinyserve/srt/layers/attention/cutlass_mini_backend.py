# Demo fixture of Kernel Atlas: an MLA backend whose decode is a compiled kernel;
# prefill is inherited from the fast backend.
from tiny_kernel.attention import cutlass_mla_decode

from tinyserve.srt.layers.attention.fast_mla_backend import FastMLABackend


class CutlassMiniBackend(FastMLABackend):
    def forward_decode(self, q, k, v, layer, forward_batch):
        return cutlass_mla_decode(q, k, layer.scaling)
