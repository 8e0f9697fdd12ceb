"""``gin-tui join HOST[:PORT]``: take the other seat of a hosted match.

Only the standard library is imported at the top (the command-line parser
imports this module at start-up); the client and the app load in ``run``.
"""

from __future__ import annotations

import argparse
import contextlib
import getpass
import os
import sys
import time
from typing import TYPE_CHECKING, Any

from ginrummy_tui.cli import (
    DATA_HOME,
    THEMES,
    address,
    port_number,
    say,
    shown_value,
    unusable_name,
    unusable_name_warning,
)
from ginrummy_tui.cli import stopped as stopped_before_the_table

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ginrummy_tui.net.remote_session import RemoteSession

DEFAULT_PORT = 7531
CODE_ENV = "GIN_TUI_CODE"
SEAT_WAIT = 40
"""Seconds to keep asking for a seat the host still thinks is taken (its idle timeout is 30 s)."""
SEAT_ASK_EVERY = 2.0
"""Seconds between two asks for a seat the host still thinks is taken."""
HEARD_SLACK = 1.0
"""Seconds by which the silence of a seat's connection, as the host tells it, may fall short
of the time since the last ask before the seat is taken to be held by a live connection (the
host rounds it, and its answers take their time)."""


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``gin-tui join``."""
    parser.add_argument("address", metavar="HOST[:PORT]", help=f"where the match is hosted (port {DEFAULT_PORT} if left out); an IPv6 address goes "
                        f"in brackets: [::1]:{DEFAULT_PORT}")
    parser.add_argument("--code", default=None, metavar="CODE",
                        help=f"the join code (better left out: it is asked for, or taken from {CODE_ENV}); "
                        "warning: a code given here is visible to every user of this machine in the process "
                        "list (ps)")
    # the code typed after the address, as a player may well do: taken as --code is (with its warning)
    parser.add_argument("typed_code", nargs="?", default=None, metavar="CODE", help=argparse.SUPPRESS)
    parser.add_argument("--name", default=None, metavar="NAME",
                        help="your name, as the other player sees it (default your login name)")
    parser.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS,
                        help=f"where your statistics live: the match is recorded there (default GIN_TUI_HOME, else "
                        f"{DATA_HOME}); a "
                        "directory: - (saving nothing) is refused, as the match is recorded")
    parser.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS, help="draw in ASCII alone: cards (suits as S H D C), lines, signs")
    parser.add_argument("--no-mouse", action="store_true", default=argparse.SUPPRESS, help="ignore the mouse")
    parser.add_argument("--theme", metavar="NAME", default=argparse.SUPPRESS,
                        help=f"the colours for this run, one of {THEMES}")


def parse_address(text: str) -> tuple[str, int]:
    """``"host"``, ``"host:7531"``, ``"[::1]:7531"`` → ``(host, port)``; raises ``ValueError``."""
    text = text.strip()
    if not text:
        raise ValueError("no host given")
    port = DEFAULT_PORT
    if "://" in text:  # a web address: it was taken for an IPv6 address, and said to be no such host
        scheme = text.partition("://")[0] + "://"
        raise ValueError(f"bad address {shown_value(text)}: the address is HOST:PORT, without {shown_value(scheme)} "
                         "(as 'gin-tui host' shows it)")
    if text.startswith("["):
        host, sep, rest = text[1:].partition("]")
        if not sep:
            raise ValueError(f"missing ']' in {text!r}")
        if rest:
            if not rest.startswith(":"):
                raise ValueError(f"bad address {text!r}")
            port = _port(rest[1:])
    elif text.count(":") == 1:
        host, _, p = text.partition(":")
        port = _port(p)
    else:
        host = text  # a name, an IPv4 address, or a bare IPv6 address
        if ":" in host and not _ipv6(host):  # 127.0.0.1:7531:1 was taken for one, and said to be no such host
            raise ValueError(f"bad address {shown_value(text)}: the address is HOST:PORT, with one ':'; an IPv6 "
                             f"address goes in brackets: [::1]:{DEFAULT_PORT}")
    if not host:
        raise ValueError(f"no host in {text!r}")
    return host, port


def _ipv6(text: str) -> bool:
    """Whether ``text`` is an IPv6 address (with its zone: ``fe80::1%eth0``)."""
    import ipaddress

    try:
        ipaddress.IPv6Address(text)
    except ValueError:
        return False
    return True


def _port(text: str) -> int:
    """The port of a host's address, 1 to 65535 (``ValueError``, as the other ports are refused)."""
    return port_number(text, 1)



