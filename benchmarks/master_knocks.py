"""Are the master's knocks as safe as its guesses say?

    python benchmarks/master_knocks.py [--matches 60] [--seed 11] [--opp expert] \\
        [--params '{"meld_known": false}'] [--jobs 2]

Plays matches of the master against another level and, at every knock the
master makes, asks the guesses of the opponent's hand its search dealt for
that decision how often the knock would be undercut, then records whether it
was.  It prints the number of knocks, the undercut chance the guesses
foretold on average, how often the knocks were undercut, the Brier score of
the foretold chances (the mean squared error; always foretelling the real
rate scores that rate times one minus it), and the mean deadwood of the
guessed and of the real opponent hands.  A search whose guesses of the
opponent are too kind knocks into undercuts it never saw coming.

It also prints, over every search the master made (a knock or not), how
many of the opponent's unknown cards a guess holds on average, against what
a guess dealt at random from the unseen cards would hold, and the mean
deadwood of the guessed and of the real opponent hands.

And, at every knock of the opponent, by how much the master's deadwood
(after its layoffs) was above the knocker's: 0 or less is an undercut, a
few points is a hand lost narrowly.  Each band is split by whether the
master's last throw had left it within the knock limit (it could have
knocked and lay in wait instead) or above it.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.common import hand_mask
from ginrummy_tui.ai.expert import _Context
from ginrummy_tui.ai.master import MasterOpponent, MasterParams
from ginrummy_tui.engine import PlayerView, apply, cards_of, deadwood_mask, new_game, score_knock, view
from ginrummy_tui.engine.kinds import EndKind, Kind, Phase


class Watched(MasterOpponent):
    """The master, keeping the guesses its last search dealt."""

    last: tuple[PlayerView, list[tuple[int, list[int]]]] | None = None

    def _deals(self, view: PlayerView, ctx: _Context, rng: random.Random, waits: list[float]):
        out = super()._deals(view, ctx, rng, waits)
        self.last = (view, out)
        return out


Played = tuple[list[tuple[float, bool, float, int]], list[tuple[float, float, float, int]], list[tuple[int, bool]]]

# Bands of the master's deadwood above the opponent's when the opponent knocked.
BANDS = ((-99, 0, "undercut"), (1, 3, "lost by 1-3"), (4, 6, "lost by 4-6"), (7, 10, "lost by 7-10"),
         (11, 20, "lost by 11-20"), (21, 999, "lost by 21+"))


def play(job: tuple) -> Played:
    """One match; for each knock of the master: (foretold undercut chance,
    undercut, mean guessed deadwood, real deadwood of the opponent); for
    each search: (share of the opponent's unknown cards a guess holds, the
    share a random guess holds, the mean guessed deadwood, the real one);
    for each knock of the opponent: (the master's deadwood after layoffs
    less the knocker's, whether the master's last throw left it within the
    knock limit)."""
    index, seed, opp_level, fields = job
    seat = index % 2
    master = Watched(seed * 1_000_003 + index, MasterParams(**fields))
    players = {seat: master, 1 - seat: get_opponent(opp_level, seed=seed * 1_000_003 + index + 500_000)}
    state = new_game(seed=f"knocks-{seed}-{index // 2}")
    rows: list[tuple[float, bool, float, int]] = []
    shares: list[tuple[float, float, float, int]] = []
    theirs: list[tuple[int, bool]] = []
    below = False  # the master's last throw this hand left it within the knock limit
    while state.phase != Phase.MATCH_OVER:
        if state.phase == Phase.HAND_OVER:
            state = apply(state, players[0].choose(view(state, 0)))
            below = False
            continue
        turn = state.current
        v = view(state, turn)
        master.last = None
        action = players[turn].choose(v)
        after = apply(state, action, turn)
        if turn == seat and master.last is not None:
            seen, deals = master.last
            opp_hand = hand_mask(state.hands[1 - seat])
            real = deadwood_mask(opp_hand)
            guessed = statistics.mean(deadwood_mask(opp) for opp, _ in deals)
            hidden = opp_hand & ~hand_mask(seen.opponent_known)
            n = hidden.bit_count()
            unseen = 52 - len(seen.hand) - len(seen.discard) - len(seen.opponent_known)
            if n and unseen:
                shares.append((statistics.mean((opp & hidden).bit_count() for opp, _ in deals) / n, n / unseen, guessed, real))
            if action.kind == Kind.KNOCK and action.card is not None:
                mine = cards_of(hand_mask(seen.hand) ^ action.card.bit)
                under = sum(
                    score_knock(mine, cards_of(opp), seen.rules, seen.knock_limit).winner != "knocker"
                    for opp, _ in deals
                )
                rows.append((under / len(deals), after.sheet[-1].kind == EndKind.UNDERCUT, guessed, real))
        if turn == seat and action.kind == Kind.DISCARD:
            below = deadwood_mask(hand_mask(after.hands[seat])) <= v.knock_limit
        if turn != seat and after.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            rec = after.sheet[-1]
            if rec.knocker == turn and rec.kind in (EndKind.KNOCK, EndKind.UNDERCUT) and rec.deadwood is not None:
                theirs.append((rec.deadwood[seat] - rec.deadwood[turn], below))
        state = after
    return rows, shares, theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--opp", default="expert")
    parser.add_argument("--params", default="{}", help="MasterParams fields as JSON")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    fields = json.loads(args.params)
    jobs = [(i, args.seed, args.opp, fields) for i in range(args.matches)]
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        played = pool.map(play, jobs, chunksize=1)
    rows = [r for knocks, _, _ in played for r in knocks]
    shares = [r for _, match, _ in played for r in match]
    theirs = [r for _, _, match in played for r in match]
    print(f"master {args.params} against {args.opp}, {args.matches} matches, seed {args.seed}")
    if theirs:
        print(f"the opponent's knocks {len(theirs)}: the master's deadwood after layoffs less the knocker's")
        print(f"  {'':16}{'all':>12}{'it could have knocked':>24}{'above the limit':>18}")
        for lo, hi, label in BANDS:
            band = [b for d, b in theirs if lo <= d <= hi]
            could = sum(band)
            print(f"  {label:16}{len(band):>6} {len(band) / len(theirs):5.1%}{could:>24}{len(band) - could:>18}")
    if shares:
        print(
            f"searches {len(shares)}: a guess holds {statistics.mean(r[0] for r in shares):.1%} of the opponent's"
            f" unknown cards, a random guess {statistics.mean(r[1] for r in shares):.1%}; opponent deadwood"
            f" guessed {statistics.mean(r[2] for r in shares):.1f}, real {statistics.mean(r[3] for r in shares):.1f}"
        )
    if not rows:
        print("no knocks")
        return
    foretold = statistics.mean(r[0] for r in rows)
    rate = statistics.mean(r[1] for r in rows)
    brier = statistics.mean((r[0] - r[1]) ** 2 for r in rows)
    print(
        f"knocks {len(rows)}  undercut foretold {foretold:.3f}  undercut {rate:.3f}"
        f"  Brier {brier:.3f} (the real rate foretold every time: {rate * (1 - rate):.3f})"
    )
    print(
        f"opponent deadwood when it knocked: guessed {statistics.mean(r[2] for r in rows):.1f},"
        f" real {statistics.mean(r[3] for r in rows):.1f}"
    )


if __name__ == "__main__":
    main()
