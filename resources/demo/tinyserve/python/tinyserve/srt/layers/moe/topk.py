# Demo fixture of Kernel Atlas: expert selection.
from torch import nn

from tiny_kernel import moe_fused_gate


class TopK(nn.Module):
    def __init__(self, top_k, renormalize=True):
        super().__init__()
        self.top_k = top_k

    def forward(self, hidden_states, router_logits):
        return moe_fused_gate(router_logits, self.top_k)
