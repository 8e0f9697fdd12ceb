"""Where a knock is allowed the hints search as the master does, on the hints' own guesses,
and take the search's choice where the same guesses, played out again on more deals, agree."""

from __future__ import annotations

import math
from dataclasses import replace

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.hints import _search_stands, explain, hint, hint_expert, wait_gain
from ginrummy_tui.ai.master import GuessingExpert, SearchTurn, knock_search
from ginrummy_tui.ai.review import replay_history, review_moves
from ginrummy_tui.engine import apply, new_game, parse_action, parse_cards, view
from ginrummy_tui.engine.words import counted

from .test_hints import (
    SEED_1_TO_THE_LAST_THROW,
    _following_the_hints_to_the_last_throw,
    _low_hand_with_stock,
    _made,
    _play,
)


def _rule(v):
    expert = hint_expert()
    assert isinstance(expert, GuessingExpert)
    return expert.rule_choice(v)


def test_the_hint_knocks_where_the_search_and_the_figure_of_waiting_say_waiting_does_worse():
    # 1 deadwood with 5 cards left in the stock: the expert's rule lies in wait ("a knock scores about
    # 4 more here, but waiting wins more matches"); the master's search, on the hints' guesses, knocks
    v = _low_hand_with_stock(6)
    king = parse_cards("KD")[0]
    assert _rule(v) == parse_action("discard KD")
    turn = knock_search(v, parse_action("discard KD"))
    assert turn is not None and turn.action == parse_action("knock KD") and turn.chance > turn.rule_chance
    h = hint(v)
    assert h.action == parse_action("knock KD")
    gain, error = wait_gain(v, king)  # what waiting gains over the knock, on more deals: it loses
    assert -gain > max(error, 0.5)
    worse = counted(math.floor(-gain + 0.5), "point")
    assert h.reason.startswith("Knock with K♦: it leaves 1 deadwood, expected to score about "), h.reason
    assert h.reason.endswith(f"; waiting does about {worse} worse here."), h.reason
    assert explain(v, h.action, room=120).endswith(f"; played out, waiting with it does about {worse} worse in this hand.")


def test_a_knock_the_search_chose_gives_the_figure_of_waiting_whatever_card_the_experts_figures_are_of():
    # seed 24, the expert against standard: the rule waits with 4♥ (6 deadwood), the search knocks
    # with it; the expert's own figures of a knock are of another card, and the hint said only
    # "Knock with 4♥: it leaves 6 deadwood, within the limit of 10."
    s = new_game(seed=24)
    bots = [get_opponent("expert", 24), get_opponent("standard", 25)]
    while len(s.history) < 17:
        s = apply(s, bots[s.current].choose(view(s, s.current)))
    v = view(s, 0)
    four = parse_cards("4H")[0]
    assert _rule(v) == parse_action("discard 4H")
    out = hint_expert().knock_outlook(v)
    assert out is not None and out.card is not four
    h = hint(v)
    assert h.action == parse_action("knock 4H")
    gain, _error = wait_gain(v, four)
    assert h.reason == (
        f"Knock with 4♥: it leaves 6 deadwood; played out, waiting with it does about "
        f"{counted(math.floor(-gain + 0.5), 'point')} worse in this hand."
    )
    # 20 cards left with 1 deadwood: the search does not find the knock better by its margin, and
    # the rule's wait stands, said as the rule
    low = _low_hand_with_stock(20)
    assert knock_search(low, parse_action("discard KD")) is None
    assert hint(low).reason.endswith("but waiting wins more matches, as quick knocks often get undercut.")


def test_a_choice_of_the_search_that_the_figure_of_waiting_does_not_bear_out_is_not_taken():
    # here the hints' figure of waiting (on more deals) favours the knock: a search that waited
    # would be overruled, one that knocked stands
    v = _low_hand_with_stock(20)
    king = parse_cards("KD")[0]
    wait = parse_action("discard KD")
    knock = parse_action("knock KD")
    gain, _error = wait_gain(v, king)
    assert gain < 0  # here the knock does better: a search to wait would not stand
    turn = SearchTurn(wait, knock, 0.6, 0.5)
    assert not _search_stands(v, turn, False)
    assert _search_stands(v, SearchTurn(knock, wait, 0.6, 0.5), False)
    # near the end of a match a knock against the same wait is the match's to turn, not the search's
    # (but a practice deal belongs to no match)
    near = replace(v, scores=(88, 50))
    assert not _search_stands(near, SearchTurn(knock, wait, 0.6, 0.5), False)
    assert _search_stands(near, SearchTurn(knock, wait, 0.6, 0.5), True)


