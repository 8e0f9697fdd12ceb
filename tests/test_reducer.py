"""The reducer: a hand from the deal to the score sheet, and every refusal."""

import json
import random
from dataclasses import replace

import pytest

from ginrummy_tui.engine import (
    PRESETS,
    Action,
    Card,
    IllegalAction,
    Phase,
    apply,
    deal_hand,
    from_json,
    legal_actions,
    new_game,
    parse_action,
    parse_cards,
    to_json,
    view,
)

from .engine_helpers import rig

A = parse_action


def test_deal():
    s = new_game(seed=42)
    assert len(s.hands[0]) == len(s.hands[1]) == 10
    assert len(s.discard) == 1 and len(s.stock) == 31
    assert s.dealer == 1 and s.current == 0  # the computer deals first, the human starts
    assert s.phase == "upcard"
    assert set(legal_actions(s)) == {A("take upcard"), A("pass")}
    assert new_game(seed=42) == s
    assert new_game(seed=43).hands != s.hands


def test_actions_round_trip_as_text():
    for text in ["take upcard", "pass", "draw stock", "draw discard", "discard 7H", "knock TD", "gin AS",
                 "big gin", "next hand", "new match", "timeout"]:
        assert str(A(text)) == text
    assert A("  Discard  7h ") == Action("discard", Card(7, "H"))
    for bad in ["", "discard", "discard 1X", "fly away", "pass 7H"]:
        with pytest.raises(ValueError):
            A(bad)


def test_upcard_offer_both_pass_then_starter_must_draw_from_stock():
    s = new_game(seed=1)
    s = apply(s, A("pass"))
    assert s.current == 1 and s.phase == "upcard"
    s = apply(s, A("pass"))
    assert s.current == 0 and s.phase == "draw" and s.stock_only
    assert legal_actions(s) == (A("draw stock"),)
    with pytest.raises(IllegalAction, match="both players passed"):
        apply(s, A("draw discard"))
    s = apply(s, A("draw stock"))
    assert len(s.hands[0]) == 11 and not s.stock_only


def test_dealer_may_take_the_passed_upcard():
    s = new_game(seed=1)
    up = s.discard[-1]
    s = apply(apply(s, A("pass")), A("take upcard"))
    assert up in s.hands[1] and s.phase == "discard" and s.current == 1
    with pytest.raises(IllegalAction, match="just took from the discard pile"):
        apply(s, Action("discard", up))
    other = next(c for c in s.hands[1] if c is not up)
    s = apply(s, Action("discard", other))
    assert s.current == 0 and s.phase == "draw"
    assert view(s, 0).opponent_picked == (up,)
    assert view(s, 0).opponent_known == (up,)


def test_once_both_passed_the_upcard_a_refusal_asks_for_the_stock_alone():
    # a knock before the draw said "draw a card first: draw from the stock or the discard pile",
    # where only the stock is allowed
    s = apply(apply(new_game(seed=5), A("pass")), A("pass"))
    assert s.phase == "draw" and s.stock_only
    for text in ("knock 2C", "take upcard"):
        with pytest.raises(IllegalAction) as refused:
            apply(s, A(text))
        assert str(refused.value).endswith(": draw from the stock"), refused.value


def test_refusals_say_why_and_change_nothing():
    s = new_game(seed=5)
    before = to_json(s)
    cases = [
        (s, "draw stock", "the upcard comes first: take the upcard or pass"),
        # a discard on the upcard offer said "draw a card first", then offered a pass
        (s, "discard 2C", "^the upcard comes first: take the upcard or pass$"),
        (s, "knock 2C", "^the upcard comes first: take the upcard or pass$"),
        (s, "next hand", "not over"),
    ]
    passed = apply(apply(s, A("pass")), A("pass"))
    cases.append((passed, "discard 2C", "^draw a card first: draw from the stock$"))
    s2 = apply(s, A("take upcard"))
    up = s.discard[-1]
    not_mine = next(c for c in s.hands[1])
    cases += [
        (s2, "draw stock", "already drawn"),
        (s2, f"discard {up}", "cannot discard the card you just took"),
        (s2, f"discard {not_mine}", "not in your hand"),
    ]
    for state, text, reason in cases:
        snap = to_json(state)
        with pytest.raises(IllegalAction, match=reason):
            apply(state, A(text))
        assert to_json(state) == snap
    assert to_json(s) == before


