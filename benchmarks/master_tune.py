"""Paired comparison of master settings: the same deals for every setting.

    python benchmarks/master_tune.py --opp expert --matches 200 --seed 7 \\
        base '{}' wait11 '{"opponent_wait": 11}' [--jobs 2] [--hands]

A setting's ``"expert"`` object sets the weights of the expert the master
plays as where it does not search (``Params`` fields; the fields it leaves
out are the expert's own, so ``{"expert": {}}`` is the plain expert, without
the master's ``knock_bonus`` 20); ``"alone": true`` plays the master's expert
alone, without the search; ``"oracle": true`` deals the opponent's real
hand in every guess (the stock still shuffled): a bound on what better
guesses could bring, for measuring only; ``"oracle": p`` with p below 1
keeps each of the real hand's cards with chance p in each of the master's
own guesses (its guessed cards fill the rest): what a reading that much
truer would bring.

Each setting (a name and a JSON object of ``MasterParams`` fields) plays the
same matches (or, with ``--hands``, the same single first hands) against the
opponent, seats alternating as ``gin-tui sim`` does.  It prints, per setting,
the matches won, the points per hand for and against, the decision time
(median, 99th percentile), and for each setting after the first the paired
difference from the first: match wins and net points per hand (with the
standard error of the paired differences).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import multiprocessing
import os
import pathlib
import random
import statistics
import sys
import time

from ginrummy_tui.ai.expert import _bits, _Context
from ginrummy_tui.ai.master import MasterOpponent
from ginrummy_tui.engine import PlayerView


def play(job: tuple) -> tuple:
    name, fields, opp_level, seed, index, single = job
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.ai.common import hand_mask
    from ginrummy_tui.ai.expert import Params
    from ginrummy_tui.ai.master import MasterParams
    from ginrummy_tui.engine import new_game

    a_seat = index % 2
    fields = dict(fields)
    inner = fields.pop("expert", None)
    alone = fields.pop("alone", False)
    oracle = fields.pop("oracle", False)
    if inner is not None:
        fields["expert"] = Params(**inner)
    knows = OracleMaster(seed * 1_000_003 + index, MasterParams(**fields)) if oracle else None
    if knows is not None:
        knows.share = float(oracle)
    master = knows or MasterOpponent(seed * 1_000_003 + index, MasterParams(**fields))
    if alone:
        master = master.expert  # type: ignore[assignment]
    other = get_opponent(opp_level, seed=seed * 1_000_003 + index + 500_000)

    def before(state) -> None:
        if knows is not None:
            knows.truth = hand_mask(state.hands[1 - a_seat])

    win, net, hands, times = play_match(master, other, new_game(seed=f"{seed}-{index // 2}"), a_seat, single=single, before=before)
    return name, index, win, net, hands, times


def play_match(me, other, state, me_seat: int, *, single: bool = False, before=None) -> tuple[int, int, int, list[float]]:
    """Play ``state`` out, ``me`` on ``me_seat`` and ``other`` on the other seat (seat 0's
    player deals the next hand): (won, net points of ``me``, hands, the milliseconds of each
    of ``me``'s decisions).  With ``single`` only the first hand, won when its net points are
    above 0; ``before(state)`` is called before each of ``me``'s decisions."""
    from ginrummy_tui.engine import apply, view
    from ginrummy_tui.engine.kinds import Phase

    players = {me_seat: me, 1 - me_seat: other}
    times: list[float] = []
    net = hands = 0
    clock = time.perf_counter
    while True:
        if state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            rec = state.sheet[-1]
            hands += 1
            if rec.winner is not None:
                net += rec.points if rec.winner == me_seat else -rec.points
            if state.phase == Phase.MATCH_OVER or single:
                break
            state = apply(state, players[0].choose(view(state, 0)))
            continue
        seat = state.current
        v = view(state, seat)
        if seat == me_seat:
            if before is not None:
                before(state)
            t0 = clock()
            action = me.choose(v)
            times.append((clock() - t0) * 1000.0)
        else:
            action = other.choose(v)
        state = apply(state, action, seat)
    if single:
        return (1 if net > 0 else 0), net, hands, times
    return int(state.winner == me_seat), net, hands, times


class OracleMaster(MasterOpponent):
    """A master whose guesses are all the opponent's real hand (``truth``,
    set by the game loop before each decision) with the stock shuffled: how
    strong its search would be if it knew the hand.  For measuring only."""

    truth = 0
    share = 1.0

    def _deals(self, view: PlayerView, ctx: _Context, rng: random.Random, waits: list[float]):
        if self.share >= 1.0:
            rest = list(_bits(ctx.unseen & ~self.truth))
            out = []
            for _ in waits:
                rng.shuffle(rest)
                out.append((self.truth, rest[: view.stock_size]))
            return out
        # each real card kept with chance ``share`` in each of the master's own guesses
        out = []
        size = self.truth.bit_count()
        for guess, _stock in super()._deals(view, ctx, rng, waits):
            hand = 0
            for card in _bits(self.truth):
                if card & guess or rng.random() < self.share:
                    hand |= card
            fill = list(_bits(guess & ~hand))
            rng.shuffle(fill)
            for card in fill[: size - hand.bit_count()]:
                hand |= card
            rest = list(_bits(ctx.unseen & ~hand))
            rng.shuffle(rest)
            out.append((hand, rest[: view.stock_size]))
        return out


def source_version() -> str:
    """A digest of the sources the games depend on (ai/ and engine/)."""
    import ginrummy_tui

    root = pathlib.Path(ginrummy_tui.__file__).parent
    h = hashlib.sha256()
    for path in sorted([*root.glob("ai/*.py"), *root.glob("engine/*.py")]):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opp", default="expert")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--hands", action="store_true", help="single first hands instead of matches")
    parser.add_argument("--out", default=None, help="write the per-game results to this JSON file")
    parser.add_argument(
        "--cache",
        default=None,
        help="keep each game's result in this JSON file and reuse it (the same setting, opponent, seed and game"
        " on the same source of ai/ and engine/): a setting already measured costs nothing the next time",
    )
    parser.add_argument("settings", nargs="+", help="name JSON name JSON ...")
    args = parser.parse_args()
    pairs = list(zip(args.settings[0::2], args.settings[1::2]))
    names = [n for n, _ in pairs]
    version = source_version()
    cache: dict[str, list] = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as f:
            cache = json.load(f)

    def key(fields: dict, index: int) -> str:
        return json.dumps([version, fields, args.opp, args.seed, index, args.hands], sort_keys=True)

    fields_of = {n: json.loads(f) for n, f in pairs}
    res: dict[str, dict[int, tuple]] = {n: {} for n in names}
    jobs = []
    for i in range(args.matches):
        for n in names:
            hit = cache.get(key(fields_of[n], i))
            if hit is not None:
                res[n][i] = tuple(hit)
            else:
                jobs.append((n, fields_of[n], args.opp, args.seed, i, args.hands))
    t0 = time.monotonic()
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(args.jobs) as pool:
        for name, index, win, net, hands, times in pool.imap_unordered(play, jobs, chunksize=1):
            res[name][index] = (win, net, hands, times)
            cache[key(fields_of[name], index)] = [win, net, hands, times]
    secs = time.monotonic() - t0
    if args.cache:
        tmp = args.cache + ".tmp"
        with open(tmp, "w") as f:
            json.dump(cache, f)
        os.replace(tmp, args.cache)
    if args.out:
        with open(args.out, "w") as f:
            json.dump({n: {str(i): r[:3] for i, r in d.items()} for n, d in res.items()}, f)
    what = "hands" if args.hands else "matches"
    print(f"against {args.opp}, seed {args.seed}, {args.matches} {what}, {secs:.0f} s ({len(jobs)} games played)")
    base = res[names[0]]
    for n in names:
        d = res[n]
        wins = sum(r[0] for r in d.values())
        net = sum(r[1] for r in d.values())
        hands = sum(r[2] for r in d.values())
        times = sorted(t for r in d.values() for t in r[3])
        p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))] if times else 0.0
        med = statistics.median(times) if times else 0.0
        line = (f"{n:12} wins {wins:4}/{len(d)} = {100 * wins / len(d):5.1f}%  net/hand {net / hands:+6.2f}"
                f"  ms median {med:6.1f} p99 {p99:7.1f}")
        if n != names[0]:
            dw = [d[i][0] - base[i][0] for i in d]
            # net points per hand, per game, paired
            dn = [d[i][1] / d[i][2] - base[i][1] / base[i][2] for i in d]
            k = len(dn)
            mw, mn = sum(dw) / k, sum(dn) / k
            sw = math.sqrt(sum((x - mw) ** 2 for x in dw) / max(1, k - 1) / k)
            sn = math.sqrt(sum((x - mn) ** 2 for x in dn) / max(1, k - 1) / k)
            line += f"   vs {names[0]}: wins {100 * mw:+5.1f}% ± {100 * sw:4.1f}, net/hand {mn:+5.2f} ± {sn:4.2f}"
        print(line)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
