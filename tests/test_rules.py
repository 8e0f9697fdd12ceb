"""The Rules value refuses values out of range, naming the field and the value."""

import pytest

from ginrummy_tui.engine import PRESETS, Rules


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"knock_limit": 11}, "knock_limit must be between 0 and 10 (not 11)"),
        ({"knock_limit": -1}, "knock_limit must be between 0 and 10 (not -1)"),
        ({"gin_bonus": -5}, "gin_bonus must not be negative (not -5)"),
        ({"undercut_bonus": -1}, "undercut_bonus must not be negative"),
        ({"big_gin_bonus": -31}, "big_gin_bonus must not be negative"),
        ({"box_bonus": -20}, "box_bonus must not be negative"),
        ({"game_bonus": -100}, "game_bonus must not be negative"),
        ({"gin_bonus": 10001}, "gin_bonus must be at most 10,000 points (not 10001)"),  # 10**23 overflowed the scores
        ({"game_bonus": 10**23}, "game_bonus must be at most 10,000 points"),
        ({"target": 0}, "target must be at least 1 (not 0)"),
        ({"target": -100}, "target must be at least 1"),
        ({"target": 10001}, "target must be at most 10,000 points (not 10001)"),  # 10**23 overflowed the header
        ({"timer": 0}, "timer must be at least 1 second"),
        ({"timer": -5}, "timer must be at least 1 second, or none (not -5)"),  # it said "or None", a name the player never types
        ({"timer": 3601}, "timer must be at most 3,600 seconds (not 3601)"),  # 10**23 s was shown as 99999999999999991611392 s
        ({"void_stock": 11}, "void_stock must be between 0 and 10"),
        ({"void_stock": -1}, "void_stock must be between 0 and 10"),
        ({"next_dealer": "loser"}, "next_dealer must be one of alternate, winner"),
    ],
)
def test_out_of_range_rule_values_are_refused(changes, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        Rules().with_options(**changes)
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        Rules.from_dict({**Rules().to_dict(), **changes})


def test_the_edges_of_each_range_are_allowed_and_every_preset_is_valid():
    Rules().with_options(knock_limit=0, gin_bonus=0, undercut_bonus=0, target=1, timer=1, void_stock=0)
    Rules().with_options(knock_limit=10, void_stock=10, timer=None)
    Rules().with_options(timer=3600, target=10000)
    for rules in PRESETS.values():
        assert Rules.from_dict(rules.to_dict()) == rules


def test_every_problem_is_named_at_once():
    with pytest.raises(ValueError) as err:
        Rules.from_dict({**Rules().to_dict(), "knock_limit": 12, "target": 0})
    assert "knock_limit" in str(err.value) and "target" in str(err.value)


def test_the_rule_sheet_counts_one_of_a_thing_in_the_singular():
    """A rule set to 1 read "1 seconds per move", "down to 1 cards", "1 points"."""
    lines = Rules().with_options(timer=1, void_stock=1, target=1, box_bonus=1, game_bonus=1).describe()
    text = " ".join(lines)
    for said in ("Move timer: 1 second per move", "down to 1 card and", "reach 1 point wins",
                 "Box bonus: 1 point per hand", "Game bonus: 1 point to"):
        assert said in text, text
    text = " ".join(Rules().with_options(timer=30).describe())
    assert "down to 2 cards and" in text and "reach 100 points wins" in text and "30 seconds per move" in text


def test_an_undercut_without_bonus_scores_the_difference_on_the_rule_sheet():
    """undercut_bonus=0: the sheet said the defender "scores 0 + the difference instead"."""
    text = " ".join(Rules().with_options(undercut_bonus=0).describe())
    assert "the knocker's scores the difference instead." in text, text
    assert "0 + the difference" not in text
    assert "scores 25 + the difference instead." in " ".join(Rules().describe())


def test_a_knock_limit_under_oklahoma_is_not_in_force_nor_named_as_a_change():
    """With Oklahoma each hand's upcard sets the knock limit: a limit asked for
    beside it was kept in the rules and named as a change ("oklahoma (changed:
    knock limit)") that was not in force."""
    from ginrummy_tui.engine.rules import rules_label

    oklahoma = PRESETS["oklahoma"]
    assert oklahoma.with_options(knock_limit=5) == oklahoma and oklahoma.with_options(knock_limit=5).name == "oklahoma"
    assert rules_label(oklahoma.with_options(knock_limit=5), "rules") == "oklahoma rules"
    ticked = PRESETS["standard"].with_options(oklahoma=True, knock_limit=5)
    assert ticked.knock_limit == 10 and rules_label(ticked) == "standard (changed: oklahoma)"
    # rules saved so before (a match, a record, a host's rules over the network)
    saved = {**oklahoma.to_dict(), "name": "custom", "knock_limit": 5}
    assert Rules.from_dict(saved) == oklahoma.with_options(name="custom")
    assert rules_label(Rules.from_dict(saved), "rules") == "oklahoma rules"
    # without Oklahoma the limit is the rules' own
    assert oklahoma.with_options(knock_limit=5, oklahoma=False).knock_limit == 5
    with pytest.raises(ValueError, match="knock_limit must be between 0 and 10"):  # still refused out of range
        oklahoma.with_options(knock_limit=11)


def test_changed_rules_are_named_after_the_preset_chosen_not_the_nearest_one():
    """Rules changed from a preset were named "custom" and then after the preset
    they differed from least: the default with Big Gin and no upcard offer read
    "multiplayer-1.5 (changed: timer)", Oklahoma without Oklahoma "standard
    (changed: target)"."""
    from ginrummy_tui.engine.rules import changed_from_preset, rules_label

    mine = PRESETS["standard"].with_options(big_gin=True, upcard_offer=False)
    assert mine.name == "standard" and Rules.from_dict(mine.to_dict()) == mine  # kept with the rules, saved
    assert changed_from_preset(mine) == ("standard", ["big_gin", "upcard_offer"])
    assert rules_label(mine, "rules") == "standard rules (changed: big gin allowed, no upcard offer)"
    off = PRESETS["oklahoma"].with_options(oklahoma=False)
    assert rules_label(off) == "oklahoma (changed: no oklahoma)"
    # rules saved by an earlier version, named "custom": the nearest preset names them, as before
    old = {**mine.to_dict(), "name": "custom"}
    assert changed_from_preset(Rules.from_dict(old)) == ("multiplayer-1.5", ["timer"])


def test_a_changed_option_is_named_with_its_value_and_summarised_where_short():
    """With ``tie_is_undercut`` off the header read "classic rules (changed: tie
    is undercut)", the opposite of the rule in play."""
    from ginrummy_tui.engine.rules import rules_label

    rules = PRESETS["classic"].with_options(tie_is_undercut=False)
    assert rules_label(rules, "rules") == "classic rules (changed: a tie is no undercut)"
    assert rules_label(rules, "rules", short=True) == "classic rules (changed)"
    three = rules.with_options(knock_limit=7, timer=20)
    assert rules_label(three, "rules") == (
        "classic rules (changed: knock limit 7, a tie is no undercut, move timer 20 s)"
    )
    assert rules_label(three, "rules", short=True) == "classic rules (3 changes)"


def test_the_shutout_option_is_checked_described_and_set_from_the_command_line():
    from ginrummy_tui.engine.rules import rules_label
    from ginrummy_tui.storage.config import parse_rule_options

    with pytest.raises(ValueError, match="bad value for rule 'shutout'"):
        Rules.from_dict({"shutout": "yes"})
    assert parse_rule_options(["shutout=yes"]) == {"shutout": True}
    with pytest.raises(ValueError, match="--rule shutout: must be yes or no"):
        parse_rule_options(["shutout=double"])
    assert ("Shutout: the game bonus is doubled (200 points) when the loser scored nothing in the whole match."
            in PRESETS["classic"].describe())
    assert not any("Shutout" in line for line in PRESETS["standard"].describe())
    assert rules_label(PRESETS["classic"].with_options(shutout=False)) == "classic (changed: no shutout)"


def test_the_rule_sheet_says_what_a_tie_does_where_it_is_no_undercut():
    """With tie_is_undercut=false the sheet only said "lower than": read as written, the
    knocker won a tie (a box in classic, the deal where the winner deals)."""
    lines = PRESETS["classic"].with_options(tie_is_undercut=False).describe()
    tie = ("A tie (equal deadwood after layoffs) is no undercut: nobody scores or wins the hand, "
           "and the deal goes as after a void hand.")
    assert tie in lines, lines
    assert "The winner of a hand deals the next one (after a void hand or a tie, the same dealer)." in lines
    assert "Box bonus: 20 points per hand won (a tie wins none), added at the end." in lines
    plain = PRESETS["classic"].describe()
    assert tie not in plain and "Box bonus: 20 points per hand won, added at the end." in plain
    gin_only = PRESETS["standard"].with_options(tie_is_undercut=False, knock_limit=0).describe()
    assert not any("tie" in line for line in gin_only), gin_only  # only gin ends a hand: no tie


def test_where_the_line_says_the_target_it_is_no_change_to_name_or_count():
    """ "to 200 · classic rules (2 changes)" where the only other change was the tie."""
    from ginrummy_tui.engine.rules import rules_label

    rules = PRESETS["classic"].with_options(target=200, tie_is_undercut=False)
    assert rules_label(rules, "rules", short=True) == "classic rules (2 changes)"
    assert rules_label(rules, "rules", short=True, target=False) == "classic rules (changed)"
    assert rules_label(rules, "rules", target=False) == "classic rules (changed: a tie is no undercut)"
    assert rules_label(PRESETS["classic"].with_options(target=200), "rules", short=True, target=False) == "classic rules"


def test_old_rules_without_the_shutout_option_take_the_presets():
    """A classic save, record or message from before the option read "changed: no shutout"."""
    from ginrummy_tui.engine.rules import rules_label

    for name, rules in PRESETS.items():
        data = rules.to_dict()
        data.pop("shutout", None)
        assert Rules.from_dict(data) == rules, name
        assert rules_label(Rules.from_dict(data)) == name
    off = PRESETS["classic"].with_options(shutout=False)
    assert off.to_dict()["shutout"] is False and Rules.from_dict(off.to_dict()) == off
    assert "shutout" not in PRESETS["standard"].to_dict()  # as written before the option
    on = PRESETS["standard"].with_options(game_bonus=50, shutout=True)
    assert Rules.from_dict(on.to_dict()) == on


def test_an_option_the_rules_do_not_use_is_no_change_of_them():
    """A Big Gin bonus where Big Gin is not allowed, an undercut bonus or a tie's undercut where
    only gin ends a hand, changed nothing in play yet named the rules "standard (changed: big gin
    bonus 5)", and the history counted such matches apart."""
    from ginrummy_tui.engine.rules import rules_label
    from ginrummy_tui.storage.rule_words import rule_args, rules_name

    standard = PRESETS["standard"]
    assert standard.unused() == ("big_gin_bonus", "shutout")
    assert rules_label(standard.with_options(big_gin_bonus=5), "rules") == "standard rules"
    gin_only = standard.with_options(knock_limit=0)
    assert gin_only.unused() == ("undercut_bonus", "tie_is_undercut", "big_gin_bonus", "shutout")
    asked = gin_only.with_options(undercut_bonus=40, tie_is_undercut=False)
    assert rules_label(asked) == rules_name(asked) == "standard (changed: gin only)"
    assert rule_args(asked) == ["--rules", "standard", "--rule", "knock_limit=0"]
    assert PRESETS["oklahoma"].with_options(knock_limit=0).unused() == ("knock_limit", "big_gin_bonus", "shutout")
    assert PRESETS["classic"].with_options(game_bonus=0, shutout=False).unused() == ("big_gin_bonus", "shutout")
    assert rules_label(PRESETS["classic"].with_options(game_bonus=0, shutout=False)) == "classic (changed: game bonus 0)"
    # where they are used, they are changes as before
    assert rules_label(standard.with_options(big_gin=True, big_gin_bonus=5)) == (
        "standard (changed: big gin allowed, big gin bonus 5)"
    )
    assert rules_label(standard.with_options(knock_limit=3, undercut_bonus=40)) == (
        "standard (changed: knock limit 3, undercut bonus 40)"
    )
    assert PRESETS["multiplayer-1.5"].unused() == ("shutout",)

