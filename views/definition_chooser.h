// The targets of a call that goes several ways, as a small popup list beside
// the call: each target's name, definition and conditions. Arrows choose,
// Enter (or a click) goes there, Escape closes.
#pragma once

#include <QFrame>

class QLabel;
class QListWidget;

namespace katlas {

struct DefinitionChoice {
    QString name;        // the target's name in its class ("Cls.method") or module
    QString qualName;    // its qualified name
    QString location;    // "repo/path:line" of its definition
    QString conditions;  // when the call goes there, as the path list writes them ("" for always)
    std::int64_t symbolId = 0;
};

class DefinitionChooser : public QFrame {
    Q_OBJECT
public:
    explicit DefinitionChooser(QWidget *parent = nullptr);
    // Shows the choices for `call` at `globalPos`, the first one current.
    void popup(const QString &call, const std::vector<DefinitionChoice> &choices, const QPoint &globalPos);
    QListWidget *list() const { return m_list; }
    void acceptCurrent();

Q_SIGNALS:
    void chosen(std::int64_t symbolId);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QLabel *m_title;
    QListWidget *m_list;
};

} // namespace katlas
