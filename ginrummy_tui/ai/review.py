"""The review of a finished hand: the player's decisions where the expert
opponent would have chosen differently, each with an estimated cost.

The hand is replayed from its deal.  At each of the player's decisions the
expert opponent is asked for its choice in the player's own view (it sees
what the player saw, nothing more).  Where the two differ, the cost is
estimated in expected points of this hand: the cards the player could not
see (the other hand and the stock) are guessed many times as the hints guess
them, from what the player knew (the cards the other player picked up, each
in a meld, the rest weighted by what it threw and passed on; never its real
cards), and the rest of the hand is played out both ways by fast opponents,
with the same guessed deals for both choices (the standard
opponent's rules on card masks, :class:`FastPlayOut`: the same points as
playing them through the engine, :func:`_play_out`, five times faster).  The cost is the
average difference, in points for the player minus points against; so a
review never uses hindsight about the other hand or the order of the stock.

A knock against a throw without knocking (waiting), of the same card or
another, is estimated otherwise, as the master opponent weighs it
(:func:`estimate_knock_cost`):
the fast opponents knock as soon as they may, so waiting would be played out
as a knock a turn later.  The other hand is guessed as the hints guess it,
the knock settled exactly, and the wait played out with the player lying in
wait as the expert would; to the same precision as the others, on more deals
at most (:data:`KNOCK_DEALS`).

Pure Python: no Textual, no I/O.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ginrummy_tui.engine import (
    DECK,
    Action,
    Card,
    GameState,
    Move,
    PlayerView,
    apply,
    cards_of,
    deadwood_mask,
    knock_score,
    turn_number,
    view,
)
from ginrummy_tui.engine.cards import card_name
from ginrummy_tui.engine.kinds import Kind, Phase
from ginrummy_tui.engine.melds import RUN_DW

from .common import COMPUTER, hand_mask, playable
from .expert import NEAR
from .hints import explain, match_turned, meld_chances, meld_guesser, odds
from .knock_playouts import BETTER, DEFAULT_SAMPLES, KNOCK_DEALS, PRECISION, boxed, knock_cost_of_view, to_precision
from .master import MatchTurn, match_versus, void_throw, wants

PLAYING = (Phase.UPCARD, Phase.DRAW, Phase.DISCARD)
MORE_SAMPLES = 16
"""While a cost's standard error is above ``PRECISION``, more deals are
played out, ``DEFAULT_SAMPLES`` at a time, up to this many times as many."""


@dataclass(frozen=True)
class ReviewedDecision:
    """One decision of the player where the expert would have chosen differently."""

    index: int
    """Position of the move in the hand's history (0 = the first move of the hand)."""
    turn: int
    """The player's turn in the hand, from 1 (a draw and its discard share a turn)."""
    played: Action
    suggested: Action
    """The expert opponent's choice in the same view."""
    cost: float
    """Estimated expected points lost by ``played`` instead of ``suggested``
    (negative when the estimate favours the player's own choice); when one
    knocks and the other throws a card without knocking (:attr:`knock_against_wait`,
    the same card or another), by :func:`estimate_knock_cost`."""
    deadwood: tuple[int, int] | None
    """For a discard, knock or gin: the deadwood left by ``played`` and by ``suggested``."""
    upcard: Card | None
    """The top card of the discard pile when the decision was made."""
    reason: str
    """Why the expert chose ``suggested`` (one line); where the play-outs favour
    ``played`` by several points (:attr:`better`), why the expert chose otherwise."""
    error: float = 0.0
    """The standard error of ``cost``."""
    match_chance: float = 0.0
    """Where the expert's choice very likely wins the match and the player's
    does not end the hand: the chance that it does (a knock's, over the hands
    the other player may hold, at least :data:`~ginrummy_tui.ai.hints.MATCH_CHANCE`;
    1 for a gin whose bonus alone reaches the target); else 0.  The cost, in
    points of the hand, does not show it (:meth:`match_text`)."""
    match_chances: tuple[float, float] | tuple[()] = ()
    """Near the end of a match, where the expert knocks or waits because that wins the match
    more often than the other (:func:`~ginrummy_tui.ai.hints.match_turned`): the chances of
    winning the match with its choice and with the player's own move, whichever card it
    played (:func:`~ginrummy_tui.ai.master.match_versus`); the cost, in points of the
    hand, may favour the player's (:meth:`match_text`)."""
    match_points: str = ""
    """Where those chances are all but decided either way and the expert's choice was taken
    for its points (:attr:`~ginrummy_tui.ai.master.MatchTurn.points`): what it is expected to
    score more than the player's, as the hint says it ("the match all but lost, the knock is
    expected to score about 32 more than your move, any points avoiding the shutout"), said
    by :meth:`match_text` in place of the chances, which hardly differ."""
    hand: tuple[Card, ...] = ()
    """The player's cards when the decision was made (ten before a draw,
    eleven before a discard), so that the review can show the hand as it was."""
    void: bool = False
    """Whether the decision was the throw that ends the hand void
    (:func:`~ginrummy_tui.ai.master.void_throw`): a throw there without a knock waits for
    nothing, the hand ending on it (:meth:`summary`, :meth:`match_text`)."""

    @property
    def knock_only(self) -> bool:
        """True when the player and the expert throw the same card and only one of them knocks."""
        return knock_only(self.played, self.suggested)

    @property
    def knock_against_wait(self) -> bool:
        """True when only one of the player and the expert knocks and the other throws
        a card without knocking, the same card or another (:func:`knock_against_wait`)."""
        return knock_against_wait(self.played, self.suggested)

    def summary(self, ascii_only: bool = False) -> str:
        """One line: "Turn 3: you discarded 7♥ (14 deadwood); the expert would have discarded K♠ (7)";
        when only one of them knocks: "Turn 8: you knocked with 5♠ (5 deadwood); the expert
        would have discarded 5♠ without knocking and waited"."""
        did = describe_action(self.played, self.upcard, ascii_only, past=True)
        would = describe_action(self.suggested, self.upcard, ascii_only, past=False)
        if self.knock_only:
            if self.played.kind == Kind.DISCARD:
                did += " without knocking"
            elif self.void:  # the hand would have ended void on that throw: no wait
                would += " without knocking, the hand void"
            else:
                would += " without knocking and waited"
        if self.deadwood is not None:
            did += f" ({self.deadwood[0]} deadwood)"
            if not self.knock_only:
                would += f" ({self.deadwood[1]})"
        return f"Turn {self.turn}: you {did}; the expert would have {would}."

    @property
    def better(self) -> bool:
        """True when the estimate favours the player's own choice by several
        points: ``BETTER`` or more, and at least two standard errors."""
        return self.cost <= -BETTER and self.cost <= -2 * self.error

    def match_text(self) -> str:
        """What the expert's choice would have done to the match, where that
        says more than the points of the hand (:attr:`match_chance`): "the
        knock would have won the match: about 9 in 10", "gin would have won
        the match"; near the end of a match, where the expert's knock or wait
        wins it more often (:attr:`match_chances`, the chances of winning the match,
        in this hand or a later one), "your chance to win the match: about 19 in 20
        with the knock, about 9 in 10 with your move"; else nothing."""
        if self.match_points:
            return self.match_points
        if self.match_chances:
            from .hints import _match_pair

            chosen, own = self.match_chances  # (the player's move, with another card, may win it more often)
            yours, theirs = _match_pair(own, chosen) if own > chosen else _match_pair(chosen, own)[::-1]
            what = "the knock" if self.suggested.kind == Kind.KNOCK else "the hand void" if self.void else "waiting"
            return f"your chance to win the match: {theirs} with {what}, {yours} with your move"
        if not self.match_chance:
            return ""
        if self.suggested.kind in (Kind.GIN, Kind.BIG_GIN):
            return f"{'Big Gin' if self.suggested.kind == Kind.BIG_GIN else 'gin'} would have won the match"
        return f"the knock would have won the match: {odds(self.match_chance)}"

    def cost_text(self) -> str:
        """The estimated cost in words: "about 7 points", "about 1 point", "about
        even", "your choice looks as good", and where the estimate favours the
        player's choice by several points (:attr:`better`), "your choice looks
        about 20 points better".  In whole points (half a point up), as the
        hints say theirs: a cost is played out to a standard error of about a
        point (:data:`PRECISION`), which a decimal would hide."""
        if self.cost < 0.5:
            if self.cost > -0.5:
                return "about even"
            if not self.better:
                return "your choice looks as good"
            points = math.floor(-self.cost + 0.5)
            return f"your choice looks about {points} points better"
        points = math.floor(self.cost + 0.5)
        return f"about {points} point{'' if points == 1 else 's'}"