def test_at_the_last_throw_the_hints_keep_their_rule():
    # seed 1 against the expert: at the last throw before the hand would be void the hint throws
    # 2♥, which the computer cannot meld, not 3♥ (it held 4♥); the search, on guesses, turned it for
    # 3♥ ("does about 4 points better"), so it does not search there
    v, _theirs = _following_the_hints_to_the_last_throw(new_game(seed=1), played=SEED_1_TO_THE_LAST_THROW)
    assert knock_search(v, _rule(v)) is None
    assert hint(v).action == parse_action("discard 2H")


def test_the_review_suggests_what_the_search_chose_and_does_not_call_it_a_mistake():
    # the review asks the same expert: at 1 deadwood with 5 cards left, the wait is the mistake now
    s = _play(
        _made("AS 2S 3S 4H 5H 6H 7C 8C 9C KD", "QS QC TS 8D KS JC 9H 2D 3D 5S", "8S", "AH"), "pass", "pass"
    )
    s = replace(s, stock=s.stock[-6:], discard=s.stock[:-6] + s.discard)
    state = _play(s, "draw stock")
    assert hint(view(state, 0)).action == parse_action("knock KD")
    assert not review_moves(replay_history(state, ["knock KD"]), 0).mistakes
    (waited,) = review_moves(replay_history(state, ["discard KD"]), 0).mistakes
    assert waited.suggested == parse_action("knock KD")
    assert waited.reason.startswith("Knock with K♦: it leaves 1 deadwood"), waited.reason


_WAIT_WORDS = ("wait", "undercut the computer's knock")
"""Words of a wait, which at the throw that ends the hand void (the other player getting no
turn) have nothing to speak of."""


def test_where_the_search_turns_the_rules_knock_at_the_throw_that_ends_the_hand_void_the_hint_says_the_hand_is_void():
    # standard rules, seed 1519, both seats throwing without knocking until seat 0's throw that ends
    # the hand void: the rule knocks with 8♥, the search throws it without a knock, and the hint read
    # "Don't knock: discard 8♥ and wait ... waiting gains ...": there is nothing to wait for there
    from ginrummy_tui.ai.hints import _knock_would
    from ginrummy_tui.ai.master import void_throw

    from .engine_helpers import never_knocking_until

    v = view(never_knocking_until(1519, void_throw), 0)
    eight = parse_cards("8H")[0]
    assert _rule(v) == parse_action("knock 8H")
    h = hint(v)
    assert h.action == parse_action("discard 8H"), h
    mean, _error = wait_gain(v, eight)  # the void hand less the knock: the knock's points, played out
    said = _knock_would(math.floor(-mean + 0.5), True)
    assert h.reason == f"Discard 8♥ without knocking: played out, a knock now {said}; the hand is void.", h.reason
    assert not any(w in h.reason for w in _WAIT_WORDS)
    # the review of the knock says the same, and its line no wait either
    (m,) = review_moves(replay_history(never_knocking_until(1519, void_throw), ["knock 8H"]), 0).mistakes
    assert m.suggested == parse_action("discard 8H") and m.reason == h.reason
    assert not any(w in m.summary() + m.reason for w in _WAIT_WORDS), (m.summary(), m.reason)


def test_where_the_search_knocks_at_the_throw_that_ends_the_hand_void_the_hint_gives_the_knocks_figure_played_out():
    # standard rules, seed 485: the rule throws 6♠ without knocking, its knock reckoned to lose about
    # 1 on its guesses, and the search knocks: the hint read "Knock with 6♠: it leaves 4 deadwood,
    # expected to lose about 1, undercut about 4 in 10; waiting does about 1 point worse here": a wait
    # where the hand ends void, and a knock said to lose beside a void hand said to do worse
    from ginrummy_tui.ai.hints import _knock_would
    from ginrummy_tui.ai.master import void_throw

    from .engine_helpers import never_knocking_until

    v = view(never_knocking_until(485, void_throw), 0)
    six = parse_cards("6S")[0]
    assert _rule(v) == parse_action("discard 6S")
    h = hint(v)
    assert h.action == parse_action("knock 6S"), h
    mean, _error = wait_gain(v, six)
    assert mean < 0  # played out, the knock scores: the void hand scores nothing
    said = _knock_would(math.floor(-mean + 0.5), True)
    assert h.reason == (
        f"Knock with 6♠: it leaves 4 deadwood; played out, it {said}, where a throw without a knock ends the hand void."
    ), h.reason
    assert not any(w in h.reason for w in _WAIT_WORDS)