JOIN_WAIT = 10.0
"""Seconds the host has to answer a join with its welcome and the first state."""

PROBE_WAIT = 5.0
"""Seconds the check before asking for the code waits for the host to answer."""


def unreachable(host: str, port: int, wait: float = PROBE_WAIT) -> str:
    """Why nothing answers at ``host:port`` ("" when something does). The connection is
    closed at once: the host drops a connection that never says hello (its log notes the
    connection opened and closed, as it does every connection)."""
    import socket

    try:
        with socket.create_connection((host, port), timeout=wait):
            return ""
    except OSError as exc:
        return reach_problem(exc, wait)


def reach_problem(exc: OSError, wait: float) -> str:
    """Why the host could not be reached, in the player's words, from what connecting
    raised (the check before the code is asked for, or the join itself)."""
    import socket

    if isinstance(exc, socket.gaierror):
        return f"no such host ({exc.strerror})"
    if isinstance(exc, ConnectionRefusedError):  # also an OSError made with ECONNREFUSED
        return "nothing listens there (is 'gin-tui host' running there, on that port?)"
    if isinstance(exc, TimeoutError):
        return f"no answer within {wait:g} s"
    return exc.strerror or str(exc) or type(exc).__name__


CODE_PROMPT = "Join code (the host shows it on its screen): "
"""What ``join`` asks the code with: where the player finds it, on one line at 80 columns."""

CODE_TRIES = 3
"""How many codes typed at the prompt the host may refuse as wrong before ``join`` gives up
(a code given on the command line or in :data:`CODE_ENV` is tried once)."""


class WrongCode(Exception):
    """The host refused a join code typed at the prompt as wrong, and it may be typed again
    (the host closes the connection of a wrong code: the next one is tried on a new one)."""


def ask_code(again: str = "gin-tui join HOST:PORT") -> str | None:
    """The join code, typed at the terminal (not echoed); asked again when
    nothing was typed, or something that cannot be a code (:func:`~ginrummy_tui.net.protocol.code_shaped`:
    said so, with the form of a code, without asking the host).  None, said in one line with the way
    on (``again``, the command to run again, :func:`rejoin_command`), if the player gives up (Ctrl+D);
    Ctrl+C raises KeyboardInterrupt, said as Ctrl+C elsewhere in ``join`` (:func:`stopped`)."""
    while True:
        try:
            code = getpass.getpass(CODE_PROMPT).strip()
        except EOFError:
            print(file=sys.stderr)  # the cursor is still after the prompt
            quote = '"' if "'" in again else "'"
            command = f"{quote}{again}{quote}"  # whole on its line where it fits one
            say(f"gin-tui join: no join code given; to join, run {command} again and type the code "
                f"the host shows on its screen (or give it in {CODE_ENV})", file=sys.stderr, keep=(command,))
            return None
        if not code:
            say("gin-tui join: no code typed; type the code the host shows (Ctrl+C stops)", file=sys.stderr)
            continue
        from ginrummy_tui.net import protocol as P

        if P.code_shaped(code):
            return code
        # refused here, costing none of the host's tries (not repeated: the prompt does not show it)
        say(f"gin-tui join: that is not a join code: a code is {P.CODE_FORM}; type the code the host shows "
            "(Ctrl+C stops)", file=sys.stderr)


def option_refusal(args: argparse.Namespace) -> str | None:
    """Why the options of ``gin-tui join`` (the address, the look) are refused,
    before the host is asked for a seat (and before the terminal is looked
    at); None when they are good."""
    from ginrummy_tui.cli.play import refuse_theme
    from ginrummy_tui.storage.config import Settings, apply_look

    try:
        parse_address(args.address)
        apply_look(Settings(), args)
        refuse_theme(getattr(args, "theme", None))
    except ValueError as exc:
        return f"gin-tui join: {exc}"
    return code_refusal(args)


def code_refusal(args: argparse.Namespace) -> str | None:
    """Why the join code given (``--code``, after the address, or in :data:`CODE_ENV`) is
    refused without asking the host, when it cannot be a code (as one typed at the prompt
    is: :func:`ask_code`); None when it can, or none is given (it is asked for).  It was
    sent, and the host's refusal ended ``join``: "the host refused: wrong join code"."""
    from ginrummy_tui.net import protocol as P

    given = args.code if args.code is not None else args.typed_code
    code = given if given is not None else os.environ.get(CODE_ENV)
    if code is None or (given is None and code == "") or P.code_shaped(code):  # GIN_TUI_CODE= : none given
        return None
    where = f" (taken from {CODE_ENV}: set it to the host's code, or unset it to be asked)" if given is None else ""
    return f"gin-tui join: that is not a join code: a code is {P.CODE_FORM}; give the code the host shows{where}"


