# Demo fixture of Kernel Atlas: the embedding and LM head split over the
# tensor-parallel GPUs by vocabulary rows.
import torch
from torch import nn


class VocabParallelEmbedding(nn.Module):
    def __init__(self, num_embeddings, embedding_dim):
        super().__init__()
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        self.weight = nn.Parameter(torch.empty(num_embeddings, embedding_dim))


class ParallelLMHead(VocabParallelEmbedding):
    def forward(self, x):
        raise RuntimeError("the LM head is applied by LogitsProcessor")
