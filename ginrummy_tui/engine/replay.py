"""Replaying a deal: the same cards again, so a player can try another decision.

Every hand's cards come from ``deal(seed, match_no, hand_no)``, so a hand can
be dealt again from any state of it.  A replay starts from exactly that deal,
with the scores the match had before the hand; it is practice, and the app
does not count it in the statistics.
"""

from __future__ import annotations

from dataclasses import replace

from ginrummy_tui.engine import PRESETS, GameState, Move, Rules, apply, deal_hand


def scores_before(state: GameState, hand_no: int | None = None) -> tuple[tuple[int, int], tuple]:
    """The running scores and the score sheet as they were when hand ``hand_no``
    of ``state``'s match (``state``'s own hand by default) was dealt."""
    hand_no = state.hand_no if hand_no is None else hand_no
    sheet = tuple(r for r in state.sheet if r.hand_no < hand_no)
    scores = sheet[-1].scores if sheet else (0, 0)
    return scores, sheet


def hand_start(state: GameState, hand_no: int, dealer: int) -> GameState:
    """The start of hand ``hand_no`` of ``state``'s match dealt again by ``dealer``:
    the same cards in the same places, and the scores from before the hand."""
    scores, sheet = scores_before(state, hand_no)
    fresh = deal_hand(state.rules, state.seed, hand_no, state.match_no, dealer)
    return replace(fresh, scores=scores, sheet=sheet, first_dealer=state.first_dealer)


def replay_state(state: GameState) -> GameState:
    """The start of ``state``'s hand, dealt again: the same cards in the same
    places, the same dealer, and the scores from before the hand."""
    return hand_start(state, state.hand_no, state.dealer)


def replay_moves(state: GameState) -> list[tuple[GameState, Move]]:
    """The hand of ``state`` move by move: ``(state before the move, move)``
    for every move in ``state.history``, replayed from the deal.

    Raises ``ValueError`` if the history does not replay to ``state``'s hands
    (a state that was not dealt from its seed).
    """
    cur = replay_state(state)
    out: list[tuple[GameState, Move]] = []
    for move in state.history:
        out.append((cur, move))
        cur = apply(cur, move.action, seat=move.seat)
    if cur.hands != state.hands or cur.stock != state.stock or cur.discard != state.discard:
        raise ValueError("this hand does not replay from its seed")
    return out


def hand_of_match(
    seed: int | str, hand_no: int, rules: Rules = PRESETS["standard"], match_no: int = 1, dealer: int | None = None
) -> GameState:
    """Hand ``hand_no`` of the match dealt from ``seed`` (``gin-tui --seed N --hand K``),
    dealt by the seat ``dealer``.

    Without ``dealer`` the deal alternates from the computer dealing hand 1,
    so the dealer of hand K is the computer for odd K; where the winner of a
    hand deals the next, who won hand K-1 decides it, which the seed does not
    say.  Scores start at 0.
    """
    if hand_no < 1:
        raise ValueError("hands are numbered from 1")
    return deal_hand(rules, seed, hand_no, match_no, dealer)


__all__ = ["hand_of_match", "hand_start", "replay_moves", "replay_state", "scores_before"]
