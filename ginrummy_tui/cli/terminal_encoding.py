"""Whether the terminal's encoding can show the game's signs.

A locale that is not UTF-8 (``LANG=en_US.ISO-8859-1``) makes Python write the
terminal in that encoding: the suits, the card boxes' lines and the keys' signs
(♠ ─ ▒ ⏎ …) cannot be written in it, and Textual's stream writes each as its
escape (``\\u2660``), leaving the screen unreadable, where a command's ``print``
stops with a traceback.  There the game plays in ASCII by itself, as with
``--ascii``, for that run only, and says so once (:func:`ascii_note`); the
commands' own lines are written in ASCII too.  Under ``LANG=C`` Python writes
UTF-8 (PEP 538 and 540), and nothing changes.
"""

from __future__ import annotations

import codecs
import json
import os
from collections.abc import Iterable
from typing import Any

GAME_SIGNS = "♠♥♦♣─│┌┐└┘═║╔╗╚╝━┃▒▼◀⏎…—·−×✗⏱"
"""The signs the game draws outside ASCII: the suits, the card boxes' lines, the
card backs, the marks and the keys' signs.  An encoding that cannot write every
one of them cannot show the table."""

ERRORS = "gin-tui-ascii"
"""The error handler of standard output and error once they cannot write the
game's signs: a character they cannot write is written as the command's ASCII
writes it (:func:`~ginrummy_tui.cli.plain`), never as an escape or a traceback."""

_LOCALE_VARIABLES = ("LC_ALL", "LC_CTYPE", "LANG")
"""The variables that choose the encoding, the first set winning."""


def narrow_encoding(streams: Iterable[Any]) -> str | None:
    """The encoding of the first of ``streams`` (standard output and error) that
    cannot write :data:`GAME_SIGNS`, as the locale names it ("ISO-8859-1"); None
    when every one can (or is closed, or not a text stream)."""
    for stream in streams:
        encoding = stream_encoding(stream)
        if encoding is None:
            continue
        try:
            GAME_SIGNS.encode(encoding)
        except UnicodeEncodeError:
            return _named(encoding)
        except LookupError:  # an encoding Python does not know: let it be
            continue
    return None


def stream_encoding(stream: Any) -> str | None:
    """The encoding ``stream`` writes in, None where it has none to tell."""
    encoding = getattr(stream, "encoding", None) if stream is not None else None
    return encoding if isinstance(encoding, str) and encoding else None


def _named(encoding: str) -> str:
    """``encoding`` as the locale spells it ("ISO-8859-1", not Python's "iso8859-1")
    where it is the locale's, else as Python has it (``PYTHONIOENCODING``)."""
    import locale

    own = locale.getpreferredencoding(False)
    try:
        same = codecs.lookup(own).name == codecs.lookup(encoding).name
    except LookupError:
        same = False
    return own if same else encoding


def utf8_locale(environ: dict[str, str] | None = None) -> tuple[str, str]:
    """The locale variable that chose the encoding (``LC_ALL``, else ``LC_CTYPE``,
    else ``LANG``) and the UTF-8 locale of the same language to give it:
    ``("LANG", "en_US.UTF-8")`` for ``LANG=en_US.ISO-8859-1``, ``C.UTF-8`` where
    no language is named."""
    env = os.environ if environ is None else environ
    variable, value = next(((name, env[name]) for name in _LOCALE_VARIABLES if env.get(name)), ("LANG", ""))
    language = value.split(".", 1)[0].split("@", 1)[0]
    if language in ("", "C", "POSIX"):
        language = "C"
    return variable, f"{language}.UTF-8"


def ascii_note(encoding: str, environ: dict[str, str] | None = None) -> str:
    """The start note of a game played in ASCII because the terminal's
    ``encoding`` cannot show its signs."""
    variable, utf8 = utf8_locale(environ)
    return (
        f"Your terminal's encoding ({encoding}) cannot show the suits and lines: playing in ASCII, "
        f"as --ascii does. A UTF-8 locale ({variable}={utf8}) shows them."
    )


def json_escaped(text: str) -> str:
    """JSON ``text`` with every character outside ASCII written as its escape
    (``\\u00eb``), as ``json.dumps`` writes it by default: the same data, in
    ASCII alone (outside its strings JSON is ASCII)."""
    if text.isascii():
        return text
    return "".join(ch if ch.isascii() else json.dumps(ch)[1:-1] for ch in text)


def _written_plain(error: UnicodeError) -> tuple[str, int]:
    from ginrummy_tui.cli import ascii_plain

    if not isinstance(error, UnicodeEncodeError):
        raise error
    return ascii_plain(error.object[error.start : error.end]), error.end


def write_plainly(streams: Iterable[Any]) -> None:
    """Make ``streams`` (standard output and error) write a character their
    encoding cannot write in ASCII (:data:`ERRORS`), not as an escape nor with a
    traceback: what is printed without going through the command's own
    :func:`~ginrummy_tui.cli.plain` (a command to copy, argparse's lines)."""
    import io

    try:
        codecs.lookup_error(ERRORS)
    except LookupError:
        codecs.register_error(ERRORS, _written_plain)
    for stream in streams:
        if isinstance(stream, io.TextIOWrapper):
            try:
                stream.reconfigure(errors=ERRORS)
            except (ValueError, OSError):  # closed
                pass
