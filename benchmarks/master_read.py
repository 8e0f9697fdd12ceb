"""How much of the opponent's hand can its moves tell?  A Metropolis reader.

    python benchmarks/master_read.py [--games 40] [--opp standard] \\
        [--min-throws 5] [--burn 150] [--chains 8] [--lam 2] [--knock 2]

The master guesses the opponent's hidden cards from the expert's weights
(``MasterOpponent._deals``).  This benchmark samples them instead from the
whole hand's history, as exactly as a sampler can: the opponent's ten dealt
cards and its stock draws are *slots*; each card it threw that it had not
picked up from the pile sits in a slot before its throw, and the unseen
cards fill the rest (they are the cards it still holds).  Replaying a
history gives the hand before each of its moves, and a history is scored by
how unlikely its moves are for a player who throws by least deadwood
(a throw leaving ``g`` more deadwood than the least has the weight
``exp(-lam * g)`` among the hand's throws), takes a discard when it joins a
meld and lowers the deadwood, and knocks as soon as it may (a discard taken
or passed against that rule, or a throw after which it could have knocked,
adds ``--knock`` to the score).  Metropolis
steps (a hidden card replaced by another unseen one, or two slots swapped)
sample histories by ``exp(-score)``; a deal is uniform, so that is the
chance of the history given the moves.

At every throw of the master (against the level given, in single first
hands) after the opponent has thrown ``--min-throws`` cards, it prints, for
the master's own guesses, for chains started from them, and for chains
started at random and run ten times as long: the share of the opponent's
unknown cards a guess holds, and the mean guessed deadwood, against a random
guess and the real hand.  It also prints the mean score of the real history
against the last ones of the chains: where the chains' histories are as
likely as the real one, the chains have found what the moves say.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.common import hand_mask
from ginrummy_tui.ai.expert import NEAR, _bits, _Context
from ginrummy_tui.ai.master import MasterOpponent
from ginrummy_tui.ai.standard import wants_card
from ginrummy_tui.engine import PlayerView, apply, deadwood_mask, new_game, view
from ginrummy_tui.engine.cards import DECK
from ginrummy_tui.engine.kinds import Kind, Phase

REFUSE, TAKE, DRAW, THROW = range(4)


def opponent_moves(v: PlayerView) -> list[tuple[int, int, int]]:
    """The opponent's moves this hand: ``(kind, card bit, stock draw number)``."""
    opp = 1 - v.seat
    moves: list[tuple[int, int, int]] = []
    pile: list[int] = []
    draws = 0
    after_passes = False
    for i, mv in enumerate(v.history):
        kind = mv.action.kind
        if i == 0 and mv.card is not None:
            pile = [mv.card.bit]
        if kind == Kind.PASS:
            if mv.seat == opp and mv.card is not None:
                moves.append((REFUSE, mv.card.bit, 0))
            after_passes = i >= 1
            continue
        if kind in (Kind.TAKE_UPCARD, Kind.DRAW_DISCARD):
            if pile:
                pile.pop()
            if mv.seat == opp and mv.card is not None:
                moves.append((TAKE, mv.card.bit, 0))
        elif kind == Kind.DRAW_STOCK:
            if mv.seat == opp:
                if pile and not after_passes:
                    moves.append((REFUSE, pile[-1], 0))
                moves.append((DRAW, 0, draws))
                draws += 1
        elif mv.card is not None:
            pile.append(mv.card.bit)
            if mv.seat == opp:
                moves.append((THROW, mv.card.bit, 0))
        after_passes = False
    return moves


