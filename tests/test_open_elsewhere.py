"""The question of a second gin-tui while the first one has the match open,
when the first goes away before it is answered: every message says what happened."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from ginrummy_tui.session import startup
from ginrummy_tui.storage.lock import Lock, TakeOver

from .test_resume import args_for
from .test_store_lock import STUBBORN, _end, _holder

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX locks and signals")


class _Answering(io.StringIO):
    """A terminal at which the player answers ``typed`` once ``before()`` has happened."""

    def __init__(self, typed: str, before) -> None:
        super().__init__(typed)
        self.before = before

    def isatty(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if self.before is not None:
            self.before()
            self.before = None
        return super().readline()


def _saved_match(tmp_path) -> None:
    first = startup.prepare(args_for(tmp_path, seed=4), ask=None)
    first.after_first_frame()
    first.close()


def _ask_at(stdin, shown):
    def ask(owner, **kwargs):
        return startup.ask_open_elsewhere(owner, stdin, shown, **kwargs)

    return ask


@pytest.fixture(autouse=True)
def _short_wait(monkeypatch):
    monkeypatch.setattr(startup, "LOCK_PATIENCE", 0.1)


def _closes(proc):
    """The other gin-tui closes by itself (its player quit it)."""

    def close():
        proc.stdin.write("\n")
        proc.stdin.flush()
        assert proc.stdout.readline().strip() == "released"
        proc.wait(5)

    return close


def _dies(proc):
    def die():
        proc.kill()
        proc.wait(5)

    return die


@pytest.mark.parametrize("how", [_closes, _dies])
def test_quitting_after_the_other_gin_tui_went_away_does_not_say_it_still_has_the_match(tmp_path, how):
    """``q`` said "your match is still open in the other gin-tui", which had gone."""
    _saved_match(tmp_path)
    proc = _holder(tmp_path / "current.json.lock")
    shown = io.StringIO()
    try:
        with pytest.raises(startup.Refused) as refused:
            startup.prepare(args_for(tmp_path), ask=_ask_at(_Answering("q\n", how(proc)), shown))
        assert refused.value.status == 0
    finally:
        _end(proc)
    said = shown.getvalue()
    assert "still open in the other gin-tui" not in said
    assert "Quit: the other gin-tui has closed meanwhile; nothing was started, and this resumes your match:" in said
    assert f"  gin-tui --data-dir {tmp_path}" in said.splitlines()
    assert Lock(tmp_path / "current.json.lock").acquire()  # nobody holds the match: this one gave it up


@pytest.mark.parametrize("answer", ["t", "s"])
def test_answering_after_the_other_gin_tui_closed_by_itself_goes_on_with_the_match(tmp_path, answer):
    """``t`` said the match "was taken over from the other gin-tui (...), which has
    closed", and ``s`` started a separate match, the match itself free."""
    _saved_match(tmp_path)
    proc = _holder(tmp_path / "current.json.lock")
    shown = io.StringIO()
    try:
        plan = startup.prepare(args_for(tmp_path), ask=_ask_at(_Answering(f"{answer}\n", _closes(proc)), shown))
    finally:
        _end(proc)
    try:
        assert not any("taken over" in note for note in plan.notes), plan.notes
        assert plan.store.path.name == "current.json" and str(plan.state.seed) == "4"  # the match itself, resumed
        assert startup.GONE_NOTE in plan.notes
        assert shown.getvalue().endswith("Your choice [t/s/q, Enter: quit]: The other gin-tui has closed.\n")
    finally:
        plan.close()


