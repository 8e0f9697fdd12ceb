"""Near the end of a match the hint knocks or waits as wins the match more often, and says so
with the chances of the match; the review weighs that decision the same way."""

from __future__ import annotations

import math
from dataclasses import replace

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.hints import _match_pair, hint, hint_expert, match_turned
from ginrummy_tui.ai.master import GuessingExpert
from ginrummy_tui.ai.review import replay_history, review_moves
from ginrummy_tui.engine import Action, Kind, apply, new_game, parse_action, view
from ginrummy_tui.engine.state import HandRecord

from .engine_helpers import SEED_1_FIRST_64


def _rule(v) -> Action:
    """The hints' expert's rule's choice, without the master's search."""
    expert = hint_expert()
    assert isinstance(expert, GuessingExpert)
    return expert.rule_choice(v)


SEED_1_64 = SEED_1_FIRST_64  # (engine_helpers: as played before 8 Dec)


def _at(seed: int, moves: int, scores: tuple[int, int], sheet=(), rules=None, played: str = ""):
    """The hand of ``seed`` played by the expert on both seats, after ``moves`` moves (seat 0 to
    throw, with a knock legal), with the match's score at ``scores`` (under ``rules``, the
    standard ones by default); ``played``: the moves played first (as ``SEED_1_64``)."""
    s = new_game(rules, seed=seed) if rules is not None else new_game(seed=seed)
    for move in played.split(", ") if played else ():
        s = apply(s, parse_action(move))
    players = [get_opponent("expert", seed), get_opponent("expert", seed + 1)]
    while len(s.history) < moves:
        s = apply(s, players[s.current].choose(view(s, s.current)))
    s = replace(s, scores=scores, sheet=sheet)
    assert s.current == 0 and any(a.kind == Kind.KNOCK for a in view(s, 0).legal_actions)
    return s


def test_ahead_near_the_target_the_hint_knocks_where_that_wins_the_match_more_often():
    # "Discard 5♦ and wait with 6 deadwood: about even with a knock here, and waiting wins more
    # matches, as quick knocks often get undercut." at 88-50: over the same guessed deals the
    # knock won the match about 94 times in 100 and waiting 89
    state = _at(9, 31, (88, 50))
    v = view(state, 0)
    h = hint(v)
    assert h.action == parse_action("knock 5D"), h
    turn = match_turned(v, h.action)
    assert turn is not None and turn.chance >= turn.other + 0.01
    assert h.reason.startswith("Knock with 5♦: it leaves 6 deadwood"), h.reason
    # the chance of winning the match, this hand or a later one: "a knock now wins the match about 94
    # in 100" read as the knock's own, beside what it is expected to score
    assert "your chance to win the match: about 94 in 100 if you knock now, about 89 in 100 if you wait" in h.reason, (
        h.reason)
    # far from the end the expert's rule stands: it waits with this little
    early = view(replace(state, scores=(0, 0)), 0)
    assert hint(early).action == parse_action("discard 5D")
    assert match_turned(early, parse_action("knock 5D")) is None
    # a practice deal belongs to no match: nothing is said of winning matches; the knock and the
    # wait are weighed in this hand's points (there the wait does worse: tests/test_searched_hints.py)
    practice = hint(v, practice=True)
    assert "match" not in practice.reason, practice.reason


def test_where_waiting_wins_the_match_more_often_the_hint_does_not_knock():
    # the other player's knocks on the score sheet all low: the expert's rule is to knock with 3♥
    low = HandRecord(1, 1, "knock", 1, 1, 20, (1, 21), (0, 20))
    state = _at(1, 64, (76, 76), (low, low, low), played=SEED_1_64)
    v = view(state, 0)
    assert _rule(view(replace(state, scores=(0, 0)), 0)) == parse_action("knock 3H")
    h = hint(v)
    assert h.action == parse_action("discard 3H"), h
    assert h.reason == (
        "Don't knock: discard 3♥ and wait; your chance to win the match: about 8 in 10 waiting, about 6 in 10 "
        "knocking now."
    )


