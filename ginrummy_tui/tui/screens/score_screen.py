"""The score table, one key (c) away at any time; Escape closes it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..host import SuitsChanged, ViewChanged, gin_of
from ..widgets.cardfaces import ascii_words
from ..widgets.key_bar import KeyBar
from ..widgets.score_table import TINY_WIDTH, ScoreTable, boxes_note, doubled_note
from ..widgets.table_only_line import TableOnlyLine
from ..widgets.too_small import TooSmall
from .styled_once import StyledOnce
from .table_only import BACK, TABLE_ONLY_BINDINGS, TableOnly, back_line

if TYPE_CHECKING:
    from collections.abc import Sequence

    from textual import events

    from ginrummy_tui.engine import GameState, PlayerView


class ScoreScreen(StyledOnce, TableOnly, ModalScreen):
    """Every hand of the match so far, with the running totals."""

    CSS_PATH = "score_screen.tcss"
    BINDINGS = [
        Binding("escape,c", "close", BACK, key_display="esc"),
        Binding("enter,r", "review", "Review", key_display="⏎", tooltip="The review of the hand picked"),
        Binding("enter,r", "nothing_to_review", show=False),
        Binding("enter,r", "no_review", show=False),  # no finished hand has a review (network play): why
        *TABLE_ONLY_BINDINGS,
    ]
    """Escape (or c again) closes the table; Enter (or r) opens the review of the hand picked
    (↑ and ↓ pick it, the table's own keys: :class:`ScoreTable`; a click on a row opens its
    review), and before any hand has ended says there is nothing to review; the table's
    other keys say why they do nothing here."""

    NOTHING_TO_REVIEW = "No hand of this match has ended yet: there is nothing to review."
    """What Enter and r say before the first hand of the match has ended."""

    QUIT_BACK = "Back to the scores (n)"
    PLACE = "in the score table"

    def __init__(
        self,
        v: PlayerView,
        opponent_name: str,
        note: str = "",
        own_name: str = "You",
        hand_names: Sequence[tuple[str, str]] | None = None,
    ) -> None:
        super().__init__()
        self.v = v
        self.opponent_name = opponent_name
        self.own_name = own_name
        self.hand_names = hand_names
        """Who played this seat's hands: "You", or in network play "Bob/You" (see :func:`score_table`)."""
        self.note = note
        """A line under the table ("" for none): in practice, that the table is the match's."""
        self.hands: dict[int, GameState | str] = {}
        """Each finished hand of the match as its review takes it, or why it has none (read
        when the screen is composed: :func:`~.review_screen.past_hands`)."""

    def compose(self) -> ComposeResult:
        from ..practice import table_titles
        from .review_screen import past_hands

        self.hands = past_hands(self.app)
        title, short_title = table_titles(self.app)
        closed = {n: got for n, got in self.hands.items() if isinstance(got, str)}
        yield TooSmall()
        with VerticalScroll(id="scores"):
            yield ScoreTable(
                self.v,
                self.opponent_name,
                id="score-table",
                title=title,
                short_title=short_title,
                ascii_only=gin_of(self.app).ascii_only,
                own_name=self.own_name,
                hand_names=self.hand_names,
                closed=closed,
            )
            if self.hands:
                yield Static(self._pick_line(max(self.hands)), id="scores-pick")
            doubled = self._doubled(self.app.size.width)
            if doubled:
                yield Static(doubled, id="scores-doubled")
            boxes = boxes_note(self.v, self.opponent_name, self.own_name)
            if boxes:
                yield Static(boxes, id="scores-boxes")
            if self.note:
                yield Static(self.note, id="scores-note")
            yield back_line("scores-close")
        yield TableOnlyLine()
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":  # shown while a finished hand has a review
            return any(not isinstance(got, str) for got in self.hands.values())
        if action == "nothing_to_review":  # no hand ended yet: ⏎ and r say there is nothing to review
            return not self.hands
        if action == "no_review":  # none has one (network play): not in the key bar, and ⏎ says why
            return bool(self.hands) and all(isinstance(got, str) for got in self.hands.values())
        return True

    def on_mount(self) -> None:
        for table in self.query(ScoreTable).results(ScoreTable):
            if table.can_focus:
                table.focus()
        self.call_after_refresh(self._show_picked_hand)

    def _show_picked_hand(self) -> None:
        """The hand picked (the last at first) in view: at 80x24 a table of 20 hands
        opened with its last rows below the frame's edge, the last hand among them."""
        for table in self.query(ScoreTable).results(ScoreTable):
            table.show_picked()

    def _pick_line(self, picked: int | None) -> str:
        """What the hand picked offers: "Hand 2: ⏎ or r shows its review; ↑/↓ pick another; a
        click on a row shows that hand's review." (with one hand played, no other to pick:
        "Hand 1: ⏎ or r shows its review; a click on its row shows it too."), or why it has no
        review ("Hand 2: You made no move in this hand: …")."""
        if picked is None:
            return ""
        got = self.hands.get(picked)
        if isinstance(got, str):
            return f"Hand {picked}: {got}"
        if len(self.hands) < 2:
            return self._words(f"Hand {picked}: ⏎ or r shows its review; a click on its row shows it too.")
        # a click on a row opens that hand's review at once (``on_score_table_picked``), as ⏎ does the hand picked
        return self._words(f"Hand {picked}: ⏎ or r shows its review; ↑/↓ pick another; a click on a row shows that hand's review.")

    def on_score_table_moved(self, message: ScoreTable.Moved) -> None:
        """Another hand picked: the line under the table says what it offers."""
        for line in self.query("#scores-pick").results(Static):
            line.update(self._pick_line(message.hand_no))

    def on_score_table_picked(self, message: ScoreTable.Picked) -> None:
        """A click on a hand's row: its review (or why it has none)."""
        self.on_score_table_moved(ScoreTable.Moved(message.hand_no))
        self._review(message.hand_no)

    def on_score_table_none_picked(self, message: ScoreTable.NonePicked) -> None:
        """A click on the table before any hand has ended: why no review opens, as ⏎ says it."""
        self.action_nothing_to_review()

    def action_review(self) -> None:
        """The review of the hand picked, or why it has none."""
        table = self.query(ScoreTable).first(ScoreTable)
        if table.picked is None:
            self.action_nothing_to_review()
            return
        self._review(table.picked)

    def action_nothing_to_review(self) -> None:
        """Enter or r before any hand of the match has ended: why no review opens (they
        said the table's keys do nothing here, though they are the score table's own)."""
        self.query_one(TableOnlyLine).say(self.NOTHING_TO_REVIEW)

    def action_no_review(self) -> None:
        """⏎ or r where no finished hand of the match has a review: why, for the hand picked."""
        self.action_review()

    def _review(self, hand_no: int) -> None:
        from .review_screen import open_past_review

        got = self.hands.get(hand_no)
        if got is None:
            return
        if isinstance(got, str):
            self.query_one(TableOnlyLine).say(f"Hand {hand_no}: {got}")
            return
        open_past_review(self.app, got)

    def _doubled(self, width: int) -> str:
        """Under the table, what a doubled hand's points say, in the form the table gives them
        at ``width`` ("+44 (22×2)"; "+22×2" below 60 columns); "" when no hand was doubled."""
        return self._words(doubled_note(self.v, tiny=width < TINY_WIDTH))

    def on_resize(self, event: events.Resize) -> None:
        """The note on a doubled hand's points follows the form the table takes at the new width."""
        for line in self.query("#scores-doubled").results(Static):
            line.update(self._doubled(event.size.width))
        self.call_after_refresh(self._show_picked_hand)

    def _words(self, text: str) -> str:
        """``text`` as the app draws its signs: in ASCII with ``--ascii`` ("x" for "×")."""
        return ascii_words(text) if gin_of(self.app).ascii_only else text

    def on_suits_changed(self, message: SuitsChanged) -> None:
        """The suit style changed (the settings, opened over the table): the table follows."""
        for table in self.query(ScoreTable).results(ScoreTable):
            table.ascii_only = message.ascii_only
            table.refresh(layout=True)
        note = doubled_note(self.v, tiny=self.app.size.width < TINY_WIDTH)
        for line in self.query("#scores-doubled").results(Static):
            line.update(ascii_words(note) if message.ascii_only else note)
        for table in self.query(ScoreTable).results(ScoreTable):
            for line in self.query("#scores-pick").results(Static):
                line.update(self._pick_line(table.picked))

    async def on_view_changed(self, message: ViewChanged) -> None:
        """The game moved on while the table is open (the other player ended the hand, its
        end waiting behind): the hand's row comes in, the totals follow.  A practice's table
        is the match's, which its moves do not change."""
        if self.note:
            return
        v = gin_of(self.app).session.view()
        if (v.match_no, v.sheet) == (self.v.match_no, self.v.sheet):
            return
        self.v = v
        await self.recompose()
        self.query_one("#scores", VerticalScroll).scroll_end(animate=False)

    def action_close(self) -> None:
        """Back to where the player was."""
        self.dismiss()
