"""The end of a hand that comes while the player reads a screen opened over the table
(the score sheet, the rule sheet, the list of turns, the statistics, the settings)
waits behind it: the screen stays until the player closes it, and the end comes then."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ginrummy_tui.engine import PRESETS
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.app import make_app

from .app_helpers import screen_text, settle, until

COMPUTER_GOES_GIN = "7H 8H 9H QS QH QC 2C 3C 4C KD"
"""The computer's hand: three melds and a king; the 5♣ on the stock makes gin."""
THE_PLAYERS = "TH QD 6C 7C KS KC 2D 6S 9S JS"
"""The player's hand: 80 of deadwood (the gin scores 105)."""


def computer_to_end_the_hand(target: int = 500):
    """The computer to draw, the 5♣ on the stock: it draws it, throws the K♦ and goes gin
    (105 points: the match to 100 ends with it)."""
    rules = replace(PRESETS["standard"], target=target)
    state = scenarios.arranged(THE_PLAYERS, COMPUTER_GOES_GIN, stock_top="5C", discard="JD", rules=rules)
    return replace(state, current=1)


def notes(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_the_score_sheet_opened_while_the_computer_thinks_stays_when_its_move_ends_the_hand():
    from ginrummy_tui.tui.screens.game_screen import GameScreen
    from ginrummy_tui.tui.screens.score_screen import ScoreScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    app = make_app(state=computer_to_end_the_hand(), pause=0.5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.busy  # the computer's move is on its way
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert "went gin" not in screen_text(app)
        await until(pilot, lambda: app.session.view().phase.ended)
        await settle(app, pilot)
        assert isinstance(app.screen, ScoreScreen), type(app.screen).__name__  # not taken away
        assert [type(s) for s in app.screen_stack] == [GameScreen, ScoreScreen]
        text = screen_text(app)
        assert "esc Back" in text.splitlines()[-1]
        assert "Computer went gin" in text, text  # the hand's row, not the sheet as it was before the gin
        assert any("Hand 1 is over" in n for n in notes(app)), notes(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)  # the end of the hand, waiting behind the sheet
        assert [type(s) for s in app.screen_stack] == [GameScreen, SummaryScreen]
        assert not any("is over" in n for n in notes(app))  # the note said what the end now shows


@pytest.mark.parametrize("key", ["question_mark", "f1", "c", "m", "f2", "f3", "q"])
@pytest.mark.parametrize("target", [500, 100])
async def test_every_screen_opened_over_the_table_stays_when_the_computer_ends_the_hand_or_the_match(key, target):
    from ginrummy_tui.tui.screens.game_screen import GameScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    app = make_app(state=computer_to_end_the_hand(target), pause=0.5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.busy
        await pilot.press(key)
        await pilot.pause()
        opened = app.screen
        assert not isinstance(opened, GameScreen)
        await until(pilot, lambda: app.session.view().phase.ended)
        await settle(app, pilot)
        if key == "q" and target == 100:  # nothing left to quit in the middle of: the question goes
            assert [type(s) for s in app.screen_stack] == [GameScreen, SummaryScreen]
            return
        assert app.screen is opened, type(app.screen).__name__
        if key == "m":  # the list of turns has the last ones
            assert "went gin" in screen_text(app), screen_text(app)
        what = "The match" if target == 100 else "Hand 1"
        assert any(f"{what} is over" in n for n in notes(app)), notes(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen), type(app.screen).__name__
        assert [type(s) for s in app.screen_stack] == [GameScreen, SummaryScreen]
        if target == 100:
            bar = screen_text(app).splitlines()[-1]  # the match's end, with its result a key away
            assert "⏎/Space Match result" in bar or "⏎/Space Result" in bar, bar


@pytest.mark.parametrize("close", ["l", "escape"])
async def test_the_pile_list_opened_while_the_computer_thinks_stays_when_its_move_ends_the_hand(close):
    from ginrummy_tui.tui.screens.game_screen import GameScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen
    from ginrummy_tui.tui.widgets.discard_pile import DiscardPile
    from ginrummy_tui.tui.widgets.scoreboard import Scoreboard

    app = make_app(state=computer_to_end_the_hand(), pause=0.5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.busy
        await pilot.press("l")
        await pilot.pause()
        assert app.table.query_one(DiscardPile).expanded
        await until(pilot, lambda: app.session.view().phase.ended)
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen), type(app.screen).__name__  # the list is still there
        assert app.table.query_one(DiscardPile).expanded
        assert any("Hand 1 is over" in n and "pile list" in n for n in notes(app)), notes(app)
        assert "The hand is over: ⏎ or l shows how it ended." in screen_text(app)  # the prompt line
        # the header gave the gin's 105 points while its end waited behind the list: they come with it
        board = app.table.query_one(Scoreboard)
        assert board.values[:2] == (0, 0), board.values
        app.table.on_resize()  # a resize draws the header again
        assert board.values[:2] == (0, 0), board.values
        await pilot.press("s")  # a move's key: no move now, and the line says what shows the end
        await pilot.pause()
        assert "✗ The hand is over: ⏎ or l shows how it ended." in screen_text(app)
        assert isinstance(app.screen, GameScreen)
        await pilot.press(close)
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen), type(app.screen).__name__
        assert board.values[:2] == (0, 105), board.values


async def _ended_behind_the_pile_list(app, pilot) -> None:
    """The pile listed while the computer thinks; its move ends the hand behind the list."""
    from ginrummy_tui.tui.screens.game_screen import GameScreen

    await pilot.pause()
    assert app.busy
    await pilot.press("l")
    await until(pilot, lambda: app.session.view().phase.ended)
    await settle(app, pilot)
    assert isinstance(app.screen, GameScreen), type(app.screen).__name__


@pytest.mark.parametrize("key", ["enter", "n"])
async def test_enter_or_n_shows_the_end_waiting_behind_the_pile_list(key):
    """⏎ and n, the keys that go on after a hand, close the list and show how it ended, and
    the key bar offers ⏎ and l (they only repeated the refusal, and the key bar had neither)."""
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    app = make_app(state=computer_to_end_the_hand(), pause=0.5)
    async with app.run_test(size=(80, 24)) as pilot:
        await _ended_behind_the_pile_list(app, pilot)
        keys = screen_text(app).splitlines()[-1]
        assert "⏎ See the end" in keys and "l Close list" in keys, keys
        shown = app.screen.active_bindings
        assert not shown["o"].enabled and not shown["h"].enabled  # dimmed: they say why, they do nothing
        await pilot.press(key)
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen), type(app.screen).__name__


@pytest.mark.parametrize("key", ["h", "o", "less_than_sign", "greater_than_sign", "r"])
async def test_the_keys_of_the_hand_say_it_is_over_while_its_end_waits_behind_the_pile_list(key):
    """h hinted "deal the next one" and o re-sorted the cards of a hand that is over: they,
    and the keys that move a card, say the hand is over and which keys show its end."""
    from ginrummy_tui.tui.screens.game_screen import GameScreen
    from ginrummy_tui.tui.widgets.hand import HandView

    app = make_app(state=computer_to_end_the_hand(), pause=0.5)
    async with app.run_test(size=(80, 24)) as pilot:
        await _ended_behind_the_pile_list(app, pilot)
        hand = app.table.query_one(HandView)
        cards = list(hand.cards)
        await pilot.press(key)
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert list(hand.cards) == cards
        text = screen_text(app)
        assert "✗ The hand is over: ⏎ or l shows how it ended." in text, text
        assert "Hint:" not in text


async def test_the_players_own_move_that_ends_the_hand_shows_its_end_with_the_pile_listed():
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("l", "s", "k")  # the pile listed, draw, then knock: the hand ends
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen), type(app.screen).__name__


