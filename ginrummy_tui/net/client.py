"""A headless client of the match server (asyncio).

It holds what the host last said — the seat's :class:`PlayerView`, the
players' names, who is connected, the move clock — and sends the player's
actions.  It decides nothing: every move is checked by the host.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from ginrummy_tui.engine import Action, PlayerView

from . import protocol as P

log = logging.getLogger("ginrummy_tui.net")


class JoinRefused(ConnectionError):
    """The host refused to seat this client (wrong code, seat taken, version...)."""

    def __init__(self, code: str, message: str, *, new_match: bool = False, quiet: float | None = None,
                 by: str | None = None, match: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.by = by
        """With ``replaced``: the name of the player who took the seat (None from a host that does not say)."""
        self.match = match
        """With ``replaced``: the host's id for the match in play (None from a host that does not say)."""
        self.new_match = new_match
        """The code was the one of a match the host gave up: it has started a new match, with a new code."""
        self.quiet = quiet
        """With ``seat_taken``: the seconds the seat's connection had been silent, as the host
        says it (None from a host that does not): one that speaks between two asks is alive."""


def _not_the_protocol(line: bytes) -> bool:
    """Whether ``line`` is not a message of the protocol at all (not one of another
    version's, which a gin-tui host may send): what another program would answer."""
    try:
        P.decode(line)
    except P.ProtocolError:
        return True
    return False


def _text(value: Any) -> str | None:
    """A name or an id a message gives (None if it gives none: a host that does not say it)."""
    return value if isinstance(value, str) and value and len(value) <= 64 else None


def _name(value: Any) -> str | None:
    """A player's name a message gives, cleaned as the host cleans names (None if it gives none)."""
    return P.clean_name(value, "") or None if isinstance(value, str) else None


def _seconds(value: Any) -> float | None:
    """A number of seconds a message gives (None if it gives none that can be one)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < float("inf"):
        return None
    return float(value)


class NoAnswer(TimeoutError):
    """The host accepted the connection but did not answer as a gin-tui host
    (a welcome and the first state) within ``seconds``."""

    def __init__(self, seconds: float, message: str | None = None) -> None:
        super().__init__(message or f"did not answer as a gin-tui host within {seconds:g} seconds")
        self.seconds = seconds


class NotAHost(NoAnswer):
    """What answered at the address is not a gin-tui host: it sent lines that are not
    the protocol's (another program listens on that port)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds, "answered, but it is not a gin-tui host (its answer is not the game's): "
                         "check the address and the port")


