"""Every part of the table is on the screen at every size from 80x24 up."""

from __future__ import annotations

import pytest

from ginrummy_tui.engine import Phase, new_game
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.widgets.key_bar import KeyBar
from ginrummy_tui.tui.widgets.prompt import PromptLine

from .app_helpers import screen_text, settle, until

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


KEYS = ("t", "p", "s", "d", "enter", "k", "g", "b", "r", "a", "o", "m", "h", "question_mark", "c", "q")
"""The keys the table's key bar may show, in its order, and those of the end of a hand."""


def _key_bar(app) -> list[tuple[int, int, str, str]]:
    """The key bar's entries as drawn: first cell, last cell + 1, key, words (key and description)."""
    bar = app.screen.query_one(KeyBar)
    plain = bar.render().plain
    spans = sorted((*span, key) for key in KEYS if (span := bar.span(key)) is not None)
    return [(start, end, key, plain[start:end]) for start, end, key in spans]


@pytest.mark.parametrize("ascii", [False, True])
@pytest.mark.parametrize(
    ("rules", "presses"),
    [
        ("standard", ("", "s", "k", "enter")),
        ("classic", ("", "s", "k", "enter")),
        ("oklahoma", ("", "s", "k", "enter")),
        ("multiplayer-1.5", ("", "s", "k", "enter")),
        ("big-gin", ("", "s", "b")),
        ("match-point", ("", "s", "k", "enter")),
    ],
)
async def test_the_key_bar_keeps_its_keys_two_spaces_apart_from_80_columns(rules, presses, ascii):
    # at 80 columns the discard step of rules with Big Gin ("b Big Gin"), and with --ascii
    # that of any rules ("Enter Discard"), had its keys one space apart: they needed 90
    # columns (with --ascii and Big Gin, 94); the least needed words are now said shorter
    from ginrummy_tui.engine import PRESETS
    from ginrummy_tui.tui import scenarios

    if rules == "big-gin":
        state = scenarios.big_gin_ready()
    elif rules == "match-point":
        state = scenarios.match_point()
    else:
        state = scenarios.knock_ready(rules=PRESETS[rules])
    app = make_app(state=state, ascii=ascii, pause=0)
    async with app.run_test(size=(120, 24)) as pilot:
        await settle(app, pilot)
        for press in presses:  # the draw, the discard (knock allowed, or Big Gin), the hand's end, the next
            if press:
                await pilot.press(press)
                await settle(app, pilot)
            shown: dict[int, list[tuple[int, int, str, str]]] = {}
            for width in (120, 100, 90, 80):
                await pilot.resize_terminal(width, 24)
                await pilot.pause()
                entries = shown[width] = _key_bar(app)
                assert entries and entries[-1][3] == "q Quit", (press, width, entries)
                assert entries[-1][1] <= width, (press, width, entries)
                gaps = [b[0] - a[1] for a, b in zip(entries, entries[1:], strict=False)]
                assert gaps == [2] * len(gaps), (press, width, [e[3] for e in entries])
                assert [e[2] for e in entries] == [e[2] for e in shown[120]], (press, width)
            bindings = {key: active.binding for key, active in app.screen.active_bindings.items()}
            for width in (120, 100):  # every word whole where there is room
                for _start, _end, key, words in shown[width]:
                    assert words.endswith(" " + bindings[key].description), (press, width, words)
            await pilot.resize_terminal(120, 24)
            await pilot.pause()


@pytest.mark.parametrize(("width", "height"), [(80, 23), (79, 24), (80, 22), (70, 21), (46, 21), (60, 24), (60, 27)])
async def test_a_smaller_table_keeps_the_blank_lines_that_fit(width, height):
    # at 80x23 and 79x24 every blank line between the table's parts went, and six rows
    # stayed empty under the prompt line
    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(width, height)) as pilot:
        await settle(app, pilot)
        await pilot.press("p")  # eleven cards, "Discard a card…"
        await settle(app, pilot)
        await pilot.press("s")
        await settle(app, pilot)
        screen = app.screen
        keys = screen.query_one(KeyBar).region
        # at 46x21 the key bar takes two rows (its keys whole): the buttons, whose keys it has, give way
        parts = PARTS if (width, height) != (46, 21) else tuple(part for part in PARTS if part != "#actions")
        assert keys.height == (2 if width <= 60 else 1)  # from 70 columns they fit on one
        regions = [screen.query_one(part).region for part in parts]
        assert all(region.height > 0 for region in regions)
        tops = sorted({region.y for region in regions})
        bottoms = sorted({region.bottom for region in regions})
        blank = sum(1 for top in tops if top > 0 and top not in bottoms)  # a part not right under another
        empty_under = keys.y - max(bottoms)
        assert blank == 6 or empty_under == 0, (blank, empty_under)
        assert empty_under <= 1 + max(0, height - 24), (blank, empty_under)
        rows = screen_text(app).splitlines()
        assert "Discard" in rows[screen.query_one(PromptLine).region.y]


SMALL_SIZES = ((46, 21), (50, 22), (60, 24), (80, 24))
"""The smallest size the game accepts (below it: "Terminal too small"), and a few above it."""


def _bar_rows(app) -> list[str]:
    """The rows of the key bar on screen, as drawn (with whatever shows through them)."""
    bar = app.screen.query_one(KeyBar).region
    return screen_text(app).splitlines()[bar.y : bar.bottom]


def _assert_help_keys_shown(app, where: str) -> None:
    """?, c and m are in the key bar, each key with its whole word, inside the screen."""
    bar = app.screen.query_one(KeyBar)
    rows = _bar_rows(app)
    for key, word in (("question_mark", "? Rules"), ("c", "c Scores"), ("m", "m Moves")):
        span, row = bar.span(key), bar.row_of(key)
        assert span is not None and row is not None, (where, key, rows)
        assert rows[row][span[0] : span[1]] == word, (where, key, rows)
        assert span[1] <= app.size.width, (where, key, rows)
    assert "q Quit" in rows[-1], (where, rows)


def _assert_prompt_shown(app, where: str, *words: str) -> None:
    """The table's prompt line (saying ``words``) is on screen, whole, above the key bar."""
    screen = app.screen
    prompt = screen.query_one(PromptLine)
    region, keys = prompt.region, screen.query_one(KeyBar).region
    assert prompt.display and region.height > 0, (where, region)
    assert region.bottom <= keys.y and screen.query_one("#table").region.contains_region(region), (where, region, keys)
    rows = screen_text(app).splitlines()
    shown = " ".join(row.strip() for row in rows[region.y : region.bottom])
    for word in words:
        assert word in prompt.plain and word in shown, (where, word, prompt.plain, rows)
    assert not prompt.short_of, (where, prompt.plain)


