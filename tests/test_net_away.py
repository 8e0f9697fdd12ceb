"""A player away from a networked match: the guest suspended with Ctrl+Z, the move
clock while the game waits for a player, and the screens between hands and at the
match's result while the other player is away or has asked to go on."""

from __future__ import annotations

import asyncio
import contextlib
import time

import pytest

from ginrummy_tui.engine import PRESETS, Action, new_game
from ginrummy_tui.net.client import GameClient
from ginrummy_tui.net.remote_session import RemoteSession
from ginrummy_tui.net.server import MatchServer

from .test_net import NEVER_SILENT, SEED, FakeClock
from .test_net_session import until_app


@contextlib.asynccontextmanager
async def timed_match_with_bob_in_the_app(size: tuple[int, int] = (80, 24)):
    """A timed match (30 s a move, on a clock the test moves) hosted with Ann at the table (a
    plain client) and Bob in the app: yields the clock, the server, Ann, Bob's session, the app
    and its pilot, once Bob is to move, with 20 s left."""
    from ginrummy_tui.tui.app import make_app

    clock = FakeClock()
    server = MatchServer(new_game(PRESETS["multiplayer-1.5"], seed=SEED), names=("Ann", "Guest"), port=0, clock=clock)
    await server.start()
    ann = GameClient(*server.address, server.codes[0], "Ann", heartbeat=0)
    bob = RemoteSession(*server.address, server.codes[1], "Bob", retry_every=0.1)
    await ann.connect()
    await bob.connect()
    app = make_app(session=bob, pause=0)
    try:
        async with app.run_test(size=size) as pilot:
            await until_app(pilot, lambda: bob.client is not None and bob.client.view is not None)
            await ann.submit(Action("draw stock"))
            await ann.wait_for(lambda c: c.view is not None and len(c.view.history) == 1)
            await ann.submit(Action("discard", server.state.hands[0][0]))
            await until_app(pilot, lambda: app.table.v is not None and app.table.v.my_turn)
            clock.forward(10)
            yield clock, server, ann, bob, app, pilot
    finally:
        await bob.aclose()
        await ann.close()
        await server.close()


async def test_a_guest_suspended_with_ctrl_z_leaves_its_seat_and_its_clock_waits(monkeypatch):
    """The guest pressed Ctrl+Z on its own turn: the host's clock ran on while it was stopped
    and the guest lost the match on time. Its seat is left first (the game and the clock wait,
    as for a player who quit) and taken back after ``fg``, with the time it had left."""
    from ginrummy_tui.tui import suspend

    async with timed_match_with_bob_in_the_app() as (clock, server, ann, bob, app, pilot):
        stopped: list[bool] = []

        def stop_here() -> None:  # instead of SIGTSTP: the app stays stopped until the test says fg
            stopped.append(True)

        monkeypatch.setattr(suspend, "can_suspend", lambda _app: True)
        app.action_suspend_process = stop_here
        assert server._clock_message() == {"seat": 1, "limit": 30, "remaining": 20.0, "running": True}
        await pilot.press("ctrl+z")
        await until_app(pilot, lambda: bool(stopped))
        # the host, running on, sees the seat left (it was still held) and stops the clock
        await until_app(pilot, lambda: server.connected() == (True, False))
        assert server._clock_message() == {"seat": 1, "limit": 30, "remaining": 20.0, "running": False}
        await asyncio.sleep(0.3)  # three times the session's reconnecting delay: not taken back while stopped
        assert server.connected() == (True, False)
        clock.forward(600)  # ten minutes in the shell
        assert server.state.phase == "draw" and server.state.result is None
        app._resume_signal()  # fg
        # back: the seat taken again, the clock going on from where it was
        await until_app(pilot, lambda: bob.online and server.connected() == (True, True))
        assert server.state.phase == "draw" and server.state.result is None
        assert server._clock_message() == {"seat": 1, "limit": 30, "remaining": 20.0, "running": True}
        await until_app(pilot, lambda: ann.connected == [True, True] and bob.client.clock["running"])
        assert bob.client.clock["remaining"] == 20.0
        # the 20 s the host's clock kept, shown as the host's word came (the guest counts down from
        # then: the time a loaded machine takes to get here is not what is tested)
        bob.client.clock_stamp = time.monotonic()
        app._tick_clock()
        shown = app.clock_line + " " + app.table.query_one("#prompt").plain
        assert "⏱ 20 s for you" in shown, shown


async def test_the_hosts_own_seat_is_kept_through_ctrl_z():
    """The host's process stops with its server, which gives the time back itself: its seat stays."""
    clock = FakeClock()
    server = MatchServer(new_game(PRESETS["multiplayer-1.5"], seed=SEED), port=0, clock=clock)
    await server.start()
    ann = RemoteSession(*server.address, server.codes[0], "Ann", away_when_suspended=False)
    try:
        await ann.connect()
        await ann.step_away()
        assert ann.online and not ann.away and server.connected() == (True, False)
    finally:
        await ann.aclose()
        await server.close()


