"""The screen as the player left it: the order of the cards and the selection,
saved with the match and put back when it is resumed; and what to say at start."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

    from .screens.game_screen import GameScreen


def hand_ui(table: GameScreen | None) -> dict[str, Any]:
    """What to remember of the screen: the order of the player's cards and the selection."""
    from .widgets.hand import HandView

    if table is None or table.gin.session.replaying:
        return {}  # a practice replay's cards are not the match's
    hands = table.query(HandView)
    if not hands:
        return {}
    hand = hands.first()
    ui: dict[str, Any] = {"sort": hand.sort_mode, "order": [str(c) for c in hand.cards], "cursor": hand.cursor}
    if hand.chosen:
        ui["lifted"] = True  # the player picked that card (written only then, as earlier saves have it)
    return ui


def restore_ui(table: GameScreen | None, ui: dict[str, Any]) -> None:
    """Put the player's cards back in the order they had, with the same card selected.
    A record that does not fit (another version, a damaged file) is ignored."""
    from ginrummy_tui.engine import parse_cards

    from .widgets.hand import HandView

    if table is None or not ui:
        return
    app = table.gin
    try:
        hand = table.query_one(HandView)
        sort = ui.get("sort")
        if sort in ("rank", "suit"):
            hand.sort_mode = sort
        elif sort is None and isinstance(ui.get("order"), list):
            held = set(app.session.view().hand)
            order = [c for c in parse_cards(" ".join(str(x) for x in ui["order"])) if c in held]
            hand.sort_mode = None
            hand.cards = order
        app.sync()
        cursor = ui.get("cursor")
        if isinstance(cursor, int) and not isinstance(cursor, bool) and 0 <= cursor < len(hand.cards):
            hand.cursor = cursor
            hand.chosen = ui.get("lifted") is True
            hand.refresh()
            table.show_view(app.session.view())
    except Exception:
        return  # only the order of the cards is lost


def show_notes(app: App[Any], notes: list[str], resumed: bool) -> None:
    """Tell the player what happened at start (resumed, damaged save, ...)."""
    from .host import gin_of

    for note in notes:
        app.notify(note, severity="warning", timeout=15)
    if resumed:
        session = gin_of(app).session
        v = session.view()
        app.notify(
            f"Resumed your match: hand {v.hand_no}, You {v.totals[v.seat]} · "
            f"{session.opponent_name} {v.totals[1 - v.seat]}.",
            timeout=5,
        )
