"""A match's record in its JSON form, as the history keeps it and exports it:
a hand's entry from the game state, a seat's record of a match, the check of
a record read back, the form ``gin-tui export`` gives it, and the compact
text a hand's moves are kept in (:mod:`ginrummy_tui.storage.history` writes
and reads the rows)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ginrummy_tui.engine.kinds import CARD_KINDS, EndKind, Kind
from ginrummy_tui.storage.files import good_match_id, now_iso
from ginrummy_tui.storage.rule_words import exported_rules, rules_name
from ginrummy_tui.storage.stats import LEFT, OPPONENT_NAME

if TYPE_CHECKING:
    from ginrummy_tui.engine import GameState, HandRecord, PlayerView

RECORD_FORMAT = "gin-tui match"
RECORD_VERSION = 1


def _seat_from(s: int | None, me: int) -> int | None:
    """Seat ``s`` as a record from the side of seat ``me`` calls it: ``me`` is seat 0."""
    return None if s is None else (0 if s == me else 1)


def _pair_from(p: tuple[int, int], me: int) -> list[int]:
    """A pair (scores, deadwoods) as a record from the side of seat ``me`` has it: ``me``'s first."""
    return [p[me], p[1 - me]]


def first_upcard(state: GameState | PlayerView) -> str | None:
    """The card turned up as the hand of ``state`` was dealt: the card of the first
    move on it (passed, taken, or drawn as the first draw of the pile), else still
    at the bottom of the pile, where nothing can draw it once a card covers it."""
    for m in state.history:
        if m.action.kind in (Kind.TAKE_UPCARD, Kind.PASS, Kind.DRAW_DISCARD):
            return str(m.card) if m.card is not None else None
        if m.action.kind == Kind.DRAW_STOCK:
            break
    return str(state.discard[0]) if state.discard else None


def hand_entry(state: GameState | PlayerView, rec: HandRecord, me: int = 0) -> dict[str, Any]:
    """The record of one finished hand from the side of seat ``me``, which the
    record calls seat 0 (the statistics count seat 0 as the player): its
    score-sheet row, and, when ``state`` is that hand's end, both hands, the
    public moves, the upcard it was dealt with (``upcard``) and its knock
    limit (``knock_limit``: under Oklahoma the upcard sets it), the knock's
    melds and layoffs, and, of a void hand, the deadwood each hand held as its
    end showed it (the score sheet keeps none for it)."""
    entry: dict[str, Any] = {
        "hand_no": rec.hand_no,
        "dealer": _seat_from(rec.dealer, me),
        "kind": rec.kind,
        "knocker": _seat_from(rec.knocker, me),
        "winner": _seat_from(rec.winner, me),
        "points": rec.points,
        "deadwood": _pair_from(rec.deadwood, me) if rec.deadwood is not None else None,
        "scores": _pair_from(rec.scores, me),
    }
    if state.result is not None and rec.hand_no == state.hand_no:
        hands = state.result.hands
        entry["hands"] = [[str(c) for c in h] for h in (hands[me], hands[1 - me])]
        entry["upcard"] = first_upcard(state)
        entry["knock_limit"] = state.knock_limit
        if rec.kind == EndKind.VOID and rec.deadwood is None:
            from ginrummy_tui.engine.melds import best_melds

            entry["deadwood"] = [best_melds(hands[me]).deadwood, best_melds(hands[1 - me]).deadwood]
        entry["moves"] = [
            {"seat": _seat_from(m.seat, me), "action": str(m.action), "card": str(m.card) if m.card is not None else None}
            for m in state.history
        ]
        knock = state.result.knock
        if knock is not None:
            entry["layoffs"] = [[str(lo.card), [str(c) for c in lo.meld]] for lo in knock.layoffs]
            entry["knocker_melds"] = [[str(c) for c in m] for m in knock.knocker_melds]
            entry["defender_melds"] = [[str(c) for c in m] for m in knock.defender_melds]
    return entry