@pytest.mark.parametrize("guest", ["Bob", "Bartholomew Longname"])  # and a name of the 20 letters a name may have
async def test_the_move_clock_stays_on_the_line_paused_while_a_player_is_away(guest):
    """While the game waited for a player the line lost the move clock: the host's said "Waiting
    for Bob to come back — join code …", the guest's "Offline for 1 s — reconnecting…". It
    stays, paused, with the time left, within the 74 columns of the line at 80."""
    from ginrummy_tui.net import remote_session

    clock = FakeClock()
    server = MatchServer(new_game(PRESETS["multiplayer-1.5"], seed=SEED), names=("Ann", "Guest"), port=0,
                         clock=clock)
    await server.start()
    ann = RemoteSession(*server.address, server.codes[0], "Ann", join_code=server.join_code,
                        address_hint="127.0.0.1:7531", retry_every=0.1)
    bob = RemoteSession(*server.address, server.codes[1], guest, retry_every=0.1)
    await ann.connect()
    await bob.connect()
    tasks = [asyncio.create_task(s.connection()) for s in (ann, bob)]
    try:
        await ann.client.wait_for(lambda c: c.connected == [True, True])
        clock.forward(10)  # Ann, to move, has 20 s left
        assert bob.client is not None
        await bob.client.close()  # the guest's terminal closed
        await ann.client.wait_for(lambda c: c.connected == [True, False])
        line = ann.status()
        assert "⏱ 20 s" in line and line.endswith("(paused)") and len(line) <= remote_session.LINE_ROOM
        assert line.startswith(f"Waiting for {guest}")
        if guest == "Bob":
            assert line == f"Waiting for Bob to come back — join code {server.join_code} · ⏱ 20 s (paused)"
        else:  # "to come back" gives the clock room: the join code stays, which the guest needs to come back
            assert line == f"Waiting for {guest} — code {server.join_code} · ⏱ 20 s (paused)"
        await until_true(lambda: bob.online)  # the guest is back: the clock runs again
        await ann.client.wait_for(lambda c: c.connected == [True, True])
        assert "paused" not in ann.status() and "⏱ 20 s for you" in ann.status()
        await server.close()  # the host stops: the guest's line keeps the clock, paused
        await until_true(lambda: not bob.online)
        for lost in (0, 7, 37):
            bob._lost_at = time.monotonic() - lost
            line = bob.status()
            assert "⏱ 20 s" in line and line.endswith("(paused)") and len(line) <= remote_session.LINE_ROOM
            assert line.startswith("Connection lost" if not lost else f"Offline for {lost} s")
    finally:
        for s in (ann, bob):
            await s.aclose()
        await asyncio.gather(*tasks)
        await server.close()


async def until_true(condition, timeout: float = 5.0) -> None:
    """Let the loop run until ``condition()`` holds."""
    async with asyncio.timeout(timeout):
        while not condition():
            await asyncio.sleep(0.01)


def _shown_bindings(app) -> dict[str, bool]:
    """The key bar's keys of the screen on top: action and whether it is bright (not dimmed)."""
    return {b.binding.action: b.enabled for b in app.screen.active_bindings.values() if b.binding.show}


async def test_the_end_of_a_hand_offers_no_next_hand_while_the_other_player_is_away():
    """Bob asked for the next hand and quit: Ann's end of the hand still said "Bob is ready for
    the next hand: ⏎ to deal it" with ⏎ bright, and ⏎ only brought a note that the game waits."""
    from textual.widgets import Static

    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    from .test_net_session import ann_hosting_bob, played_until

    state = played_until(new_game(PRESETS["standard"], seed=SEED), ("hand_over",))
    async with ann_hosting_bob(state) as (server, ann, bob):
        app = make_app(session=ann, pause=0)

        def line() -> str:
            return "".join(str(shown.render()) for shown in app.screen.query("#summary-next").results(Static))

        async with app.run_test(size=(80, 24)) as pilot:
            await until_app(pilot, lambda: isinstance(app.screen, SummaryScreen) and ann.opponent_name == "Bob")
            bob.submit(Action("next hand"))
            await until_app(pilot, lambda: line().startswith("Bob is ready for the next hand: ⏎/Space to deal it"))
            assert _shown_bindings(app).get("next") is True
            await bob.aclose()  # Bob quits
            await until_app(pilot, lambda: line().startswith("Waiting for Bob to come back"))
            await pilot.pause()
            assert _shown_bindings(app).get("next") is False  # dimmed, as the table's keys are
            await pilot.press("enter")  # says again what the game waits for; nothing is sent
            await pilot.pause()
            assert server.state.phase == "hand_over" and server._ready == [False, True]
            assert line().startswith("Waiting for Bob to come back")


async def _at_the_match_result(pilot, app, ann) -> None:
    """Ann's app, at the end of the match's last hand, goes on to the match's result."""
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    await until_app(pilot, lambda: isinstance(app.screen, SummaryScreen) and ann.opponent_name == "Bob")
    await pilot.press("enter")
    await until_app(pilot, lambda: isinstance(app.screen, MatchOverScreen))


