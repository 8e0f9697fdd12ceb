"""Slow, obviously-correct referees used to check the fast engine code.

Nothing here is clever: every split, layout and layoff sequence is tried.
Only cards that could share a meld with a card (its rank or its suit) are
looked at when forming that card's meld, which changes nothing but the time.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations


def _is_meld(cards) -> bool:
    """3 or 4 cards of one rank, or 3 or more of one suit in sequence."""
    if len(cards) < 3:
        return False
    first = next(iter(cards))
    if all(c.rank == first.rank for c in cards):
        return len(cards) <= 4
    if any(c.suit != first.suit for c in cards):
        return False
    rs = sorted(c.rank for c in cards)
    return all(b == a + 1 for a, b in zip(rs, rs[1:]))


def _splits(cards):
    """Every split of the cards into melds and deadwood: ``(melds, deadwood_cards)``.

    The first card is either deadwood or in a meld with some of the others."""
    if not cards:
        yield (), ()
        return
    first, rest = cards[0], cards[1:]
    for melds, dead in _splits(rest):
        yield melds, (first,) + dead
    mates = [c for c in rest if c.rank == first.rank or c.suit == first.suit]
    for k in range(2, len(mates) + 1):
        for others in combinations(mates, k):
            group = (first,) + others
            if _is_meld(group):
                left = tuple(c for c in rest if c not in others)
                for melds, dead in _splits(left):
                    yield (group,) + melds, dead


def _value(cards) -> int:
    return sum(min(c.rank, 10) for c in cards)


def brute_deadwood(cards) -> int:
    """Least deadwood over every split of the cards into melds and deadwood."""
    return _brute_deadwood(frozenset(cards))


@lru_cache(maxsize=500_000)
def _brute_deadwood(cards: frozenset) -> int:
    """The lowest card is either deadwood or in a meld with some of the others."""
    if not cards:
        return 0
    first = min(cards, key=lambda c: (c.suit, c.rank))
    rest = cards - {first}
    best = min(first.rank, 10) + _brute_deadwood(rest)
    mates = [c for c in rest if c.rank == first.rank or c.suit == first.suit]
    for k in range(2, len(mates) + 1):
        for others in combinations(mates, k):
            if _is_meld((first,) + others):
                best = min(best, _brute_deadwood(rest.difference(others)))
    return best


def brute_defence(knocker_melds, defender) -> int:
    """The defender's least deadwood against these melds of the knocker's:
    every sequence of layoffs (one card at a time onto a meld, as grown so
    far, as long as it stays a meld), then every split of what is left."""
    return _brute_defence(frozenset(frozenset(m) for m in knocker_melds), frozenset(defender))


@lru_cache(maxsize=50_000)
def _brute_defence(knocker_melds: frozenset, defender: frozenset) -> int:
    start = (tuple(knocker_melds), defender)
    seen = {start}
    todo = [start]
    best = None
    while todo:
        melds, hand = todo.pop()
        dw = _brute_deadwood(hand)
        best = dw if best is None else min(best, dw)
        for card in hand:
            for i, meld in enumerate(melds):
                one = next(iter(meld))  # a card sharing neither rank nor suit with it cannot join
                if (card.rank == one.rank or card.suit == one.suit) and _is_meld(tuple(meld | {card})):
                    nxt = (melds[:i] + (meld | {card},) + melds[i + 1 :], hand - {card})
                    if nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
    assert best is not None
    return best


def brute_knock(knocker, defender, rules, knock_limit=None) -> tuple[str, str, int]:
    """``(kind, winner, points)`` of a knock: the knocker lays out whichever
    melds score best against the defender's best defence to that layout."""
    knocker = tuple(sorted(knocker, key=lambda c: (c.suit, c.rank)))
    limit = rules.knock_limit if knock_limit is None else knock_limit
    best = None
    for melds, dead in _splits(knocker):
        kdw = _value(dead)
        if kdw > limit:
            continue
        if kdw == 0:
            outcome = ("gin", "knocker", rules.gin_bonus + brute_deadwood(defender))
        else:
            ddw = brute_defence(melds, defender)
            if ddw < kdw or (ddw == kdw and rules.tie_is_undercut):
                outcome = ("undercut", "defender", rules.undercut_bonus + kdw - ddw)
            else:
                outcome = ("knock", "knocker", ddw - kdw)
        net = outcome[2] if outcome[1] == "knocker" else -outcome[2]
        if best is None or net > best[0]:
            best = (net, outcome)
    assert best is not None, "no layout within the knock limit"
    return best[1]
