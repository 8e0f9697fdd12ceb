"""The review of any finished hand of the match, picked on the score table (``c``) or on
the match's result: each hand dealt again from what was kept of it (its end seen in this
run, or its moves in the history), or a line saying why it cannot be."""

from __future__ import annotations

from dataclasses import replace

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.review import review_hand
from ginrummy_tui.engine import PRESETS, apply, new_game, view
from ginrummy_tui.session.past_hands import (
    NO_MOVES,
    NOT_FOUND,
    NOT_RECORDED,
    NOT_REPLAYED,
    EndedHands,
    past_hand,
    rebuild_hand,
)
from ginrummy_tui.storage.history import open_history
from ginrummy_tui.storage.history_records import hand_entry
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
from ginrummy_tui.tui.screens.review_screen import ReviewScreen, agreement
from ginrummy_tui.tui.screens.score_screen import ScoreScreen
from ginrummy_tui.tui.screens.summary_screen import SummaryScreen
from ginrummy_tui.tui.widgets.score_table import ScoreTable

from .app_helpers import review_made, said_in_its_line, screen_text, terminal_click, until
from .app_helpers import settle as _settle
from .test_replay_app import _play_by_keys

RULES = PRESETS["standard"].with_options(target=40)
SEED = 2


def _match() -> list:
    """The states of a match of three hands (easy against standard), each hand's end among them."""
    s = new_game(RULES, seed=SEED)
    easy, standard = get_opponent("easy", 0), get_opponent("standard", 1)
    states = [s]
    while s.phase != "match_over":
        s = apply(s, (easy if s.current == 0 else standard).choose(view(s, s.current)))
        states.append(s)
    return states


def _ends(states) -> dict:
    return {s.hand_no: s for s in states if s.result is not None}


def test_each_hand_of_a_match_is_dealt_again_from_its_recorded_moves():
    states = _match()
    last = states[-1]
    ends = _ends(states)
    assert len(ends) >= 3
    for n, end in ends.items():
        moves = hand_entry(end, end.sheet[-1])["moves"]
        again = rebuild_hand(last, n, moves)
        assert again.history == end.history and again.sheet == end.sheet and again.result == end.result
        assert review_hand(again, 0, samples=24).decisions == review_hand(end, 0, samples=24).decisions


def test_a_hand_without_its_moves_says_why_it_cannot_be_reviewed():
    states = _match()
    last = states[-1]
    end1 = _ends(states)[1]
    moves = hand_entry(end1, end1.sheet[-1])["moves"]
    assert past_hand(last, 1, None, {1: None}) == NO_MOVES  # a record of an earlier version
    assert past_hand(last, 1, None, {}) == NOT_FOUND
    assert past_hand(last, 1, None, NOT_RECORDED) == NOT_RECORDED
    assert past_hand(last, 1, None, {1: moves[:-1]}) == NOT_REPLAYED  # the hand does not end
    assert past_hand(last, 2, None, {2: moves}) == NOT_REPLAYED  # another hand's moves
    # kept in this run: taken as it was, whatever the history says
    kept = EndedHands()
    for s in states:
        kept.keep(s)
    assert past_hand(last, 1, kept, {}) is end1
    # another match's hands are not this one's
    assert past_hand(replace(last, match_no=2), 1, kept, {}) == NOT_FOUND


def test_the_history_gives_back_each_hands_moves(tmp_path):
    states = _match()
    opening = open_history(tmp_path)
    assert opening.history is not None
    rec = opening.history.recorder("m1")
    for s in states:
        rec.observe(s)
    recorded = opening.history.hand_moves("m1")
    assert sorted(recorded) == sorted(_ends(states))
    for n, end in _ends(states).items():
        again = past_hand(states[-1], n, None, recorded)
        assert not isinstance(again, str) and again.history == end.history
    assert opening.history.hand_moves("another") == {}


def _words(app) -> str:
    """The words on screen, the frames' edges and line ends left out."""
    return " ".join(screen_text(app).replace("│", " ").split())


async def _play_match(app, pilot) -> dict:
    """Play the match on the table by keys, going on after each hand; the end of each hand."""
    ends = {}
    chooser = get_opponent("easy", 0)
    for _ in range(20):
        await _play_by_keys(app, pilot, chooser)
        await _settle(app, pilot)
        ends[app.session.state.hand_no] = app.session.state
        if app.session.state.phase == "match_over":
            return ends
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("enter")
    raise AssertionError("the match never ended")


