"""The standard opponent: exactly the computer of the original game.

* **Upcard / draw**: it takes the upcard (or draws the discard) only when
  that card joins a meld and lowers its deadwood: after the best discard
  (the card just taken may not be thrown), the hand's deadwood is lower than
  now and the new card is in a meld of a least-deadwood split.  Otherwise it
  passes the upcard / draws from the stock.
* **Discard**: the card that leaves the least deadwood.  Among the cards that
  tie, it prefers one that does not meld with a card the opponent took from
  the discard pile this hand (same rank, or same suit within two ranks); then
  the highest count, then the highest card (suit order spades, hearts,
  diamonds, clubs).
* **Knock**: as soon as it may: gin (or big gin) when it can, otherwise it
  knocks whenever the chosen discard leaves deadwood within the knock limit.
"""

from __future__ import annotations

from ginrummy_tui.engine import Action, PlayerView, deadwood_mask
from ginrummy_tui.engine.kinds import Kind

from .common import end_turn_action, find, hand_mask, melds_with, turn_actions


def wants_card(mask10: int, card) -> bool:
    """The standard rule for taking ``card`` into a 10-card hand: it joins a
    meld and the deadwood after the best discard is lower than now."""
    now = deadwood_mask(mask10)
    m = mask10 | card.bit
    best = 1 << 30
    joins = False
    rest = mask10
    while rest:
        low = rest & -rest
        rest ^= low
        after = m ^ low
        d = deadwood_mask(after)
        if d > best:
            continue
        j = d < deadwood_mask(after ^ card.bit) + card.value
        if d < best:
            best, joins = d, j
        else:
            joins = joins or j
    return best < now and joins


def choose_discard(view: PlayerView, actions) -> Action:
    """The standard discard (with gin/knock when allowed), as described above."""
    m = hand_mask(view.hand)
    picked = view.opponent_picked
    best_key = None
    best_card = None
    for a in actions:
        if a.kind != Kind.DISCARD:
            continue
        c = a.card
        d = deadwood_mask(m ^ c.bit)
        helps = any(melds_with(c, p) for p in picked)
        key = (d, helps, -c.value, -c.index)
        if best_key is None or key < best_key:
            best_key, best_card = key, c
    assert best_card is not None
    return end_turn_action(actions, best_card)


class StandardOpponent:
    """The standard computer opponent (see the module text for its rules)."""

    level = "standard"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: PlayerView) -> Action:
        """The action for this view (always one of ``view.legal_actions``)."""
        actions, done = turn_actions(view)
        if done is not None:
            return done
        kinds = {a.kind for a in actions}
        if Kind.TAKE_UPCARD in kinds:
            up = view.upcard
            if up is not None and wants_card(hand_mask(view.hand), up):
                return find(actions, Kind.TAKE_UPCARD)  # type: ignore[return-value]
            return find(actions, Kind.PASS)  # type: ignore[return-value]
        if Kind.DRAW_STOCK in kinds or Kind.DRAW_DISCARD in kinds:
            up = view.upcard
            if Kind.DRAW_DISCARD in kinds and up is not None and wants_card(hand_mask(view.hand), up):
                return find(actions, Kind.DRAW_DISCARD)  # type: ignore[return-value]
            return find(actions, Kind.DRAW_STOCK) or find(actions, Kind.DRAW_DISCARD)  # type: ignore[return-value]
        big = find(actions, Kind.BIG_GIN)
        if big is not None:
            return big
        return choose_discard(view, actions)
