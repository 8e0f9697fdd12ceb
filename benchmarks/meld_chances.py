"""Are the hints' chances that the other player can meld a card true, steady and quick?

    python benchmarks/meld_chances.py [--opp standard] [--hands 80] [--seed 5000]

Plays single hands of the expert (seat 0) against another level and, at each
of seat 0's throws, for each of its eleven cards, compares the chance that
the other seat can meld it (it holds two cards making a set or a run with
it), as the hints count it (``meld_chances``) and as the expert's danger
weighs it (``ExpertOpponent.danger``), with the other seat's real hand.  It
prints, for each: the mean chance said against how often the card melded,
the Brier score, how often the cards said to meld in each fifth of the
range melded, the same by band (below 0.1, 0.1 to 0.3, 0.3 to 0.6, 0.6 to
0.8, 0.8 and up: the calibration table), and how often a card's figure changed by a factor of 2 or
more (and 3 or more) from one throw to the next where neither a card
that melds with it was seen nor the cards the other seat is known to hold
changed (figures below 1 in 50 counted as 1 in 50).  Then the time
``meld_chances`` takes for two cards (processor time and wall time, the
median and the worst over the throws), and how much a figure differs,
relatively, when the guesses are dealt from another generator.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.common import hand_mask
from ginrummy_tui.ai.expert import MELD_PAIRS, NEAR, ExpertOpponent, _Context
from ginrummy_tui.ai.hints import MELD_SAMPLES, meld_chances, meld_guesser
from ginrummy_tui.engine import PlayerView, apply, new_game, view
from ginrummy_tui.engine.kinds import Phase

BANDS = ((0.0, 0.1), (0.1, 0.3), (0.3, 0.6), (0.6, 0.8), (0.8, 1.0))
"""The bands of the calibration table: the chances said in each, against how
often the cards said to meld in it melded."""


def melds(mask: int, index: int) -> bool:
    return any(a & mask and b & mask for a, b in MELD_PAIRS[index])


def seen(v: PlayerView) -> int:
    return hand_mask(v.hand) | hand_mask(v.discard) | hand_mask(v.opponent_known)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--opp", default="standard")
    ap.add_argument("--hands", type=int, default=80)
    ap.add_argument("--seed", type=int, default=5000)
    a = ap.parse_args()
    expert = ExpertOpponent()
    said: dict[str, list[tuple[float, bool]]] = {"hints": [], "danger": []}
    jumps: dict[str, list[float]] = {"hints": [], "danger": []}
    cpu: list[float] = []
    wall: list[float] = []
    noise: list[float] = []
    for seed in range(a.seed, a.seed + a.hands):
        s = new_game(seed=seed)
        players = (get_opponent("expert", seed), get_opponent(a.opp, seed))
        last: tuple[PlayerView, dict[str, dict[int, float]], int] | None = None
        while s.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
            if s.current == 0 and s.phase == Phase.DISCARD:
                v = view(s, 0)
                real = hand_mask(s.hands[1])
                ctx = _Context(v, expert.params)
                t, c = time.perf_counter(), time.process_time()
                meld_chances(v, v.hand[:2])
                cpu.append(1000 * (time.process_time() - c))
                wall.append(1000 * (time.perf_counter() - t))
                figures = {
                    "hints": dict(zip([x.index for x in v.hand], meld_chances(v, v.hand), strict=True)),
                    "danger": {x.index: expert.danger(ctx, x) for x in v.hand},
                }
                again = meld_guesser().guess_hands(v, random.Random(seed * 1000 + len(v.history)), MELD_SAMPLES)
                for x in v.hand:
                    said["hints"].append((figures["hints"][x.index], melds(real, x.index)))
                    said["danger"].append((figures["danger"][x.index], melds(real, x.index)))
                    other = sum(melds(h, x.index) for h in again) / len(again)
                    noise.append(abs(math.log(max(other, 0.02) / max(figures["hints"][x.index], 0.02))))
                if last is not None:
                    before, old, mask = last
                    new = seen(v) & ~mask
                    same_known = hand_mask(v.opponent_known) == hand_mask(before.opponent_known)
                    for x in v.hand:
                        if x.index in old["hints"] and same_known and not NEAR[x.index] & new:
                            for name in jumps:
                                p0, p1 = max(old[name][x.index], 0.02), max(figures[name][x.index], 0.02)
                                jumps[name].append(abs(math.log(p1 / p0)))
                last = (v, figures, seen(v))
            s = apply(s, players[s.current].choose(view(s, s.current)))
    for name, rows in said.items():
        true = statistics.mean(t for _p, t in rows)
        brier = statistics.mean((p - t) ** 2 for p, t in rows)
        print(f"{name}: {len(rows)} cards, said {statistics.mean(p for p, _t in rows):.3f}, melded {true:.3f}, Brier {brier:.4f}")
        fifths = []
        for k in range(5):
            part = [(p, t) for p, t in rows if min(int(p * 5), 4) == k]
            if part:
                fifths.append(
                    f"{k / 5:.1f}+: {len(part)} said {statistics.mean(p for p, _t in part):.2f} "
                    f"melded {statistics.mean(t for _p, t in part):.2f}"
                )
        print("  " + "; ".join(fifths))
        bands = []
        for lo, hi in BANDS:
            part = [(p, t) for p, t in rows if lo <= p < hi or (hi == 1.0 and p == 1.0)]
            if part:
                bands.append(
                    f"{lo:.1f}-{hi:.1f}: {len(part)} said {statistics.mean(p for p, _t in part):.2f} "
                    f"melded {statistics.mean(t for _p, t in part):.2f}"
                )
        print("  by band: " + "; ".join(bands))
        j = jumps[name]
        if j:
            print(
                f"  from one throw to the next ({len(j)}): changed x2 or more {sum(x >= math.log(2) for x in j) / len(j):.1%}, "
                f"x3 or more {sum(x >= math.log(3) for x in j) / len(j):.1%}"
            )
    cpu.sort()
    wall.sort()
    print(
        f"meld_chances, two cards, {len(cpu)} throws: processor {statistics.median(cpu):.1f} ms median, {cpu[-1]:.1f} worst; "
        f"wall {statistics.median(wall):.1f} median, {wall[-1]:.1f} worst"
    )
    print(f"another generator: a figure differs by {math.expm1(statistics.median(noise)):.1%} of itself in the median")


if __name__ == "__main__":
    main()