def test_near_the_end_of_a_match_a_wait_by_the_rule_is_not_said_to_win_more_matches():
    # at 92-70, "Discard 4♣ and wait with 9 deadwood: about even with a knock here, and waiting
    # wins more matches, as quick knocks often get undercut": near the target the play-outs do
    # not bear that out, and the rule is given as the expert's
    state = _at(1, 24, (92, 70))
    v = view(state, 0)
    h = hint(v)
    assert h.action == parse_action("discard 4C"), h
    assert match_turned(v, h.action) is None
    assert "wins more matches" not in h.reason and "the expert waits" in h.reason, h.reason


def test_the_review_weighs_a_wait_near_the_end_of_the_match_as_the_hint_does():
    state = _at(9, 31, (88, 50))
    waited = review_moves(replay_history(state, ["discard 5D"]), 0)
    (decision,) = waited.mistakes
    assert decision.suggested == Action(Kind.KNOCK, decision.played.card)
    # the hand's points may favour waiting; the reason is the match's, as the hint's is
    assert "your chance to win the match: about 94 in 100 if you knock now, about 89 in 100 if you wait" in (
        decision.reason), decision.reason
    assert decision.reason == hint(view(state, 0)).reason
    # the player who knocked, as the hint said, made no mistake there
    assert not review_moves(replay_history(state, ["knock 5D"]), 0).mistakes


def test_a_wait_that_gains_points_near_the_end_is_reviewed_by_the_match_not_called_better():
    # at 88-50, waiting with 3♣ gains about 9 points of the hand over knocking with it, and wins
    # the match less often: the review does not call the wait the better choice by its points
    state = _at(6, 35, (88, 50))
    (decision,) = review_moves(replay_history(state, ["discard 3C"]), 0).mistakes
    assert decision.suggested == parse_action("knock 3C")
    assert decision.cost <= -2.5 and decision.better  # the points favour the wait
    assert decision.reason == hint(view(state, 0)).reason
    assert "your chance to win the match: " in decision.reason and "if you knock now" in decision.reason, decision.reason
    # and beside its cost in points, what it does to the match; it is not counted as one of
    # the player's choices that look better or as good
    assert decision.match_text() == "your chance to win the match: about 19 in 20 with the knock, about 9 in 10 with your move"
    review = review_moves(replay_history(state, ["discard 3C"]), 0)
    assert review.better == 0 and review.as_good == 0 and review.agreed == review.decisions - 1


def test_a_practice_hand_is_reviewed_as_its_hints_weigh_it():
    # a practice deal belongs to no match: at 88-50 its hint weighs the knock and the wait with 5♦ in
    # this hand's points, not the match's chances, and its review follows the hint and does not
    # speak of winning matches
    state = _at(9, 31, (88, 50))
    v = view(state, 0)
    chosen = hint(v, practice=True).action
    other = parse_action("discard 5D" if chosen == parse_action("knock 5D") else "knock 5D")
    assert chosen.card == other.card
    assert not review_moves(replay_history(state, [str(chosen)]), 0, practice=True).mistakes
    (played,) = review_moves(replay_history(state, [str(other)]), 0, practice=True).mistakes
    assert played.suggested == chosen and not played.match_chances
    assert "match" not in played.reason, played.reason


def test_far_behind_near_the_end_the_wait_and_its_review_share_their_figure():
    # at 31-94 waiting with 4♣ wins the match more often too: the hint waits, with the gain in
    # points that the review of a knock there costs, both from the play-outs the match's
    # chances were weighed on
    from ginrummy_tui.ai.master import match_end_points

    state = _at(1, 24, (31, 94))
    v = view(state, 0)
    match_end_points.cache_clear()
    h = hint(v)
    assert h.action == parse_action("discard 4C")
    assert match_end_points.cache_info().misses == 1  # one set of play-outs for the choice and the reason
    assert "waiting gains about 10 points more" in h.reason, h.reason
    (knocked,) = review_moves(replay_history(state, ["knock 4C"]), 0).mistakes
    assert round(knocked.cost) == 10 and knocked.suggested == parse_action("discard 4C")
    wait, knock = match_end_points(v, parse_action("discard 4C").card, 0)
    assert knocked.cost == round(sum(wait) / len(wait) - sum(knock) / len(knock), 2)  # no multiplier, no box here


