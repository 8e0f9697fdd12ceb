"""Small things a player noticed (issue 13, polish)."""

from __future__ import annotations

from ginrummy_tui.engine import Action, apply, new_game
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.widgets.prompt import PromptLine

from .app_helpers import screen_text, settle

SIZE = (80, 24)


def _prompt(app) -> str:
    return app.table.query_one(PromptLine).plain


async def test_after_taking_the_upcard_the_moves_line_names_it():
    s = new_game(seed=3)
    assert s.current == 0 and s.phase == "upcard"
    up = s.discard[-1]
    app = make_app(state=s, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("t")
        await settle(app, pilot)
        text = screen_text(app)
        from ginrummy_tui.tui.widgets.cardfaces import card_label

        assert f"You took the upcard {card_label(up)}." in text, text
        assert "The upcard is ." not in text


async def test_a_refusal_that_says_what_to_do_is_not_repeated_by_the_prompt():
    s = new_game(seed=3)
    s = apply(apply(s, Action("pass")), Action("pass"))  # both passed: only the stock
    app = make_app(state=s, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.session.view().stock_only
        await pilot.press("d")
        await pilot.pause()
        text = _prompt(app)
        assert text.startswith("✗ Both players passed the upcard: draw from the stock.")
        assert text.lower().count("passed the upcard") == 1 and "…" not in text, text
        await pilot.press("k")  # a reason that does not say what to do keeps the prompt
        await pilot.pause()
        assert "Draw from the stock" in _prompt(app) or "draw from the stock" in _prompt(app)

