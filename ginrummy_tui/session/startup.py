"""What ``gin-tui`` plays when it starts: every start-up decision, in one place.

:func:`prepare` settles it from the command line, the settings file and the
data directory: the unfinished match (resumed with its own rules and
opponent), or a new one (``--new``, ``--seed``, ``--hand``, a damaged save,
a match finished), or a separate match when the saved one is open in another
``gin-tui``.  It takes the match's lock and gives a :class:`Plan`: the state,
the keeper that will save it after every move, the settings, and what to tell
the player.  No Textual here: :mod:`ginrummy_tui.cli.play` builds the app on
the plan and runs it.

Only what the first frame needs happens before it: the first save of the
match (:meth:`Plan.after_first_frame`) and marking the record of a match given
up for a new one (``--new``), or writing that of a finished one it replaces,
wait until the table is on the screen.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import enum
import functools
import os
import shutil
import sys
import textwrap
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ginrummy_tui.engine.kinds import Phase
from ginrummy_tui.engine.words import GLUE as _GLUE
from ginrummy_tui.session.keeper import Keeper
from ginrummy_tui.storage.files import ENV_HOME, data_dir, not_a_directory, shell_word, way_out
from ginrummy_tui.storage.lock import TakeOver
from ginrummy_tui.storage.store import (
    SAVE_NAME,
    SEPARATE_PREFIX,
    LoadError,
    SavedMatch,
    Store,
    leftover_separate_saves,
    read_save,
)

if TYPE_CHECKING:
    from ginrummy_tui.engine import GameState, Rules
    from ginrummy_tui.storage.config import Settings


REPLAY_SLOT = "replay.json"
"""A replayed deal (``--hand K``) is played in its own slot, leaving the match in progress alone."""


@dataclass
class Plan:
    """What ``gin-tui`` is about to play, and where it keeps it."""

    state: GameState
    keeper: Keeper
    settings: Settings
    """The settings file's settings, with this run's command-line choices on top."""
    ai: str
    """The opponent of this match (a resumed match keeps its own)."""
    root: Path
    config_dir: Path
    resumed: bool = False
    separate: bool = False
    """The match is a separate one (:meth:`Store.separate`), or one that was,
    taken up in the main slot once it was free."""
    ui: dict[str, Any] = field(default_factory=dict)
    """What the app remembered of its screen when the match was saved."""
    notes: list[str] = field(default_factory=list)
    """What to tell the player when the app starts."""
    saved_settings: Settings | None = None
    """The settings file's settings, without this run's command-line choices."""
    seeded: str | None = None
    """The seed given with ``--seed N`` (not ``--hand K``) that dealt this new match
    (None: dealt at random, or resumed)."""

    @property
    def store(self) -> Store:
        return self.keeper.store

    def after_first_frame(self) -> list[str]:
        """The start-up work that waits until the table is on the screen: the
        first save of the match (a new one, or the resumed one with this run's
        settings).  Returns what to tell the player.

        A ``gin-tui`` killed before this loses nothing the player saw played:
        a resumed match's save is still whole, a match given up for this one
        (or finished before it) is already out of the slot, waiting for its
        record to be written (:func:`give_up_saved`, :func:`set_aside_finished`),
        and a new match has had no move yet."""
        if self.keeper.state is self.state:  # no move yet (a move saves by itself)
            self.keeper.start(self.state)
        return list(self.keeper.errors)

    def close(self) -> None:
        """Save one last time and give up the lock (:func:`close_kept`)."""
        close_kept(self.keeper)


def close_kept(keeper: Keeper) -> None:
    """The end of a match kept by ``keeper`` (the game's, the host's): save it one
    last time, write the records still waiting for a busy history database (for
    :data:`~ginrummy_tui.session.keeper.FLUSH_WAIT` seconds at most: what could not
    be written is said in its errors), close the history and give up the lock of its save."""
    with contextlib.suppress(Exception):
        keeper.flush()
    with contextlib.suppress(Exception):
        keeper.finish_records()
    with contextlib.suppress(Exception):
        keeper.leave_finished()
    with contextlib.suppress(Exception):
        keeper.close_history()
    keeper.store.lock.release()


def give_up_saved(store: Store, saved: SavedMatch) -> tuple[Path | None, list[str]]:
    """Give up the unfinished match ``saved`` of ``store`` for a new one: its
    save leaves the slot at once (its record is marked abandoned and the file
    archived later, by :func:`~ginrummy_tui.storage.history_upkeep.file_abandoned`);
    if it cannot be moved, its record is marked abandoned now, before the new
    match's save replaces it.  Returns where the match is kept (None: it could
    not be moved) and what to tell the player."""
    where = store.set_aside_unfinished(saved)
    if where is not None:
        return where, []
    from ginrummy_tui.storage.history_upkeep import mark_abandoned

    return None, mark_abandoned(store.root, saved.match_id, saved)


def set_aside_finished(store: Store, saved: SavedMatch) -> list[str]:
    """The finished match ``saved`` of ``store`` leaves the slot for a new one
    (``--new``): its save waits beside it until its record is written (the
    history's upkeep does it once the table is up, or the next start's if
    ``gin-tui`` is killed before then), then goes to the archive; if it cannot
    be moved, its record is written now and the save archived, before the new
    match's save replaces it.  Returns what to tell the player."""
    if store.set_aside_finished(saved) is not None:
        return []
    from ginrummy_tui.storage.history_upkeep import record_finished

    said = record_finished(store.root, saved)
    store.archive(saved)
    return said


