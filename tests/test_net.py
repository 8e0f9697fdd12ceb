"""Network play on loopback: the host's server and two headless clients in
one process.  Every test binds 127.0.0.1 on a free port."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from ginrummy_tui.engine import PRESETS, Action, GameState, PlayerView, deadwood, new_game, view
from ginrummy_tui.engine.kinds import Phase
from ginrummy_tui.net import protocol as P
from ginrummy_tui.net.client import GameClient, JoinRefused
from ginrummy_tui.net.server import MatchServer

PLAYING = (Phase.UPCARD, Phase.DRAW, Phase.DISCARD)
CARD_RE = re.compile(r"^[A23456789TJQK][SHDC]$")
SEED = 3  # a deal where the simple policy below ends hand 1 with a knock


def choose(v: PlayerView) -> Action:
    """A simple honest player: gin or knock when possible, else the least-deadwood discard."""
    acts = [a for a in v.legal_actions if a.kind != "timeout"]
    kinds = {a.kind for a in acts}
    for k in ("big gin", "next hand", "new match", "gin"):
        if k in kinds:
            return next(a for a in acts if a.kind == k)
    if "knock" in kinds:
        return min((a for a in acts if a.kind == "knock"), key=lambda a: deadwood(tuple(c for c in v.hand if c is not a.card)))
    if "pass" in kinds:
        return Action("pass")
    if "draw stock" in kinds:
        return Action("draw stock")
    discards = [a for a in acts if a.kind == "discard"]
    return min(discards, key=lambda a: (deadwood(tuple(c for c in v.hand if c is not a.card)), -a.card.value))


class Match:
    """A server and its seats' clients, all on loopback; records every state by seq."""

    def __init__(self, state: GameState, **server_options) -> None:
        self.states: dict[int, GameState] = {0: state}
        options = dict(port=0, auth_delay=0.01)
        options.update(server_options)
        self.server = MatchServer(state, names=("Ann", "Bob"), on_change=self._changed, **options)
        self.clients: list[GameClient] = []

    def _changed(self, state: GameState) -> None:
        self.states[self.server.seq] = state

    async def start(self) -> None:
        await self.server.start()

    def client(self, seat: int, name: str = "", code: str | None = None) -> GameClient:
        host, port = self.server.address
        c = GameClient(host, port, code if code is not None else self.server.codes[seat], name, record=True, heartbeat=0)
        self.clients.append(c)
        return c

    async def close(self) -> None:
        for c in self.clients:
            await c.close()
        await self.server.close()


@pytest.fixture
async def match():
    m = Match(new_game(PRESETS["standard"], seed=SEED))
    await m.start()
    yield m
    await m.close()


async def seated(m: Match) -> tuple[GameClient, GameClient]:
    a, b = m.client(0, "Ann"), m.client(1, "Bob")
    await a.connect()
    await b.connect()
    await a.wait_for(lambda c: all(c.connected))
    await b.wait_for(lambda c: all(c.connected))
    return a, b


async def play_one(m: Match, clients: tuple[GameClient, GameClient]) -> None:
    """The seat to move plays one honest action; waits until both clients saw it."""
    state = m.server.state
    seq = m.server.seq
    mover = clients[state.current]
    await mover.submit(choose(mover.view))
    for c in clients:
        await c.wait_for(lambda c, seq=seq: c.seq > seq)


