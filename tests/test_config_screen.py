"""The settings screen in the app: saved to the file, applied, and never
changing the rules under a match in progress without asking."""

from __future__ import annotations

import argparse
import dataclasses
import json
import re

import pytest

from ginrummy_tui.engine import PRESETS
from ginrummy_tui.session.startup import Plan, prepare
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.screens.game_screen import GameScreen
from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
from ginrummy_tui.tui.screens.new_match_question import NewMatchQuestion
from ginrummy_tui.tui.screens.settings_screen import SettingsScreen
from ginrummy_tui.tui.widgets.choice_field import ChoiceField
from ginrummy_tui.tui.widgets.hand import HandView
from ginrummy_tui.tui.widgets.key_bar import KeyBar

from .app_helpers import running, screen_text, settle, until

SIZE = (80, 24)


def args_for(root, **kw) -> argparse.Namespace:
    base = dict(ai=None, rules=None, seed=3, hand=None, ascii=None, no_mouse=None, pause=None, new=False,
                data_dir=str(root), rule=None)
    base.update(kw)
    return argparse.Namespace(**base)


def at_match_point(root, **kw) -> Plan:
    """What ``gin-tui`` plays with the options ``kw`` in ``root``: a match a
    knock from being won (:func:`scenarios.match_point`), begun as a new one."""
    plan = prepare(args_for(root, **kw), ask=None)
    plan.state = scenarios.match_point()
    plan.keeper.begin(plan.state)
    return plan


async def open_settings(app, pilot) -> SettingsScreen:
    await pilot.press("f2")
    await pilot.pause()
    assert isinstance(app.screen, SettingsScreen)
    return app.screen


def saved_settings(root) -> dict:
    return json.loads((root / "settings.json").read_text())


async def save_and_keep_playing(app, pilot, screen: SettingsScreen, values: dict[str, object]) -> None:
    """In F2's ``screen``, set the fields ``values`` names (``"#rule-target": "60"``)
    and save them with Ctrl+S in the middle of a match: asked whether to start a
    new match with them, keep playing this one."""
    for field, value in values.items():
        screen.query_one(field).value = value
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert isinstance(app.screen, NewMatchQuestion)
    await pilot.press("n")  # keep playing this match
    await settle(app, pilot)


async def refused_on_saving(app, pilot, field: str, value: str) -> str:
    """F2 opened, ``field`` set to ``value`` and Ctrl+S pressed: the form stays
    on the screen; the reason it gives for not saving."""
    screen = await open_settings(app, pilot)
    screen.query_one(field).value = value
    await pilot.press("ctrl+s")
    await pilot.pause()
    assert app.screen is screen
    return " ".join(str(screen.query_one("#settings-error").render()).split())


async def test_changing_the_rules_mid_match_asks_and_keep_playing_keeps_the_match(tmp_path):
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        await pilot.press("p")
        await settle(app, pilot)
        before = app.session.state
        await save_and_keep_playing(app, pilot, await open_settings(app, pilot), {"#rule-target": "60"})
        assert isinstance(app.screen, GameScreen)
        assert app.session.state == before  # the match goes on under its own rules
        assert app.session.state.rules.target == 100
        assert saved_settings(tmp_path)["rules"] == {"preset": "standard", "options": {"target": 60}}
        assert app.context.settings is not None and app.context.settings.rules.target == 60  # the next match's


async def test_a_new_match_now_with_new_rules_and_opponent(tmp_path):
    plan = prepare(args_for(tmp_path), ask=None)
    first_id = plan.keeper.match_id
    async with running(plan) as (app, pilot):
        await pilot.press("p")
        await settle(app, pilot)
        screen = await open_settings(app, pilot)
        screen.query_one("#preset").value = "classic"
        await pilot.pause()
        assert screen.query_one("#rule-gin_bonus").value == "20"  # the preset fills in its options
        screen.query_one("#ai").value = "easy"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewMatchQuestion)
        assert app.screen.what == "the rules and the opponent"
        await pilot.press("y")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        state = app.session.state
        assert state.rules == PRESETS["classic"] and state.hand_no == 1
        assert app.session.opponent.level == "easy" and "easy" in app.session.opponent_name
        assert plan.keeper.match_id != first_id
        saved = json.loads((tmp_path / "current.json").read_text())
        assert saved["match_id"] == plan.keeper.match_id and saved["settings"]["ai"] == "easy"
        assert saved["state"]["rules"]["name"] == "classic"
        hist = plan.keeper.shared_history().get()
        # no hand ended, but the player had passed: counted as abandoned
        assert hist.read("SELECT abandoned, finished FROM matches WHERE uid = ?", (first_id,)) == [(1, 0)]
        kept = json.loads((tmp_path / "archive" / f"{first_id}.json").read_text())
        assert kept["state"]["rules"]["name"] == "standard" and kept["state"]["history"]


async def test_every_field_of_the_form_is_among_what_the_rule_sheet_says_f2_sets(tmp_path):
    """The rule sheet named F2's settings from a list of its own, which lacked one-click
    discard: it names them from FIELD_WORDS, which must hold every field of the form, in order."""
    from textual.containers import Horizontal

    from ginrummy_tui.tui.screens.settings_screen import FIELD_WORDS
    from ginrummy_tui.tui.widgets.field_label import FieldLabel

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        ids = [
            field.id
            for row in screen.query(Horizontal).filter(".row")
            for field in row.children
            if not isinstance(field, FieldLabel)
        ]
    assert all(ids), ids
    assert [i for i in ids if not i.startswith("rule-")] == list(FIELD_WORDS), ids


async def test_display_settings_apply_at_once_without_a_question(tmp_path):
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        before = app.session.state
        screen = await open_settings(app, pilot)
        screen.query_one("#ascii").value = True
        screen.query_one("#pause").value = "0"
        screen.query_one("#theme").value = "nord"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.session.state == before
        assert app.ascii_only and app.table.query_one(HandView).ascii_only
        assert app.theme == "nord" and app.pause == 0
        data = saved_settings(tmp_path)
        assert data["ascii"] is True and data["theme"] == "nord"


async def test_saving_the_settings_keeps_the_command_lines_choices_for_that_run_only(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"ai": "expert", "pause": 0.5, "theme": "nord"}))
    plan = prepare(
        args_for(tmp_path, ai="easy", rules="classic", rule=["knock_limit=7"], ascii=True, pause=0.0), ask=None
    )
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        assert screen.query_one("#ai").value == "easy"  # the form shows what is in use
        screen.query_one("#theme").value = "gruvbox"
        screen.query_one("#rule-gin_bonus").value = "30"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.context.settings is not None and app.context.settings.ai == "easy"  # still this run's
        data = saved_settings(tmp_path)
        assert data["theme"] == "gruvbox" and data["rules"] == {"preset": "standard", "options": {"gin_bonus": 30}}
        assert (data["ai"], data["pause"], data["ascii"]) == ("expert", 0.5, False)  # not the one-run flags
        screen = await open_settings(app, pilot)  # saved again: still only the player's changes
        screen.query_one("#mouse").value = False
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        data = saved_settings(tmp_path)
        assert (data["ai"], data["theme"], data["mouse"], data["ascii"]) == ("expert", "gruvbox", False, False)


async def test_saving_the_settings_keeps_what_another_gin_tui_saved_since_they_were_read(tmp_path):
    """Two gin-tui on one data directory: A saved gin bonus 30, then B saved knock
    limit 7 and settings.json held knock limit 7 alone, A's change gone (so were
    a theme and opponent written there by hand while B ran)."""
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        assert screen.query_one("#rule-gin_bonus").value == "25"
        # meanwhile another gin-tui on the same directory saves its own changes
        other = {"rules": {"preset": "standard", "options": {"gin_bonus": 30}}, "ai": "expert", "theme": "nord"}
        (tmp_path / "settings.json").write_text(json.dumps(other))
        screen.query_one("#rule-knock_limit").value = "7"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        data = saved_settings(tmp_path)
        assert data["rules"] == {"preset": "standard", "options": {"gin_bonus": 30, "knock_limit": 7}}
        assert (data["ai"], data["theme"]) == ("expert", "nord")
        assert not [p.name for p in tmp_path.iterdir() if p.name.startswith("settings.json.")]  # nothing set aside


async def test_a_bad_value_is_refused_and_nothing_is_saved(tmp_path):
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        assert await refused_on_saving(app, pilot, "#rule-target", "0") == "Target score: must be at least 1 (not 0)"
        assert not (tmp_path / "settings.json").exists()
        await pilot.press("escape")  # the change is not saved: asked first
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert not (tmp_path / "settings.json").exists()


async def test_settings_that_cannot_be_saved_name_the_file(tmp_path, monkeypatch):
    import ginrummy_tui.storage.config as config

    def fail(directory, settings) -> None:
        raise FileNotFoundError(2, "No such file or directory")

    monkeypatch.setattr(config, "save_settings", fail)
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        error = await refused_on_saving(app, pilot, "#pause", "0")
        assert error == (
            f"The settings could not be saved to {tmp_path / 'settings.json'} (No such file or directory): "
            "choose another folder with --data-dir or GIN_TUI_HOME."
        )


async def test_a_settings_file_that_cannot_be_read_is_not_written_over(tmp_path, unreadable):
    """A settings file writable but not readable (0200) was replaced by F2's
    save, and what it held was lost: the save is refused, saying why and
    where, the file is left as it was and the changes stay on the form."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"format": "gin-tui settings", "version": 1, "ai": "expert", "pause": 2}))
    before = path.read_bytes()
    unreadable(path)
    plan = prepare(args_for(tmp_path), ask=None)
    assert any("Permission denied" in note for note in plan.notes)
    async with running(plan) as (app, pilot):
        error = await refused_on_saving(app, pilot, "#pause", "0")
        assert error == (
            f"The settings were not saved: {path} cannot be read (Permission denied), "
            "so it is not written over. Your changes are still on the form."
        )
        assert isinstance(app.screen, SettingsScreen) and app.screen.query_one("#pause").value == "0"
    assert unreadable.read_bytes(path) == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("settings")] == ["settings.json"]


async def test_escape_with_changes_not_saved_asks_before_they_are_lost(tmp_path):
    from ginrummy_tui.tui.screens.question import Question

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        await pilot.press("escape")  # nothing changed: it simply closes
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        screen = await open_settings(app, pilot)
        screen.query_one("#rule-knock_limit").value = "7"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, Question)
        await pilot.press("n")  # back to the form, the change still on it
        await pilot.pause()
        assert app.screen is screen and screen.query_one("#rule-knock_limit").value == "7"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")  # leave: the change is lost, nothing saved
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert not (tmp_path / "settings.json").exists()
        screen = await open_settings(app, pilot)
        assert screen.query_one("#rule-knock_limit").value == "10"


async def test_before_the_first_move_new_rules_simply_start_a_new_match(tmp_path):
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        screen.query_one("#rule-knock_limit").value = "7"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.session.state.rules.knock_limit == 7


async def test_a_new_match_from_the_settings_leaves_no_hint_or_refusal_of_the_deal_it_replaced(tmp_path):
    """Before the first move, a hint (or a refused move) stayed on the new
    deal the settings started: "Pass on the upcard: 4♣ would bring your
    deadwood from 61 to 55" under an upcard of A♣ and a hand of 65."""
    from ginrummy_tui.ai.hints import hint
    from ginrummy_tui.tui.widgets.prompt import PromptLine

    plan = prepare(args_for(tmp_path, seed=None), ask=None)  # dealt at random: dealt anew
    async with running(plan) as (app, pilot):
        prompt = app.table.query_one(PromptLine)
        await pilot.press("k")  # no knock before drawing: refused, with the reason
        await pilot.pause()
        assert app.table.refusal
        screen = await open_settings(app, pilot)
        screen.query_one("#ai").value = "easy"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen) and app.session.opponent.level == "easy"
        assert app.table.refusal == ""
        old = app.session.view()
        await pilot.press("h")
        await settle(app, pilot)
        shown = f"Hint: {hint(old).reason}"
        assert prompt.plain == shown
        screen = await open_settings(app, pilot)
        screen.query_one("#ai").value = "expert"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        new = app.session.view()
        assert app.session.opponent.level == "expert" and set(new.hand) != set(old.hand)
        assert (new.match_no, new.hand_no, len(new.history)) == (old.match_no, old.hand_no, len(old.history))
        assert not prompt.plain.startswith("Hint: ")  # the old deal's hint is gone


async def test_a_new_match_with_other_rules_before_the_first_move_tells_its_own_upcard(tmp_path, monkeypatch):
    """Another target before the first move: the new deal's line of moves
    still said "The upcard is 4♣", the old deal's, over an upcard of 3♣ (the
    same opponent, match, hand and count of moves)."""
    import ginrummy_tui.engine
    from ginrummy_tui.tui.widgets.cardfaces import card_label

    plan = prepare(args_for(tmp_path, seed=None), ask=None)  # dealt at random: dealt anew
    deal = ginrummy_tui.engine.new_game
    async with running(plan) as (app, pilot):
        old = app.session.view()
        assert old.upcard is not None and f"The upcard is {card_label(old.upcard)}." in screen_text(app)
        # the next deal, one with another upcard (the random deal had had seed 4's, 3♣, once)
        other = next(n for n in range(4, 60) if deal(old.rules, seed=n).upcard != old.upcard)
        monkeypatch.setattr(ginrummy_tui.engine, "new_game", lambda rules, seed=None: deal(rules, seed=other))
        screen = await open_settings(app, pilot)
        screen.query_one("#rule-target").value = "60"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        new = app.session.view()
        assert new.rules.target == 60 and new.upcard is not None and new.upcard != old.upcard
        text = screen_text(app)
        assert f"The upcard is {card_label(new.upcard)}." in text and f"The upcard is {card_label(old.upcard)}." not in text


