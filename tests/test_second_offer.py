"""``benchmarks/second_offer.py``: the positions it plays out are the
dealer's second offers of the upcard, and the deals it plays them from are
those the dealer cannot tell from the real one."""

from __future__ import annotations

import random

from benchmarks.second_offer import EXPERT, collect, measure, redeal
from ginrummy_tui.ai import get_opponent
from ginrummy_tui.engine import Action, Kind, Phase, apply, view


def test_positions_are_the_experts_second_offers_and_the_deals_kept_are_those_with_a_pass():
    standard = get_opponent("standard", 2)
    expert = get_opponent("expert", 1)
    pres = collect("standard", 2, 1)
    assert len(pres) == 2
    for pre in pres:
        nd = 1 - pre.dealer
        assert pre.phase == Phase.UPCARD and pre.passes == 0 and pre.dealer == EXPERT and pre.current == nd
        assert standard.choose(view(pre, nd)).kind == Kind.PASS
    pre = pres[0]
    row = measure((0, "standard", pre, 3, 1))
    assert row["replays"] == 3 and row["tries"] >= 3
    assert row["hand"] == " ".join(str(c) for c in pre.hands[pre.dealer]) and row["upcard"] == str(pre.discard[-1])
    second = view(apply(pre, Action(Kind.PASS), 1 - pre.dealer), pre.dealer)
    assert row["expert_takes"] == (expert.choose(second).kind == Kind.TAKE_UPCARD)
    # the deals are the same for a seed: a position's figure is played again alike
    assert measure((0, "standard", pre, 3, 1))["mean"] == row["mean"]


def test_a_deal_again_keeps_what_the_dealer_sees_and_only_hands_with_which_the_non_dealer_passes():
    expert = get_opponent("expert", 2)
    pre = collect("expert", 1, 1)[0]
    nd = 1 - pre.dealer
    rng = random.Random(5)
    tries = 0
    for _ in range(20):
        s0, n = redeal(pre, expert, rng)
        tries += n
        assert s0.hands[pre.dealer] == pre.hands[pre.dealer] and s0.discard == pre.discard
        assert len(s0.hands[nd]) == 10 and len(s0.stock) == len(pre.stock)
        assert set(s0.hands[nd]) | set(s0.stock) == set(pre.hands[nd]) | set(pre.stock)
        assert expert.choose(view(s0, nd)).kind == Kind.PASS
        assert view(s0, pre.dealer) == view(pre, pre.dealer)
    assert tries > 20  # the expert takes some upcards: those deals are left out
