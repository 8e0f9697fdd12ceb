"""What the settings screen may do to the match in play.

:class:`MatchControl` tells whether new settings change the match (its rules
or its opponent) and starts a new match with them now; a new match after a
finished one starts with the settings for the next match (``next_settings``:
those the settings screen shows).  It is the local session's ``on_change``
hook: every move goes through it to the
:class:`~ginrummy_tui.session.keeper.Keeper` (none with ``--data-dir -``:
nothing is saved, the rest is the same).  No Textual here: the app tells
it how to report (``on_saved``, ``on_error``) and where the settings for the
next match are (``next_settings``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from .local import LocalSession, Session
from .replay_session import ReplaySession

if TYPE_CHECKING:
    from ginrummy_tui.engine import GameState
    from ginrummy_tui.storage.config import Settings

    from .keeper import Keeper


def as_sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop (the
    rest untouched: an error's own words and paths keep their capitals; a
    file name it starts with, ``host.log``, is left as it is)."""
    first = text.split(" ", 1)[0].rstrip(".,:;")
    if "." not in first and "/" not in first:
        text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


class MatchControl:
    """The match in play, as the settings screen sees it."""

    def __init__(self, keeper: Keeper | None) -> None:
        self.keeper = keeper
        """Saves the match after every move (None: nothing is saved, ``--data-dir -``)."""
        self.session: LocalSession | None = None
        """The session of the match (set once it is made)."""
        self.last: GameState | None = None
        """The match's state after the last move, when no keeper keeps it (None: no move yet)."""
        self.next_settings: Callable[[], Settings | None] | None = None
        """The settings the next match starts with: this run's (the settings
        file's, the command line's on top, the settings screen's once saved);
        None, or a None answer: the match's own rules and opponent go on."""
        self.seeded: str | None = None
        """The seed the player gave for the match (``--seed N``), which deals it
        (None: dealt at random).  Started again before anyone has moved in it
        (new rules or opponent saved in the settings), the match is dealt from
        it again (:meth:`seeded_deal`)."""
        self.errors_shown = len(keeper.errors) if keeper is not None else 0
        """How many of the keeper's errors were told (by :meth:`show_errors`, or
        among the notes of the start: :meth:`mark_told`)."""
        self._told_lock = threading.Lock()
        self.on_errors_found: Callable[[], None] | None = None
        """Called, from any thread, when the keeper found new errors (the
        history's writes found it damaged, or could not write): the app then
        calls :meth:`show_errors` on its own thread, so that they are told
        when found, not at the next move."""
        self.on_saved: Callable[[], None] | None = None
        """Called after each save (the app then saves its screen details too)."""
        self.on_error: Callable[[str], None] | None = None
        """Called with a sentence when saving starts to fail."""
        self.on_note: Callable[[str], None] | None = None
        """Called, from any thread, with a note for the player: the history
        database is busy, and its records wait for it (:attr:`Keeper.tell`)."""
        if keeper is not None:
            keeper.tell = self._note
            keeper.on_errors = self._errors_found

    def _errors_found(self) -> None:
        if self.on_errors_found is not None:
            self.on_errors_found()

    def show_errors(self) -> None:
        """Tell (:attr:`on_error`) each of the keeper's errors not told yet, in order."""
        keeper = self.keeper
        if keeper is None:
            return
        with self._told_lock:
            new = keeper.errors[self.errors_shown :]
            self.errors_shown += len(new)
        if self.on_error is not None:
            for text in new:
                self.on_error(as_sentence(text))

    def mark_told(self, count: int) -> None:
        """The keeper's first ``count`` errors were told otherwise (the notes of the start)."""
        with self._told_lock:
            self.errors_shown = max(self.errors_shown, count)

    def _note(self, text: str) -> None:
        if self.on_note is not None:
            self.on_note(text)

    @staticmethod
    def real_session(session: Session) -> LocalSession | None:
        """The session of the match behind ``session`` (not a practice replay of a deal)."""
        real = session.real if isinstance(session, ReplaySession) else session
        return real if isinstance(real, LocalSession) else None

    def _match(self) -> LocalSession:
        if self.session is None:
            raise RuntimeError("the match control has no session yet")
        return self.session

    def match_changes(self, new: Settings) -> list[str]:
        """What in ``new`` differs from the match in play: "the rules", "the opponent"."""
        session = self._match()
        out = []
        if new.rules != session.state.rules:
            out.append("the rules")
        if new.ai != session.opponent_level(new.ai):
            out.append("the opponent")
        return out

    def match_over(self) -> bool:
        """True once the match is over (its result on the screen, or a practice of its last hand)."""
        return self._match().state.over

    def match_started(self) -> bool:
        """True once a move of the match has been made (and it is not over)."""
        state = self._match().state
        return not state.over and (state.hand_no > 1 or bool(state.history) or bool(state.sheet))

    def seeded_deal(self) -> str | None:
        """The seed the player gave, while the match in play is the first one dealt
        from it (None: a match dealt at random, or a later one)."""
        state = self._match().state
        return self.seeded if self.seeded == state.seed and state.match_no == 1 else None

    def on_change(self, state: GameState) -> None:
        """The session's hook: save and record; a new match after this one
        starts with the settings for the next match."""
        keeper = self.keeper
        before = keeper.state if keeper is not None else self.last
        self.last = state
        try:
            new_match = before is not None and before.over and not state.over and state.match_no != before.match_no
            settings = self.next_settings() if new_match and self.next_settings is not None else None
            if settings is not None and self.match_changes(settings):
                self.fresh(settings)
            elif keeper is not None:
                keeper.on_change(state)
        finally:
            if self.on_saved is not None:
                self.on_saved()
            self.show_errors()

    def fresh(self, settings: Settings, seed: str | None = None, first_dealer: int | None = None) -> None:
        """A new match with ``settings`` in the session, kept from its first state:
        dealt from ``seed`` (None: at random), by ``first_dealer`` first (None: as a
        new match is)."""
        from ginrummy_tui.engine import new_game

        from .opponent import LazyOpponent

        session = self._match()
        state = new_game(settings.rules, seed=seed) if first_dealer is None else new_game(
            settings.rules, seed=seed, first_dealer=first_dealer
        )
        opponent = None if session.opponent_level(None) == settings.ai else LazyOpponent(settings.ai, state.seed)
        session.reset(state, opponent)
        self.last = state
        if self.keeper is not None:
            self.keeper.settings.update(settings.play_settings())
            self.keeper.begin(state)

    def start_new_match(self, settings: Settings) -> None:
        """Abandon the match in play (kept in the archive, as with ``--new``) and start one with
        ``settings``: a match dealt from the seed the player gave, with no move made yet, is
        dealt from it again (the same cards, by the same dealer); any other is dealt at random."""
        session = self._match()
        keeper = self.keeper
        seed = self.seeded_deal() if not self.match_started() and not self.match_over() else None
        if keeper is not None and not session.state.over:
            keeper.store.save_finished(session.state, match_id=keeper.match_id, settings=keeper.settings)
        if seed is None:
            self.seeded = None
            self.fresh(settings)
        else:
            self.fresh(settings, seed, session.state.first_dealer)
