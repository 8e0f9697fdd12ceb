"""The order of a network seat's cards and its selection, kept between runs.

A local match keeps them in its save (``ui``).  A seat of a network match has
no save of its own for them: ``gin-tui join`` holds only the host's views, and
the host's save (``network.json``) holds the server's table.  So each seat
keeps its arrangement (what :func:`~ginrummy_tui.tui.restore.hand_ui` makes)
in a small file of the player's data directory, ``network-hand-<seat>.json``
(seat 0 is the host's), with the hand it belongs to: the host's id for the
match, the seat and the hand number.  The file holds one entry, the hand last
played at that seat from this directory; a file per seat, so that a host and a
guest playing from one directory (two terminals of one account) do not write
over each other.  The arrangement is given back only for that same match,
seat and hand.  A file that cannot be read or makes no sense is ignored (the
next write replaces it); a write that fails is ignored too: only the order of
the cards is lost.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .files import atomic_write_json, read_regular

FILE_NAME = "network-hand-{seat}.json"
"""The seat's file in the data directory."""
VERSION = 1
LIMIT = 64 * 1024
"""The most of the file read (an entry is a few hundred bytes): a larger file is ignored."""


@dataclass(frozen=True)
class HandKey:
    """The hand an arrangement belongs to."""

    match_id: str
    """The host's id for the match."""
    seat: int
    hand_no: int


class SeatHands:
    """Reads and writes the seats' arrangements in the data directory ``root``
    (None: nothing is read or written).  Never raises."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self._written: tuple[HandKey, dict[str, Any]] | None = None
        """The last entry read or written: written again only when it changes."""

    def path(self, seat: int) -> Path | None:
        """The file of ``seat``, or None when nothing is kept."""
        return None if self.root is None else Path(self.root) / FILE_NAME.format(seat=seat)

    def load(self, key: HandKey) -> dict[str, Any]:
        """The arrangement kept for hand ``key``; ``{}`` if there is none for it
        (another hand or match, no file, a damaged one)."""
        path = self.path(key.seat)
        if path is None:
            return {}
        try:
            entry = json.loads(read_regular(path, LIMIT))
        except Exception:  # missing, a link or not a file, not JSON, too deep: only the order is lost
            return {}
        if not isinstance(entry, dict) or _key_of(entry) != key or not isinstance(entry.get("ui"), dict):
            return {}
        ui: dict[str, Any] = entry["ui"]
        self._written = (key, ui)
        return dict(ui)

    def keep(self, key: HandKey, ui: dict[str, Any]) -> bool:
        """Write ``ui`` as the arrangement of hand ``key``, if it is not what the
        file already holds; True if it was written."""
        path = self.path(key.seat)
        if path is None or not ui or self._written == (key, ui):
            return False
        entry = {"version": VERSION, "match": key.match_id, "seat": key.seat, "hand": key.hand_no, "ui": ui}
        try:
            atomic_write_json(path, entry)
        except Exception:  # a data directory that cannot be used, a full disk: tried again at the next change
            return False
        self._written = (key, dict(ui))
        return True


def _key_of(entry: dict[str, Any]) -> HandKey | None:
    """The hand an entry of the file is for; None if it does not say (another version, damaged)."""
    match_id, seat, hand_no = entry.get("match"), entry.get("seat"), entry.get("hand")
    if entry.get("version") != VERSION or not isinstance(match_id, str):
        return None
    if type(seat) is not int or type(hand_no) is not int:  # not True for 1
        return None
    return HandKey(match_id, seat, hand_no)
