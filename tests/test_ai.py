"""The computer opponents: legal moves only, the standard rules one by one,
no peeking at hidden cards, and a short strength check."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy_tui.ai import LEVELS, get_opponent
from ginrummy_tui.ai.common import melds_with
from ginrummy_tui.ai.hints import hint
from ginrummy_tui.ai.review import replay_history, review_moves
from ginrummy_tui.cli.sim import simulate
from ginrummy_tui.engine import (
    DECK,
    PRESETS,
    Action,
    GameState,
    HandRecord,
    Move,
    apply,
    deadwood,
    legal_actions,
    new_game,
    parse_action,
    parse_cards,
    validate,
    view,
)
from ginrummy_tui.storage import config

# ---------------------------------------------------------------- helpers


def make_state(
    me: str,
    other: str,
    discard: str,
    *,
    phase: str = "draw",
    seat: int = 1,
    history: tuple[Move, ...] = (),
    taken: str | None = None,
    rules=PRESETS["standard"],
    stock_top: str = "",
) -> GameState:
    """A hand in progress built by hand: ``me`` is the hand of ``seat`` (the
    computer), ``other`` the hand of the other seat; the rest is the stock."""
    mine, theirs, pile = parse_cards(me), parse_cards(other), parse_cards(discard)
    top = parse_cards(stock_top)
    used = set(mine) | set(theirs) | set(pile) | set(top)
    stock = tuple(c for c in DECK if c not in used) + top
    hands = (theirs, mine) if seat == 1 else (mine, theirs)
    state = GameState(
        rules=rules,
        seed="test",
        match_no=1,
        hand_no=1,
        dealer=1 - seat,
        phase=phase,
        current=seat,
        hands=hands,
        stock=stock,
        discard=pile,
        taken=parse_cards(taken)[0] if taken else None,
        history=history,
    )
    validate(state)
    return state


def decide(level: str, state: GameState, seat: int = 1) -> Action:
    v = view(state, seat)
    action = get_opponent(level, seed=3).choose(v)
    assert action in v.legal_actions
    return action


def took(seat: int, card: str) -> Move:
    c = parse_cards(card)[0]
    return Move(seat, parse_action("draw discard"), c)


# ---------------------------------------------------------------- legality


def test_levels_and_unknown_level():
    # The settings keep their own copy, so that starting the app does not import the opponents.
    assert config.LEVELS == LEVELS
    for level in LEVELS:
        assert get_opponent(level).level == level
    with pytest.raises(ValueError, match="unknown level"):
        get_opponent("grandmaster")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 10**6),
    randomness=st.floats(0.0, 1.0),
)
def test_every_level_only_plays_legal_actions(preset, seed, randomness):
    """Walk a match with a mix of random and computer moves; at every state
    each level's choice is legal and never the timeout."""
    rng = random.Random(seed)
    state = new_game(PRESETS[preset], seed=seed)
    # the master is walked by its own (shorter) test below: each of its choices is a search
    players = {lvl: get_opponent(lvl, seed=seed) for lvl in LEVELS if lvl != "master"}
    checked = 0
    for _step in range(90):
        seat = state.current if state.phase in ("upcard", "draw", "discard") else rng.randrange(2)
        v = view(state, seat)
        for lvl, p in players.items():
            a = p.choose(v)
            assert a in v.legal_actions, (lvl, str(a), [str(x) for x in v.legal_actions])
            assert a.kind != "timeout"
            checked += 1
        if rng.random() < randomness:
            options = [a for a in legal_actions(state) if a.kind != "timeout"]
            action = rng.choice(options)
        else:
            action = players[rng.choice(sorted(players))].choose(v)
        state = apply(state, action)
    assert checked == 90 * len(players)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 10**6))
def test_master_only_plays_legal_actions(preset, seed):
    """A match walked by the master on both seats, with some random moves."""
    rng = random.Random(seed)
    state = new_game(PRESETS[preset], seed=seed)
    master = get_opponent("master", seed=seed)
    for _step in range(40):
        seat = state.current if state.phase in ("upcard", "draw", "discard") else rng.randrange(2)
        v = view(state, seat)
        a = master.choose(v)
        assert a in v.legal_actions and a.kind != "timeout", (str(a), [str(x) for x in v.legal_actions])
        if rng.random() < 0.2:
            a = rng.choice([x for x in legal_actions(state) if x.kind != "timeout"])
        state = apply(state, a)


def test_match_over_and_hand_over():
    state = new_game(seed=5)
    over = replace(state, phase="match_over", winner=0)
    for level in LEVELS:
        assert str(decide(level, over, 1)) == "new match"
        assert str(decide(level, over, 0)) == "new match"
    state = make_state("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH", "KD")
    state = replace(state, phase="hand_over")
    for level in LEVELS:
        assert str(decide(level, state)) == "next hand"


def test_no_action_when_not_my_turn():
    state = new_game(seed=5)  # seat 0 is to move
    for level in LEVELS:
        with pytest.raises(ValueError):
            get_opponent(level).choose(view(state, 1))


# ---------------------------------------------------------------- the standard rules

# The computer (seat 1) holds two runs and 2C 9D KC QD loose: deadwood 31.
HAND = "4S 5S 6S 7H 8H 9H 2C 9D KC QD"


def test_standard_takes_a_discard_that_joins_a_meld_and_lowers_deadwood():
    state = make_state(HAND, "AH AD 3H 3D 5D 6C 7C TH JH JS", "8D 7S")  # 7S extends 4S-5S-6S
    assert str(decide("standard", state)) == "draw discard"


def test_standard_refuses_a_low_card_that_joins_no_meld():
    # AC would lower the deadwood (thrown KC, kept AC) but melds with nothing
    state = make_state(HAND, "AH AD 3H 3D 5D 6C 7C TH JH JS", "8D AC")
    assert deadwood(parse_cards(HAND)) > deadwood(parse_cards("4S 5S 6S 7H 8H 9H 2C 9D QD AC"))
    assert str(decide("standard", state)) == "draw stock"


def test_standard_refuses_a_meld_that_does_not_lower_deadwood():
    # a dealt gin hand: KC would make four kings but cannot lower the deadwood below 0
    hand = "KS KH KD 4S 5S 6S 7H 8H 9H TH"
    state = make_state(hand, "AH AD 3H 3D 5D 6C 7C TD JH JS", "KC", phase="upcard")
    assert deadwood(parse_cards(hand)) == 0
    assert str(decide("standard", state)) == "pass"


def test_standard_upcard_offer_take_and_pass():
    take = make_state(HAND, "AH AD 3H 3D 5D 6C 7C TH JH JS", "7S", phase="upcard")
    assert str(decide("standard", take)) == "take upcard"
    refuse = make_state(HAND, "AH AD 3H 3D 5D 6C 7C TH JH JS", "AC", phase="upcard")
    assert str(decide("standard", refuse)) == "pass"


