"""A full disk (or a data directory that cannot be written for a while): the
saves and the records that fail, what is kept of the match, and what the
player is told, on the screen and once the game has closed."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import re
import shlex
import sqlite3

import pytest

from ginrummy_tui.cli import Output, parse_command_line
from ginrummy_tui.cli.play import run_play
from ginrummy_tui.engine import Action, apply
from ginrummy_tui.engine.cards import card
from ginrummy_tui.session import startup
from ginrummy_tui.session.keeper import Keeper
from ginrummy_tui.session.startup import close_kept, prepare
from ginrummy_tui.storage import history, store
from ginrummy_tui.storage.history import open_history
from ginrummy_tui.storage.store import Store
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.app import GinApp

from .app_helpers import settle
from .test_resume import args_for


class Disk:
    """The data directory's disk: ``saves_fail`` makes every save file fail
    as a full disk does (``No space left on device``), ``records_fail`` every
    record of a match into the history (``database or disk is full``)."""

    def __init__(self, monkeypatch) -> None:
        self.saves_fail = False
        self.records_fail = False
        write, transaction = store.atomic_write_text, history.History.transaction

        def atomic_write_text(path, text):
            if self.saves_fail:
                raise OSError(errno.ENOSPC, "No space left on device")
            write(path, text)

        @contextlib.contextmanager
        def failing_transaction(hist, wait=True):
            if self.records_fail:
                raise sqlite3.OperationalError("database or disk is full")
            with transaction(hist, wait) as conn:
                yield conn

        monkeypatch.setattr(store, "atomic_write_text", atomic_write_text)
        monkeypatch.setattr(history.History, "transaction", failing_transaction)

    def full(self) -> None:
        self.saves_fail = self.records_fail = True

    def freed(self) -> None:
        self.saves_fail = self.records_fail = False


@pytest.fixture
def disk(monkeypatch) -> Disk:
    return Disk(monkeypatch)


@pytest.fixture(autouse=True)
def _plain_output():
    ascii_before = Output.ascii_only
    Output.ascii_only = False
    yield
    Output.ascii_only = ascii_before


def _won() -> tuple:
    """The match point, and the knock that wins the match from it."""
    start = scenarios.match_point()
    return start, apply(apply(start, Action("draw stock")), Action("knock", card("KD")))


def _finished_rows(root, match_id: str) -> list[tuple]:
    hist = open_history(root).history
    assert hist is not None
    try:
        return hist.read("SELECT finished, winner FROM matches WHERE uid = ?", (match_id,))
    finally:
        hist.close()


def _keeper_on_the_match_point(root) -> tuple[Keeper, object]:
    start, end = _won()
    keeper = Keeper(Store(root), match_id="m1", settings={"ai": "standard"})
    keeper.start(start)
    assert keeper.writes.settle(10.0)
    assert _finished_rows(root, "m1") == [(0, None)]  # its hands are recorded: the history is there
    return keeper, end


def test_a_finished_match_whose_record_fails_stays_in_the_slot_and_is_recorded_at_the_next_start(tmp_path, disk):
    """The history full at the match's end (its save still written): at exit the
    save was removed, as if its record were written, and the match was lost from
    the statistics for good, listed "unfinished"."""
    keeper, end = _keeper_on_the_match_point(tmp_path)
    disk.records_fail = True
    keeper.on_change(end)
    assert keeper.writes.settle(10.0)
    assert any("could not be written (the disk is full)" in e for e in keeper.errors)
    close_kept(keeper)
    assert keeper.errors[-1] == (
        f"statistics not recorded in {tmp_path / 'history.sqlite3'} (database or disk is full); "
        "the finished match stays in current.json "
        f"(and {tmp_path / 'archive' / 'm1.json'}): its last hands and result are recorded when gin-tui next starts"
    )
    assert Store(tmp_path).load(finished=True).saved.state == end
    disk.freed()
    plan = prepare(argparse.Namespace(**{**vars(args_for(tmp_path)), "seed": None}))
    assert plan.resumed and plan.state == end
    plan.after_first_frame()
    assert plan.keeper.writes.settle(10.0)
    assert _finished_rows(tmp_path, "m1") == [(1, end.winner)]
    plan.close()
    assert not (tmp_path / "current.json").exists()
    assert (tmp_path / "archive" / "m1.json").exists()


def test_a_finished_match_saved_and_recorded_nowhere_keeps_its_earlier_point(tmp_path, disk):
    """The disk full at the match's end: neither its save nor its record was
    written, and the save of an earlier point was removed at exit."""
    keeper, end = _keeper_on_the_match_point(tmp_path)
    disk.full()
    keeper.on_change(end)
    assert keeper.writes.settle(10.0)
    assert keeper.failing
    assert any(e.startswith("the match could not be saved: No space left on device") for e in keeper.errors)
    close_kept(keeper)
    assert Store(tmp_path).load(finished=True).saved.state == scenarios.match_point()
    assert keeper.errors[-1] == (
        f"statistics not recorded in {tmp_path / 'history.sqlite3'} (database or disk is full); "
        "only an earlier point of the match is saved: "
        "its hands since are not recorded"
    )


def test_a_finished_match_whose_writes_failed_is_saved_and_recorded_at_exit_once_space_is_freed(tmp_path, disk):
    """Space freed before the quit: the failed record was never tried again,
    the match's end was lost (the save removed, the archive empty)."""
    keeper, end = _keeper_on_the_match_point(tmp_path)
    disk.full()
    keeper.on_change(end)
    assert keeper.writes.settle(10.0)
    disk.freed()
    close_kept(keeper)
    assert _finished_rows(tmp_path, "m1") == [(1, end.winner)]
    assert Store(tmp_path).load(finished=True).saved is None  # recorded: out of the slot...
    archived = store.read_save(tmp_path / "archive" / "m1.json")
    assert isinstance(archived, store.SavedMatch) and archived.state == end  # ...into the archive
    assert not keeper.failing and keeper.standing_errors() == []


