"""Hints: what the expert opponent would do now, with a one-line reason.

``hint(view)`` asks the expert opponent for its choice in the player's own
view (so it sees exactly what the player sees) and explains it in a sentence
built from the hand's deadwood and from what the other player has shown:
the cards it took from the discard pile and still holds, and the ones it
passed or threw (the card thrown among them, where it let that go itself).

>>> from ginrummy_tui.engine import new_game, view
>>> h = hint(view(new_game(seed=1), 0))
>>> h.action in view(new_game(seed=1), 0).legal_actions
True
"""

from __future__ import annotations

import functools
import math
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ginrummy_tui.engine import Action, Card, PlayerView, best_melds, deadwood_mask
from ginrummy_tui.engine.cards import card_name
from ginrummy_tui.engine.kinds import Kind, Phase
from ginrummy_tui.engine.words import counted

from .common import COMPUTER, hand_mask, melds_with, playable

if TYPE_CHECKING:
    from collections.abc import Callable

    from .expert import ExpertOpponent, KnockOutlook
    from .master import MasterOpponent, MatchTurn, SearchTurn

HINT_LEVEL = "expert"
"""The opponent level whose choice a hint shows."""


@dataclass(frozen=True)
class Hint:
    """A suggested action and the one-line reason for it."""

    action: Action
    """One of the view's legal actions: the expert opponent's choice."""
    reason: str
    """One sentence, e.g. "Discard 9♥: it leaves 6 deadwood; the chance the
    computer can meld 9♥ is about 1 in 12"."""


REASON_LIMIT = 160
"""The most characters a reason has (``docs/hints-review-web.md``)."""

PROMPT_COLUMNS = 76
"""The prompt line's room for its text at 80 columns, where "Hint: " and the
reason are shown, wrapped at spaces."""


_ROOM: ContextVar[int] = ContextVar("hint_room", default=PROMPT_COLUMNS)
"""The prompt line's room for its text while a reason is worded (:func:`explain`'s ``room``)."""

_PRACTICE: ContextVar[bool] = ContextVar("hint_practice", default=False)
"""Whether the reason being worded is for a practice deal, which belongs to no
match (:func:`explain`'s ``practice``): it then never speaks of winning matches."""


def prompt_lines(reason: str, room: int | None = None) -> int:
    """The lines "Hint: " and ``reason`` take in the prompt with ``room``
    columns for its text (by default :data:`PROMPT_COLUMNS`, at 80 columns;
    while :func:`explain` words a reason, the room it was given); every
    character of a reason, suit symbols too, is one column wide."""
    import textwrap

    width = room if room is not None else _ROOM.get()
    return len(textwrap.wrap("Hint: " + reason, width, break_long_words=False, break_on_hyphens=False))


def _fitting(reasons: list[str]) -> str:
    """The first of ``reasons`` (the fullest first, each saying the same in
    fewer words) that takes two lines of the prompt (:func:`prompt_lines`:
    at 80 columns, or in the room the reason is worded for) within
    :data:`REASON_LIMIT`; else the
    first within :data:`REASON_LIMIT`; else the last."""
    for reason in reasons:
        if prompt_lines(reason) <= 2 and len(reason) <= REASON_LIMIT:
            return reason
    return next((r for r in reasons if len(r) <= REASON_LIMIT), reasons[-1])

MATCH_CHANCE = 0.8
"""The hints and the review knock whenever a knock now wins the match with at
least this chance (the computer opponents only within 10 points of the target)."""


def hint_expert(seed: int | None = 0, *, match_end: bool = True) -> ExpertOpponent:
    """The expert that the hints and the review ask: the expert opponent, which
    also knocks whenever a knock very likely wins the match (``MATCH_CHANCE``),
    however far its score is from the target, and on its last turn before
    the hand would be void knocks only when the knock is expected to score
    (``last_knock_min`` 0), a knock's points counting the rules' box bonus
    for the hand won (``box``); it reckons what a knock scores against the
    master's guesses of the other player's hand, a player who knocks as soon
    as it may with fewer of its draws replayed late in a hand
    (:class:`~ginrummy_tui.ai.master.GuessingExpert`); with ``match_end``
    (not for a practice deal, which belongs to no match), near the end of a
    match it knocks or waits as wins the match more often
    (:func:`~ginrummy_tui.ai.master.match_turn`); and where a knock is allowed
    it knocks or waits, and with which card, as the master's search on the
    same guesses chooses (:func:`~ginrummy_tui.ai.master.knock_search`), where
    they agree with it played out again on more deals (:func:`_search_stands`)."""
    from .expert import Params
    from .master import GuessingExpert

    return GuessingExpert(
        seed,
        Params(match_chance=MATCH_CHANCE, last_knock_min=0.0, box=True),
        match_end=match_end,
        search=True,
        confirm=_search_stands,
    )


def _search_stands(view: PlayerView, turn: SearchTurn, practice: bool) -> bool:
    """Whether the hints take the master's search's choice (:func:`~ginrummy_tui.ai.master.knock_search`)
    over the expert's rule's (for a practice deal with ``practice``).  The search weighs
    several candidates on a few dozen deals each, by a margin of one standard error, which
    for a hint is too little to tell a player: its choice stands only where the two, played
    out again on more of the same guesses (:func:`turn_gain`, as the review costs a choice),
    say it does better by more than their standard error and half a point, so that the hint,
    its reason and the review never say the two the other way round.  Near the end of a
    match a knock against the throw of the same card without knocking is the match's to turn
    (:func:`match_turned`), not the search's."""
    from .master import near_match_end

    action, rule = turn.action, turn.rule
    if action.card is rule.card and near_match_end(view) and not practice:
        return False
    gain, error = turn_gain(view, rule, action)
    return gain > max(error, 0.5)


@functools.lru_cache(maxsize=16)
def turn_gain(view: PlayerView, rule: Action, action: Action, seed: int = 0) -> tuple[float, float]:
    """The points of this hand (multiplier and box bonus counted) that ``action`` is
    expected to gain over ``rule``, with the standard error: for a knock against the throw
    of the same card without knocking, the hints' figure of waiting (:func:`wait_gain`);
    else the review's play-outs of a knock's cost
    (:func:`~ginrummy_tui.ai.knock_playouts.knock_cost_of_view`)."""
    from .knock_playouts import knock_cost_of_view

    card = action.card
    if card is not None and card is rule.card:
        mean, error = wait_gain(view, card, seed)
        return (mean if action.kind == Kind.DISCARD else -mean), error
    return knock_cost_of_view(view, rule, action, seed=seed)


def expert_choice(view: PlayerView, seed: int = 0, *, practice: bool = False) -> Action:
    """The hints' expert's choice for this view (a fresh one with ``seed``; for a practice deal with ``practice``)."""
    return hint_expert(seed, match_end=not practice).choose(view)


def match_turned(view: PlayerView, action: Action, seed: int = 0) -> MatchTurn | None:
    """Where the hints' expert chose ``action`` because it wins the match more often than
    its own rule's choice, near the end of the match: the chances of the two
    (:func:`~ginrummy_tui.ai.master.match_turn`); else None (and always for a practice deal)."""
    from .master import GuessingExpert, match_turn, near_match_end

    if _PRACTICE.get() or action.kind not in (Kind.KNOCK, Kind.DISCARD) or not near_match_end(view):
        return None  # (before the expert is asked for its own choice)
    own = hint_expert(seed, match_end=False)
    assert isinstance(own, GuessingExpert)
    turn = match_turn(view, own.own_choice(view), seed)
    return turn if turn is not None and turn.action == action else None


def searched(view: PlayerView, action: Action, seed: int = 0) -> SearchTurn | None:
    """Where the hints' expert chose ``action`` by the master's search where a knock is allowed,
    not by its rule (:func:`~ginrummy_tui.ai.master.knock_search`): the search's figures of the
    two; else None."""
    from .master import GuessingExpert, knock_search

    if action.kind not in (Kind.KNOCK, Kind.DISCARD) or not any(a.kind == Kind.KNOCK for a in view.legal_actions):
        return None  # (before the expert is asked for its rule's choice)
    practice = _PRACTICE.get()
    own = hint_expert(seed, match_end=not practice)
    assert isinstance(own, GuessingExpert)
    turn = knock_search(view, own.rule_choice(view), seed, practice)
    if turn is None or turn.action != action or not _search_stands(view, turn, practice):
        return None
    return turn


def _expected_pair(mine: float, other: float) -> str:
    """Two expected deadwoods, ``mine`` the smaller, written so that they differ:
    whole numbers, or one decimal place when both round alike, or in words
    when even those are equal (never "about 41 ... against 41")."""
    if round(mine) != round(other):
        return f"about {round(mine)} deadwood expected against {round(other)}"
    if f"{mine:.1f}" != f"{other:.1f}":
        return f"about {mine:.1f} deadwood expected against {other:.1f}"
    return f"slightly less deadwood expected (about {round(mine)} either way)"


def hint(
    view: PlayerView,
    *,
    seed: int = 0,
    ascii_only: bool = False,
    opponent_name: str = COMPUTER,
    room: int = PROMPT_COLUMNS,
    practice: bool = False,
) -> Hint:
    """What the expert opponent would do in ``view``, and why, worded for a
    prompt line with ``room`` columns for its text (:func:`explain`), for a
    practice deal with ``practice``.

    Raises ``ValueError`` when the view's seat has nothing to decide (it is
    the other player's turn).
    """
    if not playable(view):
        raise ValueError("there is nothing to decide now: it is not your turn")
    action = expert_choice(view, seed, practice=practice)
    return Hint(action, explain(view, action, ascii_only=ascii_only, opponent_name=opponent_name, room=room, practice=practice))


# ---------------------------------------------------------------- reasons


def _label(c: Card, ascii_only: bool) -> str:
    return card_name(c, ascii_only)


