"""The words of a note (a toast) that names a file: the path with the home
directory as ``~``, and the lines broken only between words or after a
separator of the path, so that a path reads whole in the toast's narrow
column (the toast itself breaks a long word anywhere); and of a note that
holds a group of words (:func:`~ginrummy_tui.engine.words.together`: "hand 1",
"gin-tui --data-dir /tmp/x"), broken between the groups, never inside one
where it fits a line (the toast breaks a line at any space)."""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len

from ginrummy_tui.engine.words import GLUE, apart

from .widgets.too_small import NORMAL_WIDTH, TALL_HEIGHT, WIDE_WIDTH

if TYPE_CHECKING:
    from textual.app import App
    from textual.widget import Widget

TOAST_TEXT_WIDTH = 31
"""The columns of a toast's words: its width in ``app.tcss`` (34) less its
left border and its padding."""
WIDE_TOAST = 60
"""The width of a warning where toasts have six lines (below 24 rows or 80
columns, ``app.tcss``): Textual's toast width, at most the screen's."""
TOAST_EDGES = 3
"""A toast's left border and its padding."""
TABLE_LEFT = 46
"""The columns a note leaves at the left from 24 rows and 80 columns
(``app.tcss``): the other player's name and cards, the piles and their words."""
TABLE_WIDTH = 104
"""The table's widest (its ``max-width`` in ``game_screen.tcss``)."""
LOG_FROM = 150
"""From this many columns the hand's log stands beside the table (the table's
104 and the log's 42, with room to spare)."""
LOG_WIDTH = 42
"""The fewest columns of the hand's log beside the table, at :data:`LOG_FROM` columns
(``widgets/hand_log.tcss``)."""
LOG_WIDEST = 64
"""The most columns the log takes on a wider terminal: its longest turns on one line
(" 9 Computer  drew from stock, threw 10♠ to knock", with a name of up to 20 letters,
its edge, padding and scroll bar), the rest of the room left to the table's margins."""
LOG_SPARE = LOG_FROM - TABLE_WIDTH - LOG_WIDTH
"""The columns the table and the log leave free at :data:`LOG_FROM` (two a side of the table)."""


def log_width(width: int) -> int:
    """The columns of the hand's log beside the table (and the end of a hand) on a screen
    ``width`` columns wide (from :data:`LOG_FROM`): the room the table leaves, between
    :data:`LOG_WIDTH` and :data:`LOG_WIDEST`.  At 42 whatever the terminal, a long turn
    wrapped at 200 columns while 50 stood empty."""
    return max(LOG_WIDTH, min(LOG_WIDEST, width - TABLE_WIDTH - LOG_SPARE))


LOWERED_RESERVE = 8
"""Rows kept under the table, or the end of a hand, where it stands lower on a tall screen:
for a hint or a reason of several lines, the listed pile's, a line that says why a key does
nothing (:func:`lowered_rows`)."""