async def test_over_the_network_the_score_sheet_stays_when_the_other_player_ends_the_hand():
    import asyncio

    from ginrummy_tui.engine import Action
    from ginrummy_tui.engine.cards import card
    from ginrummy_tui.net.remote_session import RemoteSession
    from ginrummy_tui.net.server import MatchServer, ServerThread
    from ginrummy_tui.tui.screens.game_screen import GameScreen
    from ginrummy_tui.tui.screens.score_screen import ScoreScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    server = MatchServer(computer_to_end_the_hand(), names=("Ann", "Guest"), port=0)
    thread = ServerThread(server)
    host, port = thread.start()
    ann = RemoteSession(host, port, server.codes[0], "Ann", join_code=server.join_code, on_close=thread.stop)
    bob = RemoteSession(host, port, server.codes[1], "Bob")
    await ann.connect()
    app = make_app(session=ann, pause=0)
    bobs_connection = None
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await bob.connect()
            bobs_connection = asyncio.create_task(bob.connection())
            await until(pilot, lambda: bob.view().my_turn and "Bob" in app.session.opponent_name)
            await pilot.press("c")  # Ann reads the score sheet while Bob is to move
            await until(pilot, lambda: isinstance(app.screen, ScoreScreen))
            bob.submit(Action("draw stock"))
            await until(pilot, lambda: len(bob.view().hand) == 11)
            bob.submit(Action("gin", card("KD")))  # Bob goes gin: the hand is over
            await until(pilot, lambda: app.session.view().phase.ended)
            await pilot.pause(0.2)
            assert [type(s) for s in app.screen_stack] == [GameScreen, ScoreScreen]
            assert "Bob went gin" in screen_text(app)
            assert any("Hand 1 is over" in n for n in notes(app)), notes(app)
            await pilot.press("escape")
            await pilot.pause()
            assert [type(s) for s in app.screen_stack] == [GameScreen, SummaryScreen]
    finally:
        await bob.aclose()
        await ann.aclose()
        if bobs_connection is not None:
            await bobs_connection


