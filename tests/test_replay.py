"""Replaying a deal deals exactly the same cards."""

import pytest

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.engine import PRESETS, apply, new_game, view
from ginrummy_tui.engine.replay import hand_of_match, replay_moves, replay_state


def _play_to_hand(seed: int, hand_no: int, preset: str = "standard"):
    """A match played by the standard opponent on both seats up to the start of ``hand_no``."""
    s = new_game(PRESETS[preset], seed=seed)
    bot = get_opponent("standard", seed)
    while s.hand_no < hand_no:
        assert s.phase != "match_over"
        s = apply(s, bot.choose(view(s, s.current)))
    return s


def _finish_hand(s, bot):
    while s.phase in ("upcard", "draw", "discard"):
        s = apply(s, bot.choose(view(s, s.current)))
    return s


@pytest.mark.parametrize("preset", ["standard", "classic", "oklahoma"])
def test_a_replayed_deal_deals_exactly_the_same_cards(preset):
    start = _play_to_hand(5, 3, preset)
    assert start.phase in ("upcard", "draw") and not start.history
    end = _finish_hand(start, get_opponent("standard", 0))
    again = replay_state(end)
    assert again.hands == start.hands
    assert again.stock == start.stock
    assert again.discard == start.discard
    assert (again.dealer, again.current, again.phase) == (start.dealer, start.current, start.phase)
    assert (again.knock_limit, again.multiplier) == (start.knock_limit, start.multiplier)
    assert (again.scores, again.sheet, again.hand_no, again.match_no) == (
        start.scores,
        start.sheet,
        start.hand_no,
        start.match_no,
    )
    # the same decisions give the same hand, card for card
    assert _finish_hand(again, get_opponent("standard", 0)) == end


def test_replay_from_the_middle_of_a_hand_and_other_decisions():
    start = _play_to_hand(8, 2)
    mid = start
    for _ in range(7):
        mid = apply(mid, get_opponent("standard", 0).choose(view(mid, mid.current)))
    again = replay_state(mid)
    assert (again.hands, again.stock, again.discard) == (start.hands, start.stock, start.discard)
    steps = replay_moves(mid)
    assert [m for _, m in steps] == list(mid.history)
    assert steps[0][0] == again


def test_hand_of_match_is_hand_k_of_that_seed():
    for k in (1, 2, 4):
        dealt = _play_to_hand(21, k)
        alone = hand_of_match(21, k)
        assert (alone.hands, alone.stock, alone.discard, alone.dealer, alone.current) == (
            dealt.hands,
            dealt.stock,
            dealt.discard,
            dealt.dealer,
            dealt.current,
        )
        assert alone.scores == (0, 0)
    with pytest.raises(ValueError):
        hand_of_match(21, 0)


def test_a_replay_after_the_match_is_over():
    s = new_game(PRESETS["standard"].with_options(target=20), seed=3)
    bot = get_opponent("standard", 0)
    while s.phase != "match_over":
        s = apply(s, bot.choose(view(s, s.current)))
    again = replay_state(s)
    assert again.phase in ("upcard", "draw") and again.winner is None
    assert again.scores == (s.sheet[-2].scores if len(s.sheet) > 1 else (0, 0))
    assert _finish_hand(again, get_opponent("standard", 0)).sheet[-1] == s.sheet[-1]


def test_gin_tui_seed_and_hand_deal_that_hand(tmp_path):
    """``gin-tui --seed N --hand K``: the app starts on hand K of that seed, kept apart as a replay."""
    from ginrummy_tui.cli import build_parser
    from ginrummy_tui.cli.play import build_unsaved_app
    from ginrummy_tui.session.startup import prepare

    dealt = _play_to_hand(13, 3)
    args = build_parser().parse_args(["--seed", "13", "--hand", "3", "--data-dir", str(tmp_path)])
    state = build_unsaved_app(args).session.state
    assert (state.hands, state.stock, state.discard, state.hand_no) == (dealt.hands, dealt.stock, dealt.discard, 3)
    plan = prepare(args, ask=lambda owner, **_: "quit")
    try:
        assert (plan.state.hands, plan.state.stock) == (dealt.hands, dealt.stock)
        assert plan.keeper.replay  # its score does not count toward the statistics
    finally:
        plan.close()


def test_a_practice_deal_left_unfinished_is_not_called_your_match(tmp_path):
    """Starting ``--seed N --hand K`` again sets aside the practice deal left
    unfinished before; the note says so, and the player's own match resumes
    untouched (it once said "Your unfinished match was set aside")."""
    from ginrummy_tui.cli import build_parser
    from ginrummy_tui.session.startup import prepare

    def plan_of(*argv: str):
        plan = prepare(build_parser().parse_args([*argv, "--data-dir", str(tmp_path)]), ask=lambda owner, **_: "quit")
        plan.after_first_frame()  # the first save
        return plan

    own = plan_of("--new")
    own.close()
    first = plan_of("--seed", "13", "--hand", "3")
    first.close()
    again = plan_of("--seed", "13", "--hand", "3")
    again.close()
    notes = " ".join(again.notes)
    assert "practice deal left unfinished last time was set aside" in notes
    assert "your own match is not affected" in notes
    assert "Your unfinished match" not in notes
    resumed = plan_of()
    try:
        assert resumed.resumed and resumed.state == own.state
    finally:
        resumed.close()


