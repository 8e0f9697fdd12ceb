"""Settling a knocked hand: the knocker's layout, the defender's melds and
layoffs (chained), and the points."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from .actions import IllegalAction
from .cards import DECK, Card, cards_of, mask_of
from .kinds import EndKind
from .melds import all_melds, best_melds, deadwood_mask
from .rules import PRESETS, Rules, Written, WrittenWhenSet


@dataclass(frozen=True)
class Layoff(Written):
    """A defender's card laid off onto one of the knocker's melds."""

    card: Card
    meld: tuple[Card, ...]


@dataclass(frozen=True)
class KnockResult(Written, WrittenWhenSet):
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
    """In the order they are laid: chains outwards from each end of a run."""
    defender_deadwood_before_layoffs: int
    kept_out: tuple[tuple[Card, ...], ...] = ()
    """Melds of the knocker's least-deadwood split left out of the layout
    because that blocks layoffs and scores better (empty when it is laid out)."""
    blocked: tuple[Card, ...] = ()
    """The defender's cards that the least-deadwood layout would have let be laid off, and this one does not."""
    layout_gain: int = 0
    """How much more the knocker scores (or the less the defender) with this layout than with the least-deadwood one,
    before the hand's multiplier (an Oklahoma spade upcard doubles it with the points: :func:`layout_parts`)."""

    @property
    def tie(self) -> bool:
        """A knock the defender matched (equal deadwood after layoffs) where a
        tie is no undercut: it scores nothing, and nobody wins the hand (the
        ``winner`` says "knocker", as the points are the knocker's: none)."""
        return self.kind == EndKind.KNOCK and self.knocker_deadwood == self.defender_deadwood

    WRITTEN_WHEN_SET: ClassVar[tuple[str, ...]] = ("kept_out", "blocked", "layout_gain")
    """The fields added later: a save or a view holds them only when set, so
    that a knock without them reads and writes exactly as before."""


_SUIT_BASE = (0, 13, 26, 39)


def _is_set(meld: Sequence[Card]) -> bool:
    return meld[0].rank == meld[-1].rank


