"""The wire format of network play: newline-delimited JSON objects.

Every message is one JSON object on one line, with a ``"type"``.  The full
list is in ``docs/protocol.md``; this module holds the constants, the codec
for one line, the JSON form of a :class:`~ginrummy_tui.engine.PlayerView`
(cards and actions as their text forms, ``"7H"``, ``"discard 7H"``), and the
join code.
"""

from __future__ import annotations

import hmac
import json
import secrets
from typing import Any

from ginrummy_tui.engine import HandRecord, HandResult, Move, PlayerView, Rules, parse_action
from ginrummy_tui.engine.state import PHASES, _cards, _enc, _int, _knock, _opt_card, _opt_int, _pair

PROTOCOL_VERSION = 1
"""Bumped whenever a message changes in a way an older peer would misread."""
DEFAULT_PORT = 7531
DEFAULT_BIND = "127.0.0.1"
MAX_CLIENT_LINE = 4096
"""Longest line (bytes, newline included) the server accepts from a client."""
MAX_SERVER_LINE = 1 << 20
"""Longest line a client accepts from the server (a view with a long score sheet is a few KB)."""

# client -> server
HELLO = "hello"
ACTION = "action"
PING = "ping"
CLIENT_TYPES = (HELLO, ACTION, PING)
# server -> client
WELCOME = "welcome"
STATE = "state"
ERROR = "error"
PONG = "pong"
BYE = "bye"
SERVER_TYPES = (WELCOME, STATE, ERROR, PONG, BYE)

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
    except (ValueError, RecursionError) as exc:  # bad JSON, bad UTF-8, a number too long
        raise ProtocolError(f"not JSON: {exc}") from None
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


def normalize_code(code: Any) -> str:
    """The comparable form of a code as typed: upper case, no dashes or spaces."""
    if not isinstance(code, str):
        return ""
    return "".join(ch for ch in code.upper() if ch not in "- \t")


def codes_match(given: Any, expected: str) -> bool:
    """Compare a code in constant time (:func:`hmac.compare_digest`)."""
    return hmac.compare_digest(normalize_code(given).encode("utf-8"), normalize_code(expected).encode("utf-8"))


def clean_name(name: Any, default: str) -> str:
    """A player's name safe to show: letters, digits, space, ``-_.'``; at most 20 characters."""
    if not isinstance(name, str):
        return default
    kept = "".join(ch for ch in name if ch.isalnum() or ch in " -_.'")
    kept = " ".join(kept.split())[:20].strip()
    return kept or default


# ---------------------------------------------------------------- views


def view_to_dict(v: PlayerView) -> dict[str, Any]:
    """The JSON form of a view: every field, cards as ``"7H"``, actions as ``"discard 7H"``."""
    return {k: _enc(getattr(v, k)) for k in v.__dataclass_fields__}


def _history(x: Any) -> tuple[Move, ...]:
    if not isinstance(x, list):
        raise ValueError("expected a list of moves")
    return tuple(Move(_int(m["seat"]), parse_action(str(m["action"])), _opt_card(m["card"])) for m in x)


def _sheet(x: Any) -> tuple[HandRecord, ...]:
    if not isinstance(x, list):
        raise ValueError("expected a score sheet")
    return tuple(
        HandRecord(
            hand_no=_int(r["hand_no"]),
            dealer=_int(r["dealer"]),
            kind=str(r["kind"]),
            knocker=_opt_int(r["knocker"]),
            winner=_opt_int(r["winner"]),
            points=_int(r["points"]),
            deadwood=None if r["deadwood"] is None else _pair(r["deadwood"]),
            scores=_pair(r["scores"]),
        )
        for r in x
    )


def _result(res: Any) -> HandResult | None:
    if res is None:
        return None
    rh = res["hands"]
    if not isinstance(rh, list) or len(rh) != 2:
        raise ValueError("expected two hands in the result")
    return HandResult(
        kind=str(res["kind"]),
        knocker=_opt_int(res["knocker"]),
        winner=_opt_int(res["winner"]),
        points=_int(res["points"]),
        hands=(_cards(rh[0]), _cards(rh[1])),
        knock=_knock(res["knock"]),
        multiplier=_int(res.get("multiplier", 1)),
    )


def view_from_dict(d: Any) -> PlayerView:
    """Rebuild a view from :func:`view_to_dict`; raises ``ValueError`` if malformed."""
    if not isinstance(d, dict):
        raise ValueError("a view must be a JSON object")
    try:
        v = PlayerView(
            seat=_int(d["seat"]),
            hand=_cards(d["hand"]),
            opponent_hand_size=_int(d["opponent_hand_size"]),
            discard=_cards(d["discard"]),
            stock_size=_int(d["stock_size"]),
            phase=str(d["phase"]),
            current=_int(d["current"]),
            dealer=_int(d["dealer"]),
            rules=Rules.from_dict(d["rules"]),
            knock_limit=_int(d["knock_limit"]),
            multiplier=_int(d["multiplier"]),
            scores=_pair(d["scores"]),
            totals=_pair(d["totals"]),
            sheet=_sheet(d["sheet"]),
            hand_no=_int(d["hand_no"]),
            match_no=_int(d["match_no"]),
            history=_history(d["history"]),
            opponent_picked=_cards(d["opponent_picked"]),
            opponent_known=_cards(d["opponent_known"]),
            taken=_opt_card(d["taken"]),
            drawn=_opt_card(d["drawn"]),
            passes=_int(d["passes"]),
            stock_only=bool(d["stock_only"]),
            result=_result(d["result"]),
            winner=_opt_int(d["winner"]),
            legal_actions=tuple(parse_action(str(a)) for a in _list(d["legal_actions"])),
        )
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(f"malformed view: {type(exc).__name__}: {exc}") from None
    problems = []
    if v.seat not in (0, 1) or v.current not in (0, 1) or v.dealer not in (0, 1):
        problems.append("seats must be 0 or 1")
    if v.phase not in PHASES:
        problems.append(f"unknown phase {v.phase!r}")
    if len(set(v.hand)) != len(v.hand) or len(v.hand) > 11:
        problems.append("impossible hand")
    if set(v.hand) & set(v.discard):
        problems.append("a card is both in the hand and on the discard pile")
    if problems:
        raise ValueError("impossible view: " + "; ".join(problems))
    return v


def _list(x: Any) -> list:
    if not isinstance(x, list):
        raise ValueError("expected a list")
    return x


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
    "view_to_dict",
    "view_from_dict",
]
