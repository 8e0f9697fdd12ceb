"""In the app: h shows the expert's suggestion and its reason in the prompt line."""

from __future__ import annotations

import pytest

from ginrummy_tui.ai.hints import hint
from ginrummy_tui.engine import new_game
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.widgets.hand import HandView
from ginrummy_tui.tui.widgets.prompt import PromptLine

from .app_helpers import settle as _settle

SIZE = (100, 30)


class CountingKeeper:
    """Stands in for the keeper that saves and records the match."""

    def __init__(self) -> None:
        self.hints = 0
        self.states = []

    def on_change(self, state) -> None:
        self.states.append(state)

    def add_hint(self) -> None:
        self.hints += 1


def _prompt(app) -> str:
    return app.table.query_one(PromptLine).plain


async def test_h_shows_the_hint_selects_its_card_and_is_counted():
    keeper = CountingKeeper()
    app = make_app(state=new_game(seed=3), pause=0, on_change=keeper.on_change, on_hint=keeper.add_hint)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(app, pilot)
        v = app.session.view()
        expected = hint(v)
        await pilot.press("h")
        await _settle(app, pilot)
        assert _prompt(app) == f"Hint: {expected.reason}"
        assert keeper.hints == 1
        await pilot.press("h")  # the same hint again is not counted twice
        await _settle(app, pilot)
        assert keeper.hints == 1
        # play until a discard decision, then ask again
        while app.session.view().phase != "discard" or app.session.view().current != 0:
            a = hint(app.session.view()).action
            await pilot.press({"take upcard": "t", "pass": "p", "draw stock": "s", "draw discard": "d"}[a.kind])
            await _settle(app, pilot)
            assert not _prompt(app).startswith("Hint:")  # the game moved on: the hint is gone
        v = app.session.view()
        h = hint(v)
        await pilot.press("h")
        await _settle(app, pilot)
        assert _prompt(app) == f"Hint: {h.reason}"
        assert app.table.query_one(HandView).selected is h.action.card
        before = len(keeper.states)
        await pilot.press({"discard": "enter", "knock": "k", "gin": "g"}[h.action.kind])
        await _settle(app, pilot)
        assert len(keeper.states) > before
        played = [m for m in app.session.state.history if m.seat == 0][-1]
        assert played.action == h.action


@pytest.mark.parametrize("size", [SIZE, (80, 24)])
async def test_no_hint_on_the_computers_turn(size):
    app = make_app(state=new_game(seed=3), pause=30)  # the computer waits: its turn lasts
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("p")  # pass on the upcard: now the computer is to move
        await pilot.pause()
        assert app.session.opponent_to_move()
        assert app.table.check_action("hint", ()) is None
        await pilot.press("h")
        await pilot.pause()
        assert not _prompt(app).startswith("Hint:")
        # the dimmed key says why, as the dimmed moves do (it said nothing)
        assert app.table.refusal == "a hint is for your own turn"
        assert "A hint is for your own turn" in _prompt(app)
        # the computer is named as on the rest of the screen: the line said "Computer is thinking…"
        name = app.session.opponent_name
        assert " (" in name and f"{name} is thinking…" in _prompt(app), _prompt(app)


async def test_hints_are_counted_in_the_match_record_but_not_in_a_replay(tmp_path):
    import argparse

    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.storage.history import open_history

    args = argparse.Namespace(ai=None, rules=None, seed=6, hand=None, ascii=None, no_mouse=None, pause=None,
                              new=True, data_dir=str(tmp_path))
    plan = prepare(args, ask=lambda owner, **_: "quit")
    app = build_app(plan, pause=0)

    def hints() -> int:
        hist = open_history(tmp_path).history
        try:
            ((count, asked),) = hist.read("SELECT hints, (SELECT count(*) FROM hints) FROM matches")
        finally:
            hist.close()
        assert count == asked  # each hint also has its row (the hand and move it was asked at)
        return count

    try:
        async with app.run_test(size=SIZE) as pilot:
            await _settle(app, pilot)
            await pilot.press("h")
            await _settle(app, pilot)
            assert _prompt(app).startswith("Hint:")
            assert hints() == 1
            # play the hand out by the hints, then replay it: hints in the practice hand do not count
            while app.session.view().phase in ("upcard", "draw", "discard"):
                await _settle(app, pilot)
                a = hint(app.session.view()).action
                app.session.submit(a)
                app.sync()
                await _settle(app, pilot)
            used = hints()
            assert app.start_replay()
            await _settle(app, pilot)
            await pilot.press("h")
            await _settle(app, pilot)
            assert _prompt(app).startswith("Hint:")
            assert hints() == used
    finally:
        plan.close()
    hist = open_history(tmp_path).history
    assert hist.stats().total.hints == used == 1


