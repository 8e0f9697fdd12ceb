"""The score table: every hand of the match and the running totals (a Rich
table, and :class:`ScoreTable`, the widget that shows it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.binding import Binding
from textual.containers import ScrollableContainer
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from ginrummy_tui.engine.kinds import EndKind, Phase
from ginrummy_tui.engine.rules import rules_label
from ginrummy_tui.engine.words import counted

from .cardfaces import ascii_words
from .too_small import NORMAL_WIDTH

TINY_WIDTH = 60
"""Below this many columns the score table says "You"/"Them" and each ending in a word."""

ASCII_SIMPLE_HEAD = box.Box(
    "    \n"
    "    \n"
    " -- \n"
    "    \n"
    "    \n"
    "    \n"
    "    \n"
    "    \n",
    ascii=True,
)
"""Rich's ``SIMPLE_HEAD`` (a line under the headings alone) in ASCII, for ``--ascii``."""

if TYPE_CHECKING:
    from collections.abc import Collection, Sequence

    from textual import events

    from ginrummy_tui.engine import PlayerView, Rules
    from ginrummy_tui.engine.state import HandRecord

_KIND = {
    EndKind.KNOCK: "knocked",
    EndKind.GIN: "went gin",
    EndKind.BIG_GIN: "went Big Gin",
    EndKind.UNDERCUT: "undercut",
    EndKind.VOID: "void hand",
    EndKind.TIMEOUT: "ran out of time",
}
"""The endings, after the name of who knocked (of who undercut; of who ran out of time)."""


_SHORT_KIND = {
    EndKind.KNOCK: "knock",
    EndKind.GIN: "gin",
    EndKind.BIG_GIN: "Big Gin",
    EndKind.UNDERCUT: "undercut",
    EndKind.VOID: "void hand",
    EndKind.TIMEOUT: "time out",
}
"""The endings in a narrow terminal, after "You:" or "Them:" (no longer than "Them: undercut")."""


NAME_CELLS = 12
"""The most columns a name takes in the score table: a longer one is cut, ending with "…"."""


def cut_name(name: str, cells: int, *, ascii_only: bool = False) -> str:
    """``name`` in at most ``cells`` columns (a double-width character takes two): whole
    where it fits, else cut, ending with "…" ("..." with ``ascii_only``): "Zoë 李小龍…"."""
    if cell_len(name) <= cells:
        return name
    mark = "..." if ascii_only else "…"
    return set_cell_size(name, max(0, cells - len(mark))).rstrip() + mark


def short_name(name: str, *, ascii_only: bool = False) -> str:
    """``"Computer (standard)"`` → ``"Computer"``: for narrow columns; a name wider than
    :data:`NAME_CELLS` columns cut to them (:func:`cut_name`), as the table and the
    other screens show a long name cut: "Zoë 李小龍…"."""
    return cut_name(name.split(" (")[0], NAME_CELLS, ascii_only=ascii_only)


