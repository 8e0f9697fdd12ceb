"""The master opponent: the expert, with a determinized search where it pays.

Where the expert's rules are weakest — whether to knock now or lie in wait,
and which card to throw — the master lists the candidates, deals the hidden
cards many times in ways consistent with what it has seen, plays each deal
out from each candidate with fast policies, and keeps the candidate with the
best average chance of winning the match (``docs/ai.md`` describes it in
full, with the figures):

* **Candidates**: the expert's choice first; its best few throws (its own
  scoring), the throw leaving the least deadwood, and when a knock is
  allowed, knocking with the card leaving the least deadwood and the same
  card thrown without knocking.  The draw, and the throw when no knock is
  allowed, can be searched the same way (``MasterParams.search_draws``,
  ``search_discards``, or the throw only while the score sheet says the
  opponent lies in wait, ``discards_if_waiter``, or only while it says the
  opponent knocks as soon as it may, ``discards_if_knocker``); measured,
  none was stronger overall, so by default those are the expert's.
* **Deals**: each card the opponent picked up and still holds gets two
  unseen cards that meld it; the rest of its hand is drawn from the unseen
  cards with the expert's inference as weights, then improved by replaying
  half its stock draws (see :meth:`MasterOpponent._deals`); the rest, shuffled,
  is the stock.  The same deals serve every candidate.
* **Play-outs**: both sides take the discard when it joins a meld and lowers
  their deadwood, throw the card leaving the least deadwood, go gin at once,
  and knock: this seat with the expert's waiting rule, the opponent in
  each deal either as soon as it may or lying in wait, by the chance the
  score sheet gives (``MasterParams.waiter_prior``, :func:`waiter_chance`),
  and a side within 10 points of the target as soon as it may
  (``MasterParams.match_knock``); a knock is settled with the defender's
  layoffs.  Knocking now is settled exactly (``score_knock``) against each
  deal.
* **Worth**: the chance of winning the match after the hand's points (a
  normal approximation of the race to the target), so that near the target
  a knock that wins the match counts for more than its points.  Another
  candidate replaces the expert's choice only when it is better by
  ``margin`` standard errors of the paired differences.

It plays at once when there is nothing to weigh: one legal move, gin, big
gin, the upcard offer, a discard pile card that melds with nothing in the
hand, and every draw and throw the search leaves to the expert (the expert
with ``knock_bonus`` 20, ``MasterParams.expert``, so that it gets under the
knock limit sooner, where its knocks are searched).  The deals
come from a generator seeded by the seed and the position, so the same seed
and view give the same choice.
"""

from __future__ import annotations

import functools
import math
import random
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ginrummy_tui.engine import (
    Action,
    Card,
    PlayerView,
    cards_of,
    deadwood_mask,
    first_by_count,
    knock_settler,
    least_throws_mask,
)
from ginrummy_tui.engine.cards import DECK
from ginrummy_tui.engine.kinds import EndKind, Kind, Phase
from ginrummy_tui.engine.melds import RUN_CHOICE, TENS, set_cards_mask

from .common import boxed, find, hand_mask, turn_actions
from .expert import (
    MELD_PAIRS,
    NEAR,
    ExpertOpponent,
    Params,
    _Context,
    _draws_left,
    knock_wins_match,
    wait_threshold,
)

_VALUE = [DECK[i].value for i in range(52)]
_COLUMN = 1 | 1 << 13 | 1 << 26 | 1 << 39


@dataclass(frozen=True)
class MasterParams:
    """The master's settings (chosen with ``gin-tui sim``; see ``docs/ai.md``)."""

    playouts: int = 240
    """Play-outs per decision, shared among the candidates."""
    min_deals: int = 24
    """Deals per candidate at least, however many candidates there are."""
    shortlist: int = 3
    """How many of the expert's best throws are candidates."""
    opponent_wait: float = 11.0
    """In play-outs an opponent that lies in wait knocks only with at least
    this deadwood (above the knock limit: only on its last turn); it is
    lowered as the expert lowers its own against a knocker of low hands."""
    waiter_prior: float = 0.3
    """The chance, before any hand of the match is seen, that the opponent
    lies in wait rather than knocking as soon as it may (see :func:`waiter_chance`);
    in play-outs each deal's opponent is of one kind or the other by that chance."""
    search_draws: bool = False
    """Weigh the draw by search (else the expert's draw)."""
    search_discards: bool = False
    """Weigh the throw by search when no knock is possible (else the expert's throw)."""
    discards_if_waiter: float = 0.0
    """When above 0: weigh the throw by search also when the opponent more
    likely lies in wait than knocks as soon as it may (:func:`waiter_chance`
    from this prior, read from the score sheet, is at least one half); 0:
    only with ``search_discards``.  Measured with 0.5 it was not stronger
    over 1,000 matches (``docs/ai.md``), so it is off."""
    margin: float = 1.0
    """Standard errors by which a candidate must beat the expert's choice."""
    improve: float = 0.5
    """Draws replayed when guessing the opponent's hand, per stock draw it made
    (rounded down).  The cards its guesses start from are unseen ones, so
    never the poor cards it threw: replaying every draw made the guessed
    hands far lower than the real ones (``docs/ai.md``)."""
    spread: float = 4.3
    """Spread of the match-race model: the chance of winning with ``a`` points
    against ``b`` is Phi(((T - b) - (T - a)) / (spread * sqrt(2T - a - b)))."""
    condition: bool = False
    """Deal again a guessed opponent hand that it would have ended the hand
    with at its last turn (see :meth:`MasterOpponent._deals`)."""
    cond_prior: float = 0.0
    """With ``condition``: the chance, before any hand of the match is seen,
    that the opponent lies in wait (updated from the score sheet as
    :func:`waiter_chance` does), for ruling out the hands it would have
    knocked with."""
    tries: int = 8
    """Deals tried at most for one guess when ``condition`` is on."""
    knocker_replays: float = 0.0
    """Above 0: a guess of a player who knocks as soon as it may (a deal whose
    waiting threshold is 0, see :meth:`_deals`) replays at most this share of
    the unseen cards left out of its hand (rounded down), however many stock
    draws it made.  Late in a hand few cards are unseen, and replaying half
    its draws picks its hand out of nearly all of them: such guesses held
    about 12 deadwood where a player who had not knocked yet held 17.  0: no
    such bound (the master's guesses)."""
    last_replays: float = 0.25
    """Above 0: at its last throw before the hand would be void (:func:`last_throw`),
    a guess replays at most this share of the unseen cards left out of its hand
    (rounded down), as ``knocker_replays`` does.  So few cards are unseen then
    that replaying half the opponent's draws dealt every guess the same best hand
    of them: each knocked into this seat's undercut on its last turn, and the
    master threw without knocking a hand a knock would have won, letting it go
    void.  0: no such bound."""
    own_wait: float = 1.0
    """Factor on this seat's waiting threshold in play-outs (the expert's,
    :func:`wait_threshold`): 0 knocks as soon as it may."""
    meld_known: float = 1.0
    """In each guess of the opponent's hand, the chance that a card it picked
    up and still holds is put in a meld (see :meth:`MasterOpponent._meld_known`).
    With 0 the master's knocks were undercut twice as often as its guesses
    foretold (``docs/ai.md``)."""
    keep: float = 0.0
    """In play-outs this seat throws by :func:`throw_keeping` with this ``keep``
    (0: the card leaving the least deadwood); measured no stronger, so 0."""
    keep_opp: float = 0.0
    """The same for the opponent in play-outs."""
    match_knock: bool = True
    """In play-outs a side within 10 points of the target knocks as soon as
    it may, as the expert does (a knock then very likely wins the match)."""
    discards_if_knocker: float = 0.0
    """When above 0: weigh the throw by search also when the opponent more
    likely knocks as soon as it may than lies in wait (:func:`waiter_chance`
    from this prior, read from the score sheet, below one half); 0: only with
    ``search_discards``."""
    expert: Params | None = Params(knock_bonus=20.0)
    """The weights of the expert it plays as where it does not search (None:
    the expert's own).  Its ``knock_bonus`` is 20 instead of the expert's 12:
    a hand above the knock limit costs more, so it gets under the limit
    sooner, where its waiting and knocking are searched; on the same deals it
    won 611 of 1,000 matches against the expert (604 with 12) and 774 of
    1,000 against standard (765), see ``docs/ai.md``."""