TAKEN_OVER = "taken_over"
"""The entry of a network match's record (in ``extra``) that says the player took the
seat from another player during the match: ``{"hand": the first hand they played,
"from": the other's name}``, and ``"move"``, the moves of that hand made before, when
they took it during the hand (that hand's entry says so too: ``taken_at``, ``{"move",
"from"}``); the record's hands are theirs alone, that hand's moves before ``move`` aside."""


def left_record(record: dict[str, Any], hand_no: int) -> dict[str, Any]:
    """``record`` (of :func:`seat_record`, made from the view of a match not over) as the
    record of a match the player left unfinished in hand ``hand_no`` (:data:`LEFT`)."""
    return {**record, "finished": False, "abandoned": True, "winner": None, "totals": record.get("scores"),
            LEFT: {"hand": hand_no}}


def ended_hand(v: PlayerView) -> dict[str, Any] | None:
    """The record of the hand that has just ended in ``v`` (its moves, both
    hands, the knock's melds and layoffs), from the side of ``v``'s seat; None
    while a hand is in play."""
    if v.result is None or not v.sheet or v.sheet[-1].hand_no != v.hand_no:
        return None
    return hand_entry(v, v.sheet[-1], v.seat)


def seat_record(v: PlayerView, match_id: str, *, opponent: str, started: str | None = None,
                hints: int = 0, ended: dict[int, dict[str, Any]] | None = None,
                opponent_name: str | None = None, taken_over: tuple[int, str] | None = None) -> dict[str, Any]:
    """The record of the finished match of ``v`` from the side of ``v``'s seat,
    which the record calls seat 0 (the statistics count seat 0 as the player):
    for a seat that holds no :class:`GameState`, the guest of a hosted match.
    Every hand's score-sheet row; the moves, both hands and melds and layoffs
    of the last hand and of those in ``ended`` (by number: the hands this seat
    saw end, as :func:`ended_hand` gave them); ``opponent_name``: the other
    player's name, when known (:func:`with_opponent_name`).  ``taken_over``:
    the player took the seat from another during the match, ``(the first hand
    they played, the other player's name)``: the hands before it are left out
    (they were not this player's) and the record says so (:data:`TAKEN_OVER`)."""
    me = v.seat
    seen = ended or {}
    now = now_iso()
    first = taken_over[0] if taken_over is not None else 0
    record = with_opponent_name({
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "id": match_id,
        "started": started or now,
        "updated": now,
        "ended": now,
        "finished": True,
        "abandoned": False,
        "replay": False,
        "opponent": opponent,
        "preset": rules_name(v.rules),
        "rules": v.rules.to_dict(),
        "seed": None,
        "match_no": v.match_no,
        "hints": hints,
        "winner": _seat_from(v.winner, me),
        "scores": _pair_from(v.scores, me),
        "totals": _pair_from(v.totals, me),
        "hands": [seen.get(rec.hand_no) or hand_entry(v, rec, me) for rec in v.sheet if rec.hand_no >= first],
    }, opponent_name)
    if taken_over is not None:
        record[TAKEN_OVER] = {"hand": taken_over[0], "from": taken_over[1]}
    taken_at = record["hands"][0].get("taken_at") if record["hands"] else None
    if isinstance(taken_at, dict):  # the first hand was taken over during it: its first moves were another's
        record[TAKEN_OVER] = {"hand": record["hands"][0]["hand_no"], **taken_at}
    return record


def guest_name(table: Any) -> str | None:
    """The name of the guest of a hosted match, as the host's saved table keeps it
    (``names``), once a guest has been at the table (``seated``); None otherwise."""
    if not isinstance(table, dict):
        return None
    names, seated = table.get("names"), table.get("seated")
    if not isinstance(names, list) or len(names) != 2 or not isinstance(names[1], str) or not names[1]:
        return None
    if isinstance(seated, list) and len(seated) == 2 and seated[1] is False:
        return None  # the name is the default one: nobody joined
    return names[1]


