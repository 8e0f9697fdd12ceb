"""Practice looks like practice (issue 13).

A deal played again (``a`` after a hand, or ``gin-tui --seed 5 --hand 3``)
shows a banner that stays for the whole hand instead of the match's scores:
which hand it is, that it is not saved, the practice hand's own points, and
the match's real scores apart; the quit question says the real match
resumes where it was.
"""

from __future__ import annotations

import contextlib
import functools
import re

import pytest

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.cli.play import build_app
from ginrummy_tui.engine.words import apart
from ginrummy_tui.session.startup import prepare
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.screens.confirm_quit import ConfirmQuit
from ginrummy_tui.tui.screens.summary_screen import SummaryScreen
from ginrummy_tui.tui.widgets.scoreboard import Scoreboard

from .app_helpers import screen_text, settle
from .test_replay_app import _ended_hand, _play_by_keys
from .test_resume import args_for, never_asked

SIZE = (80, 24)


def _banner(app) -> str:
    return app.table.query_one(Scoreboard).render().plain


async def test_a_deal_played_again_shows_a_banner_that_stays_and_the_match_apart():
    _start, ended = _ended_hand(4)
    you, them = ended.scores
    assert you or them
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        assert "Practice" not in _banner(app)
        await pilot.press("a")
        await settle(app, pilot)
        expected = f" Practice — hand 1 of match 1, not saved   this deal: You 0–0 · match: You {you}–{them} Computer"
        if len(expected) > 78:  # the line has 78 columns: words give way, never the scores
            expected = expected.replace(", not saved", "")
        assert _banner(app) == expected
        # it stays through the hand, counting the practice hand's own points apart from the match
        await _play_by_keys(app, pilot, get_opponent("expert", 0))
        v = app.session.view()
        assert v.phase == "hand_over"
        assert v.scores != (0, 0)  # the practice hand was dealt with 0-0 (hand 1): its points are its own
        expected = (
            f" Practice — hand 1 of match 1, not saved   this deal: You {v.scores[0]}–{v.scores[1]} · "
            f"match: You {you}–{them} Computer"
        )
        if len(expected) > 78:
            expected = expected.replace(", not saved", "")
        assert _banner(app) == expected


async def practice_quit_note(app, pilot) -> str:
    """``a`` on the summary of a hand, then ``q``: the quit question's note."""
    await settle(app, pilot)
    await pilot.press("a")
    await settle(app, pilot)
    await pilot.press("q")
    await pilot.pause()
    assert isinstance(app.screen, ConfirmQuit)
    # worded for a practice hand, which is not saved: "Quit in the middle of the hand?" was the match's;
    # it is left for the match (m) or for the shell (y)
    assert app.screen.question == "Leave this practice hand?"
    return apart(app.screen.note)  # (its groups of words kept together: "after hand 1")


async def test_the_quit_question_in_practice_says_the_match_resumes_where_it_was(tmp_path):
    """a on a hand's result, then q: the question is a practice hand's, and names the other
    player as the table does ("Computer (standard)"): it asked "Quit in the middle of the
    hand?" and named "Computer 0"."""
    _start, ended = _ended_hand(4)
    you, them = ended.scores
    plan = prepare(args_for(tmp_path, ai="standard"), ask=never_asked)
    plan.state = ended
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert await practice_quit_note(app, pilot) == (
                f"This practice hand is not saved. Your match resumes where it was: after hand 1, "
                f"You {you} · Computer (standard) {them}."
            )
            # on the screen, the hand with its number, each score with its player: at 80x24
            # "...where it was: after hand" ended a line, "1, You 0 · ..." began the next
            note = app.screen.query_one("#confirm-note")
            rows = screen_text(app).splitlines()[note.region.y : note.region.bottom]
            assert len(rows) > 1
            for group in ("after hand 1,", f"You {you} ·", f"Computer (standard) {them}."):
                assert any(group in row for row in rows), (group, rows)
    finally:
        plan.close()


async def test_the_quit_question_in_practice_of_a_finished_match_says_a_new_match_begins(tmp_path):
    """The last hand of a match played again with a: the quit question said "Your match
    resumes where it was", but the finished match is archived and the next start deals a new one."""
    from ginrummy_tui.engine import PRESETS, apply, new_game, view

    s = new_game(PRESETS["standard"].with_options(target=5), seed=3)
    bot = get_opponent("standard", 0)
    while s.phase != "match_over":
        s = apply(s, bot.choose(view(s, s.current)))
    you, them = s.scores
    plan = prepare(args_for(tmp_path, ai="standard"), ask=never_asked)
    plan.state = s
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert await practice_quit_note(app, pilot) == (
                f"This practice hand is not saved. Your match is over (You {you} · Computer (standard) {them}): "
                "the next time you start gin-tui, a new match begins."
            )
    finally:
        plan.close()


async def test_the_quit_question_in_practice_of_a_match_not_saved_says_the_match_ends():
    """Played without saving (gin-tui --data-dir -), the question said the match
    resumes where it was, though the quit ends it too."""
    _start, ended = _ended_hand(4)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=SIZE) as pilot:
        assert await practice_quit_note(app, pilot) == "This match is not saved: it ends here."