def score_table(
    v: PlayerView,
    opponent_name: str,
    compact: bool = False,
    title: str | None = None,
    *,
    tiny: bool = False,
    ascii_only: bool = False,
    short_rules: bool = False,
    own_name: str = "You",
    hand_names: Sequence[tuple[str, str]] | None = None,
    picked: int | None = None,
    closed: Collection[int] | None = None,
) -> Table:
    """One row per finished hand: how it ended, the deadwood, the points (with
    "(22×2)" after those an Oklahoma spade doubled: "+44 (22×2)"; "+22×2" where the
    table is ``tiny``, whose points' column is narrow), the running totals.
    ``compact`` (for narrow terminals) leaves the winner's
    name out of the points: the ending already says who scored; ``tiny`` (below
    60 columns) also says "You" and "Them", with the ending in a word, so that
    a hand is one line down to 46 columns.  ``title`` is
    what the match is called ("Match 2", its number among all the player's matches;
    else the state's own number);
    with ``ascii_only`` the table is in ASCII alone ("22x2", "-"); with
    ``short_rules`` the title says only how many options were changed ("classic
    rules (changed)", "classic rules (3 changes)"), not which; ``own_name``: the player's
    seat as it is said ("You"; in network play, "Bob" or "Bob/You" for the hands another
    played at this seat before this player took it); ``hand_names``: who played each hand
    (this seat's player, the other), named so in its row's ending and points ("You knocked"
    where the columns say "Bob/You").  ``closed`` (the hands that cannot be reviewed, by
    number) makes the rows pickable: each row's style carries its hand's number (``"hand"``
    in its meta, where a click finds it), the row of hand ``picked`` is drawn reversed and
    those of ``closed`` in italics (dimmed, they were 3.6:1 in ansi-dark)."""
    say = ascii_words if ascii_only else str
    me, opp = v.seat, 1 - v.seat
    them = "Them" if tiny else short_name(opponent_name, ascii_only=ascii_only)
    ours = short_name(own_name, ascii_only=ascii_only)
    names = {me: ours, opp: them}
    t = Table(
        title=say(f"{title or f'Match {v.match_no}'} · to {v.rules.target} · {rules_label(v.rules, 'rules', short=short_rules, target=False)}"),
        box=ASCII_SIMPLE_HEAD if ascii_only else box.SIMPLE_HEAD,
        pad_edge=False,
        show_edge=not compact,
        collapse_padding=compact,
        padding=(0, 0) if tiny else (0, 1),  # one space between columns: "Them: undercut" stays whole at 46
    )
    # In a narrow terminal the endings and points wrap; the hand numbers, the
    # deadwood and the running totals never shrink away.
    t.add_column("#", justify="right", no_wrap=True)
    t.add_column("Ending")
    gap = "/" if tiny else " / "
    # the player's deadwood is headed as their points' column is, where another played hands at this seat
    head, deadwood = _deadwood_column(v, gap, "you" if ours == "You" else ours)
    t.add_column(f"Deadwood\n{head}", justify="right", no_wrap=True)
    t.add_column("Points")
    t.add_column(ours, justify="right", style="bold", no_wrap=True, min_width=cell_len(ours))
    t.add_column(them, justify="right", style="bold", no_wrap=True, min_width=cell_len(them))
    for i, r in enumerate(v.sheet):
        who = _whose_ending(r)
        if hand_names is not None and i < len(hand_names):
            played_here, played_there = hand_names[i]
            names = {me: short_name(played_here, ascii_only=ascii_only),
                     opp: "Them" if tiny else short_name(played_there, ascii_only=ascii_only)}
        if tiny:  # "Computer knocked" would wrap onto two lines there, "You went gin" too
            ending = "tie" if r.tie else _SHORT_KIND.get(r.kind, r.kind)
            if who is not None:
                ending = f"{names[me] if who == me else 'Them'}: {ending}"
        else:
            ending = _KIND.get(r.kind, r.kind)
            if who is not None:
                ending = f"{names[who]} {ending}"
            if r.tie:  # nobody won it: the points' dash is no void hand
                ending += ", a tie"
        dw = deadwood[r.hand_no]
        if r.winner is None or r.points == 0:
            pts = "—"
        else:
            pts = f"+{r.points}" if compact else f"{names[r.winner]} +{r.points}"
            times = _multiplier(r, v.rules)
            if times != 1 and tiny:  # "+22×2": "+44 (22×2)" widened the column, and a hand took two lines at 46
                pts = f"+{r.points // times}×{times}"
            elif times != 1:  # "+44 (22×2)": the doubling is in the points already
                pts += f" ({r.points // times}×{times})"
        row_style = None
        if closed is not None:
            row_style = Style(
                reverse=r.hand_no == picked, italic=r.hand_no in closed, meta={"hand": r.hand_no}
            )
        t.add_row(str(r.hand_no), ending, say(dw), say(pts), str(r.scores[me]), str(r.scores[opp]), style=row_style)
    if not v.sheet:
        t.add_row("", "no hand yet" if tiny else "no hand finished yet", "", "", "0", "0")
    if v.totals != v.scores:
        t.add_section()
        for words, (mine, theirs) in _bonus_rows(v):
            t.add_row("", words, "", "", f"+{mine}", f"+{theirs}")
        t.add_row("", "total", "", "", str(v.totals[me]), str(v.totals[opp]))
    return t


def _bonus_rows(v: PlayerView) -> list[tuple[str, tuple[int, int]]]:
    """The rows of a finished match's bonuses, the player's first: "box bonuses"
    (one for each hand won) and "game bonus" ("game bonus (shutout)", doubled,
    where the loser scored nothing), each where a player has it;
    "bonuses" together where the two cannot be told apart."""
    from ginrummy_tui.engine.state import bonus_parts, is_shutout

    me, opp = v.seat, 1 - v.seat
    parts = bonus_parts(v.rules, ((r.kind, r.winner) for r in v.sheet), v.scores, v.totals)
    if parts is None:
        return [("bonuses", (v.totals[me] - v.scores[me], v.totals[opp] - v.scores[opp]))]
    boxes, game = parts
    shutout = is_shutout(v.rules, v.scores, v.winner)  # the loser scored nothing: doubled
    rows = [("box bonuses", (boxes[me], boxes[opp])),
            ("game bonus (shutout)" if shutout else "game bonus", (game[me], game[opp]))]
    return [(words, pair) for words, pair in rows if any(pair)]


