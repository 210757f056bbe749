// Filters and path conditions (see dimension_filter.h).
#include "trace/dimension_filter.h"

#include "graph/allocation_condition.h"
#include "graph/condition_ways.h"
#include "profile/model_config.h"
#include "trace/filter_check.h"

#include <QCoreApplication>

#include <algorithm>
#include <iterator>
#include <sstream>

namespace katlas {

std::optional<DimensionFilter> DimensionFilter::parse(const std::string &text, std::string *error)
{
    DimensionFilter f;
    std::istringstream in(text);
    std::string word;
    while (in >> word) {
        const auto eq = word.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == word.size()) {
            if (error)
                *error = QCoreApplication::translate("Filter", "'%1' is not DIMENSION=VALUE[,VALUE...]")
                             .arg(QString::fromStdString(word))
                             .toStdString();
            return std::nullopt;
        }
        std::set<std::string> values;
        std::stringstream vs(word.substr(eq + 1));
        std::string v;
        while (std::getline(vs, v, ','))
            if (!v.empty())
                values.insert(v);
        auto &slot = f.m_allowed[word.substr(0, eq)];
        slot.insert(values.begin(), values.end());
    }
    return f;
}

std::string DimensionFilter::toString() const
{
    std::string out;
    for (const auto &[dim, values] : m_allowed) {
        out += (out.empty() ? "" : " ") + dim + "=";
        if (values.empty())
            out += "(none)";
        bool first = true;
        for (const std::string &v : values) {
            out += (first ? "" : ",") + v;
            first = false;
        }
    }
    return out;
}

void DimensionFilter::set(const std::string &dimension, std::set<std::string> values)
{
    if (values.empty())
        m_allowed.erase(dimension);
    else
        m_allowed[dimension] = std::move(values);
}

const std::set<std::string> *DimensionFilter::otherSettings(const std::string &dimension) const
{
    // Asked for every condition of every path: the key is built in place.
    thread_local std::string key;
    for (size_t dot = dimension.rfind('.'); dot != std::string::npos && dot > 0; dot = dimension.rfind('.', dot - 1)) {
        key.assign(dimension, 0, dot + 1);
        key += kEveryOtherSetting;
        if (const auto it = m_allowed.find(key); it != m_allowed.end())
            return &it->second;
    }
    return nullptr;
}

