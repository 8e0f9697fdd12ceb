"""What the screens may ask of the app, as a protocol.

The screens are imported by the app; naming the app's class in them would
make the two import each other.  They see it through :class:`GinHost`
instead (``self.gin``), which :class:`~ginrummy_tui.tui.app.GinApp` fulfils.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.message import Message

if TYPE_CHECKING:
    import threading
    from collections.abc import Callable
    from typing import Protocol

    from rich.text import Text
    from textual.notifications import Notification

    from ginrummy_tui.engine import Kind
    from ginrummy_tui.session.context import AppContext
    from ginrummy_tui.session.local import Session
    from ginrummy_tui.storage.config import Settings

    # Only for the type checker: the screens never need it at run time (a
    # Protocol class costs a millisecond to create at every start).
    class GinHost(Protocol):
        """The app, as its screens and widgets use it (beyond Textual's own ``App``)."""

        context: AppContext
        ascii_only: bool
        one_click: bool
        mouse_enabled: bool
        clock_rich: Text | None
        history_upkeep: threading.Thread | None
        pause: float
        end_guard: float
        clock_line: str

        def now(self) -> float:
            """The app's clock (tests put a fake one here)."""
            ...

        @property
        def session(self) -> Session: ...

        def sync(self) -> None:
            """Redraw from the session's view; show the end of a hand; let the computer move."""

        def go_on(self, kind: Kind) -> None:
            """Deal the next hand (``Kind.NEXT_HAND``) or start a new match (``Kind.NEW_MATCH``)."""

        def went_on_again(self, key: str) -> bool:
            """Whether ``key`` is the key that dealt, pressed again the moment it did (dropped)."""
            ...

        def start_replay(self) -> bool:
            """Deal the hand on the table again as practice."""
            ...

        def start_new_match(self, settings: Settings) -> None:
            """Abandon the match in play and start a new one with ``settings``."""

        def table_mounted(self) -> None:
            """The table is up."""

        def at_quit(self) -> str:
            """What becomes of the match at the quit, in a few words."""
            ...

        def quit_asks(self) -> bool:
            """True when q would ask before quitting (in the middle of a hand, or with settings not saved)."""
            ...

        def show_waiting_end(self) -> None:
            """Show the end of the hand that waited behind what the player read (the pile list)."""

        def holding_notes(self) -> bool:
            """True while notes are held back for a screen over the table, to come back when it closes."""
            ...

        def hold_warnings(self) -> bool:
            """Hold back the warnings up, to come back on the next table; True if any were."""
            ...

        def take_resumed_note(self) -> str | None:
            """Take down the note of the match resumed, if it is up, and give its words, short."""
            ...

        def spent_toast_shown(self) -> bool:
            """True while a toast whose time is up is on the screen still (it goes by a timer of its own)."""
            ...

        def start_note(self, text: str, seconds: float) -> Notification:
            """A note of the start, as a warning for ``seconds``: its toast, to take down when it no longer holds."""
            ...

        def player_moved(self) -> None:
            """The player made a move on the table: the notes of the start over it go once read."""

        def take_down(self, notification: Notification) -> None:
            """Take ``notification`` down before its time."""
            ...

        def note_in_place(self, kind: str, text: str, seconds: float) -> None:
            """``text`` for ``seconds``, in place of the last note of the same ``kind`` ("settings")."""

        def drop_note_in_place(self, kind: str) -> None:
            """Take down the last note of ``kind``, up or held back under a screen."""

        def hand_note(self, text: str, seconds: float, *, short: str | None = None) -> None:
            """A note about the hand on the table, for ``seconds``: taken down once another hand is
            dealt; ``short``, the match resumed's words for the end of a hand to say itself."""

        def from_any_thread(self, call: Callable[[], None]) -> None:
            """Run ``call`` on the app's event loop, soon, asked from any thread (a worker's
            note: no thread but the app's touches a widget or a toast)."""

        def typed_ahead_dropped(self, keys: list[str]) -> None:
            """Network play: ``keys``, typed on the table while its last move was on its way,
            dropped as the hand's end came up: one that goes on from there is said held back."""


class SuitsChanged(Message):
    """The suits are drawn otherwise now (letters or symbols); the app posts it
    to every screen in its stack, and the screens that show cards redraw."""

    def __init__(self, ascii_only: bool) -> None:
        super().__init__()
        self.ascii_only = ascii_only


class ClickModeChanged(Message):
    """One-click discard was switched on or off in the settings; the app's
    screens are told, and the table says the clicks its prompt offers anew."""


class ViewChanged(Message):
    """The game moved on and the table redrew; the app posts it to the screens
    over the table (one that shows the hand's moves follows it)."""


class GoingOnChanged(Message):
    """Network play, between hands: who has asked to go on changed (this player,
    the other); the app posts it to the screens over the table, and the end of
    the hand says anew what Enter does, or whom it waits for."""


def gin_of(app: object) -> GinHost:
    """``app`` (a screen's ``self.app``) as the gin-tui app it is."""
    return cast("GinHost", app)


SEPARATE_MATCH = "Separate match"
"""What a separate match is called (one started beside a match open in another gin-tui):
numbered, it would have the other's number, each being one more than the matches finished."""


def match_title(app: object) -> str | None:
    """What the match on the table is called, the same on every screen: "Match 2", its number
    among all the player's matches (:meth:`~ginrummy_tui.session.keeper.Keeper.match_number`),
    or :data:`SEPARATE_MATCH`; None where it has no number (the state's own is shown then)."""
    keeper = gin_of(app).context.keeper
    if keeper is None:  # network play: the number among the player's matches, from the player's history
        number = gin_of(app).session.match_number()
        return None if number is None else f"Match {number}"
    if keeper.store.is_separate:
        return SEPARATE_MATCH
    number = keeper.match_number()
    return None if number is None else f"Match {number}"
