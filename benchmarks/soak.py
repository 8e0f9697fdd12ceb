"""Memory over a long evening of play: many whole matches in one process.

    python benchmarks/soak.py [--matches N] [--ai LEVEL] [--seed S] [--no-trace] [--types]

Runs the real app (``gin-tui``'s own ``prepare``/``build_app``, saving every
move to a temporary data directory, in memory when ``/dev/shm`` is there)
headless under Textual's Pilot, with no pause before the computer's moves.
The player's seat is played through real key presses.  By default
(``--player quick``) as the quick player of a long evening plays: pass the
upcard, draw from the stock, go gin or knock as soon as the rules allow,
else throw the card just drawn (``p``, ``s``, ``g``/``k``/``⏎``); with
``--player standard`` a standard opponent of its own decides, and the move
is typed as a player would (a number key to pick the card, then ``⏎``,
``k`` or ``g``).  ``⏎`` on the end-of-hand summary (whose review starts in
a worker, as it always does, and is let finish), ``⏎`` then ``n`` at the end
of a match.

After each match it prints the process's resident memory (``VmRSS``), the
size ``tracemalloc`` traces (unless ``--no-trace``: tracing costs time and
memory of its own, so the RSS figures without it are the ones to quote), the
count of live Textual render-cache objects (``Strip``, ``Segment``
(Rich), ``FIFOCache``/``LRUCache``, ``StylesCache``) and the seconds the match
took.  At the end: RSS after the last match against the first, the slope of
the traced size per match after warm-up, and the median time of a hand's review.

To measure from outside, in a real terminal, see ``benchmarks/soak_tmux.sh``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

CACHE_TYPES = ("Strip", "Segment", "FIFOCache", "LRUCache", "StylesCache", "HandReview")
"""Types counted after each match: Textual's render caches, and the reviews kept."""


