"""Actions: what a player can do, with a text form that round-trips."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, card

# kinds without a card
TAKE_UPCARD = "take upcard"
PASS = "pass"
DRAW_STOCK = "draw stock"
DRAW_DISCARD = "draw discard"
BIG_GIN = "big gin"
NEXT_HAND = "next hand"
NEW_MATCH = "new match"
TIMEOUT = "timeout"
# kinds with a card
DISCARD = "discard"
KNOCK = "knock"
GIN = "gin"

PLAIN_KINDS = (TAKE_UPCARD, PASS, DRAW_STOCK, DRAW_DISCARD, BIG_GIN, NEXT_HAND, NEW_MATCH, TIMEOUT)
CARD_KINDS = (DISCARD, KNOCK, GIN)


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why."""


@dataclass(frozen=True)
class Action:
    """One move. ``kind`` is one of the kinds above; ``card`` goes with
    ``discard``, ``knock`` and ``gin``."""

    kind: str
    card: Card | None = None

    def __post_init__(self) -> None:
        if self.kind in CARD_KINDS:
            if not isinstance(self.card, Card):
                raise ValueError(f"{self.kind!r} needs a card")
        elif self.kind in PLAIN_KINDS:
            if self.card is not None:
                raise ValueError(f"{self.kind!r} takes no card")
        else:
            raise ValueError(f"unknown action: {self.kind!r}")

    def __str__(self) -> str:
        return f"{self.kind} {self.card}" if self.card is not None else self.kind

    @property
    def ends_turn(self) -> bool:
        return self.kind in CARD_KINDS or self.kind == BIG_GIN


def parse_action(text: str) -> Action:
    """Parse ``"discard 7H"``, ``"draw stock"``, ``"knock TD"``, ``"pass"``..."""
    words = text.strip().lower().split()
    if not words:
        raise ValueError("empty action")
    joined = " ".join(words)
    if joined in PLAIN_KINDS:
        return Action(joined)
    if len(words) == 2 and words[0] in CARD_KINDS:
        try:
            return Action(words[0], card(words[1]))
        except ValueError:
            raise ValueError(f"not a card: {words[1]!r}") from None
    raise ValueError(f"not an action: {text.strip()!r}")


def take_upcard() -> Action:
    return Action(TAKE_UPCARD)


def discard(c: Card) -> Action:
    return Action(DISCARD, c)


def knock(c: Card) -> Action:
    return Action(KNOCK, c)


def gin(c: Card) -> Action:
    return Action(GIN, c)
