"""The table's words, built from a view without any app (tui/table_text.py)."""

from ginrummy_tui.engine import Action, Kind, Phase, apply, new_game, view
from ginrummy_tui.engine.cards import card
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui import table_text as tt
from ginrummy_tui.tui.widgets.cardfaces import card_text


def test_the_start_of_a_hand_says_who_dealt_and_the_upcard():
    v = view(new_game(seed=1), 0)
    assert v.phase == Phase.UPCARD
    text = tt.moves_text(v, "Computer (standard)", ascii_only=True).plain
    dealer = "You" if v.dealer == 0 else "Computer (standard)"
    assert text == f"Hand 1: {dealer} dealt. The upcard is {card_text(v.upcard, True).plain}."


def test_an_oklahoma_deal_fits_80_columns_with_the_whole_name():
    # "Hand 1: Computer (standard) dealt. The upcard is 5♠. This hand: knock at 5
    # or less, scores ×2." did not fit: the name was shortened and the line still cut
    from dataclasses import replace

    from ginrummy_tui.engine import PRESETS

    name, room = "Computer (standard)", 78
    for seed in range(60):
        v = view(new_game(PRESETS["oklahoma"], seed=seed), 0)
        for hand_no in (1, 12):
            w = replace(v, hand_no=hand_no)
            text = tt.fitting_moves_text(w, name, ascii_only=False, room=room).plain
            assert len(text) <= room and f"{name} dealt." in text, text
            # terms set by the upcard, every hand (a 10-value upcard's limit too)
            assert f"{tt.hand_terms(w)}." in text, text  # whole
            assert hand_no > 1 or (text.startswith("Hand 1: ") and "Upcard " in text), text
    spade = next(v for v in (view(new_game(PRESETS["oklahoma"], seed=s), 0) for s in range(60)) if v.multiplier == 2)
    assert tt.fitting_moves_text(spade, name, False, room).plain.endswith(", scores ×2.")
    # the upcard taken: the terms give way before the name does
    took = view(apply(new_game(PRESETS["oklahoma"], seed=4), Action(Kind.TAKE_UPCARD)), 0)
    text = tt.moves_text(took, name, False).plain
    assert text == "Hand 1: Computer (standard) dealt. You took the upcard 3♣. This hand: knock at 3 or less."
    assert tt.fitting_moves_text(took, name, False, 60).plain == "Hand 1: Computer (standard) dealt. You took the upcard 3♣."


def test_the_moves_line_tells_what_the_other_player_did():
    s = scenarios.knock_ready()  # the player is to draw
    s = apply(s, Action(Kind.DRAW_STOCK))
    v = view(s, 1)  # the other seat sees what seat 0 did so far
    assert tt.moves_text(v, "Ann", ascii_only=True).plain.startswith("Ann drew from the stock")


def test_the_deadwood_line_says_what_a_discard_leaves_and_whether_it_allows_a_knock():
    s = apply(scenarios.knock_ready(), Action(Kind.DRAW_STOCK))
    v = view(s, 0)
    best = tt.choice(v, Kind.KNOCK, None, chosen=False)
    assert best is not None
    text = tt.deadwood_text(v, best, ascii_only=True).plain
    assert text.startswith("Deadwood ") and " - discarding " in text and "- you may knock" in text and text.isascii()
    assert " · discarding " in tt.deadwood_text(v, best, ascii_only=False).plain  # "—" and "·" with symbols


def test_buttons_follow_the_phase_and_the_legal_moves():
    v = view(scenarios.knock_ready(), 0)
    assert v.phase == Phase.DRAW and v.my_turn
    assert set(tt.buttons(v, None, False, ascii_only=True)) <= {"stock", "pile"}
    assert "stock" in tt.buttons(v, None, False, ascii_only=True)
    after = view(apply(scenarios.knock_ready(), Action(Kind.DRAW_STOCK)), 0)
    b = tt.buttons(after, None, False, ascii_only=True)
    assert "knock" in b and b["knock"].startswith("Knock with ") and "stock" not in b
    assert tt.buttons(view(scenarios.knock_ready(), 1), None, False, ascii_only=True) == {}  # not my turn


