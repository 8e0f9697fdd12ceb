"""The immutable game state, what each seat may see of it, and its JSON form."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from .actions import Action, parse_action
from .cards import DECK, Card, card
from .kinds import EndKind, Kind, Phase
from .rules import MAX_KNOCK_LIMIT, Rules, Written, WrittenWhenSet

if TYPE_CHECKING:  # the scoring module loads when a hand is first settled (or read back settled)
    from .scoring import KnockResult

STATE_VERSION = 1


@dataclass(frozen=True)
class Move(Written):
    """One public move of a hand: who did what, and the card everyone saw
    (the upcard passed or taken, the discard drawn, the card thrown)."""

    seat: int
    action: Action
    card: Card | None = None


def turn_number(history: Sequence[Move], seat: int) -> int:
    """The turn of ``seat`` that its next move after ``history`` belongs to, from 1:
    a draw and its discard share a turn, and a pass on the upcard belongs to the
    turn of the draw that follows it (as the review and the list of moves number them)."""
    return 1 + sum(1 for m in history if m.seat == seat and m.action.ends_turn)


@dataclass(frozen=True)
class HandRecord(Written):
    """One row of the score sheet."""

    hand_no: int
    dealer: int
    kind: EndKind
    knocker: int | None
    winner: int | None
    points: int
    deadwood: tuple[int, int] | None
    """Each seat's deadwood at the end (the defender's after layoffs)."""
    scores: tuple[int, int]
    """Running totals after this hand."""

    @property
    def tie(self) -> bool:
        """A knock the defender matched where a tie is no undercut: nobody won (:func:`is_tie`)."""
        return is_tie(self.kind, self.winner)


def is_tie(kind: str, winner: int | None) -> bool:
    """Whether a hand of this ending and winner was a tie that nobody won: a
    knock the defender matched, where a tie is no undercut (no points, no box,
    the deal as after a void hand)."""
    return kind == EndKind.KNOCK and winner is None


def box_bonuses(rules: Rules, hands: Iterable[tuple[str, int | None]]) -> tuple[int, int]:
    """Each seat's box bonuses in a match of these hands (each its ending's kind
    and its winner): ``rules.box_bonus`` for every hand it won (a hand ended by
    a move clock is no box)."""
    boxes = [0, 0]
    if rules.box_bonus:
        for kind, winner in hands:
            if winner in (0, 1) and kind != EndKind.TIMEOUT:
                boxes[winner] += rules.box_bonus
    return boxes[0], boxes[1]


def game_bonus_of(rules: Rules, loser_score: int) -> int:
    """The game bonus of a match whose loser scored ``loser_score`` in its
    hands: ``rules.game_bonus``, doubled for a shutout (``rules.shutout`` and
    the loser scored nothing)."""
    return rules.game_bonus * 2 if rules.shutout and loser_score == 0 else rules.game_bonus


def is_shutout(rules: Rules, scores: tuple[int, int], winner: int | None) -> bool:
    """Whether a match that ``winner`` won with these ``scores`` (the hands'
    points) doubled its game bonus: a shutout, the loser scored nothing."""
    if winner is None or not rules.shutout or not rules.game_bonus:
        return False
    return scores[1 - winner] == 0


def bonus_parts(
    rules: Rules, hands: Iterable[tuple[str, int | None]], scores: tuple[int, int], totals: tuple[int, int]
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """A finished match's bonuses named: each seat's box bonuses and game bonus,
    from its hands (as :func:`box_bonuses` takes them), its scores and its
    totals with the bonuses.  None when they do not add up (what is left once
    the boxes are taken away is not the game bonus to one seat (doubled for a
    shutout, :func:`game_bonus_of`) and nothing to the other, as the match's end gives it: a hand missing from the
    record, say), where the sum is all that can be told."""
    boxes = box_bonuses(rules, hands)
    game = (totals[0] - scores[0] - boxes[0], totals[1] - scores[1] - boxes[1])
    given = ((game_bonus_of(rules, scores[1]), 0), (0, game_bonus_of(rules, scores[0])))
    return (boxes, game) if game in given else None


@dataclass(frozen=True)
class HandResult(Written):
    """The whole settlement of the last hand, for the end-of-hand summary."""

    kind: EndKind
    knocker: int | None
    winner: int | None
    points: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Both hands as they were at the end (the knocker's 10 or 11 cards)."""
    knock: KnockResult | None
    multiplier: int = 1

    @property
    def tie(self) -> bool:
        """A knock the defender matched where a tie is no undercut: nobody won (:func:`is_tie`)."""
        return is_tie(self.kind, self.winner)


