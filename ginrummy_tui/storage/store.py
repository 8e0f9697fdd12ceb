"""Saving and loading the match in progress.

Everything lives in one data directory (:func:`data_dir`): the platform's
user data directory for ``gin-tui``, or ``--data-dir`` / ``GIN_TUI_HOME``.

``current.json``
    The unfinished match, rewritten after every action.  A versioned JSON
    object wrapping the engine's :func:`~ginrummy_tui.engine.state_to_dict`
    and the settings in use (opponent level, ...).
    A finished match stays in it (and in ``archive/``) until ``gin-tui``
    closes with its record written: one killed before then is resumed on its
    last hand's end, its result to see and its record to write.
``current.json.lock``
    Held (``flock``) by the process playing that match; it holds the owner's
    pid, so a second ``gin-tui`` can say who has the match open.  A lock
    left behind by a dead process is stale and simply taken over.
``.current.json.lock``
    The same file under a second name (a hard link), where the lock is still
    found when ``current.json.lock`` is removed by hand (:attr:`Lock.guard`).
``archive/<match id>.json``
    Finished matches, and unfinished ones given up for a new match (``--new``),
    in the same format; they are never resumed.
``abandoned-<match id>.json``
    An unfinished match just given up for a new one, until its record is
    marked abandoned (after the first frame, or at the next start).
``history.sqlite3``
    The record of every match, for the statistics (see
    :mod:`ginrummy_tui.storage.history`).
``*.damaged-<time>``
    A save that could not be trusted, moved aside (never deleted).

Writes are atomic (:func:`atomic_write_text`): a temporary file in the same
directory, flushed and fsynced, renamed over the old file, then the directory
fsynced; a crash or ``kill -9`` at any moment leaves either the old or the
new file, whole.  Loading (:func:`read_save`) never raises: it gives a
:class:`SavedMatch` or a :class:`LoadError` that says plainly what was wrong.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .files import (
    NotAFile,
    _fsync_dir,
    atomic_write_text,
    ensure_dir,
    format_version,
    good_match_id,
    is_link_refusal,
    json_error_words,
    move_aside,
    new_match_id,
    now_iso,
    read_regular,
    shown_value,
)
from .lock import Lock

if TYPE_CHECKING:
    from ginrummy_tui.engine import GameState, PlayerView


def player_moved(state: GameState) -> bool:
    """The player (seat 0) has made a move in this match: a hand of it ended,
    or one of the moves of this hand is theirs (here, not in the history, so
    that a start asking about it loads no database code before the first frame)."""
    return bool(state.sheet) or any(move.seat == 0 for move in state.history)


SAVE_FORMAT = "gin-tui save"
"""The ``format`` field of every save file."""
SAVE_VERSION = 1
"""The save format this program writes; it reads this version and older ones."""
SAVE_NAME = "current.json"
ARCHIVE_DIR = "archive"
HISTORY_DIR = "history"
SEPARATE_PREFIX = "separate-"
"""A second match, played while the first was open in another ``gin-tui``, is
saved as ``separate-N.json``; it is taken up once the main slot is free."""
ABANDONED_PREFIX = "abandoned-"
"""An unfinished match given up for a new one waits as ``abandoned-<match id>.json``
until its record is marked abandoned; then it goes to ``archive/``."""
FINISHED_PREFIX = "finished-"
"""A finished match found in the slot when a new one is asked for (``--new``) waits as
``finished-<match id>.json`` until its record is written; then it goes to ``archive/``."""
MAX_SAVE_BYTES = 4 * 1024 * 1024
"""A save is a few kilobytes; anything far bigger is not one of ours."""


# ---------------------------------------------------------------- places


# ---------------------------------------------------------------- atomic writes


# ---------------------------------------------------------------- the save file


@dataclass(frozen=True)
class SavedMatch:
    """A save that was read and checked: the state can be played on."""

    state: GameState
    match_id: str
    settings: dict[str, Any]
    """The settings in use when it was saved (``ai``, ``pause``, ...)."""
    ui: dict[str, Any]
    """What the app chose to remember of its screen (card order, ...)."""
    replay: bool
    """A replayed deal: its result does not count toward the statistics."""
    saved_at: str
    path: Path | None = None
    notes: tuple[str, ...] = ()
    """What could not be read of it and is done without, for the player."""


def unreadable_ui(path: Path, what: str = "the order of your cards") -> str:
    """What the player is told of a save (``path``) whose screen details
    (``what`` of them) cannot be read."""
    return (
        f"The screen details of your saved match {path} ({what}) could not be read. "
        "They are left out; the match itself is kept."
    )


@dataclass(frozen=True)
class Remains:
    """What a save that cannot be used still tells of its match (read up to
    the damage), for the match's record: the match can never be finished, so
    it is marked abandoned, its row made if it had none yet."""

    match_id: str
    replay: bool = False
    """A practice deal (or the file lies in a practice deal's slot)."""
    opponent: str | None = None
    """The opponent's level, from the save's settings, if they are readable."""
    rules: dict[str, Any] | None = None
    """The rules as the game has them, if they are readable whole."""
    seed: str | None = None
    match_no: int | None = None
    played: bool | None = None
    """True when the player (seat 0) had made a move (a hand of it ended, or a
    move of theirs in the hand's moves), False when the moves and the score
    sheet are readable and say not, None when they cannot be read."""


@dataclass(frozen=True)
class LoadError:
    """A save that cannot be trusted, and why, in plain words."""

    path: Path
    reason: str
    moved_to: Path | None = None
    match_id: str | None = None
    """The id of the match in the save, when it can be read (its record is
    marked abandoned: the match can never be finished)."""
    denied: bool = False
    """This user may not read the file (``Permission denied``): it is left
    where it is, and nothing is written over it (see :meth:`Store.load`)."""
    remains: Remains | None = None
    """What the file still tells of its match, when it names its id."""
    newer: bool = False
    """The save was written by a newer version of gin-tui (a format this one
    does not read): not damaged, it is kept for that version, as :attr:`denied` is."""

    def message(self) -> str:
        """A sentence or two for the player.  Of a damaged save (set aside, a new
        match in its place), what the player must know first comes first: that
        a new match has started and where the file went, then why, in a
        sentence of its own ("Your saved match could not be used: a new match
        has started, and the file was moved to .../current.json.damaged-...
        The saved game is impossible: ...")."""
        if self.newer:
            return f"Your saved match {self.path} {self.reason}; it is kept as it is, for that version."
        if self.denied:
            return f"Your saved match {self.path} {self.reason}; it is left as it is."
        text = "Your saved match could not be used: a new match has started"
        if self.moved_to is not None:
            text += f", and the file was moved to {self.moved_to}"
        return f"{text}. {self.reason[:1].upper()}{self.reason[1:]}."


def check_playable(state: GameState) -> None:
    """Raise ``ValueError`` unless ``state`` is a game the app can go on with:
    the engine's :func:`~ginrummy_tui.engine.validate` (one whole deck, hands
    of the right size, ...) and a few more things the screens rely on."""
    from ginrummy_tui.engine import Phase, legal_actions, validate, view

    validate(state)
    problems = []
    if state.phase == Phase.UPCARD and not state.discard:
        problems.append("the upcard offer has no upcard")
    if state.phase.playing and not legal_actions(state):
        problems.append("the player to move has no legal move")
    if state.phase.ended:
        if state.result is None or not state.sheet:
            problems.append("a finished hand has no result")
    if not _sheet_adds_up(state):
        problems.append("the score sheet does not add up to the scores")
    if state.phase != Phase.MATCH_OVER and state.bonuses != (0, 0):
        problems.append("bonuses are counted before the match is over")
    if state.sheet and any(r.hand_no > state.hand_no for r in state.sheet):
        problems.append("the score sheet has hands from the future")
    if state.phase != Phase.MATCH_OVER and max(state.scores) >= state.rules.target:
        problems.append("a player has reached the target but the match goes on")
    if state.taken is not None and state.phase != Phase.DISCARD:
        problems.append("a card is marked as just taken outside the discard step")
    problems.extend(_numbers_out_of_rules(state))
    problems.extend(_history_against_piles(state))
    if problems:
        raise ValueError("impossible game: " + "; ".join(problems))
    view(state, 0)
    view(state, 1)


STOCK_DEALT = 52 - 21
"""The stock as a hand is dealt: the deck but the two hands of ten and the upcard."""


def _history_against_piles(state: GameState) -> list[str]:
    """Why the moves ``state`` records for its hand cannot have led to its piles
    (empty when they can): the discard pile is the upcard, then the cards thrown,
    less those taken back off it, each taken card the one on top then; the stock
    is the one dealt less the cards drawn from it.  A list of moves cut short, or
    one move changed, in a save edited by hand would otherwise go on without a
    word, the hand's log, its record, its list of turns and its review missing
    moves or showing others."""
    from ginrummy_tui.engine import Card, Kind
    from ginrummy_tui.engine.cards import card_name
    from ginrummy_tui.engine.kinds import CARD_KINDS

    pile: list[Card | None] = [None]  # the upcard: known once a move names it
    drawn = 0
    for move in state.history:
        kind = move.action.kind
        if kind == Kind.PASS and pile and pile[-1] is None:
            pile[-1] = move.card
        elif kind in (Kind.TAKE_UPCARD, Kind.DRAW_DISCARD):
            top = pile.pop() if pile else move.card
            if top is not None and move.card is not None and top != move.card:
                return [f"the moves recorded for this hand were changed by hand, taking {card_name(move.card)} "
                        f"from the discard pile where {card_name(top)} was on top"]
        elif kind == Kind.DRAW_STOCK:
            drawn += 1
        elif kind in CARD_KINDS:
            pile.append(move.card)
    left = STOCK_DEALT - drawn
    if (
        len(pile) == len(state.discard)
        and all(p is None or p == c for p, c in zip(pile, state.discard))
        and len(state.stock) == left
    ):
        return []
    return ["the moves recorded for this hand were cut short or changed by hand, so they do not lead to its cards"]


MAX_DEADWOOD = 110
"""No hand counts more deadwood: eleven cards of ten points."""


def _numbers_out_of_rules(state: GameState) -> list[str]:
    """What of ``state``'s numbers its rules cannot give: a hand's score
    multiplier other than 1 (2 with an Oklahoma spade upcard), a knock limit
    not the rules' (the upcard's with Oklahoma, which the engine checks), a
    hand's points or deadwood out of reach (so that no number the screens
    show or the history records is one no hand scores)."""
    from ginrummy_tui.engine.state import MAX_POINTS

    rules = state.rules
    problems = []
    multipliers = (1, 2) if rules.oklahoma else (1,)
    if state.multiplier not in multipliers or (state.result is not None and state.result.multiplier not in multipliers):
        problems.append(f"the hand's score multiplier is not one its rules give ({' or '.join(map(str, multipliers))})")
    if not rules.oklahoma and state.knock_limit != rules.knock_limit:
        problems.append(f"the hand's knock limit is not its rules' ({rules.knock_limit})")
    points = [row.points for row in state.sheet]
    deadwood = [d for row in state.sheet if row.deadwood is not None for d in row.deadwood]
    if state.result is not None:
        points.append(state.result.points)
        knock = state.result.knock
        if knock is not None:
            points.append(knock.points)
            deadwood += [knock.knocker_deadwood, knock.defender_deadwood, knock.defender_deadwood_before_layoffs]
            if abs(knock.layout_gain) > MAX_POINTS:
                points.append(knock.layout_gain)
    if any(not 0 <= p <= MAX_POINTS for p in points):
        problems.append(f"a hand's points are not between 0 and {MAX_POINTS:,}")
    if any(not 0 <= d <= MAX_DEADWOOD for d in deadwood):
        problems.append(f"a hand's deadwood is not between 0 and {MAX_DEADWOOD}")
    return problems


def _sheet_adds_up(state: GameState) -> bool:
    """Whether each row of the score sheet totals the points won so far, and
    the last one (none: 0 to 0) is the scores."""
    running = [0, 0]
    for row in state.sheet:
        if row.winner in (0, 1):
            running[row.winner] += row.points
        if row.scores != (running[0], running[1]):
            return False
    return state.scores == (running[0], running[1])


def encode_save(
    state: GameState,
    *,
    match_id: str,
    settings: dict[str, Any] | None = None,
    ui: dict[str, Any] | None = None,
    replay: bool = False,
) -> str:
    """The text of a save file for ``state``.  Raises ``ValueError`` if the
    state is not one that would load again (a bad save is never written)."""
    from ginrummy_tui.engine import state_from_dict, state_to_dict

    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "saved_at": now_iso(),
        "match_id": match_id,
        "replay": bool(replay),
        "settings": dict(settings or {}),
        "ui": dict(ui or {}),
        "state": state_to_dict(state),
    }
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    # The check that load will make: what we write must read back as the same game.
    back = state_from_dict(json.loads(text)["state"])
    if back != state:
        raise ValueError("the game does not survive a round trip through JSON")
    check_playable(back)
    return text + "\n"


