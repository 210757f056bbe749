# Demo fixture of Kernel Atlas: the batch a forward pass runs on.
from dataclasses import dataclass
from enum import Enum

from tinyserve.srt.layers.attention.base_attn_backend import AttentionBackend


class ForwardMode(Enum):
    EXTEND = 1
    DECODE = 2

    def is_decode(self):
        return self == ForwardMode.DECODE


@dataclass
class ForwardBatch:
    forward_mode: ForwardMode
    attn_backend: AttentionBackend = None
