"""The deadwood solver.

How it works (see also ``docs/architecture.md``):

* A hand is a 52-bit mask, 13 bits per suit (see :mod:`.cards`).
* ``RUN_DW[m]`` is precomputed for every 13-bit suit mask ``m``: the least
  deadwood of those cards of one suit when only *runs* may be formed.  The
  mask falls into blocks of consecutive cards; a block of three or more is one
  run (every card melded), and a card of a shorter block can be in no run.  So
  ``RUN_DW[m]`` is ``RUN_DW`` of the mask without its lowest block, plus that
  block's values when it is shorter than three.
* Sets only matter for ranks held in three or four suits.  A bit trick finds
  those ranks; when there are none (most hands) the answer is the sum of four
  table look-ups.  Otherwise the choices of sets for those ranks (none, the
  four-card set, or each three-card set) that can be best are tried (see
  :func:`_with_sets`), and each choice costs four look-ups.
* Nothing is cached: a call on a hand never seen costs about what a
  dictionary look-up in front of the solver would (``benchmarks/solver.py``),
  and the solver holds no memory between calls.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import reduce
from itertools import combinations, product
from operator import xor

from .cards import DECK, Card, cards_of, mask_of

SUIT_MASK = 0x1FFF
_VALUES = [min(r + 1, 10) for r in range(13)]


def _build_tables() -> tuple[list[int], list[int]]:
    dw = [0] * 8192
    choice = [0] * 8192  # 0: the lowest card is deadwood; k >= 3: a run of k from it
    for m in range(1, 8192):
        low = m & -m
        x = m // low
        block = ((x + 1) & ~x) - 1  # the cards held consecutively from the lowest one up, shifted down
        if block > 6:  # three or more: one run of the whole block
            dw[m] = dw[m ^ (block * low)]
            choice[m] = block.bit_length()
        else:  # the lowest card is in no run
            dw[m] = _VALUES[low.bit_length() - 1] + dw[m ^ low]
    return dw, choice


RUN_DW, RUN_CHOICE = _build_tables()


def _build_top() -> tuple[list[int], list[int]]:
    """``RUN_TOP[m]``: the count of the highest card of the 13-bit suit mask ``m``
    left out of its runs by ``RUN_DW``'s split (0 when every card is in a run);
    ``RUN_TOP_CARDS[m]``: the cards of ``m`` left out that count as much."""
    top = [0] * 8192
    cards = [0] * 8192
    for m in range(1, 8192):
        low = m & -m
        x = m // low
        block = ((x + 1) & ~x) - 1
        if block > 6:
            top[m] = top[m ^ (block * low)]
            cards[m] = cards[m ^ (block * low)]
        else:
            v = _VALUES[low.bit_length() - 1]
            t = top[m ^ low]
            top[m] = v if v > t else t
            cards[m] = (low if v == top[m] else 0) | (cards[m ^ low] if t == top[m] else 0)
    return top, cards


RUN_TOP, RUN_TOP_CARDS = _build_top()

_COLUMN = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""Times the bit of a rank in the first suit: the mask of that rank in all four suits."""
_STARTS = 0x7FF * _COLUMN
"""Ranks ace to jack in each suit: where a run of three can start."""


def _set_options(rank: int, s0: int, s1: int, s2: int, s3: int) -> list[tuple[int, int, int, int]]:
    """For a rank held in >= 3 suits: per-suit removal bits for each choice."""
    b = 1 << rank
    held = [bool(s & b) for s in (s0, s1, s2, s3)]
    opts = [(0, 0, 0, 0)]
    suits = [i for i in range(4) if held[i]]
    if len(suits) == 4:
        opts.append((b, b, b, b))
    for trio in combinations(suits, 3):
        opts.append((b if 0 in trio else 0, b if 1 in trio else 0, b if 2 in trio else 0, b if 3 in trio else 0))
    return opts


