"""RemoteSession (the app's side of network play) against a real server thread on loopback,
and the host/join command lines."""

from __future__ import annotations

import re
import threading

import pytest

from ginrummy_tui.engine import PRESETS, Action, IllegalAction, new_game, view
from ginrummy_tui.net.client import JoinRefused
from ginrummy_tui.net.remote_session import RemoteSession, wait_until
from ginrummy_tui.net.server import MatchServer, ServerThread

from .test_net import SEED, choose


class Counter:
    """A session listener that counts calls (from the client thread)."""

    def __init__(self) -> None:
        self.calls = 0
        self.lock = threading.Lock()

    def __call__(self) -> None:
        with self.lock:
            self.calls += 1


@pytest.fixture
def hosted():
    server = MatchServer(new_game(PRESETS["standard"], seed=SEED), names=("Ann", "Guest"), port=0, auth_delay=0.01)
    thread = ServerThread(server)
    host, port = thread.start()
    sessions: list[RemoteSession] = []

    def session(seat: int, name: str, **kw) -> RemoteSession:
        s = RemoteSession(host, port, server.codes[seat], name, retry_every=0.1, **kw)
        s.listener = Counter()
        s.start()
        sessions.append(s)
        return s

    yield server, session
    for s in sessions:
        s.close()
    thread.stop()


def play(session: RemoteSession) -> None:
    """The session's player makes the simple honest move (once the host's view
    that lets it move has arrived)."""
    assert wait_until(lambda: session.view().legal_actions != ())
    session.submit(choose(session.view()))


def test_two_sessions_follow_each_other(hosted):
    server, session = hosted
    ann = session(0, "Ann", join_code=server.join_code, address_hint="127.0.0.1:7531")
    assert ann.seat == 0
    assert "Waiting for opponent — join code " + server.join_code in ann.status()
    assert ann.view().legal_actions == ()  # the game waits for the other seat
    with pytest.raises(IllegalAction, match="waiting for"):
        ann.submit(Action("pass"))
    bob = session(1, "Bob")
    assert bob.seat == 1 and bob.opponent_name == "Ann"
    assert wait_until(lambda: ann.opponent_name == "Bob" and ann.status() == "")
    assert bob.view() == view(server.state, 1) and not bob.view().my_turn and bob.opponent_to_move()
    # Bob cannot move for Ann
    with pytest.raises(IllegalAction, match="not your turn"):
        bob.submit(Action("pass"))
    calls = bob.listener.calls
    play(ann)  # Ann passes the upcard; the answer is in before submit returns
    assert ann.view() == view(server.state, 0)
    assert wait_until(lambda: bob.view().my_turn)
    assert bob.listener.calls > calls
    # the local refusals use the engine's words
    play(bob)  # Bob passes too: Ann must draw from the stock
    assert wait_until(lambda: ann.view().my_turn)
    with pytest.raises(IllegalAction, match="draw from the stock"):
        ann.submit(Action("draw discard"))
    with pytest.raises(IllegalAction, match="only the host's clock"):
        ann.submit(Action("timeout"))
    seq = server.seq
    for _ in range(6):
        mover = ann if server.state.current == 0 else bob
        assert wait_until(lambda m=mover: m.view().my_turn)
        play(mover)
    assert server.seq == seq + 6
    for s in (ann, bob):
        assert wait_until(lambda s=s: s.view() == view(server.state, s.seat))


def test_leaving_rejoining_and_reconnecting(hosted):
    server, session = hosted
    ann = session(0, "Ann", join_code=server.join_code)
    bob = session(1, "Bob")
    play(ann)
    assert wait_until(lambda: bob.view().my_turn)
    seen = bob.view()
    bob.close()
    assert wait_until(lambda: "Waiting for opponent" in ann.status())
    assert ann.view().legal_actions == ()
    # a second Bob with the same code gets the same game back
    bob2 = session(1, "Bob")
    assert bob2.view() == seen
    assert wait_until(lambda: ann.status() == "")
    # someone else with that code while Bob is seated is refused
    with pytest.raises(JoinRefused, match="taken"):
        session(1, "Eve")
    # a dropped connection is taken back by itself
    bob2._loop.call_soon_threadsafe(bob2.client._writer.transport.abort)
    assert wait_until(lambda: not bob2.online)
    assert "reconnecting" in bob2.status() or bob2.online
    assert wait_until(lambda: bob2.online and bob2.view() == seen and ann.status() == "")
    play(bob2)
    assert wait_until(lambda: ann.view().my_turn)