def _describe_json_error(exc: json.JSONDecodeError, size: int) -> str:
    if exc.pos >= size - 1 or exc.msg.startswith("Unterminated"):
        return "the file is cut short (it ends in the middle of the data)"
    return f"the file is not valid JSON ({json_error_words(exc)})"


def decode_save(raw: bytes, path: Path | None = None) -> SavedMatch | LoadError:
    """Check the bytes of a save file; never raises."""
    where = path or Path(SAVE_NAME)
    try:
        return _decode(raw, where)
    except _Newer as newer:  # not damaged: left where it is, for the version that wrote it
        return LoadError(where, str(newer), denied=True, newer=True)
    except _Bad as bad:
        return _load_error(where, str(bad), raw)
    except RecursionError:
        return LoadError(where, "the file is not a gin-tui save (it is nested too deeply)")
    except MemoryError:  # pragma: no cover - would need an enormous file
        return LoadError(where, "the file is too big to be a gin-tui save")
    except Exception:  # anything at all: the save is not trusted, the program goes on
        return _load_error(where, "the file is not a usable gin-tui save (part of it is not as gin-tui writes it)", raw)


def _load_error(where: Path, reason: str, raw: bytes) -> LoadError:
    """The :class:`LoadError` of the save ``raw``, with what it still tells of its match."""
    try:
        remains = remains_of(raw)
    except RecursionError:
        remains = None
    return LoadError(where, reason, match_id=remains.match_id if remains else None, remains=remains)


