"""The expert opponent.

It reads the hand's public history to know which cards are still unseen and
what the opponent holds, took, threw and refused, and plays by scoring each
choice with a few fast estimates (``docs/ai.md`` describes it in full):

* **Hand worth**: the expected deadwood of a 10-card hand after one more draw
  from the stock and the best throw back (:meth:`ExpertOpponent.lookahead`),
  over the unseen cards weighted by their chance of being in the stock; for
  the few best throws, after two more draws (:meth:`ExpertOpponent.lookahead2`).
* **Danger** of a discard: a weight for how likely the opponent can meld it, from the
  cards it is known to hold and from how likely each unseen card is in its
  hand (less likely next to the cards it threw or refused, or above its last
  throw; more likely next to the cards it picked up).
* **Draw**: the discard pile's top card is taken (or the upcard accepted)
  when it makes gin, or when the best hand it gives is worth more than what
  a blind draw from the stock is expected to give.
* **Knock**: gin whenever it can; with a low hand it lies in wait to undercut
  an opponent who knocks with more deadwood (:func:`wait_threshold`), except
  on its last turn before the hand would be void or when a knock wins the
  match; otherwise it knocks at once.
* **End of the stock**: with no draw left for itself it plays only for a low
  count and a safe throw.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ginrummy_tui.engine import (
    Action,
    Card,
    PlayerView,
    after_throw_mask,
    deadwood_mask,
    first_by_count,
    least_throws_mask,
)
from ginrummy_tui.engine.cards import DECK
from ginrummy_tui.engine.kinds import EndKind, Kind

from .common import find, hand_mask, turn_actions

if TYPE_CHECKING:
    import random

FULL = (1 << 52) - 1

# For every card: the mask of cards that can share a meld with it (same rank,
# or same suit within two ranks), and the pairs of cards that complete a meld
# of three with it.
NEAR: list[int] = []
MELD_PAIRS: list[tuple[tuple[int, int], ...]] = []
for _c in DECK:
    _near = 0
    _pairs = []
    _same = [x for x in DECK if x.rank == _c.rank and x is not _c]
    for x in _same:
        _near |= x.bit
    for i in range(len(_same)):
        for j in range(i + 1, len(_same)):
            _pairs.append((_same[i].bit, _same[j].bit))
    _suit = [x for x in DECK if x.suit == _c.suit]
    for dr in (-2, -1, 1, 2):
        r = _c.rank + dr
        if 1 <= r <= 13:
            _near |= _suit[r - 1].bit
    for lo, hi in ((-2, -1), (-1, 1), (1, 2)):
        if 1 <= _c.rank + lo and _c.rank + hi <= 13:
            _pairs.append((_suit[_c.rank + lo - 1].bit, _suit[_c.rank + hi - 1].bit))
    NEAR.append(_near)
    MELD_PAIRS.append(tuple(_pairs))

# For every card: the mask of the other three cards of its rank, and the
# masks of the two other cards of each run of three that holds it.
SAME_RANK: list[int] = []
RUN_PAIRS: list[tuple[int, ...]] = []
for _c in DECK:
    _same_mask = sum(x.bit for x in DECK if x.rank == _c.rank and x is not _c)
    SAME_RANK.append(_same_mask)
    RUN_PAIRS.append(tuple(a | b for a, b in MELD_PAIRS[_c.index] if not (a | b) & _same_mask))


@dataclass(frozen=True)
class Params:
    """The expert's weights (tuned with ``gin-tui sim``)."""

    danger: float = 6.0
    """Cost, in deadwood points, of a discard the opponent surely melds."""
    late_danger: float = 2.0
    """Factor on ``danger`` when the opponent may draw but this seat will not."""
    related: float = 0.4
    """Factor on the chance the opponent holds a card that melds with one it threw or refused."""
    refused_pair: float = 0.1
    """Factor on a pair the opponent did not hold when it threw or refused a card that melds with it."""
    high_loose: float = 0.3
    """Factor on the chance the opponent holds a card worth more than its last throw."""
    partner: float = 1.5
    """Factor on the chance the opponent holds a card that melds with one it picked up."""
    picked_sure: float = 0.0
    """How sure it is that a card the opponent picked up and still holds is
    in a meld when only runs (fewer than two other cards of its rank can be
    in the opponent's hand) or only sets are left for it: the chance given,
    at least, to the cards such a meld needs, shared among the melds left by
    their weights (see :meth:`_Context.sure_cards`); 0 reads nothing more.
    0 for the opponents: 0.8 was not measured to play better
    (``docs/ai.md``)."""
    stock_weights: bool = True
    """Weigh the unseen cards by the chance that they are in the stock."""
    horizon: float = 1.0
    """How many draws' worth of the one-draw expected gain a hand is credited with."""
    second: float = 1.0
    """Weight of the second draw's expected gain (a two-draw lookahead on the best few throws)."""
    shortlist: int = 3
    """How many throws get the two-draw lookahead."""
    stock_gain: float = 0.7
    """How much of a blind draw's expected gain a further draw is worth."""
    knock_bonus: float = 12.0
    """Extra cost of a hand whose deadwood is above the knock limit."""
    gin_bonus: float = 5.0
    """Extra worth of a hand with no deadwood."""
    defend: float = 0.0
    """Factor on the estimated chance that the opponent knocks next turn, which
    shifts the hand's worth towards its deadwood now."""
    match_chance: float = 0.0
    """Above 0: knock (rather than lie in wait) whenever the chance that the
    knock now wins the match, over guessed hands of the opponent, is at least
    this.  0 for the opponents (their figures were measured without it: they
    count a knock as winning the match only within 10 points of the target);
    the hints and the review use 0.8 (:func:`ginrummy_tui.ai.hints.hint_expert`)."""
    match_samples: int = 60
    """Guessed opponent hands for that chance (and for what a knock is
    expected to score, which the hints give)."""
    last_knock_min: float | None = None
    """With a value: on its last turn before the hand would be void, knock
    only when the knock is expected to score at least this over guessed hands
    of the opponent (else throw without knocking: the hand is then void unless
    the opponent ends it on its own last turn).  None for the opponents, which
    knock then whatever (as measured); the hints and the review use 0."""
    box: bool = False
    """Count the rules' box bonus (``Rules.box_bonus``, to the winner of each
    hand, added at the match's end) in what a knock is expected to score:
    False for the opponents, which play for the match (won without its
    boxes); True for the hints and the review, whose figures are the hand's
    points to the final total (:func:`ginrummy_tui.ai.hints.hint_expert`)."""
    wait_margin: float = 4.0
    """Where taking the discard leaves a hand that lies in wait, what each
    point of deadwood under the knock limit counts for besides itself, in
    the take's worth and the blind draw's alike (:meth:`ExpertOpponent._shape`):
    the margin that undercuts a knock (0: just the point; 2 and 4 measured,
    4 the better, ``docs/ai.md``)."""
    wait_below: float = 11.0
    """The most deadwood with which it lies in wait instead of knocking (see
    :func:`wait_threshold`, which lowers it against an opponent who knocks with
    little deadwood)."""


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