def test_no_button_offers_the_upcard_while_no_move_may_be_made():
    """Network play pauses the game (the other player away, the connection lost) by giving the
    view no legal move: the upcard's buttons "Take 10♠ (t)" and "Pass (p)" still showed."""
    from dataclasses import replace

    state = new_game(seed=3)
    v = view(state, state.current)
    assert v.phase == Phase.UPCARD and v.my_turn
    assert set(tt.buttons(v, None, False, ascii_only=True)) == {"take", "pass"}
    assert tt.buttons(replace(v, legal_actions=()), None, False, ascii_only=True) == {}
    # nor does the pile's label, nor may it be clicked ("t: take the upcard" stayed beside it)
    assert tt.pile_hint(v) == "t: take the upcard" and tt.pile_open(v)
    assert tt.pile_hint(replace(v, legal_actions=())) == "" and not tt.pile_open(replace(v, legal_actions=()))


def test_knock_card_is_the_chosen_card_where_it_may_knock_else_the_least_deadwood():
    """After drawing the A♠ (it may knock, leaving 10): while the game selected it, Knock names
    the K♦, which leaves 1; once the player chose it, the A♠.  A chosen card that may not
    knock (the 3♣, in a meld) names the K♦, as does no selection."""
    v = view(apply(scenarios.knock_ready(), Action(Kind.DRAW_STOCK)), 0)
    assert v.drawn is card("AS") and Action(Kind.KNOCK, card("AS")) in v.legal_actions
    best = tt.choice(v, Kind.KNOCK, None, chosen=False)
    assert best is card("KD")
    assert tt.choice(v, Kind.KNOCK, card("AS"), chosen=False) is best
    assert tt.choice(v, Kind.KNOCK, card("AS"), chosen=True) is card("AS")
    assert tt.choice(v, Kind.KNOCK, card("3C"), chosen=True) is best
    assert tt.choice(v, Kind.KNOCK, card("3C"), chosen=False) is best
    for chosen in (False, True):
        assert tt.choice(v, Kind.GIN, card("AS"), chosen=chosen) is None  # no gin in this hand
        b = tt.buttons(v, card("AS"), chosen, ascii_only=True)
        assert b["knock"] == ("Knock with AS (k)" if chosen else "Knock with KD (k)")
        kw = dict(computes_opponent=True, selected=card("AS"), chosen=chosen, ascii_only=True)
        prompt = tt.prompt_text(v, "Computer (standard)", width=100, **kw).plain
        assert prompt.endswith("or knock with AS (k)." if chosen else "or knock with KD (k)."), prompt


def test_of_cards_that_knock_with_as_little_the_selected_one_is_named():
    """Four eights, each leaving the 4 of the 4♥; the 8♣ drawn and selected: Knock names the
    8♣, not the 8♠ first in the hand, whether the player chose it or not; the 4♥ goes gin."""
    state = scenarios.arranged(
        "AS 8S AH 3H 4H 8H AD 3D 8D 3C", "2S 5S 6S 7S 9S TS JS QS KS 2H", stock_top="8C", discard="JD"
    )
    v = view(apply(state, Action(Kind.DRAW_STOCK)), 0)
    eights = [card(c) for c in ("8S", "8H", "8D", "8C")]
    assert all(Action(Kind.KNOCK, c) in v.legal_actions for c in eights)
    for chosen in (False, True):
        for c in eights:
            assert tt.choice(v, Kind.KNOCK, c, chosen) is c
            assert tt.choice(v, Kind.GIN, c, chosen) is card("4H")
        assert tt.choice(v, Kind.GIN, card("4H"), chosen) is card("4H")
        assert tt.choice(v, Kind.KNOCK, card("4H"), chosen) in eights


def test_the_prompt_is_shorter_on_narrow_screens_and_names_the_waiting_player():
    v = view(scenarios.knock_ready(), 0)
    kw = dict(computes_opponent=True, selected=None, chosen=False, ascii_only=True)
    wide = tt.prompt_text(v, "Computer (standard)", width=100, **kw).plain
    narrow = tt.prompt_text(v, "Computer (standard)", width=60, **kw).plain
    assert wide == "Draw from the stock (s) or the discard pile (d), or click a pile."
    assert narrow == "Draw from the stock (s) or the pile (d)."
    # the waiting player named as given (the screen's form of the name) wherever it fits: the line
    # after a refusal said "Computer is thinking" where the table said "Computer (master)"
    waiting = tt.prompt_text(view(scenarios.knock_ready(), 1), "Ann (expert)", width=60, **kw).plain
    assert waiting == "Ann (expert) is thinking..."  # ASCII only
    waiting = tt.prompt_text(view(scenarios.knock_ready(), 1), "Ann (expert)", width=20, **kw).plain
    assert waiting == "Ann is thinking..."
    remote = tt.prompt_text(view(scenarios.knock_ready(), 1), "Ann", width=100, **{**kw, "computes_opponent": False})
    assert remote.plain == "Ann is to move..."