def _chains(melds: Sequence[tuple[Card, ...]], defender: int) -> tuple[list[list[int]], int]:
    """What the defender could lay off onto these melds.

    Returns ``(chains, set_spots)``: for each end of each run, the bits of the
    defender's cards that would extend it one after another (nearest first);
    and the mask of the fourth cards of three-card sets that the defender holds.
    """
    chains: list[list[int]] = []
    spots = 0
    for meld in melds:
        if _is_set(meld):
            if len(meld) == 3:
                suits = {c.suit for c in meld}
                for s in "SHDC":
                    if s not in suits:
                        spots |= Card(meld[0].rank, s).bit & defender
            continue
        lo = min(c.index for c in meld)
        hi = max(c.index for c in meld)
        base = _SUIT_BASE[lo // 13]
        for i, step, stop in ((lo - 1, -1, base - 1), (hi + 1, 1, base + 13)):
            chain = []
            while i != stop and defender >> i & 1:
                chain.append(1 << i)
                i += step
            if chain:
                chains.append(chain)
    return chains, spots


def _layoff_choices(chains: list[list[int]], spots: int) -> set[int]:
    """Every set of cards the defender can lay off: a prefix of each chain
    (two chains may run towards each other in the gap between two runs), and
    any of the fourth cards of sets."""
    choices = {0}
    for chain in chains:
        prefixes = [0]
        m = 0
        for b in chain:
            m |= b
            prefixes.append(m)
        choices = {c | p for c in choices for p in prefixes}
    while spots:
        b = spots & -spots
        spots ^= b
        choices |= {c | b for c in choices}
    return choices


def _layoff_order(melds: Sequence[tuple[Card, ...]], laid: int) -> list[Layoff]:
    """Which meld each laid-off card goes onto, meld by meld, in the order
    they are laid: outwards from each end of a run (so a card that fits a set
    and a run end goes on the run when the chain needs it)."""
    onto: list[list[Card]] = [[] for _ in melds]
    left = laid
    for k, meld in enumerate(melds):
        if _is_set(meld):
            continue
        lo = min(c.index for c in meld)
        hi = max(c.index for c in meld)
        base = _SUIT_BASE[lo // 13]
        for i, step, stop in ((lo - 1, -1, base - 1), (hi + 1, 1, base + 13)):
            while i != stop and left >> i & 1:
                onto[k].append(DECK[i])
                left &= ~(1 << i)
                i += step
    for k, meld in enumerate(melds):
        if _is_set(meld) and len(meld) == 3:
            for s in "SHDC":
                c = Card(meld[0].rank, s)
                if left & c.bit and c not in meld:
                    onto[k].append(c)
                    left &= ~c.bit
    assert not left, "a laid-off card that fits no meld"
    return [Layoff(c, meld) for meld, cards in zip(melds, onto) for c in cards]


def _defence(melds: Sequence[tuple[Card, ...]], d: int, memo: dict[int, int]) -> tuple[int, int]:
    """The defender's least deadwood against these melds: ``(deadwood, laid_off_mask)``.

    ``memo`` maps a laid-off mask to the deadwood of the rest of the hand
    ``d`` (shared between the knocker's layouts).  On equal deadwood the
    defender lays off as little as possible, keeping their own melds.
    """
    chains, spots = _chains(melds, d)
    best = None
    for laid in _layoff_choices(chains, spots):
        dw = memo.get(laid)
        if dw is None:
            dw = memo[laid] = deadwood_mask(d & ~laid)
        key = (dw, laid.bit_count(), laid)
        if best is None or key < best:
            best = key
    assert best is not None
    return best[0], best[2]


def best_defence(
    knocker_melds: Sequence[tuple[Card, ...]], defender_cards: Iterable[Card]
) -> tuple[int, int, list[Layoff]]:
    """The defender's least deadwood against these knocker melds.

    Returns ``(deadwood, laid_off_mask, layoffs)``.  The defender's melds and
    layoffs are chosen together: every set of cards that can be laid off
    (chains on both ends of a run, a set's fourth card) is tried, and the
    defender's own melds are re-formed around each, so a defender breaks a
    meld of their own when laying its cards off leaves less deadwood.
    """
    melds = [tuple(m) for m in knocker_melds]
    dw, laid = _defence(melds, mask_of(defender_cards), {})
    return dw, laid, _layoff_order(melds, laid)


def _layouts(cards: tuple[Card, ...], most: int) -> list[tuple[tuple[tuple[Card, ...], ...], int]]:
    """Every way to lay out disjoint melds from these cards with at most
    ``most`` deadwood, as ``(melds, deadwood)``, least deadwood first.

    Each layout is reached once: the lowest card not yet placed is either
    deadwood or the lowest card of one of the melds that fit in what is left.
    """
    melds = all_melds(cards)
    by_low: dict[int, list[tuple[int, tuple[Card, ...]]]] = {}
    for m in melds:
        mm = mask_of(m)
        by_low.setdefault(mm & -mm, []).append((mm, m))
    value = {c.bit: c.value for c in cards}
    out: list[tuple[tuple[tuple[Card, ...], ...], int]] = []
    chosen: list[tuple[Card, ...]] = []

    def rec(rest: int, dw: int) -> None:
        if not rest:
            out.append((tuple(chosen), dw))
            return
        low = rest & -rest
        for mm, m in by_low.get(low, ()):
            if mm & rest == mm:
                chosen.append(m)
                rec(rest ^ mm, dw)
                chosen.pop()
        dw += value[low]
        if dw <= most:
            rec(rest ^ low, dw)

    rec(mask_of(cards), 0)
    out.sort(key=lambda x: x[1])
    return out


def _meld_sets(melds: Iterable[Iterable[Card]]) -> frozenset[frozenset[Card]]:
    return frozenset(frozenset(m) for m in melds)


def _net(rules: Rules, kdw: int, ddw: int) -> int:
    """The knocker's score for a knock (negative: the defender's undercut): :func:`_terms`'
    knock and undercut in plain arithmetic, as the layout search calls it for every layout."""
    if rules.undercuts(ddw, kdw):
        return -(rules.undercut_bonus + kdw - ddw)
    return ddw - kdw


_Terms = tuple[str, int, int, int | None]
"""A hand's points before any multiplier: ``(bonus name, bonus, deadwood added,
deadwood taken away or None)``; :func:`_terms`."""


def _terms(kind: str, rules: Rules, knocker_deadwood: int, defender_deadwood: int) -> _Terms | None:
    """What a settled hand of this kind scores, term by term (None for a hand
    without points: void, or out of time).  The one place the scoring of a hand
    is written: :func:`score_knock`, :func:`base_points` and :func:`points_worked`
    read it."""
    if kind == EndKind.KNOCK:
        return "", 0, defender_deadwood, knocker_deadwood
    if kind == EndKind.UNDERCUT:
        return "undercut bonus", rules.undercut_bonus, knocker_deadwood, defender_deadwood
    if kind == EndKind.GIN:
        return "gin bonus", rules.gin_bonus, defender_deadwood, None
    if kind == EndKind.BIG_GIN:
        return "Big Gin bonus", rules.big_gin_bonus, defender_deadwood, None
    return None


def _points(terms: _Terms) -> int:
    _name, bonus, added, taken = terms
    return bonus + added - (taken or 0)


def base_points(kind: str, rules: Rules, knocker_deadwood: int, defender_deadwood: int) -> int | None:
    """What a settled hand of this kind scores before any multiplier (None for a
    hand without points: void, or out of time)."""
    terms = _terms(kind, rules, knocker_deadwood, defender_deadwood)
    return None if terms is None else _points(terms)


def multiplier_of(kind: str, rules: Rules, knocker_deadwood: int, defender_deadwood: int, points: int) -> int | None:
    """What a settled hand's ``points`` were multiplied by (2 for an Oklahoma
    hand its spade upcard doubled): the points over the hand's score before
    any multiplier.  None when they do not tell it: a hand without points, or
    points that are not a whole multiple of that score."""
    base = base_points(kind, rules, knocker_deadwood, defender_deadwood)
    if base is None or base < 0 or points < base or (points % base if base else points):
        return None
    return points // base if base else 1


def points_worked(
    kind: str, rules: Rules, knocker_deadwood: int, defender_deadwood: int, multiplier: int = 1
) -> str | None:
    """How a settled hand's points are made up, as the end-of-hand summary and the
    text export tell them: "undercut bonus 25 + 9 − 4", "(gin bonus 25 + 12) × 2"
    with a multiplier (an Oklahoma spade); None for a hand without points."""
    terms = _terms(kind, rules, knocker_deadwood, defender_deadwood)
    if terms is None:
        return None
    name, bonus, added, taken = terms
    how = f"{name} {bonus} + {added}" if name else f"{added}"
    if taken is not None:
        how += f" − {taken}"
    return how if multiplier == 1 else f"({how}) × {multiplier}"


def points_aside(
    kind: str, rules: Rules, knocker_deadwood: int, defender_deadwood: int, multiplier: int = 1
) -> str | None:
    """:func:`points_worked` as said beside the points, in one pair of brackets:
    "(undercut bonus 25 + 9 − 4)", "(undercut bonus 25 + 9 − 4) × 2" (never
    "((undercut bonus 25 + 9 − 4) × 2)"); None for a hand without points."""
    how = points_worked(kind, rules, knocker_deadwood, defender_deadwood, multiplier)
    if how is None:
        return None
    return how if multiplier != 1 else f"({how})"


def _checked(kc: tuple[Card, ...], dc: tuple[Card, ...], rules: Rules, limit: int):
    """The knocker's least-deadwood split, once the hands are checked to make a
    knock, gin or big gin under these rules (else :class:`IllegalAction`)."""
    if len(kc) not in (10, 11) or len(dc) != 10:
        raise IllegalAction(f"a knock needs 10 (or 11) knocker cards and 10 defender cards, not {len(kc)} and {len(dc)}")
    if mask_of(kc) & mask_of(dc) or len(set(kc)) != len(kc) or len(set(dc)) != len(dc):
        raise IllegalAction("the same card is in both hands")
    return _knocker_split(kc, rules, limit)


def _knocker_split(kc: tuple[Card, ...], rules: Rules, limit: int):
    """The knocker's least-deadwood split, once its 10 or 11 distinct cards are
    checked to make a knock, gin or big gin (else :class:`IllegalAction`)."""
    ksplit = best_melds(kc)
    if len(kc) == 11:
        if not rules.big_gin:
            raise IllegalAction("Big Gin is not allowed under these rules")
        if ksplit.deadwood != 0:
            raise IllegalAction("Big Gin needs all 11 cards in melds")
    elif ksplit.deadwood > limit:
        if limit == 0:
            raise IllegalAction(f"you may only go gin, and your deadwood is {ksplit.deadwood}")
        raise IllegalAction(
            f"you cannot knock with {ksplit.deadwood} deadwood: the limit is {limit}"
        )
    return ksplit


_Layout = tuple[tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], int], int, int]
"""A knocker's layout against its best defence: ``((melds, deadwood cards,
deadwood), the defender's deadwood, the defender's laid-off mask)``."""