def test_knock_refused_over_the_limit_with_the_count():
    s = rig("AS 2S 3S 7H 7D 7C 9C TC KD QC", "4S 5S 7S KC 8C 2H 3H 4H 4D AD", discard="6D",
            phase="draw", current=0)
    s = apply(s, A("draw discard"))
    with pytest.raises(IllegalAction, match="leaves 35 deadwood, the limit is 10"):
        apply(s, A("knock KD"))
    with pytest.raises(IllegalAction, match="not gin"):
        apply(s, A("gin KD"))
    with pytest.raises(IllegalAction, match="not your turn"):
        apply(s, A("discard KD"), seat=1)


def test_a_whole_hand_through_a_knock_to_the_score_sheet():
    s = rig("AS 2S 3S 7H 7D 7C 9C TC JC KD", "4S 5S 7S QC KC 2H 3H 4H 4D AD", discard="6S",
            stock_top="8D", phase="draw", current=0)
    s = apply(s, A("draw stock"))
    assert Card(8, "D") in s.hands[0]
    acts = legal_actions(s)
    assert A("knock KD") in acts and A("discard KD") in acts and A("gin KD") not in acts
    s = apply(s, A("knock KD"))
    assert s.phase == "hand_over"
    r = s.result
    assert r.kind == "undercut" and r.winner == 1 and r.points == 28
    assert s.scores == (0, 28)
    assert s.sheet[-1].kind == "undercut" and s.sheet[-1].deadwood == (8, 5)
    assert legal_actions(s) == (A("next hand"),)
    n = apply(s, A("next hand"))
    assert n.hand_no == 2 and n.dealer == 0 and n.current == 1 and n.scores == (0, 28)
    assert len(n.hands[0]) == len(n.hands[1]) == 10 and n.phase == "upcard"


def test_gin_through_the_reducer():
    s = rig("AS 2S 3S 7H 7D 7C 9C TC JC KD", "4S 5S 7S KC 8C 2H 3H 4H 4D AD", stock_top="QC",
            discard="6S", phase="draw", current=0)
    s = apply(s, A("draw stock"))
    assert A("gin KD") in legal_actions(s)
    s = apply(s, A("gin KD"))
    assert s.result.kind == "gin" and s.result.knock.layoffs == ()
    assert s.scores[0] == 25 + s.result.knock.defender_deadwood


def test_big_gin_only_where_allowed():
    hand = "AS 2S 3S 7H 7D 7C 9C TC JC QC"
    for preset, allowed in (("standard", False), ("multiplayer-1.5", True)):
        s = rig(hand, "4S 5S 7S KD 8C 2H 3H 4H 4D AD", stock_top="KC", discard="6S",
                rules=PRESETS[preset], phase="draw", current=0)
        s = apply(s, A("draw stock"))
        assert (A("big gin") in legal_actions(s)) is allowed
        if allowed:
            s = apply(s, A("big gin"))
            assert s.result.kind == "big_gin"
            assert s.scores[0] == 31 + s.result.knock.defender_deadwood
        else:
            with pytest.raises(IllegalAction, match="not allowed"):
                apply(s, A("big gin"))


@pytest.mark.parametrize("phase", ["upcard", "draw", "discard"])
def test_big_gin_under_rules_without_it_is_refused_for_that_reason_at_any_step(phase):
    # at the upcard step b said "draw a card first: take the upcard or pass"
    s = rig("AS 2S 3S 7H 7D 7C 9C TC JC QC", "4S 5S 7S KD 8C 2H 3H 4H 4D AD", stock_top="KC", discard="6S",
            rules=PRESETS["standard"], phase="upcard" if phase == "upcard" else "draw", current=0)
    if phase == "discard":
        s = apply(s, A("draw stock"))
    with pytest.raises(IllegalAction, match="^Big Gin is not allowed under these rules$"):
        apply(s, A("big gin"), seat=0)


def test_big_gin_short_of_melds_is_refused_naming_the_move_as_the_game_spells_it():
    # "Big gin needs ...": the buttons, the rule sheet and the end of a hand say "Big Gin"
    s = rig("AS 2S 3S 7H 7D 7C 9C TC JC QC", "4S 5S 7S KD 8C 2H 3H 4H 4D AD", stock_top="5H", discard="6S",
            rules=PRESETS["multiplayer-1.5"], phase="draw", current=0)
    s = apply(s, A("draw stock"))
    with pytest.raises(IllegalAction, match="^Big Gin needs all 11 cards in melds; 5 deadwood is left$"):
        apply(s, A("big gin"), seat=0)


