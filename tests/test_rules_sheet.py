"""The rule sheet (?): the rules in play, in the app's words (screens/rules_screen.py, Rules.describe)."""

from __future__ import annotations

import pytest
from rich.console import Console

from ginrummy_tui.engine import PRESETS, Rules, new_game, view
from ginrummy_tui.engine.reducer import FIRST_DEALER
from ginrummy_tui.session.local import Session
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.screens.rules_screen import RulesScreen, first_deal_words, rules_renderable

from .app_helpers import screen_text, settle


def sheet(rules: Rules, width: int = 76, **kw) -> str:
    """The sheet as text, ``width`` columns wide, its lines joined."""
    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(rules_renderable(rules, **kw))
    return console.export_text()


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_sheet_says_how_layoffs_go():
    """The sheet left out that layoffs chain, that a set of three takes its fourth card and
    what the defender may not do; and it said a meld "is kept out ... when that stops layoffs
    worth more than its cards", where the knocker's run is laid out shorter too."""
    text = " ".join(Rules().describe())
    for said in (
        "Layoffs chain (8♠ then 9♠ onto 5♠ 6♠ 7♠)",
        "a set of three takes its fourth card",
        "The defender may not lay off onto the knocker's deadwood, nor form new melds with the knocker's cards.",
        "to the knocker's best score against that best defence",
        "a meld may be laid out shorter, or a card kept back as deadwood, to block a layoff, as long as the knocker's deadwood stays within the knock limit",
        "the end of the hand says which, and what it gained",
    ):
        assert said in text, said
    assert "kept out of them" not in text and "worth more than its cards" not in text


def test_where_only_gin_ends_a_hand_the_sheet_says_nothing_of_knocks():
    text = " ".join(Rules().with_options(knock_limit=0).describe())
    assert "only gin ends a hand" in text
    assert "lays off" not in text and "Undercut" not in text and "knocker's melds are laid out" not in text
    assert "Layoffs chain" in " ".join(PRESETS["oklahoma"].describe())  # an ace upcard is gin only, not the rest
    text = flat(sheet(Rules().with_options(knock_limit=0)))
    assert "you may go gin, with no deadwood left" in text and "may knock" not in text, text
    assert "you may knock when your deadwood is low enough" in flat(sheet(Rules()))


def test_where_only_gin_ends_a_hand_the_mouse_and_void_lines_speak_of_gin():
    # with --rule knock_limit=0 the sheet said "click a button to knock" and that the
    # void hand's last turn "ends the turn without knocking"
    text = flat(sheet(Rules().with_options(knock_limit=0)))
    assert "click a button to go gin;" in text and "to knock" not in text, text
    assert "and the player who drew ends the turn without going gin." in text, text
    assert "knocking" not in text, text
    for rules in (Rules(), PRESETS["oklahoma"]):  # a knock allowed (in Oklahoma, but on an ace)
        text = flat(sheet(rules))
        assert "click a button to knock;" in text and "ends the turn without knocking." in text


def test_who_deals_the_first_hand_as_the_player_sees_it():
    """The sheet did not say that the computer deals the first hand of a match; over the
    network the player who joins deals it, and the host starts."""
    assert FIRST_DEALER == 1
    state = new_game(seed=5)
    assert state.dealer == FIRST_DEALER and state.current == 0  # seat 0 starts
    assert first_deal_words(0, "the computer") == "The computer deals the first hand of a match, so you start"
    assert first_deal_words(0, "Ann") == "Ann deals the first hand of a match, so you start"
    assert first_deal_words(1, "Bob") == "You deal the first hand of a match, so Bob starts"
    said = " ".join(Rules().describe(first_deal_words(0, "the computer")))
    assert "The computer deals the first hand of a match, so you start; then the deal alternates every hand." in said
    said = " ".join(PRESETS["classic"].describe(first_deal_words(1, "Bob")))
    assert "You deal the first hand of a match, so Bob starts; then the winner of a hand deals the next one" in said
    assert "The deal alternates every hand." in Rules().describe()  # nobody to name


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_keys_are_those_of_the_rules_in_play(preset):
    """The sheet listed "t / p take the upcard / pass" in multiplayer-1.5, which has no upcard
    offer, and "b" Big Gin in the presets without it."""
    rules = PRESETS[preset]
    text = flat(sheet(rules))
    keys = text[text.index("Keys "):]
    assert ("t / p take the upcard / pass" in keys) == rules.upcard_offer, keys
    # nor what d does at an upcard offer there ("(at the upcard offer, the upcard, as t)")
    assert ("upcard" in keys) == rules.upcard_offer, keys
    if rules.big_gin:
        assert "k / g / b knock / gin / Big Gin (when allowed)" in keys
    else:
        assert "k / g knock / gin (when allowed)" in keys and "Big Gin" not in text
    gin_only = flat(sheet(rules.with_options(knock_limit=0, oklahoma=False)))
    gin_keys = gin_only[gin_only.index("Keys "):]
    assert ("g / b gin / Big Gin" if rules.big_gin else "g gin (when allowed)") in gin_keys, gin_keys
    assert "knock /" not in gin_keys
    # a knock where the hand could go gin is refused once: the sheet said so of the discard alone
    assert "(when allowed); where gin is possible k asks first: g goes gin, k again knocks" in keys, keys
    assert "k twice" not in gin_keys


