"""Speed of hints and hand reviews.

Plays hands (the standard opponent on both seats, seeded) and prints the time
of a hint (the expert's choice plus its reason) per decision, and the time of
the whole review of each hand (as the app computes it, in a worker, when the
hand ends), with the number of the player's decisions per hand and of the
differences only in knocking (a knock against waiting, whose cost is played
out on the hints' guessed deals, the player lying in wait) and the standard
errors of their costs.
Run: ``python benchmarks/review.py [HANDS] [--costs]``; with ``--costs`` it
also prints each hand's reviewed differences and their costs, one line a
hand, so that two versions can be checked to give the same reviews (run the
script of one with the other first on ``PYTHONPATH``).
"""

from __future__ import annotations

import statistics
import sys
import time

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.hints import hint
from ginrummy_tui.ai.review import KNOCK_DEALS, MORE_SAMPLES, PRECISION, review_hand
from ginrummy_tui.engine import apply, new_game, view
from ginrummy_tui.tui.screens.review_screen import SAMPLES


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def main(hands: int = 20, costs: bool = False) -> None:
    bot = get_opponent("standard", 0)
    hint_ms: list[float] = []
    review_s: list[float] = []
    decisions: list[int] = []
    knock_errors: list[float] = []
    for seed in range(hands):
        s = new_game(seed=seed)
        while s.phase in ("upcard", "draw", "discard"):
            v = view(s, s.current)
            if s.current == 0:
                t0 = time.perf_counter()
                hint(v)
                hint_ms.append((time.perf_counter() - t0) * 1000)
            s = apply(s, bot.choose(v))
        t0 = time.perf_counter()
        r = review_hand(s, 0, samples=SAMPLES)
        review_s.append(time.perf_counter() - t0)
        decisions.append(r.decisions)
        if costs:
            print(f"hand {seed}: {r.decisions} decisions;", "; ".join(f"{m.index} {m.played} / {m.suggested}: {m.cost}" for m in r.mistakes))
        knock_errors += [m.error for m in r.mistakes if m.knock_only]
    print(
        f"hands: {hands}, samples per reviewed decision: {SAMPLES}, up to {SAMPLES * MORE_SAMPLES} "
        f"while a cost's standard error is above {PRECISION} points ({KNOCK_DEALS} for a knock against waiting)"
    )
    print(f"hint:   median {statistics.median(hint_ms):.1f} ms, p99 {_pct(hint_ms, 0.99):.1f} ms ({len(hint_ms)} hints)")
    print(
        f"review: median {statistics.median(review_s):.2f} s, max {max(review_s):.2f} s per hand "
        f"(median {statistics.median(decisions):.0f} decisions of the player per hand)"
    )
    print(f"differences only in knocking (a knock against waiting): {len(knock_errors)} in {hands} hands", end="")
    if knock_errors:
        print(
            f", their costs' standard error {min(knock_errors):.2f} to {max(knock_errors):.2f} points "
            f"(median {statistics.median(knock_errors):.2f})",
            end="",
        )
    print()


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--costs"]
    main(int(args[0]) if args else 20, costs="--costs" in sys.argv[1:])
