# Demo fixture of Kernel Atlas: an MLA backend served by the second kernel package.
import quickinfer

from tinyserve.srt.layers.attention.base_attn_backend import AttentionBackend


class FastMLABackend(AttentionBackend):
    def __init__(self, runner):
        self.prefill_wrapper = quickinfer.BatchMLAPrefillWrapper(runner.workspace)

    def forward_decode(self, q, k, v, layer, forward_batch):
        return quickinfer.mla.mla_decode_with_kv_cache(q, k, layer.scaling)

    def forward_extend(self, q, k, v, layer, forward_batch):
        return self.prefill_wrapper.run(q, k, v)
