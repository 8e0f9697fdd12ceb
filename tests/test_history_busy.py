"""A history database held by another connection (another gin-tui, an export):
the game never waits for it, its records wait in order and land once it is
free, and the notes say so, once."""

from __future__ import annotations

import argparse
import random
import sqlite3
import threading
import time

import pytest

from ginrummy_tui.engine import PRESETS, apply, legal_actions, new_game
from ginrummy_tui.session.keeper import BUSY_NOTE, FREE_NOTE, Keeper
from ginrummy_tui.session.startup import close_kept, prepare
from ginrummy_tui.storage import history
from ginrummy_tui.storage.history import DB_NAME, open_history
from ginrummy_tui.storage.store import Store
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.widgets.prompt import PromptLine

from .app_helpers import running, until


@pytest.fixture(autouse=True)
def endless_busy_timeout(monkeypatch):
    """A writer that waits for the lock waits as long as it is held (600 s, for
    as long as the test): a write that waits for it where it must not is made
    only once the test lets the lock go, or once the lock's watchdog lets it go
    to end the wait (:data:`GIVE_UP`), which the test then finds."""
    monkeypatch.setattr(history, "BUSY_TIMEOUT", 600.0)


GIVE_UP = 60.0
"""Seconds after which a lock still held is let go by its watchdog, only so
that a test of a version that waits for it does not hang: it then fails."""


class Locked:
    """An exclusive lock on the history database of ``root``, from another connection.

    It stays held until :meth:`release`, which checks that it was still held
    then: a write that waited for it could only have been made once its
    watchdog let it go, after :data:`GIVE_UP` seconds."""

    begin = "BEGIN EXCLUSIVE"

    def __init__(self, root) -> None:
        hist = open_history(root).history  # made first, as gin-tui makes it (WAL)
        assert hist is not None
        hist.close()
        self.conn = sqlite3.connect(root / DB_NAME, isolation_level=None, check_same_thread=False)
        self._set_up()
        self.conn.execute(self.begin)
        self._held = threading.Lock()
        self.given_up = False
        self._watchdog = threading.Timer(GIVE_UP, self._give_up)
        self._watchdog.daemon = True
        self._watchdog.start()

    def _set_up(self) -> None:
        pass

    def _let_go(self) -> bool:
        with self._held:
            if self.conn is None:
                return False
            self.conn.execute("COMMIT")
            self.conn.close()
            self.conn = None
            return True

    def _give_up(self) -> None:
        if self._let_go():
            self.given_up = True

    def release(self) -> None:
        self._watchdog.cancel()
        self._let_go()
        assert not self.given_up, "something waited for the lock until its watchdog let it go"


def _rows(root, sql, args=()):
    hist = open_history(root).history
    assert hist is not None
    try:
        return hist.read(sql, args)
    finally:
        hist.close()


def _next(state, rng):
    acts = [a for a in legal_actions(state) if a.kind != "timeout"]
    enders = [a for a in acts if a.kind in ("knock", "gin", "big gin")]
    discards = sorted((a for a in acts if a.kind == "discard"), key=lambda a: -a.card.value)
    return rng.choice(enders) if enders else discards[0] if discards else rng.choice(acts)


def test_a_locked_history_never_holds_up_a_move_and_its_records_land_in_order_once_it_is_free(tmp_path):
    lock = Locked(tmp_path)
    told: list[str] = []
    keeper = Keeper(Store(tmp_path), match_id="m1", settings={"ai": "easy"})
    keeper.tell = told.append
    rng = random.Random(4)
    state = new_game(PRESETS["standard"].with_options(target=60), seed=5)
    keeper.start(state)
    hints = 0
    moves = 0
    while not state.over:
        state = apply(state, _next(state, rng))
        keeper.on_change(state)
        if moves % 7 == 0:
            keeper.add_hint()
            hints += 1
        moves += 1
    assert len(state.sheet) >= 2  # hands ended (and the match) while the lock was held
    assert not lock.given_up  # none of it waited for the lock: it is held all along
    assert _rows(tmp_path, "SELECT count(*) FROM matches") == [(0,)]  # nothing could be written yet
    assert told == [BUSY_NOTE.format(what="this hint will be counted")]  # once, not at every write
    lock.release()
    assert keeper.writes.flush(10.0) == []
    [(finished, winner, counted)] = _rows(tmp_path, "SELECT finished, winner, hints FROM matches WHERE uid = 'm1'")
    assert (finished, winner, counted) == (1, state.winner, hints)
    recorded = _rows(tmp_path, "SELECT seq, hand_no, points FROM hands ORDER BY seq")
    assert recorded == [(i, r.hand_no, r.points) for i, r in enumerate(state.sheet)]  # in order, none twice
    assert _rows(tmp_path, "SELECT count(*) FROM hints") == [(hints,)]
    assert told[-1] == FREE_NOTE
    assert not any("not recorded" in e for e in keeper.errors)
    close_kept(keeper)
    assert not any("not recorded" in e for e in keeper.errors)  # nothing stale at exit


