"""The reducer: ``new_game``, ``legal_actions``, ``apply`` and ``view``."""

from __future__ import annotations

import random
from dataclasses import replace

from .actions import Action, IllegalAction
from .cards import DECK, Card
from .kinds import EndKind, Kind, Phase
from .melds import deadwood_mask
from .rules import PRESETS, Rules
from .state import GameState, HandRecord, HandResult, Move, PlayerView, box_bonuses, game_bonus_of

PLAYING = (Phase.UPCARD, Phase.DRAW, Phase.DISCARD)


def deal(seed: str, match_no: int, hand_no: int) -> list[Card]:
    """The shuffled deck for one hand; the same arguments give the same cards."""
    deck = list(DECK)
    random.Random(f"gin-tui/{seed}/{match_no}/{hand_no}").shuffle(deck)
    return deck


def _sorted(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


def _deal_hand(state_fields: dict) -> dict:
    """Fill in the cards and per-hand fields for a fresh hand."""
    rules: Rules = state_fields["rules"]
    dealer = state_fields["dealer"]
    deck = deal(state_fields["seed"], state_fields["match_no"], state_fields["hand_no"])
    starter = 1 - dealer
    hands: list[tuple[Card, ...]] = [(), ()]
    hands[starter] = _sorted(deck[0:20:2])
    hands[dealer] = _sorted(deck[1:20:2])
    upcard = deck[20]
    stock = tuple(deck[21:])
    limit, mult = rules.knock_limit, 1
    if rules.oklahoma:
        limit = 0 if upcard.rank == 1 else min(upcard.rank, 10)
        mult = 2 if upcard.suit == "S" else 1
    state_fields.update(
        hands=(hands[0], hands[1]),
        stock=stock,
        discard=(upcard,),
        phase=Phase.UPCARD if rules.upcard_offer else Phase.DRAW,
        current=starter,
        passes=0,
        stock_only=False,
        taken=None,
        drawn=None,
        history=(),
        knock_limit=limit,
        multiplier=mult,
        result=None,
    )
    return state_fields


FIRST_DEALER = 1
"""The seat that deals the first hand of a match (the computer's, or over the network
the joining player's, in the first match: the host's server gives the next match's
first deal to the other seat), so that seat 0 (the player, the host) starts."""


def new_game(
    rules: Rules = PRESETS["standard"], seed: int | str | None = None, first_dealer: int = FIRST_DEALER
) -> GameState:
    """A new match, its first hand dealt. The same seed gives the same deals.

    By default seat 1 (the computer) deals first, so seat 0 starts.
    """
    if seed is None:
        import secrets  # only here: it costs a little at start-up

        seed = secrets.randbelow(10**9)
    f = dict(
        rules=rules,
        seed=str(seed),
        match_no=1,
        hand_no=1,
        dealer=first_dealer,
        scores=(0, 0),
        bonuses=(0, 0),
        sheet=(),
        winner=None,
        first_dealer=first_dealer,
    )
    return GameState(**_deal_hand(f))


def deal_hand(
    rules: Rules = PRESETS["standard"], seed: int | str = 0, hand_no: int = 1, match_no: int = 1, dealer: int | None = None
) -> GameState:
    """Exactly the deal of hand ``hand_no`` of a match with this seed (scores at 0)."""
    if dealer is None:
        dealer = 1 if hand_no % 2 == 1 else 0
    f = dict(
        rules=rules,
        seed=str(seed),
        match_no=match_no,
        hand_no=hand_no,
        dealer=dealer,
        scores=(0, 0),
        bonuses=(0, 0),
        sheet=(),
        winner=None,
        first_dealer=1,
    )
    return GameState(**_deal_hand(f))


# ---------------------------------------------------------------- legal moves


def _turn_actions(
    phase: str,
    hand: tuple[Card, ...],
    rules: Rules,
    knock_limit: int,
    taken: Card | None,
    stock_only: bool,
    discard_size: int,
    stock_size: int,
) -> tuple[Action, ...]:
    if phase == Phase.UPCARD:
        return (Action(Kind.TAKE_UPCARD), Action(Kind.PASS))
    if phase == Phase.DRAW:
        acts = []
        if stock_size > 0:
            acts.append(Action(Kind.DRAW_STOCK))
        if discard_size > 0 and not stock_only:
            acts.append(Action(Kind.DRAW_DISCARD))
        return tuple(acts)
    if phase == Phase.DISCARD:
        m = 0
        for c in hand:
            m |= c.bit
        acts = []
        if rules.big_gin and deadwood_mask(m) == 0:
            acts.append(Action(Kind.BIG_GIN))
        for c in hand:
            if c is taken:
                continue
            acts.append(Action(Kind.DISCARD, c))
            dw = deadwood_mask(m ^ c.bit)
            if dw == 0:
                acts.append(Action(Kind.GIN, c))
            elif dw <= knock_limit:
                acts.append(Action(Kind.KNOCK, c))
        return tuple(acts)
    return ()


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every action the rules allow now (for the seat to move, or anyone
    between hands)."""
    if state.phase == Phase.HAND_OVER:
        return (Action(Kind.NEXT_HAND),)
    if state.phase == Phase.MATCH_OVER:
        return (Action(Kind.NEW_MATCH),)
    acts = _turn_actions(
        state.phase,
        state.hands[state.current],
        state.rules,
        state.knock_limit,
        state.taken,
        state.stock_only,
        len(state.discard),
        len(state.stock),
    )
    if state.rules.timer is not None:
        acts = acts + (Action(Kind.TIMEOUT),)
    return acts


# ---------------------------------------------------------------- the reducer

_PHASE_HINT = {
    Phase.UPCARD: "take the upcard or pass",
    Phase.DRAW: "draw from the stock or the discard pile",
    Phase.DISCARD: "discard a card",
    Phase.HAND_OVER: "the hand is over: start the next hand",
    Phase.MATCH_OVER: "the match is over: start a new match",
}


def _phase_hint(phase: Phase, stock_only: bool) -> str:
    """What the step asks for now (only the stock once both players passed the upcard)."""
    if phase == Phase.DRAW and stock_only:
        return "draw from the stock"
    return _PHASE_HINT[phase]


def _wrong_step(phase: Phase, stock_only: bool, reason: str) -> IllegalAction:
    """A move made at the wrong step: ``reason``, then what the step asks for."""
    return IllegalAction(f"{reason}: {_phase_hint(phase, stock_only)}", alone=reason)


def refusal_reason(
    action: Action,
    *,
    phase: Phase,
    rules: Rules,
    hand: tuple[Card, ...],
    taken: Card | None,
    knock_limit: int,
    stock_only: bool,
) -> IllegalAction:
    """The reason ``action`` is not legal now, for the player to move, who holds ``hand``
    (and took ``taken`` from the discard pile this turn), at step ``phase`` of a hand under
    ``rules``: what a :class:`GameState` and the mover's :class:`PlayerView` both hold."""
    kind = action.kind
    if kind == Kind.NEXT_HAND:
        return IllegalAction("the hand is not over yet")
    if kind == Kind.NEW_MATCH:
        return IllegalAction("the match is not over yet")
    if kind == Kind.TIMEOUT:
        if rules.timer is None:
            return IllegalAction("these rules have no move timer")
        return IllegalAction("nobody is on the clock now")
    if kind == Kind.BIG_GIN and not rules.big_gin:
        return IllegalAction("Big Gin is not allowed under these rules")  # whatever the step
    if phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        return IllegalAction(f"the {'hand' if phase == Phase.HAND_OVER else 'match'} is over: {_PHASE_HINT[phase]}")
    if kind in (Kind.TAKE_UPCARD, Kind.PASS):
        if not rules.upcard_offer:
            return IllegalAction("these rules have no upcard offer")
        return _wrong_step(phase, stock_only, "the upcard offer is over")
    if kind in (Kind.DRAW_STOCK, Kind.DRAW_DISCARD):
        if phase == Phase.UPCARD:
            return _wrong_step(phase, stock_only, "the upcard comes first")
        if phase == Phase.DISCARD:
            return _wrong_step(phase, stock_only, "you have already drawn")
        if kind == Kind.DRAW_DISCARD and stock_only:
            return IllegalAction("both players passed the upcard: draw from the stock")
        return IllegalAction("that pile is empty")
    # discard, knock, gin, big gin
    if phase == Phase.UPCARD:  # nothing to draw yet: "draw a card first" then offered a pass
        return _wrong_step(phase, stock_only, "the upcard comes first")
    if phase != Phase.DISCARD:
        return _wrong_step(phase, stock_only, "draw a card first")
    m = 0
    for held in hand:
        m |= held.bit
    if kind == Kind.BIG_GIN:
        return IllegalAction(f"Big Gin needs all 11 cards in melds; {deadwood_mask(m)} deadwood is left")
    c = action.card
    if c is None:  # (an action of these kinds is made with its card)
        return IllegalAction(f"{action} is not allowed now")
    if c not in hand:
        return IllegalAction(f"{c} is not in your hand")
    if c is taken:
        return IllegalAction("you cannot discard the card you just took from the discard pile")
    dw = deadwood_mask(m ^ c.bit)
    if kind == Kind.GIN:
        return IllegalAction(f"that is not gin: discarding {c} leaves {dw} deadwood")
    if kind == Kind.KNOCK:
        if dw == 0:
            return IllegalAction(f"discarding {c} leaves no deadwood: that is gin, not a knock")
        if knock_limit == 0:
            return IllegalAction(f"only gin may end this hand; discarding {c} leaves {dw} deadwood")
        return IllegalAction(f"you cannot knock: discarding {c} leaves {dw} deadwood, the limit is {knock_limit}")
    return IllegalAction(f"{action} is not allowed now")


def _refuse(state: GameState, action: Action) -> IllegalAction:
    """The reason an action is not legal now."""
    return refusal_reason(
        action, phase=state.phase, rules=state.rules, hand=state.hands[state.current], taken=state.taken,
        knock_limit=state.knock_limit, stock_only=state.stock_only,
    )


def refusal_for_view(v: PlayerView, action: Action) -> IllegalAction:
    """Why the rules refuse ``action`` to the seat whose view ``v`` is, in the engine's words
    (as :func:`apply` says them): the other player's turn, or the reason the seat to move is
    refused; a view of a step this engine does not know (a newer host's) says only that the
    action is not allowed now."""
    if not isinstance(v.phase, Phase):
        return IllegalAction(f"{action} is not allowed now")
    if v.phase.playing and v.current != v.seat:
        return IllegalAction("it is not your turn")
    return refusal_reason(
        action, phase=v.phase, rules=v.rules, hand=v.hand, taken=v.taken, knock_limit=v.knock_limit,
        stock_only=v.stock_only,
    )


def apply(state: GameState, action: Action, seat: int | None = None) -> GameState:
    """The state after ``action``. Raises :class:`IllegalAction` (saying why)
    for anything the rules do not allow; ``state`` itself never changes.

    With ``seat``, the action is also refused unless it is that seat's turn.
    """
    if not isinstance(action, Action):
        raise IllegalAction(f"not an action: {action!r}")
    if seat is not None and state.phase in PLAYING and seat != state.current:
        raise IllegalAction("it is not your turn")
    if action not in legal_actions(state):
        raise _refuse(state, action)
    kind = action.kind
    cur = state.current
    if kind == Kind.NEXT_HAND:
        return _next_hand(state)
    if kind == Kind.NEW_MATCH:
        return _new_match(state)
    if kind == Kind.TIMEOUT:
        return _timeout(state)
    hands = list(state.hands)
    c: Card | None
    if kind == Kind.PASS:
        up = state.discard[-1]
        passes = state.passes + 1
        hist = state.history + (Move(cur, action, up),)
        if passes == 1:
            return replace(state, passes=1, current=1 - cur, history=hist)
        return replace(
            state, passes=2, current=1 - state.dealer, phase=Phase.DRAW, stock_only=True, history=hist
        )
    if kind == Kind.DRAW_STOCK:
        c = state.stock[-1]
        hands[cur] = _sorted(hands[cur] + (c,))
        return replace(
            state,
            hands=(hands[0], hands[1]),
            stock=state.stock[:-1],
            phase=Phase.DISCARD,
            taken=None,
            drawn=c,
            stock_only=False,
            history=state.history + (Move(cur, action, None),),
        )
    if kind in (Kind.TAKE_UPCARD, Kind.DRAW_DISCARD):
        # the upcard offer's take and a draw from the pile move the same card
        c = state.discard[-1]
        hands[cur] = _sorted(hands[cur] + (c,))
        return replace(
            state,
            hands=(hands[0], hands[1]),
            discard=state.discard[:-1],
            phase=Phase.DISCARD,
            taken=c,
            drawn=c,
            history=state.history + (Move(cur, action, c),),
        )
    if kind == Kind.BIG_GIN:
        return _settle(state, cur, state.hands[cur], replace(state, history=state.history + (Move(cur, action),)))
    # discard / knock / gin
    c = action.card
    assert c is not None
    hands[cur] = tuple(x for x in hands[cur] if x is not c)
    after = replace(
        state,
        hands=(hands[0], hands[1]),
        discard=state.discard + (c,),
        taken=None,
        drawn=None,
        history=state.history + (Move(cur, action, c),),
    )
    if kind in (Kind.KNOCK, Kind.GIN):
        return _settle(state, cur, hands[cur], after)
    if len(state.stock) <= state.rules.void_stock:
        return _end_hand(after, EndKind.VOID, None, None, 0, None, None)
    return replace(after, phase=Phase.DRAW, current=1 - cur)


def _settle(before: GameState, knocker: int, kcards: tuple[Card, ...], after: GameState) -> GameState:
    from .scoring import score_knock  # loaded when the first hand is settled, not at start-up

    defender = 1 - knocker
    res = score_knock(kcards, before.hands[defender], before.rules, knock_limit=before.knock_limit)
    winner: int | None = knocker if res.winner == "knocker" else defender
    if res.tie:  # a tie that is no undercut: nobody wins the hand (no points, no box, the deal as after a void)
        winner = None
    points = res.points * before.multiplier
    dws = [0, 0]
    dws[knocker] = res.knocker_deadwood
    dws[defender] = res.defender_deadwood
    return _end_hand(after, res.kind, knocker, winner, points, res, (dws[0], dws[1]))


def _end_hand(state: GameState, kind, knocker, winner, points, knock, dws) -> GameState:
    scores = list(state.scores)
    if winner is not None:
        scores[winner] += points
    record = HandRecord(
        hand_no=state.hand_no,
        dealer=state.dealer,
        kind=kind,
        knocker=knocker,
        winner=winner,
        points=points,
        deadwood=dws,
        scores=(scores[0], scores[1]),
    )
    result = HandResult(
        kind=kind,
        knocker=knocker,
        winner=winner,
        points=points,
        hands=state.hands,
        knock=knock,
        multiplier=state.multiplier,
    )
    new = replace(
        state,
        scores=(scores[0], scores[1]),
        sheet=state.sheet + (record,),
        result=result,
        phase=Phase.HAND_OVER,
        taken=None,
        drawn=None,
    )
    target = state.rules.target
    if max(scores) >= target:
        match_winner = 0 if scores[0] >= target else 1
        return _finish_match(new, match_winner)
    return new


def _finish_match(state: GameState, match_winner: int) -> GameState:
    rules = state.rules
    bonuses = list(box_bonuses(rules, ((rec.kind, rec.winner) for rec in state.sheet)))
    bonuses[match_winner] += game_bonus_of(rules, state.scores[1 - match_winner])  # doubled for a shutout
    return replace(state, phase=Phase.MATCH_OVER, winner=match_winner, bonuses=(bonuses[0], bonuses[1]))


def _timeout(state: GameState) -> GameState:
    loser = state.current
    record = HandRecord(
        hand_no=state.hand_no,
        dealer=state.dealer,
        kind=EndKind.TIMEOUT,
        knocker=None,
        winner=1 - loser,
        points=0,
        deadwood=None,
        scores=state.scores,
    )
    result = HandResult(
        kind=EndKind.TIMEOUT, knocker=None, winner=1 - loser, points=0, hands=state.hands, knock=None,
        multiplier=state.multiplier,
    )
    # the turn is over with the match: nothing of it holds (only the stock to draw from, after
    # both passed the upcard, kept the finished match from being saved)
    new = replace(state, sheet=state.sheet + (record,), result=result, taken=None, drawn=None, stock_only=False)
    return _finish_match(new, 1 - loser)


def _next_hand(state: GameState) -> GameState:
    last = state.sheet[-1] if state.sheet else None
    dealer = 1 - state.dealer
    if state.rules.next_dealer == "winner":
        dealer = state.dealer if last is None or last.winner is None else last.winner
    f = dict(rules=state.rules, seed=state.seed, match_no=state.match_no, hand_no=state.hand_no + 1, dealer=dealer)
    return replace(state, **_deal_hand(f))


def _new_match(state: GameState) -> GameState:
    f = dict(
        rules=state.rules,
        seed=state.seed,
        match_no=state.match_no + 1,
        hand_no=1,
        dealer=state.first_dealer,
        scores=(0, 0),
        bonuses=(0, 0),
        sheet=(),
        winner=None,
    )
    return replace(state, **_deal_hand(f))


# ---------------------------------------------------------------- views


def view(state: GameState, seat: int) -> PlayerView:
    """What ``seat`` may see of ``state``."""
    if seat not in (0, 1):
        raise ValueError("seat must be 0 or 1")
    opp = 1 - seat
    picked = state.picked_up(opp)
    known: list[Card] = []
    for m in state.history:
        if m.seat != opp:
            continue
        if m.action.kind in (Kind.TAKE_UPCARD, Kind.DRAW_DISCARD) and m.card is not None:
            known.append(m.card)
        elif m.action.card is not None and m.action.card in known:
            known.remove(m.action.card)
    mine = state.current == seat and state.phase in PLAYING
    if state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        acts = legal_actions(state)
    elif mine:
        acts = legal_actions(state)
    else:
        acts = ()
    return PlayerView(
        seat=seat,
        hand=state.hands[seat],
        opponent_hand_size=len(state.hands[opp]),
        discard=state.discard,
        stock_size=len(state.stock),
        phase=state.phase,
        current=state.current,
        dealer=state.dealer,
        rules=state.rules,
        knock_limit=state.knock_limit,
        multiplier=state.multiplier,
        scores=state.scores,
        totals=state.totals,
        sheet=state.sheet,
        hand_no=state.hand_no,
        match_no=state.match_no,
        history=state.history,
        opponent_picked=picked,
        opponent_known=tuple(known),
        taken=state.taken if mine else None,
        drawn=state.drawn if mine else None,
        passes=state.passes,
        stock_only=state.stock_only,
        result=state.result,
        winner=state.winner,
        legal_actions=acts,
    )


def view_legal_actions(v: PlayerView) -> tuple[Action, ...]:
    """The legal actions computed from a view alone (equal to ``v.legal_actions``)."""
    if v.phase == Phase.HAND_OVER:
        return (Action(Kind.NEXT_HAND),)
    if v.phase == Phase.MATCH_OVER:
        return (Action(Kind.NEW_MATCH),)
    if not v.my_turn:
        return ()
    acts = _turn_actions(v.phase, v.hand, v.rules, v.knock_limit, v.taken, v.stock_only, len(v.discard), v.stock_size)
    if v.rules.timer is not None:
        acts = acts + (Action(Kind.TIMEOUT),)
    return acts