def test_the_question_ends_by_itself_when_the_other_gin_tui_closes_while_it_waits(tmp_path):
    """The question waited for an answer, and whatever came was judged on what it
    had seen at first; now the lock is looked at while it waits."""
    import pty

    _saved_match(tmp_path)
    proc = _holder(tmp_path / "current.json.lock")
    master, slave = pty.openpty()
    stdin = open(slave, encoding="utf-8", closefd=True)  # noqa: SIM115 - closed below
    shown = io.StringIO()
    result: list = []

    def second():
        try:
            result.append(startup.prepare(args_for(tmp_path), ask=_ask_at(stdin, shown)))
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            result.append(exc)

    thread = threading.Thread(target=second, daemon=True)
    try:
        thread.start()
        deadline = time.monotonic() + 10
        while "Your choice" not in shown.getvalue() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert "Your choice" in shown.getvalue()
        _closes(proc)()
        thread.join(30)  # no answer ever comes: only a question that ends by itself ends before this
        answered_by_itself = not thread.is_alive()
        if not answered_by_itself:
            os.write(master, b"q\n")  # let the question go
            thread.join(5)
    finally:
        _end(proc)
        os.close(master)
        stdin.close()
    assert answered_by_itself, "the question went on waiting for an answer"
    plan = result[0]
    assert isinstance(plan, startup.Plan), plan
    try:
        assert startup.GONE_NOTE in plan.notes and plan.store.lock.held
        assert str(plan.state.seed) == "4"
    finally:
        plan.close()


def test_a_gin_tui_taken_over_is_said_to_have_closed_when_asked(tmp_path):
    _saved_match(tmp_path)
    proc = _holder(tmp_path / "current.json.lock")  # ends on SIGTERM, as gin-tui does once saved
    try:
        plan = startup.prepare(args_for(tmp_path), ask=lambda owner, **_: "take")
        assert proc.wait(5) == -signal.SIGTERM
    finally:
        _end(proc)
    try:
        assert any(n.startswith("Your match was taken over") and n.endswith("which has closed.") for n in plan.notes)
    finally:
        plan.close()


