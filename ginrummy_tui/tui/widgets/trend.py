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


SUMMARY_FORMS = 4
"""How many forms :func:`trend_summary` has, the longest first."""


def trend_summary(
    results: list[tuple[int, bool]], ascii_only: bool = False, muted: StyleType = "dim", form: int = 0
) -> Text:
    """``won 7 of the last 10 · +23 a match`` for one level's last matches
    (``won 7 of the last 10, +23 a match`` with ``ascii_only``), the margin in ``muted``;
    shorter by ``form`` (1 to 3): ``won 7 of 10 · +23 a match``, ``won 7 of 10 · +23``,
    ``7 of 10 · +23``."""
    won = sum(1 for _, w in results if w)
    net = sum(m for m, _ in results) / len(results)
    count = f"won {won} of the last {len(results)}" if form == 0 else f"won {won} of {len(results)}"
    if form >= 3:
        count = f"{won} of {len(results)}"
    text = Text(count, style="bold" if won * 2 > len(results) else "")
    # with ASCII suits a comma: "-" for "·" before a signed figure read "- -6 a match"
    margin = f"{net:+.0f} a match" if form < 2 else f"{net:+.0f}"
    text.append(f", {margin}" if ascii_only else f" · {margin}", style=muted)
    return text


def trend_layout(trend: dict[str, list[tuple[int, bool]]], width: int | None, ascii_only: bool = False) -> tuple[int, int]:
    """The summary's form and how many of each level's last matches get a bar, for its
    lines to fit ``width`` columns (None: no limit): the longest summary first, then shorter
    ones, then fewer bars (the newest kept). At 80 columns the lines of 30 matches were
    each broken in two, the newest bars cut off for an ellipsis."""
    most = max((len(r) for r in trend.values()), default=1)
    if width is None or not trend:
        return 0, most
    label = max(14, *(len(f"vs {level}") for level in trend))

    def summary(form: int) -> int:
        return max(len(trend_summary(r, ascii_only, form=form)) for r in trend.values())

    for form in range(SUMMARY_FORMS):
        if label + 1 + most + 1 + summary(form) <= width:
            return form, most
    form = SUMMARY_FORMS - 1
    return form, max(1, width - label - 2 - summary(form))


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
        width = self.size.width - 1 if self.size.width else None  # a blank column kept before the scroll bar
        form, shown = trend_layout(self.trend, width, self.ascii_only)
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True, min_width=14)
        most = max((len(r) for r in self.trend.values()), default=1)
        grid.add_column(no_wrap=True, width=min(most, shown))  # a bar a match
        grid.add_column(no_wrap=True)
        for level, results in sorted(self.trend.items()):
            margins = [float(m) for m, _ in results][-shown:]
            signs = ASCII_LEVELS if self.ascii_only else BAR_LEVELS
            grid.add_row(f"vs {level}", bars(margins, low, high, signs), trend_summary(results, self.ascii_only, muted, form))
        return grid