def cards_in(obj) -> set[str]:
    """Every card named anywhere in a decoded message (also inside action texts)."""
    found: set[str] = set()
    if isinstance(obj, dict):
        for v in obj.values():
            found |= cards_in(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= cards_in(v)
    elif isinstance(obj, str):
        found |= {w.upper() for w in obj.split() if CARD_RE.match(w.upper())}
    return found


def secret_cards(state: GameState, seat: int) -> set[str]:
    """What ``seat`` must not know in ``state``: the stock always; the other hand
    while the hand is played, except the cards it picked up from the discard pile."""
    secret = {str(c) for c in state.stock}
    if state.phase in PLAYING:
        known = {str(c) for c in view(state, seat).opponent_known}
        secret |= {str(c) for c in state.hands[1 - seat]} - known
    return secret


def check_privacy(m: Match, client: GameClient) -> int:
    """Check every line the client received; returns how many state messages were checked."""
    checked = 0
    for line in client.lines:
        msg = json.loads(line)
        assert "stock" not in msg.get("view", {}), "the stock's order must never be sent"
        assert "seed" not in line.decode() and "hands" not in msg.get("view", {})
        if msg["type"] != P.STATE:
            assert not cards_in(msg), f"unexpected cards in {msg['type']}"
            continue
        state = m.states[msg["seq"]]
        leaked = cards_in(msg) & secret_cards(state, client.seat)
        assert not leaked, f"seat {client.seat} was sent {sorted(leaked)} at seq {msg['seq']}"
        assert msg["view"] == P.view_to_dict(view(state, client.seat))
        checked += 1
    return checked


# ---------------------------------------------------------------- the codec


def test_view_json_round_trip_through_a_hand():
    state = new_game(PRESETS["multiplayer-1.5"], seed=11)
    from ginrummy_tui.engine import apply

    for _ in range(200):
        for seat in (0, 1):
            v = view(state, seat)
            line = P.encode({"type": "state", "view": P.view_to_dict(v)})
            assert P.view_from_dict(P.decode(line)["view"]) == v
        if state.phase == Phase.MATCH_OVER:
            break
        v = view(state, state.current) if state.phase in PLAYING else view(state, 0)
        state = apply(state, choose(v))


def test_view_from_dict_refuses_nonsense():
    v = P.view_to_dict(view(new_game(seed=1), 0))
    for bad in (None, [], {**v, "hand": "AS"}, {**v, "seat": 7}, {**v, "phase": "chess"},
                {**v, "hand": ["AS", "AS"]}, {k: x for k, x in v.items() if k != "discard"},
                {**v, "legal_actions": ["fly away"]}):
        with pytest.raises(ValueError):
            P.view_from_dict(bad)


def test_decode_refuses_what_is_not_a_message():
    for bad in (b"nope\n", b"[1,2]\n", b'{"kind":"x"}\n', b'{"type":3}\n', b"\xff\xfe\n", b"[" * 100000):
        with pytest.raises(P.ProtocolError):
            P.decode(bad)
    assert P.decode(b'{"type":"ping"}\n') == {"type": "ping"}


def test_join_codes_are_random_and_forgiving_to_type():
    codes = {P.new_code() for _ in range(200)}
    assert len(codes) == 200
    code = codes.pop()
    assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}", code)
    assert not set(code) & set("IL01O")
    assert P.codes_match(code.lower().replace("-", " "), code)
    assert not P.codes_match(code[:-1], code)
    assert not P.codes_match(None, code) and not P.codes_match("ÄÖ", code)


def test_names_are_cleaned():
    assert P.clean_name("[bold red]Eve[/]\x1b[2J", "X") == "bold redEve2J"
    assert P.clean_name("  Ann   Lee ", "X") == "Ann Lee"
    assert P.clean_name("x" * 99, "X") == "x" * 19 + "…"  # cut, and showing it was
    assert P.clean_name("x" * 20, "X") == "x" * 20
    assert P.clean_name(42, "Guest") == "Guest" and P.clean_name("[]", "Guest") == "Guest"


def test_a_name_of_letters_that_show_nothing_is_no_name():
    # U+3164 HANGUL FILLER is a letter to str.isalnum(): "ㅤㅤㅤ" was a name, shown blank in the
    # header, and counted 0 columns by Rich where a terminal draws it 2, which cut the notes short.
    for blank in ("\u3164\u3164\u3164", "\u115f", "\u1160", "\uffa0\uffa0", "\u2800", "\u200b\u200d", "\u11a8"):
        assert P.clean_name(blank, "Guest") == "Guest", blank
    assert P.clean_name("Bob\u3164\u200b", "Guest") == "Bob"
    assert P.unshown_letters("\u3164a\u3164\u1160") == ["\u3164", "\u1160"]
    for shown in ("Zoë", "中文", "안녕", "Ωmega 7", "\u1100"):  # wide letters, two columns as Rich counts them
        assert P.clean_name(shown, "Guest") == shown


async def test_a_guest_saying_hello_under_a_blank_name_plays_under_the_seat_s_name(match):
    # the hello of a game of its own, which gin-tui join's check does not stand before
    a, b = match.client(0, "Ann"), match.client(1, "\u3164\u3164\u3164")
    await a.connect()
    await b.connect()
    await a.wait_for(lambda c: all(c.connected))
    assert match.server.names[1] == "Bob"  # the name the host has for the seat, as for a name with nothing usable
    await a.wait_for(lambda c: c.names[1] == "Bob")