def _best_layout(kc: tuple[Card, ...], d: int, rules: Rules, limit: int, ksplit) -> tuple[_Layout, _Layout, int]:
    """The knocker's layout that scores best against the defender's hand ``d``
    (a mask) and its best defence, the least-deadwood layout ``ksplit`` and
    its defence, and by how much more the best one scores (its ``_net``)."""
    d_before = deadwood_mask(d)
    memo: dict[int, int] = {}
    first = (ksplit.melds, ksplit.deadwood_cards, ksplit.deadwood)
    first_ddw, first_laid = _defence(first[0], d, memo)
    first_net = best_net = _net(rules, first[2], first_ddw)
    best = (first, first_ddw, first_laid)
    # Another layout can only do better when even without layoffs it would
    # leave the knocker more: that bounds its deadwood.
    most = limit
    while most >= first[2] and _net(rules, most, d_before) <= best_net:
        most -= 1
    if most >= first[2]:
        laid_out = _meld_sets(ksplit.melds)
        for melds, kdw in _layouts(kc, most):  # least deadwood first
            if _net(rules, kdw, d_before) <= best_net:
                break
            if _meld_sets(melds) == laid_out:
                continue
            ddw, laid = _defence(melds, d, memo)
            net = _net(rules, kdw, ddw)
            if net > best_net:
                kdead = tuple(c for c in kc if not any(c in m for m in melds))
                best_net, best = net, ((melds, kdead, kdw), ddw, laid)
    return best, (first, first_ddw, first_laid), best_net - first_net


