# Demo fixture of Kernel Atlas: MLA decode attention.
from .jit import _get_mla_module


def mla_decode_with_kv_cache(q, kv_cache, sm_scale):
    return _get_mla_module().decode(q, kv_cache, sm_scale)