def test_every_simple_move_key_belongs_to_one_phase():
    assert {k for k in Kind if not k.takes_card} - set(tt.PHASE_OF) == {Kind.NEXT_HAND, Kind.NEW_MATCH, Kind.TIMEOUT}


def test_a_move_of_the_history_is_told_with_its_card():
    from rich.text import Text

    from ginrummy_tui.engine import Move

    t = Text("Ann")
    tt.describe(t, [Move(1, Action(Kind.DRAW_STOCK), None), Move(1, Action(Kind.DISCARD, card("9H")), card("9H"))], True)
    assert t.plain == "Ann drew from the stock and threw 9H."


def test_the_log_tells_every_turn_of_the_hand_with_the_cards_everyone_saw():
    s = new_game(seed=1)
    up = s.discard[-1]
    first = s.current
    s = apply(s, Action(Kind.PASS))
    s = apply(s, Action(Kind.PASS))
    assert s.current == first and s.phase == Phase.DRAW
    s = apply(s, Action(Kind.DRAW_STOCK))
    thrown = s.hands[first][0]
    s = apply(s, Action(Kind.DISCARD, thrown))
    s = apply(s, Action(Kind.DRAW_DISCARD))
    second = s.hands[1 - first][0]
    s = apply(s, Action(Kind.DISCARD, second))
    u = lambda c: card_text(c, True).plain  # noqa: E731
    for seat in (0, 1):
        v = view(s, seat)
        me, them = ("You", "Ann") if seat == first else ("Ann", "You")
        dealer = "You" if v.dealer == seat else "Ann"
        lines = [t.plain for t in tt.log_lines(v, "Ann", ascii_only=True)]
        assert lines == [
            f"Hand 1 - {dealer} dealt",
            f" 1 {me:5}passed on {u(up)}",
            f" 1 {them:5}passed on {u(up)}",
            f" 1 {me:5}drew from stock, threw {u(thrown)}",  # the card drawn is not named, even to its player
            f" 1 {them:5}took {u(thrown)}, threw {u(second)}",
        ]


def test_the_moves_number_each_players_turns_as_the_review_does():
    # the review says "Turn 8: you knocked with 5♠"; the list of moves (m) had no numbers
    from ginrummy_tui.ai.review import replay_history, review_moves
    from ginrummy_tui.engine import PRESETS, parse_action

    from .test_review import OKLAHOMA_11_KNOCK as moves

    steps = replay_history(new_game(PRESETS["oklahoma"], seed=11), moves)
    end = apply(steps[-1][0], steps[-1][1].action)
    lines = [t.plain for t in tt.log_lines(view(end, 0), "Computer", ascii_only=True)]
    assert lines[1:5] == [
        " 1 You       passed on 6S",  # the upcard offer is part of the first turn, as in the review
        " 1 Computer  passed on 6S",
        " 1 You       drew from stock, threw KC",
        " 1 Computer  drew from stock, threw QC",
    ]
    assert lines[-1] == " 8 You       drew from stock, threw 5S to knock"  # was "knocked, threw 5S"
    throws = [m for m in review_moves(steps, 0, samples=1).mistakes if m.played.card is not None]
    assert parse_action("knock 5S") in [m.played for m in throws]
    for m in throws:
        words = f"threw {card_text(m.played.card, True).plain}"
        assert any(line.startswith(f"{m.turn:>2} You ") and words in line for line in lines), (m.summary(True), lines)


def test_the_log_ends_with_who_ran_out_of_time():
    """The moves (m) of a hand ended by the move clock stopped at the last move
    made, without a word of the time that ran out."""
    from ginrummy_tui.engine import PRESETS

    s = new_game(PRESETS["multiplayer-1.5"], seed=1)
    first = s.current
    s = apply(s, Action(Kind.DRAW_STOCK))
    s = apply(s, Action(Kind.DISCARD, s.hands[first][0]))
    s = apply(s, Action(Kind.TIMEOUT))  # the second player's time runs out
    for seat in (0, 1):
        lines = [t.plain for t in tt.log_lines(view(s, seat), "Ann", ascii_only=True)]
        assert lines[-1] == (" 1 Ann  " if seat == first else " 1 You  ") + "ran out of time", lines
        assert len(lines) == 3