def _cards(cards, ascii_only: bool) -> str:
    return " ".join(_label(c, ascii_only) for c in cards)


def _and(cards, ascii_only: bool) -> str:
    labels = [_label(c, ascii_only) for c in cards]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def _opponent_threw(view: PlayerView) -> tuple[Card, ...]:
    """Cards the other seat passed (as the upcard) or threw this hand."""
    opp = 1 - view.seat
    out = []
    for m in view.history:
        if m.seat == opp and m.card is not None and m.action.kind in (Kind.PASS, Kind.DISCARD, Kind.KNOCK, Kind.GIN):
            out.append(m.card)
    return tuple(out)


def best_after_taking(mask10: int, card: Card) -> tuple[int, Card | None]:
    """With ``card`` added to a 10-card hand: the least deadwood after the best
    discard (``card`` itself may not be thrown) and that discard."""
    m = mask10 | card.bit
    best, best_bit = 1 << 30, 0
    rest = mask10
    while rest:
        low = rest & -rest
        rest ^= low
        d = deadwood_mask(m ^ low)
        if d < best:
            best, best_bit = d, low
    if not best_bit:
        return deadwood_mask(mask10), None
    return best, _card_of_bit(best_bit)


def _card_of_bit(bit: int) -> Card:
    from ginrummy_tui.engine import DECK

    return DECK[bit.bit_length() - 1]


def _swap(hand, taken: Card, thrown: Card | None) -> tuple[Card, ...]:
    return tuple(c for c in hand if c is not thrown) + (taken,)


Melds = tuple[tuple[Card, ...], ...]


def _melds_made(before, after, card: Card) -> tuple[Melds, Melds, Melds]:
    """How taking ``card`` changes the melds (``before``: the hand, ``after``: the hand with
    ``card`` taken, less the card thrown): the melds of ``after`` that are new (not ``before``'s
    nor part of one of them), the melds of ``before`` broken up (no meld of ``after`` keeps three
    of their cards), and those shortened (one of ``after`` keeps three of their cards or more:
    ``5♠ 6♠ 7♠ 8♠`` giving its 8♠ to a set of 8s is no new ``5♠ 6♠ 7♠``, nor broken); none when
    ``card`` is in no meld of ``after``."""
    old = best_melds(before).melds
    new = best_melds(after).melds
    if not any(card in m for m in new):
        return (), (), ()
    made = tuple(m for m in new if not any(set(m) <= set(o) for o in old))
    changed = [m for m in old if not any(set(m) <= set(n) for n in new)]
    kept = [max((len(set(m) & set(n)) for n in new), default=0) for m in changed]
    broken = tuple(m for m, k in zip(changed, kept, strict=True) if k < 3)
    shortened = tuple(m for m, k in zip(changed, kept, strict=True) if k >= 3)
    return made, broken, shortened


def _taken_off(shortened: Melds, after: tuple[Card, ...], ascii_only: bool) -> str:
    """The cards of the hand ``after`` taken off the melds ``shortened`` (each keeping three or
    more in a meld of ``after``) into another meld: "8♠ and 8♣ off your runs", "6♣ off your
    set"; "" where none was (a card of them thrown: the reason names the throw)."""
    new = best_melds(after).melds
    moved, off = [], []
    for m in shortened:
        cards = set(m)
        keeps = max(new, key=lambda n: len(cards & set(n)))  # the meld that keeps the most of it
        taken = [c for c in m if c not in keeps and c in after]
        if taken:
            moved += taken
            off.append(len({c.rank for c in m}) > 1)
    if not moved:
        return ""
    kind = "run" if all(off) else "set" if not any(off) else "meld"
    return f"{' and '.join(_label(c, ascii_only) for c in moved)} off your {kind}{'s' if len(off) > 1 else ''}"


def odds(p: float) -> str:
    """A chance in words, as a player reads it: "about 1 in 4", "about 7 in 10";
    always a figure, so that it reads in every sentence that gives a chance
    ("the chance ... is", "undercut ..."), down to "less than 1 in 50" and up to
    "more than 49 in 50".  Each wording stands for one band of chances, and a
    higher chance never reads lower: "1 in N" up to 1 in 3 (below 0.37),
    "4 in 10" (0.37 to 0.45), "1 in 2" for a chance near a half (0.45 to 0.55),
    then "N in 10" and "19 in 20" (0.95 and more)."""
    if p < 0.02:
        return "less than 1 in 50"
    if p > 0.98:
        return "more than 49 in 50"
    if p >= 0.95:
        return "about 19 in 20"
    if p >= 0.55:
        return f"about {int(p * 10 + 0.5)} in 10"
    if p >= 0.45:
        return "about 1 in 2"
    if p >= 0.37:
        return "about 4 in 10"
    return f"about 1 in {round(1 / p)}"


def _rule_only(view: PlayerView) -> bool:
    """Whether the expert's rule of knocking or lying in wait is given as its rule, not as
    what wins more matches: for a practice deal, which belongs to no match, and near the end
    of a match (:func:`~ginrummy_tui.ai.master.near_match_end`), where the rule, measured over
    whole matches, is not what the match's chances say; where those part from it by more
    than their error, the hint follows them instead (:func:`match_turned`)."""
    from .master import near_match_end

    return _PRACTICE.get() or near_match_end(view)


def _match_pair(chosen: float, other: float) -> tuple[str, str]:
    """Two chances of winning the match, ``chosen`` the higher, in words that differ:
    :func:`odds`, or in hundredths where those read alike."""
    if odds(chosen) != odds(other):
        return odds(chosen), odds(other)
    if _hundredths(chosen) != _hundredths(other):
        return _hundredths(chosen), _hundredths(other)
    return f"{_hundredths(chosen)} (a little more)", _hundredths(other)


def _decided_words(view: PlayerView, turn: MatchTurn, chosen: str, other: str, name: str) -> list[str]:
    """Why the hints' expert takes ``chosen`` ("a knock now", "waiting") over ``other`` where
    the match is all but decided and the points turned the choice
    (:func:`~ginrummy_tui.ai.master.match_turn`, :attr:`~ginrummy_tui.ai.master.MatchTurn.points`),
    fullest first, to follow a reason's head: "the match is all but lost (your chance to win
    it less than 1 in 10), and a knock now is expected to score about 11 more than waiting,
    any points avoiding the shutout (game bonus doubled to 200)".  The chance is said by the
    bound both chances are beyond (:data:`~ginrummy_tui.ai.master.MATCH_DECIDED`), not as a
    figure that would read as a difference; the points count the box bonus where the rules
    give one ("box included")."""
    from .master import MATCH_DECIDED

    n = round(1 / MATCH_DECIDED)
    state, bound = ("lost", f"less than 1 in {n}") if turn.lost else ("won", f"more than {n - 1} in {n}")
    assert turn.points is not None
    pts = max(1, math.floor(turn.points + 0.5))
    doubled = 2 * view.rules.game_bonus
    if turn.shutout and turn.lost:
        stakes = [
            f", any points avoiding the shutout (game bonus doubled to {doubled})",
            ", any points avoiding the shutout",
            ", avoiding the shutout",
        ]
    elif turn.shutout:
        stakes = [
            f", keeping {name} at nothing for the shutout (game bonus doubled to {doubled})",
            f", keeping {name} at nothing for the shutout",
            f", keeping {name} at nothing (a shutout)",
        ]
    else:
        stakes = [" (box included)", ""] if view.rules.box_bonus else [""]
    chances = [
        f"the match is all but {state} (your chance to win it {bound}), and ",
        f"the match is all but {state} (your chance {bound}): ",
        f"the match is all but {state}: ",
    ]
    figures = [
        f"{chosen} is expected to score about {pts} more than {other}",
        f"{chosen} scores about {pts} more than {other}",
        f"{chosen.removesuffix(' now')} scores about {pts} more than {other.removesuffix(' now')}",
    ]
    return [f"{said}{figure}{stake}" for stake in stakes for said in chances for figure in figures]


def _hundredths(p: float) -> str:
    """A chance in hundredths, for two that :func:`odds` says alike: "about 37 in 100",
    "less than 1 in 100", "more than 99 in 100"."""
    n = round(100 * p)
    if n == 0:
        return "less than 1 in 100"
    if n == 100:
        return "more than 99 in 100"
    return f"about {n} in 100"


def _expert() -> ExpertOpponent:
    return hint_expert()


def _points(x: float, *, unit: bool = False) -> str:
    """What a knock is expected to score, rounded: "about 14", "a loss of about 3";
    with ``unit``, "about 1 point", "about 14 points"; "about even" where it
    rounds to nothing (never "about 0 points")."""
    n = round(x)
    if n == 0:
        return "about even"
    said = counted(abs(n), "point") if unit else str(abs(n))
    return f"about {said}" if n >= 0 else f"a loss of about {said}"


MELD_SAMPLES = 300
"""The guesses of the other player's hand over which the chance that it can
meld a card is counted (:func:`meld_chances`)."""


def meld_guesser() -> MasterOpponent:
    """The master's guesser of the other player's hand that :func:`meld_chances`
    counts on (:meth:`~ginrummy_tui.ai.master.MasterOpponent.guess_hands`):
    the cards it picked up and still holds, each in a meld with two unseen
    cards, the rest drawn from the unseen cards weighted by the expert's
    reading of what it threw, passed and took, and half its stock draws
    replayed.  Two settings differ from the guesses behind the hints' knock
    figures (``docs/hints-review-web.md`` gives the measures): the unseen
    cards are weighted without the expert's discount of the cards worth more
    than its last throw (``Params.high_loose`` 1), which made the guesses
    hold far too many low cards (of its chances of 8 in 10 and more, about 7
    in 10 came true; without it, 8 in 10), and a guess that would have ended
    the hand is not dealt again (which changed no chance and took up to four
    times as long), so no guess is of a player who knocks as soon as it may,
    whose replayed draws a knock's figures bound
    (:class:`~ginrummy_tui.ai.master.GuessingExpert`)."""
    from .expert import Params
    from .master import GUESS_KNOCKER_REPLAYS, MasterOpponent, MasterParams

    return MasterOpponent(0, MasterParams(expert=Params(high_loose=1.0), knocker_replays=GUESS_KNOCKER_REPLAYS, last_replays=0.0))


