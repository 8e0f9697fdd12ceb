"""A :class:`~ginrummy_tui.session.local.Session` over the network.

The app plays through it exactly as against the computer, but the game lives
on the host: :meth:`RemoteSession.submit` sends the move, the host checks it
and answers with the seat's new view, and every change made elsewhere (the
other player's move, the clock, someone leaving) arrives as a message that
calls :meth:`Session.changed`.

The connection runs on its own event loop in a daemon thread, so the app's
loop never waits on the network except for the short wait in ``submit``.
A lost connection is retried with the same code until the host answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from ginrummy_tui.engine.kinds import Kind
from ginrummy_tui.session.local import Session

from . import protocol as P

if TYPE_CHECKING:
    from ginrummy_tui.engine import Action, PlayerView
    from ginrummy_tui.net.client import GameClient

STOP_RETRYING = ("bad_code", "version")
REFUSED = "the host refused that: "


class RemoteSession(Session):
    """One seat of a match held by a :class:`~ginrummy_tui.net.server.MatchServer`.

    ``join_code`` (the host's side only) is shown while the other seat is
    empty; ``on_close`` runs when the app closes the session (the host stops
    its server there).  ``answer_wait`` is how long :meth:`submit` waits for
    the host's answer before letting the app go on (the answer then arrives
    through the listener).
    """

    computes_opponent = False
    ticking = True
    submit_waits = True

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
        answer_wait: float = 1.0,
        heartbeat: float = 10.0,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        self.host = host
        self.port = port
        self.code = code
        self.name = name
        self.join_code = join_code
        self.address_hint = address_hint
        self.reconnect = reconnect
        self.retry_every = retry_every
        self.answer_wait = answer_wait
        self.heartbeat = heartbeat
        self.on_close = on_close
        self.listener = None
        self.client: GameClient | None = None
        self.problem = ""
        """Why the connection is down, or why the host refused the last move."""
        self.gave_up = False
        """True once reconnecting is pointless (wrong code, other version, host gone for good)."""
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="gin-tui-client", daemon=True)
        self._answer = threading.Event()
        self._sent_seq: int | None = None
        self._problem_seq = -1
        self._closing = False
        self._retry_task: asyncio.Task | None = None

    # ------------------------------------------------------------ connecting

    def start(self, timeout: float = 10.0) -> None:
        """Connect and wait for the first view (before the app starts).

        Raises :class:`~ginrummy_tui.net.client.JoinRefused`, ``OSError`` or
        ``TimeoutError`` with a message fit to show the player.
        """
        self._thread.start()
        fut = asyncio.run_coroutine_threadsafe(self._connect(timeout), self._loop)
        try:
            fut.result(timeout + 1)
        except BaseException:
            self._stop_loop()
            raise

    async def _connect(self, timeout: float) -> None:
        from ginrummy_tui.net.client import GameClient

        client = GameClient(
            self.host, self.port, self.code, self.name, on_message=self._on_message, heartbeat=self.heartbeat
        )
        await client.connect(timeout)
        self.client = client
        self.problem = ""

    def _on_message(self, client: GameClient, msg: dict[str, Any]) -> None:
        """On the client's loop: take note, wake a waiting ``submit``, tell the app."""
        if client is not self.client:
            return
        kind = msg.get("type")
        if kind == "state":
            if self._sent_seq is not None and (client.seq > self._sent_seq or client.ready[self.seat]):
                self._answer.set()  # the move was applied, or our wish to go on was noted
            if self.problem.startswith(REFUSED) and client.seq > self._problem_seq:
                self.problem = ""
        elif kind == "error":
            self.problem = REFUSED + str(msg.get("message", ""))
            self._problem_seq = client.seq
            self._answer.set()
        elif kind == "closed":
            self._answer.set()
            if not self._closing:
                self.problem = str(msg.get("message") or "the connection to the host was lost")
                if self.reconnect:
                    self._retry_task = asyncio.get_running_loop().create_task(self._retry())
                else:
                    self.gave_up = True
        self.changed()

    async def _retry(self) -> None:
        """Join again with the same code until the host takes us back."""
        from ginrummy_tui.net.client import GameClient, JoinRefused

        while not self._closing:
            await asyncio.sleep(self.retry_every)
            client = GameClient(
                self.host, self.port, self.code, self.name, on_message=self._on_message, heartbeat=self.heartbeat
            )
            try:
                await client.connect(5.0)
            except JoinRefused as exc:
                if exc.code in STOP_RETRYING:
                    self.problem = exc.message
                    self.gave_up = True
                    self.changed()
                    return
                continue  # the host still holds our old seat: try again
            except (OSError, TimeoutError):
                continue
            self.client = client  # no await since connect(): no message of it was missed
            self.problem = ""
            self.changed()
            return

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

    @property
    def opponent_here(self) -> bool:
        """True while the other player is connected to the host."""
        client = self.client
        return client is not None and client.seat is not None and client.connected[1 - client.seat]

    def _raw_view(self) -> PlayerView:
        client = self.client
        if client is None or client.view is None:
            raise RuntimeError("the session is not connected: call start() first")
        return client.view

    def _waiting_to_continue(self) -> bool:
        """True after this seat asked for the next hand (or match) and the other has not yet."""
        client = self.client
        v = self._raw_view()
        return (
            client is not None
            and v.phase.ended
            and client.ready[self.seat]
            and not client.ready[1 - self.seat]
        )

    def view(self) -> PlayerView:
        """The latest view from the host; no legal moves while the game is paused."""
        v = self._raw_view()
        if not self.online or not self.opponent_here or self._waiting_to_continue():
            return replace(v, legal_actions=())
        return v

    def opponent_to_move(self) -> bool:
        """True while the other player is to act (or to agree to the next hand)."""
        v = self._raw_view()
        if v.phase.playing:
            return v.current != v.seat
        return self._waiting_to_continue()

    def submit(self, action: Action) -> None:
        """Send the move to the host and wait briefly for its answer.

        Refused at once (``IllegalAction``) when the local view already says
        it is not allowed; a refusal by the host is raised too if it comes
        within ``answer_wait`` seconds, else shown later through the listener.
        """
        from ginrummy_tui.engine import IllegalAction

        v = self._raw_view()
        client = self.client
        assert client is not None
        if not self.online:
            raise IllegalAction(f"not connected to the host ({self.problem or 'reconnecting'})")
        if not self.opponent_here:
            raise IllegalAction(f"waiting for {self.opponent_name} to come back")
        if self._waiting_to_continue():
            raise IllegalAction(f"waiting for {self.opponent_name} to go on")
        if action.kind == Kind.TIMEOUT:
            raise IllegalAction("only the host's clock can call time")
        if action not in v.legal_actions:
            raise IllegalAction(refusal(v, action))
        if self._sent_seq == client.seq and not self._answer.is_set():
            raise IllegalAction("waiting for the host to answer the last move")
        self._answer.clear()
        self._sent_seq = client.seq
        self.problem = ""
        asyncio.run_coroutine_threadsafe(client.submit(action), self._loop)
        if self._answer.wait(self.answer_wait) and self.problem.startswith(REFUSED):
            reason = self.problem.removeprefix(REFUSED)
            self.problem = ""  # the app shows it as the refusal
            raise IllegalAction(reason)

    # ------------------------------------------------------------ what the app shows besides the view

    def add_hint(self) -> None:
        """The player was shown a hint: the host counts it and tells the other player."""
        client = self.client
        if client is not None and self.online:
            asyncio.run_coroutine_threadsafe(client.send({"type": P.HINT}), self._loop)

    def hints_this_hand(self) -> tuple[int, int] | None:
        client = self.client
        if client is None or self.seat is None:
            return None
        counts = client.hints
        return counts[self.seat], counts[1 - self.seat]

    def clock(self) -> tuple[int, float, int] | None:
        """The move clock: ``(seat to move, seconds left, seconds per move)``, or None."""
        client = self.client
        if client is None or not client.clock:
            return None
        left = client.clock_left()
        try:
            return int(client.clock["seat"]), float(left or 0.0), int(client.clock["limit"])
        except (KeyError, TypeError, ValueError):
            return None

    def status(self) -> str:
        """One line about the connection and the clock ("" when there is nothing to say)."""
        if not self.online:
            if self.gave_up:
                return f"Disconnected: {self.problem}. Quit with q."
            return f"Connection to the host lost — reconnecting… ({self.problem})"
        parts = []
        if not self.opponent_here:
            text = "Waiting for opponent"
            if self.join_code:
                text += f" — join code {self.join_code}"
                if self.address_hint:
                    text += f" ({self.address_hint})"
            parts.append(text)
        elif self._waiting_to_continue():
            parts.append(f"Waiting for {self.opponent_name} to go on")
        clock = self.clock()
        if clock is not None and self.opponent_here:
            seat, left, _limit = clock
            who = "you" if seat == self.seat else self.opponent_name
            parts.append(f"⏱ {int(left + 0.999)} s for {who}")
        if self.problem.startswith(REFUSED):
            parts.append(self.problem)
        return " · ".join(parts)

    def waiting_note(self) -> str:
        """After asking for the next hand or match: who it now waits for ("" if nobody)."""
        if not self.online or not self.opponent_here:
            return self.status()
        if self._waiting_to_continue():
            return f"Waiting for {self.opponent_name} to go on"
        return ""

    # ------------------------------------------------------------ closing

    def close(self) -> None:
        """Leave the match (the host keeps the seat for a rejoin) and stop the thread."""
        if self._closing:
            return
        self._closing = True
        client = self.client
        if client is not None and self._thread.is_alive():
            fut = asyncio.run_coroutine_threadsafe(client.close(), self._loop)
            with contextlib.suppress(Exception):
                fut.result(3)
        self._stop_loop()
        if self.on_close is not None:
            self.on_close()

    def _stop_loop(self) -> None:
        if self._thread.is_alive():

            async def _cancel_all() -> None:
                tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
                for t in tasks:
                    t.cancel()
                await asyncio.gather(*tasks, return_exceptions=True)

            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(_cancel_all(), self._loop).result(3)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(3)
        if not self._loop.is_running() and not self._loop.is_closed():
            self._loop.close()


def refusal(v: PlayerView, action: Action) -> str:
    """Why the rules refuse ``action`` in view ``v``, in the engine's words where it can tell."""
    if v.phase.playing and v.current != v.seat:
        return "it is not your turn"
    try:
        from ginrummy_tui.engine.reducer import _refuse

        shape = SimpleNamespace(
            phase=v.phase,
            rules=v.rules,
            hands={v.seat: v.hand},
            current=v.seat,
            taken=v.taken,
            knock_limit=v.knock_limit,
            stock_only=v.stock_only,
        )
        return str(_refuse(shape, action))  # type: ignore[arg-type]
    except Exception:
        return f"{action} is not allowed now"


def wait_until(predicate: Callable[[], bool], timeout: float = 5.0) -> bool:
    """Poll ``predicate`` until it holds or ``timeout`` seconds pass."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()
