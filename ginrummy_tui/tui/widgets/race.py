"""The race of the two scores, hand by hand: after each hand a pair of bars,
yours and your opponent's running score, up to the target (the top line)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ..palette import DEFAULT, Palette, palette_of
from .score_table import short_name

if TYPE_CHECKING:
    from ginrummy_tui.engine import PlayerView

BLOCKS = " ▁▂▃▄▅▆▇█"
"""A cell of a bar, by how many of its eight steps it fills (either player's: the colour tells them apart)."""
ASCII_BARS = ("#", "=")
"""With --ascii, each player's own sign (the player's, the other's), the
legend's: a cell partly filled shows it as a full one does."""


def race_chart(
    v: PlayerView,
    opponent_name: str,
    height: int = 5,
    ascii_only: bool = False,
    colours: Palette = DEFAULT,
    own_name: str = "You",
    monochrome: bool = False,
) -> Text:
    """The chart as text: ``height`` rows of bars, then the hand numbers and
    who is who (the left bar of each pair is the player's, the right one the
    other's), each name as the score table's columns say it (a long one cut
    with "…", so that the legend keeps to one line down to 46 columns).  The top row is the target (or the highest score, if higher); its scale
    and the hand numbers in ``colours``' quieter text.  Where nobody has scored (a match
    lost on time at its first move), a line saying so: the chart was its scale and an
    axis with no bar, under "The race", above the score table.  ``monochrome`` (NO_COLOR):
    both players' bars in the text's own colour, the player's bold, told apart by their side
    and the legend: the other's red, made a grey by the terminal's lack of colour, was grey
    237 on the felt's 236, no bar to be seen."""
    me, opp = v.seat, 1 - v.seat
    scores = [(r.scores[me], r.scores[opp]) for r in v.sheet]
    if not any(any(pair) for pair in scores):
        return Text("No points were scored.", style=colours.muted)
    top = max([v.rules.target, *(max(s) for s in scores)] if scores else [v.rules.target])
    steps = height * 8
    label_w = len(str(top)) + 1
    styles = ("bold", "") if monochrome else ("green bold", "#ff5f5f")
    out = Text(no_wrap=True, overflow="crop")
    for row in range(height - 1, -1, -1):
        label = str(top) if row == height - 1 else "0" if row == 0 else ""
        out.append(label.rjust(label_w - 1) + ("|" if ascii_only else "│"), style=colours.muted)
        for pair in scores:
            for who, score in enumerate(pair):
                level = round(score / top * steps) if top else 0
                if score > 0:
                    level = max(level, 1)  # a few points still show
                out.append(bar_cell(max(0, min(8, level - row * 8)), who, ascii_only), style=styles[who])
            out.append(" ")
        out.append("\n")
    out.append(" " * (label_w - 1) + ("+" if ascii_only else "└"), style=colours.muted)
    out.append("".join(f"{r.hand_no:<3}" for r in v.sheet), style=colours.muted)
    out.append("  hand\n", style=colours.muted)
    # who is who, in colour and (for a screen without colour) by the side of each pair
    out.append(" " * label_w)
    out.append(bar_cell(8, 0, ascii_only) + " ", style=styles[0])
    out.append(f"{short_name(own_name, ascii_only=ascii_only)} (left)  ")
    out.append(bar_cell(8, 1, ascii_only) + " ", style=styles[1])
    out.append(f"{short_name(opponent_name, ascii_only=ascii_only)} (right)")
    return out


def bar_cell(filled: int, who: int, ascii_only: bool) -> str:
    """A cell of a bar ``filled`` eighths full (0 to 8), of the player (``who`` 0)
    or of the other (1); with ``ascii_only`` that player's sign, part full or full."""
    if not ascii_only:
        return BLOCKS[filled]
    return ASCII_BARS[who] if filled else " "


class Race(Widget):
    """The race chart of a finished (or running) match, ``rows`` rows of bars high
    (styled in ``race.tcss`` beside it, which the app loads)."""

    rows: reactive[int] = reactive(5, layout=True)
    """The rows of bars (fewer on a short screen)."""

    def __init__(
        self, v: PlayerView, opponent_name: str, *, ascii_only: bool = False, id: str | None = None, own_name: str = "You"
    ) -> None:
        super().__init__(id=id)
        self.v = v
        self.opponent_name = opponent_name
        self.own_name = own_name
        self.ascii_only = ascii_only

    @property
    def content_width(self) -> int:
        """The width of the chart, in cells."""
        return max(cell_len(line) for line in self.render().plain.splitlines())

    @property
    def content_height(self) -> int:
        """The height of the chart, in rows: its bars, the hands under them and the legend."""
        return len(self.render().plain.splitlines())

    def render(self) -> Text:
        return race_chart(
            self.v, self.opponent_name, self.rows, ascii_only=self.ascii_only, colours=palette_of(self.app),
            own_name=self.own_name, monochrome=self.app.no_color,
        )
