// The user's settings, stored with QSettings: the repositories and profile
// that New Index and Re-index start from, the theme and the language. No
// widgets here, so that it can be tested headless.
#pragma once

#include "bookmarks.h"
#include "index/indexer.h"

#include <QString>

#include <optional>
#include <vector>

namespace katlas {

// The checkpoint and deployment an index's shapes and definitions are
// computed for (Settings → Model Config): a config.json and the sizes
// `katlas definitions` takes.
struct ModelSetup {
    QString configPath; // empty: none
    int tp = 1;
    int ep = 1;
    int pageSize = 0;   // 0: what the configuration deploys (deployedPageSize)
    bool dpAttention = false;
    bool operator==(const ModelSetup &) const = default;
};

class AppSettings {
public:
    enum class Theme { System, Light, Dark };

    std::vector<RepoInput> repos() const;
    void setRepos(const std::vector<RepoInput> &repos);
    // A built-in profile name ("sglang") or the path of a profile file.
    QString profile() const;
    void setProfile(const QString &profile);
    Theme theme() const;
    void setTheme(Theme theme);
    // "" follows the system; else "en" or "zh_CN".
    QString language() const;
    void setLanguage(const QString &language);
    // The bookmarks made on the index at `indexPath` (views/bookmarks.h).
    Bookmarks bookmarks(const QString &indexPath) const;
    void setBookmarks(const QString &indexPath, const Bookmarks &bookmarks);
    // The model config set for the index at `indexPath`.
    ModelSetup modelSetup(const QString &indexPath) const;
    void setModelSetup(const QString &indexPath, const ModelSetup &setup);

    // Loads `profile` (a built-in name or a file); nullopt and the loader's
    // message (naming the file, line and key) when it is not a valid profile.
    static std::optional<Profile> loadProfileSetting(const QString &profile, QString *error);
    // Why a repository cannot be indexed ("" when it can).
    static QString repoProblem(const RepoInput &repo);
    // Applies a theme to the running application; System restores the
    // platform's palette.
    static void applyTheme(Theme theme);
};

} // namespace katlas
