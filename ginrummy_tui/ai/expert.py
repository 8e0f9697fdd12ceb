"""The expert opponent."""

from __future__ import annotations

from .standard import StandardOpponent


class ExpertOpponent(StandardOpponent):
    """The expert computer opponent."""

    level = "expert"
