// Choosing a profile: a built-in one by name, or a profile file (typed or
// picked with a file dialog). New Index and Settings both use it.
#pragma once

#include <QWidget>

class QComboBox;

namespace katlas {

class ProfilePicker : public QWidget {
    Q_OBJECT
public:
    explicit ProfilePicker(QWidget *parent = nullptr);

    // A built-in profile name or the path of a profile file.
    QString profile() const;
    void setProfile(const QString &profile);
    QComboBox *comboBox() const { return m_combo; }

private:
    QComboBox *m_combo;
};

} // namespace katlas