@pytest.mark.parametrize(("width", "height"), SMALL_SIZES)
async def test_at_the_smallest_size_the_prompt_and_the_help_keys_show_at_every_step(width, height):
    # at 46x21 the key bar left out ?, c and m at every step of a turn ("⏎ Discard k Knock
    # o Sort h Hint q Quit"), at the end of a hand and of the match: it takes two rows now
    # there, and the buttons (whose keys it has) give way to the prompt line where the
    # table's parts do not all fit above it
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(width, height)) as pilot:
        await settle(app, pilot)
        assert app.session.view().phase == Phase.UPCARD
        _assert_prompt_shown(app, "upcard", "(t)", "(p)")
        _assert_help_keys_shown(app, "upcard")
        await pilot.press("p")
        await settle(app, pilot)
        assert app.session.view().phase == Phase.DRAW
        _assert_prompt_shown(app, "draw", "from the stock")
        _assert_help_keys_shown(app, "draw")
        await pilot.press("k")  # refused: the reason shows
        await settle(app, pilot)
        _assert_prompt_shown(app, "refused", "Draw a card first")
        _assert_help_keys_shown(app, "refused")
        await pilot.press("s")
        await settle(app, pilot)
        assert app.session.view().phase == Phase.DISCARD
        _assert_prompt_shown(app, "discard", "Discard")
        _assert_help_keys_shown(app, "discard")
        await pilot.press("1")  # a card lifted
        await settle(app, pilot)
        _assert_prompt_shown(app, "lifted", "Discard")
        _assert_help_keys_shown(app, "lifted")
    app = make_app(state=scenarios.match_point(), pause=0)
    async with app.run_test(size=(width, height)) as pilot:
        await settle(app, pilot)
        await pilot.press("s")
        await settle(app, pilot)
        _assert_prompt_shown(app, "knock", "knock with K♦ (k)")
        _assert_help_keys_shown(app, "knock")
        await pilot.press("k")
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        _assert_help_keys_shown(app, "end of the hand")
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen)
        _assert_help_keys_shown(app, "end of the match")


@pytest.mark.parametrize(("width", "height"), SMALL_SIZES)
async def test_a_screen_over_the_table_hides_the_table_s_keys(width, height):
    # at 46x21 the table's key bar takes two rows: a screen over the table (the score sheet,
    # the quit question) takes as many, so that the table's keys do not show above its own
    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(width, height)) as pilot:
        await settle(app, pilot)
        table_rows = len(_bar_rows(app))
        for key, own in (("question_mark", "esc Back"), ("c", "esc Back"), ("m", "esc Back"), ("q", "y Quit")):
            await pilot.press(key)
            await pilot.pause()
            rows = _bar_rows(app)
            assert len(rows) >= table_rows, (key, rows)
            assert own in rows[-1], (key, rows)
            assert not any("Sort" in row or "Take" in row for row in rows), (key, rows)
            await pilot.press("escape")
            await pilot.pause()


async def _pile_grown(app, pilot, turns: int) -> None:
    """Seed 3 against easy: the upcard passed, then ``turns`` turns of a stock draw and the
    throw of the card chosen, the pile growing by two cards a turn (the computer's throw too)."""
    await pilot.press("p")
    await settle(app, pilot)
    for _turn in range(turns):
        await pilot.press("s")
        await settle(app, pilot)
        await pilot.press("enter")
        await settle(app, pilot)


@pytest.mark.parametrize(("width", "height"), SMALL_SIZES)
async def test_the_listed_pile_leaves_the_prompt_line_on_the_screen(width, height):
    # at 46x21 the pile's cards listed (l) pushed the prompt line (and with the key bar on
    # two rows, the deadwood line) under the key bar: the moves line and the card backs give
    # way now where the table has no rows to spare, and a list longer than the rows left
    # ends with "…" after its last whole card
    app = make_app(state=new_game(seed=3), pause=0, ai="easy")
    async with app.run_test(size=(width, height)) as pilot:
        await settle(app, pilot)
        await _pile_grown(app, pilot, 14)  # 29 cards in the pile
        assert app.session.view().phase == Phase.DRAW
        await pilot.press("l")
        await settle(app, pilot)
        await pilot.pause()
        _assert_prompt_shown(app, "pile listed", "(s)" if width < 80 else "stock")
        _assert_help_keys_shown(app, "pile listed")
        screen = app.screen
        deadwood = screen.query_one("#deadwood").region
        assert deadwood.height == 1 and deadwood.bottom <= screen.query_one(PromptLine).region.y
        rows = screen_text(app).splitlines()
        pile = screen.query_one("#pile").region
        listed = [row[pile.x : pile.right].rstrip() for row in rows[pile.y + 3 : pile.bottom]]
        assert listed[0].strip().startswith("Under it"), listed
        if listed[-1].endswith("…"):
            assert listed[-1].endswith(" …") and listed[-1][-3] in "♠♥♦♣", listed  # no card cut in two


async def test_a_reason_under_the_listed_pile_takes_a_row_of_the_list_and_shows_whole():
    # at 46x21, the pile listed at the discard, "x" said "✗ 'x' does nothing here; ? lists the
    # keys…" on one row, what to press ("Discard (⏎).") cut off: the parts that give way to a
    # long reason had given way to the list already, which kept its rows.  It gives one to the
    # line now, scrolling in the rows it keeps, and takes it back when the reason goes
    from ginrummy_tui.tui.widgets.discard_pile import DiscardPile

    app = make_app(state=new_game(seed=3), pause=0, ai="easy")
    async with app.run_test(size=(46, 21)) as pilot:
        await settle(app, pilot)
        await _pile_grown(app, pilot, 12)  # 25 cards in the pile
        await pilot.press("s")
        await settle(app, pilot)
        assert app.session.view().phase == Phase.DISCARD
        await pilot.press("l")
        await settle(app, pilot)
        await pilot.pause()
        pile = app.screen.query_one(DiscardPile)
        rows = pile.region.height
        await pilot.press("x")
        await until(pilot, lambda: app.screen.query_one(PromptLine).lines == 2)
        await pilot.pause()
        await pilot.pause()
        _assert_prompt_shown(app, "x under the listed pile", "'x' does nothing here; ? lists the keys.", "Discard (⏎).")
        assert pile.region.height == rows - 1  # the row the line lacked, and no more
        text = screen_text(app).splitlines()
        assert text[pile.region.bottom - 1][pile.region.x :].strip() == "more below: ↓/PgDn", text
        await pilot.press("1")  # a card chosen: the reason goes, and the list has its rows again
        await until(pilot, lambda: pile.region.height == rows)
        _assert_prompt_shown(app, "the reason gone", "(⏎)")