def doubled_note(v: PlayerView, *, tiny: bool = False) -> str:
    """Under the table, what a doubled hand's points say ("+44 (22×2)"; "+22×2" in a
    ``tiny`` table, below :data:`TINY_WIDTH` columns), with the figures of the first
    such hand; "" when no hand of the match was doubled."""
    for r in v.sheet:
        times = _multiplier(r, v.rules) if r.winner is not None and r.points else 1
        if times != 1:
            base = r.points // times
            doubled = "doubled" if times == 2 else f"multiplied by {times}"
            said = f"+{base}×{times}" if tiny else f"({base}×{times})"
            return f"{said}: a spade upcard {doubled} the hand's points, {base} × {times} = {r.points} counted."
    return ""


def boxes_note(v: PlayerView, opponent_name: str, own_name: str = "You") -> str:
    """Under the table of a match not over yet whose rules give a box bonus for
    each hand won: the boxes so far, which the table's rows do not add up until
    the match's end ("Box bonuses so far: You 60 (3 hands won), Computer 20 (1),
    added at the end of the match."); "" otherwise."""
    from ginrummy_tui.engine.state import box_bonuses

    if not v.rules.box_bonus or v.phase == Phase.MATCH_OVER:
        return ""
    boxes = box_bonuses(v.rules, ((r.kind, r.winner) for r in v.sheet))
    me, opp = v.seat, 1 - v.seat
    if not any(boxes):
        return ""
    mine, theirs = (boxes[seat] // v.rules.box_bonus for seat in (me, opp))
    return (
        f"Box bonuses so far: {short_name(own_name)} {boxes[me]} ({counted(mine, 'hand')} won), {short_name(opponent_name)} {boxes[opp]} ({theirs}), "
        "added at the end of the match."
    )


def _multiplier(r: HandRecord, rules: Rules) -> int:
    """What the points of row ``r`` were multiplied by (2: an Oklahoma spade
    upcard doubled the hand); 1 when its record does not tell."""
    from ginrummy_tui.engine.scoring import multiplier_of

    if r.knocker is None or r.deadwood is None:
        return 1
    knocker, defender = r.deadwood[r.knocker], r.deadwood[1 - r.knocker]
    return multiplier_of(r.kind, rules, knocker, defender, r.points) or 1


def _whose_ending(r: HandRecord) -> int | None:
    """The seat the ending of row ``r`` is told of: who knocked, who undercut,
    who ran out of time (None for a void hand)."""
    if r.kind == EndKind.UNDERCUT:
        return r.winner
    if r.kind == EndKind.TIMEOUT:
        return None if r.winner is None else 1 - r.winner
    return r.knocker


def _deadwood_column(v: PlayerView, gap: str, ours: str = "you") -> tuple[str, dict[int, str]]:
    """The deadwood column's second heading ("you / them"; ``ours``: this seat's players
    as the points' column names them, "Bob/You / them") and each hand's cell (by hand
    number), the player's deadwood right-aligned under ``ours`` and the
    other's under "them" (a void hand: a dash in the middle)."""
    me, opp = v.seat, 1 - v.seat
    counted = [r.deadwood for r in v.sheet if r.deadwood is not None]
    mine = max([len(ours), *(len(str(d[me])) for d in counted)])
    theirs = max([len("them"), *(len(str(d[opp])) for d in counted)])
    width = mine + len(gap) + theirs
    cells = {
        r.hand_no: "—".center(width) if r.deadwood is None else f"{r.deadwood[me]:>{mine}}{gap}{r.deadwood[opp]:>{theirs}}"
        for r in v.sheet
    }
    return f"{ours:>{mine}}{gap}{'them':>{theirs}}", cells


class ScoreTable(Widget):
    """The score table of a view, compact (points without the name) when the terminal is narrow
    (styled in ``score_table.tcss`` beside it, which the app loads).

    Given ``closed`` (the hands that cannot be reviewed, with why), its rows can be picked:
    it takes the focus, ↑ and ↓ move the hand picked (drawn reversed; those that cannot be
    reviewed in italics), a click on a row picks its hand and posts :class:`Picked`, as the
    screen's own key does for the hand picked (its review)."""

    BINDINGS = [Binding("up", "pick(-1)", show=False), Binding("down", "pick(1)", show=False)]
    """↑ and ↓: the hand before or after the one picked (only where the rows can be picked);
    not in the key bar, whose first key stays the screen's way on: the screens say them
    beside what the hand picked offers."""

    class Picked(Message):
        """A row was clicked: its hand is picked, for its review."""

        def __init__(self, hand_no: int) -> None:
            super().__init__()
            self.hand_no = hand_no

    class NonePicked(Message):
        """A click on a table whose rows can be picked, before any hand has ended ("no hand
        finished yet"): the screen says why no review opens, as its ⏎ does."""

    class Moved(Message):
        """The hand picked changed (↑ or ↓)."""

        def __init__(self, hand_no: int) -> None:
            super().__init__()
            self.hand_no = hand_no

    def __init__(
        self,
        v: PlayerView,
        opponent_name: str,
        *,
        id: str | None = None,
        title: str | None = None,
        short_title: str | None = None,
        ascii_only: bool = False,
        own_name: str = "You",
        hand_names: Sequence[tuple[str, str]] | None = None,
        closed: dict[int, str] | None = None,
    ) -> None:
        super().__init__(id=id)
        self.v = v
        self.opponent_name = opponent_name
        self.own_name = own_name
        self.hand_names = hand_names
        self.title = title
        self.short_title = short_title
        """The title's shorter form, where the title does not fit on one line ("Practice" for
        "Practice of seed 101's deals")."""
        self.ascii_only = ascii_only
        self.closed = closed
        """The hands that cannot be reviewed (by number, with why, in words to follow "Hand 3
        cannot be reviewed: "); None: the rows are not pickable."""
        self.picked: int | None = v.sheet[-1].hand_no if closed is not None and v.sheet else None
        """The hand picked (its number): the last at first."""
        self.can_focus = self.picked is not None
        self.covered = False
        """A screen is open over this table's: the picked row is drawn plain (:meth:`cover`)."""

    def cover(self, covered: bool) -> None:
        """A screen opened over this table's (``covered``), or closed: the picked row's
        highlight is not drawn meanwhile.  The score table opened over the match's result
        left the result's own picked row, reversed, showing under its box at 80x24, right
        below the same row in the box: a stray copy of it."""
        if covered != self.covered:
            self.covered = covered
            self.refresh()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            return self.picked is not None
        return True

    def action_pick(self, step: int) -> None:
        """The hand ``step`` rows down (up, for a negative step) from the one picked; past the
        last hand (the first), a line further down (up) in the frame the table scrolls in: the
        race under a long match's table at 80x24 showed only by PgDn."""
        numbers = [r.hand_no for r in self.v.sheet]
        if self.picked is None or self.picked not in numbers:
            return
        at = min(max(numbers.index(self.picked) + step, 0), len(numbers) - 1)
        if at == numbers.index(self.picked):  # past the first or the last hand: the frame scrolls on, to what it holds there
            for frame in self.ancestors:
                if isinstance(frame, ScrollableContainer):
                    frame.scroll_relative(y=step, animate=False)
                    return
            return
        self.pick(numbers[at])
        self.post_message(self.Moved(numbers[at]))

    def pick(self, hand_no: int) -> None:
        """Pick hand ``hand_no``: its row drawn reversed, scrolled into sight."""
        self.picked = hand_no
        self.refresh()
        self.call_after_refresh(self.show_picked)

    def row_lines(self) -> dict[int, list[int]]:
        """The lines of the table drawn as it is now (from its top) that each hand's row takes."""
        console = self.app.console
        width = self.content_size.width or self.natural_width
        lines = console.render_lines(self.render(), console.options.update_width(width), pad=False)
        out: dict[int, list[int]] = {}
        for y, line in enumerate(lines):
            for seg in line:
                hand = seg.style.meta.get("hand") if seg.style is not None else None
                if isinstance(hand, int):
                    out.setdefault(hand, []).append(y)
                    break
        return out

    def show_picked(self, *, under_the_top: bool = False) -> None:
        """Scroll the screen's frame, where the table goes on below it, to the picked row
        (where no row can be picked, to the last hand's: the one that ended the match).
        ``under_the_top``: only as far as the top of the frame stays in view (the match's
        verdict, above the table: after a long match the result opened on the table's header,
        "You won the match!" and the final score scrolled away above it); where the row is
        further down, the frame goes back to its top."""
        from textual.geometry import Region

        shown = self.picked if self.picked is not None else (self.v.sheet[-1].hand_no if self.v.sheet else 0)
        ys = self.row_lines().get(shown)
        if not ys:
            return
        for frame in self.ancestors_with_self:
            if isinstance(frame, ScrollableContainer):
                top = self.region.y - frame.content_region.y + int(frame.scroll_y)
                if under_the_top and top + ys[-1] >= frame.content_region.height:
                    frame.scroll_to(y=0, animate=False, immediate=True)
                    return
                frame.scroll_to_region(Region(0, top + ys[0], 1, len(ys)), animate=False, immediate=True)
                return

    def on_click(self, event: events.Click) -> None:
        """A click on a hand's row picks it and asks for its review; before any hand has
        ended, a click on the table asks why there is none (it did nothing, where ⏎ said why)."""
        if self.picked is None:
            if self.closed is not None and not self.v.sheet:
                event.stop()
                self.post_message(self.NonePicked())
            return
        for hand, ys in self.row_lines().items():
            if event.y in ys:
                event.stop()
                self.pick(hand)
                self.post_message(self.Picked(hand))
                return

    @property
    def natural_width(self) -> int:
        """The columns the table takes with no line of it wrapped, in its fullest form
        for the terminal's width (the points with the winner's name, from 80 columns)."""
        return self._widest(self._fitted(0))

    def natural_height(self, width: int) -> int:
        """The rows the table takes drawn ``width`` columns wide, in the form it takes there."""
        console = self.app.console
        return len(console.render_lines(self._fitted(width), console.options.update_width(width), pad=False))

    def _widest(self, table: Table) -> int:
        """The columns ``table`` takes with no line of it wrapped."""
        from rich.measure import Measurement

        console = self.app.console
        return Measurement.get(console, console.options, table).maximum

    def render(self) -> Table:
        return self._fitted(self.size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The rows of the table in the form it takes ``width`` columns wide: measured from
        :meth:`render`, which draws the form for the width the table had last (none, before
        its first layout: its widest form), the match's result at 80x24 kept three blank rows
        under the table where "Computer +52 (26×2)" would have wrapped, and its race below
        them went a scroll further down."""
        return self.natural_height(width) if width else 0

    def _fitted(self, room: int) -> Table:
        """The table in ``room`` columns (0: as wide as it likes): from 80 columns the
        points with the winner's name where that fits, else without it, as below 80
        (the ending says who scored), so that a hand keeps to one line: beside a scroll
        bar at 80 columns, "Computer +72 (36×2)" wrapped its "(36×2)" onto a second line.
        Its title says only that rule options were changed (as the score line does)
        where naming them would take more lines of the panel than that (a second line at 80
        columns; at 46, where the title takes two anyway, they are named), and takes its short form
        (:attr:`short_title`) where it would still.  Rich wraps the title
        to the table's width: a title that fits the panel but not the table widens the
        table to it."""

        width = self.app.size.width
        compact = width < NORMAL_WIDTH
        table = self._table(width, compact=compact, short_rules=False)
        widest = self._widest(table)
        if room and widest > room and not compact:
            compact = True
            table = self._table(width, compact=compact, short_rules=False)
            widest = self._widest(table)
        room = room or widest
        wrap = min(widest, room)  # the width a title longer than the room wraps at: the table's
        if cell_len(str(table.title)) > room:
            table = self._fewer_lines(table, self._table(width, compact=compact, short_rules=True), wrap)
        if cell_len(str(table.title)) > room and self.short_title is not None:
            table = self._table(width, compact=compact, short_rules=False, short_title=True)
            if cell_len(str(table.title)) > room:
                counted = self._table(width, compact=compact, short_rules=True, short_title=True)
                table = self._fewer_lines(table, counted, wrap)
        title = cell_len(str(table.title))
        if widest < title <= room:
            table.min_width = title
        return table

    def _fewer_lines(self, named: Table, counted: Table, wrap: int) -> Table:
        """``named`` (its title names the rule options changed) unless its title takes more lines
        at ``wrap`` columns than ``counted``'s (which says only how many): at 46 columns
        "standard rules (changed)" took a second line, where "(changed: gin only)" fits it."""
        console = self.app.console
        lines = [len(Text(str(table.title)).wrap(console, max(1, wrap))) for table in (named, counted)]
        return counted if lines[1] < lines[0] else named

    def _table(self, width: int, *, compact: bool, short_rules: bool, short_title: bool = False) -> Table:
        return score_table(
            self.v,
            self.opponent_name,
            compact=compact,
            title=self.short_title if short_title else self.title,
            tiny=width < TINY_WIDTH,
            ascii_only=self.ascii_only,
            short_rules=short_rules,
            own_name=self.own_name,
            hand_names=self.hand_names,
            picked=None if self.covered else self.picked,
            closed=None if self.closed is None else set(self.closed),
        )