def throw(hand: int, taken: int = 0) -> tuple[int, int]:
    """The throw from an 11-card mask leaving the least deadwood (not ``taken``,
    the card just picked up): ``(deadwood, card bit)``; ties go to the higher count."""
    d, b, _keep = throw_keeping(hand, taken, 0.0)
    return d, b


def throw_keeping(hand: int, taken: int, keep: float) -> tuple[int, int, int]:
    """The least deadwood a throw from an 11-card mask leaves (not ``taken``),
    the card that leaves it (ties to the higher count), and the card to throw
    when not ending the hand: the one whose cost, the deadwood left plus
    ``keep`` for each held card it could meld with (same rank, or the same
    suit within two ranks), is least, so that pairs and near-runs are kept
    as a player keeps them."""
    dw = deadwood_mask
    if keep == 0.0:
        return _throw_least(hand, taken)
    least = 1 << 30
    least_b = 0
    least_v = -1
    best = 1e9
    best_b = 0
    best_v = -1
    rest = hand & ~taken
    while rest:
        b = rest & -rest
        rest ^= b
        d = dw(hand ^ b)
        i = b.bit_length() - 1
        v = _VALUE[i]
        if d < least or (d == least and v >= least_v):
            least, least_b, least_v = d, b, v
        cost = d + keep * (NEAR[i] & hand).bit_count()
        if cost < best or (cost == best and v >= best_v):
            best, best_b, best_v = cost, b, v
    return least, least_b, best_b


def _by_count(mask: int) -> Iterator[tuple[int, int]]:
    """The cards of a mask as ``(count, bit)``, from the highest count down and, of one
    count, the higher card first, one at a time: a card of count v thrown from a hand of
    deadwood D leaves at least D - v (with it counted in, any split of the rest is one of
    the whole hand), so a search for the least deadwood a throw leaves stops once the
    count of the next card cannot beat the best found, most often after a few cards."""
    x = mask & TENS
    while x:
        b = 1 << (x.bit_length() - 1)
        x ^= b
        yield 10, b
    for r in range(8, -1, -1):
        x = mask & (_COLUMN << r)
        while x:
            b = 1 << (x.bit_length() - 1)
            x ^= b
            yield r + 1, b


def _throw_least(hand: int, taken: int) -> tuple[int, int, int]:
    """:func:`throw_keeping` with ``keep`` 0, the same throw found with fewer solver
    calls: of the cards whose throw leaves the least deadwood (one pass of
    :func:`least_throws_mask`), the first in :func:`_by_count`'s order, the higher
    count and then the higher card.  Where each of them is ``taken``, the other cards
    are tried in that order until none left can leave less."""
    least, throws = least_throws_mask(hand)
    throws &= ~taken
    if throws:  # the first of them in _by_count's order
        b = first_by_count(throws)
        return least, b, b
    dw = deadwood_mask  # every throw that leaves the least is of a card not to be thrown
    whole = dw(hand)
    least = 1 << 30
    least_b = 0
    for v, b in _by_count(hand & ~taken):
        if whole - v >= least:
            break
        d = dw(hand ^ b)
        if d < least:
            least, least_b = d, b
    return least, least_b, least_b


def wants(hand: int, top: int) -> bool:
    """The play-out rule for taking the discard: the standard opponent's rule
    (:func:`~ginrummy_tui.ai.standard.wants_card`: it joins a meld and lowers
    the deadwood), after a cheap test that ``top`` is near enough to a held
    card to meld at all; the throws that leave the least deadwood found in one
    pass (:func:`least_throws_mask`), and for each, whether the card taken
    melds, until one does."""
    i = top.bit_length() - 1
    if not NEAR[i] & hand:
        return False
    now = deadwood_mask(hand)
    least, throws = least_throws_mask(hand | top)
    if least >= now:  # no throw of a held card lowers the deadwood
        return False
    value = _VALUE[i]
    while throws:  # each held card whose throw leaves the least (the one taken leaves now)
        low = throws & -throws
        throws ^= low
        if least < deadwood_mask(hand ^ low) + value:  # the card taken melds
            return True
    return False


def defender_deadwood(knocker: int, defender: int) -> int:
    """The defender's least deadwood after laying off onto the knocker's melds
    (the melds of one least-deadwood split of the knocker's ten cards)."""
    sets = set_cards_mask(knocker)
    free = 0
    x = sets
    while x:
        low = x & -x
        col = (1 << ((low.bit_length() - 1) % 13)) * _COLUMN
        x &= ~col
        if (sets & col).bit_count() == 3:
            free |= col & ~sets & defender
    runs = knocker & ~sets
    for i in range(4):
        m = (runs >> (13 * i)) & 0x1FFF
        d = (defender >> (13 * i)) & 0x1FFF
        while m:
            low = m & -m
            r = low.bit_length() - 1
            k = RUN_CHOICE[m]
            if k == 0:
                m ^= low
                continue
            m &= ~(((1 << k) - 1) << r)
            j = r - 1
            while j >= 0 and d >> j & 1:
                free |= 1 << (13 * i + j)
                j -= 1
            j = r + k
            while j < 13 and d >> j & 1:
                free |= 1 << (13 * i + j)
                j += 1
    best = deadwood_mask(defender)
    if not free:
        return best
    bits = []
    while free:
        low = free & -free
        free ^= low
        bits.append(low)
    for sub in range(1, 1 << len(bits)):
        laid = 0
        for j, b in enumerate(bits):
            if sub >> j & 1:
                laid |= b
        d = deadwood_mask(defender & ~laid)
        if d < best:
            best = d
    return best


