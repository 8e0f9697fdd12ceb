"""The computer opponent, loaded when it first has to move."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ginrummy_tui.ai import Opponent
    from ginrummy_tui.ai.process import ProcessOpponent
    from ginrummy_tui.engine import Action, PlayerView


class LazyOpponent:
    """The computer opponent, loaded the first time it has to move (in the worker thread),
    so that starting the app does not import the AI.  The master searches in a
    worker process (:class:`~ginrummy_tui.ai.process.ProcessOpponent`): in the
    thread it would hold the GIL and starve the UI for its whole search."""

    IN_PROCESS = frozenset({"master"})

    def __init__(self, level: str, seed: Any = None) -> None:
        self.level = level
        self.seed = seed
        self._ai: Opponent | None = None
        self._process: ProcessOpponent | None = None
        """The worker process the opponent thinks in, if it has one."""
        self.closed = False
        """True once closed: a move still asked for is thought in the calling thread."""

    def choose(self, view: PlayerView) -> Action:
        """The opponent's action for ``view``."""
        if self._ai is None:
            if self.level in self.IN_PROCESS and not self.closed:
                from ginrummy_tui.ai.process import ProcessOpponent

                process = ProcessOpponent(self.level, self.seed)
                self._ai = self._process = process
                if self.closed:  # closed meanwhile, before close() could see it: it thinks here
                    process.close()
            else:
                from ginrummy_tui.ai import get_opponent

                self._ai = get_opponent(self.level, self.seed)
        return self._ai.choose(view)

    def close(self) -> None:
        """Stop the worker process of an opponent that has one; none is started after."""
        self.closed = True
        if self._process is not None:
            self._process.close()
