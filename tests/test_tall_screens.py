"""On a terminal taller than they need, the table's parts under its score line (which stays on
the first row), the end of a hand and the match's result stand in the middle of the rows, not at
the top with the rest of the screen empty under them (at 80x50 the table left 27 rows empty
under its prompt line, the end of a hand 31)."""

from __future__ import annotations

import pytest

from ginrummy_tui.engine import Phase, new_game
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.note_text import LOWERED_RESERVE
from ginrummy_tui.tui.widgets.key_bar import KeyBar
from ginrummy_tui.tui.widgets.prompt import PromptLine

from .app_helpers import screen_text, settle, until


async def laid_out(app, pilot, shows: str | None = None, condition=None) -> None:
    """Once ``shows`` is on the screen (or ``condition`` holds), the layouts that follow: a
    screen sets how much lower it stands as it is laid out, and is laid out again with it."""
    if shows is not None:
        await until(pilot, lambda: shows in screen_text(app))
    if condition is not None:
        await until(pilot, condition)
    for _ in range(3):
        await pilot.pause()


def _rows_around_the_table(app) -> tuple[int, int]:
    """The empty rows between the table's score line, on the first row, and the other player's
    name line, less the blank line there at any height, and under its prompt line (one line
    long), down to the key bar."""
    screen = app.screen
    board = screen.query_one("#scoreboard").region
    opponent = screen.query_one("#opponent").region
    prompt = screen.query_one(PromptLine).region
    keys = screen.query_one(KeyBar).region
    table = screen.query_one("#table").region  # the hand's log beside it from 150 columns has its own rows
    rows = [row[table.x : table.right] for row in screen_text(app).splitlines()]
    assert board.y == 0 and rows[0].strip(), rows[:2]
    assert all(not row.strip() for row in rows[board.bottom : opponent.y]), rows[: opponent.y]
    assert all(not row.strip() for row in rows[prompt.bottom : keys.y]), rows[prompt.bottom : keys.y]
    return opponent.y - board.bottom - 1, keys.y - prompt.bottom


@pytest.mark.parametrize(
    ("size", "above", "below"),
    [
        ((80, 50), 13, 14),  # the whole table in the middle: 27 rows to spare
        ((100, 60), 16, 17),  # big cards from 90 columns and 34 rows
        ((132, 43), 6, 8),  # wide and big: 14 to spare, eight kept under the prompt line
        ((120, 40), 3, 8),
        ((160, 50), 10, 11),  # the hand's log beside the table
        ((46, 50), 11, 11),  # the hand on two rows, the key bar on two
        ((80, 34), 3, 8),
        ((80, 31), 0, 8),  # eight rows to spare or fewer: at the top, as on a small screen
        ((80, 24), 0, 1),
        ((110, 24), 0, 0),
    ],
)
async def test_the_table_stands_in_the_middle_of_a_tall_screen(size, above, below):
    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        await pilot.press("p")
        await settle(app, pilot)
        assert app.session.view().phase == Phase.DRAW
        prompt = app.screen.query_one(PromptLine)
        assert prompt.region.height == 1, prompt.plain
        assert _rows_around_the_table(app) == (above, below)


async def test_the_notes_stand_beside_the_cards_of_a_table_lowered():
    """The toasts stand beside the other player's cards, under its name line, at any height:
    left at the top, over an empty row, they were far from the table they speak of."""
    for size in ((80, 24), (80, 50), (132, 43)):
        app = make_app(state=new_game(seed=3), pause=0)
        async with app.run_test(size=size, notifications=True) as pilot:
            await settle(app, pilot)
            app.notify("A note about the table.", timeout=30)
            await pilot.pause()
            await pilot.pause()
            toast = app.screen.query_one("Toast").region
            opponent = app.screen.query_one("#opponent").region
            assert toast.y == opponent.y + 1, (size, toast, opponent)


async def test_a_reason_longer_than_the_rows_under_a_lowered_table_takes_the_rows_above_it_first():
    """A prompt line longer than the rows kept under a lowered table: the rows above the table
    go first, only as many as it lacks; the table keeps every part, and the reason shows whole.
    Then the next move gives them back."""
    reason = " ".join(f"word{n}" for n in range(60))  # twelve rows at 46 columns
    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(46, 44)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        above = screen.query_one("#opponent").region.y
        assert above > 3
        screen.refuse(reason, lasts=True)

        def whole() -> bool:
            line = screen.query_one(PromptLine)
            return "word59" in screen_text(app) and line.short_of == 0

        await laid_out(app, pilot, condition=whole)
        prompt = screen.query_one(PromptLine).region
        keys = screen.query_one(KeyBar).region
        lifted = screen.query_one("#opponent").region.y
        assert 2 <= lifted < above and prompt.bottom <= keys.y
        assert prompt.bottom == keys.y or lifted == 2, (prompt, keys, lifted)
        for part in ("#opponent", "#piles", "#moves", "#hand", "#actions"):
            assert screen.query_one(part).display and screen.query_one(part).region.height, part
        shown = " ".join(screen_text(app).splitlines()[prompt.y : prompt.bottom])
        assert "Word0 word1" in shown and "word59." in shown and "…" not in shown
        await pilot.press("p")
        await settle(app, pilot)
        await laid_out(app, pilot)
        assert screen.query_one("#opponent").region.y == above


