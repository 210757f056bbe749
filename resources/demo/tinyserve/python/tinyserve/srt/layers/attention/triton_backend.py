# Demo fixture of Kernel Atlas: an MLA backend built on Triton kernels.
import triton
import triton.language as tl

from tinyserve.srt.layers.attention.base_attn_backend import AttentionBackend


@triton.jit
def decode_mla_kernel(q_ptr, kv_ptr, o_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    tl.store(o_ptr + pid, tl.load(q_ptr + pid))


@triton.jit
def extend_attention_kernel(q_ptr, kv_ptr, o_ptr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    tl.store(o_ptr + pid, tl.load(kv_ptr + pid))


class TritonMLABackend(AttentionBackend):
    def __init__(self, runner):
        self.runner = runner

    def forward_decode(self, q, k, v, layer, forward_batch):
        o = q.new_empty(q.shape)
        decode_mla_kernel[(q.shape[0],)](q, k, o, BLOCK=32)
        return o

    def forward_extend(self, q, k, v, layer, forward_batch):
        o = q.new_empty(q.shape)
        extend_attention_kernel[(q.shape[0],)](q, k, o, BLOCK=64)
        return o