def meld_chances(view: PlayerView, cards, samples: int = MELD_SAMPLES) -> tuple[float, ...]:
    """For each of ``cards``, the chance (0..1) that the other player can meld
    it: the share of ``samples`` guesses of its hand (:func:`meld_guesser`)
    in which it holds two cards that make a set or a run with the card.  The
    guesses are dealt from a generator seeded by the position, so the same
    view always gives the same figures, and every card is counted on the
    same guesses.  (The expert's danger of a throw,
    ``ExpertOpponent.danger``, is a weight for its own choice, not a chance,
    and is not what a hint states.)"""
    import random

    from .expert import MELD_PAIRS

    cards = tuple(cards)
    rng = random.Random(
        f"gin-tui-meld/{view.match_no}/{view.hand_no}/{view.seat}/{len(view.history)}/{hand_mask(view.hand)}"
    )
    hands = meld_guesser().guess_hands(view, rng, samples)
    if not hands:
        return tuple(0.0 for _ in cards)
    known = hand_mask(view.opponent_known)
    out = []
    for c in cards:
        pairs = MELD_PAIRS[c.index]
        if out_of_reach(view, c):
            out.append(0.0)
        elif any(a & known and b & known for a, b in pairs):
            out.append(1.0)  # it holds a meld's two other cards
        else:
            out.append(calibrated(sum(1 for h in hands if any(a & h and b & h for a, b in pairs)) / len(hands)))
    return tuple(out)


MELD_CALIBRATION = ((0.0, 0.015), (0.03, 0.045), (0.19, 0.215), (0.42, 0.4), (0.69, 0.62), (0.9, 0.85), (1.0, 0.92))
"""The chance a card melds for each share of the guesses in which it melds
(between these points, on the straight line): the guesses agree too much
where they agree most, and too little where few of them meld the card.
Over 200 hands of the expert against the expert (``benchmarks/meld_chances.py``,
seeds 5000 and 6000), of the cards whose share was about 0.42 about 40 in
100 melded, of those about 0.69 about 61, of those about 0.9 about 84, of
those about 0.19 about 22 and of those about 0.02 about 4; a card is not
said to meld never unless no meld with it is left (:func:`out_of_reach`),
nor surely unless the other player holds two cards it melds with."""


def calibrated(share: float) -> float:
    """The chance that a card melds when it melds in ``share`` of the
    guesses (:data:`MELD_CALIBRATION`)."""
    points = MELD_CALIBRATION
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if share <= x1:
            return y0 + (y1 - y0) * (max(share, x0) - x0) / (x1 - x0)
    return points[-1][1]


def _meld_odds(view: PlayerView, c: Card, ascii_only: bool, name: str) -> list[str]:
    """The chance the other player can meld ``c`` (:func:`meld_chances`), with
    what it has shown; where no meld with ``c`` is left to it
    (:func:`out_of_reach`), that it cannot meld it, and why, in full and in
    fewer words."""
    (p,) = meld_chances(view, (c,))
    shown = _shown(view, c, ascii_only, name)
    who = _pronoun(name) if shown else name  # a person is not "it"
    if out_of_reach(view, c):
        cannot = f"{shown}{who} cannot meld {_label(c, ascii_only)}"
        return [f"{cannot}: each meld with it needs a card you hold or one in the pile", f"{cannot}: no meld with it is left"]
    return [f"{shown}the chance {who} can meld {_label(c, ascii_only)} is {odds(p)}"]


def _shown(view: PlayerView, c: Card, ascii_only: bool, name: str) -> str:
    """What the other player has shown of ``c``, followed by "; ": that it let
    ``c`` itself go ("the computer let go of 10♣ itself"), then the cards it
    picked up and still holds that meld with ``c`` (``opponent_known``: a card
    it took and threw back is no longer named as picked up, but as let go), or
    else the last two it let go that do; nothing when it has shown none."""
    thrown = _opponent_threw(view)
    picked = [x for x in view.opponent_known if melds_with(c, x)]
    threw = [t for t in thrown if t is not c and melds_with(c, t)]
    if c in thrown:
        own = f"{name} let go of {_label(c, ascii_only)} {'itself' if name == COMPUTER else 'themselves'}"
        if picked:
            return f"{own} and picked up {_and(picked, ascii_only)}; "
        if threw:
            return f"{own}, and of {_and(threw[-2:], ascii_only)}; "
        return f"{own}; "
    if picked:
        return f"{name} picked up {_and(picked, ascii_only)}; "
    if threw:
        return f"{name} let go of {_and(threw[-2:], ascii_only)}; "
    return ""


def out_of_reach(view: PlayerView, c: Card) -> bool:
    """Whether the other player cannot meld ``c`` whatever it holds
    (:func:`~ginrummy_tui.ai.master.out_of_reach`)."""
    from .master import out_of_reach as unmeldable

    return unmeldable(view, c)


def _last_throw(view: PlayerView) -> bool:
    """Whether this throw is the player's last before the hand would be void
    while the other player still has a turn (:func:`~ginrummy_tui.ai.master.last_throw`)."""
    from .master import last_throw

    return last_throw(view)


def _void_throw(view: PlayerView) -> bool:
    """Whether a throw now without a knock ends the hand void, whichever card goes
    (:func:`~ginrummy_tui.ai.master.void_throw`)."""
    from .master import void_throw

    return void_throw(view)


def _pronoun(name: str) -> str:
    """How the reasons name the other player after naming it once: the computer is "it",
    a person "they"."""
    return "it" if name == COMPUTER else "they"


def _feeds(view: PlayerView, c: Card, ascii_only: bool, name: str) -> str:
    """What a last throw (:func:`_last_throw`) risks, which is all that it
    matters by: "and it cannot meld 2♥", or "and the chance it can meld 3♥
    is about 1 in 3" where no card is out of its reach."""
    who = _pronoun(name)
    if out_of_reach(view, c):
        return f"and {who} cannot meld {_label(c, ascii_only)}"
    (p,) = meld_chances(view, (c,))
    return f"and the chance {who} can meld {_label(c, ascii_only)} is {odds(p)}"


def _ends(view: PlayerView, c: Card) -> int:
    return deadwood_mask(hand_mask(view.hand) ^ c.bit)


def _knock_words(view: PlayerView, out, name: str, *, undercut: bool = True) -> str:
    """What knocking now is expected to bring: "expected to score about 14, undercut about 1 in 9"
    ("expected to come out about even" where it rounds to nothing);
    where a spade upcard doubles the hand (Oklahoma), the figure, already doubled, says so:
    "expected to score about 28 (doubled)", and one counting the box bonus
    of the hand won, "(box included)"; without ``undercut``, the chance of
    an undercut left out."""
    u = out.undercut_chance
    n = round(out.expected_points)
    score = f"expected to score about {n}" if n > 0 else f"expected to lose about {-n}" if n else "expected to come out about even"
    if _knock_marks(view) and n:
        score += f" ({_knock_marks(view)})"
    return f"{score}, undercut {odds(u)}" if undercut else score


def _multiplied(view: PlayerView) -> str:
    """"doubled" when a spade upcard doubles the hand's score (Oklahoma),
    "times 3" when it is tripled; nothing otherwise."""
    if view.multiplier == 1:
        return ""
    return "doubled" if view.multiplier == 2 else f"times {view.multiplier}"


def explain(
    view: PlayerView,
    action: Action,
    *,
    ascii_only: bool = False,
    opponent_name: str = COMPUTER,
    room: int = PROMPT_COLUMNS,
    played: Card | None = None,
    wait_gain: tuple[float, float] | None = None,
    practice: bool = False,
) -> str:
    """A one-line reason for playing ``action`` in ``view`` (any legal action),
    in the fullest wording that takes two lines of a prompt with ``room``
    columns for its text (76 at 80 columns: :data:`PROMPT_COLUMNS`).

    Every figure comes from what the expert weighs: the deadwood, the
    expected deadwood after a draw, and for a knock what it is expected to
    score; but the chance the other player can meld a card, which the
    expert weighs only as a weight of its throw, is counted over guesses of
    its hand (:func:`meld_chances`).

    The review tells what it knows of the player's own choice: ``played``,
    the card the player threw, is the one a discard is compared with when it
    is among those leaving the least deadwood ("not K♣, which would leave
    56", never another card leaving as much); ``wait_gain``, the expected
    points that waiting gains over the player's knock and its standard
    error, is quoted where the expert waits (:func:`_explain_wait`), which
    else plays them out (:func:`wait_gain`).

    With ``practice`` the deal is practice, part of no match (a deal
    replayed with ``gin-tui --seed N --hand K``, or ``a`` after a hand): the
    reason then gives the expert's rule without speaking of winning matches."""
    token = _ROOM.set(room)
    practising = _PRACTICE.set(practice)
    try:
        return _explain(view, action, ascii_only, opponent_name, played, wait_gain)
    finally:
        _PRACTICE.reset(practising)
        _ROOM.reset(token)


