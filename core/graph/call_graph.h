// The resolved call graph as plain data: what the indexer writes into the
// database and what the tracer and views read back. No SQL, no Qt Widgets.
#pragma once

#include "parse/syntax_facts.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace katlas {

// How a call edge was resolved, from most to least certain.
enum class Resolution {
    Exact,      // the name binds to one definition (through imports, MRO)
    Type,       // through the inferred type of a receiver or a factory's return
    Registry,   // through a decorator or dict registry
    Override,   // a call on a base class reaching an override in a subclass
    NameOnly,   // only the method name matched
    Unresolved, // nothing known: kept so that coverage can be measured
};
const char *resolutionName(Resolution r);
Resolution resolutionFromName(std::string_view name);

// A condition on a path: a dimension value (`quantization=fp8`), its
// exclusion (`platform!=hip`), or guard text no profile rule maps.
struct Condition {
    std::string dimension;           // empty for unmapped guard text
    std::vector<std::string> values; // one of these (or none of these if negated)
    bool negated = false;
    // Unmapped text (empty dimension): `values` may hold the ways the guard
    // may hold, each a set of dimension conditions, encoded by
    // graph/condition_ways.h (`a if s else b == 0` holds with s=true, or
    // with s=false and b=0). A filter that admits none rules the path out.
    std::string text;                // the guard text it came from
    bool operator==(const Condition &) const = default;
};
using ConditionSet = std::vector<Condition>;

enum class SymbolKind { Module, Class, Function, Method, External };
const char *symbolKindName(SymbolKind k);
SymbolKind symbolKindFromName(const std::string &name);

struct Repo {
    std::int64_t id = 0;
    std::string name;
    std::string path;      // absolute path at index time
    std::string commit;    // git commit id when the repo is a checkout, else empty
};

struct SourceFile {
    std::int64_t id = 0;
    std::int64_t repoId = 0;
    std::string path;      // relative to the repo root
    std::string module;
    std::string hash;
    std::int64_t size = 0;
    int lineCount = 0;
    std::int64_t mtimeNs = 0; // of the file read, for a re-index's quick check
};

struct Symbol {
    std::int64_t id = 0;
    std::int64_t fileId = 0;  // 0 for External symbols (torch.ops targets, builtins)
    std::string qualName;     // full dotted name: "pkg.mod.Cls.method"
    std::string name;         // last component
    SymbolKind kind = SymbolKind::Function;
    int line = 0;
    int endLine = 0;
    std::int64_t parentId = 0; // enclosing class or module
    std::int64_t originId = 0; // the inherited method a per-receiver copy specialises
    std::string variant;       // a copy specialised for its call's arguments: their shape (see ArgumentShape)
};

struct CallSite {
    std::int64_t id = 0;
    std::int64_t fileId = 0;
    std::int64_t callerId = 0; // enclosing function, or the module symbol at module level
    std::string callee;        // the callee chain as written
    int line = 0;
    GuardList guards;
};

struct Edge {
    std::int64_t callSiteId = 0;
    std::int64_t calleeId = 0; // 0 when unresolved
    Resolution resolution = Resolution::Unresolved;
    ConditionSet conditions;   // guards of the call site and of the resolution, mapped by the profile
};

struct Kernel {
    std::int64_t symbolId = 0;
    std::string source;        // "sgl-kernel", "flashinfer", "triton", "torch.ops", ...
    std::string category;
    std::vector<std::string> aliases; // module-level second names: "pkg.mod.alias" for `alias = kernel`
};

struct FileDiagnostic {
    std::int64_t fileId = 0;   // 0 when the file could not be read at all
    std::string path;          // repo-relative path (with the repo name) for unreadable files
    int line = 0;
    std::string message;
};

// One value a derived dimension takes when its key dimension has `key`, and
// the conditions under which it does (see docs/guard-evaluation.md):
// attn_path=MLA when attention_backend=fa3 and stage=decode.
struct DerivedValue {
    std::string dimension;     // "attn_path"
    std::string keyDimension;  // "attention_backend"
    std::string key;           // "fa3"
    std::string value;         // "MLA"; "*" when some way it comes out is not known
    ConditionSet conditions;
    bool operator==(const DerivedValue &) const = default;
};

// Everything one index holds. Ids are dense and start at 1 in each table.
struct CallGraph {
    std::vector<Repo> repos;
    std::vector<SourceFile> files;
    std::vector<Symbol> symbols;
    std::vector<CallSite> callSites;
    std::vector<Edge> edges;
    std::vector<Kernel> kernels;
    std::vector<FileDiagnostic> diagnostics;
    // Deployment settings the guards read, with their defaults
    // ("server.enable_deterministic_inference" -> "false"): kept in meta.
    std::map<std::string, std::string> settingDefaults;
    // The values of the profile's derived dimensions: kept in meta.
    std::vector<DerivedValue> derivedValues;
};

} // namespace katlas
