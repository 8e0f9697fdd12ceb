"""The play-outs of a knock against waiting with the same card, which the
hints and the review both weigh (``docs/hints-review-web.md``): a hint to
wait gives what waiting gains over that knock, and the review of the knock
costs it, on the same guessed deals, so that the two say the same.

Pure Python: no Textual, no I/O.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from ginrummy_tui.engine import Action, Kind, PlayerView

from .common import boxed

if TYPE_CHECKING:
    from .master import MasterOpponent

DEFAULT_SAMPLES = 24
"""Guessed deals of the unseen cards per reviewed decision, at least."""
PRECISION = 1.0
"""The standard error, in points, a cost is played out to (unless
``ginrummy_tui.ai.review.MORE_SAMPLES`` runs out first): stopping once the mean was two standard
errors from nothing gave 5 to 14 points for the same discard from one seed
to the next, all said "about 7 points"."""
BETTER = 2.5
"""Points by which an estimate favouring the player's own choice is said so
("your choice looks about 3 points better"), and the expert's reason for
its other choice is not given as if it had won
(:func:`~ginrummy_tui.ai.review.outplayed_reason`); a hint to wait says
the expert's rule where a knock does so much better (:func:`~ginrummy_tui.ai.hints.wait_gain`)."""
KNOCK_DEALS = 768
"""The most guessed deals behind the cost of a knock against waiting, played
out as the others are (``DEFAULT_SAMPLES`` at a time while the standard
error is above ``PRECISION``), twice their most: a knock settled at once
against a wait that may end in gin or an undercut differs by 13.5 to 27.5
points (a standard deviation) from one deal to the next, where 384 deals
would leave 0.7 to 1.4 points and 120 (all there were) left 1.2 to 2.5
(docs/hints-review-web.md); 768 deals take about 0.2 s."""


def to_precision(batch: Callable[[int], list[int]], step: int, most: int) -> tuple[float, float]:
    """The mean of the differences ``batch(k)`` plays out on ``k`` more
    guessed deals, and its standard error: ``step`` deals at a time, until
    the standard error is within ``PRECISION`` or ``most`` deals are played
    out (the costs of :func:`~ginrummy_tui.ai.review.estimate_cost_error` and of
    :func:`knock_cost_of_view`)."""
    diffs: list[int] = []
    mean = spread = 0.0
    while step > 0 and len(diffs) < most:
        diffs += batch(min(step, most - len(diffs)))
        n = len(diffs)
        mean = sum(diffs) / n
        spread = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
        if spread <= PRECISION * PRECISION * n:  # the standard error within PRECISION
            break
    if not diffs:
        return 0.0, 0.0
    return mean, math.sqrt(spread / len(diffs))


def knock_guesser(seed: int = 0) -> MasterOpponent:
    """The master whose guessed deals :func:`knock_cost_of_view` plays out:
    its guesses of the other player's hand are those behind the hints' figures
    for a knock now (:class:`~ginrummy_tui.ai.master.GuessingExpert`: a guess
    of a player who knocks as soon as it may replays at most a quarter of the
    unseen cards left out of it, and is dealt again until it is a hand that
    player would not have knocked with), so that "a knock now would score
    about 2; waiting gains about 10 more" speaks of the same hands twice.
    With the master's own guesses, late in a hand every guess of such a
    player was nearly the same low hand, one it would have knocked with:
    the knock was undercut in the play-outs where its figure said it scored,
    and the wait undercut that player's knock at its next turn, and the hint
    said waiting gained about 25 points where, on the knock's guesses, it
    gained about 8 (``docs/hints-review-web.md``)."""
    from .master import hints_guesser

    return hints_guesser(seed)


def knock_cost_of_view(
    v: PlayerView, played: Action, suggested: Action, *, deals: int = DEFAULT_SAMPLES, most: int = KNOCK_DEALS, seed: int | str = 0
) -> tuple[float, float]:
    """:func:`~ginrummy_tui.ai.review.estimate_knock_cost_error` from the player's view ``v`` alone
    (all it uses of the hand): the expected points of this hand, with the
    box bonus of the hand won (:func:`boxed`), lost by ``played`` rather
    than ``suggested``, and the standard error.  The hint that advises
    waiting weighs its gain with it (:func:`~ginrummy_tui.ai.hints.wait_gain`),
    on the same deals as the review of that knock."""
    from .master import match_end_plays, match_end_points, near_match_end

    box = v.rules.box_bonus
    card = played.card
    if near_match_end(v) and card is not None and suggested.card is not None and {played.kind, suggested.kind} == {Kind.KNOCK, Kind.DISCARD}:
        # the play-outs the hints' expert weighs the match's chances on (master.match_turn), for a
        # knock against the throw of its own card or of another, so that the two are priced alike
        number = seed if isinstance(seed, int) else 0
        if suggested.card is card:
            wait, knock = match_end_points(v, card, number)
        else:
            waited, knocked = (suggested, played) if suggested.kind == Kind.DISCARD else (played, suggested)
            wait, knock = match_end_plays(v, (waited, knocked), number)
        mine, theirs = (wait, knock) if suggested.kind == Kind.DISCARD else (knock, wait)
        diffs = [boxed(a * v.multiplier, box) - boxed(b * v.multiplier, box) for a, b in zip(mine, theirs)]
        return to_precision(lambda _k: diffs, len(diffs), len(diffs))  # all of them, at once
    guesser = knock_guesser(seed if isinstance(seed, int) else 0)
    rng = random.Random(f"gin-tui-review-knock/{seed}/{len(v.history)}")
    waiters = random.Random(f"gin-tui-review-waiters/{seed}/{len(v.history)}")  # one generator for every batch

    def batch(k: int) -> list[int]:
        mine, theirs = guesser.playout_points(v, [suggested, played], rng, k, cond_rng=waiters)
        return [boxed(a * v.multiplier, box) - boxed(b * v.multiplier, box) for a, b in zip(mine, theirs)]

    return to_precision(batch, deals, most)


__all__ = ["BETTER", "DEFAULT_SAMPLES", "KNOCK_DEALS", "PRECISION", "boxed", "knock_cost_of_view", "knock_guesser", "to_precision"]