def _explain(
    view: PlayerView, action: Action, ascii_only: bool, opponent_name: str, played: Card | None, wait_gain: tuple[float, float] | None
) -> str:
    name = opponent_name
    kind = action.kind
    lab = lambda c: _label(c, ascii_only)  # noqa: E731
    if kind == Kind.NEXT_HAND:
        return "The hand is over: deal the next one."
    if kind == Kind.NEW_MATCH:
        return "The match is over: start a new one."
    if kind == Kind.BIG_GIN:
        return _fitting([
            f"Big Gin: all 11 cards are in melds — {counted(view.rules.big_gin_bonus, 'point')} "
            f"plus {name}'s deadwood{_scaled(view)}, with no layoffs.",
            f"Big Gin: {counted(view.rules.big_gin_bonus, 'point')} plus {name}'s deadwood{_scaled(view)}, with no layoffs.",
        ])
    if kind == Kind.GIN:
        assert action.card is not None
        return _fitting([
            f"Gin with {lab(action.card)}: every other card is in a meld — "
            f"{counted(view.rules.gin_bonus, 'point')} plus {name}'s deadwood{_scaled(view)}, with no layoffs.",
            f"Gin with {lab(action.card)}: {counted(view.rules.gin_bonus, 'point')} plus {name}'s deadwood"
            f"{_scaled(view)}, with no layoffs.",
        ])
    if kind == Kind.KNOCK:
        return _explain_knock(view, action.card, ascii_only, name)  # type: ignore[arg-type]
    if kind == Kind.DISCARD:
        return _explain_discard(view, action.card, ascii_only, name, played, wait_gain)  # type: ignore[arg-type]
    m10 = hand_mask(view.hand)
    now = deadwood_mask(m10)
    up = view.upcard
    if kind in (Kind.TAKE_UPCARD, Kind.DRAW_DISCARD) and up is not None:
        return _explain_take(view, up, kind == Kind.TAKE_UPCARD, ascii_only, name)
    if kind in (Kind.PASS, Kind.DRAW_STOCK):
        head = "Pass on the upcard" if kind == Kind.PASS else "Draw from the stock"
        if kind == Kind.DRAW_STOCK and (up is None or view.stock_only or Kind.DRAW_DISCARD not in {a.kind for a in playable(view)}):
            return f"{head}: it is the only draw allowed now."
        assert up is not None
        after, thrown = best_after_taking(m10, up)
        blind = _expert().expected_deadwood(view, view.hand)
        said, short = _blind_words(view, name)
        if after >= now:
            return _fitting([
                f"{head}: taking {lab(up)} would not lower your deadwood ({now}); {said} about {_beside(blind, now)}.",
                f"{head}: taking {lab(up)} would not lower your deadwood ({now}); {short} about {_beside(blind, now)}.",
            ])
        if blind <= after:
            return _fitting([
                f"{head}: taking {lab(up)} would bring your deadwood from {now} to {after}, "
                f"and {said} about {_beside(blind, after)}.",
                f"{head}: taking {lab(up)} would lower your deadwood from {now} to {after}; {short} about {_beside(blind, after)}.",
            ])
        figure = _beside(blind, after)
        return _fitting([
            f"{head}: taking {lab(up)} would bring your deadwood from {now} to {after} ({short} about {figure}), "
            f"but leave a hand with less to gain from later draws, and show {name} what you collect.",
            f"{head}: taking {lab(up)} would lower your deadwood from {now} to {after} ({short} about {figure}) "
            f"but leave less to gain from later draws and show {name} what you collect.",
            f"{head}: taking {lab(up)} would lower your deadwood from {now} to {after} ({short} about {figure}) "
            f"but gain less later and show {name} what you collect.",
            f"{head}: taking {lab(up)} would lower your deadwood from {now} to {after} ({short} about {figure}) "
            f"but gain less later; {name} sees what you take.",
            f"{head}: taking {lab(up)} would lower your deadwood from {now} to {after} ({short} about {figure}) "
            f"but gain less later; {name} sees it.",
            f"{head}: taking {lab(up)} would lower your deadwood from {now} to {after} ({short} about {figure}) "
            "but gain less later.",
            f"{head}: taking {lab(up)} would lower your deadwood from {now} to {after} ({short} about {figure}) "
            "but leave less to gain from later draws.",
        ])
    words = str(action)
    return f"{words[:1].upper()}{words[1:]}."


def _second_offer(view: PlayerView) -> bool:
    """The upcard offered to this player after the other player passed on it:
    a pass then gives this player no draw now (the other player draws from the
    stock), and the draw the expert weighs against the upcard is this
    player's next one, after the other player's turn."""
    return view.phase == Phase.UPCARD and view.passes == 1


def _blind_words(view: PlayerView, name: str) -> tuple[str, str]:
    """What the expert weighs a card taken against, in full and in fewer
    words, each to be followed by "about" and a figure: a blind draw from the
    stock, or on the second offer of the upcard the player's draw after the
    other player's turn (:func:`_second_offer`)."""
    if _second_offer(view):
        return (
            f"your draw from the stock after {name}'s turn is expected to leave",
            f"your draw after {name}'s turn:",
        )
    return "a blind draw is expected to leave", "a blind draw:"


def _beside(expected: float, than: int) -> str:
    """An expected deadwood as it is said beside the deadwood ``than``: whole,
    or with one decimal where whole it would read the same ("60" beside 60 for
    59.6 reads as equal), or "as much" where even that reads the same."""
    if round(expected) != than:
        return f"{round(expected)}"
    if f"{expected:.1f}" != f"{than}.0":
        return f"{expected:.1f}"
    return "as much"


def _scaled(view: PlayerView) -> str:
    """", doubled" when the hand's score is doubled (Oklahoma, a spade
    upcard), ", times 3" when tripled; nothing otherwise."""
    return f", {_multiplied(view)}" if view.multiplier != 1 else ""


def _explain_take(view: PlayerView, up: Card, upcard: bool, ascii_only: bool, name: str) -> str:
    """Why the expert takes ``up``: the melds it makes (and any it breaks), the
    deadwood before and after, then gin or what a blind draw is expected to
    leave.  Where that takes three lines of the prompt, the blind draw is
    said in fewer words, then a card from the discard pile is taken in
    fewer ("Take 4♣" for "Take 4♣ from the discard pile"), and a card that
    makes gin leaves out the melds it breaks, which gin ends with the hand;
    when the sentence would still be longer than :data:`REASON_LIMIT`, the melds it breaks,
    then those it makes, are left out (the card taken in fewer words where
    that takes two lines)."""
    lab = lambda c: _label(c, ascii_only)  # noqa: E731
    m10 = hand_mask(view.hand)
    now = deadwood_mask(m10)
    after, thrown = best_after_taking(m10, up)
    then = expert_choice(_after_taking(view, upcard))  # the throw the next hint gives: its deadwood is the one said
    if then.kind in (Kind.DISCARD, Kind.KNOCK, Kind.GIN) and then.card is not None and then.card is not up:
        after, thrown = deadwood_mask((m10 | up.bit) ^ then.card.bit), then.card
    verb = f"Take the upcard {lab(up)}" if upcard else f"Take {lab(up)} from the discard pile"
    verbs = (verb,) if upcard else (verb, f"Take {lab(up)}")  # the card on the pile: no other is taken
    big = view.rules.big_gin and deadwood_mask(m10 | up.bit) == 0
    if big:
        worth = f"{counted(view.rules.big_gin_bonus, 'point')} plus {name}'s deadwood{_scaled(view)}"
        tail, short = f"; then Big Gin, for {worth}.", f"; Big Gin: {worth}."
    elif after == 0 and thrown is not None:
        worth = f"{counted(view.rules.gin_bonus, 'point')} plus {name}'s deadwood{_scaled(view)}"
        tail, short = f"; then gin with {lab(thrown)}, for {worth}.", f"; gin with {lab(thrown)}: {worth}."
    else:
        blind = _expert().expected_deadwood(view, view.hand)
        full_words, fewer_words = _blind_words(view, name)
        less = "" if after <= blind else f", but with {lab(up)} your hand does better on later draws"
        less_short = "" if after <= blind else f", but {lab(up)} does better on later draws"
        tail = f"; {full_words} about {_beside(blind, after)}{less}."
        short = f"; {fewer_words} about {_beside(blind, after)}{less_short}."
    figures = f"deadwood from {now} to {after}"
    held = tuple(view.hand) + (up,) if big else _swap(view.hand, up, thrown)
    made, broken, shortened = _melds_made(view.hand, held, up)
    if not made or after >= now:
        return _fitting([f"{v}: {figures}{end}" for v in verbs for end in (tail, short)])
    makes = f"it makes {' and '.join(_cards(m, ascii_only) for m in made)}"
    changes = [f"breaking {' and '.join(_cards(m, ascii_only) for m in broken)}"] if broken else []
    taken_off = _taken_off(shortened, held, ascii_only)
    if taken_off:  # "taking 8♠ and 8♣ off your runs": no new 5♠ 6♠ 7♠ made, no 5♠ 6♠ 7♠ 8♠ broken
        changes.append(f"taking {taken_off}")
    breaking = f" ({'; '.join(changes)})" if changes else ""
    whole = [f"{v}: {makes}{breaking}, {figures}{end}" for v in verbs for end in (tail, short)]
    if any(prompt_lines(r) <= 2 for r in whole):  # every meld said, in two lines
        return _fitting(whole)
    ends = [f"{v}: {makes}, {figures}{end}" for v in verbs for end in (tail, short)]
    if (big or after == 0) and any(prompt_lines(r) <= 2 for r in ends):  # gin: what it breaks matters no more
        return _fitting(ends)
    for words, end in ((f"{makes}{breaking}, ", tail), (f"{makes}{breaking}, ", short), (f"{makes}, ", short), ("", short)):
        said = [r for r in (f"{v}: {words}{figures}{end}" for v in verbs) if len(r) <= REASON_LIMIT]
        if said:
            return _fitting(said)
    return f"{verbs[-1]}: {figures}{short}"


