// The Simplified Chinese UI: the translation loads, the menus and panel
// titles are translated, and no visible string of the window is left in
// English where the catalogue has a translation for it.
#include "demo_fixture.h"

#include "main_window.h"
#include "configuration_panel.h"
#include "translations_anchor.h"

#include <QApplication>
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
};

QTEST_MAIN(TestGuiTranslation)
#include "tst_gui_translation.moc"
