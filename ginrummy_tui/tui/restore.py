"""The screen as the player left it: the order of the cards and the selection,
saved with the match and put back when it is resumed; and what to say at start."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App

    from ginrummy_tui.engine import Card

    from .screens.game_screen import GameScreen
    from .widgets.hand import HandView


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
    if hand.selected is not None:
        ui["selected"] = str(hand.selected)  # the card itself: the same card whatever order it is put back in
    if hand.chosen:
        ui["lifted"] = True  # the player picked that card (written only then, as earlier saves have it)
    return ui


def restore_ui(table: GameScreen | None, ui: dict[str, Any]) -> None:
    """Put the player's cards back in the order they had, with the same card selected.
    A record that does not fit (another version, a damaged file) is ignored."""
    from .widgets.hand import HandView

    if table is None or not ui:
        return
    app = table.gin
    try:
        hand = table.query_one(HandView)
        sort = ui.get("sort")
        if sort in ("rank", "suit"):
            hand.order_cards(sort)
        elif sort is None and isinstance(ui.get("order"), list):
            hand.order_cards(None, _saved_cards(ui["order"]))
        app.sync()
        if _restore_selection(hand, ui):
            hand.chosen = ui.get("lifted") is True
        hand.refresh()
        table.show_view(app.session.view())
    except Exception:
        return  # only the order of the cards is lost


def _saved_cards(texts: list[Any]) -> list[Card]:
    """The cards named in a saved list, those that are not cards left out."""
    from ginrummy_tui.engine.cards import card

    cards: list[Card] = []
    for text in texts:
        try:
            cards.append(card(str(text)))
        except ValueError:
            continue
    return cards


def _restore_selection(hand: HandView, ui: dict[str, Any]) -> bool:
    """Select the card that was selected: saved as the card, or by a save of an
    earlier version as its place in the saved order (a place beyond the hand
    selects its last card). False if the save says nothing usable of it."""
    named = _saved_cards([ui["selected"]]) if isinstance(ui.get("selected"), str) else []
    cursor = ui.get("cursor")
    if not isinstance(cursor, int) or isinstance(cursor, bool):
        cursor = None
    order = ui.get("order")
    if not named and cursor is not None and isinstance(order, list) and 0 <= cursor < len(order):
        named = _saved_cards([order[cursor]])
    if named and hand.select_card(named[0]):
        return True
    if cursor is None or not hand.cards:
        return False
    hand.cursor = max(0, min(cursor, len(hand.cards) - 1))
    return True


NOTE_SECONDS = 15.0
"""How long each note of the start is shown; the next one comes after it."""
HELD_SECONDS = 0.5
"""How often a note held back while a dialog is open looks whether it has closed."""


def show_notes(app: App[Any], notes: list[str], resumed: bool) -> None:
    """Tell the player what happened at start (resumed, damaged save, ...): the
    warnings one after another, each for :data:`NOTE_SECONDS`, so that none is
    hidden under another (two of them overflowed the toasts' room at 80×24, and
    the second, a damaged save and where it went, showed one line).  While a
    dialog is open (the quit question), the next one waits for it to close."""
    from textual.screen import ModalScreen

    from .host import gin_of

    waiting = list(notes)

    def next_note() -> None:
        if isinstance(app.screen, ModalScreen):
            app.set_timer(HELD_SECONDS, next_note)
            return
        app.notify(waiting.pop(0), severity="warning", timeout=NOTE_SECONDS)
        if waiting:
            app.set_timer(NOTE_SECONDS, next_note)

    if waiting:
        next_note()
    if resumed:
        session = gin_of(app).session
        v = session.view()
        app.notify(
            f"Resumed your match: hand {v.hand_no}, You {v.totals[v.seat]} · "
            f"{session.opponent_name} {v.totals[1 - v.seat]}.",
            timeout=5,
        )
