"""Lifetime statistics: the figures, and their text.

The matches are recorded in the history database
(:mod:`ginrummy_tui.storage.history`), which works the figures out with SQL
aggregates.  :func:`compute` gives the same figures from match records in
their JSON form (as ``gin-tui export`` writes them, one a line): per opponent
level and rules preset, from the point of view of seat 0 (the local player).
A replayed deal (``replay``) is kept in the history but does not count.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

ME = 0
"""The seat whose statistics these are (the local player)."""


# ---------------------------------------------------------------- counting


@dataclass
class Tally:
    """The figures for one opponent level and preset (or all of them)."""

    matches: int = 0
    """Finished matches."""
    won: int = 0
    lost: int = 0
    abandoned: int = 0
    """Matches left unfinished for a new one."""
    hands: int = 0
    """Finished hands (not counting a lost-on-time ending)."""
    hands_won: int = 0
    hands_lost: int = 0
    knocks: int = 0
    """Hands you ended by knocking (not gin), undercut or not."""
    gins: int = 0
    big_gins: int = 0
    undercuts_given: int = 0
    """Your opponent knocked and you undercut them."""
    undercuts_received: int = 0
    """You knocked and were undercut."""
    voids: int = 0
    opponent_knocks: int = 0
    opponent_gins: int = 0
    timeouts_lost: int = 0
    points: int = 0
    """Points you scored in hands."""
    points_against: int = 0
    best_streak: int = 0
    """The longest run of matches won in a row."""
    current_streak: int = 0
    """Matches won in a row up to the last one."""
    hints: int = 0

    @property
    def avg_points(self) -> float:
        """Your points per hand played."""
        return self.points / self.hands if self.hands else 0.0

    @property
    def avg_net(self) -> float:
        """Your points minus your opponent's, per hand played."""
        return (self.points - self.points_against) / self.hands if self.hands else 0.0

    @property
    def win_rate(self) -> float:
        """The share of finished matches you won."""
        return self.won / self.matches if self.matches else 0.0

    def add_hand(self, hand: dict[str, Any], me: int = ME) -> None:
        """Count one hand's result."""
        kind, knocker, winner, points = hand["kind"], hand.get("knocker"), hand.get("winner"), hand["points"]
        if kind == "timeout":
            if winner is not None and winner != me:
                self.timeouts_lost += 1
            return
        self.hands += 1
        if kind == "void":
            self.voids += 1
            return
        if winner == me:
            self.hands_won += 1
            self.points += points
        elif winner is not None:
            self.hands_lost += 1
            self.points_against += points
        if knocker == me:
            if kind in ("knock", "undercut"):
                self.knocks += 1
            elif kind == "gin":
                self.gins += 1
            elif kind == "big_gin":
                self.big_gins += 1
            if kind == "undercut":
                self.undercuts_received += 1
        elif knocker is not None:
            if kind in ("knock", "undercut"):
                self.opponent_knocks += 1
            elif kind in ("gin", "big_gin"):
                self.opponent_gins += 1
            if kind == "undercut":
                self.undercuts_given += 1

    def as_dict(self) -> dict[str, Any]:
        """The figures, with the averages, for JSON."""
        d = asdict(self)
        d["avg_points"] = round(self.avg_points, 2)
        d["avg_net"] = round(self.avg_net, 2)
        d["win_rate"] = round(self.win_rate, 3)
        return d


@dataclass
class Stats:
    """All the figures: per (opponent level, preset), and in total."""

    groups: dict[tuple[str, str], Tally] = field(default_factory=dict)
    total: Tally = field(default_factory=Tally)
    replays: int = 0
    """Replayed deals seen (kept in the history, not counted)."""
    unreadable: int = 0
    """Match records that could not be read."""

    def as_dict(self) -> dict[str, Any]:
        """For ``gin-tui stats --json``."""
        return {
            "total": self.total.as_dict(),
            "groups": [
                {"opponent": opp, "preset": preset, **t.as_dict()} for (opp, preset), t in sorted(self.groups.items())
            ],
            "replays_not_counted": self.replays,
            "unreadable_records": self.unreadable,
        }


def _streaks(results: Iterable[bool]) -> tuple[int, int]:
    best = run = 0
    for won in results:
        run = run + 1 if won else 0
        best = max(best, run)
    return best, run


def compute(records: Iterable[dict[str, Any]], me: int = ME) -> Stats:
    """The figures from match records (as :func:`load_history` gives them,
    oldest first).  Replays are left out."""
    stats = Stats()
    finished: dict[tuple[str, str] | None, list[tuple[str, bool]]] = {None: []}
    for r in records:
        if r.get("replay"):
            stats.replays += 1
            continue
        if not r["hands"] and not r.get("finished"):
            continue  # a match left before any hand ended: nothing to count
        key = (str(r.get("opponent")), str(r.get("preset")))
        tally = stats.groups.setdefault(key, Tally())
        for t in (tally, stats.total):
            for hand in r["hands"]:
                t.add_hand(hand, me)
            t.hints += int(r.get("hints") or 0)
            if r.get("finished"):
                t.matches += 1
                if r.get("winner") == me:
                    t.won += 1
                else:
                    t.lost += 1
            elif r.get("abandoned"):
                t.abandoned += 1
        if r.get("finished"):
            when = str(r.get("ended") or r.get("started") or "")
            won = r.get("winner") == me
            finished.setdefault(key, []).append((when, won))
            finished[None].append((when, won))
    for key, results in finished.items():
        ordered = [won for _, won in sorted(results, key=lambda x: x[0])]
        best, current = _streaks(ordered)
        tally = stats.total if key is None else stats.groups[key]
        tally.best_streak, tally.current_streak = best, current
    return stats


# ---------------------------------------------------------------- text


