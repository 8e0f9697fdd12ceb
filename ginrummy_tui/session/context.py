"""What the app is handed when it starts: :class:`AppContext`.

Everything the app needs beyond the game itself travels in one typed object
built before the app (by ``gin-tui`` in :mod:`ginrummy_tui.cli.play`, or by
:func:`~ginrummy_tui.tui.app.make_app` for a bare app): the session it plays
through, the settings in use, where files live, the keeper that saves the
match, and what the settings screen may do to the match.  Nothing is attached
to the app from outside afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from ginrummy_tui.storage.config import Settings
    from ginrummy_tui.storage.seat_hand import SeatHands

    from .control import MatchControl
    from .keeper import Keeper, SeatRecords
    from .local import Session


@dataclass
class AppContext:
    """The app's world, handed to it at start (see the module docstring)."""

    session: Session
    """Where the game is played; the app only reads its views (a replay swaps it for a while)."""
    settings: Settings | None = None
    """The settings file's settings with this run's command-line choices on top (None: not read)."""
    saved_settings: Settings | None = None
    """The settings file's settings alone: the settings screen saves the
    player's changes onto them, so that the command line's choices stay for
    one run (None: :attr:`settings` are the file's)."""
    config_dir: Path | None = None
    """Where the settings file lives (None: the default place)."""
    uses_files: bool = True
    """False: nothing is read or written (``--data-dir -``): the settings
    screen shows :attr:`settings` and changes them for this run only, and
    the statistics screen reads no history."""
    one_tab: bool = False
    """A browser tab of ``gin-tui serve``: its data directory is a temporary one,
    removed when the tab closes, on a machine its player has no shell on: the
    statistics screen names no command line, and saved settings last for this tab
    only (and say so)."""
    data_dir: Path | None = None
    """Where saves and records live (None: the default place)."""
    resume_command: str = "gin-tui"
    """The command that resumes the saved match (``gin-tui --data-dir /abs/D``
    when the data directory is not the default one)."""
    keeper: Keeper | None = None
    """Saves the match after every move (None: the match is not saved)."""
    control: MatchControl | None = None
    """What the settings screen may do to the match in play (None: nothing)."""
    ui: dict[str, Any] = field(default_factory=dict)
    """What the app remembered of its screen when the match was saved (card order, selection)."""
    seat_hands: SeatHands | None = None
    """Network play: where the seat keeps the order of its cards and the
    selection between runs, for the hand in play (None: not kept)."""
    seat_records: SeatRecords | None = None
    """The guest of a network match (``gin-tui join``): its records of the
    matches it sees finished, whose notes (the history database is busy, then
    free) the app shows as it shows the keeper's (None: not recorded so)."""
    narrow_encoding: str | None = None
    """The terminal's encoding where it cannot show the game's suits and lines
    ("ISO-8859-1"): the table is in ASCII for the whole run, whatever the settings
    say, and the settings screen says why (None: a terminal that can show them)."""
    notes: list[str] = field(default_factory=list)
    """What to tell the player once the table is up."""
    printed: set[str] = field(default_factory=set)
    """Those of :attr:`notes` already printed in the terminal before the table
    came (``gin-tui host`` prints what happened at start): back in the
    terminal, they are on the screen again and are not printed twice."""
    resumed: bool = False
    """True when the match in play was resumed from its save."""
    resumed_separate: bool = False
    """The match resumed is a separate one (played while the main match was
    open in another ``gin-tui``): in its own slot, or taken up later in the main one."""
    after_first_frame: Callable[[], list[str]] | None = None
    """What ``gin-tui`` does once the table is on the screen (the match's
    first save); returns what to tell the player."""

    @property
    def saved(self) -> bool:
        """True when the match is saved after every move (gin-tui resumes it)."""
        return self.keeper is not None