@pytest.mark.parametrize(("width", "height"), ((46, 21), (50, 22)))
async def test_the_end_of_a_hand_shows_a_longer_reason_whole(width, height, monkeypatch):
    # at 46x21 the reason l does nothing ("... m lists every turn of it.") after k's shorter
    # one was scrolled to as long as k's: its last line stayed under the key bar
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.widgets import table_only_line

    monkeypatch.setattr(table_only_line, "SHOWN_FOR", 60.0)  # not gone by itself on a loaded machine before it is looked at
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=(width, height)) as pilot:
        await settle(app, pilot)
        for key in ("s", "k"):
            await pilot.press(key)
            await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        for key in ("k", "l"):
            await pilot.press(key)
            await settle(app, pilot)
            await pilot.pause(0.1)
            said = app.screen.query_one("#summary-said")
            region, keys = said.region, app.screen.query_one(KeyBar).region
            assert region.height > 0 and region.bottom <= keys.y, (key, region, keys)
            rows = screen_text(app).splitlines()[region.y : region.bottom]
            words = " ".join(row[region.x : region.right].strip() for row in rows)
            assert words.endswith("."), (key, words)


@pytest.mark.parametrize(("width", "height"), ((46, 21), (50, 22)))
async def test_a_screen_over_the_table_says_whole_why_the_table_s_keys_do_nothing(width, height):
    # at 46x21 "The table's keys do nothing in the score table: Esc goes back." showed its
    # first line only: the line stood one row above the bottom, its second row under the
    # key bar's first (the key bar takes two rows over the table's two)
    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(width, height)) as pilot:
        await settle(app, pilot)
        for key in ("c", "t"):
            await pilot.press(key)
            await pilot.pause()
        line = app.screen.query_one("#table-only")
        region, keys = line.region, app.screen.query_one(KeyBar).region
        assert region.height > 0 and region.bottom <= keys.y, (region, keys)
        rows = screen_text(app).splitlines()[region.y : region.bottom]
        assert " ".join(row.strip() for row in rows).endswith("Esc goes back."), rows


@pytest.mark.parametrize(("width", "height"), ((46, 21), (50, 22), (60, 24)))
async def test_the_line_saying_why_the_table_s_keys_do_nothing_stays_whole_on_a_resize(width, height, monkeypatch):
    # said at 80x24 on one row, then the terminal made 46x21: its second row stood under the
    # key bar, now of two rows ("The table's keys do nothing in the score" alone showed)
    from ginrummy_tui.tui.widgets import table_only_line

    monkeypatch.setattr(table_only_line, "SHOWN_FOR", 60.0)  # not gone by itself on a loaded machine before it is looked at
    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        for key in ("c", "o"):
            await pilot.press(key)
            await pilot.pause()
        line = app.screen.query_one("#table-only")
        assert line.region.height == 1
        await pilot.resize_terminal(width, height)
        for _ in range(4):
            await pilot.pause()
        await until(pilot, lambda: line.region.height > 0)  # laid out anew (later on a loaded machine)
        region, keys = line.region, app.screen.query_one(KeyBar).region
        assert region.height > 0 and region.bottom <= keys.y, (region, keys)
        rows = screen_text(app).splitlines()[region.y : region.bottom]
        assert " ".join(row.strip() for row in rows) == app.screen.table_only_words, rows


@pytest.mark.parametrize(("width", "height"), [(46, 21), (50, 22), (60, 24)])
async def test_below_80_columns_the_key_bar_keeps_two_spaces_between_keys_where_they_fit(width, height):
    # below 80 columns the key bar's keys were one space apart at every step, even on two
    # rows with room to spare ("t Take p Pass o Sort m Moves": 28 columns of 46)
    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(width, height)) as pilot:
        await settle(app, pilot)
        bar = app.screen.query_one(KeyBar)
        for press in ("", "p", "s"):  # the upcard, the draw, the discard
            if press:
                await pilot.press(press)
                await settle(app, pilot)
            lines = bar.render().plain.split("\n")
            by_row: dict[int, list[tuple[int, int, str, str]]] = {}
            for key in KEYS:
                span, row = bar.span(key), bar.row_of(key)
                if span is not None and row is not None:
                    by_row.setdefault(row, []).append((*span, key, lines[row][span[0] : span[1]]))
            by_row = {row: sorted(entries) for row, entries in by_row.items()}
            assert by_row and "q Quit" in [e[3] for e in by_row[max(by_row)]], (press, by_row)
            for entries in by_row.values():
                gaps = [b[0] - a[1] for a, b in zip(entries, entries[1:], strict=False)]
                assert gaps == [2] * len(gaps), (press, [e[3] for e in entries])
                assert entries[-1][1] <= width, (press, entries)


@pytest.mark.parametrize(("width", "height"), [(46, 21)])
async def test_a_reason_one_row_short_takes_one_row_of_the_card_backs(width, height):
    # at 46x21 a reason on two rows ("You cannot knock: discarding Q♥ leaves / 61 deadwood, ...")
    # hid the computer's three rows of card backs for the one row it lacked: two blank rows
    # stood above the key bar; the card backs give up one row now, and nothing is blank
    from ginrummy_tui.tui.widgets.opponent_hand import OpponentHand

    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(width, height)) as pilot:
        await settle(app, pilot)
        for key in ("p", "s", "k"):
            await pilot.press(key)
            await settle(app, pilot)
        for _ in range(4):
            await pilot.pause()
        screen = app.screen
        prompt, keys = screen.query_one(PromptLine), screen.query_one(KeyBar).region
        assert "You cannot knock" in prompt.plain and prompt.region.height == 2, (prompt.plain, prompt.region)
        assert prompt.region.bottom == keys.y, (prompt.region, keys)  # no blank row under the reason
        opponent = screen.query_one(OpponentHand).region
        rows = screen_text(app).splitlines()
        assert opponent.height == 3, opponent
        assert "▒" in rows[opponent.y + 1] and "└" in rows[opponent.y + 2], rows[opponent.y : opponent.bottom]
        shown = " ".join(row.strip() for row in rows[prompt.region.y : prompt.region.bottom])
        assert shown.endswith("Discard (⏎)."), shown


WIDEST_BUTTONS = {"discard": "Discard 10♥ (⏎)", "knock": "Knock with 10♠ (k)", "gin": "Gin with 10♦ (g)", "big-gin": "Big Gin (b)"}
"""The widest buttons the table offers at once: the discard, the knock and gin with tens, and Big Gin."""


