"""What ``gin-tui`` prints in the terminal once the game has closed: the
line says what the quit question said, with the command that takes the
match up (the one :func:`~ginrummy_tui.session.startup.resume_command` builds)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import shlex
import signal

import pytest

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.cli import Output, parse_command_line
from ginrummy_tui.cli.play import run_play
from ginrummy_tui.engine.words import apart
from ginrummy_tui.session import startup
from ginrummy_tui.tui.app import GinApp

from .app_helpers import settle
from .test_replay_app import _play_by_keys
from .test_resume import args_for, never_asked


def playing(monkeypatch, keys: list[str], then=None) -> None:
    """``gin-tui``'s app, when it runs, is played headless at 80×24 with ``keys``
    (each followed by the computer's moves), then ``then(app)`` if given."""

    def run(app: GinApp, *args, **kwargs) -> None:
        async def drive() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await settle(app, pilot)
                for key in keys:
                    await pilot.press(key)
                    await settle(app, pilot)
                if then is not None:
                    then(app)

        asyncio.run(drive())

    monkeypatch.setattr(GinApp, "run", run)


def planned(monkeypatch, change) -> None:
    """``gin-tui``'s start is ``change(prepare, args, kwargs)``, the usual one
    with something changed (another gin-tui answered, a finished match in the slot...)."""
    real = startup.prepare
    monkeypatch.setattr(startup, "prepare", lambda args, **kwargs: change(real, args, kwargs))


@pytest.fixture(autouse=True)
def _plain_output():
    ascii_before = Output.ascii_only
    Output.ascii_only = False
    yield
    Output.ascii_only = ascii_before


def command_for(root, *more: str) -> str:
    return shlex.join(["gin-tui", "--data-dir", str(root.absolute()), *more])


def test_a_separate_match_is_said_to_wait_for_the_main_match_after_the_game(tmp_path, monkeypatch, capsys):
    """Quit in a separate match: the terminal said "the match is saved; gin-tui
    --data-dir D resumes it.", which resumes the main match, not this one."""
    main = startup.prepare(args_for(tmp_path, seed=1), ask=never_asked)  # the main match, open elsewhere
    try:
        main.after_first_frame()
        planned(monkeypatch, lambda real, args, kwargs: real(args, ask=lambda owner, **_: "separate", **kwargs))
        playing(monkeypatch, ["p", "q", "y"])
        assert run_play(parse_command_line(["--data-dir", str(tmp_path), "--pause", "0"])) == 0
    finally:
        main.close()
    out = capsys.readouterr().out
    assert " ".join(out.split()) == (
        f"gin-tui: this separate match is saved: {command_for(tmp_path)} takes it up when it starts after "
        "your main match is over."
    )


@functools.cache
def _last_hand_ended(target: int = 5):
    """A match to ``target`` played by two standard opponents until its last hand ended."""
    from ginrummy_tui.engine import PRESETS, apply, new_game, view

    s = new_game(PRESETS["standard"].with_options(target=target), seed=3)
    bot = get_opponent("standard", 0)
    while s.phase != "match_over":
        s = apply(s, bot.choose(view(s, s.current)))
    return s


def _on_the_last_hand(monkeypatch):
    def change(real, args, kwargs):
        plan = real(args, **kwargs)
        plan.state = _last_hand_ended()
        plan.keeper.begin(plan.state)
        return plan

    planned(monkeypatch, change)


def _result_words() -> str:
    s = _last_hand_ended()
    you, them = s.totals
    return f"you won {you} to {them}" if you > them else f"Computer (standard) won {them} to {you}"


@pytest.mark.parametrize("keys", [["q"], ["r", "ctrl+c"], ["enter", "q"]])
def test_quitting_a_finished_match_says_its_result_after_the_game(tmp_path, monkeypatch, capsys, keys):
    """q on the last hand's end (or Ctrl+C in its review) closed the game with no
    question and nothing in the terminal: the match was archived, and the next
    start dealt a new one, with the result never shown."""
    _on_the_last_hand(monkeypatch)
    playing(monkeypatch, keys)
    assert run_play(parse_command_line(["--data-dir", str(tmp_path), "--pause", "0"])) == 0
    out = capsys.readouterr().out
    stats = shlex.join(["gin-tui", "stats", "--data-dir", str(tmp_path.absolute())])
    assert " ".join(out.split()) == (
        f"gin-tui: match over: {_result_words()} ({stats} has your record); {command_for(tmp_path)} starts a new match."
    )


def test_a_finished_match_not_saved_says_its_result_alone(monkeypatch, capsys):
    """``--data-dir -``: no record and no match to take up, only the result."""
    def deal(settings, seed, hand, dealer=None):
        return _last_hand_ended()

    monkeypatch.setattr(startup, "new_state", deal)
    playing(monkeypatch, ["q"])
    assert run_play(parse_command_line(["--data-dir", "-", "--pause", "0"])) == 0
    assert " ".join(capsys.readouterr().out.split()) == f"gin-tui: match over: {_result_words()}."


def test_the_result_after_the_game_is_in_ascii_when_the_table_was(tmp_path, monkeypatch, capsys):
    data = tmp_path / "données"
    _on_the_last_hand(monkeypatch)
    playing(monkeypatch, ["q"])
    assert run_play(parse_command_line(["--data-dir", str(data), "--pause", "0", "--ascii"])) == 0
    out = capsys.readouterr().out
    assert out.isascii() and "match over: " in out and "donnees" in out


def test_a_match_whose_saves_fail_names_the_command_that_resumes_its_earlier_point(tmp_path, monkeypatch, capsys):
    """A read-only data directory (or a full disk): after "Only an earlier point
    of your match is saved" in the quit question, nothing was printed."""
    startup.prepare(args_for(tmp_path, seed=4), ask=never_asked).close()  # the earlier point

    def change(real, args, kwargs):
        plan = real(args, **kwargs)
        plan.keeper.failing = True  # as when its lock could not be taken: nothing more is saved
        plan.keeper.store.save = lambda *a, **k: False
        return plan

    planned(monkeypatch, change)
    notes = []
    playing(monkeypatch, ["p", "q"], then=lambda app: notes.append(str(app.screen.query_one("#confirm-note").render())))
    assert run_play(parse_command_line(["--data-dir", str(tmp_path), "--pause", "0"])) == 0
    assert notes == ["Only an earlier point of your match is saved."]
    assert " ".join(capsys.readouterr().out.split()) == (
        f"gin-tui: only an earlier point of your match is saved; {command_for(tmp_path)} resumes it."
    )


def test_a_gin_tui_closed_by_another_names_the_command_that_resumes_the_match(tmp_path, monkeypatch, capsys):
    """Taken over (SIGTERM): it said "The match is saved; gin-tui resumes it.",
    without the --data-dir of the line above it."""
    from ginrummy_tui.cli import play

    @contextlib.contextmanager
    def on_signals(app, on_give_up=None):
        yield [signal.SIGTERM]  # another gin-tui asked this one to close

    monkeypatch.setattr(play, "closing_on_signals", on_signals)
    playing(monkeypatch, ["p"], then=lambda app: app.exit())
    assert run_play(parse_command_line(["--data-dir", str(tmp_path), "--pause", "0"])) == 128 + signal.SIGTERM
    captured = capsys.readouterr()
    assert captured.out == ""
    assert " ".join(captured.err.split()) == (
        "gin-tui: closed on request (SIGTERM): another gin-tui may have taken the match over. "
        f"The match is saved; {command_for(tmp_path)} resumes it."
    )


def _change_the_knock_limit(app: GinApp) -> None:
    from ginrummy_tui.tui.screens.settings_screen import SettingsScreen

    assert isinstance(app.screen, SettingsScreen)
    app.screen.query_one("#rule-knock_limit").value = "7"


@pytest.mark.parametrize("keys, told", [(["ctrl+c"], True), (["q", "y"], False), (["q", "s"], False)])
def test_changes_on_the_settings_lost_without_a_question_are_told_after_the_game(tmp_path, monkeypatch, capsys, keys, told):
    """Ctrl+C on the settings screen closed the game at once, its changes lost
    without a word; answered on the quit question, they are not told again."""
    from ginrummy_tui.cli import play

    def run(app: GinApp, *args, **kwargs) -> None:
        async def drive() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await settle(app, pilot)
                await pilot.press("f2")
                await pilot.pause()
                _change_the_knock_limit(app)
                for key in keys:
                    await pilot.press(key)
                    await pilot.pause()

        asyncio.run(drive())

    monkeypatch.setattr(GinApp, "run", run)
    assert play.run_play(parse_command_line(["--data-dir", str(tmp_path), "--pause", "0"])) == 0
    err = capsys.readouterr().err
    assert ("gin-tui: your changes to the settings were not saved." in err) is told, err


def test_an_error_at_exit_is_said_with_what_becomes_of_the_match(tmp_path, monkeypatch, capsys):
    """A record the busy history kept from being written, said at exit: the
    line that names the command resuming the match was left out, though the
    error asked for the match to be resumed."""
    error = "statistics not recorded: the history database stayed busy until gin-tui closed"
    playing(monkeypatch, ["p", "q", "y"], then=lambda app: app.context.keeper.errors.append(error))
    assert run_play(parse_command_line(["--data-dir", str(tmp_path), "--pause", "0"])) == 0
    captured = capsys.readouterr()
    assert " ".join(captured.err.split()) == f"gin-tui: {error}"
    assert " ".join(captured.out.split()) == f"gin-tui: the match is saved; {command_for(tmp_path)} resumes it."


def test_the_quit_question_on_a_finished_match_says_it_is_over(tmp_path, monkeypatch, capsys):
    """On the result (with changes on the settings screen, the quit asks) the
    question said "Your match is saved: gin-tui --data-dir D resumes it." where
    the terminal then said the command starts a new match."""
    _on_the_last_hand(monkeypatch)
    said: list[str] = []
    playing(monkeypatch, ["enter"], then=lambda app: said.append(apart(app.at_quit())))  # (the command one group)
    assert run_play(parse_command_line(["--data-dir", str(tmp_path), "--pause", "0"])) == 0
    assert said == [f"the match is over: {command_for(tmp_path)} starts a new one"]


def test_a_match_lost_on_time_says_so_after_the_game(tmp_path, monkeypatch, capsys):
    """A match lost on time read "Computer (standard) won 0 to 0" in the terminal."""
    from ginrummy_tui.engine import PRESETS, Action, apply, new_game
    from ginrummy_tui.engine.kinds import Kind

    def change(real, args, kwargs):
        plan = real(args, **kwargs)
        plan.state = apply(new_game(PRESETS["multiplayer-1.5"], seed=1), Action(Kind.TIMEOUT))  # the player's clock
        plan.keeper.begin(plan.state)
        return plan

    planned(monkeypatch, change)
    playing(monkeypatch, ["q"])
    assert run_play(parse_command_line(["--data-dir", str(tmp_path), "--pause", "0"])) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith("gin-tui: match over: Computer (standard) won 0 to 0, your time ran out ("), out


def test_the_commands_of_a_line_after_the_game_are_never_broken(monkeypatch):
    """At 120 columns the line after a finished match broke its resume command:
    "... gin-tui --data-dir" at the end of a line, "/tmp/tsC-4 starts a new
    match." on the next."""
    import io
    import os
    import shutil

    from ginrummy_tui.cli import wrapped

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    command = "gin-tui --data-dir /tmp/tsC-4"
    stats = "gin-tui stats --data-dir /tmp/tsC-4"
    line = f"gin-tui: match over: you won 323 to 88 ({stats} has your record); {command} starts a new match."
    for columns in (120, 80, 60, 40):
        monkeypatch.setattr(shutil, "get_terminal_size", lambda fallback, c=columns: os.terminal_size((c, 24)))
        lines = wrapped(line, Terminal(), keep=(command, stats)).splitlines()
        assert " ".join(lines) == line and all(len(row) <= columns for row in lines), lines
        assert any(command in row and stats not in row for row in lines) and any(stats in row for row in lines), lines
    # a command longer than a line is broken as its path would be, after a separator
    command = "gin-tui --data-dir /tmp/" + "long-name-of-a-directory/" * 4
    monkeypatch.setattr(shutil, "get_terminal_size", lambda fallback: os.terminal_size((80, 24)))
    lines = wrapped(f"gin-tui: the match is saved; {command} resumes it.", Terminal(), keep=(command,)).splitlines()
    assert all(len(row) <= 80 for row in lines) and "".join(lines).replace(" ", "") == (
        f"gin-tui: the match is saved; {command} resumes it.".replace(" ", "")
    ), lines


@pytest.mark.parametrize("main_saved", [True, False], ids=["match-saved", "no-match"])
def test_a_practice_deal_played_to_its_end_is_said_to_be_practice_and_the_command_resumes_your_match(
    tmp_path, monkeypatch, capsys, main_saved
):
    """``--seed N --hand K`` played to the match's end, then q: the terminal
    said "match over: ... (gin-tui stats ... has your record); gin-tui
    --data-dir D starts a new match.", but the statistics do not count a
    practice deal and that command resumed the player's unfinished match."""
    if main_saved:
        main = startup.prepare(args_for(tmp_path, seed=1), ask=never_asked)
        main.after_first_frame()
        main.close()

    def change(real, args, kwargs):
        plan = real(args, **kwargs)
        plan.state = _last_hand_ended()
        plan.keeper.hold(plan.state)
        return plan

    planned(monkeypatch, change)
    playing(monkeypatch, ["q"])
    argv = ["--data-dir", str(tmp_path), "--seed", "426724391", "--hand", "1", "--pause", "0"]
    assert run_play(parse_command_line(argv)) == 0
    then = "resumes your match" if main_saved else "starts a new match"
    assert " ".join(capsys.readouterr().out.split()) == (
        f"gin-tui: practice over: {_result_words()} (practice, not counted in your statistics); "
        f"{command_for(tmp_path)} {then}."
    )


def test_a_practice_deal_left_mid_hand_names_the_command_that_resumes_your_match(tmp_path, monkeypatch, capsys):
    """Quit in the middle of a practice deal: the terminal said "the match is
    saved; gin-tui --data-dir D resumes it.", which resumes the player's own
    match, never the practice deal."""
    main = startup.prepare(args_for(tmp_path, seed=1), ask=never_asked)
    main.after_first_frame()
    main.close()
    playing(monkeypatch, ["q", "y"])
    argv = ["--data-dir", str(tmp_path), "--seed", "5", "--hand", "2", "--pause", "0"]
    assert run_play(parse_command_line(argv)) == 0
    assert " ".join(capsys.readouterr().out.split()) == (
        f"gin-tui: the practice deal is not counted; {command_for(tmp_path)} resumes your match."
    )


def test_a_finished_match_with_a_separate_one_waiting_says_the_next_start_takes_it_up(tmp_path, monkeypatch, capsys):
    """q on the last hand's end of the main match, a separate match saved beside it: the line
    said "gin-tui ... starts a new match", and the next start resumed the separate match."""
    from ginrummy_tui.engine import new_game
    from ginrummy_tui.storage.store import Store

    def saved_beside(_app) -> None:  # by another gin-tui, answered "s", played and quit meanwhile
        separate = Store.separate(tmp_path)
        assert separate.save(new_game(seed=9), match_id="20261207-110000-5e9a", settings={"ai": "standard"})
        separate.lock.release()

    _on_the_last_hand(monkeypatch)
    playing(monkeypatch, ["q"], then=saved_beside)
    assert run_play(parse_command_line(["--data-dir", str(tmp_path), "--pause", "0"])) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out.endswith(f"; {command_for(tmp_path)} takes up your separate match."), out
    monkeypatch.undo()  # the start as it is
    again = startup.prepare(args_for(tmp_path), ask=never_asked)
    try:
        # which the next start does: the separate match, moved into the main slot, not a new one
        assert again.resumed and again.keeper.match_id == "20261207-110000-5e9a" and not again.state.over
    finally:
        again.close()


@pytest.mark.parametrize("own", ["match-saved", "no-match", "match-over"])
def test_quitting_a_deal_played_again_in_a_seed_practice_is_asked_as_the_next_start_does_it(
    tmp_path, monkeypatch, capsys, own
):
    """gin-tui --seed 101 --hand 3, hand 3 played, a, then q: the question said "Your match
    resumes where it was: after hand 3, You 38 · Computer (standard) 0." of the practice, which y
    threw away ("the practice deal is not counted; gin-tui --data-dir D starts a new match.", and
    the next start dealt a new match). The question says what the line after it says, and what
    the next start does: the player's own match resumed, or a new one. With the player's own
    match over in its slot, the line said "... resumes your match" where the question said
    "a new match begins", as the next start does."""
    main_saved = own == "match-saved"
    own_id = None
    if own != "no-match":
        main = startup.prepare(args_for(tmp_path, seed=1), ask=never_asked)
        main.after_first_frame()
        own_id = main.keeper.match_id
        if own == "match-over":
            main.state = _last_hand_ended()
            main.keeper.hold(main.state)
            main.keeper.result_unseen = True  # closed before its result was seen: the slot keeps it
        main.close()
    asked: list[str] = []

    def run(app: GinApp, *args, **kwargs) -> None:
        from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit

        async def drive() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await settle(app, pilot)
                await _play_by_keys(app, pilot, get_opponent("standard", 0))
                await settle(app, pilot)
                await pilot.press("a")
                await settle(app, pilot)
                assert app.session.replaying
                await pilot.press("q")
                await pilot.pause()
                assert isinstance(app.screen, ConfirmQuit)
                asked.append(apart(app.screen.note))  # (its command one group of words)
                await pilot.press("y")

        asyncio.run(drive())

    monkeypatch.setattr(GinApp, "run", run)
    argv = ["--data-dir", str(tmp_path), "--seed", "101", "--hand", "3", "--ai", "standard", "--pause", "0"]
    assert run_play(parse_command_line(argv)) == 0
    command = command_for(tmp_path)
    then = "resumes your match" if main_saved else "starts a new match"
    assert " ".join(capsys.readouterr().out.split()) == f"gin-tui: the practice deal is not counted; {command} {then}."
    practice = "This practice hand is not saved, and your practice of seed 101's deals is not counted or taken up again"
    assert asked == [
        f"{practice}: your match resumes where it was the next time you start {command}."
        if main_saved
        else f"{practice}: the next time you start {command}, a new match begins."
    ]
    plan = startup.prepare(args_for(tmp_path), ask=never_asked)  # the next start, as the question said
    try:
        if main_saved:
            assert plan.resumed and plan.keeper.match_id == own_id
        elif own == "match-over":  # its result shown again, as the start does, then a new match
            assert plan.state.over and plan.keeper.match_id == own_id
        else:
            assert not plan.resumed and plan.state.hand_no == 1 and not plan.keeper.replay
    finally:
        plan.close()
