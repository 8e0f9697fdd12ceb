"""The colours of the game's own highlights, as theme variables.

The app declares them (:meth:`GinApp.get_theme_variable_defaults`), so a
Textual theme may set any of them (``variables={"gin-gold": ...}``) and the
``.tcss`` files may use them (``$gin-gold``).  Render code takes them from the
app's current theme through :func:`palette_of`; pure text builders take a
:class:`Palette` argument (:data:`DEFAULT` when there is no app).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
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
    "gin-muted": "#9fb8aa",  # moved apart from the felt below (FELT_MUTED)
}
"""The theme variables of the game and their values in every built-in theme."""

FELT = "#0f3d2a"
"""The felt (app.tcss's ``Screen``): dark green in every theme."""
FELT_UNDER_PANEL = "#092419"
"""The ground of a panel of the terminal's own ground (``ansi-dark``, ``ansi-light``): the felt of
the screen over the table (60%) on black, darker than the felt around the panel."""
FELT_TEXT = "#e6e6e6"
"""The text on the felt (app.tcss's ``Screen``), light whatever the theme: the felt is dark green in every theme."""


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
    muted: str
    """The quieter words on the felt (the labels and notes of the end of a hand and of the
    match, the race's scale, the discard pile's list): 6.6:1 on it in every theme, 5.0:1 in
    256 colours (:data:`FELT_MUTED`).  Rich's
    dim, which they had, is left to the terminal in the ANSI themes, which halves the text
    toward the felt (3.6:1)."""

    @classmethod
    def of(cls, variables: Mapping[str, str]) -> Palette:
        """The palette of a theme's variables (the defaults where it sets none)."""
        values = {f.name: variables.get("gin-" + f.name.replace("_", "-"), "") for f in fields(cls)}
        for name, value in values.items():
            if not value:
                values[name] = DEFAULTS["gin-" + name.replace("_", "-")]
        return cls(**values)

    def on(self, ground: str) -> Palette:
        """This palette with its colours for words (gold, green, red, sky) readable on
        ``ground`` (:func:`readable_on`): the words of a panel of the theme's colour."""
        return replace(
            self,
            gold=readable_on(self.gold, ground),
            green=readable_on(self.green, ground),
            red=readable_on(self.red, ground),
            sky=readable_on(self.sky, ground),
        )

    def bold(self, colour: str) -> Style:
        """Bold text in ``colour`` (one of this palette's)."""
        return Style(color=colour, bold=True)


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


BUTTON_VARIANTS = ("default", "primary", "warning", "error", "success")
"""The variants of the buttons of the app's dialogs (Textual's ``Button``), each with colours of its own."""
READABLE = 4.5
"""The least contrast of a button's words on its ground (WCAG's for text)."""


def luminance(colour: tuple[int, int, int]) -> float:
    """The relative luminance of an sRGB colour (WCAG)."""

    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def apart(colour: str, other: str, least: float = READABLE) -> str:
    """``colour`` (a CSS colour, a terminal's ANSI colour taken as its usual value) moved
    away from ``other`` in steps of 2.5% (darkened where ``other`` is light, lightened where
    it is dark) as little as needed for them to contrast ``least`` or more, in true colour
    and in 256 colours too (a terminal of 256 colours shows each as the nearest of its
    palette, which may bring them closer); as ``#rrggbb``.  A button's ground against its
    words (:func:`readable_pair`), words against their ground (:func:`readable_on`)."""
    from textual.color import Color

    fore, back = Color.parse(colour), Color.parse(other)
    fore, back = Color(fore.r, fore.g, fore.b), Color(back.r, back.g, back.b)  # an ANSI colour as its usual value

    def reads(fore: Color) -> bool:
        return contrast(fore.rgb, back.rgb) >= least and contrast(in_256(fore.rgb), in_256(back.rgb)) >= least

    light = contrast(back.rgb, (255, 255, 255)) < contrast(back.rgb, (0, 0, 0))
    for _ in range(40):
        if reads(fore):
            break
        fore = fore.darken(0.025) if light else fore.lighten(0.025)
    return fore.hex


def readable_pair(ground: str) -> tuple[str, str]:
    """A button's ground near ``ground`` (a CSS colour, a terminal's ANSI colour
    taken as its usual value) and its text, black or white whichever contrasts
    more: the ground darkened (white text) or lightened (black text) as little as
    needed for :data:`READABLE` (:func:`apart`); both as ``#rrggbb``."""
    from textual.color import Color

    colour = Color.parse(ground)
    white, black = "#FFFFFF", "#000000"
    text = white if contrast(colour.rgb, (255, 255, 255)) >= contrast(colour.rgb, (0, 0, 0)) else black
    return apart(ground, text), text


def readable_on(colour: str, ground: str) -> str:
    """``colour`` (a CSS colour) darkened (on a light ``ground``) or lightened (on a dark one)
    as little as needed to read :data:`READABLE` on ``ground`` (:func:`apart`), as ``#rrggbb``;
    unchanged where either is a terminal's own colour (its value is the terminal's to choose)."""
    from textual.color import Color

    if Color.parse(colour).ansi is not None or Color.parse(ground).ansi is not None:
        return colour
    moved = apart(colour, ground)
    return colour if moved == Color.parse(colour).hex else moved


MARKING = 3.0
"""The least contrast of a border that marks a box with the grounds it parts (WCAG's for the
parts of a screen that are not text)."""


def marking(colour: str, grounds: Sequence[str]) -> str:
    """A border's ``colour`` (a CSS colour) moved apart (:func:`apart`) as little as needed to
    contrast :data:`MARKING` or more with each of ``grounds`` (the box's own and the one around
    it, in true colour and in 256 colours); unchanged where it does and is not a terminal's own
    colour, else as ``#rrggbb`` (a terminal's ANSI colour taken as its usual value, as the
    terminal's own value is not known).  No ``grounds``: a box whose ground marks it already."""
    from textual.color import Color

    moved = colour
    for ground in grounds:
        moved = apart(moved, ground, MARKING)
    return colour if moved == Color.parse(colour).hex else moved


def border_variables(variables: Mapping[str, str], felt_shows: bool) -> dict[str, str]:
    """The colours of the borders of a theme of ``variables`` (``felt_shows``: its panels are the
    terminal's own ground, which shows the felt), each the theme's colour of its kind where it
    marks its box 3:1 or more (:func:`marking`): ``gin-border-<kind>`` (accent, warning, error)
    of the panels over the felt, where the panel's ground does not stand 3:1 from the felt (in
    the dark themes, and where the felt shows through); ``gin-felt-border-<kind>`` (warning,
    success, panel) of a box on the felt itself (the match result's headline, the moves beside
    the table); ``gin-list-border``, an open choice list's on a form."""
    from textual.color import Color

    def parted(box: str, around: str) -> tuple[str, ...]:
        """The grounds a border between ``box`` and ``around`` must stand out from (none where they
        stand 3:1 apart themselves); where the felt shows, its two greens."""
        if felt_shows:
            return FELT, FELT_UNDER_PANEL
        if contrast(Color.parse(box).rgb, Color.parse(around).rgb) >= MARKING:
            return ()
        return box, around

    panels = parted(variables["surface"], FELT)
    lists = parted(variables["panel"], variables["surface"])
    found: dict[str, str] = {}
    for kind in ("accent", "warning", "error"):
        found[f"gin-border-{kind}"] = marking(variables[kind], panels)
    for kind in ("warning", "success", "panel"):
        found[f"gin-felt-border-{kind}"] = marking(variables[kind], (FELT,))
    found["gin-list-border"] = marking(variables["accent"], lists)
    return found


def in_256(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """``colour`` as a terminal of 256 colours shows it (Rich's nearest of the 256)."""
    from rich.color import Color as RichColor
    from rich.color import ColorSystem

    return RichColor.from_rgb(*colour).downgrade(ColorSystem.EIGHT_BIT).get_truecolor()


FELT_MUTED = apart(DEFAULTS["gin-muted"], FELT)
"""The quieter words on the felt, and on the panels where the felt shows through them (the ansi
themes: what the keys that close them do, the notes under a form's fields): a grey green moved
apart from the felt (:func:`apart`) to read 4.5:1 in 256 colours too (6.6:1 in true colour, 5.0:1
in 256 colours; it was 5.8:1, and 3.35:1 in 256 colours, where the terminal showed it grey)."""
DEFAULTS["gin-muted"] = FELT_MUTED

DEFAULT = Palette.of(DEFAULTS)


def panel_muted(muted: str, ground: str) -> str:
    """The quieter text of a panel of ``ground`` (a CSS colour): the theme's muted text
    ``muted`` (a CSS colour, or Textual's ``auto <alpha>%``, the panel's contrasting black or
    white over its ground) where it reads :data:`READABLE` on it in true colour and in 256
    colours, else as the panel shows it moved apart (:func:`apart`) as little as needed, as
    ``#rrggbb`` (catppuccin's, nord's and solarized-dark's were 2.7:1 to 3.0:1 in 256 colours)."""
    from textual.color import Color

    back = Color.parse(ground)
    if muted.startswith("auto"):
        alpha = float(muted.removeprefix("auto").strip().rstrip("%") or 100) / 100
        fore = back.get_contrast_text(alpha)
    else:
        fore = Color.parse(muted)
    shown = back + fore  # the text blended over the panel where it is partly clear
    moved = apart(shown.hex, back.hex)
    return muted if moved == shown.hex else moved


def hovered(ground: str, text: str) -> str:
    """A hovered button's ground: ``ground`` a little further from its ``text`` (more contrast still)."""
    from textual.color import Color

    colour = Color.parse(ground)
    return (colour.darken(0.08) if text == "#FFFFFF" else colour.lighten(0.08)).hex


def button_variables(variables: Mapping[str, str], ansi: bool) -> dict[str, str]:
    """The colours of the app's buttons in a theme of ``variables`` (``ansi``: a theme of
    the terminal's own colours): ``gin-button-<variant>`` its ground, ``-text`` its words,
    ``-hover`` its ground under the mouse; its words read 4.5:1 or more on both (focused,
    it shows them reversed).  A plain button (``default``) has the theme's panel colour,
    in an ANSI theme the table's buttons' green."""
    found: dict[str, str] = {}
    for variant in BUTTON_VARIANTS:
        if variant == "default":
            ground = DEFAULTS["gin-button"] if ansi else variables.get("panel", DEFAULTS["gin-button"])
        else:
            ground = variables.get(variant, DEFAULTS["gin-button"])
        colour, text = readable_pair(ground)
        name = f"gin-button-{variant}"
        found[name] = colour
        found[name + "-text"] = text
        found[name + "-hover"] = hovered(colour, text)
    return found
