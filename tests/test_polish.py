"""Small things a player noticed (issue 13, polish)."""

from __future__ import annotations

import contextlib
from dataclasses import replace

import pytest
from textual.widgets import Static

from ginrummy_tui.engine import Action, GameState, apply, new_game
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.widgets.prompt import PromptLine

from .app_helpers import SaidTimers, running, screen_text, settle, until

SIZE = (80, 24)


@contextlib.asynccontextmanager
async def settings_open_in(root, state: GameState):
    """F2 open in the app on ``state`` whose settings file is in ``root`` (none
    there: the defaults), on an 80x40 screen; gives ``(app, pilot)``."""
    from ginrummy_tui.session.context import AppContext
    from ginrummy_tui.session.local import LocalSession
    from ginrummy_tui.session.opponent import LazyOpponent

    from .test_config_screen import open_settings

    session = LocalSession(state, LazyOpponent("standard", state.seed))
    app = make_app(context=AppContext(session=session, config_dir=root), pause=0)
    async with app.run_test(size=(80, 40)) as pilot:
        await settle(app, pilot)
        await open_settings(app, pilot)
        yield app, pilot


def _prompt(app) -> str:
    return app.table.query_one(PromptLine).plain


def resumed(root, state: GameState, **kw):
    """What ``gin-tui`` in ``root`` plays after a run with the options ``kw``
    left ``state`` saved: that match, resumed."""
    from ginrummy_tui.session.startup import prepare

    from .test_resume import args_for, never_asked

    plan = prepare(args_for(root, **kw), ask=never_asked)
    plan.keeper.on_change(state)
    plan.close()
    return prepare(args_for(root), ask=never_asked)


async def knock_to_the_match_over(app, pilot) -> None:
    """The ace of spades drawn and the knock (a match a knock from being won):
    on to the match's end."""
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen

    await pilot.press("s", "k")  # the knock wins the match
    await settle(app, pilot)
    await pilot.press("enter")
    await settle(app, pilot)
    assert isinstance(app.screen, MatchOverScreen)


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



@pytest.mark.parametrize("size", [(46, 21), (80, 24)])
async def test_a_refusal_goes_once_a_screen_was_opened_and_left_and_the_prompt_always_follows_it(size):
    """r during play: "✗ The review of your decisions (r) comes once the hand is over."; F2
    opened, a setting changed, Esc and y (leave without saving), the window made 80x24: the
    refusal was still up, and now without the prompt after it ("Take 4♣ (t) or pass (p).",
    dropped where the two did not fit one line).  The prompt follows a refusal at every size,
    and a refusal goes once the player has opened and left a screen over the table."""
    from ginrummy_tui.tui.screens.question import Question

    from .test_config_screen import open_settings

    s = new_game(seed=3)
    assert s.phase == "upcard" and str(s.discard[-1]) == "4C"
    app = make_app(state=s, pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        await pilot.press("r")
        await settle(app, pilot)
        said = " ".join(_prompt(app).split())
        assert said.startswith("✗ The review of your decisions (r) comes once the hand is over."), said
        assert said.endswith("Take 4♣ (t) or pass (p)."), said
        await pilot.resize_terminal(80, 24)  # the same at the other size
        await settle(app, pilot)
        await pilot.pause()
        said = " ".join(_prompt(app).split())
        assert said.startswith("✗ The review") and said.endswith("Take 4♣ (t) or pass (p)."), said
        await pilot.resize_terminal(*size)
        await settle(app, pilot)
        screen = await open_settings(app, pilot)
        screen.query_one("#rule-knock_limit").value = "7"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, Question)
        await pilot.press("y")
        await settle(app, pilot)
        assert app.screen is app.table
        await pilot.resize_terminal(80, 24)
        await settle(app, pilot)
        await pilot.pause()
        assert _prompt(app) == "Take the upcard 4♣ (t) or pass (p).", _prompt(app)
        assert "review of your decisions" not in screen_text(app)


async def test_a_refusal_is_taken_down_as_a_screen_comes_over_the_table_not_left_cut_under_it():
    """x, then m at 80x24: the two-row "✗ 'x' does nothing here; ? lists the keys. Draw from
    the stock (s) or ..." stood under the list of turns, through its translucent ground, and
    the list's own line ("The table's keys do nothing in the list of turns") covered its last
    row, leaving the first cut mid-sentence.  The refusal goes as the list comes."""
    from ginrummy_tui.tui.screens.moves_screen import MovesScreen

    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("x")
        await settle(app, pilot)
        assert "'x' does nothing here" in _prompt(app), _prompt(app)
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, MovesScreen))
        await settle(app, pilot)
        assert "does nothing here" not in screen_text(app), screen_text(app)
        await pilot.press("s")  # a table key: the list's line says so, whole
        await settle(app, pilot)
        text = screen_text(app)
        assert "The table's keys do nothing in the list of turns: Esc goes back." in text, text
        assert "does nothing here" not in text, text
        await pilot.press("escape")
        await settle(app, pilot)
        assert app.screen is app.table and "does nothing" not in _prompt(app), _prompt(app)


@pytest.mark.parametrize("size", [(46, 21), (80, 24)])
async def test_while_the_computer_decides_on_the_upcard_the_key_bar_shows_the_draw_to_come(size):
    """46x21, p on the upcard: "Computer is thinking…" while the key bar still showed "t Take
    p Pass o Sort m Moves", keys the player has no more use for in this hand.  It shows the
    draw's keys, dimmed until the player's turn, as at the computer's other moves."""
    from ginrummy_tui.tui.widgets.key_bar import KeyBar

    app = make_app(state=new_game(seed=3), pause=30)  # the computer waits: its turn lasts
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        bar = app.table.query_one(KeyBar)
        shown = [(d, t, on) for row in bar.key_rows(size[0])[0] for d, t, on, _k in row]
        assert ("t", "Take", True) in shown and ("p", "Pass", True) in shown
        await pilot.press("p")  # pass on the upcard: now the computer is to move
        await pilot.pause()
        assert app.session.opponent_to_move() and app.session.view().phase == "upcard"
        text = screen_text(app)
        assert "is thinking…" in _prompt(app), _prompt(app)
        keys = "\n".join(text.splitlines()[bar.region.y :])
        assert "Take" not in keys and "Pass" not in keys, keys
        assert "s Stock" in keys and "d Pile" in keys, keys
        shown = [(d, t, on) for row in bar.key_rows(size[0])[0] for d, t, on, _k in row]
        assert ("s", "Stock", False) in shown and ("d", "Pile", False) in shown  # dimmed: not the player's turn
        assert ("o", "Sort", True) in shown and ("q", "Quit", True) in shown
        await pilot.press("t")  # still says why it does nothing
        await pilot.pause()
        assert "not your turn" in _prompt(app), _prompt(app)


async def test_toasts_hide_nothing_the_player_needs_at_80x24():
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.widgets.action_bar import ActionBar
    from ginrummy_tui.tui.widgets.deadwood_line import DeadwoodLine
    from ginrummy_tui.tui.widgets.hand import HandView
    from ginrummy_tui.tui.widgets.scoreboard import Scoreboard

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("s")
        await settle(app, pilot)
        app.notify("A long message that takes a few lines, as the practice and settings notes do, "
                   "to see where it lands on a small terminal.", title="Note", timeout=30)
        await pilot.press("o")  # "Sorted by rank": a second toast
        await pilot.pause()
        await pilot.pause()
        from textual.widgets._toast import Toast

        toasts = list(app.screen.query(Toast))
        assert len(toasts) == 2
        from textual.geometry import Region

        rack = Region(0, 3, 80, 8)  # where toasts may show: the eight lines under the other player's name
        shown = [t.region.intersection(rack) for t in toasts]
        assert all(r.area for r in shown)  # both on screen
        for region in shown:
            assert region.x >= 44  # right of "Computer (standard) · 10 cards  ◀ to move"
        needed = [app.table.query_one(w) for w in (PromptLine, ActionBar, HandView, DeadwoodLine, Scoreboard)]
        for region in shown:
            for widget in needed:
                overlap = region.intersection(widget.region)
                assert overlap.area == 0, (type(widget).__name__, region, widget.region)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 30), (110, 24), (150, 40), (200, 60)])
async def test_the_notes_of_the_start_stand_where_the_table_is_blank(size, tmp_path, monkeypatch):
    """At 80×24 the notes of the start (a match resumed, a damaged settings
    file set aside) covered the other player's name line from its 47th column
    for their seconds: "Computer (standard) · 10 cards · holds 4♣ (pi▌".
    They stand under it now, where nothing of the table is drawn.  From 150
    columns they covered the first lines of the hand's log beside the table;
    they keep to the table's columns, their right edge at the table's."""
    from textual.widgets._toast import Toast

    from ginrummy_tui.engine.actions import parse_action
    from ginrummy_tui.tui import restore

    from .app_helpers import until

    monkeypatch.setenv("HOME", str(tmp_path))
    s = apply(apply(new_game(seed=3), parse_action("pass")), parse_action("take upcard"))
    s = apply(s, Action("discard", s.hands[1][0]))  # the computer holds the upcard 4♣, picked up
    note = (f"Your settings file had problems, and was moved to {tmp_path}/settings.json.damaged-20261204-182806. "
            "The pause must be between 0 and 10 seconds (not 'slow'); ascii must be true or false (not 'yes').")
    app = make_app(state=s, pause=0)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(app, pilot)
        table = screen_text(app).splitlines()
        assert any("holds 4♣ (picked up)" in line for line in table)
        monkeypatch.setattr(restore, "RESUMED_SECONDS", 2.0)
        restore.show_notes(app, [note], resumed=True)
        # at 80x24 the note does not fit whole beside "Resumed your match": it comes after it
        together = size != (80, 24)
        await until(pilot, lambda: len(app.screen.query(Toast)) == (2 if together else 1))
        await pilot.pause()
        assert any(line.startswith("Resumed your match") for line in _toast_lines(app))

        def clear_of_the_table() -> None:
            for toast in app.screen.query(Toast):
                box = toast.region
                assert box.height > 1
                under = [table[y][box.x : box.right] for y in range(box.y, box.bottom)]
                assert not "".join(under).strip(), "\n".join(table[box.y : box.bottom])
            edge = app.table.query_one("#table").region.right
            assert {t.region.right for t in app.screen.query(Toast)} == {edge}

        clear_of_the_table()
        if not together:
            await until(pilot, lambda: any("settings file" in line for line in _toast_lines(app)))
            await pilot.pause()
            clear_of_the_table()


async def test_settings_show_the_matchs_own_rules_beside_the_next_matchs(tmp_path):
    from ginrummy_tui.engine import PRESETS

    okla = PRESETS["oklahoma"].with_options(target=150)
    # the next match's: the defaults (standard, to 100)
    async with settings_open_in(tmp_path, new_game(okla, seed=2)) as (app, pilot):
        line = str(app.screen.query_one("#match-rules").render())
        assert line == (
            "The match in play: oklahoma rules, to 150, opponent level standard. "
            "The settings below are for your next match."
        )
        assert "Rules for your next match" in screen_text(app)


async def test_the_line_on_the_match_in_play_does_not_repeat_oklahoma_as_a_bare_option(tmp_path):
    # "The match in play: oklahoma rules, to 150, opponent level standard; undercut bonus 25;
    # oklahoma.": the rules' name said again, as an option's
    import json

    from ginrummy_tui.engine import PRESETS

    (tmp_path / "settings.json").write_text(json.dumps({
        "format": "gin-tui settings", "version": 1,
        "rules": {"preset": "standard", "options": {"undercut_bonus": 20}},
    }))
    async with settings_open_in(tmp_path, new_game(PRESETS["oklahoma"].with_options(target=150), seed=2)) as (app, _):
        line = " ".join(str(app.screen.query_one("#match-rules").render()).split())
    assert line == (
        "The match in play: oklahoma rules, to 150, opponent level standard; undercut bonus 25. "
        "The settings below are for your next match."
    )
    # a match of standard rules beside an Oklahoma next match: the option named as on the form
    (tmp_path / "settings.json").write_text(json.dumps({
        "format": "gin-tui settings", "version": 1, "rules": {"preset": "oklahoma", "options": {}},
    }))
    async with settings_open_in(tmp_path, new_game(PRESETS["standard"], seed=2)) as (app, _):
        line = " ".join(str(app.screen.query_one("#match-rules").render()).split())
    assert "; no Oklahoma (a fixed knock limit)" in line, line


async def test_each_match_over_screen_numbers_its_match(tmp_path):
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.widgets.score_table import ScoreTable

    titles = []
    for new in (False, True):
        # a knock away from winning
        async with running(resumed(tmp_path, scenarios.match_point(), seed=1, new=new), size=(100, 40)) as (app, pilot):
            await knock_to_the_match_over(app, pilot)
            table = app.screen.query_one(ScoreTable)
            titles.append(str(table.render().title))
    assert titles[0].startswith("Match 1 ·") and titles[1].startswith("Match 2 ·"), titles


async def test_a_match_has_one_number_in_play_in_practice_and_once_over(tmp_path):
    """A match of a new game (the engine's match 1) after one finished match is
    the second: the score table said "Match 1" in play and "Match 2" once over,
    the next match (the third) "Match 2" in play; a practice hand of the third
    match, "hand 1 of match 1"."""
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.score_screen import ScoreScreen
    from ginrummy_tui.tui.widgets.score_table import ScoreTable
    from ginrummy_tui.tui.widgets.scoreboard import Scoreboard

    from .test_replay_app import _ended_hand

    async def title(app, pilot, key: str | None = None) -> str:
        if key is not None:
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, ScoreScreen)
        text = str(app.screen.query_one(ScoreTable).render().title)
        if key is not None:
            await pilot.press("escape")
            await pilot.pause()
        return text.split(" ·")[0]

    titles = []
    for new in (False, True):
        # a knock away from winning
        async with running(resumed(tmp_path, scenarios.match_point(), seed=1, new=new), size=(100, 40)) as (app, pilot):
            assert app.session.state.match_no == 1
            titles.append(await title(app, pilot, "c"))
            await knock_to_the_match_over(app, pilot)
            titles.append(await title(app, pilot))
            titles.append(await title(app, pilot, "c"))
            await pilot.press("n")  # the next match: the engine's match 2
            await settle(app, pilot)
            assert app.session.state.match_no == 2
            titles.append(await title(app, pilot, "c"))
    assert titles == ["Match 1", "Match 1", "Match 1", "Match 2", "Match 2", "Match 2", "Match 2", "Match 3"], titles
    # a new game's first hand, played again as practice: a hand of the third match
    async with running(resumed(tmp_path, _ended_hand(4)[1], seed=4, new=True), size=(100, 40)) as (app, pilot):
        await pilot.press("a")
        await settle(app, pilot)
        assert app.session.replaying
        banner = app.table.query_one(Scoreboard).render().plain
        assert banner.startswith(" Practice — hand 1 of match 3, not saved"), banner
        assert await title(app, pilot, "c") == "Match 3"


async def test_the_match_in_play_line_follows_the_form_as_it_is_edited(tmp_path):
    """It said "(the same as below)" after the knock limit below had been changed."""
    # a standard match; the next match's settings: standard too
    async with settings_open_in(tmp_path, new_game(seed=2)) as (app, pilot):
        def line() -> str:
            return str(app.screen.query_one("#match-rules").render())

        same = "The match in play: standard rules, to 100, opponent level standard, as set below."
        assert line() == same
        await pilot.press("tab", "backspace", "backspace", "7")  # the knock limit
        await pilot.pause()
        assert line() == (
            "The match in play: standard rules, to 100, opponent level standard; knock limit 10. "
            "The settings below are for your next match."
        )
        await pilot.press("backspace", "1", "0")
        await pilot.pause()
        assert line() == same
        await pilot.press("backspace", "backspace")  # "1", then "": not a number, the line stays as for 1
        await pilot.pause()
        assert line().endswith("knock limit 10. The settings below are for your next match.")


