"""Starting ``gin-tui`` on the saved match, and keeping it saved until it ends.

:func:`prepare` decides what to play: the unfinished match of the data
directory (or a new one with ``--new``, ``--seed`` or after a damaged save),
holding its lock; :func:`build_app` makes the app on it with the session's
``on_change`` saving after every action; :func:`run_saved_play` runs it, so
that SIGHUP (a dropped SSH connection), SIGTERM and Ctrl+C save and leave
the terminal usable.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ginrummy_tui.storage.store import SAVE_NAME, Keeper, Store, data_dir, leftover_separate_saves

if TYPE_CHECKING:
    from ginrummy_tui.engine import GameState
    from ginrummy_tui.storage.config import Settings

REPLAY_SLOT = "replay.json"
"""A replayed deal (``--hand K``) is played in its own slot, leaving the match in progress alone."""
EXIT_GRACE = 3.0
"""Seconds a signal leaves the app to close before the process ends regardless."""


@dataclass
class Plan:
    """What ``gin-tui`` is about to play, and where it keeps it."""

    state: GameState
    keeper: Keeper
    settings: Settings
    """The settings file's settings, with this run's command-line choices on top."""
    ai: str
    """The opponent of this match (a resumed match keeps its own)."""
    root: Path
    config_dir: Path
    resumed: bool = False
    ui: dict[str, Any] = field(default_factory=dict)
    """What the app remembered of its screen when the match was saved."""
    notes: list[str] = field(default_factory=list)
    """What to tell the player when the app starts."""

    @property
    def store(self) -> Store:
        return self.keeper.store

    def close(self) -> None:
        """Save one last time and give up the lock."""
        with contextlib.suppress(Exception):
            self.keeper.flush()
        self.store.lock.release()


class Refused(Exception):
    """Nothing to play: the reason is the message; ``status`` is the exit status."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


