"""How strong the player is that the hints and the review ask: paired matches.

    python benchmarks/hint_strength.py --opp expert --matches 400 --seed 11 rule hints master

Each named player plays the same matches (the deals of ``--seed``, seats
alternating as ``gin-tui sim`` does) against the ``--opp`` level:

* ``hints``: the hints' expert as the hints and the review ask it
  (``ginrummy_tui.ai.hints.hint_expert``);
* ``rule``: the same without the master's search where a knock is allowed
  (the expert's rule, and near the end of a match the match's turn of a knock
  or a wait with the same card);
* ``ungated``: with that search, every choice of it taken (not only those the
  hints' figure of waiting agrees with);
* any opponent level (``easy``, ``standard``, ``expert``, ``master``).

It prints, per player, the matches won, the net points a hand and the time
of a decision (median, 99th percentile), and for each player after the first
the paired difference from the first, with its standard error.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import time

from master_tune import play_match

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.hints import hint_expert
from ginrummy_tui.ai.master import GuessingExpert
from ginrummy_tui.engine import new_game

PLAYERS = ("hints", "rule", "ungated", "easy", "standard", "expert", "master")


def player(name: str, seed: int):
    """The player called ``name`` (see the module text), with ``seed``."""
    if name == "hints":
        return hint_expert(seed)
    params = hint_expert(seed).params
    if name == "rule":
        return GuessingExpert(seed, params, match_end=True)
    if name == "ungated":
        return GuessingExpert(seed, params, match_end=True, search=True)
    return get_opponent(name, seed=seed)


def play(job: tuple[str, str, int, int]) -> tuple[str, int, int, int, int, list[float]]:
    """One match of ``name`` against ``opp``: (name, index, won, net points, hands, decision ms)."""
    name, opp, seed, index = job
    me = player(name, seed * 1_000_003 + index)
    other = get_opponent(opp, seed=seed * 1_000_003 + index + 500_000)
    won, net, hands, times = play_match(me, other, new_game(seed=f"{seed}-{index // 2}"), index % 2)
    return name, index, won, net, hands, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opp", default="expert")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("players", nargs="+", choices=PLAYERS)
    args = parser.parse_args()
    names = list(dict.fromkeys(args.players))
    res: dict[str, dict[int, tuple[int, int, int]]] = {n: {} for n in names}
    times: dict[str, list[float]] = {n: [] for n in names}
    jobs = [(n, args.opp, args.seed, i) for i in range(args.matches) for n in names]
    t0 = time.monotonic()
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for name, index, won, net, hands, ts in pool.imap_unordered(play, jobs, chunksize=1):
            res[name][index] = (won, net, hands)
            times[name] += ts
    print(f"against {args.opp}, seed {args.seed}, {args.matches} matches, {time.monotonic() - t0:.0f} s")
    base = res[names[0]]
    for n in names:
        d = res[n]
        wins = sum(r[0] for r in d.values())
        hands = sum(r[2] for r in d.values())
        ts = sorted(times[n])
        p99 = ts[min(len(ts) - 1, round(0.99 * (len(ts) - 1)))]
        line = (
            f"{n:9} wins {wins:4}/{len(d)} = {100 * wins / len(d):5.1f}%  net/hand {sum(r[1] for r in d.values()) / hands:+6.2f}"
            f"  ms median {statistics.median(ts):6.1f} p99 {p99:7.1f}"
        )
        if n != names[0]:
            k = len(d)
            dw = [d[i][0] - base[i][0] for i in d]
            dn = [d[i][1] / d[i][2] - base[i][1] / base[i][2] for i in d]
            mw, mn = statistics.fmean(dw), statistics.fmean(dn)
            sw, sn = statistics.stdev(dw) / math.sqrt(k), statistics.stdev(dn) / math.sqrt(k)
            line += f"   vs {names[0]}: wins {100 * mw:+5.1f}% ± {100 * sw:4.1f}, net/hand {mn:+5.2f} ± {sn:4.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