async def test_a_listener_that_fails_on_a_message_is_logged_and_the_client_reads_on(match, caplog, monkeypatch):
    """A failure of the client's listener (the app's session) was dropped without a word, the
    screen left showing what it showed: it is logged, and the next messages still come."""
    import logging

    calls: list[str] = []

    def failing(client, msg) -> None:
        calls.append(msg["type"])
        raise ValueError("the listener's bug")

    a, b = match.client(0, "Ann"), match.client(1, "Bob")
    a.on_message = failing
    monkeypatch.setattr(logging.getLogger("ginrummy_tui.net"), "propagate", True)  # (a host's log stops it)
    with caplog.at_level(logging.ERROR, logger="ginrummy_tui.net"):
        await a.connect()
        await b.connect()
        await a.wait_for(lambda c: all(c.connected))
        before = len(calls)
        await play_one(match, (a, b))  # the next message reaches the listener, and the client's view
    assert len(calls) > before >= 1 and a.view == view(match.server.state, 0)
    failures = [r for r in caplog.records if r.getMessage().startswith("could not take the host's message")]
    assert failures and failures[0].exc_info is not None and "the listener's bug" in str(failures[0].exc_info[1])


# ---------------------------------------------------------------- a whole hand


async def test_two_clients_play_a_hand_through_knock_and_scoring(match):
    a, b = await seated(match)
    assert (a.seat, b.seat) == (0, 1)
    assert a.names == ["Ann", "Bob"] == b.names
    moves = 0
    while match.server.state.phase in PLAYING:
        await play_one(match, (a, b))
        moves += 1
        assert moves < 200
        for c in (a, b):
            assert c.view == view(match.server.state, c.seat)
    state = match.server.state
    assert state.phase == Phase.HAND_OVER
    last = state.sheet[-1]
    assert last.kind in ("knock", "gin", "undercut")
    assert last.points > 0 and state.scores[last.winner] == last.points
    # both see the settlement, with both hands shown now
    for c in (a, b):
        assert c.view.result is not None and c.view.result.hands == state.hands
        assert c.view.sheet == state.sheet
    # every message each client received is free of cards it must not see
    assert check_privacy(match, a) > moves // 2
    assert check_privacy(match, b) > moves // 2
    # the next hand starts only when both want it
    await a.submit(Action("next hand"))
    await b.wait_for(lambda c: c.ready == [True, False])
    assert match.server.state.phase == Phase.HAND_OVER
    await b.submit(Action("next hand"))
    await a.wait_for(lambda c: c.view.hand_no == 2 and c.view.phase in PLAYING)
    assert match.server.state.hand_no == 2
    check_privacy(match, a)
    check_privacy(match, b)


# ---------------------------------------------------------------- hostile input


async def raw(m: Match) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    host, port = m.server.address
    return await asyncio.open_connection(host, port, limit=P.MAX_SERVER_LINE)


async def read_msg(reader: asyncio.StreamReader) -> dict | None:
    line = await asyncio.wait_for(reader.readline(), 5)
    return json.loads(line) if line else None


async def test_strangers_cannot_join_or_crash_the_host(match):
    a, b = await seated(match)
    before = (match.server.state, match.server.seq)
    # a wrong code
    with pytest.raises(JoinRefused) as err:
        await match.client(1, code="AAAA-AAAA").connect()
    assert err.value.code == P.E_CODE
    # the right code for a seat already taken
    with pytest.raises(JoinRefused) as err:
        await match.client(1).connect()
    assert err.value.code == P.E_SEAT_TAKEN
    # another protocol version
    r, w = await raw(match)
    w.write(P.encode({"type": "hello", "version": 99, "code": match.server.join_code}))
    assert (await read_msg(r))["code"] == P.E_VERSION
    assert await read_msg(r) is None
    # actions before hello
    r, w = await raw(match)
    w.write(P.encode({"type": "action", "action": "draw stock", "seq": 0}))
    assert (await read_msg(r))["code"] == P.E_NOT_JOINED
    assert await read_msg(r) is None
    # garbage, then a huge line
    r, w = await raw(match)
    w.write(b"\x00\xffnot json at all\n")
    assert (await read_msg(r))["code"] == P.E_MALFORMED
    w.write(b'{"type": "hello", "pad": "' + b"x" * 100_000 + b'"}\n')
    msg = await read_msg(r)
    assert msg["code"] == P.E_TOO_LONG and msg["fatal"]
    assert await read_msg(r) is None
    # a flood of garbage from a stranger
    r, w = await raw(match)
    w.write(b"{}\n" * 500)
    codes = []
    while (msg := await read_msg(r)) is not None:
        codes.append(msg["code"])
    assert codes[-1] == P.E_TOO_MANY_ERRORS and len(codes) == match.server.max_errors + 1
    # silence before hello is not allowed forever
    match.server.hello_timeout = 0.2
    r, w = await raw(match)
    said = await read_msg(r)  # what it should have sent (it said "no message for too long")
    assert said["code"] == P.E_IDLE and said["message"] == "no hello within 0.2 s of connecting: a client says hello first"
    # nothing changed, and the honest players carry on
    assert (match.server.state, match.server.seq) == before
    assert match.server.connected() == (True, True)
    await play_one(match, (a, b))
    assert match.server.seq == before[1] + 1
    check_privacy(match, a)
    check_privacy(match, b)


