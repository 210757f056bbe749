# Demo fixture of Kernel Atlas: a planned prefill wrapper, used as wrapper.run(...).
from .jit import _get_prefill_module

class BatchMLAPrefillWrapper:
    def __init__(self, workspace):
        self.workspace = workspace

    def plan(self, indptr):
        self.indptr = indptr

    def run(self, q, k, v):
        return _get_prefill_module().run(q, k, v)
