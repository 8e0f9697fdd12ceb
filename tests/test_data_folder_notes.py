"""A data folder that cannot be used: each note says what went wrong and one
short way out ("make it writable (chmod u+w D) or choose another folder with
--data-dir or GIN_TUI_HOME"), and the terminal is told once, after the game,
that nothing of a match that could not be saved was kept.

Root may write anything: what this user may not write is what ``os.access``
says, as the program asks it (the ``read_only_files`` fixture)."""

from __future__ import annotations

import contextlib
import os
import stat

import pytest

from ginrummy_tui.cli import parse_command_line
from ginrummy_tui.cli.play import run_play
from ginrummy_tui.storage.files import way_out
from ginrummy_tui.storage.history import DB_NAME, open_history

from .test_exit_lines import playing

OTHER = "choose another folder with --data-dir or GIN_TUI_HOME"


@pytest.fixture
def read_only_files(monkeypatch):
    """``read_only_files(path, ...)``: these lose their owner's write bit, and ``os.access`` says
    from then on that they may not be written (as it does not for root)."""
    denied: set[str] = set()
    real_access = os.access

    def fake_access(path, mode, **kw):
        if os.path.realpath(os.fspath(path)) in denied and mode & os.W_OK:
            return False
        return real_access(path, mode, **kw)

    def deny(*paths):
        for p in paths:
            os.chmod(p, os.stat(p).st_mode & ~stat.S_IWUSR)
            denied.add(os.path.realpath(p))

    monkeypatch.setattr(os, "access", fake_access)
    yield deny
    for p in denied:
        with contextlib.suppress(OSError):
            os.chmod(p, os.stat(p).st_mode | stat.S_IWUSR)


def test_a_folder_that_cannot_be_written_though_its_mode_allows_it_is_not_told_to_chmod(tmp_path, monkeypatch):
    # an immutable folder (chattr +i: "Operation not permitted") said "make it writable (chmod
    # u+w D)" where D was already drwx------: chmod changes nothing there
    save = tmp_path / "current.json"
    save.write_text("{}")
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: not mode & os.W_OK and real_access(path, mode, **kw))
    assert os.stat(tmp_path).st_mode & stat.S_IWUSR and os.stat(save).st_mode & stat.S_IWUSR
    assert way_out(save) == OTHER


def test_the_way_out_names_the_folder_or_the_file_that_cannot_be_written(tmp_path, read_only_files):
    save = tmp_path / "current.json"
    save.write_text("{}")
    assert way_out(save) == OTHER  # nothing in the way here: another folder
    read_only_files(save)
    assert way_out(save) == f"make it writable (chmod u+w {save}) or {OTHER}"
    read_only_files(tmp_path)
    assert way_out(save) == f"make it writable (chmod u+w {tmp_path}) or {OTHER}"  # the folder first


def test_a_history_file_that_cannot_be_written_says_what_to_do(tmp_path, read_only_files):
    """At mode 0400 it said "cannot be used (Permission denied); this match is not recorded." alone."""
    open_history(tmp_path).history.close()
    path = tmp_path / DB_NAME
    read_only_files(path)
    opening = open_history(tmp_path)
    assert opening.history is None
    assert opening.told() == [
        f"Your match history {path} cannot be used (Permission denied); this match is not recorded: "
        f"make it writable (chmod u+w {path}) or {OTHER}."
    ]


def test_a_lock_file_in_a_folder_that_cannot_be_written_says_to_make_it_writable(tmp_path, read_only_files, monkeypatch):
    import errno

    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.storage import lock as lock_module

    from .test_resume import args_for, never_asked

    def denied(where, flags, mode=0o600, **_):
        raise PermissionError(errno.EACCES, "Permission denied", str(where))  # as in a folder at 0555

    monkeypatch.setattr(lock_module, "open_regular", denied)
    read_only_files(tmp_path)
    plan = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    plan.close()
    assert plan.notes[0] == (
        f"Your match cannot be saved or recorded: its lock file {tmp_path / 'current.json.lock'} cannot be opened "
        f"(Permission denied); make it writable (chmod u+w {tmp_path}) or {OTHER}."
    )


def test_a_separate_match_waiting_in_a_folder_that_cannot_be_written_is_named_and_the_match_resumes(
    tmp_path, read_only_files, monkeypatch
):
    """With current.json and separate-1.json in a folder made immutable (chattr +i),
    gin-tui crashed at its start: the check that the separate match was open nowhere
    made its lock file, which raised.  The match resumes unsaved, as without the
    separate match, and the separate match waiting is named; one open in another
    gin-tui is not."""
    import errno

    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.storage import lock as lock_module

    from .test_resume import args_for, never_asked

    first = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    first.after_first_frame()
    other = prepare(args_for(tmp_path), ask=lambda owner, **_: "separate")
    other.after_first_frame()
    other.close()
    first.close()
    assert (tmp_path / "current.json").exists() and (tmp_path / "separate-1.json").exists()
    real_open = lock_module.open_regular

    def immutable(where, flags, mode=0o600, **kw):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise PermissionError(errno.EPERM, "Operation not permitted", str(where))
        return real_open(where, flags, mode, **kw)

    monkeypatch.setattr(lock_module, "open_regular", immutable)
    read_only_files(tmp_path)
    plan = prepare(args_for(tmp_path), ask=never_asked)
    plan.close()
    assert plan.resumed and plan.store.path.name == "current.json"
    assert plan.notes[0].startswith(
        f"Your match cannot be saved or recorded: its lock file {tmp_path / 'current.json.lock'} cannot be opened "
        "(Operation not permitted)"
    )
    assert "A separate match waits too (separate-1.json): gin-tui takes it up after this one." in plan.notes
    # the separate match open in another gin-tui (its lock held) does not wait
    monkeypatch.setattr(lock_module, "open_regular", real_open)
    held = lock_module.Lock(tmp_path / "separate-1.json.lock")
    assert held.acquire()
    monkeypatch.setattr(lock_module, "open_regular", immutable)
    try:
        again = prepare(args_for(tmp_path), ask=never_asked)
        again.close()
    finally:
        held.release()
    assert again.resumed and not any("A separate match waits" in note for note in again.notes)


def test_after_a_game_that_could_not_be_saved_the_terminal_says_nothing_was_kept(tmp_path, monkeypatch, capsys):
    """GIN_TUI_HOME a file: the game said so at its start, and after it the terminal said nothing."""
    afile = tmp_path / "dfile"
    afile.write_text("")
    monkeypatch.setenv("GIN_TUI_HOME", str(afile))
    notes: list[str] = []
    playing(monkeypatch, ["p", "q"], then=lambda app: notes.append(str(app.screen.query_one("#confirm-note").render())))
    assert run_play(parse_command_line(["--pause", "0", "--seed", "3"])) == 0
    assert notes == ["Your match could not be saved: it ends here."]
    out, err = capsys.readouterr()
    said = " ".join((out + err).split())
    assert said.count("nothing of this match was kept") == 1
    assert f"gin-tui: nothing of this match was kept: it could not be saved in {afile}." in said
