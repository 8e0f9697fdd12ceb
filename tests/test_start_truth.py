"""What gin-tui says at start is true: of a match taken over for a new one, of a
match that cannot be set aside, of a save written by a newer version, and of the
data directory used."""

from __future__ import annotations

import errno
import json
import os
import signal

import pytest

from ginrummy_tui.session.startup import Refused, Stake, ask_open_elsewhere, prepare
from ginrummy_tui.storage import lock as lock_module
from ginrummy_tui.storage.lock import Lock, LockOwner, TakerWord

from .test_resume import args_for, never_asked
from .test_store_lock import _end, _holder, _Terminal


def _saved_match(root) -> bytes:
    """A match with a move made, saved in ``root``; the bytes of its save."""
    from ginrummy_tui.engine import apply, legal_actions

    plan = prepare(args_for(root, seed=4), ask=never_asked)
    plan.keeper.on_change(apply(plan.state, legal_actions(plan.state)[0]))
    plan.close()
    return (root / "current.json").read_bytes()


def test_the_take_over_question_with_new_says_the_match_is_set_aside():
    """With --new, "t" said "your match goes on here": a new match started, the one taken over abandoned."""
    import io

    shown = io.StringIO()
    ask_open_elsewhere("process 7, since 16:47", _Terminal("q\n"), shown, can_take=True, new="--new", stake=Stake.MOVED)
    assert "--new sets your match aside (abandoned) and starts a new one here" in shown.getvalue()
    assert "goes on here" not in shown.getvalue()


@pytest.mark.parametrize(
    ("option", "moved", "says"),
    [
        ({"new": True}, True, "--new sets your match aside (abandoned) and starts a new one here"),
        ({"new": True}, False,
         "--new starts a new match here in its place (you have made no move in it, so it counts as nothing)"),
        ({"seed": 5}, True, "--seed 5 then asks whether to give your match up for a new one"),
        ({"seed": 5}, False,
         "--seed 5 starts a new match here in its place (you have made no move in it, so it counts as nothing)"),
    ],
)
def test_the_take_over_question_with_new_says_what_becomes_of_the_match_as_its_save_tells(
    tmp_path, option, moved, says
):
    """With --new, the question said "--new sets your match aside (abandoned)" of a match
    the player had made no move in, which counts as nothing once taken over: its save,
    read without the lock, tells which.  With --seed 5 it said "your match goes on here",
    and after t --seed asked whether to give the match up, a q leaving no game in either
    window."""
    import io

    if moved:
        _saved_match(tmp_path)
    else:
        first = prepare(args_for(tmp_path, seed=4), ask=never_asked)
        first.after_first_frame()  # its first save: no move made
        first.close()
    proc = _holder(tmp_path / "current.json.lock")
    shown = io.StringIO()

    def asked(owner, **kw):
        return ask_open_elsewhere(owner, _Terminal("q\n"), shown, **kw)

    try:
        with pytest.raises(Refused):
            prepare(args_for(tmp_path, **option), ask=asked)
    finally:
        _end(proc)
    text = " ".join(shown.getvalue().split())
    assert "goes on here" not in text
    assert f"t take it over: that gin-tui saves and closes, and {says}" in text, text
    assert ("counts as nothing" in text) is not moved


def test_a_match_taken_over_with_new_is_said_set_aside_in_one_note(tmp_path):
    """The new table said only that the match was taken over; it had been set aside for a new one."""
    _saved_match(tmp_path)
    proc = _holder(tmp_path / "current.json.lock")
    asked = {}

    def take(owner, **kw):
        asked.update(kw)
        return "take"

    try:
        plan = prepare(args_for(tmp_path, new=True), ask=take)
        try:
            assert proc.wait(5) == -signal.SIGTERM
            assert asked["new"] == "--new"
            taken = [n for n in plan.notes if "taken over" in n]
            assert len(taken) == 1 and taken[0].startswith("As --new asks, your match was set aside (kept in "), plan.notes
            assert "counted as abandoned, and a new match has started. It was taken over from the other gin-tui (" in taken[0]
            assert taken[0].endswith("), which has closed."), taken[0]
            assert not any(n.startswith("Your unfinished match was set aside") for n in plan.notes)
            assert not plan.resumed
            assert not (tmp_path / "current.json.lock.taker").exists()  # the word for the holder is gone
        finally:
            plan.close()
    finally:
        _end(proc)


def test_a_match_with_no_move_taken_over_with_new_is_not_said_abandoned(tmp_path):
    """A match the player had made no move in, taken over with --new, was said "set aside
    ..., counted as abandoned": it counts as nothing."""
    first = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    first.after_first_frame()  # its first save: no move made
    first.close()
    proc = _holder(tmp_path / "current.json.lock")
    try:
        plan = prepare(args_for(tmp_path, new=True), ask=lambda owner, **kw: "take")
        try:
            assert proc.wait(5) == -signal.SIGTERM
            taken = [n for n in plan.notes if "taken over" in n]
            assert len(taken) == 1, plan.notes
            assert taken[0].startswith(
                "As --new asks, a new match has started in place of yours; you had made no move in it, so it counts "
                f"as nothing (kept in {tmp_path}/archive/{first.keeper.match_id}.json). It was taken over from "
            ), taken[0]
            assert not any("abandoned" in n or "unfinished" in n for n in plan.notes), plan.notes
        finally:
            plan.close()
    finally:
        _end(proc)


