# Demo fixture of Kernel Atlas: the attention layer that hands over to the backend.
from torch import nn

from tinyserve.srt.model_executor.forward_batch import ForwardBatch


class RadixAttention(nn.Module):
    def __init__(self, num_heads, head_dim, scaling, layer_id):
        super().__init__()
        self.scaling = scaling
        self.layer_id = layer_id

    def forward(self, q, k, v, forward_batch: ForwardBatch):
        return forward_batch.attn_backend.forward(q, k, v, self, forward_batch)