def test_a_new_match_after_one_whose_record_failed_leaves_it_for_the_next_start(tmp_path, disk):
    """``n`` on the result of a match whose record failed: the new match's save
    took the slot, and the finished match was in the statistics nowhere."""
    keeper, end = _keeper_on_the_match_point(tmp_path)
    disk.records_fail = True
    keeper.on_change(end)
    assert keeper.writes.settle(10.0)
    nxt = apply(end, Action("new match"))
    keeper.on_change(nxt)
    assert keeper.match_id != "m1"
    assert (tmp_path / "finished-m1.json").exists()
    close_kept(keeper)
    disk.freed()
    plan = prepare(argparse.Namespace(**{**vars(args_for(tmp_path)), "seed": None}))
    assert plan.resumed and plan.state == nxt
    from ginrummy_tui.session.keeper import start_history_upkeep

    plan.after_first_frame()
    thread = start_history_upkeep(plan.keeper, lambda message: None)
    assert thread is not None
    thread.join(20)
    assert _finished_rows(tmp_path, "m1") == [(1, end.winner)]
    assert not (tmp_path / "finished-m1.json").exists()
    plan.close()


def _driven(monkeypatch, steps) -> None:
    """``gin-tui``'s app, when it runs, is played headless at 80×24 with
    ``steps``: keys (each followed by the computer's moves), or callables,
    called with the app."""

    def run(app: GinApp, *args, **kwargs) -> None:
        async def drive() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await settle(app, pilot)
                for step in steps:
                    if callable(step):
                        step(app)
                    else:
                        await pilot.press(step)
                    await settle(app, pilot)

        asyncio.run(drive())

    monkeypatch.setattr(GinApp, "run", run)


def _command(root) -> str:
    return shlex.join(["gin-tui", "--data-dir", str(root.absolute())])


def test_the_lines_after_a_finished_match_whose_record_failed_say_it_is_not_recorded(tmp_path, monkeypatch, capsys, disk):
    """The history full at the match's end: the terminal said "match over: you
    won ... ; gin-tui starts a new match." (and with a busy history, "gin-tui
    stats has your record"), the record failed, the match gone."""
    start, end = _won()
    real = startup.prepare

    def on_the_match_point(args, **kwargs):
        plan = real(args, **kwargs)
        plan.state = start
        plan.keeper.begin(start)
        return plan

    monkeypatch.setattr(startup, "prepare", on_the_match_point)

    def full(app) -> None:
        disk.records_fail = True

    _driven(monkeypatch, [full, "s", "k"])  # draw from the stock, knock: the match is won
    assert run_play(parse_command_line(["--data-dir", str(tmp_path), "--pause", "0"])) == 0
    captured = capsys.readouterr()
    you, them = end.totals
    assert " ".join(captured.out.split()) == (
        f"gin-tui: match over: you won {you} to {them}; {_command(tmp_path)} records it, then starts a new match."
    )
    assert " ".join(captured.err.split()).startswith(
        f"gin-tui: statistics not recorded in {tmp_path / 'history.sqlite3'} (database or disk is full); "
        "the finished match stays in current.json"
    )
    assert Store(tmp_path).load(finished=True).saved.state.over


