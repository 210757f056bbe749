// Texts a path search compares over and over (dimensions, values, guard
// text), kept once for the whole process: equal texts have one address, so a
// path's conditions hold and compare pointers instead of copying strings.
// The pool only grows; it holds the distinct condition texts of the indexes
// opened (a few MB for sglang + flashinfer). Thread-safe.
#pragma once

#include <string>
#include <string_view>

namespace katlas {

using InternedText = const std::string *;

// The one copy of `text`, made on first use.
InternedText internedText(std::string_view text);
// The copy if there is one, else null (a text no condition ever held).
InternedText findInterned(std::string_view text);

} // namespace katlas
