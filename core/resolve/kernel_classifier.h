// Decides which functions are GPU kernels, with their source and category,
// from the profile's kernel and category rules.
#pragma once

#include "graph/call_graph.h"
#include "profile/profile.h"
#include "resolve/evaluator.h"

#include <optional>

namespace katlas {

class KernelClassifier {
public:
    KernelClassifier(const Profile &profile, const SymbolTable &table, Evaluator &evaluator);

    struct Match {
        std::string source;
        bool library = false; // by a module_prefix rule: a candidate that must launch
    };
    // The kernel source of an indexed function, if a rule marks it.
    std::optional<Match> match(SymbolId function);
    std::optional<std::string> sourceOf(SymbolId function);
    // The decorators of an indexed function, resolved to dotted names.
    std::vector<std::string> decorators(SymbolId function);
    // For an external dotted name: its canonical kernel name and source.
    std::optional<std::pair<std::string, std::string>> external(const std::string &dotted) const;
    std::string category(const std::string &qualName) const;

private:
    bool underPrefix(const std::string &module, const std::string &prefix) const;
    std::string decoratorTarget(const FunctionInfo &fn, const Decorator &d);

    const Profile &m_profile;
    const SymbolTable &m_table;
    Evaluator &m_evaluator;
};

} // namespace katlas
