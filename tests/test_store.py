"""Saving and loading: atomic writes, round trips, damaged saves, archiving."""

from __future__ import annotations

import json
import os
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginrummy_tui.engine import PRESETS, apply, legal_actions, new_game, parse_cards, to_json
from ginrummy_tui.session.keeper import Keeper
from ginrummy_tui.storage import store
from ginrummy_tui.storage.files import atomic_write_text, data_dir
from ginrummy_tui.storage.store import LoadError, SavedMatch, Store, encode_save, read_save


def random_play(preset: str, seed: int, moves: int, rng: random.Random):
    """A state reached by ``moves`` random legal actions (never ``timeout``),
    and the actions played."""
    state = new_game(PRESETS[preset], seed=seed)
    played = []
    for _ in range(moves):
        acts = [a for a in legal_actions(state) if a.kind != "timeout"]
        enders = [a for a in acts if a.kind in ("knock", "gin", "big gin")]
        action = rng.choice(enders) if enders and rng.random() < 0.5 else rng.choice(acts)
        state = apply(state, action)
        played.append(action)
    return state, played


def write_save(path: Path, state, match_id="m-1", **extra) -> str:
    text = encode_save(state, match_id=match_id, settings={"ai": "standard"}, **extra)
    path.write_text(text, encoding="utf-8")
    return text


# ---------------------------------------------------------------- places


def test_data_dir_prefers_the_option_then_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("GIN_TUI_HOME", str(tmp_path / "env"))
    assert data_dir(str(tmp_path / "opt")) == tmp_path / "opt"
    assert data_dir(None) == tmp_path / "env"
    monkeypatch.delenv("GIN_TUI_HOME")
    default = data_dir(None)
    assert default.name == "gin-tui" and default.is_absolute()


# ---------------------------------------------------------------- atomic writes


def test_atomic_write_replaces_the_file_and_leaves_no_temporary(tmp_path):
    target = tmp_path / "sub" / "f.json"
    atomic_write_text(target, "one")
    atomic_write_text(target, "two")
    assert target.read_text() == "two"
    assert sorted(p.name for p in target.parent.iterdir()) == ["f.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "f.json"
    atomic_write_text(target, "good")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store.os, "replace", broken_replace)
    with pytest.raises(OSError):
        atomic_write_text(target, "half")
    monkeypatch.undo()
    assert target.read_text() == "good"
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]


def test_store_save_reports_a_failed_write_and_keeps_the_previous_save(tmp_path, monkeypatch):
    s = Store(tmp_path)
    first = new_game(seed=3)
    assert s.save(first, match_id="m")
    second = apply(first, legal_actions(first)[0])
    monkeypatch.setattr(store.os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(5, "I/O error", "x.tmp")))
    assert not s.save(second, match_id="m")
    # in words and where: it said "[Errno 5] I/O error: '.../.current.json.z7s_f3vy.tmp'"
    assert s.last_error == f"I/O error (in {tmp_path})"
    monkeypatch.undo()
    loaded = read_save(s.path)
    assert isinstance(loaded, SavedMatch) and loaded.state == first


# ---------------------------------------------------------------- round trips


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 10**6),
    moves=st.integers(0, 250),
    rseed=st.integers(0, 2**32),
)
def test_save_then_load_gives_back_the_same_state(tmp_path_factory, preset, seed, moves, rseed):
    state, _ = random_play(preset, seed, moves, random.Random(rseed))
    root = tmp_path_factory.mktemp("rt")
    s = Store(root)
    ui = {"order": [str(c) for c in state.hands[0]]}
    assert s.save(state, match_id="abc", settings={"ai": "easy", "pause": 0.0}, ui=ui, replay=True)
    got = read_save(s.path)
    assert isinstance(got, SavedMatch), got
    assert got.state == state
    assert to_json(got.state) == to_json(state)
    assert got.match_id == "abc" and got.settings == {"ai": "easy", "pause": 0.0}
    assert got.ui == ui and got.replay is True


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_resumed_match_continues_exactly_like_an_uninterrupted_one(tmp_path, preset):
    rng = random.Random(7)
    state, _ = random_play(preset, 42, 60, rng)
    s = Store(tmp_path)
    assert s.save(state, match_id="x")
    resumed = s.load().saved.state
    # the same moves from here on, in both games
    a, b = state, resumed
    for _ in range(400):
        if a.over:
            break
        acts = [x for x in legal_actions(a) if x.kind != "timeout"]
        assert acts == [x for x in legal_actions(b) if x.kind != "timeout"]
        action = rng.choice(acts)
        a, b = apply(a, action), apply(b, action)
        assert to_json(a) == to_json(b)


