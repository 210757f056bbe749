// The model's configuration in guard evaluation (see guard_evaluator.h):
// `config.x`, `getattr(config, "x", d)` and `hasattr(config, "x")` on a
// parameter annotated with the profile's config class are model settings;
// `hasattr(obj, "x")` where every object obj may hold is of a class of the
// index that neither defines nor assigns `x`, and no code sets `x` from
// outside or by name, is false.
#include "resolve/guard_evaluator.h"

#include "resolve/chain.h"

#include <algorithm>
#include <cctype>

namespace katlas {

using Kind = GuardEvaluator::Abstract::Kind;

GuardEvaluator::Outcomes GuardEvaluator::hasattrValues(const GuardExpr &call, const Scope &scope, int depth)
{
    // `hasattr(config, "q_lora_rank")`: the checkpoint names the key, unless its value is "absent".
    const std::optional<Outcomes> setting = m_configPrefixes.empty()
        ? std::nullopt
        : configAttribute(values(call.operands[0], scope, depth + 1), call.operands[1].text);
    if (!setting) {
        Outcomes assigned = assignedAttribute(call.operands[1].text, depth);
        const bool unknown = assigned.size() == 1 && assigned.front().value.kind == Kind::Unknown && assigned.front().conditions.empty();
        const std::string &name = call.operands[1].text;
        if (unknown && call.operands[0].kind == GuardExpr::Kind::Chain && !name.starts_with("__") && !setFromOutside(name)
            && !mayHaveAttribute(call.operands[0].chain, scope, name))
            return {{{Kind::Bool, false, {}, {}}, {}}};
        return assigned;
    }
    Outcomes out;
    for (const Outcome &o : *setting) {
        Condition absent;
        absent.dimension = o.value.text;
        absent.values = {"absent"};
        absent.text = o.value.text + " == absent";
        Condition present = absent;
        present.negated = true;
        ConditionSet yes = o.conditions, no = o.conditions;
        addCondition(yes, present);
        addCondition(no, absent);
        out.push_back({{Kind::Bool, true, {}, {}}, yes});
        out.push_back({{Kind::Bool, false, {}, {}}, no});
    }
    return out;
}

// Whether code may give any object an attribute of this name by name or
// from outside it: an assignment on another object (`layer.x = v`), or a
// call that sets it by name (`setattr(obj, "x", v)`, `register_parameter("x", p)`).
bool GuardEvaluator::setFromOutside(const std::string &name)
{
    if (m_foreignAssignments.count(name))
        return true;
    if (!m_namedAttributes) {
        m_namedAttributes.emplace();
        for (int m = 0; m < m_table.moduleCount(); ++m) {
            const ModuleFacts &f = m_table.files()[static_cast<size_t>(m_table.moduleAt(m).fileIndex)];
            m_namedAttributes->insert(f.namedAttributes.begin(), f.namedAttributes.end());
        }
    }
    return m_namedAttributes->count(name) > 0;
}

// Whether an object `chain` may hold can have the attribute: false only when
// every object it may hold is an instance or class of the index (a declared
// one standing for its subclasses too) whose classes neither define nor
// assign it.
bool GuardEvaluator::mayHaveAttribute(const Chain &chain, const Scope &scope, const std::string &name)
{
    const auto segs = splitChain(chain);
    if (segs.empty())
        return true;
    const Values found = m_evaluator.evalSegments(segs, segs.size(), scope);
    if (found.empty())
        return true;
    const auto has = [&](SymbolId cls) {
        const ClassInfo *c = m_table.cls(cls);
        if (!c)
            return true;
        for (SymbolId k : c->mro)
            if (const ClassInfo *ki = m_table.cls(k);
                !ki || ki->methods.count(name) || ki->classAttrs.count(name) || ki->selfAttrs.count(name))
                return true;
        return false;
    };
    for (const Value &v : found) {
        if ((v.kind != Value::Kind::Instance && v.kind != Value::Kind::Class) || v.callable)
            return true;
        const SymbolId cls = v.kind == Value::Kind::Instance ? v.selfClass : v.id;
        const std::vector<SymbolId> classes = v.declared ? m_table.subclassesOf(cls) : std::vector<SymbolId>{cls};
        if (classes.empty() || std::any_of(classes.begin(), classes.end(), has))
            return true;
    }
    return false;
}

std::optional<GuardEvaluator::Outcomes> GuardEvaluator::configAttribute(const Outcomes &object, const std::string &name) const
{
    // An object that is the configuration only in some ways (built at some
    // places with it): those ways are settings, the others unknown, each
    // under its own conditions.
    if (std::none_of(object.begin(), object.end(), [](const Outcome &o) { return o.value.kind == Kind::Config; }))
        return std::nullopt;
    Outcomes out;
    for (const Outcome &o : object)
        out.push_back({o.value.kind == Kind::Config ? Abstract{Kind::Setting, false, o.value.text + "." + name, {}} : Abstract{},
                       o.conditions});
    return out;
}

bool GuardEvaluator::isConfigSetting(const std::string &setting) const
{
    return std::any_of(m_configPrefixes.begin(), m_configPrefixes.end(), [&](const std::string &p) {
        return setting.size() > p.size() && setting.compare(0, p.size(), p) == 0 && setting[p.size()] == '.';
    });
}

const SettingsRule *GuardEvaluator::configRule(const std::string &annotation) const
{
    if (annotation.empty())
        return nullptr;
    const auto word = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; };
    // The class named as a whole word: `PretrainedConfig`, `Optional[PretrainedConfig]`.
    const auto names = [&](const std::string &text, const std::string &name) {
        for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
            const size_t end = at + name.size();
            if ((at == 0 || !word(text[at - 1])) && (end == text.size() || !word(text[end])))
                return true;
        }
        return false;
    };
    for (const SettingsRule &rule : m_profile.settings) {
        if (rule.kind != SettingsRule::Kind::Config)
            continue;
        if (names(annotation, rule.name))
            return &rule;
        // A class of the index derived from it (`config: LongcatFlashConfig`).
        size_t start = 0;
        while (start < annotation.size()) {
            while (start < annotation.size() && !word(annotation[start]))
                ++start;
            size_t end = start;
            while (end < annotation.size() && word(annotation[end]))
                ++end;
            if (end > start && std::isupper(static_cast<unsigned char>(annotation[start])))
                for (SymbolId id : m_table.classesNamed(annotation.substr(start, end - start)))
                    for (SymbolId k : m_table.cls(id) ? m_table.cls(id)->mro : std::vector<SymbolId>{})
                        if (const ClassInfo *ki = m_table.cls(k))
                            for (const std::string &base : ki->externalBases)
                                if (names(base, rule.name))
                                    return &rule;
            start = end;
        }
    }
    return nullptr;
}

} // namespace katlas