def run(args: argparse.Namespace) -> int:
    """Join a match; returns the exit status."""
    refusal = option_refusal(args)
    if refusal is not None:
        say(refusal, file=sys.stderr)
        return 2
    host, port = parse_address(args.address)
    from ginrummy_tui.net import protocol as P

    unusable = unusable_name(args)  # taken as left out: the login name is played under
    name = P.player_name(args.name, "Guest")
    if unusable is not None:
        say(unusable_name_warning("gin-tui join", unusable, name), file=sys.stderr)
    given = args.code or args.typed_code
    code = given or os.environ.get(CODE_ENV)
    from_env = not given and bool(code)  # a refusal says so: an old code is easily forgotten there
    if given:
        say(
            f"gin-tui join: warning: a join code on the command line shows to every user of this machine (ps); "
            f"leave it out to be asked, or set {CODE_ENV}",
            file=sys.stderr,
        )
    if not code:
        if not sys.stdin.isatty():
            say(f"gin-tui join: give the host's join code in {CODE_ENV} (or run it in a terminal to be asked)",
                  file=sys.stderr)
            return 2
        # a mistyped address, or a host not started yet, is told before the code is typed
        try:
            problem = unreachable(host, port)
        except KeyboardInterrupt:  # a host that does not answer takes its time
            return stopped()
        if problem:
            say(f"gin-tui join: cannot reach {address(host, port)}: {problem}", file=sys.stderr)
            return 1
        code = ""  # asked for below
        tries = 1  # typed at the prompt: a mistyped code is asked for again
    else:
        tries = CODE_TRIES  # given: tried once, the command being run again for another

    import asyncio

    while True:
        if not code:
            try:
                typed = ask_code(rejoin_command(args))
            except KeyboardInterrupt:
                return stopped()
            if typed is None:
                return 1
            code = typed
        try:
            return asyncio.run(_join(host, port, code, name, args, from_env=from_env, ask_again=tries < CODE_TRIES))
        except WrongCode:
            left = CODE_TRIES - tries
            tries += 1
            code = ""
            say(f"gin-tui join: the host refused: wrong join code; {left} {'try' if left == 1 else 'tries'} left: "
                "type it again, as the host shows it (Ctrl+C stops)", file=sys.stderr)
        except KeyboardInterrupt:  # before the table is up (asking for the seat): the table takes Ctrl+C as a key
            return stopped()


def stopped() -> int:
    """Ctrl+C came before the table was up (the host being reached, the code asked for, or the seat):
    said as ``gin-tui host`` says it, and the exit status of a command Ctrl+C cut short."""
    return stopped_before_the_table("gin-tui join")


