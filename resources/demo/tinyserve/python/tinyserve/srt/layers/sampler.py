# Demo fixture of Kernel Atlas: token sampling, which runs outside the model's forward.
import torch
from torch import nn

from quickinfer.sampling import top_k_top_p_sampling_from_probs


class Sampler(nn.Module):
    def forward(self, logits, top_k, top_p):
        probs = torch.softmax(logits, dim=-1)
        return top_k_top_p_sampling_from_probs(probs, top_k, top_p)