def ask_open_elsewhere(owner_text: str, stdin=None, stdout=None) -> str:
    """Ask what to do when the match is open in another ``gin-tui``:
    ``"separate"`` or ``"quit"`` (the answer when nobody can be asked)."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    print(f"Your match is open in another gin-tui ({owner_text}).", file=stdout)
    if not stdin.isatty():
        print("Close it there first, or start gin-tui in a terminal to play a separate match.", file=stdout)
        return "quit"
    while True:
        print("  s  start a separate match here\n  q  quit", file=stdout)
        stdout.write("Your choice [s/q]: ")
        stdout.flush()
        line = stdin.readline()
        if not line:
            return "quit"
        answer = line.strip().lower()
        if answer in ("s", "separate"):
            return "separate"
        if answer in ("q", "quit", ""):
            return "quit"


def _new_state(settings: Settings, seed, hand: int | None) -> GameState:
    from ginrummy_tui.engine import deal_hand, new_game

    rules = settings.rules
    if hand is not None and hand > 1:
        return deal_hand(rules, seed if seed is not None else 0, hand_no=hand)
    return new_game(rules, seed=seed)


def prepare(args: argparse.Namespace, ask: Callable[[str], str] = ask_open_elsewhere) -> Plan:
    """Settle what to play and take its lock.  Raises :class:`Refused` when
    there is nothing to play (a bad option, or the player chose to quit)."""
    from ginrummy_tui.storage.config import LEVELS, apply_args, config_dir, load_settings
    from ginrummy_tui.storage.stats import mark_abandoned

    override = getattr(args, "data_dir", None)
    root = data_dir(override)
    cdir = config_dir(override)
    notes: list[str] = []
    loaded = load_settings(cdir)
    if loaded.message():
        notes.append(loaded.message())
    try:
        settings = apply_args(loaded.settings, args)
    except ValueError as exc:
        raise Refused(f"gin-tui: {exc}", 2) from None
    seed = getattr(args, "seed", None)
    hand = getattr(args, "hand", None)
    replay = hand is not None
    fresh = bool(getattr(args, "new", False)) or seed is not None or replay

    try:
        store = Store(root, REPLAY_SLOT) if replay else Store(root)
        got_lock = store.lock.acquire()
    except OSError as exc:
        # play anyway (a saved match is still read if it can be): only saving is lost
        notes.append(f"Your match cannot be saved: the data directory {root} is not usable ({exc.strerror or exc}).")
        got_lock = True
    if not got_lock:
        owner = store.lock.owner()
        text = owner.describe() if owner else "another process"
        if ask(text) != "separate":
            raise Refused("", 0)
        store = Store.separate(root)
        if not store.lock.acquire():
            raise Refused("gin-tui: could not start a separate match", 1)
        fresh = True

    try:
        opened = store.load()
        notes.extend(opened.messages)
        saved = opened.saved
        if saved is None and opened.error is None and store.path.name == SAVE_NAME and not fresh:
            # a separate match left unfinished while this one was open elsewhere: carry on with it
            for leftover in leftover_separate_saves(root):
                try:
                    os.replace(leftover, store.path)
                except OSError:
                    continue
                again = store.load()
                notes.extend(again.messages)
                if again.saved is not None:
                    saved = again.saved
                    break
        if saved is not None and fresh:
            mark_abandoned(root, saved.match_id)
            where = store.archive(saved)
            notes.append(
                "Your unfinished match was set aside"
                + (f" (kept in {where})" if where else "")
                + "; a new match has started."
            )
            saved = None
        if saved is not None:
            ai = saved.settings.get("ai")
            if ai not in LEVELS:
                if ai is not None:
                    notes.append(f"The saved match named an unknown opponent ({ai!r}); it goes on against {settings.ai}.")
                ai = settings.ai
            keeper = Keeper(
                store,
                match_id=saved.match_id,
                settings={**settings.play_settings(), "ai": ai},
                replay=saved.replay,
            )
            asked_rules = getattr(args, "rules", None) or getattr(args, "rule", None)
            differs = (asked_rules and saved.state.rules != settings.rules) or (
                getattr(args, "ai", None) and ai != settings.ai
            )
            if differs:
                notes.append(
                    "Resumed your unfinished match with its own rules and opponent; "
                    "your --rules/--rule/--ai choice starts with the next match (or now with --new)."
                )
            plan = Plan(saved.state, keeper, settings, ai, root, cdir, resumed=True, ui=dict(saved.ui), notes=notes)
        else:
            state = _new_state(settings, seed, hand)
            keeper = Keeper(store, settings=settings.play_settings(), replay=replay)
            plan = Plan(state, keeper, settings, settings.ai, root, cdir, notes=notes)
        plan.keeper.start(plan.state)
        plan.notes.extend(plan.keeper.errors)
        return plan
    except BaseException:
        store.lock.release()
        raise


# ---------------------------------------------------------------- the app


def hand_ui(app) -> dict[str, Any]:
    """What to remember of the screen: the order of the player's cards and the selection."""
    from ginrummy_tui.tui.widgets.hand import HandView

    table = getattr(app, "table", None)
    if table is None or app.session.replaying:
        return {}  # a practice replay's cards are not the match's
    try:
        hand = table.query_one(HandView)
    except Exception:
        return {}
    return {"sort": hand.sort_mode, "order": [str(c) for c in hand.cards], "cursor": hand.cursor}


def restore_ui(app, ui: dict[str, Any]) -> None:
    """Put the player's cards back in the order they had, with the same card selected."""
    from ginrummy_tui.engine import parse_cards
    from ginrummy_tui.tui.widgets.hand import HandView

    table = getattr(app, "table", None)
    if table is None or not ui:
        return
    try:
        hand = table.query_one(HandView)
        sort = ui.get("sort")
        if sort in ("rank", "suit"):
            hand.sort_mode = sort
        elif sort is None and isinstance(ui.get("order"), list):
            held = set(app.session.view().hand)
            order = [c for c in parse_cards(" ".join(str(x) for x in ui["order"])) if c in held]
            hand.sort_mode = None
            hand.cards = order
        app.sync()
        cursor = ui.get("cursor")
        if isinstance(cursor, int) and not isinstance(cursor, bool) and 0 <= cursor < len(hand.cards):
            hand.cursor = cursor
            hand.refresh()
            app.table.show_view(app.session.view())
    except Exception:
        return  # only the order of the cards is lost


