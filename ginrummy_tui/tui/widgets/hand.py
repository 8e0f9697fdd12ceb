"""The player's hand: cards face up, melds outlined, a movable selection."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..palette import palette_of
from .cardfaces import face_lines

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ginrummy_tui.engine import Card

KEYS = "1234567890-"
"""The number key that picks each position of the hand (the 11th is ``-``)."""
GAP = 1
WIDE_ROW = 11 * (7 + GAP)
"""The columns eleven of the wider cards take (with a gap after each): from this width the
hand's cards are drawn wider, and the table's cards stand in a block this wide, centred in a
wider table (``game_screen.tcss``)."""


class HandView(Widget):
    """The local player's cards.

    It holds only how the cards are shown (their order, the selection); the
    cards themselves come from the player's view through :meth:`set_hand`.
    Clicking a card posts :class:`HandView.CardClicked`; a press on one card and its
    release on another (a drag) posts :class:`HandView.Dragged` instead: the card under
    the release was never clicked (in one-click mode it was thrown).
    """

    DEFAULT_CLASSES = "hand"

    class CardClicked(Message):
        """A card of the hand was clicked."""

        def __init__(self, card: Card, again: bool = False) -> None:
            super().__init__()
            self.card = card
            self.again = again
            """True when the card was already lifted (selected by the player): a second click."""

    ascii_only: reactive[bool] = reactive(False, layout=True)
    """Suits drawn as letters (S H D C) and plain borders; a change redraws the widget."""
    cards: reactive[list[Card]] = reactive(list, layout=True, always_update=True)
    """The cards in the order shown (a new list on every change: the hand is redrawn)."""
    cursor: reactive[int] = reactive(0, always_update=True)
    """Index of the selected card."""
    sort_mode: reactive[str | None] = reactive("suit")
    """``"suit"``, ``"rank"``, or ``None`` once the player moved cards by hand."""

    def __init__(self, *, ascii_only: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(HandView.ascii_only, ascii_only)
        self.melded: frozenset[Card] = frozenset()
        self.drawn: Card | None = None
        self.taken: Card | None = None
        self.show_cursor = True
        self.big = False
        """Big cards (seven cells by five lines), for large terminals."""
        self.chosen = False
        """True once the player moved the selection since the last draw or throw: the selected card is lifted."""
        self.last_sort = "suit"
        """The sort last in use (``"suit"``, ``"rank"``): a hand dealt after the player
        moved cards by hand comes in it, not in the order of the deal."""
        self.one_click = False
        """The fast mouse mode: a click throws the card at once, and the selection follows the mouse.
        Otherwise a click selects (lifts) a card and a second click, or a button, acts on it."""
        self._pressed_on: int | None = None
        """The card (its index; -1 for the gaps between cards) the mouse button went down on,
        till the click it makes: a click is on a card only where it was pressed there too."""

    # -- data

    def set_hand(
        self,
        cards,
        melded,
        drawn: Card | None = None,
        taken: Card | None = None,
        *,
        best: Card | None = None,
        new_deal: bool = False,
    ) -> None:
        """Show these cards: keep the order of the cards still held, place new
        ones.  After a draw, until the player selects a card, the card drawn
        from the stock is selected; the card taken from the discard pile, which
        may not be thrown back, is not: ``best`` is, the throw that leaves the
        least deadwood (the selection stayed where it was, often on a card of
        the meld just made).  ``new_deal``: a hand was just dealt, so the first
        card is selected and nothing is lifted (the last hand's selection says
        nothing of the new cards)."""
        cards = tuple(cards)
        if new_deal:
            self.chosen = False
            self.cursor = 0
            if self.sort_mode is None:  # the order moved by hand was the last hand's
                self.sort_mode = self.last_sort
        old_sel = None if new_deal else self.selected
        order = self._ordered(cards, self.cards)
        self.cards = order
        self.melded = frozenset(melded)
        if drawn is not None and drawn != self.drawn:
            self.chosen = False
        if old_sel is not None and old_sel not in cards:
            self.chosen = False  # the selected card was thrown: nothing is lifted until the player selects again
        self.drawn = drawn
        self.taken = taken
        after_draw = best if drawn is not None and drawn is taken else drawn
        if after_draw is not None and after_draw in order and not self.chosen:
            self.cursor = order.index(after_draw)
        elif old_sel in order:
            self.cursor = order.index(old_sel)
        self.cursor = max(0, min(self.cursor, len(order) - 1))
        self.refresh(layout=True)

    def _ordered(self, cards, own: Sequence[Card]) -> list[Card]:
        """``cards`` in the order of the sort in use; with none, in the player's
        ``own`` order (each card once), the cards not in it at the end."""
        if self.sort_mode is not None:
            return self._sorted(cards)
        kept = [c for c in dict.fromkeys(own) if c in cards]
        return kept + [c for c in cards if c not in kept]

    def _sorted(self, cards) -> list[Card]:
        if self.sort_mode == "rank":
            return sorted(cards, key=lambda c: (c.rank, c.index))
        return sorted(cards, key=lambda c: c.index)

    @property
    def selected(self) -> Card | None:
        """The selected card, if any."""
        if 0 <= self.cursor < len(self.cards):
            return self.cards[self.cursor]
        return None

    def move_cursor(self, step: int) -> None:
        """Select the card ``step`` places to the right (wrapping around)."""
        if self.cards:
            self.chosen = True
            self.cursor = (self.cursor + step) % len(self.cards)
            self.post_message(self.Arranged())

    def select(self, index: int) -> bool:
        """Select the card at ``index``; False if there is none."""
        if 0 <= index < len(self.cards):
            self.chosen = True
            self.cursor = index
            self.post_message(self.Arranged())
            return True
        return False

    def move_card(self, step: int) -> bool:
        """Move the selected card one place left or right; the hand is then in the player's own order.
        False when there is no place there (the first card moved left, the last one right)."""
        i = self.cursor
        j = i + step
        if not self.cards or not 0 <= j < len(self.cards):
            return False
        order = list(self.cards)
        order[i], order[j] = order[j], order[i]
        self.cards = order
        self.cursor = j
        self.sort_mode = None
        self.post_message(self.Arranged())
        return True

    def sort(self, mode: str) -> None:
        """Sort by ``"rank"`` or ``"suit"``."""
        self.order_cards(mode)
        self.post_message(self.Arranged())

    def order_cards(self, mode: str | None, own: Sequence[Card] = ()) -> None:
        """Show the cards sorted by ``mode`` (``"rank"``, ``"suit"``), or with
        ``None`` in the player's ``own`` order; the selected card stays selected."""
        sel = self.selected
        self.sort_mode = mode
        if mode is not None:
            self.last_sort = mode
        self.cards = self._ordered(self.cards, own)
        if sel is not None:
            self.cursor = self.cards.index(sel)

    def select_card(self, card: Card) -> bool:
        """Select ``card`` (not lifted); False if it is not in the hand."""
        if card not in self.cards:
            return False
        self.cursor = self.cards.index(card)
        return True

    # -- layout

    def set_big(self, big: bool) -> None:
        """Draw big cards (or normal ones)."""
        if big != self.big:
            self.big = big
            self.refresh(layout=True)

    @property
    def card_lines(self) -> int:
        """Lines per row of cards: the card and its line of marks (over the first row, under
        the last of two or more)."""
        return 6 if self.big else 4

    def card_width(self, width: int) -> int:
        """Wider cards when all eleven fit comfortably."""
        return 7 if width >= WIDE_ROW else 5

    def per_row(self, width: int) -> int:
        """How many cards fit in one row."""
        w = self.card_width(width)
        return max(1, (width + GAP) // (w + GAP))

    def rows(self, width: int) -> int:
        """How many rows the hand needs (two in a narrow terminal)."""
        n = 11 if self.cards else 1
        per = self.per_row(width)
        return (n + per - 1) // per

    def row_length(self, width: int) -> int:
        """How many cards each row holds as drawn: where the hand takes two rows they are
        balanced (10 cards: 5 and 5; 11: 6 and 5), where at 60 columns nine stood on the
        first row and one alone on the second."""
        per = self.per_row(width)
        n = len(self.cards)
        if n <= per:
            return per
        rows = -(-n // per)
        return -(-n // rows)

    def get_content_height(self, container, viewport, width: int) -> int:
        return self.rows(width) * self.card_lines

    def _index_at(self, x: int, y: int) -> int | None:
        width = self.content_region.width or self.size.width
        w = self.card_width(width)
        per = self.row_length(width)
        row = y // self.card_lines
        col, off = divmod(x, w + GAP)
        if off >= w or col >= per:
            return None
        i = row * per + col
        return i if 0 <= i < len(self.cards) else None

    # -- drawing

    def render(self) -> Group:
        width = self.content_region.width or self.size.width
        w = self.card_width(width)
        per = self.row_length(width)
        no_color = self.app.no_color
        lines: list[Text] = []
        big = self.big and w >= 7
        height = 5 if big else 3
        starts = range(0, len(self.cards), per)
        for start in starts:
            row = self.cards[start : start + per]
            # the marks stand on the hand's outer edge: over the first row, under the last one
            # of two or more, so that the line between two rows holds no mark of either
            under = len(starts) > 1 and start == starts[-1]
            block = [Text() for _ in range(height + 1)]
            for k, card in enumerate(row):
                i = start + k
                sel = self.show_cursor and i == self.cursor
                lifted = sel and self.chosen
                face = face_lines(
                    card,
                    width=w,
                    meld=card in self.melded,
                    selected=sel,
                    key=KEYS[i] if i < len(KEYS) else "",
                    ascii_only=self.ascii_only,
                    height=height,
                    colours=palette_of(self.app),
                )
                # a card sits one line in from the hand's edge, its mark on the edge: over it
                # in the first row, under it in the last of two; the lifted card (the one the
                # player selected) stands out on the edge, its mark on the inner side
                below = lifted != under
                mark = self._mark(card, sel, w, no_color, below)
                column = [*face, mark] if below else [mark, *face]
                for n in range(height + 1):
                    if k:
                        block[n].append(" " * GAP)
                    block[n].append_text(column[n])
            if not big and self.big:
                block += [Text(), Text()]
            lines.extend(block)
        if not self.cards:
            lines.append(Text("(no cards)", style=palette_of(self.app).muted))
        return Group(*lines)

    def _mark(self, card: Card, selected: bool, w: int, no_color: bool, below: bool = False) -> Text:
        """The line over a card (``below``: under it): the selection, its arrows pointing at
        the card, and what is special about the card ("new", "taken")."""
        if selected:
            if below:
                arrow = "^" if self.ascii_only else "▲"
            else:
                arrow = "v" if self.ascii_only else "▼"
            word = arrow * w
            style = Style(color=palette_of(self.app).gold, bold=True)
            if card is self.taken:  # "taken" at every card width (5 and 7): one word for one mark
                word = "taken".center(w, arrow)
            elif card is self.drawn:
                word = "new".center(w, arrow)
            return Text(word, style=style)
        if card is self.taken:
            return Text("taken".center(w), style=Style(italic=True))
        if card is self.drawn:
            return Text("new".center(w), style=Style(italic=True, color=palette_of(self.app).sky))
        return Text(" " * w)

    # -- mouse

    def on_mouse_down(self, event: events.MouseDown) -> None:
        at = self._index_at(event.x, event.y)
        self._pressed_on = -1 if at is None else at

    def on_click(self, event: events.Click) -> None:
        i = self._index_at(event.x, event.y)
        pressed, self._pressed_on = self._pressed_on, None
        if pressed is not None and pressed != (-1 if i is None else i):
            event.stop()  # pressed on one card, let go on another (or between two): no card was clicked
            self.post_message(self.Dragged())
            return
        if i is not None:
            event.stop()
            again = i == self.cursor and self.chosen
            self.cursor = i
            self.chosen = True
            self.post_message(self.CardClicked(self.cards[i], again))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if not self.one_click:
            return  # the selection stays where the player put it; the mouse may cross other cards
        i = self._index_at(event.x, event.y)
        if i is not None and i != self.cursor:
            self.chosen = True
            self.cursor = i
            self.post_message(self.Hovered())
            self.post_message(self.Arranged())

    class Dragged(Message):
        """The mouse button went down on one card and up on another: nothing is played."""

    class Hovered(Message):
        """The mouse moved the selection."""

    class Arranged(Message):
        """The player sorted or moved cards, or moved the selection (the app keeps it with the save)."""