def test_a_damaged_practice_deal_file_is_told_as_the_practice_deal_s_and_the_match_as_safe(tmp_path):
    """A damaged replay.json was told as "Your saved match could not be used: ... A new
    match has started.", though the player's match in current.json was untouched and
    resumed as it stood: the note names the practice deal's file, and says the match is
    safe and how to resume it."""
    import json

    from ginrummy_tui.cli import build_parser
    from ginrummy_tui.session.startup import prepare

    def plan_of(*argv: str):
        plan = prepare(build_parser().parse_args([*argv, "--data-dir", str(tmp_path)]), ask=lambda owner, **_: "quit")
        plan.after_first_frame()  # the first save
        return plan

    own = plan_of("--new")
    own.close()
    plan_of("--seed", "5", "--hand", "2").close()
    damaged = {"format": "gin-tui save", "version": 1, "match_id": "x", "state": {"hands": 5}}
    (tmp_path / "replay.json").write_text(json.dumps(damaged))
    again = plan_of("--seed", "5", "--hand", "2")
    again.close()
    [moved] = tmp_path.glob("replay.json.damaged-*")
    [note] = [n for n in again.notes if "could not be used" in n]
    start = f"The practice deal's file could not be used: the practice deal starts again from its deal, and the file was moved to {moved}. "
    assert note.startswith(start), note  # what happened first, then why (it gave the reason first)
    assert note[len(start)].isupper()
    assert note.endswith(f"Your own match is not in that file and is safe: gin-tui --data-dir {tmp_path} resumes it.")
    assert "Your saved match" not in " ".join(again.notes) and "A new match" not in " ".join(again.notes)
    assert again.state.hand_no == 2
    resumed = plan_of()
    try:
        assert resumed.resumed and resumed.state == own.state
    finally:
        resumed.close()


def _a_classic_match_whose_dealer_does_not_alternate(root, finish: bool = False):
    """A classic match (the winner deals next) played by the standard
    opponent on both seats and recorded in ``root``'s history as it went:
    its seed and the first hand whose dealer is not the alternating one,
    with that hand's deal (played to its end, and recorded, with ``finish``)."""
    from ginrummy_tui.storage.files import new_match_id
    from ginrummy_tui.storage.history import History

    hist = History.connect(root)
    try:
        for seed in range(1, 40):
            s = new_game(PRESETS["classic"], seed=seed)
            bot = get_opponent("standard", seed)
            recorder = hist.recorder(new_match_id(), opponent="standard")
            while s.phase != "match_over":
                if not s.history and s.phase in ("upcard", "draw") and s.dealer != (1 if s.hand_no % 2 else 0):
                    dealt = s
                    while finish and s.phase in ("upcard", "draw", "discard"):
                        s = apply(s, bot.choose(view(s, s.current)))
                    recorder.observe(s)
                    return seed, dealt
                s = apply(s, bot.choose(view(s, s.current)))
                recorder.observe(s)
    finally:
        hist.close()
    raise AssertionError("no classic match here has a winner dealing out of turn")


@pytest.mark.parametrize("finish", [False, True], ids=["hand-k-in-play", "hand-k-recorded"])
def test_seed_and_hand_deal_a_hand_whose_dealer_the_winner_of_the_hand_before_was(tmp_path, finish):
    """Where the winner deals next, ``--seed N --hand K`` deals hand K by the
    dealer the match of that seed had (from the history: hand K's own row, or
    the winner of hand K-1 while hand K is in play), not by the alternating
    one: the player gets their own cards, not the computer's."""
    from ginrummy_tui.cli import build_parser
    from ginrummy_tui.session.startup import prepare

    seed, dealt = _a_classic_match_whose_dealer_does_not_alternate(tmp_path, finish)
    k = dealt.hand_no
    argv = ["--seed", str(seed), "--hand", str(k), "--rules", "classic", "--data-dir", str(tmp_path)]
    plan = prepare(build_parser().parse_args(argv), ask=lambda owner, **_: "quit")
    try:
        assert plan.state.dealer == dealt.dealer
        assert (plan.state.hands, plan.state.stock, plan.state.discard) == (dealt.hands, dealt.stock, dealt.discard)
        assert any(f"Hand {k} of seed {seed} is dealt by" in note for note in plan.notes)
    finally:
        plan.close()