def test_the_log_says_the_hands_own_knock_limit_in_oklahoma():
    from ginrummy_tui.engine import PRESETS

    for seed in range(1, 60):
        v = view(new_game(PRESETS["oklahoma"], seed=seed), 0)
        if v.multiplier != 1 and v.knock_limit != 10:
            break
    else:
        raise AssertionError("no spade upcard below ten in the seeds tried")
    head = tt.log_lines(v, "Ann", ascii_only=True)[0].plain
    assert head.endswith(f" dealt - knock at {v.knock_limit} or less, scores x2"), head
    assert tt.log_lines(v, "Ann", ascii_only=False)[0].plain.endswith(f" dealt · knock at {v.knock_limit} or less, scores ×2")
    plain = view(new_game(seed=1), 0)
    assert tt.log_lines(plain, "Ann", ascii_only=True)[0].plain.endswith(" dealt")


def test_the_deadwood_line_keeps_the_hands_doubling_in_sight_in_oklahoma():
    # the doubling of a spade upcard was said once, at the start of the hand,
    # and cut off at 80 columns; the line under the hand keeps it for the whole hand
    from ginrummy_tui.engine import PRESETS

    for seed in range(1, 60):
        v = view(new_game(PRESETS["oklahoma"], seed=seed), 0)
        if v.multiplier != 1:
            break
    else:
        raise AssertionError("no spade upcard in the seeds tried")
    text = tt.deadwood_text(v, None, ascii_only=False).plain
    assert text.endswith(f" · knock at {v.knock_limit} or less, scores ×2") or text.endswith(
        " · gin only, scores ×2"
    ), text
    assert tt.deadwood_text(v, None, ascii_only=True).plain.endswith(", scores x2")
    plain = view(new_game(seed=1), 0)
    assert tt.deadwood_text(plain, None, ascii_only=True).plain.endswith(" - knock at 10 or less")


def test_the_discard_prompt_keeps_the_knock_whole_at_every_width_it_fits():
    """At 60-63 columns the discard prompt kept its longer head and the knock was cut
    ("... or knock with 1…"): the shorter head came a few columns too late."""
    state = scenarios.knock_ready()
    v = view(apply(state, Action(Kind.DRAW_STOCK)), 0)
    assert any(x.kind == Kind.KNOCK for x in v.legal_actions)
    for ascii_only in (False, True):
        shortest = "Discard (Enter)" if ascii_only else "Discard (⏎)"
        for width in range(30, 120):
            kw = dict(computes_opponent=True, selected=None, chosen=False, ascii_only=ascii_only)
            prompt = tt.prompt_text(v, "Computer (standard)", width=width, **kw).plain
            assert "or knock with" in prompt
            assert len(prompt) <= width or prompt.startswith(shortest + " "), (width, prompt)


def test_the_log_tells_a_knock_and_gin_after_the_throw_in_words():
    """The log said "drew from stock, gin, threw 3♣", gin as a verb, and
    "knocked, threw 4♣", the knock before the throw that makes it."""
    from ginrummy_tui.ai.review import replay_history

    from .test_review import HAND, MOVES, _made

    steps = replay_history(_made(**HAND), [*MOVES[:-1], "gin 2D"])
    end = apply(steps[-1][0], steps[-1][1].action)
    lines = [t.plain for t in tt.log_lines(view(end, 1), "Computer", ascii_only=False)]
    assert lines[-1] == " 3 Computer  drew from stock, went gin with 2♦"
    # no longer than a knock's line, which is as long as it was ("knocked, threw 4♣")
    assert len("drew from stock, went gin with 2♦") <= len("drew from stock, threw 4♣ to knock") == len(
        "drew from stock, knocked, threw 4♣"
    )


def test_the_prompt_with_the_card_just_taken_selected_says_to_select_another():
    """With the card just taken from the pile selected, the prompt said "Discard (⏎)", as
    if Enter would throw it: it says to select another card, then Enter, at every width."""
    v = view(apply(scenarios.knock_ready(), Action(Kind.DRAW_DISCARD)), 0)
    assert v.taken is not None
    for ascii_only in (False, True):
        enter = "Enter" if ascii_only else "⏎"
        for width in (40, 60, 76, 120):
            kw = dict(computes_opponent=True, selected=v.taken, chosen=True, ascii_only=ascii_only)
            text = tt.prompt_text(v, "Computer (standard)", width=width, **kw).plain
            assert text.startswith(f"Select another card, then {enter}"), (width, text)
            assert "Discard" not in text, text


