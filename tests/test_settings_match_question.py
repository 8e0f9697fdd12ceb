"""What saving the settings does to the match in play: a match nobody has moved
in is dealt again (from the seed given for it), one in progress is asked about
first, and the question can be left with nothing saved."""

from __future__ import annotations

from ginrummy_tui.session.startup import prepare
from ginrummy_tui.tui.screens.game_screen import GameScreen
from ginrummy_tui.tui.screens.new_match_question import NewMatchQuestion
from ginrummy_tui.tui.screens.settings_screen import CUSTOM, SettingsScreen

from .app_helpers import running, screen_text, settle
from .test_config_screen import args_for, open_settings


def notes(app) -> list[str]:
    """The notes up, and those held back under a screen over the table."""
    return [str(n.message) for n in app._notifications] + [str(n.message) for n, _left in app._held_notes]


async def test_new_rules_before_any_move_keep_the_seeded_deal(tmp_path):
    """gin-tui --seed 5, knock limit 7 saved in F2 before a move: the match was dealt
    again at random (the upcard K♥ where seed 5 gives 8♥), and nothing said the seed
    was given up.  It is dealt from seed 5 again, with the new rules, and says so."""
    plan = prepare(args_for(tmp_path, seed=5), ask=None)
    async with running(plan) as (app, pilot):
        before = app.session.state
        screen = await open_settings(app, pilot)
        screen.query_one("#rule-knock_limit").value = "7"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        state = app.session.state
        assert state.rules.knock_limit == 7 and state.seed == before.seed == "5"
        assert (state.hands, state.discard, state.stock) == (before.hands, before.discard, before.stock)
        assert "Settings saved: your match starts again with them, dealt from seed 5 as before." in notes(app)


async def test_new_rules_before_any_move_of_a_match_dealt_at_random_deal_it_again(tmp_path):
    """Without --seed the match started again is dealt anew, as the note says."""
    plan = prepare(args_for(tmp_path, seed=None), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        screen.query_one("#rule-knock_limit").value = "7"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.session.state.rules.knock_limit == 7
        assert "Settings saved: a new match with them has started." in notes(app)


async def test_a_move_timer_saved_before_any_move_starts_once_the_table_is_back(tmp_path):
    """A 6 s move timer saved in F2 before a move: the new match's clock has its 6 s
    once the table is back, whatever time was spent on the form."""
    plan = prepare(args_for(tmp_path, seed=5), ask=None)
    async with running(plan) as (app, pilot):
        t = [1000.0]
        app.now = lambda: t[0]
        screen = await open_settings(app, pilot)
        screen.query_one("#rule-timer").value = "6"
        t[0] += 100
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen) and app.session.state.rules.timer == 6
        app._tick_clock()
        await pilot.pause()
        assert not app.session.state.over
        assert "6 s" in app.clock_line, app.clock_line


async def asked(app, pilot, values: dict[str, str]) -> NewMatchQuestion:
    """After a move of the player's, F2 with ``values`` set and Ctrl+S: the question."""
    await pilot.press("p")
    await settle(app, pilot)
    screen = await open_settings(app, pilot)
    for field, value in values.items():
        screen.query_one(field).value = value
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, NewMatchQuestion)
    return app.screen


async def test_the_question_names_what_never_changes_under_a_match(tmp_path):
    """The opponent alone changed: the question said "The rules never change under a
    match in progress."  It says the opponent does not; for both, that neither does."""
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        question = await asked(app, pilot, {"#ai": "easy"})
        assert question.text.startswith(
            "You changed the opponent. The opponent never changes under a match in progress."
        ), question.text
        await pilot.press("escape")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        screen.query_one("#rule-knock_limit").value = "7"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewMatchQuestion)
        assert app.screen.text.startswith(
            "You changed the rules and the opponent. Neither changes under a match in progress."
        ), app.screen.text
        await pilot.press("escape")
        await pilot.pause()
        screen.query_one("#ai").value = "standard"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewMatchQuestion)
        assert app.screen.text.startswith(
            "You changed the rules. The rules never change under a match in progress."
        ), app.screen.text


async def test_escape_on_the_question_goes_back_to_the_form_with_nothing_saved(tmp_path):
    """Escape on "New match (y) / Keep playing (n)" kept playing with the settings already
    saved, and the key bar did not say it: it goes back to the form, nothing saved, and
    the key bar says "esc Back"."""
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        settings = app.context.settings
        await asked(app, pilot, {"#rule-knock_limit": "7"})
        assert "esc Back" in screen_text(app).splitlines()[-1]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert app.screen.query_one("#rule-knock_limit").value == "7"  # still on the form
        assert not (tmp_path / "settings.json").exists()
        assert app.context.settings == settings
        assert not [n for n in notes(app) if n.startswith("Settings saved")]


async def test_saving_twice_shows_one_note(tmp_path):
    """Two changes saved within a few seconds, each time keeping the match: the note
    "Settings saved. This match goes on; the next one uses them." showed twice (the
    first one's time stood still under F2).  The second takes the first's place."""
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        await asked(app, pilot, {"#rule-knock_limit": "7"})
        await pilot.press("n")
        await settle(app, pilot)
        screen = await open_settings(app, pilot)
        screen.query_one("#rule-knock_limit").value = "8"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("n")
        await settle(app, pilot)
        said = [n for n in notes(app) if n == "Settings saved. This match goes on; the next one uses them."]
        assert len(said) == 1, notes(app)


async def test_the_target_alone_is_no_change_of_the_preset(tmp_path):
    """F2's "Rules preset  classic (changed)" where only the target differed from the
    preset: the target is not among the rules' changes ("classic rules, to 200")."""
    plan = prepare(args_for(tmp_path, rules="classic"), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        screen.query_one("#rule-target").value = "200"
        await pilot.pause()
        assert screen.query_one("#preset").value == "classic"
        screen.query_one("#rule-knock_limit").value = "7"
        await pilot.pause()
        assert screen.query_one("#preset").value == CUSTOM
