"""In the app: the review and "Replay this deal" from the end-of-hand screen."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.engine import apply, new_game, view
from ginrummy_tui.engine.replay import replay_state
from ginrummy_tui.session.replay_session import ReplaySession
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.screens.game_screen import GameScreen
from ginrummy_tui.tui.screens.review_screen import ReviewScreen
from ginrummy_tui.tui.screens.score_screen import ScoreScreen
from ginrummy_tui.tui.screens.summary_screen import SummaryScreen
from ginrummy_tui.tui.widgets.hand import KEYS, HandView

from .app_helpers import (
    SaidTimers,
    frame_rows,
    review_made,
    said_in_its_line,
    said_on_the_result,
    screen_text,
    until,
    words_clear_of_scroll_bar,
)
from .app_helpers import settle as _settle

SIZE = (100, 30)
KEY_OF = {"take upcard": "t", "pass": "p", "draw stock": "s", "draw discard": "d"}


def _ended_hand(seed: int):
    """Hand 1 of ``seed`` played out by the standard opponent on both seats, and its deal."""
    start = new_game(seed=seed)
    s = start
    bot = get_opponent("standard", 0)
    while s.phase in ("upcard", "draw", "discard"):
        s = apply(s, bot.choose(view(s, s.current)))
    return start, s


async def _play_by_keys(app, pilot, chooser) -> None:
    """Play seat 0's moves with the keys a player would press, until the hand ends."""
    for _ in range(200):
        await _settle(app, pilot)
        v = app.session.view()
        if v.phase not in ("upcard", "draw", "discard"):
            return
        assert v.current == 0
        a = chooser.choose(v)
        if a.kind in KEY_OF:
            await pilot.press(KEY_OF[a.kind])
            continue
        hand = app.table.query_one(HandView)
        await pilot.press(KEYS[hand.cards.index(a.card)])
        await pilot.press({"discard": "enter", "knock": "k", "gin": "g"}[a.kind])
    raise AssertionError("the hand never ended")


@pytest.mark.parametrize("seed", [4])
async def test_review_then_replay_the_same_deal_then_back_to_the_match(seed, monkeypatch):
    import ginrummy_tui.ai.review as review_module

    made = review_module.review_hand
    practice_of_reviews: list[bool] = []  # whether each review made was of a practice hand

    def review_hand(state, seat=0, **options):
        practice_of_reviews.append(options.get("practice", False))
        return made(state, seat, **options)

    monkeypatch.setattr(review_module, "review_hand", review_hand)
    start, ended = _ended_hand(seed)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=SIZE) as pilot:
        await _settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        # the review was started when the hand ended; r shows it
        await pilot.press("r")
        assert isinstance(app.screen, ReviewScreen)
        await review_made(app, pilot)
        text = screen_text(app)
        assert "Review of hand 1" in text
        assert "decisions; the expert would have made" in text
        await pilot.press("escape")
        assert isinstance(app.screen, SummaryScreen)
        # a: the same cards again
        await pilot.press("a")
        await _settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert isinstance(app.session, ReplaySession) and app.session.replaying
        v = app.session.view()
        assert (v.hand, v.discard, v.stock_size, v.hand_no) == (start.hands[0], start.discard, len(start.stock), 1)
        assert app.session.state == ended  # the match itself is untouched
        # play it through, this time differently: the easy opponent's choices on the keys
        await _play_by_keys(app, pilot, get_opponent("easy", 1))
        await _settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        assert "⏎/Space: your match's hand 2  ·  r: review" in screen_text(app)  # where Enter goes
        assert "⏎/Space Back to your match" in screen_text(app).splitlines()[-1]  # the key bar says so too
        practice_end = app.session.current_state
        assert practice_end.hand_no == 1 and practice_end.history != ended.history
        # its review says it is the practice's ("Review of hand 1", as the match's own hand said);
        # the score table's review of hand 1 is the match's
        await pilot.press("r")
        await review_made(app, pilot)
        assert "Review of your practice of hand 1" in screen_text(app)
        # made as a practice's: near the end of a match its expert follows the rule, as its hints do
        assert practice_of_reviews == [False, True]
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen, SummaryScreen))
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen))
        await pilot.press("enter")
        await review_made(app, pilot)
        assert not app.screen.practice
        assert "Review of hand 1" in screen_text(app) and "Review of your practice" not in screen_text(app)
        assert practice_of_reviews[-1] is False  # the match's own hand
        await pilot.press("escape", "escape")
        assert isinstance(app.screen, SummaryScreen)
        # Enter goes back to the match, which deals its hand 2
        await pilot.press("enter")
        await _settle(app, pilot)
        assert not app.session.replaying
        assert app.session.state.hand_no == 2
        assert app.session.state.sheet[0] == ended.sheet[0]
        assert len(app.session.state.sheet) == 1


