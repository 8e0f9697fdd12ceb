"""The knocker's layout explained where the player reads the result: the
end-of-hand summary (both seats, and a view that came over the network), the
review of the hand and the text export of the match."""

from __future__ import annotations

import json

from rich.console import Console, Group

from ginrummy_tui.engine import view, view_from_dict, view_to_dict
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.screens.summary_screen import summary_lines

NOTE = "2♣ 3♣ 4♣ kept out of melds: it stops 5♣ 6♣ being laid off (+2)."


def _text(renderable) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_summary_says_which_meld_was_kept_out_and_why():
    s = scenarios.knocked()
    assert s.result.knock.knocker_deadwood == 10  # the hand showed deadwood 1 before the knock
    for seat, name in ((0, "the computer"), (1, "the other player")):
        for width in (60, 100):
            text = _text(Group(*summary_lines(view(s, seat), name, width=width).lines))
            assert NOTE in text, (seat, width, text)
    ascii_text = _text(Group(*summary_lines(view(s, 0), "the computer", ascii_only=True).lines))
    assert "2C 3C 4C kept out of melds: it stops 5C 6C being laid off (+2)." in ascii_text


def test_a_summary_without_a_meld_kept_out_says_nothing_of_it():
    from ginrummy_tui.engine import Action, apply
    from ginrummy_tui.engine.cards import card

    s = scenarios.arranged(scenarios.MINE, "TH QD 9C 6C KS KC 2D 6S 9S JS", stock_top="AS", discard="JD")
    s = apply(apply(s, Action("draw stock")), Action("knock", card("KD")))
    assert not s.result.knock.kept_out
    assert "kept out" not in _text(Group(*summary_lines(view(s, 0), "the computer").lines))


def test_the_network_summary_carries_the_explanation_and_an_older_host_is_still_understood():
    s = scenarios.knocked()
    wire = json.loads(json.dumps(view_to_dict(view(s, 1))))
    knock = wire["result"]["knock"]
    assert knock["kept_out"] == [["2C", "3C", "4C"]] and knock["blocked"] == ["5C", "6C"] and knock["layout_gain"] == 2
    assert NOTE in _text(Group(*summary_lines(view_from_dict(wire), "the host").lines))
    for key in ("kept_out", "blocked", "layout_gain"):  # a host from before sends none of these
        del knock[key]
    older = view_from_dict(wire)
    assert older.result.knock.points == s.result.knock.points
    assert "kept out" not in _text(Group(*summary_lines(older, "the host").lines))


def test_the_review_of_the_hand_explains_the_layout(monkeypatch):
    from ginrummy_tui.ai.review import replay_history, review_hand
    from ginrummy_tui.engine import apply, replay
    from ginrummy_tui.tui.screens.review_screen import review_renderable

    steps = replay_history(scenarios.knock_ready(), ["draw stock", "knock KD"])
    end = apply(steps[-1][0], steps[-1][1].action)
    monkeypatch.setattr(replay, "replay_moves", lambda state: steps)  # an arranged deal, not a seeded one
    review = review_hand(end, 0, samples=2)
    assert review.layout == NOTE.rstrip(".")
    assert "The knock's layout: " + NOTE in _text(review_renderable(review))
    assert review_hand(end, 0, samples=2, ascii_only=True).layout.startswith("2C 3C 4C kept out")


def test_in_a_narrow_terminal_the_scores_line_of_the_summary_is_one_line():
    # At 46 columns "Scores: You 37 · Computer (standard) 0 (to 100)" wrapped its "100)"
    s = scenarios.knocked()
    console = Console(width=44, record=True, color_system=None)
    console.print(Group(*summary_lines(view(s, 0), "Computer (standard)", width=46).lines))
    lines = console.export_text().splitlines()
    scores = [line for line in lines if line.startswith("Scores:")]
    assert scores and scores[0].rstrip().endswith("(to 100)") and "Computer (standard)" not in scores[0]
    wide = _text(Group(*summary_lines(view(s, 0), "Computer (standard)", width=100).lines))
    assert "· Computer (standard) " in wide  # the whole name where there is room


def _doubled_knock():
    """The knock of :func:`scenarios.knocked` in an Oklahoma hand whose spade upcard doubles it."""
    from dataclasses import replace

    from ginrummy_tui.engine import PRESETS, Action, Kind
    from ginrummy_tui.engine.cards import card

    s = replace(scenarios.knock_ready(rules=PRESETS["oklahoma"]), knock_limit=10, multiplier=2)
    steps = [Action(Kind.DRAW_STOCK), Action(Kind.KNOCK, card("KD"))]
    return s, steps