async def test_a_new_match_with_oklahoma_before_the_first_move_heads_the_log_beside_the_table_with_its_terms(
    tmp_path, monkeypatch
):
    """Oklahoma turned on before the first move: the log of the hand beside
    the table (from 150 columns) kept the old deal's head, "Hand 1 · Computer
    dealt", without the knock limit the new upcard sets (the same match, hand
    and count of moves)."""
    import ginrummy_tui.engine
    from ginrummy_tui.tui.table_text import hand_terms
    from ginrummy_tui.tui.widgets.hand_log import HandLog

    plan = prepare(args_for(tmp_path, seed=None), ask=None)  # dealt at random: dealt anew
    deal = ginrummy_tui.engine.new_game
    monkeypatch.setattr(ginrummy_tui.engine, "new_game", lambda rules, seed=None: deal(rules, seed=4))  # upcard 3♣
    async with running(plan, size=(160, 45)) as (app, pilot):
        log = app.screen.query_one(HandLog)
        assert log.lines.plain.splitlines()[0] == "Hand 1 · Computer dealt"
        screen = await open_settings(app, pilot)
        screen.query_one("#rule-oklahoma").value = True
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        v = app.session.view()
        assert v.rules.oklahoma and v.knock_limit != v.rules.knock_limit
        head = f"Hand 1 · Computer dealt · {hand_terms(v)}"
        assert log.lines.plain.splitlines()[0] == head


async def test_kept_rules_start_with_the_next_match(tmp_path):
    plan = at_match_point(tmp_path)
    async with running(plan) as (app, pilot):
        await pilot.press("s")  # draw the ace of spades
        await settle(app, pilot)
        await save_and_keep_playing(app, pilot, await open_settings(app, pilot), {"#rule-target": "150"})
        await finish_the_match(app, pilot)
        await pilot.press("n")
        await settle(app, pilot)
        state = app.session.state
        assert not state.over and state.rules.target == 150 and state.hand_no == 1


async def test_the_form_shows_the_players_own_rule_options(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps(
        {"format": "gin-tui settings", "version": 1, "rules": {"preset": "classic", "options": {"knock_limit": 8}}}
    ))
    plan = prepare(args_for(tmp_path, seed=None), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        await pilot.pause()
        assert screen.query_one("#preset").value == "custom"  # classic, with an option of the player's
        assert screen.query_one("#rule-knock_limit").value == "8"
        assert screen.query_one("#rule-gin_bonus").value == "20"
        await pilot.press("ctrl+s")  # nothing changed: no question, nothing new
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.session.state.rules.knock_limit == 8


async def test_saving_unchanged_settings_does_not_touch_a_match_with_other_rules(tmp_path):
    first = prepare(args_for(tmp_path, rules="oklahoma"), ask=None)  # that run only: oklahoma
    first.close()
    plan = prepare(args_for(tmp_path, seed=None), ask=None)  # resumed: oklahoma; the settings say standard
    assert plan.resumed and plan.state.rules.name == "oklahoma" and plan.settings.preset == "standard"
    async with running(plan) as (app, pilot):
        await pilot.press("p")
        await settle(app, pilot)
        before = app.session.state
        screen = await open_settings(app, pilot)
        screen.query_one("#pause").value = "0.3"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)  # no question: the player did not change the rules
        assert app.session.state == before


async def test_keys_typed_in_one_go_into_a_number_field_keep_their_order(tmp_path):
    """Several keys in one read (quick typing, or any typing over SSH): backspace
    then a digit once deleted the digit just typed, not the one before it."""
    from textual import events

    from ginrummy_tui.tui.widgets.number_field import NumberField

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        field = screen.query_one("#rule-target", NumberField)
        field.focus()
        await pilot.pause()
        field.action_end()  # "100", the cursor after it
        for key, char in [("backspace", None), ("backspace", None), ("5", "5"), ("left", None), ("9", "9")]:
            app.post_message(events.Key(key, char))  # all queued before any is handled
        await pilot.pause()
        await pilot.pause()
        assert field.value == "195"
        for key, char in [("home", None), ("delete", None), ("end", None), ("backspace", None), ("0", "0")]:
            app.post_message(events.Key(key, char))
        await pilot.pause()
        await pilot.pause()
        assert field.value == "90"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert saved_settings(tmp_path)["rules"] == {"preset": "standard", "options": {"target": 90}}


async def test_keys_typed_in_one_go_after_tab_go_into_the_next_field(tmp_path):
    """Tab and then digits in one read: the digits went into the field Tab left (the gin
    bonus became 2540), while the mark of the focus was on the next row already."""
    from textual import events

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        gin = screen.query_one("#rule-gin_bonus")
        gin.focus()
        await pilot.pause()
        for key, char in [("tab", "\t"), ("4", "4"), ("0", "0"), ("shift+tab", None), ("3", "3")]:
            app.post_message(events.Key(key, char))  # all queued before any is handled
        await pilot.pause()
        await pilot.pause()
        assert (gin.value, screen.query_one("#rule-undercut_bonus").value) == ("3", "40")
        assert app.focused is gin


@pytest.mark.parametrize("width", [46, 50, 54, 63, 64, 80])
async def test_every_choice_list_stays_on_its_labels_line_with_its_value_whole(tmp_path, width):
    """At 50 columns and fewer a choice list (the preset, who deals next, the
    opponent, the theme) stood on a line of its own under its label, read
    apart from it: each stays on its label's line, its value whole beside
    the label's words, the longest of them too ("multiplayer-1.5 (changed)",
    on two lines at 46 columns, "Alternate every hand", "catppuccin-macchiato").  Every field
    starts in one column, the lists too (test_every_value_of_the_form_starts_in_one_column_at_every_width)."""
    from textual.widgets import Label, Select

    # a game bonus: the shutout row is shown (hidden where there is none)
    plan = prepare(args_for(tmp_path, rules="multiplayer-1.5", rule=["knock_limit=7", "game_bonus=50"]), ask=None)
    async with running(plan, size=(width, 24)) as (app, pilot):
        screen = await open_settings(app, pilot)
        screen.query_one("#theme").value = "catppuccin-macchiato"
        await pilot.pause()
        form = screen.query_one("#settings")
        box = form.scrollable_content_region
        beside = set()
        values = {"preset": "multiplayer-1.5 (changed)", "rule-next_dealer": "Alternate every hand",
                  "ai": "standard", "theme": "catppuccin-macchiato"}
        for row in screen.query(".row"):
            label, control = row.children
            assert isinstance(label, Label)
            assert control.region.y == label.region.y, (width, control.id)  # on its label's line
            assert control.region.right <= box.right, (width, control.id)
            if isinstance(control, Select):
                def shown(control=control) -> bool:
                    """The list in the form's view; if not yet (a scroll of the form's own, or its
                    layout, came after ours on a busy machine), scrolled to again."""
                    if form.content_region.contains_region(control.region):
                        return True
                    form.scroll_to_widget(control, animate=False, immediate=True)
                    return False

                await until(pilot, shown)
                await pilot.pause()
                lines = screen_text(app).splitlines()[control.region.y : control.region.bottom]
                assert f"{label.text} " in lines[0], (width, lines)
                said = " ".join(line[control.region.x : control.region.right].strip(" ▼v") for line in lines)
                assert " ".join(said.split()) == values[str(control.id)], (width, lines)
            beside.add(control.region.x)
        assert len(beside) == 1, (width, beside)


@pytest.mark.parametrize("width", [46, 54, 63])
async def test_below_64_columns_the_choice_lists_start_in_one_column(tmp_path, width):
    """Below 64 columns each choice list stood right after its label's words, ragged
    ("Rules preset standard", "Who deals next Alternate every hand", "Theme textual-dark"):
    they start in one column of their own, after labels of one width, each label whole."""
    from textual.widgets import Select

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan, size=(width, 40)) as (app, pilot):
        screen = await open_settings(app, pilot)
        rows = [row for row in screen.query(".row") if isinstance(row.children[1], Select)]
        assert [row.children[1].id for row in rows] == ["preset", "rule-next_dealer", "ai", "theme"]
        form = screen.query_one("#settings")
        said = []
        for row in rows:
            label, control = row.children
            form.scroll_to_widget(row, animate=False, immediate=True)
            await until(pilot, lambda row=row: form.content_region.contains_region(row.region))
            await pilot.pause()
            line = screen_text(app).splitlines()[label.region.y]
            said.append(line)
            assert control.region.y == label.region.y  # on its label's line
            assert f"{label.text} " in line[: control.region.x], line
        assert len({row.children[1].region.x for row in rows}) == 1, said


@pytest.mark.parametrize("width", [46, 54, 63])
async def test_below_64_columns_two_blanks_part_each_choice_lists_label_from_its_value(tmp_path, width):
    """At 46x21 "Who deals next Alternate every hand ▼": one blank between the label and the
    list's value, which read as one phrase.  Two part them, and the longest values
    ("Alternate every hand", "catppuccin-macchiato") stay whole on their line."""
    from textual.widgets import Select

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan, size=(width, 21)) as (app, pilot):
        screen = await open_settings(app, pilot)
        screen.query_one("#theme").value = "catppuccin-macchiato"
        await pilot.pause()
        form = screen.query_one("#settings")
        values = {"preset": "standard", "rule-next_dealer": "Alternate every hand", "ai": "standard",
                  "theme": "catppuccin-macchiato"}
        for row in [row for row in screen.query(".row") if isinstance(row.children[1], Select)]:
            label, control = row.children
            form.scroll_to_widget(control, animate=False, immediate=True)
            await until(pilot, lambda control=control: form.content_region.contains_region(control.region))
            await pilot.pause()
            line = screen_text(app).splitlines()[control.region.y]
            end = line.index(label.text) + len(label.text)
            gap = len(line[end:]) - len(line[end:].lstrip(" "))
            assert gap >= 2, (width, line)
            assert line[end + gap :].startswith(values[str(control.id)] + " "), (width, line)
            assert control.region.height == 1, (width, line)  # the value whole on its label's line


async def test_an_open_choice_list_leaves_the_key_bar_in_sight(tmp_path):
    """At 80x24 the theme's list, opened at the foot of the form, covered the
    key bar: every list, opened, now ends above it, and the bar says what
    Escape does."""
    from textual.widgets import Select
    from textual.widgets._select import SelectOverlay

    from ginrummy_tui.tui.widgets.key_bar import KeyBar

    for size in ((80, 24), (46, 21), (120, 40)):
        plan = prepare(args_for(tmp_path), ask=None)
        async with running(plan, size=size) as (app, pilot):
            screen = await open_settings(app, pilot)
            bar = screen.query_one(KeyBar).region
            assert bar.bottom == size[1] and bar.height == (2 if size[0] < 80 else 1)  # "tab Next" too at 46x21
            for select in screen.query(Select):
                select.focus()
                select.scroll_visible(animate=False, immediate=True)
                await pilot.pause()
                await pilot.press("enter")
                await pilot.pause()
                assert select.expanded, select.id
                menu = select.query_one(SelectOverlay).region
                assert menu.height > 1 and menu.bottom <= bar.y, (size, select.id, menu)
                assert screen_text(app).splitlines()[bar.y].lstrip().startswith("esc Dismiss menu"), (size, select.id)
                await pilot.press("escape")  # closes the list, not the settings
                await pilot.pause()
                assert not select.expanded and app.screen is screen


async def test_with_ascii_an_open_choice_list_is_framed_in_ascii(tmp_path):
    from textual.widgets import Select
    from textual.widgets._select import SelectOverlay

    plan = prepare(args_for(tmp_path, ascii=True), ask=None)
    async with running(plan, size=SIZE) as (app, pilot):
        screen = await open_settings(app, pilot)
        select = screen.query_one("#ai", Select)
        select.focus()
        select.scroll_visible(animate=False, immediate=True)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        box = select.query_one(SelectOverlay).region
        frame = [line[box.x : box.right] for line in screen_text(app).splitlines()[box.y : box.bottom]]
        assert frame[0] == "+" + "-" * (box.width - 2) + "+", "\n".join(frame)
        assert all(row[0] == row[-1] == "|" for row in frame[1:-1]), "\n".join(frame)


async def test_with_ascii_the_settings_boxes_and_arrows_are_ascii(tmp_path):
    """With --ascii the yes-or-no boxes were drawn "▐X▌" and the choices' arrows "▼"."""
    from textual.widgets import Select

    plan = prepare(args_for(tmp_path, ascii=True), ask=None)
    async with running(plan, size=(80, 40)) as (app, pilot):
        screen = await open_settings(app, pilot)
        text = screen_text(app)
        assert text.isascii(), sorted({ch for ch in text if not ch.isascii()})
        assert "standard              v" in text and "] yes" in text and "] no" in text, text
        select = screen.query_one("#ai", Select)
        select.focus()
        await pilot.press("enter")  # the list open: its arrow points up
        await pilot.pause()
        assert select.expanded and "standard              ^" in screen_text(app)
    plan = prepare(args_for(tmp_path / "symbols"), ask=None)
    async with running(plan, size=(80, 40)) as (app, pilot):  # without: Textual's own
        await open_settings(app, pilot)
        text = screen_text(app)
        assert "standard              ▼" in text and "▌ yes" in text, text


async def test_the_ascii_setting_says_it_draws_everything_in_ascii(tmp_path):
    """F2's label read "ASCII suits (S H D C)", where --help and the README say ASCII
    mode draws everything in ASCII (cards, lines, signs); the line of one-run values
    named "ASCII suits" too."""
    (tmp_path / "settings.json").write_text(json.dumps({"ascii": False}))
    plan = prepare(args_for(tmp_path, ascii=True), ask=None)
    async with running(plan, size=(80, 40)) as (app, pilot):
        screen = await open_settings(app, pilot)
        text = screen_text(app)
        assert "ASCII only, suits S H D C " in text, text  # whole, within the label's 30 columns
        assert "ASCII suits" not in text, text
        said = " ".join(str(screen.query_one("#run-only").render()).split())
        assert "ASCII only yes (saved: no)" in said, said


async def test_a_yes_or_no_box_is_empty_when_off(tmp_path):
    """An option turned off showed "▐X▌ no": the box had an X either way, and only its
    colour (and the word after it) told off from on."""
    from textual.widgets import Checkbox

    def row(label: str) -> str:
        return next(line for line in screen_text(app).splitlines() if label in line).split(label)[1].strip()

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan, size=(80, 40)) as (app, pilot):
        screen = await open_settings(app, pilot)
        assert row("Big Gin allowed").startswith("▐ ▌ no") and row("A tie is an undercut").startswith("▐X▌ yes")
        screen.query_one("#rule-big_gin", Checkbox).focus()
        await pilot.press("space")
        await pilot.pause()
        assert row("Big Gin allowed").startswith("▐X▌ yes")
        await pilot.press("space")
        await pilot.pause()
        assert row("Big Gin allowed").startswith("▐ ▌ no")
    plan = prepare(args_for(tmp_path / "ascii", ascii=True), ask=None)
    async with running(plan, size=(80, 40)) as (app, pilot):
        await open_settings(app, pilot)
        assert row("Big Gin allowed").startswith("[ ] no") and row("A tie is an undercut").startswith("[X] yes")