def knock_points(knocker: int, defender: int, kd: int, rules) -> int:
    """The hand's points for the knocker (negative when undercut)."""
    if kd == 0:
        return rules.gin_bonus + deadwood_mask(defender)
    dd = defender_deadwood(knocker, defender)
    if rules.undercuts(dd, kd):
        return -(rules.undercut_bonus + kd - dd)
    return dd - kd


def play_out(
    hands: list[int], stock: list[int], pile: list[int], p: int, waits, limit: int, rules, keeps=(0.0, 0.0)
) -> int:
    """Play a hand to its end with the fast policies, ``p`` to draw first
    (``keeps``: each seat's ``keep`` of :func:`throw_keeping`; 0 throws by
    deadwood alone, :func:`throw`).  Returns the points of seat 0 (negative
    when seat 1 scores)."""
    void = rules.void_stock
    while True:
        h = hands[p]
        top = pile[-1] if pile else 0
        if top and wants(h, top):
            h |= top
            pile.pop()
            taken = top
        else:
            if not stock:
                return 0
            h |= stock.pop()
            taken = 0
        d, b, other = throw_keeping(h, taken, keeps[p])
        if d == 0:
            pts = rules.gin_bonus + deadwood_mask(hands[1 - p])
            return pts if p == 0 else -pts
        if d <= limit and (d >= waits[p] or len(stock) <= void + 1):
            pts = knock_points(h ^ b, hands[1 - p], d, rules)
            return pts if p == 0 else -pts
        b = other
        h ^= b
        hands[p] = h
        pile.append(b)
        if len(stock) <= void:
            return 0
        p ^= 1


# How often each kind of opponent ends a hand in each way (knocking,
# gin, neither): one that knocks as soon as it may, one that lies in wait.
_EVIDENCE = {"knock": (0.75, 0.12), "gin": (0.03, 0.35), "other": (0.22, 0.53)}


def waiter_chance(view: PlayerView, prior: float) -> float:
    """The chance that the opponent lies in wait (plays for gin and undercuts)
    rather than knocking as soon as it may, from how it ended the hands of
    this match so far (the score sheet)."""
    if prior <= 0.0 or prior >= 1.0:
        return prior
    opp = 1 - view.seat
    odds = prior / (1.0 - prior)
    for rec in view.sheet:
        if rec.knocker == opp and rec.kind in (EndKind.KNOCK, EndKind.UNDERCUT):
            asap, wait = _EVIDENCE["knock"]
        elif rec.knocker == opp and rec.kind in (EndKind.GIN, EndKind.BIG_GIN):
            asap, wait = _EVIDENCE["gin"]
        else:
            asap, wait = _EVIDENCE["other"]
        odds *= wait / asap
    return odds / (1.0 + odds)


def own_knock_threshold(view: PlayerView, most: float) -> float:
    """The waiting threshold an expert-like opponent would use against this
    seat: ``2 * mean - 3`` of this seat's knocks (see :func:`wait_threshold`)."""
    me = view.seat
    total, n = 14.0, 2
    for rec in view.sheet:
        if rec.knocker == me and rec.kind in (EndKind.KNOCK, EndKind.UNDERCUT) and rec.deadwood is not None:
            total += rec.deadwood[me]
            n += 1
    return max(0.0, min(most, 2 * total / n - 3))


def win_chance(a: int, b: int, target: int, spread: float) -> float:
    """The chance of winning the match with ``a`` points against ``b``."""
    if a >= target:
        return 1.0
    if b >= target:
        return 0.0
    ra, rb = target - a, target - b
    z = (rb - ra) / (spread * math.sqrt(ra + rb))
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


