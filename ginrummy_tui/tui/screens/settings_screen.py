"""The settings: rules (a preset and each single option), the opponent, the
computer's pause, ASCII only, the mouse, one-click discard and the theme.

Saved to the settings file (see :mod:`ginrummy_tui.storage.config`); with
``--data-dir -`` the file is neither read nor written, and the changes last
for the run.  Display
settings apply at once; a change of rules or opponent never changes the match
in progress: the player is asked whether to start a new match now, or to keep
the new rules for the next one.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.errors import NoWidget
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from ginrummy_tui.engine.kinds import Phase
from ginrummy_tui.engine.rules import changed_from_preset, rules_label
from ginrummy_tui.engine.words import together
from ginrummy_tui.storage.config import LEVELS
from ginrummy_tui.storage.rule_words import option_text, rules_text, shared_changes

from ..host import ClickModeChanged, gin_of
from ..kept_words import KeptWords
from ..key_steps import TurnSteps
from ..note_text import lowered_rows
from ..widgets.cardfaces import ascii_words
from ..widgets.choice_field import ChoiceField
from ..widgets.field_label import REFUSED_MARKS, FieldLabel
from ..widgets.key_bar import KeyBar
from ..widgets.number_field import NumberField
from ..widgets.too_small import TooSmall, too_small_for
from ..widgets.yes_no_box import YesNoBox
from .new_match_question import NewMatchQuestion
from .question import Question
from .styled_once import StyledOnce

if TYPE_CHECKING:
    from textual.geometry import Size

    from ginrummy_tui.engine import Rules
    from ginrummy_tui.storage.config import Settings

    from ..host import GinHost


DEALER_LABELS = (("alternate", "Alternate every hand"), ("winner", "Winner of the hand"))
CUSTOM = "custom"
"""The preset field's choice while the options on the form differ from the preset's
(shown as "<preset> (changed)")."""
FOR_THIS_RUN = "for this run only (nothing is saved with --data-dir -)"
"""How long settings changed without a settings file last."""
FOR_THIS_TAB = "for this browser tab only (it keeps nothing once it is closed)"
"""How long settings saved in a browser tab of ``gin-tui serve`` last (its data
directory is removed when the tab closes)."""
STACKED_BELOW = 64
"""Below this many columns a choice list does not stand in the column of the other
fields (the labels' 30 columns and the preset's list, 28, do not fit): it stays on
its label's line (a list on a line of its own, under its label, read apart from it),
the lists in a column of their own after labels as wide as the widest of theirs
(``settings_screen.tcss``)."""

OKLAHOMA_LIMIT_NOTE = "Not used with Oklahoma: each hand's first upcard sets the limit."
"""Under the knock limit while Oklahoma is ticked (the engine then ignores the limit on the form)."""

BIG_GIN_BONUS_NOTE = "Not used without Big Gin."
"""Under the Big Gin bonus while Big Gin is not allowed (the bonus is then never scored)."""

UNDERCUT_BONUS_NOTE = "Not used with a knock limit of 0: only gin ends a hand."
"""Under the undercut bonus while no hand may be knocked (the bonus is then never scored)."""

TIE_NOTE = "A tie is an undercut: not used with a knock limit of 0."
"""In place of the box of a tie's undercut while no hand may be knocked (the box is hidden and not read)."""

SHUTOUT_NOTE = "Shutout: not used without a game bonus (there is nothing to double)."
"""In place of the shutout box while the game bonus is 0 (the box is hidden and not read)."""

PICKED_FIELDS = ("preset", "ai", "theme")
"""The choices of the form the command line may give for one run (``--rules``,
``--ai``, ``--theme``): one picked in its list is saved, the one shown too."""

ARROWS_MOVE = (NumberField, YesNoBox, ChoiceField)
"""The fields from which ↓ and ↑ go to the next and the previous field: every field of
the form, a choice too (its list opens with Enter or Space; once open, the arrows move
in the list, which has the focus then).  A choice's ↓ opened its list, so ↓ ↓ ↓ Enter
down the form picked a preset unasked."""

FIELD_WORDS = {
    "preset": "rules",
    "ai": "opponent",
    "pause": "pause",
    "ascii": "suits",
    "mouse": "mouse",
    "one-click": "one-click discard",
    "theme": "theme",
}
"""What each field of the form sets, in a word or two, by the field's id in the form's order (the
rules' single options go with the preset, under "rules"): the rule sheet's line on F2 lists them
(:func:`settings_words`), and a field the form has is one of them (tests/test_config_screen.py)."""


def settings_words() -> str:
    """What F2 sets, as the rule sheet lists it: "rules, opponent, pause, suits, mouse, ..."."""
    return ", ".join(FIELD_WORDS.values())


Problem = tuple[str, Widget | None]
"""Why a save is refused, and the field whose value it refuses (None: the rules as a whole)."""


def yes_no(value: bool) -> str:
    """The label of a checkbox: what it is set to."""
    return "yes" if value else "no"


def current_settings(app: GinHost) -> Settings:
    """The settings in use by ``app`` (read from the settings file if the app
    was not given any, and may read it)."""
    from ginrummy_tui.storage.config import Settings, config_dir, load_settings

    s = app.context.settings
    if s is not None:
        return s
    if not app.context.uses_files:
        return Settings()
    from ..palette import theme_names

    return load_settings(app.context.config_dir or config_dir(), theme_names()).settings


def narrow_terminal_words(encoding: str) -> str:
    """Why the table stays in ASCII whatever the settings say: the terminal's
    ``encoding`` cannot show the suits and lines."""
    return f"Your terminal's encoding ({encoding}) cannot show the suits and lines: the table stays in ASCII in it"


