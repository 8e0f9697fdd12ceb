"""The easy opponent, for beginners.

* It never takes the upcard nor draws from the discard pile.
* It throws the card that leaves the least deadwood, but about one time in
  seven (15%) it throws instead a random card that is not in a meld.
* It pays no attention to what the opponent picks up.
* It knocks late: only with 7 deadwood or less (or the knock limit, if it is
  lower), and goes gin whenever it can.
"""

from __future__ import annotations

import random

from ginrummy_tui.engine import Action, PlayerView, deadwood_mask
from ginrummy_tui.engine.kinds import Kind

from .common import find, hand_mask, turn_actions

KNOCK_AT = 7
SLOPPY = 0.15


class EasyOpponent:
    """The easy computer opponent (see the module text for its rules)."""

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(f"easy/{seed}")

    def choose(self, view: PlayerView) -> Action:
        """The action for this view (always one of ``view.legal_actions``)."""
        actions, done = turn_actions(view)
        if done is not None:
            return done
        plain = find(actions, Kind.PASS) or find(actions, Kind.DRAW_STOCK) or find(actions, Kind.BIG_GIN)
        if plain is not None:
            return plain
        discards = [a.card for a in actions if a.kind == Kind.DISCARD and a.card is not None]
        if not discards:  # only possible with a drawn stock-less pile: take what is left
            return actions[0]
        m = hand_mask(view.hand)
        scored = sorted(((deadwood_mask(m ^ c.bit), -c.value, -c.index), c) for c in discards)
        d, card = scored[0][0][0], scored[0][1]
        gin = find(actions, Kind.GIN, card)
        if gin is not None:
            return gin
        # drawn from the position, not from a running generator, so that a resumed match plays on identically
        rng = random.Random(f"easy/{self.seed}/{view.match_no}/{view.hand_no}/{len(view.history)}")
        if rng.random() < SLOPPY:
            loose = [c for c in discards if deadwood_mask(m ^ c.bit) == deadwood_mask(m) - c.value]
            if loose:
                card = rng.choice(loose)
                d = deadwood_mask(m ^ card.bit)
        if d <= min(KNOCK_AT, view.knock_limit):
            knock = find(actions, Kind.KNOCK, card)
            if knock is not None:
                return knock
        return find(actions, Kind.DISCARD, card)  # type: ignore[return-value]
