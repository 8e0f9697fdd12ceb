"""The table's words: what the moves line, the deadwood line, the buttons and
the prompt say for a :class:`~ginrummy_tui.engine.PlayerView`.

Pure functions of the view and of how the hand is shown (the selected card),
returning Rich ``Text``; no widget, no app, so each is tested on its own.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from rich.text import Text

from ginrummy_tui.engine import Action, EndKind, Kind, Phase, deadwood, turn_number

from .palette import DEFAULT, Palette
from .widgets.cardfaces import ascii_text, card_label, card_text
from .widgets.hanging_lines import HangingLines
from .widgets.score_table import NAME_CELLS, cut_name
from .widgets.too_small import NORMAL_WIDTH

if TYPE_CHECKING:
    from ginrummy_tui.engine import Card, Move, PlayerView


MOVE_WORDS: dict[Kind, tuple[str, str]] = {
    Kind.PASS: ("passed on the upcard", ""),
    Kind.TAKE_UPCARD: ("took the upcard ", ""),
    Kind.DRAW_STOCK: ("drew from the stock", ""),
    Kind.DRAW_DISCARD: ("took ", " from the discard pile"),
    Kind.DISCARD: ("threw ", ""),
    Kind.KNOCK: ("knocked, throwing ", ""),
    Kind.GIN: ("went gin, throwing ", ""),
    Kind.BIG_GIN: ("went Big Gin", ""),
}
"""How the moves line tells a move: the words before and after its card."""
NAMED_PASS_WORDS: dict[Kind, tuple[str, str]] = {**MOVE_WORDS, Kind.PASS: ("passed on the upcard ", "")}
"""The moves line's words where the upcard passed on is named with the terms it set
(Oklahoma): "Computer passed on the upcard K♠. This hand: knock at 10 or less, scores ×2."."""
SHORT_MOVE_WORDS: dict[Kind, tuple[str, str]] = {
    Kind.PASS: ("passed", ""),
    Kind.TAKE_UPCARD: ("took the upcard ", ""),
    Kind.DRAW_STOCK: ("drew", ""),
    Kind.DRAW_DISCARD: ("took ", " from the pile"),
    Kind.DISCARD: ("threw ", ""),
    Kind.KNOCK: ("knocked with ", ""),
    Kind.GIN: ("went gin with ", ""),
    Kind.BIG_GIN: ("went Big Gin", ""),
}
"""The moves line's words where the long ones do not fit (below about 54 columns):
"Computer passed, drew and threw K♠." for "Computer passed on the upcard, then drew
from the stock and threw K♠."."""
TERSE_MOVE_WORDS: dict[Kind, tuple[str, str]] = {**SHORT_MOVE_WORDS, Kind.TAKE_UPCARD: ("took ", ""), Kind.DRAW_DISCARD: ("took ", "")}
"""The shortest: "Computer took 7♥ and knocked with 3♣." (a card taken is named, so
"from the pile" may go)."""
MOVES_SHOWING_THE_CARD = frozenset({Kind.TAKE_UPCARD, Kind.DRAW_DISCARD, Kind.DISCARD, Kind.KNOCK, Kind.GIN})
PHASE_OF: dict[Kind, Phase] = {
    Kind.TAKE_UPCARD: Phase.UPCARD,
    Kind.PASS: Phase.UPCARD,
    Kind.DRAW_STOCK: Phase.DRAW,
    Kind.DRAW_DISCARD: Phase.DRAW,
    Kind.BIG_GIN: Phase.DISCARD,
}
"""The phase each simple move belongs to (its key is hidden in other phases)."""
BUTTON_KINDS: dict[str, Kind] = {
    "take": Kind.TAKE_UPCARD,
    "pass": Kind.PASS,
    "stock": Kind.DRAW_STOCK,
    "pile": Kind.DRAW_DISCARD,
    "discard": Kind.DISCARD,
    "knock": Kind.KNOCK,
    "gin": Kind.GIN,
    "big-gin": Kind.BIG_GIN,
}
"""The move of each button of the action bar."""


def short_name(name: str) -> str:
    """``"Computer (standard)"`` -> ``"Computer"``, for narrow screens."""
    return name.split(" (")[0]


SHORT_NAMES_BELOW = 60
"""Below this many columns the other player is named shortly on the table and
at the end of a hand and of the match ("Computer" for "Computer (standard)")."""


def label_name(name: str) -> str:
    """``name`` as the other player's label over their cards shortens it where it does not
    fit (``OpponentHand``), and the score table's column: its short form, a long one cut to
    :data:`~.widgets.score_table.NAME_CELLS` columns, ending with "…" ("Zoë 日本語…")."""
    return cut_name(short_name(name), NAME_CELLS)


def fitting_name(name: str, width: int) -> str:
    """``name`` as a screen ``width`` columns wide shows it: whole, or below 60 as the other
    player's label shortens it (:func:`label_name`), the same on every line of the screen: at
    46 columns the moves line said "Zoë 日本語 Ångström-Ba… dealt. The upcard i…" under the
    label's "Zoë 日本語…", the card cut off."""
    return name if width >= SHORT_NAMES_BELOW else label_name(name)


def limit_words(knock_limit: int) -> str:
    return "gin only" if knock_limit == 0 else f"knock at {knock_limit} or less"


def hand_terms(v: PlayerView) -> str:
    """The hand's knock limit, and its doubling where the hand has one
    (Oklahoma): "knock at 5 or less, scores ×2"."""
    times = f", scores ×{v.multiplier}" if v.multiplier != 1 else ""
    return limit_words(v.knock_limit) + times