async def test_a_hostile_guest_changes_nothing(match):
    a, b = await seated(match)
    await play_one(match, (a, b))  # Ann (seat 0) passes the upcard: Bob's turn to take or pass
    assert match.server.state.current == 1
    await play_one(match, (a, b))  # Bob passes
    assert match.server.state.current == 0
    before = (match.server.state, match.server.seq)
    n_err = len(b.errors)
    hostile = [
        {"type": "action", "action": "draw stock", "seq": b.seq},  # out of turn
        {"type": "action", "action": "draw stock", "seq": b.seq, "seat": 0},  # for the other seat
        {"type": "action", "action": "timeout", "seq": b.seq},  # calling time on Ann
        {"type": "action", "action": "discard " + str(b.view.hand[0]), "seq": b.seq},
        {"type": "action", "action": "discard ZZ", "seq": b.seq},
        {"type": "action", "action": 7, "seq": b.seq},
        {"type": "action", "action": "pass", "seq": "0"},
        {"type": "action", "action": "pass", "seq": b.seq - 1},  # a replay of Bob's last move
        {"type": "hello", "version": 1, "code": match.server.host_code},  # a second hello
        {"type": "take-over"},
        {"type": "state", "seq": 99, "view": {}},
    ]
    for msg in hostile:
        await b.send(msg)
    await b.wait_for(lambda c: len(c.errors) >= n_err + len(hostile))
    codes = [e["code"] for e in b.errors[n_err:]]
    assert codes == [
        P.E_ILLEGAL, P.E_SEAT, P.E_ILLEGAL, P.E_ILLEGAL, P.E_ILLEGAL, P.E_MALFORMED, P.E_STALE, P.E_STALE,
        P.E_MALFORMED, P.E_UNKNOWN, P.E_UNKNOWN,
    ]
    assert "not your turn" in b.errors[n_err]["message"]
    assert not any(e["fatal"] for e in b.errors[n_err:])
    assert (match.server.state, match.server.seq) == before
    # Ann plays on; Bob replays her draw line as his own: stale, nothing happens
    await play_one(match, (a, b))
    state = match.server.state
    await b.send({"type": "action", "action": "draw stock", "seq": before[1]})
    await b.wait_for(lambda c: c.errors[-1]["code"] == P.E_STALE)
    assert match.server.state is state
    # a flood ends Bob's connection; Ann sees him gone, the game is intact
    await b.send_raw(b'{"type":"ping"}\n' * 200)
    await b.wait_for(lambda c: not c.open)
    assert any(e["code"] == P.E_FLOOD for e in b.errors)
    await a.wait_for(lambda c: c.connected == [True, False])
    assert match.server.state is state
    check_privacy(match, a)
    check_privacy(match, b)


async def test_too_many_refused_messages_end_the_connection():
    m = Match(new_game(seed=SEED), max_errors=3)
    await m.start()
    try:
        a, b = await seated(m)
        for _ in range(5):
            await b.send({"type": "nonsense"})
        await b.wait_for(lambda c: not c.open)
        assert b.errors[-1]["code"] == P.E_TOO_MANY_ERRORS
        assert m.server.connected() == (True, False)
    finally:
        await m.close()


# ---------------------------------------------------------------- leaving and coming back


async def test_a_dropped_player_rejoins_with_the_same_code_and_the_same_view(match):
    a, b = await seated(match)
    for _ in range(5):
        await play_one(match, (a, b))
    seen = b.view
    await b.close()
    await a.wait_for(lambda c: c.connected == [True, False])
    # the game waits: no move while the other seat is empty
    if match.server.state.current == 0:
        n = len(a.errors)
        await a.submit(choose(a.view))
        await a.wait_for(lambda c: len(c.errors) > n)
        assert a.errors[-1]["code"] == P.E_PAUSED
    b2 = match.client(1, "Bob")
    await b2.connect()
    assert b2.seat == 1 and b2.view == seen and b2.seq == b.seq
    await a.wait_for(lambda c: all(c.connected))
    await play_one(match, (a, b2))
    check_privacy(match, b2)