def test_void_hand_when_stock_is_down_to_two():
    s = rig("AS 2S 3S 7H 7D 7C 9C KC QH KD", "4S 5S 7S QC JC 2H 3H 4H 4D AD", stock_size=3,
            phase="draw", current=0)
    s = apply(s, A("draw stock"))
    assert len(s.stock) == 2
    # the player who drew may still knock ... or end the turn, which voids the hand
    s2 = apply(s, A("discard KD"))
    assert s2.phase == "hand_over" and s2.result.kind == "void" and s2.scores == (0, 0)
    assert s2.sheet[-1].kind == "void" and s2.sheet[-1].winner is None
    n = apply(s2, A("next hand"))
    assert n.dealer == 1 - s.dealer  # the deal still alternates


def test_match_ends_at_target_and_a_new_match_starts():
    s = rig("AS 2S 3S 7H 7D 7C 9C TC JC KD", "4S 5S 7S KC 8C 2H 3H 4H 4D AD", stock_top="QC",
            discard="6S", phase="draw", current=0, scores=(90, 40))
    s = apply(apply(s, A("draw stock")), A("gin KD"))
    assert s.phase == "match_over" and s.winner == 0 and s.scores[0] >= 100
    assert legal_actions(s) == (A("new match"),)
    n = apply(s, A("new match"))
    assert n.scores == (0, 0) and n.sheet == () and n.match_no == 2 and n.winner is None
    assert n.dealer == 1 and n.current == 0


def test_classic_bonuses_and_winner_deals():
    rules = PRESETS["classic"]
    s = rig("AS 2S 3S 7H 7D 7C 9C TC JC KD", "4S 5S 7S KC 8C 2H 3H 4H 4D AD", stock_top="QC",
            discard="6S", phase="draw", current=0, rules=rules)
    s = apply(apply(s, A("draw stock")), A("gin KD"))
    assert s.scores[0] == 20 + s.result.knock.defender_deadwood
    assert apply(s, A("next hand")).dealer == 0  # the winner deals
    s = rig("AS 2S 3S 7H 7D 7C 9C TC JC KD", "4S 5S 7S KC 8C 2H 3H 4H 4D AD", stock_top="QC",
            discard="6S", phase="draw", current=0, rules=rules, scores=(95, 10))
    s = apply(apply(s, A("draw stock")), A("gin KD"))
    assert s.phase == "match_over"
    assert s.bonuses == (100 + 20, 0)  # game bonus + one box
    assert s.totals == (s.scores[0] + 120, 10)


def test_a_match_whose_bonuses_do_not_add_up_is_not_given_a_game_bonus_it_did_not_have():
    """Bonuses were named as boxes and "game bonus" whenever what was left after the
    boxes was not below nothing: a record with a won hand missing showed its box as
    part of a game bonus too large (120 for 100), or a game bonus to both seats.
    Only the match's own game bonus, to one seat, is named so; else the sum alone."""
    from ginrummy_tui.engine.state import bonus_parts

    rules = PRESETS["classic"]  # 20 a box, 100 to the winner of the match
    won = [("gin", 0), ("knock", 1), ("knock", 0)]
    assert bonus_parts(rules, won, (110, 30), (110 + 40 + 100, 30 + 20)) == ((40, 20), (100, 0))
    assert bonus_parts(rules, won, (30, 110), (30 + 40, 110 + 20 + 100)) == ((40, 20), (0, 100))
    assert bonus_parts(rules, won[:2], (110, 30), (110 + 40 + 100, 30 + 20)) is None  # a hand missing: 120 left
    assert bonus_parts(rules, won, (110, 30), (110 + 40 + 100, 30 + 20 + 100)) is None  # a game bonus to both
    assert bonus_parts(rules, won, (110, 30), (110 + 40 + 50, 30 + 20)) is None  # not the rules' game bonus
    assert bonus_parts(rules, won, (110, 30), (110 + 40 - 1, 30 + 20)) is None  # below nothing, as before
    plain = PRESETS["standard"]  # no bonuses: nothing to name, and nothing to add up
    assert bonus_parts(plain, won, (110, 30), (110, 30)) == ((0, 0), (0, 0))
    assert bonus_parts(plain, won, (110, 30), (130, 30)) is None