def lowered_rows(spare: int) -> int:
    """The rows the table's parts under its score line (or the end of a hand, the match's
    result) stand lower on a tall screen, given the ``spare`` rows they do not need above the
    key bar: half of them, in the middle (they stood at the top, and at 80x50 left 27 rows
    empty under the table), as long as :data:`LOWERED_RESERVE` stay under them; none where
    fewer than that are spare."""
    return max(0, min(spare // 2, spare - LOWERED_RESERVE))


def table_columns(width: int) -> tuple[int, int]:
    """The first column of the table on a screen ``width`` columns wide, and its
    width: it is centred in what the hand's log leaves (all of it below
    :data:`LOG_FROM` columns; :func:`log_width`), at most :data:`TABLE_WIDTH` wide.
    The toasts on the table keep to these columns (``GameScreen``), clear of the log."""
    room = width - log_width(width) if width >= LOG_FROM else width
    table = min(TABLE_WIDTH, room)
    return (room - table) // 2, table


def cards_shift(table: int) -> int:
    """The columns the table's cards (a block of eleven wider cards, ``widgets/hand.py``'s
    ``WIDE_ROW``) stand right of their place at the table's left, in the middle of a table
    ``table`` columns wide (less its padding of one a side) that is wider than the block:
    a column for every two the table has over 90, so from 92 columns; 0 where they fill it.  The lines between and under them go with them
    (``GameScreen``), and the notes beside them keep clear of them."""
    from .widgets.hand import WIDE_ROW

    return max(0, (table - 2 - WIDE_ROW) // 2)


def notes_shift(table: int) -> int:
    """The columns the notes on a table ``table`` columns wide stand right of their place
    at 80 columns: beside the cards wherever they stand (:func:`cards_shift`), and where
    those are shifted, two more, for a blank column after the piles' words (their "t: take
    the upcard" ends in the 46th column of the cards' block, next to a note's edge)."""
    shift = cards_shift(table)
    return shift + 2 if shift else 0


def toast_text_width(width: int, height: int, severity: str) -> int:
    """The columns of a toast's words on a screen of ``width`` × ``height``: from
    24 rows and 80 columns every note takes the room right of the table's left
    parts, in the table's columns (``app.tcss``, :func:`table_columns`), so that
    the name of a file fits a line where there is room for it, and notes one after
    another start at one column whatever their kind.  Where the toasts have six
    lines only, a warning (a note that names a file, most often) is wider than
    the others, so that what happened and the path fit them (and while one is up
    every note is as wide, ``GinApp._fit_notes``: ask with ``"warning"`` then)."""
    if height >= TALL_HEIGHT and width >= NORMAL_WIDTH:
        _left, table = table_columns(width)
        beside = table - TABLE_LEFT - notes_shift(table)  # right of the cards, wherever they stand
        return min(WIDE_TOAST, max(TOAST_TEXT_WIDTH + TOAST_EDGES, beside)) - TOAST_EDGES
    if severity == "information":
        return TOAST_TEXT_WIDTH
    return min(WIDE_TOAST, width) - TOAST_EDGES

_PATH = re.compile(r"(?:(?<=[\s'\"(])|^)~?/[^\s'\"()/]+/[^\s'\"()]*")
"""A path in a message: it starts with ``/`` (or ``~/``) at the start of a word,
or after a quote or a parenthesis, has a directory, and runs to a space, a
quote or a parenthesis."""

_TRAILING = ".,;:!?"
"""Punctuation that ends the sentence after a path rather than the path."""


def shown_path(path: str) -> str:
    """``path`` with the home directory as ``~``."""
    home = os.path.expanduser("~").rstrip("/")
    if home and home != "~" and (path == home or path.startswith(home + "/")):
        return "~" + path[len(home) :]
    return path


_NAME_BITS = re.compile(r"\d{8}-\d{6}[-_.]?|[^-_.]*[-_.]|[^-_.]+")
"""The bits a file name too long for a line may be cut between: after a dot, a
dash or an underscore, but never inside the time stamp of a file set aside
(``current.json.damaged-20261203-131139``: the date and the time read as one)."""


def _path_pieces(path: str, width: int) -> list[str]:
    """``path`` in pieces that end at a separator; a file name too long for a
    line is cut after a dot, a dash or an underscore, not inside a time stamp
    (anywhere, as a last resort)."""
    pieces: list[str] = []
    for part in re.findall(r"[^/]*/|[^/]+", path):
        if cell_len(part) <= width:
            pieces.append(part)
            continue
        chunk = ""
        for bit in _NAME_BITS.findall(part):
            while cell_len(bit) > width:  # no dot, dash or underscore for a whole line
                pieces.append(chunk + bit[: width - cell_len(chunk)])
                bit, chunk = bit[width - cell_len(chunk) :], ""
            if chunk and cell_len(chunk) + cell_len(bit) > width:
                pieces.append(chunk)
                chunk = ""
            chunk += bit
        if chunk:
            pieces.append(chunk)
    return pieces


def _atoms(word: str, width: int, tilde: bool = True) -> list[str]:
    """A word as the pieces a line may end after (more than one only when it holds a path);
    with ``tilde``, the home directory of a path as ``~``."""
    match = _PATH.search(word)
    if match is None:
        return [word]
    path = match.group().rstrip(_TRAILING)
    end = match.start() + len(path)
    pieces = _path_pieces(shown_path(path) if tilde else path, width)
    pieces[0] = word[: match.start()] + pieces[0]
    after = word[end:]
    if after and cell_len(pieces[-1]) <= width < cell_len(pieces[-1] + after):
        pieces.append(after)  # the name fills a line: the full stop after it starts the next one
    else:
        pieces[-1] += after
    return pieces


def _first_line(atoms: list[str], width: int) -> str:
    """The first line of the pieces ``atoms`` of a word holding a path, on a line of its own
    ``width`` columns wide (the whole word where it fits)."""
    line = atoms[0]
    for atom in atoms[1:]:
        if cell_len(line) + cell_len(atom) > width:
            break
        line += atom
    return line


def _words(paragraph: str, width: int, tilde: bool) -> list[str]:
    """The words of ``paragraph`` as :func:`note_text` lays them out: a group of them
    (joined by no-break spaces, :func:`~ginrummy_tui.engine.words.together`) one word
    where it fits a line, its path's home directory as ``~`` (with ``tilde``), else its
    words one by one."""
    out: list[str] = []
    for word in re.split(r"[ \t]+", paragraph):  # not at a no-break space
        if not word:
            continue
        if GLUE not in word:
            out.append(word)
            continue
        parts = word.split(GLUE)
        whole = GLUE.join("".join(_atoms(part, width, tilde)) for part in parts)
        out.extend([whole] if cell_len(whole) <= width else parts)
    return out


def note_text(message: str, width: int = TOAST_TEXT_WIDTH, *, tilde: bool = True) -> str:
    """``message`` as a toast shows it best: unchanged when it names no file and
    holds no group of words; else with the home directory as ``~`` (unless not
    ``tilde``: the command line prints a path as it is) and broken into lines of
    at most ``width`` columns, between words or after a separator of a path (a
    path that does not fit the rest of a line starts the next one), never inside
    a group that fits a line (:func:`~ginrummy_tui.engine.words.together`)."""
    if _PATH.search(message) is None and GLUE not in message:
        return message
    width = max(width, 1)  # a terminal squeezed to a few columns: a piece at least a column wide
    out: list[str] = []
    for paragraph in message.split("\n"):
        line = ""
        for word in _words(paragraph, width, tilde):
            atoms = _atoms(word, width, tilde) if GLUE not in word else [word]
            if len(atoms) > 1 and line and cell_len(line) + 1 + cell_len(_first_line(atoms, width)) > width:
                # a path that does not fit the rest of the line starts the next one; a path
                # longer than a line stays with the words before it where its first line
                # fits after them ("to /tmp/data_vc/dmg/", not "to" alone)
                out.append(line)
                line = ""
            for n, atom in enumerate(atoms):
                gap = " " if n == 0 and line else ""
                if line and cell_len(line) + len(gap) + cell_len(atom) > width:
                    out.append(line)
                    line = atom
                else:
                    line += gap + atom
        out.append(line)
    return apart("\n".join(out))


TOAST_ROWS = 6
"""The lines of the toasts' room (``app.tcss``): under the score line, right of
the other player's cards and name; on the table under that name line, beside the
cards and the piles."""
TALL_TOAST_ROWS = 8
"""The lines of the toasts' room on the table from 24 rows and 80 columns
(``app.tcss``): under the other player's name line, beside its cards and
the piles, above the line of the last moves."""
WIDE_TOAST_ROWS = 9
"""The lines of that room from 24 rows and 110 columns, where the piles are a line lower."""


def toast_rows(width: int, height: int) -> int:
    """The lines the toasts have on the table on a screen of ``width`` × ``height`` (``app.tcss``)."""
    if height < TALL_HEIGHT or width < NORMAL_WIDTH:
        return TOAST_ROWS
    return WIDE_TOAST_ROWS if width >= WIDE_WIDTH else TALL_TOAST_ROWS


def note_lines(message: str, width: int) -> int:
    """The lines ``message`` takes in a toast whose words have ``width`` columns."""
    width = max(width, 1)
    lines = 0
    for line in note_text(message, width).split("\n"):
        lines += 1
        row = 0  # the columns taken on the line
        for word in line.split():
            size = cell_len(word)
            if row and row + 1 + size <= width:
                row += 1 + size
                continue
            if row:
                lines += 1  # the word starts the next line
            while size > width:  # a word longer than a line is cut
                lines += 1
                size -= width
            row = size
    return lines


_SENTENCE_END = re.compile(r"(?<=[.;:!?])\s+")
"""Where a sentence too long for the toasts' room may be cut into parts: after a
``;`` or a ``:`` inside it."""


def note_parts(message: str, width: int, rows: int) -> list[str]:
    """``message`` in parts of at most ``rows`` lines of ``width`` columns, so that
    each part is read whole in a toast; one part when it fits.  A part ends at the
    end of a sentence wherever one fits: sentences go together while they fit, and
    a sentence longer than ``rows`` lines by itself starts a part of its own and is
    cut inside, after a ``;`` or a ``:`` (its last piece may go with the sentences
    after it).  Filled with the next sentence's first words up to its ``;``, a part
    ended mid-sentence where the sentence before ended in it."""
    if note_lines(message, width) <= rows:
        return [message]
    parts: list[str] = []
    part = ""

    def fits(text: str) -> bool:
        return note_lines(text, width) <= rows

    for sentence in re.split(r"(?<=[.!?])\s+", message):
        if part and fits(f"{part} {sentence}"):
            part = f"{part} {sentence}"
            continue
        if part:
            parts.append(part)  # it ends at a sentence's end
            part = ""
        if fits(sentence):
            part = sentence
            continue
        for piece in _SENTENCE_END.split(sentence):  # too long alone: cut after a ";" or a ":"
            if part and fits(f"{part} {piece}"):
                part = f"{part} {piece}"
            else:
                if part:
                    parts.append(part)
                part = piece
    if part:
        parts.append(part)
    return parts


def rack_rows(app: App[Any], rack: Widget) -> int:
    """The rows the notes up in ``rack`` (a screen's toast rack) take: as laid out, or for one
    not laid out yet (it has no size where it has no room), as many as its words take at the
    toasts' width."""
    rows = 0
    width, height = app.size
    for holder in rack.children:
        if holder.outer_size.height:
            rows += holder.outer_size.height
            continue
        for toast in holder.query("Toast"):
            # as wide as a warning while one is up (GinApp._fit_notes)
            plain = toast.has_class("-information") and not app.has_class("-warning-up")
            severity = "information" if plain else "warning"
            rows += note_lines(str(toast.render()), toast_text_width(width, height, severity))
    return rows
