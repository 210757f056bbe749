// Gives large structures' memory back on a worker thread while this one goes
// on (freeing a resolved world takes a tenth of a second); whoever waits for
// the pool waits for that too.
#pragma once

#include <QThreadPool>

#include <type_traits>
#include <utility>

namespace katlas {

template <typename T>
void releaseLater(QThreadPool &pool, T &&garbage)
{
    auto *held = new std::decay_t<T>(std::forward<T>(garbage));
    pool.start([held] { delete held; });
}

} // namespace katlas
