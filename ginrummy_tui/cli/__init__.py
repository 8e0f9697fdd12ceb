"""The ``gin-tui`` command.

``gin-tui`` plays; ``gin-tui sim|stats|export|host|join|serve`` are the
other commands.  Each subcommand lives in its own module, which provides
``configure(parser)`` and ``run(args) -> int``; modules are imported only
when their command is used (``configure`` must stay cheap to import).
"""

from __future__ import annotations

import argparse
import errno
import gc
import importlib
import io
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from ginrummy_tui import __version__

SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "sim": ("ginrummy_tui.cli.sim", "play computer opponents against each other and print the figures"),
    "stats": ("ginrummy_tui.cli.stats", "show your lifetime statistics"),
    "export": ("ginrummy_tui.cli.export", "export the history of your matches"),
    "host": ("ginrummy_tui.cli.host", "host a match for another player over the network"),
    "join": ("ginrummy_tui.cli.join", "join a match hosted with 'gin-tui host'"),
    "serve": ("ginrummy_tui.cli.serve", "serve the game in a web browser (needs the 'web' extra)"),
}

CTRL_C_STATUS = 130
"""The exit status of a command that Ctrl+C stopped (``sim``, ``join`` waiting for its
seat, ``host --server-only``), as a shell gives one (128 + SIGINT)."""


def positive(text: str) -> int:
    """An option's whole number of at least 1 (argparse ``type``); one too long to be
    said whole says its first digits in a refusal (see
    :func:`~ginrummy_tui.storage.config.whole_number`)."""
    from ginrummy_tui.storage.config import whole_number

    n = whole_number(text)
    if n is None:
        raise argparse.ArgumentTypeError(f"not a whole number: {shown_value(text)}")
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n


SEED_DIGITS = 40
"""The most digits a ``--seed`` may have: far more than a deal needs (gin-tui's
own seeds have 9), few enough to be said whole in a line."""


def shown_value(text: str, most: int = 24) -> str:
    """``text`` as an option's value is quoted in a message: whole when short, else
    its start and how long it is (a 5000-digit value is not said whole)."""
    if len(text) <= most:
        return repr(text)
    return f"{text[:most]!r}… ({len(text):,} characters)"


def seed_number(text: str) -> int:
    """A ``--seed``: a whole number, 0 or more, of at most :data:`SEED_DIGITS` digits (argparse ``type``)."""
    body = text.strip().lstrip("+-").replace("_", "")
    digits = len(body)
    if body.isdigit() and digits > SEED_DIGITS:  # before int(), which refuses 4,300 digits and more
        raise argparse.ArgumentTypeError(f"a seed has at most {SEED_DIGITS} digits, this one {digits:,}")
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {shown_value(text)}") from None
    digits = len(str(abs(n)))
    if digits > SEED_DIGITS:
        raise argparse.ArgumentTypeError(f"a seed has at most {SEED_DIGITS} digits, this one {digits:,}")
    if n < 0:  # its deals are those of its text: -5 would deal another match than 5, as a seed of its own
        raise argparse.ArgumentTypeError(f"a seed is 0 or more, this one {n}")
    return n


class Seconds(float):
    """A ``--pause``: its seconds, with the text they were given as (:attr:`given`),
    which a refusal of them repeats ("got 1e999", not "got inf")."""

    given: str

    def __new__(cls, value: float, given: str) -> Seconds:
        seconds = super().__new__(cls, value)
        seconds.given = given
        return seconds


