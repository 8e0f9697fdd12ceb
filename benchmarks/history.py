"""The match history at scale: N recorded matches in the SQLite history, then
``gin-tui stats`` (wall time, peak memory), F3 in the app (time from the key
to the first frame fully drawn, beside a trivial screen pushed the same way;
the app's memory growth), recording a hand, ``gin-tui export`` (matches a second,
peak memory for all matches and for a tenth of them: flat means the same),
and the database's size per match.

The matches are synthetic but real: ``--played`` of them are played through
the engine (both seats by the standard computer player) and recorded hand by
hand by the app's recorder; the rest are copies of those under new ids,
dates, levels and presets, written in batches.

Run: ``python benchmarks/history.py`` (``--matches 10000``; ``--keep DIR``
keeps the data directory, and reuses it when it is already there).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ginrummy_tui.ai import get_opponent  # noqa: E402
from ginrummy_tui.engine import PRESETS, apply, legal_actions, new_game, view  # noqa: E402
from ginrummy_tui.storage.history import DB_NAME, History, open_history  # noqa: E402

LEVELS = ("easy", "standard", "expert")
PRESET_NAMES = ("standard", "standard", "oklahoma")


def play(seed: int, level: str = "standard"):
    """Every state of one match to 100, both seats played by the computer at ``level``."""
    seats = (get_opponent(level, seed), get_opponent(level, seed + 1))
    state = new_game(PRESETS["standard"], seed=seed)
    yield state
    while not state.over:
        if state.phase == "hand_over":
            action = next(a for a in legal_actions(state) if a.kind == "next hand")
        else:
            action = seats[state.current].choose(view(state, state.current))
        state = apply(state, action)
        yield state


def record(hist: History, match_id: str, seed: int, opponent: str) -> list[float]:
    """Play and record one match; the time of each write (a hand or the end)."""
    rec = hist.recorder(match_id, opponent=opponent)
    times = []
    for state in play(seed):
        t0 = time.perf_counter()
        wrote = rec.observe(state)
        if wrote:
            times.append(time.perf_counter() - t0)
    return times


def build(root: Path, n: int, played: int) -> list[float]:
    """Fill ``root``'s history with ``n`` matches; the recording times of the played ones."""
    hist = open_history(root).history
    assert hist is not None
    times: list[float] = []
    t0 = time.perf_counter()
    for i in range(played):
        times += record(hist, f"played-{i:05d}", i, LEVELS[i % 3])
    print(f"  played and recorded {played} matches through the engine in {time.perf_counter() - t0:.1f} s")
    originals = list(hist.records())
    t0 = time.perf_counter()
    i = played
    while i < n:
        with hist.transaction() as conn:
            for _ in range(min(1000, n - i)):
                r = dict(originals[i % len(originals)])
                day, minute = divmod(i * 30, 24 * 60)  # a match every half hour
                when = f"2026-{1 + day // 28 % 12:02d}-{1 + day % 28:02d}T{minute // 60:02d}:{minute % 60:02d}:00Z"
                r.update(id=f"copy-{i:06d}", started=when, ended=when, updated=when,
                         opponent=LEVELS[i % 3], preset=PRESET_NAMES[i // 3 % 3])
                hist.put_record(conn, r)
                i += 1
    print(f"  copied up to {n} matches in {time.perf_counter() - t0:.1f} s")
    hist.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    hist.close()
    return times


CPU: dict[tuple[str, ...], list[float]] = {}
"""The CPU seconds (user + system) of each command measured, by command."""


def measured(cmd: list[str], env: dict[str, str]) -> tuple[float, int]:
    """Wall seconds and peak memory (KB) of a command, output thrown away,
    run from a fresh process so that the peak is its own.  Its CPU time goes
    to :data:`CPU` (on a loaded machine the wall time waits for the others)."""
    probe = textwrap.dedent(
        """
        import resource, subprocess, sys, time
        t0 = time.perf_counter()
        subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
        wall = time.perf_counter() - t0
        use = resource.getrusage(resource.RUSAGE_CHILDREN)
        print(wall, use.ru_maxrss, use.ru_utime + use.ru_stime)
        """
    )
    out = subprocess.run([sys.executable, "-c", probe, *cmd], env=env, capture_output=True, text=True, check=True)
    wall, peak, cpu = out.stdout.split()
    CPU.setdefault(tuple(cmd), []).append(float(cpu))
    return float(wall), int(peak)


def cpu_ms(cmd: list[str]) -> str:
    return f"{statistics.median(CPU[tuple(cmd)]) * 1000:.0f} ms CPU"


F3_SCRIPT = textwrap.dedent(
    """
    import argparse, asyncio, gc, json, sys, time
    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.storage import figures as figures_module
    from textual._context import visible_screen_stack
    from textual.binding import Binding
    from textual.screen import ModalScreen
    from textual.widgets import Static

    def rss_kb():
        for line in open("/proc/self/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1])

    class Trivial(ModalScreen):
        # The floor: a modal screen with one line of text, pushed by a key the same way.
        BINDINGS = [Binding("escape", "dismiss")]
        DEFAULT_CSS = "Trivial { align: center middle; } Trivial > Static { width: 40; height: auto; border: round $accent; }"

        def compose(self):
            yield Static("A trivial screen")

    rss = {}
    work_out = figures_module.ReadyFigures.get

    def get(self):
        rss.setdefault("before_figures", rss_kb())  # the first time: after the start-up upkeep
        return work_out(self)

    figures_module.ReadyFigures.get = get

    async def main(root):
        args = argparse.Namespace(ai=None, rules=None, seed=1, hand=None, ascii=None, no_mouse=None, pause=None,
                                  new=False, data_dir=root)
        gc.disable()  # as gin-tui starts: the app freezes what it made and resumes the collector after its first frame
        plan = prepare(args, ask=None)
        app = build_app(plan, pause=0)
        app.action_trivial = lambda: app.push_screen(Trivial())
        app.bind("f12", "trivial")
        frames = []
        display = app._display

        def timed_display(screen, update):
            # As in a terminal: the frame's escape sequences made (headless Textual skips that).
            display(screen, update)
            if update is not None:
                update.render_segments(app.console)
            frames.append((time.perf_counter(), time.process_time(), screen))
            # what the frame shows (the time this takes is not counted)
            t = time.perf_counter()
            visible_screen_stack.set(list(app._background_screens))
            text = "\\n".join(strip.text for strip in screen._compositor.render_strips())
            frames[-1] += (text, time.perf_counter() - t)

        app._display = timed_display
        runs = {"f3": [], "floor": []}
        async with app.run_test(size=(120, 45)) as pilot:
            while app.history_upkeep is None or app.history_upkeep.is_alive():
                await pilot.pause(0.01)
            await pilot.pause()
            gc.collect()
            rss["before"] = rss_kb()
            rss["after"] = []
            for _ in range(5):
                # (the statistics screen by name: its module is not imported here, as in the app)
                for name, key, kind in (("f3", "f3", "StatsScreen"), ("floor", "f12", "Trivial")):
                    frames.clear()
                    t0, c0 = time.perf_counter(), time.process_time()
                    await pilot.press(key)
                    while not (type(app.screen).__name__ == kind and app.screen.is_mounted):
                        await pilot.pause(0)
                    await pilot.pause()  # drawn, and Pilot finds the app idle
                    pilot_s = time.perf_counter() - t0
                    mine, skipped = [], 0.0
                    for t, c, screen, text, took in frames:
                        if screen is app.screen:
                            mine.append((t - skipped, c - skipped, text))
                        skipped += took
                    final = mine[-1][2]
                    # the first frame that shows the screen as it stays
                    t, c, text = next(m for m in mine if m[2] == final)
                    runs[name].append({"frame": t - t0, "cpu": c - c0, "pilot": pilot_s, "first_complete": mine[0][2] == final,
                                       "figures": "Matches played" in text or "No games recorded yet" in text})
                    if name == "f3":
                        rss["after"].append(rss_kb())
                    await pilot.press("escape")
                    await pilot.pause()
            gc.collect()
            rss["closed"] = rss_kb()
        plan.close()
        print(json.dumps({"runs": runs, "rss": rss}))

    asyncio.run(main(sys.argv[1]))
    """
)


def ms(v: float) -> str:
    return f"{v * 1000:.1f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=10_000)
    ap.add_argument("--played", type=int, default=200)
    ap.add_argument("--keep", metavar="DIR", default=None)
    ap.add_argument("--runs", type=int, default=5)
    opts = ap.parse_args()
    tmp = None
    if opts.keep:
        root = Path(opts.keep)
    else:
        tmp = tempfile.TemporaryDirectory()
        root = Path(tmp.name)
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    # As installed: the modules compiled to bytecode once (a checkout run with
    # PYTHONDONTWRITEBYTECODE would compile every module at every start).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "gin-tui-bench-pycache")
    gin = [sys.executable, "-m", "ginrummy_tui"]

    print(f"History of {opts.matches} matches in {root}")
    if not (root / DB_NAME).exists():
        played_times = build(root, opts.matches, opts.played)
        print(f"  recording a hand into a small history: median {ms(statistics.median(played_times))}")
    hist = open_history(root).history
    assert hist is not None
    n = hist.read("SELECT count(*) FROM matches")[0][0]
    hands = hist.read("SELECT count(*) FROM hands")[0][0]
    hist.close()
    size = (root / DB_NAME).stat().st_size
    print(f"  {n} matches, {hands} hands ({hands / n:.1f} a match), every hand with its moves")
    print(f"database: {size / 1e6:.1f} MB, {size / n / 1024:.2f} KB a match")

    # recording into the full history
    hist = open_history(root).history
    times: list[float] = []
    for k in range(20):
        times += record(hist, f"bench-{time.time_ns()}-{k}", 10_000 + k, "standard")
    hist.close()
    times.sort()
    print(
        f"recording a hand (into {n} matches, {len(times)} writes): median {ms(statistics.median(times))}, "
        f"p95 {ms(times[int(len(times) * 0.95)])}"
    )

    empty = tempfile.mkdtemp()
    measured([*gin, "stats", "--data-dir", empty], env)  # compiles the modules once
    subprocess.run([sys.executable, "-c", F3_SCRIPT, empty], env=env, capture_output=True)
    full_cmd, empty_cmd = [*gin, "stats", "--data-dir", str(root)], [*gin, "stats", "--data-dir", empty]
    stats, floor = [], []
    for _ in range(opts.runs):  # side by side, alternating
        stats.append(measured(full_cmd, env))
        floor.append(measured(empty_cmd, env))
    print(
        f"gin-tui stats: median {ms(statistics.median(w for w, _ in stats))} wall ({cpu_ms(full_cmd)}), "
        f"peak {max(p for _, p in stats) / 1024:.1f} MB  "
        f"(with no history, side by side: {ms(statistics.median(w for w, _ in floor))} ({cpu_ms(empty_cmd)}), "
        f"{max(p for _, p in floor) / 1024:.1f} MB)"
    )
    hist = open_history(root).history
    t0 = time.perf_counter()
    for _ in range(opts.runs):
        hist.stats()
    in_process = (time.perf_counter() - t0) / opts.runs
    t0 = time.perf_counter()
    lines = sum(1 for _ in hist.json_lines())
    export_in_process = time.perf_counter() - t0
    hist.close()
    print(f"  in process: the statistics of {n} matches in {ms(in_process)}; "
          f"the JSON Lines of {lines} matches at {lines / export_in_process:,.0f} matches/s")

    # F3: the time from the key to the first frame of the statistics screen
    # fully drawn (as it stays), beside the same for a trivial modal screen
    # pushed the same way in the same app (the floor: Textual's own cost of a
    # new screen over the table), and the same on an empty history; and, as
    # measured before, Pilot's press-and-wait-until-idle, which adds its own
    # sleeps (20 ms at a time) and Textual's second layout of a new screen.
    f3s: dict[str, dict] = {}
    for name, where in (("history", root), ("empty", Path(empty))) * 2:
        run = subprocess.run([sys.executable, "-c", F3_SCRIPT, str(where)], env=env, capture_output=True, text=True)
        if run.returncode != 0:
            print("F3: failed\n" + run.stderr[-2000:])
            break
        got = json.loads(run.stdout.strip().splitlines()[-1])
        got["firsts"] = [got["runs"]["f3"][0]["frame"]]  # the first F3 of the app
        if name in f3s:
            for kind in ("f3", "floor"):
                f3s[name]["runs"][kind] += got["runs"][kind]
            f3s[name]["firsts"] += got["firsts"]
        else:
            f3s[name] = got
    if len(f3s) == 2:
        full, none = f3s["history"], f3s["empty"]

        def med(runs: list[dict], key: str) -> str:
            return ms(statistics.median(r[key] for r in runs))

        f3, floor_f3 = full["runs"]["f3"], full["runs"]["floor"]
        drawn = all(r["first_complete"] and r["figures"] for r in f3 + none["runs"]["f3"])
        print(
            f"F3, key to the first frame fully drawn: median {med(f3, 'frame')} ({med(f3, 'cpu')} CPU), "
            f"the first in each app {', '.join(ms(t) for t in full['firsts'])}; a trivial screen, side by side: "
            f"{med(floor_f3, 'frame')} ({med(floor_f3, 'cpu')} CPU); with no history: "
            f"{med(none['runs']['f3'], 'frame')} ({med(none['runs']['f3'], 'cpu')} CPU)"
            + ("" if drawn else "  [NOT the finished screen in every first frame]")
        )
        print(
            f"  Pilot's press and wait until idle: median {med(f3, 'pilot')}; a trivial screen: "
            f"{med(floor_f3, 'pilot')}; with no history: {med(none['runs']['f3'], 'pilot')}"
        )
        rss = full["rss"]
        base = rss["before_figures"]
        print(
            f"  app memory: {base / 1024:.1f} MB after the start-up upkeep, "
            f"+{(rss['before'] - base) / 1024:.1f} MB with the figures worked out ahead, "
            f"+{(rss['after'][0] - base) / 1024:.1f} MB after the first F3, "
            f"+{(max(rss['after']) - base) / 1024:.1f} MB at most over {len(rss['after'])}, "
            f"+{(rss['closed'] - base) / 1024:.1f} MB after closing"
        )

    export_cmd = [*gin, "export", "--data-dir", str(root)]
    all_json = [measured(export_cmd, env) for _ in range(3)]
    wall = statistics.median(w for w, _ in all_json)
    text = measured([*gin, "export", "--format", "text", "--data-dir", str(root)], env)
    hist = open_history(root).history
    (since,) = hist.read("SELECT substr(started, 1, 10) FROM matches ORDER BY started LIMIT 1 OFFSET ?", (n * 9 // 10,))[0]
    since_n = hist.read("SELECT count(*) FROM matches WHERE started >= ?", (since,))[0][0]
    hist.close()
    tenth = measured([*gin, "export", "--data-dir", str(root), "--since", since], env)
    print(
        f"gin-tui export (JSON Lines): {n} matches in {wall:.2f} s ({cpu_ms(export_cmd)}) = {n / wall:,.0f} matches/s, "
        f"peak {max(p for _, p in all_json) / 1024:.1f} MB; text form: {n / text[0]:,.0f} matches/s, "
        f"peak {text[1] / 1024:.1f} MB; {since_n} matches (--since): peak {tenth[1] / 1024:.1f} MB"
    )
    if tmp is not None:
        tmp.cleanup()
    resource.getrusage(resource.RUSAGE_SELF)


if __name__ == "__main__":
    main()
