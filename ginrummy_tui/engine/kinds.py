"""The names of the game: the phases of a hand, the kinds of move and the
ways a hand ends, each declared once.

They are ``StrEnum``s: a member is equal to (and hashes as) its text, and
JSON writes it as that text, so save files and the network messages read
exactly as they did when these were plain strings.
"""

from __future__ import annotations

from enum import StrEnum


class _Named(StrEnum):
    def __repr__(self) -> str:  # shown as its text in reprs (``Action(kind='discard', ...)``)
        return repr(self.value)


class Phase(_Named):
    """Where a hand is: who may do what next."""

    UPCARD = "upcard"
    """The first turn: the non-dealer, then the dealer, may take the upcard or pass."""
    DRAW = "draw"
    DISCARD = "discard"
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"

    @property
    def playing(self) -> bool:
        """True while the hand is being played (someone is to move)."""
        return self in _PLAYING

    @property
    def ended(self) -> bool:
        """True once the hand (or the match) is over."""
        return not self.playing


_PLAYING = frozenset({Phase.UPCARD, Phase.DRAW, Phase.DISCARD})


class Kind(_Named):
    """What a move is; its text is the move's text form (``"draw stock"``, ``"discard 7H"``)."""

    TAKE_UPCARD = "take upcard"
    PASS = "pass"
    DRAW_STOCK = "draw stock"
    DRAW_DISCARD = "draw discard"
    BIG_GIN = "big gin"
    NEXT_HAND = "next hand"
    NEW_MATCH = "new match"
    TIMEOUT = "timeout"
    DISCARD = "discard"
    KNOCK = "knock"
    GIN = "gin"

    @property
    def takes_card(self) -> bool:
        """True for the kinds played with a card: discard, knock, gin."""
        return self in CARD_KINDS


CARD_KINDS = frozenset({Kind.DISCARD, Kind.KNOCK, Kind.GIN})
"""The kinds played with a card."""
PLAIN_KINDS = tuple(k for k in Kind if k not in CARD_KINDS)
"""The kinds played without a card."""


class EndKind(_Named):
    """How a hand ended, as the score sheet records it."""

    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big_gin"
    UNDERCUT = "undercut"
    VOID = "void"
    TIMEOUT = "timeout"


__all__ = ["CARD_KINDS", "PLAIN_KINDS", "EndKind", "Kind", "Phase"]
