# Demo fixture of Kernel Atlas: platform probes used as module flags.
import torch


def is_cuda():
    return torch.version.cuda is not None


def is_hip():
    return torch.version.hip is not None
