// A filter made ready for the many checks of one path search: its values
// interned once, the default of each setting it leaves alone looked up once,
// and each guard's ways judged against it once (PathConditions::rejectedBy).
// Not shared between threads: it fills its caches as it is asked.
#pragma once

#include "trace/dimension_filter.h"

#include <unordered_map>
#include <vector>

namespace katlas {

class FilterCheck {
public:
    // `defaults`: a non-empty filter also holds every setting it does not
    // name to its default (see PathConditions::rejectedBy).
    FilterCheck(const DimensionFilter &filter, const SettingDefaults *defaults);

    struct Named {
        InternedText dimension = nullptr;
        std::vector<InternedText> values; // empty: narrowed to nothing
    };
    const std::vector<Named> &named() const { return m_named; }
    // The value a setting the filter does not name is held to; null when none.
    InternedText heldDefault(InternedText dimension) const;

    struct JudgedWay {
        bool admitted = false;          // can the filter give it?
        PreparedConditions conditions;  // the way, to fit against a path
    };
    // `ways` as sharedWaysOf keeps them: the same address for the same ways.
    const std::vector<JudgedWay> &judged(const std::vector<ConditionSet> &ways) const;

private:
    const DimensionFilter &m_filter;
    const SettingDefaults *m_defaults; // null unless they apply
    std::vector<Named> m_named;
    mutable std::unordered_map<InternedText, InternedText> m_heldDefaults;
    mutable std::unordered_map<const std::vector<ConditionSet> *, std::vector<JudgedWay>> m_judged;
};

} // namespace katlas
