"""Actions: what a player can do, with a text form that round-trips."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, card
from .kinds import CARD_KINDS, PLAIN_KINDS, Kind


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why.

    ``alone``: for a move made at the wrong step of a turn, whose message ends with what
    the step asks for ("draw a card first: take the upcard or pass"), the reason without
    it ("draw a card first"), for a screen whose prompt says what to press already;
    else empty."""

    def __init__(self, message: str, *, alone: str = "") -> None:
        super().__init__(message)
        self.alone = alone


@dataclass(frozen=True)
class Action:
    """One move. ``kind`` is a :class:`Kind` (its text is accepted too);
    ``card`` goes with ``discard``, ``knock`` and ``gin``."""

    kind: Kind
    card: Card | None = None

    def __post_init__(self) -> None:
        if type(self.kind) is not Kind:
            try:
                object.__setattr__(self, "kind", Kind(self.kind))
            except ValueError:
                raise ValueError(f"unknown action: {self.kind!r}") from None
        if self.kind in CARD_KINDS:
            if not isinstance(self.card, Card):
                raise ValueError(f"{self.kind!r} needs a card")
        elif self.kind in PLAIN_KINDS:
            if self.card is not None:
                raise ValueError(f"{self.kind!r} takes no card")

    def __str__(self) -> str:
        return f"{self.kind} {self.card}" if self.card is not None else str(self.kind)

    @property
    def ends_turn(self) -> bool:
        return self.kind in CARD_KINDS or self.kind == Kind.BIG_GIN


def parse_action(text: str) -> Action:
    """Parse ``"discard 7H"``, ``"draw stock"``, ``"knock TD"``, ``"pass"``..."""
    words = text.strip().lower().split()
    if not words:
        raise ValueError("empty action")
    joined = " ".join(words)
    if joined in PLAIN_KINDS:
        return Action(Kind(joined))
    if len(words) == 2 and words[0] in CARD_KINDS:
        try:
            return Action(Kind(words[0]), card(words[1]))
        except ValueError:
            raise ValueError(f"not a card: {words[1]!r}") from None
    raise ValueError(f"not an action: {text.strip()!r}")