async def test_an_arranged_hand_is_not_dealt_again_with_other_cards():
    from ginrummy_tui.tui import scenarios

    app = make_app(state=scenarios.knocked(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("a")
        await _settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        assert not isinstance(app.session, ReplaySession)
        await pilot.press("r")
        await review_made(app, pilot)
        assert "could not be made" in screen_text(app)


def _finish(session, bot):
    while session.view().phase in ("upcard", "draw", "discard"):
        seat = session.view().current
        if seat == session.seat:
            session.submit(bot.choose(session.view()))
        else:
            session.play_opponent(session.think())


def test_a_replay_session_leaves_the_match_alone_and_returns_to_it():
    from ginrummy_tui.engine import PRESETS, Action
    from ginrummy_tui.session.local import LocalSession

    saved = []
    _, ended = _ended_hand(7)
    real = LocalSession(ended, get_opponent("standard", 0), on_change=saved.append)
    practice = ReplaySession(real, replay_state(ended))
    assert practice.replaying and practice.state is ended and practice.current_state.hand_no == 1
    _finish(practice, get_opponent("easy", 2))
    assert practice.current_state.phase == "hand_over"
    assert real.state is ended and saved == []  # nothing of the practice reached the match or its saves
    practice.submit(Action("next hand"))
    assert not practice.replaying
    assert real.state.hand_no == 2 and saved[-1] is real.state
    assert practice.view().hand_no == 2

    # after the last hand of a match, the practice hand goes back to the finished match
    s = new_game(PRESETS["standard"].with_options(target=1), seed=2)
    bot = get_opponent("standard", 0)
    while s.phase != "match_over":
        s = apply(s, bot.choose(view(s, s.current)))
    real = LocalSession(s, get_opponent("standard", 0))
    again = ReplaySession(real, replay_state(s))
    _finish(again, bot)
    again.submit(Action("new match"))
    assert not again.replaying and real.state is s and again.view().phase == "match_over"


@pytest.mark.parametrize("size", [(60, 21), (46, 21)])
async def test_the_reviews_words_keep_a_column_clear_of_its_scroll_bar(size):
    """As the rule sheet's, they ran up against the scroll bar."""
    from textual.containers import VerticalScroll

    _start, ended = _ended_hand(4)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=size) as pilot:
        await _settle(app, pilot)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.ready)
        await pilot.pause()
        await words_clear_of_scroll_bar(app, pilot, app.screen.query_one("#review", VerticalScroll))


async def test_one_enter_after_practising_the_last_hand_shows_the_result_of_the_match():
    """After a practice of the hand that ended the match, the first Enter did
    nothing: the end-of-hand screen stayed, and only a second one showed the result."""
    from ginrummy_tui.engine import PRESETS
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen

    s = new_game(PRESETS["standard"].with_options(target=5), seed=3)
    bot = get_opponent("standard", 0)
    while s.phase != "match_over":
        s = apply(s, bot.choose(view(s, s.current)))
    app = make_app(state=s, pause=0, ai="standard")
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(app, pilot)
        assert "⏎/Space: see the result of the match" in screen_text(app)
        await pilot.press("a")
        await _play_by_keys(app, pilot, get_opponent("easy", 1))
        await _settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        assert "⏎/Space: the result of your match" in screen_text(app)  # where Enter goes
        await pilot.press("enter")
        await _settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen)
        assert not app.session.replaying and app.session.state is s
        assert app.screen.v == view(s, 0)  # the match's result, not the practice hand's
        assert f"Final score: You {s.totals[0]}" in screen_text(app)


