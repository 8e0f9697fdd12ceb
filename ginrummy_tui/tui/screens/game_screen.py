"""The table: the other player's hand, the piles, the player's hand, the prompt.

Every key or click becomes an :class:`~ginrummy_tui.engine.Action` that goes
to the session; the screen then redraws from the session's new view.  It keeps
only how things are shown (the order of the cards, the selection, the last
refusal), never the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.reactive import reactive
from textual.screen import Screen

from ginrummy_tui.engine import Action, IllegalAction, Kind, Phase, best_melds
from ginrummy_tui.engine.rules import rules_label

from .. import table_text as tt
from ..hint_prompt import current_hint, hint_prompt, request_hint, view_key
from ..host import ClickModeChanged, SuitsChanged, gin_of
from ..key_steps import TurnSteps
from ..note_text import LOG_FROM, TABLE_WIDTH, cards_shift, log_width, lowered_rows, notes_shift, table_columns
from ..palette import palette_of
from ..widgets.action_bar import ActionBar
from ..widgets.cardfaces import ascii_text, ascii_words, card_label, pretty_codes
from ..widgets.deadwood_line import DeadwoodLine
from ..widgets.discard_pile import DiscardPile
from ..widgets.hand import KEYS, HandView
from ..widgets.hand_log import HandLog
from ..widgets.key_bar import KeyBar
from ..widgets.moves_line import MovesLine
from ..widgets.opponent_hand import OpponentHand
from ..widgets.prompt import PromptLine, refusal_text
from ..widgets.scoreboard import Scoreboard
from ..widgets.stock import StockPile
from ..widgets.too_small import NORMAL_WIDTH, TALL_HEIGHT, WIDE_WIDTH, TooSmall

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual.dom import DOMNode

    from ginrummy_tui.ai.hints import Hint
    from ginrummy_tui.engine import Card, PlayerView

    from ..host import GinHost


def ordinal(n: int) -> str:
    """``1`` -> ``"1st"``, ``11`` -> ``"11th"``."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _pick_bindings() -> list[Binding]:
    return [Binding(k, f"pick({i})", f"Card {i + 1}", show=False) for i, k in enumerate(KEYS)]


ROOM_STEPS = (("-long-prompt", "#actions", 0), ("-longer-prompt", "#moves", 0), ("-longest-prompt", "#opponent", 1))
"""How the table makes room for a long prompt line on a small screen, in turn (the class in
``game_screen.tcss``, the part, the rows it keeps): the buttons go (the key bar has their
keys), the moves line, the other player's card backs (its line with their name and count
stays)."""
BACKS_STEPS = ("-backs-1", "-backs-2")
"""The other player's card backs on one row or two (``game_screen.tcss``), where the line
lacks fewer rows than their three: at 46x21 a reason one row short hid all three, and two
blank rows stood above the key bar.  Each card is drawn whole on them
(:func:`~.opponent_hand.back_row`): they lost their top edge."""
ROOM_CLASSES = (*(step for step, _part, _kept in ROOM_STEPS), *BACKS_STEPS)
"""Every class the table takes to make room for a long prompt line."""
REFUSAL_ROOM_STEPS = (ROOM_STEPS[2], ROOM_STEPS[0], ROOM_STEPS[1])
"""The same for a refused move's reason: the card backs first, so that the buttons and the
moves line stay while it shows."""

HINT_KEPT = " h shows the hint again."
"""After the prompt, below 24 rows, while a refusal holds the rows of a hint on show:
the hint is not lost (h shows it again, not counted again, and so does the next card chosen)."""

TYPED_AHEAD = frozenset(
    ("play", "discard", "knock", "knock_gin_only", "gin", "cursor", "pick", "move_card", "sort", "hint")
)
"""The table's actions whose keys, typed while a move is on its way to the host (network
play), wait for its answer: they act on the position it brings, as they would in a local game."""
TYPED_AHEAD_MOST = 20
"""At most this many keys wait for the host's answer; more are refused, saying why."""


def status_room(width: int) -> int:
    """The columns of the session's line (network play) on the prompt line of a screen
    ``width`` wide: the prompt line's, less the mark of a move refused for what it says
    (``✗ ``): 40 at 46 columns, 74 from 80 (a wider screen leaves the room to the prompt)."""
    return min(width, NORMAL_WIDTH) - 4 - 2


END_KEY = "l"
"""The key that shows the end of a hand that came while the discard pile was listed (closing the
list: the end waits for it)."""


