"""The gin-tui rules engine: pure Python, no terminal, no I/O.

>>> from ginrummy_tui.engine import new_game, legal_actions, apply
>>> state = new_game(seed=1)
>>> state = apply(state, legal_actions(state)[0])
"""

from typing import TYPE_CHECKING

from .actions import Action, IllegalAction, parse_action
from .cards import (
    DECK,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    cards_of,
    format_cards,
    mask_of,
    parse_cards,
    sort_by_rank,
    sort_by_suit,
)
from .kinds import EndKind, Kind, Phase
from .melds import (
    MeldSplit,
    after_throw_mask,
    all_melds,
    arrangements,
    best_discard,
    best_melds,
    deadwood,
    deadwood_mask,
    first_by_count,
    is_meld,
    least_throws_mask,
)
from .reducer import apply, deal, deal_hand, legal_actions, new_game, view, view_legal_actions
from .rules import PRESETS, Rules
from .state import (
    GameState,
    HandRecord,
    HandResult,
    Move,
    PlayerView,
    from_json,
    state_from_dict,
    state_to_dict,
    to_json,
    turn_number,
    validate,
    view_from_dict,
    view_to_dict,
)

if TYPE_CHECKING:
    from .scoring import (
        KnockResult,
        Layoff,
        best_defence,
        knock_score,
        knock_settler,
        layout_note,
        layout_parts,
        points_aside,
        points_worked,
        score_knock,
    )

_SCORING = frozenset(
    {"KnockResult", "Layoff", "best_defence", "knock_score", "knock_settler", "layout_note", "layout_parts", "points_aside", "points_worked", "score_knock"}
)
"""Names of :mod:`.scoring`, which loads when first asked for (a hand is
settled, a summary shown), not with the engine: start-up does not need it."""


if not TYPE_CHECKING:  # (for mypy, the names above are imported: any other is an error, not Any)

    def __getattr__(name: str) -> object:
        if name in _SCORING:
            from . import scoring

            return getattr(scoring, name)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Action",
    "IllegalAction",
    "parse_action",
    "DECK",
    "RANKS",
    "SUITS",
    "SUIT_SYMBOLS",
    "Card",
    "cards_of",
    "format_cards",
    "mask_of",
    "parse_cards",
    "sort_by_rank",
    "sort_by_suit",
    "MeldSplit",
    "all_melds",
    "arrangements",
    "best_discard",
    "best_melds",
    "deadwood",
    "after_throw_mask",
    "deadwood_mask",
    "first_by_count",
    "is_meld",
    "least_throws_mask",
    "apply",
    "deal",
    "deal_hand",
    "legal_actions",
    "new_game",
    "view",
    "view_legal_actions",
    "PRESETS",
    "Rules",
    "KnockResult",
    "Layoff",
    "best_defence",
    "knock_score",
    "knock_settler",
    "layout_note",
    "layout_parts",
    "points_aside",
    "points_worked",
    "score_knock",
    "EndKind",
    "Kind",
    "Phase",
    "GameState",
    "HandRecord",
    "HandResult",
    "Move",
    "turn_number",
    "PlayerView",
    "from_json",
    "to_json",
    "state_from_dict",
    "state_to_dict",
    "validate",
    "view_from_dict",
    "view_to_dict",
]
