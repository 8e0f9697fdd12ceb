"""Settling a knock: layoffs (chained), undercuts, gin, big gin, arrangement choice."""

import pytest

from ginrummy_tui.engine import PRESETS, IllegalAction, Rules, parse_cards, score_knock

P = parse_cards


def laid(result):
    return {str(lo.card) for lo in result.layoffs}


def test_seed_example_undercut_8_vs_5_scores_28():
    knocker = P("AS 2S 3S 7H 7D 7C 9C TC JC 8D")  # 8 deadwood
    defender = P("4S 5S 7S QC KC 2H 3H 4H 4D AD")
    r = score_knock(knocker, defender)
    assert r.knocker_deadwood == 8
    assert r.defender_deadwood == 5
    assert laid(r) == {"4S", "5S", "7S", "QC", "KC"}
    assert (r.kind, r.winner, r.points) == ("undercut", "defender", 28)


def test_tie_is_an_undercut():
    knocker = P("AS 2S 3S 7H 7D 7C 9C TC JC 5D")  # 5
    defender = P("KH KD KS QH QD QS JH JD JS 5H")  # 5
    r = score_knock(knocker, defender)
    assert r.knocker_deadwood == r.defender_deadwood == 5
    assert (r.kind, r.winner, r.points) == ("undercut", "defender", 25)
    no_tie = score_knock(knocker, defender, Rules().with_options(tie_is_undercut=False))
    assert (no_tie.kind, no_tie.winner, no_tie.points) == ("knock", "knocker", 0)


def test_knock_scores_the_difference():
    knocker = P("AS 2S 3S 7H 7D 7C 9C TC JC 2D")  # 2
    defender = P("KH KD 5S 6H 8D 9S 4C 3H QS JH")
    r = score_knock(knocker, defender)
    assert r.layoffs == ()
    assert (r.kind, r.winner) == ("knock", "knocker")
    assert r.points == r.defender_deadwood - 2 == 10 + 10 + 5 + 6 + 8 + 9 + 4 + 3 + 10 + 10 - 2


def test_gin_scores_25_plus_defender_deadwood_and_allows_no_layoffs():
    knocker = P("AS 2S 3S 7H 7D 7C 9C TC JC QC")
    defender = P("4S 5S 7S KC 8C 2H 3H 4H 4D AD")  # all of these could be laid off on a knock
    r = score_knock(knocker, defender)
    assert r.kind == "gin" and r.winner == "knocker"
    assert r.layoffs == ()
    assert r.defender_deadwood == r.defender_deadwood_before_layoffs
    assert r.points == 25 + r.defender_deadwood


def test_big_gin_in_multiplayer_preset():
    knocker = P("AS 2S 3S 7H 7D 7C 9C TC JC QC KC")
    defender = P("4S 5S 7S KD 8C 2H 3H 4H 4D AD")
    rules = PRESETS["multiplayer-1.5"]
    r = score_knock(knocker, defender, rules)
    assert r.kind == "big_gin"
    assert r.points == 31 + r.defender_deadwood
    with pytest.raises(IllegalAction, match="Big Gin is not allowed"):
        score_knock(knocker, defender, PRESETS["standard"])


def test_chained_layoffs_on_both_ends_of_a_run():
    knocker = P("5S 6S 7S KH KD KC 2H 2D 2C AD")
    defender = P("3S 4S 8S 9S TS QH QD 9H 6D 6C")
    r = score_knock(knocker, defender)
    assert laid(r) >= {"3S", "4S"}
    # 8S 9S TS is a run of the defender's own, or laid off: either way no deadwood from them
    assert r.defender_deadwood == 10 + 10 + 9 + 6 + 6
    only_far = score_knock(knocker, P("4S 8S 9S JS QH QD 9H 6D 6C 3H"))
    # 4S and 8S go on directly, 9S chains after 8S; JS cannot (TS is missing)
    assert laid(only_far) == {"4S", "8S", "9S"}


def test_fourth_card_onto_a_set():
    knocker = P("9S 9H 9D AS 2S 3S 5C 6C 7C AH")
    defender = P("9C KH KD 4H 6D 8H 2H JC QS TH")
    r = score_knock(knocker, defender)
    assert "9C" in laid(r)
    assert "4S" not in laid(r)
    (lo,) = [x for x in r.layoffs if str(x.card) == "9C"]
    assert set(lo.meld) == set(P("9S 9H 9D"))


def test_defender_breaks_their_own_meld_to_lay_off_better():
    knocker = P("8H 9H TH 2S 2D 2C AS AD AC 3C")  # 3 deadwood
    defender = P("5H 6H 7H 5S 5D KS KC QD JD JS")
    r = score_knock(knocker, defender)
    # keeping 5-6-7H leaves 5S 5D; laying 7H 6H off and setting the fives leaves neither
    assert laid(r) == {"7H", "6H"}
    assert P("5H 5S 5D") in [tuple(sorted(m, key=lambda c: c.index)) for m in r.defender_melds] or any(
        set(m) == set(P("5S 5H 5D")) for m in r.defender_melds
    )
    assert r.defender_deadwood == 10 * 5