def test_a_match_taken_over_with_new_says_first_that_a_new_match_has_started_in_a_toast(tmp_path):
    """At 80x24 the note of a match taken over with --new showed for 5 s "Your match was
    taken over from the other gin-tui (process N, since 12:30), which has closed." over
    the new deal, and only then that it was set aside and a new match had started: a
    note too long for a toast is shown in parts, in order, and the take-over came first."""
    from ginrummy_tui.tui.note_text import note_parts, toast_rows, toast_text_width

    _saved_match(tmp_path)
    proc = _holder(tmp_path / "current.json.lock")
    try:
        plan = prepare(args_for(tmp_path, new=True), ask=lambda owner, **kw: "take")
        try:
            [taken] = [n for n in plan.notes if "taken over" in n]
        finally:
            plan.close()
    finally:
        _end(proc)
    first, *_ = note_parts(taken, toast_text_width(80, 24, "warning"), toast_rows(80, 24))
    assert first.startswith("As --new asks, your match was set aside (kept in "), first
    assert first.endswith("counted as abandoned, and a new match has started."), first


def test_a_match_taken_over_and_given_up_for_seed_is_told_in_one_note(tmp_path):
    """Taken over with --seed 5 and given up at its question, the match was told in two
    notes, the take-over first, over the new match's deal."""
    _saved_match(tmp_path)
    proc = _holder(tmp_path / "current.json.lock")
    try:
        plan = prepare(args_for(tmp_path, seed=5), ask=lambda owner, **kw: "take", give_up=lambda saved, seed, same: "give up")
        try:
            taken = [n for n in plan.notes if "taken over" in n or "set aside" in n]
        finally:
            plan.close()
    finally:
        _end(proc)
    assert len(taken) == 1, plan.notes
    assert taken[0].startswith("As --seed 5 asks, your match was set aside (kept in "), taken[0]
    assert "a new match has started. It was taken over from the other gin-tui (" in taken[0]


def test_a_match_given_up_with_new_is_said_counted_as_abandoned(tmp_path):
    """After --new the note said "Your unfinished match was set aside (kept in ...); a new
    match has started.", not that it counts as abandoned, as the statistics then show it,
    where the note of a match without a move says it counts as nothing."""
    _saved_match(tmp_path)
    first = json.loads((tmp_path / "current.json").read_text())["match_id"]
    plan = prepare(args_for(tmp_path, new=True), ask=never_asked)
    try:
        assert (
            f"Your unfinished match was set aside (kept in {tmp_path}/archive/{first}.json), counted as abandoned; "
            "a new match has started."
        ) in plan.notes, plan.notes
    finally:
        plan.close()


def test_the_holder_of_a_lock_reads_what_the_gin_tui_taking_it_over_does(tmp_path):
    """The gin-tui closed for --new said "gin-tui --data-dir D resumes it": the match was set aside."""
    path = tmp_path / "current.json.lock"
    held = Lock(path)
    assert held.acquire()
    try:
        assert held.taker_word() is None
        other = Lock(path)
        other.tell_holder(LockOwner(os.getpid(), None, None), "with --new, to set this match aside")
        assert held.taker_word() == TakerWord(os.getpid(), "with --new, to set this match aside")
        other.tell_holder(LockOwner(os.getpid() + 1, None, None), "with --new")
        assert held.taker_word() is None  # word for another holder
        other.tell_holder(LockOwner(os.getpid(), None, None), None)
        assert held.taker_word() is None and not other.word.exists()
    finally:
        held.release()


def test_new_in_a_data_directory_that_cannot_be_changed_leaves_the_match_and_says_so(tmp_path, monkeypatch):
    """--new where the lock could not be opened said "Your unfinished match was set aside;
    a new match has started.", though current.json was untouched and resumed next time."""
    before = _saved_match(tmp_path)

    def denied(where, flags, mode=0o600, **_):
        raise PermissionError(errno.EPERM, "Operation not permitted", str(where))

    monkeypatch.setattr(lock_module, "open_regular", denied)
    plan = prepare(args_for(tmp_path, new=True), ask=never_asked)
    try:
        plan.after_first_frame()
    finally:
        plan.close()
    lock = tmp_path / "current.json.lock"
    assert plan.notes[0] == (
        f"Your unfinished match could not be set aside: its lock file {lock} cannot be opened (Operation not "
        f"permitted). It is left as it is, and gin-tui --data-dir {tmp_path} resumes it; this new match is not "
        "saved or recorded."
    ), plan.notes
    assert not any("was set aside" in n or "cannot be saved or recorded" in n for n in plan.notes)
    assert (tmp_path / "current.json").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if "abandoned" in p.name or p.name == "archive") == []
    monkeypatch.undo()
    again = prepare(args_for(tmp_path), ask=never_asked)
    try:
        assert again.resumed
    finally:
        again.close()


