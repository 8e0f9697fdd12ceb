"""The colours of the game's own highlights, as theme variables.

The app declares them (:meth:`GinApp.get_theme_variable_defaults`), so a
Textual theme may set any of them (``variables={"gin-gold": ...}``) and the
``.tcss`` files may use them (``$gin-gold``).  Render code takes them from the
app's current theme through :func:`palette_of`; pure text builders take a
:class:`Palette` argument (:data:`DEFAULT` when there is no app).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rich.style import Style

if TYPE_CHECKING:
    from textual.app import App

DEFAULTS: dict[str, str] = {
    "gin-gold": "#ffd21f",
    "gin-green": "#2fd16b",
    "gin-red": "#ff6b6b",
    "gin-sky": "#8fd3ff",
    "gin-key": "#ffb000",
    "gin-dimmed": "#5f7f6f",
    "gin-button": "#2d5d46",
    "gin-button-text": "#f0f0f0",
    "gin-ink": "#101010",
    "gin-warn": "#ff9f1a",
    "gin-urgent": "#d01c2a",
    "gin-urgent-text": "#ffffff",
    "gin-card-face": "#f4f1e8",
    "gin-card-red": "#d01c2a",
    "gin-card-black": "#101010",
    "gin-card-back": "#1c2f5a",
    "gin-card-back-pattern": "#3a5fb0",
    "gin-card-border": "#9a9a9a",
    "gin-card-key": "#d8d8d8",
}
"""The theme variables of the game and their values in every built-in theme."""

FELT_TEXT = "#e6e6e6"
"""The text on the felt (app.tcss's ``Screen``), light whatever the theme: the felt is dark green in every theme."""
FELT_MUTED = "#9fb8aa"
"""The quieter text of the panels where the felt shows through them (the ansi themes): what
the keys that close them do, the notes under a form's fields; 5.8:1 on the felt."""


@dataclass(frozen=True)
class Palette:
    """The game's highlight colours (CSS colour texts)."""

    gold: str
    """Numbers that matter (scores, deadwood), the selection, the move clock, "to move"."""
    green: str
    """Good news: gin, a knock allowed, melds, a hint."""
    red: str
    """A refused move, a costly mistake."""
    sky: str
    """The card just drawn."""
    key: str
    """Keys in the key bar."""
    dimmed: str
    """Keys that do nothing now."""
    button: str
    button_text: str
    ink: str
    """Text on a bright button, or on the warning colour."""
    warn: str
    """A warning's ground: the move clock from 10 s left, the practice banner."""
    urgent: str
    urgent_text: str
    """The move clock from 5 s left: its ground and its text."""
    card_face: str
    """The paper of a face-up card."""
    card_red: str
    """Hearts and diamonds."""
    card_black: str
    """Spades and clubs."""
    card_back: str
    card_back_pattern: str
    """The back of a face-down card: its ground and its pattern."""
    card_border: str
    """The outline of a card that is neither in a meld (green) nor selected (gold)."""
    card_key: str
    """The number key in the outline of a card not selected (plain or in a meld): readable on
    the felt in 256 and 16 colours too (the outline's grey was 2.6:1 in 256 colours)."""

    @classmethod
    def of(cls, variables: Mapping[str, str]) -> Palette:
        """The palette of a theme's variables (the defaults where it sets none)."""
        values = {f.name: variables.get("gin-" + f.name.replace("_", "-"), "") for f in fields(cls)}
        for name, value in values.items():
            if not value:
                values[name] = DEFAULTS["gin-" + name.replace("_", "-")]
        return cls(**values)

    def bold(self, colour: str) -> Style:
        """Bold text in ``colour`` (one of this palette's)."""
        return Style(color=colour, bold=True)


DEFAULT = Palette.of(DEFAULTS)


def palette_of(app: App[Any]) -> Palette:
    """The palette of ``app``'s current theme (the defaults before its styles are set up)."""
    variables = app.theme_variables
    return _palette(tuple(variables.get(name, "") for name in DEFAULTS))


@lru_cache(maxsize=16)
def _palette(values: tuple[str, ...]) -> Palette:
    return Palette.of(dict(zip(DEFAULTS, values)))


def theme_names() -> list[str]:
    """The themes the app offers (Textual's own), in order: what ``--theme`` and the settings may name."""
    from textual.theme import BUILTIN_THEMES

    return sorted(BUILTIN_THEMES)
