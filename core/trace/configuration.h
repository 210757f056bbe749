// Configurations: a profile's named presets as filters, a preset combined with
// a user's filter, and the effective filter that tracing uses — the filter
// with what the profile's data implies added (today: implications; later
// steps such as derived dimensions join the same fixed-point expansion).
#pragma once

#include "profile/profile.h"
#include "trace/dimension_filter.h"

#include <string>
#include <vector>

namespace katlas {

// A preset's assignment as a filter.
DimensionFilter configurationFilter(const Configuration &configuration);

// The preset narrowed by a filter: a dimension set in both takes the
// filter's values (the filter wins); the others keep the preset's.
DimensionFilter combineFilters(const DimensionFilter &configuration, const DimensionFilter &filter);

// The first preset (by `preferred` name first) whose every dimension the
// filter sets to exactly the preset's values; nullptr when none does.
const Configuration *matchingConfiguration(const Profile &profile, const DimensionFilter &filter,
                                           const std::string &preferred = {});

// What the filter means once the profile's implications are applied, to a
// fixed point: "if D in S then E in T" narrows E to T when every value D may
// take is in S, and removes S from D when E may take no value of T (a
// dimension the filter leaves open stands for all the values the profile
// lists). `platform=cuda` thus removes aiter, ascend, intel_amx, ... from
// attention_backend. A dimension the filter restricts that ends with no
// value is a contradiction, described in `conflicts` ("attention_backend=aiter
// needs platform=hip"); the result then admits no path needing that dimension.
DimensionFilter effectiveFilter(const DimensionFilter &filter, const Profile &profile,
                                std::vector<std::string> *conflicts = nullptr);

} // namespace katlas