def practice_damaged(err: LoadError, *, command: str, root: Path) -> str:
    """What the player is told of the practice deal's file (``--hand``) that
    could not be used (``err``), in the order the player needs it, as of the
    match's own save: that the deal starts again and where its file went, then
    why, then that the player's own match, not in it, is safe (``command``
    resumes it, when ``root`` holds one)."""
    text = "The practice deal's file could not be used: the practice deal starts again from its deal"
    if err.moved_to is not None:
        text += f", and the file was moved to {err.moved_to}"
    text += f". {err.reason[:1].upper()}{err.reason[1:]}."
    if (root / SAVE_NAME).exists():
        return text + f" Your own match is not in that file and is safe: {command} resumes it."
    return text + " Your own match is not affected."


def not_practice(store: Store, command: str) -> str:
    """What the player is told of a practice deal's file (``--hand``) that holds a save not
    marked a practice deal (a copy of a match's own save, with its id): it is set aside as a
    file that cannot be used, where it would be given up as a practice deal, its match marked
    abandoned in the history though that match is still in its own slot.  Nothing of it is
    recorded."""
    from ginrummy_tui.storage.files import move_aside

    moved = move_aside(store.path)
    reason = "it holds a save that is not a practice deal (a match's own save)"
    err = LoadError(store.path, reason, moved_to=moved)
    if moved is None:  # left where it is: the practice deal is not saved over it
        store.held = f"{store.path} holds a save that is not a practice deal and could not be moved"
    return practice_damaged(err, command=command, root=store.root)


def separate_damaged(err: LoadError) -> str:
    """What the player is told of a separate match's save (``separate-N.json``,
    ``err``) that could not be used: named as the separate match it held, not
    as "your saved match" (the main one, which it is not), and set aside under
    its own name."""
    text = f"The separate match in {err.path} could not be used"
    if err.moved_to is not None:
        text += f", and the file was moved to {err.moved_to}"
    return f"{text}. {err.reason[:1].upper()}{err.reason[1:]}."


def separate_waiting(root: Path) -> list[str]:
    """What to tell the player of the separate matches of ``root`` left
    unfinished and open nowhere, which wait for the main slot to be free
    (nothing when there are none): short enough to be read whole in one note
    beside "Resumed your match" at 80×24, the files named compactly
    (:func:`separate_names`)."""
    waiting = [p.name for p in leftover_separate_saves(root)]
    if not waiting:
        return []
    if len(waiting) == 1:
        return [f"A separate match waits too ({waiting[0]}): gin-tui takes it up after this one."]
    return [
        f"{len(waiting)} separate matches wait too ({separate_names(waiting)}): "
        "gin-tui takes them up after this one."
    ]