def test_standard_discards_the_card_leaving_least_deadwood():
    hand = HAND + " 3C"  # after drawing 3C: KC and QD are the worst cards; KC, then QD by index
    state = make_state(hand, "AH AD 3H 3D 5D 6C 7C TH JH JS", "8D", phase="discard")
    assert str(decide("standard", state)) == "discard KC"


def test_standard_avoids_a_card_that_melds_with_what_the_human_picked_up():
    # throwing QD or KC leaves the same deadwood (20); the human took JD, which QD melds with
    hand = "4S 5S 6S 7H 8H 9H 2C 3C QD KC 5C"
    other = "AH AD 3H 3D 5D 6C 7C TH JH JD"
    hist = (took(0, "JD"),)
    state = make_state(hand, other, "8D", phase="discard", history=hist)
    v = view(state, 1)
    assert parse_cards("JD")[0] in v.opponent_picked
    assert str(decide("standard", state)) == "discard KC"
    # the other way round (KC would win the plain tie-break): the human took JC, which KC melds with
    hist = (took(0, "JC"),)
    other = "AH AD 3H 3D 5D 6C 7C TH JH JC"
    state = make_state(hand, other, "8D", phase="discard", history=hist)
    assert melds_with(parse_cards("KC")[0], parse_cards("JC")[0])
    assert str(decide("standard", state)) == "discard QD"


def test_standard_knocks_at_the_first_chance():
    hand = "4S 5S 6S 7H 8H 9H 2C 3C 4C 5D KC"  # throw KC: deadwood 5
    state = make_state(hand, "AH AD 3H 3D 5H 6C 7C TH JH JS", "8D", phase="discard")
    assert deadwood(parse_cards("4S 5S 6S 7H 8H 9H 2C 3C 4C 5D")) == 5
    assert str(decide("standard", state)) == "knock KC"


def test_standard_goes_gin_when_it_can():
    hand = "4S 5S 6S 7H 8H 9H 2C 3C 4C 5C KD"
    state = make_state(hand, "AH AD 3H 3D 5H 6C 7C TH JH JS", "8D", phase="discard")
    assert str(decide("standard", state)) == "gin KD"


def test_big_gin_is_taken_when_allowed():
    hand = "4S 5S 6S 7H 8H 9H 2C 3C 4C 5C 6C"
    rules = PRESETS["multiplayer-1.5"]
    state = make_state(hand, "AH AD 3H 3D 5H 8C 7C TH JH JS", "8D", phase="discard", rules=rules)
    for level in LEVELS:
        assert str(decide(level, state)) == "big gin"


def test_every_level_goes_gin_and_no_level_times_out():
    hand = "4S 5S 6S 7H 8H 9H 2C 3C 4C 5C KD"
    rules = PRESETS["multiplayer-1.5"]
    state = make_state(hand, "AH AD 3H 3D 5H 6C 7C TH JH JS", "8D", phase="discard", rules=rules)
    assert any(a.kind == "timeout" for a in view(state, 1).legal_actions)
    for level in LEVELS:
        assert str(decide(level, state)) == "gin KD"


def test_easy_never_takes_the_discard():
    state = make_state(HAND, "AH AD 3H 3D 5D 6C 7C TH JH JS", "8D 7S")
    assert str(decide("easy", state)) == "draw stock"
    up = make_state(HAND, "AH AD 3H 3D 5D 6C 7C TH JH JS", "7S", phase="upcard")
    assert str(decide("easy", up)) == "pass"


def test_expert_takes_a_card_that_completes_a_meld():
    state = make_state(HAND, "AH AD 3H 3D 5D 6C 7C TH JH JS", "8D 7S")
    assert str(decide("expert", state)) == "draw discard"


def test_expert_throws_a_dead_high_card_before_a_live_pair():
    # KC is loose and dead (all other kings seen); 9D 9C is a pair with live nines
    hand = "4S 5S 6S 7H 8H 9H 9D 9C 2D KC 3C"
    state = make_state(hand, "AH AD 3H 3D 5D 6C 7C TH JH JS", "KS KH KD", phase="discard")
    assert str(decide("expert", state)).endswith("KC")


def threw(seat: int, card: str) -> Move:
    c = parse_cards(card)[0]
    return Move(seat, parse_action(f"discard {c}"), c)


def drew(seat: int) -> Move:
    return Move(seat, parse_action("draw stock"))


# The human took 8D from the pile and kept it; the other three eights are on
# the pile, so 8D melds only in a diamond run, and 9D, 7D and 6D are the only
# ones left (9D in the computer's hand): 6D 7D 8D.
EIGHT_TAKEN = (
    *(drew(0), threw(0, "8S"), drew(1), threw(1, "8H")),
    *(drew(0), threw(0, "5D"), drew(1), threw(1, "8C")),
    *(drew(0), threw(0, "4C"), drew(1), threw(1, "8D")),
    *(took(0, "8D"), threw(0, "3C"), drew(1)),
)


def test_the_expert_reads_the_only_run_left_for_a_card_the_opponent_picked_up():
    from ginrummy_tui.ai.expert import ExpertOpponent, Params, _Context
    from ginrummy_tui.ai.master import MasterOpponent, MasterParams

    hand = "2S 3S 4S JC QC KC AH 3H 6H 9D 6S"
    state = make_state(hand, "8D 7D 6D AS AC 2C JH QH KD KS", "8S 8H 5D 8C 4C 3C", phase="discard", history=EIGHT_TAKEN)
    v = view(state, 1)
    assert v.opponent_known == parse_cards("8D")
    reads = Params(picked_sure=0.8)
    expert = ExpertOpponent(3, reads)
    ctx = _Context(v, expert.params)
    six, seven, nine, ten = parse_cards("6D 7D 9D TD")
    assert expert._p_holds(ctx, seven.bit) == expert._p_holds(ctx, six.bit) == pytest.approx(0.8)
    assert expert._p_holds(ctx, ten.bit) < 0.2  # 8D 9D TD cannot be: 9D is in the computer's hand
    assert expert.danger(ctx, nine) > 0.6
    # without the reading (the opponents' default), 7D and 6D weigh what any
    # card next to a low throw does, and 9D goes
    off = ExpertOpponent(3)
    assert off._p_holds(_Context(v, off.params), seven.bit) < 0.1
    assert str(decide("expert", state)) == "discard 9D"
    assert str(decide("master", state)) == "discard 9D"
    # with it, 9D would give the human its run: both keep it and throw a loose card
    assert str(expert.choose(v)) == "discard 6H"
    master = MasterOpponent(3, MasterParams(expert=replace(MasterParams().expert or Params(), picked_sure=0.8)))
    assert str(master.choose(v)) == "discard 6H"


