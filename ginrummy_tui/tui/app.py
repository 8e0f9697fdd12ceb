"""The Textual app, and :func:`make_app`, which the command line and the tests share."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import inspect
import os
import threading
import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from rich.text import Text
from textual import events
from textual.app import App
from textual.binding import Binding
from textual.constants import ESCAPE_DELAY
from textual.css.query import NoMatches
from textual.keys import key_to_character
from textual.message import Message
from textual.notifications import Notification, Notify
from textual.reactive import reactive
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from ginrummy_tui.engine.kinds import Kind, Phase
from ginrummy_tui.session.context import AppContext
from ginrummy_tui.session.local import LocalSession, Session
from ginrummy_tui.storage.store import clock_turn, saved_left, unreadable_ui

from .ascii_signs import ASCII_APPS
from .ascii_signs import install as install_ascii_signs
from .escape_keys import install as install_escape_keys
from .palette import palette_of
from .restore import GONE_TRIES
from .screens.game_screen import GameScreen, status_room
from .screens.styled_once import StyledOnce
from .widgets.cardfaces import ascii_words
from .widgets.too_small import MIN_HEIGHT, MIN_WIDTH, NORMAL_WIDTH, TALL_HEIGHT, WIDE_WIDTH, TooSmall, too_small_for

if TYPE_CHECKING:
    from collections.abc import Callable, Coroutine

    from textual.driver import Driver
    from textual.notifications import Notification, SeverityLevel

    from ginrummy_tui.engine import GameState, PlayerView, Rules
    from ginrummy_tui.session.local import Opponent
    from ginrummy_tui.storage.config import Settings
    from ginrummy_tui.storage.seat_hand import HandKey

    from .restore import StartNotes

DEFAULT_PAUSE = 0.7
PRACTICE_NOTE_TITLE = "Replay this deal"
"""The title of the note a practice hand starts with (taken down when the player leaves it)."""
"""Seconds the computer waits before each of its moves, so that a person can follow."""
END_WAITS_NOTE_TIME = 8
"""Seconds the note saying that the hand ended behind the screen the player reads stays up."""
BOOKKEEPING_DELAY = 0.1
"""Seconds between the first frame and the rest of the start-up (the notes, the first save, the history upkeep)."""
NOTE_GONE_AFTER = 0.05
"""Seconds after a note's time is up at which the notes still up are fitted again (its toast has gone)."""
NOTE_GAP = 0.1
"""Seconds between a part of a note too long for the toasts' room going and the next part coming."""
ROWS_BESIDE = 3
"""The fewest lines a note is cut into parts of beside the notes up, where it does not fit
whole in the room they leave: with fewer, it waits for room (:meth:`GinApp._parts_beside`)."""


def _load_statistics_screen() -> None:
    """Import the statistics screen's modules (in the background, once the
    table is up), so that the first F3 does not wait for them."""
    from ginrummy_tui.storage import reports  # noqa: F401

    from .screens import stats_screen  # noqa: F401


class WaitingNote(NamedTuple):
    """A note raised while the notes up left too little room for it (``GinApp._parts_beside``):
    its words and what it is raised with once there is room, and the notification returned for
    it meanwhile (named by the lists of notes to take down, replaced once it is raised)."""

    placeholder: Notification
    words: str
    title: str
    severity: SeverityLevel
    seconds: float
    markup: bool


class NoteRest(NamedTuple):
    """The parts still to come of a note too long for the toasts' room (``GinApp._raise_parts``),
    with what each is raised with; ``seconds``: the last part's."""

    parts: list[str]
    title: str
    severity: SeverityLevel
    seconds: float
    markup: bool


def _over_the_table(screen: object) -> bool:
    """True for a screen opened over the table whose words the notes up on the table
    would cover: the rule sheet, the scores, the statistics, the review, the list of
    turns (:class:`~.screens.table_only.TableOnly`) and the settings form (F2)."""
    from .screens.settings_screen import SettingsScreen
    from .screens.table_only import TableOnly

    return isinstance(screen, (TableOnly, SettingsScreen))


WIDGET_STYLES = ["move_clock.tcss", *sorted(f"widgets/{p.name}" for p in (Path(__file__).parent / "widgets").glob("*.tcss"))]
"""The style sheets of the widgets, each beside its module (``move_clock.tcss`` the clock's
line over a screen): Textual reads only an app's or a screen's ``CSS_PATH``, so the app lists
them, before its own and the table's, which win where a rule of theirs ties with a widget's."""


SCREEN_STYLES = sorted(
    f"screens/{p.name}" for p in (Path(__file__).parent / "screens").glob("*.tcss") if p.name != "game_screen.tcss"
)
"""The style sheets of the screens shown over the table or after it, read with the app's own at
its start.  Each screen lists its own in its ``CSS_PATH`` too, but Textual reads a sheet only
once.  Read at the first opening of a screen of each kind, a sheet made Textual parse every
sheet again and style every widget of every screen again (the first F2 opened in 0.60 s, now
0.55 s; F3 0.19 s, now 0.16 s: ``benchmarks/screens.py --compare styles``), and the order of
the sheets, which decides between rules that tie, was the order in which the player first
opened the screens.  The start takes about 0.03 s more."""


KEYS_WHILE_TOO_SMALL = frozenset({"q", "ctrl+q", "ctrl+c", "ctrl+z"})
"""The keys that work behind "Terminal too small" (it says "q: quit")."""

LONE_ESCAPE_LATE = ESCAPE_DELAY + 0.1
"""How long after its press Escape may come, at most: the terminal sends a lone Escape as
the first character of a longer key's sequence, so Textual's driver tells it only once
``ESCDELAY`` has passed with no character after it, at its next poll (every 0.1 s).  An
Escape that comes this soon after the terminal became too small may have been pressed
before: it is not dropped (a list closed with Escape as the window shrank stayed open)."""


def escaped_key(key: events.Key) -> events.Key | None:
    """The key of ``key`` where it is Escape and a key run together: a terminal sends Alt+s as
    Escape then s, so Escape pressed and a key within ``ESCDELAY`` after it come as one key,
    Alt and the key ("alt+s", "alt+shift+s" for S; "alt+3", "alt+minus", "alt+enter",
    "alt+space", "alt+less_than_sign" as :mod:`.escape_keys` names those Textual read as an
    Option character or as the key alone; "alt+ctrl+q" for Escape then Ctrl+Q); None for any
    other key."""
    held, alt, name = key.key.partition("alt+")
    if held or not alt or not name:
        return None
    before, shift, letter = name.partition("shift+")
    if shift and not before and len(letter) == 1 and letter.isascii() and letter.isalpha():
        return events.Key(letter.upper(), letter.upper())
    character = key.character if key.character is not None else key_to_character(name)
    return events.Key(name, character)


_S = TypeVar("_S", bound=Screen[Any])