async def test_a_deal_replayed_from_the_command_line_is_marked_as_practice(tmp_path):
    plan = prepare(args_for(tmp_path, seed=5, hand=3), ask=never_asked)
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            # the line has 78 characters: the deal's score gives way to the practice's
            assert _banner(app) == " Practice — hand 3 of seed 5's deals, not counted   practice: You 0–0 Computer"
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmQuit)
            assert app.screen.note == (
                "This practice deal does not count; the next time you start gin-tui, a new match begins."
            )
    finally:
        plan.close()


def _match_saved(root, *, over: bool = False) -> None:
    """A match of the player's own in the main slot of ``root``: in progress, or ``over``
    (the knock at match point made)."""
    from ginrummy_tui.engine import Action, apply
    from ginrummy_tui.engine.cards import card
    from ginrummy_tui.engine.kinds import Kind, Phase
    from ginrummy_tui.storage.store import Store
    from ginrummy_tui.tui import scenarios

    state = scenarios.match_point()
    if over:
        state = apply(apply(state, Action(Kind.DRAW_STOCK)), Action(Kind.KNOCK, card("KD")))
        assert state.phase == Phase.MATCH_OVER
    assert Store(root).save(state, match_id="m-own", settings={"ai": "standard"})


async def test_a_practice_deal_with_a_match_in_progress_says_it_resumes(tmp_path):
    """The player's own match left unfinished in the data folder: the next start resumes it."""
    _match_saved(tmp_path)
    plan = prepare(args_for(tmp_path, seed=5, hand=3), ask=never_asked)
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmQuit)
            assert app.screen.note == (
                "This practice deal does not count. Your match resumes where it was the next time you start gin-tui."
            )
    finally:
        plan.close()


async def test_a_practice_deal_after_a_match_over_says_a_new_one_begins(tmp_path):
    """The player's last match over (still in its slot): there is none to resume."""
    _match_saved(tmp_path, over=True)
    plan = prepare(args_for(tmp_path, seed=5, hand=3), ask=never_asked)
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmQuit)
            assert app.screen.note == (
                "This practice deal does not count; the next time you start gin-tui, a new match begins."
            )
    finally:
        plan.close()


async def test_ctrl_z_with_no_shell_in_a_practice_deal_says_what_the_quit_question_says(tmp_path, monkeypatch):
    """Ctrl+Z where no shell brings the game back, in a deal replayed with --hand: its note
    said "Quit with q (your match is saved: gin-tui resumes it).", of a deal that counts in
    no match and is not what gin-tui resumes.  It says what the quit question says there."""
    from ginrummy_tui.tui import suspend

    monkeypatch.setattr(suspend, "can_suspend", lambda _app: False)
    plan = prepare(args_for(tmp_path, seed=7, hand=1), ask=never_asked)
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await settle(app, pilot)
            await pilot.press("ctrl+z")
            await pilot.pause()
            said = [" ".join(str(n.message).split()) for n in app._notifications if "no shell" in str(n.message)]
            # no match of the player's saved (an empty data folder): none to resume, as the quit question says
            assert said == [
                "Ctrl+Z: there is no shell here to come back from. Quit with q. This practice deal does not "
                "count; the next time you start gin-tui, a new match begins."
            ]
    finally:
        plan.close()


async def test_the_practice_quit_question_names_the_command_that_finds_the_match(tmp_path):
    """With --data-dir the practice deal's quit question said the match resumes
    "the next time you start gin-tui", which opens another directory: it names
    the command that resumes it, as the match's own quit question does."""
    command = f"gin-tui --data-dir {tmp_path}"
    _match_saved(tmp_path)
    plan = prepare(args_for(tmp_path, seed=5, hand=3), ask=never_asked)
    app = build_app(plan, pause=0, command=command)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmQuit)
            assert apart(app.screen.note).endswith(f"the next time you start {command}."), app.screen.note
    finally:
        plan.close()


async def test_the_banner_keeps_the_match_score_whole_in_a_narrow_terminal():
    """With a two-digit score the full banner is 79 characters, one more than the
    line has at 80 columns: it shortens its head, never the scores."""
    from .test_replay_app import _ended_hand as ended_hand

    seed = next(s for s in range(1, 60) if max(ended_hand(s)[1].scores) >= 10)
    _start, ended = ended_hand(seed)
    you, them = ended.scores
    for width, head, scores in (
        (80, " Practice — hand 1 of match 1   this deal: ", f"this deal: You 0–0 · match: You {you}–{them} Computer"),
        (100, " Practice — hand 1 of match 1, not saved   this deal: ",
         f"this deal: You 0–0 Computer · match: You {you}–{them} Computer"),
        (50, " Practice   ", f"   match: You {you}–{them} Computer"),
    ):
        app = make_app(state=ended, pause=0, ai="standard")
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("a")
            await settle(app, pilot)
            board = app.table.query_one(Scoreboard)
            text = _banner(app)
            assert len(text) <= board.size.width, (width, text)
            assert text.startswith(head), (width, text)
            assert text.endswith(scores), (width, text)


