"""Does the hint to knock or to wait hold in the match, near its end?

    python benchmarks/match_end_knocks.py [--scores 0-0,40-40,31-94,85-85,70-92,92-70,50-88,88-50] [--hands 12] [--deals 384] [--show]

The hints weigh a knock against waiting with the same card in points of the
hand (``wait_gain``) and by the expert's rule, which lies in wait with a
little deadwood because, over whole matches, that won more of them.  Near
the end of a match the points of a hand are not what counts: a knock that
reaches the target wins it, and any knock of the other player's may end it.

This deals ``--hands`` seeded hands, played by the expert on both seats,
and at each of seat 0's turns where it may knock puts the score of the
match at each pair of ``--scores`` (seat 0 first) and asks for the hint.
Where the hint knocks with a card or throws one it may knock with, it plays
out a knock with that card and a throw of it without knocking on the same
``--deals`` guessed deals (the hints' own guesses, ``knock_guesser``), and
values each deal's points (the box bonus and the multiplier counted) twice:
as points, and as the chance of winning the match from the score it leaves
(the master's race model, ``win_chance``, with the master's spread).  For
each score it prints how many decisions there were, how many the hint
knocked, and how many times the chance of the match favoured the other
choice by more than two standard errors (the hint then overturned by the
match), with the mean chance of the match each choice gives in those.
``--show`` prints those decisions with the hint's words.
"""

from __future__ import annotations

import argparse
import random
import statistics
from dataclasses import replace

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.hints import hint
from ginrummy_tui.ai.knock_playouts import boxed, knock_guesser
from ginrummy_tui.ai.master import MasterParams, win_chance
from ginrummy_tui.engine import Action, apply, new_game, view
from ginrummy_tui.engine.kinds import Kind, Phase


def both_ways(v, card, deals: int) -> tuple[list[int], list[int], list[float], list[float]]:
    """The points of this hand for seat ``v.seat`` (box bonus and multiplier counted) after a
    throw of ``card`` without knocking and after a knock with it, on the same guessed deals, and
    the chance of winning the match from the score each leaves."""
    rng = random.Random(f"match-end/{len(v.history)}")
    waiters = random.Random(f"match-end-waiters/{len(v.history)}")
    wait, knock = knock_guesser(0).playout_points(
        v, [Action(Kind.DISCARD, card), Action(Kind.KNOCK, card)], rng, deals, cond_rng=waiters
    )
    me, other, target = v.scores[v.seat], v.scores[1 - v.seat], v.rules.target
    spread = MasterParams().spread

    def points(p: int) -> int:
        return boxed(p * v.multiplier, v.rules.box_bonus)

    def chance(p: int) -> float:
        return win_chance(me + p, other, target, spread) if p >= 0 else win_chance(me, other - p, target, spread)

    pw, pk = [points(p) for p in wait], [points(p) for p in knock]
    return pw, pk, [chance(p) for p in pw], [chance(p) for p in pk]


def mean_and_error(diffs: list[float]) -> tuple[float, float]:
    return statistics.mean(diffs), statistics.stdev(diffs) / len(diffs) ** 0.5


def positions(hands: int):
    """Seat 0's views where it may knock, over ``hands`` seeded hands of the expert on both seats."""
    for seed in range(hands):
        state = new_game(seed=seed)
        players = [get_opponent("expert", seed), get_opponent("expert", seed + 1)]
        while state.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
            v = view(state, state.current)
            if state.current == 0 and any(a.kind == Kind.KNOCK for a in v.legal_actions):
                yield seed, v
            state = apply(state, players[state.current].choose(v))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scores", default="0-0,40-40,31-94,85-85,70-92,92-70,50-88,88-50")
    ap.add_argument("--hands", type=int, default=12)
    ap.add_argument("--deals", type=int, default=384)
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args()
    found = list(positions(args.hands))
    print(f"{len(found)} decisions where seat 0 may knock, over {args.hands} hands; {args.deals} deals each")
    print(
        f"{'score':>7} {'asked':>5} {'knocks':>6} {'points say other':>16} {'match says other':>16}  match chance then: hint / other"
    )
    for pair in args.scores.split(","):
        mine, theirs = (int(x) for x in pair.split("-"))
        asked = knocks = by_points = overturned = 0
        kept: list[float] = []
        other: list[float] = []
        for seed, v0 in found:
            v = replace(v0, scores=(mine, theirs))
            h = hint(v)
            card = h.action.card
            if card is None or not any(a.kind == Kind.KNOCK and a.card is card for a in v.legal_actions):
                continue
            asked += 1
            knocked = h.action.kind == Kind.KNOCK
            knocks += knocked
            pw, pk, cw, ck = both_ways(v, card, args.deals)
            dp, ep = mean_and_error([w - k for w, k in zip(pw, pk)])
            dc, ec = mean_and_error([w - k for w, k in zip(cw, ck)])
            if (dp > 2 * ep) == knocked and abs(dp) > 2 * ep:
                by_points += 1
            if (dc > 0) == knocked and abs(dc) > 2 * ec:
                overturned += 1
                hint_chance, other_chance = (
                    (statistics.mean(ck), statistics.mean(cw))
                    if knocked
                    else (statistics.mean(cw), statistics.mean(ck))
                )
                kept.append(hint_chance)
                other.append(other_chance)
                if args.show:
                    print(
                        f"    {pair} hand {seed}: match {100 * hint_chance:.1f}% by the hint against {100 * other_chance:.1f}%;"
                        f" waiting gains {dp:+.1f} ± {ep:.1f} points | {h.reason}"
                    )
        then = f"{100 * statistics.mean(kept):.1f}% / {100 * statistics.mean(other):.1f}%" if kept else "-"
        print(f"{pair:>7} {asked:>5} {knocks:>6} {by_points:>16} {overturned:>16}  {then}")


if __name__ == "__main__":
    main()
