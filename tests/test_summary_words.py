"""The end of a hand's words, built from a view without any app (tui/screens/summary_screen.py)."""

from ginrummy_tui.engine import PRESETS, Action, Kind, apply, new_game, parse_action, view
from ginrummy_tui.tui.screens.summary_screen import timeout_words


def test_a_match_lost_on_time_says_the_rules_without_brackets_in_brackets():
    """"You took more than 5 s for a move (the multiplayer-1.5 rules (changed: timer)
    allow 5 s a move), so you lose the match.": brackets in brackets."""
    rules = PRESETS["multiplayer-1.5"].with_options(timer=5)
    state = apply(new_game(rules, seed=1), Action(Kind.TIMEOUT), seat=0)
    words = timeout_words(view(state, 0), {0: "You", 1: "Ann", None: "?"})
    assert words.startswith("You took more than 5 s for a move, so you lose the match. "), words
    depth = 0
    for ch in words:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        assert depth <= 1, words
    assert "allow 5 s a move." in words
    other = timeout_words(view(state, 1), {1: "You", 0: "Ann", None: "?"})
    assert other.startswith("Ann took more than 5 s for a move, so Ann loses the match."), other


def test_the_end_of_a_doubled_hand_says_the_spade_upcard_doubled_it():
    """An Oklahoma hand doubled by its spade upcard said "You score 14  (8 − 1) × 2", not why."""
    from rich.console import Console, Group

    from ginrummy_tui.tui.screens.summary_screen import summary_lines

    from .test_polish import _doubled_hand

    state = _doubled_hand()
    for ascii_only in (False, True):
        console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        console.print(Group(*summary_lines(view(state, 0), "Computer (standard)", ascii_only=ascii_only).lines))
        text = console.export_text()
        times = "x" if ascii_only else "×"
        [line] = [line for line in text.splitlines() if " score" in line and f"{times} 2" in line]
        assert line.rstrip().endswith(f"{times} 2 for the spade upcard"), line
    plain = apply(new_game(PRESETS["multiplayer-1.5"], seed=1), Action(Kind.TIMEOUT), seat=0)  # nothing doubled
    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(Group(*summary_lines(view(plain, 0), "Computer (standard)").lines))
    assert "spade" not in console.export_text()


def _tied_hand(preset: str = "classic"):
    """A knock the defender matched, 5 against 5, where a tie is no undercut."""
    from ginrummy_tui.engine import parse_action

    from .engine_helpers import rig

    rules = PRESETS[preset].with_options(tie_is_undercut=False)
    s = rig("AS 2S 3S 7H 7D 7C 9C TC JC 8D", "KH KD KS QH QD QS JH JD JS 5H", stock_top="5D",
            discard="6S", phase="draw", current=0, rules=rules)
    return apply(apply(s, parse_action("draw stock")), parse_action("knock 8D"))