async def test_the_end_of_a_practice_hand_and_the_score_table_keep_the_match_apart():
    """The end of a practice hand said "You score 50" and "Scores: You 50", and
    ``c`` showed the practice as the match's hand 1, though the match had 48."""
    from ginrummy_tui.tui.screens.score_screen import ScoreScreen

    from .app_helpers import screen_text

    _start, ended = _ended_hand(4)
    real = ended.sheet[0]
    you, them = ended.scores
    assert real.winner == 0 and real.points == you and them == 0
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("a")
        await settle(app, pilot)
        await _play_by_keys(app, pilot, get_opponent("easy", 1))
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        practice = app.session.view()
        assert practice.sheet[0] != real  # played otherwise: its points are not the match's
        text = screen_text(app)
        assert "Practice of hand 1: " in text
        winner = "you" if practice.result.winner == 0 else "Computer (standard)"
        assert f"Practice: {winner} would have scored {practice.result.points}" in text
        assert f"Not counted: in your match, you scored {real.points} in hand 1." in text
        assert f"Match scores: You {you} · Computer (standard) {them} (to 100)" in text
        assert "You score" not in text and "\n  Scores:" not in text
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        text = screen_text(app)
        assert f"You +{real.points}" in text and f"+{practice.result.points} " not in text
        assert "This is your match's table: the practice of hand 1 does not count." in text
        await pilot.press("escape", "enter")
        await settle(app, pilot)
        await pilot.press("c")
        await pilot.pause()
        assert "practice" not in screen_text(app)  # back in the match: its table, as it was
        assert f"You +{real.points}" in screen_text(app)


async def test_with_ascii_suits_the_quit_question_in_practice_is_ascii(tmp_path):
    """With ASCII suits, a then q on a hand's result: the question's note gave the
    match's scores as "You 32 · Computer (master) 0", with a "·" among the ASCII boxes."""
    from textual.widgets import Static

    from .app_helpers import screen_text

    _start, ended = _ended_hand(4)
    you, them = ended.scores
    plan = prepare(args_for(tmp_path, ai="standard"), ask=never_asked)
    plan.state = ended
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            app.ascii_only = True
            await practice_quit_note(app, pilot)
            note = str(app.screen.query_one("#confirm-note", Static).render())
            assert note == f"This practice hand is not saved. Your match resumes where it was: after hand 1, You {you} - Computer (standard) {them}."
            assert screen_text(app).isascii(), screen_text(app)
    finally:
        plan.close()


@functools.cache
def _finished_match():
    """A match of standard rules played to its end by two standard opponents."""
    from ginrummy_tui.engine import PRESETS, apply, new_game, view

    s = new_game(PRESETS["standard"], seed=3)
    bot = get_opponent("standard", 0)
    while s.phase != "match_over":
        s = apply(s, bot.choose(view(s, s.current)))
    return s


@contextlib.asynccontextmanager
async def _at_the_result(tmp_path, size=(120, 32), *, match_ai: str | None = None, **options):
    """The app of a player whose settings are ``options`` (``args_for``'s), on the
    result of a finished match kept as the match in play (as a resumed one is),
    played against ``match_ai`` (by default the settings' level); gives ``(app, pilot)``."""
    plan = prepare(args_for(tmp_path, **options), ask=never_asked)
    plan.state = _finished_match()
    if match_ai is not None:
        plan.ai = match_ai
    plan.keeper.begin(plan.state)
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await pilot.press("enter")  # from the last hand's end to the match's result
            await settle(app, pilot)
            yield app, pilot
    finally:
        plan.close()


def _said(app) -> str:
    from .app_helpers import screen_text

    return " ".join(screen_text(app).split())


async def _save_opponent(app, pilot, level: str) -> None:
    """F2, the opponent set to ``level``, Ctrl+S."""
    await pilot.press("f2")
    await settle(app, pilot)
    app.screen.query_one("#ai").value = level
    await pilot.press("ctrl+s")
    await settle(app, pilot)


async def test_the_end_of_a_match_resumed_against_another_level_says_the_next_match_is_against_the_settings_one(tmp_path):
    """A match started with --ai master, quit, then resumed without it, went on
    against the master, as it should; but ⏎ at its end started a match against
    the settings' standard with nothing said: the header alone showed it."""
    async with _at_the_result(tmp_path, match_ai="master", ai="standard") as (app, pilot):
        said = _said(app)
        assert "won the match" in said
        assert "The next match is against Computer (standard), as your settings say (F2 changes them)." in said
        await pilot.resize_terminal(*SIZE)
        await settle(app, pilot)
        assert "Next match: against Computer (standard), your settings (F2)." in _said(app)
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.session.opponent_level(None) == "standard"  # as it said


async def test_the_end_of_a_match_says_nothing_of_the_next_one_played_as_this_one(tmp_path):
    async with _at_the_result(tmp_path, SIZE, ai="standard") as (app, pilot):
        said = _said(app)
        assert "won the match" in said and "next match" not in said.lower()


