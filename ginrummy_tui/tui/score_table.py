"""The score table: every hand of the match and the running totals (a Rich table)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.table import Table

if TYPE_CHECKING:
    from ginrummy_tui.engine import PlayerView

_KIND = {
    "knock": "knocked",
    "gin": "went gin",
    "big_gin": "went Big Gin",
    "undercut": "undercut",
    "void": "void hand",
    "timeout": "time out",
}


def short_name(name: str) -> str:
    """``"Computer (standard)"`` → ``"Computer"``: for narrow columns."""
    return name.split(" (")[0][:12]


def score_table(v: PlayerView, opponent_name: str) -> Table:
    """One row per finished hand: how it ended, the deadwood, the points, the running totals."""
    me, opp = v.seat, 1 - v.seat
    them = short_name(opponent_name)
    names = {me: "You", opp: them}
    t = Table(
        title=f"Match {v.match_no} · to {v.rules.target} · {v.rules.name} rules", box=box.SIMPLE_HEAD, pad_edge=False
    )
    t.add_column("#", justify="right")
    t.add_column("Ending", no_wrap=True)
    t.add_column("Deadwood\nyou / them", justify="center", no_wrap=True)
    t.add_column("Points", no_wrap=True)
    t.add_column("You", justify="right", style="bold")
    t.add_column(them, justify="right", style="bold")
    for r in v.sheet:
        ending = _KIND.get(r.kind, r.kind)
        if r.kind == "undercut" and r.winner is not None:
            ending = f"{names[r.winner]} undercut"
        elif r.knocker is not None:
            ending = f"{names[r.knocker]} {ending}"
        dw = "—" if r.deadwood is None else f"{r.deadwood[me]} / {r.deadwood[opp]}"
        pts = "—" if r.winner is None or r.points == 0 else f"{names[r.winner]} +{r.points}"
        t.add_row(str(r.hand_no), ending, dw, pts, str(r.scores[me]), str(r.scores[opp]))
    if not v.sheet:
        t.add_row("", "no hand finished yet", "", "", "0", "0")
    if v.totals != v.scores:
        t.add_section()
        t.add_row("", "bonuses", "", "", f"+{v.totals[me] - v.scores[me]}", f"+{v.totals[opp] - v.scores[opp]}")
        t.add_row("", "total", "", "", str(v.totals[me]), str(v.totals[opp]))
    return t