def test_the_deadwood_line_with_the_card_just_taken_selected_gives_no_figure_for_its_throw():
    """It said "Deadwood 61 · discarding Q♣ leaves 51 (you just took it: it cannot be
    thrown)", what a throw leaves that it then said could not be made: it says the fact alone,
    and the best throw where it knocks, in every width and in ASCII."""
    v = view(apply(new_game(seed=1), Action(Kind.TAKE_UPCARD)), 0)
    assert v.taken is not None
    assert tt.deadwood_text(v, v.taken, False, room=78).plain == "Deadwood 50 · 9♦ was just taken: it cannot be thrown this turn"
    assert tt.deadwood_text(v, v.taken, True, room=78).plain == "Deadwood 50 - 9D was just taken: it cannot be thrown this turn"
    assert tt.deadwood_text(v, v.taken, False, room=44).plain == "Deadwood 50 · cannot throw 9♦: just taken"
    k = view(apply(scenarios.knock_ready(), Action(Kind.DRAW_DISCARD)), 0)
    line = tt.deadwood_text(k, k.taken, False, room=78).plain
    assert line == "Deadwood 20 · J♦ was just taken: it cannot be thrown this turn · K♦ leaves 10", line
    for w in (v, k):
        for ascii_only in (False, True):
            for room in (30, 44, 60, 78, 120):
                text = tt.deadwood_text(w, w.taken, ascii_only, room=room).plain
                assert "leaves" not in text.split("taken")[0], text  # no figure before the fact


def test_the_deadwood_line_keeps_the_hands_knock_limit_at_the_discard_in_oklahoma():
    """At the discard the line under the hand said "Deadwood 13 · discarding 4♥ leaves 9"
    and no longer the hand's knock limit (3) nor its doubling, which the draw showed: it
    says them after what the discard leaves, as far as the line's room allows."""
    from ginrummy_tui.engine import PRESETS

    seen = 0
    for seed in range(1, 80):
        s = new_game(PRESETS["oklahoma"], seed=seed)
        v = view(s, 0)
        if v.knock_limit == 10 and v.multiplier == 1:
            continue  # terms as in any preset: the test wants a limit the upcard set
        if v.phase == Phase.UPCARD:
            s = apply(s, Action(Kind.PASS))
            s = apply(s, Action(Kind.PASS), seat=1)
        s = apply(s, Action(Kind.DRAW_STOCK))
        v = view(s, 0)
        for selected in v.hand:
            for ascii_only in (False, True):
                text = tt.deadwood_text(v, selected, ascii_only=ascii_only, room=78).plain
                assert len(text) <= 78, text
                limit = "gin only" if v.knock_limit == 0 else f"knock at {v.knock_limit} or less"
                assert " discarding " in text and limit in text, text
                times = "x2" if ascii_only else "×2"
                assert (times in text) == (v.multiplier == 2), text
        seen += 1
    assert seen >= 5
    plain = apply(scenarios.knock_ready(), Action(Kind.DRAW_STOCK))  # standard: the discard line as it was
    v = view(plain, 0)
    assert "knock at" not in tt.deadwood_text(v, v.hand[0], ascii_only=False).plain


def test_the_deadwood_line_keeps_the_hands_terms_beside_you_may_knock_in_oklahoma():
    """With a spade upcard taken (seed 1968: J♠) the line at 80 columns said "Deadwood 20 ·
    discarding K♦ leaves 10 — you may knock", neither the limit nor "×2", which it showed only
    beside a card that could not knock: the terms stay, in fewer words, wherever they fit."""
    from ginrummy_tui.engine import PRESETS

    s = apply(new_game(PRESETS["oklahoma"], seed=1968), Action(Kind.TAKE_UPCARD))
    v = view(s, 0)
    assert v.multiplier == 2 and v.knock_limit == 10
    king = next(c for c in v.hand if c.rank == 13 and c.suit == "D")
    assert tt.deadwood_text(v, king, ascii_only=False, room=78).plain == (
        "Deadwood 20 · discarding K♦ leaves 10 — you may knock · knock limit 10, ×2"
    )
    for room in range(44, 79):
        for ascii_only in (False, True):
            times = "x2" if ascii_only else "×2"
            for selected in v.hand:
                line = tt.deadwood_text(v, selected, ascii_only, room=room).plain
                assert len(line) <= room, (room, line)
                counts = tt._DeadwoodCounts.of(v, selected)
                bare = tt._deadwood_text(v, selected, ascii_only, tt.DEFAULT, counts, best=False, short=True)
                if len(bare.plain) + len(" · knock limit 10, ×2") <= room:  # the terms fit: they are there
                    assert line.endswith(times) and ("10 or less" in line or "limit 10" in line), (room, line)