def _after_taking(view: PlayerView, upcard: bool) -> PlayerView:
    """``view`` after its player takes the card on the discard pile (the
    upcard, when ``upcard``): what the player sees at the throw that follows."""
    from dataclasses import replace

    from ginrummy_tui.engine import Move, view_legal_actions

    up = view.discard[-1]
    action = Action(Kind.TAKE_UPCARD if upcard else Kind.DRAW_DISCARD)
    after = replace(
        view,
        hand=tuple(sorted(view.hand + (up,), key=lambda c: c.index)),
        discard=view.discard[:-1],
        phase=Phase.DISCARD,
        taken=up,
        drawn=up,
        history=view.history + (Move(view.seat, action, up),),
        legal_actions=(),
    )
    return replace(after, legal_actions=view_legal_actions(after))


def _explain_knock(view: PlayerView, c: Card, ascii_only: bool, name: str) -> str:
    left = _ends(view, c)
    head = f"Knock with {_label(c, ascii_only)}: it leaves {left} deadwood"
    out = _expert().knock_outlook(view)
    if out is None:  # pragma: no cover - a legal knock always has an outlook
        return head + "."
    search = searched(view, Action(Kind.KNOCK, c))
    if search is not None and search.rule.card is not c:
        return _explain_searched(view, search, ascii_only, name)
    if search is not None and _void_throw(view):
        # the rule would throw without knocking, and the hand would end void on that throw: the
        # knock's own figure played out (the void hand scores nothing in every deal) says why not,
        # not the rule's on fewer guesses, nor a wait there is nothing to wait for
        mean, _error = wait_gain(view, c)
        n = math.floor(-mean + 0.5)
        marks = _knock_marks(view)
        marked = f" ({marks})" if marks and n else ""
        return _fitting([
            f"{head}; played out, it {_knock_would(n, True)}{marked}, where a throw without a knock ends the hand void.",
            f"{head}; played out, it {_knock_would(n, True)}{marked}; without a knock the hand is void.",
        ])
    if search is not None:  # the rule would wait with the same card: the figure of waiting says why not
        mean, _error = wait_gain(view, c)
        worse = counted(max(1, math.floor(-mean + 0.5)), "point")
        if out.card is not c:  # the expert's figures are of a knock with another card
            return f"{head}; played out, waiting with it does about {worse} worse in this hand."
        score = _knock_words(view, out, name)
        return _fitting([
            f"{head}, {score}; played out, waiting with it does about {worse} worse in this hand.",
            f"{head}, {score}; waiting does about {worse} worse here.",
            f"{head}; waiting with it does about {worse} worse in this hand.",
        ])
    if out.card is not c:
        return f"{head}, within the limit of {view.knock_limit}."
    score = _knock_words(view, out, name)
    turn = match_turned(view, Action(Kind.KNOCK, c))
    void = _void_throw(view)  # the other of a knock there is a void hand, not a wait
    if turn is not None and turn.points is not None:
        waiting = "a void hand" if void else "waiting"
        return _fitting([f"{head}; {why}." for why in _decided_words(view, turn, "a knock now", waiting, name)])
    if turn is not None:
        knock, wait = _match_pair(turn.chance, turn.other)
        # the chance of winning the match, in this hand or a later one: "a knock now wins the match
        # about 8 in 10" read as this knock's own, beside "expected to score about 3" (9 to go)
        waiting = f"{wait} with the hand void" if void else f"{wait} if you wait"
        return _fitting([
            f"{head}, {score}; this near the end of the match, your chance to win it is {knock} "
            f"if you knock now, {waiting}.",
            f"{head}, {score}; your chance to win the match: {knock} if you knock now, {waiting}.",
            f"{head}; your chance to win the match: {knock} if you knock now, {waiting}.",
        ])
    if out.why == "last turn":
        return f"{head}, {score}; you have no draw left before the hand would be void."
    from .expert import knock_wins_match

    if out.why == "match" and knock_wins_match(view, view.seat):
        return f"{head}, {score}; a knock now very likely wins the match."
    if out.why == "match":
        short = view.rules.target - view.scores[view.seat]
        return _fitting([
            f"{head}, {score}; it wins the match (you need {short} to reach {view.rules.target}): "
            f"{odds(out.match_chance)}.",
            f"{head}, {score}; it wins the match ({short} to go): {odds(out.match_chance)}.",
        ])
    knocked = _knocks_said(view, name) if _knocks_decided(view, out) else ""
    if knocked:  # without the other player's knocks this match, the expert would lie in wait with this much
        return _fitting([
            f"{head}, {score}; {knocked}, so knocking beats waiting.",
            f"{head}, {score}; {knocked}.",
        ])
    if round(out.expected_points) < 0:  # the expert's threshold: with this much, waiting wins fewer matches (docs/ai.md)
        if _rule_only(view):
            return _fitting([
                f"{head}, {score}; with {left} deadwood the expert's rule is to knock, not wait for gin or an undercut.",
                f"{head}, {score}; with {left} deadwood the expert's rule is to knock, not wait.",
                f"{head}, {score}.",
            ])
        return _fitting([
            f"{head}, {score}; with {left} deadwood, a knock now wins more matches than waiting for gin or an undercut.",
            f"{head}, {score}; with {left} deadwood, a knock now wins more matches than waiting.",
            f"{head}, {score}.",
        ])
    return f"{head}, {score}."


def _searched_words(view: PlayerView, action: Action, other: Action, lab: Callable[[Card], str]) -> str:
    """A choice of the search, said beside ``other`` (a choice with another card): "a knock
    with 7♣", "discarding 9♦ and waiting", "discarding 9♦"; at the throw that ends the hand
    void (:func:`_void_throw`), where no throw waits for anything, "discarding 9♦ (a void hand)"."""
    c = action.card
    assert c is not None and c is not other.card
    if action.kind == Kind.KNOCK:
        return f"a knock with {lab(c)}"
    if _void_throw(view):  # the hand ends void on that throw: nothing is waited for
        return f"discarding {lab(c)} (a void hand)"
    if Action(Kind.KNOCK, c) in view.legal_actions:
        return f"discarding {lab(c)} and waiting"
    return f"discarding {lab(c)}"


def _explain_searched(view: PlayerView, turn: SearchTurn, ascii_only: bool, name: str) -> str:
    """Why the hint knocks where the expert's rule would throw another card (and wait, or knock
    with it): the master's search chose it (:func:`searched`; its only other choices are the
    rule's, or the wait with the rule's card), and played out again on more
    of the same guesses of the other player's hand it does better in this hand's points
    (:func:`turn_gain`, the figure said); near the end of a match (not for a practice deal)
    the search's chances of winning the match are said instead.  (A knock against waiting
    with the same card is said as the hints' figure of waiting says it.)"""
    from .master import near_match_end

    lab = lambda x: _label(x, ascii_only)  # noqa: E731
    action, rule = turn.action, turn.rule
    c = action.card
    assert c is not None and action.kind == Kind.KNOCK
    left = _ends(view, c)
    mine = _searched_words(view, action, rule, lab)
    theirs = _searched_words(view, rule, action, lab)
    heads = [f"Knock with {lab(c)}: it leaves {left} deadwood; ", f"Knock with {lab(c)}: "]
    whose = f"played out on guesses of {name}'s hand"
    if near_match_end(view) and not _PRACTICE.get():
        won, other = _match_pair(turn.chance, turn.rule_chance)
        texts = [
            f"{whose}, your chance to win the match is {won} after {mine}, {other} after {theirs}",
            f"played out, your chance to win the match: {won} after {mine}, {other} after {theirs}",
            f"played out, you win the match {won} after {mine}, {other} after {theirs}",
        ]
    else:
        mark = _knock_marks(view)
        marks = f" ({mark})" if mark else ""
        gain, _error = turn_gain(view, turn.rule, action)
        better = counted(max(1, math.floor(gain + 0.5)), "point")
        texts = [
            f"{whose}, it does about {better} better in this hand{marks} than {theirs}",
            f"played out, it does about {better} better in this hand{marks} than {theirs}",
            f"played out, it does about {better} better than {theirs}",
        ]
    reasons = [f"{head}{text}." for head in heads for text in texts]
    return _fitting(reasons)


def _knocks_decided(view: PlayerView, out: KnockOutlook) -> bool:
    """Whether the other player's knocks this match are what makes the expert
    knock now: by its threshold, which they lowered
    (:func:`~ginrummy_tui.ai.expert.wait_threshold`: ``2 * mean - 3`` of
    their deadwood), where with none on the score sheet it would lie in
    wait with this deadwood."""
    from dataclasses import replace

    from .expert import wait_threshold

    if not out.knocks or out.why != "threshold":
        return False
    most = _expert().params.wait_below * min(1.0, view.rules.undercut_bonus / 25)  # as the expert's knock rule
    return out.deadwood < wait_threshold(replace(view, sheet=()), most) * view.knock_limit / 10


def _knocks_said(view: PlayerView, name: str) -> str:
    """The other player's knocks this match, as the hint names them: "the
    computer knocked with 3 in hand 2", "... with 3 in hand 2 and 5 in hand
    4"; more than three, "the computer's 4 knocks averaged about 4
    deadwood"; nothing when it has not knocked."""
    from ginrummy_tui.engine.kinds import EndKind

    opp = 1 - view.seat
    knocks = [
        (rec.hand_no, rec.deadwood[opp])
        for rec in view.sheet
        if rec.knocker == opp and rec.kind in (EndKind.KNOCK, EndKind.UNDERCUT) and rec.deadwood is not None
    ]
    if not knocks:
        return ""
    if len(knocks) > 3:
        return f"{name}'s {len(knocks)} knocks averaged about {round(sum(d for _, d in knocks) / len(knocks))} deadwood"
    said = [f"{d} in hand {n}" for n, d in knocks]
    return f"{name} knocked with " + (said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1])


def _knock_would(n: int, unit: bool) -> str:
    """What a knock now would bring, said as a knock's own figure: "would score
    about 17 (points)", "would lose about 10 (points)", "would come out about
    even" (never "about 0")."""
    if not n:
        return "would come out about even"
    return f"would score {_points(n, unit=unit)}" if n > 0 else f"would lose {_points(-n, unit=unit)}"