@pytest.mark.parametrize("width", [80, 60, 59, 55, 50, 48, 46, 44, 30])
@pytest.mark.parametrize("offered", [("discard", "knock", "gin"), ("discard", "knock", "gin", "big-gin")])
async def test_the_buttons_fit_the_action_bar_or_give_way_whole(width, offered):
    # From 46 to 59 columns three buttons were cut at the bar's edge ("…Gin with" at 50
    # columns, "Gin" alone at 46): they are drawn whole, shorter where they must be, or none
    from textual.app import App, ComposeResult

    from ginrummy_tui.tui.widgets.action_bar import ActionBar

    pressed: list[str] = []

    class Bar(App[None]):
        def compose(self) -> ComposeResult:
            yield ActionBar()

        def on_action_bar_pressed(self, message: ActionBar.Pressed) -> None:
            pressed.append(message.button)

    app = Bar()
    async with app.run_test(size=(width, 3)) as pilot:
        bar = app.query_one(ActionBar)
        bar.show({name: WIDEST_BUTTONS[name] for name in offered})
        await pilot.pause()
        plain = bar.render().plain
        assert len(plain) <= width, plain
        spans = [bar.span(name) for name in offered]
        if width >= 60 and len(offered) == 3:  # the whole labels, two spaces apart, as at 80 columns
            assert plain == "  ".join(f" {WIDEST_BUTTONS[name]} " for name in offered)
        if width >= 44:  # 46 columns less the table's padding: four buttons with tens fitted no longer
            assert None not in spans, (spans, plain)
        if None in spans:  # given way: none drawn, none to click
            assert not plain.strip() and spans == [None] * len(offered)
            return
        keys = {"discard": "⏎", "knock": "k", "gin": "g", "big-gin": "b"}
        for name, (start, end) in zip(offered, spans, strict=True):
            words = plain[start:end]
            assert words.startswith(" ") and words.endswith(" ") and words.strip(), (name, words)
            assert words.split()[-1].strip("()") == keys[name], (name, words)  # its key whole, at its end
            await pilot.click(ActionBar, offset=(start, 0))
            await pilot.click(ActionBar, offset=(end - 1, 0))
            await pilot.pause()
            assert pressed[-2:] == [name, name], (name, pressed)


NOTES = (
    "Resumed your match: hand 1, You 0 · Computer (standard) 0.",
    "Bob is ready for the next hand.",
    "Bob left the table; the game waits for him to come back.",
)
"""Notes that come up on the end of a hand: a resumed match's, and in network play
whom the next hand waits for and the other player's news."""


@pytest.mark.parametrize(("width", "height"), ((46, 21), (80, 24), (100, 30), (160, 50)))
@pytest.mark.parametrize("ending", ("k", "g"))
async def test_notes_on_the_end_of_a_hand_cover_neither_its_headline_its_points_nor_its_keys(width, height, ending):
    # docked under the summary, above a key bar of one row, three notes covered the line of
    # keys at 80x24 ("⏎: deal the next hand  ·  r: review your pla▌"), and one note the
    # key bar's first row at 46x21, where it takes two
    from textual.geometry import Region

    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    from .app_helpers import until

    app = make_app(state=scenarios.knock_ready() if ending == "k" else scenarios.gin_ready(), pause=0)
    async with app.run_test(size=(width, height), notifications=True) as pilot:
        await settle(app, pilot)
        for key in ("s", ending):
            await pilot.press(key)
            await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, SummaryScreen)
        app.hand_note(NOTES[0], 60)
        app.hand_note(NOTES[1], 60)
        app.notify(NOTES[2], timeout=60)
        await until(pilot, lambda: len(screen.query("Toast")) == 3 and all(t.region.height for t in screen.query("Toast")))
        await pilot.pause()
        await pilot.pause()
        body = screen.query_one("#summary-body").region
        rows = screen_text(app).splitlines()
        kept = {"the key bar": screen.query_one(KeyBar).region, "the keys": screen.query_one("#summary-next").region}
        for y, row in enumerate(rows[body.y : body.bottom], start=body.y):
            words = row[body.x : body.right].strip()
            if words.startswith(("Hand 1:", "You score", "Scores:")):
                kept[words] = Region(body.x, y, body.width, 1)
        assert len(kept) == 5, kept  # the headline and the points are on the screen
        shown = Region(0, 0, width, height)
        for toast in screen.query("Toast"):
            assert shown.contains_region(toast.region), toast.region
            for what, region in kept.items():
                assert not toast.region.overlaps(region), (what, region, toast.region)


WARNING = "Your match cannot be saved: /tmp/gin-tui data/current.json is read-only (Permission denied)."
"""A warning that comes up beside a note of information: a start in a read-only folder."""


def _one_stack(toasts) -> None:
    """The notes up stand one over the other at one width and one right edge."""
    regions = sorted((toast.region for toast in toasts), key=lambda region: region.y)
    assert len({(region.x, region.width) for region in regions}) == 1, regions
    for upper, lower in zip(regions, regions[1:]):
        assert upper.bottom <= lower.y, regions


@pytest.mark.parametrize(("on_the_end", "height"), ((False, 21), (True, 21), (True, 26)))
async def test_a_warning_and_a_note_at_46_columns_stand_at_one_width(on_the_end, height):
    # a warning is wider than a note of information below 24 rows or 80 columns: stacked,
    # the warning started at column 0 and the note at column 12, 34 wide, over the hands;
    # once the warning has gone the note is as narrow as ever, and on the end of a hand it
    # goes to the rows under the line of keys where it fits there (two rows at 46x26)
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.game_screen import GameScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    from .app_helpers import until

    width = 46
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=(width, height), notifications=True) as pilot:
        await settle(app, pilot)
        if on_the_end:
            for key in ("s", "k"):
                await pilot.press(key)
                await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, SummaryScreen if on_the_end else GameScreen)
        app.hand_note(NOTES[0], 60)
        warning = app.start_note(WARNING, 60)

        def laid_out(count: int) -> bool:
            toasts = list(screen.query("Toast"))
            return len(toasts) == count and all(toast.region.height for toast in toasts)

        await until(pilot, lambda: laid_out(2) or (app.holding_notes() and laid_out(1)))
        await pilot.pause()
        await pilot.pause()
        if app.holding_notes():
            # on the end of a hand with no room under it for both, the warning waits for the
            # next hand's table rather than cover the hands: the note of information stays
            assert on_the_end and [t.severity for t in app._toasts_up] == ["information"]
        else:
            toasts = list(screen.query("Toast"))
            _one_stack(toasts)
            assert max(toast.region.right for toast in toasts) == width
            kept = [screen.query_one(KeyBar).region]
            if on_the_end:
                kept.append(screen.query_one("#summary-next").region)
            for toast in toasts:
                assert not any(toast.region.overlaps(region) for region in kept), (toast.region, kept)
            app.take_down(warning)
        await until(pilot, lambda: laid_out(1))
        await pilot.pause()
        await pilot.pause()
        note = screen.query_one("Toast").region
        assert (note.width, note.right) == (34, width)  # a note of information alone, as ever
        if on_the_end:
            keys, bar = screen.query_one("#summary-next").region, screen.query_one(KeyBar).region
            if bar.y - keys.bottom >= note.height:  # it fits under the line of keys: it goes there
                assert keys.bottom <= note.y and note.bottom <= bar.y, (keys, note, bar)
            else:
                assert height == 21 and note.bottom <= keys.y


