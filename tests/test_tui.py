"""The app, driven like a player would: keys and clicks through Textual's Pilot."""

from __future__ import annotations

import asyncio
import gc
import subprocess
import sys
import threading

import pytest

from ginrummy_tui.engine import Action, apply, deadwood, new_game, view
from ginrummy_tui.engine.cards import card
from ginrummy_tui.engine.kinds import Phase
from ginrummy_tui.session.local import Session
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit
from ginrummy_tui.tui.screens.game_screen import GameScreen
from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
from ginrummy_tui.tui.screens.rules_screen import RulesScreen
from ginrummy_tui.tui.screens.score_screen import ScoreScreen
from ginrummy_tui.tui.screens.summary_screen import SummaryScreen
from ginrummy_tui.tui.widgets.action_bar import ActionBar
from ginrummy_tui.tui.widgets.cardfaces import card_label
from ginrummy_tui.tui.widgets.hand import KEYS, HandView
from ginrummy_tui.tui.widgets.key_bar import KeyBar
from ginrummy_tui.tui.widgets.prompt import PromptLine
from ginrummy_tui.tui.widgets.too_small import TooSmall

from .app_helpers import (
    _computer_due,
    said_on_the_result,
    screen_text,
    settle,
    terminal_click,
    words_clear_of_scroll_bar,
)

SIZE = (80, 24)


async def until(pilot, condition, what: str, seconds: float = 30.0) -> None:
    """Let the app run until ``condition()`` holds (the deadline only bounds a failure)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"{what}: not within {seconds} s")
        await pilot.pause(0.05)


async def press(app, pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(app, pilot)


def prompt(app) -> str:
    table = app.table
    assert table is not None
    return table.query_one(PromptLine).plain


def hand_view(app) -> HandView:
    return app.table.query_one(HandView)


async def pick(app, pilot, c) -> None:
    """Select card ``c`` with its number key."""
    i = hand_view(app).cards.index(c)
    await press(app, pilot, KEYS[i])
    assert hand_view(app).selected is c


def bar(app) -> ActionBar:
    return app.table.query_one(ActionBar)


async def click_button(app, pilot, name: str) -> None:
    """Click the button ``name`` of the action bar (it must be shown)."""
    span = bar(app).span(name)
    assert span is not None, f"no {name} button among {list(bar(app).labels)}"
    await pilot.click(ActionBar, offset=(span[0] + 1, 0))
    await settle(app, pilot)


def best_discard(state):
    hand = state.hands[0]
    options = [c for c in hand if c is not state.taken]
    return min(options, key=lambda c: deadwood(x for x in hand if x is not c))


# ---------------------------------------------------------------- whole hands


async def test_keyboard_plays_a_whole_seeded_hand_to_its_end():
    """Pass the upcard, then draw and discard with keys only until the hand ends."""
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        s = app.session.state
        assert s.phase == "upcard" and s.current == 0
        assert "Take the upcard" in prompt(app)
        await press(app, pilot, "p")
        for _turn in range(40):
            if isinstance(app.screen, SummaryScreen):
                break
            s = app.session.state
            assert s.current == 0 and s.phase in ("upcard", "draw"), s.phase
            if s.phase == "upcard":  # the computer passed too
                await press(app, pilot, "p")
                continue
            assert "Draw from the stock" in prompt(app) or "draw from the stock" in prompt(app)
            stock = len(s.stock)
            await press(app, pilot, "s")
            s = app.session.state
            assert s.phase == "discard" and len(s.hands[0]) == 11 and len(s.stock) == stock - 1
            assert "Discard a card" in prompt(app)
            c = best_discard(s)
            await pick(app, pilot, c)
            after = deadwood(x for x in s.hands[0] if x is not c)
            await press(app, pilot, "k" if after <= s.knock_limit else "enter")
            s = app.session.state
            assert c not in s.hands[0]
            assert s.phase in ("draw", "upcard", "hand_over", "match_over")
        assert isinstance(app.screen, SummaryScreen)
        s = app.session.state
        assert s.phase == "hand_over" and len(s.sheet) == 1
        text = screen_text(app)
        assert "Hand 1:" in text and "deadwood" in text and "next hand" in text
        assert "⏎/Space Next hand" in text.splitlines()[-1] and "Match result" not in text
        await press(app, pilot, "enter")
        assert isinstance(app.screen, GameScreen)
        assert app.session.state.hand_no == 2


async def test_space_goes_on_after_a_hand_and_is_named_with_enter():
    """Space dealt the next hand at once on the end of a hand, named neither on the key bar
    nor in the line of its keys: a player pressing it to go on passed over r and a unawares.
    Both name it beside ⏎, and it deals the next hand as ⏎ does."""
    app = make_app(state=scenarios.knocked(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        lines = screen_text(app).splitlines()
        assert lines[-1].lstrip().startswith("⏎/Space Next hand  r Review  a Replay deal"), lines[-1]
        said = str(app.screen.query_one("#summary-next").render())
        assert said.startswith("⏎/Space: the next hand  ·  r: review your play  ·  a: replay this deal"), said
        await press(app, pilot, "space")
        assert isinstance(app.screen, GameScreen) and app.session.state.hand_no == 2


async def test_mouse_plays_a_whole_seeded_hand_to_its_end():
    """Click the piles, the cards and the buttons only."""
    app = make_app(seed=3, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await click_button(app, pilot, "pass")
        for _turn in range(40):
            if isinstance(app.screen, SummaryScreen):
                break
            s = app.session.state
            if s.phase == "upcard":
                await click_button(app, pilot, "pass")
                continue
            assert s.phase == "draw" and s.current == 0
            await pilot.click("#stock")
            await settle(app, pilot)
            s = app.session.state
            assert s.phase == "discard" and len(s.hands[0]) == 11
            c = best_discard(s)
            after = deadwood(x for x in s.hands[0] if x is not c)
            await pilot.click(HandView, offset=card_offset(app, c))  # selects (lifts) it
            await settle(app, pilot)
            assert c in app.session.state.hands[0] and hand_view(app).selected is c and hand_view(app).chosen
            if after <= s.knock_limit:
                await click_button(app, pilot, "gin" if after == 0 else "knock")
                break
            await pilot.click(HandView, offset=card_offset(app, c))  # the second click throws it
            await settle(app, pilot)
            assert c not in app.session.state.hands[0]
        assert isinstance(app.screen, SummaryScreen)
        assert app.session.state.phase == "hand_over"
        key_bar = app.screen.query_one(KeyBar)
        start, _end = key_bar.span("enter")
        await pilot.click(KeyBar, offset=(start + 1, 0))  # "⏎ Next hand" in the key bar
        await settle(app, pilot)
        assert app.session.state.hand_no == 2
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize("button", [2, 3])
async def test_other_mouse_buttons_than_the_left_one_do_nothing_on_the_table(button):
    """The middle button (paste in X terminals) and the right one (context menus)
    neither press the action bar's or key bar's entries, nor take from the stock
    or the pile, nor lift or throw a card; the left one still does.  Their presses
    and releases come to the app as a terminal sends them."""
    app = make_app(seed=3, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        s = app.session.state
        assert s.phase == "upcard" and s.current == 0
        span = bar(app).span("pass")
        assert span is not None
        await terminal_click(app, pilot, app.screen.query_one(ActionBar), offset=(span[0] + 1, 0), button=button)
        await terminal_click(app, pilot, "#pile", offset=(1, 1), button=button)
        await terminal_click(app, pilot, app.screen.query_one(KeyBar), offset=(1, 0), button=button)
        await settle(app, pilot)
        assert app.session.state is s and isinstance(app.screen, GameScreen)
        await click_button(app, pilot, "pass")  # the left button passes
        s = app.session.state
        assert s.phase == "draw" and s.current == 0
        await terminal_click(app, pilot, "#stock", button=button)
        await terminal_click(app, pilot, "#pile", offset=(1, 1), button=button)
        await settle(app, pilot)
        assert app.session.state is s
        await terminal_click(app, pilot, "#stock")  # the left button, sent the same way, draws
        await settle(app, pilot)
        s = app.session.state
        assert s.phase == "discard" and len(s.hands[0]) == 11
        c = s.hands[0][0]
        hv = hand_view(app)
        before = (hv.cursor, hv.chosen)
        for _ in range(2):
            await terminal_click(app, pilot, hand_view(app), offset=card_offset(app, c), button=button)
            await settle(app, pilot)
        assert app.session.state is s and c in s.hands[0]
        assert (hv.cursor, hv.chosen) == before


async def test_keyboard_knock_shows_layoffs_and_scores():
    """An arranged deal: draw the A♠, knock with the K♦; the summary shows the computer's layoffs."""
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert "Draw from the stock" in prompt(app)
        await press(app, pilot, "s")
        assert "knock with K♦ (k)" in prompt(app)
        assert bar(app).labels["knock"] == "Knock with K♦ (k)"
        await press(app, pilot, "k")
        s = app.session.state
        assert s.phase == "hand_over" and s.result.kind == "knock" and s.result.knocker == 0
        assert s.scores == (s.result.points, 0) and s.result.points > 0
        assert isinstance(app.screen, SummaryScreen)
        text = screen_text(app)
        assert "You knocked" in text
        assert "Laid off" in text and "10♥ on [7♥ 8♥ 9♥]" in text
        assert f"You score {s.result.points}" in text


async def test_mouse_gin():
    """Click the stock, then the Gin button."""
    app = make_app(state=scenarios.gin_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.click("#stock")
        await settle(app, pilot)
        assert "go gin with K♦ (g)" in prompt(app)
        await click_button(app, pilot, "gin")
        s = app.session.state
        assert s.result.kind == "gin" and s.scores[0] == 25 + s.result.knock.defender_deadwood
        assert "You went gin" in screen_text(app)


async def test_enter_on_a_card_that_goes_gin_is_refused_once_then_throws_it():
    """Enter never throws gin away unawares: the first Enter says the discard goes gin and
    plays nothing; a second Enter on the same card throws it without going gin."""
    app = make_app(state=scenarios.gin_ready(), pause=1)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s")
        await pick(app, pilot, card("KD"))
        s = app.session.state
        await press(app, pilot, "enter")
        assert app.session.state is s
        assert "That discard goes gin: g plays gin; ⏎ again throws it without going gin" in prompt(app)
        await press(app, pilot, "enter")
        s = app.session.state
        assert Action("discard", card("KD")) in [h.action for h in s.history] and s.result is None



async def test_enter_on_the_gin_card_is_refused_again_after_another_card_was_selected():
    """The refusal of Enter on K♦ (it goes gin) goes once Q♠ is selected; back on K♦,
    Enter is refused again, saying why, rather than throwing gin away unsaid."""
    app = make_app(state=scenarios.gin_ready(), pause=1)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s")
        await pick(app, pilot, card("KD"))
        s = app.session.state
        await press(app, pilot, "enter")
        assert "That discard goes gin" in prompt(app)
        await pick(app, pilot, card("QS"))
        assert "That discard goes gin" not in prompt(app)
        await pick(app, pilot, card("KD"))
        await press(app, pilot, "enter")
        assert app.session.state is s
        assert "That discard goes gin: g plays gin; ⏎ again throws it without going gin" in prompt(app)


async def test_clicking_twice_a_card_that_goes_gin_is_refused_once_then_throws_it():
    app = make_app(state=scenarios.gin_ready(), pause=1)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s")
        kd = card("KD")
        await pilot.click(HandView, offset=card_offset(app, kd))  # selects it
        await pilot.click(HandView, offset=card_offset(app, kd))  # would throw it: gin lost
        await pilot.pause()
        s = app.session.state
        assert s.phase == "discard" and kd in s.hands[0]
        assert "That discard goes gin: g plays gin; click it again to throw it without going gin" in prompt(app)
        await pilot.click(HandView, offset=card_offset(app, kd))
        await pilot.pause()
        s = app.session.state
        assert Action("discard", kd) in [h.action for h in s.history] and s.result is None


async def test_keyboard_gin_and_big_gin():
    """g goes gin; b goes Big Gin under the multiplayer-1.5 rules."""
    app = make_app(state=scenarios.gin_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s", "g")
        assert app.session.state.result.kind == "gin"
    app = make_app(state=scenarios.big_gin_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s")
        assert "big-gin" in bar(app).labels
        await press(app, pilot, "b")
        s = app.session.state
        assert s.result.kind == "big_gin"
        assert "Big Gin" in screen_text(app)


async def test_computer_move_is_shown():
    """After the player's discard the computer draws and throws; the screen says what it threw."""
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s")
        await pick(app, pilot, card("AS"))
        await press(app, pilot, "enter")
        s = app.session.state
        assert s.current == 0 and s.phase == "draw"
        thrown = s.discard[-1]
        from ginrummy_tui.tui.widgets.cardfaces import card_label

        text = screen_text(app)
        assert f"threw {card_label(thrown)}" in text or f"throwing {card_label(thrown)}" in text
        assert "Computer (standard)" in text


async def test_computer_thinks_in_a_worker_and_the_pause_is_honoured():
    """With a pause, the computer's move waits; the screen keeps answering keys meanwhile."""
    # A pause long enough that a loaded machine cannot use it up between the
    # keys and the checks (0.3 s sometimes was), short enough to wait out.
    app = make_app(state=scenarios.knock_ready(), pause=2.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "enter")
        await pilot.pause()
        assert app.busy and app.session.opponent_to_move()
        assert "is thinking" in prompt(app)
        await pilot.press("s")  # refused, and answered at once
        await pilot.pause()
        assert "not your turn" in prompt(app)
        deadline = asyncio.get_running_loop().time() + 60
        while app.session.opponent_to_move() and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)  # the pause runs out, then the computer moves
        await settle(app, pilot)
        assert app.session.state.current == 0


async def test_a_move_out_of_turn_is_said_to_wait_until_the_players_turn_comes():
    """"It is not your turn: wait for Computer" went with the computer's draw, within half a
    second of the key (or the click), before it could be read: it stays through the other
    player's turn, and goes when the player's comes."""
    app = make_app(state=scenarios.knock_ready(), pause=1.0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s", "enter")
        await pilot.pause()
        assert app.session.opponent_to_move()
        await pilot.press("s")  # refused: the computer is to move
        await pilot.pause()
        assert "not your turn" in prompt(app)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        while app.session.state.phase != Phase.DISCARD and loop.time() < deadline:
            await asyncio.sleep(0.02)  # the computer draws, then pauses before its throw
        await pilot.pause()
        assert app.session.state.current == 1 and app.session.state.phase == Phase.DISCARD
        assert "not your turn" in prompt(app), prompt(app)
        while app.session.opponent_to_move() and loop.time() < deadline:
            await asyncio.sleep(0.05)
        await settle(app, pilot)
        assert app.session.state.current == 0
        assert "not your turn" not in prompt(app), prompt(app)


# ---------------------------------------------------------------- refusals


async def test_refusal_discarding_the_card_just_taken():
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "d")
        s = app.session.state
        await pick(app, pilot, card("JD"))
        await press(app, pilot, "enter")
        assert app.session.state is s
        assert "You cannot throw back J♦ just taken: select another card, then ⏎" in prompt(app)


@pytest.mark.parametrize("size", [(80, 24), (60, 24), (120, 30)])
async def test_refusing_the_card_just_taken_says_to_choose_another(size):
    """The refusal of the card just taken from the pile ended "Discard (⏎).", as if
    Enter would throw it: what follows it says to choose another card, then Enter."""
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=size) as pilot:
        await press(app, pilot, "d")
        await pick(app, pilot, card("JD"))
        await press(app, pilot, "enter")
        said = prompt(app)
        assert said.startswith("✗ You cannot throw back J♦ just taken: select another card, then ⏎."), said
        assert "Discard (⏎)" not in said and "Discard a card" not in said and said.count("then ⏎") == 1, said
        await press(app, pilot, "right")  # another card: the prompt is the usual one again
        assert "another card" not in prompt(app).lower() and "Discard" in prompt(app), prompt(app)


async def test_the_refusal_of_the_card_just_taken_follows_one_click_discard_switched():
    """Refused by two clicks on it, the J♦ just taken said "click another card twice"; one-click
    discard turned on (as F2 saves it), the line said so still, where one click throws.  F2
    opened and left, the refusal goes: the player has done something else since."""
    from ginrummy_tui.tui.screens.settings_screen import set_one_click

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "d")
        for _ in range(2):
            await pilot.click(HandView, offset=card_offset(app, card("JD")))
            await settle(app, pilot)
        assert prompt(app).startswith("✗ You cannot throw back J♦ just taken: click another card twice."), prompt(app)
        set_one_click(app, True)  # as the settings' box, saved, switch it
        await settle(app, pilot)
        assert prompt(app).startswith("✗ You cannot throw back J♦ just taken: click another card."), prompt(app)
        set_one_click(app, False)
        await settle(app, pilot)
        assert prompt(app).startswith("✗ You cannot throw back J♦ just taken: click another card twice."), prompt(app)
        await press(app, pilot, "f2")
        await press(app, pilot, "escape")
        assert app.screen is app.table
        assert prompt(app) == "Select another card, then ⏎ — or knock with K♦ (k).", prompt(app)