async def test_h_after_a_refusal_shows_the_hint():
    """A refused move's reason must not hide the hint asked for next, even when
    the hint repeats what the reason says ("...: draw from the stock")."""
    from ginrummy_tui.engine import Action, Kind, apply

    state = new_game(seed=3)
    state = apply(apply(state, Action(Kind.PASS)), Action(Kind.PASS))  # both passed: the stock only
    app = make_app(state=state, pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(app, pilot)
        v = app.session.view()
        assert v.my_turn and [a.kind for a in v.legal_actions] == [Kind.DRAW_STOCK]
        expected = hint(v)
        await pilot.press("d")  # refused: only the stock may be drawn
        await _settle(app, pilot)
        assert _prompt(app).startswith("✗ Both players passed the upcard")
        await pilot.press("h")
        await _settle(app, pilot)
        assert _prompt(app) == f"Hint: {expected.reason}"
        await pilot.press("d")  # refused again, with the hint on show
        await _settle(app, pilot)
        assert _prompt(app).startswith("✗ ")
        await pilot.press("h")  # the same hint again: shown again, not counted again
        await _settle(app, pilot)
        assert _prompt(app) == f"Hint: {expected.reason}"


def _prompt_rows(app) -> list[str]:
    """The prompt line's rows as the screen shows them."""
    from .app_helpers import screen_text

    region = app.table.query_one(PromptLine).region
    return [row.strip() for row in screen_text(app).splitlines()[region.y : region.bottom]]


@pytest.mark.parametrize("size", [(80, 24), (60, 24)])
async def test_a_refusal_after_a_hint_stands_apart_from_it(size):
    """gin_ready with the hint on show ("Gin with K♦"), Q♠ selected and k pressed: the
    reason ran on into the hint ("...knocks with 5♣. Hint: Gin with K♦..."); it ends its own line
    and the hint starts the next."""
    from ginrummy_tui.engine.cards import card
    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.widgets.hand import KEYS

    app = make_app(state=scenarios.gin_ready(), pause=0)
    async with app.run_test(size=size) as pilot:
        await _settle(app, pilot)
        await pilot.press("s")
        await _settle(app, pilot)
        expected = hint(app.session.view())
        await pilot.press("h")
        await _settle(app, pilot)
        hand = app.table.query_one(HandView)
        await pilot.press(KEYS[hand.cards.index(card("QS"))], "k")
        await _settle(app, pilot)
        rows = _prompt_rows(app)
        at = next(i for i, row in enumerate(rows) if row.startswith("Hint: Gin with K♦"))
        assert " ".join(rows[:at]) == "✗ You can go gin with K♦: g plays gin; k again knocks with 5♣.", rows
        assert " ".join(" ".join(rows[at:]).split()) == f"Hint: {expected.reason}", rows


async def test_a_refusal_after_a_hint_is_read_whole_on_a_small_screen():
    """60×21, the hint on show in the upcard round, then r (the review comes once the hand
    is over): the reason is read whole, with the prompt after it; the hint gives way to it
    (below 24 rows the two took the buttons and the moves line) and is back once it goes."""
    from ginrummy_tui.tui.widgets.hand import KEYS

    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(60, 21)) as pilot:
        await _settle(app, pilot)
        expected = hint(app.session.view())
        await pilot.press("h")
        await _settle(app, pilot)
        await pilot.press("r")
        await _settle(app, pilot)
        shown = " ".join(" ".join(_prompt_rows(app)).split())
        reason = "✗ The review of your decisions (r) comes once the hand is over."
        assert shown == f"{reason} Take 4♣ (t) or pass (p).", shown  # the hint's words would take a row more
        await pilot.press(KEYS[2])  # another card selected: the reason goes, the hint is back
        await _settle(app, pilot)
        shown = " ".join(" ".join(_prompt_rows(app)).split())
        assert shown == f"Hint: {expected.reason}", shown