@pytest.mark.parametrize(("width", "height"), ((46, 21), (80, 24)))
async def test_a_note_of_the_start_never_covers_the_hands_on_the_end_of_a_hand(width, height):
    # at 46x21 no rows under the end of a hand are free: a three-row note of the start stood
    # over the hands (the other player's deadwood and layoffs) for its fifteen seconds.  There
    # it waits for the next hand's table, its time kept; where the rows under the summary hold
    # it (80x24), it stays up there.
    from textual.geometry import Region

    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    from .app_helpers import until

    note = "Your settings file had problems: in its rules, knock_limit 'abc' is not a whole number."
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=(width, height), notifications=True) as pilot:
        await settle(app, pilot)
        for key in ("s", "k"):
            await pilot.press(key)
            await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, SummaryScreen)
        app.start_note(note, 30)
        for _ in range(6):
            await pilot.pause()
        body = screen.query_one("#summary-body").region
        rows = screen_text(app).splitlines()
        headline = next(y for y in range(body.y, body.bottom) if rows[y].strip().startswith("Hand 1:"))
        points = next(y for y in range(body.y, body.bottom) if rows[y].strip().startswith("You score"))
        hands = Region(0, headline + 1, width, points - headline - 1)
        assert "Laid off" in screen_text(app)  # the other player's layoffs, read whole
        toasts = [t.region for t in screen.query("Toast") if t.region.height]
        assert all(not region.overlaps(hands) for region in toasts), (toasts, hands)
        assert bool(toasts) == ((width, height) == (80, 24))  # up where there is room for it
        await pilot.press("enter")  # the next hand: the note comes back on its table, whole
        await until(pilot, lambda: app.screen is app.table and "knock_limit" in screen_text(app))


async def test_a_note_of_the_start_held_on_the_end_of_a_hand_is_told_in_the_terminal_at_quit():
    # held back from the end of a hand at 46x21, it would never be read by a player who
    # quits there: it is among the notes told in the terminal once the app is closed
    from ginrummy_tui.tui import scenarios

    from .app_helpers import until

    note = "Your settings file had problems: in its rules, knock_limit 'abc' is not a whole number."
    app = make_app(state=scenarios.knock_ready(), pause=0)
    app.context.notes.append(note)
    async with app.run_test(size=(46, 21), notifications=True) as pilot:
        await settle(app, pilot)
        await until(pilot, lambda: "knock_limit" in screen_text(app))
        assert app.unshown_notes() == []
        for key in ("s", "k"):
            await pilot.press(key)
            await settle(app, pilot)
        await until(pilot, lambda: app.holding_notes())
        assert "knock_limit" not in screen_text(app)
        assert app.unshown_notes() == [note]


@pytest.mark.parametrize(("width", "height"), [(80, 24), (90, 30), (100, 30), (132, 43), (200, 60)])
async def test_the_cards_stand_in_the_middle_of_a_wide_table(width, height):
    """Wider than 90 columns the table's cards stood at the left of its frame (104 columns at
    132x43 and 200x60), the rest of their rows empty.  Eleven cards are as far from its left
    edge as from its right, the other player's cards and the piles start where the hand does
    and the lines under them (the moves, the deadwood, the buttons) with them; the score line
    and the prompt line keep the table's whole width, and a click on a card where it is drawn
    picks it.  At 80 and 90 columns the hand fills the table, at its left as before."""
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.widgets.hand import HandView

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=(width, height)) as pilot:
        await settle(app, pilot)
        await pilot.press("s")  # eleven cards
        await settle(app, pilot)
        screen = app.screen
        inner = screen.query_one("#table").content_region  # less its padding
        lines = screen_text(app).splitlines()
        hand = screen.query_one(HandView)
        top = next(y for y in range(hand.region.y, hand.region.bottom) if "1" in lines[y][inner.x : inner.right])
        row = lines[top][inner.x : inner.right]
        assert row.count("┌") + row.count("╔") == 11, row
        left = len(row) - len(row.lstrip())
        right = len(row) - len(row.rstrip())
        if width <= 90:
            assert left == 0, row
        else:
            assert abs(left - right) <= 1 and left > 0, (left, right, row)
        for part in ("#opponent", "#stock", "#moves", "#deadwood"):
            region = screen.query_one(part).region
            drawn = next(lines[y] for y in range(region.y, region.bottom) if lines[y][inner.x : inner.right].strip())
            assert len(drawn[inner.x :]) - len(drawn[inner.x :].lstrip()) == left, (part, drawn)
        for part in ("#scoreboard", "#prompt"):
            assert screen.query_one(part).region.width == inner.width, part
        # a click where the fourth card is drawn picks it
        fourth = hand.cards[3]
        start = inner.x + left + [i for i, ch in enumerate(row[left:]) if ch in "┌╔"][3]
        await pilot.click(offset=(start + 2, top + 2))
        await pilot.pause()
        assert hand.selected == fourth and hand.chosen, (hand.selected, fourth)


async def _table_after(
    keys: tuple[str, ...], panel: str | None, sizes: tuple[tuple[int, int], ...], start: tuple[int, int] = (80, 24)
) -> str:
    """The screen once ``keys`` are played on seed 42 (against master) at ``start``, after
    ``panel``'s screen was opened over the table, the terminal resized through ``sizes`` under
    it, and it was closed (no panel: the table as it is without the detour)."""
    app = make_app(ai="master", seed=42, pause=0)
    async with app.run_test(size=start) as pilot:
        await settle(app, pilot)
        for key in keys:
            await pilot.press(key)
            await settle(app, pilot)
        await until(pilot, lambda: "Hint:" in screen_text(app))
        if panel is not None:
            cover = app.screen
            await pilot.press(panel)
            await until(pilot, lambda: app.screen is not cover)
            for size in sizes:
                await pilot.resize_terminal(*size)
                await pilot.pause()
                await pilot.pause(0.1)
            await pilot.press("n" if panel == "q" else "escape")
            await until(pilot, lambda: app.screen is cover)
        await pilot.pause()
        await pilot.pause(0.1)
        return screen_text(app)


