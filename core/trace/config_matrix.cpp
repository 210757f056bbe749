// Building the op × configuration matrix (see config_matrix.h).
#include "trace/config_matrix.h"

#include "export/kernel_listing.h"

#include <algorithm>

namespace katlas {
namespace {

const char *const kAny = "any";

// Values of a dimension the paths mention and the filter allows, in the profile's order first.
std::vector<std::string> mentionedValues(const OpPaths &paths, const Profile &profile, const DimensionFilter &filter,
                                         const std::string &dim)
{
    std::set<std::string> seen;
    bool excludes = false;
    for (const KernelPath &p : paths.paths)
        excludes = excludes || p.conditions.excluded().count(dim);
    // A path that excludes a value stands for all the others: show every known one.
    if (const Dimension *d = excludes ? profile.dimension(dim) : nullptr)
        seen.insert(d->values.begin(), d->values.end());
    for (const KernelPath &p : paths.paths) {
        for (const auto &[d, values] : p.conditions.required())
            if (d == dim)
                seen.insert(values.begin(), values.end());
        for (const auto &[d, values] : p.conditions.excluded())
            if (d == dim)
                seen.insert(values.begin(), values.end());
    }
    std::vector<std::string> out;
    if (const Dimension *d = profile.dimension(dim))
        for (const std::string &v : d->values)
            if (seen.erase(v))
                out.push_back(v);
    out.insert(out.end(), seen.begin(), seen.end());
    if (const auto allowed = filter.allowed().find(dim); allowed != filter.allowed().end())
        std::erase_if(out, [&](const std::string &v) { return !allowed->second.count(v); });
    return out;
}

} // namespace

std::string kernelName(const CallIndex &index, std::int64_t kernelId)
{
    return kernelDisplayName(index.graph(), index.symbol(kernelId));
}

std::string kernelNameWithLibrary(const CallIndex &index, std::int64_t kernelId)
{
    const Kernel *k = index.kernel(kernelId);
    const std::string name = kernelName(index, kernelId);
    return k && !k->source.empty() ? name + "  [" + k->source + "]" : name;
}

std::vector<size_t> ConfigMatrix::pathsIn(size_t row, size_t column) const { return cellPaths[row][column]; }

ConfigMatrix buildConfigMatrix(const CallIndex &index, const OpPaths &paths, const Profile &profile,
                               const DimensionFilter &filter, const std::vector<std::string> &backendDimensions, const std::string &columnDimension)
{
    ConfigMatrix m;
    for (const std::string &dim : backendDimensions)
        if (std::any_of(paths.paths.begin(), paths.paths.end(), [&](const KernelPath &p) { return p.conditions.mentions(dim); })) {
            m.rowDimension = dim;
            break;
        }
    if (!m.rowDimension.empty())
        m.rows = mentionedValues(paths, profile, filter, m.rowDimension);
    if (m.rows.empty()) {
        m.rowDimension.clear();
        m.rows = {kAny};
    }
    const bool hasColumns = std::any_of(paths.paths.begin(), paths.paths.end(),
                                        [&](const KernelPath &p) { return p.conditions.mentions(columnDimension); });
    if (hasColumns)
        m.columns = mentionedValues(paths, profile, filter, columnDimension);
    if (!m.columns.empty()) {
        m.columnDimension = columnDimension;
    } else {
        m.columns = {kAny};
    }
    m.cells.assign(m.rows.size(), std::vector<std::set<std::string>>(m.columns.size()));
    m.cellPaths.assign(m.rows.size(), std::vector<std::vector<size_t>>(m.columns.size()));
    for (size_t i = 0; i < paths.paths.size(); ++i) {
        const KernelPath &p = paths.paths[i];
        for (size_t r = 0; r < m.rows.size(); ++r) {
            if (!m.rowDimension.empty() && !p.conditions.fits(m.rowDimension, m.rows[r]))
                continue;
            for (size_t c = 0; c < m.columns.size(); ++c) {
                if (!m.columnDimension.empty() && !p.conditions.fits(m.columnDimension, m.columns[c]))
                    continue;
                m.cells[r][c].insert(kernelNameWithLibrary(index, p.kernelId));
                m.cellPaths[r][c].push_back(i);
            }
        }
    }
    return m;
}

} // namespace katlas
