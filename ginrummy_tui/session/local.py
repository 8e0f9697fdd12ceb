"""Sessions: what the app plays through.

The app never holds a :class:`~ginrummy_tui.engine.GameState`.  It asks its
:class:`Session` for the :class:`~ginrummy_tui.engine.PlayerView` of the local
seat, draws every widget from that view alone, and hands the player's moves
to :meth:`Session.submit`.  So the same app serves

* local play (:class:`LocalSession`: the state and the computer opponent live
  in this process; the app runs :meth:`Session.think` in a thread worker and
  applies the answer with :meth:`Session.play_opponent`), and
* network play (a session that sends actions to the other side and receives
  views from it; it sets ``computes_opponent = False``, gives the app its
  connection to run as an async worker, and calls :meth:`Session.changed`
  whenever a new view arrives).

The contract, for anyone writing a session:

``seat``
    The local player's seat (0 or 1).
``opponent_name``
    How the other player is named on screen ("Computer (standard)", "Ann").
``view()``
    The current :class:`PlayerView` of ``seat``; cheap, called after every change.
``submit(action)``
    Apply the local player's action.  Raises
    :class:`~ginrummy_tui.engine.IllegalAction` with the reason when the rules
    refuse it; nothing changes then.  It never waits: a session whose moves
    go elsewhere sends them in the background, and the answer comes through
    ``listener``.
``opponent_to_move()``
    True while the other player is the one to act (the app then shows
    "waiting" and refuses the local player's moves before submitting them).
``computes_opponent``
    True when the app must compute the other player's moves itself: it calls
    ``think()`` in a thread worker (never on the UI thread) and then
    ``play_opponent(action)`` on the UI thread.
``listener``
    Set by the app: a callable with no arguments that the session calls
    whenever the game changed by some other way than
    ``submit``/``play_opponent`` (a network message, a timer).  The app turns
    it into a Textual message, so it may be called from the app's event loop
    or from any thread.
``connection()``
    Network play: a coroutine that keeps the session's connection (reads
    what the other side sends, reconnects) until it is cancelled.  The app
    runs it as an async worker on its own event loop, once, at start, and
    cancels it when it exits.  ``None`` (the default): nothing to run.
``status()``
    A line to show before the prompt (network play: the move clock, the
    connection), or ``""``.  With ``ticking`` True the line changes by itself
    and the table refreshes it twice a second.
``waiting_note()``
    Between hands in network play: who the app is waiting for, or ``""``.
``going_on_note()``
    Between hands in network play: that the other player asked to go on
    first (the app tells it once), or ``""``.
``stale_notes()``
    Network play: notes of the start that no longer hold, each given once, for
    the app to take down with their parts still to come (the host's note that
    the other player's game still tries the port the match was on before, once
    a player has joined it where it is now); the default: none.
``replaying``
    True while a practice replay of a deal is on the table (nothing of it is
    saved or counted).
``step_away()`` / ``come_back()``
    Around a suspension of the app (Ctrl+Z): network play, a guest leaves its
    seat before the process stops (so the host pauses the game and its move
    clock, as for a player who quit) and takes it back once it runs again.
``terminal_too_small(too_small)``
    The terminal became too small to show the table ("Terminal too small"), or
    big enough again: network play, the host is told, and its move clock and
    the game wait for this seat meanwhile (against the computer the app stops
    its own clock).
``add_hint()``
    Count a hint shown to the player in the match's statistics.
``reset(state, opponent)``
    Local play: put a new match on the table (the settings screen's "start a
    new match now").
``close()``
    Release whatever the session holds (sockets, locks); called when the app exits.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # the engine is imported when a session is made, not before
    from ginrummy_tui.engine import Action, GameState, PlayerView


class Opponent(Protocol):
    """A computer player: any object that answers a view with an action (see :mod:`ginrummy_tui.ai`)."""

    level: str
    """Its level ("easy", "standard", "expert", "master"), shown in its name."""

    def choose(self, view: PlayerView) -> Action: ...


class Session:
    """The interface the app plays through (see the module docstring)."""

    seat: int = 0
    """The local player's seat."""
    opponent_name: str = "Opponent"
    """The other player's name, as shown on screen."""
    computes_opponent: bool = False
    """Whether the app computes the other player's moves (``think``/``play_opponent``)."""
    listener: Callable[[], None] | None = None
    """Set by the app; called (on the app's loop or from any thread) when the game changed elsewhere."""
    ticking: bool = False
    """True when :meth:`status` changes by itself (a clock): the table refreshes it twice a second."""
    replaying: bool = False
    """True while a practice replay of a deal is on the table."""

    def view(self) -> PlayerView:
        """The local seat's view of the game now."""
        raise NotImplementedError

    def submit(self, action: Action) -> None:
        """Play the local player's ``action``; raises ``IllegalAction`` (with the reason) if refused."""
        raise NotImplementedError

    def opponent_to_move(self) -> bool:
        """True while the other player is the one to act."""
        raise NotImplementedError

    def think(self) -> Action:
        """The other player's next action (slow: run it in a thread worker).

        Only for sessions with ``computes_opponent``.
        """
        raise NotImplementedError(f"{type(self).__name__} does not compute the opponent's moves")

    def play_opponent(self, action: Action) -> None:
        """Apply the other player's ``action`` (from :meth:`think`); on the UI thread."""
        raise NotImplementedError(f"{type(self).__name__} does not compute the opponent's moves")

    def connection(self) -> Coroutine[Any, Any, None] | None:
        """Network play: the coroutine that keeps the connection, for the app to
        run as an async worker on its event loop (None, the default: no connection)."""
        return None

    def status(self, room: int = 74) -> str:
        """A line to show before the prompt, in ``room`` columns where it can (80 columns'
        prompt line, less the mark of a move refused), or ``""`` (the default: none)."""
        return ""

    def blocked(self) -> str:
        """Why no move can be sent now whatever it is (network play: not connected, the other
        player away), or ``""`` (the default: nothing stops one). A move refused for this
        reason stops being refused when the reason goes, without a move being made."""
        return ""

    def played_name(self, whole_match: bool = False) -> str:
        """The other player's name as the screens of a finished hand say it: of who played the
        last hand of the score sheet (``whole_match``: every hand of it, "Bob/Carol" when the seat
        changed hands), not of who holds the seat now (network play; else :attr:`opponent_name`)."""
        return self.opponent_name

    def played_own_name(self, whole_match: bool = False) -> str:
        """This seat's player as the screens of a finished hand say it: "You" for the hands the
        viewer played, else the name of who played them (network play, where this player took
        the seat from another: "Bob", or "Bob/You" for ``whole_match`` when both played some)."""
        return "You"

    def hand_names(self) -> list[tuple[str, str]] | None:
        """For each hand of the score sheet, the player at this seat and the other player as the
        score table names them in its row (``("You", "Bob")``, ``("Bob", "Ann")`` for a hand another
        played at this seat before this player took it): network play; None: the names of the
        table's columns for every row."""
        return None

    def match_number(self) -> int | None:
        """Network play: the number of the match in play among the player's own matches,
        from the player's history (None: not known, or not network play: the keeper numbers
        a local match)."""
        return None

    def person_record(self) -> tuple[str, int, int, list[bool]] | None:
        """Network play: the player's record against the other player, by name, from the
        player's history: the name, finished matches, matches won and the results of the
        last ten, oldest first (None: none, or not network play)."""
        return None

    def held_up(self, room: int) -> str:
        """What the game waits for between hands and on the match's result, as a line of
        at most ``room`` columns where it can (network play: the other player away, with,
        on the host's side, the join code, as the table's line says it; the connection
        down, for how long and why), or ``""`` when it waits for nothing."""
        why = self.blocked()
        return why[:1].upper() + why[1:]

    def move_on_its_way(self) -> bool:
        """Network play: True while a move sent is not answered yet (the keys typed
        meanwhile wait for the answer, as they would follow the move at once in a
        local game); False, the default: a move is played as it is made."""
        return False

    def shut_out(self) -> bool:
        """Network play: True once this seat can never play the match again (the host
        refused it for good: a new match or code, the seat taken by another game,
        another version); False, the default, while the match may go on here."""
        return False

    def status_says_blocked(self) -> bool:
        """True when :meth:`status` already says why no move can be sent (network play: the
        line of a lost connection, or of the other player awaited), so a refusal for that
        reason need not say it again."""
        return False

    def match_id(self) -> str | None:
        """Network play: the host's id for the match in play (None, the default: none given)."""
        return None

    def clock(self) -> tuple[int, float, int] | None:
        """The move clock kept elsewhere (network play: the host's): ``(seat, seconds left, limit)``, or None."""
        return None

    def at_quit(self) -> str:
        """Network play: what becomes of the match when this player quits, in a few
        words, or ``""`` (the default: the app says it from what it saves)."""
        return ""

    def waiting_note(self) -> str:
        """Who the app waits for before the next hand, or ``""`` (the default: nobody)."""
        return ""

    def going_on_note(self) -> str:
        """That the other player asked for the next hand (or a new match) and waits for
        this one, or ``""`` (the default: nobody asks)."""
        return ""

    def take_news(self) -> list[str]:
        """What happened at the table since the last call, to tell the player once
        (network play: the other player left or came back); the default: nothing."""
        return []

    def stale_notes(self) -> list[str]:
        """Notes of the start that no longer hold since the last call, as they were
        given to the app, to take down (network play: the host's note that the other
        player's game still tries an old port, once a player has joined the match where
        it is now); the default: none."""
        return []

    async def step_away(self) -> None:
        """The app is about to be suspended (Ctrl+Z): network play, a guest leaves its
        seat first, so that the game and its move clock wait for it (the default: nothing)."""

    def come_back(self) -> None:
        """The app runs again after a suspension (``fg``): network play, a guest that
        left its seat for it takes it back (the default: nothing)."""

    def terminal_too_small(self, too_small: bool) -> None:
        """The terminal became too small to show the table, or big enough again: network
        play, the seat counts as away for the host's move clock meanwhile (the default:
        nothing; the app's own clock, against the computer, stops by itself)."""

    def add_hint(self) -> None:
        """Count a hint shown to the player (the default: not counted)."""

    def hints_this_hand(self) -> tuple[int, int] | None:
        """Network play: the hints shown in this hand to the player and to the
        other player, as the host counts them (None: not counted, the default);
        those of a player who held a seat earlier in the hand are not theirs
        (:meth:`earlier_hints`)."""
        return None

    def handovers(self) -> list[tuple[int, int, str]]:
        """Network play: where another player took a seat during the hand in play (or just
        over): ``(seat, moves of the hand made before, who made that seat's)``, "You" for this
        player's own; none the default."""
        return []

    def earlier_hints(self) -> list[tuple[int, str, int]]:
        """Network play: the hints shown in this hand to the players who held a seat before
        another took it during the hand: ``(seat, name, hints)``, those shown some; none the default."""
        return []

    def reset(self, state: GameState, opponent: Opponent | None = None) -> None:
        """Put a new match on the table (only sessions that hold the state can)."""
        raise NotImplementedError(f"{type(self).__name__} cannot start a match itself")

    def changed(self) -> None:
        """Tell the app that the game changed (safe from any thread)."""
        listener = self.listener
        if listener is not None:
            listener()

    def close(self) -> None:
        """Release resources; the default holds none."""


