"""Speed of the deadwood solver and of settling a knock.

    python benchmarks/solver.py

1. ``speed()``: microseconds per call for ``deadwood()`` on random 10-card
   hands and on meld-rich hands, and for finding the best discard of 11 cards
   (the median of several rounds); and the least deadwood a throw from 11
   cards leaves, found by ``after_throw_mask`` in one pass and by a solver
   call for each card, side by side on the same hands.
2. ``cold_vs_openspiel()``: ``deadwood()`` on hands each seen once, side by
   side with OpenSpiel's C++ ``min_deadwood`` called from Python, on random
   10-card hands and on meld-rich ones (10 cards from the ranks ace to six).
   Both are timed on the same block of hands, one after the other (the order
   alternating), block after block; the ratio printed is the median of the
   blocks' ratios, so that other work on the machine weighs on both sides
   alike.  OpenSpiel is only for this benchmark (``pip install open_spiel``),
   never a dependency of gin-tui; without it the section says so.
   It also prints the solver's time on the same hands met a second time
   through a dictionary in front of it (what a cache would give), which is
   why the solver keeps none: the cold call costs about what the look-up does.
3. ``bench_knocks()``: the median and 99th percentile of ``score_knock()``
   over 10,000 random knocks, each knock timed on its own (the fastest of 3
   calls).  ``--against REV`` also times the ``score_knock`` of that git
   revision on the same knocks, interleaved with the current one, so that the
   two are measured side by side.  ``--knocks-only`` runs this section alone.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from ginrummy_tui.engine import DECK, Card, after_throw_mask, best_discard, deadwood, deadwood_mask, score_knock

N = 100_000
ROUNDS = 5


def _rounds(fn, items) -> float:
    times = []
    for _ in range(ROUNDS):
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


def speed() -> None:
    """Microseconds per call of ``deadwood`` and ``best_discard``."""
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
    after_throw_side_by_side(rng)


def _least_by_throws(mask: int) -> int:
    """The least deadwood a throw from ``mask`` leaves, one solver call a card."""
    best = 1 << 30
    rest = mask
    while rest:
        b = rest & -rest
        rest ^= b
        d = deadwood_mask(mask ^ b)
        if d < best:
            best = d
    return best


def after_throw_side_by_side(rng: random.Random) -> None:
    """``after_throw_mask`` (one pass) against a solver call for each card of the
    hand, on the same random and meld-rich 11-card hands, block by block in
    alternating order; the answers are checked equal first."""
    for name, pool in (("random", DECK), ("meld-rich (A-6)", [c for c in DECK if c.rank <= 6])):
        masks = [sum(c.bit for c in rng.sample(pool, 11)) for _ in range(20_000)]
        if any(after_throw_mask(m) != _least_by_throws(m) for m in masks):
            sys.exit("after_throw_mask disagrees with a solver call for each card")
        ours, theirs, ratio = _side_by_side(after_throw_mask, _least_by_throws, masks, masks)
        print(
            f"least deadwood after a throw, {name} 11 cards: after_throw_mask {ours:5.2f} us, "
            f"a solver call a card {theirs:5.2f} us (ratio {ratio:.2f})"
        )


# ---------------------------------------------------------------- against OpenSpiel

COLD_HANDS = 40_000
BLOCK = 500


def _distinct_hands(rng: random.Random, pool: list, n: int) -> list[tuple]:
    seen: set[int] = set()
    out = []
    while len(out) < n:
        hand = tuple(rng.sample(pool, 10))
        m = sum(c.bit for c in hand)
        if m not in seen:
            seen.add(m)
            out.append(hand)
    return out


def _time_calls(fn, items) -> float:
    t0 = time.perf_counter()
    for it in items:
        fn(it)
    return time.perf_counter() - t0


def _side_by_side(ours, theirs, our_items, their_items) -> tuple[float, float, float]:
    """Median us/call of each side and the median of the blocks' ratios."""
    a_us, b_us, ratios = [], [], []
    for k, i in enumerate(range(0, len(our_items), BLOCK)):
        mine, other = our_items[i : i + BLOCK], their_items[i : i + BLOCK]
        if k % 2:
            b = _time_calls(theirs, other)
            a = _time_calls(ours, mine)
        else:
            a = _time_calls(ours, mine)
            b = _time_calls(theirs, other)
        a_us.append(a / len(mine) * 1e6)
        b_us.append(b / len(mine) * 1e6)
        ratios.append(a / b)
    return statistics.median(a_us), statistics.median(b_us), statistics.median(ratios)


def _cached_solver():
    """``deadwood_mask`` behind a dictionary, as a cache would put it."""
    cache: dict[int, int] = {}
    get = cache.get

    def warm(m: int) -> int:
        got = get(m)
        if got is None:
            got = cache[m] = deadwood_mask(m)
        return got

    return warm