def upcard_sets_terms(v: PlayerView) -> bool:
    """Whether the hand's terms come from its upcard (Oklahoma, or a hand whose knock limit or
    doubling differs from the rules'), so that the lines telling how it began name them."""
    return v.rules.oklahoma or v.knock_limit != v.rules.knock_limit or v.multiplier != 1


def terms_upcard(v: PlayerView) -> Card | None:
    """The upcard the hand of ``v`` was dealt with, which set its terms in Oklahoma: the
    first card of the discard pile, or the card taken from it before any was thrown (the
    upcard taken); None where neither tells (a pile emptied)."""
    for m in v.history:
        if m.action.kind in (Kind.TAKE_UPCARD, Kind.DRAW_DISCARD):
            return m.card
        if m.action.kind in (Kind.DISCARD, Kind.KNOCK, Kind.GIN, Kind.BIG_GIN):
            break
    return v.discard[0] if v.discard else None


def this_hand_line(v: PlayerView, ascii_only: bool = False) -> str:
    """The terms the upcard set for the hand of ``v`` (Oklahoma), for the rule sheet: "This
    hand: knock at 10 or less (upcard Q♦)", "This hand: gin only, scores ×2 (upcard A♠)";
    "" under other rules."""
    if not v.rules.oklahoma:
        return ""
    up = terms_upcard(v)
    card = "" if up is None else f" (upcard {card_label(up, ascii_only)})"
    return f"This hand: {hand_terms(v)}{card}"


def moves_text(
    v: PlayerView, opponent_name: str, ascii_only: bool, *, hand_no: bool = True, terms: bool = True,
    terms_named: bool = True,
    handovers: Sequence[tuple[int, int, str]] = (), words: Mapping[Kind, tuple[str, str]] = MOVE_WORDS,
) -> Text:
    """What the other player did since our last move, or how the hand
    began; while the other player is to move, what we just did (named as
    who made them: ``handovers``, as :func:`log_lines` takes them).

    How the hand began may leave out its number (``hand_no``: the score line
    has it) and, in Oklahoma, the terms the upcard set (``terms``: the deadwood
    line has them), and tell the moves in shorter ``words`` (:data:`SHORT_MOVE_WORDS`),
    to fit the line (see :func:`fitting_moves_text`)."""
    history = list(v.history)
    while history and history[-1].seat == v.seat and v.phase == Phase.DISCARD:
        history.pop()  # our own draw this turn: still show what the other player did before it
    moves: list[Move] = []
    for m in reversed(history):
        if m.seat == v.seat:
            break
        moves.append(m)
    moves.reverse()
    t = Text()
    if not moves:
        if not history:
            dealer = mover(v, handovers, v.dealer, -1, opponent_name)  # before any move: who held the seat then
            t.append(f"Hand {v.hand_no}: {dealer} dealt. " if hand_no else f"{dealer} dealt. ")
            first = v.history[0] if v.history else None
            # Oklahoma: every hand, a 10-value upcard's limit too, though it is the rules' own
            set_terms = terms and upcard_sets_terms(v)
            if (
                first is not None
                and first.seat == v.seat
                and first.card is not None
                and (first.action.kind in (Kind.TAKE_UPCARD, Kind.DRAW_DISCARD))
            ):
                t.append("You took the upcard ")  # it is in the hand now, no longer on the pile
                t.append_text(card_text(first.card, ascii_only))
                t.append(f". This hand: {hand_terms(v)}." if set_terms else ".")
            elif v.upcard is not None and set_terms:
                t.append("Upcard ")  # the card that sets the hand's terms
                t.append_text(card_text(v.upcard, ascii_only))
                t.append(f": {hand_terms(v)}.")
            elif v.upcard is not None:
                t.append("The upcard is ")
                t.append_text(card_text(v.upcard, ascii_only))
                t.append(".")
            else:
                t.append("The discard pile is empty.")
            return t
        if v.my_turn or not v.phase.playing:
            return t
        mine: list[Move] = []  # the other player is to move: say what we just did
        for m in reversed(history):
            if m.seat != v.seat:
                break
            mine.append(m)
        mine.reverse()
        t.append(mover(v, handovers, v.seat, len(history) - len(mine), opponent_name), style="bold")
        describe(t, mine, ascii_only, words)
        return t
    t.append(mover(v, handovers, 1 - v.seat, len(history) - len(moves), opponent_name), style="bold")
    set_terms = terms and len(moves) == len(history) and upcard_sets_terms(v)
    if set_terms:  # the upcard passed on named with the terms it set ("passed on the upcard K♠"), as a taken one is
        named = NAMED_PASS_WORDS if words is MOVE_WORDS else {**words, Kind.PASS: ("passed on ", "")}
        describe(t, moves, ascii_only, named, MOVES_SHOWING_THE_CARD | {Kind.PASS})
    else:
        describe(t, moves, ascii_only, words)
    if set_terms:
        # the other player moved first on the upcard: the hand's terms, which the line saying how
        # the hand began gave, told here ("Computer took the upcard 4♥ and threw 10♦." left the
        # limit of 4 on the deadwood line alone, and a pass replaced "Upcard 9♣: knock at 9 or
        # less." before it could be read); the upcard that set them is named in the move
        # ("Computer passed on the upcard. This hand: ..., scores ×2." did not say that the
        # spade upcard doubled it)
        said = hand_terms(v)
        t.append(f" This hand: {said}." if terms_named else f" {said[0].upper()}{said[1:]}.")
    return t