def test_records_still_waiting_at_exit_are_said_once_with_what_keeps_them_and_land_at_the_resume(tmp_path):
    lock = Locked(tmp_path)
    keeper = Keeper(Store(tmp_path), match_id="m2", settings={"ai": "easy"})
    rng = random.Random(2)
    state = new_game(PRESETS["standard"], seed=9)
    keeper.start(state)
    while not state.sheet:
        state = apply(state, _next(state, rng))
        keeper.on_change(state)
    keeper.add_hint()
    keeper.finish_records(timeout=0.5)
    assert not lock.given_up  # it waited its own bound, not for the lock
    line = keeper.errors[-1]
    assert line.count("database is locked") == 1
    assert "stayed busy" in line and "the match's save keeps its hands: they are recorded when it is resumed" in line
    assert line.endswith("; the hint asked for is not counted")
    assert keeper.writes.pending() == []  # nothing tried any more
    keeper.close_history()
    keeper.store.lock.release()
    lock.release()
    assert _rows(tmp_path, "SELECT count(*) FROM hands") == [(0,)]
    # resumed: the save's hands are recorded at the next move
    saved = Store(tmp_path).load().saved
    again = Keeper(Store(tmp_path), match_id=saved.match_id, settings=saved.settings)
    again.start(saved.state)
    again.on_change(apply(saved.state, _next(saved.state, rng)))
    assert again.writes.flush(10.0) == []  # (the writes' thread opens the history)
    assert _rows(tmp_path, "SELECT hand_no FROM hands") == [(r.hand_no,) for r in state.sheet]
    close_kept(again)


def _args(root) -> argparse.Namespace:
    return argparse.Namespace(ai=None, rules=None, seed=3, hand=None, ascii=None, no_mouse=None, pause=None,
                              new=False, data_dir=str(root), rule=None)


def _prompt(app) -> str:
    return app.table.query_one(PromptLine).plain


async def test_the_app_plays_on_while_another_gin_tui_holds_the_history_and_records_once_it_lets_go(tmp_path):
    plan = prepare(_args(tmp_path), ask=None)
    plan.state = scenarios.knock_ready()
    plan.keeper.begin(plan.state)
    async with running(plan, size=(100, 30)) as (app, pilot):
        await until(pilot, lambda: plan.keeper.upkeep_done.is_set())
        lock = Locked(tmp_path)
        try:
            await pilot.press("h")  # its count waits for the lock
            await until(pilot, lambda: _prompt(app).startswith("Hint:"), timeout=20)
            assert not lock.given_up  # the hint did not wait for its count
            before = app.session.state
            await pilot.press("s")  # a key handled at once, the lock still held
            await until(pilot, lambda: app.session.state is not before, timeout=20)
            await pilot.press("k")  # the hand ends: its record waits too
            await until(pilot, lambda: app.session.state.sheet, timeout=20)
            await pilot.pause(0.3)
            assert not lock.given_up  # the screen never froze: no write waited for the lock in it
            said = [str(n.message) for n in app._notifications]
            busy = [s for s in said if "busy" in s]
            assert busy == [BUSY_NOTE.format(what="this hint will be counted")]
            assert not any("not recorded" in s or "locked" in s for s in said)
            assert _rows(tmp_path, "SELECT count(*) FROM hands") == [(0,)]
        finally:
            lock.release()
        await until(pilot, lambda: not plan.keeper.writes.pending(), timeout=10)
        assert _rows(tmp_path, "SELECT hints FROM matches") == [(1,)]
        assert _rows(tmp_path, "SELECT hand_no FROM hands") == [(1,)]
        await until(pilot, lambda: any(str(n.message) == FREE_NOTE for n in app._notifications), timeout=5)
    assert not any("not recorded" in e for e in plan.keeper.errors)  # no stale line at exit


def test_the_writes_are_made_in_order_each_once_whichever_thread_makes_them():
    from ginrummy_tui.session.record_queue import RecordQueue, Write
    from ginrummy_tui.storage.history import Busy

    rng = random.Random(11)
    made: list[int] = []
    busy_said: list[str] = []

    def write(n: int):
        def run() -> None:
            if rng.random() < 0.3:
                raise Busy("database is locked")
            made.append(n)
        return run

    queue = RecordQueue(on_busy=lambda what, why: busy_said.append(why), on_free=lambda: None,
                        on_error=lambda exc: None, retry=0.001)
    for n in range(500):
        queue.submit(Write(f"write {n}", write(n)))
        if n % 50 == 0:
            time.sleep(0.01)
    assert queue.flush(10.0) == []
    assert made == list(range(500))  # each once, in the order asked for
    assert busy_said and all(why == "database is locked" for why in busy_said)