def test_the_lines_after_the_game_say_the_match_is_saved_when_the_save_at_the_quit_worked(tmp_path, monkeypatch, capsys, disk):
    """Saves failing (a full disk), then space freed before the quit: the save at
    the quit wrote every move, and the terminal still said "the match could not
    be saved" and "only an earlier point of your match is saved"."""
    played = []
    _driven(monkeypatch, [
        "p", lambda app: disk.full(), "s", lambda app: disk.freed(), lambda app: played.append(app.session.view()),
        "q", "y",
    ])
    assert run_play(parse_command_line(["--data-dir", str(tmp_path), "--pause", "0", "--seed", "3"])) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert " ".join(captured.out.split()) == f"gin-tui: the match is saved; {_command(tmp_path)} resumes it."
    saved = Store(tmp_path).load().saved
    assert saved is not None and saved.state.history == played[0].history  # the moves made while it was full


def test_the_lines_after_the_game_say_only_an_earlier_point_is_saved_while_the_disk_stays_full(tmp_path, monkeypatch, capsys, disk):
    _driven(monkeypatch, ["p", lambda app: disk.full(), "s", "q", "y"])
    assert run_play(parse_command_line(["--data-dir", str(tmp_path), "--pause", "0", "--seed", "3"])) == 0
    captured = capsys.readouterr()
    assert "the match could not be saved: No space left on device" in " ".join(captured.err.split())
    assert " ".join(captured.out.split()) == (
        f"gin-tui: only an earlier point of your match is saved; {_command(tmp_path)} resumes it."
    )


async def test_a_damaged_history_found_by_the_records_at_the_start_is_told_at_once(tmp_path, monkeypatch):
    """The records' thread found the history damaged before the upkeep did (the
    hands of the resumed match written first): its note waited for the next
    move, and only the last of the errors found meanwhile was told."""
    from ginrummy_tui.session import keeper as keeper_module

    from .app_helpers import running, until

    assert Store(tmp_path).save(scenarios.match_point(), match_id="m1", settings={"ai": "standard"})
    (tmp_path / "history.sqlite3").write_bytes(b"this is not a database" * 100)
    monkeypatch.setattr(keeper_module, "start_history_upkeep", lambda *args, **kwargs: None)  # the records come first
    plan = prepare(args_for(tmp_path))
    assert plan.resumed and plan.state.sheet

    def told() -> list[str]:
        said = [" ".join(str(n.message).split()) for n in app._notifications]
        return [text for text in said if text.startswith("Your match history could not be used")]

    async with running(plan) as (app, pilot):
        await until(pilot, lambda: bool(told()))
        # a note longer than the toasts' room comes in parts, the next once this one has gone
        # (how long it is depends on where the data directory is): its first part, once
        assert len(told()) == 1 and told()[0].startswith("Your match history could not be used: the file is not a SQLite")
        assert app.session.view().history == plan.state.history  # no move was made
    assert _finished_rows(tmp_path, "m1") == [(0, None)]  # its hands went to the new history


def test_every_error_found_between_two_moves_is_told_in_order(tmp_path):
    """Two errors found by the records' thread between two moves: only the last
    was told, at the move."""
    import threading

    from ginrummy_tui.session.control import MatchControl

    keeper = Keeper(Store(tmp_path), match_id="m1", settings={"ai": "standard"})
    control = MatchControl(keeper)
    told: list[str] = []
    control.on_error = told.append
    found = threading.Event()
    control.on_errors_found = found.set
    state = scenarios.knock_ready()
    keeper.start(state)
    thread = threading.Thread(target=keeper._add_errors, args=(["the first thing", "the second thing"],))
    thread.start()
    thread.join()
    assert found.is_set()  # the app is asked to tell them now
    control.on_change(apply(state, Action("draw stock")))
    assert told == ["The first thing.", "The second thing."]
    control.show_errors()
    assert told == ["The first thing.", "The second thing."]  # each once


