// The calls and function definitions of indexed files as written, read
// again from the checkout with tree-sitter when a query needs their
// argument texts (the index keeps each call's callee, not its arguments):
// which argument a call passes for which parameter. Only the function asked
// about is parsed (its lines, with its decorators), not its whole file.
#pragma once

#include "trace/call_index.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace katlas {

struct SourceCall {
    std::string callee;                          // the called expression, spaces normalised
    std::vector<std::string> positional;         // argument texts
    std::map<std::string, std::string> keywords; // name -> argument text
    bool splat = false;                          // passes `*xs` or `**kw`
};

// An assignment to a plain name or an attribute of `self` (`self.x`) and
// the `if` tests it is under, each with
// the truth its branch needs (an `elif` needs the tests before it false).
struct SourceAssignment {
    std::string value;                              // the right-hand side as written
    std::vector<std::pair<std::string, bool>> tests;
    int line = 0; // the file's
};

struct SourceFunction {
    std::string name;
    std::vector<std::string> params; // in order, `self`/`cls` of a method included
    bool method = false;             // defined in a class body, not a staticmethod
    // What its body assigns to plain names and to attributes of `self`
    // ("self.x"), each assignment's right-hand side as written (nested
    // definitions left out).
    std::map<std::string, std::vector<SourceAssignment>> assignments;
};

class SourceCalls {
public:
    explicit SourceCalls(const CallIndex &index) : m_index(index) {}

    // The call at `siteId` (the call on its line whose callee is the site's);
    // nullopt when the file cannot be read or no such call is there.
    std::optional<SourceCall> call(std::int64_t siteId) const;
    // The definition of the function `symbolId`.
    std::optional<SourceFunction> function(std::int64_t symbolId) const;

private:
    struct Parsed {
        std::multimap<int, SourceCall> callsByLine;    // by the file's lines
        std::map<int, SourceFunction> functionsByLine; // by the `def` line and the first decorator's
    };
    const CallIndex &m_index;
    mutable std::mutex m_mutex;
    struct FileText {
        std::string text;
        std::vector<std::string_view> lines; // into text, 0-based
    };
    mutable std::map<std::int64_t, std::shared_ptr<const FileText>> m_texts;     // by file
    mutable std::map<std::int64_t, std::shared_ptr<const Parsed>> m_parsed;     // by function, or file (negated id)

    std::shared_ptr<const FileText> fileText(std::int64_t fileId) const;
    // The function `symbolId` parsed from its own lines; a symbol that is no
    // function of a file (module-level code) parses its whole file.
    std::shared_ptr<const Parsed> parsed(std::int64_t symbolId) const;
};

// The argument `call` passes for parameter `index` (named `name`) of
// `callee`, read as Python binds them; `bound`: the call passes no `self`
// (`obj.method(...)`). nullopt when a splat may pass it or nothing does.
std::optional<std::string> argumentFor(const SourceCall &call, const SourceFunction &callee, const std::string &name,
                                       bool bound);

} // namespace katlas