def rss_kb() -> int:
    """The resident set size of this process in kB (``VmRSS`` of ``/proc/self/status``)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def count_types(names=CACHE_TYPES) -> dict[str, int]:
    """How many objects of each named type the collector tracks now (after a
    collection), and under ``"objects"`` how many it tracks in all.

    ``Segment`` is a named tuple of immutable parts, which the collector stops
    tracking; those are counted through the lists and tuples that hold them."""
    gc.collect()
    objects = gc.get_objects()
    counts = dict.fromkeys(names, 0)
    counts["objects"] = len(objects)
    want = set(names)
    segment = "Segment" in want
    for obj in objects:
        name = type(obj).__name__
        if name in want:
            counts[name] += 1
        if segment and isinstance(obj, list | tuple):
            for item in obj if len(obj) < 10_000 else ():
                if type(item).__name__ == "Segment":
                    counts["Segment"] += 1
    return counts


@dataclass
class MatchFigures:
    """What was measured at the end of one match."""

    match: int
    hands: int
    rss_kb: int
    traced: int
    """Bytes traced by tracemalloc (0 when not tracing)."""
    seconds: float
    types: dict[str, int] = field(default_factory=dict)


@dataclass
class SoakResult:
    matches: list[MatchFigures] = field(default_factory=list)
    review_seconds: list[float] = field(default_factory=list)
    """The time of each hand's review (``review_hand``, in the app's worker)."""


def keys_for(action, hand_cards: list) -> list[str]:
    """The key presses that play ``action`` on the table, the hand shown in the order ``hand_cards``."""
    from ginrummy_tui.tui.widgets.hand import KEYS

    simple = {"take upcard": "t", "pass": "p", "draw stock": "s", "draw discard": "d", "big gin": "b"}
    if action.kind in simple:
        return [simple[action.kind]]
    pick = KEYS[hand_cards.index(action.card)]
    last = {"discard": "enter", "knock": "k", "gin": "g"}[action.kind]
    return [pick, last]


def quick_keys(v) -> list[str]:
    """The quick player's key on the table, from the player's view ``v``."""
    kinds = {a.kind for a in v.legal_actions}
    if v.phase == "upcard":
        return ["p"]
    if v.phase == "draw":
        return ["s"] if "draw stock" in kinds else ["d"]
    for kind, key in (("big gin", "b"), ("gin", "g"), ("knock", "k")):
        if kind in kinds:
            return [key]
    return ["enter"]  # the card just drawn is the one selected


async def _idle(app, pilot) -> None:
    """Wait until the computer has moved and every worker (the review too) is done,
    and the screen has been drawn."""
    for _ in range(1000):
        await app.workers.wait_for_complete()
        await pilot.pause()  # the screen is drawn, as in a terminal, after every change
        if not app.busy and not app.workers:
            return
    raise RuntimeError("the app never settled")


async def soak(
    matches: int,
    *,
    ai: str = "standard",
    seed: int = 1,
    player: str = "quick",
    rule: list[str] | None = None,
    size: tuple[int, int] = (80, 24),
    trace: bool = True,
    types: bool = False,
    data_dir: str | Path | None = None,
    on_match: Callable[[MatchFigures], None] | None = None,
) -> SoakResult:
    """Play ``matches`` whole matches in the app; measure after each one.

    ``rule`` changes rule options as ``--rule`` does (``["target=25"]`` for short matches)."""
    import ginrummy_tui.ai.review as review_module
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.tui.screens.game_screen import GameScreen
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen
    from ginrummy_tui.tui.widgets.hand import HandView

    result = SoakResult()
    review_hand = review_module.review_hand

    def timed_review(*args, **kwargs):
        t = time.perf_counter()
        try:
            return review_hand(*args, **kwargs)
        finally:
            result.review_seconds.append(time.perf_counter() - t)

    review_module.review_hand = timed_review  # the app's worker looks it up when each review starts
    shm = Path("/dev/shm")
    with tempfile.TemporaryDirectory(dir=shm if shm.is_dir() else None) as tmp:
        root = Path(data_dir) if data_dir is not None else Path(tmp)
        args = argparse.Namespace(
            ai=ai, rules=None, rule=rule, seed=seed, hand=None, ascii=None, no_mouse=None, pause=0.0, new=False,
            theme=None, data_dir=str(root),
        )
        plan = prepare(args, ask=None)
        app = build_app(plan, pause=0)
        chooser = get_opponent("standard", seed + 1) if player == "standard" else None
        if trace:
            tracemalloc.start()
        try:
            async with app.run_test(size=size) as pilot:
                started = time.perf_counter()
                hands = 0
                while len(result.matches) < matches:
                    await _idle(app, pilot)
                    screen = app.screen
                    if isinstance(screen, GameScreen):
                        v = app.session.view()
                        if not v.my_turn:
                            continue
                        if chooser is None:
                            keys = quick_keys(v)
                        else:
                            keys = keys_for(chooser.choose(v), list(screen.query_one(HandView).cards))
                        for key in keys:
                            await pilot.press(key)
                    elif isinstance(screen, SummaryScreen):
                        hands += 1
                        await pilot.press("enter")
                    elif isinstance(screen, MatchOverScreen):
                        figures = MatchFigures(
                            match=len(result.matches) + 1,
                            hands=hands,
                            rss_kb=rss_kb(),
                            traced=tracemalloc.get_traced_memory()[0] if trace else 0,
                            seconds=time.perf_counter() - started,
                            types=count_types() if types else {},
                        )
                        result.matches.append(figures)
                        if on_match is not None:
                            on_match(figures)
                        hands = 0
                        started = time.perf_counter()
                        await pilot.press("n")
                    else:
                        raise RuntimeError(f"unexpected screen {type(screen).__name__}")
        finally:
            if trace:
                tracemalloc.stop()
            plan.close()
            review_module.review_hand = review_hand
    return result


def slope(ys: list[float]) -> float:
    """The least-squares slope of ``ys`` against 0, 1, 2, ..."""
    n = len(ys)
    if n < 2:
        return 0.0
    mx = (n - 1) / 2
    my = sum(ys) / n
    return sum((x - mx) * (y - my) for x, y in enumerate(ys)) / sum((x - mx) ** 2 for x in range(n))


def steady_slope(ys: list[float]) -> float:
    """The median of the slopes between every two of ``ys`` (against 0, 1, 2, ...).

    What grows from match to match raises every pair; one count caught with a
    toast or a screen still on its way out raises only the pairs it is in, so
    it moves this figure little where it can double the least-squares slope."""
    slopes = sorted((ys[j] - ys[i]) / (j - i) for i in range(len(ys)) for j in range(i + 1, len(ys)))
    return statistics.median(slopes) if slopes else 0.0


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=100)
    p.add_argument("--ai", default="standard", choices=("easy", "standard", "expert"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--player", default="quick", choices=("quick", "standard"), help="how the player's seat plays")
    p.add_argument("--rule", action="append", default=None, metavar="OPTION=VALUE", help="as gin-tui's --rule")
    p.add_argument("--no-trace", action="store_true", help="do not run tracemalloc (RSS without its overhead)")
    p.add_argument("--types", action="store_true", help="count objects (render caches, reviews, all) after each match")
    p.add_argument("--warm-up", type=int, default=3, help="matches left out of the slope")
    args = p.parse_args(argv)

    head = f"{'match':>5} {'hands':>5} {'RSS MB':>7} {'traced MB':>9} {'s':>6}"
    if args.types:
        head += "  " + " ".join(f"{t:>11}" for t in (*CACHE_TYPES, "objects"))
    print(head, flush=True)

    def show(f: MatchFigures) -> None:
        line = f"{f.match:5d} {f.hands:5d} {f.rss_kb / 1024:7.1f} {f.traced / 2**20:9.2f} {f.seconds:6.1f}"
        if f.types:
            line += "  " + " ".join(f"{f.types[t]:11d}" for t in (*CACHE_TYPES, "objects"))
        print(line, flush=True)

    t0 = time.perf_counter()
    result = asyncio.run(
        soak(args.matches, ai=args.ai, seed=args.seed, player=args.player, rule=args.rule, trace=not args.no_trace, types=args.types, on_match=show)
    )
    ms = result.matches
    first, last = ms[0], ms[-1]
    peak = max(f.rss_kb for f in ms)
    print(
        f"{len(ms)} matches, {sum(f.hands for f in ms)} hands in {time.perf_counter() - t0:.0f} s; "
        f"RSS after match 1 {first.rss_kb / 1024:.1f} MB, after match {last.match} {last.rss_kb / 1024:.1f} MB "
        f"({last.rss_kb / first.rss_kb:.2f}x), peak {peak / 1024:.1f} MB"
    )
    after = ms[args.warm_up:]
    if len(after) >= 2:
        print(
            f"after {args.warm_up} warm-up matches: RSS slope {slope([f.rss_kb for f in after]):+.1f} kB/match"
            + (f", traced slope {slope([f.traced for f in after]) / 1024:+.1f} kB/match" if not args.no_trace else "")
            + (f", objects tracked {steady_slope([f.types['objects'] for f in after]):+.1f} a match" if args.types else "")
        )
    if result.review_seconds:
        rs = result.review_seconds
        print(f"review: median {statistics.median(rs):.3f} s a hand, max {max(rs):.3f} s ({len(rs)} hands)")


if __name__ == "__main__":
    sys.exit(main())