async def test_an_open_choice_list_is_framed_in_lines_in_every_theme(tmp_path):
    """In a 256-colour terminal the Opponent and Theme lists, open, had no
    border to be seen and ran into the labels beside them ("Computer's pause,
    s  Easy"): a list is now framed in lines, in a colour apart from its
    background in every theme, in 256 colours too."""
    from rich.color import ColorSystem
    from textual.widgets import Select
    from textual.widgets._select import SelectOverlay

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan, size=SIZE) as (app, pilot):
        screen = await open_settings(app, pilot)
        for fid in ("ai", "theme"):
            select = screen.query_one(f"#{fid}", Select)
            select.focus()
            select.scroll_visible(animate=False, immediate=True)
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            menu = select.query_one(SelectOverlay)
            box, lines = menu.region, screen_text(app).splitlines()
            frame = [line[box.x : box.right] for line in lines[box.y : box.bottom]]
            assert frame[0] == "╭" + "─" * (box.width - 2) + "╮", "\n".join(frame)
            assert frame[-1] == "╰" + "─" * (box.width - 2) + "╯", "\n".join(frame)
            assert all(row[0] == row[-1] == "│" for row in frame[1:-1]), "\n".join(frame)
            shown = {"ai": "standard", "theme": str(select.value)}[fid]  # the choice in play, inside the frame
            assert any(row[1:-1].strip().startswith(shown) for row in frame[1:-1]), "\n".join(frame)
            for theme in sorted(app.available_themes) if fid == "theme" else ():
                app.theme = theme
                await pilot.pause()
                edge, colour = menu.styles.border_top
                background = menu.styles.background
                assert edge == "round", theme
                if theme != "textual-ansi":  # its colours are the terminal's own
                    line, under = (c.rich_color.downgrade(ColorSystem.EIGHT_BIT) for c in (colour, background))
                    assert line != under, theme
            await pilot.press("escape")
            await pilot.pause()


async def test_with_a_list_open_the_key_bar_offers_escape_once(tmp_path):
    """With a list open the key bar said "esc Dismiss menu" and "esc Cancel"
    (F2's key, shown as Escape's): Escape closes the list, and is offered for that alone."""
    from textual.widgets import Select

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan, size=SIZE) as (app, pilot):
        screen = await open_settings(app, pilot)
        assert "esc Cancel" in screen_text(app).splitlines()[-1]  # the list closed: Escape cancels
        screen.query_one("#preset", Select).focus()
        await pilot.press("enter")
        await pilot.pause()
        keys = screen_text(app).splitlines()[-1]
        assert keys.lstrip().startswith("esc Dismiss menu") and keys.count("esc") == 1, keys
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and "esc Cancel" in screen_text(app).splitlines()[-1]


async def test_one_click_discard_from_the_settings_changes_the_prompt_at_once(tmp_path):
    """After one-click discard was switched on the prompt still said "or click
    twice" until the selection moved: it says "or click" as soon as the settings are saved."""
    from ginrummy_tui.tui.widgets.prompt import PromptLine

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        await pilot.press("p")
        await settle(app, pilot)
        await pilot.press("s")
        await settle(app, pilot)
        assert app.session.state.phase == "discard"

        def prompt() -> str:
            return app.table.query_one(PromptLine).plain

        assert "or click twice)" in prompt()
        screen = await open_settings(app, pilot)
        screen.query_one("#one-click").value = True
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        if isinstance(app.screen, NewMatchQuestion):
            await pilot.press("n")  # keep playing
            await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert saved_settings(tmp_path)["one_click"] is True
        assert "or click)" in prompt() and "click twice" not in prompt()


async def test_in_a_network_match_the_settings_say_the_hosts_rules_apply_not_these():
    """On a network seat F2 said "Rules for your next match" and "New rules and
    opponent apply to your next match", as if they could change the match in
    play (the host alone sets its rules, and there is no computer)."""
    from ginrummy_tui.engine import new_game
    from ginrummy_tui.tui.app import make_app

    app = make_app(state=new_game(seed=2), pause=0)
    app.session.computes_opponent = False  # the seat of a match played over the network
    async with app.run_test(size=(80, 40)) as pilot:
        await settle(app, pilot)
        screen = await open_settings(app, pilot)
        line = str(screen.query_one("#match-rules").render())
        assert "Rules for your games against the computer" in screen_text(app)
        assert "Rules for your next match" not in screen_text(app)
        assert line == (
            "The match in play is played over the network by the host's rules (standard, to 100): "
            "the rules and opponent below are for your games against the computer."
        )


async def finish_the_match(app, pilot) -> None:
    """Knock (the match_point or knock_ready deal, the ace of spades drawn): the
    match is won; on to the match's end."""
    await pilot.press("k")
    await settle(app, pilot)
    for _ in range(3):
        if isinstance(app.screen, MatchOverScreen):
            break
        await pilot.press("enter")
        await settle(app, pilot)
    assert isinstance(app.screen, MatchOverScreen)


async def test_a_new_match_after_a_resumed_one_takes_this_runs_settings_not_the_resumed_matchs(tmp_path):
    """A match played with --ai easy --rule target=1, resumed by a plain
    gin-tui: n after it started another easy match to 1, while F2 showed the
    Standard opponent and a target of 100 for the next match."""
    first = prepare(args_for(tmp_path, seed=None, ai="easy", rule=["target=1"]), ask=None)
    first.state = scenarios.knock_ready(rules=first.settings.rules)
    first.keeper.begin(first.state)
    async with running(first) as (app, pilot):
        await pilot.press("s")  # draw the ace of spades
        await settle(app, pilot)
    plan = prepare(args_for(tmp_path, seed=None), ask=None)  # no options, no settings file
    assert plan.resumed and plan.state.rules.target == 1
    async with running(plan) as (app, pilot):
        assert app.session.opponent_name == "Computer (easy)"
        await finish_the_match(app, pilot)
        await pilot.press("n")
        await settle(app, pilot)
        state = app.session.state
        assert not state.over and state.hand_no == 1
        assert state.rules == PRESETS["standard"]
        assert app.session.opponent_name == "Computer (standard)"
        screen = await open_settings(app, pilot)  # what it shows for the next match is what is in play
        assert screen.query_one("#preset").value == "standard" and screen.query_one("#ai").value == "standard"
        assert screen.query_one("#rule-target").value == "100"
        saved = json.loads((tmp_path / "current.json").read_text())
        assert saved["settings"]["ai"] == "standard" and saved["state"]["rules"]["target"] == 100


async def test_the_form_opens_with_the_saved_target_of_a_preset_and_saving_keeps_it(tmp_path):
    """Standard rules to 200 saved: F2 opened with a target of 100 (the preset's field, saying
    "standard" as the form opened, had the preset's options filled in again), and Ctrl+S of
    any other change saved a match to 100."""
    (tmp_path / "settings.json").write_text(json.dumps(
        {"format": "gin-tui settings", "version": 1, "rules": {"preset": "standard", "options": {"target": 200}}}
    ))
    plan = prepare(args_for(tmp_path), ask=None)  # seed 3: the computer has made no move yet
    async with running(plan) as (app, pilot):
        assert app.session.state.rules.target == 200
        screen = await open_settings(app, pilot)
        await pilot.pause()
        assert screen.query_one("#preset").value == "standard"
        assert screen.query_one("#rule-target").value == "200"
        screen.query_one("#rule-knock_limit").value = "9"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: not isinstance(app.screen, SettingsScreen))
        rules = app.session.state.rules  # a match not begun yet takes them at once
        assert (rules.knock_limit, rules.target) == (9, 200)
    assert saved_settings(tmp_path)["rules"] == {"preset": "standard", "options": {"knock_limit": 9, "target": 200}}


async def test_rules_kept_for_the_next_match_start_it_after_a_restart(tmp_path):
    """Knock limit 8 set in F2 with "Keep playing": after a restart, n after
    the match started one with knock limit 10, though settings.json said 8."""
    first = at_match_point(tmp_path, seed=None)
    async with running(first) as (app, pilot):
        await pilot.press("s")  # draw the ace of spades
        await settle(app, pilot)
        await save_and_keep_playing(app, pilot, await open_settings(app, pilot), {"#rule-knock_limit": "8"})
        assert app.session.state.rules.knock_limit == 10
    assert saved_settings(tmp_path)["rules"] == {"preset": "standard", "options": {"knock_limit": 8}}
    plan = prepare(args_for(tmp_path, seed=None), ask=None)
    assert plan.resumed and plan.state.rules.knock_limit == 10
    async with running(plan) as (app, pilot):
        await finish_the_match(app, pilot)
        await pilot.press("n")
        await settle(app, pilot)
        state = app.session.state
        assert not state.over and state.hand_no == 1 and state.rules.knock_limit == 8
        screen = await open_settings(app, pilot)
        assert screen.query_one("#rule-knock_limit").value == "8"


async def test_a_refused_save_keeps_the_bad_field_in_view_and_focused(tmp_path):
    """Knock limit 99, Ctrl+S: the form scrolled to its bottom, where the error
    was, and the knock limit, still focused, was typed into out of sight. The
    field with the bad value is in view and focused, the reason in view too."""
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan, size=SIZE) as (app, pilot):
        await pilot.press("p")
        await settle(app, pilot)
        screen = await open_settings(app, pilot)
        form = screen.query_one("#settings")
        error = screen.query_one("#settings-error")

        def in_view(widget) -> bool:
            return form.scrollable_content_region.contains_region(widget.region)

        await pilot.press("tab", "backspace", "backspace", "9", "9", "ctrl+s")  # the knock limit
        await pilot.pause()
        await pilot.pause()
        field = screen.query_one("#rule-knock_limit")
        assert app.screen is screen and app.focused is field and field.value == "99"
        assert in_view(field), (field.region, form.scroll_offset)
        text = " ".join(str(error.render()).split())
        assert text == "Knock limit (deadwood): must be between 0 and 10 (not 99)"
        assert screen.region.contains_region(error.region) and error.region.height >= 1
        # above the key bar, the screen not scrolled: under the form as tall as the rows above the
        # key bar, the reason was drawn under the key bar, only a scroll bar beside the keys showing
        bar = screen.query_one(KeyBar)
        assert error.region.bottom <= bar.region.y and screen.max_scroll_y == 0, (error.region, bar.region)
        assert "Knock limit (deadwood): must be between 0 and 10 (not 99)" in screen_text(app)
        await pilot.press("backspace", "backspace", "7")  # what is typed goes into the field in view
        await pilot.pause()
        assert field.value == "7"
        assert not error.display  # every value can be saved now: the reason has gone
        # a bad value out of sight, the form at its top: it is brought into view
        screen.query_one("#pause").value = "99"
        screen.query_one("#preset").focus()
        form.scroll_home(animate=False)
        await pilot.pause()
        pause = screen.query_one("#pause")
        assert not in_view(pause)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        assert app.focused is pause and in_view(pause), (pause.region, form.scroll_offset)
        # as the rules' fields say it ("Knock limit (deadwood): must be between 0 and 10 (not 11)")
        assert " ".join(str(error.render()).split()) == "Computer's pause: must be between 0 and 10 seconds (not 99)"
        assert screen.region.contains_region(error.region)
        assert not (tmp_path / "settings.json").exists()


def form_rows(app) -> dict[str, str]:
    """The rows of F2 on screen, by their label: each with the mark before it ("" for none)."""
    rows = {}
    for line in screen_text(app).splitlines():
        marked = re.match(r"([▶✗>!]+) +(\S+ \S+)", line.strip("│| "))  # | for the box's side with --ascii
        if marked:
            rows[marked.group(2)] = marked.group(1)
    return rows


async def test_a_refused_save_tells_every_bad_value_in_the_order_of_the_form_and_marks_their_rows(tmp_path):
    """Knock limit 11 and the gin bonus left empty, Ctrl+S: only the gin bonus was told; the
    knock limit, the row above, only after a second Ctrl+S. The focused field was marked
    only by a background one grey shade lighter, not seen without colour."""
    for ascii_only, focus, refused in ((False, "▶", "✗"), (True, ">", "!")):
        plan = prepare(args_for(tmp_path, ascii=ascii_only), ask=None)
        async with running(plan, size=SIZE) as (app, pilot):
            screen = await open_settings(app, pilot)
            error = screen.query_one("#settings-error")
            knock, gin = screen.query_one("#rule-knock_limit"), screen.query_one("#rule-gin_bonus")
            assert form_rows(app) == {"Rules preset": focus}  # the focus is marked, not only coloured
            await pilot.press("tab", "backspace", "backspace", "1", "1")
            await pilot.pause()
            assert form_rows(app) == {"Knock limit": focus}
            await pilot.press("tab")
            await pilot.press("backspace", "backspace", "backspace", "ctrl+s")
            await pilot.pause()
            await pilot.pause()
            assert str(error.render()).splitlines() == [
                "Knock limit (deadwood): must be between 0 and 10 (not 11)",
                "Gin bonus: a whole number, please",
            ]
            assert app.focused is knock  # the first of them, in view
            assert screen.query_one("#settings").scrollable_content_region.contains_region(knock.region)
            assert form_rows(app) == {"Knock limit": focus + refused, "Gin bonus": refused}  # both marks
            assert all(label.has_class("-refused") for label in (knock.parent.children[0], gin.parent.children[0]))
            await pilot.press("backspace", "backspace", "9")  # mended: its reason and its mark go
            await pilot.pause()
            assert str(error.render()).splitlines() == ["Gin bonus: a whole number, please"]
            assert not knock.parent.children[0].has_class("-refused")
            await pilot.press("tab")
            await pilot.pause()
            assert form_rows(app) == {"Gin bonus": focus + refused}
            await pilot.press("3", "0")
            await pilot.pause()
            assert not error.display and form_rows(app) == {"Gin bonus": focus}
            await pilot.press("ctrl+s")
            await settle(app, pilot)
            assert isinstance(app.screen, GameScreen)
            options = saved_settings(tmp_path)["rules"]["options"]
            assert (options["knock_limit"], options["gin_bonus"]) == (9, 30)
        (tmp_path / "settings.json").unlink()