def _said(app) -> list[str]:
    """The toasts shown so far, each on one line."""
    return [" ".join(str(n.message).split()) for n in app._notifications]


async def test_the_table_keys_h_and_l_say_why_they_do_nothing_at_the_end_of_a_hand():
    """At the end of a hand h and l did nothing, and said nothing."""
    _start, ended = _ended_hand(4)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        said = []
        for key in ("h", "l", "s"):
            await pilot.press(key)
            await pilot.pause()
            said.append(" ".join(str(app.screen.query_one("#summary-said", Static).render()).split()))
        assert isinstance(app.screen, SummaryScreen)
        assert said == [
            "A hint (h) is for your own turn in a hand: this hand is over; ⏎ goes on.",
            "The discard pile (l) is listed during a hand: this hand is over; m lists every turn of it.",
            "No move can be made now: this hand is over; ⏎ goes on.",  # s (a draw) said nothing either
        ]


async def test_why_a_key_does_nothing_at_the_end_of_a_hand_goes_after_a_few_seconds(monkeypatch):
    """"A hint (h) is for your own turn in a hand: this hand is over; ⏎ goes on." stood under
    the end of a hand for minutes, through the review and the score table opened and closed:
    it goes as the line of a screen over the table does."""
    from ginrummy_tui.tui.screens import review_screen
    from ginrummy_tui.tui.screens.score_screen import ScoreScreen
    from ginrummy_tui.tui.widgets import table_only_line

    timers = SaidTimers(monkeypatch)  # run out by the test, not by the clock
    monkeypatch.setattr(review_screen, "REVIEW_AHEAD_AFTER", 60.0)  # no review made meanwhile
    _start, ended = _ended_hand(4)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        said = app.screen.query_one("#summary-said", Static)
        for over in (None, "c"):
            await pilot.press("h")
            await pilot.pause()
            assert said.display and "A hint (h) is for your own turn" in str(said.render())
            if over is not None:
                await pilot.press(over)
                await pilot.pause()
                assert isinstance(app.screen, ScoreScreen)
            assert timers.set[-1] == table_only_line.SHOWN_FOR
            timers.run_out()
            await pilot.pause()
            if over is not None:
                await pilot.press("escape")
                await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            assert not said.display and "A hint" not in screen_text(app)


async def test_keys_with_no_use_at_the_end_of_a_hand_say_so_and_what_goes_on():
    """At the end of a hand o, Tab, Shift+Tab and a letter that is no key ('x') did nothing,
    and said nothing, while s, d, t, h and l said why; they say it as the table does, in the
    line under the keys that go on, with what goes on from here."""
    _start, ended = _ended_hand(4)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        said = {}
        for key in ("x", "tab", "shift+tab", "o", "S"):
            await pilot.press(key)
            await pilot.pause()
            said[key] = " ".join(str(app.screen.query_one("#summary-said", Static).render()).split())
        assert isinstance(app.screen, SummaryScreen) and app.session.state is ended
        assert said == {
            "x": "'x' does nothing here: ⏎ goes on; ? lists the keys.",
            "tab": "Tab does nothing here: ⏎ goes on; ? lists the keys.",
            "shift+tab": "Shift+Tab does nothing here: ⏎ goes on; ? lists the keys.",
            "o": "Sorting your cards (o) is for a hand in play: this hand is over; ⏎ goes on.",
            "S": "'S' does nothing here: keys are lower case (s), Caps Lock may be on.",
        }
        assert _said(app) == []  # in the screen's line, not a toast over the headline


