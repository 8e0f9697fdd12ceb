"""The trend against each opponent level: a line per level with Textual's
Sparkline of your margin over the last matches (oldest first) and how many
you won; with ASCII suits, bars of ASCII signs, lowest to highest
:data:`ASCII_LEVELS`.  One widget for all the levels: a widget per bar line would cost
more to lay out than the statistics cost to work out."""

from __future__ import annotations

from typing import ClassVar

from rich.color import Color
from rich.style import Style, StyleType
from rich.table import Table
from rich.text import Text
from textual.renderables.sparkline import Sparkline
from textual.widget import Widget

ASCII_LEVELS = "_.-=#"
"""The bars of the trend with ASCII suits, from the lowest margin to the highest."""


def trend_summary(results: list[tuple[int, bool]], ascii_only: bool = False, muted: StyleType = "dim") -> Text:
    """``won 7 of the last 10 · +23 a match`` for one level's last matches
    (``won 7 of the last 10, +23 a match`` with ``ascii_only``), the margin in ``muted``."""
    won = sum(1 for _, w in results if w)
    net = sum(m for m, _ in results) / len(results)
    text = Text(f"won {won} of the last {len(results)}", style="bold" if won * 2 > len(results) else "")
    # with ASCII suits a comma: "-" for "·" before a signed figure read "- -6 a match"
    text.append(f", {net:+.0f} a match" if ascii_only else f" · {net:+.0f} a match", style=muted)
    return text


def ascii_bars(margins: list[float], low: Color, high: Color) -> Text:
    """The margins as ASCII signs, one a match, scaled from the lowest to the
    highest (:data:`ASCII_LEVELS`), in the colour of a win or a loss."""
    least, most = min(margins), max(margins)
    span = most - least
    top = len(ASCII_LEVELS) - 1
    bars = Text()
    for m in margins:
        step = top if span == 0 else round((m - least) / span * top)
        bars.append(ASCII_LEVELS[step], style=Style(color=high if m > 0 else low))
    return bars


class Trend(Widget):
    """For each level (``trend``: level → ``(margin, won)`` of its last
    matches, oldest first), the sparkline of the margins and the summary (its colours,
    ``COMPONENT_CLASSES``, in ``trend.tcss`` beside it, which the app loads)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"trend--max-color", "trend--min-color", "trend--muted"}

    def __init__(
        self, trend: dict[str, list[tuple[int, bool]]], *, ascii_only: bool = False, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.trend = trend
        self.ascii_only = ascii_only

    def render(self) -> Table:
        _, base = self.background_colors
        low = (base + self.get_component_styles("trend--min-color").color).rich_color
        high = (base + self.get_component_styles("trend--max-color").color).rich_color
        muted = Style(color=self.get_component_rich_style("trend--muted").color)
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True, min_width=14)
        grid.add_column(no_wrap=True, width=max((len(r) for r in self.trend.values()), default=1))  # a bar a match
        grid.add_column()
        for level, results in sorted(self.trend.items()):
            margins = [float(m) for m, _ in results]
            if self.ascii_only:
                grid.add_row(f"vs {level}", ascii_bars(margins, low, high), trend_summary(results, True, muted))
                continue
            spark = Sparkline(margins, width=len(margins), min_color=low, max_color=high)
            grid.add_row(f"vs {level}", spark, trend_summary(results, muted=muted))
        return grid
