"""The review of the hand just played (``r`` on the end-of-hand screen).

The review starts in a thread worker of the app the moment a hand ends, so
it is usually ready by the time the player asks for it, and it never holds
up the next hand: the player may deal on at once and the review finishes in
the background.  The screen shows "Reviewing…" until it is ready.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from rich.console import Group
from rich.style import Style, StyleType
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ginrummy_tui.engine.kinds import EndKind
from ginrummy_tui.engine.words import counted

from ..hint_prompt import opponent_words
from ..host import SuitsChanged, gin_of
from ..palette import DEFAULT, Palette, palette_of
from ..widgets.cardfaces import split_parts
from ..widgets.hanging_lines import WholeParts
from ..widgets.key_bar import KeyBar
from ..widgets.table_only_line import TableOnlyLine
from ..widgets.too_small import TooSmall
from .styled_once import StyledOnce
from .table_only import BACK, TABLE_ONLY_BINDINGS, TableOnly, back_line

if TYPE_CHECKING:
    from textual.timer import Timer
    from textual.worker import Worker

    from ginrummy_tui.ai.review import HandReview
    from ginrummy_tui.engine import GameState


REVIEW_AHEAD_AFTER = 1.0
"""Seconds the end of a hand is up before its review is begun unasked, to be ready when ``r``
asks for it (``r`` begins it at once): begun as the hand ended, it took the processor from the
end of the hand being drawn, and ran on, a second or more of work, for a player who went straight
on to the next hand."""

SAMPLES = 24
"""Guessed deals of the unseen cards behind each cost, at least (see :mod:`ginrummy_tui.ai.review`)."""


class ReviewKeeper:
    """The review of the hand that just ended, and only that one.

    A review is wanted right after its hand, on the end-of-hand screen; an
    app that stays open all evening must not keep one per hand played.  So
    the keeper holds one :func:`review_key`, its result once made (a
    :class:`HandReview` or an error message) and the worker making it; when
    another hand's review begins, the previous result is dropped (and its
    work cancelled if unfinished).  Asking again for a hand whose review was
    dropped makes it again.
    """

    def __init__(self) -> None:
        self.key: tuple | None = None
        """The hand whose review is kept (or being made)."""
        self.done: tuple[tuple, HandReview | str] | None = None
        """``(key, result)`` once a review is made (one value, so that a worker
        finishing late can never pair its result with another hand)."""
        self.worker: Worker | None = None

    def get(self, key: tuple) -> HandReview | str | None:
        """The review of ``key`` if it is kept and done, else None."""
        done = self.done
        if done is None or done[0] != key or key != self.key:
            return None
        return done[1]

    def begin(self, key: tuple) -> bool:
        """Make ``key`` the hand kept, dropping the previous one; False when it
        already is (its review done or under way)."""
        if key == self.key:
            return False
        if self.worker is not None and not self.worker.is_finished:
            self.worker.cancel()
        self.key, self.done, self.worker = key, None, None
        return True

    def drop_unfinished(self) -> None:
        """Cancel the review under way, if one is, and forget its hand: the next hand has been
        dealt, and the review of the last would run on beside it (asked for again, from the
        score table, it is made anew).  A review already made is kept."""
        if self.worker is not None and not self.worker.is_finished:
            self.worker.cancel()
            self.key, self.done, self.worker = None, None, None

    def finish(self, key: tuple, result: HandReview | str) -> None:
        """Keep ``result`` (from any thread) if ``key`` is still the hand kept."""
        if key == self.key:
            self.done = (key, result)


_KEEPERS: WeakKeyDictionary = WeakKeyDictionary()


def keeper(app) -> ReviewKeeper:
    """The review keeper of ``app``."""
    k = _KEEPERS.get(app)
    if k is None:
        k = _KEEPERS[app] = ReviewKeeper()
    return k


def review_key(state: GameState, practice: bool = False) -> tuple:
    """What identifies one played hand (a replay of it is another key), and whether it was
    practice (``practice``): a practice of a match's hand played move for move as in the
    match is reviewed without the match's chances, and its review took the match hand's
    place (its "the knock would have won the match" gone from the score table's review)."""
    return (state.seed, state.match_no, state.hand_no, tuple(str(m.action) for m in state.history), practice)


def no_review(state: GameState | None, seat: int) -> str | None:
    """Why the hand of ``state`` (the full state on the table, None in network
    play) has no review for ``seat``, in words; None when it has one."""
    if state is None:
        return "No review in network play: hands are reviewed in games against the computer."
    if state.phase.playing:
        return "A hand is reviewed once it is over."
    if not any(m.seat == seat for m in state.history):
        if state.result is not None and state.result.kind == EndKind.TIMEOUT:
            return "The clock ran out before you made a move in this hand: there is nothing to review."
        return "You made no move in this hand: there is nothing to review."
    return None


def review_refusal(app: App[Any]) -> str | None:
    """Why the hand on the table has no review (see :func:`no_review`); None when it has one."""
    from ginrummy_tui.session.replay_session import table_state

    session = gin_of(app).session
    return no_review(table_state(session), session.seat)


def start_review(app: App[Any]) -> tuple | None:
    """Start reviewing the hand that just ended on the table, in a thread
    worker; returns its key (None when there is nothing to review here:
    :func:`review_refusal` says why)."""
    from ginrummy_tui.session.replay_session import table_state

    gin = gin_of(app)
    state = table_state(gin.session)
    if state is None or no_review(state, gin.session.seat) is not None:
        return None
    from ..practice import practising

    return start_review_of(app, state, practice=practising(app))


def start_review_of(app: App[Any], state: GameState, *, practice: bool = False) -> tuple:
    """Start reviewing the hand that ended in ``state`` (the one just played, or an earlier
    hand of the match dealt again: :func:`past_hands`), in a thread worker; returns its key.
    ``practice``: the hand was practice, part of no match (its reasons speak of no match to win)."""
    gin = gin_of(app)
    key = review_key(state, practice)
    k = keeper(app)
    if not k.begin(key):
        return key
    seat = gin.session.seat
    ascii_only = gin.ascii_only
    name = opponent_words(gin)

    def work() -> None:
        from textual.worker import get_current_worker

        from ginrummy_tui.ai.review import review_hand

        worker = get_current_worker()
        try:
            result: HandReview | str = review_hand(
                state,
                seat,
                samples=SAMPLES,
                ascii_only=ascii_only,
                opponent_name=name,
                cancelled=lambda: worker.is_cancelled,
                practice=practice,
            )
        except Exception as exc:  # a review must never break the game
            result = f"The review could not be made: {exc}"
        if not worker.is_cancelled:
            k.finish(key, result)

    k.worker = app.run_worker(work, name=f"review {state.hand_no}", group="review", thread=True, exit_on_error=False)
    return key


def open_review(app: App[Any]) -> None:
    """Show the review of the hand that just ended (starting it if needed),
    or say why there is none."""
    refusal = review_refusal(app)
    if refusal is not None:
        app.notify(refusal, severity="warning")
        return
    from ..practice import practising

    key = start_review(app)
    if key is not None:
        app.push_screen(ReviewScreen(key, gin_of(app).ascii_only, practice=practising(app)))


def past_hands(app: App[Any]) -> dict[int, GameState | str]:
    """Each finished hand of the match on the table (by number; the match's in a practice of
    its hand), as a review takes it (its end, dealt again where it ended before this run:
    :mod:`ginrummy_tui.session.past_hands`), or why it has no review, in a sentence.  In
    network play no hand has one, as the hand just ended has none: a review needs the whole
    deal, the other player's cards with it, which the rules hide from this seat."""
    from ginrummy_tui.session.local import LocalSession
    from ginrummy_tui.session.past_hands import NOT_RECORDED, past_hand
    from ginrummy_tui.session.replay_session import ReplaySession

    gin = gin_of(app)
    session = gin.session
    base = session.real if isinstance(session, ReplaySession) else session
    if not isinstance(base, LocalSession):
        whole_deal = no_review(None, session.seat) or ""
        return {r.hand_no: whole_deal for r in session.view().sheet}
    state = base.state
    if not state.sheet:
        return {}
    known = {r.hand_no for r in state.sheet}
    kept = {n for n in known if base.ended.get(state, n) is not None}
    recorded: Any = {}
    if kept != known:  # read only for hands that ended before this run
        k = gin.context.keeper
        recorded = k.recorded_moves() if k is not None else NOT_RECORDED
    out: dict[int, GameState | str] = {}
    for n in sorted(known):
        got = past_hand(state, n, base.ended, recorded)
        out[n] = got if isinstance(got, str) else (no_review(got, base.seat) or got)
    return out


def open_past_review(app: App[Any], got: GameState | str) -> None:
    """Show the review of a finished hand of the match (from :func:`past_hands`), starting
    it in a thread worker, or say why it has none."""
    if isinstance(got, str):
        app.notify(got, severity="warning")
        return
    from ..practice import practised_match, practising

    # in a practice of a hand (a) the score table's hands are the match's own; those of a
    # practice deal (--hand) are practice
    practice = practising(app) and practised_match(app) is None
    key = start_review_of(app, got, practice=practice)
    app.push_screen(ReviewScreen(key, gin_of(app).ascii_only, practice=practice))


def agreement(decisions: int, agreed: int, as_good: int = 0, better: int = 0) -> str:
    """"12 decisions; the expert would have made 9 of them the same way.", "1 decision; the
    expert would have made it the same way."; with ``as_good`` choices made otherwise at no
    estimated cost (about even, or looking as good): "12 decisions; the expert would have
    made 9 of them the same way, and 2 more of yours look about as good."; with ``better``
    of those the estimate favours by several points (said "better" beside them): "…, and 1
    more of yours looks better." or "…, and 1 more of yours looks better, 2 about as good."."""
    if decisions == 1:
        if agreed:
            return "1 decision; the expert would have made it the same way."
        if better:
            return "1 decision; the expert would have made it otherwise, but yours looks better."
        return "1 decision; the expert would have made it otherwise" + (", but yours looks about as good." if as_good else ".")
    head = f"{counted(decisions, 'decision')}; the expert would have made {agreed} of them the same way"
    if not as_good:
        return head + "."
    more = "more " if agreed else ""
    even = as_good - better
    if not better:
        return head + (f", and 1 {more}of yours looks about as good." if even == 1 else f", and {even} {more}of yours look about as good.")
    if not even:
        return head + (f", and 1 {more}of yours looks better." if better == 1 else f", and {better} {more}of yours look better.")
    return head + f", and {better} {more}of yours {'looks' if better == 1 else 'look'} better, {even} about as good."


def review_renderable(
    review: HandReview,
    ascii_only: bool = False,
    colours: Palette = DEFAULT,
    muted: StyleType = "dim",
    practice: bool = False,
) -> Group:
    """The review as text: a headline, then each difference in the order of play, with its cost;
    how many decisions agreed, the costs under half a point and how they are estimated in
    ``muted`` (on screen the panel's quieter text).  ``practice``: the hand reviewed was a
    practice, which the headline says ("Review of your practice of hand 1"), as the match's
    own hand of that number has a review too."""
    lines: list = []
    head = Text(style="bold")
    head.append(f"Review of your practice of hand {review.hand_no}" if practice else f"Review of hand {review.hand_no}")
    lines.append(head)
    lines.append(Text(agreement(review.decisions, review.agreed, review.as_good, review.better), style=muted))
    lines.append(Text())
    if review.layout:
        note = Text()
        note.append("The knock's layout: ", style="bold")
        note.append(review.layout + ".", style="italic")
        lines.append(note)
        lines.append(Text())
    if not review.mistakes:
        lines.append(Text("The expert would have played this hand exactly as you did."))
        return Group(*lines)
    grid = Table.grid(padding=(0, 1))
    grid.add_column(justify="right", no_wrap=True)
    grid.add_column(ratio=1)
    for n, m in enumerate(review.mistakes, 1):
        t = Text()
        t.append(m.summary(ascii_only))
        cost = m.cost_text()
        style = f"bold {colours.red}" if m.cost >= 5 else (f"bold {colours.gold}" if m.cost >= 0.5 else muted)
        if m.better:  # the play-outs favour the player's own choice by several points
            style = f"bold {colours.green}"
        t.append(f" {cost[:1].upper()}{cost[1:]}", style=style)
        if m.cost >= 0.5:
            t.append(" lost", style=style)
        if m.match_text():  # the match at stake, which the hand's points do not show
            t.append(f"; {m.match_text()}", style=f"bold {colours.red}")
        t.append(".", style=style)
        cell: list = [t]
        if m.hand:  # the hand as it was then, melds first, as the end of a hand shows them,
            # broken between its melds and cards where the line is too long, never inside a meld
            held = [Text("You", style=muted), Text("held", style=muted), *split_parts(m.hand, ascii_only, colours)]
            cell.append(WholeParts(held))
        cell.append(Text(m.reason, style="italic"))
        grid.add_row(Text(f"{n}.", style="bold"), Group(*cell))
    lines.append(grid)
    lines.append(Text())
    boxed = f" with its box bonus ({review.box} to the winner)" if review.box else ""
    within = "a point or two" if review.box else "about a point"  # a box won or lost spreads the play-outs
    # where no cost is listed ("Your choice looks as good"), the note speaks of the judgments, not of costs
    what = "Costs are" if any(m.cost >= 0.5 for m in review.mistakes) else "Each judgment weighs"
    how = (
        f"{what} expected points of this hand{boxed}, estimated by playing it out {review.samples} times or more (to within {within}) "
        "with the cards you could not see guessed from what the other player showed, as the hints guess them"
    )
    if any(m.knock_against_wait for m in review.mistakes):
        how += "; a knock against waiting likewise, your wait played out as the expert waits (to knock lower, or go gin)"
    lines.append(Text(how + ".", style=muted))
    return Group(*lines)


def reviewing(ascii_only: bool) -> Text:
    """What the review says until it is ready: "Reviewing the hand…", with ``ascii_only``
    "Reviewing the hand..." (it kept its "…" with ``--ascii``)."""
    return Text(f"Reviewing the hand{'...' if ascii_only else '…'}", style="italic")


class ReviewScreen(StyledOnce, TableOnly, ModalScreen):
    """The review of one hand: the decisions where the expert would have chosen differently."""

    CSS_PATH = "review_screen.tcss"
    BINDINGS = [
        Binding("escape,r,enter", "close", BACK, key_display="esc"),
        *TABLE_ONLY_BINDINGS,
    ]
    """Escape (or r, or Enter) goes back to the end of the hand; the table's other keys say
    why they do nothing here, and Tab and Shift+Tab with them (they moved the focus to the
    review's frame, where nothing shows it, and said nothing)."""

    QUIT_BACK = "Back to the review (n)"
    PLACE = "in the review"
    TABLE_WHY = "the hand is over; "

    def __init__(self, key: tuple, ascii_only: bool = False, *, practice: bool = False) -> None:
        super().__init__()
        self.key = key
        self.ascii_only = ascii_only
        self.practice = practice
        """The hand reviewed was a practice (its headline says so)."""
        self._timer: Timer | None = None
        self._shown = False
        """The review (or why there is none) is on the screen, no longer "Reviewing the hand…"."""

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="review"):
            yield Static(reviewing(self.ascii_only), id="review-body")
            yield back_line("review-close")
        yield TableOnlyLine()
        yield KeyBar()

    def on_mount(self) -> None:
        # another theme, another ground: the costs are coloured for it
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self._show())
        frame = self.query_one("#review", VerticalScroll)
        self.watch(frame, "scroll_y", self._show_more_below)
        # and whenever what it holds changes its height: the look after the first refresh
        # could come before the frame was laid out, and its edge stayed blank (under load)
        self.watch(frame, "virtual_size", self._show_more_below)
        if not self._show():
            self._timer = self.set_interval(0.2, self._show)

    def on_unmount(self) -> None:
        # the app's signal holds its subscribers until a theme is next picked: closed
        # without this, every review screen stayed in memory
        self.app.theme_changed_signal.unsubscribe(self)

    def on_resize(self) -> None:
        self.call_after_refresh(self._show_more_below)

    def _show_more_below(self) -> None:
        """While the review goes on below the frame, its bottom edge says so and how to get
        there ("more below: ↓/PgDn"; with ASCII suits "more below: Down/PgDn"), as F3 does:
        at 80x24 only the scroll bar's mark of two columns showed it."""
        frame = self.query_one("#review", VerticalScroll)
        if frame.scroll_y < frame.max_scroll_y:
            frame.border_subtitle = f"more below: {'Down/PgDn' if self.ascii_only else '↓/PgDn'}"
        else:
            frame.border_subtitle = ""

    @property
    def ready(self) -> bool:
        """True once the review is on screen (made, and shown: until the next look of
        :meth:`_show`, a review made says "Reviewing the hand…" still)."""
        return self._shown

    def _show(self) -> bool:
        result = keeper(self.app).get(self.key)
        if result is None:
            return False
        body = self.query_one("#review-body", Static)
        if isinstance(result, str):
            body.update(Text(result))
        else:
            # its costs on the panel's ground: salmon on light grey was 1.9:1 in textual-light
            colours = palette_of(self.app).on(self.app.theme_variables.get("surface", "ansi_default"))
            # its notes in the panel's quieter text (that of "Esc: back"): dimmed, they were 2.99:1 in atom-one-dark
            muted = Style(color=self.query_one("#review-close", Static).rich_style.color)
            body.update(review_renderable(result, self.ascii_only, colours, muted, self.practice))
        self._shown = True
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.call_after_refresh(self._show_more_below)  # once laid out: how far it scrolls
        return True

    def on_suits_changed(self, message: SuitsChanged) -> None:
        """The suits are drawn otherwise now (letters or symbols): redraw the review."""
        self.ascii_only = message.ascii_only
        if not self._show():
            self.query_one("#review-body", Static).update(reviewing(self.ascii_only))

    def action_close(self) -> None:
        """Back to the end of the hand."""
        self.dismiss()


__all__ = [
    "ReviewKeeper",
    "ReviewScreen",
    "keeper",
    "no_review",
    "open_past_review",
    "open_review",
    "past_hands",
    "review_key",
    "review_refusal",
    "review_renderable",
    "reviewing",
    "start_review",
    "start_review_of",
]
