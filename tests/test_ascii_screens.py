"""--ascii: no screen shows a suit symbol, and no outline uses a card's letters.

A meld's outline once used H (the hearts letter) for its sides, so a melded
7♠ read "H 7SH"; the table, the summary, the review and the score sheet are
checked here for any letter or rank in a card's outline.
"""

from __future__ import annotations

import re

import pytest

from ginrummy_tui.engine import parse_cards
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.screens.review_screen import ReviewScreen
from ginrummy_tui.tui.screens.rules_screen import RulesScreen
from ginrummy_tui.tui.screens.score_screen import ScoreScreen
from ginrummy_tui.tui.screens.summary_screen import SummaryScreen
from ginrummy_tui.tui.widgets.cardfaces import back_lines, border_chars, empty_lines, face_lines
from ginrummy_tui.tui.widgets.hand import KEYS

from .app_helpers import review_made, screen_text, settle

SIZE = (80, 24)
CARD_CHARS = set("SHDC") | set("A23456789TJQK") | {"1", "0"}
"""What names a card in ASCII: suit letters and ranks (10 is written "10")."""


def test_no_outline_uses_a_card_letter_or_rank():
    for kind in ("plain", "meld", "selected"):
        chars = border_chars(kind, ascii_only=True)
        assert not set(chars) & CARD_CHARS, (kind, chars)
        assert all(ord(ch) < 128 for ch in chars)
    # the three kinds stay apart, so melds show without colour
    assert len({border_chars(k, True) for k in ("plain", "meld", "selected")}) == 3
    c = parse_cards("7H")[0]
    for meld in (False, True):
        lines = [t.plain for t in face_lines(c, meld=meld, ascii_only=True)]
        assert lines[1].strip()[1:-1].strip() == "7H"  # the sides are not letters: only "7H" names the card
        assert not set(lines[1][0] + lines[1][-1]) & CARD_CHARS
    for lines in (back_lines(ascii_only=True), empty_lines(ascii_only=True)):
        assert not set("".join(t.plain for t in lines)) & CARD_CHARS


def test_every_pick_key_shows_in_an_ascii_outline():
    """The key that picks a card is written into its top border; the eleventh
    card's "-" once vanished into a "+---+" border."""
    c = parse_cards("7H")[0]
    for meld in (False, True):
        for selected in (False, True):
            bare = face_lines(c, meld=meld, selected=selected, ascii_only=True)[0].plain
            for key in KEYS:
                top = face_lines(c, meld=meld, selected=selected, key=key, ascii_only=True)[0].plain
                assert top != bare and key in top, (meld, selected, key, top)
                assert len(top) == len(bare)  # the card keeps its width
    assert face_lines(c, key="-", ascii_only=True)[0].plain == "+[-]+"


_FACE = re.compile(r"(.)(10| [2-9AJQK]|[2-9AJQK] )([SHDC])(.)")


def _check(text: str, where: str) -> None:
    assert not set(text) & set("♠♥♦♣"), f"{where}: a suit symbol\n{text}"
    for line in text.splitlines():
        for m in _FACE.finditer(line):
            left, right = m.group(1), m.group(4)
            # a card face between its sides: the sides are never card letters
            if left in "|:!" or right in "|:!":
                assert left not in CARD_CHARS and right not in CARD_CHARS, f"{where}: {line!r}"
    assert not re.search(r"[SHDC] ?(10|[2-9AJQK])[SHDC][SHDC]", text), f"{where}: a card reads into a letter\n{text}"


