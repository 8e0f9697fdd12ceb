"""RemoteSession (the app's side of network play) against a real server on loopback,
and the host/join command lines.  The sessions run on the test's event loop, as
they run on the app's: nothing of them is a thread."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import re
import time
from collections import Counter

import pytest

from ginrummy_tui.engine import PRESETS, Action, IllegalAction, apply, new_game, view
from ginrummy_tui.net import protocol as P
from ginrummy_tui.net.client import GameClient, JoinRefused
from ginrummy_tui.net.remote_session import RemoteSession
from ginrummy_tui.net.server import MatchServer, ServerThread

from .test_net import NEVER_SILENT, SEED, FakeClock, choose


class Changes:
    """The listeners of one test's sessions (called on the loop): each
    session's changes are counted, and whoever waits for a condition is woken."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()
        self.event = asyncio.Event()

    def listen(self, session: RemoteSession, name: str) -> None:
        """Count ``session``'s changes (keeping a listener it already has: the app's)."""
        before = session.listener

        def changed() -> None:
            self.calls[name] += 1
            self.event.set()
            if before is not None:
                before()

        session.listener = changed

    async def until(self, predicate, timeout: float = 10.0) -> None:
        """Wait until ``predicate()`` holds, checking it again at each change."""
        async with asyncio.timeout(timeout):
            while not predicate():
                self.event.clear()
                await self.event.wait()


class Seats:
    """Sessions on the test's loop, each with its connection running as a task
    (the app runs it as a worker); all closed at the end."""

    def __init__(self, host: str, port: int, changes: Changes) -> None:
        self.host, self.port = host, port
        self.changes = changes
        self.sessions: list[RemoteSession] = []
        self.tasks: list[asyncio.Task] = []

    async def join(self, code: str, name: str, *, run: bool = True, **kw) -> RemoteSession:
        s = RemoteSession(self.host, self.port, code, name, retry_every=0.1, **kw)
        self.changes.listen(s, name)
        await s.connect()
        self.sessions.append(s)
        if run:
            self.tasks.append(asyncio.create_task(s.connection()))
        return s

    async def close(self) -> None:
        for s in self.sessions:
            await s.aclose()
        await asyncio.gather(*self.tasks)  # each connection ends once its session is closed


@pytest.fixture
async def hosted():
    server = MatchServer(new_game(PRESETS["standard"], seed=SEED), names=("Ann", "Guest"), port=0, auth_delay=0.01)
    thread = ServerThread(server)
    host, port = thread.start()
    changes = Changes()
    seats = Seats(host, port, changes)

    async def session(seat: int, name: str, **kw) -> RemoteSession:
        return await seats.join(server.codes[seat], name, **kw)

    yield server, session, changes
    await seats.close()
    thread.stop()


async def play(changes: Changes, session: RemoteSession) -> None:
    """The session's player makes the simple honest move (once the host's view
    that lets it move has arrived), and waits for the host's answer."""
    await changes.until(lambda: session.view().legal_actions != ())
    assert session.client is not None
    seq = session.client.seq
    session.submit(choose(session.view()))
    await changes.until(lambda: session.client is not None and session.client.seq > seq)


async def test_two_sessions_follow_each_other(hosted):
    server, session, changes = hosted
    ann = await session(0, "Ann", join_code=server.join_code, address_hint="127.0.0.1:7531")
    assert ann.seat == 0
    assert ann.status() == f"Waiting for Guest to join — join code {server.join_code} (127.0.0.1:7531)"
    # a long name leaves the address out, so that the line (marked ✗ when a move is tried) fits 80 columns
    ann.address_hint = "[2001:db8:85a3::8a2e:370:7334]:7531"
    assert ann.status() == f"Waiting for Guest to join — join code {server.join_code}"
    ann.address_hint = "127.0.0.1:7531"
    assert ann.view().legal_actions == ()  # the game waits for the other seat
    with pytest.raises(IllegalAction, match="waiting for"):
        ann.submit(Action("pass"))
    bob = await session(1, "Bob")
    assert bob.seat == 1 and bob.opponent_name == "Ann"
    await changes.until(lambda: ann.opponent_name == "Bob" and ann.status() == "")
    assert bob.view() == view(server.state, 1) and not bob.view().my_turn and bob.opponent_to_move()
    # Bob cannot move for Ann
    with pytest.raises(IllegalAction, match="not your turn"):
        bob.submit(Action("pass"))
    calls = changes.calls["Bob"]
    # Ann passes the upcard: submit only sends it, and a second move before the host answers is refused
    ann.submit(Action("pass"))
    with pytest.raises(IllegalAction, match="waiting for the host to answer"):
        ann.submit(Action("pass"))
    await changes.until(lambda: ann.view() == view(server.state, 0) and server.seq == 1)
    await changes.until(lambda: bob.view().my_turn)
    assert changes.calls["Bob"] > calls
    # the local refusals use the engine's words
    await play(changes, bob)  # Bob passes too: Ann must draw from the stock
    await changes.until(lambda: ann.view().my_turn)
    with pytest.raises(IllegalAction, match="draw from the stock"):
        ann.submit(Action("draw discard"))
    with pytest.raises(IllegalAction, match="only the host's clock"):
        ann.submit(Action("timeout"))
    seq = server.seq
    for _ in range(6):
        mover = ann if server.state.current == 0 else bob
        await changes.until(lambda m=mover: m.view().my_turn)
        await play(changes, mover)
    assert server.seq == seq + 6
    for s in (ann, bob):
        await changes.until(lambda s=s: s.view() == view(server.state, s.seat))


async def test_the_hosts_refusal_is_shown_not_raised(hosted):
    """A move the host refuses (here: made on a position it has left behind) is
    answered as a message; the session's status line says why."""
    server, session, changes = hosted
    ann = await session(0, "Ann")
    await session(1, "Bob")
    await changes.until(lambda: ann.view().legal_actions != ())
    assert ann.client is not None
    ann.client.seq -= 1  # as if this view were an older one
    ann.submit(Action("pass"))
    await changes.until(lambda: "the host refused that: that move was for another position" in ann.status())
    assert server.seq == 0  # nothing changed
    ann.client.seq += 1
    await play(changes, ann)  # the next move goes through, and the refusal is gone
    assert "refused" not in ann.status()


async def test_leaving_rejoining_and_reconnecting(hosted):
    server, session, changes = hosted
    ann = await session(0, "Ann", join_code=server.join_code)
    bob = await session(1, "Bob")
    await play(changes, ann)
    await changes.until(lambda: bob.view().my_turn)
    seen = bob.view()
    await bob.aclose()
    await changes.until(lambda: ann.status() == f"Waiting for Bob to come back — join code {server.join_code}")
    assert ann.view().legal_actions == ()
    # a second Bob with the same code gets the same game back
    bob2 = await session(1, "Bob")
    assert bob2.view() == seen
    await changes.until(lambda: ann.status() == "")
    # someone else with that code while Bob is seated is refused
    with pytest.raises(JoinRefused, match="taken"):
        await session(1, "Eve")
    # a dropped connection is taken back by itself
    assert bob2.client is not None and bob2.client._writer is not None
    bob2.client._writer.transport.abort()
    await changes.until(lambda: not bob2.online)
    assert "reconnecting" in bob2.status() or bob2.online
    await changes.until(lambda: bob2.online and bob2.view() == seen and ann.status() == "")
    await play(changes, bob2)
    await changes.until(lambda: ann.view().my_turn)


async def test_a_wrong_code_is_refused(hosted):
    server, session, changes = hosted
    with pytest.raises(JoinRefused, match="wrong join code"):
        await RemoteSession(*server.address, "ZZZZ-ZZZZ", "Eve").connect()


async def test_the_clock_is_shown_and_runs_out():
    rules = PRESETS["multiplayer-1.5"].with_options(timer=30)
    clock = FakeClock()
    server = MatchServer(new_game(rules, seed=SEED), port=0, clock=clock, silent_after=NEVER_SILENT)
    host, port = await server.start()
    changes = Changes()
    seats = Seats(host, port, changes)
    try:
        ann = await seats.join(server.codes[0], "Ann")
        bob = await seats.join(server.codes[1], "Bob")
        await changes.until(lambda: ann.clock() is not None and ann.opponent_here)
        seat, left, limit = ann.clock()
        assert (seat, limit) == (0, 30) and 29 < left <= 30
        assert "s for you" in ann.status() and "s for Ann" in bob.status()
        clock.forward(30)  # Ann's whole move time, as the host counts it
        await changes.until(lambda: bob.view().phase == "match_over")
        assert bob.view().winner == 1 and bob.clock() is None
        assert bob.view().legal_actions == (Action("new match"),)
        # both must agree to a new match; who is waited for is known as soon as it is asked
        bob.submit(Action("new match"))
        assert bob.opponent_to_move() and "Waiting for Ann to go on" in bob.status()
        assert bob.waiting_note() == "Waiting for Ann to go on" and ann.waiting_note() == ""
        with pytest.raises(IllegalAction):
            bob.submit(Action("new match"))
        await changes.until(lambda: bob.client.ready[1] and ann.client.ready[1])
        assert bob.waiting_note() == "Waiting for Ann to go on"
        ann.submit(Action("new match"))
        await changes.until(lambda: bob.view().match_no == 2 and ann.view().match_no == 2)
    finally:
        await seats.close()
        await server.close()


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
    # --bind left out: the saved match's address, else 127.0.0.1 (gin-tui host works it out)
    assert (args.bind, args.port, args.rules) == (None, 0, "multiplayer-1.5")
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
    await ann.connect()
    app = make_app(session=ann, pause=0)
    bobs_connection = None
    try:
        async with app.run_test(size=(100, 30)) as pilot:

            async def until(predicate) -> None:
                for _ in range(100):
                    await pilot.pause(0.05)
                    if predicate():
                        return
                raise AssertionError("never happened")

            prompt = app.screen.query_one("#prompt")
            await until(lambda: "Waiting for Guest to join — join code " + server.join_code in prompt.plain)
            await bob.connect()
            bobs_connection = asyncio.create_task(bob.connection())
            await until(lambda: "s for you" in prompt.plain and "Waiting" not in prompt.plain)
            assert re.search(r"⏱ (30|2\d) s for you", prompt.plain)
            await pilot.press("s")  # no upcard offer in these rules: Ann draws from the stock
            await until(lambda: bob.view().stock_size == 30 and len(ann.view().hand) == 11)
            drawn = ann.view().drawn
            await pilot.press("enter")  # and throws the card she drew
            await until(lambda: bob.view().my_turn)
            assert bob.view().upcard is drawn
            await until(lambda: "Bob is to move" in prompt.plain and "s for Bob" in prompt.plain)
            await pilot.press("h")  # dimmed while Bob is to move: it says why
            assert app.table.refusal == "a hint is for your own turn"
            bob.submit(Action("draw discard"))
            await until(lambda: "Bob took" in str(app.screen.query_one("#moves").render()))
    finally:
        await bob.aclose()
        await ann.aclose()
        if bobs_connection is not None:
            await bobs_connection
    assert not thread._thread.is_alive()  # closing the host's session stopped its server


async def test_the_connection_is_a_worker_on_the_apps_loop_and_a_silent_host_never_holds_a_key():
    """No thread is started for the connection: the app runs it as an async
    worker on its own loop.  While the host holds back its answer to a move,
    the screen still answers keys; the answer, once let through, is shown."""
    import threading

    from ginrummy_tui.tui.widgets.discard_pile import DiscardPile
    from ginrummy_tui.tui.widgets.hand import HandView

    async with server_behind_a_holding_proxy("standard") as (server, proxy, (host, port)):
        threads = set(threading.enumerate())
        async with anns_app(server, host, port) as (app, ann):
            async with app.run_test(size=(100, 30)) as pilot:
                # Bob's arrival, read by the connection once the table is up, lets Ann move
                await until_app(pilot, lambda: app.table.v is not None and app.table.v.legal_actions != ())
                connection = [w for w in app.workers if w.group == "network"]
                assert len(connection) == 1 and connection[0].is_running
                assert app.table.v.phase == "upcard"
                proxy.hold()
                await pilot.press("p")  # Ann passes the upcard; the host answers, but the answer is held back
                await proxy.holding.wait()
                assert server.seq == 1 and ann.client.seq == 0
                hand = app.table.query_one(HandView)
                before = hand.cursor
                await pilot.press("l")
                assert app.table.query_one(DiscardPile).expanded  # the screen answered meanwhile
                await pilot.press("right")  # a key of the game: it waits for the answer, as a move does
                assert hand.cursor == before
                await pilot.press("p")  # another move before the answer: it waits for the answer
                assert app.table.refusal == ""
                assert app.table.v.phase == "upcard" and ann.client.seq == 0  # still no answer
                assert not [t for t in threading.enumerate() if t.name == "gin-tui-client"]
                assert set(threading.enumerate()) == threads, "a thread was started for network play"
                proxy.release()
                await until_app(pilot, lambda: ann.client.seq == 1 and not app.table.v.my_turn)
                assert app.table.v.phase == "upcard" and app.table.v.current == 1  # Bob's offer now
                # the p typed meanwhile acts on it: refused, as out of turn
                await until_app(pilot, lambda: app.table.refusal == "it is not your turn: wait for Bob")
                assert server.seq == 1 and hand.cursor == (before + 1) % len(hand.cards)
            assert connection[0].is_cancelled or connection[0].is_finished  # the app's exit ended it


async def test_keys_typed_while_a_move_is_unanswered_act_on_the_hosts_answer():
    """After s, while the host holds back its answer, 3 and Enter wait for it and then act on
    the hand it brings, as they do at once in a local game: the 3rd card of the hand with the
    card drawn is selected and thrown.  Nothing is refused meanwhile."""
    from ginrummy_tui.tui.widgets.hand import HandView

    async with server_behind_a_holding_proxy("multiplayer-1.5") as (server, proxy, (host, port)):
        async with anns_app(server, host, port) as (app, ann):
            async with app.run_test(size=(100, 30)) as pilot:
                await until_app(pilot, lambda: app.table.v is not None and app.table.v.legal_actions != ())
                assert app.table.v.phase == "draw"
                hand = app.table.query_one(HandView)
                assert hand.sort_mode == "suit"
                proxy.hold()
                await pilot.press("s")  # Ann draws; the host's answer is held back
                await proxy.holding.wait()
                await pilot.press("3", "enter")
                assert app.table.refusal == ""
                assert server.seq == 1 and len(server.state.hands[0]) == 11  # only the draw was played
                drawn = list(server.state.hands[0])
                proxy.release()
                await until_app(pilot, lambda: server.seq == 2 and ann.client.seq == 2)
                third = sorted(drawn, key=lambda c: c.index)[2]  # the 3rd card of the hand sorted by suit
                assert server.state.discard[-1] == third
                assert third not in ann.view().hand and app.table.refusal == ""


async def test_keys_typed_at_once_after_a_move_act_on_the_hosts_answer_as_a_terminal_sends_them():
    """s, 3 and Enter typed at once (a terminal sends them together) were read before the
    host's answer was shown, though after it had come: 3 selected a card of the old hand,
    which the answer took back to the card drawn, and Enter was refused on the old view."""
    from ginrummy_tui.tui.widgets.hand import HandView

    async with server_behind_a_holding_proxy("multiplayer-1.5") as (server, proxy, (host, port)):
        async with anns_app(server, host, port) as (app, ann):
            async with app.run_test(size=(100, 30)) as pilot:
                await until_app(pilot, lambda: app.table.v is not None and app.table.v.legal_actions != ())
                assert app.table.v.phase == "draw" and app.table.query_one(HandView).sort_mode == "suit"
                for key in ("s", "3", "enter"):  # in one go, as from the terminal: none waits for another
                    app.simulate_key(key)
                await until_app(pilot, lambda: server.seq >= 2 and ann.client.seq >= 2)
                thrown = server.state.discard[-1]
                assert sorted([*server.state.hands[0], thrown], key=lambda c: c.index)[2] == thrown
                assert app.table.refusal == ""


async def test_keys_typed_ahead_that_turn_out_illegal_are_refused_with_the_reason():
    """A key typed while a move is unanswered that the answer makes illegal is refused with
    the reason, as it would be typed then; the card selected meanwhile is selected on the
    hand the answer brings."""
    from ginrummy_tui.tui.widgets.hand import HandView

    async with server_behind_a_holding_proxy("multiplayer-1.5") as (server, proxy, (host, port)):
        async with anns_app(server, host, port) as (app, ann):
            async with app.run_test(size=(100, 30)) as pilot:
                await until_app(pilot, lambda: app.table.v is not None and app.table.v.legal_actions != ())
                hand = app.table.query_one(HandView)
                proxy.hold()
                await pilot.press("s")
                await proxy.holding.wait()
                await pilot.press("5", "d")  # the 5th card, then a second draw
                assert app.table.refusal == ""
                proxy.release()
                await until_app(pilot, lambda: ann.client.seq == 1 and app.table.refusal != "")
                assert app.table.refusal == "you have already drawn: discard a card"
                assert server.seq == 1 and len(server.state.hands[0]) == 11  # nothing more was played
                assert hand.cursor == 4 and len(hand.cards) == 11  # the 5th card of the hand with the card drawn


async def test_enter_typed_with_the_knock_is_said_held_back_on_the_end_of_the_hand():
    """⏎ typed with the knock, while the knock was on its way to the host, waited for the
    answer and was then dropped without a word, the hand's end having come up; a ⏎ pressed on
    the end said it was held back.  It is held back, and said so, as one pressed there."""
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    async with server_behind_a_holding_proxy("standard", scenarios.match_point()) as (server, proxy, (host, port)):
        async with anns_app(server, host, port, end_guard=0.5) as (app, ann):
            app.now = lambda: 1000.0  # the guard's time never passes
            async with app.run_test(size=(100, 30), notifications=True) as pilot:
                await until_app(pilot, lambda: app.table.v is not None and app.table.v.legal_actions != ())
                await pilot.press("s")
                await until_app(pilot, lambda: app.table.v.phase == "discard")
                proxy.hold()
                await pilot.press("k", "enter")  # the knock, and ⏎ before its answer
                await proxy.holding.wait()
                proxy.release()
                await until_app(pilot, lambda: isinstance(app.screen, SummaryScreen))
                line = app.screen.query_one("#summary-said")
                await until_app(pilot, lambda: line.display)
                assert " ".join(str(line.render()).split()) == "The hand has just ended: press ⏎ again to go on."
                assert isinstance(app.screen, SummaryScreen)


async def test_a_host_that_does_not_answer_is_told_and_its_clock_not_shown():
    """While the host leaves a move (or a ping) unanswered for a while, each player's line
    says the host is not answering, instead of a clock counting down to 0 s; the clock
    comes back with the host's answer."""
    async with server_behind_a_holding_proxy("multiplayer-1.5") as (server, proxy, (host, port)):
        changes = Changes()
        seats = Seats(host, port, changes)

        async def until(predicate) -> None:  # the line changes with time, not with a message
            async with asyncio.timeout(10):
                while not predicate():
                    await asyncio.sleep(0.05)

        try:
            ann = await seats.join(server.codes[0], "Ann", silent_after=0.3)
            bob = await seats.join(server.codes[1], "Bob", silent_after=0.3, heartbeat=0.1)
            await changes.until(lambda: ann.view().legal_actions != () and "⏱" in ann.status())
            proxy.hold()
            ann.submit(Action("draw stock"))
            await until(lambda: "The host has not answered for" in ann.status())
            assert "your move waits for it" in ann.status()
            assert "⏱" not in ann.status() and ann.clock() is None
            await until(lambda: "The host has not answered for" in bob.status())  # its pings are not answered
            assert "⏱" not in bob.status() and "your move" not in bob.status()
            proxy.release()
            await until(lambda: "not answered" not in ann.status() and "not answered" not in bob.status())
            await changes.until(lambda: ann.view().phase == "discard" and "⏱" in ann.status())
        finally:
            await seats.close()