def test_in_a_narrow_terminal_each_hand_of_the_score_table_is_one_line():
    # At 46 columns "Computer knocked" and "You went gin" wrapped onto two and
    # three lines ("You / went / gin") and the headers were cut ("Endi…").
    import io

    from rich.console import Console

    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import Kind, Phase, view
    from ginrummy_tui.tui.widgets.score_table import score_table

    s = new_game(seed=11)
    bots = [get_opponent("standard", 1), get_opponent("expert", 2)]
    while len(s.sheet) < 6 and s.phase != Phase.MATCH_OVER:
        if s.phase == Phase.HAND_OVER:
            s = apply(s, Action(Kind.NEXT_HAND))
        else:
            s = apply(s, bots[s.current].choose(view(s, s.current)))
    v = view(s, 0)
    kinds = {r.kind for r in v.sheet}
    assert len(v.sheet) >= 4 and len(kinds) >= 2, kinds
    for width, compact in ((44, True), (76, False)):
        out = io.StringIO()
        table = score_table(v, "Computer (standard)", compact=compact, tiny=compact)
        Console(file=out, width=width, color_system=None).print(table)
        text = out.getvalue()
        rows = [line for line in text.splitlines() if line.strip()[:1].isdigit()]
        assert len(rows) == len(v.sheet), text  # one line a hand
        assert "…" not in text, text
        if compact:
            assert any(("You: " in r or "Them: " in r) for r in rows), text
        else:
            assert any(("You " in r or "Computer " in r) for r in rows), text


async def test_a_wide_terminal_shows_the_hands_moves_beside_the_table():
    """From 150 columns a column beside the table tells every turn of the hand
    (what the moves line above the hand says only of the last turn); it
    follows each move and goes away when the terminal narrows."""
    from ginrummy_tui.tui.widgets.hand_log import HandLog

    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(app, pilot)
        log = app.screen.query_one(HandLog)
        assert log.display and log.region.width == 52  # the room the table leaves (42 at 150 columns)
        table = app.screen.query_one("#table")
        assert table.region.right <= log.region.x  # beside it, not over it
        await pilot.press("p")
        await settle(app, pilot)
        text = log.lines.plain
        assert "You       passed on " in text  # the names in a column as wide as "Computer" and two
        lines = text.splitlines()
        assert len(lines) == 3, lines  # the deal, the pass, the computer's turn
        assert lines[2].startswith(" 1 Computer ") and "(standard)" not in lines[2]  # its short name: the column is narrow
        await pilot.resize_terminal(120, 40)
        await settle(app, pilot)
        assert not log.display
        assert app.screen.query_one("#table").region.width == 104  # the table has its whole width back

    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert not app.screen.query(HandLog)  # not even made on a smaller terminal (the start stays quick)
        await pilot.press("p")
        await settle(app, pilot)
        await pilot.resize_terminal(160, 45)
        await settle(app, pilot)
        log = app.screen.query_one(HandLog)
        assert log.display and log.lines.plain.count("\n") == 2


@pytest.mark.parametrize(("width", "wide"), ((150, 42), (160, 52), (200, 64)))
async def test_the_hands_log_takes_the_room_the_table_leaves(width, wide):
    """From 150 columns the log of the hand's turns stood beside the table 42 columns wide
    whatever the terminal: at 200 columns "drew from stock, threw K♦ to knock" broke before
    "to knock" in its narrow column while 50 columns stood empty.  It takes the room the
    table leaves, up to 64 columns, the table centred in the rest and the notes on the table
    clear of it; beside the end of the hand too."""
    from textual.widgets._toast import Toast

    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen
    from ginrummy_tui.tui.widgets.hand_log import HandLog

    from .app_helpers import until

    knock = " 1 You       drew from stock, threw K♦ to knock"
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=(width, 40), notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("s")
        await settle(app, pilot)
        screen = app.screen
        log, table = screen.query_one(HandLog).region, screen.query_one("#table").region
        assert log.width == wide and log.right == width
        assert table.width == 104 and table.right <= log.x
        assert table.x - (log.x - table.right) in (0, 1)  # centred in what the log leaves
        app.notify("A note on the table, long enough to take two lines of the widest toast there is.", timeout=60)
        await until(pilot, lambda: any(t.region.height for t in screen.query(Toast)))
        assert all(t.region.right <= log.x for t in screen.query(Toast))
        await pilot.press("k")
        await settle(app, pilot)
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        await pilot.pause()
        log = summary.query_one(HandLog).region
        assert log.width == wide and not log.overlaps(summary.query_one("#summary").region)
        rows = [row[log.x : log.right].rstrip() for row in screen_text(app).splitlines()[log.y : log.bottom]]
        turn = next(n for n, row in enumerate(rows) if " 1 You " in row)
        if wide > 42:  # a long turn on one line
            assert rows[turn].endswith(knock) and not rows[turn + 1].strip(" ▏|"), rows[:4]
        else:
            assert rows[turn].endswith(knock[: -len(" to knock")]), rows[:4]  # as before


async def test_m_points_to_the_hands_moves_beside_the_table_rather_than_cover_the_hand():
    """At 160 columns m also opened the list of turns over the table, hiding cards 6 to 10
    of the hand, though the same turns stood beside the table."""
    from ginrummy_tui.tui.screens.game_screen import GameScreen
    from ginrummy_tui.tui.screens.moves_screen import MovesScreen
    from ginrummy_tui.tui.widgets.hand_log import HandLog

    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=(160, 40)) as pilot:
        await settle(app, pilot)
        await pilot.press("p")
        await settle(app, pilot)
        assert app.screen.query_one(HandLog).display
        rung = []
        app.bell = lambda: rung.append(True)  # type: ignore[method-assign]
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)  # nothing over the hand
        assert not rung  # the key did its work beside the table: no bell, as for a move refused
        line = app.table.query_one(PromptLine)
        prompt = str(line.render())
        # nor the look of a refused move (✗ in red on red): a notice, marked →
        assert prompt.startswith("→ Every turn of this hand is listed on the right (m). "), prompt
        assert not line.has_class("-refused")
        await pilot.resize_terminal(120, 40)  # no log beside the table: m lists the turns over it
        await settle(app, pilot)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MovesScreen)


@pytest.mark.parametrize("size", [(80, 24), (60, 21), (46, 21)])
async def test_the_notice_of_m_goes_with_the_hands_moves_beside_the_table(size):
    """m at 200 columns, then a smaller window: the notice that the turns are listed on
    the right stayed, with no list there, and in place of "Take K♣ (t) or pass (p).",
    until the next move."""
    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(app, pilot)
        await pilot.press("m")
        await pilot.pause()
        assert _prompt(app).startswith("→ Every turn of this hand is listed on the right (m). Take ")
        await pilot.resize_terminal(*size)
        await settle(app, pilot)
        assert "Every turn" not in _prompt(app) and "(t) or pass (p)." in _prompt(app), _prompt(app)


async def test_the_notice_of_m_never_takes_the_place_of_the_prompt():
    """After the move clock, the notice left too little of the line for "Draw from the
    stock (s) or the pile (d).": the prompt went, and only the notice said anything."""
    from .test_tui import _clocked_app

    app = _clocked_app()
    async with app.run_test(size=(150, 40)) as pilot:
        await settle(app, pilot)
        await pilot.press("p")
        await settle(app, pilot)
        assert _prompt(app) == "⏱ 28 s for you  Draw from the stock (s) or the discard pile (d), or click a pile."
        await pilot.press("m")
        await settle(app, pilot)
        flat = " ".join(_prompt(app).split())
        assert flat == "⏱ 28 s for you → Every turn of this hand is listed on the right (m). Draw from the stock (s) or the pile (d).", flat


@pytest.mark.parametrize("size", [(100, 30), (120, 40), (160, 48), (200, 60)])
async def test_a_large_terminal_has_the_score_line_at_the_top_and_the_keys_at_the_bottom(size):
    """On a large terminal the table stood in the middle of the screen: its score
    line (with the title) had a band of empty rows above it, the key bar far below."""
    from ginrummy_tui.tui.widgets.key_bar import KeyBar
    from ginrummy_tui.tui.widgets.scoreboard import Scoreboard

    width, height = size
    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        rows = screen_text(app).splitlines()
        assert rows[0].lstrip().startswith("gin-tui   Hand 1"), rows[:3]
        assert app.screen.query_one(Scoreboard).region.y == 0
        assert app.screen.query_one(KeyBar).region.y == height - 1
        assert rows[height - 1].lstrip().startswith("t Take"), rows[-1]
        prompt = app.table.query_one(PromptLine).region
        assert prompt.bottom < height - 1 and "Take the upcard" in rows[prompt.y]


async def test_a_question_shows_its_own_keys_at_the_bottom():
    """The quit question (and every yes-or-no question) left the table's key bar
    under it, offering "t Take" and "p Pass", which do nothing while it is asked."""
    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit
    from ginrummy_tui.tui.screens.question import Question

    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        bottom = screen_text(app).rstrip("\n").splitlines()[-1]
        assert "y Quit" in bottom and "n Back" in bottom, bottom
        assert "Take" not in bottom and "Pass" not in bottom, bottom
        await pilot.press("n")
        await pilot.pause()
        app.push_screen(Question("Start a new match now?", "New match (y)", "Keep playing (n)"))
        await pilot.pause()
        bottom = screen_text(app).rstrip("\n").splitlines()[-1]
        # each key with its button's words: it said "y Yes  n No" under "New match (y)  Keep playing (n)"
        assert bottom.split() == ["y", "New", "match", "n", "Keep", "playing"], bottom
        await pilot.press("n")
        await pilot.pause()
        app.push_screen(Question("Leave without saving them?", "Leave (y)", "Back (n)"))
        await pilot.pause()
        bottom = screen_text(app).rstrip("\n").splitlines()[-1]
        assert bottom.split() == ["y", "Leave", "n", "Back"], bottom


async def test_the_score_line_is_whole_on_the_smallest_screen():
    """At 46 columns the score line lost its end ("Computer 43   to" and an
    ellipsis): below the room for all of it, the "gin-tui" badge goes, then
    the gaps narrow, and the target is always read whole."""
    from ginrummy_tui.tui.widgets.scoreboard import Scoreboard

    for width, badge in ((46, False), (60, True), (80, True)):
        state = new_game(seed=1)
        state = replace(state, scores=(100 - 1, 43))
        app = make_app(state=state, pause=0)
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(app, pilot)
            board = app.screen.query_one(Scoreboard)
            line = screen_text(app).splitlines()[board.region.y]
            assert line.rstrip().endswith("to 100") or "to 100 ·" in line, (width, line)
            assert "…" not in line and ("gin-tui" in line) == badge, (width, line)
            assert len(line.rstrip()) <= board.region.right
            assert "You 99" in line and ("Computer 43" in line or "Computer (standard) 43" in line), (width, line)


def test_every_ending_fits_one_line_of_the_score_table_at_46_columns():
    """The score table has 42 columns inside its frame at 46: "Them: knock"
    wrapped there ("Them:" / "knock"), and "Them: undercut" would too (the
    test above measured 44)."""
    import io

    from rich.console import Console

    from ginrummy_tui.engine import EndKind, view
    from ginrummy_tui.engine.state import HandRecord
    from ginrummy_tui.tui.widgets.score_table import score_table

    endings = [
        (EndKind.KNOCK, 1, 1, 43, (51, 8)),
        (EndKind.UNDERCUT, 0, 1, 125, (12, 9)),
        (EndKind.BIG_GIN, 1, 1, 131, (0, 100)),
        (EndKind.GIN, 0, 0, 58, (0, 33)),
        (EndKind.VOID, None, None, 0, None),
        (EndKind.TIMEOUT, 1, 0, 10, (3, 7)),
    ]
    sheet = []
    for i, (kind, knocker, winner, points, dw) in enumerate(endings):
        sheet.append(HandRecord(i + 1, i % 2, kind, knocker, winner, points, dw, (100 + i, 200 + i)))
    v = view(replace(new_game(seed=1), sheet=tuple(sheet)), 0)
    out = io.StringIO()
    Console(file=out, width=42, color_system=None).print(score_table(v, "Computer (standard)", compact=True, tiny=True))
    text = out.getvalue()
    rows = [line for line in text.splitlines() if line.strip()[:1].isdigit()]
    assert len(rows) == len(sheet), text
    assert "…" not in text and "Them: undercut" in text and "Them: knock" in text, text


async def test_below_60_columns_the_end_of_a_match_names_the_computer_shortly():
    """At 46 columns "Final score: You 128 · Computer (standard) 59" took two
    lines, and the summary said "Computer (standard) · deadwood 58 (was 78
    before layoffs)" over three; "Computer" there, the level when there is room."""
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen

    for width, level_shown in ((46, False), (80, True)):
        app = make_app(state=scenarios.match_point(), pause=0)
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("s", "k")  # the knock wins the match
            await settle(app, pilot)
            assert ("Computer (standard)" in screen_text(app)) == level_shown
            await pilot.press("enter")
            await settle(app, pilot)
            assert isinstance(app.screen, MatchOverScreen)
            text = screen_text(app)
            them = "Computer (standard)" if level_shown else "Computer"
            assert f"Final score: You 128 · {them} 59" in text, text
            if not level_shown:
                await pilot.resize_terminal(100, 30)  # room again: the level comes back
                await settle(app, pilot)
                assert "Final score: You 128 · Computer (standard) 59" in screen_text(app)


async def test_m_shows_every_turn_of_the_hand_on_any_terminal():
    """The moves line says only what the other player did last; m lists every
    turn of the hand (as the log beside the table does from 150 columns),
    and follows a move made while it is open."""
    from ginrummy_tui.tui.screens.game_screen import GameScreen
    from ginrummy_tui.tui.screens.moves_screen import MovesScreen

    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert "m Moves" in screen_text(app).splitlines()[-1]
        await pilot.press("p")
        await settle(app, pilot)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MovesScreen)
        text = screen_text(app)
        assert "Hand 1 · Computer dealt" in text and "You       passed on " in text, text
        assert "Computer  passed on " in text
        assert "esc Back" in text.splitlines()[-1]
        app.session.submit(Action("draw stock"))  # a move while it is open (a computer's or the host's)...
        app.sync()  # ...after which the app redraws, as after every move
        await pilot.pause()
        assert "You       drew from stock" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_m_after_a_hand_shows_how_it_went():
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.moves_screen import MovesScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("s", "k")  # draw, then knock: the hand ends
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        assert "m Moves" in screen_text(app).splitlines()[-1]
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MovesScreen)
        assert "You       drew from stock, threw " in screen_text(app)
        assert " to knock" in screen_text(app)  # the knock after the throw that makes it
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)


def _played_out(seed: int) -> GameState:
    """The first hand of a match dealt with ``seed``, played to its end by two computers."""
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import view

    state = new_game(seed=seed)
    players = [get_opponent("easy", 1), get_opponent("standard", 2)]
    while not state.phase.ended:
        seat = state.current
        state = apply(state, players[seat].choose(view(state, seat)), seat)
    return state


