# Demo fixture of Kernel Atlas: INT8 weight and activation quantization.
import tiny_kernel as tk

from tinyserve.srt.layers.quantization.base_config import QuantizationConfig, QuantizeMethodBase


class W8A8Int8Config(QuantizationConfig):
    def get_name(self):
        return "w8a8_int8"

    def get_quant_method(self, layer, prefix):
        return W8A8Int8LinearMethod()


class W8A8Int8LinearMethod(QuantizeMethodBase):
    def apply(self, layer, x):
        x_q, x_scale = tk.per_token_quant_int8(x)
        return tk.int8_scaled_mm(x_q, layer.weight, x_scale, layer.weight_scale)