def test_the_quit_question_says_the_match_is_saved_once_room_was_made_for_it(tmp_path, monkeypatch, capsys, disk):
    """Space freed after saves failed: the quit question still said "Only an
    earlier point of your match is saved.", though the quit then saved it whole."""
    asked: list[str] = []

    def question(app) -> None:
        asked.append(" ".join(str(app.screen.query_one("#confirm-note").render()).split()))

    _driven(monkeypatch, ["p", lambda app: disk.full(), "s", lambda app: disk.freed(), "q", question, "y"])
    assert run_play(parse_command_line(["--data-dir", str(tmp_path), "--pause", "0", "--seed", "3"])) == 0
    assert asked == [f"Your match is saved: {_command(tmp_path)} resumes it."]


def test_a_save_of_the_screen_details_that_works_again_ends_the_failing_saves(tmp_path, disk):
    """Saves failing, then the cards sorted once room was made: that save
    worked, and the game still said only an earlier point of the match was saved."""
    ui = {"sort": "suit"}
    keeper = Keeper(Store(tmp_path), match_id="m1", settings={"ai": "standard"}, ui=lambda: dict(ui))
    state = scenarios.knock_ready()
    keeper.start(state)
    disk.saves_fail = True
    keeper.on_change(apply(state, Action("draw stock")))
    assert keeper.failing and keeper.standing_errors()
    disk.saves_fail = False
    ui["sort"] = "rank"
    assert keeper.ui_changed()
    assert not keeper.failing and keeper.standing_errors() == []


def test_a_history_damaged_during_the_match_is_set_aside_once_and_the_match_recorded_in_a_new_one(tmp_path):
    """The history damaged while the game ran (``dd if=/dev/urandom ... count=8``):
    "Statistics not recorded: database disk image is malformed." piled up on the
    table, each hand and hint once more, and the line at exit said only
    "statistics not recorded: database disk image is malformed"."""
    import os

    from ginrummy_tui.session.keeper import RECORDED_ON

    from .history_child import states

    played = list(states(3))
    keeper = Keeper(Store(tmp_path), match_id="20261205-090000-beef", settings={"ai": "standard"})
    keeper.start(played[0])
    damaged = False
    for state in played[1:]:
        keeper.on_change(state)
        if len(state.sheet) == 2 and not damaged:
            assert keeper.writes.settle(10.0)
            hist = keeper.shared_history().opened()
            assert hist is not None
            hist.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            with open(tmp_path / "history.sqlite3", "r+b") as fh:
                fh.write(os.urandom(8192))
            hist.conn.execute("PRAGMA shrink_memory")  # its next write reads the file
            damaged = True
        elif damaged and state.history and state.history[-1].action == "discard":
            keeper.add_hint()
    assert played[-1].over and damaged
    assert keeper.writes.settle(10.0)
    close_kept(keeper)
    (told,) = keeper.errors  # once, and nothing at exit
    assert told.startswith("Your match history could not be used: the database is damaged") or told.startswith(
        "Your match history could not be used: the file is not a SQLite database"
    ), told
    assert "moved to" in told.lower() and told.endswith(RECORDED_ON)
    assert "malformed" not in told and "not a database" not in told
    assert list(tmp_path.glob("history.sqlite3.damaged-*"))
    hist = open_history(tmp_path).history
    assert hist is not None
    try:
        (record,) = list(hist.records())
        assert record["finished"] and len(record["hands"]) == len(played[-1].sheet)
    finally:
        hist.close()


def test_a_history_that_cannot_be_written_is_said_once_while_it_lasts_with_a_way_out(tmp_path, disk):
    """On a full disk "Statistics not recorded: database or disk is full." came again at
    every hint and every hand's end, four or five notes at once pushing the one that the
    match could not be saved out of sight; it named no file, gave no way out, and said
    "not recorded" of hands that are recorded once there is room."""
    keeper, end = _keeper_on_the_match_point(tmp_path)
    path = tmp_path / "history.sqlite3"
    said = (
        f"your match history {path} could not be written (the disk is full). "
        "Its hands are written when there is room; the hints asked for meanwhile are not counted. "
        "Free some space or choose another folder with --data-dir or GIN_TUI_HOME"
    )
    disk.records_fail = True
    before = len(keeper.errors)
    for _ in range(3):
        keeper.add_hint()
    keeper.on_change(end)
    keeper.add_hint()
    assert keeper.writes.settle(10.0)
    assert keeper.errors[before:] == [said]
    disk.freed()
    keeper.on_change(end)  # the match's end, written now: the note no longer holds
    assert keeper.writes.settle(10.0)
    assert _finished_rows(tmp_path, "m1") == [(1, end.winner)]
    assert keeper.standing_errors() == keeper.errors[:before]
    disk.records_fail = True  # full again: said again, once
    keeper.add_hint()
    keeper.add_hint()
    assert keeper.writes.settle(10.0)
    assert keeper.errors[before:] == [said, said] and keeper.standing_errors()[-1] == said
    keeper.writes.flush(1.0)