class _Context:
    """What the expert knows in one decision."""

    __slots__ = ("unseen", "n_unseen", "opp_known", "p_opp", "rel", "draws_left", "no_pairs", "high", "v1", "unseen_cards", "wsum", "partners", "q", "sure", "sure_mask", "params", "margin")

    def __init__(self, view: PlayerView, params: Params) -> None:
        mine = hand_mask(view.hand)
        pile = hand_mask(view.discard)
        known = hand_mask(view.opponent_known)
        self.opp_known = known
        self.unseen = FULL & ~(mine | pile | known)
        self.n_unseen = bin(self.unseen).count("1")
        self.unseen_cards = [(b, DECK[b.bit_length() - 1].value, 1.0) for b in _bits(self.unseen)]
        self.wsum = float(self.n_unseen)
        opp_unknown = max(0, view.opponent_hand_size - len(view.opponent_known))
        self.p_opp = opp_unknown / self.n_unseen if self.n_unseen else 0.0
        # cards next to what the opponent threw or refused: less likely in its hand
        rel = 0
        no_pairs: set[int] = set()
        last_value = None
        throws = 0
        for c, threw in _thrown_or_refused(view):
            throws += threw
            rel |= NEAR[c.index]
            for a, b in MELD_PAIRS[c.index]:
                no_pairs.add(a | b)
            if threw:
                last_value = c.value
        self.rel = rel & self.unseen & ~known
        partners = 0
        for c in view.opponent_known:
            partners |= NEAR[c.index]
        self.partners = partners & self.unseen
        self.no_pairs = no_pairs
        high = 0
        if last_value is not None:
            for low in _bits(self.unseen & ~known):
                if DECK[low.bit_length() - 1].value > last_value:
                    high |= low
        self.high = high
        # the chance that the opponent ends the hand on its next turn: low
        # throws mean low deadwood; it grows as the hand goes on
        if last_value is None:
            q = 0.02
        elif last_value >= 10:
            q = 0.03
        elif last_value == 9:
            q = 0.07
        elif last_value == 8:
            q = 0.12
        else:
            q = 0.2
        self.q = min(0.5, (q + 0.01 * throws) * params.defend)
        self.draws_left = 0
        self.v1: dict[int, float] = {}
        self.params = params
        self.margin = 0.0
        self.sure: dict[int, float] = {}
        self.sure_mask = 0
        if params.picked_sure > 0 and known:
            self.sure_cards(view, params.picked_sure)

    def weight(self, bit: int) -> float:
        """The chance that the opponent holds ``bit``, before
        :meth:`sure_cards` (see :meth:`ExpertOpponent._p_holds`)."""
        if self.opp_known & bit:
            return 1.0
        if not self.unseen & bit:
            return 0.0
        params = self.params
        p = self.p_opp
        if self.rel & bit:
            p *= params.related
        if self.high & bit:
            p *= params.high_loose
        if self.partners & bit:
            p *= params.partner
        return p if p < 0.95 else 0.95

    def sure_cards(self, view: PlayerView, sure: float) -> None:
        """Each card the opponent picked up and still holds is in a meld, by
        the chance ``sure``.  When no set of it can be in its hand (fewer than
        two other cards of its rank are unseen or known to be there) the meld
        is a run; when no run can, a set.  The melds of three left for it are
        weighed by the product of their cards' chances (:meth:`weight`), and
        each card they need is held by at least ``sure`` times the share of the
        melds it is in: a single run left makes its two cards near-certain."""
        possible = self.unseen | self.opp_known
        for c in view.opponent_known:
            i = c.index
            same = SAME_RANK[i] & possible
            if same.bit_count() >= 2:
                if any(m & possible == m for m in RUN_PAIRS[i]):
                    continue  # a set or a run: nothing more read
                mates = list(_bits(same))
                shapes = [a | b for k, a in enumerate(mates) for b in mates[k + 1 :]]
            else:
                shapes = [m for m in RUN_PAIRS[i] if m & possible == m]
            if not shapes:
                continue  # no meld of three left for it: held for some other reason
            weights = []
            total = 0.0
            for m in shapes:
                w = 1.0
                for b in _bits(m):
                    w *= self.weight(b)
                weights.append(w)
                total += w
            if total <= 0.0:
                continue
            share: dict[int, float] = {}
            for m, w in zip(shapes, weights, strict=True):
                for b in _bits(m & ~self.opp_known):
                    share[b] = share.get(b, 0.0) + sure * w / total
            for b, p in share.items():
                if p > self.sure.get(b, 0.0):
                    self.sure[b] = p
                    self.sure_mask |= b


