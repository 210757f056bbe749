// Argument shapes and variants (see argument_shape.h).
#include "resolve/argument_shape.h"

#include "resolve/declared_not_none.h"

#include <algorithm>
#include <cctype>

namespace katlas {
namespace {

struct Shape {
    std::string positional;                          // ArgKinds, '*' for a splat
    std::vector<std::pair<std::string, ArgKind>> keywords;
    // State an argument carries (`|%3.flag=F`, `|%batch.flag=F`): slot, attribute, kind.
    std::vector<std::pair<std::string, ArgKind>> states;
    bool keywordSplat = false;
};

Shape parse(const std::string &text)
{
    Shape s;
    size_t bar = text.find('|');
    s.positional = text.substr(0, bar);
    while (bar != std::string::npos) {
        const size_t next = text.find('|', bar + 1);
        const std::string item = text.substr(bar + 1, next == std::string::npos ? std::string::npos : next - bar - 1);
        if (item == "**")
            s.keywordSplat = true;
        else if (const auto eq = item.find('='); item.starts_with('%') && eq != std::string::npos && eq + 1 < item.size())
            s.states.emplace_back(item.substr(1, eq - 1), item[eq + 1]);
        else if (const auto eq = item.find('='); eq != std::string::npos && eq + 1 < item.size())
            s.keywords.emplace_back(item.substr(0, eq), item[eq + 1]);
        bar = next;
    }
    return s;
}

// Does the guard read the parameter itself (not an attribute or a call of it)?
bool tests(const std::string &guard, const std::string &p)
{
    const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; };
    for (size_t at = guard.find(p); at != std::string::npos; at = guard.find(p, at + 1)) {
        const size_t end = at + p.size();
        if ((at == 0 || !word(guard[at - 1])) && (end == guard.size() || (!word(guard[end]) && guard[end] != '(' && guard[end] != '[')))
            return true;
    }
    return false;
}

// A positional slot of a state item (`3` in `|%3.flag=F`), not a parameter's name.
bool isIndex(const std::string &slot)
{
    return !slot.empty() && slot.size() < 6 && std::all_of(slot.begin(), slot.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The attributes of `p` the guard reads: "p.attr" per `p.attr` in it.
std::vector<std::string> attributesRead(const std::string &guard, const std::string &p)
{
    std::vector<std::string> out;
    const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (size_t at = guard.find(p + '.'); at != std::string::npos; at = guard.find(p + '.', at + 1)) {
        if (at > 0 && (word(guard[at - 1]) || guard[at - 1] == '.'))
            continue;
        size_t end = at + p.size() + 1;
        while (end < guard.size() && word(guard[end]))
            ++end;
        if (end > at + p.size() + 1)
            out.push_back(guard.substr(at, end - at));
    }
    return out;
}

// Is `name` one of the positional arguments noted `|#<index>:<name>`?
bool handsOnByPosition(const std::string &shape, const std::string &name)
{
    const auto handed = handedNames(shape);
    return std::any_of(handed.begin(), handed.end(), [&](const auto &h) { return isIndex(h.first) && h.second == name; });
}

// The caller's names handed on by position: (index, name) per `|#<index>:<name>`.
std::vector<std::pair<size_t, std::string>> positionalNames(const std::string &shape)
{
    std::vector<std::pair<size_t, std::string>> out;
    for (const auto &[slot, name] : handedNames(shape))
        if (isIndex(slot))
            out.emplace_back(std::stoul(slot), name);
    return out;
}

} // namespace

namespace {

// Each parameter's kind as a call of this shape gives it; `defaults`: those
// it does not pass at their default, where no splat may hold them.
std::map<std::string, ArgKind> givenKinds(const FunctionFact &function, bool skipFirst, const std::string &shape, bool defaults)
{
    std::map<std::string, ArgKind> out;
    const Shape s = parse(shape);
    const size_t first = skipFirst && !function.params.empty() ? 1 : 0;
    const size_t splat = s.positional.find('*');
    for (size_t i = first; i < function.params.size(); ++i) {
        const Param &p = function.params[i];
        ArgKind kind = 0;
        const size_t at = i - first;
        if (!p.keywordOnly && at < s.positional.size() && (splat == std::string::npos || at < splat))
            kind = s.positional[at];
        else if (const auto k = std::find_if(s.keywords.begin(), s.keywords.end(), [&](const auto &kw) { return kw.first == p.name; });
                 k != s.keywords.end())
            kind = k->second;
        else if (defaults && splat == std::string::npos && !s.keywordSplat && (p.keywordOnly || at >= s.positional.size()))
            kind = p.defaultKind;
        if (kind)
            out.emplace(p.name, kind);
    }
    return out;
}

// 'D': a copy's parameter left at its literal default (`act="silu"`), a
// value that is not None the copy reads as that literal.
// 'O': a caller's name declared not None (declared_not_none.h): the copy
// reads what its callers pass, less None.
bool knownKind(ArgKind k) { return k == 'N' || k == 'C' || k == 'S' || k == 'T' || k == 'F' || k == 'D' || k == 'O'; }

// What a copy's parameter is when handed on: at its own default it is some
// literal to the callee.
ArgKind handedKind(ArgKind k) { return k == 'D' ? 'C' : k; }

// The state a call of this shape hands each parameter's object with, by
// `param.attr` (argument_state.h); a later item overrides an earlier one,
// and one of unknown kind leaves the attribute unknown.
std::map<std::string, ArgKind> givenStates(const FunctionFact &function, bool skipFirst, const std::string &shape)
{
    std::map<std::string, ArgKind> out;
    const Shape s = parse(shape);
    const size_t first = skipFirst && !function.params.empty() ? 1 : 0;
    const size_t splat = s.positional.find('*');
    for (const auto &[slotAttr, kind] : s.states) {
        const size_t dot = slotAttr.find('.');
        if (dot == std::string::npos || dot == 0)
            continue;
        const std::string slot = slotAttr.substr(0, dot);
        const Param *param = nullptr;
        if (isIndex(slot)) {
            const size_t at = first + std::stoul(slot);
            if ((splat == std::string::npos || at - first < splat) && at < function.params.size() && !function.params[at].keywordOnly)
                param = &function.params[at];
        } else {
            const auto it = std::find_if(function.params.begin(), function.params.end(), [&](const Param &p) { return p.name == slot; });
            param = it == function.params.end() ? nullptr : &*it;
        }
        if (!param)
            continue;
        const std::string key = param->name + slotAttr.substr(dot);
        if (knownKind(kind))
            out[key] = kind == 'S' ? 'C' : kind;
        else
            out.erase(key);
    }
    return out;
}

} // namespace

std::vector<std::pair<std::string, std::string>> handedNames(const std::string &shape)
{
    std::vector<std::pair<std::string, std::string>> out;
    for (size_t bar = shape.find('|'); bar != std::string::npos;) {
        const size_t next = shape.find('|', bar + 1);
        const std::string item = shape.substr(bar + 1, next == std::string::npos ? std::string::npos : next - bar - 1);
        if (const size_t colon = item.find(':'); item.starts_with('#') && colon != std::string::npos)
            out.emplace_back(item.substr(1, colon - 1), item.substr(colon + 1));
        else if (item.size() > 2 && item.ends_with("==") && item.find('=') == item.size() - 2)
            out.emplace_back(item.substr(0, item.size() - 2), item.substr(0, item.size() - 2));
        bar = next;
    }
    return out;
}

std::map<std::string, ArgKind> bindArguments(const FunctionFact &function, bool skipFirst, const std::string &shape)
{
    std::map<std::string, ArgKind> out = givenKinds(function, skipFirst, shape, true);
    std::erase_if(out, [](const auto &b) {
        const ArgKind k = b.second;
        return !knownKind(k);
    });
    out.merge(givenStates(function, skipFirst, shape));
    return out;
}

std::vector<std::string> testedParameters(const FunctionFact &function, const std::vector<const CallFact *> &calls)
{
    std::vector<std::string> out;
    const auto add = [&](const std::string &name) {
        if (std::find(out.begin(), out.end(), name) == out.end())
            out.push_back(name);
    };
    auto note = [&](const GuardList &guards) {
        for (const Guard &g : guards)
            for (const Param &p : function.params) {
                if (tests(g.text, p.name))
                    add(p.name);
                if (testsForNone(g.text, p.name)) // its None-ness matters ('O', declared_not_none.h)
                    add(kNoneTested + p.name);
                // An attribute of it (`batch.flag`): the state a call hands with it matters.
                for (const std::string &read : attributesRead(g.text, p.name))
                    if (std::find(out.begin(), out.end(), read) == out.end())
                        out.push_back(read);
            }
    };
    for (const CallFact *c : calls) {
        note(c->guards);
        // A parameter handed down by name (`flag=flag`) or by position
        // (`|#3:flag`) matters to the callee.
        for (const Param &p : function.params)
            if (c->args.find("|" + p.name + "==") != std::string::npos || handsOnByPosition(c->args, p.name))
                add(p.name);
    }
    for (const ValueFact &r : function.returns)
        note(r.guards);
    return out;
}

std::vector<std::string> receiverParameters(const FunctionFact &function, const std::vector<const CallFact *> &calls, bool skipFirst)
{
    std::vector<std::string> out;
    for (size_t i = skipFirst && !function.params.empty() ? 1 : 0; i < function.params.size(); ++i) {
        const std::string prefix = function.params[i].name + ".";
        if (std::any_of(calls.begin(), calls.end(), [&](const CallFact *c) { return c->callee.rfind(prefix, 0) == 0; }))
            out.push_back(function.params[i].name);
    }
    return out;
}

bool forwardsArguments(const FunctionFact &function, const std::vector<const CallFact *> &calls)
{
    if (function.varargs.empty() && function.kwargs.empty())
        return false;
    return std::any_of(calls.begin(), calls.end(), [](const CallFact *c) {
        return !c->args.empty() && (c->args.front() == '*' || c->args.rfind("|**", 0) == 0);
    });
}

bool handsOnKwargs(const FunctionFact &function, const std::vector<const CallFact *> &calls)
{
    return !function.kwargs.empty()
        && std::any_of(calls.begin(), calls.end(), [](const CallFact *c) { return c->args.find("|^**") != std::string::npos; });
}

std::string withoutEmptyKwargs(const std::string &shape)
{
    std::vector<std::string> items; // each `|...` after the positional kinds
    for (size_t bar = shape.find('|'); bar != std::string::npos;) {
        const size_t next = shape.find('|', bar + 1);
        items.push_back(shape.substr(bar, next == std::string::npos ? std::string::npos : next - bar));
        bar = next;
    }
    // Only where the marked splat is the call's one `**`: another dict's may hold anything.
    if (std::count(items.begin(), items.end(), "|**") != 1 || std::count(items.begin(), items.end(), "|^**") != 1)
        return shape;
    std::string out = shape.substr(0, shape.find('|'));
    for (const std::string &item : items)
        if (item != "|**" && item != "|^**")
            out += item;
    return out;
}

std::string forwardedShape(const std::string &callShape, const FunctionFact *caller, bool callerBound, const std::string *incoming)
{
    const bool forwarding = !callShape.empty() && (callShape.front() == '*' || callShape.rfind("|**", 0) == 0);
    if (!forwarding || !caller || !incoming)
        return callShape;
    // The caller's own positional parameters took the first arguments.
    size_t own = 0;
    for (size_t i = callerBound && !caller->params.empty() ? 1 : 0; i < caller->params.size(); ++i)
        own += caller->params[i].keywordOnly ? 0 : 1;
    const Shape in = parse(*incoming);
    // What the caller's caller passed as its `self` is no `self` here.
    const auto handed = [](char kind) { return kind == 'S' ? 'V' : handedKind(kind); };
    std::string out = in.positional.size() > own ? in.positional.substr(own) : std::string();
    std::transform(out.begin(), out.end(), out.begin(), handed);
    for (const auto &keyword : in.keywords) {
        const std::string &name = keyword.first; // not a structured binding: clang 14 cannot capture those
        if (std::none_of(caller->params.begin(), caller->params.end(), [&](const Param &p) { return p.name == name; }))
            out += "|" + name + "=" + handed(keyword.second);
    }
    if (in.keywordSplat)
        out += "|**";
    // State handed with what is forwarded, at its place among the forwarded arguments.
    for (const auto &[slotAttr, kind] : in.states) {
        const std::string slot = slotAttr.substr(0, slotAttr.find('.'));
        if (slot.empty() || slot.size() == slotAttr.size())
            continue;
        if (isIndex(slot)) {
            if (const size_t at = std::stoul(slot); at >= own)
                out += "|%" + std::to_string(at - own) + slotAttr.substr(slot.size()) + '=' + kind;
        } else if (std::none_of(caller->params.begin(), caller->params.end(), [&](const Param &p) { return p.name == slot; })) {
            out += "|%" + slotAttr + '=' + kind;
        }
    }
    return out;
}

std::string withCallerNames(const std::string &given, const std::map<std::string, ArgKind> &caller,
                            const std::vector<std::string> &declared)
{
    const auto isDeclared = [&](const std::string &name) { return std::find(declared.begin(), declared.end(), name) != declared.end(); };
    std::string shape = given;
    // The state the caller's copy knows its parameter's object to carry goes with it (`|%3.flag=F`).
    std::string states;
    const auto carry = [&](const std::string &name, const std::string &slot) {
        const std::string prefix = name + '.';
        for (auto it = caller.lower_bound(prefix); it != caller.end() && it->first.starts_with(prefix); ++it)
            states += "|%" + slot + it->first.substr(name.size()) + '=' + it->second;
    };
    // A caller's parameter handed on by position takes its kind there too.
    for (const auto &[index, name] : positionalNames(given)) {
        const auto it = caller.find(name);
        const size_t bar = shape.find('|');
        if (index < (bar == std::string::npos ? shape.size() : bar)) {
            if (it != caller.end())
                shape[index] = handedKind(it->second);
            else if (shape[index] == 'V' && isDeclared(name))
                shape[index] = 'O';
        }
        carry(name, std::to_string(index));
    }
    if (shape.find("==") == std::string::npos)
        return shape + states;
    std::string out;
    size_t at = 0;
    for (size_t eq = shape.find("==", at); eq != std::string::npos; eq = shape.find("==", at)) {
        const size_t bar = shape.rfind('|', eq);
        const std::string name = shape.substr(bar + 1, eq - bar - 1);
        const auto it = caller.find(name);
        out += shape.substr(at, eq + 1 - at);
        out += it != caller.end() ? handedKind(it->second) : isDeclared(name) ? 'O' : 'V';
        carry(name, name);
        at = eq + 2;
    }
    return out + shape.substr(at) + states;
}

std::string shapeInCopy(const std::string &args, const FunctionFact *caller, bool callerBound, const std::string *variant,
                        const std::vector<std::string> &assignedAgain, const std::vector<std::string> &declared)
{
    // A copy given no extra keyword hands its empty `**kwargs` on as nothing.
    const bool emptyKwargs = variant && variant->find("|**0") != std::string::npos;
    std::map<std::string, ArgKind> bound = caller && variant ? bindArguments(*caller, callerBound, *variant) : std::map<std::string, ArgKind>{};
    // A parameter the body assigns again is not handed on as it came, nor is what was set on it.
    std::erase_if(bound, [&](const auto &b) {
        return std::find(assignedAgain.begin(), assignedAgain.end(), b.first.substr(0, b.first.find('.'))) != assignedAgain.end();
    });
    return withCallerNames(forwardedShape(emptyKwargs ? withoutEmptyKwargs(args) : args, caller, callerBound, variant), bound,
                           declared);
}

std::string variantFor(const FunctionFact &function, bool skipFirst, const std::string &shape,
                       const std::vector<std::string> &tested, bool forwards,
                       const std::vector<std::string> &receivers, std::int64_t callerSelf, bool kwargsHandedOn)
{
    if (forwards)
        return shape.empty() ? std::string("|") : shape; // an empty call still fixes the defaults
    if (tested.empty() && (receivers.empty() || !callerSelf) && !kwargsHandedOn)
        return {};
    const auto isTested = [&](const std::string &name) { return std::find(tested.begin(), tested.end(), name) != tested.end(); };
    const auto known = knownKind;
    // By parameter name, so that a copy's name does not depend on the call's order.
    std::map<std::string, std::string> items;
    const std::map<std::string, ArgKind> passed = givenKinds(function, skipFirst, shape, false);
    const auto literalDefault = [&](const std::string &name) {
        return !passed.count(name) && std::any_of(function.params.begin(), function.params.end(), [&](const Param &p) {
            return p.name == name && !p.defaultLiteral.empty();
        });
    };
    for (const auto &[name, kind] : givenKinds(function, skipFirst, shape, true)) {
        if (kind == 'S' && callerSelf && std::find(receivers.begin(), receivers.end(), name) != receivers.end())
            items.emplace(name, name + "=@" + std::to_string(callerSelf));
        else if (known(kind) && isTested(kind == 'O' ? kNoneTested + name : name))
            items.emplace(name, name + "=" + (kind == 'S' ? 'C' : literalDefault(name) ? 'D' : kind));
    }
    // State handed with an object the function tests or hands on (`|%batch.flag=F`).
    for (const auto &[read, kind] : givenStates(function, skipFirst, shape))
        if (isTested(read) || isTested(read.substr(0, read.find('.'))))
            items.emplace(read, "%" + read + "=" + kind);
    const Shape given = parse(shape);
    // Every keyword the call names is a parameter: the `**kwargs` it hands on are empty.
    const auto isParam = [&](const std::string &name) {
        return std::any_of(function.params.begin(), function.params.end(), [&](const Param &p) { return p.name == name; });
    };
    const bool emptyKwargs = kwargsHandedOn && !given.keywordSplat
        && std::all_of(given.keywords.begin(), given.keywords.end(), [&](const auto &k) { return isParam(k.first); });
    if (items.empty() && !emptyKwargs)
        return {};
    // The tested parameters the call passes values nothing is known of are
    // named too (and those passed as not None that the copy does not bind):
    // reading the copy back takes the ones it does not name at their
    // defaults, right only for those the call does not pass.
    for (const auto &[name, kind] : passed)
        if ((!known(kind) || (kind == 'O' && !isTested(kNoneTested + name))) && isTested(name))
            items.emplace(name, name + "=V");
    std::string out;
    for (const auto &item : items)
        out += "|" + item.second;
    // Where the call passes a splat, what it does not name may be anything
    // the splat holds, not the parameter's default: read as a shape, the
    // copy's name keeps them unknown.
    if (given.keywordSplat || given.positional.find('*') != std::string::npos)
        out += "|**";
    if (emptyKwargs)
        out += "|**0";
    return out;
}

namespace {

std::vector<std::pair<std::string, std::int64_t>> boundIds(const std::string &variant, const char *marker)
{
    std::vector<std::pair<std::string, std::int64_t>> out;
    for (size_t at = variant.find(marker); at != std::string::npos; at = variant.find(marker, at + 2)) {
        const size_t bar = variant.rfind('|', at);
        const size_t end = variant.find('|', at);
        const std::string id = variant.substr(at + 2, end == std::string::npos ? std::string::npos : end - at - 2);
        if (bar == std::string::npos || id.empty() || id.size() > 18
            || !std::all_of(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; }))
            continue; // not a binding (a shape handed on may carry other text)
        out.emplace_back(variant.substr(bar + 1, at - bar - 1), std::stoll(id));
    }
    return out;
}

} // namespace

std::vector<std::pair<std::string, std::int64_t>> boundClasses(const std::string &variant)
{
    return boundIds(variant, "=@");
}

std::vector<std::pair<std::string, std::int64_t>> boundFunctions(const std::string &variant)
{
    return boundIds(variant, "=&");
}

} // namespace katlas