def pause_seconds(text: str) -> float:
    """A ``--pause``: a number of seconds (argparse ``type``).  Its bounds are checked
    once the command is known (:func:`pause_refusal`), so that a command that takes
    no ``--pause`` says so first."""
    try:
        return Seconds(float(text), text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {shown_value(text)}") from None


PAUSE_RANGE = "0 to 10 seconds"
"""The ``--pause`` taken, as the help says it (``storage.config.MAX_PAUSE``)."""


def pause_refusal(pause: float) -> str | None:
    """Why the ``--pause`` given is refused, in the parser's words ("argument --pause:
    must be between 0 and 10 seconds, got 11"), the value as it was given; None when
    it is taken (0 to :data:`~ginrummy_tui.storage.config.MAX_PAUSE`, not NaN)."""
    from ginrummy_tui.storage.config import MAX_PAUSE

    if 0 <= pause <= MAX_PAUSE:
        return None
    given = pause.given if isinstance(pause, Seconds) else None
    said = f"{pause:g}" if given is None else given.strip() if len(given) <= 24 else shown_value(given)
    return f"argument --pause: must be between 0 and {MAX_PAUSE:g} seconds, got {said}"


def hand_number(text: str) -> int:
    """A hand of a match's deals, 1 to the highest a saved match may be at (argparse ``type``)."""
    from ginrummy_tui.engine.state import MAX_NUMBER

    n = positive(text)
    if n > MAX_NUMBER:
        raise argparse.ArgumentTypeError(
            f"must be at most {MAX_NUMBER:,} (the highest hand a match can be saved at), got {n}"
        )
    return n


def port_number(text: str, lowest: int = 0) -> int:
    """``text`` as a TCP port, ``lowest`` to 65535: ASCII digits alone (``int`` reads
    other digits, and refuses '²', which ``isdigit`` takes for one, in its own words;
    it refuses 4,300 digits and more too).  Raises ``ValueError`` saying "not a port
    number (0-65535)" (``lowest``: 1, "(1-65535)"), with the text cut short if long."""
    digits = text.isascii() and text.isdigit()
    if not digits or len(text.lstrip("0")) > 5 or not lowest <= int(text) <= 65535:
        raise ValueError(f"not a port number ({lowest}-65535): {shown_value(text)}")
    return int(text)


def port(text: str) -> int:
    """A TCP port to listen on, 0 (the system picks one) to 65535 (argparse ``type``)."""
    try:
        return port_number(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def served_port(text: str) -> int:
    """A TCP port for ``gin-tui serve``, 1 to 65535 (argparse ``type``): the page
    is served on the port given, which the browser is told, so none is picked."""
    try:
        return port_number(text, 1)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def address(host: str, port: int) -> str:
    """``host:port`` as a player types it back: an IPv6 address in brackets (``[::1]:7531``,
    the form ``gin-tui join`` reads), where ``::1:7531`` reads as an address alone."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def listen_problem(exc: OSError, command: str, address_option: str, *, any_port: bool = True) -> str:
    """Why ``gin-tui <command>`` could not listen, in the player's words and with the
    way out, from what binding raised (asyncio's own text names a tuple and says it
    "while attempting to bind"); ``address_option`` is its option for the address,
    and ``any_port`` whether ``--port 0`` picks a free port for it."""
    import socket

    other = "choose another with --port N" + (", or --port 0 to pick a free one" if any_port else "")
    if exc.errno == errno.EADDRINUSE:
        return f"the port is in use (another 'gin-tui {command}'?); {other}"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return f"not allowed to listen on that port (below 1024 they are kept for the system); {other}"
    if exc.errno == errno.EADDRNOTAVAIL:
        return f"that address is not one of this machine's addresses; give one of them with {address_option}"
    if isinstance(exc, socket.gaierror):  # a name that does not resolve (its errno is the resolver's, not the system's)
        reason = exc.strerror or "no such address"
        return f"{reason[:1].lower()}{reason[1:]}; give one of this machine's addresses with {address_option}"
    if exc.errno and exc.errno > 0:
        return os.strerror(exc.errno)
    return exc.strerror or str(exc) or type(exc).__name__


class OutputFailed(Exception):
    """Standard output could not be written; ``error`` says why."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class Output:
    """How the command writes to the terminal."""

    ascii_only = False
    """``--ascii``: its messages in ASCII alone ("-" for "—", "..." for "…"),
    as the game's screens are."""

    command = "gin-tui"
    """The command as the player gave it (``gin-tui stats``), once its words are read:
    its messages that do not know it (standard output gone) are said under its name."""

    narrow: str | None = None
    """The encoding of standard output or error when it cannot write the game's
    signs ("ISO-8859-1"; :mod:`~ginrummy_tui.cli.terminal_encoding`): the messages
    are in ASCII alone then, whatever the settings, and so is the game."""


def plain(text: str) -> str:
    """``text`` as the command writes it: in ASCII alone with ``--ascii`` (or
    where the terminal's encoding cannot write the game's signs)."""
    if not Output.ascii_only or text.isascii():
        return text
    return ascii_plain(text)


def ascii_plain(text: str) -> str:
    """``text`` in ASCII alone, as the command writes it with ``--ascii``."""
    if text.isascii():
        return text
    import unicodedata

    from ginrummy_tui.tui.widgets.cardfaces import ascii_words

    text = ascii_words(text)  # the game's signs as the screens write them
    return "".join(  # any other letter without its accent ("e" for "é"), else "?"
        ch if ch.isascii() else unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode() or "?"
        for ch in text
    )


def out(text: str = "", end: str = "\n", *, flush: bool = False, json_data: bool = False) -> None:
    """Write ``text`` to standard output, as ``print`` does; :class:`OutputFailed`
    when it cannot be written (a full disk, a reader gone, no standard output),
    which :func:`main` turns into one line on standard error.  ``json_data``:
    ``text`` is JSON, written as it is, but with the characters outside ASCII as
    their escapes where the encoding cannot write the game's signs (the same data)."""
    try:
        if sys.stdout is None:  # started with standard output closed
            raise OSError(errno.EBADF, "standard output is closed")
        if json_data:
            from ginrummy_tui.cli.terminal_encoding import json_escaped

            sys.stdout.write((json_escaped(text) if Output.narrow else text) + end)
        else:
            sys.stdout.write(plain(text) + end)
        if flush:
            sys.stdout.flush()
    except OSError as exc:
        raise OutputFailed(exc) from exc


def terminal_width(stream: TextIO | None = None) -> int | None:
    """The columns of the terminal that ``stream`` (standard output if None) writes to
    (80 when it cannot be told), or None when it is not a terminal (a pipe, a file)."""
    import shutil

    stream = sys.stdout if stream is None else stream
    try:
        terminal = stream is not None and stream.isatty()
    except (ValueError, OSError):  # closed
        terminal = False
    return shutil.get_terminal_size((80, 24)).columns if terminal else None


def names_shown(text: str) -> str:
    """``text`` with each word of it that a terminal cannot show as it is (a folder's
    name with a control character, or a byte that is not text) quoted as the game's
    command lines quote it (:func:`~ginrummy_tui.storage.files.printed_path`:
    ``$'/tmp/x-\\xff\\x01bad'``), the punctuation after it left out: a message
    wrote the raw bytes, or Python's escape of a byte (``\\udcff``), so the terminal
    showed another name than the folder's.  A word is what stands between spaces,
    quotes and parentheses; ``text`` as it is when it has no such word."""
    from ginrummy_tui.storage.files import printed_path, shown_as_it_is

    if text.isascii() and text.isprintable():
        return text

    def quoted(found: re.Match[str]) -> str:
        word = found.group()
        if shown_as_it_is(word):
            return word
        name = word.rstrip(".,;:!?")
        return printed_path(name) + word[len(name):]

    return _WORD.sub(quoted, text)


_WORD = re.compile(r"[^\s'\"()]+")
"""A word of a message, as :func:`names_shown` looks at them."""


def wrapped(text: str, stream: TextIO | None = None, keep: tuple[str, ...] = ()) -> str:
    """``text`` broken into lines between words at the terminal's width (80 when it
    cannot be told), when ``stream`` (standard output if None) is a terminal: the
    terminal would break a long line anywhere, inside a word, an option or a file's
    name.  A file's path that does not fit the rest of a line starts the next one,
    and one longer than a line is broken after a separator of it, as the game's
    notes break it (:func:`~ginrummy_tui.tui.note_text.note_text`); any other word
    longer than the line stays whole, and so does each phrase of ``keep`` (a
    command to copy, ``gin-tui --data-dir D``) that fits a line, on a line of
    its own if need be, as does a group of words the message holds (:func:`~ginrummy_tui.engine.words.together`).
    A log or a pipe keeps a message a line.  A name the terminal cannot show as it is
    is quoted (:func:`names_shown`)."""
    from ginrummy_tui.engine.words import apart, together

    text, keep = names_shown(text), tuple(names_shown(phrase) for phrase in keep)
    width = terminal_width(stream)
    if width is None:
        return apart(text)
    for phrase in keep:
        if len(phrase) <= width:  # a longer one is broken as its words and path would be
            text = text.replace(phrase, together(phrase))  # a group of words, as the message's own
    lines = (_filled(line, width) if len(line) > width else line for line in text.split("\n"))
    return apart("\n".join(lines))


def _filled(line: str, width: int) -> str:
    import textwrap

    if "/" in line:  # maybe a file's path
        from ginrummy_tui.tui.note_text import note_text

        broken = note_text(line, width, tilde=False)
        if broken != line:
            return broken
    return textwrap.fill(line, width, break_long_words=False, break_on_hyphens=False)


def say(text: str, *, file: TextIO | None = None, flush: bool = False, keep: tuple[str, ...] = ()) -> None:
    """Print a message to the player as ``print`` does, as running text wrapped
    between words on a terminal (:func:`wrapped`).  What must be copied whole (a
    command, a code) is printed on a line of its own, unwrapped, or named in
    ``keep``: never broken, within the running text."""
    text, keep = names_shown(text), tuple(names_shown(phrase) for phrase in keep)  # before plain() makes them "?"
    print(wrapped(plain(text), file, tuple(plain(phrase) for phrase in keep)), file=file, flush=flush)


def output_open() -> None:
    """:class:`OutputFailed` at once when standard output cannot be written at
    all: closed (``>&-``), or a device that takes nothing (``> /dev/full``), so
    that a long command (``gin-tui sim``) says so before its work, not after it.
    A file on a full disk, or a reader gone, is only found on writing."""
    try:
        if sys.stdout is None:  # started with standard output closed
            raise OSError(errno.EBADF, "standard output is closed")
        os.write(sys.stdout.fileno(), b"")  # nothing: /dev/full refuses even that, a file or pipe takes it
    except (io.UnsupportedOperation, ValueError):  # not a file (captured in the process): found on writing
        return
    except OSError as exc:
        raise OutputFailed(exc) from exc


def _flush_output() -> None:
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except OSError as exc:
        raise OutputFailed(exc) from exc


def _stderr_wrapped(text: str) -> str:
    """``text`` to print on standard error, broken between words on a terminal as :func:`say` does."""
    return wrapped(text, sys.stderr)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands: dict[str, argparse.ArgumentParser] = {}
        """The parser of each subcommand (``build_parser``), whose usage a mistake after it shows."""

    def error(self, message: str):  # exit status 2, in one line as the command's own refusals
        self.exit(2, f"{self.prog}: error: {message}; see {self.prog} --help\n")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """A word where the command goes that is none is "an unknown command", with the
        nearest command's name and the list (argparse said "argument COMMAND: invalid
        choice: 'stast' (choose from ...)", where a mistyped option gets "did you mean")."""
        if isinstance(action, argparse._SubParsersAction) and value not in action.choices:
            raise argparse.ArgumentError(None, unknown_command(str(value), list(action.choices)))
        super()._check_value(action, value)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if file is not None and file is sys.stderr:
            super()._print_message(_stderr_wrapped(plain(names_shown(message))), file)
        elif message:  # --help and --version: standard output (None when closed), where argparse ignores a failure
            out(message, end="")


DATA_HOME = "<data-home>"
"""Stands in an option's help for the data directory used when none is given (the
platform's, as :func:`~ginrummy_tui.storage.files.platform_data_dir` finds it, with
``~`` for the home directory), put in when the help is shown (:class:`_Usage`)."""

THEMES = "<themes>"
"""Stands in an option's help for the names of the themes, put in when the help
is shown (:class:`_Usage`): naming them costs an import of Textual's themes,
which the game's start does not parse its options with."""


class _Usage(argparse.HelpFormatter):
    """The usage line with the command in brackets (``[COMMAND ...]``): ``gin-tui``
    alone plays the game, so the command may be left out (argparse writes a
    subcommand as if it had to be given)."""

    def _format_args(self, action: argparse.Action, default_metavar: str) -> str:
        text = super()._format_args(action, default_metavar)
        if action.nargs == argparse.PARSER and not action.required:
            return f"[{text}]"
        return text

    def _expand_help(self, action: argparse.Action) -> str:
        """The help of ``action``, the themes named in place of :data:`THEMES`."""
        text = super()._expand_help(action)
        if THEMES in text:
            from ginrummy_tui.tui.palette import theme_names

            text = text.replace(THEMES, ", ".join(theme_names()))
        if DATA_HOME in text:
            from ginrummy_tui.storage.files import platform_data_dir

            text = text.replace(DATA_HOME, data_home_words(str(platform_data_dir())))
        return text

    def _split_lines(self, text: str, width: int) -> list[str]:
        """The help's lines, never broken at a hyphen ("catppuccin-" and "frappe")."""
        import textwrap

        return textwrap.wrap(self._whitespace_matcher.sub(" ", text).strip(), width, break_on_hyphens=False)


def home_shown(path: str) -> str:
    """``path`` with ``~`` for the home directory it is in (as the help names it)."""
    home = os.path.expanduser("~")
    if home not in ("~", os.sep) and (path == home or path.startswith(home + os.sep)):
        return "~" + path[len(home):]
    return path


def data_home_words(platform_dir: str) -> str:
    """The data directory used when neither ``--data-dir`` nor ``GIN_TUI_HOME`` is
    given, as the help says it: on Linux (and the other systems of the XDG
    directories) ``$XDG_DATA_HOME/gin-tui, else ~/.local/share/gin-tui``, the
    platform's directory ``platform_dir`` elsewhere (the help said only the one
    that was in use, as if ``XDG_DATA_HOME`` counted for nothing)."""
    if sys.platform.startswith(("win", "darwin")):
        return home_shown(platform_dir)
    from ginrummy_tui.storage.files import APP_NAME

    return f"$XDG_DATA_HOME/{APP_NAME}, else ~/.local/share/{APP_NAME}"


def add_play_options(p: argparse.ArgumentParser) -> None:
    """Options of the game itself (shared with ``host``/``join``/``serve``)."""
    p.add_argument("--ai", choices=("easy", "standard", "expert", "master"), default=None, help="the computer's level (default the settings' level, standard at first)")
    p.add_argument("--rules", metavar="PRESET", default=None, help="rules preset: standard, multiplayer-1.5, classic, oklahoma (default the settings' preset, "
                   "standard at first)")
    p.add_argument("--seed", type=seed_number, default=None, metavar="N",
                   help=f"seed for a reproducible deal (a whole number, 0 or more, of up to {SEED_DIGITS} digits)")
    p.add_argument("--hand", type=hand_number, default=None, metavar="K", help="with --seed: play hand K of that match's deals")
    p.add_argument(
        "--dealer", choices=("you", "computer"), default=None,
        help="with --hand: who deals hand K (where the winner deals next, who won the hand before decides it)",
    )
    p.add_argument("--ascii", action="store_true", default=None, help="draw in ASCII alone: cards (suits as S H D C), lines, signs")
    p.add_argument("--no-mouse", action="store_true", default=None, help="ignore the mouse")
    p.add_argument("--pause", type=pause_seconds, default=None, metavar="SECONDS",
                   help=f"pause after each computer move, {PAUSE_RANGE} (default the settings' pause, 0.6 s at first)")
    p.add_argument("--new", action="store_true", help="start a new match instead of resuming")
    p.add_argument(
        "--rule", action="append", default=None, metavar="OPTION=VALUE",
        help="change one rule option for a new match, e.g. --rule knock_limit=7 (repeatable)",
    )
    p.add_argument("--theme", default=None, metavar="NAME", help=f"the colours, one of {THEMES}")
    p.add_argument("--data-dir", default=None, metavar="DIR", help=f"where saves and statistics live (default GIN_TUI_HOME, else {DATA_HOME}); - plays "
                   "without reading or saving anything")


_PERSON = "the other player is a person, not the computer"
_NO_COMPUTER = "it slows the computer's moves, and the other player is a person"
_HOST_DECIDES = "the host chooses the rules"
_FIGURES = "it shows no game, only the figures"
_NO_GAME = dict.fromkeys(
    ("--ai", "--rules", "--seed", "--hand", "--dealer", "--ascii", "--no-mouse", "--pause", "--new", "--rule", "--theme"),
    "it plays no game",
)

NOT_TAKEN: dict[str, dict[str, str]] = {
    "host": {
        "--ai": _PERSON,
        "--pause": _NO_COMPUTER,
        "--hand": "a hosted match is played from its first hand",
        "--dealer": "a hosted match is played from its first hand",
    },
    "join": {
        "--ai": _PERSON,
        "--pause": _NO_COMPUTER,
        "--rules": _HOST_DECIDES,
        "--rule": _HOST_DECIDES,
        "--seed": "the host deals the cards",
        "--hand": "the host deals the cards",
        "--dealer": "the host deals the cards",
        "--new": "the host chooses whether its saved match goes on or a new one starts",
    },
    "sim": {
        "--ai": "it plays the levels given with --a and --b",
        "--hand": "it plays whole matches, or the first hands of their deals with --hands N",
        "--dealer": "it plays whole matches, or the first hands of their deals with --hands N",
        "--rule": "it plays under one of the presets: choose it with --rules",
        "--new": "it saves no match",
        "--data-dir": "it records nothing",
        **dict.fromkeys(("--pause", "--ascii", "--no-mouse", "--theme"), _FIGURES),
    },
    "stats": _NO_GAME,
    "export": _NO_GAME,
    "serve": {
        "--new": "every browser tab plays a new match",
        "--data-dir": "every browser tab plays in a directory of its own, removed when the tab closes",
    },
}
"""The game's options a command does not take, with why: given before its name
(``gin-tui --ai expert host``) or after it (``gin-tui sim --rule big_gin=yes``)
they are refused.  The ones it takes work before its name as after it.  No
command takes a shortened option (``--rule`` is not ``--rules``)."""


UNSAVED_REFUSED = {
    "host": "the hosted match is saved, to be resumed with its join code: give a directory",
    "join": "the match is recorded in your statistics: give a directory",
    "stats": "it shows the statistics recorded there: give a directory",
    "export": "it exports the matches recorded there: give a directory",
}
"""Why a command does not work without a data directory (``--data-dir -``), as the game may."""


def _play_parser(parser_class: type[argparse.ArgumentParser] = _Parser) -> argparse.ArgumentParser:
    parser = parser_class(
        prog="gin-tui", description="Gin Rummy in the terminal.", allow_abbrev=False, formatter_class=_Usage
    )
    parser.add_argument("--version", action="version", version=f"gin-tui {__version__}")
    add_play_options(parser)
    return parser


def build_parser(argv: list[str] | None = None) -> _Parser:
    """The parser. With ``argv``, only the subcommands named in it get their
    options (so starting the game imports no subcommand module)."""
    parser = _play_parser()
    assert isinstance(parser, _Parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in SUBCOMMANDS.items():
        sp = sub.add_parser(name, help=help_text, description=help_text, allow_abbrev=False, formatter_class=_Usage)
        parser.commands[name] = sp
        sp.set_defaults(_module=module)
        if argv is not None and name not in argv:
            continue
        try:
            mod = importlib.import_module(module)
        except ImportError:
            sp.set_defaults(_missing=True)
            continue
        mod.configure(sp)
    return parser


class _NotJustTheGame(Exception):
    pass


class _GameOnlyParser(_Parser):
    def error(self, message: str):
        raise _NotJustTheGame(message)


def parse_command_line(argv: list[str]) -> argparse.Namespace:
    """``argv`` parsed.  Starting the game, the usual case, is parsed without
    building the subcommands' parsers (that would cost the start-up about a
    millisecond); anything else (a subcommand, ``--help``, a mistake) goes
    through the whole parser, which answers as always."""
    if "--" in argv:
        argv = _options_ended(argv)
    if not any(a in SUBCOMMANDS or a in ("-h", "--help") for a in argv):
        try:
            args, rest = _play_parser(_GameOnlyParser).parse_known_args(argv)
        except _NotJustTheGame:
            rest = argv
        if not rest:
            args.command = None
            return _checked(args)
    parser = build_parser(argv)
    argv = _command_first(parser, argv)
    _refuse_values_of_flags(parser, argv)
    _refuse_another_command_s_option(parser, argv)
    stray = _stray_before_command(parser, argv)
    if stray is not None:
        parser.error(stray)
    args, rest = parser.parse_known_args(argv)
    if rest:
        for option in rest:
            _refuse_not_taken(args.command, option.split("=", 1)[0])
        at = _command_at(parser, argv)
        words = argv[at + 1 :] if at is not None else []
        for word in rest:  # another command's option after this one (stats --name Ann)
            if word.startswith("--") and word in words:
                name, has_value, value = word.partition("=")
                after = [w for w in words[words.index(word) + 1 :][:1] if not w.startswith("-")]
                _refuse_elsewhere(args.command, name, value if has_value else next(iter(after), None))
        # the command's own usage, when one was given (its options are the ones to choose from)
        told = parser.commands.get(args.command or "", parser)
        at = _command_at(parser, argv)
        stray = _stray_after_command(told, argv[at + 1 :]) if told is not parser and at is not None else None
        told.error(stray or _unrecognized(told, rest))
    return _checked(args)


def _options_ended(argv: list[str]) -> list[str]:
    """``argv`` without the ``--`` that ends the game's options where the command goes
    (``gin-tui -- stats``, ``gin-tui --seed 3 --``): the word after it, if any, is the
    command (it was said to be an unknown command '--'), and an option after it is
    one (``gin-tui -- --json``).  ``argv`` as it is when the ``--`` comes after the
    command (the command's own)."""
    game = _play_parser(_GameOnlyParser)
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--":
            if i + 1 < len(argv) and argv[i + 1].startswith("-"):  # no option after --: where the command goes
                build_parser([]).error(unknown_command(argv[i + 1], list(SUBCOMMANDS)))
            return argv[:i] + argv[i + 1 :]
        if not word.startswith("-") or word == "-" or _negative_number(word):
            return argv  # the command (or a mistake the parser says)
        action = game._option_string_actions.get(word.split("=", 1)[0])
        i += 2 if action is not None and action.nargs is None and "=" not in word else 1
    return argv


ELSEWHERE: dict[tuple[str, str], str] = {
    ("export", "--json"): "give --format json (JSON Lines, one match a line, is its default; with --list, a JSON "
                          "line for each line of the list)",
}
"""What a command says of an option of another command that is meant as one of its own."""


def _refuse_another_command_s_option(parser: _Parser, argv: list[str]) -> None:
    """End with status 2 when the first option before the command (or of ``gin-tui`` alone)
    that the game does not take is an option of another command (``gin-tui --name Ann``,
    ``gin-tui --format text stats``), naming the commands that take it and where it goes
    (it was "unrecognized arguments: --name (did you mean --new?)").  An option the
    command takes was moved after it (:func:`_command_first`); an option no command
    takes is left to the parser to say."""
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--":
            return
        if not word.startswith("-") or word == "-" or _negative_number(word):
            return  # the command (what follows is its own), or a mistake the parser says
        name, has_value, value = word.partition("=")
        action = parser._option_string_actions.get(name)
        if action is not None:
            i += 2 if action.nargs is None and not has_value else 1
            continue
        owners = _owners(name)
        if not owners:
            return
        takes_value = owners[0][1].nargs is None
        j = i + 1
        if takes_value and not has_value and j < len(argv) and not argv[j].startswith("-"):
            value, has_value, j = argv[j], "=", j + 1
        command = next((w for w in argv[j:] if w in parser.commands), None)
        _refuse_elsewhere(command, name, value if has_value else None)
        return


def _owners(option: str) -> list[tuple[str, argparse.Action]]:
    """The commands that take ``option``, with its action in each, in the order of :data:`SUBCOMMANDS`."""
    every = build_parser()
    return [
        (name, sub._option_string_actions[option])
        for name, sub in every.commands.items()
        if option in sub._option_string_actions and option not in ("-h", "--help")
    ]


def _refuse_elsewhere(command: str | None, option: str, value: str | None) -> None:
    """End with status 2 when ``option``, given to ``command`` (None: to ``gin-tui`` alone,
    before any command) with ``value``, is no option of it but one of other commands:
    "gin-tui stats does not take --name: it is an option of gin-tui host and gin-tui join
    (gin-tui host --name Ann)", or without a command "gin-tui: --name is an option of ...:
    put it after the command (...)".  Nothing when no other command takes it."""
    import shlex

    owners = [(name, action) for name, action in _owners(option) if name != command]
    if not owners:
        return
    if command is not None:
        own = build_parser([command]).commands[command]
        if option in own._option_string_actions or _did_you_mean(own, [option]):
            return  # its own, or its own mistyped (sim --match: --matches), which the parser says
    why = ELSEWHERE.get((command or "", option))
    if why is None:
        names = [f"gin-tui {name}" for name, _action in owners]
        named = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        first, action = owners[0]
        places = [
            a.metavar if isinstance(a.metavar, str) else a.dest.upper()
            for a in build_parser([first]).commands[first]._actions
            if not a.option_strings and a.nargs is None and a.help != argparse.SUPPRESS
        ]
        example = " ".join(["gin-tui", first, *places, option])
        if action.nargs is None:
            metavar = action.metavar if isinstance(action.metavar, str) else action.dest.upper()
            example += f" {shlex.quote(value) if value is not None and len(value) <= 24 else metavar}"
        why = f"it is an option of {named} ({example})" if command else f"an option of {named}: put it after the command ({example})"
    if command is None:
        build_parser([]).exit(2, f"gin-tui: {option} is {why}\n")
    build_parser([]).exit(2, f"gin-tui {command} does not take {option}: {why}\n")


def _refuse_values_of_flags(parser: _Parser, argv: list[str]) -> None:
    """End with status 2 when an option that takes no value is given one with ``=``
    (``gin-tui --ascii=1``, ``gin-tui stats --json=1``): "--ascii takes no value; '1'
    is extra", as ``--ascii 1`` is said, where argparse said "argument --ascii: ignored
    explicit argument '1'".  Said by the parser of the command it comes after, if any."""
    at = _command_at(parser, argv)
    parts: list[tuple[argparse.ArgumentParser, list[str]]] = [(parser, argv if at is None else argv[:at])]
    if at is not None:
        parts.append((parser.commands[argv[at]], argv[at + 1 :]))
    for told, words in parts:
        for word in words:
            if word == "--":
                break
            name, has_value, value = word.partition("=")
            action = told._option_string_actions.get(name) if word.startswith("--") and has_value else None
            if action is not None and action.nargs == 0:
                told.error(f"{name} takes no value; {shown_value(value)} is extra")


def _command_at(parser: _Parser, argv: list[str]) -> int | None:
    """Where the command's name is in ``argv`` (the first word, after the game's
    options and their values, that is no option's); None when there is none."""
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--":
            return None
        if word.startswith("-") and word != "-" and not _negative_number(word):
            action = parser._option_string_actions.get(word.split("=", 1)[0])
            takes = action is not None and action.nargs is None and "=" not in word
            i += 2 if takes else 1
            continue
        return i if word in parser.commands else None
    return None


def unknown_command(word: str, commands: Sequence[str]) -> str:
    """"unknown command 'stast' (did you mean stats?); the commands: sim, stats, ...": the
    word given where a command goes, the command nearest it (when one is near enough) and
    the list of them."""
    import difflib

    near = difflib.get_close_matches(word, list(commands), n=1, cutoff=0.6)
    hint = f" (did you mean {near[0]}?)" if near else ""
    return f"unknown command {shown_value(word)}{hint}; the commands: {', '.join(commands)}"


def _did_you_mean(parser: argparse.ArgumentParser, words: list[str]) -> str:
    """" (did you mean --pause?)": the option of ``parser`` nearest the first of
    ``words`` that is an unknown option (``--paus``), when one is near enough; else ""."""
    import difflib

    for word in words:
        name = word.split("=", 1)[0]
        if name.startswith("--") and name not in parser._option_string_actions:
            known = [option for option in parser._option_string_actions if option.startswith("--")]
            near = difflib.get_close_matches(name, known, n=1, cutoff=0.7)
            return f" (did you mean {near[0]}?)" if near else ""
    return ""


def _stray_before_command(parser: _Parser, argv: list[str]) -> str | None:
    """What is wrong, in the player's words, when argparse would take a word
    after the game's options for the command though it is none: the value of an
    unknown option (``--paus 0``: "unrecognized arguments: --paus (did you mean
    --pause?)"), a second value after an option that takes one (``--seed 5
    3``: "--seed N takes one value; '3' after '5' is extra"), or a value after
    an option that takes none (``--ascii 1``: "--ascii takes no value; '1' is
    extra").  None when the first such word is a command, or comes first
    (``gin-tui bogus``), or is near a command's name (``--seed 5 stast``): an
    unknown command, which argparse names as one; and when no such word comes."""
    return _stray_word(parser, argv, commands=list(parser.commands))


def _stray_after_command(command: argparse.ArgumentParser, words: list[str]) -> str | None:
    """As :func:`_stray_before_command`, for the words after a command's name
    (``sim --matches 2 3``: "--matches N takes one value; '3' after '2' is
    extra"; ``export --list 3``: "--list takes no value; '3' is extra"), its
    own words (``join``'s address) taken first.  None when the stray word
    follows none of its options (argparse names it)."""
    places = sum(
        1 for action in command._actions if not action.option_strings and action.nargs in (None, argparse.OPTIONAL)
    )
    return _stray_word(command, words, places=places)


def _stray_word(
    parser: argparse.ArgumentParser, words: list[str], *, commands: Sequence[str] = (), places: int = 0
) -> str | None:
    """What is wrong with the first word of ``words`` that is no option's name
    nor value, from what comes just before it (see :func:`_stray_before_command`);
    ``commands``, the command names such a word may be; ``places``, how many
    such words ``parser`` takes as its own (a command's positional words)."""
    unknown: str | None = None
    before: tuple[argparse.Action, str, str | None] | None = None  # the option just before, its name and its value
    i = 0
    while i < len(words):
        word = words[i]
        i += 1
        if word == "--":
            return None
        if word.startswith("-") and word != "-" and not _negative_number(word):
            name, has_value, value = word.partition("=")
            action = parser._option_string_actions.get(name)
            before = None
            if action is None:
                unknown = unknown or name
                continue
            if action.nargs is None and not has_value:  # the next word is its value (argparse refuses a missing one)
                if i >= len(words) or (words[i].startswith("-") and not _negative_number(words[i])):
                    return None
                value = words[i]
                i += 1
            if action.nargs is None:
                before = (action, name, value)
            elif action.nargs == 0 and not has_value:
                before = (action, name, None)
            continue
        if word in commands:
            return None
        if unknown is not None:
            return f"unrecognized arguments: {unknown}{_did_you_mean(parser, [unknown])}"
        if places > 0:  # one of the command's own words
            places -= 1
            before = None
            continue
        if before is None:  # an unknown command, or a word after the command's own
            return None
        import difflib

        if difflib.get_close_matches(word, list(commands), n=1, cutoff=0.7):
            return None  # a command mistyped (--seed 5 stast): argparse names it
        action, name, given_value = before
        if given_value is None:
            return f"{name} takes no value; {shown_value(word)} is extra"
        value = given_value
        metavar = action.metavar if isinstance(action.metavar, str) else None
        usage = f"{name} {metavar}" if metavar else name
        joined = ""
        if metavar is not None and "=" in metavar and "=" not in value:  # --rule knock_limit 7
            joined = f" (did you mean {name} {value}={word}?)"
        return f"{usage} takes one value; {shown_value(word)} after {shown_value(value)} is extra{joined}"
    return None


def _unrecognized(parser: argparse.ArgumentParser, rest: list[str]) -> str:
    """argparse's "unrecognized arguments" for the words ``rest`` it left, an
    option named alone, as the player would fix it (``--paus``, not ``--paus=0``
    nor ``--matchs 4``: the value after an unknown option is taken for its own),
    with the nearest known option."""
    named: list[str] = []
    after_unknown = False
    for word in rest:
        if word.startswith("-") and word != "-" and not _negative_number(word):
            name, has_value, _value = word.partition("=")
            named.append(name)
            after_unknown = not has_value
        elif not after_unknown:
            named.append(word)
        else:
            after_unknown = False
    return f"unrecognized arguments: {' '.join(named)}{_did_you_mean(parser, rest)}"


def _negative_number(word: str) -> bool:
    """Whether ``word`` reads as a negative number (``-5``), which argparse takes as
    a value, not an option (no option of gin-tui looks like one)."""
    try:
        float(word)
    except ValueError:
        return False
    return True


def _command_first(parser: _Parser, argv: list[str]) -> list[str]:
    """``argv`` with the options given before the command that only the command
    takes (``gin-tui --json stats``, ``gin-tui --name Ann host``) moved, with
    their values, to just after its name, where its parser reads them: before it
    the game's parser would refuse them, or take a value for the command.  The
    game's own options stay where they are (the command reads them there).
    ``argv`` as it is when no command is found after options alone (a mistake
    that the parser then says)."""
    for strict in (True, False):  # first with every option known, then any others left for the parser to refuse
        for at, word in enumerate(argv):
            command = parser.commands.get(word)
            if command is not None:
                moved = _options_before(argv, at, parser, command, strict=strict)
                if moved is not None:
                    return moved
    return argv


def _options_before(
    argv: list[str], at: int, game: argparse.ArgumentParser, command: argparse.ArgumentParser, *, strict: bool
) -> list[str] | None:
    """``argv`` with the options before ``argv[at]``, the command's name, that
    ``command`` takes and ``game`` does not moved after that name; None when
    ``argv[at]`` is not the command (a word before it is not an option's, or
    ``argv[at]`` is an option's value).  With ``strict``, None too when an option
    before it is neither's (its values could not be told)."""
    kept: list[str] = []
    moved: list[str] = []
    i = 0
    while i < at:
        word = argv[i]
        if not word.startswith("-") or word in ("-", "--"):
            return None
        name, has_value = word.split("=", 1)[0], "=" in word
        action = game._option_string_actions.get(name)
        into = kept
        if action is None:
            action, into = command._option_string_actions.get(name), moved
        if action is None:
            if strict:
                return None
            kept.append(word)
            i += 1
            continue
        if has_value or action.nargs == 0:
            values = 0
        elif action.nargs is None:
            values = 1
        elif action.nargs == argparse.OPTIONAL:
            values = 1 if i + 1 < at and not argv[i + 1].startswith("-") else 0
        elif isinstance(action.nargs, int):
            values = action.nargs
        else:  # any number of values: none of the options has it
            return None
        if i + 1 + values > at:  # the name is this option's value
            return None
        into.extend(argv[i : i + 1 + values])
        i += 1 + values
    return [*kept, argv[at], *moved, *argv[at + 1 :]]


def unusable_name(args: argparse.Namespace) -> str | None:
    """The ``--name`` given to ``host`` or ``join`` when nothing of it can be a name (no
    letter, digit...: ``--name '<<>>'``), else None; the option is then taken as left out
    (the login name, or the saved match's, is played under), and a command printed to
    resume leaves it out."""
    from ginrummy_tui.net import protocol as P

    name = args.name
    if name is None or P.clean_name(name, ""):
        return None
    args.name = None
    return name


def unusable_name_warning(command: str, name: str, used: str) -> str:
    """What ``command`` says of the ``--name`` ``name`` that had nothing usable, and the name
    ``used`` instead."""
    import shlex
    import unicodedata

    from ginrummy_tui.net import protocol as P

    unshown = P.unshown_letters(name)[:3]
    if unshown:  # letters to Python that show blank, or at a width the terminal and the table disagree on
        listed = " and ".join(", ".join(f"U+{ord(ch):04X} {unicodedata.name(ch, '')}".rstrip() for ch in unshown)
                             .rsplit(", ", 1))
        return (f"{command}: warning: --name {shlex.quote(name)} has nothing a name can use: {listed} "
                f"{'shows' if len(unshown) == 1 else 'show'} blank or at no sure width (a name keeps "
                f"{P.NAME_CHARACTERS} that show); you play as {used}.")
    return (f"{command}: warning: --name {shlex.quote(name)} has nothing a name can use (a name keeps "
            f"{P.NAME_CHARACTERS}); you play as {used}.")


def given(args: argparse.Namespace, option: str) -> bool:
    """True when ``option`` (``"--no-mouse"``) was given on the command line
    (the game's options are None, or False, when not; 0 is a value given)."""
    value = vars(args).get(option[2:].replace("-", "_"))
    return value is not None and value is not False


def _name(args: argparse.Namespace) -> str:
    """The command as the player gave it: ``gin-tui`` or ``gin-tui stats``."""
    return f"gin-tui {args.command}" if args.command else "gin-tui"


def _refuse_not_taken(command: str | None, option: str) -> None:
    """End with status 2, saying why, when ``command`` does not take the game's ``option``."""
    why = NOT_TAKEN.get(command or "", {}).get(option)
    if why is not None:
        build_parser([]).exit(2, f"gin-tui {command} does not take {option}: {why}\n")


def _checked(args: argparse.Namespace) -> argparse.Namespace:
    """``args``, once the options that go together are together (else a usage
    error), and none of the game's is given to a command that does not take it."""
    for option in NOT_TAKEN.get(args.command or "", {}):
        if given(args, option):
            _refuse_not_taken(args.command, option)
    pause = vars(args).get("pause")
    refusal = None if pause is None else pause_refusal(pause)
    if refusal is not None:
        _parser_of(args).error(refusal)
    from ginrummy_tui.storage.files import ENV_HOME

    unsaved_by = "--data-dir -"
    if (
        vars(args).get("data_dir") is None
        and os.environ.get(ENV_HOME) == "-"
        and (args.command is None or args.command in UNSAVED_REFUSED)
    ):  # as --data-dir - (not a directory named "-")
        args.data_dir, unsaved_by = "-", f"{ENV_HOME}=-"
    if vars(args).get("data_dir") == "-" and args.command in UNSAVED_REFUSED:
        build_parser([]).exit(2, f"gin-tui {args.command} does not take {unsaved_by}: {UNSAVED_REFUSED[args.command]}\n")
    if vars(args).get("data_dir") == "":  # would be the default directory, unasked
        unsaved = "" if args.command else ", or - to play without saving"
        build_parser([]).exit(2, f"{_name(args)}: --data-dir '' names no directory: give one{unsaved}\n")
    if args.hand is not None and args.seed is None:
        _parser_of(args).error("--hand K needs --seed N: it plays hand K of the match dealt with that seed")
    if vars(args).get("dealer") is not None and args.hand is None:
        _parser_of(args).error("--dealer needs --seed N --hand K: it says who deals hand K")
    return args


def _parser_of(args: argparse.Namespace) -> argparse.ArgumentParser:
    """The parser of the command given (``gin-tui serve``), else the game's: its
    mistakes are said as its own, pointing to its ``--help``."""
    parser = build_parser([])
    return parser.commands.get(args.command or "", parser)


def needs_terminal(args: argparse.Namespace) -> bool:
    """True for the commands that draw the game in the terminal: playing,
    ``join``, and ``host`` unless ``--server-only``."""
    if not args.command:
        return True
    return args.command == "join" or (args.command == "host" and not getattr(args, "server_only", False))


def _drawn_elsewhere() -> bool:
    """Whether the game is drawn elsewhere than in this terminal: a browser tab
    of ``gin-tui serve`` talks to it through pipes, with its own Textual driver."""
    return bool(os.environ.get("TEXTUAL_DRIVER") or os.environ.get("GIN_TUI_WEB"))


def missing_terminal(stdin=None, stdout=None, stderr=None) -> str | None:
    """"standard input", "standard output" or "standard error" (where Textual
    draws the screen) when that one is not a terminal, None when all are (or
    when the game is drawn elsewhere)."""
    if _drawn_elsewhere():
        return None
    streams = (
        ("standard input", stdin or sys.stdin),
        ("standard output", stdout or sys.stdout),
        ("standard error", stderr or sys.stderr),
    )
    for name, stream in streams:
        try:
            tty = stream is not None and stream.isatty()
        except (ValueError, OSError):  # closed
            tty = False
        if not tty:
            return name
    return None


DUMB_TERMS = ("dumb", "unknown")
"""Values of ``TERM`` for a terminal that cannot show the game (Rich, which
draws for Textual, takes them for one that cannot move the cursor)."""


def dumb_terminal() -> str | None:
    """The value of ``TERM`` if it names a terminal that cannot show the game, else None."""
    term = os.environ.get("TERM", "")
    return term if term.lower() in DUMB_TERMS and not _drawn_elsewhere() else None


SIZE_VARIABLES = ("COLUMNS", "LINES")
"""The environment's word on the terminal's size, which Python's ``shutil.get_terminal_size``
(and so Textual's Linux driver, at the start and on every resize) and Rich take before the
terminal's own."""


def real_terminal_size() -> None:
    """Take ``COLUMNS`` and ``LINES`` out of the environment where the game is drawn in this
    terminal and the terminal tells its own size: there they only hid it (``COLUMNS=500
    LINES=300 gin-tui`` in an 80x24 terminal laid the table out for 500x300, and
    ``COLUMNS=10 LINES=5`` said "Terminal too small: 10×5", whatever size the terminal was
    made).  Left where the terminal cannot tell its size, their word being the only one; a
    browser tab of ``gin-tui serve`` is drawn elsewhere and does not come here (its size
    comes in them); the commands that print (``--help``, ``stats``, ``export``, ``sim``) keep
    them, and print at the width they ask for."""
    stream = sys.__stdout__
    try:
        columns, lines = os.get_terminal_size(stream.fileno()) if stream is not None else (0, 0)
    except (AttributeError, ValueError, OSError):  # not a terminal (or closed): nothing else tells the size
        return
    if columns > 0 and lines > 0:
        for name in SIZE_VARIABLES:
            os.environ.pop(name, None)


def _fill_closed_descriptors() -> None:
    """Open ``/dev/null`` on standard input, output and error if they are
    closed, before anything else is opened, so that no file of the data
    directory (a lock...) is ever opened on one of them and written to by
    what is meant for them.  Python's ``sys.stdout`` and ``sys.stderr`` stay
    None, so that a command still says that its output is closed."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            try:
                opened = os.open(os.devnull, os.O_RDWR)
            except OSError:
                return
            if opened != fd:  # (never: the lowest free descriptor is taken)
                os.dup2(opened, fd)
                os.close(opened)


def _ending_on_unwritable_output(run: Callable[[], int]) -> int:
    """Run a command; if its output cannot be written, end with one line on
    standard error saying why and status 1, instead of a traceback.  A reader
    that goes away (``gin-tui export | head``) ends it quietly with status 141
    (128 + SIGPIPE), as the usual command-line tools do."""
    try:
        try:
            return run()
        finally:  # inside the guard: a closed pipe shows here for short output (and --help, --version)
            _flush_output()
    except OutputFailed as failed:
        # Python flushes standard output again at exit: point it at nothing first
        try:
            if sys.stdout is not None:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
                os.close(devnull)
        except (OSError, ValueError):
            pass
        if isinstance(failed.error, BrokenPipeError):
            return 141
        print(f"{Output.command}: cannot write the output: {failed.error.strerror or failed.error}", file=sys.stderr)
        return 1


def stopped(command: str) -> int:
    """Ctrl+C came before the table was up (at a question in the terminal, while
    the lock is waited for, while the host is reached): one line saying so, on a
    line of its own after the terminal's "^C", and :data:`CTRL_C_STATUS`."""
    try:
        if sys.stderr is not None and sys.stderr.isatty():
            print(file=sys.stderr)  # after the terminal's "^C"
    except (OSError, ValueError):
        pass
    try:
        say(f"{command}: stopped (Ctrl+C).", file=sys.stderr)
    except (OSError, ValueError):  # no terminal left to tell
        pass
    return CTRL_C_STATUS


def drop_empty_no_color() -> None:
    """Take an empty ``NO_COLOR`` out of the environment, before Textual reads it:
    no-color.org counts it only "when present and not an empty string", where
    Textual turns colour off for any value (``NO_COLOR= gin-tui``).  The
    processes started from here (``serve``'s tabs) inherit the environment so."""
    if os.environ.get("NO_COLOR") == "":
        del os.environ["NO_COLOR"]


def main(argv: list[str] | None = None) -> int:
    _fill_closed_descriptors()
    drop_empty_no_color()
    return _ending_on_unwritable_output(lambda: _main(sys.argv[1:] if argv is None else argv))


def option_refusal(args: argparse.Namespace) -> str | None:
    """Why the options of a command that needs a terminal are refused (see
    :func:`needs_terminal`), checked before the terminal is: a bad option is
    said first; None when they are good."""
    if args.command == "host":
        from ginrummy_tui.cli import host

        return host.option_refusal(args)
    if args.command == "join":
        from ginrummy_tui.cli import join

        return join.option_refusal(args)
    from ginrummy_tui.cli import play

    return play.option_refusal(args)


ASCII_FROM_SETTINGS = (None, "host", "join", "serve")
"""The commands whose messages follow the settings' ASCII suits: those that draw
the game (and take ``--ascii``); not ``export``, whose records are data, nor
``stats`` and ``sim``."""


def _settings_ask_ascii(args: argparse.Namespace) -> bool:
    """The settings file of the data directory in use (``--data-dir``,
    ``GIN_TUI_HOME`` or the user's) asks for ASCII alone, and the command draws
    the game: its own messages are in ASCII then too, as the game's screens will be."""
    from ginrummy_tui.storage.config import asks_ascii, config_dir

    if (args.command or None) not in ASCII_FROM_SETTINGS:
        return False
    where = vars(args).get("data_dir")
    return where != "-" and asks_ascii(config_dir(where))


def encoding_note(args: argparse.Namespace) -> str | None:
    """The start note of a game played in ASCII because the terminal's encoding
    cannot show its signs (see :func:`_main`); None for any other game."""
    encoding = vars(args).get("ascii_for")
    if not encoding:
        return None
    from ginrummy_tui.cli.terminal_encoding import ascii_note

    return ascii_note(encoding)


def _narrow_terminal() -> None:
    """Where standard output or error cannot write the game's signs (a locale
    that is not UTF-8), the messages in ASCII from the start (``--help`` and the
    parser's refusals too), and any character left written so
    (:mod:`~ginrummy_tui.cli.terminal_encoding`)."""
    from ginrummy_tui.cli.terminal_encoding import narrow_encoding, write_plainly

    streams = (sys.stdout, sys.stderr)
    Output.narrow = narrow_encoding(streams)
    if Output.narrow is not None:
        Output.ascii_only = True
        write_plainly(streams)


def _main(argv: list[str]) -> int:
    Output.command = "gin-tui"  # until the command is known (gin-tui stats --help: gin-tui)
    if not _drawn_elsewhere():  # a tab of gin-tui serve writes to its browser, in UTF-8
        _narrow_terminal()
    args = parse_command_line(argv)
    Output.command = _name(args)
    asked = bool(vars(args).get("ascii")) or _settings_ask_ascii(args)
    Output.ascii_only = asked or Output.narrow is not None
    if Output.narrow is not None and not asked and needs_terminal(args):
        args.ascii_for = Output.narrow  # the game in ASCII, as --ascii does, for this run (storage.config.apply_look)
    if needs_terminal(args):
        refusal = None if getattr(args, "_missing", False) else option_refusal(args)
        if refusal is not None:
            say(refusal, file=sys.stderr)
            return 2
        who = f"gin-tui {args.command}" if args.command else "gin-tui"  # "gin-tui join: ...", as its other lines
        missing = missing_terminal()
        if missing is not None:
            # the line goes where the player can see it: standard output when standard error is not a terminal
            where = " (the game draws its screen there)" if missing == "standard error" else ""
            say(f"{who}: {missing} is not a terminal{where}; the game needs one to play "
                  "(gin-tui stats, export and sim work without)",
                  file=sys.stdout if missing == "standard error" else sys.stderr)
            return 2
        dumb = dumb_terminal()
        if dumb is not None:
            say(f"{who}: this terminal (TERM={dumb}) cannot show the game; play it in one that can, "
                  "such as xterm (gin-tui stats, export and sim work without)", file=sys.stderr)
            return 2
        if not _drawn_elsewhere():
            real_terminal_size()  # the terminal's own size wins over COLUMNS and LINES, now and on a resize
    if args.command:
        if getattr(args, "_missing", False):
            say(f"gin-tui {args.command}: not available in this build", file=sys.stderr)
            return 2
        mod = importlib.import_module(args._module)
        try:
            return int(mod.run(args) or 0)
        except KeyboardInterrupt:  # before its table is up (once up, the table takes Ctrl+C itself)
            return stopped(_name(args))
    from ginrummy_tui.cli.play import run_play

    # Starting the game creates many objects (Textual's classes, styles,
    # widgets) and frees almost none, so the cyclic garbage collector would
    # only walk them over and over.  It is paused until the first screen is
    # drawn; the app resumes it then (GinApp._started).
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return int(run_play(args) or 0)
    except KeyboardInterrupt:  # at a question before the table, or while the lock is waited for
        return stopped("gin-tui")
    finally:
        if was_enabled:
            gc.enable()


if __name__ == "__main__":
    raise SystemExit(main())