class Reader:
    """Histories of the opponent's hand for one view, sampled by their chance."""

    def __init__(self, v: PlayerView, unseen: int, lam: float, knock: float) -> None:
        self.moves = opponent_moves(v)
        self.limit = v.knock_limit
        self.lam = lam
        self.knock = knock
        self.pool = list(_bits(unseen & ~hand_mask(v.opponent_known)))
        held = 0
        self.deadline: dict[int, int] = {}
        for i, (kind, b, _j) in enumerate(self.moves):
            if kind == TAKE:
                held |= b
            elif kind == THROW:
                if b & held:
                    held ^= b
                else:
                    self.deadline[b] = i
        self.times = [-1] * 10 + [i for i, (kind, _b, _j) in enumerate(self.moves) if kind == DRAW]

    def start(self, rng: random.Random, hidden: int = 0) -> list[int]:
        """A history placing each thrown card before its throw; the slots
        left hold ``hidden`` (the unseen cards of a guess) or random ones."""
        slots = [0] * len(self.times)
        free = list(range(len(slots)))
        for b, t in sorted(self.deadline.items(), key=lambda kv: kv[1]):
            s = rng.choice([s for s in free if self.times[s] < t])
            slots[s] = b
            free.remove(s)
        fill = [b for b in self.pool if b & hidden]
        if len(fill) != len(free):
            fill = rng.sample(self.pool, len(free))
        rng.shuffle(fill)
        for s, b in zip(free, fill):
            slots[s] = b
        return slots

    def score(self, slots: list[int]) -> float:
        """Minus the log chance of the history's moves (up to a constant)."""
        h = 0
        for b in slots[:10]:
            h |= b
        e = 0.0
        just = 0
        for kind, b, j in self.moves:
            if kind == THROW:
                d = deadwood_mask(h ^ b)
                left = [d]
                rest = h & ~just & ~b
                while rest:
                    c = rest & -rest
                    rest ^= c
                    left.append(deadwood_mask(h ^ c))
                least = min(left)
                e += self.lam * (d - least) + math.log(sum(math.exp(-self.lam * (f - least)) for f in left))
                if d <= self.limit:
                    e += self.knock
                h ^= b
                just = 0
            elif kind == DRAW:
                h |= slots[10 + j]
                just = 0
            elif kind == TAKE:
                if not wants_card(h, DECK[b.bit_length() - 1]):
                    e += self.knock
                h |= b
                just = b
            elif NEAR[b.bit_length() - 1] & h and wants_card(h, DECK[b.bit_length() - 1]):
                e += self.knock
        return e

    def hidden(self, slots: list[int]) -> int:
        h = 0
        for b in slots:
            if b not in self.deadline:
                h |= b
        return h

    def run(self, rng: random.Random, slots: list[int], steps: int) -> float:
        """``steps`` Metropolis steps on ``slots``; returns the last score."""
        e = self.score(slots)
        used = {b for b in slots if b not in self.deadline}
        n = len(slots)
        for _ in range(steps):
            if rng.random() < 0.5:
                s = rng.randrange(n)
                old, new = slots[s], rng.choice(self.pool)
                if old in self.deadline or new in used:
                    continue
                slots[s] = new
                f = self.score(slots)
                if f <= e or rng.random() < math.exp(e - f):
                    used.discard(old)
                    used.add(new)
                    e = f
                else:
                    slots[s] = old
                continue
            s, t = rng.randrange(n), rng.randrange(n)
            a, b = slots[s], slots[t]
            if s == t or (a in self.deadline and self.times[t] >= self.deadline[a]):
                continue
            if b in self.deadline and self.times[s] >= self.deadline[b]:
                continue
            slots[s], slots[t] = b, a
            f = self.score(slots)
            if f <= e or rng.random() < math.exp(e - f):
                e = f
            else:
                slots[s], slots[t] = a, b
        return e


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--opp", default="standard")
    ap.add_argument("--min-throws", type=int, default=5)
    ap.add_argument("--burn", type=int, default=150)
    ap.add_argument("--chains", type=int, default=8)
    ap.add_argument("--lam", type=float, default=2.0)
    ap.add_argument("--knock", type=float, default=2.0)
    args = ap.parse_args()
    rows: dict[str, list[tuple[float, float]]] = {
        "master's guesses": [],
        "chains from them": [],
        "chains from random": [],
    }
    real_dw: list[int] = []
    rand_share: list[float] = []
    real_score: list[float] = []
    chain_score: list[float] = []
    long_score: list[float] = []
    secs: list[float] = []
    for g in range(args.games):
        master = MasterOpponent(g)
        other = get_opponent(args.opp, seed=g)
        state = new_game(seed=f"read-{g}")
        dealt = [c.bit for c in state.hands[1]]
        drawn: list[int] = []
        while state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            seat = state.current
            v = view(state, seat)
            throws = sum(1 for mv in v.history if mv.seat == 1 and mv.action.kind == Kind.DISCARD)
            real = hand_mask(state.hands[1])
            known = hand_mask(v.opponent_known)
            target = real & ~known
            n = target.bit_count()
            if seat == 0 and n and any(a.kind == Kind.DISCARD for a in v.legal_actions) and throws >= args.min_throws:
                ctx = _Context(v, master.expert.params)
                master.expert._weigh_unseen(ctx)
                rng = random.Random(g * 1000 + len(v.history))
                guesses = [h & ~known for h, _s in master._deals(v, ctx, rng, [0.0] * args.chains)]
                reader = Reader(v, ctx.unseen, args.lam, args.knock)
                real_score.append(reader.score(dealt + drawn))
                t0 = time.perf_counter()
                from_guess = []
                for h in guesses:
                    slots = reader.start(rng, h)
                    chain_score.append(reader.run(rng, slots, args.burn))
                    from_guess.append(reader.hidden(slots))
                secs.append((time.perf_counter() - t0) / args.chains)
                from_random = []
                for _ in range(args.chains):
                    slots = reader.start(rng)
                    long_score.append(reader.run(rng, slots, 10 * args.burn))
                    from_random.append(reader.hidden(slots))
                for name, hs in zip(rows, (guesses, from_guess, from_random)):
                    share = statistics.mean((h & target).bit_count() / n for h in hs)
                    rows[name].append((share, statistics.mean(deadwood_mask(h | known) for h in hs)))
                real_dw.append(deadwood_mask(real))
                rand_share.append(n / len(reader.pool))
            action = master.choose(v) if seat == 0 else other.choose(v)
            before = hand_mask(state.hands[1])
            state = apply(state, action)
            if seat == 1 and action.kind == Kind.DRAW_STOCK:
                drawn.append(hand_mask(state.hands[1]) & ~before)
    if not real_dw:
        print("no position reached")
        return
    print(
        f"against {args.opp}: {len(real_dw)} throws of the master in {args.games} first hands, "
        f"the opponent having thrown at least {args.min_throws}"
    )
    print(f"{'guesses':20} {'share of its cards':>19} {'deadwood':>9}")
    print(f"{'random':20} {statistics.mean(rand_share):19.1%} {'':>9}")
    print(f"{'real hand':20} {'':>19} {statistics.mean(real_dw):9.1f}")
    for name, vals in rows.items():
        print(f"{name:20} {statistics.mean(s for s, _d in vals):19.1%} {statistics.mean(d for _s, d in vals):9.1f}")
    print(
        f"score of the real history {statistics.mean(real_score):.2f}, of the chains from the guesses "
        f"{statistics.mean(chain_score):.2f}, from random {statistics.mean(long_score):.2f}; "
        f"{1000 * statistics.median(secs):.0f} ms a chain of {args.burn} steps (median)"
    )


if __name__ == "__main__":
    main()
