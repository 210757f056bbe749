// Presets, their combination with a filter, and the effective filter (see
// configuration.h).
#include "trace/configuration.h"

#include <QCoreApplication>

#include <algorithm>
#include <optional>

namespace katlas {
namespace {

std::string valuesText(const std::set<std::string> &values)
{
    std::string out;
    for (const std::string &v : values)
        out += (out.empty() ? "" : ",") + v;
    return out;
}

std::set<std::string> intersection(const std::set<std::string> &a, const std::set<std::string> &b)
{
    std::set<std::string> out;
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::inserter(out, out.end()));
    return out;
}

// One way the profile's data narrows a filter. Returns whether it changed
// anything; the expansion repeats every step until none does.
struct Expansion {
    const Profile &profile;
    const DimensionFilter &original;
    std::vector<std::string> *conflicts;
    DimensionFilter filter;

    // The values `dimension` may take: the filter's, else every value the
    // profile lists (nullptr when it lists none: nothing can be said).
    std::optional<std::set<std::string>> domain(const std::string &dimension) const
    {
        const auto it = filter.allowed().find(dimension);
        if (it != filter.allowed().end())
            return it->second;
        const Dimension *d = profile.dimension(dimension);
        if (!d || d->values.empty())
            return std::nullopt;
        return std::set<std::string>(d->values.begin(), d->values.end());
    }

    bool narrow(const std::string &dimension, std::set<std::string> values, const std::string &why)
    {
        const auto it = filter.allowed().find(dimension);
        if (it != filter.allowed().end() && it->second == values)
            return false;
        const auto asked = original.allowed().find(dimension);
        if (values.empty() && asked != original.allowed().end() && !asked->second.empty() && conflicts
            && std::find(conflicts->begin(), conflicts->end(), why) == conflicts->end())
            conflicts->push_back(why);
        filter.narrow(dimension, std::move(values));
        return true;
    }

    bool applyImplications()
    {
        bool changed = false;
        for (const Implication &i : profile.implications) {
            const std::string premise = i.dimension + "=" + valuesText(i.values);
            // Forward: every value the premise's dimension may take implies the rest.
            const auto it = filter.allowed().find(i.dimension);
            if (it != filter.allowed().end() && !it->second.empty()
                && std::includes(i.values.begin(), i.values.end(), it->second.begin(), it->second.end()))
                for (const auto &[dim, values] : i.then) {
                    const auto current = domain(dim);
                    const std::set<std::string> next = current ? intersection(*current, values) : values;
                    if (!current || next != *current)
                        changed |= narrow(dim, next,
                                          QCoreApplication::translate("Configuration", "%1 needs %2")
                                              .arg(QString::fromStdString(premise), QString::fromStdString(dim + "=" + valuesText(values)))
                                              .toStdString());
                }
            // Backward: a consequence that cannot hold rules the premise out.
            for (const auto &[dim, values] : i.then) {
                const auto at = filter.allowed().find(dim);
                if (at == filter.allowed().end() || !intersection(at->second, values).empty())
                    continue;
                const auto current = domain(i.dimension);
                if (!current)
                    continue;
                std::set<std::string> next;
                std::set_difference(current->begin(), current->end(), i.values.begin(), i.values.end(),
                                    std::inserter(next, next.end()));
                if (next != *current)
                    changed |= narrow(i.dimension, next,
                                  QCoreApplication::translate("Configuration", "%1 needs %2")
                                      .arg(QString::fromStdString(premise), QString::fromStdString(dim + "=" + valuesText(values)))
                                      .toStdString());
            }
        }
        return changed;
    }
};

} // namespace

DimensionFilter configurationFilter(const Configuration &configuration)
{
    DimensionFilter f;
    for (const auto &[dim, values] : configuration.assignment)
        f.set(dim, values);
    return f;
}

DimensionFilter combineFilters(const DimensionFilter &configuration, const DimensionFilter &filter)
{
    DimensionFilter out = configuration;
    for (const auto &[dim, values] : filter.allowed())
        out.narrow(dim, values);
    return out;
}

const Configuration *matchingConfiguration(const Profile &profile, const DimensionFilter &filter, const std::string &preferred)
{
    auto matches = [&](const Configuration &c) {
        for (const auto &[dim, values] : c.assignment) {
            const auto it = filter.allowed().find(dim);
            if (it == filter.allowed().end() || it->second != values)
                return false;
        }
        return !c.assignment.empty();
    };
    if (const Configuration *c = profile.configuration(preferred); c && matches(*c))
        return c;
    for (const Configuration &c : profile.configurations)
        if (matches(c))
            return &c;
    return nullptr;
}

DimensionFilter effectiveFilter(const DimensionFilter &filter, const Profile &profile, std::vector<std::string> *conflicts)
{
    Expansion e{profile, filter, conflicts, filter};
    // Sets only shrink, so this ends; the bound guards against a bug.
    for (int round = 0; round < 64; ++round)
        if (!e.applyImplications())
            break;
    return e.filter;
}

} // namespace katlas