@pytest.mark.parametrize("panel", ["q", "c", "question_mark"])
async def test_the_table_is_laid_out_for_its_size_after_a_resize_under_a_screen_over_it(panel):
    """Resized under the quit question, the score table or the rule sheet (80x24 to 132x43 and
    back, or through 46x21), the table came back with the room it had made for a two-line hint at
    a size passed through: the buttons gone, the hint moved up, two blank rows above the key bar
    (or the computer's cards squashed), until the next resize.  It comes back as it is at 80x24
    without the detour."""
    keys = ("p", "s", "enter", "h")  # at the draw, with the pile's card to take: a two-line hint
    plain = await _table_after(keys, None, ())
    assert "Take 10♥ (d)" in plain, plain
    for sizes in (((132, 43), (80, 24)), ((46, 21), (132, 43), (80, 24))):
        assert await _table_after(keys, panel, sizes) == plain, sizes


@pytest.mark.parametrize("panel", ["q", "c", "f1"])
async def test_the_table_is_laid_out_for_a_narrow_size_after_a_resize_under_a_screen_over_it(panel):
    """Resized from 80x24 to 46x21 under the quit question, the score table or the help (directly
    or through 132x43), the table came back with its two-line hint cut to its first line and a
    blank row above the hand: the parts given back were measured where they stood before.  It
    comes back as it is laid out at 46x21 without the detour: the hint on three lines, the
    computer's cards squashed to make room for it."""
    keys = ("p", "s", "enter", "h")
    plain = await _table_after(keys, None, (), start=(46, 21))
    assert "Hint:" in plain and "…" not in plain, plain
    for sizes in (((46, 21),), ((132, 43), (46, 21))):
        assert await _table_after(keys, panel, sizes) == plain, sizes


BOX = set("┌┐└┘─│╔╗╚╝═║┏┓┗┛━┃")
"""The characters of the cards' outlines."""


def _card_and_mark(app, index: int) -> tuple[int, int, int, int, str]:
    """Card ``index`` of the hand as drawn: its first column, its top and bottom rows (the
    bottom one past it), the row of its mark (the line over it or under it that carries
    one) and the mark's words."""
    from ginrummy_tui.tui.widgets.hand import KEYS, HandView

    hand = app.screen.query_one(HandView)
    region = hand.content_region
    width = hand.card_width(region.width)
    x = region.x + (index % hand.row_length(region.width)) * (width + 1)
    rows = screen_text(app).splitlines()
    [top] = [y for y in range(region.y, region.bottom) if rows[y][x] in "┌╔┏" and rows[y][x + 1] == KEYS[index]]
    bottom = top + 3
    marks = [
        y
        for y in (top - 1, bottom)
        if region.y <= y < region.bottom and rows[y][x : x + width].strip() and not BOX & set(rows[y][x : x + width])
    ]
    assert len(marks) <= 1, rows[region.y : region.bottom]
    mark = marks[0] if marks else -1
    return x, top, bottom, mark, rows[mark][x : x + width].strip() if marks else ""


def _assert_mark_its_own(app, index: int, words: str) -> None:
    """Card ``index`` has the mark ``words``, which points at it alone: a word alone ("new")
    has no card on its other side (the line between two rows of cards holds none), and
    arrows point at the card (those of the lifted card stand on its row's edge, between the
    rows, pointing at it)."""
    from ginrummy_tui.tui.widgets.hand import HandView

    x, top, bottom, mark, said = _card_and_mark(app, index)
    rows = screen_text(app).splitlines()
    hand = app.screen.query_one(HandView)
    shown = "\n".join(rows[hand.region.y - 1 : hand.region.bottom + 1])
    assert said == words, (index, said, shown)
    beyond = mark - 1 if mark < top else mark + 1
    width = hand.card_width(hand.content_region.width)
    if not {"▼", "▲"} & set(said):
        assert not BOX & set(rows[beyond][x : x + width]), (index, shown)  # touching no other card
    if "▼" in said:
        assert mark == top - 1, (index, shown)
    if "▲" in said:
        assert mark == bottom, (index, shown)


@pytest.mark.parametrize(("width", "height"), SMALL_SIZES)
async def test_the_new_card_s_mark_is_next_to_that_card_alone_in_every_row(width, height):
    # at 46x21 the hand stands on two rows, and the mark "▼new▼" of the card just drawn, in
    # the second row, stood in the line between the rows, right under a card of the first
    # row: it read as that card's mark.  The second row has its marks under it now, on the
    # hand's edge, so that each mark touches its own card only, in every row
    from ginrummy_tui.tui.widgets.hand import KEYS, HandView

    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(width, height)) as pilot:
        await settle(app, pilot)
        await pilot.press("p")
        await settle(app, pilot)
        await pilot.press("s")
        await settle(app, pilot)
        hand = app.screen.query_one(HandView)
        drawn = hand.drawn
        assert drawn is not None and hand.selected == drawn
        rows = hand.rows(hand.content_region.width)
        assert rows == (2 if width < 65 else 1)
        for _ in range(len(hand.cards)):  # the new card moved to the first place...
            await pilot.press("less_than_sign")
        for index in range(len(hand.cards)):  # ... then through every place, in every row
            await pilot.pause()
            assert hand.cards.index(drawn) == index and not hand.chosen
            _assert_mark_its_own(app, index, "▼new▼" if index < hand.row_length(width) or rows == 1 else "▲new▲")
            await pilot.press("greater_than_sign")
        # another card chosen (lifted), in the other row: its arrows and the new card's word
        # each by their own card, the one told from the other
        last = len(hand.cards) - 1
        await pilot.press(KEYS[0])
        await pilot.pause()
        assert hand.chosen and hand.cursor == 0
        _assert_mark_its_own(app, last, "new")
        _assert_mark_its_own(app, 0, "▲▲▲▲▲")
        await pilot.press(KEYS[last])
        for _ in range(len(hand.cards)):
            await pilot.press("less_than_sign")
        await pilot.press(KEYS[last])
        await pilot.pause()
        assert hand.cards.index(drawn) == 0 and hand.cursor == last and hand.chosen
        _assert_mark_its_own(app, 0, "new")
        _assert_mark_its_own(app, last, "▼▼▼▼▼" if rows == 2 else "▲▲▲▲▲")


def _lines_of(app, selector: str) -> list[str]:
    """The lines of the words of ``selector`` (on the quit question) as drawn."""
    region = app.screen.query_one(selector).region
    rows = screen_text(app).splitlines()
    return [rows[y][region.x : region.right].strip() for y in range(region.y, region.bottom)]