def _thrown_or_refused(view: PlayerView) -> list[tuple[Card, bool]]:
    """Cards the opponent discarded (True), passed or left on the discard pile (False) this hand."""
    opp = 1 - view.seat
    out: list[tuple[Card, bool]] = []
    pile: list[Card | None] = []
    started = False
    for m in view.history:
        kind = m.action.kind
        if not started:
            started = True
            if kind in (Kind.TAKE_UPCARD, Kind.PASS, Kind.DRAW_DISCARD):
                pile = [m.card]
            else:
                pile = [None]
        if kind == Kind.PASS:
            if m.seat == opp and m.card is not None:
                out.append((m.card, False))
        elif kind in (Kind.TAKE_UPCARD, Kind.DRAW_DISCARD):
            if pile:
                pile.pop()
        elif kind == Kind.DRAW_STOCK:
            if m.seat == opp and pile and pile[-1] is not None:
                out.append((pile[-1], False))
        elif m.card is not None:  # discard / knock / gin
            pile.append(m.card)
            if m.seat == opp:
                out.append((m.card, True))
    return out


def _draws_left(view: PlayerView, drawn: bool = False) -> int:
    """How many more draws this seat can still make this hand (at most 2 counted).

    Before its draw (``drawn`` false) the draw of this turn is not counted: what
    is counted is what follows the throw that will end this turn."""
    stock = view.stock_size - (0 if drawn else 1)
    void = view.rules.void_stock
    if stock >= void + 4:
        return 2
    if stock >= void + 2:
        return 1
    return 0