@dataclass(frozen=True)
class HandReview:
    """The review of one hand for one seat."""

    match_no: int
    hand_no: int
    seat: int
    decisions: int
    """How many decisions the player made in the hand."""
    mistakes: tuple[ReviewedDecision, ...]
    """Every decision where the expert would have chosen differently, in the
    order they were made (a turn's draw before its discard), each with its cost;
    not a throw without a knock where the expert throws another card without one
    at the throw that ends the hand void (:func:`~ginrummy_tui.ai.master.void_throw`),
    where every such throw comes to the same, nor a draw just before it (:func:`void_draw`)
    whose play-outs come to the same points either way in every deal."""
    samples: int
    """Random deals per decision behind each cost."""
    knock_deals: int = KNOCK_DEALS
    """The most guessed deals behind the cost of a knock against waiting
    (``samples`` at a time, as the others, while its standard error is above
    ``PRECISION``)."""
    box: int = 0
    """The rules' box bonus for each hand won (``Rules.box_bonus``), which
    every cost counts for the hand won or lost (:func:`boxed`)."""
    layout: str | None = None
    """Why the knocker's melds were laid out as they were, when a meld was kept
    out to block layoffs (see :func:`ginrummy_tui.engine.layout_note`)."""

    @property
    def agreed(self) -> int:
        """Decisions where the player chose what the expert would have."""
        return self.decisions - len(self.mistakes)

    @property
    def as_good(self) -> int:
        """Decisions the expert would have made otherwise where the player's
        choice is estimated to cost less than half a point: "about even", or
        "your choice looks as good"."""
        return sum(1 for m in self.mistakes if m.cost < 0.5 and not m.match_chances)

    @property
    def better(self) -> int:
        """Those of :attr:`as_good` the estimate favours by several points
        (:attr:`ReviewedDecision.better`): "your choice looks about 16 points better"; not
        one that wins the match less often (:attr:`ReviewedDecision.match_chances`)."""
        return sum(1 for m in self.mistakes if m.better and not m.match_chances)

    def costly(self, threshold: float = 0.5) -> tuple[ReviewedDecision, ...]:
        """The differences whose estimated cost is at least ``threshold`` points."""
        return tuple(m for m in self.mistakes if m.cost >= threshold)


def knock_only(played: Action, suggested: Action) -> bool:
    """True when ``played`` and ``suggested`` throw the same card and only one of them knocks."""
    kinds = {played.kind, suggested.kind}
    return played.card is suggested.card and kinds == {Kind.KNOCK, Kind.DISCARD}


def knock_against_wait(played: Action, suggested: Action) -> bool:
    """True when one of ``played`` and ``suggested`` knocks and the other throws a card
    without knocking, the same card (:func:`knock_only`) or another: a knock against
    waiting, whose cost :func:`estimate_knock_cost_error` plays out, whichever card each
    names.  The other play-outs priced a knock with 4♦ against the throw of 4♠ (the same
    melds and deadwood left) at about 11 points, where the knock with 4♠ cost about 26:
    their guesses of the other hand held more deadwood than the knock's (a knock settled
    against them scored about 11 points more), and their player knocked at its next turn
    rather than waiting as the expert would."""
    return played.card is not None and suggested.card is not None and {played.kind, suggested.kind} == {Kind.KNOCK, Kind.DISCARD}


def describe_action(action: Action, upcard, ascii_only: bool = False, past: bool = True) -> str:
    """``action`` in words, after "you" (``past``) or "the expert would have"."""
    c = action.card
    lab = card_name(c, ascii_only) if c is not None else ""
    up = card_name(upcard, ascii_only) if upcard is not None else "the upcard"
    k = action.kind
    if k == Kind.PASS:
        return f"passed on the upcard {up}"
    if k == Kind.TAKE_UPCARD:
        return f"taken the upcard {up}" if not past else f"took the upcard {up}"
    if k == Kind.DRAW_STOCK:
        return "drawn from the stock" if not past else "drew from the stock"
    if k == Kind.DRAW_DISCARD:
        return f"taken {up} from the discard pile" if not past else f"took {up} from the discard pile"
    if k == Phase.DISCARD:
        return f"discarded {lab}"
    if k == Kind.KNOCK:
        return f"knocked with {lab}"
    if k == Kind.GIN:
        return f"gone gin with {lab}" if not past else f"went gin with {lab}"
    if k == Kind.BIG_GIN:
        return "gone Big Gin" if not past else "went Big Gin"
    return str(action)