async def test_the_next_matchs_line_follows_the_settings_changed_from_the_result(tmp_path):
    """The line says F2 changes the next match; changed there to the master, the
    line still said the next match was against the standard opponent."""
    async with _at_the_result(tmp_path, match_ai="master", ai="standard") as (app, pilot):
        assert "The next match is against Computer (standard)" in _said(app)
        await _save_opponent(app, pilot, "master")
        said = _said(app)
        assert "won the match" in said and "next match" not in said.lower()


async def test_the_next_matchs_line_gives_a_new_target_in_plain_words(tmp_path):
    async with _at_the_result(tmp_path, ai="standard", rule=["target=150"]) as (app, pilot):
        assert "The next match is played with standard rules, to 150, as your settings say" in _said(app)


async def test_a_new_opponent_saved_on_the_matchs_result_waits_for_the_next_match(tmp_path):
    """F2 on the match's result, another opponent saved: a new match started at once, and
    the result (its table, its race, r and a on its last hand) was gone."""
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen

    async with _at_the_result(tmp_path, ai="standard") as (app, pilot):
        await _save_opponent(app, pilot, "expert")
        assert isinstance(app.screen, MatchOverScreen) and app.session.state.phase == "match_over"
        assert "The next match is against Computer (expert), as your settings say" in _said(app)
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.session.state.phase != "match_over" and app.session.opponent_level(None) == "expert"


async def test_a_new_opponent_saved_in_a_practice_of_the_last_hand_waits_for_the_next_match(tmp_path):
    """The same from a practice of the finished match's last hand (a on its result):
    the real match is over, so the settings wait for the next one, as on the result."""
    async with _at_the_result(tmp_path, ai="standard") as (app, pilot):
        await pilot.press("a")  # the last hand's deal, played again
        await settle(app, pilot)
        assert app.session.replaying
        await _save_opponent(app, pilot, "expert")
        assert app.session.replaying  # the practice goes on
        assert app.context.control is not None and app.context.control.match_over()


async def test_the_end_of_a_practice_hand_keeps_its_keys_two_spaces_apart_at_80_columns():
    """At 80 columns the key bar of a practice hand's end squeezed every key one space apart
    ("⏎ Back to your match r Review a Replay deal m Moves ..."): Enter says "Your match"
    there (the line above says "⏎: your match's hand 2"), and every key keeps two spaces;
    where there is room it says "Back to your match"."""
    from ginrummy_tui.tui.widgets.key_bar import KeyBar

    _start, ended = _ended_hand(4)
    keys = "  r Review  a Replay deal  m Moves  ? Rules  c Scores  q Quit"
    for width, enter in ((80, "⏎/Space Your match"), (100, "⏎/Space Back to your match")):
        app = make_app(state=ended, pause=0, ai="standard")
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("a")
            await settle(app, pilot)
            await _play_by_keys(app, pilot, get_opponent("expert", 0))
            await settle(app, pilot)
            assert isinstance(app.screen, SummaryScreen)
            assert app.screen.query_one(KeyBar).render().plain.strip() == enter + keys


@contextlib.asynccontextmanager
async def practising_after(tmp_path, state):
    """``gin-tui`` at 80x24 on a match whose hand ``state`` has ended, its deal played again
    (``a``): ``(app, pilot)`` in the practice hand."""
    plan = prepare(args_for(tmp_path, ai="standard"), ask=never_asked)
    plan.state = state
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("a")
            await settle(app, pilot)
            yield app, pilot
    finally:
        plan.close()


async def test_the_quit_question_of_a_practice_hand_goes_back_to_the_match(tmp_path):
    """In the middle of a practice hand (a after a hand) q asked "Quit this practice
    hand?" with only quit (the whole program) and back: the match could be had back
    only by finishing the hand.  The question offers the match (m) beside quitting
    gin-tui (y) and playing on (n, Escape, Enter on the focused answer); m goes back to
    the match as it was, the end of the hand replayed (it dealt the match's next hand,
    that end and its review gone); Enter there deals the next hand."""
    from ginrummy_tui.tui.screens.game_screen import GameScreen

    from .app_helpers import screen_text

    _start, ended = _ended_hand(4)
    async with practising_after(tmp_path, ended) as (app, pilot):
        assert app.session.replaying and app.session.view().hand_no == 1
        for keep_playing in ("n", "escape", "enter"):
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmQuit) and app.screen.question == "Leave this practice hand?"
            text = screen_text(app)
            for answer in ("Quit gin-tui (y)", "Back to your match (m)", "Keep playing this hand (n)"):
                assert answer in text, text
            await pilot.press(keep_playing)
            await settle(app, pilot)
            assert isinstance(app.screen, GameScreen) and app.session.replaying, keep_playing
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("m")
        await settle(app, pilot)
        assert app.is_running and isinstance(app.screen, SummaryScreen)
        assert not app.session.replaying and app.session.state is ended
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, GameScreen)
        v = app.session.view()
        assert v.hand_no == 2 and v.phase.playing and v.scores == ended.scores
        assert "Practice" not in _banner(app)


