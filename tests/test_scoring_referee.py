"""score_knock against the brute-force referee of tests/bruteforce.py, on
random knocks weighted towards hands where layoffs compete: sets and runs
sharing ranks, long runs, four of a kind, defenders holding the cards next
to the knocker's melds (and melds of their own through them)."""

from __future__ import annotations

import random

import pytest

from ginrummy_tui.engine import DECK, PRESETS, Card, deadwood, is_meld, score_knock

from .bruteforce import _brute_deadwood, brute_defence, brute_knock

STANDARD = PRESETS["standard"]
CHUNKS = 20
PER_CHUNK = 1000  # 20,000 knocks in all


def _meld_near(rng: random.Random, ranks: range, suits: str) -> list[Card]:
    if rng.random() < 0.45:
        rank = rng.choice(ranks)
        k = 4 if rng.random() < 0.25 else 3
        return [Card(rank, s) for s in rng.sample("SHDC", k)]
    k = rng.choice((3, 3, 4, 5, 6, 7))
    lo = min(max(1, rng.choice(ranks) - rng.randint(0, k - 1)), 14 - k)
    suit = rng.choice(suits)
    return [Card(r, suit) for r in range(lo, lo + k)]


def _neighbours(knocker: set[Card]) -> list[Card]:
    """Cards that could go onto (or next to) the knocker's cards."""
    out = set()
    for c in knocker:
        for d in (-3, -2, -1, 1, 2, 3):
            if 1 <= c.rank + d <= 13:
                out.add(Card(c.rank + d, c.suit))
        for s in "SHDC":
            out.add(Card(c.rank, s))
    return sorted(out - knocker, key=lambda c: c.index)


def _set_beside_run(rng: random.Random) -> tuple[set[Card], set[Card]]:
    """A knocker's set of three and run of the missing suit next to it, and
    the defender's cards that could go on either: the set's fourth card is
    also the next card of the run, with more of the chain beyond it."""
    rank = rng.randint(2, 12)
    suit = rng.choice("SHDC")
    k = rng.randint(3, 4)
    up = rng.random() < 0.5
    ranks = range(rank + 1, rank + 1 + k) if up else range(rank - k, rank)
    ranks = [r for r in ranks if 1 <= r <= 13]
    knocker = {Card(rank, s) for s in "SHDC" if s != suit}
    if len(ranks) >= 3:
        knocker |= {Card(r, suit) for r in ranks}
    step = -1 if up else 1
    beyond = [Card(r, suit) for r in (rank + step, rank + 2 * step) if 1 <= r <= 13]
    defender = {Card(rank, suit)} | set(beyond[: rng.randint(0, 2)])
    return knocker, defender


def random_knock(rng: random.Random):
    """``(knocker, defender, rules, knock_limit)`` for a legal knock."""
    roll = rng.random()
    if roll < 0.1:
        rules = STANDARD.with_options(tie_is_undercut=False)
    elif roll < 0.2:
        rules = PRESETS["classic"]  # undercut 10
    else:
        rules = STANDARD
    limit = rules.knock_limit if rng.random() < 0.8 else rng.randint(1, 10)
    while True:
        lo = rng.randint(1, 10)
        ranks = range(lo, lo + rng.randint(3, 4))
        suits = "".join(rng.sample("SHDC", rng.randint(2, 4)))
        knocker: set[Card] = set()
        extra: set[Card] = set()
        if rng.random() < 0.35:
            knocker, extra = _set_beside_run(rng)
        for _ in range(rng.choice((2, 3, 3, 4))):
            meld = _meld_near(rng, ranks, suits)
            if not (knocker | extra) & set(meld) and len(knocker) + len(meld) <= 10:
                knocker.update(meld)
        free = [c for c in DECK if c not in knocker and c not in extra]
        low = [c for c in free if c.rank <= 5]
        while len(knocker) < 10:
            knocker.add(rng.choice(low if rng.random() < 0.7 else free))
        if deadwood(knocker) <= limit and (deadwood(knocker) > 0 or rng.random() < 0.05):
            break
    near = _neighbours(knocker)
    defender = extra | set(rng.sample(near, min(len(near), rng.randint(2, 9))))
    if rng.random() < 0.4:  # a meld of the defender's own through those cards
        defender.update(c for c in _meld_near(rng, ranks, suits) if c not in knocker)
    defender = set(rng.sample(sorted(defender, key=lambda c: c.index), min(10, len(defender))))
    rest = [c for c in DECK if c not in knocker and c not in defender]
    defender.update(rng.sample(rest, 10 - len(defender)))
    return tuple(knocker), tuple(defender), rules, limit


