# Demo fixture of Kernel Atlas: sampling from probabilities.
from .jit import _get_sampling_module

def top_k_top_p_sampling_from_probs(probs, top_k, top_p):
    return _get_sampling_module().top_k_top_p_sampling_from_probs(probs, top_k, top_p)