async def test_back_to_a_match_that_is_over_from_its_last_hand_played_again_shows_its_result(tmp_path):
    """m in the middle of the last hand of a finished match played again goes back to
    that hand's end, and Enter there to the match's result."""
    from ginrummy_tui.engine import PRESETS, apply, new_game, view
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen

    s = new_game(PRESETS["standard"].with_options(target=5), seed=3)
    bot = get_opponent("standard", 0)
    while s.phase != "match_over":
        s = apply(s, bot.choose(view(s, s.current)))
    async with practising_after(tmp_path, s) as (app, pilot):
        assert app.session.replaying
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("m")
        await settle(app, pilot)
        assert not app.session.replaying and app.session.view().phase == "match_over"
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen)


async def test_m_from_the_middle_of_a_practice_hand_goes_back_to_the_end_of_the_hand_it_replayed():
    """q then m in a practice hand dealt the match's next hand at once, the end of the hand
    replayed (and its review) gone, and the practice's start note stayed over the real hand."""
    _start, ended = _ended_hand(4)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(app, pilot)
        await pilot.press("a")
        await settle(app, pilot)
        assert [n.title for n in app._notifications] == ["Replay this deal"]
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("m")
        await settle(app, pilot)
        assert not app.session.replaying
        assert app.session.state is ended  # not dealt on: hand 1's end, as the match was
        assert isinstance(app.screen, SummaryScreen)
        assert "r: review" in screen_text(app)
        assert [n.title for n in app._notifications] == []  # the practice's note is taken down
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.session.state.hand_no == 2


async def test_the_practice_quit_questions_key_bar_says_its_buttons_words():
    """q in a practice hand: the buttons say "Quit gin-tui (y)", "Back to your match (m)" and
    "Keep playing this hand (n)"; the key bar said "y Quit  m Your match  n Back", n's "Back"
    where n keeps playing."""
    _start, ended = _ended_hand(4)
    app = make_app(state=ended, pause=0, ai="standard")
    async with app.run_test(size=SIZE) as pilot:
        await practice_quit_note(app, pilot)
        bottom = screen_text(app).rstrip("\n").splitlines()[-1]
        assert bottom.split() == ["y", "Quit", "m", "Match", "n", "Keep", "playing"], bottom


async def test_the_quit_question_in_practice_of_a_finished_classic_match_gives_its_final_score(tmp_path):
    """The last hand of a classic match played again with a: the quit question gave the hands'
    points (You 128 · Computer (standard) 59) where the match's result had given its final
    score with the box and game bonuses (288 to 99); the banner's match score likewise."""
    from ginrummy_tui.engine import PRESETS, Action, Kind, apply, new_game, view

    s = new_game(PRESETS["classic"].with_options(target=30), seed=3)
    bot = get_opponent("standard", 0)
    while s.phase != "match_over":
        s = apply(s, Action(Kind.NEXT_HAND) if s.phase == "hand_over" else bot.choose(view(s, s.current)))
    assert s.totals != s.scores
    you, them = s.totals
    plan = prepare(args_for(tmp_path, ai="standard"), ask=never_asked)
    plan.state = s
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert await practice_quit_note(app, pilot) == (
                f"This practice hand is not saved. Your match is over (You {you} · Computer (standard) {them} "
                "with bonuses): the next time you start gin-tui, a new match begins."
            )
            await pilot.press("escape")
            await settle(app, pilot)
            assert f"match: You {you}–{them}" in _banner(app)
    finally:
        plan.close()


async def test_a_hint_to_wait_in_a_practice_deal_speaks_of_no_match_to_win(tmp_path):
    """gin-tui --ai master --seed 21 --hand 3, every hint followed: the hint to wait said
    "..., but waiting wins more matches." in a deal that counts in no match.  Where the
    expert's rule waits there (its words in a practice deal: ``test_hints.py``), the hints
    now knock, by the master's search weighing this hand's points, and say so in points."""
    from ginrummy_tui.tui.practice import practising
    from ginrummy_tui.tui.widgets.prompt import PromptLine

    from .test_tui import until

    plan = prepare(args_for(tmp_path, seed=21, hand=3, ai="master"), ask=never_asked)
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            assert practising(app)
            table = app.table

            def line() -> str:
                return table.query_one(PromptLine).plain

            for move in ("t", "enter", "s", "enter", "d", ""):
                await until(pilot, lambda: table.v is not None and table.v.my_turn, "your turn")
                await pilot.press("h")
                await until(pilot, lambda: "Hint:" in line(), "the hint")
                if move:
                    await pilot.press(move)
                    await settle(app, pilot)
            said = line()
            assert "Knock with 5♥: it leaves 8 deadwood, " in said, said
            assert re.search(r"; waiting does about \d+ points worse here\.$", said), said
            assert "match" not in said, said
    finally:
        plan.close()


