"""The end of a hand: both hands face up, melds, layoffs, deadwood, the kind of ending and the points."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from ginrummy_tui.engine.kinds import EndKind, Kind, Phase
from ginrummy_tui.engine.rules import rules_label
from ginrummy_tui.engine.words import counted

from ..host import GoingOnChanged, SuitsChanged
from ..key_steps import KeyWords
from ..note_text import lowered_rows, rack_rows
from ..palette import DEFAULT, Palette, palette_of
from ..table_text import fitting_name, log_text, short_name, you_lower
from ..widgets.cardfaces import ascii_text, ascii_words, cards_text, meld_text
from ..widgets.hand_log import HandLog
from ..widgets.hanging_lines import HangingParts
from ..widgets.key_bar import KeyBar
from ..widgets.keys_line import KeyPart, KeysLine
from ..widgets.said_line import SaidLine
from ..widgets.too_small import SCROLLBAR, TooSmall
from .after_hand import AFTER_HAND_BINDINGS, AfterHandScreen

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ginrummy_tui.engine import Card, PlayerView

KIND_WORDS = {
    EndKind.KNOCK: "knock",
    EndKind.GIN: "gin",
    EndKind.BIG_GIN: "Big Gin",
    EndKind.UNDERCUT: "undercut",
    EndKind.VOID: "void hand",
    EndKind.TIMEOUT: "out of time",
}


def layout_text(knock, ascii_only: bool = False, colours: Palette = DEFAULT, multiplier: int = 1) -> Text | None:
    """Why the knocker's melds are not the least-deadwood split (a meld kept
    out to block layoffs), with the cards coloured; None when they are.  The
    gain is in the points the hand scores, ``multiplier`` times the knock's own
    (the hand's: 2 for an Oklahoma spade upcard)."""
    from ginrummy_tui.engine import layout_parts

    parts = layout_parts(knock, multiplier)
    if parts is None:
        return None
    t = Text(style="italic")
    for p in parts:
        if isinstance(p, str):
            t.append(p)
        else:
            t.append_text(cards_text(p, ascii_only, colours=colours))
    t.append(".")
    return t


def hand_row(groups, ascii_only: bool = False, colours: Palette = DEFAULT) -> list[Text]:
    """Cards face up in groups (melds outlined, then laid-off cards, then deadwood): three lines."""
    from ..widgets.cardfaces import face_lines

    rows = [Text(no_wrap=True, overflow="crop") for _ in range(3)]
    for g, (cards, kind) in enumerate(groups):
        if kind == "laid off":
            label = (" " if g else "") + "laid off "
            rows[0].append(" " * len(label))
            rows[1].append(label, style="italic")
            rows[2].append(" " * len(label))
        elif g:
            for row in rows:
                row.append("  " if kind == "meld" else "   ")
        for c in cards:
            face = face_lines(c, meld=kind != "deadwood", ascii_only=ascii_only, colours=colours)
            for row, line in zip(rows, face):
                row.append_text(line)
    return rows


def timeout_words(v: PlayerView, names: dict[int | None, str]) -> str:
    """What happened when a move clock ran out, plainly: who, the limit, the consequence."""
    res = v.result
    loser = 1 - res.winner if res is not None and res.winner is not None else None
    who = names.get(loser, "?") if loser is not None else "?"
    limit = v.rules.timer
    # the rules' name may have brackets of its own ("(changed: timer)"): said in a sentence of its own
    rule = f"The {rules_label(v.rules, 'rules')} allow {limit} s a move." if limit else "The rules set a time for each move."
    loses = "lose" if who == "You" else "loses"
    whom = "you" if who == "You" else who
    return f"{who} took more than {limit} s for a move, so {whom} {loses} the match. {rule}"


def real_hand_words(match: PlayerView, hand_no: int, names: dict[int | None, str], home: str = "your match") -> str:
    """What hand ``hand_no`` scored in the match itself, under its practice's points:
    "Not counted: in your match, you scored 48 in hand 1."; ``home``, what the match is
    to the player ("your practice" for a ``--hand`` practice's)."""
    row = next((r for r in reversed(match.sheet) if r.hand_no == hand_no), None)
    if row is None:
        return f"Not counted: {home} is as it was."
    if row.winner is None or row.points == 0:
        return f"Not counted: in {home}, nobody scored in hand {hand_no}."
    who = names[row.winner]
    return f"Not counted: in {home}, {'you' if who == 'You' else who} scored {row.points} in hand {hand_no}."


class SummaryLines(NamedTuple):
    """The lines of the end of a hand (:func:`summary_lines`): the headline first, then a
    blank line, the hands, and from ``points_from`` to the end the points and the scores."""

    lines: list[RenderableType]
    points_from: int


CARD_ROWS_WIDTH = 72
"""The fewest columns the hands need drawn as cards; narrower, they are written as text."""


def body_layout(opponent_name: str, width: int) -> tuple[bool, str]:
    """What of the summary's body depends on the width: the cards drawn (or
    written) and the opponent's name as it fits; the body is redrawn when it changes."""
    return width >= CARD_ROWS_WIDTH, fitting_name(opponent_name, width)


def ending_card(v: PlayerView) -> Card | None:
    """The card the hand's knock or gin was thrown with, as the list of turns names it ("threw
    5♦ to knock"): the end of the hand says it too ("Computer knocked with 5♦."); None for a
    Big Gin, which throws none, or a hand that did not end so."""
    last = v.history[-1] if v.history else None
    if last is None or last.action.kind not in (Kind.KNOCK, Kind.GIN):
        return None
    return last.card


def summary_lines(
    v: PlayerView,
    opponent_name: str,
    ascii_only: bool = False,
    width: int = 80,
    colours: Palette = DEFAULT,
    hints: tuple[int, int] | None = None,
    match: PlayerView | None = None,
    own_name: str = "You",
    earlier_hints: Sequence[tuple[str, int]] = (),
    practice: bool = False,
) -> SummaryLines:
    """Everything about how the last hand ended, from the view's ``result``
    (the cards face up when ``width`` allows, else as text); ``hints``
    (network play): the hints each player was shown in the hand, and
    ``earlier_hints``, those of players who held a seat before another took it
    during the hand, by name ("Hints this hand: you 7 · Ann 11 · Bob 3"); ``match``:
    the view of the match while ``v`` is a practice of its last hand (``a``),
    whose points are then what the player would have scored, apart from the
    real hand's and the match's scores; ``practice``: ``v`` is a deal played
    again with ``gin-tui --seed N --hand K``, which has no match beside it: its
    head and its scores say it is practice, as a practice with ``a`` does
    ("Practice of hand 3: ...", "Practice scores: ..., not counted"); with ``match``,
    the match beside ``v`` is such a practice: the real hand's points are said to be
    "in your practice", and its scores are "Practice scores" (not "in your match",
    "Match scores", of deals that count in no match);
    ``own_name``: the player's seat as it is
    said ("You"; in network play the name of who played the hand at this seat
    before this player took it).  The lines come with where the points start
    (:class:`SummaryLines`)."""
    from ginrummy_tui.engine import best_melds, points_aside

    res = v.result
    me, opp = v.seat, 1 - v.seat
    opponent_name = fitting_name(opponent_name, width)  # below 60 columns the lines wrap less
    own_name = own_name if own_name == "You" else fitting_name(own_name, width)
    names: dict[int | None, str] = {me: own_name, opp: opponent_name}
    lines: list = []
    if res is None:
        return SummaryLines([Text("No hand has ended yet.")], 1)
    head = Text(style="bold")
    kind = res.kind
    hand = f"Practice of hand {v.hand_no}" if match is not None or practice else f"Hand {v.hand_no}"
    if kind == EndKind.VOID:
        # capitalised as every headline is; "no points" said once, on the points' line below
        head.append(f"{hand}: Void — the stock ran down to {counted(v.rules.void_stock, 'card')}.")
    elif kind == EndKind.TIMEOUT:
        head.append(f"{hand}: {timeout_words(v, names)}")
    else:
        knocker = names[res.knocker]
        verb = {EndKind.KNOCK: "knocked", EndKind.UNDERCUT: "knocked", EndKind.GIN: "went gin", EndKind.BIG_GIN: "went Big Gin"}[kind]
        head.append(f"{hand}: {knocker} {verb}")
        thrown = ending_card(v)
        if thrown is not None:  # the card the knock or the gin was made with (Big Gin throws none)
            head.append(" with ")
            head.append_text(cards_text([thrown], ascii_only, colours=colours))
        if kind == EndKind.UNDERCUT:
            who = you_lower(names[res.winner])
            head.append(f" — and {who} undercut!")
        elif res.tie and res.knock is not None:
            head.append(f" — a tie, {res.knock.knocker_deadwood} deadwood each.")
        else:
            head.append(".")
    lines.append(head)
    lines.append(Text())

    k = res.knock
    for seat in (me, opp):
        cards = res.hands[seat]
        if k is not None and res.knocker is not None:
            is_knocker = seat == res.knocker
            melds = k.knocker_melds if is_knocker else k.defender_melds
            dead = k.knocker_deadwood_cards if is_knocker else k.defender_deadwood_cards
            dw = k.knocker_deadwood if is_knocker else k.defender_deadwood
            layoffs = () if is_knocker else k.layoffs
        else:
            split = best_melds(cards)
            melds, dead, dw, layoffs = split.melds, split.deadwood_cards, split.deadwood, ()
        title = Text(names[seat], style="bold")
        title.append(" · deadwood ")
        title.append(str(dw), style=f"bold {colours.gold}")
        if layoffs and k is not None:
            title.append(f" (was {k.defender_deadwood_before_layoffs} before layoffs)", style=colours.muted)
        lines.append(title)
        groups = [(list(m), "meld") for m in melds]
        if layoffs:
            groups.append(([lo.card for lo in layoffs], "laid off"))
        if dead:
            groups.append((list(dead), "deadwood"))
        if width >= CARD_ROWS_WIDTH:
            lines.extend(hand_row(groups, ascii_only, colours))
        else:  # narrow terminal: the cards as text, the deadwood on a row of its own where the row is full
            # each meld (each card of the deadwood) kept whole where the line is broken
            faces = [meld_text(m, ascii_only, colours) for m in melds] or [Text("none")]
            parts: list[tuple[list[Text], int]] = [([Text("Melds", style=colours.muted), *faces], len("Melds "))]
            if dead:
                wood = [Text("Deadwood", style=colours.muted), *(cards_text([c], ascii_only, colours=colours) for c in dead)]
                parts.append((wood, len("Deadwood ")))
            if ascii_only:
                parts = [([ascii_text(piece) for piece in pieces], indent) for pieces, indent in parts]
            lines.append(HangingParts(list(parts)))
        if layoffs:
            # one entry per meld, its cards in the order laid ("5♣ 4♣ on [6♣ 7♣ 8♣]"), each kept whole
            onto: dict = {}
            for lo in layoffs:
                onto.setdefault(lo.meld, []).append(lo.card)
            entries = [Text("Laid off", style=colours.muted)]
            for i, (meld, laid) in enumerate(onto.items()):
                entry = cards_text(laid, ascii_only, colours=colours)
                entry.append(" on ")
                entry.append_text(meld_text(meld, ascii_only, colours))
                if i < len(onto) - 1:
                    entry.append(",")
                entries.append(ascii_text(entry) if ascii_only else entry)
            lines.append(HangingParts([(entries, len("Laid off "))]))
        if k is not None and seat == res.knocker:
            note = layout_text(k, ascii_only, colours, res.multiplier)
            if note is not None:
                lines.append(note)
        lines.append(Text())

    points_from = len(lines)
    pts = Text()
    if match is not None:
        pts.append("Practice: ", style="bold")
    if kind in (EndKind.VOID, EndKind.TIMEOUT):
        pts.append("No points this hand." if match is None else "no points this hand.")
    elif res.tie:  # a tie is no undercut under these rules: nobody wins the hand
        tie = "A tie, which is no undercut under these rules: nobody scores"
        pts.append(f"{tie}, and nobody wins the hand." if match is None else f"{tie[0].lower()}{tie[1:]}.")
    else:
        winner = names[res.winner]
        if match is None:
            pts.append(f"{winner} score{'s' if winner != 'You' else ''} ", style="bold")
        else:
            pts.append(f"{'you' if winner == 'You' else winner} would have scored ", style="bold")
        pts.append(str(res.points), style=f"bold {colours.gold}")
        how = None if k is None else points_aside(kind, v.rules, k.knocker_deadwood, k.defender_deadwood,
                                                   res.multiplier)
        if how is not None:
            pts.append(f"  {how}")
            if res.multiplier != 1 and v.rules.oklahoma:  # why it is doubled
                pts.append(" for the spade upcard")
    lines.append(pts)
    if match is not None:
        lines.append(Text(real_hand_words(match, v.hand_no, names, "your practice" if practice else "your match")))
    shown = v if match is None else match
    tot = Text()
    tot.append("Practice scores: " if practice else "Match scores: " if match is not None else "Scores: ")
    tot.append(f"{own_name} {shown.scores[me]}", style="bold")
    tot.append(" · ")
    tot.append(f"{opponent_name} {shown.scores[opp]}", style="bold")
    tot.append(f" (to {shown.rules.target}){', not counted' if practice and match is None else ''}")
    lines.append(tot)
    if hints is not None and (any(hints) or earlier_hints):
        earlier = "".join(f" · {short_name(name)} {count}" for name, count in earlier_hints)
        lines.append(Text(
            f"Hints this hand: {you_lower(own_name)} {hints[0]} · {opponent_name} {hints[1]}{earlier}", style=colours.muted
        ))
    if ascii_only:  # "(44 - 7) x 2", "You - deadwood 3"
        lines = [ascii_text(line) if isinstance(line, Text) else line for line in lines]
    return SummaryLines(lines, points_from)


GO_ON = "⏎/Space"
"""The keys that go on from the end of a hand, as the key bar and the line of its keys name
them (n too, as on the table): Space, which players press to go on, dealt the next hand
named nowhere, the review and the replay of the deal passed over unawares."""

SUMMARY_WIDTH = 100
"""The summary's widest (its ``max-width`` in ``summary_screen.tcss``)."""


class SummaryScreen(KeyWords, AfterHandScreen):
    """How the hand ended; Enter goes on to the next hand (or to the match result)."""

    CSS_PATH = "summary_screen.tcss"
    BINDINGS = [
        # one of the three, by what Enter does here (``check_action`` hides the others)
        Binding("enter,n,space", "next", "Next hand", key_display=GO_ON),
        Binding("enter,n,space", "result", "Match result", key_display=GO_ON),
        Binding("enter,n,space", "back", "Back to your match", key_display=GO_ON),
        Binding("enter,n,space", "asked", show=False),  # network play: asked already, the other not yet
        *AFTER_HAND_BINDINGS,
    ]
    """Enter, n or space: go on (the next hand, the match result, or back from
    a replayed deal to the match; in network play, once asked for the next hand,
    it is dimmed and says again whom it waits for); then the keys of the hand that ended
    (:data:`AFTER_HAND_BINDINGS`: its review, a replay of its deal, its turns)."""

    def __init__(self, v: PlayerView, opponent_name: str, ascii_only: bool = False, own_name: str = "You") -> None:
        super().__init__()
        self.v = v
        self.opponent_name = opponent_name
        self.own_name = own_name
        """Who played the hand at this seat: "You", or in network play the player before this one."""
        self.ascii_only = ascii_only
        self._layout: tuple[bool, str] | None = None
        """The body's layout as last drawn (see :func:`body_layout`)."""
        self._match: PlayerView | None = None
        """The view of the match when this hand is a practice of its last (``a``), else None."""
        self._practice = False
        """This hand is of a deal played again with ``gin-tui --seed N --hand K`` (with
        :attr:`_match`, a hand of it played again with ``a``: the match beside it is that practice)."""

    def on_suits_changed(self, message: SuitsChanged) -> None:
        self.ascii_only = message.ascii_only
        self.suits_changed()

    def on_going_on_changed(self, message: GoingOnChanged) -> None:
        """Network play: who asked for the next hand changed: the line of what Enter does says it."""
        self._show_choices()
        self.refresh_bindings()

    def _show_choices(self) -> None:
        """The line of what the keys do, said anew (a resize can come before the
        screen's parts are mounted: then there is nothing to redo yet)."""
        for line in self.query("#summary-next").results(KeysLine):
            parts, joiner = self._choice_parts()
            line.show(parts, joiner)
            self._choices_shown = line.plain

    def _choices_changed(self) -> None:
        """The line of what the keys do, said anew if it changed (the seconds of a lost connection)."""
        if self._choices() != self._choices_shown:
            self._show_choices()

    _choices_shown: str | None = None
    """The line of what the keys do as last said."""

    def _asked(self) -> bool:
        """Network play: this player asked for the next hand and the other has not yet."""
        return self._going_on() == "next" and self.gin.session.opponent_to_move()

    def _held(self) -> bool:
        """Network play: the next hand cannot be asked for now, whoever asked: the other
        player is away or the connection is down (the status line says so)."""
        return self._going_on() == "next" and self.gin.session.status_says_blocked()

    def compose(self) -> ComposeResult:
        from ..practice import in_seed_practice, practised_match, practising

        self._match = practised_match(self.app)
        self._practice = practising(self.app) if self._match is None else in_seed_practice(self.app)
        yield TooSmall()
        with VerticalScroll(id="summary"):
            yield Static(id="summary-told")  # the match resumed, where its note would cover the hands
            yield Static(self._body(), id="summary-body")
            choices = KeysLine(id="summary-next")
            choices.show(*self._choice_parts())
            self._choices_shown = choices.plain
            yield choices
            yield SaidLine("", id="summary-said")
        yield KeyBar()

    def _going_on(self) -> Literal["next", "result", "back"]:
        """What Enter does here: ``"next"`` (deal the next hand), ``"result"``
        (the match result) or ``"back"`` (from a replayed deal to the match)."""
        if self.gin.session.replaying:
            return "back"
        return "result" if self.v.phase == Phase.MATCH_OVER else "next"

    def _choices(self) -> str:
        """The keys that go on from here, as the line says them."""
        parts, joiner = self._choice_parts()
        return joiner.join(words for words, _key in parts)

    def _choice_parts(self) -> tuple[list[KeyPart], str]:
        """The keys that go on from here, each with the key a click on it presses, and
        what joins them: on one line when it fits the room the summary has, else one a
        line, so that no choice is split."""
        first = {
            "next": self._next_text(),
            "result": f"{GO_ON}: see the result of the match",
            "back": self._back_text(),
        }[self._going_on()]
        # a click on a choice presses its key; whom the next hand waits for is no choice
        choices: list[KeyPart] = [(first, None if self._asked() or self._held() else "enter")]
        session = self.gin.session
        if self._going_on() == "result" and session.status_says_blocked():
            # network play: the connection down (for how long, why) or the other player away, said at once
            choices.insert(0, (session.held_up(min(self.app.size.width, SUMMARY_WIDTH) - 4 - SCROLLBAR), None))
        if self._reviewable:
            choices.append(("r: review your play", "r"))
        if self._local:
            choices.append(("a: replay this deal", "a"))
        if self.ascii_only:  # "Enter/Space: the next hand"
            choices = [(ascii_words(words), key) for words, key in choices]
        joiner = "  -  " if self.ascii_only else "  ·  "
        line = joiner.join(words for words, _key in choices)
        # the summary's width (at most 100) less its padding (2 a side) and a scroll bar
        room = min(self.app.size.width, SUMMARY_WIDTH) - 4 - SCROLLBAR
        return choices, joiner if cell_len(line) <= room else "\n"

    def _next_text(self) -> str:
        """What Enter does for the next hand; in network play, once this player
        asked for it, whom it waits for (and for what, when the other has left the
        table), while the other is away (or the connection down) what it waits for,
        whoever asked, and once the other asked, that they did."""
        session = self.gin.session
        if self._asked() or self._held():
            if session.status_says_blocked():  # "Waiting for Bob to come back — join code …", "Offline for 7 s…"
                return session.held_up(min(self.app.size.width, SUMMARY_WIDTH) - 4 - SCROLLBAR)
            return f"Waiting for {session.opponent_name} to go on to the next hand"
        ready = session.going_on_note()
        return f"{ready}: {GO_ON} to deal it" if ready else f"{GO_ON}: the next hand"

    def _back_text(self) -> str:
        """Where Enter takes the player from a replayed deal: the match's next
        hand, dealt at once, when the match stood between hands."""
        from ginrummy_tui.session.replay_session import ReplaySession

        home = self._home()
        session = self.gin.session
        if isinstance(session, ReplaySession) and session.real.state.phase == Phase.HAND_OVER:
            return f"{GO_ON}: {home}'s hand {session.real.state.hand_no + 1}"
        if isinstance(session, ReplaySession) and session.real.state.phase == Phase.MATCH_OVER:
            return f"{GO_ON}: the result of {home}"
        return f"{GO_ON}: back to {home}"

    def _home(self) -> str:
        """What a replayed deal goes back to: "your match", or inside a ``--hand`` practice
        (no match of the player's) "your practice"."""
        from ..practice import practice_home

        return practice_home(self.app)

    def key_word(self, binding: Binding) -> str:
        """Enter back from a replayed deal is said as the line of the keys says it: "Back to
        your practice" inside a ``--hand`` practice (it said "Back to your match")."""
        if binding.action == "back":
            return f"Back to {self._home()}"
        return binding.description

    _said_log = False
    """The said line points to the turns listed on the right (m at ``LOG_FROM`` columns)."""

    def say(self, words: str, *, log: bool = False, scroll: bool = True) -> None:
        """Why a key does nothing here, under the keys that go on: a toast covered the
        hand's headline ("Hand 1: Computer (master) knocked — and you undercut!").  ``log``:
        the words point to the hand's log beside the summary, and go when it goes.  ``scroll``
        False: a summary taller than the screen is not scrolled to them (:meth:`held_back`)."""
        line = next(iter(self.query("#summary-said").results(SaidLine)), None)
        if line is None:  # not yet made: a key read with the last move, held back (held_back)
            self._said_early = (words, log, scroll)
            return
        self._said_log = log
        line.update(ascii_words(words) if self.ascii_only else words)
        line.display = True
        line.kept_in_view = scroll
        self._keep_said()
        # once laid out with the new words (and again at its new size: SaidLine): a longer
        # reason after a shorter one (at 46x21) was scrolled to as long as the old one, its
        # last line under the key bar
        if scroll:
            self.call_after_refresh(line.scroll_visible, animate=False)

    _said_early: tuple[str, bool, bool] | None = None
    """What :meth:`say` was given before the screen was made, said once it is (:meth:`on_mount`)."""

    def _unsay(self) -> None:
        """Take down why a key did nothing (said a few seconds ago)."""
        self._said_log = False
        for line in self.query("#summary-said").results(SaidLine):
            line.update("")
            line.display = False

    def _scrolled(self) -> None:
        self._place_notes()

    def on_resize(self) -> None:
        self._lay_out(redraw=False)

    def on_screen_resume(self) -> None:
        """Back from a screen over it (the review, the score table), which hid every resize
        from this one: laid out anew for the terminal as it is now (resized to 46x21 and back
        to 80x24 under the score table, the hand's score was left off under the hands)."""
        if self.is_mounted:
            self._lay_out(redraw=True)

    def _lay_out(self, *, redraw: bool) -> None:
        """The log, the keys and the hands laid out for the terminal's size; ``redraw``:
        the hands drawn anew even where their layout is the same."""
        self._show_log()
        self._show_choices()
        # across the width the cards need, the hands change between cards and text
        if redraw or body_layout(self.opponent_name, self.app.size.width) != self._layout:
            for body in self.query("#summary-body").results(Static):
                body.update(self._body())

    def _show_log(self) -> None:
        """Every turn of the hand, beside the summary from ``LOG_FROM`` columns, as beside
        the table (mounted the first time it is shown)."""
        from ..note_text import LOG_FROM, log_width

        width = self.app.size.width
        wide = width >= LOG_FROM
        self.set_class(wide, "-with-log")
        for shown in self.query(HandLog):  # as wide as beside the table
            shown.styles.width = log_width(width)
        if not wide and self._said_log:  # "listed on the right": nothing is on the right at this width
            self._said_log = False
            line = self.query_one("#summary-said", SaidLine)
            line.update("")
            line.display = False
        if not wide or self.query(HandLog):
            return
        log = HandLog(id="log")
        log.styles.width = log_width(width)
        self.mount(log, before=self.query_one(KeyBar))
        handovers = self.gin.session.handovers() if not self.gin.session.replaying else []
        log.set_lines(log_text(self.v, short_name(self.opponent_name), self.ascii_only, handovers))

    def action_moves(self) -> None:
        """Every turn of the hand: beside the summary where it is wide enough (a list over
        it would only hide the melds and the scores), else over it."""
        if self.has_class("-with-log"):
            for log in self.query(HandLog).results(HandLog):
                log.scroll_end(animate=False)
            self.say("Every turn of this hand is listed on the right (m).", log=True)
            return
        super().action_moves()

    def _body(self) -> Group:
        self._layout = body_layout(self.opponent_name, self.app.size.width)
        self._lines = summary_lines(
            self.v,
            self.opponent_name,
            self.ascii_only,
            self.app.size.width,
            palette_of(self.app),
            hints=self.gin.session.hints_this_hand(),
            earlier_hints=[(name, count) for _seat, name, count in self.gin.session.earlier_hints()],
            match=self._match,
            own_name=self.own_name if self._match is None else "You",
            practice=self._practice,
        )
        self._part_rows = None
        return Group(*self._lines.lines)

    _lines = SummaryLines([], 0)
    """The summary's lines as last drawn, and where its points start."""
    _part_rows: tuple[int, int, int] | None = None
    """The width the summary's lines were last measured at, and the rows of its headline
    and of its points there (None: not measured since they were drawn)."""
    _notes_at: tuple[int, int, int] | None = None
    """Where the notes were last placed: the rows under them, the rows they may take,
    and the columns kept clear at the right."""

    def _head_and_points_rows(self, width: int) -> tuple[int, int]:
        """The rows the headline and the points (with the scores) take at ``width``."""
        if self._part_rows is None or self._part_rows[0] != width:
            console = self.app.console
            options = console.options.update_width(max(1, width))
            lines, start = self._lines
            head = len(console.render_lines(Group(*lines[:1]), options, pad=False)) if lines else 0
            points = len(console.render_lines(Group(*lines[start:]), options, pad=False)) if lines[start:] else 0
            self._part_rows = (width, head, points)
        return self._part_rows[1:]

    _lowered = (1, 0)
    """The summary's padding above it and the rows it stands lower on a tall screen (:meth:`_lower`)."""

    def _lower(self, _screen: object = None) -> None:
        """On a screen taller than the summary needs, the summary lower, in the middle of the
        rows (as the table, :func:`~..note_text.lowered_rows`): it stood at the top, and at
        80x50 the end of a hand left 31 rows empty under it.  Measured from the summary as
        laid out, without the line of why a key does nothing, which takes rows under it."""
        summary = self.query_one("#summary", VerticalScroll)
        if not summary.region.height:
            return  # not laid out yet
        top = 0 if self.has_class("-told") else 1
        said = self.query_one("#summary-said", SaidLine)
        content = sum(w.outer_size.height for w in summary.children if w.display and w is not said)
        rows = lowered_rows(summary.region.height - top - 1 - content)
        if (top, rows) != self._lowered:
            self._lowered = (top, rows)
            summary.styles.padding = (top + rows, 2, 1, 2) if rows else None
        if summary.show_vertical_scrollbar and self._fits_without_scroll_bar(summary):
            summary.show_vertical_scrollbar = False

    def _fits_without_scroll_bar(self, summary: VerticalScroll) -> bool:
        """Whether the summary's lines, as laid out now, would fit its rows whole (with its
        padding as now set) in the columns its scroll bar takes as well.  Textual keeps a
        scroll bar up as long as the lines, narrowed by it, overflow: at 46x21, an end of a
        hand that fits exactly in the full width ("You · deadwood 28 (was 32 before layoffs)"
        takes 41 of its 42 columns) wraps that line in the 40 the bar leaves, and overflows
        by that row; so a bar once up stayed, that line wrapped and the last line of keys
        out of view.  It was put up by a layout still lowered for a tall screen (the first
        at 46x21 after 80x30), at a terminal too low, or with the line of why a key does
        nothing, and stayed when these had gone."""
        room = summary.region.shrink(summary.styles.gutter)  # inside the padding, the bar's columns too
        rows = summary.virtual_size.height  # the lines' rows at the width they were laid out at
        for part in summary.children:
            if part.display:  # its rows in the full width, for those it takes now
                width = room.width - part.styles.margin.width - part.styles.gutter.width
                full = part.get_content_height(room.size, self.size, width) + part.styles.gutter.height
                rows += full - part.outer_size.height
        return rows <= room.height

    def _place_notes(self, _screen: object = None) -> None:
        """The notes (a resumed match's; in network play, whom the next hand waits for)
        where they cover none of the headline, the points, the keys that go on or why a key
        does nothing, measured from the summary as it is drawn (and scrolled): at the right,
        in the rows under the summary, above the key bar, where they fit there; else over
        the hands, between the headline and the points.  Docked under the summary they
        covered the line of keys where it came down to those rows (80x24), and the key
        bar's first row where it takes two (46x21); at the top, the headline."""
        racks = list(self.query("#textual-toastrack"))
        parts = list(self.query("#summary-body").results(Static))
        if not racks or not parts or not self.size.height:
            return
        rack, body = racks[0], parts[0]
        summary = self.query_one("#summary", VerticalScroll)
        keys = self.query_one(KeyBar).region
        if not body.region.height or not keys.height:
            return  # not laid out yet
        top = summary.region.y
        head, points = self._head_and_points_rows(body.content_region.width)
        shown = [self.query_one("#summary-next", KeysLine).region]
        said = self.query_one("#summary-said", SaidLine)
        if said.display:
            shown.append(said.region)
        under = (max(top, max(r.bottom for r in shown)), keys.y)  # the rows under the summary
        # the hands: between the headline's blank line and the points' (scrolled, as far as shown)
        hands = (max(top, body.region.y + head + 1), min(keys.y, body.region.bottom - points - 1))
        needed = rack_rows(self.app, rack)
        room = max(0, under[1] - under[0])
        band = under if room >= needed or room >= hands[1] - hands[0] else hands
        if band == hands and self.gin.hold_warnings():
            return  # they come back on the next hand's table: here the notes left are placed again
        if band == hands and self._tell_resumed():
            return  # laid out again with it said in the summary: the notes left are placed then
        logs = list(self.query(HandLog).results(HandLog))
        right = logs[0].outer_size.width if logs and self.has_class("-with-log") else 0
        at = (self.size.height - band[1], max(0, band[1] - band[0]), right)
        if at == self._notes_at:
            return
        self._notes_at = at
        rack.styles.margin = (0, 0, at[0], 0)
        rack.styles.max_height = at[1]
        rack.styles.padding = (0, right, 0, 0)

    def _tell_resumed(self) -> bool:
        """Where the notes would cover the hands (46x21), the note of the match resumed
        ("Resumed your match: hand 2 next, You 48 · Computer (standard) 0.") is said in the
        summary's own line, in the row over the headline, short (the scores are the summary's):
        over the hands it hid the other player's deadwood and what was laid off.  True if it
        was up, and is said here now."""
        told = self.gin.take_resumed_note()
        if told is None:
            return False
        self.query_one("#summary-told", Static).update(ascii_words(told) if self.ascii_only else told)
        self.add_class("-told")
        return True

    def suits_changed(self) -> None:
        """The suits are drawn otherwise now (letters or symbols): redraw the hands,
        and the line of what the keys do (its ⏎ and · are ASCII or not with them)."""
        self.query_one("#summary-body", Static).update(self._body())
        self._show_choices()

    def on_mount(self) -> None:
        # the notes placed again whenever the summary is laid out anew (a note came or went,
        # the terminal was resized, a line changed) or scrolled
        self.screen_layout_refresh_signal.subscribe(self, self._lower)
        self.screen_layout_refresh_signal.subscribe(self, self._place_notes)
        self.watch(self.query_one("#summary", VerticalScroll), "scroll_y", self._scrolled, init=False)
        if self.gin.session.ticking:  # network play: the line of a lost connection counts its seconds
            self.set_interval(1.0, self._choices_changed)
        if self._local:
            from .review_screen import REVIEW_AHEAD_AFTER, start_review

            # in a worker: ready when asked for, never in the way; not once another screen is
            # up (the match's result, the score table): a review asked for there, of another
            # hand, would be dropped for this one
            self.set_timer(REVIEW_AHEAD_AFTER, lambda: start_review(self.app) if self.is_active else None)
        if self._said_early is not None:
            words, log, scroll = self._said_early
            self._said_early = None
            self.say(words, log=log, scroll=scroll)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next" and (self._asked() or self._held()):
            return None  # dimmed: asked already, or the other away (Enter says again whom it waits for)
        if action in ("next", "result", "back"):
            return action == self._going_on()
        if action == "asked":
            return self._asked() or self._held()
        return super().check_action(action, parameters)

    def action_next(self) -> None:
        """Deal the next hand."""
        self.gin.go_on(Kind.NEXT_HAND)

    def action_asked(self) -> None:
        """Enter again once the next hand was asked for, or while the other player is
        away: whom it waits for, said again."""
        self.gin.go_on(Kind.NEXT_HAND)

    def action_back(self) -> None:
        """From a replayed deal back to the match: its next hand, or its result
        when the deal replayed was the match's last (this screen, of the
        practice hand, then gives way to the match's result)."""
        self.gin.go_on(Kind.NEXT_HAND)
        v = self.gin.session.view()
        if v.phase == Phase.MATCH_OVER and self.app.screen is self:
            self._show_result(v)

    def action_result(self) -> None:
        """The end of the match: its result and score sheet."""
        self._show_result(self.v)

    def _show_result(self, v: PlayerView) -> None:
        """This screen gives way to the result of the match that ``v`` shows."""
        from .match_over_screen import MatchOverScreen

        # network play: the names of who played it (not of who holds the seat now)
        session = self.gin.session
        name = session.played_name(whole_match=True) if not session.replaying else self.opponent_name
        own = session.played_own_name(whole_match=True) if not session.replaying else "You"
        self.app.switch_screen(MatchOverScreen(v, name, own, session.hand_names() if not session.replaying else None))