async def test_a_refused_move_timer_is_told_as_the_command_line_tells_it(tmp_path):
    """A timer of -1 was refused as "must be at least 1 second, or none (not -1)"
    under the label "Move timer, s (0: none)", where 0 is taken for no timer."""
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan, size=SIZE) as (app, pilot):
        screen = await open_settings(app, pilot)
        screen.query_one("#rule-timer").value = "-1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert str(screen.query_one("#settings-error").render()).splitlines() == [
            '"Move timer, s (0: none)": must be 1 to 3,600 seconds, or 0 for no timer (not -1)'
        ]  # the field takes digits only: "none" cannot be typed there, and is not offered
        assert app.screen is screen and not (tmp_path / "settings.json").exists()  # nothing saved
        screen.query_one("#rule-timer").value = "99999"  # it said "1 to 3600 seconds, ..., not '99999'"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert str(screen.query_one("#settings-error").render()).splitlines() == [
            '"Move timer, s (0: none)": must be 1 to 3,600 seconds, or 0 for no timer (not 99999)'
        ]  # in the form of the other fields' refusals, its bound written as the command line writes it
        screen.query_one("#rule-timer").value = ""  # emptied: refused, as any number field left empty is
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert str(screen.query_one("#settings-error").render()).splitlines() == [
            '"Move timer, s (0: none)": must be 1 to 3,600 seconds, or 0 for no timer (not \'\')'
        ]
        assert app.screen is screen and not (tmp_path / "settings.json").exists()
        screen.query_one("#rule-timer").value = "0"  # no timer, as the label says
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)


async def test_the_line_on_the_match_in_play_names_its_opponent_and_its_own_rule_options(tmp_path):
    """A master match resumed with the Standard opponent on the form: the line
    said "standard rules, to 100 (the same as below)", the opponent never
    named. Changed rules were only "custom"."""
    first = prepare(args_for(tmp_path, ai="master", seed=None), ask=None)
    first.state = scenarios.knock_ready()  # the player to move: the master never has to think
    first.keeper.begin(first.state)
    first.close()
    plan = prepare(args_for(tmp_path, seed=None), ask=None)
    assert plan.resumed and plan.ai == "master" and plan.settings.ai == "standard"
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)

        def line() -> str:
            return " ".join(str(screen.query_one("#match-rules").render()).split())

        # nothing changed on the form yet: a save of another setting leaves the match as it is
        # (it said "saved, the settings below deal it again", and the match stayed)
        assert line() == (
            "The match in play: standard rules, to 100, opponent level master. "
            "Nobody has moved in it yet: a rule or the opponent changed below deals it again, once saved."
        )
        screen.query_one("#one-click").value = True
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert app.session.opponent_level(None) == "master"  # not dealt again
        screen = await open_settings(app, pilot)
        screen.query_one("#ai").value = "easy"
        await pilot.pause()
        assert line().endswith("Nobody has moved in it yet: saved, the settings below deal it again."), line()
        screen.query_one("#ai").value = "master"
        await pilot.pause()
        assert line() == "The match in play: standard rules, to 100, opponent level master, as set below."
    custom = tmp_path / "custom"
    plan = prepare(args_for(custom, rule=["knock_limit=7", "big_gin=yes"]), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        assert line() == (
            "The match in play: standard rules (changed: knock limit 7, big gin allowed), to 100, "
            "opponent level standard, as set below."
        )
        screen.query_one("#rule-knock_limit").value = "10"
        screen.query_one("#rule-gin_bonus").value = "30"
        await pilot.pause()
        # nobody has moved in it yet: saved, they deal it again ("for your next match" said otherwise)
        assert line() == (
            "The match in play: standard rules (changed: knock limit 7, big gin allowed), to 100, "
            "opponent level standard; gin bonus 25. Nobody has moved in it yet: saved, the settings below deal it "
            "again."
        )
        await pilot.press("ctrl+s")  # nothing asked: nobody has moved
        await settle(app, pilot)
        said = " ".join(str(n.message) for n in app._notifications)
        assert "a new match with them has started" in said or "your match starts again with them" in said, said
        assert app.session.state.rules.gin_bonus == 30


async def test_the_preset_field_says_custom_while_the_options_differ_from_the_preset(tmp_path):
    """With --rule knock_limit=7 the preset field said "standard", as if the
    next match were played by the standard rules."""
    plan = prepare(args_for(tmp_path, rule=["knock_limit=7"]), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        preset = screen.query_one("#preset")
        knock = screen.query_one("#rule-knock_limit")
        assert preset.value == "custom" and knock.value == "7"
        assert "standard (changed)" in screen_text(app).split("Rules preset", 1)[1].splitlines()[0]
        preset.value = "standard"  # the preset itself, its options and no other
        await pilot.pause()
        assert preset.value == "standard" and knock.value == "10"
        knock.value = "8"
        await pilot.pause()
        assert preset.value == "custom"
        knock.value = "10"
        await pilot.pause()
        assert preset.value == "standard"
        preset.value = "classic"  # a preset brings its own options
        await pilot.pause()
        assert knock.value == "10" and screen.query_one("#rule-gin_bonus").value == "20"
        assert preset.value == "classic"
        knock.value = "8"
        await pilot.pause()
        assert preset.value == "custom"
        assert "classic (changed)" in screen_text(app).split("Rules preset", 1)[1].splitlines()[0]
        await pilot.press("ctrl+s")  # no move yet: a new match with them
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.session.state.rules == PRESETS["classic"].with_options(knock_limit=8)
        assert saved_settings(tmp_path)["rules"] == {"preset": "classic", "options": {"knock_limit": 8}}
        screen = await open_settings(app, pilot)
        assert screen.query_one("#preset").value == "custom"


async def test_f2_on_a_finished_match_says_it_is_finished_not_in_play(tmp_path):
    """F2 opened on the result of a match just won said "The match in play:",
    of a match no longer played."""
    plan = at_match_point(tmp_path)
    async with running(plan) as (app, pilot):
        await pilot.press("s")  # draw the ace of spades
        await settle(app, pilot)
        await finish_the_match(app, pilot)
        screen = await open_settings(app, pilot)
        line = " ".join(str(screen.query_one("#match-rules").render()).split())
        assert line.startswith("The match just finished: standard rules, to 100"), line
        assert "in play" not in line


def test_rules_changed_from_a_preset_are_named_by_it_and_the_options_changed():
    """Rules with one option changed were named "custom" on the score line,
    the score sheet and the rule sheet, whatever preset they came from."""
    from ginrummy_tui.engine.rules import rules_label

    assert rules_label(PRESETS["classic"]) == "classic"
    assert rules_label(PRESETS["classic"].with_options(knock_limit=7)) == "classic (changed: knock limit 7)"
    assert rules_label(PRESETS["standard"].with_options(knock_limit=7, big_gin=True), "rules") == (
        "standard rules (changed: knock limit 7, big gin allowed)"
    )
    assert rules_label(PRESETS["oklahoma"].with_options(target=200), "rules", short=True) == "oklahoma rules (changed)"


async def test_the_score_line_and_the_rule_sheet_name_changed_rules_by_their_preset(tmp_path):
    plan = prepare(args_for(tmp_path, rules="classic", rule=["knock_limit=7"]), ask=None)
    async with running(plan, size=(120, 30)) as (app, pilot):
        assert "to 100 · classic rules (changed: knock limit 7)" in screen_text(app).splitlines()[0]
        await pilot.press("question_mark")
        await settle(app, pilot)
        assert "Rules in play: classic (changed: knock limit 7)" in screen_text(app)
    three = ["big_gin=true", "upcard_offer=false", "tie_is_undercut=false"]
    plan = prepare(args_for(tmp_path, rule=three), ask=None)
    async with running(plan, size=(80, 24)) as (app, pilot):  # the short form where the long does not fit
        head = screen_text(app).splitlines()[0].rstrip()
        assert head.endswith("to 100 · standard rules (3 changes)") and len(head) <= 80, head
        await pilot.press("question_mark")
        await settle(app, pilot)
        sheet = screen_text(app)  # the rule sheet names them in full
        assert "Rules in play: standard (changed: a tie is no undercut, big gin allowed," in sheet, sheet
        assert "│ no upcard offer)" in sheet, sheet


async def test_a_new_match_against_another_opponent_stops_the_masters_worker_process(tmp_path):
    """From the master to the expert in F2, then n after the match: the
    master's worker process lived on until the app closed."""
    from ginrummy_tui.engine import view

    plan = at_match_point(tmp_path, seed=None, ai="master")
    async with running(plan) as (app, pilot):
        master = app.session.opponent
        master.choose(view(app.session.state, 0))  # the master thinks once: its worker process starts
        pool = master._process._pool
        workers = [pool._process]
        assert workers and all(worker.is_alive() for worker in workers)
        await pilot.press("s")  # draw the ace of spades
        await settle(app, pilot)
        await save_and_keep_playing(app, pilot, await open_settings(app, pilot), {"#ai": "expert"})
        assert app.session.opponent is master and workers[0].is_alive()
        await finish_the_match(app, pilot)
        await pilot.press("n")
        await settle(app, pilot)
        assert app.session.opponent_name == "Computer (expert)"
        assert master._process._pool is None  # closed
        for worker in workers:
            worker.join(60)
            assert not worker.is_alive()


def unsaved_app(monkeypatch, *argv: str):
    """The app of ``gin-tui --data-dir - --pause 0 ARGV``, not yet running."""
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.play import run_play
    from ginrummy_tui.tui.app import GinApp

    ran: list[GinApp] = []
    monkeypatch.setattr(GinApp, "run", lambda self, *a, **kw: ran.append(self))
    assert run_play(parse_command_line(["--data-dir", "-", "--pause", "0", *argv])) == 0
    [app] = ran
    return app


def classic_expert_settings_file() -> tuple:
    """A settings file in the default place saying classic rules and the expert; its path and text."""
    from ginrummy_tui.storage.config import config_dir

    path = config_dir() / "settings.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": "gin-tui settings", "version": 1, "rules": {"preset": "classic"},
                                "ai": "expert"}))
    return path, path.read_text()


async def test_without_saving_the_settings_show_this_runs_not_the_files(monkeypatch):
    """gin-tui --data-dir -: F2 showed classic rules and the expert from the
    settings file for the next match, while the defaults were in play."""
    classic_expert_settings_file()
    app = unsaved_app(monkeypatch, "--rule", "knock_limit=7")
    async with app.run_test(size=(80, 40)) as pilot:
        await settle(app, pilot)
        assert app.session.state.rules == PRESETS["standard"].with_options(knock_limit=7)
        screen = await open_settings(app, pilot)
        assert screen.query_one("#preset").value == "custom" and screen.query_one("#ai").value == "standard"
        assert screen.query_one("#rule-knock_limit").value == "7" and screen.query_one("#pause").value == "0"
        assert str(screen.query_one("#match-rules").render()).endswith(", as set below.")


async def test_without_saving_the_mouse_is_shown_as_set_at_start_not_for_a_next_start(monkeypatch):
    """gin-tui --data-dir -: F2 offered "Mouse (from next start)", though nothing
    is saved for a next start; the rule sheet sent a player without the mouse to F2."""
    from textual.widgets import Checkbox

    from ginrummy_tui.tui.screens.rules_screen import RulesScreen

    for argv, said in (((), "yes: set at start (--no-mouse turns it off)"), (("--no-mouse",), "no: set at start (--no-mouse)")):
        app = unsaved_app(monkeypatch, *argv)
        async with app.run_test(size=(80, 40), notifications=True) as pilot:
            await settle(app, pilot)
            screen = await open_settings(app, pilot)
            text = screen_text(app)
            assert "from next start" not in text and f"   Mouse                      {said}" in text, text
            assert not list(screen.query("#mouse").results(Checkbox))  # nothing to change here
            screen.query_one("#ascii").value = True
            await pilot.press("ctrl+s")  # the other settings are still changed for the run
            await settle(app, pilot)
            assert isinstance(app.screen, GameScreen) and app.ascii_only
            assert app.context.settings is not None and app.context.settings.mouse == (not argv)
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            await pilot.resize_terminal(100, 70)  # the whole sheet on the screen
            await pilot.pause()
            sheet = " ".join(screen_text(app).replace("│", " ").split())
            mouse = sheet[sheet.index("Mouse: "):]
            assert "F2" not in mouse and "next start" not in mouse
            if argv:
                assert mouse.startswith("Mouse: off for this run (--no-mouse).")


async def sheet_and_ctrl_z_note(app, pilot, monkeypatch) -> tuple[str, str]:
    """The rule sheet's text (whole, on a tall screen), and what Ctrl+Z says
    where no shell can bring the game back."""
    from ginrummy_tui.tui import suspend

    await pilot.press("question_mark")
    await pilot.pause()
    sheet = " ".join(screen_text(app).replace("│", " ").split())
    await pilot.press("escape")
    await pilot.pause()
    monkeypatch.setattr(suspend, "can_suspend", lambda _app: False)
    await pilot.press("ctrl+z")
    await settle(app, pilot)
    [note] = [str(n.message) for n in app._notifications if "Ctrl+Z" in str(n.message)]
    return sheet, " ".join(note.split())


async def test_without_saving_the_rule_sheet_and_ctrl_z_say_the_match_ends_at_the_quit(monkeypatch, tmp_path):
    """gin-tui --data-dir -: the rule sheet said "q / ctrl+q quit (the match is
    saved; gin-tui resumes it)", and Ctrl+Z "Quit with q: the match is saved",
    where the quit question says the match is not saved; F3 shows no statistics."""
    app = unsaved_app(monkeypatch)
    async with app.run_test(size=(100, 70), notifications=True) as pilot:
        await settle(app, pilot)
        sheet, note = await sheet_and_ctrl_z_note(app, pilot, monkeypatch)
        assert "q / Ctrl+Q quit (this match is not saved: it ends here)" in sheet
        assert "F3 your lifetime statistics (nothing is read or recorded with --data-dir -)" in sheet
        assert note.endswith("Quit with q (this match is not saved: it ends here).")
        for text in (sheet, note):
            assert "is saved" not in text and "resume" not in text
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan, size=(100, 70)) as (app, pilot):
        sheet, note = await sheet_and_ctrl_z_note(app, pilot, monkeypatch)
        assert "q / Ctrl+Q quit (your match is saved: gin-tui will resume it)" in sheet
        assert "F3 your lifetime statistics ⏎ / Space / n after a hand" in sheet
        assert note.endswith("Quit with q (your match is saved: gin-tui will resume it).")