def _blank_rows_around(app, first: str, last: str, *, under: bool = True) -> tuple[int, int]:
    """The empty rows above the row that starts with ``first`` and under the row that
    starts with ``last``, down to the key bar (``under``: checked empty)."""
    rows = screen_text(app).splitlines()
    keys = app.screen.query_one(KeyBar).region.y
    top = next(n for n, row in enumerate(rows) if row.strip().startswith(first))
    bottom = max(n for n, row in enumerate(rows[:keys]) if row.strip().startswith(last))
    assert all(not row.strip() for row in rows[:top]), rows[:top]
    assert not under or all(not row.strip() for row in rows[bottom + 1 : keys]), rows[bottom + 1 : keys]
    return top, keys - bottom - 1


@pytest.mark.parametrize(("size", "lower"), [((80, 24), False), ((80, 50), True), ((120, 60), True)])
async def test_the_end_of_a_hand_stands_in_the_middle_of_a_tall_screen(size, lower):
    app = make_app(state=scenarios.knocked(), pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        await laid_out(app, pilot, "You knocked with")
        above, below = _blank_rows_around(app, "Hand 1: You knocked", "⏎/Space: the next hand")
        if lower:
            assert below >= LOWERED_RESERVE and abs(above - below) <= 1, (above, below)
        else:
            assert above == 1, above  # the summary's padding, as before
        # a key that does nothing says why under the line of keys, the summary where it was
        await pilot.press("t")
        await laid_out(app, pilot, "No move can be made now")
        assert _blank_rows_around(app, "Hand 1: You knocked", "⏎/Space: the next hand", under=False)[0] == above


@pytest.mark.parametrize(("size", "lower"), [((80, 24), False), ((80, 50), True), ((132, 60), True)])
async def test_the_match_s_result_stands_in_the_middle_of_a_tall_screen(size, lower):
    app = make_app(state=scenarios.match_point(), pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        for key in ("s", "k", "enter"):
            await pilot.press(key)
            await settle(app, pilot)
        await laid_out(app, pilot, "You won the match!")
        if lower:
            above, below = _blank_rows_around(app, "╔", "⏎ or n: play a new match")
            assert below >= LOWERED_RESERVE and abs(above - below) <= 1, (above, below)
        else:  # the result fills the screen (the line of keys left to the key bar)
            rows = screen_text(app).splitlines()
            assert next(n for n, row in enumerate(rows) if row.strip().startswith("╔")) <= 1, rows


@pytest.mark.parametrize(("size", "lower"), [((80, 24), False), ((100, 50), True)])
async def test_the_settings_fit_their_box_and_stand_lower_on_a_tall_screen(size, lower):
    """The settings' box went down to the key bar on any screen: at 100x50, 19 empty rows in it.
    It is as tall as the form (scrolling where the screen is shorter), lower on a tall screen,
    and its top stays where it is while a note under a field comes or goes."""
    from textual.widgets import Checkbox

    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        await pilot.press("f2")
        await laid_out(app, pilot, "Rules for your next match")
        form = app.screen.query_one("#settings").region
        keys = app.screen.query_one(KeyBar).region
        inner = app.screen.query_one("#settings").content_region
        if not lower:
            assert form.y == 0 and form.bottom == keys.y, (form, keys)
            return
        above, below = form.y, keys.y - form.bottom
        assert below >= LOWERED_RESERVE and abs(above - below) <= 2, (above, below)
        rows = screen_text(app).splitlines()
        # the form's last rows are its buttons (and the blank row under them), not empty rows
        assert "Save (Ctrl+S)" in " ".join(rows[form.bottom - 3 : form.bottom]), rows[form.y : form.bottom]
        assert inner.height < keys.y - 2
        box = app.screen.query_one("#rule-big_gin", Checkbox)
        note = app.screen.query_one("#big-gin-bonus-note")
        shown = note.display
        box.value = not box.value
        await laid_out(app, pilot, condition=lambda: note.display != shown)
        moved = app.screen.query_one("#settings").region
        assert moved.y == form.y and moved.height == form.height + (-1 if shown else 1), (form, moved)
        # the reason of a refused save stands right under the box, its top still held
        field = app.screen.query_one("#rule-knock_limit")
        field.focus()
        await pilot.press("backspace", "backspace", "9", "9", "ctrl+s")
        error = app.screen.query_one("#settings-error")
        await laid_out(app, pilot, condition=lambda: error.display)
        now = app.screen.query_one("#settings").region
        assert now.y == form.y and error.region.y == now.bottom and error.region.height == 1, (now, error.region)


async def test_the_rule_sheet_s_box_ends_with_the_sheet_on_a_tall_screen():
    """The rule sheet's box ran down to the key bar whatever the sheet's length: at 120x100, 35
    rows of empty box under "Esc: back".  It is as tall as the sheet now, in the middle, as the
    other boxes over the table are (at 80x24 it still fills the screen and scrolls)."""
    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(120, 100)) as pilot:
        await settle(app, pilot)
        await pilot.press("question_mark")
        await laid_out(app, pilot, "Esc: back")
        box = app.screen.query_one("#rules").region
        keys = app.screen.query_one(KeyBar).region
        rows = screen_text(app).splitlines()
        last = max(n for n, row in enumerate(rows) if "Esc: back" in row)
        assert box.bottom - 1 - last <= 2, (box, last)  # its border (and a blank row) under the last line
        assert abs(box.y - (keys.y - box.bottom)) <= 1, (box, keys)