async def test_the_list_of_turns_wraps_a_turn_only_where_it_must():
    """A long hand, the list scrolling: its scroll bar took two of the box's fixed 48
    columns, and "10 Computer  drew from stock, threw 4♣ to knock" broke before "knock",
    with 28 columns to spare at 80x24: the box takes the width of its longest turn where
    there is room, and a turn still goes on under its words where there is none."""
    state = _played_out(5)
    assert len(state.history) > 36 and state.history[-1].action.kind == "knock"
    for size, whole in (((80, 24), True), ((46, 21), False)):
        app = make_app(state=state, pause=0)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await pilot.press("m")
            await pilot.pause()
            await pilot.pause()
            assert app.screen.query_one("#moves-box").show_vertical_scrollbar
            rows = screen_text(app).splitlines()
            knock = next(n for n, row in enumerate(rows) if "10 Computer  drew from stock, threw " in row)
            if whole:
                assert rows[knock].rstrip(" │").endswith(" to knock"), rows[knock]
            else:  # hanging under its words, clear of the number and the name
                assert rows[knock + 1].startswith("│              to knock"), rows[knock + 1]


async def test_the_deadwood_at_the_end_of_a_narrow_hand_wraps_under_its_label():
    """At 46x21 the computer's deadwood broke onto a row of its own with no label, at the
    left edge ("  Melds [7♣ 8♣ 9♣] [Q♥ Q♦ Q♣]  Deadwood A♠" / "  4♥ 3♣"): where the row
    is full the deadwood goes on a labelled row of its own; where it fits, it stays."""
    state = _played_out(7)
    for size, apart in (((46, 21), True), ((59, 24), False)):
        app = make_app(state=state, pause=0)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            rows = [row.strip() for row in screen_text(app).splitlines()]
            melds = next(n for n, row in enumerate(rows) if row.startswith("Melds [7♣ 8♣ 9♣] [Q♥ Q♦ Q♣]"))
            if apart:
                assert rows[melds] == "Melds [7♣ 8♣ 9♣] [Q♥ Q♦ Q♣]", rows[melds]
                assert rows[melds + 1] == "Deadwood A♠ 4♥ 3♣", rows[melds + 1]
            else:
                assert rows[melds] == "Melds [7♣ 8♣ 9♣] [Q♥ Q♦ Q♣]  Deadwood A♠ 4♥ 3♣", rows[melds]


async def test_a_new_deal_starts_with_the_first_card_selected():
    """The selection stayed where the last hand left it: a deal played again
    (the same cards) showed the mark, and the lift, on the card the player
    had selected last, where the first deal had them on the first card."""
    from ginrummy_tui.engine import view
    from ginrummy_tui.tui.widgets.hand import HandView

    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("p")
        await settle(app, pilot)
        await pilot.press("5")  # the player lifts the fifth card
        await pilot.pause()
        hand = app.screen.query_one(HandView)
        assert hand.cursor == 4 and hand.chosen
        app.screen.show_view(view(new_game(seed=3), 0))  # the same deal again, from its start
        await pilot.pause()
        assert hand.cursor == 0 and not hand.chosen


@pytest.mark.parametrize("width,tiny", [(44, True), (60, False), (76, False)])
def test_the_score_tables_deadwood_is_right_aligned_under_you_and_them(width, tiny):
    # "10 / 19" and "2 / 2" were centred in the column: the numbers did not
    # line up under "you" and "them", nor with each other
    import io

    from rich.console import Console

    from ginrummy_tui.engine import view
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.widgets.score_table import score_table

    v = view(scenarios.played_hands(7), 0)
    assert {len(str(r.deadwood[0])) for r in v.sheet if r.deadwood} == {1, 2}  # one and two digits
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(score_table(v, "Computer (standard)", compact=width < 76, tiny=tiny))
    lines = out.getvalue().splitlines()
    (head,) = [line for line in lines if "you" in line and "them" in line]
    you, them = head.index("you") + 3, head.index("them") + 4  # where each heading ends
    rows = [line for line in lines if line.strip()[:1].isdigit()]
    assert len(rows) == len(v.sheet)
    for row, r in zip(rows, v.sheet, strict=True):
        assert r.deadwood is not None
        mine, theirs = str(r.deadwood[0]), str(r.deadwood[1])
        assert row[you - len(mine) : you] == mine and row[you - len(mine) - 1] == " ", (row, head)
        assert row[them - len(theirs) : them] == theirs and row[them] == " ", (row, head)


@pytest.mark.parametrize("ascii_only", [False, True], ids=["unicode", "ascii"])
def test_the_score_table_cuts_a_long_name_with_an_ellipsis_counting_double_width_characters(ascii_only):
    """A guest named "Zoë 李小龍 the Magnificent Card Shark Extraordinaire of the North" (which
    the host has as "Zoë 李小龍 the Magnifi…") headed the host's column "Zoë 李小龍 the" at 80
    columns, cut without a sign that it was."""
    import io

    from rich.cells import cell_len
    from rich.console import Console

    from ginrummy_tui.engine import view
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.widgets.score_table import NAME_CELLS, score_table, short_name

    name = "Zoë 李小龍 the Magnifi…"
    mark = "..." if ascii_only else "…"
    cut = short_name(name, ascii_only=ascii_only)
    assert cut.endswith(mark) and name.startswith(cut[: -len(mark)]) and cell_len(cut) <= NAME_CELLS
    assert cut == ("Zoë 李小..." if ascii_only else "Zoë 李小龍…")  # a character of two columns is never split
    assert short_name("Computer (standard)") == "Computer" and short_name("Extraordinary") == "Extraordina…"
    v = view(scenarios.played_hands(3), 0)
    out = io.StringIO()
    Console(file=out, width=78, color_system=None).print(score_table(v, name, compact=True, ascii_only=ascii_only))
    lines = out.getvalue().splitlines()
    (head,) = [line for line in lines if "Points" in line]
    assert head.rstrip().endswith(f"You  {cut}"), out.getvalue()
    rows = [line for line in lines if line.strip()[:1].isdigit()]
    assert len(rows) == len(v.sheet), out.getvalue()  # a hand is one line still
    named = [row for row in rows if "knocked" in row or "gin" in row or "undercut" in row]
    assert all("You " in row or f"{cut} " in row for row in named), out.getvalue()


@pytest.mark.parametrize("tiny", [False, True], ids=["80 columns", "46 columns"])
def test_the_score_table_says_who_ran_out_of_time(tiny):
    """A hand ended by the move clock read 'time out' on the score table (c),
    without saying whose time it was."""
    import io

    from rich.console import Console

    from ginrummy_tui.engine import PRESETS, Kind, view
    from ginrummy_tui.tui.widgets.score_table import score_table

    state = apply(new_game(PRESETS["multiplayer-1.5"], seed=1), Action(Kind.TIMEOUT))
    loser = 1 - state.winner
    for seat, says in ((loser, "You"), (1 - loser, "Them" if tiny else "Computer")):
        out = io.StringIO()
        Console(file=out, width=42 if tiny else 80, color_system=None).print(
            score_table(view(state, seat), "Computer (standard)", compact=tiny, tiny=tiny)
        )
        row = next(line for line in out.getvalue().splitlines() if line.strip().startswith("1 "))
        assert (f"{says}: time out" if tiny else f"{says} ran out of time") in row, out.getvalue()


async def test_no_note_is_drawn_over_terminal_too_small_and_it_comes_once_the_window_is_big_again():
    """A note ("▌ Bob joined.") was drawn over "Terminal too small", in its few lines."""
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(app, pilot)
        app.notify("Sorted by rank", timeout=30)
        await _until(pilot, lambda: _toast_lines(app) == ["Sorted by rank"])
        await pilot.resize_terminal(60, 18)  # too small: the note up goes
        await _until(pilot, lambda: "Terminal too small: " in screen_text(app) and app.holding_notes())
        await pilot.pause()
        assert _toast_lines(app) == []
        app.notify("Bob joined.", timeout=30)  # and one told meanwhile is not drawn over it either
        await pilot.pause()
        await pilot.pause()
        assert _toast_lines(app) == []
        await pilot.resize_terminal(80, 24)
        await _until(pilot, lambda: sorted(_toast_lines(app)) == ["Bob joined.", "Sorted by rank"])


async def _until(pilot, condition, tries: int = 300) -> None:
    """Wait until ``condition()`` holds, a pause at a time."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause(0.01)
    assert condition()


def _toast_lines(app) -> list[str]:
    """The words of the toasts on screen, a line each (right of their ▌ border)."""
    return [ln.split("▌", 1)[1].strip() for ln in screen_text(app).splitlines() if "▌" in ln]


async def _warned(app, pilot, note: str) -> list[str]:
    """Once the table is up, ``note`` shown as a warning: the lines of the toasts on screen."""
    await settle(app, pilot)
    app.notify(note, severity="warning", timeout=30)
    await pilot.pause()
    return _toast_lines(app)


def _toast_clear_of_the_table(app) -> bool:
    """The column left of the first toast is blank on every row it covers: it stands clear of
    the table's words."""
    toast = app.screen.query_one("Toast").region
    rows = screen_text(app).splitlines()[toast.y : toast.bottom]
    return all(row[toast.x - 1] == " " for row in rows)


async def _cleared(app, pilot) -> None:
    """No toast up: Textual's clear_notifications leaves the holder of each
    toast it takes down, a blank line at the top of the toasts' room; gone too."""
    app.clear_notifications()
    await pilot.pause()
    for holder in app.screen.query("ToastHolder"):
        await holder.remove()


async def _warned_in_parts(app, pilot, note: str) -> list[str]:
    """Once the table is up, ``note`` shown as the notes of the start are: in
    parts that fit the toasts' room, one after another; the lines of the
    toasts, part after part, each part seen whole and clear of the table."""
    from ginrummy_tui.tui.note_text import note_lines, note_parts, toast_rows, toast_text_width

    await settle(app, pilot)
    width, height = app.size
    words = toast_text_width(width, height, "warning")
    lines: list[str] = []
    for part in note_parts(note, words, toast_rows(width, height)):
        await _cleared(app, pilot)
        app.notify(part, severity="warning", timeout=30)
        await pilot.pause()
        shown = _toast_lines(app)
        assert len(shown) == note_lines(part, words) <= toast_rows(width, height), shown
        assert _toast_clear_of_the_table(app), shown
        lines += shown
    return lines


def _damaged_save_note(home, monkeypatch) -> str:
    """The note of a damaged save set aside in ``home`` (made the home directory)."""
    monkeypatch.setenv("HOME", str(home))
    moved = home / ".local" / "share" / "gin-tui" / "current.json.damaged-20261203-090824"
    return (
        "Your saved match could not be used: the file is not valid JSON (a name in double quotes was expected "
        f"at line 1, column 2). The file was moved to {moved}. A new match has started."
    )


async def test_a_note_that_names_a_file_shows_its_path_whole_at_80x24(tmp_path, monkeypatch):
    """The path of a damaged save was cut in the middle of its names (and the
    note, cut at six lines, never showed where the file went): the home
    directory is ~ now, the lines break only after a separator, and the whole
    note shows (in parts that fit the toasts' room, as the notes of the start come)."""
    note = _damaged_save_note(tmp_path, monkeypatch)
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        lines = await _warned_in_parts(app, pilot, note)
        assert lines[0] == "Your saved match could not be" and lines[-1] == "A new match has started.", lines
        assert " ".join(lines).replace("/ ", "/").replace("- ", "-") == note.replace(str(tmp_path), "~"), lines
        at = lines.index("~/.local/share/gin-tui/")  # the path, on a line of its own
        # the name is cut before its time stamp, not inside it ("…damaged-20261203-" / "090824.")
        assert lines[at + 1 : at + 3] == ["current.json.damaged-", "20261203-090824."], lines
        await _cleared(app, pilot)
        # raised whole, it is longer than the toasts' room: it comes in parts all the same
        app.notify(note, severity="warning", timeout=30)
        await pilot.pause()
        assert 0 < len(_toast_lines(app)) <= 8 and _toast_lines(app)[0] == "Your saved match could not be"
        await pilot.resize_terminal(60, 24)  # a narrow table has its piles and moves there: six lines at most
        await pilot.pause()
        await pilot.pause()
        seen = await _parts_seen(app, pilot, "A new match has started.")
        # from the first part laid out for 60 columns (the one shown as the window narrowed before it)
        seen = seen[max(n for n, part in enumerate(seen) if part[0].startswith("Your saved match")) :]
        assert all(0 < len(part) <= 6 for part in seen), seen
        assert _joined([line for part in seen for line in part]) == note.replace(str(tmp_path), "~")


def _joined(lines: list[str]) -> str:
    """The lines of a note shown in a toast as one text (a path's pieces joined again)."""
    return " ".join(lines).replace("/ ", "/").replace("- ", "-")


async def _parts_seen(app, pilot, last: str, timeout: float = 40.0) -> list[list[str]]:
    """The toasts' lines, each time they change, until they end with ``last``: the parts of
    a note too long for the toasts' room, as they come."""
    from .app_helpers import until

    seen: list[list[str]] = []

    def changed() -> bool:
        lines = _toast_lines(app)
        if lines and (not seen or seen[-1] != lines):
            seen.append(lines)
        return bool(lines) and _joined(lines).endswith(last)

    await until(pilot, changed, timeout=timeout)
    return seen


@pytest.mark.parametrize("size", [(46, 21), (60, 21)])
async def test_a_note_during_play_too_long_for_the_toasts_room_comes_in_parts_none_of_it_lost(size):
    """A note raised during play (not the start's) longer than the toasts' room lost its end:
    at 46x21 a warning of eight lines showed its first six, "...the upcard offer has no" the
    last words read.  It comes in parts, as the notes of the start do, each whole in the room."""
    from ginrummy_tui.tui.note_text import note_parts, toast_rows, toast_text_width

    note = (
        "Your saved match could not be used: a new match has started, and the file was moved to "
        "/tmp/data_vc/dmg/current.json.damaged-20261205-204009. The saved game is impossible: "
        "the stock and the hands do not hold one whole deck; the upcard offer has no upcard. Your "
        "statistics are kept, and the match counted as abandoned in them: it is listed with the others."
    )
    refusal = (
        "That key does nothing here: the hand is over, and its end is shown once you close the list "
        "of turns. Esc goes back to the table; ? lists the keys; F2 opens the settings. The next hand "
        "is dealt after it."
    )
    app = make_app(seed=3, pause=0)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(app, pilot)
        width, height = size
        assert len(note_parts(note, toast_text_width(width, height, "warning"), toast_rows(width, height))) > 1
        app.notify(note, severity="warning", timeout=8)
        seen = await _parts_seen(app, pilot, "it is listed with the others.")
        assert len(seen) > 1 and all(len(part) <= toast_rows(width, height) for part in seen), seen
        assert _joined([line for part in seen for line in part]) == note, seen
        await until_clear(app, pilot)
        app.notify(refusal, timeout=4)  # a note of information
        seen = await _parts_seen(app, pilot, "The next hand is dealt after it.")
        assert len(seen) > 1 and all(len(part) <= toast_rows(width, height) for part in seen), seen
        assert " ".join(line for part in seen for line in part) == refusal, seen


async def until_clear(app, pilot) -> None:
    """Let the app run until no toast is up."""
    from .app_helpers import until

    await until(pilot, lambda: not _toast_lines(app), timeout=40)


