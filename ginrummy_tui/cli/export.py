"""``gin-tui export [--match ID] [--format json|text]``: the history of your matches."""

from __future__ import annotations

import argparse
import json
import sys


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``gin-tui export``."""
    parser.add_argument(
        "--match", metavar="ID", default=None, help="only this match (its id, a unique start of it, or 'last')"
    )
    parser.add_argument("--format", choices=("json", "text"), default="json", help="output format (default: json)")
    parser.add_argument("--list", action="store_true", help="list the recorded matches with their ids")
    parser.add_argument(
        "--data-dir", default=argparse.SUPPRESS, metavar="DIR", help="where saves and statistics live (or GIN_TUI_HOME)"
    )


def run(args: argparse.Namespace) -> int:
    """Print the history (all matches, or one); 0 on success, 1 if the match is unknown."""
    from ginrummy_tui.storage.files import data_dir
    from ginrummy_tui.storage.records import export_records, find_match, load_history
    from ginrummy_tui.storage.reports import format_match

    root = data_dir(getattr(args, "data_dir", None))
    records, bad = load_history(root)
    if bad:
        print(f"gin-tui export: {len(bad)} unreadable match record(s) skipped", file=sys.stderr)
    if args.list:
        if not records:
            print("No matches recorded yet.")
        for r in records:
            state = "won" if r.get("finished") and r.get("winner") == 0 else "lost" if r.get("finished") else (
                "abandoned" if r.get("abandoned") else "unfinished"
            )
            totals = r.get("totals") or [0, 0]
            replay = "  (replay)" if r.get("replay") else ""
            print(
                f"{r['id']}  {r.get('opponent')}/{r.get('preset')}  {len(r['hands'])} hands  "
                f"{totals[0]}-{totals[1]}  {state}{replay}"
            )
        return 0
    if args.match is not None:
        found = find_match(records, args.match)
        if isinstance(found, str):
            print(f"gin-tui export: {found}", file=sys.stderr)
            return 1
        records = [found]
    if args.format == "json":
        json.dump(export_records(records), sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    elif not records:
        print("No matches recorded yet.")
    else:
        print("\n\n".join(format_match(r) for r in records))
    return 0
