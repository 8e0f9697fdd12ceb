"""The rule sheet: the rules in play named, how Gin Rummy is played, the rules in play in detail (from the
``Rules`` value), and the keys."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ginrummy_tui.engine.rules import rules_label
from ginrummy_tui.engine.words import apart

from ..host import SuitsChanged, gin_of
from ..widgets.cardfaces import ascii_words
from ..widgets.key_bar import KeyBar
from ..widgets.table_only_line import TableOnlyLine
from ..widgets.too_small import TooSmall
from .settings_screen import settings_words
from .styled_once import StyledOnce
from .table_only import BACK, TABLE_ONLY_BINDINGS, TableOnly, back_line

if TYPE_CHECKING:
    from ginrummy_tui.engine import PlayerView, Rules

GENERAL = (
    "The aim: make melds and keep less deadwood (cards in no meld) than the other player, "
    "hand after hand, up to the match's target.",
    "Melds: a set, 3 or 4 cards of one rank (7♠ 7♥ 7♣), or a run, 3 or more of one suit in sequence "
    "(4♥ 5♥ 6♥); aces are low (A-2-3, not Q-K-A); a card is in one meld at most.",
    "Deadwood counts aces 1, 2 to 10 their value, J, Q and K 10; your hand is always split into melds "
    "so that it is the least.",
    "A turn: draw the top card of the stock or of the discard pile, then discard one; "
    "a card taken from the discard pile cannot be thrown on the same turn.",
    "Ending a hand: with your discard you may knock when your deadwood is low enough, or go gin with none.",
    "The deal: 10 cards each from one 52-card deck; one card turned up starts the discard pile; the rest is the stock.",
)
"""How Gin Rummy is played, under every preset: what a beginner needs first (the aim, melds,
deadwood, a turn), on the sheet before the rules of the preset in play (:meth:`Rules.describe`)."""

GIN_ONLY_ENDING = "Ending a hand: with your discard you may go gin, with no deadwood left."
"""The ending of :data:`GENERAL` where the rules allow no knock (a knock limit of 0)."""


def general_lines(rules: Rules) -> list[str]:
    """:data:`GENERAL` as ``rules`` have it: no knock where only gin ends a hand."""
    if rules.oklahoma or rules.knock_limit > 0:
        return list(GENERAL)
    return [GIN_ONLY_ENDING if line.startswith("Ending a hand:") else line for line in GENERAL]

KEYS = (
    ("t / p", "take the upcard / pass"),
    ("s / d", "draw from the stock / take the top of the discard pile (at the upcard offer, the upcard, as t)"),
    ("← →", "select a card (or 1-9, 0 and - for the 1st to 11th card)"),
    ("⏎", "discard the selected card (twice if it goes gin: g plays gin)"),
    ("k / g / b", "knock / gin / Big Gin (when allowed)"),  # those the rules in play have (see _keys)
    ("< >  Shift+← →", "move the selected card left / right"),
    ("o", "sort by rank or by suit"),
    ("h", "a hint: what the expert would do now, and why"),
    ("l", "show the cards under the top of the discard pile"),
    ("m", "every turn of this hand (beside the table from 150 columns)"),
    ("c", "score table: ↑/↓ pick a finished hand, ⏎ reviews it (on the result, r)"),
    ("? / F1", "this rule sheet"),
    ("F2", f"settings: {settings_words()}"),
    ("F3", "your lifetime statistics"),
    ("⏎ / Space / n", "after a hand: the next hand (after the last, the result of the match); then ⏎ or n, a new match"),
    ("r / a", "after a hand: review your decisions / replay the deal"),
    ("q / Ctrl+Q", "quit"),
    ("Ctrl+Z", "back to the shell that started gin-tui; fg comes back"),
)
"""The keys, as listed on the sheet (some with a word on the app as it is, see :func:`rules_renderable`)."""

TAB_STATISTICS = "this tab's statistics (it keeps nothing once it is closed)"
"""F3's line in a browser tab, whose folder goes with it (it said "your lifetime statistics")."""

NETWORK_SCORES = "score table: every hand of the match"
"""The score table's line in network play, where no hand is reviewed (:func:`rules_renderable`)."""

CLICKABLE_KEYS = {"F2": "settings", "F3": "statistics"}
"""The keys of :data:`KEYS` whose row opens what they open when clicked (their key underlined),
in the sheet's place (:meth:`.TableOnly.on_click`): the settings and the statistics, which a
player with the mouse alone reaches no other way."""