def test_a_save_of_a_newer_version_is_kept_where_it_is_and_never_written_over(tmp_path):
    """A save of format 99 was renamed current.json.damaged-*: the newer version no longer resumed it."""
    _saved_match(tmp_path)
    save = tmp_path / "current.json"
    data = json.loads(save.read_text())
    data["version"] = 99
    save.write_text(json.dumps(data))
    before = save.read_bytes()
    plan = prepare(args_for(tmp_path), ask=never_asked)
    try:
        plan.after_first_frame()
        assert not plan.resumed
        assert plan.notes[0] == (
            f"Your saved match {save} was written by a newer version of gin-tui (save format 99; this version "
            "reads up to 1); it is kept as it is, for that version. This match is not saved, nor recorded in "
            "your statistics; the version that wrote it resumes the match in it."
        ), plan.notes
    finally:
        plan.close()
    assert save.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if "damaged" in p.name] == []


async def test_a_failed_save_at_start_is_a_sentence_naming_the_save_and_goes_once_saving_works(tmp_path, monkeypatch):
    """With current.json immutable the note read "the match could not be saved: Operation not
    permitted (in DIR); the last save stands until saving works again", lower case, no full
    stop, naming the directory, and it stayed up after a save had worked."""
    from ginrummy_tui.storage import store as store_module

    from .app_helpers import running, until

    _saved_match(tmp_path)
    save = tmp_path / "current.json"
    real = store_module.atomic_write_text
    failing = [True]

    def immutable(path, text):
        if failing[0] and path == save:
            raise PermissionError(
                errno.EPERM, "Operation not permitted", str(tmp_path / ".current.json.x.tmp"), None, str(save)
            )
        return real(path, text)

    monkeypatch.setattr(store_module, "atomic_write_text", immutable)
    plan = prepare(args_for(tmp_path), ask=never_asked)

    def failed_note(app) -> list[str]:
        return [" ".join(str(n.message).split()) for n in app._notifications if "could not be saved" in str(n.message)]

    async with running(plan, size=(120, 40)) as (app, pilot):  # room for the path whole
        await until(pilot, lambda: failed_note(app))
        shown = failed_note(app)[0].replace("/ ", "/")
        assert shown.startswith((
            f"The match could not be saved: Operation not permitted (replacing {save})."
        ).replace(str(tmp_path), str(tmp_path).replace(os.path.expanduser("~"), "~", 1))), shown
        failing[0] = False
        app.context.control.on_change(plan.keeper.state)  # a move saved: saving works again
        await until(pilot, lambda: not failed_note(app))
        assert not any("saving works again" in str(n.message) for n in app._notifications)
        assert app.start_notes is not None and not app.start_notes.unshown()


async def test_the_reason_a_settings_file_was_set_aside_follows_where_it_went_promptly(tmp_path, monkeypatch):
    """Where the note came in parts, "Your settings file could not be used, and was moved to
    ...:" showed alone for a note's whole time (15 s); the reason only after it."""
    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.tui import restore

    from .app_helpers import settle, until
    from .test_polish import _toast_lines

    monkeypatch.setattr(restore, "NOTE_SECONDS", 30.0)
    # a part's seconds long enough for a loaded machine to see it before the next (with 0.5 the
    # first look could come after it), far short of the note's 30
    monkeypatch.setattr(restore, "PART_SECONDS", 3.0, raising=False)
    monkeypatch.setattr(restore, "READING_WORDS", 1000.0, raising=False)
    (tmp_path / "settings.json").write_text('{"ai": "master", "pause": 2')
    plan = prepare(args_for(tmp_path, seed=3), ask=None)
    (note,) = plan.notes
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=(46, 21), notifications=True) as pilot:
            await settle(app, pilot)
            await until(pilot, lambda: "settings" in " ".join(_toast_lines(app)))
            first = " ".join(_toast_lines(app))
            assert "not valid JSON" not in first and first.rstrip().endswith("."), first  # in parts here
            await until(pilot, lambda: "not valid JSON" in " ".join(_toast_lines(app)), timeout=12)
    finally:
        plan.close()


@pytest.mark.parametrize(("version", "said"), [(10**400, "a number of 401 digits"), (1000, "1000")], ids=["401 digits", "1000"])
def test_a_save_whose_version_no_gin_tui_could_have_written_is_damaged_not_kept_for_good(tmp_path, version, said):
    """A save of "version": 10**400 was kept for "a newer version of gin-tui (save format 1000...000",
    its 401 digits filling the note, and never set aside."""
    _saved_match(tmp_path)
    save = tmp_path / "current.json"
    data = json.loads(save.read_text())
    data["version"] = version
    save.write_text(json.dumps(data))
    plan = prepare(args_for(tmp_path), ask=never_asked)
    try:
        plan.after_first_frame()
        assert not plan.resumed
        told = " ".join(plan.notes)
        assert "newer version" not in told and "0000000000" not in told, told
        assert f"The save has no valid format version ({said})." in told, told
    finally:
        plan.close()
    assert not save.exists() or json.loads(save.read_text())["version"] == 1
    assert len([p for p in tmp_path.iterdir() if "damaged" in p.name]) == 1