@pytest.mark.parametrize(
    "exc", [sqlite3.OperationalError("database or disk is full"), OSError(errno.ENOSPC, "No space left on device")]
)
def test_a_history_on_a_full_disk_says_the_disk_is_full_once(tmp_path, exc):
    """The note said it twice: "could not be written (disk full: database or disk is full)"."""
    from ginrummy_tui.session.keeper import history_failure

    path = tmp_path / "history.sqlite3"
    said = history_failure(path, exc)
    assert said.startswith(f"your match history {path} could not be written (the disk is full)."), said
    words = said.replace(str(path), "D")
    assert words.count("full") == 1 and "No space left" not in words, said


@pytest.mark.parametrize("rows", [6, 3])  # the toasts' room at 46x21, and what the note of a failed save leaves
def test_the_note_of_a_history_on_a_full_disk_comes_in_parts_that_end_between_sentences(rows):
    """At 46x21 its first part ended "...the hints asked for meanwhile are not counted;", the
    note being one long sentence cut after its ":" and ";"; it is three sentences now."""
    from pathlib import Path

    from ginrummy_tui.session.control import as_sentence
    from ginrummy_tui.session.keeper import history_failure
    from ginrummy_tui.tui.note_text import note_lines, note_parts, toast_text_width

    width = toast_text_width(46, 21, "error")
    path = Path("/tmp/data_xa_full/history.sqlite3")
    note = as_sentence(history_failure(path, sqlite3.OperationalError("database or disk is full")))
    parts = note_parts(note, width, rows)
    assert len(parts) > 1 and " ".join(parts) == note
    assert all(part.endswith(".") and note_lines(part, width) <= rows for part in parts), parts


@pytest.mark.parametrize(("short", "late"), [(True, 0.0), (False, 0.0), (False, 1.0)])
async def test_two_notes_of_a_full_disk_at_46x21_are_each_read_whole_for_their_time(disk, monkeypatch, short, late):
    """At 46x21 the note that the match could not be saved (three lines), then the history's
    (``h``, its hint not counted): the history's first part, cut for the whole room, stood
    under the first note with its last lines cut off, its time running out unseen, and was
    whole for under two seconds once the first had gone.  A note comes beside those up in
    parts that fit the room they leave, or, where too little is left (a data directory with a
    long name: the first note takes five lines), waits for the room: no note is ever cut,
    and each part is whole for all of its time, at least the time it takes to read.
    ``late``: each toast goes that much after its time, as under load (its own timer runs from
    when it is mounted): the history's first part came under the first note, still up, cut off
    at the bottom, and stayed cut once alone; it waits for that toast to go."""
    import shutil
    import tempfile
    from pathlib import Path

    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.session.control import as_sentence
    from ginrummy_tui.tui.note_text import note_lines, toast_rows, toast_text_width
    from ginrummy_tui.tui.restore import PART_SECONDS, READING_WORDS

    from .app_helpers import until
    from .test_polish import _joined, _toast_lines

    top = Path(tempfile.mkdtemp(prefix="gin-", dir="/tmp"))
    root = top if short else top / "a-data-directory-with-a-longer-name"  # as /tmp/data_xa_full, or longer
    room, width = toast_rows(46, 21), toast_text_width(46, 21, "error")
    plan = prepare(args_for(root))
    app = build_app(plan, pause=0)
    seen: list[str] = []
    if late:
        from textual.widgets._toast import Toast

        def mounted_late(toast, _event) -> None:
            toast.set_timer(toast._timeout + late, toast._expire)

        monkeypatch.setattr(Toast, "_on_mount", mounted_late)

    def read_whole() -> bool:
        """The toasts now: none beyond the room, every note up whole in it for its reading time."""
        lines = _toast_lines(app)
        assert len(lines) <= room, lines
        up = [n for n in app._notifications if not n.has_expired]
        assert sum(note_lines(n.message, width) + (1 if n.title else 0) for n in up) <= room, [n.message for n in up]
        for n in up:
            words = _joined(n.message.split())
            assert n.timeout >= min(10.0, max(PART_SECONDS, len(words.split()) / READING_WORDS)), (words, n.timeout)
        if lines and (not seen or seen[-1] != _joined(lines)):
            seen.append(_joined(lines))
        return bool(lines) and seen[-1].endswith("GIN_TUI_HOME.")

    try:
        async with app.run_test(size=(46, 21), notifications=True) as pilot:
            await settle(app, pilot)
            await pilot.press("p")  # a move: the history is there
            await settle(app, pilot)
            disk.full()
            await pilot.press("s")
            await until(pilot, lambda: any("could not be saved" in line for line in _toast_lines(app)))
            await pilot.press("h")
            await until(pilot, read_whole, timeout=60)
            notes = [as_sentence(e) for e in plan.keeper.errors]
    finally:
        plan.close()
        shutil.rmtree(top)
    saved, history_note = notes
    assert saved.startswith("The match could not be saved") and history_note.startswith("Your match history")
    for note in notes:  # each sentence of both seen whole (a name broken after a "_" or a "-" too)
        for sentence in re.split(r"(?<=[.!?])\s+", note):
            assert any("".join(sentence.split()) in "".join(shown.split()) for shown in seen), (sentence, seen)


