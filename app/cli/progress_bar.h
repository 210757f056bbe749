// A one-line progress bar on a terminal (nothing when stderr is not one).
#pragma once

#include "index/indexer.h"

namespace katlas::cli {

class ProgressBar {
public:
    ProgressBar();
    void update(const IndexProgress &p);
    void finish();

private:
    bool m_tty;
    int m_lastPercent = -1;
    IndexProgress::Phase m_lastPhase = IndexProgress::Phase::Scanning;
};

} // namespace katlas::cli
