"""How the game's messages count things: "1 card", "2 cards"."""

from __future__ import annotations


def counted(n: int, what: str) -> str:
    """``n`` and ``what``, one or more of it: "1 decision", "300 hands", "2 matches"."""
    return f"{n} {what}" if n == 1 else f"{n} {what}es" if what.endswith("ch") else f"{n} {what}s"
