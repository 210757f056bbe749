# Demo fixture of Kernel Atlas: stands for JIT-compiled modules.


def _get_mla_module():
    raise RuntimeError("demo fixture: never executed")
