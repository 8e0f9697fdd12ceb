"""The keeper: saves the match after every move and records it for the statistics."""

from __future__ import annotations

import contextlib
import errno
import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ginrummy_tui.session.record_queue import RecordQueue, Write
from ginrummy_tui.storage.files import OTHER_FOLDER, new_match_id, way_out
from ginrummy_tui.storage.seen_hands import SeenHands
from ginrummy_tui.storage.store import Store

if TYPE_CHECKING:
    from ginrummy_tui.engine import GameState, PlayerView
    from ginrummy_tui.storage.figures import ReadyFigures
    from ginrummy_tui.storage.history import History, Recorder, SharedHistory
    from ginrummy_tui.storage.store import Remains

log = logging.getLogger(__name__)


FIGURES_DELAY = 0.3
"""Seconds after a recorded hand before the statistics are worked out again
in the background (the screens of the hand's end are drawn first)."""
FLUSH_WAIT = 3.0
"""Seconds the keeper waits at exit for the records still waiting for a busy history database."""
BUSY_NOTE = "The statistics database is busy (another gin-tui?): {what} once it is free."
FREE_NOTE = "The statistics database is free again: what waited for it is recorded."


class _TellsBusy:
    """The notes of a history held by another connection, said through
    ``tell`` (set by the app) when the record queue finds it busy, then free."""

    tell: Callable[[str], None] | None

    def _busy(self, what: str, reason: str) -> None:
        if self.tell is not None:
            self.tell(BUSY_NOTE.format(what=what))

    def _free(self) -> None:
        if self.tell is not None:
            self.tell(FREE_NOTE)


def history_failure(path: Path, exc: Exception) -> str:
    """What the player is told when a write to the history database ``path``
    failed (a full disk, a file that cannot be written): the file and why; that
    the match's hands are written after all once a write works again (each
    record writes every hand of the match not written yet), the hints asked for
    meanwhile not counted; one way out.  Three sentences, so that a toast too
    small for them all cuts the note between two (``note_parts``)."""
    why = str(exc) or type(exc).__name__
    full = (isinstance(exc, OSError) and exc.errno == errno.ENOSPC) or "full" in why  # SQLite: "database or disk is full"
    if full:  # said once: SQLite's own words ("database or disk is full") only repeated it
        return (
            f"your match history {path} could not be written (the disk is full). Its hands are written "
            f"when there is room; the hints asked for meanwhile are not counted. Free some space or {OTHER_FOLDER}"
        )
    way = way_out(path)
    return (
        f"your match history {path} could not be written ({why}). Its hands are written once it can be; "
        f"the hints asked for meanwhile are not counted. {way[:1].upper()}{way[1:]}"
    )