def test_the_deadwood_line_keeps_gin_only_at_the_discard_where_knocking_is_not_allowed():
    """With ``knock_limit=0`` the line under the hand said "· gin only" before the draw
    and dropped it at the discard ("Deadwood 6 · discarding A♦ leaves 5"), where
    Oklahoma's ace upcard kept it: both keep it from the draw to the discard."""
    from ginrummy_tui.engine import PRESETS

    rules = PRESETS["standard"].with_options(knock_limit=0)
    s = new_game(rules, seed=9)
    v = view(s, 0)
    assert tt.deadwood_text(v, None, ascii_only=False).plain.endswith(" · gin only")
    if v.phase == Phase.UPCARD:
        s = apply(s, Action(Kind.PASS))
        s = apply(s, Action(Kind.PASS), seat=1)
    v = view(apply(s, Action(Kind.DRAW_STOCK)), 0)
    for selected in v.hand:
        text = tt.deadwood_text(v, selected, ascii_only=False, room=78).plain
        assert " discarding " in text and text.endswith(" · gin only"), text
        assert tt.deadwood_text(v, selected, ascii_only=True, room=78).plain.endswith(" - gin only")


def _views_of_played_hands(preset: str, seeds: range):
    """Every view of both seats through whole hands of the standard opponent against the easy one."""
    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.engine import PRESETS

    for seed in seeds:
        players = [get_opponent("standard"), get_opponent("easy", seed)]
        s = new_game(PRESETS[preset], seed=seed)
        while s.phase.playing:
            for seat in (0, 1):
                yield view(s, seat)
            s = apply(s, players[s.current].choose(view(s, s.current)))


def test_the_moves_and_deadwood_lines_fit_whole_at_46_columns():
    # at 46-53 columns "Computer took 7♥ from the discard pile and knocked, throwing 3♣."
    # and "Deadwood 51 · 7♥ was just taken: it cannot be thrown this turn" were cut with
    # "…": they now say it in fewer words
    room = 44  # 46 columns less the table's padding
    said_short = taken_short = False
    for preset in ("standard", "oklahoma"):
        for v in _views_of_played_hands(preset, range(12)):
            for ascii_only in (False, True):
                moves = tt.fitting_moves_text(v, "Computer", ascii_only, room).plain
                assert len(moves) <= room, moves
                said_short |= " from the pile " in moves or (" drew and " in moves and not v.my_turn)
                for selected in [None, *v.hand]:
                    line = tt.deadwood_text(v, selected, ascii_only, room=room).plain
                    assert len(line) <= room, line
                    taken_short |= "just taken" in line
                    if len(tt.deadwood_text(v, selected, ascii_only, room=200).plain) <= room:
                        assert line == tt.deadwood_text(v, selected, ascii_only, room=200).plain  # whole where it fits
    assert said_short and taken_short  # the shorter words were needed, and used


def test_the_moves_line_keeps_its_long_words_where_they_fit():
    s = apply(apply(new_game(seed=3), Action(Kind.PASS)), Action(Kind.PASS))
    s = apply(s, Action(Kind.DRAW_STOCK))
    mover = s.current
    s = apply(s, next(a for a in view(s, mover).legal_actions if a.kind == Kind.DISCARD))
    v = view(s, 1 - mover)
    long = tt.fitting_moves_text(v, "Computer", False, 78).plain
    assert "drew from the stock and threw" in long
    assert tt.fitting_moves_text(v, "Computer", False, 30).plain.startswith("Computer drew and threw ")


def test_every_oklahoma_hand_begins_with_the_terms_its_upcard_set():
    """A 10-value upcard set the rules' own limit, 10, and the hand began "Hand 5: Computer
    (expert) dealt. The upcard is Q♦.", where others said "Upcard 9♦: knock at 9 or less.":
    every hand says them in the same form, an ace's "gin only" too."""
    from dataclasses import replace

    from ginrummy_tui.engine import PRESETS

    v = view(new_game(PRESETS["oklahoma"], seed=1), 0)
    for up, limit, times, said in (
        ("QD", 10, 1, "Upcard Q♦: knock at 10 or less."),
        ("TH", 10, 1, "Upcard 10♥: knock at 10 or less."),
        ("KS", 10, 2, "Upcard K♠: knock at 10 or less, scores ×2."),
        ("AD", 0, 1, "Upcard A♦: gin only."),
        ("9D", 9, 1, "Upcard 9♦: knock at 9 or less."),
    ):
        w = replace(v, hand_no=5, discard=(card(up),), knock_limit=limit, multiplier=times)
        text = tt.moves_text(w, "Computer (expert)", ascii_only=False).plain
        assert text.endswith(f"dealt. {said}"), text
        assert tt.this_hand_line(w) == f"This hand: {said.split(': ', 1)[1][:-1]} (upcard {said.split()[1][:-1]})"
    assert tt.this_hand_line(view(new_game(seed=1), 0)) == ""  # the rules' limit holds for every hand


