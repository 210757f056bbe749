# Demo fixture of Kernel Atlas: the MoE runner and all-to-all backends, as enums with predicates.
from enum import Enum


class MoeRunnerBackend(Enum):
    TRITON = "triton"
    FLASHINFER_TRTLLM = "flashinfer_trtllm"

    def is_triton(self):
        return self == MoeRunnerBackend.TRITON

    def is_flashinfer_trtllm(self):
        return self == MoeRunnerBackend.FLASHINFER_TRTLLM


class MoeA2ABackend(Enum):
    NONE = "none"
    DEEPEP = "deepep"

    def is_deepep(self):
        return self == MoeA2ABackend.DEEPEP


_MOE_RUNNER_BACKEND = MoeRunnerBackend.TRITON
_MOE_A2A_BACKEND = MoeA2ABackend.NONE


def get_moe_runner_backend():
    return _MOE_RUNNER_BACKEND


def get_moe_a2a_backend():
    return _MOE_A2A_BACKEND