def _set_choices(mask: int, trip: int) -> tuple[int, list[tuple[int, ...]]]:
    """The choices of sets of a hand holding some rank in three or four suits:
    the hand less the sets taken at once, and per rank with a choice, the cards
    each choice takes out of the hand.

    ``trip`` has the bit (in the first suit's 13 bits) of each such rank.  A
    card *can run* when it lies in three consecutive cards of its suit in the
    hand; a card that cannot run is in a set or deadwood.  So, per rank: if no
    card of it can run, the set is taken at once (no choice); otherwise the
    choices are no set (only when two or more of its cards can run; with one,
    the three others as a set are better), the whole set, and each three-card
    set that leaves out a card that can run.
    """
    t = mask & (mask >> 1) & (mask >> 2) & _STARTS
    can_run = t | (t << 1) | (t << 2)
    rest = mask
    choices: list[tuple[int, ...]] = []
    while trip:
        low = trip & -trip
        trip ^= low
        held = mask & (low * _COLUMN)
        live = held & can_run
        if not live:
            rest ^= held
        elif held.bit_count() == 3:
            choices.append((held, 0))
        else:
            opts = [held]
            x = live
            while x:
                b = x & -x
                x ^= b
                opts.append(held ^ b)
            if live & (live - 1):
                opts.append(0)
            choices.append(tuple(opts))
    return rest, choices


def _with_sets(mask: int, trip: int) -> int:
    """The least deadwood of a hand holding some rank in three or four suits
    (the choices of :func:`_set_choices`); each combination costs four table
    look-ups."""
    rest, choices = _set_choices(mask, trip)
    T = RUN_DW
    if not choices:
        return T[rest & 0x1FFF] + T[(rest >> 13) & 0x1FFF] + T[(rest >> 26) & 0x1FFF] + T[rest >> 39]
    best = 1 << 30
    if len(choices) == 1:
        for r in choices[0]:
            x = rest ^ r
            v = T[x & 0x1FFF] + T[(x >> 13) & 0x1FFF] + T[(x >> 26) & 0x1FFF] + T[x >> 39]
            if v < best:
                best = v
        return best
    if len(choices) == 2:
        second = choices[1]
        for r in choices[0]:
            y = rest ^ r
            for r2 in second:
                x = y ^ r2
                v = T[x & 0x1FFF] + T[(x >> 13) & 0x1FFF] + T[(x >> 26) & 0x1FFF] + T[x >> 39]
                if v < best:
                    best = v
        return best
    for combo in product(*choices):
        x = rest
        for r in combo:
            x ^= r
        v = T[x & 0x1FFF] + T[(x >> 13) & 0x1FFF] + T[(x >> 26) & 0x1FFF] + T[x >> 39]
        if v < best:
            best = v
    return best


def deadwood_mask(mask: int) -> int:
    """The least deadwood of the cards in a 52-bit mask."""
    s0 = mask & 0x1FFF
    s1 = (mask >> 13) & 0x1FFF
    s2 = (mask >> 26) & 0x1FFF
    s3 = mask >> 39
    trip = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not trip:
        return RUN_DW[s0] + RUN_DW[s1] + RUN_DW[s2] + RUN_DW[s3]
    return _with_sets(mask, trip)


def _set_takes(mask: int) -> tuple[int, Iterable[int]]:
    """The hand less the sets taken at once, and the cards each combination of the
    choices of sets that can be best (:func:`_set_choices`) takes out of it."""
    s0 = mask & 0x1FFF
    s1 = (mask >> 13) & 0x1FFF
    s2 = (mask >> 26) & 0x1FFF
    s3 = mask >> 39
    trip = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not trip:
        return mask, (0,)
    rest, choices = _set_choices(mask, trip)
    if not choices:
        return rest, (0,)
    if len(choices) == 1:
        return rest, choices[0]
    return rest, [reduce(xor, combo) for combo in product(*choices)]


