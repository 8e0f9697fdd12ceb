"""The race chart of the match-over screen: a pair of bars per hand."""

from __future__ import annotations

from ginrummy_tui.engine import view
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.widgets.race import race_chart


def heights(text: str, column: int) -> int:
    """How many rows of the chart have a bar in ``column``."""
    rows = text.splitlines()[:-2]
    return sum(1 for row in rows if len(row) > column and row[column] not in " │")


def test_each_hand_has_a_bar_for_each_player_as_high_as_their_score():
    state = scenarios.played_hands(3)
    v = view(state, 0)
    chart = race_chart(v, "Computer (standard)", height=5).plain
    lines = chart.splitlines()
    assert lines[0].startswith(f"{v.rules.target}│") and lines[4].lstrip().startswith("0│")
    assert lines[5].split("└")[1].split() == ["1", "2", "3", "hand"]
    assert "You" in lines[6] and "Computer" in lines[6] and "(standard)" not in lines[6]
    # the legend reads without colour: which bar of each pair is whose
    assert "You (left)" in lines[6] and "Computer (right)" in lines[6]
    start = lines[0].index("│") + 1
    for i, r in enumerate(v.sheet):
        mine, theirs = heights(chart, start + 3 * i), heights(chart, start + 3 * i + 1)
        # five rows of eight steps each: a bar is as many rows high as its share of the target
        assert mine == -(-round(r.scores[0] / v.rules.target * 40) // 8)
        assert theirs == -(-round(r.scores[1] / v.rules.target * 40) // 8)


def test_a_score_over_the_target_sets_the_top_and_ascii_has_no_blocks():
    from dataclasses import replace

    from ginrummy_tui.engine import apply, legal_actions

    state = scenarios.match_point()
    while not state.over:  # the player on 80 draws and knocks past 100
        acts = legal_actions(state)
        knock = [a for a in acts if a.kind in ("knock", "gin")]
        state = apply(state, knock[0] if knock else [a for a in acts if a.kind in ("draw stock", "discard")][0])
    v = view(state, 0)
    assert max(v.totals) > v.rules.target
    top = max(r.scores[0] for r in v.sheet)
    chart = race_chart(v, "Computer", height=4).plain
    assert chart.splitlines()[0].startswith(f"{top}│")
    ascii_chart = race_chart(replace(v), "Computer", height=4, ascii_only=True).plain
    assert not set("▁▂▃▄▅▆▇█") & set(ascii_chart) and "@" in ascii_chart


def test_the_match_over_screen_shows_the_record_against_this_level(tmp_path):
    from types import SimpleNamespace

    from ginrummy_tui.session.keeper import Keeper
    from ginrummy_tui.storage.history import import_json_history, open_history
    from ginrummy_tui.storage.store import Store
    from ginrummy_tui.tui.screens.match_over_screen import level_record

    from .test_history import write_json_history
    from .test_stats import HISTORY

    write_json_history(tmp_path, HISTORY)
    hist = open_history(tmp_path).history
    import_json_history(hist)
    hist.close()
    from ginrummy_tui.engine import new_game
    from ginrummy_tui.session.context import AppContext
    from ginrummy_tui.session.local import LocalSession

    keeper = Keeper(Store(tmp_path))
    session = LocalSession(new_game(seed=1), SimpleNamespace(level="standard"))
    app = SimpleNamespace(session=session, context=AppContext(session=session, keeper=keeper))
    text = level_record(app).plain
    assert text.startswith("Against standard: won 3 of 4") and text.endswith("last 4: ●○●●")
    app.session.opponent.level = "easy"  # never played: nothing to show
    assert level_record(app) is None
    keeper.shared_history().close()