def _keys(rules: Rules) -> list[tuple[str, str]]:
    """:data:`KEYS` for ``rules``: the upcard's keys (and what d does at it) only with an upcard offer, knock only
    where a hand may be knocked, Big Gin only where it is allowed."""
    ends = [("k", "knock")] if rules.oklahoma or rules.knock_limit > 0 else []
    ends.append(("g", "gin"))
    if rules.big_gin:
        ends.append(("b", "Big Gin"))
    out = []
    for key, what in KEYS:
        if key == "t / p" and not rules.upcard_offer:
            continue
        if key == "s / d" and not rules.upcard_offer:  # no upcard offer: no "(at the upcard offer, ...)"
            what = what.split(" (at the upcard offer")[0]
        if key == "k / g / b":
            key, what = " / ".join(k for k, _w in ends), " / ".join(w for _k, w in ends) + " (when allowed)"
            if ends[0][0] == "k":  # a knock where the hand could go gin is refused once, as a discard is
                what += "; where gin is possible k asks first: g goes gin, k again knocks"
        out.append((key, what))
    return out


def first_deal_words(seat: int, opponent: str, first_dealer: int | None = None) -> str:
    """Who deals the first hand of a match (:data:`~ginrummy_tui.engine.reducer.FIRST_DEALER`),
    as the player in ``seat`` sees it: "The computer deals the first hand of a match, so you
    start" (``opponent`` as a reason names the other player: "the computer", "Ann").  With
    ``first_dealer`` (network play, where the first deal alternates from match to match: the
    seat that dealt the first hand of the match in play), of this match: "Ann deals the
    first hand of this match, so you start"."""
    from ginrummy_tui.engine.reducer import FIRST_DEALER

    match = "a match" if first_dealer is None else "this match"
    if seat == (FIRST_DEALER if first_dealer is None else first_dealer):
        return f"You deal the first hand of {match}, so {opponent} starts"
    return f"{opponent[:1].upper()}{opponent[1:]} deals the first hand of {match}, so you start"


def match_first_dealer(v: PlayerView) -> int:
    """The seat that dealt the first hand of the match of ``v`` (the score sheet's first row
    says it, else the hand in play when it is the first)."""
    from ginrummy_tui.engine.reducer import FIRST_DEALER

    if v.sheet:
        return v.sheet[0].dealer
    return v.dealer if v.hand_no == 1 else FIRST_DEALER


def _bullets(lines, ascii_only: bool = False) -> Table:
    """Bulleted lines, wrapped under their own text (``*`` for the bullet with ``ascii_only``)."""
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=1, no_wrap=True)
    grid.add_column(ratio=1)
    for line in lines:
        grid.add_row(ascii_words("•") if ascii_only else "•", line)
    return grid


def mouse_text(mouse: bool = True, one_click: bool = False, saved: bool = True, knocks: bool = True) -> str:
    """What the mouse does, as the app is set: a click on a card lifts it and a
    second click throws it, or with one-click discard the first click throws it;
    a button knocks, or where no hand may be knocked (``knocks`` False) goes gin.
    Off, how to turn it on: in the settings, unless nothing is ``saved`` for a
    next start (``--data-dir -``)."""
    if not mouse:
        if not saved:
            return "Mouse: off for this run (--no-mouse)."
        return "Mouse: off; the settings (F2) turn it on from the next start."
    card = "click a card to discard it" if one_click else "click a card to lift it, then again (or Discard) to discard it"
    end = "knock" if knocks else "go gin"
    if one_click:  # a click throws: the card under the mouse is the one a button plays
        end += " with the card you point at"
    # the keys underlined in the list above (F2, F3) open the settings and the statistics (CLICKABLE_KEYS)
    return f"Mouse: click a pile to draw; {card}; click a button to {end}; the keys at the bottom, and the underlined ones above, too."