@functools.lru_cache(maxsize=16)
def wait_gain(view: PlayerView, card: Card, seed: int = 0) -> tuple[float, float]:
    """The expected points of this hand that discarding ``card`` and lying in
    wait gains over knocking with it (negative: the knock does better), with
    its standard error: the review's play-outs of the two on the same
    guessed deals (:func:`~ginrummy_tui.ai.knock_playouts.knock_cost_of_view`, the
    box bonus of the hand won counted), so that a hint to wait and the
    review of a knock there give the same figure."""
    from .knock_playouts import knock_cost_of_view

    return knock_cost_of_view(view, Action(Kind.KNOCK, card), Action(Kind.DISCARD, card), seed=seed)


def _explain_wait(
    view: PlayerView, label: str, left: int, out: KnockOutlook, name: str, gain: tuple[float, float], knocked: str | None = None
) -> str:
    """Why the expert throws ``label`` (leaving ``left``) and lies in wait
    rather than knocking: for gin, and to undercut the other player's knock
    (reckoned at its average knock deadwood) when ``left`` would undercut it,
    else to get below it.  ``gain`` is what waiting is expected to gain over
    a knock now in this hand's points, and its standard error
    (:func:`wait_gain`: the play-outs behind the review's cost of that knock).

    Where waiting gains at least a point, the reason says not to knock and
    gives the gain beside a knock's own figure ("Don't knock: discard 5♣ and
    wait. A knock now would score about 4 points (undercut about 1 in 6);
    waiting gains about 10 points more."), as the review's cost of the knock says.  Otherwise waiting is
    the expert's own rule, not this hand's points: lying in wait below its
    threshold (:func:`~ginrummy_tui.ai.expert.wait_threshold`) won more
    matches against a player who knocks as soon as it may than knocking at
    once (``docs/ai.md``), and the reason says so, with what a knock now
    does better in this hand where the review would say so (by
    ``BETTER`` points and two standard errors), or that the two come out
    about even.  Every figure is an expected one (what an undercut would
    score, a best case, is never set beside them).

    The knock waited for is the other player's, named ("the computer's
    knock (about 7)", or "undercut the computer's knock" where the knock's
    figure leaves no room); why the expert waits where a knock does as well
    or better, that quick knocks often get undercut, is said of that player only
    where the score sheet shows its knocks undercut (:func:`_knocks_undercut`),
    in general otherwise; where
    a spade upcard doubles the hand (Oklahoma), a knock's figure says so,
    "(doubled)", and where the rules give a box bonus for each hand won, the
    figures count it and say so (:func:`_knock_marks`).  Where the fullest
    wording takes three lines of the prompt, it is said in fewer words, and
    last the chance that a knock now is undercut is left out.

    ``knocked``: the words for the knock weighed, where it is not the best knock now
    but the player's with another card than ``label`` (the review of that knock:
    "a knock with 2♣ now (6 deadwood)"), ``out`` then being its figures."""
    from .knock_playouts import BETTER

    full = knocked or "a knock now"  # "a knock with 2♣ now (6 deadwood)"
    now_words = full.split(" (")[0]  # "a knock with 2♣ now"
    short = now_words.removesuffix(" now")  # "a knock with 2♣"

    knock = round(out.opponent_mean)
    undercuts = view.rules.undercuts(left, knock)
    n = round(out.expected_points)
    marks = _knock_marks(view)
    whose = f"{name}'s knock (about {knock})"
    hope = "undercut" if undercuts else "get below"
    marked = f" ({marks})" if marks and n else ""
    boxed = f" ({marks})" if marks else ""  # the gain, doubled as a knock's figure and counting the box
    mean, error = gain
    g = math.floor(mean + 0.5)  # whole points, half a point up, as the review's cost
    reasons = []
    if g >= 1:
        # one form, the advice first: "Don't knock: discard 5♣ and wait. A knock now would score about
        # 4 points (undercut about 1 in 6); waiting gains about 10 points more." ("Discard 5♣: waiting
        # ... gains about 10 points over a knock now, which would lose about 21, undercut about 8 in 10"
        # did not say plainly not to knock, nor what the 21 were); what waiting hopes for goes first
        # where the room is short, then the chance of an undercut
        gains = f"waiting gains about {counted(g, 'point')} more{boxed if not marked else ''}"
        for risk in (True, False):
            beside = [m for m in (marks if n else "", f"undercut {odds(out.undercut_chance)}" if risk else "") if m]
            aside = f" ({'; '.join(beside)})" if beside else ""
            knock_now = f"{full[:1].upper()}{full[1:]} {_knock_would(n, True)}{aside}; {gains}."
            hopes = [f" with {left} deadwood for gin or to {hope} {whose}", f" for gin or to undercut {name}'s knock", ""]
            reasons += [f"Don't knock: discard {label} and wait{hoped}. {knock_now}" for hoped in hopes]
        return _fitting(reasons)
    if -mean >= BETTER and -mean >= 2 * error:
        k = math.floor(-mean + 0.5)
        points = [
            f"{full} does about {counted(k, 'point')} better in this hand (it {_knock_would(n, True)}{marked})",
            f"{now_words} does about {counted(k, 'point')} better in this hand{boxed}",
            f"{short} scores about {k} more here{boxed}",
        ]
        but = "but"
    else:
        points = [
            f"in this hand it is about even with {full}, which {_knock_would(n, True)}{marked}",
            f"in this hand it is about even with {now_words}",
            f"about even with {short} here",
        ]
        but = "and"
    # why waiting, which a knock may beat in this hand, is the rule: over whole matches lying in wait
    # below the threshold won more than knocking at once (docs/ai.md), the other player's knocks, made
    # as soon as it may, being undercut; a practice deal belongs to no match, and the rule is the expert's.
    # The rule's reason is said of this other player only where its knocks this match were undercut,
    # and never as a fact: quick knocks "often get undercut", where that has no room "risk undercuts";
    # near the end of a match, where the play-outs do not bear it out, the rule is the expert's too
    if _rule_only(view):
        general = [
            "as a rule the expert waits with this little: quick knocks often get undercut",
            "the expert waits with this little: quick knocks often get undercut",
        ]
        named = general + [
            "the expert waits: quick knocks often get undercut",
            "the expert waits: quick knocks risk undercuts",
        ] if not _knocks_undercut(view) else [
            f"as a rule the expert waits with this little: {name}'s quick knocks often get undercut",
            f"the expert waits with this little: {name}'s quick knocks often get undercut",
            f"the expert waits: {name}'s quick knocks often get undercut",
            f"the expert waits: {name}'s quick knocks risk undercuts",
        ]
    else:
        general = [
            "waiting wins more matches, as quick knocks often get undercut",
            "waiting wins more matches: quick knocks often get undercut",
            "waiting wins more matches: quick knocks risk undercuts",
        ]
        named = general if not _knocks_undercut(view) else [
            f"waiting wins more matches, as {name}'s quick knocks often get undercut",
            f"waiting wins more matches: {name}'s quick knocks often get undercut",
            f"waiting wins more matches: {name}'s quick knocks risk undercuts",
        ]
    # the other player is named in the wait, or in the why where its knocks were undercut (else in neither)
    waits = (
        (f"Discard {label} and wait with {left} deadwood for gin or to {hope} {whose}", general),
        (f"Discard {label}, wait with {left} deadwood for gin or to {hope} {whose}", general),
        (f"Discard {label}, wait with {left} deadwood for gin or to undercut {name}'s knock", general),
        (f"Discard {label} and wait with {left} deadwood", named),
        (f"Discard {label}, wait with {left} deadwood", named),
        (f"Discard {label}, wait for gin or to undercut {name}'s knock", general),
    )
    for wait, said_why in waits:  # what waiting hopes for is left out after the fullest figures, the deadwood last
        for said in points:
            for why in said_why:
                reasons.append(f"{wait}: {said}, {but} {why}.")
    return _fitting(reasons)


def _knocks_undercut(view: PlayerView) -> bool:
    """Whether the score sheet shows a knock of the other player's undercut
    this match: only then is the reason the expert lies in wait, that early
    knocks often get undercut, said of that player."""
    from ginrummy_tui.engine.kinds import EndKind

    return any(rec.knocker == 1 - view.seat and rec.kind == EndKind.UNDERCUT for rec in view.sheet)


def _knock_marks(view: PlayerView) -> str:
    """What a knock's figure counts beyond the hand's plain points, to be said
    beside it: "doubled" (a spade upcard in Oklahoma, "times 3" tripled),
    "box included" (the rules' box bonus for the hand won), or both;
    nothing otherwise."""
    marks = [m for m in (_multiplied(view), "box included" if view.rules.box_bonus else "") if m]
    return ", ".join(marks)


def _void_knock_words(
    view: PlayerView, label: str, knock_now: str, a_knock: str, gain: tuple[float, float], reckoned: str | None = None
) -> str:
    """Why throw ``label`` without knocking at the throw that ends the hand void
    (:func:`_void_throw`) where a knock's figure is the play-outs' (``gain``, what the void
    hand gains over the knock: :func:`wait_gain`, or the review's cost of the player's knock):
    the hand is void, and what the knock (``knock_now``, fewer words ``a_knock``) would have
    scored: "Discard 5♠ without knocking: played out, a knock now would lose about 2 points;
    the hand is void."  Never that waiting gains anything: the other player gets no turn.
    Where the play-outs have the knock score and the expert's rule threw without it by its own
    reckoning (``reckoned``, "expected to lose about 3, undercut about 1 in 3", on fewer
    guesses), both are said: "Discard 5♠ without knocking, the hand void: the expert reckons a
    knock now is expected to lose about 3, ...; played out it would score about 2 points." (in fewer words where that has no room)."""
    n = math.floor(-gain[0] + 0.5)  # the void hand scores nothing: the knock's own points (whole, half up, as a cost)
    marks = _knock_marks(view)
    marked = f" ({marks})" if marks and n else ""
    if n >= 1 and reckoned is not None:
        return _fitting([
            f"Discard {label} without knocking, the hand void: the expert reckons {knock_now} is {reckoned}; "
            f"played out it {_knock_would(n, True)}{marked}.",
            f"Discard {label}, no knock, the hand void: the expert reckons {a_knock} is {reckoned}; "
            f"played out it {_knock_would(n, True)}{marked}.",
        ])
    return _fitting([
        f"Discard {label} without knocking: played out, {knock_now} {_knock_would(n, True)}{marked}; the hand is void.",
        f"Discard {label}, no knock: played out, {a_knock} {_knock_would(n, True)}{marked}; the hand is void.",
        f"Discard {label}, no knock: {a_knock} {_knock_would(n, False)}; the hand is void.",
    ])