def with_opponent_name(record: dict[str, Any], name: str | None) -> dict[str, Any]:
    """``record`` naming the other player ``name`` (left as it is when no name is known)."""
    if name:
        record[OPPONENT_NAME] = name
    return record


def _cards_or_none(value: Any) -> bool:
    """Whether ``value`` is a list of cards' names (or absent)."""
    return value is None or isinstance(value, list) and all(isinstance(c, str) for c in value)


def _melds_or_none(value: Any) -> bool:
    """Whether ``value`` is a list of melds, each a list of cards (or absent)."""
    return value is None or isinstance(value, list) and all(isinstance(m, list) and _cards_or_none(m) for m in value)


def _move_ok(move: Any) -> bool:
    """Whether ``move`` is a recorded move: a seat, an action and the card seen (or none)."""
    return (
        isinstance(move, dict)
        and move.get("seat") in (0, 1) and not isinstance(move.get("seat"), bool)
        and isinstance(move.get("action"), str)
        and (move.get("card") is None or isinstance(move.get("card"), str))
    )  # fmt: skip


def _hand_ok(h: Any) -> bool:
    """Whether ``h`` is a recorded hand in the shape every reader of it takes: its
    end's kind, points and number, who knocked and won, and, where they are there,
    the moves, both hands, the melds and layoffs, the dealer, upcard and knock limit."""
    if not isinstance(h, dict) or not isinstance(h.get("kind"), str):
        return False
    if not all(isinstance(h.get(key), int) and not isinstance(h.get(key), bool) for key in ("points", "hand_no")):
        return False
    if not all(h.get(key) in (None, 0, 1) for key in ("knocker", "winner", "dealer")):
        return False
    moves, hands, layoffs = h.get("moves"), h.get("hands"), h.get("layoffs")
    return (
        (moves is None or isinstance(moves, list) and all(_move_ok(m) for m in moves))
        and (hands is None or isinstance(hands, list) and len(hands) == 2 and all(
            isinstance(cards, list) and _cards_or_none(cards) for cards in hands))
        and _melds_or_none(h.get("knocker_melds")) and _melds_or_none(h.get("defender_melds"))
        and (layoffs is None or isinstance(layoffs, list))
        and (h.get("upcard") is None or isinstance(h.get("upcard"), str))
        and (h.get("knock_limit") is None or isinstance(h.get("knock_limit"), int))
    )  # fmt: skip


def valid_record(record: Any) -> bool:
    """Whether ``record`` is a readable match record (the JSON form), in the shape
    every reader of it takes (the import refuses any other, which is set aside): a
    plain id (:func:`~ginrummy_tui.storage.files.good_match_id`: no ``/`` nor ``..``),
    and each hand as :func:`_hand_ok` has it."""
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        return False
    if not isinstance(record.get("version"), int) or record["version"] > RECORD_VERSION:
        return False
    if not good_match_id(record.get("id")) or not isinstance(record.get("hands"), list):
        return False
    if not all(_hand_ok(h) for h in record["hands"]):
        return False
    return (
        isinstance(record.get("finished"), bool)
        and record.get("winner") in (None, 0, 1)
        and isinstance(record.get("opponent"), str)
        and isinstance(record.get("preset"), str)
    )


# The compact form of a hand's public moves: one token per move, separated by
# spaces: the seat, a letter for the action, then the action's card; after a
# "/" the card everyone saw when it differs (or, for an action without a
# card, just that card).  "0s 0x7H 1d7H 1k2C" is: seat 0 draws from the
# stock, discards 7H; seat 1 draws 7H from the discard pile, knocks with 2C.
_CODES: dict[str, str] = {
    Kind.TAKE_UPCARD: "t",
    Kind.PASS: "p",
    Kind.DRAW_STOCK: "s",
    Kind.DRAW_DISCARD: "d",
    Kind.BIG_GIN: "B",
    Kind.NEXT_HAND: "n",
    Kind.NEW_MATCH: "N",
    Kind.TIMEOUT: "T",
    Kind.DISCARD: "x",
    Kind.KNOCK: "k",
    Kind.GIN: "g",
}
_KINDS = {code: kind for kind, code in _CODES.items()}
_CARD_KINDS = tuple(k.value for k in CARD_KINDS)


