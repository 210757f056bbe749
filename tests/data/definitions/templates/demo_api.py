# An API module in the shape of flashinfer's: functions and methods whose
# `@flashinfer_api(trace=...)` names their template. Written for the tests.
from .api_logging import flashinfer_api
from .trace.templates.demo_norm_templates import demo_norm_dispatch, demo_norm_trace


class DemoNormWrapper:
    @flashinfer_api(trace=demo_norm_trace)
    def run(self, input, weight, eps=None):
        return input


@flashinfer_api(trace=demo_norm_dispatch)
def picked_norm(input, weight):
    return input


@flashinfer_api
def plain_norm(input, weight):
    return input


class DemoNormAlias:
    @flashinfer_api(trace=demo_norm_trace)
    def run(self, input, weight):
        return input

    def forward(self, input, weight, eps=None):
        """Deprecated: use run."""
        self._eps = eps
        return self.run(input, weight)

    def twice(self, input, weight):
        x = self.run(input, weight)
        return self.run(x, weight)

    def checked(self, input, weight):
        if input is None:
            raise ValueError("no input")
        return self.run(input, weight)
