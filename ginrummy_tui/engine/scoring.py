"""Settling a knocked hand: the knocker's layout, the defender's melds and
layoffs (chained), and the points."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .actions import IllegalAction
from .cards import DECK, Card, cards_of, mask_of
from .kinds import EndKind
from .melds import arrangements, best_melds, deadwood_mask
from .rules import PRESETS, Rules


@dataclass(frozen=True)
class Layoff:
    """A defender's card laid off onto one of the knocker's melds."""

    card: Card
    meld: tuple[Card, ...]


@dataclass(frozen=True)
class KnockResult:
    """The settlement of a knocked hand."""

    kind: EndKind
    """Knock, gin, Big Gin or undercut."""
    winner: str
    """``"knocker"`` or ``"defender"``."""
    points: int
    knocker_deadwood: int
    defender_deadwood: int
    """After layoffs."""
    knocker_melds: tuple[tuple[Card, ...], ...]
    knocker_deadwood_cards: tuple[Card, ...]
    defender_melds: tuple[tuple[Card, ...], ...]
    defender_deadwood_cards: tuple[Card, ...]
    layoffs: tuple[Layoff, ...]
    defender_deadwood_before_layoffs: int


def _layoff_candidates(melds: Sequence[tuple[Card, ...]], defender: int) -> int:
    cand = 0
    for meld in melds:
        if meld[0].rank == meld[-1].rank:  # a set
            if len(meld) == 3:
                suits = {c.suit for c in meld}
                for s in "SHDC":
                    if s not in suits:
                        cand |= Card(meld[0].rank, s).bit & defender
        else:
            lo = min(c.index for c in meld)
            hi = max(c.index for c in meld)
            base = (lo // 13) * 13
            i = lo - 1
            while i >= base and defender >> i & 1:
                cand |= 1 << i
                i -= 1
            i = hi + 1
            while i < base + 13 and defender >> i & 1:
                cand |= 1 << i
                i += 1
    return cand


def _assign_layoffs(melds: Sequence[tuple[Card, ...]], laid: int) -> list[Layoff] | None:
    """Which meld each laid-off card goes onto, or None if some cannot go."""
    out: list[Layoff] = []
    left = laid
    for meld in melds:
        if meld[0].rank == meld[-1].rank:
            if len(meld) == 3:
                for s in "SHDC":
                    c = Card(meld[0].rank, s)
                    if c not in meld and left & c.bit:
                        out.append(Layoff(c, meld))
                        left &= ~c.bit
        else:
            lo = min(c.index for c in meld)
            hi = max(c.index for c in meld)
            base = (lo // 13) * 13
            i = lo - 1
            while i >= base and left >> i & 1:
                out.append(Layoff(DECK[i], meld))
                left &= ~(1 << i)
                i -= 1
            i = hi + 1
            while i < base + 13 and left >> i & 1:
                out.append(Layoff(DECK[i], meld))
                left &= ~(1 << i)
                i += 1
    return None if left else out


def best_defence(
    knocker_melds: Sequence[tuple[Card, ...]], defender_cards: Iterable[Card]
) -> tuple[int, int, list[Layoff]]:
    """The defender's least deadwood against these knocker melds.

    Returns ``(deadwood, laid_off_mask, layoffs)``.  Every subset of the cards
    that could be laid off (chains included) is tried; the defender's own
    melds are re-formed around each choice, so a defender breaks a meld of
    their own when laying its cards off leaves less deadwood.
    """
    d = mask_of(defender_cards)
    cand = _layoff_candidates(knocker_melds, d)
    bits = []
    c = cand
    while c:
        low = c & -c
        bits.append(low)
        c ^= low
    best: tuple[int, int, list[Layoff]] = (deadwood_mask(d), 0, [])
    n = len(bits)
    for sub in range(1, 1 << n):
        laid = 0
        for j in range(n):
            if sub >> j & 1:
                laid |= bits[j]
        dw = deadwood_mask(d & ~laid)
        if dw >= best[0]:
            continue
        lay = _assign_layoffs(knocker_melds, laid)
        if lay is None:
            continue
        best = (dw, laid, lay)
    return best


def score_knock(
    knocker_cards: Iterable[Card],
    defender_cards: Iterable[Card],
    rules: Rules = PRESETS["standard"],
    knock_limit: int | None = None,
) -> KnockResult:
    """Settle a hand knocked with these 10 cards (11 for big gin).

    The knocker's melds are laid out to the knocker's best score against the
    defender's best reply; the defender's melds and layoffs are chosen to
    leave the defender the least deadwood.  ``knock_limit`` overrides the
    rules' limit (Oklahoma sets it per hand).
    """
    kc = tuple(knocker_cards)
    dc = tuple(defender_cards)
    limit = rules.knock_limit if knock_limit is None else knock_limit
    if len(kc) not in (10, 11) or len(dc) != 10:
        raise IllegalAction(f"a knock needs 10 (or 11) knocker cards and 10 defender cards, not {len(kc)} and {len(dc)}")
    if mask_of(kc) & mask_of(dc) or len(set(kc)) != len(kc) or len(set(dc)) != len(dc):
        raise IllegalAction("the same card is in both hands")
    ksplit = best_melds(kc)
    dsplit = best_melds(dc)
    if len(kc) == 11:
        if not rules.big_gin:
            raise IllegalAction("big gin is not allowed under these rules")
        if ksplit.deadwood != 0:
            raise IllegalAction("big gin needs all 11 cards in melds")
        return _gin_result(EndKind.BIG_GIN, rules.big_gin_bonus, ksplit, dsplit)
    if ksplit.deadwood > limit:
        if limit == 0:
            raise IllegalAction(f"you may only go gin, and your deadwood is {ksplit.deadwood}")
        raise IllegalAction(
            f"you cannot knock with {ksplit.deadwood} deadwood: the limit is {limit}"
        )
    if ksplit.deadwood == 0:
        return _gin_result(EndKind.GIN, rules.gin_bonus, ksplit, dsplit)

    best: tuple[int, KnockResult] | None = None
    layouts = [(ksplit.melds, ksplit.deadwood_cards, ksplit.deadwood)]
    layouts += [a for a in arrangements(kc, limit) if set(a[0]) != set(ksplit.melds)]
    for melds, kdead, kdw in layouts:
        ddw, laid, lay = best_defence(melds, dc)
        if ddw < kdw or (ddw == kdw and rules.tie_is_undercut):
            kind, winner, pts = EndKind.UNDERCUT, "defender", rules.undercut_bonus + kdw - ddw
            net = -pts
        else:
            kind, winner, pts = EndKind.KNOCK, "knocker", ddw - kdw
            net = pts
        if best is not None and net <= best[0]:
            continue
        dsplit_after = best_melds(cards_of(mask_of(dc) & ~laid))
        result = KnockResult(
            kind=kind,
            winner=winner,
            points=pts,
            knocker_deadwood=kdw,
            defender_deadwood=ddw,
            knocker_melds=tuple(melds),
            knocker_deadwood_cards=tuple(kdead),
            defender_melds=dsplit_after.melds,
            defender_deadwood_cards=dsplit_after.deadwood_cards,
            layoffs=tuple(lay),
            defender_deadwood_before_layoffs=dsplit.deadwood,
        )
        best = (net, result)
    assert best is not None
    return best[1]


def _gin_result(kind: EndKind, bonus: int, ksplit, dsplit) -> KnockResult:
    return KnockResult(
        kind=kind,
        winner="knocker",
        points=bonus + dsplit.deadwood,
        knocker_deadwood=0,
        defender_deadwood=dsplit.deadwood,
        knocker_melds=ksplit.melds,
        knocker_deadwood_cards=(),
        defender_melds=dsplit.melds,
        defender_deadwood_cards=dsplit.deadwood_cards,
        layoffs=(),
        defender_deadwood_before_layoffs=dsplit.deadwood,
    )
