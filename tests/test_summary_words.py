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


def test_the_end_of_a_doubled_hand_says_the_spade_upcard_doubled_it():
    """An Oklahoma hand doubled by its spade upcard said "You score 14  (8 − 1) × 2", not why."""
    from rich.console import Console

    from ginrummy_tui.tui.screens.summary_screen import summary_renderable

    from .test_polish import _doubled_hand

    state = _doubled_hand()
    for ascii_only in (False, True):
        console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        console.print(summary_renderable(view(state, 0), "Computer (standard)", ascii_only=ascii_only))
        text = console.export_text()
        times = "x" if ascii_only else "×"
        [line] = [line for line in text.splitlines() if " score" in line and f"{times} 2" in line]
        assert line.rstrip().endswith(f"{times} 2 for the spade upcard"), line
    plain = apply(new_game(PRESETS["multiplayer-1.5"], seed=1), Action(Kind.TIMEOUT), seat=0)  # nothing doubled
    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(summary_renderable(view(plain, 0), "Computer (standard)"))
    assert "spade" not in console.export_text()
