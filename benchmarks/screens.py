"""How long the screens over the table take to open, with their size classes set before
they are shown and without (as before), side by side in one run.

    PYTHONPATH=. python benchmarks/screens.py [--runs N] [--size 80x24]

In the app run headless (Textual's test driver), from a key (F1 the rule sheet, F2 the
settings, F3 the statistics, c the score table) until that screen is on top and one more
pass of the loop has run (it is drawn), then Esc.  Each screen is opened ``--runs`` times
each way, the two ways alternating, after one opening each way not counted.  "before" is
the app with its screens given their size classes (``-narrow``, ``-tall``...) only by their
first resize, once their widgets were styled (which restyled them all again).  Prints the
median and the 90th percentile of each, and the ratio of the medians.
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import tempfile
import time
from typing import Any

KEYS = {"f1": "RulesScreen", "f2": "SettingsScreen", "f3": "StatsScreen", "c": "ScoreScreen"}


async def open_times(key: str, sized: bool, runs: int, size: tuple[int, int], home: str) -> list[float]:
    """Open the screen of ``key`` ``runs`` times (after one opening not counted); seconds each."""
    import os

    os.environ["GIN_TUI_HOME"] = home
    from ginrummy_tui.tui.app import GinApp, make_app

    app = make_app(seed=3, ai="standard", pause=0)
    if not sized:  # as before: each screen as Textual shows it, its size classes set by its first resize
        def unsized(screen: Any) -> Any:
            return screen

        app._sized = unsized  # type: ignore[method-assign]
    assert isinstance(app, GinApp)
    times: list[float] = []
    async with app.run_test(size=size) as pilot:
        for _ in range(10):
            await pilot.pause()
        base = app.screen
        for n in range(runs + 1):
            start = time.perf_counter()
            await pilot.press(key)
            while type(app.screen).__name__ != KEYS[key]:
                await pilot.pause(0.002)
            await pilot.pause()
            if n:
                times.append(time.perf_counter() - start)
            await pilot.press("escape")
            while app.screen is not base:
                await pilot.pause(0.01)
            await pilot.pause(0.05)
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=12, help="openings of each screen each way (default 12)")
    ap.add_argument("--size", default="80x24", help="the terminal's size, WxH (default 80x24)")
    args = ap.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    home = tempfile.mkdtemp(prefix="gin-screens-")
    try:
        report(args.runs, (w, h), home)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return 0


def report(runs: int, size: tuple[int, int], home: str) -> None:
    """Each screen opened ``runs`` times each way; a line of figures each."""
    w, h = size
    print(f"screens over the table at {w}x{h}, {runs} openings each way, ms (median / p90)")
    for key, name in KEYS.items():
        now: list[float] = []
        before: list[float] = []
        for _ in range(runs // 3 or 1):  # alternating, in rounds of three openings each way
            now += asyncio.run(open_times(key, True, 3, size, home))
            before += asyncio.run(open_times(key, False, 3, size, home))

        def fig(xs: list[float]) -> str:
            xs = sorted(xs)
            return f"{statistics.median(xs) * 1000:6.1f} / {xs[int(0.9 * (len(xs) - 1))] * 1000:6.1f}"

        ratio = statistics.median(now) / statistics.median(before)
        print(f"{key:>3} {name:<15} now {fig(now)}   before {fig(before)}   ratio {ratio:.2f}")


if __name__ == "__main__":
    raise SystemExit(main())