async def test_the_host_s_failed_saves_are_told_on_the_app_s_thread_whichever_thread_found_them(monkeypatch, caplog):
    """The host's server saves each move on a thread of its own: the note of a failed save
    is raised on the app's thread (a toast and its timer are the app's), and a note that
    cannot be raised is logged, the saves going on."""
    import logging
    import threading
    from types import SimpleNamespace

    from ginrummy_tui.cli.host import SaveReporter, tell_host
    from ginrummy_tui.tui.app import make_app

    keeper = SimpleNamespace(errors=[], on_change=lambda state: None, ui_changed=lambda: None)
    reporter = SaveReporter(keeper)
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test() as pilot:
        told: list[tuple[str, threading.Thread]] = []
        notify = app.notify

        def recording(message, *args, **kwargs):
            told.append((str(message), threading.current_thread()))
            return notify(message, *args, **kwargs)

        monkeypatch.setattr(app, "notify", recording)
        keeper.errors.append("the match could not be saved: no space left on device")  # found before the app was up
        tell_host(app, reporter, [])

        def server_saves() -> None:
            keeper.errors.append("the match could not be saved again")
            reporter.on_change(None)

        server = threading.Thread(target=server_saves, name="the host's server")
        server.start()
        server.join()
        for _ in range(20):
            await pilot.pause()
            if len(told) == 2:
                break
        assert [text for text, _ in told] == ["The match could not be saved: no space left on device.",
                                             "The match could not be saved again."]
        assert {thread for _, thread in told} == {threading.main_thread()}

        def broken(message, *args, **kwargs):
            raise RuntimeError("no toast")

        monkeypatch.setattr(app, "from_any_thread", lambda call: call())  # raised on this thread, which fails
        monkeypatch.setattr(app, "notify", broken)
        keeper.errors.append("a third failure")
        monkeypatch.setattr(logging.getLogger("ginrummy_tui.net"), "propagate", True)  # (a host's log stops it)
        with caplog.at_level("ERROR", logger="ginrummy_tui.net"):
            reporter.on_table()
        assert "could not tell the host a save failed" in caplog.text


def test_screen_details_that_cannot_be_read_are_logged_and_the_last_ones_saved(tmp_path, caplog):
    """The keeper saved the match with no screen details, and said nothing, when reading them
    failed: the failure is logged, and the details known last go with the save."""
    import logging

    asked: list[int] = []

    def details() -> dict:
        asked.append(1)
        if len(asked) > 1:
            raise RuntimeError("no table")
        return {"sort": "rank"}

    keeper = Keeper(Store(tmp_path), match_id="m1", settings={"ai": "standard"}, ui=details)
    assert keeper._ui() == {"sort": "rank"}
    with caplog.at_level(logging.ERROR, logger="ginrummy_tui.session.keeper"):
        assert keeper._ui() == {"sort": "rank"}
    assert "could not read the screen details" in caplog.text and "no table" in caplog.text