def test_a_hint_is_counted_off_the_thread_that_shows_it(tmp_path, monkeypatch):
    import threading

    from ginrummy_tui.storage.history import Recorder

    counted_in: list[int] = []
    plain = Recorder.add_hint

    def add_hint(self, *args, **kw):
        counted_in.append(threading.get_ident())
        return plain(self, *args, **kw)

    monkeypatch.setattr(Recorder, "add_hint", add_hint)
    keeper = Keeper(Store(tmp_path), match_id="m3", settings={"ai": "easy"})
    state = new_game(PRESETS["standard"], seed=9)
    keeper.start(state)
    keeper.on_change(apply(state, _next(state, random.Random(1))))
    keeper.add_hint()  # the app's thread shows the hint at once: the database is not touched there
    assert keeper.writes.flush(10.0) == []
    assert counted_in and threading.get_ident() not in counted_in
    assert _rows(tmp_path, "SELECT hints FROM matches WHERE uid = 'm3'") == [(1,)]
    close_kept(keeper)


def test_the_guest_records_a_match_seen_finished_without_waiting_for_a_busy_history(tmp_path):
    from ginrummy_tui.engine import view
    from ginrummy_tui.session.keeper import SeatRecords

    rng = random.Random(3)
    state = new_game(PRESETS["standard"].with_options(target=20), seed=4)
    while not state.over:
        state = apply(state, _next(state, rng))
    lock = Locked(tmp_path)
    records = SeatRecords(tmp_path, opponent="network")
    assert records.observe(view(state, 1), "g1") is False  # not written now: the database is busy
    assert not lock.given_up  # the app's event loop made it: it did not wait for the lock there
    lock.release()
    assert records.writes.flush(10.0) == []
    assert _rows(tmp_path, "SELECT uid, finished FROM matches") == [("g1", 1)]
    records.close()
    assert records.errors == []
    # held until the end: said once at exit, with the reason once
    lock = Locked(tmp_path)
    records = SeatRecords(tmp_path, opponent="network")
    records.observe(view(state, 1), "g2")
    records.close(timeout=0.3)
    lock.release()
    [line] = records.errors
    assert line.count("database is locked") == 1 and "the match seen finished is not in the statistics" in line


class Held(Locked):
    """The history database of ``root`` held by another connection in SQLite's exclusive locking mode
    (as a ``sqlite3`` shell or another program may hold it): not even a reader may open it meanwhile."""

    def _set_up(self) -> None:
        assert self.conn is not None
        self.conn.execute("PRAGMA locking_mode=EXCLUSIVE")


async def test_the_app_opens_a_history_held_from_the_start_off_its_thread_and_records_once_it_is_free(tmp_path):
    """The first move opened the history database in the app's thread, which waited there for SQLite's
    busy timeout while another connection held it (the screen froze): now it is opened by the writes'
    own thread, the keys are handled at once, and what waited is recorded once it is free."""
    held = Held(tmp_path)
    plan = prepare(_args(tmp_path), ask=None)
    plan.state = scenarios.knock_ready()
    try:
        async with running(plan, size=(100, 30)) as (app, pilot):
            await pilot.pause(0.2)
            before = app.session.state
            await pilot.press("s")  # the first move: the first write, the history not opened yet
            await until(pilot, lambda: app.session.state is not before, timeout=20)
            assert not held.given_up  # it did not wait for the database to open it
            await pilot.press("h")
            await until(pilot, lambda: _prompt(app).startswith("Hint:"), timeout=20)
            await pilot.press("k")  # the hand ends: its record waits too
            await until(pilot, lambda: app.session.state.sheet, timeout=20)
            await pilot.pause(0.3)
            assert not held.given_up  # the screen never froze: nothing waited for the database in it
            said = [str(n.message) for n in app._notifications]
            assert [s for s in said if "busy" in s] == [BUSY_NOTE.format(what="this hand will be recorded")]
            held.release()
            held = None
            await until(pilot, lambda: not plan.keeper.writes.pending(), timeout=10)
            await until(pilot, lambda: any(str(n.message) == FREE_NOTE for n in app._notifications), timeout=5)
            assert _rows(tmp_path, "SELECT hints FROM matches") == [(1,)]
            assert _rows(tmp_path, "SELECT hand_no FROM hands") == [(1,)]
    finally:
        if held is not None:
            held.release()
    assert not any("not recorded" in e or "busy" in e for e in plan.keeper.errors), plan.keeper.errors