async def test_arrow_and_page_keys_at_the_end_of_a_hand_say_so_where_nothing_scrolls():
    """At 80x24, where the end of a hand shows whole, ← → ↑ ↓ PageUp and Home (the keys of its
    scrolling summary) did nothing and said nothing, the note of the key before ('x') staying:
    each says it does nothing, as x does.  Where the summary scrolls (a short terminal), ↓ still
    scrolls it, and says nothing."""
    from textual.containers import VerticalScroll

    _start, ended = _ended_hand(4)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        said = {}
        for key in ("x", "left", "right", "up", "down", "pageup", "pagedown", "home", "end"):
            await pilot.press(key)
            await pilot.pause()
            said[key] = " ".join(str(app.screen.query_one("#summary-said", Static).render()).split())
        assert isinstance(app.screen, SummaryScreen) and app.session.state is ended
        names = {"x": "'x'", "left": "←", "right": "→", "up": "↑", "down": "↓",
                 "pageup": "PageUp", "pagedown": "PageDown", "home": "Home", "end": "End"}
        assert said == {key: f"{name} does nothing here: ⏎ goes on; ? lists the keys." for key, name in names.items()}
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=(46, 21), notifications=True) as pilot:  # the smallest screen: it scrolls
        await _settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        summary = app.screen.query_one("#summary", VerticalScroll)
        assert summary.max_scroll_y > 0
        await pilot.press("down")
        await pilot.pause()
        assert summary.scroll_y > 0  # it scrolled
        assert not app.screen.query_one("#summary-said", Static).display


async def test_keys_with_no_use_on_the_match_result_say_so_and_leave_the_table_its_arrows():
    """On the match's result 'x', o, Tab and Shift+Tab did nothing and said nothing (Tab moved
    the focus from the score table, unseen, and ↑ and ↓ no longer picked a hand to review)."""
    from ginrummy_tui.engine import PRESETS
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.widgets.score_table import ScoreTable

    s = new_game(PRESETS["standard"].with_options(target=5), seed=3)
    bot = get_opponent("standard", 0)
    while s.phase != "match_over":
        s = apply(s, bot.choose(view(s, s.current)))
    app = make_app(state=s, pause=0, ai="standard")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _settle(app, pilot)
        await pilot.press("enter")
        await _settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen)
        table = app.screen.query_one(ScoreTable)
        assert app.focused is table
        said = []
        for key in ("x", "tab", "shift+tab", "o", "space"):
            await pilot.press(key)
            await pilot.pause()
            said.append(said_on_the_result(app))  # in the result's own line, each in place of the last
            assert said[-1] and not _said(app)
        assert isinstance(app.screen, MatchOverScreen) and app.session.state is s
        assert app.focused is table
        assert said == [
            "'x' does nothing here: ⏎ or n starts a new match; ? lists the keys.",
            "Tab does nothing here: ⏎ or n starts a new match; ? lists the keys.",
            "Shift+Tab does nothing here: ⏎ or n starts a new match; ? lists the keys.",
            "Sorting your cards (o) is for a hand in play: the match is over; ⏎ or n starts a new match.",
            "Space does nothing here: ⏎ or n starts a new match; ? lists the keys.",
        ]


async def test_at_the_end_of_a_hand_a_table_key_leaves_the_headline_readable():
    """80×24, the end of a hand, s pressed: the toast saying why covered the end of the
    headline ("Hand 1: Computer (master) knocked — and you ▌ The table's keys..."); the
    end of the hand says it in its own line, under the keys that go on, and no toast shows."""
    from .app_helpers import screen_text

    _start, ended = _ended_hand(4)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _settle(app, pilot)
        rows = screen_text(app).splitlines()
        at = next(n for n, row in enumerate(rows) if row.strip().startswith("Hand 1:"))  # lower on a tall screen
        headline = rows[at]
        await pilot.press("s")
        await pilot.pause()
        screen = screen_text(app)
        assert screen.splitlines()[at] == headline
        assert "No move can be made now: this hand is over; ⏎ goes on." in screen
        assert _said(app) == []