async def test_a_note_of_the_start_held_under_a_screen_and_brought_back_smaller_comes_in_parts():
    """A damaged save's note, up whole at 132x43 when F1 opened the rule sheet over it, the
    window narrowed to 46x21 under the sheet, then Esc: the note came back laid out for
    the new width in eight lines of the toasts' six, its end cut.  It comes in the parts
    the same note raised at 46x21 comes in, each whole."""
    from ginrummy_tui.tui.note_text import note_parts, note_text, toast_rows, toast_text_width

    from .app_helpers import until

    note = (
        "Your saved match could not be used: a new match has started, and the file was moved to "
        "/tmp/data_vc/dmg/current.json.damaged-20261205-204009. The saved game is impossible: "
        "the stock and the hands do not hold one whole deck; the upcard offer has no upcard."
    )
    app = make_app(seed=3, pause=0)
    app.context.notes.append(note)
    async with app.run_test(size=(132, 43), notifications=True) as pilot:
        await settle(app, pilot)
        await until(pilot, lambda: any(line.startswith("Your saved match could not be used") for line in _toast_lines(app)))
        await pilot.press("f1")
        await until(pilot, lambda: not _toast_lines(app))
        await pilot.resize_terminal(46, 21)
        await pilot.pause()
        await pilot.press("escape")
        parts = note_parts(note, toast_text_width(46, 21, "warning"), toast_rows(46, 21))
        assert len(parts) == 2, parts
        first = note_text(parts[0], toast_text_width(46, 21, "warning")).splitlines()
        await until(pilot, lambda: _toast_lines(app) == first)
        await until(pilot, lambda: _joined(_toast_lines(app)) == parts[1], timeout=30)


async def test_notes_brought_back_together_from_under_a_screen_are_each_read_whole():
    """Two notes up together at 80x24 (four lines and three of the eight there), F1 opened the
    rule sheet over them, the window narrowed to 46x21 under it, then Esc: both came back each
    raised for the whole room, seven lines in the six there, the second's last line cut off
    while its time ran out.  They come back fitted together as notes raised beside others are:
    the second, with too little room left beside the first, waits for it to go, then shows
    whole, for all the seconds it had left when the sheet was opened."""
    from ginrummy_tui.tui.note_text import note_lines, toast_rows, toast_text_width

    from .app_helpers import until

    first = "Bob left the table: the game waits for them to come back, and their move clock with it, however long they take."
    second = "Bob is back at the table: the game goes on from where it stood when they left."
    room, width = toast_rows(46, 21), toast_text_width(46, 21, "information")
    assert (note_lines(first, width), note_lines(second, width)) == (4, 3)  # together more than the room
    app = make_app(seed=3, pause=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(app, pilot)
        app.notify(first, timeout=3)
        app.notify(second, timeout=30)
        await until(pilot, lambda: len(_toast_lines(app)) == 7)  # both whole in the eight lines at 80x24
        await pilot.press("f1")
        await until(pilot, lambda: not _toast_lines(app))
        await pilot.resize_terminal(46, 21)
        await pilot.pause()
        await pilot.press("escape")
        seen: list[list[str]] = []

        def read_whole() -> bool:
            up = [n for n in app._notifications if not n.has_expired]
            assert sum(note_lines(n.message, width) for n in up) <= room, [n.message for n in up]
            lines = _toast_lines(app)
            if lines and (not seen or seen[-1] != lines):
                seen.append(lines)
            return _joined(lines) == second

        await until(pilot, read_whole, timeout=20)
        assert _joined(seen[0]) == first, seen  # the first, alone, then the second
        [shown] = [n for n in app._notifications if not n.has_expired]
        assert shown.time_left > 20, shown.time_left  # its seconds from when it shows


@pytest.mark.parametrize("severity", ["warning", "information"])
async def test_a_note_up_while_the_window_narrows_is_laid_out_for_the_new_width(severity):
    """A note naming a file set aside, raised at 132x43, then the window narrowed to 80x24
    while it was up: the toast wrapped its words laid out for the wide screen itself, the
    path cut inside the file's name ("/tmp/data_vk/archive/20261205-1" / "93129-c570.json),").
    It reads as the same note raised at 80x24 does, the path broken after a separator."""
    from ginrummy_tui.tui.note_text import note_text, toast_text_width

    note = (
        "Your unfinished match was set aside (kept in /tmp/data_vk/archive/20261205-193129-c570.json), "
        "counted as abandoned; a new match has started."
    )
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=(132, 43), notifications=True) as pilot:
        await settle(app, pilot)
        app.notify(note, severity=severity, timeout=30)
        await pilot.pause()
        assert _toast_lines(app) == note_text(note, toast_text_width(132, 43, severity)).splitlines()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        expected = note_text(note, toast_text_width(80, 24, severity)).splitlines()
        assert "/tmp/data_vk/archive/" in expected  # the path broken after a separator
        assert _toast_lines(app) == expected, _toast_lines(app)


async def test_a_note_of_the_start_narrowed_while_it_shows_comes_in_parts_as_at_that_size():
    """A damaged save's note, raised whole at 132x43, the window narrowed to 46x21 while it
    showed: laid out for the new width it took seven lines of the toasts' six, and its last
    was cut for good.  It comes again in the parts the same note raised at 46x21 comes in,
    each whole, the reason after where the file went."""
    from ginrummy_tui.tui.note_text import note_parts, note_text, toast_rows, toast_text_width

    from .app_helpers import until

    note = (
        "Your saved match could not be used: a new match has started, and the file was moved to "
        "/tmp/data_vc/dmg/current.json.damaged-20261205-204009. The saved game is impossible: "
        "the stock and the hands do not hold one whole deck; the upcard offer has no upcard."
    )
    app = make_app(seed=3, pause=0)
    app.context.notes.append(note)
    async with app.run_test(size=(132, 43), notifications=True) as pilot:
        await settle(app, pilot)
        await until(pilot, lambda: any(line.startswith("Your saved match could not be used: a new") for line in _toast_lines(app)))
        await pilot.resize_terminal(46, 21)
        parts = note_parts(note, toast_text_width(46, 21, "warning"), toast_rows(46, 21))
        assert len(parts) == 2, parts
        first = note_text(parts[0], toast_text_width(46, 21, "warning")).splitlines()
        await until(pilot, lambda: _toast_lines(app) == first)
        await until(pilot, lambda: " ".join(_toast_lines(app)) == parts[1], timeout=30)
        assert parts[1].endswith("the upcard offer has no upcard."), parts


@pytest.mark.parametrize("size", [(80, 22), (70, 21), (60, 24), (80, 21)])
async def test_a_note_that_names_a_file_shows_whole_where_toasts_have_six_lines(tmp_path, monkeypatch, size):
    """Below 24 rows or 80 columns the toasts
    have six lines: a damaged save's note was cut after "The file was moved to",
    the path never shown.  A warning there is wider, its words laid out for it."""
    note = _damaged_save_note(tmp_path, monkeypatch)
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=size, notifications=True) as pilot:
        lines = await _warned(app, pilot, note)
        assert 1 < len(lines) <= 6, lines
        assert " ".join(lines).replace("/ ", "/").replace("- ", "-") == note.replace(str(tmp_path), "~"), lines
        # the path whole, broken after a separator, "to" before it where it fits
        assert lines[2] == "column 2). The file was moved to ~/.local/share/gin-tui/", lines
        assert lines[3].startswith("current.json.damaged-20261203-090824. "), lines
        app.notify("Sorted by rank", timeout=30)  # a note that is no warning stands at the warning's width beside it
        await pilot.pause()
        from textual.widgets._toast import Toast

        columns = {(t.region.x, t.region.width) for t in app.screen.query(Toast)}
        assert columns == {(size[0] - min(60, size[0]), min(60, size[0]))}, columns


@pytest.mark.parametrize("size", [(86, 24), (100, 30), (120, 40)])
@pytest.mark.parametrize(
    ("folder", "note"),
    [
        (".local/share/gin-tui", "Your saved match could not be used: the file is not valid JSON (a value was expected at "
         "line 1, column 1). The file was moved to {moved}. A new match has started."),
        (".config/gin-tui", "Your settings file could not be used, and was moved to {moved}. It is not valid JSON "
         "(a name in double quotes was expected at line 1, column 2). Defaults are used for all settings; "
         "a new one with the defaults takes its place."),
    ],
    ids=["save", "settings"],
)
async def test_a_file_set_aside_shows_its_name_on_one_line_where_the_table_leaves_room(
    tmp_path, monkeypatch, size, folder, note
):
    """From 24 rows and 80 columns a warning's toast was 34 columns however wide
    the screen: the name of a damaged save or settings file set aside was broken
    in the middle ("current.json.damaged-20261203-" / "115534."), hard to copy.
    Where the table leaves the room, the toast is wider and the name whole."""
    from textual.widgets._toast import Toast

    from ginrummy_tui.tui.note_text import toast_rows

    monkeypatch.setenv("HOME", str(tmp_path))
    name = "settings.json" if "config" in folder else "current.json"
    moved = tmp_path / folder / f"{name}.damaged-20261203-115534"
    note = note.format(moved=moved)
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=size, notifications=True) as pilot:
        lines = await _warned_in_parts(app, pilot, note)  # each part clear of the table
        # a full stop (or a semicolon) after a name that fills a line
        shown = " ".join(lines).replace("/ ", "/").replace(" .", ".").replace(" ;", ";").replace(" :", ":")
        assert shown == note.replace(str(tmp_path), "~"), lines
        assert any(moved.name in line for line in lines), lines  # the name whole, on one line
        taken = len(_toast_lines(app))  # by the warning's last part
        app.notify("Sorted by rank", timeout=30)  # a note that is no warning: in the warning's column
        await pilot.pause()
        toasts = list(app.screen.query(Toast))
        if taken + 1 > toast_rows(*size):  # no room left beside the warning: it waits for it
            assert len(toasts) == 1
            return
        assert len(toasts) == 2 and len({(t.region.x, t.region.right) for t in toasts}) == 1


@pytest.mark.parametrize(
    "message",
    [
        "Settings could not be saved to {home}/.config/gin-tui/settings.json: [Errno 13] Permission denied: "
        "'{home}/.config/gin-tui/settings.json.tmp'",
        "Your unfinished match was set aside (kept in /var/lib/a-long-directory-name-with-no-separator-in-sight/"
        "archive/0123456789abcdef.json), counted as abandoned; a new match has started.",
    ],
)
def test_a_path_in_a_note_breaks_only_after_a_separator(message, tmp_path, monkeypatch):
    from ginrummy_tui.tui.note_text import TOAST_TEXT_WIDTH, note_text

    monkeypatch.setenv("HOME", str(tmp_path))
    message = message.format(home=tmp_path)
    lines = note_text(message).splitlines()
    assert all(len(ln) <= TOAST_TEXT_WIDTH for ln in lines), lines
    assert str(tmp_path) not in "\n".join(lines)
    words = message.replace(str(tmp_path), "~").split()
    shown = " ".join(lines).split()
    # each line ends at the end of a word or after a separator of a path (a dash of a name too long for a line)
    assert "".join(shown) == "".join(words), lines
    for ln in lines[:-1]:
        assert ln.endswith(("/", "-")) or any(w.endswith(ln.split()[-1]) for w in words), lines


def test_the_time_stamp_of_a_file_set_aside_is_never_cut_at_80_by_24():
    """At 80×24 a warning has 31 columns, fewer than the name of a save set aside: it was
    cut after its last dash that fitted ("current.json.damaged-20261203-" / "131139."),
    splitting the time from its date; it is now cut before the stamp."""
    from ginrummy_tui.tui.note_text import note_text, toast_text_width

    message = "The file was moved to /var/gin/current.json.damaged-20261203-131139."
    lines = note_text(message, toast_text_width(80, 24, "warning")).splitlines()
    assert lines[-2].endswith("current.json.damaged-") and lines[-1] == "20261203-131139.", lines
    # the stamp is cut only when it is wider than the line itself
    assert "20261203-131139." in note_text(message, 16).splitlines()


def test_a_short_word_stays_with_the_first_part_of_a_path_where_it_fits():
    """At 46x21 (43 columns of words) "to" stood alone on a line before a path too long
    for one, though "to /tmp/data_vc/dmg/" fits; a path that fits a line whole still
    starts the next one rather than be cut."""
    from ginrummy_tui.tui.note_text import note_text, toast_text_width

    message = (
        "Your saved match could not be used: a new match has started, and the file was moved to "
        "/tmp/data_vc/dmg/current.json.damaged-20261205-204009."
    )
    assert note_text(message, toast_text_width(46, 21, "warning")).splitlines() == [
        "Your saved match could not be used: a new",
        "match has started, and the file was moved",
        "to /tmp/data_vc/dmg/",
        "current.json.damaged-20261205-204009.",
    ]
    assert note_text("It went to /var/gin/old.json.", 20).splitlines() == ["It went to", "/var/gin/old.json."]


def test_a_note_in_parts_ends_each_part_at_a_sentences_end_where_one_fits():
    """A part was filled up with the next sentence's first words, up to its ":" or ";":
    "The last save stands until saving works again. Your match history could not be
    written:" then the rest.  A part ends where a sentence ends when one fits it; a
    sentence too long for the room by itself is cut after a ";" or a ":" (only then)."""
    from ginrummy_tui.tui.note_text import note_lines, note_parts

    message = (
        "The last save stands until saving works again. Your match history could not be written: its hands "
        "are written when there is room; the hints asked for meanwhile are not counted, nor the hands' times."
    )
    parts = note_parts(message, 43, 3)
    assert parts == [
        "The last save stands until saving works again.",
        "Your match history could not be written: its hands are written when there is room;",
        "the hints asked for meanwhile are not counted, nor the hands' times.",
    ]
    assert all(note_lines(part, 43) <= 3 for part in parts)
    # sentences that fit together stay together, each part ending at a full stop
    assert note_parts("One two three. Four five six. Seven eight nine.", 14, 2) == [
        "One two three. Four five six.",
        "Seven eight nine.",
    ]


def test_a_note_that_names_no_file_is_left_to_the_toast():
    from ginrummy_tui.tui.note_text import note_text

    for message in ("Sorted by rank", "Deadwood you / them, w/o a path", "Hand 2 again, with the same cards."):
        assert note_text(message) == message


@pytest.mark.parametrize("columns", [3, 2, 1, 0])
def test_a_note_that_names_a_file_on_a_terminal_a_few_columns_wide_is_laid_out(columns):
    """On a terminal squeezed to three columns or fewer a warning's words had no
    column left, and laying out the path never ended: the app froze."""
    import threading

    from ginrummy_tui.tui.note_text import note_text, toast_text_width

    message = "Your saved match could not be used. The file was moved to /home/x/.local/share/gin-tui/current.json.damaged-1."
    out: list[str] = []
    worker = threading.Thread(target=lambda: out.append(note_text(message, toast_text_width(columns, 10, "warning"))),
                              daemon=True)
    worker.start()
    worker.join(10)
    assert out, "the note was still being laid out after 10 s"
    assert "".join(out[0].split()).endswith("movedto/home/x/.local/share/gin-tui/current.json.damaged-1."), out