def test_the_sheets_line_on_f2_names_every_setting_of_f2():
    """The sheet said "F2 settings: rules, opponent, pause, suits, mouse, theme", and F2 has
    one-click discard too: the line is made of what the form's fields set."""
    from ginrummy_tui.tui.screens.settings_screen import FIELD_WORDS

    keys = flat(sheet(PRESETS["standard"], width=200))
    line = keys[keys.index("F2 settings: "):keys.index(" F3 ")]
    assert "one-click discard" in line, line
    assert line == "F2 settings: " + ", ".join(FIELD_WORDS.values()), line


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_sheet_fits_80_columns_in_ascii(preset):
    text = sheet(PRESETS[preset], width=76, ascii_only=True, first_deal=first_deal_words(0, "the computer"))
    assert text.isascii()
    assert all(len(line.rstrip()) <= 76 for line in text.splitlines())
    assert "Layoffs chain (8S then 9S onto 5S 6S 7S)" in flat(text)


async def test_the_sheet_in_the_app_names_who_deals_first():
    app = make_app(rules="multiplayer-1.5", seed=1, pause=0)
    async with app.run_test(size=(100, 90)) as pilot:
        await settle(app, pilot)
        await pilot.press("question_mark")
        await settle(app, pilot)
        assert isinstance(app.screen, RulesScreen)
        text = flat(screen_text(app).replace("│", " "))
        assert "The computer deals the first hand of a match, so you start; then the deal alternates" in text
        assert "take the upcard / pass" not in text and "k / g / b knock / gin / Big Gin" in text


class OtherPlayerSession(Session):
    """A session whose other player, Ann, plays elsewhere (as over the network)."""

    opponent_name = "Ann"

    def __init__(self, seat: int) -> None:
        self.state = scenarios.knock_ready()
        self.seat = seat

    def view(self):
        return view(self.state, self.seat)


@pytest.mark.parametrize("seat", [0, 1])
async def test_over_the_network_the_sheet_names_the_other_player(seat):
    app = make_app(session=OtherPlayerSession(seat), pause=0)
    async with app.run_test(size=(100, 90)) as pilot:
        await settle(app, pilot)
        await pilot.press("question_mark")
        await settle(app, pilot)
        text = flat(screen_text(app).replace("│", " "))
        said = "You deal the first hand of this match, so Ann starts" if seat else "Ann deals the first hand of this match, so you start"
        assert said in text, text
        assert "computer deals" not in text
        # no key the game refuses over the network: the review (r, ⏎ on the score table) and the replay (a)
        assert "c score table: every hand of the match" in text, text
        assert "review" not in text and "replay" not in text, text


def test_against_the_computer_the_sheet_lists_the_review_and_the_replay():
    text = flat(sheet(PRESETS["standard"]))
    assert "c score table: ↑/↓ pick a finished hand, ⏎ reviews it (on the result, r)" in text
    assert "r / a after a hand: review your decisions / replay the deal" in text


def test_the_sheet_says_gin_cannot_be_undercut():
    # the sheet said "no layoffs against gin" but not that gin cannot be undercut (SPEC §1)
    text = flat(sheet(Rules()))
    assert "Gin (no deadwood) scores 25 + the defender's deadwood and cannot be undercut; no layoffs against gin." in text
    text = flat(sheet(PRESETS["multiplayer-1.5"]))
    assert "Big Gin: all 11 cards melded, knock without discarding: 31 + the defender's deadwood and cannot be undercut." in text
    assert "undercut" not in flat(sheet(Rules().with_options(knock_limit=0)))  # only gin ends a hand: nothing to undercut