def test_a_match_all_but_lost_the_hint_knocks_for_the_points_and_the_shutout():
    # classic rules at 0-96: "Discard 7♦ and wait with 3 deadwood: a knock scores about 11 more
    # here (box included), but the expert waits: quick knocks often get undercut."; the match's
    # chances were about 1 in 20 either way, and the computer's knock won it by a shutout
    from ginrummy_tui.engine.rules import PRESETS

    state = _at(22, 23, (0, 96), rules=PRESETS["classic"])  # box bonus 20, game bonus 100, doubled for a shutout
    v = view(state, 0)
    h = hint(v)
    assert h.action == parse_action("knock 7D"), h
    turn = match_turned(v, h.action)
    assert turn is not None and turn.points is not None and turn.points >= 1 and turn.shutout
    assert turn.chance < 0.1 and turn.other < 0.1
    assert h.reason.startswith("Knock with 7♦: it leaves 3 deadwood; the match is all but lost"), h.reason
    assert "a knock scores about 32 more than waiting, any points avoiding the shutout." in h.reason, h.reason
    # with more room, the chance and the game bonus's doubling are said
    from ginrummy_tui.ai.hints import explain

    wide = explain(v, h.action, room=200)
    assert "less than 1 in 10" in wide or "is expected to score about 32" in wide, wide
    # the review of the wait says the same, and beside its cost what the knock was worth
    (decision,) = review_moves(replay_history(state, ["discard 7D"]), 0).mistakes
    assert decision.suggested == parse_action("knock 7D")
    assert decision.reason == h.reason
    assert decision.match_text() == (
        "the match all but lost, the knock is expected to score about 32 more than your move, any points avoiding the shutout"
    )
    assert not review_moves(replay_history(state, ["knock 7D"]), 0).mistakes
    # mid-match, and near the end with the match still open (where the chances turn it), the
    # points do not decide
    for scores in ((0, 0), (60, 80)):
        other = view(replace(state, scores=scores), 0)
        chosen = hint(other)
        turned = match_turned(other, chosen.action)
        assert (turned is None or turned.points is None) and "all but" not in chosen.reason, (scores, chosen)


def test_near_the_end_a_knock_with_another_card_than_the_wait_is_weighed_on_the_matchs_play_outs():
    # at 76-76 (the other player's knocks all low) the expert throws 3♥ and waits, the match's
    # chances turning its rule's knock.  A knock with 3♥ was costed on the match's play-outs, a
    # knock with 2♠ (6 deadwood) on the ordinary ones (8.44 points against 8.26), and beside it
    # the review gave the chances of waiting and of the knock with 3♥ ("about 6 in 10") as if
    # they were the player's: now its cost, its chances and the reason's are of the knock with 2♠,
    # on the same deals as the wait's
    import statistics

    from ginrummy_tui.ai.master import _match_chances, match_end_plays

    low = HandRecord(1, 1, "knock", 1, 1, 20, (1, 21), (0, 20))
    state = _at(1, 64, (76, 76), (low, low, low), played=SEED_1_64)
    v = view(state, 0)
    wait, knock = parse_action("discard 3H"), parse_action("knock 2S")
    (same,) = review_moves(replay_history(state, ["knock 3H"]), 0).mistakes
    (other,) = review_moves(replay_history(state, ["knock 2S"]), 0).mistakes
    assert same.suggested == other.suggested == wait
    waited, knocked = match_end_plays(v, (wait, knock), 0)
    assert other.cost == round(statistics.fmean(waited) - statistics.fmean(knocked), 2)  # no multiplier, no box here
    # the match's figures for both, each beside the player's own knock
    assert same.match_chances and other.match_chances
    chance_wait, chance_knock = statistics.fmean(_match_chances(v, waited)), statistics.fmean(_match_chances(v, knocked))
    assert other.match_chances == (chance_wait, chance_knock) and same.match_chances[0] == chance_wait
    assert chance_knock != same.match_chances[1]
    assert other.match_text() == (
        f"your chance to win the match: {_match_pair(chance_wait, chance_knock)[0]} with waiting, "
        f"{_match_pair(chance_wait, chance_knock)[1]} with your move"
    )
    assert other.reason.endswith(f"{_match_pair(chance_wait, chance_knock)[1]} knocking with 2♠ now."), other.reason


