// The profile picker (see profile_picker.h).
#include "profile_picker.h"

#include "profile/profile.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QPushButton>

namespace katlas {

ProfilePicker::ProfilePicker(QWidget *parent) : QWidget(parent), m_combo(new QComboBox(this))
{
    m_combo->setEditable(true);
    m_combo->addItems(builtinProfileNames());
    m_combo->setToolTip(tr("A built-in profile name, or the path of a profile JSON file"));
    auto *choose = new QPushButton(tr("Choose &File…"), this);
    connect(choose, &QPushButton::clicked, this, [this] {
        const QString file = QFileDialog::getOpenFileName(this, tr("Profile"), QString(), tr("Profiles (*.json)"));
        if (!file.isEmpty())
            m_combo->setCurrentText(file);
    });
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_combo, 1);
    row->addWidget(choose);
}

QString ProfilePicker::profile() const { return m_combo->currentText(); }
void ProfilePicker::setProfile(const QString &profile) { m_combo->setCurrentText(profile); }

} // namespace katlas