def test_a_wrong_code_is_refused(hosted):
    server, session = hosted
    with pytest.raises(JoinRefused, match="wrong join code"):
        s = RemoteSession(*server.address, "ZZZZ-ZZZZ", "Eve")
        s.start()


def test_the_clock_is_shown_and_runs_out():
    rules = PRESETS["multiplayer-1.5"].with_options(timer=2)
    server = MatchServer(new_game(rules, seed=SEED), port=0)
    thread = ServerThread(server)
    host, port = thread.start()
    ann = RemoteSession(host, port, server.codes[0], "Ann")
    bob = RemoteSession(host, port, server.codes[1], "Bob")
    try:
        ann.start()
        bob.start()
        assert wait_until(lambda: ann.clock() is not None and ann.opponent_here)
        seat, left, limit = ann.clock()
        assert (seat, limit) == (0, 2) and 0 < left <= 2
        assert "s for you" in ann.status() and "s for Ann" in bob.status()
        assert wait_until(lambda: bob.view().phase == "match_over", timeout=4)
        assert bob.view().winner == 1 and bob.clock() is None
        assert bob.view().legal_actions == (Action("new match"),)
        # both must agree to a new match
        bob.submit(Action("new match"))
        assert bob.opponent_to_move() and "Waiting for Ann to go on" in bob.status()
        assert bob.waiting_note() == "Waiting for Ann to go on" and ann.waiting_note() == ""
        with pytest.raises(IllegalAction):
            bob.submit(Action("new match"))
        ann.submit(Action("new match"))
        assert wait_until(lambda: bob.view().match_no == 2 and ann.view().match_no == 2)
    finally:
        ann.close()
        bob.close()
        thread.stop()


# ---------------------------------------------------------------- command lines


def test_join_address_forms():
    from ginrummy_tui.cli.join import parse_address

    assert parse_address("127.0.0.1") == ("127.0.0.1", 7531)
    assert parse_address("box.example:8000") == ("box.example", 8000)
    assert parse_address("[::1]:9000") == ("::1", 9000)
    assert parse_address("::1") == ("::1", 7531)
    for bad in ("", "host:", "host:99999", "host:x", "[::1", "[::1]x", ":7531"):
        with pytest.raises(ValueError):
            parse_address(bad)


def test_the_commands_parse_and_join_refuses_clearly(capsys, monkeypatch):
    import ginrummy_tui.cli
    from ginrummy_tui.cli import build_parser, main

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal

    args = build_parser().parse_args(["host", "--port", "0", "--rules", "multiplayer-1.5"])
    assert (args.bind, args.port, args.rules) == ("127.0.0.1", 0, "multiplayer-1.5")
    args = build_parser().parse_args(["--ascii", "join", "localhost:7000", "--code", "ABCD-EFGH"])
    assert args.address == "localhost:7000" and args.code == "ABCD-EFGH" and args.ascii
    # nobody listening on this port
    server = MatchServer(new_game(seed=1), port=0)
    thread = ServerThread(server)
    host, port = thread.start()
    thread.stop()
    assert main(["join", f"{host}:{port}", "--code", "ABCD-EFGH"]) == 1
    assert "cannot reach" in capsys.readouterr().err
    # a wrong code
    server = MatchServer(new_game(seed=1), port=0, auth_delay=0.01)
    thread = ServerThread(server)
    host, port = thread.start()
    try:
        assert main(["join", f"{host}:{port}", "--code", "ABCD-EFGH"]) == 1
        assert "wrong join code" in capsys.readouterr().err
    finally:
        thread.stop()