async def test_a_match_is_no_practice():
    from ginrummy_tui.tui.practice import practising

    app = make_app(seed=21, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert not practising(app)


async def test_the_practice_banner_names_whose_match_score_is_whose_at_80_and_46_columns():
    """a on a match at 120 to 157: "match: You 120–157" named no opponent, as if both scores were
    the player's. The match's score names the other player after its points, within the line."""
    from dataclasses import replace

    _start, ended = _ended_hand(4)
    ended = replace(ended, scores=(120, 157))  # the totals, with no bonuses: the scores
    for width, expected in (
        (80, " Practice — hand 1 of match 1   deal: You 0–0 · match: You 120–157 Computer"),
        (46, " Practice   match: You 120–157 Computer"),
    ):
        app = make_app(state=ended, pause=0, ai="standard")
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(app, pilot)
            await pilot.press("a")
            await settle(app, pilot)
            board = app.table.query_one(Scoreboard)
            assert _banner(app) == expected, width
            assert len(expected) <= board.size.width


async def test_a_deal_replayed_from_the_command_line_is_practice_hand_after_hand(tmp_path):
    """gin-tui --seed 5 --hand 3, played to its end, then ⏎: the banner of hand 4 said "this deal:
    You 9–0 Computer", the points of hand 3, another deal; and the end of hand 3 said "Hand 3:
    You knocked." and "Scores: ..." with no word of practice, where a practice with a says
    "Practice of hand 3". Each deal has its own points, 0–0 as it is dealt, and its end says
    it is practice, as a with does."""
    plan = prepare(args_for(tmp_path, seed=5, hand=3, ai="standard"), ask=never_asked)
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            assert _banner(app).endswith("   deal: You 0–0 · practice: You 0–0 Computer")
            await _play_by_keys(app, pilot, get_opponent("standard", 0))
            await settle(app, pilot)
            assert isinstance(app.screen, SummaryScreen)
            v = app.session.view()
            row = v.sheet[-1]
            assert row.hand_no == 3 and row.winner is not None and row.points
            won = (row.points, 0) if row.winner == 0 else (0, row.points)
            assert _banner(app).endswith(f"   deal: You {won[0]}–{won[1]} · practice: You {won[0]}–{won[1]} Computer")
            text = screen_text(app)
            assert "Practice of hand 3: " in text and "Hand 3:" not in text
            assert (f"Practice scores: You {v.scores[0]} · Computer (standard) {v.scores[1]} "
                    f"(to 100), not counted") in text
            await pilot.press("enter")
            await settle(app, pilot)
            assert app.session.view().hand_no == 4
            # the practice's score, 0–0 no more: its hand 4 said "this deal: You 0–0 Computer" alone
            assert _banner(app) == (
                f" Practice — hand 4 of seed 5's deals, not counted   deal: You 0–0 · practice: You {won[0]}–{won[1]} Computer"
            )
    finally:
        plan.close()


@pytest.mark.parametrize("size", [(100, 30), (46, 21)])
async def test_the_score_table_of_a_deal_replayed_from_the_command_line_names_the_practice(tmp_path, size):
    """gin-tui --seed 101 --hand 3, c: the score table's title read "Match 1 · to 100 ·
    standard rules", while the banner said "Practice — hand 3 of seed 101's deals, not
    counted". It names the practice as the banner does, on one line ("Practice · to 100 ·
    standard rules" at 46 columns)."""
    from ginrummy_tui.tui.screens.score_screen import ScoreScreen
    from ginrummy_tui.tui.widgets.score_table import ScoreTable

    plan = prepare(args_for(tmp_path, seed=101, hand=3), ask=never_asked)
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await pilot.press("c")
            await settle(app, pilot)
            assert isinstance(app.screen, ScoreScreen)
            table = app.screen.query_one(ScoreTable)
            title = str(table.render().title)
            # "Practice" alone where the whole name would take a second line
            named = "Practice of seed 101's deals" if size[0] >= 60 else "Practice"
            assert title.startswith(f"{named} · to 100 · "), title
            assert "Match" not in title
            assert title in screen_text(app), screen_text(app)
    finally:
        plan.close()


async def test_back_to_the_match_from_a_practice_hand_with_its_pile_listed_shows_the_end_of_the_hand(tmp_path):
    """l in a practice hand, then q and m: the match's finished hand came back with the practice's
    pile still listed, "Hand 1 is over: its end is shown once you close the pile list (l)", and
    the keys of a hand in play. The list was the practice's: the end of the hand shows at once."""
    from ginrummy_tui.tui.widgets.discard_pile import DiscardPile

    _start, ended = _ended_hand(4)
    async with practising_after(tmp_path, ended) as (app, pilot):
        await pilot.press("p")  # a card goes on the pile, so that there is one under the top
        await settle(app, pilot)
        await pilot.press("l")
        await settle(app, pilot)
        assert app.table.query_one(DiscardPile).expanded
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("m")
        await settle(app, pilot)
        assert not app.session.replaying and app.session.state is ended
        assert not app.table.query_one(DiscardPile).expanded
        assert isinstance(app.screen, SummaryScreen), screen_text(app)
        assert "pile list" not in screen_text(app)


async def test_a_new_match_after_a_deal_replayed_from_the_command_line_names_the_seeds_match_it_deals(tmp_path):
    """⏎ on the result of a `--seed 5 --hand 3` practice dealt the seed's second match, under
    the banner "Practice — hand 1 of seed 5's deals": the first match's hand 1, which its cards
    were not."""
    from ginrummy_tui.engine import new_game
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen

    plan = prepare(args_for(tmp_path, seed=5, hand=3, ai="standard", rule=["target=1"]), ask=never_asked)
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(app, pilot)
            while not isinstance(app.screen, MatchOverScreen):
                await _play_by_keys(app, pilot, get_opponent("standard", 0))
                await settle(app, pilot)
                await pilot.press("enter")
                await settle(app, pilot)
            await pilot.press("enter")
            await settle(app, pilot)
            v = app.session.view()
            assert v.match_no == 2 and v.hand_no == 1
            assert _banner(app).startswith(" Practice — hand 1 of match 2 of seed 5's deals"), _banner(app)
            first = new_game(app.session.state.rules, seed=5)
            assert sorted(v.hand) != sorted(first.hands[v.seat])  # not the first match's hand 1
    finally:
        plan.close()


@contextlib.asynccontextmanager
async def seed_practice_replayed(tmp_path, size=(120, 32), *, main_saved: bool = False):
    """``gin-tui --seed 101 --hand 3``, hand 3 played to its end, then ``a``: ``(app, pilot)``
    in the practice of hand 3 played again, inside the practice of seed 101's deals
    (``main_saved``: the player's own match left unfinished in the data folder)."""
    if main_saved:
        _match_saved(tmp_path)
    plan = prepare(args_for(tmp_path, seed=101, hand=3, ai="standard"), ask=never_asked)
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=size, notifications=True) as pilot:
            await settle(app, pilot)
            await _play_by_keys(app, pilot, get_opponent("standard", 0))
            await settle(app, pilot)
            assert isinstance(app.screen, SummaryScreen)
            await pilot.press("a")
            await settle(app, pilot)
            assert app.session.replaying and app.session.view().hand_no == 3
            yield app, pilot
    finally:
        plan.close()


