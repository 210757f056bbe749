// Settings: stored and read back, validated before they are stored (a
// missing repository folder, a malformed profile file), Cancel changes
// nothing, the theme applies at once, and New Index starts from them.
#include "app_settings.h"
#include "new_index_dialog.h"
#include "repo_table.h"
#include "settings_dialog.h"

#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QPalette>
#include <QSettings>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace katlas;

class TestGuiSettings : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("kernel-atlas-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_gui_settings"));
        QSettings().clear();
    }

    void roundTrip()
    {
        AppSettings s;
        QCOMPARE(s.profile(), QStringLiteral("sglang")); // the default
        QCOMPARE(s.theme(), AppSettings::Theme::System);
        s.setRepos({{"sglang", m_dir.path()}, {"flashinfer", m_dir.path() + "/fi"}});
        s.setProfile(QStringLiteral("demo"));
        s.setTheme(AppSettings::Theme::Dark);
        s.setLanguage(QStringLiteral("zh_CN"));
        const AppSettings again;
        QCOMPARE(again.repos().size(), size_t(2));
        QCOMPARE(again.repos()[1].name, std::string("flashinfer"));
        QCOMPARE(again.repos()[1].path, m_dir.path() + "/fi");
        QCOMPARE(again.profile(), QStringLiteral("demo"));
        QCOMPARE(again.theme(), AppSettings::Theme::Dark);
        QCOMPARE(again.language(), QStringLiteral("zh_CN"));
    }

    void dialogStoresWhatIsValid()
    {
        SettingsDialog d;
        setRepo(d, 0, "sglang", m_dir.path());
        d.profileBox()->setCurrentText(QStringLiteral("demo"));
        QVERIFY2(d.apply(), qPrintable(d.problem()));
        QVERIFY(d.problem().isEmpty());
        QCOMPARE(AppSettings().repos().front().path, m_dir.path());
        QCOMPARE(AppSettings().profile(), QStringLiteral("demo"));
    }

    void missingFolderIsRefusedAndNothingStored()
    {
        SettingsDialog d;
        setRepo(d, 0, "sglang", m_dir.path() + "/no/such/folder");
        QVERIFY(!d.apply());
        QVERIFY2(d.problem().contains(m_dir.path() + "/no/such/folder"), qPrintable(d.problem()));
        QVERIFY(AppSettings().repos().empty());
    }

    void malformedProfileIsRefusedWithItsLine()
    {
        const QString file = m_dir.filePath("bad.json");
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\n  \"profile\": 1,\n  \"name\": \"x\",\n  \"kernels\": [\n    {\"source\": 3}\n  ]\n}\n");
        f.close();
        SettingsDialog d;
        setRepo(d, 0, "sglang", m_dir.path());
        d.profileBox()->setCurrentText(file);
        QVERIFY(!d.apply());
        QVERIFY2(d.problem().contains(file), qPrintable(d.problem()));
        QVERIFY(AppSettings().repos().empty());
        QCOMPARE(AppSettings().profile(), QStringLiteral("sglang"));
    }

    // The rows offered before any folder is chosen do not stop the rest.
    void rowsWithoutFolderAreLeftOut()
    {
        SettingsDialog d;
        QVERIFY(d.repoTable()->rowCount() >= 1);
        d.themeBox()->setCurrentIndex(d.themeBox()->findData(static_cast<int>(AppSettings::Theme::Light)));
        QVERIFY2(d.apply(), qPrintable(d.problem()));
        QVERIFY(AppSettings().repos().empty());
        QCOMPARE(AppSettings().theme(), AppSettings::Theme::Light);
        AppSettings::applyTheme(AppSettings::Theme::System);
    }

    void cancelWritesNothing()
    {
        {
            SettingsDialog d;
            setRepo(d, 0, "sglang", m_dir.path());
            d.themeBox()->setCurrentIndex(d.themeBox()->findData(static_cast<int>(AppSettings::Theme::Dark)));
            d.reject();
        }
        QVERIFY(AppSettings().repos().empty());
        QCOMPARE(AppSettings().theme(), AppSettings::Theme::System);
    }

    void themeAppliesAtOnce()
    {
        const QColor before = QApplication::palette().color(QPalette::Window);
        SettingsDialog d;
        setRepo(d, 0, "sglang", m_dir.path());
        d.themeBox()->setCurrentIndex(d.themeBox()->findData(static_cast<int>(AppSettings::Theme::Dark)));
        QVERIFY(d.apply());
        QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 100);
        d.themeBox()->setCurrentIndex(d.themeBox()->findData(static_cast<int>(AppSettings::Theme::System)));
        QVERIFY(d.apply());
        QCOMPARE(QApplication::palette().color(QPalette::Window), before);
    }

    void newIndexStartsFromTheSettings()
    {
        AppSettings().setRepos({{"mine", m_dir.path()}});
        AppSettings().setProfile(QStringLiteral("demo"));
        NewIndexDialog d;
        QCOMPARE(d.repos().size(), size_t(1));
        QCOMPARE(d.repos().front().name, std::string("mine"));
        QString error;
        const std::optional<Profile> p = d.profile(&error);
        QVERIFY2(p, qPrintable(error));
    }

private:
    static void setRepo(SettingsDialog &d, int row, const char *name, const QString &path)
    {
        QTableWidget *t = d.repoTable();
        while (t->rowCount() <= row)
            t->insertRow(t->rowCount());
        t->setItem(row, 0, new QTableWidgetItem(QString::fromLatin1(name)));
        t->setItem(row, 1, new QTableWidgetItem(path));
        for (int r = t->rowCount() - 1; r > row; --r)
            t->removeRow(r);
    }

    QTemporaryDir m_dir;
};

QTEST_MAIN(TestGuiSettings)
#include "tst_gui_settings.moc"
