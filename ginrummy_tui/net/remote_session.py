"""A :class:`~ginrummy_tui.session.local.Session` over the network.

The app plays through it exactly as against the computer, but the game lives
on the host: :meth:`RemoteSession.submit` sends the move, the host checks it
and answers with the seat's new view, and every change made elsewhere (the
other player's move, the clock, someone leaving) arrives as a message that
calls :meth:`Session.changed`.

Everything runs on one event loop, the app's: :meth:`RemoteSession.connect`
joins the match (before the app starts, so that a wrong code is told in the
terminal), and the app runs :meth:`RemoteSession.connection` as an async
worker, which reads the host's messages, sends the pings and joins again with
the same code after a drop.  Nothing here waits: :meth:`~RemoteSession.submit`,
:meth:`~RemoteSession.add_hint` and :meth:`~RemoteSession.close` only schedule
their sending on the loop, and the host's answer arrives like any other
message.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len, set_cell_size

from ginrummy_tui.engine.kinds import Kind, Phase
from ginrummy_tui.session.local import Session

from . import protocol as P

if TYPE_CHECKING:
    from ginrummy_tui.engine import Action, PlayerView
    from ginrummy_tui.net.client import GameClient
    from ginrummy_tui.session.keeper import SeatRecords
    from ginrummy_tui.storage.history import History

STOP_RETRYING = (P.E_CODE, P.E_VERSION, P.E_REPLACED)
HOST_SILENT = 5.0
"""Seconds without an answer to a move or a ping after which the player is told the host is not answering."""
REFUSED = "the host refused that: "
LAST_SECONDS = 5
"""From this many seconds left on this seat's move clock the line says what is at stake
("⏱ 5 s for you, or you lose the match"), as the app's own clock does from its last
warning (``tui/move_clock.py``'s ``WARN_AT``): the red of the line alone said nothing
under NO_COLOR."""
LEAVE_AFTER = 30.0
"""Seconds of reconnecting after which the line says that q leaves (the match is saved)."""
STEP_AWAY_WAIT = 2.0
"""Seconds the guest waits at most for its connection to close before Ctrl+Z stops it."""
AWAY = "back from Ctrl+Z"
"""Why the connection is down after the seat was left for Ctrl+Z (said until it is taken back)."""
TOO_SMALL_GAP = 0.5
"""Seconds at least between two ``too_small`` messages to the host: a window resized back and
forth across the smallest size sends the last state once the gap is over (a move sent meanwhile
takes it along first)."""
HEARD_NEWS_AFTER = 0.3
"""Seconds after the host hears again from the other player's silent game before a note says so:
what the game's first message brought (its terminal too small) has come by then."""
TOO_SMALL_NEWS_AFTER = 2.0
"""Seconds the other player's terminal must stay too small (or big enough again) before a note
says so: a window dragged back and forth brings no note each time (the line says it at once)."""
LINE_ROOM = 74
"""Columns for :meth:`RemoteSession.status` at 80 columns: the prompt line's 76, less the mark
of a move refused for what it says (``✗ ``)."""
NAME_LEAST = 6
"""The fewest columns a name is cut to, "…" included, to fit a line."""


def fit_line(line: str, room: int, name: str) -> str:
    """``line`` in ``room`` columns, measured in cells (a double-width character takes two):
    as it is where it fits; else with ``name`` in it cut, ending with "…", so that the words
    after it stay whole; else, as a last resort, cut at the end with "…" (never words lost
    without a sign)."""
    over = cell_len(line) - room
    if over <= 0:
        return line
    if name and name in line:
        short = set_cell_size(name, max(NAME_LEAST, cell_len(name) - over) - 1).rstrip() + "…"
        line = line.replace(name, short)
    if cell_len(line) <= room:
        return line
    return set_cell_size(line, max(1, room - 1)).rstrip() + "…"


class RemoteSession(Session):
    """One seat of a match held by a :class:`~ginrummy_tui.net.server.MatchServer`.

    ``join_code`` (the host's side only) is shown while the other seat is
    empty; ``on_close`` runs (in a worker thread, so that the loop never
    waits for it) when the session is closed: the host stops its server
    there.  ``records`` (the guest's side only: the host records its side
    itself) records each match this seat sees finished.  ``kept`` (the
    host's side only) says what becomes of the match when the host quits
    (saved, and resumed with the same join code), as the host says it then.
    ``until_joined`` (the host's side only): notes of the start that hold until the
    other seat is taken (:meth:`stale_notes`).
    With ``away_when_suspended`` (the guest's side) Ctrl+Z leaves the seat
    until ``fg`` takes it back, so the host's move clock waits meanwhile.
    On either side, a terminal too small to show the table
    (:meth:`terminal_too_small`) is told to the host, whose clock and game wait
    for that seat until it is big enough again.
    """

    computes_opponent = False
    ticking = True

    def __init__(
        self,
        host: str,
        port: int,
        code: str,
        name: str = "",
        *,
        join_code: str | None = None,
        address_hint: str | None = None,
        reconnect: bool = True,
        retry_every: float = 1.0,
        heartbeat: float = P.HEARTBEAT,
        on_close: Callable[[], None] | None = None,
        records: SeatRecords | None = None,
        silent_after: float = HOST_SILENT,
        kept: Callable[[], str] | None = None,
        away_when_suspended: bool = True,
        history: Callable[[], History | None] | None = None,
        until_joined: Sequence[str] = (),
    ) -> None:
        self.host = host
        self.port = port
        self.code = code
        self.name = name
        self.join_code = join_code
        self.address_hint = address_hint
        self.reconnect = reconnect
        self.retry_every = retry_every
        self.heartbeat = heartbeat
        self.on_close = on_close
        self.records = records
        self.silent_after = silent_after
        """Seconds without the host's answer after which :meth:`status` says it is not answering."""
        self.kept = kept
        self.away_when_suspended = away_when_suspended
        """Ctrl+Z leaves the seat until ``fg`` (:meth:`step_away`): a guest's. The host's own
        seat keeps it, its server stopping with it (which gives the time back itself)."""
        self._until_joined = list(until_joined)
        """Notes of the start (the host's) that hold until the other seat is taken: that the other
        player's game still tries the port the match was on before (:meth:`stale_notes`)."""
        self.history = history if history is not None else records.read_history if records is not None else None
        """The player's history, to read without waiting (None while busy): the match's number and
        the record against the other player come from it (the host's: its keeper's; the guest's:
        its records')."""
        self._number: tuple[str, int] | None = None
        """The match whose number was worked out, and the number."""
        self.away = False
        """True from :meth:`step_away` until :meth:`come_back`: the seat was left for a suspension."""
        self._back = asyncio.Event()
        """Set when the app runs again after a suspension: the seat is taken back then."""
        self.too_small = False
        """True while the app says its terminal is too small to show the table (:meth:`terminal_too_small`)."""
        self._told_too_small: tuple[GameClient | None, bool, float] = (None, False, -TOO_SMALL_GAP)
        """The connection the host was last told :attr:`too_small` on, what it was told, and when
        (``time.monotonic()``); a new connection starts as not too small, as the host sees it."""
        self._telling: asyncio.Task[None] | None = None
        """Tells the host :attr:`too_small`, once it changed and the gap since the last time is over."""
        self._small_told: bool | None = None
        """Whether the last note said the other player's terminal was too small (None before the
        host's first view, which is not told)."""
        self._small_news: asyncio.TimerHandle | None = None
        """Tells the other player's terminal too small (or big again) once it has stayed so a while."""
        self._silent_since: float | None = None
        """When (``time.monotonic()``) the host first said it hears nothing from the other
        player's game, on their move (:attr:`opponent_silent`); None while it hears them."""
        self.client_id = P.new_client_id()
        """Said in every hello of this session: the host knows its rejoins from another client's join."""
        self.listener = None
        self.client: GameClient | None = None
        self.problem = ""
        """Why the connection is down, or why the host refused the last move."""
        self.gave_up = False
        """True once reconnecting is pointless (wrong code, other version, host gone for good)."""
        self.refused_with: str | None = None
        """The host's reason (its error code) for refusing a rejoin for good, once it has."""
        self.new_match = False
        self.replaced_by: str | None = None
        """Who took this seat, once the host refused the rejoin for it (``replaced``), as the host says."""
        """True once the host refused the rejoin because it has started a new match (``--new``)."""
        self.opponent_seen = False
        """True once the other player has been at the table (in this run, or, as the host
        says, in this match before it was restarted): until then a move waits for them
        to join, after that for them to come back."""
        self._was_here: bool | None = None
        """Whether the other player was at the table at the host's last view (None before the first)."""
        self._news: list[str] = []
        self._left_name: str | None = None
        """The name of the other player who last left the table (one coming back under
        another name took their seat)."""
        """What happened at the table to tell the player once (:meth:`take_news`)."""
        self._told_played: set[str] = set()
        """The matches in which this player was told that another played hands at this seat."""
        self._renamed_told = False
        """The player was told that the host named them apart from the other player (said once)."""
        self._lost_at: float | None = None
        """When the connection was lost (``time.monotonic()``), until it is back."""
        self._loop: asyncio.AbstractEventLoop | None = None
        """The loop the session was connected on; everything of it runs there."""
        self._sending: set[asyncio.Task[None]] = set()
        """Messages on their way to the host (kept until sent)."""
        self._sent_seq: int | None = None
        """The position a move was sent for, until the host answers it."""
        self._going_on: tuple[int, int] | None = None
        """The hand (match, hand number) after which this seat asked to go on, until the host says so itself."""
        self._problem_seq = -1
        self._closing = False
        self._closed: asyncio.Task[None] | None = None

    # ------------------------------------------------------------ connecting

    async def connect(self, timeout: float = 10.0) -> None:
        """Join the match and take the first view, on the running loop (the app's).

        Raises :class:`~ginrummy_tui.net.client.JoinRefused`, ``OSError`` or
        ``TimeoutError`` with a message fit to show the player.  The host's
        later messages are read by :meth:`connection`, which the app runs.
        """
        from ginrummy_tui.net.client import GameClient

        self._loop = asyncio.get_running_loop()
        client = GameClient(
            self.host, self.port, self.code, self.name, on_message=self._on_message, heartbeat=self.heartbeat,
            client_id=self.client_id,
        )
        await client.connect(timeout, background=False)
        self.client = client
        self.problem = ""
        self._record(client)  # the first view, read before it was the session's
        self._tell_too_small()

    def connection(self) -> Coroutine[Any, Any, None]:
        """The coroutine that keeps the match going: it reads the host's
        messages (and pings) until the session is closed, and after a drop
        joins again with the same code until the host takes this seat back.
        The app runs it as an async worker on the loop :meth:`connect` ran on,
        and cancels it when it exits (the connection is closed then)."""
        return self._keep_connected()

    async def _keep_connected(self) -> None:
        if self._loop is not asyncio.get_running_loop():
            raise RuntimeError("run the connection on the event loop the session was connected on")
        try:
            while not self._closing:
                client = self.client
                if client is not None and client.open:
                    await client.run()  # until the connection ends (_on_message has said why)
                    continue
                if not self.reconnect or not await self._rejoin():
                    return
        finally:
            client = self.client
            if client is not None and client.open:  # cancelled (the app exits): leave the match
                self._stop_host_first()
                await client.close()

    def _on_message(self, client: GameClient, msg: dict[str, Any]) -> None:
        """On the loop: take note, clear a move's wait, tell the app."""
        if client is not self.client:
            return
        kind = msg.get("type")
        if kind == "state":
            if self._sent_seq is not None and (client.seq > self._sent_seq or client.ready[self.seat]):
                self._sent_seq = None  # the move was applied, or our wish to go on was noted
            if self.problem.startswith(REFUSED) and client.seq > self._problem_seq:
                self.problem = ""
            self._record(client)
        elif kind == "error":
            self.problem = REFUSED + str(msg.get("message", ""))
            self._problem_seq = client.seq
            self._sent_seq = None
            self._going_on = None
        elif kind == "closed":
            self._sent_seq = None
            if not self._closing:
                self.problem = AWAY if self.away else str(msg.get("message") or P.DROPPED)
                self._lost_at = time.monotonic()
                if not self.reconnect:
                    self.gave_up = True
        self.changed()

    def _record(self, client: GameClient) -> None:
        """Take note of the host's latest view: whether the other player has been at
        the table, and the seat's records (a match is recorded once it is over)."""
        here = self.opponent_here
        if self._was_here is None and not here and client.seat is not None and client.seated[1 - client.seat]:
            # the host's first view, the other seat empty but played before (a restarted host's save
            # names its last player): one joining under another name takes their seat, not comes back
            self._left_name = self.opponent_name
        if self._was_here is not None and here != self._was_here:
            name = self.opponent_name
            if here and self._left_name not in (None, name):  # another player's 'gin-tui join' (another name)
                self._news.append(f"{name} took {self._left_name}'s seat.")
            elif here:
                self._news.append(f"{name} is back at the table." if self.opponent_seen else f"{name} joined.")
            else:
                self._news.append(f"{name} left the table: the game waits for them to come back.")
            self._left_name = None if here else name
        small = here and client.seat is not None and client.too_small[1 - client.seat]
        if self._small_told is None or not here:  # not told: the host's first view, or the player gone
            self._small_told = small
        elif small != self._small_told and self._small_news is None and self._loop is not None:
            self._small_news = self._loop.call_later(TOO_SMALL_NEWS_AFTER, self._tell_small_news)
        silent = here and client.seat is not None and client.silent[1 - client.seat]
        if silent and self._silent_since is None:
            self._silent_since = time.monotonic()
        elif not silent and self._silent_since is not None:
            self._silent_since = None
            if here and self._loop is not None:  # a player who left is told by "back at the table"
                # said once what the game's first message brought has come too (a terminal too
                # small, told right after: "the game goes on" stood beside "Waiting for Bob: their
                # terminal is too small")
                self._loop.call_later(HEARD_NEWS_AFTER, self._tell_heard_again)
        self._was_here = here
        self._tell_renamed(client)
        if here or client.seated[1 - self.seat]:  # at the table in this run, or before the host was restarted
            self.opponent_seen = True
        self._tell_played_by_another(client)
        if self.records is not None and client.view is not None:
            counts = client.player_hints if client.player_hints is not None else client.match_hints
            hints = counts[self.seat] if counts is not None else None  # this player's, from a host that counts them
            mine = client.names[client.seat] if client.seat is not None else None
            other = client.names[1 - client.seat] if client.seat is not None else None
            earlier = client.handovers[client.seat] if client.seat is not None else []
            handover = next(((move, who) for move, who, _ in reversed(earlier) if who != mine), None)
            self.records.observe(
                client.view, client.match_id, started=client.match_started, hints=hints, opponent_name=other,
                played=client.played, name=mine, handover=handover,
            )

    def _tell_played_by_another(self, client: GameClient) -> None:
        """Once a match: another player played hands of it at this seat (this player took the
        seat from them), so the hands shown as "yours" are partly or wholly theirs, and this
        player's statistics leave them out (the guest's, which records the match)."""
        v = client.view
        if self.records is None or v is None or client.seat is None or not client.played or client.match_id is None:
            return
        if client.match_id in self._told_played:
            return
        me = client.names[client.seat]
        others = [names[client.seat] for names in client.played if names is not None and names[client.seat] != me]
        if not others:
            return
        self._told_played.add(client.match_id)
        other = "/".join(dict.fromkeys(others))
        if len(others) == len(client.played) and v.phase == Phase.MATCH_OVER:
            self._news.append(f"{other} played this match at your seat: its hands are theirs, not in your statistics.")
        else:
            self._news.append(f"{other} played the hands before at your seat: your statistics count only yours.")

    def _tell_heard_again(self) -> None:
        """The other player's game, found silent on their move, has spoken again: a note says so,
        and that the game goes on where nothing else keeps it waiting (their terminal too small)."""
        if self._closing or not self.opponent_here or self._silent_since is not None:
            return  # gone, or silent again: the line says it
        on = "" if self.opponent_too_small else ": the game goes on"
        self._news.append(f"{self.opponent_name}'s game is heard from again{on}.")
        self.changed()

    def _tell_small_news(self) -> None:
        """The other player's terminal has stayed too small (or big enough again) since the
        host said it became so: a note says it, once (not when it went back meanwhile)."""
        self._small_news = None
        small = self.opponent_too_small
        if self._closing or small == self._small_told:
            return
        self._small_told = small
        name = self.opponent_name
        self._news.append(
            f"{name}'s terminal is too small to show the table: the game waits for them." if small
            else f"{name} sees the table again."
        )
        self.changed()

    def _tell_renamed(self, client: GameClient) -> None:
        """Once: the other player goes by the name this one gave (the same
        login name), and the host named this one apart ("alice 2"), as the
        other player's table shows it."""
        if self._renamed_told or client.seat is None:
            return
        mine, other = client.names[client.seat], client.names[1 - client.seat]
        given = P.clean_name(self.name, mine)
        if mine != given and given.casefold() == other.casefold():
            self._renamed_told = True
            self._news.append(
                f"The other player is called {other} too: to them you are {mine} "
                "(--name gives you a name of your own)."
            )

    async def _rejoin(self) -> bool:
        """Join again with the same code until the host takes us back; False
        when that is pointless (wrong code, another version) or the session closed."""
        from ginrummy_tui.net.client import GameClient, JoinRefused

        while not self._closing:
            if self.away:  # the seat was left for Ctrl+Z: taken back once the app runs again, at once
                await self._back.wait()
            else:
                await asyncio.sleep(self.retry_every)
            if self._closing:
                break
            client = GameClient(
                self.host, self.port, self.code, self.name, on_message=self._on_message, heartbeat=self.heartbeat,
                client_id=self.client_id,
            )
            try:
                await client.connect(5.0, background=False)
            except JoinRefused as exc:
                if exc.code in STOP_RETRYING:
                    # the code took this seat before: the host has another one now, not a typo
                    self.problem = exc.message if exc.code != P.E_CODE else (
                        "the host started a new match; ask for its code" if exc.new_match
                        else "the host has a new join code: ask for it"
                    )
                    self.gave_up = True
                    self.refused_with = exc.code
                    self.new_match = exc.new_match
                    self.replaced_by = exc.by
                    if exc.code == P.E_REPLACED:  # another player plays the match on at this seat
                        self._record_left()
                    elif exc.code == P.E_CODE and exc.new_match:  # given up, which counts not at all here
                        self._forget_left()
                    self.changed()
                    return False
                if exc.code == P.E_SEAT_TAKEN and self.problem != AWAY:
                    # our old connection, not yet seen gone, or another of this player's (the same
                    # name: the host takes us back once it leaves); said while it lasts
                    held = f" as {exc.by}" if exc.by else ""
                    if self.problem != (words := f"another connection{held} holds the seat"):
                        self.problem = words
                        self.changed()
                continue  # the host still holds our old seat: try again
            except (OSError, TimeoutError):
                continue
            if self._closing:
                await client.close()
                break
            before = self.opponent_name  # as the host called them before the drop
            self.client = client  # its messages are read from here on: none was missed
            was_away = self.problem == AWAY
            self.problem = ""
            self._lost_at = None
            if self.kept is None and not was_away:  # the guest: told, as the host is told it is back
                self._news.append(self._back_news(before))
                if not self.opponent_here:  # said so: not told again as if the host's player had just left
                    self._was_here = False
                    self._left_name = self._left_name or self.opponent_name
            self._record(client)  # the first view, read before it was the session's
            self._tell_too_small()  # the host sees a new connection as not too small
            self.changed()
            return True
        return False

    def _back_news(self, before: str) -> str:
        """The note of a connection to the host made again after a drop (the host stopped and
        started again, or the network came back): what goes on now, and, where the host's
        player came back under another name than ``before``, that name (as the host is told
        "Carol took Bob's seat." of a guest's)."""
        v = self.client.view if self.client is not None else None
        name = self.opponent_name
        renamed = before != name
        if not self.opponent_here:
            if renamed:
                return (f"Connected to the host again: the game waits for {before}, now called {name}, "
                        f"to {'come back' if self.opponent_seen else 'join'}.")
            return f"Connected to the host again: the game waits for {self._awaited()}."
        now_called = f", with {before} now called {name}" if renamed else ""
        if v is not None and v.phase == Phase.MATCH_OVER:
            return f"Connected to the host again: the match's result is kept for a new match{now_called}."
        return f"Connected to the host again: the match goes on{now_called}."

    async def step_away(self) -> None:
        """Ctrl+Z (the guest's side): leave the seat before the process stops, as a
        player who quits does, so that the host pauses the game and its move clock
        (a stopped guest would otherwise lose its moves' time, the host's clock
        running on); :meth:`come_back` takes the seat back with the time left."""
        if not self.away_when_suspended or self._closing or self._loop is not asyncio.get_running_loop():
            return
        self.away = True
        self._back.clear()
        client = self.client
        if client is not None and client.open:
            with contextlib.suppress(Exception):  # closed whatever happens: the host sees the seat free
                await asyncio.wait_for(client.close(), STEP_AWAY_WAIT)

    def come_back(self) -> None:
        """The app runs again after Ctrl+Z: the seat left for it is taken back at once."""
        if self.away:
            self.away = False
            self._back.set()

    def terminal_too_small(self, too_small: bool) -> None:
        """The terminal became too small to show the table (or big enough again): the host
        is told, so that its move clock and the game wait for this seat meanwhile (only
        changes are sent, at most one each :data:`TOO_SMALL_GAP` s; nothing to a host that
        does not take it). Never waits."""
        if too_small == self.too_small:
            return
        self.too_small = too_small
        self._on_loop(self._tell_too_small)

    def _on_loop(self, call: Callable[[], None]) -> None:
        """Run ``call`` on the session's loop: now if on it, else as soon as the loop can."""
        loop = self._loop
        if loop is None:
            return
        try:
            on_loop = asyncio.get_running_loop() is loop
        except RuntimeError:
            on_loop = False
        if on_loop:
            call()
        else:
            loop.call_soon_threadsafe(call)

    def _tell_too_small(self) -> None:
        """Start telling the host :attr:`too_small` if it has not been told it (on the loop)."""
        if self._telling is None and not self._closing and self._loop is not None:
            self._telling = self._loop.create_task(self._telling_too_small())

    async def _telling_too_small(self) -> None:
        try:
            while not self._closing:
                client = self.client
                if client is None or not client.open or P.TOO_SMALL not in client.features:
                    return
                on, told, at = self._told_too_small
                if (told if on is client else False) == self.too_small:
                    return
                wait = at + TOO_SMALL_GAP - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                    continue
                self._told_too_small = (client, self.too_small, time.monotonic())
                with contextlib.suppress(ConnectionError, OSError):
                    await client.tell_too_small(self.too_small)
        finally:
            self._telling = None

    def _too_small_first(self, client: GameClient) -> None:
        """Before a move: the host is told at once that the terminal is big enough again,
        if it has not been yet (the gap between two messages not waited for), so that
        the move is not refused as made from a terminal too small."""
        on, told, _at = self._told_too_small
        if (told if on is client else False) != self.too_small and P.TOO_SMALL in client.features:
            self._told_too_small = (client, self.too_small, time.monotonic())
            self._send(client.tell_too_small(self.too_small))

    def _send(self, message: Coroutine[Any, Any, None]) -> None:
        """Send in the background, on the session's loop: the caller never waits."""
        loop = self._loop
        assert loop is not None, "the session is not connected"

        async def quietly() -> None:
            with contextlib.suppress(ConnectionError, OSError):
                await message  # a lost connection is told by the reading side

        def start() -> None:
            task = loop.create_task(quietly())
            self._sending.add(task)
            task.add_done_callback(self._sending.discard)

        try:
            on_loop = asyncio.get_running_loop() is loop
        except RuntimeError:
            on_loop = False
        if on_loop:
            start()
        else:  # from another thread: handed to the loop, still without waiting
            loop.call_soon_threadsafe(start)

    # ------------------------------------------------------------ the session

    @property
    def seat(self) -> int:  # type: ignore[override]
        """The local seat, as the host assigned it."""
        client = self.client
        return client.seat if client is not None and client.seat is not None else 0

    @property
    def opponent_name(self) -> str:  # type: ignore[override]
        """The other player's name, as they gave it."""
        client = self.client
        if client is None or client.seat is None:
            return "Opponent"
        return client.names[1 - client.seat] or "Opponent"

    @property
    def online(self) -> bool:
        """True while connected to the host."""
        return self.client is not None and self.client.open

    def offline_for(self) -> float:
        """Seconds since the connection was lost (0 while connected, or before it was ever lost)."""
        if self.online or self._lost_at is None:
            return 0.0
        return time.monotonic() - self._lost_at

    @property
    def lost(self) -> bool:
        """True while the connection to the host is lost (the host stopped, or the network dropped),
        not yet made again, and as it was when the player quit: closing the session (the player's
        quit) does not lose it, and a guest that left its seat for Ctrl+Z has it back at ``fg``."""
        return self._lost_at is not None and self.problem != AWAY

    @property
    def host_silent(self) -> bool:
        """True while the host has left a move or a ping unanswered for :attr:`silent_after`
        seconds (stopped, or the connection dead without being closed)."""
        client = self.client
        return self.online and client is not None and client.silent_for() >= self.silent_after

    @property
    def opponent_here(self) -> bool:
        """True while the other player is connected to the host."""
        client = self.client
        return client is not None and client.seat is not None and client.connected[1 - client.seat]

    @property
    def opponent_too_small(self) -> bool:
        """True while the other player is connected but their terminal is too small to show
        the table, as the host says: the game and its move clock wait for them."""
        client = self.client
        return self.opponent_here and client is not None and client.seat is not None and client.too_small[1 - client.seat]

    @property
    def opponent_silent(self) -> bool:
        """True while the other player is connected but the host has heard nothing from their
        game for a while, on their move (stopped without closing the connection: a laptop lid
        closed, a network gone): the game and its move clock wait for them."""
        client = self.client
        return self.opponent_here and client is not None and client.seat is not None and client.silent[1 - client.seat]

    @property
    def opponent_at_table(self) -> bool:
        """True while the other player is connected, heard from and sees the table (the game can go on)."""
        return self.opponent_here and not self.opponent_too_small and not self.opponent_silent

    def _clock_waits(self) -> bool:
        """True while the host's move clock waits: the connection down, or a seat not at the
        table (the other player away, or either player's terminal too small)."""
        client = self.client
        return (
            not self.online
            or not self.opponent_at_table
            or (client is not None and client.seat is not None and client.too_small[client.seat])
        )

    def _raw_view(self) -> PlayerView:
        client = self.client
        if client is None or client.view is None:
            raise RuntimeError("the session is not connected: call start() first")
        return client.view

    def _waiting_to_continue(self) -> bool:
        """True after this seat asked for the next hand (or match) and the other has not yet."""
        client = self.client
        v = self._raw_view()
        if client is None or not v.phase.ended:
            return False
        asked = client.ready[self.seat] or self._going_on == (v.match_no, v.hand_no)
        return asked and not client.ready[1 - self.seat]

    def view(self) -> PlayerView:
        """The latest view from the host; no legal moves while the game is paused."""
        v = self._raw_view()
        if not self.online or not self.opponent_at_table or self._waiting_to_continue():
            return replace(v, legal_actions=())
        return v

    def opponent_to_move(self) -> bool:
        """True while the other player is to act (or to agree to the next hand)."""
        v = self._raw_view()
        if v.phase.playing:
            return v.current != v.seat
        return self._waiting_to_continue()

    def submit(self, action: Action) -> None:
        """Send the move to the host; never waits.

        Refused at once (``IllegalAction``) while the last move is still
        unanswered (:meth:`blocked`), or when the local view already says it
        is not allowed.  The
        host's answer comes as a message: the new view, or its refusal, which
        :meth:`status` shows.
        """
        from ginrummy_tui.engine import IllegalAction
        from ginrummy_tui.engine.reducer import refusal_for_view

        v = self._raw_view()
        client = self.client
        assert client is not None
        why = self.blocked()
        if why:
            raise IllegalAction(why)
        if action.kind == Kind.TIMEOUT:
            raise IllegalAction("only the host's clock can call time")
        if action not in v.legal_actions:
            raise refusal_for_view(v, action)  # in the engine's words, as the host would say them
        self._sent_seq = client.seq
        if action.kind in (Kind.NEXT_HAND, Kind.NEW_MATCH):
            self._going_on = (v.match_no, v.hand_no)
        self.problem = ""
        self._too_small_first(client)
        self._send(client.submit(action))

    def move_on_its_way(self) -> bool:
        """True while the last move sent is not answered yet (and the connection is up)."""
        return self.online and self._unanswered()

    def shut_out(self) -> bool:
        """True once the host refused this seat for good (see :attr:`refused_with`)."""
        return self.refused_with is not None

    def blocked(self) -> str:
        """Why no move can be sent now (not connected, the other player away or not
        gone on yet, the last move not answered yet), or ``""``."""
        if not self.online:
            return "not connected to the host" if self.gave_up else "not connected to the host: reconnecting"
        if not self.opponent_here:
            return f"waiting for {self._awaited()}"
        if self.opponent_too_small:
            return f"waiting for {self.opponent_name}: their terminal is too small"
        if self.opponent_silent:
            return f"waiting for {self.opponent_name}: no word from their game"
        if self._waiting_to_continue():
            return f"waiting for {self.opponent_name} to go on"
        if self._unanswered():
            return "waiting for the host to answer the last move"
        return ""

    def held_up(self, room: int) -> str:
        if not self.online:  # how long, and why, as the table's line says it
            lines = self._offline_lines()
        elif not self.opponent_here:  # with the code to join with, and where, as the table's line
            lines = self._waiting_lines()
        else:
            return fit_line(super().held_up(room), room, self.opponent_name)
        return fit_line(next((line for line in lines if cell_len(line) <= room), lines[-1]), room, self.opponent_name)

    def _awaited(self) -> str:
        """Whom the game waits for, and to do what: "Bob to come back" ("Guest to join" before they came)."""
        return f"{self.opponent_name} to {'come back' if self.opponent_seen else 'join'}"

    def status_says_blocked(self) -> bool:
        # the line says the connection is lost (or given up) and why, or whom the game waits for
        return not self.online or (not self.opponent_at_table and not self.host_silent)

    def _unanswered(self) -> bool:
        """True while a move sent is not answered yet (the view on show is the one it was made on)."""
        client = self.client
        return client is not None and self._sent_seq is not None and self._sent_seq == client.seq

    # ------------------------------------------------------------ what the app shows besides the view

    def add_hint(self) -> None:
        """The player was shown a hint: the host counts it and tells the other player."""
        client = self.client
        if client is not None and self.online:
            self._send(client.send({"type": P.HINT}))

    def hints_this_hand(self) -> tuple[int, int] | None:
        client = self.client
        if client is None or self.seat is None:
            return None
        counts = client.hints

        def present(seat: int) -> int:  # the present player's: less those of who held the seat before in the hand
            earlier = client.handovers[seat]
            return max(0, counts[seat] - (earlier[-1][2] if earlier else 0))

        return present(self.seat), present(1 - self.seat)

    def handovers(self) -> list[tuple[int, int, str]]:
        client = self.client
        if client is None or client.seat is None:
            return []
        me = client.names[client.seat]
        return sorted(
            (seat, move, "You" if seat == client.seat and name == me else name)
            for seat in (0, 1) for move, name, _hints in client.handovers[seat]
        )

    def earlier_hints(self) -> list[tuple[int, str, int]]:
        client = self.client
        if client is None or client.seat is None:
            return []
        shown = []
        for seat in (0, 1):
            before = 0
            for _move, name, hints in client.handovers[seat]:
                if hints > before:
                    shown.append((seat, name, hints - before))
                before = max(before, hints)
        return shown

    def match_id(self) -> str | None:
        """The host's id for the match in play, as its last view said it (None: it says none)."""
        client = self.client
        return client.match_id if client is not None else None

    def match_number(self) -> int | None:
        match_id = self.match_id()
        if match_id is None or self.history is None:
            return None
        if self._number is not None and self._number[0] == match_id:
            return self._number[1]
        try:
            hist = self.history()
            if hist is None:
                return None
            number = hist.match_number(match_id)
        except Exception:  # the statistics never stop the game
            return None
        self._number = (match_id, number)  # worked out once a match: every screen numbers it alike
        return number

    def person_record(self) -> tuple[str, int, int, list[bool]] | None:
        name = self.played_name(whole_match=True)  # as the host's record names them: "Bob/Carol" after a takeover
        if self.history is None:
            return None
        try:
            hist = self.history()
            if hist is None:
                return None
            matches, won, last = hist.person_record(name, 10)
        except Exception:  # the statistics never stop the game
            return None
        return (name, matches, won, last) if matches else None

    def played_name(self, whole_match: bool = False) -> str:
        others = [names[1 - self.seat] for names in self.played_by()]
        if whole_match and self.client is not None and self.client.view is not None and self.client.view.phase.playing:
            others.append(self.opponent_name)  # the hand in play is the present player's
        if not others:
            return self.opponent_name
        if not whole_match:
            return others[-1]
        return "/".join(dict.fromkeys(others))  # each once, in the order they played

    def played_own_name(self, whole_match: bool = False) -> str:
        client = self.client
        me = client.names[client.seat] if client is not None and client.seat is not None else ""
        mine = ["You" if names[self.seat] == me else names[self.seat] for names in self.played_by()]
        if whole_match and client is not None and client.view is not None and client.view.phase.playing:
            mine.append("You")  # the hand in play is this player's
        if not mine:
            return "You"
        if not whole_match:
            return mine[-1]
        return "/".join(dict.fromkeys(mine))  # each once, in the order they played

    def hand_names(self) -> list[tuple[str, str]] | None:
        client = self.client
        me = client.names[client.seat] if client is not None and client.seat is not None else ""
        return [
            ("You" if names[self.seat] == me else names[self.seat], names[1 - self.seat]) for names in self.played_by()
        ]

    def played_by(self) -> list[list[str]]:
        """The names at both seats as each hand of the score sheet ended, as the host says
        (the names now at the table for a hand it does not say)."""
        client = self.client
        if client is None or client.view is None:
            return []
        played = client.played or []
        now = list(client.names)
        return [
            (played[i] if i < len(played) else None) or now for i in range(len(client.view.sheet))
        ]

    def clock(self) -> tuple[int, float, int] | None:
        """The move clock: ``(seat to move, seconds left, seconds per move)``, or None (also
        while the connection's line says why the game does not go on: the clock waits then)."""
        client = self.client
        if client is None or not client.clock or self._clock_waits() or self.host_silent:
            return None
        left = client.clock_left()
        try:
            return int(client.clock["seat"]), float(left or 0.0), int(client.clock["limit"])
        except (KeyError, TypeError, ValueError):
            return None

    def status(self, room: int = LINE_ROOM) -> str:
        """One line about the connection and the clock ("" when there is nothing to say), in
        ``room`` columns: the longest form that fits, a long name cut to fit (:func:`fit_line`)."""
        if not self.online:
            return fit_line(self._with_paused_clock(*self._offline_lines(), room=room), room, self.opponent_name)
        parts = []
        if self.host_silent:
            assert self.client is not None
            silent = int(self.client.silent_for())
            text = f"The host has not answered for {silent} s"
            waits = ": your move waits for it" if self._unanswered() else ""
            # shorter forms for a narrow screen: at 46 columns the line was cut mid-phrase
            # ("The host has not answered for 7 s: your…")
            brief = f"Host silent for {silent} s"
            if silent >= LEAVE_AFTER:  # as offline: now what the player may do too, the longest form that fits
                leave = " · q leaves; the host keeps the match"
                short = [f"{brief}: your move waits{leave}"] if waits else []
                narrow = [f"{brief}: your move waits · q leaves"] if waits else []
                parts.append(self._with_paused_clock(
                    text + waits + leave, *short, text + leave, *narrow, f"{brief} · q leaves", brief, room=room
                ))
            else:
                parts.append(self._with_paused_clock(
                    text + waits, *([f"{brief}: your move waits"] if waits else []), brief, room=room
                ))
        elif not self.opponent_here:
            lines = self._waiting_lines()
            # before the other player first joins, where to join before the paused clock: under a
            # move timer the address went first, and with --port 0 nothing else on the host's
            # screen said where to join (a player coming back was told where, as they left)
            forms = self._paused_forms() if not self.opponent_seen else []
            first = [f"{lines[0]} · {form}" for form in forms] + ([lines[0]] if forms and len(lines) > 1 else [])
            line = next((t for t in first if cell_len(t) <= room), None) or self._with_paused_clock(*lines, room=room)
            fitted = fit_line(line, room, self.opponent_name)
            if self.join_code and fitted.endswith("…") and not line.endswith("…"):
                # no room for the paused clock but by cutting the line's end: the code stays
                # whole, the clock goes (it does not run meanwhile); without the code nobody joins
                line = lines[-1]
            parts.append(line)
        elif self.opponent_too_small:
            parts.append(self._with_paused_clock(*self._too_small_lines(), room=room))
        elif self.opponent_silent:
            parts.append(self._with_paused_clock(*self._silent_lines(), room=room))
        elif self._waiting_to_continue():
            parts.append(f"Waiting for {self.opponent_name} to go on")
        elif self.going_on_note():
            parts.append(self.going_on_note())
        clock = self.clock()
        if clock is not None:
            seat, left, _limit = clock
            stake = ", or you lose the match" if seat == self.seat and left <= LAST_SECONDS else ""
            parts.append(f"⏱ {int(left + 0.999)} s for {self._whose(seat)}{stake}")
        elif not parts and (paused := self._paused_forms()):  # this seat's own terminal was too small
            parts.append(paused[0])
        if self.problem.startswith(REFUSED):
            parts.append(self.problem)
        return fit_line(" · ".join(parts), room, self.opponent_name)

    def _offline_lines(self) -> tuple[str, ...]:
        """While the connection is down: why, and for how long, and after a while what the
        player may do; the longest first."""
        if self.gave_up:  # the reason whole where "Quit with q." leaves it no room (the result says "q: quit")
            return (f"Disconnected: {self.problem}. Quit with q.", f"Disconnected: {self.problem}")
        lost = int(self.offline_for())
        # how long it has been offline (a bare count of seconds going up read like time left)
        if lost >= LEAVE_AFTER:  # the reason was on show meanwhile: now what the player may do
            return (
                # saved, not kept: a host started again with --new gives the match up, and cannot tell this game
                f"Offline for {lost} s — reconnecting · q leaves; the match is saved",
                f"Offline for {lost} s · q leaves; the match is saved",
                f"Offline for {lost} s · q leaves",  # on a narrow screen
                f"Offline for {lost} s",
            )
        lost_for = f"Offline for {lost} s" if lost else "Connection lost"
        return (
            f"{lost_for} — reconnecting: {self.problem}",
            f"{lost_for}: {self.problem}",
            f"{lost_for} — reconnecting",
            lost_for,  # on a narrow screen
        )

    def _whose(self, seat: int) -> str:
        """Whose move the clock counts: "you" or the other player's name."""
        return "you" if seat == self.seat else self.opponent_name

    def paused_clock(self) -> tuple[int, float] | None:
        """While the game waits (the connection down, the other player away or their
        terminal too small): the move clock as the host keeps it, stopped: ``(seat to
        move, seconds left)``; None when there is none (no timer, between hands) or the
        game does not wait."""
        client = self.client
        if client is None or not client.clock or self.host_silent or self.gave_up:
            return None
        if not self._clock_waits():
            return None
        try:
            seat, left = int(client.clock["seat"]), float(client.clock.get("remaining", 0))
        except (KeyError, TypeError, ValueError):
            return None
        if client.clock.get("running"):  # the host's last word: it ran until the connection was lost
            until = self._lost_at if not self.online and self._lost_at is not None else time.monotonic()
            left -= max(0.0, until - client.clock_stamp)
        return seat, max(0.0, left)

    def _paused_forms(self) -> list[str]:
        """The move clock, paused, as the line says it, the longest first ("⏱ 20 s for you
        (paused)", then without whose move it is, "⏱ 20 s (paused)"); none while the game
        does not wait, or without a clock."""
        clock = self.paused_clock()
        if clock is None:
            return []
        seat, left = clock
        seconds = f"⏱ {int(left + 0.999)} s"
        return [f"{seconds} for {self._whose(seat)} (paused)", f"{seconds} (paused)"]

    def _with_paused_clock(self, *lines: str, room: int = LINE_ROOM) -> str:
        """The first of ``lines`` (the longest first) that fits ``room`` columns (80 columns'
        by default) with the move clock, paused, after it (:meth:`_paused_forms`); without a
        clock, the first that fits alone."""
        forms = self._paused_forms()
        if not forms:
            return next((line for line in lines if cell_len(line) <= room), lines[-1])
        tried = [f"{line} · {form}" for line in lines for form in forms]
        return next((line for line in tried if cell_len(line) <= room), tried[-1])

    def _waiting_lines(self) -> tuple[str, ...]:
        """While the other seat is empty: whom the game waits for, and on the host's side the
        code to join with, and where; the longest first: without the address where the line
        would not fit, then without "to join" ("to come back"), the address back where it
        fits so, never without the code, which the other player needs and nothing else shows
        once the table is up ("Waiting for Guest — code K7QM-3XPD", 34 columns, fits the 40
        of the line at 46 columns)."""
        text = f"Waiting for {self._awaited()}"
        if not self.join_code:
            return (text,)
        coded = text + f" — join code {self.join_code}"
        short = f"Waiting for {self.opponent_name} — code {self.join_code}"
        where = f" ({self.address_hint})" if self.address_hint else ""
        return (coded + where, coded, short + where, short) if where else (coded, short)

    def _too_small_lines(self) -> tuple[str, ...]:
        """While the other player's terminal is too small to show the table: that the game
        waits for them, and why; the longest first."""
        text = f"Waiting for {self.opponent_name}"
        return (f"{text}: their terminal is too small to show the table", f"{text}: their terminal is too small", text)

    def _silent_lines(self) -> tuple[str, ...]:
        """While the host hears nothing from the other player's game on their move: that the
        game waits for them, and for how long their game has said nothing (the host finds it
        so after :data:`~ginrummy_tui.net.protocol.SILENT_AFTER` s); the longest first."""
        text = f"Waiting for {self.opponent_name}"
        since = self._silent_since if self._silent_since is not None else time.monotonic()
        quiet = int(P.SILENT_AFTER + time.monotonic() - since)
        # "no word for 18 s" where the longer words do not fit (a long name at 80 columns): the line
        # then said only "Waiting for Bartholomew-Longname", not why, nor for how long
        return (
            f"{text}: no word from their game for {quiet} s",
            f"{text}: no word from their game",
            f"{text}: no word for {quiet} s",
            text,
        )

    def waiting_note(self) -> str:
        """After asking for the next hand or match: who it now waits for ("" if nobody)."""
        if not self.online or not self.opponent_at_table:
            return self.status()
        if self._waiting_to_continue():
            return f"Waiting for {self.opponent_name} to go on"
        return ""

    def at_quit(self) -> str:
        """What becomes of the match when this player quits: on the host's side as
        ``kept`` says (and the other player, if at the table, is left waiting); on
        the guest's, that the host keeps it and the same code takes the seat back
        (unless the host refused this client's rejoin for good); offline, that it
        is saved there, the guest not knowing whether the host goes on with it."""
        here = self.online and self.opponent_here
        if self.kept is not None:
            words = self.kept().rstrip(".")
            words = words[:1].lower() + words[1:]
            # the name last, as typed: the question starts with a capital letter
            return f"{words} ({self.opponent_name} is left waiting)" if here else words
        if self.refused_with == P.E_REPLACED:
            return f"{self.replaced_by or 'another player'} took this seat and plays the match on"
        if self.refused_with == P.E_CODE and self.new_match:
            return "the host has started a new match, with a new join code: its player can tell you the code"
        if self.refused_with == P.E_CODE:
            return "the host no longer takes this join code: its player can tell you the new one"
        if self.refused_with == P.E_VERSION:
            return "the host runs another version of gin-tui: the same version takes your seat back"
        if not self.online:  # the host may have stopped: whether it goes on with the match is not known here
            return (
                "the match is saved on the host; 'gin-tui join' with the same code takes your seat back"
                " once the host starts the match again"
            )
        waits = f": {self.opponent_name} waits, and" if here else ";"
        return f"the host keeps the match{waits} 'gin-tui join' with the same code takes your seat back"

    def take_news(self) -> list[str]:
        """The other player left or came back since the last call (each said once)."""
        news, self._news = self._news, []
        return news

    def stale_notes(self) -> list[str]:
        """The notes given as ``until_joined``, once the other player is at the table: the
        other player's game no longer tries the old port (or another player took the seat)."""
        if not self._until_joined or not self.online or not self.opponent_here:
            return []
        stale, self._until_joined = self._until_joined, []
        return stale

    def going_on_note(self) -> str:
        """Between hands: the other player asked to go on and waits for this one ("" if not)."""
        client = self.client
        v = self._raw_view()
        if client is None or not v.phase.ended or not client.ready[1 - self.seat]:
            return ""
        if client.ready[self.seat] or self._going_on == (v.match_no, v.hand_no):
            return ""  # this seat asked too: the hand is on its way
        if v.phase == Phase.MATCH_OVER:
            return f"{self.opponent_name} asks for a new match"
        return f"{self.opponent_name} is ready for the next hand"

    # ------------------------------------------------------------ closing

    def close(self) -> None:
        """Leave the match (the host keeps the seat for a rejoin); never waits:
        the closing runs on the session's loop (:meth:`aclose` awaits it)."""
        if self._closing:
            return
        self._closing = True
        self._record_left()
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is not None and running is self._loop:
            self._closed = running.create_task(self._close())
        elif self.on_close is not None:  # the session's loop is over: its connection went with it
            self.on_close()

    def _record_left(self) -> None:
        """The guest leaves the match before it is over: its records keep it as one left
        unfinished, with the hands this player played (:meth:`SeatRecords.leave`); not a
        match the host gave up for a new one, which this player did not leave and never saw
        end (it was recorded "left unfinished", and counted among the abandoned)."""
        client = self.client
        if self.records is None or client is None or client.view is None or client.seat is None:
            return
        if self.refused_with == P.E_CODE and self.new_match:
            return
        with contextlib.suppress(Exception):  # the statistics never stop the game
            self.records.leave(client.view, client.match_id, played=client.played, name=client.names[client.seat])

    def _forget_left(self) -> None:
        """The host gave the match up for a new one while this player was back at it: the
        record of it as one they left before, carried on since, goes (:meth:`SeatRecords.forget`)."""
        client = self.client
        if self.records is None or client is None:
            return
        with contextlib.suppress(Exception):  # the statistics never stop the game
            self.records.forget(client.match_id, client.seat)

    async def aclose(self) -> None:
        """Leave the match and wait until the connection is closed (and ``on_close`` has run)."""
        self.close()
        if self._closed is not None:
            await asyncio.shield(self._closed)

    def _stop_host_first(self) -> None:
        """The host's own seat, leaving: its server stops first (``on_close``), and tells the other
        player that the host stopped, the match saved (leaving the seat first told them the host's
        player had left the table, for them to wait for). Run once; nothing on the guest's side."""
        if self.kept is not None and self.on_close is not None:
            on_close, self.on_close = self.on_close, None
            with contextlib.suppress(Exception):
                on_close()

    async def _close(self) -> None:
        if self._sending:  # a move made just before leaving still goes
            _done, late = await asyncio.wait(set(self._sending), timeout=1.0)
            for sending in late:
                sending.cancel()
        if self.kept is not None and self.on_close is not None:
            on_close, self.on_close = self.on_close, None
            with contextlib.suppress(Exception):
                await asyncio.to_thread(on_close)  # as _stop_host_first, without the loop waiting
        client = self.client
        if client is not None:
            with contextlib.suppress(Exception):
                await client.close()
        if self.on_close is not None:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.on_close)