KIND_WORDS = {
    "knock": "knock",
    "gin": "gin",
    "big_gin": "big gin",
    "undercut": "undercut",
    "void": "void",
    "timeout": "out of time",
}

ROWS: tuple[tuple[str, str], ...] = (
    ("Matches played", "matches"),
    ("Matches won", "won"),
    ("Win rate", "win_rate"),
    ("Abandoned", "abandoned"),
    ("Hands", "hands"),
    ("Hands won", "hands_won"),
    ("Knocks", "knocks"),
    ("Gins", "gins"),
    ("Big gins", "big_gins"),
    ("You undercut the computer", "undercuts_given"),
    ("The computer undercut you", "undercuts_received"),
    ("Void hands", "voids"),
    ("Points per hand", "avg_points"),
    ("Net points per hand", "avg_net"),
    ("Best winning streak", "best_streak"),
    ("Current streak", "current_streak"),
    ("Hints used", "hints"),
)
"""The rows of the statistics table: label and :class:`Tally` field."""


def cell(tally: Tally, name: str) -> str:
    """One figure as text."""
    value = getattr(tally, name)
    if name == "win_rate":
        return f"{value:.0%}" if tally.matches else "-"
    if isinstance(value, float):
        return f"{value:.1f}" if tally.hands else "-"
    return str(value)


def table_columns(stats: Stats) -> list[tuple[str, Tally]]:
    """The columns of the statistics table: each opponent and preset, then all."""
    cols = [(f"vs {opp} / {preset} rules", t) for (opp, preset), t in sorted(stats.groups.items())]
    if len(cols) != 1:
        cols.append(("All", stats.total))
    return cols


PRESET_SHORT = {"multiplayer-1.5": "mp-1.5"}
"""Preset names shortened for a column head."""


def column_heads(stats: Stats) -> list[tuple[str, str, Tally]]:
    """The columns as two short head lines (opponent level, preset) and figures;
    "All" last when there is more than one pair."""
    cols = [(opp, PRESET_SHORT.get(preset, preset), t) for (opp, preset), t in sorted(stats.groups.items())]
    if len(cols) != 1:
        cols.append(("All", "", stats.total))
    return cols


def format_text(stats: Stats, width: int = 80) -> str:
    """A plain-text table of the figures (``gin-tui stats``) within ``width``
    columns: one column per opponent level and preset, each headed by the
    level over the preset; when they do not all fit side by side, the table
    is split into blocks, each repeating the row labels."""
    if not stats.groups:
        lines = ["No games recorded yet: play a match with 'gin-tui'."]
    else:
        cols = column_heads(stats)
        label_w = max(len(label) for label, _ in ROWS)
        col_w = max(8, *(max(len(a), len(b)) for a, b, _ in cols))
        per_block = max(1, (width - label_w) // (col_w + 2))
        lines = []
        for start in range(0, len(cols), per_block):
            block = cols[start : start + per_block]
            if lines:
                lines.append("")
            lines.append(" " * label_w + "".join("  " + a.rjust(col_w) for a, _, _ in block))
            lines.append(" " * label_w + "".join("  " + b.rjust(col_w) for _, b, _ in block))
            for label, name in ROWS:
                lines.append(label.ljust(label_w) + "".join("  " + cell(t, name).rjust(col_w) for _, _, t in block))
    if stats.replays:
        lines.append(f"({stats.replays} replayed deal(s) not counted)")
    if stats.unreadable:
        lines.append(f"({stats.unreadable} unreadable match record(s) skipped)")
    return "\n".join(line.rstrip() for line in lines)


def _who(seat: Any, opponent: str) -> str:
    return "You" if seat == ME else f"Computer ({opponent})" if seat == 1 else "-"


def format_match(record: dict[str, Any]) -> str:
    """One match's history as readable text (``gin-tui export --format text``)."""
    opp = str(record.get("opponent"))
    state = "finished" if record.get("finished") else "abandoned" if record.get("abandoned") else "in progress"
    lines = [
        f"Match {record['id']}  ({state}{', replayed deal' if record.get('replay') else ''})",
        f"  Opponent: {opp}   Rules: {record.get('preset')}   Seed: {record.get('seed')}",
        f"  Started: {record.get('started')}   Ended: {record.get('ended') or '-'}",
    ]
    for h in record["hands"]:
        kind = KIND_WORDS.get(h["kind"], h["kind"])
        dw = h.get("deadwood")
        dw_text = f", deadwood {dw[0]}-{dw[1]}" if isinstance(dw, list) and len(dw) == 2 else ""
        if h.get("winner") is None:
            res = "no score"
        else:
            res = f"{_who(h['winner'], opp)} +{h['points']}"
        scores = h.get("scores") or ["?", "?"]
        lines.append(f"  Hand {h['hand_no']}: {kind}{dw_text}: {res}  (score {scores[0]}-{scores[1]})")
        if h.get("hands"):
            lines.append(f"    Your hand:     {' '.join(h['hands'][0])}")
            lines.append(f"    Computer hand: {' '.join(h['hands'][1])}")
        if h.get("moves"):
            moves = []
            for m in h["moves"]:
                who = "you" if m.get("seat") == ME else "cpu"
                action = str(m.get("action"))
                if m.get("card") and m["card"] not in action:
                    action += f" ({m['card']})"
                moves.append(f"{who}: {action}")
            lines.append("    Moves: " + "; ".join(moves))
    if record.get("finished"):
        totals = record.get("totals") or record.get("scores")
        lines.append(f"  Result: {_who(record.get('winner'), opp)} won {totals[0]}-{totals[1]}")
    return "\n".join(lines)


__all__ = [
    "Stats",
    "Tally",
    "compute",
    "format_match",
    "format_text",
]