class ExpertOpponent:
    """The expert computer opponent (see the module text and ``docs/ai.md``)."""

    level = "expert"

    def __init__(self, seed: int | None = None, params: Params | None = None) -> None:
        self.seed = seed
        self.params = params or Params()

    # ------------------------------------------------------------ estimates

    def _p_holds(self, ctx: _Context, bit: int) -> float:
        """The chance that the opponent holds ``bit``: :meth:`_Context.weight`,
        raised to what :meth:`_Context.sure_cards` reads from its pick-ups."""
        p = ctx.weight(bit)
        if ctx.sure_mask & bit:
            s = ctx.sure[bit]
            if s > p:
                p = s if s < 0.95 else 0.95
        return p

    def _weigh_unseen(self, ctx: _Context) -> None:
        """Weigh each unseen card by the chance that it is in the stock (not in the opponent's hand)."""
        if not self.params.stock_weights:
            return
        cards = []
        total = 0.0
        for b, v, _ in ctx.unseen_cards:
            w = 1.0 - self._p_holds(ctx, b)
            cards.append((b, v, w))
            total += w
        if total > 0:
            ctx.unseen_cards = cards
            ctx.wsum = total

    def danger(self, ctx: _Context, card: Card) -> float:
        """How much the opponent is reckoned to meld ``card`` (0..1): the sum,
        over the pairs of cards that make a meld with it, of the products of
        their weights, a weight for the throw (``Params.danger``), not a
        chance (the hints count one, ``ginrummy_tui.ai.hints.meld_chances``)."""
        total = 0.0
        for a, b in MELD_PAIRS[card.index]:
            pa = self._p_holds(ctx, a)
            if pa:
                pb = self._p_holds(ctx, b)
                if pb:
                    if (a | b) in ctx.no_pairs:
                        total += pa * pb * self.params.refused_pair
                    else:
                        total += pa * pb
        return total if total < 1.0 else 1.0

    def lookahead(self, ctx: _Context, mask10: int, limit: int) -> float:
        """Expected worth (deadwood, plus the knock and gin terms) of a 10-card
        hand after one more draw from the unseen cards and the best throw back."""
        got = ctx.v1.get(mask10)
        if got is not None:
            return got
        v = self._lookahead(ctx, mask10, limit)
        ctx.v1[mask10] = v
        return v

    def _lookahead(self, ctx: _Context, mask10: int, limit: int) -> float:
        now = deadwood_mask(mask10)
        k = self.params.knock_bonus
        g = self.params.gin_bonus
        if not ctx.n_unseen:
            return self._shape(limit, ctx.margin)(now)
        u = ctx.margin
        after = after_throw_mask
        # the least deadwood of nine of the ten cards: a card drawn that melds
        # with none of them is thrown, or kept in place of the best card to go
        best9 = after(mask10)
        near = 0
        for b in _bits(mask10):
            near |= NEAR[b.bit_length() - 1]
        total = 0.0
        for low, value, w in ctx.unseen_cards:
            if near & low:
                # the best throw of the eleven cards, the drawn one among them
                best = after(mask10 | low)
            else:
                v = best9 + value
                best = v if v < now else now
            if best == 0:
                total -= (g + u * limit) * w
            elif best > limit:
                total += (best + k) * w
            else:
                total += (best - u * (limit - best)) * w
        return total / ctx.wsum

    def _shape(self, limit: int, margin: float = 0.0):
        k = self.params.knock_bonus
        g = self.params.gin_bonus

        def f(x: int) -> float:
            if x == 0:
                return -g - margin * limit
            return x + k if x > limit else x - margin * (limit - x)

        return f

    def lookahead2(self, ctx: _Context, mask10: int, limit: int) -> float:
        """Expected :meth:`lookahead` after one draw from the unseen cards and
        the throw that leaves the least deadwood: a two-draw lookahead."""
        if not ctx.n_unseen:
            return self.lookahead(ctx, mask10, limit)
        now = deadwood_mask(mask10)
        # the least deadwood of nine of the ten cards, and the card that goes for it
        # (of those that leave as little, the higher count, then the higher card)
        best9, throws = least_throws_mask(mask10)
        best9_bit = first_by_count(throws)
        near = 0
        for b in _bits(mask10):
            near |= NEAR[b.bit_length() - 1]
        stay = self.lookahead(ctx, mask10, limit)
        total = 0.0
        for low, value, w in ctx.unseen_cards:
            if near & low:
                m = mask10 | low
                best, throws = least_throws_mask(m)
                if best >= now:  # no throw does better than the drawn card's
                    total += w * stay
                else:
                    total += w * self.lookahead(ctx, m ^ first_by_count(throws & mask10), limit)
            elif best9 + value < now:
                total += w * self.lookahead(ctx, (mask10 ^ best9_bit) | low, limit)
            else:
                total += w * stay
        return total / ctx.wsum

    def hand_value(self, ctx: _Context, mask10: int, limit: int) -> float:
        """Lower is better: the expected deadwood, counting future draws only if
        any are left (with none, the deadwood with the knock and gin terms)."""
        raw = deadwood_mask(mask10)
        now = self._shape(limit, ctx.margin)(raw)
        if ctx.draws_left <= 0:
            return now
        v = now - self.params.horizon * (now - self.lookahead(ctx, mask10, limit))
        return ctx.q * raw + (1.0 - ctx.q) * v

    # ------------------------------------------------------------ decisions

    def throw_value(self, ctx: _Context, mask11: int, card: Card, limit: int, *, may_end: bool = True) -> float:
        """Lower is better: the worth of the hand left by throwing ``card`` from
        11 cards, plus the danger of the card weighed in deadwood points.  A
        throw that ends the hand leaves the card to nobody and has no danger:
        gin, and a knock on the last turn before the hand would be void (the
        expert then knocks at once).  ``may_end`` False: the throw is a plain
        discard (the knock and gin are other moves), which ends nothing."""
        left = mask11 ^ card.bit
        value = self.hand_value(ctx, left, limit)
        dw = deadwood_mask(left)
        if may_end and (dw == 0 or (ctx.draws_left <= 0 and dw <= limit)):
            return value
        p = self.params
        return value + p.danger * (p.late_danger if ctx.draws_left <= 0 else 1.0) * self.danger(ctx, card)

    def _best_throw(self, ctx: _Context, mask11: int, cards, limit: int) -> tuple[float, Card]:
        p = self.params
        scored = []
        for c in cards:
            v = self.throw_value(ctx, mask11, c, limit)
            scored.append((v, -c.value, -c.index, c))
        scored.sort(key=lambda t: t[:3])
        if p.second and ctx.draws_left >= 2:
            short = []
            for v, nv, ni, c in scored[: p.shortlist]:
                m = mask11 ^ c.bit
                v1 = self.lookahead(ctx, m, limit)
                v -= p.second * (v1 - self.lookahead2(ctx, m, limit))
                short.append((v, nv, ni, c))
            short.sort(key=lambda t: t[:3])
            scored = short
        return scored[0][0], scored[0][3]

    def _take_is_better(self, view: PlayerView, ctx: _Context, card: Card) -> bool:
        mask10 = hand_mask(view.hand)
        if makes_gin(mask10, card):
            return True  # gin whenever it can
        # after taking, this seat still draws again only if the stock allows it
        ctx.draws_left = _draws_left(view, drawn=True)
        cards = list(view.hand)
        limit = view.knock_limit
        mask11 = mask10 | card.bit
        p = self.params
        saved = ctx.v1
        take_value = None
        # valued as it will be played (see _discard): where it may knock after the take, the knock
        # if its knock rule would knock (as the opponents play it: the hints' reckoning over
        # guessed hands aside), else only the throws that keep the least deadwood while it lies
        # in wait, where each point under the knock limit also counts what it adds to the
        # margin of an undercut, for the take and for the blind draw alike
        best = min(cards, key=lambda c: (deadwood_mask(mask11 ^ c.bit), -c.value, -c.index))
        dw = deadwood_mask(mask11 ^ best.bit)
        if dw <= limit:
            if ctx.draws_left <= 0 or knock_wins_match(view, view.seat) or dw >= self._wait_threshold(view):
                take_value = float(dw)
            else:
                cards = [c for c in cards if deadwood_mask(mask11 ^ c.bit) <= dw]
                ctx.margin = p.wait_margin
                ctx.v1 = {}
        if take_value is None:
            take_value, _ = self._best_throw(ctx, mask11, cards, limit)
        # drawing blind: the expected value after the draw, then one more draw's gain
        now = self._shape(limit, ctx.margin)(deadwood_mask(mask10))
        ctx.draws_left = 1
        v1 = self.lookahead(ctx, mask10, limit)
        gain = now - v1
        more = p.horizon * p.stock_gain if view.stock_size >= view.rules.void_stock + 3 else 0.0
        if p.second and view.stock_size >= view.rules.void_stock + 3:
            v2 = self.lookahead2(ctx, mask10, limit)
            blind = v2 - p.second * p.stock_gain * (v1 - v2)
        else:
            blind = now - (1.0 + more) * gain
        blind = ctx.q * v1 + (1.0 - ctx.q) * blind
        ctx.margin = 0.0
        ctx.v1 = saved
        return take_value < blind

    def choose(self, view: PlayerView) -> Action:
        """The action for this view (always one of ``view.legal_actions``)."""
        actions, done = turn_actions(view)
        if done is not None:
            return done
        kinds = {a.kind for a in actions}
        ctx = _Context(view, self.params)
        self._weigh_unseen(ctx)
        if Kind.TAKE_UPCARD in kinds:
            up = view.upcard
            if up is not None and self._take_is_better(view, ctx, up):
                return find(actions, Kind.TAKE_UPCARD)  # type: ignore[return-value]
            return find(actions, Kind.PASS)  # type: ignore[return-value]
        if Kind.DRAW_STOCK in kinds or Kind.DRAW_DISCARD in kinds:
            up = view.upcard
            if Kind.DRAW_STOCK not in kinds:
                return find(actions, Kind.DRAW_DISCARD)  # type: ignore[return-value]
            if Kind.DRAW_DISCARD in kinds and up is not None and self._take_is_better(view, ctx, up):
                return find(actions, Kind.DRAW_DISCARD)  # type: ignore[return-value]
            return find(actions, Kind.DRAW_STOCK)  # type: ignore[return-value]
        big = find(actions, Kind.BIG_GIN)
        if big is not None:
            return big
        return self._discard(view, ctx, actions)

    def _discard(self, view: PlayerView, ctx: _Context, actions) -> Action:
        m = hand_mask(view.hand)
        cards = [a.card for a in actions if a.kind == Kind.DISCARD]
        # gin when possible
        for a in actions:
            if a.kind == Kind.GIN:
                return a
        ctx.draws_left = _draws_left(view, drawn=True)
        knocks = [a for a in actions if a.kind == Kind.KNOCK]
        if knocks:
            best = min(knocks, key=lambda a: (deadwood_mask(m ^ a.card.bit), -a.card.value, -a.card.index))
            dw = deadwood_mask(m ^ best.card.bit)
            if self._knock_rule(view, ctx, best.card, dw)[0]:
                return best
            # lie in wait: keep a hand at least as low, and the best chances of gin
            low = [c for c in cards if deadwood_mask(m ^ c.bit) <= dw]
            _, card = self._best_throw(ctx, m, low, view.knock_limit)
            return find(actions, Kind.DISCARD, card)  # type: ignore[return-value]
        _, card = self._best_throw(ctx, m, cards, view.knock_limit)
        return find(actions, Kind.DISCARD, card)  # type: ignore[return-value]

    def _knock_rule(
        self, view: PlayerView, ctx: _Context, card: Card, dw: int, estimate: tuple[float, float, float] | None = None
    ) -> tuple[bool, str, float]:
        """Knock now with ``card`` (leaving ``dw``), or keep a low hand to
        undercut the opponent's knock (or go gin)?  ``(knock?, why, wait
        threshold)``; why is ``"last turn"``, ``"match"`` or ``"threshold"``
        (the deadwood against the threshold decided).  ``estimate``: what
        :meth:`_knock_estimate` gives over ``match_samples`` guesses, if
        already reckoned."""
        last = ctx.draws_left <= 0  # the last turn before the hand would be void
        least = self.params.last_knock_min
        if last and least is None:
            return True, "last turn", 0.0
        if not last and self.params.match_chance <= 0 and knock_wins_match(view, view.seat):
            return True, "match", 0.0  # a knock now very likely wins the match (the opponents' rule of thumb)
        if self.params.match_chance > 0 or last:
            if estimate is None:
                estimate = self._knock_estimate(view, ctx, card, self.params.match_samples)
            points, _undercut, chance = estimate
            if self.params.match_chance > 0 and chance >= self.params.match_chance:
                return True, "match", 0.0  # over the guessed hands: whatever it scores on average
            if last and least is not None:  # a knock reckoned to lose, and not to win the match, waits for the void
                return points >= least, "last turn", 0.0
        wait = self._wait_threshold(view)
        return dw >= wait, "threshold", wait

    def _wait_threshold(self, view: PlayerView) -> float:
        """Below this deadwood it lies in wait (:func:`wait_threshold`)."""
        # the threshold is for a knock limit of 10; it scales with the limit (Oklahoma)
        # and with the undercut bonus (worth lying in wait for when it is 25)
        most = self.params.wait_below * min(1.0, view.rules.undercut_bonus / 25)
        return wait_threshold(view, most) * view.knock_limit / 10

    # ------------------------------------------------------------ figures for hints

    def expected_deadwood(self, view: PlayerView, cards) -> float:
        """The expected deadwood of these 10 cards after one more draw from the
        stock and the best throw back (the expert's one-draw estimate, without
        its knock and gin terms)."""
        return self._estimate(view, cards, 1, 0.0, 0.0)

    def draw_outlook(self, view: PlayerView, cards, draws: int) -> DrawOutlook:
        """What the expert's estimate of these 10 cards after ``draws`` (1 or 2)
        more draws from the stock, each followed by the throw leaving the least
        deadwood, is made of: the expected deadwood, and the chances of a hand
        within the knock limit and of gin, which its knock and gin terms weigh."""
        plain = self._estimate(view, cards, draws, 0.0, 0.0)
        return DrawOutlook(
            deadwood=plain,
            knock_chance=1.0 - (self._estimate(view, cards, draws, 1.0, 0.0) - plain),
            gin_chance=plain - self._estimate(view, cards, draws, 0.0, 1.0),
        )

    def throw_weights(self, view: PlayerView, card: Card) -> tuple[float, float]:
        """What the expert adds to the worth of the hand left by throwing
        ``card`` after its draw, in deadwood points (lower favours the throw):
        the throw's danger as it weighs it (``Params.danger`` times
        :meth:`danger`), and, with two draws or more left, minus its credit
        for what the second draw is expected to gain (``Params.second`` times
        one-draw less two-draw worth); 0 for that credit otherwise."""
        ctx = _Context(view, self.params)
        self._weigh_unseen(ctx)
        ctx.draws_left = _draws_left(view, drawn=True)
        p = self.params
        danger = p.danger * (p.late_danger if ctx.draws_left <= 0 else 1.0) * self.danger(ctx, card)
        if not (p.second and ctx.draws_left >= 2):
            return danger, 0.0
        left = hand_mask(view.hand) ^ card.bit
        gain = self.lookahead(ctx, left, view.knock_limit) - self.lookahead2(ctx, left, view.knock_limit)
        return danger, -p.second * gain

    def _estimate(self, view: PlayerView, cards, draws: int, knock_bonus: float, gin_bonus: float) -> float:
        """The one- or two-draw estimate of these 10 cards with these knock and gin terms."""
        expert = ExpertOpponent(params=replace(self.params, knock_bonus=knock_bonus, gin_bonus=gin_bonus))
        ctx = _Context(view, expert.params)
        expert._weigh_unseen(ctx)
        look = expert.lookahead2 if draws >= 2 else expert.lookahead
        return look(ctx, hand_mask(cards), view.knock_limit)

    def knock_outlook(self, view: PlayerView, samples: int | None = None, card: Card | None = None) -> KnockOutlook | None:
        """What the expert weighs when it may knock: the best knock, whether it
        knocks or lies in wait and why, and what knocking now is expected to
        score (over ``samples`` hands the opponent may hold, dealt by
        :meth:`guess_hands`; by default ``match_samples``, the hands its
        choice weighs).  With ``card``, the same of the knock with that card
        (the review's figures of a knock the player made with another card
        than the best).  None when no knock is legal (with ``card``, with it)."""
        actions = [a for a in view.legal_actions if a.kind == Kind.KNOCK and (card is None or a.card is card)]
        if not actions:
            return None
        m = hand_mask(view.hand)
        best = min(actions, key=lambda a: (deadwood_mask(m ^ a.card.bit), -a.card.value, -a.card.index))  # type: ignore[union-attr]
        card = best.card
        assert card is not None
        dw = deadwood_mask(m ^ card.bit)
        ctx = _Context(view, self.params)
        ctx.draws_left = _draws_left(view, drawn=True)
        same = samples is None or samples == self.params.match_samples
        points, undercut, match = estimate = self._knock_estimate(view, ctx, card, samples or self.params.match_samples)
        knocks, why, threshold = self._knock_rule(view, ctx, card, dw, estimate if same else None)
        return KnockOutlook(
            card=card,
            deadwood=dw,
            knocks=knocks,
            why=why,
            threshold=threshold,
            opponent_mean=min(opponent_knock_mean(view), float(view.knock_limit)),
            expected_points=points,
            undercut_chance=undercut,
            match_chance=match,
            draws_left=ctx.draws_left,
        )

    def _knock_estimate(
        self, view: PlayerView, ctx: _Context, card: Card, samples: int
    ) -> tuple[float, float, float]:
        """Expected points (for this seat) of knocking with ``card`` now (its
        box bonus with them, with ``Params.box``), the
        chance of being undercut, and the chance that the knock wins the match
        (its points reach the target), over the hands :meth:`guess_hands`
        deals the opponent (each settled with its layoffs, ``score_knock``)."""
        import random

        from ginrummy_tui.engine import cards_of, score_knock

        mine = tuple(c for c in view.hand if c is not card)
        short = view.rules.target - view.scores[view.seat]
        rng = random.Random(hand_mask(view.hand) ^ (view.stock_size << 52))
        hands = self.guess_hands(view, ctx, rng, samples)
        if not hands:
            return 0.0, 0.0, 0.0
        total = 0.0
        undercuts = 0
        wins = 0
        box = view.rules.box_bonus if self.params.box else 0
        for opp in hands:
            res = score_knock(mine, cards_of(opp), view.rules, view.knock_limit)
            pts = res.points * view.multiplier
            if res.winner == "knocker":
                total += pts + (0 if res.tie else box)
                wins += pts >= short  # the match is won by the hands' points, without the boxes
            else:
                total -= pts + box
                undercuts += 1
        return total / len(hands), undercuts / len(hands), wins / len(hands)

    def guess_hands(self, view: PlayerView, ctx: _Context, rng: random.Random, samples: int) -> list[int]:
        """``samples`` guesses of the opponent's hand (masks) for what a knock
        would score: the cards it is known to hold, the rest drawn from the
        unseen cards as :meth:`danger` reckons them (none when too few are
        unseen)."""
        known = hand_mask(view.opponent_known)
        need = max(0, view.opponent_hand_size - len(view.opponent_known))
        pool = [(b, self._p_holds(ctx, b)) for b in _bits(ctx.unseen & ~ctx.opp_known)]
        if need > len(pool) or samples <= 0:
            return []
        hands = []
        for _ in range(samples):
            left = list(pool)
            opp = known
            for _k in range(need):
                weight = sum(w for _, w in left)
                r = rng.random() * weight
                i = 0
                while i < len(left) - 1 and r >= left[i][1]:
                    r -= left[i][1]
                    i += 1
                opp |= left.pop(i)[0]
            hands.append(opp)
        return hands