def mover(v: PlayerView, handovers: Sequence[tuple[int, int, str]], seat: int, done: int, opponent_name: str) -> str:
    """Who made the move of ``seat`` after ``done`` moves of the hand of ``v``: "You" or
    ``opponent_name``, or (``handovers``: where another player took a seat during the hand,
    ``(seat, moves made before, who made that seat's)``) the player who held the seat then."""
    for at, before, name in sorted(handovers, key=lambda h: h[1]):
        if at == seat and done < before:
            return short_name(name)
    return "You" if seat == v.seat else opponent_name


def fitting_moves_text(
    v: PlayerView, opponent_name: str, ascii_only: bool, room: int, handovers: Sequence[tuple[int, int, str]] = ()
) -> Text:
    """:func:`moves_text` in ``room`` columns, the other player named as everywhere
    on the table: how the hand began gives up its number, then the name takes its short
    form (:func:`label_name`, as the label over their cards shortens it) to keep the hand's
    terms (the upcard that set them is named nowhere else), said without "This hand:" after the other player's first move ("Computer took the upcard
    8♠ and threw J♦. Knock at 8 or less, scores ×2."), then the terms go (the deadwood
    line keeps them), and the moves are told in shorter words
    last ("Computer passed, drew and threw K♠.")."""
    full, short = opponent_name, label_name(opponent_name)  # shortened as the label over their cards is
    # (name, hand number, terms, terms named "This hand:", words)
    tries = [(full, True, True, True, MOVE_WORDS), (full, False, True, True, MOVE_WORDS),
             (short, False, True, True, MOVE_WORDS), (short, False, True, False, MOVE_WORDS)]
    tries += [(name, hand_no, False, True, MOVE_WORDS) for name in (full, short) for hand_no in (True, False)]
    tries += [(short, False, False, True, words) for words in (SHORT_MOVE_WORDS, TERSE_MOVE_WORDS)]
    for name, hand_no, terms, named, words in tries:
        if not terms:
            passed = passed_terms(v, ascii_only)
            if passed is not None and passed.cell_len <= room:
                return passed
        text = moves_text(
            v, name, ascii_only, hand_no=hand_no, terms=terms, terms_named=named, handovers=handovers, words=words
        )
        if ascii_only:  # "scores x2" for "scores ×2"
            text = ascii_text(text)
        if text.cell_len <= room:
            return text
    return text


def passed_terms(v: PlayerView, ascii_only: bool) -> Text | None:
    """Where the other player's only move of the hand so far is a pass on the upcard (which
    the prompt says: "Computer passed. Take K♠ (t) or pass (p).") and the upcard set the hand's
    terms (Oklahoma): the terms in the form every hand begins with, "Upcard K♠: knock at 10 or
    less, scores ×2.", for a line too narrow for the pass and the terms both (at 46 columns the
    line said "Computer passed on the upcard." and the deadwood line the terms, nothing that
    the spade upcard doubled the hand); None otherwise."""
    history = v.history
    if not upcard_sets_terms(v) or len(history) != 1 or history[0].seat == v.seat or history[0].action.kind != Kind.PASS:
        return None
    up = terms_upcard(v)
    if up is None:
        return None
    t = Text("Upcard ")
    t.append_text(card_text(up, ascii_only))
    t.append(f": {hand_terms(v)}.")
    return ascii_text(t) if ascii_only else t


def hint_note_forms(who: str, hints: int) -> tuple[str, ...]:
    """What the moves line adds in network play when the other player (``who``) was
    shown ``hints`` hints in the hand, longest first, each with the two spaces before it, in
    one wording, the shorter only where the room forces it: "  Bob had 2 hints this hand.",
    "  Bob had 2 hints." (a longer "was shown" beside a short move read as another thing)."""
    counted = f"{hints} hint{'s' if hints != 1 else ''}"
    return (f"  {who} had {counted} this hand.", f"  {who} had {counted}.")


def hints_note_forms(shown: Sequence[tuple[str, int]]) -> tuple[str, ...]:
    """:func:`hint_note_forms` for the players who held the other seat in the hand, each with
    the hints they were shown, in the order they played it, in one wording: "  Hints this hand:
    Bob 3, Carol 2.", "  Hints: Bob 3, Carol 2."."""
    if len(shown) == 1:
        return hint_note_forms(*shown[0])
    each = ", ".join(f"{name} {count}" for name, count in shown)
    return (f"  Hints this hand: {each}.", f"  Hints: {each}.")


def describe(
    t: Text,
    moves: list[Move],
    ascii_only: bool,
    words: Mapping[Kind, tuple[str, str]] = MOVE_WORDS,
    showing: frozenset[Kind] = MOVES_SHOWING_THE_CARD,
) -> None:
    """Append `` drew from the stock and threw 9♥.`` for ``moves`` of one player (in
    ``words``: :data:`SHORT_MOVE_WORDS` says `` drew and threw 9♥.``), naming the card of
    the moves in ``showing``."""
    then = ", then " if words is MOVE_WORDS or words is NAMED_PASS_WORDS else ", "
    for i, m in enumerate(moves):
        t.append(" " if i == 0 else then if i < len(moves) - 1 else " and ")
        kind = m.action.kind
        before, after = words.get(kind, (str(m.action), ""))
        t.append(before)
        if kind in showing and m.card is not None:
            t.append_text(card_text(m.card, ascii_only))
        t.append(after)
    t.append(".")