def _frame_words(app, rows: int = 0) -> list[str]:
    """The words in the screen's frame as drawn, in order, without its edges and scroll bar,
    its last ``rows`` rows left out."""
    from textual.containers import VerticalScroll

    frame = app.screen.query_one(VerticalScroll).region
    lines = screen_text(app).splitlines()[frame.y : frame.bottom - rows]
    return " ".join(line[frame.x : frame.right].strip("│╭╮╰╯─ ▁▂▃▄▅▆▇█") for line in lines).split()


async def test_the_table_keys_say_why_they_do_nothing_in_the_review_of_a_hand():
    """In the review of a hand, opened from its end, h, l and the moves' keys did nothing, and said
    nothing; then they said why in a toast, over the review's words; now in a line of the
    screen's own, above its key bar, at 80×24 and wider.  Tab and Shift+Tab say it too."""
    from ginrummy_tui.tui.widgets.table_only_line import TableOnlyLine

    _start, ended = _ended_hand(4)
    said = "The table's keys do nothing in the review: the hand is over; Esc goes back."
    for size in ((80, 24), SIZE, (160, 45)):
        app = make_app(state=ended, pause=0, ai="standard")
        async with app.run_test(size=size, notifications=True) as pilot:
            await _settle(app, pilot)
            await pilot.press("r")
            assert isinstance(app.screen, ReviewScreen)
            await review_made(app, pilot)
            await pilot.pause()
            before = frame_rows(app)
            words = _frame_words(app)
            # Tab and Shift+Tab said nothing (the focus moved to the frame, unseen) while Space said this
            for key in ("h", "l", "s", "k", "space", "tab", "shift+tab"):
                app.screen.query_one(TableOnlyLine).clear()
                await pilot.press(key)
                await pilot.pause()
                assert isinstance(app.screen, ReviewScreen)
                assert said_in_its_line(app) == said, key
            # at most a row shorter, not covered: its words in order (a review that just fitted takes a
            # scroll bar when the line takes a row, its words then wrapped a little narrower)
            after = frame_rows(app)
            assert len(after) >= len(before) - 1
            shown = _frame_words(app, 2)
            assert shown == words[: len(shown)], "\n".join(after)
            assert _said(app) == []
            await pilot.press("escape")
            assert isinstance(app.screen, SummaryScreen)


async def test_the_table_keys_say_why_they_do_nothing_in_the_list_of_turns():
    """In the list of a hand's turns (m), at its end or during it, h, l and the moves' keys did
    nothing, and said nothing; then they said why in a toast; now in a line of the screen's own."""
    from ginrummy_tui.tui.screens.moves_screen import MovesScreen

    start, ended = _ended_hand(4)
    said = "The table's keys do nothing in the list of turns: Esc goes back."
    for state, under in ((ended, SummaryScreen), (start, GameScreen)):
        app = make_app(state=state, pause=0, ai="standard")
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await _settle(app, pilot)
            await pilot.press("m")
            assert isinstance(app.screen, MovesScreen)
            before = frame_rows(app)
            for key in ("h", "l", "s", "k"):
                await pilot.press(key)
                await pilot.pause()
                assert isinstance(app.screen, MovesScreen)
                assert said_in_its_line(app) == said
            assert frame_rows(app) == before
            assert _said(app) == []
            await pilot.press("escape")
            assert isinstance(app.screen, under)


