"""The wire format of network play: newline-delimited JSON objects.

Every message is one JSON object on one line, with a ``"type"``.  The full
list is in ``docs/protocol.md``; this module holds the constants, the codec
for one line and the join code, and exports again the engine's JSON form of a
:class:`~ginrummy_tui.engine.PlayerView` (``view_to_dict``, ``view_from_dict``
in :mod:`ginrummy_tui.engine.state`: cards and actions as their text forms,
``"7H"``, ``"discard 7H"``).
"""

from __future__ import annotations

import getpass
import hmac
import json
import secrets
from typing import Any

from ginrummy_tui.engine.state import view_from_dict, view_to_dict
from ginrummy_tui.storage.files import good_match_id, json_error_words

PROTOCOL_VERSION = 1
"""Bumped whenever a message changes in a way an older peer would misread."""
DEFAULT_PORT = 7531
DEFAULT_BIND = "127.0.0.1"
MAX_CLIENT_LINE = 4096
"""Longest line (bytes, newline included) the server accepts from a client."""
MAX_SERVER_LINE = 1 << 20
"""Longest line a client accepts from the server (a view with a long score sheet is a few KB)."""
HEARTBEAT = 10.0
"""Seconds between a client's pings to the host."""
SILENT_AFTER = 15.0
"""Seconds without a message from a seated connection after which the host counts that seat
as away (its game stopped without closing the connection: a laptop lid closed, a network
gone without a word, ``kill -STOP``).  A running client pings every :data:`HEARTBEAT` s, so
longer than one ping period (a ping a little late is not silence) and shorter than two (the
seat is found away well before the host drops it as idle, after 30 s)."""

DROPPED = "the network dropped it"
"""Why a connection ended, where the system says only that it broke (reset, timed out), as the
line says it after "Connection lost: " ("the connection to the host was lost" said it twice)."""

# client -> server
HELLO = "hello"
ACTION = "action"
PING = "ping"
HINT = "hint"
"""The player was shown a hint: the host tells the other player, and counts it for the hand."""
TOO_SMALL = "too_small"
"""The player's terminal became too small to show the table (``"too_small": true``), or big
enough again (``false``): the host's move clock and the game wait for that seat meanwhile.
Sent only to a host whose welcome lists it in its ``features``."""
# server -> client
WELCOME = "welcome"
STATE = "state"
ERROR = "error"
PONG = "pong"
BYE = "bye"
FEATURES = (TOO_SMALL,)
"""The messages this host takes beyond those of protocol version 1's first release, listed
in its welcome's ``features``: a client sends them only to a host that lists them (the
protocol version is unchanged, so that peers of either release still play together)."""

# error codes
E_MALFORMED = "malformed"
E_UNKNOWN = "unknown_type"
E_VERSION = "version"
E_CODE = "bad_code"
E_SEAT_TAKEN = "seat_taken"
E_NOT_JOINED = "not_joined"
E_ILLEGAL = "illegal"
E_STALE = "stale"
E_SEAT = "wrong_seat"
E_PAUSED = "paused"
E_TOO_LONG = "line_too_long"
E_FLOOD = "flood"
E_IDLE = "idle"
E_TOO_MANY_ERRORS = "too_many_errors"
E_CROWDED = "crowded"
"""A connection that had not said hello was dropped to make room for a newer one."""
E_REPLACED = "replaced"
"""The client held the seat before another (a second ``gin-tui join`` with the code) took it."""
NEW_MATCH_MESSAGE = "the host has started a new match, with a new join code"
"""The message of a ``bad_code`` error for the code of a match the host gave up (``--new``);
the error then also says ``"new_match": true`` (an optional field: older clients show the message)."""

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Join-code letters: no I, L, O, 0 or 1, which are easily misread."""
CODE_LENGTH = 8


class ProtocolError(ValueError):
    """A line that is not a valid message."""


# ---------------------------------------------------------------- lines


def encode(message: dict[str, Any]) -> bytes:
    """One message as a line of ASCII JSON, newline included."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=True).encode("ascii") + b"\n"