async def test_the_notes_of_the_start_come_one_after_another_each_whole(tmp_path, monkeypatch):
    """A damaged save and a damaged settings file at 80×24: the settings' note
    filled the toasts' room, and of the save's note (a match lost, and where
    its file went) one line showed until both went."""
    import argparse

    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.tui import restore

    from .app_helpers import until

    monkeypatch.setattr(restore, "NOTE_SECONDS", 1.0, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))  # the paths shown from ~
    (tmp_path / "current.json").write_text("garbage")
    (tmp_path / "settings.json").write_text('{"format": "gin-tui settings", "version": 1, "ai": "bogus"')
    args = argparse.Namespace(ai=None, rules=None, seed=3, hand=None, ascii=None, no_mouse=None, pause=None,
                              new=False, data_dir=str(tmp_path), rule=None)
    plan = prepare(args, ask=None)
    assert len(plan.notes) == 2
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(app, pilot)
            seen: list[str] = []

            ends = [note.split()[-3:] for note in plan.notes]

            def shown() -> bool:
                lines = _toast_lines(app)
                words = " ".join(lines).replace("/ ", "/").replace("- ", "-")
                if lines and words not in seen:
                    seen.append(words)
                return bool(seen) and seen[-1].split()[-3:] == ends[-1]

            await until(pilot, shown)
            # each whole, to its last words (a long one in parts, each of them whole), one after the other
            told = [n for n, words in enumerate(seen) if words.split()[-3:] in ends]
            assert [seen[n].split()[-3:] for n in told] == ends, seen
    finally:
        plan.close()


def test_the_notes_of_the_start_say_what_became_of_the_match_first(tmp_path):
    """A damaged save and a damaged settings file: the settings' note came
    first, and the one saying the match was lost and a new one started came
    a note's time later, when the player may already be moving."""
    import argparse

    from ginrummy_tui.session.startup import prepare

    (tmp_path / "current.json").write_text("garbage")
    (tmp_path / "settings.json").write_text('{"format": "gin-tui settings", "version": 1, "ai": "bogus"}')
    args = argparse.Namespace(ai=None, rules=None, seed=None, hand=None, ascii=None, no_mouse=None, pause=None,
                              new=False, data_dir=str(tmp_path), rule=None)
    plan = prepare(args, ask=None)
    plan.close()
    assert [note.split(":")[0].split(",")[0] for note in plan.notes] == [
        "Your saved match could not be used", "Your settings file had problems"], plan.notes


def _two_notes_plan(tmp_path):
    """What gin-tui plays with a damaged save and a damaged settings file: a new match, two notes."""
    import argparse

    from ginrummy_tui.session.startup import prepare

    (tmp_path / "current.json").write_text("garbage")
    (tmp_path / "settings.json").write_text('{"format": "gin-tui settings", "version": 1, "ai": "bogus"}')
    args = argparse.Namespace(ai=None, rules=None, seed=3, hand=None, ascii=None, no_mouse=None, pause=None,
                              new=False, data_dir=str(tmp_path), rule=None)
    return prepare(args, ask=None)


@pytest.mark.parametrize("resumed", [False, True])
async def test_at_46_columns_the_first_part_of_the_damaged_settings_note_says_where_the_file_went(
    tmp_path, monkeypatch, resumed
):
    """At 46×21 the note of a damaged settings file comes in parts, and the
    first said what was wrong and that defaults were used; where the file was
    moved came a note's time later, lost on a quit before it. The first part
    names where it went."""
    import argparse

    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.tui.note_text import note_parts, toast_rows, toast_text_width

    from .app_helpers import until

    monkeypatch.setenv("HOME", str(tmp_path))  # the paths shown from ~
    (tmp_path / "settings.json").write_text('{"format": "gin-tui settings", "version": 1, "ai": "bogus", "pause": 99}')
    args = argparse.Namespace(ai=None, rules=None, seed=3, hand=None, ascii=None, no_mouse=None, pause=None,
                              new=False, data_dir=str(tmp_path), rule=None)
    plan = prepare(args, ask=None)
    if resumed:
        plan.resumed = True
    (note,) = plan.notes
    moved = next(tmp_path.glob("settings.json.damaged-*"))
    rows = toast_rows(46, 21) - (2 if resumed else 0)
    assert len(note_parts(note, toast_text_width(46, 21, "warning"), rows)) > 1  # it does come in parts
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=(46, 21), notifications=True) as pilot:
            await settle(app, pilot)
            await until(pilot, lambda: "settings" in " ".join(_toast_lines(app)))
            first = "".join(" ".join(_toast_lines(app)).split())
            assert f"movedto~/{moved.name}" in first, _toast_lines(app)
    finally:
        plan.close()


async def test_a_note_of_the_start_that_fills_the_toasts_room_after_another_shows_its_last_line(monkeypatch):
    """A note of the start came as the one before it went: shown under it, it
    was scrolled into view, and kept that scroll once alone, its last line
    out of sight. At 80×24 a note of the toasts' eight lines after another shows whole."""
    from textual.widgets._toast import Toast

    from ginrummy_tui.tui import restore
    from ginrummy_tui.tui.note_text import note_lines, toast_rows, toast_text_width

    from .app_helpers import until

    monkeypatch.setattr(restore, "NOTE_SECONDS", 0.3)
    long = " ".join(["The eighth line of this note is its last, and it is read whole."] * 4)
    assert note_lines(long, toast_text_width(80, 24, "warning")) == toast_rows(80, 24)
    app = make_app(seed=1, pause=0)
    shown_for = app.start_note

    def start_note(message, seconds):  # the long note stays while it is read, however slow the machine
        return shown_for(message, 60 if "eighth" in message else seconds)

    monkeypatch.setattr(app, "start_note", start_note)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(app, pilot)
        notes = restore.StartNotes(app)
        notes.add(" ".join(["A first note, of a few lines, before the long one."] * 3))
        notes.add(long)
        await until(pilot, lambda: "eighth" in " ".join(_toast_lines(app)))
        for _ in range(10):
            assert _toast_lines(app)[-1].endswith("read whole."), _toast_lines(app)
            assert [t.region.height for t in app.screen.query(Toast)] == [toast_rows(80, 24)]
            await pilot.pause(0.02)


async def test_the_notes_of_the_start_not_shown_before_the_quit_are_kept_for_the_terminal(tmp_path, monkeypatch):
    """The notes of the start come a note's time apart; quitting before the
    second one's turn lost it. The app keeps the notes it never showed, whole."""
    from ginrummy_tui.cli.play import build_app

    from .app_helpers import until

    monkeypatch.setenv("HOME", str(tmp_path))  # the paths shown from ~: each note in one part
    plan = _two_notes_plan(tmp_path)
    saved_note, settings_note = plan.notes
    app = build_app(plan, pause=0)
    try:
        assert app.unshown_notes() == [saved_note, settings_note]  # before the first frame: none shown
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(app, pilot)
            await until(pilot, lambda: "saved match" in " ".join(_toast_lines(app)))
            assert app.unshown_notes() == [settings_note]
            app.exit()
        assert app.unshown_notes() == [settings_note]
    finally:
        plan.close()


def test_the_terminal_is_told_the_notes_of_the_start_the_game_never_showed(tmp_path, monkeypatch, capsys):
    """gin-tui closed before its notes' turn (quit at once): they are printed
    on standard error once the terminal is back, each once."""
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.play import run_play
    from ginrummy_tui.tui.app import GinApp

    (tmp_path / "current.json").write_text("garbage")
    (tmp_path / "settings.json").write_text('{"format": "gin-tui settings", "version": 1, "ai": "bogus"}')
    monkeypatch.setattr(GinApp, "run", lambda app, *args, **kwargs: None)  # closed before the first frame
    run_play(parse_command_line(["--data-dir", str(tmp_path), "--ascii"]))
    err = " ".join(capsys.readouterr().err.split())
    assert "gin-tui: Your saved match could not be used: " in err and str(tmp_path / "current.json.damaged-") in err
    assert err.count("gin-tui: Your settings file had problems, and was moved to ") == 1
    assert err.isascii()


async def test_the_notes_of_the_start_do_not_cover_the_quit_question(tmp_path):
    """At 80×24 the note of the start sat on top of the quit question; it
    shows again once the question is closed."""
    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit

    from .app_helpers import until

    plan = _two_notes_plan(tmp_path)
    app = build_app(plan, pause=0)

    def words() -> str:
        return " ".join(_toast_lines(app))

    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(app, pilot)
            await until(pilot, lambda: "saved match" in words())
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, ConfirmQuit))
            await pilot.pause()
            assert app._notifications and "saved match" not in " ".join(screen_text(app).split()), screen_text(app)
            assert "Quit in the middle of the hand?" in screen_text(app)
            await pilot.press("n")
            await until(pilot, lambda: "saved match" in words())  # the same note, still in its time
    finally:
        plan.close()


async def test_the_next_note_of_the_start_waits_for_the_quit_question(tmp_path, monkeypatch):
    """The next note of the start came while the quit question was open."""
    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.tui import restore
    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit

    from .app_helpers import until

    monkeypatch.setattr(restore, "NOTE_SECONDS", 0.2)
    monkeypatch.setattr(restore, "HELD_SECONDS", 0.05, raising=False)
    plan = _two_notes_plan(tmp_path)
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(app, pilot)
            await until(pilot, lambda: "saved match" in " ".join(_toast_lines(app)))
            await pilot.press("q")
            await until(pilot, lambda: isinstance(app.screen, ConfirmQuit))
            await pilot.pause(0.6)  # past the first note's time: the next one would have come
            assert not any("settings" in str(n.message) for n in app._notifications), list(app._notifications)
            await pilot.press("n")
            await until(pilot, lambda: "settings" in " ".join(_toast_lines(app)))  # once the question is closed
    finally:
        plan.close()


@pytest.mark.parametrize("late", [0.0, 1.0])
async def test_every_note_of_the_start_is_read_whole_at_80x24(tmp_path, monkeypatch, late):
    """A damaged save, history and settings file at 80×24: the settings' note
    (four bad values) was cut off before it said where the old file went, and
    the history's, found a moment later, showed its first line under the
    save's and went with it: the player never read that a new history was
    started.  Each is shown whole, a long one in parts, one after another.
    ``late``: each toast goes that much after its time, as under load (its own timer runs
    from when it is mounted): the next part came under it, cut off, and stayed cut; it
    waits for that toast to go."""
    if late:
        from textual.widgets._toast import Toast

        def mounted_late(toast, _event) -> None:
            toast.set_timer(toast._timeout + late, toast._expire)

        monkeypatch.setattr(Toast, "_on_mount", mounted_late)
    import argparse

    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.tui import restore

    from .app_helpers import until

    # each note, or part of one, is read while it shows: long enough for a loaded machine's frames
    monkeypatch.setattr(restore, "NOTE_SECONDS", 1.5)
    monkeypatch.setenv("HOME", str(tmp_path))  # the paths shown from ~
    (tmp_path / "current.json").write_text('{"format": "gin-tui save", "vers')
    (tmp_path / "history.sqlite3").write_bytes(b"not a database at all " * 100)
    (tmp_path / "settings.json").write_text(
        '{"format": "gin-tui settings", "version": 1, "pause": "slow", "ascii": "yes", "theme": 42, "one_click": 1}')
    args = argparse.Namespace(ai=None, rules=None, seed=3, hand=None, ascii=None, no_mouse=None, pause=None,
                              new=False, data_dir=str(tmp_path), rule=None)
    plan = prepare(args, ask=None)
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(app, pilot)
            seen: list[str] = []

            notes = [" ".join(note.replace(str(tmp_path), "~").split()) for note in plan.notes]

            def told() -> bool:
                lines = _toast_lines(app)
                words = " ".join(lines).replace("/ ", "/").replace("- ", "-").replace(" :", ":")
                if lines and words not in seen:
                    seen.append(words)
                return "a new history has been started." in " ".join(seen)

            await until(pilot, told)
            said = " ".join(seen)
            assert len(notes) == 2 and all(note in said for note in notes), "\n".join([*notes, *seen])
            assert "Your match history could not be used:" in said and "It was moved to ~/history.sqlite3" in said
    finally:
        plan.close()


def _doubled_hand() -> GameState:
    """An Oklahoma match whose first hand, its upcard a spade, two computer
    players have just played out: its points doubled."""
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import PRESETS, Phase, view

    s = new_game(PRESETS["oklahoma"], seed=7)
    assert s.multiplier == 2 and s.discard[-1].suit == "S"
    bots = [get_opponent("standard", 1), get_opponent("standard", 2)]
    while s.phase != Phase.HAND_OVER:
        s = apply(s, bots[s.current].choose(view(s, s.current)))
    assert s.result is not None and s.result.multiplier == 2 and s.sheet[-1].points > 0
    return s


@pytest.mark.parametrize(("width", "tiny"), [(80, False), (60, False), (46, True)])
def test_the_score_table_marks_a_hand_an_oklahoma_spade_doubled(width, tiny):
    """A hand doubled by its spade upcard read "+14" on the score table (c),
    while the end of the hand said "(8 − 1) × 2"; "+14 (7×2)" now ("7x2" with --ascii): "+14 ×2"
    read as if the 14 were yet to be doubled.  Below 60 columns (``tiny``) "+7×2": "+14 (7×2)"
    widened the points' column until a hand took two lines at 46 columns."""
    import io

    from rich.console import Console

    from ginrummy_tui.engine import view
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.widgets.score_table import score_table

    v = view(_doubled_hand(), 0)
    points = v.sheet[-1].points
    marks = (f"+{points // 2}×2", f"+{points // 2}x2") if tiny else (f"+{points} ({points // 2}×2)", f"+{points} ({points // 2}x2)")
    for ascii_only, mark in zip((False, True), marks):
        out = io.StringIO()
        table = score_table(v, "Computer (standard)", compact=width < 80, tiny=tiny, ascii_only=ascii_only)
        Console(file=out, width=width - 4, color_system=None).print(table)
        text = out.getvalue()
        (row,) = [line for line in text.splitlines() if line.strip().startswith("1 ")]
        assert mark in row, text
        assert text.isascii() == ascii_only, text
    out = io.StringIO()  # a hand not doubled has no mark
    Console(file=out, width=width - 4, color_system=None).print(score_table(view(scenarios.played_hands(3), 0), "Computer"))
    assert "×" not in out.getvalue(), out.getvalue()


