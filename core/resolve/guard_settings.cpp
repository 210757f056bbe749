// Settings read by guards (see guard_evaluator.h): the settings class's
// fields with their defaults and what its own methods assign, and settings
// read through environment readers.
#include "resolve/guard_evaluator.h"

#include <algorithm>
#include <cctype>

namespace katlas {

namespace {

using Kind = GuardEvaluator::Abstract::Kind;

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

} // namespace

std::optional<GuardEvaluator::Outcomes> GuardEvaluator::settingValues(SymbolId cls, const std::string &name, int depth,
                                                                      SymbolId readIn)
{
    std::optional<Abstract> given = setting(cls, name);
    if (!given)
        return std::nullopt;
    Outcomes out{{*given, {}}};
    // A setting a dimension stands for takes the value the configuration
    // names, whatever the class does with it.
    if (given->fallback.empty())
        return out;
    // `if self.moe_runner_backend == "flashinfer_trtllm": self.disable_shared_experts_fusion = True`
    for (const auto &[settingsClass, rule] : m_settingsClasses) {
        if (!m_table.isSubclass(cls, settingsClass))
            continue;
        if (selfSetFlag(settingsClass, name))
            break; // the effective filter says where its assignments hold
        const ClassInfo *c = m_table.cls(settingsClass);
        if (!c)
            break;
        if (const auto it = c->selfAttrs.find(name); it != c->selfAttrs.end())
            for (const auto &[assignment, method] : it->second) {
                // `if self.x is None: self.x = make()` read at its own test:
                // the assignment is made after it (docs/guard-evaluation.md).
                if (m_reader && readIn == m_reader->function && !m_reader->tested.negated
                    && m_reader->tested.text == "self." + name + " is None" && insideTestedIf(*assignment, method))
                    continue;
                Outcomes assigned = factValues(assignment->value, {c->module, method, settingsClass}, depth + 1);
                for (Outcome &o : assigned) {
                    // Where one condition decides the assignment, the given value holds only without it.
                    if (o.conditions.size() == 1 && !o.conditions[0].dimension.empty() && out.size() == 1
                        && it->second.size() == 1) {
                        Condition otherwise = o.conditions[0];
                        otherwise.negated = !otherwise.negated;
                        addCondition(out[0].conditions, otherwise);
                    }
                    out.push_back(std::move(o));
                }
            }
        break;
    }
    return finish(std::move(out));
}

std::optional<GuardEvaluator::Abstract> GuardEvaluator::setting(SymbolId cls, const std::string &name)
{
    for (const auto &[settingsClass, rule] : m_settingsClasses) {
        if (!m_table.isSubclass(cls, settingsClass))
            continue;
        const ClassInfo *c = m_table.cls(settingsClass);
        const auto it = c->classAttrs.find(name);
        if (it == c->classAttrs.end())
            return std::nullopt;
        for (const Binding &b : it->second) {
            if (b.kind != Binding::Kind::Assignment || b.assignment->value.expr.empty())
                continue;
            const GuardExpr &value = parsed(b.assignment->value.expr);
            // `X: bool = False`, or a field object `X = EnvBool(False)`.
            const GuardExpr *lit = value.kind == GuardExpr::Kind::Literal ? &value
                : value.kind == GuardExpr::Kind::Call && !value.operands.empty()
                    && value.operands[0].kind == GuardExpr::Kind::Literal
                ? &value.operands[0]
                : nullptr;
            if (!lit)
                continue;
            Abstract a{Kind::Setting, false, rule->prefix + "." + name, {}};
            for (const Dimension &d : m_profile.dimensions)
                if (d.setting == a.text) {
                    a.text = d.key; // a dimension: no default is assumed
                    a.fallback.clear();
                    return a;
                }
            a.fallback = lit->literal == GuardExpr::Literal::True ? "true"
                : lit->literal == GuardExpr::Literal::False       ? "false"
                : lit->literal == GuardExpr::Literal::None        ? "none"
                                                                  : lit->text;
            m_defaults.emplace(a.text, a.fallback);
            return a;
        }
        return std::nullopt;
    }
    return std::nullopt;
}

std::optional<GuardEvaluator::Abstract> GuardEvaluator::envSetting(const GuardExpr &call)
{
    const std::string last = call.chain.substr(call.chain.rfind('.') == std::string::npos ? 0 : call.chain.rfind('.') + 1);
    // A reader named by its last name (`get_bool_env_var`) is any call of
    // that name; a dotted one (`os.environ.get`) is a call written so.
    const auto reads = [&](const std::string &name) {
        return name.find('.') == std::string::npos ? name == last
                                                   : call.chain == name || call.chain.ends_with("." + name);
    };
    for (const SettingsRule &rule : m_profile.settings) {
        if (rule.kind != SettingsRule::Kind::EnvReader || !reads(rule.name))
            continue;
        if (call.operands.empty() || !call.operands[0].isLiteral(GuardExpr::Literal::String))
            return std::nullopt;
        std::string fallback = rule.defaultValue;
        const GuardExpr *given = static_cast<size_t>(rule.defaultArg) < call.operands.size()
            ? &call.operands[static_cast<size_t>(rule.defaultArg)]
            : nullptr;
        for (const auto &[k, v] : call.keywords)
            if (k == rule.defaultKeyword)
                given = &v;
        if (given) {
            if (given->kind != GuardExpr::Kind::Literal)
                return std::nullopt;
            fallback = given->literal == GuardExpr::Literal::True ? "true"
                : given->literal == GuardExpr::Literal::False       ? "false"
                : given->literal == GuardExpr::Literal::None        ? "none"
                // A boolean reader's "True" is true; another reader's text is
                // compared as written (`os.environ.get("X", "NONE") == "NONE"`).
                : rule.defaultValue == "true" || rule.defaultValue == "false" ? lower(given->text)
                                                                    : given->text;
        }
        if (fallback == "1")
            fallback = "true";
        else if (fallback == "0" && rule.defaultValue == "false")
            fallback = "false";
        Abstract a{Kind::Setting, false, rule.prefix + "." + call.operands[0].text, fallback};
        m_defaults.emplace(a.text, a.fallback);
        return a;
    }
    return std::nullopt;
}

} // namespace katlas