def remains_of(raw: bytes) -> Remains | None:
    """What a save that cannot be used still tells of its match, if it names
    its id: a file cut short, or damaged further on, still names it near its
    start, with its settings and often its rules."""
    members = _leading_members(raw.decode("utf-8", errors="replace"))
    match_id = members.get("match_id") if members.get("format") == SAVE_FORMAT else None
    if not good_match_id(match_id):
        return None
    settings = members.get("settings")
    opponent = settings.get("ai") if isinstance(settings, dict) else None
    game = members.get("state")
    game = game if isinstance(game, dict) else {}
    rules, seed, match_no = game.get("rules"), game.get("seed"), game.get("match_no")
    return Remains(
        match_id,
        replay=members.get("replay") is True,
        opponent=opponent if isinstance(opponent, str) and opponent else None,
        rules=rules if isinstance(rules, dict) else None,
        seed=seed if isinstance(seed, str) else None,
        match_no=match_no if isinstance(match_no, int) and not isinstance(match_no, bool) else None,
        played=_played(game),
    )


def _played(game: dict[str, Any]) -> bool | None:
    """Whether the player had moved in the (partly read) game ``game``, as
    :func:`player_moved` tells it; None when its moves or sheet are not there to tell."""
    sheet, moves = game.get("sheet"), game.get("history")
    if (isinstance(sheet, list) and sheet) or (
        isinstance(moves, list) and any(isinstance(m, dict) and m.get("seat") == 0 for m in moves)
    ):
        return True
    if isinstance(sheet, list) and isinstance(moves, list):
        return False
    return None


