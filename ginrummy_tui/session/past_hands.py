"""The finished hands of the match in play, dealt again with their moves: what the review of
an earlier hand (picked on the score table) is made from.

A hand's cards come from ``deal(seed, match_no, hand_no)`` and its dealer is on the score
sheet, so the match's own state deals any of its hands again; its moves come from where they
were kept: the end of each hand seen in this run (:class:`EndedHands`, kept by the session),
else the history database, which keeps every recorded hand's moves
(:meth:`~ginrummy_tui.storage.history.History.hand_moves`).  Dealt again and played through
those moves, the hand must end as the score sheet says it did, or it is not that hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ginrummy_tui.engine import GameState


NOT_RECORDED = (
    "It ended before gin-tui was last started, and this match is not recorded: "
    "its moves were not kept, so it cannot be dealt again for a review."
)
NO_MOVES = (
    "Its record keeps the score but not the moves (a record of an earlier version): "
    "it cannot be dealt again for a review."
)
NOT_FOUND = "Its moves are not in your history: it cannot be dealt again for a review."
NOT_REPLAYED = (
    "Its recorded moves do not play from the match's seed to the end the score sheet gives it: "
    "it cannot be dealt again for a review."
)
"""Why an earlier hand of the match has no review, in a sentence (after "Hand 3: ")."""


class EndedHands:
    """The end of each hand of the match in play seen ending in this run (its whole state: the
    deal, the moves, the result), by hand number; those of another match are dropped when
    one of a new match is kept, so no more than one match's hands are ever held."""

    def __init__(self) -> None:
        self._match: tuple[str, int] | None = None
        self._ends: dict[int, GameState] = {}

    def keep(self, state: GameState) -> None:
        """Keep ``state`` if it is the end of a hand (its row on the score sheet is the last)."""
        if state.result is None or not state.sheet or state.sheet[-1].hand_no != state.hand_no:
            return
        match = (state.seed, state.match_no)
        if match != self._match:
            self._match, self._ends = match, {}
        self._ends[state.hand_no] = state

    def get(self, state: GameState, hand_no: int) -> GameState | None:
        """The end of hand ``hand_no`` of ``state``'s match, if it was kept."""
        if (state.seed, state.match_no) != self._match:
            return None
        return self._ends.get(hand_no)


def rebuild_hand(state: GameState, hand_no: int, moves: Sequence[Mapping[str, Any]]) -> GameState:
    """Hand ``hand_no`` of ``state``'s match dealt again (its dealer and the scores before it
    from the score sheet) and played through ``moves`` (as the history records them: ``seat``
    and ``action``; seat 0 the recording player's, the match's seat 0): its end.  Raises
    ``ValueError`` when the moves do not play from that deal to the end the sheet gives it."""
    from ginrummy_tui.engine import apply, parse_action
    from ginrummy_tui.engine.replay import hand_start

    rows = [r for r in state.sheet if r.hand_no == hand_no]
    if not rows:
        raise ValueError(f"hand {hand_no} has not ended")
    row = rows[0]
    cur = hand_start(state, hand_no, row.dealer)
    for m in moves:
        if cur.result is not None:
            raise ValueError("moves go on after the hand's end")
        seat, action = m.get("seat"), m.get("action")
        if seat not in (0, 1) or not isinstance(action, str):
            raise ValueError(f"not a move: {m!r}")
        cur = apply(cur, parse_action(action), seat=int(seat))
    if cur.result is None or not cur.sheet or cur.sheet[-1] != row:
        raise ValueError("the moves do not end the hand as the score sheet says")
    return cur


def past_hand(
    state: GameState,
    hand_no: int,
    ended: EndedHands | None,
    recorded: Mapping[int, Sequence[Mapping[str, Any]] | None] | str,
) -> GameState | str:
    """The end of hand ``hand_no`` of ``state``'s match, for its review: as kept in this run
    (``ended``), else dealt again with the moves the history ``recorded`` (by hand number; a
    sentence says why the history could not be read); or why it cannot be had, in a
    sentence (after "Hand 3: ")."""
    kept = ended.get(state, hand_no) if ended is not None else None
    if kept is not None:
        return kept
    if isinstance(recorded, str):
        return recorded
    if hand_no not in recorded:
        return NOT_FOUND
    moves = recorded[hand_no]
    if moves is None:
        return NO_MOVES
    try:
        return rebuild_hand(state, hand_no, moves)
    except (ValueError, KeyError):
        return NOT_REPLAYED


__all__ = ["NOT_FOUND", "NOT_RECORDED", "NOT_REPLAYED", "NO_MOVES", "EndedHands", "past_hand", "rebuild_hand"]
