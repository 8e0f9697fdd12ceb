"""The master opponent on a fixed set of positions: its choice and its time.

    python benchmarks/master_positions.py [--positions N]

The positions come from seeded hands of the expert against the standard
opponent (the same every run): every position of the expert's seat where a
knock is allowed, and every fifth draw and throw besides.  For each one it
prints the hand, the top of the discard pile, what the expert would play,
what the master plays and how long the master took; then the median and the
99th percentile of those times.  A change of strength or speed shows up as
a diff of this output (the times aside).
"""

from __future__ import annotations

import argparse
import statistics
import time

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.engine import apply, format_cards, new_game, view


def positions(count: int) -> list:
    """``count`` views of seat 0 (the expert's) from seeded hands."""
    expert = get_opponent("expert", 0)
    standard = get_opponent("standard", 0)
    out = []
    seed = 0
    while len(out) < count:
        state = new_game(seed=f"positions-{seed}")
        seed += 1
        step = 0
        while state.phase in ("upcard", "draw", "discard"):
            v = view(state, state.current)
            if state.current == 0:
                kinds = {a.kind for a in v.legal_actions}
                if state.phase != "upcard" and len(kinds - {"timeout"}) > 1:
                    step += 1
                    if "knock" in kinds or step % 5 == 0:
                        out.append(v)
                action = expert.choose(v)
            else:
                action = standard.choose(v)
            state = apply(state, action)
    return out[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    args = parser.parse_args()
    master = get_opponent("master", 1)
    expert = get_opponent("expert", 1)
    times = []
    for i, v in enumerate(positions(args.positions)):
        t0 = time.perf_counter()
        choice = master.choose(v)
        ms = (time.perf_counter() - t0) * 1000
        times.append(ms)
        up = str(v.upcard) if v.upcard else "--"
        print(
            f"{i:3} {v.phase:7} stock {v.stock_size:2}  {format_cards(sorted(v.hand, key=lambda c: c.index)):33}"
            f" up {up:3}  expert {str(expert.choose(v)):16} master {str(choice):16} {ms:7.1f} ms"
        )
    times.sort()
    p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
    print(f"{len(times)} positions: median {statistics.median(times):.1f} ms, p99 {p99:.1f} ms, max {times[-1]:.1f} ms")


if __name__ == "__main__":
    main()