async def test_without_saving_ctrl_s_changes_the_settings_for_this_run_and_writes_no_file(monkeypatch):
    """gin-tui --data-dir -: Ctrl+S in F2 wrote the settings file, and said
    the new rules apply to the next match, which kept the match's own."""
    path, text = classic_expert_settings_file()
    app = unsaved_app(monkeypatch)
    async with app.run_test(size=(80, 40), notifications=True) as pilot:
        await settle(app, pilot)
        screen = await open_settings(app, pilot)
        screen.query_one("#ascii").value = True
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen) and app.ascii_only
        said = [str(n.message) for n in app._notifications]
        assert "Settings changed for this run only (nothing is saved with --data-dir -)." in said, said
        assert path.read_text() == text
        screen = await open_settings(app, pilot)  # the run's settings, as changed
        assert screen.query_one("#ascii").value and screen.query_one("#preset").value == "standard"
    assert path.read_text() == text


async def test_without_saving_the_next_match_has_the_rules_and_opponent_f2_shows(monkeypatch):
    """gin-tui --data-dir - --ai easy: knock limit 8 and the expert set in F2
    "for your next match" (and saved to the settings file); n after the match
    went on with the easy computer and knock limit 10."""
    path, text = classic_expert_settings_file()
    app = unsaved_app(monkeypatch, "--ai", "easy")
    app.session.reset(scenarios.match_point())
    async with app.run_test(size=(80, 40), notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("s")  # draw the ace of spades
        await settle(app, pilot)
        screen = await open_settings(app, pilot)
        assert screen.query_one("#ai").value == "easy"
        await save_and_keep_playing(app, pilot, screen, {"#rule-knock_limit": "8", "#ai": "expert"})
        said = [str(n.message) for n in app._notifications]
        assert ("Settings changed for this run only (nothing is saved with --data-dir -). "
                "This match goes on; the next one uses them.") in said, said
        assert app.session.opponent_name == "Computer (easy)" and app.session.state.rules.knock_limit == 10
        await finish_the_match(app, pilot)
        await pilot.press("n")
        await settle(app, pilot)
        state = app.session.state
        assert not state.over and state.hand_no == 1 and state.rules == PRESETS["standard"].with_options(knock_limit=8)
        assert app.session.opponent_name == "Computer (expert)"
        screen = await open_settings(app, pilot)
        assert screen.query_one("#ai").value == "expert" and screen.query_one("#rule-knock_limit").value == "8"
        assert str(screen.query_one("#match-rules").render()).endswith(", as set below.")
    assert path.read_text() == text


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("timer", 30, "move timer 30 s"),
        ("timer", None, "no move timer"),
        ("next_dealer", "winner", "the winner deals next"),
        ("next_dealer", "alternate", "the deal alternates"),
        ("big_gin", True, "big gin allowed"),
        ("big_gin", False, "no big gin"),
        ("tie_is_undercut", False, "a tie is no undercut"),
        ("upcard_offer", False, "no upcard offer"),
        ("oklahoma", True, "oklahoma"),
        ("knock_limit", 7, "knock limit 7"),
        ("void_stock", 4, "void at 4 cards left in the stock"),  # not on the form: F2 stopped with a KeyError
    ],
)
def test_the_match_line_says_each_rule_option_in_words(name, value, words):
    """F2's line for the match in play said "move timer, s 30", "who deals
    next winner" and "big gin allowed yes"."""
    from ginrummy_tui.storage.rule_words import option_text

    assert option_text(name, value) == words


async def test_many_refused_values_leave_the_form_room_and_the_first_of_them_in_view(tmp_path):
    """At 46×21, eight values emptied and Ctrl+S: a line for each reason under the
    form left it six rows, and the field given the focus was not in them."""
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan, size=(46, 21)) as (app, pilot):
        screen = await open_settings(app, pilot)
        names = ["knock_limit", "gin_bonus", "undercut_bonus", "big_gin_bonus", "target", "box_bonus", "game_bonus"]
        screen.query_one("#rule-big_gin").value = True  # without Big Gin its bonus is not read
        for fid in [f"rule-{name}" for name in names] + ["pause"]:
            screen.query_one(f"#{fid}").value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        lines = str(screen.query_one("#settings-error").render()).splitlines()
        assert len(lines) == 3 and lines[-1] == "…and 6 more, each row marked ✗", lines
        knock = screen.query_one("#rule-knock_limit")
        assert app.focused is knock
        assert screen.query_one("#settings").scrollable_content_region.contains_region(knock.region)
        assert len(screen.query(".-refused")) == 8  # every refused row still marked


