"""Cards: 52 interned values, their text forms, and bit masks for the solver.

A card's *index* is ``suit_index * 13 + rank - 1`` and its *bit* is
``1 << index``; a hand is a 52-bit mask with one 13-bit block per suit, in the
order spades, hearts, diamonds, clubs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

SUITS = "SHDC"
"""Suit letters, in index order."""
RANKS = "A23456789TJQK"
"""Rank letters; a card of rank r (1..13) is written RANKS[r - 1]."""
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SYMBOL_SUITS = {v: k for k, v in SUIT_SYMBOLS.items()}
RED_SUITS = frozenset("HD")


class Card:
    """One playing card. ``Card(rank, suit)`` returns the one shared instance.

    ``rank`` is 1 (ace, low) .. 13 (king); ``suit`` is one of ``"SHDC"``.
    """

    __slots__ = ("rank", "suit", "index", "bit", "value")
    rank: int
    suit: str
    index: int
    bit: int
    value: int

    _table: dict[tuple[int, str], Card] = {}

    def __new__(cls, rank: int, suit: str) -> Card:
        try:
            return cls._table[(rank, suit)]
        except KeyError:
            raise ValueError(f"no such card: rank {rank!r}, suit {suit!r}") from None

    @classmethod
    def _make(cls, rank: int, suit: str) -> Card:
        card = object.__new__(cls)
        index = SUITS.index(suit) * 13 + rank - 1
        for name, val in (
            ("rank", rank),
            ("suit", suit),
            ("index", index),
            ("bit", 1 << index),
            ("value", min(rank, 10)),
        ):
            object.__setattr__(card, name, val)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self):
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo) -> Card:
        return self

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def label(self, ascii_only: bool = False) -> str:
        """A display form such as ``"T♥"`` (or ``"TH"`` with ``ascii_only``)."""
        suit = self.suit if ascii_only else SUIT_SYMBOLS[self.suit]
        return RANKS[self.rank - 1] + suit


for _s in SUITS:
    for _r in range(1, 14):
        Card._table[(_r, _s)] = Card._make(_r, _s)

DECK: tuple[Card, ...] = tuple(sorted(Card._table.values(), key=lambda c: c.index))
"""All 52 cards in index order."""


def card(text: str) -> Card:
    """Parse one card such as ``"TD"``, ``"10h"``, ``"K♠"``."""
    token = text.strip()
    if not token:
        raise ValueError("empty card")
    upper = token.upper()
    suit_ch = upper[-1]
    suit = SYMBOL_SUITS.get(token[-1], suit_ch)
    rank_txt = upper[:-1]
    if rank_txt == "10":
        rank_txt = "T"
    if suit not in SUITS or len(rank_txt) != 1 or rank_txt not in RANKS:
        raise ValueError(f"not a card: {text!r}")
    return Card(RANKS.index(rank_txt) + 1, suit)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse a list such as ``"AS 2s 10h Td K♠"`` (spaces or commas).

    Raises ``ValueError`` naming the bad token; a card given twice is an error.
    """
    tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    out: list[Card] = []
    seen: set[Card] = set()
    for tok in tokens:
        try:
            c = card(tok)
        except ValueError:
            raise ValueError(f"not a card: {tok!r}") from None
        if c in seen:
            raise ValueError(f"card given twice: {tok!r}")
        seen.add(c)
        out.append(c)
    return tuple(out)


def format_cards(cards: Iterable[Card]) -> str:
    """The inverse of :func:`parse_cards`: ``"AS 2S TH"``."""
    return " ".join(str(c) for c in cards)


def card_name(c: Card, ascii_only: bool = False) -> str:
    """A card in running text, as the game shows it: ``10♥``, ``Q♠`` (``10H`` in ASCII)."""
    rank = "10" if c.rank == 10 else str(c)[0]
    return rank + (c.suit if ascii_only else SUIT_SYMBOLS[c.suit])


def mask_of(cards: Iterable[Card]) -> int:
    """The 52-bit mask of these cards."""
    m = 0
    for c in cards:
        m |= c.bit
    return m


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(DECK[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def sort_by_rank(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (c.rank, c.index)))


def sort_by_suit(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))
