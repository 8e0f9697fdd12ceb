"""Starting the game itself (the default ``gin-tui`` command)."""

from __future__ import annotations

import argparse


def app_options(args: argparse.Namespace) -> dict:
    """The :func:`~ginrummy_tui.tui.app.make_app` options given on the command line."""
    opts: dict = {
        "rules": args.rules,
        "ai": args.ai,
        "seed": args.seed,
        "hand": args.hand,
        "ascii": bool(args.ascii),
        "mouse": not args.no_mouse,
    }
    if args.pause is not None:
        opts["pause"] = args.pause
    return opts


def run_play(args: argparse.Namespace) -> int:
    """Play a match in the terminal."""
    from ginrummy_tui.tui.app import make_app

    if getattr(args, "data_dir", None) != "-":  # the saved match: resumed, saved after every move
        from ginrummy_tui.session.startup import run_saved_play

        return run_saved_play(args)
    try:
        app = make_app(**app_options(args))
    except ValueError as exc:
        print(f"gin-tui: {exc}")
        return 2
    app.run()
    return 0
