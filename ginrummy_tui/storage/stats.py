"""Lifetime statistics: every finished hand and match, recorded and counted.

Each match has one record, ``history/<match id>.json`` in the data
directory, written (atomically) by the process playing it when a hand or the
match ends: the rules, the opponent's level, every hand's result with its
public moves, and how the match ended.  One file per match means two
``gin-tui`` processes never write the same file.

The figures (:func:`compute`) are always worked out again from the records,
per opponent level and rules preset, from the point of view of seat 0 (the
local player).  A replayed deal (``replay``) is kept in the history but does
not count.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ginrummy_tui.engine.kinds import EndKind
from ginrummy_tui.storage.store import HISTORY_DIR, atomic_write_json, move_aside, now_iso

if TYPE_CHECKING:
    from ginrummy_tui.engine import GameState

RECORD_FORMAT = "gin-tui match"
RECORD_VERSION = 1
ME = 0
"""The seat whose statistics these are (the local player)."""


def history_dir(root: Path) -> Path:
    """Where the match records live."""
    return Path(root) / HISTORY_DIR


# ---------------------------------------------------------------- recording


def hand_entry(state: GameState, rec) -> dict[str, Any]:
    """The record of one finished hand: its score-sheet row, and, when
    ``state`` is that hand's end, both hands and the public moves."""
    entry: dict[str, Any] = {
        "hand_no": rec.hand_no,
        "dealer": rec.dealer,
        "kind": rec.kind,
        "knocker": rec.knocker,
        "winner": rec.winner,
        "points": rec.points,
        "deadwood": list(rec.deadwood) if rec.deadwood is not None else None,
        "scores": list(rec.scores),
    }
    if state.result is not None and rec.hand_no == state.hand_no:
        entry["hands"] = [[str(c) for c in h] for h in state.result.hands]
        entry["moves"] = [
            {"seat": m.seat, "action": str(m.action), "card": str(m.card) if m.card is not None else None}
            for m in state.history
        ]
        knock = state.result.knock
        if knock is not None:
            entry["layoffs"] = [[str(lo.card), [str(c) for c in lo.meld]] for lo in knock.layoffs]
            entry["knocker_melds"] = [[str(c) for c in m] for m in knock.knocker_melds]
            entry["defender_melds"] = [[str(c) for c in m] for m in knock.defender_melds]
    return entry


class MatchRecorder:
    """Keeps the record of one match up to date as its states go by.

    :meth:`observe` is idempotent: a hand is recorded once (by number), so
    seeing the same state again, or resuming a saved match, adds nothing twice.
    """

    def __init__(self, root: Path, match_id: str, *, opponent: str = "standard", replay: bool = False) -> None:
        self.root = Path(root)
        self.match_id = match_id
        self.opponent = opponent
        self.replay = replay
        self.path = history_dir(self.root) / f"{match_id}.json"
        self.record: dict[str, Any] | None = None

    def _load(self, state: GameState) -> dict[str, Any]:
        if self.record is not None:
            return self.record
        record = None
        if self.path.exists():
            try:
                record = json.loads(self.path.read_text(encoding="utf-8"))
                if not _valid_record(record):
                    raise ValueError("not a match record")
            except (OSError, ValueError):
                move_aside(self.path)
                record = None
        if record is None:
            record = {
                "format": RECORD_FORMAT,
                "version": RECORD_VERSION,
                "id": self.match_id,
                "started": now_iso(),
                "updated": now_iso(),
                "ended": None,
                "finished": False,
                "abandoned": False,
                "replay": self.replay,
                "opponent": self.opponent,
                "preset": state.rules.name,
                "rules": state.rules.to_dict(),
                "seed": state.seed,
                "match_no": state.match_no,
                "hints": 0,
                "winner": None,
                "scores": [0, 0],
                "totals": [0, 0],
                "hands": [],
            }  # written once there is something to record
        self.record = record
        return record

    def _write(self, record: dict[str, Any]) -> None:
        record["updated"] = now_iso()
        atomic_write_json(self.path, record)

    def observe(self, state: GameState) -> bool:
        """Record what ended since the last call; True if the record changed."""
        record = self._load(state)
        known = {h.get("hand_no") for h in record["hands"]}
        changed = False
        for rec in state.sheet:
            if rec.hand_no not in known:
                record["hands"].append(hand_entry(state, rec))
                known.add(rec.hand_no)
                changed = True
        if list(state.scores) != record["scores"]:
            record["scores"] = list(state.scores)
            record["totals"] = list(state.totals)
            changed = True
        if state.over and not record["finished"]:
            record["finished"] = True
            record["abandoned"] = False
            record["winner"] = state.winner
            record["totals"] = list(state.totals)
            record["ended"] = now_iso()
            changed = True
        if changed:
            self._write(record)
        return changed

    def add_hint(self) -> None:
        """Count a hint asked for in this match."""
        if self.record is None:
            return
        self.record["hints"] = int(self.record.get("hints", 0)) + 1
        self._write(self.record)

    def abandon(self) -> None:
        """Mark the match as given up unfinished (a new one replaced it)."""
        if self.record is None or self.record["finished"] or not self.record["hands"]:
            return  # a match given up before any hand ended leaves no record
        self.record["abandoned"] = True
        self.record["ended"] = now_iso()
        self._write(self.record)


def mark_abandoned(root: Path, match_id: str) -> None:
    """Mark a match record as abandoned (for a saved match that is replaced)."""
    path = history_dir(root) / f"{match_id}.json"
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    if _valid_record(record) and not record["finished"]:
        record["abandoned"] = True
        record["ended"] = now_iso()
        with contextlib.suppress(OSError):  # a read-only data directory: the record stays as it was
            atomic_write_json(path, record)


