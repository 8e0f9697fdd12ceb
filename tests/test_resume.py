"""Starting gin-tui on the saved match: resume, --new, damaged saves, the lock, replays."""

from __future__ import annotations

import argparse
import io
import json
import sys

import pytest

from ginrummy_tui.cli.play import build_app
from ginrummy_tui.engine import apply, to_json
from ginrummy_tui.session.startup import Plan, Refused, prepare
from ginrummy_tui.storage.lock import Lock
from ginrummy_tui.storage.store import Store, read_save
from ginrummy_tui.tui.screens.summary_screen import SummaryScreen
from ginrummy_tui.tui.widgets.hand import HandView

from .app_helpers import running, screen_text, settle, until

SIZE = (80, 24)


def args_for(root, **kw) -> argparse.Namespace:
    base = dict(ai=None, rules=None, seed=None, hand=None, ascii=None, no_mouse=None, pause=None, new=False,
                data_dir=str(root))
    base.update(kw)
    return argparse.Namespace(**base)


def never_asked(owner, **_):
    raise AssertionError("nobody else holds the match")


def table_lines(app) -> list[str]:
    """The screen without the notifications (which differ between runs)."""
    return [line for line in screen_text(app).splitlines() if "Resumed" not in line]


async def play_some(plan: Plan, keys: list[str]):
    async with running(plan) as (app, pilot):
        for key in keys:
            await pilot.press(key)
            await settle(app, pilot)
        state = app.session.state
        seen = table_lines(app)
        order = list(app.table.query_one(HandView).cards)
    return state, seen, order


