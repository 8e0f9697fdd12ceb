"""Practice on screen: the banner over a deal played again, and what the quit question says.

A practice hand (``a`` after a hand: :class:`~ginrummy_tui.session.replay_session.ReplaySession`;
or ``gin-tui --seed N --hand K``, kept in its own save slot and not counted)
must never look like the match: the score line becomes a banner that stays
for the whole hand, its end-of-hand screen and the score table keep the
match's own scores apart (:func:`practised_match`), and the quit question says
the real match resumes where it was (or, over or with none saved, that a new match begins;
a hand of a ``--hand`` practice played again, that no start takes that practice up again).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ginrummy_tui.engine.kinds import Phase
from ginrummy_tui.engine.words import together
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
    deal: You 12–0 Computer · match: You 22–16 Computer"; a deal replayed with
    ``gin-tui --seed 5 --hand 3``: "Practice — hand 3 of seed 5's deals, not
    counted" and "this deal: You 0–0 Computer · practice: You 0–8 Computer", the practice's
    running score beside the deal's (where the line is short, as at 80 columns, the
    practice's alone: "practice: You 0–8 Computer").  Each score says the player's
    points first and names the other player after them.  "This deal" is the
    hand on the table alone: after ⏎ into the next hand of a ``--hand``
    practice it is that hand's, 0–0 again.  Shorter forms follow, for narrow
    lines: "this deal" becomes "deal", the deal's score loses the name the
    match's score gives, the head loses its note and then the hand, and, last,
    the deal's score goes (its points are on the end of the hand's screen) and
    the match's stays; the scores shown are always whole.  A hand of a ``--hand`` practice
    played again with ``a`` is named as that practice names it, "hand 3 of seed 5's deals, not
    saved" (it said "hand 3 of match 1", a match of the player's, which it is not); the
    practice's score beside it is named "practice", not "match"."""
    gin = gin_of(app)
    session = gin.session
    name = session.opponent_name.split(" (")[0]
    if isinstance(session, ReplaySession) and session.replaying:
        v = session.view()
        me, opp = v.seat, 1 - v.seat
        start = session.start_scores
        real = session.real.state
        deal = f"You {v.scores[me] - start[me]}–{v.scores[opp] - start[opp]}"
        of = _seeds_deals(app)  # a hand of a --hand practice played again: that practice's, no match of the player's
        # a finished match's final score; the practice's, named so: it was "match", of no match of the player's
        match = f"{'match' if of is None else 'practice'}: You {real.totals[me]}–{real.totals[opp]} {name}"
        return _forms(
            _hand_of(v.hand_no, real.match_no, of)
            if of is not None
            else f"hand {v.hand_no} of {(match_title(app) or f'match {real.match_no}').lower()}",
            "not saved",
            (f"{deal} {name} · {match}", f"{deal} · {match}"),
            match,
        )
    of = _seeds_deals(app)
    if of is not None:
        v = session.view()
        me, opp = v.seat, 1 - v.seat
        # the scores change only as a hand ends, when the sheet gains its row: until then the deal has 0-0
        row = v.sheet[-1] if v.sheet and v.sheet[-1].hand_no == v.hand_no else None
        won = [0, 0]
        if row is not None and row.winner is not None:
            won[row.winner] = row.points
        # the practice's running score (its final one, with the bonuses, once it is over): after hand 3,
        # hand 4 said "this deal: You 0–0 Computer" alone, the 8 points of hand 3 nowhere on the table
        totals = v.totals if v.phase == Phase.MATCH_OVER else v.scores
        practice = f"practice: You {totals[me]}–{totals[opp]} {name}"
        deal = f"You {won[me]}–{won[opp]}"
        which = _hand_of(v.hand_no, v.match_no, of)
        heads = (f"Practice — {which}, not counted", f"Practice — {which}", "Practice")
        # narrower, the deal's score goes before the practice's (its points are on the end of the hand)
        scores = (
            f"this deal: {deal} {name} · {practice}", f"deal: {deal} {name} · {practice}", f"deal: {deal} · {practice}",
            practice,
        )
        return tuple((head, score) for head in heads for score in scores)
    return None


def _hand_of(hand_no: int, match_no: int, of: str) -> str:
    """Which hand of a ``--hand`` practice: "hand 3 of seed 5's deals"; after its match, a new
    one deals the seed's next match, "hand 1 of match 2 of seed 5's deals" ("hand 1 of seed 5's
    deals" named the first match's hand 1, which it is not)."""
    return f"hand {hand_no} of {of}" if match_no == 1 else f"hand {hand_no} of match {match_no} of {of}"


