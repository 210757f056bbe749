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
            bool understood = true; // every value it returns is its argument or a wrapper defined in it
            for (const Value &decorator : evalChain(d->chain, around)) {
                if (decorator.kind != Value::Kind::Function) {
                    understood = false; // a library's decorator or a class: not followed
                    continue;
                }
                for (const DispatchTarget &t : dispatch(decorator)) {
                    const FunctionInfo *df = m_table.function(t.function);
                    const size_t first = df && df->cls && !df->isStatic ? 1 : 0;
                    if (!df || df->fact->params.size() <= first) {
                        understood = false;
                        continue;
                    }
                    for (const Value &arg : current) {
                        if (arg.kind != Value::Kind::Function)
                            continue;
                        ArgTypes args{{df->fact->params[first].name, arg.id, false, true}};
                        const Values returned = returnsOf(t.function, t.selfClass, args);
                        understood = understood && !returned.empty();
                        for (Value r : returned) {
                            const FunctionInfo *wrapper = r.kind == Value::Kind::Function ? m_table.function(r.id) : nullptr;
                            if (r.kind == Value::Kind::Function && r.id == arg.id) {
                                r.boundArg = arg.boundArg;
                                r.boundParam = arg.boundParam;
                            } else if (wrapper && wrapper->outer == t.function) {
                                // A wrapper defined in the decorator calls what it wraps: this function only.
                                r.boundParam = df->fact->params[first].name;
                                r.boundArg = arg.id;
                            } else {
                                understood = false;
                                continue;
                            }
                            addConditions(r.conditions, decorator.conditions);
                            append(next, {std::move(r)});
                        }
                    }
                }
            }
            if (understood && !next.empty()) // otherwise the function stays itself
                current = std::move(next);
        }
        for (Value &v : current)
            addConditions(v.conditions, definition.conditions);
        return current;
    });
}

} // namespace katlas
