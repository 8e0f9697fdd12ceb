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


def never_knocking_until(seed: int, stop, preset: str = "standard", scores: tuple[int, int] | None = None) -> GameState:
    """The first hand of ``seed`` under ``preset``, both seats played by the standard opponent
    throwing without knocking where it would knock (gin still goes gin), so that the hand
    reaches the void stock, up to the first position where ``stop(view of seat 0)`` holds with
    seat 0 to move; with ``scores``, the match's score set to them."""
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import apply, view
    from ginrummy_tui.engine.kinds import Kind

    s = new_game(PRESETS[preset], seed=seed)
    bots = (get_opponent("standard", seed), get_opponent("standard", seed + 1))
    while not (s.current == 0 and stop(view(s, 0))):
        assert s.phase in ("upcard", "draw", "discard"), "the hand ended first"
        a = bots[s.current].choose(view(s, s.current))
        s = apply(s, replace(a, kind=Kind.DISCARD) if a.kind == Kind.KNOCK else a)
    return replace(s, scores=scores) if scores is not None else s


# The first 64 moves of seed 1 as the expert played them on both seats before 8 Dec (seat 0's
# moves are also those of its hints without the search): since then the expert and the hints
# take discards that meld and lower a hand they may knock with, and play this hand otherwise.
# The tests of the hints reach seat 0's last throw before the hand would be void with them, and
# those of the end of a match the position after them.
SEED_1_FIRST_64 = (
    "pass, take upcard, discard JC, draw stock, discard JD, draw stock, discard QS, draw stock, discard JS, "
    "draw stock, discard 8C, draw stock, discard 9C, draw discard, discard 6C, draw stock, discard 8H, draw "
    "stock, discard TH, draw stock, discard 6H, draw stock, discard 3H, draw discard, discard 4C, draw stock, "
    "discard 2C, draw stock, discard JH, draw stock, discard QH, draw stock, discard TC, draw stock, discard "
    "7H, draw stock, discard 6S, draw stock, discard KC, draw discard, discard 3C, draw stock, discard 7D, "
    "draw stock, discard 6D, draw stock, discard 7C, draw stock, discard 8D, draw stock, discard 3S, draw "
    "stock, discard 8S, draw stock, discard TS, draw stock, discard 3D, draw stock, discard TD, draw stock, "
    "discard QD, draw stock, discard 7S, draw stock"
)
