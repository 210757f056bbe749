# Demo fixture of Kernel Atlas: linear layers whose GEMM depends on the
# quantization method their config returns.
from typing import Optional

from torch import nn

from tinyserve.srt.layers.quantization.base_config import QuantizationConfig
from tinyserve.srt.layers.quantization.unquant import UnquantizedLinearMethod


class LinearBase(nn.Module):
    def __init__(self, input_size, output_size, quant_config: Optional[QuantizationConfig] = None, prefix=""):
        super().__init__()
        if quant_config is None:
            self.quant_method = UnquantizedLinearMethod()
        else:
            self.quant_method = quant_config.get_quant_method(self, prefix)

    def forward(self, x):
        return self.quant_method.apply(self, x)


class ReplicatedLinear(LinearBase):
    pass


class ColumnParallelLinear(LinearBase):
    pass


class RowParallelLinear(LinearBase):
    def forward(self, x):
        output = self.quant_method.apply(self, x)
        return output
