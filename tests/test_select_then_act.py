"""The mouse selects, then acts (issue 13): a mis-click never throws a knock or a gin away.

A click on a card lifts it (selected, drawn one line higher); a second click
on it, or the Discard button, throws it; Knock with 7♥ / Gin with 7♥ appear
when the card the player selected allows them, else name the card that does
(the one leaving the least deadwood; a card the game selected, as the one
just drawn, is named by Knock only where none leaves less); k and g play what
their buttons name.  The setting "one-click discard" keeps the
fast mode.  Keys play as before.
"""

from __future__ import annotations

from ginrummy_tui.engine import Action, Kind
from ginrummy_tui.engine.cards import card
from ginrummy_tui.tui import scenarios
from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.widgets.action_bar import ActionBar
from ginrummy_tui.tui.widgets.hand import KEYS, HandView
from ginrummy_tui.tui.widgets.prompt import PromptLine

from .app_helpers import settle
from .test_tui import card_offset, click_button

SIZE = (80, 24)


def _hand(app) -> HandView:
    return app.table.query_one(HandView)


def _labels(app) -> dict[str, str]:
    return app.table.query_one(ActionBar).labels


def _prompt(app) -> str:
    return app.table.query_one(PromptLine).plain


async def _drawn(app, pilot) -> None:
    """knock_ready: draw the A♠ (then K♦ knocks with 1; A♠ would knock with 10)."""
    await settle(app, pilot)
    await pilot.click("#stock")
    await settle(app, pilot)


async def test_a_click_selects_and_lifts_the_second_click_throws():
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await _drawn(app, pilot)
        s = app.session.state
        c = card("2C")
        await pilot.click(HandView, offset=card_offset(app, c))
        await pilot.pause()
        assert app.session.state is s  # nothing thrown
        hand = _hand(app)
        assert hand.selected is c and hand.chosen
        assert _labels(app)["discard"] == "Discard 2♣ (⏎)"
        # 2♣ does not allow a knock: the button names the card that knocks with least, as the prompt does
        assert _labels(app)["knock"] == "Knock with K♦ (k)"
        assert _prompt(app).endswith("— or knock with K♦ (k)."), _prompt(app)
        # the lifted card sits one line higher than the others
        lines = [t.plain for t in hand.render().renderables]
        i = hand.cards.index(c)
        x = i * (hand.card_width(hand.size.width) + 1)
        assert lines[0][x] in "╔┏┌" and lines[3][x] == "▲"
        other = x + hand.card_width(hand.size.width) + 1
        assert lines[0][other] == " " and lines[1][other] in "╔┌"
        # moving the mouse over other cards does not move the selection
        await pilot.hover(HandView, offset=card_offset(app, card("KD")))
        await pilot.pause()
        assert hand.selected is c
        await pilot.click(HandView, offset=card_offset(app, c))
        await settle(app, pilot)
        assert c not in app.session.state.hands[0]
        # once it is thrown nothing is lifted: the card now under the cursor sits with the others
        assert not hand.chosen
        lines = [t.plain for t in hand.render().renderables]
        assert "▲" not in "".join(lines) and "▼" in lines[0]


async def test_knock_with_the_chosen_card_by_its_button():
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await _drawn(app, pilot)
        await pilot.click(HandView, offset=card_offset(app, card("KD")))
        await pilot.pause()
        assert _labels(app)["knock"] == "Knock with K♦ (k)" and _labels(app)["discard"] == "Discard K♦ (⏎)"
        await click_button(app, pilot, "knock")
        await settle(app, pilot)
        s = app.session.state
        assert s.phase == "hand_over" and s.history[-1].action.card == card("KD")


async def test_k_on_a_card_that_cannot_knock_knocks_with_the_card_its_button_names():
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await _drawn(app, pilot)
        await pilot.press(KEYS[_hand(app).cards.index(card("3C"))])  # in a meld: it cannot knock
        await pilot.pause()
        assert _hand(app).selected is card("3C")
        assert _labels(app)["knock"] == "Knock with K♦ (k)"
        await pilot.press("k")
        await settle(app, pilot)
        assert app.session.state.history[-1].action == Action(Kind.KNOCK, card("KD"))


