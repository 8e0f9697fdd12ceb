"""Saving after every move: how long one save takes (encode, check, atomic
write with fsync), how long loading and checking a save takes, how big a save
is, and the whole on_change hook (recording the statistics too).

Plays random legal moves from seeded deals in a temporary data directory.
Run: ``python benchmarks/save.py``.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ginrummy_tui.engine import PRESETS, apply, legal_actions, new_game  # noqa: E402
from ginrummy_tui.session.keeper import Keeper  # noqa: E402
from ginrummy_tui.storage.store import Store, encode_save, read_save  # noqa: E402  # noqa: E402  # noqa: E402  # noqa: E402  # noqa: E402  # noqa: E402  # noqa: E402  # noqa: E402

MOVES = 400


def states(n: int) -> list:
    rng = random.Random(1)
    out = []
    state = new_game(PRESETS["standard"], seed=1)
    while len(out) < n:
        acts = [a for a in legal_actions(state) if a.kind != "timeout"]
        state = apply(state, rng.choice(acts))
        if state.over:
            state = new_game(PRESETS["standard"], seed=len(out))
        out.append(state)
    return out


def ms(values: list[float]) -> str:
    values = sorted(values)
    return (
        f"median {statistics.median(values) * 1000:.2f} ms, "
        f"p95 {values[int(len(values) * 0.95)] * 1000:.2f} ms, max {values[-1] * 1000:.2f} ms"
    )


def main() -> None:
    played = states(MOVES)
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        store = Store(root)
        enc, save, load, sizes = [], [], [], []
        for s in played:
            t0 = time.perf_counter()
            text = encode_save(s, match_id="bench", settings={"ai": "standard"})
            t1 = time.perf_counter()
            store.save(s, match_id="bench", settings={"ai": "standard"})
            t2 = time.perf_counter()
            read_save(store.path)
            t3 = time.perf_counter()
            enc.append(t1 - t0)
            save.append(t2 - t1)
            load.append(t3 - t2)
            sizes.append(len(text.encode()))
        keeper = Keeper(Store(root, "hook.json"), settings={"ai": "standard"})
        hook = []
        for s in played:
            t0 = time.perf_counter()
            keeper.on_change(s)
            hook.append(time.perf_counter() - t0)
    print(f"{MOVES} states from random play")
    print(f"encode and check a save:          {ms(enc)}")
    print(f"save (encode, check, write+fsync): {ms(save)}")
    print(f"load and check a save:            {ms(load)}")
    print(f"on_change (save + statistics):     {ms(hook)}")
    print(f"save size: median {statistics.median(sizes) / 1024:.1f} KiB, max {max(sizes) / 1024:.1f} KiB")


if __name__ == "__main__":
    main()
