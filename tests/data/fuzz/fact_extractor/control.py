import os
from contextlib import contextmanager

USE_FAST = os.environ.get("USE_FAST", "0") == "1"


@contextmanager
def scope(tag):
    try:
        yield tag
    finally:
        pass


async def step(model, batch, *, mode="decode"):
    global USE_FAST
    async with model.lock:
        for i, item in enumerate(batch):
            while item.pending():
                if mode == "decode" and not USE_FAST:
                    await model.decode(item)
                    break
                elif mode == "extend":
                    continue
            else:
                model.extend(item)
    with scope("x") as s, open(s) as f:
        data = {k: v for k, v in zip(f, range(3)) if v}
    match mode:
        case "decode" | "extend":
            return data
        case _:
            return None
