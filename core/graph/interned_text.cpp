// The process-wide text pool (see interned_text.h).
#include "graph/interned_text.h"

#include <mutex>
#include <unordered_set>

namespace katlas {
namespace {

struct TextHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

struct TextEqual {
    using is_transparent = void;
    bool operator()(std::string_view a, std::string_view b) const { return a == b; }
};

struct Pool {
    std::mutex mutex;
    std::unordered_set<std::string, TextHash, TextEqual> texts; // node-based: addresses stay
};

Pool &pool()
{
    static Pool *p = new Pool; // never destroyed: texts may be read during exit
    return *p;
}

} // namespace

InternedText internedText(std::string_view text)
{
    Pool &p = pool();
    const std::lock_guard lock(p.mutex);
    if (const auto it = p.texts.find(text); it != p.texts.end())
        return &*it;
    return &*p.texts.emplace(text).first;
}

InternedText findInterned(std::string_view text)
{
    Pool &p = pool();
    const std::lock_guard lock(p.mutex);
    const auto it = p.texts.find(text);
    return it == p.texts.end() ? nullptr : &*it;
}

} // namespace katlas
