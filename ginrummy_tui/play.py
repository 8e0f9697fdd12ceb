"""Starting the game itself (the default ``gin-tui`` command)."""

from __future__ import annotations

import argparse


def run_play(args: argparse.Namespace) -> int:
    # Until the Textual app lands this prints a text view of a dealt hand.
    from ginrummy_tui.engine import PRESETS, best_melds, new_game

    rules = PRESETS[args.rules or "standard"]
    state = new_game(rules, seed=args.seed)
    split = best_melds(state.hands[0])
    print("gin-tui: the full-screen game is not built yet; this is a text view of a dealt hand.")
    print("Your hand:", " ".join(c.label(args.ascii) for c in state.hands[0]))
    print("Upcard:   ", state.discard[-1].label(args.ascii))
    print("Deadwood: ", split.deadwood)
    return 0
