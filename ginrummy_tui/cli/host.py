"""``gin-tui host``: start a match server and play its first seat in this terminal.

Only the standard library is imported at the top (the command-line parser
imports this module at start-up); the server and the app load in ``run``.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, TextIO

from ginrummy_tui.cli import (
    CTRL_C_STATUS,
    DATA_HOME,
    THEMES,
    address,
    given,
    listen_problem,
    out,
    port,
    say,
    seed_number,
    unusable_name,
    unusable_name_warning,
    wrapped,
)

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from ginrummy_tui.session.keeper import Keeper
    from ginrummy_tui.storage.config import Settings
    from ginrummy_tui.tui.app import GinApp

DEFAULT_PORT = 7531
DEFAULT_BIND = "127.0.0.1"
SAVE_NAME = "network.json"
"""The hosted match's save, beside the local match's."""
SEAT_OPTIONS = ("--name", "--ascii", "--no-mouse", "--theme")
"""The options of the host's own seat, which ``--server-only`` leaves to ``gin-tui join``."""
LOG_NAME = "host.log"
"""The server's log: connections, seats, refused messages (never a card)."""


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``gin-tui host``."""
    parser.add_argument(
        "--bind",
        default=None,
        metavar="ADDRESS",
        help="address to listen on (default the saved match's, else 127.0.0.1: this machine only, e.g. two SSH "
        "sessions on one box; 0.0.0.0 accepts other machines)",
    )
    parser.add_argument("--port", type=port, default=None, metavar="PORT",
                        help=f"TCP port (default: the saved match's, else {DEFAULT_PORT}; 0 picks one)")
    parser.add_argument("--rules", metavar="PRESET", default=argparse.SUPPRESS,
                        help="rules preset: standard, multiplayer-1.5 (30 s move timer), classic, oklahoma "
                        "(default the saved match's, else standard)")
    # its own name: argparse would put the ones after 'host' in the place of those before it
    parser.add_argument("--rule", action="append", dest="host_rule", default=argparse.SUPPRESS, metavar="OPTION=VALUE",
                        help="change one rule option of the preset for a new match, e.g. --rule knock_limit=7 "
                        "(repeatable); the other player is shown the rules in play")
    parser.add_argument("--name", default=None, metavar="NAME",
                        help="your name, as the other player sees it (default the saved match's, else your login name)")
    parser.add_argument("--seed", type=seed_number, default=argparse.SUPPRESS, metavar="N",
                        help="seed for a reproducible deal of a new match (default random; a saved match keeps its own)")
    parser.add_argument("--new", action="store_true", default=argparse.SUPPRESS,
                        help="start a new match instead of resuming the saved one")
    parser.add_argument("--data-dir", metavar="DIR", default=argparse.SUPPRESS,
                        help=f"where the hosted match is saved (default GIN_TUI_HOME, else {DATA_HOME}); a directory: - (saving "
                        "nothing) is refused, as the match is saved")
    parser.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS, help="draw in ASCII alone: cards (suits as S H D C), lines, signs")
    parser.add_argument("--no-mouse", action="store_true", default=argparse.SUPPRESS, help="ignore the mouse")
    parser.add_argument("--theme", metavar="NAME", default=argparse.SUPPRESS,
                        help=f"the colours for this run, one of {THEMES}")
    parser.add_argument("--server-only", action="store_true",
                        help="run only the server and print both seats' codes (both players join)")



def asked_settings(args: argparse.Namespace) -> Settings:
    """The rules asked for (a preset, single options changed from it: ``--rule``
    before ``host`` and after it) and the seat's look, checked as the game
    checks them; raises ``ValueError`` saying what is wrong."""
    from ginrummy_tui.storage.config import Settings, apply_args

    rule_texts = [*(getattr(args, "rule", None) or []), *getattr(args, "host_rule", [])]  # before 'host', after it
    return apply_args(Settings(), argparse.Namespace(**{**vars(args), "rule": rule_texts}))


def option_refusal(args: argparse.Namespace) -> str | None:
    """Why the options of ``gin-tui host`` are refused, before anything is
    started (and before the terminal is looked at); None when they are good."""
    for option in SEAT_OPTIONS if args.server_only else ():
        if given(args, option):
            return (f"gin-tui host --server-only does not take {option}: nobody plays in this terminal; "
                    "each player gives it to gin-tui join")
    from ginrummy_tui.cli.play import refuse_theme

    try:
        asked_settings(args)
        refuse_theme(getattr(args, "theme", None))
    except ValueError as exc:
        return f"gin-tui host: {exc}"
    if args.bind is not None and not args.bind.strip():  # '' would listen on every IPv4 and IPv6 address: say which is meant
        return ("gin-tui host: --bind needs an address: 127.0.0.1 (this machine only), 0.0.0.0 (every IPv4 address) "
                "or :: (every IPv6 address)")
    return None


def run(args: argparse.Namespace) -> int:
    """Host a match; returns the exit status."""
    from ginrummy_tui.net import protocol as P
    from ginrummy_tui.net.server import ServerThread
    from ginrummy_tui.session.startup import close_kept
    from ginrummy_tui.storage.files import data_dir
    from ginrummy_tui.storage.store import Store

    refusal = option_refusal(args)
    if refusal is not None:
        say(refusal, file=sys.stderr)
        return 2
    rules_name = getattr(args, "rules", None)
    asked = asked_settings(args)
    unusable = unusable_name(args)  # taken as left out: the login name, or the saved match's
    name = P.player_name(args.name, "Host")

    root = data_dir(getattr(args, "data_dir", None))
    store = Store(root, SAVE_NAME)
    before = hosted_before(store)
    kept_port, kept_bind = before.port, before.bind  # a new match (--new) too: the other player's game rejoins there
    if args.port is None:  # the port the saved match was hosted on, where the other player's game rejoins
        args.port = kept_port if kept_port is not None else DEFAULT_PORT
    if args.bind is None:  # and the address, as the port: a guest on another machine rejoins that address
        args.bind = kept_bind if kept_bind is not None else DEFAULT_BIND
        args.bind_kept = kept_bind is not None
    cannot_listen = _cannot_listen(args)
    if cannot_listen and store.lock.owner() is None:  # nothing hosted: nothing written (no host of this
        say(cannot_listen, file=sys.stderr)  # directory holds the port, to be offered to take over)
        return 1
    notes: list[str] = []
    try:
        locked: bool | None = store.lock.acquire()
    except OSError as exc:  # not a directory, read-only, no permission...: refused, as --data-dir - is
        for note in store.lock.notes:
            say(f"gin-tui host: {note}", file=sys.stderr)
        say(f"gin-tui host: the match cannot be saved: {store.lock.unusable(exc)}; a hosted match is saved, to be "
            "resumed with its join code: give a directory that can be used (--data-dir DIR)", file=sys.stderr)
        return 1
    for note in store.lock.notes:
        say(f"gin-tui host: {note}", file=sys.stderr)
        notes.append(note)
    took_over = False
    if locked is False:
        status = take_over_host(store, notes)
        if status is not None:
            return status
        locked = took_over = True
    cannot_listen = _cannot_listen(args, patience=3.0 if took_over else 0.0)
    if cannot_listen:  # before the log and the save are written: this host would never host
        say(cannot_listen, file=sys.stderr)
        store.lock.release()
        return 1
    store.lock.watch()  # its file removed by hand, it is made again: a second host is still refused, as in the game
    if locked:
        for note in _log_to(root / LOG_NAME):  # one host writes (and rotates) the log: the one holding the lock
            say(f"gin-tui host: {note}", file=sys.stderr)
            notes.append(note)
    keeper = None
    try:
        keeper, state, code = prepare_match(
            store,
            rules_name=rules_name,
            rule_options=dict(asked.rule_options),
            seed=getattr(args, "seed", None),
            new=bool(getattr(args, "new", False)),
            name=name,
            notes=notes,
            record=not args.server_only,  # the players' own 'gin-tui join' record it then, each their side
            server_only=args.server_only,
        )
        if locked:
            for error in keeper.errors:
                say(f"gin-tui host: {error}", file=sys.stderr)
                notes.append(error)
        if not args.server_only and not args.name:  # the seat keeps the saved match's name (not the login name)
            name = seat_name(keeper, name, before)
        if unusable is not None:  # said before the table, and on it, which hides what was printed
            warning = unusable_name_warning("gin-tui host", unusable, name)
            say(warning, file=sys.stderr)
            notes.append(warning.removeprefix("gin-tui host: warning: "))
        reporter = SaveReporter(keeper)
        # --server-only: both seats join, the host's seat by its own code, named by its player
        own_name = None if args.server_only else name
        server = match_server(
            reporter, state, code, name=own_name, bind=args.bind, port=args.port,
            new_match=next_match(rules_name, dict(asked.rule_options), getattr(args, "seed", None)),
        )
        thread = ServerThread(server)
        try:
            host, port = thread.start()
        except OSError as exc:  # taken meanwhile (checked before anything was written)
            say(listen_refusal(args, exc), file=sys.stderr)
            return 1
        if keeper.settings.get("port") != port or keeper.settings.get("bind") != args.bind:
            keeper.settings["port"] = port  # kept with the match: a restart listens there again
            keeper.settings["bind"] = args.bind
            keeper.flush()
        until_joined: list[str] = []
        # the other player's game (both players' with --server-only) rejoins the old address and port: where one
        # was at the table
        rejoins = before.seated[1] or (args.server_only and before.seated[0])
        gone = kept_bind is not None and not still_reached(kept_bind, args.bind)
        if kept_port is not None and (port != kept_port or gone) and rejoins:
            moved = moved_note(kept_port, port, _join_address(host, port), new=bool(getattr(args, "new", False)),
                               server_only=args.server_only, kept_bind=kept_bind if gone else None, bind=args.bind)
            say(f"gin-tui host: {moved}", file=sys.stderr)
            notes.append(moved)
            until_joined.append(moved)  # taken down once a player has joined where the match is now
        shown = f"[{host}]" if ":" in host else host
        where = _where(args.bind)
        out(wrapped(f"gin-tui host: listening on {shown}:{port} — {where}", sys.stdout))
        if args.server_only:  # nobody plays here: both players join, each with a code of their own
            out(f"Player 1's join code: {server.host_code}")
            out(f"Player 2's join code: {code}")
            out("Each player runs this, and types their own code when asked:")
        else:
            out(f"Join code: {code}")
            out("The other player runs (and types the code when asked):")
        out(f"  gin-tui join {_join_address(host, port)}")  # a line of its own, to be copied whole
        if host in EVERYWHERE:  # no one address to give: the other player puts the one they reach
            out(wrapped(f"({PLACEHOLDER} stands for this machine's name or address, as the other player's machine "
                        "reaches it: typed as it is, it is no such host)", sys.stdout))
        if args.server_only:
            reporter.attach(lambda text: say(f"gin-tui host: {text}", file=sys.stderr, flush=True))
            why = _serve_until_interrupted(thread)
            _say_stopped(why, server.state.over, keeper, (server.host_code, code), resume_command(args, port))
            return stopped_status(why)

        def give_up() -> None:  # the app could not close in time after a signal: the process ends anyway
            thread.stop()
            close_kept(keeper)

        return _play(args, thread, server, name, code, host, port, reporter=reporter, notes=notes, give_up=give_up,
                     until_joined=until_joined)
    finally:
        if keeper is not None:
            close_kept(keeper)  # saved one last time, the lock given up, as the game does
        else:
            store.lock.release()


def moved_note(kept_port: int, port: int, new_address: str, *, new: bool = False, server_only: bool = False,
               kept_bind: str | None = None, bind: str = DEFAULT_BIND) -> str:
    """What the host says when it listens on ``port`` (at ``new_address``), not on ``kept_port``, where
    the saved match was hosted and the other player's game (with ``server_only``, both players')
    still tries to rejoin, and is told nothing: nothing of this host answers there; ``new``: the
    saved match was given up for a new one (``--new``), which has a new join code (each player's);
    ``kept_bind``: the address it listened on, where this host (on ``bind``) no longer answers
    (None: the address did not change, and the note speaks of the port alone)."""
    if server_only:
        games, who, code = "Both players' games go on", "each player should", "their new join code"
    else:
        games, who, code = "The other player's game goes on", "they should", "the new join code"
    if kept_bind is None:
        was, now, tried = f"port {kept_port}", f"port {port}", f"port {kept_port}"
    else:
        was, now = address(kept_bind, kept_port), address(bind, port)
        # listening everywhere, the game tries the address it joined, one of this machine's
        tried = f"port {kept_port} of the address it joined" if kept_bind in EVERYWHERE else was
    if new:
        return (f"the match given up was hosted on {was}; the new match is on {now}. {games} "
                f"trying {tried} and cannot be told of the new match: {who} leave it (q) and join the "
                f"new address, gin-tui join {new_address}, with {code}.")
    return (f"the match was hosted on {was} and is now on {now}. {games} trying {tried}: {who} leave it (q) "
            f"and join the new address, gin-tui join {new_address}, with the same code.")


def still_reached(kept_bind: str, bind: str) -> bool:
    """Whether a host listening on ``bind`` answers where one on ``kept_bind`` did (the same
    address, or every address of its kind: 0.0.0.0 holds 127.0.0.1, :: holds ::1)."""
    import ipaddress

    if kept_bind == bind:
        return True
    try:
        kept = ipaddress.ip_address(kept_bind)
    except ValueError:  # a name: the same name alone is sure to be reached
        return False
    return (bind == "0.0.0.0" and kept.version == 4) or (bind == "::" and kept.version == 6)


def _cannot_listen(args: argparse.Namespace, patience: float = 0.0) -> str:
    """Why the host cannot listen where it is asked to (the port in use...), in one line, or
    "": checked before anything is written in the data directory, which a host that never
    hosted leaves as it was.  A port in use is tried again for ``patience`` seconds (the host
    taken over lets its port go as it closes)."""
    import errno
    import time

    from ginrummy_tui.net.server import check_listen

    until = time.monotonic() + patience
    while True:
        try:
            check_listen(args.bind, args.port)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE and time.monotonic() < until:
                time.sleep(0.1)
                continue
            return listen_refusal(args, exc)
        return ""


def listen_refusal(args: argparse.Namespace, exc: OSError) -> str:
    """The line that says why listening on ``--bind``:``--port`` failed with ``exc`` (the address
    the saved match was hosted on, when ``--bind`` was left out, said to be that)."""
    kept = " (the address the saved match was hosted on)" if vars(args).get("bind_kept") else ""
    return f"gin-tui host: cannot listen on {args.bind}:{args.port}{kept}: {listen_problem(exc, 'host', '--bind')}"


def take_over_host(store, notes: list[str], stdin: TextIO | None = None, stdout: TextIO | None = None) -> int | None:
    """Another ``gin-tui host`` holds the match of ``store``: say so and how to
    stop it, and in a terminal offer to take the match over, as the game's
    ``t`` does (that host is sent SIGTERM, on which it saves, says goodbye to
    its players and closes; one stopped with Ctrl+Z, which cannot, is ended at once and the
    question says so; one that closes by itself while the question
    waits is noticed, and the match is hosted here).  None once the lock is held here (the note for
    the game's screen added to ``notes``, saying how it went), else the exit status: 0 when the
    player chose to quit, 1 when the match stays with the other host."""
    import os

    from ginrummy_tui.session.startup import ask_choice
    from ginrummy_tui.storage.lock import TakeOver

    stdin = stdin or sys.stdin
    owner = store.lock.owner()
    who = f" ({owner.describe()})" if owner is not None else ""
    say(f"gin-tui host: another 'gin-tui host' is running with this match{who}.", file=sys.stderr)
    can_take = owner is not None and owner.here and owner.pid != os.getpid()
    if can_take and stdin.isatty():
        closes = ("is ended at once (stopped, it cannot close when asked; every move is saved)" if owner.stopped
                  else "saves, says goodbye to its players and closes")
        answer = ask_choice(
            [("t", "take", f"take it over: that host {closes}, and the match is hosted here")],
            "nothing was started; the match is still hosted by the other 'gin-tui host'.",
            stdin,
            stdout or sys.stdout,
            gone=store.lock.acquire,  # the other host closed while the question waited
            gone_quit_note="nothing was started; the other 'gin-tui host' has closed meanwhile, "
            "so run 'gin-tui host' again to host the match.",
        )
        if answer == "quit":
            store.lock.release()  # taken as the question was answered, or never
            return 0
        took = TakeOver.FREE
        if answer != "gone":
            say("gin-tui host: closing the other 'gin-tui host'…", file=sys.stderr)
            took = store.lock.take_over(owner)
        if took is not None:
            if took is TakeOver.FREE:
                taken = "the other 'gin-tui host' has closed; the match is hosted here."
            elif took is TakeOver.CLOSED:
                taken = f"the match was taken over from the other 'gin-tui host'{who}, which has closed."
            elif took is TakeOver.ENDED:
                taken = (f"the match was taken over from the other 'gin-tui host'{who}, which was ended at once: "
                         "stopped, it could not close when asked. Every move was already saved.")
            else:
                taken = (f"the match was taken over from the other 'gin-tui host'{who}, which did not close when "
                         "asked and was killed after 5 s. Every move was already saved.")
            say(f"gin-tui host: {taken}", file=sys.stderr)
            notes.append(taken)
            return None
        say(f"gin-tui host: the other 'gin-tui host' could not be closed. {_how_to_stop(owner)}", file=sys.stderr)
        return 1
    hint = _how_to_stop(owner)
    if can_take:
        hint += " Run 'gin-tui host' in a terminal to be offered to take it over."
    say(f"gin-tui host: {hint}", file=sys.stderr)
    return 1


def _how_to_stop(owner) -> str:
    """How the player stops the ``gin-tui host`` that holds the match (``owner``
    as its lock names it, or None), to host it again."""
    where = ""
    if owner is not None and owner.pid:
        where = f", or kill {owner.pid}" + ("" if owner.here else f" on {owner.host}")
    there = "" if owner is None or owner.here else " there"
    return (f"Stop it{there} first (Ctrl+C in its terminal{where}), then start 'gin-tui host' again: "
            "the match is saved after every move and goes on with the same join code.")


def match_server(reporter: SaveReporter, state, code: str, *, name: str | None, **options):
    """The server of the hosted match ``state``, whose changes ``reporter``
    saves and records: the game after every move, and what the server keeps
    beside it (who asked for the next hand, the hints of the hand in play)
    whenever that changes, in the save's ``ui``, which it starts from."""
    from ginrummy_tui.net import protocol as P
    from ginrummy_tui.net.server import MatchServer

    keeper = reporter.keeper
    kept = keeper.settings.get("seat_code") if name is None else None
    seat_code = kept if valid_code(kept) else None  # --server-only: the first player's, kept with the match
    server = MatchServer(
        state, codes={0: seat_code or P.new_code(), 1: code}, names=(name, "Guest"), table=keeper.last_ui,
        retired_codes=retired_codes(keeper.settings),
        on_change=reporter.on_change, on_hint=reporter.on_hint, on_table=reporter.on_table,
        match_id=reporter.match_id, **options,
    )
    keeper.ui = server.table
    keeper.opponent_name = lambda: server.seat_names(1)  # the guests', for the host's record: "Bob/Carol"
    if name is None:  # both players join: a restarted server takes the first one back with the same code
        keeper.settings["seat_code"] = server.host_code
        if seat_code is None:
            keeper.flush()  # saved at once, before anyone joins
    return server


class SaveReporter:
    """Saves each change through the keeper and tells the host's player when a
    save fails (a full disk, say), once until saving works again, as the local
    app does.  The server calls :meth:`on_change` on its own thread; failures
    before :meth:`attach` are told when it is called."""

    def __init__(self, keeper) -> None:
        import threading

        self.keeper = keeper
        self._told = len(keeper.errors)  # what was said before the match started is said elsewhere
        self._tell = None
        self._lock = threading.Lock()

    def on_change(self, state) -> None:
        self.keeper.on_change(state)
        self._flush()

    def on_table(self) -> None:
        """The server's table changed without a move (a player asked for the next hand, a hint): saved again."""
        self.keeper.ui_changed()
        self._flush()

    def on_hint(self, seat: int) -> None:
        """A hint shown to the host's own player (seat 0) counts in its statistics."""
        if seat == 0:
            self.keeper.add_hint()
            self._flush()

    def match_id(self) -> str:
        """The id of the match in play (the guest records the finished match under it)."""
        return self.keeper.match_id

    def attach(self, tell) -> None:
        """From now on, ``tell(text)`` says each new failure."""
        self._tell = tell
        self._flush()

    def _flush(self) -> None:
        with self._lock:
            errors = self.keeper.errors
            if self._tell is None or len(errors) <= self._told:
                return
            new, self._told = errors[self._told:], len(errors)
        for text in new:
            try:
                self._tell(text)
            except Exception:  # telling must never stop the match: logged, as the server's callbacks are
                logging.getLogger("ginrummy_tui.net").exception("could not tell the host a save failed")


def _print_note(text: str) -> None:
    """Print a message of the start on standard output, wrapped between words on a terminal as the others are."""
    out(wrapped(text, sys.stdout))


def prepare_match(store, *, rules_name: str | None, seed: int | None, new: bool, name: str, say=_print_note,
                  notes: list[str] | None = None, record: bool = True, rule_options: dict[str, Any] | None = None,
                  server_only: bool = False):
    """Resume the saved hosted match (with its join code) or start a new one,
    under the preset ``rules_name`` (standard if None) with the single
    ``rule_options`` changed from it (``--rule``, checked by the caller).

    Returns ``(keeper, state, join_code)``; the keeper saves every change like
    a local match and, with ``record`` (the host plays seat 0), records it in
    the history as a match against a person over the network
    (:data:`~ginrummy_tui.storage.stats.NETWORK`), apart from the computer's
    levels; a match given up with ``--new``, or whose save was damaged and set
    aside, then counts as abandoned, as a local one does.  The caller holds ``store.lock``.  What the player must not
    miss (a damaged save moved aside) is also added to ``notes``, to be shown
    on the table: the game's screen hides what was printed before it.
    With ``server_only`` (``--server-only``) both players join, each with a
    code of their own, and a new code is told as theirs, not "the other player's".
    """
    from ginrummy_tui.engine import PRESETS, new_game
    from ginrummy_tui.net import protocol as P
    from ginrummy_tui.session.keeper import Keeper
    from ginrummy_tui.session.startup import match_point
    from ginrummy_tui.storage.stats import NETWORK

    rules = PRESETS[rules_name or "standard"].with_options(**(rule_options or {}))
    from ginrummy_tui.storage.store import Opened

    finished = None if new else finished_match(store)
    opened = Opened() if finished is not None else store.load()  # a finished match stays: it goes on
    code = None
    messages = list(opened.messages)
    if opened.error is not None:  # the save set aside, its join codes with it: the players must be told
        code = P.new_code()
        if server_only:  # Player 1's code is made anew too (match_server); both are printed below
            said = "The new match has new join codes for both players: each player must join with their new code."
        else:
            said = f"The new match has a new join code, {code}: the other player must join with it."
        damage = opened.error.message()
        told = [at for at, line in enumerate(messages) if line.startswith(damage)]
        if told:  # said with the damage, in one note
            messages[told[0]] = f"{messages[told[0]]} {said}"
        else:
            messages.append(said)
    for line in messages:
        say(f"gin-tui host: {line}")
        if notes is not None:
            notes.append(line)
    if record and opened.error is not None and opened.error.match_id:  # a match that can never be finished
        from ginrummy_tui.storage.history_upkeep import mark_abandoned

        for line in mark_abandoned(store.root, opened.error.match_id, remains=opened.error.remains):
            say(f"gin-tui host: {line}")
    saved = finished or opened.saved
    match_id = None
    retired = retired_codes(saved.settings) if saved is not None else []
    if saved is not None and not new:
        state = saved.state
        match_id = saved.match_id
        kept = saved.settings.get("join_code")
        code = kept if valid_code(kept) else None
        if state.over:  # its result again, then the next match, with the same code: the other player plays on
            again = (f"the last match is over ({scores_said(state.totals, saved.ui, server_only)}): its result is "
                     "shown again, and the next match starts once both players press ⏎, with the same join code.")
            say(f"gin-tui host: {again}")
            if notes is not None:
                notes.append(again)
        else:
            say(f"gin-tui host: resuming the saved match ({match_point(state.hand_no, state.phase.ended)}; "
                f"{scores_said(state.scores, saved.ui, server_only)}).")
        if code is None:
            code = P.new_code()
            lost = new_code_note("join_code" in saved.settings, code, server_only=server_only)
            say(f"gin-tui host: {lost}")
            if notes is not None:
                notes.append(lost)
        given = [option for option, value in (("--rules", rules_name), ("--rule", rule_options)) if value]
        unused = []  # the options the resumed match does not take up
        if given and rules != state.rules:
            applies = "apply" if len(given) > 1 else "applies"
            say(f"gin-tui host: {' and '.join(given)} {applies} to new matches only (use --new for one).")
            unused += given
        if seed is not None and str(seed) != state.seed:
            say("gin-tui host: --seed applies to new matches only (use --new for one).")
            unused.append("--seed")
        if unused and notes is not None:  # printed before the table, which hides it: said there too
            notes.append(resumed_note(unused, over=state.over))
    else:
        if saved is None and opened.archived is not None:  # a finished match, archived: its codes are retired too
            from ginrummy_tui.storage.store import SavedMatch, read_save

            over = read_save(opened.archived)
            if isinstance(over, SavedMatch):
                ended = [over.settings.get(key) for key in ("join_code", "seat_code")]
                retired = [*(str(code) for code in ended if valid_code(code)), *retired_codes(over.settings)][:RETIRED_KEPT]
        if saved is not None:  # given up: its codes still say so to a player who comes back with one
            given_up = [saved.settings.get(key) for key in ("join_code", "seat_code")]
            retired = [*(str(code) for code in given_up if valid_code(code)), *retired][:RETIRED_KEPT]
        if saved is not None and record:
            for line in _give_up(store, saved):
                say(f"gin-tui host: {line}")
        elif saved is not None:
            store.set_aside("abandoned")
        state = new_game(rules, seed=seed)
    code = code or P.new_code()
    settings: dict[str, Any] = {"ai": NETWORK, "join_code": code, "host": name}
    if retired:
        settings["retired_codes"] = retired
    if saved is not None and not new and valid_code(saved.settings.get("seat_code")):
        settings["seat_code"] = saved.settings["seat_code"]  # --server-only's first player's (match_server)
    keeper = Keeper(store, match_id=match_id, settings=settings, keep_finished=True,
                    record=record, has_save=match_id is not None)  # resumed: its save stands
    if saved is not None and not new:
        keeper.last_ui = dict(saved.ui)  # the server's table (who asked to go on, the hints): kept, and taken up
    keeper.start(state)
    return keeper, state, code


def scores_said(scores: Sequence[int], table: Mapping[str, Any], server_only: bool = False) -> str:
    """The two seats' ``scores`` with whose each is, by the names the saved server's ``table``
    knows: "you 0, Bob 90" (the host's player holds the first seat), or with ``server_only``,
    where both players join, "Ann 0, Bob 90" ("player 1", "player 2" for a seat never named)."""
    from ginrummy_tui.net import protocol as P

    names = P.seat_names(table.get("names")) or ["player 1", "player 2" if server_only else "the other player"]
    return f"{names[0] if server_only else 'you'} {scores[0]}, {names[1]} {scores[1]}"


def next_match(rules_name: str | None, rule_options: dict[str, Any], seed: int | None):
    """What makes each next match of the host (after a finished one) from the finished
    one: under the rules of ``--rules`` (standard if only ``--rule`` options are given)
    with the ``--rule`` options ``rule_options``, dealt from ``--seed`` ``seed``, those
    given (a resumed match of its own rules and seed plays on with them, and the next
    match takes up the ones given; the matches after it keep them); None when none is given:
    each next match keeps the rules and the seed of the one before."""
    if rules_name is None and not rule_options and seed is None:
        return None
    from dataclasses import replace

    from ginrummy_tui.engine import PRESETS, Action, apply
    from ginrummy_tui.engine.kinds import Kind

    rules = PRESETS[rules_name or "standard"].with_options(**rule_options) if rules_name or rule_options else None

    def make(state):
        asked = replace(state, rules=rules or state.rules, seed=state.seed if seed is None else str(seed))
        return apply(asked, Action(Kind.NEW_MATCH))

    return make


@dataclass(frozen=True)
class HostedBefore:
    """What the saved hosted match of a data directory tells of where and by whom it was
    hosted, read before anything is changed (``--new`` gives that match up)."""

    port: int | None = None
    """The port it was last hosted on (None: none saved, or a save of an earlier version)."""
    names: tuple[str | None, str | None] = (None, None)
    """Each seat's name as its table keeps it (None where it keeps none)."""
    seated: tuple[bool, bool] = (True, True)
    """Whether each seat has had a player at the table in it (a game that may still be
    trying its port); both, where the save does not say (an earlier version's)."""
    bind: str | None = None
    """The address it last listened on, as ``--bind`` gave it (None: none saved, or a save
    of an earlier version)."""


def hosted_before(store) -> HostedBefore:
    """:class:`HostedBefore` of the save of ``store`` (all unknown where it cannot be read)."""
    from ginrummy_tui.storage.store import SavedMatch, read_save

    found = read_save(store.path)
    if not isinstance(found, SavedMatch):
        return HostedBefore()
    kept = found.settings.get("port")
    port = kept if isinstance(kept, int) and not isinstance(kept, bool) and 0 < kept < 65536 else None
    bind = found.settings.get("bind")
    if not isinstance(bind, str) or not bind.strip() or len(bind) > 255 or not bind.isprintable():
        bind = None
    names, seated = found.ui.get("names"), found.ui.get("seated")
    if not isinstance(names, list) or len(names) != 2:
        names = [None, None]
    named = [name if isinstance(name, str) and name.strip() else None for name in names]
    if not isinstance(seated, list) or [type(x) for x in seated] != [bool, bool]:
        seated = [True, True]
    return HostedBefore(port, (named[0], named[1]), (seated[0], seated[1]), bind)


def seat_name(keeper, name: str, before: HostedBefore | None = None) -> str:
    """The name of the host's seat when ``--name`` is not given: the one the resumed
    match's save gives it (a host taken over, or started again, under another login
    keeps it), else the one of the match given up for this one (``before``: ``--new``
    keeps the player's name, where it was the login name), else ``name`` (the login
    name); kept with the match."""
    from ginrummy_tui.net import protocol as P

    names = keeper.last_ui.get("names")
    if isinstance(names, list) and len(names) == 2 and isinstance(names[0], str) and names[0].strip():
        name = P.clean_name(names[0], name)
    elif before is not None and before.names[0] is not None:
        name = P.clean_name(before.names[0], name)
    keeper.settings["host"] = name
    return name


def finished_match(store):
    """The hosted match of ``store`` that is over, kept in its save (the host keeps it there
    until the next match starts: a host started again shows its result and plays the next
    match with the same join code), or None (no save, an unfinished match, or one that
    cannot be read: :meth:`~ginrummy_tui.storage.store.Store.load` deals with those)."""
    from ginrummy_tui.storage.store import SavedMatch, read_save

    found = read_save(store.path)
    return found if isinstance(found, SavedMatch) and found.state.over else None


def resumed_note(unused: list[str], *, over: bool = False) -> str:
    """What the host's table says of a resumed match that does not take up the ``unused``
    options (``--rules``, ``--rule``, ``--seed``), as the game's table says it of a local match
    (``over``: a finished match, shown at its result)."""
    own = " and ".join(what for what, option in (("rules", "--rule"), ("deals", "--seed")) if any(
        given.startswith(option) for given in unused))
    if over:
        return f"The last match was played with its own {own}; your {'/'.join(unused)} choice starts with the next match."
    return (f"Resumed your unfinished match with its own {own}; your {'/'.join(unused)} choice starts with "
            "the next match (or now with --new).")


RETIRED_KEPT = 4
"""How many join codes of matches given up with ``--new`` the host keeps, to tell a player
who comes back with one that the host started a new match."""


def valid_code(code: Any) -> bool:
    """Whether ``code`` (read from a save) can be a join code."""
    from ginrummy_tui.net import protocol as P

    return isinstance(code, str) and len(P.normalize_code(code)) == P.CODE_LENGTH


def retired_codes(settings: dict[str, Any]) -> list[str]:
    """The join codes of the matches given up for this one, as its save keeps them
    (anything unreadable left out)."""
    kept = settings.get("retired_codes")
    return [code for code in kept if valid_code(code)][:RETIRED_KEPT] if isinstance(kept, list) else []


def new_code_note(unreadable: bool, code: str, *, server_only: bool = False) -> str:
    """What the host says of a resumed match whose saved join code it cannot use
    (``unreadable``, else missing): it has the new ``code``, which the other player
    needs (with ``server_only``, Player 2, whose code it is)."""
    why = "the saved join code could not be read" if unreadable else "the save holds no join code"
    who = "Player 2" if server_only else "the other player"
    return f"{why}, so the match has a new join code, {code}: {who} must join with it."


def _give_up(store, saved) -> list[str]:
    """The saved match is given up for a new one (``--new``) as a local match is
    (:func:`~ginrummy_tui.session.startup.give_up_saved`), and at once, as the
    game does once its table is up, its record is marked abandoned and its save
    archived; what went wrong is returned."""
    from ginrummy_tui.session.startup import give_up_saved
    from ginrummy_tui.storage.history_upkeep import file_abandoned

    where, said = give_up_saved(store, saved)
    return said if where is None else file_abandoned(store.root)


def _log_to(path) -> list[str]:
    """Connections and refusals go to a file, not over the game's screen (no
    cards are ever logged); the file is capped and repeated lines are limited.
    Returns what to tell the player (a link in the log's place, moved aside)."""
    from ginrummy_tui.net.hostlog import open_host_log

    return open_host_log(path)[1]


def _where(bind: str) -> str:
    if bind in ("127.0.0.1", "localhost", "::1") or bind.startswith("127."):
        return ("this machine only (loopback); other machines: an SSH tunnel (README), or --bind 0.0.0.0 "
                "(unencrypted)")
    if bind in ("0.0.0.0", "::", ""):
        return ("every network this machine is on, unencrypted: anyone who can reach this port may try to join "
                "(between machines an SSH tunnel is safer: see docs/protocol.md)")
    return "that address only"


EVERYWHERE = ("0.0.0.0", "::", "")
"""The addresses that listen on every address of the machine, of which none is the one to join."""
PLACEHOLDER = "THIS-MACHINE"
"""What the join command the host prints names in the place of such an address: this machine's
name or address, as the other player's machine reaches it."""


def _join_address(host: str, port: int) -> str:
    return address(PLACEHOLDER if host in EVERYWHERE else host, port)


def _connect_address(host: str) -> str:
    """Where the host's own client connects: loopback when listening everywhere."""
    if host == "0.0.0.0":
        return "127.0.0.1"
    if host == "::":
        return "::1"
    return host


class _Stopped(Exception):
    """A signal asked the server to stop (``kill``, or the terminal closed)."""


def _serve_until_interrupted(thread) -> str:
    """Serve until Ctrl+C, ``kill`` (SIGTERM) or a closed terminal (SIGHUP, a
    dropped SSH session): each says goodbye to the players, the match saved as
    after every move; returns which it was (``"Ctrl+C"``, ``"SIGTERM"``...).
    A Ctrl+C ignored by the shell (a host started in the background) stays
    ignored, as for any background job."""
    import signal
    import time

    def stop(signum, frame) -> None:
        raise _Stopped(signal.Signals(signum).name)

    wanted = [signal.SIGTERM] + ([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])
    before = {sig: signal.signal(sig, stop) for sig in wanted}
    why = "Ctrl+C"
    try:
        out("Serving; Ctrl+C stops.", flush=True)  # shown at once, also in a log (the codes above with it)  # inside: a Ctrl+C as soon as this is read is still a clean stop
        while True:
            time.sleep(1)
    except KeyboardInterrupt:
        pass
    except _Stopped as exc:
        why = str(exc)
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
        thread.stop()
    return why


def stopped_status(why: str) -> int:
    """The exit status of ``gin-tui host --server-only`` stopped by ``why`` (what
    :func:`_serve_until_interrupted` returns): :data:`CTRL_C_STATUS` for Ctrl+C,
    128 + the signal's number for a signal (143 for SIGTERM, 129 for SIGHUP), as
    ``sim`` and ``join`` end on Ctrl+C and a playing host on a signal."""
    if why in signal.Signals.__members__:
        return 128 + signal.Signals[why].value
    return CTRL_C_STATUS


def _say_stopped(why: str, over: bool, keeper: Keeper, codes: tuple[str, str], command: str) -> None:
    """What ``gin-tui host --server-only`` says once stopped (``why``: Ctrl+C, a
    signal's name): that it stopped, then what became of the match, as the
    hosted game says it (:func:`closing_words`), with ``command``, which
    resumes it with the players' join codes ``codes``, on a line of its own (the
    match not saved, nothing more: that was said as saving failed)."""
    caught = [signal.Signals[why].value] if why in signal.Signals.__members__ else []
    words, trouble = closing_words(over, keeper, caught, codes[0], command, own_line=True, second_code=codes[1])
    words, _, resume = words.partition("\n")
    stream = sys.stderr if trouble else sys.stdout
    try:
        say(f"gin-tui host: stopped ({why}).", flush=True)
        if keeper.failing:  # not saved: said as saving failed (on standard error), not again
            return
        say(f"gin-tui host: {words}", file=stream)
        if resume:
            print(resume, file=stream, flush=True)  # a line of its own, unwrapped, to be copied whole
    except OSError:  # the terminal is gone (SIGHUP): nobody to tell
        pass


def _play(args, thread, server, name: str, code: str, host: str, port: int, *, reporter, notes, give_up,
          until_joined: list[str]) -> int:
    import asyncio
    import contextlib

    from ginrummy_tui.cli.play import back_in_the_terminal, exit_status

    ended = asyncio.run(
        _play_on_loop(args, thread, server, name, code, host, port, reporter, notes, give_up, until_joined)
    )
    if ended is None:
        return 1
    app, caught = ended
    back_in_the_terminal(app, "gin-tui host")
    words, trouble = closing_words(
        server.state.over, reporter.keeper, caught, code, resume_command(args, port), own_line=True
    )
    words, _, command = words.partition("\n")
    stream = sys.stderr if trouble else sys.stdout
    with contextlib.suppress(OSError):  # the terminal may be gone (SIGHUP): nobody to tell
        say(f"gin-tui host: {words}", file=stream)
        if command:
            print(command, file=stream)  # a line of its own, unwrapped, to be copied whole
    return exit_status(app, caught)


def closing_words(
    over: bool, keeper: Keeper, caught: list[int], code: str, command: str = "gin-tui host", *,
    own_line: bool = False, second_code: str | None = None,
) -> tuple[str, bool]:
    """What the host says as it closes, and whether it is trouble (standard error):
    the match over, saves failing, closed on request (most often by another
    'gin-tui host' that took the match over, which then holds it), or saved.
    ``command`` resumes the match (:func:`resume_command`); with ``own_line`` it
    ends the words on a line of its own, to be copied whole, else it is quoted
    in them.  ``second_code``: with ``--server-only``, player 2's join code,
    ``code`` being player 1's."""
    if over and keeper.failing:
        return "the match is over.", False
    if keeper.failing:
        return (keeper.errors[-1] if keeper.errors else "the match is not saved."), True
    named = f"code {code}" if second_code is None else f"codes, {code} (player 1's) and {second_code} (player 2's)"
    if over:  # kept at its result: the next match is played with the same codes, the players' games reconnect
        then = f"shows its result again and plays the next match with the same join {named}"
        quote = '"' if "'" in command else "'"
        then = f"this {then}:\n  {command}" if own_line else f"{quote}{command}{quote} {then}."
        if caught and caught[0] == getattr(signal, "SIGTERM", None):
            return f"the match is over; if another 'gin-tui host' took it over, that one holds it now, else {then}", False
        return f"the match is over; {then}", False
    if own_line:
        resumes = f"this resumes it with the same join {named}:\n  {command}"
    else:
        quote = '"' if "'" in command else "'"
        resumes = f"{quote}{command}{quote} resumes it with the same join {named}."
    if caught and caught[0] == getattr(signal, "SIGTERM", None):
        return (
            "closed on request (SIGTERM): the match is saved; if another 'gin-tui host' took it over, "
            f"that one holds it now, else {resumes}",
            True,
        )
    return f"the match is saved; {resumes}", False


def resume_command(args: argparse.Namespace, port: int) -> str:
    """The command that resumes this hosted match, with the options it was
    started with that say which match and where (quoted for a POSIX shell):
    the data directory (``--data-dir``, or ``GIN_TUI_HOME``, which a later
    shell may not have; as an absolute path, for a shell in another directory), the address and the port listened on (the port the
    system picked for ``--port 0``, which the other player's game rejoins),
    and the host's name, or ``--server-only``.  The rules, the seed and ``--new`` are left out: they
    would start another match."""
    from ginrummy_tui.session.startup import data_dir_words, shell_join

    words = ["gin-tui", "host"] + (["--server-only"] if args.server_only else []) + data_dir_words(args)
    if args.bind not in (None, DEFAULT_BIND):
        words += ["--bind", args.bind]
    if port != DEFAULT_PORT:
        words += ["--port", str(port)]
    if args.name:
        words += ["--name", args.name]
    if vars(args).get("ascii"):  # the table as it was drawn
        words.append("--ascii")
    return shell_join(words)


async def _play_on_loop(
    args, thread, server, name, code, host, port, reporter, notes, give_up, until_joined=()
) -> tuple[GinApp, list[int]] | None:
    """Take the host's seat, then play on the same event loop (the app keeps
    the connection going as one of its workers); None if the seat could not be
    taken, else the app and the signals that closed it (``kill``, a closed terminal):
    they close it as its own quit does, so the guest is told the host closed the match.
    ``until_joined``: the notes among ``notes`` that hold until a player joins (that the
    other player's game still tries the port the match was on before), taken down then."""
    from ginrummy_tui.cli.play import closing_on_signals
    from ginrummy_tui.net.remote_session import RemoteSession

    session = RemoteSession(
        _connect_address(host), port, server.host_code, name, join_code=code,
        address_hint=_join_address(host, port), on_close=thread.stop,
        kept=lambda: closing_words(False, reporter.keeper, [], code, resume_command(args, port))[0],
        away_when_suspended=False,  # the server stops with this process, and gives the time back itself
        history=reporter.keeper.read_history,  # the match's number and the record against the guest
        until_joined=until_joined,
    )
    try:
        await session.connect()
    except Exception as exc:
        thread.stop()
        say(f"gin-tui host: could not take the host's seat: {exc}", file=sys.stderr)
        return None
    app = host_app(session, args, notes)

    async def ready(pilot) -> None:
        tell_host(app, reporter, [])  # the notes of the start are the app's own (host_app)

    with closing_on_signals(app, on_give_up=give_up) as caught:
        try:
            await app.run_async(auto_pilot=ready)
        finally:
            await session.aclose()
    return app, caught


def host_app(session, args: argparse.Namespace, notes: list[str]) -> GinApp:
    """The host's table on ``session``, told ``notes`` (what happened at start)
    as the game tells its own: one after another, a note longer than the
    toasts' room in parts cut between sentences, each whole (one toast had cut
    a damaged save's note before its join code at 80×24)."""
    from ginrummy_tui.cli.app_start import make_network_app
    from ginrummy_tui.cli.play import END_GUARD
    from ginrummy_tui.session.control import as_sentence

    app = make_network_app(session, args)
    app.end_guard = END_GUARD
    told = [as_sentence(note) for note in notes]
    app.context.notes[:0] = told
    app.context.printed.update(told)  # printed at start: in the terminal again once the table closes
    return app


def tell_host(app: GinApp, reporter: SaveReporter, notes: list[str]) -> None:
    """Once the host's app is up: say what happened at start (a match played
    unsaved, a link set aside), and from then on every failed save."""
    from ginrummy_tui.session.control import as_sentence

    for note in notes:
        app.notify(as_sentence(note), severity="warning", timeout=15)

    def tell(text: str) -> None:  # called on the server's thread (SaveReporter.on_change): shown on the app's
        app.from_any_thread(partial(app.notify, as_sentence(text), severity="error", timeout=10))

    reporter.attach(tell)