@pytest.mark.parametrize("case", ["saved", "not saved", "practice", "practice of a seed's deal", "settings"])
async def test_the_quit_question_leaves_no_word_alone_on_a_line(case, tmp_path):
    # at 46 columns the quit question said "Your match is saved: gin-tui will resume" and
    # "it." alone on the last line; its lines are now of about the same length ("Your match
    # is saved:" then "gin-tui will resume it."), and whole lines at 80 columns stay whole
    from textual.widgets import Input

    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit

    from .test_replay_app import _ended_hand
    from .test_resume import args_for, never_asked

    for size in ((46, 21), (80, 24)):
        plan = None
        keys = ["q"]
        if case in ("saved", "settings"):
            plan = prepare(args_for(tmp_path / str(size[0]), ai="standard"), ask=never_asked)
        elif case == "practice":  # a after a hand: "Leave this practice hand?", the match's score
            plan = prepare(args_for(tmp_path / str(size[0]), ai="standard"), ask=never_asked)
            plan.state = _ended_hand(4)[1]
            keys = ["a", "q"]
        app = (
            build_app(plan, pause=0) if plan is not None
            else make_app(seed=5, hand=3, pause=0) if case == "practice of a seed's deal"
            else make_app(seed=3, pause=0)
        )
        try:
            async with app.run_test(size=size) as pilot:
                await settle(app, pilot)
                if case == "settings":  # changes to the settings not saved: the question says so too
                    await pilot.press("f2")
                    await pilot.pause()
                    app.screen.query_one("#rule-knock_limit", Input).value = "7"
                    await pilot.pause()
                for key in keys:
                    await pilot.press(key)
                    await settle(app, pilot)
                await until(pilot, lambda app=app: isinstance(app.screen, ConfirmQuit))
                await pilot.pause()
                question = app.screen
                assert isinstance(question, ConfirmQuit)
                for selector, words in (("#confirm-text", question.question), ("#confirm-note", question.note)):
                    lines = _lines_of(app, selector)
                    assert " ".join(lines) == " ".join(words.split()), (size, lines)
                    if len(lines) > 1:
                        assert all(len(line.split()) > 1 for line in lines), (size, lines)
                    if size == (80, 24) and len(words) <= 50:  # a line of the box holds 50 columns
                        assert len(lines) == 1, (size, lines)
        finally:
            if plan is not None:
                plan.close()


@pytest.mark.parametrize(("size", "classes"), [((80, 24), {"-normal", "-tall"}), ((46, 21), {"-narrow", "-short"})])
async def test_a_screen_over_the_table_has_its_size_classes_before_its_widgets_are_styled(size, classes):
    """A screen pushed over the table got its size classes (``-narrow``, ``-tall``...) from
    its first resize, after its widgets had been styled: every one of them was styled again
    (the settings opened 8% later; ``benchmarks/screens.py``).
    They are set before it is shown, as the table's own are."""
    from textual.screen import Screen
    from textual.widgets import Static

    seen: list[set[str]] = []

    class Probe(Screen):
        def compose(self):
            seen.append(set(self.classes))
            yield Static("probe")

    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        assert classes <= set(app.screen.classes)  # the table's, as it always had them
        app.push_screen(Probe())
        await until(pilot, lambda: bool(seen))
        assert classes <= seen[0], seen
        await pilot.pause()
        assert classes <= set(app.screen.classes)


def _restyles_counted(screen) -> list[int]:
    """How many times the whole of ``screen`` is styled again as it is shown (by Textual's
    handler of its ``ScreenResume``), counted from now on."""
    import sys

    counted: list[int] = []
    whole = screen.update_node_styles

    def counting(*args, **kwargs):
        if sys._getframe(1).f_code.co_name == "_on_screen_resume":
            counted.append(1)
        return whole(*args, **kwargs)

    screen.update_node_styles = counting
    return counted


@pytest.mark.parametrize("key", ["f1", "f2", "f3", "c", "q"])
async def test_a_screen_shown_over_the_table_is_styled_once_as_its_widgets_mount(key):
    """Textual styled every widget of a screen as it was mounted and all of them again as the
    screen was shown: the settings took a fifth more of the processor's time to open
    (``benchmarks/screens.py --compare resume --cpu``).  A screen shown for the first time, with the
    app's rules unchanged since it was pushed, is styled once.  (The first screen of each kind
    in a session still is styled twice: it and its widgets bring Textual's own styles of their
    kinds, which change the app's rules; the screens' style sheets are read as the app starts.)"""
    from textual.screen import Screen

    app = make_app(state=new_game(seed=3), pause=0)
    counts: dict[str, list[int]] = {}
    real_push = app.push_screen

    def push(screen, *args, **kwargs):
        if isinstance(screen, Screen):
            counts[type(screen).__name__] = _restyles_counted(screen)
        return real_push(screen, *args, **kwargs)

    app.push_screen = push
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        table = app.screen
        for opening in (1, 2):
            await pilot.press(key)
            await until(pilot, lambda: app.screen is not table)
            await pilot.pause()
            await pilot.pause()
            name = type(app.screen).__name__
            if opening == 1:
                # the first of its kind: Textual's styles of its kind and of its widgets' kinds
                # were added as they mounted, so the rules changed and the screen was styled again
                assert counts[name] == [1], name
            else:
                assert counts[name] == [], name
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is table)


def test_the_app_reads_every_screens_style_sheet_as_it_starts():
    """Each screen's style sheet was read the first time a screen of its kind opened, which
    parsed every sheet again and styled every widget of every screen again; they are all read
    with the app's own as it starts (SCREEN_STYLES), in each one's CSS_PATH order."""
    import importlib
    import inspect
    import pkgutil
    from pathlib import Path

    from textual.screen import Screen

    from ginrummy_tui.tui import screens

    app = make_app(state=new_game(seed=3), pause=0)
    read = [str(path) for path in app.css_path]
    assert len(read) == len(set(read))
    checked = 0
    for module_info in pkgutil.iter_modules(screens.__path__):
        module = importlib.import_module(f"{screens.__name__}.{module_info.name}")
        for _name, kind in inspect.getmembers(module, inspect.isclass):
            if not issubclass(kind, Screen) or kind.__module__ != module.__name__ or not kind.CSS_PATH:
                continue
            own = [kind.CSS_PATH] if isinstance(kind.CSS_PATH, str) else list(kind.CSS_PATH)
            paths = [str((Path(inspect.getfile(kind)).parent / path).resolve()) for path in own]
            assert all(path in read for path in paths), (kind.__name__, paths)
            assert [path for path in read if path in paths] == paths, kind.__name__  # in its own order
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("key", ["f1", "f2", "f3", "c", "q", "m"])
async def test_the_first_opening_of_a_screen_styles_nothing_but_it_again(key, monkeypatch):
    """F2 opened first took about 0.1 s more than the next time: Textual read the settings'
    style sheet then, parsed every sheet again and styled every widget of the table under it
    again.  Read as the app starts, no sheet is parsed again and no other screen restyled."""
    from textual.css.stylesheet import Stylesheet

    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        table = app.screen
        reparsed: list[int] = []
        restyled: list[object] = []
        real_reparse, real_update = Stylesheet.reparse, Stylesheet.update
        monkeypatch.setattr(Stylesheet, "reparse", lambda sheet: reparsed.append(1) or real_reparse(sheet))
        monkeypatch.setattr(
            Stylesheet, "update", lambda sheet, root, animate=False: restyled.append(root) or real_update(sheet, root, animate)
        )
        await pilot.press(key)
        await until(pilot, lambda: app.screen is not table)
        await pilot.pause()
        await pilot.pause()
        assert (reparsed, restyled) == ([], []), type(app.screen).__name__