def test_the_expert_reads_the_only_run_or_the_sets_left_for_a_card_picked_up():
    from ginrummy_tui.ai.expert import ExpertOpponent, Params, _Context

    # took TH; the computer holds the other three tens and 9H: only TH JH QH is left
    state = make_state(
        "TS TD TC 9H 2S 3S 4S 5C 9C 6D QC", "TH JH QH AS AC 2H 7H 7D 8S KC", "5S", phase="discard", history=(took(0, "TH"),)
    )
    expert = ExpertOpponent(3, Params(picked_sure=0.8))
    v = view(state, 1)
    ctx = _Context(v, expert.params)
    jack, queen, eight = parse_cards("JH QH 8H")
    assert expert._p_holds(ctx, jack.bit) == expert._p_holds(ctx, queen.bit) == pytest.approx(0.8)
    assert expert._p_holds(ctx, eight.bit) < 0.5
    assert not _Context(v, Params()).sure  # off by default
    # took 5H; the computer holds 4H and 6H, 3H and 7H are on the pile: no run,
    # so a set of fives, two of the three other fives (each by two thirds)
    state = make_state(
        "4H 6H 2S 3S 4S 9C TC JC KD QD KS", "5H 5S 5D AS AC 2C 7D 8D 9D KC", "3H 7H", phase="discard", history=(took(0, "5H"),)
    )
    v = view(state, 1)
    ctx = _Context(v, expert.params)
    for five in parse_cards("5S 5D 5C"):
        assert expert._p_holds(ctx, five.bit) == pytest.approx(0.8 * 2 / 3)
    # a card that can still be in a set or a run reads nothing more
    state = make_state(HAND + " 3C", "AH AD 3H 3D 5D 6C 7C TH JH JS", "8D", phase="discard", history=(took(0, "JS"),))
    v = view(state, 1)
    ctx = _Context(v, expert.params)
    assert v.opponent_known == parse_cards("JS") and not ctx.sure


# ---------------------------------------------------------------- hidden cards


def _shuffle_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same state for ``seat`` with the other hand's unknown cards and the stock reshuffled."""
    opp = 1 - seat
    known = set(view(state, seat).opponent_known)
    free = [c for c in state.hands[opp] if c not in known] + list(state.stock)
    rng.shuffle(free)
    n = len(state.hands[opp]) - len(known)
    new_opp = tuple(sorted(tuple(known) + tuple(free[:n]), key=lambda c: c.index))
    hands = list(state.hands)
    hands[opp] = new_opp
    return replace(state, hands=(hands[0], hands[1]), stock=tuple(free[n:]))


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_depend_only_on_what_the_seat_sees(level):
    rng = random.Random(9)
    for preset in ("standard", "multiplayer-1.5"):
        state = new_game(PRESETS[preset], seed=21)
        driver = get_opponent("standard")
        for _ in range(60):
            if state.phase not in ("upcard", "draw", "discard"):
                break
            seat = state.current
            other = _shuffle_hidden(state, seat, rng)
            assert other.hands[1 - seat] != state.hands[1 - seat] or other.stock != state.stock
            validate(other)
            a = get_opponent(level, seed=4).choose(view(state, seat))
            b = get_opponent(level, seed=4).choose(view(other, seat))
            assert a == b
            state = apply(state, driver.choose(view(state, seat)))


# ---------------------------------------------------------------- strength (smoke)


def test_strength_smoke():
    """Short runs only; the real figures are in docs/ai.md."""
    r = simulate("expert", "standard", 160, seed=2, single_hands=True)
    assert r["points"]["a"] > r["points"]["b"]
    r = simulate("standard", "easy", 20, seed=2)
    assert r["wins"]["a"] > r["wins"]["b"]


# ---------------------------------------------------------------- the expert's knock


LOW_HAND = "4S 5S 6S 7H 8H 9H 2C 3C 4C AD KC"  # throwing KC leaves 1 deadwood
OTHER = "AH 2H 3H 3D 5H 6C 7C TH JH JS"


def test_expert_lies_in_wait_with_very_low_deadwood_early():
    state = make_state(LOW_HAND, OTHER, "8D", phase="discard")
    assert str(decide("expert", state)) == "discard KC"


def test_expert_knocks_on_its_last_turn_before_the_hand_is_void():
    pile = "8D 9D TD JD QD KD 5D 6D 7D 8C 9C TC JC QC 9S TS 4D QS KS AS 2S 3S 8S 7S 5C KH QH 2D"
    state = make_state(LOW_HAND, OTHER, pile, phase="discard")
    assert view(state, 1).stock_size == 3
    assert str(decide("expert", state)) == "knock KC"


def test_expert_knocks_when_a_knock_wins_the_match():
    state = replace(make_state(LOW_HAND, OTHER, "8D", phase="discard"), scores=(40, 95))
    assert str(decide("expert", state)) == "knock KC"


def test_expert_waits_against_a_quick_knocker_but_not_against_a_low_one():
    hand = "4S 5S 6S 7H 8H 9H 2C 3C 4C 9D KC"  # throwing KC leaves 9
    state = make_state(hand, OTHER, "8D", phase="discard")
    # no knock seen yet: it expects an opponent who knocks as soon as it can
    assert str(decide("expert", state)) == "discard KC"
    low = HandRecord(1, 1, "knock", 0, 0, 20, (1, 21), (20, 0))
    state = replace(state, sheet=(low, low, low), scores=(60, 0))
    assert str(decide("expert", state)) == "knock KC"
    # with 1 deadwood it still waits (for gin, or to undercut a knock with 1)
    state = replace(make_state(LOW_HAND, OTHER, "8D", phase="discard"), sheet=(low, low, low), scores=(60, 0))
    assert str(decide("expert", state)) == "discard KC"


# The last hand of `gin-tui sim --a expert --b standard --seed 2 --hands 1293` (deal "2-646", the
# expert in seat 0), up to the expert's draw with 8 cards in the stock: it holds K♠ K♥ K♦ K♣ and
# 5♥ 5♦ 5♣ with 2♠ A♥ 2♣ loose (5 deadwood), and standard has just thrown 5♠.
DEAL_2_646 = (
    "0 take upcard, 0 discard TH, 1 draw stock, 1 discard JD, 0 draw stock, 0 discard TS, 1 draw stock, 1 discard TD, "
    "0 draw stock, 0 discard 9S, 1 draw stock, 1 discard JH, 0 draw stock, 0 discard 8S, 1 draw stock, 1 discard QS, "
    "0 draw stock, 0 discard 7H, 1 draw stock, 1 discard QC, 0 draw stock, 0 discard 4D, 1 draw stock, 1 discard KS, "
    "0 draw discard, 0 discard 4S, 1 draw stock, 1 discard 9H, 0 draw stock, 0 discard 7D, 1 draw stock, 1 discard QH, "
    "0 draw stock, 0 discard 3H, 1 draw stock, 1 discard 8D, 0 draw stock, 0 discard 6C, 1 draw stock, 1 discard 8H, "
    "0 draw stock, 0 discard 3D, 1 draw discard, 1 discard 7S, 0 draw stock, 0 discard 9C, 1 draw stock, 1 discard 6D, "
    "0 draw stock, 0 discard 7C, 1 draw stock, 1 discard 5S"
)