def run_only_line(shown: Settings, saved: Settings | None, one_tab: bool = False, narrow: str | None = None) -> str:
    """What the form shows from the command line, for this run only, beside what
    the settings file keeps ("From the command line, for this run: opponent level
    easy (saved: standard). Ctrl+S saves only what you change here. To save
    opponent level easy, choose easy again in Opponent level."), a number kept with its unit
    and "to" with the target (:func:`~ginrummy_tui.engine.words.together`); "" when the form shows
    the saved settings.  A choice picked in its list is the player's, the one
    shown too (:attr:`SettingsScreen.picked`).  In a browser tab (``one_tab``) the
    values came from the server's command line, which its player does not see, and
    the tab saves nothing past itself: only what the tab plays with ("For this tab:
    computer's pause 0 s.").  ``narrow``: the terminal's encoding, where it cannot
    show the suits and lines: the table is in ASCII for that reason, not the
    command line's, and the line says so ("Your terminal's encoding (ISO-8859-1)
    cannot show the suits and lines: the table stays in ASCII in it (ASCII only is saved as no).")."""
    if saved is None:
        return ""
    terminal = ""
    if narrow is not None and shown.ascii and not saved.ascii:
        terminal = f"{narrow_terminal_words(narrow)} (ASCII only is saved as no)."
        shown = replace(shown, ascii=saved.ascii)
    parts = []  # (the value shown, the saved one)
    if shown.rules != saved.rules:
        # a change both make alike is named once, as both's: the settings' own change, carried
        # onto the command line's preset, read "classic rules (changed: knock limit 8) (saved:
        # standard rules (changed: knock limit 8))", as if the command line had made it
        now, kept = (
            f"{rules_text(r, o)[0]}, {together('to', str(r.target))}"
            for r, o in ((shown.rules, saved.rules), (saved.rules, shown.rules))
        )
        both = shared_changes(shown.rules, saved.rules)
        if both:
            kept += f"; both with {both}"
        parts.append((now, kept))
    if shown.ai != saved.ai:
        parts.append((f"opponent level {shown.ai}", saved.ai))
    if shown.pause != saved.pause:
        parts.append((f"computer's pause {together(f'{shown.pause:g}', 's')}", together(f"{saved.pause:g}", "s")))
    if shown.ascii != saved.ascii:
        parts.append((f"ASCII only {yes_no(shown.ascii)}", yes_no(saved.ascii)))
    if shown.theme != saved.theme:
        parts.append((f"theme {shown.theme}", saved.theme))
    if shown.mouse != saved.mouse:  # --no-mouse: its row showed "no", and this line said nothing of it
        parts.append((f"mouse {yes_no(shown.mouse)}", yes_no(saved.mouse)))
    if not parts:
        return terminal
    if one_tab:
        return f"For this tab: {'; '.join(now for now, _kept in parts)}."
    saves = "Ctrl+S saves only what you change here"
    if shown.preset != saved.preset:  # a rule option changed here goes onto the saved preset
        saves += (
            f": a rule option you change is saved onto the saved {saved.preset} rules "
            f"({shown.preset} is for this run)"
        )
    level = shown.ai
    listed = [  # what the field's choice saves, the choice, the field
        (what, choice, field)
        for what, choice, field, differs in (
            (f"{shown.preset} rules", shown.preset, "Rules preset", shown.preset != saved.preset),
            (f"opponent level {level}", level, "Opponent level", shown.ai != saved.ai),
            (f"theme {shown.theme}", shown.theme, "Theme", shown.theme != saved.theme),
        )
        if differs
    ]
    if len(listed) == 1:
        what, choice, field = listed[0]
        saves += f". To save {what}, choose {choice} again in {field}"
    elif listed:
        where = ", ".join(f"{choice} in {field}" for _what, choice, field in listed)
        saves += f". To save one of them, choose it again in its list ({where})"
    said = "; ".join(f"{now} (saved: {kept})" for now, kept in parts)
    line = f"From the command line, for this run: {said}. {saves}."
    return f"{terminal} {line}" if terminal else line


OKLAHOMA_WORDS = {True: "Oklahoma (the upcard sets the knock limit)", False: "no Oklahoma (a fixed knock limit)"}
"""The Oklahoma option on the line on the match in play, where the bare name
("oklahoma") would read as the rules' name."""


def match_rules_line(app: App[Any], next_rules: Rules, next_ai: str, changed: bool = True) -> str:
    """The match in play, beside the next match's settings on the form: its
    rules (custom ones with their options), target and opponent, and every
    other option in which it differs from the next match ("" when there is
    no match)."""
    from ginrummy_tui.session.local import LocalSession
    from ginrummy_tui.session.replay_session import ReplaySession
    from ginrummy_tui.storage.config import RULE_OPTION_HELP

    session = gin_of(app).session
    if isinstance(session, ReplaySession):
        session = session.real  # a practice hand: the match behind it
    try:
        shown = session.view()
    except Exception:
        return ""
    rules = shown.rules
    over = shown.phase == Phase.MATCH_OVER
    if not session.computes_opponent:  # a seat of a network match: the host alone sets its rules
        played = "The match just finished was played" if over else "The match in play is played"
        return (
            f"{played} over the network by the host's rules ({rules_label(rules, target=False)}, to {rules.target}): "
            "the rules and opponent below are for your games against the computer."
        )
    described, named = rules_text(rules)
    head = f"{'The match just finished' if over else 'The match in play'}: {described}, to {rules.target}"
    level = session.opponent_level(None) if isinstance(session, LocalSession) else None
    if level is not None:
        head += f", opponent level {level}"
    parts = [head]
    preset = changed_from_preset(rules)[0]
    values, next_values = rules.option_values(), next_rules.option_values()
    for name, _label in RULE_OPTION_HELP:
        mine = values[name]
        if name != "target" and name not in named and mine != next_values[name]:
            if name == "oklahoma":
                if mine and preset == "oklahoma":
                    continue  # "oklahoma rules" says it
                parts.append(OKLAHOMA_WORDS[bool(mine)])
            else:
                parts.append(option_text(name, mine))
    same = rules == next_rules and level in (None, next_ai)
    if same:  # "(the same as below)" read unclear: as what below?
        return "; ".join(parts) + ", as set below."
    control = gin_of(app).context.control
    if control is not None and not over and not control.match_started():
        # saved, they deal it again (Ctrl+S said "a new match with them has started", where
        # this line had said they were for the next match); but only a rule or the opponent
        # ``changed`` on the form does (the line said so of the form as it opened, and a save
        # of another setting left the match as it was)
        if changed:
            return "; ".join(parts) + ". Nobody has moved in it yet: saved, the settings below deal it again."
        return "; ".join(parts) + ". Nobody has moved in it yet: a rule or the opponent changed below deals it again, once saved."
    return "; ".join(parts) + ". The settings below are for your next match."


def set_one_click(app: App[Any], one_click: bool) -> None:
    """Switch the mouse between one-click discard and select-then-act, at once."""
    from ..widgets.hand import HandView

    gin_of(app).one_click = one_click
    for screen in app.screen_stack:
        for hand in screen.query(HandView):
            hand.one_click = one_click
        screen.post_message(ClickModeChanged())  # the table's prompt names the clicks


SHOWN_REASONS = 3
"""At most this many lines of reasons under the form, so that the form keeps its
room (at 46×21 eight reasons hid the field given the focus)."""


def refused_name(label: str) -> str:
    """A field's label as a refusal names it before its colon: in quotes where the label holds
    a colon or a comma of its own ('"Void: stock down to": a whole number, please', not "Void:
    stock down to: a whole number, please"), else as it is."""
    return f'"{label}"' if ":" in label or "," in label else label


def reasons_shown(reasons: list[str], ascii_only: bool = False) -> list[str]:
    """The lines under the form for the reasons a save was refused: every one, or
    the first ones and how many more there are (their rows are marked)."""
    if len(reasons) <= SHOWN_REASONS:
        return reasons
    more = len(reasons) - SHOWN_REASONS + 1
    dots = "..." if ascii_only else "…"
    return [*reasons[: SHOWN_REASONS - 1], f"{dots}and {more} more, each row marked {REFUSED_MARKS[int(ascii_only)]}"]


