"""The match server: the only authority over a networked match.

It keeps the :class:`~ginrummy_tui.engine.GameState`, checks every move with
the engine's ``apply(state, action, seat=...)``, runs the move timer, and
sends each seat nothing but its own :class:`~ginrummy_tui.engine.PlayerView`
(see ``docs/protocol.md``).  Nothing a client sends can crash it or change
the game other than by a legal move of that client's own seat.

It never logs a view, a hand or the stock: only connections, seats, message
types and error codes.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol

from ginrummy_tui import __version__
from ginrummy_tui.engine import Action, GameState, IllegalAction, apply, legal_actions, parse_action, view
from ginrummy_tui.engine.kinds import Kind
from ginrummy_tui.storage.files import match_started, now_iso
from ginrummy_tui.storage.store import clock_turn, saved_left

from . import protocol as P

log = logging.getLogger("ginrummy_tui.net")

BETWEEN = (Kind.NEXT_HAND, Kind.NEW_MATCH)

STALL_TICK = 0.5
"""Seconds between the server's checks that the host itself is running."""
LIVE_WITHIN = 1.0
"""Seconds since the mover's game was last heard within which the end of its move's time is
its player's: a game heard that lately runs, and its player ran out of time."""
PROOF_SLACK = 2.0
"""Seconds past a ping period after which a game not heard from at the end of its move's time
is taken for stopped (a ping a little late is not a stop)."""
STALL_SLACK = 1.5
"""A check (or the move clock's alarm) more than this late means the host was not
running (stopped with SIGSTOP or Ctrl+Z, a suspended machine): the time it lost is
charged to nobody, neither on the move clock (the player to move could send a move
but not have it read) nor as a seat's silence."""


REPLACED_KEPT = 8
"""How many clients replaced at a seat the server knows again (to refuse them with ``replaced``)."""


def _call_back(callback: Callable[..., None] | None, what: str, *args: Any) -> None:
    """Call one of the host's callbacks (``on_change``...), if given: a failure
    there is logged ("could not <what>") and never stops the match."""
    if callback is None:
        return
    try:
        callback(*args)
    except Exception:
        log.exception("could not %s", what)


class _Conn:
    """One client connection."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, now: float, burst: float) -> None:
        self.reader = reader
        self.writer = writer
        peer = writer.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and len(peer) >= 2 else "?"
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) and len(peer) >= 2 else "?"
        self.seat: int | None = None
        self.tokens = burst
        self.stamp = now
        self.opened = now
        self.errors = 0
        self.task: asyncio.Task[Any] | None = None
        self.crowded_out = False
        self.heard = 0.0
        """When its last message came, on the move clock's time (:meth:`MatchServer._heard`)."""
        self.heard_stalls = 0.0
        """The host's :attr:`~MatchServer.stalls` then (time the host was stopped since is not its silence)."""
        self.heard_left: tuple[int, float] | None = None
        """The move in play then (its ``seq``) and the time its clock had left, or None (no clock)."""


class Cancellable(Protocol):
    """An alarm that can be called off (an ``asyncio.TimerHandle``)."""

    def cancel(self) -> None: ...


class MoveClockTime(Protocol):
    """The time the move clock reads and its alarm (tests give one they can move forward)."""

    def now(self) -> float: ...

    def call_later(self, delay: float, callback: Callable[[int], None], seq: int) -> Cancellable: ...


