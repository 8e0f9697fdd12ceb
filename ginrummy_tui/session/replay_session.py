"""Replaying a deal: the same cards again, as practice.

"Replay this deal" (``a`` after a hand) swaps the app's session for a
:class:`ReplaySession`: a practice hand dealt again from the hand just
played, against the same computer opponent, with the scores from before the
hand.  Nothing of it is saved or counted; the match in play stays as it was
(and is what a save or a quit keeps).  When the practice hand is over, going
on ("next hand") returns to the match, which deals its next hand (the
match over, nothing is dealt: the app shows the match's result).
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
        self.start_scores = practice.scores
        """The scores the practice hand was dealt with (its own points are counted from them)."""
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
            self.leave(go_on=True)
            return
        self.active.submit(action)

    def leave(self, go_on: bool = False) -> None:
        """Back to the match as it was, from the end of the practice hand or from the
        middle of it (the practice is dropped): the end of the hand that was replayed.
        With ``go_on`` ("next hand" after the practice hand) the match goes on from
        there as that end's own "next hand" would: its next hand is dealt when it was
        between hands; one that is over stays over (its result follows)."""
        if not self.replaying:
            return
        self.replaying = False
        if go_on and self.real.state.phase == Phase.HAND_OVER:
            from ginrummy_tui.engine import Action

            self.real.submit(Action(Kind.NEXT_HAND))

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
    if isinstance(session, ReplaySession):
        return session.current_state
    if isinstance(session, LocalSession):
        return session.state
    return None


class CannotReplay(Exception):
    """The hand on the table cannot be dealt again; the message says why."""


def practice_of(session: Session) -> ReplaySession:
    """A practice replay of the hand on the table; raises :class:`CannotReplay` with the reason."""
    from ginrummy_tui.engine.replay import replay_moves, replay_state

    base = session.real if isinstance(session, ReplaySession) else session
    state = table_state(session)
    if state is None or not isinstance(base, LocalSession):
        raise CannotReplay("A deal can be replayed only in a game against the computer.")
    if state.phase.playing:
        raise CannotReplay("A deal can be replayed once its hand is over.")
    try:
        replay_moves(state)  # the hand must come from its seed, or the cards dealt again would differ
    except ValueError:
        raise CannotReplay("This hand was not dealt from its seed, so it cannot be dealt again.") from None
    replay = ReplaySession(base, replay_state(state))
    replay.listener = session.listener
    return replay


__all__ = ["CannotReplay", "ReplaySession", "practice_of", "table_state"]