def test_the_expert_takes_a_discard_that_melds_and_lowers_a_hand_it_lies_in_wait_with():
    # Taking 5♠ (four fives) and throwing 2♠ leaves 3 deadwood to lie in wait with.  It drew
    # from the stock: it weighed the take by its best throw of all, K♣ (keeping 2♠ 2♣ for gin,
    # still 5), which lying in wait it does not make, and counted 3 against 5 as two points
    # only, not what the lower hand adds to the margin of an undercut.  Played out, taking
    # scored about 22 points a hand more.
    state = new_game(PRESETS["standard"], seed="2-646")
    for move in DEAL_2_646.split(", "):
        seat, action = move.split(" ", 1)
        state = apply(state, parse_action(action), int(seat))
    v = view(state, 0)
    assert v.hand == parse_cards("2S KS AH 5H KH 5D KD 2C 5C KC") and v.upcard == parse_cards("5S")[0]
    assert v.stock_size == 8 and deadwood(v.hand) == 5
    assert decide("expert", state, seat=0) == parse_action("draw discard")
    state = apply(state, parse_action("draw discard"), 0)
    thrown = decide("expert", state, seat=0)
    assert thrown in (parse_action("discard 2S"), parse_action("discard 2C"))
    assert deadwood(tuple(c for c in view(state, 0).hand if c is not thrown.card)) == 3


# Seat 0 holds sets of twos, threes and sixes and A♣ (1 deadwood); 6♣ tops the
# discard pile: taking it and throwing A♣ is gin.  Hidden: seat 1's hand and the stock.
GIN_HAND = "2S 3S 6S 2H 6H 2D 3D 6D AC 3C"
GIN_OTHER = "AS QS AH 3H QH AD 4D QD 2C QC"
GIN_PILE = "TC KS TD KC KH JC JH KD 8C JS TS 8H 7D 5H 8D 9D 9S 5C 7H TH 8S 7C 9H 9C 5S 4C JD 4H 6C"


def gin_on_the_pile(stock: int, hand: str = GIN_HAND, pile: str = GIN_PILE) -> GameState:
    """That position (or another ``hand`` and ``pile``) with ``stock`` cards left in
    the stock (3 to 31, the rest under the pile's top card), standard rules with
    a knock limit of 5."""
    cut = " ".join(pile.split()[stock - 3 :])
    rules = PRESETS["standard"].with_options(knock_limit=5)
    state = replace(make_state(hand, GIN_OTHER, cut, seat=0, rules=rules), knock_limit=5)
    assert len(state.stock) == stock
    return state


@pytest.mark.parametrize("level", ["expert", "master"])
def test_a_discard_that_makes_gin_is_taken_however_little_is_left_in_the_stock(level):
    # with 3 or 7 cards left the expert and the master drew from the stock: the danger of
    # A♣ was counted against the gin (which ends the hand), and near the end of the stock
    # a gin was worth its 0 deadwood against a blind draw reckoned with the gin bonus
    for stock in range(3, 32):
        state = gin_on_the_pile(stock)
        assert decide(level, state, seat=0) == parse_action("draw discard"), stock
        state = apply(state, parse_action("draw discard"))
        assert decide(level, state, seat=0) == parse_action("gin AC"), stock


@pytest.mark.parametrize("level", ["expert", "master"])
def test_on_its_last_turn_a_discard_that_lets_it_knock_lower_is_taken(level):
    # 4♣ loose (4 deadwood), A♣ on the pile, 3 cards in the stock: taking A♣ and knocking with
    # 4♣ leaves 1; the danger of 4♣ was counted against it, though the knock ends the hand
    pile = GIN_PILE.replace("4C JD 4H 6C", "6C JD 4H AC")
    state = gin_on_the_pile(3, GIN_HAND.replace("AC", "4C"), pile)
    assert decide(level, state, seat=0) == parse_action("draw discard")
    assert decide(level, apply(state, parse_action("draw discard")), seat=0) == parse_action("knock 4C")


def test_the_hint_and_the_review_take_a_discard_that_makes_gin():
    state = gin_on_the_pile(3)
    h = hint(view(state, 0))
    assert h.action == parse_action("draw discard")
    assert h.reason == (
        "Take 6♣ from the discard pile: it makes 6♠ 6♥ 6♦ 6♣, deadwood from 1 to 0; "
        "then gin with A♣, for 25 points plus the computer's deadwood."
    )
    # where the rules allow it, the card that melds all eleven is taken for Big Gin
    big = make_state("4S 5S 6S 7H 8H 9H 2C 3C 5C 6C", "AH 2H 3H 3D 5H 7D 7C TH JH JS", "8D 4C", seat=0, rules=PRESETS["multiplayer-1.5"])
    for level in ("expert", "master"):
        assert decide(level, big, seat=0) == parse_action("draw discard")
        assert decide(level, apply(big, parse_action("draw discard")), seat=0) == parse_action("big gin")
    assert hint(view(big, 0)).reason == (
        "Take 4♣ from the discard pile: it makes 2♣ 3♣ 4♣ 5♣ 6♣, deadwood from 16 to 0; "
        "then Big Gin, for 31 points plus the computer's deadwood."
    )
    review = review_moves(replay_history(state, ["draw stock"]), 0, samples=8)
    assert [(m.played, m.suggested) for m in review.mistakes] == [
        (parse_action("draw stock"), parse_action("draw discard"))
    ]
    assert review.mistakes[0].cost > 0


# ---------------------------------------------------------------- the master


def test_master_goes_gin_and_knocks_on_its_last_turn():
    state = make_state("4S 5S 6S 7H 8H 9H 2C 3C 4C 5C KC", OTHER, "8D", phase="discard")
    assert str(decide("master", state)) == "gin KC"
    pile = "8D 9D TD JD QD KD 5D 6D 7D 8C 9C TC JC QC 9S TS 4D QS KS AS 2S 3S 8S 7S 5C KH QH 2D"
    state = make_state(LOW_HAND, OTHER, pile, phase="discard")
    assert str(decide("master", state)) == "knock KC"


def test_master_knocks_when_a_knock_wins_the_match():
    state = replace(make_state(LOW_HAND, OTHER, "8D", phase="discard"), scores=(40, 95))
    assert str(decide("master", state)) == "knock KC"


def test_master_play_outs_knock_at_once_within_ten_points_of_the_target():
    from ginrummy_tui.ai.master import MasterOpponent

    master = MasterOpponent(seed=3)
    state = make_state(LOW_HAND, OTHER, "8D", phase="discard")  # seat 1 decides
    mine, theirs, chance = master.playout_waits(view(state, 1))
    assert mine > 0 and theirs > 0 and 0 < chance < 1
    # the opponent (seat 0) at 92: in every play-out it knocks as soon as it may
    mine, _theirs, chance = master.playout_waits(view(replace(state, scores=(92, 40)), 1))
    assert chance == 0 and mine > 0
    # this seat at 95: so does it
    mine, _theirs, chance = master.playout_waits(view(replace(state, scores=(40, 95)), 1))
    assert mine == 0 and 0 < chance < 1