def separate_names(names: Sequence[str]) -> str:
    """The separate saves ``names`` in few words: ``separate-1…3.json`` for
    numbers one after another, ``separate-1, 2, 5.json`` for others, each
    name whole when one is not numbered (``separate-<match id>.json``)."""
    numbers: list[int] = []
    for name in names:
        middle = name[len(SEPARATE_PREFIX) : -len(".json")]
        if not (name.startswith(SEPARATE_PREFIX) and name.endswith(".json") and middle.isdigit()):
            return ", ".join(names)
        numbers.append(int(middle))
    numbers.sort()
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    words = [f"{run[0]}…{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs]
    return f"{SEPARATE_PREFIX}{', '.join(words)}.json"


def ended_note(saved: SavedMatch) -> str:
    """What the player is told of the finished match ``saved`` found in the
    slot (a ``gin-tui`` killed before its result was seen), archived for a new
    match: "Your last match ended: Computer (standard) won 109 to 0.".  The
    score is the final one, as its result screen gave it: with the box and
    game bonuses where they were added, saying so ("Your last match ended:
    Computer (expert) won 336 to 44, with bonuses.").  A match lost on time says so, as its
    result did ("... won 0 to 0: your time ran out."): the score alone read as a mistake."""
    from ginrummy_tui.engine.kinds import EndKind

    state = saved.state
    opponent = f"Computer ({saved.settings.get('ai', 'standard')})"
    mine, theirs = state.totals
    who = "You" if state.winner == 0 else opponent
    high, low = (mine, theirs) if state.winner == 0 else (theirs, mine)
    bonuses = ", with bonuses" if state.totals != state.scores else ""
    # only the player has a move clock against the computer
    late = ": your time ran out" if state.result is not None and state.result.kind == EndKind.TIMEOUT else ""
    return f"Your last match ended: {who} won {high} to {low}{bonuses}{late}."


LOCK_PATIENCE = 1.5
"""Seconds to wait for a match's lock before asking (its gin-tui may be closing)."""


LOCK_GRACE = 5.0
"""Seconds a gin-tui taken over has to close when asked before it is killed."""


def taken_over_note(
    took: TakeOver, owner_text: str, grace: float = LOCK_GRACE, *, fresh: bool = False, subject: str = "Your match"
) -> str:
    """What the player is told of the match taken over (``t``) from the gin-tui
    ``owner_text`` describes, as it went (``took``): it had closed by itself, it
    closed when asked, or it had to be killed (at once where it was stopped with
    Ctrl+Z) (``fresh``: a new match starts).
    ``subject``: the match as the sentence names it ("It", after a sentence
    saying what became of it)."""
    if took is TakeOver.FREE:
        return GONE_NEW_NOTE if fresh else GONE_NOTE
    if took is TakeOver.CLOSED:
        return f"{subject} was taken over from the other gin-tui ({owner_text}), which has closed."
    if took is TakeOver.ENDED:
        return (
            f"{subject} was taken over from the other gin-tui ({owner_text}), which was ended at once: "
            "stopped, it could not close when asked. Every move was already saved."
        )
    return (
        f"{subject} was taken over from the other gin-tui ({owner_text}), which did not close when asked "
        f"and was killed after {grace:g} s. Every move was already saved."
    )


class Refused(Exception):
    """Nothing to play: the reason is the message; ``status`` is the exit status."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


QUESTION_POLL = 0.25
"""Seconds between two looks, while a question waits for its answer, at what it asks about."""


YES_NO = ("y", "yes", "n", "no")
"""Answers typed by reflex to a question read as a yes or no: never a choice's key
(a plain ``n`` gave the match up for ``--seed N``'s new one), and answered with
what each letter does."""


def ask_choice(
    choices: Sequence[tuple[str, str, str]],
    quit_note: str,
    stdin: TextIO,
    stdout: TextIO,
    *,
    gone: Callable[[], bool] | None = None,
    gone_quit_note: str = "",
) -> str:
    """Ask at a terminal for one of ``choices`` (its key, its answer, what it
    does) until one is given, and return that answer (typed as its key, as
    its answer, or as the first word of it: "g", "give up", "give"); ``q``,
    ``quit``, Enter alone or the input's end give ``"quit"``, said so with ``quit_note`` (what that
    leaves as it is; a line of it after the first, a command to copy, is
    printed whole).  Any other answer is told it is not one, with what each
    letter does, and asked again.
    On a terminal the lines are broken between words at its width.

    ``gone()``: whether what the question is about has gone away meanwhile
    (the other gin-tui has closed): looked at every :data:`QUESTION_POLL`
    seconds while a terminal's answer is waited for, and as each answer
    comes; once True the question is over, ``"gone"`` (a quit then says
    ``gone_quit_note`` instead, which the answer would otherwise make untrue)."""
    keys = "/".join(key for key, _, _ in choices)
    while True:
        for key, _, does in choices:
            print(_fitted(f"  {key}  {does}", stdout, indent=5), file=stdout)
        print("  q  quit (Enter alone quits too)", file=stdout)
        stdout.write(f"Your choice [{keys}/q, Enter: quit]: ")
        stdout.flush()
        if gone is not None and _gone_while_waiting(stdin, gone):
            print(file=stdout)  # the prompt's line, left without an answer
            return "gone"
        line = stdin.readline()
        answer = line.strip().lower()
        quits = answer in ("q", "quit", "")
        over = gone is not None and gone()
        if over and not quits:
            return "gone"
        for key, word, _ in choices:
            if answer in (key, word, word.split()[0]):  # "give" of "give up", as the choice's line reads
                return word
        if quits:
            if not line:  # the input ended: the answer goes on a line of its own
                print(file=stdout)
            said, *commands = f"Quit: {gone_quit_note if over else quit_note}".split("\n")
            print(_fitted(said, stdout), file=stdout)
            for command in commands:  # a command to copy: whole on its line, even past the terminal's width
                print(command, file=stdout)
            return "quit"
        # the letters are said with what each does ("t (take), s (separate) or q (quit)")
        named = ", ".join(f"{key} ({word})".replace(" ", _GLUE) for key, word, _ in choices)
        why = " (this is not a yes-or-no question)" if answer in YES_NO else ""  # typed by reflex
        print(
            _fitted(f"{line.strip()!r} is not one of the choices{why}: answer {named} or q{_GLUE}(quit).", stdout),
            file=stdout,
        )


def _gone_while_waiting(stdin: TextIO, gone: Callable[[], bool]) -> bool:
    """Wait until a line can be read from the terminal ``stdin`` (True: ``gone()``
    became true first, looked at every :data:`QUESTION_POLL` seconds).  Where
    the input cannot be waited on (not a file, not POSIX) it is not waited for:
    False at once, and the answer is read as it comes."""
    if os.name != "posix":  # pragma: no cover - select() takes sockets only on Windows
        return False
    try:
        fd = stdin.fileno()
    except (AttributeError, OSError, ValueError):
        return False
    import select

    while True:
        try:
            ready, _, _ = select.select([fd], [], [], QUESTION_POLL)
        except (OSError, ValueError):
            return False
        if ready:
            return False
        if gone():
            return True


def _fitted(text: str, stdout: TextIO, indent: int = 0) -> str:
    """``text`` broken between words at the terminal's width when ``stdout``
    is a terminal (the terminal would break it anywhere, a lone full stop on
    the next line), its later lines ``indent`` spaces in; as it is elsewhere.
    A no-break space (``_GLUE``, :data:`~ginrummy_tui.engine.words.GLUE`; textwrap breaks at
    ASCII spaces only) keeps a phrase on one line ("g (give up)")."""
    try:
        terminal = stdout.isatty()
    except (ValueError, OSError):
        terminal = False
    if not terminal:
        return text.replace(_GLUE, " ")
    width = shutil.get_terminal_size((80, 24)).columns
    return textwrap.fill(
        text, width, subsequent_indent=" " * indent, break_long_words=False, break_on_hyphens=False
    ).replace(_GLUE, " ")


GONE_NOTE = "The other gin-tui has closed; your match goes on here."
"""Said when the gin-tui that had the match open closed by itself while the player was asked."""

GONE_NEW_NOTE = "The other gin-tui has closed; the new match starts here."
""":data:`GONE_NOTE` where a new match starts (``--new``, ``--seed``, ``--hand``)."""


class Stake(enum.Enum):
    """What the match open in another gin-tui is, as its save tells it while
    the question is asked (read without its lock): what an option asking for a
    new match does with it."""

    MOVED = "moved"
    """Unfinished, the player has made a move in it: given up, it counts as abandoned."""
    UNMOVED = "unmoved"
    """Unfinished without a move of the player's: replaced, it counts as nothing."""
    ENDED = "ended"
    """Over: its result is kept."""
    UNKNOWN = "unknown"
    """No save could be read (none yet, or one that cannot be used)."""


def stake_of(path: Path) -> Stake:
    """The :class:`Stake` of the match saved at ``path`` (read, never moved)."""
    from ginrummy_tui.storage.store import player_moved

    found = read_save(path)
    if not isinstance(found, SavedMatch):
        return Stake.UNKNOWN
    if found.state.over:
        return Stake.ENDED
    return Stake.MOVED if player_moved(found.state) else Stake.UNMOVED


def _new_match_words(new: str, stake: Stake, *, asks_first: bool = False) -> str:
    """What ``new`` (``--new``; ``--seed N``, which ``asks_first`` whether to give up a
    match with a move) does with the match taken over, as the take-over question says it."""
    if asks_first and stake in (Stake.MOVED, Stake.UNKNOWN):
        mine = "your match" if stake is Stake.MOVED else "your match, if you have made a move in it,"
        return f"{new} then asks whether to give {mine} up for a new one"
    if stake is Stake.MOVED:
        return f"{new} sets your match aside (abandoned) and starts a new one here"
    if stake is Stake.UNMOVED:
        return f"{new} starts a new match here in its place (you have made no move in it, so it counts as nothing)"
    if stake is Stake.ENDED:
        return f"{new} starts a new match here (yours has ended)"
    return f"{new} sets your match aside and starts a new one here"


def ask_open_elsewhere(
    owner_text: str,
    stdin=None,
    stdout=None,
    *,
    can_take: bool = False,
    waiting: str | None = None,
    gone: Callable[[], bool] | None = None,
    command: str = "gin-tui",
    new: str = "",
    stake: Stake = Stake.UNKNOWN,
    asks_first: bool = False,
    stopped: bool = False,
) -> str:
    """Ask what to do when the match is open in another ``gin-tui``:
    ``"take"`` (close that one and play the match here; offered when it runs
    on this machine), ``"separate"`` (the separate match ``waiting``, the
    name of its file, goes on; without one a new one starts) or ``"quit"``
    (the answer when nobody can be asked).  ``gone()`` takes the match's lock
    if it is free (the other gin-tui has closed): looked at while the
    question waits and as it is answered, and then the answer is ``"gone"``
    (the lock held here, said so in the terminal, and in the game by a note; a quit answered then says
    that ``command`` resumes the match, and leaves the lock to be given up).  ``new``: the option that
    asks for a new match (``--new``), which sets the match taken over aside; ``stake``, what that match
    is (:func:`stake_of`), says how: abandoned, counting as nothing, or ended.  ``asks_first``: the option
    (``--seed N``) asks then whether to give up a match with a move of the player's, and the question says so.
    ``stopped``: that gin-tui is stopped with Ctrl+Z, where it cannot close when asked: taken over, it is ended at once."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    print(f"Your match is open in another gin-tui ({owner_text}).", file=stdout)
    if not stdin.isatty():
        print("Close it there first, or start gin-tui in a terminal to play a separate match.", file=stdout)
        return "quit"
    goes_on = _new_match_words(new, stake, asks_first=asks_first) if new else "your match goes on here"
    closes = "is ended at once (every move is saved)" if stopped else "saves and closes"
    choices = [("t", "take", f"take it over: that gin-tui {closes}, and {goes_on}")] if can_take else []
    if waiting:
        choices.append(("s", "separate", f"go on with your separate match here ({waiting}; --new starts another)"))
    else:
        choices.append(("s", "separate", "start a separate match here"))
    answer = ask_choice(
        choices,
        "nothing was started; your match is still open in the other gin-tui.",
        stdin,
        stdout,
        gone=gone,
        gone_quit_note="the other gin-tui has closed meanwhile; nothing was started, and "
        + (f"{command} resumes your match." if command == "gin-tui" else f"this resumes your match:\n  {command}"),
    )
    if answer == "gone":
        print("The other gin-tui has closed.", file=stdout)
    return answer


def data_dir_words(args: argparse.Namespace) -> list[str]:
    """``--data-dir`` and the absolute path of ``args``' data directory (also
    when it came from ``GIN_TUI_HOME``, which a later shell may not have; from
    the directory it was started in, as a command may be run from another),
    or nothing for the default directory: the words every command the game
    names to run again (resume, host again) starts with after its own."""
    home = vars(args).get("data_dir") or os.environ.get(ENV_HOME)
    return ["--data-dir", os.path.abspath(os.path.expanduser(home))] if home else []


def resume_command(args: argparse.Namespace) -> str:
    """The command that resumes the match saved in ``args``' data directory
    (quoted for a POSIX shell, :func:`shell_join`): plain ``gin-tui`` for the default directory,
    else with its ``--data-dir`` (:func:`data_dir_words`), and ``--ascii`` if
    given.  Every line of ``gin-tui`` that names the command to run again is
    built here (``gin-tui host`` adds its own options to the same words)."""
    words = ["gin-tui", *data_dir_words(args)]
    if words[1:] and vars(args).get("ascii"):
        words.append("--ascii")
    return shell_join(words)


def subcommand(command: str, name: str) -> str:
    """``gin-tui NAME`` (``stats``, ``export``) on the data directory of the
    resume command ``command`` (:func:`resume_command`, whose ``--ascii`` comes
    last and is left out; its words are kept as quoted there): "gin-tui stats
    --data-dir /abs/D", plain "gin-tui stats" for the default directory."""
    command = command.removesuffix(" --ascii")
    first, _, rest = command.partition(" ")
    return f"{first} {name} {rest}" if rest else f"{first} {name}"