async def test_a_deal_played_again_in_a_seed_practice_speaks_of_that_practice_not_of_a_match(tmp_path):
    """gin-tui --seed 101 --hand 3, then a after hand 3: its banner said "Practice — hand 3 of
    match 1", its start note that ⏎ "goes back to your match", its end "Not counted: in your
    match, ..." and "⏎/Space: your match's hand 4", c "Practice of a seed's deals" and "This is
    your match's table", and back in the practice the seed was lost for good ("Practice — hand
    4 of a seed's deals"). Every word speaks of the practice of seed 101's deals, which counts
    in no match."""
    from ginrummy_tui.tui.screens.score_screen import ScoreScreen
    from ginrummy_tui.tui.widgets.key_bar import KeyBar
    from ginrummy_tui.tui.widgets.score_table import ScoreTable

    async with seed_practice_replayed(tmp_path) as (app, pilot):
        real = app.session.real.state
        you, them = real.scores
        assert _banner(app).startswith(" Practice — hand 3 of seed 101's deals, not saved   "), _banner(app)
        # the practice's score, named so: it was "match: You 0–10 Computer", of no match of the player's
        assert _banner(app).endswith(f"deal: You 0–0 · practice: You {you}–{them} Computer"), _banner(app)
        assert "match" not in _banner(app), _banner(app)
        said = [" ".join(str(n.message).split()) for n in app._notifications]
        assert any(n.endswith("after it goes back to your practice of seed 101's deals.") for n in said), said
        assert not any("your match" in n for n in said), said
        await _play_by_keys(app, pilot, get_opponent("expert", 0))
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
        text = " ".join(screen_text(app).split())
        assert "Not counted: in your practice, " in text, text
        assert f"Practice scores: You {you} · Computer (standard) {them} (to 100)" in text, text
        assert "⏎/Space: your practice's hand 4" in text, text
        assert app.screen.query_one(KeyBar).render().plain.strip().startswith("⏎/Space Back to your practice  r Review")
        assert "your match" not in text.lower() and "Match scores" not in text, text
        await pilot.press("c")
        await settle(app, pilot)
        assert isinstance(app.screen, ScoreScreen)
        title = str(app.screen.query_one(ScoreTable).render().title)
        assert title.startswith("Practice of seed 101's deals · to 100 · "), title
        assert app.screen.note == "This is your practice's table: hand 3 played again does not count."
        await pilot.press("escape")
        await settle(app, pilot)
        await pilot.press("enter")
        await settle(app, pilot)
        assert not app.session.replaying and app.session.view().hand_no == 4
        assert _banner(app) == (
            f" Practice — hand 4 of seed 101's deals, not counted   deal: You 0–0 · practice: You {you}–{them} Computer"
        )
        await pilot.press("c")
        await settle(app, pilot)
        title = str(app.screen.query_one(ScoreTable).render().title)
        assert title.startswith("Practice of seed 101's deals · to 100 · "), title


