"""Does the expert's waiting (not knocking with low deadwood) pay against a
strong opponent too, not only against the standard one?

Plays the expert against the same expert with waiting turned off
(``Params(wait_below=0)``: it knocks as soon as it may), seats alternating,
each deal played from both seats, and prints the waiting expert's share of
matches won.  Run: ``python benchmarks/expert_wait.py [MATCHES]`` (default 200).
"""

from __future__ import annotations

import sys
from multiprocessing import Pool

from ginrummy_tui.ai.expert import ExpertOpponent, Params
from ginrummy_tui.engine import PRESETS, apply, new_game, view


def match(i: int) -> int:
    waiting = ExpertOpponent(i, Params())
    eager = ExpertOpponent(i, Params(wait_below=0.0))
    seats = (waiting, eager) if i % 2 == 0 else (eager, waiting)
    state = new_game(PRESETS["standard"], seed=1000 + i // 2)
    while state.phase != "match_over":
        if state.phase == "hand_over":
            state = apply(state, view(state, 0).legal_actions[0])
            continue
        state = apply(state, seats[state.current].choose(view(state, state.current)))
    return 1 if seats[state.winner] is waiting else 0


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    with Pool(2) as pool:
        wins = sum(pool.map(match, range(n)))
    print(f"waiting expert wins {wins}/{n} = {wins / n:.1%} of matches against the expert that knocks at once")


if __name__ == "__main__":
    main()