async def test_f2_opens_on_a_match_with_a_rule_option_the_form_does_not_offer(tmp_path):
    """gin-tui --rule void_stock=4, then F2: the line on the match in play looked
    the option up among the form's labels, and the game stopped (KeyError)."""
    plan = prepare(args_for(tmp_path, rule=["void_stock=4"]), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        line = " ".join(str(screen.query_one("#match-rules").render()).split())
        assert "standard rules (changed: void at 4 cards left in the stock)" in line, line


async def test_each_choice_of_who_deals_next_shows_whole(tmp_path):
    """With the winner dealing next, F2 showed "The winner of the" at every width."""
    from ginrummy_tui.tui.screens.settings_screen import DEALER_LABELS

    for size in [(80, 24), (46, 24)]:
        for value, words in DEALER_LABELS:
            plan = prepare(args_for(tmp_path / value, rule=[f"next_dealer={value}"]), ask=None)
            async with running(plan, size=size) as (app, pilot):
                screen = await open_settings(app, pilot)
                screen.query_one("#settings").scroll_to_widget(screen.query_one("#rule-next_dealer"), animate=False)
                await pilot.pause()
                assert words in screen_text(app), (size, words)


def test_the_match_line_has_words_for_every_rule_option():
    """An option the form does not offer (void_stock) was looked up among the
    form's labels: F2 stopped with a KeyError. Every option of the rules has words."""
    from dataclasses import fields

    from ginrummy_tui.engine import PRESETS, Rules
    from ginrummy_tui.storage.rule_words import option_text

    standard = PRESETS["standard"]
    for f in fields(Rules):
        if f.name != "name":
            words = option_text(f.name, getattr(standard, f.name))
            assert words and "_" not in words, (f.name, words)


async def test_with_oklahoma_the_knock_limit_says_the_upcard_sets_it(tmp_path):
    """F2 in an Oklahoma match showed "Knock limit (deadwood) 10" beside "Oklahoma yes", with
    nothing to say that the upcard sets the limit and the 10 is not used."""
    plan = prepare(args_for(tmp_path, rules="oklahoma"), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        await pilot.pause()
        note = "Not used with Oklahoma: each hand's first upcard sets the limit."
        lines = screen_text(app).splitlines()
        limit = next(i for i, line in enumerate(lines) if "Knock limit (deadwood)" in line)
        assert note in lines[limit + 1]
        assert screen.query_one("#rule-knock_limit").has_class("-unused")
        screen.query_one("#rule-oklahoma").value = False  # the limit on the form counts again
        await pilot.pause()
        assert note not in screen_text(app)
        assert not screen.query_one("#rule-knock_limit").has_class("-unused")
        screen.query_one("#rule-oklahoma").value = True
        await pilot.pause()
        assert note in screen_text(app)


@pytest.mark.parametrize("width", [46, 50])
async def test_at_the_narrowest_every_label_keeps_a_space_before_its_value(tmp_path, width):
    """46×21 and 50×21 with --ascii, the form scrolled (its scroll bar takes two columns):
    the longest labels ran into their values ("Game bonus (match winner)0", "Oklahoma
    (upcard = limit)[ ] no").  Read on the screen, every label's words are whole (on two
    lines where they are too long for the label column) with a blank after them, and the
    values start in one column."""
    from textual.widgets import Label

    # a game bonus: the shutout row is shown (hidden where there is none)
    plan = prepare(args_for(tmp_path, ascii=True, rule=["game_bonus=50"]), ask=None)
    async with running(plan, size=(width, 21)) as (app, pilot):
        screen = await open_settings(app, pilot)
        form = screen.query_one("#settings")
        columns = set()
        for row in screen.query(".row"):
            label, control = row.children
            assert isinstance(label, Label)
            if not row.display:
                continue
            form.scroll_to_widget(row, animate=False, immediate=True)
            await until(pilot, lambda row=row: form.content_region.contains_region(row.region))
            await pilot.pause()
            lines = screen_text(app).splitlines()[label.region.y : label.region.bottom]
            words = [line[label.region.x + 3 : control.region.x] for line in lines]  # past the marks
            assert " ".join(" ".join(words).split()) == label.text, (width, lines)  # whole
            assert all(part.endswith(" ") for part in words), (width, lines)  # a blank after them
            columns.add(control.region.x)
        assert len(columns) == 1, (width, columns)


@pytest.mark.parametrize("size", [(46, 21), (50, 21), (54, 24), (60, 24), (63, 24), (64, 24), (80, 24)])
async def test_every_value_of_the_form_starts_in_one_column_at_every_width(monkeypatch, size):
    """gin-tui --data-dir - --seed 7, F2 at 60x24 or 46x21: the choice lists (Rules preset,
    Who deals next, Opponent level, Theme) had their values at column 21, every other
    field at column 33 (in one column from 64 on).  Every value, the mouse's words too,
    starts in one column at every width; every label's words are on the screen, whole,
    before it (on two lines where the label column is narrow), and the lists' longest
    values whole beside their labels."""
    from textual.widgets import Select

    from ginrummy_tui.tui.widgets.field_label import FieldLabel

    app = unsaved_app(monkeypatch, "--seed", "7")
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        screen = await open_settings(app, pilot)
        screen.query_one("#theme").value = "catppuccin-macchiato"
        await pilot.pause()
        form = screen.query_one("#settings")
        columns = {}
        for row in screen.query(".row"):
            if not row.display:
                continue
            label, value = row.children
            assert isinstance(label, FieldLabel)
            form.scroll_to_widget(row, animate=False, immediate=True)
            await until(pilot, lambda row=row: form.content_region.contains_region(row.region))
            await pilot.pause()
            columns[str(value.id)] = value.region.x
            lines = screen_text(app).splitlines()
            # past the three columns of the marks (the row in focus: ▶)
            said = " ".join(line[label.region.x + 3 : value.region.x] for line in lines[row.region.y : row.region.bottom])
            assert " ".join(said.split()) == label.text, (size, said)
            assert value.region.y == label.region.y, (size, value.id)  # on its label's (first) line
            if isinstance(value, Select) and value.id != "preset":
                line = lines[value.region.y][value.region.x : value.region.right]
                assert line.strip(" ▼") == value.selection or line.strip(" ▼") == {
                    "rule-next_dealer": "Alternate every hand", "ai": "standard"}[str(value.id)], (size, line)
        assert len(set(columns.values())) == 1, (size, columns)
        assert "mouse" in columns


async def test_the_form_says_which_values_come_from_the_command_line_for_this_run(tmp_path):
    """gin-tui --ai easy --pause 0.2: the form showed "Opponent level easy", and Ctrl+S
    after another change kept the saved standard, with nothing on the form to say so."""
    (tmp_path / "settings.json").write_text(json.dumps({"ai": "expert", "pause": 0.5}))
    plan = prepare(args_for(tmp_path, ai="easy", pause=0.2), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        said = " ".join(str(screen.query_one("#run-only").render()).split())
        assert said == (
            "From the command line, for this run: opponent level easy (saved: expert); computer's pause "
            "0.2 s (saved: 0.5 s). Ctrl+S saves only what you change here. To save opponent level easy, "
            "choose easy again in Opponent level."
        )


@pytest.mark.parametrize("ascii", [False, True])
async def test_the_command_line_s_pause_keeps_its_number_and_unit_on_one_line(tmp_path, ascii):
    """gin-tui --pause 0.2 at 80x24, F2: "From the command line, for this run: computer's
    pause 0.2 s (saved: 0.6" ended a line, "s). Ctrl+S saves..." began the next.  Each
    number is on the line of its unit, every word of the line on the screen, and with
    --ascii the line is ASCII alone (its no-break spaces plain ones)."""
    (tmp_path / "settings.json").write_text(json.dumps({"pause": 0.6, "ascii": ascii}))
    plan = prepare(args_for(tmp_path, pause=0.2), ask=None)
    async with running(plan, size=SIZE) as (app, pilot):
        screen = await open_settings(app, pilot)
        line = screen.query_one("#run-only")
        rows = [row[line.region.x : line.region.right] for row in screen_text(app).splitlines()[line.region.y : line.region.bottom]]
        assert len(rows) == 2, rows
        assert any("pause 0.2 s " in row for row in rows) and any("0.6 s)." in row for row in rows), rows
        assert " ".join(" ".join(rows).split()) == (
            "From the command line, for this run: computer's pause 0.2 s (saved: 0.6 s). "
            "Ctrl+S saves only what you change here."
        )
        assert str(line.render()).isascii() or not ascii
        assert all(row.isascii() for row in rows), rows


async def test_the_form_says_nothing_of_the_command_line_without_its_choices(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"ai": "expert", "pause": 0.5}))
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        assert not screen.query("#run-only")


async def test_a_target_from_the_command_line_is_said_as_a_target(tmp_path):
    """--rule target=10: the form read "standard rules (changed: the target, 100 there), to 10"
    and "standard rules (changed: the target, 100 there) (saved: standard rules)"."""
    plan = prepare(args_for(tmp_path, rule=["target=10"]), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        line = " ".join(str(screen.query_one("#run-only").render()).split())
        assert line.startswith("From the command line, for this run: standard rules, to 10 (saved: standard rules, to 100).")
        match = " ".join(str(screen.query_one("#match-rules").render()).split())
        assert match.startswith("The match in play: standard rules, to 10, opponent level standard"), match


async def test_a_rule_changed_in_the_form_is_not_said_to_come_from_the_command_line(tmp_path):
    """gin-tui --rules classic, a knock limit of 8 saved in F2 (onto the saved standard rules): the
    form then said "From the command line, for this run: classic rules (changed: knock limit 8), to
    100 (saved: standard rules (changed: knock limit 8), to 100)", crediting F2's change to the
    command line.  What tells the two apart is the preset."""
    plan = prepare(args_for(tmp_path, rules="classic"), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        screen.query_one("#rule-knock_limit").value = "8"
        await pilot.press("ctrl+s")  # nobody has moved: the match is dealt again with it
        await settle(app, pilot)
        assert saved_settings(tmp_path)["rules"] == {"preset": "standard", "options": {"knock_limit": 8}}
        screen = await open_settings(app, pilot)
        line = " ".join(str(screen.query_one("#run-only").render()).split())
        assert line.startswith(
            "From the command line, for this run: classic rules, to 100 (saved: standard rules, to 100; both with knock limit 8)."
        ), line
        match = " ".join(str(screen.query_one("#match-rules").render()).split())
        assert match.startswith("The match in play: classic rules (changed: knock limit 8), to 100"), match


async def test_the_void_is_a_rule_option_of_the_form_and_is_saved(tmp_path):
    """The settings had a field for each rule option but the void (``void_stock``): the stock
    at which a hand is void could be set on the command line alone, and F2's docs said "each
    single rule option"."""
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        assert screen.query_one("#rule-void_stock").value == "2"
        screen.query_one("#rule-void_stock").value = "11"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen  # refused, in the rules' words
        said = " ".join(str(screen.query_one("#settings-error").render()).split())
        assert '"Void: stock down to": must be between 0 and 10 (not 11)' in said, said  # not "Void: stock down to: must..."
        screen.query_one("#rule-void_stock").value = "4"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert saved_settings(tmp_path)["rules"] == {"preset": "standard", "options": {"void_stock": 4}}
        assert app.session.state.rules.void_stock == 4  # nobody had moved: dealt again with it
        await pilot.press("question_mark")
        await settle(app, pilot)
        said = " ".join(screen_text(app).split())
        assert "Rules in play: standard (changed: void" in said, said


async def test_a_rule_saved_is_said_saved_beside_one_from_the_command_line(tmp_path):
    """A void of 5 saved in F2, then gin-tui --rule knock_limit=7: the form said "standard rules
    (changed: knock limit 7), to 100 (saved: standard rules, to 100)", where the file held the
    void of 5 (and the run played with it too)."""
    (tmp_path / "settings.json").write_text(json.dumps({
        "format": "gin-tui settings", "version": 1,
        "rules": {"preset": "standard", "options": {"void_stock": 5}},
    }))
    plan = prepare(args_for(tmp_path, rule=["knock_limit=7"]), ask=None)
    async with running(plan) as (app, pilot):
        assert app.session.state.rules.void_stock == 5 and app.session.state.rules.knock_limit == 7
        screen = await open_settings(app, pilot)
        line = " ".join(str(screen.query_one("#run-only").render()).split())
        assert line.startswith(
            "From the command line, for this run: standard rules (changed: knock limit 7), to 100 (saved: standard "
            "rules, to 100; both with void at 5 cards left in the stock)."
        ), line


async def test_a_knock_limit_saved_beside_oklahoma_is_not_named_nor_a_change_of_the_rules(tmp_path):
    """A settings file from F2 with Oklahoma ticked and the dimmed knock limit changed: the
    header said "standard rules (changed: knock limit, oklahoma)" and the rule sheet named the
    knock limit too, which the upcard set all the same; F2 took a limit typed in the dimmed field
    for a change of the rules and asked whether to start a new match."""
    (tmp_path / "settings.json").write_text(json.dumps({
        "format": "gin-tui settings", "version": 1,
        "rules": {"preset": "standard", "options": {"knock_limit": 5, "oklahoma": True}},
    }))
    plan = prepare(args_for(tmp_path, new=True), ask=None)
    async with running(plan, size=(120, 30)) as (app, pilot):
        assert app.session.state.rules == PRESETS["standard"].with_options(oklahoma=True)
        head = screen_text(app).splitlines()[0]
        assert "standard rules (changed: oklahoma)" in head and "knock limit" not in head
        await pilot.press("question_mark")
        await settle(app, pilot)
        assert "Rules in play: standard (changed: oklahoma)" in screen_text(app)
        await pilot.press("escape")
        await settle(app, pilot)
        screen = await open_settings(app, pilot)
        line = " ".join(str(screen.query_one("#match-rules").render()).split())
        assert line.startswith("The match in play: standard rules (changed: oklahoma), to 100") and "knock" not in line
        limit = screen.query_one("#rule-knock_limit")
        assert limit.has_class("-unused") and limit.value == "10"
        limit.value = "11"  # dimmed: not used, so neither a change of the rules nor refused
        await pilot.pause()
        assert screen.query_one("#preset").value == "custom"  # standard, changed by Oklahoma alone
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)  # no question about a new match: nothing changed
        assert saved_settings(tmp_path)["rules"] == {"preset": "standard", "options": {"oklahoma": True}}


async def test_a_match_given_up_for_new_settings_after_a_hint_but_no_move_leaves_no_record(tmp_path):
    """A hint asked at the start of a match, then new rules saved on F2 (a new match
    with them at once): the match's row, made by the hint, stayed "0-0 in progress"
    in F3 and the export for good; docs/saving.md says one set aside before the
    first move counts as nothing."""
    plan = prepare(args_for(tmp_path), ask=None)
    first_id = plan.keeper.match_id
    async with running(plan) as (app, pilot):
        await pilot.press("h")
        await settle(app, pilot)
        assert plan.keeper.writes.settle(5)
        hist = plan.keeper.shared_history().get()
        assert hist.read("SELECT hints FROM matches WHERE uid = ?", (first_id,)) == [(1,)]  # the hint made it
        screen = await open_settings(app, pilot)
        screen.query_one("#rule-knock_limit").value = "7"
        screen.query_one("#rule-gin_bonus").value = "30"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert plan.keeper.match_id != first_id and app.session.state.rules.knock_limit == 7
        assert plan.keeper.writes.settle(5)
        assert hist.read("SELECT id FROM matches WHERE uid = ?", (first_id,)) == []
        assert hist.read("SELECT count(*) FROM hints") == [(0,)]


@pytest.mark.parametrize("size", [(46, 21), (100, 30)])
async def test_the_settings_come_back_from_a_terminal_too_small_with_the_field_that_had_the_focus(tmp_path, size):
    """F2, Enter on the Rules preset (its menu opens), the window made 30x10
    ("Terminal too small"), then big enough again: the preset field has the focus
    again (its row marked), and Tab goes on to the next field. It had lost the
    focus: no row marked, Down scrolled the whole form, Tab went to the form."""
    from textual.widgets import Select

    from ginrummy_tui.tui.widgets.field_label import FieldLabel

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan, size=SIZE) as (app, pilot):
        await settle(app, pilot)
        screen = await open_settings(app, pilot)
        preset = screen.query_one("#preset", Select)
        assert app.focused is preset
        await pilot.press("enter")
        await pilot.pause()
        assert preset.expanded
        await pilot.resize_terminal(30, 10)
        await pilot.pause()
        assert app.too_small
        await pilot.resize_terminal(*size)
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen and app.focused is preset and not preset.expanded
        marked = [label for label in screen.query(FieldLabel) if label.focused]
        assert [label.parent for label in marked] == [preset.parent]
        following = screen.focus_chain[screen.focus_chain.index(preset) + 1]
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is following and following.parent.has_class("row")
        # a field further down comes back too, in view
        pause = screen.query_one("#pause")
        pause.focus()
        await pilot.pause()
        await pilot.resize_terminal(30, 10)
        await pilot.pause()
        await pilot.resize_terminal(*size)
        await pilot.pause()
        await pilot.pause()
        form = screen.query_one("#settings")
        assert app.focused is pause and form.scrollable_content_region.contains_region(pause.region)


async def test_tab_and_shift_tab_in_the_settings_stop_only_on_fields(tmp_path):
    """Shift+Tab from "Rules preset" stopped on the scrolling form itself, where
    nothing showed the focus (the ▶ marker gone, Down then scrolled it): every
    stop of Tab is a field or a button."""
    from textual.containers import VerticalScroll

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        form = screen.query_one("#settings", VerticalScroll)
        assert screen.focused is not None and screen.focused.id == "preset"
        for key in ("shift+tab", "tab", "tab") + ("tab",) * 40:
            await pilot.press(key)
            await pilot.pause()
            assert screen.focused is not None and screen.focused is not form, key


@pytest.mark.parametrize("size", [(80, 24), (46, 21)])
async def test_home_end_and_the_page_keys_in_the_settings_take_the_focus_with_the_form(tmp_path, size):
    """Home scrolled the form to its top and left the focus on a field out of sight:
    at 80x24, ↓ 17 times to "One-click discard", Home, ⏎ ticked the hidden box; at
    46x21 a list opened by ⏎ after Home stood loose from its field.  Home and End go
    to the first and the last field, PgUp and PgDn move the focus a page with the
    form; the field with the focus is in view after each (in a number field Home and
    End stay in its text)."""
    from textual.containers import VerticalScroll

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan, size=size) as (app, pilot):
        screen = await open_settings(app, pilot)
        form = screen.query_one("#settings", VerticalScroll)

        def in_view(field_id: str) -> None:
            assert screen.focused is not None and screen.focused.id == field_id
            assert form.scrollable_content_region.contains_region(screen.focused.region), field_id

        await pilot.press(*["down"] * 18)  # 17 before the void's field came
        await pilot.pause()
        in_view("one-click")
        await pilot.press("home")
        await pilot.pause()
        in_view("preset")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.query_one("#one-click").value is False  # not ticked out of sight
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        in_view("theme")
        ups = []
        while screen.focused is not None and screen.focused.id != "preset" and len(ups) < 20:
            await pilot.press("pageup")
            await pilot.pause()
            assert screen.focused is not None
            ups.append(screen.focused.id)
            in_view(ups[-1])
        assert ups[-1] == "preset" and 1 < len(ups) < 10, ups
        assert form.scroll_y == 0 or size[1] < 24
        downs = []
        while screen.focused is not None and screen.focused.id != "theme" and len(downs) < 20:
            await pilot.press("pagedown")
            await pilot.pause()
            assert screen.focused is not None
            downs.append(screen.focused.id)
            in_view(downs[-1])
        assert downs[-1] == "theme" and 1 < len(downs) < 10, downs
        screen.query_one("#pause").focus()
        await pilot.pause()
        await pilot.press("home")
        await pilot.pause()
        in_view("pause")


async def test_a_pause_of_minus_zero_is_saved_as_zero(tmp_path):
    """A pause typed "-0" was saved as -0.0, and the form showed "-0" when opened again."""
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        screen.query_one("#pause").value = "-0"
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert saved_settings(tmp_path)["pause"] == 0 and "-0" not in (tmp_path / "settings.json").read_text()
        screen = await open_settings(app, pilot)
        assert screen.query_one("#pause").value == "0"


async def test_pgup_on_the_first_field_shows_the_top_of_the_settings(tmp_path):
    """At 46x21, with a long line on the match in play, the form began mid-sentence and Home
    and PgUp stopped at the first field: the heading and the start of "The match in play: ..."
    could not be reached by keys (with --no-mouse, not at all).  PgUp on the first field
    scrolls the form to its top."""
    from textual.containers import VerticalScroll

    plan = prepare(args_for(tmp_path, rules="standard", ai="easy", pause=0, theme="nord", no_mouse=True,
                            rule=["knock_limit=7"]), ask=None)
    async with running(plan, size=(46, 21)) as (app, pilot):
        screen = await open_settings(app, pilot)
        form = screen.query_one("#settings", VerticalScroll)
        screen.query_one("#ai").value = "expert"  # the line on the match in play grows: taller than a page
        await pilot.pause()
        await pilot.press("home")
        await pilot.pause()
        assert screen.focused is not None and screen.focused.id == "preset"
        assert form.scroll_y > 0  # the first field in view, the lines above it not
        await pilot.press("pageup")
        await pilot.pause()
        assert form.scroll_y == 0
        assert "Rules for your next match" in screen_text(app)
        assert screen.focused is not None and screen.focused.id == "preset"  # the focus stays


async def test_the_wheel_over_an_open_drop_down_does_not_scroll_the_settings_page(tmp_path):
    """Wheel-up over the open Theme list, at the top of the list, scrolled the form
    under it, hiding the list while the key bar still said "esc Dismiss menu": the
    wheel over an open list scrolls the list, or nothing."""
    from textual import events
    from textual.containers import VerticalScroll
    from textual.widgets._select import SelectOverlay

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan, (80, 24)) as (app, pilot):
        screen = await open_settings(app, pilot)
        form = screen.query_one("#settings", VerticalScroll)
        theme = screen.query_one("#theme", ChoiceField)
        theme.focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert theme.expanded
        overlay = theme.query_one(SelectOverlay)
        at = form.scroll_y
        assert at > 0  # the page can scroll up: the Theme row is below its first screen
        for wheel in (events.MouseScrollUp, events.MouseScrollDown, events.MouseScrollUp):
            overlay.scroll_to(y=0, animate=False, immediate=True)
            overlay.post_message(wheel(overlay, 1, 0, 0, 0, 0, False, False, False))
            await pilot.pause()
            await pilot.pause()
            assert form.scroll_y == at and theme.expanded, wheel


async def test_in_a_network_match_the_settings_say_the_hosts_target_once():
    """The host's changed classic rules to 20 read "by the host's rules (classic (changed: a tie
    is no undercut, target 20), to 20)": the target twice."""
    from ginrummy_tui.engine import PRESETS, new_game
    from ginrummy_tui.tui.app import make_app

    rules = PRESETS["classic"].with_options(tie_is_undercut=False, target=20)
    app = make_app(state=new_game(rules=rules, seed=2), pause=0)
    app.session.computes_opponent = False  # the seat of a match played over the network
    async with app.run_test(size=(80, 40)) as pilot:
        await settle(app, pilot)
        screen = await open_settings(app, pilot)
        line = str(screen.query_one("#match-rules").render())
        assert line.startswith(
            "The match in play is played over the network by the host's rules "
            "(classic (changed: a tie is no undercut), to 20): "
        ), line


