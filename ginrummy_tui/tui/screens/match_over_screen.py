"""The end of the match: the winner, the final table, and a new match on a key press."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from ginrummy_tui.engine.kinds import EndKind, Kind
from ginrummy_tui.engine.state import is_shutout

from ..host import GoingOnChanged, SuitsChanged, gin_of
from ..note_text import lowered_rows, rack_rows
from ..palette import DEFAULT, Palette, palette_of
from ..table_text import fitting_name, short_name, you_lower
from ..widgets.cardfaces import ascii_text, ascii_words
from ..widgets.key_bar import KeyBar
from ..widgets.keys_line import KeyPart, KeysLine
from ..widgets.race import Race
from ..widgets.score_table import TINY_WIDTH, ScoreTable, cut_name, doubled_note
from ..widgets.too_small import NORMAL_WIDTH, SCROLLBAR, WIDE_WIDTH, TooSmall
from .after_hand import AFTER_HAND_BINDINGS, AfterHandScreen

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ginrummy_tui.engine import GameState, PlayerView


@dataclass(frozen=True)
class LevelRecord:
    """The record against the opponent of this match, as the history gives it: its name (the
    level, or in network play the other player), the matches played and won, and the last ones,
    oldest first (True for a match won)."""

    name: str
    matches: int
    won: int
    last: tuple[bool, ...]

    def text(self, ascii_only: bool = False, colours: Palette = DEFAULT, room: int | None = None) -> Text:
        """The record as the screen shows it: "Against standard: won 3 of 4", then the last
        matches as ● won and ○ lost (with ``ascii_only`` W and L), and a line that says so (in
        ``colours``' quieter text).  ``room``: the columns the record has; a name too long for
        its first line there is cut, ending with "…", so that the line's words stay whole."""
        level = self.name
        tail = f": won {self.won} of {self.matches}"
        if room is not None and cell_len(f"Against {level}{tail}") > room:
            level = cut_name(level, max(4, room - cell_len(f"Against {tail}")), ascii_only=ascii_only)
        text = Text(f"Against {level}{tail}", style="bold")
        if len(self.last) > 1:
            text.append(f"\nlast {len(self.last)}: ")
            won_mark, lost_mark = ("W", "L") if ascii_only else ("●", "○")
            for result in self.last:
                text.append(won_mark if result else lost_mark, style="green" if result else "red")
            text.append(f"\n{won_mark} won, {lost_mark} lost; newest last", style=colours.muted)
        return text


def read_level_record(app: App[Any]) -> LevelRecord | None:
    """The record against this opponent level, or in network play against the other player by
    name, from the history (None when there is none, or the history cannot be read)."""
    from ginrummy_tui.session.control import MatchControl

    gin = gin_of(app)
    match = MatchControl.real_session(gin.session)
    level = match.opponent_level(None) if match is not None else None
    keeper = gin.context.keeper
    person = gin.session.person_record() if keeper is None else None  # network play: against that player
    if person is not None:
        level, matches, won, last = person
    elif level is None or keeper is None:
        return None
    else:
        try:
            hist = keeper.read_history()
            if hist is None:
                return None
            matches, won, last = hist.level_record(level, 10)
        except Exception:  # the statistics never stop the game
            return None
    if not matches:
        return None
    return LevelRecord(level, matches, won, tuple(last))


REFUSED_MARK = "✗ "
"""Marks the line under the result when ⏎ or n was pressed while nothing could be sent."""

NEXT_JOINER = " · "
"""What stands between the parts of the line under the result."""


def next_parts(ascii_only: bool, reviews: bool = True) -> list[KeyPart]:
    """The line under the result: the keys that go on from here, each with the key a click
    on it presses; the review's (↑/↓ and r) only where hands are reviewed, ``reviews``: in a
    network match the line offered it, and r said there was none."""
    review: list[KeyPart] = [("↑/↓ and r: review a hand", "r")] if reviews else []
    parts: list[KeyPart] = [("⏎ or n: play a new match", "enter"), *review, ("q: quit", "q")]
    return [(ascii_words(words), key) for words, key in parts] if ascii_only else parts


def next_keys(ascii_only: bool, reviews: bool = True) -> str:
    """The line under the result: the keys that go on from here, as it says them."""
    joiner = ascii_words(NEXT_JOINER) if ascii_only else NEXT_JOINER
    return joiner.join(words for words, _key in next_parts(ascii_only, reviews))


ROOMY_HEIGHT = 32
"""From this many rows the screen is drawn at its roomiest (a match of five
hands then shows whole at 80 columns); below it the headline has no blank
lines, the race is three rows high and the line of keys is left to the key
bar, so that at 80×24 the result, the race and the hands of a match of
five hands show without scrolling (a longer one puts its race under the table)."""

RACE_ROWS, COMPACT_RACE_ROWS = 5, 3
"""The race's rows of bars, on a roomy screen and on a shorter one."""

RECORD_GAP = 4
"""Columns between the race and the record against this level, when it stands beside the race."""

HEAD_FRAME = 4
"""Columns the headline's border and padding take, both sides together."""


def inner_width(width: int) -> int:
    """The columns inside the screen's padding (1 or 2 a side) and a scroll bar, on a screen ``width`` wide."""
    return width - (2 if width < NORMAL_WIDTH else 4) - SCROLLBAR


class MatchOverScreen(AfterHandScreen):
    """Who won the match, and the score table; Enter (or n) starts a new match."""

    CSS_PATH = "match_over_screen.tcss"
    BINDINGS = [
        Binding("enter,n", "new_match", "New match", key_display="⏎"),
        Binding("enter,n", "asked", show=False),  # network play: asked already, or the other away
        Binding("space", "space", show=False),
        *AFTER_HAND_BINDINGS,
    ]
    """Enter or n: a new match (the key bar shows ⏎, as the end of a hand does; in network play,
    once asked for, or while the other player is away, it is dimmed and says again whom it waits
    for); then the keys of the match's last hand, as at its end (:data:`AFTER_HAND_BINDINGS`: its
    review, a replay of its deal, its turns).  Space, which goes on from the end of a hand, says
    here that it does nothing (:meth:`action_space`)."""
    OVER = ("the match is over", "m lists every turn of its last hand")
    ENDED = "The result has just come up"
    AGAIN = "start a new match"

    def __init__(
        self,
        v: PlayerView,
        opponent_name: str,
        own_name: str = "You",
        hand_names: Sequence[tuple[str, str]] | None = None,
    ) -> None:
        super().__init__()
        self.v = v
        self.opponent_name = opponent_name
        self.own_name = own_name
        self.hand_names = hand_names
        """Who played this seat's hands: "You", or in network play the player this one took
        the seat from ("Bob", "Bob/You" when both played some)."""
        self._level: LevelRecord | None = None
        """The record against this level, if any (read when the screen is composed)."""
        self._record: Text | None = None
        """That record as drawn for the screen's width (cut again on a resize: :meth:`_draw_record`)."""
        self.hands: dict[int, GameState | str] | None = None
        """Against the computer, each hand of the match as its review takes it, or why it has
        none (read when the screen is composed: :func:`~.review_screen.past_hands`): ↑ and ↓
        pick one in the table, r reviews it (the last hand at first)."""

    def _head(self, width: int) -> Text:
        """Who won, and the final score ("Computer" for "Computer (standard)" below 60 columns: one line)."""
        v = self.v
        me = v.seat
        name = fitting_name(self.opponent_name, width)
        own = self.own_name if self.own_name == "You" else fitting_name(self.own_name, width)
        # who played the last hand at each seat: the one whose clock ran out (network play: "Carol", not "Bob/Carol")
        last_own, last_name = self.hand_names[-1] if self.hand_names else (self.own_name, self.opponent_name)
        last_own = last_own if last_own == "You" else fitting_name(last_own, width)
        yours = "your time" if last_own == "You" else f"{last_own}'s time"
        head = Text(justify="center")
        timed_out = v.result is not None and v.result.kind == EndKind.TIMEOUT
        if timed_out:  # a move clock ran out: say so, the score alone does not explain it
            late = fitting_name(last_name, width)
            words = f"{own} won the match: {late} ran out of time." if v.winner == me else f"{name} won the match: {yours} ran out."
        elif v.winner == me:
            words = "You won the match!" if own == "You" else f"{own} won the match."
        else:
            words = f"{name} won the match."
        head.append(words, style="bold")
        head.append("\n" + self._final_score(width))
        if is_shutout(v.rules, v.scores, v.winner):
            # the other player named as the headline names it ("Computer (easy)"), short where that does not fit
            losers = [you_lower(short_name(self.own_name))] if v.winner != me else [name, short_name(self.opponent_name)]
            doubled = 2 * v.rules.game_bonus
            forms = (*(f"Shutout: {loser} scored nothing, the game bonus is doubled ({doubled})." for loser in losers),
                     f"Shutout: game bonus doubled ({doubled}).")
            room = inner_width(width) - HEAD_FRAME
            head.append("\n" + next((f for f in forms if cell_len(f) <= room), forms[-1]))
        following = self._next_match(width)
        if following:
            head.append("\n" + following, style=palette_of(self.app).muted)
        return ascii_text(head) if gin_of(self.app).ascii_only else head

    def _next_match(self, width: int) -> str:
        """What differs in the match that ⏎ starts, when the settings give it
        other rules or another opponent than the match just played (a match
        resumed against the level of its own, or settings changed during it):
        "The next match is against Computer (standard), as your settings say
        (F2 changes them)."; "" when it is played as this one was."""
        from ginrummy_tui.storage.rule_words import rules_text

        gin = gin_of(self.app)
        control, settings = gin.context.control, gin.context.settings
        if control is None or settings is None:
            return ""
        changes = control.match_changes(settings)
        if not changes:
            return ""
        opponent = f"Computer ({settings.ai})"  # as the table names it
        target = settings.rules.target  # said where it differs from this match's: the rules' name does not give it
        rules = rules_text(settings.rules)[0] + (f", to {target}" if target != self.v.rules.target else "")
        if changes == ["the opponent"]:
            forms = [
                f"The next match is against {opponent}, as your settings say (F2 changes them).",
                f"Next match: against {opponent}, your settings (F2).",
                f"Next: {opponent}, F2",
            ]
        elif changes == ["the rules"]:
            forms = [
                f"The next match is played with {rules}, as your settings say (F2 changes them).",
                f"Next match: {rules}, your settings (F2).",
                "Next match: your settings' rules (F2).",
            ]
        else:
            forms = [
                f"The next match: {rules}, against {opponent}, as your settings say (F2 changes them).",
                f"Next match: {rules}, against {opponent} (F2).",
                "Next match: your settings' rules and opponent (F2).",
            ]
        room = inner_width(width) - HEAD_FRAME
        return next((f for f in forms if cell_len(f) <= room), forms[-1])

    def _final_score(self, width: int) -> str:
        """"Final score: You 128 · Computer (standard) 59"; "Final score with
        bonuses" where box or game bonuses were added (the totals under the
        score table's hands, which a short screen does not reach).  The name
        is shortened, then the line broken after its colon, where it would not fit."""
        v = self.v
        me, opp = v.seat, 1 - v.seat
        words = "Final score" if v.totals == v.scores else "Final score with bonuses"
        line = ""
        for name in (fitting_name(self.opponent_name, width), short_name(self.opponent_name)):
            line = f"{words}: {short_name(self.own_name)} {v.totals[me]} · {name} {v.totals[opp]}"
            if cell_len(line) <= inner_width(width) - HEAD_FRAME:
                return line
        return line.replace(": ", ":\n", 1)

    def _doubled(self, width: int) -> str:
        """Under the table, what a doubled hand's points say, in the form the table gives them
        at ``width`` ("+44 (22×2)", "+22×2"); "" when no hand of the match was doubled."""
        note = doubled_note(self.v, tiny=width < TINY_WIDTH)
        return ascii_words(note) if gin_of(self.app).ascii_only else note

    def on_resize(self, event: events.Resize) -> None:
        for winner in self.query("#winner").results(Static):
            winner.update(self._head(event.size.width))
        for note in self.query("#final-doubled").results(Static):
            note.update(self._doubled(event.size.width))
        self._draw_record(event.size.width)
        self._fit(event.size.width, event.size.height)
        self.call_after_refresh(self._show_picked_hand)
        self.call_after_refresh(self._toasts_under_the_result)

    def _show_picked_hand(self) -> None:
        """The hand picked in the table (the last at first: the one that ended the match) in
        view: a long match's result opened with its table cut above that hand's row (at
        100x30, hand 19 of 20 the last in view), which only scrolling showed.  Not at the cost
        of the verdict above the table: where both do not fit, the result shows its top, and
        the line under it says that more is below (:meth:`_show_more_below`)."""
        for table in self.query(ScoreTable).results(ScoreTable):
            table.show_picked(under_the_top=True)

    def _draw_record(self, width: int) -> None:
        """The record against this level drawn for a screen ``width`` wide, in the suits in use:
        a long name cut to the columns there are (at the width the screen opened at, the line
        kept a name cut for 46 columns at 120, or ran past the screen's edge after a narrowing)."""
        level = self._level
        self._record = None if level is None else level.text(gin_of(self.app).ascii_only, palette_of(self.app), inner_width(width))
        for shown in self.query("#level-record").results(Static):
            if self._record is not None:
                shown.update(self._record)

    def _toasts_under_the_result(self) -> None:
        """The toasts ("Bob joined.", why a key does nothing) under the result's banner, not
        over its words (at the top right, where the table's toasts are, they covered "You won
        the match"); where the record against this level shows, in the rows under the result
        when they have room for the toasts up (under the banner they covered the record beside
        the race: "Against standard: won 0 of 1" read "Again▌" at 80x24)."""
        for winner in self.query("#winner").results(Static):
            top = max(1, winner.region.bottom)
            for rack in self.query("#textual-toastrack"):
                if self._record is not None:
                    under = self.query_one("#match-over").region.bottom
                    shown = [w.region.y for w in self.query("#match-next, #match-said, KeyBar") if w.region.height]
                    room = min(shown, default=self.size.height) - under
                    rows = rack_rows(self.app, rack)
                    if rows and rows <= room:
                        top = under
                if rack.styles.margin.top != top:
                    rack.styles.margin = (top, 0, 0, 0)

    def on_screen_resume(self) -> None:
        """Back from another screen (the settings, which the next match's line points to):
        what the next match will be, said again; the hand picked in the table shown again."""
        for winner in self.query("#winner").results(Static):
            winner.update(self._head(self.app.size.width))
        for table in self.query(ScoreTable).results(ScoreTable):
            table.cover(False)

    def on_screen_suspend(self) -> None:
        """A screen over the result (the score table, c, whose box leaves the result's rows
        showing under it): the hand picked in the result's table is drawn plain meanwhile,
        not as a stray copy of the box's row just under it."""
        for table in self.query(ScoreTable).results(ScoreTable):
            table.cover(True)

    def _fit(self, width: int, height: int) -> None:
        """The race beside the table when the screen is wide and both fit side
        by side with no row of the table wrapped (a long match's race is wide),
        else above it (under the result, where it shows without scrolling),
        with the record against this level beside it when there is room, or
        under the table when above it would push the table's last row off the
        screen (:meth:`_fits_above`); compact below ``ROOMY_HEIGHT`` rows."""
        compact = height < ROOMY_HEIGHT
        self.set_class(compact, "-compact")
        line = 0 if compact and not self.has_class("-going-on") else (1 if compact else 2)  # with its margin
        keys = self._key_rows(width)
        more = int(self.has_class("-more-below"))
        said = self._said_rows(width)
        for scroll in self.query("#match-over").results(VerticalScroll):
            scroll.styles.max_height = max(1, height - keys - line - more - said)  # the key bar, the lines under the result
        for body in self.query("#match-body").results(Horizontal):
            table, box, race = body.query_one(ScoreTable), body.query_one("#race-box"), body.query_one(Race)
            sheet = body.query_one("#final-sheet")
            race.rows = COMPACT_RACE_ROWS if compact else RACE_ROWS
            record = self._record
            race_w = race.content_width
            record_w = 0 if record is None else max(cell_len(line) for line in record.plain.splitlines())
            room = inner_width(width)
            # the race and the record under it beside the table (2 for the box's padding there)
            side_w = max(race_w, record_w) + 2
            race_beside = width >= WIDE_WIDTH and table.natural_width + side_w <= room
            beside = not race_beside and record is not None and race_w + RECORD_GAP + record_w <= room
            self.set_class(race_beside, "-race-beside")
            self.set_class(beside, "-record-beside")
            box.styles.width = side_w if race_beside else (race_w + RECORD_GAP + record_w if beside else side_w - 2)
            below = not race_beside and not self._fits_above(width, height, table, race, beside)
            self.set_class(below, "-race-below")
            if race_beside or below:
                body.move_child(box, after=sheet)
            else:
                body.move_child(box, before=sheet)

    def _show_more_below(self) -> None:
        """While the race's chart goes on below the screen (under a long match's table on a
        short screen), the line under the result says so and how to get there ("▼ more below:
        the race, ↓/PgDn"; with ASCII suits "v more below: the race, Down/PgDn"; in fewer words
        where the line is narrow, "▼ more below: last hands and race, ↓/PgDn"): at 80x24 the
        race's title was the last line shown, its chart cut off, and the scroll bar, two
        columns at the edge, was easily missed.  The line takes a row from the part that
        scrolls while it shows."""
        frame = next(self.query("#match-over").results(VerticalScroll), None)
        race = next(self.query(Race).results(Race), None)
        if frame is None or race is None:
            return
        below = race.region.bottom > frame.content_region.bottom and frame.scroll_y < frame.max_scroll_y
        table = next(self.query(ScoreTable).results(ScoreTable), None)
        hands = table is not None and table.region.bottom > frame.content_region.bottom
        mark, keys = ("v", "Down/PgDn") if gin_of(self.app).ascii_only else ("▼", "↓/PgDn")
        whats = ("the last hands and the race", "last hands and race", "last hands, race") if hands else ("the race",)
        forms = [f"{mark} more below: {what}, {keys}" for what in whats]  # in the suits in use (the settings can change them)
        width = self.app.size.width
        room = width - (2 if width < NORMAL_WIDTH else 4)  # the line's padding
        # the whole line, keys and all, in the words that fit: at 46 columns it stopped at "the race,"
        words = next((form for form in forms if cell_len(form) <= room), forms[-1])
        if below and words != self._more_words:
            self._more_words = words
            for line in self.query("#more-below").results(Static):
                line.update(words)
        if below != self.has_class("-more-below"):
            self.set_class(below, "-more-below")
            self._fit(self.app.size.width, self.app.size.height)

    _more_words = ""
    """What the line under the scrolling part says while the result goes on below."""

    def say(self, words: str, *, scroll: bool = True) -> None:
        """Why a key does nothing here, in a line of the screen's own under the result, above
        the key bar, for :data:`~ginrummy_tui.tui.widgets.table_only_line.SHOWN_FOR` seconds (one reason at a time, the last in place of
        the one before), as the end of a hand and the screens over the table say it: in a note
        under the result's banner it covered the score table's title ("Match 1 · to 100 ·
        standard▌ starts a new match; ? lists the keys.").  The line takes its rows from the
        part that scrolls while it shows."""
        self._said = ascii_words(words) if gin_of(self.app).ascii_only else words
        self._keep_said()
        self._show_said()

    _said = ""
    """Why a key did nothing, while the line above the key bar says it ("" when it is down)."""

    def _unsay(self) -> None:
        """Take down why a key did nothing (said a few seconds ago)."""
        self._said = ""
        self._show_said()

    def _show_said(self) -> None:
        """The line above the key bar as :attr:`_said` has it (hidden when it says nothing),
        and the scrolling part laid out for the rows it takes."""
        for line in self.query("#match-said").results(Static):
            line.update(self._said)
        self.set_class(bool(self._said), "-said")
        self._fit(self.app.size.width, self.app.size.height)
        self.call_after_refresh(self._show_picked_hand)  # the rows the line takes hide not the hand picked

    def _said_rows(self, width: int) -> int:
        """The rows the line saying why a key did nothing takes at ``width`` (0 while it is down)."""
        if not self._said or width <= 0:
            return 0
        room = max(1, width - (2 if width < NORMAL_WIDTH else 4))  # within the line's padding
        return len(Text(self._said).wrap(self.app.console, room))

    def _key_rows(self, width: int) -> int:
        """The key bar's rows at ``width`` (two on a narrow screen where its keys do not fit on one)."""
        bars = self.query(KeyBar)
        return bars.first().rows_at(width) if bars else 1

    def on_key_bar_rows_changed(self, message: KeyBar.RowsChanged) -> None:
        """The key bar takes another number of rows: the result fits above it again."""
        message.stop()
        self._fit(self.app.size.width, self.app.size.height)

    def _fits_above(self, width: int, height: int, table: ScoreTable, race: Race, beside: bool) -> bool:
        """Whether the race (and the record) above the table leaves the table's
        last row, the hand that ended the match, on the screen: a longer match
        puts the race under the table, a scroll away, rather than its last hands."""
        compact = height < ROOMY_HEIGHT
        room = height - self._key_rows(width) - (0 if compact else 2)  # the key bar, the screen's padding
        head = self._head(width).plain.count("\n") + 1 + 2 + (0 if compact else 2) + 1  # border, padding, margin
        record = 0 if self._record is None else self._record.plain.count("\n") + 1
        chart = race.content_height
        box = 1 + (max(chart, record) if beside else chart + (record + 1 if record else 0)) + 1  # title, padding under
        keys = 2 if not compact else int(self.has_class("-going-on"))  # the line of keys (and its margin)
        doubled = self._doubled_rows(width)
        return head + box + table.natural_height(inner_width(width)) + doubled + keys <= room

    def _doubled_rows(self, width: int) -> int:
        """The rows the note under the table on a doubled hand's points takes (0 without one)."""
        note = self._doubled(width)
        if not note:
            return 0
        console = self.app.console
        return 1 + len(console.render_lines(Text(note), console.options.update_width(inner_width(width)), pad=False))

    def compose(self) -> ComposeResult:
        from ..practice import table_titles
        from .review_screen import past_hands

        v = self.v
        won = v.winner == v.seat
        title, short_title = table_titles(self.app)
        self.hands = past_hands(self.app) if self._local else None
        closed = None if self.hands is None else {n: got for n, got in self.hands.items() if isinstance(got, str)}
        yield TooSmall()
        with VerticalScroll(id="match-over"):
            yield Static(self._head(self.app.size.width), id="winner", classes="-won" if won else "-lost")
            with Horizontal(id="match-body"):
                with Vertical(id="final-sheet"):
                    yield ScoreTable(
                        v,
                        self.opponent_name,
                        id="final-table",
                        title=title,
                        short_title=short_title,
                        ascii_only=gin_of(self.app).ascii_only,
                        own_name=self.own_name,
                        hand_names=self.hand_names,
                        closed=closed,
                    )
                    # what "+44 (22×2)" in the table means, as the score sheet (c) says it under its table
                    doubled = self._doubled(self.app.size.width)
                    yield Static(doubled, id="final-doubled", classes="" if doubled else "-none")
                with Vertical(id="race-box"):
                    yield Static(Text("The race", style="bold"), id="race-title")
                    with Horizontal(id="race-row"):
                        yield Race(v, self.opponent_name, ascii_only=gin_of(self.app).ascii_only, own_name=self.own_name)
                        self._level = read_level_record(self.app)
                        self._draw_record(self.app.size.width)
                        if self._record is not None:
                            yield Static(self._record, id="level-record")
        # under the scrolling part: that it goes on below (the race under a long match's table), while it does
        yield Static(id="more-below")
        # under the scrolling part, above the key bar: whom the match waits for shows whatever its length
        yield KeysLine(id="match-next")
        # under the scrolling part, above the key bar, for a few seconds: why a key does nothing here
        yield Static(id="match-said")
        yield KeyBar()

    def _waiting(self) -> bool:
        """Network play: a new match cannot be asked for now: this player asked and the other
        has not yet, or the other player is away (or the connection down)."""
        session = gin_of(self.app).session
        return session.opponent_to_move() or session.status_says_blocked()

    def _next_line(self) -> list[KeyPart]:
        """The line under the result: the keys that go on from here, each with the key a click
        on it presses; in network play, once this player asked for a new match, whom it waits
        for, while the other player is away (or the connection down) what it waits for, and
        once the other asked, that they did."""
        session = gin_of(self.app).session
        ascii_only = gin_of(self.app).ascii_only
        if self._refused_while is not None and session.blocked() != self._refused_while:
            self._refused_while = None  # what ⏎ was refused for has passed: the mark goes
        mark = REFUSED_MARK if self._refused_while is not None else ""
        quit_key = ("q: quit", "q")
        parts: list[KeyPart]
        if session.status_says_blocked():  # "Waiting for Bob to come back — join code …", "Offline for 7 s…"
            room = self.app.size.width - 4 - len(mark) - len(NEXT_JOINER + quit_key[0])
            parts = [(session.held_up(room), None), quit_key]
        elif session.opponent_to_move():
            parts = [(f"Waiting for {session.opponent_name} to go on to a new match", None), quit_key]
        elif session.going_on_note():
            parts = [(f"{session.going_on_note()}: ⏎ to start it", "enter"), quit_key]
        else:
            return next_parts(ascii_only, session.computes_opponent)
        parts = [(mark + parts[0][0], parts[0][1]), *parts[1:]]
        return [(ascii_words(words), key) for words, key in parts] if ascii_only else parts

    def _next_style(self, line: str) -> str:
        """The style of the line under the result as drawn (over the screen's): marked refused
        (``✗``, red) after ⏎ or n was pressed for nothing, as the table marks its line when a
        move is refused for what it says."""
        gin = gin_of(self.app)
        if self._refused_while is None or line == next_keys(gin.ascii_only, gin.session.computes_opponent):
            return ""
        return f"bold {palette_of(self.app).red}"

    _refused_while: str | None = None
    """Network play: why no new match could be asked for (:meth:`Session.blocked`) when ⏎ or n
    was pressed for nothing; the line is marked refused until that changes."""

    def _show_next_line(self) -> None:
        """The line under the result, said anew; shown also on a short screen (where the key
        bar says the keys alone) while it says whom the match waits for."""
        parts = self._next_line()
        ascii_only = gin_of(self.app).ascii_only
        joiner = ascii_words(NEXT_JOINER) if ascii_only else NEXT_JOINER
        line = joiner.join(words for words, _key in parts)
        if line == self._next_shown:
            return
        self._next_shown = line
        self.set_class(line != next_keys(ascii_only, gin_of(self.app).session.computes_opponent), "-going-on")
        for keys in self.query("#match-next").results(KeysLine):
            keys.show(parts, joiner, self._next_style(line))

    _next_shown: str | None = None
    """The line under the result as last said (said again only when it changes)."""

    def on_going_on_changed(self, message: GoingOnChanged) -> None:
        """Network play: who asked for a new match changed, or whether the other player is
        at the table: the line under the result says it, and ⏎ is dimmed or not."""
        self._show_next_line()
        self._fit(self.app.size.width, self.app.size.height)  # the line takes a row of a short screen
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("review", "no_review") and self.hands is not None:
            return action == "review"  # the hand picked: r says why where it has no review
        if action == "new_match" and self._waiting():
            return None  # dimmed: asked already, or the other away (Enter says again whom it waits for)
        if action == "asked":
            return self._waiting()
        return super().check_action(action, parameters)

    def on_suits_changed(self, message: SuitsChanged) -> None:
        """The suit style changed (the settings): the headline, the table, the race, the record and the keys in it."""
        for winner in self.query("#winner").results(Static):
            winner.update(self._head(self.app.size.width))
        for table in self.query(ScoreTable).results(ScoreTable):
            table.ascii_only = message.ascii_only
            table.refresh(layout=True)
        for note in self.query("#final-doubled").results(Static):
            note.update(self._doubled(self.app.size.width))
        for race in self.query(Race).results(Race):
            race.ascii_only = message.ascii_only
            race.refresh(layout=True)
        self._draw_record(self.app.size.width)
        self._show_next_line()
        self._show_more_below()
        self._fit(self.app.size.width, self.app.size.height)

    def _picked(self) -> int | None:
        table = self.query(ScoreTable).first(ScoreTable)
        return table.picked

    def action_review(self) -> None:
        """The review of the hand picked in the table (the last at first), or why it has none."""
        from .review_screen import open_past_review

        picked = self._picked()
        if self.hands is None or picked is None or picked not in self.hands:
            super().action_review()
            return
        got = self.hands[picked]
        if isinstance(got, str):
            self.say(f"Hand {picked}: {got}")
            return
        open_past_review(self.app, got)

    def on_score_table_moved(self, message: ScoreTable.Moved) -> None:
        """Another hand picked: where it has no review, why."""
        got = (self.hands or {}).get(message.hand_no)
        if isinstance(got, str):
            self.say(f"Hand {message.hand_no}: {got}")

    def on_score_table_picked(self, message: ScoreTable.Picked) -> None:
        """A click on a hand's row: its review (or why it has none)."""
        self.action_review()

    def on_mount(self) -> None:
        for table in self.query(ScoreTable).results(ScoreTable):
            if table.can_focus:
                table.focus(scroll_visible=False)  # the result stays at the top, as far as the hand picked shows
        self._show_next_line()
        self._show_said()  # a key held back before the screen was made says so at once (and _fit)
        self.call_after_refresh(self._show_picked_hand)
        self.call_after_refresh(self._toasts_under_the_result)
        if gin_of(self.app).session.ticking:  # network play: the line of a lost connection counts its seconds
            self.set_interval(1.0, self._show_next_line)
        # after each layout: the line of the network or the clock at the top, when it comes, moves the banner down
        self.screen_layout_refresh_signal.subscribe(self, lambda _screen: self._after_layout())
        for frame in self.query("#match-over").results(VerticalScroll):
            self.watch(frame, "scroll_y", self._show_more_below, init=False)

    def _after_layout(self) -> None:
        """Once laid out anew: the result lower on a tall screen, the toasts under the banner,
        and whether the result goes on below."""
        self._lower()
        self._toasts_under_the_result()
        self._show_more_below()

    def _lower(self) -> None:
        """On a screen taller than the result needs, the result lower, in the middle of the rows
        (as the table, :func:`~..note_text.lowered_rows`): it stood at the top, and at 80x50 a
        match of five hands left 19 rows empty under it.  Measured from the result and the lines
        under it as laid out, without the line of why a key does nothing, which takes rows under
        them."""
        frames = list(self.query("#match-over").results(VerticalScroll))
        keys = self.query(KeyBar)
        if not frames or not keys or not keys.first().region.height:
            return  # not laid out yet
        frame = frames[0]
        parts = [w.region for w in self.query("#match-over, #more-below, #match-next") if w.display and w.region.height]
        lowered = frame.styles.margin.top
        spare = keys.first().region.y - max(r.bottom for r in parts) + lowered
        rows = lowered_rows(spare)
        if rows != lowered:
            frame.styles.margin = (rows, 0, 0, 0) if rows else None

    def action_new_match(self) -> None:
        """Start a new match."""
        gin_of(self.app).go_on(Kind.NEW_MATCH)

    def going_on_words(self) -> str:
        """What goes on from the match's result, for the words of a key that does nothing."""
        return f"{self._enter} or n starts a new match"

    def action_space(self) -> None:
        """Space, which goes on from the end of a hand (to this result from the last one), does
        not start a new match: pressed twice there, or held, it would pass the result by and
        start one unasked.  It says so, and which keys do."""
        self.refuse_unused("Space")

    def action_asked(self) -> None:
        """Enter (or n) again once a new match was asked for, or while the other player is
        away (or the connection down): nothing can be sent, and the line under the result,
        which says whom or what the match waits for, is marked refused (``✗``, red), as the
        table's line is when a move is refused for what it says."""
        blocked = gin_of(self.app).session.blocked()
        if not blocked:  # nothing in the way after all (the other player just came back)
            gin_of(self.app).go_on(Kind.NEW_MATCH)
            return
        self._refused_while = blocked
        self._show_next_line()
        self._fit(self.app.size.width, self.app.size.height)