def test_the_history_closed_right_after_a_move_has_its_record_first(tmp_path, monkeypatch):
    """The first write, which opens the database, is the writes' thread's: the keeper's history closed
    just after it was asked for was closed before it was made, and the record was read as missing."""
    from ginrummy_tui.storage.history import SharedHistory

    get = SharedHistory.get

    def slow(self, **kw):  # the writes' thread takes its time to come to it
        time.sleep(0.3)
        return get(self, **kw)

    monkeypatch.setattr(SharedHistory, "get", slow)
    keeper = Keeper(Store(tmp_path), match_id="m4", settings={"ai": "easy"})
    state = new_game(PRESETS["standard"], seed=9)
    keeper.start(state)
    rng = random.Random(1)
    while not state.sheet:
        state = apply(state, _next(state, rng))
    keeper.on_change(state)  # a hand ended: its record is asked for
    keeper.close_history()
    monkeypatch.setattr(SharedHistory, "get", get)
    assert _rows(tmp_path, "SELECT uid FROM matches") == [("m4",)]
    assert _rows(tmp_path, "SELECT hand_no FROM hands") == [(1,)]
    close_kept(keeper)


def _killed(keeper: Keeper) -> None:
    """``kill -9``: the writes waiting for the database are never made, the lock is left behind."""
    keeper.writes.flush(0.0)


def test_a_match_finished_while_the_history_was_busy_and_killed_is_recorded_whole_at_the_next_start(tmp_path):
    """Killed on the last hand's end while another connection held the history:
    the save went to the archive, the next start began a new match, and the
    match stayed "in progress" in the history for good, its last hand and
    result never written."""
    keeper = Keeper(Store(tmp_path), match_id="m3", settings={"ai": "standard"})
    rng = random.Random(4)
    state = new_game(PRESETS["standard"].with_options(target=50), seed=5)
    keeper.start(state)
    lock = None
    while not state.over:
        state = apply(state, _next(state, rng))
        keeper.on_change(state)
        if state.sheet and lock is None:  # the first hand is recorded, the rest waits
            assert keeper.writes.settle(10.0)
            lock = Locked(tmp_path)
    assert lock is not None and len(state.sheet) >= 2
    _killed(keeper)
    lock.release()
    assert _rows(tmp_path, "SELECT hand_no FROM hands") == [(state.sheet[0].hand_no,)]
    plan = prepare(argparse.Namespace(**{**vars(_args(tmp_path)), "seed": None}))
    plan.after_first_frame()
    assert plan.keeper.writes.settle(10.0)
    [(finished, winner)] = _rows(tmp_path, "SELECT finished, winner FROM matches WHERE uid = 'm3'")
    assert (finished, winner) == (1, state.winner)
    # every hand once: the one recorded before the kill is not written twice
    assert _rows(tmp_path, "SELECT hand_no FROM hands ORDER BY seq") == [(r.hand_no,) for r in state.sheet]
    plan.close()


def test_a_resumed_match_whose_last_hand_waited_for_a_busy_history_has_it_recorded_at_the_start(tmp_path):
    """The hand left unwritten by a killed gin-tui was written only at the
    player's first move after the resume: a resume, then ``q``, left it out."""
    lock = Locked(tmp_path)
    keeper = Keeper(Store(tmp_path), match_id="m4", settings={"ai": "easy"})
    rng = random.Random(2)
    state = new_game(PRESETS["standard"], seed=9)
    keeper.start(state)
    while not state.sheet:
        state = apply(state, _next(state, rng))
        keeper.on_change(state)
    _killed(keeper)
    lock.release()
    plan = prepare(argparse.Namespace(**{**vars(_args(tmp_path)), "seed": None}))
    assert plan.resumed
    plan.after_first_frame()
    plan.close()  # q at once
    assert _rows(tmp_path, "SELECT hand_no FROM hands") == [(r.hand_no,) for r in state.sheet]


def test_a_finished_match_closed_twice_while_the_history_is_busy_stays_for_the_next_start(tmp_path):
    """SIGHUP: the app's close waits for the busy history, the signal's watchdog
    closes too: the second close found no write left (the first had stopped
    them) and took the finished match out of the slot, its record never written."""
    from ginrummy_tui.engine import Action
    from ginrummy_tui.engine.cards import card

    lock = Locked(tmp_path)
    keeper = Keeper(Store(tmp_path), match_id="m5", settings={"ai": "standard"})
    state = apply(apply(scenarios.match_point(), Action("draw stock")), Action("knock", card("KD")))
    keeper.start(scenarios.match_point())
    keeper.on_change(state)
    keeper.finish_records(timeout=0.2)
    close_kept(keeper)
    lock.release()
    assert Store(tmp_path).load(finished=True).saved.state == state
