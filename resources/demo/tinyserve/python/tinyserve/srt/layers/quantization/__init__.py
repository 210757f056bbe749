# Demo fixture of Kernel Atlas: the registry of quantization methods.
from typing import Dict, Type

from tinyserve.srt.layers.quantization.base_config import QuantizationConfig
from tinyserve.srt.layers.quantization.fp8 import Fp8Config
from tinyserve.srt.layers.quantization.nvfp4 import NvFp4Config
from tinyserve.srt.layers.quantization.w8a8_int8 import W8A8Int8Config

QUANT_METHODS: Dict[str, Type[QuantizationConfig]] = {
    "fp8": Fp8Config,
    "w8a8_int8": W8A8Int8Config,
}
QUANT_METHODS.update({"nvfp4": NvFp4Config})


def get_quantization_config(name):
    return QUANT_METHODS[name]