async def test_the_match_result_reviews_replays_and_lists_its_last_hand():
    """On the match's result r, a, m, h and l did nothing, and said nothing: the last
    hand could not be reviewed once Enter was pressed."""
    from ginrummy_tui.engine import PRESETS
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.screens.moves_screen import MovesScreen

    s = new_game(PRESETS["standard"].with_options(target=5), seed=3)
    bot = get_opponent("standard", 0)
    while s.phase != "match_over":
        s = apply(s, bot.choose(view(s, s.current)))
    app = make_app(state=s, pause=0, ai="standard")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _settle(app, pilot)
        await pilot.press("enter")
        await _settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen)
        assert "⏎ New match  r Review  a Replay deal  m Moves" in screen_text(app).splitlines()[-1]
        await pilot.press("r")
        assert isinstance(app.screen, ReviewScreen)
        await review_made(app, pilot)
        assert f"Review of hand {s.hand_no}" in screen_text(app)
        await pilot.press("escape", "m")
        assert isinstance(app.screen, MovesScreen)
        assert f"Hand {s.hand_no} · " in screen_text(app)
        await pilot.press("escape", "h")
        await pilot.pause()
        assert isinstance(app.screen, MatchOverScreen)
        # ⏎ on the result starts a new match: it said "⏎ goes on"
        assert said_on_the_result(app) == (
            "A hint (h) is for your own turn in a hand: the match is over; ⏎ or n starts a new match."
        )
        await pilot.press("l")
        await pilot.pause()
        # one at a time: l's takes the place of h's
        assert said_on_the_result(app) == (
            "The discard pile (l) is listed during a hand: the match is over; m lists every turn of its last hand."
        )
        # a: the last hand again, as practice; Enter after it comes back to the result
        await pilot.press("a")
        await _settle(app, pilot)
        assert isinstance(app.screen, GameScreen) and app.session.replaying
        await _play_by_keys(app, pilot, get_opponent("easy", 1))
        await _settle(app, pilot)
        await pilot.press("enter")
        await _settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen) and app.session.state is s


async def test_a_note_at_the_end_of_a_hand_leaves_the_headline_readable():
    """80×24, a note on the end of a hand (a resumed match's "Resumed your match..."): the
    toast, at the top right, covered the end of the headline.  It stands at the bottom
    right, above the key bar, clear of the headline's row."""
    from textual.geometry import Region
    from textual.widgets._toast import Toast

    _start, ended = _ended_hand(4)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await _settle(app, pilot)
        body = app.screen.query_one("#summary-body", Static)
        headline = Region(0, body.region.y, SIZE[0], 1)
        assert screen_text(app).splitlines()[headline.y].strip().startswith("Hand 1:")
        app.notify("Resumed your match: hand 1. Your match is saved after every move, as you play it.", timeout=30)
        await pilot.pause()
        # the toast is laid out (it has a height) a frame or more after it is mounted
        await until(pilot, lambda: any(t.region.height for t in app.screen.query(Toast)))
        toast = app.screen.query_one(Toast)
        assert not toast.region.overlaps(headline), toast.region
        assert toast.region.bottom <= SIZE[1] - 1  # above the key bar


async def test_from_150_columns_the_end_of_a_hand_lists_its_turns_beside_it_and_m_says_so():
    """160×45, the end of a hand, m: a box opened over the summary, covering the melds and
    the scores (the table, at that width, lists the turns beside it and m says so).  The
    turns stand beside the summary, and m says they are listed on the right."""
    from ginrummy_tui.tui.widgets.hand_log import HandLog

    _start, ended = _ended_hand(4)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=(160, 45), notifications=True) as pilot:
        await _settle(app, pilot)
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        log = summary.query_one(HandLog)
        body = summary.query_one("#summary-body", Static)
        assert log.region.width and not log.region.overlaps(body.region)
        assert "Hand 1 · Computer dealt" in screen_text(app)
        await pilot.press("m")
        await pilot.pause()
        assert app.screen is summary
        screen = screen_text(app)
        assert "Every turn of this hand is listed on the right (m)." in screen
        assert "Scores: You" in screen


