"""A slow, obviously-correct deadwood solver used to check the fast one."""

from __future__ import annotations

from itertools import combinations


def _is_meld(cards) -> bool:
    if len(cards) < 3:
        return False
    ranks = {c.rank for c in cards}
    suits = {c.suit for c in cards}
    if len(ranks) == 1:
        return len(cards) <= 4
    if len(suits) != 1:
        return False
    rs = sorted(c.rank for c in cards)
    return all(b == a + 1 for a, b in zip(rs, rs[1:]))


def brute_deadwood(cards) -> int:
    """Least deadwood over every partition: the first card is either deadwood
    or in some meld with other remaining cards."""
    cards = tuple(cards)
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = min(first.rank, 10) + brute_deadwood(rest)
    for k in range(2, min(len(rest), 12) + 1):
        for others in combinations(rest, k):
            group = (first,) + others
            if _is_meld(group):
                left = tuple(c for c in rest if c not in others)
                best = min(best, brute_deadwood(left))
    return best