class Control:
    """What the settings screen may do to the match: tell whether a change of
    rules or opponent touches it, start a new match at once, or keep the new
    settings for the next match (when the player starts one after this one)."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.app = None
        self.pending: Settings | None = None
        """Settings to start the next match with, once this one is over."""
        self.errors_shown = len(plan.keeper.errors)

    def real_session(self):
        """The session of the match (not a practice replay of a deal)."""
        session = self.app.session
        return getattr(session, "real", session)

    def match_changes(self, new: Settings) -> list[str]:
        """What in ``new`` differs from the match in play: "the rules", "the opponent"."""
        state = self.real_session().state
        out = []
        if new.rules != state.rules:
            out.append("the rules")
        if new.ai != getattr(self.real_session().opponent, "level", new.ai):
            out.append("the opponent")
        return out

    def match_started(self) -> bool:
        """True once a move of the match has been made (and it is not over)."""
        state = self.real_session().state
        return not state.over and (state.hand_no > 1 or bool(state.history) or bool(state.sheet))

    def on_change(self, state: GameState) -> None:
        """The session's hook: save and record; a new match after this one
        starts with the pending settings."""
        keeper = self.plan.keeper
        before = keeper.state
        try:
            self._on_change(state, keeper, before)
        finally:
            if self.app is not None:
                # once the screen shows the new state (the selection moves to a drawn card),
                # save the screen details too
                with contextlib.suppress(Exception):
                    self.app.call_after_refresh(keeper.ui_changed)
            if len(keeper.errors) > self.errors_shown and self.app is not None:
                self.errors_shown = len(keeper.errors)
                with contextlib.suppress(Exception):
                    self.app.notify(keeper.errors[-1].capitalize() + ".", severity="error", timeout=10)

    def _on_change(self, state: GameState, keeper: Keeper, before: GameState | None) -> None:
        if (
            self.pending is not None
            and before is not None
            and before.over
            and not state.over
            and (state.match_no != before.match_no)
        ):
            settings, self.pending = self.pending, None
            self._fresh(settings)
            return
        keeper.on_change(state)

    def _fresh(self, settings: Settings) -> None:
        from ginrummy_tui.engine import new_game
        from ginrummy_tui.tui.app import LazyOpponent

        session = self.real_session()
        state = new_game(settings.rules)
        session.state = state
        if getattr(session.opponent, "level", None) != settings.ai:
            session.opponent = LazyOpponent(settings.ai, state.seed)
            session.opponent_name = f"Computer ({settings.ai})"
        keeper = self.plan.keeper
        keeper.settings.update(settings.play_settings())
        keeper.begin(state)

    def start_new_match(self, settings: Settings) -> None:
        """Abandon the match in play and start a new one with ``settings``, now."""
        from ginrummy_tui.tui.screens.game_screen import GameScreen

        app = self.app
        self.pending = None
        with contextlib.suppress(Exception):
            app.workers.cancel_group(app, "opponent")
        app.opponent_pending = False
        session = self.real_session()
        keeper = self.plan.keeper
        if not session.state.over:  # kept in the archive, as with --new
            keeper.store.save_finished(session.state, match_id=keeper.match_id, settings=keeper.settings)
        if app.session is not session:  # leave a practice replay
            session.listener = app.session.listener
            app.session = session
        self._fresh(settings)
        while len(app.screen_stack) > 1 and not isinstance(app.screen, GameScreen):
            app.pop_screen()
        app.sync()


def build_app(plan: Plan, pause: float | None = None):
    """The app on ``plan``'s match, saving after every action."""
    from ginrummy_tui.tui.app import make_app

    s = plan.settings
    control = Control(plan)
    app = make_app(
        state=plan.state,
        ai=plan.ai,
        ascii=s.ascii,
        mouse=s.mouse,
        pause=s.pause if pause is None else pause,
        on_change=control.on_change,
        on_hint=plan.keeper.add_hint,
    )
    control.app = app
    app.gin_control = control
    plan.keeper.ui = lambda: hand_ui(app)
    app.keeper = plan.keeper
    app.gin_settings = s
    app.config_dir = plan.config_dir
    app.data_dir = plan.root
    if s.theme in app.available_themes:
        app.theme = s.theme
    else:
        plan.notes.append(
            f"There is no theme {s.theme!r}; the themes are: {', '.join(sorted(app.available_themes))}."
        )
    return app