def shell_join(words: Sequence[str]) -> str:
    """``words`` as a command line for a POSIX shell, as ``shlex.join`` quotes them,
    but a word with bytes that are not text (a directory's name that is not UTF-8,
    its bytes kept by Python as surrogates) or control characters in it as
    ``$'...'``, each such byte as ``\\xHH``: a terminal would show them as
    nothing, or garble the line, and the command copied from it would name
    another directory."""
    return " ".join(shell_word(word) for word in words)


def match_point(hand_no: int, ended: bool) -> str:
    """Where a match stands, in a few words, true at every point it can be saved: "hand 4"
    while hand 4 is played, "hand 5 next" once it is scored (its end on the screen, or quit
    there).  "hand 4" of a match whose hand 4 was over read as a hand still to finish."""
    return f"hand {hand_no + 1} next" if ended else f"hand {hand_no}"


GIVE_UP, RESUME, KEEP = "give up", "resume", "quit"
"""The answers of :func:`ask_give_up`: give the saved match up for the new one, resume it
(the same seed: the new match would be the same one), or quit with it kept."""


def ask_give_up(
    saved: SavedMatch, seed: int, stdin=None, stdout=None, *, command: str = "gin-tui", same: bool = False
) -> str:
    """``--seed N`` without ``--new`` finds the unfinished match ``saved``, which
    the player has made moves in: ask before giving it up for the new match
    (:data:`GIVE_UP`, :data:`KEEP`; with ``same``, the saved match is of that very seed,
    rules and opponent, and resuming it is offered too: :data:`RESUME`).  Without a
    terminal to ask, :data:`GIVE_UP`, as ``--seed`` starts a new match.  ``command``
    resumes the match (:func:`resume_command`): a quit names it, on a line of its own
    but for plain ``gin-tui`` (copied whole)."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    if not stdin.isatty():
        return GIVE_UP
    state = saved.state
    at = match_point(state.hand_no, state.phase.ended)
    opponent = f"Computer ({saved.settings.get('ai', 'standard')})"  # as the resume note names it
    score = f"you {state.scores[0]}, {opponent} {state.scores[1]}"  # as host's resume line says it
    print(_fitted(f"You have an unfinished match ({at}; {score}).", stdout), file=stdout)
    if same:
        new = f"It was dealt from seed {seed}: --seed {seed} deals it anew, yours given up and counted as abandoned."
    else:
        new = f"--seed {seed} starts a new match: yours would be given up and counted as abandoned."
    print(_fitted(new, stdout), file=stdout)  # broken between words on a terminal
    choices = [("r", RESUME, "resume it (the same seed)")] if same else []
    choices.append(("g", GIVE_UP, "give it up and play the new match (--new does so without asking)"))
    answer = ask_choice(
        choices,
        f"nothing was given up; {command} resumes your match."
        if command == "gin-tui"
        else f"nothing was given up; this resumes your match:\n  {command}",  # the command whole on its line
        stdin,
        stdout,
    )
    return answer if answer in (GIVE_UP, RESUME) else KEEP


DEALER_SEATS = {"you": 0, "computer": 1}
"""``--dealer``'s words and the seats they name."""


