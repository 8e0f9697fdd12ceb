"""Hands per second for the standard opponent against itself, through the
public reducer (``new_game``, ``view``, ``apply``), in one process.

    python benchmarks/selfplay.py [--hands N] [--profile]

With ``--profile`` it also prints where the time goes (cProfile, top functions).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.engine import PRESETS, apply, new_game, view


def play_hands(n: int, seed: int = 1) -> int:
    """Play ``n`` hands (each the first hand of a new match) and return the count."""
    players = (get_opponent("standard", seed=1), get_opponent("standard", seed=2))
    rules = PRESETS["standard"]
    for i in range(n):
        state = new_game(rules, seed=f"{seed}-{i}")
        while state.phase not in ("hand_over", "match_over"):
            seat = state.current
            state = apply(state, players[seat].choose(view(state, seat)), seat)
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--profile", action="store_true", help="print the top functions by time")
    args = parser.parse_args()
    play_hands(50)  # warm up the solver's caches
    t0 = time.perf_counter()
    play_hands(args.hands)
    secs = time.perf_counter() - t0
    print(f"standard vs standard: {args.hands} hands in {secs:.2f} s = {args.hands / secs:.0f} hands/s")
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        play_hands(min(args.hands, 1000))
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