async def test_the_shutout_box_is_off_without_a_game_bonus_and_never_saved_where_unusable(tmp_path):
    """F2 took a shutout where there was no game bonus; and on a form of classic rules from the
    command line (the saved preset standard, to 30) ticking shutout saved {"preset": "standard",
    "options": {"target": 30, "shutout": true}}, while the form said "Ctrl+S saves only what you
    change here"."""
    (tmp_path / "settings.json").write_text(json.dumps({
        "format": "gin-tui settings", "version": 1, "rules": {"preset": "standard", "options": {"target": 30}},
    }))
    plan = prepare(args_for(tmp_path, rules="classic", rule=["shutout=false"], new=True), ask=None)
    async with running(plan, size=(100, 40)) as (app, pilot):
        screen = await open_settings(app, pilot)
        said = " ".join(str(screen.query_one("#run-only").render()).split())
        assert said.endswith(
            "Ctrl+S saves only what you change here: a rule option you change is saved onto the saved "
            "standard rules (classic is for this run). To save classic rules, choose classic again in Rules preset."
        ), said
        box = screen.query_one("#rule-shutout")
        assert not box.disabled and box.value is False
        screen.query_one("#rule-game_bonus").value = "0"
        await pilot.pause()
        assert box.disabled and not box.parent.display  # nothing to double
        assert "Shutout: not used without a game bonus (there is nothing to double)." in screen_text(app)
        screen.query_one("#rule-game_bonus").value = "100"
        await pilot.pause()
        assert not box.disabled and box.parent.display
        box.value = True
        await pilot.pause()
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        if isinstance(app.screen, NewMatchQuestion):
            await pilot.press("n")
            await settle(app, pilot)
        assert saved_settings(tmp_path)["rules"] == {"preset": "standard", "options": {"target": 30}}
        screen = await open_settings(app, pilot)
        screen.query_one("#preset").value = "standard"  # a preset with no game bonus
        await pilot.pause()
        box = screen.query_one("#rule-shutout")
        assert box.disabled and box.value is False


@pytest.mark.parametrize("width", [80, 100])
async def test_every_fields_label_stands_two_columns_before_its_field(tmp_path, width):
    """At 80 columns, classic rules: "Shutout doubles game bonus [X] yes" had one space before
    its box where the other rows have two."""
    from ginrummy_tui.tui.widgets.field_label import FieldLabel

    plan = prepare(args_for(tmp_path, rules="classic", new=True), ask=None)
    async with running(plan, size=(width, 24)) as (app, pilot):
        screen = await open_settings(app, pilot)
        labels = [label for label in screen.query(FieldLabel) if label.parent is not None and label.parent.display]
        assert any(label.text.startswith("Shutout") for label in labels)
        # the label's three columns of marks, its words, two blank columns
        tight = {label.text: label.size.width for label in labels if 3 + len(label.text) + 2 > label.size.width}
        assert not tight, tight


async def pick_again(app, pilot, screen: SettingsScreen, field: str, ups: int = 0) -> None:
    """In F2's ``screen``, open the list of ``field`` and choose the choice it shows
    (Enter, Enter), or the one ``ups`` rows above it."""
    screen.query_one(field).focus()
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    assert screen.query_one(field).expanded
    await pilot.press(*["up"] * ups, "enter")
    await pilot.pause()
    assert not screen.query_one(field).expanded


@pytest.mark.parametrize("rule", [None, ["knock_limit=7"]])
async def test_a_preset_given_with_rules_chosen_again_in_f2_is_saved_for_the_next_matches(tmp_path, rule):
    """gin-tui --rules classic, F2, classic chosen in Rules preset, Ctrl+S: the form said
    "Settings saved." and the settings file kept standard, as choosing the preset shown
    was no change; the next gin-tui without --rules played standard rules."""
    (tmp_path / "settings.json").write_text(json.dumps({"ai": "expert", "theme": "nord"}))
    plan = prepare(args_for(tmp_path, rules="classic", rule=rule, ai="easy", theme="gruvbox", new=True), ask=None)
    async with running(plan, size=(100, 40)) as (app, pilot):
        screen = await open_settings(app, pilot)
        said = " ".join(str(screen.query_one("#run-only").render()).split())
        assert said.endswith(
            "(classic is for this run). To save one of them, choose it again in its list (classic in Rules preset, "
            "easy in Opponent level, gruvbox in Theme)."
        ), said
        assert not screen.unsaved()
        # classic, shown as "classic (changed)" with --rule knock_limit=7 (the list's last row)
        await pick_again(app, pilot, screen, "#preset", ups=2 if rule else 0)
        assert screen.query_one("#preset").value == "classic"
        assert screen.query_one("#rule-knock_limit").value == "10"  # the preset's own options
        assert screen.unsaved()  # the settings file has another preset: Escape asks first
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        if isinstance(app.screen, NewMatchQuestion):  # --rule knock_limit=7: the rules did change
            await pilot.press("n")
            await settle(app, pilot)
        assert not isinstance(app.screen, SettingsScreen)
        data = saved_settings(tmp_path)
        assert data["rules"] == {"preset": "classic", "options": {}}, data
        assert (data["ai"], data["theme"]) == ("expert", "nord")  # not chosen here: --ai easy was for this run
        screen = await open_settings(app, pilot)
        await pick_again(app, pilot, screen, "#ai")
        await pick_again(app, pilot, screen, "#theme")
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert (saved_settings(tmp_path)["ai"], saved_settings(tmp_path)["theme"]) == ("easy", "gruvbox")
    later = prepare(args_for(tmp_path, seed=None, new=True), ask=None)
    try:
        assert later.settings.preset == "classic" and later.state.rules == PRESETS["classic"]
        assert (later.settings.ai, later.settings.theme) == ("easy", "gruvbox")
    finally:
        later.close()