@pytest.mark.parametrize("size", [(46, 21), (150, 60)])
async def test_a_long_turn_goes_on_under_its_words_in_the_list_of_turns(size):
    """The list of turns (m; from 150 columns, beside the end of the hand) wrapped a turn
    too long for its box back to the left edge, under the turn's number: " 9 Computer
    drew from stock, threw 4♦ to" then "knock" at the edge (80×24, with a scroll bar in the
    box, before the box took the width of its longest turn; 46×21 now, and beside the end of
    the hand at 150 columns, where the log has 42; wider, it has room for the turn).  It goes
    on under "drew"."""
    from ginrummy_tui.tui.screens.moves_screen import MovesScreen

    _start, ended = _ended_hand(5)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=size, notifications=True) as pilot:
        await _settle(app, pilot)
        if size[0] < 150:
            await pilot.press("m")
            await pilot.pause()
            assert isinstance(app.screen, MovesScreen)
        rows = screen_text(app).splitlines()
        [at] = [n for n, row in enumerate(rows) if " 9 Computer  drew from stock, threw 4" in row]
        assert "knock" not in rows[at]  # too long for the box: it goes on on the next row
        start = rows[at].index(" 9 Computer")
        words = rows[at].index("drew from stock")
        below = rows[at + 1]
        assert below[start:words].strip() == "" and "knock" in below[words:].split()[:2], (rows[at], below)
        assert below[words] != " "


def _easy_hand_played():
    """Seed 5's first hand played to its end by the easy player against standard: five of its
    decisions differ from the expert's, a review longer than its frame at 80x24."""
    s = new_game(seed=5)
    me, bot = get_opponent("easy", 3), get_opponent("standard", 0)
    while s.phase in ("upcard", "draw", "discard"):
        s = apply(s, (me if s.current == 0 else bot).choose(view(s, s.current)))
    return s


async def _review_shown(app, pilot) -> None:
    """The computer's moves made, ``r`` pressed, and the review on screen."""
    await _settle(app, pilot)
    await pilot.press("r")
    await until(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen.ready)


async def test_the_review_at_80_columns_says_there_is_more_below_as_f3_does():
    """At 80x24 that the review went on below its frame was shown only by the
    scroll bar's mark of two columns; F3 says it in its bottom edge."""
    from textual.containers import VerticalScroll

    app = make_app(state=_easy_hand_played(), pause=0, ai="standard")
    async with app.run_test(size=(80, 24)) as pilot:
        await _review_shown(app, pilot)
        frame = app.screen.query_one("#review", VerticalScroll)

        def edge() -> str:  # the frame's bottom edge
            return screen_text(app).splitlines()[frame.region.bottom - 1].rstrip()

        await until(pilot, lambda: edge().endswith("more below: ↓/PgDn ─╯"))
        assert frame.max_scroll_y > 0, screen_text(app)
        bottom = frame.region.bottom - 1
        for _ in range(50):
            if frame.scroll_y >= frame.max_scroll_y:
                break
            await pilot.press("pagedown")
            await pilot.pause()
        await pilot.pause()
        assert frame.scroll_y >= frame.max_scroll_y
        assert "more below" not in screen_text(app).splitlines()[bottom]  # at the end: nothing more
        await pilot.press("pageup")
        await pilot.pause()
        assert "more below: ↓/PgDn" in screen_text(app).splitlines()[bottom]


async def test_the_review_s_more_below_follows_the_height_of_what_it_holds():
    """The edge was set after the refresh that follows the review being shown, and again only
    on a scroll or a resize: where the frame was not yet laid out at that refresh (a loaded
    machine), the edge stayed blank though the review went on below.  It follows the height
    of what the frame holds: a review shorter than the frame says nothing, a longer one says
    there is more, with no scroll or resize between."""
    from textual.containers import VerticalScroll
    from textual.widgets import Static

    app = make_app(state=_easy_hand_played(), pause=0, ai="standard")
    async with app.run_test(size=(80, 24)) as pilot:
        await _review_shown(app, pilot)
        frame = app.screen.query_one("#review", VerticalScroll)
        body = app.screen.query_one("#review-body", Static)
        await until(pilot, lambda: frame.border_subtitle == "more below: ↓/PgDn")
        body.update("A short review.")
        await until(pilot, lambda: frame.max_scroll_y == 0)
        await pilot.pause()
        assert frame.border_subtitle == ""  # it all fits: nothing more below
        body.update("\n".join(f"line {n}" for n in range(60)))
        await until(pilot, lambda: frame.max_scroll_y > 0)
        await pilot.pause()
        assert frame.border_subtitle == "more below: ↓/PgDn"
        assert frame.scroll_y == 0


