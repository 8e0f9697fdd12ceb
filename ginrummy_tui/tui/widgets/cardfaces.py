"""Drawing cards as text: the pieces every card widget shares.

A card is drawn as a small box, three lines high::

    ┌1──┐   ╔2══╗
    │ 7♥│   ║10♠║
    └───┘   ╚═══╝

Deadwood cards have a single line, cards in a meld a double line (green when
colours are on), so melds are visible in monochrome too.  Ranks always take
two cells ("10", " 7") and suits one; ``ascii`` mode writes S H D C, and
outlines there use only characters that never name a card (``+ - | # = : * !``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from rich.style import Style
from rich.text import Text

from ginrummy_tui.engine.cards import sort_by_rank
from ginrummy_tui.engine.melds import best_melds

from ..palette import DEFAULT, Palette

if TYPE_CHECKING:
    from ginrummy_tui.engine import Card

RANK_NAMES = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

DIM = Style(dim=True)


class CardStyles(NamedTuple):
    """The styles cards are drawn with, made from a :class:`Palette`."""

    red: Style
    black: Style
    back: Style
    plain_border: Style
    plain_key: Style
    """The number key in the outline of a card not selected (the outline's grey, or a meld's
    green, was too dim for it on the felt)."""
    meld_border: Style
    selected_border: Style

    def suit(self, card: Card) -> Style:
        return self.red if card.is_red else self.black


@lru_cache(maxsize=16)
def card_styles(colours: Palette = DEFAULT) -> CardStyles:
    """The card styles of ``colours`` (a theme's palette)."""
    return CardStyles(
        red=Style(color=colours.card_red, bgcolor=colours.card_face, bold=True),
        black=Style(color=colours.card_black, bgcolor=colours.card_face, bold=True),
        back=Style(color=colours.card_back_pattern, bgcolor=colours.card_back),
        plain_border=Style(color=colours.card_border),
        plain_key=Style(color=colours.card_key, bold=True),
        meld_border=Style(color=colours.green, bold=True),
        selected_border=Style(color=colours.gold, bold=True),
    )

SINGLE = "┌─┐│└┘"
DOUBLE = "╔═╗║╚╝"
HEAVY = "┏━┓┃┗┛"
ASCII_SINGLE = "+-+|++"
ASCII_DOUBLE = "#=#:##"
ASCII_HEAVY = "*-*!**"


def rank_text(card: Card) -> str:
    """The rank as shown: ``A 2 .. 10 J Q K``."""
    return RANK_NAMES.get(card.rank, str(card.rank))


def suit_text(card: Card, ascii_only: bool = False) -> str:
    """The suit as one cell: ``♠`` (or ``S`` in ascii mode)."""
    return card.suit if ascii_only else SYMBOLS[card.suit]


def card_label(card: Card, ascii_only: bool = False) -> str:
    """The short name of a card in running text: ``10♥``, ``Q♠`` (``10H`` in ascii mode)."""
    return rank_text(card) + suit_text(card, ascii_only)


def card_text(card: Card, ascii_only: bool = False, colours: Palette = DEFAULT) -> Text:
    """A card's short name in its suit's colour, for running text."""
    return Text(card_label(card, ascii_only), style=card_styles(colours).suit(card))


def cards_text(cards, ascii_only: bool = False, sep: str = " ", colours: Palette = DEFAULT) -> Text:
    """Several cards in running text."""
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c, ascii_only, colours))
    return out


def meld_text(meld, ascii_only: bool = False, colours: Palette = DEFAULT) -> Text:
    """A meld as ``[7♥ 8♥ 9♥]`` with green brackets."""
    t = Text("[", style=f"bold {colours.green}")
    t.append_text(cards_text(meld, ascii_only, colours=colours))
    t.append("]", style=f"bold {colours.green}")
    return t


def split_parts(cards, ascii_only: bool = False, colours: Palette = DEFAULT) -> list[Text]:
    """The parts of :func:`split_text`, each to be kept whole on a line: each meld in
    brackets (``[7♥ 8♥ 9♥]``), then each loose card by rank (``2♠``)."""
    split = best_melds(cards)
    parts = [meld_text(m, ascii_only, colours) for m in split.melds]
    parts.extend(card_text(c, ascii_only, colours) for c in sort_by_rank(split.deadwood_cards))
    return parts


def split_text(cards, ascii_only: bool = False, colours: Palette = DEFAULT) -> Text:
    """A hand as its least-deadwood split shows it: each meld in brackets, then the
    loose cards by rank: ``[7♥ 8♥ 9♥] [5♠ 5♦ 5♣] 2♠ 9♣ J♦ K♠``.  Wrapped as text, a meld
    may be broken at its spaces: :func:`split_parts` gives the parts to keep whole."""
    return Text(" ").join(split_parts(cards, ascii_only, colours))


_CODE = re.compile(r"\b([A2-9TJQK])([SHDC])\b")


def pretty_codes(message: str, ascii_only: bool = False) -> str:
    """Replace card codes of engine messages (``TD``, ``7H``) with card names (``10♦``)."""
    from ginrummy_tui.engine.cards import card

    def sub(m: re.Match[str]) -> str:
        return card_label(card(m.group(0)), ascii_only)

    return _CODE.sub(sub, message)


