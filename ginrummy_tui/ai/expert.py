"""The expert opponent.

It reads the hand's public history to know which cards are still unseen and
what the opponent holds, took, threw and refused, and plays by scoring each
choice with a few fast estimates (see ``docs/ai.md`` for the full description):

* **Hand value**: the expected deadwood of a 10-card hand after one more draw
  from the stock, the best card being thrown back (``_lookahead``), averaged
  over the unseen cards.  It rewards cards with many live meld chances.
* **Danger** of a discard: the chance that the opponent melds it, from the
  cards it is known to hold and from how likely each unseen card is in its
  hand (less likely for cards next to the ones it threw or refused).
* **Draw**: the discard pile's top card is taken (or the upcard accepted) when
  the best hand it gives is worth more than the expected hand after a blind
  draw from the stock.
* **Knock**: gin whenever it can; otherwise it knocks at once unless its
  deadwood is high for how early it is and the opponent may undercut, in which
  case it plays on for a better count.
* **End of the stock**: with no draw left for itself it plays only for a low
  count and a safe throw.
"""

from __future__ import annotations

from dataclasses import dataclass

from ginrummy_tui.engine import Action, Card, PlayerView, deadwood_mask
from ginrummy_tui.engine.cards import DECK

from .common import (
    BIG_GIN,
    DISCARD,
    DRAW_DISCARD,
    DRAW_STOCK,
    GIN,
    KNOCK,
    PASS,
    TAKE_UPCARD,
    between_hands,
    find,
    hand_mask,
    playable,
)

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


@dataclass(frozen=True)
class Params:
    """The expert's weights (tuned with ``gin-tui sim``)."""

    danger: float = 6.0
    """Cost, in deadwood points, of a discard the opponent surely melds."""
    stock_gain: float = 0.7
    """How much of a blind draw's expected gain a second draw is worth."""
    related: float = 0.6
    """Factor on the chance the opponent holds a card next to one it threw or refused."""
    refused_pair: float = 0.25
    """Factor on a pair the opponent did not hold when it threw or refused a card that melds with it."""
    high_loose: float = 1.0
    """Factor on the chance the opponent holds a card worth more than its last throw."""
    late_danger: float = 2.0
    """Factor on ``danger`` when the opponent may draw but this seat will not."""
    horizon: float = 1.0
    knock_bonus: float = 0.0
    """Extra cost of a hand whose deadwood is above the knock limit."""
    gin_bonus: float = 0.0
    """Extra worth of a hand with no deadwood."""
    """How many draws' worth of the one-draw expected gain a hand is credited with."""


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


class _Context:
    """What the expert knows in one decision."""

    __slots__ = ("unseen", "n_unseen", "opp_known", "p_opp", "rel", "draws_left", "no_pairs", "high")

    def __init__(self, view: PlayerView, params: Params) -> None:
        mine = hand_mask(view.hand)
        pile = hand_mask(view.discard)
        known = hand_mask(view.opponent_known)
        self.opp_known = known
        self.unseen = FULL & ~(mine | pile | known)
        self.n_unseen = bin(self.unseen).count("1")
        opp_unknown = max(0, view.opponent_hand_size - len(view.opponent_known))
        self.p_opp = opp_unknown / self.n_unseen if self.n_unseen else 0.0
        # cards next to what the opponent threw or refused: less likely in its hand
        rel = 0
        no_pairs: set[int] = set()
        last_value = None
        for c, threw in _thrown_or_refused(view):
            rel |= NEAR[c.index]
            for a, b in MELD_PAIRS[c.index]:
                no_pairs.add(a | b)
            if threw:
                last_value = c.value
        self.rel = rel & self.unseen & ~known
        self.no_pairs = no_pairs
        high = 0
        if last_value is not None:
            for low in _bits(self.unseen & ~known):
                if DECK[low.bit_length() - 1].value > last_value:
                    high |= low
        self.high = high
        self.draws_left = 0


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
            if kind in (TAKE_UPCARD, PASS, DRAW_DISCARD):
                pile = [m.card]
            else:
                pile = [None]
        if kind == PASS:
            if m.seat == opp:
                out.append((m.card, False))
        elif kind in (TAKE_UPCARD, DRAW_DISCARD):
            if pile:
                pile.pop()
        elif kind == DRAW_STOCK:
            if m.seat == opp and pile and pile[-1] is not None:
                out.append((pile[-1], False))
        elif m.card is not None:  # discard / knock / gin
            pile.append(m.card)
            if m.seat == opp:
                out.append((m.card, True))
    return out