def decode(line: bytes | str) -> dict[str, Any]:
    """Parse one line into a message; raises :class:`ProtocolError` if it is
    not a JSON object with a string ``"type"``."""
    try:
        msg = json.loads(line)
    except RecursionError:  # in a player's words, not Python's ("maximum recursion depth exceeded ...")
        raise ProtocolError("not JSON: it is nested too deeply") from None
    except UnicodeDecodeError:
        raise ProtocolError("not JSON: it is not UTF-8 text") from None
    except ValueError as exc:  # bad JSON, a number too long
        raise ProtocolError(f"not JSON: {json_error_words(exc)}") from None
    if not isinstance(msg, dict):
        raise ProtocolError("a message must be a JSON object")
    if not isinstance(msg.get("type"), str):
        raise ProtocolError('a message needs a "type" string')
    return msg


# ---------------------------------------------------------------- join code


def new_code() -> str:
    """A fresh random join code such as ``"K7QM-3XPD"`` (about 40 bits, from :mod:`secrets`)."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


CLIENT_ID_LIMIT = 64
"""The most characters of the id a client gives in its hello."""


def new_client_id() -> str:
    """A fresh random id for a client, the same for each of its rejoins (from :mod:`secrets`)."""
    return secrets.token_hex(8)


def client_id(value: Any) -> str | None:
    """The id a client gave in its hello (None when it gave none usable: at most
    :data:`CLIENT_ID_LIMIT` ASCII letters and digits)."""
    if isinstance(value, str) and 0 < len(value) <= CLIENT_ID_LIMIT and value.isascii() and value.isalnum():
        return value
    return None


def normalize_code(code: Any) -> str:
    """The comparable form of a code as typed: upper case, no dashes or spaces."""
    if not isinstance(code, str):
        return ""
    return "".join(ch for ch in code.upper() if ch not in "- \t")


CODE_FORM = f"{CODE_LENGTH} letters and digits, like K7QM-3XPD"
"""What a join code is made of, in the player's words (the dash and letter case aside)."""


def code_shaped(code: Any) -> bool:
    """Whether ``code``, as typed, has the form of a join code (:data:`CODE_FORM`): once
    :func:`normalize_code` has put it in upper case without dashes or spaces, :data:`CODE_LENGTH`
    ASCII letters and digits.  One that is not cannot be any host's code."""
    plain = normalize_code(code)
    return len(plain) == CODE_LENGTH and plain.isascii() and plain.isalnum()


def codes_match(given: Any, expected: str) -> bool:
    """Compare a code in constant time (:func:`hmac.compare_digest`)."""
    return hmac.compare_digest(normalize_code(given).encode("utf-8"), normalize_code(expected).encode("utf-8"))


NAME_LIMIT = 20
"""The most characters of a player's name."""
CUT = "…"
"""What ends a name cut to :data:`NAME_LIMIT` characters, so that it shows it was cut."""


NAME_CHARACTERS = "letters, digits, spaces and - _ . '"
"""What a player's name keeps (:func:`clean_name`), in the player's words."""


BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")
"""The Hangul fillers: letters to Python (``isalnum``) that draw nothing, which
terminals draw as one or two blank columns where Rich counts none."""


def shown_letter(ch: str) -> bool:
    """Whether the letter or digit ``ch`` can be in a name: one that shows, as wide
    on every terminal as the table counts it (Rich's width, 1 or 2 columns, the one
    Unicode's East Asian width gives it: two for a wide one, else one).  Fillers
    (U+3164 HANGUL FILLER...) are not, nor letters of no width (the vowels and final
    consonants of Hangul jamo, which join the letter before them on some terminals
    and not on others)."""
    import unicodedata

    from rich.cells import get_character_cell_size

    if not ch.isalnum() or ch in BLANK_LETTERS:
        return False
    wide = unicodedata.east_asian_width(ch) in ("W", "F")
    return get_character_cell_size(ch) == (2 if wide else 1)