async def test_with_ascii_the_score_screen_marks_a_doubled_hand_x2():
    from ginrummy_tui.tui.screens.score_screen import ScoreScreen

    state = _doubled_hand()
    app = make_app(state=state, pause=0, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("c")
        await settle(app, pilot)
        assert isinstance(app.screen, ScoreScreen)
        text = screen_text(app)
        last = state.sheet[-1]
        winner = "You" if last.winner == 0 else "Computer"
        base = last.points // 2
        note = f"({base}x2): a spade upcard doubled the hand's points, {base} x 2 = {last.points} counted."
        assert f"{winner} +{last.points} ({base}x2)" in text and "×" not in text, text
        assert note in " ".join(text.replace("|", " ").split()), text  # what "(7x2)" means, under the table
        app.ascii_only = False  # the settings, opened over the table, turn the symbols on: the table follows
        await settle(app, pilot)
        assert f"{winner} +{last.points} ({base}×2)" in screen_text(app)
        assert note.replace("x", "×") in " ".join(screen_text(app).replace("│", " ").split())
        app.ascii_only = True
        await settle(app, pilot)
        text = screen_text(app)
        assert f"{winner} +{last.points} ({base}x2)" in text and not {"×", "·", "─"} & set(text), text


async def test_the_end_of_a_hand_takes_down_the_notes_and_keeps_the_warnings():
    """A hand knocked with notes on show ("Sorted by rank", a note of 60 s): they stayed over
    the end of the hand's cards and points until they timed out.  They go as the hand ends;
    a warning stays, for the time it had left."""
    from textual.widgets._toast import Toast

    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    def said() -> list[str]:
        return [" ".join(str(n.message).split()) for n in app._notifications]

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("s")
        await settle(app, pilot)
        await pilot.press("o")
        app.notify("A note for a minute.", timeout=60)
        app.notify("Something went wrong.", severity="warning", timeout=60)
        await pilot.pause()
        assert said() == ["Sorted by rank", "A note for a minute.", "Something went wrong."]
        left = next(n.time_left for n in app._notifications if n.severity == "warning")
        await pilot.press("k")
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        await pilot.pause()
        assert said() == ["Something went wrong."]
        [warning] = app._notifications
        assert warning.time_left <= left  # the time it had left, not a new minute
        toasts = list(app.screen.query(Toast))
        assert len(toasts) == 1 and toasts[0].has_class("-warning")


async def test_a_start_on_the_end_of_a_hand_keeps_its_notes():
    """The app started on the end of a hand (resumed there): the notes of the start are
    not taken down, as no hand ended under them."""
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    app = make_app(state=scenarios.knocked(), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.notify("A note of the start.", timeout=60)
        await settle(app, pilot)
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert [str(n.message) for n in app._notifications] == ["A note of the start."]


@pytest.mark.parametrize("tiny", [False, True], ids=["80 columns", "46 columns"])
def test_the_classic_score_table_names_its_box_and_game_bonuses(tiny):
    """A classic match won at 128 to 59, 3 hands to 2: the table's one row
    "bonuses +160 +40" lumped the boxes (20 a hand won) with the game bonus."""
    import io
    from dataclasses import replace

    from rich.console import Console

    from ginrummy_tui.engine import PRESETS, Kind, Phase, view
    from ginrummy_tui.engine.cards import card
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.widgets.score_table import score_table

    start = replace(scenarios.match_point(), rules=PRESETS["classic"])
    over = apply(apply(start, Action(Kind.DRAW_STOCK)), Action(Kind.KNOCK, card("KD")))
    assert over.phase == Phase.MATCH_OVER and over.bonuses == (3 * 20 + 100, 2 * 20)
    for seat, boxes, game in ((0, ("+60", "+40"), ("+100", "+0")), (1, ("+40", "+60"), ("+0", "+100"))):
        out = io.StringIO()
        Console(file=out, width=46 if tiny else 80, color_system=None).print(
            score_table(view(over, seat), "Computer (standard)", compact=tiny, tiny=tiny)
        )
        rows = {line.split()[0] + " " + line.split()[1]: line.split()[2:] for line in out.getvalue().splitlines()
                if "bonus" in line}
        assert rows == {"box bonuses": list(boxes), "game bonus": list(game)}, out.getvalue()


async def test_toasts_taken_down_by_the_game_go_through_textuals_public_api(monkeypatch):
    """The toasts of who waits for whom to go on were taken down with Textual's private
    ``_unnotify``: they go as the end of a hand's do, by ``clear_notifications``, the
    other toasts raised again with the time they had left, in their order."""
    from textual.app import App

    taken: list = []
    monkeypatch.setattr(App, "_unnotify", lambda self, n, refresh=True: taken.append(n))
    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        app.notify("Sorted by rank", timeout=60)
        app.hand_note("Waiting for Bob to go on", 60)
        app.notify("The match could not be saved", severity="warning", timeout=60)
        await pilot.pause()
        before = {str(n.message): n.time_left for n in app._notifications}
        app._take_down_hand_notes()
        await pilot.pause()
        after = [(str(n.message), n.severity) for n in app._notifications]
        assert after == [("Sorted by rank", "information"), ("The match could not be saved", "warning")]
        assert all(n.time_left <= before[str(n.message)] for n in app._notifications)  # not started again
        assert app._hand_notes == []
        app._take_down_notes()  # the end of a hand: the information goes, the warning stays
        await pilot.pause()
        assert [str(n.message) for n in app._notifications] == ["The match could not be saved"]
    assert taken == []


@pytest.mark.parametrize("size", [(80, 24), (46, 21)])
async def test_notes_over_the_settings_form_leave_its_first_line_uncovered(size):
    """The notes of the start covered F2's first line ("The match in play: standard rules, to 100, o▌")."""
    from textual.widgets._toast import Toast

    from ginrummy_tui.tui import scenarios

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("f2")
        await settle(app, pilot)
        app.notify("A long note of the start, a few lines long, as the notes of a damaged save are, "
                   "to see where it lands over the form.", severity="warning", timeout=30)
        await pilot.pause()
        await pilot.pause()
        toasts = list(app.screen.query(Toast))
        assert toasts and all(t.region.area for t in toasts)
        line = app.screen.query_one("#match-rules").region  # "The match in play: …", its lines whole
        assert line.height
        for toast in toasts:
            assert not toast.region.overlaps(line), (toast.region, line)


@pytest.mark.parametrize("at_the_end", [True, False])
def test_after_the_game_the_commands_messages_follow_the_tables_ascii(at_the_end, tmp_path, monkeypatch, capsys):
    """ASCII alone turned on (or off) on F2 during the game: the messages
    printed once the game closed kept the look the command started with."""
    from ginrummy_tui.cli import Output, parse_command_line
    from ginrummy_tui.cli.play import run_play
    from ginrummy_tui.tui.app import GinApp

    def play(app: GinApp, *args, **kwargs) -> None:  # F2's choice made during the game
        app.ascii_only = at_the_end

    data = tmp_path / "données"  # named in the note of the damaged save, printed after the game
    data.mkdir()
    (data / "current.json").write_text("garbage")
    monkeypatch.setattr(GinApp, "run", play)
    Output.ascii_only = not at_the_end  # as the command started
    run_play(parse_command_line(["--data-dir", str(data)]))
    assert Output.ascii_only is at_the_end
    err = capsys.readouterr().err
    assert "Your saved match could not be used" in err
    if at_the_end:
        assert err.isascii() and "donnees" in err
    else:
        assert "données" in err


def _classic_hands(n: int):
    """A classic match (a box bonus for each hand won) after ``n`` hands of two standard players."""
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import PRESETS, Action, apply, new_game, view
    from ginrummy_tui.engine.kinds import Kind, Phase

    players = [get_opponent("standard", 5), get_opponent("standard", 6)]
    s = new_game(PRESETS["classic"], seed=5)
    while len(s.sheet) < n or s.phase == Phase.HAND_OVER:
        if s.phase == Phase.HAND_OVER:
            s = apply(s, Action(Kind.NEXT_HAND))
        else:
            s = apply(s, players[s.current].choose(view(s, s.current)))
    return s


async def test_the_score_table_of_a_classic_match_says_the_boxes_won_so_far():
    """In classic rules each hand won is worth a box bonus, added at the end of the
    match: the score table in the middle of a match said nothing of the boxes won."""
    from ginrummy_tui.tui import scenarios

    state = _classic_hands(4)
    won = [sum(1 for r in state.sheet if r.winner == seat) for seat in (0, 1)]
    assert all(won), won  # both players have won a hand
    app = make_app(state=state, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("c")
        await settle(app, pilot)
        text = " ".join(screen_text(app).replace("│", " ").split())
        mine = f"{won[0]} hand won" if won[0] == 1 else f"{won[0]} hands won"
        assert (
            f"Box bonuses so far: You {20 * won[0]} ({mine}), Computer {20 * won[1]} ({won[1]}), "
            "added at the end of the match."
        ) in text, text
    app = make_app(state=scenarios.played_hands(3), pause=0)  # the standard rules: no boxes
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("c")
        await settle(app, pilot)
        assert "Box bonuses" not in screen_text(app)


@pytest.mark.parametrize("screen", ["match over", "c"])
async def test_the_score_tables_title_stays_on_one_line_at_80_columns_with_several_rules_changed(tmp_path, screen):
    # "Match 2 · to 10 · classic rules (changed: gin bonus," then "target)" on a line of its
    # own: the title was wrapped to the table's width
    from ginrummy_tui.engine import PRESETS
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.widgets.score_table import ScoreTable

    rules = PRESETS["classic"].with_options(target=10, gin_bonus=30)
    state = replace(scenarios.knock_ready(), rules=rules)  # the knock wins the match
    async with running(resumed(tmp_path, state, seed=1), size=SIZE) as (app, pilot):
        await knock_to_the_match_over(app, pilot)
        if screen == "c":
            await pilot.press("c")
            await settle(app, pilot)
        table = app.screen.query_one(ScoreTable)
        lines = screen_text(app).splitlines()
        title = str(table.render().title)
        assert title.startswith("Match 1 · to 10 · classic rules ("), title
        assert any(title in line for line in lines), (title, lines)


@pytest.mark.parametrize("rules", ["knock limit 0", "oklahoma ace"])
async def test_where_only_gin_ends_the_hand_k_is_off_the_key_bar_and_says_why(tmp_path, rules):
    # with --rule knock_limit=0, or in an Oklahoma hand on an ace upcard, the key bar showed
    # "k Knock" at each discard, a move that could never be made in that hand
    from ginrummy_tui.engine import PRESETS
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.widgets.key_bar import KeyBar

    chosen = PRESETS["standard"].with_options(knock_limit=0) if rules == "knock limit 0" else PRESETS["oklahoma"]
    state = replace(scenarios.knock_ready(), rules=chosen, knock_limit=0)
    async with running(resumed(tmp_path, state, seed=1), size=SIZE) as (app, pilot):
        await pilot.press("s")
        await settle(app, pilot)
        shown = {b.binding.action: b.enabled for b in app.screen.active_bindings.values() if b.binding.show}
        assert "knock" not in shown and "gin" in shown, shown
        bar = str(app.screen.query_one(KeyBar).render())
        assert "Knock" not in bar and "Gin" in bar, bar
        await pilot.press("k")  # still says why
        await settle(app, pilot)
        assert "Only gin may end this hand" in _prompt(app), _prompt(app)
    state = replace(scenarios.knock_ready(), rules=chosen.with_options(knock_limit=10, oklahoma=False))
    async with running(resumed(tmp_path / "knocks", state, seed=1), size=SIZE) as (app, pilot):
        await pilot.press("s")
        await settle(app, pilot)
        assert "Knock" in str(app.screen.query_one(KeyBar).render())


async def test_after_a_hand_ends_a_note_starts_on_the_row_of_the_first_note_of_the_match():
    """The end of a hand took its notes down and left their empty holders behind, a line
    high: the next note came a line lower, a line short of its room."""
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.game_screen import GameScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    def note_rows() -> list[int]:
        return [toast.region.y for toast in app.screen.query("Toast")]

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("o")  # "Sorted by rank"
        await pilot.pause()
        [first] = note_rows()
        await pilot.press("s", "k")
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("enter")  # the next hand
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("o")
        await pilot.pause()
        assert note_rows() == [first]


def _set_aside_plan(tmp_path):
    """What ``gin-tui --new`` plays where a match is unfinished: a new match, and the note
    "Your unfinished match was set aside (kept in ...), counted as abandoned; a new match has started."."""
    from ginrummy_tui.engine import Kind
    from ginrummy_tui.session.startup import prepare

    from .test_resume import args_for, never_asked

    plan = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    plan.keeper.on_change(apply(new_game(seed=4), Action(Kind.PASS)))
    plan.close()
    return prepare(args_for(tmp_path, new=True), ask=never_asked)


@pytest.mark.parametrize("size,hurried", [((46, 21), True), ((80, 24), False)])
async def test_at_46x21_a_note_of_the_start_over_the_table_goes_once_read_when_the_player_moves(
    tmp_path, monkeypatch, size, hurried
):
    """gin-tui --new with a match unfinished, at 46x21: the note "Your unfinished match was set
    aside (kept in ...), counted as abandoned; a new match has started." covered the computer's
    cards, the stock and the pile for its 15 s while the player played on.  Where the notes stand
    over the table, a move takes the note down once it has been up as long as it takes to read;
    without a move, and where the notes stand clear of the table (80x24), it keeps its time."""
    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.tui import restore

    from .app_helpers import until

    monkeypatch.setattr(restore, "NOTE_SECONDS", 600.0)  # a note's time: far longer than the test
    monkeypatch.setattr(restore, "PART_SECONDS", 0.5)  # as long as it takes to read, quickly
    monkeypatch.setattr(restore, "READING_WORDS", 100.0)
    plan = _set_aside_plan(tmp_path)
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=size, notifications=True) as pilot:
            await settle(app, pilot)
            def shown() -> bool:  # the note's last part (a long path puts the note in parts)
                return "a new match has started." in " ".join(_toast_lines(app))

            await until(pilot, shown)
            await pilot.pause(1.0)  # read, and no move: it stays
            assert shown()
            await pilot.press("p")  # the player plays on
            await settle(app, pilot)
            assert app.session.view().history
            if hurried:
                await until(pilot, lambda: not _toast_lines(app))
                assert "a new match has started" not in screen_text(app)
            else:
                await pilot.pause(1.0)
                assert shown()
    finally:
        plan.close()


async def test_the_notes_of_the_table_do_not_cover_the_rule_sheet_and_come_back_after_it(tmp_path):
    """At 80×24 the note of the start covered the rule sheet's first five lines, opened over
    the table while it showed; it is taken down while the sheet is open, and comes back once
    it is closed, for the seconds it had left."""
    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.tui.screens.game_screen import GameScreen
    from ginrummy_tui.tui.screens.rules_screen import RulesScreen

    from .app_helpers import until

    plan = _set_aside_plan(tmp_path)
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(app, pilot)
            await until(pilot, lambda: "set aside" in " ".join(_toast_lines(app)))
            [note] = app._notifications
            left = note.time_left
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, RulesScreen))
            await pilot.pause()
            rows = screen_text(app).splitlines()
            assert not list(app.screen.query("Toast")) and "▌" not in "".join(rows)
            assert rows[1].startswith("│ Rules in play: standard") and rows[1].rstrip().endswith("│"), rows[:6]
            left_under = note.time_left  # the note's own count, which runs on while the sheet is open
            await pilot.pause(0.5)
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await until(pilot, lambda: "set aside" in " ".join(_toast_lines(app)))
            [again] = app._notifications
            assert again is not note and again.raised_at > note.raised_at
            # the seconds before the sheet opened are counted, those it was open are not: it comes
            # back with what it had as the sheet opened, more than its count had left under the
            # sheet (counted, it would come back with less, what it had left at the close)
            assert left_under <= again.timeout <= left, (left_under, again.timeout, left)
    finally:
        plan.close()


@pytest.mark.parametrize("keys", [("f2",), ("f3", "f2")])
async def test_the_notes_of_the_table_do_not_cover_the_settings_form_and_come_back_after_it(tmp_path, keys):
    """At 80×24 the notes of the start covered the values of the settings form (F2) opened
    while they showed, and came back over it when F2 was pressed on the statistics (F3):
    they are taken down while the form is open, and come back once it is closed, for the
    seconds they had left."""
    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.tui.screens.game_screen import GameScreen
    from ginrummy_tui.tui.screens.settings_screen import SettingsScreen

    from .app_helpers import until

    plan = _set_aside_plan(tmp_path)
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(app, pilot)
            await until(pilot, lambda: "set aside" in " ".join(_toast_lines(app)))
            [note] = app._notifications
            left = note.time_left
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            await until(pilot, lambda: isinstance(app.screen, SettingsScreen))
            left_under = note.time_left  # the note's own count, which runs on while the form is open
            await pilot.pause(0.5)
            assert not list(app.screen.query("Toast")) and not app._notifications
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await until(pilot, lambda: "set aside" in " ".join(_toast_lines(app)))
            [again] = app._notifications
            # the seconds the form was open are not counted: it comes back with what it had as it
            # opened, more than its count had left under the form (counted, it would have less)
            assert left_under <= again.timeout <= left, (left_under, again.timeout, left)
    finally:
        plan.close()


