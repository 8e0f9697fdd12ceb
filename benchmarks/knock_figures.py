"""Are the hints' knock figures true, and steady from one turn to the next?

    python benchmarks/knock_figures.py [--opp standard,expert] [--matches 60] [--seed 7000] [--jobs 2] [--try JSON]

Plays matches (four hands at most each, so that the score sheet tells the
guesses how the other seat ends its hands) of the expert (seat 0) against
each level of ``--opp`` and, at each of seat 0's turns where it may knock (whether it knocks there or
not), reckons the hint's knock figures (``knock_outlook`` of the hints'
expert: the expected points and the chance of an undercut) with the guesses
the hints deal now (``hint_expert``) and with those they dealt before
(``MasterParams(condition=True, cond_prior=0.3)``, every guess from the
unseen cards with half the other seat's stock draws replayed), on the same
positions, and settles that knock against the other seat's real hand
(``score_knock``, with its layoffs).  For each it prints: the mean figures
against the real outcome, the Brier score of the undercut chance (the real
rate said every time scores rate times one minus it), the mean absolute
error of the expected points, the guessed deadwood of the other seat's hand
(the mean over the guesses) against the real, all of it also for the
positions with at most 12 cards left in the stock (late in the hand), and
the jumps from one knock-eligible turn to the next in the same hand: the
mean change of the expected points and of the undercut chance, and how often
the points moved by 10 or more, beside the same for the real outcome.  Then
the time ``knock_outlook`` takes (wall time, the median and the worst).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import statistics
import time
from dataclasses import dataclass, replace

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.common import hand_mask
from ginrummy_tui.ai.expert import ExpertOpponent, _Context
from ginrummy_tui.ai.hints import hint_expert
from ginrummy_tui.ai.master import GUESS_WAITER_PRIOR, GuessingExpert, MasterOpponent, MasterParams
from ginrummy_tui.engine import PlayerView, apply, deadwood_mask, new_game, score_knock, view
from ginrummy_tui.engine.kinds import Kind, Phase

LATE = 12
"""Positions with at most this many cards in the stock count as late in the hand."""
HANDS = 4
"""Hands played at most in each match."""


@dataclass
class Row:
    hand: tuple[int, int]
    stock: int
    real_points: int
    real_undercut: bool
    real_deadwood: int
    points: dict[str, float]
    undercut: dict[str, float]
    guessed: dict[str, float]
    ms: dict[str, float]


def experts(seed: int, tried: str) -> dict[str, ExpertOpponent]:
    """The hints' expert with the guesses dealt before, as they are now, and
    with ``tried`` (settings of the guesser, JSON) if given."""
    before = hint_expert(seed)
    assert isinstance(before, GuessingExpert)
    before.guesser = MasterOpponent(seed, MasterParams(condition=True, cond_prior=GUESS_WAITER_PRIOR))
    out = {"before": before, "now": hint_expert(seed)}
    if tried:
        other = hint_expert(seed)
        assert isinstance(other, GuessingExpert)
        other.guesser = MasterOpponent(seed, replace(other.guesser.params, **json.loads(tried)))
        out["tried"] = other
    return out


def guessed_deadwood(e: ExpertOpponent, v: PlayerView) -> float:
    """The mean deadwood of the guesses the knock's figures are reckoned on."""
    ctx = _Context(v, e.params)
    rng = random.Random(hand_mask(v.hand) ^ (v.stock_size << 52))
    hands = e.guess_hands(v, ctx, rng, e.params.match_samples)
    return statistics.mean(deadwood_mask(h) for h in hands) if hands else 0.0


