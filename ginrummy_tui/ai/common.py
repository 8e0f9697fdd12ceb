"""Helpers shared by the computer opponents: masks, the legal moves of a
view by kind, and the "does this card meld with that one" test."""

from __future__ import annotations

from ginrummy_tui.engine import Action, Card, PlayerView

TAKE_UPCARD = "take upcard"
PASS = "pass"
DRAW_STOCK = "draw stock"
DRAW_DISCARD = "draw discard"
DISCARD = "discard"
KNOCK = "knock"
GIN = "gin"
BIG_GIN = "big gin"
NEXT_HAND = "next hand"
NEW_MATCH = "new match"
TIMEOUT = "timeout"


def hand_mask(cards) -> int:
    """The 52-bit mask of these cards."""
    m = 0
    for c in cards:
        m |= c.bit
    return m


def playable(view: PlayerView) -> tuple[Action, ...]:
    """The legal actions of the view, without ``timeout`` (never chosen)."""
    return tuple(a for a in view.legal_actions if a.kind != TIMEOUT)


def find(actions, kind: str, card: Card | None = None) -> Action | None:
    """The action of this kind (and card) among ``actions``, or None."""
    for a in actions:
        if a.kind == kind and (card is None or a.card is card):
            return a
    return None


def melds_with(a: Card, b: Card) -> bool:
    """True if the two cards could be in one meld: the same rank, or the
    same suit within two ranks."""
    if a.rank == b.rank:
        return True
    return a.suit == b.suit and abs(a.rank - b.rank) <= 2


def end_turn_action(actions, card: Card) -> Action:
    """Gin with ``card`` if legal, else knock with it if legal, else discard it."""
    return find(actions, GIN, card) or find(actions, KNOCK, card) or find(actions, DISCARD, card)  # type: ignore[return-value]


def between_hands(actions) -> Action | None:
    """``next hand`` / ``new match`` when the hand or match is over."""
    return find(actions, NEXT_HAND) or find(actions, NEW_MATCH)