def test_a_tie_that_is_no_undercut_is_told_as_a_tie_nobody_wins():
    """Such a tie ended with "You score 0 (5 − 5)", its score table row "You knocked 5 / 5 —"
    like a void hand's, and "Box bonuses so far: You 20 (1 hand won)" under the table."""
    from rich.console import Console, Group

    from ginrummy_tui.storage.history_records import hand_entry
    from ginrummy_tui.storage.reports import format_match
    from ginrummy_tui.storage.stats import compute
    from ginrummy_tui.tui.screens.summary_screen import summary_lines
    from ginrummy_tui.tui.widgets.score_table import boxes_note, score_table

    state = _tied_hand()
    v = view(state, 0)
    console = Console(width=100, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(Group(*summary_lines(v, "Computer (standard)", width=100).lines))
    text = console.export_text()
    assert "Hand 1: You knocked with 8♦ — a tie, 5 deadwood each." in text, text
    assert "A tie, which is no undercut under these rules: nobody scores, and nobody wins the hand." in text
    assert "score 0" not in text and "(5 − 5)" not in text
    for width, tiny, ending in ((80, False, "You knocked, a tie"), (42, True, "You: tie")):
        console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        console.print(score_table(v, "Computer (standard)", compact=tiny, tiny=tiny))
        [row] = [line for line in console.export_text().splitlines() if line.lstrip().startswith("1 ")]
        assert ending in row and "—" in row, row
    assert boxes_note(v, "Computer (standard)") == ""  # no box for the knocker
    entry = hand_entry(state, state.sheet[-1])
    assert entry["winner"] is None and entry["points"] == 0
    record = {"id": "m1", "opponent": "standard", "preset": "classic", "hands": [entry], "scores": [0, 0],
              "totals": [0, 0], "finished": False}
    assert "Hand 1: knock, deadwood 5-5: a tie, no score" in format_match(record)
    figures = compute([record]).total.as_dict()
    assert figures["hands"] == 1 and figures["hands_won"] == 0 and figures["hands_lost"] == 0


def test_a_shutout_is_named_in_the_score_tables_totals_and_the_export():
    """The doubled game bonus of a classic shutout was not there at all (100, as any match)."""
    from rich.console import Console

    from ginrummy_tui.engine import parse_action
    from ginrummy_tui.storage.history_records import seat_record
    from ginrummy_tui.storage.reports import format_match
    from ginrummy_tui.tui.widgets.score_table import score_table

    from .engine_helpers import rig

    s = rig("AS 2S 3S 7H 7D 7C 9C TC JC KD", "4S 5S 7S KC 8C 2H 3H 4H 4D AD", stock_top="QC",
            discard="6S", phase="draw", current=0, rules=PRESETS["classic"], scores=(95, 0))
    s = apply(apply(s, parse_action("draw stock")), parse_action("gin KD"))
    v = view(s, 0)
    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(score_table(v, "Computer (standard)"))
    rows = console.export_text().splitlines()
    [row] = [line for line in rows if "game bonus" in line]
    assert "game bonus (shutout)" in row and "+200" in row, rows
    record = seat_record(v, "m1", opponent="standard")
    assert record["totals"][0] == record["scores"][0] + 220
    assert "game You +200 (shutout: doubled)" in format_match(record), format_match(record)


def _head(state, seat: int, ascii_only: bool = False) -> str:
    """The first line of the end of the hand of ``state``, as ``seat`` sees it."""
    from ginrummy_tui.tui.screens.summary_screen import summary_lines

    return summary_lines(view(state, seat), "Computer (master)", ascii_only=ascii_only).lines[0].plain


def test_the_end_of_a_hand_names_the_card_the_knock_or_gin_was_made_with():
    """"Hand 2: Computer (master) knocked." named no card: only the list of turns did ("threw 5♦
    to knock").  The end of the hand names it, for a knock, an undercut and gin; Big Gin throws none."""
    from ginrummy_tui.tui import scenarios

    knocked = scenarios.knocked()  # the player drew A♠ and knocked with K♦
    assert _head(knocked, 0) == "Hand 1: You knocked with K♦."
    assert _head(knocked, 1) == "Hand 1: Computer (master) knocked with K♦."
    assert _head(knocked, 0, ascii_only=True) == "Hand 1: You knocked with KD."
    gin = apply(apply(scenarios.gin_ready(), Action(Kind.DRAW_STOCK)), parse_action("gin KD"))
    assert _head(gin, 0) == "Hand 1: You went gin with K♦."
    big = apply(scenarios.big_gin_ready(), Action(Kind.DRAW_STOCK))
    big = apply(big, Action(Kind.BIG_GIN))
    assert _head(big, 0) == "Hand 1: You went Big Gin."
    undercut = _undercut_hand()
    assert _head(undercut, 0) == "Hand 1: You knocked with 8♦ — and Computer (master) undercut!"
    assert _head(undercut, 1) == "Hand 1: Computer (master) knocked with 8♦ — and you undercut!"


def _undercut_hand():
    """The player knocks with 5 deadwood, the other player holds 3 (an undercut)."""
    from .engine_helpers import rig

    s = rig("AS 2S 3S 7H 7D 7C 9C TC JC 8D", "KH KD KS QH QD QS JH JD JS 3H", stock_top="5D",
            discard="6S", phase="draw", current=0)
    return apply(apply(s, parse_action("draw stock")), parse_action("knock 8D"))


def test_a_void_hand_is_told_with_a_capital_and_its_points_once():
    """"Hand 1: void — the stock ran down to 2 cards. Nobody scores." began in lower case, where
    every other headline begins with a capital, and "No points this hand." under it said it again."""
    from rich.console import Console, Group

    from ginrummy_tui.tui.screens.summary_screen import summary_lines

    from .engine_helpers import rig

    s = rig("AS 2S 3S 7H 7D 7C 9C KC QH KD", "4S 5S 7S QC JC 2H 3H 4H 4D AD", stock_size=3,
            phase="draw", current=0)
    s = apply(apply(s, parse_action("draw stock")), parse_action("discard KD"))
    assert s.result.kind == "void"
    assert _head(s, 0) == "Hand 1: Void — the stock ran down to 2 cards."
    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(Group(*summary_lines(view(s, 0), "Computer (master)").lines))
    text = console.export_text()
    assert "No points this hand." in text and "Nobody scores" not in text, text