class MasterOpponent:
    """The master computer opponent (see the module text and ``docs/ai.md``)."""

    level = "master"

    def __init__(self, seed: int | None = None, params: MasterParams | None = None) -> None:
        self.seed = seed
        self.params = params or MasterParams()
        self.expert = ExpertOpponent(seed, self.params.expert)

    # ------------------------------------------------------------ deals

    def _deals(
        self, view: PlayerView, ctx: _Context, rng: random.Random, waits: list[float]
    ) -> list[tuple[int, list[int]]]:
        """A guess of (the opponent's hand, the stock from its top at the end)
        for each of ``waits``, the opponent's waiting threshold in that deal
        (0: it knocks as soon as it may).

        The opponent has kept its best cards for as many turns as it drew from
        the stock, so a hand dealt at random from the unseen cards would be far
        worse than the real one.  Each guess starts from unseen cards drawn with
        the expert's weights and then replays half those draws
        (``MasterParams.improve``): one more unseen card drawn (with the same
        weights), the card leaving the least deadwood put back.  Cards it is
        known to hold stay in its hand, each in a meld
        (``MasterParams.meld_known``, :meth:`_meld_known`).

        With ``MasterParams.condition``, once the opponent has thrown a card
        this hand its ten cards are a hand it chose not to end the hand with:
        a guess that would have gone gin, or knocked by the deal's threshold
        (deadwood within the knock limit and at least the threshold), is dealt
        again, up to ``MasterParams.tries`` times."""
        known = hand_mask(view.opponent_known)
        want = max(0, view.opponent_hand_size - len(view.opponent_known))
        opp_seat = 1 - view.seat
        draws = sum(1 for mv in view.history if mv.seat == opp_seat and mv.action.kind == Kind.DRAW_STOCK)
        draws = int(draws * self.params.improve)
        unseen = []
        x = ctx.unseen
        while x:
            low = x & -x
            x ^= low
            w = self.expert._p_holds(ctx, low)
            unseen.append((low, 1.0 / max(w, 1e-6)))
        # the chance of each unseen card being in its hand, for melding what it picked up
        weight = {b: 1.0 / inv for b, inv in unseen} if self.params.meld_known > 0.0 and known else {}
        limit = view.knock_limit
        chose = self.params.condition and any(
            mv.seat == opp_seat and mv.action.kind == Kind.DISCARD for mv in view.history
        )
        tries = self.params.tries if chose else 1
        last = self.params.last_replays > 0.0 and last_throw(view)
        out = []
        for wait in waits:
            for _try in range(tries):
                opp, stock = self._one_deal(view, rng, unseen, weight, known, want, draws, wait == 0.0, last)
                if not chose:
                    break
                d = deadwood_mask(opp)
                if d > limit or 0 < d < wait:
                    break
            out.append((opp, stock))
        return out

    def _one_deal(
        self,
        view: PlayerView,
        rng: random.Random,
        unseen: list[tuple[int, float]],
        weight: dict[int, float],
        known: int,
        want: int,
        draws: int,
        knocker: bool = False,
        last: bool = False,
    ) -> tuple[int, list[int]]:
        """One guess for :meth:`_deals` (``knocker``: of a player who knocks
        as soon as it may, see ``MasterParams.knocker_replays``; ``last``: at this
        seat's last throw, see ``MasterParams.last_replays``)."""
        opp = known
        if self.params.meld_known > 0.0 and known:
            opp = self._meld_known(rng, weight, known, want)
        keyed = sorted(unseen, key=lambda t: rng.random() ** t[1], reverse=True)
        more = want - (opp & ~known).bit_count()
        if opp != known:
            keyed = [t for t in keyed if not t[0] & opp]
        for b, _w in keyed[:more]:
            opp |= b
        pool = keyed[more:]
        if want and pool:
            share = self.params.knocker_replays if knocker else 0.0
            if last:
                share = self.params.last_replays if share <= 0.0 else min(share, self.params.last_replays)
            if share > 0.0:
                draws = min(draws, int(share * len(pool)))
            for k in range(min(draws, len(pool))):
                # the next card by the same weighted order; the worst card goes back
                b = pool[k][0]
                _d, out_b = throw(opp | b, known)
                opp = (opp | b) ^ out_b
                if out_b != b:
                    pool[k] = (out_b, pool[k][1])
        stock = [b for b, _w in pool if not b & opp]
        rng.shuffle(stock)
        del stock[view.stock_size :]
        return opp, stock

    def _meld_known(self, rng: random.Random, weight: dict[int, float], known: int, want: int) -> int:
        """The opponent's known cards with, for each picked-up card not yet in a
        meld with the others (each by the chance ``MasterParams.meld_known``),
        two unseen cards that make a meld of it (a set or a run), drawn by the
        product of their weights: a player takes a discard to meld it, and
        keeps the meld."""
        chance = self.params.meld_known
        opp = known
        x = known
        while x and (opp & ~known).bit_count() + 2 <= want:
            k = x & -x
            x ^= k
            pairs = MELD_PAIRS[k.bit_length() - 1]
            if any(a & opp and b & opp for a, b in pairs):
                continue
            if chance < 1.0 and rng.random() >= chance:
                continue
            opts = []
            total = 0.0
            for a, b in pairs:
                wa = 1.0 if a & opp else weight.get(a, 0.0)
                wb = 1.0 if b & opp else weight.get(b, 0.0)
                if wa > 0.0 and wb > 0.0:
                    total += wa * wb
                    opts.append((total, a | b))
            if not opts:
                continue
            r = rng.random() * total
            for upto, both in opts:
                if r < upto:
                    opp |= both
                    break
            else:
                opp |= opts[-1][1]
        return opp

    def guess_hands(self, view: PlayerView, rng: random.Random, samples: int) -> list[int]:
        """``samples`` guesses of the opponent's hand (masks), dealt as for the
        search (:meth:`_deals`), and with ``MasterParams.condition`` each one a
        hand it did not end the hand with: as a player who lies in wait by the
        score sheet's chance from ``MasterParams.cond_prior``, else as one who
        knocks as soon as it may."""
        return [opp for opp, _stock in self.guess_deals(view, rng, samples)]

    def guess_deals(self, view: PlayerView, rng: random.Random, samples: int) -> list[tuple[int, list[int]]]:
        """The guesses of :meth:`guess_hands` (the same draws of ``rng``), each
        with the stock dealt from the rest of the unseen cards: ``(the
        opponent's hand, the stock, its last card drawn first)``."""
        ctx = _Context(view, self.expert.params)
        opp_wait = self.playout_waits(view)[1]
        p_wait = waiter_chance(view, self.params.cond_prior)
        waits = [opp_wait if rng.random() < p_wait else 0.0 for _ in range(samples)]
        return self._deals(view, ctx, rng, waits)

    # ------------------------------------------------------------ decisions

    def choose(self, view: PlayerView) -> Action:
        """The action for this view (always one of ``view.legal_actions``)."""
        actions, done = turn_actions(view)
        if done is not None:
            return done
        if len(actions) == 1:
            return actions[0]
        kinds = {a.kind for a in actions}
        if Kind.TAKE_UPCARD in kinds:
            return self.expert.choose(view)
        big = find(actions, Kind.BIG_GIN)
        if big is not None:
            return big
        gin = find(actions, Kind.GIN)
        if gin is not None:
            return gin
        if Kind.DRAW_STOCK in kinds or Kind.DRAW_DISCARD in kinds:
            up = view.upcard
            if Kind.DRAW_STOCK not in kinds:
                return find(actions, Kind.DRAW_DISCARD)  # type: ignore[return-value]
            if Kind.DRAW_DISCARD not in kinds or up is None or not NEAR[up.index] & hand_mask(view.hand):
                return find(actions, Kind.DRAW_STOCK)  # type: ignore[return-value]
            first = self.expert.choose(view)
            if not self.params.search_draws:
                return first
            other = find(actions, Kind.DRAW_STOCK if first.kind == Kind.DRAW_DISCARD else Kind.DRAW_DISCARD)
            return self._search(view, [first, other])  # type: ignore[list-item]
        first = self.expert.choose(view)
        if Kind.KNOCK not in kinds and not self._search_throws(view):
            return first
        cands = [first] + [a for a in self._discard_candidates(view, actions) if a != first]
        return self._search(view, cands)

    def _search_throws(self, view: PlayerView) -> bool:
        """Whether a throw without a knock is weighed by search."""
        p = self.params
        if p.search_discards:
            return True
        if p.discards_if_waiter > 0.0 and waiter_chance(view, p.discards_if_waiter) >= 0.5:
            return True
        return p.discards_if_knocker > 0.0 and waiter_chance(view, p.discards_if_knocker) < 0.5

    def _discard_candidates(self, view: PlayerView, actions) -> list[Action]:
        """The throws (and knocks) worth searching."""
        m = hand_mask(view.hand)
        ex = self.expert
        ctx = _Context(view, ex.params)
        ex._weigh_unseen(ctx)
        ctx.draws_left = _draws_left(view, drawn=True)
        limit = view.knock_limit
        scored = []
        for a in actions:
            if a.kind == Kind.DISCARD:
                c = a.card
                scored.append((ex.throw_value(ctx, m, c, limit, may_end=False), -c.value, -c.index, a))
        scored.sort(key=lambda t: t[:3])
        cands = [t[3] for t in scored[: self.params.shortlist]]
        least = min(scored, key=lambda t: (deadwood_mask(m ^ t[3].card.bit), t[1], t[2]))[3]
        if least not in cands:
            cands.append(least)
        knocks = [a for a in actions if a.kind == Kind.KNOCK]
        if knocks:
            best = min(knocks, key=lambda a: (deadwood_mask(m ^ a.card.bit), -a.card.value, -a.card.index))
            cands.append(best)
            plain = find(actions, Kind.DISCARD, best.card)
            if plain is not None and plain not in cands:
                cands.append(plain)
        return cands

    def playout_waits(self, view: PlayerView) -> tuple[float, float, float]:
        """How the two sides knock in this view's play-outs: ``(this seat's
        waiting threshold, the opponent's when it lies in wait, the chance it
        does)``; a side knocks when its deadwood is within the knock limit and
        at least its threshold (0: as soon as it may).  This seat waits as the
        expert would; the opponent lies in wait by the score sheet's chance
        (:func:`waiter_chance`).  With ``MasterParams.match_knock`` a side
        within 10 points of the target knocks as soon as it may."""
        params = self.params
        rules = view.rules
        limit = view.knock_limit
        most = self.expert.params.wait_below * min(1.0, rules.undercut_bonus / 25)
        mine_wait = wait_threshold(view, most) * limit / 10 * params.own_wait
        opp_wait = min(params.opponent_wait, own_knock_threshold(view, most)) * limit / 10
        p_wait = waiter_chance(view, params.waiter_prior)
        if params.match_knock:
            if knock_wins_match(view, view.seat):
                mine_wait = 0.0
            if knock_wins_match(view, 1 - view.seat):
                p_wait = 0.0
        return mine_wait, opp_wait, p_wait

    def playout_points(
        self, view: PlayerView, cands: list[Action], rng: random.Random, n: int, cond_rng: random.Random | None = None
    ) -> list[list[int]]:
        """The points of this hand (before its multiplier; negative when the
        opponent scores) of each candidate on the same ``n`` deals from ``rng``,
        as the search weighs them (:meth:`_search`): the opponent's hand guessed
        (:meth:`_deals`), a knock now settled exactly, any other candidate
        played out with the fast policies (this seat lying in wait as the
        expert would, the opponent as :meth:`playout_waits` says).

        With ``MasterParams.condition``, ``cond_rng`` draws whether each
        deal's hand is guessed as a waiter's; by default a generator seeded
        by this view, the same at every call (the search's single call), so
        a caller playing out more deals in several calls passes its own, or
        every call would guess waiters in the same deals of its batch."""
        params = self.params
        rules = view.rules
        limit = view.knock_limit
        ex = self.expert
        ctx = _Context(view, ex.params)
        ex._weigh_unseen(ctx)
        mine_wait, opp_wait, p_wait = self.playout_waits(view)
        # for guessing its hand, how the opponent would have ended the hand at its last turn
        # (its own generator, so that the deals are the same with the condition off)
        chosen = [0.0] * n
        if params.condition:
            p_cond = waiter_chance(view, params.cond_prior)
            crng = cond_rng
            if crng is None:
                crng = random.Random(f"master-cond/{self.seed}/{view.match_no}/{view.hand_no}/{len(view.history)}")
            chosen = [opp_wait if crng.random() < p_cond else 0.0 for _ in range(n)]
        deals = self._deals(view, ctx, rng, chosen)
        # each deal draws the opponent's kind in play-outs: waiting, or knocking as soon as it may
        kinds_of = [(mine_wait, opp_wait if rng.random() < p_wait else 0.0) for _ in deals]
        keeps = (params.keep, params.keep_opp)
        hand = hand_mask(view.hand)
        pile0 = [c.bit for c in view.discard]
        points: list[list[int]] = [[] for _ in cands]
        bits = [a.card.bit if a.card is not None else 0 for a in cands]  # the card each candidate plays
        # a knock now, settled exactly (score_knock's points) against each deal's guess
        settle = [
            knock_settler(cards_of(hand ^ bits[i]), rules, limit) if a.kind == Kind.KNOCK else None
            for i, a in enumerate(cands)
        ]
        for (opp, stock0), waits in zip(deals, kinds_of):
            for i, action in enumerate(cands):
                kind = action.kind
                stock = list(stock0)
                pile = list(pile0)
                knock = settle[i]
                if knock is not None:
                    points[i].append(knock(opp))
                    continue
                if kind == Kind.DISCARD:
                    hands = [hand ^ bits[i], opp]
                    pile.append(bits[i])
                    if len(stock) <= rules.void_stock:
                        points[i].append(0)
                        continue
                    pts = play_out(hands, stock, pile, 1, waits, limit, rules, keeps)
                else:
                    # a draw: this seat draws now, then plays on with the fast policies
                    if kind == Kind.DRAW_DISCARD:
                        top = pile.pop()
                        h = hand | top
                        taken = top
                    else:
                        h = hand | stock.pop()
                        taken = 0
                    d, b, other = throw_keeping(h, taken, keeps[0])
                    if d == 0:
                        pts = rules.gin_bonus + deadwood_mask(opp)
                    elif d <= limit and (d >= waits[0] or len(stock) <= rules.void_stock + 1):
                        pts = knock_points(h ^ b, opp, d, rules)
                    elif len(stock) <= rules.void_stock:
                        pts = 0
                    else:
                        h ^= other
                        pile.append(other)
                        pts = play_out([h, opp], stock, pile, 1, waits, limit, rules, keeps)
                points[i].append(pts)
        return points

    def _search(self, view: PlayerView, cands: list[Action]) -> Action:
        """The candidate with the best average worth over the deals; the first
        (the expert's choice) unless another is better by ``margin`` standard errors."""
        params = self.params
        me = view.seat
        target = view.rules.target
        a0, b0 = view.scores[me], view.scores[1 - me]
        mult = view.multiplier
        worth: dict[int, float] = {}

        def value(pts: int) -> float:
            got = worth.get(pts)
            if got is None:
                if pts >= 0:
                    got = win_chance(a0 + pts * mult, b0, target, params.spread)
                else:
                    got = win_chance(a0, b0 - pts * mult, target, params.spread)
                worth[pts] = got
            return got

        rng = random.Random(f"master/{self.seed}/{view.match_no}/{view.hand_no}/{len(view.history)}/{view.phase}")
        n = max(params.min_deals, params.playouts // len(cands))
        scores = [[value(pts) for pts in points] for points in self.playout_points(view, cands, rng, n)]
        return cands[best_by_margin(scores, params.margin)]


def best_by_margin(scores: list[list[float]], margin: float) -> int:
    """Of candidates' worths on the same deals (``scores[i][deal]``), the index of the one
    with the best average, the first unless another beats it by ``margin`` standard errors
    of the paired differences."""
    base = scores[0]
    best, best_gain = 0, 0.0
    for i in range(1, len(scores)):
        diffs = [x - y for x, y in zip(scores[i], base)]
        gain = sum(diffs) / len(diffs)
        if gain <= best_gain:
            continue
        var = sum((d - gain) ** 2 for d in diffs) / max(1, len(diffs) - 1)
        if gain > margin * math.sqrt(var / len(diffs)):
            best, best_gain = i, gain
    return best


class GuessingExpert(ExpertOpponent):
    """The expert, reckoning what a knock now would score (and how likely it
    is undercut) against the master's guesses of the opponent's hand
    (:meth:`MasterOpponent.guess_hands`: the cards it picked up in melds, half
    its stock draws replayed, and each guess a hand it did not end the hand
    with), not against cards dealt at random from the unseen ones, which are
    far worse than what a player holds after keeping its best cards.  Two
    settings differ from the master's own guesses: a guess of a player who
    knocks as soon as it may replays at most a quarter of the unseen cards
    left out of it (:data:`GUESS_KNOCKER_REPLAYS`), and is dealt again up to
    :data:`GUESS_TRIES` times until it is a hand that player would not have
    knocked with.  Late in a hand, with few cards unseen, replaying half its
    draws picked its hand out of nearly all of them, and eight tries seldom
    found one above the knock limit: against a player still holding 18
    deadwood, a knock's figures went from about 3 to a loss of about 29 in
    two turns (``benchmarks/knock_figures.py``, ``docs/hints-review-web.md``).
    It plays as the expert with ``params``."""

    def __init__(
        self,
        seed: int | None = None,
        params: Params | None = None,
        *,
        match_end: bool = False,
        search: bool = False,
        confirm: Callable[[PlayerView, SearchTurn, bool], bool] | None = None,
    ) -> None:
        super().__init__(seed, params)
        self.match_end = match_end
        """Near the end of a match, knock or wait by the chance of winning the match (:func:`match_turn`)."""
        self.search = search
        """Where a knock is allowed, search as the master does (:func:`knock_search`)."""
        self.confirm = confirm
        """With ``search``: whether a turn of the search stands, given the view, the turn and
        whether the deal is practice (not ``match_end``); None: every one."""
        self.guesser = hints_guesser(seed)

    def guess_hands(self, view: PlayerView, ctx: _Context, rng: random.Random, samples: int) -> list[int]:
        return self.guesser.guess_hands(view, rng, samples)

    def choose(self, view: PlayerView) -> Action:
        """The expert's choice, but for a throw on this seat's last turn
        before the hand would be void while the opponent still has a turn
        (:func:`last_throw`): then the throw matters only by what it gives
        the opponent (its deadwood counts only if the opponent ends the
        hand), and a card the opponent can meld is changed for one it cannot
        (:func:`out_of_reach`) where there is one, the one of those leaving
        the least deadwood; and with ``match_end``, near the end of a match,
        a knock for the wait with the same card or the other way round where
        that wins the match more often (:func:`match_turn`); and with ``search``,
        where a knock is allowed, the master's choice on the same guesses
        where it differs (:func:`knock_search`)."""
        action = self.rule_choice(view)
        if self.search:
            searched = knock_search(view, action, self.seed or 0, not self.match_end)
            if searched is not None and (
                self.confirm is None or self.confirm(view, searched, not self.match_end)
            ):
                return searched.action
        return action

    def rule_choice(self, view: PlayerView) -> Action:
        """:meth:`choose` without the search (``search``)."""
        action = self.own_choice(view)
        if self.match_end:
            turn = match_turn(view, action, self.seed or 0)
            if turn is not None:
                return turn.action
        return action

    def own_choice(self, view: PlayerView) -> Action:
        """:meth:`choose` without the match's turn (``match_end``)."""
        action = super().choose(view)
        if action.kind != Kind.DISCARD or action.card is None or not last_throw(view):
            return action
        if out_of_reach(view, action.card):
            return action
        m = hand_mask(view.hand)
        safe = [
            a for a in view.legal_actions if a.kind == Kind.DISCARD and a.card is not None and out_of_reach(view, a.card)
        ]
        if not safe:
            return action
        return min(safe, key=lambda a: (deadwood_mask(m ^ a.card.bit), -a.card.value, -a.card.index))  # type: ignore[union-attr]


MATCH_END_DEALS = 384
"""Guessed deals on which :func:`match_turn` plays out a knock and the wait with the same card."""


MATCH_END_LEAST = 0.01
"""The least gain in the chance of winning the match for which :func:`match_turn` turns a
choice: the race model that values the points is rough, and a knock that very likely wins
the match was turned for waiting that won it 0.2 in 100 more often."""


MATCH_DECIDED = 0.1
"""Where both the knock's and the wait's chance of winning the match are below this (1 in
10), or both above 1 less this, the match is all but decided either way and :func:`match_turn`
weighs the two by their points instead (:func:`margin_points`).  At You 0, Computer 96 in
classic rules, the chances (:func:`win_chance`) are about 1 in 70 before the hand and 1 in
30 to 1 in 20 after a knock scoring 30 to 40 with its box: no gain in them reached
:data:`MATCH_END_LEAST`, and the hint waited where a knock scored more, the computer's knock
then winning the match by a shutout, its game bonus doubled.  A bound of 2 in 100 would not
have reached that position; below 1 in 10 a player at 0 stays until it has about 58 of the
96's 4 to go, more than a knock scores."""


MATCH_DECIDED_LEAST = 1.0
"""The least gain in points (:func:`margin_points`) for which :func:`match_turn` turns a
choice where the match is all but decided (:data:`MATCH_DECIDED`): a point, the least a hint
says ("about 1 more"), so that it never turns a choice for a gain it would call nothing."""


@dataclass(frozen=True)
class MatchTurn:
    """Near the end of a match, the other of a knock and the throw of the same card
    without knocking, where it wins the match more often, or where the match is all but
    decided, where it scores more (:func:`match_turn`)."""

    action: Action
    """The choice the match favours."""
    chance: float
    """The chance of winning the match with it, over the guessed deals."""
    other: float
    """The chance with the choice it turns."""
    error: float
    """The standard error of the difference of the two."""
    points: float | None = None
    """Where the match is all but decided (:data:`MATCH_DECIDED`) and the points turned the
    choice: how many more points it is expected to score (:func:`margin_points`); None where
    the chances of winning the match turned it."""
    shutout: bool = False
    """With :attr:`points`: whether they count a shutout's doubling of the game bonus, which
    any points of the player all but losing avoid, or which keeping the player all but
    losing at nothing earns (:func:`shutout_at_stake`)."""

    @property
    def lost(self) -> bool:
        """Whether the match is all but lost (with :attr:`points`; else, less likely won than not)."""
        return self.chance < 0.5


def shutout_at_stake(view: PlayerView, lost: bool) -> bool:
    """Whether, with the match all but ``lost`` by this seat (else all but won), the rules'
    doubling of the game bonus for a shutout is still to be decided: the player losing the
    match has scored nothing so far (``Rules.shutout``, :func:`~ginrummy_tui.engine.state.game_bonus_of`)."""
    rules = view.rules
    loser = view.seat if lost else 1 - view.seat
    return rules.shutout and rules.game_bonus > 0 and view.scores[loser] == 0


def margin_points(view: PlayerView, points: int, lost: bool) -> int:
    """What a hand's ``points`` (before its multiplier; negative when the other player scores)
    add to this seat's final margin where the match is all but ``lost`` by it (else all but
    won): the points with the multiplier and the box bonus of the hand won (:func:`boxed`),
    and where a shutout is at stake (:func:`shutout_at_stake`) the game bonus once more for
    the doubling that the losing player's first points avoid.  The winner of the match is
    taken as decided, so its game bonus counts the same either way and is left out."""
    p = boxed(points * view.multiplier, view.rules.box_bonus)
    if shutout_at_stake(view, lost) and (p > 0 if lost else p < 0):
        p += view.rules.game_bonus if lost else -view.rules.game_bonus
    return p


def near_match_end(view: PlayerView) -> bool:
    """Whether a player is within a gin's bonus of the target: one hand may end the match."""
    return view.rules.target - max(view.scores) <= view.rules.gin_bonus


@functools.lru_cache(maxsize=16)
def match_end_points(view: PlayerView, card: Card, seed: int = 0) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The points of this hand (before its multiplier; negative when the other player scores)
    of a throw of ``card`` without knocking and of a knock with it, on the same
    :data:`MATCH_END_DEALS` guessed deals (the hints' guesses, :func:`hints_guesser`): what
    :func:`match_turn` values, and near the end of a match the hints' and the review's
    figures of a knock against waiting (``knock_playouts.knock_cost_of_view``), so that
    the play-outs are made once for the three."""
    wait, knock = match_end_plays(view, (Action(Kind.DISCARD, card), Action(Kind.KNOCK, card)), seed)
    return wait, knock


@functools.lru_cache(maxsize=16)
def match_end_plays(view: PlayerView, actions: tuple[Action, ...], seed: int = 0) -> tuple[tuple[int, ...], ...]:
    """The points of this hand (before its multiplier; negative when the other player scores)
    of each of ``actions`` (knocks and throws without knocking, with any card) on the
    :data:`MATCH_END_DEALS` guessed deals of :func:`match_end_points`, the same deals
    whichever actions are played out on them: near the end of a match, a knock against a
    throw of another card without knocking is priced on them as one against the throw of
    its own card is (``knock_playouts.knock_cost_of_view``), and the review gives the
    chances of winning the match of the player's own move on them (:func:`match_versus`)."""
    rng = random.Random(f"gin-tui-match-end/{seed}/{len(view.history)}")
    waiters = random.Random(f"gin-tui-match-end-waiters/{seed}/{len(view.history)}")
    played = hints_guesser(seed).playout_points(view, list(actions), rng, MATCH_END_DEALS, cond_rng=waiters)
    return tuple(tuple(pts) for pts in played)


def _match_chances(view: PlayerView, points: Sequence[int]) -> list[float]:
    """Each deal's points of this hand (before the multiplier) valued as the chance of
    winning the match from the score they leave (:func:`win_chance`, multiplier and box
    bonus counted), as :func:`match_turn` values them."""
    me, them, target = view.scores[view.seat], view.scores[1 - view.seat], view.rules.target
    spread = MasterParams().spread

    def chance(pts: int) -> float:
        p = boxed(pts * view.multiplier, view.rules.box_bonus)
        return win_chance(me + p, them, target, spread) if p >= 0 else win_chance(me, them - p, target, spread)

    return [chance(p) for p in points]


def match_turn(view: PlayerView, action: Action, seed: int = 0) -> MatchTurn | None:
    """Near the end of a match (:func:`near_match_end`), where ``action`` is a knock or the
    throw of a card that may knock: the other of the two, where the play-outs of both on the
    same guessed deals (:func:`match_end_points`) say it wins the match more often by over
    two standard errors (and by at least :data:`MATCH_END_LEAST`), each deal's points
    (multiplier and box bonus counted) valued as the chance of winning the match from the
    score they leave (:func:`win_chance`, as the master values its play-outs); where the
    match is all but decided either way (both chances below :data:`MATCH_DECIDED`, or both
    above 1 less it), the other of the two where its points on those deals
    (:func:`margin_points`: box bonus and a shutout's doubled game bonus counted) are higher
    by over two standard errors and at least :data:`MATCH_DECIDED_LEAST`, unless ``action``
    wins the match more often by as much as would turn the other (two standard errors and
    :data:`MATCH_END_LEAST`); else None.
    Far from the end a hand's points and the match's chances agree, and the expert's rule
    of lying in wait holds; near it they part: ahead near the target a knock that ends the
    hand won the match more often where waiting scored more points (``docs/ai.md``)."""
    card = action.card
    if view.phase != Phase.DISCARD or card is None or action.kind not in (Kind.KNOCK, Kind.DISCARD):
        return None
    if Action(Kind.KNOCK, card) not in view.legal_actions or not near_match_end(view):
        return None
    wait, knock = match_end_points(view, card, seed)
    mine, theirs = (knock, wait) if action.kind == Kind.KNOCK else (wait, knock)
    other = Action(Kind.DISCARD if action.kind == Kind.KNOCK else Kind.KNOCK, card)
    kept = _match_chances(view, mine)
    turned = _match_chances(view, theirs)
    diffs = [b - a for a, b in zip(kept, turned)]
    gain = statistics.fmean(diffs)
    error = statistics.stdev(diffs) / math.sqrt(len(diffs))
    won, lost = statistics.fmean(turned), statistics.fmean(kept)
    if gain > max(2 * error, MATCH_END_LEAST):
        return MatchTurn(other, won, lost, error)
    if not (view.rules.box_bonus or view.rules.game_bonus):
        # no bonus counts the match's margin (the standard rules): winning the match is all
        # there is, and at 80-54 the points turned a knock that all but surely won it into a wait
        return None
    # all but decided either way: the chances hardly differ, and the points decide
    if max(won, lost) < MATCH_DECIDED:
        behind = True
    elif min(won, lost) > 1 - MATCH_DECIDED:
        behind = False
    else:
        return None
    if -gain > max(2 * error, MATCH_END_LEAST):
        return None  # the choice wins the match more often by as much as would turn it: the chances speak
    margins = [margin_points(view, b, behind) - margin_points(view, a, behind) for a, b in zip(mine, theirs)]
    points = statistics.fmean(margins)
    if points <= max(2 * statistics.stdev(margins) / math.sqrt(len(margins)), MATCH_DECIDED_LEAST):
        return None
    return MatchTurn(other, won, lost, error, points, shutout_at_stake(view, behind))


def match_versus(view: PlayerView, turn: MatchTurn, played: Action, seed: int = 0) -> MatchTurn:
    """``turn`` (the choice the match favours, :func:`match_turn`) with its figures set beside
    the player's own move ``played`` rather than beside the other of a knock and the throw of
    the same card: where the player knocked with another card, or threw another card
    without knocking, the chance of winning the match with ``played`` (and, where the points
    decided, :attr:`MatchTurn.points` over it), on the same deals (:func:`match_end_plays`);
    ``turn`` itself where ``played`` is that other choice, or neither a knock nor a throw."""
    card = turn.action.card
    if played == Action(Kind.DISCARD if turn.action.kind == Kind.KNOCK else Kind.KNOCK, card):
        return turn
    if played.card is None or played.kind not in (Kind.KNOCK, Kind.DISCARD):
        return turn
    first = played.kind == Kind.DISCARD and turn.action.kind == Kind.KNOCK  # a wait first, as knock_cost_of_view asks
    pair = (played, turn.action) if first else (turn.action, played)
    pts = match_end_plays(view, pair, seed)
    chosen, theirs = (pts[1], pts[0]) if first else (pts[0], pts[1])
    won, other = _match_chances(view, chosen), _match_chances(view, theirs)
    diffs = [a - b for a, b in zip(won, other)]
    error = statistics.stdev(diffs) / math.sqrt(len(diffs))
    points = turn.points
    if points is not None:
        points = statistics.fmean(margin_points(view, a, turn.lost) - margin_points(view, b, turn.lost) for a, b in zip(chosen, theirs))
    return MatchTurn(turn.action, statistics.fmean(won), statistics.fmean(other), error, points, turn.shutout)


@dataclass(frozen=True)
class SearchTurn:
    """Where a knock is allowed, the choice the master's search makes on the hints' guesses
    instead of the expert's rule's (:func:`knock_search`), with its figures on the same deals."""

    action: Action
    """The searched choice."""
    rule: Action
    """The choice of the expert's rule that it replaces."""
    chance: float
    """The average chance of winning the match with ``action`` (:func:`win_chance`)."""
    rule_chance: float
    """The same with ``rule``."""


@functools.lru_cache(maxsize=16)
def knock_search(view: PlayerView, rule: Action, seed: int = 0, practice: bool = False) -> SearchTurn | None:
    """Where a knock is allowed and ``rule`` is the expert's choice: the master's search
    (:meth:`MasterOpponent._search`, its deals and margin) on the hints' guesses
    (:func:`hints_guesser`) of whether to knock now or wait, and with which card: its
    candidates are ``rule``, the knock and the wait with ``rule``'s card, and the knock with
    the card leaving the least deadwood, not the master's other throws without a knock (on
    the same guesses those turned a wait with 1 deadwood, a king to come, for the throw of an
    ace keeping the king, 10 deadwood, whose play-outs knocked sooner: a hint no player could
    follow the sense of).  Each deal's points (multiplier and box bonus counted) are valued as
    the chance of winning the match from the score they leave, or, with ``practice`` (a deal
    of no match), as points.  The candidate it prefers when that is not ``rule``; else None,
    and always at this seat's last throw before the hand would be void (:func:`last_throw`),
    where a throw counts only by what it feeds the other player and the hints keep their rule:
    the search there turned the throw of a card the other player could not meld for one it
    held the cards to meld (``tests/test_searched_hints.py``).
    (``docs/ai.md`` has how much stronger the hints' expert plays with it.)"""
    if view.phase != Phase.DISCARD or rule.kind not in (Kind.KNOCK, Kind.DISCARD):
        return None
    if not any(a.kind == Kind.KNOCK for a in view.legal_actions) or last_throw(view):
        return None  # (the last throw before the hand would be void is the rule's: GuessingExpert.choose)
    guesser = hints_guesser(seed)
    params = guesser.params
    legal = view.legal_actions
    m = hand_mask(view.hand)
    least = min(
        (a for a in legal if a.kind == Kind.KNOCK and a.card is not None),
        key=lambda a: (deadwood_mask(m ^ a.card.bit), -a.card.value, -a.card.index),  # type: ignore[union-attr]
    )
    cands = [rule]
    for a in (Action(Kind.KNOCK, rule.card), Action(Kind.DISCARD, rule.card), least):
        if a in legal and a not in cands:
            cands.append(a)
    rng = random.Random(f"gin-tui-knock-search/{seed}/{len(view.history)}")
    waiters = random.Random(f"gin-tui-knock-search-waiters/{seed}/{len(view.history)}")
    n = max(params.min_deals, params.playouts // len(cands))
    me, them, target = view.scores[view.seat], view.scores[1 - view.seat], view.rules.target
    mult, box = view.multiplier, view.rules.box_bonus

    def points(pts: int) -> int:
        return boxed(pts * mult, box)

    def chance(p: int) -> float:
        return win_chance(me + p, them, target, params.spread) if p >= 0 else win_chance(me, them - p, target, params.spread)

    played = [[points(p) for p in pts] for pts in guesser.playout_points(view, cands, rng, n, cond_rng=waiters)]
    chances = [[chance(p) for p in pts] for pts in played]
    best = best_by_margin([[float(p) for p in pts] for pts in played] if practice else chances, params.margin)
    if best == 0:
        return None
    return SearchTurn(cands[best], rule, statistics.fmean(chances[best]), statistics.fmean(chances[0]))


def last_throw(view: PlayerView) -> bool:
    """Whether a throw now is this seat's last before the hand would be void
    (it has no draw left) while the opponent still has a turn, the hand void
    unless the opponent ends it."""
    return view.phase == Phase.DISCARD and _draws_left(view, drawn=True) <= 0 and view.stock_size > view.rules.void_stock


def void_throw(view: PlayerView) -> bool:
    """Whether a throw now without a knock ends the hand void: the stock is down to the
    rules' ``void_stock`` (the engine ends the hand on that throw), and the opponent gets no
    turn, so no card thrown then is better or worse than another."""
    return view.phase == Phase.DISCARD and view.stock_size <= view.rules.void_stock


def out_of_reach(view: PlayerView, c: Card) -> bool:
    """Whether the opponent cannot meld ``c`` whatever it holds: each set and
    run of three with ``c`` needs a card in this seat's hand (``c`` aside) or
    in the discard pile (the pile's cards under its top are out of play, and
    its top is taken only instead of this throw)."""
    gone = (hand_mask(view.hand) & ~c.bit) | hand_mask(view.discard)
    return all((a | b) & gone for a, b in MELD_PAIRS[c.index])


def hints_guesser(seed: int | None = 0) -> MasterOpponent:
    """The master whose guesses of the other player's hand the hints deal
    (:class:`GuessingExpert`'s, and those of the play-outs behind the hints'
    figures of a knock, ``knock_playouts.knock_guesser``, and of :func:`match_turn`):
    each a hand that player did not end the hand with, a quick knocker's
    replaying at most :data:`GUESS_KNOCKER_REPLAYS` of the unseen cards, the
    last throw's not bounded (the hints' guesses as measured,
    ``docs/hints-review-web.md``)."""
    return MasterOpponent(
        seed,
        MasterParams(
            condition=True, cond_prior=GUESS_WAITER_PRIOR, knocker_replays=GUESS_KNOCKER_REPLAYS, tries=GUESS_TRIES,
            last_replays=0.0,
        ),
    )


GUESS_WAITER_PRIOR = 0.3
"""For :class:`GuessingExpert`: the chance, before any hand of the match is
seen, that the opponent lies in wait (as ``MasterParams.waiter_prior``)."""

GUESS_KNOCKER_REPLAYS = 0.25
"""For :class:`GuessingExpert`: ``MasterParams.knocker_replays``."""

GUESS_TRIES = 16
"""For :class:`GuessingExpert`: ``MasterParams.tries``."""
