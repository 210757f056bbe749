// Facts derived from the others of one file: which locals build classes,
// which methods call through self (see fact_extractor.h).
#include "parse/fact_extractor.h"
#include "parse/function_scopes.h"

#include <algorithm>
#include <cctype>
#include <unordered_map>

namespace katlas {

namespace {

// `a.b._fns.get()` / `.pop()` -> "_fns[]": the container whose element is read.
std::string containerRead(const Chain &c)
{
    for (std::string_view read : {".get()", ".pop()"})
        if (c.size() > read.size() && c.ends_with(read)) {
            const std::string_view container = std::string_view(c).substr(0, c.size() - read.size());
            if (container.find_first_of("([") != std::string_view::npos)
                return {};
            const size_t dot = container.rfind('.');
            return std::string(container.substr(dot == std::string_view::npos ? 0 : dot + 1)) + "[]";
        }
    return {};
}

} // namespace

void summariseLocalCalls(ModuleFacts &facts)
{
    facts.localCalls.clear();
    facts.localAliases.clear();
    std::unordered_map<std::string_view, int> functions;
    for (size_t i = 0; i < facts.functions.size(); ++i)
        functions.emplace(facts.functions[i].qualName, static_cast<int>(i));
    for (size_t i = 0; i < facts.locals.size(); ++i) {
        // At module level (a call kept for its arguments): function -1.
        const auto function = functions.find(facts.locals[i].scope);
        if (function == functions.end() && !facts.locals[i].scope.empty())
            continue;
        const Chain &c = facts.locals[i].value.chain;
        if (function != functions.end() && !c.empty() && c.find_first_of("([{") == Chain::npos) {
            std::string named = c.substr(c.rfind('.') == Chain::npos ? 0 : c.rfind('.') + 1);
            if (named != facts.locals[i].target)
                facts.localAliases.push_back({std::move(named), function->second, facts.locals[i].target});
        }
        if (const std::optional<std::string> name = instantiatedName(facts.locals[i].value))
            facts.localCalls.push_back({*name, function == functions.end() ? -1 : function->second, static_cast<int>(i),
                                        *name == "super().__init__" ? std::vector<std::string>{} : passedNames(facts.locals[i].value),
                                        facts.locals[i].target, containerRead(facts.locals[i].value.chain)});
    }
}

std::vector<std::string> passedNames(const ValueFact &call)
{
    std::vector<std::string> out;
    const auto add = [&](const Chain &arg) {
        if (arg.empty() || arg.find_first_of("([") != Chain::npos)
            return;
        std::string name = arg.substr(arg.rfind('.') == Chain::npos ? 0 : arg.rfind('.') + 1);
        if (std::find(out.begin(), out.end(), name) == out.end())
            out.push_back(std::move(name));
    };
    for (const Chain &arg : call.args)
        add(arg);
    for (const auto &keyword : call.keywordArgs)
        add(keyword.second);
    return out;
}

std::optional<std::string> instantiatedName(const ValueFact &v)
{
    // A call passing nothing is a building place too: its instances hold
    // the constructor's defaults.
    const std::string &c = v.chain;
    if (c.size() < 3 || c.compare(c.size() - 2, 2, "()") != 0)
        return std::nullopt;
    const std::string callee = c.substr(0, c.size() - 2);
    if (callee == "super().__init__")
        return callee; // what a subclass passes up, by this whole name
    const auto last = [](const std::string &name) { return name.substr(name.rfind('.') == std::string::npos ? 0 : name.rfind('.') + 1); };
    if (callee.size() > 2 && callee.ends_with("()") && callee.find_first_of("()[]") == callee.size() - 2)
        return last(callee); // `register("x")(fn)`: "register()"
    // `BACKENDS[name](self)`, a container's element under a name: "BACKENDS[]"
    // (the name call sites show it by; a literal key names its element).
    if (const size_t open = callee.find('['); open != std::string::npos && open > 0 && callee.back() == ']'
        && callee.find_first_of("()[]") == open && callee.find_first_of("()[]'\"", open + 1) == callee.size() - 1) {
        const std::string key = callee.substr(open + 1, callee.size() - open - 2);
        if (!key.empty() && (std::isalpha(static_cast<unsigned char>(key[0])) || key[0] == '_'))
            return last(callee.substr(0, open)) + "[]";
    }
    // A method of an instance built where it is called (`Bus(cfg).fire(g)`,
    // a capitalised name, as Python names classes): by the method's name.
    if (const size_t built = callee.find("()."); built != std::string::npos && built > 0
        && callee.find_first_of("()[]") == built && callee.find_first_of("()[]", built + 3) == std::string::npos
        && std::isupper(static_cast<unsigned char>(callee[callee.rfind('.', built) == std::string::npos ? 0 : callee.rfind('.', built) + 1])))
        return last(callee);
    if (callee.find_first_of("()[]") != std::string::npos)
        return std::nullopt;
    return last(callee);
}

void markCallsOnSelf(ModuleFacts &facts)
{
    const std::vector<std::string> scopes = functionScopes(facts);
    std::unordered_map<std::string_view, FunctionFact *> byName;
    for (size_t i = 0; i < facts.functions.size(); ++i) {
        FunctionFact &fn = facts.functions[i];
        if (!fn.className.empty() && !fn.params.empty()
            && std::none_of(fn.decorators.begin(), fn.decorators.end(), [](const Decorator &d) { return d.chain == "staticmethod"; }))
            byName.emplace(scopes[i], &fn);
    }
    for (const CallFact &c : facts.calls) {
        if (const auto it = byName.find(c.scope); it != byName.end()) {
            FunctionFact &fn = *it->second;
            const std::string &self = fn.params.front().name;
            const std::string_view callee = c.callee;
            fn.callsOnSelf = fn.callsOnSelf || callee == self || callee.starts_with("super()")
                || (callee.size() > self.size() && callee.starts_with(self) && callee[self.size()] == '.');
            // The first call of a base's __init__ (evaluator_init_order.cpp).
            if ((callee.starts_with("super().__init__") || callee.ends_with(".__init__"))
                && (fn.superInitLine == 0 || c.line < fn.superInitLine))
                fn.superInitLine = c.line;
        }
    }
}

} // namespace katlas
