// Memoisation of a recursive evaluation whose dependencies may form cycles.
//
// A key asked for while it is being computed (a cycle in the code) gives
// nothing there: the cycle is cut. What was computed across that cut lacks
// the cut key's contribution, so it is kept only as long as the cut key (the
// cycle's head) is still being computed, and is computed again when asked
// for afterwards. The head's own result, and everything that did not cross
// a cut, is final. With results that only grow with their dependencies
// (unions of values), each result is then the same whatever order the keys
// were first asked in, which a partial re-index relies on: it asks only for
// what its changed files need, in their order.
#pragma once

#include "resolve/memo_key.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace katlas {

template <typename V> class CycleMemo {
public:
    // The final result of `key`, or one computed across a cut of a key still
    // being computed (the asker then depends on that key too); null if none.
    const V *find(const std::string &text)
    {
        const MemoKey key = memoKey(text);
        if (auto it = m_final.find(key); it != m_final.end())
            return &it->second;
        if (auto it = m_provisional.find(key); it != m_provisional.end()) {
            dependOn(it->second.head);
            return &it->second.value;
        }
        return nullptr;
    }

    // Starts computing `key`; false when it is already being computed (the
    // cycle is cut there and the asker depends on it).
    bool enter(const std::string &text)
    {
        const MemoKey key = memoKey(text);
        const auto [it, fresh] = m_active.emplace(key, m_stack.size());
        if (!fresh) {
            dependOn(it->second);
            return false;
        }
        m_stack.push_back({key, m_stack.size(), {}});
        return true;
    }

    // Ends computing the innermost key, `key`, with `value`, kept for later
    // askers unless `keep` is false (a computation only cut, never reused).
    V leave(const std::string &text, V value, bool keep = true)
    {
        const MemoKey key = memoKey(text);
        Frame frame = std::move(m_stack.back());
        m_stack.pop_back();
        m_active.erase(key);
        const size_t index = m_stack.size();
        if (frame.head >= index) {
            for (const MemoKey &k : frame.dependents)
                m_provisional.erase(k);
            if (keep)
                m_final.insert_or_assign(key, value);
            return value;
        }
        Frame &head = m_stack[frame.head];
        for (MemoKey &k : frame.dependents)
            if (auto it = m_provisional.find(k); it != m_provisional.end()) {
                it->second.head = frame.head;
                head.dependents.push_back(std::move(k));
            }
        if (keep) {
            m_provisional.insert_or_assign(key, Provisional{value, frame.head});
            head.dependents.push_back(key);
        }
        dependOn(frame.head);
        return value;
    }

    // Forgets every result; keys being computed stay so.
    void clearResults()
    {
        decltype(m_final)().swap(m_final);
        decltype(m_provisional)().swap(m_provisional);
    }

    void clear()
    {
        clearResults();
        m_active.clear();
        m_stack.clear();
    }

private:
    struct Frame {
        MemoKey key;
        size_t head;                     // the outermost key being computed that this one depends on
        std::vector<MemoKey> dependents; // provisional results that end with this key
    };
    struct Provisional {
        V value;
        size_t head;
    };

    void dependOn(size_t index)
    {
        if (!m_stack.empty())
            m_stack.back().head = std::min(m_stack.back().head, index);
    }

    std::vector<Frame> m_stack;
    std::unordered_map<MemoKey, size_t, MemoKeyHash> m_active;
    std::unordered_map<MemoKey, V, MemoKeyHash> m_final;
    std::unordered_map<MemoKey, Provisional, MemoKeyHash> m_provisional;
};

} // namespace katlas
