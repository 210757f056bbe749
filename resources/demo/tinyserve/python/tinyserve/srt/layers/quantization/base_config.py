# Demo fixture of Kernel Atlas: the base classes of quantization configs.


class QuantizeMethodBase:
    def apply(self, layer, x):
        raise NotImplementedError


class QuantizationConfig:
    def get_name(self):
        raise NotImplementedError

    def get_quant_method(self, layer, prefix):
        raise NotImplementedError