async def test_the_quit_question_asked_in_the_hand_asks_as_between_hands_once_it_ends_behind_it():
    """The quit question stayed up when the computer ended the hand behind it, as it should,
    but still asked "Quit in the middle of the hand?" of a hand that was over: it asks
    "Quit? The hand is over.", and n still shows the end."""
    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    app = make_app(state=computer_to_end_the_hand(), pause=0.5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.busy
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        assert "Quit in the middle of the hand?" in screen_text(app)
        await until(pilot, lambda: app.session.view().phase.ended)
        await settle(app, pilot)
        assert isinstance(app.screen, ConfirmQuit)
        text = screen_text(app)
        assert "middle of the hand" not in text, text
        assert "Quit? The hand is over." in text, text
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen), type(app.screen).__name__


async def test_the_quit_question_goes_when_the_match_ends_behind_it():
    """The match ended behind the quit question (the computer's gin; over the network the
    other player's move or a move clock run out): the question stayed up, its note saying
    the match could be resumed, and the match's end came only after n.  Nothing is left to
    resume: the question goes and the end of the match is shown."""
    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit
    from ginrummy_tui.tui.screens.game_screen import GameScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    app = make_app(state=computer_to_end_the_hand(target=100), pause=0.5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.busy
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        await until(pilot, lambda: app.session.view().phase.ended)
        await settle(app, pilot)
        assert app.session.view().phase == "match_over"
        assert [type(s) for s in app.screen_stack] == [GameScreen, SummaryScreen], app.screen_stack
        text = screen_text(app)
        assert "Quit?" not in text and "Hand 1: Computer (standard) went gin with " in text, text


@pytest.mark.parametrize("size", [(46, 21), (60, 21)])
async def test_the_keys_of_the_end_behind_the_pile_list_say_their_whole_words_on_two_lines(size):
    """Below 80 columns the key bar takes two lines, every key with its whole word: at 46x21
    the end of a hand waiting behind the listed pile read "⏎ See the end l Close list o Sort" /
    "m Log h Tip ? Help c Pts q Quit", the words shortened for the discard's keys, which are
    not on the bar then (60x21 had them whole)."""
    app = make_app(state=computer_to_end_the_hand(), pause=0.5)
    async with app.run_test(size=size) as pilot:
        await _ended_behind_the_pile_list(app, pilot)
        await pilot.pause()
        rows = [row.strip() for row in screen_text(app).splitlines()[-2:]]
        assert rows == ["⏎ See the end  l Close list  o Sort", "m Moves  h Hint  ? Rules  c Scores  q Quit"], rows


async def test_at_46x21_the_line_of_the_end_behind_the_pile_list_shows_whole():
    """At 46x21 the line said "The hand is over: ⏎ or l shows how it end…", what shows the end
    cut, on one row: it wraps onto two now, as a reason does."""
    from ginrummy_tui.tui.widgets.prompt import PromptLine

    app = make_app(state=computer_to_end_the_hand(), pause=0.5)
    async with app.run_test(size=(46, 21)) as pilot:
        await _ended_behind_the_pile_list(app, pilot)
        line = app.screen.query_one(PromptLine)
        await until(pilot, lambda: line.region.height == 2)
        await pilot.pause()
        keys = app.screen.query_one("KeyBar").region
        assert line.region.bottom <= keys.y and not line.short_of
        rows = screen_text(app).splitlines()
        shown = " ".join(row.strip() for row in rows[line.region.y : line.region.bottom])
        assert shown == "The hand is over: ⏎ or l shows how it ended.", rows
