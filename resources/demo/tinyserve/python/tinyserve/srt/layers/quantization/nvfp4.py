# Demo fixture of Kernel Atlas: NVFP4 GEMMs served by the second kernel package.
from quickinfer import fp4_gemm

from tinyserve.srt.layers.quantization.base_config import QuantizationConfig, QuantizeMethodBase


class NvFp4Config(QuantizationConfig):
    def get_name(self):
        return "nvfp4"

    def get_quant_method(self, layer, prefix):
        return NvFp4LinearMethod()


class NvFp4LinearMethod(QuantizeMethodBase):
    def apply(self, layer, x):
        return fp4_gemm(x, layer.weight, layer.weight_scale)