async def test_every_ascii_screen_has_clean_card_outlines():
    app = make_app(state=scenarios.knock_ready(), ascii=True, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        _check(screen_text(app), "table")
        await pilot.press("s")  # draw A♠: three melds on show with their outline
        await settle(app, pilot)
        _check(screen_text(app), "table with melds")
        await pilot.press("o")  # melds first: the loose K♦ is the eleventh card, picked with "-"
        await settle(app, pilot)
        assert "+[-]+" in screen_text(app)
        await pilot.press("k")  # knock with K♦
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        _check(screen_text(app), "summary")
        # what Enter does is said as the key bar says it (it said "⏎: deal the next hand")
        assert "Enter/Space: the next hand" in screen_text(app) and "⏎" not in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        _check(screen_text(app), "score sheet")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await review_made(app, pilot)  # shown at the screen's next look once made (it looks every 0.2 s)
        assert "Reviewing" not in screen_text(app)
        _check(screen_text(app), "review")


async def test_with_ascii_the_prompt_line_the_buttons_and_the_key_bar_are_all_ascii():
    # the help line said "<-/-> and Enter", but the key bar still showed "⏎ Discard", the
    # button "Discard 9H (⏎)", and the prompt line's marks and the connection's line kept
    # their signs ("✗", "—", "…", "·", "⏱")
    from ginrummy_tui.tui.widgets.key_bar import KeyBar
    from ginrummy_tui.tui.widgets.prompt import PromptLine

    app = make_app(state=scenarios.knock_ready(), ascii=True, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("s")  # to discard: the Enter key in the key bar, the button and the prompt
        await settle(app, pilot)
        table = app.table
        keys = table.query_one(KeyBar).render().plain
        screen = screen_text(app)
        assert "Enter Discard" in keys and keys.isascii()
        assert "(Enter)" in screen and "⏎" not in screen  # the button too
        app.session.status = lambda room=74: "⏱ 9 s · Connection lost — reconnecting…"  # as a network line says it
        table.refuse("you cannot knock with 9♥")
        line = table.query_one(PromptLine).plain
        assert line.startswith("Time 9 s - Connection lost - reconnecting...  x You cannot knock with 9H.")
        assert line.isascii()


async def test_with_ascii_the_clock_and_a_prompt_fit_the_prompt_line():
    """With --ascii the room for the prompt was measured on the clock as "⏱ 30 s" while the
    line shows "Time 30 s": at 60 columns "Time 30 s to move  Draw from the stock (s) or the
    pile (d)." took 59 columns of 56, and its end was lost."""
    from ginrummy_tui.tui.widgets.prompt import PromptLine

    app = make_app(rules="multiplayer-1.5", seed=4, ascii=True, pause=0, ai="standard")
    async with app.run_test(size=(60, 24)) as pilot:
        line = app.table.query_one(PromptLine)
        for _ in range(100):  # until the move clock shows
            await pilot.pause(0.05)
            if line.plain.startswith("Time "):
                break
        assert line.plain.startswith("Time 30 s to move") and line.plain.isascii(), line.plain
        assert line.lines == 1 and len(line.plain) <= line.content_region.width, line.plain

UNICODE_SIGNS = "•╭╮╰╯│─╔═╗║·−×⏎—"
"""Signs the screens below drew before, with ASCII suits on."""


def _drawn_signs(text: str) -> set[str]:
    return {ch for ch in text if ch in UNICODE_SIGNS}


async def test_with_ascii_the_rule_sheet_and_its_box_are_ascii():
    app = make_app(state=scenarios.knock_ready(), pause=0, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("f1")
        await settle(app, pilot)
        assert isinstance(app.screen, RulesScreen)
        text = screen_text(app)
        assert "* Knock with 10 or less deadwood" in text and "+-----" in text, text
        assert not _drawn_signs(text), text
        await pilot.press("end")
        await settle(app, pilot)
        text = screen_text(app)
        assert "Enter / Space / n  after a hand" in text and not _drawn_signs(text), text


async def test_with_ascii_the_end_of_a_hand_is_ascii_and_turning_it_off_brings_the_signs_back():
    app = make_app(state=scenarios.match_point(), pause=0, ascii=True)
    async with app.run_test(size=(80, 40)) as pilot:
        await settle(app, pilot)
        await pilot.press("s", "k")  # the knock that ends the hand
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        text = screen_text(app)
        assert "You - deadwood" in text and "Scores: You 128 - Computer (standard) 59" in text, text
        assert not _drawn_signs(text), text
        app.ascii_only = False  # the settings screen turns the symbols back on
        await settle(app, pilot)
        assert "You · deadwood" in screen_text(app)
        app.ascii_only = True
        await pilot.press("enter")  # the result of the match: its banner in an ASCII box
        await settle(app, pilot)
        lines = screen_text(app).splitlines()
        top = next(i for i, ln in enumerate(lines) if "You won the match!" in ln) - 2
        assert lines[top].strip().startswith("+---") and "╔" not in "".join(lines), "\n".join(lines)


async def test_with_ascii_the_tables_words_are_ascii_and_turning_it_off_brings_the_signs_back():
    """The score line ("to 100 · standard rules"), the other player's name and count,
    the discard pile's count, the deadwood line and the hand's log kept their "·" and "—"."""
    app = make_app(state=scenarios.knock_ready(), pause=0, ascii=True)
    async with app.run_test(size=(160, 40)) as pilot:  # the hand's log beside the table
        await settle(app, pilot)
        await pilot.press("s")  # to discard: "discarding AS leaves 10 - you may knock"
        await settle(app, pilot)
        text = screen_text(app)
        assert text.isascii(), sorted({ch for ch in text if not ch.isascii()})
        assert "to 100 - standard rules" in text and "Computer (standard) - 10 cards" in text
        assert "Discard pile - 1" in text and "Hand 1 - Computer dealt" in text
        assert "Deadwood 11 - discarding AS leaves 10 - you may knock - KD leaves 1" in text
        app.ascii_only = False  # the settings screen turns the symbols back on
        await settle(app, pilot)
        text = screen_text(app)
        assert "to 100 · standard rules" in text and "Computer (standard) · 10 cards" in text
        assert "Discard pile · 1" in text and "Hand 1 · Computer dealt" in text
        assert "Deadwood 11 · discarding A♠ leaves 10 — you may knock" in text
        app.ascii_only = True
        await settle(app, pilot)
        await pilot.resize_terminal(80, 24)
        await settle(app, pilot)
        text = screen_text(app)
        assert text.isascii() and "to 100 - standard rules" in text, text


async def test_with_ascii_a_toast_is_ascii():
    """"Resumed your match: hand 3, You 10 · Computer 5." kept its "·", and every toast its edge "▌"."""
    app = make_app(state=scenarios.knock_ready(), pause=0, ascii=True)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        app.notify("Resumed your match: hand 3, You 10 · Computer 5.")
        app.notify("The match could not be saved — the last save stands.", severity="warning")
        await pilot.pause(0.3)
        text = screen_text(app)
        assert text.isascii(), sorted({ch for ch in text if not ch.isascii()})
        flat = " ".join(text.split())
        assert "| 10 - Computer 5." in flat and "| The match could not be saved - " in flat, text


async def test_the_line_of_what_the_keys_do_after_a_hand_follows_ascii_turned_on_and_off():
    """Turning ASCII on in F2 at the end of a hand redrew the hands and the key bar, but
    the line of what the keys do kept its ⏎ and · until the window was resized."""
    from textual.widgets import Static

    app = make_app(state=scenarios.match_point(), pause=0)
    async with app.run_test(size=(80, 40)) as pilot:
        await settle(app, pilot)
        await pilot.press("s", "k")  # the knock that ends the hand
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)

        def line() -> str:
            return str(app.screen.query_one("#summary-next", Static).render())

        assert line().startswith("⏎/Space: "), line()
        app.ascii_only = True
        await settle(app, pilot)
        assert line().startswith("Enter/Space: ") and not _drawn_signs(line()), line()
        app.ascii_only = False
        await settle(app, pilot)
        assert line().startswith("⏎/Space: "), line()


@pytest.mark.parametrize(("rules", "presses"), [("oklahoma", ("", "p", "s")), ("multiplayer-1.5", ("", "s"))])
async def test_with_ascii_the_key_bar_at_80_columns_shows_every_key_it_shows_without(rules, presses):
    # at the discard step of an Oklahoma match "Enter Discard" took four columns more than
    # "⏎ Discard", and "m Moves" was left out of the key bar; with Big Gin it was left out
    # even with one space between the keys
    from ginrummy_tui.tui.widgets.key_bar import KeyBar

    keys = ("t", "p", "s", "d", "enter", "k", "g", "b", "o", "m", "h", "question_mark", "c", "q")

    async def bars(ascii: bool) -> list[list[str]]:
        app = make_app(rules=rules, seed=11, ascii=ascii, pause=0, ai="standard")
        shown = []
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            for press in presses:  # up to the discard step
                if press:
                    await pilot.press(press)
                    await settle(app, pilot)
                bar = app.screen.query_one(KeyBar)
                shown.append([key for key in keys if bar.span(key)])
        return shown

    plain, ascii = await bars(False), await bars(True)
    big_gin = ["b"] if rules == "multiplayer-1.5" else []
    assert plain[-1] == ["enter", "k", "g", *big_gin, "o", "m", "h", "question_mark", "c", "q"]
    assert ascii == plain


@pytest.mark.parametrize(
    ("rules", "ascii", "presses", "width"),
    [
        ("multiplayer-1.5", False, ("", "s"), 80),
        ("multiplayer-1.5", True, ("", "s"), 80),
        ("standard", True, ("", "p", "s"), 80),
        ("oklahoma", True, ("", "p", "s"), 80),
        ("multiplayer-1.5", True, ("", "s"), 120),
    ],
)
async def test_a_key_keeps_its_word_from_the_draw_to_the_discard(rules, ascii, presses, width):
    # at 80 columns with Big Gin or --ascii "m Moves" read "m Log" at the discard step and
    # "m Moves" again at the draw ("c Scores"/"c Pts", "h Hint"/"h Tip", "? Rules"/"? Help"):
    # a word is said shorter at every step where one step needs it
    from ginrummy_tui.tui.widgets.key_bar import KeyBar

    keys = ("o", "m", "h", "question_mark", "c", "q")

    app = make_app(rules=rules, seed=11, ascii=ascii, pause=0, ai="standard")
    said: list[dict[str, str]] = []
    async with app.run_test(size=(width, 24)) as pilot:
        await settle(app, pilot)
        for press in presses:
            if press:
                await pilot.press(press)
                await settle(app, pilot)
            bar = app.screen.query_one(KeyBar)
            text = bar.render().plain
            words = {}
            for key in keys:
                span = bar.span(key)
                assert span is not None, (key, text)
                words[key] = text[span[0] : span[1]]
            said.append(words)
        assert app.session.state.phase == "discard"
    assert all(words == said[0] for words in said), said
    if width == 120:
        assert said[0] == {"o": "o Sort", "m": "m Moves", "h": "h Hint", "question_mark": "? Rules", "c": "c Scores", "q": "q Quit"}


def _not_ascii(text: str) -> list[str]:
    return sorted({ch for ch in text if not ch.isascii()})


@pytest.mark.parametrize("size", [(46, 21), (80, 24)])
async def test_with_ascii_every_screen_is_ascii_alone_scroll_bars_and_the_too_small_note_too(size):
    """--ascii drew the suits as letters, but Textual's scroll bars kept their
    eighth-of-a-cell blocks ("▆" on F2's, "▁" on the rule sheet's) and a
    terminal too small was told "46×21": every screen is ASCII alone."""
    app = make_app(state=scenarios.knock_ready(), ascii=True, pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        assert not _not_ascii(screen_text(app)), "table"
        for key, where in (("f2", "settings"), ("escape", ""), ("question_mark", "rules"), ("escape", ""),
                           ("c", "scores"), ("escape", ""), ("m", "moves"), ("escape", "")):
            await pilot.press(key)
            await settle(app, pilot)
            if where:
                for scrolled in (False, True):  # the bar at the top, and partway down (its thumb's ends in eighths)
                    if scrolled:
                        for form in app.screen.query("VerticalScroll"):
                            form.scroll_to(y=3.4, animate=False, immediate=True)
                        await pilot.pause()
                    assert not _not_ascii(screen_text(app)), (where, _not_ascii(screen_text(app)))
        await pilot.resize_terminal(40, 15)
        await settle(app, pilot)
        text = screen_text(app)
        assert "Make it at least 46x21." in text and not _not_ascii(text), text


async def test_with_ascii_text_cut_short_ends_in_three_dots():
    """A line cut short at the screen's edge ended in "…" with --ascii (Textual
    puts it there): it ends in "...", and without --ascii in "…"."""
    from textual.widgets import Static

    for ascii_only, dots in ((False, "…"), (True, "...")):
        app = make_app(state=scenarios.knock_ready(), ascii=ascii_only, pause=0)
        async with app.run_test(size=(46, 21)) as pilot:
            await settle(app, pilot)
            styled = Static("A line of words far too long for this narrow screen to show whole", id="styled")
            styled.styles.text_wrap = "nowrap"
            styled.styles.text_overflow = "ellipsis"
            await app.screen.mount(styled, before=0)
            await pilot.pause()
            line = screen_text(app).splitlines()[0].rstrip()
            assert line.endswith(f" narro{dots}" if ascii_only else f" narrow {dots}"), line
            assert len(line) == 46


async def test_with_ascii_the_move_clock_over_a_screen_is_ascii_alone():
    """With a move timer, F2 and the rule sheet are headed by the paused clock,
    which said "⏸ 30 s to move — the clock waits while this is open" with --ascii."""
    from ginrummy_tui.tui.move_clock import ClockBadge

    app = make_app(rules="multiplayer-1.5", seed=3, ascii=True, pause=0)
    app.now = lambda: 0.0  # the clock stands still: "30 s" however slow the machine
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        for key in ("f2", "escape", "question_mark"):
            await pilot.press(key)
            await settle(app, pilot)
            if key != "escape":
                app._tick_clock()  # the badge comes with the clock's next tick: no waiting for it
                await pilot.pause()
                badge = app.screen.query_one(ClockBadge)
                assert badge.text.startswith("Paused 30 s to move - the clock waits"), badge.text
                assert not _not_ascii(screen_text(app)), _not_ascii(screen_text(app))


async def test_with_ascii_text_cut_to_three_cells_or_fewer_is_dots_alone_as_many_as_fit():
    """A text cut to 2 or 3 cells with --ascii ended in Textual's "…" ("a…",
    "ab…"): it is cut to the width with as many dots as fit, in ASCII alone."""
    from textual._context import active_app
    from textual.content import Content

    app = make_app(state=scenarios.knock_ready(), ascii=True, pause=0)
    async with app.run_test(size=SIZE):
        token = active_app.set(app)
        try:
            cut = {width: Content("abcdefgh").truncate(width, ellipsis=True).plain for width in range(1, 9)}
            assert Content("abc").truncate(3, ellipsis=True).plain == "abc"
        finally:
            active_app.reset(token)
    assert cut == {
        1: ".", 2: "..", 3: "...", 4: "a...", 5: "ab...", 6: "abc...", 7: "abcd...", 8: "abcdefgh",
    }


def test_textuals_truncate_still_takes_what_the_ascii_hook_passes_it():
    """The --ascii hook on ``Content.truncate`` takes and passes on its
    parameters as Textual 8 has them (``max_width``, then ``ellipsis`` and
    ``pad`` by keyword): a Textual that changes them breaks the hook, and this."""
    import inspect

    from ginrummy_tui.tui.ascii_signs import TEXTUAL_TRUNCATE

    parameters = inspect.signature(TEXTUAL_TRUNCATE).parameters
    assert [(p.name, p.kind) for p in parameters.values()] == [
        ("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        ("max_width", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        ("ellipsis", inspect.Parameter.KEYWORD_ONLY),
        ("pad", inspect.Parameter.KEYWORD_ONLY),
    ]
    assert parameters["ellipsis"].default is False and parameters["pad"].default is False
    assert TEXTUAL_TRUNCATE.__module__ == "textual.content"


async def test_with_ascii_the_review_says_it_is_being_made_in_ascii():
    """With --ascii the review's line until it is ready read "Reviewing the hand…",
    with Textual's "…": it reads "Reviewing the hand...", and "…" again once ASCII
    is turned off while it waits."""
    app = make_app(state=scenarios.knocked(), ascii=True, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await app.push_screen(ReviewScreen(("a hand not reviewed yet",), ascii_only=True))
        await pilot.pause()
        assert not app.screen.ready
        text = screen_text(app)
        assert "Reviewing the hand..." in text and not _not_ascii(text), _not_ascii(text)
        app.ascii_only = False  # the settings screen turns the symbols back on
        await pilot.pause()
        assert "Reviewing the hand…" in screen_text(app)
