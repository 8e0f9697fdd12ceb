"""The record of every match, ``history/<match id>.json`` in the data directory.

Written (atomically) by the process playing the match when a hand or the
match ends: the rules, the opponent's level, every hand's result with its
public moves, and how the match ended.  One file per match means two
``gin-tui`` processes never write the same file.  A replayed deal
(``replay``) is kept in the history but does not count in the statistics.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ginrummy_tui.storage.files import atomic_write_json, move_aside, now_iso
from ginrummy_tui.storage.store import HISTORY_DIR

if TYPE_CHECKING:
    from ginrummy_tui.engine import GameState


RECORD_FORMAT = "gin-tui match"


RECORD_VERSION = 1


def history_dir(root: Path) -> Path:
    """Where the match records live."""
    return Path(root) / HISTORY_DIR


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
