// What a type annotation's text says of None: `torch.Tensor` or
// `"ForwardBatch"` declares a value that is not None; `Optional[T]`,
// `T | None`, `Union[T, None]`, `Any` and `object` admit it (see
// docs/guard-evaluation.md, "Declared not None").
#pragma once

#include <string_view>

namespace katlas {

// Does `annotation` (as written, maybe empty) declare a value that is never
// None? An empty annotation declares nothing.
bool declaresNotNone(std::string_view annotation);

} // namespace katlas