def _explain_discard(
    view: PlayerView, c: Card, ascii_only: bool, name: str, played: Card | None = None, gain: tuple[float, float] | None = None
) -> str:
    lab = lambda x: _label(x, ascii_only)  # noqa: E731
    left = _ends(view, c)
    head = f"Discard {lab(c)}: it leaves {left} deadwood"
    legal = playable(view)
    if any(a.kind == Kind.GIN and a.card is c for a in legal):
        return f"{head}: that is gin — declare it (Gin) to score it now."
    mine = any(a.kind == Kind.KNOCK and a.card is c for a in legal)
    # the review of a knock (``gain``, what waiting gains over it; ``played``, its card): the knock
    # weighed against waiting is the player's, its figures said of its own card and deadwood
    knocked = played if gain is not None and played is not None and Action(Kind.KNOCK, played) in legal else None
    other = knocked if knocked is not None and knocked is not c else None  # a knock with another card, named
    turn = match_turned(view, Action(Kind.DISCARD, c)) if mine else None
    if turn is not None and other is not None:
        from .master import match_versus

        turn = match_versus(view, turn, Action(Kind.KNOCK, other))  # its chance, not the one of a knock with c
    knock_now = f"a knock with {lab(other)} now" if other is not None else "a knock now"
    knocking_now = f"knocking with {lab(other)} now" if other is not None else "knocking now"
    # at the throw that ends the hand void a throw without a knock waits for nothing: the hand
    # ends on it, the other player getting no turn (:func:`_void_throw`)
    void = _void_throw(view)
    if turn is not None and turn.points is not None:
        if void:
            whys = _decided_words(view, turn, "a void hand", knock_now, name)
            return _fitting([f"Discard {lab(c)} without knocking, the hand void; {why}." for why in whys])
        whys = _decided_words(view, turn, "waiting", knock_now, name)
        return _fitting([f"Don't knock: discard {lab(c)} and wait; {why}." for why in whys])
    if turn is not None:
        wait, knock = _match_pair(turn.chance, turn.other)
        knock_if = f"if you knock with {lab(other)} now" if other is not None else "if you knock now"
        if void:
            return _fitting([
                f"Discard {lab(c)} without knocking: the hand is void. This near the end of the match, your chance "
                f"to win it is {wait} with the hand void, {knock} {knock_if}.",
                f"Discard {lab(c)}, no knock (the hand void); your chance to win the match: {wait} without a knock, "
                f"{knock} {knocking_now}.",
            ])
        return _fitting([
            f"Don't knock: discard {lab(c)} and wait. This near the end of the match, your chance to win it is "
            f"{wait} if you wait, {knock} {knock_if}.",
            f"Don't knock: discard {lab(c)} and wait; your chance to win the match: {wait} waiting, {knock} "
            f"{knocking_now}.",
        ])
    if any(a.kind == Kind.KNOCK for a in legal):
        out = _expert().knock_outlook(view)
        assert out is not None
        score = _knock_words(view, out, name)
        # the knock said beside waiting: the player's own where the review gives one, else the best
        own = out if knocked is None or knocked is out.card else _expert().knock_outlook(view, card=knocked)
        assert own is not None
        own_score = _knock_words(view, own, name)
        if other is not None:
            knock_now = f"a knock with {lab(other)} now ({own.deadwood} deadwood)"
        # (a wait the search chose over the rule's knock with c: the figure of waiting says why, below)
        if mine and out.knocks and searched(view, Action(Kind.DISCARD, c)) is None:
            return f"{head}; a knock with {lab(out.card)} instead is {score}."
        a_knock = knock_now.replace("a knock now", "a knock", 1) if other is None else knock_now
        if void and (gain is not None or out.knocks or out.why != "last turn"):
            # the hand ends void on this throw, and a throw without a knock scores nothing: what a
            # knock now scores is all the two differ by, and where the review prices the player's
            # knock (``gain``) or the search turned the rule's knock, its figure is the play-outs'
            # (:func:`wait_gain`: the knock settled against each guess, the void hand 0 in every
            # one), never the rule's on fewer guesses alone, which could say the other way
            reckoned = own_score if out.why == "last turn" and not out.knocks else None  # the rule's own reason
            played_out = gain if gain is not None else wait_gain(view, out.card)
            return _void_knock_words(view, lab(c), knock_now, a_knock, played_out, reckoned)
        if out.why == "last turn" and not out.knocks:  # the knock is reckoned to lose more than a void hand
            if void:
                return _fitting([
                    f"Discard {lab(c)} without knocking: {knock_now} is {own_score}; the hand is void.",
                    f"Discard {lab(c)}, no knock: {a_knock} is {own_score}; the hand is void.",
                ])
            then = f"void unless {name} ends it"
            risk = _feeds(view, c, ascii_only, name)
            plain = _knock_words(view, own, name, undercut=False)
            return _fitting([
                f"Discard {lab(c)} without knocking: {knock_now} is {own_score}; the hand is {then}, {risk}.",
                f"Discard {lab(c)}, no knock: {a_knock} is {own_score}; the hand is {then}, {risk}.",
                f"Discard {lab(c)}, no knock: {a_knock} is {own_score}; {then}, {risk}.",
                f"Discard {lab(c)}, no knock: {a_knock} is {plain}; the hand is {then}, {risk}.",
                f"Discard {lab(c)}, no knock: {a_knock} is {own_score}; the hand is {then}.",
            ])
        if mine:
            waited = gain if gain is not None else wait_gain(view, c)
            return _explain_wait(view, lab(c), left, own, name, waited, knock_now if other is not None else None)
    if _void_throw(view) and not any(a.kind in (Kind.KNOCK, Kind.GIN, Kind.BIG_GIN) for a in legal):
        # the hand ends void on this throw: no card it feeds or keeps counts, the other player
        # getting no turn and this one no draw
        return f"Discard {lab(c)}: you cannot knock, and the hand is void whichever card you throw."
    if _last_throw(view):
        return _fitting([
            f"{head}; your last throw: the hand is void unless {name} ends it, {_feeds(view, c, ascii_only, name)}.",
            f"{head}; the hand is void unless {name} ends it, {_feeds(view, c, ascii_only, name)}.",
        ])
    # the discard that leaves the least deadwood, for comparison
    m = hand_mask(view.hand)
    options = [
        (deadwood_mask(m ^ a.card.bit), any(melds_with(a.card, p) for p in view.opponent_known), -a.card.value, a.card)
        for a in legal
        if a.kind == Kind.DISCARD and a.card is not None
    ]
    least = min(options, key=lambda o: o[:3])
    if least[0] < left:
        choice = expert_choice(view)
        if choice.card is not c and choice.card is not None:
            return f"{head}; the expert would throw {lab(choice.card)}, leaving {_ends(view, choice.card)}."
        other = least[3]
        if played is not None and played in view.hand and played is not c and deadwood_mask(m ^ played.bit) == least[0]:
            other = played  # the player's own card leaves as little: it is the one compared
        expert = _expert()
        p_mine, p_other = meld_chances(view, (c, other))
        not_other = f"{head} (not {lab(other)}, which would leave {least[0]})"
        fewer = f"{head} (not {lab(other)}, leaving {least[0]})"
        if p_other - p_mine >= 0.1:
            why = _meld_pair(c, other, p_mine, p_other, ascii_only, name, mine_out=out_of_reach(view, c))
            return _fitting([f"{not_other}: {why}.", f"{fewer}: {why}."])
        e_mine = expert.expected_deadwood(view, _without(view.hand, c))
        e_other = expert.expected_deadwood(view, _without(view.hand, other))
        if e_mine < e_other:
            why = _expected_pair(e_mine, e_other)
            return _fitting([f"{not_other}: after your next draw, {why}.", f"{fewer}: after your next draw, {why}."])
        favours = _what_favours(view, expert, c, other, (p_mine, p_other), ascii_only, name)
        return _fitting([
            f"{not_other}: {favours}.",
            f"{fewer}: {favours}.",
            f"{fewer}: {favours.replace(' after your next two draws', ' after two draws')}.",
        ])
    risks = [f"{head}; {words}" for words in _meld_odds(view, c, ascii_only, name)]
    if not out_of_reach(view, c):
        (p,) = meld_chances(view, (c,))
        if p >= HIGH_CHANCE:
            shown = _shown(view, c, ascii_only, name)
            who = _pronoun(name) if shown else name
            risks += [
                f"{head}; {shown}{who} can meld {lab(c)} {odds(p)}",
                f"{head}; the chance {name} can meld it is {odds(p)}",
                f"{head}; {name} may meld it ({odds(p)})",
            ]
            still = _still_the_throw(view, c, p, head, risks, ascii_only, name, played)
            if still:
                return _fitting(still)
    return _fitting([f"{risk}." for risk in risks[:2]])


HIGH_CHANCE = 2 / 7
"""A throw whose chance of being melded is at least this (said "about 1 in
3" or more, :func:`odds`) is risky enough that its hint says why it is still
the throw (:func:`_still_the_throw`)."""

