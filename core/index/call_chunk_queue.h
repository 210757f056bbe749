// Chunks of resolved call sites (and first the definitions' symbols) handed
// from the resolver to the thread that stores them, so that storing overlaps
// resolving.
#pragma once

#include "graph/call_graph.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <vector>

namespace katlas {

class CallChunkQueue {
public:
    struct Chunk {
        std::vector<CallSite> sites;
        std::vector<Edge> edges;
        std::vector<Symbol> definitions; // the first chunk: the definitions' symbols
        std::vector<Symbol> added;       // symbols the resolver added, before the sites calling them
    };

    void push(Chunk &&chunk)
    {
        {
            std::lock_guard lock(m_mutex);
            m_chunks.push_back(std::move(chunk));
        }
        m_ready.notify_one();
    }

    // The next chunk, waiting for one; nothing once closed and drained.
    std::optional<Chunk> pop()
    {
        std::unique_lock lock(m_mutex);
        m_ready.wait(lock, [this] { return m_closed || !m_chunks.empty(); });
        if (m_chunks.empty())
            return std::nullopt;
        Chunk c = std::move(m_chunks.front());
        m_chunks.pop_front();
        return c;
    }

    void close()
    {
        {
            std::lock_guard lock(m_mutex);
            m_closed = true;
        }
        m_ready.notify_all();
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_ready;
    std::deque<Chunk> m_chunks;
    bool m_closed = false;
};

} // namespace katlas