# ---------------------------------------------------------------- in the app


async def test_the_app_plays_through_a_remote_session():
    from ginrummy_tui.tui.app import make_app

    server = MatchServer(new_game(PRESETS["multiplayer-1.5"], seed=SEED), names=("Ann", "Guest"), port=0)
    thread = ServerThread(server)
    host, port = thread.start()
    ann = RemoteSession(host, port, server.codes[0], "Ann", join_code=server.join_code, on_close=thread.stop)
    bob = RemoteSession(host, port, server.codes[1], "Bob")
    ann.start()
    app = make_app(session=ann, pause=0)
    try:
        async with app.run_test(size=(100, 30)) as pilot:

            async def until(predicate) -> None:
                for _ in range(100):
                    await pilot.pause(0.05)
                    if predicate():
                        return
                raise AssertionError("never happened")

            prompt = app.screen.query_one("#prompt")
            await until(lambda: "Waiting for opponent — join code " + server.join_code in prompt.plain)
            bob.start()
            await until(lambda: "s for you" in prompt.plain and "Waiting" not in prompt.plain)
            assert re.search(r"⏱ (30|2\d) s for you", prompt.plain)
            await pilot.press("s")  # no upcard offer in these rules: Ann draws from the stock
            await until(lambda: bob.view().stock_size == 30 and len(ann.view().hand) == 11)
            drawn = ann.view().drawn
            await pilot.press("enter")  # and throws the card she drew
            await until(lambda: bob.view().my_turn)
            assert bob.view().upcard is drawn
            await until(lambda: "Bob is to move" in prompt.plain and "s for Bob" in prompt.plain)
            bob.submit(Action("draw discard"))
            await until(lambda: "Bob took" in str(app.screen.query_one("#moves").render()))
    finally:
        bob.close()
        ann.close()
    assert not thread._thread.is_alive()  # closing the host's session stopped its server


def test_the_hosted_match_is_saved_and_resumed_with_its_code(tmp_path):
    from ginrummy_tui.cli.host import SAVE_NAME, prepare_match
    from ginrummy_tui.storage.store import Store

    said: list[str] = []
    store = Store(tmp_path, SAVE_NAME)
    keeper, state, code = prepare_match(store, rules_name="multiplayer-1.5", seed=SEED, new=False, name="Ann",
                                        say=said.append)
    assert state.rules.name == "multiplayer-1.5" and (tmp_path / SAVE_NAME).exists()
    server = MatchServer(state, codes={0: "HOST-HOST", 1: code}, port=0, on_change=keeper.on_change)
    thread = ServerThread(server)
    host, port = thread.start()
    ann = RemoteSession(host, port, "HOST-HOST", "Ann")
    bob = RemoteSession(host, port, code, "Bob")
    try:
        ann.start()
        bob.start()
        for _ in range(3):
            mover = ann if server.state.current == 0 else bob
            assert wait_until(lambda m=mover: m.view().my_turn and m.opponent_here)
            play(mover)
        assert wait_until(lambda: server.seq == 3)
    finally:
        ann.close()
        bob.close()
        thread.stop()
    played = server.state
    # the next `gin-tui host` takes up the same match with the same join code
    keeper2, resumed, code2 = prepare_match(store, rules_name=None, seed=None, new=False, name="Ann", say=said.append)
    assert resumed == played and code2 == code
    assert any("resuming the saved match" in line for line in said)
    # --new sets the old one aside and deals a new match with a new code
    _, fresh, code3 = prepare_match(store, rules_name=None, seed=None, new=True, name="Ann", say=said.append)
    assert fresh.history == () and fresh.rules.name == "standard" and code3 != code