class GinApp(App):
    """Gin Rummy: one match, played through a :class:`Session`."""

    CSS_PATH = [*WIDGET_STYLES, "app.tcss", "screens/game_screen.tcss", *SCREEN_STYLES]
    """The widgets' styles, the shared styles, the table's (the first screen's styles are not
    loaded from the screen itself), and those of every other screen (:data:`SCREEN_STYLES`)."""
    TITLE = "gin-tui"
    ENABLE_COMMAND_PALETTE = False
    HORIZONTAL_BREAKPOINTS = [(0, "-too-narrow"), (MIN_WIDTH, "-narrow"), (NORMAL_WIDTH, "-normal"), (WIDE_WIDTH, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-too-short"), (MIN_HEIGHT, "-short"), (TALL_HEIGHT, "-tall")]

    BINDINGS = [
        Binding("question_mark,f1", "rules", "Rules", key_display="?", id="rules"),
        Binding("c", "scores", "Scores", id="scores"),
        Binding("q", "quit_game", "Quit", id="quit"),
        Binding("ctrl+q", "quit_game", "Quit", show=False, priority=True, id="quit-now"),
        Binding("ctrl+c", "quit_saved", "Quit", show=False, priority=True, id="quit-ctrl-c"),
        Binding("ctrl+z", "suspend", "Suspend", show=False, priority=True, id="suspend"),
        Binding("f2", "settings", "Settings", key_display="F2", show=False, id="settings"),
        Binding("f3", "statistics", "Stats", key_display="F3", show=False, id="statistics"),
        # Moves (and the hint) whose key is dimmed on the table land here: trying them explains why not.
        Binding("t", f"try_move('{Kind.TAKE_UPCARD}')", show=False),
        Binding("p", f"try_move('{Kind.PASS}')", show=False),
        Binding("s", f"try_move('{Kind.DRAW_STOCK}')", show=False),
        Binding("d", f"try_move('{Kind.DRAW_DISCARD}')", show=False),
        Binding("enter", f"try_move('{Kind.DISCARD}')", show=False),
        Binding("k", f"try_move('{Kind.KNOCK}')", show=False),
        Binding("g", f"try_move('{Kind.GIN}')", show=False),
        Binding("b", f"try_move('{Kind.BIG_GIN}')", show=False),
        Binding("h", "try_hint", show=False),
        Binding("o", "try_sort", show=False),
    ]
    """Keys that work on every screen, and the refusals of dimmed moves."""

    ascii_only: reactive[bool] = reactive(False)
    """Suits drawn as letters (S H D C); the screens that show cards watch it."""

    class SessionChanged(Message):
        """The session says the game changed (posted from any thread)."""

    def __init__(
        self,
        context: AppContext,
        *,
        ascii_only: bool = False,
        mouse: bool = True,
        pause: float = DEFAULT_PAUSE,
        one_click: bool = False,
        end_guard: float = 0.0,
    ) -> None:
        super().__init__()
        if "TEXTUAL_ANIMATIONS" not in os.environ:
            # Home, End, PgUp and PgDn on the help, the rule sheet, the statistics and the
            # settings jump where they go, as in a pager: Textual scrolls there in steps,
            # which took 0.8 s to arrive at End of the help (slower still over SSH)
            self.animation_level = "none"
        self.context = context
        """Everything the app was handed: the session, the settings, the keeper (see :class:`AppContext`)."""
        self.set_reactive(GinApp.ascii_only, ascii_only)
        self.set_class(ascii_only, "-ascii")
        install_ascii_signs()
        install_escape_keys()  # Escape and a digit, a sign, ⏎ or Space run together, named as Alt and the key
        if ascii_only:
            ASCII_APPS.add(self)
        self.one_click = one_click
        """The fast mouse mode: a click on a card throws it (otherwise it selects it, and a second click throws it)."""
        self.mouse_enabled = mouse
        self.pause = max(0.0, pause)
        self.end_guard = max(0.0, end_guard)
        """Seconds after the end of a hand or the match's result appears during which the keys
        that go on from it are held back (:data:`~ginrummy_tui.cli.play.END_GUARD` as the
        command line runs the game; 0, none, where tests press keys at once)."""
        self.opponent_pending = False
        """True from the moment the computer's next move is scheduled until it is played."""
        self._think_key: tuple | None = None
        self._end_shown: tuple | None = None
        self._end_waiting = False
        """The hand ended while a screen the player opened covered the table (the score sheet,
        the rule sheet, the list of turns, the statistics, the settings, the quit question):
        its end waits behind it, and comes once the player closes it (:meth:`pop_screen`)."""
        self._seen_in_play = False
        """A hand was on the table in play (not only ended, as at a start on the end of a hand)."""
        self._toasts_up: list[Notification] = []
        """The toasts raised and not expired, in their order, for :meth:`_take_down_toasts`."""
        self._held_notes: list[tuple[Notification, float]] = []
        self._notes_in_place: dict[str, Notification] = {}
        """The notes taken down while a screen over the table is open (the rule sheet, the
        scores...), each with the seconds it had left: they come back when it closes."""
        self._overlay_notes: set[str] = set()
        self._rest_of: dict[str, NoteRest] = {}
        """The parts still to come of each note too long for the toasts' room, by the identity
        of the part up (:meth:`_raise_parts`)."""
        self._for_room: list[WaitingNote] = []
        """The notes waiting for room beside the notes up, in their order (:meth:`_raise_waiting`)."""
        self._posted: list[Notification] = []
        """The notes posted to be shown and not taken in yet (:meth:`on_notify`): they take room too."""
        self._note_words: dict[str, tuple[Notification, str]] = {}
        """Each note raised and not gone (by its identity), with its words before they were laid
        out for its toast's width: laid out again for the width of the screen now when it is
        raised again, and when the screen's size changes (:meth:`_fit_words`)."""
        """The identities of the notes raised while such a screen was open: shown on it."""
        self._move_clock: Any = None
        self._net_warnings: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._restored = False
        self._connection: Coroutine[Any, Any, None] | None = None  # network play: the connection kept (its worker's)
        self.history_upkeep: threading.Thread | None = None
        """The thread checking the history database at start (see :func:`start_history_upkeep`)."""
        self.start_notes: StartNotes | None = None
        """The notes of the start, told one after another (None until their turn comes)."""
        context.session.listener = self._session_changed
        if context.keeper is not None:
            context.keeper.ui = self._screen_details
        if context.control is not None:
            context.control.on_saved = self._saved
            context.control.on_error = lambda text: self.notify(text, severity="error", timeout=10)
            context.control.on_note = self._note_from_any_thread
            context.control.on_errors_found = partial(self.from_any_thread, context.control.show_errors)
            context.control.next_settings = lambda: self.context.settings  # the settings screen shows them
        if context.seat_records is not None:  # the guest's records: the same notes
            context.seat_records.tell = self._note_from_any_thread

    @property
    def too_small(self) -> bool:
        """True while the terminal is below the smallest usable size: every
        screen shows "Terminal too small" instead of its content."""
        return too_small_for(*self.size)

    async def on_event(self, event: events.Event) -> None:
        """While the screen is hidden behind "Terminal too small", keys other
        than quitting and suspending are dropped: a move typed blind is not
        played.  The middle and right mouse buttons are dropped too (the middle
        one pastes in X terminals, the right one opens menus): their clicks
        press no button of a question or the settings, and play no card, in
        this one place for every widget (Textual makes a ``Click`` here, from a
        press and a release let through: a widget never gets one of them)."""
        if isinstance(event, events.Key) and not event.is_forwarded and self.too_small:
            if event.key not in KEYS_WHILE_TOO_SMALL and not self._pressed_before_too_small(event):
                event.stop()
                return
        if isinstance(event, (events.MouseDown, events.MouseUp)) and not event.is_forwarded and event.button in (2, 3):
            event.stop()
            return
        typed = escaped_key(event) if isinstance(event, events.Key) and not event.is_forwarded else None
        if typed is not None:
            event.stop()
            await self._escape_then(typed)
            return
        if isinstance(event, events.Key) and not event.is_forwarded and await self._answer_now(event):
            return
        await super().on_event(event)

    async def _answer_now(self, key: events.Key) -> bool:
        """A key that answers the question on top (the quit question, "Leave without saving
        them?": Esc, n, y...) is taken as the app reads it, as Esc is with the key typed right
        after it (:meth:`_escape_then`), so that the keys read with it act on the screen under
        the question.  Left to the question, the answer came once the key had gone through its
        buttons, after the next key had reached it: Esc then F2 in one read of the terminal
        (``tmux send-keys Escape F2``, 50 ms apart too) closed the quit question and the F2,
        which it has no use for, was lost, the settings never opened, where over the rule sheet,
        the list of turns or on the table they open.  True where ``key`` answered."""
        from .screens.question import SaysUnusedKeys

        screen = self.screen
        answer = screen.answer_of(key.key) if isinstance(screen, SaysUnusedKeys) else None
        if answer is None:
            return False
        key.stop()
        await self.run_action(answer, screen)
        return True

    async def _escape_then(self, typed: events.Key) -> None:
        """Escape and the key ``typed`` right after it, which the terminal sent as one key
        (Alt+key, :func:`escaped_key`): Escape does what it does here (a screen or a panel
        over the table closes), then ``typed`` acts on what is under it.  They stood for
        Alt+s, which nothing takes: over the pile list, the list of turns or the settings, the
        panel stayed open and said "'s' does nothing here", s being the draw (and Escape then 3
        said "'£' does nothing here"); on the table, where Escape does nothing (but say so), the
        key acts alone."""
        active = self.screen.active_bindings.get("escape")
        table = self.table
        closes_nothing = active is not None and active.node is table and table is not None and not table.pile_listed
        if active is not None and active.enabled and not closes_nothing:
            await self.run_action(active.binding.action, active.node)
        await self.on_event(typed)

    too_small_since: float | None = None
    """When the terminal last became too small (Textual's clock of events), while it is."""

    def _pressed_before_too_small(self, key: events.Key) -> bool:
        """Whether ``key`` is an Escape that may have been pressed before the terminal became
        too small, its coming held up as a lone Escape's is (:data:`LONE_ESCAPE_LATE`)."""
        since = self.too_small_since
        return key.key == "escape" and since is not None and key.time - since < LONE_ESCAPE_LATE

    def get_key_display(self, binding: Binding) -> str:
        """How the key bar names a key; with ``--ascii`` in ASCII alone ("Enter", not "⏎")."""
        display = super().get_key_display(binding)
        return ascii_words(display) if self.ascii_only else display

    def watch_ascii_only(self, ascii_only: bool) -> None:
        """Tell every screen (the ones that show cards redraw); boxes are drawn in ASCII too (``-ascii``)."""
        from .host import SuitsChanged

        self.set_class(ascii_only, "-ascii")
        if ascii_only:  # the ellipsis of text cut short and the scroll bars too
            ASCII_APPS.add(self)
        else:
            ASCII_APPS.discard(self)
        for screen in self.screen_stack:
            # every screen's boxes, not only the top one's (the settings stand over the table)
            self.update_styles(screen, animate=False)
            screen.post_message(SuitsChanged(ascii_only))

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The game's own colours (:mod:`.palette`), which a theme may set too."""
        from .palette import DEFAULTS

        return {**super().get_theme_variable_defaults(), **DEFAULTS}

    def get_css_variables(self) -> dict[str, str]:
        """The theme's variables, with ``gin-panel-text`` and ``gin-panel-muted`` (unless
        the theme sets them): the text of the panels drawn over the felt (the forms, the
        sheets, the questions) and their quieter text, the theme's own text and muted
        text on the theme's panel; in a theme whose panel is the terminal's own ground
        (``ansi-dark``, ``ansi-light``: the felt shows through) the felt's light text and
        a quieter one that still reads on the felt (the theme's muted text, half its
        terminal's text, was 1.3:1 there in a light terminal), elsewhere the theme's muted
        text moved apart from the panel where it does not read 4.5:1 on it in 256 colours
        too (:func:`.palette.panel_muted`); and the colours of the
        buttons of the dialogs (:func:`.palette.button_variables`) and of the borders
        of the boxes (:func:`.palette.border_variables`), unless the theme sets them."""
        from .palette import FELT_MUTED, FELT_TEXT, border_variables, button_variables, panel_muted

        variables = super().get_css_variables()
        theirs = self.current_theme.variables
        surface = self.current_theme.surface
        felt_shows = surface is not None and surface.startswith("ansi_default")
        if "gin-panel-text" not in theirs:
            variables["gin-panel-text"] = FELT_TEXT if felt_shows else variables["foreground"]
        if "gin-panel-muted" not in theirs:
            muted = FELT_MUTED if felt_shows else panel_muted(variables["text-muted"], variables["surface"])
            variables["gin-panel-muted"] = muted
        for name, value in button_variables(variables, ansi=self.current_theme.ansi).items():
            if name not in theirs:
                variables[name] = value
        for name, value in border_variables(variables, felt_shows).items():
            if name not in theirs:
                variables[name] = value
        self.theme_variables = variables
        return variables

    def _note_from_any_thread(self, text: str) -> None:
        """A warning toast asked for from any thread (the history's writer: the database is busy);
        once it is free again, the statistics on the screen are read again."""
        from ginrummy_tui.session.keeper import FREE_NOTE

        self.from_any_thread(partial(self.notify, text, severity="warning", timeout=10))
        if text == FREE_NOTE:
            self.from_any_thread(self._history_free)

    def _history_free(self) -> None:
        """The history held by another connection is free again: the statistics screens
        open (F3, said that it could not be used) show what it holds now."""
        from .screens.stats_screen import StatsScreen

        for screen in self.screen_stack:
            if isinstance(screen, StatsScreen):
                self.run_worker(screen.read_again(), exclusive=False)

    def from_any_thread(self, call: Callable[[], None]) -> None:
        """Run ``call`` on the app's event loop, soon, asked from any thread
        (nothing once the app has closed)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the app has just closed
                loop.call_soon_threadsafe(call)

    def _session_changed(self) -> None:
        """The session's listener (called from any thread)."""
        self.post_message(self.SessionChanged())

    @property
    def session(self) -> Session:
        """Where the game is played; the app only ever reads its views."""
        return self.context.session

    @session.setter
    def session(self, session: Session) -> None:
        self.context.session = session

    # ------------------------------------------------------------ start and stop

    def get_default_screen(self) -> GameScreen:
        """The table is the first screen (and stays at the bottom of the stack).

        It gets its size classes (``-narrow``, ``-tall``...) at once, so that
        the first resize finds them set and does not restyle every widget."""
        return self._sized(GameScreen())

    def _sized(self, screen: _S) -> _S:
        """``screen``, not yet shown, with the size classes of the terminal (``-narrow``,
        ``-tall``...) set at once: set by its first resize, once its widgets were styled,
        they restyled every one of them again (the settings opened 8% later:
        ``benchmarks/screens.py``)."""
        if screen.is_attached:
            return screen
        width, height = self.size
        for dimension, breakpoints in ((width, self.HORIZONTAL_BREAKPOINTS), (height, self.VERTICAL_BREAKPOINTS)):
            fitting = [name for least, name in sorted(breakpoints) if dimension >= least]
            if fitting:
                screen.add_class(fitting[-1], update=False)
        return screen

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this platform; on Linux and macOS one continued rightly after
        a stop from outside (:mod:`.continued_driver`)."""
        from textual.drivers.linux_driver import LinuxDriver

        driver = super().get_driver_class()
        if driver is LinuxDriver:
            from .continued_driver import ContinuedDriver

            return ContinuedDriver
        return driver

    def on_mount(self) -> None:
        self._loop = asyncio.get_running_loop()
        self.call_after_refresh(self.sync)
        self.call_after_refresh(self._started)
        self.screen_change_signal.subscribe(self, self._screen_changed)
        self._start_clock()

    def _start_connection(self) -> None:
        """Network play: run the session's connection as an async worker on this
        loop, once the table can show what it brings (Textual cancels it when
        the app exits; the session then leaves the match)."""
        connection = self._connection = self.session.connection()
        if connection is not None:
            self.run_worker(connection, name="connection", group="network", exclusive=True, exit_on_error=False)

    def _start_clock(self) -> None:
        """Tick the move clock four times a second once the rules in play have one; in network
        play whatever the rules, for the network line at the top of the screens over the table
        (:meth:`_tick_clock`)."""
        if not self._clock_ticking and (self.session.ticking or self.session.view().rules.timer):
            self._clock_ticking = True
            self.set_interval(0.25, self._tick_clock)

    def _screen_changed(self, screen) -> None:
        """A screen was pushed, popped or switched: once the one left is gone,
        let Textual's render caches of its widgets go (see :mod:`.render_caches`).
        A screen over the table (the rule sheet, the scores, the settings...) takes down
        the notes that would cover its words; they come back, for the seconds they had
        left, once it is closed (:meth:`_release_notes`)."""
        from .render_caches import release_render_caches

        self.call_after_refresh(release_render_caches)
        if _over_the_table(screen):
            self._hold_notes()
        elif self._held_notes:
            # after what closed it has run (the end of a hand takes its notes down, held ones too)
            self.call_later(self._release_notes)

    def _hold_notes(self) -> None:
        """Take down the notes up but those raised over a screen like this one, keeping
        the seconds each had left."""
        self._hold([n for n in self._toasts_up if not n.has_expired and n.identity not in self._overlay_notes])

    def _hold(self, up: list[Notification]) -> bool:
        """Take down the notes ``up``, keeping the seconds each had left and the parts still to
        come of each, to come back with them (:meth:`_release_notes`); True if there were any."""
        if not up:
            return False
        held = [(n, n.time_left) for n in up]
        self._take_down_toasts(lambda n: n in up, keep_rest=True)
        self._held_notes += held
        return True

    def hold_warnings(self) -> bool:
        """The end of a hand at a size where its notes would cover the hands (46x21: no rows
        under it for them, ``SummaryScreen._place_notes``): the warnings up (the start's,
        which do not speak of the hand) are taken down, keeping the seconds each had left,
        and come back once the table is shown again (:meth:`_release_notes`); the next note
        of the start waits for them.  True if any were up."""
        return self._hold([n for n in self._toasts_up if not n.has_expired and n.severity != "information"])

    def _release_notes(self) -> None:
        """The notes held while a screen over the table was open, again, for the seconds
        they had left, once no such screen (nor a question over one) is open, each fitted
        beside those up (:meth:`_bring_back`); the next note of the start comes after them."""
        from textual.screen import ModalScreen

        from .screens.summary_screen import SummaryScreen

        if (
            not self._held_notes
            or not self.screen_stack
            or isinstance(self.screen, ModalScreen)
            or _over_the_table(self.screen)
            or self.too_small
            or isinstance(self.screen, SummaryScreen)
        ):
            return
        held, self._held_notes = self._held_notes, []
        start = self.start_notes
        split = False
        for n, left in held:
            if start is not None and self._start_words(start.shown_part()) == self._words_of(n) and start.split_again():
                split = True  # too long for the room now: the start's notes bring it again in parts
                continue
            self._bring_back(n, left)
        if start is not None and not split:
            start.shown_again(max(left for _n, left in held))
        self._raise_waiting()  # the notes that waited for room, beside them where it is left

    def _bring_back(self, n: Notification, left: float) -> None:
        """The note ``n``, held back under a screen with ``left`` seconds, raised again beside
        the notes up (those brought back before it, those raised over the screen) as a note
        raised beside them is (:meth:`_raise_in_room`): whole for the seconds it had left where
        it fits the room they leave, else in parts that fit it, or waiting for room, its time
        starting when it shows; the parts of its note still to come after it.  Each raised for
        the whole room, notes brought back together ran past the room's bottom, the last cut
        off with its time running unseen."""
        words = self._words_of(n)
        if self._parts_beside(words, n.title, n.severity) == [words]:
            self._raise_fitted(n, left)
            return
        rest = self._rest_of.pop(n.identity, None)
        if rest is not None:  # the rest of its note goes with it, in the parts that fit
            words, left = " ".join([words, *rest.parts]), rest.seconds
        again = self._raise_in_room(words, n.title, n.severity, left, n.markup)
        self._raised_again(n, again)

    def _start_words(self, part: str | None) -> str | None:
        """A part of the start's notes in the words its toast was raised with (in ASCII with ``--ascii``)."""
        return ascii_words(part) if part is not None and self.ascii_only else part

    _alone: Notification | None = None
    """The note last shown alone (:meth:`note_alone`)."""

    def note_alone(self, text: str, seconds: float) -> None:
        """A warning that answers a key (Ctrl+Z where no shell brings the game back),
        whole at once: the notes up (the start's, "Resumed your match: ...") are taken
        down for its ``seconds``, keeping the time each had left, and come back after
        it, as after a screen over the table (:meth:`_release_notes`); the next note of
        the start waits for them.  Under them it was cut off mid-sentence until they went."""
        if self._alone is not None:  # the same key again: its note once
            alone = self._alone
            self._take_down_toasts(lambda n: n is alone)
        self._hold_notes()
        self._alone = self._toast(text, severity="warning", timeout=seconds)
        self.set_timer(seconds + NOTE_GONE_AFTER, self._release_notes)

    def holding_notes(self) -> bool:
        """True while notes are held back for a screen over the table (:meth:`_hold_notes`)."""
        return bool(self._held_notes)

    def table_mounted(self) -> None:
        """The table is on the screen (called by :class:`GameScreen` after the
        first refresh): start the connection (network play), put the cards
        back as the player left them, and a moment later say what happened
        at start and do the bookkeeping that waited for the first frame
        (:meth:`_start_bookkeeping`)."""
        if self._restored:
            return
        self._restored = True
        self._start_connection()
        self.session.terminal_too_small(self.too_small)  # network play: a terminal too small from the start
        from .restore import restore_ui, unreadable_details

        ctx = self.context
        restore_ui(self.table, ctx.ui or self._kept_hand())
        left_out = unreadable_details(ctx.ui)
        if left_out and ctx.keeper is not None:
            ctx.notes.append(unreadable_ui(ctx.keeper.store.path, left_out))
        self._resume_clock(ctx.ui.get("clock"))
        if ctx.keeper is not None:
            ctx.keeper.last_ui = self._screen_details() or ctx.ui
        # The rest (the notes, the first save, the history upkeep) waits a
        # moment more, so that it does not compete with the terminal drawing
        # the first frame; a move made meanwhile is saved by itself.
        self.set_timer(BOOKKEEPING_DELAY, self._start_bookkeeping)

    def _start_bookkeeping(self) -> None:
        """The start-up work that waited for the table to be on the screen:
        what to tell the player, the match's first save, then, in a thread,
        the history upkeep."""
        from .restore import show_notes

        ctx = self.context
        if ctx.after_first_frame is not None:
            told = ctx.after_first_frame()  # the keeper's errors so far
            for note in told:
                if note not in ctx.notes:
                    ctx.notes.append(note)
            if ctx.control is not None:
                ctx.control.mark_told(len(told))
        notes = self.start_notes = show_notes(self, ctx.notes, ctx.resumed, separate=ctx.resumed_separate)
        if ctx.keeper is not None:
            from ginrummy_tui.session.keeper import start_history_upkeep

            def tell_from_thread(message: str) -> None:
                """A warning of the history upkeep's thread: told after the
                notes of the start, not over them."""
                self.call_from_thread(notes.add, message)

            self.history_upkeep = start_history_upkeep(ctx.keeper, tell_from_thread, then=_load_statistics_screen)

    def unshown_notes(self) -> list[str]:
        """The notes of the start the player was never shown whole (the app
        closed before their turn), in their order: for the terminal, once the
        app is closed; but for those printed there before the table came.  A note held back
        from the end of a hand (:meth:`hold_warnings`) is among them: the player quit there."""
        start = self.start_notes
        notes = list(self.context.notes) if start is None else start.unshown()
        if start is not None and any(self._start_words(start.shown_part()) == self._words_of(n) for n, _ in self._held_notes):
            held = start.shown_note()
            if held is not None and held not in notes:
                notes.insert(0, held)
        return [note for note in notes if note not in self.context.printed]

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A toast, every one of them: a path in ``message`` reads whole in
        the toast's column (the home directory as ~, the lines broken after a
        separator, not inside a name), as wide as the toast is on this screen;
        with ``--ascii`` its signs in ASCII ("-" for "·", its edge in ``app.tcss``)."""
        self._toast(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def _toast(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> Notification:
        """:meth:`notify`, returning the notification, so that it can be taken down
        before its time (:meth:`take_down`, :meth:`hand_note`)."""
        if self.ascii_only:
            message = ascii_words(message)
        seconds = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        return self._raise_in_room(message, title, severity, seconds, markup)

    def _raise_in_room(
        self, message: str, title: str, severity: SeverityLevel, seconds: float, markup: bool, *, first: bool = False
    ) -> Notification:
        """``message`` raised beside the notes up, whole or in parts that fit the room they leave
        (:meth:`_parts_beside`); where that room is too small, it waits for the room
        (:meth:`_raise_waiting`), its time not running meanwhile, and a notification standing for
        it is returned.  ``first``: it waits before the others (the rest of a note begun)."""
        from textual.notifications import Notification

        parts = self._parts_beside(message, title, severity)
        if parts is None:
            placeholder = Notification(message, title, severity, seconds, markup=markup)
            waiting = WaitingNote(placeholder, message, title, severity, seconds, markup)
            if first:
                self._for_room.insert(0, waiting)
            else:
                self._for_room.append(waiting)
            return placeholder
        if len(parts) > 1:
            return self._raise_parts(parts, title, severity, seconds, markup)
        return self._raise_one(message, title, severity, seconds, markup)

    def _raise_one(self, message: str, title: str, severity: SeverityLevel, seconds: float, markup: bool) -> Notification:
        """``message`` raised as one toast for ``seconds``, laid out for its width."""
        from textual.notifications import Notification

        from .note_text import note_text, toast_text_width

        # while a warning is up, a note of information is as wide (_fit_notes)
        width = toast_text_width(self.size.width, self.size.height, "warning" if self.has_class("-warning-up") else severity)
        notification = Notification(note_text(message, width), title, severity, seconds, markup=markup)
        self._note_words[notification.identity] = (notification, message)
        if self.too_small and self._restored:  # not over "Terminal too small": it comes once the window is big again
            self._held_notes.append((notification, notification.timeout))
            return notification
        self._post(notification)
        return notification

    def _post(self, notification: Notification) -> None:
        """Show ``notification`` (as App.notify does); it takes its room at once (:attr:`_posted`)."""
        self._posted.append(notification)
        self.post_message(Notify(notification))

    def _notes_up(self) -> list[Notification]:
        """The notes up (as the app shows them), or posted to be, whose time is not up, once each."""
        up: dict[str, Notification] = {}
        for n in [*self._notifications, *self._posted]:
            if not n.has_expired:
                up[n.identity] = n
        return list(up.values())

    def _parts_beside(self, message: str, title: str, severity: str) -> list[str] | None:
        """``message`` in the parts that fit the room the notes up leave in the toasts' room
        (all of it where none is up, :meth:`_parts_now`): one where it fits whole; where it does
        not, parts of the lines left if they are :data:`ROWS_BESIDE` or more and each part fits
        them; else None, the note to wait for room.  Raised under the notes up in parts cut for
        the whole room, a note was cut off at the bottom, and each part's time ran out unseen."""
        from .note_text import note_lines, note_parts, toast_rows, toast_text_width

        up = self._notes_up()
        if not up:
            return self._parts_now(message, title, severity)
        width, height = self.size
        warning = severity != "information" or any(n.severity != "information" for n in up)

        def words(n_severity: str) -> int:
            return toast_text_width(width, height, "warning" if warning else n_severity)

        taken = sum(note_lines(self._words_of(n), words(n.severity)) + (1 if n.title else 0) for n in up)
        left = toast_rows(width, height) - taken - (1 if title else 0)
        columns = words(severity)
        if left >= 1 and note_lines(message, columns) <= left:
            return [message]
        if left < ROWS_BESIDE:
            return None
        parts = note_parts(message, columns, left)
        return parts if all(note_lines(part, columns) <= left for part in parts) else None

    def _raise_waiting(self) -> None:
        """The notes waiting for room (:meth:`_raise_in_room`), in their order, each once the
        notes up leave it room; none while notes are held back under a screen (they come
        first), nor over "Terminal too small".  A note of information that waited past its
        time goes unshown: it answered a key ("Sorted by rank") long before."""
        self._for_room = [w for w in self._for_room if w.severity != "information" or not w.placeholder.has_expired]
        while self._for_room and not self._held_notes and not self.too_small:
            waiting = self._for_room[0]
            if self._parts_beside(waiting.words, waiting.title, waiting.severity) is None:
                return
            self._for_room.pop(0)
            _placeholder, words, title, severity, seconds, markup = waiting
            raised = self._raise_in_room(words, title, severity, seconds, markup)
            self._raised_again(waiting.placeholder, raised)

    def _parts_now(self, message: str, title: str, severity: str) -> list[str]:
        """``message`` in the parts that fit the toasts' room on the screen now, at its toast's
        width (its title takes a line of the room): one where it fits whole."""
        from .note_text import note_parts, toast_rows, toast_text_width

        width, height = self.size
        words = toast_text_width(width, height, "warning" if self.has_class("-warning-up") else severity)
        return note_parts(message, words, max(1, toast_rows(width, height) - (1 if title else 0)))

    def _raise_parts(
        self, parts: list[str], title: str, severity: SeverityLevel, seconds: float, markup: bool
    ) -> Notification:
        """A note too long for the toasts' room, in ``parts``, one after another as the notes of
        the start come (:class:`~.restore.StartNotes`): each but the last for as long as it
        takes to read, the last for the note's ``seconds``; the first part is raised (and
        returned), the others wait in :attr:`_rest_of` for its time to be up (:meth:`_next_part`)."""
        from .restore import PART_SECONDS, READING_WORDS

        first, rest = parts[0], parts[1:]
        shown = seconds if not rest else min(seconds, max(PART_SECONDS, len(first.split()) / READING_WORDS))
        notification = self._raise_one(first, title, severity, shown, markup)
        if rest:
            self._rest_of[notification.identity] = NoteRest(rest, title, severity, seconds, markup)
        return notification

    def _next_part(self, shown: Notification) -> None:
        """The time of the part ``shown`` is up: the next part of its note, in its place (as
        the note the lists of :meth:`hand_note` and :meth:`note_in_place` name).  Nothing
        where the part was taken down for good, raised again (its successor waits instead) or
        is held back under a screen (it comes back with its time left)."""
        rest = self._rest_of.get(shown.identity)
        if rest is None or not shown.has_expired or any(n is shown for n, _left in self._held_notes):
            return
        del self._rest_of[shown.identity]
        # cut again for the room now (the notes beside the last part may have gone), or waiting
        # for room before any other note
        words = " ".join(rest.parts)
        following = self._raise_in_room(words, rest.title, rest.severity, rest.seconds, rest.markup, first=True)
        self._raised_again(shown, following)

    def _raise_fitted(self, old: Notification, left: float, *, raised_at: float | None = None) -> Notification:
        """The note ``old`` raised again for ``left`` seconds (from ``raised_at``): laid out for
        the screen now, in parts where it no longer fits the toasts' room whole (after a
        resize, or brought back from under a screen at a smaller size)."""
        rest = self._rest_of.pop(old.identity, None)
        parts = self._parts_now(self._words_of(old), old.title, old.severity)
        if len(parts) == 1:
            if rest is not None:
                self._rest_of[old.identity] = rest
            again = self._again(old, left, raised_at=raised_at)
            self._post(again)
            return again
        seconds = left if rest is None else rest.seconds
        again = self._raise_parts([*parts, *(rest.parts if rest else [])], old.title, old.severity, seconds, old.markup)
        self._raised_again(old, again)
        return again

    def start_note(self, text: str, seconds: float) -> Notification:
        """A note of the start (:class:`~ginrummy_tui.tui.restore.StartNotes`), a
        warning for ``seconds``: returned, so that it can be taken down once it no
        longer holds (:meth:`take_down`)."""
        return self._toast(text, severity="warning", timeout=seconds)

    def player_moved(self) -> None:
        """The player made a move on the table: the notes of the start standing over its parts
        go once read (:meth:`~ginrummy_tui.tui.restore.StartNotes.hurry`)."""
        if self.start_notes is not None:
            self.start_notes.hurry()

    def take_down(self, notification: Notification) -> None:
        """Take ``notification`` down before its time (or the toast raised again in
        its place, with its words, when others were taken down meanwhile)."""
        words = self._words_of(notification)
        self._take_down_toasts(
            lambda n: n is notification or (self._words_of(n) == words and n.severity == notification.severity)
        )

    def drop_note_in_place(self, kind: str) -> None:
        """Take down the last note of ``kind`` (:meth:`note_in_place`), up or held back under a
        screen: the settings opened again, "Settings saved." no longer says what just happened
        (held under them, it came back as they closed, after a leave without saving too)."""
        last = self._notes_in_place.pop(kind, None)
        if last is not None:
            self.take_down(last)

    def note_in_place(self, kind: str, text: str, seconds: float) -> None:
        """``text`` for ``seconds``, in place of the last note of the same ``kind`` still up or
        held back under a screen: "settings", what a save of the settings did (saved twice
        within its seconds, the same note showed twice)."""
        last = self._notes_in_place.get(kind)
        if last is not None:
            self.take_down(last)
        self._notes_in_place[kind] = self._toast(text, timeout=seconds)

    def hand_note(self, text: str, seconds: float, *, short: str | None = None) -> None:
        """A note about the hand on the table, for ``seconds``: taken down as soon as another
        hand is dealt, which it would not name ("Resumed your match: hand 6, ...") or make
        untrue (between hands, "Waiting for Bob to go on", "Bob is ready for the next hand").
        ``short``: the note is the match resumed's, said so in these words where the end of a
        hand has no room for it clear of its words (:meth:`take_resumed_note`)."""
        v = self.session.view()
        note = self._toast(text, timeout=seconds)
        self._hand_notes = [*self._hand_notes, ((v.match_no, v.hand_no), note)]
        if short is not None:
            self._resumed_note = (text, short)

    _resumed_note: tuple[str, str] | None = None
    """The words of the note of the match resumed while it may be up, and their short form."""

    def take_resumed_note(self) -> str | None:
        """The end of a hand at a size where its notes would cover its hands (46x21): the note
        of the match resumed, if it is still up, is taken down, and its short words given, for
        the end of the hand to say in its own line ("Resumed your match: hand 2 next."): over
        the hands it hid the other player's deadwood and what was laid off.  None if it is not up."""
        if self._resumed_note is None:
            return None
        words, short = self._resumed_note
        up = [n for n in self._toasts_up if not n.has_expired and self._words_of(n) == words]
        if not up:
            return None
        self._resumed_note = None
        self._take_down_toasts(lambda n: n in up)
        return short

    _hand_notes: list[tuple[tuple[int, int], Notification]] = []
    """The notes about a hand (its match and number, as the view has them), up until another is dealt."""

    def _take_down_other_hands(self, v: PlayerView) -> None:
        """The notes about a hand other than the one ``v`` shows go."""
        going = [note for hand, note in self._hand_notes if hand != (v.match_no, v.hand_no)]
        if going:
            self._hand_notes = [(hand, note) for hand, note in self._hand_notes if note not in going]
            self._take_down_toasts(lambda n: n in going)

    def _take_down_hand_notes(self) -> None:
        """The match in play is replaced (a new one started from the settings): the notes
        about its hand go, though the new match's first hand has the same number."""
        going = [note for _hand, note in self._hand_notes]
        self._hand_notes = []
        if going:
            self._take_down_toasts(lambda n: n in going)

    def _take_down_toasts(
        self, going: Callable[[Notification], bool], *, all_again: bool = False, keep_rest: bool = False
    ) -> None:
        """Take down the toasts up for which ``going`` holds; the others stay, for
        the time they have left.  Textual takes toasts down only all at once
        (``clear_notifications``): those that stay are raised again, as new toasts
        (new identities, a toast of :attr:`_hand_notes` replaced by its new self)
        with the time they had left, their words laid out for the screen's width now.
        The toasts' holders go with them.  With ``all_again``, they are raised again
        though none goes.  The parts still to come of a note taken down go with it, but with
        ``keep_rest`` (held back under a screen, it comes back)."""
        if not keep_rest:
            for n in [*self._toasts_up, *(n for n, _left in self._held_notes)]:
                if going(n):
                    self._rest_of.pop(n.identity, None)
        self._held_notes = [(n, left) for n, left in self._held_notes if not going(n)]
        self._for_room = [w for w in self._for_room if not going(w.placeholder)]
        up = [n for n in self._toasts_up if not n.has_expired]
        staying = [n for n in up if not going(n)]
        self._toasts_up = staying
        self._posted = [n for n in self._posted if not going(n)]
        self._fit_notes()
        if len(staying) == len(up) and not all_again:
            return
        self.call_later(self._raise_waiting)  # once what took them down has raised what it raises
        self.clear_notifications()
        for screen in self.screen_stack:
            # Textual takes each toast out of its holder, and leaves the holder, empty, a
            # line high: the next toast came a line lower, a line short of its room
            screen.query("ToastHolder").remove()
        for n in staying:
            again = self._again(n, n.timeout, raised_at=n.raised_at)
            self._toasts_up[self._toasts_up.index(n)] = again
            if n.identity in self._overlay_notes:
                self._overlay_notes.add(again.identity)
            self._post(again)

    def _words_of(self, n: Notification) -> str:
        """The words of the note ``n`` before they were laid out for its toast's width."""
        kept = self._note_words.get(n.identity)
        return n.message if kept is None else kept[1]

    def _laid_out(self, n: Notification) -> str:
        """The words of the note ``n`` laid out for its toast's width on the screen now (as
        wide as a warning while one is up, :meth:`_fit_notes`)."""
        from .note_text import note_text, toast_text_width

        if n.identity not in self._note_words:
            return n.message
        severity = "warning" if self.has_class("-warning-up") else n.severity
        return note_text(self._words_of(n), toast_text_width(self.size.width, self.size.height, severity))

    def _again(self, old: Notification, timeout: float, raised_at: float | None = None) -> Notification:
        """The note ``old`` made again to be raised in its place, for ``timeout`` seconds from
        ``raised_at`` (now where None), its words laid out for the screen now."""
        from textual.notifications import Notification

        again = Notification(self._laid_out(old), old.title, old.severity, timeout, old.markup)
        if raised_at is not None:
            again.raised_at = raised_at
        self._note_words[again.identity] = (again, self._words_of(old))
        self._raised_again(old, again)
        return again

    def _fit_words(self) -> None:
        """The screen's size changed: the notes up are raised again with their words laid
        out for their toasts' width now, where it changed.  Narrowed from 132x43 to 80x24, a
        note naming a file set aside was wrapped by the toast itself, its path cut mid-name
        ("/tmp/data_vk/archive/20261205-1" then "93129-c570.json)").  A note of the start that
        no longer fits the toasts' room comes again in parts (:meth:`StartNotes.refit`)."""
        if self.start_notes is not None:
            self.start_notes.refit()
        self._split_too_long()  # any other note that no longer fits the room whole comes in parts
        up = [n for n in self._toasts_up if not n.has_expired]
        if any(self._laid_out(n) != n.message for n in up):
            self._take_down_toasts(lambda _n: False, all_again=True)

    def _split_too_long(self) -> None:
        """The notes up that no longer fit the toasts' room whole (the window got smaller, or
        the last warning went and the notes beside it are narrower again) are raised again in
        parts, none of their words cut, for the time they had left."""
        up = [n for n in self._toasts_up if not n.has_expired]
        too_long = [n for n in up if len(self._parts_now(self._words_of(n), n.title, n.severity)) > 1]
        if not too_long:
            return
        rests = {n.identity: self._rest_of.pop(n.identity) for n in too_long if n.identity in self._rest_of}
        self._take_down_toasts(lambda n: n in too_long)
        for n in too_long:
            if n.identity in rests:
                self._rest_of[n.identity] = rests[n.identity]
            self._raise_fitted(n, n.time_left)

    def _raised_again(self, old: Notification, again: Notification) -> None:
        """The toast ``old`` is raised again as ``again``: the lists of toasts to take
        down at the next hand, and the last note of each kind (:meth:`note_in_place`), name
        the new one."""
        if old.identity in self._rest_of:
            self._rest_of[again.identity] = self._rest_of.pop(old.identity)
        self._hand_notes = [(hand, again if note == old else note) for hand, note in self._hand_notes]
        self._notes_in_place = {kind: again if note == old else note for kind, note in self._notes_in_place.items()}

    def _screen_details(self) -> dict[str, Any]:
        """What the keeper saves of the screen (the order of the cards, the selection);
        at the quit, also the time left of the player's move (see :meth:`exit`)."""
        from .restore import hand_ui

        details = hand_ui(self.table)
        if details and self._exiting and self._move_clock is not None and self.session.computes_opponent:
            clock = self._move_clock.record(clock_turn(self.session.view()))
            if clock is not None:
                details["clock"] = clock
        return details

    def _hand_key(self, v: PlayerView | None) -> HandKey | None:
        """Network play: the hand ``v`` shows, as the seat keeps its arrangement
        (None when not kept: no view, or a host that gives the match no id)."""
        from ginrummy_tui.storage.seat_hand import HandKey

        match_id = self.session.match_id() if self.context.seat_hands is not None else None
        if v is None or match_id is None:
            return None
        return HandKey(match_id, v.seat, v.hand_no)

    def _kept_hand(self) -> dict[str, Any]:
        """Network play: the order of the cards and the selection the seat kept
        of the hand in play, from an earlier run (``{}``: none)."""
        hands, key = self.context.seat_hands, self._hand_key(self.session.view())
        return hands.load(key) if hands is not None and key is not None else {}

    def _ui_changed(self) -> None:
        """The order of the cards or the selection may have changed (a move, a
        sort, the quit): the keeper saves them with the match if they did; in
        network play the seat keeps them for the hand on the table."""
        keeper = self.context.keeper
        if keeper is not None:
            keeper.ui_changed()
        hands = self.context.seat_hands
        table = self.table
        key = self._hand_key(table.v) if table is not None else None
        if hands is not None and key is not None:
            from .restore import hand_ui

            hands.keep(key, hand_ui(table))

    _exiting = False

    settings_lost = False
    """The app closed with changes on the settings screen not saved, which nothing
    asked about (Ctrl+C, a signal): the terminal is told, once it is back."""
    _settings_answered = False
    """The quit question asked about the settings' changes, and was answered."""

    def exit(self, result: Any = None, return_code: int = 0, message: Any = None) -> None:
        """Quit (q, Ctrl+C, a signal): the time left of the player's move goes with the
        save, so that a resumed match carries on with it (it had a fresh clock)."""
        if not self._exiting:
            self._exiting = True
            self._clock_checkpoint(covered=True)
            self._ui_changed()
            if not self._settings_answered:
                from .screens.settings_screen import SettingsScreen

                with contextlib.suppress(NoMatches):  # a form already taken down: nothing to read
                    self.settings_lost = any(isinstance(s, SettingsScreen) and s.unsaved() for s in self.screen_stack)
        super().exit(result, return_code, message)

    def _resume_clock(self, record: object) -> None:
        """A resumed match's move has the time it had left at the quit (none saved, or
        saved for another move: the full time)."""
        from .move_clock import MoveClock

        v = self.session.view()
        if not v.rules.timer or not v.my_turn or not self.session.computes_opponent:
            return
        left = saved_left(record, clock_turn(v), v.rules.timer)
        if left is not None:
            if self._move_clock is None:
                self._move_clock = MoveClock(self.now)
            self._move_clock.resume(clock_turn(v), left)

    def _saved(self) -> None:
        """After a move was saved: once the screen shows it (a drawn card gets the
        selection), save the screen details too if they changed; a note of the
        start that saving failed goes once a save has worked."""
        self.call_after_refresh(self._ui_changed)
        keeper = self.context.keeper
        if keeper is not None and self.start_notes is not None:
            for n in sorted(keeper.mended):
                self.start_notes.withdraw(keeper.errors[n])

    def _withdraw_start_note(self, note: str) -> None:
        """``note``, of the start, no longer holds: taken down, its parts still to come with
        it (:meth:`StartNotes.withdraw`), or, before the notes of the start came, never shown."""
        from ginrummy_tui.session.control import as_sentence

        if self.start_notes is not None:
            self.start_notes.withdraw(note)
            return
        text = as_sentence(note)
        self.context.notes[:] = [n for n in self.context.notes if as_sentence(n) != text]

    def on_hand_view_arranged(self) -> None:
        """The player sorted or moved cards, or moved the selection: keep it with the save."""
        self._ui_changed()

    def close_from_signal(self) -> bool:
        """Close the app from a signal handler (any thread); False if it is not running."""
        loop = self._loop
        if loop is None or not loop.is_running():
            return False
        loop.call_soon_threadsafe(self.exit)
        return True

    def start_replay(self) -> bool:
        """Deal the hand on the table again as practice; False (with a message) if it cannot be."""
        from ginrummy_tui.session.replay_session import CannotReplay, practice_of

        from .practice import practice_home

        try:
            replay = practice_of(self.session)
        except CannotReplay as why:
            self.notify(str(why), severity="warning")
            return False
        self.session = replay
        self.sync()
        enter = ascii_words("⏎") if self.ascii_only else "⏎"
        self.notify(
            f"Hand {replay.view().hand_no} again, with the same cards. It is practice: it does not count, "
            f"and {enter} after it goes back to {practice_home(self, named=True)}.",
            title=PRACTICE_NOTE_TITLE,
            timeout=6,
        )
        return True

    def leave_practice(self) -> None:
        """From the middle of a practice hand (``a``) back to the match as it was: the end
        of the hand that was replayed, its review and its next hand still to come (Enter
        after the end of the practice hand goes on from there: the match's next hand,
        or its result).  The practice's notes are taken down."""
        from ginrummy_tui.session.replay_session import ReplaySession

        session = self.session
        if not isinstance(session, ReplaySession) or not session.replaying:
            return
        with contextlib.suppress(Exception):
            self.workers.cancel_group(self, "opponent")  # the computer's move in the practice is not played
        self.opponent_pending = False
        session.leave()
        if self.table is not None:  # the practice's list of its pile: the match's hand is over
            self.table.hide_pile()
        self.sync()

    def take_down_practice_notes(self) -> None:
        """Take down the toasts that speak of the practice hand (its start note), back in the match."""
        for note in [n for n in self._notifications if n.title == PRACTICE_NOTE_TITLE]:
            self._unnotify(note)

    def start_new_match(self, settings: Settings) -> None:
        """Abandon the match in play and start a new one with ``settings``, now (the settings screen)."""
        from .screens.game_screen import GameScreen

        control = self.context.control
        if control is None:
            return
        with contextlib.suppress(Exception):
            self.workers.cancel_group(self, "opponent")
        self.opponent_pending = False
        real = control.real_session(self.session)
        if real is not None and self.session is not real:  # leave a practice replay
            real.listener = self.session.listener
            self.session = real
        control.start_new_match(settings)
        self._take_down_hand_notes()  # "Resumed your match: hand 1, ...": that match is no more
        # its first move has the full time, though it may be named as the old match's move in play
        # (both the first move of hand 1 of match 1)
        self._move_clock = None
        self._end_waiting = False  # the end of the old match's hand is no longer to be shown
        while len(self.screen_stack) > 1 and not isinstance(self.screen, GameScreen):
            self.pop_screen()
        if self.table is not None:  # a refusal of the old match's (the new one may be dealt alike, from its seed)
            self.table.clear_refusal()
            self.table.hide_pile()  # and the list of its pile
        self.sync()

    def _started(self) -> None:
        """The first screen is drawn: resume the garbage collector if ``gin-tui``
        paused it for the start (everything made so far lives on, so it is
        frozen out of later collections)."""
        if not gc.isenabled():
            gc.freeze()
            gc.enable()

    # ------------------------------------------------------------ the move clock

    clock_line = ""
    """The player's move clock ("⏱ 12 s to move"), when the rules have a timer (plain text)."""
    clock_rich: Text | None = None
    """The same, with its colour (calm, then a warning at 10 s and 5 s)."""
    _clock_ticking = False

    def now(self) -> float:
        """The time the move clock reads (tests put a fake clock here)."""
        return time.monotonic()

    def _covered(self, size: tuple[int, int] | None = None) -> bool:
        """True while a screen covers the table (the rule sheet, the scores...), the
        terminal (of ``size``, or the present one) is too small to show it, or the game
        is suspended (Ctrl+Z)."""
        too_small = too_small_for(*size) if size is not None else self.too_small
        return self.screen is not self.table or too_small or self._suspended

    def on_resize(self, event: events.Resize) -> None:
        """The move clock against the computer stops while "Terminal too small" hides
        everything, and goes on with the time left once the window is big enough (the
        time before the change counts as it was); over the network the host is told,
        and its clock waits for this seat meanwhile.  Called before the app takes the
        new size."""
        self._clock_checkpoint(covered=self._covered(event.size))
        self.session.terminal_too_small(too_small_for(*event.size))
        if not too_small_for(*event.size):
            self.too_small_since = None
        elif self.too_small_since is None:
            self.too_small_since = event.time
        if too_small_for(*event.size) != self.too_small:
            # "Terminal too small" takes the notes down (they would be drawn over it), and they
            # come back, for the seconds they had left, once the window is big enough again
            self.call_after_refresh(self._hold_notes if too_small_for(*event.size) else self._release_notes)
        if self._quit_waiting and not too_small_for(*event.size):
            self.call_after_refresh(self._ask_waiting_quit)
        if not too_small_for(*event.size):
            self.call_after_refresh(self._fit_words)  # once the app has the new size

    _quit_waiting = False
    """q was pressed behind "Terminal too small" where it asks first: the question comes
    once the terminal is big enough to show it."""

    def _ask_waiting_quit(self) -> None:
        """The terminal is big again after q behind "Terminal too small": ask now (or quit,
        where there is nothing left to ask about: the hand ended meanwhile)."""
        if self._quit_waiting and not self.too_small:
            self._quit_waiting = False
            self.action_quit_game()

    _suspended = False

    async def action_suspend(self) -> None:
        """Ctrl+Z: back to the shell that started gin-tui (``fg`` comes back), as in any
        terminal program. The move clock against the computer stops meanwhile; over the
        network a guest leaves its seat first, so that the host's clock waits for it too,
        and takes it back after ``fg``. Where no
        shell can bring it back (gin-tui run as the command of an SSH login or a terminal
        window), it says so rather than stopping for good."""
        from .suspend import can_suspend

        if not can_suspend(self):
            from .practice import practice_quit_note

            # in practice, as the quit question says it: the match is not this deal's to resume
            practice = practice_quit_note(self)
            kept = self.at_quit() if practice is None else ""
            self.note_alone(
                "Ctrl+Z: there is no shell here to come back from. Quit with q"
                + (f" ({kept})." if kept else ".")
                + (f" {practice}" if practice else ""),
                seconds=6,
            )
            return
        self._suspended = True
        if self._clock_ticking:
            self._tick_clock()  # the time so far counts; the time away does not
        await self.session.step_away()  # network play: the guest's seat is left first
        self.app_resume_signal.subscribe(self, self._resumed)
        self.action_suspend_process()

    def _resumed(self, _app: App) -> None:
        self.app_resume_signal.unsubscribe(self)
        self._suspended = False
        self.session.come_back()

    def continued_after_outside_stop(self) -> None:
        """Continued after a stop from outside (``kill -STOP``), told by the driver's
        handler of SIGCONT before the event loop goes on: the stop's time does not count
        on the move clock against the computer, which the player could not answer
        (over the network the host keeps the clock, and the other player waited)."""
        if self._move_clock is not None:
            self._move_clock.skip_time_away()

    def on_driver_signal_resume(self) -> None:
        """Continued after a stop, Ctrl+Z's or one from outside (:mod:`.continued_driver`): the
        screen drawn whole, the terminal having been the shell's meanwhile (after a stop from
        outside, only the parts that changed were drawn on the screen made anew)."""
        self.refresh(layout=True)

    def _tick_clock(self) -> None:
        """Count down the player's move.

        Against the computer the clock stops while a screen covers the table or
        the terminal is too small to show it;
        when the time is up, the match is lost (the rules say so).  Over the
        network the host keeps the clock: it is shown, and warned about, here.
        Either way the clock is also shown at the top of a covering screen, which
        over the network says on the player's own move that the clock runs on.
        Over the network without a move clock the table keeps its line fresh itself,
        and the line goes at the top of the rule sheet, the scores, the list of turns,
        the statistics, the review and the settings (the end of a hand and the quit
        question say what the game waits for themselves): a host who opens one while
        the other seat is empty still reads the join code to give."""
        from ginrummy_tui.engine import Action, IllegalAction

        from .move_clock import BADGE_PADDING, MoveClock, Warnings, clock_style, clock_text, runs_on_line

        if not self.screen_stack:  # a tick late, as the app closes: no screen left to show it
            return
        v = self.session.view()
        line = Text()
        badge = None
        warn = None
        if self.session.computes_opponent:
            if self._move_clock is None:
                self._move_clock = MoveClock(self.now)
            reading = self._move_clock.update(clock_turn(v), v.rules.timer, v.my_turn, self._covered())
            if reading is not None and reading.expired:
                self.clock_line = ""
                self.clock_rich = None
                try:
                    self.session.submit(Action(Kind.TIMEOUT))
                except IllegalAction:
                    return
                self.sync()
                return
            if reading is not None:
                line = clock_text(reading, palette_of(self))
                warn = reading.warn
        else:
            text = self.session.status(status_room(self.size.width))
            clock = self.session.clock()
            style = f"bold {palette_of(self).gold}"
            if clock is not None and clock[0] == v.seat:
                seat, left, limit = clock
                style = clock_style(left, palette_of(self))
                if self._net_warnings is None:
                    self._net_warnings = Warnings()
                warn = self._net_warnings.reached(clock_turn(v), left, limit)
                # the screens over the table: the player's own clock does not wait for them
                badge = Text(runs_on_line(left, self.size.width - BADGE_PADDING, self.ascii_only), style=style)
            line = Text(text, style=style)
            if not v.rules.timer:
                self._show_on_screens(line, [screen for screen in self.screen_stack if _over_the_table(screen)])
                return
        if warn is not None:
            self.bell()
        self._show_clock(line, badge)

    def push_screen(self, *args: Any, **kwargs: Any) -> Any:
        """Cover the table with a screen: the clock counts the time until now, and stops."""
        self._clock_checkpoint(covered=True)
        if args and isinstance(args[0], Screen):
            self._before_shown(args[0])
        return super().push_screen(*args, **kwargs)

    def switch_screen(self, screen: Screen | str) -> Any:
        """Put ``screen`` in the top screen's place."""
        if isinstance(screen, Screen):
            self._before_shown(screen)
        return super().switch_screen(screen)

    def _before_shown(self, screen: Screen) -> None:
        """A screen about to be shown over the table, pushed or switched to: the first time,
        its size classes (:meth:`_sized`) and the styling it needs (:meth:`_styled_once`)."""
        if not screen.is_attached:
            self._sized(screen)
            self._styled_once(screen)

    def _styled_once(self, screen: Screen) -> None:
        """``screen``, not yet shown, gets the app's rules of now: the screen itself is styled
        by them as Textual registers it, and its widgets by those in force as they mount (a
        kind mounted for the first time adds Textual's styles of it).  If these differ by the
        time it is shown, it is all styled again (:class:`StyledOnce`)."""
        if isinstance(screen, StyledOnce):
            screen.styled_by = self.stylesheet.rules

    def pop_screen(self) -> Any:
        """Close the top screen: the clock starts again if that uncovers the table."""
        stack = self.screen_stack
        self._clock_checkpoint(covered=len(stack) >= 2 and stack[-2] is not self.table)
        popped = super().pop_screen()
        self.show_waiting_end()  # the last screen over the table closed: the end of the hand behind it
        return popped

    def _clock_checkpoint(self, covered: bool) -> None:
        """Bring the clock up to now, then let it run (or not) as ``covered`` says from now on."""
        if self._clock_ticking and self._move_clock is not None and self.session.computes_opponent:
            v = self.session.view()
            self._move_clock.update(clock_turn(v), v.rules.timer, v.my_turn, covered)

    def _show_clock(self, line: Text, badge: Text | None = None) -> None:
        """Show the clock's ``line`` on the table, and at the top of every screen over it
        (``badge`` there instead, where given)."""
        changed = line.plain != self.clock_line or (self.clock_rich is not None and line.style != self.clock_rich.style)
        self.clock_line = line.plain
        self.clock_rich = line if line.plain else None
        table = self.table
        if changed and table is not None and table.v is not None:
            # a tick may come while the app closes, its table's parts already gone
            with contextlib.suppress(NoMatches):
                table._update_details()
        # every screen over the table shows the clock at its top
        self._show_on_screens(line if badge is None else badge, [screen for screen in self.screen_stack if screen is not table])

    def _show_on_screens(self, top: Text, screens: list[Screen[Any]]) -> None:
        """Show ``top`` (the clock, or the network line) at the top of each of ``screens``
        (hidden where it is empty)."""
        from .move_clock import ClockBadge

        for screen in screens:
            if not screen.is_mounted:
                continue
            badges = screen.query(ClockBadge)
            if badges:
                badges.first().show(top)
            elif top.plain:
                screen.mount(ClockBadge(top))

    def on_unmount(self) -> None:
        # network play: a connection whose worker was cancelled before its first step was never
        # run; closed, it does not end the run warning that it was "never awaited"
        if self._connection is not None and inspect.getcoroutinestate(self._connection) == inspect.CORO_CREATED:
            self._connection.close()
        self.session.close()

    def run(self, *args: Any, **kwargs: Any) -> Any:
        """Run the app (without mouse reporting if the app was made with ``mouse=False``)."""
        kwargs.setdefault("mouse", self.mouse_enabled)
        return super().run(*args, **kwargs)

    async def run_async(self, *args: Any, **kwargs: Any) -> Any:
        """Run the app on the running loop (network play: the loop the session
        connected on), without mouse reporting if made with ``mouse=False``."""
        kwargs.setdefault("mouse", self.mouse_enabled)
        return await super().run_async(*args, **kwargs)

    # ------------------------------------------------------------ following the game

    @property
    def table(self) -> GameScreen | None:
        """The game screen, once it is up."""
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                return screen
        return None

    @property
    def busy(self) -> bool:
        """True while the computer's move is pending (tests wait for this to clear)."""
        return self.opponent_pending

    def sync(self) -> None:
        """Redraw from the session's view; show the end of a hand; let the computer move."""
        table = self.table
        if table is None:
            return
        v = self.session.view()
        if not self._clock_ticking and v.rules.timer:
            self._start_clock()
        # nothing to redraw when neither the view nor the other player's name (network play: the
        # guest who joined) has changed (e.g. at start)
        if table.v != v or table.shown_name != self.session.opponent_name:
            table.show_view(v)
            if len(self.screen_stack) > 1:
                from .host import ViewChanged

                for screen in self.screen_stack:
                    if screen is not table:
                        screen.post_message(ViewChanged())
        self._show_end_screens(v)
        if self._hand_notes:
            self._take_down_other_hands(v)
        self._tell_going_on(v)
        if len(self._notifications):
            from ginrummy_tui.session.replay_session import ReplaySession

            if isinstance(self.session, ReplaySession) and not self.session.replaying:
                self.take_down_practice_notes()  # back in the match after the practice hand
        for news in self.session.take_news():  # network play: the other player left or came back
            self.notify(news, timeout=6)
        for note in self.session.stale_notes():  # network play: a note of the start no longer true
            self._withdraw_start_note(note)
        table.play_typed_ahead()  # network play: the host answered a move, the keys typed meanwhile act now
        if self.session.computes_opponent and self.session.opponent_to_move() and not self.opponent_pending:
            self.opponent_pending = True
            key = (v.match_no, v.hand_no, len(v.history))
            if self.pause > 0:
                self.set_timer(self.pause, lambda: self._think(key))
            else:
                self.call_later(self._think, key)

    _going_on_told: tuple[int, int] | None = None
    """The hand after which the other player was last said to have asked to go on."""

    _going_on_shown: tuple[bool, str, str] = (False, "", "")
    """Between hands, whether this player waits for the other to go on, the
    other's wish to go on, and what stops a move (the other player away, the
    connection lost), as the screens over the table were last told."""

    def _tell_going_on(self, v: PlayerView) -> None:
        """Network play: the other player asked for the next hand (or a new match)
        first: say so, once a hand; and the screens over the table are told
        whenever who has asked to go on changes (or whether the other is at the table)."""
        note = self.session.going_on_note()
        if note and self._going_on_told != (v.match_no, v.hand_no):
            self._going_on_told = (v.match_no, v.hand_no)
            self.hand_note(note, 8)
        shown = (v.phase.ended and self.session.opponent_to_move(), note, self.session.blocked())
        if shown != self._going_on_shown:
            from .host import GoingOnChanged

            self._going_on_shown = shown
            for screen in self.screen_stack:
                screen.post_message(GoingOnChanged())

    def go_on(self, kind: Kind) -> None:
        """Deal the next hand or start a new match (``kind``: ``Kind.NEXT_HAND`` or
        ``Kind.NEW_MATCH``); in network play, say when the other player must go on too."""
        from ginrummy_tui.engine import Action, IllegalAction

        try:
            self.session.submit(Action(kind))
        except IllegalAction:
            pass  # the other player already did
        if self.end_guard > 0:  # the key that went on, pressed again or held, lands on the new deal
            self._went_on_until = self.now() + self.end_guard
        self.sync()
        waiting = self.session.waiting_note()  # network play: both players must go on
        if waiting:
            self.hand_note(waiting, 4)

    def _show_end_screens(self, v) -> None:
        ended = v.phase.ended
        if not ended:
            # the next hand has started (perhaps by the other player, over the network)
            self._end_waiting = False
            while type(self.screen).__name__ in ("SummaryScreen", "MatchOverScreen"):
                self.pop_screen()
            if self._end_shown is not None:  # the review of the hand that ended, not wanted now
                from .screens.review_screen import keeper

                keeper(self).drop_unfinished()
            self._end_shown = None
            self._seen_in_play = True
            return
        from .screens.after_hand import AfterHandScreen

        key = (v.match_no, v.hand_no)
        if self._end_shown == key:
            return
        self._end_shown = key
        table = self.table
        if table is None:
            return
        over = self.screen_stack[self.screen_stack.index(table) + 1 :]
        if over and v.phase == Phase.MATCH_OVER:
            over = self._close_quit_question(over)
        if over and not any(isinstance(screen, AfterHandScreen) for screen in over):
            # the hand ended (the other player's move) while the player reads a screen opened over
            # the table (the score sheet, the rule sheet...): it stays, the end waits behind it,
            # and a note there says so
            self._end_waiting = True
            self.notify(self._end_waits_note(v, "this screen"), timeout=END_WAITS_NOTE_TIME)
            self._retell_quit_question(over)
            return
        if not over and table.pile_listed and v.history and v.history[-1].seat != v.seat:
            # the same for the discard pile's list, which the player opened on the table (l)
            self._end_waiting = True
            self.notify(self._end_waits_note(v, "the pile list (l)"), timeout=END_WAITS_NOTE_TIME)
            return
        # the end of another hand (a practice's) still up goes
        while self.screen is not table and len(self.screen_stack) > 1:
            self.pop_screen()
        self._show_end(v)

    def _close_quit_question(self, over: list[Screen[Any]]) -> list[Screen[Any]]:
        """The match ended behind a quit question asked in its last hand (the other player's
        move, a move clock run out): the question goes, as nothing is left to resume or to keep
        anyone waiting for, and the match's end is shown.  Returns the screens left over the table."""
        from .screens.confirm_quit import MID_HAND, ConfirmQuit

        while over and isinstance(over[-1], ConfirmQuit) and over[-1].question == MID_HAND:
            self.pop_screen()
            over = over[:-1]
        return over

    def _retell_quit_question(self, over: list[Screen[Any]]) -> None:
        """A quit question asked in the middle of the hand that has just ended behind it
        asks as between hands, its note saying what becomes of the match now."""
        from .screens.confirm_quit import MID_HAND, ConfirmQuit

        for screen in over:
            if isinstance(screen, ConfirmQuit) and screen.question == MID_HAND:
                kept = self.at_quit()
                screen.retell("Quit? The hand is over.", f"{kept[:1].upper()}{kept[1:]}." if kept else "")

    def _end_waits_note(self, v: PlayerView, reading: str) -> str:
        """What the note over what the player reads (``reading``) says when the hand ends behind it."""
        what = "The match" if v.phase == Phase.MATCH_OVER else f"Hand {v.hand_no}"
        return f"{what} is over: its end is shown once you close {reading}."

    def show_waiting_end(self) -> None:
        """The player closed what the end of the hand waited behind (the pile list, on the table):
        show it now."""
        table = self.table
        if self._end_waiting and table is not None and self.screen is table:
            self._end_waiting = False
            v = self.session.view()
            if v.phase.ended:
                self._show_end(v)

    def _show_end(self, v: PlayerView) -> None:
        """Show the end of the hand (or the match) that ``v`` shows, over the table."""
        from .screens.summary_screen import SummaryScreen

        if self._seen_in_play:  # not the notes of a start on the end of a hand, which no toast has hidden yet
            self._take_down_notes()
        self.push_screen(SummaryScreen(v, self.session.played_name(), self.ascii_only, self.session.played_own_name()))

    def on_notify(self, event: Notify) -> None:
        """A toast raised (``App`` shows it): kept in mind, to be taken down by
        :meth:`_take_down_toasts` (one raised again by it is already there)."""
        note = event.notification
        self._posted = [n for n in self._posted if n is not note and not n.has_expired]
        self._toasts_up = [n for n in self._toasts_up if not n.has_expired]
        self._overlay_notes &= {n.identity for n in self._toasts_up}
        held = {n.identity for n, _left in self._held_notes}
        self._note_words = {
            key: kept for key, kept in self._note_words.items() if not kept[0].has_expired or key in held
        }
        if note not in self._toasts_up:
            self._toasts_up.append(note)
            if self.screen_stack and _over_the_table(self.screen):
                self._overlay_notes.add(note.identity)
        self._fit_notes()
        # and again once it has gone (its toast takes itself down when its time is up)
        self.set_timer(max(0.0, note.time_left) + NOTE_GONE_AFTER, self._fit_notes)
        # a part of a note too long for the room: the next after it; then any note waiting for room
        self.set_timer(max(0.0, note.time_left) + NOTE_GAP, partial(self._after_note, note))

    def _after_note(self, note: Notification, tries: int = GONE_TRIES) -> None:
        """The time of ``note`` is up, and its toast gone: the next part of its note, if it has
        one (:meth:`_next_part`), then the notes waiting for the room it leaves.  Where a toast
        whose time is up is on the screen still, once it has gone (a look every
        :data:`NOTE_GAP`, :data:`GONE_TRIES` at most)."""
        if tries and self.spent_toast_shown():
            self.set_timer(NOTE_GAP, partial(self._after_note, note, tries - 1))
            return
        if note.identity in self._rest_of:
            self._next_part(note)
        self._raise_waiting()

    def spent_toast_shown(self) -> bool:
        """Whether the screen shows more toasts than there are notes whose time is not up: a
        toast takes itself down by a timer of its own, set when it is mounted, so under load
        it went later than its note's time.  The next part of a note, raised meanwhile for the
        whole room, came under it, cut off at the bottom, and stayed cut once it was alone (at
        46x21 the history's note after the match's, its middle sentence never seen)."""
        if not self.screen_stack:
            return False
        live = sum(1 for n in self._notifications if not n.has_expired)
        return len(self.screen.query("Toast")) > live

    def _fit_notes(self) -> None:
        """The notes up stand at one width: below 24 rows or 80 columns, where a warning
        is wider than a note of information (:func:`~.note_text.toast_text_width`), every
        note is as wide as a warning while one is up (``-warning-up``, ``app.tcss``).  A
        note of information beside a warning, 34 columns at the right, started 12 columns
        right of it at 46x21, over the hands and the table as much as the warning did."""
        up = [n for n in self._toasts_up if not n.has_expired]
        warning_up = any(n.severity != "information" for n in up)
        if warning_up != self.has_class("-warning-up"):
            self.set_class(warning_up, "-warning-up")
            if not warning_up:  # the notes left are narrower: one may need more lines than the room has
                self.call_later(self._split_too_long)

    def _take_down_notes(self) -> None:
        """The hand is over: its end (both hands, the points) is not to be hidden under
        toasts ("Sorted by rank", why a key does nothing).  The information goes; a
        warning or an error stays, for the time it has left."""
        self._take_down_toasts(lambda n: n.severity == "information")

    def on_key(self, event: events.Key) -> None:
        """A key on its way to the bindings: network play, one typed on the table while a move
        is on its way to the host waits for the answer (:meth:`GameScreen.holds_key`).  Runs
        before the app's own handling of the key, which looks up its bindings.  A key read with
        the last move of a hand went to the table and comes here with the end of the hand (or
        the match's result) already up, whose bindings would take it: it is held back as one
        pressed on that screen (:meth:`AfterHandScreen.held_back`); ⏎ read with a knock dealt
        the next hand unseen.  And ⏎, Space or n that dealt the table, pressed again in the
        same read, is dropped here too (:meth:`went_on_again`)."""
        from .screens.after_hand import AfterHandScreen

        if isinstance(self.screen, AfterHandScreen) and self.screen.held_back(event):
            return
        table = self.table
        if table is not None and self.screen is table and (table.holds_key(event.key) or self.went_on_again(event.key)):
            # ⏎ pressed twice in one read of the terminal on the match's result: the second,
            # sent to the result's screen on its way out, comes here past the table's own
            # check, and the table's bindings would refuse it ("✗ The upcard comes first.")
            event.prevent_default()
            event.stop()

    _went_on_until = 0.0
    """Until when a key that goes on from the end of a hand or the match's result (⏎, Space, n)
    is dropped on the table it dealt (:meth:`went_on_again`)."""

    def went_on_again(self, key: str) -> bool:
        """Whether ``key`` is ⏎, Space or n pressed again (a double press, a double click on
        "⏎ New match", a key held down) the moment the next hand or a new match was dealt by it:
        dropped without a word, where it has no use yet.  It came to the new table as a move
        refused, with the bell: "✗ The upcard comes first."  Held down, each repeat keeps the
        next one dropped (:data:`~.screens.after_hand.REPEAT_GAP`)."""
        from .screens.after_hand import REPEAT_GAP

        now = self.now()
        if key not in ("enter", "space", "n") or now >= self._went_on_until:
            return False
        self._went_on_until = max(self._went_on_until, now + min(REPEAT_GAP, self.end_guard))
        return True

    def typed_ahead_dropped(self, keys: list[str]) -> None:
        """Network play: ``keys`` were typed on the table while its last move was on its way to
        the host, and are dropped as the end of the hand came up: one that goes on from there
        is said held back (:meth:`AfterHandScreen.held_back_typed`)."""
        from .screens.after_hand import AfterHandScreen

        if isinstance(self.screen, AfterHandScreen):
            self.screen.held_back_typed(keys)

    def on_gin_app_session_changed(self) -> None:
        self.sync()
        if self.context.seat_hands is not None:  # network play: a move changed the hand (as after a local save)
            self.call_after_refresh(self._ui_changed)

    # ------------------------------------------------------------ the computer's turn

    def _think(self, key: tuple) -> None:
        if not self.session.opponent_to_move():
            self.opponent_pending = False
            self.sync()
            return
        self._think_key = key
        self.run_worker(
            self.session.think, name="think", group="opponent", thread=True, exclusive=True, exit_on_error=False
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.group != "opponent":
            return
        if event.state == WorkerState.SUCCESS:
            self._play_opponent(worker.result)
        elif event.state in (WorkerState.ERROR, WorkerState.CANCELLED):
            self.opponent_pending = False
            table = self.table
            if table is not None and event.state == WorkerState.ERROR:
                table.refuse(f"the computer could not move ({worker.error})", lasts=True)

    def _play_opponent(self, action) -> None:
        from ginrummy_tui.engine import IllegalAction

        self.opponent_pending = False
        v = self.session.view()
        if (v.match_no, v.hand_no, len(v.history)) != self._think_key:
            self.sync()  # the game moved on while the computer was thinking
            return
        try:
            self.session.play_opponent(action)
        except IllegalAction as exc:
            table = self.table
            if table is not None:
                table.refuse(f"the computer tried an illegal move ({exc})", lasts=True)
            return
        self.sync()

    # ------------------------------------------------------------ keys of every screen

    def action_try_move(self, name: str) -> None:
        """A move whose key is dimmed: try it on the table, which shows why it is refused
        (after a hand, the screen there says that no move can be made)."""
        from .screens.after_hand import AfterHandScreen

        if isinstance(self.screen, GameScreen):
            self.screen.try_move(Kind(name))
        elif isinstance(self.screen, AfterHandScreen):
            self.screen.action_table_only("move")

    def action_try_hint(self) -> None:
        """The hint key while it is dimmed (the other player to move): the table says why."""
        if isinstance(self.screen, GameScreen):
            self.screen.action_hint()

    def action_try_sort(self) -> None:
        """The sort key while it is dimmed (the hand over, its end behind the pile list): the table
        says why; after a hand, the screen there says that there are no cards to sort."""
        from .screens.after_hand import AfterHandScreen

        if isinstance(self.screen, GameScreen):
            self.screen.action_sort()
        elif isinstance(self.screen, AfterHandScreen):
            self.screen.action_table_only("sort")

    def action_rules(self) -> None:
        """Show the rule sheet."""
        from .screens.rules_screen import RulesScreen

        if not isinstance(self.screen, RulesScreen):
            self.push_screen(RulesScreen(self.session.view().rules))

    def action_scores(self) -> None:
        """Show the score table: the match's, in a practice of its last hand too (saying so)."""
        from .practice import in_seed_practice, practised_match
        from .screens.score_screen import ScoreScreen

        if not isinstance(self.screen, ScoreScreen):
            match = practised_match(self)
            if match is None:
                session = self.session
                mine = session.played_own_name(whole_match=True)
                self.push_screen(ScoreScreen(
                    session.view(), session.played_name(whole_match=True), own_name=mine, hand_names=session.hand_names()
                ))
                return
            hand_no = self.session.view().hand_no
            if in_seed_practice(self):  # a hand of a --hand practice played again: the table is that practice's
                note = f"This is your practice's table: hand {hand_no} played again does not count."
            else:
                note = f"This is your match's table: the practice of hand {hand_no} does not count."
            self.push_screen(ScoreScreen(match, self.session.opponent_name, note))

    def action_settings(self) -> None:
        """Show the settings."""
        from .screens.settings_screen import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    def action_statistics(self) -> None:
        """Show the lifetime statistics."""
        from .screens.stats_screen import StatsScreen

        if not isinstance(self.screen, StatsScreen):
            self.push_screen(StatsScreen())

    def action_quit_saved(self) -> None:
        """Ctrl+C: quit at once (every move is already saved).  In a browser tab, which
        keeps nothing, and where Ctrl+C is the key that copies, as q: asked first (the
        match in the tab ended at once, a hint copied)."""
        if self.context.one_tab:
            self.action_quit_game()
            return
        self._give_up_practice()
        self.exit()

    def _give_up_practice(self) -> None:
        """The player quits a practice deal (``--seed N --hand K``) on purpose, told that it
        is not taken up again: it is not kept for a later start to set aside and tell of
        (:meth:`~ginrummy_tui.session.keeper.Keeper.give_up_practice`).  One left by a crash
        or a kill stays in its slot, for the next practice to set aside, saying so."""
        keeper = self.context.keeper
        if keeper is not None and keeper.replay:
            keeper.give_up_practice()

    def quit_asks(self) -> bool:
        """True when q would ask before quitting: in the middle of a hand (in a browser
        tab, which keeps nothing, until the match is over), or with changes on the
        settings screen not saved (not on the question itself)."""
        from .screens.confirm_quit import ConfirmQuit
        from .screens.settings_screen import SettingsScreen

        if isinstance(self.screen, ConfirmQuit):
            return False
        if any(isinstance(s, SettingsScreen) and s.unsaved() for s in self.screen_stack):
            return True
        phase = self.session.view().phase
        if self.context.one_tab:  # a tab keeps nothing: between hands too, the match ends with it
            return phase != Phase.MATCH_OVER
        return not phase.ended

    def action_quit_game(self) -> None:
        """Quit; during a hand, ask first.  Behind "Terminal too small" the
        question could not be read: q quits there only where it would not ask,
        and otherwise rings the bell, the words there saying to make the
        terminal bigger to be asked: the question comes once it is (Ctrl+C
        still quits at once).
        Changes on the settings screen not saved are asked about too, between
        hands as well: the question says so, and offers to save them first."""
        from .screens.confirm_quit import ConfirmQuit
        from .screens.settings_screen import SettingsScreen

        if not self.quit_asks():
            self._give_up_practice()
            self.exit()
            return
        if self.too_small:
            self.bell()
            self._quit_waiting = True  # asked once the terminal is big enough to show the question
            for words in self.screen.query(TooSmall):
                words.refresh()
            return
        self._quit_waiting = False
        keeper = self.context.keeper
        if keeper is not None and keeper.failing:  # room may have been made since: the question says what holds now
            keeper.retry_save()
        editing = next((s for s in self.screen_stack if isinstance(s, SettingsScreen) and s.unsaved()), None)
        v = self.session.view()

        def done(yes: bool | None) -> None:
            if question.to_match:
                self.leave_practice()
                return
            if not yes:
                return
            if question.save_first and editing is not None and not editing.save_before_quit():
                return  # the settings screen says why they cannot be saved
            self._settings_answered = editing is not None
            self._give_up_practice()
            self.exit()

        from .practice import practice_banner, practice_home, practice_quit_note, practised_match

        practice = practice_quit_note(self)
        if practice is not None:
            note = practice
        else:
            kept = self.at_quit()
            note = f"{kept[:1].upper()}{kept[1:]}." if kept else ""
        if editing is not None:
            note = " ".join(("Your changes to the settings are not saved (s saves them first).", note)).strip()
        back = self.quit_back()
        if self.session.shut_out():  # the host refused this seat for good: no hand of its own is in play
            question = ConfirmQuit(
                note, "Quit? The match has ended for this seat.", settings_changed=editing is not None, back=back
            )
        elif practised_match(self) is not None:  # a hand played again (a): back to the match (m), or quit
            question = ConfirmQuit(
                note, "Leave this practice hand?", settings_changed=editing is not None, practice=True,
                home=practice_home(self),
            )
        elif practice_banner(self) is not None:  # a deal replayed with --hand
            question = ConfirmQuit(note, "Quit this practice hand?", settings_changed=editing is not None, back=back)
        elif v.phase.ended:  # between hands: asked for the settings' changes, or in a tab, which keeps nothing
            question = ConfirmQuit(note, "Quit?", settings_changed=editing is not None, back=back)
        else:
            question = ConfirmQuit(note, settings_changed=editing is not None, back=back)
        self.push_screen(question, done)

    def quit_back(self) -> str:
        """The quit question's answer n, in the words of where it goes back to: the screen
        the question is opened over (the table, the settings, the score table...)."""
        from .screens.confirm_quit import BACK_TO_GAME
        from .screens.settings_screen import SettingsScreen
        from .screens.table_only import TableOnly

        under = self.screen
        if isinstance(under, TableOnly):
            return under.QUIT_BACK
        if isinstance(under, SettingsScreen):
            return "Back to the settings (n)"
        if isinstance(under, GameScreen):
            return BACK_TO_GAME
        return "Back (n)"

    def at_quit(self) -> str:
        """What becomes of the match at the quit, in a few words: the quit question
        says it, the rule sheet with q, Ctrl+Z where no shell brings the game back
        (in network play, as the session says it: the host keeps the match).  The command
        named is one group of words (:func:`~ginrummy_tui.engine.words.together`), on one
        line where it fits one."""
        from ginrummy_tui.engine.words import together

        command = together(self.context.resume_command)
        if self.context.one_tab:  # its data directory goes with it: no command resumes anything
            return "a tab keeps nothing: this match ends here"
        keeper = self.context.keeper
        if keeper is not None and keeper.store.held is not None:  # the save there may not be read
            return "this match is not saved (your saved one is left as it is): it ends here"
        if keeper is not None and keeper.failing:  # a data directory that cannot be used, a full disk
            if keeper.has_save:
                return "only an earlier point of your match is saved"
            return "your match could not be saved: it ends here"
        if keeper is not None and keeper.store.is_separate:  # the main slot's match comes first
            return (
                f"this separate match is saved: {command} takes it up when it starts "
                "after your main match is over"
            )
        control = self.context.control
        if self.context.saved and control is not None and control.match_over():  # nothing left to resume
            return f"the match is over: {command} starts a new one"
        if self.context.saved:
            if self.context.resume_command != "gin-tui":  # plain gin-tui would not find it
                return f"your match is saved: {command} resumes it"
            return "your match is saved: gin-tui will resume it"
        if self.session.computes_opponent:
            return "this match is not saved: it ends here"
        return self.session.at_quit()


def make_app(
    *,
    rules: str | Rules | None = None,
    ai: str | None = None,
    seed: int | str | None = None,
    hand: int | None = None,
    ascii: bool = False,
    mouse: bool = True,
    pause: float | None = None,
    session: Session | None = None,
    state: GameState | None = None,
    opponent: Opponent | None = None,
    on_change: Callable[[GameState], None] | None = None,
    on_hint: Callable[[], None] | None = None,
    context: AppContext | None = None,
    one_click: bool = False,
    end_guard: float = 0.0,
) -> GinApp:
    """Build the app.

    With ``context`` (what ``gin-tui`` builds: the session, the settings, the
    keeper...) the app plays through ``context.session``.  Otherwise, with
    ``session`` the app plays through it (network play); else a
    :class:`LocalSession` against the computer (level ``ai``) is made, from
    ``state`` if given, else from a new match with ``rules`` (a preset name or
    a :class:`Rules`) and ``seed`` (``hand`` picks a later deal of that seed).
    ``on_change(state)`` is called after every move of a local match, ``on_hint()``
    for every hint shown (the statistics count them).  ``end_guard``: the seconds the
    keys that go on from the end of a hand or the match's result are held back once it
    appears (:data:`~ginrummy_tui.cli.play.END_GUARD` where the command line runs the game).
    """
    if context is None:
        if session is None:
            from ginrummy_tui.engine import PRESETS
            from ginrummy_tui.session.opponent import LazyOpponent
            from ginrummy_tui.session.startup import dealt
            from ginrummy_tui.storage.config import check_preset

            if state is None:
                if rules is None or isinstance(rules, str):
                    name = rules or "standard"
                    check_preset(name)
                    rules_value = PRESETS[name]
                else:
                    rules_value = rules
                state = dealt(rules_value, seed, hand)
            if opponent is None:
                opponent = LazyOpponent(ai or "standard", state.seed)
            session = LocalSession(state, opponent, on_change=on_change, on_hint=on_hint)
        context = AppContext(session=session)
    return GinApp(
        context, ascii_only=ascii, mouse=mouse, pause=DEFAULT_PAUSE if pause is None else pause, one_click=one_click,
        end_guard=end_guard,
    )