def new_state(settings: Settings, seed, hand: int | None, dealer: int | None = None) -> GameState:
    """A new match with ``settings``' rules, dealt from ``seed`` (hand ``hand`` of it, if given,
    dealt by the seat ``dealer`` when given)."""
    return dealt(settings.rules, seed, hand, dealer)


def dealt(rules: Rules, seed, hand: int | None, dealer: int | None = None) -> GameState:
    """A new match with ``rules``, dealt from ``seed`` (hand ``hand`` of it, if
    given, by the seat ``dealer``: without one, as if the deal alternated from
    the computer dealing hand 1)."""
    from ginrummy_tui.engine import deal_hand, new_game

    if hand is not None and (hand > 1 or dealer is not None):
        return deal_hand(rules, seed if seed is not None else 0, hand_no=hand, dealer=dealer)
    return new_game(rules, seed=seed)


def replay_dealer(root: Path, rules: Rules, seed, hand: int, given: str | None) -> tuple[int | None, list[str]]:
    """Who deals hand ``hand`` of seed ``seed`` (``--seed N --hand K``): the
    seat ``--dealer`` names (``given``); else, where the winner of a hand
    deals the next (so the seed alone does not say who deals hand K), the
    dealer the history recorded for that hand in the player's last match of
    that seed; else None (the deal alternates).  With a note for the player
    where the rules make it matter and ``--dealer`` did not say (after what
    opening the history said)."""
    if given is not None:
        return DEALER_SEATS[given], []
    if hand < 2 or rules.next_dealer != "winner" or seed is None:
        return None, []
    from ginrummy_tui.storage.history import recorded_dealer

    found, said = recorded_dealer(root, seed, hand)
    if found is not None:
        who, other = ("you", "computer") if found == 0 else ("the computer", "you")
        return found, [*said, (
            f"Hand {hand} of seed {seed} is dealt by {who}, as in your match of that seed "
            f"(the winner of a hand deals the next); --dealer {other} deals it the other way."
        )]
    return None, [*said, (
        f"The winner of a hand deals the next, and no match of seed {seed} in your history says who "
        f"won hand {hand - 1}: hand {hand} is dealt by {'the computer' if hand % 2 else 'you'}, as if the deal "
        "alternated; --dealer you or --dealer computer says who deals it."
    )]


