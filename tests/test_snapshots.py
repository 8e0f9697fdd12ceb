"""Snapshots of every screen (pytest-textual-snapshot).

Each test starts from a seeded or arranged deal, with the computer's pause at
zero; the SVGs are in ``tests/__snapshots__``.  Update them after a deliberate
change with ``pytest tests/test_snapshots.py --snapshot-update`` and look at
the report before committing.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.app import make_app

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]


def keys(*presses: str):
    """A run_before that presses keys and waits for the computer after each."""

    async def run(pilot) -> None:
        await settle(pilot)  # the computer's first move (if it is to move) comes before the keys
        for key in presses:
            await pilot.press(key)
            await settle(pilot)
        await settle(pilot)

    return run


async def settle(pilot) -> None:
    """Wait until the computer has moved: not only until no move is pending,
    since right after a key the app may not have noticed yet that the
    computer is to move (the snapshot then caught "is thinking...")."""
    app = pilot.app

    def computer_to_move() -> bool:
        session = getattr(app, "session", None)
        return bool(session is not None and session.computes_opponent and session.opponent_to_move())

    deadline = time.monotonic() + 30  # the computer's first move imports and builds its tables
    while time.monotonic() < deadline:
        await pilot.pause()
        await app.workers.wait_for_complete()
        if not app.busy and not computer_to_move():
            break
    await pilot.pause()
    drawn = asyncio.get_running_loop().create_future()
    app.call_after_refresh(lambda: drawn.done() or drawn.set_result(None))
    await drawn


@pytest.mark.parametrize("size", SIZES)
def test_start_of_a_hand_with_the_upcard_offer(snap_compare, size):
    """Seed 1, first hand: the computer's ten cards face down, the stock (31), the upcard 9♦ on the
    discard pile, the player's hand with the K♠ K♥ K♦ set outlined (double border), the first card
    selected (▲ under it), deadwood 41, buttons Take 9♦ / Pass and the prompt "Take the upcard 9♦
    (t) or pass (p)"; the footer shows t Take and p Pass."""
    assert snap_compare(make_app(seed=1, pause=0), terminal_size=size, run_before=keys())


@pytest.mark.parametrize("size", SIZES)
def test_melds_marked_and_knock_offered(snap_compare, size):
    """Arranged deal after drawing the A♠: three melds outlined (7♥8♥9♥, the queens, 2♣3♣4♣),
    A♠ and K♦ plain, the new A♠ selected and marked "new"; "Knock with K♦ (k)" is a button and
    the prompt offers the knock with K♦; deadwood 11."""
    app = make_app(state=scenarios.knock_ready(), pause=0)
    assert snap_compare(app, terminal_size=size, run_before=keys("s"))


@pytest.mark.parametrize("size", SIZES)
def test_end_of_hand_summary_with_layoffs(snap_compare, size):
    """After the player's knock with K♦: "Hand 1: You knocked with K♦.", both hands face up: the player's melds (double
    borders) and deadwood A♠ 2♣ 3♣ 4♣ = 10, and under them why: "2♣ 3♣ 4♣ kept out of melds: it
    stops 5♣ 6♣ being laid off (+2)." (the layout blocks the computer's layoff on the clubs),
    the computer laying off 10♥ on 7♥8♥9♥ and Q♦ on the queens, its deadwood
    (and what it was before the layoffs), the points and the scores; Enter deals the next hand."""
    app = make_app(state=scenarios.knocked(), pause=0)
    assert snap_compare(app, terminal_size=size, run_before=keys())


@pytest.mark.parametrize("size", SIZES)
def test_score_table(snap_compare, size):
    """Three hands played by seed 11: one row per hand (how it ended, deadwood, points) and the
    running totals 4/0, 27/0, 27/12, over the table of the fourth hand.  None of those hands was
    played in this run (the match is not recorded), so none has a review: the line under the
    table says why, and the key bar offers no "⏎ Review"."""
    app = make_app(state=scenarios.played_hands(3), pause=0)
    assert snap_compare(app, terminal_size=size, run_before=keys("c"))


@pytest.mark.parametrize("size", SIZES)
def test_match_end(snap_compare, size):
    """Hand 5, the player on 80 knocks and passes 100: "You won the match!", the final score
    128 to 59, the table of the five hands with their running totals, the race of the two scores
    (a pair of bars per hand, yours reaching the top at 128; beside the table when the terminal is
    wide, above it otherwise) and "⏎ or n: play a new match".  At 80x24 all of it shows at once: the
    headline has no blank lines, the race is three rows high and "⏎ or n: play a new match" is left
    to the key bar ("⏎ New match")."""
    app = make_app(state=scenarios.match_point(), pause=0)
    assert snap_compare(app, terminal_size=size, run_before=keys("s", "k", "enter"))


@pytest.mark.parametrize("size", SIZES)
def test_rule_sheet(snap_compare, size):
    """The rule sheet for the standard preset: its name, then how Gin Rummy is played (the aim,
    melds, deadwood, a turn, the ending, the deal), then its rules from Rules.describe() under
    "These rules in detail", in a scrollable box; the footer says Escape closes it."""
    assert snap_compare(make_app(seed=1, pause=0), terminal_size=size, run_before=keys("question_mark"))


def test_narrow_terminal_wraps_the_hand(snap_compare):
    """60×24: the same position as the knock snapshot, the hand on two balanced rows (6 + 5 cards), the
    marks over the first row and under the second (none in the line between them), the
    two blank lines that fit (under the score line and above the hand), the shorter prompt and
    the key bar on two rows, every key with its whole word; nothing cut off."""
    app = make_app(state=scenarios.knock_ready(), pause=0)
    assert snap_compare(app, terminal_size=(60, 24), run_before=keys("s"))


def test_ascii_suits(snap_compare):
    """--ascii: suits are the letters S H D C (KD, QS...), melds have '#', '=' and ':' borders (never a card letter), the
    selection '^'; no ♠♥♦♣ anywhere."""
    app = make_app(state=scenarios.knock_ready(), pause=0, ascii=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=keys("s"))


def test_no_color(snap_compare, monkeypatch):
    """NO_COLOR=1: all grey, yet the melds (double borders), the selected card (heavy border and ▲
    marks under it) and the new card ("new") are still plain to see."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(state=scenarios.knock_ready(), pause=0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=keys("s"))
