// katlas: the command-line front end of Kernel Atlas.
#include <QCoreApplication>
#include <QTextStream>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTextStream(stdout) << "katlas " << KATLAS_VERSION << '\n';
    return 0;
}
