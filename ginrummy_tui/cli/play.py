"""``gin-tui``: the game itself, from the command line to the first table.

The whole start-up path, in order:

1. :func:`~ginrummy_tui.session.startup.prepare` decides what to play (the
   saved match, a new one, a separate one) and takes its lock;
2. :func:`build_app` makes the local session on that match, with the match
   control saving after every move, and hands the app everything else it
   needs in one :class:`~ginrummy_tui.session.context.AppContext`;
3. :func:`run_saved_play` runs the app, so that SIGHUP (a dropped SSH
   connection), SIGTERM and Ctrl+C leave the match saved and the terminal
   usable, and gives the lock back at the end;
4. once the first frame is on the screen, the app does what could wait:
   the first save (:meth:`~ginrummy_tui.session.startup.Plan.after_first_frame`),
   the saved screen details and the notes, and in a thread the history
   upkeep, which marks the record of a match given up for this one abandoned
   (:func:`~ginrummy_tui.session.keeper.start_history_upkeep`).

With ``--data-dir -`` nothing is read or saved (:func:`build_unsaved_app`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ginrummy_tui.cli import Output, encoding_note, say, shown_value

if TYPE_CHECKING:
    from ginrummy_tui.engine import GameState
    from ginrummy_tui.session.context import AppContext
    from ginrummy_tui.session.control import MatchControl
    from ginrummy_tui.session.keeper import Keeper
    from ginrummy_tui.session.local import LocalSession
    from ginrummy_tui.session.startup import Plan
    from ginrummy_tui.storage.lock import TakerWord
    from ginrummy_tui.tui.app import GinApp

END_GUARD = 0.75
"""Seconds, after the end of a hand or the match's result appears, during which the keys that go
on from it (⏎, Space, n) are held back, as the game is played from the command line: one typed
right after the knock, or the second of a double press, passed them by unread
(:attr:`GinApp.end_guard <ginrummy_tui.tui.app.GinApp.end_guard>`).  Longer than the delay
before a terminal repeats a key held down (500 to 660 ms on the usual desktops, X11's 660):
at half a second, ⏎ held on the last hand's end showed the result, and its first repeat
started a new match; within the guard each repeat holds the next back."""
EXIT_GRACE = 3.0
"""Seconds a signal leaves the app to close before the process ends regardless."""
GIVING_UP: list[Callable[[], None]] = []
"""What is done too when the process ends regardless, after the game's own clean-up
(a browser tab of ``gin-tui serve``: its temporary data directory removed)."""


@contextlib.contextmanager
def closing_on_signals(app: Any, on_give_up: Callable[[], None] | None = None) -> Iterator[list[int]]:
    """While inside, SIGHUP (a dropped SSH connection), SIGTERM and SIGINT close
    ``app`` as its own quit does (the terminal restored, the caller's clean-up
    run); if it cannot close within :data:`EXIT_GRACE` seconds, ``on_give_up``
    runs and the process ends regardless.  Yields the signals caught, in order:
    :func:`signal_status` turns them into the exit status."""
    caught: list[int] = []

    def on_signal(signum: int, frame: Any = None) -> None:
        caught.append(signum)
        if not app.close_from_signal():
            raise SystemExit(128 + signum)

        def give_up() -> None:
            if on_give_up is not None:
                on_give_up()
            for each in GIVING_UP:
                each()
            os._exit(128 + signum)

        watchdog = threading.Timer(EXIT_GRACE, give_up)
        watchdog.daemon = True
        watchdog.start()

    gone = terminal_gone_watch(lambda: on_signal(signal.SIGHUP) if not caught else None)
    previous = {}
    for name in ("SIGHUP", "SIGTERM", "SIGINT"):
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        with contextlib.suppress(ValueError, OSError):
            previous[sig] = signal.signal(sig, on_signal)
    try:
        yield caught
    finally:
        gone.set()
        for sig, handler in previous.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(sig, handler)


TERMINAL_WATCH = 0.5
"""Seconds between two looks at whether the terminal the game reads is still there."""


def terminal_gone_watch(on_gone: Callable[[], None], fd: int = 0) -> threading.Event:
    """Watch, in a thread, the terminal on ``fd`` (standard input, which the table reads):
    once it is gone (hung up: the SSH connection or the terminal window closed), call
    ``on_gone`` (from that thread), once.  A hang-up signals the terminal's session
    leader, and a game that is not (started by ``setsid``, by a shell with job control
    that dies of the signal without passing it on) was never told: it kept the match
    locked, unsaved since its last move, and its reading of the terminal, at its end of
    file, spun a core until killed.  Returns the event that stops the watch; nothing is
    watched where ``fd`` is not a terminal to begin with."""
    stop = threading.Event()
    if not _is_terminal(fd):
        return stop

    def watch() -> None:
        while not stop.wait(TERMINAL_WATCH):
            if not _is_terminal(fd):
                on_gone()
                return

    threading.Thread(target=watch, name="terminal-watch", daemon=True).start()
    return stop


def _is_terminal(fd: int) -> bool:
    """Whether ``fd`` is a terminal still there (one hung up answers as none is)."""
    try:
        return os.isatty(fd)
    except OSError:
        return False


def signal_status(caught: list[int]) -> int | None:
    """The exit status after the signals ``caught`` closed the app: ``128 + n``
    for the first (0 for Ctrl+C), None when none came."""
    if not caught:
        return None
    return 128 + caught[0] if caught[0] != getattr(signal, "SIGINT", -1) else 0


def close_plan(plan: Plan, caught: list[int]) -> None:
    """The end of the game of ``plan``, closed by the signals ``caught`` (none: by
    the player): its last save, its lock given back (:meth:`Plan.close`).  Closed
    by SIGHUP (the terminal gone, a dropped SSH connection) or SIGTERM (another
    ``gin-tui`` taking the match over, where the player now is), a finished
    match stays in the slot, for the next start to show its result, which the
    player may never have seen; not after Ctrl+C at the terminal, which is
    told the result."""
    unseen = {getattr(signal, "SIGHUP", None), getattr(signal, "SIGTERM", None)}
    plan.keeper.result_unseen = any(sig in unseen for sig in caught) and not plan.keeper.replay
    plan.close()


def exit_status(app: GinApp, caught: list[int]) -> int:
    """The exit status of a game that has ended: a signal's (:func:`signal_status`),
    else 1 if the app failed (its traceback is on the screen), else 0."""
    status = signal_status(caught)
    if status is not None:
        return status
    return 1 if app.return_code else 0


THEME_SAID = 64
"""The longest ``--theme`` said whole when it is refused; a longer one is cut short."""


def refuse_theme(theme: str | None) -> None:
    """Raises ``ValueError`` when ``--theme`` names no theme there is, naming
    the themes (not given, or "", is left to the other settings' check, as
    naming no theme); the game, ``gin-tui host`` and ``join`` check it so."""
    from ginrummy_tui.tui.palette import theme_names

    themes = theme_names()
    if theme and theme not in themes:
        raise ValueError(f"unknown theme {shown_value(theme, THEME_SAID)}: choose one of {', '.join(themes)}")


def check_game_options(args: argparse.Namespace) -> None:
    """Raises ``ValueError`` saying why the game's options on the command line
    are refused (an unknown preset, a bad ``--rule``, a theme there is not...),
    checked as the saved game checks them; ``gin-tui serve`` checks its tabs'
    options so."""
    from ginrummy_tui.storage.config import Settings, apply_args

    apply_args(Settings(), args)
    refuse_theme(args.theme)


def option_refusal(args: argparse.Namespace) -> str | None:
    """Why the game's options on the command line are refused (see
    :func:`check_game_options`), before the terminal is looked at; None when
    they are good."""
    try:
        check_game_options(args)
    except ValueError as exc:
        return f"gin-tui: {exc}"
    return None


def back_in_the_terminal(app: GinApp, command: str = "gin-tui") -> None:
    """Once the app is closed: the command's messages from now on in ASCII
    alone when the table was drawn so at the end (``--ascii``, or the settings'
    ASCII, chosen on F2 too) or the terminal cannot write the game's signs, else not; then the notes of the start it never
    showed (the player quit before their turn), and that the changes on the
    settings screen were lost when nothing asked about them (Ctrl+C), on
    standard error."""
    Output.ascii_only = app.ascii_only or Output.narrow is not None
    with contextlib.suppress(OSError):  # the terminal may be gone (SIGHUP): nobody to tell
        for note in app.unshown_notes():
            say(f"{command}: {note}", file=sys.stderr)
        if app.settings_lost:  # closed over the settings screen without a question (Ctrl+C)
            say(f"{command}: your changes to the settings were not saved.", file=sys.stderr)


def run_play(args: argparse.Namespace) -> int:
    """Play a match in the terminal."""
    refusal = option_refusal(args)
    if refusal is not None:  # before anything is read or locked
        say(refusal, file=sys.stderr)
        return 2
    if args.data_dir != "-":  # the saved match: resumed, saved after every move
        return run_saved_play(args)
    app = build_unsaved_app(args, END_GUARD)  # its options were checked above
    app.run()
    back_in_the_terminal(app)
    over = match_result_line(app, None)
    if over is not None:
        with contextlib.suppress(OSError):
            say(f"gin-tui: {over}", keep=commands_in(app))
    return exit_status(app, [])


def controlled_session(state: GameState, ai: str, keeper: Keeper | None) -> tuple[LocalSession, MatchControl]:
    """The local session on ``state`` against the computer ``ai``, every move
    going through its match control (saved by ``keeper``; None: not saved)."""
    from ginrummy_tui.session.control import MatchControl
    from ginrummy_tui.session.local import LocalSession
    from ginrummy_tui.session.opponent import LazyOpponent

    control = MatchControl(keeper)
    session = LocalSession(
        state,
        LazyOpponent(ai, state.seed),
        on_change=control.on_change,
        on_hint=keeper.add_hint if keeper is not None else None,
    )
    control.session = session
    return session, control


def app_on(context: AppContext, pause: float | None = None, end_guard: float = 0.0) -> GinApp:
    """The app on ``context``, looking as its settings say (``pause``: the
    computer's pause, if not theirs; ``end_guard``: the seconds the keys that go
    on from the end of a hand are held back once it appears)."""
    from ginrummy_tui.cli.app_start import use_theme
    from ginrummy_tui.tui.app import make_app

    s = context.settings
    assert s is not None
    if context.narrow_encoding is None:  # the terminal's, when it cannot show the suits (the table in ASCII)
        context.narrow_encoding = Output.narrow
    app = make_app(
        context=context, ascii=s.ascii, mouse=s.mouse, pause=s.pause if pause is None else pause, one_click=s.one_click,
        end_guard=end_guard,
    )
    use_theme(app, s.theme, context.notes)
    return app


def build_app(plan: Plan, pause: float | None = None, command: str = "gin-tui", end_guard: float = 0.0) -> GinApp:
    """The app on ``plan``'s match, saving after every action; ``command``
    resumes it (:func:`~ginrummy_tui.session.startup.resume_command`); ``end_guard``:
    as :func:`app_on` (the game passes :data:`END_GUARD`)."""
    from ginrummy_tui.session.context import AppContext

    session, control = controlled_session(plan.state, plan.ai, plan.keeper)
    control.seeded = plan.seeded
    context = AppContext(
        session=session,
        settings=plan.settings,
        saved_settings=plan.saved_settings,
        config_dir=plan.config_dir,
        data_dir=plan.root,
        one_tab=bool(os.environ.get("GIN_TUI_WEB")),  # a tab of gin-tui serve (cli/serve.py)
        resume_command=command,
        keeper=plan.keeper,
        control=control,
        ui=dict(plan.ui),
        notes=plan.notes,
        resumed=plan.resumed,
        resumed_separate=plan.separate,
        after_first_frame=plan.after_first_frame,
    )
    return app_on(context, pause, end_guard)


def build_unsaved_app(args: argparse.Namespace, end_guard: float = 0.0) -> GinApp:
    """``gin-tui --data-dir -``: the app on a new match with the default
    settings and the command line's on top, nothing read or saved.  Its
    settings screen shows these settings and changes them for this run
    only; the next match is played with them, as in the saved game.  Raises
    ``ValueError`` for a bad option (the game checks them first, with
    :func:`option_refusal`)."""
    from ginrummy_tui.session.context import AppContext
    from ginrummy_tui.session.startup import DEALER_SEATS, new_state
    from ginrummy_tui.storage.config import Settings, apply_args

    s = apply_args(Settings(), args)
    state = new_state(s, args.seed, args.hand, DEALER_SEATS.get(args.dealer or ""))
    session, control = controlled_session(state, s.ai, None)
    if args.seed is not None and args.hand is None:
        control.seeded = state.seed
    context = AppContext(session=session, settings=s, uses_files=False, control=control)
    note = encoding_note(args)
    if note is not None:
        context.notes.insert(0, note)
    return app_on(context, end_guard=end_guard)


def match_result_line(app: GinApp, stats: str | None, then: str | None = None, *, practice: bool = False) -> str | None:
    """The finished match's result, for the terminal once the app is closed
    (the player may have quit before its screen): "match over: you won 31 to
    0 (gin-tui stats has your record); gin-tui starts a new match."  None
    while the match is not over (where a separate match waits, "gin-tui takes up your
    separate match", which the next start does).  ``stats``: the command that shows its
    record (None: not recorded); ``then``: what becomes of it, where its
    record is not written ("gin-tui records it, then starts a new match"),
    or what the command does after a practice deal.  ``practice``: a deal
    replayed with ``--hand``, which the statistics do not count: "practice
    over: ... (practice, not counted in your statistics); gin-tui resumes
    your match." """
    from ginrummy_tui.engine.kinds import EndKind, Phase

    control = app.context.control
    real = control.real_session(app.session) if control is not None else None
    v = (real if real is not None else app.session).view()  # a practice of its last hand: the match's
    if v.phase != Phase.MATCH_OVER:
        return None
    me, opp = v.seat, 1 - v.seat
    name = app.session.opponent_name
    if v.winner == me:
        result = f"you won {v.totals[me]} to {v.totals[opp]}"
    elif v.winner == opp:
        result = f"{name} won {v.totals[opp]} to {v.totals[me]}"
    else:
        result = f"{v.totals[me]} to {v.totals[opp]}"
    if v.sheet and v.sheet[-1].kind == EndKind.TIMEOUT:  # the score does not say why
        result += ", your time ran out" if v.winner == opp else f", {name} ran out of time"
    if practice:
        return f"practice over: {result} (practice, not counted in your statistics); {then}."
    record = f" ({stats} has your record)" if stats else ""
    keeper = app.context.keeper
    if keeper is None:  # nothing saved (--data-dir -): no match to take up
        return f"match over: {result}{record}."
    if then is None:
        from ginrummy_tui.storage.store import leftover_separate_saves

        # the main match over, a separate one waits: the next start takes it up, not a new match
        waiting = not keeper.store.is_separate and leftover_separate_saves(keeper.store.root)
        then = f"{app.context.resume_command} {'takes up your separate match' if waiting else 'starts a new match'}"
    return f"match over: {result}{record}; {then}."


def closing_line(app: GinApp, keeper: Keeper) -> str | None:
    """What the terminal is told of the match once the app is closed, as the
    quit question said it (:meth:`GinApp.at_quit`), with the command that
    takes it up; None where nothing is to be said (the default directory's
    match, which plain ``gin-tui`` resumes).  A match never saved, because the
    save in its slot may not be read (another version's, no permission), says so
    once more, where it lasts: said at start and by the quit question alone, the
    game closed without a word, unlike one whose data directory could not be used."""
    command = app.context.resume_command
    if keeper.store.held is not None:
        held = keeper.store.held.rstrip(".")
        return f"this match was not saved: {held[:1].lower()}{held[1:]}."
    if keeper.replay:
        return _practice_closing(app, keeper, command)
    over = match_result_line(app, stats_command(command) if keeper.recorded() else None, _finished_then(keeper, command))
    if over is not None:
        return over
    if keeper.failing:
        if keeper.has_save:
            return f"only an earlier point of your match is saved; {command} resumes it."
        return f"nothing of this match was kept: it could not be saved in {keeper.store.root}."
    if keeper.store.is_separate:
        return f"{app.at_quit()}."
    if command != "gin-tui":  # plain gin-tui would not find the match: say what does
        return f"the match is saved; {command} resumes it."
    return None


def _practice_closing(app: GinApp, keeper: Keeper, command: str) -> str | None:
    """The line after a practice deal (``--seed N --hand K``), kept in a slot
    of its own and never counted: its result if it was played to the end,
    and what ``command`` does, which never takes the practice up: it resumes
    the player's own match when one is saved unfinished, else starts a new one
    (after the result of the player's finished match, if the slot keeps one not
    seen; it said "resumes your match" of that, where the quit question said "a
    new match begins").  None mid-deal in the default directory, where plain
    ``gin-tui`` does that."""
    from ginrummy_tui.storage.store import match_in_progress

    mine = match_in_progress(keeper.store.root)
    then = f"{command} resumes your match" if mine else f"{command} starts a new match"
    over = match_result_line(app, None, then, practice=True)
    if over is not None:
        return over
    if command != "gin-tui":
        return f"the practice deal is not counted; {then}."
    return None


def _finished_then(keeper: Keeper, command: str) -> str | None:
    """What becomes of a finished match whose record is not written, as the
    line after the game says it (None: the usual, a new match next)."""
    if keeper.result_unseen and keeper.finished_saved:  # the slot keeps it: the next start shows it
        return f"{command} shows this result again, then starts a new match"
    if not keeper.record or keeper.recorded():
        return None
    if keeper.finished_saved:  # the slot keeps it: the next start writes its record
        return f"{command} records it, then starts a new match"
    if keeper.has_save:  # its last save failed too
        return f"only an earlier point of it is saved, not recorded: {command} resumes that"
    return f"it is neither recorded nor saved: {command} starts a new match"


def commands_in(app: GinApp) -> tuple[str, str]:
    """The commands a line after the game may name, each to be kept whole on a
    line: the one that resumes (or starts) the match, and its ``stats``."""
    command = app.context.resume_command
    return command, stats_command(command)


def stats_command(command: str) -> str:
    """``gin-tui stats`` on the data directory of the resume command ``command``
    (:func:`~ginrummy_tui.session.startup.resume_command`, whose ``--ascii`` comes
    last; its words are kept as quoted there)."""
    from ginrummy_tui.session.startup import subcommand

    return subcommand(command, "stats")


def run_saved_play(args: argparse.Namespace) -> int:
    """``gin-tui``: resume the unfinished match (or start one) and play it."""
    from ginrummy_tui.session.startup import Refused, prepare, resume_command
    from ginrummy_tui.storage.store import player_moved
    from ginrummy_tui.tui.palette import theme_names

    try:
        plan = prepare(args, themes=theme_names())
    except Refused as refused:
        if str(refused):
            say(str(refused), file=sys.stderr)
        return refused.status
    note = encoding_note(args)
    if note is not None:  # first: it says why the table looks as it does
        plan.notes.insert(0, note)
    try:
        app = build_app(plan, command=resume_command(args), end_guard=END_GUARD)
    except BaseException:  # Ctrl+C too: the lock is given back
        plan.close()
        raise
    taker: TakerWord | None = None
    with closing_on_signals(app, on_give_up=lambda: close_plan(plan, caught)) as caught:
        try:
            app.run()
        finally:
            if caught:  # the word of a gin-tui taking the match over, read while the lock is still held
                taker = plan.store.lock.taker_word()
            close_plan(plan, caught)
    back_in_the_terminal(app)
    errors = [e for e in plan.keeper.standing_errors() if e not in plan.notes]
    closing = closing_line(app, plan.keeper)
    if errors:  # and what becomes of the match, below: the error may ask for it to be resumed
        say("gin-tui: " + errors[-1], file=sys.stderr)
    if caught and caught[0] == getattr(signal, "SIGTERM", None):
        # Someone asked this gin-tui to close: on a terminal still open (the
        # old one of a connection thought dropped), say why it closed.
        kept = closing or f"the match is saved; {app.context.resume_command} resumes it."
        said = f"another gin-tui may have taken the match over. {kept[:1].upper()}{kept[1:]}"
        if taker is not None:  # it said what it does: the match saved here is not resumed
            state = plan.keeper.state
            does = taker.unmoved if taker.unmoved and state is not None and not player_moved(state) else taker.does
            said = f"another gin-tui (process {taker.pid}) took this data directory over {does}."
        with contextlib.suppress(OSError):
            say(f"gin-tui: closed on request (SIGTERM): {said}", file=sys.stderr, keep=commands_in(app))
    elif closing is not None:
        with contextlib.suppress(OSError):
            say(f"gin-tui: {closing}", keep=commands_in(app))
    return exit_status(app, caught)