def _card_ok(text: Any) -> bool:
    return isinstance(text, str) and 1 <= len(text) <= 3 and text.isalnum()


def encode_moves(moves: Any) -> str | None:
    """The compact text of a hand's moves, or None if they do not fit it
    (then they are kept as JSON)."""
    if not isinstance(moves, list):
        return None
    tokens = []
    for m in moves:
        if not isinstance(m, dict) or set(m) != {"seat", "action", "card"}:
            return None
        seat, action, seen = m["seat"], m["action"], m["card"]
        if seat not in (0, 1) or isinstance(seat, bool) or not isinstance(action, str):
            return None
        if seen is not None and not _card_ok(seen):
            return None
        kind, _, own = action.rpartition(" ") if action.split(" ")[0] in _CARD_KINDS else (action, "", "")
        code = _CODES.get(kind)
        if code is None or (kind in _CARD_KINDS) != bool(own) or (own and not _card_ok(own)):
            return None
        if own:
            token = f"{seat}{code}{own}" + ("" if seen == own else f"/{seen or ''}")
        else:
            token = f"{seat}{code}{seen or ''}"
        tokens.append(token)
    text = " ".join(tokens)
    return text if decode_moves(text) == moves else None


def decode_moves(text: str) -> list[dict[str, Any]]:
    """The moves of :func:`encode_moves`' text, as the JSON record has them."""
    out: list[dict[str, Any]] = []
    for token in text.split():
        seat, kind, rest = int(token[0]), _KINDS[token[1]], token[2:]
        if kind in _CARD_KINDS:
            own, slash, seen = rest.partition("/")
            out.append({"seat": seat, "action": f"{kind} {own}", "card": (seen or None) if slash else own})
        else:
            out.append({"seat": seat, "action": kind, "card": rest or None})
    return out


TOKEN_JSON: dict[str, str] = {}
"""The JSON text of each move token :func:`moves_json` has met (the export
reads it too, inline, for speed)."""


def moves_json(text: str) -> str:
    """The JSON text of :func:`decode_moves` of ``text`` (each distinct move is
    turned into JSON once, then looked up)."""
    cache = TOKEN_JSON
    out = []
    for token in text.split():
        piece = cache.get(token)
        if piece is None:
            piece = cache[token] = json.dumps(decode_moves(token)[0], separators=(",", ":"))
        out.append(piece)
    return "[" + ",".join(out) + "]"


RULES_CHANGED = "rules_changed"
"""The entry of an exported match that gives the options of its rules changed
from the preset they come from, with their values (:func:`export_form`)."""


def export_form(
    record: dict[str, Any], memo: dict[str, tuple[Any, dict[str, Any] | None]] | None = None, key: str | None = None
) -> dict[str, Any]:
    """A match record as ``gin-tui export`` writes it: its rules named by the
    preset they come from, never "custom", and beside them (``rules_changed``)
    the options changed from that preset with their values, empty for a
    preset's own rules, null when the record's rules do not tell
    (:func:`~ginrummy_tui.storage.rule_words.exported_rules`); its ``preset``
    stays the name the statistics keep it under ("classic (changed: gin bonus
    30)").  A record without rules is as it is.  ``memo`` keeps the rules
    worked out for the next records (the export's), by ``key``, the JSON
    text the record's rules were read from."""
    if "rules" not in record:
        return record
    if memo is not None and key is not None:
        if key not in memo:
            memo[key] = exported_rules(record["rules"])
        rules, changed = memo[key]
    else:
        rules, changed = exported_rules(record["rules"])
    form: dict[str, Any] = {}
    for key, value in record.items():
        if key == RULES_CHANGED:
            continue
        form[key] = rules if key == "rules" else value
        if key == "rules":
            form[RULES_CHANGED] = changed
    return form