def test_master_is_deterministic_for_a_seed():
    state = new_game(seed=5)
    driver = get_opponent("standard")
    seen = 0
    while state.phase in ("upcard", "draw", "discard") and seen < 12:
        v = view(state, state.current)
        if state.phase == "discard":
            assert get_opponent("master", seed=8).choose(v) == get_opponent("master", seed=8).choose(v)
            seen += 1
        state = apply(state, driver.choose(v))
    assert seen >= 6


def test_master_deals_agree_with_what_it_sees():
    from ginrummy_tui.ai.expert import _Context
    from ginrummy_tui.ai.master import MasterOpponent
    from ginrummy_tui.engine import mask_of

    master = MasterOpponent(seed=2)
    state = make_state(LOW_HAND, OTHER, "8D", phase="discard", history=(took(0, "5H"),))
    v = view(state, 1)
    ctx = _Context(v, master.expert.params)
    master.expert._weigh_unseen(ctx)
    mine, pile = mask_of(v.hand), mask_of(v.discard)
    for opp, stock in master._deals(v, ctx, random.Random(1), [0.0] * 30):
        assert bin(opp).count("1") == v.opponent_hand_size
        assert opp & mask_of(v.opponent_known) == mask_of(v.opponent_known)
        assert not opp & (mine | pile)
        assert len(stock) == v.stock_size == len(set(stock))
        assert not any(b & (opp | mine | pile) for b in stock)


def test_master_guesses_meld_the_cards_the_opponent_picked_up():
    """With ``meld_known`` every guess holds a meld with the card the
    opponent took from the pile (a player takes a discard to meld it);
    without it, many guesses hold that card alone."""
    from ginrummy_tui.ai.expert import MELD_PAIRS, _Context
    from ginrummy_tui.ai.master import MasterOpponent, MasterParams
    from ginrummy_tui.engine import mask_of

    state = make_state(LOW_HAND, OTHER, "8D", phase="discard", history=(took(0, "5H"),))
    v = view(state, 1)
    five = parse_cards("5H")[0]
    assert mask_of(v.opponent_known) == five.bit

    def melded(meld_known: float) -> list[bool]:
        master = MasterOpponent(seed=2, params=MasterParams(meld_known=meld_known))
        ctx = _Context(v, master.expert.params)
        master.expert._weigh_unseen(ctx)
        out = []
        for opp, _stock in master._deals(v, ctx, random.Random(1), [0.0] * 60):
            assert bin(opp).count("1") == v.opponent_hand_size and opp & five.bit
            out.append(any(a & opp and b & opp for a, b in MELD_PAIRS[five.index]))
        return out

    assert all(melded(1.0))
    alone = sum(melded(0.0))
    assert alone < 45
    assert alone < sum(melded(0.5)) < 60


def test_master_deals_only_hands_the_opponent_chose_to_play_on_with():
    """With ``condition`` a guessed opponent hand is one it would not have
    ended the hand with: above the knock limit for one who knocks as soon as
    it may; for one who lies in wait, not gin and not at or above its
    threshold within the limit.  Without it, many guesses late in a hand are
    hands it would have knocked with."""
    from ginrummy_tui.ai.expert import _Context
    from ginrummy_tui.ai.master import MasterOpponent, MasterParams
    from ginrummy_tui.engine import deadwood_mask

    driver = get_opponent("standard")
    state = new_game(seed=12)
    while not (state.phase == "draw" and state.current == 0 and len(state.stock) <= 18):
        assert state.phase in ("upcard", "draw", "discard")
        state = apply(state, driver.choose(view(state, state.current)))
    v = view(state, 0)
    assert any(m.seat == 1 and m.action.kind == "discard" for m in v.history)

    def guesses(condition: bool, waits: list[float]) -> list[int]:
        master = MasterOpponent(seed=3, params=MasterParams(condition=condition, tries=200))
        ctx = _Context(v, master.expert.params)
        master.expert._weigh_unseen(ctx)
        return [deadwood_mask(opp) for opp, _stock in master._deals(v, ctx, random.Random(4), waits)]

    plain = guesses(False, [0.0] * 60)
    assert sum(d <= 10 for d in plain) >= 10
    assert all(d > 10 for d in guesses(True, [0.0] * 60))
    waiting = guesses(True, [6.0] * 60)
    assert all(d > 10 or 0 < d < 6 for d in waiting)
    assert any(d < 6 for d in waiting)


def test_master_searches_its_throws_and_stays_private_later_in_a_match():
    """With ``search_discards`` the throws with no knock allowed are searched;
    in a later hand of a match (a score sheet to read) the choice still
    depends only on the view."""
    from ginrummy_tui.ai.master import MasterOpponent, MasterParams

    state = new_game(seed=13)
    driver = get_opponent("standard")
    while state.hand_no < 3 or state.phase not in ("upcard", "draw", "discard"):
        v = view(state, state.current)
        state = apply(state, driver.choose(v))
    assert len(state.sheet) >= 2
    rng = random.Random(5)
    searched = 0

    class Counting(MasterOpponent):
        calls: list[int] = []

        def _search(self, view, cands):
            self.calls.append(len(cands))
            return super()._search(view, cands)

    while state.phase in ("upcard", "draw", "discard"):
        seat = state.current
        v = view(state, seat)
        if state.phase == "discard" and not any(a.kind in ("knock", "gin") for a in v.legal_actions):
            master = Counting(seed=4, params=MasterParams(search_discards=True))
            master.calls = []
            a = master.choose(v)
            assert master.calls and master.calls[0] >= 2  # a search among several throws
            assert a in v.legal_actions
            b = MasterOpponent(seed=4, params=MasterParams(search_discards=True)).choose(
                view(_shuffle_hidden(state, seat, rng), seat)
            )
            assert a == b
            plain = MasterOpponent(seed=4).choose(v)  # by default the throw is the expert's
            assert plain == get_opponent("expert", seed=4).choose(v)
            searched += 1
        state = apply(state, driver.choose(v))
    assert searched >= 3


def test_waiter_chance_reads_how_the_opponent_ended_its_hands():
    from ginrummy_tui.ai.master import waiter_chance

    state = make_state(LOW_HAND, OTHER, "8D", phase="discard")  # seat 1 decides; the opponent is seat 0
    assert waiter_chance(view(state, 1), 0.5) == 0.5
    assert waiter_chance(view(state, 1), 0.0) == 0.0
    knocked = HandRecord(1, 1, "knock", 0, 0, 5, (8, 13), (5, 0))
    ginned = HandRecord(1, 1, "gin", 0, 0, 30, (0, 5), (30, 0))
    mine = HandRecord(1, 1, "gin", 1, 1, 30, (5, 0), (0, 30))
    assert waiter_chance(view(replace(state, sheet=(knocked,)), 1), 0.5) < 0.2
    assert waiter_chance(view(replace(state, sheet=(ginned,)), 1), 0.5) > 0.9
    assert 0.5 < waiter_chance(view(replace(state, sheet=(mine,)), 1), 0.5) < 0.8


