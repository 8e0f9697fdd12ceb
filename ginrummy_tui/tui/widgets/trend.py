"""The trend against each opponent level: a line per level with a bar a match
of your margin over the last matches (oldest first), block signs lowest to
highest (:data:`BAR_LEVELS`; with ASCII suits, :data:`ASCII_LEVELS`), and
how many you won.  The bars are measured from a margin of 0 (:func:`bars`): a
lone match, or matches all alike, drew a full bar, a loss by 32 as a win by
106.  One widget for all the levels: a widget per bar line would cost more to
lay out than the statistics cost to work out."""

from __future__ import annotations

from typing import ClassVar

from rich.color import Color
from rich.style import Style, StyleType
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

BAR_LEVELS = "▁▂▃▄▅▆▇█"
"""The bars of the trend, from the lowest margin to the highest."""
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


def bars(margins: list[float], low: Color, high: Color, levels: str = BAR_LEVELS) -> Text:
    """The margins as signs of ``levels``, one a match, scaled from the lowest to the highest
    with 0 among them (a loss is never drawn above an even match, nor a lone loss as a full
    bar), in the colour of a win (``high``) or not (``low``)."""
    least, most = min(*margins, 0.0), max(*margins, 0.0)
    span = most - least
    top = len(levels) - 1
    out = Text()
    for m in margins:
        step = 0 if span == 0 else round((m - least) / span * top)
        out.append(levels[step], style=Style(color=high if m > 0 else low))
    return out


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
            signs = ASCII_LEVELS if self.ascii_only else BAR_LEVELS
            grid.add_row(f"vs {level}", bars(margins, low, high, signs), trend_summary(results, self.ascii_only, muted))
        return grid