def prepare(
    args: argparse.Namespace,
    ask: Callable[..., str] = ask_open_elsewhere,
    themes: Collection[str] | None = None,
    give_up: Callable[..., str] | None = None,
) -> Plan:
    """Settle what to play and take its lock.  Raises :class:`Refused` when
    there is nothing to play (a bad option, or the player chose to quit).
    ``give_up(saved, seed, same=...)``: whether ``--seed`` without ``--new`` gives up the
    unfinished match the player has moved in, resumes it (only where it is ``same``: of
    that seed, rules and opponent) or quits (None: :func:`ask_give_up`, naming the
    command that resumes it).
    ``themes``: the names of the themes there are, for the settings file's
    theme to be checked with its other values.  The notes for the player come
    in order of importance: what became of the match, then of the settings."""
    from ginrummy_tui.storage.config import LEVELS, LoadedSettings, Settings, apply_args, config_dir, load_settings
    override = getattr(args, "data_dir", None)
    root = data_dir(override)
    cdir = config_dir(override)
    notes: list[str] = []
    blocked = not_a_directory(root) if cdir == root else None  # the home given, for settings and saves alike
    if blocked is not None:  # one note for both, naming what was given (the settings file is not to blame)
        given = "--data-dir" if override else ENV_HOME
        why = "which is not a directory" if blocked == root else f"but {blocked} is not a directory"
        notes.append(
            f"Your match cannot be saved or recorded, nor your settings read: {given} is {root}, {why}; "
            "choose a folder with --data-dir or GIN_TUI_HOME."
        )
        loaded = LoadedSettings(Settings())
    else:
        loaded = load_settings(cdir, themes)
    settings_note = loaded.message()  # said after what became of the match
    try:
        settings = apply_args(loaded.settings, args)
    except ValueError as exc:
        raise Refused(f"gin-tui: {exc}", 2) from None
    seed = getattr(args, "seed", None)
    hand = getattr(args, "hand", None)
    replay = hand is not None
    fresh = bool(getattr(args, "new", False)) or seed is not None or replay

    unsaved = False
    taken_from: str | None = None  # the note of a match taken over from another gin-tui that closed or was killed
    taken_then = ""  # the same, said after what became of the match ("It was taken over ...")
    new_option = ""
    seed_option = ""
    unusable = ""
    unsaved_note = ""
    try:
        store = Store(root, REPLAY_SLOT) if replay else Store(root)
        got_lock = store.lock.acquire()
        notes.extend(store.lock.notes)  # a link in the lock file's place, moved aside
    except OSError as exc:
        # play anyway (a saved match is still read if it can be): only saving is lost
        unusable = store.lock.unusable(exc)
        if blocked is None:
            unsaved_note = f"Your match cannot be saved or recorded: {unusable}; {way_out(store.lock.path)}."
            notes.append(unsaved_note)
        got_lock = unsaved = True
    if not got_lock:
        # a gin-tui whose terminal just closed (a dropped SSH connection) may still be closing
        got_lock = store.lock.wait_for(LOCK_PATIENCE)
    if not got_lock:
        owner = store.lock.owner()
        text = owner.describe() if owner else "another process"
        oldest = [] if fresh else leftover_separate_saves(root)
        # --new gives the match up whatever happens (--seed N may still ask, and keep it)
        new_option = "--new" if getattr(args, "new", False) and not replay else ""
        # --seed N without --new: the question says that it asks then whether to give the match up
        seed_option = f"--seed {seed}" if seed is not None and not replay and not new_option else ""
        answer = ask(
            text,
            can_take=owner is not None and owner.here and owner.pid != os.getpid(),
            **({"stopped": True} if owner is not None and owner.stopped else {}),
            waiting=oldest[0].name if oldest else None,
            gone=store.lock.acquire,
            command=resume_command(args),
            # what --new, or --seed N (which asks first), does with the match, read from its save
            **(
                {"new": new_option or seed_option, "stake": stake_of(store.path), "asks_first": bool(seed_option)}
                if new_option or seed_option
                else {}
            ),
        )
        if answer != "quit" and store.lock.held:  # the other gin-tui closed by itself while the player was asked
            notes.append(GONE_NEW_NOTE if fresh else GONE_NOTE)
        elif answer == "take" and owner is not None:
            print("Closing the other gin-tui...", file=sys.stderr)
            if new_option:  # the gin-tui closed is told what becomes of its match
                store.lock.tell_holder(
                    owner,
                    f"with {new_option}, to set this match aside (abandoned) and start a new one",
                    unmoved=f"with {new_option}, to start a new match in place of this one; "
                    "you had made no move in it, so it counts as nothing",
                )
            try:
                took = store.lock.take_over(owner, LOCK_GRACE)
                if took is None:
                    raise Refused(f"gin-tui: the other gin-tui ({text}) could not be closed; your match is still open there", 1)
            finally:
                store.lock.tell_holder(owner, None)
            said_taken = taken_over_note(took, text, LOCK_GRACE, fresh=fresh)
            notes.append(said_taken)
            if took is not TakeOver.FREE:
                taken_from = said_taken
                taken_then = taken_over_note(took, text, LOCK_GRACE, fresh=fresh, subject="It")
        elif answer == "separate":
            # the oldest separate match waiting (open nowhere) goes on; a new one with --new
            waiting = None
            for path in [] if fresh else leftover_separate_saves(root):
                candidate = Store(root, path.name)
                try:
                    taken = candidate.lock.acquire()
                except OSError:  # its lock file cannot be made or opened: the next one, or a new match
                    continue
                if taken:
                    waiting = candidate
                    break
            if waiting is not None:
                store = waiting
            else:
                store = Store.separate(root)
                try:
                    taken = store.lock.acquire()
                except OSError as exc:
                    raise Refused(f"gin-tui: could not start a separate match: {store.lock.unusable(exc)}", 1) from None
                if not taken:
                    raise Refused("gin-tui: could not start a separate match", 1)
                fresh = True
        else:
            store.lock.release()  # taken as the question was answered (the other gin-tui had closed), or never
            raise Refused("", 0)

    try:
        opened = store.load(
            functools.partial(practice_damaged, command=resume_command(args), root=root)
            if replay
            else separate_damaged
            if store.is_separate
            else None,
            finished=not replay,  # a finished match is resumed where it stood, or archived below (--new)
        )
        notes.extend(opened.messages)
        lost = [opened.error.remains] if opened.error is not None and opened.error.remains else []
        saved = opened.saved
        if replay and saved is not None and not saved.replay:
            notes.append(not_practice(store, resume_command(args)))
            saved = None
        separate = store.is_separate
        if saved is None and opened.error is None and opened.denied is None and store.path.name == SAVE_NAME and not fresh:
            # a separate match left unfinished while this one was open elsewhere: carry on with it
            for leftover in leftover_separate_saves(root):
                found = read_save(leftover)
                if isinstance(found, LoadError) and not found.denied:
                    # set aside where it is, under its own name, and told as the separate match it was
                    damaged = Store(root, leftover.name).load(separate_damaged)
                    notes.extend(damaged.messages)
                    if damaged.error is not None and damaged.error.remains:
                        lost.append(damaged.error.remains)
                    continue
                try:
                    os.replace(leftover, store.path)
                except OSError:
                    continue
                again = store.load(finished=True)
                notes.extend(again.messages)
                if again.error is not None and again.error.remains:  # damaged meanwhile: set aside in its turn
                    lost.append(again.error.remains)
                if again.saved is not None:
                    saved, separate = again.saved, True
                    break
        if saved is not None and seed is not None and not replay and not getattr(args, "new", False):
            from ginrummy_tui.storage.store import player_moved

            if give_up is None:
                give_up = functools.partial(ask_give_up, command=resume_command(args))
            if player_moved(saved.state) and not saved.state.over:
                same = (
                    saved.state.seed == str(seed)
                    and saved.state.match_no == 1
                    and saved.state.rules == settings.rules
                    and saved.settings.get("ai", settings.ai) == settings.ai
                )
                answer = give_up(saved, seed, same=same)
                if answer == RESUME:
                    fresh = False  # as gin-tui without --seed: the match goes on
                elif answer != GIVE_UP:
                    raise Refused("", 0)  # the player keeps the match: nothing was touched
        if saved is not None and fresh and saved.state.over:
            # over already: out of the slot, its record written (and the file
            # archived) from there once the table is up (or at the next start)
            notes.extend(set_aside_finished(store, saved))
            notes.append(ended_note(saved))
            saved = None
        if saved is not None and fresh and unsaved:
            # nothing in the data directory may be changed: the match stays, and the next start resumes it
            if blocked is None:
                notes.remove(unsaved_note)
            why = unusable or "the data directory is not usable"
            if replay:
                notes.append(
                    f"The practice deal left unfinished last time could not be set aside: {why}. "
                    "It is left as it is; this practice deal is not saved."
                )
            else:
                notes.append(
                    f"Your unfinished match could not be set aside: {why}. It is left as it is, and "
                    f"{resume_command(args)} resumes it; this new match is not saved or recorded."
                )
            store.held = f"the unfinished match in {store.path} could not be set aside ({why})"  # never written over
            saved = None
        if saved is not None and fresh:
            # Given up for the new match: the save leaves the slot at once, and
            # the app marks its record abandoned (and archives it) once the
            # table is on the screen, so the history database (and sqlite3)
            # never loads before the first frame.
            from ginrummy_tui.storage.store import player_moved

            moved = player_moved(saved.state)  # not: it counts as nothing, and is not called a match given up
            where, said = give_up_saved(store, saved)
            notes.extend(said)
            kept = f" (kept in {where})" if where else ""
            if replay:
                # the practice slot: the player's own match is not touched
                notes.append(f"The practice deal left unfinished last time was set aside{kept}; your own match is not affected.")
            elif taken_from is not None and (new_option or seed_option):
                # one note: the match taken over is the one set aside.  What became of it
                # comes first: a note too long for a toast is shown in parts, in order,
                # and the first was the take-over alone, over the new match's deal.
                notes.remove(taken_from)
                asked_by = new_option or seed_option
                if moved:
                    became = (
                        f"As {asked_by} asks, your match was set aside{kept}, counted as abandoned, "
                        "and a new match has started."
                    )
                else:
                    became = (
                        f"As {asked_by} asks, a new match has started in place of yours; you had made no move "
                        f"in it, so it counts as nothing{kept}."
                    )
                notes.append(f"{became} {taken_then}")
            elif moved:
                notes.append(f"Your unfinished match was set aside{kept}, counted as abandoned; a new match has started.")
            else:
                notes.append(
                    f"A new match has started in place of your last one; you had made no move in it, "
                    f"so it counts as nothing{kept}."
                )
            saved = None
        if store.path.name == SAVE_NAME:
            notes.extend(separate_waiting(root))
        if saved is not None:
            ai = saved.settings.get("ai")
            if ai not in LEVELS:
                if ai is not None:
                    notes.append(f"The saved match named an unknown opponent ({ai!r}); it goes on against {settings.ai}.")
                ai = settings.ai
            keeper = Keeper(
                store,
                match_id=saved.match_id,
                settings={**settings.play_settings(), "ai": ai},
                replay=saved.replay,
                has_save=True,
            )
            asked_rules = getattr(args, "rules", None) or getattr(args, "rule", None)
            differs = (asked_rules and saved.state.rules != settings.rules) or (
                getattr(args, "ai", None) and ai != settings.ai
            )
            if differs and saved.state.phase == Phase.MATCH_OVER:  # its last hand's end and result, no match to go on
                notes.append(
                    "Your last match had just ended: its end is shown with its own rules and opponent; "
                    "your --rules/--rule/--ai choice starts with the next match."
                )
            elif differs:
                notes.append(
                    "Resumed your unfinished match with its own rules and opponent; "
                    "your --rules/--rule/--ai choice starts with the next match (or now with --new)."
                )
            plan = Plan(
                saved.state, keeper, settings, ai, root, cdir, resumed=True, separate=separate, ui=dict(saved.ui), notes=notes
            )
        else:
            dealer, dealer_notes = (None, []) if hand is None else replay_dealer(
                root, settings.rules, seed, hand, getattr(args, "dealer", None)
            )
            notes.extend(dealer_notes)
            state = new_state(settings, seed, hand, dealer)
            keeper = Keeper(store, settings=settings.play_settings(), replay=replay)
            plan = Plan(state, keeper, settings, settings.ai, root, cdir, separate=store.is_separate, notes=notes)
            if seed is not None and hand is None:
                plan.seeded = state.seed
        plan.saved_settings = loaded.settings
        # marked abandoned once the table is up (a practice deal's, whatever its file says, as one)
        plan.keeper.lost = [dataclasses.replace(r, replay=True) for r in lost] if replay else lost
        if settings_note:
            notes.append(settings_note)
        plan.keeper.hold(plan.state)  # saved once the table is on the screen (Plan.after_first_frame)
        plan.store.lock.watch()  # its file removed by hand, it is made again: a second gin-tui is still refused
        if unsaved:  # the player has been told: neither the first failed save nor the history says it again
            plan.keeper.failing = True
            plan.keeper.record = False
        return plan
    except BaseException:
        store.lock.release()
        raise