@dataclass(frozen=True)
class GameState(Written):
    """Everything about a match at one moment. Never changed in place:
    :func:`ginrummy_tui.engine.apply` returns a new one."""

    rules: Rules
    seed: str
    match_no: int
    hand_no: int
    dealer: int
    phase: Phase
    current: int
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    stock: tuple[Card, ...]
    """The stock; the top card is the last."""
    discard: tuple[Card, ...]
    """The discard pile; the top card is the last."""
    passes: int = 0
    """Upcard passes so far this hand."""
    stock_only: bool = False
    """Both passed the upcard: the first draw must be from the stock."""
    taken: Card | None = None
    """The card taken from the discard pile this turn (it may not be thrown)."""
    drawn: Card | None = None
    """The card the current player drew this turn (private to them)."""
    history: tuple[Move, ...] = ()
    knock_limit: int = 10
    multiplier: int = 1
    scores: tuple[int, int] = (0, 0)
    bonuses: tuple[int, int] = (0, 0)
    """Box and game bonuses, added when the match ends."""
    sheet: tuple[HandRecord, ...] = ()
    result: HandResult | None = None
    winner: int | None = None
    """The winner of the match once it is over."""
    first_dealer: int = 1

    def __post_init__(self) -> None:
        if type(self.phase) is not Phase:  # given as text: held as the enum (an unknown name stays text)
            object.__setattr__(self, "phase", _phase(self.phase))

    @property
    def totals(self) -> tuple[int, int]:
        """Scores including end-of-match bonuses."""
        return (self.scores[0] + self.bonuses[0], self.scores[1] + self.bonuses[1])

    @property
    def over(self) -> bool:
        return self.phase == Phase.MATCH_OVER

    @property
    def upcard(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    def picked_up(self, seat: int) -> tuple[Card, ...]:
        """Cards this seat took from the discard pile this hand, in order."""
        return tuple(
            m.card
            for m in self.history
            if m.seat == seat and m.card is not None and m.action.kind in (Kind.DRAW_DISCARD, Kind.TAKE_UPCARD)
        )


@dataclass(frozen=True)
class PlayerView(Written):
    """What one seat may see: never the other hand (until the hand is shown
    at its end) nor the order of the stock."""

    seat: int
    hand: tuple[Card, ...]
    opponent_hand_size: int
    discard: tuple[Card, ...]
    stock_size: int
    phase: Phase
    current: int
    dealer: int
    rules: Rules
    knock_limit: int
    multiplier: int
    scores: tuple[int, int]
    totals: tuple[int, int]
    sheet: tuple[HandRecord, ...]
    hand_no: int
    match_no: int
    history: tuple[Move, ...]
    opponent_picked: tuple[Card, ...]
    """Cards the other seat took from the discard pile this hand."""
    opponent_known: tuple[Card, ...]
    """Of those, the ones it still holds."""
    taken: Card | None
    drawn: Card | None
    passes: int
    stock_only: bool
    result: HandResult | None
    winner: int | None
    legal_actions: tuple[Action, ...] = field(default=())

    def __post_init__(self) -> None:
        if type(self.phase) is not Phase:  # given as text: held as the enum (an unknown name stays text)
            object.__setattr__(self, "phase", _phase(self.phase))

    @property
    def upcard(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    @property
    def my_turn(self) -> bool:
        return self.current == self.seat and self.phase.playing


# ---------------------------------------------------------------- JSON form


def _enc(obj: Any) -> Any:
    if isinstance(obj, Card):
        return str(obj)
    if isinstance(obj, Action):
        return str(obj)
    if isinstance(obj, Rules):
        return obj.to_dict()
    if isinstance(obj, tuple):
        return [_enc(x) for x in obj]
    if isinstance(obj, Written):  # Move, HandRecord, HandResult, and a knock's KnockResult and Layoff
        # Fields added later (KnockResult's layout explanation) are written
        # only when set, so that older records read and write exactly as before.
        later = obj.WRITTEN_WHEN_SET if isinstance(obj, WrittenWhenSet) else ()
        return {name: _enc(value) for name, value in obj.field_values().items() if name not in later or value}
    return obj


def state_to_dict(state: GameState) -> dict[str, Any]:
    d = {k: _enc(value) for k, value in state.field_values().items()}
    d["version"] = STATE_VERSION
    return d


def to_json(state: GameState) -> str:
    """The state as JSON text; :func:`from_json` gives it back unchanged."""
    return json.dumps(state_to_dict(state), separators=(",", ":"))


def _card(x: Any) -> Card:
    if not isinstance(x, str):
        raise ValueError(f"not a card: {x!r}")
    return card(x)


def _cards(x: Any) -> tuple[Card, ...]:
    if not isinstance(x, list):
        raise ValueError("expected a list of cards")
    return tuple(_card(c) for c in x)


def _opt_card(x: Any) -> Card | None:
    return None if x is None else _card(x)


MAX_NUMBER = 1_000_000
"""The most a saved game's hand or match number may be (a number beyond it is a damaged file)."""
MAX_POINTS = 1_000_000_000
"""The most a saved game's score or bonus may be."""


def _int(x: Any) -> int:
    if not isinstance(x, int) or isinstance(x, bool):
        raise ValueError(f"expected a whole number, got {x!r}")
    return x


def _bool(x: Any) -> bool:
    if not isinstance(x, bool):
        raise ValueError(f"expected true or false, got {x!r}")
    return x


def _opt_int(x: Any) -> int | None:
    return None if x is None else _int(x)


def _pair(x: Any) -> tuple[int, int]:
    if not isinstance(x, list) or len(x) != 2:
        raise ValueError("expected a pair of numbers")
    return (_int(x[0]), _int(x[1]))


def _melds(x: Any) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(x, list):
        raise ValueError("expected a list of melds")
    return tuple(_cards(m) for m in x)


def _phase(x: Any) -> Phase:
    """The phase named ``x``; an unknown name is kept as text for :func:`validate` to report."""
    text = str(x)
    try:
        return Phase(text)
    except ValueError:
        return cast(Phase, text)


def _end_kind(x: Any) -> EndKind:
    """How a hand ended, from its text (kept as text if unknown, as it always was)."""
    text = str(x)
    try:
        return EndKind(text)
    except ValueError:
        return cast(EndKind, text)


def _knock(x: Any) -> KnockResult | None:
    if x is None:
        return None
    from .scoring import KnockResult, Layoff

    return KnockResult(
        kind=_end_kind(x["kind"]),
        winner=str(x["winner"]),
        points=_int(x["points"]),
        knocker_deadwood=_int(x["knocker_deadwood"]),
        defender_deadwood=_int(x["defender_deadwood"]),
        knocker_melds=_melds(x["knocker_melds"]),
        knocker_deadwood_cards=_cards(x["knocker_deadwood_cards"]),
        defender_melds=_melds(x["defender_melds"]),
        defender_deadwood_cards=_cards(x["defender_deadwood_cards"]),
        layoffs=tuple(Layoff(_card(lo["card"]), _cards(lo["meld"])) for lo in x["layoffs"]),
        defender_deadwood_before_layoffs=_int(x["defender_deadwood_before_layoffs"]),
        # added later: absent from older saves and from older hosts' views
        kept_out=_melds(x.get("kept_out", [])),
        blocked=_cards(x.get("blocked", [])),
        layout_gain=_int(x.get("layout_gain", 0)),
    )


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
            kind=_end_kind(r["kind"]),
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
        kind=_end_kind(res["kind"]),
        knocker=_opt_int(res["knocker"]),
        winner=_opt_int(res["winner"]),
        points=_int(res["points"]),
        hands=(_cards(rh[0]), _cards(rh[1])),
        knock=_knock(res["knock"]),
        multiplier=_int(res.get("multiplier", 1)),
    )


def _not_readable(what: str, exc: Exception) -> str:
    """What is wrong with the JSON form of a ``what`` ("game", "view"), in words
    (the player is told it of a damaged save), from what reading it raised."""
    if isinstance(exc, KeyError) and exc.args and isinstance(exc.args[0], str):
        return f"part of the {what} is missing (its {exc.args[0]!r} is not there)"
    if isinstance(exc, KeyError | IndexError):
        return f"part of the {what} is missing"
    return f"part of the {what} is not of the kind it should be (a text, number, list or object in the place of another)"


def state_from_dict(d: dict[str, Any]) -> GameState:
    """Rebuild a state; raises ``ValueError`` for anything malformed or impossible."""
    if not isinstance(d, dict):
        raise ValueError("a saved game must be a JSON object")
    version = d.get("version")
    if version != STATE_VERSION:
        raise ValueError(f"unsupported game state version {version!r} (this program reads {STATE_VERSION})")
    try:
        hands = d["hands"]
        if not isinstance(hands, list) or len(hands) != 2:
            raise ValueError("expected two hands")
        state = GameState(
            rules=Rules.from_dict(d["rules"]),
            seed=str(d["seed"]),
            match_no=_int(d["match_no"]),
            hand_no=_int(d["hand_no"]),
            dealer=_int(d["dealer"]),
            phase=_phase(d["phase"]),
            current=_int(d["current"]),
            hands=(_cards(hands[0]), _cards(hands[1])),
            stock=_cards(d["stock"]),
            discard=_cards(d["discard"]),
            passes=_int(d["passes"]),
            stock_only=_bool(d["stock_only"]),
            taken=_opt_card(d["taken"]),
            drawn=_opt_card(d["drawn"]),
            history=_history(d["history"]),
            knock_limit=_int(d["knock_limit"]),
            multiplier=_int(d["multiplier"]),
            scores=_pair(d["scores"]),
            bonuses=_pair(d["bonuses"]),
            sheet=_sheet(d["sheet"]),
            result=_result(d["result"]),
            winner=_opt_int(d["winner"]),
            first_dealer=_int(d.get("first_dealer", 1)),
        )
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(_not_readable("game", exc)) from None
    validate(state)
    return state


def from_json(text: str | bytes) -> GameState:
    """Parse and check a state written by :func:`to_json`."""
    try:
        d = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"not JSON: {exc}") from None
    return state_from_dict(d)


