"""How true the expert's reading of the melds left for a picked-up card is.

    python benchmarks/picked_reading.py [--hands 40] [--opp standard] [--sure 0.8] [--seed 1]

Plays seeded single hands of the expert (seat 0, as it plays by default)
against ``--opp``.  At each of the expert's decisions it builds the
expert's estimate with ``Params.picked_sure`` set to ``--sure``
(:meth:`~ginrummy_tui.ai.expert._Context.sure_cards`) and, for every card
that reading raises, notes the chance it gives and whether the opponent
really holds the card; it also counts the decisions the reading changes
and times the decisions with and without it.  It prints, by band of the
chance given, how many cards came true (a chance well read comes true about
as often as it says), then the decisions changed and the times (median,
99th percentile).
"""

from __future__ import annotations

import argparse
import statistics
import time

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.expert import ExpertOpponent, Params, _Context
from ginrummy_tui.engine import apply, new_game, view


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--opp", default="standard")
    parser.add_argument("--sure", type=float, default=0.8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    plain = ExpertOpponent(0)
    reads = ExpertOpponent(0, Params(picked_sure=args.sure))
    bands: dict[float, list[int]] = {}
    decisions = changed = fired = 0
    t_plain: list[float] = []
    t_reads: list[float] = []
    clock = time.perf_counter
    for h in range(args.hands):
        other = get_opponent(args.opp, args.seed * 1000 + h)
        state = new_game(seed=f"picked-{args.seed}-{h}")
        while state.phase in ("upcard", "draw", "discard"):
            seat = state.current
            v = view(state, seat)
            if seat != 0:
                state = apply(state, other.choose(v), seat)
                continue
            t0 = clock()
            a = plain.choose(v)
            t1 = clock()
            b = reads.choose(v)
            t2 = clock()
            t_plain.append((t1 - t0) * 1000)
            t_reads.append((t2 - t1) * 1000)
            decisions += 1
            changed += a != b
            ctx = _Context(v, reads.params)
            if ctx.sure:
                fired += 1
                theirs = 0
                for c in state.hands[1]:
                    theirs |= c.bit
                for bit in ctx.sure:
                    p = reads._p_holds(ctx, bit)
                    band = min(0.9, int(p * 10) / 10)
                    got = bands.setdefault(band, [0, 0])
                    got[0] += 1
                    got[1] += bool(theirs & bit)
            state = apply(state, a, seat)
    print(f"{args.hands} hands against {args.opp}, picked_sure {args.sure}")
    print("chance given   cards   held")
    for band in sorted(bands):
        n, held = bands[band]
        print(f"  {band:.1f}-{band + 0.1:.1f}     {n:5d}   {held:5d} ({100 * held / n:.0f}%)")
    print(f"decisions {decisions}, with a reading {fired}, choice changed {changed}")
    for name, ts in (("without", t_plain), ("with", t_reads)):
        ts.sort()
        print(f"  {name:8s} median {statistics.median(ts):.2f} ms, p99 {ts[int(0.99 * (len(ts) - 1))]:.2f} ms")


if __name__ == "__main__":
    main()