def _valid_record(record: Any) -> bool:
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        return False
    if not isinstance(record.get("version"), int) or record["version"] > RECORD_VERSION:
        return False
    if not isinstance(record.get("id"), str) or not isinstance(record.get("hands"), list):
        return False
    for h in record["hands"]:
        if not isinstance(h, dict) or not isinstance(h.get("kind"), str):
            return False
        for key in ("points", "hand_no"):
            if not isinstance(h.get(key), int):
                return False
        for key in ("knocker", "winner"):
            if h.get(key) not in (None, 0, 1):
                return False
    return (
        isinstance(record.get("finished"), bool)
        and record.get("winner") in (None, 0, 1)
        and isinstance(record.get("opponent"), str)
        and isinstance(record.get("preset"), str)
    )


def load_history(root: Path) -> tuple[list[dict[str, Any]], list[Path]]:
    """Every readable match record, oldest first, and the files that could
    not be read (left where they are)."""
    folder = history_dir(root)
    records, bad = [], []
    try:
        paths = sorted(folder.glob("*.json"))
    except OSError:
        return [], []
    for p in paths:
        try:
            record = json.loads(p.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            bad.append(p)
            continue
        if not _valid_record(record):
            bad.append(p)
            continue
        records.append(record)
    records.sort(key=lambda r: (str(r.get("started") or ""), r["id"]))
    return records, bad


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
        if kind == EndKind.TIMEOUT:
            if winner is not None and winner != me:
                self.timeouts_lost += 1
            return
        self.hands += 1
        if kind == EndKind.VOID:
            self.voids += 1
            return
        if winner == me:
            self.hands_won += 1
            self.points += points
        elif winner is not None:
            self.hands_lost += 1
            self.points_against += points
        if knocker == me:
            if kind in (EndKind.KNOCK, EndKind.UNDERCUT):
                self.knocks += 1
            elif kind == EndKind.GIN:
                self.gins += 1
            elif kind == EndKind.BIG_GIN:
                self.big_gins += 1
            if kind == EndKind.UNDERCUT:
                self.undercuts_received += 1
        elif knocker is not None:
            if kind in (EndKind.KNOCK, EndKind.UNDERCUT):
                self.opponent_knocks += 1
            elif kind in (EndKind.GIN, EndKind.BIG_GIN):
                self.opponent_gins += 1
            if kind == EndKind.UNDERCUT:
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


def load_stats(root: Path) -> Stats:
    """The figures of the data directory ``root``."""
    records, bad = load_history(root)
    stats = compute(records)
    stats.unreadable = len(bad)
    return stats


# ---------------------------------------------------------------- text


KIND_WORDS = {
    EndKind.KNOCK: "knock",
    EndKind.GIN: "gin",
    EndKind.BIG_GIN: "big gin",
    EndKind.UNDERCUT: "undercut",
    EndKind.VOID: "void",
    EndKind.TIMEOUT: "out of time",
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
    ("Undercuts given", "undercuts_given"),
    ("Undercuts received", "undercuts_received"),
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


def format_text(stats: Stats) -> str:
    """A plain-text table of the figures (``gin-tui stats``)."""
    if not stats.groups:
        lines = ["No games recorded yet: play a match with 'gin-tui'."]
    else:
        cols = table_columns(stats)
        width = max(len(label) for label, _ in ROWS)
        colw = [max(7, len(name)) for name, _ in cols]
        head = " " * width + "  " + "  ".join(name.rjust(w) for (name, _), w in zip(cols, colw))
        lines = [head]
        for label, name in ROWS:
            cells = [cell(t, name).rjust(w) for (_, t), w in zip(cols, colw)]
            lines.append(label.ljust(width) + "  " + "  ".join(cells))
    if stats.replays:
        lines.append(f"({stats.replays} replayed deal(s) not counted)")
    if stats.unreadable:
        lines.append(f"({stats.unreadable} unreadable match record(s) skipped)")
    return "\n".join(lines)


def find_match(records: list[dict[str, Any]], wanted: str) -> dict[str, Any] | str:
    """The record whose id is ``wanted`` (or starts with it; ``last`` is the
    newest), or a message saying why there is none."""
    if not records:
        return "no matches recorded yet"
    if wanted == "last":
        return records[-1]
    exact = [r for r in records if r["id"] == wanted]
    if exact:
        return exact[0]
    prefix = [r for r in records if r["id"].startswith(wanted)]
    if len(prefix) == 1:
        return prefix[0]
    if prefix:
        return f"{len(prefix)} matches start with {wanted!r}: " + ", ".join(r["id"] for r in prefix[:5])
    return f"no match with id {wanted!r}"


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


def export_records(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The JSON document of ``gin-tui export``."""
    return {"format": "gin-tui export", "version": RECORD_VERSION, "matches": records}


def record_hint(root: Path, match_id: str) -> None:
    """Count a hint in a match's record (for callers without a recorder)."""
    path = history_dir(root) / f"{match_id}.json"
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    if _valid_record(record):
        record["hints"] = int(record.get("hints") or 0) + 1
        record["updated"] = now_iso()
        with contextlib.suppress(OSError):
            atomic_write_json(path, record)


__all__ = [
    "MatchRecorder",
    "Stats",
    "Tally",
    "compute",
    "export_records",
    "find_match",
    "format_match",
    "format_text",
    "load_history",
    "load_stats",
    "mark_abandoned",
    "record_hint",
]