def test_the_command_that_deals_a_hand_again_plays_it_against_the_same_level(tmp_path):
    """After a match against easy (--ai easy --seed 5 --rule target=10), the export's
    "Deal it again: gin-tui --seed 5 --hand 1 --rules standard --rule target=10 --dealer
    computer" dealt the same cards against the level of the settings (standard): it
    names the match's level now, so the hand is played again against that opponent."""
    import shlex

    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.session.startup import prepare
    from ginrummy_tui.storage.files import new_match_id
    from ginrummy_tui.storage.history import History
    from ginrummy_tui.storage.reports import format_match

    hist = History.connect(tmp_path / "played")
    try:
        s = new_game(PRESETS["standard"].with_options(target=10), seed=5)
        first = s
        bots = get_opponent("easy", 5), get_opponent("easy", 6)
        recorder = hist.recorder(new_match_id(), opponent="easy")
        while s.phase != "match_over":
            s = apply(s, bots[s.current].choose(view(s, s.current)))
            recorder.observe(s)
        record = hist.find("last")
    finally:
        hist.close()
    assert isinstance(record, dict)
    again = [line.split(": ", 1)[1] for line in format_match(record).splitlines() if "Deal it again: " in line]
    assert again and again[0] == (
        f"gin-tui --seed 5 --hand 1 --ai easy --rules standard --rule target=10 "
        f"--dealer {'you' if first.dealer == 0 else 'computer'}"
    )
    # run in a data directory whose settings play another level (the default, standard)
    args = parse_command_line([*shlex.split(again[0])[1:], "--data-dir", str(tmp_path / "mine")])
    plan = prepare(args, ask=lambda owner, **_: "quit")
    try:
        assert plan.ai == "easy"
        assert (plan.state.dealer, plan.state.hands, plan.state.stock, plan.state.discard) == (
            first.dealer, first.hands, first.stock, first.discard
        )
        assert plan.state.rules == first.rules
    finally:
        plan.close()


def test_dealer_says_who_deals_the_hand_and_the_export_names_the_command_that_deals_it_again(tmp_path):
    """``--dealer you|computer`` deals hand K by that seat, with no history to
    look it up in; the export's text names, for each hand, the command that
    deals it again exactly (its rules and dealer with it)."""
    import shlex

    from ginrummy_tui.cli import build_parser
    from ginrummy_tui.cli.play import build_unsaved_app
    from ginrummy_tui.storage.history import History
    from ginrummy_tui.storage.reports import format_match

    seed, dealt = _a_classic_match_whose_dealer_does_not_alternate(tmp_path, finish=True)
    k = dealt.hand_no
    who = "you" if dealt.dealer == 0 else "computer"
    args = build_parser().parse_args(["--seed", str(seed), "--hand", str(k), "--rules", "classic", "--dealer", who])
    state = build_unsaved_app(args).session.state
    assert (state.dealer, state.hands, state.stock) == (dealt.dealer, dealt.hands, dealt.stock)

    hist = History.connect(tmp_path)
    try:
        record = hist.find("last")
    finally:
        hist.close()
    assert isinstance(record, dict)
    text = format_match(record)
    command = f"gin-tui --seed {seed} --hand {k} --ai standard --rules classic --dealer {who}"
    assert f"    Deal it again: {command}" in text.splitlines()
    again = build_unsaved_app(build_parser().parse_args(shlex.split(command)[1:])).session.state
    assert (again.dealer, again.hands, again.stock, again.discard) == (dealt.dealer, dealt.hands, dealt.stock, dealt.discard)
    # a match an earlier version dealt from --seed -5 named "gin-tui --seed -5 --hand 1 ...",
    # which --seed refuses: none is named
    assert "Deal it again" not in format_match({**record, "seed": "-5"})


def test_a_practice_slot_holding_your_match_s_save_does_not_mark_your_match_abandoned(tmp_path, capsys):
    """A copy of current.json in replay.json (the same match id, no replay mark): gin-tui --seed 3
    --hand 2 said the practice deal left unfinished was set aside "(kept in archive/<your match
    id>.json)", and gin-tui export --list then showed your match abandoned while gin-tui resumed it."""
    import json
    import shutil

    from ginrummy_tui.cli import build_parser, main
    from ginrummy_tui.engine import legal_actions
    from ginrummy_tui.session.startup import prepare

    def plan_of(*argv: str):
        plan = prepare(build_parser().parse_args([*argv, "--data-dir", str(tmp_path)]), ask=lambda owner, **_: "quit")
        plan.after_first_frame()
        return plan

    own = plan_of("--new")
    own.keeper.on_change(apply(own.state, legal_actions(own.state)[0]))  # a move of the player's: a match to lose
    own_id = own.keeper.match_id
    own.close()
    shutil.copy(tmp_path / "current.json", tmp_path / "replay.json")
    practice = plan_of("--seed", "3", "--hand", "2")
    practice.close()
    notes = " ".join(practice.notes)
    assert "was set aside (kept in" not in notes and own_id not in notes.replace(str(tmp_path), ""), notes
    assert "The practice deal's file could not be used" in notes and "not a practice deal" in notes, notes
    assert "Your own match is not in that file and is safe" in notes
    capsys.readouterr()
    assert main(["export", "--list", "--format", "json", "--data-dir", str(tmp_path)]) == 0
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert not [r for r in listed if r["id"] == own_id and r["abandoned"]], listed
    assert [p.name for p in tmp_path.glob("replay.json.damaged-*")]  # kept, beside the slot
    resumed = plan_of()
    try:
        assert resumed.resumed and resumed.keeper.match_id == own_id
    finally:
        resumed.close()