def test_master_builds_its_hand_as_the_expert_with_a_higher_knock_bonus():
    """Where it does not search, the master throws as the expert whose
    ``knock_bonus`` is 20 (a hand above the knock limit costs more), not as
    the expert opponent itself (12): here, with no knock allowed, the expert
    keeps J♣ and throws 10♥, the master keeps 10♥ and throws J♣."""
    from ginrummy_tui.ai.expert import ExpertOpponent, Params
    from ginrummy_tui.ai.master import MasterOpponent, MasterParams

    state = make_state("7C AC 3H 7H 4S 7D JC 3S QH TH 2S", "TD TC 3D KD 7S 8S JH 8D 5H 5C", "KS TS", phase="discard")
    v = view(state, 1)
    assert not any(a.kind == "knock" for a in v.legal_actions)
    assert str(get_opponent("expert", seed=2).choose(v)) == "discard TH"
    assert str(get_opponent("master", seed=2).choose(v)) == "discard JC"
    assert MasterParams().expert == Params(knock_bonus=20.0)
    assert str(ExpertOpponent(2, Params(knock_bonus=20.0)).choose(v)) == "discard JC"
    assert str(MasterOpponent(2, MasterParams(expert=None)).choose(v)) == "discard TH"


_KNOCKED = HandRecord(1, 1, "knock", 0, 0, 5, (8, 13), (5, 0))
_GINNED = HandRecord(1, 1, "gin", 0, 0, 30, (0, 5), (30, 0))


@pytest.mark.parametrize(
    "setting, cases",
    [
        # against a player who waits: no hand yet (from 0.5), or it went gin
        (
            {"discards_if_waiter": 0.5},
            (((), True), ((_GINNED,), True), ((_KNOCKED,), False), ((_KNOCKED, _GINNED, _KNOCKED), False)),
        ),
        # against a quick knocker: no hand yet (from 0.3), or it knocked
        (
            {"discards_if_knocker": 0.3},
            (((), True), ((_KNOCKED,), True), ((_GINNED,), False), ((_KNOCKED, _GINNED, _GINNED), False)),
        ),
    ],
    ids=["waiter", "knocker"],
)
def test_master_searches_its_throws_by_what_the_score_sheet_says_of_the_opponent(setting, cases):
    """With ``discards_if_waiter`` the throws with no knock allowed are
    searched while the score sheet says the opponent more likely lies in
    wait, with ``discards_if_knocker`` while it more likely knocks as soon as
    it may; otherwise they are the expert's, as they always are by default."""
    from ginrummy_tui.ai.master import MasterOpponent, MasterParams

    class Counting(MasterOpponent):
        def __init__(self, **kw) -> None:
            super().__init__(**kw)
            self.searches = 0

        def _search(self, view, cands):
            self.searches += 1
            return super()._search(view, cands)

    # seat 1 throws from eleven cards, none of which leaves a knockable hand
    state = make_state("KS QC JD 9C 7S 5D 4S AC 2S 8C 6D", OTHER, "8D", phase="discard")
    assert not any(a.kind == "knock" for a in view(state, 1).legal_actions)
    for sheet, searched in cases:
        v = view(replace(state, sheet=sheet), 1)
        master = Counting(seed=2, params=MasterParams(**setting))
        a = master.choose(v)
        assert a in v.legal_actions
        assert master.searches == (1 if searched else 0), sheet
        if not searched:
            assert a == master.expert.choose(v)  # the expert it plays as (its knock_bonus)
        off = Counting(seed=2)
        off.choose(v)
        assert off.searches == 0


def test_master_play_outs_keep_pairs_and_still_end_the_hand_with_the_least_deadwood():
    from ginrummy_tui.ai.master import throw, throw_keeping
    from ginrummy_tui.engine import mask_of

    hand = mask_of(parse_cards("TS JS QS 2H 3H 4H 8C KD KH 5D AC"))
    king = mask_of(parse_cards("KD"))
    # by deadwood alone a king goes (24 left); keeping the pair of kings, the lone 8C goes
    assert throw(hand) == (24, king)
    assert throw_keeping(hand, 0, 0.0) == (24, king, king)
    assert throw_keeping(hand, 0, 3.0) == (24, king, mask_of(parse_cards("8C")))
    # a gin or a knock still uses the throw that leaves the least deadwood
    rng = random.Random(9)
    for _ in range(200):
        m = mask_of(rng.sample(DECK, 11))
        for keep in (0.0, 3.0, 5.0):
            d, b, _other = throw_keeping(m, 0, keep)
            assert (d, b) == throw(m)


def test_master_play_outs_throw_and_take_as_trying_every_card_does():
    """The play-outs' throw and their rule for taking the discard skip the cards that
    cannot matter (a card of count v leaves at least the hand's deadwood less v): the
    same answers as trying every card, on random hands and on hands rich in melds."""
    from ginrummy_tui.ai.master import throw_keeping, wants
    from ginrummy_tui.ai.standard import wants_card
    from ginrummy_tui.engine import deadwood_mask

    def every_throw(hand: int, taken: int) -> tuple[int, int]:
        # the least deadwood left; ties to the higher count, then the higher index
        return min(
            (deadwood_mask(hand ^ c.bit), -c.value, -c.index, c.bit) for c in DECK if c.bit & hand & ~taken
        )[::3]

    rng = random.Random(12)
    low = [c for c in DECK if c.rank <= 7]
    takes = 0
    for n in range(3000):
        cards = rng.sample(DECK if n % 2 else low, 11)
        m = sum(c.bit for c in cards)
        # not to be thrown: a card at random, or the best throw itself (then, where it was the
        # only card leaving the least, the next best is found by trying the cards), or none
        taken = cards[0].bit if n % 3 == 0 else every_throw(m, 0)[1] if n % 3 == 1 else 0
        d, b = every_throw(m, taken)
        assert throw_keeping(m, taken, 0.0) == (d, b, b), [str(c) for c in cards]
        hand, top = m ^ cards[0].bit, cards[0]
        took = wants(hand, top.bit)
        assert took == wants_card(hand, top), [str(c) for c in cards]
        takes += took
    assert 300 < takes < 2700  # both answers were asked for


def test_master_play_out_knock_settles_as_the_engine_does():
    from ginrummy_tui.ai.master import knock_points
    from ginrummy_tui.engine import mask_of, score_knock

    rng = random.Random(4)
    rules = PRESETS["standard"]
    same = total = 0
    low = [c for c in DECK if c.rank <= 7]
    while total < 300:
        k = rng.sample(low, 10)
        d = rng.sample([c for c in DECK if c not in k], 10)
        kd = deadwood(k)
        if kd > 10:
            continue
        total += 1
        r = score_knock(k, d, rules)
        exact = r.points if r.winner == "knocker" else -r.points
        fast = knock_points(mask_of(k), mask_of(d), kd, rules)
        same += fast == exact
    # the play-outs settle with one layout of the knocker's melds, not every one
    assert same >= 0.95 * total