def rules_renderable(
    rules: Rules,
    mouse: bool = True,
    one_click: bool = False,
    saved: bool = True,
    at_quit: str = "",
    ascii_only: bool = False,
    first_deal: str = "",
    this_hand: str = "",
    reviews: bool = True,
    shell: bool = True,
) -> Group:
    """The sheet's text for ``rules``, the mouse as the app is set (see :func:`mouse_text`),
    and with q what becomes of the match at the quit (``at_quit``, "" for nothing to say);
    unless something is ``saved`` (``--data-dir -``), F3 has nothing to show; with
    ``ascii_only`` in ASCII alone ("Enter" for ⏎, ``*`` for the bullets); ``first_deal``:
    who deals the first hand of a match (see :func:`first_deal_words`), "" to leave it out;
    ``this_hand``: the terms of the hand in play where its upcard sets them (Oklahoma: "This
    hand: knock at 10 or less (upcard Q♦)", :func:`~ginrummy_tui.tui.table_text.this_hand_line`),
    under the rules in play, "" for none; without ``reviews`` (network play, where a hand is
    neither reviewed nor replayed) the score table's line says no more than what it lists,
    and the review's and the replay's keys are left out (the sheet listed them, and each was
    refused: "... is only in games against the computer"); without ``shell`` (a browser tab of
    ``gin-tui serve``) Ctrl+Z, back to a shell the player has none of, is left out, and F3
    is the tab's statistics alone."""
    words = ascii_words if ascii_only else str
    keys = Table.grid(padding=(0, 2))
    keys.add_column(justify="right", style="bold", no_wrap=True)
    keys.add_column(ratio=1)
    # (the command in at_quit a group of words: plain spaces in the sheet, which Rich lays out)
    besides = {"q / Ctrl+Q": apart(at_quit), "F3": "" if saved else "nothing is read or recorded with --data-dir -"}
    for key, what in _keys(rules):
        if (not reviews and key == "r / a") or (not shell and key == "Ctrl+Z"):
            continue
        if not reviews and key == "c":
            what = NETWORK_SCORES
        if not shell and key == "F3":  # a tab's folder goes with it: its figures are the tab's alone
            what = TAB_STATISTICS
        if besides.get(key):
            what = f"{what} ({besides[key]})"
        opens = CLICKABLE_KEYS.get(key)
        if opens is None:
            keys.add_row(words(key), words(what))
        else:  # a click on the row opens it (TableOnly.on_click): the settings, the statistics by mouse
            click = Style(meta={"instead": opens})
            keys.add_row(Text(words(key), style=click + Style(underline=True)), Text(words(what), style=click))
    # the preset's name and the terms of the hand in play first, then how the game is played,
    # then the rules of the preset (knocks, layoffs, scoring...), which speak of melds and deadwood
    return Group(
        Text(f"Rules in play: {rules_label(rules)}", style="bold underline"),
        *([Text(words(this_hand), style="bold")] if this_hand else []),  # first: the rules' line is general
        Text(),
        Text("How Gin Rummy is played", style="bold underline"),
        _bullets([words(line) for line in general_lines(rules)], ascii_only),
        Text(),
        Text("These rules in detail", style="bold underline"),
        _bullets([words(line) for line in rules.describe(first_deal)], ascii_only),
        Text(),
        Text("Keys", style="bold underline"),
        keys,
        Text("\n" + mouse_text(mouse, one_click, saved, knocks=rules.oklahoma or rules.knock_limit > 0)),
    )


class RulesScreen(StyledOnce, TableOnly, ModalScreen):
    """The rule sheet; scroll with the arrows or Page Up/Down, close with Escape."""

    CSS_PATH = "rules_screen.tcss"
    BINDINGS = [
        Binding("escape,question_mark,f1", "close", BACK, key_display="esc"),
        Binding("up,k", "scroll(-1)", "Up", show=False),
        Binding("down,j", "scroll(1)", "Down", show=False),
        *TABLE_ONLY_BINDINGS,  # after k, which scrolls
    ]
    """Escape closes; the arrows and Page keys scroll; the table's other keys say why they do nothing here."""

    QUIT_BACK = "Back to the rules (n)"
    PLACE = "on the rule sheet"

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        yield TooSmall()
        with VerticalScroll(id="rules"):
            yield Static(self._sheet(), id="rules-text")
            yield back_line("rules-close")
        yield TableOnlyLine()
        yield KeyBar()

    def _sheet(self) -> Group:
        from ginrummy_tui.ai.common import COMPUTER

        gin = gin_of(self.app)
        session = gin.session
        opponent = COMPUTER if session.computes_opponent else session.opponent_name
        from ..table_text import this_hand_line

        first_dealer = None  # against the computer it deals the first hand of every match
        if not session.computes_opponent and not session.replaying:  # over the network the first deal alternates
            with contextlib.suppress(RuntimeError):  # no view yet
                first_dealer = match_first_dealer(session.view())
        this_hand = ""  # Oklahoma: the knock limit and doubling the upcard set for the hand in play
        with contextlib.suppress(RuntimeError):  # no view yet
            v = session.view()
            if v.rules == self.rules:  # the sheet of the rules the hand is played with
                this_hand = this_hand_line(v, gin.ascii_only)
        return rules_renderable(
            self.rules, gin.mouse_enabled, gin.one_click, gin.context.uses_files, gin.at_quit(), gin.ascii_only,
            first_deal_words(session.seat, opponent, first_dealer), this_hand, session.computes_opponent,
            shell=not gin.context.one_tab,
        )

    def on_suits_changed(self, message: SuitsChanged) -> None:
        """The suit style changed: the sheet follows."""
        self.query_one("#rules-text", Static).update(self._sheet())

    def on_mount(self) -> None:
        self.query_one("#rules").focus()

    def action_scroll(self, step: int) -> None:
        """Scroll the sheet by a line."""
        self.query_one("#rules", VerticalScroll).scroll_relative(y=step, animate=False)

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss()
