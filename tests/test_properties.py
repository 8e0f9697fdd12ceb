"""Property tests: random legal play from random seeds under every preset."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy_tui.engine import (
    DECK,
    PRESETS,
    Action,
    IllegalAction,
    apply,
    from_json,
    legal_actions,
    new_game,
    to_json,
    view,
)
from ginrummy_tui.engine.actions import CARD_KINDS, PLAIN_KINDS

ALL_ACTIONS = [Action(k) for k in PLAIN_KINDS] + [Action(k, c) for k in CARD_KINDS for c in DECK]


def _play_match(preset: str, seed: int, rng: random.Random, check):
    state = new_game(PRESETS[preset], seed=seed)
    steps = 0
    while state.phase != "match_over":
        check(state)
        acts = [a for a in legal_actions(state) if a.kind != "timeout"]
        assert acts, f"no legal action in {state.phase}"
        enders = [a for a in acts if a.kind in ("knock", "gin", "big gin")]
        action = rng.choice(enders) if enders and rng.random() < 0.7 else rng.choice(acts)
        if action.kind == "discard" and rng.random() < 0.8:
            # throw mostly high cards, as people do, so hands end by knocks too
            action = max((a for a in acts if a.kind == "discard"), key=lambda a: (a.card.value, rng.random()))
        before = state
        state = apply(state, action)
        if before.phase not in ("hand_over", "match_over") or action.kind == "next hand":
            if state.match_no == before.match_no:
                assert state.scores[0] >= before.scores[0] and state.scores[1] >= before.scores[1]
        steps += 1
        assert steps < 20_000, "the match did not end"
    check(state)
    return state


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 10**6), rseed=st.integers(0, 2**32))
def test_random_play_conserves_cards_hides_cards_and_ends(preset, seed, rseed):
    rnd = random.Random(rseed)
    def check(state):
        every = state.hands[0] + state.hands[1] + state.stock + state.discard
        assert len(every) == 52 and set(every) == set(DECK)
        for seat in (0, 1):
            v = view(state, seat)
            # cards that were face up this hand (passed upcard, discards) are public
            public = {m.card for m in state.history if m.card is not None} | set(state.discard)
            hidden = set(state.stock)
            if state.phase not in ("hand_over", "match_over"):
                hidden |= set(state.hands[1 - seat]) - public
            assert v.hand == state.hands[seat]
            seen = set(v.hand) | set(v.discard) | set(v.opponent_picked) | set(v.opponent_known)
            seen |= {m.card for m in v.history if m.card is not None}
            seen |= {m.action.card for m in v.history if m.action.card is not None}
            if v.drawn is not None:
                seen.add(v.drawn)
            if state.phase not in ("hand_over", "match_over"):
                assert not (seen & hidden)
                assert v.result is None
        assert legal_actions(state)

    final = _play_match(preset, seed, rnd, check)
    assert final.winner in (0, 1)
    assert max(final.scores) >= final.rules.target or final.sheet[-1].kind == "timeout"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), rseed=st.integers(0, 2**32))
def test_every_action_not_legal_is_refused_and_changes_nothing(seed, rseed):
    rnd = random.Random(rseed)
    state = new_game(PRESETS[rnd.choice(sorted(PRESETS))], seed=seed)
    for _ in range(120):
        legal = set(legal_actions(state))
        snapshot = to_json(state)
        for bad in rnd.sample([a for a in ALL_ACTIONS if a not in legal], 12):
            try:
                apply(state, bad)
            except IllegalAction as exc:
                assert str(exc)
            else:
                raise AssertionError(f"{bad} was accepted in {state.phase}")
            assert to_json(state) == snapshot
        state = apply(state, rnd.choice([a for a in legal if a.kind != "timeout"] or list(legal)))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 300), rseed=st.integers(0, 2**32))
def test_json_round_trip_of_reachable_states(seed, steps, rseed):
    rnd = random.Random(rseed)
    state = new_game(PRESETS[rnd.choice(sorted(PRESETS))], seed=seed)
    for _ in range(steps):
        acts = [a for a in legal_actions(state) if a.kind != "timeout"]
        state = apply(state, rnd.choice(acts))
    assert from_json(to_json(state)) == state