async def test_the_rows_made_for_a_refusal_under_a_hint_are_given_back_when_it_goes():
    """60×21, the hint on show in the upcard round, r refused (the hint gives way to the
    reason; the buttons and the moves line are back), then another card selected: the reason
    goes and the table is again as with the hint alone, no blank lines under it."""
    from ginrummy_tui.tui.widgets.hand import KEYS

    app = make_app(state=new_game(seed=3), pause=0)
    async with app.run_test(size=(60, 21)) as pilot:
        await _settle(app, pilot)
        await pilot.press("h")
        await _settle(app, pilot)
        hint_alone, made_for_hint = _prompt_rows(app), set(app.table.classes)
        alone_at = app.table.query_one(PromptLine).region
        await pilot.press("r")
        await _settle(app, pilot)
        assert _prompt_rows(app)[0].startswith("✗ The review of your decisions")
        assert not app.table.has_class("-long-prompt") and not app.table.has_class("-longer-prompt")
        await pilot.press(KEYS[2])  # another card selected: the reason goes
        await _settle(app, pilot)
        assert _prompt_rows(app) == hint_alone
        assert set(app.table.classes) == made_for_hint
        # where it stood with the hint alone (the key bar takes two rows at 60 columns: the card
        # backs gave the hint's rows, one more than it needs)
        assert app.table.query_one(PromptLine).region == alone_at


@pytest.mark.parametrize("ascii_only", [False, True])
async def test_a_hint_and_reason_longer_than_the_rows_left_end_with_a_mark_where_they_are_cut(ascii_only):
    """46×24 under the move clock, the hint on show ("Discard K♦: waiting with 1 for gin..."),
    then a reason of three lines (the text stands in for any): the line was cut at the
    table's last row without a mark, the end of the hint silently missing.  Its last row
    ends with "…" ("..." with --ascii), and the rows above it are as they were."""
    from ginrummy_tui.engine import PRESETS
    from ginrummy_tui.tui import scenarios

    app = make_app(state=scenarios.knock_ready(rules=PRESETS["multiplayer-1.5"]), pause=0, ascii=ascii_only)
    async with app.run_test(size=(46, 24)) as pilot:
        await _settle(app, pilot)
        await pilot.press("s")
        await _settle(app, pilot)
        await pilot.press("h")
        await _settle(app, pilot)
        expected = hint(app.session.view(), ascii_only=ascii_only)
        app.table.refuse("not now: " + "a reason that goes on " * 9 + "to its end")
        await _settle(app, pilot)
        line = app.table.query_one(PromptLine)
        rows = _prompt_rows(app)
        assert line.short_of > 0 and len(rows) == line.lines, rows
        mark = "..." if ascii_only else "…"
        assert rows[-1].endswith(mark) and not rows[-2].endswith(mark), rows
        shown = " ".join(" ".join(rows).split()).removesuffix(mark)
        reason = expected.reason
        told = shown.split("Hint: ", 1)[1]
        assert reason.startswith(told.rstrip(" .,;:")) and len(told) < len(reason), (told, reason)
        assert max(len(row) for row in rows) <= line.content_region.width


@pytest.mark.parametrize(
    "size,ascii_only,keys,button",
    # at 60x21 the buttons are off (the key bar takes two rows): t's key stands for them
    [((60, 21), False, ("h", "s"), "t Take"), ((46, 21), True, ("t", "h", "k"), "Discard")],
    ids=["60x21-upcard", "46x21-ascii-discard"],
)
async def test_a_refusal_under_a_hint_leaves_the_buttons_and_the_moves_line(size, ascii_only, keys, button):
    """Classic rules, knock at 8, seed 3: the hint on show, then a move refused.  The reason
    above the hint took the buttons' row, the moves line ("Hand 1: Computer (standard)
    dealt...") and the card backs.  Below 24 rows the hint gives way while the reason
    shows, and is back once it goes."""
    from dataclasses import replace

    from ginrummy_tui.engine import PRESETS

    from .app_helpers import screen_text

    rules = replace(PRESETS["classic"], knock_limit=8)
    app = make_app(state=new_game(rules, seed=3), pause=0, ascii=ascii_only)
    async with app.run_test(size=size) as pilot:
        await _settle(app, pilot)
        for key in keys:
            await pilot.press(key)
            await _settle(app, pilot)
        await pilot.pause(0.2)
        screen = screen_text(app)
        rows = _prompt_rows(app)
        assert rows[0].startswith("x " if ascii_only else "✗ "), rows
        assert button in screen, screen
        assert "Computer (standard) dealt. The upcard" in screen or "You took the upcard 4C" in screen, screen
        assert "Hint:" not in screen
        if size == (46, 21):  # the prompt says the hint is kept, where that takes no row more
            assert " ".join(rows).endswith(" Discard (Enter). h shows the hint again."), rows
        app.table.clear_refusal()
        await _settle(app, pilot)
        await pilot.pause(0.2)
        assert "Hint:" in screen_text(app)


