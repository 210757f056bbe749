// Import statements read into facts (see import_facts.h).
#include "parse/import_facts.h"

namespace katlas {
namespace {

// `import a.b` and `import a.b as c`.
std::vector<ImportFact> plainImports(const SyntaxSource &source, TSNode n)
{
    std::vector<ImportFact> out;
    const uint32_t count = ts_node_child_count(n);
    for (uint32_t i = 0; i < count; ++i) {
        TSNode c = ts_node_child(n, i);
        ImportFact imp;
        if (isType(c, "dotted_name")) {
            imp.module = source.text(c);
        } else if (isType(c, "aliased_import")) {
            imp.module = source.text(field(c, "name"));
            imp.alias = source.text(field(c, "alias"));
        } else {
            continue;
        }
        out.push_back(std::move(imp));
    }
    return out;
}

// The module of `from <module> import`: its name and how many dots lead it.
void readFromModule(const SyntaxSource &source, TSNode c, ImportFact &base)
{
    if (isType(c, "dotted_name")) {
        base.module = source.text(c);
        return;
    }
    if (!isType(c, "relative_import"))
        return;
    const uint32_t count = ts_node_child_count(c);
    for (uint32_t j = 0; j < count; ++j) {
        TSNode r = ts_node_child(c, j);
        if (isType(r, "import_prefix"))
            base.level = static_cast<int>(source.text(r).size());
        else if (isType(r, "dotted_name"))
            base.module = source.text(r);
    }
}

} // namespace

std::vector<ImportFact> importsOf(const SyntaxSource &source, TSNode n)
{
    if (isType(n, "import_statement"))
        return plainImports(source, n);
    std::vector<ImportFact> out;
    ImportFact base;
    bool afterImport = false;
    const uint32_t count = ts_node_child_count(n);
    for (uint32_t i = 0; i < count; ++i) {
        TSNode c = ts_node_child(n, i);
        if (!afterImport) {
            if (isType(c, "import"))
                afterImport = true;
            else
                readFromModule(source, c, base);
            continue;
        }
        ImportFact imp = base;
        if (isType(c, "dotted_name")) {
            imp.name = source.text(c);
        } else if (isType(c, "aliased_import")) {
            imp.name = source.text(field(c, "name"));
            imp.alias = source.text(field(c, "alias"));
        } else if (isType(c, "wildcard_import")) {
            imp.name = "*";
        } else {
            continue;
        }
        out.push_back(std::move(imp));
    }
    return out;
}

} // namespace katlas