def test_a_key_with_no_use_is_named_and_told_what_to_press_now():
    """Space, Tab, x and = did nothing on the table and said nothing."""
    assert [tt.unused_key_name(k, c) for k, c in (("space", " "), ("tab", "\t"), ("x", "x"), ("equals_sign", "="))] == [
        "Space", "Tab", "'x'", "'='"
    ]
    assert tt.unused_key_name("up", None, ascii_only=True) == "Up" and tt.unused_key_name("up", None) == "↑"
    # the keys that typed nothing said nothing either (Backspace, Home, F5, Ctrl+A...)
    named = [("backspace", "\x08", "Backspace"), ("home", None, "Home"), ("end", None, "End"),
             ("delete", "\x7f", "Delete"), ("insert", None, "Insert"), ("f5", None, "F5"),
             ("f12", None, "F12"), ("ctrl+a", "\x01", "Ctrl+A"), ("shift+f5", None, "Shift+F5")]
    assert [tt.unused_key_name(k, c) for k, c, _name in named] == [name for _k, _c, name in named]
    assert tt.unused_key_name("ctrl+shift+up", None, ascii_only=True) == "Ctrl+Shift+Up"
    # those the terminal or the game handle (quit, suspend) are never named
    assert [tt.unused_key_name(k, None) for k in ("ctrl+c", "ctrl+q", "ctrl+z")] == [None, None, None]
    s = new_game(seed=1)
    v = view(s, 0)
    assert v.phase == Phase.UPCARD and v.my_turn
    assert tt.unused_key_note(v, "'x'", "Computer") == "'x' does nothing here: t takes the upcard, p passes; ? lists the keys"
    assert tt.unused_key_note(view(s, 1), "Space", "Ann") == "Space does nothing here: wait for Ann; ? lists the keys"
    s = apply(apply(s, Action(Kind.PASS), 0), Action(Kind.PASS), 1)
    assert tt.unused_key_note(view(s, 0), "Tab", "Computer") == "Tab does nothing here: s draws from the stock; ? lists the keys"
    s = apply(s, Action(Kind.DRAW_STOCK), 0)
    assert tt.unused_key_note(view(s, 0), "Esc", "Computer", ascii_only=True) == (
        "Esc does nothing here: Enter discards the selected card; ? lists the keys"
    )
    assert tt.unused_key_note(view(s, 0), "'S'", "Computer", lower="s") == (
        "'S' does nothing here: keys are lower case (s), Caps Lock may be on"
    )


def test_the_terms_of_an_oklahoma_hand_are_told_after_the_other_player_moved_first_on_its_upcard():
    # "Computer (standard) took the upcard 4♥ and threw 10♦." left the hand's limit of 4 to the
    # deadwood line alone, never tied to its upcard; a pass replaced "Upcard 9♣: knock at 9 or
    # less." within the computer's pause. Both say the hand's terms now, and only until the
    # player has moved in the hand
    from ginrummy_tui.engine import PRESETS

    s = new_game(PRESETS["oklahoma"], seed=4, first_dealer=0)  # the other seat is offered the upcard first
    assert s.current == 1
    t = apply(s, Action(Kind.TAKE_UPCARD))
    took = apply(t, next(a for a in view(t, 1).legal_actions if a.kind == Kind.DISCARD))
    passed = apply(s, Action(Kind.PASS))
    v = view(took, 0)
    text = tt.moves_text(v, "Computer (standard)", ascii_only=False).plain
    assert text.startswith("Computer (standard) took the upcard ") and text.endswith(f". This hand: {tt.hand_terms(v)}."), text
    w = view(passed, 0)
    text = tt.moves_text(w, "Computer (standard)", ascii_only=False).plain
    up = tt.card_label(w.upcard, False)
    assert text == f"Computer (standard) passed on the upcard {up}. This hand: {tt.hand_terms(w)}.", text
    # given up first where the line has no room (the deadwood line keeps them)
    assert "This hand" not in tt.fitting_moves_text(w, "Computer (standard)", False, 45).plain
    # a spade upcard taken, at 80 columns: the terms dropped, the long name back ("Computer
    # (standard) took the upcard 8♠ and threw J♦."); said without "This hand:" they fit
    spade = new_game(PRESETS["oklahoma"], seed=14, first_dealer=0)
    t2 = apply(spade, Action(Kind.TAKE_UPCARD))
    z = view(apply(t2, next(a for a in view(t2, 1).legal_actions if a.kind == Kind.DISCARD)), 0)
    assert z.multiplier == 2
    text = tt.fitting_moves_text(z, "Computer (standard)", False, 78).plain
    assert text.startswith("Computer took the upcard ") and text.endswith(", scores ×2."), text
    assert "This hand" not in text and len(text) <= 78, text
    # once the player has moved, the terms are not said again
    s2 = apply(apply(passed, Action(Kind.PASS)), Action(Kind.DRAW_STOCK))
    x = view(s2, 0)
    assert "This hand" not in tt.moves_text(x, "Computer (standard)", ascii_only=False).plain
    # under rules whose limit the upcard does not set, nothing is added
    plain = new_game(seed=3, first_dealer=0)
    y = view(apply(plain, Action(Kind.PASS)), 0)
    assert tt.moves_text(y, "Computer (standard)", ascii_only=False).plain == "Computer (standard) passed on the upcard."


