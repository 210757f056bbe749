// See path_tensor_binding.h.
#include "shapes/path_tensor_binding.h"

#include <algorithm>
#include <cctype>
#include <tuple>

namespace katlas {

std::pair<std::string, std::string> splitName(const std::string &text)
{
    size_t end = 0;
    while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
        ++end;
    if (end == 0 || std::isdigit(static_cast<unsigned char>(text[0])))
        return {};
    if (end < text.size() && text[end] != '.' && text[end] != '[')
        return {};
    return {text.substr(0, end), text.substr(end)};
}

namespace {

constexpr int kMaxSteps = 16;

bool isAttributeOfSelf(const std::string &text)
{
    const auto [head, rest] = splitName(text);
    return head == "self" && rest.size() > 1 && rest[0] == '.' && splitName(rest.substr(1)).second.empty();
}

struct Receiver {
    bool sameSelf = false;   // the caller's own `self`
    std::string module;      // else `self.<attr>` of the caller's class
};

// What the call of `frame` runs its callee on.
Receiver receiverOf(const CallIndex &index, const PathFrame &frame, const SourceFunction &callee)
{
    const std::string &text = index.site(frame.siteId).callee;
    std::string receiver;
    if (text.size() > callee.name.size() + 1 && text.ends_with("." + callee.name))
        receiver = text.substr(0, text.size() - callee.name.size() - 1);
    else if (callee.name == "forward" || callee.name == "__call__")
        receiver = text; // the instance is called
    else if (isAttributeOfSelf(text) && index.classOf(frame.callerId) == index.classOf(frame.calleeId))
        receiver = "self"; // a bound method of its own kept in an attribute
    if (receiver == "self" || receiver == "super()")
        return {true, {}};
    if (isAttributeOfSelf(receiver) && !index.classOf(frame.callerId).empty())
        return {false, receiver};
    return {};
}

} // namespace

TensorOrigin tensorOrigin(const CallIndex &index, const SourceCalls &calls, const std::vector<PathFrame> &frames,
                          size_t frame, const std::string &expression, const LocalReading &locals)
{
    auto [head, rest] = splitName(expression);
    size_t k = frame;
    for (int step = 0; step < kMaxSteps && !head.empty() && k < frames.size(); ++step) {
        const std::optional<SourceFunction> fn = calls.function(frames[k].callerId);
        if (!fn)
            return {};
        if (k == 0) {
            // Where the path starts: only the caller's own attributes are known.
            const auto [member, after] = splitName(rest.size() > 1 && rest[0] == '.' ? rest.substr(1) : std::string());
            const bool self = fn->method && !fn->params.empty() && fn->params.front() == head;
            if (!self || member.empty() || index.classOf(frames[0].callerId).empty())
                return {};
            return {TensorOrigin::Kind::OwnMember, index.classOf(frames[0].callerId), {}, member, after};
        }
        const PathFrame &entry = frames[k - 1]; // the call that entered this function
        const bool self = fn->method && !fn->params.empty() && fn->params.front() == head;
        if (self) {
            const Receiver r = receiverOf(index, entry, *fn);
            if (r.sameSelf) {
                --k;
                continue;
            }
            if (r.module.empty())
                return {};
            const auto [member, after] = splitName(rest.empty() ? std::string() : rest.substr(1));
            if (member.empty() || rest[0] != '.')
                return {};
            return {TensorOrigin::Kind::ModuleMember, index.classOf(entry.callerId), r.module, member, after};
        }
        const bool entryPoint = fn->name == "forward" || fn->name == "__call__";
        if (fn->method && entryPoint && fn->params.size() > 1 && fn->params[1] == head) {
            const Receiver r = receiverOf(index, entry, *fn);
            if (!r.module.empty())
                return {TensorOrigin::Kind::ModuleInput, index.classOf(entry.callerId), r.module, {}, rest};
        }
        if (std::find(fn->params.begin(), fn->params.end(), head) == fn->params.end()) {
            // A local: what it stands for, in this function.
            const std::optional<std::string> read = locals ? locals(k, head + rest) : std::nullopt;
            if (!read)
                return {};
            std::tie(head, rest) = splitName(*read);
            continue;
        }
        const std::optional<SourceCall> call = calls.call(entry.siteId);
        if (!call)
            return {};
        const bool bound = call->callee.find('.') != std::string::npos || entryPoint;
        const std::optional<std::string> argument = argumentFor(*call, *fn, head, bound);
        if (!argument)
            return {};
        auto [nextHead, nextRest] = splitName(*argument);
        head = std::move(nextHead);
        rest = nextRest + rest;
        --k;
    }
    return {};
}

} // namespace katlas