def test_oklahoma_upcard_sets_the_limit_and_spades_double():
    rules = PRESETS["oklahoma"]
    limits = {}
    for seed in range(60):
        s = new_game(rules, seed=seed)
        up = s.discard[-1]
        want = 0 if up.rank == 1 else min(up.rank, 10)
        assert s.knock_limit == want
        assert s.multiplier == (2 if up.suit == "S" else 1)
        limits[want] = True
    assert 0 in limits or len(limits) > 5
    s = rig("AS 2S 3S 7H 7D 7C 9C TC JC 4D", "4S 5S 7S KC 8C 2H 3H 4H 5D AD", stock_top="QC",
            discard="6S", phase="draw", current=0, rules=rules, knock_limit=0, multiplier=2)
    s = apply(s, A("draw stock"))
    with pytest.raises(IllegalAction, match="only gin"):
        apply(s, A("knock QC"))
    s = apply(s, A("gin 4D"))
    assert s.scores[0] == 2 * (25 + s.result.knock.defender_deadwood)


def test_no_upcard_offer_in_multiplayer_preset():
    s = new_game(PRESETS["multiplayer-1.5"], seed=3)
    assert s.phase == "draw"
    assert A("draw discard") in legal_actions(s)
    assert A("timeout") in legal_actions(s)
    t = apply(s, A("timeout"))
    assert t.phase == "match_over" and t.winner == 1 and t.sheet[-1].kind == "timeout"


def test_view_hides_the_other_hand_and_the_stock():
    s = apply(new_game(seed=9), A("pass"))
    v = view(s, 0)
    assert v.hand == s.hands[0]
    assert v.opponent_hand_size == 10 and v.stock_size == len(s.stock)
    text = repr(v)
    for c in s.hands[1] + s.stock:
        assert repr(c) not in text
    assert v.legal_actions == ()  # not seat 0's turn
    assert view(s, 1).legal_actions == legal_actions(s)


def test_json_round_trip_and_damage_is_refused():
    s = new_game(seed=11)
    for text in ["take upcard"]:
        s = apply(s, A(text))
    s = apply(s, next(a for a in legal_actions(s) if a.kind == "discard"))
    assert from_json(to_json(s)) == s
    d = json.loads(to_json(s))
    d["hands"][0].append(d["hands"][1][0])  # a duplicated card, a hand of 11
    with pytest.raises(ValueError, match="impossible game"):
        from_json(json.dumps(d))
    d = json.loads(to_json(s))
    d["version"] = 99
    with pytest.raises(ValueError, match="version"):
        from_json(json.dumps(d))
    for bad in ["", "{", "[]", '{"version": 1}', "\x00\x01"]:
        with pytest.raises(ValueError):
            from_json(bad)


def test_a_knock_with_a_meld_kept_out_round_trips_and_older_saves_still_load():
    s = rig("AS 2S 3S 7H 7D 7C 9C TC JC 2D", "4S 5S KH KD QS JH 8H 6D 3C 9H", discard="6S",
            stock_top="KC", phase="draw", current=0)
    s = apply(apply(s, A("draw stock")), A("knock KC"))
    assert s.result.knock.layout_gain == 3 and s.result.knock.kept_out
    assert from_json(to_json(s)) == s
    d = json.loads(to_json(s))
    for key in ("kept_out", "blocked", "layout_gain"):  # as saved before these were recorded
        del d["result"]["knock"][key]
    old = from_json(json.dumps(d))
    assert old.result.knock.points == s.result.knock.points
    assert (old.result.knock.kept_out, old.result.knock.blocked, old.result.knock.layout_gain) == ((), (), 0)


def test_same_seed_same_deals_and_deal_hand_reproduces_a_hand():
    s = new_game(seed=77)
    s = replace(s)
    for _ in range(3):
        s = apply(s, A("pass")) if s.phase == "upcard" else s
        break
    h3 = deal_hand(seed=77, hand_no=3)
    h3b = deal_hand(seed=77, hand_no=3)
    assert h3.hands == h3b.hands and h3.stock == h3b.stock
    assert deal_hand(seed=77, hand_no=1).hands == new_game(seed=77).hands
    assert parse_cards(" ".join(map(str, h3.hands[0]))) == h3.hands[0]


@pytest.mark.parametrize(
    "key, value, words",
    [("multiplier", 0, "multiplier"), ("multiplier", -2, "multiplier"), ("knock_limit", 11, "knock limit"),
     ("knock_limit", -1, "knock limit"), ("bonuses", [0, -20], "negative bonus")],
)
def test_a_saved_state_with_values_out_of_range_is_refused(key, value, words):
    d = json.loads(to_json(new_game(seed=3)))
    d[key] = value
    with pytest.raises(ValueError, match=words):
        from_json(json.dumps(d))