def set_ascii(app: App[Any], ascii_only: bool) -> None:
    """Draw the suits as letters (or symbols) from now on, on every screen: the
    app's ``ascii_only`` is reactive, and the screens that show cards watch it."""
    gin_of(app).ascii_only = ascii_only


class SettingsScreen(StyledOnce, TurnSteps, Screen):
    """Every setting on one scrollable page; Ctrl+S saves, Escape cancels (asking first if changes would be lost)."""

    CSS_PATH = "settings_screen.tcss"
    BINDINGS = [
        Binding("ctrl+s", "save", "Save", key_display="^s", priority=True),
        Binding("escape,f2", "cancel", "Cancel", key_display="esc"),
        Binding("f3", "cancel('statistics')", show=False),
        Binding("tab", "app.focus_next", "Next", key_display="tab", priority=True),
        Binding("shift+tab", "app.focus_previous", "Previous field", show=False, priority=True),
        Binding("enter,space", "open_choice", show=False, priority=True),
        Binding("down", "next_field", show=False, priority=True),
        Binding("up", "previous_field", show=False, priority=True),
        Binding("home", "end_field(False)", show=False, priority=True),
        Binding("end", "end_field(True)", show=False, priority=True),
        Binding("pageup", "page_fields(-1)", show=False, priority=True),
        Binding("pagedown", "page_fields(1)", show=False, priority=True),
    ]
    """Ctrl+S saves; Escape (or F2 again) leaves without saving; F3 leaves (the same way) for the
    statistics, opened in this screen's place as F2 and F3 open on the screens over the table.  Tab and Shift+Tab move the
    focus before the keys typed after them are given to a field (the app's own Tab waits
    until the field has had them: typed in one go, they went into the field Tab left); the
    key bar says "tab Next".  ↓ and ↑ move it too, from every field (:data:`ARROWS_MOVE`):
    a choice's list opens with Enter or Space, and the arrows move in it while it is open
    (they only scrolled the form from a number, and nothing said how to move but Tab).
    Home and End go to the first and the last field (in a number field they move in its
    text), PgUp and PgDn take the focus a page up or down with the form: they scrolled
    the form alone, the focus left on a field out of sight for the next key to change.
    ⏎ and Space open a choice's list with the focus in it at once, as the app reads them, so
    that the keys typed after them in one go move in the list (:meth:`action_open_choice`)."""

    AUTO_FOCUS = ""
    """No field is given the focus by Textual (which scrolls it to the middle of the form):
    :meth:`on_mount` gives it to the first field, the form shown from its heading."""

    @property
    def gin(self) -> GinHost:
        return gin_of(self.app)

    def __init__(self) -> None:
        super().__init__()
        self.original: Settings | None = None
        self.preset_shown = ""
        """The preset whose options the form shows (the one the player's options
        change, while the preset field says "custom")."""
        self._changed_listed = False
        """The preset field's list has "<preset> (changed)" (the form's options differ from the preset)."""
        self.kept_ascii = False
        """The last save turned ASCII off on a terminal that cannot show the suits
        (:attr:`~ginrummy_tui.session.context.AppContext.narrow_encoding`): saved for
        other terminals, the table stays in ASCII in this one."""
        self.file_note: str | None = None
        """What the last save found of the settings file (set aside, with problems),
        said before what became of the settings."""
        self.picked: set[str] = set()
        """The fields of a setting the command line may give for the run (the
        preset, the opponent level, the theme) whose choice the player picked
        in its list, a new one or the one shown (``--rules classic``, then
        classic chosen): saved as chosen here (the preset with the form's
        options), not left to the run."""
        self.problems: list[Problem] = []
        """Why the last save was refused, in the order of the form, less what was mended
        since (shown under the form; the rows of their fields are marked)."""

    # ------------------------------------------------------------ building

    def compose(self) -> ComposeResult:
        from ginrummy_tui.storage.config import RULE_OPTION_HELP

        s = current_settings(self.gin)
        a = self.gin.ascii_only
        # the options as the form reads them back: those that change the preset (the command
        # line or the settings file may also name one the preset already has)
        s = s.with_rules(s.rules, preset=s.preset)
        self.original = s
        self.preset_shown = s.preset
        rules = s.rules
        yield TooSmall()
        with Vertical(id="settings-column"):  # the form, and the reasons of a refused save under it
            with VerticalScroll(id="settings", can_focus=False):  # no stop of Tab that shows no mark: PgUp/PgDn scroll it from its fields
                networked = not self.gin.session.computes_opponent
                yield Static(
                    "Rules for your games against the computer" if networked else "Rules for your next match",
                    classes="section",
                )
                in_play = match_rules_line(self.app, rules, s.ai, changed=False)
                if in_play:
                    yield Static(in_play, id="match-rules")
                context = self.gin.context
                from_flags = (
                    run_only_line(s, context.saved_settings, context.one_tab, context.narrow_encoding)
                    if context.uses_files
                    else ""
                )
                if from_flags:
                    # "0.6 s" on one line (KeptWords): "(saved: 0.6" / "s)." at 80 columns
                    yield Static(KeptWords(ascii_words(from_flags) if a else from_flags), id="run-only")
                yield self._row(
                    "Rules preset",
                    ChoiceField(
                        self._preset_choices(self._preset_value(rules) == CUSTOM),
                        self._preset_value(rules),
                        ascii_only=a,
                        id="preset",
                    ),
                )
                values = rules.option_values()
                for name, label in RULE_OPTION_HELP:
                    yield self._row(label, self._rule_field(name, values[name]))
                    if name == "knock_limit":
                        yield Static(OKLAHOMA_LIMIT_NOTE, id="knock-limit-note", classes="note")
                    if name == "undercut_bonus":
                        yield Static(UNDERCUT_BONUS_NOTE, id="undercut-bonus-note", classes="note")
                    if name == "tie_is_undercut":
                        yield Static(TIE_NOTE, id="tie-note", classes="note")
                    if name == "big_gin_bonus":
                        yield Static(BIG_GIN_BONUS_NOTE, id="big-gin-bonus-note", classes="note")
                    if name == "shutout":
                        yield Static(SHUTOUT_NOTE, id="shutout-note", classes="note")
                yield Static("Opponent and table", classes="section")
                yield self._row(
                    "Opponent level",
                    ChoiceField([(level, level) for level in LEVELS], s.ai, ascii_only=a, id="ai"),
                )
                yield self._row(
                    "Computer's pause, s", NumberField(f"{s.pause:g}", type="number", compact=True, id="pause")
                )
                yield self._row("ASCII only, suits S H D C", YesNoBox(yes_no(s.ascii), s.ascii, ascii_only=a, id="ascii"))
                yield self._mouse_row(s.mouse)
                yield self._row(
                    "One-click discard", YesNoBox(yes_no(s.one_click), s.one_click, ascii_only=a, id="one-click")
                )
                themes = sorted(self.app.available_themes)
                theme = s.theme if s.theme in themes else self.app.theme
                yield self._row("Theme", ChoiceField([(t, t) for t in themes], theme, ascii_only=a, id="theme"))
                with Horizontal(id="settings-buttons"):
                    yield Button("Save (Ctrl+S)", id="save", variant="primary", compact=True)
                    yield Button("Cancel (Esc)", id="cancel", compact=True)
            yield Static("", id="settings-error")  # docked at the column's foot: the form gives it its rows
        yield KeyBar()

    def _row(self, label: str, control) -> Horizontal:
        kind = "row choice" if isinstance(control, Select) else "row"
        return Horizontal(FieldLabel(label, ascii_only=self.gin.ascii_only), control, classes=kind)

    def _mouse_row(self, mouse: bool) -> Horizontal:
        """The mouse, a choice saved for the next start; with ``--data-dir -`` (no next
        start reads it) what this run started with, and how to start without it; in a
        browser tab (which has no next start: a reload is a new tab) what the tab opened with."""
        context = self.gin.context
        if context.uses_files and not context.one_tab:
            return self._row(
                "Mouse (from next start)", YesNoBox(yes_no(mouse), mouse, ascii_only=self.gin.ascii_only, id="mouse")
            )
        if context.one_tab:
            said = f"{yes_no(mouse)}: as this tab opened"
        else:
            said = "yes: set at start (--no-mouse turns it off)" if mouse else "no: set at start (--no-mouse)"
        row = self._row("Mouse", Label(said, id="mouse", classes="fixed"))
        row.add_class("fixed")
        return row

    def _rule_field(self, name: str, value: Any):
        fid = f"rule-{name}"
        a = self.gin.ascii_only
        if name == "next_dealer":
            return ChoiceField([(label, who) for who, label in DEALER_LABELS], value, ascii_only=a, id=fid)
        if isinstance(value, bool):
            return YesNoBox(yes_no(value), value, ascii_only=a, id=fid)
        if name == "timer":
            return NumberField(str(value or 0), type="integer", compact=True, id=fid)
        return NumberField(str(value), type="integer", compact=True, id=fid)

    def turn_steps(self) -> tuple[frozenset[str], tuple[tuple[Binding, ...], ...]]:
        """The app's keys that a number field takes as typing, c and q (off the key bar
        there), and the fields without them and with them: the bar takes as many rows on
        every field (at 46x21 it went from two rows to one and back as Tab moved, and the
        form with it)."""
        typed = frozenset({"scores", "quit_game"})
        keys = tuple(b for b in type(self.app).BINDINGS if isinstance(b, Binding) and b.show and b.action in typed)
        return typed, ((), keys)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_choice":  # on a choice whose list is shut; in the open list ⏎ picks
            return isinstance(self.focused, ChoiceField) and not self.focused.expanded
        if action in ("next_field", "previous_field"):
            # from a field; not in a choice's open list (which has the focus then): they move in it
            return isinstance(self.focused, ARROWS_MOVE)
        if action in ("end_field", "page_fields"):
            # from a field or a button of the form; Home and End move in a number's text
            # and in a choice's open list, PgUp and PgDn in the open list
            movers = (YesNoBox, ChoiceField, Button) if action == "end_field" else (*ARROWS_MOVE, Button)
            return isinstance(self.focused, movers)
        return True

    def _fields(self) -> list[Widget]:
        """The form's fields the focus can go to, in order (not those disabled or hidden)."""
        return [w for w in self.focus_chain if isinstance(w, ARROWS_MOVE)]

    def action_end_field(self, last: bool) -> None:
        """Home: the first field, End: the last, scrolled into view.  Focused at once (a
        widget's own ``focus`` waits for the app's next turn): ↑ typed with End, in one read
        of the terminal, moved from the field before End's, and End then took the focus to
        the last field."""
        fields = self._fields()
        if fields:
            self.set_focus(fields[-1 if last else 0])

    def action_page_fields(self, step: int) -> None:
        """PgDn (``step`` 1) or PgUp (-1): the form a page down or up, and the focus with
        it to the field a page from the one that had it (the first or the last field at
        the form's ends), in view.  PgUp on the first field scrolls the form to its top,
        where the heading and the line on the match in play stand above the fields: at
        46x21 those lines could not be reached by keys (Home and PgUp stopped at the first
        field, scrolled only as far as it)."""
        here, fields = self.focused, self._fields()
        if here is None or not fields:
            return
        form = self.query_one("#settings", VerticalScroll)
        if step < 0 and here is fields[0] and form.scroll_y > 0:
            form.scroll_home(animate=False, immediate=True)
            return
        page, y = form.scrollable_content_region.height, here.region.y
        if step > 0:
            beyond = [f for f in fields if f.region.y >= y + page]
            target = beyond[0] if beyond else fields[-1]
            moved = target.region.y > y
        else:
            before = [f for f in fields if f.region.y <= y - page]
            target = before[-1] if before else fields[0]
            moved = target.region.y < y
        form.scroll_relative(y=step * page, animate=False, immediate=True)
        if moved:  # at once, as Home and End (:meth:`action_end_field`)
            self.set_focus(target, scroll_visible=False)
        self.call_after_refresh(form.scroll_to_widget, target if moved else here, animate=False, immediate=True)

    def action_open_choice(self) -> None:
        """⏎ or Space on a choice: its list opens, the focus in it at once.  A priority key, run
        as the app reads it: the ``Select``'s own ⏎ opened the list once the field had the key,
        and moved the focus to it at the app's next turn, after ↓ typed with the ⏎ (``tmux
        send-keys Enter Down Enter``) had moved to the next field (the arrows' keys here are
        run as the app reads them too), the list never seen and the preset left as it was."""
        field = self.focused
        if isinstance(field, ChoiceField):
            field.open_list()

    def action_next_field(self) -> None:
        """↓ on a field: the next field, as Tab."""
        self.focus_next()

    def action_previous_field(self) -> None:
        """↑ on a field: the field before, as Shift+Tab."""
        self.focus_previous()

    def on_mount(self) -> None:
        self.gin.drop_note_in_place("settings")  # what the last save did: not to come back as they close
        self.set_class(self.app.size.width < STACKED_BELOW, "-stacked")
        self._follow_unused()
        self.query_one("#preset", Select).focus(scroll_visible=False)
        self.call_after_refresh(self._open_at_top)
        self.screen_layout_refresh_signal.subscribe(self, self._lower)
        self.screen_layout_refresh_signal.subscribe(self, self._hold_fields)

    _lowered_for: Size | None = None
    """The terminal's size the form's place was last set for (:meth:`_lower`)."""

    def _lower(self, _screen: object = None) -> None:
        """Once laid out at a new size: on a screen taller than the form needs, the form lower,
        in the middle of the rows it does not need (as the table,
        :func:`~..note_text.lowered_rows`).  Set once for a size, so that its top stays put
        while a note under a field comes or goes (the box grows or shrinks at its foot); centred
        anew each time, the whole form moved a row as "Big Gin allowed" was ticked."""
        size = self.app.size
        column = self.query_one("#settings-column", Vertical)
        bars = self.query(KeyBar)
        if size == self._lowered_for or not column.region.height or not bars or not bars.first().region.height:
            return  # set for this size, or not laid out yet
        self._lowered_for = size
        rows = lowered_rows(bars.first().region.y - column.outer_size.height)
        if rows != column.styles.margin.top:
            column.styles.margin = (rows, 0, 0, 0) if rows else None

    def _open_at_top(self) -> None:
        """The form opens at its heading, its first field (which has the focus) under the
        words above it; where those words leave no room for the field (a small screen), at
        the field, in view at the form's foot.  (Scrolled to the field as it got the focus,
        at 46x21 the form opened partway down the words from the command line.)"""
        form, field = self.query_one("#settings", VerticalScroll), self.query_one("#preset", Select)
        if form.content_region.height and field.region.bottom > form.content_region.bottom:
            form.scroll_to_widget(field, animate=False, immediate=True)

    def _follow_unused(self) -> None:
        """With Oklahoma ticked the knock limit on the form is not used: its field is in
        italics, and the note under it says what sets the limit instead; so is the Big Gin
        bonus without Big Gin, and the undercut bonus with a knock limit of 0 (only gin ends
        a hand), each note saying so.  A box not used is hidden, a note in its place, and
        not read: the shutout with no game bonus (nothing to double), a tie's undercut
        with a knock limit of 0.  None of them takes the focus.
        (:meth:`~ginrummy_tui.engine.Rules.unused`: the form reads none of them.)"""
        self._dim_field("knock_limit", "#knock-limit-note", self.query_one("#rule-oklahoma", Checkbox).value)
        no_knocks = not self._knocks_on_form()
        self._dim_field("undercut_bonus", "#undercut-bonus-note", no_knocks)
        self._hide_box("tie_is_undercut", "#tie-note", no_knocks)
        self._dim_field("big_gin_bonus", "#big-gin-bonus-note", not self.query_one("#rule-big_gin", Checkbox).value)
        self._hide_box("shutout", "#shutout-note", not self._game_bonus_on_form())

    def _dim_field(self, name: str, note: str, unused: bool) -> None:
        """The number field of rule option ``name`` in italics and disabled where it is
        ``unused``, the ``note`` under it shown: Tab, ↓ and ↑ and a click pass it by, as a
        form's disabled field, and nothing is typed into it (typed, it was dropped at
        Ctrl+S without a word).  Its value stays, for when the option is used again."""
        field = self.query_one(f"#rule-{name}", Input)
        field.set_class(unused, "-unused")
        field.disabled = unused
        self.query_one(note, Static).set_class(unused, "-shown")

    def _hide_box(self, name: str, note: str, unused: bool) -> None:
        """The box of rule option ``name`` hidden and disabled where it is ``unused``, the ``note`` in its place."""
        box = self.query_one(f"#rule-{name}", Checkbox)
        box.disabled = unused
        if box.parent is not None:
            box.parent.display = not unused
        self.query_one(note, Static).set_class(unused, "-shown")

    def _knocks_on_form(self) -> bool:
        """Whether the form's rules let a hand be knocked (not only gin: an undercut may
        be): Oklahoma ticked, or the knock limit field holds a number above 0, or one
        not yet a number."""
        if self.query_one("#rule-oklahoma", Checkbox).value:
            return True
        try:
            return int(self.query_one("#rule-knock_limit", Input).value.strip()) > 0
        except ValueError:
            return True

    def _game_bonus_on_form(self) -> bool:
        """Whether the form's rules have a game bonus (a shutout doubles it):
        the game bonus field holds a number above 0, or one not yet a number."""
        try:
            return int(self.query_one("#rule-game_bonus", Input).value.strip()) > 0
        except ValueError:
            return True

    _focus_before_too_small: Widget | None = None
    """The field that had the focus when "Terminal too small" hid the form."""

    def on_resize(self, event: events.Resize) -> None:
        """The form stacked on a narrow terminal; and "Terminal too small", which hides
        the form and so takes the focus from its field, gives the focus back to that
        field once the window is big enough (a menu it had open stays closed)."""
        self.set_class(event.size.width < STACKED_BELOW, "-stacked")
        if too_small_for(*event.size):
            # called before the form is hidden: the field has the focus still
            if self._focus_before_too_small is None and self.focused is not None:
                focused = self.focused
                self._focus_before_too_small = next(
                    (w for w in focused.ancestors_with_self if isinstance(w, Select)), focused
                )
        elif self._focus_before_too_small is not None:
            field, self._focus_before_too_small = self._focus_before_too_small, None
            self.call_after_refresh(self._focus_again, field)

    def _focus_again(self, field: Widget) -> None:
        if field.is_mounted and self.focused is None:
            field.focus()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._mark_focus()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self._mark_focus()

    def _mark_focus(self) -> None:
        """The label of the row whose field has the focus is marked (a mark, not a colour)."""
        focused = self.focused
        row = next((w for w in focused.ancestors_with_self if w.has_class("row")), None) if focused else None
        for label in self.query(FieldLabel):
            label.focused = label.parent is row

    _closing_click = False
    """The mouse button went down outside an open choice list, which closed it: its release
    and the click they make do nothing else."""

    def _forward_event(self, event: events.Event) -> None:
        """A click outside an open choice list only closes it (the field keeps the focus, as
        with Esc): pressed on another setting's name or box, it closed the list and turned
        that setting on or off unseen ("Mouse (from next start)" went from yes to no)."""
        if isinstance(event, events.MouseDown):
            field = next((f for f in self.query(ChoiceField).results(ChoiceField) if f.expanded), None)
            self._closing_click = field is not None and not self._over(field, event.screen_x, event.screen_y)
            if field is not None and self._closing_click:
                field.expanded = False
                field.focus(scroll_visible=False)
                return
        elif isinstance(event, (events.MouseUp, events.Click)) and self._closing_click:
            if isinstance(event, events.Click):
                self._closing_click = False
            return
        super()._forward_event(event)

    def _over(self, field: ChoiceField, x: float, y: float) -> bool:
        """Whether the screen's point ``x``, ``y`` is on ``field`` or its open list."""
        try:
            widget, _region = self.get_widget_at(int(x), int(y))
        except NoWidget:
            return False
        return field in widget.ancestors_with_self

    def on_click(self, event: events.Click) -> None:
        """A click on the name of a setting gives its field the focus, as the label of a
        field does in a form (it did only on a yes-or-no setting's: "Rules preset" or
        "Knock limit (deadwood)" clicked did nothing); a yes-or-no setting's ("One-click
        discard") also turns it on or off, as a click on its box does.  A choice's list
        stays closed and a number as it is.  The blank columns after a name are the name's."""
        label, _region = self.get_widget_at(event.screen_x, event.screen_y)
        if not isinstance(label, FieldLabel) or label.parent is None:
            return
        for field in label.parent.query_children().results(Widget):
            if field is label or not field.focusable:
                continue
            event.stop()
            field.focus()
            if isinstance(field, YesNoBox):
                field.toggle()
            return

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """A checkbox says what it is set to."""
        event.checkbox.label = yes_no(event.value)
        self._follow_unused()
        self._follow_rules()
        self._recheck()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._follow_unused()
        self._follow_rules()
        self._recheck()

    def _preset_choices(self, changed: bool) -> list[tuple[str, str]]:
        """The preset field's choices: each preset, and, while the form's options are
        ``changed`` from the preset shown, that one so ("standard (changed)", not "custom")."""
        from ginrummy_tui.engine import PRESETS

        self._changed_listed = changed
        return [(name, name) for name in PRESETS] + ([(f"{self.preset_shown} (changed)", CUSTOM)] if changed else [])

    def _set_preset_field(self, value: str) -> None:
        """The preset field says ``value`` (a preset, or "custom"), its list with "<preset>
        (changed)" only while it is that; not the player's choice: no options filled in."""
        field = self.query_one("#preset", ChoiceField)
        with field.prevent(Select.Changed):
            changed = value == CUSTOM
            if changed != self._changed_listed:
                field.set_options(self._preset_choices(changed))
            field.value = value

    def _preset_value(self, rules: Rules) -> str:
        """What the preset field says for ``rules`` on the form: the preset
        shown, or "custom" when a rule differs from it (the target is no change of
        the rules: "classic rules, to 200", as the match's result says it)."""
        from ginrummy_tui.engine import PRESETS

        preset = PRESETS[self.preset_shown]
        return self.preset_shown if replace(rules, target=preset.target) == preset else CUSTOM

    def _follow_rules(self) -> None:
        """Keep the preset field ("custom" or not) and the line on the match in
        play true to the form as it is edited (left as they were while a field
        does not hold a valid value)."""
        rules = self._rules_from_fields(self.preset_shown)
        if rules is None:
            return
        self._set_preset_field(self._preset_value(rules))
        line = next(self.query("#match-rules").results(Static), None)
        if line is not None:
            ai = str(self.query_one("#ai", Select).value)
            old = self.original
            changed = old is None or rules != old.rules or ai != old.ai
            line.update(match_rules_line(self.app, rules, ai, changed=changed))

    _rules_rows: int | None = None
    """The rows the line on the match in play took at the last layout (:meth:`_hold_fields`)."""

    def _hold_fields(self, _screen: object = None) -> None:
        """Once laid out: where the line on the match in play takes another number of rows
        than before (a rule changed on the form), the form scrolls by as many, where it can,
        so that the fields under it stay where they were.  At 60x24 a click on "Big Gin
        allowed" made the line a row longer, the fields moved down a row under the pointer,
        and a second click there ticked "A tie is an undercut" instead."""
        line = next(self.query("#match-rules").results(Static), None)
        if line is None or not line.region.height:
            return
        rows, self._rules_rows = self._rules_rows, line.outer_size.height
        if rows is not None and rows != line.outer_size.height:
            form = self.query_one("#settings", VerticalScroll)
            form.scroll_relative(y=line.outer_size.height - rows, animate=False, immediate=True)

    def on_choice_field_picked(self, event: ChoiceField.Picked) -> None:
        """A preset (not "<preset> (changed)"), an opponent level or a theme picked in
        its list is the player's choice, the one the form showed too."""
        field = event.field
        if field.id in PICKED_FIELDS and field.value != CUSTOM:
            self.picked.add(field.id)

    def on_select_changed(self, event: Select.Changed) -> None:
        """A preset chosen fills in its options ("custom" leaves them as they
        are); the rest follows the form.  The preset the form shows, as its field
        says it as the form opens, is no choice: its options are on the form already
        (filled in again, a target of 200 saved with the standard rules read 100)."""
        chosen = event.value not in (Select.NULL, CUSTOM) and (event.value != self.preset_shown or self._changed_listed)
        if event.select.id == "preset" and chosen:
            from ginrummy_tui.engine import PRESETS
            from ginrummy_tui.storage.config import RULE_OPTION_HELP

            self.preset_shown = str(event.value)
            field = self.query_one("#preset", ChoiceField)
            with field.prevent(Select.Changed):  # its options filled in below: no "<preset> (changed)"
                field.set_options(self._preset_choices(False))
                field.value = self.preset_shown
            values = PRESETS[self.preset_shown].option_values()
            for name, _ in RULE_OPTION_HELP:
                self._put(name, values[name])
        self._follow_rules()
        self._recheck()

    def _put(self, name: str, value: Any) -> None:
        widget = self.query_one(f"#rule-{name}")
        if isinstance(widget, Checkbox):
            widget.value = bool(value)
        elif isinstance(widget, Select):
            widget.value = value
        elif isinstance(widget, Input):
            widget.value = str(value or 0) if name == "timer" else str(value)

    # ------------------------------------------------------------ reading

    def _rules_from_fields(self, preset: str, problems: list[Problem] | None = None) -> Rules | None:
        """The rules on the form, or None; what is wrong with them is added to ``problems``,
        in the order of the form."""
        from ginrummy_tui.engine import PRESETS
        from ginrummy_tui.storage.config import RULE_OPTION_HELP, timer_seconds

        base = PRESETS[preset]
        changes: dict[str, Any] = {}
        wrong: dict[str, str] = {}  # the options that are not numbers (a timer: not its seconds), and why
        oklahoma = self.query_one("#rule-oklahoma", Checkbox).value
        unused = set()  # dimmed or hidden, not read: the preset's value stands (Rules.unused)
        if oklahoma:  # the upcard sets the limit
            unused.add("knock_limit")
        if not self._knocks_on_form():  # only gin ends a hand: nothing is undercut
            unused |= {"undercut_bonus", "tie_is_undercut"}
        if not self.query_one("#rule-big_gin", Checkbox).value:  # no hand scores the bonus
            unused.add("big_gin_bonus")
        if not self._game_bonus_on_form():  # no game bonus to double
            unused.add("shutout")
        for name, label in RULE_OPTION_HELP:
            if name in unused:
                continue
            widget = self.query_one(f"#rule-{name}")
            if isinstance(widget, Checkbox):
                value: Any = widget.value
            elif isinstance(widget, Select):
                value = widget.value
            else:
                assert isinstance(widget, Input)  # the number fields
                try:
                    value = timer_seconds(widget.value, words=False) if name == "timer" else int(widget.value.strip())
                except ValueError as exc:
                    wrong[name] = f"{refused_name(label)}: {exc}" if name == "timer" else f"{refused_name(label)}: a whole number, please"
                    continue
            changes[name] = value
        reason = ""
        if not wrong:
            try:
                return base.with_options(**changes)
            except ValueError as exc:
                reason = str(exc)
        if problems is not None:
            problems.extend(self._refused_options(base, changes, wrong) or [(f"Rules: {reason}", None)])
        return None

    def _refused_options(self, base: Rules, changes: dict[str, Any], wrong: dict[str, str]) -> list[Problem]:
        """Each rule option refused, and why, at its field, in the order of the form: those
        that are not numbers (``wrong``), and those refused on their own (one alone on a
        preset is refused only for itself)."""
        from ginrummy_tui.storage.config import RULE_OPTION_HELP

        refused: list[Problem] = []
        for name, label in RULE_OPTION_HELP:
            field = self.query_one(f"#rule-{name}")
            if name in wrong:
                refused.append((wrong[name], field))
                continue
            if name not in changes:  # not read (the knock limit with Oklahoma, an option not used)
                continue
            try:
                base.with_options(**{name: changes[name]})
            except ValueError as exc:
                refused.append((f"{refused_name(label)}: {str(exc).removeprefix(name + ' ')}", field))
        return refused

    def _pause_from_field(self, problems: list[Problem]) -> float | None:
        """The computer's pause on the form, or None (and why added to ``problems``)."""
        from ginrummy_tui.storage.config import MAX_PAUSE

        field = self.query_one("#pause", Input)
        try:
            pause = float(field.value.strip())
        except ValueError:
            problems.append(("Computer's pause: a number of seconds, please", field))
            return None
        if pause == 0:  # "-0" was saved as -0.0, and the form showed "-0" again
            pause = 0.0
        if not 0 <= pause <= MAX_PAUSE:  # in the words of the rules' fields: "must be ... (not 11)"
            problems.append((f"Computer's pause: must be between 0 and {MAX_PAUSE:g} seconds (not {field.value.strip()})",
                             field))
            return None
        return pause

    def read(self, quiet: bool = False) -> Settings | None:
        """The settings on the form, or None if a value is wrong (with every reason shown,
        unless ``quiet``)."""
        problems: list[Problem] = []
        new = self._read(problems)
        if not quiet:
            self._refuse(problems)
        return new

    def _read(self, problems: list[Problem]) -> Settings | None:
        """The settings on the form, or None; what is wrong is added to ``problems``."""
        preset = self.preset_shown
        rules = self._rules_from_fields(preset, problems)
        pause = self._pause_from_field(problems)
        if rules is None or pause is None:
            return None
        assert self.original is not None
        new = replace(
            self.original,
            ai=str(self.query_one("#ai", Select).value),
            pause=pause,
            ascii=self.query_one("#ascii", Checkbox).value,
            mouse=self._mouse_on_form(self.original.mouse),
            theme=str(self.query_one("#theme", Select).value),
            one_click=self.query_one("#one-click", Checkbox).value,
        )
        return new.with_rules(rules, preset=preset)

    def _mouse_on_form(self, mouse: bool) -> bool:
        """The mouse's checkbox, where the form has one (else ``mouse``, what this run started with)."""
        box = next(self.query("#mouse").results(Checkbox), None)
        return mouse if box is None else box.value

    def _refuse(self, problems: list[Problem]) -> None:
        """Say why the settings were not saved, every reason under the form in the order of
        the form, and mark the rows of the fields refused; the first of them gets the focus
        and is scrolled into view (once the lines under the form have taken their room)."""
        self._show_problems(problems)
        field = next((field for _text, field in problems if field is not None), None)
        if field is not None:
            field.focus(scroll_visible=False)
            self.call_after_refresh(field.scroll_visible, animate=False)

    def _show_problems(self, problems: list[Problem]) -> None:
        self.problems = problems
        error = self.query_one("#settings-error", Static)
        error.update("\n".join(reasons_shown([text for text, _field in problems], self.gin.ascii_only)))
        error.set_class(bool(problems), "-shown")
        rows = {field.parent for _text, field in problems if field is not None}
        for label in self.query(FieldLabel):
            label.refused = label.parent in rows

    def _recheck(self) -> None:
        """A value changed after a refused save: the reasons of the values mended go, and the
        marks of their rows (a value made wrong since is told at the next save)."""
        if not self.problems:
            return
        now: list[Problem] = []
        self._read(now)
        refused = {field for _text, field in self.problems}
        self._show_problems([problem for problem in now if problem[1] in refused])

    def _error(self, text: str) -> None:
        """Say why the settings could not be saved, under the form."""
        self._show_problems([])
        error = self.query_one("#settings-error", Static)
        error.update(text)
        error.add_class("-shown")

    # ------------------------------------------------------------ saving

    def action_save(self) -> None:
        """Save the settings and apply what can be applied now; where they change
        the rules or the opponent of a match in progress, only once the player has
        said whether to start a new match with them (Escape on that question goes
        back to the form, nothing saved)."""
        new = self.read()
        if new is None:
            return
        asked = self._asked_changes(new)
        if not asked:
            if self._store(new):
                self._settle_match(new)
            return

        def answer(yes: bool | None) -> None:
            if yes is None or not self.is_attached:  # Escape: back to the form, nothing saved
                return
            if self._store(new):
                self._answered(new, yes)

        self.app.push_screen(NewMatchQuestion(asked), answer)

    def _store(self, new: Settings) -> bool:
        """Save ``new`` to the settings file (or keep them for this run) and apply
        what can be applied now; False, said under the form, if the file cannot
        be written."""
        from ginrummy_tui.storage.config import SETTINGS_NAME, NewerSettings, config_dir, save_changes
        from ginrummy_tui.storage.files import UnreadableFile, way_out

        app = self.gin
        assert self.original is not None
        if app.context.uses_files:
            directory = app.context.config_dir or config_dir()
            try:
                # onto the file as it is now: what another gin-tui saved there since is kept
                from ..palette import theme_names

                done = save_changes(directory, lambda now: self._kept(new, now), theme_names())
            except NewerSettings as exc:
                self._error(
                    f"The settings were not saved: {directory / SETTINGS_NAME} was {exc}, so it is not "
                    "written over; it is kept for that version. Your changes are still on the form."
                )
                return False
            except UnreadableFile as exc:
                self._error(
                    f"The settings were not saved: {exc.filename} cannot be read ({exc.strerror}), "
                    "so it is not written over. Your changes are still on the form."
                )
                return False
            except OSError as exc:
                path = directory / SETTINGS_NAME
                self._error(f"The settings could not be saved to {path} ({exc.strerror or exc}): {way_out(path)}.")
                return False
            app.context.saved_settings = done.settings
            self.file_note = done.message()  # a file found with problems, set aside: said before "Settings saved"
        narrow = app.context.narrow_encoding
        self.kept_ascii = narrow is not None and not new.ascii  # ASCII off: saved for other terminals, not this one
        app.context.settings = replace(new, ascii=True) if self.kept_ascii else new
        app.pause = new.pause
        if new.theme in self.app.available_themes:
            self.app.theme = new.theme
        if (new.ascii or self.kept_ascii) != app.ascii_only:
            set_ascii(self.app, new.ascii or self.kept_ascii)
        set_one_click(self.app, new.one_click)
        keeper = app.context.keeper
        if keeper is not None:
            keeper.settings.update({k: v for k, v in new.play_settings().items() if k != "ai"})
        return True

    def _kept(self, new: Settings, saved: Settings | None = None) -> Settings:
        """What the settings file keeps of the form's settings ``new``: only what
        was changed here, and the choices picked in their lists (:attr:`picked`),
        a preset with the form's options; a command-line choice left as it was
        stays for this run.  They go onto ``saved``, the file's settings (None:
        those read at the start, or saved here since)."""
        from ginrummy_tui.storage.config import with_changes

        assert self.original is not None
        kept = with_changes(saved if saved is not None else self._saved(), self.original, new)
        if "ai" in self.picked:
            kept = replace(kept, ai=new.ai)
        if "theme" in self.picked:
            kept = replace(kept, theme=new.theme)
        if "preset" in self.picked:
            kept = kept.with_rules(new.rules, preset=new.preset)
        return kept

    def _saved(self) -> Settings:
        """The settings file's settings (those the form opened with, if the app has no others)."""
        assert self.original is not None
        return self.gin.context.saved_settings or self.original

    def unsaved(self) -> bool:
        """True while the form holds changes not saved (a value that cannot be saved counts,
        and a choice picked in its list that the settings file does not have)."""
        new = self.read(quiet=True)
        if new != self.original:
            return True
        return new is not None and self.gin.context.uses_files and self._kept(new) != self._saved()

    def save_before_quit(self) -> bool:
        """The quit question's "Save and quit": save the form's settings as Ctrl+S
        does, without asking about the match in play, which is saved as it is and
        resumed with its own rules and opponent (the new ones come with the next
        match); a match nobody has moved in yet is dealt again with them, as
        Ctrl+S does.  False, with the reasons under the form, when they cannot
        be saved: the game goes on."""
        new = self.read()
        if new is None or not self._store(new):
            return False
        control = self.gin.context.control
        if control is not None and self._match_changes(new) and not control.match_over() and not control.match_started():
            self.gin.start_new_match(new)
        return True

    def _asked_changes(self, new: Settings) -> list[str]:
        """What of a match in progress (a move made, not over) ``new`` changes, which
        the player is asked about before it is saved ([] where nothing is asked)."""
        control = self.gin.context.control
        if control is None or control.match_over() or not control.match_started():
            return []
        return self._match_changes(new)

    def _settle_match(self, new: Settings) -> None:
        """The settings ``new`` saved, nothing to ask: close, saying what became of them
        (a match nobody has moved in yet is dealt again with them, from its seed when
        the player gave one)."""
        app = self.gin
        control = app.context.control
        if control is None:
            if not app.session.computes_opponent:
                self.dismiss_settings("Settings saved. Their rules and opponent are for your games against the computer.")
            else:
                self.dismiss_settings("Settings saved. New rules and opponent apply to your next match.")
            return
        changed = self._match_changes(new)
        saved = self._saved_words()
        if not changed:
            self.dismiss_settings(f"{saved}.")
            return
        if control.match_over():  # its result stays (or comes back after a practice); ⏎ starts the next
            self.dismiss_settings(f"{saved}. The next match is played with them.")
            return
        seed = control.seeded_deal()
        app.start_new_match(new)
        if seed is not None:
            self.dismiss_settings(f"{saved}: your match starts again with them, dealt from seed {seed} as before.")
        else:
            self.dismiss_settings(f"{saved}: a new match with them has started.")

    def _answered(self, new: Settings, yes: bool) -> None:
        """The settings ``new`` saved once the player said whether to start a new match
        with them now (``yes``) or keep playing this one."""
        app = self.gin
        if yes:
            app.start_new_match(new)
            lasting = self._lasting()
            self.dismiss_settings("A new match with the new settings has started" + (f"; they last {lasting}." if lasting else "."))
        else:  # the next match starts with them (they are the app's settings now)
            self.dismiss_settings(f"{self._saved_words()}. This match goes on; the next one uses them.")

    def _lasting(self) -> str:
        """How long saved settings last where that is not for good: in a browser tab
        (:data:`FOR_THIS_TAB`), without a data folder (:data:`FOR_THIS_RUN`); "" otherwise."""
        context = self.gin.context
        if context.one_tab:
            return FOR_THIS_TAB
        return "" if context.uses_files else FOR_THIS_RUN

    def _saved_words(self) -> str:
        """How the settings were kept: "Settings saved", for a browser tab "Settings saved for
        this browser tab only (...)", without a data folder "Settings changed for this run ..."."""
        lasting = self._lasting()
        said = "Settings saved" if self.gin.context.uses_files else "Settings changed"
        return f"{said} {lasting}" if lasting else said

    def _match_changes(self, new: Settings) -> list[str]:
        """What of the match in play ``new`` changes ("the rules", "the opponent"):
        only what the player changed on this form counts (not a difference the
        match had already)."""
        control = self.gin.context.control
        if control is None:
            return []
        old = self.original
        return [
            what
            for what in control.match_changes(new)
            if old is None
            or (what == "the rules" and new.rules != old.rules)
            or (what == "the opponent" and new.ai != old.ai)
        ]

    def dismiss_settings(self, note: str) -> None:
        """Close the settings and say what happened (and why the table stays in ASCII,
        where ASCII was turned off on a terminal that cannot show the suits)."""
        narrow = self.gin.context.narrow_encoding
        if self.kept_ascii and narrow is not None:
            note = f"{note} {narrow_terminal_words(narrow)}."
        if self.file_note:
            note = f"{self.file_note} {note}"
        if self.is_attached and self.app.screen is self:
            self.app.pop_screen()
        self.gin.note_in_place("settings", note, 4)
        self.gin.sync()

    def action_cancel(self, then: str = "") -> None:
        """Leave without saving; with changes on the form, only once the player says so.
        ``then``: the app's action run once the settings are closed (F3: the statistics, in
        their place)."""
        app = self.app

        def leave() -> None:
            app.pop_screen()
            if then:
                app.call_later(app.run_action, then)

        if not self.unsaved():
            leave()
            return

        def answer(leave_them: bool | None) -> None:
            if leave_them and self.is_attached and app.screen is self:
                leave()

        self.app.push_screen(
            Question(
                "Your changes to the settings are not saved.\n\nLeave without saving them?",
                "Leave (y)",
                "Back (n)",
                answers="y leaves without saving, n goes back to the settings, where Ctrl+S saves",
            ),
            answer,
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()

