# Demo fixture of Kernel Atlas: the gated activation of the MLP.
from torch import nn

from tiny_kernel import silu_and_mul


class SiluAndMul(nn.Module):
    def forward(self, x):
        return silu_and_mul(x)