def view_to_dict(v: PlayerView) -> dict[str, Any]:
    """The JSON form of a view: every field, cards as ``"7H"``, actions as ``"discard 7H"``."""
    return {k: _enc(value) for k, value in v.field_values().items()}


def view_from_dict(d: Any) -> PlayerView:
    """Rebuild a view from :func:`view_to_dict`; raises ``ValueError`` if malformed or impossible."""
    if not isinstance(d, dict):
        raise ValueError("a view must be a JSON object")
    try:
        acts = d["legal_actions"]
        if not isinstance(acts, list):
            raise ValueError("expected a list of actions")
        v = PlayerView(
            seat=_int(d["seat"]),
            hand=_cards(d["hand"]),
            opponent_hand_size=_int(d["opponent_hand_size"]),
            discard=_cards(d["discard"]),
            stock_size=_int(d["stock_size"]),
            phase=_phase(d["phase"]),
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
            stock_only=_bool(d["stock_only"]),
            result=_result(d["result"]),
            winner=_opt_int(d["winner"]),
            legal_actions=tuple(parse_action(str(a)) for a in acts),
        )
    except (KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ValueError(_not_readable("view", exc)) from None
    problems = []
    if v.seat not in (0, 1) or v.current not in (0, 1) or v.dealer not in (0, 1):
        problems.append("seats must be 0 or 1")
    if v.phase not in Phase.__members__.values():
        problems.append(f"unknown phase {v.phase!r}")
    if len(set(v.hand)) != len(v.hand) or len(v.hand) > 11:
        problems.append("impossible hand")
    if set(v.hand) & set(v.discard):
        problems.append("a card is both in the hand and on the discard pile")
    if problems:
        raise ValueError("impossible view: " + "; ".join(problems))
    return v


def validate(state: GameState) -> None:
    """Raise ``ValueError`` if the state describes an impossible game."""
    problems = []
    if state.phase not in Phase.__members__.values():
        problems.append(f"unknown phase {state.phase!r}")
    for name, seat in (("current", state.current), ("dealer", state.dealer), ("first_dealer", state.first_dealer)):
        if seat not in (0, 1):
            problems.append(f"{name} must be seat 0 or 1")
    if state.winner not in (None, 0, 1):
        problems.append("winner must be seat 0 or 1 or none")
    every = state.hands[0] + state.hands[1] + state.stock + state.discard
    if len(every) != 52 or len(set(every)) != 52 or set(every) != set(DECK):
        dup = len(every) - len(set(every))
        problems.append(f"the cards do not make one deck ({len(every)} cards, {dup} duplicated)")
    sizes = tuple(len(h) for h in state.hands)
    if state.phase in (Phase.UPCARD, Phase.DRAW):
        if sizes != (10, 10):
            problems.append(f"hands of {sizes[0]} and {sizes[1]} cards before a draw")
    elif state.phase == Phase.DISCARD:
        if sizes[state.current] != 11 or sizes[1 - state.current] != 10:
            problems.append(f"hands of {sizes[0]} and {sizes[1]} cards while discarding")
    else:
        if sorted(sizes) not in ([10, 10], [10, 11]):
            problems.append(f"hands of {sizes[0]} and {sizes[1]} cards at the end of a hand")
    if state.taken is not None and state.taken not in state.hands[state.current]:
        problems.append("the card taken from the discard pile is not in the hand")
    if state.taken is not None and state.phase != Phase.DISCARD:
        problems.append("a card is taken from the discard pile outside a turn's discard")
    if state.drawn is not None and (state.phase != Phase.DISCARD or state.drawn not in state.hands[state.current]):
        problems.append("the card drawn this turn is not in the hand of the player to discard")
    passed_last = not state.history or state.history[-1].action.kind == Kind.PASS
    if state.stock_only and not (state.phase == Phase.DRAW and state.passes == 2 and passed_last):
        # both passed the upcard: only the draw right after the second pass
        problems.append("the first draw from the stock (both passed the upcard) is past")
    if state.phase == Phase.MATCH_OVER and state.winner is None:
        problems.append("a finished match has no winner")
    if state.hand_no < 1 or state.match_no < 1:
        problems.append("hand and match numbers start at 1")
    if max(state.hand_no, state.match_no) > MAX_NUMBER:
        problems.append(f"hand and match numbers stop at {MAX_NUMBER:,}")
    if max(*state.scores, *state.bonuses) > MAX_POINTS:
        problems.append(f"scores stop at {MAX_POINTS:,}")
    if min(state.scores) < 0:
        problems.append("negative score")
    if not 0 <= state.passes <= 2:
        problems.append("passes must be 0, 1 or 2")
    if not 0 <= state.knock_limit <= MAX_KNOCK_LIMIT:
        problems.append(f"the hand's knock limit must be between 0 and {MAX_KNOCK_LIMIT} (not {state.knock_limit})")
    if state.multiplier < 1 or (state.result is not None and state.result.multiplier < 1):
        problems.append("the hand's score multiplier must be at least 1")
    if min(state.bonuses) < 0:
        problems.append("negative bonus")
    if problems:
        raise ValueError("impossible game: " + "; ".join(problems))