def unshown_letters(name: str) -> list[str]:
    """The letters and digits of ``name`` that a name leaves out as not shown (or not at
    a sure width: :func:`shown_letter`), each once, in their order."""
    return list(dict.fromkeys(ch for ch in name if ch.isalnum() and not shown_letter(ch)))


def clean_name(name: Any, default: str) -> str:
    """A player's name safe to show: letters and digits that show at a sure width
    (:func:`shown_letter`), space, ``-_.'``; at most 20 characters, a longer one
    cut to 19 and :data:`CUT` (a name cut so already is kept as it is)."""
    if not isinstance(name, str):
        return default
    kept = " ".join("".join(ch for ch in name if ch in " -_.'" or shown_letter(ch)).split())
    if kept and (len(kept) > NAME_LIMIT or name.rstrip().endswith(CUT)):
        kept = kept[: NAME_LIMIT - 1].rstrip() + CUT
    return kept or default


def distinct_name(name: str, other: str) -> str:
    """``name``, or, when it is the ``other`` player's (letter case aside: two
    players under the same login name), the same with a number after it
    ("alice 2"), within :data:`NAME_LIMIT`, so that no screen shows both
    players under one name."""
    number = 2
    while name.casefold() == other.casefold():
        suffix = f" {number}"
        base = name if len(name) + len(suffix) <= NAME_LIMIT else name[: NAME_LIMIT - len(suffix)].rstrip()
        if (base + suffix).casefold() != other.casefold():
            return base + suffix
        number += 1
    return name


def valid_match_id(value: Any) -> bool:
    """Whether ``value`` can be a match id sent by a host (a save's match id:
    :func:`~ginrummy_tui.storage.files.good_match_id`)."""
    return good_match_id(value)


def seat_counts(x: Any) -> list[int] | None:
    """``x`` as a count per seat (two whole numbers, none below 0: the hints
    shown to each), or None if it is not one."""
    if isinstance(x, list) and len(x) == 2 and all(type(n) is int and n >= 0 for n in x):
        return list(x)
    return None


def seat_names(x: Any) -> list[str] | None:
    """``x`` as a name per seat (two names, cleaned as :func:`clean_name` cleans them), or None
    if it is not one."""
    if not isinstance(x, list) or len(x) != 2:
        return None
    names = [clean_name(n, "") for n in x]
    return names if all(names) else None


def handovers(x: Any) -> list[list[tuple[int, str, int]]]:
    """``x`` (a ``state`` message's ``handovers``) as, by seat, where another player took the
    seat during the hand: ``(moves made before, who played until then, their hints in the
    hand)``, oldest first; entries that are not one are left out (none at all: ``[[], []]``)."""
    seats: list[list[tuple[int, str, int]]] = [[], []]
    if not isinstance(x, list) or len(x) != 2:
        return seats
    for seat, entries in enumerate(x):
        for entry in entries if isinstance(entries, list) else []:
            if not isinstance(entry, dict):
                continue
            move, name, hints = entry.get("move"), clean_name(entry.get("from"), ""), entry.get("hints", 0)
            if type(move) is int and move >= 0 and name and type(hints) is int and hints >= 0:
                seats[seat].append((move, name, hints))
    return seats


def valid_time(value: Any) -> bool:
    """Whether ``value`` can be a time sent by a host (ISO 8601, as ``now_iso`` writes it)."""
    from datetime import datetime

    if not isinstance(value, str) or len(value) > 40:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def player_name(given: str | None, default: str) -> str:
    """The name to play under: the one given, else the login name, cleaned by
    :func:`clean_name` (``default`` when nothing usable is left)."""
    if not given:
        try:
            given = getpass.getuser()
        except Exception:  # no login name in this environment
            given = None
    return clean_name(given, default)


__all__ = [
    "PROTOCOL_VERSION",
    "DEFAULT_PORT",
    "DEFAULT_BIND",
    "ProtocolError",
    "encode",
    "decode",
    "new_code",
    "normalize_code",
    "codes_match",
    "clean_name",
    "shown_letter",
    "unshown_letters",
    "distinct_name",
    "player_name",
    "valid_match_id",
    "valid_time",
    "view_to_dict",
    "view_from_dict",
]
