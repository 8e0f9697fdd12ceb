"""How long a hint takes where a knock is allowed, with the master's search and without it.

    python benchmarks/hint_speed.py [--games 12] [--seed 1]

Plays hands of the expert (seat 0) against standard and, at each of seat 0's throws where a
knock is allowed, times the whole hint (its choice and its reason, as the app asks for it)
twice, side by side in alternating order: as the hints give it (``hint``, which searches) and
as the expert's rule alone gives it (the hints' expert without the search, its reason worded
by ``explain``).  The caches of play-outs are emptied before each, so each is timed cold, as
the first hint of a position is.  It prints the median, 90th and 99th percentile of each, in
milliseconds, and how many of the hints the search changed.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.hints import explain, hint, hint_expert, turn_gain, wait_gain
from ginrummy_tui.ai.master import GuessingExpert, knock_search, match_end_points
from ginrummy_tui.engine import PlayerView, apply, new_game, view
from ginrummy_tui.engine.kinds import Kind, Phase


def _cold() -> None:
    for cached in (knock_search, turn_gain, wait_gain, match_end_points):
        cached.cache_clear()


def _rule_hint(v: PlayerView) -> str:
    rule = GuessingExpert(0, hint_expert().params, match_end=True)
    return explain(v, rule.choose(v))


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p * (len(xs) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    searched: list[float] = []
    plain: list[float] = []
    changed = 0
    clock = time.perf_counter
    for game in range(args.seed, args.seed + args.games):
        s = new_game(seed=game)
        players = [get_opponent("expert", game), get_opponent("standard", game + 1)]
        while s.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            v = view(s, s.current)
            if s.current == 0 and s.phase == Phase.DISCARD and any(a.kind == Kind.KNOCK for a in v.legal_actions):
                order = (True, False) if len(searched) % 2 == 0 else (False, True)
                for with_search in order:
                    _cold()
                    t0 = clock()
                    if with_search:
                        h = hint(v)
                    else:
                        _rule_hint(v)
                    (searched if with_search else plain).append((clock() - t0) * 1000.0)
                rule = GuessingExpert(0, hint_expert().params, match_end=True).choose(v)
                changed += h.action != rule
            s = apply(s, players[s.current].choose(v))
    print(f"{len(searched)} hints where a knock is allowed, {args.games} hands from seed {args.seed}; the search changed {changed}")
    for name, xs in (("with the search", searched), ("the rule alone", plain)):
        print(
            f"{name:16} ms median {statistics.median(xs):6.1f}  p90 {_pct(xs, 0.9):6.1f}  p99 {_pct(xs, 0.99):6.1f}"
            f"  max {max(xs):6.1f}"
        )
    ratios = [a / b for a, b in zip(searched, plain)]
    print(f"ratio with/without, paired: median {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