LOG_WORDS: dict[Kind, tuple[str, str]] = {
    Kind.PASS: ("passed on ", ""),
    Kind.TAKE_UPCARD: ("took ", ""),
    Kind.DRAW_DISCARD: ("took ", ""),
    Kind.DRAW_STOCK: ("drew from stock", ""),
    Kind.DISCARD: ("threw ", ""),
    Kind.KNOCK: ("threw ", " to knock"),
    Kind.GIN: ("went gin with ", ""),
    Kind.BIG_GIN: ("went Big Gin", ""),
}
"""The log's short words for each move, before and after its card (if it
shows one): "threw 4♣ to knock", as long as the "knocked, threw 4♣" it said,
the knock named before the throw that makes it."""
LOG_SHOWING_THE_CARD = MOVES_SHOWING_THE_CARD | {Kind.PASS}
"""The moves whose card the log names: the moves line's, and the upcard passed on."""


def log_lines(
    v: PlayerView, opponent_name: str, ascii_only: bool, handovers: Sequence[tuple[int, int, str]] = ()
) -> list[Text]:
    """Every public move of the hand so far, a line a turn, oldest first
    (the log beside the table on wide screens), each player's turns numbered
    as the review numbers them (:func:`~ginrummy_tui.engine.turn_number`), the
    players' names in a column: " 3 Computer  took 9♠, threw J♣". Nothing the view does not show:
    a card drawn from the stock is not named, even the player's own.  ``handovers`` (network
    play, :meth:`~ginrummy_tui.session.local.Session.handovers`): where another player took a
    seat during the hand, ``(seat, moves made before, who made that seat's)``: those are named so."""
    return [line for line, _ in _log_rows(v, opponent_name, ascii_only, handovers)]


NO_TURN_YET = "No turn yet: the hand has just been dealt."
"""The list of turns (``m``) of a hand no one has moved in yet, under its head: the list
alone, with nothing under "Hand 1 · Computer dealt", looked as if it had failed to show."""


def log_text(
    v: PlayerView,
    opponent_name: str,
    ascii_only: bool,
    handovers: Sequence[tuple[int, int, str]] = (),
    *,
    say_none: bool = False,
) -> HangingLines:
    """:func:`log_lines` as they are drawn: a turn too long for the width goes on
    under its words, not under its number and name; with ``say_none``, where no one
    has moved yet, :data:`NO_TURN_YET` under the head."""
    rows = _log_rows(v, opponent_name, ascii_only, handovers)
    if say_none and len(rows) == 1:
        rows.append((Text(NO_TURN_YET, style="italic"), 0))
    return HangingLines(rows)


def _log_rows(
    v: PlayerView, opponent_name: str, ascii_only: bool, handovers: Sequence[tuple[int, int, str]] = ()
) -> list[tuple[Text, int]]:
    """The lines of :func:`log_lines`, each with the width of its number and name (0 for the head)."""
    dealer = mover(v, handovers, v.dealer, -1, opponent_name)  # before any move: who held the seat then
    head = f"Hand {v.hand_no} · {dealer} dealt"
    if v.knock_limit != v.rules.knock_limit or v.multiplier != 1:  # Oklahoma: the upcard sets them
        head += f" · {hand_terms(v)}"
    lines = [(Text(head, style="bold"), 0)]
    turns: list[list[Move]] = []
    for m in v.history:
        if turns and turns[-1][0].seat == m.seat and turns[-1][-1].action.kind != Kind.PASS:
            turns[-1].append(m)
        else:
            turns.append([m])
    column = max(len("You"), len(opponent_name), *(len(short_name(name)) for _, _, name in handovers)) + 2
    done = 0
    for turn in turns:
        number = turn_number(v.history[:done], turn[0].seat)
        t = Text(f"{number:>2} ")  # plain: its dimmed line read 3:1 in atom-one-dark
        t.append(mover(v, handovers, turn[0].seat, done, opponent_name).ljust(column))
        done += len(turn)
        for i, m in enumerate(turn):
            if i:
                t.append(", ")
            kind = m.action.kind
            before, after = LOG_WORDS.get(kind, (str(m.action), ""))
            t.append(before)
            if kind in LOG_SHOWING_THE_CARD and m.card is not None:
                t.append_text(card_text(m.card, ascii_only))
            t.append(after)
        lines.append((t, 3 + column))
    res = v.result
    if res is not None and res.kind == EndKind.TIMEOUT and res.winner is not None:  # not a move: the clock's
        late = 1 - res.winner
        t = Text(f"{turn_number(v.history, late):>2} ")
        t.append(mover(v, handovers, late, len(v.history), opponent_name).ljust(column) + "ran out of time")
        lines.append((t, 3 + column))
    return [(ascii_text(line), indent) for line, indent in lines] if ascii_only else lines  # "Hand 1 - You dealt"


def _without(hand: Iterable[Card], card: Card | None) -> int:
    return deadwood(c for c in hand if c is not card)


