// libFuzzer target: the Python fact extractor on arbitrary source text, as
// the indexer runs it on each file. The facts it returns must survive the
// stored-facts codec unchanged.
#include "parse/fact_extractor.h"
#include "parse/python_parser.h"
#include "store/facts_codec.h"
#include "fuzz_check.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static katlas::PythonParser parser;
    katlas::ModuleFacts facts;
    facts.repo = "fuzz";
    facts.path = "pkg/fuzz.py";
    facts.module = "pkg.fuzz";
    katlas::extractFacts(parser, std::string_view(reinterpret_cast<const char *>(data), size), facts);
    const katlas::EncodedFacts blobs = katlas::encodeFacts(facts);
    katlas::fuzz::fuzzCheck(katlas::decodeFacts(blobs.declarations, blobs.locals, blobs.calls) == facts,
                            "what the index stores is not what was extracted");
    return 0;
}
