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
