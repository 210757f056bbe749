// Derived values in meta (see derived_values_codec.h).
#include "store/derived_values_codec.h"

#include "store/condition_codec.h"

#include <sstream>

namespace katlas {
namespace {

constexpr char kSeparator = '\x1c'; // between the fields of one value

} // namespace

std::string encodeDerivedValues(const std::vector<DerivedValue> &values)
{
    std::string out;
    for (const DerivedValue &v : values) {
        for (const std::string *field : {&v.dimension, &v.keyDimension, &v.key, &v.value})
            out += *field + kSeparator;
        out += encodeConditions(v.conditions) + '\n';
    }
    return out;
}

std::vector<DerivedValue> decodeDerivedValues(const std::string &text)
{
    std::vector<DerivedValue> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        std::vector<std::string> fields;
        size_t start = 0;
        for (size_t end; fields.size() < 4 && (end = line.find(kSeparator, start)) != std::string::npos; start = end + 1)
            fields.push_back(line.substr(start, end - start));
        if (fields.size() != 4)
            continue;
        out.push_back({fields[0], fields[1], fields[2], fields[3], decodeConditions(line.substr(start))});
    }
    return out;
}

} // namespace katlas