def test_defender_cannot_form_melds_with_knocker_cards():
    # 5S 6S in the defender's hand would make a run with the knocker's 7S, but that is not allowed:
    # only extending the knocker's melds is (and 7S is in a set there).
    knocker = P("7S 7H 7D AC 2C 3C JH QH KH 2D")
    defender = P("5S 6S 8S 9D TD 4C 5D 6D 3H 3S")
    r = score_knock(knocker, defender)
    assert not ({"5S", "6S", "8S"} & laid(r))
    assert "4C" in laid(r)


def test_knocker_lays_out_melds_to_the_best_score():
    knocker = P("2C 3C 4C 2H 2S 7D 8D 9D TD AS")
    # as a run, 2-3-4C leaves 2H 2S (5 deadwood) and takes the defender's 5C then 6C (11);
    # as a set, the twos leave 3C 4C (8) and take only 2D (2): 6 points better
    defender = P("5C 6C 2D KH KD QS JH 9H 8S 3H")
    r = score_knock(knocker, defender)
    assert r.knocker_deadwood == 8
    assert any(set(m) == set(P("2C 2H 2S")) for m in r.knocker_melds)
    assert laid(r) == {"2D"}
    assert [set(m) for m in r.kept_out] == [set(P("2C 3C 4C"))]
    assert set(r.blocked) == set(P("5C 6C")) and r.layout_gain == 6


def test_knock_over_the_limit_is_refused():
    with pytest.raises(IllegalAction, match="limit is 10"):
        score_knock(P("AS 2S 3S 7H 7D 7C 9C TC KD QC"), P("4S 5S 7S KC 8C 2H 3H 4H 4D AD"))
    with pytest.raises(IllegalAction, match="only go gin"):
        score_knock(P("AS 2S 3S 7H 7D 7C 9C TC JC AC"), P("4S 5S 7S KC 8C 2H 3H 4H 4D AD"), knock_limit=0)


def test_cards_in_both_hands_are_refused():
    with pytest.raises(IllegalAction, match="both hands"):
        score_knock(P("AS 2S 3S 7H 7D 7C 9C TC JC AC"), P("AS 5S 7S KC 8C 2H 3H 4H 4D AD"))


# ---------------------------------------------------------------- competing layoffs


def test_issue_example_layoffs_chain_on_the_run_rather_than_the_set():
    # 2D could go on the set of twos, but then AD has nowhere to go; A-2D extend 3-4-5D
    knocker = P("2S 2H 2C 3D 4D 5D 9S 9H 9C AC")
    defender = P("AD 2D 7S 8S 6H KH KS KD QC JC")
    r = score_knock(knocker, defender)
    assert r.knocker_deadwood == 1
    assert r.defender_deadwood == 41
    assert [str(lo.card) for lo in r.layoffs] == ["2D", "AD"]
    assert all(set(lo.meld) == set(P("3D 4D 5D")) for lo in r.layoffs)
    assert (r.kind, r.winner, r.points) == ("knock", "knocker", 40)


def test_a_card_that_fits_a_set_and_a_run_end_goes_where_the_chain_needs_it():
    # 6C fits the sixes and 7-8-9C; only on the run can 5C follow it
    knocker = P("6S 6H 6D 7C 8C 9C AS AH AD 2S")
    defender = P("6C 5C KS KH QD JD 9S 9H TD 4H")
    r = score_knock(knocker, defender)
    assert [(str(lo.card), len(set(lo.meld) & set(P("7C 8C 9C")))) for lo in r.layoffs] == [("6C", 3), ("5C", 3)]
    assert r.defender_deadwood == 10 + 10 + 9 + 9 + 4  # K K 9 9 4; Q-J-10D is a run


def test_layoffs_are_listed_as_chains_outwards_from_each_end():
    knocker = P("6C 7C 8C AS AH AD 2S 2H 2D 3S")
    defender = P("5C 4C 9C TC KS KH QD JD 9S 7H")
    r = score_knock(knocker, defender)
    assert [str(lo.card) for lo in r.layoffs] == ["5C", "4C", "9C", "TC"]


def test_two_runs_of_a_suit_share_the_gap_between_them():
    # 6S and 8S: one goes up from 3-4-5S, the other down from 9-TS-JS; 7S is not the defender's
    knocker = P("3S 4S 5S 9S TS JS AH AD AC 2C")
    defender = P("6S 8S KH KD QC QD JH JD 9H 9D")
    r = score_knock(knocker, defender)
    assert {str(lo.card) for lo in r.layoffs} == {"6S", "8S"}
    (six,) = [lo for lo in r.layoffs if str(lo.card) == "6S"]
    (eight,) = [lo for lo in r.layoffs if str(lo.card) == "8S"]
    assert set(six.meld) == set(P("3S 4S 5S")) and set(eight.meld) == set(P("9S TS JS"))


