"""Quitting from the settings screen (F2) with changes not saved: the quit
question says so and offers to save them first, as Escape there asks before
they are lost."""

from __future__ import annotations

import json

import pytest

from ginrummy_tui.session.startup import prepare
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit
from ginrummy_tui.tui.screens.settings_screen import SettingsScreen

from .app_helpers import running, screen_text, settle
from .test_config_screen import args_for, open_settings

SETTINGS_NOTE = "Your changes to the settings are not saved (s saves them first)."


def _note(app) -> str:
    return " ".join(str(app.screen.query_one("#confirm-note").render()).split())


async def _changed_and_asked(app, pilot, knock_limit: str = "7", moved: bool = True) -> SettingsScreen:
    """A move made (``moved``), F2 opened, the knock limit typed, q pressed: the quit question."""
    if moved:
        await pilot.press("p")
        await settle(app, pilot)
    screen = await open_settings(app, pilot)
    screen.query_one("#rule-knock_limit").value = knock_limit
    await pilot.pause()
    await pilot.press("q")
    await pilot.pause()
    assert isinstance(app.screen, ConfirmQuit)
    return screen


@pytest.mark.parametrize("size", [(80, 24), (46, 21)])
async def test_quitting_from_the_settings_with_changes_says_they_are_not_saved(tmp_path, size):
    """F2, the knock limit changed, q: the question was the table's own ("Your
    match is saved..."), and y lost the change without a word."""
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan, size) as (app, pilot):
        await _changed_and_asked(app, pilot)
        assert _note(app) == f"{SETTINGS_NOTE} Your match is saved: gin-tui will resume it."
        text = screen_text(app)
        for answer in ("Save and quit (s)", "Quit (y)", "Back (n)"):  # each whole on the screen
            assert answer in text, text
        await pilot.press("n")  # back to the form, the change still on it
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen) and app.screen.query_one("#rule-knock_limit").value == "7"
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")  # quit without them
        await pilot.pause()
        assert not app.is_running
    assert not (tmp_path / "settings.json").exists()


async def test_save_and_quit_saves_the_settings_and_the_match_keeps_its_rules(tmp_path):
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        await _changed_and_asked(app, pilot)
        await pilot.press("s")
        await pilot.pause()
        assert not app.is_running
        assert app.session.view().rules.knock_limit == 10  # the match in play keeps its own
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved["rules"]["options"] == {"knock_limit": 7}
    again = prepare(args_for(tmp_path, seed=None), ask=None)  # the next start: the match resumed as it was
    again.close()
    assert again.resumed and again.state.rules.knock_limit == 10 and again.settings.rules.knock_limit == 7


async def test_save_and_quit_before_the_first_move_deals_the_match_with_the_new_rules(tmp_path):
    """As Ctrl+S does: a match nobody has moved in is dealt again with them."""
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        await _changed_and_asked(app, pilot, moved=False)
        await pilot.press("s")
        await pilot.pause()
        assert not app.is_running
    again = prepare(args_for(tmp_path, seed=None), ask=None)
    again.close()
    assert again.resumed and again.state.rules.knock_limit == 7


async def test_save_and_quit_with_a_value_refused_stays_on_the_form_saying_why(tmp_path):
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await _changed_and_asked(app, pilot, knock_limit="11")
        await pilot.press("s")
        await pilot.pause()
        assert app.is_running and app.screen is screen
        assert "Knock limit" in str(screen.query_one("#settings-error").render())
    assert not (tmp_path / "settings.json").exists()


async def test_quitting_between_hands_with_settings_changed_asks(tmp_path):
    """Between hands q quits at once (nothing is lost), but for changes on the settings screen."""
    plan = prepare(args_for(tmp_path), ask=None)
    plan.state = scenarios.knocked()
    plan.keeper.begin(plan.state)
    async with running(plan) as (app, pilot):
        await _changed_and_asked(app, pilot, moved=False)
        assert str(app.screen.query_one("#confirm-text").render()) == "Quit?"
        assert _note(app).startswith(SETTINGS_NOTE)
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")  # leave the form without them
        await pilot.pause()
        await pilot.press("q")  # nothing left to lose: quits at once
        await pilot.pause()
        assert not app.is_running


async def test_every_yes_or_no_question_opens_with_the_answer_that_loses_nothing_focused(tmp_path):
    """The quit question (from the table, and from F2 with changes), F2's "leave
    without saving?" and its "new match now?" opened with their quitting (or
    leaving, or abandoning) button focused, so that q then Enter quit: the
    answer that loses nothing has the focus, and Enter takes it."""
    from ginrummy_tui.tui.screens.game_screen import GameScreen
    from ginrummy_tui.tui.screens.new_match_question import NewMatchQuestion
    from ginrummy_tui.tui.screens.question import Question

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        await pilot.press("p")
        await settle(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        assert app.screen.focused is not None and app.screen.focused.id == "no"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.is_running
        screen = await _changed_and_asked(app, pilot, moved=False)
        assert app.screen.focused is not None and app.screen.focused.id == "no"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and app.is_running
        await pilot.press("escape")  # leave without saving?
        await pilot.pause()
        assert isinstance(app.screen, Question)
        assert app.screen.focused is not None and app.screen.focused.id == "no"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.query_one("#rule-knock_limit").value == "7"
        await pilot.press("ctrl+s")  # the rules changed during a match: a new match now?
        await pilot.pause()
        assert isinstance(app.screen, NewMatchQuestion)
        assert app.screen.focused is not None and app.screen.focused.id == "no"
        first = app.session.state
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.session.state is first and app.is_running


@pytest.mark.parametrize(
    "rules, rule",
    [
        ("classic", ["shutout=true"]),
        ("classic", ["game_bonus=100", "shutout=true"]),
        (None, ["game_bonus=100", "shutout=false"]),
    ],
)
async def test_the_settings_opened_with_a_rule_the_preset_already_has_are_not_changed(tmp_path, rules, rule):
    """--rules classic --rule shutout=true (classic has the shutout), F2, nothing touched:
    the form counted changes not saved, as the option given on the command line was kept
    beside the preset's own, and Escape asked whether to leave without saving them."""
    plan = prepare(args_for(tmp_path, rules=rules, rule=rule), ask=None)
    async with running(plan, (80, 24)) as (app, pilot):
        screen = await open_settings(app, pilot)
        assert not screen.unsaved()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, (SettingsScreen, ConfirmQuit)), screen_text(app)
        assert "not saved" not in screen_text(app)
