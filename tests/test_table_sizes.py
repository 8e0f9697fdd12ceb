"""Every part of the table is on the screen at every size from 80x24 up."""

from __future__ import annotations

import pytest

from ginrummy_tui.engine import Phase, new_game
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.widgets.key_bar import KeyBar
from ginrummy_tui.tui.widgets.prompt import PromptLine

from .app_helpers import screen_text, settle

WIDTHS = (80, 89, 90, 109, 110, 149, 150, 200)
"""Each side of the table's breakpoints: the big cards from 90 columns, the wide
layout from 110, the hand's log beside the table from 150."""
HEIGHTS = (24, 25, 33, 34, 60)
"""The tall layout from 24 rows, the big cards from 34."""

PARTS = ("#scoreboard", "#opponent", "#stock", "#pile", "#moves", "#hand", "#deadwood", "#actions", "#prompt")


@pytest.mark.parametrize("height", HEIGHTS)
@pytest.mark.parametrize("width", WIDTHS)
async def test_every_part_of_the_table_is_on_the_screen(width, height):
    # At 24 rows from 110 columns the prompt line stood under the key bar: the wide
    # table's two blank lines above the piles and above the hand took its row
    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(width, height)) as pilot:
        await settle(app, pilot)
        await pilot.press("p")  # the upcard passed, the stock drawn: eleven cards, "Discard a card…"
        await settle(app, pilot)
        await pilot.press("s")
        await settle(app, pilot)
        assert app.session.view().phase == Phase.DISCARD
        screen = app.screen
        keys = screen.query_one(KeyBar).region
        assert keys.height == 1 and keys.bottom == height
        table = screen.query_one("#table").region
        assert table.bottom <= keys.y
        for part in PARTS:
            widget = screen.query_one(part)
            region = widget.region
            assert widget.display and region.height > 0, part
            assert table.contains_region(region), (part, region, table)
        rows = screen_text(app).splitlines()
        prompt = screen.query_one(PromptLine)
        assert "Discard" in prompt.plain
        assert prompt.plain[:20] in rows[prompt.region.y], rows
        assert "Quit" in rows[keys.y]
