"""The race chart of the match-over screen: a pair of bars per hand."""

from __future__ import annotations

import pytest

from ginrummy_tui.engine import view
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.widgets.race import race_chart


def heights(text: str, column: int) -> int:
    """How many rows of the chart have a bar in ``column``."""
    rows = text.splitlines()[:-2]
    return sum(1 for row in rows if len(row) > column and row[column] not in " │|")


def test_each_hand_has_a_bar_for_each_player_as_high_as_their_score():
    state = scenarios.played_hands(3)
    v = view(state, 0)
    chart = race_chart(v, "Computer (standard)", height=5).plain
    lines = chart.splitlines()
    assert lines[0].startswith(f"{v.rules.target}│") and lines[4].lstrip().startswith("0│")
    assert lines[5].split("└")[1].split() == ["1", "2", "3", "hand"]
    assert "You" in lines[6] and "Computer" in lines[6] and "(standard)" not in lines[6]
    # the legend reads without colour: which bar of each pair is whose
    assert "You (left)" in lines[6] and "Computer (right)" in lines[6]
    start = lines[0].index("│") + 1
    for i, r in enumerate(v.sheet):
        mine, theirs = heights(chart, start + 3 * i), heights(chart, start + 3 * i + 1)
        # five rows of eight steps each: a bar is as many rows high as its share of the target
        assert mine == -(-round(r.scores[0] / v.rules.target * 40) // 8)
        assert theirs == -(-round(r.scores[1] / v.rules.target * 40) // 8)


def test_a_score_over_the_target_sets_the_top_and_ascii_has_no_blocks():
    from dataclasses import replace

    from ginrummy_tui.engine import apply, legal_actions

    state = scenarios.match_point()
    while not state.over:  # the player on 80 draws and knocks past 100
        acts = legal_actions(state)
        knock = [a for a in acts if a.kind in ("knock", "gin")]
        state = apply(state, knock[0] if knock else [a for a in acts if a.kind in ("draw stock", "discard")][0])
    v = view(state, 0)
    assert max(v.totals) > v.rules.target
    top = max(r.scores[0] for r in v.sheet)
    chart = race_chart(v, "Computer", height=4).plain
    assert chart.splitlines()[0].startswith(f"{top}│")
    ascii_chart = race_chart(replace(v), "Computer", height=4, ascii_only=True).plain
    assert ascii_chart.isascii() and "#" in ascii_chart


def test_with_ascii_each_players_bars_have_their_own_sign_and_the_legend_shows_them():
    """With --ascii both bars were drawn from one scale of signs, and the
    legend showed "#" for both players ("#" was also a partly filled bar)."""
    state = scenarios.played_hands(3)
    v = view(state, 0)
    chart = race_chart(v, "Computer (standard)", height=5, ascii_only=True).plain
    assert chart.isascii(), chart
    lines = chart.splitlines()
    start = lines[0].index("|") + 1
    assert lines[0].startswith(f"{v.rules.target}|") and "+1  2  3" in lines[5]
    bars = [{row[start + 3 * i + who] for row in lines[:5] for i in range(len(v.sheet))} - {" "} for who in (0, 1)]
    assert all(bars) and not bars[0] & bars[1], chart
    for i, r in enumerate(v.sheet):  # as high as without --ascii
        assert heights(chart, start + 3 * i) == -(-round(r.scores[0] / v.rules.target * 40) // 8)
        assert heights(chart, start + 3 * i + 1) == -(-round(r.scores[1] / v.rules.target * 40) // 8)
    mine, you, theirs, computer = lines[6].split()[0], lines[6].split()[1:3], lines[6].split()[3], lines[6].split()[4:]
    assert you == ["You", "(left)"] and computer == ["Computer", "(right)"]
    # each sign of the legend is its player's full bar, never a sign of the other's bars
    assert mine in bars[0] and mine not in bars[1] and theirs not in bars[0] and mine != theirs


def test_the_match_over_screen_shows_the_record_against_this_level(tmp_path):
    from types import SimpleNamespace

    from ginrummy_tui.session.keeper import Keeper
    from ginrummy_tui.storage.history import import_json_history, open_history
    from ginrummy_tui.storage.store import Store
    from ginrummy_tui.tui.screens.match_over_screen import read_level_record

    from .test_history import write_json_history
    from .test_stats import HISTORY

    write_json_history(tmp_path, HISTORY)
    hist = open_history(tmp_path).history
    import_json_history(hist)
    hist.close()
    from ginrummy_tui.engine import new_game
    from ginrummy_tui.session.context import AppContext
    from ginrummy_tui.session.local import LocalSession

    keeper = Keeper(Store(tmp_path))
    session = LocalSession(new_game(seed=1), SimpleNamespace(level="standard"))
    app = SimpleNamespace(session=session, context=AppContext(session=session, keeper=keeper))
    record = read_level_record(app)
    assert record is not None
    text = record.text().plain
    # which mark is a win, and which end the newest, said under the marks (they were not)
    assert text == "Against standard: won 3 of 4\nlast 4: ●○●●\n● won, ○ lost; newest last", text
    assert record.text(ascii_only=True).plain.endswith("last 4: WLWW\nW won, L lost; newest last")  # with --ascii: no ● or ○
    app.session.opponent.level = "easy"  # never played: nothing to show
    assert read_level_record(app) is None
    keeper.shared_history().close()


async def _match_over_screen(app, pilot):
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen

    from .app_helpers import settle

    for key in ("s", "k", "enter"):  # the player on 80 knocks past 100, then Enter: the result of the match
        await pilot.press(key)
        await settle(app, pilot)
    assert isinstance(app.screen, MatchOverScreen)


def _shows_result_and_race(app) -> str:
    """The screen's text, once checked that the result, the final score, the
    whole race and the key bar are on it."""
    from .app_helpers import screen_text

    text = screen_text(app)
    lines = text.splitlines()
    v = app.session.view()
    assert "You won the match!" in text and f"Final score: You {v.totals[0]}" in text, text
    top = next(i for i, ln in enumerate(lines) if ln.strip().startswith(f"{max(v.totals)}│"))
    assert lines[top - 1].rstrip().endswith("The race"), text
    axis = next(i for i, ln in enumerate(lines) if "└1" in ln)
    assert "You (left)" in lines[axis + 1] and "Computer (right)" in lines[axis + 1], text
    from ginrummy_tui.tui.widgets.key_bar import KeyBar

    bar = app.screen.query_one(KeyBar).region  # on two rows below 80 columns where one is too short
    assert lines[bar.y].lstrip().startswith("⏎ New match") and "q Quit" in lines[-1], text
    return text


@pytest.mark.parametrize("size", [(80, 24), (60, 24)])
async def test_a_short_screen_shows_the_result_and_the_whole_race_without_scrolling(size):
    """At 80×24 the race needed scrolling: the result, the final score, the
    race and the key bar now show at once, and from 24 rows a five-hand match's every hand too
    (on a screen too short for all of it, the table's hands come first: the test below)."""
    from ginrummy_tui.tui.app import make_app

    app = make_app(state=scenarios.match_point(), pause=0)
    async with app.run_test(size=size) as pilot:
        await _match_over_screen(app, pilot)
        text = _shows_result_and_race(app)
        lines = text.splitlines()
        top = next(i for i, ln in enumerate(lines) if "│" in ln and ln.strip()[0].isdigit())
        axis = next(i for i, ln in enumerate(lines) if "└1" in ln)
        assert axis - top == 3, text  # three rows of bars on a short screen
        v = app.session.view()
        assert len(v.sheet) == 5
        for r in v.sheet if size[1] >= 24 else ():
            assert any(ln.split()[:1] == [str(r.hand_no)] and f"+{r.points}" in ln for ln in lines), text


async def test_a_roomy_screen_draws_the_race_taller_and_a_wide_one_beside_the_table():
    from ginrummy_tui.tui.app import make_app

    app = make_app(state=scenarios.match_point(), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _match_over_screen(app, pilot)
        for size, rows, beside in (((80, 40), 5, False), ((120, 40), 5, True), ((120, 24), 3, True), ((80, 24), 3, False)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            lines = _shows_result_and_race(app).splitlines()
            top = next(i for i, ln in enumerate(lines) if "128│" in ln)
            axis = next(i for i, ln in enumerate(lines) if "└1" in ln)
            assert axis - top == rows, size
            title = next(i for i, ln in enumerate(lines) if "Match 1 · to 100" in ln)
            if beside:  # the table on the left, the race on its right
                assert title == top - 1 and lines[title].index("Match") < lines[top].index("128│"), size
            else:  # the race under the result, the table under the race
                assert title > axis + 1, size
            assert ("⏎ or n: play a new match" in "\n".join(lines)) == (size[1] >= 32), size


async def test_at_80x24_the_record_against_the_level_stands_beside_the_race(monkeypatch):
    """With a record against this level the race still shows whole at 80×24:
    the record stands beside it (under it where the screen is too narrow)."""

    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens import match_over_screen

    from .app_helpers import screen_text

    record = match_over_screen.LevelRecord("standard", 4, 3, (True, False, True, True))
    monkeypatch.setattr(match_over_screen, "read_level_record", lambda app: record)
    app = make_app(state=scenarios.match_point(), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _match_over_screen(app, pilot)
        lines = _shows_result_and_race(app).splitlines()
        top = next(i for i, ln in enumerate(lines) if "128│" in ln)
        assert "Against standard: won 3 of 4" in lines[top] and "last 4: ●○●●" in lines[top + 1]
        assert "● won, ○ lost; newest last" in lines[top + 2]
        await pilot.resize_terminal(60, 24)
        await pilot.pause()
        lines = _shows_result_and_race(app).splitlines()
        axis = next(i for i, ln in enumerate(lines) if "└1" in ln)
        assert lines[axis + 3].strip() == "Against standard: won 3 of 4", screen_text(app)


async def test_a_note_on_the_result_leaves_the_record_beside_the_race_whole(monkeypatch):
    """80×24, h on the match's result: its note, under the result's banner at the right, covered
    the record beside the race ("Against standard: won 0 of 1" read "Again▌").  The screen
    says it in a line of its own above the key bar."""
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import PRESETS, apply, new_game, view
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens import match_over_screen

    from .app_helpers import said_on_the_result, screen_text, settle

    record = match_over_screen.LevelRecord("standard", 1, 0, (False,))
    monkeypatch.setattr(match_over_screen, "read_level_record", lambda app: record)
    s = new_game(PRESETS["standard"].with_options(target=5), seed=3)
    bot = get_opponent("standard", 0)
    while s.phase != "match_over":
        s = apply(s, bot.choose(view(s, s.current)))
    app = make_app(state=s, pause=0, ai="standard")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, match_over_screen.MatchOverScreen)
        await pilot.press("h")
        await settle(app, pilot)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        assert any(line.rstrip().endswith("Against standard: won 0 of 1") for line in lines), "\n".join(lines)
        said = said_on_the_result(app)
        assert said == "A hint (h) is for your own turn in a hand: the match is over; ⏎ or n starts a new match.", said
        assert all("▌" not in line for line in lines)  # in the line above the key bar, no note over the result


async def test_the_result_of_the_match_follows_ascii_suits_turned_on_in_the_settings(monkeypatch):
    """F2 works on the result of the match too: turning ASCII suits on there
    redrew the game screen under it but left the race's │ and └ and the
    record's ● and ○ on the result until it was opened again."""

    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens import match_over_screen

    from .app_helpers import screen_text, settle

    record = match_over_screen.LevelRecord("standard", 4, 3, (True, False, True, True))
    monkeypatch.setattr(match_over_screen, "read_level_record", lambda app: record)
    app = make_app(state=scenarios.match_point(), pause=0)
    async with app.run_test(size=(80, 40)) as pilot:
        await _match_over_screen(app, pilot)
        assert "└1" in screen_text(app) and "●○●●" in screen_text(app)
        app.ascii_only = True  # what the settings screen does when the suits are set to ASCII
        await settle(app, pilot)
        text = screen_text(app)
        assert "└" not in text and "│1" not in text and "+1" in text, text
        assert "last 4: WLWW" in text and "Enter or n: play a new match - Up/Down and r: review a hand - q: quit" in text, text
        assert "Final score: You 128 - Computer (standard) 59" in text and "Match 1 - to 100" in text, text
        assert not {"·", "─", "╔"} & set(text), text  # the headline, its box and the table too
        said = next(ln for ln in text.splitlines() if "Final score" in ln)
        assert said.index("Final score") > 10, text  # still centred
        # turned off from the settings screen itself (F2), over the result: its box follows too
        await pilot.press("f2")
        await settle(app, pilot)
        app.ascii_only = False
        await pilot.press("escape")
        await settle(app, pilot)
        text = screen_text(app)
        assert "╔" in text and "+---" not in text and "Final score: You 128 · Computer" in text, text


@pytest.mark.parametrize("size", [(80, 24), (60, 24), (46, 21)])
async def test_with_bonuses_the_result_says_its_final_score_has_them(size):
    """In classic the score table's "bonuses" and "total" rows were below the
    fold at 80×24, under hands that ended at 128, and the result said "Final
    score: You 288" without saying it held the bonuses; it says so now, on
    the lines of the result that always show."""
    from dataclasses import replace

    from ginrummy_tui.engine import PRESETS
    from ginrummy_tui.tui.app import make_app

    from .app_helpers import screen_text

    app = make_app(state=replace(scenarios.match_point(), rules=PRESETS["classic"]), pause=0)
    async with app.run_test(size=size) as pilot:
        await _match_over_screen(app, pilot)
        v = app.session.view()
        assert v.scores == (128, 59) and v.totals == (128 + 3 * 20 + 100, 59 + 2 * 20)  # box and game bonuses
        text = screen_text(app)
        said = " ".join(line.strip(" ║") for line in text.splitlines())
        them = "Computer (standard)" if size[0] >= 80 else "Computer"
        assert f"Final score with bonuses: You 288 · {them} 99" in said, text
    app = make_app(state=scenarios.match_point(), pause=0)  # without bonuses, the final score alone
    async with app.run_test(size=size) as pilot:
        await _match_over_screen(app, pilot)
        assert "with bonuses" not in screen_text(app) and "Final score: You 128 · " in screen_text(app)


def test_with_ascii_a_bar_ending_part_way_up_a_row_has_its_players_sign():
    """With --ascii a bar's top cell, partly filled, was "+" (yours) or "-"
    (the other's), which the legend ("# You (left)  = Computer (right)") did
    not explain; every cell of a bar is now its player's sign in the legend."""
    v = view(scenarios.played_hands(3), 0)
    chart = race_chart(v, "Computer (standard)", height=5, ascii_only=True).plain
    lines = chart.splitlines()
    start = lines[0].index("|") + 1
    partly = [s for r in v.sheet for s in r.scores if round(s / v.rules.target * 40) % 8]
    assert partly, chart  # some bar ends part way up a row
    legend = lines[6].split()
    for who, sign, name in ((0, legend[0], "You"), (1, legend[3], "Computer")):
        assert legend[legend.index(sign) + 1] == name
        cells = {row[start + 3 * i + who] for row in lines[:5] for i in range(len(v.sheet))} - {" "}
        assert cells == {sign}, chart


def _long_match_point(hands: int):
    """As :func:`scenarios.match_point`, after ``hands`` hands of a few points each:
    the player on 80, one knock from winning the match."""
    from dataclasses import replace

    from ginrummy_tui.engine import EndKind, HandRecord

    sheet, mine, theirs = [], 0, 0
    for no in range(1, hands + 1):
        winner = no % 2
        points = 80 // ((hands + 1) // 2) if winner == 0 else 5
        mine, theirs = (mine + points, theirs) if winner == 0 else (mine, theirs + points)
        sheet.append(HandRecord(no, 1 - no % 2, EndKind.KNOCK, winner, winner, points, (2, 2 + points), (mine, theirs)))
    sheet[-1] = replace(sheet[-1], scores=(80, sheet[-1].scores[1]))
    return replace(scenarios.knock_ready(scores=sheet[-1].scores), hand_no=hands + 1, sheet=tuple(sheet))


@pytest.mark.parametrize("size", [(120, 40), (110, 30), (160, 40)])
async def test_a_long_match_keeps_each_hand_of_its_table_on_one_line_on_a_wide_screen(size):
    """At 120 columns the race of a 15-hand match took some 50 columns beside
    the table, whose rows then wrapped onto two lines each (and its last lines
    fell off the screen): the race goes above the table when both do not fit
    side by side."""
    from ginrummy_tui.tui.app import make_app

    app = make_app(state=_long_match_point(15), pause=0)
    async with app.run_test(size=size) as pilot:
        await _match_over_screen(app, pilot)
        from .app_helpers import screen_text

        text = screen_text(app)
        lines = text.splitlines()
        v = app.session.view()
        assert len(v.sheet) == 16
        rows = [ln for ln in lines if ln.split()[:1] and ln.split()[0].isdigit() and "│" not in ln]
        assert len(rows) >= 3, text
        for row in rows:  # every hand on show on one line: its ending and its points
            hand = v.sheet[int(row.split()[0]) - 1]
            assert "knocked" in row and f"+{hand.points}" in row, text
        assert not any(ln.split() == ["knocked"] for ln in lines), text
        if size[0] >= 160:  # room for both: the race beside the table, at its right
            title = next(ln for ln in lines if "Match 1 · to 100" in ln)
            assert title.rstrip().endswith("The race"), text


@pytest.mark.parametrize("hands,size", [(6, (80, 24)), (10, (80, 24)), (4, (46, 21))])
async def test_at_80x24_the_hand_that_ended_the_match_shows_and_the_race_goes_under_the_table(hands, size):
    """At 80×24 the race above the table pushed the last hands of a usual match
    (seven hands or more), the one that ended it among them, below the screen's
    edge: the race goes under the table when above it they would not show."""
    from ginrummy_tui.tui.app import make_app

    from .app_helpers import screen_text

    app = make_app(state=_long_match_point(hands), pause=0)
    async with app.run_test(size=size) as pilot:
        await _match_over_screen(app, pilot)
        lines = screen_text(app).splitlines()
        last = next((i for i, ln in enumerate(lines) if ln.split()[:1] == [str(hands + 1)] and "You" in ln), None)
        assert last is not None, "\n".join(lines)  # the hand that ended the match, on the screen
        race = next((i for i, ln in enumerate(lines) if "The race" in ln), len(lines))
        assert race > last and app.screen.has_class("-race-below"), "\n".join(lines)  # under it, a scroll away


async def test_at_80x24_a_short_match_keeps_its_race_above_the_table():
    from ginrummy_tui.tui.app import make_app

    from .app_helpers import screen_text

    app = make_app(state=_long_match_point(4), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _match_over_screen(app, pilot)
        text = screen_text(app)
        lines = text.splitlines()
        race = next(i for i, ln in enumerate(lines) if "The race" in ln)
        last = next(i for i, ln in enumerate(lines) if ln.split()[:2] == ["5", "You"])
        assert race < last, text


@pytest.mark.parametrize("size", [(80, 24), (46, 21)])
async def test_a_long_name_keeps_the_race_legend_on_one_line(size, monkeypatch):
    """With a guest named "Zoë 李小龍 the Magnifi…" the legend at 80×24 read
    "█ You (left)  █ Zoë 李小龍 the Magnifi…" and then "(right)" alone on the next line:
    the name is cut as the score table's column cuts it, and the chart is measured in
    columns (李小龍 takes six)."""

    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens import match_over_screen
    from ginrummy_tui.tui.widgets.race import Race

    from .app_helpers import screen_text

    record = match_over_screen.LevelRecord("Zoë 李小龍 the Magnifi…", 1, 1, (True,))
    monkeypatch.setattr(match_over_screen, "read_level_record", lambda app: record)
    app = make_app(state=scenarios.match_point(), pause=0)
    async with app.run_test(size=size) as pilot:
        app.session.opponent_name = "Zoë 李小龍 the Magnifi…"
        await _match_over_screen(app, pilot)
        race = app.screen.query_one(Race)
        race.scroll_visible(animate=False)  # under the table on a small screen
        await pilot.pause()
        text = screen_text(app)
        (legend,) = [line for line in text.splitlines() if "(left)" in line]
        assert "█ You (left)  █ Zoë 李小龍… (right)" in legend, text
        assert not any(line.strip() == "(right)" for line in text.splitlines()), text


async def test_at_46_columns_the_record_against_a_long_double_width_name_keeps_its_last_word(monkeypatch):
    """At 46x21 the host's record against a guest named "Zoë 李小龍 the Magnifi…" read
    "Against Zoë 李小龍 the Magnifi…: won 0 of", the "1" cut off for good (scrolling did
    not bring it back): the line was wider than the screen, each 李 being two columns.
    The name is cut, with "…", so that the line's words stay whole."""
    from rich.cells import cell_len

    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.match_over_screen import inner_width

    from .app_helpers import screen_text

    name = "Zoë 李小龍 the Magnifi…"
    app = make_app(state=scenarios.match_point(), pause=0)
    monkeypatch.setattr(type(app.session), "person_record", lambda self: (name, 1, 0, [False]), raising=False)
    async with app.run_test(size=(46, 21)) as pilot:
        await _match_over_screen(app, pilot)
        app.screen.query_one("#match-over").scroll_end(animate=False)
        await pilot.pause()
        [line] = [ln.strip() for ln in screen_text(app).splitlines() if "Against" in ln]
        assert line.startswith("Against Zoë 李小龍") and line.endswith("…: won 0 of 1"), line
        assert cell_len(line) <= inner_width(46)


async def test_the_record_against_a_long_name_is_cut_again_when_the_screen_is_resized(monkeypatch):
    """The record's name was cut for the width the result opened at and kept so: opened at
    46x21 and widened to 120x40, it still read "Against Zoë 李小龍…: won 0 of 1"; narrowed
    from 120 to 46 columns, its line ran past the screen's edge.  It is cut again on a resize."""
    from rich.cells import cell_len

    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.match_over_screen import inner_width

    from .app_helpers import screen_text

    name = "Zoë 李小龍 the Magnificent"

    async def record_line(app, pilot):
        app.screen.query_one("#match-over").scroll_end(animate=False)
        await pilot.pause()
        return [ln.strip() for ln in screen_text(app).splitlines() if "Against" in ln]

    app = make_app(state=scenarios.match_point(), pause=0)
    monkeypatch.setattr(type(app.session), "person_record", lambda self: (name, 1, 0, [False]), raising=False)
    async with app.run_test(size=(46, 21)) as pilot:
        await _match_over_screen(app, pilot)
        await pilot.pause()
        [line] = await record_line(app, pilot)
        assert "…" in line and line.endswith(": won 0 of 1"), line
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        [line] = await record_line(app, pilot)
        assert line.endswith(f"Against {name}: won 0 of 1"), line
        await pilot.resize_terminal(46, 21)
        await pilot.pause()
        await pilot.pause()
        [line] = await record_line(app, pilot)
        assert "…" in line and line.endswith(": won 0 of 1") and cell_len(line) <= inner_width(46), line


async def test_notes_on_the_result_one_after_another_leave_the_record_whole(monkeypatch):
    """80×24, x then o (then Tab, Space, h) on the match's result, each within the seconds of the
    one before: their notes stacked, too many for the rows under the result, and stood under its
    banner again, over the record beside the race ("Against standard: won 0 of 1" read "Again▌",
    "standard rules (change▌").  A key's words take the place of the last one's, as the table's
    line says one refusal at a time: the last alone shows, in the line above the key bar."""
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import PRESETS, apply, new_game, view
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens import match_over_screen

    from .app_helpers import said_on_the_result, screen_text, settle

    record = match_over_screen.LevelRecord("standard", 1, 0, (False,))
    monkeypatch.setattr(match_over_screen, "read_level_record", lambda app: record)
    s = new_game(PRESETS["standard"].with_options(target=5), seed=3)
    bot = get_opponent("standard", 0)
    while s.phase != "match_over":
        s = apply(s, bot.choose(view(s, s.current)))
    app = make_app(state=s, pause=0, ai="standard")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, match_over_screen.MatchOverScreen)
        whole = screen_text(app).splitlines()
        for key in ("x", "o", "tab", "space", "h"):
            await pilot.press(key)
            await settle(app, pilot)
            await pilot.pause()
            lines = screen_text(app).splitlines()
            assert any(line.rstrip().endswith("Against standard: won 0 of 1") for line in lines), "\n".join(lines)
            banner = next(i for i, line in enumerate(whole) if "Against standard" in line)
            assert lines[: banner + 2] == whole[: banner + 2], "\n".join(lines)  # the result's words untouched
        said = said_on_the_result(app)
        assert said == "A hint (h) is for your own turn in a hand: the match is over; ⏎ or n starts a new match.", said
        assert len(app._notifications) == 0


def _last_hand_in_view(screen) -> bool:
    """Whether the table's last hand's row, the one that ended the match, is inside the
    visible part of the frame that scrolls the table on ``screen``."""
    from textual.containers import ScrollableContainer

    from ginrummy_tui.tui.widgets.score_table import ScoreTable

    table = screen.query_one(ScoreTable)
    ys = table.row_lines()[table.v.sheet[-1].hand_no]
    frame = next(a for a in table.ancestors if isinstance(a, ScrollableContainer))
    seen = frame.content_region
    return all(seen.y <= table.region.y + y < seen.bottom for y in ys)


def _verdict_in_view(screen) -> bool:
    """Whether the result's verdict ("You won the match!", the final score) is whole in view."""
    winner = screen.query_one("#winner")
    seen = screen.query_one("#match-over").content_region
    return winner.region.height > 0 and seen.y <= winner.region.y and winner.region.bottom <= seen.bottom


@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
async def test_a_long_match_opens_its_result_and_score_table_with_the_last_hand_in_view(size):
    """A 20-hand match's score table (c) opened at 80×24 with hand 16 the last row in view:
    the hand that ended the match showed only by scrolling.  It opens with it in view, and
    keeps it after a resize.  The result opens on its verdict, which scrolling to that hand
    put out of sight above the table ("You won the match!" and the final score, the screen
    starting at the table's header), and says that the last hands are below."""
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.score_screen import ScoreScreen

    from .app_helpers import settle

    app = make_app(state=_long_match_point(19), pause=0)
    async with app.run_test(size=size) as pilot:
        await _match_over_screen(app, pilot)
        assert len(app.session.view().sheet) == 20
        result = app.screen
        assert _verdict_in_view(result) and not _last_hand_in_view(result)
        await pilot.pause()
        more = result.query_one("#more-below")
        assert more.display and str(more.render()) == "▼ more below: the last hands and the race, ↓/PgDn"
        await pilot.press("c")
        await settle(app, pilot)
        assert isinstance(app.screen, ScoreScreen)
        assert _last_hand_in_view(app.screen)
        await pilot.resize_terminal(size[0] - 10, size[1] - 2)
        await settle(app, pilot)
        assert _last_hand_in_view(app.screen)
        await pilot.press("escape")
        await settle(app, pilot)
        assert app.screen is result and _verdict_in_view(result)


@pytest.mark.parametrize("ascii_only", [False, True])
async def test_at_46_columns_the_line_saying_more_is_below_is_whole_with_its_keys(ascii_only):
    """At 46x21 a long match's result read "▼ more below: the last hands and the race," and
    stopped at the comma: the keys that get there ("↓/PgDn", shown at 80x24) were cut off.
    The line says it in fewer words there, whole; back at 80x24, in its words as before."""
    from ginrummy_tui.tui.app import make_app

    from .app_helpers import screen_text, settle

    app = make_app(state=_long_match_point(19), pause=0, ascii=ascii_only)
    keys = "Down/PgDn" if ascii_only else "↓/PgDn"
    async with app.run_test(size=(80, 24)) as pilot:
        await _match_over_screen(app, pilot)
        await pilot.resize_terminal(46, 21)
        await settle(app, pilot)
        await pilot.pause()
        more = app.screen.query_one("#more-below")
        lines = screen_text(app).splitlines()
        line = lines[more.region.y].strip()
        assert more.display and "more below" in line and "last hands" in line, "\n".join(lines)
        assert line.endswith(f"race, {keys}"), "\n".join(lines)
        await pilot.resize_terminal(80, 24)
        await settle(app, pilot)
        await pilot.pause()
        line = screen_text(app).splitlines()[more.region.y].strip()
        assert line.endswith(f"more below: the last hands and the race, {keys}"), line


def _played_oklahoma_match():
    """A match of eleven hands played out by two computer players under the Oklahoma rules,
    two of its hands doubled by a spade upcard ("Computer +52 (26×2)"): a usual long match."""
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import PRESETS, Action, Kind, Phase, apply, new_game

    players = [get_opponent("standard", 5), get_opponent("standard", 6)]
    s = new_game(rules=PRESETS["oklahoma"], seed=5)
    while s.phase != Phase.MATCH_OVER:
        s = apply(s, Action(Kind.NEXT_HAND)) if s.phase == Phase.HAND_OVER else apply(s, players[s.current].choose(view(s, s.current)))
    return s


@pytest.mark.parametrize("first", [(80, 24), (100, 30)])
async def test_at_80x24_a_long_match_wastes_no_row_and_says_the_race_is_below(first):
    """At 80x24 a long Oklahoma match's result kept three blank rows under its table (measured
    in the table's widest form, "Computer +52 (26×2)", wrapped at that width) and its race, the
    title the last line shown (after a resize from 100x30), showed only by PgDn with no sign of
    it but the scroll bar.  The note on the doubled points follows the table's last hand, a line
    above the key bar says the race is below, and ↓ past the last hand brings it up."""
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.widgets.score_table import ScoreTable

    from .app_helpers import screen_text, settle

    state = _played_oklahoma_match()
    assert len(state.sheet) == 11
    app = make_app(state=state, pause=0)
    async with app.run_test(size=first) as pilot:
        await settle(app, pilot)
        await pilot.press("enter")  # from the last hand's end to the result
        await settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen)
        if first != (80, 24):
            await pilot.resize_terminal(80, 24)
            await settle(app, pilot)
        lines = screen_text(app).splitlines()
        text = "\n".join(lines)
        last = next(i for i, ln in enumerate(lines) if ln.split()[:3] == ["11", "Computer", "went"])
        assert lines[last + 1].strip().startswith("(45×2): a spade upcard doubled"), text  # no blank rows between
        assert "└1" not in text, text  # the chart is below: the screen says so, above the key bar
        assert lines[-2].strip() == "▼ more below: the race, ↓/PgDn", text
        for _ in range(10):  # ↓ on the last hand: the frame scrolls on
            await pilot.press("down")
            await settle(app, pilot)
        lines = screen_text(app).splitlines()
        text = "\n".join(lines)
        axis = next(i for i, ln in enumerate(lines) if "└1" in ln)
        assert "You (left)" in lines[axis + 1], text
        assert "more below" not in text, text  # at the bottom, no more said
        assert app.screen.query_one(ScoreTable).picked == 11  # the hand picked for its review stays the last
