"""Lifetime statistics: the figures.

The matches are recorded in the history database
(:mod:`ginrummy_tui.storage.history`), which works the figures out with SQL
aggregates.  :func:`compute` gives the same figures from match records in
their JSON form (as ``gin-tui export`` writes them, one a line): per opponent
level and rules (a preset, or the name of rules changed from one:
:func:`~ginrummy_tui.storage.rule_words.recorded_rules_name`), from the point
of view of seat 0 (the local player).
A replayed deal (``replay``) is kept in the history but does not count.
:mod:`ginrummy_tui.storage.reports` puts the figures into words.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from ginrummy_tui.engine.kinds import EndKind

ME = 0
"""The seat whose statistics these are (the local player)."""
NETWORK = "network"
"""The opponent of a match played over the network (another person,
``gin-tui host`` and ``join``): its figures are kept apart from those of the
computer's levels."""
LEFT = "left"
"""The entry of a network match's record (in ``extra``) that says the player left the match
before it finished (quit, or another player took the seat while they were away): ``{"hand":
the hand in play when they left}``. The record is unfinished and abandoned (neither won
nor lost), with the hands they played and the score when they left; a later record of the
same match from the same player (they came back to it) carries it on (:meth:`~ginrummy_tui.storage.history.History.add_record`)."""


OPPONENT_NAME = "opponent_name"
"""The entry of a record naming the other player of a network match (a
record without it, of an earlier version, names none).  Not a column of the
history database: it is kept there with a record's other entries (``extra``),
so the database's format is unchanged."""


# ---------------------------------------------------------------- counting


_STREAKS = ("best_streak", "current_streak")
"""The figures of :class:`Tally` that are not counts: they do not add up (:meth:`Tally.plus`)."""


@dataclass
class Tally:
    """The figures for one opponent level and rules (or all of them)."""

    matches: int = 0
    """Finished matches."""
    won: int = 0
    lost: int = 0
    abandoned: int = 0
    """Matches left unfinished for a new one."""
    hands: int = 0
    """Finished hands (not counting a lost-on-time ending)."""
    hands_won: int = 0
    hands_lost: int = 0
    knocks: int = 0
    """Hands you ended by knocking (not gin), undercut or not."""
    gins: int = 0
    big_gins: int = 0
    undercuts_given: int = 0
    """Your opponent knocked and you undercut them."""
    undercuts_received: int = 0
    """You knocked and were undercut."""
    voids: int = 0
    opponent_knocks: int = 0
    opponent_gins: int = 0
    timeouts_lost: int = 0
    """Matches you lost on time: your move clock ran out."""
    points: int = 0
    """Points you scored in hands."""
    points_against: int = 0
    best_streak: int = 0
    """The longest run of matches won in a row."""
    current_streak: int = 0
    """Matches won in a row up to the last one."""
    hints: int = 0

    @property
    def avg_points(self) -> float:
        """Your points per hand played."""
        return self.points / self.hands if self.hands else 0.0

    @property
    def avg_net(self) -> float:
        """Your points minus your opponent's, per hand played."""
        return (self.points - self.points_against) / self.hands if self.hands else 0.0

    @property
    def win_rate(self) -> float:
        """The share of finished matches you won."""
        return self.won / self.matches if self.matches else 0.0

    def add_hand(self, hand: dict[str, Any], me: int = ME) -> None:
        """Count one hand's result."""
        kind, knocker, winner, points = hand["kind"], hand.get("knocker"), hand.get("winner"), hand["points"]
        if kind == EndKind.TIMEOUT:
            if winner is not None and winner != me:
                self.timeouts_lost += 1
            return
        self.hands += 1
        if kind == EndKind.VOID:
            self.voids += 1
            return
        if winner == me:
            self.hands_won += 1
            self.points += points
        elif winner is not None:
            self.hands_lost += 1
            self.points_against += points
        if knocker == me:
            if kind in (EndKind.KNOCK, EndKind.UNDERCUT):
                self.knocks += 1
            elif kind == EndKind.GIN:
                self.gins += 1
            elif kind == EndKind.BIG_GIN:
                self.big_gins += 1
            if kind == EndKind.UNDERCUT:
                self.undercuts_received += 1
        elif knocker is not None:
            if kind in (EndKind.KNOCK, EndKind.UNDERCUT):
                self.opponent_knocks += 1
            elif kind in (EndKind.GIN, EndKind.BIG_GIN):
                self.opponent_gins += 1
            if kind == EndKind.UNDERCUT:
                self.undercuts_given += 1

    def figures(self) -> dict[str, int | float]:
        """Every figure by its name, the fields' and the averages' (``win_rate``,
        ``avg_points``, ``avg_net``), as the statistics table's rows name them."""
        return {**asdict(self), "win_rate": self.win_rate, "avg_points": self.avg_points, "avg_net": self.avg_net}

    def plus(self, other: Tally) -> Tally:
        """These figures and ``other``'s added up, but the streaks (kept as they are
        here), which do not add up."""
        mine, theirs = asdict(self), asdict(other)
        return replace(self, **{name: mine[name] + theirs[name] for name in mine if name not in _STREAKS})

    def as_dict(self) -> dict[str, Any]:
        """The figures, with the averages, for JSON: null where there is nothing to
        average (no hand played, no match finished), where the table shows "-"."""
        d = asdict(self)
        d["avg_points"] = round(self.avg_points, 2) if self.hands else None
        d["avg_net"] = round(self.avg_net, 2) if self.hands else None
        d["win_rate"] = round(self.win_rate, 3) if self.matches else None
        return d


