# A trace template module in the shape flashinfer writes them
# (flashinfer/trace/templates/*.py), for tst_definitions. Written for the
# tests; never imported or run.
import torch

from ..template import Const, Scalar, Tensor, TraceTemplate, Var


def _scaled(x):
    return x * 2.0


@torch.no_grad()
def _demo_norm_reference(hidden_states, weight, eps=1e-6):
    x = _scaled(hidden_states.to(torch.float32))
    return (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * weight).to(hidden_states.dtype)


_demo_norm_reference._trace_reference_dependencies = (_scaled,)

_demo_norm_weights = {
    "weight": Tensor(["hidden_size"]),
}

_demo_norm_axes = {
    "batch_size": Var(description="Tokens."),
    "hidden_size": Const(abbrev="h"),
    "groups": Const(abbrev=""),
    "block": Const(value=16),
}

demo_norm_trace = TraceTemplate(
    op_type="demo_norm",
    name_prefix="demo_norm",
    description=(
        "A scaled RMSNorm. "
        "Epsilon is an input."
    ),
    axes=dict(_demo_norm_axes),
    inputs={
        "hidden_states": Tensor(["batch_size", "hidden_size"], param="input"),
        **_demo_norm_weights,
        "eps": Scalar("float32", optional=True, description="Epsilon."),
        "scales": Tensor(["batch_size", "hidden_div_block"], optional=True),
    },
    outputs={
        "output": Tensor(["batch_size", "hidden_size"], dtype_from="input"),
    },
    tags=["status:verified", "fused"],
    constraints=["hidden_size % groups == 0"],
    reference=_demo_norm_reference,
)

demo_norm_dispatch = pick_template(demo_norm_trace)