def test_near_the_end_of_a_match_the_throw_that_ends_the_hand_void_is_not_called_a_wait():
    # at 85-85, standard rules, both seats throwing without knocking until seat 0's throw that ends
    # the hand void: where the match's chances turn the rule's knock (seed 1410) the hint read "Don't
    # knock: discard 8♦ and wait; your chance to win the match: about 1 in 2 waiting, ...", and the
    # review "the expert would have discarded 8♦ without knocking and waited", "... with waiting";
    # where they turn the rule's throw (seed 115), "... if you knock now, about 1 in 2 if you wait"
    from ginrummy_tui.ai.master import void_throw

    from .engine_helpers import never_knocking_until

    state = never_knocking_until(1410, void_throw, scores=(85, 85))
    v = view(state, 0)
    h = hint(v)
    turn = match_turned(v, h.action)
    assert h.action == parse_action("discard 8D") and turn is not None and turn.points is None, h
    wait, knock = _match_pair(turn.chance, turn.other)
    assert h.reason == (
        f"Discard 8♦, no knock (the hand void); your chance to win the match: {wait} without a knock, {knock} knocking now."
    ), h.reason
    (m,) = review_moves(replay_history(state, ["knock 8D"]), 0).mistakes
    assert m.summary().endswith("the expert would have discarded 8♦ without knocking, the hand void."), m.summary()
    assert m.match_text() == f"your chance to win the match: {wait} with the hand void, {knock} with your move"
    assert "wait" not in m.summary() + m.match_text() + m.reason

    state = never_knocking_until(115, void_throw, scores=(85, 85))
    v = view(state, 0)
    h = hint(v)
    turn = match_turned(v, h.action)
    assert h.action == parse_action("knock 5C") and turn is not None and turn.points is None, h
    knock, wait = _match_pair(turn.chance, turn.other)
    assert h.reason.endswith(f"your chance to win the match: {knock} if you knock now, {wait} with the hand void."), h.reason
    assert "wait" not in h.reason


def test_where_the_match_is_all_but_decided_the_throw_that_ends_the_hand_void_is_not_called_a_wait():
    # classic rules (box and game bonus), both seats throwing without knocking until seat 0's throw
    # that ends the hand void: at 96-0 the points turn the rule's knock with 10♦ (seed 13), and the
    # hint read "Don't knock: discard 10♦ and wait; the match is all but won: waiting scores about 24
    # more than a knock, ...", the review "waiting is expected to score about 24 more than your move";
    # at 0-96 (seed 196) the knock "scores about 38 more than waiting"
    from ginrummy_tui.ai.master import void_throw
    from ginrummy_tui.engine import PRESETS

    from .engine_helpers import never_knocking_until

    classic = PRESETS["classic"]
    state = never_knocking_until(13, void_throw, "classic", scores=(96, 0))
    v = view(state, 0)
    h = hint(v)
    turn = match_turned(v, h.action)
    assert h.action == parse_action("discard TD") and turn is not None and turn.points is not None, h
    assert classic.box_bonus and turn.shutout
    assert h.reason.startswith("Discard 10♦ without knocking, the hand void; the match is all but won"), h.reason
    assert f"a void hand scores about {math.floor(turn.points + 0.5)} more than a knock" in h.reason, h.reason
    (m,) = review_moves(replay_history(state, ["knock TD"]), 0).mistakes
    assert m.match_text().startswith("the match all but won, a void hand is expected to score about"), m.match_text()
    assert "wait" not in h.reason + m.summary() + m.match_text() + m.reason

    state = never_knocking_until(196, void_throw, "classic", scores=(0, 96))
    h = hint(view(state, 0))
    turn = match_turned(view(state, 0), h.action)
    assert h.action == parse_action("knock TD") and turn is not None and turn.points is not None, h
    assert f"a knock now scores about {math.floor(turn.points + 0.5)} more than a void hand" in h.reason, h.reason
    assert "wait" not in h.reason