async def test_at_120_columns_the_hint_uses_the_room_it_has():
    # at 120 columns the hint used the 80-column wording, leaving out whose knock the undercut
    # is reckoned against, or the chance that a knock now is undercut, though there was room
    from ginrummy_tui.ai.hints import prompt_lines

    from .test_hints import _states

    s = _states("oklahoma", 14, 16)[15]
    app = make_app(state=s, pause=0)
    async with app.run_test(size=(120, 30)) as pilot:
        await _settle(app, pilot)
        await pilot.press("h")
        await _settle(app, pilot)
        said = _prompt(app)
        assert "A knock now would score about 10 points (doubled; undercut" in said, said
        assert "undercut about 1 in 12" in said
        reason = said.removeprefix("Hint: ")
        assert prompt_lines(reason) > 2 and app.table.query_one(PromptLine).lines == 2


@pytest.mark.parametrize("height,blank", [(22, 3), (23, 4)])
async def test_a_long_hint_takes_only_the_blank_lines_it_lacks(height, blank):
    """72x22 (and 72x23), expert, seed 12: the upcard taken, 5 thrown, the computer's turn,
    then d and h.  The hint of three lines took every blank line of the table, and three
    rows stood empty between it and the key bar.  It takes only the rows it lacks: the
    table keeps the other blank lines (the one under the score line among them), and the
    hint ends right above the key bar."""
    from .app_helpers import screen_text

    app = make_app(seed=12, ai="expert", pause=0)
    async with app.run_test(size=(72, height)) as pilot:
        await _settle(app, pilot)
        for key in ("t", "5", "enter", "d", "h"):
            await pilot.press(key)
            await _settle(app, pilot)
        await pilot.pause(0.2)
        rows = screen_text(app).splitlines()
        shown = _prompt_rows(app)
        assert shown[0].startswith("Hint: ") and len(shown) == 3, shown
        table_rows = rows[: height - 1]  # the key bar's row off
        assert table_rows[-1].strip() == shown[-1], rows  # no empty row under the hint
        assert not table_rows[1].strip(), rows  # the blank line under the score line is kept
        assert sum(1 for row in table_rows if not row.strip()) == blank, rows


@pytest.mark.parametrize("size", [(46, 21), SIZE])
async def test_h_again_selects_the_hinted_card_after_another_was_chosen(size):
    """h with the hint on show selects its card again: at 46x21 the hint said "Discard 10♥",
    the player chose A♠ (1) and pressed a key the table has no use for, and h brought back the
    hint with A♠ still selected, so that Enter threw A♠."""
    keeper = CountingKeeper()
    app = make_app(state=new_game(seed=3), pause=0, on_hint=keeper.add_hint)
    async with app.run_test(size=size) as pilot:
        await _settle(app, pilot)
        while app.session.view().phase != "discard" or app.session.view().current != 0:
            a = hint(app.session.view()).action
            await pilot.press({"take upcard": "t", "pass": "p", "draw stock": "s", "draw discard": "d"}[a.kind])
            await _settle(app, pilot)
        h = hint(app.session.view())
        assert h.action.card is not None
        hand = app.table.query_one(HandView)
        await pilot.press("h")
        await _settle(app, pilot)
        assert hand.selected is h.action.card and keeper.hints == 1
        other = next(i for i, c in enumerate(hand.cards) if c is not h.action.card)
        await pilot.press(str(other + 1))  # other is the first or second card
        await pilot.press("x")  # refused: no use for it on the table
        await _settle(app, pilot)
        assert hand.selected is hand.cards[other]
        await pilot.press("h")
        await _settle(app, pilot)
        assert _prompt(app).startswith("Hint: ")
        assert hand.selected is h.action.card and keeper.hints == 1  # its card again, not counted again
        # and the deadwood line speaks of it (it said "discarding A♠ leaves 42" under Q♣ lifted)
        from ginrummy_tui.tui.widgets.cardfaces import card_label

        dead = " ".join(str(app.table.query_one("#deadwood").render()).split())
        assert f"discarding {card_label(h.action.card)} " in dead or h.action.kind != "discard", dead
        before = len(app.session.state.history)
        await pilot.press({"discard": "enter", "knock": "k", "gin": "g"}[h.action.kind])
        await _settle(app, pilot)
        assert app.session.state.history[before].action == h.action