async def test_a_click_on_the_other_players_cards_says_whose_they_are_and_what_to_click():
    """A click on the computer's face-down cards did nothing and said nothing; the blank beside
    them stays silent."""
    from ginrummy_tui.tui.widgets.opponent_hand import OpponentHand

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        theirs = app.table.query_one(OpponentHand)
        name = app.session.opponent_name
        await pilot.click(theirs, offset=(theirs.size.width - 1, 2))  # beside the cards
        await settle(app, pilot)
        assert app.table.refusal == ""
        await pilot.click(theirs, offset=(2, 2))
        await settle(app, pilot)
        assert app.table.refusal == f"those are {name}'s cards: click the stock or the pile to draw"
        assert f"✗ Those are {name}'s cards: click the stock or the pile to draw." in prompt(app)
        await press(app, pilot, "s")
        await pilot.click(theirs, offset=(1, 0))  # the name line over them
        await settle(app, pilot)
        assert app.table.refusal == f"those are {name}'s cards: click one of yours to lift it, again to throw it"


async def test_refusal_knocking_above_the_limit():
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "t")
        s = app.session.state
        assert s.phase == "discard"
        assert app.table.check_action("knock", ()) is None  # dimmed in the footer
        await press(app, pilot, "k")
        assert app.session.state is s
        assert "You cannot knock: discarding" in prompt(app) and "the limit is 10" in prompt(app)


async def test_refusal_drawing_twice():
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s")
        s = app.session.state
        await press(app, pilot, "s")
        assert app.session.state is s
        assert "✗ You have already drawn. Discard (⏎)" in prompt(app)  # the step said once, by the prompt
        await pilot.click("#pile")
        await settle(app, pilot)
        assert app.session.state is s
        assert "already drawn" in prompt(app)


async def test_refusal_discarding_before_drawing_and_not_gin():
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        s = app.session.state
        await pilot.click(HandView, offset=(1, 1))  # selects the card
        await pilot.click(HandView, offset=(1, 1))  # throws it: not before drawing
        await settle(app, pilot)
        assert app.session.state is s
        assert "Draw a card first" in prompt(app)
        await press(app, pilot, "t")
        assert "The upcard offer is over" in prompt(app)
        await press(app, pilot, "s", "g")
        assert "That is not gin" in prompt(app)
        await press(app, pilot, "b")
        assert "Big Gin is not allowed under these rules" in prompt(app)
        assert app.session.state.phase == "discard" and len(app.session.state.hands[0]) == 11


async def test_refusal_when_it_is_the_computers_turn_and_the_prompt_recovers():
    app = make_app(state=scenarios.knock_ready(), pause=1)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert "It is not your turn: wait for Computer (standard)" in prompt(app)
        # the line names the computer once, and as the table does at this width
        assert prompt(app).count("Computer") == 1
        assert app.session.state.current == 1
        await until(pilot, lambda: app.session.state.current == 0, "the computer's move after its pause")
        await settle(app, pilot)
        assert app.session.state.current == 0
        assert "✗" not in prompt(app) and "Draw from the stock" in prompt(app)


# ---------------------------------------------------------------- the other screens and keys


async def test_rule_sheet_from_the_rules_value():
    app = make_app(rules="oklahoma", seed=2, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "question_mark")
        assert isinstance(app.screen, RulesScreen)
        text = screen_text(app)
        assert "Rules in play: oklahoma" in text
        assert app.session.state.rules.describe()[0][:40] in text.replace("\n", " ").replace("│", "")
        await press(app, pilot, "pagedown", "down")
        await press(app, pilot, "escape")
        assert isinstance(app.screen, GameScreen)
        await press(app, pilot, "f1")
        assert isinstance(app.screen, RulesScreen)
        await press(app, pilot, "escape")


@pytest.mark.parametrize("size", [(80, 24), (120, 30)])
async def test_the_rule_sheets_text_keeps_a_column_clear_of_its_scroll_bar(size):
    """The sheet's words ran up against its scroll bar; a blank column now
    stands between them, as the border has one on the left, on every row of
    the sheet as it scrolls."""
    from textual.containers import VerticalScroll

    app = make_app(seed=2, pause=0)
    async with app.run_test(size=size) as pilot:
        await press(app, pilot, "question_mark")
        await words_clear_of_scroll_bar(app, pilot, app.screen.query_one("#rules", VerticalScroll))


async def test_the_rule_sheet_says_what_a_click_does_as_the_mouse_is_set():
    """It said a click on a card discards it, where by default the first click lifts it."""
    from ginrummy_tui.tui.screens.settings_screen import set_one_click

    def sheet(app) -> str:
        return " ".join(screen_text(app).replace("│", " ").split())

    app = make_app(seed=2, pause=0)
    async with app.run_test(size=(100, 70)) as pilot:
        await press(app, pilot, "question_mark")
        text = sheet(app)
        assert "Mouse: click a pile to draw; click a card to lift it, then again (or Discard) to discard it;" in text
        assert "a card to discard it" not in text
        await press(app, pilot, "escape")
        set_one_click(app, True)  # as the settings (F2) switch it
        await press(app, pilot, "question_mark")
        assert "Mouse: click a pile to draw; click a card to discard it; click a button to knock with the card you point at;" in sheet(app)
    app = make_app(seed=2, pause=0, mouse=False)
    async with app.run_test(size=(100, 70)) as pilot:
        await press(app, pilot, "question_mark")
        text = sheet(app)
        assert "Mouse: off; the settings (F2) turn it on from the next start." in text
        assert "click a pile" not in text


