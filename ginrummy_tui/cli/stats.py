"""``gin-tui stats [--json]``: the lifetime statistics, per opponent level and rules."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Literal, TypeVar

from ginrummy_tui.cli import DATA_HOME

if TYPE_CHECKING:
    from ginrummy_tui.storage.history import History

T = TypeVar("T")


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``gin-tui stats``."""
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--data-dir", default=argparse.SUPPRESS, metavar="DIR", help=f"where saves and statistics live (default GIN_TUI_HOME, else {DATA_HOME})"
    )


def open_records(args: argparse.Namespace, say: Callable[[str], None]) -> History | Literal[False] | None:
    """The history of ``stats`` and ``export``: None when nothing was ever
    recorded; False, said, when the data directory cannot be used at all
    (not "no games recorded yet": nothing could ever be recorded there)."""
    from ginrummy_tui.storage.files import data_dir, printed_path, unusable
    from ginrummy_tui.storage.history_upkeep import open_for_reading

    root = data_dir(getattr(args, "data_dir", None))
    problem = unusable(root)
    if problem:
        say(f"the data directory {printed_path(root)} cannot be used ({problem})")
        return False
    return open_for_reading(root, say)


def missing_dir(args: argparse.Namespace) -> str | None:
    """What ``stats`` and ``export`` say when the data directory given (``--data-dir`` or
    ``GIN_TUI_HOME``) does not exist (a typo, most likely: "no games recorded yet" alone
    hid it), the same words for both: "No games recorded yet: /tmp/typo does not exist
    (no match was played with it as the data directory)."; else None.  The platform's
    own directory is missing until a match is played, which says nothing."""
    from ginrummy_tui.storage.files import ENV_HOME, data_dir, printed_path, unusable

    given = getattr(args, "data_dir", None) or os.environ.get(ENV_HOME)
    root = data_dir(getattr(args, "data_dir", None))
    if not given or os.path.lexists(root) or unusable(root):  # one that cannot be made is said so, as an error
        return None
    return f"No games recorded yet: {printed_path(root)} does not exist (no match was played with it as the data directory)."


def read_records(
    args: argparse.Namespace, tell: Callable[[str], None], read: Callable[[History | None], T], *, again: Callable[[], bool]
) -> T | Literal[False]:
    """What ``read`` gives of the history (None for it when nothing was ever
    recorded); False, said, when it cannot be used.  A history found damaged
    as it is read is set aside, what could still be read of it kept in a new
    one (said), and ``read`` is done again on the new one, where ``again()``
    says it may be (nothing was printed yet): the figures said to be kept are
    the ones shown."""
    from ginrummy_tui.storage.history import Damaged, set_aside

    for attempt in range(2):
        hist = open_records(args, tell)
        if hist is False:
            return False
        try:
            return read(hist)
        except Damaged as bad:
            if hist is None:
                raise
            hist.close()
            tell(set_aside(hist.path, str(bad)))
            if attempt or not again():
                return False
        finally:
            if hist is not None:
                hist.close()
    return False


def run(args: argparse.Namespace) -> int:
    """Print the statistics; 0 on success."""
    from ginrummy_tui.session.startup import resume_command
    from ginrummy_tui.storage.reports import format_text
    from ginrummy_tui.storage.stats import Stats

    from . import out, say, terminal_width

    def tell(message: str) -> None:
        say(f"gin-tui stats: {message}", file=sys.stderr)

    missing = missing_dir(args)
    if missing is not None and not args.json:
        out(missing)
        return 0
    if missing is not None:  # the figures of nothing, as JSON; the why beside them
        tell(missing)
    stats = read_records(args, tell, lambda hist: hist.stats() if hist is not None else Stats(), again=lambda: True)
    if stats is False:
        return 1
    if args.json:
        out(json.dumps(stats.as_dict(), indent=2))
    else:
        # the command that plays in this directory, as every line naming one says it
        out(format_text(stats, max(40, terminal_width() or 80), resume_command(args)))
    return 0