def check(knocker, defender, rules=STANDARD, limit=None) -> None:
    """score_knock agrees with the referee, and what it lays out is legal and adds up."""
    r = score_knock(knocker, defender, rules, knock_limit=limit)
    case = (" ".join(map(str, knocker)), " ".join(map(str, defender)), rules.name, limit)
    assert (r.kind, r.winner, r.points) == brute_knock(knocker, defender, rules, limit), case
    # the knocker's layout: melds and deadwood, every card once
    placed = [c for m in r.knocker_melds for c in m] + list(r.knocker_deadwood_cards)
    assert sorted(placed, key=lambda c: c.index) == sorted(knocker, key=lambda c: c.index), case
    assert all(is_meld(m) for m in r.knocker_melds), case
    assert sum(c.value for c in r.knocker_deadwood_cards) == r.knocker_deadwood, case
    if r.kind in ("gin", "big_gin"):
        assert r.layoffs == () and r.defender_deadwood == _brute_deadwood(frozenset(defender)), case
        return
    # the layoffs, laid one at a time in the order given, each onto a meld as grown so far
    grown = {m: set(m) for m in r.knocker_melds}
    laid = set()
    for lo in r.layoffs:
        assert lo.meld in grown and lo.card in defender and lo.card not in laid, case
        assert is_meld(grown[lo.meld] | {lo.card}), case
        grown[lo.meld].add(lo.card)
        laid.add(lo.card)
    # the defender's own melds and deadwood are the rest of their hand
    placed = [c for m in r.defender_melds for c in m] + list(r.defender_deadwood_cards)
    assert sorted(placed, key=lambda c: c.index) == sorted(set(defender) - laid, key=lambda c: c.index), case
    assert all(is_meld(m) for m in r.defender_melds), case
    assert sum(c.value for c in r.defender_deadwood_cards) == r.defender_deadwood, case
    # ... and the best the defender could do against this layout
    assert r.defender_deadwood == brute_defence(r.knocker_melds, defender), case
    assert r.defender_deadwood_before_layoffs == _brute_deadwood(frozenset(defender)), case


def _competes(knocker, defender) -> bool:
    """Whether a defender's card fits both a set of the knocker's (as its
    fourth card) and the end of a run of the knocker's."""
    ks = set(knocker)
    for c in defender:
        in_set = sum(Card(c.rank, s) in ks for s in "SHDC") == 3
        ends = [Card(c.rank + d, c.suit) for d in (-1, 1) if 1 <= c.rank + d <= 13]
        by_run = any(
            e in ks and Card(e.rank + (e.rank - c.rank), e.suit) in ks
            for e in ends
            if 1 <= e.rank + (e.rank - c.rank) <= 13
        )
        if in_set and by_run:
            return True
    return False


def test_the_generator_makes_competing_layoffs():
    """The random knocks are the kind that matter: layoffs that compete for a place."""
    rng = random.Random(0)
    sample = [random_knock(rng) for _ in range(1000)]
    with_layoffs = sum(bool(score_knock(k, d, r, knock_limit=lim).layoffs) for k, d, r, lim in sample)
    competing = sum(_competes(k, d) for k, d, _, _ in sample)
    four = sum(any(sum(c.rank == r for c in k) == 4 for r in range(1, 14)) for k, _, _, _ in sample)
    long_run = sum(
        any(all(Card(r + i, s) in k for i in range(5)) for r in range(1, 10) for s in "SHDC") for k, _, _, _ in sample
    )
    assert with_layoffs > 450 and competing > 250 and four > 150 and long_run > 250, (with_layoffs, competing, four, long_run)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_score_knock_matches_the_referee(chunk: int) -> None:
    rng = random.Random(1200 + chunk)
    for _ in range(PER_CHUNK):
        check(*random_knock(rng))
    _brute_deadwood.cache_clear()


@pytest.mark.parametrize(
    "knocker, defender",
    [
        ("2S 2H 2C 3D 4D 5D 9S 9H 9C AC", "AD 2D 7S 8S 6H KH KS KD QC JC"),  # the example of issue 12
        ("6S 6H 6D 7C 8C 9C AS AH AD 2S", "6C 5C KS KH QD JD 9S 9H TD 4H"),
        ("3S 4S 5S 9S TS JS AH AD AC 2C", "6S 8S KH KD QC QD JH JD 9H 9D"),
    ],
)
def test_hand_made_shapes_match_the_referee(knocker, defender):
    from ginrummy_tui.engine import parse_cards

    check(parse_cards(knocker), parse_cards(defender))


def test_knock_score_gives_the_winner_and_points_of_score_knock():
    from ginrummy_tui.engine import IllegalAction, knock_score, parse_cards

    rng = random.Random(77)
    kinds = set()
    for _ in range(3000):
        k, d, rules, limit = random_knock(rng)
        r = score_knock(k, d, rules, knock_limit=limit)
        kinds.add(r.kind)
        assert knock_score(k, d, rules, knock_limit=limit) == (r.winner, r.points)
    assert kinds == {"knock", "undercut", "gin"}
    big = parse_cards("AS 2S 3S 4S 5S 7H 7D 7C KH KD KC"), parse_cards("9S TS JS 2H 4H 6D 8D JC QH 3C")
    multi = PRESETS["multiplayer-1.5"]
    assert knock_score(*big, multi) == ("knocker", score_knock(*big, multi).points) == ("knocker", 31 + 43)
    for args in ((*big, STANDARD), (big[0][:10], big[1], STANDARD, 0), (big[0][1:], big[1][:9] + big[0][1:2])):
        with pytest.raises(IllegalAction) as raised:
            score_knock(*args)
        with pytest.raises(IllegalAction, match=str(raised.value)):
            knock_score(*args)
