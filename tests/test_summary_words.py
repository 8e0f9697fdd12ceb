"""The end of a hand's words, built from a view without any app (tui/screens/summary_screen.py)."""

from ginrummy_tui.engine import PRESETS, Action, Kind, apply, new_game, view
from ginrummy_tui.tui.screens.summary_screen import timeout_words


def test_a_match_lost_on_time_says_the_rules_without_brackets_in_brackets():
    """"You took more than 5 s for a move (the multiplayer-1.5 rules (changed: timer)
    allow 5 s a move), so you lose the match.": brackets in brackets."""
    rules = PRESETS["multiplayer-1.5"].with_options(timer=5)
    state = apply(new_game(rules, seed=1), Action(Kind.TIMEOUT), seat=0)
    words = timeout_words(view(state, 0), {0: "You", 1: "Ann", None: "?"})
    assert words.startswith("You took more than 5 s for a move, so you lose the match. "), words
    depth = 0
    for ch in words:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        assert depth <= 1, words
    assert "allow 5 s a move." in words
    other = timeout_words(view(state, 1), {1: "You", 0: "Ann", None: "?"})
    assert other.startswith("Ann took more than 5 s for a move, so Ann loses the match."), other
