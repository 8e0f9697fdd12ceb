"""Building hand-made positions for engine tests."""

from __future__ import annotations

from dataclasses import replace

from ginrummy_tui.engine import DECK, PRESETS, GameState, new_game, parse_cards


def rig(
    hand0: str,
    hand1: str,
    discard: str = "",
    stock_top: str = "",
    rules=PRESETS["standard"],
    stock_size: int | None = None,
    **changes,
) -> GameState:
    """A state whose hands, discard pile and top of stock are as given; the
    rest of the deck fills the stock (``stock_top`` ends up on top)."""
    h0, h1, disc, top = (parse_cards(x) for x in (hand0, hand1, discard, stock_top))
    used = set(h0) | set(h1) | set(disc) | set(top)
    assert len(used) == len(h0) + len(h1) + len(disc) + len(top), "a card is used twice"
    rest = [c for c in DECK if c not in used]
    if stock_size is not None:
        keep = stock_size - len(top)
        disc = tuple(rest[keep:]) + disc
        rest = rest[:keep]
    stock = tuple(rest) + tuple(reversed(top))
    base = new_game(rules, seed=0)
    key = lambda c: c.index  # noqa: E731
    return replace(
        base,
        hands=(tuple(sorted(h0, key=key)), tuple(sorted(h1, key=key))),
        discard=disc,
        stock=stock,
        **changes,
    )
