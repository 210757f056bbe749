// The op × configuration matrix: rows are the values of the backend dimension
// the op's paths depend on, columns the quantization values they mention,
// cells the kernels a path reaches under that row and column.
#pragma once

#include "profile/profile.h"
#include "trace/path_finder.h"

#include <set>
#include <string>
#include <vector>

namespace katlas {

struct ConfigMatrix {
    std::string rowDimension;            // "attention_backend", "moe_runner_backend" or "" (one row)
    std::string columnDimension;         // "quantization" or ""
    std::vector<std::string> rows;       // "any" when there is no row dimension
    std::vector<std::string> columns;
    std::vector<std::vector<std::set<std::string>>> cells; // [row][column] -> kernel names
    // Which paths fit a cell, by index into the OpPaths they came from.
    std::vector<size_t> pathsIn(size_t row, size_t column) const;
    std::vector<std::vector<std::vector<size_t>>> cellPaths;
};

// `backendDimensions` in order of preference; the first some path mentions
// becomes the rows. Rows and columns are the values `filter` (the effective
// filter the paths were found under) allows. `kernelName` names a kernel symbol.
ConfigMatrix buildConfigMatrix(const CallIndex &index, const OpPaths &paths, const Profile &profile,
                               const DimensionFilter &filter = {},
                               const std::vector<std::string> &backendDimensions = {"attention_backend",
                                                                                    "moe_runner_backend",
                                                                                    "moe_a2a_backend"},
                               const std::string &columnDimension = "quantization");

std::string kernelName(const CallIndex &index, std::int64_t kernelId);
// The name with the library it comes from, as every list of kernels shows it
// (four libraries have an `rmsnorm`): "rmsnorm  [sgl-kernel]".
std::string kernelNameWithLibrary(const CallIndex &index, std::int64_t kernelId);

} // namespace katlas
