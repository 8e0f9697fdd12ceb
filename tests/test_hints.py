"""Hints: the expert opponent's choice for the player's view, with a one-line reason."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.hints import Hint, explain, hint
from ginrummy_tui.engine import (
    DECK,
    PRESETS,
    Action,
    apply,
    legal_actions,
    new_game,
    parse_action,
    parse_cards,
    validate,
    view,
)


def _made(p0: str, p1: str, upcard: str, stock_top_first: str = "", **fields):
    """A hand-made deal: seat 0 to move with the upcard offer (or ``fields``)."""
    h0, h1, up, top = parse_cards(p0), parse_cards(p1), parse_cards(upcard)[0], parse_cards(stock_top_first)
    used = set(h0) | set(h1) | {up} | set(top)
    stock = tuple(c for c in DECK if c not in used) + tuple(reversed(top))
    s = replace(new_game(seed=0), hands=(tuple(sorted(h0)), tuple(sorted(h1))), discard=(up,), stock=stock, **fields)
    validate(s)
    return s


def _decisions(preset: str, seed: int, limit: int):
    """Seat 0's views along a hand played by the standard opponent on both seats."""
    s = new_game(PRESETS[preset], seed=seed)
    bot = get_opponent("standard", seed)
    out = []
    while s.phase in ("upcard", "draw", "discard") and len(out) < limit:
        v = view(s, s.current)
        if s.current == 0:
            out.append(v)
        s = apply(s, bot.choose(v))
    return out


@pytest.mark.parametrize("preset,seed", [("standard", 1), ("standard", 7), ("multiplayer-1.5", 3), ("oklahoma", 4)])
def test_hint_is_legal_and_is_the_experts_choice(preset, seed):
    views = _decisions(preset, seed, 14)
    assert views
    for v in views:
        h = hint(v)
        assert isinstance(h, Hint)
        assert h.action in v.legal_actions
        assert h.action.kind != "timeout"
        assert h.action == get_opponent("expert", 0).choose(v)
        assert h.reason and "\n" not in h.reason and len(h.reason) < 200


def test_hint_between_hands_and_when_it_is_not_your_turn():
    s = new_game(seed=2)
    with pytest.raises(ValueError, match="not your turn"):
        hint(view(s, 1))
    bot = get_opponent("standard", 0)
    while s.phase != "hand_over":
        s = apply(s, bot.choose(view(s, s.current)))
    h = hint(view(s, 0))
    assert h.action == Action("next hand")
    assert "next" in h.reason


def test_reason_for_gin_and_for_a_discard_that_could_knock():
    # 7♠7♥7♦ 3♣4♣5♣6♣ J♥Q♥K♥ + 2♦ drawn: gin with 2♦
    s = _made("7S 7H 7D 3C 4C 5C 6C JH QH KH", "AS 2S 3S QS QC TS 8D KD JC 9H", "8S", "2D")
    s = apply(apply(apply(s, parse_action("pass")), parse_action("pass")), parse_action("draw stock"))
    v = view(s, 0)
    assert hint(v).action == parse_action("gin 2D")
    assert explain(v, parse_action("gin 2D")).startswith("Gin with 2♦")
    assert "that is gin" in explain(v, parse_action("discard 2D"))
    # with 4♦ drawn, either 4♦ or 2♦ may go with a knock
    s2 = _made("7S 7H 7D 3C 4C 5C JH QH KH 2D", "AS 2S 3S QS QC TS 8D KD JC 9H", "8S", "4D")
    s2 = apply(apply(apply(s2, parse_action("pass")), parse_action("pass")), parse_action("draw stock"))
    v2 = view(s2, 0)
    assert "you could knock" in explain(v2, parse_action("discard 4D"))
    assert explain(v2, parse_action("knock 4D")) == "Knock with 4♦: it leaves 2 deadwood, within the limit of 10."


def test_reason_for_taking_the_upcard_names_the_meld_and_the_deadwood():
    s = _made("7S 7H 3C 4C JH QH 2D 9D KS KD", "AS 2S 3S QS QC TS 8D 5D JC 9H", "7D")
    v = view(s, 0)
    text = explain(v, parse_action("take upcard"))
    assert text.startswith("Take the upcard 7♦: it makes 7♠ 7♥ 7♦")
    assert "from 72 to 48" in text
    passed = explain(v, parse_action("pass"))
    assert passed.startswith("Pass on the upcard: 7♦ would make 7♠ 7♥ 7♦")


def test_discard_reason_says_what_the_other_player_has_shown():
    s = _made("7S 7H 7D 3C 4C 5C 6C JH QH 2D", "AS 2S 3S QS QC TS 8D KD JC TD", "KH", "TC")
    s = apply(s, parse_action("pass"))
    s = apply(s, parse_action("take upcard"))  # the computer takes K♥ ...
    s = apply(s, parse_action("discard TD"))  # ... and lets T♦ go
    s = apply(s, parse_action("draw stock"))  # seat 0 draws T♣
    v = view(s, 0)
    assert v.opponent_picked == parse_cards("KH")
    # Q♥, J♥ and T♣ each leave 22 deadwood, the least
    assert explain(v, parse_action("discard QH")) == (
        "Discard Q♥: it leaves 22 deadwood, though the computer picked up K♥."
    )
    assert explain(v, parse_action("discard TC")) == (
        "Discard 10♣: it leaves 22 deadwood and the computer let go of 10♦, so it is unlikely to want it."
    )
    assert explain(v, parse_action("discard 2D"), opponent_name="Ann") == (
        "Discard 2♦: it leaves 30 deadwood (not 10♣, which would leave 22): it keeps more ways to make melds."
    )


def test_cards_are_named_as_the_game_shows_them():
    from ginrummy_tui.ai.hints import card_name

    assert [card_name(c) for c in parse_cards("TH AS QC 9D")] == ["10♥", "A♠", "Q♣", "9♦"]
    assert card_name(parse_cards("TD")[0], ascii_only=True) == "10D"


def test_ascii_reasons_have_no_suit_symbols():
    for v in _decisions("standard", 5, 8):
        text = hint(v, ascii_only=True).reason
        assert not set(text) & set("♠♥♦♣"), text


@settings(max_examples=40, deadline=None)
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 40),
    seat=st.sampled_from([0, 1]),
)
def test_any_reachable_decision_gets_a_legal_hint_equal_to_the_experts(preset, seed, moves, seat):
    import random

    rng = random.Random(seed)
    s = new_game(PRESETS[preset], seed=seed)
    for _ in range(moves):
        acts = [a for a in legal_actions(s) if a.kind != "timeout"]
        s = apply(s, rng.choice(acts))
    v = view(s, s.current if s.phase in ("upcard", "draw", "discard") else seat)
    h = hint(v)
    assert h.action in v.legal_actions and h.action.kind != "timeout"
    assert h.action == get_opponent("expert", 0).choose(v)
    assert h.reason and "\n" not in h.reason
