"""Arranged deals: a knock or a gin one draw away, a hand just settled, a match
about to end.  The screenshots in ``docs/`` and the app's tests start from them.

Each is an ordinary, valid :class:`~ginrummy_tui.engine.GameState` (checked by
``validate``): the named cards are placed, the rest of the deck keeps the
seeded shuffle.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ginrummy_tui.engine.kinds import EndKind, Kind, Phase

if TYPE_CHECKING:
    from ginrummy_tui.engine import GameState, Rules

MINE = "7H 8H 9H QS QH QC 2C 3C 4C KD"
"""Three melds and a king: one good draw from a knock or gin."""
THEIRS = "TH QD 5C 6C KS KC 2D 6S 9S JS"
"""Cards that lay off on MINE's melds (10♥ on the hearts, Q♦ on the queens)."""


def arranged(
    mine: str,
    theirs: str,
    *,
    stock_top: str = "",
    discard: str = "",
    rules: Rules | None = None,
    seed: int = 7,
    phase: Phase = Phase.DRAW,
    scores: tuple[int, int] = (0, 0),
) -> GameState:
    """A state with these hands, these cards on top of the stock (the first
    drawn first) and this discard pile (bottom to top), the human to move."""
    from ginrummy_tui.engine import PRESETS, new_game, parse_cards, validate

    rules = rules or PRESETS["standard"]
    base = new_game(rules, seed=seed)
    hand0, hand1 = parse_cards(mine), parse_cards(theirs)
    top, pile = parse_cards(stock_top), parse_cards(discard)
    fixed = set(hand0) | set(hand1) | set(top) | set(pile)
    rest = [c for c in base.stock + base.discard + base.hands[0] + base.hands[1] if c not in fixed]
    if not pile:
        pile, rest = (rest[0],), rest[1:]
    stock = tuple(rest) + tuple(reversed(top))
    state = replace(
        base,
        hands=(tuple(sorted(hand0)), tuple(sorted(hand1))),
        stock=stock,
        discard=tuple(pile),
        phase=phase,
        current=0,
        scores=scores,
    )
    validate(state)
    return state


def knock_ready(**kw) -> GameState:
    """Draw the A♠ from the stock, throw the K♦: deadwood 1, a knock (the computer lays off 10♥ and Q♦)."""
    return arranged(MINE, THEIRS, stock_top="AS", discard="JD", **kw)


def gin_ready(**kw) -> GameState:
    """Draw the 5♣ from the stock, throw the K♦: gin."""
    return arranged(MINE, "TH QD 6C 7C KS KC 2D 6S 9S JS", stock_top="5C", discard="JD", **kw)


def big_gin_ready() -> GameState:
    """Multiplayer-1.5 rules: all ten melded; drawing the 10♥ melds all eleven (Big Gin)."""
    from ginrummy_tui.engine import PRESETS

    return arranged(
        "7H 8H 9H QS QH QC 2C 3C 4C 5C",
        "JH QD 6C 7C KS KC 2D 6S 9S JS",
        stock_top="TH",
        discard="JD",
        rules=PRESETS["multiplayer-1.5"],
    )


def knocked() -> GameState:
    """The hand of :func:`knock_ready` just ended with the knock (the summary shows layoffs)."""
    from ginrummy_tui.engine import Action, apply
    from ginrummy_tui.engine.cards import card

    s = knock_ready()
    s = apply(s, Action(Kind.DRAW_STOCK))
    return apply(s, Action(Kind.KNOCK, card("KD")))


def match_point() -> GameState:
    """Hand 5 of a match, the human on 80 after four hands: the knock of
    :func:`knock_ready` wins the match."""
    from ginrummy_tui.engine import HandRecord

    sheet = (
        HandRecord(1, 1, EndKind.GIN, 0, 0, 40, (0, 15), (40, 0)),
        HandRecord(2, 0, EndKind.KNOCK, 1, 1, 32, (38, 6), (40, 32)),
        HandRecord(3, 1, EndKind.KNOCK, 0, 0, 40, (2, 42), (80, 32)),
        HandRecord(4, 0, EndKind.UNDERCUT, 0, 1, 27, (9, 7), (80, 59)),
    )
    return replace(knock_ready(scores=(80, 59)), hand_no=5, sheet=sheet)


def played_hands(n: int = 3, seed: int = 11) -> GameState:
    """A match after ``n`` hands played out by two computer players (for the score table)."""
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import Action, apply, new_game, view

    players = [get_opponent("standard", seed), get_opponent("standard", seed + 1)]
    s = new_game(seed=seed)
    while len(s.sheet) < n:
        if s.phase == Phase.MATCH_OVER:
            break
        if s.phase == Phase.HAND_OVER:
            s = apply(s, Action(Kind.NEXT_HAND))
            continue
        s = apply(s, players[s.current].choose(view(s, s.current)))
    if s.phase == Phase.HAND_OVER:
        s = apply(s, Action(Kind.NEXT_HAND))
    return s
