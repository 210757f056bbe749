# Demo fixture of Kernel Atlas: the second kernel package's public API.
from . import mla
from .gemm import fp4_gemm
from .prefill import BatchMLAPrefillWrapper
from .sampling import top_k_top_p_sampling_from_probs