@dataclass(frozen=True)
class DrawOutlook:
    """The expert's estimate of a hand after more draws (see :meth:`ExpertOpponent.draw_outlook`)."""

    deadwood: float
    """The expected deadwood."""
    knock_chance: float
    """The chance that the hand is then within the knock limit (gin included)."""
    gin_chance: float
    """The chance that the hand is then gin."""


@dataclass(frozen=True)
class KnockOutlook:
    """The expert's view of a knock it may make now (see :meth:`ExpertOpponent.knock_outlook`)."""

    card: Card
    """The card it would knock with (the one leaving the least deadwood)."""
    deadwood: int
    """The deadwood left after that knock."""
    knocks: bool
    """Its decision: knock now (True) or lie in wait."""
    why: str
    """``"last turn"`` (no draw left before the hand would be void), ``"match"``
    (a knock very likely wins the match) or ``"threshold"``."""
    threshold: float
    """Below this deadwood it lies in wait (for ``why == "threshold"``)."""
    opponent_mean: float
    """The deadwood the opponent's knocks are reckoned at, at most the hand's knock
    limit (no knock this hand has more), as the hint and the review tell it; the
    threshold is reckoned from :func:`opponent_knock_mean`, unbounded."""
    expected_points: float
    """Expected points of knocking now, for the knocker (negative: it loses)."""
    undercut_chance: float
    """The chance that knocking now is undercut."""
    match_chance: float
    """The chance that knocking now wins the match (its points reach the target)."""
    draws_left: int
    """Draws this seat may still make after this turn (at most 2 counted)."""


