"""Every rule of a match as one frozen value, and the named presets."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, cast

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

NEXT_DEALER_CHOICES = ("alternate", "winner")
MAX_KNOCK_LIMIT = 10
"""A knock needs at most this much deadwood under any rules (the usual 10;
Oklahoma's upcard only lowers it)."""
MAX_TIMER = 3600
"""The most seconds a move timer gives (an hour a move)."""
MAX_TARGET = 10000
"""The highest score a match may be played to (a hundred times the usual 100)."""
MAX_BONUS = 10000
"""The most points any one bonus may give (gin, undercut, big gin, box, game)."""


class Written:
    """A base of the engine's values written as JSON objects, field by field (a move, a row
    of the score sheet, a hand's result, a knock's settlement and its layoffs, the state and
    a seat's view of it): :meth:`field_values` gives what is written."""

    def field_values(self) -> dict[str, Any]:
        """Every field by its name, in their order, as the JSON form writes them (each
        value is a dataclass: its fields as the dataclass declares them, read once here
        for all of them rather than listed again in each)."""
        return {f.name: getattr(self, f.name) for f in fields(cast("DataclassInstance", self))}


class WrittenWhenSet:
    """A base of the engine's values written to saves and records whose fields added in a
    later version are written only when set (:class:`Rules`, a knock's ``KnockResult``),
    so that those of before read and write exactly as before."""

    WRITTEN_WHEN_SET: ClassVar[tuple[str, ...]] = ()
    """The names of those fields (none here)."""


@dataclass(frozen=True)
class Rules(WrittenWhenSet):
    """The rules of a match. Presets are named values of this class."""

    name: str = "standard"
    """The preset these rules come from: the one the player chose (or the
    default), kept when single options are changed (:meth:`with_options`), so
    that the changes are named against it.  Matches saved by earlier versions
    hold ``"custom"`` for changed rules: :func:`changed_from_preset` names those
    by the preset they differ from least."""
    knock_limit: int = 10
    """Most deadwood allowed when knocking.  With ``oklahoma`` each hand's upcard
    sets the limit instead, and this one is not in force: such rules always hold
    the usual :data:`MAX_KNOCK_LIMIT` here, whatever was asked (so a limit asked
    for with Oklahoma is not a change of the rules, nor named as one)."""
    gin_bonus: int = 25
    """Bonus for gin, on top of the defender's deadwood."""
    undercut_bonus: int = 25
    """Bonus for the defender who undercuts, on top of the difference."""
    tie_is_undercut: bool = True
    """A defender with deadwood equal to the knocker's undercuts."""
    big_gin: bool = False
    """Whether 11 melded cards may go Big Gin without discarding."""
    big_gin_bonus: int = 31
    """Bonus for Big Gin, on top of the defender's deadwood."""
    target: int = 100
    """The match ends when a player reaches this score."""
    upcard_offer: bool = True
    """The first turn of a hand starts with the upcard offer (take or pass)."""
    next_dealer: str = "alternate"
    """Who deals the next hand: ``"alternate"`` or ``"winner"`` (of the hand)."""
    box_bonus: int = 0
    """Points per hand won, added at the end of the match."""
    game_bonus: int = 0
    """Points for winning the match, added at its end."""
    shutout: bool = False
    """The game bonus is doubled when the loser scored nothing in the whole
    match (a shutout).  Rules saved before this option was added have none."""
    oklahoma: bool = False
    """The first upcard sets the knock limit (ace: gin only), a spade doubles."""
    timer: int | None = None
    """Seconds per move, or ``None``; running out of time loses the match."""
    void_stock: int = 2
    """The hand is void when a turn ends without a knock and the stock has this many cards."""

    def __post_init__(self) -> None:
        problems = []
        if not 0 <= self.knock_limit <= MAX_KNOCK_LIMIT:
            problems.append(f"knock_limit must be between 0 and {MAX_KNOCK_LIMIT} (not {self.knock_limit})")
        bonuses = {
            "gin_bonus": self.gin_bonus,
            "undercut_bonus": self.undercut_bonus,
            "big_gin_bonus": self.big_gin_bonus,
            "box_bonus": self.box_bonus,
            "game_bonus": self.game_bonus,
        }
        for name, bonus in bonuses.items():
            if bonus < 0:
                problems.append(f"{name} must not be negative (not {bonus})")
            elif bonus > MAX_BONUS:
                problems.append(f"{name} must be at most {MAX_BONUS:,} points (not {bonus})")
        if self.target < 1:
            problems.append(f"target must be at least 1 (not {self.target})")
        elif self.target > MAX_TARGET:
            problems.append(f"target must be at most {MAX_TARGET:,} points (not {self.target})")
        if self.next_dealer not in NEXT_DEALER_CHOICES:
            problems.append(f"next_dealer must be one of {', '.join(NEXT_DEALER_CHOICES)} (not {self.next_dealer!r})")
        if self.timer is not None and self.timer < 1:
            problems.append(f"timer must be at least 1 second, or none (not {self.timer})")
        elif self.timer is not None and self.timer > MAX_TIMER:
            problems.append(f"timer must be at most {MAX_TIMER:,} seconds (not {self.timer})")
        if not 0 <= self.void_stock <= 10:
            problems.append(f"void_stock must be between 0 and 10 (not {self.void_stock})")
        if problems:
            raise ValueError("; ".join(problems))
        if self.oklahoma and self.knock_limit != MAX_KNOCK_LIMIT:  # the upcard sets it: not in force
            object.__setattr__(self, "knock_limit", MAX_KNOCK_LIMIT)

    def undercuts(self, defender: int, knocker: int) -> bool:
        """Whether a defender left with ``defender`` deadwood (after layoffs)
        undercuts a knock with ``knocker``."""
        return defender < knocker or (defender == knocker and self.tie_is_undercut)

    def knocks(self) -> bool:
        """Whether a hand may end with a knock (not only with gin): a knock limit above 0, or
        Oklahoma, whose upcard sets the limit of each hand."""
        return self.oklahoma or self.knock_limit > 0

    def unused(self) -> tuple[str, ...]:
        """The options these rules never use, as their other options are set, in the order
        of the fields: the knock limit with Oklahoma (each hand's upcard sets it), the
        undercut bonus and whether a tie is an undercut where no hand may be knocked (only
        gin ends a hand, and gin is never undercut), the Big Gin bonus without Big Gin,
        the shutout without a game bonus (there is nothing to double).  Whatever they
        hold, such options change nothing: they are not named or counted as changes of the
        rules (:func:`changed_from_preset`), and where a player gives one, it is refused."""
        out = []
        if self.oklahoma:
            out.append("knock_limit")
        if not self.knocks():
            out += ["undercut_bonus", "tie_is_undercut"]
        if not self.big_gin:
            out.append("big_gin_bonus")
        if not self.game_bonus:
            out.append("shutout")
        return tuple(out)

    def option_values(self) -> dict[str, Any]:
        """Every option of these rules, and their ``name``, by field name: the rules hold
        plain values only, so this is :func:`dataclasses.asdict`."""
        return asdict(self)

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some options changed, still named after the preset it
        comes from (its ``name`` is kept, unless ``name`` is among the changes)."""
        known = {f.name for f in fields(self)}
        for key in changes:
            if key not in known:
                raise ValueError(f"unknown rule option: {key!r}")
        return replace(self, **changes)

    WRITTEN_WHEN_SET: ClassVar[tuple[str, ...]] = ("shutout",)
    """The options added later: a save, record or message of before has none
    of them, and such rules read them as the preset they name has them (an old
    classic match is classic, shutout and all; see :meth:`_unwritten`).  They
    are written only where that reading would not give them back (on where
    the preset has them off, off where it has them on), so that rules without
    them (every save, record and message of before) read and write exactly
    as before."""

    def _unwritten(self, option: str) -> Any:
        """The value of ``option``, one of :attr:`WRITTEN_WHEN_SET`, in these
        rules read without it: the value of the preset they name; for
        ``"custom"`` (changed rules of an earlier version), of the preset they
        differ from in the fewest of the options that version had (standard
        first on a tie, as :func:`changed_from_preset` names them)."""
        preset = PRESETS.get(self.name)
        if preset is None:
            older = [f.name for f in fields(self) if f.name != "name" and f.name not in self.WRITTEN_WHEN_SET]
            mine = self.option_values()

            def differences(base: Rules) -> int:
                theirs = base.option_values()
                return sum(mine[name] != theirs[name] for name in older)

            preset = min(PRESETS.values(), key=differences)
        return preset.option_values()[option]

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for name in self.WRITTEN_WHEN_SET:
            if self._unwritten(name) == data[name]:
                del data[name]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        if not isinstance(data, dict):
            raise ValueError("rules must be an object")
        known = {f.name: f for f in fields(cls)}
        defaults = cls().option_values()
        unknown = set(data) - set(known)
        if unknown:
            raise ValueError(f"unknown rule options: {', '.join(sorted(unknown))}")
        for key, value in data.items():
            if key == "name":
                ok = isinstance(value, str)
            elif key == "next_dealer":
                ok = isinstance(value, str)
            elif key == "timer":
                ok = value is None or (isinstance(value, int) and not isinstance(value, bool))
            elif isinstance(defaults[key], bool):
                ok = isinstance(value, bool)
            else:
                ok = isinstance(value, int) and not isinstance(value, bool)
            if not ok and key == "timer":  # 30.0 or 1e9 in a file: say what is wanted
                raise ValueError(f"timer must be whole seconds, 1 to {MAX_TIMER:,}, or none (not {value!r})")
            if not ok:
                raise ValueError(f"bad value for rule {key!r}: {value!r}")
        rules = cls(**data)
        missing = {name: rules._unwritten(name) for name in cls.WRITTEN_WHEN_SET if name not in data}
        return replace(rules, **missing) if missing else rules

    def describe(self, first_deal: str = "") -> list[str]:
        """The rules in plain sentences, for the rule sheet: only those of these
        rules (no layoffs where only gin ends a hand, no Big Gin where it is not
        allowed...).  ``first_deal`` says who deals the first hand of a match, as
        the player sees it ("The computer deals the first hand of a match, so you
        start"); "" leaves it out."""
        from .words import counted

        lines = []
        knocks = self.knocks()
        tied_hand = knocks and not self.tie_is_undercut  # a tie is a hand nobody wins
        if self.oklahoma:
            lines.append(
                "Knock limit: the value of the first upcard of each hand "
                "(face cards 10; an ace means gin only). A spade upcard doubles the hand's score."
            )
        elif not knocks:
            lines.append("Knocking is not allowed: only gin ends a hand.")
        else:
            lines.append(f"Knock with {self.knock_limit} or less deadwood after the discard.")
        undercut = " and cannot be undercut" if knocks else ""  # where only gin ends a hand, nothing is undercut
        lines.append(
            f"Gin (no deadwood) scores {self.gin_bonus} + the defender's deadwood{undercut}; no layoffs against gin."
        )
        if self.big_gin:
            lines.append(
                f"Big Gin: all 11 cards melded, knock without discarding: "
                f"{self.big_gin_bonus} + the defender's deadwood{undercut}."
            )
        if knocks:
            lines.append(
                "After a knock the defender lays off cards onto the knocker's melds, chosen "
                "automatically with the defender's own melds to leave the defender the least deadwood. "
                "Layoffs chain (8♠ then 9♠ onto 5♠ 6♠ 7♠); a set of three takes its fourth card."
            )
            lines.append(
                "The defender may not lay off onto the knocker's deadwood, nor form new melds "
                "with the knocker's cards."
            )
            lines.append(
                "The knocker's melds are laid out automatically too, to the knocker's best score "
                "against that best defence: a meld may be laid out shorter, or a card kept back "
                "as deadwood, to block a layoff, as long as the knocker's deadwood stays within the knock limit; "
                "the end of the hand says which, and what it gained."
            )
            tie = "equal to or lower than" if self.tie_is_undercut else "lower than"
            undercut = f"{self.undercut_bonus} + the difference" if self.undercut_bonus else "the difference"
            lines.append(
                "A knock scores the difference in deadwood. Undercut: a defender whose deadwood "
                f"is {tie} the knocker's scores {undercut} instead."
            )
            if tied_hand:
                lines.append(
                    "A tie (equal deadwood after layoffs) is no undercut: nobody scores or wins the hand, "
                    "and the deal goes as after a void hand."
                )
        if self.upcard_offer:
            lines.append(
                "First turn: the non-dealer may take the upcard or pass, then the dealer; "
                "if both pass, the non-dealer draws from the stock."
            )
        else:
            lines.append("No upcard offer: the non-dealer simply starts with a normal draw.")
        if self.next_dealer == "winner":
            void = "a void hand or a tie" if tied_hand else "a void hand"
            then = f"the winner of a hand deals the next one (after {void}, the same dealer)"
        else:
            then = "the deal alternates every hand"
        lines.append(f"{first_deal}; then {then}." if first_deal else f"{then[0].upper()}{then[1:]}.")
        lines.append(
            f"A hand is void (no score) when the stock is down to {counted(self.void_stock, 'card')} "
            f"and the player who drew ends the turn without {'knocking' if knocks else 'going gin'}."
        )
        lines.append(f"The first player to reach {counted(self.target, 'point')} wins the match.")
        if self.box_bonus:
            tie_wins = " (a tie wins none)" if tied_hand else ""
            lines.append(f"Box bonus: {counted(self.box_bonus, 'point')} per hand won{tie_wins}, added at the end.")
        if self.game_bonus:
            lines.append(f"Game bonus: {counted(self.game_bonus, 'point')} to the winner of the match.")
        if self.game_bonus and self.shutout:
            lines.append(
                f"Shutout: the game bonus is doubled ({counted(2 * self.game_bonus, 'point')}) "
                "when the loser scored nothing in the whole match."
            )
        if not self.box_bonus and not self.game_bonus:
            lines.append("No box, line or game bonus.")
        if self.timer:
            lines.append(f"Move timer: {counted(self.timer, 'second')} per move; running out of time loses the match.")
        return lines


_STANDARD = Rules()
PRESETS: MappingProxyType[str, Rules] = MappingProxyType(
    {
        "standard": _STANDARD,
        "multiplayer-1.5": Rules(
            name="multiplayer-1.5",
            upcard_offer=False,
            big_gin=True,
            big_gin_bonus=31,
            timer=30,
        ),
        "classic": Rules(
            name="classic",
            gin_bonus=20,
            undercut_bonus=10,
            game_bonus=100,
            shutout=True,
            box_bonus=20,
            next_dealer="winner",
        ),
        "oklahoma": Rules(name="oklahoma", oklahoma=True, target=150),
    }
)
"""The named rule sets."""


def changed_from_preset(rules: Rules) -> tuple[str, list[str]]:
    """The preset ``rules`` come from and the options changed from it, in the
    order of :class:`Rules`: the preset it names (the one chosen, whatever was
    changed from it), else (``"custom"``, from a match saved by an earlier
    version) the one it differs from in the fewest options (the first of them
    on a tie, standard first).  An option the rules do not use (:meth:`Rules.unused`:
    a Big Gin bonus without Big Gin) is no change, whatever it holds."""
    unused = set(rules.unused())
    mine = rules.option_values()

    def changed(preset: str) -> list[str]:
        theirs = PRESETS[preset].option_values()
        return [
            f.name for f in fields(Rules)
            if f.name != "name" and f.name not in unused and mine[f.name] != theirs[f.name]
        ]

    if rules.name in PRESETS:
        return rules.name, changed(rules.name)
    preset = min(PRESETS, key=lambda name: len(changed(name)))
    return preset, changed(preset)


_YES_NO_WORDS = {
    "tie_is_undercut": ("a tie is an undercut", "a tie is no undercut"),
    "big_gin": ("big gin allowed", "no big gin"),
    "upcard_offer": ("upcard offered first", "no upcard offer"),
    "oklahoma": ("oklahoma", "no oklahoma"),
    "shutout": ("shutout doubles the game bonus", "no shutout"),
}
"""The yes/no rule options in words: yes, no."""

_OPTION_NAMES = {
    "knock_limit": "knock limit",
    "gin_bonus": "gin bonus",
    "undercut_bonus": "undercut bonus",
    "big_gin_bonus": "big gin bonus",
    "box_bonus": "box bonus",
    "game_bonus": "game bonus",
}
"""The number options as their values are said ("knock limit 7")."""


GIN_ONLY = "gin only"
"""A knock limit of 0 in words: no knock, only gin ends a hand."""


def option_words(name: str, value: Any) -> str:
    """A rule option and its value, in words that say what the rule is, not
    the option's name ("knock limit 7", "gin only" for a knock limit of 0, "a tie
    is no undercut", "no big gin", "move timer 30 s", "the winner deals next",
    "target 40")."""
    from .words import counted

    if isinstance(value, bool) and name in _YES_NO_WORDS:
        return _YES_NO_WORDS[name][0 if value else 1]
    if name == "timer":
        return "no move timer" if value is None else f"move timer {value} s"
    if name == "next_dealer":
        return "the winner deals next" if value == "winner" else "the deal alternates"
    if name == "void_stock":
        return f"void at {counted(value, 'card')} left in the stock"
    if name == "target":
        return f"target {value}"
    if name == "knock_limit" and value == 0:
        return GIN_ONLY
    return f"{_OPTION_NAMES.get(name, name.replace('_', ' '))} {value}"


def rules_label(rules: Rules, noun: str = "", *, short: bool = False, target: bool = True) -> str:
    """The rules as the player knows them: the preset's name (``"classic"``),
    and, when options were changed from it, which, with their values:
    ``"standard (changed: knock limit 7)"``, ``"classic (changed: a tie is no
    undercut)"``, not ``"custom"``; ``noun`` after the name (``"standard rules
    (changed: knock limit 7, big gin allowed)"``); ``short``: only how many
    (``"standard rules (changed)"`` for one, ``"standard rules (3 changes)"``),
    where the full list does not fit (the rule sheet lists them in full);
    not ``target``: the target is neither named nor counted among the
    changes, for a line that says it already ("to 40 · standard rules")."""
    preset, changed = changed_from_preset(rules)
    if not target:
        changed = [option for option in changed if option != "target"]
    name = f"{preset} {noun}" if noun else preset
    if not changed:
        return name
    if short:
        return f"{name} (changed)" if len(changed) == 1 else f"{name} ({len(changed)} changes)"
    values = rules.option_values()
    return f"{name} (changed: {', '.join(option_words(option, values[option]) for option in changed)})"