async def test_a_quit_match_resumes_where_it_stood_on_the_same_screen(tmp_path):
    plan = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    assert not plan.resumed
    # pass on the upcard, draw from the stock, throw the card the hand suggests, move a card by hand
    state, seen, order = await play_some(plan, ["p", "s", "enter", "1", "full_stop"])
    assert len(state.history) >= 3
    again = prepare(args_for(tmp_path), ask=never_asked)
    assert again.resumed and to_json(again.state) == to_json(state)
    assert again.keeper.match_id == plan.keeper.match_id
    app = build_app(again, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert list(app.table.query_one(HandView).cards) == order
        assert table_lines(app) == seen
    again.close()


async def test_a_match_resumed_at_the_end_of_a_hand_shows_the_summary_again(tmp_path):
    from ginrummy_tui.tui import scenarios

    plan = prepare(args_for(tmp_path, seed=1), ask=never_asked)
    state = scenarios.knocked()
    plan.keeper.on_change(state)
    plan.close()
    again = prepare(args_for(tmp_path), ask=never_asked)
    assert again.state.phase == "hand_over"
    app = build_app(again, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, SummaryScreen)
    again.close()


async def test_the_resume_note_goes_when_the_next_hand_is_dealt(tmp_path):
    """Resumed on the end of hand 6 and "Next hand" pressed at once: hand 7's table still
    showed "Resumed your match: hand 6, You 32 · Computer (expert) 89." for its seconds."""
    from ginrummy_tui.tui import scenarios

    plan = prepare(args_for(tmp_path, seed=1), ask=never_asked)
    plan.keeper.on_change(scenarios.knocked())
    plan.close()
    again = prepare(args_for(tmp_path), ask=never_asked)
    assert again.state.phase == "hand_over" and again.state.hand_no == 1

    def resumed_notes(app) -> list[str]:
        return [str(n.message).replace("\n", " ") for n in app._notifications if str(n.message).startswith("Resumed your match")]

    async with running(again) as (app, pilot):
        await until(pilot, lambda: bool(resumed_notes(app)))
        assert resumed_notes(app)[0].startswith("Resumed your match: hand 2 next,")  # hand 1 is scored
        assert isinstance(app.screen, SummaryScreen)
        await pilot.press("enter")  # Next hand
        await until(pilot, lambda: app.session.view().hand_no == 2 and not isinstance(app.screen, SummaryScreen))
        await settle(app, pilot)
        assert resumed_notes(app) == []
        assert "Resumed" not in screen_text(app)


@pytest.mark.parametrize("size", [(46, 21), (80, 24)])
async def test_the_resume_note_hides_nothing_of_the_end_of_a_hand(tmp_path, size):
    """Resumed at 46x21 on the end of hand 1: the note "Resumed your match: hand 2 next, You
    48 · Computer (standard) 0." stood over the hands, hiding the other player's deadwood and
    what was laid off (there are no rows under the end of the hand for it there).  It is said
    in the end of the hand's own line there, over the headline, short (the scores are under
    it); at 80x24 it stands under the end of the hand, as before."""
    from textual.widgets._toast import Toast

    from ginrummy_tui.tui import scenarios

    plan = prepare(args_for(tmp_path, seed=1), ask=never_asked)
    plan.keeper.on_change(scenarios.knocked())
    plan.close()
    again = prepare(args_for(tmp_path), ask=never_asked)
    app = build_app(again, pause=0)

    def told() -> bool:
        return app.screen.has_class("-told")

    def toasts() -> list:
        return [t for t in app.screen.query(Toast) if t.region.height]

    try:
        async with app.run_test(size=size, notifications=True) as pilot:
            await settle(app, pilot)
            await until(pilot, lambda: told() or any("Resumed" in str(t.render()) for t in toasts()))
            await pilot.pause()
            summary = app.screen
            assert isinstance(summary, SummaryScreen)
            body = summary.query_one("#summary-body").region
            assert not any(t.region.overlaps(body) for t in toasts()), screen_text(app)
            rows = screen_text(app).splitlines()
            text = " ".join(" ".join(rows).split())
            for words in ("deadwood 58 (was 78 before layoffs)", "Laid off Q♦ on [Q♠ Q♥ Q♣], 10♥ on [7♥ 8♥ 9♥]"):
                assert words in text, rows
            if size == (46, 21):  # the hands in words there
                assert "Deadwood 6♠ 9♠ J♠ K♠ 2♦ 5♣ 6♣ K♣" in text, rows
            if size == (46, 21):
                assert told()
                assert rows[body.y - 1].strip() == "Resumed your match: hand 2 next.", rows
                assert rows[body.y].strip() == "Hand 1: You knocked with K♦.", rows
            else:  # room under the end of the hand: the note, whole, there
                notes = [str(n.message).replace("\n", " ") for n in app._notifications]
                assert not told() and any(n.startswith("Resumed your match: hand 2 next, You 48") for n in notes), notes
            await pilot.press("enter")  # the next hand: the end of hand 1 and its words go
            await until(pilot, lambda: app.session.view().hand_no == 2 and not isinstance(app.screen, SummaryScreen))
            await settle(app, pilot)
            assert "Resumed" not in screen_text(app)
    finally:
        again.close()


async def test_the_resume_note_goes_when_a_new_match_replaces_the_one_it_names(tmp_path):
    """Resumed, then a new match started from the settings (F2, Ctrl+S): "Resumed your
    match: hand 1, You 0 · Computer (standard) 0." stayed for its seconds, under
    "Settings saved: a new match with them has started.", though its match was gone
    (the new match's first hand has the same number)."""
    from ginrummy_tui.tui import scenarios

    plan = prepare(args_for(tmp_path, seed=1), ask=never_asked)
    plan.keeper.on_change(scenarios.knocked())
    plan.close()
    again = prepare(args_for(tmp_path), ask=never_asked)

    def resumed_notes(app) -> list[str]:
        return [str(n.message).replace("\n", " ") for n in app._notifications if str(n.message).startswith("Resumed your match")]

    async with running(again) as (app, pilot):
        await until(pilot, lambda: bool(resumed_notes(app)))
        assert resumed_notes(app)[0].startswith("Resumed your match: hand 2 next,")  # hand 1 is scored
        app.start_new_match(again.settings)  # as the settings screen does
        await settle(app, pilot)
        assert app.session.view().hand_no == 1
        assert resumed_notes(app) == []
        assert "Resumed" not in screen_text(app)


async def test_a_refusal_goes_when_a_new_match_replaces_the_one_it_was_about(tmp_path):
    """x on the table said "'x' does nothing here"; the settings saved started the match again
    from its seed, dealt alike, and the line stayed over the new match for a minute, until the
    next move.  It goes with the match it was about."""
    plan = prepare(args_for(tmp_path, seed=5), ask=never_asked)
    async with running(plan) as (app, pilot):
        await pilot.press("x")
        await settle(app, pilot)
        assert app.table.refusal.startswith("'x' does nothing here"), app.table.refusal
        before = app.session.view()
        app.start_new_match(plan.settings)  # as the settings screen does
        await settle(app, pilot)
        assert app.session.view().hand == before.hand  # the same deal, from the same seed
        assert app.table.refusal == ""
        assert "does nothing" not in screen_text(app)


async def test_a_finished_match_shown_again_at_start_is_said_to_have_ended(tmp_path):
    """The terminal closed on a finished match's last hand's end (SIGHUP): the next start
    showed it with "Resumed your match: hand 1, ...", though there is nothing to resume:
    it says the match ended, and how its result is shown again: it said "(its result is
    shown again)" over the last hand's end, the result one more ⏎ away."""
    import signal

    from ginrummy_tui.cli.play import close_plan

    plan = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    plan.after_first_frame()
    state = _finished_in(plan)
    plan.state = state
    build_app(plan, pause=0)
    close_plan(plan, [signal.SIGHUP])
    again = prepare(args_for(tmp_path), ask=never_asked)
    assert again.resumed and again.state.over

    def start_notes(app) -> list[str]:
        return [str(n.message).replace("\n", " ") for n in app._notifications if "match" in str(n.message)]

    async with running(again) as (app, pilot):
        await until(pilot, lambda: bool(start_notes(app)))
        v = app.session.view()
        name = app.session.opponent_name
        assert start_notes(app) == [
            f"Your match ended: hand {v.hand_no}, You {v.totals[v.seat]} · {name} {v.totals[1 - v.seat]}"
            " (its last hand's end is shown again, ⏎ its result)."
        ]
        assert "Resumed" not in screen_text(app)
        assert type(app.screen).__name__ == "SummaryScreen"
        await pilot.press("enter")
        await until(pilot, lambda: type(app.screen).__name__ == "MatchOverScreen")


def _a_match_with_one_hand_played(root) -> str:
    from ginrummy_tui.engine import Action, apply
    from ginrummy_tui.tui import scenarios

    first = prepare(args_for(root, seed=2), ask=never_asked)
    first.keeper.on_change(scenarios.knocked())  # a hand of this match ended
    first.keeper.on_change(apply(scenarios.knocked(), Action("next hand")))
    first.close()
    return first.keeper.match_id


def _record(root, match_id):
    from ginrummy_tui.storage.history import open_history

    hist = open_history(root).history
    try:
        return hist.find(match_id)
    finally:
        hist.close()


@pytest.mark.parametrize("option", [{"new": True, "seed": 11}, {"new": True}, {"seed": 11}])
async def test_a_match_with_no_move_given_up_for_a_new_one_is_not_called_unfinished_set_aside(tmp_path, option):
    """--new --seed 11 on a match the player had made no move in said "Your unfinished match
    was set aside (kept in .../archive/<id>.json)": it counts as nothing, as docs/saving.md says."""
    first = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    first.after_first_frame()  # its first save, as once the table is up: no move made
    first.close()
    first_id = first.keeper.match_id
    second = prepare(args_for(tmp_path, **option), ask=never_asked)
    assert not second.resumed
    assert second.notes == [
        "A new match has started in place of your last one; you had made no move in it, so it counts as "
        f"nothing (kept in {tmp_path}/archive/{first_id}.json)."
    ]
    async with running(second) as (app, pilot):
        await until(pilot, lambda: app.history_upkeep is not None and not app.history_upkeep.is_alive())
    # what the note says: kept there, and not in the statistics
    assert read_save(tmp_path / "archive" / f"{first_id}.json").match_id == first_id
    assert _record(tmp_path, first_id) == "no matches recorded yet"


async def test_new_sets_the_unfinished_match_aside_and_marks_it_once_the_table_is_up(tmp_path):
    first_id = _a_match_with_one_hand_played(tmp_path)
    second = prepare(args_for(tmp_path, new=True), ask=never_asked)
    assert not second.resumed and second.keeper.match_id != first_id
    assert any("set aside" in n and f"archive/{first_id}.json" in n for n in second.notes)
    # before the first frame the save only leaves the slot (the history database waits)
    assert not (tmp_path / "current.json").exists()
    assert (tmp_path / f"abandoned-{first_id}.json").exists()
    async with running(second) as (app, pilot):
        await until(pilot, lambda: app.history_upkeep is not None and not app.history_upkeep.is_alive())
        record = _record(tmp_path, first_id)
        assert record["abandoned"] is True and len(record["hands"]) == 1
        assert (tmp_path / "archive" / f"{first_id}.json").exists()
        assert not (tmp_path / f"abandoned-{first_id}.json").exists()
        assert read_save(tmp_path / "current.json").match_id == second.keeper.match_id


def test_seed_asks_before_giving_up_a_match_the_player_moved_in(tmp_path):
    """--seed 3 set the unfinished match aside and counted it as abandoned
    without a question: only a note said so, once it was done."""
    first_id = _a_match_with_one_hand_played(tmp_path)
    asked = []

    def keep(saved, seed, *, same):
        asked.append((saved.match_id, seed))
        return "quit"

    with pytest.raises(Refused) as info:
        prepare(args_for(tmp_path, seed=3), ask=never_asked, give_up=keep)
    assert info.value.status == 0 and asked == [(first_id, 3)]
    assert read_save(tmp_path / "current.json").match_id == first_id  # untouched, its lock given back
    plan = prepare(args_for(tmp_path, seed=3), ask=never_asked, give_up=lambda saved, seed, same: "give up")
    assert not plan.resumed and any("set aside" in n for n in plan.notes)
    plan.close()
    # --new is the way without the question, and a match nobody moved in is not asked about
    again = prepare(args_for(tmp_path, seed=4, new=True), ask=never_asked, give_up=keep)
    again.close()
    later = prepare(args_for(tmp_path, seed=5), ask=never_asked, give_up=keep)
    later.close()
    assert len(asked) == 1


def _a_match_at_the_end_of_hand_1(root) -> str:
    """A match saved on the end of its hand 1 (scored, its end on the screen): seed 7."""
    from ginrummy_tui.tui import scenarios

    plan = prepare(args_for(root, seed=7), ask=never_asked)
    plan.keeper.on_change(scenarios.knocked())
    plan.close()
    return plan.keeper.match_id


def test_the_question_of_seed_says_a_match_saved_between_hands_has_its_next_hand_to_play(tmp_path):
    """Saved on the end of hand 1, --seed asked "You have an unfinished match (hand 1, 48-0)",
    as if hand 1 were still to finish: it says the hand to play next."""
    from ginrummy_tui.session.startup import ask_give_up

    _a_match_at_the_end_of_hand_1(tmp_path)
    saved = read_save(tmp_path / "current.json")
    assert saved.state.hand_no == 1 and saved.state.phase == "hand_over"
    shown = io.StringIO()
    assert ask_give_up(saved, 3, _Terminal("\n"), shown) == "quit"
    assert shown.getvalue().splitlines()[0] == "You have an unfinished match (hand 2 next; you 48, Computer (standard) 0)."


def test_seed_of_the_saved_match_itself_offers_to_resume_it(tmp_path):
    """--seed 7 where the match saved is of seed 7 (the same rules and opponent) offered
    only to give it up or quit: resuming it is offered too (r), and resumes it; Enter
    still quits.  Another seed, other rules or another opponent offer no r."""
    from ginrummy_tui.session.startup import ask_give_up

    first_id = _a_match_at_the_end_of_hand_1(tmp_path)
    saved = read_save(tmp_path / "current.json")
    shown = io.StringIO()
    assert ask_give_up(saved, 7, _Terminal("r\n"), shown, same=True) == "resume"
    lines = shown.getvalue().splitlines()
    assert lines[:4] == [
        "You have an unfinished match (hand 2 next; you 48, Computer (standard) 0).",
        "It was dealt from seed 7: --seed 7 deals it anew, yours given up and counted as abandoned.",
        "  r  resume it (the same seed)",
        "  g  give it up and play the new match (--new does so without asking)",
    ], lines
    assert ask_give_up(saved, 7, _Terminal("\n"), io.StringIO(), same=True) == "quit"  # the default, as before
    asked: list[tuple[int, bool]] = []

    def resume(saved, seed, *, same):
        asked.append((seed, same))
        return "resume" if same else "quit"

    with pytest.raises(Refused):
        prepare(args_for(tmp_path, seed=8), ask=never_asked, give_up=resume)
    with pytest.raises(Refused):
        prepare(args_for(tmp_path, seed=7, rules="classic"), ask=never_asked, give_up=resume)
    with pytest.raises(Refused):
        prepare(args_for(tmp_path, seed=7, ai="expert"), ask=never_asked, give_up=resume)
    plan = prepare(args_for(tmp_path, seed=7), ask=never_asked, give_up=resume)
    assert asked == [(8, False), (7, False), (7, False), (7, True)]
    assert plan.resumed and plan.keeper.match_id == first_id and plan.state.hand_no == 1
    assert not any("set aside" in note for note in plan.notes)
    plan.close()
    assert read_save(tmp_path / "current.json").match_id == first_id


class _Terminal(io.StringIO):
    """What the player types at the question, as from a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    "typed, given_up", [("g\n", "give up"), ("\n", "quit"), ("q\n", "quit"), ("x\ng\n", "give up")]
)
def test_the_question_of_seed_names_the_match_and_what_giving_it_up_means(tmp_path, typed, given_up):
    from ginrummy_tui.session.startup import ask_give_up

    _a_match_with_one_hand_played(tmp_path)
    saved = read_save(tmp_path / "current.json")
    shown = io.StringIO()
    assert ask_give_up(saved, 3, _Terminal(typed), shown) == given_up
    lines = shown.getvalue().splitlines()
    assert lines[:3] == [
        f"You have an unfinished match (hand 2; you {saved.state.scores[0]}, Computer (standard) {saved.state.scores[1]}).",
        "--seed 3 starts a new match: yours would be given up and counted as abandoned.",
        "  g  give it up and play the new match (--new does so without asking)",
    ]
    if given_up == "quit":
        assert lines[-1].endswith("Quit: nothing was given up; gin-tui resumes your match.")
    assert ask_give_up(saved, 3, io.StringIO("")) == "give up"  # no terminal to ask: as documented, --seed starts anew


@pytest.mark.parametrize("reflex", ["n", "no", "N", "y", "yes"])
def test_the_question_of_seed_takes_no_yes_or_no_for_giving_the_match_up(tmp_path, reflex):
    """The question of --seed N gave the match up on a plain "n", typed by reflex as
    "no" to "yours would be given up and counted as abandoned": a yes or a no is
    refused, saying what the letters do, and the question is asked again."""
    from ginrummy_tui.session.startup import ask_give_up

    _a_match_with_one_hand_played(tmp_path)
    saved = read_save(tmp_path / "current.json")
    shown = io.StringIO()
    assert ask_give_up(saved, 3, _Terminal(f"{reflex}\n\n"), shown) == "quit"
    lines = shown.getvalue().replace("Your choice [g/q, Enter: quit]: ", "\n").splitlines()
    assert (
        f"{reflex!r} is not one of the choices (this is not a yes-or-no question): answer g (give up) or q (quit)."
        in lines
    ), lines
    assert lines[-1] == "Quit: nothing was given up; gin-tui resumes your match."
    assert lines.count("  g  give it up and play the new match (--new does so without asking)") == 2  # asked again


@pytest.mark.parametrize("typed", ["g", "give", "Give up", "give up"])
def test_the_question_of_seed_takes_the_word_of_its_menu(tmp_path, typed):
    """At [g/q] "give", the word its line starts with ("g  give it up and play the new
    match"), was refused while "quit" was taken: the words of the menu are taken alike."""
    from ginrummy_tui.session.startup import ask_give_up

    _a_match_with_one_hand_played(tmp_path)
    saved = read_save(tmp_path / "current.json")
    shown = io.StringIO()
    assert ask_give_up(saved, 3, _Terminal(f"{typed}\n"), shown) == "give up"
    assert "not one of the choices" not in shown.getvalue()


@pytest.mark.parametrize("ascii", [None, True])
def test_the_question_of_seed_names_the_command_that_resumes_the_match_kept(tmp_path, monkeypatch, capsys, ascii):
    """``gin-tui --data-dir D --seed 5``, answered with Enter: it said "gin-tui
    without --seed resumes your match", which looks in the default directory,
    where the game's other lines name ``gin-tui --data-dir /abs/D``."""
    import shlex

    from ginrummy_tui.session.startup import resume_command

    first_id = _a_match_with_one_hand_played(tmp_path)
    monkeypatch.setattr(sys, "stdin", _Terminal("\n"))
    with pytest.raises(Refused):
        prepare(args_for(tmp_path, seed=5, ascii=ascii), ask=never_asked)
    command = resume_command(args_for(tmp_path, ascii=ascii))
    assert shlex.split(command)[:3] == ["gin-tui", "--data-dir", str(tmp_path.absolute())]
    assert capsys.readouterr().out.splitlines()[-2:] == [
        "Your choice [g/q, Enter: quit]: Quit: nothing was given up; this resumes your match:",
        f"  {command}",
    ]
    assert read_save(tmp_path / "current.json").match_id == first_id


@pytest.mark.parametrize("directory", ["/tmp/thb-S", "/tmp/" + "a-long-directory-name/" * 4 + "saves"])
def test_on_a_terminal_the_command_that_resumes_the_match_kept_is_whole_on_a_line_of_its_own(
    tmp_path, monkeypatch, directory
):
    """At 80 columns the quit of --seed's question said "this resumes your match:   gin-tui
    --data-dir" and the path on the next line: the line under it was run into the sentence
    and broken between words, the command split in two."""
    from ginrummy_tui.session.startup import ask_give_up

    _a_match_with_one_hand_played(tmp_path)
    saved = read_save(tmp_path / "current.json")
    monkeypatch.setenv("COLUMNS", "80")
    command = f"gin-tui --data-dir {directory}"
    shown = _Terminal()
    assert ask_give_up(saved, 3, _Terminal("\n"), shown, command=command) == "quit"
    lines = shown.getvalue().splitlines()
    assert lines[-2:] == [
        "Your choice [g/q, Enter: quit]: Quit: nothing was given up; this resumes your match:",
        f"  {command}",  # past 80 columns rather than broken
    ], lines


@pytest.mark.parametrize("name", [b"x\xff", "café\udcff".encode("utf-8", "surrogateescape"), b"a b", b"it's", b"tab\there"])
def test_the_resume_command_names_a_directory_whose_name_is_not_text_byte_for_byte(tmp_path, name):
    """gin-tui --data-dir /tmp/x$'\\xff' was told to resume with a command in which the
    terminal showed the byte as nothing: copied, it named /tmp/x."""
    import os
    import shlex
    import subprocess

    from ginrummy_tui.cli.play import stats_command
    from ginrummy_tui.session.startup import resume_command

    directory = os.fsencode(tmp_path) + b"/" + name
    command = resume_command(args_for(os.fsdecode(directory), ascii=True))
    assert command.isprintable(), command  # nothing a terminal shows as nothing
    assert all(not ("\udc80" <= ch <= "\udcff") for ch in command)
    # the shell gives back the very bytes of the directory
    said = subprocess.run(["bash", "-c", f"printf '%s\\0' {command}"], capture_output=True, check=True).stdout
    assert said.split(b"\0")[:-1] == [b"gin-tui", b"--data-dir", directory, b"--ascii"]
    stats = subprocess.run(
        ["bash", "-c", f"printf '%s\\0' {stats_command(command)}"], capture_output=True, check=True
    ).stdout
    assert stats.split(b"\0")[:-1] == [b"gin-tui", b"stats", b"--data-dir", directory]
    if name.isascii() and name.decode().isprintable():  # text: quoted as before
        assert command == shlex.join(["gin-tui", "--data-dir", os.fsdecode(directory), "--ascii"])


def _a_match_left_after_moves(root, player_moves: bool) -> str:
    """A match saved before any hand of it ended: after the player's first
    move (``player_moves``), or with nobody having moved yet."""
    from ginrummy_tui.engine import legal_actions

    plan = prepare(args_for(root, seed=2), ask=never_asked)
    state = plan.state
    if player_moves:
        while not any(m.seat == 0 for m in state.history):
            state = apply(state, legal_actions(state)[0])
        assert not state.sheet and state.phase in ("upcard", "draw", "discard")
    plan.keeper.on_change(state)
    plan.close()
    return plan.keeper.match_id


@pytest.mark.parametrize("player_moves", [True, False])
async def test_new_counts_a_match_abandoned_before_any_hand_ended_once_the_player_moved(tmp_path, player_moves):
    """docs/saving.md: the match --new sets aside is counted as abandoned, also
    when no hand of it had ended (it had no record then); a match the player
    made no move in counts as nothing."""
    from ginrummy_tui.storage.history import open_history

    first_id = _a_match_left_after_moves(tmp_path, player_moves)
    second = prepare(args_for(tmp_path, new=True), ask=never_asked)
    assert (tmp_path / f"abandoned-{first_id}.json").exists()
    async with running(second) as (app, pilot):
        await until(pilot, lambda: app.history_upkeep is not None and not app.history_upkeep.is_alive())
        record = _record(tmp_path, first_id)
        hist = open_history(tmp_path).history
        try:
            abandoned = hist.stats().total.abandoned
        finally:
            hist.close()
        if player_moves:
            assert isinstance(record, dict) and record["abandoned"] is True and not record["hands"], record
            assert abandoned == 1
        else:
            assert not isinstance(record, dict), record
            assert abandoned == 0
        assert (tmp_path / "archive" / f"{first_id}.json").exists()


async def test_new_leaves_no_record_of_a_match_given_up_after_a_hint_but_before_any_move(tmp_path, capsys):
    """A hint asked at the start of a match made its row; --new then left it
    "unfinished" in gin-tui export --list for good: docs/saving.md says a match set
    aside before the first move counts as nothing."""
    from ginrummy_tui.cli import main

    plan = prepare(args_for(tmp_path, seed=2), ask=never_asked)
    plan.keeper.on_change(plan.state)
    plan.keeper.add_hint()
    plan.close()
    first_id = plan.keeper.match_id
    assert _record(tmp_path, first_id)["hints"] == 1
    second = prepare(args_for(tmp_path, new=True), ask=never_asked)
    async with running(second) as (app, pilot):
        await until(pilot, lambda: app.history_upkeep is not None and not app.history_upkeep.is_alive())
        assert not isinstance(_record(tmp_path, first_id), dict)
        assert (tmp_path / "archive" / f"{first_id}.json").exists()
    assert main(["export", "--data-dir", str(tmp_path), "--list"]) == 0
    assert capsys.readouterr().out == "No matches recorded yet.\n"


async def test_a_gin_tui_killed_right_after_new_leaves_the_given_up_match_to_the_next_start(tmp_path):
    first_id = _a_match_with_one_hand_played(tmp_path)
    second = prepare(args_for(tmp_path, new=True), ask=never_asked)
    second.store.lock.release()  # killed before its first frame: no save, no record written
    assert not (tmp_path / "current.json").exists()
    assert _record(tmp_path, first_id)["abandoned"] is False
    third = prepare(args_for(tmp_path), ask=never_asked)
    assert not third.resumed  # the match given up is never resumed
    async with running(third) as (app, pilot):
        await until(pilot, lambda: app.history_upkeep is not None and not app.history_upkeep.is_alive())
        assert _record(tmp_path, first_id)["abandoned"] is True
        assert (tmp_path / "archive" / f"{first_id}.json").exists()
        assert not list(tmp_path.glob("abandoned-*"))


async def test_the_first_save_is_written_once_the_table_is_on_the_screen(tmp_path):
    plan = prepare(args_for(tmp_path, seed=3), ask=never_asked)
    assert not (tmp_path / "current.json").exists()  # nothing written before the first frame
    async with running(plan) as (app, pilot):
        await until(pilot, lambda: plan.keeper.store.saves >= 1)
        saved = read_save(tmp_path / "current.json")
        assert saved is not None and to_json(saved.state) == to_json(plan.state)
        assert saved.ui.get("order")  # with the screen's details (the order of the cards)
    # resumed: the first save again waits for the table, and the save stays whole until then
    again = prepare(args_for(tmp_path), ask=never_asked)
    assert again.resumed and again.keeper.store.saves == 0
    assert read_save(tmp_path / "current.json").match_id == plan.keeper.match_id
    async with running(again) as (app, pilot):
        await until(pilot, lambda: again.keeper.store.saves >= 1)


def test_a_plan_closed_before_its_first_frame_still_saves_the_match(tmp_path):
    plan = prepare(args_for(tmp_path, seed=5), ask=never_asked)
    plan.close()  # a signal before the table was shown
    assert to_json(read_save(tmp_path / "current.json").state) == to_json(plan.state)


def test_a_damaged_save_gives_a_new_match_and_says_why(tmp_path):
    (tmp_path / "current.json").write_text('{"format": "gin-tui save", "version": 1, "match_id": "x", "sta')
    plan = prepare(args_for(tmp_path), ask=never_asked)
    assert not plan.resumed
    assert any("could not be used" in n and "cut short" in n for n in plan.notes)
    assert list(tmp_path.glob("current.json.damaged-*"))
    # the new match is saved once the table is on the screen
    plan.after_first_frame()
    assert to_json(read_save(tmp_path / "current.json").state) == to_json(plan.state)
    plan.close()


def test_a_broken_settings_file_is_reported_and_the_game_starts(tmp_path):
    (tmp_path / "settings.json").write_text("{{{")
    plan = prepare(args_for(tmp_path), ask=never_asked)
    assert any("settings file could not be used" in n for n in plan.notes)
    assert plan.settings.ai == "standard"
    plan.close()


def test_the_settings_file_chooses_the_rules_and_opponent_of_a_new_match(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps(
        {"format": "gin-tui settings", "version": 1, "rules": {"preset": "classic", "options": {"target": 60}},
         "ai": "easy", "pause": 0.1}
    ))
    plan = prepare(args_for(tmp_path), ask=never_asked)
    assert plan.state.rules.gin_bonus == 20 and plan.state.rules.target == 60
    assert plan.ai == "easy" and plan.settings.pause == 0.1
    plan.close()
    # the command line wins for this run; the resumed match keeps its own rules
    again = prepare(args_for(tmp_path, rules="standard", ai="expert"), ask=never_asked)
    assert again.resumed and again.state.rules.target == 60 and again.ai == "easy"
    assert any("next match" in n for n in again.notes)
    again.close()


def test_a_bad_option_is_refused_with_status_2(tmp_path):
    with pytest.raises(Refused) as info:
        prepare(args_for(tmp_path, rules="nonsense"), ask=never_asked)
    assert info.value.status == 2 and "unknown rules preset" in str(info.value)


def test_the_match_open_elsewhere_offers_a_separate_match_or_quit(tmp_path):
    first = prepare(args_for(tmp_path), ask=never_asked)
    first.after_first_frame()  # its table is up: the match is saved
    asked = []
    with pytest.raises(Refused) as info:
        prepare(args_for(tmp_path), ask=lambda owner, **_: asked.append(owner) or "quit")
    assert info.value.status == 0 and "process" in asked[0]
    other = prepare(args_for(tmp_path), ask=lambda owner, **_: "separate")
    assert other.store.path.name == "separate-1.json" and not other.resumed
    assert other.keeper.match_id != first.keeper.match_id
    # the first match's save is untouched by the second
    assert to_json(read_save(tmp_path / "current.json").state) == to_json(first.state)
    other.close()
    first.close()


def test_a_separate_match_left_unfinished_is_picked_up_later(tmp_path):
    first = prepare(args_for(tmp_path, seed=1), ask=never_asked)
    other = prepare(args_for(tmp_path), ask=lambda owner, **_: "separate")
    other_state = other.state
    other.close()
    # the first match ends (its save goes to the archive)
    first.close()
    first.store.remove()
    later = prepare(args_for(tmp_path), ask=never_asked)
    assert later.resumed and to_json(later.state) == to_json(other_state)
    assert not list(tmp_path.glob("separate-*.json"))
    later.close()


def test_a_damaged_separate_match_is_set_aside_as_the_separate_one_not_as_your_saved_match(tmp_path):
    """A damaged separate-1.json was moved into the main slot first, then told as
    "Your saved match could not be used" and set aside as current.json.damaged-...,
    though the player's own match was never in it."""
    first = prepare(args_for(tmp_path, seed=1), ask=never_asked)
    other = prepare(args_for(tmp_path), ask=lambda owner, **_: "separate")
    other.close()
    first.close()
    first.store.remove()
    path = tmp_path / "separate-1.json"
    raw = path.read_bytes()[:600]
    path.write_bytes(raw)
    later = prepare(args_for(tmp_path), ask=never_asked)
    later.close()
    assert not later.resumed
    [moved] = tmp_path.glob("separate-1.json.damaged-*")
    assert moved.read_bytes() == raw
    assert not list(tmp_path.glob("current.json.damaged-*"))
    [note] = [n for n in later.notes if "could not be used" in n]
    assert note.startswith(f"The separate match in {path} could not be used, and the file was moved to {moved}. ")
    assert "cut short" in note


async def test_a_separate_match_says_when_it_comes_back_and_the_main_match_says_it_waits(tmp_path):
    """The separate match's quit question said "Your match is saved: gin-tui will
    resume it", and the next start resumed the main match without a word of it."""
    first = prepare(args_for(tmp_path, seed=1), ask=never_asked)
    first.after_first_frame()
    assert not any("separate" in n for n in first.notes)  # none waits
    # a deal of its own seed: dealt at random, the computer could end the hand on its first turn
    # (once in CI the pass left the end of the hand up, and q no quit question over the table)
    other = prepare(args_for(tmp_path, seed=2), ask=lambda owner, **_: "separate")
    async with running(other) as (app, pilot):
        await pilot.press("p")
        await settle(app, pilot)
        await pilot.press("q")
        await settle(app, pilot)
        assert str(app.screen.query_one("#confirm-note").render()) == (
            "This separate match is saved: gin-tui takes it up when it starts after your main match is over."
        )
    first.close()
    again = prepare(args_for(tmp_path), ask=never_asked)
    assert again.resumed and again.store.path.name == "current.json"
    assert "A separate match waits too (separate-1.json): gin-tui takes it up after this one." in again.notes
    again.close()


async def test_a_separate_match_is_called_so_on_its_score_table(tmp_path):
    """The match open in another gin-tui and a separate one started beside it were both
    "Match 2" on their score tables: each was one more than the matches finished."""
    from ginrummy_tui.tui.screens.score_screen import ScoreScreen

    async def title(plan) -> str:
        async with running(plan) as (app, pilot):
            await pilot.press("p")
            await settle(app, pilot)
            await pilot.press("c")
            await until(pilot, lambda: isinstance(app.screen, ScoreScreen))
            return next(line.strip(" │") for line in screen_text(app).splitlines() if " · to 100 · " in line)

    first = prepare(args_for(tmp_path, seed=1), ask=never_asked)
    other = prepare(args_for(tmp_path, seed=2), ask=lambda owner, **_: "separate")  # a deal the pass does not end
    assert (await title(other)).startswith("Separate match · to 100 · standard rules")
    assert (await title(first)).startswith("Match 1 · to 100 · standard rules")


@pytest.mark.parametrize("size", [(80, 24), (46, 21), (100, 30)])
async def test_a_separate_match_says_so_on_its_score_line_while_it_is_played(tmp_path, size):
    """A separate match (s at "Your match is open in another gin-tui") looked exactly like
    the main match on the table: its score line says "separate" where the game's name
    stands (at its widest "separate match"), at every size, with the scores whole; the
    main match's line is as it was."""
    first = prepare(args_for(tmp_path, seed=1), ask=never_asked)
    other = prepare(args_for(tmp_path), ask=lambda owner, **_: "separate")
    async with running(other, size) as (app, pilot):
        line = screen_text(app).splitlines()[0]
        assert line.startswith("  separate "), line
        assert "You 0" in line and line.rstrip().endswith(" to 100" + (" · standard rules" if size[0] >= 80 else ""))
        assert ("separate match" in line) is (size[0] > 80), line
        assert "Hand 1" in line, line
    async with running(first, size) as (app, pilot):
        line = screen_text(app).splitlines()[0]
        assert "separate" not in line, line


def test_a_replayed_deal_has_its_own_slot_and_does_not_count(tmp_path):
    main_plan = prepare(args_for(tmp_path, seed=9), ask=never_asked)
    main_state = main_plan.state
    main_plan.close()
    replay = prepare(args_for(tmp_path, seed=9, hand=3), ask=never_asked)
    assert replay.store.path.name == "replay.json" and replay.keeper.replay
    assert replay.state.hand_no == 3
    replay.close()
    back = prepare(args_for(tmp_path), ask=never_asked)
    assert back.resumed and to_json(back.state) == to_json(main_state)
    back.close()


def test_a_lock_held_by_this_test_is_seen_as_held(tmp_path):
    lock = Lock(tmp_path / "current.json.lock")
    assert lock.acquire()
    with pytest.raises(Refused):
        prepare(args_for(tmp_path), ask=lambda owner, **_: "quit")
    lock.release()


@pytest.mark.parametrize(
    "ui",
    [
        {"sort": None, "order": ["XX", 5, None], "cursor": "first"},
        {"sort": None, "order": ["KC", "KC", "2H", "ZZ"], "cursor": 1, "selected": "nothing"},
        {"sort": "rank", "order": "2H", "cursor": True, "selected": 7},
    ],
)
async def test_a_strange_screen_record_in_the_save_is_ignored(tmp_path, ui):
    plan = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    plan.ui = ui
    async with running(plan) as (app, pilot):
        hand = app.table.query_one(HandView)
        assert sorted(hand.cards) == sorted(app.session.view().hand)



async def test_a_note_of_the_start_due_once_the_app_has_closed_is_dropped_without_a_crash(tmp_path):
    """The start's notes are told a moment after the first frame: an app closed by
    then (quit at once) raised "No screens on stack" from the first note's turn."""
    from ginrummy_tui.tui.restore import StartNotes

    plan = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    async with running(plan) as (app, pilot):
        pass
    assert not app.screen_stack
    StartNotes(app).add("The screen details of your saved match could not be read and are left out.")

async def test_screen_details_of_a_save_that_cannot_be_read_are_said_to_be_left_out(tmp_path):
    """A save whose sort and selected card were not readable resumed with only
    "Resumed your match...", though the app says so of screen details that are
    not readable as a whole (docs/saving.md)."""
    plan = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    plan.close()
    save = tmp_path / "current.json"
    data = json.loads(save.read_text())
    data["ui"] = {**data["ui"], "sort": 7, "selected": 123}
    save.write_text(json.dumps(data))
    again = prepare(args_for(tmp_path), ask=never_asked)
    assert again.resumed
    async with running(again) as (app, pilot):
        await until(pilot, lambda: any("screen details" in str(n.message) for n in app._notifications))
        assert (f"The screen details of your saved match {save} (how your cards are sorted and the selected "
                "card) could not be read. They are left out; the match itself is kept.") in app.context.notes


def test_a_saved_order_of_sorted_cards_is_not_said_to_be_lost():
    """Sorted by rank or suit, the saved order is not used (the cards are sorted
    again): one that cannot be read was told as "the order of your cards" left out."""
    from ginrummy_tui.tui.restore import unreadable_details

    bad_order = {"order": ["not a card"], "cursor": 0}
    assert unreadable_details({**bad_order, "sort": "rank"}) == ""
    assert unreadable_details({**bad_order, "sort": None}) == "the order of your cards"


def hand_shown(app) -> tuple:
    """The player's cards as shown: their order, the sort, the selected card and
    whether it is lifted, and the line that says what throwing it leaves."""
    hand = app.table.query_one(HandView)
    line = [text for text in table_lines(app) if "discarding" in text]
    return list(hand.cards), hand.sort_mode, hand.selected, hand.chosen, line


@pytest.mark.parametrize(
    "keys",
    [
        ["3"],  # by suit
        ["o", "3"],  # by rank
        ["o"],  # by rank, the drawn card selected, not lifted
        ["o", "o", "4"],  # by rank, then by suit again
        ["3", "full_stop", "full_stop"],  # the player's own order
        ["o", "5", "comma"],  # by rank, then a card moved by hand
    ],
)
async def test_a_resumed_match_shows_the_hand_in_its_order_with_the_same_card_selected(tmp_path, keys):
    plan = prepare(args_for(tmp_path, seed=3, ai="easy"), ask=never_asked)
    async with running(plan) as (app, pilot):
        for key in ["p", "s", *keys]:  # pass on the upcard, draw from the stock, then arrange the hand
            await pilot.press(key)
            await settle(app, pilot)
        shown = hand_shown(app)
    again = prepare(args_for(tmp_path), ask=never_asked)
    assert again.resumed
    async with running(again) as (app, pilot):
        assert hand_shown(app) == shown
        await pilot.press("enter")  # throws the card the player had selected
        await settle(app, pilot)
        hand = app.session.view().hand
        assert len(hand) == 10 and shown[2] not in hand


@pytest.mark.parametrize(
    ("cursor", "selected"),
    [(2, "4S"), (10, "KC"), (40, "KC"), (-3, "2H")],
)
async def test_a_selection_saved_as_a_place_in_the_hand_by_an_earlier_version_is_put_back(
    tmp_path, cursor, selected
):
    """Earlier saves kept only the place of the selected card in the order shown
    (here by rank); a place beyond the hand selects its last card."""
    plan = prepare(args_for(tmp_path, seed=3, ai="easy"), ask=never_asked)
    async with running(plan) as (app, pilot):
        for key in ["p", "s"]:
            await pilot.press(key)
            await settle(app, pilot)
    save = tmp_path / "current.json"
    data = json.loads(save.read_text())
    order = ["2H", "2C", "4S", "5H", "6S", "6H", "8H", "8C", "QH", "KD", "KC"]
    data["ui"] = {"sort": "rank", "order": order, "cursor": cursor, "lifted": True}
    save.write_text(json.dumps(data))
    again = prepare(args_for(tmp_path), ask=never_asked)
    assert again.resumed
    async with running(again) as (app, pilot):
        hand = app.table.query_one(HandView)
        assert [str(c) for c in hand.cards] == order
        assert str(hand.selected) == selected and hand.chosen


async def test_what_happened_at_start_is_said_once_the_table_is_up(tmp_path, monkeypatch):
    from ginrummy_tui.tui.app import GinApp

    shown: list[tuple[str, bool]] = []
    real = GinApp._toast  # every toast: the notes of the start among them

    def toast(self, message, *args, **kwargs):
        shown.append((message, self.table is not None and self.table.is_mounted))
        return real(self, message, *args, **kwargs)

    monkeypatch.setattr(GinApp, "_toast", toast)
    plan = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    plan.notes.append("Your saved match could not be used: a test note.")
    plan.ui = {"sort": "rank", "order": [], "cursor": 3}
    async with running(plan) as (app, pilot):
        await until(pilot, lambda: bool(shown))
        await pilot.pause()
        assert shown == [("Your saved match could not be used: a test note.", True)]  # once, over the table
        hand = app.table.query_one(HandView)
        assert hand.sort_mode == "rank"  # the screen as it was left


def test_a_save_naming_an_unknown_opponent_goes_on_against_a_known_one(tmp_path):
    plan = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    plan.close()
    data = json.loads((tmp_path / "current.json").read_text())
    data["settings"]["ai"] = "grandmaster"
    (tmp_path / "current.json").write_text(json.dumps(data))
    again = prepare(args_for(tmp_path), ask=never_asked)
    assert again.resumed and again.ai == "standard"
    assert any("unknown opponent" in n for n in again.notes)
    again.close()


async def test_an_unusable_data_directory_still_plays_and_says_saving_is_off(tmp_path):
    """Said once: at the start, not again at the first save, nor by the history
    (three messages had run together on the screen, and the last was printed at exit);
    the quit question said "Your match is saved: gin-tui will resume it"."""
    (tmp_path / "afile").write_text("not a directory")
    plan = prepare(args_for(tmp_path / "afile" / "home", seed=4), ask=never_asked)
    assert any("cannot be saved" in n for n in plan.notes)
    async with running(plan) as (app, pilot):
        await pilot.press("p")
        await settle(app, pilot)
        assert app.session.state.history  # the game goes on
        # said once: the note at the start, not again at the first save (two messages ran together on the screen)
        told = [*plan.notes, *plan.keeper.errors]
        assert len(told) == 1, told
        assert plan.keeper.failing
        assert app.history_upkeep is None  # no history to open: no second message about it
        await pilot.press("q")  # the quit question does not promise a save
        await settle(app, pilot)
        # nothing was ever saved: quitting ends the match, said on one line at 80×24 ("it." had a line to itself)
        assert "Your match could not be saved: it ends here." in screen_text(app).splitlines()[
            app.screen.query_one("#confirm-note").region.y]


async def test_the_quit_question_of_a_match_whose_later_saves_fail_says_an_earlier_point_is_saved(tmp_path):
    """A full disk after the first save: the match is resumed from that save."""
    plan = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    async with running(plan) as (app, pilot):
        await until(pilot, lambda: (tmp_path / "current.json").exists())  # the first save
        plan.keeper.store.save = lambda *args, **kwargs: False
        await pilot.press("p")
        await settle(app, pilot)
        assert plan.keeper.failing
        await pilot.press("q")
        await settle(app, pilot)
        assert str(app.screen.query_one("#confirm-note").render()) == "Only an earlier point of your match is saved."
        await pilot.press("n")  # not quitting: a new match now (the settings screen's way), never saved
        await settle(app, pilot)
        app.start_new_match(plan.settings)
        await settle(app, pilot)
        await pilot.press("q")
        await settle(app, pilot)
        assert str(app.screen.query_one("#confirm-note").render()) == "Your match could not be saved: it ends here."


@pytest.mark.parametrize(
    "home, where",
    [("afile", "which is not a directory"), ("afile/home", "but {afile} is not a directory")],
)
@pytest.mark.parametrize("given", ["--data-dir", "GIN_TUI_HOME"])
def test_a_home_that_is_not_a_directory_is_said_in_one_note_naming_it(tmp_path, monkeypatch, home, where, given):
    """It was two notes, the first blaming the settings file ('it cannot be
    read (Not a directory)'), the second saying 'not usable (File exists)'."""
    afile = tmp_path / "afile"
    afile.write_text("not a directory")
    args = args_for(tmp_path / home, seed=4)
    if given == "GIN_TUI_HOME":
        monkeypatch.setenv("GIN_TUI_HOME", args.data_dir)
        args.data_dir = None
    plan = prepare(args, ask=never_asked)
    plan.close()
    assert plan.notes == [
        f"Your match cannot be saved or recorded, nor your settings read: {given} is {tmp_path / home}, "
        + where.format(afile=afile) + "; choose a folder with --data-dir or GIN_TUI_HOME."
    ]
    assert afile.read_text() == "not a directory"


def test_a_data_directory_that_is_a_file_is_called_not_a_directory(tmp_path, monkeypatch):
    """With the settings elsewhere (no --data-dir or GIN_TUI_HOME) it said 'not usable (File exists)'."""
    import ginrummy_tui.session.startup as startup

    afile = tmp_path / "afile"
    afile.write_text("not a directory")
    monkeypatch.setattr(startup, "data_dir", lambda override: afile)
    plan = prepare(args_for(tmp_path, seed=4, data_dir=None), ask=never_asked)
    plan.close()
    assert plan.notes == [
        f"Your match cannot be saved or recorded: the data directory {afile} is not usable (Not a directory); "
        "choose another folder with --data-dir or GIN_TUI_HOME."
    ]


@pytest.mark.parametrize("level", ["easy", "standard"])
def test_a_resumed_match_against_the_computer_plays_on_identically(tmp_path, level):
    """Same seed, same moves: quitting and resuming (a new process: a new
    opponent object, the game read back from disk) changes nothing."""
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import PRESETS, apply, new_game, view

    def run(interrupt_at: int | None, root):
        state = new_game(PRESETS["standard"], seed=77)
        cpu, me = get_opponent(level, state.seed), get_opponent("standard", 5)
        store = Store(root)
        for step in range(400):
            if state.over:
                break
            if step == interrupt_at:
                assert store.save(state, match_id="m", settings={"ai": level})
                state = read_save(store.path).state
                cpu, me = get_opponent(level, state.seed), get_opponent("standard", 5)
            seat = state.current if state.phase in ("upcard", "draw", "discard") else 0
            state = apply(state, (cpu if seat == 1 else me).choose(view(state, seat)))
        return state

    whole = run(None, tmp_path / "a")
    for cut in (25, 90):
        assert to_json(run(cut, tmp_path / f"b{cut}")) == to_json(whole)


def test_the_end_of_a_match_in_an_unusable_data_directory_does_not_raise(tmp_path):
    from ginrummy_tui.engine import Action, apply
    from ginrummy_tui.engine.cards import card
    from ginrummy_tui.tui import scenarios

    (tmp_path / "afile").write_text("not a directory")
    plan = prepare(args_for(tmp_path / "afile" / "home", seed=4), ask=never_asked)
    state = apply(scenarios.match_point(), Action("draw stock"))
    state = apply(state, Action("knock", card("KD")))
    assert state.over
    plan.keeper.on_change(state)
    plan.keeper.on_change(apply(state, Action("new match")))
    plan.close()


async def test_a_history_that_cannot_be_opened_is_reported_with_its_words_intact(tmp_path, monkeypatch):
    """The message put together from the error: ``str.capitalize`` had
    lowered the rest of it ("[errno 21] is a directory: '/tmp/…/history…'",
    a path with capitals no longer the path) and added a second full stop."""
    from ginrummy_tui.tui.app import GinApp

    root = tmp_path / "Data Home"
    root.mkdir()
    (root / "history.sqlite3").mkdir()  # not a database: it cannot be opened
    plan = prepare(args_for(root, seed=4), ask=never_asked)
    said: list[str] = []
    # told once, by whichever meets it first: the history's check at start-up
    # (a thread), among the notes of the start, or the record of the first move,
    # by notify; both raise their toast through _toast (notify alone was watched
    # here, and the test waited in vain where the check met it first)
    toast = GinApp._toast
    monkeypatch.setattr(GinApp, "_toast", lambda app, message, **kw: (said.append(message), toast(app, message, **kw))[1])
    async with running(plan) as (app, pilot):
        await pilot.press("p")
        await settle(app, pilot)
        if app.history_upkeep is not None:
            app.history_upkeep.join(10)
        await until(pilot, lambda: any("history" in s for s in said), timeout=30)  # a loaded machine may take a while
    told = [s for s in said if "history" in s]
    assert told, said
    assert "Data Home" in told[0] and "it is a directory, not a file" in told[0], told[0]
    assert told[0].startswith("Your match history") and told[0].endswith("recorded."), told[0]


def _clocked(plan, now: float):
    """The app ``gin-tui`` builds on ``plan``, its move clock read from a fake time source."""
    app = build_app(plan, pause=0)
    fake = [now]
    app.now = lambda: fake[0]
    return app, fake


async def test_a_quit_and_resumed_move_keeps_the_time_it_had_left(tmp_path):
    # multiplayer-1.5 has a move clock of 30 s: a quit and resume gave the move
    # in play a fresh 30 s
    plan = prepare(args_for(tmp_path, seed=4, rules="multiplayer-1.5"), ask=never_asked)
    app, fake = _clocked(plan, 1000.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.session.view().my_turn
        app._tick_clock()
        fake[0] += 12.0  # twelve seconds of thinking
        app._tick_clock()
        await pilot.pause()
        assert app.clock_line == "⏱ 18 s to move"
        await pilot.press("q")  # the question stops the clock: its time does not count
        await pilot.pause()
        fake[0] += 100.0
        await pilot.press("y")
        await pilot.pause()
    plan.close()
    saved = read_save(tmp_path / "current.json")
    assert saved.ui["clock"] == {"turn": [1, 1, len(saved.state.history)], "left": 18.0}

    again = prepare(args_for(tmp_path), ask=never_asked)
    assert again.resumed
    app, fake = _clocked(again, 5000.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        app._tick_clock()
        await pilot.pause()
        assert app.clock_line == "⏱ 18 s to move"
        fake[0] += 3.0
        app._tick_clock()
        assert app.clock_line == "⏱ 15 s to move"
    again.close()

    # a save of an earlier version has no clock: the move has its full time
    data = json.loads((tmp_path / "current.json").read_text())
    data["ui"].pop("clock", None)
    (tmp_path / "current.json").write_text(json.dumps(data))
    third = prepare(args_for(tmp_path), ask=never_asked)
    app, fake = _clocked(third, 9000.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        app._tick_clock()
        assert app.clock_line == "⏱ 30 s to move"
    third.close()


def test_a_game_that_fails_ends_with_status_1_not_0(tmp_path, monkeypatch):
    # The app's own failure (a traceback on the screen) ended `gin-tui` with
    # status 0, as if the player had quit.
    from textual.app import App

    import ginrummy_tui.cli
    from ginrummy_tui.cli import main
    from ginrummy_tui.tui.app import GinApp

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    monkeypatch.setattr(GinApp, "run", lambda self, **kw: App.run(self, headless=True, **kw))

    def fail(self):
        raise RuntimeError("a fault in the game")

    monkeypatch.setattr(GinApp, "on_mount", fail)
    assert main(["--data-dir", str(tmp_path), "--seed", "3"]) == 1


def test_the_number_of_a_match_asked_for_while_old_records_come_in_counts_them_once_in(tmp_path, monkeypatch):
    """The score sheet asked for the match's number while the records of an earlier version
    were being imported: the number, one too low, was kept for the whole match."""
    import threading

    import ginrummy_tui.storage.history_upkeep as history_upkeep
    from ginrummy_tui.session.keeper import start_history_upkeep

    from .test_history import write_json_history
    from .test_stats import HISTORY

    _a_match_with_one_hand_played(tmp_path)
    write_json_history(tmp_path, HISTORY[:3])  # records of an earlier version, waiting to be imported
    second = prepare(args_for(tmp_path, new=True), ask=never_asked)
    go = threading.Event()
    upkeep = history_upkeep.upkeep

    def held_upkeep(*args, **kw):
        go.wait(10)
        yield from upkeep(*args, **kw)

    monkeypatch.setattr(history_upkeep, "upkeep", held_upkeep)
    try:
        thread = start_history_upkeep(second.keeper, lambda message: None)
        assert thread is not None
        early = second.keeper.match_number()  # the score sheet, before the import
        go.set()
        thread.join()
        hist = second.keeper.shared_history().get(create=False)
        assert hist is not None
        now = hist.match_number(second.keeper.match_id)
        assert early is not None and early < now  # the imported records count now
        assert second.keeper.match_number() == now
    finally:
        second.close()


def test_the_history_upkeep_works_on_one_connection_of_its_own_then_keeps_it_for_f3(tmp_path, monkeypatch):
    """The upkeep opened a connection to mark the match given up abandoned, another to
    check the history and import the old records, and the statistics a third, where
    one does it all (the game's recording has its own)."""
    import threading

    from ginrummy_tui.session.keeper import start_history_upkeep
    from ginrummy_tui.storage.history import History

    from .test_history import write_json_history
    from .test_stats import HISTORY

    first_id = _a_match_with_one_hand_played(tmp_path)
    write_json_history(tmp_path, HISTORY[:3])  # records of an earlier version, waiting to be imported
    second = prepare(args_for(tmp_path, new=True), ask=never_asked)
    connected: list[str] = []
    connect = History.connect.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(History, "connect", classmethod(
        lambda cls, root, **kw: connected.append(threading.current_thread().name) or connect(cls, root, **kw)
    ))
    told: list[str] = []
    try:
        upkeep = start_history_upkeep(second.keeper, told.append)
        assert upkeep is not None
        upkeep.join()
        assert connected == [upkeep.name, upkeep.name]  # the game's recording's, and the upkeep's own
        figures = second.keeper.figures
        ready = figures.ready()  # worked out on the upkeep's connection, and still current
        assert ready is not None and figures.worked_out == 1 and ready.stats.total.abandoned == 1
        assert figures.get() is ready and len(connected) == 2  # F3 opens nothing more
        assert any("3 earlier match record(s)" in m for m in told), told
        assert _record(tmp_path, first_id)["abandoned"] is True
        assert (tmp_path / "archive" / f"{first_id}.json").exists()
    finally:
        second.close()


@pytest.mark.parametrize("new", [False, True])
async def test_a_save_that_may_not_be_read_is_left_in_place_and_the_match_played_is_not_saved(tmp_path, unreadable, new):
    """A current.json writable but not readable (0200) was moved aside as
    damaged ("Permission denied") and the new match saved in its place: it is
    left as it is, said so with its path, and the match played meanwhile (with
    --new too) is neither saved over it nor recorded; the quit question says
    it is not saved."""
    first = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    first.after_first_frame()
    first.close()
    path = tmp_path / "current.json"
    before = path.read_bytes()
    unreadable(path)
    plan = prepare(args_for(tmp_path, new=new, seed=4), ask=never_asked)  # a deal whose first turns are the player's to make
    assert not plan.resumed
    note = (
        f"Your saved match {path} cannot be read (Permission denied); it is left as it is. "
        "This match is not saved, nor recorded in your statistics; "
        "once that file may be read, the match in it is resumed."
    )
    assert plan.notes == [note]
    async with running(plan) as (app, pilot):
        for key in ["p", "s", "enter"]:
            await pilot.press(key)
            await settle(app, pilot)
        assert len(app.session.state.history) >= 3
        assert plan.keeper.errors == []  # told once, at the start
        assert app.at_quit() == "this match is not saved (your saved one is left as it is): it ends here"
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["current.json"]  # nothing moved aside, nothing recorded


def _finished_in(plan: Plan):
    """The match of ``plan`` taken to its end by the player's knock (its last hand's end on the screen)."""
    from ginrummy_tui.engine import Action
    from ginrummy_tui.engine.cards import card
    from ginrummy_tui.tui import scenarios

    state = apply(apply(scenarios.match_point(), Action("draw stock")), Action("knock", card("KD")))
    assert state.over
    plan.keeper.on_change(state)
    return state


async def test_a_match_killed_on_its_last_hands_end_is_resumed_there_with_its_result_to_see(tmp_path):
    """Killed on the bar "⏎ Match result", the next start dealt a new match
    with not a word of the result."""
    from ginrummy_tui.engine import Action
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen

    plan = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    plan.after_first_frame()
    state = _finished_in(plan)
    plan.keeper.writes.settle(10.0)  # kill -9: nothing closed
    plan.store.lock.release()
    again = prepare(args_for(tmp_path), ask=never_asked)
    assert again.resumed and again.state.over and to_json(again.state) == to_json(state)
    assert again.keeper.match_id == plan.keeper.match_id
    async with running(again) as (app, pilot):
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen)
    # seen, then closed: a new match the next time, the finished one in the archive
    assert not (tmp_path / "current.json").exists()
    assert read_save(tmp_path / "archive" / f"{plan.keeper.match_id}.json").state.over
    later = prepare(args_for(tmp_path), ask=never_asked)
    assert not later.resumed and not later.state.sheet
    later.close()
    # or the next match from the result screen: it takes the slot
    plan = prepare(args_for(tmp_path, new=True), ask=never_asked)
    plan.after_first_frame()
    state = _finished_in(plan)
    plan.keeper.on_change(apply(state, Action("new match")))
    plan.close()
    assert not read_save(tmp_path / "current.json").state.over


def _matches_recorded(root) -> list[tuple]:
    from ginrummy_tui.storage.history import open_history

    hist = open_history(root).history
    try:
        return hist.read("SELECT uid, finished, abandoned FROM matches")
    finally:
        hist.close()


@pytest.mark.parametrize("signame", ["SIGHUP", "SIGTERM"])
async def test_a_match_that_ended_as_its_terminal_closed_shows_its_result_at_the_next_start(tmp_path, signame):
    """The match ended on the screen, then the terminal closed (SIGHUP; or another
    gin-tui took the match over: SIGTERM): the next start dealt a new match with not a
    word of the result, which the terminal gone was never told."""
    import signal

    from ginrummy_tui.cli.play import close_plan, closing_line
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen

    plan = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    plan.after_first_frame()
    state = _finished_in(plan)
    plan.state = state  # the app's session on the match as it ended
    app = build_app(plan, pause=0)
    close_plan(plan, [getattr(signal, signame)])
    # what the terminal, if it is still there, is told: not that a new match comes next
    assert closing_line(app, plan.keeper).endswith("; gin-tui shows this result again, then starts a new match.")
    again = prepare(args_for(tmp_path), ask=never_asked)
    assert again.resumed and again.state.over and to_json(again.state) == to_json(state)
    assert again.keeper.match_id == plan.keeper.match_id
    async with running(again) as (app, pilot):
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, MatchOverScreen)
    # seen, then closed by the player: the next start deals a new match, and the match is recorded once
    assert not (tmp_path / "current.json").exists()
    later = prepare(args_for(tmp_path), ask=never_asked)
    assert not later.resumed and not later.state.sheet
    later.close()
    assert _matches_recorded(tmp_path) == [(plan.keeper.match_id, 1, 0)]


def test_a_match_that_ended_before_ctrl_c_at_its_terminal_is_not_shown_again(tmp_path):
    """Ctrl+C at the terminal: the terminal is told the result as the game closes."""
    import signal

    from ginrummy_tui.cli.play import close_plan

    plan = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    plan.after_first_frame()
    _finished_in(plan)
    close_plan(plan, [signal.SIGINT])
    assert not (tmp_path / "current.json").exists()
    again = prepare(args_for(tmp_path), ask=never_asked)
    assert not again.resumed and not again.state.sheet
    again.close()


def test_a_finished_match_found_at_a_start_with_new_is_archived_and_its_result_said(tmp_path):
    plan = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    plan.after_first_frame()
    state = _finished_in(plan)
    plan.keeper.writes.settle(10.0)
    plan.store.lock.release()
    again = prepare(args_for(tmp_path, new=True), ask=never_asked)
    assert not again.resumed and not again.state.sheet
    assert f"Your last match ended: You won {state.scores[0]} to {state.scores[1]}." in again.notes
    assert read_save(tmp_path / "archive" / f"{plan.keeper.match_id}.json").state.over
    again.close()
    # --seed: nothing to ask about a match that is over
    plan = prepare(args_for(tmp_path, seed=4), ask=never_asked)
    plan.after_first_frame()
    _finished_in(plan)
    plan.keeper.writes.settle(10.0)
    plan.store.lock.release()

    def never_given_up(saved, seed, *, same):
        raise AssertionError("the finished match is not given up")

    again = prepare(args_for(tmp_path, seed=7), ask=never_asked, give_up=never_given_up)
    assert not again.resumed and any(n.startswith("Your last match ended: You won") for n in again.notes)
    again.close()


def _a_finished_match_not_recorded(root) -> tuple[str, object]:
    """A finished match in the slot whose record was never written (a
    ``gin-tui`` killed on its result while the history database was busy):
    its id and state."""
    from ginrummy_tui.engine import Action
    from ginrummy_tui.engine.cards import card
    from ginrummy_tui.tui import scenarios

    state = apply(apply(scenarios.match_point(), Action("draw stock")), Action("knock", card("KD")))
    assert state.over
    assert Store(root).save(state, match_id="m-finished", settings={"ai": "standard"})
    assert _record(root, "m-finished") == "no matches recorded yet"
    return "m-finished", state


@pytest.mark.parametrize("option", [{"new": True}, {"seed": 7}])
def test_a_gin_tui_killed_right_after_new_leaves_the_finished_match_to_be_recorded(tmp_path, option):
    """--new (or --seed) archived the finished match found in the slot before its record
    was asked for: killed in between, the match was in the archive alone, never in
    the statistics."""
    from ginrummy_tui.session.keeper import start_history_upkeep

    match_id, state = _a_finished_match_not_recorded(tmp_path)
    second = prepare(args_for(tmp_path, **option), ask=never_asked)
    assert any(n.startswith("Your last match ended: You won") for n in second.notes)
    assert not (tmp_path / "current.json").exists()
    second.store.lock.release()  # killed before its first frame: nothing written
    third = prepare(args_for(tmp_path), ask=never_asked)
    assert not third.resumed and not third.state.sheet  # the finished match is never resumed
    told: list[str] = []
    try:
        upkeep = start_history_upkeep(third.keeper, told.append)
        assert upkeep is not None
        upkeep.join()
        record = _record(tmp_path, match_id)
        assert isinstance(record, dict), record
        assert record["finished"] is True and record["winner"] == state.winner
        assert len(record["hands"]) == len(state.sheet)
        assert read_save(tmp_path / "archive" / f"{match_id}.json").state.over
        assert not list(tmp_path.glob(f"*{match_id}*.json")), told
    finally:
        third.close()


async def test_a_finished_match_found_at_a_start_with_new_is_recorded_once_the_table_is_up(tmp_path):
    match_id, state = _a_finished_match_not_recorded(tmp_path)
    second = prepare(args_for(tmp_path, new=True), ask=never_asked)
    async with running(second) as (app, pilot):
        await until(pilot, lambda: app.history_upkeep is not None and not app.history_upkeep.is_alive())
        record = _record(tmp_path, match_id)
        assert isinstance(record, dict) and record["finished"] is True, record
        assert len(record["hands"]) == len(state.sheet)
        assert read_save(tmp_path / "archive" / f"{match_id}.json").state.over
        assert read_save(tmp_path / "current.json").match_id == second.keeper.match_id


@pytest.mark.parametrize("waiting", [1, 2, 3, 5])
async def test_the_note_of_the_separate_matches_waiting_is_read_whole_at_80x24(tmp_path, waiting):
    """With 3 waiting, the note named each file and came in two parts at 80×24, the
    first cut at "(separate-1.json, separate-2.json, separate-3.json):", without
    what becomes of them."""
    from ginrummy_tui.engine import new_game
    from ginrummy_tui.tui.note_text import note_parts, toast_rows, toast_text_width
    from ginrummy_tui.tui.restore import RESUMED_ROWS

    main = prepare(args_for(tmp_path, seed=1), ask=never_asked)
    main.after_first_frame()
    main.close()
    for n in range(1, waiting + 1):
        Store(tmp_path, f"separate-{n}.json").save(new_game(main.state.rules, seed=n), match_id=f"s{n}")
    plan = prepare(args_for(tmp_path), ask=never_asked)
    assert plan.resumed
    [note] = [n for n in plan.notes if "separate" in n]
    names = {1: "separate-1.json", 2: "separate-1, 2.json", 3: "separate-1…3.json", 5: "separate-1…5.json"}
    assert f"({names[waiting]}): gin-tui takes" in note and note.endswith("up after this one.")
    width, height = SIZE
    rows = toast_rows(width, height) - RESUMED_ROWS
    assert note_parts(note, toast_text_width(width, height, "warning"), rows) == [note]
    async with running(plan) as (app, pilot):
        await settle(app, pilot)
        await until(pilot, lambda: len(app._notifications) >= 2, timeout=10)
        shown = [str(n.message) for n in app._notifications]
        assert note in shown and any(n.startswith("Resumed your match") for n in shown)  # whole, beside it


async def test_s_goes_on_with_the_separate_match_waiting_and_says_it_is_the_separate_one(tmp_path):
    """Each ``s`` made a new separate-N.json, the one waiting with its moves never
    offered again while the main match was open elsewhere; and taken up later,
    it was "Resumed your match"."""
    from ginrummy_tui.engine import legal_actions

    first = prepare(args_for(tmp_path, seed=1), ask=never_asked)
    first.after_first_frame()
    other = prepare(args_for(tmp_path), ask=lambda owner, **_: "separate")
    assert other.store.path.name == "separate-1.json" and not other.resumed
    other.after_first_frame()
    moved = apply(other.state, legal_actions(other.state)[0])
    other.keeper.on_change(moved)
    other.close()
    offered = []

    def separate(owner, **kw):
        offered.append(kw.get("waiting"))
        return "separate"

    again = prepare(args_for(tmp_path), ask=separate)
    assert offered == ["separate-1.json"]
    assert again.store.path.name == "separate-1.json" and again.resumed and again.separate
    assert to_json(again.state) == to_json(moved) and again.keeper.match_id == other.keeper.match_id
    async with running(again) as (app, pilot):
        await settle(app, pilot)
        await until(pilot, lambda: any("Resumed" in str(n.message) for n in app._notifications), timeout=10)
        said = [str(n.message).replace("\n", " ") for n in app._notifications]
        assert any(n.startswith("Resumed your separate match: hand 1, You 0") for n in said), said
    # --new: another one beside it
    new = prepare(args_for(tmp_path, new=True), ask=separate)
    assert offered[-1] is None and new.store.path.name == "separate-2.json" and not new.resumed
    new.close()
    (tmp_path / "separate-2.json").unlink()
    # the main match over: the separate one is taken up in the main slot, and said so
    first.close()
    first.store.remove()
    later = prepare(args_for(tmp_path), ask=never_asked)
    assert later.store.path.name == "current.json" and later.resumed and later.separate
    assert later.keeper.match_id == other.keeper.match_id
    async with running(later) as (app, pilot):
        await settle(app, pilot)
        await until(pilot, lambda: any("Resumed" in str(n.message) for n in app._notifications), timeout=10)
        said = [str(n.message).replace("\n", " ") for n in app._notifications]
        assert any(n.startswith("Resumed your separate match: hand 1") for n in said), said


def _a_classic_match_finished_in(root, settings_ai: str = "expert"):
    """A classic match won by the player's last knock, saved in the slot as its
    terminal left it on the result: its hands' points and its totals with the
    box and game bonuses differ (128-59; 288-99 with them)."""
    from dataclasses import replace

    from ginrummy_tui.engine import PRESETS, Action
    from ginrummy_tui.engine.cards import card
    from ginrummy_tui.storage.history import open_history
    from ginrummy_tui.tui import scenarios

    state = replace(scenarios.match_point(), rules=PRESETS["classic"])
    state = apply(apply(state, Action("draw stock")), Action("knock", card("KD")))
    assert state.over and state.totals != state.scores
    # the history is there, as where the match was played (else the start would rightly say
    # it was missing, when the app's background opening of it came first)
    opening = open_history(root)
    assert opening.history is not None
    opening.history.close()
    assert Store(root).save(state, match_id="m-classic", settings={"ai": settings_ai})
    return state


def test_a_finished_classic_match_found_at_a_start_with_new_is_told_with_its_bonuses(tmp_path):
    """After a classic match, the next start with --new said "Computer (expert) won 116 to
    24", the hands' points, where its result screen had said "Final score with bonuses:
    You 44 · Computer (expert) 336": the score told again is the final one, saying so."""
    state = _a_classic_match_finished_in(tmp_path)
    again = prepare(args_for(tmp_path, new=True), ask=never_asked)
    try:
        mine, theirs = state.totals
        assert f"Your last match ended: You won {mine} to {theirs}, with bonuses." in again.notes
    finally:
        again.close()


async def test_a_finished_classic_match_shown_again_at_start_is_told_with_its_bonuses(tmp_path):
    """The note over a finished classic match's result shown again gives its final score, as
    the result screen does, and says it has the bonuses in it."""
    state = _a_classic_match_finished_in(tmp_path, settings_ai="standard")
    again = prepare(args_for(tmp_path), ask=never_asked)
    assert again.resumed and again.state.over

    def start_notes(app) -> list[str]:
        return [str(n.message).replace("\n", " ") for n in app._notifications if "match" in str(n.message)]

    async with running(again) as (app, pilot):
        await until(pilot, lambda: bool(start_notes(app)))
        mine, theirs = state.totals
        assert start_notes(app) == [
            f"Your match ended: hand {state.hand_no}, You {mine} · Computer (standard) {theirs} with bonuses"
            " (its last hand's end is shown again, ⏎ its result)."
        ]


def test_a_match_not_saved_beside_a_save_it_may_not_read_says_so_once_closed(tmp_path):
    """A save of a newer version (or one without the right to read it) is left as it is and the
    match is played unsaved: the start's note and the quit question said so, and the game closed
    without a word, where one whose data directory could not be used says "nothing of this match
    was kept"."""
    from ginrummy_tui.cli.play import closing_line
    from ginrummy_tui.engine import new_game
    from ginrummy_tui.storage.store import SAVE_VERSION, encode_save

    path = tmp_path / "current.json"
    newer = json.loads(encode_save(new_game(seed=1), match_id="m-1", settings={"ai": "standard"}))
    newer["version"] = SAVE_VERSION + 1
    path.write_text(json.dumps(newer))
    plan = prepare(args_for(tmp_path), ask=never_asked)
    app = build_app(plan, pause=0)
    plan.close()
    line = closing_line(app, plan.keeper)
    assert line is not None and line.startswith(f"this match was not saved: your saved match {path} was written by a "
                                                "newer version of gin-tui"), line
    assert line.endswith("; it is kept as it is, for that version."), line
    assert json.loads(path.read_text()) == newer


def test_the_note_of_a_last_match_lost_on_time_says_the_time_ran_out():
    """A match lost on the move clock, then `gin-tui --new`: "Your last match ended: Computer
    (standard) won 0 to 0.", where its result had said "your time ran out"."""
    from ginrummy_tui.engine import PRESETS, Action, apply, new_game
    from ginrummy_tui.engine.kinds import Kind
    from ginrummy_tui.session.startup import ended_note
    from ginrummy_tui.storage.store import SavedMatch

    state = new_game(PRESETS["multiplayer-1.5"], seed=3)
    assert state.current == 0
    lost = apply(state, Action(Kind.TIMEOUT))
    assert lost.phase == "match_over" and lost.winner == 1
    saved = SavedMatch(lost, "m1", {"ai": "standard"}, {}, False, "2026-12-07T10:00:00Z")
    assert ended_note(saved) == "Your last match ended: Computer (standard) won 0 to 0: your time ran out."


def test_a_match_ended_at_its_last_hand_is_not_called_unfinished(tmp_path):
    """The hand that ended a match, its end on the screen when the terminal closed, then gin-tui
    started with another --ai: "Resumed your unfinished match with its own rules and opponent;
    ... (or now with --new)", of a match that had ended."""
    from ginrummy_tui.engine import Action
    from ginrummy_tui.engine.cards import card
    from ginrummy_tui.engine.kinds import Kind
    from ginrummy_tui.tui import scenarios

    plan = prepare(args_for(tmp_path, seed=1), ask=never_asked)
    over = apply(apply(scenarios.match_point(), Action(Kind.DRAW_STOCK)), Action(Kind.KNOCK, card("KD")))
    assert over.phase == "match_over"
    plan.keeper.begin(scenarios.match_point())
    plan.keeper.on_change(over)
    plan.keeper.result_unseen = True  # the terminal closed on the last hand's end, the result not seen
    plan.close()
    again = prepare(args_for(tmp_path, ai="easy"), ask=never_asked)
    assert again.resumed and again.state.phase == "match_over"
    said = " ".join(again.notes)
    assert "unfinished" not in said and "--new" not in said, said
    assert ("Your last match had just ended: its end is shown with its own rules and opponent; your --rules/--rule/--ai "
            "choice starts with the next match.") in said, said