def play(job: tuple[int, str, str]) -> list[Row]:
    seed, level, tried = job
    s = new_game(seed=seed)
    mine = get_opponent("expert", seed)
    other = get_opponent(level, seed)
    figures = experts(seed, tried)
    rows: list[Row] = []
    hands = 0
    while s.phase != Phase.MATCH_OVER and hands < HANDS:
        if s.phase == Phase.HAND_OVER:
            hands += 1
            s = apply(s, view(s, 0).legal_actions[0])
            continue
        v = view(s, s.current)
        if s.current == 0 and any(a.kind == Kind.KNOCK for a in v.legal_actions):
            points, undercut, guessed, ms = {}, {}, {}, {}
            card = None
            for name, e in figures.items():
                t = time.perf_counter()
                out = e.knock_outlook(v)
                ms[name] = 1000 * (time.perf_counter() - t)
                assert out is not None
                card = out.card
                points[name], undercut[name] = out.expected_points, out.undercut_chance
                guessed[name] = guessed_deadwood(e, v)
            res = score_knock(tuple(c for c in v.hand if c is not card), s.hands[1], v.rules, v.knock_limit)
            pts = res.points * v.multiplier * (1 if res.winner == "knocker" else -1)
            rows.append(
                Row(
                    (seed, v.hand_no), v.stock_size, pts, res.winner != "knocker", deadwood_mask(hand_mask(s.hands[1])),
                    points, undercut, guessed, ms,
                )
            )
        s = apply(s, (mine if s.current == 0 else other).choose(v))
    return rows


def report(rows: list[Row], names: list[str], title: str) -> None:
    if not rows:
        print(f"{title}: no position")
        return
    rate = statistics.mean(r.real_undercut for r in rows)
    print(
        f"{title}: {len(rows)} positions; real: undercut {rate:.1%}, points {statistics.mean(r.real_points for r in rows):+.1f}, "
        f"other seat's deadwood {statistics.mean(r.real_deadwood for r in rows):.1f} (Brier of the real rate: {rate * (1 - rate):.3f})"
    )
    for name in names:
        brier = statistics.mean((r.undercut[name] - r.real_undercut) ** 2 for r in rows)
        mae = statistics.mean(abs(r.points[name] - r.real_points) for r in rows)
        print(
            f"  {name:7s} said undercut {statistics.mean(r.undercut[name] for r in rows):5.1%}, "
            f"points {statistics.mean(r.points[name] for r in rows):+6.1f}; Brier {brier:.3f}, "
            f"points off by {mae:5.1f} on average; guessed deadwood {statistics.mean(r.guessed[name] for r in rows):5.1f}"
        )


def jumps(rows: list[Row], names: list[str]) -> None:
    pairs = [(a, b) for a, b in zip(rows, rows[1:], strict=False) if a.hand == b.hand]
    if not pairs:
        print("jumps: no two knock-eligible turns in one hand")
        return
    print(f"from one knock-eligible turn to the next in the same hand ({len(pairs)}):")
    dp = [abs(b.real_points - a.real_points) for a, b in pairs]
    du = [abs(b.real_undercut - a.real_undercut) for a, b in pairs]
    print(
        f"  real    points moved {statistics.mean(dp):5.1f} on average, by 10 or more {sum(x >= 10 for x in dp) / len(dp):5.1%}; "
        f"undercut moved {statistics.mean(du):.2f}"
    )
    for name in names:
        dp = [abs(b.points[name] - a.points[name]) for a, b in pairs]
        du = [abs(b.undercut[name] - a.undercut[name]) for a, b in pairs]
        print(
            f"  {name:7s} points moved {statistics.mean(dp):5.1f} on average, by 10 or more {sum(x >= 10 for x in dp) / len(dp):5.1%}; "
            f"undercut moved {statistics.mean(du):.2f}"
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--opp", default="standard,expert")
    ap.add_argument("--matches", type=int, default=60)
    ap.add_argument("--seed", type=int, default=7000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--try", dest="tried", default="", help="settings of the guesser to try beside, JSON: '{\"tries\": 32}'")
    a = ap.parse_args()
    names = ["before", "now"] + (["tried"] if a.tried else [])
    every: list[Row] = []
    for level in a.opp.split(","):
        jobs = [(a.seed + i, level, a.tried) for i in range(a.matches)]
        with multiprocessing.Pool(a.jobs) as pool:
            rows = [r for rs in pool.map(play, jobs) for r in rs]
        every += rows
        print(f"=== expert against {level}, {a.matches} matches ({HANDS} hands at most each) from seed {a.seed}")
        report(rows, names, "all")
        report([r for r in rows if r.stock <= LATE], names, f"stock {LATE} or fewer")
        jumps(rows, names)
    for name in names:
        ms = sorted(r.ms[name] for r in every)
        if ms:
            print(f"knock_outlook ({name}), {len(ms)} positions: wall {statistics.median(ms):.0f} ms median, {ms[-1]:.0f} worst")


if __name__ == "__main__":
    main()