class GameScreen(Screen, TurnSteps):
    """The table, where a hand is played."""

    BINDINGS = [
        Binding("t", f"play('{Kind.TAKE_UPCARD}')", "Take", tooltip="Take the upcard"),
        Binding("p", f"play('{Kind.PASS}')", "Pass", tooltip="Pass on the upcard"),
        Binding("s", f"play('{Kind.DRAW_STOCK}')", "Stock", tooltip="Draw from the stock"),
        Binding("d", f"play('{Kind.DRAW_DISCARD}')", "Pile", tooltip="Take the top card of the discard pile"),
        Binding("enter,n", "show_end", "See the end", key_display="⏎", tooltip="Close the pile list: how the hand ended"),
        Binding("l", "show_end('l')", "Close list", tooltip="Close the pile list: how the hand ended"),
        Binding("enter", "discard", "Discard", key_display="⏎", tooltip="Discard the selected card"),
        Binding("k", "knock", "Knock", tooltip="Knock"),
        Binding("k", "knock_gin_only", show=False),  # off the key bar where only gin ends the hand: says why
        Binding("g", "gin", "Gin", tooltip="Go gin"),
        Binding("b", f"play('{Kind.BIG_GIN}')", "Big Gin", tooltip="Big Gin: knock with all 11 cards melded"),
        Binding("left", "cursor(-1)", "Select left", show=False),
        Binding("right", "cursor(1)", "Select right", show=False),
        Binding("shift+left,less_than_sign,comma", "move_card(-1)", "Move card left", show=False),
        Binding("shift+right,greater_than_sign,full_stop", "move_card(1)", "Move card right", show=False),
        Binding("o", "sort", "Sort", tooltip="Sort the hand by rank or by suit"),
        Binding("l", "toggle_pile", "Pile list", show=False),
        Binding("escape", "close_pile", "Close the pile list", show=False),
        Binding("m", "moves", "Moves", tooltip="Every turn of this hand", id="moves"),
        Binding("h", "hint", "Hint", tooltip="What the expert would do now, and why"),
        Binding("r", "after_hand('review')", show=False),
        Binding("a", "after_hand('replay')", show=False),
        Binding("n", "after_hand('next')", show=False),
        *_pick_bindings(),
    ]
    """The moves (``play`` and friends) and the ways to arrange the hand."""

    shown_hint: reactive[tuple[tuple, Hint] | None] = reactive(None, always_update=True, init=False)
    """``(moment, Hint)`` of the hint on show (see :mod:`..hint_prompt`); a new one redraws the prompt."""
    hint_asked: reactive[tuple | None] = reactive(None, init=False)
    """The moment (:func:`..hint_prompt.view_key`) of the hint being worked out, until it is shown:
    meanwhile the prompt line says that it is being worked out."""

    def __init__(self) -> None:
        super().__init__()
        self.refusal = ""
        """Why the last move was refused (shown until the next move)."""
        self._refusal_waits = False
        """The refusal on show is a move out of turn's, which names whom the player waits for."""
        self._refused_while = ""
        """What stopped every move (:meth:`Session.blocked`) when the refusal on show was made."""
        self._refusal_in_status = False
        """The refusal on show is told by marking the session's line, which says why already."""
        self._refusal_notice = False
        """The line on show is a notice (a key that did its work elsewhere), not a refusal."""
        self._refused_with: Card | None = None
        """The card selected when the refusal on show was made: selecting another takes it down."""
        self._refusal_lasts = False
        """The refusal on show stays while the selection changes (the computer could not move)."""
        self._refusal_short = ""
        """The refusal on show in fewer words, where the prompt after it says what to press (a key
        the table has no use for: :func:`~..table_text.unused_key_short`); "" for none."""
        self._refusal_words: Callable[[], str] | None = None
        """What makes the refusal on show anew each time it is drawn, where it names the clicks
        (which F2 may switch meanwhile: "click another card twice"); None for a fixed one."""
        self.v: PlayerView | None = None
        self.shown_name = ""
        """The other player's name as the table shows it (network play: it changes when they join)."""
        self._made_room: Size | None = None
        """The screen size at which the table last made room for a long prompt line."""
        self._room_for = 0
        self._room_steps = ROOM_STEPS
        """The steps the table took when it last made room (a reason's are another order)."""
        """The lines the prompt line needed when the table last made room for it: a reason
        that comes below a hint on show needs more, and the room is made again."""
        self._gin_passed: tuple[tuple, Card] | None = None
        """``(moment, card)``: the discard of this card at this moment (:func:`..hint_prompt.view_key`)
        was refused once as it goes gin; thrown again, it is discarded."""
        self._knock_passed: tuple[tuple, Card] | None = None
        """``(moment, card)``: the knock with this card at this moment was refused once as the
        hand could go gin instead; asked again, it knocks."""
        self._typed_ahead: list[str] = []
        """Network play: the keys typed while a move was on its way to the host, in order,
        until its answer comes (:meth:`play_typed_ahead`)."""
        self._playing_typed_ahead = False
        self._answer_due = False
        """Network play: a move was sent from this table and the table has not shown what
        came of it yet (the host's answer may have come, its redraw not: keys typed at once
        after the move are read before it)."""
        self._spacing = self.SPACING
        """The table's blank lines that fit at this size (:meth:`_set_spacing`)."""
        self._spacing_given = 0
        """Of those, the blank lines given to a long prompt line on a narrow or short screen, the
        fewest it lacks (:meth:`_update_details`): the rest are kept."""
        self._list_room: int | None = None
        """The rows under the table's parts at this size (None: more than a listed pile needs)."""
        self._lower = 0
        """The rows the table's parts under its score line stand lower on a terminal taller than
        it needs (:meth:`_set_spacing`)."""
        self._lower_given = 0
        """Of those, the rows given to a prompt line longer than the rows under it (:meth:`_update_details`)."""
        self._laid_out: Size | None = None
        """The screen size the table was last laid out at: the prompt line measures the rows
        it has from that layout, so room is made only once the table is laid out at the
        screen's size (just after a resize its parts still stand where the old size had them)."""

    @property
    def gin(self) -> GinHost:
        return gin_of(self.app)

    def compose(self) -> ComposeResult:
        a = self.gin.ascii_only
        yield TooSmall()
        with Vertical(id="table"):
            yield Scoreboard(ascii_only=a, id="scoreboard")
            yield OpponentHand(ascii_only=a, id="opponent")
            with Horizontal(id="piles"):
                yield StockPile(ascii_only=a, id="stock")
                yield DiscardPile(ascii_only=a, id="pile")
            yield MovesLine(id="moves")
            yield HandView(ascii_only=a, id="hand")
            yield DeadwoodLine(id="deadwood")
            yield ActionBar(id="actions")
            yield PromptLine(id="prompt")
        yield KeyBar()  # the hand's log comes before it once the terminal is wide enough (_show_log)

    def on_mount(self) -> None:
        self.query_one(HandView).one_click = self.gin.one_click
        self.show_view(self.gin.session.view())
        self.app.call_after_refresh(self.gin.table_mounted)
        if self.gin.session.ticking:  # network play: keep the clock and connection line fresh
            self.set_interval(0.5, self._update_details)

    _sized_for: Size | None = None
    """The terminal's size when the table was last resized while shown, None when it was last
    resized under a screen over it (:meth:`on_screen_resume`)."""

    def on_screen_suspend(self) -> None:
        """A screen over the table: the refusal on show, if any, is taken down, as the player
        has done something else (r refused, F2 opened and left: the reason stayed under the
        prompt as if just said).  At once, not once the table is back: the table shows through
        the screen's translucent ground, and a two-row refusal stood there under the list of
        turns, its last row covered by the list's own line ("The table's keys do nothing in the
        list of turns"), its first cut off mid-sentence.  One made meanwhile (the host's answer
        to a move) stays."""
        if self.is_mounted:
            self.clear_refusal()

    def on_screen_resume(self) -> None:
        """Back from a screen over the table under which the terminal was resized (the quit
        question, the score table, the rule sheet): the table is laid out anew for the size it is shown
        at.  Measured under the screen over it, where its parts were not laid out at each size,
        the room made for a long prompt line stayed from a size passed through (resized to
        132x43 and back to 80x24 under the score table, the buttons were gone and two rows stood
        empty above the key bar; resized through 46x21, the computer's cards were squashed),
        until the next resize.  The whole table is laid out again before the prompt line is
        measured: the parts given back take their rows only once their styles reach the layout,
        and measured in the layout from before (resized to 46x21 under the score table, with a
        two-line hint up), the hint seemed to have its three rows and was cut to its first line."""
        if self.is_mounted and self._sized_for != self.app.size:
            self._give_back_room()
            self._laid_out = None
            self.refresh(layout=True)  # laid out before _after_layout measures it
            self.on_resize()

    def on_resize(self) -> None:
        self._sized_for = self.app.size if self.app.screen is self else None
        width, height = self.size
        big = width >= 90 and height >= 34
        self.set_class(width >= LOG_FROM, "-with-log")
        left, table = table_columns(width)
        # the toasts in the table's columns: clear of the hand's log beside it, and
        # placed over the table as at 80 columns, the same at any width: beside the
        # cards, wherever they stand (note_text.py's notes_shift)
        for rack in self.query("#textual-toastrack"):  # Textual's holder of the toasts
            rack.styles.padding = (0, width - left - table, 0, left + notes_shift(table))
        for log in self.query(HandLog):  # the room the table leaves (table_columns counts it)
            log.styles.width = log_width(width)
        self.set_class(height == TALL_HEIGHT, "-just-tall")  # no line to spare for the wide table's second blank one
        if self._refusal_notice and width < LOG_FROM:
            self.refusal = ""  # the notice points to the hand's log beside the table, which this width has not
        for widget in (self.query_one(HandView), self.query_one(StockPile), self.query_one(DiscardPile)):
            widget.set_big(big)
        self._set_spacing(height, table)
        # the cards' block (game_screen.tcss) in the middle of a table wider than it, where it
        # stood at its left, and the lines between and under them (the moves, the deadwood, the
        # buttons) with it, in the rest of the table's width; the score line and the prompt
        # line keep the table's whole width
        shift = self._cards_shift()
        for part in self.query("#opponent, #piles, #moves, #hand, #deadwood, #actions"):
            part.styles.offset = (shift, 0)
        for line in self.query("#moves, #deadwood, #actions"):
            line.styles.max_width = self._line_room() if shift else None
        if self.v is not None:
            self._show_opponent(self.v)  # the name's long or short form follows the width (the moves line too, below)
            if not self.end_waits:
                self._show_scores(self.v)
            self._show_log(self.v)
        self._update_details()
        if self.has_class("-pile-open"):
            # the blank lines of this size, measured once laid out
            self.remove_class("-pile-open", *(step for step, _rows in self.PILE_STEPS))
        self.call_after_refresh(self._after_layout)

    SPACING = 6
    """The table's blank lines between its parts where they all fit (game_screen.tcss)."""
    PARTS_ROWS = 12
    """The rows of the table's parts but the hand: the score line, the other player's four
    (name and card backs), the piles' three, the moves line, the deadwood line, the
    buttons and the prompt line."""

    def _set_spacing(self, height: int, table: int) -> None:
        """As many of the table's blank lines as fit under its parts in ``height`` rows (the key
        bar's off, one row or two), the hand as wide as the ``table``'s columns but its padding:
        ``-spacing-N`` with N of them, no class with all of them.  Where the parts do not fit
        even with none (46x21, its key bar on two rows), the buttons give way (``-no-buttons``:
        the key bar has their keys), never the prompt line."""
        hand = self.query_one(HandView)
        rows = self.PARTS_ROWS + hand.rows(table - 2) * hand.card_lines
        width = self.size.width
        room = height - self.query_one(KeyBar).rows_at(width) - rows
        spacing = max(0, min(self.SPACING, room))
        self._spacing = spacing
        self._show_spacing()
        self._lower = lowered_rows(room - spacing - self._extra_rows(width, height))
        self._show_lowered()
        self.set_class(room < 0, "-no-buttons")
        # the rows under the table's parts, which a listed pile may take (the big cards and the
        # wide table's blank lines are not counted here: those screens have rows to spare), less
        # those it stands lower by
        self._list_room = max(0, room - spacing - self._lower) if width < WIDE_WIDTH and height < 34 else None

    def _extra_rows(self, width: int, height: int) -> int:
        """The rows the table takes beyond :attr:`PARTS_ROWS`, the hand and its blank lines at
        this size (game_screen.tcss): the big piles' two more (:meth:`on_resize` has made them
        big or not), and the wide table's second blank line above the piles and above the hand
        (one only at :data:`TALL_HEIGHT`)."""
        extra = 2 if self.query_one(StockPile).big else 0
        if width >= WIDE_WIDTH and height >= TALL_HEIGHT:
            extra += 1 if height == TALL_HEIGHT else 2
        return extra

    def _show_lowered(self) -> None:
        """The table's parts under its score line :attr:`_lower` rows down, less those given to
        a long prompt line, and the notes beside the other player's cards with them.  The score
        line (the title) stays on the first row, as the key bar on the last."""
        rows = max(0, self._lower - self._lower_given)
        self.query_one(Scoreboard).styles.margin = (0, 0, 1 + rows, 0) if rows else None
        for rack in self.query("#textual-toastrack"):  # Textual's holder of the toasts
            rack.styles.offset = (0, rows)

    def _show_spacing(self) -> None:
        """``-spacing-N``: the blank lines that fit, less those given to a long prompt line."""
        spacing = max(0, self._spacing - self._spacing_given)
        for n in range(self.SPACING):
            self.set_class(n == spacing, f"-spacing-{n}")

    def _give_back_room(self) -> None:
        """The whole table again: the parts and the blank lines a long prompt line took."""
        self._made_room = None
        self.remove_class(*ROOM_CLASSES)
        self.query_one(DiscardPile).take_back_rows()
        if self._spacing_given:
            self._spacing_given = 0
            self._show_spacing()
        if self._lower_given:
            self._lower_given = 0
            self._show_lowered()

    def on_key_bar_rows_changed(self, message: KeyBar.RowsChanged) -> None:
        """The key bar takes another number of rows: the table's blank lines (and buttons) that
        fit above it, and the prompt line's rows, again."""
        message.stop()
        width, height = self.size
        if width and height:
            self._set_spacing(height, table_columns(width)[1])
            self.call_after_refresh(self._after_layout)

    def _after_layout(self, tries: int = 5) -> None:
        """The table is laid out at the screen's size: the prompt line's rows, and the room
        for a long one, are measured again (the listed pile first takes its rows; the prompt
        line is measured once the table is laid out with them, after another refresh or more)."""
        pile = self.query_one(DiscardPile)
        if pile.expanded and not self.has_class("-pile-open"):
            self._give_rows_to_pile(True)
        if pile.expanded and tries and not self._laid_out_with_pile():
            self.call_after_refresh(self._after_layout, tries - 1)
            return
        self._laid_out = self.app.size
        self._update_details()

    def _laid_out_with_pile(self) -> bool:
        """Whether the last layout has the listed pile as it is now: its rows, and the blank
        lines above the moves line and the hand as the style sheet has them now."""
        pile, moves, hand = self.query_one(DiscardPile), self.query_one(MovesLine), self.query_one(HandView)
        rows = pile.get_content_height(pile.size, self.app.size, pile.content_region.width)
        piles = self.query_one("#piles").region
        return (
            pile.region.height == rows
            and moves.region.y == piles.bottom + moves.styles.margin.top
            and hand.region.y == moves.region.bottom + hand.styles.margin.top
        )

    # ------------------------------------------------------------ drawing

    def _still_waiting(self, v: PlayerView) -> bool:
        """A move made out of turn was refused ("It is not your turn: wait for Computer") and the
        view ``v`` is still of the other player's turn, in the same hand: the reason holds, and
        stays, until the player's turn comes.  It went with the other player's first step (the
        draw, within half a second of a click), before it could be read."""
        old = self.v
        return (
            bool(self.refusal)
            and self._refusal_waits
            and old is not None
            and not v.my_turn
            and not v.phase.ended
            and (v.match_no, v.hand_no) == (old.match_no, old.hand_no)
        )

    def show_view(self, v: PlayerView) -> None:
        """Redraw everything from the view ``v``."""
        old = self.v
        if old is not None and view_key(old) != view_key(v) and not self._still_waiting(v):
            self.refusal = ""  # the game moved on (or another deal replaced it): the last refusal no longer applies
        self.v = v
        app = self.gin
        name = app.session.opponent_name
        self.shown_name = name
        from ..practice import practice_banner

        if not self.end_waits:  # the end of the hand waits behind the pile list: its points come with it
            self._show_scores(v)
        board = self.query_one(Scoreboard)
        board.set_practice(practice_banner(self.app))
        keeper = app.context.keeper  # a separate match (beside the match open in another gin-tui) says so
        board.set_separate(keeper is not None and keeper.store.is_separate)
        self._show_opponent(v)
        self.query_one(StockPile).set_state(v.stock_size, Action(Kind.DRAW_STOCK) in v.legal_actions)
        self.query_one(DiscardPile).set_state(v.discard, tt.pile_open(v), tt.pile_hint(v), upcard=v.phase == Phase.UPCARD)
        split = best_melds(v.hand)
        melded = {c for m in split.melds for c in m}
        hand = self.query_one(HandView)
        dealt = (  # a hand was just dealt (the next one, or a deal played again)
            old is not None
            and not v.history
            and (bool(old.history) or (old.match_no, old.hand_no) != (v.match_no, v.hand_no))
        )
        best = tt.best_throw(v) if v.taken is not None else None  # selected after taking the discard
        hand.set_hand(v.hand, melded, drawn=v.drawn, taken=v.taken, best=best, new_deal=dealt)
        self._show_moves(v)
        self._show_log(v)
        self._update_details()

    _log_key: tuple | None = None

    def _show_log(self, v: PlayerView) -> None:
        """The hand's log, while the screen is wide enough to show it."""
        if not self.has_class("-with-log"):
            return
        app = self.gin
        handovers = app.session.handovers()
        key = (view_key(v), app.ascii_only, app.session.opponent_name, tuple(handovers))
        if key == self._log_key:
            return
        self._log_key = key
        logs = self.query(HandLog)
        if logs:
            log = logs.first()
        else:  # mounted the first time it is shown: no cost to a start on a smaller terminal
            log = HandLog(id="log")
            log.styles.width = log_width(self.size.width)
            self.mount(log, before=self.query_one(KeyBar))
        name = tt.short_name(app.session.opponent_name)  # the column is narrow
        # before anyone has moved it says so, as the list of turns over the table does (m): it
        # showed its head alone, "Hand 1 · Computer dealt", as if it had failed to show
        log.set_lines(tt.log_text(v, name, app.ascii_only, handovers, say_none=True))

    def _show_scores(self, v: PlayerView) -> None:
        """The score line, the other player named as the label over their cards names them
        (below 60 columns a long name cut: "Zoë 日本語…", :func:`~..table_text.fitting_name`)."""
        names = (  # the line says "to N" beside them: the target is no change to name
            rules_label(v.rules, "rules", target=False), rules_label(v.rules, "rules", short=True, target=False),
            # at 80 columns "multiplayer-1.5 rules (changed)" did not fit, and was cut to the preset's name
            rules_label(v.rules, short=True, target=False),
        )
        name = tt.fitting_name(self.gin.session.opponent_name, self.app.size.width)
        self.query_one(Scoreboard).set_state(v.totals[v.seat], v.totals[1 - v.seat], name, v.rules.target, v.hand_no, names)

    def _show_opponent(self, v: PlayerView) -> None:
        """The opponent's line and card backs; its name is shortened below 60 columns."""
        name = self.gin.session.opponent_name
        self.query_one(OpponentHand).set_state(
            tt.fitting_name(name, self.app.size.width),
            v.opponent_hand_size,
            v.opponent_known,
            to_move=tt.opponent_to_move(v),
        )

    _moves_key: tuple | None = None

    def _show_moves(self, v: PlayerView) -> None:
        """The moves line, and (network play) a hint the other player was shown this hand."""
        app = self.gin
        hints = app.session.hints_this_hand()
        # the other seat's: of who held it before in the hand, then of who holds it now
        shown = [(name, count) for seat, name, count in app.session.earlier_hints() if seat != v.seat]
        if hints is not None and hints[1]:
            shown.append((app.session.opponent_name, hints[1]))
        room = self._line_room()
        handovers = app.session.handovers()
        key = (view_key(v), tuple(shown), app.ascii_only, room, app.session.opponent_name, tuple(handovers))
        if key == self._moves_key:
            return
        self._moves_key = key
        name = tt.fitting_name(app.session.opponent_name, self.app.size.width)
        text = tt.fitting_moves_text(v, name, app.ascii_only, room, handovers)
        if shown:
            # the longest words that fit beside the moves (at 80 columns a long move
            # and "… was shown 2 hints this hand." did not), else the moves give way
            forms = tt.hints_note_forms([(tt.short_name(name), count) for name, count in shown])
            note = next((form for form in forms if text.cell_len + len(form) <= room), forms[-1])
            if text.cell_len + len(note) > room:
                text = tt.fitting_moves_text(v, name, app.ascii_only, room - len(note), handovers)
            text.append(note, style="italic")
        self.query_one(MovesLine).set_text(text)

    def on_suits_changed(self, message: SuitsChanged) -> None:
        """The suits are drawn otherwise now (letters or symbols): the cards and the table's text."""
        for widget in (
            self.query_one(Scoreboard),
            self.query_one(OpponentHand),
            self.query_one(StockPile),
            self.query_one(DiscardPile),
            self.query_one(HandView),
        ):
            widget.ascii_only = message.ascii_only
        if self.v is not None:
            self.show_view(self.v)

    def on_click_mode_changed(self, message: ClickModeChanged) -> None:
        """One-click discard on or off: the prompt says "click" or "click twice"."""
        self._update_details()

    def watch_shown_hint(self) -> None:
        self._update_details()

    def watch_hint_asked(self) -> None:
        self._update_details()  # "Working out a hint…" while it is, then the prompt or the hint

    def _update_details(self) -> None:
        """The parts that depend on the selected card too."""
        v = self.v
        if v is None:
            return
        self._show_moves(v)  # network play: a hint the other player was just shown
        app = self.gin
        hand = self.query_one(HandView)
        selected, chosen, a = hand.selected, hand.chosen, app.ascii_only
        colours = palette_of(self.app)
        line_room = self._line_room()
        self.query_one(DeadwoodLine).set_text(tt.deadwood_text(v, selected, a, colours, line_room))
        self.query_one(ActionBar).show(tt.buttons(v, selected, chosen, a))
        if self.refusal and self.gin.session.blocked() != self._refused_while:
            # refused while not connected (or the other player away): that has passed; or refused
            # while connected, and the connection (or the other player) has gone since: the line
            # says so now, and an old reason after it ("✗ A hint is for your own turn.") no longer applies
            self.refusal = ""
        if self.refusal and not self._refusal_lasts and selected is not self._refused_with:
            self.refusal = ""  # another card selected: the prompt speaks of it now
            self._gin_passed = None  # and a discard that goes gin, no longer said, is refused again
            self._knock_passed = None  # and so is a knock while gin is there
        if self.refusal and self._refusal_words is not None:
            self.refusal = self._refusal_words()  # the clicks as they are now (one-click discard switched in F2)
        refusal = pretty_codes(self.refusal, a)
        # a key the table has no use for: where the prompt after the note says what to press (no
        # hint in its place), the note leaves that to it, and the prompt is never dropped for it
        told_below = (
            bool(self.refusal and self._refusal_short)
            and tt.prompt_says_keys(v)
            and not app.session.status_says_blocked()
            and not app.session.shut_out()
            and (self.app.size.height < TALL_HEIGHT or current_hint(self, v) is None)
        )
        if told_below:
            refusal = pretty_codes(self._refusal_short, a)
        # the clock (or the network line) goes first, then the reason of a refusal: the prompt gets the rest
        status = self._status_line()
        if a:  # measured as the line shows it: "Time" for "⏱", "..." for "…"
            status = ascii_text(status) if isinstance(status, Text) else ascii_words(status)
        status_refused = bool(refusal) and self._refusal_in_status and bool(status)
        if status_refused:
            refusal = ""  # the line of the lost connection says why: it is marked refused instead
        status_plain = status.plain if isinstance(status, Text) else status
        status_len = len(status_plain) + (2 if status_refused else 0)
        notice = bool(refusal) and self._refusal_notice
        told = refusal_text(refusal, notice) if refusal else ""
        refusal_len = len(ascii_words(told) if a else told)
        room = self._prompt_width() - (status_len + 2 if status_len else 0) - refusal_len
        if app.session.status_says_blocked():
            plain_prompt = Text()  # the line says why nothing moves: "Ann is to move…" would be stale
        else:
            plain_prompt = tt.prompt_text(
                v,
                tt.fitting_name(app.session.opponent_name, self.app.size.width),  # as the table names them
                computes_opponent=app.session.computes_opponent,
                width=room,
                selected=selected,
                chosen=chosen,
                ascii_only=a,
                one_click=app.one_click,
                mouse=app.mouse_enabled,
                end_key=self.end_keys() if self.pile_listed else "",
            )
        # a seat shut out for good: a hint on show speaks of a hand that is no longer played here
        prompt = plain_prompt if app.session.shut_out() else hint_prompt(self, v, plain_prompt)
        if refusal and self.app.size.height < TALL_HEIGHT:
            # below 24 rows the reason and a hint under it took the buttons' row and the moves
            # line: the hint gives way while the reason shows, and comes back when it goes; the
            # prompt says it is still there, where that takes no row more
            if prompt is not plain_prompt:
                before = f"{status_plain}  {told}" if status_len else told
                if self._rows_of(before + plain_prompt.plain + HINT_KEPT) == self._rows_of(before + plain_prompt.plain):
                    plain_prompt = plain_prompt + Text(HINT_KEPT)
            prompt = plain_prompt
        hinting = prompt is not plain_prompt
        # a reason often ends with what to do ("...: draw from the stock"): not said twice
        tail = refusal.rsplit(":", 1)[-1].strip().lower() if ":" in refusal else ""
        if tail and tail in prompt.plain.lower():
            prompt = Text()
        # a move out of turn is refused with whom to wait for: the waiting line would name them again
        if not v.my_turn and not hinting and refusal and self._refusal_waits:
            prompt = Text()
        # a hint on show, or a reason that does not fit on one line after the clock, wraps onto
        # more lines, and so does a reason or a notice with the prompt after it (it never takes
        # its place: at 80x24, "✗ The review of your decisions (r) comes once the hand is over."
        # stood alone, without "Take 4♣ (t) or pass (p).")
        long = len(prompt.plain) > room
        # so does the line of a hand over behind the listed pile, which says what shows its end
        # (at 46 columns it was cut: "The hand is over: ⏎ or l shows how it end…")
        wrap = hinting or room < 0 or (bool(notice or told_below or refusal or self.end_waits) and long)
        # the connection's line is what must be read whole: on one line, a prompt that would
        # push it past the edge goes (the buttons and the key bar still say what to do);
        # wrapped, the prompt follows the reason (on a small screen the buttons give way first)
        if status_len and not wrap and long:
            prompt = Text()
        line = self.query_one(PromptLine)
        line.set_prompt(
            prompt,
            refusal,
            status=status,
            wrap=wrap,
            status_refused=status_refused,
            ascii_only=a,
            notice=notice,
            apart=hinting,  # a hint below the reason, not run on after it
        )
        # on a small screen the table makes room for the rest of a long hint or reason, until it
        # goes (ROOM_STEPS)
        size = self.app.size
        steps = REFUSAL_ROOM_STEPS if refusal else ROOM_STEPS
        if wrap and self._made_room is not None and (
            self._made_room != size or line.lines + line.short_of < self._room_for or self._room_steps is not steps
        ):
            # another size, or the line needs fewer rows than room was made for (the reason
            # below a hint gone with another card selected): the whole table again, then what
            # the line lacks there
            self._give_back_room()
            self.call_after_refresh(self._update_details)
        elif (
            wrap
            and line.short_of
            and (self._made_room is None or line.lines + line.short_of > self._room_for)
            and self._laid_out == size
        ):
            # decided once for a size and what the line needs (a reason may come below a hint on
            # show), from the rows each step frees (the layout is not redone yet)
            self._made_room = size
            self._room_for = line.lines + line.short_of
            self._room_steps = steps
            short = line.short_of
            if short > 0 and self._lower > self._lower_given:
                # a tall screen's rows above the table's parts go first (it keeps LOWERED_RESERVE rows
                # under the prompt line, so only a very long line gets here)
                given = min(short, self._lower - self._lower_given)
                self._lower_given += given
                short -= given
                self._show_lowered()
            left = self._spacing - self._spacing_given
            if short > 0 and left > 0 and (self.has_class("-narrow") or self.has_class("-short")):
                # on a narrow or short screen the blank lines kept (-spacing-N) give way first,
                # only as many as the line lacks: at 72x22 a hint of three lines took all five,
                # and three rows stood empty above the key bar
                given = min(short, left)
                self._spacing_given += given
                short -= given
                self._show_spacing()
            tight = self._spacing == self._spacing_given  # no blank line left between the parts
            for step, part, kept in steps:
                if short <= 0:
                    break
                widget = self.query_one(part)
                if not self.has_class(step):
                    backs = widget.outer_size.height - kept  # the card backs' rows (#opponent)
                    if part == "#opponent" and 0 < short < backs:
                        self.add_class(BACKS_STEPS[backs - short - 1])  # only the rows lacking
                        short = 0
                        break
                    if widget.display:  # not gone already (the buttons at 46x21, the moves line for the listed pile)
                        short -= widget.outer_size.height + (0 if tight else widget.styles.margin.top) - kept
                    self.add_class(step)
            if short > 0 and self.pile_listed:
                # the parts have given way already (to the listed pile): the list gives the rest,
                # scrolling in the rows it keeps
                self.query_one(DiscardPile).lend_rows(short)
            self.call_after_refresh(self._update_details)
        elif not wrap:
            self._give_back_room()
        self.refresh_bindings()

    def _cards_shift(self) -> int:
        """The columns the cards' block (game_screen.tcss) stands right of the table's left, in
        the middle of a table wider than it (:func:`~..note_text.cards_shift`)."""
        return cards_shift(min(self.app.size.width, TABLE_WIDTH))

    def _line_room(self) -> int:
        """Columns for the lines shifted with the cards (the moves, the deadwood): the table's, less
        its padding and the cards' shift (:meth:`_cards_shift`)."""
        return min(self.app.size.width, TABLE_WIDTH) - 2 - self._cards_shift()

    def _rows_of(self, text: str) -> int:
        """The rows ``text`` takes on the prompt line, wrapped at its width."""
        return len(Text(text).wrap(self.app.console, self._prompt_width()))

    def _prompt_width(self) -> int:
        """Columns for text on the prompt line (before its first layout: as the style sheet will make it)."""
        width = self.query_one(PromptLine).content_region.width
        return width if width > 0 else min(self.app.size.width, TABLE_WIDTH) - 4

    def _status_line(self) -> Text | str:
        """The move clock (coloured by how little time is left) or the session's line (network play:
        waiting for the opponent, the connection)."""
        return self.gin.clock_rich or self.gin.session.status(status_room(self.app.size.width))

    # ------------------------------------------------------------ what may be done

    def _choice(self, kind: Kind) -> Card | None:
        """The card to knock (or go gin) with (see :func:`table_text.choice`)."""
        hand = self.query_one(HandView)
        return tt.choice(self.v, kind, hand.selected, hand.chosen)

    def turn_steps(self) -> tuple[frozenset[str], tuple[tuple[Binding, ...], ...]]:
        """The moves' keys of each step of a turn, as :meth:`check_action` shows them
        under the rules and knock limit in play: the upcard offer (where the rules
        have one), the draw, the discard (its knock where a knock is allowed, Big Gin
        where the rules have it).  None while the end of the hand waits behind the listed
        pile: no step of a turn is to come, and the words of the keys there (at 46x21 "⏎ See
        the end  l Close list  o Sort" and "m Moves  h Hint  ? Rules  c Scores  q Quit")
        were said shorter for the discard's keys, which are not on the bar ("m Log h Tip ?
        Help c Pts")."""
        v = self.v
        if v is None or self.end_waits:
            return frozenset(), ()
        by_action = {b.action: b for b in self.BINDINGS if isinstance(b, Binding) and b.show}

        def play(kind: Kind) -> str:
            return f"play('{kind}')"

        upcard = (play(Kind.TAKE_UPCARD), play(Kind.PASS))
        draw = (play(Kind.DRAW_STOCK), play(Kind.DRAW_DISCARD))
        discard = ("discard", *(("knock",) if v.knock_limit else ()), "gin", *((play(Kind.BIG_GIN),) if v.rules.big_gin else ()))
        moving = frozenset((*upcard, *draw, "discard", "knock", "gin", play(Kind.BIG_GIN)))
        steps = ((upcard,) if v.rules.upcard_offer else ()) + (draw, discard)
        return moving, tuple(tuple(by_action[a] for a in step) for step in steps)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Moves of another phase are hidden, and the knock where only gin ends the hand;
        moves of this phase that are not legal now are dimmed."""
        v = self.v
        if v is None:
            return True
        if action in ("hint", "play", "discard", "knock", "knock_gin_only", "gin") and self.gin.session.shut_out():
            return False  # the match has ended for this seat: no move is offered again
        if action == "show_end":
            return self.end_waits
        if action == "sort" and self.end_waits:
            return None  # dimmed: the cards of a hand that is over are not arranged (o says why)
        if action == "hint":  # dimmed as the moves are while none may be made (network play: paused)
            return True if v.my_turn and not self.gin.session.blocked() else None
        if action == "play":
            kind = Kind(str(parameters[0]))
            if kind == Kind.BIG_GIN and not v.rules.big_gin:
                return False
            if tt.PHASE_OF.get(kind) != self._keys_phase(v):
                return False
            return True if Action(kind) in v.legal_actions else None
        if action == "knock_gin_only":
            return self._keys_phase(v) == Phase.DISCARD and v.knock_limit == 0
        if action in ("discard", "knock", "gin"):
            if self._keys_phase(v) != Phase.DISCARD:
                return False
            if action == "knock" and v.knock_limit == 0:
                return False  # only gin ends this hand (an Oklahoma ace, knock limit 0): k is never a move
            if action == "discard":
                sel = self.query_one(HandView).selected
                return True if sel is not None and Action(Kind.DISCARD, sel) in v.legal_actions else None
            return True if self._choice(Kind(action)) is not None else None
        return True

    @staticmethod
    def _keys_phase(v: PlayerView) -> Phase:
        """The step of the turn whose moves the key bar shows: the hand's, but once the player
        has passed the upcard and the other player decides on it, the draw, which comes next
        (it showed "t Take  p Pass", dimmed, keys the player has no more use for in this hand,
        while the computer thought); and while the other player discards, the draw too, the
        player's next step (it showed "⏎ Discard  k Knock  g Gin", dimmed, the other's step)."""
        if v.phase == Phase.UPCARD and not v.my_turn and v.passes:
            return Phase.DRAW
        if v.phase == Phase.DISCARD and not v.my_turn:
            return Phase.DRAW
        return v.phase

    # ------------------------------------------------------------ keys typed ahead (network play)

    def holds_key(self, key: str) -> bool:
        """Network play: a key of the game (a move, the selection, the order of the cards, a
        hint) typed while a move is on its way to the host, or before the table has shown what
        came of it, waits (True): it acts then, on the position the answer brings, as it would
        at once in a local game (``s 3 ⏎`` draws and throws the 3rd card).  The app asks just
        before the key's bindings would act on it (keys typed together reach the table's own
        handler before the first one's binding has acted)."""
        if not self._typed_ahead and not self._answer_due and not self.gin.session.move_on_its_way():
            return False
        if not any(action.split("(")[0] in TYPED_AHEAD for action, _namespace in self._actions_of(key)):
            return False
        if len(self._typed_ahead) >= TYPED_AHEAD_MOST:
            self.refuse(f"not now ({self.gin.session.blocked() or 'waiting for the host to answer the last move'})")
            return True
        self._typed_ahead.append(key)
        return True

    def _actions_of(self, key: str) -> list[tuple[str, DOMNode]]:
        """The actions ``key`` stands for on the table, in the order a key press tries them
        (the table's, then the app's: a move dimmed here is tried there, to say why)."""
        found: list[tuple[str, DOMNode]] = []
        for namespace, bindings in ((self, _SCREEN_KEYS), (self.app, BindingsMap(self.app.BINDINGS))):
            for binding in bindings.key_to_bindings.get(key, ()):
                found.append((binding.action, namespace))
        return found

    def play_typed_ahead(self) -> None:
        """The host has answered the move, and the table shows what came of it: the keys typed
        meanwhile act now (until one of them sends a move, whose answer the rest wait for).
        Called by the app after each change it has shown."""
        if self.gin.session.move_on_its_way():
            return
        self._answer_due = False
        if self._typed_ahead and not self._playing_typed_ahead:
            self._playing_typed_ahead = True
            self.call_later(self._play_typed_ahead)

    async def _play_typed_ahead(self) -> None:
        session = self.gin.session
        try:
            while self._typed_ahead and not self._answer_due and not session.move_on_its_way():
                if self.app.screen is not self:  # the hand is over: its summary is up, not for these keys
                    self.gin.typed_ahead_dropped(self._typed_ahead)
                    self._typed_ahead.clear()
                    break
                if session.blocked():  # the connection lost, the other player gone: none can act now
                    self._typed_ahead.clear()
                    self.refuse_blocked()
                    break
                key = self._typed_ahead.pop(0)
                for action, namespace in self._actions_of(key):
                    if await self.app.run_action(action, namespace):
                        break
        finally:
            self._playing_typed_ahead = False

    # ------------------------------------------------------------ moves

    def play(self, action: Action) -> None:
        """Submit the player's ``action``; show the reason if it is refused.

        Submitting never waits (network play sends the move in the
        background, and the host's answer comes as a message)."""
        if self.refuse_blocked():
            return
        session = self.gin.session
        try:
            session.submit(action)
        except IllegalAction as exc:
            reason = str(exc)
            waits = reason == "it is not your turn"
            if waits:
                reason = f"it is not your turn: wait for {tt.fitting_name(session.opponent_name, self.app.size.width)}"
            self.refuse(reason, waits=waits, short=exc.alone)  # without the step, where the prompt says it
            return
        self.refusal = ""
        self._answer_due = session.move_on_its_way()  # network play: sent; what comes of it is shown later
        self.gin.player_moved()
        self.gin.sync()

    def refuse(
        self,
        reason: str | Callable[[], str],
        *,
        waits: bool = False,
        in_status: bool = False,
        notice: bool = False,
        lasts: bool = False,
        short: str = "",
    ) -> None:
        """Show why a move was refused; nothing else changes (it goes with the next move, or
        once another card is selected, unless it ``lasts``: the computer could not move).  ``waits``: the
        reason is a move out of turn's, naming whom to wait for (the prompt's
        waiting line then goes, as it would name them again).  ``in_status``:
        the session's line says why (a lost connection), and is marked instead.
        ``notice``: not a refusal but a word on a key that did its work
        somewhere else than asked: shown in the same place, marked → and not
        in red, without the terminal's bell.  ``short``: the reason in fewer words, shown
        where the prompt after it says what to press (a key the table has no use for).  A
        ``reason`` that is a function makes it anew each time it is shown (it names the clicks,
        as the settings have them then)."""
        self._refusal_words = None if isinstance(reason, str) else reason
        self.refusal = reason if isinstance(reason, str) else reason()
        self._refusal_waits = waits
        self._refusal_in_status = in_status
        self._refusal_notice = notice
        self._refused_while = self.gin.session.blocked()
        self._refused_with = self.query_one(HandView).selected
        self._refusal_lasts = lasts
        self._refusal_short = short
        self._update_details()
        if not notice:
            self.app.bell()

    def refuse_blocked(self, what: str = "not now") -> bool:
        """Network play: while no move can be sent (:meth:`Session.blocked`: not connected, the
        other player away), refuse what was asked with ``what`` and why ("not now (waiting for
        Ann to come back)"), and say True; False when nothing stops a move.  When the session's
        line says why already (a lost connection, the other player awaited), that line is marked
        refused instead: the reason is not said twice, and it fits one line at 80 columns."""
        session = self.gin.session
        blocked = session.blocked()
        if blocked:
            told = session.status_says_blocked()
            self.refuse(what if told else f"{what} ({blocked})", in_status=told)
        return bool(blocked)

    def clear_refusal(self) -> None:
        """Take down the reason of the last refused move (the player asked for something else)."""
        if self.refusal:
            self.refusal = ""
            self._update_details()

    def try_move(self, kind: Kind, *, button: bool = False) -> None:
        """Try the move a key (or a ``button``) stands for, even when it is not legal (to explain why).
        d during the upcard offer takes the upcard, the top of the discard pile, as t does and as
        a click on the pile does (it said "✗ The upcard comes first. Take 5♠ (t) or pass (p).")."""
        kind = Kind(kind)
        if kind == Kind.DRAW_DISCARD and self.v is not None and self.v.phase == Phase.UPCARD:
            kind = Kind.TAKE_UPCARD
        if self.v is not None and self.v.phase.ended:  # the pile listed (l), the hand's end waits for it to close
            self.refuse_over()
            return
        if self.refuse_blocked():  # network play: no move can be sent now, whatever the card (the view may be old)
            return
        if kind.takes_card:
            sel = self.query_one(HandView).selected
            card = self._choice(kind) if kind != Kind.DISCARD else sel
            if card is None and kind == Kind.KNOCK and sel is not None and self.v is not None:
                # no card knocks (a knock names another card where one does: see _knock_refused)
                if Action(Kind.GIN, sel) in self.v.legal_actions:  # better than the knock asked for
                    self.refuse(f"{card_label(sel, self.gin.ascii_only)} goes gin, not a knock: g plays gin")
                    return
            if card is None:
                card = sel
            if card is None:
                self.refuse("there is no card to play")
                return
            if kind == Kind.DISCARD:
                enter = "Enter" if self.gin.ascii_only else "⏎"
                self.discard(card, f"{enter} again throws it", f"select another card, then {enter}")
                return
            if self.v is not None and card == self.v.taken and self.v.my_turn:
                # k or g with the card just taken selected, where no card knocks (or goes gin): the
                # hand does not allow it, whichever card is thrown; it said "select another card,
                # then k", which no other card made true
                self.refuse(tt.no_card_ends(self.v, kind, self.gin.ascii_only))
                return
            if kind == Kind.KNOCK and self._knock_refused(card, "Knock again" if button else "k again"):
                return
            self.play(Action(kind, card))
        else:
            self.play(Action(kind))

    @property
    def end_waits(self) -> bool:
        """The hand is over and its end waits for the discard pile's list to close (l or ⏎)."""
        return self.v is not None and self.v.phase.ended and self.pile_listed

    def end_keys(self) -> str:
        """The keys that show the end of the hand waiting behind the pile list, as the prompt says them."""
        return f"{'Enter' if self.gin.ascii_only else '⏎'} or {END_KEY}"

    def refuse_over(self) -> None:
        """A key of the hand once it is over (its end waiting behind the pile list): say so, and
        which keys show how it ended."""
        v = self.v
        over = f"the {'match' if v is not None and v.phase == Phase.MATCH_OVER else 'hand'} is over"
        self.refuse(f"{over}: {self.end_keys()} shows how it ended" if self.pile_listed else over)

    def action_show_end(self, key: str = "") -> None:
        """⏎, n or l while the end of the hand waits behind the pile list: close it, and the end shows.
        ``key`` is not read: l's binding gives it so that it is an action of its own, which the
        key bar shows beside ⏎'s (it shows each action once)."""
        self.action_close_pile()

    def discard(self, card: Card, again: str, instead: str | Callable[[], str]) -> None:
        """Discard ``card``; a discard that goes gin is refused once, saying so and how to throw the
        card all the same (``again``): gin is never thrown away unawares.  The card just taken
        from the discard pile is refused with what to do ``instead`` (made anew each time the
        line is shown where it is a function: the clicks, which the settings may switch)."""
        v = self.v
        if v is not None and v.taken is not None and card == v.taken and v.my_turn:

            def taken() -> str:
                what = instead if isinstance(instead, str) else instead()
                return f"you cannot throw back {card_label(card, self.gin.ascii_only)} just taken: {what}"

            self.refuse(taken)
            return
        if v is not None and Action(Kind.GIN, card) in v.legal_actions and self._gin_passed != (view_key(v), card):
            self._gin_passed = (view_key(v), card)
            self.refuse(f"that discard goes gin: g plays gin; {again} without going gin")
            return
        self.play(Action(Kind.DISCARD, card))

    def _knock_refused(self, card: Card, again: str) -> bool:
        """A knock with ``card`` while the hand could go gin is refused once, saying so, which card
        goes gin and how to knock all the same (``again``): gin is never thrown away unawares."""
        v = self.v
        gin = self._choice(Kind.GIN)
        if v is None or gin is None or self._knock_passed == (view_key(v), card):
            return False
        self._knock_passed = (view_key(v), card)
        a = self.gin.ascii_only
        knocks = f"g plays gin; {again} knocks with {card_label(card, a)}"
        if gin is self.query_one(HandView).selected:  # k on the card that goes gin: the knock throws another
            self.refuse(f"{card_label(gin, a)} goes gin, not a knock: {knocks}")
        else:
            self.refuse(f"you can go gin with {card_label(gin, a)}: {knocks}")
        return True

    def action_play(self, kind: str) -> None:
        """Take the upcard, pass, draw, or go Big Gin."""
        self.play(Action(Kind(kind)))

    def action_discard(self) -> None:
        """Discard the selected card."""
        self.try_move(Kind.DISCARD)

    def action_knock(self) -> None:
        """Knock with the selected card (or with the best card for knocking)."""
        self.try_move(Kind.KNOCK)

    def action_knock_gin_only(self) -> None:
        """k where only gin ends the hand (k is off the key bar): say why it is refused."""
        self.try_move(Kind.KNOCK)

    def action_gin(self) -> None:
        """Go gin."""
        self.try_move(Kind.GIN)

    def action_cursor(self, step: int) -> None:
        """Move the selection."""
        self.query_one(HandView).move_cursor(step)
        self._update_details()

    def action_pick(self, index: int) -> None:
        """Select the card at ``index`` (number keys); a key past the last card says so."""
        hand = self.query_one(HandView)
        if hand.select(index):
            self._update_details()
        elif hand.cards:
            self.refuse(f"there is no {ordinal(index + 1)} card to select ({KEYS[index]}): you hold {len(hand.cards)}")

    AFTER_HAND = {
        "review": "the review of your decisions (r)",
        "replay": "replaying the deal (a)",
        "next": "the next hand (n)",
    }
    """What the summary's keys do, for :meth:`action_after_hand`."""

    def action_after_hand(self, what: str) -> None:
        """r, a or n on the table: they are the summary's keys, once a hand is over; say so."""
        v = self.v
        if self.end_waits:
            self.refuse_over()
            return
        if v is None or not v.phase.playing:
            return  # the summary is on its way, with these keys
        if not self.gin.session.computes_opponent and what != "next":
            self.refuse(f"{self.AFTER_HAND[what]} is only in games against the computer")
        else:
            self.refuse(f"{self.AFTER_HAND[what]} comes once the hand is over")

    def action_move_card(self, step: int) -> None:
        """Move the selected card left or right."""
        if self.end_waits:  # the hand is over: its cards are no longer to be arranged
            self.refuse_over()
            return
        hand = self.query_one(HandView)
        if hand.move_card(step):
            self.refusal = ""  # a card moved: a refusal of a move past the end no longer applies
            self._update_details()
        elif hand.selected is not None:
            side, key, end = ("left", "<", "first") if step < 0 else ("right", ">", "last")
            label = card_label(hand.selected, self.gin.ascii_only)
            self.refuse(f"there is no place {side} of {label} to move it to ({key}): it is the {end} card")

    def action_sort(self) -> None:
        """Sort by rank, or by suit if already sorted by rank."""
        if self.end_waits:  # the hand is over: its cards are no longer to be arranged
            self.refuse_over()
            return
        hand = self.query_one(HandView)
        hand.sort("suit" if hand.sort_mode == "rank" else "rank")
        self.notify(f"Sorted by {hand.sort_mode}", timeout=1.5)
        self._update_details()

    def on_discard_pile_toggled(self, message: DiscardPile.Toggled) -> None:
        """While the pile's cards are listed, the table leaves out some blank lines to make room.
        The end of a hand that came while they were listed waits for the list to close."""
        self._give_rows_to_pile(message.expanded)
        if not message.expanded:
            if self.v is not None:
                self._show_scores(self.v)  # the hand's points, held back while its end waited behind the list
            self.gin.show_waiting_end()

    @property
    def pile_listed(self) -> bool:
        """True while the cards under the top of the discard pile are listed (l)."""
        return any(pile.expanded for pile in self.query(DiscardPile).results(DiscardPile))

    PILE_SCROLL_KEYS = ("up", "down", "pageup", "pagedown", "home", "end")
    """The keys that scroll the listed pile where it is longer than its room."""

    PILE_ROOM = ("#moves", "#hand")
    """The parts whose blank line above gives way to the listed discard pile (``-pile-open``)."""

    PILE_STEPS = (("-pile-short", 1), ("-pile-shorter", 3))
    """How the table makes room for the listed pile where it needs more rows than the table has
    to spare, in turn (the class in ``game_screen.tcss``, the rows it frees): the moves line
    goes, then the other player's card backs (their line with the name stays)."""

    def _give_rows_to_pile(self, listed: bool) -> None:
        """The blank lines above the moves line and the hand give way to the listed pile, which
        takes at least as many rows: the table keeps its height.  Where the table has not the
        rows the list needs (a small screen), the moves line and the card backs give way too,
        and the list takes no more rows than there are, so that the prompt line stays (at 46x21
        it pushed the prompt line, then the deadwood line, under the key bar)."""
        pile = self.query_one(DiscardPile)
        if listed and not self.has_class("-pile-open"):  # the blank lines there are, before they give way
            blank = sum(self.query_one(part).styles.margin.top for part in self.PILE_ROOM)
            most = None
            if self._list_room is not None:
                most = self._list_room + blank
                needed = pile.list_lines(pile.content_region.width or pile.size.width)
                for step, rows in self.PILE_STEPS:
                    if needed > most:
                        self.add_class(step)
                        most += rows
            pile.set_list_rows(blank, most)
        if not listed:
            self.remove_class(*(step for step, _rows in self.PILE_STEPS))
        self.set_class(listed, "-pile-open")

    def action_toggle_pile(self) -> None:
        """Show or hide the cards under the top of the discard pile."""
        self.query_one(DiscardPile).toggle()

    def hide_pile(self) -> None:
        """Hide the list of the pile, if shown: the table's match changed under it (back from a
        practice hand, a new match), and the list was of the other one's pile."""
        pile = self.query_one(DiscardPile)
        if pile.expanded:
            pile.toggle()

    def action_close_pile(self) -> None:
        """Hide the cards under the top of the discard pile, if they are listed (Escape); with
        none listed, Escape is a key the table has no use for, and says so."""
        pile = self.query_one(DiscardPile)
        if pile.expanded:
            pile.toggle()
        else:
            self.refuse_unused(tt.unused_key_name("escape", None, self.gin.ascii_only) or "Esc")

    def on_key(self, event: events.Key) -> None:
        """A key the table has no use for says so, with what to press (:meth:`refuse_unused`):
        Space, Tab, Shift+Tab, ↑, ↓, the characters that are no key here, Backspace, Home, End,
        Delete, Insert, the function keys and Ctrl keys the game does not use did nothing,
        silently.  Tab and Shift+Tab move the focus where the table has a part that takes
        it (none has: the buttons are clicked, their moves have keys).  Runs before the
        key's bindings are looked up: a key with one on the table or the app is left to it.
        ⏎, Space or n pressed again the moment it dealt this hand is dropped first
        (:meth:`GinApp.went_on_again`)."""
        key = event.key
        if self.gin.went_on_again(key):
            event.prevent_default()
            event.stop()
            return
        if key in self.PILE_SCROLL_KEYS and self.query_one(DiscardPile).scroll_list(key):
            event.prevent_default()
            event.stop()  # the listed pile, longer than its room, scrolls
            return
        if key in ("tab", "shift+tab"):
            if self.focus_chain:
                return
        elif key in self.active_bindings:
            return
        unused = tt.unused_key(key, event.character, self.active_bindings, self.gin.ascii_only)
        if unused is None:
            return
        event.stop()
        event.prevent_default()
        name, lower = unused
        # said from the app's turn, as a key's binding is: said from the table's own handling of
        # the key, a note on three lines at 46x21 was measured before the room made for it was
        # laid out, and stayed on one line cut short above two blank rows
        self.app.call_later(self.refuse_unused, name, lower)

    def refuse_unused(self, key: str, lower: str = "") -> None:
        """Say that ``key`` (as the line names it: "Space", "'x'") does nothing here, and what
        to press (:func:`~..table_text.unused_key_note`); ``lower``: the key it stands for in
        lower case, the keys being lower case.  Once the hand is over (its end waiting behind
        the pile list) what shows how it ended, as for the table's other keys."""
        v = self.v
        if v is None or self.app.screen is not self or (v.phase.ended and not self.end_waits):
            return  # the end of the hand is on its way (or over the table), with keys of its own
        if self.end_waits:
            self.refuse_over()
            return
        name = tt.fitting_name(self.gin.session.opponent_name, self.app.size.width)
        note = tt.unused_key_note(v, key, name, lower=lower, ascii_only=self.gin.ascii_only,
                                  selected=self.query_one(HandView).selected)
        short = "" if lower else tt.unused_key_short(key)  # where the prompt says what to press
        self.refuse(note, waits=not v.my_turn and not lower, short=short)

    def action_moves(self) -> None:
        """Every turn of the hand so far, in words: over the table, or, where the hand's log
        stands beside it (from ``LOG_FROM`` columns), there, brought to the newest turn (a
        list over the table would only hide the hand)."""
        if self.has_class("-with-log"):
            for log in self.query(HandLog).results(HandLog):
                log.scroll_end(animate=False)
            self.refuse("every turn of this hand is listed on the right (m)", notice=True)
            return
        from .moves_screen import MovesScreen

        self.app.push_screen(MovesScreen())

    def action_hint(self) -> None:
        """Show what the expert would do now, with its reason, in the prompt line."""
        if self.end_waits:  # no move to hint at: say what shows how the hand ended
            self.refuse_over()
            return
        request_hint(self)

    # ------------------------------------------------------------ mouse

    def on_stock_pile_clicked(self) -> None:
        self.play(Action(Kind.DRAW_STOCK))

    def on_discard_pile_clicked(self) -> None:
        if self.v is not None and self.v.phase == Phase.UPCARD:
            self.play(Action(Kind.TAKE_UPCARD))
        else:
            self.play(Action(Kind.DRAW_DISCARD))

    def on_hand_view_card_clicked(self, message: HandView.CardClicked) -> None:
        """One-click mode: throw the card.  Otherwise the first click selects
        (lifts) it and shows what may be done with it; a second click throws it."""
        if self.gin.one_click or message.again:
            self.discard(message.card, "click it again to throw it", self._click_instead)
        else:
            self._update_details()

    def on_opponent_hand_clicked(self) -> None:
        """A click on the other player's cards plays nothing: the line says whose they are and
        what to click instead, as a key with no use here says what to press."""
        v = self.v
        if v is None or self.app.screen is not self or v.phase.ended or self.end_waits:
            return
        name = tt.fitting_name(self.gin.session.opponent_name, self.app.size.width)
        self.refuse(tt.their_cards_note(v, name, self.gin.one_click), waits=not v.my_turn)

    def _click_instead(self) -> str:
        """What to click for a discard, the card clicked being refused, as the mouse is set now."""
        return "click another card" + ("" if self.gin.one_click else " twice")

    def on_hand_view_dragged(self) -> None:
        """A press on one card let go on another: no card is played nor lifted (in one-click
        mode the card under the release was thrown), and the line says how the mouse plays."""
        v = self.v
        if v is None or self.end_waits or v.phase.ended:
            return
        self.refuse(tt.dragged_note(v, self.gin.one_click))

    def on_hand_view_hovered(self) -> None:
        self._update_details()

    def on_action_bar_pressed(self, message: ActionBar.Pressed) -> None:
        self.try_move(tt.BUTTON_KINDS[message.button], button=True)


_SCREEN_KEYS = BindingsMap(GameScreen.BINDINGS)
"""The table's keys and their actions (for the keys typed ahead: :meth:`GameScreen.holds_key`)."""
