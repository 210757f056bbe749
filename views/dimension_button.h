// One dimension's values to choose from: a button that reads "Any", "fa3" or
// "fa3, triton" and opens a menu of the values (several may be checked) with
// "Any" on top to clear them.
#pragma once

#include "profile/profile.h"

#include <QToolButton>

#include <set>
#include <string>

namespace katlas {

class DimensionButton : public QToolButton {
    Q_OBJECT
public:
    DimensionButton(const Dimension &dimension, QWidget *parent = nullptr);

    const std::string &key() const { return m_key; }
    // Checks `values` (empty: any) without emitting changed().
    void setValues(const std::set<std::string> &values);

Q_SIGNALS:
    // The user checked or unchecked a value; empty: any.
    void changed(const std::string &key, const std::set<std::string> &values);

private:
    void showValues();

    std::string m_key;
    std::set<std::string> m_values;
};

} // namespace katlas