def test_a_doubled_hand_says_what_the_layout_gained_in_the_points_it_scores(monkeypatch):
    """An Oklahoma hand doubled by its spade upcard said the layout's gain before the
    doubling: "(+3)" beside "scores 42  (31 − 10) × 2", where the other layout scores 36."""
    from ginrummy_tui.ai.review import replay_history, review_hand
    from ginrummy_tui.engine import apply, replay

    start, actions = _doubled_knock()
    end = apply(apply(start, actions[0]), actions[1])
    assert end.result.multiplier == 2 and end.result.knock.layout_gain == 2  # 2 before the doubling
    doubled = NOTE.replace("(+2)", "(+4)")
    for seat in (0, 1):
        text = _text(Group(*summary_lines(view(end, seat), "the computer").lines))
        assert doubled in text and "(+2)" not in text, text
    steps = replay_history(start, [str(a) for a in actions])
    monkeypatch.setattr(replay, "replay_moves", lambda state: steps)  # an arranged deal, not a seeded one
    assert review_hand(end, 0, samples=2).layout == doubled.rstrip(".")


def _exported(tmp_path, state):
    """The text export of a match recorded at ``state``, and its JSON form."""
    from ginrummy_tui.storage.history import open_history
    from ginrummy_tui.storage.history_records import export_form
    from ginrummy_tui.storage.reports import format_match

    hist = open_history(tmp_path).history
    assert hist is not None
    hist.recorder("20261203-091642-f13d").observe(state)
    (record,) = hist.records()
    hist.close()
    return format_match(record), export_form(record)


def test_the_text_export_says_the_melds_and_which_meld_was_kept_out_and_why(tmp_path):
    """The text export said "Hand 1: knock, deadwood 10-58: You +48" and both hands, nothing
    of the melds (the JSON has them) nor of the 2♣ 3♣ 4♣ kept out to stop 5♣ 6♣ being laid off."""
    text, form = _exported(tmp_path, scenarios.knocked())
    hand = form["hands"][0]
    assert hand["knocker_melds"] == [["QS", "QH", "QC"], ["7H", "8H", "9H"]] and hand["deadwood"] == [10, 58]
    assert hand["layoffs"] == [["QD", ["QS", "QH", "QC"]], ["TH", ["7H", "8H", "9H"]]]
    lines = text.splitlines()
    at = lines.index("    Your melds:     [QS QH QC] [7H 8H 9H]  deadwood AS 2C 3C 4C (10)")
    assert lines[at + 1] == "      " + NOTE.replace("♣", "C").rstrip(".")
    assert lines[at + 2] == (
        "    Computer melds: none  laid off QD on [QS QH QC], TH on [7H 8H 9H]  deadwood 6S 9S JS KS 2D 5C 6C KC (58)"
    )


def test_the_text_export_says_what_the_layout_gained_in_a_doubled_hand(tmp_path):
    from ginrummy_tui.engine import apply

    start, actions = _doubled_knock()
    text, form = _exported(tmp_path, apply(apply(start, actions[0]), actions[1]))
    assert form["hands"][0]["points"] == 96
    assert "      2C 3C 4C kept out of melds: it stops 5C 6C being laid off (+4)\n" in text, text


def test_the_text_export_says_nothing_kept_out_of_a_least_deadwood_layout(tmp_path):
    from ginrummy_tui.engine import Action, apply
    from ginrummy_tui.engine.cards import card

    s = scenarios.arranged(scenarios.MINE, "TH QD 9C 6C KS KC 2D 6S 9S JS", stock_top="AS", discard="JD")
    s = apply(apply(s, Action("draw stock")), Action("knock", card("KD")))
    text, _form = _exported(tmp_path, s)
    assert "    Your melds:     [2C 3C 4C] [7H 8H 9H] [QS QH QC]  deadwood AS (1)" in text, text
    assert "kept out" not in text and "instead of" not in text


def test_in_a_narrow_terminal_a_meld_of_the_summary_is_never_broken_between_lines():
    # At 46 columns "Melds [4♠ 5♠ 6♠ 7♠] [9♥ 9♦ 9♣] [10♦ J♦ Q♦]" broke its last meld:
    # "[10♦ J♦" on one row, "Q♦]" under it; so did a layoff's "on [...]"
    import re

    from ginrummy_tui.engine import Action, Kind, apply
    from ginrummy_tui.engine.cards import card

    s = scenarios.arranged("4S 5S 6S 7S 9H 9D 9C TD JD QD", "2H 3H 4H 8C 8S KC KS KH 5D 6D", stock_top="2C")
    s = apply(apply(s, Action(Kind.DRAW_STOCK)), Action(Kind.GIN, card("2C")))
    for width, drawn in ((46, 40), (46, 30), (60, 56)):
        for ascii_only in (False, True):
            console = Console(width=drawn, record=True, color_system=None)
            console.print(Group(*summary_lines(view(s, 0), "Computer", ascii_only=ascii_only, width=width).lines))
            text = console.export_text()
            rows = text.splitlines()
            start = next(i for i, row in enumerate(rows) if row.startswith("Melds"))
            melds = rows[start : start + 3]
            assert all(row.count("[") == row.count("]") for row in rows), text  # no meld across rows
            assert len(re.findall(r"\[", " ".join(melds))) >= 3, text  # all three melds shown
            assert all(row.startswith("      [") for row in melds[1:] if "[" in row), text  # under the first