async def test_a_host_silent_for_long_is_said_with_what_the_player_may_do(monkeypatch):
    """After 30 s of a host leaving a move unanswered, the line still said only "The host has
    not answered for 39 s: your move waits for it", never that q leaves (as the offline line does)."""
    import ginrummy_tui.net.remote_session as remote

    monkeypatch.setattr(remote, "LEAVE_AFTER", 1.0)
    async with server_behind_a_holding_proxy("multiplayer-1.5") as (server, proxy, (host, port)):
        changes = Changes()
        seats = Seats(host, port, changes)

        async def until(predicate) -> None:  # the line changes with time, not with a message
            async with asyncio.timeout(10):
                while not predicate():
                    await asyncio.sleep(0.05)

        try:
            ann = await seats.join(server.codes[0], "Ann", silent_after=0.3)
            bob = await seats.join(server.codes[1], "Bob", silent_after=0.3, heartbeat=0.1)
            await changes.until(lambda: ann.view().legal_actions != () and "⏱" in ann.status())
            proxy.hold()
            ann.submit(Action("draw stock"))
            await until(lambda: ann.status() == "The host has not answered for 0 s: your move waits for it")
            # at 46 columns (40 for the line): whole words, not "The host has not answered for 0 s: your…"
            assert ann.status(room=40) == "Host silent for 0 s: your move waits"
            await until(lambda: ann.status().startswith("Host silent for 1 s"))
            assert ann.status(room=40) == "Host silent for 1 s · q leaves"
            assert ann.status() == "Host silent for 1 s: your move waits · q leaves; the host keeps the match"
            await until(lambda: bob.status() == "The host has not answered for 1 s · q leaves; the host keeps the match")
            assert all(len(line.status()) <= remote.LINE_ROOM for line in (ann, bob))
            proxy.release()
            await until(lambda: "not answered" not in bob.status() and "silent" not in ann.status())
        finally:
            await seats.close()


def played_until(state, phases):
    """``state`` played on by the simple honest player until its phase is one of ``phases``."""
    from ginrummy_tui.engine import apply

    while state.phase not in phases:
        state = apply(state, choose(view(state, state.current)), seat=state.current)
    return state


@contextlib.asynccontextmanager
async def ann_hosting_bob(state, **ann_kw):
    """A server for ``state`` with Ann (seat 0) and Bob connected, Bob's connection
    running: yields ``(server, ann, bob)`` and closes them all after. ``ann_kw``: more
    for Ann's session (``join_code=True``: the server's, as the host's seat has it)."""
    server = MatchServer(state, names=("Ann", "Guest"), port=0, auth_delay=0.01)
    thread = ServerThread(server)
    host, port = thread.start()
    if ann_kw.get("join_code") is True:
        ann_kw["join_code"] = server.join_code
    ann = RemoteSession(host, port, server.codes[0], "Ann", **ann_kw)
    bob = RemoteSession(host, port, server.codes[1], "Bob")
    await ann.connect()
    await bob.connect()
    bobs_connection = asyncio.create_task(bob.connection())
    try:
        yield server, ann, bob
    finally:
        await bob.aclose()
        await ann.aclose()
        await bobs_connection
        thread.stop()


@pytest.mark.parametrize(
    ("rules", "phase", "told"),
    [("standard", "hand_over", "Bob is ready for the next hand"), ("standard-10", "match_over", "Bob asks for a new match")],
)
async def test_the_other_player_is_told_who_asked_to_go_on(rules, phase, told):
    """Between hands (or at the match's end) the one who asked first is waited for, and the
    other player is told so: the host was never told its guest was ready."""
    from ginrummy_tui.tui.app import make_app

    start = new_game(PRESETS["standard"].with_options(target=10) if rules == "standard-10" else PRESETS["standard"],
                     seed=SEED)
    state = played_until(start, ("hand_over", "match_over"))
    assert state.phase == phase
    async with ann_hosting_bob(state) as (_server, ann, bob):
        app = make_app(session=ann, pause=0)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await until_app(pilot, lambda: ann.opponent_name == "Bob" and ann.going_on_note() == "")
            bob.submit(Action("new match" if phase == "match_over" else "next hand"))
            await until_app(pilot, lambda: any(told in str(n.message) for n in app._notifications))
            assert told in ann.status() and bob.going_on_note() == ""
            assert "Waiting for Ann to go on" in bob.status()


@pytest.mark.parametrize("first", ["Ann", "Bob"])
async def test_the_end_of_a_hand_says_lastingly_who_asked_for_the_next_hand(first):
    """Between hands the end of the hand said "⏎: deal the next hand" whoever had asked for it:
    the one who had asked still saw Enter offered, and the other only a toast that faded."""
    from textual.widgets import Static

    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    state = played_until(new_game(PRESETS["standard"], seed=SEED), ("hand_over",))
    async with ann_hosting_bob(state) as (server, ann, bob):
        app = make_app(session=ann, pause=0)

        def line() -> str:
            return "".join(str(shown.render()) for shown in app.screen.query("#summary-next").results(Static))

        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await until_app(pilot, lambda: isinstance(app.screen, SummaryScreen) and ann.opponent_name == "Bob")
            await until_app(pilot, lambda: line().startswith("⏎/Space: the next hand"))
            if first == "Ann":
                await pilot.press("enter")
                await until_app(pilot, lambda: server.connected() == (True, True) and any(server._ready))
                await until_app(pilot, lambda: line().startswith("Waiting for Bob to go on to the next hand"))
                shown = {b.binding.action: b.enabled for b in app.screen.active_bindings.values() if b.binding.show}
                assert shown.get("next") is False  # dimmed: asked already
                await pilot.press("enter")  # again: whom it waits for, said again, nothing sent
                await pilot.pause()
                assert server.state.phase == "hand_over" and line().startswith("Waiting for Bob")
            else:
                bob.submit(Action("next hand"))
                await until_app(pilot, lambda: line().startswith("Bob is ready for the next hand: ⏎/Space to deal it"))
                await pilot.press("enter")
                await until_app(pilot, lambda: server.state.phase != "hand_over")


async def test_the_end_of_a_hand_says_the_other_left_the_table_once_asked_to_go_on():
    """Once this player asked for the next hand and the other left the table, the line
    still said "Waiting for Bob to go on to the next hand" when the toast saying they
    left had faded."""
    from textual.widgets import Static

    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    state = played_until(new_game(PRESETS["standard"], seed=SEED), ("hand_over",))
    async with ann_hosting_bob(state) as (server, ann, bob):
        app = make_app(session=ann, pause=0)

        def line() -> str:
            return "".join(str(shown.render()) for shown in app.screen.query("#summary-next").results(Static))

        async with app.run_test(size=(100, 30)) as pilot:
            await until_app(pilot, lambda: isinstance(app.screen, SummaryScreen) and ann.opponent_name == "Bob")
            await pilot.press("enter")
            await until_app(pilot, lambda: line().startswith("Waiting for Bob to go on to the next hand"))
            await bob.aclose()  # Bob quits
            await until_app(pilot, lambda: line().startswith("Waiting for Bob to come back"))

@pytest.mark.parametrize("first", ["Ann", "Bob"])
async def test_the_toasts_of_who_waits_to_go_on_go_when_the_next_hand_is_dealt(first):
    """Ann asked for the next hand first: her toast "Waiting for Bob to go on" stayed on
    the new hand's table once Bob went on (and "Bob is ready for the next hand", when he
    asked first, once Ann did)."""
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    def said(app) -> list[str]:
        return [" ".join(str(n.message).split()) for n in app._notifications]

    toast = {"Ann": "Waiting for Bob to go on", "Bob": "Bob is ready for the next hand"}[first]
    state = played_until(new_game(PRESETS["standard"], seed=SEED), ("hand_over",))
    async with ann_hosting_bob(state) as (server, ann, bob):
        app = make_app(session=ann, pause=0)
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await until_app(pilot, lambda: isinstance(app.screen, SummaryScreen) and ann.opponent_name == "Bob")
            if first == "Ann":
                await pilot.press("enter")
                await until_app(pilot, lambda: toast in said(app))
                bob.submit(Action("next hand"))
            else:
                bob.submit(Action("next hand"))
                await until_app(pilot, lambda: toast in said(app))
                await pilot.press("enter")
            await until_app(pilot, lambda: server.state.hand_no == 2 and app.table.v.hand_no == 2)
            await pilot.pause()
            assert toast not in said(app)
            shown = " ".join(str(t.render()) for t in app.screen.query("Toast"))
            assert toast not in " ".join(shown.split())


@pytest.mark.parametrize("quitting", ["Ann", "Bob"])
async def test_the_quit_question_in_network_play_says_what_becomes_of_the_match(quitting):
    """The quit question of the host and of the guest said only "Quit in the middle of the
    hand?", not that the host keeps the match and how each side takes it up again."""
    from textual.widgets import Static

    from ginrummy_tui.cli.host import closing_words
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit

    class Keeper:
        failing = False

    server = MatchServer(new_game(PRESETS["standard"], seed=SEED), names=("Ann", "Guest"), port=0, auth_delay=0.01)
    thread = ServerThread(server)
    host, port = thread.start()
    code = server.join_code
    ann = RemoteSession(host, port, server.codes[0], "Ann", join_code=code,
                        kept=lambda: closing_words(False, Keeper(), [], code)[0])  # type: ignore[arg-type]
    bob = RemoteSession(host, port, code, "Bob")
    await ann.connect()
    await bob.connect()
    seat, other = (ann, bob) if quitting == "Ann" else (bob, ann)
    told = {
        ann: f"The match is saved; 'gin-tui host' resumes it with the same join code {code} (Bob is left waiting).",
        bob: "The host keeps the match: Ann waits, and 'gin-tui join' with the same code takes your seat back.",
    }[seat]
    connection = asyncio.create_task(other.connection())
    app = make_app(session=seat, pause=0)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until_app(pilot, lambda: seat.opponent_here and seat.opponent_name in ("Ann", "Bob"))
            await pilot.press("q")
            await until_app(pilot, lambda: isinstance(app.screen, ConfirmQuit))
            assert str(app.screen.query_one("#confirm-note", Static).render()) == told
            await pilot.press("n")
    finally:
        await bob.aclose()
        await ann.aclose()
        await connection
        thread.stop()


def quick_to_drop_the_silent() -> tuple[MatchServer, ServerThread, Seats, Changes]:
    """A server of a standard match that drops a seat silent for half a second, running, and
    the seats (and their changes) to join it with; the caller closes the seats and stops it."""
    server = MatchServer(new_game(PRESETS["standard"], seed=SEED), names=("Ann", "Guest"), port=0, auth_delay=0.01,
                         idle_timeout=0.5)
    thread = ServerThread(server)
    host, port = thread.start()
    changes = Changes()
    return server, thread, Seats(host, port, changes), changes


async def frozen_bob_dropped(seats, server) -> RemoteSession:
    """Bob's game, joined, then silent (it sends nothing and reads nothing) until the host
    dropped it as silent."""
    frozen = await seats.join(server.join_code, "Bob", run=False, heartbeat=0)
    async with asyncio.timeout(10):
        while server.connected()[1]:
            await asyncio.sleep(0.05)
    return frozen


async def test_a_client_whose_seat_another_join_took_stops_reconnecting_and_says_why():
    """A guest that stopped answering (frozen) lost its seat to a second 'gin-tui join';
    resumed, it tried to reconnect for ever, saying only that the host closed the connection."""
    from ginrummy_tui.cli.join import left_note

    server, thread, seats, changes = quick_to_drop_the_silent()
    try:
        frozen = await frozen_bob_dropped(seats, server)
        await seats.join(server.join_code, "Carol", heartbeat=0.1)  # the second join takes the seat
        assert server.connected()[1] and server.names[1] == "Carol"
        seats.tasks.append(asyncio.create_task(frozen.connection()))  # resumed: it reads its end, and rejoins
        await changes.until(lambda: frozen.gave_up)
        assert frozen.status() == "Disconnected: Carol took this seat and plays the match on. Quit with q."
        assert not frozen.online and server.names[1] == "Carol" and server.connected()[1]
        assert left_note(frozen, "gin-tui join 127.0.0.1:7531") == (
            "gin-tui join: left the table; Carol took this seat and plays the match on.")
        assert frozen.at_quit() == "Carol took this seat and plays the match on"
    finally:
        await seats.close()
        thread.stop()



async def test_the_host_is_told_that_a_second_join_took_the_seat_of_a_silent_player():
    """A second 'gin-tui join' (Carol) took the seat of a guest dropped as silent (Bob): the
    host's table said "Carol is back at the table.", though Carol had never been there."""
    server, thread, seats, changes = quick_to_drop_the_silent()
    try:
        ann = await seats.join(server.host_code, "Ann", heartbeat=0.1)
        frozen = await seats.join(server.join_code, "Bob", run=False, heartbeat=0)  # sends nothing, reads nothing
        await changes.until(lambda: ann.opponent_here)
        await changes.until(lambda: not ann.opponent_here, timeout=10)  # dropped as silent
        await seats.join(server.join_code, "Carol", heartbeat=0.1)  # the second join takes the seat
        await changes.until(lambda: ann.opponent_here)
        assert ann.take_news()[-2:] == ["Bob left the table: the game waits for them to come back.",
                                        "Carol took Bob's seat."]
        await seats.sessions[-1].aclose()  # Carol leaves, and comes back
        await changes.until(lambda: not ann.opponent_here)
        await seats.join(server.join_code, "Carol", heartbeat=0.1)
        await changes.until(lambda: ann.opponent_here)
        assert ann.take_news()[-1] == "Carol is back at the table."
        seats.sessions.remove(frozen)
        await frozen.aclose()
    finally:
        await seats.close()
        thread.stop()


async def test_a_guest_whose_code_the_resumed_host_no_longer_takes_is_not_told_the_same_code_takes_its_seat():
    """A host resumed with a new join code (its saved one unreadable) refuses the guest's
    rejoin for good: the guest's quit question and last line still said that 'gin-tui join'
    with the same code takes the seat back."""
    from ginrummy_tui.cli.join import left_note

    state = new_game(PRESETS["standard"], seed=SEED)
    server = MatchServer(state, names=("Ann", "Guest"), port=0, auth_delay=0.01)
    thread = ServerThread(server)
    host, port = thread.start()
    changes = Changes()
    seats = Seats(host, port, changes)
    again = None
    try:
        bob = await seats.join(server.join_code, "Bob")
        thread.stop()  # the host quits ...
        again = ServerThread(MatchServer(state, names=("Ann", "Bob"), port=port, auth_delay=0.01))
        again.start()  # ... and comes back with another code
        await changes.until(lambda: bob.gave_up)
        told = "the host no longer takes this join code: its player can tell you the new one"
        assert bob.at_quit() == told
        # the code took the seat before: not "wrong join code", as if mistyped
        assert bob.status() == "Disconnected: the host has a new join code: ask for it. Quit with q."
        assert left_note(bob, f"gin-tui join 127.0.0.1:{port}") == f"gin-tui join: left the table; {told}."
    finally:
        await seats.close()
        if again is not None:
            again.stop()

async def test_a_guest_whose_host_started_a_new_match_is_told_so_not_that_the_code_is_wrong(tmp_path, monkeypatch,
                                                                                            capsys):
    """The host quit and started again with --new: the guest at the table, and one who
    joined again with the code it had, were told "wrong join code"."""
    from ginrummy_tui.cli import main
    from ginrummy_tui.cli.host import SAVE_NAME, SaveReporter, match_server, prepare_match
    from ginrummy_tui.cli.join import CODE_ENV, left_note
    from ginrummy_tui.storage.store import Store

    def hosted(new: bool):
        keeper, state, code = prepare_match(Store(tmp_path, SAVE_NAME), rules_name=None, seed=SEED, new=new,
                                            name="Ann", say=lambda text: None, record=False)
        return keeper, match_server(SaveReporter(keeper), state, code, name="Ann", port=0, auth_delay=0.01)

    keeper, server = hosted(new=False)
    old_code = server.join_code
    thread = ServerThread(server)
    host, port = thread.start()
    changes = Changes()
    seats = Seats(host, port, changes)
    again = None
    try:
        bob = await seats.join(old_code, "Bob")
        thread.stop()  # the host quits ...
        keeper.close_history()
        keeper, server = hosted(new=True)  # ... and starts a new match, with a new code
        assert server.join_code != old_code
        server.port = port
        again = ServerThread(server)
        again.start()
        await changes.until(lambda: bob.gave_up)
        assert bob.status() == "Disconnected: the host started a new match; ask for its code. Quit with q."
        # where "Quit with q." leaves no room (the result's line, which says "q: quit" after it): the
        # reason whole, not "... ask for its code. Qui… · q: quit" at 80 columns
        assert bob.held_up(66) == "Disconnected: the host started a new match; ask for its code"
        told = "the host has started a new match, with a new join code: its player can tell you the code"
        assert bob.at_quit() == told
        assert left_note(bob, f"gin-tui join {host}:{port}") == f"gin-tui join: left the table; {told}."
        # the old code given again to 'gin-tui join'
        import ginrummy_tui.cli

        monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
        monkeypatch.setenv(CODE_ENV, old_code)
        assert await asyncio.to_thread(main, ["join", f"{host}:{port}", "--data-dir", str(tmp_path / "bob")]) == 1
        assert capsys.readouterr().err.strip().splitlines()[-1].startswith(
            "gin-tui join: the host has started a new match, with a new join code; ask the host for it.")
        # a code that never was: still the plain refusal
        monkeypatch.setenv(CODE_ENV, "ZZZZ-ZZZZ")
        assert await asyncio.to_thread(main, ["join", f"{host}:{port}", "--data-dir", str(tmp_path / "bob")]) == 1
        assert capsys.readouterr().err.strip().splitlines()[-1].startswith(
            "gin-tui join: the host refused: wrong join code;")
    finally:
        await seats.close()
        if again is not None:
            again.stop()
        keeper.close_history()
    # the host resumed later still knows the code of the match it gave up
    keeper, server = hosted(new=False)
    try:
        assert server.retired_codes == (old_code,)
    finally:
        keeper.close_history()


async def test_a_client_rejoining_its_own_seat_still_held_keeps_trying():
    """The host not yet aware that a client's old connection is gone still holds its seat:
    the same client keeps trying (it is not told another took its seat)."""
    server = MatchServer(new_game(PRESETS["standard"], seed=SEED), names=("Ann", "Guest"), port=0, auth_delay=0.01)
    await server.start()
    try:
        bob = RemoteSession(*server.address, server.join_code, "Bob")
        await bob.connect()
        stale = GameClient(*server.address, server.join_code, "Bob", client_id=bob.client_id, heartbeat=0)
        with pytest.raises(JoinRefused) as refused:
            await stale.connect(2.0, background=False)
        assert refused.value.code == "seat_taken"
        stranger = GameClient(*server.address, server.join_code, "Eve", client_id="e" * 16, heartbeat=0)
        with pytest.raises(JoinRefused) as refused:
            await stranger.connect(2.0, background=False)
        assert refused.value.code == "seat_taken"
        await bob.aclose()
    finally:
        await server.close()


