// Decorators applied as calls (see decorator_calls.h).
#include "parse/decorator_calls.h"

#include <array>
#include <string_view>

namespace katlas {

bool appliesAsCall(const Chain &decorator)
{
    static constexpr std::array<std::string_view, 6> descriptors = {
        "staticmethod", "classmethod", "property", "abstractmethod", "abc.abstractmethod", "overload"};
    for (std::string_view d : descriptors)
        if (decorator == d)
            return false;
    for (std::string_view suffix : {".setter", ".getter", ".deleter"})
        if (decorator.ends_with(suffix))
            return false;
    return !decorator.empty();
}

void addDecoratorCalls(const std::vector<Decorator> &decorators, const std::string &name, const std::string &scope,
                       int line, const GuardList &guards, bool keepArguments, ModuleFacts &facts)
{
    Chain argument = name;
    for (auto d = decorators.rbegin(); d != decorators.rend(); ++d) {
        if (!appliesAsCall(d->chain))
            continue;
        facts.calls.push_back({scope, d->chain, line, guards, "V"});
        if (keepArguments) {
            ValueFact call;
            call.chain = d->chain + "()";
            call.args.push_back(argument);
            call.decorates = argument == name;
            call.line = line;
            call.guards = guards;
            facts.locals.push_back({scope, std::string(), std::move(call), {}});
        }
        argument = d->chain + "()";
    }
}

} // namespace katlas