class Keeper(_TellsBusy):
    """Saves and records a match as it is played.

    Give :meth:`on_change` to the session: after every action it records any
    hand or match that just ended (for the statistics), then saves the match.
    When a finished match gives way to a new one (``new match``), the new one
    gets a new id.
    """

    def __init__(
        self,
        store: Store,
        *,
        match_id: str | None = None,
        settings: dict[str, Any] | None = None,
        replay: bool = False,
        ui: Callable[[], dict[str, Any]] | None = None,
        record: bool = True,
        has_save: bool = False,
        keep_finished: bool = False,
    ) -> None:
        self.store = store
        self.keep_finished = keep_finished
        """A finished match stays in the save too, beside its archive (the hosted match: a
        host started again shows its result, and the next match keeps its join code)."""
        self.match_id = match_id or new_match_id()
        self.settings = dict(settings or {})
        self.replay = replay
        self.ui = ui
        self.record = record and store.held is None
        """Hands and matches go to the history: not those of a match that is
        not saved because its slot's save may not be read (:attr:`Store.held`)."""
        self._match_no: int | None = None
        self._number: tuple[str, int] | None = None
        """The match id whose number was worked out, and the number."""
        self.upkeep_done = threading.Event()
        """Clear while :func:`start_history_upkeep` works, set otherwise: the old records
        coming in then change :meth:`match_number`, which is not kept meanwhile."""
        self.upkeep_done.set()
        self._recorder: Recorder | None = None
        self._starting = False
        self._figures: ReadyFigures | None = None
        self.history: SharedHistory | None = None
        """The :class:`~ginrummy_tui.storage.history.SharedHistory` records go to."""
        self.state: GameState | None = None
        self.errors: list[str] = []
        self.failing = store.held is not None
        """True while saves fail (the player has been told: when the slot's
        save may not be read, by the note of :meth:`Store.load`)."""
        self.has_save = has_save
        """A save of this match is on disk: it was resumed from one, or this run wrote one."""
        self.last_ui: dict[str, Any] = {}
        """The screen details written with the last save."""
        self.lost: list[Remains] = []
        """The matches whose saves were damaged and set aside at the start
        (what the files still tell of them): their records are marked
        abandoned with the history's upkeep."""
        self.opponent_name: Callable[[], str | None] | None = None
        """The other player's name, when a person plays the other seat (the
        host's guest), for the match's record."""
        self.tell: Callable[[str], None] | None = None
        """Called, from any thread, with a note for the player when the
        history database is found busy and when it is free again."""
        self.writes = RecordQueue(on_busy=self._busy, on_free=self._free, on_error=self._record_failed)
        """The records, made in order without the game ever waiting for the database."""
        self.unwritten = False
        """Records were left unwritten at exit (:meth:`finish_records`)."""
        self.given_up = False
        """The practice deal kept here (:attr:`replay`) was quit on purpose, the player told
        that it is not taken up again: at exit its record is marked abandoned and its save
        removed (:meth:`leave_finished`), where it stayed for the next practice to set it
        aside in ``archive/`` and say so."""
        self.unrecorded: dict[str, str] = {}
        """The matches (by id) whose last record failed for another reason than a
        busy database (a full disk, a history that cannot be used), with the
        reason, until a record of theirs is written: a finished one stays in
        the slot meanwhile (:meth:`leave_finished`)."""
        self.finished_saved = False
        """The slot holds the finished match as it ended (its last save worked)."""
        self.archived = False
        """The finished match is in the archive (its copy there was written)."""
        self.result_unseen = False
        """The app was closed by a signal of the terminal gone or of another
        ``gin-tui`` (SIGHUP, SIGTERM), not by the player: a finished match's
        result may never have reached them, and it stays in the slot
        (:meth:`leave_finished`), shown again at the next start."""
        self.mended: set[int] = set()
        """The places in :attr:`errors` of what no longer holds: saves failed, then worked again."""
        self._save_error: int | None = None
        """The place in :attr:`errors` of the failing saves' error, while they fail."""
        self._unrecorded_said = False
        self._history_error: int | None = None
        """The place in :attr:`errors` of the note that the history cannot be written
        (a full disk), while its writes fail: said once until one works again."""
        self._errors_lock = threading.Lock()
        self.on_errors: Callable[[], None] | None = None
        """Called, from any thread, once errors were added to :attr:`errors`
        (the history's writes found it damaged, or failed), so that they are
        told when found, not at the next move."""

    def shared_history(self):
        """The history database of this data directory (opened when first used)."""
        if self.history is None:
            from ginrummy_tui.storage.history import SharedHistory

            self.history = SharedHistory(self.store.root)
        return self.history

    @property
    def figures(self) -> ReadyFigures:
        """The statistics screen's figures, kept ready (see :mod:`ginrummy_tui.storage.figures`)."""
        if self._figures is None:
            from ginrummy_tui.storage.figures import ReadyFigures

            self._figures = ReadyFigures(self.shared_history())
        return self._figures

    def close_history(self) -> None:
        """Close the history database (and the figures' connection), once
        the writes asked for are made (:data:`FLUSH_WAIT` seconds at most:
        the first of them opens it, in the writes' thread; at exit
        :meth:`finish_records` has made them already)."""
        self.writes.settle(FLUSH_WAIT)
        if self._figures is not None:
            self._figures.close()
        if self.history is not None:
            self.history.close()

    def match_number(self) -> int | None:
        """The number of the match kept among the player's matches, from the
        history (:meth:`~ginrummy_tui.storage.history.History.match_number`),
        worked out once a match, so that every screen numbers it alike; None
        when it is not counted there (not recorded, a replayed deal) or there
        is no history yet."""
        if not self.record or self.replay:
            return None
        if self._number is not None and self._number[0] == self.match_id:
            return self._number[1]
        settled = self.upkeep_done.is_set()  # asked before the old records are all in: not kept
        try:
            hist = self.read_history()
            if hist is None:
                return None
            number = hist.match_number(self.match_id)
        except Exception:  # the statistics never stop the game
            return None
        if settled:
            self._number = (self.match_id, number)
        return number

    def read_history(self) -> History | None:
        """The history, to read from it in the app's thread: opened if it is
        not yet, but never waiting for it (None while another connection
        holds it, or another thread opens it), nor made if there is none."""
        from ginrummy_tui.storage.history import Busy

        try:
            return self.shared_history().get(create=False, wait=False, opening_wait=0.0)
        except Busy:
            return None

    def recorded_moves(self) -> dict[int, list[dict[str, Any]] | None] | str:
        """The moves the history keeps of each hand of the match kept (by hand number: see
        :meth:`~ginrummy_tui.storage.history.History.hand_moves`), read in the app's thread
        without waiting; or why they cannot be read, in a sentence (after "Hand 3: ")."""
        from ginrummy_tui.storage.history import Damaged

        from .past_hands import NOT_RECORDED

        if not self.record:
            return NOT_RECORDED
        hist = self.read_history()
        if hist is None:
            unusable = self.shared_history().unusable
            if unusable is not None:  # not a moment's wait: the history cannot be opened at all
                return f"Its moves would be in your history, which cannot be used ({unusable})."
            return "Its moves are in your history, which cannot be read now (another gin-tui may be writing to it): try again in a moment."
        try:
            return hist.hand_moves(self.match_id)
        except Damaged as exc:
            return f"Its moves are in your history, which cannot be read ({exc})."
        except Exception as exc:  # the history never stops the game
            return f"Its moves are in your history, which cannot be read now ({exc})."

    def _recorder_for(self, match: tuple[str, str, bool], name: str | None) -> Recorder | None:
        """The recorder of the match ``(id, opponent, replay)`` (run by the
        writes, in order: the keeper may have gone on to another match since
        the write was asked for).  Raises ``Busy`` while another connection
        holds the database, as a write does, without waiting for it."""
        shared = self.shared_history()
        hist = shared.get(wait=False)
        self._add_errors(shared.take_messages())
        if hist is None:
            return None
        match_id, opponent, replay = match
        recorder = self._recorder
        if recorder is None or recorder.history is not hist or recorder.match_id != match_id:
            recorder = hist.recorder(match_id, opponent=opponent, replay=replay)
            self._recorder = recorder
        if self.opponent_name is not None:  # as it is when the record is first written
            recorder.opponent_name = name
        return recorder

    def _match(self) -> tuple[str, str, bool]:
        """The match being kept, as its records name it: id, opponent, practice replay."""
        return self.match_id, str(self.settings.get("ai", "standard")), self.replay

    def _write(
        self,
        what: str,
        write: Callable[[Recorder], bool],
        key: tuple | None = None,
        now: bool = True,
    ) -> None:
        """Record with ``write`` (given the match's recorder; True if it wrote
        something), now if the database is open and free, else once it is
        (``now=False``: in the writes' thread in any case).  The database is
        opened by the writes' thread, at the first write: never in the
        asking thread (the app's), where opening one that another connection
        holds could wait."""
        match = self._match()  # as it is now: the keeper may go on to another match before it is written
        name = self.opponent_name() if self.opponent_name is not None else None

        keeps = key is not None and key[0] == "observe"  # the match's record itself, not a hint

        def attempt() -> tuple[Recorder | None, bool]:
            recorder = self._recorder_for(match, name)
            return recorder, recorder is not None and write(recorder)

        def run() -> None:
            from ginrummy_tui.storage.history import Busy, Damaged, Newer

            try:
                try:
                    recorder, wrote = attempt()
                except Damaged as bad:
                    if isinstance(bad, Newer):
                        raise
                    told = self._set_aside_damaged(bad)  # and a new history, with what could be read of it
                    try:
                        recorder, wrote = attempt()  # into the new one: the match's hands so far with it
                    except BaseException:
                        self._add_errors(told)
                        raise
                    if told and recorder is not None:
                        told[-1] += f" {RECORDED_ON}"
                    self._add_errors(told)
            except Busy:
                raise
            except Exception as exc:
                if not keeps:
                    raise  # said by the queue's on_error
                self._not_recorded(match[0], exc)
                return
            if wrote:
                self._history_works()
            if keeps:
                if recorder is None:  # the history cannot be used: said by its messages
                    self.unrecorded[match[0]] = self.shared_history().unusable or "the history database cannot be used"
                else:
                    self._recorded(match[0])
            if wrote:
                self._figures_changed()

        self.writes.submit(Write(what, run, key), now and self.shared_history().opened() is not None)

    def finish_records(self, timeout: float = FLUSH_WAIT) -> None:
        """At exit: wait up to ``timeout`` seconds for the records still
        waiting for a busy database; what could not be written is said in
        :attr:`errors`, with what keeps it.  The record of a finished match
        that failed (a full disk) is tried once more first: space may have
        been freed since."""
        state = self.state
        if self.record and state is not None and state.over and self.match_id in self.unrecorded:
            self.catch_up(state)
        reason = self.writes.busy
        left = self.writes.flush(timeout)
        hints = sum("hint" in what for what in left)
        # the hints asked for are only counted; a second call (the signal's watchdog
        # closing too) finds the writes stopped, nothing left: what the first found stands
        self.unwritten = self.unwritten or len(left) > hints
        if not left:
            failed = self.unrecorded.get(self.match_id)
            if failed is not None and state is not None and state.over and not self._unrecorded_said:
                self._unrecorded_said = True
                from ginrummy_tui.storage.history import db_path

                where = db_path(self.store.root)
                self._add_errors([f"statistics not recorded in {where} ({failed}); {self._finished_kept()}"])
            return
        said: list[str] = []
        if len(left) > hints:  # a hand, the match's end, a match given up
            if self.state is not None and self.state.over:
                said.append(self._finished_kept())
            else:
                said.append("the match's save keeps its hands: they are recorded when it is resumed")
        if hints:
            said.append("the hint asked for is not counted" if hints == 1 else f"the {hints} hints asked for are not counted")
        self.errors.append(
            f"statistics not recorded: the history database stayed busy ({reason or 'database is locked'}) "
            f"until gin-tui closed; {'; '.join(said)}"
        )

    def _finished_kept(self) -> str:
        """Where the finished match whose record is not written is kept, for the line said at exit."""
        if not self.finished_saved:  # its last save failed too: the slot has what it had
            if self.has_save:
                return "only an earlier point of the match is saved: its hands since are not recorded"
            return "nothing of the match is saved"
        archive = f" (and {self.store.archive_dir / (self.match_id + '.json')})" if self.archived else ""
        return (
            f"the finished match stays in {self.store.path.name}{archive}: "
            "its last hands and result are recorded when gin-tui next starts"
        )

    def recorded(self) -> bool:
        """Whether the kept match's record is written, as far as it is known
        (at exit, after :meth:`finish_records`: all of it)."""
        return self.record and not self.unwritten and self.match_id not in self.unrecorded

    def _follow(self, state: GameState) -> None:
        """A new match after a finished one (``new match``) gets a new id, so
        that its record and its archive are its own, whether it is recorded or not.
        A finished match whose record failed (a full disk) leaves the slot for
        ``finished-<match id>.json`` first, where the next start's upkeep records it."""
        if self._match_no is not None and self._match_no != state.match_no:
            if self.match_id in self.unrecorded and self.finished_saved:
                self.store.set_aside_finished_id(self.match_id)
            self.match_id = new_match_id()
            self.finished_saved = self.archived = False
        self._match_no = state.match_no

    def hold(self, state: GameState) -> None:
        """Keep ``state`` as the match's state without saving it yet: ``gin-tui``
        saves it (:meth:`start`) once the table is on the screen, and
        :meth:`flush` at exit saves it in any case."""
        self.state = state

    def start(self, state: GameState) -> None:
        """Save the first state of a match (new or resumed), and bring its
        record up to date from it first: a ``gin-tui`` killed while the
        history database was busy left the hands that ended then (and a
        finished match's result) in the save alone.  The record is written by
        the writes' thread (:meth:`catch_up`), never the app's: opening a
        database another connection holds could wait."""
        self.catch_up(state)
        self._starting = True
        try:
            self.on_change(state)
        finally:
            self._starting = False

    def catch_up(self, state: GameState) -> None:
        """Record what of ``state`` ended (its hands, a finished match's result)
        and is not in the history yet, in the writes' thread: the hands
        recorded already are known by their numbers and not written twice.
        Nothing for a match of which nothing ended (the database is not opened for it)."""
        if not self.record or not (state.sheet or state.over):
            return
        what = "the end of this match will be recorded" if state.over else "the hands of this match will be recorded"
        self._write(
            what, lambda recorder: recorder.observe(state, wait=False), ("observe", self.match_id), now=False
        )

    def begin(self, state: GameState) -> None:
        """A new match replaces the one being kept (which is marked abandoned
        if it was not finished): a new id, a new record, saved at once."""
        self.abandon()
        self.match_id = new_match_id()
        self.has_save = False
        self._match_no = None
        self.replay = False
        self.on_change(state)

    def on_change(self, state: GameState) -> None:
        """Record and save ``state``; never raises (failures go to :attr:`errors`)."""
        self.state = state
        self._follow(state)
        if self.record and not self._starting:
            what = "the end of this match will be recorded" if state.over else "this hand will be recorded"
            self._write(what, lambda recorder: recorder.observe(state, wait=False), ("observe", self.match_id))
        ui = self._ui()
        if state.over:
            # kept in the archive, and in the slot too until gin-tui closes: a
            # gin-tui killed before then resumes it where it stood (the result
            # to see, the record to write if it could not be)
            self.archived = (
                self.store.save_finished(state, match_id=self.match_id, settings=self.settings, replay=self.replay)
                is not None
            )
        saved = self.store.save(state, match_id=self.match_id, settings=self.settings, ui=ui, replay=self.replay)
        self.finished_saved = state.over and saved
        self._saved(saved)

    def _saved(self, saved: bool) -> None:
        """After a save of the match: a failure is said once, until saving
        works again; once it works, what was said of it no longer holds."""
        if not saved and not self.failing:  # said once, until saving works again
            kept = "The last save stands" if self.has_save else "Nothing of it is saved"
            self._save_error = self._add_errors(  # two sentences: a note cut in parts is cut between them
                [f"the match could not be saved: {self.store.last_error}. {kept} until saving works again"]
            )
        if saved and self._save_error is not None:
            self.mended.add(self._save_error)
            self._save_error = None
        self.failing = not saved
        self.has_save = self.has_save or saved

    def standing_errors(self) -> list[str]:
        """:attr:`errors` but those that no longer hold (saves failed, then worked again)."""
        return [error for n, error in enumerate(self.errors) if n not in self.mended]

    def _add_errors(self, errors: list[str]) -> int:
        """Add ``errors`` (from any thread) and say that there are new ones;
        the place in :attr:`errors` of the first."""
        with self._errors_lock:
            first = len(self.errors)
            self.errors.extend(errors)
        if errors and self.on_errors is not None:
            with contextlib.suppress(Exception):
                self.on_errors()
        return first

    def _figures_changed(self) -> None:
        """Something was recorded: if the figures are kept ready (the app
        asks for them once it is up), work them out again in the background,
        so that F3 finds them ready."""
        if self._figures is not None:
            self._figures.refresh_soon(FIGURES_DELAY)

    def _not_recorded(self, match_id: str, exc: Exception) -> None:
        """A record of the match ``match_id`` failed (not for a busy database):
        said once, until one of its records is written (then it no longer holds)."""
        from ginrummy_tui.storage.history import Damaged

        self.unrecorded[match_id] = str(exc)
        if isinstance(exc, Damaged):  # set aside: the next record goes to a new database
            self._record_failed(exc)
        else:
            self._history_failed(exc)

    def _recorded(self, match_id: str) -> None:
        """A record of the match ``match_id`` was written: all of it so far."""
        self.unrecorded.pop(match_id, None)

    def _history_failed(self, exc: Exception) -> None:
        """A write to the history failed (not for a busy database, nor a damaged
        one): said once while its writes fail, naming the file, what becomes of
        what was not written and a way out (:func:`history_failure`)."""
        if self._history_error is not None:  # the writes run one after another, in the writes' thread
            return
        from ginrummy_tui.storage.history import db_path

        self._history_error = self._add_errors([history_failure(db_path(self.store.root), exc)])

    def _history_works(self) -> None:
        """A write to the history worked: what was said of its failing no longer holds."""
        told, self._history_error = self._history_error, None
        if told is not None:
            self.mended.add(told)

    def _set_aside_damaged(self, bad: Exception) -> list[str]:
        """The history was found damaged as it was written: set it aside (a
        new one started with what can still be read of it, and what
        ``archive/`` keeps besides); what to tell the player, not told yet."""
        shared = self.shared_history()
        shared.replace_damaged(str(bad))
        self._recorder = None
        return shared.take_messages()

    def _record_failed(self, exc: Exception) -> None:
        from ginrummy_tui.storage.history import Damaged

        if isinstance(exc, Damaged) and self.history is not None:
            self.history.replace_damaged(str(exc))
            self._add_errors(self.history.take_messages())
            self._recorder = None
        else:
            self._history_failed(exc)

    def _ui(self) -> dict[str, Any]:
        """The app's screen details now, or the last ones known (the app may be gone)."""
        if self.ui is not None:
            try:
                got = dict(self.ui())
            except Exception:  # saved with the last details known: logged, the game going on
                log.exception("could not read the screen details to save with the match")
                got = {}
            if got:
                self.last_ui = got
        return self.last_ui

    def ui_changed(self) -> bool:
        """Save again if the screen details changed since the last save (the
        player sorted or moved cards); True if it saved."""
        if self.state is None or (self.state.over and not self.keep_finished) or self.ui is None:
            return False
        before = self.last_ui
        if self._ui() == before:
            return False
        saved = self.store.save(
            self.state, match_id=self.match_id, settings=self.settings, ui=self.last_ui, replay=self.replay
        )
        if saved:  # saving works again, if it failed
            self._saved(True)
        return saved

    def add_hint(self) -> None:
        """Count a hint used in this match (for the statistics)."""
        if self.record and not self.replay and self.state is not None:
            state = self.state

            def count(recorder: Recorder) -> bool:
                recorder.add_hint(state, wait=False)
                return True

            self._write("this hint will be counted", count, now=False)  # the app shows the hint at once

    def give_up_practice(self) -> None:
        """The player quits the practice deal kept here on purpose (``q``), told that it is
        not taken up again: its record is marked abandoned now, as the next practice did
        when it found the deal in its slot, and the save leaves the slot at exit
        (:meth:`leave_finished`).  Nothing for a match of the player's own."""
        if not self.replay or self.state is None or self.state.over or self.store.held is not None:
            return
        self.given_up = True
        self.abandon()

    def abandon(self) -> None:
        """The unfinished match is given up (a new match replaces it)."""
        if self.record and self.state is not None:
            state = self.state

            def abandon(recorder: Recorder) -> bool:
                recorder.abandon(state, wait=False)
                return True

            self._write("the match given up will be marked abandoned", abandon)

    def flush(self) -> None:
        """Write the last state again (at exit: it is already saved, this is
        belt and braces; or it could not be, and saving may work again: what
        is said at exit is what this save did).  A finished match is written
        again only where its last save failed (the slot's, the archive's)."""
        state = self.state
        if state is None:
            return
        if state.over and not self.keep_finished:
            if not self.archived:
                self.archived = (
                    self.store.save_finished(state, match_id=self.match_id, settings=self.settings, replay=self.replay)
                    is not None
                )
            if self.finished_saved:
                return
        saved = self.store.save(state, match_id=self.match_id, settings=self.settings, ui=self._ui(), replay=self.replay)
        if state.over:
            self.finished_saved = saved
        self._saved(saved)

    def retry_save(self) -> bool:
        """While saves fail, save the match once more (room may have been made
        on the disk since the last move); True if it is saved now."""
        if self.failing and self.store.held is None:
            self.flush()
        return not self.failing

    def leave_finished(self) -> None:
        """At exit, after :meth:`finish_records`: a finished match leaves the
        slot (it is kept in the archive), once its record is written; while it
        is not (the history database stayed busy, or its write failed: a full
        disk), the save stays for the next start to write it; and so it does
        while its result may not have been seen (:attr:`result_unseen`), for
        the next start to show it.  A practice deal quit on purpose (:meth:`give_up_practice`)
        leaves it too, once its record is marked abandoned: kept, it was set aside by the next
        practice, which said so, though the player had been told it is not taken up again."""
        if self.given_up and self.state is not None and not self.state.over:
            # a practice deal quit on purpose: nothing to take up, once its record says it was given up
            if not self.writes.pending() and not self.unwritten and self.match_id not in self.unrecorded:
                self.store.remove()
            return
        if self.keep_finished or self.result_unseen:  # its result shown again at the next start
            return
        if self.state is None or not self.state.over or self.writes.pending():
            return
        if not self.unwritten and self.match_id not in self.unrecorded:
            self.store.remove()