def after_throw_mask(mask: int) -> int:
    """The least deadwood left by throwing one card of a hand of 10 or 11 cards
    (any count not a multiple of three): ``min(deadwood_mask(mask ^ b))`` over
    its cards ``b``, in about the time of one :func:`deadwood_mask` call.

    Each split of the hand into melds and unmelded cards *U* leaves, after the
    throw of the highest card of *U*, ``sum(U) - max(U)``; every throw's best
    split is one of these, and a hand with no unmelded card holds a meld of
    four or more (its count is no multiple of three), one of whose cards goes
    with no cost.  ``sum(U) - max(U)`` never falls as cards are added to *U*,
    so the splits :func:`deadwood_mask` passes over (a card of a block of three
    or more left out of its run, a set it does not try) are never better, and
    the same splits are tried, each with the highest unmelded card of each
    suit (``RUN_TOP``) beside its deadwood.
    """
    T = RUN_DW
    U = RUN_TOP
    rest, taken = _set_takes(mask)
    best = 1 << 30
    for r in taken:
        x = rest ^ r
        a = x & 0x1FFF
        b = (x >> 13) & 0x1FFF
        c = (x >> 26) & 0x1FFF
        d = x >> 39
        top = U[a]
        u = U[b]
        if u > top:
            top = u
        u = U[c]
        if u > top:
            top = u
        u = U[d]
        if u > top:
            top = u
        v = T[a] + T[b] + T[c] + T[d] - top
        if v < best:
            best = v
    return best


def least_throws_mask(mask: int) -> tuple[int, int]:
    """The least deadwood a throw from a hand of 10 or 11 cards leaves (as
    :func:`after_throw_mask`) and the mask of every card whose throw leaves it.

    With some deadwood left, those cards are the highest unmelded ones of the
    splits that leave the least: a throw that leaves the least is the highest
    unmelded card of a split of the whole hand that does (count the card in
    with the rest's best split), and any split with more unmelded cards than
    another of the same melds leaves more.  With none left (a hand that can
    go gin) each card is tried.
    """
    T = RUN_DW
    U = RUN_TOP
    C = RUN_TOP_CARDS
    rest, taken = _set_takes(mask)
    best = 1 << 30
    throws = 0
    for r in taken:
        x = rest ^ r
        a = x & 0x1FFF
        b = (x >> 13) & 0x1FFF
        c = (x >> 26) & 0x1FFF
        d = x >> 39
        ua, ub, uc, ud = U[a], U[b], U[c], U[d]
        top = ua
        if ub > top:
            top = ub
        if uc > top:
            top = uc
        if ud > top:
            top = ud
        v = T[a] + T[b] + T[c] + T[d] - top
        if v > best:
            continue
        cards = (
            (C[a] if ua == top else 0)
            | (C[b] << 13 if ub == top else 0)
            | (C[c] << 26 if uc == top else 0)
            | (C[d] << 39 if ud == top else 0)
        )
        if v < best:
            best, throws = v, cards
        else:
            throws |= cards
    if best == 0:
        throws = 0
        x = mask
        while x:
            low = x & -x
            x ^= low
            if not deadwood_mask(mask ^ low):
                throws |= low
    return best, throws


TENS = sum(((1 << r) * _COLUMN) for r in range(9, 13))
"""The cards counting 10: the tens and the court cards."""


def first_by_count(mask: int) -> int:
    """The card (bit) of a non-empty mask with the highest count and, of one count,
    the highest index: where the throws that leave the least deadwood go first."""
    x = mask & TENS
    if x:
        return 1 << (x.bit_length() - 1)
    for r in range(8, -1, -1):
        x = mask & (_COLUMN << r)
        if x:
            return 1 << (x.bit_length() - 1)
    raise ValueError("no cards")


