"""Speed of the deadwood solver.

Prints microseconds per call for ``deadwood()`` on random 10-card hands and on
meld-rich hands, and for finding the best discard of 11 cards.  The median of
several rounds is reported.  Run: ``python benchmarks/solver.py``.
"""

from __future__ import annotations

import random
import statistics
import time

from ginrummy_tui.engine import DECK, Card, best_discard, deadwood
from ginrummy_tui.engine.melds import _CACHE

N = 100_000
ROUNDS = 5


def _rounds(fn, items) -> float:
    times = []
    for _ in range(ROUNDS):
        _CACHE.clear()  # no help from earlier rounds
        t0 = time.perf_counter()
        for it in items:
            fn(it)
        times.append((time.perf_counter() - t0) / len(items) * 1e6)
    return statistics.median(times)


def _meld_rich(rng: random.Random) -> tuple:
    """A 10-card hand built from overlapping sets and runs (e.g. 4-8S 4-6C 4-5D)."""
    while True:
        cards: set = set()
        rank = rng.randint(1, 10)
        # a rank held in three or four suits, with runs through it
        for suit in rng.sample("SHDC", rng.choice((3, 4))):
            lo = max(1, rank - rng.randint(0, 2))
            hi = min(13, rank + rng.randint(0, 3))
            for r in range(lo, hi + 1):
                cards.add(Card(r, suit))
        if rng.random() < 0.5:  # a second set
            r2 = rng.randint(1, 13)
            for suit in rng.sample("SHDC", 3):
                cards.add(Card(r2, suit))
        cards = set(list(cards)[:10]) if len(cards) > 10 else cards
        while len(cards) < 10:
            cards.add(rng.choice(DECK))
        hand = tuple(cards)
        if len(hand) == 10:
            return hand


def main() -> None:
    rng = random.Random(2026)
    hands10 = [tuple(rng.sample(DECK, 10)) for _ in range(N)]
    rich_many = [_meld_rich(rng) for _ in range(N // 10)]
    hands11 = [tuple(rng.sample(DECK, 11)) for _ in range(N // 10)]

    r10 = _rounds(deadwood, hands10)
    rr = _rounds(deadwood, rich_many)
    r11 = _rounds(best_discard, hands11)
    print(f"deadwood(), random 10-card hands : {r10:6.2f} us/call  (target <= 3)")
    print(f"deadwood(), meld-rich hands      : {rr:6.2f} us/call  (target <= 8)")
    print(f"best_discard(), random 11 cards  : {r11:6.2f} us/call  (target <= 15)")


if __name__ == "__main__":
    main()