class SeatRecords(_TellsBusy):
    """Records, in the history of the data directory ``root``, each match a
    seat of a hosted match sees finished, from that seat's side: the guest's
    (``gin-tui join``), who holds no game state, only the host's views (the
    host records its own side with its :class:`Keeper`).  A match is recorded
    once, under the host's id for it (again, after a rejoin or in another
    ``gin-tui join``, it is already there); one that never finishes (the host
    gave it up for a new one) is not recorded.  Each hand the seat sees end
    is recorded with its moves, both hands and melds and layoffs, as the host
    records it; one it did not see end (it was away), with its score-sheet row
    alone.  Never raises: what went wrong is in :attr:`errors`."""

    def __init__(self, root, *, opponent: str) -> None:
        from ginrummy_tui.storage.history import SharedHistory

        self.history = SharedHistory(root)
        self.opponent = opponent
        self.errors: list[str] = []
        self._seen: dict[str, str] = {}
        """When each match started: as the host says, else when this seat first saw it."""
        self._host_hints: dict[str, int] = {}
        """The hints this seat was shown in each match, as the host counts them."""
        self._ended: dict[str, dict[int, dict[str, Any]]] = {}
        """The hands this seat saw end in each match not recorded yet, by number (also
        in an earlier run from this data directory: :attr:`seen_hands`)."""
        self.seen_hands = SeenHands(None if root is None else Path(root))
        """Where the hands this seat saw end are kept as it goes, for a run started again."""
        self._done: set[str] = set()
        self._names: dict[str, str] = {}
        """The other player's name in each match, as the host says it."""
        self._kept_left: dict[str, dict[str, Any] | None] = {}
        """The record of each match as one left unfinished, last kept in :attr:`seen_hands`."""
        self._left_written: set[str] = set()
        """The matches this seat's player left before (in an earlier run from this data directory)
        and came back to: their record as one left is in the history, carried on as the match goes."""
        self.tell: Callable[[str], None] | None = None
        """Called, from any thread, with a note for the player when the
        history database is found busy and when it is free again (the notes
        of :attr:`Keeper.tell`)."""
        self.writes = RecordQueue(on_busy=self._busy, on_free=self._free, on_error=self._failed)
        """The records, made without waiting for a busy database (the app's
        event loop makes them: it never waits for another gin-tui's write)."""

    def observe(self, v: PlayerView, match_id: str | None, *, started: str | None = None,
                hints: int | None = None, opponent_name: str | None = None,
                played: list[list[str] | None] | None = None, name: str | None = None,
                handover: tuple[int, str] | None = None) -> bool:
        """Take note of the host's view ``v`` of match ``match_id`` (and, from a host
        that says them, when the match started and the hints this seat's player was
        shown in it: the whole match's, also those of an earlier ``gin-tui join``; the
        other player's name; who held each seat as each hand of the score sheet ended,
        ``played``, and this seat's player's ``name`` as the host says it; ``handover``: this
        player took the seat during the hand of ``v``, ``(moves made before, who made this seat's)``,
        which the hand's record keeps as ``taken_at``); once the
        match is over, record it (once), from the hands this player played: a match
        whose last hand was another player's at this seat (a player who took the
        seat on the result, or one who left it and came back to its result) is not
        recorded, one taken over during the match from its
        first hand played by this player (:func:`~ginrummy_tui.storage.history_records.seat_record`'s
        ``taken_over``).  True if it was written now."""
        from ginrummy_tui.engine.kinds import Phase
        from ginrummy_tui.storage.files import now_iso
        from ginrummy_tui.storage.history_records import ended_hand

        if match_id is None or match_id in self._done:
            return False
        if started is not None:
            self._seen[match_id] = started
        self._seen.setdefault(match_id, now_iso())
        if hints is not None:
            self._host_hints[match_id] = hints
        if opponent_name:
            self._names[match_id] = opponent_name
        seen = self._ended.get(match_id)
        if seen is None:  # the hands seen end before this run, if it was started again
            seen = self._ended[match_id] = self.seen_hands.load(match_id, v.seat)
            kept = self.seen_hands.load_left(match_id)
            if kept is not None and kept[0] == v.seat and kept[2]:  # left before, and recorded so: come back to
                self._left_written.add(match_id)
        entry = ended_hand(v)
        if entry is not None and handover is not None:  # the moves before were another player's
            entry["taken_at"] = {"move": handover[0], "from": handover[1]}
        changed = False
        if entry is not None and seen.get(v.hand_no) != entry:
            seen[v.hand_no] = entry
            changed = True
        if v.phase != Phase.MATCH_OVER:
            left = self._left_record(v, match_id, played=played, name=name)
            written = match_id in self._left_written
            if _untimed(left) != _untimed(self._kept_left.get(match_id)):  # kept for a killed run's next one
                self._kept_left[match_id] = left
                changed = True
                if written and left is not None:  # recorded as left before: that record is carried on
                    self._submit(left)
            if changed:
                self.seen_hands.keep(match_id, v.seat, seen, left=left, recorded=written)
            return False
        if changed:
            self.seen_hands.keep(match_id, v.seat, seen)
        self._done.add(match_id)
        taken_over = None
        if played is not None and name and len(played) == len(v.sheet):
            mine = [names is None or names[v.seat] == name for names in played]
            if not mine[-1]:  # another player at this seat finished it: not this player's finish
                self._ended.pop(match_id, None)  # (one who left it before has it recorded as left)
                return False
            first = mine.index(True)
            before = played[first - 1] if first else None
            if before is not None:
                taken_over = (v.sheet[first].hand_no, before[v.seat])
        return self._record(v, match_id, taken_over)

    def leave(self, v: PlayerView, match_id: str | None, *, played: list[list[str] | None] | None = None,
              name: str | None = None) -> bool:
        """This player leaves the match of the host's last view ``v`` before it is over (quits,
        or another player took the seat while they were away): record it, once, as one
        they left unfinished (:data:`~ginrummy_tui.storage.history.LEFT`), with the hands
        they played (by ``played`` and ``name``, as :meth:`observe` takes them) and the
        score when they left; nothing when they played no hand of it to its end.  A match
        they come back to and finish is recorded again over it.  True if it was written now."""
        if match_id is None or match_id in self._done:
            return False
        record = self._left_record(v, match_id, played=played, name=name)
        if record is None:
            return False
        self._done.add(match_id)
        ended = self._ended.pop(match_id, None) or {}
        self.seen_hands.keep(match_id, v.seat, ended, left=record, recorded=True)  # not written again from there
        return self._submit(record)

    def forget(self, match_id: str | None, seat: int | None) -> bool:
        """The host gave match ``match_id`` up for a new one (``--new``) while this player, at
        ``seat``, was back at it: it counts not at all on their side, as a match the host gives up
        does, so the record of it as one they left before, carried on since they came back, is
        removed (queued after the writes before it).  Nothing more is recorded of it.  True if
        there was such a record to remove."""
        if match_id is None or match_id in self._done:
            return False
        self._done.add(match_id)
        self._ended.pop(match_id, None)
        if match_id not in self._left_written:
            return False
        self._left_written.discard(match_id)
        if seat is not None:
            self.seen_hands.keep(match_id, seat, {})  # nothing left to record of it from there
        self.writes.submit(Write("the match given up will be left out of the statistics",
                                 lambda: self._forget(match_id)), self.history.opened() is not None)
        return True

    def _forget(self, match_id: str) -> None:
        """Remove the record of ``match_id`` as one left, without waiting (``Busy``: tried again by
        :attr:`writes`)."""
        hist = self.history.get(create=False, wait=False)
        self._told()
        if hist is not None:
            hist.forget_left(match_id, wait=False)

    def leave_kept(self, match_id: str | None) -> dict[str, Any] | None:
        """Another player took the seat of match ``match_id`` while this one was away, and
        this run (a ``gin-tui join`` the host refused) has no view of it: record it as one
        they left unfinished as the data directory kept it (:meth:`observe` keeps it as it
        goes), unless it was written already.  The record (written now or before), or None
        when none is kept: they played no hand of it to its end."""
        if match_id is None:
            return None
        kept = self.seen_hands.load_left(match_id)
        if kept is None:
            return None
        seat, record, recorded = kept
        if not recorded and match_id not in self._done:
            self._done.add(match_id)
            self.seen_hands.keep(match_id, seat, self.seen_hands.load(match_id, seat), left=record, recorded=True)
            self._submit(record)
        return record

    def _left_record(self, v: PlayerView, match_id: str, *, played: list[list[str] | None] | None = None,
                     name: str | None = None) -> dict[str, Any] | None:
        """The record of the match of ``v`` as one this player left unfinished now (:meth:`leave`);
        None when it is over, or no hand of it played to its end was theirs."""
        from ginrummy_tui.engine.kinds import Phase
        from ginrummy_tui.storage.history_records import left_record, seat_record

        if v.phase == Phase.MATCH_OVER or not v.sheet:
            return None
        mine = [True] * len(v.sheet)
        if played is not None and name and len(played) == len(v.sheet):
            mine = [names is None or names[v.seat] == name for names in played]
        if not any(mine):  # no hand of it was this player's
            return None
        first = mine.index(True)
        before = played[first - 1] if first and played is not None else None
        taken_over = (v.sheet[first].hand_no, before[v.seat]) if before is not None else None
        record = seat_record(
            v, match_id, opponent=self.opponent, started=self._seen.get(match_id),
            hints=self._host_hints.get(match_id, 0), ended=self._ended.get(match_id),
            opponent_name=self._names.get(match_id), taken_over=taken_over,
        )
        return left_record(record, v.hand_no if v.phase.playing else v.hand_no + 1)

    def read_history(self) -> History | None:
        """The history, to read from it on the app's loop: opened if it is not yet, but never
        waiting for it (None while another connection holds it), nor made if there is none."""
        from ginrummy_tui.storage.history import Busy

        try:
            return self.history.get(create=False, wait=False, opening_wait=0.0)
        except Busy:
            return None

    def _record(self, v: PlayerView, match_id: str, taken_over: tuple[int, str] | None = None) -> bool:
        from ginrummy_tui.storage.history_records import seat_record

        record = seat_record(
            v, match_id, opponent=self.opponent, started=self._seen.get(match_id),
            hints=self._host_hints.get(match_id, 0), ended=self._ended.pop(match_id, None),
            opponent_name=self._names.get(match_id), taken_over=taken_over,
        )
        return self._submit(record)

    def _submit(self, record: dict[str, Any]) -> bool:
        written: list[bool] = []
        write = Write("the match will be recorded", lambda: written.append(self._add(record)))
        self.writes.submit(write, self.history.opened() is not None)  # opened by the writes' thread
        return bool(written) and written[-1]

    def _add(self, record: dict[str, Any]) -> bool:
        """Write ``record`` without waiting, opening the database first if it
        is not open yet (``Busy``: tried again by :attr:`writes`)."""
        from ginrummy_tui.storage.history import Damaged

        for _ in range(2):  # a damaged database is set aside and the record goes to a new one
            hist = self.history.get(wait=False)
            self._told()
            if hist is None:
                return False
            try:
                return hist.add_record(record, wait=False)
            except Damaged as bad:
                self.history.replace_damaged(str(bad))
                self._told()
        return False

    def _told(self) -> None:
        """Take the history's messages into :attr:`errors`, worded as they are
        said there: after "gin-tui join: ", lower-case."""
        self.errors.extend(text[:1].lower() + text[1:] for text in self.history.take_messages())

    def _failed(self, exc: Exception) -> None:
        self.errors.append(f"statistics not recorded: {exc}")

    def close(self, timeout: float = FLUSH_WAIT) -> None:
        """Write the records still waiting for a busy database (for ``timeout``
        seconds at most: what could not be written is said in :attr:`errors`),
        then close the history database."""
        reason = self.writes.busy
        left = self.writes.flush(timeout)
        if left:
            matches = "the match seen finished is" if len(left) == 1 else f"the {len(left)} matches seen finished are"
            self.errors.append(
                f"statistics not recorded: the history database stayed busy ({reason or 'database is locked'}) "
                f"until gin-tui closed; {matches} not in the statistics"
            )
        self.history.close()


