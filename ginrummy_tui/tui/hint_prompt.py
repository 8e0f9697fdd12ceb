"""The hint key (``h``): what the expert opponent would do now, in the prompt line.

The expert is asked in a thread worker (it may take a few tens of
milliseconds, or a second or more late in a hand), from the player's own view; meanwhile the
prompt line says "Working out a hint…".  The hint stays in the prompt
until the game moves on; for a discard, knock or gin the suggested card is
also selected, each time ``h`` shows it (again after another card was chosen), so Enter, k or g, as the hint says, plays it (Enter on a card
that goes gin first says so: g plays gin, a second Enter throws it).  Each hint shown is counted
in the match's statistics, once: ``h`` pressed again while the hint is being
worked out asks for nothing more.  In network play no hint is given while the
session is blocked (the connection down, the other player away, the last move
not answered yet).  Pressed while the other player is to move (the key is
dimmed), it says that a hint is for the player's own turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from ginrummy_tui.engine.kinds import Kind

from .palette import palette_of
from .practice import practising

if TYPE_CHECKING:
    from ginrummy_tui.ai.hints import Hint
    from ginrummy_tui.engine import PlayerView



def view_key(v: PlayerView) -> tuple:
    """What identifies a moment of the game: a hint is good for this moment only.
    The player's cards tell a new deal from the one it replaces at the same
    count of moves (a new match from the settings starts again at match 1)."""
    return (v.match_no, v.hand_no, len(v.history), v.phase, v.current, frozenset(v.hand))


def opponent_words(app) -> str:
    """How a reason names the other player: "the computer", or the other person's name."""
    from ginrummy_tui.ai.common import COMPUTER

    session = app.session
    return COMPUTER if session.computes_opponent else session.opponent_name


def request_hint(screen) -> None:
    """Ask the expert for a hint for the view on ``screen`` (a GameScreen), in a worker."""
    v = screen.v
    if v is None:
        return
    app = screen.app
    if screen.refuse_blocked("no hint now"):  # network play: not connected, or the other player away
        return
    if not any(a.kind != Kind.TIMEOUT for a in v.legal_actions):
        screen.refuse("a hint is for your own turn")
        return
    screen.clear_refusal()  # the hint asked for takes the prompt line
    current = screen.shown_hint
    if current is not None and current[0] == view_key(v):
        # on show already (and counted): its card is selected again, so that the key the
        # hint names plays it even after another card was chosen meanwhile
        card = current[1].action.card
        if card is not None:
            _select(screen, card)
            screen._update_details()  # the deadwood line and the prompt speak of that card again
        return
    if screen.hint_asked == view_key(v):
        return  # asked already: one hint on its way at a time (it is counted when it is shown)
    screen.hint_asked = view_key(v)
    ascii_only = app.ascii_only
    name = opponent_words(app)
    room = prompt_room(screen.size.width)
    practice = practising(app)  # a practice deal belongs to no match: its hints speak of none

    def work() -> None:
        from ginrummy_tui.ai.hints import hint

        try:
            h = hint(v, ascii_only=ascii_only, opponent_name=name, room=room, practice=practice)
        except Exception as exc:  # a hint must never break the game
            app.call_from_thread(_failed, screen, v, f"no hint now ({exc})")
            return
        app.call_from_thread(show_hint, screen, v, h)

    screen.run_worker(work, name="hint", group="hint", thread=True, exclusive=True, exit_on_error=False)


def prompt_room(width: int) -> int:
    """The room the prompt line has for a hint's text on a screen ``width``
    columns wide: 76 at 80 columns (``PROMPT_COLUMNS``), more on a wider
    screen, where a reason is worded in full when it fits two lines; never
    less than at 80 columns (a narrower screen wraps the 80-column wording)."""
    from ginrummy_tui.ai.hints import PROMPT_COLUMNS

    return max(PROMPT_COLUMNS, width - (80 - PROMPT_COLUMNS))


def _failed(screen, v: PlayerView, reason: str) -> None:
    """No hint could be worked out for ``v``: say why; it may be asked again."""
    if screen.hint_asked == view_key(v):
        screen.hint_asked = None
    screen.refuse(reason)


def show_hint(screen, v: PlayerView, h: Hint) -> None:
    """Put the hint on show (if the game has not moved on meanwhile) and count it,
    once for the moment it was asked at."""
    if screen.hint_asked == view_key(v):
        screen.hint_asked = None
    if screen.v is None or view_key(screen.v) != view_key(v):
        return
    shown = screen.shown_hint
    if shown is not None and shown[0] == view_key(v):
        return  # on show already, and counted
    count_hint(screen.app)
    if h.action.card is not None:
        _select(screen, h.action.card)
    screen.shown_hint = (view_key(v), h)  # reactive: the prompt shows it


def _select(screen, card) -> None:
    from .widgets.hand import HandView

    hand = screen.query_one(HandView)
    if card in hand.cards:
        hand.select(hand.cards.index(card))


def current_hint(screen, v: PlayerView) -> Hint | None:
    """The hint on show for this view, if any."""
    shown = screen.shown_hint
    if shown is None:
        return None
    if shown[0] != view_key(v):
        screen.set_reactive(type(screen).shown_hint, None)  # the game moved on (no redraw: this is one)
        return None
    return shown[1]


WORKING = "Working out a hint…"
"""The prompt line while the hint asked for is worked out (as "Computer is thinking…" while
the computer is), until the hint takes its place."""


def hint_prompt(screen, v: PlayerView, prompt: Text) -> Text:
    """The prompt line: the hint on show, if any (the line then wraps), or that the hint asked
    for at this moment is being worked out; otherwise ``prompt`` itself."""
    h = current_hint(screen, v)
    if h is None:
        if screen.hint_asked == view_key(v):
            return Text(WORKING.replace("…", "...") if screen.app.ascii_only else WORKING, style="italic")
        return prompt
    t = Text()
    t.append("Hint: ", style=f"bold {palette_of(screen.app).green}")
    t.append(h.reason)
    return t


def count_hint(app) -> None:
    """Count a hint in the statistics of the match in play (never for a replayed deal)."""
    app.session.add_hint()  # a practice replay's session does not count it


__all__ = ["WORKING", "count_hint", "current_hint", "hint_prompt", "prompt_room", "request_hint", "show_hint", "view_key"]
