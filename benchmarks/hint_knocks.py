"""Are the hints' knock figures honest?

    python benchmarks/hint_knocks.py [--opp expert] [--matches 20] [--seed 1000] [--jobs 2]

Plays matches (four hands at most each) of the hints' expert (seat 0,
``hint_expert``) against another level and, at every position where seat 0
may knock, settles the knock the hint weighs against the other seat's real
hand (``score_knock``, with its layoffs), whether seat 0 knocks there or not.
It prints how often those knocks would have been undercut and what they
would have scored on average, against what the hints foretold
(``knock_outlook``), and what the expert's own figures (hands dealt from the
unseen cards, as the danger reckons them) foretold, with the Brier score of
each foretold chance (always foretelling the real rate scores that rate
times one minus it).
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.expert import ExpertOpponent, Params
from ginrummy_tui.ai.hints import MATCH_CHANCE, hint_expert
from ginrummy_tui.engine import apply, new_game, score_knock, view
from ginrummy_tui.engine.kinds import Kind, Phase

Row = tuple[float, float, float, float, int, bool]


def play(job: tuple[int, str]) -> list[Row]:
    """(foretold points, foretold undercut: the expert's own, the hints', real points, undercut) per position."""
    seed, level = job
    s = new_game(seed=seed)
    me = hint_expert(seed)
    plain = ExpertOpponent(0, Params(match_chance=MATCH_CHANCE))
    other = get_opponent(level, seed)
    rows: list[Row] = []
    hands = 0
    while s.phase != Phase.MATCH_OVER and hands < 4:
        if s.phase == Phase.HAND_OVER:
            hands += 1
            s = apply(s, view(s, 0).legal_actions[0])
            continue
        if s.current == 1:
            s = apply(s, other.choose(view(s, 1)))
            continue
        v = view(s, 0)
        if any(a.kind == Kind.KNOCK for a in v.legal_actions):
            old, new = plain.knock_outlook(v), me.knock_outlook(v)
            assert old is not None and new is not None
            res = score_knock(tuple(c for c in v.hand if c is not new.card), s.hands[1], v.rules, v.knock_limit)
            pts = res.points * v.multiplier * (1 if res.winner == "knocker" else -1)
            rows.append((old.expected_points, old.undercut_chance, new.expected_points, new.undercut_chance, pts, res.winner != "knocker"))
        s = apply(s, me.choose(v))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--opp", default="expert")
    ap.add_argument("--matches", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    jobs = [(a.seed + i, a.opp) for i in range(a.matches)]
    with multiprocessing.Pool(a.jobs) as pool:
        rows = [r for rs in pool.map(play, jobs) for r in rs]
    if not rows:
        print("no position where a knock was allowed")
        return
    rate = sum(r[5] for r in rows) / len(rows)
    print(f"{len(rows)} positions: undercut {rate:.1%}, points {statistics.mean(r[4] for r in rows):+.1f}")
    for name, ip, iu in (("expert's own", 0, 1), ("hints", 2, 3)):
        brier = statistics.mean((r[iu] - r[5]) ** 2 for r in rows)
        print(
            f"  {name:13s} foretold undercut {statistics.mean(r[iu] for r in rows):.1%}, "
            f"points {statistics.mean(r[ip] for r in rows):+.1f}; Brier {brier:.3f} (the real rate every time: {rate * (1 - rate):.3f})"
        )


if __name__ == "__main__":
    main()