def test_a_gin_tui_that_would_not_close_is_said_to_have_been_killed(tmp_path, monkeypatch):
    """A gin-tui stopped with Ctrl+Z was killed after 5 s, and said to have closed."""
    monkeypatch.setattr(startup, "LOCK_GRACE", 0.3)
    _saved_match(tmp_path)
    proc = subprocess.Popen([sys.executable, "-c", STUBBORN, str(tmp_path / "current.json.lock")], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
        plan = startup.prepare(args_for(tmp_path), ask=lambda owner, **_: "take")
        assert proc.wait(5) == -signal.SIGKILL
    finally:
        _end(proc)
    try:
        note = next(n for n in plan.notes if n.startswith("Your match was taken over"))
        assert note.endswith("), which did not close when asked and was killed after 0.3 s. Every move was already saved.")
        assert "which has closed" not in note
    finally:
        plan.close()


def test_take_over_says_how_the_lock_came_to_be_held(tmp_path):
    path = tmp_path / "current.json.lock"
    proc = _holder(path)
    try:
        mine = Lock(path)
        owner = mine.owner()
        assert owner is not None
        assert mine.take_over(owner, grace=5.0) is TakeOver.CLOSED
        mine.release()
        assert mine.take_over(owner, grace=5.0) is TakeOver.FREE  # nobody holds it any more
        mine.release()
    finally:
        _end(proc)
    proc = subprocess.Popen([sys.executable, "-c", STUBBORN, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
        mine = Lock(path)
        owner = mine.owner()
        assert owner is not None
        assert mine.take_over(owner, grace=0.3) is TakeOver.KILLED
        mine.release()
    finally:
        _end(proc)


@pytest.mark.parametrize("answer", ["q", "t"])
def test_a_second_host_answered_after_the_first_closed_says_so(tmp_path, answer, capsys):
    """``gin-tui host``'s question: ``q`` said the match was "still hosted by the
    other 'gin-tui host'", and ``t`` that it was taken over from it, gone by itself."""
    from ginrummy_tui.cli.host import SAVE_NAME, take_over_host
    from ginrummy_tui.storage.store import Store

    proc = _holder(tmp_path / f"{SAVE_NAME}.lock")
    store = Store(tmp_path, SAVE_NAME)
    notes: list[str] = []
    shown = io.StringIO()
    try:
        assert not store.lock.acquire()
        status = take_over_host(store, notes, _Answering(f"{answer}\n", _closes(proc)), shown)
    finally:
        _end(proc)
    try:
        said = shown.getvalue() + " ".join(capsys.readouterr().err.split())
        assert "still hosted by the other" not in said and "taken over" not in said
        if answer == "q":
            assert status == 0 and not store.lock.held and not notes
            assert shown.getvalue().endswith(
                "Quit: nothing was started; the other 'gin-tui host' has closed meanwhile, "
                "so run 'gin-tui host' again to host the match.\n"
            )
        else:
            assert status is None and store.lock.held
            assert notes == ["the other 'gin-tui host' has closed; the match is hosted here."]
    finally:
        store.lock.release()


CLOSING = """
import signal, sys, time
from pathlib import Path
from ginrummy_tui.storage.lock import Lock
lock = Lock(Path(sys.argv[1]))
def close(*_):  # as gin-tui does: closes when asked (SIGTERM), once it runs
    lock.release()
    sys.exit(0)
signal.signal(signal.SIGTERM, close)
print("locked" if lock.acquire() else "refused", flush=True)
time.sleep(60)
"""


def _stopped_holder(path) -> subprocess.Popen:
    """A gin-tui's lock held by a process stopped with Ctrl+Z (SIGSTOP), which would close when asked if it ran."""
    proc = subprocess.Popen([sys.executable, "-c", CLOSING, str(path)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
    os.kill(proc.pid, signal.SIGSTOP)
    with open(f"/proc/{proc.pid}/stat") as f:  # stopped before we go on
        while f.read().rpartition(")")[2].split()[0] != "T":
            f.seek(0)
    return proc


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="tells a stopped process by /proc")
def test_a_gin_tui_stopped_with_ctrl_z_is_said_so_and_ended_at_once(tmp_path, monkeypatch):
    """The question did not say that the other gin-tui was stopped, and ``t`` waited 5 s for
    it to close, which it cannot while stopped, then said it "did not close when asked and
    was killed after 5 s"."""
    monkeypatch.setattr(startup, "LOCK_GRACE", 2.0)  # without it ended at once, it was killed after these
    _saved_match(tmp_path)
    proc = _stopped_holder(tmp_path / "current.json.lock")
    asked: dict = {}

    def take(owner_text, **kwargs):
        asked.update(kwargs, owner_text=owner_text)
        return "take"

    try:
        owner = Lock(tmp_path / "current.json.lock").owner()
        assert owner is not None and owner.stopped and owner.describe().endswith(", stopped with Ctrl+Z")
        plan = startup.prepare(args_for(tmp_path), ask=take)
        assert proc.wait(5) == -signal.SIGKILL
    finally:
        _end(proc)
    try:
        assert asked["owner_text"].endswith(", stopped with Ctrl+Z") and asked["stopped"] is True
        note = next(n for n in plan.notes if n.startswith("Your match was taken over"))
        assert note.endswith(
            ", stopped with Ctrl+Z), which was ended at once: stopped, it could not close when asked. "
            "Every move was already saved."
        )
    finally:
        plan.close()
    shown = io.StringIO()
    startup.ask_open_elsewhere(
        "process 1, since 14:17, stopped with Ctrl+Z", _Answering("q\n", None), shown, can_take=True, stopped=True
    )
    assert "t  take it over: that gin-tui is ended at once (every move is saved)" in shown.getvalue()


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="tells a stopped process by /proc")
def test_a_host_stopped_with_ctrl_z_is_offered_as_ended_at_once_not_as_saying_goodbye(tmp_path, capsys):
    """``gin-tui host``'s question named the other host stopped with Ctrl+Z, and its
    closing note said it was ended at once, but its choice still said that host "saves, says
    goodbye to its players and closes", which a stopped host cannot do."""
    from ginrummy_tui.cli.host import SAVE_NAME, take_over_host
    from ginrummy_tui.storage.store import Store

    proc = _stopped_holder(tmp_path / f"{SAVE_NAME}.lock")
    store = Store(tmp_path, SAVE_NAME)
    notes: list[str] = []
    shown = io.StringIO()
    try:
        assert not store.lock.acquire()
        assert take_over_host(store, notes, _Answering("q\n", None), shown) == 0
    finally:
        _end(proc)
    said = shown.getvalue()
    assert ", stopped with Ctrl+Z)" in " ".join(capsys.readouterr().err.split())
    assert "says goodbye" not in said, said
    assert "that host is ended at once (stopped, it cannot close when asked; every move is saved)" in " ".join(said.split())