async def _join(host: str, port: int, code: str, name: str, args: argparse.Namespace, *, from_env: bool = False,
                ask_again: bool = False) -> int:
    """Take the seat, then play on the same event loop: the connection is made
    before the app starts (a refusal is told here, in the terminal), and the
    app keeps it going as one of its workers.  ``from_env``: the code was taken
    from :data:`CODE_ENV` (a refusal says so: an old one is easily forgotten there).
    ``ask_again``: a code the host refuses as wrong raises :class:`WrongCode`, to be
    typed again, instead of ending ``join``."""
    import asyncio

    from ginrummy_tui.net import protocol as P
    from ginrummy_tui.net.client import JoinRefused, NoAnswer
    from ginrummy_tui.net.remote_session import RemoteSession
    from ginrummy_tui.session.keeper import SeatRecords
    from ginrummy_tui.storage.files import data_dir
    from ginrummy_tui.storage.stats import NETWORK

    records = SeatRecords(data_dir(getattr(args, "data_dir", None)), opponent=NETWORK)  # the matches seen finished, in the player's statistics
    deadline = time.monotonic() + SEAT_WAIT
    heard: tuple[float, float] | None = None  # when the host last said the seat was taken, and how long silent
    while True:
        session = RemoteSession(host, port, code, name, records=records)
        try:
            await session.connect(JOIN_WAIT)
            break
        except JoinRefused as exc:
            if exc.code == P.E_SEAT_TAKEN:
                now = time.monotonic()
                alive = held_by_a_live_connection(heard, now, exc.quiet)
                if exc.quiet is not None:
                    heard = (now, exc.quiet)
                holder = seat_holder(exc.by, name)
                if not alive and now < deadline:
                    if deadline - now > SEAT_WAIT - SEAT_ASK_EVERY:
                        held = (f"that seat is held by {holder} — if their connection is gone, the host has not yet "
                                "noticed it" if holder else
                                "that seat is still held — if it was yours, the host has not yet noticed that the old "
                                "connection is gone")
                        say(f"gin-tui join: {held}; trying again for {SEAT_WAIT} s (Ctrl+C stops)…", file=sys.stderr)
                    await asyncio.sleep(SEAT_ASK_EVERY)
                    continue
                say(f"gin-tui join: the host refused: {seat_taken_words(alive, holder)}", file=sys.stderr)
            elif exc.code == P.E_CODE:
                if ask_again and not exc.new_match:  # a typo: the code is asked for again
                    records.close()
                    raise WrongCode from exc
                say(f"gin-tui join: {wrong_code_words(exc.new_match, from_env)}", file=sys.stderr)
            elif exc.code == P.E_REPLACED:  # another player took the seat while this one was away
                record = records.leave_kept(exc.match)
                records.close()
                for error in records.errors:
                    say(f"gin-tui join: {error}", file=sys.stderr)
                say(f"gin-tui join: {replaced_words(exc.by, record)}", file=sys.stderr)
            else:
                say(f"gin-tui join: the host refused: {exc.message}", file=sys.stderr)
            return 1
        except NoAnswer as exc:  # reached, but not a gin-tui host (or a stuck one)
            say(f"gin-tui join: {address(host, port)} {exc}", file=sys.stderr)
            return 1
        except OSError as exc:  # TimeoutError too
            say(f"gin-tui join: cannot reach {address(host, port)}: {reach_problem(exc, JOIN_WAIT)}", file=sys.stderr)
            return 1

    from ginrummy_tui.cli.app_start import make_network_app
    from ginrummy_tui.cli.play import END_GUARD, back_in_the_terminal, closing_on_signals, exit_status

    app = make_network_app(session, args, records)
    app.end_guard = END_GUARD
    # kill or a closed terminal closes the app as its own quit does: the terminal
    # restored, the connection closed (the host shows the seat free to take back)
    with closing_on_signals(app) as caught:
        try:
            await app.run_async()
        finally:
            await session.aclose()
            records.close()
    back_in_the_terminal(app, "gin-tui join")
    with contextlib.suppress(OSError):  # the terminal may be gone (SIGHUP): nobody to tell
        for error in records.errors:
            say(f"gin-tui join: {error}", file=sys.stderr)
        words, _, command = left_note(session, rejoin_command(args), caught).partition("\n")
        say(words)
        if command:
            print(command)  # a line of its own, unwrapped, to be copied whole
    return exit_status(app, caught)


def held_by_a_live_connection(heard: tuple[float, float] | None, now: float, quiet: float | None) -> bool:
    """Whether the seat the host refused as taken now, its connection silent for
    ``quiet`` seconds (as the host says; None: it does not say), is held by a live
    connection: one whose silence grew less than the time since the host last said
    it (``heard``: when, and the silence then) has spoken meanwhile, as a connected
    game does (it pings every few seconds); a connection gone without a word only
    grows more silent, until the host drops it."""
    if heard is None or quiet is None:
        return False
    then, quiet_then = heard
    return quiet + HEARD_SLACK < quiet_then + (now - then)


def seat_holder(by: str | None, name: str) -> str | None:
    """The player who holds the seat asked for, as the host names them (``by``), when that is
    another player than the one joining as ``name`` (None: the same name, or a host that does
    not say): their own other ``gin-tui join`` is not what holds it."""
    from ginrummy_tui.net import protocol as P

    if by is None or by.casefold() == P.clean_name(name, by).casefold():
        return None
    return by


def seat_taken_words(alive: bool, holder: str | None = None) -> str:
    """Why the host refused the seat for good, and what to do: ``alive``, it hears from the
    connection that holds it; else the seat stayed taken for all of :data:`SEAT_WAIT`.
    ``holder``: another player holds it (:func:`seat_holder`), who plays the match on there."""
    if holder is not None:
        still = "" if alive else f" (still, after {SEAT_WAIT} s)"
        return (f"{holder} holds that seat{still} and plays the match on: the same code takes it only once "
                f"{holder} has left the table; ask the host's player, or host a match of your own (gin-tui host).")
    if alive:
        return ("that seat is already taken, by a connection the host still hears from: close the other "
                "'gin-tui join' of that seat (or wait for it to drop), then join again.")
    return (f"that seat is already taken (still, after {SEAT_WAIT} s): close the other 'gin-tui join' of that seat "
            "(or wait for it to drop), then join again.")


