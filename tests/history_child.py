"""A process that records matches into a history database, for the tests
that kill it or run two at once (``python -m tests.history_child ROOT MODE ...``).

Modes:

``hold-end ID``
    Play a match, record every hand; when the match ends, open the
    transaction that records it, print ``HOLDING`` and wait (for a kill, or
    for a line on stdin) before committing.
``loop ID N``
    Play and record N matches; print ``WRITING id hand`` before each write
    and ``WROTE id hand`` after it.
``finish ID``
    Play a match; record everything but the last hand, print ``READY``, wait
    for a line on stdin, then record the end and print ``DONE``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from ginrummy_tui.engine import PRESETS, apply, legal_actions, new_game
from ginrummy_tui.storage.history import History, open_history


def states(seed: int, target: int = 60):
    """Every state of one match played by a simple policy."""
    rng = random.Random(seed)
    state = new_game(PRESETS["standard"].with_options(target=target), seed=seed)
    yield state
    while not state.over:
        acts = [a for a in legal_actions(state) if a.kind != "timeout"]
        enders = [a for a in acts if a.kind in ("knock", "gin", "big gin")]
        discards = sorted((a for a in acts if a.kind == "discard"), key=lambda a: -a.card.value)
        state = apply(state, rng.choice(enders) if enders else discards[0] if discards else rng.choice(acts))
        yield state


def say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def main(argv: list[str]) -> int:
    root, mode, match_id = Path(argv[0]), argv[1], argv[2]
    opening = open_history(root)
    hist = opening.history
    assert hist is not None, opening.messages
    if mode == "hold-end":
        plain = History.transaction

        def holding(self, wait=True):
            cm = plain(self, wait)
            if not getattr(self, "ending", False):
                return cm

            class Hold:
                def __enter__(s):
                    return cm.__enter__()

                def __exit__(s, *exc):
                    say("HOLDING")
                    sys.stdin.readline()
                    return cm.__exit__(*exc)

            return Hold()

        History.transaction = holding  # type: ignore[method-assign]
        rec = hist.recorder(match_id)
        for state in states(7):
            if state.over:
                hist.ending = True  # type: ignore[attr-defined]
            rec.observe(state)
            if state.sheet and not state.over:
                say(f"HANDS {len(state.sheet)}")
        say("DONE")
    elif mode == "loop":
        for n in range(int(argv[3])):
            mid = f"{match_id}-{n}"
            rec = hist.recorder(mid)
            for state in states(n):
                key = f"{mid} {len(state.sheet)}{' end' if state.over else ''}"
                say(f"WRITING {key}")
                if rec.observe(state):
                    say(f"WROTE {key}")
    elif mode == "finish":
        rec = hist.recorder(match_id)
        all_states = list(states(int(argv[3]) if len(argv) > 3 else 3))
        last_hand = max(i for i, s in enumerate(all_states) if len(s.sheet) < len(all_states[-1].sheet))
        for state in all_states[: last_hand + 1]:
            rec.observe(state)
        say("READY")
        sys.stdin.readline()
        rec.observe(all_states[-1])
        say("DONE")
    hist.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