async def test_a_screen_pushed_as_the_theme_changes_is_styled_by_the_new_theme():
    """The second styling is left out only while the rules its widgets were styled by are the
    app's: a theme chosen between the push and the showing styles the screen again, and its
    words are in the new theme's colours."""
    from ginrummy_tui.tui.screens.rules_screen import RulesScreen

    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        first = app.theme
        other = "nord" if first != "nord" else "dracula"
        screen = RulesScreen(app.session.view().rules)
        counted = _restyles_counted(screen)
        app.push_screen(screen)
        app.theme = other
        await until(pilot, lambda: app.screen is screen and screen.is_mounted)
        await pilot.pause()
        await pilot.pause()
        assert counted, "the screen was not styled again for the new theme"
        assert app.current_theme.name == other
        # the same as the screen shown in that theme from the start
        shown_in_other = [str(w.styles.color) for w in screen.query("*")]
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is not screen)
        again = RulesScreen(app.session.view().rules)
        app.push_screen(again)
        await until(pilot, lambda: app.screen is again and again.is_mounted)
        await pilot.pause()
        assert [str(w.styles.color) for w in again.query("*")] == shown_in_other


async def _screens_drawn(state, key: str, size: tuple[int, int], styled_once: bool) -> list[str]:
    """The screen of ``key`` opened over the table of ``state`` and closed, twice: each
    time, the screenshot of it drawn; without ``styled_once``, each styled again when shown,
    as Textual does."""
    app = make_app(state=state, pause=0)
    if not styled_once:
        app._styled_once = lambda screen: None
    shots: list[str] = []
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        table = app.screen
        for _ in range(2):
            await pilot.press(key)
            await until(pilot, lambda: app.screen is not table)
            if key == "r":
                from .app_helpers import review_made

                await review_made(app, pilot)
            for _ in range(3):
                await pilot.pause()
            shots.append(app.export_screenshot())
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is table)
    return shots


@pytest.mark.parametrize(
    ("scene", "key"),
    [*((False, key) for key in ("f1", "f2", "f3", "c", "q", "m")), *((True, key) for key in ("m", "c", "r", "f1"))],
)
@pytest.mark.parametrize("size", [(80, 24), (46, 21), (100, 70)])
async def test_a_screen_styled_once_is_drawn_as_when_it_was_styled_again(scene, key, size):
    """Leaving the second styling out changes nothing on screen: each screen over the table,
    opened once and again, is drawn the same, every character and colour, as with it.  (The
    list of turns came at the top left of a tall terminal, not in the middle: the screen
    itself is styled as Textual registers it, before it reads the screen's own style sheet
    the first time.)"""
    from ginrummy_tui.tui import scenarios

    def state():
        return scenarios.knocked() if scene else new_game(seed=3)

    assert await _screens_drawn(state(), key, size, True) == await _screens_drawn(state(), key, size, False)


async def test_the_listed_pile_longer_than_its_rows_scrolls_to_every_card():
    # at 46x21 the 28 cards under the top of a 29-card pile were listed in three rows ending
    # "Q♦ …", the oldest out of sight with no way to see them: the list scrolls, its last row
    # saying where the cards out of sight are, as the other lists say it
    from ginrummy_tui.tui.widgets.cardfaces import card_label

    app = make_app(state=new_game(seed=3), pause=0, ai="easy")
    async with app.run_test(size=(46, 21)) as pilot:
        await settle(app, pilot)
        await _pile_grown(app, pilot, 14)  # 29 cards in the pile
        under = [card_label(c, False) for c in app.session.view().discard[:-1]]
        assert len(under) == 28
        await pilot.press("l")
        await settle(app, pilot)
        await pilot.pause()
        pile = app.screen.query_one("#pile").region

        def listed() -> list[str]:
            rows = screen_text(app).splitlines()
            return [row[pile.x : pile.right].strip() for row in rows[pile.y + 3 : pile.bottom]]

        shown = listed()
        assert shown[-1] == "more below: ↓/PgDn", shown
        seen = [word for row in shown[:-1] for word in row.split() if word[-1] in "♠♥♦♣"]
        for _ in range(10):
            await pilot.press("down")
            await pilot.pause()
            shown = listed()
            seen += [word for row in shown[:-1] for word in row.split() if word[-1] in "♠♥♦♣"]
            if shown[-1] == "more above: ↑/PgUp":
                break
        assert shown[-1] == "more above: ↑/PgUp", shown
        assert set(seen) == set(under) and seen[-1] == under[0], (seen, under)  # the oldest last
        _assert_prompt_shown(app, "pile listed", "(s)")
        await pilot.press("home")
        await pilot.pause()
        assert listed()[-1] == "more below: ↓/PgDn"


@pytest.mark.parametrize(
    ("ascii", "cue"), [(False, "more above & below: ↑/↓"), (True, "more above/below: Up/Dn")]
)
async def test_the_listed_pile_scrolled_to_the_middle_says_both_ways_whole(ascii, cue):
    # at 46x21 the pile's column is 24 columns wide: "more above and below: ↑/↓", one more,
    # was cut to "more above and below: ↑/", the ↓ missing; its shorter words fit now
    from ginrummy_tui.engine.cards import DECK, format_cards, parse_cards
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.widgets.discard_pile import DiscardPile

    mine, theirs = "AS 2S 3S 4H 5H 6H 7D 8D 9C TC", "AH 2H 3H 4S 5S 6S 7C 8C 9D TD"
    dealt = set(parse_cards(mine + " " + theirs))
    pile = format_cards([c for c in DECK if c not in dealt][:28])
    app = make_app(state=scenarios.arranged(mine, theirs, discard=pile), pause=0, ascii=ascii)
    async with app.run_test(size=(46, 21)) as pilot:
        await settle(app, pilot)
        await pilot.press("l")
        await settle(app, pilot)
        await pilot.pause()
        listed = app.screen.query_one(DiscardPile)
        region = listed.region

        def last_row() -> str:
            return screen_text(app).splitlines()[region.bottom - 1][region.x : region.right].strip()

        down = "Down" if ascii else "↓"
        assert last_row() == f"more below: {down}/PgDn"
        await pilot.press("down")
        await pilot.pause()
        assert listed.list_top == 1
        assert last_row() == cue