def test_every_part_of_the_app_knows_every_level():
    from ginrummy_tui.cli import build_parser
    from ginrummy_tui.cli.sim import LEVEL_CHOICES
    from ginrummy_tui.storage.config import LEVELS as SETTINGS_LEVELS

    assert LEVEL_CHOICES == SETTINGS_LEVELS == LEVELS  # the settings' form offers the levels of the settings
    for level in LEVELS:
        assert build_parser().parse_args(["--ai", level]).ai == level
        args = build_parser(["sim"]).parse_args(["sim", "--a", level, "--b", level])
        assert (args.a, args.b) == (level, level)


def test_an_opponent_in_a_worker_process_chooses_as_in_this_one():
    from ginrummy_tui.ai.process import ProcessOpponent

    far = ProcessOpponent("master", "seed-1")
    near = get_opponent("master", "seed-1")
    driver = get_opponent("standard")
    state = new_game(seed=3)
    asked = 0
    try:
        while state.phase in ("upcard", "draw", "discard") and asked < 8:
            v = view(state, state.current)
            if state.current == 0:
                a = far.choose(v)
                assert a == near.choose(v) and a in v.legal_actions
                asked += 1
            else:
                a = driver.choose(v)
            state = apply(state, a)
    finally:
        far.close()
    assert asked == 8


def _kill_the_worker(opponent) -> None:
    """Kill the worker process of ``opponent`` (started and answering) as the system would."""
    import multiprocessing

    opponent._pool.submit(int).result()
    for child in multiprocessing.active_children():
        child.kill()
        child.join()


@pytest.mark.parametrize("deaths", [1, 5])
def test_the_worker_process_dying_does_not_stop_the_computer(monkeypatch, deaths):
    # a worker killed (out of memory, say) left the game stuck on "the computer could not move"
    from ginrummy_tui.ai.process import ProcessOpponent

    started = []
    start = ProcessOpponent._pool_for_move

    def start_and_kill(self):
        fresh = self._pool is None
        pool = start(self)
        if fresh:
            started.append(pool)
            if len(started) <= deaths:
                _kill_the_worker(self)
        return pool

    monkeypatch.setattr(ProcessOpponent, "_pool_for_move", start_and_kill)
    far = ProcessOpponent("master", "seed-1")
    state = new_game(seed=3)
    v = view(state, state.current)
    try:
        a = far.choose(v)
        b = far.choose(v)
    finally:
        far.close()
    assert a == b == get_opponent("master", "seed-1").choose(v)
    # one death: a new worker answers; repeated deaths: the opponent thinks in this process
    assert len(started) == min(deaths + 1, 2)


def test_the_master_thinks_in_this_process_where_no_worker_can_be_started(monkeypatch):
    # e.g. no processes left: starting the worker raises
    from ginrummy_tui.ai import process

    def no_pool(*args, **kwargs):
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(process, "WorkerPool", no_pool)
    far = process.ProcessOpponent("master", "seed-1")
    v = view(new_game(seed=3), 0)
    assert far.choose(v) == get_opponent("master", "seed-1").choose(v)
    far.close()


def test_master_guesses_replay_half_the_opponents_stock_draws():
    """A guess of the opponent's hand replays half its stock draws (each: one
    more unseen card in, the card leaving the least deadwood out): replaying
    them all made the guessed hands far lower than the real ones."""
    from ginrummy_tui.ai.expert import _Context
    from ginrummy_tui.ai.master import MasterOpponent, MasterParams
    from ginrummy_tui.engine import deadwood_mask

    state = new_game(seed=21)
    driver = get_opponent("standard")
    while not (state.phase == "discard" and state.current == 0 and len(state.history) >= 16):
        state = apply(state, driver.choose(view(state, state.current)))
    v = view(state, 0)
    draws = sum(1 for m in v.history if m.seat == 1 and m.action.kind == "draw stock")
    assert draws >= 4

    def guessed(params: MasterParams) -> list[int]:
        master = MasterOpponent(seed=2, params=params)
        ctx = _Context(v, master.expert.params)
        master.expert._weigh_unseen(ctx)
        return [deadwood_mask(opp) for opp, _stock in master._deals(v, ctx, random.Random(9), [0.0] * 30)]

    default = guessed(MasterParams())
    every = guessed(MasterParams(improve=1.0))
    none = guessed(MasterParams(improve=0.0))
    # the same starting guesses, so each replayed draw can only lower the deadwood
    assert all(a <= d <= n for a, d, n in zip(every, default, none))
    assert sum(every) < sum(default) < sum(none)


def test_a_closed_opponent_thinks_in_this_process_and_starts_no_worker():
    """A move asked of the master as a new match replaced it (its thinking
    thread not yet at its worker) started a worker process that nothing
    closed until the app did."""
    from ginrummy_tui.ai.process import ProcessOpponent
    from ginrummy_tui.session.opponent import LazyOpponent

    v = view(new_game(seed=3), 0)
    expected = get_opponent("master", "seed-1").choose(v)
    lazy = LazyOpponent("master", "seed-1")
    lazy.close()
    assert lazy.choose(v) == expected and lazy._process is None
    far = ProcessOpponent("master", "seed-1")
    far.close()
    assert far.choose(v) == expected and far._pool is None


def test_an_opponent_closed_while_its_worker_starts_leaves_no_worker_running(monkeypatch):
    """Closed (a new match replacing it) between its check of being closed and
    the start of its worker, the master started the worker all the same, and
    nothing ever stopped it."""

    from ginrummy_tui.ai import process

    far = process.ProcessOpponent("master", "seed-1")
    start_tracker = process._start_tracker

    def closed_meanwhile() -> None:
        far.close()  # the app's thread, while this one starts the worker
        start_tracker()

    monkeypatch.setattr(process, "_start_tracker", closed_meanwhile)
    _thinks_here_though_closed(far)


def _thinks_here_though_closed(far) -> None:
    """``far`` (a master in its worker), closed while it makes its move (the test's patch
    closes it): the move is the master's own, thought here, and no worker is left."""
    import multiprocessing

    before = {c.pid for c in multiprocessing.active_children()}
    v = view(new_game(seed=3), 0)
    assert far.choose(v) == get_opponent("master", "seed-1").choose(v)
    assert far.closed and far._pool is None
    assert _no_worker_left(before)


def _no_worker_left(before: set) -> bool:
    """Every worker process started since ``before`` (their pids) ends (within 10 s).
    Joined again until then: the pool's own thread may reap one as this one
    joins it, which then returns with the process still said to be alive."""
    import multiprocessing
    import time

    left = [c for c in multiprocessing.active_children() if c.pid not in before]
    end = time.monotonic() + 10
    while any(c.is_alive() for c in left) and time.monotonic() < end:
        for child in left:
            child.join(0.1)
    return not [c for c in left if c.is_alive()]


