"""The table's keys on the screens over it: each says why it does nothing there, and
how to go back (the score table, the rule sheet and the statistics said nothing)."""

from __future__ import annotations

import pytest

from ginrummy_tui.engine import new_game
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.screens.game_screen import GameScreen
from ginrummy_tui.tui.screens.moves_screen import MovesScreen
from ginrummy_tui.tui.screens.rules_screen import RulesScreen
from ginrummy_tui.tui.screens.score_screen import ScoreScreen
from ginrummy_tui.tui.screens.stats_screen import StatsScreen

from .app_helpers import settle

SIZE = (80, 24)


def _said(app) -> list[str]:
    """The toasts shown so far, each on one line."""
    return [" ".join(str(n.message).split()) for n in app._notifications]


@pytest.mark.parametrize(
    ("key", "screen", "said"),
    [
        ("c", ScoreScreen, "The table's keys do nothing in the score table: Esc goes back."),
        ("question_mark", RulesScreen, "The table's keys do nothing on the rule sheet: Esc goes back."),
        ("f1", RulesScreen, "The table's keys do nothing on the rule sheet: Esc goes back."),
        ("f3", StatsScreen, "The table's keys do nothing in the statistics: Esc goes back."),
        ("m", MovesScreen, "The table's keys do nothing in the list of turns: Esc goes back."),
    ],
)
async def test_the_table_keys_say_why_they_do_nothing_over_the_table(key, screen, said):
    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        state = app.session.state
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, screen)
        keys = ["t", "p", "s", "d", "g", "h", "l", "o", "3", "minus", "left", "right", "enter"]
        if screen is not RulesScreen:
            keys.append("k")  # on the rule sheet k scrolls (below)
        await pilot.press(*keys)
        await pilot.pause()
        assert isinstance(app.screen, screen)
        assert app.session.state is state  # the upcard neither taken nor passed
        assert _said(app) == [said] * len(keys)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_k_and_j_still_scroll_the_rule_sheet():
    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("f1")
        await pilot.pause()
        sheet = app.screen.query_one("#rules")
        await pilot.press("j", "j", "j")
        await pilot.pause()
        assert sheet.scroll_y == 3
        await pilot.press("k")
        await pilot.pause()
        assert sheet.scroll_y == 2
        assert _said(app) == []
