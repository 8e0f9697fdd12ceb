"""The other player's hand: face down, with its count and the cards known to be in it."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..palette import DEFAULT, Palette, palette_of
from .cardfaces import ascii_text, card_styles, cards_text
from .score_table import short_name


class OpponentHand(Widget):
    """Face-down cards (overlapping), the player's name and card count.  A click on them
    (on their name line or their backs, not the blank beside them) posts :class:`OpponentHand.Clicked`."""

    class Clicked(Message):
        """The other player's cards were clicked."""

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
        colours = palette_of(self.app)
        head = head_line(
            self.name_text, self.count, self.known, self.to_move, self.content_size.width, self.ascii_only, colours
        )
        rows = self.content_size.height - 1  # fewer than three where the table needs the room
        return Group(head, *back_row(self.count, self.ascii_only, colours, rows=min(3, max(0, rows))))

    def on_click(self, event: events.Click) -> None:
        colours = palette_of(self.app)
        width = self.content_size.width
        head = head_line(self.name_text, self.count, self.known, self.to_move, width, self.ascii_only, colours)
        rows = back_row(self.count, self.ascii_only, colours, rows=min(3, max(0, self.content_size.height - 1)))
        lines = [head, *rows]
        if 0 <= event.y < len(lines) and 0 <= event.x < lines[event.y].cell_len:
            event.stop()
            self.post_message(self.Clicked())


def head_line(
    name: str,
    count: int,
    known: tuple = (),
    to_move: bool = False,
    width: int = 0,
    ascii_only: bool = False,
    colours: Palette = DEFAULT,
) -> Text:
    """The line over the card backs ("Computer · 11 cards · holds J♦ 8♦ (picked up)  ◀ to move"),
    made to fit ``width`` cells (0: no limit) on one line: first without "(picked up)",
    then with the name as the score table's column says it (a long one cut with "…":
    "Zoë 李小龍…"), then with "◀" alone for "◀ to move", then with the last cards held
    left out ("…"), and at last cut short."""
    short = short_name(name, ascii_only=ascii_only)

    def line(shown: int, picked_up: bool, to_move_words: bool, shortened: bool = False) -> Text:
        head = Text(no_wrap=True, overflow="ellipsis")
        head.append(short if shortened else name, style="bold")
        head.append(f" · {count} card{'s' if count != 1 else ''}")
        if known:
            head.append(" · holds ")
            head.append_text(cards_text(known[:shown], ascii_only, colours=colours))
            if shown < len(known):
                head.append(" …" if shown else "…")
            if picked_up:
                head.append(" (picked up)")
        if to_move:
            arrow = "<" if ascii_only else "◀"
            head.append(f"  {arrow} to move" if to_move_words else f"  {arrow}", style=f"bold {colours.gold}")
        return ascii_text(head) if ascii_only else head  # "Computer - 10 cards"

    whole = line(len(known), True, True)
    if width <= 0 or whole.cell_len <= width:
        return whole
    # the shorter forms, each made only if the one before did not fit
    forms = (
        (len(known), False, True, False),
        *(((len(known), False, True, True),) if short != name else ()),
        *((shown, False, False, short != name) for shown in range(len(known), -1, -1)),
    )
    head = whole
    for form in forms:
        head = line(*form)
        if head.cell_len <= width:
            return head
    ellipsis = "..." if ascii_only else "…"
    head.truncate(max(0, width - len(ellipsis)), overflow="crop")
    head.append(ellipsis[:width])
    return head


def back_row(count: int, ascii_only: bool = False, colours: Palette = DEFAULT, rows: int = 3) -> list[Text]:
    """``count`` face-down cards side by side, overlapping, on ``rows`` lines: three, each
    card whole; where the table needs the room, two, each card squashed to its corners and
    its fill ("┌▒┬▒┐" over "└▒┴▒┘"), or one, each card a bracketed fill ("[▒][▒]"); none
    for 0.  (Two and one were the middle and bottom of the three, or the middle alone:
    cards with no top edge.)"""
    styles = card_styles(colours)
    if count == 0 or rows <= 0:
        return [Text() for _ in range(max(0, rows))]
    fill = "#" if ascii_only else "▒"
    if rows == 1:
        line = Text()
        for _ in range(count):
            line.append("[", style=styles.plain_border)
            line.append(fill, style=styles.back)
            line.append("]", style=styles.plain_border)
        return [line]
    # the fill where the edges' dashes would be on two rows: each card's corners and its fill
    edge = fill if rows == 2 else "-" if ascii_only else "─"
    if ascii_only:
        top, mid, bot = f"+{edge}" * count + "+", "|#" * count + "|", f"+{edge}" * count + "+"
    else:
        top = "┌" + "┬".join(edge * count) + "┐"
        mid = "│" + "│".join("▒" * count) + "│"
        bot = "└" + "┴".join(edge * count) + "┘"
    lines = (top, bot) if rows == 2 else (top, mid, bot)
    out = []
    for text in lines:
        styled = Text()
        for ch in text:
            styled.append(ch, style=styles.back if ch == fill else styles.plain_border)
        out.append(styled)
    return out