def test_join_takes_the_code_from_the_environment_or_the_prompt_and_warns_about_argv(capsys, monkeypatch):
    import ginrummy_tui.cli
    from ginrummy_tui.cli import build_parser, main
    from ginrummy_tui.cli import join as join_cli

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    help_text = build_parser()._subparsers._group_actions[0].choices["join"].format_help()
    assert "visible to every user of this machine" in " ".join(help_text.split())
    server = MatchServer(new_game(seed=1), port=0, auth_delay=0.01)
    thread = ServerThread(server)
    host, port = thread.start()
    sent: list[str] = []
    import ginrummy_tui.net.remote_session as rs

    class Spy(rs.RemoteSession):
        def __init__(self, host, port, code, name, **kw):
            sent.append(code)
            super().__init__(host, port, code, name, **kw)

    monkeypatch.setattr(rs, "RemoteSession", Spy)
    try:
        # from the environment: no warning, the code used
        monkeypatch.setenv(join_cli.CODE_ENV, "ENVV-CODE")
        assert main(["join", f"{host}:{port}"]) == 1
        err = capsys.readouterr().err
        assert "wrong join code" in err and "warning" not in err and sent[-1] == "ENVV-CODE"
        # asked for at the terminal (not echoed)
        monkeypatch.delenv(join_cli.CODE_ENV)
        monkeypatch.setattr(join_cli.sys.stdin, "isatty", lambda: True, raising=False)
        monkeypatch.setattr(join_cli.getpass, "getpass", lambda prompt: "TYPD-CODE")
        assert main(["join", f"{host}:{port}"]) == 1
        assert sent[-1] == "TYPD-CODE" and "warning" not in capsys.readouterr().err
        # --code still works, with a warning
        assert main(["join", f"{host}:{port}", "--code", "ARGV-CODE"]) == 1
        err = capsys.readouterr().err
        assert sent[-1] == "ARGV-CODE" and "warning: --code shows the join code to every user" in err
        # no terminal and no code: one clear line
        monkeypatch.setattr(join_cli.sys.stdin, "isatty", lambda: False, raising=False)
        assert main(["join", f"{host}:{port}"]) == 2
        assert join_cli.CODE_ENV in capsys.readouterr().err
    finally:
        thread.stop()


def test_join_waits_a_little_for_a_seat_still_held(hosted, capsys, monkeypatch):
    import ginrummy_tui.cli
    from ginrummy_tui.cli import join as join_cli
    from ginrummy_tui.cli import main

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    server, session = hosted
    session(1, "Bob")
    monkeypatch.setattr(join_cli, "SEAT_WAIT", 1)
    host, port = server.address
    assert main(["join", f"{host}:{port}", "--code", server.join_code]) == 1
    err = capsys.readouterr().err
    assert "still held" in err and "already taken" in err


def test_the_network_app_takes_the_players_look_from_the_settings(tmp_path):
    import argparse

    from ginrummy_tui.cli.app_start import make_network_app
    from ginrummy_tui.session.local import Session
    from ginrummy_tui.storage.config import Settings, save_settings

    save_settings(tmp_path, Settings(ascii=True, mouse=False, theme="nord"))
    app = make_network_app(Session(), argparse.Namespace(data_dir=str(tmp_path)))
    assert app.ascii_only and not app.mouse_enabled and app.theme == "nord"
    app = make_network_app(Session(), argparse.Namespace(data_dir=str(tmp_path / "none"), ascii=None))
    assert not app.ascii_only and app.mouse_enabled