SAFER_BY = 0.1
"""How much less likely to be melded a throw must be to be called safer than
the one a hint gives (:func:`_still_the_throw`)."""


def _still_the_throw(
    view: PlayerView, c: Card, p: float, head: str, risks: list[str], ascii_only: bool, name: str, played: Card | None
) -> list[str]:
    """Why the expert throws ``c``, which leaves the least deadwood but which
    the other player can meld with the chance ``p`` (:data:`HIGH_CHANCE` or
    more), rather than a safer card (:data:`SAFER_BY`): the reasons, fuller
    first, that begin with ``head`` ("Discard K♥: it leaves 28 deadwood")
    and go on with one of ``risks`` (``c``'s chance, in fuller and fewer
    words) where they say it.  Where no throw is safer, that; else, of the
    safer throws, the one leaving the least deadwood (the player's own card
    in the review, where it is safer) and what it leaves, every safer throw
    breaking a meld where each does: "...; the computer picked up K♦; it can
    meld K♥ about 9 in 10, but every safer throw keeps more: 8♣ leaves 30."
    Where it leaves as little, the reason compares the two as a throw
    leaving less is compared, with the expert's own ground for ``c``
    (:func:`_what_favours`): "Discard 8♣: it leaves 31 deadwood (not 8♥, as
    low and safer): after your next two draws, ...".  A safer card the other
    player cannot meld at all (:func:`out_of_reach`) is said to be one, as
    every reason says it, not given a chance: "8♦, which it cannot meld,
    leaves 33", "(not 8♦, as low and safer: the computer cannot meld it)".  Nothing where the
    expert's expected deadwood after the next draw favours the safer throw
    that leaves more (its danger weight, not the deadwood, then decides)."""
    lab = lambda x: _label(x, ascii_only)  # noqa: E731
    m = hand_mask(view.hand)
    cards = [a.card for a in playable(view) if a.kind == Kind.DISCARD and a.card is not None and a.card is not c]
    chances = dict(zip(cards, meld_chances(view, cards)))
    safer = [o for o in cards if p - chances[o] >= SAFER_BY and odds(chances[o]) != odds(p)]
    if not safer:
        return [f"{risk}, and no throw is safer." for risk in risks]
    left = _ends(view, c)
    if played in safer:
        other = played
    else:
        other = min(safer, key=lambda o: (_ends(view, o), chances[o], -o.value))
    keeps = _ends(view, other)
    unmeldable = out_of_reach(view, other)  # said so, as everywhere: never "less than 1 in 50"
    who = _pronoun(name)
    chance = f", which {who} cannot meld," if unmeldable else f" ({odds(chances[other])})"
    expert = _expert()
    if keeps == left:  # as little deadwood, and safer: the expert's own terms decide
        favours = _what_favours(view, expert, c, other, (p, chances[other]), ascii_only, name)
        shorter = favours.replace(" after your next two draws", " after two draws")
        if unmeldable:
            pair = f"{name} cannot meld it"
        else:
            pair = f"{odds(chances[other]).removeprefix('about ')} against {odds(p).removeprefix('about ')}"
        return [
            f"{head} (not {lab(other)}, as low and safer: {pair}): {favours}.",
            f"{head} (not {lab(other)}, as low and safer): {favours}.",
            f"{head} (not {lab(other)}, as low and safer): {shorter}.",
        ]
    if expert.expected_deadwood(view, _without(view.hand, other)) <= expert.expected_deadwood(view, _without(view.hand, c)):
        return []
    breaks = all(_ends(view, o) > deadwood_mask(m) for o in safer)
    every = "every safer throw breaks a meld" if breaks else "every safer throw keeps more deadwood"
    fewer = "every safer throw breaks a meld" if breaks else "every safer throw keeps more"
    if other is played and not breaks:
        whys = [f"your safer {lab(other)}{chance} leaves {keeps}", f"your safer {lab(other)} leaves {keeps}"]
    else:
        whys = [
            f"{every}: {lab(other)}{chance} leaves {keeps}",
            f"{every}: {lab(other)} leaves {keeps}",
            f"{fewer}: {lab(other)} leaves {keeps}",
            f"the best safer throw, {lab(other)}, {'breaks a meld and ' if breaks else ''}leaves {keeps}",
        ]
    return [f"{risk}, but {why}." for risk in risks for why in whys]


def _what_favours(
    view: PlayerView, expert: ExpertOpponent, c: Card, other: Card, chances: tuple[float, float], ascii_only: bool, name: str
) -> str:
    """Why the expert throws ``c`` rather than ``other``, which leaves less
    deadwood and no more expected after the next draw: the first figure it
    weighs that favours ``c`` over the draws left to this seat (at most two):
    the expected deadwood after two draws, the chance of a hand within the
    knock limit, the chance of gin; else the chance the other player can meld
    each card (``chances``: ``c``'s and ``other``'s, :func:`meld_chances`)
    when ``other``'s is the higher in hundredths, with the cards it picked
    up that ``other`` melds with where a chance to knock or of gin, higher
    for ``c`` but alike in hundredths, is passed over for it; else that chance.  Else no figures, which
    would argue for ``other``, but the term of the expert's own that favours
    ``c`` the more (:meth:`~ginrummy_tui.ai.expert.ExpertOpponent.throw_weights`):
    what the hand left gains from the second of two draws, or ``other`` being
    the riskier throw by its reckoning; and where neither does, that the two
    are close."""
    from .expert import _draws_left

    draws = _draws_left(view, drawn=True)
    slight = ""  # a chance only a little higher, alike in hundredths: said only when nothing else decides
    if draws > 0:
        mine = expert.draw_outlook(view, _without(view.hand, c), draws)
        theirs = expert.draw_outlook(view, _without(view.hand, other), draws)
        after = "after your next two draws" if draws >= 2 else "after your next draw"
        if mine.deadwood < theirs.deadwood:
            return f"{after}, {_expected_pair(mine.deadwood, theirs.deadwood)}"
        figures = [("to knock", mine.knock_chance, theirs.knock_chance), ("of gin", mine.gin_chance, theirs.gin_chance)]
        if view.knock_limit == 0:  # only gin ends the hand: no chance "to knock" to speak of
            figures = figures[1:]
        for what, a, b in figures:
            if a > b:
                said = f"the chance {what} {after}: {_chance_pair(a, b)}"
                if _hundredths(a) != _hundredths(b):
                    return said
                slight = slight or said
    p_mine, p_other = chances
    danger_mine, second_mine = expert.throw_weights(view, c)
    danger_other, second_other = expert.throw_weights(view, other)
    risk, second = danger_other - danger_mine, second_other - second_mine
    if p_mine < p_other and _hundredths(p_mine) != _hundredths(p_other):
        picked = [x for x in view.opponent_known if melds_with(other, x)]
        shown = f"{name} picked up {_and(picked, ascii_only)}; " if picked and slight else ""
        pair = _meld_pair(c, other, p_mine, p_other, ascii_only, name, mine_out=out_of_reach(view, c))
        if p_other - p_mine < CLOSE_CHANCES and second > 0:
            # chances this close are not the whole ground: the second draw's gain weighs with them
            gains = "the hand left can meld more over your next two draws"
            return f"{gains}, and {_label(other, ascii_only)} is a little riskier to throw" if risk > 0 else gains
        return shown + pair
    if slight:
        return slight
    if second > 0 and second >= risk:
        return "the hand it leaves can meld more over your next two draws"
    if risk > 0:
        return f"the expert reckons {_label(other, ascii_only)} the riskier throw, from what {name} may hold"
    return f"the expert finds the two close, weighing your next draws and what {name} may meld"


CLOSE_CHANCES = 0.05
"""Chances of being melded closer than this (5 in 100) are not given alone as
why the expert keeps more deadwood (:func:`_what_favours`): its own weights
of the two throws differ by less than what the hand left gains from the
second of the next two draws, which is then said first."""


def _without(hand, card: Card) -> tuple[Card, ...]:
    return tuple(x for x in hand if x is not card)


def _meld_pair(
    c: Card, other: Card, p_mine: float, p_other: float, ascii_only: bool, name: str, *, mine_out: bool = False
) -> str:
    """The chances the other player can meld ``other`` and ``c``, written so
    that they differ (in hundredths when the words are the same); with
    ``mine_out``, that it cannot meld ``c`` at all (:func:`out_of_reach`)."""
    if mine_out:
        who = _pronoun(name)
        return f"the chance {name} can meld {_label(other, ascii_only)} is {odds(p_other)}; {who} cannot meld {_label(c, ascii_only)}"
    if odds(p_mine) != odds(p_other):
        chances = f"{odds(p_other)}, {_label(c, ascii_only)} {odds(p_mine)}"
    else:
        chances = f"{_hundredths(p_other)}, {_label(c, ascii_only)} {_hundredths(p_mine)}"
    return f"the chance {name} can meld {_label(other, ascii_only)} is {chances}"


def _chance_pair(mine: float, other: float) -> str:
    """Two chances, ``mine`` the greater, written so that they differ: in
    words ("about 3 in 10 against 1 in 4"), or in hundredths when the words
    are the same; "a little higher (both about 11 in 100)" when those are too."""
    if odds(mine) != odds(other):
        return f"{odds(mine)} against {odds(other).removeprefix('about ')}"
    if _hundredths(mine) != _hundredths(other):
        return f"{_hundredths(mine)} against {_hundredths(other).removeprefix('about ')}"
    return f"a little higher (both {_hundredths(mine)})"


__all__ = ["HINT_LEVEL", "MATCH_CHANCE", "PROMPT_COLUMNS", "Hint", "best_after_taking", "card_name", "expert_choice", "explain", "hint", "hint_expert", "meld_chances", "odds", "prompt_lines"]