def score_knock(
    knocker_cards: Iterable[Card],
    defender_cards: Iterable[Card],
    rules: Rules = PRESETS["standard"],
    knock_limit: int | None = None,
) -> KnockResult:
    """Settle a hand knocked with these 10 cards (11 for big gin).

    The defender's melds and layoffs are chosen together to leave the
    defender the least deadwood; the knocker's melds are laid out to the
    knocker's best score against that defence (a meld may be left out when
    that blocks layoffs worth more than its cards).  ``knock_limit``
    overrides the rules' limit (Oklahoma sets it per hand).
    """
    kc = tuple(knocker_cards)
    dc = tuple(defender_cards)
    limit = rules.knock_limit if knock_limit is None else knock_limit
    ksplit = _checked(kc, dc, rules, limit)
    if len(kc) == 11:
        return _gin_result(EndKind.BIG_GIN, rules, ksplit, best_melds(dc))
    if ksplit.deadwood == 0:
        return _gin_result(EndKind.GIN, rules, ksplit, best_melds(dc))

    d = mask_of(dc)
    best, (first, first_ddw, first_laid), gain = _best_layout(kc, d, rules, limit, ksplit)
    (melds, kdead, kdw), ddw, laid = best
    kind, winner = (EndKind.UNDERCUT, "defender") if rules.undercuts(ddw, kdw) else (EndKind.KNOCK, "knocker")
    terms = _terms(kind, rules, kdw, ddw)
    assert terms is not None  # a knock and an undercut score
    pts = _points(terms)
    kept_out: tuple[tuple[Card, ...], ...] = ()
    blocked: tuple[Card, ...] = ()
    if best[0] is not first:
        now = _meld_sets(melds)
        kept_out = tuple(m for m in ksplit.melds if frozenset(m) not in now)
        blocked = cards_of(first_laid & ~laid)
    dsplit_after = best_melds(cards_of(d & ~laid))
    return KnockResult(
        kind=kind,
        winner=winner,
        points=pts,
        knocker_deadwood=kdw,
        defender_deadwood=ddw,
        knocker_melds=tuple(melds),
        knocker_deadwood_cards=tuple(kdead),
        defender_melds=dsplit_after.melds,
        defender_deadwood_cards=dsplit_after.deadwood_cards,
        layoffs=tuple(_layoff_order(melds, laid)),
        defender_deadwood_before_layoffs=deadwood_mask(d),
        kept_out=kept_out,
        blocked=blocked,
        layout_gain=gain,
    )


def knock_score(
    knocker_cards: Iterable[Card],
    defender_cards: Iterable[Card],
    rules: Rules = PRESETS["standard"],
    knock_limit: int | None = None,
) -> tuple[str, int]:
    """The winner (``"knocker"`` or ``"defender"``) and the points of
    :func:`score_knock` on the same hands, without the rest of its result
    (the melds shown, the layoffs in order): for play-outs that need the
    points alone.  Raises as :func:`score_knock` does."""
    kc = tuple(knocker_cards)
    dc = tuple(defender_cards)
    limit = rules.knock_limit if knock_limit is None else knock_limit
    ksplit = _checked(kc, dc, rules, limit)
    if len(kc) == 11 or ksplit.deadwood == 0:
        terms = _terms(EndKind.BIG_GIN if len(kc) == 11 else EndKind.GIN, rules, 0, best_melds(dc).deadwood)
        assert terms is not None  # gin and big gin score
        return "knocker", _points(terms)
    ((_melds, _kdead, kdw), ddw, _laid), _first, _gain = _best_layout(kc, mask_of(dc), rules, limit, ksplit)
    kind, winner = (EndKind.UNDERCUT, "defender") if rules.undercuts(ddw, kdw) else (EndKind.KNOCK, "knocker")
    terms = _terms(kind, rules, kdw, ddw)
    assert terms is not None  # a knock and an undercut score
    return winner, _points(terms)