def _leading_members(text: str) -> dict[str, Any]:
    """The members of the JSON object ``text`` that can be read whole, up to
    the first that cannot (all of them when ``text`` is valid JSON); empty when
    ``text`` does not start as an object.  A member that is an object cut
    short (the game of a save cut short) is read so too, one level down, as
    the last member: its members up to the damage."""
    return _members_at(text, 0, json.JSONDecoder(), inner=True)


def _members_at(text: str, pos: int, decoder: json.JSONDecoder, *, inner: bool) -> dict[str, Any]:
    """:func:`_leading_members` of the object starting at ``pos`` of ``text``
    (``inner``: an object cut short in it is read up to the damage)."""
    members: dict[str, Any] = {}
    pos = _after_space(text, pos)
    if not text.startswith("{", pos):
        return members
    pos += 1
    try:
        while True:
            key, pos = decoder.raw_decode(text, _after_space(text, pos))
            pos = _after_space(text, pos)
            if not isinstance(key, str) or not text.startswith(":", pos):
                return members
            start = _after_space(text, pos + 1)
            try:
                value, pos = decoder.raw_decode(text, start)
            except ValueError:
                if inner and text.startswith("{", start):  # the damage is inside: what of it came before stands
                    members[key] = _members_at(text, start, decoder, inner=False)
                return members
            members[key] = value
            pos = _after_space(text, pos)
            if not text.startswith(",", pos):
                return members
            pos += 1
    except (ValueError, RecursionError):  # the damage: what came before it stands
        return members