def cold_vs_openspiel(n: int = COLD_HANDS) -> None:
    """``deadwood`` on hands each seen once, against OpenSpiel's ``min_deadwood``."""
    try:
        import pyspiel
    except ImportError:
        print("OpenSpiel is not installed (pip install open_spiel): no side-by-side figures")
        return
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    rng = random.Random(15)
    low = [c for c in DECK if c.rank <= 6]
    sets = {
        "random 10-card hands": (_distinct_hands(rng, list(DECK), n), 1.2),
        "meld-rich (ranks A-6)": (_distinct_hands(rng, low, n), 1.5),
    }
    print(f"cold solver against OpenSpiel's C++ min_deadwood ({n} distinct hands each, blocks of {BLOCK}):")
    for name, (hands, target) in sets.items():
        # OpenSpiel numbers its cards differently; deadwood does not depend on the suits' order
        ints = [[c.index for c in h] for h in hands]
        ours, theirs, ratio = _side_by_side(deadwood, utils.min_deadwood, hands, ints)
        wrong = sum(deadwood(h) != utils.min_deadwood(i) for h, i in zip(hands, ints))
        if wrong:
            print(f"  {name}: {wrong} hands disagree with OpenSpiel!")
        print(
            f"  {name:22}: deadwood {ours:5.2f} us, OpenSpiel {theirs:5.2f} us, ratio {ratio:4.2f}x (target <= {target}x)"
        )
        masks = [sum(c.bit for c in h) for h in hands]
        warm = _cached_solver()
        for m in masks:
            warm(m)
        cold_m, warm_m, r = _side_by_side(deadwood_mask, warm, masks, masks)
        print(f"  {'':22}  deadwood_mask: cold {cold_m:5.2f} us, warm (cached) {warm_m:5.2f} us, cold / warm {r:4.2f}x")


# ---------------------------------------------------------------- settling a knock

KNOCKS = 10_000
REPEATS = 3
"""Each knock is settled this many times and the fastest kept, so that another
process taking the CPU for a moment does not count as the knock's cost."""


def _random_meld(rng: random.Random) -> list[Card]:
    if rng.random() < 0.45:
        rank = rng.randint(1, 13)
        return [Card(rank, s) for s in rng.sample("SHDC", rng.choice((3, 3, 3, 4)))]
    k = rng.choice((3, 3, 3, 4, 4, 5))
    lo = rng.randint(1, 14 - k)
    suit = rng.choice("SHDC")
    return [Card(r, suit) for r in range(lo, lo + k)]


def random_knock(rng: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A knocker's 10 cards with 1..10 deadwood (two or three melds and the
    rest at random) and a defender's 10 from the other cards: half of them
    at random, half built around melds of their own too."""
    while True:
        cards: set[Card] = set()
        for _ in range(rng.choice((2, 2, 3))):
            cards.update(_random_meld(rng))
        if len(cards) > 10:
            continue
        rest = [c for c in DECK if c not in cards]
        cards.update(rng.sample(rest, 10 - len(cards)))
        if 1 <= deadwood(cards) <= 10:
            break
    knocker = tuple(cards)
    rest = [c for c in DECK if c not in cards]
    defender: set[Card] = set()
    if rng.random() < 0.5:
        for _ in range(rng.choice((1, 2))):
            defender.update(c for c in _random_meld(rng) if c not in cards)
        defender = set(list(defender)[:10])
    defender.update(rng.sample([c for c in rest if c not in defender], 10 - len(defender)))
    return knocker, tuple(defender)


def _old_score_knock(rev: str):
    """``score_knock`` as it was at git revision ``rev``."""
    root = Path(__file__).resolve().parent.parent
    src = subprocess.run(
        ["git", "-C", str(root), "show", f"{rev}:ginrummy_tui/engine/scoring.py"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    spec = importlib.util.spec_from_loader("ginrummy_tui.engine._scoring_old", loader=None)
    assert spec is not None
    mod = importlib.util.module_from_spec(spec)
    mod.__package__ = "ginrummy_tui.engine"
    sys.modules[spec.name] = mod  # dataclasses look their module up
    exec(compile(src, f"{rev}:scoring.py", "exec"), mod.__dict__)
    return mod.score_knock


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def bench_knocks(against: str | None) -> None:
    rng = random.Random(12)
    knocks = [random_knock(rng) for _ in range(KNOCKS)]
    fns = {"score_knock()": score_knock}
    if against:
        fns[f"score_knock() at {against}"] = _old_score_knock(against)
    times: dict[str, list[float]] = {name: [] for name in fns}
    clock = time.perf_counter
    for k, d in knocks:
        best = dict.fromkeys(fns, float("inf"))
        for _ in range(REPEATS):
            for name, fn in fns.items():  # interleaved: both see the same machine load
                t0 = clock()
                fn(k, d)
                best[name] = min(best[name], clock() - t0)
        for name, t in best.items():
            times[name].append(t * 1e6)
    for name, ts in times.items():
        print(
            f"{name + ', ' + format(KNOCKS, ',') + ' random knocks':<46}: "
            f"median {statistics.median(ts):7.1f} us, p99 {_pct(ts, 0.99):8.1f} us, max {max(ts):8.1f} us"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description="Speed of the deadwood solver and of settling a knock.")
    parser.add_argument("--against", metavar="REV", help="also time score_knock at this git revision")
    parser.add_argument("--knocks-only", action="store_true", help="time score_knock only")
    args = parser.parse_args()
    if not args.knocks_only:
        speed()
        print()
        cold_vs_openspiel()
        print()
    bench_knocks(args.against)


if __name__ == "__main__":
    main()
