"""The fast solver against a brute-force one, and hand-made hard cases."""

import random
import tracemalloc

import pytest

from ginrummy_tui.engine import (
    DECK,
    Card,
    best_discard,
    best_melds,
    deadwood,
    deadwood_mask,
    is_meld,
    parse_cards,
)

from .bruteforce import brute_deadwood


def test_random_hands_match_brute_force():
    rng = random.Random(7)
    for n in [10] * 15000 + [11] * 3000 + [4] * 1000 + [7] * 1000:
        hand = rng.sample(DECK, n)
        assert deadwood(hand) == brute_deadwood(hand), hand


def test_meld_rich_hands_match_brute_force():
    rng = random.Random(8)
    for _ in range(3000):
        # few ranks and suits: many competing melds
        pool = [Card(r, s) for r in rng.sample(range(1, 14), 5) for s in "SHDC"]
        pool += [Card(r, s) for s in rng.sample("SHDC", 2) for r in range(1, 14)]
        hand = rng.sample(sorted(set(pool), key=lambda c: c.index), 10)
        assert deadwood(hand) == brute_deadwood(hand), hand


def test_low_rank_hands_match_brute_force():
    # ten cards of the ranks ace to six: sets of three and four competing with runs
    rng = random.Random(10)
    low = [c for c in DECK if c.rank <= 6]
    for n in [10] * 2500 + [11] * 500:
        hand = rng.sample(low, n)
        assert deadwood(hand) == brute_deadwood(hand), hand


def test_solver_keeps_no_memory_between_calls():
    # the solver holds no cache: a long run of hands never seen before leaves
    # nothing behind (it once kept up to 400,000 results, ~34 MB)
    rng = random.Random(11)
    low = [c for c in DECK if c.rank <= 7]
    masks = [sum(c.bit for c in rng.sample(low, 10)) for _ in range(20000)]
    deadwood_mask(masks[0])
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        for m in masks:
            deadwood_mask(m)
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert after - before < 50_000


def test_split_is_consistent_with_deadwood():
    rng = random.Random(9)
    for _ in range(3000):
        hand = rng.sample(DECK, rng.choice((10, 11)))
        split = best_melds(hand)
        assert split.deadwood == deadwood(hand)
        assert sum(c.value for c in split.deadwood_cards) == split.deadwood
        laid = [c for m in split.melds for c in m] + list(split.deadwood_cards)
        assert sorted(laid, key=lambda c: c.index) == sorted(hand, key=lambda c: c.index)
        assert all(is_meld(m) for m in split.melds)


def test_split_is_deterministic():
    hand = parse_cards("7S 7H 7D 8S 9S 8H 9H TH 5C 5D")
    first = best_melds(hand)
    for _ in range(5):
        assert best_melds(reversed(hand)) == first


@pytest.mark.parametrize(
    "text, expected",
    [
        ("AS 2S 3S", 0),  # ace low
        ("QS KS AS", 21),  # no wrap-around: Q-K-A is not a run
        ("JS QS KS", 0),
        ("7S 7H 7D 7C", 0),
        ("7S 7H", 14),
        # sets vs runs competing for a card: 7S in the set or in the run
        ("5S 6S 7S 7H 7D", 11),
        ("5S 6S 7S 7H 7D 7C", 0),  # split the 4-set: 7H 7D 7C set + 5-6-7S run
        ("4S 5S 6S 7S 8S 4C 5C 6C 4D 5D", 6),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", 0),  # a run of ten
        ("3H 4H 5H 6H 7H 8H 8S 8D 2C 2D", 4),
        ("9S 9H 9D TS TH TD JS JH JD QS", 0),  # three runs beat three sets
        ("2S 3S 4S 4H 4D 5D 6D 4C 3C 2C", 4),
        ("KS KH KD KC QS QH QD QC JS JH", 10),  # J-Q-KS run + two 3-card sets
    ],
)
def test_hard_cases(text, expected):
    hand = parse_cards(text)
    assert deadwood(hand) == expected
    assert brute_deadwood(hand) == expected


def test_four_card_set_split_to_free_a_run_card():
    hand = parse_cards("7S 7H 7D 7C 5S 6S 8C 9C KD QD")
    split = best_melds(hand)
    # 7S-7H-7D as a set frees 7C for 7-8-9C; 5S 6S KD QD are left
    assert split.deadwood == 31 == brute_deadwood(hand)
    assert parse_cards("7C 8C 9C") in split.melds
    assert len(split.melds[0]) == 3


def test_best_discard():
    hand = parse_cards("AS 2S 3S 7H 7D 7C 9S TS JS KD QC")
    d, card = best_discard(hand)
    assert d == 10
    assert card in (Card(13, "D"), Card(12, "C"))
    # ties prefer the higher card
    d2, card2 = best_discard(parse_cards("AS 2S 3S 7H 7D 7C 9S TS JS 2D KC"))
    assert (d2, card2) == (2, Card(13, "C"))
    # with a set present the slower path gives the same answer as trying every card
    rng = random.Random(3)
    for _ in range(2000):
        hand = rng.sample(DECK, 11)
        d, c = best_discard(hand)
        assert d == min(deadwood([x for x in hand if x is not y]) for y in hand)
        assert deadwood([x for x in hand if x is not c]) == d