_SPACE = re.compile(r"[ \t\n\r]*")


def _after_space(text: str, pos: int) -> int:
    """The place of the first character of ``text`` from ``pos`` on that is not JSON white space."""
    space = _SPACE.match(text, pos)
    return space.end() if space else pos


class _Bad(Exception):
    pass


class _Newer(_Bad):
    """A save of a newer format than this version reads: not damaged, kept for that version."""


def _decode(raw: bytes, path: Path) -> SavedMatch:
    from ginrummy_tui.engine import state_from_dict

    if len(raw) > MAX_SAVE_BYTES:  # first: only the start of it was read, which may be blank
        raise _Bad(f"the file is far too big to be a save (more than {MAX_SAVE_BYTES} bytes)")
    if not raw.strip():
        raise _Bad("the file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _Bad("the file is not text (it is not UTF-8)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _Bad(_describe_json_error(exc, len(text.rstrip()))) from None
    except ValueError as exc:
        raise _Bad(f"the file is not valid JSON ({json_error_words(exc)})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise _Bad("the file is not a gin-tui save")
    version = format_version(data.get("version"))
    if version is None:  # none, or none a gin-tui could have written (a 401-digit number): damaged
        raise _Bad(f"the save has no valid format version ({shown_value(data.get('version'))})")
    if version > SAVE_VERSION:
        raise _Newer(
            f"was written by a newer version of gin-tui (save format {version}; "
            f"this version reads up to {SAVE_VERSION})"
        )
    match_id = data.get("match_id")
    if not good_match_id(match_id):
        raise _Bad("the save has no valid match id")
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        raise _Bad("the save's settings are not readable")
    ui = data.get("ui", {})
    notes: tuple[str, ...] = ()
    if not isinstance(ui, dict):  # only how the screen looked: the match is played on without it
        ui, notes = {}, (unreadable_ui(path),)
    replay = data.get("replay", False)
    if not isinstance(replay, bool):
        raise _Bad("the save's replay flag is not readable")
    saved_at = data.get("saved_at", "")
    if not isinstance(saved_at, str):
        saved_at = ""
    if "state" not in data:
        raise _Bad("the save holds no game")
    if not isinstance(data["state"], dict):
        raise _Bad('the saved game (its "state") is not a JSON object')
    try:
        state = state_from_dict(data["state"])
        check_playable(state)
    except ValueError as exc:
        msg = str(exc)
        if msg.startswith("impossible game: "):
            raise _Bad("the saved game is impossible: " + msg.removeprefix("impossible game: ")) from None
        raise _Bad(f"the saved game is not readable: {msg}") from None
    return SavedMatch(
        state=state, match_id=match_id, settings=settings, ui=ui, replay=replay, saved_at=saved_at, path=path,
        notes=notes,
    )


def read_save(path: Path) -> SavedMatch | LoadError | None:
    """Read and check a save file: None if there is none, else a
    :class:`SavedMatch` or a :class:`LoadError`.  Never raises, never moves
    the file (see :meth:`Store.load` for that)."""
    path = Path(path)
    try:
        raw = read_regular(path, MAX_SAVE_BYTES + 1)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except NotAFile as exc:
        return LoadError(path, exc.strerror or "it is not a file")
    except OSError as exc:
        if is_link_refusal(exc, path):
            return LoadError(path, "it is a symbolic link, which gin-tui does not follow")
        if isinstance(exc, PermissionError):  # not damaged: another user's, or its mode changed
            return LoadError(path, f"cannot be read ({exc.strerror or exc})", denied=True)
        return LoadError(path, f"the file cannot be read ({exc.strerror or exc})")
    return decode_save(raw, path)


def match_in_progress(root: Path) -> bool:
    """Whether the main slot of ``root`` holds a match the next start resumes: a save
    read whole, of a match not over (a practice deal, in its own slot, leaves it alone).
    Never raises, never moves the file."""
    saved = read_save(Path(root) / SAVE_NAME)
    return isinstance(saved, SavedMatch) and not saved.state.over


# ---------------------------------------------------------------- the lock


# ---------------------------------------------------------------- a save slot


@dataclass
class Opened:
    """What :meth:`Store.load` found."""

    saved: SavedMatch | None = None
    """The unfinished match to resume, if any."""
    error: LoadError | None = None
    """A save that could not be trusted (already moved aside)."""
    denied: LoadError | None = None
    """A save this user may not read: left in place, and the store writes
    nothing from then on (:attr:`Store.held`)."""
    archived: Path | None = None
    """A finished match that was found and archived instead of resumed."""
    messages: list[str] = field(default_factory=list)
    """What to tell the player, in order."""


class Store:
    """One save slot (``current.json`` by default) in a data directory."""

    def __init__(self, root: Path, name: str = SAVE_NAME) -> None:
        self.root = Path(root)
        self.path = self.root / name
        self.lock = Lock(self.root / (name + ".lock"))
        self.saves = 0
        """How many saves this store has written."""
        self.last_error: str | None = None
        """Why the last save failed, if it did."""
        self.held: str | None = None
        """Why this slot is not written (its save may not be read, and so is
        never written over, moved or removed), or None: it is written."""

    @classmethod
    def separate(cls, root: Path) -> Store:
        """A new slot for a second match played beside one open elsewhere."""
        root = Path(root)
        for n in range(1, 1000):
            name = f"{SEPARATE_PREFIX}{n}.json"
            if not (root / name).exists() and not (root / (name + ".lock")).exists():
                return cls(root, name)
        return cls(root, f"{SEPARATE_PREFIX}{new_match_id()}.json")

    @property
    def is_separate(self) -> bool:
        """True for the slot of a separate match (:meth:`separate`)."""
        return self.path.name.startswith(SEPARATE_PREFIX)

    @property
    def archive_dir(self) -> Path:
        return self.root / ARCHIVE_DIR

    def load(
        self, damaged_note: Callable[[LoadError], str] | None = None, *, finished: bool = False
    ) -> Opened:
        """Read this slot.  A damaged save is moved aside (with the reason in
        :attr:`Opened.error`; ``damaged_note`` words what the player is told
        of it, by default that the saved match could not be used and a new
        match has started); a finished match is archived, or with ``finished``
        given as the match to resume (where it stood: its last hand's end, the
        result to see), its record perhaps not written yet; never raises."""
        out = Opened()
        found = read_save(self.path)
        if found is None:
            return out
        if isinstance(found, LoadError) and found.denied:
            out.denied = found
            self.held = found.message()
            then = (
                "the version that wrote it resumes the match in it"
                if found.newer
                else "once that file may be read, the match in it is resumed"
            )
            out.messages.append(f"{self.held} This match is not saved, nor recorded in your statistics; {then}.")
            return out
        if isinstance(found, LoadError):
            moved = move_aside(self.path)
            err = LoadError(found.path, found.reason, moved, found.match_id, remains=found.remains)
            out.error = err
            out.messages.append(damaged_note(err) if damaged_note else err.message())
            return out
        if found.state.over and not finished:
            out.archived = self.archive(found)
            return out
        out.saved = found
        out.messages.extend(found.notes)
        return out

    def archive(self, saved: SavedMatch) -> Path | None:
        """Move a finished match's save to ``archive/`` (kept, never resumed)."""
        return archive_save(self.root, self.path, saved.match_id)

    def _at_fault(self, exc: OSError) -> str:
        """Where a save failed, from what it raised: "replacing <the save>" when
        the save itself could not be replaced (made read-only or immutable), else
        "in <the data directory>" (no room, no right to make a file there...)."""
        names = {os.fsdecode(name) for name in (exc.filename, exc.filename2) if name is not None}
        if str(self.path) in names:
            return f"replacing {self.path}"
        return f"in {self.path.parent}"

    def set_aside_unfinished(self, saved: SavedMatch) -> Path | None:
        """Give up the unfinished match of this slot for a new one: its save
        is renamed at once to ``abandoned-<match id>.json`` beside it, so that
        the slot is free and the match is never resumed.  Its record is marked
        abandoned and the file moved to ``archive/`` later, off the start-up
        path (:func:`~ginrummy_tui.storage.history_upkeep.file_abandoned`); the file
        stays until that is done, so a kill in between leaves it for the next
        start.  Returns where the match will be kept (``archive/``, or that
        file while something that is not a directory is in the place of
        ``archive``), or None if the save
        could not be moved (it is then simply overwritten by the new match).

        The rename is not fsynced here (that would wait for the disk before
        the first frame): the new match's first save fsyncs the directory,
        and a crash before that at worst finds the old match still in the
        slot, as it was before ``--new``."""
        pending = self._slot_to(f"{ABANDONED_PREFIX}{saved.match_id}.json")
        if pending is None:
            return None
        if os.path.lexists(self.archive_dir) and not os.path.isdir(self.archive_dir):  # a file there: it stays put
            return pending
        return self.archive_dir / f"{saved.match_id}.json"

    def set_aside_finished(self, saved: SavedMatch) -> Path | None:
        """Free this slot of the finished match ``saved`` for a new one: its
        save is renamed at once to ``finished-<match id>.json`` beside it, never
        resumed.  Its record is written from that file and the file moved to
        ``archive/`` later, off the start-up path
        (:func:`~ginrummy_tui.storage.history_upkeep.file_abandoned`); the file stays
        until that is done, so a kill in between leaves it for the next start.
        Returns that file, or None if the save could not be moved."""
        return self.set_aside_finished_id(saved.match_id)

    def set_aside_finished_id(self, match_id: str) -> Path | None:
        """:meth:`set_aside_finished` for the finished match ``match_id`` this
        slot holds (a new match follows it in this run, its record not
        written yet); nothing from a slot that is :attr:`held`."""
        if self.held is not None:
            return None
        return self._slot_to(f"{FINISHED_PREFIX}{match_id}.json")

    def _slot_to(self, name: str) -> Path | None:
        """Rename the save to ``name`` beside it (a file already there set aside
        as old); that file, or None if the save could not be moved."""
        pending = self.root / name
        try:
            if pending.exists():
                move_aside(pending, "old")
            os.replace(self.path, pending)
        except OSError:
            return None
        return pending

    def save(
        self,
        state: GameState,
        *,
        match_id: str,
        settings: dict[str, Any] | None = None,
        ui: dict[str, Any] | None = None,
        replay: bool = False,
    ) -> bool:
        """Write ``state`` atomically; False (with :attr:`last_error`) if it
        could not be saved.  A state that would not load again is never written,
        nor anything over a save that may not be read (:attr:`held`)."""
        if self.held is not None:
            self.last_error = self.held
            return False
        if not self.lock.keep() and self.lock.lost is not None:  # its lock file removed, and taken since
            who = self.lock.lost.describe()
            self.last_error = (
                f"its lock file {self.lock.path} was removed, and another gin-tui ({who}) has opened the match since"
            )
            return False
        try:
            text = encode_save(state, match_id=match_id, settings=settings, ui=ui, replay=replay)
            atomic_write_text(self.path, text)
        except OSError as exc:  # in words, where: not the number, nor the name of a file half written
            self.last_error = f"{exc.strerror or exc} ({self._at_fault(exc)})"
            return False
        except ValueError as exc:
            self.last_error = str(exc)
            return False
        self.last_error = None
        self.saves += 1
        return True

    def save_finished(self, state: GameState, *, match_id: str, settings=None, replay: bool = False) -> Path | None:
        """Write a match into the archive (a finished one, or one given up for a
        new match); nothing from a slot that is :attr:`held`, whose match is not saved."""
        if self.held is not None:
            self.last_error = self.held
            return None
        try:
            text = encode_save(state, match_id=match_id, settings=settings, replay=replay)
            target = self.archive_dir / f"{match_id}.json"
            atomic_write_text(target, text)
            return target
        except (OSError, ValueError) as exc:
            self.last_error = str(exc)
            return None

    def set_aside(self, label: str = "abandoned") -> Path | None:
        """Move this slot's save aside under a timestamped name (None if there is none)."""
        if not self.path.exists():
            return None
        return move_aside(self.path, label)

    def remove(self) -> None:
        """Delete this slot's save (its match is archived or abandoned); never
        one that may not be read (:attr:`held`)."""
        if self.held is not None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()


def clock_turn(game: GameState | PlayerView) -> tuple[int, int, int]:
    """The move in play, as a save's move clock names it: a new one has the full time."""
    return (game.match_no, game.hand_no, len(game.history))


def saved_left(record: object, key: tuple[int, ...], limit: int) -> float | None:
    """The seconds left that a save's clock :meth:`~ginrummy_tui.tui.move_clock.MoveClock.record`
    (or the hosted match's server, in its table) gives the turn
    ``key``; None when it is of another turn, or not a clock at all (an earlier
    version's save has none: the move has its full time)."""
    if not isinstance(record, dict) or not isinstance(record.get("turn"), list):
        return None
    left = record.get("left")
    if tuple(record["turn"]) != key or not isinstance(left, (int, float)) or isinstance(left, bool):
        return None
    return float(left) if 0 <= left <= limit else None


def archive_save(root: Path, path: Path, match_id: str) -> Path | None:
    """Move the save ``path`` to ``archive/<match id>.json`` under ``root``; the target,
    or None if it could not be moved.  An archived file already there that is a copy of
    the same game (a finished match is written to the archive at its end and kept in its
    slot until the game closes: a game killed meanwhile leaves both) is not kept twice:
    the copy with the more in it (the screen, ``ui``, which the archive's lacks) stays,
    the other goes.  One that holds anything else is moved aside as
    ``<match id>.json.old-<time>`` first."""
    root = Path(root)
    target = root / ARCHIVE_DIR / f"{match_id}.json"
    try:
        ensure_dir(target.parent)
        if path.exists():
            if target.exists():
                keep = _fuller_copy(path, target)
                if keep is None:
                    move_aside(target, "old")
                elif keep == target:
                    path.unlink()
                    _fsync_dir(root)
                    return target
            os.replace(path, target)
            _fsync_dir(root)
        return target
    except OSError:
        return None


def _fuller_copy(new: Path, old: Path) -> Path | None:
    """Of two save files of the same game (everything alike but when they were written and
    the screen, ``ui``), the one to keep: ``old`` where only it has a screen, else ``new``;
    None where they differ in anything else (or one cannot be read as a save)."""
    try:  # regular files alone, no link followed: a named pipe in the archive is never waited on
        copies = [json.loads(read_regular(Path(p), MAX_SAVE_BYTES + 1)) for p in (new, old)]
    except (OSError, ValueError):
        return None
    if not all(isinstance(c, dict) and c.get("format") == SAVE_FORMAT for c in copies):
        return None
    kept_new, kept_old = ({k: v for k, v in c.items() if k not in ("saved_at", "ui")} for c in copies)
    if kept_new != kept_old:
        return None
    return Path(old) if copies[1].get("ui") and not copies[0].get("ui") else Path(new)


def pending_abandoned(root: Path) -> list[tuple[str, Path]]:
    """The matches given up for a new one whose record is not marked yet
    (see :meth:`Store.set_aside_unfinished`): ``(match id, file)`` pairs."""
    return _pending(root, ABANDONED_PREFIX)


def pending_finished(root: Path) -> list[tuple[str, Path]]:
    """The finished matches that left the slot for a new one whose record is
    not written yet (see :meth:`Store.set_aside_finished`): ``(match id, file)`` pairs."""
    return _pending(root, FINISHED_PREFIX)


def _pending(root: Path, prefix: str) -> list[tuple[str, Path]]:
    """The files ``<prefix><match id>.json`` of ``root``: ``(match id, file)`` pairs."""
    try:
        names = os.listdir(root)
    except OSError:
        return []
    found = []
    for name in sorted(names):
        if name.startswith(prefix) and name.endswith(".json"):
            found.append((name[len(prefix) : -len(".json")], Path(root) / name))
    return found


def leftover_separate_saves(root: Path) -> list[Path]:
    """Saves of separate matches not open in any process, oldest first (in a
    folder that cannot be written too, where none can be taken up)."""
    root = Path(root)
    found = []
    try:
        names = sorted(root.glob(f"{SEPARATE_PREFIX}*.json"), key=lambda p: p.stat().st_mtime)
    except OSError:
        return []
    for p in names:
        if Lock(p.with_name(p.name + ".lock")).free():  # a read-only folder: told without a lock file made
            found.append(p)
    return found


# ---------------------------------------------------------------- keeping a match