class LocalSession(Session):
    """A match against the computer, entirely in this process.

    ``state`` is the :class:`GameState` (exposed for saving); ``opponent`` is
    any object with ``choose(view) -> Action`` (see :mod:`ginrummy_tui.ai`).
    ``on_change(state)``, if given, is called after every applied action, of
    either player — the place to save the match.
    """

    computes_opponent = True

    def __init__(
        self,
        state: GameState,
        opponent: Opponent,
        *,
        seat: int = 0,
        opponent_name: str | None = None,
        on_change: Callable[[GameState], None] | None = None,
        on_hint: Callable[[], None] | None = None,
    ) -> None:
        self.state = state
        self.opponent = opponent
        self.seat = seat
        self.opponent_name = opponent_name or _computer_name(opponent)
        self.on_change = on_change
        self.on_hint = on_hint
        """Called for each hint shown to the player (the statistics count them)."""
        self.listener = None
        from .past_hands import EndedHands

        self.ended = EndedHands()
        """The end of each hand of the match in play that ended in this run (or was on the
        table when it began), for the reviews of its earlier hands (the score table's)."""
        self.ended.keep(state)

    # -- the interface

    def view(self) -> PlayerView:
        """The local seat's view of :attr:`state`."""
        from ginrummy_tui.engine import view

        return view(self.state, self.seat)

    def submit(self, action: Action) -> None:
        """Apply the local player's action (between hands either seat may start the next one)."""
        self._apply(action, self.seat)

    def opponent_to_move(self) -> bool:
        """True when it is the computer's turn within a hand."""
        return self.state.phase.playing and self.state.current != self.seat

    def think(self) -> Action:
        """Ask the computer for its move, from its own view only."""
        from ginrummy_tui.engine import view

        return self.opponent.choose(view(self.state, 1 - self.seat))

    def play_opponent(self, action: Action) -> None:
        """Apply the computer's action (refused, with ``IllegalAction``, if it is not its turn)."""
        self._apply(action, 1 - self.seat)

    def add_hint(self) -> None:
        if self.on_hint is not None:
            self.on_hint()

    def opponent_level(self, default: str | None) -> str | None:
        """The computer's level ("easy", "standard", "expert"), or ``default`` if it has none."""
        return self.opponent.level or default

    def reset(self, state: GameState, opponent: Opponent | None = None) -> None:
        """A new match on the table (``opponent``: a new computer player, if it
        changes; the one it replaces is closed, its worker process stopped)."""
        self.state = state
        self.ended.keep(state)
        if opponent is not None and opponent is not self.opponent:
            self.close()
            self.opponent = opponent
            self.opponent_name = _computer_name(opponent)

    def close(self) -> None:
        """Stop the opponent's worker process, if it has one."""
        from .opponent import LazyOpponent  # the app's computer player; it may think in a process of its own

        if isinstance(self.opponent, LazyOpponent):
            self.opponent.close()

    # -- helpers

    def _apply(self, action: Action, seat: int) -> None:
        from ginrummy_tui.engine import apply

        self.state = apply(self.state, action, seat=seat)
        self.ended.keep(self.state)
        if self.on_change is not None:
            self.on_change(self.state)


def _computer_name(opponent: Opponent) -> str:
    """"Computer (standard)": how a computer opponent is named on screen."""
    level = opponent.level
    return f"Computer ({level})" if level else "Computer"