def test_knocker_keeps_a_meld_out_when_that_blocks_layoffs_and_says_so():
    knocker = P("AS 2S 3S 7H 7D 7C 9C TC JC 2D")  # deadwood 2 with A-2-3S laid out
    defender = P("4S 5S KH KD QS JH 8H 6D 3C 9H")  # 75; 4S 5S would go onto A-2-3S
    r = score_knock(knocker, defender)
    # laid out: 75 - 9 - 2 = 64; kept out: 75 - 8 = 67
    assert (r.kind, r.points, r.knocker_deadwood, r.defender_deadwood) == ("knock", 67, 8, 75)
    assert set(r.knocker_deadwood_cards) == set(P("AS 2S 3S 2D"))
    assert r.layoffs == ()
    assert [set(m) for m in r.kept_out] == [set(P("AS 2S 3S"))]
    assert set(r.blocked) == set(P("4S 5S"))
    assert r.layout_gain == 3


def test_a_layout_of_least_deadwood_explains_nothing():
    r = score_knock(P("AS 2S 3S 7H 7D 7C 9C TC JC 2D"), P("4S 5S 6S KD QS JH 8H 6D 3C 9H"))
    # 4-5-6S is the defender's own run: keeping A-2-3S out would block nothing
    assert r.knocker_deadwood == 2
    assert (r.kept_out, r.blocked, r.layout_gain) == ((), (), 0)


def test_the_layout_is_explained_in_one_line():
    from ginrummy_tui.engine import layout_note

    r = score_knock(P("AS 2S 3S 7H 7D 7C 9C TC JC 2D"), P("4S 5S KH KD QS JH 8H 6D 3C 9H"))
    assert layout_note(r) == "AS 2S 3S kept out of melds: it stops 4S 5S being laid off (+3)"
    r = score_knock(P("2C 3C 4C 2H 2S 7D 8D 9D TD AS"), P("5C 6C 2D KH KD QS JH 9H 8S 3H"))
    assert layout_note(r) == "2S 2H 2C laid out instead of 2C 3C 4C: it stops 5C 6C being laid off (+6)"
    assert layout_note(score_knock(P("AS 2S 3S 7H 7D 7C 9C TC JC 2D"), P("KS KH KD QS JH 8H 6D 3C 9H 4D"))) is None


def test_the_rule_sheet_states_the_layout_rule():
    assert any("laid out shorter" in line and "block a layoff" in line for line in Rules().describe())


def test_a_knock_settled_against_many_hands_scores_as_score_knock():
    """``knock_settler`` splits the knocker's cards once and settles the knock against
    each defender's hand as ``score_knock`` does (signed for the knocker), and refuses
    what ``score_knock`` refuses."""
    import random

    from ginrummy_tui.engine import DECK, deadwood, knock_settler, mask_of
    from ginrummy_tui.engine.kinds import EndKind

    rng = random.Random(8)
    low = [c for c in DECK if c.rank <= 7]
    kinds = set()
    settled = 0
    while settled < 400:
        kc = rng.sample(low, 10)
        if deadwood(kc) > 10:
            continue
        settle = knock_settler(kc, PRESETS["standard"])
        for _ in range(3):
            dc = rng.sample([c for c in (low if settled % 2 else DECK) if c not in kc], 10)
            r = score_knock(kc, dc, PRESETS["standard"])
            assert settle(mask_of(dc)) == (r.points if r.winner == "knocker" else -r.points)
            kinds.add(r.kind)
            settled += 1
    assert {EndKind.KNOCK, EndKind.UNDERCUT, EndKind.GIN} <= kinds
    high = parse_cards("KS QH JD 9C 8S 7H 5D 4C 3S 2H")
    with pytest.raises(IllegalAction, match="cannot knock"):
        knock_settler(high, PRESETS["standard"])
    settle = knock_settler(parse_cards("AS 2S 3S 4H 5H 6H 7D 8D 9D KC"), PRESETS["standard"])
    with pytest.raises(IllegalAction, match="same card"):
        settle(mask_of(parse_cards("AS QH JD 9C 8S 7H 5D 4C 3C 2H")))


def test_a_layout_that_blocks_a_layoff_keeps_the_knockers_deadwood_within_the_limit():
    """Laid out 5♠6♠7♠ with 4♠ kept back, this knock would stop 3♠ 2♠ being laid off and
    score 66, but leave 12 deadwood, over the limit of 10 it was made with: the whole run
    is laid out (65), as docs/rules.md and the rule sheet say; a limit of 12 allows it."""
    knocker = P("4S 5S 6S 7S 9H 9D 9C 5D 2H AC")  # deadwood 8
    defender = P("2S 3S JH JD QS QC 8D KC 5C TH")  # 78, no melds
    r = score_knock(knocker, defender)
    assert (r.kind, r.points, r.knocker_deadwood, r.defender_deadwood) == ("knock", 65, 8, 73)
    assert laid(r) == {"2S", "3S"} and r.kept_out == ()
    wide = score_knock(knocker, defender, knock_limit=12)
    assert (wide.points, wide.knocker_deadwood, wide.defender_deadwood) == (66, 12, 78)
    assert laid(wide) == set() and set(wide.blocked) == set(P("2S 3S"))
