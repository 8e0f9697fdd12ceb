"""The computer opponent, loaded when it first has to move."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ginrummy_tui.engine import Action, PlayerView


class LazyOpponent:
    """The computer opponent, loaded the first time it has to move (in the worker thread),
    so that starting the app does not import the AI."""

    def __init__(self, level: str, seed: Any = None) -> None:
        self.level = level
        self.seed = seed
        self._ai: Any = None

    def choose(self, view: PlayerView) -> Action:
        """The opponent's action for ``view``."""
        if self._ai is None:
            from ginrummy_tui.ai import get_opponent

            self._ai = get_opponent(self.level, self.seed)
        return self._ai.choose(view)
