"""Helpers shared by the computer opponents: masks, the legal moves of a
view by kind, and the "does this card meld with that one" test."""

from __future__ import annotations

from ginrummy_tui.engine import Action, Card, PlayerView, mask_of
from ginrummy_tui.engine.kinds import Kind

COMPUTER = "the computer"
"""How the hints and the review name the other player when it is the computer
(another person is named by their name)."""

hand_mask = mask_of
"""The 52-bit mask of some cards (the engine's :func:`mask_of`)."""


def playable(view: PlayerView) -> tuple[Action, ...]:
    """The legal actions of the view, without ``timeout`` (never chosen)."""
    return tuple(a for a in view.legal_actions if a.kind != Kind.TIMEOUT)


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
    return find(actions, Kind.GIN, card) or find(actions, Kind.KNOCK, card) or find(actions, Kind.DISCARD, card)  # type: ignore[return-value]


def between_hands(actions) -> Action | None:
    """``next hand`` / ``new match`` when the hand or match is over."""
    return find(actions, Kind.NEXT_HAND) or find(actions, Kind.NEW_MATCH)


def turn_actions(view: PlayerView) -> tuple[tuple[Action, ...], Action | None]:
    """The actions an opponent may choose from, and ``next hand`` / ``new
    match`` if the hand or match is over (then that is the only choice).

    Raises ``ValueError`` when the view has nothing to choose (not its turn)."""
    actions = playable(view)
    if not actions:
        raise ValueError("no action to choose: it is not this seat's turn")
    return actions, between_hands(actions)


def boxed(points: int, box: int) -> int:
    """A hand's ``points`` for the player (negative: the other player's) with
    the box bonus ``box`` of the hand won, as they count to the final total
    (``Rules.box_bonus``: a hand won for no points, a tie's, has none here)."""
    return points + box if points > 0 else points - box if points < 0 else 0
