"""``gin-tui sim``: play computer opponents against each other and print the figures.

Matches come in pairs: both matches of a pair are dealt from the same seed,
with the two opponents swapping seats, so every deal is played from both
sides and the seats alternate.  With ``--hands N`` single hands are played
instead of matches (the first hand of a match's deal, seats alternating the
same way).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import sys
import textwrap
import threading
import time
from collections.abc import Callable

from ginrummy_tui.cli import CTRL_C_STATUS, out, output_open, positive, say, seed_number
from ginrummy_tui.engine.kinds import EndKind, Phase
from ginrummy_tui.engine.words import counted

LEVEL_CHOICES = ("easy", "standard", "expert", "master")
SEED = 1
"""The seed of the deals when none is given."""
PRESET = "standard"
"""The rules preset when none is given."""
JOBS_PER_PROCESSOR = 4
"""The most processes ``--jobs`` may start for each processor of the machine."""
MOST_PLAYED = 1_000_000
"""The most matches (or single hands) one run plays."""
TABLE_WIDTH = 80
"""The widest line of the table: a label of 30 columns and two figures of 18."""
Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""
WIDEST_TRUSTED = 0.10
"""The widest 95% interval of a share won (10 percentage points) that the table gives without
saying the run was too short to trust it: 400 matches always give a narrower one."""


def _count(text: str) -> int:
    n = positive(text)
    if n > MOST_PLAYED:
        raise argparse.ArgumentTypeError(f"must be at most {MOST_PLAYED:,}, got {n}")
    return n


def _jobs(text: str) -> int:
    n = positive(text)
    most = JOBS_PER_PROCESSOR * (os.cpu_count() or 1)
    if n > most:
        raise argparse.ArgumentTypeError(f"at most {most} on this machine ({JOBS_PER_PROCESSOR} a processor), got {n}")
    return n


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``gin-tui sim``."""
    from ginrummy_tui.engine import PRESETS

    parser.add_argument("--a", choices=LEVEL_CHOICES, default="expert",
                        help="first opponent, column a of the table (default expert)")
    parser.add_argument("--b", choices=LEVEL_CHOICES, default="standard",
                        help="second opponent, column b (default standard)")
    count = parser.add_mutually_exclusive_group()
    count.add_argument("--matches", type=_count, default=None, metavar="N",
                       help=f"matches to play, in pairs dealt alike with the seats swapped "
                            f"(default 100, at most {MOST_PLAYED:,})")
    count.add_argument("--hands", type=_count, default=None, metavar="N",
                       help=f"play N single hands instead, the first hands of those deals (at most {MOST_PLAYED:,})")
    # no default here: one given before 'sim' (gin-tui --seed 5 sim) is kept; run() fills them in
    parser.add_argument("--seed", type=seed_number, default=argparse.SUPPRESS, metavar="N",
                        help=f"seed of the deals and of the opponents' random choices (default {SEED}): the same seed "
                             "plays the same games, and the output says it")
    parser.add_argument("--rules", metavar="PRESET", default=argparse.SUPPRESS,
                        help=f"rules preset: {', '.join(PRESETS)} (default {PRESET})")
    parser.add_argument(
        "--jobs", type=_jobs, default=1, metavar="N",
        help=f"processes to play on (default 1, at most {JOBS_PER_PROCESSOR} for each processor); "
             "the same games whatever N, only the decision times change",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    parser.epilog = ("The table gives, for each side: the matches (or hands) won, with the 95% Wilson interval "
                     "of the share won; the points and the net points (won less lost) per hand; the knocks "
                     "(with undercut ones) and how many were undercut; the gins (with big gins, and big gins "
                     "alone, when the rules allow them); the undercuts it scored as the defender; and its "
                     "decision times. When the interval is wider than 10 percentage points it "
                     "says the run was too short to trust (with --json, on standard error).  Ctrl+C stops it: "
                     "it says how many of the matches (or hands) were finished, prints the figures of those "
                     "(as a table, or with --json), and ends with status 130.")


# ---------------------------------------------------------------- playing


def _empty() -> dict:
    return {
        "matches": 0,
        "hands": 0,
        "wins": [0, 0],
        "points": [0, 0],
        "knocks": [0, 0],
        "gins": [0, 0],
        "big_gins": [0, 0],
        "undercuts": [0, 0],
        "voids": 0,
        "times": [[], []],
    }


def _merge(total: dict, part: dict) -> None:
    for key in ("matches", "hands", "voids"):
        total[key] += part[key]
    for key in ("wins", "points", "knocks", "gins", "big_gins", "undercuts"):
        for i in (0, 1):
            total[key][i] += part[key][i]
    for i in (0, 1):
        total["times"][i].extend(part["times"][i])


def _count_hand(stats: dict, record, side_of_seat) -> None:
    stats["hands"] += 1
    kind = record.kind
    if kind == EndKind.VOID:
        stats["voids"] += 1
        return
    if record.winner is not None:
        stats["points"][side_of_seat[record.winner]] += record.points
    if record.knocker is not None:
        k = side_of_seat[record.knocker]
        if kind in (EndKind.KNOCK, EndKind.UNDERCUT):
            stats["knocks"][k] += 1
        elif kind == EndKind.GIN:
            stats["gins"][k] += 1
        elif kind == EndKind.BIG_GIN:
            stats["big_gins"][k] += 1
        if kind == EndKind.UNDERCUT:
            stats["undercuts"][1 - k] += 1


def play_one(job: tuple) -> dict:
    """Play one match (or one hand) and return its figures, by side (0 = a, 1 = b)."""
    a_level, b_level, preset, seed, index, single_hand = job
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import PRESETS, apply, new_game, view

    rules = PRESETS[preset]
    a_seat = index % 2
    deal_seed = f"{seed}-{index // 2}"
    players = {a_seat: get_opponent(a_level, seed=seed * 1_000_003 + index),
               1 - a_seat: get_opponent(b_level, seed=seed * 1_000_003 + index + 500_000)}
    side_of_seat = {a_seat: 0, 1 - a_seat: 1}
    stats = _empty()
    state = new_game(rules, seed=deal_seed)
    clock = time.perf_counter
    times = stats["times"]
    while True:
        phase = state.phase
        if phase == Phase.HAND_OVER or phase == Phase.MATCH_OVER:
            _count_hand(stats, state.sheet[-1], side_of_seat)
            if phase == Phase.MATCH_OVER or single_hand:
                break
            state = apply(state, players[0].choose(view(state, 0)))
            continue
        seat = state.current
        v = view(state, seat)
        t0 = clock()
        action = players[seat].choose(v)
        times[side_of_seat[seat]].append((clock() - t0) * 1000.0)
        state = apply(state, action, seat)
    if single_hand:
        w = state.sheet[-1].winner
        if w is not None:
            stats["wins"][side_of_seat[w]] += 1
    else:
        stats["matches"] = 1
        stats["wins"][side_of_seat[state.winner]] += 1
    return stats


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    s = sorted(values)
    k = min(len(s) - 1, max(0, round(q / 100.0 * (len(s) - 1))))
    return s[k]


class _Progress:
    def __init__(self, total: int, label: str) -> None:
        self.total = total
        self.label = label
        self.on = sys.stderr.isatty()
        self.done = 0
        self.start = time.monotonic()

    def step(self) -> None:
        self.done += 1
        if not self.on:
            return
        width = 30
        filled = width * self.done // self.total
        secs = time.monotonic() - self.start
        bar = "#" * filled + "-" * (width - filled)
        sys.stderr.write(f"\r{self.label} [{bar}] {self.done}/{self.total} {secs:5.0f}s")
        sys.stderr.flush()

    def close(self) -> None:
        if self.on:
            sys.stderr.write("\r" + " " * 70 + "\r")
            sys.stderr.flush()


class Stopped(Exception):
    """Ctrl+C stopped :func:`simulate`: ``figures`` are those of the ``figures["matches"]``
    matches (or ``figures["hands"]`` single hands) finished before it, of ``count`` asked."""

    def __init__(self, figures: dict, count: int) -> None:
        super().__init__("stopped (Ctrl+C)")
        self.figures = figures
        self.count = count


class _CtrlC:
    """SIGINT's handler while :func:`simulate` plays: Ctrl+C raises ``KeyboardInterrupt``
    as usual, except while a finished match's figures are being added to the total,
    where it waits until they all are (half a match's figures would not add up);
    once the run is stopping (:attr:`stopping`), another Ctrl+C does nothing (the
    workers are being stopped and waited for)."""

    def __init__(self) -> None:
        self.adding = False
        self.pending = False
        self.stopping = False

    def __call__(self, signum: int, frame: object) -> None:
        if self.stopping:
            return
        if self.adding:
            self.pending = True
            return
        raise KeyboardInterrupt

    def add(self, total: dict, part: dict) -> None:
        """Add ``part`` to ``total`` whole, then stop if Ctrl+C came meanwhile."""
        self.adding = True
        try:
            _merge(total, part)
        finally:
            self.adding = False
        if self.pending:
            raise KeyboardInterrupt


def _worker_start() -> None:
    """A worker of ``--jobs N`` ignores Ctrl+C (the terminal sends it to every process of
    the command): the main process stops the run and the workers with it, and no
    worker prints a traceback.  The workers are started with SIGINT blocked, so that
    none can be interrupted before it ignores it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _play_all(tasks: list[tuple], jobs: int, total: dict, ctrl_c: _CtrlC, step: Callable[[], None]) -> None:
    """Play ``tasks``, in ``jobs`` processes, adding each one's figures to ``total`` as
    it finishes; a ``KeyboardInterrupt`` ends it, the workers stopped and waited for."""
    if jobs > 1 and len(tasks) > 1:
        import multiprocessing

        count = len(tasks)
        ctx = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
        # blocked, not ignored, while the workers start (and in the pool's threads, which
        # inherit it): a Ctrl+C meanwhile comes once they have, to this thread
        blocking = hasattr(signal, "pthread_sigmask") and threading.current_thread() is threading.main_thread()
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if blocking else None
        try:
            with ctx.Pool(min(jobs, count), initializer=_worker_start) as pool:  # its end stops and waits for them
                if mask is not None:
                    signal.pthread_sigmask(signal.SIG_SETMASK, mask)
                    mask = None
                try:
                    for part in pool.imap_unordered(play_one, tasks,
                                                    chunksize=max(1, min(8, count // (jobs * 8) or 1))):
                        ctrl_c.add(total, part)
                        step()
                except KeyboardInterrupt:
                    ctrl_c.stopping = True  # a second Ctrl+C must not cut the workers' end short
                    raise
        finally:
            if mask is not None:
                signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    else:
        for t in tasks:
            ctrl_c.add(total, play_one(t))
            step()


def simulate(a: str, b: str, count: int, seed: int = 1, preset: str = "standard", jobs: int = 1,
             single_hands: bool = False, progress: bool = False) -> dict:
    """Play ``count`` matches (or single hands) of ``a`` against ``b`` and return the figures
    as the JSON object that ``gin-tui sim --json`` prints.  Ctrl+C raises :class:`Stopped`
    with the figures of the matches finished before it (a Ctrl+C ignored, as in a
    background job, stays ignored)."""
    tasks = [(a, b, preset, seed, i, single_hands) for i in range(count)]
    total = _empty()
    bar = _Progress(count, "hands" if single_hands else "matches") if progress else None
    ctrl_c = _CtrlC()
    previous = None
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        previous = signal.signal(signal.SIGINT, ctrl_c)
    stopped = False
    try:
        _play_all(tasks, jobs, total, ctrl_c, bar.step if bar else lambda: None)
    except KeyboardInterrupt:
        ctrl_c.stopping = True
        stopped = True
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
        if bar:
            bar.close()
    figures = _figures(a, b, preset, seed, total, single_hands)
    if stopped:
        raise Stopped(figures, count)
    return figures


def wilson(won: int, played: int) -> tuple[float, float]:
    """The 95% Wilson score interval of the share ``won / played`` (the method of the
    intervals in docs/ai.md); (0, 1) when nothing was played."""
    if played <= 0:
        return 0.0, 1.0
    p = won / played
    z2 = Z95 * Z95
    scale = 1.0 + z2 / played
    middle = (p + z2 / (2 * played)) / scale
    half = Z95 * math.sqrt(p * (1.0 - p) / played + z2 / (4.0 * played * played)) / scale
    return max(0.0, middle - half), min(1.0, middle + half)


def _figures(a: str, b: str, preset: str, seed: int, total: dict, single_hands: bool) -> dict:
    hands = max(1, total["hands"])
    times = total["times"]
    played = total["hands"] if single_hands else total["matches"]
    net = round((total["points"][0] - total["points"][1]) / hands, 2) + 0.0  # + 0.0: never -0.0
    intervals = [wilson(total["wins"][i], played) for i in (0, 1)]
    return {
        "a": a,
        "b": b,
        "rules": preset,
        "seed": seed,
        "matches": total["matches"],
        "hands": total["hands"],
        "wins": {"a": total["wins"][0], "b": total["wins"][1]},
        "wins_interval": {side: [round(lo, 4), round(hi, 4)] for side, (lo, hi) in zip(("a", "b"), intervals)},
        "points": {"a": round(total["points"][0] / hands, 2), "b": round(total["points"][1] / hands, 2)},
        "net_points": {"a": net, "b": -net + 0.0},
        "knocks": {"a": total["knocks"][0], "b": total["knocks"][1]},
        "knocks_undercut": {"a": total["undercuts"][1], "b": total["undercuts"][0]},
        "gins": {"a": total["gins"][0] + total["big_gins"][0], "b": total["gins"][1] + total["big_gins"][1]},
        "big_gins": {"a": total["big_gins"][0], "b": total["big_gins"][1]},
        "undercuts": {"a": total["undercuts"][0], "b": total["undercuts"][1]},
        "voids": total["voids"],
        "decision_ms": {
            side: {"median": round(_percentile(times[i], 50), 3), "p99": round(_percentile(times[i], 99), 3)}
            for i, side in ((0, "a"), (1, "b"))
        },
    }


JSON_KEYS = ("a", "b", "rules", "seed", "matches", "hands", "wins", "wins_interval", "points", "net_points", "knocks",
             "knocks_undercut", "gins", "big_gins", "undercuts", "voids", "decision_ms")
"""The keys of ``gin-tui sim --json``, in order (keys are only ever added: a script
reading the older ones still works)."""


def _played(r: dict, single_hands: bool) -> str:
    """What was played, for the second line of the table: "1000 matches, 7510 hands
    played", or with --hands "300 single hands played"."""
    if single_hands:
        return f"{counted(r['hands'], 'single hand')} played"
    return f"{counted(r['matches'], 'match')}, {counted(r['hands'], 'hand')} played"


def _few(r: dict, single_hands: bool) -> str | None:
    """What says the run was too short for its share won to be trusted, when the 95%
    interval of a's share is wider than :data:`WIDEST_TRUSTED`; None when it is not."""
    low, high = r["wins_interval"]["a"]
    if high - low <= WIDEST_TRUSTED:
        return None
    what = "single hands" if single_hands else "matches"
    played = r["hands"] if single_hands else r["matches"]
    return (f"Few {what} ({played}): the share won is known only within its 95% interval, "
            f"{100 * (high - low):.0f} percentage points wide; about 400 {what} narrow any share to 10 "
            "percentage points.")


def _table(r: dict, single_hands: bool) -> str:
    """The figures as a table, no line wider than :data:`TABLE_WIDTH`."""
    from ginrummy_tui.engine import PRESETS

    played = r["hands"] if single_hands else r["matches"]
    what = "hands" if single_hands else "matches"
    rows = [
        f"{r['a']} (a) against {r['b']} (b), rules {r['rules']}, seed {r['seed']}",
        _played(r, single_hands),
        "",
        f"{'':30}{'a: ' + r['a']:>18}{'b: ' + r['b']:>18}",
    ]

    def row(label: str, x: object, y: object) -> None:
        rows.append(f"{label:30}{x!s:>18}{y!s:>18}")

    def interval(side: str) -> str:  # from the interval itself: the JSON's, rounded to 4 places, rounded again
        low, high = wilson(r["wins"][side], played)  # read 9.4-90.5% (9.45-90.55) for each of 1 win in 2
        return f"{100 * low:.1f}-{100 * high:.1f}%"

    wa, wb = r["wins"]["a"], r["wins"]["b"]
    pct = (lambda n: f"{n} ({100.0 * n / played:.1f}%)") if played else str
    row(f"{what} won", pct(wa), pct(wb))
    if played:
        row("  95% interval (Wilson)", interval("a"), interval("b"))
    row("points per hand", f"{r['points']['a']:.2f}", f"{r['points']['b']:.2f}")
    row("net points per hand", f"{r['net_points']['a']:+.2f}", f"{r['net_points']['b']:+.2f}")
    row("knocks (with undercut ones)", r["knocks"]["a"], r["knocks"]["b"])
    row("  undercut", r["knocks_undercut"]["a"], r["knocks_undercut"]["b"])
    if PRESETS[r["rules"]].big_gin:  # no big gin row (always 0) under rules without the bonus
        row("gins (with big gins)", r["gins"]["a"], r["gins"]["b"])
        row("big gins", r["big_gins"]["a"], r["big_gins"]["b"])
    else:
        row("gins", r["gins"]["a"], r["gins"]["b"])
    row("undercuts scored defending", r["undercuts"]["a"], r["undercuts"]["b"])
    row("decision ms, median", f"{r['decision_ms']['a']['median']:.2f}", f"{r['decision_ms']['b']['median']:.2f}")
    row("decision ms, 99th pct", f"{r['decision_ms']['a']['p99']:.2f}", f"{r['decision_ms']['b']['p99']:.2f}")
    rows.append(f"void hands: {r['voids']}")
    few = _few(r, single_hands)
    if few:
        rows += ["", textwrap.fill(few, TABLE_WIDTH)]
    return "\n".join(rows)


def run(args: argparse.Namespace) -> int:
    """Run ``gin-tui sim``; returns the exit status."""
    from ginrummy_tui.storage.config import check_preset

    seed = SEED if args.seed is None else args.seed  # None: given neither before 'sim' nor after it
    preset = PRESET if args.rules is None else args.rules
    try:
        check_preset(preset)
    except ValueError as exc:
        say(f"gin-tui sim: {exc}", file=sys.stderr)
        return 2
    output_open()  # said now, not after the whole simulation
    single = args.hands is not None
    count = args.hands if single else (args.matches if args.matches is not None else 100)
    try:
        result = simulate(args.a, args.b, count, seed=seed, preset=preset, jobs=args.jobs,
                          single_hands=single, progress=True)
    except Stopped as stopped:  # the figures of the finished ones, if any, after one line saying so
        result = stopped.figures
        done = result["hands"] if single else result["matches"]
        asked = counted(count, "single hand" if single else "match")
        theirs = "; the figures are those of the finished ones" if done else ""
        say(f"gin-tui sim: stopped (Ctrl+C) after {done} of {asked}{theirs}.", file=sys.stderr)
        if done:  # with --json, the line above is all standard error says: it says the run was cut short
            _print(result, single, args.json, warn=False)
        return CTRL_C_STATUS
    _print(result, single, args.json)
    return 0


def _print(result: dict, single: bool, as_json: bool, warn: bool = True) -> None:
    """Print the figures: the table, or with ``as_json`` the JSON alone on standard
    output and, unless not ``warn``, the table's last words on a short run on standard error."""
    if as_json:
        out(json.dumps({k: result[k] for k in JSON_KEYS}))
        few = _few(result, single) if warn else None
        if few:
            say(f"gin-tui sim: {few[0].lower()}{few[1:]}", file=sys.stderr)
    else:
        out(_table(result, single))