def test_a_pass_on_an_oklahoma_upcard_names_the_upcard_with_the_terms_it_set():
    """--seed 62 --hand 2 --rules oklahoma, the player dealing: "Computer passed on the upcard.
    This hand: knock at 10 or less, scores ×2." did not say that the ×2 came from the spade
    upcard, K♠, named nowhere in the line.  The upcard passed on is named with the terms, and
    where the line is too narrow for the pass and the terms (46 columns), the terms are said
    in the form every hand begins with ("Upcard K♠: ..."; the prompt says the pass)."""
    from ginrummy_tui.engine import PRESETS

    s = new_game(PRESETS["oklahoma"], seed=14, first_dealer=0)
    assert s.current == 1 and s.discard[-1].suit == "S"
    v = view(apply(s, Action(Kind.PASS)), 0)
    up = tt.card_label(v.upcard, False)
    terms = tt.hand_terms(v)
    assert terms.endswith(", scores ×2"), terms
    line = tt.fitting_moves_text(v, "Computer (standard)", False, 100).plain
    assert line == f"Computer (standard) passed on the upcard {up}. This hand: {terms}.", line
    assert tt.fitting_moves_text(v, "Computer (standard)", False, 78).plain == f"Computer passed on the upcard {up}. This hand: {terms}."
    assert tt.fitting_moves_text(v, "Computer (standard)", False, 44).plain == f"Upcard {up}: {terms}."
    ascii_up = tt.card_label(v.upcard, True)
    assert tt.fitting_moves_text(v, "Computer (standard)", True, 44).plain == f"Upcard {ascii_up}: {terms.replace('×', 'x')}."
    # the player's own pass after it: the terms are not said again, nor the upcard
    w = view(apply(apply(s, Action(Kind.PASS)), Action(Kind.PASS)), 0)
    assert "Upcard" not in tt.fitting_moves_text(w, "Computer (standard)", False, 44).plain


def test_k_or_g_with_the_card_just_taken_selected_says_why_no_card_ends_the_hand():
    """With the card just taken selected, k and g said "select another card, then k" where no
    card of the hand knocked (or went gin): they say what the best throw leaves instead."""
    import dataclasses

    from ginrummy_tui.engine import PRESETS

    v = view(apply(new_game(seed=1), Action(Kind.TAKE_UPCARD)), 0)
    assert v.taken is not None and not any(a.kind in (Kind.KNOCK, Kind.GIN) for a in v.legal_actions)
    assert tt.no_card_ends(v, Kind.KNOCK, False) == "you cannot knock: the best throw, J♦, leaves 40 deadwood; the limit is 10"
    assert tt.no_card_ends(v, Kind.GIN, True) == "no throw goes gin: the best throw, JD, leaves 40 deadwood"
    gin_only = dataclasses.replace(PRESETS["standard"], knock_limit=0)
    v = view(apply(new_game(gin_only, seed=1), Action(Kind.TAKE_UPCARD)), 0)
    assert tt.no_card_ends(v, Kind.KNOCK, False) == "only gin may end this hand: the best throw, J♦, leaves 40 deadwood"
