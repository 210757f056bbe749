# Demo fixture of Kernel Atlas: the method of layers without quantization.
from tiny_kernel import bf16_gemm

from tinyserve.srt.layers.quantization.base_config import QuantizeMethodBase


class UnquantizedLinearMethod(QuantizeMethodBase):
    def apply(self, layer, x):
        return bf16_gemm(x, layer.weight)
