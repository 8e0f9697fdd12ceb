"""``gin-tui export [--match ID] [--list] [--since DATE] [--format json|text]``: the history of
your matches, streamed: JSON Lines (one match a line) or readable text."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from typing import TYPE_CHECKING

from ginrummy_tui.cli import DATA_HOME, say
from ginrummy_tui.engine.words import counted

if TYPE_CHECKING:
    from ginrummy_tui.storage.history import History, Since


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``gin-tui export``."""
    parser.add_argument(
        "--match", metavar="ID", default=None,
        help="only this match (its id, a unique start of it, or 'last': your last match, not a practice deal)",
    )
    parser.add_argument(
        "--format", choices=("json", "text"), default=None,
        help="json: JSON Lines, one match a line (the default), or text: readable; with --list, text "
        "(the default), or json: a JSON line for each line of the list",
    )
    parser.add_argument("--list", action="store_true", help="list the recorded matches with their ids")
    parser.add_argument(
        "--since", metavar="DATE", default=None,
        help="only matches started on or after DATE (YYYY-MM-DD), a day of your local time zone "
        "(the match ids and times shown are UTC)",
    )
    parser.add_argument(
        "--data-dir", default=argparse.SUPPRESS, metavar="DIR", help=f"where saves and statistics live (default GIN_TUI_HOME, else {DATA_HOME})"
    )


NAMED = 5
"""The most matches left out of an export that are named (the others are counted)."""


def _nothing(since: Since | None) -> str:
    return f"No matches recorded since {since.day}.\n" if since else "No matches recorded yet.\n"


def _lines(hist, args: argparse.Namespace, since: Since | None):
    """The text to print, a piece at a time (each ends with a newline)."""
    from ginrummy_tui.storage.reports import PRACTICE, format_match, listed_opponent, outcome, unfinished_state

    if args.list:
        empty = True
        for r in hist.summaries(since) if hist is not None else ():
            empty = False
            state = outcome(r) if r["finished"] else unfinished_state(r)
            if args.format == "json":  # asked for: the list's line as JSON, its result in the same words
                yield json.dumps({**r, "result": state}, ensure_ascii=False, separators=(",", ":")) + "\n"
                continue
            t0, t1 = r["totals"]
            replay = f"  ({PRACTICE})" if r["replay"] else ""
            hands = counted(r["hands"], "hand")
            yield f"{r['id']}  {listed_opponent(r)}/{r['preset']}  {hands}  {t0}-{t1}  {state}{replay}\n"
        if empty and args.format != "json":  # JSON Lines of nothing: nothing
            yield _nothing(since)
        return
    if args.format in (None, "json"):
        for line in hist.json_lines(since) if hist is not None else ():
            yield line + "\n"
        return
    records = hist.records(since) if hist is not None else iter(())
    first = True
    for r in records:
        yield ("" if first else "\n") + format_match(r) + "\n"
        first = False
    if first:
        yield _nothing(since)


def run(args: argparse.Namespace) -> int:
    """Print the history (all matches, some, or one); 0 on success, 1 if the
    match is unknown, 2 for a bad date or options that do not go together.  (A reader that stops early, ``| head``,
    ends the export quietly: see :func:`ginrummy_tui.cli.main`.)"""
    from ginrummy_tui.storage.history import Since
    from ginrummy_tui.storage.history_records import export_form
    from ginrummy_tui.storage.reports import format_match

    from . import out
    from .stats import read_records

    if args.match is not None:  # one match: the options choosing among them do not apply
        for given, name in ((args.list, "--list"), (args.since is not None, "--since")):
            if given:
                say(f"gin-tui export: error: {name} does not go with --match, which exports that one match; "
                    "see gin-tui export --help", file=sys.stderr)
                return 2
    since = None
    if args.since is not None:
        try:
            since = Since.local(date.fromisoformat(args.since))
        except ValueError:
            say(f"gin-tui export: --since wants a date like 2026-11-30, not {args.since!r}", file=sys.stderr)
            return 2
    def tell(message: str) -> None:
        say(f"gin-tui export: {message}", file=sys.stderr)

    from .stats import missing_dir

    missing = missing_dir(args)
    if missing is not None:  # on standard error: standard output is the export (of nothing)
        tell(missing)

    printed = False

    def export(hist: History | None) -> int:
        nonlocal printed
        if args.match is not None:
            found = hist.find(args.match) if hist is not None else "no matches recorded yet"
            if isinstance(found, str):
                say(f"gin-tui export: {found}", file=sys.stderr)
                return 1
            text = format_match(found) if args.format == "text" else json.dumps(export_form(found), ensure_ascii=False, separators=(",", ":"))
            printed = True
            out(text, json_data=args.format != "text")
        else:
            json_data = args.format == "json" or (args.format is None and not args.list)
            for piece in _lines(hist, args, since):
                printed = True
                out(piece, end="", json_data=json_data)
        left_out = list(hist.left_out.values()) if hist is not None else []  # the rest is exported: these are said
        for bad in left_out[:NAMED]:
            tell(f"{bad.said}: it is not in the export.")
        if len(left_out) > NAMED:
            tell(f"{counted(len(left_out) - NAMED, 'more match')} could not be read either: "
                 "they are not in the export.")
        return 1 if hist is not None and hist.left_out else 0

    done = read_records(args, tell, export, again=lambda: not printed)  # printed: the export would repeat it
    return 1 if done is False else done
