// An IDE's call hierarchy over the index: the call written at a file and
// line and where it goes (go to definition), and the callers or callees of a
// function, one level at a time, each with the call's location and the
// conditions of its edge. A per-argument copy of a function counts as the
// function (it has its name, whichever function it copies); a per-receiver copy (`Sub.forward` of an
// inherited `Base.forward`) is a function of its own, and counts among the
// copies of the method it copies.
#pragma once

#include "trace/call_index.h"
#include "trace/dimension_filter.h"

#include <string>
#include <string_view>
#include <vector>

namespace katlas {

// The function a per-argument copy specialises: the first symbol of the same
// name defined at the same place (itself for any other symbol).
std::int64_t namedSymbol(const CallIndex &index, std::int64_t symbolId);

// The call sites on `line` of a file whose callee, as written, is the dotted
// expression `expression` or ends with it ("attn_backend.forward" finds
// `forward_batch.attn_backend.forward(...)`); with an empty expression, every
// call on the line. Copies of the same call are all returned.
std::vector<std::int64_t> callSitesAt(const CallIndex &index, std::int64_t fileId, int line, std::string_view expression = {});

// One way a call goes, or one call to or from a function.
struct CallStep {
    std::int64_t symbolId = 0;  // the target (callees) or the calling function (callers), see namedSymbol
    std::int64_t siteId = 0;    // the call site
    Resolution resolution = Resolution::Exact;
    PathConditions conditions;  // of the edge taken at the site
};

// Where the calls at `sites` go: one step per target and set of conditions.
std::vector<CallStep> callTargets(const CallIndex &index, const std::vector<std::int64_t> &sites);
// The calls into `symbolId` (and its copies), by file and line.
std::vector<CallStep> callsInto(const CallIndex &index, std::int64_t symbolId);
// The resolved calls `symbolId` (and its copies) makes, in line order.
std::vector<CallStep> callsFrom(const CallIndex &index, std::int64_t symbolId);

} // namespace katlas