def deadwood_text(
    v: PlayerView, selected: Card | None, ascii_only: bool, colours: Palette = DEFAULT, room: int = 78
) -> Text:
    """``Deadwood 23 · discarding 9♥ leaves 14 — you may knock``; in Oklahoma, where the
    upcard sets each hand's knock limit, and wherever only gin ends the hand (knock
    limit 0), the hand's terms after it (``· knock at 3 or less, scores ×2``, ``· gin
    only``), wherever the line's ``room`` allows them: in fewer words first (``·
    knock at 10 or less, ×2``, ``· knock limit 10, ×2``), then without the card that leaves
    least, then with the line's own in fewer words; only where none of these fits are they
    left out. Where even the line alone does not fit (below about 54 columns) it says it in
    fewer words: ``Deadwood 23 · 9♥ leaves 14 — you may knock``."""

    def done(t: Text) -> Text:
        return ascii_text(t) if ascii_only else t  # "Deadwood 23 - discarding 9H leaves 14 - you may knock"

    discarding = v.phase == Phase.DISCARD and v.current == v.seat and len(v.hand) == 11 and selected is not None
    counts = _DeadwoodCounts.of(v, selected if discarding else None)
    t = _deadwood_text(v, selected, ascii_only, colours, counts, best=True)
    plain = _deadwood_text(v, selected, ascii_only, colours, counts, best=False)
    # fewer words before less said: the card that leaves least (it may allow a knock) stays longest
    short = _deadwood_text(v, selected, ascii_only, colours, counts, best=True, short=True)
    short_plain = _deadwood_text(v, selected, ascii_only, colours, counts, best=False, short=True)
    if (v.rules.oklahoma or v.knock_limit == 0) and discarding:  # "gin only" kept from the draw to the discard
        # the terms stay in sight wherever they fit, in fewer words before the line's own give way:
        # "knock at 10 or less, scores ×2", "knock at 10 or less, ×2", "knock limit 10, ×2"
        terms = hand_terms(v)
        brief = terms.replace("scores ×", "×")
        least = brief if v.knock_limit == 0 else brief.replace(limit_words(v.knock_limit), f"knock limit {v.knock_limit}")
        tries = [(t, terms), (t, brief), (t, least), (plain, brief), (plain, least)]
        tries += [(short, brief), (short, least), (short_plain, brief), (short_plain, least)]
        for line, words in tries:
            if done(line).cell_len + 3 + len(words) <= room:
                termed = line.copy()
                termed.append(f" · {words}", style=colours.muted)
                return done(termed)
    for line in (t, short, plain, short_plain):
        shown = done(line)
        if shown.cell_len <= room:
            return shown
    return shown  # the shortest, cut short with "…" by the line


class _DeadwoodCounts(NamedTuple):
    """What the deadwood line says, counted once for its four wordings: the hand's deadwood;
    at the discard, what the ``selected`` card leaves, and the best throw and what it leaves."""

    held: int
    after: int | None
    low_card: Card | None
    low: int | None

    @classmethod
    def of(cls, v: PlayerView, selected: Card | None) -> _DeadwoodCounts:
        """The counts for ``selected`` (None: not at the discard, or no card selected)."""
        if selected is None:
            return cls(deadwood(v.hand), None, None, None)
        low_card = best_throw(v)
        low = None if low_card is None else _without(v.hand, low_card)
        return cls(deadwood(v.hand), _without(v.hand, selected), low_card, low)


def _deadwood_text(
    v: PlayerView,
    selected: Card | None,
    ascii_only: bool,
    colours: Palette,
    counts: _DeadwoodCounts,
    *,
    best: bool,
    short: bool = False,
) -> Text:
    """:func:`deadwood_text` without the Oklahoma terms at the discard (``best``: with the
    card that leaves least; ``short``: in fewer words, "9♥ leaves 14" for "discarding 9♥
    leaves 14", "cannot throw 7♥: just taken" for "7♥ was just taken: it cannot be thrown
    this turn"), from its ``counts``."""
    good = f"bold {colours.green}"
    t = Text()
    t.append("Deadwood ", style="bold")
    t.append(str(counts.held), style=f"bold {colours.gold}")
    if selected is not None and counts.after is not None:
        after = counts.after
        if short and selected == v.taken:
            t.append(" · cannot throw ")
            t.append_text(card_text(selected, ascii_only))
            t.append(": just taken", style="italic")
            return t
        if selected == v.taken:  # no figure for a throw that cannot be made
            t.append(" · ")
            t.append_text(card_text(selected, ascii_only))
            t.append(" was just taken: it cannot be thrown this turn", style="italic")
        else:
            t.append(" · " if short else " · discarding ")
            t.append_text(card_text(selected, ascii_only))
            t.append(f" leaves {after}")
            if after == 0:
                t.append(" — gin!", style=good)
            elif after <= v.knock_limit:
                t.append(" — you may knock", style=good)
        low_card, low = counts.low_card, counts.low
        if best and low_card is not None and low is not None and low_card is not selected:
            if (selected == v.taken or low < after) and low <= v.knock_limit:  # the Knock / Gin button's card
                t.append(" · ")
                t.append_text(card_text(low_card, ascii_only))
                t.append(f" leaves {low}")
    else:
        t.append(f" · {hand_terms(v)}", style=colours.muted)
    return t


def _partners(hand: Iterable[Card], card: Card) -> int:
    """How many of ``hand``'s other cards could one day meld with ``card``: its rank, or its
    suit within two ranks."""
    return sum(
        1
        for c in hand
        if c is not card and (c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2))
    )


def best_throw(v: PlayerView) -> Card | None:
    """The card whose throw leaves the least deadwood (of those that leave as little, the one
    worth most, then the one fewest of the hand's cards could meld with, then the first of the
    hand), never the card just taken from the pile: the one the deadwood line recommends, and
    the one selected after taking the discard."""
    cards = [c for c in v.hand if c is not v.taken]
    if not cards:
        return None
    return min(cards, key=lambda c: (_without(v.hand, c), -c.value, _partners(v.hand, c)))