@pytest.mark.parametrize("preset, dealer", [("classic", 1), ("standard", 0)])
def test_a_tie_that_is_no_undercut_is_a_hand_nobody_wins(preset, dealer):
    """With ``tie_is_undercut`` off, a knock the defender matched (5 against 5)
    scored 0 to the knocker yet counted as the knocker's hand: a box bonus
    under classic, and the knocker dealt next as its winner."""
    from ginrummy_tui.engine.state import box_bonuses

    rules = PRESETS[preset].with_options(tie_is_undercut=False)
    s = rig("AS 2S 3S 7H 7D 7C 9C TC JC 8D", "KH KD KS QH QD QS JH JD JS 5H", stock_top="5D",
            discard="6S", phase="draw", current=0, rules=rules)
    assert s.dealer == 1
    s = apply(apply(s, A("draw stock")), A("knock 8D"))
    assert s.result.knock.knocker_deadwood == s.result.knock.defender_deadwood == 5
    assert s.result.winner is None and s.result.tie and s.result.points == 0
    assert s.sheet[-1].winner is None and s.sheet[-1].tie and s.sheet[-1].kind == "knock"
    assert s.scores == (0, 0) and box_bonuses(rules, ((r.kind, r.winner) for r in s.sheet)) == (0, 0)
    assert apply(s, A("next hand")).dealer == dealer  # as after a void hand: the same dealer, or the other
    saved = from_json(to_json(s))
    assert saved.sheet[-1].tie and saved.result.tie


def _gin_to_win(rules, scores):
    """Seat 0 goes gin for 20 + 35 (classic), reaching the target from ``scores``."""
    s = rig("AS 2S 3S 7H 7D 7C 9C TC JC KD", "4S 5S 7S KC 8C 2H 3H 4H 4D AD", stock_top="QC",
            discard="6S", phase="draw", current=0, rules=rules, scores=scores)
    return apply(apply(s, A("draw stock")), A("gin KD"))


def test_a_shutout_doubles_the_game_bonus_under_classic_rules():
    """Classic (Pagat, Bicycle) doubles the game bonus when the loser scored
    nothing in the whole match; the game bonus was 100 whatever the loser had."""
    from ginrummy_tui.engine.state import bonus_parts, is_shutout

    rules = PRESETS["classic"]
    assert rules.shutout and not PRESETS["standard"].shutout
    s = _gin_to_win(rules, (95, 0))
    assert s.phase == "match_over" and s.winner == 0
    assert s.bonuses == (200 + 20, 0) and is_shutout(rules, s.scores, s.winner)
    assert bonus_parts(rules, [(r.kind, r.winner) for r in s.sheet], s.scores, s.totals) == ((20, 0), (200, 0))
    s = _gin_to_win(rules, (95, 10))  # the loser scored: no shutout
    assert s.bonuses == (100 + 20, 0) and not is_shutout(rules, s.scores, s.winner)
    off = rules.with_options(shutout=False)
    assert _gin_to_win(off, (95, 0)).bonuses == (100 + 20, 0)
    assert _gin_to_win(PRESETS["standard"].with_options(game_bonus=100, shutout=True), (95, 0)).bonuses == (200, 0)


def test_a_classic_match_saved_before_the_shutout_option_is_played_by_todays_classic():
    """Rules saved without ``shutout`` take the preset's: an old classic match is classic
    (shutout on, the game bonus doubled), other presets' matches have none; an old classic
    match read "classic (changed: no shutout)" and scored 100."""
    from ginrummy_tui.engine.rules import rules_label

    s = rig("AS 2S 3S 7H 7D 7C 9C TC JC KD", "4S 5S 7S KC 8C 2H 3H 4H 4D AD", stock_top="QC",
            discard="6S", phase="draw", current=0, rules=PRESETS["classic"], scores=(95, 0))
    data = json.loads(to_json(s))
    data["rules"].pop("shutout", None)
    old = from_json(json.dumps(data))
    assert old.rules == PRESETS["classic"] and rules_label(old.rules) == "classic"
    done = apply(apply(old, A("draw stock")), A("gin KD"))
    assert done.phase == "match_over" and done.bonuses == (200 + 20, 0)
    standard = json.loads(to_json(replace(s, rules=PRESETS["standard"].with_options(game_bonus=100))))
    assert "shutout" not in standard["rules"]
    assert not from_json(json.dumps(standard)).rules.shutout