async def test_the_host_can_leave_and_come_back_too(match):
    a, b = await seated(match)
    await play_one(match, (a, b))
    seen = a.view
    await a.close()
    await b.wait_for(lambda c: c.connected == [False, True])
    a2 = match.client(0, "Ann")
    await a2.connect()
    assert a2.view == seen
    await b.wait_for(lambda c: all(c.connected))


# ---------------------------------------------------------------- the clock


class Alarm:
    """One alarm of a :class:`FakeClock` (an ``asyncio.TimerHandle`` for the server)."""

    def __init__(self, when: float, callback, seq: int) -> None:
        self.when, self.callback, self.seq = when, callback, seq
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


NEVER_SILENT = float("inf")
"""``MatchServer(silent_after=...)`` for a test whose clients do not ping on a :class:`FakeClock`'s
time while it moves it on: the host never finds the seat to move silent (away), as it would
not the running game of a player that pings every 10 s."""


class FakeClock:
    """The move clock's time (``MatchServer(clock=...)``), moved forward only by the test.

    :meth:`forward` is time passing with the host running: each alarm rings at
    its own time, in order (those it sets too).  :meth:`stop` is the host
    stopped (SIGSTOP) for a while: the time jumps, and the alarms due ring
    only when it runs again, at the end."""

    def __init__(self) -> None:
        self.time = 1000.0
        self.alarms: list[Alarm] = []

    def now(self) -> float:
        return self.time

    def call_later(self, delay: float, callback, seq: int) -> Alarm:
        alarm = Alarm(self.time + delay, callback, seq)
        self.alarms.append(alarm)
        return alarm

    def forward(self, seconds: float) -> None:
        end = self.time + seconds
        while True:
            self.alarms = [a for a in self.alarms if not a.cancelled]
            due = [a for a in self.alarms if a.when <= end]
            if not due:
                break
            alarm = min(due, key=lambda a: a.when)
            self.alarms.remove(alarm)
            self.time = max(self.time, alarm.when)
            alarm.callback(alarm.seq)
        self.time = end

    def stop(self, seconds: float) -> None:
        self.time += seconds
        self.forward(0)


async def test_running_out_of_time_loses_the_match():
    rules = PRESETS["multiplayer-1.5"].with_options(timer=30)
    clock = FakeClock()
    m = Match(new_game(rules, seed=SEED), clock=clock, silent_after=NEVER_SILENT)
    await m.start()
    try:
        a, b = await seated(m)
        assert a.clock == {"seat": 0, "limit": 30, "remaining": 30.0, "running": True}
        assert 29 < a.clock_left() <= 30
        clock.forward(29)  # Ann draws with a second to spare; the clock restarts for her discard
        await play_one(m, (a, b))
        assert m.server.state.phase == Phase.DISCARD
        assert a.clock == {"seat": 0, "limit": 30, "remaining": 30.0, "running": True}
        clock.forward(29.9)
        assert m.server.state.phase == Phase.DISCARD  # not yet
        clock.forward(0.1)  # the whole move time is up: the host calls it
        await a.wait_for(lambda c: c.view.phase == Phase.MATCH_OVER)
        state = m.server.state
        assert state.winner == 1 and state.sheet[-1].kind == "timeout"
        for c in (a, b):
            await c.wait_for(lambda c: c.view.winner == 1)
            assert c.clock is None
        check_privacy(m, a)
        check_privacy(m, b)
    finally:
        await m.close()


async def test_the_clock_stops_while_a_seat_is_empty():
    rules = PRESETS["multiplayer-1.5"].with_options(timer=60)
    clock = FakeClock()
    m = Match(new_game(rules, seed=SEED), clock=clock, silent_after=NEVER_SILENT)
    await m.start()
    try:
        a = m.client(0, "Ann")
        await a.connect()
        assert a.clock == {"seat": 0, "limit": 60, "remaining": 60.0, "running": False}
        clock.forward(100)  # more than the whole move time, with Bob's seat empty
        b = m.client(1, "Bob")
        await b.connect()
        await a.wait_for(lambda c: c.clock is not None and c.clock["running"])
        assert m.server.state.phase in PLAYING
        assert a.clock["remaining"] == 60  # the time alone did not count
        clock.forward(20)
        await b.close()
        await a.wait_for(lambda c: not c.clock["running"])
        left = a.clock["remaining"]
        assert left == 40  # 20 s gone while both were there
        clock.forward(100)  # paused again: none of this counts either
        b = m.client(1, "Bob")
        await b.connect()
        await a.wait_for(lambda c: c.clock["running"])
        assert m.server.state.phase in PLAYING
        assert a.clock["remaining"] == left
        clock.forward(left)  # the rest of Ann's time: she loses
        await a.wait_for(lambda c: c.view.phase == Phase.MATCH_OVER, timeout=30)
        assert m.server.state.winner == 1 and m.server.state.sheet[-1].kind == "timeout"
    finally:
        await m.close()


