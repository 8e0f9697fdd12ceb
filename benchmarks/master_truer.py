"""How much of the opponent's hand the master's guesses hold, made truer.

    python benchmarks/master_truer.py [--games 30] [--opp standard] [--deals 20] \\
        [--shares 0 0.25 0.5 0.75]

``benchmarks/master_tune.py`` with ``"oracle": p`` measures the strength of
a master whose guesses keep each of the real hand's cards with chance p
(its own guessed cards fill the rest).  This prints what such guesses hold:
at each of the master's throws in ``--games`` single first hands against
``--opp``, ``--deals`` guesses are dealt and the share of the opponent's
unknown cards (those it has not shown by picking them up) they hold is
counted.  With p 0 the guesses are the master's own.
"""

from __future__ import annotations

import argparse
import random

from master_tune import OracleMaster

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.common import hand_mask
from ginrummy_tui.ai.expert import _Context
from ginrummy_tui.ai.master import MasterParams
from ginrummy_tui.engine import apply, new_game, view
from ginrummy_tui.engine.kinds import Phase


def held_share(share: float, games: int, opp_level: str, deals: int) -> tuple[float, int]:
    """The share of the unknown cards the guesses hold, and the throws counted."""
    total = held = throws = 0
    for game in range(games):
        master = OracleMaster(game, MasterParams())
        master.share = share
        other = get_opponent(opp_level, seed=game + 500_000)
        state = new_game(seed=f"truer-{game}")
        rng = random.Random(game)  # the guesses' own, so the master plays as it would without them
        while state.phase.playing:
            seat = state.current
            v = view(state, seat)
            if seat == 0:
                truth = hand_mask(state.hands[1])
                master.truth = truth
                unknown = truth & ~hand_mask(v.opponent_known)
                if state.phase == Phase.DISCARD and unknown:
                    throws += 1
                    guesses = master._deals(v, _Context(v, master.expert.params), rng, [0.0] * deals)
                    for hand, _stock in guesses:
                        total += unknown.bit_count()
                        held += (hand & unknown).bit_count()
                action = master.choose(v)
            else:
                action = other.choose(v)
            state = apply(state, action, seat)
    return held / max(1, total), throws


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--opp", default="standard")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--shares", type=float, nargs="+", default=[0.0, 0.25, 0.5, 0.75])
    args = ap.parse_args()
    print(f"against {args.opp}, {args.games} first hands, {args.deals} guesses a throw")
    for share in args.shares:
        part, throws = held_share(share, args.games, args.opp, args.deals)
        print(f"real cards kept with chance {share:4.2f}: guesses hold {100 * part:5.1f}% of the unknown cards"
              f" ({throws} throws)")


if __name__ == "__main__":
    main()