def choice(v: PlayerView | None, kind: Kind, selected: Card | None, chosen: bool) -> Card | None:
    """The card to knock (or go gin) with; None where no card allows it.  Gin: the selected
    card if it goes gin, else the one that does.  Knock: once the player ``chosen`` the
    selected card (moved the selection, clicked it, or pressed its number key), that card if
    it may knock; otherwise (a card just drawn, or the best throw selected by the game after
    taking the discard, or a chosen card that may not knock) the card that leaves the least
    deadwood, the selected one where it leaves as little (then the one worth most): a k
    pressed at once after drawing never throws away points the hand need not keep.  The
    buttons, the prompt and the keys all ask this, so they offer the same moves."""
    if v is None:
        return None
    legal = [a for a in v.legal_actions if a.kind == kind and a.card is not None]
    if not legal:
        return None
    if selected is not None and Action(kind, selected) in legal and (chosen or kind == Kind.GIN):
        return selected
    cards = [a.card for a in legal if a.card is not None]
    return min(cards, key=lambda c: (_without(v.hand, c), c is not selected, -c.value))


def no_card_ends(v: PlayerView, kind: Kind, ascii_only: bool) -> str:
    """Why ``k`` (``kind`` knock) or ``g`` (gin) cannot be played where no card of the hand allows
    it, with the card just taken selected: what the best throw leaves ("you cannot knock: the best
    throw, J♦, leaves 40 deadwood; the limit is 10"), or the gin that another card goes where a
    knock was asked for.  Never "select another card, then k": no other card would do."""
    cards = [c for c in v.hand if c != v.taken] or list(v.hand)
    best = min(cards, key=lambda c: (_without(v.hand, c), -c.value))
    leaves = f"the best throw, {card_label(best, ascii_only)}, leaves {_without(v.hand, best)} deadwood"
    if kind == Kind.GIN:
        return f"no throw goes gin: {leaves}"
    gin = choice(v, Kind.GIN, None, False)
    if gin is not None:
        return f"{card_label(gin, ascii_only)} goes gin, not a knock: g plays gin"
    if v.knock_limit == 0:
        return f"only gin may end this hand: {leaves}"
    return f"you cannot knock: {leaves}; the limit is {v.knock_limit}"


def buttons(v: PlayerView, selected: Card | None, chosen: bool, ascii_only: bool) -> dict[str, str]:
    """The action bar's buttons (name -> label) for the moves open now."""
    legal = set(v.legal_actions)
    out: dict[str, str] = {}
    if not v.my_turn:
        return out
    if v.phase == Phase.UPCARD:  # none while no move may be made (network play: the other player away)
        if Action(Kind.TAKE_UPCARD) in legal:
            out["take"] = f"Take {card_label(v.upcard, ascii_only)} (t)" if v.upcard else "Take (t)"
        if Action(Kind.PASS) in legal:
            out["pass"] = "Pass (p)"
    elif v.phase == Phase.DRAW:
        if Action(Kind.DRAW_STOCK) in legal:
            out["stock"] = "Draw stock (s)"
        if Action(Kind.DRAW_DISCARD) in legal and v.upcard is not None:
            out["pile"] = f"Take {card_label(v.upcard, ascii_only)} (d)"
    elif v.phase == Phase.DISCARD:
        if selected is not None and Action(Kind.DISCARD, selected) in legal:
            out["discard"] = f"Discard {card_label(selected, ascii_only)} ({'Enter' if ascii_only else '⏎'})"
        k = choice(v, Kind.KNOCK, selected, chosen)
        if k is not None:
            out["knock"] = f"Knock with {card_label(k, ascii_only)} (k)"
        g = choice(v, Kind.GIN, selected, chosen)
        if g is not None:
            out["gin"] = f"Gin with {card_label(g, ascii_only)} (g)"
        if Action(Kind.BIG_GIN) in legal:
            out["big-gin"] = "Big Gin (b)"
    return out


def prompt_text(
    v: PlayerView,
    opponent_name: str,
    *,
    computes_opponent: bool,
    width: int,
    selected: Card | None,
    chosen: bool,
    ascii_only: bool,
    one_click: bool = False,
    mouse: bool = True,
    end_key: str = "",
) -> Text:
    """The prompt line: what to do now, in as many words as ``width`` (the columns left for it)
    allows (``opponent_name`` as the screen names them, :func:`fitting_name`); clicks are offered only with the ``mouse`` on; with ``ascii_only`` in ASCII alone
    (``<-/-> and Enter``, not arrows and ``⏎``).  Once the hand is over (the table then shows only
    behind a screen over it, or with the discard pile listed, its end waiting), ``end_key`` is the
    key that shows its end ("" for none: the line says only that it is over)."""
    narrow = width < NORMAL_WIDTH - 4  # the line has 76 columns at 80, inside the table's and its own padding
    tiny = width < 56
    name = short_name(opponent_name) if narrow else opponent_name
    enter, arrows, dash, dots = ("Enter", "<-/->", "-", "...") if ascii_only else ("⏎", "←/→", "—", "…")
    t = Text()
    if v.phase.ended:
        over = "The match is over" if v.phase == Phase.MATCH_OVER else "The hand is over"
        t.append(f"{over}: {end_key} shows how it ended." if end_key else f"{over}.")
        return t
    if not v.my_turn:
        verb = "is thinking" if computes_opponent else "is to move"
        # named as the rest of the screen names them (``opponent_name`` as the screen shows it)
        # wherever the line has the room: a refusal before it, "a hint is for your own turn",
        # left "Computer" for "Computer (master)"
        whole = f"{opponent_name} {verb}{dots}"
        t.append(whole if len(whole) <= width else f"{short_name(opponent_name)} {verb}{dots}", style="italic")
        return t
    if not v.legal_actions:  # network play: the game is paused (the line before the prompt says why)
        return t
    if v.phase == Phase.UPCARD:
        if v.passes:
            t.append(f"{name} passed. ")
        t.append("Take " if tiny else "Take the upcard ")
        if v.upcard is not None:
            t.append_text(card_text(v.upcard, ascii_only))
        t.append(" (t) or pass (p).")
    elif v.phase == Phase.DRAW:
        if v.stock_only:
            if narrow:
                t.append("Both passed: draw from the stock (s).")
            else:
                t.append(f"Both passed the upcard: draw from the stock (s{', or click it' if mouse else ''}).")
        else:
            if narrow:
                t.append("Draw from the stock (s) or the pile (d).")
            else:
                t.append(f"Draw from the stock (s) or the discard pile (d){', or click a pile' if mouse else ''}.")
    elif v.phase == Phase.DISCARD:
        click = "click" if one_click else "click twice"
        heads = [
            f"Discard a card ({arrows} and {enter}, 1-9 0 -{', or ' + click if mouse else ''})",
            f"Discard a card ({enter} or {click})" if mouse else f"Discard a card ({enter})",
            f"Discard ({enter})",
        ]
        if selected is not None and selected == v.taken:  # it cannot be thrown: another one, then Enter
            heads = [f"Select another card, then {enter}"]  # the words of the refusal's end (said once)
        else:
            del heads[: 2 if tiny else 1 if narrow else 0]
        tail = Text()
        g = choice(v, Kind.GIN, selected, chosen)
        k = choice(v, Kind.KNOCK, selected, chosen)
        if g is not None:
            tail.append(f" {dash} or go gin with ")
            tail.append_text(card_text(g, ascii_only))
            tail.append(" (g)")
        elif k is not None:
            tail.append(f" {dash} or knock with ")
            tail.append_text(card_text(k, ascii_only))
            tail.append(" (k)")
        if v.rules.big_gin and any(x.kind == Kind.BIG_GIN for x in v.legal_actions):
            tail.append(f" {dash} or Big Gin (b)")
        tail.append(".")
        # the longest head that leaves room for the gin or the knock (the keys' ASCII names
        # are longer, a card's ten is two characters): the shortest one else
        head = next((h for h in heads if len(h) + len(tail) <= width), heads[-1])
        t.append(head)
        t.append_text(tail)
    return t