def set_cards_mask(mask: int) -> int:
    """The cards in sets in one least-deadwood split of the hand (a 52-bit
    mask); the rest of the hand is split by runs alone (``RUN_CHOICE``)."""
    s0 = mask & 0x1FFF
    s1 = (mask >> 13) & 0x1FFF
    s2 = (mask >> 26) & 0x1FFF
    s3 = mask >> 39
    trip = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not trip:
        return 0
    choices: list[tuple[int, ...]] = []
    while trip:
        low = trip & -trip
        trip ^= low
        held = mask & (low * _COLUMN)
        opts = [0, held]
        if held.bit_count() == 4:
            x = held
            while x:
                b = x & -x
                x ^= b
                opts.append(held ^ b)
        choices.append(tuple(opts))
    T = RUN_DW
    best = 1 << 30
    best_sets = 0
    for combo in product(*choices):
        r = 0
        for c in combo:
            r |= c
        x = mask ^ r
        v = T[x & 0x1FFF] + T[(x >> 13) & 0x1FFF] + T[(x >> 26) & 0x1FFF] + T[x >> 39]
        if v < best:
            best, best_sets = v, r
    return best_sets


def deadwood(cards: Iterable[Card]) -> int:
    """The least deadwood of exactly these cards (all count; no discard)."""
    m = 0
    for c in cards:
        m |= c.bit
    s0 = m & 0x1FFF
    s1 = (m >> 13) & 0x1FFF
    s2 = (m >> 26) & 0x1FFF
    s3 = m >> 39
    trip = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not trip:
        return RUN_DW[s0] + RUN_DW[s1] + RUN_DW[s2] + RUN_DW[s3]
    return _with_sets(m, trip)


def best_discard(cards: Iterable[Card]) -> tuple[int, Card]:
    """The discard that leaves the least deadwood: ``(deadwood, card)``.

    Ties go to the highest-value card, then the highest index.
    """
    m = 0
    for c in cards:
        m |= c.bit
    if not m:
        raise ValueError("no cards")
    s = ((m & 0x1FFF), (m >> 13) & 0x1FFF, (m >> 26) & 0x1FFF, m >> 39)
    s0, s1, s2, s3 = s
    trip = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    T = RUN_DW
    best_d = 1 << 30
    best_i = -1
    if not trip:
        # Removing one card changes only its own suit's look-up.
        base = T[s0] + T[s1] + T[s2] + T[s3]
        for si in (3, 2, 1, 0):
            sm = s[si]
            rest_of_base = base - T[sm]
            while sm:
                top = sm.bit_length() - 1
                b = 1 << top
                sm ^= b
                d = rest_of_base + T[s[si] ^ b]
                # prefer the highest value, then the highest index
                if d < best_d or (d == best_d and _better(si * 13 + top, best_i)):
                    best_d = d
                    best_i = si * 13 + top
        return best_d, DECK[best_i]
    rest = m
    while rest:
        low = rest & -rest
        rest ^= low
        i = low.bit_length() - 1
        d = deadwood_mask(m ^ low)
        if d < best_d or (d == best_d and _better(i, best_i)):
            best_d = d
            best_i = i
    return best_d, DECK[best_i]


def _better(i: int, j: int) -> bool:
    """Whether card index ``i`` is a better discard than ``j`` on equal deadwood."""
    if j < 0:
        return True
    vi = _VALUES[i % 13]
    vj = _VALUES[j % 13]
    return vi > vj or (vi == vj and i > j)