async def test_score_table_one_key_away():
    app = make_app(state=scenarios.played_hands(3), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await press(app, pilot, "c")
        assert isinstance(app.screen, ScoreScreen)
        text = screen_text(app)
        for rec in app.session.state.sheet:
            assert f" {rec.scores[0]} " in text
        assert "knocked" in text
        await press(app, pilot, "escape")
        assert isinstance(app.screen, GameScreen)


async def test_match_end_and_new_match():
    app = make_app(state=scenarios.match_point(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s", "k")
        assert app.session.state.phase == "match_over"
        assert isinstance(app.screen, SummaryScreen)
        await press(app, pilot, "enter")
        assert isinstance(app.screen, MatchOverScreen)
        assert "You won the match!" in screen_text(app)
        await press(app, pilot, "n")
        s = app.session.state
        assert s.match_no == 2 and s.scores == (0, 0) and s.hand_no == 1
        assert isinstance(app.screen, GameScreen)


@pytest.mark.parametrize("ascii", [False, True])
async def test_the_match_result_says_that_enter_starts_a_new_match(ascii):
    """Enter on the match's result starts a new match, as n does: the key bar
    said only "n New match", so Enter pressed through the last hands skipped
    the result unwarned."""
    app = make_app(state=scenarios.match_point(), pause=0, ascii=ascii)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s", "k", "enter")
        assert isinstance(app.screen, MatchOverScreen)
        keys = screen_text(app).splitlines()[-1]
        assert keys.lstrip().startswith("Enter New match" if ascii else "⏎ New match"), keys
        said = str(app.screen.query_one("#match-next").content)  # the line above it, from 32 rows
        assert said == (
            "Enter or n: play a new match - Up/Down and r: review a hand - q: quit"
            if ascii
            else "⏎ or n: play a new match · ↑/↓ and r: review a hand · q: quit"
        )
        await press(app, pilot, "question_mark")  # the rule sheet's keys say it too
        await pilot.resize_terminal(100, 70)  # the whole sheet on the screen
        await pilot.pause()
        sheet = " ".join(screen_text(app).replace("│", " ").replace("|", " ").split())  # the box's sides
        enter = "Enter" if ascii else "⏎"
        assert f"after a hand: the next hand (after the last, the result of the match); then {enter} or n, a new match" in sheet
        await press(app, pilot, "escape", "enter")
        s = app.session.state
        assert s.match_no == 2 and s.hand_no == 1 and isinstance(app.screen, GameScreen)


async def test_last_hand_says_what_enter_does_and_keeps_each_choice_on_one_line():
    """The key bar names what Enter does (the match result, not a next hand),
    clicking it does that, and at 80 columns no choice is split over two lines."""
    app = make_app(state=scenarios.match_point(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s", "k")
        assert app.session.state.phase == "match_over"
        assert isinstance(app.screen, SummaryScreen)
        lines = screen_text(app).splitlines()
        keys = lines[-1]
        assert "⏎/Space Result" in keys and "Next hand" not in keys  # "Match result" where it fits
        for choice in ("⏎/Space: see the result of the match", "r: review your play", "a: replay this deal"):
            assert any(choice in ln for ln in lines), f"{choice!r} is split:\n" + "\n".join(lines)
        await pilot.resize_terminal(120, 30)  # with room, the choices share one line
        await pilot.pause()
        assert any("see the result of the match  ·  r: review" in ln for ln in screen_text(app).splitlines())
        key_bar = app.screen.query_one(KeyBar)
        start, _end = key_bar.span("enter")
        await pilot.click(KeyBar, offset=(start + 1, 0))
        await settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen)


async def test_a_resize_before_the_summary_is_mounted_is_harmless():
    """A resize can reach the hand's summary before its parts are mounted (it
    happened in network play); it once raised NoMatches there."""
    app = make_app(state=scenarios.match_point(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s", "k")
        v = app.session.view()
        early = SummaryScreen(v, app.session.opponent_name)
        early.on_resize()  # not mounted: nothing to redo yet
        await app.push_screen(early)
        await settle(app, pilot)
        assert "see the result of the match" in screen_text(app)


async def test_the_opponents_name_follows_the_width_when_the_terminal_is_resized():
    """Below 60 columns the opponent is "Computer"; grown to 80 it is "Computer
    (standard)" again (it kept the short form until the next move) and back."""
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=(55, 24)) as pilot:
        await settle(app, pilot)
        assert "Computer · 10 cards" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await settle(app, pilot)
        assert "Computer (standard) · 10 cards" in screen_text(app)
        await pilot.resize_terminal(55, 24)
        await settle(app, pilot)
        text = screen_text(app)
        assert "Computer · 10 cards" in text and "(standard) · 10 cards" not in text


def summary_shown(app) -> str:
    """The summary's body as drawn at its width (all of it, scrolled or not)."""
    import io

    from rich.console import Console
    from textual.widgets import Static

    body = app.screen.query_one("#summary-body", Static)
    console = Console(width=body.content_region.width, file=io.StringIO(), record=True, legacy_windows=False)
    console.print(body.content)
    return console.export_text()


async def test_the_summary_draws_the_hands_again_when_the_terminal_is_resized():
    """Opened at 80 columns the hands are drawn as cards; shrunk to 46 (or 50,
    55) they were still drawn so and cut off, the deadwood and the computer's
    cards missing: now they are written as text, every card shown, and drawn
    as cards again when there is room."""
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s", "k")
        assert isinstance(app.screen, SummaryScreen)
        res = app.session.view().result
        assert res is not None
        every = [card_label(c) for hand in res.hands for c in hand]
        assert "Melds " not in summary_shown(app)
        for width in (46, 50, 55):
            await pilot.resize_terminal(width, 21)
            await pilot.pause()
            shown = summary_shown(app)
            assert "Melds " in shown
            missing = [c for c in every if c not in shown]
            assert not missing, f"at {width} columns {missing} are not shown:\n{shown}"
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        shown = summary_shown(app)
        assert "Melds " not in shown and all(c in shown for c in every)


async def test_an_oklahoma_deal_is_told_whole_at_80_columns_naming_the_computer_as_the_table_does():
    """An Oklahoma deal's note was cut to "knock at 3 or…" at 80 columns, and then
    said "Computer dealt" beside "Computer (standard)" everywhere else on the table."""
    from ginrummy_tui.tui.widgets.moves_line import MovesLine

    app = make_app(rules="oklahoma", seed=4, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.session.view().knock_limit == 3  # the upcard is a 3
        line = str(app.table.query_one(MovesLine).render())
        assert line == "Hand 1: Computer (standard) dealt. Upcard 3♣: knock at 3 or less."
        assert line in screen_text(app) and "Computer (standard) · 10 cards" in screen_text(app)
        await pilot.resize_terminal(120, 30)
        await settle(app, pilot)
        assert line in screen_text(app)


async def test_the_listed_discard_pile_leaves_the_prompt_on_a_24_line_screen():
    """With the pile's cards listed (l), what to do now stays on screen at
    80x24; the list once took a line too many and pushed the prompt off."""
    from ginrummy_tui.engine import parse_cards
    from ginrummy_tui.engine.cards import DECK

    used = set(parse_cards(scenarios.MINE)) | set(parse_cards(scenarios.THEIRS)) | set(parse_cards("AS"))
    pile = [c for c in DECK if c not in used][:20]
    state = scenarios.arranged(scenarios.MINE, scenarios.THEIRS, stock_top="AS", discard=" ".join(map(str, pile)))
    app = make_app(state=state, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s")
        shown = prompt(app)
        assert "knock" in shown and shown in screen_text(app)
        await press(app, pilot, "l")
        text = screen_text(app)
        assert "Under it, newest first:" in text and str(pile[0]).replace("S", "♠") in text  # the oldest card too
        assert shown in text  # the prompt is still there
        assert text.splitlines()[-1].rstrip().endswith("q Quit")
        await press(app, pilot, "l")  # hidden again: the blank lines come back
        assert shown in screen_text(app) and "Under it" not in screen_text(app)


@pytest.mark.parametrize("size", [SIZE, (46, 21)])
async def test_the_quit_question_says_where_n_goes_back_to(size):
    """q from the settings asked "Quit (y)   Back to the game (n)", and n went back to the
    settings: the answer n names the screen the question is asked over (the table, the
    settings, the score table, the rule sheet, the statistics, the list of turns, the review),
    whole at 46x21 too, and n goes back there."""
    from ginrummy_tui.tui.screens.moves_screen import MovesScreen
    from ginrummy_tui.tui.screens.review_screen import ReviewScreen
    from ginrummy_tui.tui.screens.settings_screen import SettingsScreen
    from ginrummy_tui.tui.screens.stats_screen import StatsScreen

    app = make_app(seed=1, pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        for key, kind, back in (
            ("", GameScreen, "Back to the game (n)"),
            ("f2", SettingsScreen, "Back to the settings (n)"),
            ("c", ScoreScreen, "Back to the scores (n)"),
            ("question_mark", RulesScreen, "Back to the rules (n)"),
            ("f3", StatsScreen, "Back to the statistics (n)"),
            ("m", MovesScreen, "Back to the turns (n)"),
            ("review", ReviewScreen, "Back to the review (n)"),
        ):
            if key == "review":
                await app.push_screen(ReviewScreen(("a hand not reviewed yet",)))
                await settle(app, pilot)
            elif key:
                await press(app, pilot, key)
            assert isinstance(app.screen, kind), key
            await press(app, pilot, "q")
            assert isinstance(app.screen, ConfirmQuit), key
            text = screen_text(app)
            assert "Quit (y)" in text and back in text, (key, text)  # whole, not cut off
            await press(app, pilot, "n")
            assert isinstance(app.screen, kind), key
            if key:
                await press(app, pilot, "escape")
            assert isinstance(app.screen, GameScreen), key


async def test_quit_asks_during_a_hand():
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "q")
        assert isinstance(app.screen, ConfirmQuit)
        text = screen_text(app)
        assert "Quit (y)" in text and "Back to the game (n)" in text  # whole, not cut off
        assert "This match is not saved: it ends here." in text
        await press(app, pilot, "n")
        assert isinstance(app.screen, GameScreen)
        await press(app, pilot, "ctrl+q")
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running


async def test_quit_between_hands_does_not_ask():
    app = make_app(state=scenarios.knocked(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running


async def test_sort_move_and_select():
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        hv = hand_view(app)
        assert hv.cards == sorted(hv.cards)  # by suit, as dealt
        await press(app, pilot, "o")
        assert [c.rank for c in hv.cards] == sorted(c.rank for c in hv.cards)
        await press(app, pilot, "1")
        first = hv.selected
        await press(app, pilot, "shift+right")
        assert hv.cards[1] is first and hv.cursor == 1 and hv.sort_mode is None
        await press(app, pilot, "left")
        assert hv.cursor == 0
        await press(app, pilot, "s")  # the drawn card joins the player's own order at the end
        assert hv.cards[1] is first and hv.cards[-1] is card("AS")


async def test_discard_pile_list_opens_by_key_and_by_click():
    """l (or a click on "l: show the pile") lists the cards under the top of the pile."""
    from ginrummy_tui.tui.widgets.discard_pile import DiscardPile

    app = make_app(state=scenarios.arranged(scenarios.MINE, scenarios.THEIRS, discard="2S 5H 9C"), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        pile = app.table.query_one(DiscardPile)
        assert "Under it" not in screen_text(app)
        await press(app, pilot, "l")
        assert pile.expanded and "Under it, newest first: 5♥ 2♠" in screen_text(app)
        assert "Draw from the stock" in prompt(app)  # the prompt is still on screen
        for x in (2, 12):  # a click on the list, to read it, leaves it (it hid the list)
            await pilot.click(DiscardPile, offset=(x, 3))
            await settle(app, pilot)
            assert pile.expanded and app.session.state.taken is None, x
        await pilot.click(DiscardPile, offset=(10, 2))
        await settle(app, pilot)
        assert not pile.expanded and "Under it" not in screen_text(app)
        await pilot.click(DiscardPile, offset=(2, 1))  # the top card itself: take it
        await settle(app, pilot)
        assert app.session.state.taken is card("9C")


@pytest.mark.parametrize(("size", "card_width"), [((80, 24), 5), ((100, 40), 7)])
async def test_a_click_beside_the_pile_takes_no_card(size, card_width):
    """A click on the line of "l: show the pile" in the column before its words took the
    card of a pile of one (the line said nothing then), and so did one on the blank right of
    the pile's words, half the table away. The card itself and its words still take it."""
    from ginrummy_tui.tui.widgets.discard_pile import DiscardPile

    s = scenarios.arranged(scenarios.MINE, scenarios.THEIRS, discard="9C")
    app = make_app(state=s, pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        pile = app.table.query_one(DiscardPile)
        assert len(pile.cards) == 1 and pile.big == (card_width == 7)
        for offset in ((card_width, 2), (card_width + 1, 2), (40, 1), (40, 0), (card_width, 0)):
            await pilot.click(DiscardPile, offset=offset)
            await settle(app, pilot)
            assert app.session.state is s, offset
        await pilot.click(DiscardPile, offset=(card_width + 2, 1))  # "d: take it"
        await settle(app, pilot)
        assert app.session.state.taken is card("9C")


@pytest.mark.parametrize(("size", "card_width"), [((80, 24), 5), ((100, 40), 7), ((132, 43), 7)])
async def test_a_click_beside_the_stock_draws_no_card(size, card_width):
    """A click on the blank felt right of "Stock / 31 cards", up to the discard pile's edge,
    drew from the stock: a click that just missed the pile, with a draw that cannot be undone.
    The card and its words still draw, as the pile's do."""
    from ginrummy_tui.tui.widgets.stock import StockPile

    s = scenarios.arranged(scenarios.MINE, scenarios.THEIRS, discard="9C")
    app = make_app(state=s, pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        stock = app.table.query_one(StockPile)
        assert stock.big == (card_width == 7)
        words = card_width + 1 + len(f"{len(s.stock)} cards")
        for offset in ((words + 1, 1), (stock.region.width - 1, 1), (stock.region.width - 1, 0),
                       (card_width + 1 + len("s: draw") + 1, 2)):
            assert offset[0] < stock.region.width
            await pilot.click(StockPile, offset=offset)
            await settle(app, pilot)
            assert app.session.state is s, offset
        await pilot.click(StockPile, offset=(card_width + 2, 1))  # "31 cards"
        await settle(app, pilot)
        assert app.session.state.drawn is s.stock[-1] and app.session.state.taken is None


@pytest.mark.parametrize(("size", "card_width"), [((80, 24), 5), ((100, 40), 7)])
async def test_a_click_far_right_of_the_piles_key_leaves_the_list_as_it_is(size, card_width):
    """At 80×24 a click on the blank far right of "l: show the pile" (columns 60-79, the
    words ending at 43) showed the pile's list. Only the words and the column before
    them show or hide it."""
    from ginrummy_tui.tui.widgets.discard_pile import DiscardPile

    s = scenarios.arranged(scenarios.MINE, scenarios.THEIRS, discard="2S 5H 9C")
    app = make_app(state=s, pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        pile = app.table.query_one(DiscardPile)
        words = card_width + 1 + len("l: show the pile")
        assert pile.region.width > words + 2
        for x in (words + 1, words + 5, pile.region.width - 1):
            await pilot.click(DiscardPile, offset=(x, 2))
            await settle(app, pilot)
            assert not pile.expanded, x
        for x in (card_width, card_width + 1, words - 1):  # the column before the words, and the words
            await pilot.click(DiscardPile, offset=(x, 2))
            await settle(app, pilot)
            assert pile.expanded, x
            await press(app, pilot, "l")
            assert not pile.expanded
        assert app.session.state is s


async def test_footer_keys_follow_the_phase():
    """Keys of other phases are hidden; keys of this phase that are not legal now are dimmed."""
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        t = app.table
        assert t.check_action("play", ("draw stock",)) is True
        assert t.check_action("play", ("take upcard",)) is False
        assert t.check_action("knock", ()) is False
        await press(app, pilot, "s")
        assert t.check_action("play", ("draw stock",)) is False
        assert t.check_action("knock", ()) is True
        assert t.check_action("gin", ()) is None
        assert t.check_action("play", ("big gin",)) is False


async def test_resize_to_tiny_and_back():
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s")
        s = app.session.state
        await pilot.resize_terminal(30, 10)
        await pilot.pause()
        assert app.table.query_one(TooSmall).display
        assert "Terminal too small: 30×10." in screen_text(app)  # its size: which side is short
        await pilot.resize_terminal(45, 21)
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "Terminal too small: 45×21. Make it at least 46×21." in text, text
        await pilot.resize_terminal(60, 24)
        await pilot.pause()
        assert "Terminal too small" not in screen_text(app)
        hv = hand_view(app)
        assert hv.rows(hv.size.width) == 2  # the hand wraps onto two rows
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.session.state is s
        assert hv.rows(hv.size.width) == 1
        assert "K♦" in screen_text(app) and "Discard a card" in prompt(app)


@pytest.mark.parametrize("keys,rows", [((), (5, 5)), (("t",), (6, 5))], ids=["10-cards", "11-cards"])
async def test_a_hand_on_two_rows_is_balanced(keys, rows):
    """At 60x21 the hand wrapped as nine cards, then one alone on a second row: its two rows
    are balanced, 5 and 5 (6 and 5 with eleven cards), a click still picking the card under it."""
    import re

    app = make_app(seed=12, pause=0)
    async with app.run_test(size=(60, 21)) as pilot:
        await settle(app, pilot)
        for key in keys:
            await press(app, pilot, key)
        hv = hand_view(app)
        assert len(hv.cards) == sum(rows) and hv.rows(hv.size.width) == 2
        region = hv.content_region
        text = screen_text(app).splitlines()
        # the top edges of the cards: under the first row's marks, at the top of the second (its marks under it)
        shown = tuple(len(re.findall(r"[┌╔]", text[region.y + (1, 4)[row]])) for row in range(2))
        assert shown == rows, text[region.y : region.bottom]
        last = hv.cards[-1]
        await pilot.click(hv, offset=card_offset(app, last))
        await pilot.pause()
        assert hv.cards[hv.cursor] is last


async def test_ascii_mode_draws_no_suit_symbols():
    app = make_app(state=scenarios.knock_ready(), ascii=True, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s")
        text = screen_text(app)
        assert not any(sym in text for sym in "♠♥♦♣")
        assert "KD" in text and "knock with KD (k)" in prompt(app)


async def test_move_timer_of_the_rules_loses_the_match_when_time_runs_out():
    """Rules with a move timer: the prompt counts down; at zero the player loses the match."""
    from ginrummy_tui.engine import PRESETS

    app = make_app(rules=PRESETS["multiplayer-1.5"].with_options(timer=1), seed=1, pause=0)
    now = [0.0]
    app.now = lambda: now[0]  # a fake clock: no waiting on the real one
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app._tick_clock()
        await pilot.pause()
        assert "⏱ 1 s left, or you lose the match" in prompt(app)  # a move of 1 s is all last seconds
        now[0] += 1.0
        app._tick_clock()
        await settle(app, pilot)
        s = app.session.state
        assert s.phase == "match_over" and s.winner == 1 and s.result.kind == "timeout"
        assert isinstance(app.screen, SummaryScreen)
        assert "You took more than 1 s for a move" in screen_text(app)


async def test_match_lost_on_time_says_so_in_the_match_over_headline():
    """A match lost when the move clock runs out ends on a headline that says
    why (the final score, 0 to 0, alone does not)."""
    from ginrummy_tui.engine import PRESETS

    app = make_app(rules=PRESETS["multiplayer-1.5"].with_options(timer=1), seed=1, pause=0)
    now = [0.0]
    app.now = lambda: now[0]  # a fake clock: no waiting on the real one
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app._tick_clock()
        now[0] += 1.0
        app._tick_clock()
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        await press(app, pilot, "enter")
        assert isinstance(app.screen, MatchOverScreen)
        text = screen_text(app)
        assert f"{app.session.opponent_name} won the match: your time ran out." in text
        assert "Final score: You 0" in text


# ---------------------------------------------------------------- the session interface


class RemoteLikeSession(Session):
    """A session whose other player moves elsewhere (as over the network)."""

    opponent_name = "Ann"

    def __init__(self, state):
        self.state = state
        self.seat = 0

    def view(self):
        return view(self.state, 0)

    def submit(self, action):
        self.state = apply(self.state, action, seat=0)

    def opponent_to_move(self):
        return self.state.phase in ("upcard", "draw", "discard") and self.state.current == 1

    def remote_move(self, action):
        self.state = apply(self.state, action, seat=1)
        self.changed()


async def test_a_session_that_does_not_compute_the_opponent():
    """The app waits for the session's notice (sent from another thread) and redraws."""
    session = RemoteLikeSession(scenarios.knock_ready())
    app = make_app(session=session, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s", "1", "enter")
        assert "Ann is to move" in prompt(app)
        assert not app.busy
        t = threading.Thread(target=session.remote_move, args=(Action("draw stock"),))
        t.start()
        t.join()
        await pilot.pause()
        await pilot.pause()
        assert "drew from the stock" in screen_text(app)
        thrown = session.state.hands[1][0]
        threading.Thread(target=session.remote_move, args=(Action("discard", thrown),)).start()
        for _ in range(20):
            await pilot.pause()
        assert "Draw from the stock" in prompt(app)


@pytest.mark.parametrize("name", ["a", "o"])
async def test_a_one_letter_name_in_another_refusal_does_not_take_the_waiting_line_away(name):
    """The waiting line went whenever the other player's name was in the
    reason on show: a guest named "a" (or "o") is in "a hint is for your own
    turn", which then left no word of whose turn it is."""

    class Guest(RemoteLikeSession):
        opponent_name = name

    session = Guest(scenarios.knock_ready())
    app = make_app(session=session, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s", "1", "enter")
        assert prompt(app) == f"{name} is to move…"
        await press(app, pilot, "h")
        assert app.table.refusal == "a hint is for your own turn"
        assert prompt(app).startswith("✗ A hint is for your own turn") and prompt(app).endswith(f"{name} is to move…")
        await press(app, pilot, "s")  # out of turn: the reason says whom to wait for, once
        assert prompt(app).startswith(f"✗ It is not your turn: wait for {name}")
        assert "is to move" not in prompt(app)


async def test_on_change_is_called_after_every_move():
    seen = []
    app = make_app(state=scenarios.knock_ready(), pause=0, on_change=seen.append)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s", "1", "enter")
        assert len(seen) >= 4  # draw, discard, and the computer's draw and discard
        assert seen[-1] is app.session.state


def test_play_options_from_the_command_line():
    from ginrummy_tui.cli import build_parser
    from ginrummy_tui.cli.play import build_unsaved_app

    args = build_parser().parse_args(["--seed", "5", "--ai", "easy", "--ascii", "--no-mouse", "--pause", "0"])
    app = build_unsaved_app(args)
    assert app.ascii_only and not app.mouse_enabled and app.pause == 0
    assert app.session.state == new_game(seed=5)
    assert app.session.opponent.level == "easy"
    with pytest.raises(ValueError, match="unknown rules preset"):
        make_app(rules="nonsense")


def test_starting_the_app_does_not_import_the_ai():
    code = (
        "import sys; from ginrummy_tui.tui.app import make_app; make_app(seed=1); "
        "print(any(m.startswith('ginrummy_tui.ai') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


async def test_collector_paused_for_the_start_resumes_once_the_first_screen_is_drawn():
    """``gin-tui`` pauses the garbage collector while it starts; the app resumes it."""
    gc.disable()
    try:
        app = make_app(seed=1, pause=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert "Take the upcard" in prompt(app)
            assert gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()


def test_the_command_pauses_the_collector_only_until_the_game_starts(monkeypatch):
    import ginrummy_tui.cli
    import ginrummy_tui.cli.play
    import ginrummy_tui.cli.stats
    from ginrummy_tui.cli import main

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    seen: list[bool] = []
    monkeypatch.setattr(ginrummy_tui.cli.stats, "run", lambda args: seen.append(gc.isenabled()) or 0)
    monkeypatch.setattr(ginrummy_tui.cli.play, "run_play", lambda args: seen.append(gc.isenabled()) or 0)
    assert main(["stats"]) == 0  # a subcommand runs with it on
    assert main(["--seed", "1"]) == 0  # the game starts with it paused (the app resumes it)
    assert seen == [True, False]
    assert gc.isenabled()  # and the command leaves it on whatever happens


# ---------------------------------------------------------------- whole matches


def card_offset(app, c) -> tuple[int, int]:
    """Where to point the mouse at card ``c`` of the player's hand."""
    hv = hand_view(app)
    i = hv.cards.index(c)
    w = hv.card_width(hv.size.width)
    per = hv.row_length(hv.size.width)
    return (i % per) * (w + 1) + 1, (i // per) * 4 + 1


async def play_whole_match(app, pilot, by_mouse: bool) -> list[str]:
    """Play the player's seat with the standard opponent's choices, by keys
    only or by the mouse only, from the first deal until the match is over;
    returns the kinds of the player's actions, in order."""
    from ginrummy_tui.ai import get_opponent

    brain = get_opponent("standard", seed=11)
    played: list[str] = []
    await settle(app, pilot)
    for _step in range(3000):
        screen = app.screen
        if isinstance(screen, MatchOverScreen):
            return played
        if isinstance(screen, SummaryScreen):
            if by_mouse:
                start, _end = screen.query_one(KeyBar).span("enter")
                await pilot.click(KeyBar, offset=(start + 1, 0))
                await settle(app, pilot)
            else:
                await press(app, pilot, "enter")
            continue
        assert isinstance(screen, GameScreen)
        v = app.session.view()
        assert v.my_turn, f"waiting in phase {v.phase}: {prompt(app)}"
        assert prompt(app).strip(), "the prompt line is empty"
        a = brain.choose(v)
        played.append(a.kind)
        before = (len(v.history), v.hand_no)
        if not by_mouse:
            if a.card is not None:
                await pick(app, pilot, a.card)
            key = {"take upcard": "t", "pass": "p", "draw stock": "s", "draw discard": "d",
                   "discard": "enter", "knock": "k", "gin": "g", "big gin": "b"}[a.kind]
            await press(app, pilot, key)
        elif a.kind in ("take upcard", "pass"):
            await click_button(app, pilot, "take" if a.kind == "take upcard" else "pass")
        elif a.kind in ("draw stock", "draw discard"):
            await pilot.click("#stock" if a.kind == "draw stock" else "#pile")
            await settle(app, pilot)
        elif a.kind == "discard":
            # select-then-act: a click lifts the card, the Discard button (or a second click) throws it
            await pilot.click(HandView, offset=card_offset(app, a.card))
            await pilot.pause()
            assert hand_view(app).selected is a.card and len(app.session.view().history) == before[0]
            if len(played) % 2:
                await pilot.click(HandView, offset=card_offset(app, a.card))
            else:
                assert bar(app).labels["discard"].startswith("Discard ")
                await click_button(app, pilot, "discard")
            await settle(app, pilot)
        else:  # knock / gin: select the card, then press the button that names it
            if a.card is not None:
                await pilot.click(HandView, offset=card_offset(app, a.card))
                await pilot.pause()
                label = card_label(a.card)
                button = {"knock": "knock", "gin": "gin"}[a.kind]
                assert bar(app).labels[button] == f"{button.capitalize()} with {label} ({button[0]})"
            await click_button(app, pilot, {"knock": "knock", "gin": "gin", "big gin": "big-gin"}[a.kind])
            if a.card is not None:  # played with the chosen card
                assert app.session.state.history[-1].action == a
        after = app.session.view()
        assert (len(after.history), after.hand_no) != before, f"{a} was not played"
        if a.kind in ("knock", "gin"):
            assert app.session.state.sheet[-1].kind in ("knock", "gin", "undercut"), a
    raise AssertionError("the match never ended")


@pytest.mark.parametrize(("by_mouse", "seed"), [(False, 1), (True, 180)], ids=["keyboard", "mouse"])
async def test_a_whole_match_to_100(by_mouse, seed):
    """A whole match against the computer at 80x24, by the keyboard alone and by the mouse alone
    (seeds whose matches are short, three or four hands, to keep the test quick)."""
    app = make_app(seed=seed, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        played = await play_whole_match(app, pilot, by_mouse)
        s = app.session.state
        assert s.phase == "match_over" and max(s.scores) >= 100 and len(s.sheet) >= 3
        assert {"knock", "gin", "discard", "draw stock"} <= set(played)  # the player knocked and went gin
        text = screen_text(app)
        assert ("You won the match!" in text) == (s.winner == 0)
        assert f"Final score: You {s.totals[0]}" in text
        if by_mouse:
            start, _end = app.screen.query_one(KeyBar).span("enter")
            await pilot.click(KeyBar, offset=(start + 1, 0))
        else:
            await pilot.press("n")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.session.state.match_no == 2 and app.session.state.scores == (0, 0)


async def test_a_whole_match_against_the_master():
    """The master thinks in a worker process; a whole match at 80x24 by the keyboard."""
    from ginrummy_tui.ai.process import ProcessOpponent

    app = make_app(seed=1, ai="master", pause=0)
    async with app.run_test(size=SIZE) as pilot:
        played = await play_whole_match(app, pilot, False)
        s = app.session.state
        assert s.phase == "match_over" and max(s.scores) >= 100
        assert "discard" in played
        assert isinstance(app.session.opponent._ai, ProcessOpponent)
        assert app.session.opponent._ai._pool is not None
    # leaving the app stops the worker process
    assert app.session.opponent._ai._pool is None


@pytest.mark.parametrize("size", [(60, 24), (80, 24)])
async def test_quit_question_says_the_match_is_saved_and_fits(size, tmp_path):
    from ginrummy_tui.session.keeper import Keeper
    from ginrummy_tui.storage.store import Store

    app = make_app(seed=1, pause=0)
    app.context.keeper = Keeper(Store(tmp_path))  # as when gin-tui saves the match after every move
    async with app.run_test(size=size) as pilot:
        await press(app, pilot, "q")
        text = screen_text(app)
        assert "Your match is saved: gin-tui will resume it." in text
        assert "Quit (y)" in text and "Back to the game (n)" in text


async def test_narrow_key_bar_takes_two_rows_so_every_key_and_quit_show():
    # at 60 columns the key bar left out g (not possible now) and m to keep to one row: it
    # takes two there now, every key with its whole word
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=(60, 24)) as pilot:
        await press(app, pilot, "s")
        footer = screen_text(app).splitlines()[-2:]
        assert footer[-1].rstrip().endswith("q Quit")
        for words in ("k Knock", "g Gin", "m Moves", "? Rules", "c Scores"):
            assert any(words in row for row in footer), (words, footer)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "g Gin" in footer and footer.rstrip().endswith("q Quit")  # from 80 columns on one row


@pytest.mark.parametrize("size,them", [((60, 24), "Computer"), ((46, 21), "Them")])
async def test_score_tables_in_narrow_terminals_keep_every_hand_on_one_line(size, them):
    # at 46 columns "You went gin" took three lines ("You / went / gin")
    app = make_app(state=scenarios.match_point(), pause=0)
    async with app.run_test(size=size) as pilot:
        await press(app, pilot, "s", "k", "enter")
        assert isinstance(app.screen, MatchOverScreen)
        # on the smallest screen the table is under the race: scrolled to (End, where the result
        # has nothing to scroll, would say so in a line of its own, taking rows from the table)
        app.screen.query_one("#match-over").scroll_end(animate=False)
        await settle(app, pilot)
        lines = screen_text(app).splitlines()
        s = app.session.state
        assert len(s.sheet) >= 4
        for r in s.sheet:  # one line per hand: number, ending, points and both running totals
            row = [ln for ln in lines if ln.split()[:1] == [str(r.hand_no)] and f"+{r.points}" in ln]
            assert row, f"hand {r.hand_no} is not on one line:\n" + "\n".join(lines)
            cells = row[0].rstrip(" ▁▂▃▄▅▆▇█").split()  # the scroll bar may sit at the line's end
            assert cells[-2:] == [str(r.scores[0]), str(r.scores[1])]
        assert any("You" in ln and them in ln and "Points" in ln for ln in lines)
        assert "…" not in "\n".join(lines)


async def test_switching_to_ascii_suits_redraws_the_open_screens():
    from ginrummy_tui.tui.screens.settings_screen import set_ascii

    suits = set("♠♥♦♣")
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s")
        assert suits & set(screen_text(app))
        set_ascii(app, True)  # what the settings screen does
        await pilot.pause()
        text = screen_text(app)
        assert not suits & set(text), text
        assert "AS" in text  # the drawn A♠, as letters, in the hand and the prompt
        await press(app, pilot, "k")
        assert isinstance(app.screen, SummaryScreen)
        assert not suits & set(screen_text(app))
        set_ascii(app, False)
        await pilot.pause()
        text = screen_text(app)
        assert "Q♠" in text and "QS" not in text  # the summary redrawn with symbols


async def test_while_the_computer_thinks_the_table_says_what_you_just_did():
    app = make_app(state=scenarios.knock_ready(), pause=30)  # the computer waits: its turn stays open
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pick(app, pilot, card("2C"))
        await pilot.press("enter")
        await pilot.pause()
        s = app.session.state
        assert s.current == 1 and s.phase == "draw"
        assert "You drew from the stock and threw 2♣." in screen_text(app)
        assert "is thinking" in prompt(app)


@pytest.mark.parametrize("mouse", [True, False])
async def test_the_prompt_offers_clicks_only_with_the_mouse_on(mouse):
    """With --no-mouse the prompt still said "or click twice" and "or click a
    pile": clicks are offered only when the mouse is on."""
    app = make_app(state=scenarios.knock_ready(), pause=0, mouse=mouse)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        draw = prompt(app)
        assert draw.startswith("Draw from the stock (s) or the discard pile (d)")
        assert ("or click a pile" in draw) is mouse
        await press(app, pilot, "s")
        discard = prompt(app)
        assert discard.startswith("Discard a card (←/→ and ⏎, 1-9 0 -")
        assert ("or click twice)" in discard) is mouse
        assert ("click" in draw + discard) is mouse
        await pilot.resize_terminal(66, 24)  # the shorter prompt too (at 60 the knock needs the shortest)
        await settle(app, pilot)
        assert prompt(app).startswith("Discard a card (⏎")
        assert ("click" in prompt(app)) is mouse


@pytest.mark.parametrize("mouse", [True, False])
async def test_both_passed_offers_a_click_only_with_the_mouse_on(mouse):
    s = apply(apply(new_game(seed=3), Action("pass")), Action("pass"))  # both passed: only the stock
    app = make_app(state=s, pause=0, mouse=mouse)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.session.view().stock_only
        click = ", or click it" if mouse else ""
        assert prompt(app) == f"Both passed the upcard: draw from the stock (s{click})."


async def test_with_ascii_the_prompt_names_the_keys_in_ascii():
    """--ascii is for terminals without Unicode, yet the prompt read "←/→ and ⏎":
    now "<-/-> and Enter", and where that would push the knock past the edge
    (80 columns) the shorter "Enter or click twice"."""
    app = make_app(state=scenarios.knock_ready(), pause=0, ascii=True)
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(app, pilot)
        assert prompt(app).isascii()
        await press(app, pilot, "s")
        wide = prompt(app)
        assert wide.isascii(), wide
        assert wide.startswith("Discard a card (<-/-> and Enter, 1-9 0 -, or click twice) - or knock with ")
        await pilot.resize_terminal(*SIZE)
        await settle(app, pilot)
        line = prompt(app)
        assert line.isascii(), line
        assert line.startswith("Discard a card (Enter or click twice) - or knock with ") and line.endswith(" (k).")
        assert line in screen_text(app)  # not cut short


async def test_at_60_columns_the_prompt_is_never_cut_short():
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=(60, 24)) as pilot:
        await settle(app, pilot)
        seen = []
        for key in ("p", "s", "1", "enter", None):  # the upcard offer, draw, discard, the next draw
            line, text = prompt(app).strip(), screen_text(app)
            assert line in text, f"{line!r} is cut short on screen:\n{text}"
            seen.append(line)
            if key:
                await press(app, pilot, key)
        assert "Draw from the stock (s) or the pile (d)." in seen


async def test_a_theme_reaches_the_games_own_colours():
    """The highlight colours are theme variables: a theme that sets one changes the table."""
    from textual.theme import Theme

    from ginrummy_tui.tui.widgets.scoreboard import Scoreboard

    app = make_app(seed=1, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)

        def score_colours() -> set[str]:
            text = app.table.query_one(Scoreboard).render()
            return {str(span.style) for span in text.spans}

        assert "bold #ffd21f" in score_colours()  # the default gold
        app.register_theme(Theme(name="gin-test", primary="#004578", dark=True, variables={"gin-gold": "#00ffff"}))
        app.theme = "gin-test"
        await pilot.pause()
        assert "bold #00ffff" in score_colours() and "bold #ffd21f" not in score_colours()


async def test_a_theme_reaches_the_colours_of_the_cards():
    """Card faces, suits, backs and outlines are theme variables too: a theme that
    sets them changes how the hand and the stock are drawn."""
    from rich.text import Text
    from textual.theme import Theme

    from ginrummy_tui.tui.widgets.stock import StockPile

    app = make_app(seed=1, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)

        def colours(widget) -> set[str]:
            lines = [r for r in widget.render().renderables if isinstance(r, Text)]
            return {str(s.style) for t in lines for s in t.spans} | {str(t.style) for t in lines}

        def drawn() -> set[str]:
            return colours(app.table.query_one(HandView)) | colours(app.table.query_one(StockPile))

        before = drawn()
        assert "#f4f1e8" in " ".join(before) and "#1c2f5a" in " ".join(before)
        app.register_theme(Theme(
            name="gin-cards", primary="#004578", dark=True,
            variables={"gin-card-face": "#ffffff", "gin-card-back": "#550000", "gin-card-border": "#00aa00"},
        ))
        app.theme = "gin-cards"
        await pilot.pause()
        after = " ".join(drawn())
        assert "on #ffffff" in after and "on #550000" in after and "#00aa00" in after
        assert "#f4f1e8" not in after and "#1c2f5a" not in after and "#9a9a9a" not in after


def test_no_start_loads_the_history_or_the_scoring_before_the_first_frame(tmp_path):
    """Settling what to play and building the app (the very first start, a
    resume, --new over a saved match, and --seed over one, which asks first
    when the player moved in it) opens no database and loads neither
    the history, the statistics, sqlite3 nor the scoring: they load after the
    first frame, or when first needed."""
    late = ["sqlite3", "ginrummy_tui.storage.history", "ginrummy_tui.storage.history_records", "ginrummy_tui.storage.history_upkeep", "ginrummy_tui.storage.stats", "ginrummy_tui.engine.scoring"]
    # the very first start, one that resumes the saved match, --new over it, then --seed over that
    for options, resumed in (([], False), ([], True), (["--new"], False), (["--seed", "5"], False)):
        code = (
            "import sys; from ginrummy_tui.cli import build_parser; "
            "from ginrummy_tui.session.startup import prepare; from ginrummy_tui.cli.play import build_app; "
            f"plan = prepare(build_parser().parse_args(['--data-dir', {str(tmp_path)!r}, *{options!r}])); "
            f"build_app(plan); print(plan.resumed, [m for m in {late!r} if m in sys.modules]); plan.close()"
        )
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        assert out.stdout.strip() == f"{resumed} []", out.stdout


@pytest.mark.parametrize("width", [80, 100])
async def test_a_refusal_is_read_whole_on_the_prompt_line(width):
    # At 80 columns the knock refusal and the discard prompt after it made a
    # line of 125 characters: the line ended "...the limit is 10. Disc…".
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=(width, 24)) as pilot:
        await press(app, pilot, "t")
        await press(app, pilot, "k")
        line = prompt(app)
        assert line.startswith("✗ You cannot knock: discarding") and "the limit is 10." in line
        # the prompt follows the reason, on the line's second row where one has no room for both
        assert line.endswith("the limit is 10. Discard (⏎).") and "…" not in line, line
        shown = app.table.query_one(PromptLine)
        rows = screen_text(app).splitlines()[shown.region.y : shown.region.bottom]
        assert " ".join(" ".join(rows).split()) == line
        assert len(rows) == (1 if len(line) <= width - 4 else 2), rows  # the table's padding and the line's


async def test_the_prompt_line_reads_status_then_refusal_then_prompt():
    from textual.app import App

    class Line(App):
        def compose(self):
            yield PromptLine()

    app = Line()
    async with app.run_test(size=SIZE):
        line = app.query_one(PromptLine)
        line.set_prompt("Draw a card.")
        assert line.plain == "Draw a card." and not line.has_class("-refused")
        line.set_prompt("Draw a card.", "you have already drawn", status="⏱ 9 s to move")
        assert line.plain == "⏱ 9 s to move  ✗ You have already drawn. Draw a card."
        assert line.has_class("-refused")
        line.set_prompt("", "", status="Connection lost — reconnecting…")
        assert line.plain == "Connection lost — reconnecting…" and not line.has_class("-refused")


async def test_the_hosts_waiting_line_is_read_whole_at_80_columns():
    # "Waiting for opponent — join code J4D6-9E27 (127.0.0.1:7531)" left 16
    # columns for "Take the upcard Q♣ (t) or pass (p).": the line ended "Take the upcar…"
    waiting = "Waiting for Guest to join — join code J4D6-9E27 (127.0.0.1:7531)"
    for size, room in ((SIZE, 76), ((104, 30), 100)):
        app = make_app(seed=1, pause=0)
        app.session.status = lambda room=74: waiting  # as a host's session says it
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            line = prompt(app)
            assert line.startswith(waiting) and len(line) <= room
            # where there is room, the short form of the prompt follows
            assert line.endswith("(t) or pass (p).") == (room == 100)


async def test_a_move_refused_while_not_connected_stops_being_refused_on_reconnection():
    # Over the network a key pressed while the connection was down left
    # "✗ Not connected to the host (...)" on the table after the connection
    # came back, until another move: it said the opposite of the truth.
    from ginrummy_tui.engine import IllegalAction

    app = make_app(seed=1, pause=0)
    session = app.session
    why = ["not connected to the host: reconnecting"]
    play = session.submit

    def submit(action):
        if why[0]:
            raise IllegalAction(why[0])
        play(action)

    session.submit = submit
    session.blocked = lambda: why[0]
    session.status = lambda room=74: "Connection lost — reconnecting… (the host closed the connection)" if why[0] else ""
    session.ticking = True  # as a network session: the line is refreshed twice a second
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "p")
        # the refusal says why in the words the hint key uses (no move is offered meanwhile)
        assert prompt(app) == (
            "Connection lost — reconnecting… (the host closed the connection)  "
            "✗ Not now (not connected to the host: reconnecting). Take 9♦ (t) or pass (p)."
        )  # the reason wraps onto a second line, and the prompt follows it
        assert app.table.query_one(PromptLine).has_class("-refused")
        why[0] = ""  # connected again
        await until(pilot, lambda: "✗" not in prompt(app), "the refusal taken down")
        assert prompt(app).startswith("Take the upcard")
        # a refusal of the rules stays until a move is made
        await press(app, pilot, "s")
        assert "✗" in prompt(app)
        await pilot.pause(1.2)
        assert "✗" in prompt(app)


async def test_the_other_players_name_is_redrawn_when_it_changes_without_a_move():
    # A host resuming its match shows "Guest" until the guest joins again; the
    # join changes the name, not the game, and the scoreboard, the card backs'
    # line and the moves line went on with the old name while the prompt had the new one.
    app = make_app(seed=1, pause=0)
    session = app.session
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "p")
        await until(pilot, lambda: not _computer_due(app), "the computer's answer")
        before = screen_text(app)
        assert "Computer (standard) 0" in before and "Jo" not in before
        session.opponent_name = "Jo"  # as a network session's, when the other player joins
        session.changed()
        await settle(app, pilot)
        screen = screen_text(app)
        assert "Jo 0" in screen and "Jo · 10 cards" in screen and "Computer" not in screen


async def test_a_reason_too_long_for_the_line_after_the_clock_takes_a_second_line():
    # With the move clock first ("⏱ 28 s for you  "), the knock refusal was cut:
    # "...leaves 37 deadwood, the l…"
    app = _clocked_app()
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "t")
        line = app.table.query_one(PromptLine)
        assert line.lines == 1 and line.size.height == 1
        await press(app, pilot, "k")
        assert prompt(app).startswith("⏱ 28 s for you  ✗ You cannot knock: discarding")
        assert prompt(app).endswith("the limit is 10. Discard (⏎).")  # the prompt follows on the second line
        await settle(app, pilot)
        assert line.lines == 2 and line.size.height == 2
        screen = screen_text(app)
        assert "limit is 10." in screen and "…" not in screen  # wrapped after "the"
        assert "q Quit" in screen.splitlines()[-1]  # the key bar still there
        # the next move takes the second line away
        await press(app, pilot, "enter")
        await until(pilot, lambda: line.lines == 1, "one line again")


LONG_REASON = (
    "Draw from the stock: 6♠ would bring your deadwood from 15 to 11 (a blind draw: about 13), "
    "but fewer chances after, and show the computer what you collect."
)
"""As long as the longest hints (150 characters)."""


def _clocked_app():
    """A seeded match whose session shows a move clock before the prompt, refreshed
    twice a second (as network play does)."""
    app = make_app(seed=1, pause=0)
    app.session.status = lambda room=74: "⏱ 28 s for you"
    app.session.ticking = True
    return app


async def test_a_long_hint_after_the_move_clock_is_read_whole_at_80x24():
    # The longest hints (up to 160 characters) after "⏱ 28 s for you  " need a
    # third line at 80 columns; with two, one hint in thirty of multiplayer-1.5
    # lost its end.
    app = _clocked_app()
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "t")
        app.table.refuse(LONG_REASON)  # a reason or a hint: the same line, wrapped the same way
        await settle(app, pilot)
        line = app.table.query_one(PromptLine)
        assert line.lines == 3 and line.size.height == 3
        screen = screen_text(app)
        assert "show the" in screen and "computer what you collect." in screen
        rows = screen.splitlines()
        assert "q Quit" in rows[-1] and "Discard J♦ (⏎)" in screen  # nothing else pushed off


@pytest.mark.parametrize(
    ("reason", "lines"),
    [
        # Oklahoma seed 11's knock offer: 150 characters after "Hint: " took three lines
        ("Discard 5♠ and wait for gin or to undercut the computer's knock (about 6) for about 52 points; "
         "knocking now: a loss of about 2 points, undercut about 1 in 5.", 3),
        # the same hint now, in fewer words (its figures doubled by a spade upcard, and said so)
        ("Discard 5♠ and wait for gin or to undercut the computer: an undercut would score about 52 points; "
         "a knock now would lose about 2 (both doubled).", 2),
    ],
    ids=["before", "now"],
)
async def test_the_docs_say_truly_how_many_lines_a_long_hint_takes_at_80x24(reason, lines):
    # the hints' own count of the prompt's lines at 80 columns (by which a reason is
    # worded to take two) is the prompt line's; the docs said two where it took three
    from pathlib import Path

    from ginrummy_tui.ai.hints import Hint, prompt_lines
    from ginrummy_tui.tui.hint_prompt import show_hint, view_key

    app = make_app(seed=1, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "t")
        screen = app.table
        v = screen.v
        assert v is not None
        screen.hint_asked = view_key(v)
        show_hint(screen, v, Hint(v.legal_actions[-1], reason))
        await settle(app, pilot)
        line = screen.query_one(PromptLine)
        assert line.lines == prompt_lines(reason) == lines and line.size.height == lines
        flat = " ".join(screen_text(app).split())
        assert "Hint: Discard 5♠" in flat and " ".join(reason.split()[-5:]) in flat
        assert "q Quit" in screen_text(app).splitlines()[-1]
    docs = " ".join((Path(__file__).resolve().parent.parent / "docs" / "hints-review-web.md").read_text().split())
    assert "wraps it onto two lines at 80 columns" not in docs
    assert "a reason of up to about 136 characters takes two lines, a longer one three" in docs
    assert "A reason is worded to take two" in docs


@pytest.mark.parametrize("size", [(60, 21), (46, 21), (60, 24)])
async def test_on_a_small_screen_the_table_makes_room_for_a_long_hint(size):
    # A phone's SSH window: the hand takes two rows and a hint of 150 characters
    # needs four or five lines; the prompt line had one (cut) or two.
    app = _clocked_app()
    async with app.run_test(size=size) as pilot:
        await press(app, pilot, "t")
        before = screen_text(app)
        app.table.refuse(LONG_REASON)  # a reason or a hint: the same line, wrapped the same way
        await settle(app, pilot)
        await pilot.pause(0.2)
        line = app.table.query_one(PromptLine)
        assert line.short_of == 0 and line.lines >= 3
        flat = " ".join(screen_text(app).split())
        assert "show the computer what you collect." in flat and "…" not in flat
        assert screen_text(app).splitlines()[-1].strip().endswith("q Quit")
        # the next move takes the long line away: the table is whole again
        await press(app, pilot, "enter")
        await until(pilot, lambda: line.lines == 1, "one line again")
        await settle(app, pilot)
        assert not any(app.table.has_class(c) for c in ("-long-prompt", "-longer-prompt", "-longest-prompt"))
        assert "Computer (standard) · 10 cards" in screen_text(app) or size[0] < 60
        assert ("Discard" in before) and screen_text(app).count("┌─┬") == before.count("┌─┬")


@pytest.mark.parametrize(
    "keys,told",
    [
        (("k",), "✗ The upcard comes first. Take 9♦ (t) or pass (p)."),
        (("t", "k"), "✗ You cannot knock: discarding J♦ leaves 40 deadwood, the limit is 10. Discard (⏎)."),
    ],
    ids=["upcard", "discard"],
)
async def test_at_the_smallest_size_a_long_reason_leaves_the_prompt_after_it(keys, told):
    """At 46×21 a reason on two lines took the buttons' row, and the prompt went too:
    nothing but the key bar said what to do."""
    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=(46, 21)) as pilot:
        await settle(app, pilot)
        await press(app, pilot, *keys)
        await pilot.pause(0.2)
        line = app.table.query_one(PromptLine)
        assert line.plain == told and line.short_of == 0
        assert told.split(". ")[-1] in " ".join(screen_text(app).split())


@pytest.mark.parametrize(
    "key,told",
    [
        ("s", "✗ The upcard comes first. Computer passed. Take 9♦ (t) or pass (p)."),
        # ⏎ said "Draw a card first", then offered a pass, which draws nothing
        ("enter", "✗ The upcard comes first. Computer passed. Take 9♦ (t) or pass (p)."),
    ],
)
async def test_a_move_at_the_wrong_step_is_refused_without_saying_the_step_twice(key, told):
    """With the computer passed first, s read "✗ First take the upcard or pass. Computer
    passed. Take the upcard 9♦ (t) or pass (p)." and ⏎ "✗ Draw a card first: take the upcard
    or pass. Computer passed. …": the step said twice on one line.  The prompt after the
    reason says what to press; the reason keeps to what went wrong."""
    app = make_app(state=new_game(seed=1, first_dealer=0), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await press(app, pilot, key)
        await pilot.pause(0.2)
        line = app.table.query_one(PromptLine)
        assert line.plain == told
        assert app.session.state.phase == Phase.UPCARD  # nothing moved


async def test_d_at_the_upcard_offer_takes_the_upcard_as_t_and_a_click_on_the_pile_do():
    """d at the upcard offer said "✗ The upcard comes first. Take 9♦ (t) or pass (p).", where the
    upcard is the top of the discard pile, which d takes, and a click on the pile took it.  It
    takes the upcard, as t does; s still says the upcard comes first."""
    app = make_app(state=new_game(seed=1, first_dealer=0), pause=0)  # the computer passed first
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        v = app.session.view()
        assert v.phase == Phase.UPCARD and v.my_turn
        up = v.upcard
        await press(app, pilot, "s")
        assert prompt(app).startswith("✗ The upcard comes first."), prompt(app)
        await press(app, pilot, "d")
        v = app.session.view()
        assert v.phase == Phase.DISCARD and up in v.hand and v.history[-1].action.kind == "take upcard"
        assert "✗" not in prompt(app), prompt(app)


async def test_the_upcard_offer_over_is_said_once():
    """t after both passed read "✗ The upcard offer is over: draw from the stock. Draw from
    the stock (s)…", and p after the draw "✗ The upcard offer is over: discard a card.
    Discard (⏎).": the prompt after the reason says what to do."""
    app = make_app(state=new_game(seed=1, first_dealer=0), pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await press(app, pilot, "p")
        await settle(app, pilot)
        await press(app, pilot, "t")
        await pilot.pause(0.2)
        line = app.table.query_one(PromptLine)
        assert line.plain.startswith("✗ The upcard offer is over. ") and "draw from the stock" not in line.plain.lower()[:45]
        await press(app, pilot, "s")
        await pilot.pause(0.2)
        await press(app, pilot, "p")
        await pilot.pause(0.2)
        assert line.plain.startswith("✗ The upcard offer is over. Discard"), line.plain


async def test_on_a_small_screen_a_hint_takes_no_more_room_than_it_needs_and_gives_it_back():
    # at 60×21 this hint needs three lines: the moves line and a row of the card backs give
    # them (the buttons are off already: the key bar takes two rows there); the line with the
    # other player's name and two rows of the backs stay. In a larger window the buttons
    # stayed hidden while the hint was on show.
    app = make_app(seed=7, pause=0)
    async with app.run_test(size=(60, 21)) as pilot:
        await settle(app, pilot)
        assert app.table.has_class("-no-buttons")
        await press(app, pilot, "h")
        await pilot.pause(0.2)
        screen = screen_text(app)
        flat = " ".join(screen.split())
        assert "Hint: Pass on the upcard" in flat and "expected to leave about 40." in flat
        assert "· 10 cards" in screen  # the other player's line
        assert app.table.has_class("-longer-prompt") and app.table.has_class("-backs-2")
        assert not app.table.has_class("-longest-prompt") and app.table.query_one("#opponent").region.height == 3
        # a larger window while it is on show: the table is whole again
        await pilot.resize_terminal(100, 30)
        await settle(app, pilot)
        await pilot.pause(0.3)
        assert not app.table.has_class("-long-prompt")
        screen = screen_text(app)
        assert "Hint: Pass on the upcard" in screen and "Pass (p)" in screen  # the buttons are back
        await pilot.resize_terminal(60, 21)
        await settle(app, pilot)
        await pilot.pause(0.3)
        assert app.table.has_class("-longer-prompt")  # and give way again when it is small again
        assert "expected to leave about 40." in " ".join(screen_text(app).split())


def _backs_drawn(app) -> list[str]:
    """The rows of the other player's card backs as drawn (under their name line)."""
    region = app.table.query_one("#opponent").region
    rows = screen_text(app).splitlines()[region.y + 1 : region.bottom]
    return [row[region.x : region.right].strip() for row in rows]


@pytest.mark.parametrize("ascii_only", [False, True])
def test_card_backs_on_fewer_rows_are_whole_cards_squashed(ascii_only):
    """On two rows the card backs were their fill and their bottom edge, on one their
    fill alone: cards with no top edge. Each card keeps its corners on two rows, and is
    a bracketed fill on one."""
    from ginrummy_tui.tui.widgets.opponent_hand import back_row

    drawn = {rows: [line.plain for line in back_row(3, ascii_only, rows=rows)] for rows in (3, 2, 1, 0)}
    if ascii_only:
        assert drawn == {3: ["+-+-+-+", "|#|#|#|", "+-+-+-+"], 2: ["+#+#+#+", "+#+#+#+"], 1: ["[#][#][#]"], 0: []}
    else:
        assert drawn == {3: ["┌─┬─┬─┐", "│▒│▒│▒│", "└─┴─┴─┘"], 2: ["┌▒┬▒┬▒┐", "└▒┴▒┴▒┘"], 1: ["[▒][▒][▒]"], 0: []}


@pytest.mark.parametrize(
    ("size", "keys", "rows"),
    [((46, 21), ("p", "s", "h"), 1), ((46, 21), ("k",), 2), ((46, 21), ("t", "k"), 2), ((80, 24), ("p", "s", "h"), 3)],
    ids=["hint-46", "refusal-upcard-46", "refusal-knock-46", "hint-80"],
)
async def test_a_long_hint_or_reason_never_leaves_card_backs_without_their_top_edge(size, keys, rows):
    """At 46x21 a hint on three lines left the card backs' fill and bottom edge
    ("│▒│▒│" under the name line, their top edge gone), as did a reason on two: the
    backs that give way keep each card's corners, or on one row are each a bracketed
    fill (the hint of seed 1, which says why its risky throw is still the throw, takes
    four lines at 46 columns)."""
    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        for key in keys:
            await press(app, pilot, key)
        await settle(app, pilot)
        await pilot.pause(0.2)
        backs = _backs_drawn(app)
        assert len(backs) == rows, backs
        if rows == 1:
            assert backs[0].startswith("[▒]") and backs[0].endswith("[▒]"), backs
        else:
            assert backs[0].startswith("┌") and backs[-1].startswith("└"), backs


async def test_an_escape_pressed_as_the_terminal_shrinks_below_the_smallest_size_still_closes_the_list():
    """Escape comes from the terminal only once no character followed it for a while (a
    lone Escape, not the start of another key's sequence): pressed on the list of turns
    as the window shrank below 46x21, it came behind "Terminal too small", was dropped
    with the keys typed blind there, and the list was still open once the window was
    big again. An Escape that late closes the list; one pressed well after does not."""
    from textual import events

    from ginrummy_tui.tui.app import LONE_ESCAPE_LATE
    from ginrummy_tui.tui.screens.moves_screen import MovesScreen

    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        for late, closes in ((LONE_ESCAPE_LATE + 1, False), (LONE_ESCAPE_LATE / 2, True)):
            await pilot.press("m")
            await pilot.pause()
            assert isinstance(app.screen, MovesScreen)
            await pilot.resize_terminal(40, 15)
            await pilot.pause()
            assert app.too_small and app.too_small_since is not None
            escape = events.Key("escape", "\x1b")
            escape.time = app.too_small_since + late  # when the driver told it
            app.post_message(escape)
            await pilot.pause()
            await pilot.resize_terminal(*SIZE)
            await pilot.pause()
            assert isinstance(app.screen, GameScreen if closes else MovesScreen), late
            if not closes:
                await pilot.press("escape")
                await pilot.pause()


@pytest.mark.parametrize("under", [GameScreen, SummaryScreen])
async def test_the_list_of_turns_gives_way_to_the_log_beside_the_table_when_the_terminal_widens(under):
    """The list of turns opened with m at 80x24 stayed open, over the hand and off-centre,
    once the terminal was widened to 150 columns, where the same turns stand beside the
    table (and beside the end of a hand): it closes, and the screen under it says where
    they are, as m says at that width."""
    from ginrummy_tui.tui.screens.moves_screen import MovesScreen

    app = make_app(state=new_game(seed=1) if under is GameScreen else scenarios.knocked(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, under)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MovesScreen)
        await pilot.resize_terminal(160, 30)
        await settle(app, pilot)
        await pilot.pause()
        assert isinstance(app.screen, under) and app.screen.has_class("-with-log")
        assert "Every turn of this hand is listed on the right (m)." in " ".join(screen_text(app).split())
        await pilot.resize_terminal(120, 30)  # narrower again: m opens the list over it, as before
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MovesScreen)


@pytest.mark.parametrize("under", [GameScreen, SummaryScreen])
async def test_the_word_on_the_log_beside_the_table_goes_when_the_terminal_narrows(under):
    """"Every turn of this hand is listed on the right (m)." said once the list of turns gave
    way to the log beside the end of a hand stayed when the terminal was narrowed again,
    with nothing on the right: it goes with the log (on the table too)."""
    from ginrummy_tui.tui.screens.moves_screen import MovesScreen

    said = "Every turn of this hand is listed on the right (m)."
    app = make_app(state=new_game(seed=1) if under is GameScreen else scenarios.knocked(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MovesScreen)
        await pilot.resize_terminal(160, 50)
        await settle(app, pilot)
        await pilot.pause()
        assert isinstance(app.screen, under)
        assert said in " ".join(screen_text(app).split())
        await pilot.resize_terminal(*SIZE)
        await settle(app, pilot)
        await pilot.pause()
        assert isinstance(app.screen, under)
        assert "listed on the right" not in " ".join(screen_text(app).split())


async def test_keys_wait_while_the_terminal_is_too_small():
    """Behind "Terminal too small" the table is hidden: a move typed blind
    (take the upcard, throw a card) is not played; Ctrl+C still quits."""
    app = make_app(pause=0)
    async with app.run_test(size=SIZE) as pilot:
        s = app.session.state
        await pilot.resize_terminal(40, 15)
        await pilot.pause()
        for key in ("t", "1", "enter", "p", "s", "o", "greater_than_sign"):
            await pilot.press(key)
        await pilot.pause()
        assert app.session.state is s
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "Take the upcard" in prompt(app)
        await pilot.resize_terminal(40, 15)
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_code == 0


async def test_q_does_not_quit_mid_hand_while_the_terminal_is_too_small():
    """In the middle of a hand q asks before quitting; behind "Terminal too small"
    the question could not be read, so q does not quit there (it quit at once,
    and with --data-dir - the match was gone): the screen says to make the
    terminal bigger to be asked, and that Ctrl+C quits at once; once it is
    bigger, the question comes (q pressed behind the words did nothing, even
    then); q there quits, as q on the question does."""
    from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit

    app = make_app(pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code is None and not isinstance(app.screen, ConfirmQuit)
        text = " ".join(screen_text(app).split())
        assert "Terminal too small: 40×12." in text and "q asks before quitting: make it bigger to answer;" in text, text
        assert "Ctrl+C quits at once" in text and "(q: quit)" not in text
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit) and app.return_code is None
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmQuit)
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        await pilot.resize_terminal(*SIZE)  # asked once: not again without q
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmQuit) and app.return_code is None
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("n")
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        await pilot.press("ctrl+c")
        await pilot.pause()
    assert app.return_code == 0


async def test_q_quits_at_once_between_hands_while_the_terminal_is_too_small():
    """Between hands q quits without a question: behind "Terminal too small" too, which says "q: quit"."""
    app = make_app(state=scenarios.gin_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await press(app, pilot, "s", "g")
        assert app.session.view().phase.ended
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        assert "(q: quit)" in screen_text(app)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_after_a_resize_and_back_a_long_prompt_leaves_the_table_whole():
    # 80x24 -> 160x45 -> 80x24 with a three-line reason on show: the buttons
    # stayed gone and a blank row was left at the bottom until the next move
    app = _clocked_app()
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "t")
        app.table.refuse(LONG_REASON)
        await settle(app, pilot)
        await pilot.pause(0.2)
        before = screen_text(app)
        assert "Discard J♦ (⏎)" in before and "computer what you collect." in before
        await pilot.resize_terminal(160, 45)
        await settle(app, pilot)
        await pilot.pause(0.2)
        assert "Discard J♦ (⏎)" in screen_text(app)
        await pilot.resize_terminal(*SIZE)
        await settle(app, pilot)
        await pilot.pause(0.2)
        assert screen_text(app) == before


@pytest.mark.parametrize("other", [(160, 45), (100, 30)])
async def test_after_a_resize_and_back_a_two_line_prompt_and_the_listed_pile_leave_the_table_whole(other):
    # a two-line reason and a two-line list of the pile, then 80x24 -> 160x45 -> 80x24: the
    # table came back a row low with its buttons gone and a blank row at the bottom, until the
    # next move
    from ginrummy_tui.engine import parse_cards
    from ginrummy_tui.engine.cards import DECK

    used = set(parse_cards(scenarios.MINE)) | set(parse_cards(scenarios.THEIRS)) | set(parse_cards("AS"))
    pile = [c for c in DECK if c not in used][:16]
    state = scenarios.arranged(scenarios.MINE, scenarios.THEIRS, stock_top="AS", discard=" ".join(map(str, pile)))
    app = make_app(state=state, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await press(app, pilot, "s", "l")
        app.table.refuse(LONG_REASON[:120])
        await settle(app, pilot)
        await pilot.pause(0.2)
        before = screen_text(app)
        rows = before.splitlines()
        assert "gin-tui" in rows[0] and "Discard A♠ (⏎)" in rows[19] and "Under it, newest first:" in before
        assert rows[21].strip() and rows[22].strip()  # the reason takes two lines, the list two
        await pilot.resize_terminal(*other)
        await settle(app, pilot)
        await pilot.pause(0.2)
        await pilot.resize_terminal(*SIZE)
        await settle(app, pilot)
        await pilot.pause(0.2)
        assert screen_text(app) == before


@pytest.mark.parametrize("size", [SIZE, (80, 30), (120, 40)])
@pytest.mark.parametrize("under", [1, 20])
async def test_listing_the_pile_does_not_move_the_table(size, under):
    # a list of one line, on a 24-line screen and larger, moved the whole table
    # down a row (it was centred on a tall screen then, and had become a row shorter);
    # with a lifted card as well
    from ginrummy_tui.engine import parse_cards
    from ginrummy_tui.engine.cards import DECK

    used = set(parse_cards(scenarios.MINE)) | set(parse_cards(scenarios.THEIRS)) | set(parse_cards("AS"))
    pile = [c for c in DECK if c not in used][: under + 1]
    state = scenarios.arranged(scenarios.MINE, scenarios.THEIRS, stock_top="AS", discard=" ".join(map(str, pile)))
    app = make_app(state=state, pause=0)
    async with app.run_test(size=size) as pilot:
        await press(app, pilot, "s", "3")
        await pilot.pause(0.1)
        closed = screen_text(app).splitlines()
        await press(app, pilot, "l")
        await pilot.pause(0.1)
        listed = screen_text(app).splitlines()
        assert "Under it, newest first:" in "\n".join(listed)
        header = next(i for i, row in enumerate(closed) if "gin-tui" in row)
        assert listed[header] == closed[header]  # the top stays where it was
        hand = next(i for i, row in enumerate(closed) if "┌1" in row)
        assert listed[hand - 1 :] == closed[hand - 1 :]  # and so does everything from the lifted card down
        await press(app, pilot, "l")
        await pilot.pause(0.1)
        assert screen_text(app).splitlines() == closed
        # listed, then the terminal resized: the list takes the blank lines of the new size
        await press(app, pilot, "l")
        other = (120, 40) if size != (120, 40) else SIZE
        await pilot.resize_terminal(*other)
        await settle(app, pilot)
        await pilot.pause(0.2)
        listed = screen_text(app).splitlines()
        await press(app, pilot, "l")
        await pilot.pause(0.1)
        closed = screen_text(app).splitlines()
        header = next(i for i, row in enumerate(closed) if "gin-tui" in row)
        assert listed[header] == closed[header]


async def test_escape_closes_the_pile_list():
    # Escape closes the other windows; it left the pile's list open
    from ginrummy_tui.tui.widgets.discard_pile import DiscardPile

    app = make_app(state=scenarios.arranged(scenarios.MINE, scenarios.THEIRS, discard="2S 5H 9C"), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        pile = app.table.query_one(DiscardPile)
        before = screen_text(app)
        await press(app, pilot, "l")
        assert pile.expanded and "Under it, newest first: 5♥ 2♠" in screen_text(app)
        await press(app, pilot, "escape")
        await pilot.pause(0.1)
        assert not pile.expanded and screen_text(app) == before
        await press(app, pilot, "escape")  # nothing listed: Escape says it does nothing here
        assert not pile.expanded and isinstance(app.screen, GameScreen)
        assert app.table.refusal.startswith("Esc does nothing here: ")


async def test_a_key_the_table_has_no_use_for_says_so_and_what_to_press():
    """During a discard Space, Tab, Shift+Tab, Esc (no pile listed), x and = did nothing and
    said nothing, where a digit past the hand explains itself: each says so now, with what
    to press; the keys that work still do, and the game does not move."""
    app = make_app(seed=21, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        table = app.table
        assert table.v.phase == "upcard" and table.v.my_turn
        await press(app, pilot, "x")
        assert table.refusal == "'x' does nothing here: t takes the upcard, p passes; ? lists the keys"
        await press(app, pilot, "p")
        assert table.v.phase == "draw" and table.refusal == ""
        await press(app, pilot, "space")
        assert table.refusal == "Space does nothing here: s draws from the stock; ? lists the keys"
        await press(app, pilot, "s")
        assert table.v.phase == "discard"
        s = app.session.state
        told = "does nothing here: ⏎ discards the selected card; ? lists the keys"
        for key, name in (
            ("space", "Space"), ("tab", "Tab"), ("shift+tab", "Shift+Tab"), ("escape", "Esc"),
            ("x", "'x'"), ("equals_sign", "'='"),
        ):
            await press(app, pilot, key)
            assert table.refusal == f"{name} {told}", key
            # the prompt after it says what to press: the note leaves that to it
            assert prompt(app).startswith(f"✗ {name} does nothing here; ? lists the keys. Discard"), prompt(app)
            assert app.session.state is s and isinstance(app.screen, GameScreen)
        await press(app, pilot, "S")  # Caps Lock on
        assert table.refusal == "'S' does nothing here: keys are lower case (s), Caps Lock may be on"
        # the keys of the table still act, and take the note down
        selected = hand_view(app).selected
        await press(app, pilot, "left")
        assert hand_view(app).selected is not selected and table.refusal == ""
        await press(app, pilot, "l")
        assert table.query_one("#pile").expanded
        await press(app, pilot, "escape")
        assert not table.query_one("#pile").expanded and table.refusal == ""
        await press(app, pilot, "question_mark")
        assert isinstance(app.screen, RulesScreen)
        await press(app, pilot, "escape")
        assert isinstance(app.screen, GameScreen)
        await press(app, pilot, "enter")
        assert app.session.state is not s  # the discard made (the computer's turn then)


async def test_keys_that_type_nothing_say_they_do_nothing_on_the_table():
    """Draw phase: Backspace, Home, End, Delete, Insert, F5 to F12 and Ctrl+A left the line as
    it was, where x or Tab says it does nothing, and what to press.  They say it too; Ctrl+C
    and Ctrl+Z, which the game handles, are not among them."""
    app = make_app(seed=21, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        table = app.table
        await press(app, pilot, "p")
        assert table.v.phase == "draw" and table.v.my_turn
        s = app.session.state
        keys = [("backspace", "Backspace"), ("home", "Home"), ("end", "End"), ("delete", "Delete"),
                ("insert", "Insert"), ("ctrl+a", "Ctrl+A")]
        keys += [(f"f{n}", f"F{n}") for n in range(5, 13)]
        for key, name in keys:
            table.clear_refusal()
            await press(app, pilot, key)
            assert table.refusal == f"{name} does nothing here: s draws from the stock; ? lists the keys", key
            assert app.session.state is s and isinstance(app.screen, GameScreen)


async def test_a_key_with_no_use_says_so_whole_on_a_small_screen():
    """At 46x21 with 11 cards the note takes three lines: the table makes room for all of them
    (said from the table's own handling of the key, it stayed on one line cut short)."""
    app = make_app(seed=21, pause=0)
    async with app.run_test(size=(46, 21)) as pilot:
        await settle(app, pilot)
        await press(app, pilot, "p", "s", "x")
        await pilot.pause()
        lines = [line.strip() for line in screen_text(app).splitlines()]
        at = next(n for n, line in enumerate(lines) if line.startswith("✗ 'x' does nothing here"))
        said = " ".join(lines[at:at + 3])
        assert "✗ 'x' does nothing here; ? lists the keys. Discard" in said, lines
        assert "…" not in said


@pytest.mark.parametrize("size", [(46, 21), SIZE, (120, 40)])
async def test_a_key_with_no_use_leaves_what_to_press_to_the_prompt_after_it(size):
    """At 46x21, Space at the draw said "✗ Space does nothing here: s or d draws a / card; ? lists
    the keys. Draw from the / stock (s) or the pile (d).": the same instruction twice in three
    lines.  Where the prompt after the note says what to press, the note says only that the key
    does nothing, at every size; where a hint takes the prompt's place, the note says it."""
    app = make_app(seed=21, pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        await press(app, pilot, "t")  # the upcard taken, a throw: the computer's turn, then the draw
        await until(pilot, lambda: app.table.v.phase == "discard" and app.table.v.my_turn, "the discard")
        await press(app, pilot, "enter")
        await until(pilot, lambda: app.table.v.phase == "draw" and app.table.v.my_turn, "the draw")
        await press(app, pilot, "space")
        await pilot.pause()
        lines = [line.strip() for line in screen_text(app).splitlines()]
        at = next(n for n, line in enumerate(lines) if line.startswith("✗ Space does nothing here"))
        said = " ".join(lines[at:at + 3])
        assert "✗ Space does nothing here; ? lists the keys. Draw from the" in said, lines
        assert "s or d draws" not in screen_text(app)
        assert "…" not in said


async def test_a_key_with_no_use_says_what_to_press_where_a_hint_stands_in_the_prompts_place():
    """A hint on show in the prompt's place on a tall screen: the note says what to press itself."""
    app = make_app(seed=21, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await press(app, pilot, "h")
        await until(pilot, lambda: "Hint:" in prompt(app), "the hint")
        await press(app, pilot, "space")
        assert prompt(app).startswith("✗ Space does nothing here: t takes the upcard, p passes; ? lists the keys."), prompt(app)


async def test_big_gin_at_the_upcard_step_says_these_rules_have_none():
    # b at the upcard step said "Draw a card first: take the upcard or pass"
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.session.state.phase == "upcard" and not app.session.state.rules.big_gin
        s = app.session.state
        await press(app, pilot, "b")
        assert "Big Gin is not allowed under these rules" in prompt(app) and "first" not in prompt(app)
        assert app.session.state is s


async def test_the_keys_that_do_nothing_now_say_why():
    # "-" with ten cards, and r or a during a hand, did nothing and said nothing; l on an
    # empty discard pile said "Nothing under the top card." of a pile with no top card
    from ginrummy_tui.tui.widgets.discard_pile import DiscardPile

    app = make_app(seed=1, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        table = app.table
        assert table.v.phase == "upcard" and len(table.v.hand) == 10
        await press(app, pilot, "minus")
        assert table.refusal == "there is no 11th card to select (-): you hold 10"
        assert prompt(app).startswith("✗ There is no 11th card to select (-): you hold 10.")
        await press(app, pilot, "r")
        assert table.refusal == "the review of your decisions (r) comes once the hand is over"
        await press(app, pilot, "a")
        assert table.refusal == "replaying the deal (a) comes once the hand is over"
        await press(app, pilot, "t")  # the upcard taken: the discard pile is empty
        await settle(app, pilot)
        assert table.v.discard == ()
        await press(app, pilot, "l")
        pile = table.query_one(DiscardPile)
        assert pile.expanded and "The discard pile is empty." in screen_text(app)
        assert "Nothing is under" not in screen_text(app)
        app.session.computes_opponent = False  # as in network play, which has neither
        await press(app, pilot, "a")
        assert table.refusal == "replaying the deal (a) is only in games against the computer"


async def test_r_and_a_after_a_network_hand_say_they_are_for_games_against_the_computer():
    # On the end-of-hand screen of a network game r and a (hidden there) did nothing and said nothing
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("s")
        await settle(app, pilot)
        await pilot.press("k")
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        app.session.computes_opponent = False  # as in network play, which has neither
        for key, words in (("r", "The review of your decisions (r)"), ("a", "Replaying the deal (a)")):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            said = " ".join(str(app.screen.query_one("#summary-said").render()).split())
            assert said == f"{words} is only in games against the computer.", said  # under the keys, not a toast


@pytest.mark.parametrize("size", [(46, 21), (80, 24)])
async def test_quit_question_names_the_command_that_resumes_a_match_kept_elsewhere(size, tmp_path):
    """Started with ``--data-dir D``: the question said "gin-tui will resume it",
    which plain gin-tui would not (it looks in the default place)."""
    import argparse

    from ginrummy_tui.session.keeper import Keeper
    from ginrummy_tui.session.startup import resume_command
    from ginrummy_tui.storage.store import Store

    command = resume_command(argparse.Namespace(data_dir=str(tmp_path / "my games"), ascii=True))
    assert command == f"gin-tui --data-dir '{tmp_path / 'my games'}' --ascii"
    app = make_app(seed=1, pause=0)
    app.context.keeper = Keeper(Store(tmp_path))
    app.context.resume_command = "gin-tui --data-dir /tmp/g"
    async with app.run_test(size=size) as pilot:
        await press(app, pilot, "q")
        note = app.screen.query_one("#confirm-note")
        assert str(note.render()) == "Your match is saved: gin-tui --data-dir /tmp/g resumes it."
        region = note.region  # shown whole on the screen
        assert region.height >= 1 and region.right <= size[0] and region.bottom <= size[1]
        assert note.virtual_size.height <= region.height


def test_the_resume_command_is_plain_for_the_default_data_directory(monkeypatch, tmp_path):
    import argparse

    from ginrummy_tui.session.startup import resume_command

    monkeypatch.delenv("GIN_TUI_HOME", raising=False)
    assert resume_command(argparse.Namespace(data_dir=None, ascii=True)) == "gin-tui"
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GIN_TUI_HOME", "g")  # relative: made absolute
    assert resume_command(argparse.Namespace(data_dir=None, ascii=None)) == f"gin-tui --data-dir {tmp_path / 'g'}"


async def test_the_pile_offers_its_list_only_with_a_card_under_the_top_one():
    """With the upcard alone on the pile (or none, once it was taken), the pile still
    said "l: show the pile", and l then showed nothing but that nothing was under it."""
    from ginrummy_tui.tui.widgets.discard_pile import DiscardPile

    app = make_app(state=scenarios.arranged(scenarios.MINE, scenarios.THEIRS, discard="9C"), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        pile = app.table.query_one(DiscardPile)
        assert "l: show the pile" not in screen_text(app)
        await press(app, pilot, "l")  # still lists what there is: nothing under the top card
        assert pile.expanded and "Nothing is under 9♣ yet." in screen_text(app)
        assert "l: hide the pile" in screen_text(app)
        await press(app, pilot, "l")
        await press(app, pilot, "s")
        await press(app, pilot, "enter")  # a second card on the pile: something under the top one
        await settle(app, pilot)
        assert len(pile.cards) > 1 and "l: show the pile" in screen_text(app)


async def test_l_with_the_upcard_alone_on_the_pile_says_it_is_the_whole_pile():
    """At the upcard offer, l said "Nothing under the top card.", which read as a list that
    failed to show; it names the card and says the upcard is the whole pile."""
    from ginrummy_tui.tui.widgets.discard_pile import DiscardPile

    app = make_app(seed=7, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.table.v.phase == "upcard" and len(app.table.v.discard) == 1
        top = card_label(app.table.v.discard[-1], False)
        await press(app, pilot, "l")
        assert app.table.query_one(DiscardPile).expanded
        assert f"Nothing is under {top} yet: the upcard is the whole pile." in screen_text(app)


async def test_a_hand_dealt_after_cards_were_moved_by_hand_comes_in_the_last_sort():
    """Cards moved with < or > once: every later hand came in the order of the
    deal ("4C 8H 3S 9S KS AH AD JD KD KC") until o was pressed."""
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        hv = hand_view(app)
        await press(app, pilot, "o")  # by rank
        await press(app, pilot, "1")
        await press(app, pilot, "shift+right")  # moved by hand: no sort now
        assert hv.sort_mode is None
        await press(app, pilot, "s")
        await press(app, pilot, "k")
        assert isinstance(app.screen, SummaryScreen)
        await press(app, pilot, "enter")  # the next hand is dealt
        await settle(app, pilot)
        assert app.session.state.hand_no == 2 and len(hv.cards) == 10
        assert hv.sort_mode == "rank"
        assert hv.cards == sorted(hv.cards, key=lambda c: (c.rank, c.index))


async def test_the_sort_a_hand_moved_by_hand_goes_back_to_is_kept_with_the_match():
    """The sort the next hand is dealt in is saved with the order of the cards, and put back."""
    from ginrummy_tui.tui.restore import hand_ui, restore_ui

    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        hv = hand_view(app)
        await press(app, pilot, "o")  # by rank
        await press(app, pilot, "shift+right")
        ui = hand_ui(app.table)
        assert ui["sort"] is None and ui["last_sort"] == "rank"
        hv.last_sort = "suit"
        restore_ui(app.table, ui)
        assert hv.last_sort == "rank" and hv.sort_mode is None


@pytest.mark.parametrize("button", [2, 3])
async def test_other_mouse_buttons_than_the_left_one_press_no_button_of_a_question(button):
    """A right click (or a middle one) on "Quit (y)" of the quit question quit:
    the terminal's presses and releases of other buttons than the left one are
    dropped, and the left one's still press it."""
    app = make_app(pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        await terminal_click(app, pilot, "#yes", offset=(1, 0), button=button)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit) and app.return_code is None
        await terminal_click(app, pilot, "#yes", offset=(1, 0))
        await pilot.pause()
    assert app.return_code == 0


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_mark_over_a_card_taken_from_the_pile_is_one_word_at_every_width(size):
    """The mark over a card taken from the discard pile read "took" at 80 columns (cards 5
    wide) and "taken" at 120 (7 wide); "taken" fits both, selected or not."""
    from ginrummy_tui.tui.widgets.hand import HandView

    app = make_app(state=scenarios.arranged(scenarios.MINE, scenarios.THEIRS, discard="2S 5H 9C"), pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        await press(app, pilot, "d")
        assert app.session.state.taken is card("9C")
        hand = app.table.query_one(HandView)
        for selected in (False, True):
            mark = hand._mark(card("9C"), selected, hand.card_width(hand.content_region.width), False)
            assert "taken" in mark.plain and "took" not in mark.plain, (selected, mark.plain)
        assert "taken" in screen_text(app)


async def test_n_during_a_hand_says_the_next_hand_comes_once_it_is_over():
    """n at the upcard, the draw and the discard did nothing and said nothing."""
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        table = app.table
        reason = "the next hand (n) comes once the hand is over"
        for step, move in (("upcard", "p"), ("draw", "s"), ("discard", None)):
            await until(pilot, lambda step=step: table.v.phase == step and table.v.my_turn, step)
            await settle(app, pilot)
            s = app.session.state
            await press(app, pilot, "n")
            assert table.refusal == reason, (step, table.refusal)
            assert prompt(app).startswith("✗ The next hand (n) comes once the hand is over."), prompt(app)
            assert app.session.state is s
            if move is not None:
                await press(app, pilot, move)
        app.session.computes_opponent = False  # as in network play: n goes on there too
        await press(app, pilot, "n")
        assert table.refusal == reason


async def test_moving_the_first_card_left_or_the_last_one_right_says_why_not():
    """1 then <, and 0 then >, did nothing and said nothing."""
    app = make_app(seed=1, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        table = app.table
        cards = list(hand_view(app).cards)
        assert len(cards) == 10
        first, last = card_label(cards[0], False), card_label(cards[-1], False)
        await press(app, pilot, "1", "less_than_sign")
        assert table.refusal == f"there is no place left of {first} to move it to (<): it is the first card"
        assert prompt(app).startswith(f"✗ There is no place left of {first} to move it to (<): it is the first card.")
        await press(app, pilot, "0", "greater_than_sign")
        assert table.refusal == f"there is no place right of {last} to move it to (>): it is the last card"
        assert hand_view(app).cards == cards
        await press(app, pilot, "less_than_sign")  # a place there: the card moves, and nothing is refused
        assert table.refusal == "" and hand_view(app).cards[8] == cards[-1]


async def test_space_on_the_match_result_says_it_starts_no_match():
    """Space, which goes on from the end of a hand (and from the last one to the result), did
    nothing on the match's result and said nothing.  It does not start a match there (twice
    pressed at the last hand's end it would pass the result by): it says which keys do."""
    from ginrummy_tui.engine import PRESETS

    app = make_app(rules=PRESETS["multiplayer-1.5"].with_options(timer=1), seed=1, pause=0)
    now = [0.0]
    app.now = lambda: now[0]  # a fake clock: no waiting on the real one
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        app._tick_clock()
        now[0] += 1.0
        app._tick_clock()
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        await press(app, pilot, "space")
        assert isinstance(app.screen, MatchOverScreen)
        match = app.session.state
        await press(app, pilot, "space")
        assert isinstance(app.screen, MatchOverScreen) and app.session.state is match
        said = said_on_the_result(app)
        assert said == "Space does nothing here: ⏎ or n starts a new match; ? lists the keys.", said


@pytest.mark.parametrize(
    "key,told",
    [
        # no card knocks: it said "select another card, then k", as the engine's words had
        # told of ⏎ ("You cannot discard the card you just took from the discard pile. Select
        # another card, then ⏎."), where no other card would knock either
        ("k", "✗ You cannot knock: the best throw, J♦, leaves 40 deadwood; the limit is 10. Select another card, then ⏎."),
        ("g", "✗ No throw goes gin: the best throw, J♦, leaves 40 deadwood. Select another card, then ⏎."),
        # as ⏎ says it
        ("enter", "✗ You cannot throw back 9♦ just taken: select another card, then ⏎."),
        # where the prompt says what to do after it, the note is short
        ("escape", "✗ Esc does nothing here; ? lists the keys. Select another card, then ⏎."),
    ],
    ids=["k", "g", "enter", "escape"],
)
async def test_the_card_just_taken_chosen_each_key_says_to_choose_another_in_the_same_words(key, told):
    app = make_app(state=new_game(seed=1), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await press(app, pilot, "t")
        v = app.session.view()
        assert v.taken is not None and str(v.taken) in ("9D", "9♦")
        hand = app.table.query_one(HandView)
        await press(app, pilot, KEYS[list(hand.cards).index(v.taken)])
        assert hand.selected == v.taken
        await press(app, pilot, key)
        await pilot.pause(0.2)
        line = app.table.query_one(PromptLine).plain
        assert line.startswith(told), line
        assert app.session.view().phase == Phase.DISCARD  # nothing moved


def test_a_key_that_does_nothing_with_the_card_just_taken_chosen_says_to_choose_another():
    """Its long form (where the prompt gives it room) said "Esc does nothing here: ⏎ discards
    the selected card", with the card just taken chosen, which ⏎ then refused."""
    from ginrummy_tui.engine import apply, view
    from ginrummy_tui.engine.kinds import Kind
    from ginrummy_tui.tui.table_text import unused_key_note

    s = apply(new_game(seed=1), Action(Kind.TAKE_UPCARD))
    v = view(s, 0)
    other = next(c for c in v.hand if c != v.taken)
    assert unused_key_note(v, "Esc", "Computer", selected=v.taken) == (
        "Esc does nothing here: select another card, then ⏎ discards it; ? lists the keys")
    assert unused_key_note(v, "Esc", "Computer", selected=other) == (
        "Esc does nothing here: ⏎ discards the selected card; ? lists the keys")