async def test_a_host_stopped_for_a_while_does_not_charge_the_player_to_move():
    # A host stopped (SIGSTOP) and continued a minute later found the guest's
    # time run out, and called it before reading the move the guest had sent
    # in time: the guest lost the match for the host's own pause.
    rules = PRESETS["multiplayer-1.5"].with_options(timer=30)
    clock = FakeClock()
    m = Match(new_game(rules, seed=SEED), clock=clock, silent_after=NEVER_SILENT)
    await m.start()
    try:
        a, b = await seated(m)
        mover = (a, b)[m.server.state.current]
        clock.forward(10)
        clock.stop(60)  # the host is stopped: the time it lost is given back, not charged
        assert m.server.state.phase in PLAYING
        await mover.wait_for(lambda c: 18 < c.clock["remaining"] <= 20.5)  # told the time it still has
        seq = m.server.seq
        await play_one(m, (a, b))  # the move sent meanwhile is read and played
        assert m.server.seq == seq + 1 and m.server.state.phase in PLAYING
        assert 58 < m.server.stalls < 60.5
        # time that passes with the host running still counts, to the second
        clock.forward(29.9)
        assert m.server.state.phase in PLAYING
        clock.forward(0.1)
        await a.wait_for(lambda c: c.view.phase == Phase.MATCH_OVER)
        assert m.server.state.sheet[-1].kind == "timeout"
    finally:
        await m.close()


async def test_a_host_really_stopped_reads_the_move_sent_meanwhile_and_drops_nobody():
    # The host's own loop stopped (as by SIGSTOP) for longer than both the move
    # time and the seats' silence allowed: on waking it dropped the seats as
    # silent (their messages waited unread), and the guest's move sent in time was lost.
    import threading
    import time

    from ginrummy_tui.net.server import ServerThread

    rules = PRESETS["multiplayer-1.5"].with_options(timer=2)
    server = MatchServer(new_game(rules, seed=SEED), names=("Ann", "Bob"), port=0, auth_delay=0.01, idle_timeout=1)
    thread = ServerThread(server)
    host, port = thread.start()
    a = GameClient(host, port, server.codes[0], "Ann", heartbeat=0)  # the host's own seat: stopped with it
    b = GameClient(host, port, server.codes[1], "Bob", heartbeat=0)
    try:
        await a.connect()
        await b.connect()
        await a.wait_for(lambda c: all(c.connected))
        mover = (a, b)[a.view.current]
        stopped = threading.Event()
        thread.loop.call_soon_threadsafe(lambda: stopped.set() or time.sleep(3.5))  # the host stops
        await asyncio.to_thread(stopped.wait, 5)
        seq = mover.seq
        await mover.submit(choose(mover.view))  # in time, but read only once the host runs again
        await mover.wait_for(lambda c: c.seq > seq, timeout=15)
        assert mover.view.phase in PLAYING  # played, not lost on time
        other = b if mover is a else a  # silent all along, as the host's own seat is while it is stopped
        await other.wait_for(lambda c: c.seq > seq, timeout=15)  # still seated: told of the move
        assert not other.errors and server.stalls > 2
    finally:
        for c in (a, b):
            await c.close()
        thread.stop()


async def test_a_whole_match_to_100():
    match = Match(new_game(PRESETS["standard"], seed=SEED), rate=1000.0)  # robots move faster than people
    await match.start()
    try:
        await _whole_match(match)
    finally:
        await match.close()


async def _whole_match(match: Match) -> None:
    a, b = await seated(match)
    steps = 0
    while match.server.state.phase != Phase.MATCH_OVER:
        steps += 1
        assert steps < 3000
        if match.server.state.phase in PLAYING:
            await play_one(match, (a, b))
            continue
        seq = match.server.seq
        for c in (a, b):  # both go on to the next hand
            await c.submit(Action("next hand"))
        for c in (a, b):
            await c.wait_for(lambda c, seq=seq: c.seq > seq)
    state = match.server.state
    assert max(state.scores) >= 100 and state.winner == (0 if state.scores[0] >= 100 else 1)
    assert len(state.sheet) >= 2
    for c in (a, b):
        assert c.view.winner == state.winner and c.view.sheet == state.sheet
        assert check_privacy(match, c) > 50