async def test_a_practice_played_as_the_match_hand_has_its_own_review(monkeypatch):
    """A practice (a) of a match's hand played move for move as in the match: its review,
    made as a practice's (no match to win), took the match hand's place, and the score
    table's review of that hand lost its "the knock would have won the match" line.  Each
    keeps its own review."""
    from ginrummy_tui.ai import review as review_module
    from ginrummy_tui.session.replay_session import table_state
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.screens.review_screen import keeper, start_review_of

    made = []

    def review_hand(state, seat, *, practice=False, **_kw):
        made.append(practice)
        return f"the review of a {'practice' if practice else 'match'} hand"

    monkeypatch.setattr(review_module, "review_hand", review_hand)
    app = make_app(state=scenarios.match_point(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(app, pilot)
        await pilot.press("s", "k")
        await _settle(app, pilot)
        state = table_state(app.session)
        assert state is not None and state.result is not None
        for practice in (False, True, False):  # the match's hand, its practice move for move, the match's again
            key = start_review_of(app, state, practice=practice)
            await app.workers.wait_for_complete()
            said = keeper(app).get(key)
            assert said == f"the review of a {'practice' if practice else 'match'} hand", (practice, said)
        assert made == [False, True, False]


async def test_the_list_of_turns_says_where_more_turns_are_out_of_sight():
    """At 80x24 the list of turns of a long hand opened at its last turn, its head and first
    turns above the frame with only the scroll bar's mark to show them: it read as if the
    list began there.  Its top edge says "more above: ↑/PgUp" while turns are above, its
    bottom edge "more below: ↓/PgDn" while they are below."""
    from ginrummy_tui.tui.screens.moves_screen import MovesScreen

    _start, ended = _ended_hand(5)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _settle(app, pilot)
        await pilot.press("m")
        await _settle(app, pilot)
        assert isinstance(app.screen, MovesScreen)
        rows = screen_text(app).splitlines()
        assert "more above: ↑/PgUp" in rows[0] and "more below" not in screen_text(app), rows[0]
        await pilot.press("home")
        await _settle(app, pilot)
        text = screen_text(app)
        assert "more above" not in text and "more below: ↓/PgDn" in text, text


async def test_the_list_of_turns_at_its_last_turn_stays_there_when_the_terminal_shrinks():
    """At 80x24 the list of turns of hand 3 of seed 7 (9 turns) showed them all, down to " 9
    Computer  drew from stock, threw 6♦ to knock"; made 46x21, it still began at turn 1 and
    stopped at turn 8, "more below: ↓/PgDn", the last turn out of sight. At its last turn, it
    stays there, as it opens at that size; scrolled up, it stays where it was."""
    from ginrummy_tui.engine.replay import hand_of_match
    from ginrummy_tui.tui.screens.moves_screen import MovesScreen

    s = hand_of_match(7, 3)
    bot = get_opponent("standard", 0)
    while s.phase in ("upcard", "draw", "discard"):
        s = apply(s, bot.choose(view(s, s.current)))
    app = make_app(state=s, pause=0, ai="standard")
    async with app.run_test(size=(80, 40), notifications=True) as pilot:
        await _settle(app, pilot)
        await pilot.press("m")
        await _settle(app, pilot)
        assert isinstance(app.screen, MovesScreen)
        text = screen_text(app)
        assert "more below" not in text and "more above" not in text, text  # every turn shows
        assert "to knock" in text and "Esc: back" in text, text
        await pilot.resize_terminal(46, 21)
        await _settle(app, pilot)
        await pilot.pause()
        text = screen_text(app)
        assert "more below" not in text and "more above: ↑/PgUp" in text, text
        assert "to knock" in text and "Esc: back" in text, text  # the last turn, and what ends the list
        await pilot.press("home")  # scrolled up: a resize keeps it there
        await _settle(app, pilot)
        await pilot.resize_terminal(47, 21)
        await _settle(app, pilot)
        await pilot.pause()
        text = screen_text(app)
        assert "more above" not in text and "more below: ↓/PgDn" in text, text
