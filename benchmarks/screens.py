"""How long the screens over the table take to open, with one of their speed-ups and
without it (as before), side by side in one run.

    PYTHONPATH=. python benchmarks/screens.py [--runs N] [--size 80x24] [--compare sized|resume|styles] [--cpu]

In the app run headless (Textual's test driver), from a key (F1 the rule sheet, F2 the
settings, F3 the statistics, c the score table) until that screen is on top and one more
pass of the loop has run (it is drawn), then Esc.  Each screen is opened ``--runs`` times
each way, the two ways alternating, after one opening each way not counted.  Prints the
median and the 90th percentile of each, and the ratio of the medians.  "before" is the app

* ``--compare sized`` (the default): with its screens given their size classes
  (``-narrow``, ``-tall``...) only by their first resize, once their widgets were styled
  (which restyled them all again);
* ``--compare resume``: with every screen's widgets styled again when it is first shown,
  as Textual does (:class:`StyledOnce`);
* ``--compare styles``: the first opening of each screen in a new app (``--runs`` apps each
  way), with the screens' style sheets read as the app starts (:data:`SCREEN_STYLES`) and
  without (each read as its screen first opens, as before); each line also gives the app's
  start, from the headless app's launch to its table drawn and settled.
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


async def open_times(
    key: str, now: bool, compare: str, runs: int, size: tuple[int, int], home: str, cpu: bool = False
) -> list[float]:
    """Open the screen of ``key`` ``runs`` times (after one opening not counted); seconds each,
    of the processor's time with ``cpu`` (the work done, less shaken by a busy machine)."""
    import os

    os.environ["GIN_TUI_HOME"] = home
    from ginrummy_tui.tui.app import SCREEN_STYLES, GinApp, make_app

    css_path = GinApp.CSS_PATH
    if not now and compare == "styles":  # each screen's sheet read as it first opens
        GinApp.CSS_PATH = [path for path in css_path if path not in SCREEN_STYLES]
    try:
        app = make_app(seed=3, ai="standard", pause=0)
    finally:
        GinApp.CSS_PATH = css_path

    def as_textual(screen: Any) -> Any:  # the screen left as Textual shows it
        return screen

    if not now and compare == "sized":  # its size classes set by its first resize
        app._sized = as_textual  # type: ignore[method-assign]
    if not now and compare == "resume":  # its widgets styled again when it is first shown
        app._styled_once = as_textual  # type: ignore[method-assign]
    assert isinstance(app, GinApp)
    times: list[float] = []
    clock = time.process_time if cpu else time.perf_counter
    first = compare == "styles"
    started = clock()
    async with app.run_test(size=size) as pilot:
        for _ in range(10):
            await pilot.pause()
        if first:
            times.append(clock() - started)
        base = app.screen
        for n in range(1 if first else runs + 1):
            start = clock()
            await pilot.press(key)
            while type(app.screen).__name__ != KEYS[key]:
                await pilot.pause(0.002)
            await pilot.pause()
            if n or first:
                times.append(clock() - start)
            await pilot.press("escape")
            while app.screen is not base:
                await pilot.pause(0.01)
            await pilot.pause(0.05)
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=12, help="openings of each screen each way (default 12)")
    ap.add_argument("--size", default="80x24", help="the terminal's size, WxH (default 80x24)")
    ap.add_argument("--compare", choices=("sized", "resume", "styles"), default="sized",
                    help="the speed-up measured (default: the size classes set before a screen is shown)")
    ap.add_argument("--cpu", action="store_true", help="the processor's time of the process, not the time passed")
    args = ap.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    home = tempfile.mkdtemp(prefix="gin-screens-")
    try:
        report(args.runs, (w, h), args.compare, home, args.cpu)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return 0


def report(runs: int, size: tuple[int, int], compare: str, home: str, cpu: bool = False) -> None:
    """Each screen opened ``runs`` times each way; a line of figures each."""
    w, h = size
    print(f"screens over the table at {w}x{h}, {runs} openings each way, ms {'of processor time' if cpu else 'passed'} (median / p90), compared: {compare}")
    for key, name in KEYS.items():
        now: list[float] = []
        before: list[float] = []
        now_start: list[float] = []
        before_start: list[float] = []
        if compare == "styles":  # a new app each opening, alternating
            for _ in range(runs):
                start, opened = asyncio.run(open_times(key, True, compare, 1, size, home, cpu))
                now_start.append(start)
                now.append(opened)
                start, opened = asyncio.run(open_times(key, False, compare, 1, size, home, cpu))
                before_start.append(start)
                before.append(opened)
        for _ in range(0 if compare == "styles" else runs // 3 or 1):  # alternating, in rounds of three openings each way
            now += asyncio.run(open_times(key, True, compare, 3, size, home, cpu))
            before += asyncio.run(open_times(key, False, compare, 3, size, home, cpu))

        def fig(xs: list[float]) -> str:
            xs = sorted(xs)
            return f"{statistics.median(xs) * 1000:6.1f} / {xs[int(0.9 * (len(xs) - 1))] * 1000:6.1f}"

        ratio = statistics.median(now) / statistics.median(before)
        print(f"{key:>3} {name:<15} now {fig(now)}   before {fig(before)}   ratio {ratio:.2f}")
        if now_start:
            ratio = statistics.median(now_start) / statistics.median(before_start)
            print(f"    {'the start':<15} now {fig(now_start)}   before {fig(before_start)}   ratio {ratio:.2f}")


if __name__ == "__main__":
    raise SystemExit(main())
