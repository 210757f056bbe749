// The paths of the selected op (or a kernel's backtraces) as a tree: one row
// per path naming the kernel and its conditions, its frames below.
#pragma once

#include "trace/backtrace.h"
#include "trace/path_finder.h"

#include <QStandardItemModel>

namespace katlas {

class PathListModel : public QStandardItemModel {
    Q_OBJECT
public:
    static constexpr int SiteRole = Qt::UserRole + 1;   // call site id of a frame row
    static constexpr int PathRole = Qt::UserRole + 2;   // index of the path of a path row
    static constexpr int HeadRole = Qt::UserRole + 3;   // a row's text without its conditions
    static constexpr int ChipsRole = Qt::UserRole + 4;  // QStringList: its conditions, one chip each
    static constexpr int ChipDimensionsRole = Qt::UserRole + 5; // QStringList: each chip's dimension ("" for guard text)

    explicit PathListModel(QObject *parent = nullptr);
    void setPaths(const CallIndex &index, const OpPaths &paths, const std::vector<size_t> &only = {});
    void setBacktrace(const CallIndex &index, const Backtrace &trace);
    // What the top of the list says when not every path is shown ("" when all are).
    static QString capNotice(const OpPaths &paths);
};

} // namespace katlas
