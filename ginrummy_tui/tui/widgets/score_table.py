"""The score table: every hand of the match and the running totals (a Rich
table, and :class:`ScoreTable`, the widget that shows it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.table import Table
from textual.widget import Widget

from ginrummy_tui.engine.kinds import EndKind

from .too_small import NORMAL_WIDTH

if TYPE_CHECKING:
    from ginrummy_tui.engine import PlayerView

_KIND = {
    EndKind.KNOCK: "knocked",
    EndKind.GIN: "went gin",
    EndKind.BIG_GIN: "went Big Gin",
    EndKind.UNDERCUT: "undercut",
    EndKind.VOID: "void hand",
    EndKind.TIMEOUT: "time out",
}


def short_name(name: str) -> str:
    """``"Computer (standard)"`` → ``"Computer"``: for narrow columns."""
    return name.split(" (")[0][:12]


def score_table(v: PlayerView, opponent_name: str, compact: bool = False, number: int | None = None) -> Table:
    """One row per finished hand: how it ended, the deadwood, the points, the
    running totals.  ``compact`` (for narrow terminals) leaves the winner's
    name out of the points: the ending already says who scored.  ``number`` is
    the match's number among all the player's matches (else the state's own)."""
    me, opp = v.seat, 1 - v.seat
    them = short_name(opponent_name)
    names = {me: "You", opp: them}
    t = Table(
        title=f"Match {number or v.match_no} · to {v.rules.target} · {v.rules.name} rules",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        show_edge=not compact,
        collapse_padding=compact,
    )
    # In a narrow terminal the endings and points wrap; the hand numbers, the
    # deadwood and the running totals never shrink away.
    t.add_column("#", justify="right", no_wrap=True)
    t.add_column("Ending")
    t.add_column("Deadwood\nyou / them", justify="center", no_wrap=True)
    t.add_column("Points")
    t.add_column("You", justify="right", style="bold", no_wrap=True)
    t.add_column(them, justify="right", style="bold", no_wrap=True, min_width=len(them))
    for r in v.sheet:
        ending = _KIND.get(r.kind, r.kind)
        if r.kind == EndKind.UNDERCUT and r.winner is not None:
            ending = f"{names[r.winner]} undercut"
        elif r.knocker is not None:
            ending = f"{names[r.knocker]} {ending}"
        dw = "—" if r.deadwood is None else f"{r.deadwood[me]} / {r.deadwood[opp]}"
        if r.winner is None or r.points == 0:
            pts = "—"
        else:
            pts = f"+{r.points}" if compact else f"{names[r.winner]} +{r.points}"
        t.add_row(str(r.hand_no), ending, dw, pts, str(r.scores[me]), str(r.scores[opp]))
    if not v.sheet:
        t.add_row("", "no hand finished yet", "", "", "0", "0")
    if v.totals != v.scores:
        t.add_section()
        t.add_row("", "bonuses", "", "", f"+{v.totals[me] - v.scores[me]}", f"+{v.totals[opp] - v.scores[opp]}")
        t.add_row("", "total", "", "", str(v.totals[me]), str(v.totals[opp]))
    return t


class ScoreTable(Widget):
    """The score table of a view, compact (points without the name) when the terminal is narrow."""

    DEFAULT_CSS = """
    ScoreTable {
        height: auto;
    }
    """

    def __init__(self, v: PlayerView, opponent_name: str, *, id: str | None = None, number: int | None = None) -> None:
        super().__init__(id=id)
        self.v = v
        self.opponent_name = opponent_name
        self.number = number

    def render(self) -> Table:
        return score_table(self.v, self.opponent_name, compact=self.app.size.width < NORMAL_WIDTH, number=self.number)