async def test_keys_play_as_before():
    """s then k knocks with the K♦, which leaves 1, though the A♠ just drawn is selected and
    may knock (with 10): the game selected it, the player did not choose it to knock with."""
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("s")  # the drawn A♠ is selected, not chosen: k knocks with the best card, K♦
        await settle(app, pilot)
        hand = _hand(app)
        assert hand.selected is card("AS") and not hand.chosen
        assert _labels(app)["knock"] == "Knock with K♦ (k)"
        assert _prompt(app).endswith("— or knock with K♦ (k)."), _prompt(app)
        await pilot.press("k")
        await settle(app, pilot)
        assert app.session.state.history[-1].action == Action(Kind.KNOCK, card("KD"))


async def test_k_knocks_with_the_card_drawn_once_the_player_chooses_it():
    """The A♠ drawn and selected by the game, then chosen by its number key (after → and ←
    alike): Knock, the prompt and k name it and knock with it, leaving 10."""
    for keys in (("key",), ("right", "left")):
        app = make_app(state=scenarios.knock_ready(), pause=0)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            await pilot.press("s")
            await settle(app, pilot)
            hand = _hand(app)
            assert hand.selected is card("AS")
            await pilot.press(*(KEYS[hand.cards.index(card("AS"))] if k == "key" else k for k in keys))
            await pilot.pause()
            assert hand.selected is card("AS") and hand.chosen
            assert _labels(app)["knock"] == "Knock with A♠ (k)", keys
            assert _prompt(app).endswith("— or knock with A♠ (k)."), _prompt(app)
            await pilot.press("k")
            await settle(app, pilot)
            assert app.session.state.history[-1].action == Action(Kind.KNOCK, card("AS")), keys


async def test_one_click_discard_keeps_the_fast_mode():
    app = make_app(state=scenarios.knock_ready(), pause=0, one_click=True)
    async with app.run_test(size=SIZE) as pilot:
        await _drawn(app, pilot)
        await pilot.click(HandView, offset=card_offset(app, card("2C")))
        await settle(app, pilot)
        assert card("2C") not in app.session.state.hands[0]  # thrown at once