class MatchServer:
    """A match between two seats over TCP.

    ``codes`` maps each seat to the secret code that claims it (by default a
    fresh random one each: :attr:`host_code` for seat 0, kept by the host's
    own client, and :attr:`join_code` for seat 1, shown to the other player).
    ``on_change(state)`` is called after every change of the game (the place
    to save it), ``on_hint(seat)`` after a seat was shown a hint (the place to
    count it); an exception from either is logged, never raised.
    ``match_id()`` names the match in play in every ``state`` message (the
    guest records the finished match under it).  What the server keeps
    beside the game (:meth:`table`: who asked for the next hand, the hints
    of the hand in play) starts from ``table`` (a saved one, when the host
    resumes its match), and ``on_table()`` is called when it changes without
    the game changing (the place to save it again).

    Limits: lines from a client longer than ``max_line`` bytes, more than
    ``burst`` messages at once or ``rate`` per second sustained, more than
    ``max_errors`` refused messages, or silence longer than ``idle_timeout``
    seconds end that connection.  A seat to move whose connection is silent
    for more than ``silent_after`` seconds counts as away before that (its
    game was stopped without closing the connection): the move clock waits,
    and gives back the time since it was last heard.  A wrong code costs ``auth_delay`` seconds,
    served one at a time across all connections, so codes cannot be guessed
    quickly.

    Connections that have not yet been seated ("pending": no hello, or a
    wrong code being answered) must say hello within ``hello_timeout``
    seconds of connecting.  At most ``max_pending_per_address`` of them are
    kept per client address and ``max_pending`` in all; a newcomer is never
    turned away: when full, the oldest pending connection (of the newcomer's
    address, else of the address holding the most) is dropped with a
    ``crowded`` error.  So idle strangers can never lock out a player who
    holds a code: the player's hello comes with its connection, and a
    seated connection is never dropped for anyone.
    """

    def __init__(
        self,
        state: GameState,
        *,
        codes: Mapping[int, str] | None = None,
        names: tuple[str | None, str] = ("Host", "Guest"),
        bind: str = P.DEFAULT_BIND,
        port: int = P.DEFAULT_PORT,
        max_line: int = P.MAX_CLIENT_LINE,
        rate: float = 10.0,
        burst: float = 30.0,
        max_errors: int = 20,
        idle_timeout: float = 30.0,
        silent_after: float = P.SILENT_AFTER,
        hello_timeout: float = 3.0,
        auth_delay: float = 0.5,
        max_pending: int = 16,
        max_pending_per_address: int = 8,
        on_change: Callable[[GameState], None] | None = None,
        on_hint: Callable[[int], None] | None = None,
        match_id: Callable[[], str] | None = None,
        table: Mapping[str, Any] | None = None,
        on_table: Callable[[], None] | None = None,
        new_match: Callable[[GameState], GameState] | None = None,
        clock: MoveClockTime | None = None,
        retired_codes: Sequence[str] = (),
    ) -> None:
        self._state = state
        self.seq = 0
        """Increases with every change of the game; actions must name the current one."""
        self.codes = dict(codes) if codes is not None else {0: P.new_code(), 1: P.new_code()}
        self.retired_codes = tuple(retired_codes)
        """The join codes of matches the host gave up for this one (``--new``): a player who
        comes back with one is told that the host started a new match, not that the code is wrong."""
        self.names = [P.clean_name(names[0], "Host"), P.clean_name(names[1], "Guest")]
        self._host_named = names[0] is not None
        """The host gave its seat's name (else it has none of its own: ``--server-only``, where
        both seats join, takes the saved one)."""
        self.bind = bind
        self.port = port
        self.max_line = max_line
        self.rate = rate
        self.burst = burst
        self.max_errors = max_errors
        self.idle_timeout = idle_timeout
        self.silent_after = silent_after
        self.hello_timeout = hello_timeout
        self.auth_delay = auth_delay
        self.max_pending = max_pending
        self.max_pending_per_address = max_pending_per_address
        self.crowded = 0
        """How many pending connections were dropped to make room for newer ones."""
        self.on_change = on_change
        self.on_hint = on_hint
        self.match_id = match_id
        self._seats: list[_Conn | None] = [None, None]
        self._holders: list[str | None] = [None, None]
        """The id (its hello's ``client``) of the client last seated at each seat."""
        self._replaced: list[list[str]] = [[], []]
        """The ids of the clients that held each seat before another took it (the last few)."""
        self._left_names: list[list[str]] = [[], []]
        """The names of the players who held each seat before another client took it (the last
        few): one of them asking for it again, under that name, is told who has it now."""
        self._ready = [False, False]
        self._seated = [False, False]
        """Which seats have had a player in this match (kept in the save, across restarts of the host)."""
        self._too_small = [False, False]
        """Which seats' players said their terminal is too small to show the table: such a
        seat counts as away (the game and its move clock wait) until it says it is big again."""
        self._silent = [False, False]
        """Which seats, to move, have sent nothing for more than :attr:`silent_after` seconds
        (:meth:`_check_silence`): such a seat counts as away until its connection speaks again."""
        self._awaiting: tuple[int, _Conn] | None = None
        """At the end of a move's time, its move (``seq``) and the mover's connection while the host
        waits to hear from that game before calling time (:meth:`_expire`): heard, it runs, and
        its player ran out of time; not heard within a ping period, it was stopped (silent)."""
        # the clock
        self._time = clock
        """Where the move clock reads the time and sets its alarm (None: the event loop's)."""
        self._clock_seq = -1
        self._remaining = 0.0
        self._deadline: float | None = None
        self._clock_saved: tuple[int, int] | None = None
        """The move (its ``seq``) and the whole second of its time left last saved while the clock ran."""
        self.on_table = on_table
        self.new_match = new_match
        """Makes the first state of the next match from a finished one, once both players
        asked for it (the host's ``--rules``, ``--rule`` and ``--seed`` given when it resumed a
        match of its own rules: they start with the next match); None: the engine's new match."""
        self._take_table(table or {})
        self._conns: set[_Conn] = set()
        self._pending: dict[_Conn, None] = {}
        """Connections not seated yet, oldest first."""
        self._server: asyncio.AbstractServer | None = None
        self._auth_lock: asyncio.Lock | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timer: Cancellable | None = None
        self._watch_alarm: Cancellable | None = None
        self._checked = 0.0
        """When the server last checked that the host was running (:meth:`_stalled`)."""
        self.stalls = 0.0
        """Seconds the host was found not running (charged to nobody)."""
        self.address: tuple[str, int] | None = None

    # ------------------------------------------------------------ public

    @property
    def state(self) -> GameState:
        """The authoritative game state."""
        return self._state

    @property
    def host_code(self) -> str:
        """The code of seat 0 (the host's own client)."""
        return self.codes[0]

    @property
    def join_code(self) -> str:
        """The code of seat 1, to give to the other player."""
        return self.codes[1]

    def connected(self) -> tuple[bool, bool]:
        """Which seats have a live connection."""
        return (self._seats[0] is not None, self._seats[1] is not None)

    def at_table(self) -> tuple[bool, bool]:
        """Which seats have a player at the table: connected, heard from lately, with a
        terminal big enough to show it (the game and its move clock wait while one is not)."""
        return (
            self._seats[0] is not None and not self._too_small[0] and not self._silent[0],
            self._seats[1] is not None and not self._too_small[1] and not self._silent[1],
        )

    async def start(self) -> tuple[str, int]:
        """Start listening; returns the bound ``(address, port)``."""
        self._loop = asyncio.get_running_loop()
        self._auth_lock = asyncio.Lock()
        self._server = await asyncio.start_server(self._client, self.bind, self.port, limit=self.max_line)
        sock = self._server.sockets[0].getsockname()
        self.address = (sock[0], sock[1])
        self._checked = self._now()
        self._watch_alarm = self._call_later(STALL_TICK, self._watch, 0)
        log.info("listening on %s:%s", sock[0], sock[1])
        return self.address

    async def close(self) -> None:
        """Say goodbye to every client and stop listening (the time left of the
        move in play is saved first: a restarted host carries on with it)."""
        if self._timer is not None:  # stopped with the time left kept: the host's last save writes it too
            self._pause_clock()
        if self._clock_record() is not None:
            self._table_changed()
        self._stop_clock()
        if self._watch_alarm is not None:
            self._watch_alarm.cancel()
            self._watch_alarm = None
        kept = "the match's result" if self._state.over else "the match"  # at the result: for a new match
        for conn in list(self._conns):
            # saved, as it is now: no word of what the host does next (started again with --new, the match is given up)
            self._send(conn, {"type": P.BYE, "message": f"the host stopped; {kept} is saved"})
            conn.writer.close()
        if self._server is not None:
            self._server.close()
            try:
                await asyncio.wait_for(self._server.wait_closed(), 2)
            except TimeoutError:  # pragma: no cover - slow peers
                pass
            self._server = None

    # ------------------------------------------------------------ connections

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = _Conn(reader, writer, asyncio.get_running_loop().time(), self.burst)
        conn.task = asyncio.current_task()
        self._make_room(conn.address)
        self._conns.add(conn)
        self._pending[conn] = None
        log.info("connection from %s", conn.peer)
        try:
            await self._serve(conn)
        except (ConnectionError, OSError):
            pass
        except asyncio.CancelledError:
            if not conn.crowded_out:  # dropped to make room: this connection's end, not the server's
                raise
        except Exception:  # never let one client take the server down
            log.exception("error while serving %s", conn.peer)
        finally:
            self._conns.discard(conn)
            self._pending.pop(conn, None)
            self._drop(conn)
            try:
                writer.close()
            except Exception:  # pragma: no cover
                pass
            log.info("connection from %s closed", conn.peer)

    def _make_room(self, address: str) -> None:
        """Drop the oldest pending connection if a newcomer from ``address`` would
        be one too many: of that address if it has its fill, else of the
        address holding the most pending connections."""
        pending = list(self._pending)
        same = [c for c in pending if c.address == address]
        if len(same) >= self.max_pending_per_address:
            victim = same[0]
        elif len(pending) >= self.max_pending:
            counts: dict[str, int] = {}
            for c in pending:
                counts[c.address] = counts.get(c.address, 0) + 1
            busiest = max(counts, key=lambda a: counts[a])  # the first seen of the busiest, on a tie
            victim = next(c for c in pending if c.address == busiest)
        else:
            return
        self._pending.pop(victim, None)
        victim.crowded_out = True
        self.crowded += 1
        log.warning(
            "too many connections waiting to say hello: dropped the oldest, from %s (%d waiting)",
            victim.peer, len(pending),
        )
        self._send(victim, _error(P.E_CROWDED, "too many connections are waiting to join; try again", fatal=True))
        victim.writer.close()
        if victim.task is not None and victim.task is not asyncio.current_task():
            victim.task.cancel()  # also when it waits its turn to be told its code is wrong

    async def _serve(self, conn: _Conn) -> None:
        loop = asyncio.get_running_loop()
        while True:
            if conn.seat is None:  # the hello deadline counts from the connection, not from the last line
                timeout = conn.opened + self.hello_timeout - loop.time()
            else:
                timeout = self.idle_timeout
            stalls = self.stalls
            try:
                if timeout <= 0:
                    raise TimeoutError
                line = await asyncio.wait_for(conn.reader.readline(), timeout)
            except TimeoutError:
                if conn.seat is not None and self.stalls > stalls:
                    continue  # the host was not running meanwhile (its messages wait unread): not the seat's silence
                if conn.seat is None:  # what it should have sent, and when: a stranger's tool is told plainly
                    said = f"no hello within {self.hello_timeout:g} s of connecting: a client says hello first"
                else:
                    said = "no message for too long"
                self._send(conn, _error(P.E_IDLE, said, fatal=True))
                return
            except (ValueError, asyncio.LimitOverrunError):
                self._send(conn, _error(P.E_TOO_LONG, f"lines are limited to {self.max_line} bytes", fatal=True))
                return
            if not line or not line.endswith(b"\n"):
                return  # end of stream
            self._heard(conn)
            if not self._take_token(conn):
                self._send(conn, _error(P.E_FLOOD, "too many messages", fatal=True))
                log.warning("%s flooded; disconnected", conn.peer)
                return
            try:
                msg = P.decode(line)
            except P.ProtocolError as exc:
                if not self._refuse(conn, P.E_MALFORMED, str(exc)):
                    return
                continue
            kind = msg["type"]
            if kind == P.HELLO:
                if not await self._hello(conn, msg):
                    return
            elif conn.seat is None:
                self._send(conn, _error(P.E_NOT_JOINED, "say hello with a join code first", fatal=True))
                return
            elif kind == P.ACTION:
                if not self._action(conn, msg):
                    return
            elif kind == P.PING:
                self._send(conn, {"type": P.PONG})
            elif kind == P.HINT:
                self._hint(conn.seat)
            elif kind == P.TOO_SMALL:
                if not self._terminal(conn, msg):
                    return
            else:
                if not self._refuse(conn, P.E_UNKNOWN, "unknown message type"):
                    return

    def _take_token(self, conn: _Conn) -> bool:
        now = asyncio.get_running_loop().time()
        conn.tokens = min(self.burst, conn.tokens + (now - conn.stamp) * self.rate)
        conn.stamp = now
        if conn.tokens < 1:
            return False
        conn.tokens -= 1
        return True

    def _refuse(self, conn: _Conn, code: str, message: str) -> bool:
        """Send an error; False (and a final error) once the client has had too many."""
        conn.errors += 1
        log.info("refused a message from %s (seat %s): %s", conn.peer, conn.seat, code)
        if conn.errors > self.max_errors:
            self._send(conn, _error(P.E_TOO_MANY_ERRORS, "too many refused messages", fatal=True))
            return False
        self._send(conn, _error(code, message))
        return True

    async def _hello(self, conn: _Conn, msg: dict[str, Any]) -> bool:
        if conn.seat is not None:
            return self._refuse(conn, P.E_MALFORMED, "already joined")
        if msg.get("version") != P.PROTOCOL_VERSION:
            self._send(
                conn,
                _error(
                    P.E_VERSION,
                    f"this host speaks protocol version {P.PROTOCOL_VERSION}; update gin-tui on both sides",
                    fatal=True,
                ),
            )
            return False
        code = msg.get("code")
        seat = None
        for s in (0, 1):  # compare with every code, in constant time each
            if P.codes_match(code, self.codes[s]):
                seat = s
        if seat is None:
            retired = False
            for old in self.retired_codes:  # in constant time each, as the codes in play
                if P.codes_match(code, old):
                    retired = True
            assert self._auth_lock is not None
            async with self._auth_lock:  # one wrong code at a time, each costing auth_delay
                await asyncio.sleep(self.auth_delay)
            if retired:
                log.warning("the join code of a match given up, from %s", conn.peer)
                self._send(conn, {**_error(P.E_CODE, P.NEW_MATCH_MESSAGE, fatal=True), "new_match": True})
            else:
                log.warning("wrong join code from %s", conn.peer)
                self._send(conn, _error(P.E_CODE, "wrong join code", fatal=True))
            return False
        client = P.client_id(msg.get("client"))
        holder = self._seats[seat]
        if holder is not None:
            asked = P.clean_name(msg.get("name"), self.names[seat])
            other = asked != self.names[seat] and asked in self._left_names[seat]  # another player has it now
            if (client is not None and client in self._replaced[seat]) or other:
                log.warning("%s asked for seat %s again, which another client took", conn.peer, seat)
                self._send(conn, self._replaced_error(seat))
                return False
            log.warning("%s asked for seat %s, which is taken", conn.peer, seat)
            # how long the seat's connection has been silent: one that speaks meanwhile is alive (a client pings)
            quiet = max(0.0, asyncio.get_running_loop().time() - holder.stamp)
            # and who holds it: another player's join (another name) is told that they play on there
            self._send(conn, {**_error(P.E_SEAT_TAKEN, "that seat is already taken", fatal=True), "quiet": round(quiet, 1),
                              "by": self.names[seat]})
            return False
        was_seated = self._seated[seat]
        # under the seat's own name: the same player again (another gin-tui join of theirs), not another
        self._take_seat(conn, seat, client, same_player=P.clean_name(msg.get("name"), self.names[seat]) == self.names[seat])
        self._pending.pop(conn, None)
        named = list(self.names)
        self.names[seat] = P.clean_name(msg.get("name"), named[seat])
        self._tell_names_apart()
        if was_seated and self.names[seat] != named[seat]:
            self._hand_over(seat, named[seat])
        if self.names != named:
            self._table_changed()  # the guest's name is kept with the match, for a restart between hands
        log.info("%s took seat %s", conn.peer, seat)
        self._send(
            conn,
            {
                "type": P.WELCOME,
                "version": P.PROTOCOL_VERSION,
                "server": f"gin-tui {__version__}",
                "seat": seat,
                "names": list(self.names),
                "features": list(P.FEATURES),
            },
        )
        self._clock_update()
        self._broadcast()
        return True

    def _tell_names_apart(self) -> None:
        """Two players under one name (the same login name, no ``--name``):
        the guest's seat, player 2, is named with a number after it ("alice
        2"), so that neither table shows the other player under its own name."""
        self.names[1] = P.distinct_name(self.names[1], self.names[0])

    def _take_seat(self, conn: _Conn, seat: int, client: str | None, same_player: bool = False) -> None:
        """Seat ``conn`` (of the client ``client``, if it gave its id); the client that
        held the seat before, if another player's (``same_player`` False: another name),
        is told so when it asks for it back while taken (``replaced``). The same player's
        other client is told only that the seat is taken (``seat_taken``), and takes it
        back when it is free: a connection under the player's own name that held it a
        moment (another join of theirs, or anyone with the code) does not lock out the
        player's game for good."""
        held, replaced = self._holders[seat], self._replaced[seat]
        if client in replaced:
            replaced.remove(client)
        another = held is not None and held != client and not same_player
        if held is not None and another and held not in replaced:
            replaced.append(held)
            del replaced[:-REPLACED_KEPT]
        left = self._left_names[seat]
        if another and self.names[seat] not in left:  # the name of who held it
            left.append(self.names[seat])
            del left[:-REPLACED_KEPT]
        changed = self._holders[seat] != client
        self._holders[seat] = client
        self._too_small[seat] = False  # until the new connection says otherwise
        self._silent[seat] = False  # its hello was just heard
        conn.seat = seat
        self._seats[seat] = conn
        if not self._seated[seat] or changed:
            self._seated[seat] = True
            self._table_changed()  # saved: a restarted host knows a player who comes back, and who held the seat

    def _replaced_error(self, seat: int) -> dict[str, Any]:
        """The refusal of a player whose seat another took meanwhile: it names who holds it
        now (``by``) and the match in play (``match``), whose record of the hands the player
        played there their game makes from what it kept (optional fields: an older client
        shows the message)."""
        name = self.names[seat]
        error = {**_error(P.E_REPLACED, f"{name} took this seat and plays the match on", fatal=True), "by": name}
        if self.match_id is not None:
            error["match"] = self.match_id()
        return error

    def _action(self, conn: _Conn, msg: dict[str, Any]) -> bool:
        seat = conn.seat
        assert seat is not None
        if "seat" in msg and msg["seat"] != seat:
            return self._refuse(conn, P.E_SEAT, "you can only move for your own seat")
        text = msg.get("action")
        if not isinstance(text, str) or len(text) > 40:
            return self._refuse(conn, P.E_MALFORMED, 'an action needs an "action" string')
        seq = msg.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq != self.seq:
            return self._refuse(conn, P.E_STALE, f"that move was for another position (now {self.seq})")
        try:
            action = parse_action(text)
        except ValueError as exc:
            return self._refuse(conn, P.E_ILLEGAL, str(exc))
        if action.kind == Kind.TIMEOUT:
            return self._refuse(conn, P.E_ILLEGAL, "only the host's clock can call time")
        if not all(self.connected()):
            return self._refuse(conn, P.E_PAUSED, "waiting for the opponent")
        if self._too_small[1 - seat]:
            return self._refuse(conn, P.E_PAUSED, "waiting for the opponent: their terminal is too small")
        if self._too_small[seat]:
            return self._refuse(conn, P.E_PAUSED, "your terminal was said to be too small to show the table")
        if self._silent[1 - seat]:
            return self._refuse(conn, P.E_PAUSED, "waiting for the opponent: no word from their game")
        state = self._state
        if action.kind in BETWEEN:
            if action not in legal_actions(state):
                return self._refuse(conn, P.E_ILLEGAL, _reason(state, action, seat))
            self._ready[seat] = True
            if all(self._ready):
                self._set_state(self._next(state, action))
            else:
                self._table_changed()
                self._broadcast()
            return True
        try:
            new = apply(state, action, seat=seat)
        except IllegalAction as exc:
            return self._refuse(conn, P.E_ILLEGAL, str(exc))
        self._set_state(new)
        return True

    def _next(self, state: GameState, action: Action) -> GameState:
        """The game after ``action``, the next hand or the next match (made by
        :attr:`new_match` when given: should it fail, by the engine), whose first
        hand the seat that did not deal the finished match's first hand deals."""
        if action.kind == Kind.NEW_MATCH:  # the other player deals its first hand (it alternates)
            state = replace(state, first_dealer=1 - state.first_dealer)
        if action.kind == Kind.NEW_MATCH and self.new_match is not None:
            try:
                return self.new_match(state)
            except Exception:
                log.exception("could not start the next match with the host's rules")
        return apply(state, action)

    def _terminal(self, conn: _Conn, msg: dict[str, Any]) -> bool:
        """A ``too_small`` message: the seat's terminal is too small to show the table, or
        big enough again. The seat counts as away meanwhile (the game and the move clock
        wait); a message that changes nothing is not passed on."""
        seat = conn.seat
        assert seat is not None
        too_small = msg.get("too_small")
        if not isinstance(too_small, bool):
            return self._refuse(conn, P.E_MALFORMED, 'too_small needs "too_small": true or false')
        if self._too_small[seat] == too_small:
            return True
        self._too_small[seat] = too_small
        log.info("seat %s %s", seat, "cannot see the table: its terminal is too small" if too_small else "sees the table again")
        self._clock_update()
        self._broadcast()
        return True

    def _drop(self, conn: _Conn) -> None:
        seat = conn.seat
        if seat is not None and self._seats[seat] is conn:
            self._seats[seat] = None
            self._too_small[seat] = False  # a player who comes back says it again
            self._silent[seat] = False
            log.info("seat %s left", seat)
            self._clock_update()
            self._broadcast()

    # ------------------------------------------------------------ the game

    def _set_state(self, new: GameState) -> None:
        self._state = new
        self.seq += 1
        self._ready = [False, False]
        _call_back(self.on_change, "save the match", new)  # a new match gets its id there
        started, hints = self._match_book()
        if started is None:  # the match's first change
            self._match = (new.match_no, self._match_start(), hints)
        played, _ = self._players_book()
        if new.phase.ended and new.sheet and new.sheet[-1].hand_no not in played:
            played[new.sheet[-1].hand_no] = list(self.names)  # who held each seat as the hand ended
            self._table_changed()
        self._clock_update()
        self._broadcast()

    _hints: tuple[tuple[int, int], list[int]] | None = None
    """The hand (match and hand number) and the hints each seat was shown in it."""

    def hints(self) -> list[int]:
        """The hints each seat was shown in the hand in play (or just over)."""
        key = (self._state.match_no, self._state.hand_no)
        if self._hints is None or self._hints[0] != key:
            return [0, 0]
        return list(self._hints[1])

    _match: tuple[int, str | None, list[int]] | None = None
    """The match in play (its number), when it started and the hints each seat was shown in it."""

    def _match_book(self) -> tuple[str | None, list[int]]:
        """When the match in play started, as the host's record of it says
        (:meth:`_match_start`; None until its first change: its first move, or
        its deal after another match), and the hints each seat was shown in it."""
        if self._match is None or self._match[0] != self._state.match_no:
            self._match = (self._state.match_no, None, [0, 0])
        return self._match[1], self._match[2]

    _players: tuple[int, dict[int, list[str]], list[dict[str, int]]] | None = None
    """The match in play (its number), the names at both seats as each of its hands ended
    (by hand number), and the hints each player was shown in it (by seat, then name)."""

    def _players_book(self) -> tuple[dict[int, list[str]], list[dict[str, int]]]:
        """Who played each hand of the match in play (the names at both seats as it ended),
        and the hints each player was shown in it, by seat and name: a player who takes
        a seat under another name plays on from there with none of the other's."""
        if self._players is None or self._players[0] != self._state.match_no:
            self._players = (self._state.match_no, {}, [{}, {}])
        return self._players[1], self._players[2]

    def played(self) -> list[list[str] | None]:
        """The names at both seats as each hand of the score sheet ended (None: not known,
        a hand ended before the host kept them)."""
        played, _ = self._players_book()
        return [played.get(row.hand_no) for row in self._state.sheet]

    _handovers: tuple[tuple[int, int], list[list[dict[str, Any]]]] | None = None
    """The hand (match and hand number) and, by seat, where another player took the seat
    during it: ``{"move": moves made before, "from": who played until then, "hints": the
    hints that seat was shown in the hand until then}``, oldest first."""

    def handovers(self) -> list[list[dict[str, Any]]]:
        """Where the seat changed hands during the hand in play (or just over), by seat."""
        key = (self._state.match_no, self._state.hand_no)
        if self._handovers is None or self._handovers[0] != key:
            return [[], []]
        return [list(entries) for entries in self._handovers[1]]

    def _hand_over(self, seat: int, before: str) -> None:
        """Another player (not ``before``, who held ``seat`` last) took the seat during the hand
        in play: if ``before`` made moves of it, or was shown hints in it, or held the seat as it
        was dealt (the first to hold it in the hand, even with no move made: at move 0), it is
        kept where they stopped, so that every table names them for their part of the hand,
        its deal included."""
        state = self._state
        if not state.phase.playing:
            return
        hints = self.hints()[seat]
        earlier = self.handovers()[seat]
        moved = any(m.seat == seat for m in state.history[earlier[-1]["move"] if earlier else 0:])
        if earlier and not (moved or hints > earlier[-1]["hints"]):
            return  # held the seat for a while, neither moving nor shown a hint: nothing of the hand was theirs
        key = (state.match_no, state.hand_no)
        if self._handovers is None or self._handovers[0] != key:
            self._handovers = (key, [[], []])
        self._handovers[1][seat].append({"move": len(state.history), "from": before, "hints": hints})

    def seat_names(self, seat: int) -> str:
        """Who played ``seat`` in the match in play, each once in the order they played it:
        "Bob", "Bob/Carol" when Carol took it from Bob (the player at it now counts for the
        hand in play, or the one just ended, which :meth:`played` may not have yet)."""
        names = [names[seat] for names in self.played() if names is not None] + [self.names[seat]]
        return "/".join(dict.fromkeys(names))

    def player_hints(self) -> list[int]:
        """The hints the player now at each seat (by name) was shown in the match in play."""
        _, hints = self._players_book()
        return [hints[seat].get(self.names[seat], 0) for seat in (0, 1)]

    def _match_start(self) -> str:
        """When the match in play began, as the host's record of it says: the
        time its id begins with (else now)."""
        begun = match_started(self.match_id()) if self.match_id is not None else None
        return begun or now_iso()

    def _hint(self, seat: int) -> None:
        """A player was shown a hint: count it for the hand and the match, and tell both (the other sees it)."""
        counts = self.hints()
        counts[seat] += 1
        self._hints = ((self._state.match_no, self._state.hand_no), counts)
        self._match_book()[1][seat] += 1
        by_name = self._players_book()[1][seat]
        by_name[self.names[seat]] = by_name.get(self.names[seat], 0) + 1
        log.info("seat %s was shown a hint", seat)
        _call_back(self.on_hint, "count a hint", seat)
        self._table_changed()
        self._broadcast()

    def table(self) -> dict[str, Any]:
        """What the server keeps beside the game, for the host's save: the hand
        (match and hand number) it belongs to, who asked to go on from it, the
        hints each seat was shown in it, where a seat changed hands during it
        (:meth:`handovers`: a restarted host names the player before for their
        part of the hand, as it did), the players' names (the guest's is
        taken up again by a restarted host, which hears it only when the guest
        is back) and which seats have had a player (one who comes back to a
        restarted host is "back", not new), the clients that held each seat (one whose seat
        another took is told who has it, as before the restart), the time left of the move in play under a move timer, and
        when the match started and the hints each seat was shown in it (the
        guest records them as the host does)."""
        clock = self._clock_record()
        started, match_hints = self._match_book()
        played, player_hints = self._players_book()
        return {
            "hand": [self._state.match_no, self._state.hand_no],
            "ready": list(self._ready),
            "hints": self.hints(),
            "names": list(self.names),
            "seated": list(self._seated),
            "match": {
                "no": self._state.match_no, "started": started, "hints": list(match_hints),
                "played": {str(no): list(names) for no, names in played.items()},
                "player_hints": [dict(counts) for counts in player_hints],
            },
            **({"handovers": self.handovers()} if any(self.handovers()) else {}),
            **({"holders": {"clients": list(self._holders), "replaced": [list(ids) for ids in self._replaced],
                            "left": [list(names) for names in self._left_names]}}
               if any(self._holders) or any(self._replaced) or any(self._left_names) else {}),
            **({"clock": clock} if clock is not None else {}),
        }

    def _take_table(self, table: Mapping[str, Any]) -> None:
        """Take up a saved :meth:`table` (anything unreadable, or of another
        hand, is left out: a save of an earlier version has none, its hand in play
        then without the places where a seat changed hands in it; the guest's
        name, the match's start and its hints hold for the whole match; the host's seat's
        too when the host gives none of its own)."""
        key = (self._state.match_no, self._state.hand_no)
        hand, ready, hints, names = table.get("hand"), table.get("ready"), table.get("hints"), table.get("names")
        if isinstance(names, list) and len(names) == 2:  # the guest's (the host gives its own at each start)
            for seat in (0, 1) if not self._host_named else (1,):
                self.names[seat] = P.clean_name(names[seat], self.names[seat])
            self._tell_names_apart()  # (saved so by an earlier version)
        self._take_holders(table.get("holders"))
        seated = table.get("seated")  # who has been at the table: of the whole match, as the names
        if isinstance(seated, list) and [type(x) for x in seated] == [bool, bool]:
            self._seated = list(seated)
        match = table.get("match")  # when the match started, and its hints: of the whole match
        if isinstance(match, dict) and match.get("no") == self._state.match_no:
            started, counts = match.get("started"), match.get("hints")
            counts = P.seat_counts(counts)
            if (started is None or P.valid_time(started)) and counts is not None:
                self._match = (self._state.match_no, started, counts)
            self._players = (self._state.match_no, _played(match.get("played")), _player_hints(match.get("player_hints")))
        if not isinstance(hand, list) or [type(x) for x in hand] != [int, int] or tuple(hand) != key:
            return
        if self._state.phase.ended and isinstance(ready, list) and [type(x) for x in ready] == [bool, bool]:
            self._ready = list(ready)
        hints = P.seat_counts(hints)
        if hints is not None:
            self._hints = (key, hints)
        handovers = [  # where the seat changed hands in the hand (no further than its moves, its seat's hints)
            [{"move": move, "from": name, "hints": min(n, self.hints()[seat])} for move, name, n in entries
             if move <= len(self._state.history)]
            for seat, entries in enumerate(P.handovers(table.get("handovers")))
        ]
        if any(handovers):
            self._handovers = (key, handovers)
        timer = self._state.rules.timer
        left = saved_left(table.get("clock"), clock_turn(self._state), timer) if timer is not None else None
        if left is not None and self._state.phase.playing:  # the move in play carries on with the time it had
            self._clock_seq = self.seq
            self._remaining = left

    def _take_holders(self, saved: Any) -> None:
        """Take up a saved record of the clients that held each seat (:meth:`table`'s ``holders``:
        the one last seated, those another took the seat from and the names they played under),
        so that a restarted host refuses them as it did, saying who took their seat (what of it
        does not read is left out)."""
        if not isinstance(saved, dict):
            return
        clients, replaced, left = saved.get("clients"), saved.get("replaced"), saved.get("left")
        if isinstance(clients, list) and len(clients) == 2:
            self._holders = [P.client_id(c) for c in clients]
        if isinstance(replaced, list) and len(replaced) == 2:
            self._replaced = [
                [i for i in (P.client_id(c) for c in ids) if i is not None][-REPLACED_KEPT:] if isinstance(ids, list) else []
                for ids in replaced
            ]
        if isinstance(left, list) and len(left) == 2:
            self._left_names = [
                [n for n in (P.clean_name(x, "") for x in names) if n][-REPLACED_KEPT:] if isinstance(names, list) else []
                for names in left
            ]

    def _table_changed(self) -> None:
        _call_back(self.on_table, "save the match")

    def _broadcast(self) -> None:
        for seat in (0, 1):
            conn = self._seats[seat]
            if conn is not None:
                self._send(conn, self.state_message(seat))

    def state_message(self, seat: int) -> dict[str, Any]:
        """The ``state`` message for ``seat``: its own view and nothing else secret."""
        started, match_hints = self._match_book()
        return {
            "type": P.STATE,
            "seq": self.seq,
            "view": P.view_to_dict(view(self._state, seat)),
            "names": list(self.names),
            "connected": list(self.connected()),
            "too_small": list(self._too_small),
            "silent": list(self._silent),
            "ready": list(self._ready),
            "seated": list(self._seated),
            "clock": self._clock_message(),
            **({"hints": self.hints()} if any(self.hints()) else {}),
            **({"match": self.match_id()} if self.match_id is not None else {}),
            **({"started": started} if started is not None else {}),
            "match_hints": list(match_hints),
            "played": self.played(),
            "player_hints": self.player_hints(),
            **({"handovers": self.handovers()} if any(self.handovers()) else {}),
        }

    def _send(self, conn: _Conn, msg: dict[str, Any]) -> None:
        writer = conn.writer
        if writer.is_closing():
            return
        try:
            writer.write(P.encode(msg))
            if writer.transport.get_write_buffer_size() > 4 * P.MAX_SERVER_LINE:
                log.warning("%s does not read its messages; disconnected", conn.peer)
                writer.close()
        except (ConnectionError, OSError, RuntimeError):
            writer.close()

    # ------------------------------------------------------------ the clock

    def _clock_update(self) -> None:
        """Start, pause or restart the move timer after any change.

        Each accepted move restarts it at ``rules.timer`` seconds; it runs only
        while both seats are at the table (connected, heard from lately, their
        terminals big enough to show it: :meth:`at_table`), and a pause keeps the
        time left.  Time the host itself was not running is not counted
        (:meth:`_stalled`), nor the time the seat to move was not heard from
        before it was found silent (:meth:`_check_silence`).
        """
        timer = self._state.rules.timer
        if timer is None:
            self._stop_clock()
            return
        if self._clock_seq != self.seq:
            self._stop_clock()
            self._clock_seq = self.seq
            self._remaining = float(timer)
        should_run = self._state.phase.playing and all(self.at_table()) and self._loop is not None
        if should_run and self._timer is None:
            assert self._loop is not None
            self._deadline = self._now() + self._remaining
            self._timer = self._call_later(self._remaining, self._expire, self.seq)
        elif not should_run and self._timer is not None:
            self._pause_clock()
            self._table_changed()  # the time left, saved as it stops (a host that crashes meanwhile keeps it)

    def _now(self) -> float:
        if self._time is not None:
            return self._time.now()
        assert self._loop is not None
        return self._loop.time()

    def _call_later(self, delay: float, callback: Callable[[int], None], seq: int) -> Cancellable:
        if self._time is not None:
            return self._time.call_later(delay, callback, seq)
        assert self._loop is not None
        return self._loop.call_later(delay, callback, seq)

    def _pause_clock(self) -> None:
        """Stop the running move clock, keeping the time left (the time the host was stopped not counted)."""
        assert self._loop is not None and self._deadline is not None
        self._stalled()
        self._remaining = max(0.0, self._deadline - self._now())
        self._stop_clock()

    def _stop_clock(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        self._deadline = None

    def _stalled(self) -> bool:
        """Check that the host has been running since the last check (made
        every :data:`STALL_TICK` s): one more than :data:`STALL_SLACK` s late
        means it was stopped.  The time lost is then added to :attr:`stalls`
        (a seat silent meanwhile is not dropped as idle), and, while the move
        clock runs, to its deadline, so that the player to move is not charged
        for it (their move may be waiting, unread, since before the deadline).
        True if it was stopped."""
        now = self._now()
        late = now - self._checked - STALL_TICK
        self._checked = now
        if late <= STALL_SLACK:
            return False
        self.stalls += late
        log.info("the host was not running for %.1f s: charged to nobody", late)
        if self._deadline is not None:
            self._deadline += late
            if self._timer is not None:
                self._timer.cancel()
            self._timer = self._call_later(self._deadline - now, self._expire, self.seq)
        return True

    def _watch(self, _seq: int) -> None:
        """The regular check that the host was not stopped (see :meth:`_stalled`), and
        the save of the move clock's time left (:meth:`_save_clock`)."""
        if self._stalled() and self._deadline is not None:
            self._broadcast()  # the players' clocks count on from the time given back
        self._check_silence()
        self._save_clock()
        self._watch_alarm = self._call_later(STALL_TICK, self._watch, 0)

    def _time_left(self) -> float | None:
        """The time left of the move in play now, running or not; None without a clock on it."""
        if self._state.rules.timer is None or not self._state.phase.playing or self._clock_seq != self.seq:
            return None
        left = self._deadline - self._now() if self._deadline is not None else self._remaining
        return max(0.0, left)

    def _heard(self, conn: _Conn) -> None:
        """A message came from ``conn``: note when, and the time left then (given back should
        it fall silent); a seat found silent is back at the table, its clock going on."""
        conn.heard = self._now()
        conn.heard_stalls = self.stalls
        awaited = self._awaiting
        if awaited is not None and awaited[1] is conn and awaited[0] == self.seq:
            self._awaiting = None  # its game runs: its player ran out of time
            self._time_out()
            return
        left = self._time_left()
        conn.heard_left = (self.seq, left) if left is not None else None
        seat = conn.seat
        if seat is not None and self._seats[seat] is conn and self._silent[seat]:
            self._silent[seat] = False
            log.info("seat %s is heard from again", seat)
            self._clock_update()
            self._broadcast()

    def _check_silence(self) -> None:
        """Find the seat to move silent: nothing from its connection for more than
        :attr:`silent_after` seconds (time the host itself was stopped not counted).  Its game
        has stopped without closing the connection (a laptop lid closed, ``kill -STOP``),
        which the idle drop would find only after the move clock ran out: the seat counts as
        away now, and its clock, paused, is given back the time since it was last heard
        (never more than the move's whole time)."""
        playing = self._state.phase.playing
        for seat in (0, 1):
            conn = self._seats[seat]
            to_move = conn is not None and playing and seat == self._state.current
            if self._silent[seat] and not to_move:  # no longer the one the game waits for
                self._silent[seat] = False
                self._clock_update()
                self._broadcast()
            if conn is None or not to_move or self._silent[seat]:
                continue
            quiet = self._quiet(conn)
            if quiet <= self.silent_after:
                continue
            self._found_silent(seat, conn, quiet)

    def _quiet(self, conn: _Conn) -> float:
        """Seconds since ``conn`` was last heard, time the host itself was stopped not counted."""
        return self._now() - conn.heard - (self.stalls - conn.heard_stalls)

    def _found_silent(self, seat: int, conn: _Conn, quiet: float) -> None:
        """The seat to move counts as away, its game silent ``quiet`` s: its clock, paused, is
        given back the time since it was last heard (never more than the move's whole time)."""
        self._awaiting = None
        self._silent[seat] = True
        log.info("seat %s has sent nothing for %.0f s: counted as away", seat, quiet)
        self._clock_update()  # paused, with the time left now
        self._give_back(conn)
        self._broadcast()

    def _give_back(self, conn: _Conn) -> None:
        """The move's clock, paused, given back the time since ``conn`` was last heard: the time
        it had then (the whole time where the move began after it), never more than that."""
        timer = self._state.rules.timer
        if timer is not None and self._clock_seq == self.seq and self._timer is None:
            heard = conn.heard_left
            back = heard[1] if heard is not None and heard[0] == self.seq else float(timer)
            self._remaining = min(float(timer), max(self._remaining, back))
            self._table_changed()  # the time given back, saved

    def _save_clock(self) -> None:
        """While the move clock runs, save its time left again each time the whole second
        of it changes (at each check, twice a second: about one save a second), so that a
        host that ends without saving (``kill -9``, a crash) gives the move, once started
        again, at most the time it had at the last such save, never its full time."""
        if self._timer is None or self._deadline is None:
            return
        second = math.ceil(max(0.0, self._deadline - self._now()))
        if self._clock_saved == (self.seq, second):
            return
        self._clock_saved = (self.seq, second)
        self._table_changed()

    def _clock_record(self) -> dict[str, Any] | None:
        """The time left of the move in play, for the save (``{"turn": [match, hand,
        moves], "left": s}``, as the local game saves it), or None (no timer, no move
        in play, or the clock not started on it yet)."""
        left = self._time_left()
        if left is None:
            return None
        return {"turn": list(clock_turn(self._state)), "left": round(left, 1)}

    def _clock_message(self) -> dict[str, Any] | None:
        timer = self._state.rules.timer
        if timer is None or not self._state.phase.playing:
            return None
        running = self._timer is not None and self._deadline is not None and self._loop is not None
        left = self._deadline - self._now() if running else self._remaining  # type: ignore[operator]
        return {"seat": self._state.current, "limit": timer, "remaining": round(max(0.0, left), 2), "running": running}

    def _expire(self, seq: int) -> None:
        if seq != self.seq or not self._state.phase.playing:
            return
        if self._stalled():  # the alarm rang late, the host having been stopped: the time lost is given back
            self._broadcast()
            return
        self._stop_clock()
        seat = self._state.current
        conn = self._seats[seat]
        quiet = self._quiet(conn) if conn is not None else 0.0
        if conn is not None and quiet > LIVE_WITHIN and self.silent_after < math.inf:
            # not heard lately: a player thinking between two pings, or a game stopped in its
            # move's last seconds, before the host could find it silent; a running game pings
            # within a ping period, and it tells which (its message calls time: :meth:`_heard`)
            due = P.HEARTBEAT + PROOF_SLACK - quiet
            if due <= 0:
                self._found_silent(seat, conn, quiet)
                return
            self._awaiting = (seq, conn)
            self._remaining = 0.0
            self._call_later(due, self._proof_due, seq)
            return
        self._time_out()

    def _proof_due(self, seq: int) -> None:
        """A ping period after the mover's game was last heard, at the end of its move's time:
        not heard since, it was stopped, and counts as silent (its time given back), not out
        of time."""
        awaited = self._awaiting
        if awaited is None or awaited[0] != seq or seq != self.seq:
            return
        conn = awaited[1]
        seat = self._state.current
        if self._seats[seat] is conn:
            self._found_silent(seat, conn, self._quiet(conn))
            return
        self._awaiting = None  # gone meanwhile: its time as when last heard, for its return
        self._give_back(conn)

    def _time_out(self) -> None:
        """The player to move ran out of time: the match is theirs lost (the rules say so)."""
        self._stop_clock()
        try:
            new = apply(self._state, Action(Kind.TIMEOUT))
        except IllegalAction:  # pragma: no cover - timeout is legal whenever the timer runs
            return
        log.info("seat %s ran out of time", self._state.current)
        self._set_state(new)


def _played(saved: Any) -> dict[int, list[str]]:
    """A saved record of who played each hand (hand number: both names), what of it reads."""
    played: dict[int, list[str]] = {}
    if isinstance(saved, dict):
        for no, names in saved.items():
            kept = P.seat_names(names)
            if isinstance(no, str) and no.isdigit() and kept is not None:
                played[int(no)] = kept
    return played


def _player_hints(saved: Any) -> list[dict[str, int]]:
    """A saved count of the hints each player was shown, by seat and name, what of it reads."""
    counts: list[dict[str, int]] = [{}, {}]
    if isinstance(saved, list) and len(saved) == 2:
        for seat, by_name in enumerate(saved):
            if isinstance(by_name, dict):
                counts[seat] = {
                    name: n for name, n in by_name.items() if isinstance(name, str) and type(n) is int and n >= 0
                }
    return counts


def _error(code: str, message: str, fatal: bool = False) -> dict[str, Any]:
    return {"type": P.ERROR, "code": code, "message": message, "fatal": fatal}


def _reason(state: GameState, action: Action, seat: int) -> str:
    try:
        apply(state, action, seat=seat)
    except IllegalAction as exc:
        return str(exc)
    return f"{action} is not allowed now"  # pragma: no cover


def check_listen(bind: str, port: int) -> None:
    """Raise the ``OSError`` that listening on ``bind``:``port`` as :meth:`MatchServer.start`
    does would raise now (the port in use, an address not of this machine, a name that does
    not resolve), without listening: each address is bound, as asyncio binds it, and let go."""
    import socket

    infos = socket.getaddrinfo(bind or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    for family, kind, proto, _name, address in dict.fromkeys(infos):
        with socket.socket(family, kind, proto) as sock:
            if os.name == "posix":  # as asyncio's start_server: a port just left (TIME_WAIT) is free
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)


class ServerThread:
    """Runs a :class:`MatchServer` on its own event loop in a daemon thread
    (so the host's app and the server's clock never wait for each other)."""

    def __init__(self, server: MatchServer) -> None:
        self.server = server
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="gin-tui-server", daemon=True)
        self._started = threading.Event()
        self._error: BaseException | None = None

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self.server.start())
        except BaseException as exc:  # reported to start()
            self._error = exc
            self._started.set()
            return
        self._started.set()
        try:
            self.loop.run_forever()
        finally:
            pending = [t for t in asyncio.all_tasks(self.loop) if not t.done()]
            for task in pending:
                task.cancel()
            if pending:
                self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()

    def start(self, timeout: float = 10.0) -> tuple[str, int]:
        """Start the thread and the server; returns the bound address (or raises its error)."""
        self._thread.start()
        if not self._started.wait(timeout):
            raise TimeoutError("the match server did not start")
        if self._error is not None:
            raise self._error
        assert self.server.address is not None
        return self.server.address

    def stop(self, timeout: float = 5.0) -> None:
        """Close the server and end the thread."""
        if not self._thread.is_alive():
            return
        fut = asyncio.run_coroutine_threadsafe(self.server.close(), self.loop)
        try:
            fut.result(timeout)
        except Exception:  # pragma: no cover
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout)
