"""The computer opponents.

``get_opponent(level, seed=None)`` returns an object with a ``level``
attribute and ``choose(view) -> Action``: a pure function of the
:class:`~ginrummy_tui.engine.PlayerView` of its seat (never the other hand,
never the order of the stock) that always returns one of
``view.legal_actions`` (never ``timeout``).  The same seed gives the same
decisions.  See ``docs/ai.md`` for what each level does.
"""

from __future__ import annotations

from typing import Protocol

from ginrummy_tui.engine import Action, PlayerView

LEVELS = ("easy", "standard", "expert", "master")
"""The levels, weakest first."""


class Opponent(Protocol):
    """What every computer opponent provides."""

    level: str

    def choose(self, view: PlayerView) -> Action:
        """The action to play for this view."""
        ...


def get_opponent(level: str, seed: int | None = None) -> Opponent:
    """A computer opponent of this level (``"easy"``, ``"standard"``, ``"expert"`` or ``"master"``)."""
    if level == "easy":
        from .easy import EasyOpponent

        return EasyOpponent(seed)
    if level == "standard":
        from .standard import StandardOpponent

        return StandardOpponent(seed)
    if level == "expert":
        from .expert import ExpertOpponent

        return ExpertOpponent(seed)
    if level == "master":
        from .master import MasterOpponent

        return MasterOpponent(seed)
    raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")


__all__ = ["LEVELS", "Opponent", "get_opponent"]