@pytest.mark.parametrize("ascii_only", [False, True])
async def test_the_prompt_says_a_hint_is_being_worked_out_until_it_comes(monkeypatch, ascii_only):
    """On a knock decision h left the prompt line as it was for more than a second, then the
    hint came: the line now says at once that a hint is being worked out, and the hint takes
    its place."""
    import threading

    import ginrummy_tui.ai.hints as hints

    asked = threading.Event()
    answer = threading.Event()
    real = hints.hint

    def slow_hint(*args, **kwargs):
        asked.set()
        answer.wait(30)  # held until the test has looked at the prompt line
        return real(*args, **kwargs)

    monkeypatch.setattr(hints, "hint", slow_hint)
    app = make_app(state=new_game(seed=3), pause=0, ascii=ascii_only)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(app, pilot)
        v = app.session.view()
        before = _prompt(app)
        await pilot.press("h")
        for _ in range(100):
            await pilot.pause()
            if asked.is_set() and _prompt(app) != before:
                break
        try:
            assert _prompt(app) == ("Working out a hint..." if ascii_only else "Working out a hint…")
            await pilot.press("h")  # asked again meanwhile: still one hint on its way
            await pilot.pause()
            assert _prompt(app).startswith("Working out a hint")
        finally:
            answer.set()
        await _settle(app, pilot)
        assert _prompt(app) == f"Hint: {real(v, ascii_only=ascii_only).reason}"


async def test_a_hint_asked_again_at_the_same_position_after_a_resume_is_not_counted_again(tmp_path):
    """h at one position counted once, then the match quit and resumed (or taken
    over, or killed): h at that very position was counted again, the ``hints``
    table holding a second row for the same match, hand and move."""
    import argparse

    from ginrummy_tui.cli.play import build_app
    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.storage.history import open_history

    def hints() -> tuple[int, int]:
        hist = open_history(tmp_path).history
        try:
            ((count, rows),) = hist.read("SELECT hints, (SELECT count(*) FROM hints) FROM matches")
        finally:
            hist.close()
        return count, rows

    for run, new in enumerate((True, False, False)):
        args = argparse.Namespace(ai=None, rules=None, seed=6 if new else None, hand=None, ascii=None,
                                  no_mouse=None, pause=None, new=new, data_dir=str(tmp_path))
        plan = prepare(args, ask=lambda owner, **_: "quit")
        app = build_app(plan, pause=0)
        try:
            async with app.run_test(size=SIZE) as pilot:
                await _settle(app, pilot)
                for _ in range(2):
                    await pilot.press("h")
                    await _settle(app, pilot)
                    assert _prompt(app).startswith("Hint:")
                assert plan.keeper.writes.settle(10)  # the history's writes made (its own thread)
                assert hints() == (1, 1), run  # once at that position, whatever the runs
        finally:
            plan.close()
    args = argparse.Namespace(ai=None, rules=None, seed=None, hand=None, ascii=None, no_mouse=None, pause=None,
                              new=False, data_dir=str(tmp_path))
    plan = prepare(args, ask=lambda owner, **_: "quit")
    app = build_app(plan, pause=0)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await _settle(app, pilot)
            app.session.submit(hint(app.session.view()).action)  # another position: counted
            app.sync()
            await _settle(app, pilot)
            while app.session.view().current != 0 or app.session.view().phase not in ("upcard", "draw", "discard"):
                await _settle(app, pilot)
            await pilot.press("h")
            await _settle(app, pilot)
            for _ in range(200):  # the hint worked out in a worker and shown (under load, after the settling)
                if _prompt(app).startswith("Hint:"):
                    break
                await pilot.pause(0.05)
            assert _prompt(app).startswith("Hint:"), _prompt(app)
            assert plan.keeper.writes.settle(10)
            assert hints() == (2, 2)
    finally:
        plan.close()