# ---------------------------------------------------------------- estimating


def _hidden_sample(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with the cards ``seat`` cannot see dealt again at random:
    the other hand keeps the cards it is known to hold from the discard pile."""
    opp = 1 - seat
    known = view(state, seat).opponent_known
    seen = set(state.hands[seat]) | set(state.discard) | set(known)
    unseen = [c for c in DECK if c not in seen]
    rng.shuffle(unseen)
    k = len(state.hands[opp]) - len(known)
    opp_hand = tuple(sorted(tuple(known) + tuple(unseen[:k]), key=lambda c: c.index))
    hands: list[tuple[Card, ...]] = [(), ()]
    hands[seat] = state.hands[seat]
    hands[opp] = opp_hand
    return replace(state, hands=(hands[0], hands[1]), stock=tuple(unseen[k:]))


def _play_out(state: GameState, seat: int, policies) -> int:
    """Points of the hand for ``seat`` (negative when the other seat scores),
    played out through the engine by ``policies`` (one per seat): what
    :class:`FastPlayOut` gives on masks for two standard opponents."""
    for _ in range(200):
        if state.phase not in PLAYING:
            break
        state = apply(state, policies[state.current].choose(view(state, state.current)))
    r = state.result
    if r is None or r.winner is None:
        return 0
    return r.points if r.winner == seat else -r.points


_UPCARD, _DRAW, _DISCARD = 0, 1, 2
"""The phases of a hand in play, in the fast play-outs."""
_PHASES = {Phase.UPCARD: _UPCARD, Phase.DRAW: _DRAW, Phase.DISCARD: _DISCARD}
_STOCK, _TAKE, _PASS, _THROW, _KNOCK, _GIN, _BIG_GIN = range(7)
"""The moves, in the fast play-outs (a take of the upcard and a draw of the
discard move the same card)."""
_MOVES = {
    Kind.DRAW_STOCK: _STOCK,
    Kind.DRAW_DISCARD: _TAKE,
    Kind.TAKE_UPCARD: _TAKE,
    Kind.PASS: _PASS,
    Kind.DISCARD: _THROW,
    Kind.KNOCK: _KNOCK,
    Kind.GIN: _GIN,
    Kind.BIG_GIN: _BIG_GIN,
}
_VALUE = [c.value for c in DECK]
_MELDS_WITH = [NEAR[c.index] | c.bit for c in DECK]
"""Per card index: the cards it melds with (:func:`~ginrummy_tui.ai.common.melds_with`), itself too."""


def _helps_mask(cards) -> int:
    """The cards that meld with any of ``cards`` (the standard throw avoids them)."""
    m = 0
    for c in cards:
        m |= _MELDS_WITH[c.index]
    return m


def _trips(s0: int, s1: int, s2: int, s3: int) -> int:
    """The ranks held in three or four of these suit masks (as the solver finds them)."""
    return (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))


_COLUMN = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""Times the bit of a rank in the first suit: the mask of that rank in all four suits."""


def _set_choices(hand: int, trip: int) -> list[int]:
    """Every choice of sets for the ranks of ``trip`` (their bits in the first
    suit) in ``hand``: the mask of the cards put in sets, for each rank no set,
    all its cards, or (of four) each three of them."""
    choices = [0]
    while trip:
        low = trip & -trip
        trip ^= low
        held = hand & (low * _COLUMN)
        options = [0, held]
        if held.bit_count() == 4:
            x = held
            while x:
                b = x & -x
                x ^= b
                options.append(held ^ b)
        choices = [c | o for c in choices for o in options]
    return choices


def _throws(hand: int, taken: int) -> list[tuple[int, int]]:
    """``(deadwood left, card bit)`` for each card of the mask ``hand`` but
    ``taken``, in index order: ``deadwood_mask(hand ^ bit)``, most of them
    worked out from the suits' run deadwood (``RUN_DW``) as the solver adds
    it, without calling it."""
    T = RUN_DW
    s0, s1, s2, s3 = hand & 0x1FFF, (hand >> 13) & 0x1FFF, (hand >> 26) & 0x1FFF, hand >> 39
    throws: list[tuple[int, int]] = []
    trip = _trips(s0, s1, s2, s3)
    if trip:
        # Every choice of sets among the ranks held in three or four suits,
        # each with the run deadwood of its suits; a card of another rank is
        # in no set, so throwing it changes one suit of each choice.
        in_sets = hand & (trip * _COLUMN)
        choices = []
        for sets in _set_choices(hand, trip):
            x = hand ^ sets
            suits = (x & 0x1FFF, (x >> 13) & 0x1FFF, (x >> 26) & 0x1FFF, x >> 39)
            choices.append((T[suits[0]] + T[suits[1]] + T[suits[2]] + T[suits[3]], suits))
        rest = hand & ~taken
        while rest:
            b = rest & -rest
            rest ^= b
            if b & in_sets:
                d = deadwood_mask(hand ^ b)
            else:
                k, i = divmod(b.bit_length() - 1, 13)
                low = 1 << i
                d = 1 << 30
                for total, suits in choices:
                    sk = suits[k]
                    v = total - T[sk] + T[sk ^ low]
                    if v < d:
                        d = v
            throws.append((d, b))
    else:
        suits = (s0, s1, s2, s3)
        total = T[s0] + T[s1] + T[s2] + T[s3]
        for k in range(4):
            sk = suits[k]
            shift = 13 * k
            base = total - T[sk]
            x = sk & ~(taken >> shift)
            while x:
                low = x & -x
                x ^= low
                throws.append((base + T[sk ^ low], low << shift))
    return throws


def _throw(hand: int, taken: int, avoid: int) -> tuple[int, int]:
    """The standard opponent's throw from an 11-card mask (never ``taken``, the
    card just picked up): ``(deadwood left, card bit)`` by the smallest key
    (deadwood left, melds with a card of ``avoid``, -count, -index), as
    :func:`~ginrummy_tui.ai.standard.choose_discard` picks it."""
    best = 1 << 30
    best_h = True
    best_v = -1
    bit = 0
    for d, b in _throws(hand, taken):
        if d > best:
            continue
        hp = bool(b & avoid)
        v = _VALUE[b.bit_length() - 1]
        # the key (deadwood, helps, -count, -index): a later card has the higher index
        if d < best or hp < best_h or (hp == best_h and v >= best_v):
            best, best_h, best_v, bit = d, hp, v, b
    return best, bit


class FastPlayOut:
    """The hand of ``state`` played out to its end by two standard opponents
    (``ai/standard.py``) on 52-bit masks: the same moves, and the same points,
    as :func:`_play_out` through the engine, many times faster.

    The fixed parts of the position (the phase, who is to move, the discard
    pile, the cards each player picked up, the rules) are read once; each play-out
    gets its own hands and stock.  Knocks are settled by the engine
    (:func:`~ginrummy_tui.engine.knock_score`: the points of
    :func:`~ginrummy_tui.engine.score_knock`)."""

    def __init__(self, state: GameState, seat: int) -> None:
        if state.phase not in PLAYING:
            raise ValueError("the hand is not in play")
        self.seat = seat
        self.rules = state.rules
        self.knock_limit = state.knock_limit
        self.multiplier = state.multiplier
        self.dealer = state.dealer
        self.phase = _PHASES[state.phase]
        self.current = state.current
        self.passes = state.passes
        self.stock_only = state.stock_only
        self.taken = state.taken.bit if state.taken is not None else 0
        self.pile = [c.bit for c in state.discard]
        self.helps = (_helps_mask(state.picked_up(0)), _helps_mask(state.picked_up(1)))
        self.hands = (hand_mask(state.hands[0]), hand_mask(state.hands[1]))
        self.stock = [c.bit for c in state.stock]
        opp = 1 - seat
        known = view(state, seat).opponent_known
        seen = set(state.hands[seat]) | set(state.discard) | set(known)
        self.unseen = [c.bit for c in DECK if c not in seen]
        self.known = hand_mask(known)
        self.opp_drawn = len(state.hands[opp]) - len(known)

    def sample(self, rng: random.Random) -> tuple[int, list[int]]:
        """The other hand and the stock dealt again at random as
        :func:`_hidden_sample` deals them (the same draws of ``rng``)."""
        unseen = list(self.unseen)
        rng.shuffle(unseen)
        k = self.opp_drawn
        opp = self.known
        for b in unseen[:k]:
            opp |= b
        return opp, unseen[k:]

    def points(self, action: Action | None = None, other: int | None = None, stock: list[int] | None = None) -> int:
        """Points of the hand for ``seat`` (negative when the other seat scores)
        after ``action`` (none: from the position itself), the other hand
        being ``other`` and the stock ``stock`` (last card drawn first; both
        default to the position's).  ``stock`` is not changed; ``action``
        must be legal in the position (it is not checked)."""
        seat = self.seat
        hands = list(self.hands)
        if other is not None:
            hands[1 - seat] = other
        stock = list(self.stock if stock is None else stock)
        pile = list(self.pile)
        helps = list(self.helps)
        phase, cur, passes, stock_only, taken = self.phase, self.current, self.passes, self.stock_only, self.taken
        rules = self.rules
        limit = self.knock_limit
        void = rules.void_stock
        big_gin = rules.big_gin
        dw = deadwood_mask
        kind: int | None = None
        bit = 0
        moves = 0
        if action is not None:
            if action.kind == Kind.TIMEOUT:
                return 0  # the match is lost on time: the hand scores nothing
            kind = _MOVES[action.kind]
            bit = action.card.bit if action.card is not None else 0
            moves = -1  # as _play_out after apply: the given action is not counted
        while True:
            h = hands[cur]
            if kind is None:  # the standard opponent's choice
                if moves == 200:  # as many moves as _play_out plays at most
                    return 0
                if phase == _DISCARD:
                    if big_gin and dw(h) == 0:
                        kind = _BIG_GIN
                    else:
                        best, bit = _throw(h, taken, helps[1 - cur])
                        if best == 0:
                            kind = _GIN
                        elif best <= limit:
                            kind = _KNOCK
                        else:
                            kind = _THROW
                elif phase == _DRAW:
                    open_pile = bool(pile) and not stock_only
                    if open_pile and wants(h, pile[-1]):
                        kind = _TAKE
                    elif stock:
                        kind = _STOCK
                    elif open_pile:
                        kind = _TAKE
                    else:
                        raise ValueError("no action to choose: neither pile may be drawn")
                else:
                    kind = _TAKE if pile and wants(h, pile[-1]) else _PASS
            moves += 1
            # the move, as the engine's apply makes it
            if kind == _STOCK:
                hands[cur] = h | stock.pop()
                phase, taken, stock_only = _DISCARD, 0, False
            elif kind == _TAKE:
                c = pile.pop()
                hands[cur] = h | c
                helps[cur] |= _MELDS_WITH[c.bit_length() - 1]
                phase, taken = _DISCARD, c
            elif kind == _PASS:
                passes += 1
                if passes == 1:
                    cur = 1 - cur
                else:
                    cur, phase, stock_only = 1 - self.dealer, _DRAW, True
            elif kind == _BIG_GIN:
                return self._settle(cur, h, hands[1 - cur])
            else:  # discard, knock, gin
                h ^= bit
                hands[cur] = h
                pile.append(bit)
                taken = 0
                if kind != _THROW:  # knock or gin
                    return self._settle(cur, h, hands[1 - cur])
                if len(stock) <= void:
                    return 0  # void
                phase, cur = _DRAW, 1 - cur
            kind = None

    def _settle(self, knocker: int, kmask: int, dmask: int) -> int:
        """The points for ``seat`` of a knock, gin or big gin with these hands, as the engine scores it."""
        winner, points = knock_score(cards_of(kmask), cards_of(dmask), self.rules, knock_limit=self.knock_limit)
        points *= self.multiplier
        return points if (knocker if winner == "knocker" else 1 - knocker) == self.seat else -points


def _dealt(state: GameState, seat: int, other: int, stock: list[int]) -> GameState:
    """``state`` with the other hand ``other`` and the stock ``stock`` (its last card drawn first) of a guess."""
    hands = [state.hands[0], state.hands[1]]
    hands[1 - seat] = cards_of(other)
    return replace(state, hands=(hands[0], hands[1]), stock=tuple(DECK[b.bit_length() - 1] for b in stock))


def estimate_cost(
    state: GameState,
    seat: int,
    played: Action,
    suggested: Action,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int | str = 0,
    policies: Sequence | None = None,
) -> float:
    """Expected points of this hand lost by playing ``played`` rather than
    ``suggested`` in ``state`` (seat ``seat`` to move): the mean of
    :func:`estimate_cost_error`."""
    return estimate_cost_error(state, seat, played, suggested, samples=samples, seed=seed, policies=policies)[0]


def estimate_cost_error(
    state: GameState,
    seat: int,
    played: Action,
    suggested: Action,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int | str = 0,
    policies: Sequence | None = None,
) -> tuple[float, float]:
    """Expected points of this hand lost by playing ``played`` rather than
    ``suggested`` in ``state`` (seat ``seat`` to move), and the standard
    error of that mean, over ``samples`` guesses of the cards ``seat``
    cannot see; while the standard error is above ``PRECISION``, over
    ``samples`` more at a time, up to ``MORE_SAMPLES`` times as many.  One
    play-out differs from the other by a whole hand's points, so 24 deals
    alone could call a discard leaving 29 more deadwood as good as the
    other, and stopping once the mean was two standard errors from nothing
    gave the same discard 5 to 14 points from one seed to the next.

    The cards are guessed from ``seat``'s own view as the hints guess them
    (:meth:`~ginrummy_tui.ai.master.MasterOpponent.guess_deals` of
    :func:`~ginrummy_tui.ai.hints.meld_guesser`, whose guesses the hints'
    chance that the other player melds a card counts): the cards it picked
    up each in a meld, the rest weighted by what it threw and passed on,
    half its stock draws replayed; the stock dealt from the rest.  Never
    its real cards.

    The play-outs are the standard opponent's on both seats, on masks
    (:class:`FastPlayOut`); with ``policies`` (two objects with
    ``choose(view)``, one per seat) they are played through the engine
    instead (:func:`_play_out`), far more slowly, on the same deals."""
    rng = random.Random(f"gin-tui-review/{seed}/{len(state.history)}")
    fast = None
    if policies is None:
        for action in (played, suggested):
            apply(state, action)  # raises, saying why, unless both are legal here: the play-outs do not check
        fast = FastPlayOut(state, seat)
    v = view(state, seat)
    guesser = meld_guesser()

    box = v.rules.box_bonus

    def batch(k: int) -> list[int]:
        diffs = []
        for other, stock in guesser.guess_deals(v, rng, k):
            if fast is not None:
                diffs.append(boxed(fast.points(suggested, other, stock), box) - boxed(fast.points(played, other, stock), box))
                continue
            s = _dealt(state, seat, other, stock)
            ours = _play_out(apply(s, suggested), seat, policies)
            diffs.append(boxed(ours, box) - boxed(_play_out(apply(s, played), seat, policies), box))
        return diffs

    return to_precision(batch, samples, samples * MORE_SAMPLES)


def estimate_knock_cost(
    state: GameState,
    seat: int,
    played: Action,
    suggested: Action,
    *,
    deals: int = DEFAULT_SAMPLES,
    most: int = KNOCK_DEALS,
    seed: int | str = 0,
) -> float:
    """Expected points of this hand lost by ``played`` rather than
    ``suggested`` in ``state`` (seat ``seat`` to throw), where one knocks and
    the other throws a card without knocking (the same card or another): the mean of
    :func:`estimate_knock_cost_error`."""
    return estimate_knock_cost_error(state, seat, played, suggested, deals=deals, most=most, seed=seed)[0]


def estimate_knock_cost_error(
    state: GameState,
    seat: int,
    played: Action,
    suggested: Action,
    *,
    deals: int = DEFAULT_SAMPLES,
    most: int = KNOCK_DEALS,
    seed: int | str = 0,
) -> tuple[float, float]:
    """Expected points of this hand lost by ``played`` rather than
    ``suggested`` in ``state`` (seat ``seat`` to throw), where one knocks and
    the other throws a card without knocking (the same card or another:
    :func:`knock_against_wait`), and the standard error
    of that mean, played out as :func:`estimate_cost_error` plays the others
    (:func:`_to_precision`): on ``deals`` guesses of the other hand and the
    stock, ``deals`` more at a time while the standard error is above
    ``PRECISION``, up to ``most`` (:data:`KNOCK_DEALS`: one deal differs
    from the next by more here).  The guesses are the master's, as the
    hints deal them but without their bound on a quick knocker's replayed
    draws: the cards it picked up in melds, half its stock draws replayed,
    each a hand it did not end the hand with.  The knock is settled exactly
    and the wait played out with the master's fast policies, the player
    lying in wait as the expert would
    (:meth:`~ginrummy_tui.ai.master.MasterOpponent.playout_points`)."""
    return knock_cost_of_view(view(state, seat), played, suggested, deals=deals, most=most, seed=seed)


def compared_reason(v: PlayerView, played: Card, suggested: Card, ascii_only: bool = False, name: str = COMPUTER) -> str:
    """Why throw ``suggested`` rather than ``played``, where neither player
    knocks and the expert could have knocked with ``suggested`` (its own
    reason there weighs a knock against waiting, which the player, who did
    not knock either, did not choose between).  Where ``suggested`` leaves
    less deadwood: the two deadwoods, and the chance the other player can
    meld each card (:func:`~ginrummy_tui.ai.hints.meld_chances`, on the same
    guesses) where the card kept, ``played``, is the likelier to be melded
    (else those chances would argue for it, and the deadwood alone is the
    reason); else the first figure the expert weighs that favours
    ``suggested``, as a hint to throw it rather than a card leaving less
    deadwood gives it (the draws to come, the chances to meld, its own
    weights).  A card no meld with is left to the other player
    (:func:`~ginrummy_tui.ai.hints.out_of_reach`) is said, as the hints say
    it, to be one it cannot meld, never "less than 1 in 50"."""
    from .hints import _hundredths, _meld_pair, _what_favours, hint_expert, out_of_reach

    lab = lambda c: card_name(c, ascii_only)  # noqa: E731
    hand = hand_mask(v.hand)
    mine, theirs = deadwood_mask(hand ^ suggested.bit), deadwood_mask(hand ^ played.bit)
    p_mine, p_theirs = meld_chances(v, (suggested, played))
    chances = (p_mine, p_theirs)
    head = f"Discard {lab(suggested)} and wait: it leaves {mine} deadwood"
    if mine >= theirs:
        left = f", as {lab(played)} would" if mine == theirs else f" ({lab(played)} would leave {theirs})"
        return f"{head}{left}; {_what_favours(v, hint_expert(), suggested, played, chances, ascii_only, name)}."
    if p_theirs > p_mine and out_of_reach(v, suggested):
        pair = _meld_pair(suggested, played, p_mine, p_theirs, ascii_only, name, mine_out=True)
        return f"{head} ({lab(played)} would leave {theirs}); {pair}."
    said = odds(chances[0]), odds(chances[1])
    if said[0] == said[1]:
        said = _hundredths(chances[0]), _hundredths(chances[1])  # never "about 0 in 100"
    if p_mine >= p_theirs or said[0] == said[1]:
        # the card thrown as likely to be melded as the card kept, or likelier: its chances would
        # argue for the player's card ("... 4♥ is about 9 in 10, 6♦ less than 1 in 50")
        return f"{head} ({lab(played)} would leave {theirs})."
    chance = f"the chance {name} can meld {lab(suggested)} is {said[0]}, {lab(played)} {said[1]}"
    return f"{head} ({lab(played)} would leave {theirs}); {chance}."


def decided_text(v: PlayerView, turn: MatchTurn, name: str = COMPUTER) -> str:
    """Where the match was all but decided and the expert's knock or wait was taken for its
    points (:attr:`~ginrummy_tui.ai.master.MatchTurn.points`), what the review says beside the
    cost in place of the chances of winning the match, in the hint's words
    (:func:`~ginrummy_tui.ai.hints.explain`): "the match all but lost, the knock is expected
    to score about 32 more than your move, any points avoiding the shutout"; else nothing."""
    if turn.points is None:
        return ""
    state = "lost" if turn.lost else "won"
    # at the throw that ends the hand void a throw without a knock waits for nothing
    what = "the knock" if turn.action.kind == Kind.KNOCK else "a void hand" if void_throw(v) else "waiting"
    pts = math.floor(turn.points + 0.5)  # (over a move with another card than the expert's, it may be less)
    than = f"about {pts} more than" if pts >= 1 else f"about {-pts} less than" if pts <= -1 else "about as much as"
    stake = ""
    if turn.shutout:
        stake = ", any points avoiding the shutout" if turn.lost else f", keeping {name} at nothing (a shutout)"
    elif v.rules.box_bonus:
        stake = " (box included)"
    return f"the match all but {state}, {what} is expected to score {than} your move{stake}"


def outplayed_reason(played: Action, suggested: Action, void: bool = False) -> str:
    """The line under a difference where the play-outs favour the player's
    choice by several points (``BETTER``), in place of the expert's reason,
    which argues for its own choice as if it had won ("waiting with 10 ...
    beats a knock now: about 22 points" under "Your choice looks as good").
    With ``void``, at the throw that ends the hand void
    (:func:`~ginrummy_tui.ai.master.void_throw`), a throw without a knock waits for
    nothing: the hand ends void on it, and the line says so."""
    if void and knock_against_wait(played, suggested) and played.kind == Kind.KNOCK:
        return "Played out, your knock does better in this hand than the void hand the expert's throw without a knock leaves."
    if void and knock_against_wait(played, suggested):
        return "Played out, the void hand your throw without a knock leaves does better than the expert's knock."
    if knock_against_wait(played, suggested) and played.kind == Kind.KNOCK:
        return (
            "Played out, your knock does better in this hand: the expert waits with this deadwood "
            "by its own rule (lying in wait wins it more matches), not by this hand's points."
        )
    if knock_against_wait(played, suggested):
        return "Played out, waiting does better in this hand than the expert's knock."
    return "Played out, your choice does better in this hand than the one the expert's own weighing preferred."


def void_draw(v: PlayerView) -> bool:
    """Whether this is the player's draw just before a throw that would end the hand void:
    a draw from the stock leaves it at the rules' ``void_stock``
    (:func:`~ginrummy_tui.ai.master.void_throw`), where taking the discard leaves the other
    player a last turn."""
    return v.phase == Phase.DRAW and v.stock_size == v.rules.void_stock + 1


def void_draw_reason(v: PlayerView, ascii_only: bool = False, name: str = COMPUTER) -> str:
    """The line under a draw from the stock just before the throw that ends the hand void
    (:func:`void_draw`), where the play-outs favour it over the expert's take of the discard by
    several points: what they found, that the hand then ends on the player's throw, void unless
    it knocks or goes gin, with no last turn for the other player, which the take gives it
    (the general line, "your choice does better in this hand than the one the expert's own
    weighing preferred", said nothing of it, and the expert's reason, the deadwood a take
    leaves, counts only if the other player ends the hand)."""
    from .hints import _pronoun

    up = card_name(v.upcard, ascii_only) if v.upcard is not None else "the discard"
    unless = "you go gin" if v.knock_limit == 0 else "you knock or go gin"
    return (
        f"Played out, drawing from the stock does better in this hand: your throw then ends it, void unless "
        f"{unless}, with no last turn for {name}; taking {up} gives {_pronoun(name)} one."
    )


LAST_TURN_DEALS = 4 * DEFAULT_SAMPLES
"""Guessed deals on which :func:`last_turn_cost` plays out a take of the discard just before
the throw that ends the hand void."""


def last_turn_cost(state: GameState, seat: int, take: Action, draw: Action, seed: int | str = 0) -> tuple[float, float]:
    """At the draw just before the throw that ends the hand void (:func:`void_draw`), where
    ``take`` takes the discard and ``draw`` draws from the stock: the points ``take`` is
    expected to lose against ``draw`` (box bonus counted), and how many of them the other
    player's last turn makes, which the take gives it (it may knock or go gin there; after the
    draw from the stock the player's throw ends the hand, void unless it knocks or goes gin),
    over :data:`LAST_TURN_DEALS` guessed deals played out as :func:`estimate_cost_error` plays
    them (the standard opponent on both seats, :class:`FastPlayOut`).  The part of that last
    turn is the take played out with the hand ending on the player's throw (the stock one
    card shorter, so that a throw without a knock ends it void) less the take played out."""
    fast = FastPlayOut(state, seat)
    v = view(state, seat)
    box = v.rules.box_bonus
    rng = random.Random(f"gin-tui-review-last-turn/{seed}/{len(state.history)}")
    lost = turn = 0
    deals = meld_guesser().guess_deals(v, rng, LAST_TURN_DEALS)
    for other, stock in deals:
        taken = boxed(fast.points(take, other, stock), box)
        ended = boxed(fast.points(take, other, stock[:-1]), box)  # no card left for its draw: no last turn
        lost += boxed(fast.points(draw, other, stock), box) - taken
        turn += ended - taken
    n = max(1, len(deals))
    return lost / n, turn / n


def void_take_reason(v: PlayerView, turn: float, ascii_only: bool = False, name: str = COMPUTER) -> str:
    """The line under a take of the discard just before the throw that ends the hand void
    (:func:`void_draw`), where the expert draws from the stock and the other player's last
    turn, which the take gives it, makes most of the cost (:func:`last_turn_cost`, ``turn``
    its points): the mirror of :func:`void_draw_reason`.  The expert's own reason, the
    deadwood the take leaves, counts only if someone ends the hand."""
    from .hints import _pronoun

    up = card_name(v.upcard, ascii_only) if v.upcard is not None else "the discard"
    unless = "you go gin" if v.knock_limit == 0 else "you knock or go gin"
    points = math.floor(turn + 0.5)
    return (
        f"Draw from the stock: your throw then ends the hand, void unless {unless}, with no last turn for "
        f"{name}; taking {up} gives {_pronoun(name)} one, to knock or go gin, which costs about "
        f"{points} point{'' if points == 1 else 's'} played out."
    )


DANGER = 0.4
"""The chance that the other player can meld the card the player threw, at
least, beside a chance :data:`DANGER_GAP` lower for the expert's throw, from
which the review names the danger of the player's throw under the expert's
reason (:func:`throw_danger`)."""
DANGER_GAP = 0.25
"""How much likelier the card the player threw is to be melded than the
expert's throw, at least, for the review to name it (:func:`throw_danger`)."""


def throw_danger(
    v: PlayerView, played: Action, suggested: Action, reason: str, ascii_only: bool = False, name: str = COMPUTER
) -> str:
    """Where the card the player threw is the one the other player can likely
    meld, and that, more than the deadwood, is what the cost is made of: a
    sentence naming it, to follow the expert's ``reason`` (" 3♣: the computer
    can likely meld it, about 6 in 10."); nothing where the two throw the
    same card, at the throw that ends the hand void (:func:`~ginrummy_tui.ai.master.void_throw`:
    the other player gets no turn to meld it), where the chances are not far apart (:data:`DANGER`,
    :data:`DANGER_GAP`: the chances the hints give, :func:`meld_chances`, on
    the same guesses), or where ``reason`` gives that chance already.  The
    expert's reason for its own throw can say nothing of it: in hand 2 of
    ``gin-tui --ai expert --seed 7`` the review said only why Q♣, while most
    of the cost of 3♣ was the chance, about 6 in 10, that the computer
    melds it."""
    mine, theirs = played.card, suggested.card
    if mine is None or theirs is None or mine is theirs or void_throw(v):
        return ""  # (a throw that ends the hand void feeds no one: the other player has no turn)
    if played.kind not in (Kind.DISCARD, Kind.KNOCK) or suggested.kind not in (Kind.DISCARD, Kind.KNOCK, Kind.GIN):
        return ""
    label = card_name(mine, ascii_only)
    if f"meld {label}" in reason or f", {label} " in reason:
        return ""
    p_mine, p_theirs = meld_chances(v, (mine, theirs))
    if p_mine < DANGER or p_mine - p_theirs < DANGER_GAP:
        return ""
    return f" {label}: {name} {likely_or_may(p_mine)} meld it, {odds(p_mine)}."


def likely_or_may(p: float) -> str:
    """How likely a meld of a chance ``p`` is, in one word with the figure :func:`odds` gives
    it: "can likely" from "about 6 in 10" up, "may" below, so that one figure always reads
    with the same word ("about 1 in 2" read "can likely" from 0.5 and "may" below it)."""
    return "can likely" if p >= 0.55 else "may"


def match_stake(v: PlayerView, played: Action, suggested: Action, seed: int = 0) -> float:
    """The chance that ``suggested`` wins the match where ``played`` does not
    end the hand (:attr:`ReviewedDecision.match_chance`): a knock's, by the
    hints' expert, where it is at least
    :data:`~ginrummy_tui.ai.hints.MATCH_CHANCE`; 1 for gin or Big Gin whose
    bonus alone reaches the target; else 0."""
    from .hints import MATCH_CHANCE, hint_expert

    if played.kind in (Kind.KNOCK, Kind.GIN, Kind.BIG_GIN):
        return 0.0
    short = v.rules.target - v.scores[v.seat]
    if suggested.kind in (Kind.GIN, Kind.BIG_GIN):
        bonus = v.rules.big_gin_bonus if suggested.kind == Kind.BIG_GIN else v.rules.gin_bonus
        return 1.0 if bonus * v.multiplier >= short else 0.0
    if suggested.kind != Kind.KNOCK:
        return 0.0
    out = hint_expert(seed).knock_outlook(v)
    if out is None or out.card is not suggested.card or out.match_chance < MATCH_CHANCE:
        return 0.0
    return out.match_chance


def _both_wait(v: PlayerView, played: Action, suggested: Action) -> bool:
    """True when the player and the expert throw different cards, neither
    knocking, and the expert could have knocked with its card: its reason
    then weighs knocking against waiting (:func:`compared_reason` is the
    one for the choice the player made)."""
    if played.kind != Kind.DISCARD or suggested.kind != Kind.DISCARD or played.card is suggested.card:
        return False
    return any(a.kind == Kind.KNOCK and a.card is suggested.card for a in v.legal_actions)


def _rollout_policies(level: str = "standard"):
    from ginrummy_tui.ai import get_opponent

    return (get_opponent(level, 0), get_opponent(level, 1))


def _deadwood_after(state: GameState, action: Action) -> int | None:
    if action.kind in (Phase.DISCARD, Kind.KNOCK, Kind.GIN) and action.card is not None:
        return deadwood_mask(hand_mask(state.hands[state.current]) ^ action.card.bit)
    if action.kind == Kind.BIG_GIN:
        return 0
    return None


# ---------------------------------------------------------------- reviewing


def review_moves(
    steps: Sequence[tuple[GameState, Move]],
    seat: int = 0,
    *,
    expert=None,
    samples: int = DEFAULT_SAMPLES,
    seed: int | str = 0,
    rollout_level: str = "standard",
    knock_deals: int = KNOCK_DEALS,
    ascii_only: bool = False,
    opponent_name: str = COMPUTER,
    cancelled: Callable[[], bool] | None = None,
    practice: bool = False,
) -> HandReview:
    """Review a hand given as ``(state before the move, move)`` pairs.

    ``expert`` is any object with ``choose(view)`` (default: the hints' expert,
    :func:`~ginrummy_tui.ai.hints.hint_expert`, with ``seed``); ``cancelled`` is polled between decisions and
    stops the review early when it returns True.  With ``practice`` the hand was practice, part
    of no match: the expert follows its rule near the end of the match too, and the reasons
    speak of no match to win, as the hints' do (:func:`~ginrummy_tui.ai.hints.explain`).
    """
    if expert is None:
        from .hints import hint_expert

        expert = hint_expert(seed if isinstance(seed, int) else 0, match_end=not practice)
    policies = None if rollout_level == "standard" else _rollout_policies(rollout_level)
    mistakes: list[ReviewedDecision] = []
    decisions = 0
    first = steps[0][0] if steps else None
    for i, (before, move) in enumerate(steps):
        if move.seat != seat or before.phase not in PLAYING:
            continue
        if cancelled is not None and cancelled():
            break
        v = view(before, seat)
        if len(playable(v)) < 2:
            continue  # no choice (the stock once both passed the upcard): no decision to count
        turn = turn_number(before.history, seat)
        decisions += 1
        suggested = expert.choose(v)
        if suggested == move.action:
            continue
        if void_throw(v) and move.action.kind == Kind.DISCARD and suggested.kind == Kind.DISCARD:
            continue  # the hand ends void on this throw whichever card goes: no throw is better than another
        if knock_against_wait(move.action, suggested):  # the fast players knock whenever they can: waiting is played out otherwise
            cost, error = estimate_knock_cost_error(before, seat, move.action, suggested, deals=samples, most=knock_deals, seed=seed)
        else:
            cost, error = estimate_cost_error(before, seat, move.action, suggested, samples=samples, seed=seed, policies=policies)
        before_void = void_draw(v) and {move.action.kind, suggested.kind} == {Kind.DRAW_STOCK, Kind.DRAW_DISCARD}
        if before_void and cost == 0 and error == 0:
            continue  # every deal played out ends the same either way: as at the throw that ends the hand void, no draw is better
        # near the end of a match a knock or a wait chosen by the match's chances is not
        # outplayed by a hand's points: its reason gives those chances
        turned = None if practice else match_turned(v, suggested, seed if isinstance(seed, int) else 0)
        if turned is not None:  # its figures beside the player's own move, whichever card it played
            turned = match_versus(v, turned, move.action, seed if isinstance(seed, int) else 0)
        if cost <= -BETTER and cost <= -2 * error and turned is None:
            reason = outplayed_reason(move.action, suggested, void_throw(v))
            if before_void and move.action.kind == Kind.DRAW_STOCK:  # what the play-outs found: no last turn for the other player
                reason = void_draw_reason(v, ascii_only, opponent_name)
        else:
            if _both_wait(v, move.action, suggested):
                assert move.action.card is not None and suggested.card is not None
                reason = compared_reason(v, move.action.card, suggested.card, ascii_only, opponent_name)
            else:
                waited = knock_against_wait(move.action, suggested) and move.action.kind == Kind.KNOCK
                reason = explain(
                    v,
                    suggested,
                    ascii_only=ascii_only,
                    opponent_name=opponent_name,
                    played=move.action.card,
                    wait_gain=(cost, error) if waited else None,  # as cost_text says it
                    practice=practice,
                )
                if before_void and move.action.kind == Kind.DRAW_DISCARD and cost >= 0.5:
                    # the take gives the other player a last turn: where that is most of what the
                    # play-outs find, the line says so, not only the deadwood the expert weighs
                    lost, last = last_turn_cost(before, seat, move.action, suggested, seed)
                    if last >= 0.5 and 2 * last >= lost:
                        reason = void_take_reason(v, last, ascii_only, opponent_name)
            reason += throw_danger(v, move.action, suggested, reason, ascii_only, opponent_name)
        dw_played = _deadwood_after(before, move.action)
        dw_suggested = _deadwood_after(before, suggested)
        dws = (dw_played, dw_suggested) if dw_played is not None and dw_suggested is not None else None
        mistakes.append(
            ReviewedDecision(
                index=i,
                turn=turn,
                played=move.action,
                suggested=suggested,
                cost=round(cost, 2),
                error=round(error, 2),
                deadwood=dws,
                upcard=v.upcard,
                reason=reason,
                match_chance=match_stake(v, move.action, suggested, seed if isinstance(seed, int) else 0),
                match_chances=(turned.chance, turned.other) if turned is not None else (),
                match_points=decided_text(v, turned, opponent_name) if turned is not None else "",
                hand=tuple(v.hand),
                void=void_throw(v),
            )
        )
    return HandReview(
        match_no=first.match_no if first else 0,
        hand_no=first.hand_no if first else 0,
        seat=seat,
        decisions=decisions,
        mistakes=tuple(mistakes),
        samples=samples,
        knock_deals=knock_deals,
        box=first.rules.box_bonus if first else 0,
    )


def review_hand(state: GameState, seat: int = 0, **options) -> HandReview:
    """Review the hand of ``state`` (normally at its end, before the next
    hand is dealt) for ``seat``: every decision where the expert opponent
    would have chosen differently, in the order they were made.

    The hand is replayed from its seed; ``options`` go to :func:`review_moves`.
    Raises ``ValueError`` if the hand does not replay from its seed.
    """
    from ginrummy_tui.engine import layout_note
    from ginrummy_tui.engine.replay import replay_moves

    review = review_moves(replay_moves(state), seat, **options)
    result = state.result
    if result is not None and result.knock is not None:
        ascii_only = bool(options.get("ascii_only", False))
        # the gain in the points the hand scored: doubled with it by an Oklahoma spade upcard
        note = layout_note(result.knock, lambda c: card_name(c, ascii_only), result.multiplier)
        review = replace(review, layout=note)
    return review


def replay_history(start: GameState, actions: Sequence[Action | str]) -> list[tuple[GameState, Move]]:
    """Play ``actions`` (or their text forms) from ``start``: the
    ``(state before, move)`` pairs :func:`review_moves` takes."""
    from ginrummy_tui.engine import parse_action

    out = []
    cur = start
    for a in actions:
        action = parse_action(a) if isinstance(a, str) else a
        seat = cur.current
        nxt = apply(cur, action, seat=seat)
        out.append((cur, nxt.history[-1] if nxt.history else Move(seat, action)))
        cur = nxt
    return out


__all__ = [
    "BETTER",
    "DEFAULT_SAMPLES",
    "KNOCK_DEALS",
    "PRECISION",
    "HandReview",
    "ReviewedDecision",
    "boxed",
    "compared_reason",
    "describe_action",
    "estimate_cost",
    "estimate_cost_error",
    "estimate_knock_cost",
    "estimate_knock_cost_error",
    "knock_against_wait",
    "knock_cost_of_view",
    "knock_only",
    "match_stake",
    "outplayed_reason",
    "replay_history",
    "review_hand",
    "review_moves",
    "throw_danger",
    "last_turn_cost",
    "void_draw",
    "void_draw_reason",
    "void_take_reason",
]