def test_an_opponent_closed_before_its_new_worker_warms_up_thinks_here(monkeypatch):
    """Closed (a new match replacing it) once it had kept its new worker but
    before the worker's warm-up was handed over, the master's move failed
    ("cannot schedule new futures after shutdown") where it is to be thought here."""

    from ginrummy_tui.ai import process

    far = process.ProcessOpponent("master", "seed-1")

    class ClosedAtWarmUp(process.WorkerPool):
        def submit(self, fn, /, *args, **kwargs):
            if fn is process._warm:
                far.close()  # the app's thread, just before the warm-up
            return super().submit(fn, *args, **kwargs)

    monkeypatch.setattr(process, "WorkerPool", ClosedAtWarmUp)
    _thinks_here_though_closed(far)


def test_an_opponent_closed_while_its_move_waits_for_the_worker_thinks_here(monkeypatch):
    """Closed (a new match replacing it) while its move was handed to the
    pool but not yet to the worker, the master's move failed (the pool's stop
    cancelled it) where it is to be thought here."""
    import time

    from ginrummy_tui.ai import process

    far = process.ProcessOpponent("master", "seed-1")

    class ClosedWhileQueued(process.WorkerPool):
        def submit(self, fn, /, *args, **kwargs):
            if fn is not process._choose:
                return super().submit(fn, *args, **kwargs)
            for _ in range(3):  # the worker busy, its queue full: the move waits in the pool
                super().submit(time.sleep, 0.2)
            move = super().submit(fn, *args, **kwargs)
            far.close()  # the app's thread, meanwhile
            return move

    monkeypatch.setattr(process, "WorkerPool", ClosedWhileQueued)
    _thinks_here_though_closed(far)


def test_a_lazy_master_closed_as_it_makes_its_worker_leaves_no_worker_running(monkeypatch):
    """Closed after it had checked it was not, but before it had kept its
    worker's opponent, the master made the worker all the same, out of reach
    of the close."""
    import multiprocessing

    from ginrummy_tui.ai import process
    from ginrummy_tui.session.opponent import LazyOpponent

    lazy = LazyOpponent("master", "seed-1")
    make = process.ProcessOpponent.__init__

    def closed_meanwhile(self, *args, **kwargs) -> None:
        make(self, *args, **kwargs)
        lazy.close()  # the app's thread, while this one makes the opponent

    monkeypatch.setattr(process.ProcessOpponent, "__init__", closed_meanwhile)
    before = {c.pid for c in multiprocessing.active_children()}
    v = view(new_game(seed=3), 0)
    assert lazy.choose(v) == get_opponent("master", "seed-1").choose(v)
    assert lazy._process is not None and lazy._process.closed and lazy._process._pool is None
    assert _no_worker_left(before)


def test_the_masters_shortlist_weighs_the_danger_of_a_plain_discard_on_the_last_turn(monkeypatch):
    """On its last turn a discard within the knock limit lost its danger in the
    master's shortlist, as if it were the knock that ends the hand: a plain
    discard ends nothing, and the card may give the other player the hand."""
    from ginrummy_tui.ai.common import hand_mask
    from ginrummy_tui.ai.expert import ExpertOpponent, _Context, _draws_left
    from ginrummy_tui.ai.master import MasterOpponent
    from ginrummy_tui.engine import deadwood_mask

    driver = get_opponent("standard")
    found = None
    for seed in range(200):
        state = new_game(seed=seed)
        while not state.over and state.phase != "hand over":
            v = view(state, state.current)
            if v.phase == "discard" and _draws_left(v, drawn=True) <= 0:
                m = hand_mask(v.hand)
                if any(deadwood_mask(m ^ c.bit) <= v.knock_limit for c in v.hand):
                    found = v
                    break
            state = apply(state, driver.choose(v))
        if found is not None:
            break
    assert found is not None
    seen: list[bool] = []
    value = ExpertOpponent.throw_value

    def recording(self, ctx, mask11, card, limit, **kw):
        seen.append(kw.get("may_end", True))
        return value(self, ctx, mask11, card, limit, **kw)

    monkeypatch.setattr(ExpertOpponent, "throw_value", recording)
    master = MasterOpponent(seed=1)
    master._discard_candidates(found, found.legal_actions)
    assert seen and not any(seen)  # every plain discard has its danger weighed
    # and the danger is what the knock leaves out
    ex = master.expert
    ctx = _Context(found, ex.params)
    ex._weigh_unseen(ctx)
    ctx.draws_left = 0
    m = hand_mask(found.hand)
    card = next(c for c in found.hand if deadwood_mask(m ^ c.bit) <= found.knock_limit)
    monkeypatch.setattr(ExpertOpponent, "danger", lambda self, ctx, c: 1.0)
    plain = value(ex, ctx, m, card, found.knock_limit, may_end=False)
    assert plain > value(ex, ctx, m, card, found.knock_limit)


def test_the_master_knocks_at_its_last_throw_rather_than_let_a_won_hand_go_void():
    """Hand 6 of seed 83821717 (the player deals, passes, draws from the stock and throws
    as below): the master holds 5 deadwood from the middle of the stock on; at its last
    throw (3 cards in the stock, none left for it to draw) it knocks, which scores, where
    it threw 8♠ without knocking and let the hand go void: with so few cards unseen its
    guesses were all the one best hand of them, each knocking into its undercut."""
    from ginrummy_tui.ai.master import MasterOpponent, last_throw
    from ginrummy_tui.engine import PRESETS, apply, legal_actions, view
    from ginrummy_tui.engine.kinds import Kind
    from ginrummy_tui.engine.replay import hand_of_match

    state = hand_of_match(83821717, 6, PRESETS["standard"], 1, 0)
    throws = iter("KH KD JD TS KC 9D KS 8H 7C 7H 6S 6D 7D 8C 7S".split())
    master = MasterOpponent(0)
    last = None
    while state.phase.playing:
        if state.current == 0:
            acts = legal_actions(state)
            kinds = {a.kind for a in acts}
            kind = Kind.PASS if Kind.PASS in kinds else Kind.DRAW_STOCK if Kind.DRAW_STOCK in kinds else None
            if kind is not None:
                state = apply(state, next(a for a in acts if a.kind == kind))
                continue
            card = next(throws)
            state = apply(state, next(a for a in acts if a.kind == Kind.DISCARD and str(a.card) == card))
            continue
        v = view(state, 1)
        action = master.choose(v)
        if last_throw(v):
            last = (v.stock_size, action)
        state = apply(state, action)
    assert last is not None
    stock, action = last
    assert stock == 3 and action.kind == Kind.KNOCK, action
    assert state.result is not None and state.result.winner == 1 and state.result.points > 0
