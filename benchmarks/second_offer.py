"""The dealer's second upcard offer: what taking the upcard is worth against
passing it, played out.

    python benchmarks/second_offer.py [--positions N] [--replays R] [--opponents standard,expert]
                                      [--jobs J] [--seed S] [--out FILE]

Positions: from seeded matches of the expert against each opponent named,
every second upcard offer to the expert as dealer (the non-dealer passed
the upcard), N positions for each opponent.  For each position the cards
the dealer cannot see (the non-dealer's hand and the stock, 41 cards) are
dealt again R times from those cards, each deal kept only if the non-dealer
(the real opponent, whose choices depend only on what it sees) would have
passed the upcard with that hand: the deals are then those the dealer must
reckon with, weighed as the opponent's pass weighs them.  Each deal is
played out to the end of the hand twice, once after taking the upcard and
once after passing it, with the same stock order, the expert playing on
for the dealer and the real opponent for the other seat.  The figure of a
deal is the dealer's net points of the hand (points won, or minus points
lost; 0 for a void hand) after taking minus after passing; the figure of a
position is its mean over the R deals.

It prints, for the positions where the expert (of the tree it runs from)
takes and for those where it passes: the mean of the positions' figures
with its standard error, and the share of positions where taking, or
passing, came out better.  ``--out`` writes every position's figure and a
few features of it (JSON lines) for a closer look.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from dataclasses import replace
from multiprocessing import Pool

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.engine import (
    Action,
    Card,
    GameState,
    Kind,
    Phase,
    apply,
    deadwood_mask,
    mask_of,
    new_game,
    state_from_dict,
    state_to_dict,
    view,
)
from ginrummy_tui.engine.cards import DECK

EXPERT = 0
"""The expert's seat in the seeded matches."""


def collect(opponent: str, count: int, seed: int) -> list[GameState]:
    """``count`` states just before the non-dealer's pass of the upcard,
    the expert dealing, from seeded matches against ``opponent``; the first
    offer is then passed in each."""
    players = (get_opponent("expert", seed), get_opponent(opponent, seed + 1))
    out: list[GameState] = []
    m = 0
    while len(out) < count:
        state = new_game(seed=f"second-offer-{opponent}-{seed}-{m}")
        m += 1
        while state.phase != Phase.MATCH_OVER and len(out) < count:
            if state.phase == Phase.HAND_OVER:
                state = apply(state, Action(Kind.NEXT_HAND))
                continue
            seat = state.current
            if state.phase == Phase.UPCARD and state.passes == 0 and state.dealer == EXPERT:
                first = players[seat].choose(view(state, seat))
                if first.kind == Kind.PASS:
                    out.append(state)
                state = apply(state, first, seat)
                continue
            state = apply(state, players[seat].choose(view(state, seat)), seat)
    return out


def play_out(state: GameState, players) -> int:
    """The dealer's net points of the hand played out from ``state``."""
    dealer = state.dealer
    while state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        seat = state.current
        state = apply(state, players[seat].choose(view(state, seat)), seat)
    r = state.result
    if r is None or r.winner is None:
        return 0
    return r.points if r.winner == dealer else -r.points


def _sorted(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.index))


def redeal(pre: GameState, opponent, rng: random.Random, hidden: list[Card] | None = None) -> tuple[GameState, int]:
    """``pre`` with the cards the dealer cannot see (the non-dealer's hand
    and the stock) dealt again, until the non-dealer (``opponent``) would
    pass the upcard with its hand; and how many deals that took.  ``hidden``:
    those cards, shuffled in place (each deal from the order the last left)."""
    nd = 1 - pre.dealer
    mine = pre.hands[pre.dealer]
    up = pre.discard[-1]
    if hidden is None:
        hidden = [c for c in DECK if c not in mine and c != up]
    tries = 0
    while True:
        tries += 1
        rng.shuffle(hidden)
        hands = [mine, mine]
        hands[nd] = _sorted(hidden[:10])
        s0 = replace(pre, hands=(hands[0], hands[1]), stock=tuple(hidden[10:]))
        if opponent.choose(view(s0, nd)).kind == Kind.PASS:  # else the real non-dealer would have taken it
            return s0, tries