@pytest.mark.parametrize("preset", ["standard", "oklahoma", "multiplayer-1.5"])
def test_a_match_lost_on_time_at_any_move_is_a_state_that_saves_and_loads(preset):
    """Both passed the upcard and the player to draw ran out of time: the match was over,
    but the state kept "only the stock may be drawn", which no finished game has, so its
    save was refused ("impossible game: the first draw from the stock ... is past") and a
    restart resumed the match as it stood before the loss. A time-out at every kind of
    moment, in matches played at random, leaves a state that saves and loads as it is."""
    import random

    from ginrummy_tui.engine.state import validate
    from ginrummy_tui.storage.store import SavedMatch, decode_save, encode_save

    rules = PRESETS[preset].with_options(timer=30)
    timed_out = set()
    for seed in range(40):
        rng = random.Random(seed)
        s = new_game(rules, seed=seed)
        while True:
            acts = [a for a in legal_actions(s) if a.kind != "timeout"]
            if rng.random() < 0.04 or (s.phase == "draw" and s.passes == 2 and s.stock_only):
                timed_out.add((s.phase, s.stock_only))
                s = apply(s, A("timeout"))
                break
            s = apply(s, rng.choice(acts))
            if s.phase in ("hand_over", "match_over"):
                break
        if s.phase != "match_over":
            continue
        validate(s)
        loaded = decode_save(encode_save(s, match_id="20261207-160000-0a0a").encode())
        assert isinstance(loaded, SavedMatch) and loaded.state == s
    assert ("draw", True) in timed_out or preset == "multiplayer-1.5"  # the case that was refused


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_seat_s_view_refuses_each_move_in_the_words_the_reducer_refuses_it(preset):
    """A network player's move is refused from their view alone (refusal_for_view), before it is
    sent: in the reducer's words for every move it refuses, and as the other player's turn when
    it is not theirs."""
    import random

    from ginrummy_tui.engine import DECK, Kind
    from ginrummy_tui.engine.reducer import refusal_for_view

    rng = random.Random(7)
    rules = PRESETS[preset]
    compared = 0
    for seed in range(6):
        state = new_game(seed=seed, rules=rules)
        for _ in range(60):
            mover = state.current
            legal = legal_actions(state)
            cards = [*state.hands[mover], *rng.sample(DECK, 3)]
            tried = [Action(kind) for kind in Kind if not kind.takes_card]
            tried += [Action(kind, card) for kind in Kind if kind.takes_card for card in cards]
            for action in tried:
                if action in legal:
                    continue
                with pytest.raises(IllegalAction) as refused:
                    apply(state, action, seat=mover)
                said = refusal_for_view(view(state, mover), action)
                assert (str(said), said.alone) == (str(refused.value), refused.value.alone), action
                compared += 1
                if state.phase.playing:
                    assert str(refusal_for_view(view(state, 1 - mover), action)) == "it is not your turn"
            if not legal:
                break
            state = apply(state, rng.choice(legal))
    assert compared > 1000


def test_the_json_form_writes_every_field_of_each_value_in_its_order():
    """A save writes each value of the engine field by field from its field_values(), which
    lists every field of the dataclass, in its order (a field left out would not be saved)."""
    from dataclasses import fields

    from ginrummy_tui.engine.rules import Written

    seen: dict[type, object] = {}
    walked: dict[int, object] = {}  # by identity (kept, so that no id is reused): a state shares its moves

    def walk(value: object) -> None:
        if isinstance(value, Written):
            if id(value) in walked:
                return
            walked[id(value)] = value
            seen.setdefault(type(value), value)
            for inner in value.field_values().values():
                walk(inner)
        elif isinstance(value, tuple):
            for inner in value:
                walk(inner)

    rng = random.Random(7)
    state = new_game(seed=7)
    for _ in range(20000):
        walk(state)
        walk(view(state, 0))
        if len(seen) == 7 or state.phase == Phase.MATCH_OVER:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    assert {kind.__name__ for kind in seen} == {
        "GameState", "PlayerView", "Move", "HandRecord", "HandResult", "KnockResult", "Layoff"
    }
    for kind, value in seen.items():
        assert isinstance(value, Written)
        assert list(value.field_values()) == [f.name for f in fields(kind)], kind.__name__