namespace {

bool holds(const std::vector<InternedText> &sorted, InternedText t)
{
    return t && std::binary_search(sorted.begin(), sorted.end(), t);
}

// Entries kept in the order of their texts (what the reader sees), found by text.
template <typename Entry, typename Key>
auto textPosition(std::vector<Entry> &entries, std::string_view text, Key key)
{
    return std::lower_bound(entries.begin(), entries.end(), text, [&](const Entry &e, std::string_view t) { return *key(e) < t; });
}

std::vector<std::string> sortedTexts(const std::vector<InternedText> &texts)
{
    std::vector<std::string> out;
    out.reserve(texts.size());
    for (InternedText t : texts)
        out.push_back(*t);
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

bool PathConditions::DimensionState::admits(InternedText value) const
{
    return (anything || holds(oneOf, value)) && !holds(noneOf, value);
}

const PathConditions::DimensionState *PathConditions::State::dimension(std::string_view name) const
{
    const auto it = std::lower_bound(dims.begin(), dims.end(), name, [](const DimensionState &d, std::string_view n) { return *d.dimension < n; });
    return it != dims.end() && *it->dimension == name ? &*it : nullptr;
}

const PathConditions::DimensionState *PathConditions::State::dimension(InternedText name) const
{
    for (const DimensionState &d : dims)
        if (d.dimension == name)
            return &d;
    return nullptr;
}

const PathConditions::State &PathConditions::state() const
{
    static const State none;
    return m_state ? *m_state : none;
}

PreparedConditions prepareConditions(const ConditionSet &conditions)
{
    PreparedConditions out;
    out.reserve(conditions.size());
    for (const Condition &c : conditions) {
        PreparedCondition p;
        p.negated = c.negated;
        if (c.dimension.empty()) {
            p.text = internedText(c.text);
            if (!c.values.empty())
                p.ways = sharedWaysOf(c);
        } else {
            p.dimension = internedText(c.dimension);
            for (const std::string &v : c.values)
                p.values.push_back(internedText(v));
            std::sort(p.values.begin(), p.values.end());
            p.values.erase(std::unique(p.values.begin(), p.values.end()), p.values.end());
        }
        out.push_back(std::move(p));
    }
    return out;
}

bool PathConditions::add(const PreparedConditions &conditions)
{
    if (conditions.empty())
        return !contradictory();
    auto next = std::make_shared<State>(state());
    for (const PreparedCondition &c : conditions) {
        if (!c.dimension) {
            auto it = textPosition(next->text, *c.text, [](const auto &e) { return e.first; });
            if (it != next->text.end() && it->first == c.text) {
                if (it->second != !c.negated)
                    next->contradictory = true;
            } else {
                next->text.insert(it, {c.text, !c.negated});
            }
            if (c.ways) {
                auto w = textPosition(next->ways, *c.text, [](const auto &e) { return e.first; });
                if (w == next->ways.end() || w->first != c.text)
                    next->ways.insert(w, {c.text, c.ways});
            }
            continue;
        }
        auto it = textPosition(next->dims, *c.dimension, [](const DimensionState &d) { return d.dimension; });
        if (it == next->dims.end() || it->dimension != c.dimension)
            it = next->dims.insert(it, DimensionState{c.dimension});
        DimensionState &d = *it;
        std::vector<InternedText> merged;
        if (c.negated) {
            std::set_union(d.noneOf.begin(), d.noneOf.end(), c.values.begin(), c.values.end(), std::back_inserter(merged));
            d.noneOf = std::move(merged);
        } else if (d.anything) {
            d.oneOf = c.values;
            d.anything = false;
        } else {
            std::set_intersection(d.oneOf.begin(), d.oneOf.end(), c.values.begin(), c.values.end(), std::back_inserter(merged));
            d.oneOf = std::move(merged);
        }
        if (!d.anything && std::all_of(d.oneOf.begin(), d.oneOf.end(), [&](InternedText v) { return holds(d.noneOf, v); }))
            next->contradictory = true;
    }
    m_state = std::move(next);
    return !m_state->contradictory;
}

std::optional<std::string> PathConditions::rejectedBy(const DimensionFilter &filter, const SettingDefaults *defaults) const
{
    return rejectedBy(FilterCheck(filter, defaults));
}

std::optional<std::string> PathConditions::rejectedBy(const FilterCheck &check) const
{
    const State &s = state();
    for (const FilterCheck::Named &n : check.named()) {
        const DimensionState *d = s.dimension(n.dimension);
        if (!d)
            continue;
        // Nothing allowed (see narrow()): only a path that needs no particular value passes.
        const bool some = n.values.empty() ? d->anything
                                           : std::any_of(n.values.begin(), n.values.end(), [&](InternedText v) { return d->admits(v); });
        if (!some)
            return *n.dimension;
    }
    for (const DimensionState &d : s.dims)
        if (const InternedText def = check.heldDefault(d.dimension); def && !d.admits(def))
            return *d.dimension;
    // A guard that may hold in several ways fails when the filter, or the
    // path's own conditions (an instance's building place), admit none.
    const auto fitsPath = [&](const PreparedConditions &way) {
        return std::all_of(way.begin(), way.end(), [&](const PreparedCondition &c) {
            const DimensionState *d = c.dimension ? s.dimension(c.dimension) : nullptr;
            if (!d)
                return true;
            if (!c.negated)
                return std::any_of(c.values.begin(), c.values.end(), [&](InternedText v) { return d->admits(v); });
            // An exclusion fits unless the path allows only excluded values.
            return d->anything || std::any_of(d->oneOf.begin(), d->oneOf.end(), [&](InternedText v) {
                       return d->admits(v) && !holds(c.values, v);
                   });
        });
    };
    for (const auto &[text, shared] : s.ways) {
        const std::vector<FilterCheck::JudgedWay> &ways = check.judged(*shared);
        if (std::none_of(ways.begin(), ways.end(), [&](const FilterCheck::JudgedWay &w) { return w.admitted && fitsPath(w.conditions); }))
            return shared->empty() || shared->front().empty() ? *text : shared->front().front().dimension;
    }
    return std::nullopt;
}

bool PathConditions::fits(const std::string &dimension, const std::string &value) const
{
    const DimensionState *d = state().dimension(dimension);
    return !d || d->admits(findInterned(value));
}

bool PathConditions::mentions(const std::string &dimension) const { return state().dimension(dimension) != nullptr; }

std::map<std::string, std::vector<std::string>> PathConditions::required() const
{
    std::map<std::string, std::vector<std::string>> out;
    for (const DimensionState &d : state().dims)
        if (!d.anything && !isAllocationDimension(*d.dimension)) {
            std::vector<InternedText> kept;
            for (InternedText x : d.oneOf)
                if (!holds(d.noneOf, x))
                    kept.push_back(x);
            out[*d.dimension] = sortedTexts(kept);
        }
    return out;
}

std::map<std::string, std::vector<std::string>> PathConditions::excluded() const
{
    std::map<std::string, std::vector<std::string>> out;
    for (const DimensionState &d : state().dims)
        if (d.anything && !d.noneOf.empty() && !isAllocationDimension(*d.dimension))
            out[*d.dimension] = sortedTexts(d.noneOf);
    return out;
}

std::vector<std::string> PathConditions::otherConditions() const
{
    std::vector<std::string> out;
    for (const auto &[text, truth] : state().text)
        out.push_back(truth ? *text : "not (" + *text + ")");
    return out;
}

std::vector<std::pair<std::string, bool>> PathConditions::guardTexts() const
{
    std::vector<std::pair<std::string, bool>> out;
    for (const auto &[text, truth] : state().text)
        out.emplace_back(*text, truth);
    return out;
}

void PathConditions::settle(const std::string &text)
{
    const InternedText t = internedText(text);
    const auto &texts = state().text;
    if (std::none_of(texts.begin(), texts.end(), [&](const auto &e) { return e.first == t; }))
        return;
    auto next = std::make_shared<State>(state());
    std::erase_if(next->text, [&](const auto &e) { return e.first == t; });
    m_state = std::move(next);
}

std::string PathConditions::toString() const
{
    std::string out;
    auto add = [&](const std::string &s) { out += (out.empty() ? "" : ", ") + s; };
    auto join = [](const std::vector<std::string> &v) {
        std::string s;
        for (const std::string &x : v)
            s += (s.empty() ? "" : "|") + x;
        return s;
    };
    for (const auto &[dim, v] : required())
        add(dim + "=" + join(v));
    for (const auto &[dim, v] : excluded())
        add(dim + "!=" + join(v));
    return out;
}

} // namespace katlas