async def test_silent_clients_are_dropped_and_pinging_ones_kept():
    m = Match(new_game(seed=SEED), idle_timeout=0.5)
    await m.start()
    try:
        host, port = m.server.address
        quiet = GameClient(host, port, m.server.codes[0], "Ann", heartbeat=0)
        alive = GameClient(host, port, m.server.codes[1], "Bob", heartbeat=0.1, record=True)
        m.clients += [quiet, alive]

        def pongs(c: GameClient) -> int:
            return sum(json.loads(line)["type"] == P.PONG for line in c.lines)

        await quiet.connect()
        await alive.connect()
        await quiet.wait_for(lambda c: not c.open, timeout=30)
        assert quiet.errors[-1]["code"] == P.E_IDLE
        await alive.wait_for(lambda c: c.connected == [False, True])
        # ten more answered pings (a second of them, twice the idle limit) after Ann
        # was dropped: Bob, who keeps talking, is still there
        enough = pongs(alive) + 10
        await alive.wait_for(lambda c: pongs(c) >= enough or not c.open, timeout=30)
        assert alive.open and m.server.connected() == (False, True)
    finally:
        await m.close()


async def test_a_newcomer_is_never_turned_away_the_oldest_stranger_is():
    m = Match(new_game(seed=SEED), max_pending=3, max_pending_per_address=3)
    await m.start()
    try:
        a = m.client(0, "Ann")
        await a.connect()
        strangers = [await raw(m) for _ in range(3)]
        await wait_pending(m, 3)
        # a fourth stranger: the first is dropped, not the newcomer
        r4, w4 = await raw(m)
        msg = await read_msg(strangers[0][0])
        assert msg["code"] == P.E_CROWDED and msg["fatal"]
        assert await read_msg(strangers[0][0]) is None
        assert m.server.crowded == 1
        # the player with the code gets in, however crowded; the seated host is never dropped
        b = m.client(1, "Bob")
        await b.connect()
        assert b.seat == 1 and b.attempts == 1
        await a.wait_for(lambda c: all(c.connected))
        assert m.server.connected() == (True, True)
        # the next oldest stranger made room for Bob; the newest is still served
        assert (await read_msg(strangers[1][0]))["code"] == P.E_CROWDED
        assert m.server.crowded == 2
        w4.write(P.encode({"type": "hello", "version": 1, "code": "ZZZZ-ZZZZ"}))
        assert (await read_msg(r4))["code"] == P.E_CODE
    finally:
        await m.close()


async def test_pending_connections_are_limited_per_address():
    m = Match(new_game(seed=SEED), max_pending=10, max_pending_per_address=2)
    await m.start()
    try:
        first = await raw(m)
        await wait_pending(m, 1)
        second = await raw(m)
        await wait_pending(m, 2)
        await raw(m)  # the third from 127.0.0.1 pushes out the first, though 10 would fit in all
        assert (await read_msg(first[0]))["code"] == P.E_CROWDED
        await wait_pending(m, 2)
        assert not second[1].is_closing()
    finally:
        await m.close()


async def test_the_hello_deadline_runs_from_the_connection_not_the_last_line():
    m = Match(new_game(seed=SEED), hello_timeout=0.5, rate=1e6, burst=1e6, max_errors=10**6)
    await m.start()
    try:
        r, w = await raw(m)
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        codes = []
        while loop.time() - t0 < 5:  # refused lines, one after the other, do not buy more time
            w.write(b"{}\n")
            msg = await read_msg(r)
            codes.append(msg["code"])
            if msg["fatal"]:
                break
        assert codes[-1] == P.E_IDLE and len(codes) > 2
        assert loop.time() - t0 < 2
    finally:
        await m.close()


async def test_a_stranger_waiting_to_be_told_its_code_is_wrong_can_be_dropped():
    m = Match(new_game(seed=SEED), max_pending=2, max_pending_per_address=2, auth_delay=30)
    await m.start()
    try:
        r1, w1 = await raw(m)
        w1.write(P.encode({"type": "hello", "version": 1, "code": "ZZZZ-ZZZZ", "name": "Eve"}))
        await wait_pending(m, 1)
        await raw(m)
        await wait_pending(m, 2)
        await raw(m)  # makes room: the guesser (the oldest) goes, without waiting out its 30 s
        msg = await read_msg(r1)
        assert msg["code"] == P.E_CROWDED
        a = m.client(0, "Ann")
        await a.connect()  # the right code never waits behind wrong ones
        assert a.seat == 0
    finally:
        await m.close()


