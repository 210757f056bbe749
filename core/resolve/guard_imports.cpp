// Following an imported name to what it holds for guard evaluation (see
// guard_evaluator.h): the binding it names in the module it comes from. An
// import that leads back to itself stops there, unknown, and is recorded.
#include "resolve/guard_evaluator.h"
#include "resolve/guard_limits.h"

#include <algorithm>

namespace katlas {

using namespace guard_limits;

GuardEvaluator::Outcomes GuardEvaluator::importValues(const ImportFact &imp, const Scope &scope, int depth)
{
    const ModuleInfo *target = m_table.module(m_table.absoluteModule(m_table.moduleAt(scope.module), imp));
    if (imp.name.empty() || !target || !target->globals.count(imp.name))
        return {{}};
    const std::vector<Binding> &bound = target->globals.at(imp.name);
    // `from . import sub` in a package's __init__ names the package's own
    // global, bound by this import: it is the submodule, a module like
    // `import x` (unknown), not a value to follow.
    if (std::any_of(bound.begin(), bound.end(), [&](const Binding &b) { return b.import == &imp; }))
        return {{}};
    // Modules importing a name from each other: the cycle is cut, and what
    // was worked out across the cut is kept only until this import is done
    // (a frame of the memo, not kept itself: it depends on the depth asked at).
    const std::string key = 'i' + std::to_string(scope.module) + ':' + imp.module + '.' + imp.name + '@' + std::to_string(imp.line);
    if (!m_memo.enter(key)) {
        if (m_importCyclesSeen.insert(&imp).second)
            m_importCycles.emplace_back(scope.module, &imp);
        return {{}};
    }
    const int index = static_cast<int>(m_table.symbol(target->symbol).fileId - 1);
    Outcomes out = bindingValues(bound, {index, 0, 0}, depth + 1);
    m_memo.leave(key, {}, false);
    return out;
}

std::vector<FileDiagnostic> GuardEvaluator::importCycleDiagnostics() const
{
    std::vector<FileDiagnostic> out;
    for (const auto &[module, imp] : m_importCycles) {
        const ModuleFacts &f = m_table.files()[static_cast<size_t>(module)];
        out.push_back({m_table.symbol(m_table.moduleAt(module).symbol).fileId, f.repo + '/' + f.path, imp->line,
                       "import cycle: `" + imp->name + "` imported here leads back to this import; its value is taken as unknown"});
    }
    return out;
}

} // namespace katlas
