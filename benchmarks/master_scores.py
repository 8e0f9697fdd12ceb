"""Where in a match the master wins and loses it.

    python benchmarks/master_scores.py [--matches 300] [--seed 88] [--opp standard] [--jobs 2]

Plays whole matches of the master against another level (seats alternating,
each deal played from both seats) and prints:

* the chance that the master went on to win the match, by both scores at
  the start of a hand (in bands of 25 points);
* for the matches it lost, the hand that decided them: whether the master
  began it ahead, and whether the opponent was within 25 points of the
  target, with how the hand ended;
* over the hands played with the opponent within 25 points of the target,
  how they ended and who won them.
"""

from __future__ import annotations

import argparse
import collections
import multiprocessing

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.engine import PRESETS, apply, new_game, view
from ginrummy_tui.engine.kinds import Phase

NEAR = 25
BAND = 25
TARGET = PRESETS["standard"].target  # the rules the matches are played under


def play(job: tuple[int, int, str]) -> tuple[bool, list[tuple[int, int, str, bool | None]]]:
    """One match: (master won, per hand (master's score, opponent's score at
    its start, how it ended, master won it or None))."""
    seed, index, opp = job
    me = index % 2
    players = {me: get_opponent("master", seed=index), 1 - me: get_opponent(opp, seed=index + 500_000)}
    state = new_game(PRESETS["standard"], seed=f"{seed}-{index // 2}")
    hands: list[tuple[int, int, str, bool | None]] = []
    start = state.scores
    while True:
        if state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            rec = state.sheet[-1]
            won = None if rec.winner is None else rec.winner == me
            hands.append((start[me], start[1 - me], rec.kind.name.lower(), won))
            if state.phase == Phase.MATCH_OVER:
                return state.winner == me, hands
            state = apply(state, players[0].choose(view(state, 0)))
            start = state.scores
            continue
        seat = state.current
        state = apply(state, players[seat].choose(view(state, seat)), seat)


def band(score: int) -> int:
    """The band of a score: 0 for 0-24, 1 for 25-49, ... (the last open-ended)."""
    return min(score // BAND, TARGET // BAND - 1)


def label(b: int) -> str:
    return f"{b * BAND}-{b * BAND + BAND - 1}" if b < TARGET // BAND - 1 else f"{b * BAND}+"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--matches", type=int, default=300)
    ap.add_argument("--seed", type=int, default=88)
    ap.add_argument("--opp", default="standard")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    jobs = [(args.seed, i, args.opp) for i in range(args.matches)]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        results = pool.map(play, jobs, chunksize=4)

    won = sum(w for w, _ in results)
    print(f"master against {args.opp}: {won} of {len(results)} matches won")

    chance: dict[tuple[int, int], list[int]] = collections.defaultdict(lambda: [0, 0])
    for w, hands in results:
        for mine, theirs, _, _ in hands:
            cell = chance[(band(mine), band(theirs))]
            cell[0] += w
            cell[1] += 1
    print("\nchance the master goes on to win, by the scores at the start of a hand")
    print(f"{'master':>8} {'opponent':>9} {'hands':>6} {'won':>6}")
    for (a, b), (wins, n) in sorted(chance.items()):
        print(f"{label(a):>8} {label(b):>9} {n:6d} {100 * wins / n:5.1f}%")

    lost: collections.Counter[tuple[str, str, str]] = collections.Counter()
    for w, hands in results:
        if not w:
            mine, theirs, kind, _ = hands[-1]
            ahead = "master ahead" if mine > theirs else "master behind or level"
            near = f"opponent within {NEAR}" if TARGET - theirs <= NEAR else f"opponent more than {NEAR} away"
            lost[(ahead, near, kind)] += 1
    print(f"\nthe deciding hand of the {len(results) - won} matches lost")
    for key, n in sorted(lost.items()):
        print(f"{n:5d}  {', '.join(key)}")

    late: collections.Counter[tuple[str, str]] = collections.Counter()
    for _, hands in results:
        for _, theirs, kind, by_master in hands:
            if TARGET - theirs <= NEAR:
                who = "nobody" if by_master is None else ("master" if by_master else "opponent")
                late[(kind, who)] += 1
    print(f"\nhands with the opponent within {NEAR} of the target: how they ended, who won")
    for (kind, who), n in sorted(late.items()):
        print(f"{n:5d}  {kind}, won by {who}")


if __name__ == "__main__":
    main()
