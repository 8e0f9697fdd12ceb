"""The rules in words, with the values of the options changed: the preset they
come from and what was changed from it ("classic rules (changed: target 40)"),
never "custom".  For the settings screen's line on the match in play, the
result of a match, and the name the history keeps a match's rules under (the
statistics are kept per name, the export and the lists of matches say it).

:func:`~ginrummy_tui.engine.rules.rules_label` names the options changed
without their values, where the table has less room (the score line, the
rule sheet)."""

from __future__ import annotations

from typing import Any

from ginrummy_tui.engine.rules import GIN_ONLY, PRESETS, Rules, changed_from_preset, option_words

CHANGED_RULES = "changed rules"
"""The name of a match's rules that an earlier version recorded only as
"custom", without the rules themselves (nothing tells which were changed)."""
UNKNOWN_RULES = "unknown rules"
"""The name of a match's rules that could not be read from its damaged save
(a file cut short): the match is recorded as abandoned under it."""
OLD_CUSTOM = "custom"
"""What earlier versions recorded as the preset of a match whose rules were changed."""


def option_text(name: str, value: Any) -> str:
    """A rule option and its value, as the match line says it ("knock limit 7",
    "gin only", "no big gin", "move timer 30 s", "the winner deals next", "target 40"):
    :func:`~ginrummy_tui.engine.rules.option_words`."""
    return option_words(name, value)


def _changes(rules: Rules, *, target: bool) -> tuple[str, dict[str, Any]]:
    """The preset ``rules`` come from and the options changed from it, with their
    values (the target among them only with ``target``)."""
    preset, changed = changed_from_preset(rules)
    values = rules.option_values()
    return preset, {name: values[name] for name in changed if target or name != "target"}


def rules_text(rules: Rules, beside: Rules | None = None) -> tuple[str, set[str]]:
    """The rules' name ("standard rules"); changed rules with the preset they
    come from and the options changed from it, with their values, but the
    target, which the caller says beside them ("standard rules (changed: knock
    limit 7), to 100"; "standard rules, to 10" for a target changed alone).
    Also the options it names.  Said ``beside`` other rules, a change both make
    alike is not named: beside standard rules with a knock limit of 8, classic
    rules with that limit are "classic rules", what tells the two apart."""
    preset, options = _changes(rules, target=False)
    if beside is not None:
        _other, theirs = _changes(beside, target=False)
        options = {name: value for name, value in options.items() if name not in theirs or theirs[name] != value}
    if not options:
        return f"{preset} rules", set()
    named = ", ".join(option_text(name, value) for name, value in options.items())
    return f"{preset} rules (changed: {named})", set(options)


def shared_changes(rules: Rules, other: Rules) -> str:
    """The changes from their presets both ``rules`` and ``other`` make alike, with their
    values ("knock limit 8, void at 5 cards left in the stock"; "" for none, the target
    left out): what :func:`rules_text` leaves out of each, said beside the two."""
    _preset, mine = _changes(rules, target=False)
    _other, theirs = _changes(other, target=False)
    return ", ".join(option_text(name, value) for name, value in mine.items() if name in theirs and theirs[name] == value)


def rules_name(rules: Rules) -> str:
    """The name the history keeps a match's rules under: the preset's
    ("classic"), or the preset they come from and every option changed from it
    with its value, the target too ("classic (changed: target 40, no big
    gin)").  Rules that differ have different names; :func:`rules_words` says
    one with "rules" after the preset."""
    preset, options = _changes(rules, target=True)
    if not options:
        return preset
    return f"{preset} (changed: {', '.join(option_text(name, value) for name, value in options.items())})"


def exported_rules(rules: Any) -> tuple[Any, dict[str, Any] | None]:
    """A record's ``rules`` object as ``gin-tui export`` writes it, and the
    options changed from the preset they come from, with their values
    (``{"gin_bonus": 30, "target": 10}``; empty for a preset's own rules): its
    ``name`` is that preset ("classic"), never "custom", so that the object
    read back as :class:`Rules` is changed from it by just those options (and
    options it does not use, :meth:`Rules.unused`, which are no change).  An
    object that does not read as rules (none, or an old record's own) is
    given back as it is, with no changes known (None)."""
    if not isinstance(rules, dict):
        return rules, None
    try:
        preset, changed = _changes(Rules.from_dict(rules), target=True)
    except (TypeError, ValueError):
        return rules, None
    return {**rules, "name": preset}, changed


def rule_args(rules: Rules) -> list[str]:
    """The command line's options that choose ``rules``: ``--rules`` and the
    preset they come from, then ``--rule OPTION=VALUE`` for each option changed
    from it (``["--rules", "classic", "--rule", "target=40"]``)."""
    preset, options = _changes(rules, target=True)
    out = ["--rules", preset]
    for name, value in options.items():
        given = "none" if value is None else ("yes" if value else "no") if isinstance(value, bool) else str(value)
        out.extend(["--rule", f"{name}={given}"])
    return out


OLD_WORDS = {"knock limit 0": GIN_ONLY}
"""The words of a change that earlier versions named otherwise, and what names it now:
a knock limit of 0 was "knock limit 0", now "gin only"."""


def current_name(name: str) -> str:
    """A name of :func:`rules_name` as it is made now: one recorded by an earlier
    version with the words it used for a change ("standard (changed: knock limit 0)")
    has this version's ("standard (changed: gin only)"), so that a match recorded then
    goes with those recorded since, under one name; any other name as it is."""
    preset, sep, changes = name.partition(" (changed: ")
    if not sep or not changes.endswith(")"):
        return name
    named = [OLD_WORDS.get(words, words) for words in changes[:-1].split(", ")]
    return f"{preset}{sep}{', '.join(named)})"


def recorded_rules_name(preset: Any, rules: Any) -> str:
    """The name (:func:`rules_name`) of the rules of a match record: its
    ``preset`` entry, which names them (a preset's name, or the name of changed
    rules, with this version's words: :func:`current_name`); for "custom", which
    earlier versions recorded for changed rules, the name of its ``rules`` (the
    object a record keeps), or :data:`CHANGED_RULES` when they are not there to
    tell which options were changed."""
    if isinstance(preset, str) and preset and preset != OLD_CUSTOM:
        return current_name(preset)
    if isinstance(rules, dict):
        try:
            return rules_name(Rules.from_dict(rules))
        except (TypeError, ValueError):
            pass
    return CHANGED_RULES


def rules_words(name: str) -> str:
    """A name of :func:`rules_name` with "rules" after the preset ("classic
    rules", "classic rules (changed: target 40)"); :data:`CHANGED_RULES` as it is."""
    preset, sep, changes = current_name(name).partition(" (")
    if preset in PRESETS:
        return f"{preset} rules{sep}{changes}"
    return name