def makes_gin(mask10: int, card: Card) -> bool:
    """Whether ``card`` taken into a 10-card hand makes gin: some other card
    thrown leaves no deadwood."""
    mask11 = mask10 | card.bit
    return any(deadwood_mask(mask11 ^ b) == 0 for b in _bits(mask10))


def opponent_knock_mean(view: PlayerView) -> float:
    """The deadwood the opponent's knocks are reckoned at: two knocks with 7
    (what a player who knocks as soon as it can shows) averaged with the
    deadwood of every knock the opponent made in this match."""
    opp = 1 - view.seat
    total, n = 14.0, 2
    for rec in view.sheet:
        if rec.knocker == opp and rec.kind in (EndKind.KNOCK, EndKind.UNDERCUT) and rec.deadwood is not None:
            total += rec.deadwood[opp]
            n += 1
    return total / n


def knock_wins_match(view: PlayerView, seat: int) -> bool:
    """Whether a knock very likely wins the match for ``seat``: its score is
    within 10 points of the target."""
    return view.scores[seat] + 10 >= view.rules.target


def wait_threshold(view: PlayerView, most: float) -> float:
    """Below what deadwood the expert lies in wait instead of knocking.

    An opponent who knocks with a lot of deadwood is often undercut by a low
    hand that waits; one who knocks only with very little (or plays for gin)
    is not.  From :func:`opponent_knock_mean`: ``2 * mean - 3``, at most ``most``."""
    return max(0.0, min(most, 2 * opponent_knock_mean(view) - 3))