async def test_the_score_table_opens_the_review_of_the_hand_picked():
    """The score table listed every hand but offered no review, and the match's result
    reviewed its last hand alone: hand 1 of a lost match could not be looked back on."""
    app = make_app(state=new_game(RULES, seed=SEED), pause=0, ai="standard")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _settle(app, pilot)
        ends = await _play_match(app, pilot)
        assert len(ends) >= 3
        await pilot.press("enter")  # the end of the last hand, then the match's result
        await _settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen)
        await pilot.press("c")
        assert isinstance(app.screen, ScoreScreen)
        table = app.screen.query_one(ScoreTable)
        assert table.picked == len(ends)  # the last hand, at first
        for _ in range(len(ends) - 1):
            await pilot.press("up")
        assert table.picked == 1
        # other hands to pick: the line says so (with one hand played it does not)
        await until(pilot, lambda: "Hand 1: ⏎ or r shows its review; ↑/↓ pick another" in _words(app))
        await pilot.press("enter")
        assert isinstance(app.screen, ReviewScreen)
        await review_made(app, pilot)
        first = review_hand(ends[1], 0, samples=24)
        await until(pilot, lambda: "Review of hand 1" in screen_text(app))  # drawn once made
        assert agreement(first.decisions, first.agreed, first.as_good, first.better)[:40] in screen_text(app)
        # back on the table, a click on hand 2's row opens its review
        await pilot.press("escape")
        assert isinstance(app.screen, ScoreScreen)
        table = app.screen.query_one(ScoreTable)
        row = table.row_lines()[2][0]
        await terminal_click(app, pilot, table, (4, row))
        assert isinstance(app.screen, ReviewScreen)
        await review_made(app, pilot)
        await until(pilot, lambda: "Review of hand 2" in screen_text(app))
        # on the match's result: ↑ picks hand 1 in its table, r reviews it
        await pilot.press("escape", "escape")
        assert isinstance(app.screen, MatchOverScreen)
        for _ in range(len(ends) - 1):
            await pilot.press("up")
        await pilot.press("r")
        assert isinstance(app.screen, ReviewScreen)
        await review_made(app, pilot)
        await until(pilot, lambda: "Review of hand 1" in screen_text(app))


async def test_a_hand_that_cannot_be_dealt_again_says_why_on_its_row():
    """A match resumed at its result from a save with no record of its hands (nothing
    recorded): the hands before the last cannot be dealt again, and the table says why."""
    states = _match()
    last = states[-1].hand_no
    app = make_app(state=states[-1], pause=0, ai="standard")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _settle(app, pilot)
        await pilot.press("enter")
        await _settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen)
        await pilot.press("c")
        assert isinstance(app.screen, ScoreScreen)
        for _ in range(last - 1):
            await pilot.press("up")
        assert app.screen.query_one(ScoreTable).picked == 1
        said = "Hand 1: It ended before gin-tui was last started, and this match is not recorded"
        await until(pilot, lambda: said in _words(app))

        await pilot.press("enter")
        assert isinstance(app.screen, ScoreScreen)  # no review: the line above the keys says why again
        assert said in (said_in_its_line(app) or "")
        # the last hand, on the table when the app began, is reviewed
        for _ in range(last - 1):
            await pilot.press("down")
        await pilot.press("enter")
        assert isinstance(app.screen, ReviewScreen)
        await review_made(app, pilot)
        await until(pilot, lambda: f"Review of hand {last}" in screen_text(app))


async def test_over_the_network_the_score_table_says_why_no_hand_is_reviewed():
    """In network play no hand is reviewed, as the hand just ended is not: each row says why
    (the whole deal, the other player's cards with it, is not this seat's to see)."""
    import asyncio

    from ginrummy_tui.engine import Action
    from ginrummy_tui.engine.cards import card
    from ginrummy_tui.net.remote_session import RemoteSession
    from ginrummy_tui.net.server import MatchServer, ServerThread

    from .test_end_behind_overlay import computer_to_end_the_hand

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
            bob.submit(Action("draw stock"))
            await until(pilot, lambda: len(bob.view().hand) == 11)
            bob.submit(Action("gin", card("KD")))  # Bob goes gin: the hand is over
            await until(pilot, lambda: app.session.view().phase.ended)
            await pilot.press("c")
            await until(pilot, lambda: isinstance(app.screen, ScoreScreen))
            # the host's side too, whose machine holds the whole deal: said so, it read "A review
            # needs the whole deal: it is there in games against the computer.", "⏎ Review" offered
            said = "Hand 1: No review in network play: hands are reviewed in games against the computer."
            await until(pilot, lambda: said in _words(app))
            shown = {b.binding.action for b in app.screen.active_bindings.values() if b.binding.show}
            assert "review" not in shown
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ScoreScreen)  # no review: the line above the keys says why
            assert said in (said_in_its_line(app) or "")
    finally:
        await bob.aclose()
        await ann.aclose()
        if bobs_connection is not None:
            await bobs_connection


def test_a_history_that_cannot_be_used_at_all_is_not_said_to_be_busy(tmp_path):
    """A directory where the history database goes: the past hands' line said another gin-tui
    may be writing to it and to try again in a moment, which would never help."""
    from ginrummy_tui.session.keeper import Keeper
    from ginrummy_tui.storage.store import Store

    (tmp_path / "history.sqlite3").mkdir()
    keeper = Keeper(Store(tmp_path), match_id="m1")
    said = keeper.recorded_moves()
    assert isinstance(said, str)
    assert "another gin-tui" not in said and "try again" not in said
    assert said.startswith("Its moves would be in your history, which cannot be used (")
    keeper.close_history()
