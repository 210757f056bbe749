// The Simplified Chinese UI: the translation loads, the menus and panel
// titles are translated, and no visible string of the window is left in
// English where the catalogue has a translation for it.
#include "demo_fixture.h"

#include "main_window.h"
#include "language_switch.h"
#include "configuration_panel.h"
#include "translations_anchor.h"

#include <QApplication>
#include <QPointer>
#include <QSettings>
#include <QSignalSpy>
#include <QPushButton>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QToolButton>
#include <QXmlStreamReader>

using namespace katlas;
using namespace katlas::test;

namespace {

// source text -> translation, from the shipped catalogue
QHash<QString, QString> catalogue()
{
    QFile f(QStringLiteral(KATLAS_SOURCE_DIR "/translations/kernel_atlas_zh_CN.ts"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("no catalogue");
    QXmlStreamReader xml(&f);
    QHash<QString, QString> out;
    QString source;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("source"))
            source = xml.readElementText();
        else if (xml.isStartElement() && xml.name() == QLatin1String("translation"))
            out.insert(source, xml.readElementText(QXmlStreamReader::IncludeChildElements)); // plural forms too
    }
    return out;
}

void collectMenu(QMenu *menu, QStringList &texts)
{
    for (QAction *a : menu->actions()) {
        if (!a->text().isEmpty())
            texts << a->text();
        if (a->menu())
            collectMenu(a->menu(), texts);
    }
}

} // namespace

class TestGuiTranslation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void chineseUi()
    {
        QVERIFY(installTranslation(QStringLiteral("zh_CN")));
        QTemporaryDir dir;
        MainWindow w;
        QString error;
        QVERIFY(w.openDatabase(indexDemo(dir), &error));

        QStringList texts;
        for (QAction *a : w.menuBar()->actions()) {
            texts << a->text();
            if (a->menu())
                collectMenu(a->menu(), texts);
        }
        QVERIFY(texts.contains(QStringLiteral("文件(&F)")));
        QVERIFY(texts.contains(QStringLiteral("视图(&V)")));
        QVERIFY(texts.contains(QStringLiteral("搜索(&S)…")));
        QStringList docks;
        for (QDockWidget *d : w.findChildren<QDockWidget *>())
            docks << d->windowTitle();
        docks.sort();
        QCOMPARE(docks, (QStringList{QStringLiteral("Kernel 路径"), QStringLiteral("源码"), QStringLiteral("算子"), QStringLiteral("调用者 / 被调用者"),
                                     QStringLiteral("配置方案")}));
        for (QLabel *l : w.findChildren<QLabel *>())
            texts << l->text();
        QStringList buttons;
        for (QToolButton *b : w.findChildren<QToolButton *>())
            buttons << b->text();
        texts << buttons;
        // Profile data follows the language too: the configuration panel's dimension labels.
        QStringList labels;
        for (QLabel *l : w.configurationPanel()->findChildren<QLabel *>())
            labels << l->text();
        QVERIFY2(labels.contains(QStringLiteral("量化")), qPrintable(labels.join(", ")));
        QVERIFY(!labels.contains(QStringLiteral("Quantization")));
        texts << w.windowTitle();

        const QHash<QString, QString> zh = catalogue();
        QVERIFY(zh.size() > 150);
        for (auto it = zh.cbegin(); it != zh.cend(); ++it)
            QVERIFY2(!it.value().isEmpty(), qPrintable(it.key()));
        for (const QString &t : texts)
            if (zh.contains(t) && zh.value(t) != t)
                QFAIL(qPrintable(QStringLiteral("left in English: ") + t));
        QVERIFY(installTranslation(QStringLiteral("en")));
    }

    // A language chosen in Settings applies at once: the window is built
    // again in it, showing the same index, configuration and selection, and
    // Qt's own texts (a dialog's OK) follow.
    void languageSwitchesLive()
    {
        QTemporaryDir dir;
        QCoreApplication::setOrganizationName(QStringLiteral("kernel-atlas-tests"));
        QSettings().remove(QStringLiteral("filter/configuration"));
        QVERIFY(installTranslation(QStringLiteral("en")));
        auto *w = new MainWindow;
        w->show();
        QString error;
        QVERIFY(w->openDatabase(indexDemo(dir), &error));
        w->chooseConfiguration(QStringLiteral("Demo FP8 decode"));
        const QString mqa = opId(w->opGraph(), "self.attn_mqa");
        w->selectOp(opId(w->opGraph(), "self.q_b_proj"));
        w->selectOp(mqa);
        const size_t steps = w->history().size();
        const DimensionFilter filter = w->effectiveFilter();
        QCOMPARE(w->menuBar()->actions().front()->text(), QStringLiteral("&File"));

        QPointer<MainWindow> old(w);
        LanguageSwitch languageSwitch(w);
        QSignalSpy replaced(&languageSwitch, &LanguageSwitch::windowReplaced);
        languageSwitch.apply(QStringLiteral("zh_CN"));
        QCOMPARE(replaced.count(), 1);
        MainWindow *zh = languageSwitch.window();
        QVERIFY(zh && zh != w);
        QCOMPARE(zh->menuBar()->actions().front()->text(), QStringLiteral("文件(&F)"));
        QCOMPARE(zh->activeConfiguration(), QStringLiteral("Demo FP8 decode"));
        QCOMPARE(zh->effectiveFilter(), filter);
        QCOMPARE(zh->selection().op, mqa);
        QCOMPARE(zh->history().size(), steps); // the way back is kept
        QVERIFY(zh->history().canGoBack());
        QVERIFY(zh->isVisible());
        QTRY_VERIFY(!old); // the old window goes with the event loop
        QDialogButtonBox box(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
        QCOMPARE(box.button(QDialogButtonBox::Ok)->text(), QStringLiteral("确定"));
        QCOMPARE(box.button(QDialogButtonBox::Cancel)->text(), QStringLiteral("取消"));

        languageSwitch.apply(QStringLiteral("en"));
        QCOMPARE(languageSwitch.window()->menuBar()->actions().front()->text(), QStringLiteral("&File"));
        QCOMPARE(languageSwitch.window()->selection().op, mqa);
        delete languageSwitch.window();
    }
};

QTEST_MAIN(TestGuiTranslation)
#include "tst_gui_translation.moc"