def pile_hint(v: PlayerView) -> str:
    """What the discard pile says it is for, now."""
    if Action(Kind.TAKE_UPCARD) in v.legal_actions:  # none while the game is paused (network play)
        return "t: take the upcard"
    if Action(Kind.DRAW_DISCARD) in v.legal_actions:
        return "d: take it"
    return ""


def pile_open(v: PlayerView) -> bool:
    """True when the discard pile may be clicked (taken) now."""
    return Action(Kind.DRAW_DISCARD) in v.legal_actions or Action(Kind.TAKE_UPCARD) in v.legal_actions


def opponent_to_move(v: PlayerView) -> bool:
    """True while the other player is to move within a hand."""
    return v.current != v.seat and v.phase.playing


def you_lower(name: str) -> str:
    """A player's name within a sentence: "you" for "You", else the name as it is."""
    return "you" if name == "You" else name


UNUSED_KEY_NAMES = {
    "space": "Space", "tab": "Tab", "shift+tab": "Shift+Tab", "escape": "Esc",
    "up": "↑", "down": "↓", "left": "←", "right": "→",
    "backspace": "Backspace", "delete": "Delete", "insert": "Insert",
    "home": "Home", "end": "End", "pageup": "PageUp", "pagedown": "PageDown",
}
"""The keys that type no character (or a blank one) which the table says it has no use for,
as its line names them; a key typing a character it has no use for is named by it, in
quotes ("'x'"); a function key or one held with Ctrl or Alt by its parts ("F5", "Ctrl+A")."""

NEVER_NAMED = frozenset({"ctrl+c", "ctrl+q", "ctrl+z", "ctrl+backslash"})
"""Keys a screen never says it has no use for: the terminal or the game itself handles them
(quit, suspend), whether or not a screen binds them."""

_MODIFIERS = ("ctrl", "alt", "shift", "meta", "super", "hyper")


def unused_key(
    key: str, character: str | None, bindings: Container[str], ascii_only: bool = False
) -> tuple[str, str] | None:
    """A key pressed on a screen whose ``bindings`` have no use for it, as the screen says so:
    its name (:func:`unused_key_name`) and, for a capital letter whose lower case is a key
    there (Caps Lock on), that lower case ("" otherwise); None for a key not to be named."""
    name = unused_key_name(key, character, ascii_only)
    if name is None:
        return None
    typed = character or ""
    return name, typed.lower() if typed.isupper() and typed.lower() in bindings else ""


SCROLL_KEY_NAMES = {
    "left": "←", "right": "→", "up": "↑", "down": "↓",
    "pageup": "PageUp", "pagedown": "PageDown", "home": "Home", "end": "End",
}
"""The keys that scroll a part of a screen, as a line saying one does nothing names them where
nothing there scrolls (the end of a hand, whole on the screen: :func:`scroll_key_name`)."""

VERTICAL_SCROLLS = frozenset({"scroll_up", "scroll_down", "page_up", "page_down", "scroll_home", "scroll_end"})
"""The actions of a scrolling part's keys that scroll it up or down (Textual's names)."""

SIDEWAYS_SCROLLS = frozenset({"scroll_left", "scroll_right", "page_left", "page_right"})
"""The actions of a scrolling part's keys that scroll it sideways (Textual's names)."""


ASCII_ARROWS = {"←": "Left", "→": "Right", "↑": "Up", "↓": "Down"}
"""The arrow keys' names in ASCII, where a line names a key (``--ascii``)."""