async def test_the_preset_list_offers_the_changed_preset_only_while_an_option_differs(tmp_path):
    """With nothing changed the preset list still ended with "standard (changed)", a choice
    of nothing: it is offered once an option differs, and goes when they match again."""
    from textual.widgets import Select

    plan = prepare(args_for(tmp_path, new=True), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        preset = screen.query_one("#preset", Select)

        def listed() -> list[str]:
            return [str(label) for label, _value in preset._options]

        assert preset.value == "standard"
        assert not any("(changed)" in label for label in listed()), listed()
        knock = screen.query_one("#rule-knock_limit")
        knock.value = "8"
        await pilot.pause()
        assert preset.value == "custom" and "standard (changed)" in listed()
        knock.value = "10"
        await pilot.pause()
        assert preset.value == "standard" and not any("(changed)" in label for label in listed())
        await pilot.press("enter")  # the list opened on the screen: the presets alone
        await pilot.pause()
        assert preset.expanded
        assert "(changed)" not in screen_text(app)


async def test_without_big_gin_the_big_gin_bonus_is_dimmed_and_said_unused(tmp_path):
    """F2 showed "Big Gin bonus 31" like any option while Big Gin was off, a bonus never
    scored: the field is dimmed and a note under it says so, until Big Gin is ticked."""
    from textual.widgets import Checkbox

    plan = prepare(args_for(tmp_path, new=True), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        bonus = screen.query_one("#rule-big_gin_bonus")
        assert not screen.query_one("#rule-big_gin", Checkbox).value
        assert bonus.has_class("-unused")
        assert "Not used without Big Gin." in screen_text(app)
        screen.query_one("#rule-big_gin", Checkbox).value = True
        await pilot.pause()
        assert not bonus.has_class("-unused")
        assert "Not used without Big Gin." not in screen_text(app)


async def test_a_field_not_used_is_passed_by_and_takes_no_typing(tmp_path):
    """Without Big Gin the dimmed Big Gin bonus took the focus from Tab and ↓ and
    took typing, and Ctrl+S then dropped what was typed without a word: it is passed
    by, as a form's disabled field, until Big Gin is ticked (its value kept)."""
    from textual.widgets import Checkbox, Input

    plan = prepare(args_for(tmp_path, new=True), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        box = screen.query_one("#rule-big_gin", Checkbox)
        bonus = screen.query_one("#rule-big_gin_bonus", Input)
        before = bonus.value
        assert not box.value
        for key, back in (("tab", "shift+tab"), ("down", "up")):
            box.focus()
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            assert screen.focused is not None and screen.focused is not bonus, key
            await pilot.press(back)
            await pilot.pause()
            assert screen.focused is box, back
        await pilot.click(bonus)
        await pilot.press("5")
        await pilot.pause()
        assert screen.focused is not bonus and bonus.value == before
        box.value = True  # used again: a stop of Tab, with the value it had
        await pilot.pause()
        box.focus()
        await pilot.press("tab")
        await pilot.pause()
        assert screen.focused is bonus and bonus.value == before


@pytest.mark.parametrize("size", [(46, 21), (50, 22), (60, 21), (80, 24)])
async def test_the_form_opens_at_its_heading_with_the_command_line_s_choices(tmp_path, size):
    """gin-tui --ai easy --pause 0 --rule big_gin=true at 46x21: F2 opened partway down its
    words ("rules, to 100); opponent level easy" first), its heading shown only after PageUp."""
    plan = prepare(args_for(tmp_path, ai="easy", pause=0.0, rule=["big_gin=true"]), ask=None)
    async with running(plan, size=size) as (app, pilot):
        screen = await open_settings(app, pilot)
        for _ in range(4):
            await pilot.pause()
        rows = screen_text(app).splitlines()
        form = screen.query_one("#settings")
        assert form.scroll_y == 0
        assert "Rules for your next match" in rows[1] + rows[2], rows[:4]
        field = screen.query_one("#preset")
        assert screen.focused is field
        assert form.content_region.contains_region(field.region), (field.region, form.content_region)


async def test_question_mark_opens_the_rule_sheet_from_every_kind_of_field_as_the_key_bar_says(tmp_path):
    """The key bar showed "? Rules" while a number field had the focus, but ``?`` did
    nothing there (the field took it, and typed nothing): from a number, a yes-or-no
    box and a choice ``?`` opens the rule sheet, and the number is left as it was."""
    from textual.widgets import Input

    from ginrummy_tui.tui.screens.rules_screen import RulesScreen
    from ginrummy_tui.tui.widgets.key_bar import KeyBar

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        for field in ("#rule-knock_limit", "#pause", "#rule-tie_is_undercut", "#preset"):
            widget = screen.query_one(field)
            widget.focus()
            await pilot.pause()
            before = screen.query_one("#rule-knock_limit", Input).value, screen.query_one("#pause", Input).value
            assert "? Rules" in screen.query_one(KeyBar).render().plain, field
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen), field
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen and app.focused is widget, field
            assert (screen.query_one("#rule-knock_limit", Input).value, screen.query_one("#pause", Input).value) == before


async def test_down_and_up_move_between_the_fields_and_the_key_bar_says_tab(tmp_path):
    """↓ on a number field only scrolled the form, and only Tab and Shift+Tab moved,
    which nothing said: ↓ and ↑ go to the next and the previous field from a number
    or a yes-or-no box (and now a choice too), and the key bar says "tab Next"."""
    from ginrummy_tui.tui.widgets.key_bar import KeyBar

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        assert "tab Next" in screen.query_one(KeyBar).render().plain
        limit = screen.query_one("#rule-knock_limit")
        limit.focus()
        await pilot.pause()
        assert "tab Next" in screen.query_one(KeyBar).render().plain
        chain = screen.focus_chain
        after = chain[chain.index(limit) + 1]
        await pilot.press("down")
        await pilot.pause()
        assert app.focused is after and after.id == "rule-gin_bonus"
        await pilot.press("up")
        await pilot.pause()
        assert app.focused is limit
        tie = screen.query_one("#rule-tie_is_undercut")
        tie.focus()
        await pilot.pause()
        await pilot.press("down")
        await pilot.pause()
        assert app.focused is chain[chain.index(tie) + 1]
        await pilot.press("up")
        await pilot.pause()
        assert app.focused is tie
        dealer = screen.query_one("#rule-next_dealer", ChoiceField)
        dealer.focus()
        await pilot.pause()
        await pilot.press("down")
        await pilot.pause()
        assert not dealer.expanded and app.focused is chain[chain.index(dealer) + 1]
        await pilot.press("up")
        await pilot.pause()
        assert app.focused is dealer and not dealer.expanded
        await pilot.press("enter")  # a list opens with Enter (or Space)
        await pilot.pause()
        assert dealer.expanded
        await pilot.press("escape")
        await pilot.pause()
        assert not dealer.expanded and app.screen is screen
        # at 46x21 the bar keeps its two rows from field to field (c and q are off it on a
        # number, which takes them as typing): the form does not move as the focus does
        await pilot.resize_terminal(46, 21)
        await pilot.pause()
        for field in (limit, tie, dealer, limit):
            field.focus()
            await pilot.pause()
            assert screen.query_one(KeyBar).region.height == 2, field.id


async def test_options_not_used_are_dimmed_or_hidden_and_never_saved(tmp_path):
    """F2 with a knock limit of 0 (only gin ends a hand) took an undercut bonus, and without
    Big Gin a Big Gin bonus, and saved them as changes of the rules ("standard (changed: big gin
    bonus 5)"), though no hand could score them: the undercut bonus is dimmed and the box of a
    tie's undercut hidden, each with a note, and none of them is read or saved."""
    from textual.widgets import Checkbox

    undercut_note = "Not used with a knock limit of 0: only gin ends a hand."
    tie_note = "A tie is an undercut: not used with a knock limit of 0."
    plan = prepare(args_for(tmp_path, new=True), ask=None)
    async with running(plan, size=(100, 50)) as (app, pilot):
        screen = await open_settings(app, pilot)
        bonus, tie = screen.query_one("#rule-undercut_bonus"), screen.query_one("#rule-tie_is_undercut", Checkbox)
        assert not bonus.has_class("-unused") and tie.parent.display and undercut_note not in screen_text(app)
        screen.query_one("#rule-knock_limit").value = "0"
        screen.query_one("#rule-undercut_bonus").value = "40"
        screen.query_one("#rule-big_gin_bonus").value = "5"
        await pilot.pause()
        assert bonus.has_class("-unused") and not tie.parent.display and tie.disabled
        assert undercut_note in screen_text(app) and tie_note in screen_text(app)
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        if isinstance(app.screen, NewMatchQuestion):
            await pilot.press("n")
            await settle(app, pilot)
        assert saved_settings(tmp_path)["rules"] == {"preset": "standard", "options": {"knock_limit": 0}}
        screen = await open_settings(app, pilot)
        screen.query_one("#rule-knock_limit").value = "5"  # knocks again: the undercut's fields count
        await pilot.pause()
        bonus, tie = screen.query_one("#rule-undercut_bonus"), screen.query_one("#rule-tie_is_undercut", Checkbox)
        assert not bonus.has_class("-unused") and tie.parent.display and not tie.disabled
        assert undercut_note not in screen_text(app) and tie_note not in screen_text(app)


async def test_down_on_a_choice_goes_to_the_next_field_and_leaves_the_preset_as_it_was(tmp_path):
    """↓ on a choice (the rules preset, "Who deals next") opened its list, so a player
    heading down the form with ↓ ↓ ↓ Enter changed the preset to classic (Gin bonus 20,
    Undercut bonus 10) without a word. ↓ and ↑ move between fields on a choice as on a
    number; Enter or Space opens its list, and in the open list ↓ and ↑ move in it."""
    plan = prepare(args_for(tmp_path, ai="expert", pause=0, seed=12), ask=None)
    async with running(plan, size=SIZE) as (app, pilot):
        screen = await open_settings(app, pilot)
        preset = screen.query_one("#preset", ChoiceField)
        assert app.focused is preset and preset.value == "standard"
        gin, undercut = (screen.query_one(f"#rule-{name}").value for name in ("gin_bonus", "undercut_bonus"))
        chain = screen.focus_chain
        await pilot.press("down")
        await pilot.pause()
        assert not preset.expanded and app.focused is chain[chain.index(preset) + 1]
        await pilot.press("up")
        await pilot.pause()
        assert app.focused is preset and not preset.expanded
        await pilot.press("down", "down", "down", "enter")
        await pilot.pause()
        assert preset.value == "standard" and not preset.expanded
        assert (screen.query_one("#rule-gin_bonus").value, screen.query_one("#rule-undercut_bonus").value) == (
            gin, undercut)
        preset.focus()
        await pilot.pause()
        await pilot.press("space")  # Space opens the list; in it ↓ moves to the next choice
        await pilot.pause()
        assert preset.expanded
        await pilot.press("down")
        await pilot.pause()
        assert preset.expanded and app.screen is screen
        await pilot.press("escape")
        await pilot.pause()
        assert not preset.expanded and preset.value == "standard"


@pytest.mark.parametrize("opener", ["enter", "space"])
async def test_keys_typed_with_the_key_that_opens_a_choices_list_move_in_it(tmp_path, opener):
    """⏎ (or Space) and ↓ ⏎ typed in one go on the rules preset (``tmux send-keys Enter Down
    Enter``) showed no list: ↓ came before the list had the focus, went to the next field
    (Knock limit), and the preset stayed standard.  The list opens with the focus in it at
    once: ↓ moves in it, ⏎ picks the next preset."""
    from .app_helpers import in_one_read

    plan = prepare(args_for(tmp_path, ai="expert", pause=0, seed=12), ask=None)
    async with running(plan, size=SIZE) as (app, pilot):
        screen = await open_settings(app, pilot)
        preset = screen.query_one("#preset", ChoiceField)
        assert app.focused is preset and preset.value == "standard"
        await pilot.pause()
        await in_one_read(app, pilot, opener, "down", "enter")
        assert app.focused is preset and not preset.expanded
        assert preset.value == "multiplayer-1.5", preset.value
        await in_one_read(app, pilot, opener, "down")  # the list open, ↓ moved in it
        assert preset.expanded and app.focused is not preset
        await pilot.press("escape")
        await pilot.pause()
        assert not preset.expanded and preset.value == "multiplayer-1.5"


@pytest.mark.parametrize("size", [(60, 24), (46, 21)])
async def test_a_second_click_on_a_box_finds_it_where_the_first_left_it(tmp_path, size):
    """At 60x24 a click on "Big Gin allowed" made the line on the match in play a row longer
    (the next match's rules now differ from it), the fields moved down a row under the pointer,
    and a second click at the same place ticked "A tie is an undercut" instead."""
    from textual.widgets import Checkbox

    plan = prepare(args_for(tmp_path, seed=3), ask=None)
    async with running(plan, size=size) as (app, pilot):
        screen = await open_settings(app, pilot)
        box, tie = screen.query_one("#rule-big_gin", Checkbox), screen.query_one("#rule-tie_is_undercut", Checkbox)
        screen.query_one("#settings").scroll_to_widget(box, animate=False, immediate=True)
        await pilot.pause()
        line = screen.query_one("#match-rules")
        rows = line.outer_size.height
        where = (box.region.x + 1, box.region.y)
        ties = tie.value
        await pilot.click(offset=where)
        await until(pilot, lambda: box.value)
        await pilot.pause()
        await pilot.pause()
        assert line.outer_size.height > rows  # the case: the line above the fields took a row more
        assert (box.region.x + 1, box.region.y) == where, (box.region, where)
        await pilot.click(offset=where)
        await until(pilot, lambda: not box.value)
        await pilot.pause()
        assert tie.value == ties and (box.region.x + 1, box.region.y) == where


@pytest.mark.parametrize("rule", ["timer=none", "timer=45"])
async def test_a_changed_preset_with_a_long_name_still_says_it_is_changed_at_80_columns(tmp_path, rule):
    """`--rules multiplayer-1.5 --rule timer=0` at 80 columns: the score line said "to 100 ·
    multiplayer-1.5 rules", "(changed)" cut off the end, where "standard rules (changed)" fits."""
    plan = prepare(args_for(tmp_path, rules="multiplayer-1.5", rule=[rule]), ask=None)
    async with running(plan, size=(80, 24)) as (app, pilot):
        head = screen_text(app).splitlines()[0].rstrip()
        assert head.endswith("to 100 · multiplayer-1.5 (changed)") and len(head) <= 80, head
    plan = prepare(args_for(tmp_path, rules="multiplayer-1.5", new=True), ask=None)
    async with running(plan, size=(80, 24)) as (app, pilot):  # unchanged: the longer form, which fits
        head = screen_text(app).splitlines()[0].rstrip()
        assert head.endswith("to 100 · multiplayer-1.5 rules"), head


async def test_leaving_the_settings_without_saving_does_not_bring_back_the_last_saves_note(tmp_path):
    """Ctrl+S ("Settings saved."), F2 again, a change, Esc and y (leave without saving): the
    table said "Settings saved." again, held under the settings and brought back as they
    closed, the opposite of what just happened."""
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        screen.query_one("#pause").value = "0.2"  # no question: the pause is no rule of the match
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert any("Settings saved" in str(n.message) for n in app._toasts_up)
        screen = await open_settings(app, pilot)
        screen.query_one("#pause").value = "0.3"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("y")  # leave without saving
        await settle(app, pilot)
        assert not isinstance(app.screen, SettingsScreen)
        shown = [str(n.message) for n in app._toasts_up if not n.has_expired]
        assert not any("Settings saved" in words for words in shown), shown
        assert saved_settings(tmp_path)["pause"] == 0.2


async def test_q_quits_from_a_number_field_as_from_every_other_field(tmp_path):
    """F2, a change typed in the knock limit, q: nothing happened and nothing was said, and
    "q Quit" left the key bar while the number field had the focus. q asks to quit, as from
    any other field, offering to save the change first."""
    from textual.widgets import Input

    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit
    from ginrummy_tui.tui.widgets.key_bar import KeyBar

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        field = screen.query_one("#rule-knock_limit", Input)
        field.focus()
        field.value = "7"
        await pilot.pause()
        assert "q Quit" in screen.query_one(KeyBar).render().plain
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        assert "Save and quit (s)" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and field.value == "7"  # nothing typed into it


def test_the_line_of_the_command_lines_choices_names_no_mouse_beside_the_saved_mouse():
    """`gin-tui --no-mouse`, F2: the Mouse row showed "no", and the line "From the command
    line, for this run: ..." named every other choice of the command line but not that one."""
    from ginrummy_tui.storage.config import Settings
    from ginrummy_tui.tui.screens.settings_screen import run_only_line

    saved = Settings()
    line = run_only_line(dataclasses.replace(saved, mouse=False), saved)
    assert line.startswith("From the command line, for this run: mouse no (saved: yes)."), line
    assert run_only_line(saved, saved) == ""


async def test_a_value_refused_on_save_and_quit_is_shown_in_view_at_the_smallest_size(tmp_path):
    """46x21, the undercut bonus emptied, Ctrl+Q then s (save and quit): the form stays open
    saying why, the refused field focused and in view over the reason, as after Ctrl+S."""
    from textual.widgets import Input

    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan, size=(46, 21)) as (app, pilot):
        screen = await open_settings(app, pilot)
        form = screen.query_one("#settings")
        field = screen.query_one("#rule-undercut_bonus", Input)
        field.focus()
        await pilot.pause()
        field.value = ""
        await pilot.pause()
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("s")
        await settle(app, pilot)
        assert app.is_running and app.screen is screen and app.focused is field
        assert "Undercut bonus" in " ".join(str(screen.query_one("#settings-error").render()).split())
        assert form.scrollable_content_region.contains_region(field.region), (field.region, form.scroll_offset)


@pytest.mark.parametrize(("keys", "lands"), [(("end", "up"), -2), (("home", "down"), 1)])
async def test_a_key_read_with_home_or_end_moves_from_the_field_they_reach(tmp_path, keys, lands):
    """End and ↑ read together (typed fast, or over SSH): the focus ended on the last field,
    not the one before it: ↑ moved from the field End left, whose focus came a turn later."""
    from textual import events

    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        screen = await open_settings(app, pilot)
        fields = screen._fields()
        middle = screen.query_one("#rule-tie_is_undercut")  # a box: in a number field Home and End move in it
        middle.focus()
        await pilot.pause()
        assert app.focused is middle
        for key in keys:  # in one read: both queued before either is handled
            app.post_message(events.Key(key, None))
        await settle(app, pilot)
        assert app.focused is fields[lands], (app.focused, fields[lands])


def _settings_notes(app) -> list[str]:
    """The notes F2's saves raise on ``app`` from now on, as said (before they are cut into parts)."""
    said: list[str] = []
    raise_note = app.note_in_place

    def note_in_place(kind: str, text: str, seconds: float) -> None:
        said.append(text)
        raise_note(kind, text, seconds)

    app.note_in_place = note_in_place
    return said


def _set_aside_settings(root) -> list[str]:
    return sorted(p.name for p in root.iterdir() if p.name.startswith("settings.json.damaged-"))


async def test_a_settings_file_broken_by_hand_while_the_game_runs_is_set_aside_by_f2s_save(tmp_path):
    """A settings.json broken by hand while the game ran was written over by
    F2's Ctrl+S ("Settings saved."), the hand edits gone with no copy kept."""
    plan = prepare(args_for(tmp_path), ask=None)
    broken = '{"format":"gin-tui settings","version":1,"ai":"expert","theme":"nord", "pause": 2,  BROKEN'
    async with running(plan) as (app, pilot):
        said = _settings_notes(app)
        screen = await open_settings(app, pilot)
        (tmp_path / "settings.json").write_text(broken)
        screen.query_one("#one-click").value = not screen.query_one("#one-click").value
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        (aside,) = _set_aside_settings(tmp_path)
        assert (tmp_path / aside).read_text() == broken  # the hand edits, kept
        assert said and said[0].startswith(
            f"Your settings file could not be used, and was moved to {tmp_path / aside}. It is not valid JSON ("
        ), said
        assert said[0].endswith("A new one holds the settings saved here. Settings saved.")
        assert "one_click" in saved_settings(tmp_path)


async def test_a_bad_value_written_by_hand_is_said_and_set_aside_by_f2s_save_as_at_the_start(tmp_path):
    """A pause of -5 written by hand while the game ran was replaced by the
    default at F2's save without a word; the start moves such a file aside,
    keeping its good values, and says so: the save now does the same."""
    plan = prepare(args_for(tmp_path), ask=None)
    async with running(plan) as (app, pilot):
        said = _settings_notes(app)
        screen = await open_settings(app, pilot)
        hand = {"format": "gin-tui settings", "version": 1, "ai": "expert", "theme": "nord", "pause": -5}
        (tmp_path / "settings.json").write_text(json.dumps(hand))
        screen.query_one("#one-click").value = not screen.query_one("#one-click").value
        await pilot.press("ctrl+s")
        await settle(app, pilot)
        (aside,) = _set_aside_settings(tmp_path)
        assert json.loads((tmp_path / aside).read_text()) == hand
        assert said and said[0].startswith(
            f"Your settings file had problems, and was moved to {tmp_path / aside}. "
            "The pause must be between 0 and 10 seconds (not -5). Defaults are used for those settings; "
            "a new one keeps your other settings."
        ), said
        data = saved_settings(tmp_path)
        assert (data["ai"], data["theme"], data["pause"]) == ("expert", "nord", 0.6)  # the good values kept


async def test_f2_does_not_save_over_a_settings_file_of_a_newer_version(tmp_path):
    """A newer version's settings.json (format 2) was set aside at the start and
    replaced with the defaults; now it is left as it is, the start says so, and
    F2's Ctrl+S refuses to write over it, saying why, the changes kept on the form."""
    path = tmp_path / "settings.json"
    content = '{"format": "gin-tui settings", "version": 2, "ai": "expert", "theme": "nord"}'
    path.write_text(content)
    plan = prepare(args_for(tmp_path), ask=None)
    assert any(f"Your settings file {path} was written by a newer version" in note for note in plan.notes), plan.notes
    async with running(plan) as (app, pilot):
        error = await refused_on_saving(app, pilot, "#pause", "0")
        assert error == (
            f"The settings were not saved: {path} was written by a newer version of gin-tui (format 2; this one "
            "reads 1), so it is not written over; it is kept for that version. Your changes are still on the form."
        )
        assert isinstance(app.screen, SettingsScreen) and app.screen.query_one("#pause").value == "0"
    assert path.read_text() == content
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("settings")] == ["settings.json"]


def test_every_rule_fields_refusal_names_it_before_one_colon():
    """"Void: stock down to: a whole number, please" had two colons, its label one of its own:
    a label holding a colon or a comma is named in quotes, the others as they are."""
    from ginrummy_tui.storage.config import RULE_OPTION_HELP
    from ginrummy_tui.tui.screens.settings_screen import refused_name

    for _name, label in RULE_OPTION_HELP:
        said = f"{refused_name(label)}: a whole number, please"
        head = said.split('"')[-1] if said.startswith('"') else said
        assert head.count(":") == 1, said
    assert refused_name("Void: stock down to") == '"Void: stock down to"'
    assert refused_name("Move timer, s (0: none)") == '"Move timer, s (0: none)"'
    assert refused_name("Knock limit (deadwood)") == "Knock limit (deadwood)"