ASCII_WORDS = str.maketrans({
    "⏎": "Enter", "←": "<-", "→": "->", "—": "-", "–": "-", "…": "...", "·": "-", "✗": "x", "×": "x", "−": "-", "•": "*",
    "↑": "Up", "↓": "Down", "⏱": "Time", "⏸": "Paused", "▶": ">", **{symbol: suit for suit, symbol in SYMBOLS.items()},
})
"""The signs the table's lines use, in ASCII: what ``--ascii`` shows instead."""


def ascii_words(text: str) -> str:
    """``text`` with the signs of :data:`ASCII_WORDS` in ASCII ("⏎" -> "Enter")."""
    return text if text.isascii() else text.translate(ASCII_WORDS)


def ascii_text(text: Text) -> Text:
    """:func:`ascii_words` of a styled ``text``, each sign replaced keeping its style
    (and the text's own: its justification, say)."""
    plain = text.plain
    if plain.isascii():
        return text
    cuts = [c for i, ch in enumerate(plain) if not ch.isascii() for c in (i, i + 1)]
    pieces = []
    for piece in text.divide(cuts):
        if len(piece) == 1 and not piece.plain.isascii():
            word = Text(ascii_words(piece.plain), style=piece.style)
            for span in piece.spans:
                word.stylize(span.style, 0, len(word))
            piece = word
        pieces.append(piece)
    return text.blank_copy().join(pieces)


def border_chars(kind: str, ascii_only: bool) -> tuple[str, str, str, str, str, str]:
    """The six border characters for ``plain``, ``meld`` or ``selected`` cards."""
    chars = {"plain": ASCII_SINGLE, "meld": ASCII_DOUBLE, "selected": ASCII_HEAVY} if ascii_only else {
        "plain": SINGLE, "meld": DOUBLE, "selected": HEAVY
    }
    six = chars[kind]
    return six[0], six[1], six[2], six[3], six[4], six[5]


def face_lines(
    card: Card,
    *,
    width: int = 5,
    meld: bool = False,
    selected: bool = False,
    key: str = "",
    ascii_only: bool = False,
    height: int = 3,
    colours: Palette = DEFAULT,
) -> list[Text]:
    """A face-up card as ``height`` lines (3, or 5 for big cards) of ``width`` cells (>= 5).

    ``key`` (one character) is written into the top border: the number key
    that picks the card.
    """
    inner = width - 2
    chars = border_chars("meld" if meld else "plain", ascii_only)
    styles = card_styles(colours)
    border = styles.meld_border if meld else styles.plain_border
    key_style = styles.plain_key  # light on the felt, in a meld's green outline too (green on the felt was 2.9:1 in 16 colours)
    if selected:
        border = styles.selected_border + Style(reverse=True)
        key_style = border + Style(bold=True)
    tl, h, tr, v, bl, br = chars
    top = Text(tl, style=border)
    if key == h and inner >= 3:
        # a key drawn with the border's own character (``-`` in ascii mode) would
        # vanish into the border: it is shown as a key cap, ``+[-]+``
        top.append(f"[{key}]", style=key_style)
        top.append(h * (inner - 3), style=border)
    elif key:
        top.append(key, style=key_style)
        top.append(h * (inner - 1), style=border)
    else:
        top.append(h * inner, style=border)
    top.append(tr, style=border)
    face = styles.suit(card)
    if selected:
        face = face + Style(underline=True)
    rank, suit = rank_text(card), suit_text(card, ascii_only)
    if height >= 5:
        faces = [(rank + suit).ljust(inner), suit.center(inner), (rank + suit).rjust(inner)]
    else:
        faces = [(rank.rjust(2) + suit).center(inner)]
    lines = [top]
    for label in faces:
        mid = Text(v, style=border)
        mid.append(label, style=face)
        mid.append(v, style=border)
        lines.append(mid)
    lines.append(Text(bl + h * inner + br, style=border))
    return lines


def back_lines(width: int = 3, ascii_only: bool = False, height: int = 3, colours: Palette = DEFAULT) -> list[Text]:
    """A face-down card as ``height`` lines of ``width`` cells."""
    styles = card_styles(colours)
    plain = styles.plain_border
    tl, h, tr, v, bl, br = border_chars("plain", ascii_only)
    fill = "#" if ascii_only else "▒"
    inner = width - 2
    middle = Text(v, style=plain) + Text(fill * inner, style=styles.back) + Text(v, style=plain)
    return (
        [Text(tl + h * inner + tr, style=plain)]
        + [middle.copy() for _ in range(height - 2)]
        + [Text(bl + h * inner + br, style=plain)]
    )


def empty_lines(width: int = 5, ascii_only: bool = False, height: int = 3) -> list[Text]:
    """An empty place for a pile."""
    dot = "." if ascii_only else "·"
    inner = width - 2
    return (
        [Text(dot * width, style=DIM)]
        + [Text(dot + " " * inner + dot, style=DIM) for _ in range(height - 2)]
        + [Text(dot * width, style=DIM)]
    )
