"""Replaying a deal in the app: the same cards again, as practice.

"Replay this deal" (``a`` after a hand) swaps the app's session for a
:class:`ReplaySession`: a practice hand dealt again from the hand just
played, against the same computer opponent, with the scores from before the
hand.  Nothing of it is saved or counted; the match in play stays as it was
(and is what a save or a quit keeps).  When the practice hand is over, going
on ("next hand") returns to the match, which deals its next hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ginrummy_tui.engine.kinds import Kind, Phase

from .local import LocalSession, Session

if TYPE_CHECKING:
    from ginrummy_tui.engine import Action, GameState, PlayerView



class ReplaySession(Session):
    """A practice hand, then back to the match (``real``)."""

    computes_opponent = True

    def __init__(self, real: LocalSession, practice: GameState, opponent: Any = None) -> None:
        self.real = real
        """The session of the match in play."""
        self.practice = LocalSession(
            practice, opponent if opponent is not None else real.opponent, seat=real.seat,
            opponent_name=real.opponent_name,
        )
        """The practice hand (never saved, never recorded)."""
        self.replaying = True
        """True until the player leaves the practice hand."""
        self.seat = real.seat
        self.opponent_name = real.opponent_name
        self.listener = real.listener

    @property
    def active(self) -> LocalSession:
        """The session moves go to now."""
        return self.practice if self.replaying else self.real

    @property
    def state(self) -> GameState:
        """The match in play (what is saved), not the practice hand."""
        return self.real.state

    @property
    def current_state(self) -> GameState:
        """The state on the table: the practice hand while replaying."""
        return self.active.state


    @property
    def opponent(self):
        return self.real.opponent

    def view(self) -> PlayerView:
        """The view of the table."""
        return self.active.view()

    def submit(self, action: Action) -> None:
        """Play on the table; "next hand" after the practice hand goes back to the match."""
        if self.replaying and self.practice.state.phase.ended and action.kind in (Kind.NEXT_HAND, Kind.NEW_MATCH):
            self.replaying = False
            if self.real.state.phase == Phase.HAND_OVER:
                from ginrummy_tui.engine import Action

                self.real.submit(Action(Kind.NEXT_HAND))
            return
        self.active.submit(action)

    def add_hint(self) -> None:
        """A hint counts for the match, not for the practice hand."""
        if not self.replaying:
            self.real.add_hint()

    def opponent_to_move(self) -> bool:
        return self.active.opponent_to_move()

    def think(self) -> Action:
        return self.active.think()

    def play_opponent(self, action: Action) -> None:
        self.active.play_opponent(action)

    def close(self) -> None:
        self.real.close()


def table_state(session: Session) -> GameState | None:
    """The full state of the hand on the table, when this process holds it (not in network play)."""
    state = getattr(session, "current_state", None)
    if state is None:
        state = getattr(session, "state", None)
    from ginrummy_tui.engine import GameState

    return state if isinstance(state, GameState) else None


def start_replay(app) -> bool:
    """Deal the hand on the table again as practice; False (with a message) if it cannot be."""
    from ginrummy_tui.session.replay import replay_moves, replay_state

    session = app.session
    base = session.real if isinstance(session, ReplaySession) else session
    state = table_state(session)
    if state is None or not isinstance(base, LocalSession):
        app.notify("A deal can be replayed only in a game against the computer.", severity="warning")
        return False
    if state.phase.playing:
        app.notify("A deal can be replayed once its hand is over.", severity="warning")
        return False
    try:
        replay_moves(state)  # the hand must come from its seed, or the cards dealt again would differ
    except ValueError:
        app.notify("This hand was not dealt from its seed, so it cannot be dealt again.", severity="warning")
        return False
    practice = replay_state(state)
    replay = ReplaySession(base, practice)
    replay.listener = session.listener
    app.session = replay
    app.sync()
    app.notify(
        f"Hand {practice.hand_no} again, with the same cards. It is practice: it does not count, "
        "and ⏎ after it goes back to your match.",
        title="Replay this deal",
        timeout=6,
    )
    return True


__all__ = ["ReplaySession", "start_replay", "table_state"]
