// What a memo keeps for a whole index, each distinct result once: the guard
// evaluator's and the value evaluator's memos hold some 300,000 results on
// sglang + flashinfer, most of them under the same few sets of conditions,
// whose strings (`built:…` place keys, dimension names and values) took most
// of their memory when every result kept its own copy. A memo keeps
// pointers into a pool instead; the pool lives as long as the memo.
#pragma once

#include "graph/call_graph.h"
#include "resolve/value.h"

#include <functional>
#include <unordered_set>

namespace katlas {

template <typename T, typename Hash, typename Equal = std::equal_to<T>> class MemoPool {
public:
    // The pool's copy of `value`, made on first use.
    const T *keep(const T &value) { return &*m_kept.insert(value).first; }
    void clear() { decltype(m_kept)().swap(m_kept); }

private:
    std::unordered_set<T, Hash, Equal> m_kept;
};

struct ConditionSetHash {
    size_t operator()(const ConditionSet &set) const;
};

struct ValueHash {
    size_t operator()(const Value &value) const;
};
struct ValueEqual {
    bool operator()(const Value &a, const Value &b) const;
};

// A memo's values: each a pointer into the pool.
class ValuesPool {
public:
    using Packed = std::vector<const Value *>;
    Packed pack(const Values &values);
    static Values unpack(const Packed &packed);
    void clear() { m_values.clear(); }

private:
    MemoPool<Value, ValueHash, ValueEqual> m_values;
};

// Mixes `h` into a running hash.
void hashMix(size_t &seed, size_t h);

} // namespace katlas