def _match_line(app) -> str:
    """The line under the match's result, as shown."""
    from textual.widgets import Static

    shown = app.screen.query_one("#match-next", Static)
    # shown also where the screen is short (and the key bar says the keys) when it says more
    return str(shown.render()) if shown.styles.display == "block" else "(not shown)"


@pytest.mark.parametrize("first", ["Ann", "Bob"])
async def test_the_match_result_says_lastingly_who_asked_for_a_new_match(first):
    """At the match's result, once one player pressed n, the other's line still read "⏎ or n:
    play a new match · q: quit" with ⏎ bright ("Bob asks for a new match" only in a toast that
    faded), and the asker's did not say that it waited."""
    from ginrummy_tui.tui.app import make_app

    from .test_net_session import ann_hosting_bob, played_until

    state = played_until(new_game(PRESETS["standard"].with_options(target=10), seed=SEED), ("match_over",))
    async with ann_hosting_bob(state) as (server, ann, bob):
        app = make_app(session=ann, pause=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await _at_the_match_result(pilot, app, ann)
            assert app.screen.query_one("#match-next").styles.display == "none"  # short: the key bar says it
            assert _shown_bindings(app).get("new_match") is True
            if first == "Ann":
                await pilot.press("n")
                await until_app(pilot, lambda: server._ready == [True, False])
                await until_app(pilot, lambda: _match_line(app) == "Waiting for Bob to go on to a new match · q: quit")
                assert _shown_bindings(app).get("new_match") is False  # dimmed: asked already
                await pilot.press("enter")  # again: whom it waits for, said again, nothing sent
                await pilot.pause()
                assert server.state.match_no == 1 and server._ready == [True, False]
                bob.submit(Action("new match"))
            else:
                bob.submit(Action("new match"))
                await until_app(pilot, lambda: _match_line(app) == "Bob asks for a new match: ⏎ to start it · q: quit")
                assert _shown_bindings(app).get("new_match") is True
                await pilot.press("enter")
            await until_app(pilot, lambda: server.state.match_no == 2)


@pytest.mark.parametrize(("size", "away"), [((80, 24), False), ((100, 40), False), ((80, 24), True)])
async def test_a_toast_on_the_match_result_is_drawn_under_its_banner_not_over_it(size, away):
    """ "▌ Bob joined." was drawn over the result's banner, across "You won the match!" (and,
    once the network's line came at the top, over its lower edge)."""
    from ginrummy_tui.engine import apply
    from ginrummy_tui.tui.app import make_app

    from .app_helpers import screen_text
    from .test_net_session import ann_hosting_bob, played_until

    state = played_until(new_game(PRESETS["standard"].with_options(target=10), seed=SEED), ("match_over",))
    if away:  # under a move timer the network's line shows at the top of the result while Bob is away
        state = apply(new_game(PRESETS["multiplayer-1.5"], seed=SEED), Action("timeout"))
    async with ann_hosting_bob(state, join_code=True) as (server, ann, bob):
        app = make_app(session=ann, pause=0)
        async with app.run_test(size=size, notifications=True) as pilot:
            await _at_the_match_result(pilot, app, ann)
            if away:
                await bob.aclose()
                await until_app(pilot, lambda: screen_text(app).startswith(" Waiting for Bob"))
            app.notify("Bob is back at the table.", timeout=30)
            await until_app(pilot, lambda: "Bob is back at the table." in screen_text(app))
            await pilot.pause()
            rows = screen_text(app).splitlines()
            banner = [i for i, row in enumerate(rows) if "╗" in row or "╝" in row]
            assert len(banner) == 2 and "won the match" in "".join(rows[banner[0]:banner[1]])
            toasts = [i for i, row in enumerate(rows) if "▌" in row]
            assert toasts and min(toasts) > banner[1], "\n".join(rows)


async def test_the_match_result_offers_no_new_match_while_the_other_player_is_away():
    """Bob asked for a new match and quit: Ann's result still offered ⏎ brightly, which only
    brought a note that the game waits for Bob."""
    from ginrummy_tui.tui.app import make_app

    from .test_net_session import ann_hosting_bob, played_until

    state = played_until(new_game(PRESETS["standard"].with_options(target=10), seed=SEED), ("match_over",))
    async with ann_hosting_bob(state) as (server, ann, bob):
        app = make_app(session=ann, pause=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await _at_the_match_result(pilot, app, ann)
            bob.submit(Action("new match"))
            await until_app(pilot, lambda: server._ready == [False, True])
            await bob.aclose()  # Bob quits
            await until_app(pilot, lambda: _match_line(app) == "Waiting for Bob to come back · q: quit")
            await pilot.pause()
            assert _shown_bindings(app).get("new_match") is False
            await pilot.press("enter")
            await pilot.pause()
            assert server.state.match_no == 1 and server._ready == [False, True]
            assert _match_line(app) == "✗ Waiting for Bob to come back · q: quit"  # refused, saying why


@pytest.mark.parametrize("key", ["enter", "n"])
async def test_a_new_match_asked_for_while_the_host_is_away_is_refused_saying_why(key):
    """The host quit at the match's result: the guest's ⏎ (New match, dimmed) and n did
    nothing and said nothing; they mark the line that says why "✗", in red, as a move refused
    on the table marks its line, until the host is back."""
    from textual.content import Content
    from textual.widgets import Static

    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.palette import palette_of
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    from .test_net_session import ServerThread, played_until

    state = played_until(new_game(PRESETS["standard"].with_options(target=10), seed=SEED), ("match_over",))
    server = MatchServer(state, names=("Ann", "Guest"), port=0, auth_delay=0.01)
    thread = ServerThread(server)
    host, port = thread.start()
    ann = RemoteSession(host, port, server.codes[0], "Ann", kept=lambda: "the match is saved", on_close=thread.stop)
    bob = RemoteSession(host, port, server.codes[1], "Bob", retry_every=0.1)
    await ann.connect()
    await bob.connect()
    app = make_app(session=bob, pause=0)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until_app(pilot, lambda: isinstance(app.screen, SummaryScreen))
            await pilot.press("enter")
            await until_app(pilot, lambda: isinstance(app.screen, MatchOverScreen))
            await ann.aclose()  # the host quits (q, y): its server stops first
            await until_app(pilot, lambda: not bob.online and "the host stopped" in _match_line(app))
            line = _match_line(app)
            assert not line.startswith("✗") and _shown_bindings(app).get("new_match") is False
            await pilot.press(key)
            await until_app(pilot, lambda: _match_line(app).startswith("✗ "))
            assert _match_line(app)[2:] == line or "Offline for" in _match_line(app)
            shown = app.screen.query_one("#match-next", Static).render()
            assert isinstance(shown, Content) and any(palette_of(app).red in str(span.style) for span in shown.spans)
            assert server.state.match_no == 1
    finally:
        await bob.aclose()
        thread.stop()


@pytest.mark.parametrize("target", [60, 10])
async def test_the_host_s_end_of_a_hand_and_result_say_the_join_code_while_the_guest_is_away(target):
    """The host's "Waiting for Bob to come back" under the end of a hand and under the match's
    result left out the join code the table's line gives (docs/protocol.md says the host's has it)."""
    from textual.widgets import Static

    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    from .test_net_session import ann_hosting_bob, played_until

    state = played_until(new_game(PRESETS["standard"].with_options(target=target), seed=SEED), ("hand_over", "match_over"))
    async with ann_hosting_bob(state, join_code=True, address_hint="127.0.0.1:7531") as (server, ann, bob):
        app = make_app(session=ann, pause=0)

        def line() -> str:
            if state.phase == "match_over":
                return _match_line(app)
            return "".join(str(shown.render()) for shown in app.screen.query("#summary-next").results(Static))

        waiting = f"Waiting for Bob to come back — join code {server.join_code}"
        async with app.run_test(size=(80, 24)) as pilot:
            if state.phase == "match_over":
                await _at_the_match_result(pilot, app, ann)
                waiting += " · q: quit"  # the address left out to fit 80 columns
            else:
                waiting += " (127.0.0.1:7531)"
                await until_app(pilot, lambda: isinstance(app.screen, SummaryScreen) and ann.opponent_name == "Bob")
            await bob.aclose()  # Bob quits
            await until_app(pilot, lambda: line().startswith("Waiting for Bob to come back"))
            await pilot.pause()
            assert line() == waiting
            assert isinstance(app.screen, MatchOverScreen if state.phase == "match_over" else SummaryScreen)


@pytest.mark.parametrize("target", [70, 250])
async def test_the_match_result_shows_whom_it_waits_for_at_80x24_whatever_the_length_of_the_match(target):
    """After a match of five hands or more, at 80x24, the line that says who waits for whom
    ("Bob asks for a new match: ⏎ to start it") was under the score table, a scroll away."""
    from ginrummy_tui.tui.app import make_app

    from .app_helpers import screen_text
    from .test_net_session import ann_hosting_bob, played_until

    state = played_until(new_game(PRESETS["standard"].with_options(target=target), seed=SEED), ("match_over",))
    assert state.hand_no >= 5
    async with ann_hosting_bob(state) as (server, ann, bob):
        app = make_app(session=ann, pause=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await _at_the_match_result(pilot, app, ann)
            bob.submit(Action("new match"))
            said = "Bob asks for a new match: ⏎ to start it · q: quit"
            await until_app(pilot, lambda: _match_line(app) == said)
            await pilot.pause()
            assert said in screen_text(app)
            await pilot.press("enter")
            await until_app(pilot, lambda: server.state.match_no == 2)


# ---------------------------------------------------------------- a terminal too small to show the table


@contextlib.asynccontextmanager
async def timed_match_with_one_in_the_app(app_seat: int):
    """A timed match (30 s a move, on a clock the test moves) between Ann (the host's seat, 0)
    and Bob (the guest, 1), both through a :class:`RemoteSession`, the one of ``app_seat`` in
    the app (80x24), the other's connection running: yields the clock, the server, Ann's and
    Bob's sessions, the app and its pilot, once both are at the table."""
    from ginrummy_tui.tui.app import make_app

    clock = FakeClock()
    server = MatchServer(new_game(PRESETS["multiplayer-1.5"], seed=SEED), names=("Ann", "Guest"), port=0, clock=clock, silent_after=NEVER_SILENT)
    await server.start()
    ann = RemoteSession(*server.address, server.codes[0], "Ann", retry_every=0.1, away_when_suspended=False)
    bob = RemoteSession(*server.address, server.codes[1], "Bob", retry_every=0.1)
    await ann.connect()
    await bob.connect()
    other = bob if app_seat == 0 else ann
    connection = asyncio.create_task(other.connection())
    app = make_app(session=ann if app_seat == 0 else bob, pause=0)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until_app(pilot, lambda: other.opponent_here and other.opponent_name == ("Bob" if app_seat else "Ann"))
            yield clock, server, ann, bob, app, pilot
    finally:
        await bob.aclose()
        await ann.aclose()
        await connection
        await server.close()


def _clock_of(server: MatchServer) -> tuple[int, float, bool]:
    """The host's move clock: the seat to move, the seconds left and whether it runs."""
    clock = server._clock_message()
    assert clock is not None
    return clock["seat"], clock["remaining"], clock["running"]


async def test_a_guests_terminal_too_small_stops_the_hosts_clock_until_it_is_big_again():
    """The guest's window made too small to show the table ("Terminal too small") on its own
    turn: the host's clock ran on, and the guest lost the match on time without seeing it. The
    seat now counts as away until the window is big again, then the clock goes on with the
    time that was left; the host's table says meanwhile that the game waits for the guest."""
    async with timed_match_with_one_in_the_app(app_seat=1) as (clock, server, ann, bob, app, pilot):
        ann.take_news()  # "Bob joined."
        ann.submit(Action("draw stock"))
        # Ann's own session has the host's answer, not only the host its state
        await until_true(lambda: server.state.phase == "discard" and ann.view().phase == "discard" and not ann.blocked())
        ann.submit(Action("discard", server.state.hands[0][0]))
        await until_app(pilot, lambda: app.table.v is not None and app.table.v.my_turn)
        clock.forward(10)
        assert _clock_of(server) == (1, 20.0, True)
        await pilot.resize_terminal(40, 15)
        await until_app(pilot, lambda: app.too_small and not _clock_of(server)[2])
        assert _clock_of(server) == (1, 20.0, False)
        clock.forward(600)  # ten minutes too small to play
        assert server.state.phase == "draw" and server.state.result is None
        # the host's table: the game waits for Bob, the clock paused with the time left
        await until_true(lambda: ann.opponent_too_small)
        assert ann.status() == "Waiting for Bob: their terminal is too small · ⏱ 20 s for Bob (paused)"
        assert ann.blocked() == "waiting for Bob: their terminal is too small" and not ann.view().legal_actions
        await until_true(lambda: bool(ann._news), timeout=10)  # once it has been so a while
        assert ann.take_news() == ["Bob's terminal is too small to show the table: the game waits for them."]
        await pilot.resize_terminal(80, 24)
        await until_app(pilot, lambda: not app.too_small and _clock_of(server)[2])
        assert _clock_of(server) == (1, 20.0, True)
        await until_true(lambda: not ann.opponent_too_small)
        # running again from the 20 s left, as the host's word came (the guest counts down from then:
        # the time a loaded machine takes to get here is not what is tested)
        assert ann.client is not None and ann.client.clock is not None and ann.client.clock["running"]
        ann.client.clock_stamp = time.monotonic()
        assert ann.status() == "⏱ 20 s for Bob"
        await until_true(lambda: bool(ann._news), timeout=10)
        assert ann.take_news() == ["Bob sees the table again."]
        await until_app(pilot, lambda: bob.client.clock is not None and bob.client.clock["running"])
        clock.forward(20)  # the time left runs out as it would have
        await until_true(lambda: server.state.result is not None)
        assert server.state.winner == 0


async def test_the_hosts_terminal_too_small_stops_its_own_clock_until_it_is_big_again():
    """The same for the host's own seat, whose app is a client of its server as the guest's
    is: its window too small on its turn, its clock ran on; now the clock waits for it, and
    the guest's table says the game waits for the host."""
    async with timed_match_with_one_in_the_app(app_seat=0) as (clock, server, ann, bob, app, pilot):
        await until_app(pilot, lambda: app.table.v is not None and app.table.v.my_turn)
        clock.forward(10)
        assert _clock_of(server) == (0, 20.0, True)
        await pilot.resize_terminal(45, 24)  # a column short
        await until_app(pilot, lambda: app.too_small and not _clock_of(server)[2])
        clock.forward(600)
        assert server.state.phase == "draw" and server.state.result is None
        await until_true(lambda: bob.opponent_too_small)
        assert bob.status() == "Waiting for Ann: their terminal is too small · ⏱ 20 s for Ann (paused)"
        assert not bob.view().legal_actions
        await pilot.resize_terminal(80, 24)
        await until_app(pilot, lambda: not app.too_small and _clock_of(server)[2])
        assert _clock_of(server) == (0, 20.0, True)
        await until_true(lambda: bob.status() == "⏱ 20 s for Ann")
        # the host plays on at once: its move is not refused as made from a terminal too small
        await until_app(pilot, lambda: bool(ann.view().legal_actions))
        await pilot.press("s")
        await until_app(pilot, lambda: server.state.phase == "discard")
        assert not ann.problem


async def test_a_window_resized_back_and_forth_sends_the_host_only_a_few_changes(monkeypatch):
    """Each change between too small and big enough is a message to the host: a window
    dragged back and forth across the smallest size sends at most one each half second, the
    last state at the end of the gap (the host's limit is 10 messages a second); and a move
    made as the window grows is not refused, the host told first that it is big again."""
    from ginrummy_tui.net import remote_session

    told: list[bool] = []
    terminal = MatchServer._terminal

    def counted(self: MatchServer, conn, msg) -> bool:
        told.append(msg.get("too_small"))
        return terminal(self, conn, msg)

    monkeypatch.setattr(MatchServer, "_terminal", counted)
    # a gap longer than the test: every change after the first is one the gap holds back
    monkeypatch.setattr(remote_session, "TOO_SMALL_GAP", 600.0)
    async with timed_match_with_one_in_the_app(app_seat=0) as (_clock, server, ann, _bob, app, pilot):
        await until_app(pilot, lambda: app.table.v is not None and bool(ann.view().legal_actions))
        await pilot.resize_terminal(40, 15)
        await until_app(pilot, lambda: server._too_small == [True, False])  # the first change, at once
        for _ in range(20):
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            await pilot.resize_terminal(40, 15)
            await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.2)
        assert told == [True]  # 41 changes: one message at once, the rest held back until the gap is over
        assert server._too_small == [True, False]
        await pilot.press("s")  # and a move at once, long before the gap is over
        await until_app(pilot, lambda: server.state.phase == "discard")
        assert not ann.problem and server._too_small == [False, False] and told == [True, False]


async def test_a_host_that_does_not_take_too_small_is_never_sent_it(monkeypatch):
    """A host of an earlier release (protocol version 1, as this one) refuses a message it
    does not know: the guest sends ``too_small`` only to a host whose welcome lists it, and
    plays on with one that does not (its clock runs on through a window too small, as it did)."""
    from ginrummy_tui.net import protocol as P

    monkeypatch.setattr(P, "FEATURES", ())  # the welcome lists nothing
    async with timed_match_with_one_in_the_app(app_seat=0) as (clock, server, ann, _bob, app, pilot):
        assert ann.client.features == frozenset()
        await pilot.resize_terminal(40, 15)
        await until_app(pilot, lambda: app.too_small)
        await asyncio.sleep(0.2)
        assert server._too_small == [False, False] and _clock_of(server)[2]
        await pilot.resize_terminal(80, 24)
        await pilot.press("s")
        await until_app(pilot, lambda: server.state.phase == "discard")
        assert not ann.problem and not ann.client.errors


async def test_a_window_resized_back_and_forth_brings_the_other_player_no_note_each_time():
    """Each change was told in a note on the other table: a window dragged across the
    smallest size piled up "Bob's terminal is too small…" and "Bob sees the table again."
    notes. The line says it at once; a note only once it has stayed so for a while."""
    from ginrummy_tui.net import remote_session

    server = MatchServer(new_game(PRESETS["multiplayer-1.5"], seed=SEED), names=("Ann", "Guest"), port=0)
    await server.start()
    ann = RemoteSession(*server.address, server.codes[0], "Ann", away_when_suspended=False)
    bob = RemoteSession(*server.address, server.codes[1], "Bob")
    await ann.connect()
    await bob.connect()
    tasks = [asyncio.create_task(s.connection()) for s in (ann, bob)]
    try:
        await until_true(lambda: ann.opponent_here)
        ann.take_news()
        bob.terminal_too_small(True)
        await until_true(lambda: ann.opponent_too_small)
        assert ann.status().startswith("Waiting for Bob: their terminal is too small")
        bob.terminal_too_small(False)  # sent once half a second has gone by since the last
        await until_true(lambda: not ann.opponent_too_small)
        await asyncio.sleep(remote_session.TOO_SMALL_NEWS_AFTER + 0.2)
        assert ann.take_news() == []
        bob.terminal_too_small(True)  # and now for good
        await until_true(lambda: ann.opponent_too_small)
        await asyncio.sleep(remote_session.TOO_SMALL_NEWS_AFTER + 0.2)
        assert ann.take_news() == ["Bob's terminal is too small to show the table: the game waits for them."]
    finally:
        for s in (ann, bob):
            await s.aclose()
        await asyncio.gather(*tasks)
        await server.close()


async def test_the_last_seconds_of_a_network_clock_say_the_match_is_at_stake(monkeypatch):
    """Over the network the line said "⏱ 5 s for you" in its last seconds, its red alone telling
    that the end was near: it says that running out loses the match, for this seat's clock only."""
    async with timed_match_with_bob_in_the_app() as (_clock, _server, _ann, bob, app, pilot):
        assert bob.client is not None
        monkeypatch.setattr(bob.client, "clock_left", lambda: 9.5)
        assert "⏱ 10 s for you" in bob.status() and "lose" not in bob.status()
        monkeypatch.setattr(bob.client, "clock_left", lambda: 4.2)
        assert "⏱ 5 s for you, or you lose the match" in bob.status(), bob.status()
        app._tick_clock()
        await pilot.pause()
        assert app.table.query_one("#prompt").plain.startswith("⏱ 5 s for you, or you lose the match")


# ---------------------------------------------------------------- a game stopped without a word


@contextlib.asynccontextmanager
async def timed_match_with_bob_to_move():
    """A timed match (30 s a move, on a clock the test moves) between Ann, the host's seat, in a
    :class:`RemoteSession` with its connection running, and Bob, a plain client that says
    nothing unless the test makes it: yields the clock, the server, Ann's session and Bob's
    client once Bob is to move, having last been heard with 20 s left."""
    clock = FakeClock()
    server = MatchServer(new_game(PRESETS["multiplayer-1.5"], seed=SEED), names=("Ann", "Guest"), port=0, clock=clock)
    await server.start()
    ann = RemoteSession(*server.address, server.codes[0], "Ann", away_when_suspended=False)
    bob = GameClient(*server.address, server.codes[1], "Bob", heartbeat=0, record=True)
    await ann.connect()
    await bob.connect()
    connection = asyncio.create_task(ann.connection())
    try:
        await until_true(lambda: ann.opponent_at_table)
        ann.submit(Action("draw stock"))
        await until_true(lambda: ann.view().phase == "discard" and not ann.blocked())
        ann.submit(Action("discard", server.state.hands[0][0]))
        await until_true(lambda: server.state.current == 1 and ann.opponent_to_move() and not ann.blocked())
        clock.forward(10)
        await _heard_from(bob)  # Bob's game, still running, pings
        yield clock, server, ann, bob
    finally:
        await bob.close()
        await ann.aclose()
        await connection
        await server.close()


async def _heard_from(bob: GameClient) -> None:
    """Bob's game pings, and the host reads it (now, on the test's clock): it answers."""
    pongs = sum(b'"pong"' in line for line in bob.lines)
    await bob.send({"type": "ping"})
    await until_true(lambda: sum(b'"pong"' in line for line in bob.lines) > pongs)


async def test_a_mover_whose_game_stops_without_a_word_is_waited_for_not_timed_out():
    """Bob's game stopped on his move without closing its connection (a laptop lid closed,
    ``kill -STOP``): the host kept his seat as a silent connection until its idle drop at 30 s,
    so his 30-s move clock ran out first and he lost the match. Now a seat to move that says
    nothing for a while counts as away: the clock pauses with the time it had when last heard,
    and goes on from there as soon as his game speaks again."""
    async with timed_match_with_bob_to_move() as (clock, server, ann, bob):
        assert _clock_of(server) == (1, 20.0, True)
        clock.forward(40)  # nothing from Bob's game: more than the whole move time
        assert server.state.phase == "draw" and server.state.result is None
        assert server.at_table() == (True, False)
        assert _clock_of(server) == (1, 20.0, False)  # the 40 s since he was heard not charged
        # the other seat is told: the game waits for Bob, his clock paused at 20 s
        await until_true(lambda: ann.client is not None and ann.client.silent == [False, True])
        assert ann.client.clock == {"seat": 1, "limit": 30, "remaining": 20.0, "running": False}
        assert ann.paused_clock() == (1, 20.0)
        await _heard_from(bob)  # his game runs again
        await until_true(lambda: _clock_of(server)[2])
        assert _clock_of(server) == (1, 20.0, True) and server.at_table() == (True, True)
        await until_true(lambda: ann.client.silent == [False, False] and ann.client.clock["running"])
        for seconds in (10, 9.9):  # a game that keeps talking (pinging every 10 s) has only its 20 s
            clock.forward(seconds)
            await _heard_from(bob)
        assert server.state.result is None
        clock.forward(0.2)
        assert server.state.result is not None and server.state.winner == 0
        assert server.state.sheet[-1].kind == "timeout"


async def test_the_other_player_is_told_the_game_waits_for_a_silent_mover_and_then_goes_on():
    """Ann's line says why the game waits, in the words of the other away reasons, with Bob's
    clock paused; her moves wait too; once his game speaks again she is told it goes on."""
    async with timed_match_with_bob_to_move() as (clock, server, ann, bob):
        ann.take_news()  # "Bob joined."
        clock.forward(40)
        await until_true(lambda: ann.paused_clock() is not None or ann.view().phase == "match_over")
        # 74 columns: no room for whose clock it is but by leaving out how long it has been
        assert ann.status() == "Waiting for Bob: no word from their game for 15 s · ⏱ 20 s (paused)"
        assert ann.status(room=40) == "Waiting for Bob · ⏱ 20 s (paused)"  # at 46 columns
        # a long name at 80 columns: why and how long still said ("Waiting for Bartholomew-Longname ·
        # ⏱ 27 s (paused)" said neither)
        assert ann.status(room=52) == "Waiting for Bob: no word for 15 s · ⏱ 20 s (paused)"
        assert ann.blocked() == "waiting for Bob: no word from their game" and not ann.view().legal_actions
        assert not ann.opponent_at_table and ann.clock() is None
        assert ann.take_news() == []  # the line says it
        await _heard_from(bob)
        await until_true(lambda: not ann.opponent_silent and ann.client is not None and ann.client.clock["running"])
        ann.client.clock_stamp = time.monotonic()  # as the host's word came (the seconds since are not tested)
        assert ann.status() == "⏱ 20 s for Bob"  # going on from the 20 s it had
        news: list[str] = []
        await until_true(lambda: bool(news.extend(ann.take_news()) or news))  # once what came with it is in
        assert news == ["Bob's game is heard from again: the game goes on."]
        assert not ann.blocked()


async def test_a_silent_mover_back_with_a_terminal_too_small_is_not_said_to_go_on():
    """Bob's game silent, then back with its window too small: Ann was told "Bob's game is
    heard from again: the game goes on." beside "Waiting for Bob: their terminal is too small"."""
    async with timed_match_with_bob_to_move() as (clock, server, ann, bob):
        ann.take_news()  # "Bob joined."
        clock.forward(40)
        await until_true(lambda: ann.opponent_silent)
        await bob.send({"type": "too_small", "too_small": True})  # heard again, too small to play
        await until_true(lambda: not ann.opponent_silent and ann.opponent_too_small)
        news: list[str] = []
        await until_true(lambda: any("heard from again" in n for n in news) or bool(news.extend(ann.take_news())))
        assert "Bob's game is heard from again." in news and not any("goes on" in n for n in news), news
        assert ann.status().startswith("Waiting for Bob: their terminal is too small"), ann.status()


async def test_a_mover_stopped_in_the_last_seconds_of_the_move_is_waited_for_not_timed_out():
    """Bob's game stopped with under 15 s of his move left: the host had not yet found it
    silent when the time ran out, and Bob lost the match. At the end of a move's time the
    host now calls time only on a game heard lately or heard again within a ping period; one
    that says nothing by then was stopped: it counts as silent, with the time it had when it
    was last heard."""
    async with timed_match_with_bob_to_move() as (clock, server, ann, bob):
        clock.forward(10)
        await _heard_from(bob)  # a ping with 10 s left, then his game stops
        clock.forward(10)  # the move's time ends, 10 s after that ping
        assert server.state.result is None
        clock.forward(2.5)  # no ping within a ping period: stopped
        assert server.state.result is None and server.at_table() == (True, False)
        assert _clock_of(server) == (1, 10.0, False)  # the time it had when last heard
        await until_true(lambda: ann.client is not None and ann.client.silent == [False, True])
        await _heard_from(bob)  # his game runs again: his 10 s run on
        await until_true(lambda: _clock_of(server)[2])
        assert _clock_of(server) == (1, 10.0, True)


async def test_a_running_game_whose_time_ends_between_two_pings_loses_on_time_at_its_next_word():
    """A player thinking, his game pinging every 10 s, whose time ends 10 s after a ping: his
    next message (a ping, or a move too late) shows his game runs, and calls time on him."""
    async with timed_match_with_bob_to_move() as (clock, server, ann, bob):
        clock.forward(10)
        await _heard_from(bob)
        clock.forward(10)  # the time ends between two pings: the host waits for his game's word
        assert server.state.result is None
        clock.forward(1)
        await bob.send({"type": "ping"})  # his game runs: he ran out of time
        await until_true(lambda: server.state.result is not None)
        assert server.state.winner == 0 and server.state.sheet[-1].kind == "timeout"


async def test_the_line_under_a_network_match_s_result_offers_no_review():
    """At 32 rows or more the line under a network match's result read "⏎ or n: play a new
    match · ↑/↓ and r: review a hand · q: quit", where r said the review is only in games
    against the computer and ↑ that it did nothing."""
    from ginrummy_tui.tui.app import make_app

    from .test_net_session import ann_hosting_bob, played_until

    state = played_until(new_game(PRESETS["standard"].with_options(target=10), seed=SEED), ("match_over",))
    async with ann_hosting_bob(state) as (_server, ann, _bob):
        app = make_app(session=ann, pause=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await _at_the_match_result(pilot, app, ann)
            await until_app(pilot, lambda: _match_line(app) != "(not shown)")
            assert _match_line(app) == "⏎ or n: play a new match · q: quit", _match_line(app)