async def test_resizing_during_network_play_keeps_one_status_refresh(hosted, monkeypatch):
    """The table refreshes the network status line on one timer, however often the terminal is resized."""
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.game_screen import GameScreen

    server, session = hosted
    ann = session(0, "Ann", join_code=server.join_code)
    started: list[float] = []
    real = GameScreen.set_interval

    def counting(self, interval, callback=None, *args, **kwargs):
        if getattr(callback, "__name__", "") == "_update_details":  # the table's own refresh, not Textual's
            started.append(interval)
        return real(self, interval, callback, *args, **kwargs)

    monkeypatch.setattr(GameScreen, "set_interval", counting)
    app = make_app(session=ann, pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for size in [(100, 30), (80, 24), (120, 40), (90, 34), (70, 24), (80, 24), (110, 36), (80, 24)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
        assert started == [0.5]


async def test_the_hosts_player_is_told_when_a_save_fails_mid_match(tmp_path, monkeypatch):
    import argparse
    import errno
    import os

    from ginrummy_tui.cli.app_start import make_network_app
    from ginrummy_tui.cli.host import SAVE_NAME, SaveReporter, prepare_match, tell_host
    from ginrummy_tui.storage.store import Store

    store = Store(tmp_path, SAVE_NAME)
    keeper, state, code = prepare_match(store, rules_name="standard", seed=SEED, new=False, name="Ann",
                                        say=lambda text: None)
    reporter = SaveReporter(keeper)
    server = MatchServer(state, codes={0: "HOST-HOST", 1: code}, port=0, on_change=reporter.on_change)
    thread = ServerThread(server)
    host, port = thread.start()
    ann = RemoteSession(host, port, "HOST-HOST", "Ann", join_code=code, on_close=thread.stop)
    bob = RemoteSession(host, port, code, "Bob")
    ann.start()
    bob.start()
    app = make_network_app(ann, argparse.Namespace(data_dir=str(tmp_path / "look")))
    told: list[tuple[str, str]] = []
    real_notify = app.notify

    def notify(message, **kw):
        told.append((message, kw.get("severity", "information")))
        return real_notify(message, **kw)

    app.notify = notify

    def disk_full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    try:
        async with app.run_test(size=(100, 30)) as pilot:
            tell_host(app, reporter, [])
            monkeypatch.setattr(os, "fsync", disk_full)  # every save from now on finds the disk full
            for n in range(2):  # two moves: the failure is told once
                play(ann if server.state.current == 0 else bob)
                # the host saves (and tells) before it sends the new views
                assert wait_until(lambda n=n: server.seq == n + 1 and ann.view() == view(server.state, 0))
            await pilot.pause()
            monkeypatch.undo()
            errors = [m for m, severity in told if severity == "error"]
            assert errors == ["The match could not be saved: [Errno 28] No space left on device."]
            assert keeper.failing and server.seq == 2  # the match goes on
    finally:
        bob.close()
        ann.close()


async def test_a_hint_is_told_to_the_other_player_and_counted_in_the_summary(hosted):
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.summary_screen import summary_renderable
    from ginrummy_tui.tui.widgets.moves_line import MovesLine

    server, session = hosted
    ann = session(0, "Ann", join_code=server.join_code)
    bob = session(1, "Bob")
    assert wait_until(lambda: ann.opponent_here and bob.opponent_here)
    app = make_app(session=ann, pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert ann.hints_this_hand() == (0, 0)
        bob.add_hint()  # what Bob's app does when it shows him a hint
        assert wait_until(lambda: ann.hints_this_hand() == (0, 1) and bob.hints_this_hand() == (1, 0))
        for _ in range(20):  # the table refreshes its network lines twice a second
            await pilot.pause(0.1)
            if "Bob was shown 1 hint this hand." in str(app.table.query_one(MovesLine).render()):
                break
        assert "Bob was shown 1 hint this hand." in str(app.table.query_one(MovesLine).render())
        bob.add_hint()
        assert wait_until(lambda: ann.hints_this_hand() == (0, 2))
        # play the hand out (the app closes Ann's session when it ends): the counts stay with the hand
        playing = ("upcard", "draw", "discard")
        for _ in range(300):
            if server.state.phase not in playing:
                break
            mover = ann if server.state.current == 0 else bob
            assert wait_until(lambda m=mover: m.view().my_turn)
            play(mover)
        assert wait_until(lambda: ann.view().phase in ("hand_over", "match_over"))
        assert ann.hints_this_hand() == (0, 2) and bob.hints_this_hand() == (2, 0)
    group = summary_renderable(ann.view(), "Bob", hints=ann.hints_this_hand())
    assert any("Hints this hand: you 0 · Bob 2" in str(x) for x in group.renderables)