def replaced_words(by: str | None, record: dict[str, Any] | None) -> str:
    """What ``gin-tui join`` says when the host refused the seat because ``by`` (None: a host
    that does not say who) took it while this player was away: that the other plays the
    match on, what of it is in this player's statistics (``record``: the record of it as one
    they left unfinished; None: no hand they played ended), and that there is nothing to rejoin."""
    who = by or "another player"
    words = f"{who} took your seat while you were away and plays the match on: there is nothing to rejoin."
    if record is not None:
        hands = len(record.get("hands") or [])
        scores = record.get("scores") or [0, 0]
        played = "The hand you played is" if hands == 1 else f"The {hands} hands you played are"
        words += (f" {played} in your statistics, as a match you left unfinished "
                  f"({hands} hand{'s' if hands != 1 else ''}, {scores[0]}-{scores[1]}).")
    else:
        words += " No hand you played of it ended: it is not in your statistics."
    return words + " For another match, ask the host to start a new one and give you its join code."


def wrong_code_words(new_match: bool, from_env: bool) -> str:
    """What ``gin-tui join`` says of a join code the host refused: a wrong one, or
    (``new_match``) the code of a match the host gave up, and what to do; ``from_env``:
    the code was taken from :data:`CODE_ENV`, where an old one is easily forgotten."""
    from ginrummy_tui.net import protocol as P

    if new_match:  # the code of a match given up: no typo
        words = f"{P.NEW_MATCH_MESSAGE}; ask the host for it"
    else:
        words = "the host refused: wrong join code; ask the host for the code ('gin-tui host' shows it on its screen)"
    if from_env:
        words += f". The code was taken from {CODE_ENV}, which may hold an old one: set it to the new code, or unset it to be asked"
    return words + "."


def rejoin_command(args: argparse.Namespace) -> str:
    """The command that takes this seat back (quoted for a POSIX shell): the
    address, and the name and the data directory as they were given (the data
    directory also from ``GIN_TUI_HOME``, which a later shell may not have, and
    as an absolute path, for a shell in another directory):
    without them the player would come back under the login name, recorded
    elsewhere.  Never the code (every user of the machine could read it)."""
    from ginrummy_tui.session.startup import shell_join
    from ginrummy_tui.storage.files import ENV_HOME

    words = ["gin-tui", "join", args.address]
    if args.name:
        words += ["--name", args.name]
    home = vars(args).get("data_dir") or os.environ.get(ENV_HOME)
    if home:  # from the directory it was started in: the command may be run from another
        words += ["--data-dir", os.path.abspath(os.path.expanduser(home))]
    if vars(args).get("ascii"):  # the table as it was drawn
        words.append("--ascii")
    return shell_join(words)


def left_note(session: RemoteSession, rejoin: str, caught: Sequence[int] = ()) -> str:
    """The terminal's last lines once the table is closed: how to take the seat back
    (``rejoin``, the command, on a line of its own), also on the match's result,
    which the host keeps for a new match with the same code (quit offline: once the host
    starts the match again, as the quit question says); ``caught``: the signals
    that closed it, said first, as the host says them ("closed on request (SIGTERM)")."""
    from ginrummy_tui.engine.kinds import Phase

    said = f"gin-tui join: {closed_by(caught[0])}: " if caught else "gin-tui join: "
    if session.refused_with is not None:  # the same code takes the seat back no more
        return f"{said}left the table; {session.at_quit()}."
    if session.lost:  # as the quit question says: whether the host goes on with the match is not known here
        return f"{said}left the match, which is saved on the host; with the same code, this takes the seat back " \
            f"once the host starts the match again:\n  {rejoin}"
    client = session.client
    if client is not None and client.view is not None and client.view.phase == Phase.MATCH_OVER:
        return f"{said}left the match's result, which the host keeps for a new match; with the same code, " \
            f"this takes the seat back:\n  {rejoin}"
    # the command on a line of its own, to be copied whole
    return f"{said}left the match; with the same code, this takes the seat back:\n  {rejoin}"


def closed_by(signum: int) -> str:
    """How the signal ``signum`` closed the game: "closed on request (SIGTERM)", or, for
    SIGHUP, "closed with its terminal (SIGHUP)"."""
    import signal

    try:
        name = signal.Signals(signum).name
    except ValueError:
        name = f"signal {signum}"
    if name == "SIGHUP":
        return "closed with its terminal (SIGHUP)"
    return f"closed on request ({name})"