UI_CHECK_SECONDS = 1.0
"""How often the order of the player's cards is checked for a change to save."""


def on_ready(app, plan: Plan) -> None:
    """Once the app is up: put the cards back in their order, say what
    happened at start, and keep saving the card order when it changes.
    Never raises: none of this may stop the game."""
    with contextlib.suppress(Exception):
        restore_ui(app, plan.ui)
    with contextlib.suppress(Exception):
        plan.keeper.last_ui = hand_ui(app) or plan.ui
    with contextlib.suppress(Exception):
        show_notes(app, plan.notes, plan.resumed)
    app.set_interval(UI_CHECK_SECONDS, plan.keeper.ui_changed)


async def table_ready(app, timeout: float = 5.0) -> bool:
    """Wait until the game screen has its widgets (True), or ``timeout`` seconds."""
    from ginrummy_tui.tui.widgets.hand import HandView

    for _ in range(int(timeout / 0.02)):
        table = getattr(app, "table", None)
        if table is not None and table.is_mounted and table.query(HandView):
            return True
        await asyncio.sleep(0.02)
    return False


def show_notes(app, notes: list[str], resumed: bool) -> None:
    """Tell the player what happened at start (resumed, damaged save, ...)."""
    for note in notes:
        app.notify(note, severity="warning", timeout=15)
    if resumed:
        v = app.session.view()
        app.notify(
            f"Resumed your match: hand {v.hand_no}, You {v.totals[v.seat]} · "
            f"{app.session.opponent_name} {v.totals[1 - v.seat]}.",
            timeout=5,
        )


def run_saved_play(args: argparse.Namespace) -> int:
    """``gin-tui``: resume the unfinished match (or start one) and play it."""
    try:
        plan = prepare(args)
    except Refused as refused:
        if str(refused):
            print(str(refused), file=sys.stderr)
        return refused.status
    try:
        app = build_app(plan)
    except Exception:
        plan.close()
        raise
    caught: list[int] = []
    loops: list[asyncio.AbstractEventLoop] = []

    def on_signal(signum: int, frame=None) -> None:
        # Every action is already saved: close the app (restoring the terminal),
        # and if it cannot close in time, end the process anyway.
        caught.append(signum)
        if loops and loops[0].is_running():
            loops[0].call_soon_threadsafe(app.exit)
        else:
            raise SystemExit(128 + signum)

        def give_up() -> None:
            plan.close()
            os._exit(128 + signum)

        watchdog = threading.Timer(EXIT_GRACE, give_up)
        watchdog.daemon = True
        watchdog.start()

    previous = {}
    for name in ("SIGHUP", "SIGTERM", "SIGINT"):
        sig = getattr(signal, name, None)
        if sig is None:
            continue
        with contextlib.suppress(ValueError, OSError):
            previous[sig] = signal.signal(sig, on_signal)

    async def ready(pilot) -> None:
        loops.append(asyncio.get_running_loop())
        await table_ready(app)
        on_ready(app, plan)

    try:
        app.run(auto_pilot=ready)
    finally:
        plan.close()
        for sig, handler in previous.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(sig, handler)
    errors = [e for e in plan.keeper.errors if e not in plan.notes]
    if errors:
        print("gin-tui: " + errors[-1], file=sys.stderr)
    return 128 + caught[0] if caught and caught[0] != getattr(signal, "SIGINT", -1) else 0