def knock_settler(
    knocker_cards: Iterable[Card], rules: Rules = PRESETS["standard"], knock_limit: int | None = None
) -> Callable[[int], int]:
    """The points of :func:`score_knock` for these knocker cards against any defender's hand,
    given as a mask of 10 other cards: for play-outs that settle one knock against many
    guessed hands, the knocker's cards are checked and split once.  The points are signed
    for the knocker (negative: the defender's undercut).  Raises as :func:`score_knock` does
    for the knocker's cards now, and for a defender's hand when it is settled."""
    kc = tuple(knocker_cards)
    k = mask_of(kc)
    limit = rules.knock_limit if knock_limit is None else knock_limit
    if len(kc) not in (10, 11) or len(set(kc)) != len(kc):
        raise IllegalAction(f"a knock needs 10 (or 11) different knocker cards, not {len(kc)}")
    ksplit = _knocker_split(kc, rules, limit)

    def defender(d: int) -> None:
        if d.bit_count() != 10 or d & k:
            _checked(kc, cards_of(d), rules, limit)  # raises, saying why

    if len(kc) == 11 or ksplit.deadwood == 0:
        kind = EndKind.BIG_GIN if len(kc) == 11 else EndKind.GIN

        def gin(d: int) -> int:
            defender(d)
            terms = _terms(kind, rules, 0, deadwood_mask(d))
            assert terms is not None  # gin and big gin score
            return _points(terms)

        return gin

    def knock(d: int) -> int:
        defender(d)
        ((_melds, _kdead, kdw), ddw, _laid), _first, _gain = _best_layout(kc, d, rules, limit, ksplit)
        return _net(rules, kdw, ddw)

    return knock


LayoutPart = str | tuple[Card, ...]
"""A piece of :func:`layout_parts`: words, or cards to show as cards."""


def layout_parts(knock: KnockResult, multiplier: int = 1) -> list[LayoutPart] | None:
    """Why the knocker's layout is not the least-deadwood split, as words and
    groups of cards (for a screen to colour), or None when it is.

    E.g. ``[(A♠, 2♠, 3♠), " kept out of melds: it stops ", (4♠, 5♠),
    " being laid off (+3)"]``.  The gain is said in the points the hand
    scores: ``multiplier`` times the knock's own (an Oklahoma spade upcard
    doubles it: "(+6)" for a layout 3 better before the doubling).
    """
    if not knock.kept_out:
        return None
    out = {c for m in knock.kept_out for c in m}
    instead = [tuple(m) for m in knock.knocker_melds if out & set(m)]
    parts: list[LayoutPart] = []
    if instead:  # some of those cards are melded another way
        parts += _joined(instead)
        parts.append(" laid out instead of ")
        parts += _joined(knock.kept_out)
    else:
        parts += _joined(knock.kept_out)
        parts.append(" kept out of melds")
    if knock.blocked:
        parts += [": it stops ", tuple(knock.blocked), " being laid off"]
    else:
        parts.append(": it leaves less to lay off")
    parts.append(f" (+{knock.layout_gain * multiplier})")
    return parts


def _joined(melds: Iterable[Iterable[Card]]) -> list[LayoutPart]:
    parts: list[LayoutPart] = []
    for i, meld in enumerate(melds):
        if i:
            parts.append(" and ")
        parts.append(tuple(meld))
    return parts


def layout_note(knock: KnockResult, name: Callable[[Card], str] = str, multiplier: int = 1) -> str | None:
    """:func:`layout_parts` as one line of text, each card written by ``name``."""
    parts = layout_parts(knock, multiplier)
    if parts is None:
        return None
    return "".join(p if isinstance(p, str) else " ".join(name(c) for c in p) for p in parts)


def _gin_result(kind: EndKind, rules: Rules, ksplit, dsplit) -> KnockResult:
    terms = _terms(kind, rules, 0, dsplit.deadwood)
    assert terms is not None  # gin and big gin score
    return KnockResult(
        kind=kind,
        winner="knocker",
        points=_points(terms),
        knocker_deadwood=0,
        defender_deadwood=dsplit.deadwood,
        knocker_melds=ksplit.melds,
        knocker_deadwood_cards=(),
        defender_melds=dsplit.melds,
        defender_deadwood_cards=dsplit.deadwood_cards,
        layoffs=(),
        defender_deadwood_before_layoffs=dsplit.deadwood,
    )