def test_set_cards_mask_is_part_of_a_least_deadwood_split():
    from ginrummy_tui.engine.melds import RUN_DW, set_cards_mask

    rng = random.Random(12)
    low = [c for c in DECK if c.rank <= 6]
    for _ in range(3000):
        m = sum(c.bit for c in rng.sample(low if rng.random() < 0.5 else DECK, rng.choice((10, 11))))
        sets = set_cards_mask(m)
        assert sets & m == sets
        for r in range(13):
            n = bin(sets & (0x0008004002001 << r)).count("1")
            assert n in (0, 3, 4)
        rest = m ^ sets
        assert sum(RUN_DW[(rest >> (13 * i)) & 0x1FFF] for i in range(4)) == deadwood_mask(m)


def test_the_run_tables_are_the_best_choice_for_every_suit_mask():
    """RUN_DW and RUN_CHOICE against their definition, for all 8,192 masks: the
    lowest card is deadwood or starts a run of any length the mask holds, and
    on a tie the longer run is chosen."""
    from ginrummy_tui.engine.melds import RUN_CHOICE, RUN_DW

    values = [min(r + 1, 10) for r in range(13)]
    dw = [0] * 8192
    choice = [0] * 8192
    for m in range(1, 8192):
        r = (m & -m).bit_length() - 1
        best, ch = values[r] + dw[m & ~(1 << r)], 0
        k = 1
        while r + k < 13 and m >> (r + k) & 1:
            k += 1
            if k >= 3:
                rest = dw[m & ~(((1 << k) - 1) << r)]
                if rest <= best:
                    best, ch = rest, k
        dw[m], choice[m] = best, ch
    assert RUN_DW == dw
    assert RUN_CHOICE == choice


def test_the_least_deadwood_after_a_throw_is_the_least_of_every_throw():
    """``after_throw_mask`` against the brute-force solver on each throw: random
    and meld-rich hands of 11 cards and of 10 (the lookahead's nine of ten), and
    hands of every count not a multiple of three."""
    from ginrummy_tui.engine import after_throw_mask

    rng = random.Random(14)
    low = [c for c in DECK if c.rank <= 6]
    for n in [11] * 1500 + [10] * 1000 + [1, 2, 4, 5, 7, 8] * 100:
        hand = rng.sample(low if rng.random() < 0.5 else DECK, n)
        m = sum(c.bit for c in hand)
        assert after_throw_mask(m) == min(brute_deadwood([x for x in hand if x is not y]) for y in hand), hand


def test_every_throw_that_leaves_the_least_deadwood_is_found():
    """``least_throws_mask``: the least deadwood a throw leaves and every card whose throw
    leaves it, against the brute-force solver on each throw (hands that can go gin among
    them: their cards are each tried)."""
    from ginrummy_tui.engine import least_throws_mask

    rng = random.Random(15)
    low = [c for c in DECK if c.rank <= 6]
    gins = 0
    for n in [11] * 1500 + [10] * 800 + [4, 5, 7, 8] * 50:
        hand = rng.sample(low if rng.random() < 0.5 else DECK, n)
        left = {c.bit: brute_deadwood([x for x in hand if x is not c]) for c in hand}
        least = min(left.values())
        gins += least == 0
        throws = sum(bit for bit, d in left.items() if d == least)
        assert least_throws_mask(sum(c.bit for c in hand)) == (least, throws), hand
    assert gins > 20
    # all eleven melded (A-4S 5-8H 9-JD): the fourth card of a run goes free, from either end
    both_ends = parse_cards("AS 2S 3S 4S 5H 6H 7H 8H 9D TD JD")
    assert least_throws_mask(sum(c.bit for c in both_ends)) == (0, sum(c.bit for c in parse_cards("AS 4S 5H 8H")))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AS 2S 3S 4S 5H 6H 7H 8H 9D TD JD", 0),  # all melded: the fourth of a run goes free
        ("7S 7H 7D 7C 5S 6S 8C 9C KD QD JC", 31),  # 7S-7H-7D frees 7C for 7-9C; a court card goes
        ("2S 3S 4S 4H 4D 5D 6D 4C 3C 2C KH", 4),  # the king goes, the hand of 4 deadwood stays
    ],
)
def test_the_least_deadwood_after_a_throw_on_hard_hands(text, expected):
    from ginrummy_tui.engine import after_throw_mask

    hand = parse_cards(text)
    assert after_throw_mask(sum(c.bit for c in hand)) == expected
    assert min(brute_deadwood([x for x in hand if x is not y]) for y in hand) == expected
