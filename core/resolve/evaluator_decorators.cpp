// A decorated function's name holds what its decorators return (see
// evaluator.h, docs/call-resolution.md): `@dec def f` binds f to `dec(f)`,
// evaluated with dec's parameter holding f, so that a decorator returning
// a wrapper makes calls of f run the wrapper (which calls f), and one
// returning its argument leaves f itself.
#include "resolve/evaluator.h"

#include "parse/decorator_calls.h"

namespace katlas {

Values Evaluator::decorated(const Value &definition)
{
    const FunctionInfo *fn = m_table.function(definition.id);
    if (!fn || fn->fact->decorators.empty())
        return {definition};
    return memoised("d" + std::to_string(definition.id), [&] {
        Values current{definition};
        const Scope around{fn->module, fn->outer, 0};
        const auto &decorators = fn->fact->decorators;
        // The decorator nearest the definition applies first.
        for (auto d = decorators.rbegin(); d != decorators.rend(); ++d) {
            if (!appliesAsCall(d->chain))
                continue;
            Values next;
            for (const Value &decorator : evalChain(d->chain, around)) {
                if (decorator.kind != Value::Kind::Function)
                    continue; // a library's decorator or a class: not followed
                for (const DispatchTarget &t : dispatch(decorator)) {
                    const FunctionInfo *df = m_table.function(t.function);
                    const size_t first = df && df->cls && !df->isStatic ? 1 : 0;
                    if (!df || df->fact->params.size() <= first)
                        continue;
                    for (const Value &arg : current) {
                        if (arg.kind != Value::Kind::Function)
                            continue;
                        ArgTypes args{{df->fact->params[first].name, arg.id, false, true}};
                        for (Value r : returnsOf(t.function, t.selfClass, args))
                            if (r.kind == Value::Kind::Function || r.kind == Value::Kind::Class) {
                                addConditions(r.conditions, decorator.conditions);
                                append(next, {std::move(r)});
                            }
                    }
                }
            }
            if (!next.empty()) // what it returns is not known: the function stays itself
                current = std::move(next);
        }
        for (Value &v : current)
            addConditions(v.conditions, definition.conditions);
        return current;
    });
}

} // namespace katlas