class GameClient:
    """One seat's connection to a :class:`~ginrummy_tui.net.server.MatchServer`.

    ``on_message(client, message)`` is called (on the client's event loop)
    after each message from the host has been taken into account, and with
    ``{"type": "closed"}`` when the connection ends.  With ``record``, every
    line received is kept in :attr:`lines` (tests check them for secrets).
    ``client_id`` is said in the hello, so that the host knows a rejoin of the
    same client (and refuses one whose seat another client took).
    """

    def __init__(
        self,
        host: str,
        port: int,
        code: str,
        name: str = "",
        *,
        on_message: Callable[[GameClient, dict[str, Any]], None] | None = None,
        heartbeat: float = P.HEARTBEAT,
        record: bool = False,
        client_id: str | None = None,
    ) -> None:
        self.host = host
        self.port = port
        self.code = code
        self.name = name
        self.on_message = on_message
        self.heartbeat = heartbeat
        self.record = record
        self.client_id = client_id
        """Said in the hello: the host knows this client again when it rejoins (None: not said)."""
        self.lines: list[bytes] = []
        """Every line received, when ``record`` is set."""
        self.seat: int | None = None
        self.view: PlayerView | None = None
        self.seq = -1
        self.names: list[str] = ["", ""]
        self.connected = [False, False]
        """Which seats the host sees connected."""
        self.too_small = [False, False]
        """Which seats' terminals are too small to show the table, as the host says (the game
        waits for them); a host that does not say it sees none so."""
        self.silent = [False, False]
        """Which seats the host has heard nothing from for a while, on their move (the game
        waits for them: their game may be stopped); a host that does not say it sees none so."""
        self.features: frozenset[str] = frozenset()
        """The messages the host takes beyond those of the protocol's first release, as its
        welcome lists them (``too_small``); none from a host that lists none."""
        self.ready = [False, False]
        self.seated = [False, False]
        """Which seats have had a player in this match, as the host says (also before it was
        last started); a host that does not say it leaves it as the last said."""
        self.clock: dict[str, Any] | None = None
        self.hints: list[int] = [0, 0]
        """The hints each seat was shown in the hand in play, as the host counts them."""
        self.match_id: str | None = None
        """The host's id of the match in play (None from a host that does not say it)."""
        self.match_started: str | None = None
        """When the match in play started, as the host says (None from a host that does not say it)."""
        self.match_hints: list[int] | None = None
        """The hints each seat was shown in the match in play, as the host counts them (None: not said)."""
        self.played: list[list[str] | None] | None = None
        """The names at both seats as each hand of the score sheet ended, as the host says
        (None in a row: not known; None: a host that does not say it)."""
        self.player_hints: list[int] | None = None
        """The hints the player now at each seat was shown in the match in play, as the
        host counts them by name (None: not said)."""
        self.handovers: list[list[tuple[int, str, int]]] = [[], []]
        """Where another player took each seat during the hand in play (or just over), as the
        host says: ``(moves made before, who played until then, their hints in the hand)``."""
        self.clock_stamp = 0.0
        self.asked_at: float | None = None
        """When the oldest message still waiting for the host's answer (a move, a ping) was sent."""
        self.errors: list[dict[str, Any]] = []
        """Every error message received."""
        self.open = False
        """True while the connection to the host is up."""
        self.closed_reason = ""
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._tasks: list[asyncio.Task] = []
        self._cond: asyncio.Condition | None = None
        self.updates = 0
        """How many messages have been handled (for waiting on changes)."""
        self.attempts = 0
        self._garbled = False
        """The connection being opened had an answer that is not the protocol's (:class:`NotAHost`)."""
        """Connections opened by :meth:`connect` (more than one when the host was crowded)."""

    # ------------------------------------------------------------ connecting

    async def connect(self, timeout: float = 10.0, *, background: bool = True) -> None:
        """Connect, say hello and wait for the first view.

        Raises :class:`JoinRefused` if the host refuses, ``OSError`` if it
        cannot be reached, ``TimeoutError`` if it does not answer (:class:`NoAnswer`
        if it accepted the connection but sent no usable welcome).  When the
        host dropped the connection to make room for newer ones (strangers
        crowding it), it tries again at once, within ``timeout``.

        With ``background`` (the default) the host's later messages are read
        (and the pings sent) by tasks of their own; without it, the caller
        awaits :meth:`run` for that (the app runs it as one of its workers).
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            try:
                await self._attempt(max(0.1, deadline - loop.time()))
                break
            except NoAnswer as exc:
                raise type(exc)(timeout) from None  # the whole wait, not this attempt's share
            except JoinRefused as exc:
                if exc.code != P.E_CROWDED or loop.time() >= deadline:
                    raise
        self.open = True
        if background:
            self._tasks = [asyncio.create_task(self.run())]

    async def run(self) -> None:
        """Read the host's messages (and send the pings) until the connection ends.

        Each message reaches ``on_message`` as it is read; the last one is
        ``{"type": "closed"}``.  Cancelling it leaves the connection open
        (:meth:`close` closes it)."""
        ping = asyncio.create_task(self._ping_loop()) if self.heartbeat > 0 else None
        try:
            await self._read_loop()
        finally:
            if ping is not None:
                ping.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await ping

    async def _attempt(self, timeout: float) -> None:
        self.attempts += 1
        self._cond = asyncio.Condition()
        self.seat, self.view = None, None
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(self.host, self.port, limit=P.MAX_SERVER_LINE), timeout
        )
        self._reader, self._writer = reader, writer
        self._garbled = False
        hello = {"type": P.HELLO, "version": P.PROTOCOL_VERSION, "code": self.code, "name": self.name}
        self._write(hello if self.client_id is None else {**hello, "client": self.client_id})
        try:
            await asyncio.wait_for(self._handshake(), timeout)
        except TimeoutError:
            writer.close()
            raise (NotAHost if self._garbled else NoAnswer)(timeout) from None
        except ConnectionError:
            writer.close()
            if self._garbled:  # it answered, not as the game does, and hung up (a web server, say)
                raise NotAHost(timeout) from None
            raise
        except BaseException:
            writer.close()
            raise

    async def _handshake(self) -> None:
        """Read until the welcome and the first state."""
        assert self._reader is not None
        while self.view is None:
            try:
                line = await self._reader.readline()
            except (ValueError, asyncio.LimitOverrunError) as exc:  # not a gin-tui host, or a broken one
                raise ConnectionError("the host sent a line too long") from exc
            if not line:
                raise ConnectionError("the host closed the connection")
            msg = self._take(line)
            if msg is None:
                self._garbled = self._garbled or _not_the_protocol(line)
                continue
            if msg["type"] == P.ERROR and msg.get("fatal"):
                raise JoinRefused(str(msg.get("code")), str(msg.get("message")), new_match=msg.get("new_match") is True,
                                  quiet=_seconds(msg.get("quiet")), by=_name(msg.get("by")), match=_text(msg.get("match")))
            if msg["type"] == P.BYE:
                raise ConnectionError(str(msg.get("message", "the host stopped; the match is saved")))

    async def close(self) -> None:
        """Close the connection (the host then shows this seat as gone)."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(Exception):
                await self._writer.wait_closed()
        self._mark_closed("closed")

    # ------------------------------------------------------------ sending

    async def submit(self, action: Action | str) -> None:
        """Send the player's action, for the position last seen."""
        self._write({"type": P.ACTION, "action": str(action), "seq": self.seq})
        self._asked()
        await self._drain()

    async def tell_too_small(self, too_small: bool) -> None:
        """Tell the host that the terminal is too small to show the table (or big enough
        again); nothing to a host that does not take it (:attr:`features`)."""
        if P.TOO_SMALL in self.features:
            self._write({"type": P.TOO_SMALL, "too_small": too_small})
            await self._drain()

    async def send(self, message: dict[str, Any]) -> None:
        """Send any message (tests use it to misbehave)."""
        self._write(message)
        await self._drain()

    async def send_raw(self, data: bytes) -> None:
        """Send raw bytes (tests use it to send garbage)."""
        assert self._writer is not None
        self._writer.write(data)
        await self._drain()

    def _write(self, message: dict[str, Any]) -> None:
        assert self._writer is not None
        if not self._writer.is_closing():
            self._writer.write(P.encode(message))

    async def _drain(self) -> None:
        assert self._writer is not None
        with contextlib.suppress(ConnectionError, OSError):
            await self._writer.drain()

    # ------------------------------------------------------------ receiving

    async def _read_loop(self) -> None:
        assert self._reader is not None
        reason = "the host closed the connection"
        try:
            while True:
                line = await self._reader.readline()
                if not line:
                    break
                msg = self._take(line)
                if msg is not None and msg["type"] == P.BYE:
                    reason = str(msg.get("message", reason))
                await self._notify(msg)
        except (ValueError, asyncio.LimitOverrunError):
            reason = "the host sent a line too long"
        except (ConnectionError, OSError):
            reason = P.DROPPED
        self._mark_closed(reason)
        await self._notify({"type": "closed", "message": reason})

    async def _ping_loop(self) -> None:
        while True:
            await asyncio.sleep(self.heartbeat)
            if not self.open:
                return
            self._write({"type": P.PING})
            self._asked()
            await self._drain()

    def _asked(self) -> None:
        """A message that the host answers was sent."""
        if self.asked_at is None:
            self.asked_at = time.monotonic()

    def _take(self, line: bytes) -> dict[str, Any] | None:
        """Take one line into account; returns the message (None if unreadable)."""
        self.asked_at = None  # the host is running: whatever was sent before is read
        if self.record:
            self.lines.append(line)
        try:
            msg = P.decode(line)
        except P.ProtocolError:
            return None
        kind = msg["type"]
        if kind == P.WELCOME:
            seat = msg.get("seat")
            self.seat = seat if seat in (0, 1) else None
            self._names(msg.get("names"))
            features = msg.get("features")
            self.features = frozenset(f for f in features if isinstance(f, str)) if isinstance(features, list) else frozenset()
        elif kind == P.STATE:
            try:
                view = P.view_from_dict(msg.get("view"))
            except ValueError:
                return None
            self.view = view
            seq = msg.get("seq")
            self.seq = seq if isinstance(seq, int) else self.seq
            self._names(msg.get("names"))
            self.connected = _bools(msg.get("connected"), self.connected)
            self.too_small = _bools(msg.get("too_small"), [False, False])
            was_silent = self.seat is not None and self.silent[self.seat]
            self.silent = _bools(msg.get("silent"), [False, False])
            if self.heartbeat > 0 and self.seat is not None and self.silent[self.seat] and not was_silent and self.open:
                # a pinging game that ran again after a stop (or got its network back): the host hears it at once
                self._write({"type": P.PING})
                self._asked()
            self.ready = _bools(msg.get("ready"), self.ready)
            self.seated = _bools(msg.get("seated"), self.seated)
            clock = msg.get("clock")
            self.clock = clock if isinstance(clock, dict) else None
            self.hints = P.seat_counts(msg.get("hints")) or [0, 0]
            self.match_hints = P.seat_counts(msg.get("match_hints"))
            self.player_hints = P.seat_counts(msg.get("player_hints"))
            self.handovers = P.handovers(msg.get("handovers"))
            played = msg.get("played")
            self.played = [P.seat_names(names) for names in played] if isinstance(played, list) else None
            started = msg.get("started")
            self.match_started = started if P.valid_time(started) else None
            match_id = msg.get("match")
            self.match_id = match_id if P.valid_match_id(match_id) else None
            self.clock_stamp = time.monotonic()
        elif kind == P.ERROR:
            self.errors.append(msg)
        return msg

    def _names(self, names: Any) -> None:
        if isinstance(names, list) and len(names) == 2:
            self.names = [P.clean_name(n, f"Player {i + 1}") for i, n in enumerate(names)]

    def _mark_closed(self, reason: str) -> None:
        if self.open or not self.closed_reason:
            self.closed_reason = reason
        self.open = False

    async def _notify(self, msg: dict[str, Any] | None) -> None:
        self.updates += 1
        if msg is not None and self.on_message is not None:
            try:
                self.on_message(self, msg)
            except Exception:  # a listener's bug must not stop the client: logged, and the next message read
                log.exception("could not take the host's message %r", msg.get("type"))
        assert self._cond is not None
        async with self._cond:
            self._cond.notify_all()

    async def wait_for(self, predicate: Callable[[GameClient], bool], timeout: float = 5.0) -> None:
        """Wait until ``predicate(self)`` holds (raises ``TimeoutError`` otherwise)."""
        assert self._cond is not None

        async def _wait() -> None:
            assert self._cond is not None
            async with self._cond:
                await self._cond.wait_for(lambda: predicate(self))

        await asyncio.wait_for(_wait(), timeout)

    # ------------------------------------------------------------ derived

    def silent_for(self) -> float:
        """Seconds the host has left a move or a ping unanswered (0: none waits for it)."""
        return 0.0 if self.asked_at is None else time.monotonic() - self.asked_at

    def clock_left(self) -> float | None:
        """Seconds left on the move clock now (counting down locally), or None."""
        if not self.clock:
            return None
        left = float(self.clock.get("remaining", 0))
        if self.clock.get("running"):
            left -= time.monotonic() - self.clock_stamp
        return max(0.0, left)


def _bools(x: Any, default: list[bool]) -> list[bool]:
    if isinstance(x, list) and len(x) == 2:
        return [bool(x[0]), bool(x[1])]
    return default
