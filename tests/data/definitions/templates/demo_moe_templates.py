# Trace templates built by factory functions and chosen at run time, in the
# shapes flashinfer writes them (flashinfer/trace/templates/*.py), for
# tst_definitions. Written for the tests; never imported or run.
import torch

from ..template import Const, Scalar, Tensor, TraceTemplate, Var

_COMMON_AXES = {
    "seq_len": Var(description="Tokens."),
    "hidden_size": Const(abbrev="h"),
}


@torch.no_grad()
def _demo_moe_reference(hidden_states, weights):
    return hidden_states @ weights.sum(0).T


def _make_routed_trace(*, shared_experts: bool) -> TraceTemplate:
    """Routed experts, with or without shared experts fused in."""
    rows = "num_weight_rows" if shared_experts else "num_local_experts"
    extra_axes = {}
    if shared_experts:
        extra_axes["num_shared"] = Const(abbrev="s")
        extra_axes["num_weight_rows"] = Const(abbrev="e")
    return TraceTemplate(
        op_type="demo_moe",
        name_prefix=("demo_moe_shared" if shared_experts else "demo_moe_routed"),
        description="A routed MoE." + (" Shared experts too." if shared_experts else ""),
        axes={
            **extra_axes,
            **_COMMON_AXES,
            **({} if shared_experts else {"num_local_experts": Const(abbrev="e")}),
        },
        inputs={
            "hidden_states": Tensor(["seq_len", "hidden_size"]),
            "weights": Tensor([rows, "hidden_size"]),
            "top_k": Scalar("int32"),
        },
        outputs={"output": Tensor(["seq_len", "hidden_size"], dtype="bfloat16")},
        tags=["status:verified"],
        reference=_demo_moe_reference,
    )


def _make_standard_trace(name_prefix, description, reference, tags=("status:verified",)):
    return TraceTemplate(
        op_type="demo_moe",
        name_prefix=name_prefix,
        description=description,
        axes=dict(_COMMON_AXES),
        inputs={"hidden_states": Tensor(["seq_len", "hidden_size"])},
        outputs={"output": Tensor(["seq_len", "hidden_size"], dtype="bfloat16")},
        tags=list(tags),
        reference=reference,
    )


demo_moe_routed_trace = _make_routed_trace(shared_experts=False)
demo_moe_shared_trace = _make_routed_trace(shared_experts=True)
demo_moe_softmax_trace = _make_standard_trace("demo_moe_softmax", "Softmax routing.", _demo_moe_reference)

_DEMO_MOE_BY_ROUTING = {
    0: demo_moe_softmax_trace,
    2: demo_moe_routed_trace,
}


def demo_moe_dispatch(**kwargs):
    routing = int(kwargs.get("routing_method_type", 0))
    if routing == 2 and int(kwargs.get("num_shared") or 0) > 0:
        return demo_moe_shared_trace
    return _DEMO_MOE_BY_ROUTING.get(routing)
