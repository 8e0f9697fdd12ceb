"""What a player with the mouse alone can reach: the line of what the keys do at the end
of a hand and under the match's result, whose parts each do what their key does when
clicked, as the table's labels ("s: draw", "d: take it") do."""

from __future__ import annotations

import pytest

from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.screens.game_screen import GameScreen
from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
from ginrummy_tui.tui.screens.review_screen import ReviewScreen
from ginrummy_tui.tui.screens.summary_screen import SummaryScreen
from ginrummy_tui.tui.widgets.keys_line import KeysLine

from .app_helpers import settle
from .test_replay_app import _ended_hand


async def click_words(app, pilot, line: KeysLine, words: str) -> None:
    """Click the middle of ``words`` in ``line`` (on the row where they are drawn)."""
    rows = line.plain.split("\n")
    y = next(n for n, row in enumerate(rows) if words in row)
    x = rows[y].index(words) + len(words) // 2
    await pilot.click(line, offset=(x, y))
    await settle(app, pilot)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (50, 22)])
@pytest.mark.parametrize("words", ["⏎: deal the next hand", "r: review your play", "a: replay this deal"])
async def test_each_part_of_the_end_of_a_hands_line_does_what_its_key_does(size, words):
    _start, ended = _ended_hand(4)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        line = app.screen.query_one("#summary-next", KeysLine)
        await click_words(app, pilot, line, words)
        if words.startswith("⏎"):
            assert isinstance(app.screen, GameScreen) and app.session.state.hand_no == 2
        elif words.startswith("r"):
            assert isinstance(app.screen, ReviewScreen)
        else:
            assert isinstance(app.screen, GameScreen) and app.session.replaying


async def test_the_separators_of_the_end_of_a_hands_line_do_nothing():
    _start, ended = _ended_hand(4)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(app, pilot)
        line = app.screen.query_one("#summary-next", KeysLine)
        await pilot.click(line, offset=(line.plain.index("·"), 0))
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen) and not app.session.replaying


@pytest.mark.parametrize("words", ["⏎ or n: play a new match", "↑/↓ and r: review a hand", "q: quit"])
async def test_each_part_of_the_match_results_line_does_what_its_key_does(words):
    app = make_app(state=scenarios.match_point(), pause=0)
    async with app.run_test(size=(100, 40)) as pilot:  # from 32 rows the line stands above the key bar
        for key in ("s", "k", "enter"):
            await pilot.press(key)
            await settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen)
        line = app.screen.query_one("#match-next", KeysLine)
        await click_words(app, pilot, line, words)
        if words.startswith("⏎"):
            assert isinstance(app.screen, GameScreen) and app.session.state.match_no == 2
        elif words.startswith("↑"):
            assert isinstance(app.screen, ReviewScreen)
        else:  # the match is over: nothing to lose, no question
            assert app.return_code == 0