async def test_the_setting_switches_the_mode_at_once(tmp_path):
    from ginrummy_tui.storage.config import Settings, load_settings, save_settings
    from ginrummy_tui.tui.screens.settings_screen import set_one_click

    save_settings(tmp_path, Settings(one_click=True))
    assert load_settings(tmp_path).settings.one_click
    assert "one_click" not in Settings().to_dict()  # an older file is written back as it was
    app = make_app(state=scenarios.knock_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await _drawn(app, pilot)
        set_one_click(app, True)
        await pilot.click(HandView, offset=card_offset(app, card("2C")))
        await settle(app, pilot)
        assert card("2C") not in app.session.state.hands[0]


async def test_a_refusal_goes_once_another_card_is_selected():
    """The refusal of ⏎ on K♦, which goes gin, speaks of K♦: selecting the 2♣ takes it down,
    and the prompt speaks of the 2♣ (it said "that discard goes gin" beside the new selection)."""
    app = make_app(state=scenarios.gin_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await _drawn(app, pilot)
        hand = _hand(app)
        king, two = KEYS[hand.cards.index(card("KD"))], KEYS[hand.cards.index(card("2C"))]
        await pilot.press(king, "enter")
        await pilot.pause()
        assert _prompt(app).startswith("✗ That discard goes gin"), _prompt(app)
        await pilot.press(king)  # the same card again: the refusal still applies
        await pilot.pause()
        assert _prompt(app).startswith("✗ That discard goes gin"), _prompt(app)
        await pilot.press(two)
        await pilot.pause()
        assert "✗" not in _prompt(app) and "go gin with K♦" in _prompt(app), _prompt(app)
        await pilot.press(king, "enter")  # refused again on K♦, then the arrow moves the selection
        await pilot.pause()
        assert _prompt(app).startswith("✗")
        await pilot.press("right")
        await pilot.pause()
        assert "✗" not in _prompt(app), _prompt(app)


async def test_k_on_a_card_that_goes_gin_says_g_plays_gin():
    """gin_ready: K♦ selected goes gin; k says so, how, and what a second k knocks with
    (it said "You cannot knock with K♦: select 2♣ or 5♣, then k", as if K♦ were a poor card)."""
    app = make_app(state=scenarios.gin_ready(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await _drawn(app, pilot)
        hand = _hand(app)
        await pilot.press(KEYS[hand.cards.index(card("KD"))])
        s = app.session.state
        await pilot.press("k")
        await pilot.pause()
        assert app.session.state is s
        assert _labels(app)["knock"] == "Knock with 5♣ (k)"
        assert _prompt(app).startswith("✗ K♦ goes gin, not a knock: g plays gin; k again knocks with 5♣."), _prompt(app)
        await pilot.press("g")
        await settle(app, pilot)
        assert app.session.state.result.kind == "gin"


async def test_k_right_after_the_draw_is_refused_once_while_gin_is_there():
    """gin_ready: right after the draw the drawn card is selected (not chosen); the hand can
    go gin with K♦.  k names the gin and the card it would knock with and plays nothing; a
    second k knocks with that card (one k threw the gin away unsaid)."""
    app = make_app(state=scenarios.gin_ready(), pause=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("s")
        await settle(app, pilot)
        assert not _hand(app).chosen
        knock = _labels(app)["knock"]
        assert knock.startswith("Knock with ") and _labels(app)["gin"] == "Gin with K♦ (g)"
        with_card = knock.removeprefix("Knock with ").removesuffix(" (k)")
        s = app.session.state
        await pilot.press("k")
        await settle(app, pilot)
        assert app.session.state is s
        assert f"✗ You can go gin with K♦: g plays gin; k again knocks with {with_card}" in _prompt(app), _prompt(app)
        await pilot.press("k")
        await settle(app, pilot)
        result = app.session.state.result
        assert result is not None and result.kind == "knock"


async def test_the_knock_button_is_refused_once_while_gin_is_there():
    app = make_app(state=scenarios.gin_ready(), pause=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("s")
        await settle(app, pilot)
        s = app.session.state
        await click_button(app, pilot, "knock")
        assert app.session.state is s
        assert "✗ You can go gin with K♦: g plays gin; Knock again knocks with" in _prompt(app), _prompt(app)
        await click_button(app, pilot, "knock")
        result = app.session.state.result
        assert result is not None and result.kind == "knock"


async def test_one_click_knocks_with_the_card_the_mouse_points_at():
    """With one-click discard a click throws, so the card to knock with is the one under the
    mouse: before the mouse moves, the K♦ (which leaves least) though the A♠ drawn is selected;
    pointing at 2♣, which does not allow a knock, still the K♦; pointing at A♠ (which knocks
    with 10) names it in place of the K♦, and a click on the button knocks with it."""
    app = make_app(state=scenarios.knock_ready(), pause=0, one_click=True)
    async with app.run_test(size=SIZE) as pilot:
        await _drawn(app, pilot)
        assert _labels(app)["knock"] == "Knock with K♦ (k)"  # nothing pointed at yet: the least deadwood
        await pilot.hover(HandView, offset=card_offset(app, card("2C")))
        await pilot.pause()
        assert _labels(app)["knock"] == "Knock with K♦ (k)"
        await pilot.hover(HandView, offset=card_offset(app, card("AS")))
        await pilot.pause()
        assert _labels(app)["knock"] == "Knock with A♠ (k)"
        await click_button(app, pilot, "knock")
        move = app.session.state.history[-1]
        assert move.action.kind == Kind.KNOCK and move.card == card("AS")


# A hand of three sets and a 4♥ (one of its four eights spare): thrown, the 4♥ goes gin, and
# any eight, the 8♣ selected among them, knocks with 4.
GIN_OR_KNOCK = "AS 8S AH 3H 4H 8H AD 3D 8D 3C"
OTHERS = "2S 5S 6S 7S 9S TS JS QS KS 2H"


def _gin_or_knock(draw: str):
    """The hand above, its 11th card (the 8♣ of the stock, or the 3♦ of the pile) to draw."""
    if draw == "stock":
        return scenarios.arranged(GIN_OR_KNOCK, OTHERS, stock_top="8C", discard="JD")
    return scenarios.arranged(GIN_OR_KNOCK.replace("3D", "8C"), OTHERS, discard="JD 3D")


def _offers(app) -> tuple[dict[str, str], str, bool | None, bool | None]:
    """What the table offers for the selection: the buttons, the prompt, and whether k and g are bright."""
    table = app.table
    return _labels(app), _prompt(app), table.check_action("knock", ()), table.check_action("gin", ())


async def test_the_same_selection_offers_the_same_moves_whatever_led_to_it():
    """The 8♣ just drawn from the stock is selected: Discard 8♣, Knock with 8♣ (it may knock:
    the button named the 8♠, another eight) and Gin with 4♥.  ← then → select the 8♣ again, on
    purpose: the same buttons, prompt and keys (the Gin button, the prompt's gin and a bright
    g went, as if the hand could no longer go gin); and g goes gin with 4♥, as its button says
    (it said "You cannot go gin with 8♠: select 4♥, then g")."""
    app = make_app(state=_gin_or_knock("stock"), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("s")
        await settle(app, pilot)
        assert _hand(app).selected is card("8C")
        fresh = _offers(app)
        assert fresh[0] == {"discard": "Discard 8♣ (⏎)", "knock": "Knock with 8♣ (k)", "gin": "Gin with 4♥ (g)"}
        assert fresh[1].endswith("— or go gin with 4♥ (g)."), fresh[1]
        assert fresh[2:] == (True, True)
        await pilot.press("left", "right")
        await pilot.pause()
        assert _hand(app).selected is card("8C") and _hand(app).chosen
        assert _offers(app) == fresh
        await pilot.press("g")
        await settle(app, pilot)
        s = app.session.state
        assert s.result is not None and s.result.kind == "gin" and s.history[-1].action.card == card("4H")


async def test_a_card_that_cannot_knock_or_go_gin_names_the_cards_that_do_on_both_paths():
    """After taking the 3♦ (it cannot be thrown back): with the 4♥, which goes gin, selected the
    Knock button names the best card to knock with; with the 3♦ selected, which does neither,
    Knock and Gin name the cards that do, whether the 3♦ was reached by the keys or not."""
    app = make_app(state=_gin_or_knock("pile"), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        await pilot.press("d")
        await settle(app, pilot)
        hand = _hand(app)
        assert hand.selected is card("4H") and not hand.chosen  # the throw that leaves least: gin
        assert _labels(app) == {"discard": "Discard 4♥ (⏎)", "knock": "Knock with 8♠ (k)", "gin": "Gin with 4♥ (g)"}
        await pilot.press(KEYS[hand.cards.index(card("3D"))])
        await pilot.pause()
        chosen = _offers(app)
        assert chosen[0] == {"knock": "Knock with 8♠ (k)", "gin": "Gin with 4♥ (g)"}, chosen
        assert chosen[2:] == (True, True)
        hand.chosen = False  # the same card, not picked on purpose (as a resumed match may bring it)
        app.table._update_details()
        await pilot.pause()
        assert _offers(app) == chosen
        await pilot.press("k")  # the knock is refused once while gin is there, naming both cards
        await pilot.pause()
        assert "You can go gin with 4♥: g plays gin; k again knocks with 8♠" in _prompt(app), _prompt(app)
        await pilot.press("k")
        await settle(app, pilot)
        s = app.session.state
        assert s.result is not None and s.result.knocker == 0 and s.history[-1].action == Action(Kind.KNOCK, card("8S"))


# The 8♥ on the pile makes a set of the 8♠ and 8♣; of the rest the K♦ is the best throw.
EIGHTS = "8S 8C 3H 4H 5H KD 2S 7D 9C 4S"
EIGHTS_OTHERS = "2H 5S 6S 7S 9S TS JS QS KS 2C"


def _eights():
    return scenarios.arranged(EIGHTS, EIGHTS_OTHERS, discard="JD 8H")


async def test_after_taking_the_discard_the_best_throw_is_selected():
    """The 8♣ selected, the 8♥ taken from the pile: the selection goes to the K♦, the card
    whose throw leaves least (the deadwood line's "K♦ leaves 22"), not lifted; it stayed on
    the 8♣, and ⏎ threw it, breaking the set just made."""
    from ginrummy_tui.tui import table_text as tt

    app = make_app(state=_eights(), pause=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        hand = _hand(app)
        await pilot.press(KEYS[hand.cards.index(card("8C"))])
        await pilot.press("d")
        await settle(app, pilot)
        assert hand.selected is card("KD") and not hand.chosen
        assert tt.best_throw(app.table.v) is card("KD")
        assert _labels(app) == {"discard": "Discard K♦ (⏎)"}
        await pilot.press("enter")
        await settle(app, pilot)
        mine = [m for m in app.session.state.history if m.seat == 0]
        assert mine[-1].action == Action(Kind.DISCARD, card("KD"))
        assert {card("8S"), card("8H"), card("8C")} <= set(app.session.state.hands[0])


async def test_a_click_on_the_pile_selects_the_best_throw_in_both_mouse_modes():
    """The same by the mouse, a click selecting or (one-click discard) throwing: the 8♥ taken by
    a click on the pile, the K♦ is selected, not the 8♣ clicked before the draw."""
    for one_click in (False, True):
        app = make_app(state=_eights(), pause=0, one_click=one_click)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app, pilot)
            hand = _hand(app)
            await pilot.click(HandView, offset=card_offset(app, card("8C")))  # selected (before the draw, not thrown)
            await pilot.click("#pile")
            await settle(app, pilot)
            assert card("8H") in app.session.state.hands[0]
            assert hand.selected is card("KD") and not hand.chosen, (one_click, hand.selected)
            assert _labels(app)["discard"] == "Discard K♦ (⏎)"


def test_of_throws_leaving_as_little_the_best_is_the_card_fewest_others_meld_with():
    """10♥ and K♣ both leave 30 after taking the J♥ (and Q♦ too); the 10♥ sits beside the J♥, so
    it may yet make a run of them, while nothing held goes with the K♣ or the Q♦.  The first
    of the hand, the 10♥, was selected and named."""
    from types import SimpleNamespace

    from ginrummy_tui.tui import table_text as tt

    hand = [card(c) for c in "TH JH KC QD AS 2S 3S 4D 4C 4H 4S".split()]
    view = SimpleNamespace(hand=hand, taken=card("JH"))
    assert {tt._without(hand, c) for c in (card("TH"), card("KC"), card("QD"))} == {30}
    assert tt.best_throw(view) is card("KC")  # type: ignore[arg-type]


async def _drag(app, pilot, start, end) -> None:
    """Press the mouse on card ``start`` of the hand, move it, and let go on card ``end``, as a
    terminal sends them (the app makes the ``Click`` of a press and release on one widget)."""
    from textual import events

    hand = _hand(app)
    (x0, y0), (x1, y1) = ((hand.region.x + dx, hand.region.y + dy) for dx, dy in (card_offset(app, start), card_offset(app, end)))
    for kind, x, y in ((events.MouseDown, x0, y0), (events.MouseMove, x1, y1), (events.MouseUp, x1, y1)):
        button = 0 if kind is events.MouseMove else 1
        app.post_message(kind(None, x, y, 0, 0, button, False, False, False, screen_x=x, screen_y=y))
        await pilot.pause()
    await settle(app, pilot)


async def test_a_card_dragged_onto_another_throws_neither_and_says_cards_are_not_dragged():
    """With one-click discard a press on 2♣ let go on A♠ threw the A♠, the card under the release;
    by default, with the A♠ lifted, the same drag threw it.  A drag plays nothing and says so."""
    for one_click in (True, False):
        app = make_app(state=scenarios.knock_ready(), pause=0, one_click=one_click)
        async with app.run_test(size=SIZE) as pilot:
            await _drawn(app, pilot)
            if not one_click:
                await pilot.click(HandView, offset=card_offset(app, card("AS")))  # lifted: a click on it throws it
                await pilot.pause()
            s = app.session.state
            await _drag(app, pilot, card("2C"), card("AS"))
            assert app.session.state is s, one_click  # nothing thrown
            assert card("AS") in s.hands[0] and card("2C") in s.hands[0]
            click = "click a card to throw it" if one_click else "click a card to lift it, again to throw it"
            assert app.table.refusal == f"cards are not dragged: {click}"
            for _ in range(1 if one_click else 2):  # clicks play as before
                await pilot.click(HandView, offset=card_offset(app, card("2C")))
            await settle(app, pilot)
            assert card("2C") not in app.session.state.hands[0], one_click
