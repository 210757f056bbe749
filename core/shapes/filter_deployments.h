// The deployments a filter leaves possible, for the sizes the model's
// modules get on each GPU. A checkpoint fixes the model's sizes; how they are
// split depends on the deployment: every tensor-parallel layout of one node
// (TP 1, 2, 4, 8, attention data-parallel or not), narrowed by the settings
// the profile names the deployment by (`server.tp_size=8`,
// `server.enable_dp_attention=false`, `server.ep_size`) where a filter gives
// one value of them. See docs/guard-evaluation.md, "Tensors a path hands
// down".
#pragma once

#include "shapes/module_shape.h"
#include "trace/dimension_filter.h"

#include <map>
#include <string>
#include <vector>

namespace katlas {

// `settings`: "tp", "ep", "dp_attention" and "page_size" -> the setting
// naming each (the profile's definitions.deployment_settings). A value that
// is not a whole number (or, for dp_attention, true/false) leaves that size
// open; EP and the page size are 1 unless named.
std::vector<Deployment> filterDeployments(const DimensionFilter &filter,
                                          const std::map<std::string, std::string> &settings);

// The deployments as text, for cache keys.
std::string deploymentsKey(const std::vector<Deployment> &deployments);

} // namespace katlas