class ExpertOpponent:
    """The expert computer opponent (see the module text and ``docs/ai.md``)."""

    level = "expert"

    def __init__(self, seed: int | None = None, params: Params | None = None) -> None:
        self.seed = seed
        self.params = params or Params()

    # ------------------------------------------------------------ estimates

    def _p_holds(self, ctx: _Context, bit: int) -> float:
        if ctx.opp_known & bit:
            return 1.0
        if not ctx.unseen & bit:
            return 0.0
        p = ctx.p_opp
        if ctx.rel & bit:
            p *= self.params.related
        if ctx.high & bit:
            p *= self.params.high_loose
        return p

    def danger(self, ctx: _Context, card: Card) -> float:
        """The chance that the opponent can meld ``card`` (0..1)."""
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
        now = deadwood_mask(mask10)
        f = self._shape(limit)
        if not ctx.n_unseen:
            return f(now)
        best9 = 1 << 30
        for low in _bits(mask10):
            d = deadwood_mask(mask10 ^ low)
            if d < best9:
                best9 = d
        near = 0
        for low in _bits(mask10):
            near |= NEAR[low.bit_length() - 1]
        total = 0.0
        unseen = ctx.unseen
        for low in _bits(unseen):
            c = DECK[low.bit_length() - 1]
            if near & low:
                m = mask10 | low
                best = now
                for d in _bits(mask10):
                    v = deadwood_mask(m ^ d)
                    if v < best:
                        best = v
            else:
                v = best9 + c.value
                best = v if v < now else now
            total += f(best)
        return total / ctx.n_unseen

    def _shape(self, limit: int):
        k = self.params.knock_bonus
        g = self.params.gin_bonus

        def f(x: int) -> float:
            if x == 0:
                return -g
            return x + k if x > limit else x

        return f

    def hand_value(self, ctx: _Context, mask10: int, limit: int) -> float:
        """Lower is better: the expected deadwood, counting future draws only if any are left."""
        if ctx.draws_left <= 0:
            return float(deadwood_mask(mask10))
        now = self._shape(limit)(deadwood_mask(mask10))
        return now - self.params.horizon * (now - self.lookahead(ctx, mask10, limit))

    # ------------------------------------------------------------ decisions

    def _best_throw(self, ctx: _Context, mask11: int, cards, limit: int) -> tuple[float, Card]:
        p = self.params
        w = p.danger * (p.late_danger if ctx.draws_left <= 0 else 1.0)
        best = None
        for c in cards:
            v = self.hand_value(ctx, mask11 ^ c.bit, limit) + w * self.danger(ctx, c)
            key = (v, -c.value, -c.index)
            if best is None or key < best[0]:
                best = (key, c)
        assert best is not None
        return best[0][0], best[1]

    def _take_is_better(self, view: PlayerView, ctx: _Context, card: Card) -> bool:
        mask10 = hand_mask(view.hand)
        # after taking, this seat still draws again only if the stock allows it
        ctx.draws_left = 1 if view.stock_size >= view.rules.void_stock + 2 else 0
        cards = [c for c in view.hand]
        limit = view.knock_limit
        take_value, _ = self._best_throw(ctx, mask10 | card.bit, cards, limit)
        # drawing blind: the expected value after the draw, then one more draw's gain
        now = self._shape(limit)(deadwood_mask(mask10))
        ctx.draws_left = 1
        gain = now - self.lookahead(ctx, mask10, limit)
        more = self.params.horizon * self.params.stock_gain if view.stock_size >= view.rules.void_stock + 3 else 0.0
        blind = now - (1.0 + more) * gain
        return take_value < blind

    def choose(self, view: PlayerView) -> Action:
        """The action for this view (always one of ``view.legal_actions``)."""
        actions = playable(view)
        if not actions:
            raise ValueError("no action to choose: it is not this seat's turn")
        done = between_hands(actions)
        if done is not None:
            return done
        kinds = {a.kind for a in actions}
        ctx = _Context(view, self.params)
        if TAKE_UPCARD in kinds:
            up = view.upcard
            if up is not None and self._take_is_better(view, ctx, up):
                return find(actions, TAKE_UPCARD)  # type: ignore[return-value]
            return find(actions, PASS)  # type: ignore[return-value]
        if DRAW_STOCK in kinds or DRAW_DISCARD in kinds:
            up = view.upcard
            if DRAW_STOCK not in kinds:
                return find(actions, DRAW_DISCARD)  # type: ignore[return-value]
            if DRAW_DISCARD in kinds and up is not None and self._take_is_better(view, ctx, up):
                return find(actions, DRAW_DISCARD)  # type: ignore[return-value]
            return find(actions, DRAW_STOCK)  # type: ignore[return-value]
        big = find(actions, BIG_GIN)
        if big is not None:
            return big
        return self._discard(view, ctx, actions)

    def _discard(self, view: PlayerView, ctx: _Context, actions) -> Action:
        m = hand_mask(view.hand)
        cards = [a.card for a in actions if a.kind == DISCARD]
        # gin when possible
        for a in actions:
            if a.kind == GIN:
                return a
        knocks = [a for a in actions if a.kind == KNOCK]
        if knocks:
            best = min(knocks, key=lambda a: (deadwood_mask(m ^ a.card.bit), -a.card.value, -a.card.index))
            if self._should_knock(view, ctx, deadwood_mask(m ^ best.card.bit)):
                return best
        ctx.draws_left = 1 if view.stock_size >= view.rules.void_stock + 2 else 0
        _, card = self._best_throw(ctx, m, cards, view.knock_limit)
        return find(actions, DISCARD, card)  # type: ignore[return-value]

    def _should_knock(self, view: PlayerView, ctx: _Context, dw: int) -> bool:
        return True