@dataclass
class Stats:
    """All the figures: per (opponent level, name of the rules), and in total."""

    groups: dict[tuple[str, str], Tally] = field(default_factory=dict)
    total: Tally = field(default_factory=Tally)
    replays: int = 0
    """Replayed deals seen (kept in the history, not counted)."""
    unreadable: int = 0
    """Match records that could not be read."""
    left_out: list[str] = field(default_factory=list)
    """The matches of the history left out, as their rows do not read back as
    records, each named with why (:class:`~ginrummy_tui.storage.history.BadRecord`)."""

    def as_dict(self) -> dict[str, Any]:
        """For ``gin-tui stats --json``."""
        return {
            "total": self.total.as_dict(),
            "groups": [
                {"opponent": opp, "preset": preset, **t.as_dict()} for (opp, preset), t in sorted(self.groups.items())
            ],
            "replays_not_counted": self.replays,
            "unreadable_records": self.unreadable,
            "left_out": self.left_out,
        }


def _streaks(results: Iterable[bool]) -> tuple[int, int]:
    best = run = 0
    for won in results:
        run = run + 1 if won else 0
        best = max(best, run)
    return best, run


def compute(records: Iterable[dict[str, Any]], me: int = ME) -> Stats:
    """The figures from match records (as :func:`load_history` gives them,
    oldest first), per opponent level and the name of the rules
    (:func:`~ginrummy_tui.storage.rule_words.recorded_rules_name`).  Replays are left out."""
    from ginrummy_tui.storage.rule_words import recorded_rules_name

    stats = Stats()
    finished: dict[tuple[str, str] | None, list[tuple[str, bool]]] = {None: []}
    for r in records:
        if r.get("replay"):
            stats.replays += 1
            continue
        if not r["hands"] and not r.get("finished") and not r.get("abandoned"):
            continue  # a match left before any hand ended, and not given up: nothing to count
        key = (str(r.get("opponent")), recorded_rules_name(r.get("preset"), r.get("rules")))
        tally = stats.groups.setdefault(key, Tally())
        for t in (tally, stats.total):
            for hand in r["hands"]:
                t.add_hand(hand, me)
            t.hints += int(r.get("hints") or 0)
            if r.get("finished"):
                t.matches += 1
                if r.get("winner") == me:
                    t.won += 1
                else:
                    t.lost += 1
            elif r.get("abandoned"):
                t.abandoned += 1
        if r.get("finished"):
            when = str(r.get("ended") or r.get("started") or "")
            won = r.get("winner") == me
            finished.setdefault(key, []).append((when, won))
            finished[None].append((when, won))
    for group, results in finished.items():
        ordered = [won for _, won in sorted(results, key=lambda x: x[0])]
        best, current = _streaks(ordered)
        tally = stats.total if group is None else stats.groups[group]
        tally.best_streak, tally.current_streak = best, current
    return stats


__all__ = ["ME", "NETWORK", "Stats", "Tally", "compute"]
