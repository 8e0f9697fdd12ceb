"""Practice on screen: the banner over a deal played again, and what the quit question says.

A practice hand (``a`` after a hand: :class:`~ginrummy_tui.session.replay_session.ReplaySession`;
or ``gin-tui --seed N --hand K``, kept in its own save slot and not counted)
must never look like the match: the score line becomes a banner that stays
for the whole hand, its end-of-hand screen and the score table keep the
match's own scores apart (:func:`practised_match`), and the quit question says
the real match resumes where it was (or, over or with none saved, that a new match begins).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ginrummy_tui.engine.kinds import Phase
from ginrummy_tui.session.local import LocalSession
from ginrummy_tui.session.replay_session import ReplaySession
from ginrummy_tui.storage.store import match_in_progress

from .host import gin_of, match_title

if TYPE_CHECKING:
    from textual.app import App

    from ginrummy_tui.engine import PlayerView


Banner = tuple[tuple[str, str], ...]
"""The practice banner's forms, longest first: (its head, the scores)."""


def practice_banner(app: App[Any]) -> Banner | None:
    """The banner of a practice hand, or None in a real match.

    ``a`` after a hand: "Practice — hand 3 of match 1, not saved" and "this
    deal: You 12–0 · match: You 22–16" (the player's points first); a deal
    replayed with ``gin-tui --seed 5 --hand 3``: "Practice — hand 3 of seed
    5's deals, not counted" and "this deal: You 0–0 Computer".  Shorter forms
    follow, for narrow lines: "this deal" becomes "deal", then the head loses
    its note and then the hand; the scores always stay whole."""
    gin = gin_of(app)
    session = gin.session
    name = session.opponent_name.split(" (")[0]
    if isinstance(session, ReplaySession) and session.replaying:
        v = session.view()
        me, opp = v.seat, 1 - v.seat
        start = session.start_scores
        real = session.real.state
        return _forms(
            f"hand {v.hand_no} of {(match_title(app) or f'match {real.match_no}').lower()}",
            "not saved",
            f"You {v.scores[me] - start[me]}–{v.scores[opp] - start[opp]} · "
            f"match: You {real.totals[me]}–{real.totals[opp]}",  # a finished match's final score, as its result gave it
        )
    keeper = gin.context.keeper
    if keeper is not None and keeper.replay:
        v = session.view()
        me, opp = v.seat, 1 - v.seat
        seed = session.state.seed if isinstance(session, LocalSession) else None
        of = f"seed {seed}'s deals" if seed is not None else "a seed's deals"
        first = gin.practice_start
        if first is None or first[0] != v.match_no:
            first = gin.practice_start = (v.match_no, v.scores)
        base = first[1]
        return _forms(
            f"hand {v.hand_no} of {of}", "not counted", f"You {v.scores[me] - base[me]}–{v.scores[opp] - base[opp]} {name}"
        )
    return None


def practising(app: App[Any]) -> bool:
    """Whether the deal in play is practice (``a`` after a hand, or ``gin-tui
    --seed N --hand K``): its result counts in no match, so the hints speak
    of no match to win."""
    gin = gin_of(app)
    session = gin.session
    if isinstance(session, ReplaySession) and session.replaying:
        return True
    keeper = gin.context.keeper
    return keeper is not None and keeper.replay


def practised_match(app: App[Any]) -> PlayerView | None:
    """While a hand is played again with ``a``: the view of the match itself, which the
    practice leaves as it was (its end-of-hand screen and ``c`` show the match's scores,
    not the practice's); None otherwise."""
    session = gin_of(app).session
    if isinstance(session, ReplaySession) and session.replaying:
        return session.real.view()
    return None


def _forms(which: str, note: str, scores: str) -> Banner:
    heads = (f"Practice — {which}, {note}", f"Practice — {which}", "Practice")
    return tuple((head, f"{deal}: {scores}") for head in heads for deal in ("this deal", "deal"))


def practice_quit_note(app: App[Any]) -> str | None:
    """What the quit question (and Ctrl+Z with no shell) says in practice: the real match
    resumes where it was, or, over or with none left unfinished (a deal of ``--hand`` with
    no match saved), that the next start begins a new one (None where nothing is saved,
    or saves fail; the question then says what becomes of the match, as outside
    practice)."""
    gin = gin_of(app)
    session = gin.session
    keeper = gin.context.keeper
    if keeper is None or keeper.failing:
        return None
    command = gin.context.resume_command  # with the data directory given, where plain gin-tui would not find it
    if isinstance(session, ReplaySession) and session.replaying:
        real = session.real.state
        me, opp = session.seat, 1 - session.seat
        name = session.opponent_name  # as the table and the scores name them: "Computer (master)"
        if real.phase == Phase.MATCH_OVER:  # archived at the close: the next start deals a new match
            bonuses = " with bonuses" if real.totals != real.scores else ""  # its final score, as its result gave it
            return (
                f"This practice hand is not saved. Your match is over (You {real.totals[me]} · {name} "
                f"{real.totals[opp]}{bonuses}): the next time you start {command}, a new match begins."
            )
        where = f"after hand {real.hand_no}" if real.phase.ended else f"in hand {real.hand_no}"
        return (
            f"This practice hand is not saved. Your match resumes where it was: "
            f"{where}, You {real.scores[me]} · {name} {real.scores[opp]}."
        )
    if keeper.replay:
        if match_in_progress(keeper.store.root):
            return f"This practice deal does not count. Your match resumes where it was the next time you start {command}."
        # no match left unfinished (none yet, or the last one over): there is none to resume
        return f"This practice deal does not count; the next time you start {command}, a new match begins."
    return None


__all__ = ["Banner", "practice_banner", "practice_quit_note", "practised_match", "practising"]
