# Demo fixture of Kernel Atlas: MoE routing over a compiled op.
import torch


def moe_fused_gate(router_logits, top_k):
    return torch.ops.tiny_kernel.moe_fused_gate.default(router_logits, top_k)