async def test_the_next_note_of_the_start_waits_for_the_one_back_from_under_the_rule_sheet(tmp_path, monkeypatch):
    """The note of the start taken down while the rule sheet is open comes back when it is
    closed, for the seconds it had left: the next note of the start comes after it, not
    under it in the toasts' room."""
    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.tui import restore
    from ginrummy_tui.tui.screens.game_screen import GameScreen
    from ginrummy_tui.tui.screens.rules_screen import RulesScreen

    from .app_helpers import until

    # 3 s a note: the note back from under the rule sheet shows for the seconds it had
    # left, which with 1 s a note was a few tenths, gone before a loaded machine looked
    monkeypatch.setattr(restore, "NOTE_SECONDS", 3.0)
    monkeypatch.setattr(restore, "HELD_SECONDS", 0.05, raising=False)
    plan = _two_notes_plan(tmp_path)
    app = build_app(plan, pause=0)

    def up(words: str) -> bool:
        return any(words in str(n.message) for n in app._notifications if not n.has_expired)

    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(app, pilot)
            await until(pilot, lambda: up("saved match"))
            await pilot.press("question_mark")
            await until(pilot, lambda: isinstance(app.screen, RulesScreen))
            await pilot.pause(3.5)  # past the first note's time: the next one would have come
            assert not app._notifications
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await until(pilot, lambda: up("saved match"))
            back = next(n for n in app._notifications if "saved match" in str(n.message))
            await until(pilot, lambda: any(n is not back for n in app._notifications))  # the next part
            assert back not in app._notifications or back.has_expired, list(app._notifications)
            await until(pilot, lambda: up("settings"))  # the next note, in its turn
    finally:
        plan.close()


@pytest.mark.parametrize("width", [46, 60, 80])
async def test_the_opponents_line_fits_its_width_above_its_three_rows_of_card_backs(width):
    """Five cards picked up and the opponent to move: the line over its card backs
    drops "(picked up)", then says "◀" for "◀ to move", then leaves out the last
    cards held ("…"), never taking a second line from the card backs."""
    from ginrummy_tui.engine.cards import parse_cards
    from ginrummy_tui.tui.widgets.opponent_hand import OpponentHand

    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=(width, 24)) as pilot:
        await settle(app, pilot)
        app.table.query_one(OpponentHand).set_state("Computer", 11, parse_cards("TD JD QS 7C 5H"), to_move=True)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        at = next(i for i, line in enumerate(lines) if "Computer · 11 cards" in line)
        head = lines[at].strip()
        assert lines[at + 1].lstrip().startswith("┌─┬"), lines[at : at + 4]
        assert lines[at + 3].lstrip().startswith("└─┴") and lines[at + 3].rstrip().endswith("┘"), lines[at : at + 4]
        assert head.endswith("◀ to move" if width > 46 else "◀"), head
        assert ("(picked up)" in head) == (width == 80), head
        assert ("…" in head) == (width == 46), head
        assert head.startswith("Computer · 11 cards · holds 10♦ J♦"), head


@pytest.mark.parametrize("size", [(46, 21), (80, 24)])
async def test_a_long_name_on_the_opponents_line_is_cut_before_the_words_to_move_are(size):
    """At 46x21 a guest named "Zoë 李小龍 the Magnifi…" read "Zoë 李小龍 the Magnifi… · 10
    cards  ◀", the words "to move" left out where a shorter name leaves room for them."""
    from ginrummy_tui.tui.widgets.opponent_hand import OpponentHand

    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        app.table.query_one(OpponentHand).set_state("Zoë 李小龍 the Magnifi…", 10, to_move=True)
        await pilot.pause()
        (head,) = [line.strip() for line in screen_text(app).splitlines() if " · 10 cards" in line]
        whole = "Zoë 李小龍 the Magnifi… · 10 cards  ◀ to move"
        assert head == (whole if size[0] == 80 else "Zoë 李小龍… · 10 cards  ◀ to move"), head


@pytest.mark.parametrize("size", [(80, 24), (86, 24), (100, 30), (110, 24), (120, 40), (150, 40), (200, 60)])
async def test_notes_one_after_another_on_the_table_start_at_one_column_whatever_their_kind(size):
    # at 110x24 a warning (Ctrl+Z with no shell to come back to) started at the table's 46th
    # column and a plain note after it ("Sorted by rank") at its 70th: 34 columns wide at the
    # right, against the warning's 58
    from textual.widgets._toast import Toast

    from ginrummy_tui.tui import scenarios

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(app, pilot)
        for key in ("ctrl+z", "o", "o"):  # a warning, then two plain notes
            await pilot.press(key)
            await pilot.pause()
        await pilot.pause()
        toasts = list(app.screen.query(Toast))
        assert [t.has_class("-warning") for t in toasts] == [True, False, False]
        assert len({t.region.x for t in toasts}) == 1, [t.region for t in toasts]
        table = app.table.query_one("#table").region
        assert {t.region.right for t in toasts} == {table.right}
        assert all(t.region.x >= table.x + 46 for t in toasts)  # right of the other player's cards and the piles


async def test_the_match_result_says_a_shutout_doubled_the_game_bonus(tmp_path):
    # a classic match won while the other player had scored nothing: the game bonus was 100,
    # and nothing said a shutout doubles it
    from ginrummy_tui.engine import PRESETS
    from ginrummy_tui.tui import scenarios

    rules = PRESETS["classic"].with_options(target=10)
    state = replace(scenarios.knock_ready(), rules=rules)  # the knock wins the match, the computer on 0
    async with running(resumed(tmp_path, state, seed=1), size=SIZE) as (app, pilot):
        await knock_to_the_match_over(app, pilot)
        text = " ".join(screen_text(app).split())
        assert "Shutout: Computer scored nothing, the game bonus is doubled (200)." in text, text  # at 80 columns
        assert app.screen.v.totals[0] == app.screen.v.scores[0] + 200 + 20
        lines = screen_text(app).splitlines()
        assert any("game bonus (shutout)" in line and "+200" in line for line in lines), lines
        # where there is room, the computer is named as the line above names it ("Computer (standard)
        # 0"), not "Computer"
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        name = app.screen.opponent_name
        text = " ".join(screen_text(app).split())
        assert name.startswith("Computer (") and f"Shutout: {name} scored nothing, the game bonus is doubled (200)." in text, text


async def test_every_screen_over_the_table_says_escape_the_same_way_and_keys_are_spelt_alike():
    """The review said "Esc: back", the score table, the turns and the statistics "Esc: back
    to the game", the rule sheet nothing, and their key bars "esc Close"; F2 wrote one key
    three ways ("Ctrl+S saves ...", "Save (ctrl+s)", "^s Save") and the rule sheet listed
    "ctrl+q", "ctrl+z" and "shift+← →". Every such screen ends with "Esc: back" (its key bar
    "esc Back"), and the words in sentences and buttons spell keys "Ctrl+S", "Esc"."""
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.review_screen import ReviewScreen

    from .app_helpers import review_made

    app = make_app(state=scenarios.knocked(), pause=0)
    async with app.run_test(size=(100, 70)) as pilot:
        await settle(app, pilot)
        for key in ("c", "m", "f3", "question_mark", "r"):
            await pilot.press(key)
            await pilot.pause()
            if key == "r":
                assert isinstance(app.screen, ReviewScreen)
                await review_made(app, pilot)
            lines = [" ".join(line.replace("│", " ").split()) for line in screen_text(app).splitlines()]
            text = "\n".join(lines)
            # (the score table's box, over the middle of the end of the hand, has its words beside it)
            assert any(line == "Esc: back" or line.endswith(" Esc: back") for line in lines), (key, text)
            assert "back to the game" not in text, key
            assert lines[-1].startswith("esc Back"), (key, lines[-1])
            if key == "question_mark":
                for said in ("q / Ctrl+Q quit", "Ctrl+Z back to the shell", "< > Shift+← → move the selected card"):
                    assert said in text, said
                assert "ctrl+" not in text and "shift+" not in text
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        text = screen_text(app)
        assert "Save (Ctrl+S)" in text and "Cancel (Esc)" in text, text
        assert "(ctrl+s)" not in text and "(esc)" not in text


async def test_the_score_tables_title_names_a_change_where_the_panel_has_room(tmp_path):
    # --rules oklahoma --rule tie_is_undercut=false, c at 80x24: "Match 1 · to 150 · oklahoma
    # rules (changed)" though the 78-column panel had room for the change: the room was the
    # table's width, not the panel's
    from ginrummy_tui.engine import PRESETS
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.score_screen import ScoreScreen
    from ginrummy_tui.tui.widgets.score_table import ScoreTable

    rules = PRESETS["oklahoma"].with_options(tie_is_undercut=False)
    state = replace(scenarios.knock_ready(), rules=rules)
    async with running(resumed(tmp_path, state, seed=1), size=SIZE) as (app, pilot):
        await pilot.press("s", "k")
        await settle(app, pilot)
        await pilot.press("c")
        await settle(app, pilot)
        assert isinstance(app.screen, ScoreScreen)
        table = app.screen.query_one(ScoreTable)
        title = str(table.render().title)
        assert title == "Match 1 · to 150 · oklahoma rules (changed: a tie is no undercut)", title
        lines = screen_text(app).splitlines()
        assert any(title in line for line in lines), lines


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"knock_limit": 0}, "standard rules (changed: gin only)"),
        ({"knock_limit": 0, "big_gin": True, "box_bonus": 25}, "standard rules (3 changes)"),
    ],
)
async def test_the_score_tables_title_names_the_changes_at_46_columns_where_it_takes_two_lines_anyway(options, named):
    # --rule knock_limit=0, c at 46x21: "Match 1 · to 100 · standard rules" then "(changed)" on a
    # second line, where "(changed: gin only)" fits it; a list that would take a third line is
    # still counted
    from ginrummy_tui.engine import PRESETS
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.score_screen import ScoreScreen
    from ginrummy_tui.tui.widgets.score_table import ScoreTable

    rules = PRESETS["standard"].with_options(**options)
    state = replace(scenarios.knock_ready(), rules=rules, knock_limit=rules.knock_limit)
    app = make_app(state=state, pause=0)
    async with app.run_test(size=(46, 21)) as pilot:
        await settle(app, pilot)
        await pilot.press("c")
        await settle(app, pilot)
        assert isinstance(app.screen, ScoreScreen)
        title = str(app.screen.query_one(ScoreTable).render().title)
        assert title == f"Match 1 · to 100 · {named}", title
        text = " ".join(screen_text(app).replace("│", " ").split())
        assert f"Match 1 · to 100 · {named}" in text, text


def _finished_match(preset: str, seed: int) -> GameState:
    """A match of ``preset`` two computer players have played out."""
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import PRESETS, Action, Kind, Phase, view

    s = new_game(PRESETS[preset], seed=seed)
    bots = [get_opponent("standard", seed), get_opponent("standard", seed + 1)]
    while s.phase != Phase.MATCH_OVER:
        s = apply(s, Action(Kind.NEXT_HAND) if s.phase == Phase.HAND_OVER else bots[s.current].choose(view(s, s.current)))
    return s


@pytest.mark.parametrize("size", [(80, 24), (46, 21)])
async def test_the_match_result_keeps_each_hand_of_its_table_on_one_line_with_the_doubled_note(size):
    """At 80 columns the result's table, beside the scroll bar of the screen, broke a doubled
    Oklahoma hand's "Computer +72 (36×2)" after its points, where the score sheet (c) had it
    on one line; and the sheet's line on what "(36×2)" means was missing under it. A hand
    keeps to one line now (the winner's name left out of the points where it does not fit:
    the ending says who scored), and the note is under the table as on the sheet (c), in the
    form the table takes ("+36×2" at 46 columns)."""
    from ginrummy_tui.engine import view
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.screens.score_screen import ScoreScreen
    from ginrummy_tui.tui.widgets.score_table import ScoreTable, doubled_note

    s = _finished_match("oklahoma", 1)
    v = view(s, 0)
    note = doubled_note(v, tiny=size[0] < 60)
    assert note
    app = make_app(state=s, pause=0, ai="expert")
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        await pilot.press("enter")
        await settle(app, pilot)
        await pilot.pause()
        assert isinstance(app.screen, MatchOverScreen)
        table = app.screen.query_one(ScoreTable)
        lines = table.row_lines()
        assert sorted(lines) == [r.hand_no for r in s.sheet]
        assert all(len(ys) == 1 for ys in lines.values()), lines
        shown = app.screen.query_one("#final-doubled", Static)
        assert shown.display and str(shown.render()) == note
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        lines = app.screen.query_one(ScoreTable).row_lines()
        assert all(len(ys) == 1 for ys in lines.values()), lines
        assert str(app.screen.query_one("#scores-doubled", Static).render()) == note


@pytest.mark.parametrize("size", [(80, 24), (46, 21)])
async def test_the_classic_result_keeps_its_hands_and_bonuses_on_one_line_each(size):
    """The classic preset's result: each hand, each bonus and the total on one line, and no
    note on doubled hands where none was doubled."""
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.widgets.score_table import ScoreTable

    s = _finished_match("classic", 1)
    assert s.totals != s.scores
    app = make_app(state=s, pause=0, ai="expert")
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        await pilot.press("enter")
        await settle(app, pilot)
        await pilot.pause()
        assert isinstance(app.screen, MatchOverScreen)
        table = app.screen.query_one(ScoreTable)
        assert all(len(ys) == 1 for ys in table.row_lines().values())
        assert not app.screen.query_one("#final-doubled", Static).display
        console = app.console
        text = [
            "".join(seg.text for seg in line)
            for line in console.render_lines(table.render(), console.options.update_width(table.content_size.width), pad=False)
        ]
        for words in ("box bonuses", "game bonus"):  # the words and their figures on one line
            (row,) = [line for line in text if words in line]
            assert row.count("+") == 2, text
        (total,) = [line for line in text if "total" in line]
        assert total.split()[-2:] == [str(s.totals[0]), str(s.totals[1])], text


async def test_the_ctrl_z_note_shows_whole_over_the_notes_of_the_start(tmp_path, monkeypatch):
    """Where no shell brings the game back, Ctrl+Z's note came under the start's, cut off
    mid-sentence ("... Quit with q (your match is saved: gin-tui") until they went; the
    start's note is taken down while it shows, and comes back after it."""
    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.tui import suspend

    from .app_helpers import until

    monkeypatch.setattr(suspend, "can_suspend", lambda _app: False)
    plan = _set_aside_plan(tmp_path)
    # as a match resumed with a separate one waiting has them
    plan.notes[:] = ["A separate match waits too (separate-1.json): gin-tui takes it up after this one."]
    plan.resumed = True  # "Resumed your match: ..." too
    app = build_app(plan, pause=0, command="gin-tui --data-dir /tmp/data")
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(app, pilot)
            await until(pilot, lambda: "separate match waits" in " ".join(_toast_lines(app)))
            await pilot.press("ctrl+z")
            await until(pilot, lambda: "no shell here" in " ".join(_toast_lines(app)))
            await pilot.pause()
            said = " ".join(_toast_lines(app))
            assert said.startswith("Ctrl+Z: there is no shell here") and said.endswith("resumes it).")
            assert "separate match" not in said and "Resumed" not in said
            assert app.holding_notes()  # the start's notes wait for it
            await until(pilot, lambda: "separate match waits" in " ".join(_toast_lines(app)), timeout=15)
            assert "no shell here" not in " ".join(_toast_lines(app))
    finally:
        plan.close()


