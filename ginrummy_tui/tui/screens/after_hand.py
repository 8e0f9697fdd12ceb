"""What the screens after a hand share: the end of a hand, and the match's result
after its last.  Both offer the hand that ended: its review (``r``), a practice of
its deal (``a``) and its turns (``m``); and both say why the table's keys for a
hint (``h``), the discard pile's cards (``l``) and the moves (``t p s d k g b``,
through the app's :meth:`~ginrummy_tui.tui.app.GinApp.action_try_move`) do
nothing there.

The keys are :data:`AFTER_HAND_BINDINGS`, which each screen lists in its own
``BINDINGS`` where its key bar shows them (after its own way on); their actions
are those of :class:`AfterHandScreen`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget

from .. import table_text as tt
from ..host import gin_of
from ..widgets import table_only_line
from ..widgets.clicked_key import ClickedKey
from .styled_once import StyledOnce

if TYPE_CHECKING:
    from textual.timer import Timer

    from ..host import GinHost


AFTER_HAND_BINDINGS = [
    Binding("r", "review", "Review", tooltip="Your decisions where the expert would have played otherwise"),
    Binding("r", "no_review", show=False),  # when the review is dimmed: why
    Binding("a", "replay", "Replay deal", tooltip="Play this deal again (practice: it does not count)"),
    Binding("r", "not_here('review')", show=False),  # network play: why there is none
    Binding("a", "not_here('replay')", show=False),
    Binding("m", "moves", "Moves", tooltip="Every turn of this hand", id="moves"),
    Binding("h", "table_only('hint')", show=False),
    Binding("l", "table_only('pile')", show=False),
]
"""r: the review of the hand; a: replay its deal; m: every turn of it; h and l: why not here.
Where the hand has no review (no move of the player's in it), r is not in the key bar (nor
offered on the screen) and says why."""

TABLE_ONLY = {
    "hint": "A hint (h) is for your own turn in a hand: {over}; {going}.",
    "pile": "The discard pile (l) is listed during a hand: {over}; {moves}.",
    "move": "No move can be made now: {over}; {going}.",
    "sort": "Sorting your cards (o) is for a hand in play: {over}; {going}.",
}
"""What the table's keys h, l, o and the moves' say after a hand (see
:meth:`AfterHandScreen.action_table_only`); ``{going}``: what goes on from the screen
(:meth:`AfterHandScreen.going_on_words`)."""

GO_ON_ACTIONS = frozenset({"next", "result", "back", "asked", "new_match"})
"""The actions of the keys that go on from a screen after a hand (the next hand, the match's
result, back to the match, a new match): held back for the app's ``end_guard`` seconds after
the screen appears (:meth:`AfterHandScreen.held_back`)."""

REPEAT_GAP = 0.1
"""Seconds between the presses of a key held down, at most (a terminal repeats a key 25 to 40
times a second): a key that goes on, held back, holds back the next one that comes this soon."""


class AfterHandScreen(StyledOnce, Screen):
    """A screen shown once a hand is over (its end, or the match's result): the
    actions of :data:`AFTER_HAND_BINDINGS`."""

    OVER: ClassVar[tuple[str, str]] = ("this hand is over", "m lists every turn of it")
    """What is over here, and where its turns are, for the words of h and l."""
    ENDED: ClassVar[str] = "The hand has just ended"
    """What has just happened, for the words of a key that goes on held back (:meth:`held_back`)."""
    AGAIN: ClassVar[str] = "go on"
    """What the key held back does when pressed again ("press ⏎ again to go on")."""

    _go_on_from: float | None = None
    """The time (the app's clock, ``now``) from which the keys that go on are taken: the app's
    ``end_guard`` seconds after the screen appeared (later while a key is held down); None
    until it appears, a key read with the last move reaching it before then."""

    def on_mount(self) -> None:
        gin = self.gin
        self._go_on_from = gin.now() + gin.end_guard

    @property
    def gin(self) -> GinHost:
        return gin_of(self.app)

    @property
    def _local(self) -> bool:
        """Review and replay need the whole deal: only in a game against the computer."""
        return self.gin.session.computes_opponent

    @property
    def _reviewable(self) -> bool:
        """The hand has a review: a game against the computer, and the player made a move in it."""
        from .review_screen import review_refusal

        return self._local and review_refusal(self.app) is None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            return self._reviewable
        if action == "no_review":
            return self._local and not self._reviewable
        if action == "replay":
            return self._local
        if action == "not_here":
            return not self._local
        return True

    def action_review(self) -> None:
        """Show the review of the hand that ended."""
        from .review_screen import open_review

        open_review(self.app)

    def action_no_review(self) -> None:
        """Say why this hand has no review."""
        from .review_screen import open_review

        open_review(self.app)

    def action_not_here(self, what: str) -> None:
        """r or a in network play: say they are for games against the computer."""
        from .game_screen import GameScreen

        words = GameScreen.AFTER_HAND[what]
        self.say(f"{words[:1].upper()}{words[1:]} is only in games against the computer.")

    def going_on_words(self) -> str:
        """What goes on from here, for the words of a key that does nothing: "⏎ goes on"."""
        return f"{self._enter} goes on"

    @property
    def _enter(self) -> str:
        return "Enter" if self.gin.ascii_only else "⏎"

    def action_table_only(self, what: str) -> None:
        """h, l, o or a move's key (t p s d k g b), keys of the table during a hand: say why they do nothing here."""
        over, moves = self.OVER
        self.say(TABLE_ONLY[what].format(over=over, moves=moves, going=self.going_on_words()))

    def on_key(self, event: events.Key) -> None:
        """A key this screen has no use for says so, and what goes on from here
        (:meth:`refuse_unused`), as the table does: Tab, Shift+Tab and the characters that are
        no key here did nothing, silently (Tab moved the focus to no part a player could see
        it on, and on the match's result took ↑ and ↓ from the score table).  Runs before the
        key's bindings are looked up: a key with one on the screen or the app is left to it,
        but for a key that scrolls a part with nothing to scroll that way (:meth:`_scrolls_nothing`)."""
        if self.held_back(event):
            return
        key = event.key
        bound = self.active_bindings.get(key)
        if key not in ("tab", "shift+tab") and bound is not None and not self._scrolls_nothing(bound.node, bound.binding.action):
            return
        unused = tt.unused_key(key, event.character, self.active_bindings, self.gin.ascii_only)
        scroll = tt.scroll_key_name(key, self.gin.ascii_only)
        if unused is None and scroll is not None:
            unused = (scroll, "")
        if unused is None:
            return
        event.stop()
        event.prevent_default()
        self.refuse_unused(*unused)

    def held_back(self, event: events.Key) -> bool:
        """A key that goes on from here (⏎, Space, n) pressed the moment the screen appeared is
        held back, and the screen says so: one typed right after a knock or a last discard, or a
        second press of the key that showed the result, before anything could be read, passed the
        end of the hand or the match's result by (and started a new match unasked); so is one read
        with the last move, which reaches the screen before it has appeared.  Held down, a key
        stays held back while its repeats come (:data:`REPEAT_GAP`).  True if it was."""
        bound = self.active_bindings.get(event.key)
        if bound is None or bound.binding.action not in GO_ON_ACTIONS:
            return False
        now, guard = self.gin.now(), self.gin.end_guard
        if guard <= 0 or (self._go_on_from is not None and now >= self._go_on_from):
            return False
        if self._go_on_from is not None:
            self._go_on_from = max(self._go_on_from, now + min(REPEAT_GAP, guard))
        event.stop()
        event.prevent_default()
        self._say_held(event.key, clicked=isinstance(event, ClickedKey))
        return True

    def held_back_typed(self, keys: list[str]) -> None:
        """Network play: ``keys`` were typed on the table while its last move was on its way to
        the host, and are dropped now that the hand's end has come up: one of them that goes on
        from here is said held back, as one pressed the moment the screen appeared (⏎ typed
        with the knock was dropped without a word)."""
        if self.gin.end_guard <= 0:
            return
        for key in keys:
            bound = self.active_bindings.get(key)
            if bound is not None and bound.binding.action in GO_ON_ACTIONS:
                self._say_held(key)
                return

    def _say_held(self, key: str, clicked: bool = False) -> None:
        """Say that ``key``, one that goes on from here, was held back; ``clicked``: pressed by
        a click on its entry, the second click of a double click on "⏎ Next hand", which was
        said "⏎ held back" to a player who had pressed no key."""
        if clicked:
            self.say(f"{self.ENDED}: click again to {self.AGAIN}.", scroll=False)
            return
        name = {"enter": self._enter, "space": "Space"}.get(key, key)
        # at 46x21 the end of a hand scrolled down to these words, its headline out of sight
        self.say(f"{self.ENDED}: press {name} again to {self.AGAIN}.", scroll=False)

    @staticmethod
    def _scrolls_nothing(node: DOMNode, action: str) -> bool:
        """Whether ``action``, the binding of a key on ``node``, is a scroll of a part that has
        nothing to scroll that way at this size: the end of a hand whole on the screen, where
        ← → ↑ ↓ PageUp and Home, the keys of its scrolling summary, did nothing and said nothing
        (the note of the key before stayed), where x or Tab says what goes on."""
        if not isinstance(node, Widget):
            return False
        if action in tt.VERTICAL_SCROLLS:
            return not node.allow_vertical_scroll
        if action in tt.SIDEWAYS_SCROLLS:
            return not node.allow_horizontal_scroll
        return False

    def refuse_unused(self, key: str, lower: str = "") -> None:
        """Say that ``key`` (as the table names it: "Tab", "'x'") does nothing here, and what
        goes on from here (:meth:`going_on_words`), in the words the table uses
        (:func:`~..table_text.does_nothing`); ``lower``: the key it stands for in lower case."""
        self.say(tt.does_nothing(key, self.going_on_words(), lower=lower) + ".")

    def say(self, words: str, *, scroll: bool = True) -> None:
        """Why a key does nothing here, in a line of the screen's own, one reason at a time
        (the last in place of the one before), taken down after :data:`~ginrummy_tui.tui.widgets.table_only_line.SHOWN_FOR`
        seconds (:meth:`_keep_said`): the end of a hand's at the end of its summary (scrolled
        to, but not with ``scroll`` False), the match result's under the result."""
        raise NotImplementedError

    def _unsay(self) -> None:
        """Take down the line of :meth:`say`."""
        raise NotImplementedError

    _said_timer: Timer | None = None
    """Takes down the words of :meth:`say` once they have been up a few seconds."""

    def _keep_said(self) -> None:
        """The words :meth:`say` shows now stay up :data:`~ginrummy_tui.tui.widgets.table_only_line.SHOWN_FOR` seconds
        from now, as the line of a screen over the table does (the end of a hand's stood for
        minutes, through the review and the score table opened and closed)."""
        if self._said_timer is not None:
            self._said_timer.stop()
        self._said_timer = self.set_timer(table_only_line.SHOWN_FOR, self._said_time_up)

    def _said_time_up(self) -> None:
        self._said_timer = None
        self._unsay()

    def action_moves(self) -> None:
        """Every turn of the hand that ended, in words."""
        from .moves_screen import MovesScreen

        self.app.push_screen(MovesScreen())

    def action_replay(self) -> None:
        """Deal the hand that ended again, as practice."""
        self.gin.start_replay()