@pytest.mark.parametrize(("up", "limit", "times", "said"), [
    ("QD", 10, 1, "This hand: knock at 10 or less (upcard Q♦)"),
    ("AS", 0, 2, "This hand: gin only, scores ×2 (upcard A♠)"),
])
async def test_the_oklahoma_sheet_says_the_terms_of_the_hand_in_play(up, limit, times, said):
    """The sheet said "Rules in play: oklahoma" and how an upcard sets a hand's terms, but not
    those of the hand in play: it says them, under its heading."""
    from dataclasses import replace

    from ginrummy_tui.engine.cards import card

    s = new_game(PRESETS["oklahoma"], seed=1)
    dealt = s.discard[-1]
    # the upcard swapped with a card of the stock: the deal as if it had been dealt so
    stock = tuple(dealt if c == card(up) else c for c in s.stock)
    hands = tuple(tuple(dealt if c == card(up) else c for c in h) for h in s.hands)
    s = replace(s, stock=stock, hands=hands, discard=(card(up),), knock_limit=limit, multiplier=times)
    app = make_app(state=s, pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        lines = [line.strip(" │") for line in screen_text(app).splitlines()]
        at = lines.index("Rules in play: oklahoma")
        assert lines[at + 1] == said, lines
    assert "This hand" not in sheet(PRESETS["oklahoma"])  # none given: no hand in play


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_sheet_says_how_the_game_is_played_before_the_rules_of_the_preset(preset):
    """The sheet opened on the advanced rules (the knock limit, layoffs, the knocker's layout
    blocking a layoff), and said what a meld and deadwood are only two pages down: the basics
    come first (the aim, melds, deadwood, a turn), then the rules of the preset in play."""
    rules = PRESETS[preset]
    text = flat(sheet(rules))
    basics = text.index("How Gin Rummy is played")
    detail = text.index("These rules in detail")
    assert text.startswith(f"Rules in play: {preset}") and basics < detail
    for said in ("The aim: make melds", "Melds: a set, 3 or 4 cards of one rank", "Deadwood counts aces 1",
                 "A turn: draw the top card", "Ending a hand:", "The deal: 10 cards each"):
        assert basics < text.index(said) < detail, said
    assert detail < text.index(flat(rules.describe()[0])) < text.index("Keys ")
    for advanced in ("lays off", "Undercut", "knocker's melds are laid out", "Knock limit:"):
        assert advanced not in text[:detail], advanced


@pytest.mark.parametrize("size", [(80, 24), (46, 21)])
@pytest.mark.parametrize("preset", list(PRESETS))
async def test_the_sheet_opens_on_how_the_game_is_played(preset, size):
    app = make_app(rules=preset, seed=2, pause=0)
    async with app.run_test(size=size) as pilot:
        await settle(app, pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        text = flat("".join(c if c not in "│▁▂▃▄▅▆▇█" else " " for c in screen_text(app)))  # the box, the scroll bar
        assert f"Rules in play: {preset}" in text and "How Gin Rummy is played • The aim: make melds" in text, text
        if size == (80, 24):  # the whole of the basics, and the heading of the preset's rules under them
            assert "A turn: draw" in text and "The deal:" in text and "These rules in detail" in text, text
        assert "lays off" not in text and "knocker's melds are laid out" not in text, text



@pytest.mark.parametrize("asked", [None, "full"])
def test_the_screens_scroll_at_once_unless_textual_s_animations_are_asked_for(monkeypatch, asked):
    """End on the help (and on the rule sheet, the statistics, the settings) scrolled there in
    Textual's steps: in a terminal the screen showed the lines on the way for about 0.8 s after
    the key. Nothing is animated unless TEXTUAL_ANIMATIONS asks."""
    if asked is None:
        monkeypatch.delenv("TEXTUAL_ANIMATIONS", raising=False)
    else:
        monkeypatch.setenv("TEXTUAL_ANIMATIONS", asked)
    app = make_app(seed=1, pause=0)
    assert app.animation_level == ("none" if asked is None else asked)