async def wait_pending(m: Match, n: int) -> None:
    """Wait until the server holds ``n`` connections that have not said hello."""
    for _ in range(500):
        if len(m.server._pending) == n:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{len(m.server._pending)} pending connections, not {n}")


def test_a_name_cut_to_twenty_characters_shows_it_was_cut():
    """"Bartholomew-Maximilian" was shown as "Bartholomew-Maximili", as if that were the name."""
    cut = P.clean_name("Bartholomew-Maximilian", "Guest")
    assert cut == "Bartholomew-Maximil…" and len(cut) == 20
    assert P.clean_name(cut, "Guest") == cut  # cleaned again (by the server, the guest, a restarted host): the same
    assert P.clean_name("Bartholomew Maximilian", "Guest") == "Bartholomew Maximil…"
    assert P.clean_name("Bartholomew-Maximi Z", "Guest") == "Bartholomew-Maximi Z"  # 20: whole


# ---------------------------------------------------------------- an older peer


async def test_a_client_plays_on_with_a_host_whose_state_has_no_seated_field(match, monkeypatch):
    """A host of an earlier version sends ``state`` without ``seated`` (which seats
    have had a player): the client takes its views all the same, and has seen no seat taken before."""
    sent = MatchServer.state_message

    def older(self: MatchServer, seat: int) -> dict:
        message = sent(self, seat)
        del message["seated"]
        return message

    monkeypatch.setattr(MatchServer, "state_message", older)
    a, b = await seated(match)
    for _ in range(4):
        await play_one(match, (a, b))
    for c in (a, b):
        assert c.view == view(match.server.state, c.seat)
        assert c.names == ["Ann", "Bob"] and c.connected == [True, True]
        assert c.seated == [False, False]
        assert all(b'"seated"' not in line for line in c.lines if b'"type":"state"' in line)


async def test_a_wrong_code_refused_without_new_match_is_the_plain_refusal(tmp_path, monkeypatch, capsys):
    """A host of an earlier version refuses a code without the optional ``new_match``
    (which says the code was of a match it gave up): the client takes it as a plain
    refusal, and 'gin-tui join' says "the host refused: wrong join code"."""
    from ginrummy_tui.cli import main
    from ginrummy_tui.cli.join import CODE_ENV

    hellos: list[dict] = []

    async def older_host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        hellos.append(json.loads(await reader.readline()))
        writer.write(P.encode({"type": P.ERROR, "code": P.E_CODE, "message": "wrong join code", "fatal": True}))
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(older_host, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        with pytest.raises(JoinRefused) as refused:
            await GameClient("127.0.0.1", port, "AAAA-AAAA", "Bob", heartbeat=0).connect()
        assert (refused.value.code, refused.value.message, refused.value.new_match) == (
            P.E_CODE, "wrong join code", False)
        import ginrummy_tui.cli

        monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
        monkeypatch.setenv(CODE_ENV, "AAAA-AAAA")
        assert await asyncio.to_thread(main, ["join", f"127.0.0.1:{port}", "--data-dir", str(tmp_path)]) == 1
        assert capsys.readouterr().err.strip().splitlines()[-1].startswith("gin-tui join: the host refused: wrong join code;")
        assert [hello["type"] for hello in hellos] == [P.HELLO, P.HELLO]
    finally:
        server.close()
        await server.wait_closed()


@pytest.mark.parametrize(
    ("line", "said"),
    [
        (b"[" * 1500 + b"]" * 1500, "not JSON: it is nested too deeply"),
        (b'{"type": "ping", "n": ' + b"9" * 5000 + b"}", "not JSON: a number in it has far too many digits"),
        (b'{"type": "\xff"}', "not JSON: it is not UTF-8 text"),
        (b'{"type": "ping",}', "not JSON: a name in double quotes was expected at line 1, column 17"),
    ],
    ids=["nested", "digits", "bytes", "comma"],
)
def test_a_line_that_is_not_json_is_refused_in_words_not_pythons(line, said):
    """A line nested 1,500 deep was answered "not JSON: maximum recursion depth exceeded while
    decoding a JSON array from a unicode string": Python's own words, to a client."""
    from ginrummy_tui.net.protocol import ProtocolError, decode

    with pytest.raises(ProtocolError) as refused:
        decode(line)
    assert str(refused.value) == said
    assert "recursion" not in said and "sys." not in said