async def test_the_quit_question_in_a_deal_played_again_in_a_seed_practice_goes_back_to_the_practice(tmp_path):
    """q in a deal played again (a) inside gin-tui --seed 101 --hand 3 offered "Back to your
    match (m)", of a practice that is no match; m goes back to the practice."""
    async with seed_practice_replayed(tmp_path, SIZE) as (app, pilot):
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit) and app.screen.question == "Leave this practice hand?"
        text = screen_text(app)
        for answer in ("Quit gin-tui (y)", "Back to your practice (m)", "Keep playing this hand (n)"):
            assert answer in text, text
        assert "your match" not in text, text
        bottom = text.rstrip("\n").splitlines()[-1]
        assert bottom.split() == ["y", "Quit", "m", "Practice", "n", "Keep", "playing"], bottom
        assert "m goes back to your practice" in app.screen.answer_keys()  # said at a key of no use here
        await pilot.press("m")
        await settle(app, pilot)
        assert not app.session.replaying and isinstance(app.screen, SummaryScreen)
        assert _banner(app).startswith(" Practice — hand 3 of seed 101's deals"), _banner(app)


@pytest.mark.parametrize("main_saved", [False, True], ids=["no-match", "match-saved"])
async def test_the_quit_question_in_a_deal_played_again_in_a_seed_practice_says_what_the_next_start_does(
    tmp_path, main_saved
):
    """gin-tui --seed 101 --hand 3, a after hand 3, then q: the question said "Your match resumes
    where it was: after hand 3, You 38 · Computer (standard) 0.", of the practice, which no start
    takes up (y, and the next start dealt a new match). It says that the practice is not taken up
    again, and what the next start does: resume the player's own match, or begin a new one."""
    async with seed_practice_replayed(tmp_path, SIZE, main_saved=main_saved) as (app, pilot):
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit) and app.screen.question == "Leave this practice hand?"
        practice = "This practice hand is not saved, and your practice of seed 101's deals is not counted or taken up again"
        if main_saved:
            assert app.screen.note == f"{practice}: your match resumes where it was the next time you start gin-tui."
        else:
            assert app.screen.note == f"{practice}: the next time you start gin-tui, a new match begins."


async def _one_move_by_keys(app, pilot) -> None:
    """The player's first move of the deal on the table, by the keys a player presses."""
    from ginrummy_tui.storage.store import player_moved
    from ginrummy_tui.tui.widgets.hand import KEYS, HandView

    from .test_replay_app import KEY_OF

    chooser = get_opponent("standard", 0)
    for _ in range(20):
        await settle(app, pilot)
        if player_moved(app.session.state):
            return
        v = app.session.view()
        assert v.current == 0 and v.phase in ("upcard", "draw", "discard")
        a = chooser.choose(v)
        if a.kind in KEY_OF:
            await pilot.press(KEY_OF[a.kind])
        else:
            await pilot.press(KEYS[app.table.query_one(HandView).cards.index(a.card)], "enter")
    raise AssertionError("no move made")


@pytest.mark.parametrize("between_hands", [False, True], ids=["mid-deal", "between-hands"])
async def test_a_practice_deal_quit_on_purpose_is_not_kept_nor_told_of_by_the_next_practice(tmp_path, between_hands):
    """gin-tui --seed 7 --hand 3, a move, q, y: the question said that the practice deal does not
    count and that the match resumes where it was, yet replay.json stayed, and the next practice
    said "The practice deal left unfinished last time was set aside (kept in .../archive/...json)",
    one file more in archive/ each time. Quit on purpose, it is neither kept nor told of; one left by
    a kill is still set aside, saying so (test_replay)."""
    _match_saved(tmp_path)
    plan = prepare(args_for(tmp_path, seed=7, hand=3, ai="standard"), ask=never_asked)
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            if between_hands:  # hand 3 played out, then a move of hand 4
                await _play_by_keys(app, pilot, get_opponent("standard", 0))
                await settle(app, pilot)
                await pilot.press("enter")
                await settle(app, pilot)
                assert app.session.view().hand_no == 4
            await _one_move_by_keys(app, pilot)
            assert (tmp_path / "replay.json").exists()  # saved after every move, as ever
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, ConfirmQuit)
            await pilot.press("y")
            await pilot.pause()
    finally:
        plan.close()
    assert not (tmp_path / "replay.json").exists()
    assert not list(tmp_path.glob("abandoned-*")) and not list((tmp_path / "archive").glob("*.json"))
    if between_hands:  # its record, with hand 3 in it, is marked given up, as the next practice marked it
        import sqlite3

        with contextlib.closing(sqlite3.connect(tmp_path / "history.sqlite3")) as db:
            assert db.execute("SELECT abandoned, finished FROM matches WHERE replay = 1").fetchall() == [(1, 0)]
    again = prepare(args_for(tmp_path, seed=7, hand=3, ai="standard", rules="classic"), ask=never_asked)
    try:
        again.after_first_frame()
    finally:
        again.close()
    assert not any("left unfinished" in note or "set aside" in note for note in again.notes), again.notes
    assert (tmp_path / "current.json").exists()  # the player's own match, untouched
