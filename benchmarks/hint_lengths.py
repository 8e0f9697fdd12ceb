"""How many hints take three lines of the prompt at 80 columns.

Plays a fixed set of seeded hands under each preset named (the player's seat
playing every hint it is given, the other seat the computer opponent named)
and asks a hint at every decision of the player.  At 80 columns the prompt
line has 76 columns for its text: "Hint: " and the reason, wrapped at words
as the prompt wraps it; the lines are counted by the game's own
``ginrummy_tui.ai.hints.prompt_lines``, with which the hints choose their words.  Prints, for each preset, the share of hints that
need three lines or more, the longest reason, and the longest few.
Run: ``python benchmarks/hint_lengths.py [--hands N] [--opp LEVEL] [PRESET ...]``
(by default 40 hands of ``classic`` and of ``oklahoma`` against ``standard``).
"""

from __future__ import annotations

import argparse
import collections

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.hints import hint, prompt_lines
from ginrummy_tui.engine import PRESETS, apply, new_game, view
from ginrummy_tui.engine.kinds import Phase


def hints_of(preset: str, hands: int, opp: str) -> list[str]:
    """Every hint's reason at the player's decisions in ``hands`` seeded hands."""
    rules = PRESETS[preset]
    other = get_opponent(opp, 1)
    reasons = []
    for seed in range(hands):
        s = new_game(rules, seed=seed)
        while s.phase in (Phase.UPCARD, Phase.DRAW, Phase.DISCARD):
            v = view(s, s.current)
            if s.current == 0:
                h = hint(v)
                reasons.append(h.reason)
                s = apply(s, h.action)
            else:
                s = apply(s, other.choose(v))
    return reasons


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", default=["classic", "oklahoma"])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--opp", default="standard")
    parser.add_argument("--show", type=int, default=5, help="the longest reasons shown")
    args = parser.parse_args()
    for preset in args.presets:
        reasons = hints_of(preset, args.hands, args.opp)
        lines = collections.Counter(prompt_lines(r) for r in reasons)
        three = sum(n for k, n in lines.items() if k >= 3)
        print(
            f"{preset}: {len(reasons)} hints in {args.hands} hands against {args.opp}; "
            f"three lines or more at 80 columns: {three} ({100 * three / max(1, len(reasons)):.1f}%); "
            f"lines {dict(sorted(lines.items()))}; longest {max(map(len, reasons), default=0)} characters"
        )
        for r in sorted(set(reasons), key=len, reverse=True)[: args.show]:
            if prompt_lines(r) >= 3:
                print(f"  {len(r)}: {r}")


if __name__ == "__main__":
    main()