@pytest.mark.parametrize("serving", [["--server-only"], []], ids=["server-only", "playing"])
def test_a_host_whose_port_is_in_use_says_so_in_plain_words_with_the_way_out(serving, tmp_path, capsys, monkeypatch):
    """It printed asyncio's own text: "error while attempting to bind on address
    ('127.0.0.1', 7531): address already in use".  And, though it never hosted, it wrote
    network.json and host.log in the data directory: now it writes nothing there."""
    import socket

    import ginrummy_tui.cli
    from ginrummy_tui.cli import main

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    monkeypatch.setenv("TERM", "xterm")
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text("{}")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["host", *serving, "--port", str(port), "--data-dir", str(data)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [f"gin-tui host: cannot listen on 127.0.0.1:{port}: the port is in use (another 'gin-tui host'?); "
                   "choose another with --port N, or --port 0 to pick a free one"]
    assert [p.name for p in data.iterdir()] == ["settings.json"]
    # a data directory that does not exist is not made either
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        assert main(["host", *serving, "--port", str(port), "--data-dir", str(tmp_path / "new")]) == 1
    assert not (tmp_path / "new").exists()



def test_a_host_whose_bind_address_does_not_resolve_names_the_resolvers_reason(tmp_path, capsys):
    """A name that does not resolve was told as "Unknown error -2": the resolver's error
    number was taken for the system's."""
    from ginrummy_tui.cli import main

    assert main(["host", "--server-only", "--bind", "nosuchhost.invalid", "--port", "0",
                 "--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1].startswith("gin-tui host: cannot listen on nosuchhost.invalid:0: ")
    assert "Unknown error" not in err[-1] and err[-1].endswith("give one of this machine's addresses with --bind")
    # the resolver's reason reads on after the colon ("Name or service not known" began with a capital)
    reason = err[-1].split(": ")[-1]
    assert reason[:1].islower()


def test_a_host_whose_bind_address_is_not_this_machines_says_so_in_whole_words(tmp_path, capsys):
    """It said "that address is not one of this machine's; give one of its own with --bind"."""
    from ginrummy_tui.cli import main

    assert main(["host", "--server-only", "--bind", "192.0.2.1", "--port", "0", "--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == ("gin-tui host: cannot listen on 192.0.2.1:0: that address is not one of this machine's "
                       "addresses; give one of them with --bind")

async def test_the_guest_leaving_a_finished_match_is_told_the_command_that_takes_the_seat_back():
    """After the end of the match, the guest's last line said "left the table; the match is
    over.", with no command, while the host keeps the result for a new match with the same code."""
    from ginrummy_tui.cli.join import left_note

    over = played_until(new_game(PRESETS["standard"].with_options(target=10), seed=SEED), ("match_over",))
    for state, told in (
        (new_game(PRESETS["standard"], seed=SEED), "left the match; with the same code, this takes the seat back"),
        (over, "left the match's result, which the host keeps for a new match; with the same code, this takes the seat back"),
    ):
        server = MatchServer(state, port=0, auth_delay=0.01)
        await server.start()
        bob = RemoteSession(*server.address, server.codes[1], "Bob")
        try:
            await bob.connect()
        finally:
            await bob.aclose()
            await server.close()
        note = left_note(bob, "gin-tui join 127.0.0.1:7650")
        assert note == f"gin-tui join: {told}:\n  gin-tui join 127.0.0.1:7650"


class HoldingProxy:
    """A relay in front of the host, on the test's loop, that can hold back
    what the host sends: an unresponsive host, as the client sees it.
    :attr:`holding` is set once a line from the host is being held."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.open = asyncio.Event()
        self.open.set()
        self.holding = asyncio.Event()
        self.server: asyncio.AbstractServer | None = None
        self.writers: list[asyncio.StreamWriter] = []

    async def start(self) -> tuple[str, int]:
        self.server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[:2]

    def hold(self) -> None:
        self.holding.clear()
        self.open.clear()

    def release(self) -> None:
        self.open.set()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        host_reader, host_writer = await asyncio.open_connection(*self.target)
        self.writers += [writer, host_writer]

        async def pass_on(source: asyncio.StreamReader, sink: asyncio.StreamWriter, gated: bool) -> None:
            while line := await source.readline():
                if gated and not self.open.is_set():
                    self.holding.set()
                    await self.open.wait()
                sink.write(line)
                await sink.drain()
            sink.close()

        await asyncio.gather(pass_on(reader, host_writer, False), pass_on(host_reader, writer, True),
                             return_exceptions=True)

    async def close(self) -> None:
        for w in self.writers:
            w.close()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()


@contextlib.asynccontextmanager
async def server_behind_a_holding_proxy(preset: str, state=None):
    """The host's server on a new match under ``preset`` (seats Ann and a
    guest), or on ``state``, reached through a :class:`HoldingProxy`; gives the server, the
    proxy and the proxy's address, and closes both at the end."""
    state = new_game(PRESETS[preset], seed=SEED) if state is None else state
    server = MatchServer(state, names=("Ann", "Guest"), port=0, auth_delay=0.01)
    await server.start()
    proxy = HoldingProxy(server.address)
    try:
        yield server, proxy, await proxy.start()
    finally:
        await proxy.close()
        await server.close()


@contextlib.asynccontextmanager
async def anns_app(server: MatchServer, host: str, port: int, end_guard: float = 0.0):
    """Ann seated at ``host:port`` (the proxy in front of ``server``) with her
    app, not yet running, and Bob seated on the server itself; gives Ann's
    app and session, and both leave at the end."""
    from ginrummy_tui.tui.app import make_app

    ann = RemoteSession(host, port, server.codes[0], "Ann")
    bob = GameClient(*server.address, server.codes[1], "Bob", heartbeat=0)
    await ann.connect()
    await bob.connect()
    try:
        yield make_app(session=ann, pause=0, end_guard=end_guard), ann
    finally:
        await ann.aclose()
        await bob.close()


async def until_app(pilot, condition, tries: int = 400) -> None:
    """Let the app run until ``condition()`` holds (checked after each pause)."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.02)
    raise AssertionError("the app never reached the expected state")


async def test_the_hosted_match_is_saved_and_resumed_with_its_code(tmp_path):
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
    changes = Changes()
    seats = Seats(host, port, changes)
    try:
        ann = await seats.join("HOST-HOST", "Ann")
        bob = await seats.join(code, "Bob")
        for _ in range(3):
            mover = ann if server.state.current == 0 else bob
            await changes.until(lambda m=mover: m.view().my_turn and m.opponent_here)
            await play(changes, mover)
        assert server.seq == 3
    finally:
        await seats.close()
        thread.stop()
    played = server.state
    # the next `gin-tui host` takes up the same match with the same join code
    keeper2, resumed, code2 = prepare_match(store, rules_name=None, seed=None, new=False, name="Ann", say=said.append)
    assert resumed == played and code2 == code
    assert any("resuming the saved match" in line for line in said)
    # --new sets the old one aside and deals a new match with a new code
    _, fresh, code3 = prepare_match(store, rules_name=None, seed=None, new=True, name="Ann", say=said.append)
    assert fresh.history == () and fresh.rules.name == "standard" and code3 != code


def test_the_hosts_resume_line_says_whose_score_is_whose(tmp_path):
    """"resuming the saved match (hand 4, 0-90)" did not say which score was the host's: the
    line names the players as the match knows them, "(hand 4; you 0, Bob 90)"."""
    from ginrummy_tui.cli.host import SAVE_NAME, prepare_match, scores_said
    from ginrummy_tui.session.startup import close_kept
    from ginrummy_tui.storage.store import Store

    assert scores_said((0, 90), {"names": ["Ann", "Bob"]}) == "you 0, Bob 90"
    assert scores_said((0, 90), {"names": ["Ann", "Bob"]}, server_only=True) == "Ann 0, Bob 90"
    assert scores_said((15, 0), {}) == "you 15, the other player 0"  # a save of an earlier version names no one
    assert scores_said((15, 0), {}, server_only=True) == "player 1 15, player 2 0"
    store = Store(tmp_path, SAVE_NAME)
    keeper, _, _ = prepare_match(store, rules_name=None, seed=SEED, new=False, name="Ann", say=lambda _: None)
    keeper.ui = lambda: {"names": ["Ann", "Bob"]}  # the server's table, as the host keeps it with the match
    keeper.ui_changed()
    close_kept(keeper)
    said: list[str] = []
    keeper, _, _ = prepare_match(store, rules_name=None, seed=None, new=False, name="Ann", say=said.append)
    close_kept(keeper)
    assert "gin-tui host: resuming the saved match (hand 1; you 0, Bob 0)." in said, said



def test_the_hosts_resume_line_of_a_match_saved_between_hands_names_the_hand_next(tmp_path):
    """Saved on the end of hand 1, the host said "resuming the saved match (hand 1; ...)",
    a hand over already: it says the hand to play next, as the start's question does."""
    from ginrummy_tui.cli.host import SAVE_NAME, prepare_match
    from ginrummy_tui.session.startup import close_kept
    from ginrummy_tui.storage.store import Store
    from ginrummy_tui.tui import scenarios

    store = Store(tmp_path, SAVE_NAME)
    keeper, _, _ = prepare_match(store, rules_name=None, seed=SEED, new=False, name="Ann", say=lambda _: None)
    keeper.ui = lambda: {"names": ["Ann", "Bob"]}
    keeper.on_change(scenarios.knocked())  # hand 1 scored, its end on the screen
    close_kept(keeper)
    said: list[str] = []
    keeper, _, _ = prepare_match(store, rules_name=None, seed=None, new=False, name="Ann", say=said.append)
    close_kept(keeper)
    assert "gin-tui host: resuming the saved match (hand 2 next; you 48, Bob 0)." in said, said


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
        assert sent[-1] == "ARGV-CODE" and "warning: a join code on the command line shows to every user" in err
        # typed after the address, as a player may well do: used the same way (it was "unrecognized arguments")
        assert main(["join", f"{host}:{port}", "POSN-CODE"]) == 1
        err = capsys.readouterr().err
        assert sent[-1] == "POSN-CODE" and "warning: a join code on the command line shows to every user" in err
        # asked for, but nobody there: said before the code is typed
        monkeypatch.setattr(join_cli.sys.stdin, "isatty", lambda: True, raising=False)
        asked: list[str] = []
        monkeypatch.setattr(join_cli.getpass, "getpass", lambda prompt: asked.append(prompt) or "TYPD-CODE")
        gone = MatchServer(new_game(seed=1), port=0)
        gone_thread = ServerThread(gone)
        _, gone_port = gone_thread.start()
        gone_thread.stop()
        assert main(["join", f"{host}:{gone_port}"]) == 1
        err = capsys.readouterr().err
        assert not asked and f"cannot reach {host}:{gone_port}: nothing listens there" in err
        # the code given, nobody there: the same words (it said "Connect call failed ('127.0.0.1', …)")
        monkeypatch.setenv(join_cli.CODE_ENV, "ENVV-CODE")
        assert main(["join", f"{host}:{gone_port}"]) == 1
        err = capsys.readouterr().err
        assert f"cannot reach {host}:{gone_port}: nothing listens there" in err and "Connect call" not in err, err
        monkeypatch.delenv(join_cli.CODE_ENV)
        assert main(["join", "no-such-host.invalid:7531"]) == 1
        assert not asked and "cannot reach no-such-host.invalid:7531: no such host" in capsys.readouterr().err
        assert main(["join", f"[::1]:{gone_port}"]) == 1  # told back as typed: "::1:7531" reads as an address alone
        assert not asked and f"cannot reach [::1]:{gone_port}: " in capsys.readouterr().err
        assert main(["join", f"{host}:{port}"]) == 1  # the host there: asked, then the code refused (three tries)
        assert asked == ["Join code (the host shows it on its screen): "] * join_cli.CODE_TRIES
        assert "wrong join code" in capsys.readouterr().err
        # no terminal and no code: one clear line
        monkeypatch.setattr(join_cli.sys.stdin, "isatty", lambda: False, raising=False)
        assert main(["join", f"{host}:{port}"]) == 2
        assert join_cli.CODE_ENV in capsys.readouterr().err
    finally:
        thread.stop()


async def test_join_waits_a_little_for_a_seat_still_held(hosted, capsys, monkeypatch):
    import ginrummy_tui.cli
    from ginrummy_tui.cli import join as join_cli
    from ginrummy_tui.cli import main

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    server, session, changes = hosted
    await session(1, "Bob")
    monkeypatch.setattr(join_cli, "SEAT_WAIT", 1)
    host, port = server.address
    # the command runs its own event loop, as from a shell: here in a thread beside the test's
    monkeypatch.setenv("COLUMNS", "80")  # a terminal 80 columns wide
    monkeypatch.setattr(join_cli.sys.stderr, "isatty", lambda: True, raising=False)
    # the same player (their own game gone): another's is told who holds the seat
    assert await asyncio.to_thread(main, ["join", f"{host}:{port}", "--code", server.join_code, "--name", "Bob"]) == 1
    err = capsys.readouterr().err
    assert "still held" in err and "already taken" in err
    # broken between words at 80 columns: the terminal broke it in "has not yet no/ticed"
    assert all(len(line) <= 80 for line in err.splitlines())
    assert "the host has not yet noticed that the old connection is gone" in " ".join(err.split())


async def test_join_stops_asking_for_a_seat_held_by_a_live_connection_and_says_what_to_do(hosted, capsys, monkeypatch):
    """A second gin-tui join of a seat whose first one was still at the table asked
    again for 40 s, then said only "the host refused: that seat is already taken".
    The host says how long the seat's connection has been silent: one that spoke
    between two asks is alive (a connected game pings), so the join stops at once
    then, saying to close the other gin-tui join of that seat or wait for it to drop."""
    import ginrummy_tui.cli
    from ginrummy_tui.cli import join as join_cli
    from ginrummy_tui.cli import main

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    server, session, changes = hosted
    await session(1, "Bob", heartbeat=0.3)  # at the table, pinging the host
    monkeypatch.setattr(join_cli, "SEAT_WAIT", 20)
    host, port = server.address
    monkeypatch.setenv(join_cli.CODE_ENV, server.join_code)
    asks: list[str] = []
    connect = RemoteSession.connect

    async def counted(self: RemoteSession, *args, **kw) -> None:
        asks.append(self.name)
        await connect(self, *args, **kw)

    monkeypatch.setattr(RemoteSession, "connect", counted)
    assert await asyncio.to_thread(main, ["join", f"{host}:{port}", "--name", "Bob"]) == 1  # Bob's second join
    err = " ".join(capsys.readouterr().err.split())
    assert asks == ["Bob", "Bob"]  # the second ask found it alive, not the 20 s of asking
    assert "still held" in err  # the first answer: it may have been this player's own, gone
    assert err.endswith(
        "gin-tui join: the host refused: that seat is already taken, by a connection the host still hears from: "
        "close the other 'gin-tui join' of that seat (or wait for it to drop), then join again."
    ), err


async def test_another_player_joining_a_seat_held_by_a_live_connection_is_told_who_plays_there(
    hosted, capsys, monkeypatch
):
    """Dave, joining with the code of the seat Bob plays at, was told to close "the other 'gin-tui
    join' of that seat", which he has not: he is told Bob holds it and plays on, and what he can do."""
    import ginrummy_tui.cli
    from ginrummy_tui.cli import join as join_cli
    from ginrummy_tui.cli import main

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    server, session, changes = hosted
    await session(1, "Bob", heartbeat=0.3)  # at the table, pinging the host
    monkeypatch.setattr(join_cli, "SEAT_WAIT", 20)
    host, port = server.address
    monkeypatch.setenv(join_cli.CODE_ENV, server.join_code)
    assert await asyncio.to_thread(main, ["join", f"{host}:{port}", "--name", "Dave"]) == 1
    err = " ".join(capsys.readouterr().err.split())
    assert "if it was yours" not in err and "close the other" not in err
    assert "gin-tui join: that seat is held by Bob — if their connection is gone, the host has not yet noticed it" in err
    assert err.endswith(
        "gin-tui join: the host refused: Bob holds that seat and plays the match on: the same code takes it only "
        "once Bob has left the table; ask the host's player, or host a match of your own (gin-tui host)."
    ), err


async def test_a_seat_held_by_a_silent_connection_is_not_taken_for_a_live_one(capsys, monkeypatch):
    """A seat held by a connection gone without a word (a dropped network: it never
    speaks again) is ever more silent in the host's answers: gin-tui join keeps
    asking for it (the host drops such a connection after its idle time), as it did."""
    import ginrummy_tui.cli
    from ginrummy_tui.cli import join as join_cli
    from ginrummy_tui.net import protocol as P

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)
    server = MatchServer(new_game(seed=1), port=0, auth_delay=0.01, idle_timeout=1.5)
    thread = ServerThread(server)
    host, port = thread.start()
    reader, writer = await asyncio.open_connection(host, port)  # says hello, then nothing
    try:
        writer.write(P.encode({"type": P.HELLO, "version": P.PROTOCOL_VERSION, "code": server.join_code}))
        await writer.drain()
        assert P.decode(await reader.readline())["type"] == P.WELCOME
        monkeypatch.setattr(join_cli, "SEAT_ASK_EVERY", 0.3)
        session = RemoteSession(host, port, server.join_code, "Bob")
        refused: list[float | None] = []
        for _ in range(3):
            with pytest.raises(JoinRefused) as err:
                await session.connect(5)
            refused.append(err.value.quiet)
            await asyncio.sleep(0.3)
        assert all(q is not None for q in refused) and refused == sorted(refused)  # ever more silent
        assert not join_cli.held_by_a_live_connection((0.0, refused[0] or 0.0), 0.6, refused[2])
        assert join_cli.held_by_a_live_connection((0.0, 5.0), 2.0, 0.2)  # it spoke meanwhile
        assert not join_cli.held_by_a_live_connection(None, 2.0, 0.2)  # nothing to compare with
        assert not join_cli.held_by_a_live_connection((0.0, 5.0), 2.0, None)  # a host that does not say
    finally:
        writer.close()
        thread.stop()


def test_ctrl_c_while_join_asks_for_a_held_seat_says_so_and_ends_with_130(tmp_path):
    """Ctrl+C while gin-tui join asked again for a seat still held ended it with
    status 1 and not a word.  It says it stopped, as gin-tui host does, and ends
    with status 130, as gin-tui sim does.  Run in a terminal (a pseudo-terminal),
    Ctrl+C sent to its process group, as a terminal sends it."""
    import os
    import pty
    import select
    import signal
    import socket
    import subprocess
    import sys

    from ginrummy_tui.net import protocol as P

    server = MatchServer(new_game(seed=1), port=0, auth_delay=0.01)
    thread = ServerThread(server)
    host, port = thread.start()
    holder = socket.create_connection((host, port))  # the seat's connection: said hello, silent since
    holder.sendall(P.encode({"type": P.HELLO, "version": P.PROTOCOL_VERSION, "code": server.join_code}))
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("TEXTUAL_DRIVER", "GIN_TUI_WEB")}
    env.update(PYTHONPATH=os.getcwd() + os.pathsep + env.get("PYTHONPATH", ""), GIN_TUI_CODE=server.join_code,
               TERM="xterm")
    proc = subprocess.Popen(
        [sys.executable, "-m", "ginrummy_tui", "join", f"{host}:{port}", "--data-dir", str(tmp_path)],
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    os.close(slave)
    said = b""

    def read(until: bytes | None) -> None:
        nonlocal said
        deadline = time.monotonic() + 30
        while (until is None or until not in said) and time.monotonic() < deadline:
            if not select.select([master], [], [], 0.5)[0]:
                if until is None:
                    return
                continue
            try:
                chunk = os.read(master, 4096)
            except OSError:  # its other side closed: it ended
                return
            if not chunk:
                return
            said += chunk

    try:
        read(b"stops)")  # asking again ("... (Ctrl+C stops)", one word of it: the line may be wrapped)
        assert proc.poll() is None, said
        os.killpg(proc.pid, signal.SIGINT)
        status = proc.wait(15)
        read(None)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(master)
        holder.close()
        thread.stop()
    text = said.decode(errors="replace").replace("\r\n", "\n")
    assert status == 130, text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
    assert text.endswith("\ngin-tui join: stopped (Ctrl+C).\n"), text


def test_ctrl_c_while_join_checks_that_the_host_is_there_says_so_and_ends_with_130(capsys, monkeypatch):
    """Before asking for the code, gin-tui join checks that the host is there, which
    takes up to 5 s where nothing answers: Ctrl+C meanwhile printed a traceback."""
    import ginrummy_tui.cli
    from ginrummy_tui.cli import join as join_cli
    from ginrummy_tui.cli import main

    def interrupted(host: str, port: int) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)
    monkeypatch.delenv(join_cli.CODE_ENV, raising=False)
    monkeypatch.setattr(join_cli.sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(join_cli, "unreachable", interrupted)
    try:
        status = main(["join", "192.0.2.1:7531"])
    except KeyboardInterrupt:
        pytest.fail("Ctrl+C came out of gin-tui join: a traceback")
    assert status == 130
    assert capsys.readouterr().err == "gin-tui join: stopped (Ctrl+C).\n"


@pytest.mark.parametrize("from_env", [True, False], ids=["from GIN_TUI_CODE", "typed"])
def test_a_wrong_join_code_says_where_it_came_from_and_what_to_do(from_env, capsys, monkeypatch):
    """A wrong code said only "the host refused: wrong join code": taken from
    GIN_TUI_CODE, an old one left there was hard to spot."""
    import ginrummy_tui.cli
    from ginrummy_tui.cli import join as join_cli
    from ginrummy_tui.cli import main

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)
    server = MatchServer(new_game(seed=1), port=0, auth_delay=0.01, retired_codes=["OLDM-ATCH"])
    thread = ServerThread(server)
    host, port = thread.start()
    try:
        if from_env:
            monkeypatch.setenv(join_cli.CODE_ENV, "WRNG-CODE")
        else:
            monkeypatch.delenv(join_cli.CODE_ENV, raising=False)
            monkeypatch.setattr(join_cli.sys.stdin, "isatty", lambda: True, raising=False)
            monkeypatch.setattr(join_cli.getpass, "getpass", lambda prompt: "WRNG-CODE")
        assert main(["join", f"{host}:{port}"]) == 1
        err = " ".join(capsys.readouterr().err.split())
        said = ("gin-tui join: the host refused: wrong join code; ask the host for the code "
                "('gin-tui host' shows it on its screen).")
        env = (" The code was taken from GIN_TUI_CODE, which may hold an old one: set it to the new code, "
               "or unset it to be asked.")
        again = "".join(f"gin-tui join: the host refused: wrong join code; {left} left: type it again, as the "
                        "host shows it (Ctrl+C stops) " for left in ("2 tries", "1 try"))
        assert err == (said + env if from_env else again + said), err
        if from_env:  # the code of a match the host gave up
            monkeypatch.setenv(join_cli.CODE_ENV, "OLDM-ATCH")
            assert main(["join", f"{host}:{port}"]) == 1
            err = " ".join(capsys.readouterr().err.split())
            assert err == "gin-tui join: the host has started a new match, with a new join code; ask the host for it." + env
    finally:
        thread.stop()


def test_the_commands_that_resume_the_hosted_match_and_take_the_seat_back_carry_the_options_given(monkeypatch):
    """The host's closing words said "'gin-tui host' resumes it", the guest's last line
    "gin-tui join 127.0.0.1:7911": run as printed, they resumed the match of another data
    directory (on another port), and the guest came back under the login name."""
    import shlex

    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.host import resume_command
    from ginrummy_tui.cli.join import left_note, rejoin_command

    monkeypatch.delenv("GIN_TUI_HOME", raising=False)
    args = parse_command_line(["host", "--data-dir", "/tmp/my games", "--port", "0", "--name", "Ann Lee",
                               "--rules", "oklahoma", "--seed", "4", "--new", "--ascii"])
    command = resume_command(args, 41234)  # the port the system picked, which the guest rejoins
    # what says which match and where, quoted; never --new (another match), the rules or the seed
    assert command == "gin-tui host --data-dir '/tmp/my games' --port 41234 --name 'Ann Lee' --ascii"
    again = parse_command_line(shlex.split(command)[1:])
    assert (again.data_dir, again.port, again.name, again.new) == ("/tmp/my games", 41234, "Ann Lee", False)
    assert resume_command(parse_command_line(["host"]), 7531) == "gin-tui host"
    monkeypatch.setenv("GIN_TUI_HOME", "/tmp/ann")  # a later shell may not have it
    assert resume_command(parse_command_line(["host", "--bind", "0.0.0.0"]), 7531) == (
        "gin-tui host --data-dir /tmp/ann --bind 0.0.0.0")

    rejoin = rejoin_command(parse_command_line(["join", "127.0.0.1:7911", "--name", "Bob", "--data-dir", "/tmp/b b"]))
    assert rejoin == "gin-tui join 127.0.0.1:7911 --name Bob --data-dir '/tmp/b b'"
    monkeypatch.delenv("GIN_TUI_HOME")
    assert rejoin_command(parse_command_line(["join", "127.0.0.1:7911"])) == "gin-tui join 127.0.0.1:7911"
    # started with --ascii, the printed commands keep it (they had dropped it)
    assert rejoin_command(parse_command_line(["join", "127.0.0.1:7911", "--ascii"])) == (
        "gin-tui join 127.0.0.1:7911 --ascii")
    s = RemoteSession("127.0.0.1", 7911, "J4D6-9E27", "Bob")
    assert left_note(s, rejoin).splitlines()[-1] == f"  {rejoin}"


def test_join_closed_by_a_signal_says_so_as_the_host_does():
    """gin-tui join closed by kill (SIGTERM) said only "left the match; …", where the host
    says "closed on request (SIGTERM)"."""
    import signal

    from ginrummy_tui.cli.join import left_note

    s = RemoteSession("127.0.0.1", 7911, "J4D6-9E27", "Bob")
    rejoin = "gin-tui join 127.0.0.1:7911"
    assert left_note(s, rejoin, [signal.SIGTERM]) == (
        f"gin-tui join: closed on request (SIGTERM): left the match; with the same code, this takes the seat back:\n"
        f"  {rejoin}")
    assert left_note(s, rejoin, [signal.SIGHUP]).startswith("gin-tui join: closed with its terminal (SIGHUP): left")
    assert left_note(s, rejoin).startswith("gin-tui join: left the match;")  # quit: nothing more to say


async def test_the_hosts_quit_question_names_the_command_that_resumes_its_match():
    """It said "'gin-tui host' resumes it with the same join code", which, for a host started
    with --data-dir and --port, resumed another match."""
    from textual.widgets import Static

    from ginrummy_tui.cli.host import closing_words
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit

    class Keeper:
        failing = False

    server = MatchServer(new_game(PRESETS["standard"], seed=SEED), names=("Ann", "Guest"), port=0, auth_delay=0.01)
    thread = ServerThread(server)
    host, port = thread.start()
    code = server.join_code
    command = "gin-tui host --data-dir '/tmp/my games' --port 7911"
    ann = RemoteSession(host, port, server.codes[0], "Ann", join_code=code,
                        kept=lambda: closing_words(False, Keeper(), [], code, command)[0])  # type: ignore[arg-type]
    await ann.connect()
    app = make_app(session=ann, pause=0)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("q")
            await until_app(pilot, lambda: isinstance(app.screen, ConfirmQuit))
            assert str(app.screen.query_one("#confirm-note", Static).render()) == (
                f'The match is saved; "{command}" resumes it with the same join code {code}.')
            await pilot.press("n")
    finally:
        await ann.aclose()
        thread.stop()
    # as it closes, the command stands on a line of its own, to be copied whole
    words, trouble = closing_words(False, Keeper(), [], code, command, own_line=True)  # type: ignore[arg-type]
    assert words == f"the match is saved; this resumes it with the same join code {code}:\n  {command}"
    assert not trouble


def test_the_hosts_and_the_guests_messages_break_between_words_and_keep_commands_whole(monkeypatch):
    """At 80 columns the host's "listening on" line broke in "--/bind 0.0.0.0", its suggested
    command in "when as/ked", and the guest's last line inside its command."""
    from ginrummy_tui.cli import host as host_cli
    from ginrummy_tui.cli import wrapped
    from ginrummy_tui.cli.join import left_note

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("COLUMNS", "80")
    for where in ("127.0.0.1", "0.0.0.0"):
        text = f"gin-tui host: listening on 127.0.0.1:7531 — {host_cli._where(where)}"
        assert wrapped(text, io.StringIO()) == text  # to a file or a pipe: a message a line
        lines = wrapped(text, Terminal()).splitlines()
        assert len(lines) > 1 and all(len(line) <= 80 for line in lines)
        assert " ".join(lines) == text  # every word whole ("--bind" too), nothing lost
    s = RemoteSession("127.0.0.1", 7531, "J4D6-9E27", "Bob")
    note = left_note(s, "gin-tui join [2001:db8:85a3::8a2e:370:7334]:7531")
    assert note.splitlines()[-1] == "  gin-tui join [2001:db8:85a3::8a2e:370:7334]:7531"
    assert all(len(line) <= 80 for line in wrapped(note, Terminal()).splitlines())
    assert wrapped("a" * 100, Terminal()) == "a" * 100  # a word longer than the line stays whole


def test_the_hosts_start_line_points_other_machines_to_a_tunnel_before_the_open_port():
    """On loopback the host's start line said "use --bind 0.0.0.0 to accept other machines",
    with no word that the wire is then unencrypted, where the README and docs/protocol.md
    point players to an SSH tunnel: it names the tunnel first, and the risk of --bind 0.0.0.0."""
    from ginrummy_tui.cli import host as host_cli

    where = host_cli._where("127.0.0.1")
    assert where.startswith("this machine only (loopback)")
    assert "SSH tunnel (README)" in where and "--bind 0.0.0.0 (unencrypted)" in where
    assert where.index("SSH tunnel") < where.index("--bind 0.0.0.0")


def test_the_network_app_takes_the_players_look_from_the_settings(tmp_path):
    import argparse

    from ginrummy_tui.cli.app_start import make_network_app
    from ginrummy_tui.session.local import Session
    from ginrummy_tui.storage.config import Settings, save_settings

    save_settings(tmp_path, Settings(ascii=True, mouse=False, theme="nord", one_click=True))
    app = make_network_app(Session(), argparse.Namespace(data_dir=str(tmp_path)))
    assert app.ascii_only and not app.mouse_enabled and app.theme == "nord"
    assert app.one_click  # the fast mouse mode was left out: a click only selected a card
    app = make_network_app(Session(), argparse.Namespace(data_dir=str(tmp_path / "none"), ascii=None))
    assert not app.ascii_only and app.mouse_enabled


async def test_resizing_during_network_play_keeps_one_status_refresh(hosted, monkeypatch):
    """The table refreshes the network status line on one timer, however often the terminal is resized."""
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.game_screen import GameScreen

    server, session, changes = hosted
    ann = await session(0, "Ann", join_code=server.join_code, run=False)  # the app runs its connection
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


@pytest.mark.parametrize("longer", [False, True], ids=["path fits a line", "path longer than a line"])
def test_the_hosts_note_of_a_damaged_save_wraps_between_words_and_after_a_path_s_separators(longer, capsys, monkeypatch):
    """gin-tui host with a damaged network.json printed its note unwrapped: at 80
    columns the terminal broke it inside the file's name ("network.json.damag" /
    "ed-2026..."), where the lines after it broke between words.  It is broken as
    those are, a path that does not fit the rest of a line starting the next one,
    and one longer than a line broken after a separator."""
    import shutil
    import tempfile
    from pathlib import Path

    from ginrummy_tui.cli.host import SAVE_NAME, prepare_match
    from ginrummy_tui.session.startup import close_kept
    from ginrummy_tui.storage.store import Store

    base = Path(tempfile.mkdtemp(prefix="gin", dir="/tmp"))  # a short path, for the one that fits a line
    root = base.joinpath(*["a-directory-of-saved-matches"] * (2 if longer else 0))
    root.mkdir(parents=True, exist_ok=True)

    def damaged_start() -> str:
        (root / SAVE_NAME).write_text('{"broken')
        keeper, _, _ = prepare_match(Store(root, SAVE_NAME), rules_name=None, seed=SEED, new=False, name="Ann",
                                     record=False)
        close_kept(keeper)
        return capsys.readouterr().out

    def same(text: str) -> str:  # each start sets aside a file of its own, and makes a new join code
        return re.sub(r"damaged-\d{8}-\d{6}(-\d+)?", "damaged-X", re.sub(r"\b[A-Z0-9]{4}-[A-Z0-9]{4}\b", "CODE", text))

    try:
        whole = damaged_start()  # into a pipe: a line
        moved = re.search(r"/\S*network\.json\.damaged-\S*\d", whole)
        assert moved and whole.count("\n") == 1, whole
        assert (len(moved.group()) > 80) == longer
        monkeypatch.setenv("COLUMNS", "80")  # a terminal 80 columns wide
        monkeypatch.setattr("sys.stdout.isatty", lambda: True, raising=False)
        shown = damaged_start()
    finally:
        shutil.rmtree(base)
    assert all(len(line) <= 80 for line in shown.splitlines()) and shown.count("\n") > 1, shown
    # every line ends between two words, or after a separator of the path
    assert same(shown[:-1].replace("/\n", "/").replace("\n", " ")) == same(whole[:-1]), shown
    assert any(line.endswith("/") for line in shown.splitlines()) == longer
    assert re.search(r"(^|/)network\.json\.damaged-\d{8}-\d{6}", shown, re.M)  # the file's name whole


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
    changes = Changes()
    seats = Seats(host, port, changes)
    ann = await seats.join("HOST-HOST", "Ann", join_code=code, on_close=thread.stop, run=False)
    bob = await seats.join(code, "Bob")
    app = make_network_app(ann, argparse.Namespace(data_dir=str(tmp_path / "look")))
    changes.listen(ann, "Ann")  # beside the app's listener
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
                await play(changes, ann if server.state.current == 0 else bob)
                # the host saves (and tells) before it sends the new views
                await changes.until(lambda n=n: server.seq == n + 1 and ann.view() == view(server.state, 0))
            await pilot.pause()
            monkeypatch.undo()
            errors = [m for m, severity in told if severity == "error"]
            assert len(errors) == 1 and errors[0].startswith("The match could not be saved: No space left on device (in ")
            assert errors[0].endswith(". The last save stands until saving works again."), errors
            assert keeper.failing and server.seq == 2  # the match goes on
    finally:
        await seats.close()


def test_host_refuses_an_empty_bind_address_naming_the_ones_to_use(tmp_path, capsys, monkeypatch):
    import ginrummy_tui.cli
    from ginrummy_tui.cli import host as host_cli
    from ginrummy_tui.cli import main

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    # were it served, it would stop at once rather than wait for Ctrl+C
    monkeypatch.setattr(host_cli, "_serve_until_interrupted", lambda thread: thread.stop() or "Ctrl+C")
    data = tmp_path / "data"
    for bind in ("", " "):
        assert main(["host", "--server-only", "--bind", bind, "--port", "0", "--data-dir", str(data)]) == 2
        out, err = capsys.readouterr()
        assert "listening" not in out and "Join code" not in out
        assert err == ("gin-tui host: --bind needs an address: 127.0.0.1 (this machine only), "
                       "0.0.0.0 (every IPv4 address) or :: (every IPv6 address)\n")
    assert not data.exists()  # refused before anything was opened


def test_the_hosts_player_is_told_on_the_table_when_the_saved_match_was_damaged(tmp_path, monkeypatch, capsys):
    from ginrummy_tui.cli import build_parser
    from ginrummy_tui.cli import host as host_cli
    from ginrummy_tui.storage.store import Store

    store = Store(tmp_path, host_cli.SAVE_NAME)
    keeper, _, _ = host_cli.prepare_match(store, rules_name="standard", seed=SEED, new=False, name="Ann",
                                          say=lambda text: None)
    saved = tmp_path / host_cli.SAVE_NAME
    saved.write_bytes(saved.read_bytes()[:400])  # cut short
    played: list[list[str]] = []

    def play(args, thread, server, name, code, host, port, *, reporter, notes, give_up, until_joined=()):
        thread.stop()
        played.append(list(notes))
        return 0

    monkeypatch.setattr(host_cli, "_play", play)
    argv = ["host", "--port", "0", "--data-dir", str(tmp_path)]
    assert host_cli.run(build_parser(argv).parse_args(argv)) == 0
    [notes] = played
    damaged = [n for n in notes if "could not be used: a new match has started" in n]
    assert len(damaged) == 1 and ".damaged-" in damaged[0]

    class App:  # what the table shows once it is up
        def __init__(self) -> None:
            self.told: list[str] = []

        def notify(self, message, **kw) -> None:
            self.told.append(message)

    app = App()
    host_cli.tell_host(app, host_cli.SaveReporter(keeper), notes)
    assert any(m.startswith("Your saved match could not be used") for m in app.told)


def test_the_host_keeps_a_file_name_as_it_is_at_the_start_of_a_note():
    from ginrummy_tui.cli.host import tell_host

    class App:
        def __init__(self) -> None:
            self.told: list[str] = []

        def notify(self, message, **kw) -> None:
            self.told.append(message)

        def from_any_thread(self, call) -> None:  # (the app's loop: here, at once)
            call()

    class Reporter:
        def attach(self, tell) -> None:
            tell("network.json could not be saved: No space left on device")

    app = App()
    notes = ["host.log was a symbolic link (to /tmp/x); it was not followed, and was moved to /d/host.log.link-1.",
             "the match is played unsaved"]
    tell_host(app, Reporter(), notes)
    assert app.told == [
        "host.log was a symbolic link (to /tmp/x); it was not followed, and was moved to /d/host.log.link-1.",
        "The match is played unsaved.",
        "network.json could not be saved: No space left on device.",
    ]


async def test_the_hints_the_host_was_shown_fit_the_guests_moves_line_at_80_columns():
    """At 80x24 "Alexandra drew from the stock and threw 2♠.  Alexandra was shown 2 hints
    this hand." was cut at the edge ("…shown 2 hints t…"): shorter words now, the moves whole."""
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.widgets.moves_line import MovesLine

    server = MatchServer(new_game(PRESETS["standard"], seed=7), names=("Alexandra", "Guest"), port=0,
                         auth_delay=0.01)
    await server.start()
    ann = GameClient(*server.address, server.codes[0], "Alexandra", heartbeat=0)
    await ann.connect()
    bob = RemoteSession(*server.address, server.codes[1], "Bob")
    await bob.connect()
    app = make_app(session=bob, pause=0)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            def line() -> str:
                return str(app.table.query_one(MovesLine).render())

            await ann.send({"type": "hint"})
            await ann.send({"type": "hint"})
            await ann.submit(Action("pass"))
            await until_app(pilot, lambda: app.table.v is not None and app.table.v.my_turn and "hints" in line())
            # one wording for the hints, whatever the moves beside them: it said "Alexandra was
            # shown 2 hints this hand." beside this short move, "had" beside the next
            assert line().endswith(".  Alexandra had 2 hints this hand."), line()
            await pilot.press("p")  # Bob passes too: Alexandra draws from the stock and throws
            # each move of Alexandra's once her own client has the position it is for, not only the host
            await until_app(pilot, lambda: server.state.current == 0 and server.state.phase == "draw"
                            and ann.seq == server.seq)
            await ann.submit(Action("draw stock"))
            await until_app(pilot, lambda: server.state.phase == "discard" and ann.seq == server.seq)
            thrown = server.state.hands[0][0]
            await ann.submit(Action("discard", thrown))
            await until_app(pilot, lambda: "threw" in line() and "hints" in line())
            assert line() == f"Alexandra drew from the stock and threw {thrown.label()}.  Alexandra had 2 hints this hand."
            assert app.table.query_one(MovesLine).size.width >= len(line())
    finally:
        await bob.aclose()
        await ann.close()
        await server.close()


async def test_a_hint_is_told_to_the_other_player_and_counted_in_the_summary(hosted):
    from rich.console import Group

    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.summary_screen import summary_lines
    from ginrummy_tui.tui.widgets.moves_line import MovesLine

    server, session, changes = hosted
    ann = await session(0, "Ann", join_code=server.join_code, run=False)  # the app runs its connection
    bob = await session(1, "Bob")
    app = make_app(session=ann, pause=0)
    changes.listen(ann, "Ann")  # beside the app's listener
    async with app.run_test(size=(100, 30)) as pilot:
        await changes.until(lambda: ann.opponent_here and bob.opponent_here)
        assert ann.hints_this_hand() == (0, 0)
        bob.add_hint()  # what Bob's app does when it shows him a hint
        await changes.until(lambda: ann.hints_this_hand() == (0, 1) and bob.hints_this_hand() == (1, 0))
        for _ in range(20):  # the table refreshes its network lines twice a second
            await pilot.pause(0.1)
            if "Bob had 1 hint this hand." in str(app.table.query_one(MovesLine).render()):
                break
        assert "Bob had 1 hint this hand." in str(app.table.query_one(MovesLine).render())
        bob.add_hint()
        await changes.until(lambda: ann.hints_this_hand() == (0, 2))
        # play the hand out (the app closes Ann's session when it ends): the counts stay with the hand
        playing = ("upcard", "draw", "discard")
        for _ in range(300):
            if server.state.phase not in playing:
                break
            mover = ann if server.state.current == 0 else bob
            await changes.until(lambda m=mover: m.view().my_turn)
            await play(changes, mover)
        await changes.until(lambda: ann.view().phase in ("hand_over", "match_over"))
        assert ann.hints_this_hand() == (0, 2) and bob.hints_this_hand() == (2, 0)
    group = Group(*summary_lines(ann.view(), "Bob", hints=ann.hints_this_hand()).lines)
    assert any("Hints this hand: you 0 · Bob 2" in str(x) for x in group.renderables)


@pytest.mark.parametrize(("refused_with", "new_match", "recorded"), [
    (P.E_CODE, True, False),  # the host gave the match up for a new one: not left by this player
    (P.E_REPLACED, False, True),  # another player took the seat: left
    (None, False, True),  # q at the table: left
])
def test_a_guest_records_a_match_it_leaves_but_not_one_the_host_gave_up(refused_with, new_match, recorded):
    """The host started again with --new; the guest, told "the host started a new match", pressed
    q: the match was recorded "left unfinished", among the abandoned, where the protocol says a match
    the host gives up counts not at all on the guest's side, who never saw it end."""
    from types import SimpleNamespace

    left: list[str] = []
    records = SimpleNamespace(leave=lambda v, match_id, **kw: left.append(match_id), read_history=None)
    s = RemoteSession("127.0.0.1", 7531, "J4D6-9E27", "Bob", records=records)
    s.client = SimpleNamespace(view=view(new_game(seed=SEED), 1), seat=1, match_id="m-1", played=[], names=["Ann", "Bob"])
    s.refused_with, s.new_match, s.gave_up = refused_with, new_match, refused_with is not None
    s.close()
    assert left == (["m-1"] if recorded else [])


def test_the_connection_lines_fit_the_prompt_line_at_80_columns():
    # the table's prompt line has 76 columns at 80: the line of a dropped
    # connection was 77 ("Connection to the host lost — reconnecting… (the host
    # closed the connection)") and lost its end
    s = RemoteSession("127.0.0.1", 7531, "J4D6-9E27", "Bob")
    # the reasons net/client.py gives
    for problem in ("the host closed the connection", "the network dropped it", "the host sent a line too long"):
        s.problem = problem
        assert not s.online
        line = s.status()
        # 74: marked "✗ " when a move is refused meanwhile, it still fits
        assert "reconnecting" in line and problem in line and len(line) <= 74
        s._lost_at = time.monotonic() - 29  # the longest count before q is offered
        assert problem in s.status() and len(s.status()) <= 74
        s._lost_at = time.monotonic() - 999  # long after q is offered
        assert "q leaves" in s.status() and len(s.status()) <= 74
        s._lost_at = None
        # a move tried meanwhile is refused in few words: the line above says the rest
        assert s.blocked() == "not connected to the host: reconnecting"
    s.gave_up = True
    assert s.blocked() == "not connected to the host" and s.status().endswith("Quit with q.")


async def joined_to(answer, capsys) -> tuple[int, list[str], int]:
    """``gin-tui join`` run against a stand-in for a host on loopback, which
    answers each connection with ``answer(reader, writer)``: the command's
    exit status, its lines on standard error (but its warnings) and the port."""
    from ginrummy_tui.cli import main

    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        # the command runs its own event loop, as from a shell: here in a thread beside the test's
        status = await asyncio.to_thread(main, ["join", f"127.0.0.1:{port}", "--code", "ABCD-EFGH"])
    finally:
        server.close()
    err = capsys.readouterr().err
    return status, [line for line in err.splitlines() if not line.startswith("gin-tui join: warning")], port


async def test_join_says_in_one_line_when_the_address_sends_a_line_too_long(capsys, monkeypatch):
    import contextlib

    import ginrummy_tui.cli
    from ginrummy_tui.net import protocol as P

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal

    async def flood(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        # what looks like a welcome, then more than a line may hold, with no end of line
        writer.write(b'{"type": "' + P.WELCOME.encode() + b'", "names": ["')
        writer.write(b"x" * (P.MAX_SERVER_LINE + 1024))
        with contextlib.suppress(ConnectionError):
            await writer.drain()
            await reader.read()
        writer.close()

    status, lines, port = await joined_to(flood, capsys)
    assert status == 1
    assert lines == [f"gin-tui join: cannot reach 127.0.0.1:{port}: the host sent a line too long"]


async def test_join_says_the_address_did_not_answer_as_a_host_when_it_accepts_and_stays_silent(capsys, monkeypatch):
    import ginrummy_tui.cli
    from ginrummy_tui.cli import join as join_cli

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    monkeypatch.setattr(join_cli, "JOIN_WAIT", 0.5)
    accepted = asyncio.Event()

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        accepted.set()
        await reader.read()  # reads the hello, never answers
        writer.close()

    status, lines, port = await joined_to(silent, capsys)
    assert status == 1 and accepted.is_set()
    assert lines == [f"gin-tui join: 127.0.0.1:{port} did not answer as a gin-tui host within 0.5 seconds"]


@pytest.mark.parametrize("hangs_up", [False, True])
async def test_join_says_the_address_is_not_a_gin_tui_host_when_it_answers_otherwise(capsys, monkeypatch, hangs_up):
    # Another program on the port (a web server) answered the hello with its own lines:
    # join said it "did not answer as a gin-tui host within 10 seconds", or that it could not
    # reach it, the host having closed the connection.
    import ginrummy_tui.cli
    from ginrummy_tui.cli import join as join_cli

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    monkeypatch.setattr(join_cli, "JOIN_WAIT", 0.5)

    async def web(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readline()
        writer.write(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
        await writer.drain()
        if not hangs_up:
            await reader.read()
        writer.close()

    status, lines, port = await joined_to(web, capsys)
    assert status == 1
    assert lines == [f"gin-tui join: 127.0.0.1:{port} answered, but it is not a gin-tui host (its answer is not "
                     "the game's): check the address and the port"]


def test_the_join_code_prompt_asks_again_for_nothing_typed_and_says_when_given_up(capsys, monkeypatch):
    from ginrummy_tui.cli import join as join_cli

    typed = iter(["", "   ", "abcd-efgh"])
    asked: list[str] = []

    def getpass(prompt: str) -> str:
        asked.append(prompt)
        return next(typed)

    monkeypatch.setattr(join_cli.getpass, "getpass", getpass)
    # nothing typed is never sent to the host: asked again at once, saying why
    assert join_cli.ask_code() == "abcd-efgh"
    # the prompt says where the code is found, on one line at 80 columns
    assert asked == ["Join code (the host shows it on its screen): "] * 3
    assert len(asked[0]) < 80
    err = capsys.readouterr().err
    assert err.count("no code typed") == 2

    def stop(prompt: str) -> str:  # Ctrl+D
        raise EOFError

    monkeypatch.setattr(join_cli.getpass, "getpass", stop)
    assert join_cli.ask_code() is None
    # a new line after the prompt, then why it stopped
    assert capsys.readouterr().err == (
        "\ngin-tui join: no join code given; to join, run 'gin-tui join HOST:PORT' again and type the code the "
        "host shows on its screen (or give it in GIN_TUI_CODE)\n"
    )


def test_join_exits_1_with_a_line_when_the_code_prompt_is_given_up(capsys, monkeypatch):
    import ginrummy_tui.cli
    from ginrummy_tui.cli import join as join_cli
    from ginrummy_tui.cli import main

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    monkeypatch.delenv(join_cli.CODE_ENV, raising=False)
    monkeypatch.setattr(join_cli.sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(join_cli, "unreachable", lambda host, port: "")

    asked: list[str] = []

    def getpass(prompt: str) -> str:  # Enter, then Ctrl+D
        asked.append(prompt)
        if len(asked) == 1:
            return ""
        raise EOFError

    monkeypatch.setattr(join_cli.getpass, "getpass", getpass)
    assert main(["join", "127.0.0.1:7000"]) == 1
    err = capsys.readouterr().err
    assert len(asked) == 2  # the empty code was not sent: asked again
    assert "no code typed" in err and "gin-tui join: no join code given" in err and "cannot reach" not in err
    # with the next step, as every other refusal of join says one: the command to run again, whole
    assert ("no join code given; to join, run 'gin-tui join 127.0.0.1:7000' again and type the code the host shows "
            "on its screen (or give it in GIN_TUI_CODE)") in " ".join(err.split())
    monkeypatch.setattr(join_cli.getpass, "getpass", lambda prompt: (_ for _ in ()).throw(EOFError))
    assert main(["join", "127.0.0.1:7000", "--name", "Bob O'Hara"]) == 1  # its options too, quoted for the shell
    assert """run "gin-tui join 127.0.0.1:7000 --name 'Bob O'"'"'Hara'" again""" in " ".join(capsys.readouterr().err.split())


def test_a_wrong_code_typed_at_the_prompt_is_asked_for_again_and_takes_the_seat_when_right(capsys, monkeypatch):
    """A mistyped code ended 'gin-tui join' (exit status 1): the whole command was typed
    again. Typed at the prompt, a code the host refuses as wrong is asked for again, on a
    new connection (the host closes the one of a wrong code), and the right one takes the seat."""
    import ginrummy_tui.cli
    import ginrummy_tui.cli.app_start
    from ginrummy_tui.cli import join as join_cli
    from ginrummy_tui.cli import main

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    monkeypatch.delenv(join_cli.CODE_ENV, raising=False)
    monkeypatch.setattr(join_cli.sys.stdin, "isatty", lambda: True, raising=False)
    server = MatchServer(new_game(seed=1), port=0, auth_delay=0.01)
    thread = ServerThread(server)
    host, port = thread.start()
    typed = iter(["WRNG-CODE", server.codes[1]])
    monkeypatch.setattr(join_cli.getpass, "getpass", lambda prompt: next(typed))

    class Seated(Exception):
        pass

    def seated(session, args, records):  # the seat taken: the table would open here
        assert session.client is not None and session.client.view is not None
        raise Seated

    monkeypatch.setattr(ginrummy_tui.cli.app_start, "make_network_app", seated)
    try:
        with pytest.raises(Seated):
            main(["join", f"{host}:{port}"])
    finally:
        thread.stop()
    assert next(typed, None) is None  # both codes were asked for
    err = capsys.readouterr().err
    assert "gin-tui join: the host refused: wrong join code; 2 tries left: type it again" in err
    assert "ask the host for the code" not in err


def test_a_typed_code_not_of_the_codes_form_is_refused_without_costing_a_try(capsys, monkeypatch):
    """"xxxx" or "abc" typed at the prompt went to the host, cost one of the three tries and
    got "the host refused: wrong join code", and no message said how many tries were left.
    What cannot be a code is refused here, with the form of a code, and asked again at no
    cost; a wrong code says how many tries are left."""
    import ginrummy_tui.cli
    from ginrummy_tui.cli import join as join_cli
    from ginrummy_tui.cli import main

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    monkeypatch.delenv(join_cli.CODE_ENV, raising=False)
    monkeypatch.setattr(join_cli.sys.stdin, "isatty", lambda: True, raising=False)
    server = MatchServer(new_game(seed=1), port=0, auth_delay=0.01)
    thread = ServerThread(server)
    host, port = thread.start()
    typed = iter(["xxxx", "abc", "WRNG-CODE", "K7QM-3XPD-9", "wrng code", "WRNGCODE"])
    monkeypatch.setattr(join_cli.getpass, "getpass", lambda prompt: next(typed))
    tried: list[str] = []
    join = join_cli._join

    async def counted(host, port, code, name, args, **options):
        tried.append(code)
        return await join(host, port, code, name, args, **options)

    monkeypatch.setattr(join_cli, "_join", counted)
    try:
        assert main(["join", f"{host}:{port}"]) == 1
    finally:
        thread.stop()
    assert next(typed, None) is None and tried == ["WRNG-CODE", "wrng code", "WRNGCODE"]  # three tries at the host
    err = " ".join(capsys.readouterr().err.split())
    form = ("gin-tui join: that is not a join code: a code is 8 letters and digits, like K7QM-3XPD; type the "
            "code the host shows (Ctrl+C stops)")
    assert err.count(form) == 3, err
    assert err.index("wrong join code; 2 tries left: type it again") < err.index("wrong join code; 1 try left")
    assert err.endswith("ask the host for the code ('gin-tui host' shows it on its screen)."), err


def test_a_wrong_code_typed_again_stops_join_as_the_prompt_does(capsys, monkeypatch):
    """At the prompt that asks a refused code again, Ctrl+D gives up as at the first one
    (exit status 1) and Ctrl+C stops 'gin-tui join' (exit status 130)."""
    import ginrummy_tui.cli
    from ginrummy_tui.cli import CTRL_C_STATUS, main
    from ginrummy_tui.cli import join as join_cli

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    monkeypatch.delenv(join_cli.CODE_ENV, raising=False)
    monkeypatch.setattr(join_cli.sys.stdin, "isatty", lambda: True, raising=False)
    server = MatchServer(new_game(seed=1), port=0, auth_delay=0.01)
    thread = ServerThread(server)
    host, port = thread.start()
    try:
        for stop, status, said in ((EOFError, 1, "(or give it in GIN_TUI_CODE)\n"),
                                   (KeyboardInterrupt, CTRL_C_STATUS, "gin-tui join: stopped (Ctrl+C).\n")):
            asked: list[str] = []

            def getpass(prompt: str, stop: type[BaseException] = stop, asked: list[str] = asked) -> str:
                asked.append(prompt)
                if len(asked) > 1:
                    raise stop
                return "WRNG-CODE"

            monkeypatch.setattr(join_cli.getpass, "getpass", getpass)
            assert main(["join", f"{host}:{port}"]) == status
            err = capsys.readouterr().err
            assert len(asked) == 2 and "type it again" in err and err.endswith(said), err
    finally:
        thread.stop()


def test_ctrl_c_at_the_code_prompt_stops_join_as_ctrl_c_elsewhere(capsys, monkeypatch):
    # Ctrl+C at "Join code:" said "no join code given" and exited 1, where Ctrl+C
    # while the host is reached says "stopped (Ctrl+C)." and exits 130
    import ginrummy_tui.cli
    from ginrummy_tui.cli import CTRL_C_STATUS, main
    from ginrummy_tui.cli import join as join_cli

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    monkeypatch.delenv(join_cli.CODE_ENV, raising=False)
    monkeypatch.setattr(join_cli.sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(join_cli, "unreachable", lambda host, port: "")

    def getpass(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(join_cli.getpass, "getpass", getpass)
    assert main(["join", "127.0.0.1:7000"]) == CTRL_C_STATUS
    assert capsys.readouterr().err == "gin-tui join: stopped (Ctrl+C).\n"


@pytest.mark.parametrize(
    "argv, command",
    [
        (["host", "--rules", "nope"], "gin-tui host"),
        (["--rules", "nope", "host"], "gin-tui host"),
        (["host", "--server-only", "--rules", "nope"], "gin-tui host"),
        (["sim", "--rules", "nope", "--matches", "1"], "gin-tui sim"),
        (["--data-dir", "-", "--rules", "nope"], "gin-tui"),
    ],
)
def test_an_unknown_rules_preset_is_refused_as_the_game_refuses_it(argv, command, monkeypatch, capsys):
    """host and sim had their own check, worded '(choose from ...)', as had the game without saving."""
    import ginrummy_tui.cli
    from ginrummy_tui.cli import main
    from ginrummy_tui.storage.config import Settings, apply_args

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    with pytest.raises(ValueError) as refused:  # what gin-tui and gin-tui serve say
        apply_args(Settings(), argparse.Namespace(rules="nope"))
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"{command}: {refused.value}\n"
    assert str(refused.value) == "unknown rules preset 'nope': choose one of standard, multiplayer-1.5, classic, oklahoma"


@pytest.mark.parametrize("before", [True, False], ids=["before join", "after join"])
def test_join_records_the_match_in_the_data_directory_given(before, tmp_path, monkeypatch):
    """--data-dir before join chose where F3's statistics were read, while the
    match was recorded in the default data directory; join did not take it after its name."""
    import ginrummy_tui.cli
    import ginrummy_tui.net.remote_session as rs
    from ginrummy_tui.cli import main

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    monkeypatch.setenv("GIN_TUI_HOME", str(tmp_path / "default"))
    roots: list[object] = []

    class Spy(rs.RemoteSession):
        def __init__(self, host, port, code, name, **kw):
            roots.append(kw["records"].history.root)
            super().__init__(host, port, code, name, **kw)

    monkeypatch.setattr(rs, "RemoteSession", Spy)
    server = MatchServer(new_game(seed=1), port=0, auth_delay=0.01)
    thread = ServerThread(server)
    host, port = thread.start()
    given = ["--data-dir", str(tmp_path / "mine")]
    join = ["join", f"{host}:{port}", "--code", "ABCD-EFGH"]
    try:
        assert main(given + join if before else join + given) == 1  # the wrong code
    finally:
        thread.stop()
    assert roots == [tmp_path / "mine"]


def test_a_seed_given_to_a_host_resuming_its_match_is_said_to_apply_to_new_matches(tmp_path):
    """gin-tui host --seed N resumed the saved match and said nothing of the seed, as it does of --rules."""
    from ginrummy_tui.cli.host import SAVE_NAME, prepare_match
    from ginrummy_tui.storage.store import Store

    store = Store(tmp_path, SAVE_NAME)
    keeper, first, _ = prepare_match(store, rules_name=None, seed=SEED, new=False, name="Ann", say=lambda text: None)
    keeper.close_history()
    said: list[str] = []
    keeper, resumed, _ = prepare_match(store, rules_name=None, seed=SEED + 1, new=False, name="Ann", say=said.append)
    keeper.close_history()
    assert resumed == first
    assert "gin-tui host: --seed applies to new matches only (use --new for one)." in said, said
    said.clear()
    prepare_match(store, rules_name=None, seed=SEED, new=False, name="Ann", say=said.append)[0].close_history()
    assert not any("--seed" in line for line in said)  # the seed it was dealt with: nothing to say


@pytest.mark.parametrize(
    "option, before",
    [(["--ascii"], True), (["--ascii"], False), (["--no-mouse"], True), (["--no-mouse"], False),
     (["--name", "Ann"], False), (["--theme", "nord"], True), (["--theme", "nord"], False)],
)
def test_a_host_serving_only_refuses_the_options_of_the_seat_it_does_not_play(option, before, tmp_path, monkeypatch,
                                                                                capsys):
    """gin-tui host --server-only --ascii (or --no-mouse, --name) served, the option
    doing nothing: each player joins with gin-tui join, which takes them."""
    from ginrummy_tui.cli import main

    host = ["host", "--server-only", "--port", "0", "--data-dir", str(tmp_path)]
    assert main(option + host if before else host + option) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (f"gin-tui host --server-only does not take {option[0]}: nobody plays in this "
                                 "terminal; each player gives it to gin-tui join\n")
    assert not (tmp_path / "network.json").exists()


@pytest.mark.parametrize(
    "argv",
    [["join", "h:1", "--theme", "nord"], ["--theme", "nord", "join", "h:1"], ["host", "--theme", "nord"],
     ["--theme", "nord", "host"]],
)
async def test_host_and_join_show_the_theme_given_for_this_run_as_the_game_does(argv, hosted, tmp_path):
    """gin-tui host --theme nord and gin-tui join --theme nord were refused, saying the
    game takes the theme of the settings: the local game takes it for one run."""
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.app_start import make_network_app
    from ginrummy_tui.tui.screens.settings_screen import SettingsScreen

    server, session, changes = hosted
    bob = await session(1, "Bob", run=False)  # the app runs its connection
    app = make_network_app(bob, parse_command_line([*argv, "--data-dir", str(tmp_path)]))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.theme == "nord"
        await pilot.press("f2")
        await until_app(pilot, lambda: isinstance(app.screen, SettingsScreen))
        assert app.screen.query_one("#theme").value == "nord"  # the form shows what is in use
        app.screen.query_one("#ascii").value = True
        await pilot.press("ctrl+s")
        await until_app(pilot, lambda: not isinstance(app.screen, SettingsScreen))
        assert app.theme == "nord" and app.ascii_only
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["ascii"] is True and saved["theme"] == "textual-dark"  # the run's theme is not saved


@pytest.mark.parametrize("command", [["join", "h:1"], ["host", "--port", "0"]])
def test_host_and_join_refuse_an_empty_theme_or_an_unknown_one(command, tmp_path, capsys,
                                                                                    monkeypatch):
    """Refused before anything starts, in the game's words, naming the themes
    for one there is not, as the game refuses it."""
    import ginrummy_tui.cli
    from ginrummy_tui.cli import main, parse_command_line

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    monkeypatch.setenv("TERM", "xterm")
    from ginrummy_tui.cli.app_start import make_network_app
    from ginrummy_tui.session.local import Session

    assert main([*command, "--theme", "", "--data-dir", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"gin-tui {command[0]}: --theme needs a theme name\n"
    assert not (tmp_path / "network.json").exists()
    assert main([*command, "--theme", "nosuch", "--data-dir", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"gin-tui {command[0]}: unknown theme 'nosuch': choose one of ") and "nord" in err
    assert not (tmp_path / "network.json").exists()
    app = make_network_app(Session(), parse_command_line([*command, "--theme", "nosuch", "--data-dir", str(tmp_path)]))
    [note] = app.context.notes  # a theme that gets past the command line (a saved one) is told on the table
    assert note.startswith("There is no theme 'nosuch'; the themes are: ") and "nord" in note


def test_host_plays_a_rule_option_changed_from_the_preset_and_the_guest_is_shown_it(tmp_path, monkeypatch):
    """gin-tui host --rule knock_limit=7 was refused, saying a hosted match is played
    under a preset: the rules travel whole to the guest, who is shown them as the
    game shows its own (the classic rules changed, the knock limit under the hand)."""
    from ginrummy_tui.cli import host as host_cli
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.app_start import make_network_app

    from .app_helpers import screen_text

    shown: list[tuple[object, str]] = []

    async def guest(host: str, port: int, code: str) -> None:
        bob = RemoteSession(host, port, code, "Bob")
        await bob.connect()
        app = make_network_app(bob, parse_command_line(["join", f"{host}:{port}", "--data-dir", str(tmp_path / "b")]))
        try:
            async with app.run_test(size=(100, 30)) as pilot:
                await until_app(pilot, lambda: "knock at" in screen_text(app))
                shown.append((bob.view().rules, screen_text(app)))
        finally:
            await bob.aclose()

    def play(args, thread, server, name, code, host, port, *, reporter, notes, give_up, until_joined=()):
        try:
            asyncio.run(guest(host, port, code))
        finally:
            thread.stop()
        return 0

    monkeypatch.setattr(host_cli, "_play", play)
    argv = ["--rule", "knock_limit=7", "host", "--rules", "classic", "--rule", "big_gin=yes", "--port", "0",
            "--data-dir", str(tmp_path / "a")]
    assert host_cli.run(parse_command_line(argv)) == 0
    [(rules, text)] = shown
    assert rules == PRESETS["classic"].with_options(knock_limit=7, big_gin=True) and rules.name == "classic"
    assert "classic rules (changed: knock limit 7, big gin allowed)" in text and "knock at 7 or less" in text


@pytest.mark.parametrize("given", ["<<>>", ""])
def test_a_name_with_nothing_usable_is_told_and_left_out_of_the_commands(given, tmp_path, capsys, monkeypatch):
    """host --name '<<>>' played as "Host" without a word, and the command printed to resume
    repeated --name '<<>>'; join likewise.  A warning says the name was not usable, what a name
    keeps and the name played under (the login name), and the commands leave the option out."""
    import getpass

    from ginrummy_tui.cli import host as host_cli
    from ginrummy_tui.cli import join as join_cli
    from ginrummy_tui.cli import parse_command_line

    monkeypatch.setattr(getpass, "getuser", lambda: "alice")
    played: list[tuple[str, list[str], str]] = []

    def play(args, thread, server, name, code, host, port, *, reporter, notes, give_up, until_joined=()):
        thread.stop()
        played.append((name, list(notes), host_cli.resume_command(args, port)))
        return 0

    monkeypatch.setattr(host_cli, "_play", play)
    argv = ["host", "--port", "0", "--name", given, "--data-dir", str(tmp_path)]
    assert host_cli.run(parse_command_line(argv)) == 0
    [(name, notes, command)] = played
    quoted = "''" if not given else "'<<>>'"
    warning = (f"--name {quoted} has nothing a name can use (a name keeps letters, digits, spaces and - _ . '); "
               "you play as alice.")
    assert name == "alice" and warning in notes and "--name" not in command, (notes, command)
    assert f"gin-tui host: warning: {warning}" in " ".join(capsys.readouterr().err.split())

    joined: list[tuple[str, str]] = []

    async def join(host, port, code, name, args, **options):
        joined.append((name, join_cli.rejoin_command(args)))
        return 0

    monkeypatch.setattr(join_cli, "_join", join)
    monkeypatch.setenv(join_cli.CODE_ENV, "K7QM-3XPD")
    assert join_cli.run(parse_command_line(["join", "127.0.0.1:7531", "--name", given])) == 0
    assert joined == [("alice", "gin-tui join 127.0.0.1:7531")]
    assert f"gin-tui join: warning: {warning}" in " ".join(capsys.readouterr().err.split())


def test_a_name_of_letters_that_show_nothing_is_told_why_it_is_not_used(tmp_path, capsys, monkeypatch):
    """host --name 'ㅤㅤㅤ' (U+3164 HANGUL FILLER, a letter to str.isalnum()) was taken: the header
    showed no name, and the notes naming it were cut at 80 columns.  It is refused as a name with
    nothing usable is, saying why."""
    import getpass

    from ginrummy_tui.cli import host as host_cli
    from ginrummy_tui.cli import join as join_cli
    from ginrummy_tui.cli import parse_command_line

    monkeypatch.setattr(getpass, "getuser", lambda: "alice")
    played: list[str] = []

    def play(args, thread, server, name, code, host, port, *, reporter, notes, give_up, until_joined=()):
        thread.stop()
        played.append(name)
        return 0

    monkeypatch.setattr(host_cli, "_play", play)
    blank = "\u3164\u3164\u3164"
    assert host_cli.run(parse_command_line(["host", "--port", "0", "--name", blank, "--data-dir", str(tmp_path)])) == 0
    assert played == ["alice"]
    warning = (f"--name '{blank}' has nothing a name can use: U+3164 HANGUL FILLER shows blank or at no sure width "
               "(a name keeps letters, digits, spaces and - _ . ' that show); you play as alice.")
    assert f"gin-tui host: warning: {warning}" in " ".join(capsys.readouterr().err.split())

    joined: list[str] = []

    async def join(host, port, code, name, args, **options):
        joined.append(name)
        return 0

    monkeypatch.setattr(join_cli, "_join", join)
    monkeypatch.setenv(join_cli.CODE_ENV, "K7QM-3XPD")
    assert join_cli.run(parse_command_line(["join", "127.0.0.1:7531", "--name", "\u3164\u1160"])) == 0
    assert joined == ["alice"]
    assert ("U+3164 HANGUL FILLER and U+1160 HANGUL JUNGSEONG FILLER show blank or at no sure width"
            in " ".join(capsys.readouterr().err.split()))


def test_a_host_resuming_its_match_says_its_rule_options_apply_to_new_matches(tmp_path, capsys, monkeypatch):
    import ginrummy_tui.cli
    from ginrummy_tui.cli import main
    from ginrummy_tui.cli.host import SAVE_NAME, prepare_match
    from ginrummy_tui.storage.store import Store

    store = Store(tmp_path, SAVE_NAME)
    keeper, first, _ = prepare_match(store, rules_name=None, rule_options={"knock_limit": 7}, seed=SEED, new=False,
                                     name="Ann", say=lambda text: None)
    keeper.close_history()
    assert first.rules.knock_limit == 7
    said: list[str] = []
    for options, told in [
        ({"rules_name": None, "rule_options": {"knock_limit": 8}}, "--rule applies"),
        ({"rules_name": "classic", "rule_options": {"knock_limit": 7}}, "--rules and --rule apply"),
        ({"rules_name": "standard", "rule_options": None}, "--rules applies"),
        ({"rules_name": "standard", "rule_options": {"knock_limit": 7}}, None),  # the rules it is played under
    ]:
        said.clear()
        keeper, resumed, _ = prepare_match(store, seed=None, new=False, name="Ann", say=said.append, **options)
        keeper.close_history()
        assert resumed == first
        wanted = [] if told is None else [f"gin-tui host: {told} to new matches only (use --new for one)."]
        assert [line for line in said if "--rule" in line] == wanted
    # a bad option is refused as the game refuses it, before anything starts
    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    monkeypatch.setenv("TERM", "xterm")
    assert main(["host", "--rule", "knock_limit=99", "--port", "0", "--data-dir", str(tmp_path / "x")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("gin-tui host: --rule knock_limit: must be") and err.count("\n") == 1
    assert not (tmp_path / "x" / SAVE_NAME).exists()


@pytest.mark.parametrize("how", ["quit", "signal"])
def test_the_host_saves_its_match_one_last_time_at_the_end_as_the_game_does(how, tmp_path, monkeypatch):
    """gin-tui host gave its match up with its own copy of the game's ending, without
    the last save: a move whose save failed (a full disk, freed since) was lost at the
    end, the save on disk left a move behind.  Now both end as the game does, also when
    a signal's app cannot close in time (the process then ends at once)."""
    import errno
    import os

    from ginrummy_tui.cli import host as host_cli
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.storage.store import read_save

    path = tmp_path / host_cli.SAVE_NAME
    moves: list[object] = []
    ended: list[tuple[object, bool]] = []  # the save and whether the lock is held, when the process ends

    def disk_full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def play(args, thread, server, name, code, host, port, *, reporter, notes, give_up, until_joined=()):
        state = server.state
        moves.append(apply(state, choose(view(state, state.current))))
        with monkeypatch.context() as full:
            full.setattr(os, "fsync", disk_full)
            reporter.on_change(moves[0])  # the move is not saved: the disk is full
        assert reporter.keeper.failing
        if how == "signal":
            give_up()  # the app could not close in time: the process ends after this, at once
            ended.append((read_save(path), path.with_name(path.name + ".lock").exists()))
        thread.stop()
        return 0

    monkeypatch.setattr(host_cli, "_play", play)
    argv = ["host", "--port", "0", "--seed", str(SEED), "--data-dir", str(tmp_path)]
    assert host_cli.run(parse_command_line(argv)) == 0
    if how == "quit":
        ended.append((read_save(path), path.with_name(path.name + ".lock").exists()))
    [(saved, locked)] = ended
    assert saved.state == moves[0] and not locked  # type: ignore[union-attr]


def test_the_network_app_says_on_the_table_that_the_settings_file_had_problems(tmp_path):
    """A damaged settings file was moved aside without a word in gin-tui host and join."""
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.app_start import make_network_app
    from ginrummy_tui.session.local import Session

    (tmp_path / "settings.json").write_text('{"theme": 7, "ascii": true}')
    app = make_network_app(Session(), parse_command_line(["join", "h:1", "--data-dir", str(tmp_path)]))
    [note] = app.context.notes
    assert note.startswith("Your settings file had problems, and was moved to ") and ". The theme is not readable (7)." in note
    assert app.ascii_only  # the good values are kept


MOVE_KEYS = ("enter", "k", "g", "b", "s", "d", "t", "p")
"""Every key of a move (some of them hidden in the phase on the table: those do nothing)."""


async def refusals_of_the_move_keys(app, pilot) -> set[str]:
    """The reasons the table gives to each move key pressed in turn (the sort key is not a move)."""
    from ginrummy_tui.tui.widgets.hand import HandView

    app.table.query_one(HandView).select(0)  # a card to throw, knock or go gin with
    said = set()
    for key in MOVE_KEYS:
        app.table.clear_refusal()
        await pilot.press(key)
        said.add(app.table.refusal)
    return said - {""}


async def test_move_keys_while_the_guest_is_away_say_the_host_waits_for_them_and_none_is_offered():
    """The host has drawn and the guest's terminal closed: the line said "Waiting for opponent —
    join code …  Discard (⏎)." and Enter answered "✗ Not now." without saying why."""
    from ginrummy_tui.tui.app import make_app

    server = MatchServer(new_game(PRESETS["multiplayer-1.5"], seed=SEED), names=("Ann", "Guest"), port=0)
    await server.start()
    ann = RemoteSession(
        *server.address, server.codes[0], "Ann", join_code=server.join_code, address_hint="127.0.0.1:7531"
    )
    bob = GameClient(*server.address, server.codes[1], "Bob", heartbeat=0)
    await ann.connect()
    assert ann.blocked() == "waiting for Guest to join"  # no guest yet: none to come back
    await bob.connect()
    app = make_app(session=ann, pause=0)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            prompt = app.table.query_one("#prompt")
            await until_app(pilot, lambda: app.table.v is not None and app.table.v.legal_actions != ())
            await pilot.press("s")
            await until_app(pilot, lambda: app.table.v.phase == "discard" and "Discard" in prompt.plain)
            assert [str(n.message) for n in app._notifications][-1] == "Bob joined."
            await bob.close()
            # the move clock stays, paused (the address, then whose move it is, give it room)
            waiting = f"Waiting for Bob to come back — join code {server.join_code} · ⏱ 30 s (paused)"
            await until_app(pilot, lambda: app.table.v.legal_actions == () and prompt.plain.startswith(waiting[:50]))
            waiting = prompt.plain
            assert re.fullmatch(rf"Waiting for Bob to come back — join code {server.join_code} · ⏱ (29|30) s \(paused\)",
                                waiting)
            assert app.table.v.my_turn
            assert "Discard" not in prompt.plain  # no move is offered while the game waits
            # the host is told that Bob left (the line named nobody: "Waiting for opponent")
            said = [str(n.message) for n in app._notifications]
            assert said[-1] == "Bob left the table: the game waits for them to come back."
            # a move key marks the line, which says why: it added "✗ Not now (waiting for Bob to
            # come back)." after it, and the whole wrapped even at 100 columns
            assert await refusals_of_the_move_keys(app, pilot) == {"not now"}
            assert prompt.plain == "✗ " + waiting and prompt.has_class("-refused") and prompt.lines == 1
            await pilot.press("h")  # the hint key too
            assert app.table.refusal == "no hint now" and prompt.plain == "✗ " + waiting
            assert len(server.state.hands[0]) == 11  # nothing was played
            bob = GameClient(*server.address, server.codes[1], "Bob", heartbeat=0)
            await bob.connect()
            await until_app(pilot, lambda: "✗" not in prompt.plain and "Discard" in prompt.plain)
            assert [str(n.message) for n in app._notifications][-1] == "Bob is back at the table."
    finally:
        await ann.aclose()
        await server.close()


async def test_a_guest_is_told_when_the_host_is_back():
    """The host quit mid-hand and was started again: the guest's line went from "Offline for
    14 s: the host stopped…" straight to "Ann is to move…", with no note, while the host's
    player was told "Bob is back at the table."."""
    from ginrummy_tui.tui.app import make_app

    state = new_game(PRESETS["standard"], seed=SEED)
    server = MatchServer(state, names=("Ann", "Guest"), port=0, auth_delay=0.01)
    await server.start()
    host, port = server.address
    codes = dict(server.codes)
    ann = GameClient(host, port, codes[0], "Ann", heartbeat=0)
    bob = RemoteSession(host, port, codes[1], "Bob", retry_every=0.1)
    await ann.connect()
    await bob.connect()
    app = make_app(session=bob, pause=0)
    again = None
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await until_app(pilot, lambda: app.table is not None and app.table.v is not None and bob.opponent_here)
            await server.close()  # the host quits
            await ann.close()
            await until_app(pilot, lambda: not bob.online)
            notes = len(app._notifications)

            def told() -> list[str]:
                return [str(n.message) for n in list(app._notifications)[notes:]]

            again = MatchServer(state, names=("Ann", "Bob"), codes=codes, port=port, auth_delay=0.01)
            await again.start()  # ... and is started again, Bob back before Ann's own seat
            await until_app(pilot, lambda: bob.online)
            await pilot.pause()
            assert told() == ["Connected to the host again: the game waits for Ann to come back."]
            ann = GameClient(host, port, codes[0], "Ann", heartbeat=0)
            await ann.connect()
            await until_app(pilot, lambda: len(told()) == 2)
            assert told()[1] == "Ann is back at the table."  # not "Ann left the table" before it
            await again.close()  # the host quits again, and is started again, its own seat first
            await ann.close()
            await until_app(pilot, lambda: not bob.online)
            notes = len(app._notifications)
            again = MatchServer(state, names=("Ann", "Bob"), codes=codes, port=port, auth_delay=0.01)
            await again.start()
            ann = GameClient(host, port, codes[0], "Ann", heartbeat=0)
            await ann.connect()
            await until_app(pilot, lambda: bob.online and bob.opponent_here)
            await until_app(pilot, lambda: told() and told()[-1].endswith(("goes on.", "back at the table.")))
            # Bob back before Ann's seat or after it: told the connection is back, and no "left the table"
            assert told()[0].startswith("Connected to the host again: ")
            assert not any("left the table" in note for note in told())
    finally:
        await bob.aclose()
        await ann.close()
        await server.close()
        if again is not None:
            await again.close()


async def test_a_guest_is_told_when_the_host_is_back_under_another_name():
    """The host was stopped mid-match and started again with --name Evil: the guest was told
    only "Connected to the host again: the match goes on.", its table silently calling the
    other player Evil where it had said Ann."""
    from ginrummy_tui.tui.app import make_app

    state = new_game(PRESETS["standard"], seed=SEED)
    server = MatchServer(state, names=("Ann", "Guest"), port=0, auth_delay=0.01)
    await server.start()
    host, port = server.address
    codes = dict(server.codes)
    ann = GameClient(host, port, codes[0], "Ann", heartbeat=0)
    bob = RemoteSession(host, port, codes[1], "Bob", retry_every=0.1)
    await ann.connect()
    await bob.connect()
    app = make_app(session=bob, pause=0)
    again = None
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await until_app(pilot, lambda: app.table is not None and app.table.v is not None and bob.opponent_here)
            await server.close()  # the host quits
            await ann.close()
            await until_app(pilot, lambda: not bob.online)
            notes = len(app._notifications)

            def told() -> list[str]:
                return [str(n.message) for n in list(app._notifications)[notes:]]

            # started again as Evil, its own seat first: the guest is told who Evil is
            again = MatchServer(state, names=("Evil", "Bob"), codes=codes, port=port, auth_delay=0.01)
            await again.start()
            ann = GameClient(host, port, codes[0], "Evil", heartbeat=0)
            await ann.connect()
            await until_app(pilot, lambda: bob.online and bob.opponent_here and bool(told()))
            await pilot.pause()
            assert told() == ["Connected to the host again: the match goes on, with Ann now called Evil."]
            assert bob.opponent_name == "Evil"
            # started again as Ann, the guest back before the host's own seat: told while it waits
            await again.close()
            await ann.close()
            await until_app(pilot, lambda: not bob.online)
            notes = len(app._notifications)
            await again.close()
            again = MatchServer(state, names=("Ann", "Bob"), codes=codes, port=port, auth_delay=0.01)
            await again.start()
            await until_app(pilot, lambda: bob.online and bool(told()))
            await pilot.pause()
            assert told() == ["Connected to the host again: the game waits for Evil, now called Ann, to come back."]
            ann = GameClient(host, port, codes[0], "Ann", heartbeat=0)
            await ann.connect()
            await until_app(pilot, lambda: len(told()) == 2)
            assert told()[1] == "Ann is back at the table."  # the new name was told already
    finally:
        await bob.aclose()
        await ann.close()
        await server.close()
        if again is not None:
            await again.close()


async def test_a_guest_who_comes_back_to_a_restarted_host_is_back_not_new(tmp_path):
    """The host was killed (kill -9) and started again: when Bob rejoined, its toast said
    "Bob joined." and, until then, its line "Waiting for Bob to join", though Bob had held
    the seat all along."""
    from ginrummy_tui.cli.host import SAVE_NAME, SaveReporter, match_server, prepare_match
    from ginrummy_tui.storage.store import Store
    from ginrummy_tui.tui.app import make_app

    def hosted(port: int = 0):
        keeper, state, code = prepare_match(Store(tmp_path, SAVE_NAME), rules_name=None, seed=SEED, new=False,
                                            name="Ann", say=lambda text: None, record=False)
        server = match_server(SaveReporter(keeper), state, code, name="Ann", port=port, auth_delay=0.01)
        return keeper, server

    keeper, server = hosted()
    await server.start()
    host, port = server.address
    bob = GameClient(host, port, server.join_code, "Bob", heartbeat=0)
    await bob.connect()
    await server.close()  # killed: only what was saved as it went stands
    await bob.close()
    keeper.close_history()
    keeper, server = hosted(port)
    await server.start()
    ann = RemoteSession(host, port, server.host_code, "Ann", join_code=server.join_code)
    await ann.connect()
    app = make_app(session=ann, pause=0)
    try:
        async with app.run_test(size=(100, 30), notifications=True) as pilot:
            await until_app(pilot, lambda: app.table is not None and app.table.v is not None)
            assert ann.status().startswith("Waiting for Bob to come back — join code ")
            bob = GameClient(host, port, server.join_code, "Bob", heartbeat=0)
            await bob.connect()
            await until_app(pilot, lambda: ann.opponent_here)
            await pilot.pause()
            assert [str(n.message) for n in app._notifications][-1] == "Bob is back at the table."
            await bob.close()
    finally:
        await ann.aclose()
        await server.close()
        keeper.close_history()


@contextlib.asynccontextmanager
async def _bob_in_the_app_at_anns_table(size: tuple[int, int], clock: FakeClock | None = None):
    """A match hosted with Ann at the table (a plain client) and Bob in the app, joined and
    running at ``size``: yields the server, Ann's client, Bob's session, the app and its pilot.
    With ``clock``, the host's move clock keeps that time (moved by the test only)."""
    from ginrummy_tui.tui.app import make_app

    server = MatchServer(new_game(PRESETS["multiplayer-1.5"], seed=SEED), names=("Ann", "Guest"), port=0, clock=clock)
    await server.start()
    ann = GameClient(*server.address, server.codes[0], "Ann", heartbeat=0)
    bob = RemoteSession(*server.address, server.codes[1], "Bob", retry_every=0.1)
    await ann.connect()
    await bob.connect()
    app = make_app(session=bob, pause=0)
    try:
        async with app.run_test(size=size) as pilot:
            yield server, ann, bob, app, pilot
    finally:
        await bob.aclose()
        await ann.close()
        await server.close()


async def test_while_the_host_is_gone_the_guest_is_told_how_long_and_then_that_q_leaves():
    """The host quit on its own turn: the guest's line said "Connection lost — reconnecting… (the
    host closed the match)  Ann is to move…" for as long as it lasted, with no count, the prompt
    stale (nothing moves) and nothing said of leaving."""
    from ginrummy_tui.net import remote_session

    async with _bob_in_the_app_at_anns_table((100, 30), clock=FakeClock()) as (server, ann, bob, app, pilot):
        prompt = app.table.query_one("#prompt")
        await until_app(pilot, lambda: app.table.v is not None and "Ann is to move" in prompt.plain)
        await server.close()
        await until_app(pilot, lambda: "Connection lost" in prompt.plain)
        # the move clock stays, paused, with the time left as the host last said it: its 30 s, the
        # connection lost as it said so (the seconds a loaded machine takes to start the app are
        # counted down on the guest's side, and are not what is tested here)
        assert bob._lost_at is not None and bob.client is not None and bob.client.clock is not None
        assert bob.client.clock["remaining"] == 30.0 and bob.client.clock["running"]
        bob.client.clock_stamp = bob._lost_at
        app._tick_clock()
        assert prompt.plain == "Connection lost: the host stopped; the match is saved · ⏱ 30 s (paused)"
        left = "30"
        bob._lost_at -= 7  # as if seven seconds had gone by
        bob.client.clock_stamp -= 7
        app._tick_clock()
        # how long ago: "reconnecting (7 s)", counting up, read like the time left
        assert prompt.plain == f"Offline for 7 s: the host stopped; the match is saved · ⏱ {left} s (paused)"
        bob._lost_at -= remote_session.LEAVE_AFTER  # and half a minute more
        bob.client.clock_stamp -= remote_session.LEAVE_AFTER
        app._tick_clock()
        line = prompt.plain
        assert line == f"Offline for 37 s · q leaves; the match is saved · ⏱ {left} s for Ann (paused)"  # shorter: whose clock fits
        # saved, not kept: started again with --new on another port, the host gives the match up, and this game
        # cannot be told; so the quit question promises nothing either
        # what must happen for the seat to come back is said: the host starting the match again
        assert bob.at_quit() == (
            "the match is saved on the host; 'gin-tui join' with the same code takes your seat back"
            " once the host starts the match again"
        )


async def test_move_keys_while_the_host_is_gone_say_the_guest_is_not_connected_and_none_is_offered():
    """The guest's side of a paused game: the host's terminal closed while the guest was to discard."""
    async with _bob_in_the_app_at_anns_table((80, 24)) as (server, ann, bob, app, pilot):
        prompt = app.table.query_one("#prompt")
        await until_app(pilot, lambda: bob.client is not None and bob.client.view is not None)
        await ann.submit(Action("draw stock"))
        # Ann's own client has the host's answer too: her discard is made on the position after her draw
        await until_app(pilot, lambda: bob.client.view.hand_no == 1 and len(bob.client.view.history) == 1
                        and ann.seq == server.seq)
        await ann.submit(Action("discard", server.state.hands[0][0]))
        await until_app(pilot, lambda: app.table.v.my_turn)
        await pilot.press("s")
        await until_app(pilot, lambda: app.table.v.phase == "discard" and "Discard" in prompt.plain)
        await server.close()
        await until_app(pilot, lambda: app.table.v.legal_actions == () and "Connection lost" in prompt.plain)
        assert "Discard" not in prompt.plain
        assert await refusals_of_the_move_keys(app, pilot) == {"not now"}
        # the line of the lost connection is the reason, marked: it said "Connection lost —
        # reconnecting… (…)  ✗ Not now (not connected to the host: reconnecting)." and, at 80
        # columns, wrapped onto a second line
        line = prompt.plain
        assert line.startswith(("✗ Connection lost", "✗ Offline for ")) and line.count("(paused)") == 1
        assert prompt.has_class("-refused") and prompt.lines == 1
        await pilot.press("h")  # the hint key too, dimmed on the key bar as the moves are
        # the same line, but the time offline, which may have gone on meanwhile ("Connection lost"
        # becoming "Offline for 1 s" between the two looks)
        def same(text: str) -> str:
            return re.sub(r"Connection lost|Offline for \d+ s", "OFFLINE", text)

        assert app.table.refusal == "no hint now" and same(prompt.plain) == same(line)
        assert app.table.check_action("hint", ()) is None


async def test_a_refusal_made_while_connected_goes_when_the_host_stops():
    """h on the other player's turn ("✗ A hint is for your own turn."), then the host quit: the
    refusal stayed after the offline line, wrapping it onto two lines at 80 columns, 30 s on
    and under the final "Disconnected: …" too."""
    async with _bob_in_the_app_at_anns_table((80, 24)) as (server, ann, bob, app, pilot):
        prompt = app.table.query_one("#prompt")
        await until_app(pilot, lambda: app.table.v is not None and "Ann is to move" in prompt.plain)
        await pilot.press("h")
        await until_app(pilot, lambda: "✗ A hint is for your own turn." in prompt.plain)
        await server.close()
        await until_app(pilot, lambda: "Connection lost" in prompt.plain or "Offline for" in prompt.plain)
        await pilot.pause()
        assert "hint" not in prompt.plain and app.table.refusal == ""
        assert prompt.lines == 1 and not prompt.has_class("-refused")


def test_a_server_only_host_stopped_with_ctrl_c_prints_the_command_that_resumes_its_match(tmp_path, capsys, monkeypatch):
    """``gin-tui host --server-only`` stopped with Ctrl+C said only "stopped (Ctrl+C).": it
    says, as the hosted game does, that the match is saved, with both players' join codes,
    and the command that resumes it, with its options, on a line of its own."""
    import shlex

    import ginrummy_tui.cli
    from ginrummy_tui.cli import host as host_cli
    from ginrummy_tui.cli import main, parse_command_line

    monkeypatch.delenv("GIN_TUI_HOME", raising=False)
    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    monkeypatch.setattr(host_cli, "_serve_until_interrupted", lambda thread: thread.stop() or "Ctrl+C")  # at once
    data = tmp_path / "my data"
    assert main(["host", "--server-only", "--port", "0", "--data-dir", str(data), "--rules", "oklahoma"]) == 130  # as Ctrl+C ends sim and join
    out = capsys.readouterr().out.splitlines()
    first = next(line.split(": ")[1] for line in out if line.startswith("Player 1's join code: "))
    second = next(line.split(": ")[1] for line in out if line.startswith("Player 2's join code: "))
    port = int(next(line for line in out if "listening on 127.0.0.1:" in line).split(":")[2].split()[0])
    command = f"gin-tui host --server-only --data-dir '{data}' --port {port}"  # the port the system picked
    assert out[-3:] == [
        "gin-tui host: stopped (Ctrl+C).",
        f"gin-tui host: the match is saved; this resumes it with the same join codes, {first} (player 1's) "
        f"and {second} (player 2's):",
        f"  {command}",
    ]
    again = parse_command_line(shlex.split(command)[1:])
    assert (again.server_only, again.data_dir, again.port, again.new) == (True, str(data), port, False)


def test_a_hosted_match_whose_save_may_not_be_read_is_left_in_place_and_not_saved_over(tmp_path, unreadable):
    """network.json writable but not readable (0200) was moved aside as damaged and the new
    match saved in its place: it is left as it is, said so with its path, and the match
    hosted meanwhile is neither saved over it nor recorded."""
    from ginrummy_tui.cli import host as host_cli
    from ginrummy_tui.storage.store import Store

    store = Store(tmp_path, host_cli.SAVE_NAME)
    keeper, _, _ = host_cli.prepare_match(store, rules_name="standard", seed=SEED, new=False, name="Ann",
                                          say=lambda text: None)
    keeper.store.lock.release()
    saved = tmp_path / host_cli.SAVE_NAME
    before = saved.read_bytes()
    unreadable(saved)
    said: list[str] = []
    notes: list[str] = []
    store = Store(tmp_path, host_cli.SAVE_NAME)
    keeper, state, _ = host_cli.prepare_match(store, rules_name="standard", seed=SEED, new=False, name="Ann",
                                              say=said.append, notes=notes)
    assert notes == [f"Your saved match {saved} cannot be read (Permission denied); it is left as it is. "
                     "This match is not saved, nor recorded in your statistics; "
                     "once that file may be read, the match in it is resumed."]
    assert said[0] == f"gin-tui host: {notes[0]}"
    assert keeper.failing and not keeper.record and keeper.errors == []
    keeper.on_change(state)
    keeper.flush()
    assert saved.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == [host_cli.SAVE_NAME]


def test_the_resume_and_rejoin_commands_name_the_data_directory_whole(monkeypatch, tmp_path):
    """``--data-dir games`` or a relative GIN_TUI_HOME was printed as given in the
    commands that resume the match and take the seat back: run from another
    directory, they found another match.  They name it from /, and a name with
    both kinds of quote marks splits back to the same words."""
    import shlex

    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.host import closing_words, resume_command
    from ginrummy_tui.cli.join import rejoin_command

    class Keeper:
        failing = False

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GIN_TUI_HOME", raising=False)
    games = str(tmp_path / "games")
    assert resume_command(parse_command_line(["host", "--data-dir", "games"]), 7531) == (
        f"gin-tui host --data-dir {shlex.quote(games)}")
    assert rejoin_command(parse_command_line(["join", "127.0.0.1:7911", "--data-dir", "games"])) == (
        f"gin-tui join 127.0.0.1:7911 --data-dir {shlex.quote(games)}")
    monkeypatch.setenv("GIN_TUI_HOME", "games")
    assert shlex.split(resume_command(parse_command_line(["host"]), 7531))[-1] == games
    assert shlex.split(rejoin_command(parse_command_line(["join", "127.0.0.1:7911"])))[-1] == games
    monkeypatch.setenv("HOME", str(tmp_path))
    assert shlex.split(resume_command(parse_command_line(["host", "--data-dir", "~/games"]), 7531))[-1] == games
    monkeypatch.delenv("GIN_TUI_HOME")

    odd = str(tmp_path / "Ann's \"games\"")
    host_args = ["host", "--data-dir", odd, "--port", "7911", "--name", "Ann \"O'Neil\""]
    command = resume_command(parse_command_line(host_args), 7911)
    assert shlex.split(command) == ["gin-tui", *host_args]
    join_args = ["join", "127.0.0.1:7911", "--name", "Bob's \"seat\"", "--data-dir", odd]
    assert shlex.split(rejoin_command(parse_command_line(join_args))) == ["gin-tui", *join_args]
    # in the quit question's words, what stands between the outer quote marks is the command
    words = closing_words(False, Keeper(), [], "J4D6-9E27", command)[0]  # type: ignore[arg-type]
    quoted = words.removeprefix("the match is saved; ").partition(" resumes it")[0]
    assert quoted[0] == quoted[-1] and shlex.split(quoted[1:-1]) == ["gin-tui", *host_args]


async def test_a_guest_shut_out_for_good_is_offered_no_moves_nor_hint_and_asked_to_quit_a_match_ended_for_it():
    """The host started a new match: the guest's table said so, but the hint stayed under it,
    the key bar still offered "t Take  p Pass … h Hint", and q asked "Quit in the middle of the hand?"."""
    from ginrummy_tui.net import protocol as P
    from ginrummy_tui.tui.widgets.key_bar import KeyBar

    async with _bob_in_the_app_at_anns_table((80, 24)) as (server, ann, bob, app, pilot):
        prompt = app.table.query_one("#prompt")
        await until_app(pilot, lambda: bob.client is not None and bob.client.view is not None)
        await ann.submit(Action("draw stock"))
        # Ann's own client has the host's answer too: her discard is made on the position after her draw
        await until_app(pilot, lambda: bob.client.view.hand_no == 1 and len(bob.client.view.history) == 1
                        and ann.seq == server.seq)
        await ann.submit(Action("discard", server.state.hands[0][0]))
        await until_app(pilot, lambda: app.table.v.my_turn)
        bar = app.screen.query_one(KeyBar)
        await until_app(pilot, lambda: "Hint" in str(bar.render()))
        await server.close()  # the host quits; when it is back, it refuses this seat for good (a new match)
        await until_app(pilot, lambda: "Connection lost" in prompt.plain)
        bob.problem, bob.gave_up, bob.refused_with, bob.new_match = (
            "the host started a new match; ask for its code", True, P.E_CODE, True)
        bob.changed()
        await until_app(pilot, lambda: "new match" in prompt.plain)
        await pilot.pause()
        keys = str(bar.render())
        assert "Hint" not in keys and "Draw" not in keys and "Stock" not in keys, keys
        assert "Quit" in keys
        await pilot.press("q")
        await until_app(pilot, lambda: app.screen.query("#confirm-text"))
        assert str(app.screen.query_one("#confirm-text").render()) == "Quit? The match has ended for this seat."
        assert "started a new match" in str(app.screen.query_one("#confirm-note").render())


async def test_the_hosts_note_of_a_damaged_save_is_shown_whole_in_parts_join_code_and_all():
    """At 80x24 the note ended "... A new match / has started. The new match has" in its
    toast, with no "…": the new join code was never shown on the table."""
    from textual.widgets._toast import Toast

    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.host import host_app

    from .app_helpers import screen_text

    note = ("Your saved match could not be used: it is not valid JSON (line 1, column 41). The file was moved "
            "to /tmp/pytest-of-ann/pytest-12/test_host_0/games/network.json.damaged-20261204-123508. A new match has started. The new match has a "
            "new join code, K7Q2-9X4M: the other player must join with it.")
    server = MatchServer(new_game(PRESETS["standard"], seed=SEED), names=("Ann", "Guest"), port=0)
    await server.start()
    ann = RemoteSession(*server.address, server.codes[0], "Ann", retry_every=0.1)
    await ann.connect()
    app = host_app(ann, parse_command_line(["host", "--name", "Ann"]), [note])
    shown: list[str] = []
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await until_app(pilot, lambda: app.start_notes is not None and list(app.screen.query(Toast)))
            while True:
                toasts = list(app.screen.query(Toast))
                for toast in toasts:
                    await pilot.pause()
                    text = " ".join(str(toast.render()).split())
                    if text not in shown:
                        shown.append(text)
                        # whole in its toast: its last words on the screen
                        on_screen = screen_text(app).split()
                        assert text.split()[-1] in on_screen and text.split()[-4] in on_screen, text
                if not app.start_notes.unshown():
                    break
                app.clear_notifications()
                app.start_notes._next()  # the next part, without waiting for its time
                await pilot.pause()
    finally:
        await ann.aclose()
        await server.close()
    assert len(shown) >= 2  # in parts
    assert "".join(shown).replace(" ", "") == note.replace(" ", "")  # all of it (a path is cut into lines)
    assert any("K7Q2-9X4M" in part for part in shown)


def test_the_host_does_not_print_again_after_closing_the_notes_it_printed_at_start(capsys):
    """gin-tui host prints what happened at start before the table comes; quit
    before the table had shown those notes, they were printed a second time
    under the first (the terminal shows the first again once the table closes).
    A note the table had of its own is still printed once."""
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.host import host_app
    from ginrummy_tui.cli.play import back_in_the_terminal

    printed = "the match cannot be saved: the data directory /nowhere is not usable (Permission denied); it is played unsaved."
    own = "Your settings file had problems, and was moved to /tmp/settings.json.damaged-1."
    session = RemoteSession("127.0.0.1", 9, "AAAA-BBBB", "Ann")  # never connected
    app = host_app(session, parse_command_line(["host", "--name", "Ann"]), [printed])
    app.context.notes.append(own)
    back_in_the_terminal(app, "gin-tui host")  # closed before the notes' turn
    err = " ".join(capsys.readouterr().err.split())
    assert "played unsaved" not in err
    assert err.count("gin-tui host: Your settings file had problems") == 1


def test_host_refuses_a_knock_limit_with_oklahoma_before_anything_starts(tmp_path, monkeypatch, capsys):
    """gin-tui host --rules oklahoma --rule knock_limit=5 hosted a match whose rules named a
    knock limit the upcard set all the same."""
    import ginrummy_tui.cli
    from ginrummy_tui.cli import host as host_cli
    from ginrummy_tui.cli import main

    def started(*args, **kwargs):
        raise AssertionError("the match was prepared")

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    monkeypatch.setattr(host_cli, "prepare_match", started)
    assert main(["host", "--data-dir", str(tmp_path), "--port", "0", "--rules", "oklahoma", "--rule", "knock_limit=5"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("gin-tui host: --rule knock_limit=5 does not go with Oklahoma (--rules oklahoma)")
    assert list(tmp_path.iterdir()) == []  # nothing saved, no server started


async def test_host_and_guest_under_the_same_login_name_are_told_apart_on_both_tables(monkeypatch):
    """Host and guest under one login name, neither giving --name: the host's table named the
    guest "alice" ("alice joined.", "Waiting for alice"), its own player's name, and the guest's
    record of the host the same as its own.  The guest is now "alice 2" to the host, at a rejoin
    too, and its own table tells it so once, naming the host "alice" as before."""
    import getpass

    from ginrummy_tui.net import protocol as P
    from ginrummy_tui.tui.app import make_app

    from .app_helpers import screen_text

    monkeypatch.setattr(getpass, "getuser", lambda: "alice")
    login = P.player_name(None, "Host")  # neither gives --name: both play under the login name
    assert login == P.player_name(None, "Guest") == "alice"
    server = MatchServer(new_game(PRESETS["standard"], seed=SEED), names=(login, "Guest"), port=0, auth_delay=0.01)
    await server.start()
    host = RemoteSession(*server.address, server.codes[0], login, join_code=server.join_code)
    guest = RemoteSession(*server.address, server.codes[1], login)
    await host.connect()
    app = make_app(session=host, pause=0)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await until_app(pilot, lambda: app.table.v is not None)
            await guest.connect()
            await until_app(pilot, lambda: host.opponent_here)
            await until_app(pilot, lambda: "alice 2 joined." in [str(n.message) for n in app._notifications])
            assert server.names == ["alice", "alice 2"]
            assert host.opponent_name == "alice 2" and guest.opponent_name == "alice"
            shown = screen_text(app)
            assert "alice 2" in shown and "alice joined" not in shown, shown
            told = guest.take_news()
            assert told == ["The other player is called alice too: to them you are alice 2 "
                            "(--name gives you a name of your own)."]
            # the guest's terminal closes and it joins again, as alice: still alice 2, and told once more (a new run)
            await guest.aclose()
            await until_app(pilot, lambda: not host.opponent_here)
            guest = RemoteSession(*server.address, server.codes[1], login)
            await guest.connect()
            await until_app(pilot, lambda: host.opponent_here)
            assert server.names == ["alice", "alice 2"] and host.opponent_name == "alice 2"
            assert guest.take_news() == told
            assert guest.take_news() == []  # once
    finally:
        await guest.aclose()
        await host.aclose()
        await server.close()
    # a name of the longest kind is cut to make room for the number; another name is left as it is
    assert P.distinct_name("a" * 20, "A" * 20) == "a" * 18 + " 2"
    assert P.distinct_name("bob", "alice") == "bob"


def test_a_host_resuming_its_match_says_on_its_table_that_rules_and_seed_wait_for_a_new_match(tmp_path, monkeypatch):
    """gin-tui host --rules/--seed on a saved match printed that they apply to new matches only
    just before its table hid the terminal: the table says it too, as the local game's does."""
    from ginrummy_tui.cli import host as host_cli
    from ginrummy_tui.cli import parse_command_line

    told: list[list[str]] = []

    def play(args, thread, server, name, code, host, port, *, reporter, notes, give_up, until_joined=()):
        told.append(list(host_cli.host_app(RemoteSession(host, port, code), args, notes).context.notes))
        thread.stop()
        return 0

    monkeypatch.setattr(host_cli, "_play", play)
    start = ["host", "--port", "0", "--seed", str(SEED), "--data-dir", str(tmp_path)]
    assert host_cli.run(parse_command_line(start)) == 0
    assert host_cli.run(parse_command_line([*start[:-4], "--rules", "classic", "--seed", str(SEED + 1),
                                            "--data-dir", str(tmp_path)])) == 0
    assert host_cli.run(parse_command_line(["host", "--port", "0", "--rule", "knock_limit=7",
                                            "--data-dir", str(tmp_path)])) == 0
    assert host_cli.run(parse_command_line(start)) == 0  # the match's own seed: nothing to say
    first, both, rule, same = told
    resumed = [note for note in first + same if note.startswith("Resumed")]
    assert resumed == []
    assert ("Resumed your unfinished match with its own rules and deals; your --rules/--seed choice starts "
            "with the next match (or now with --new).") in both
    assert ("Resumed your unfinished match with its own rules; your --rule choice starts "
            "with the next match (or now with --new).") in rule


async def test_the_last_hand_s_end_says_at_once_that_the_host_is_gone_and_for_how_long():
    """The host was killed while the guest read the last hand's end: its line said nothing until
    ⏎, then "Not connected to the host: reconnecting", without the seconds or the reason that
    the table's line gives."""
    from textual.widgets import Static

    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    over = played_until(new_game(PRESETS["standard"].with_options(target=10), seed=SEED), ("match_over",))
    server = MatchServer(over, names=("Ann", "Guest"), port=0)
    await server.start()
    ann = GameClient(*server.address, server.codes[0], "Ann", heartbeat=0)
    bob = RemoteSession(*server.address, server.codes[1], "Bob", retry_every=0.1)
    await ann.connect()
    await bob.connect()
    app = make_app(session=bob, pause=0)

    def line() -> str:
        return "".join(str(shown.render()) for shown in app.screen.query("#summary-next").results(Static))

    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until_app(pilot, lambda: isinstance(app.screen, SummaryScreen) and bob.opponent_here and line() != "")
            assert line() == "⏎/Space: see the result of the match"
            await server.close()
            await until_app(pilot, lambda: "Connection lost" in line() or "Offline for" in line())
            assert re.fullmatch(  # said before ⏎, with the seconds and the reason
                r"(Connection lost|Offline for \d+ s): the host stopped; the match's result is saved\n"
                r"⏎/Space: see the result of the match", line()
            )
            assert bob._lost_at is not None
            bob._lost_at -= 7  # as if seven seconds more had gone by: said at the next second
            await until_app(pilot, lambda: re.match(r"Offline for ([7-9]|[1-9]\d+) s", line()) is not None)
            assert re.match(r"Offline for ([7-9]|[1-9]\d+) s: the host stopped; the match's result is saved\n", line())
            await pilot.press("enter")  # the result says it too, to fit 80 columns with q
            await until_app(pilot, lambda: isinstance(app.screen, MatchOverScreen))
            shown = app.screen.query_one("#match-next", Static)
            assert re.fullmatch(r"Offline for ([7-9]|[1-9]\d+) s: the host stopped; the match's result is saved · q: quit",
                                str(shown.render()))
    finally:
        await bob.aclose()
        await ann.close()
        await server.close()


async def test_a_host_that_quits_on_the_result_tells_the_guest_it_stopped_and_keeps_the_result():
    """The host quit on the match's result: the guest was told "Ann left the table: the game
    waits for them to come back.", as if it could wait for her at the table."""
    over = played_until(new_game(PRESETS["standard"].with_options(target=10), seed=SEED), ("match_over",))
    server = MatchServer(over, names=("Ann", "Guest"), port=0, auth_delay=0.01)
    thread = ServerThread(server)
    host, port = thread.start()
    changes = Changes()
    ann = RemoteSession(host, port, server.codes[0], "Ann", on_close=thread.stop, kept=lambda: "The match is kept.")
    bob = RemoteSession(host, port, server.codes[1], "Bob", retry_every=0.1)
    changes.listen(bob, "Bob")
    await ann.connect()
    await bob.connect()
    bobs = asyncio.create_task(bob.connection())
    try:
        await changes.until(lambda: bob.opponent_here)
        bob.take_news()
        await ann.aclose()  # Ann quits gin-tui host on the result
        await changes.until(lambda: not bob.online)
        await asyncio.sleep(0.2)
        assert [n for n in bob.take_news() if "left the table" in n] == []
        assert bob.problem == "the host stopped; the match's result is saved"
        assert bob.held_up(66) == "Connection lost: the host stopped; the match's result is saved"
    finally:
        await bob.aclose()
        await bobs
        thread.stop()


async def test_a_host_whose_app_quits_on_the_result_tells_the_guest_it_stopped_not_that_it_left():
    """`gin-tui host` quit with q on the match's result: its app's exit closed its seat's
    connection before its server, and the guest was told "Ann left the table: the game waits
    for them to come back."."""
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    over = played_until(new_game(PRESETS["standard"].with_options(target=10), seed=SEED), ("match_over",))
    server = MatchServer(over, names=("Ann", "Guest"), port=0, auth_delay=0.01)
    thread = ServerThread(server)
    host, port = thread.start()
    changes = Changes()
    ann = RemoteSession(host, port, server.codes[0], "Ann", on_close=thread.stop, kept=lambda: "The match is kept.")
    bob = RemoteSession(host, port, server.codes[1], "Bob", retry_every=0.1)
    changes.listen(bob, "Bob")
    await bob.connect()
    await ann.connect()
    bobs = asyncio.create_task(bob.connection())
    app = make_app(session=ann, pause=0)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until_app(pilot, lambda: isinstance(app.screen, SummaryScreen))
            await pilot.press("enter")
            await until_app(pilot, lambda: isinstance(app.screen, MatchOverScreen))
            bob.take_news()
            await pilot.press("q")  # Ann quits gin-tui host on the result
            await pilot.pause()
        await changes.until(lambda: not bob.online)
        await asyncio.sleep(0.2)
        assert [n for n in bob.take_news() if "left the table" in n] == []
        assert bob.problem == "the host stopped; the match's result is saved"
    finally:
        await bob.aclose()
        await bobs
        thread.stop()


def test_at_46_columns_waiting_for_a_long_double_width_name_to_go_on_keeps_its_last_word(monkeypatch):
    """At 46x21, after ⏎ New match, the line read "Waiting for Zoë 李小龍 the Magnifi… to go":
    the name's double-width characters take two columns each, and "on" fell off the edge.
    The line is measured in cells and the name cut so that its words stay whole."""
    from rich.cells import cell_len

    from ginrummy_tui.tui.screens.game_screen import status_room

    s = RemoteSession("127.0.0.1", 7531, "J4D6-9E27", "root")
    monkeypatch.setattr(RemoteSession, "opponent_name", property(lambda self: "Zoë 李小龍 the Magnifi…"))
    for name in ("online", "opponent_here"):
        monkeypatch.setattr(RemoteSession, name, property(lambda self: True))
    for name in ("host_silent", "opponent_too_small"):
        monkeypatch.setattr(RemoteSession, name, property(lambda self: False))
    monkeypatch.setattr(s, "_waiting_to_continue", lambda: True)
    monkeypatch.setattr(s, "clock", lambda: None)
    assert s.status() == "Waiting for Zoë 李小龍 the Magnifi… to go on"  # 80 columns: whole
    room = status_room(46)
    line = s.status(room)
    assert line.startswith("Waiting for Zoë 李小龍") and line.endswith("… to go on") and cell_len(line) <= room, line


async def test_at_46_columns_the_guests_offline_line_says_what_fits_whole():
    """At 46x21 the guest's line while the host was gone read "Offline for 5 s: the host
    stopped; the match", the rest ("is saved · ⏱ 27 s (paused)") cut off without a sign,
    at the top of its quit question as on the table.  A shorter form fits."""
    from rich.cells import cell_len

    from ginrummy_tui.net import remote_session
    from ginrummy_tui.tui.move_clock import ClockBadge
    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit
    from ginrummy_tui.tui.screens.game_screen import status_room

    async with _bob_in_the_app_at_anns_table((46, 21)) as (server, ann, bob, app, pilot):
        prompt = app.table.query_one("#prompt")
        await until_app(pilot, lambda: app.table.v is not None and bob.clock() is not None)
        await server.close()
        await until_app(pilot, lambda: "Connection lost" in prompt.plain)

        def lost_ago(seconds: float) -> None:
            """As if the connection had been lost ``seconds`` ago, the paused clock as it was then
            (the seconds the machine took to get here are not what is tested)."""
            assert bob._lost_at is not None and bob.client is not None
            shift = bob._lost_at - (time.monotonic() - seconds)
            bob._lost_at -= shift
            bob.client.clock_stamp -= shift

        lost_ago(7)  # as if seven seconds had gone by
        app._tick_clock()
        paused = re.fullmatch(r"Offline for (\d+) s · ⏱ (\d+) s \(paused\)", prompt.plain)
        assert paused is not None and int(paused[1]) == 7, prompt.plain
        await pilot.press("q")
        await until_app(pilot, lambda: isinstance(app.screen, ConfirmQuit) and bool(app.screen.query(ClockBadge)))
        badge = app.screen.query_one(ClockBadge)
        assert str(badge.render()).strip() == prompt.plain, str(badge.render())
        lost_ago(7 + remote_session.LEAVE_AFTER)  # and half a minute more
        app._tick_clock()
        line = bob.status(status_room(46))
        offline = re.fullmatch(r"Offline for (\d+) s · ⏱ (\d+) s \(paused\)", line)
        assert offline is not None and int(offline[1]) == 37 and offline[2] == paused[2] and cell_len(line) <= 40, line


async def test_an_app_that_exits_before_its_connection_runs_leaves_no_coroutine_unawaited():
    """An app of network play that ended at once after its table was shown (its workers
    cancelled before the loop ran the connection's) left the connection's coroutine made and
    never run: "coroutine 'RemoteSession._keep_connected' was never awaited", a warning in
    the test run's summary.  It is closed when the app ends."""
    import inspect

    from ginrummy_tui.session.context import AppContext
    from ginrummy_tui.session.local import LocalSession
    from ginrummy_tui.tui.app import GinApp

    made = []

    class Connected(LocalSession):
        """Stands in for a network session: it has a connection to keep."""

        async def _keep(self) -> None:
            await asyncio.sleep(0)

        def connection(self):
            made.append(self._keep())
            return made[-1]

    session = Connected(new_game(seed=1), opponent=None, opponent_name="Bob")
    app = GinApp(AppContext(session=session), pause=0)
    started = app._start_connection

    def start_then_quit() -> None:
        started()
        app.workers.cancel_group(app, "network")  # as the app's end does, before the worker's first step
        app.exit()

    app._start_connection = start_then_quit
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):
            if made:
                break
            await pilot.pause(0.01)
    assert len(made) == 1
    assert inspect.getcoroutinestate(made[0]) == inspect.CORO_CLOSED


async def test_a_join_under_the_players_own_name_does_not_lock_their_game_out_for_good():
    """A connection under the seat's own name (another join of the player's, or anyone with the
    code) took the seat while the player's game was away, then left: the game had been told
    "Bob took this seat and plays the match on", naming its own player, and had stopped
    reconnecting for good. It waits for the seat, saying why, and takes it back once free."""
    server, thread, seats, changes = quick_to_drop_the_silent()
    try:
        frozen = await frozen_bob_dropped(seats, server)
        second = await seats.join(server.join_code, "Bob", heartbeat=0.1)  # under the same name
        assert server.connected()[1]
        seats.tasks.append(asyncio.create_task(frozen.connection()))  # resumed: it reads its end, and rejoins
        await changes.until(lambda: "another connection as Bob holds the seat" in frozen.status())
        assert not frozen.gave_up and "took this seat" not in frozen.status()
        await second.aclose()  # the other connection leaves: the seat is the player's game's again
        await changes.until(lambda: frozen.online, timeout=15)
        assert not frozen.gave_up and server.connected()[1] and server.names[1] == "Bob"
        assert "another connection" not in frozen.status()
    finally:
        await seats.close()
        thread.stop()


def test_a_connection_that_broke_is_not_said_lost_twice():
    """"Connection lost: the connection to the host was lost": the reason a broken connection
    gave repeated the line's first words."""
    from ginrummy_tui.net import protocol as P

    s = RemoteSession("127.0.0.1", 7531, "J4D6-9E27", "Bob")
    s.problem = P.DROPPED
    line = s.status()
    assert line.startswith("Connection lost") and line.lower().count("connection") == 1, line


async def test_under_a_move_timer_the_host_s_line_keeps_where_to_join_before_the_paused_clock():
    """gin-tui host --port 0 --rules multiplayer-1.5: the line said "Waiting for Guest to join —
    join code 2VFJ-KRME · ⏱ 30 s for you (paused)", the address left out for the clock, and
    with --port 0 nothing else on the host's screen said where to join.  The address stays,
    the paused clock goes where both do not fit."""
    rules = PRESETS["multiplayer-1.5"].with_options(timer=30)
    server = MatchServer(new_game(rules, seed=SEED), names=("Ann", "Guest"), port=0, silent_after=NEVER_SILENT)
    host, port = await server.start()
    changes = Changes()
    seats = Seats(host, port, changes)
    try:
        ann = await seats.join(server.codes[0], "Ann", join_code=server.join_code, address_hint="127.0.0.1:45783")
        await changes.until(lambda: ann.paused_clock() is not None)
        assert ann.status() == f"Waiting for Guest to join — join code {server.join_code} (127.0.0.1:45783)"
        wide = ann.status(room=100)  # room for both
        assert wide == f"Waiting for Guest to join — join code {server.join_code} (127.0.0.1:45783) · ⏱ 30 s for you (paused)"
    finally:
        await seats.close()
        await server.close()


@pytest.mark.parametrize("joiner", ["Frank", "Eve"])
async def test_a_restarted_host_is_told_who_took_the_seat_or_came_back(joiner):
    """The guest (Eve) quit, the host was started again, waiting for Eve to come back, and
    Frank joined with the code: the host's table said "Frank is back at the table." (where,
    with no restart between, it said who took whose seat).  Eve herself is back at the table."""
    state = new_game(PRESETS["standard"], seed=SEED)
    server = MatchServer(state, names=("Ann", "Guest"), port=0, auth_delay=0.01)
    await server.start()
    host, port = server.address
    codes = dict(server.codes)
    changes = Changes()
    seats = Seats(host, port, changes)
    again = None
    try:
        ann = await seats.join(codes[0], "Ann")
        eve = await seats.join(codes[1], "Eve")
        await changes.until(lambda: ann.opponent_here)
        await eve.aclose()  # the guest quits ...
        await changes.until(lambda: not ann.opponent_here)
        table = server.table()
        await seats.close()
        await server.close()  # ... then the host, which is started again on its save
        again = MatchServer(state, names=("Ann", None), codes=codes, port=port, auth_delay=0.01, table=table)
        await again.start()
        changes = Changes()
        seats = Seats(host, port, changes)
        ann = await seats.join(codes[0], "Ann")
        assert ann.opponent_name == "Eve" and not ann.opponent_here
        await seats.join(codes[1], joiner)
        await changes.until(lambda: ann.opponent_here)
        if joiner == "Eve":
            assert ann.take_news()[-1] == "Eve is back at the table."
            return
        assert ann.take_news()[-1] == "Frank took Eve's seat."
        await seats.sessions[-1].aclose()  # Frank leaves, and comes back: he is back
        await changes.until(lambda: not ann.opponent_here)
        await seats.join(codes[1], "Frank")
        await changes.until(lambda: ann.opponent_here)
        assert ann.take_news()[-1] == "Frank is back at the table."
    finally:
        await seats.close()
        if again is not None:
            await again.close()
        else:
            await server.close()


@pytest.mark.parametrize("over", [False, True], ids=["mid-hand", "match-over"])
async def test_a_guest_who_quits_while_the_host_is_down_is_told_the_command_works_once_the_host_is_back(over):
    """The host stopped (mid-hand, or on the match's result) and the guest quit: its quit
    question said the same code takes the seat back once the host starts the match again,
    but its last line dropped that ("left the match; with the same code, this takes the seat
    back: …", or "left the match's result, which the host keeps for a new match; …"), where
    the command, run then, found nothing listening."""
    from ginrummy_tui.cli.join import left_note

    state = new_game(PRESETS["standard"], seed=SEED)
    if over:
        state = played_until(new_game(PRESETS["standard"].with_options(target=10), seed=SEED), ("match_over",))
    server = MatchServer(state, names=("Ann", "Guest"), port=0, auth_delay=0.01)
    await server.start()
    host, port = server.address
    changes = Changes()
    seats = Seats(host, port, changes)
    rejoin = f"gin-tui join 127.0.0.1:{port} --name Bob"
    try:
        await seats.join(server.codes[0], "Ann")
        bob = await seats.join(server.codes[1], "Bob")
        await changes.until(lambda: bob.opponent_here)
        await server.close()  # the host stops
        await changes.until(lambda: not bob.online)
        asked = bob.at_quit()
        assert asked.endswith("takes your seat back once the host starts the match again")
        await bob.aclose()  # the guest quits
        assert bob.at_quit() == asked
        assert left_note(bob, rejoin) == (
            "gin-tui join: left the match, which is saved on the host; with the same code, this takes the seat"
            f" back once the host starts the match again:\n  {rejoin}")
    finally:
        await seats.close()
        await server.close()


async def test_a_guest_who_quits_after_the_host_came_back_is_told_the_command_takes_the_seat_back():
    """The host stopped and was started again, the guest's game joined it again, then the guest
    quit (its connection running, as the app's worker, cancelled first): the command takes the
    seat back now, as before the host stopped."""
    from ginrummy_tui.cli.join import left_note

    state = new_game(PRESETS["standard"], seed=SEED)
    server = MatchServer(state, names=("Ann", "Guest"), port=0, auth_delay=0.01)
    await server.start()
    host, port = server.address
    codes = dict(server.codes)
    changes = Changes()
    seats = Seats(host, port, changes)
    again = None
    rejoin = f"gin-tui join 127.0.0.1:{port}"
    try:
        bob = await seats.join(codes[1], "Bob")
        await server.close()
        await changes.until(lambda: not bob.online)
        again = MatchServer(state, names=("Ann", "Bob"), codes=codes, port=port, auth_delay=0.01)
        await again.start()
        await changes.until(lambda: bob.online)
        seats.tasks[-1].cancel()  # the app's exit cancels the connection's worker, which closes it
        with contextlib.suppress(asyncio.CancelledError):
            await seats.tasks.pop()
        await bob.aclose()
        assert left_note(bob, rejoin) == f"gin-tui join: left the match; with the same code, this takes the seat back:\n  {rejoin}"
    finally:
        await seats.close()
        await (again or server).close()