# ---------------------------------------------------------------- damaged saves


def _good_text(tmp_path) -> tuple[str, object]:
    state, _ = random_play("standard", 5, 15, random.Random(1))
    return encode_save(state, match_id="m-1"), state


def _edit(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def _duplicate_card(d):
    d["state"]["stock"][0] = d["state"]["hands"][0][0]


def _fifty_three(d):
    d["state"]["stock"].append(d["state"]["hands"][0][0])


def _hand_of_fourteen(d):
    s = d["state"]
    moved = [s["stock"].pop() for _ in range(4)]
    s["hands"][0].extend(moved)


CASES = {
    "empty": (lambda t: "", "the file is empty"),
    "blank": (lambda t: "  \n", "the file is empty"),
    "truncated": (lambda t: t[: len(t) // 2], "cut short"),
    "not json": (lambda t: "hello, this is not a save", "not valid JSON"),
    "binary": (lambda t: "\udcff", None),
    "other json": (lambda t: "[1, 2, 3]", "not a gin-tui save"),
    "duplicate card": (lambda t: _edit(t, _duplicate_card), "impossible"),
    "53 cards": (lambda t: _edit(t, _fifty_three), "53 cards"),
    "hand of 14": (lambda t: _edit(t, _hand_of_fourteen), "14"),
    "no state": (lambda t: _edit(t, lambda d: d.pop("state")), "holds no game"),
    "state not an object": (lambda t: _edit(t, lambda d: d.update(state="hello")),
                            'the saved game (its "state") is not a JSON object'),
    "bad rules": (lambda t: _edit(t, lambda d: d["state"]["rules"].update(target=-5)), "not readable"),
    "hand number of 400 digits": (lambda t: _edit(t, lambda d: d["state"].update(hand_no=10**400)), "impossible"),
    "score of 400 digits": (lambda t: _edit(t, lambda d: d["state"].update(scores=[10**400, 0])), "impossible"),
    # mid-hand, as if both players had just passed the upcard: taking the pile was refused for a turn
    "stock only mid-hand": (lambda t: _edit(t, lambda d: d["state"].update(stock_only=True)), "is past"),
    "stock only not true or false": (lambda t: _edit(t, lambda d: d["state"].update(stock_only="x")),
                                     "expected true or false, got 'x'"),
    "drawn card in the other hand": (lambda t: _edit(t, lambda d: d["state"].update(drawn=d["state"]["hands"][0][0])),
                                     "the card drawn this turn is not in the hand"),
    # a number Python will not read told in the player's words, not Python's ("use sys.set_int_max_str_digits()")
    "match number of 5,001 digits": (lambda t: t.replace('"match_no":1,', '"match_no":' + "9" * 5001 + ",", 1),
                                     "not valid JSON (a number in it has far too many digits)"),
    # the id names files (abandoned-<id>.json): a NUL in it ended `gin-tui --new` in a traceback
    "match id with a NUL": (lambda t: _edit(t, lambda d: d.update(match_id="abc\u0000def")), "no valid match id"),
    "match id with a new line": (lambda t: _edit(t, lambda d: d.update(match_id="abc\ndef")), "no valid match id"),
    "match id starting with a dot": (lambda t: _edit(t, lambda d: d.update(match_id=".lock")), "no valid match id"),
}


@pytest.mark.parametrize("ui", ["nonsense", [1, 2], None, 7])
def test_a_save_whose_screen_details_are_not_readable_is_resumed_without_them(tmp_path, ui):
    """The match was set aside as 'the save's settings are not readable', blaming
    the settings for what is only how the screen looked."""
    good, state = _good_text(tmp_path)
    path = tmp_path / "current.json"
    path.write_text(_edit(good, lambda d: d.update(ui=ui)), encoding="utf-8")
    opened = Store(tmp_path).load()
    assert opened.error is None and opened.saved is not None
    assert opened.saved.state == state and opened.saved.ui == {}
    assert opened.messages == [
        f"The screen details of your saved match {path} (the order of your cards) could not be read. "
        "They are left out; the match itself is kept."
    ]
    assert path.exists()


def test_a_huge_save_of_spaces_is_called_far_too_big_not_empty(tmp_path):
    from ginrummy_tui.storage.store import MAX_SAVE_BYTES

    (tmp_path / "current.json").write_bytes(b" " * (MAX_SAVE_BYTES + 1000))
    opened = Store(tmp_path).load()
    assert opened.saved is None and ". The file is far too big to be a save" in opened.messages[0]


@pytest.mark.parametrize("archive", ["file", "directory"])
def test_a_match_given_up_says_where_it_is_really_kept(tmp_path, archive):
    s = Store(tmp_path)
    assert s.save(new_game(seed=1), match_id="m1")
    if archive == "file":
        (tmp_path / "archive").write_text("not a directory")
    where = s.set_aside_unfinished(s.load().saved)
    expected = tmp_path / ("abandoned-m1.json" if archive == "file" else "archive/m1.json")
    assert where == expected
    assert (tmp_path / "abandoned-m1.json").exists()


def test_a_save_whose_settings_are_not_readable_says_so(tmp_path):
    good, _ = _good_text(tmp_path)
    (tmp_path / "current.json").write_text(_edit(good, lambda d: d.update(settings="x")), encoding="utf-8")
    opened = Store(tmp_path).load()
    assert opened.saved is None and ". The save's settings are not readable" in opened.messages[0]


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_damaged_save_is_moved_aside_with_a_clear_message(tmp_path, case):
    good, _ = _good_text(tmp_path)
    spoil, words = CASES[case]
    bad = spoil(good)
    path = tmp_path / "current.json"
    if case == "binary":
        path.write_bytes(b"\x00\xff\xfe garbage \x81")
    else:
        path.write_text(bad, encoding="utf-8")
    raw = path.read_bytes()
    s = Store(tmp_path)
    opened = s.load()
    assert opened.saved is None
    err = opened.error
    assert isinstance(err, LoadError)
    if words:
        assert words in err.reason
    message = opened.messages[0]
    assert "could not be used" in message and "new match" in message
    # moved aside under a timestamped name, byte for byte, never deleted
    assert not path.exists()
    assert err.moved_to is not None and err.moved_to.name.startswith("current.json.damaged-")
    assert err.moved_to.read_bytes() == raw
    assert str(err.moved_to) in message
    # the new match saves without touching the damaged file
    assert s.save(new_game(seed=1), match_id="new")
    assert err.moved_to.read_bytes() == raw


def test_the_engine_impossible_games_are_named(tmp_path):
    good, _ = _good_text(tmp_path)
    (tmp_path / "current.json").write_text(_edit(good, _fifty_three))
    err = read_save(tmp_path / "current.json")
    assert isinstance(err, LoadError)
    assert "53 cards" in err.reason and "impossible" in err.reason


def _a_hand_with_a_pile_of(cards: int):
    """A hand of seed 5 played on (each seat taking the stock and throwing its highest card)
    until its discard pile holds ``cards`` cards."""
    from ginrummy_tui.engine import Kind

    state = new_game(seed=5)
    while len(state.discard) < cards or state.phase != "draw":
        acts = legal_actions(state)
        draw = [a for a in acts if a.kind in (Kind.PASS, Kind.DRAW_STOCK)]
        throws = [a for a in acts if a.kind == Kind.DISCARD]
        state = apply(state, draw[0] if draw else max(throws, key=lambda a: a.card.value))
    return state


@pytest.mark.parametrize(
    "change, says",
    [
        (lambda moves: moves[:3], "the saved game is impossible: the moves recorded for this hand were cut short"),
        (lambda moves: moves[:-2], "so they do not lead to its cards"),  # a draw and its throw gone
        (lambda moves: moves[:2] + moves[4:], "so they do not lead to its cards"),  # a whole turn taken out
    ],
)
def test_a_save_whose_list_of_moves_was_cut_short_is_set_aside_as_damaged(tmp_path, change, says):
    """A save whose list of moves was cut to 3 (the discard pile holding 6 cards) was resumed
    without a word: the table had a blank line for the last turn, and the hand's record, its
    list of turns and its review missed moves. It is set aside as any damaged save."""
    state = _a_hand_with_a_pile_of(6)
    assert len(state.discard) == 6 and len(state.history) > 3
    data = json.loads(encode_save(state, match_id="m1"))
    assert read_save(_written(tmp_path, data)).state == state  # as saved, it loads
    data["state"]["history"] = change(data["state"]["history"])
    _written(tmp_path, data)
    opened = Store(tmp_path).load()
    assert opened.saved is None and opened.error is not None
    assert says in opened.error.reason
    assert opened.error.reason.endswith("were cut short or changed by hand, so they do not lead to its cards")
    assert opened.error.moved_to is not None and "could not be used" in opened.messages[0]


def test_the_note_of_a_save_whose_moves_were_cut_short_says_first_that_a_new_match_started(tmp_path):
    """The note read as a chain of colons ("could not be used: the saved game is
    impossible: the moves ... were cut short or changed: they do not lead to its piles.")
    and said where the file went, then that a new match had started, last (10 s later
    in the toasts): a new match and the file come first, then why, in a sentence of its own."""
    state = _a_hand_with_a_pile_of(6)
    data = json.loads(encode_save(state, match_id="m1"))
    data["state"]["history"] = data["state"]["history"][:3]
    _written(tmp_path, data)
    opened = Store(tmp_path).load()
    assert opened.error is not None and opened.error.moved_to is not None
    assert opened.messages == [
        f"Your saved match could not be used: a new match has started, and the file was moved to "
        f"{opened.error.moved_to}. The saved game is impossible: the moves recorded for this hand were cut "
        "short or changed by hand, so they do not lead to its cards."
    ]


def test_a_save_whose_move_takes_a_card_not_on_the_pile_is_set_aside(tmp_path):
    """A move changed by hand, a card drawn from the discard pile named as another (the
    one under it), goes on the piles' count but not on their cards: it is refused too."""
    from ginrummy_tui.engine import Action, Kind

    state = _a_hand_with_a_pile_of(3)
    taken = apply(state, Action(Kind.DRAW_DISCARD))
    data = json.loads(encode_save(taken, match_id="m1"))
    moves = data["state"]["history"]
    assert moves[-1]["action"] == "draw discard" and moves[-1]["card"] == str(state.discard[-1])
    moves[-1]["card"] = str(state.discard[-2])
    err = read_save(_written(tmp_path, data))
    assert isinstance(err, LoadError), err
    from ginrummy_tui.engine.cards import card_name

    under, top = card_name(state.discard[-2]), card_name(state.discard[-1])
    assert f"were changed by hand, taking {under} from the discard pile where {top} was on top" in err.reason


def _written(root: Path, data: dict) -> Path:
    path = root / "current.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_two_damaged_saves_in_one_second_do_not_overwrite_each_other(tmp_path):
    for n in range(3):
        (tmp_path / "current.json").write_text(f"broken {n}")
        assert Store(tmp_path).load().error is not None
    aside = sorted(p.read_text() for p in tmp_path.glob("current.json.damaged-*"))
    assert aside == ["broken 0", "broken 1", "broken 2"]


def test_a_state_that_would_not_load_is_never_written(tmp_path):
    s = Store(tmp_path)
    good = new_game(seed=9)
    assert s.save(good, match_id="m")
    before = s.path.read_bytes()
    extra = parse_cards("AS")[0]
    bad = replace(good, stock=good.stock + (extra,))  # 53 cards
    assert not s.save(bad, match_id="m")
    assert "53 cards" in s.last_error
    assert s.path.read_bytes() == before


def _high_discards(acts):
    """The discards of the highest cards, so that hands end by knocks soon."""
    discards = [a for a in acts if a.kind == "discard"]
    if not discards:
        return []
    top = max(a.card.value for a in discards)
    return [a for a in discards if a.card.value == top]


def test_a_finished_match_is_archived_not_resumed(tmp_path):
    rng = random.Random(3)
    state = new_game(PRESETS["standard"].with_options(target=25), seed=11)
    while not state.over:
        acts = [a for a in legal_actions(state) if a.kind != "timeout"]
        enders = [a for a in acts if a.kind in ("knock", "gin")]
        state = apply(state, rng.choice(enders or _high_discards(acts) or acts))
    s = Store(tmp_path)
    write_save(s.path, state, match_id="done-1")
    opened = s.load()
    assert opened.saved is None and opened.error is None
    assert opened.archived == tmp_path / "archive" / "done-1.json"
    assert not s.path.exists()
    assert isinstance(read_save(opened.archived), SavedMatch)


def test_an_unreadable_save_file_is_reported_not_raised(tmp_path):
    (tmp_path / "current.json").mkdir()
    err = read_save(tmp_path / "current.json")
    assert isinstance(err, LoadError) and "directory" in err.reason
    assert read_save(tmp_path / "missing.json") is None


# ---------------------------------------------------------------- the keeper


def test_the_keeper_saves_every_action_and_archives_the_finished_match(tmp_path):
    s = Store(tmp_path)
    keeper = Keeper(s, settings={"ai": "easy"})
    state = new_game(PRESETS["standard"].with_options(target=25), seed=21)
    keeper.start(state)
    rng = random.Random(2)
    first_id = keeper.match_id
    while not state.over:
        acts = [a for a in legal_actions(state) if a.kind != "timeout"]
        enders = [a for a in acts if a.kind in ("knock", "gin")]
        state = apply(state, rng.choice(enders or _high_discards(acts) or acts))
        keeper.on_change(state)
        assert read_save(s.path).state == state  # the finished one too, until it is seen (kill -9 resumes it there)
    assert (tmp_path / "archive" / f"{first_id}.json").exists()
    # the next match gets a new id and a new save
    state = apply(state, legal_actions(state)[0])
    keeper.on_change(state)
    assert keeper.match_id != first_id
    assert read_save(s.path).match_id == keeper.match_id
    assert keeper.errors == []


def test_saving_a_move_takes_little_room(tmp_path):
    state, _ = random_play("standard", 1, 80, random.Random(4))
    s = Store(tmp_path)
    assert s.save(state, match_id="m")
    assert os.path.getsize(s.path) < 20_000


def _rule(**change):
    return lambda d: d["state"]["rules"].update(change)


def _state(**change):
    return lambda d: d["state"].update(change)


def _row(points: int, winner: int | None, scores: list[int], hand_no: int = 1) -> dict:
    return {"hand_no": hand_no, "dealer": 1, "kind": "knock", "knocker": winner, "winner": winner,
            "points": points, "deadwood": [3, 3 + points], "scores": scores}


def _sheet(*rows, scores):
    return _state(sheet=list(rows), scores=scores, hand_no=len(rows) + 1)


@pytest.mark.parametrize(
    "spoil",
    [
        _state(scores=[30, 0]),  # scores, and no score sheet at all
        _sheet(_row(25, 0, [25, 0]), scores=[30, 0]),  # the last row's total is not the score
        _sheet(_row(25, 0, [30, 0]), scores=[30, 0]),  # a row's total is not the points won
        _sheet(_row(25, 0, [25, 0]), _row(10, 1, [25, 20], 2), scores=[25, 20]),
    ],
)
def test_a_save_whose_scores_do_not_add_up_from_its_score_sheet_is_set_aside(tmp_path, spoil):
    good, _ = _good_text(tmp_path)
    path = tmp_path / "current.json"
    path.write_text(_edit(good, spoil), encoding="utf-8")
    raw = path.read_bytes()
    opened = Store(tmp_path).load()
    assert opened.saved is None and isinstance(opened.error, LoadError)
    assert "the score sheet does not add up to the scores" in opened.messages[0]
    assert not path.exists() and opened.error.moved_to is not None and opened.error.moved_to.read_bytes() == raw


def test_a_save_with_bonuses_before_its_match_is_over_is_set_aside(tmp_path):
    good, _ = _good_text(tmp_path)
    (tmp_path / "current.json").write_text(_edit(good, _state(bonuses=[120, 0])), encoding="utf-8")
    opened = Store(tmp_path).load()
    assert opened.saved is None and opened.error is not None
    assert "bonuses are counted before the match is over" in opened.messages[0]


def test_a_sheet_that_adds_up_is_resumed(tmp_path):
    good, _ = _good_text(tmp_path)
    spoil = _sheet(_row(25, 0, [25, 0]), _row(0, None, [25, 0], 2), _row(10, 1, [25, 10], 3), scores=[25, 10])
    (tmp_path / "current.json").write_text(_edit(good, spoil), encoding="utf-8")
    opened = Store(tmp_path).load()
    assert opened.error is None and opened.saved is not None and opened.saved.state.scores == (25, 10)


@pytest.mark.parametrize(
    "spoil, words",
    [
        (_rule(knock_limit=11), "knock_limit must be between 0 and 10 (not 11)"),
        (_rule(knock_limit=-1), "knock_limit must be between 0 and 10 (not -1)"),
        (_rule(gin_bonus=-25), "gin_bonus must not be negative (not -25)"),
        (_rule(undercut_bonus=-1), "undercut_bonus must not be negative"),
        (_rule(big_gin_bonus=-31), "big_gin_bonus must not be negative"),
        (_rule(box_bonus=-20), "box_bonus must not be negative"),
        (_rule(game_bonus=-100), "game_bonus must not be negative"),
        (_rule(target=0), "target must be at least 1 (not 0)"),
        (_rule(timer=0), "timer must be at least 1 second"),
        (_rule(void_stock=12), "void_stock must be between 0 and 10"),
        (_state(multiplier=0), "multiplier must be at least 1"),
        (_state(multiplier=-2), "multiplier must be at least 1"),
        (_state(knock_limit=11), "knock limit must be between 0 and 10 (not 11)"),
        (_state(bonuses=[0, -20]), "negative bonus"),
    ],
)
def test_a_save_with_rule_values_out_of_range_is_refused_with_a_message_and_set_aside(tmp_path, spoil, words):
    good, _ = _good_text(tmp_path)
    path = tmp_path / "current.json"
    path.write_text(_edit(good, spoil), encoding="utf-8")
    raw = path.read_bytes()
    opened = Store(tmp_path).load()
    assert opened.saved is None and isinstance(opened.error, LoadError)
    assert words in opened.error.reason
    assert words in opened.messages[0] and "could not be used" in opened.messages[0]
    assert not path.exists() and opened.error.moved_to is not None
    assert opened.error.moved_to.read_bytes() == raw


def _knocked_hand_text(rules: str = "standard") -> str:
    """A save of a hand just ended by a knock (its result and score sheet there)."""
    from ginrummy_tui.engine import Action
    from ginrummy_tui.engine.cards import card
    from ginrummy_tui.tui import scenarios

    state = apply(apply(scenarios.knock_ready(), Action("draw stock")), Action("knock", card("KD")))
    if rules != "standard":
        state = replace(state, rules=PRESETS[rules], knock_limit=state.knock_limit)
    assert state.result is not None and state.result.knock is not None and state.sheet
    return encode_save(state, match_id="m-1")


NUMBERS_OUT_OF_RULES = {
    "a multiplier of 31 digits": (lambda s: s.update(multiplier=10**30), "multiplier"),
    "a multiplier of 2 without Oklahoma": (lambda s: s.update(multiplier=2), "multiplier"),
    "the result's multiplier of 31 digits": (lambda s: s["result"].update(multiplier=10**30), "multiplier"),
    "a knock limit not the rules'": (lambda s: s.update(knock_limit=3), "knock limit"),
    "the result's points of 31 digits": (lambda s: s["result"].update(points=10**30), "points"),
    "the knock's points of 31 digits": (lambda s: s["result"]["knock"].update(points=10**30), "points"),
    "a deadwood of 31 digits on the sheet": (lambda s: s["sheet"][-1].update(deadwood=[10**30, 3]), "deadwood"),
    "a negative deadwood on the sheet": (lambda s: s["sheet"][-1].update(deadwood=[-1, 3]), "deadwood"),
    "the knocker's deadwood of 31 digits": (lambda s: s["result"]["knock"].update(knocker_deadwood=10**30), "deadwood"),
}


@pytest.mark.parametrize("case", sorted(NUMBERS_OUT_OF_RULES))
def test_a_save_with_numbers_its_rules_cannot_give_is_set_aside(tmp_path, case):
    """A save's multiplier set to 10**30 (standard rules) was resumed: the hand
    then scored 8000000000000000000000000000000, "statistics not recorded:
    Python int too large to convert to SQLite INTEGER", and the save was gone."""
    spoil, words = NUMBERS_OUT_OF_RULES[case]
    text = _knocked_hand_text()
    assert Store(tmp_path).load().saved is None  # nothing yet
    (tmp_path / "current.json").write_text(_edit(text, lambda d: spoil(d["state"])), encoding="utf-8")
    opened = Store(tmp_path).load()
    assert opened.saved is None and opened.error is not None
    assert "impossible" in opened.error.reason and words in opened.error.reason, opened.error.reason


def test_an_oklahoma_hand_doubled_by_its_spade_is_a_good_save(tmp_path):
    text = _edit(_knocked_hand_text("oklahoma"), lambda d: d["state"].update(multiplier=2))
    (tmp_path / "current.json").write_text(text, encoding="utf-8")
    assert Store(tmp_path).load().saved is not None
    tripled = _edit(text, lambda d: d["state"].update(multiplier=3))
    (tmp_path / "current.json").write_text(tripled, encoding="utf-8")
    opened = Store(tmp_path).load()
    assert opened.saved is None and "multiplier" in opened.error.reason


def _spoilt(change) -> str:
    """What the player is told of a save of a finished hand, once ``change`` has spoilt its game."""
    from ginrummy_tui.storage.store import decode_save
    from ginrummy_tui.tui import scenarios

    data = json.loads(encode_save(scenarios.knocked(), match_id="m1"))
    change(data["state"])
    found = decode_save(json.dumps(data).encode())
    assert isinstance(found, LoadError)
    return found.message()


@pytest.mark.parametrize(
    "change, says",
    [
        (lambda g: g.update(result="x"), "part of the game is not of the kind it should be"),
        (lambda g: g["history"][0].pop("seat"), "part of the game is missing (its 'seat' is not there)"),
        (lambda g: g["history"].__setitem__(0, 5), "part of the game is not of the kind it should be"),
        (lambda g: g["result"].update(hands=[[]]), "expected two hands in the result"),
        (lambda g: g["result"]["hands"].__setitem__(0, None), "expected a list of cards"),
        (lambda g: g["sheet"].__setitem__(0, []), "part of the game is not of the kind it should be"),
    ],
)
def test_a_damaged_save_is_told_in_words_not_in_python_s(change, says):
    """A damaged save was told as "malformed game state: TypeError: string indices must be
    integers, not 'str'" or "KeyError: 'seat'"."""
    message = _spoilt(change)
    assert message.startswith("Your saved match could not be used: a new match has started. The saved game is not readable: ")
    assert says in message
    assert "Error" not in message and "malformed" not in message and "indices" not in message


def test_a_draw_mid_hand_said_to_be_from_the_stock_only_is_an_impossible_game(tmp_path):
    """A save of a draw mid-hand with "stock_only" set (as right after both passed the upcard)
    was resumed, and taking the pile was refused for that turn."""
    from dataclasses import replace

    from ginrummy_tui.engine import Kind, Phase, validate

    state = new_game(seed=4)
    while not (state.phase == Phase.DRAW and any(m.action.kind == Kind.DISCARD for m in state.history)):
        state = apply(state, legal_actions(state)[0])
    validate(state)
    spoilt = replace(state, stock_only=True)
    with pytest.raises(ValueError, match="the first draw from the stock"):
        validate(spoilt)
    text = _edit(encode_save(state, match_id="m-1"), lambda d: d["state"].update(stock_only=True))
    (tmp_path / "current.json").write_text(text)
    opened = Store(tmp_path).load()
    assert opened.saved is None and "the first draw from the stock (both passed the upcard) is past" in opened.messages[0]


def _finished_match(seed: int = 11):
    rng = random.Random(3)
    state = new_game(PRESETS["standard"].with_options(target=25), seed=seed)
    while not state.over:
        acts = [a for a in legal_actions(state) if a.kind != "timeout"]
        enders = [a for a in acts if a.kind in ("knock", "gin")]
        state = apply(state, rng.choice(enders or _high_discards(acts) or acts))
    return state


@pytest.mark.parametrize("then", ["--new", "a plain start"])
def test_a_finished_match_killed_before_it_left_its_slot_is_archived_once(tmp_path, then):
    """A game killed on a finished match's last hand's end or its result (kill -9, a hang-up...)
    leaves it in the slot, as the game keeps it there until it closes, with its screen (``ui``),
    and in ``archive/``, written at its end without one.  The next start archived the slot's
    save over it, the archive's own moved aside as ``<id>.json.old-<time>``: the same match
    twice, run after run.  The one with the screen is kept, once."""
    from ginrummy_tui.storage.history_upkeep import file_abandoned

    state = _finished_match()
    s = Store(tmp_path)
    # at the match's end, as the game keeps it: in the archive, and in the slot with its screen
    assert s.save_finished(state, match_id="done-1", settings={"ai": "easy"}) is not None
    assert s.save(state, match_id="done-1", settings={"ai": "easy"}, ui={"screen": "match result"})
    # killed there; the next start
    if then == "--new":
        saved = read_save(s.path)
        assert isinstance(saved, SavedMatch) and s.set_aside_finished(saved) is not None
        file_abandoned(tmp_path)  # its record written, the file filed in the archive
        assert not (tmp_path / "finished-done-1.json").exists()
    else:
        assert Store(tmp_path).load().archived == tmp_path / "archive" / "done-1.json"
    assert sorted(p.name for p in (tmp_path / "archive").iterdir() if p.is_file()) == ["done-1.json"]
    kept = read_save(tmp_path / "archive" / "done-1.json")
    assert isinstance(kept, SavedMatch) and kept.state == state and kept.ui == {"screen": "match result"}


def test_an_archived_copy_of_the_same_match_with_more_in_it_is_the_one_kept(tmp_path):
    """The archive's copy holds the screen the one coming in lacks: the archive's is kept,
    the other dropped; nothing is set aside as old."""
    state = _finished_match()
    archived = tmp_path / "archive" / "done-1.json"
    archived.parent.mkdir()
    write_save(archived, state, match_id="done-1", ui={"screen": "match result"})
    coming = tmp_path / "finished-done-1.json"
    write_save(coming, state, match_id="done-1")
    assert store.archive_save(tmp_path, coming, "done-1") == archived
    assert sorted(p.name for p in archived.parent.iterdir()) == ["done-1.json"] and not coming.exists()
    kept = read_save(archived)
    assert isinstance(kept, SavedMatch) and kept.ui == {"screen": "match result"}


def test_an_archived_file_of_another_game_under_the_same_id_is_kept_aside_as_old(tmp_path):
    """Where the file already in the archive holds another game than the one coming in
    (the same name, other moves), it is still set aside as ``<id>.json.old-<time>``."""
    archived = tmp_path / "archive" / "done-1.json"
    archived.parent.mkdir()
    other = write_save(archived, _finished_match(seed=12), match_id="done-1")
    coming = tmp_path / "finished-done-1.json"
    write_save(coming, _finished_match(), match_id="done-1")
    assert store.archive_save(tmp_path, coming, "done-1") == archived
    [old] = archived.parent.glob("done-1.json.old-*")
    assert old.read_text() == other
    assert read_save(archived).state == _finished_match()


def test_a_named_pipe_in_the_way_in_the_archive_is_set_aside_without_waiting_on_it(tmp_path):
    """The archive's file in the way is compared with the save coming in only where it is a
    regular file: a named pipe there (no writer) is set aside as ``old`` at once, never read,
    which would wait for good."""
    import os
    import threading

    archived = tmp_path / "archive" / "done-1.json"
    archived.parent.mkdir()
    os.mkfifo(archived)
    coming = tmp_path / "finished-done-1.json"
    write_save(coming, _finished_match(), match_id="done-1")
    result: list[object] = []
    worker = threading.Thread(target=lambda: result.append(store.archive_save(tmp_path, coming, "done-1")), daemon=True)
    worker.start()
    worker.join(10)
    if worker.is_alive():  # let the blocked reader go, so that the test process can end
        os.close(os.open(archived, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(5)
        raise AssertionError("archive_save waited on a named pipe in the archive")
    assert result == [archived]
    [old] = archived.parent.glob("done-1.json.old-*")
    assert not old.is_file()  # the pipe, set aside as it was
    assert read_save(archived).state == _finished_match()
