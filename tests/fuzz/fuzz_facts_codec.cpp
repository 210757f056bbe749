// libFuzzer target: the stored-facts decoder on damaged blobs, as read back
// from an index. What it accepts must encode and decode to itself.
#include "blob_framing.h"
#include "fuzz_check.h"


extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const katlas::EncodedFacts in = katlas::fuzz::splitBlobs(data, size);
    katlas::decodeFacts(in.declarations);
    std::vector<katlas::AssignmentFact> locals;
    katlas::decodeLocals(in.locals, locals);
    std::vector<katlas::CallFact> calls;
    katlas::decodeCalls(in.calls, calls);
    const std::optional<katlas::ModuleFacts> facts = katlas::decodeFacts(in.declarations, in.locals, in.calls);
    if (!facts)
        return 0;
    const katlas::EncodedFacts again = katlas::encodeFacts(*facts);
    katlas::fuzz::fuzzCheck(katlas::decodeFacts(again.declarations, again.locals, again.calls) == facts,
                            "accepted facts do not survive their own encoding");
    return 0;
}