def measure(job: tuple[int, str, GameState, int, int]) -> dict:
    """Play one position out ``replays`` times from each choice."""
    index, opponent, pre, replays, seed = job
    dealer = pre.dealer
    nd = 1 - dealer
    rng = random.Random(seed * 1_000_003 + index)
    expert = get_opponent("expert", seed)
    opp = get_opponent(opponent, seed + 1)
    players = [expert, expert]
    players[nd] = opp
    mine = pre.hands[dealer]
    up = pre.discard[-1]
    hidden = [c for c in DECK if c not in mine and c != up]
    diffs: list[int] = []
    tries = 0
    while len(diffs) < replays:
        s0, n = redeal(pre, opp, rng, hidden)
        tries += n
        s1 = apply(s0, Action(Kind.PASS), nd)
        take = play_out(apply(s1, Action(Kind.TAKE_UPCARD), dealer), players)
        pass_ = play_out(apply(s1, Action(Kind.PASS), dealer), players)
        diffs.append(take - pass_)
    s1 = apply(pre, Action(Kind.PASS), nd)
    v = view(s1, dealer)
    choice = expert.choose(v)
    m10 = mask_of(mine)
    return {
        "index": index,
        "opponent": opponent,
        "hand": " ".join(str(c) for c in mine),
        "upcard": str(up),
        "scores": list(pre.scores),
        "deadwood": deadwood_mask(m10),
        "best_with_up": min(deadwood_mask((m10 | up.bit) ^ c.bit) for c in mine),
        "stock": len(pre.stock),
        "expert_takes": choice.kind == Kind.TAKE_UPCARD,
        "mean": statistics.fmean(diffs),
        "sd": statistics.stdev(diffs) if len(diffs) > 1 else 0.0,
        "replays": len(diffs),
        "tries": tries,
        "state": state_to_dict(pre),
    }


def summary(rows: list[dict], label: str) -> str:
    if not rows:
        return f"{label}: no positions"
    means = [r["mean"] for r in rows]
    mu = statistics.fmean(means)
    se = statistics.stdev(means) / math.sqrt(len(means)) if len(means) > 1 else 0.0
    take = sum(1 for x in means if x > 0)
    pass_ = sum(1 for x in means if x < 0)
    n = len(means)
    return (
        f"{label}: {n} positions, taking minus passing {mu:+.2f} ± {se:.2f} points a hand;"
        f" taking better in {take} ({100 * take / n:.0f}%), passing better in {pass_} ({100 * pass_ / n:.0f}%)"
    )


def again(path: str, opponents: list[str]) -> None:
    """Print the figures of ``path`` grouped by this tree's choices."""
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    expert = get_opponent("expert", 1)
    changed = []
    for row in rows:
        pre = state_from_dict(row["state"])
        s1 = apply(pre, Action(Kind.PASS), 1 - pre.dealer)
        takes = expert.choose(view(s1, pre.dealer)).kind == Kind.TAKE_UPCARD
        if takes != row["expert_takes"]:
            changed.append(row)
        row["before"] = row["expert_takes"]
        row["expert_takes"] = takes
    for opponent in opponents:
        mine = [r for r in rows if r["opponent"] == opponent]
        print(f"against {opponent}:")
        print("  " + summary([r for r in mine if r["expert_takes"]], "expert takes"))
        print("  " + summary([r for r in mine if not r["expert_takes"]], "expert passes"))
    print("all:")
    print("  " + summary([r for r in rows if r["expert_takes"]], "expert takes"))
    print("  " + summary([r for r in rows if not r["expert_takes"]], "expert passes"))
    print("  " + summary(rows, "every position"))
    now_takes = [r for r in changed if r["expert_takes"]]
    now_passes = [r for r in changed if not r["expert_takes"]]
    print(f"changed choices: {len(now_takes)} now taken, {len(now_passes)} now passed")
    print("  " + summary(now_takes, "now taken"))
    print("  " + summary(now_passes, "now passed"))
    gain = [r["mean"] if r["expert_takes"] else -r["mean"] for r in changed] + [0.0] * (len(rows) - len(changed))
    se = statistics.stdev(gain) / math.sqrt(len(gain)) if len(gain) > 1 else 0.0
    print(f"  gain of the new choices over all {len(rows)} positions: {statistics.fmean(gain):+.2f} ± {se:.2f} points a hand")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100, help="positions for each opponent (default 100)")
    parser.add_argument("--replays", type=int, default=16, help="deals played out from each position (default 16)")
    parser.add_argument("--opponents", default="standard,expert")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", help="write each position's figure here (JSON lines)")
    parser.add_argument(
        "--again",
        metavar="FILE",
        help="no play-outs: the figures of the positions of an earlier --out, grouped by the choices"
        " of the expert of this tree, and what changed from the choices in FILE",
    )
    args = parser.parse_args()
    if args.again:
        again(args.again, args.opponents.split(","))
        return
    jobs: list[tuple[int, str, GameState, int, int]] = []
    for opponent in args.opponents.split(","):
        for pre in collect(opponent, args.positions, args.seed):
            jobs.append((len(jobs), opponent, pre, args.replays, args.seed))
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            rows = pool.map(measure, jobs, chunksize=1)
    else:
        rows = [measure(j) for j in jobs]
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
    for opponent in args.opponents.split(","):
        mine = [r for r in rows if r["opponent"] == opponent]
        print(f"against {opponent}:")
        print("  " + summary([r for r in mine if r["expert_takes"]], "expert takes"))
        print("  " + summary([r for r in mine if not r["expert_takes"]], "expert passes"))
    print("all:")
    print("  " + summary([r for r in rows if r["expert_takes"]], "expert takes"))
    print("  " + summary([r for r in rows if not r["expert_takes"]], "expert passes"))
    print("  " + summary(rows, "every position"))


if __name__ == "__main__":
    main()