def _seeds_deals(app: App[Any]) -> str | None:
    """Whose deals a ``gin-tui --seed N --hand K`` practice plays: "seed 101's deals", in a
    hand of it played again with ``a`` and after it too (the seed is the practice's, behind
    the hand played again: it was lost there, "a seed's deals", for the rest of the run);
    None in any other game."""
    gin = gin_of(app)
    keeper = gin.context.keeper
    if keeper is None or not keeper.replay:
        return None
    session = gin.session
    # a ReplaySession's state is the game behind the hand played again: the practice's
    state = session.state if isinstance(session, (LocalSession, ReplaySession)) else None
    seed = state.seed if state is not None else None
    return f"seed {seed}'s deals" if seed is not None else "a seed's deals"


def in_seed_practice(app: App[Any]) -> bool:
    """Whether the game in play is a ``gin-tui --seed N --hand K`` practice (a hand of it
    played again with ``a`` too), whose deals count in no match."""
    return _seeds_deals(app) is not None


def practice_home(app: App[Any], *, named: bool = False) -> str:
    """What a hand played again with ``a`` is a practice of, and goes back to, in the
    player's words: "your match"; inside a ``gin-tui --seed N --hand K`` practice, whose
    deals count in no match, "your practice" (``named``: "your practice of seed 101's
    deals")."""
    of = _seeds_deals(app)
    if of is None:
        return "your match"
    return f"your practice of {of}" if named else "your practice"


def table_titles(app: App[Any]) -> tuple[str | None, str | None]:
    """The score table's name for the game on the table, and its short form where that does
    not fit: a ``--hand`` practice's, "Practice of seed 101's deals" ("Practice"), as its
    banner names it (it was "Match 1", as if a match of the player's); else the match's
    (:func:`~.host.match_title`), with no short form."""
    of = _seeds_deals(app)
    return (f"Practice of {of}", "Practice") if of is not None else (match_title(app), None)


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


def _forms(which: str, note: str, scores: tuple[str, ...], last: str | None = None) -> Banner:
    """The banner's forms, longest first: each head (with its note, with the hand, "Practice")
    with each of the deal's ``scores`` (longest first), "this deal" then "deal"; ``last``,
    the narrowest scores of all, after "Practice"."""
    heads = (f"Practice — {which}, {note}", f"Practice — {which}", "Practice")
    forms = [(head, f"{deal}: {score}") for head in heads for score in scores for deal in ("this deal", "deal")]
    if last is not None:
        forms.append(("Practice", last))
    return tuple(forms)


def practice_quit_note(app: App[Any]) -> str | None:
    """What the quit question (and Ctrl+Z with no shell) says in practice: the real match
    resumes where it was, or, over or with none left unfinished (a deal of ``--hand`` with
    no match saved), that the next start begins a new one (None where nothing is saved,
    or saves fail; the question then says what becomes of the match, as outside
    practice).  A hand of a ``--hand`` practice played again with ``a``: that practice
    is no match to resume (it said "Your match resumes where it was: after hand 3, ...",
    and the next start dealt a new match): the next start resumes the player's own match
    or begins a new one, as the line after the game says."""
    gin = gin_of(app)
    session = gin.session
    keeper = gin.context.keeper
    if keeper is None or keeper.failing:
        return None
    # with the data directory given, where plain gin-tui would not find it; on one line
    command = together(gin.context.resume_command)
    if isinstance(session, ReplaySession) and session.replaying and keeper.replay:
        # the practice behind the hand is kept in a slot of its own, which no start takes up
        practice = f"This practice hand is not saved, and your practice of {_seeds_deals(app)} is not counted or taken up again"
        if match_in_progress(keeper.store.root):
            return f"{practice}: your match resumes where it was the next time you start {command}."
        return f"{practice}: the next time you start {command}, a new match begins."
    if isinstance(session, ReplaySession) and session.replaying:
        real = session.real.state
        me, opp = session.seat, 1 - session.seat
        name = session.opponent_name  # as the table and the scores name them: "Computer (master)"
        # each score kept with its player, the hand with its number ("after hand" / "1" were broken apart)
        if real.phase == Phase.MATCH_OVER:  # archived at the close: the next start deals a new match
            bonuses = " with bonuses" if real.totals != real.scores else ""  # its final score, as its result gave it
            return (
                f"This practice hand is not saved. Your match is over ({together('You', str(real.totals[me]))} · "
                f"{together(name, str(real.totals[opp]))}{bonuses}): the next time you start {command}, "
                "a new match begins."
            )
        where = together("after hand" if real.phase.ended else "in hand", str(real.hand_no))
        return (
            f"This practice hand is not saved. Your match resumes where it was: "
            f"{where}, {together('You', str(real.scores[me]))} · {together(name, str(real.scores[opp]))}."
        )
    if keeper.replay:
        if match_in_progress(keeper.store.root):
            return f"This practice deal does not count. Your match resumes where it was the next time you start {command}."
        # no match left unfinished (none yet, or the last one over): there is none to resume
        return f"This practice deal does not count; the next time you start {command}, a new match begins."
    return None


__all__ = ["Banner", "in_seed_practice", "practice_banner", "practice_home", "practice_quit_note", "practised_match", "practising"]
