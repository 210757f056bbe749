# Demo fixture of Kernel Atlas: attention backends registered by name.
ATTENTION_BACKENDS = {}


def register_attention_backend(name):
    def decorator(fn):
        ATTENTION_BACKENDS[name] = fn
        return fn

    return decorator


@register_attention_backend("triton")
def create_triton_backend(runner):
    from tinyserve.srt.layers.attention.triton_backend import TritonMLABackend

    return TritonMLABackend(runner)


@register_attention_backend("fast_mla")
def create_fast_mla_backend(runner):
    from tinyserve.srt.layers.attention.fast_mla_backend import FastMLABackend

    return FastMLABackend(runner)


@register_attention_backend("cutlass_mla")
def create_cutlass_mla_backend(runner):
    if not runner.use_mla_backend:
        raise ValueError("cutlass_mla needs an MLA model")
    from tinyserve.srt.layers.attention.cutlass_mini_backend import CutlassMiniBackend

    return CutlassMiniBackend(runner)
