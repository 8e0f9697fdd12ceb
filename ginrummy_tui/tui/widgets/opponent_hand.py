"""The other player's hand: face down, with its count and the cards known to be in it."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..palette import DEFAULT, Palette, palette_of
from .cardfaces import ascii_text, card_styles, cards_text


class OpponentHand(Widget):
    """Face-down cards (overlapping), the player's name and card count."""

    ascii_only: reactive[bool] = reactive(False, layout=True)
    """Suits drawn as letters (S H D C) and plain borders; a change redraws the widget."""

    def __init__(self, *, ascii_only: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(OpponentHand.ascii_only, ascii_only)
        self.name_text = "Computer"
        self.count = 10
        self.known: tuple = ()
        self.to_move = False

    def set_state(self, name: str, count: int, known=(), to_move: bool = False) -> None:
        """Show ``count`` cards for ``name``; ``known`` are cards it is known to hold."""
        self.name_text, self.count, self.known, self.to_move = name, count, tuple(known), to_move
        self.refresh()

    def render(self) -> Group:
        head = Text()
        head.append(self.name_text, style="bold")
        head.append(f" · {self.count} card{'s' if self.count != 1 else ''}")
        if self.known:
            head.append(" · holds ")
            head.append_text(cards_text(self.known, self.ascii_only, colours=palette_of(self.app)))
            head.append(" (picked up)")
        if self.to_move:
            head.append("  ◀ to move" if not self.ascii_only else "  < to move", style=f"bold {palette_of(self.app).gold}")
        if self.ascii_only:  # "Computer - 10 cards"
            head = ascii_text(head)
        return Group(head, *back_row(self.count, self.ascii_only, palette_of(self.app)))


def back_row(count: int, ascii_only: bool = False, colours: Palette = DEFAULT) -> list[Text]:
    """``count`` face-down cards side by side, overlapping: three lines."""
    styles = card_styles(colours)
    if count == 0:
        return [Text(), Text(), Text()]
    if ascii_only:
        top, mid, bot, fill = "+-" * count + "+", "|#" * count + "|", "+-" * count + "+", "#"
    else:
        top = "┌" + "┬".join("─" * count) + "┐"
        mid, fill = "│" + "│".join("▒" * count) + "│", "▒"
        bot = "└" + "┴".join("─" * count) + "┘"
    m = Text()
    for ch in mid:
        m.append(ch, style=styles.back if ch == fill else styles.plain_border)
    return [Text(top, style=styles.plain_border), m, Text(bot, style=styles.plain_border)]