RECORDED_ON = "Your match goes on being recorded in the new history, with its hands so far."
"""Said after a history found damaged during the match was set aside and the
match's record written to the new one."""


def _untimed(record: dict[str, Any] | None) -> dict[str, Any] | None:
    """``record`` without the times it was made at (two made of the same view are alike)."""
    if record is None:
        return None
    return {key: value for key, value in record.items() if key not in ("updated", "ended")}


def start_history_upkeep(
    keeper: Keeper, tell: Callable[[str], None], then: Callable[[], None] | None = None
) -> threading.Thread | None:
    """In a thread, on one connection: check the history database, mark the
    records of the matches just given up for a new one (``--new``) or whose
    saves were damaged (:attr:`Keeper.lost`) abandoned
    and import the JSON records of earlier versions, then work out the
    statistics on it (so that F3 finds them ready); ``tell`` (called from that
    thread) says what happened; ``then`` is called last, in that thread.  None
    when this match is not recorded."""
    if not keeper.record:
        return None

    def work() -> None:
        from ginrummy_tui.storage.history_upkeep import upkeep

        try:
            for message in upkeep(keeper.shared_history(), keeper.figures.adopt, keeper.lost):
                with contextlib.suppress(Exception):
                    tell(message)
        finally:
            keeper.upkeep_done.set()
        with contextlib.suppress(Exception):  # F3 works them out itself, and reports what is wrong
            keeper.figures.get()  # ready for F3, on the upkeep's connection
        if then is not None:
            with contextlib.suppress(Exception):
                then()

    keeper.upkeep_done.clear()
    thread = threading.Thread(target=work, name="gin-tui history upkeep", daemon=True)
    thread.start()
    return thread
