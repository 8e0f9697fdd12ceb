"""The hands a network seat saw end, kept between runs until its match is recorded.

A guest (``gin-tui join``) holds no game state: it records a finished match
from the host's views, with the moves, both hands and the melds and layoffs of
each hand it saw end (:class:`~ginrummy_tui.session.keeper.SeatRecords`).  A
view shows only the hand that has just ended, so what the seat saw of the
earlier ones is kept as it goes, in ``network-ended-<seat>.json`` in the
player's data directory: a ``gin-tui join`` started again (after a closed
terminal, a ``kill``) takes them up, and its record of the match has them all,
as the host's has.  The file holds one match, the last one seen at that seat
from this directory; a file per seat, as ``network-hand-<seat>.json``.  A file
that cannot be read or makes no sense is ignored (the next write replaces it);
a write that fails is ignored too: those hands are recorded with their
score-sheet rows alone, as hands the seat did not see end.

With the hands, the file keeps the record the match would have as one the
player left unfinished there and then (``left``), and whether it was written
(``recorded``): a ``gin-tui join`` that finds the seat taken by another player
(this one's was killed meanwhile) has no view of the match, and records it
from there, once.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .files import atomic_write_json, read_regular

FILE_NAME = "network-ended-{seat}.json"
"""The seat's file in the data directory."""
VERSION = 1
LIMIT = 4 * 1024 * 1024
"""The most of the file read (a hand is a few kilobytes): a larger file is ignored."""


class SeenHands:
    """Reads and writes the hands each seat saw end in the data directory ``root``
    (None: nothing is read or written).  Never raises."""

    def __init__(self, root: Path | None) -> None:
        self.root = root

    def path(self, seat: int) -> Path | None:
        """The file of ``seat``, or None when nothing is kept."""
        return None if self.root is None else Path(self.root) / FILE_NAME.format(seat=seat)

    def _entry(self, match_id: str, seat: int) -> dict[str, Any] | None:
        """The file of ``seat`` if it keeps match ``match_id`` (None: another match, no file, a damaged one)."""
        path = self.path(seat)
        if path is None:
            return None
        try:
            entry = json.loads(read_regular(path, LIMIT))
        except Exception:  # missing, a link or not a file, not JSON, too deep: nothing kept
            return None
        if not isinstance(entry, dict) or entry.get("version") != VERSION:
            return None
        if entry.get("match") != match_id or entry.get("seat") != seat or type(entry.get("seat")) is not int:
            return None
        if not isinstance(entry.get("hands"), list):
            return None
        return entry

    def load(self, match_id: str, seat: int) -> dict[int, dict[str, Any]]:
        """The hands of match ``match_id`` kept for ``seat``, by number; ``{}`` if there
        are none (another match, no file, a damaged one)."""
        entry = self._entry(match_id, seat)
        if entry is None:
            return {}
        return {hand["hand_no"]: hand for hand in entry["hands"] if _readable(hand)}

    def load_left(self, match_id: str) -> tuple[int, dict[str, Any], bool] | None:
        """The record kept of match ``match_id`` as one the player left unfinished, at
        whichever seat they played it: ``(seat, record, whether it was written)``; None
        when none is kept (they finished no hand of it, or another match is kept)."""
        for seat in (0, 1):
            entry = self._entry(match_id, seat)
            if entry is not None and isinstance(entry.get("left"), dict):
                return seat, entry["left"], entry.get("recorded") is True
        return None

    def keep(self, match_id: str, seat: int, hands: dict[int, dict[str, Any]], *,
             left: dict[str, Any] | None = None, recorded: bool = False) -> bool:
        """Write ``hands`` (by number) as the hands ``seat`` saw end in match ``match_id``,
        with the record of the match as one left unfinished now (``left``), and whether
        it was written (``recorded``); True if they were written."""
        path = self.path(seat)
        if path is None:
            return False
        entry: dict[str, Any] = {
            "version": VERSION, "match": match_id, "seat": seat, "hands": [hands[n] for n in sorted(hands)],
        }
        if left is not None:
            entry["left"] = left
            entry["recorded"] = recorded
        try:
            atomic_write_json(path, entry)
        except Exception:  # a data directory that cannot be used, a full disk: tried again at the next hand
            return False
        return True


def _readable(hand: Any) -> bool:
    """Whether ``hand`` is a hand's record as the seat kept it (its number, both hands, its moves)."""
    return (
        isinstance(hand, dict)
        and type(hand.get("hand_no")) is int
        and isinstance(hand.get("hands"), list)
        and isinstance(hand.get("moves"), list)
    )