async def test_the_note_of_a_resumed_match_keeps_each_score_with_its_player():
    """At 80x24 the note of the match resumed read "Resumed your match: hand 1, You" on its
    first line, "0 · Computer (standard) 0." on the next: the hand is on the line of its
    number, and each score on the line of its player."""
    from ginrummy_tui.tui import restore

    app = make_app(seed=1, pause=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(app, pilot)
        restore.show_notes(app, [], resumed=True)
        await until(pilot, lambda: "Resumed" in " ".join(_toast_lines(app)))
        await pilot.pause()
        lines = _toast_lines(app)
        assert " ".join(lines) == "Resumed your match: hand 1, You 0 · Computer (standard) 0.", lines
        for group in ("hand 1,", "You 0 ·", "Computer (standard) 0."):
            assert any(group in line for line in lines), (group, lines)


async def test_the_ctrl_z_note_keeps_the_command_that_resumes_the_match_on_one_line(tmp_path, monkeypatch):
    """In a tmux pane, where no shell brings the game back, Ctrl+Z's note at 80x24 broke the
    command it names over three lines: "(your match is saved: gin-tui" / "--data-dir
    /tmp/x" / "resumes it)".  The command is whole on one line."""
    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.tui import suspend

    from .test_resume import args_for, never_asked

    monkeypatch.setattr(suspend, "can_suspend", lambda _app: False)
    plan = prepare(args_for(tmp_path), ask=never_asked)
    app = build_app(plan, pause=0, command="gin-tui --data-dir /tmp/x")
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(app, pilot)
            await pilot.press("ctrl+z")
            await until(pilot, lambda: "no shell here" in " ".join(_toast_lines(app)))
            await pilot.pause()
            lines = _toast_lines(app)
            assert " ".join(lines).endswith("(your match is saved: gin-tui --data-dir /tmp/x resumes it)."), lines
            assert any("gin-tui --data-dir /tmp/x" in line for line in lines), lines
    finally:
        plan.close()


async def test_the_take_over_of_a_stopped_gin_tui_and_the_resumed_match_come_one_after_the_other(monkeypatch):
    """After taking over a gin-tui stopped with Ctrl+Z, its note and "Resumed your match: ..."
    showed together at 80x24, and the take-over note, in the room left beside the other,
    was cut before its last sentence ("Every move was already saved."), which came after.
    The note that does not fit beside "Resumed your match" comes after it, whole."""
    from ginrummy_tui.engine.words import apart
    from ginrummy_tui.session.startup import TakeOver, taken_over_note
    from ginrummy_tui.tui import restore

    from .app_helpers import until

    monkeypatch.setattr(restore, "RESUMED_SECONDS", 0.3)
    taken = taken_over_note(TakeOver.ENDED, "process 11622, since 14:17, stopped with Ctrl+Z")
    app = make_app(seed=1, pause=0)
    raised: list[tuple[str, list[str]]] = []  # each note as it comes, with the notes up then
    toast = app._toast

    def recorded(message, **kwargs):
        up = [str(n.message) for n in app._notifications]
        raised.append((apart(str(message)), up))  # (its groups of words kept together: "You 0")
        return toast(message, **kwargs)

    monkeypatch.setattr(app, "_toast", recorded)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(app, pilot)
        notes = restore.show_notes(app, [taken], resumed=True)
        await until(pilot, lambda: any("taken over" in message for message, _up in raised))
        resumed = "Resumed your match: hand 1, You 0 · Computer (standard) 0."
        assert raised == [(resumed, []), (taken, [])], raised  # one after the other, each whole
        assert taken.endswith("Every move was already saved.") and notes.unshown() == []


def test_a_start_note_timer_stopped_after_it_fired_does_not_show_the_next_part():
    """Under load, the note brought back from under the rule sheet had the next note shown
    over it at once: the timer due for the next note had fired (its call waiting among the
    app's messages) just before the rule sheet closed, and stopping it then did not stop
    that call. A stale call does nothing; the new one shows the next note in its time."""
    from types import SimpleNamespace

    from ginrummy_tui.tui import restore

    class Timer:
        def __init__(self, callback):
            self.callback, self.stopped = callback, False

        def stop(self):
            self.stopped = True

    timers: list[Timer] = []
    shown: list[str] = []

    def set_timer(seconds, callback):
        timers.append(Timer(callback))
        return timers[-1]

    app = SimpleNamespace(
        size=(120, 40), screen_stack=[object()], screen=object(), set_timer=set_timer,
        holding_notes=lambda: False, spent_toast_shown=lambda: False, start_note=lambda part, seconds: shown.append(part) or object(),
    )
    notes = restore.StartNotes(app)
    notes.add("The first note.")
    notes.add("The second note.")
    assert shown == ["The first note."]
    fired = timers[-1]  # due: its call is on its way
    notes.shown_again(2.0)  # the rule sheet closed: the first note back, the next after it
    assert fired.stopped
    fired.callback()  # the call already on its way
    assert shown == ["The first note."]
    timers[-1].callback()  # the new timer, in its time
    assert shown == ["The first note.", "The second note."]


@pytest.mark.parametrize("back_to", [(80, 24), (120, 40)])
async def test_the_end_of_a_hand_is_whole_again_after_a_resize_under_the_score_table(back_to):
    # at 80x24, c over the end of a hand, the terminal resized to 46x21 and back, Esc: the
    # bottom of the computer's cards, "You score 48 (58 − 10)" and the scores were gone until
    # the next resize (the end of the hand, under the table, heard of no resize)
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.score_screen import ScoreScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    app = make_app(state=scenarios.knocked(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.resize_terminal(*back_to)
        await pilot.pause()
        whole = screen_text(app)
        assert "You score 48" in whole and "Scores: You 48" in whole, whole
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        await pilot.resize_terminal(46, 21)
        await pilot.pause()
        await pilot.resize_terminal(*back_to)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert screen_text(app) == whole


def _knocked_to_fit_exactly() -> GameState:
    """Hand 1 of seed 1 played by the hints, up to the computer's knock with 6♣: at 46x21 its
    end fits the summary's rows exactly, "You · deadwood 28 (was 32 before layoffs)" taking 41
    of its 42 columns (40 beside a scroll bar, where it wraps and the lines overflow)."""
    from ginrummy_tui.engine.cards import card
    from ginrummy_tui.engine.kinds import Kind

    moves = [
        Action(Kind.PASS), Action(Kind.TAKE_UPCARD), Action(Kind.DISCARD, card("JC")),
        Action(Kind.DRAW_STOCK), Action(Kind.DISCARD, card("JD")),
        Action(Kind.DRAW_STOCK), Action(Kind.DISCARD, card("QS")),
        Action(Kind.DRAW_STOCK), Action(Kind.DISCARD, card("JS")),
        Action(Kind.DRAW_STOCK), Action(Kind.DISCARD, card("8C")),
        Action(Kind.DRAW_STOCK), Action(Kind.DISCARD, card("9C")),
        Action(Kind.DRAW_DISCARD), Action(Kind.KNOCK, card("6C")),
    ]
    s = new_game(seed=1)
    for move in moves:
        s = apply(s, move)
    return s


@pytest.mark.parametrize("tall", [(80, 30), (250, 70), (46, 19), None])
async def test_the_end_of_a_hand_that_just_fits_46x21_is_whole_again_there(tall, monkeypatch):
    """At 46x21 an end of a hand whose lines fit exactly, shown at 80x30 (or 250x70, or a
    terminal too low) and back at 46x21: a scroll bar the tall layout put up stayed, its
    thumb in the middle of the text, the headline of the player's hand wrapped, and
    "a: replay this deal" out of view; the same once a refusal had come and gone (None)."""
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen
    from ginrummy_tui.tui.widgets import table_only_line

    timers = SaidTimers(monkeypatch)  # run out by the test, not by the clock
    app = make_app(state=_knocked_to_fit_exactly(), pause=0)
    async with app.run_test(size=(46, 21)) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        whole = screen_text(app)
        assert "You · deadwood 28 (was 32 before layoffs)" in whole and "a: replay this deal" in whole, whole
        if tall is None:
            await pilot.press("h")  # "A hint (h) is for your own turn in a hand: ..."
            await until(pilot, lambda: "A hint (h)" in screen_text(app))
            assert timers.set == [table_only_line.SHOWN_FOR]
            timers.run_out()
            await until(pilot, lambda: "A hint (h)" not in screen_text(app))
        else:
            await pilot.resize_terminal(*tall)
            await pilot.pause()
            await pilot.resize_terminal(46, 21)
        with contextlib.suppress(AssertionError):  # laid out again, it may take a moment
            await until(pilot, lambda: screen_text(app) == whole, timeout=2.0)
        assert screen_text(app) == whole


@pytest.mark.parametrize("key", ["enter", "n"])
async def test_a_refusal_on_the_matchs_result_goes_when_the_new_match_starts(tmp_path, key):
    """s on the match's result says "No move can be made now: the match is over; ⏎ or
    n starts a new match."; ⏎ then started the new match with the note still up over
    its first hand for seconds.  The notes about the result's keys go with it."""
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.game_screen import GameScreen

    from .app_helpers import said_on_the_result

    async with running(resumed(tmp_path, scenarios.match_point(), seed=1), size=SIZE) as (app, pilot):
        await knock_to_the_match_over(app, pilot)
        await pilot.press("s")
        await settle(app, pilot)
        assert said_on_the_result(app).startswith("No move can be made now")
        await pilot.press(key)
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen) and app.session.view().hand_no == 1
        assert not [n for n in app._notifications if "No move can be made now" in str(n.message)]
        assert "No move can be made now" not in screen_text(app)


@pytest.mark.parametrize("size", [(80, 24), (46, 21)])
async def test_a_refusal_on_the_matchs_result_leaves_the_score_tables_title_whole(size):
    """Space or x on the match's result at 80x24: the note saying it does nothing stood under
    the result's banner, over the score table's title: "Match 1 · to 100 · standard▌ starts a
    new match; ? lists the keys." ("rules" hidden).  The result says it in a line of its own
    above the key bar, as the end of a hand and the screens over the table do, and the title
    stays whole; the line goes after a few seconds."""
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen

    from .app_helpers import said_on_the_result, until

    app = make_app(state=scenarios.match_point(), pause=0)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(app, pilot)
        await knock_to_the_match_over(app, pilot)
        title = next(line.strip() for line in screen_text(app).splitlines() if line.strip().startswith("Match 1 ·"))
        assert title.endswith("standard rules"), title
        for key, words in (("space", "Space does nothing here"), ("x", "'x' does nothing here")):
            await pilot.press(key)
            await settle(app, pilot)
            await pilot.pause()
            text = screen_text(app)
            assert isinstance(app.screen, MatchOverScreen)
            assert title in text and "▌" not in text, text
            said = said_on_the_result(app)
            assert said.startswith(words) and said.endswith("⏎ or n starts a new match; ? lists the keys."), said
        await until(pilot, lambda: said_on_the_result(app) == "", timeout=15)


async def test_the_list_of_turns_of_a_hand_no_one_has_moved_in_says_so():
    """m before any move showed "Hand 1 · Computer dealt", a blank line and "Esc: back": an
    empty list, which looked as if it had failed to show. It says no one has moved yet, and
    the first move takes that line's place."""
    from ginrummy_tui.tui.screens.moves_screen import MovesScreen
    from ginrummy_tui.tui.table_text import NO_TURN_YET

    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, MovesScreen))
        await settle(app, pilot)
        assert NO_TURN_YET in screen_text(app), screen_text(app)
        await pilot.press("escape")
        await settle(app, pilot)
        await pilot.press("p")  # the upcard passed: a turn to list
        await settle(app, pilot)
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, MovesScreen))
        await settle(app, pilot)
        text = screen_text(app)
        assert NO_TURN_YET not in text and "passed" in text, text


@pytest.mark.parametrize("size", [(150, 40), (160, 30)])
async def test_the_turns_beside_the_table_of_a_hand_no_one_has_moved_in_say_so(size):
    """From 150 columns the hand's turns stand beside the table, and m says so: before any move
    they showed "Hand 1 · Computer dealt" with nothing under it, where the list of turns says
    "No turn yet: the hand has just been dealt."; the first move takes that line's place."""
    from ginrummy_tui.tui.table_text import NO_TURN_YET
    from ginrummy_tui.tui.widgets.hand_log import HandLog

    def side() -> str:
        region = app.screen.query_one(HandLog).content_region  # inside its edge
        rows = screen_text(app).splitlines()[region.y : region.bottom]
        return " ".join(" ".join(row[region.x : region.right].split()) for row in rows)

    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        await pilot.press("m")
        await settle(app, pilot)
        assert "Hand 1 · Computer dealt" in side() and NO_TURN_YET in side(), side()
        await pilot.press("p")  # the upcard passed: a turn to list
        await settle(app, pilot)
        assert NO_TURN_YET not in side() and "passed" in side(), side()


@pytest.mark.parametrize("size", [(46, 21), (80, 24)])
async def test_while_the_computer_discards_the_key_bar_shows_the_draw_to_come(size):
    """Once the computer had drawn and was about to throw, the key bar switched to "⏎ Discard
    k Knock g Gin", dimmed: the computer's step, not the player's next (a draw).  It shows the
    draw's keys, dimmed until the player's turn, as while the computer draws."""
    from ginrummy_tui.engine.kinds import Kind
    from ginrummy_tui.engine.reducer import legal_actions
    from ginrummy_tui.tui.widgets.key_bar import KeyBar

    s = new_game(seed=3)
    while not (s.current == 1 and s.phase == "discard"):  # the computer has drawn and is to throw
        legal = legal_actions(s)
        kinds = [a for a in legal if a.kind in (Kind.PASS, Kind.DRAW_STOCK)]
        s = apply(s, kinds[0] if kinds else next(a for a in legal if a.kind == Kind.DISCARD))
    app = make_app(state=s, pause=30)  # the computer waits: its turn lasts
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert app.session.opponent_to_move() and app.session.view().phase == "discard"
        bar = app.table.query_one(KeyBar)
        shown = [(d, t, on) for row in bar.key_rows(size[0])[0] for d, t, on, _k in row]
        assert ("s", "Stock", False) in shown and ("d", "Pile", False) in shown, shown
        assert not any(t in ("Discard", "Knock", "Gin") for _d, t, _on in shown), shown
        for key in ("enter", "k", "s"):  # each still says why it does nothing now
            await pilot.press(key)
            await pilot.pause()
            assert "not your turn" in _prompt(app), (key, _prompt(app))


async def test_the_race_of_a_match_lost_on_time_before_any_point_says_none_was_scored():
    """A match lost on time at its first move: its result showed "The race" as a scale from 0
    to 100 and an axis with no bar, above the score table.  It says no points were scored."""
    from ginrummy_tui.engine import PRESETS
    from ginrummy_tui.engine.kinds import Kind

    s = apply(new_game(PRESETS["multiplayer-1.5"], seed=3), Action(Kind.TIMEOUT))
    assert s.phase == "match_over"
    app = make_app(state=s, pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("enter")
        await settle(app, pilot)
        text = screen_text(app)
        assert "The race" in text and "No points were scored." in text, text
        assert "100│" not in text and "(left)" not in text, text
