"""The trend against each opponent level: a line per level with Textual's
Sparkline of your margin over the last matches (oldest first) and how many
you won.  One widget for all the levels: a widget per bar line would cost
more to lay out than the statistics cost to work out."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.renderables.sparkline import Sparkline
from textual.widget import Widget


def trend_summary(results: list[tuple[int, bool]]) -> Text:
    """``won 7 of the last 10 · +23 a match`` for one level's last matches."""
    won = sum(1 for _, w in results if w)
    net = sum(m for m, _ in results) / len(results)
    text = Text(f"won {won} of the last {len(results)}", style="bold" if won * 2 > len(results) else "")
    text.append(f" · {net:+.0f} a match", style="dim")
    return text


class Trend(Widget):
    """For each level (``trend``: level → ``(margin, won)`` of its last
    matches, oldest first), the sparkline of the margins and the summary."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"trend--max-color", "trend--min-color"}
    DEFAULT_CSS = """
    Trend {
        height: auto;
    }
    Trend > .trend--max-color {
        color: $success;
    }
    Trend > .trend--min-color {
        color: $error;
    }
    """

    def __init__(self, trend: dict[str, list[tuple[int, bool]]], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.trend = trend

    def render(self) -> Table:
        _, base = self.background_colors
        low = (base + self.get_component_styles("trend--min-color").color).rich_color
        high = (base + self.get_component_styles("trend--max-color").color).rich_color
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True, min_width=14)
        grid.add_column(no_wrap=True, width=max((len(r) for r in self.trend.values()), default=1))  # a bar a match
        grid.add_column()
        for level, results in sorted(self.trend.items()):
            margins = [float(m) for m, _ in results]
            spark = Sparkline(margins, width=len(margins), min_color=low, max_color=high)
            grid.add_row(f"vs {level}", spark, trend_summary(results))
        return grid
