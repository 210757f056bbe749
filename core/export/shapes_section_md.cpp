// The "Shapes and Definitions" section (see shapes_section_md.h).
#include "export/shapes_section_md.h"

#include "export/markdown_escape.h"

#include <QJsonObject>

#include <sstream>

namespace katlas {

std::string constAxesText(const KernelDefinition &definition)
{
    std::string out;
    const QJsonObject axes = definition.json.value(QLatin1String("axes")).toObject();
    for (auto it = axes.begin(); it != axes.end(); ++it) {
        const QJsonObject axis = it.value().toObject();
        if (axis.value(QLatin1String("type")).toString() != QLatin1String("const"))
            continue;
        out += (out.empty() ? "" : ", ") + it.key().toStdString() + "=" + std::to_string(axis.value(QLatin1String("value")).toInteger());
    }
    return out;
}

std::string shapesSectionMarkdown(const ModelDefinitions *definitions, const std::string &setup)
{
    std::ostringstream doc;
    doc << "## Shapes and Definitions\n\n";
    if (!definitions) {
        doc << "No model config was given: `--hf-config FILE --tp N` (the checkpoint's config.json and the "
               "tensor-parallel size) adds each kernel's shapes and flashinfer-trace definition here.\n\n";
        return doc.str();
    }
    doc << "Per GPU, for " << markdownText(setup) << ".\n\n| Op | Kernel | Definition | Const Axes |\n|---|---|---|---|\n";
    for (const DefinitionUse &u : definitions->uses) {
        if (u.definition.empty() && u.note.empty())
            continue;
        std::string axes;
        for (const KernelDefinition &d : definitions->definitions)
            if (d.name == u.definition)
                axes = constAxesText(d);
        doc << "| " << markdownText(u.op) << " | " << markdownText(u.kernel) << " | "
            << (u.definition.empty() ? "*" + markdownText(u.note) + "*" : markdownText(u.definition)) << " | "
            << markdownText(axes) << " |\n";
    }
    doc << '\n';
    return doc.str();
}

} // namespace katlas