@dataclass(frozen=True)
class MeldSplit:
    """A hand split into melds and deadwood."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood_cards: tuple[Card, ...]
    deadwood: int

    @property
    def melded(self) -> frozenset[Card]:
        return frozenset(c for m in self.melds for c in m)


def _runs_of_suit(m: int, suit: int) -> tuple[list[tuple[Card, ...]], int]:
    """Reconstruct the runs chosen by the table for one suit mask."""
    runs = []
    dead = 0
    while m:
        low = m & -m
        r = low.bit_length() - 1
        k = RUN_CHOICE[m]
        if k == 0:
            dead |= low
            m ^= low
        else:
            run = ((1 << k) - 1) << r
            runs.append(tuple(DECK[suit * 13 + r + i] for i in range(k)))
            m &= ~run
    return runs, dead


def best_melds(cards: Iterable[Card]) -> MeldSplit:
    """The split of these cards that leaves the least deadwood.

    Deterministic: among equal splits, the one with the fewest sets is taken
    (the set choices are tried in a fixed order and the first best kept).
    """
    mask = mask_of(cards)
    s = [(mask >> (13 * i)) & SUIT_MASK for i in range(4)]
    s0, s1, s2, s3 = s
    trip = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    ranks = []
    t = trip
    while t:
        low = t & -t
        ranks.append(low.bit_length() - 1)
        t ^= low
    best_key = None
    best_combo: tuple = ()
    for combo in product(*(_set_options(r, s0, s1, s2, s3) for r in ranks)):
        rem = [0, 0, 0, 0]
        for opt in combo:
            for i in range(4):
                rem[i] |= opt[i]
        v = sum(RUN_DW[s[i] & ~rem[i]] for i in range(4))
        if best_key is None or v < best_key:
            best_key = v
            best_combo = combo
    melds: list[tuple[Card, ...]] = []
    rem = [0, 0, 0, 0]
    for r, opt in zip(ranks, best_combo):
        if any(opt):
            melds.append(tuple(DECK[i * 13 + r] for i in range(4) if opt[i]))
            for i in range(4):
                rem[i] |= opt[i]
    dead_mask = 0
    for i in range(4):
        runs, dead = _runs_of_suit(s[i] & ~rem[i], i)
        melds.extend(runs)
        dead_mask |= dead << (13 * i)
    dead_cards = cards_of(dead_mask)
    melds.sort(key=lambda m: (m[0].rank, m[0].index))
    return MeldSplit(tuple(melds), dead_cards, sum(c.value for c in dead_cards))


def is_meld(cards: Iterable[Card]) -> bool:
    """True for a set of 3-4 cards of one rank or a run of 3+ of one suit."""
    cs = sorted(cards, key=lambda c: c.index)
    if len(cs) < 3:
        return False
    if len({c.rank for c in cs}) == 1:
        return len(cs) <= 4
    if len({c.suit for c in cs}) != 1:
        return False
    return all(b.rank == a.rank + 1 for a, b in zip(cs, cs[1:]))


def all_melds(cards: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every meld (set or run, of any length) that these cards can form."""
    cs = set(cards)
    out: list[tuple[Card, ...]] = []
    by_rank: dict[int, list[Card]] = {}
    for c in cs:
        by_rank.setdefault(c.rank, []).append(c)
    for r in sorted(by_rank):
        group = sorted(by_rank[r], key=lambda c: c.index)
        for k in (3, 4):
            for combo in combinations(group, k):
                out.append(tuple(combo))
    for suit in "SHDC":
        for start in range(1, 12):
            run: list[Card] = []
            for rank in range(start, 14):
                c = Card(rank, suit)
                if c not in cs:
                    break
                run.append(c)
                if len(run) >= 3:
                    out.append(tuple(run))
    return out


def arrangements(cards: Iterable[Card], max_deadwood: int | None = None):
    """Yield every way to lay out disjoint melds from these cards.

    Each item is ``(melds, deadwood_cards, deadwood)``.  With ``max_deadwood``
    only arrangements at or under it are yielded.
    """
    cs = tuple(cards)
    melds = all_melds(cs)
    masks = [mask_of(m) for m in melds]
    total = mask_of(cs)

    def rec(i: int, used: int, chosen: list[int]):
        if i == len(melds):
            dead = cards_of(total & ~used)
            dw = sum(c.value for c in dead)
            if max_deadwood is None or dw <= max_deadwood:
                yield tuple(melds[j] for j in chosen), dead, dw
            return
        if not (masks[i] & used):
            chosen.append(i)
            yield from rec(i + 1, used | masks[i], chosen)
            chosen.pop()
        yield from rec(i + 1, used, chosen)

    yield from rec(0, 0, [])