def scroll_key_name(key: str, ascii_only: bool = False) -> str | None:
    """How a line names a key that scrolls (``key`` as Textual gives it): "←", "PageUp";
    in ASCII "Left", "PageUp"; None for another key."""
    name = SCROLL_KEY_NAMES.get(key)
    if name is None or not ascii_only:
        return name
    return ASCII_ARROWS.get(name, name)


def unused_key_name(key: str, character: str | None, ascii_only: bool = False) -> str | None:
    """How the table's line names a key it has no use for (``key`` and ``character`` as
    Textual gives them): "Space", "Tab", "'x'", "'='", "Backspace", "F5", "Ctrl+A"; None for
    a key that is not to be named (:data:`NEVER_NAMED`, or one Textual cannot name)."""
    if key in NEVER_NAMED:
        return None
    if key in UNUSED_KEY_NAMES:
        name = UNUSED_KEY_NAMES[key]
        return ASCII_ARROWS.get(name, name) if ascii_only else name
    if character is not None and len(character) == 1 and character.isprintable() and not character.isspace():
        return f"'{character}'"
    *held, last = key.split("+")
    if not all(part in _MODIFIERS for part in held):
        return None
    if last in UNUSED_KEY_NAMES:
        base = UNUSED_KEY_NAMES[last]
        base = ASCII_ARROWS.get(base, base) if ascii_only else base
    elif len(last) == 1 and last.isascii() and last.isalnum():
        base = last.upper()
    elif last[:1] == "f" and last[1:].isdigit():
        base = last.upper()
    else:
        return None
    if not held and not base.startswith("F"):
        return None  # a lone key of those is named above
    return "+".join([*(part.capitalize() for part in held), base])


def unused_key_note(
    v: PlayerView, key: str, opponent_name: str, *, lower: str = "", ascii_only: bool = False, selected: Card | None = None
) -> str:
    """What the table says of a key it has no use for (``key`` as :func:`unused_key_name`
    names it): that it does nothing, then what to press for the move due (whom to wait
    for, ``opponent_name`` as the screen names them), and that ? lists every key.  ``lower``:
    the key the one pressed stands for in lower case ("s" for "S"): the keys are lower case.
    ``selected``: the card chosen in the hand; where it is the card just taken, which cannot
    be thrown, the note says to choose another (it said "⏎ discards the selected card",
    which ⏎ then refused)."""
    if lower:
        return does_nothing(key, lower=lower)
    enter = "Enter" if ascii_only else "⏎"
    what = ""
    if not v.my_turn:
        what = f"wait for {opponent_name}"
    elif not v.legal_actions:  # network play: the game is paused (the line before the prompt says why)
        what = ""
    elif v.phase == Phase.UPCARD:
        what = "t takes the upcard, p passes"
    elif v.phase == Phase.DRAW:
        what = "s draws from the stock" if v.stock_only else "s or d draws a card"
    elif v.phase == Phase.DISCARD and selected is not None and selected == v.taken:
        what = f"select another card, then {enter} discards it"
    elif v.phase == Phase.DISCARD:
        what = f"{enter} discards the selected card"
    return does_nothing(key, what)


def their_cards_note(v: PlayerView, name: str, one_click: bool) -> str:
    """What the table says of a click on the other player's cards (``name`` as the screen names
    them): whose they are, and what to click for the move due, as the mouse is set (``one_click``)."""
    what = ""
    if not v.my_turn:
        what = f"wait for {name} to move"
    elif not v.legal_actions:  # network play: the game is paused (the line before the prompt says why)
        what = ""
    elif v.phase == Phase.UPCARD:
        what = "click the pile to take the upcard, or Pass"
    elif v.phase == Phase.DRAW:
        what = "click the stock to draw" if v.stock_only else "click the stock or the pile to draw"
    elif v.phase == Phase.DISCARD:
        what = "click one of yours to throw it" if one_click else "click one of yours to lift it, again to throw it"
    theirs = f"those are {name}'s cards"
    return f"{theirs}: {what}" if what else theirs


def dragged_note(v: PlayerView, one_click: bool) -> str:
    """What the table says of a card dragged (pressed on, let go on another): that cards
    are not dragged, and what a click does instead, as the mouse is set (``one_click``)."""
    if v.my_turn and v.phase == Phase.DISCARD and v.legal_actions:
        click = "click a card to throw it" if one_click else "click a card to lift it, again to throw it"
    else:
        click = "< and > move the selected card"
    return f"cards are not dragged: {click}"


def does_nothing(key: str, what: str = "", *, lower: str = "") -> str:
    """What a screen says of a key it has no use for (``key`` as :func:`unused_key_name` names
    it): that it does nothing here, ``what`` to press instead ("s or d draws a card", "⏎ goes
    on"; "" for none), and that ? lists every key.  ``lower``: the key the one pressed stands
    for in lower case ("s" for "S"): that the keys are lower case instead."""
    if lower:
        return f"{key} does nothing here: keys are lower case ({lower}), Caps Lock may be on"
    return f"{key} does nothing here: {what}; ? lists the keys" if what else f"{key} does nothing here: ? lists the keys"


def unused_key_short(key: str) -> str:
    """What the table says of a key it has no use for where the prompt after it says what to
    press (:func:`prompt_says_keys`): only that it does nothing, and that ? lists every key."""
    return f"{key} does nothing here; ? lists the keys"


def prompt_says_keys(v: PlayerView) -> bool:
    """Whether the prompt line (:func:`prompt_text`) says which keys make the move due: on
    the player's own turn, to take or pass the upcard, to draw, to discard."""
    return v.my_turn and bool(v.legal_actions) and v.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD)
