"""The review of a hand: the player's decisions where the expert would have
chosen differently, with an estimated cost, most costly first."""

import math
import re
from dataclasses import replace

import pytest

from ginrummy_tui.ai import get_opponent
from ginrummy_tui.ai.review import HandReview, replay_history, review_hand, review_moves
from ginrummy_tui.engine import (
    DECK,
    PRESETS,
    apply,
    deal_hand,
    legal_actions,
    new_game,
    parse_action,
    parse_cards,
    validate,
    view,
)
from ginrummy_tui.engine.kinds import Kind
from ginrummy_tui.engine.melds import best_melds


def _made(p0: str, p1: str, upcard: str, stock_top_first: str):
    h0, h1, up, top = parse_cards(p0), parse_cards(p1), parse_cards(upcard)[0], parse_cards(stock_top_first)
    used = set(h0) | set(h1) | {up} | set(top)
    stock = tuple(c for c in DECK if c not in used) + tuple(reversed(top))
    s = replace(new_game(seed=0), hands=(tuple(sorted(h0)), tuple(sorted(h1))), discard=(up,), stock=stock)
    validate(s)
    return s


# Seat 0 holds 7♠7♥7♦ 3♣4♣5♣ J♥ K♥ 2♦ 9♦.  It breaks its set of sevens on
# turn 1 (discarding 7♠ when K♥ leaves 21 deadwood), gets the set back with
# 7♣, then draws Q♥ for gin with 2♦ -- and throws 7♣ instead.
HAND = dict(
    p0="7S 7H 7D 3C 4C 5C JH KH 2D 9D",
    p1="AS 2S 3S 6S QC TS 8D KD JC 9H",
    upcard="QS",
    stock_top_first="6C 4H 7C 5S QH",
)
MOVES = [
    "pass", "pass",
    "draw stock", "discard 7S",       # turn 1: the set of sevens broken
    "draw stock", "discard 4H",
    "draw stock", "discard 9D",       # turn 2
    "draw stock", "discard 5S",
    "draw stock", "discard 7C",       # turn 3: gin missed
]  # fmt: skip


@pytest.fixture(scope="module")
def review() -> HandReview:
    steps = replay_history(_made(**HAND), MOVES)
    return review_moves(steps, 0, samples=32)


def test_the_known_mistakes_are_listed_in_the_order_of_play_with_their_costs(review):
    # pass, and a draw and a discard on each of 3 turns, less the first draw: once both passed on
    # the upcard the stock is the only draw allowed, no decision ("7 decisions; the expert would
    # have made 7 of them the same way" where only 6 were choices)
    assert review.decisions == 6
    by_cost = sorted(review.mistakes, key=lambda m: -m.cost)
    first, second = by_cost[:2]
    assert (first.turn, first.played, first.suggested) == (3, parse_action("discard 7C"), parse_action("gin 2D"))
    assert first.deadwood == (16, 0)
    assert (second.turn, second.played) == (1, parse_action("discard 7S"))
    assert second.suggested.card not in parse_cards("7S 7H 7D 3C 4C 5C 6C")
    assert second.deadwood[0] == 45 and second.deadwood[1] <= 22
    assert first.cost > second.cost > 3
    # nothing else costs as much as the two known mistakes
    assert all(m.cost < second.cost for m in by_cost[2:])
    assert set(review.costly(second.cost)) == {first, second}
    # in the order they were made: the list jumped from turn to turn by cost,
    # a turn's discard before its draw
    assert [m.index for m in review.mistakes] == sorted(m.index for m in review.mistakes)
    assert review.mistakes[0] == second and review.mistakes[-1] == first


def test_decisions_the_expert_agrees_with_are_not_listed(review):
    listed = {m.index for m in review.mistakes}
    assert 0 not in listed  # passing on Q♠, which melds with nothing
    assert 2 not in listed  # the forced draw from the stock
    assert review.agreed == review.decisions - len(review.mistakes)
    expert = get_opponent("expert", 0)
    steps = replay_history(_made(**HAND), MOVES)
    for m in review.mistakes:
        before, move = steps[m.index]
        assert move.seat == 0 and move.action == m.played
        assert m.suggested == expert.choose(view(before, 0)) != m.played


def test_the_review_reads_well(review):
    first = review.mistakes[-1]  # the gin missed on turn 3, the last
    assert first.summary() == "Turn 3: you discarded 7♣ (16 deadwood); the expert would have gone gin with 2♦ (0)."
    assert first.summary(ascii_only=True).endswith("gone gin with 2D (0).")
    assert first.reason.startswith("Gin with 2♦")
    assert first.cost_text().startswith("about ") and first.cost_text().endswith(" points")


def test_each_difference_shows_the_hand_as_it_was_then_melds_first(review):
    """The review named the cards of each decision but not the hand they were chosen from,
    which the player could no longer see: each difference shows it, as the least-deadwood
    split shows it (melds in brackets, then the loose cards by rank)."""
    from rich.console import Console

    from ginrummy_tui.tui.screens.review_screen import review_renderable

    steps = replay_history(_made(**HAND), MOVES)
    for m in review.mistakes:
        assert m.hand == steps[m.index][0].hands[0]  # the player's cards before the move
    gin_missed, broken = review.mistakes[-1], review.mistakes[0]
    assert len(gin_missed.hand) == 11 and len(broken.hand) == 11
    console = Console(width=200, record=True, color_system=None)
    console.print(review_renderable(review))
    lines = console.export_text().splitlines()
    # turn 1, 7♠ thrown from the set of sevens, with the upcard's pass and the draw of 6♣ behind it
    at = next(i for i, line in enumerate(lines) if "Turn 1: you discarded 7♠" in line)
    assert lines[at + 1].strip() == "You held [3♣ 4♣ 5♣ 6♣] [7♠ 7♥ 7♦] 2♦ 9♦ J♥ K♥"
    at = next(i for i, line in enumerate(lines) if "Turn 3: you discarded 7♣" in line)
    assert lines[at + 1].strip().startswith("You held [")
    assert "2♦" in lines[at + 1] and "7♣" in lines[at + 1]
    console = Console(width=200, record=True, color_system=None)
    console.print(review_renderable(review, ascii_only=True))
    assert "You held [3C 4C 5C 6C] [7S 7H 7D] 2D 9D JH KH" in console.export_text()


@pytest.mark.parametrize("columns", [46, 80])
async def test_a_meld_of_the_hand_held_is_never_broken_between_lines(review, columns):
    """At 46 columns "You held [3♣ 4♣ 5♣ 6♣] [7♥ 7♦ 7♣] [J♥ Q♥ K♥] 2♦" was wrapped at the
    spaces between the cards, "[J♥" on one line and "Q♥ K♥] 2♦" on the next: the line
    breaks between the melds and the loose cards, each meld whole on one line."""
    from rich.console import Console

    from ginrummy_tui.tui import scenarios
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.review_screen import ReviewScreen, keeper, review_renderable
    from ginrummy_tui.tui.widgets.cardfaces import meld_text

    from .app_helpers import screen_text, settle

    assert "[J♥ Q♥ K♥]" in {meld_text(m).plain for mistake in review.mistakes for m in best_melds(mistake.hand).melds}
    cards_only = re.compile(r"(\[?(10|[A2-9JQK])[♠♥♦♣]\]? ?)+")

    def held(text: str) -> list[list[str]]:
        """The hands held as the review shows them, each as its lines."""
        hands: list[list[str]] = []
        going_on = False
        for line in text.splitlines():
            line = re.sub(r"^\d+\. ", "", " ".join(line.replace("│", " ").split()))  # the difference's number
            if line.startswith("You held "):
                hands.append([line.removeprefix("You held ")])
            elif going_on and cards_only.fullmatch(line):
                hands[-1].append(line)
            else:
                going_on = False
                continue
            going_on = True
        return hands

    def check(hands: list[list[str]], width: int) -> None:
        assert len(hands) == len(review.mistakes), hands
        for rows in hands:  # each meld whole on its line: its brackets on one line
            assert all(row.count("[") == row.count("]") for row in rows), (width, hands)
            assert all(len(row) <= width for row in rows)

    console = Console(width=columns, record=True, color_system=None)
    console.print(review_renderable(review))
    check(held(console.export_text()), columns)
    # on the screen, in the review's frame
    app = make_app(state=scenarios.knocked(), pause=0)
    async with app.run_test(size=(columns, 120)) as pilot:
        await settle(app, pilot)
        key = ("a review", columns)
        keeper(app).begin(key)
        keeper(app).finish(key, review)
        await app.push_screen(ReviewScreen(key))
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.screen.ready
        shown = held(screen_text(app))
        check(shown, columns)
        if columns == 46:  # too long for a line there: broken between the melds
            assert ["[3♣ 4♣ 5♣ 6♣] [7♥ 7♦ 7♣]", "[J♥ Q♥ K♥] 2♦"] in shown, shown
        else:
            assert ["[3♣ 4♣ 5♣ 6♣] [7♥ 7♦ 7♣] [J♥ Q♥ K♥] 2♦"] in shown, shown


def test_a_cost_is_said_in_whole_points(review):
    """The review said "About 26.0 points lost" of a knock against waiting (and "about 6.5
    points" of the other differences), a decimal the estimate's standard error of several
    points does not bear: whole points, half a point up, one point singular."""
    from rich.console import Console

    from ginrummy_tui.tui.screens.review_screen import review_renderable

    m = review.mistakes[0]
    for cost, said in ((26.0, "about 26 points"), (6.5, "about 7 points"), (2.49, "about 2 points"),
                       (1.4, "about 1 point"), (0.5, "about 1 point"), (0.49, "about even")):
        assert replace(m, cost=cost).cost_text() == said
    knock = replace(m, played=parse_action("knock 5S"), suggested=parse_action("discard 5S"), cost=26.0)
    shown = replace(review, mistakes=(knock,))
    console = Console(width=400, record=True, color_system=None)
    console.print(review_renderable(shown))
    assert "waited. About 26 points lost." in console.export_text()


def test_review_is_deterministic_and_can_be_cancelled():
    steps = replay_history(_made(**HAND), MOVES)
    a = review_moves(steps, 0, samples=6)
    b = review_moves(steps, 0, samples=6)
    assert a == b
    stopped = review_moves(steps, 0, samples=6, cancelled=lambda: True)
    assert stopped.decisions == 0 and stopped.mistakes == ()


def test_review_hand_replays_a_real_hand_from_its_seed():
    s = new_game(seed=11)
    me, bot = get_opponent("easy", 3), get_opponent("standard", 0)
    choices = [0, 0]  # the moves of each seat made with more than one allowed
    while s.phase in ("upcard", "draw", "discard"):
        choices[s.current] += len([a for a in legal_actions(s) if a.kind != Kind.TIMEOUT]) > 1
        s = apply(s, (me if s.current == 0 else bot).choose(view(s, s.current)))
    r = review_hand(s, 0, samples=4)
    assert r.hand_no == 1 and r.decisions == choices[0]
    assert all(m.played == s.history[m.index].action for m in r.mistakes)
    # the computer's side can be reviewed too
    assert review_hand(s, 1, samples=2).decisions == choices[1]


def test_a_move_with_no_choice_is_no_decision():
    """Hand 3 of --ai expert --seed 3: both passed on the upcard, the hint said "Draw from the
    stock: it is the only draw allowed now.", and the review counted that draw: "7 decisions;
    the expert would have made 7 of them the same way" where only 6 were choices.  A forced
    move is neither counted nor listed; the choices' costs are those they were."""
    steps = replay_history(_made(**HAND), MOVES)
    forced = [i for i, (before, move) in enumerate(steps) if move.seat == 0 and before.stock_only]
    assert forced == [2]  # the first draw, after both passed
    review = review_moves(steps, 0, samples=6)
    assert review.decisions == len([m for _b, m in steps if m.seat == 0]) - 1
    assert all(m.index != 2 for m in review.mistakes)
    # an expert that would have drawn otherwise (it cannot): the forced draw is still no difference
    from ginrummy_tui.ai.hints import hint_expert

    expert = hint_expert(0)

    class Contrary:
        def choose(self, v):
            if v.stock_only:
                return parse_action("draw discard")
            return expert.choose(v)

    contrary = review_moves(steps, 0, samples=6, expert=Contrary())
    assert contrary == review


def test_a_hand_that_does_not_come_from_its_seed_is_refused():
    s = _made(**HAND)
    for a in MOVES[:4]:
        s = apply(s, parse_action(a))
    with pytest.raises(ValueError, match="does not replay"):
        review_hand(s)


def test_the_review_of_one_decision_says_it_in_the_singular(review):
    """"1 decisions; the expert would have made 1 of them the same way." after a pass
    that the computer's knock answered."""
    from rich.console import Console

    from ginrummy_tui.tui.screens.review_screen import review_renderable

    def headline(decisions: int, mistakes: tuple) -> str:
        review = HandReview(match_no=1, hand_no=1, seat=0, decisions=decisions, mistakes=mistakes, samples=60)
        console = Console(width=100, record=True, color_system=None)
        console.print(review_renderable(review))
        return console.export_text().splitlines()[1]

    assert headline(1, ()) == "1 decision; the expert would have made it the same way."
    other = review.mistakes[:1]
    assert headline(1, other) == "1 decision; the expert would have made it otherwise."
    assert headline(3, other) == "3 decisions; the expert would have made 2 of them the same way."


def test_the_headline_counts_the_choices_that_look_as_good_as_the_experts(review):
    """"the expert would have made 0 of them the same way" stood above a list whose
    choices all looked as good (a different choice at no estimated cost)."""
    from rich.console import Console

    from ginrummy_tui.tui.screens.review_screen import review_renderable

    def headline(decisions: int, mistakes: tuple) -> str:
        review = HandReview(match_no=1, hand_no=1, seat=0, decisions=decisions, mistakes=mistakes, samples=60)
        console = Console(width=200, record=True, color_system=None)
        console.print(review_renderable(review))
        return console.export_text().splitlines()[1]

    m = next(m for m in review.mistakes if not m.knock_only)
    good, even, costly = replace(m, cost=-2.0), replace(m, cost=0.3), replace(m, cost=4.0)
    assert good.cost_text() == "your choice looks as good" and even.cost_text() == "about even"
    assert headline(2, (good, even)) == (
        "2 decisions; the expert would have made 0 of them the same way, and 2 of yours look about as good."
    )
    assert headline(5, (good, costly)) == (
        "5 decisions; the expert would have made 3 of them the same way, and 1 more of yours looks about as good."
    )
    assert headline(1, (good,)) == "1 decision; the expert would have made it otherwise, but yours looks about as good."
    assert headline(3, (costly,)) == "3 decisions; the expert would have made 2 of them the same way."


def test_the_headline_says_better_of_the_choices_the_review_calls_better(review):
    """A choice the list says "looks about 16 points better" was counted in the
    headline among those that "look about as good"."""
    from rich.console import Console

    from ginrummy_tui.tui.screens.review_screen import review_renderable

    def headline(decisions: int, mistakes: tuple) -> str:
        review = HandReview(match_no=1, hand_no=1, seat=0, decisions=decisions, mistakes=mistakes, samples=60)
        console = Console(width=200, record=True, color_system=None)
        console.print(review_renderable(review))
        return console.export_text().splitlines()[1]

    m = next(m for m in review.mistakes if not m.knock_only)
    better, good, even = replace(m, cost=-16.0, error=1.0), replace(m, cost=-2.0), replace(m, cost=0.3)
    assert better.cost_text() == "your choice looks about 16 points better"
    assert headline(1, (better,)) == "1 decision; the expert would have made it otherwise, but yours looks better."
    assert headline(5, (better, even)) == (
        "5 decisions; the expert would have made 3 of them the same way, and 1 more of yours looks better, 1 about as good."
    )
    assert headline(3, (better, better, good)) == (
        "3 decisions; the expert would have made 0 of them the same way, and 2 of yours look better, 1 about as good."
    )
    assert headline(4, (better, better)) == (
        "4 decisions; the expert would have made 2 of them the same way, and 2 more of yours look better."
    )


OKLAHOMA_11_KNOCK = (
    "pass, pass, draw stock, discard KC, draw stock, discard QC, draw stock, discard JC, draw stock, discard KD, "
    "draw stock, discard QS, draw stock, discard TS, draw stock, discard 7C, draw stock, discard TC, "
    "draw stock, discard 6C, draw stock, discard 8C, draw stock, discard 8H, draw stock, discard 9S, "
    "draw stock, discard 6D, draw discard, discard 8S, draw stock, knock 5S"
).split(", ")
"""Oklahoma, seed 11: seat 0's moves to a knock with 5♠ where the expert would have waited."""


def test_a_knock_where_the_expert_would_have_waited_is_told_as_such():
    # Oklahoma, seed 11: the hint said to throw 5♠ and wait (a knock now "a loss of about 2");
    # the review of the knock said the expert would have "discarded 5♠ (5)" and "your choice
    # looks as good", by play-outs that knock whenever they can
    moves = OKLAHOMA_11_KNOCK
    review = review_moves(replay_history(new_game(PRESETS["oklahoma"], seed=11), moves), 0, samples=4)
    knock = next(m for m in review.mistakes if m.played == parse_action("knock 5S"))
    assert knock.suggested == parse_action("discard 5S")
    assert knock.summary() == (
        f"Turn {knock.turn}: you knocked with 5♠ (5 deadwood); the expert would have discarded 5♠ without knocking and waited."
    )
    assert knock.cost > 0.5 and knock.cost_text() == f"about {round(knock.cost)} points"
    # the reason quotes what the review found waiting gains, not what an undercut would score
    assert knock.reason.startswith("Don't knock: discard 5♠ and wait"), knock.reason
    assert "A knock now would lose about 2 points (doubled" in knock.reason, knock.reason
    assert knock.reason.endswith(f"; waiting gains {knock.cost_text()} more."), knock.reason
    assert "looks as good" not in knock.cost_text()


def test_a_knock_against_waiting_is_given_a_cost_from_play_outs_in_which_the_player_waits():
    # the review said "Not estimated, as the play-outs knock whenever they can" and listed
    # the difference last, with no cost
    from rich.console import Console

    from ginrummy_tui.ai.master import GUESS_WAITER_PRIOR, MasterOpponent, MasterParams
    from ginrummy_tui.ai.review import estimate_knock_cost
    from ginrummy_tui.tui.screens.review_screen import review_renderable

    steps = replay_history(new_game(PRESETS["oklahoma"], seed=11), OKLAHOMA_11_KNOCK)
    before, move = steps[-1]
    knock, wait = parse_action("knock 5S"), parse_action("discard 5S")
    assert move.action == knock
    cost = estimate_knock_cost(before, 0, knock, wait, deals=60, most=60, seed=3)
    # the same figure by hand: the mean over the guessed deals of waiting's points less the
    # knock's, in the hand's points (a spade upcard doubles them)
    v = view(before, 0)
    assert v.multiplier == 2
    guesser = MasterOpponent(3, MasterParams(condition=True, cond_prior=GUESS_WAITER_PRIOR))
    import random

    rng = random.Random(f"gin-tui-review-knock/3/{len(before.history)}")
    waiters = random.Random(f"gin-tui-review-waiters/3/{len(before.history)}")
    waited, knocked = guesser.playout_points(v, [wait, knock], rng, 60, cond_rng=waiters)
    assert cost == pytest.approx(2 * (sum(waited) - sum(knocked)) / 60)
    # the player lies in wait in those play-outs: waiting is not a knock a turn later
    assert sum(waited) != sum(knocked) and any(p >= 25 for p in waited)  # some gins or undercuts
    # waiting is estimated the better here, as the hint says; the knock is the costlier throw
    assert cost > 5
    # the other way round: waiting where the expert knocks costs as much the other way
    assert estimate_knock_cost(before, 0, wait, knock, deals=60, most=60, seed=3) == pytest.approx(-cost)
    # on the screen: a cost like the others', and where it comes from
    review = review_moves(steps, 0, samples=4, knock_deals=60)
    listed = next(m for m in review.mistakes if m.played == knock)
    assert review.mistakes[0] is listed  # the costliest
    console = Console(width=400, record=True, color_system=None)
    console.print(review_renderable(review))
    text = console.export_text()
    assert f"waited. About {round(listed.cost)} points lost." in text and "Not estimated" not in text
    assert "as the hints guess them; a knock against waiting likewise, your wait played out as the expert waits (to knock lower, or go gin)." in text


def test_a_knock_against_waiting_is_played_out_to_the_precision_of_the_other_costs():
    # it was played out on 120 deals, whatever its spread: in the first hand of seed 11
    # (standard against standard) the knock with 6♦ cost 11.7 points with a standard error
    # of 2.1, where the other costs are played out to within PRECISION
    from ginrummy_tui.ai.review import DEFAULT_SAMPLES, KNOCK_DEALS, MORE_SAMPLES, PRECISION, estimate_knock_cost_error

    s = new_game(seed=11)
    bot = get_opponent("standard", 0)
    while s.phase in ("upcard", "draw", "discard"):
        s = apply(s, bot.choose(view(s, s.current)))
    steps = replay_history(new_game(seed=11), [m.action for m in s.history])
    before, move = steps[-1]
    knock, wait = parse_action("knock 6D"), parse_action("discard 6D")
    assert move.action == knock and move.seat == 0
    cost, error = estimate_knock_cost_error(before, 0, knock, wait)
    assert 0 < error <= PRECISION and cost > 5
    # on 120 deals, or on the others' most, its standard error is above PRECISION: more were played out
    assert estimate_knock_cost_error(before, 0, knock, wait, most=120)[1] > 2 * PRECISION
    assert estimate_knock_cost_error(before, 0, knock, wait, most=DEFAULT_SAMPLES * MORE_SAMPLES)[1] > PRECISION
    assert KNOCK_DEALS > DEFAULT_SAMPLES * MORE_SAMPLES
    # the review gives that cost and error
    listed = next(m for m in review_moves(steps, 0).mistakes if m.played == knock)
    assert listed.suggested == wait and (listed.cost, listed.error) == (round(cost, 2), round(error, 2))


def test_a_knock_against_waiting_costs_the_same_whichever_of_two_equivalent_cards_is_named():
    # standard rules, seed 106 (standard on seat 0, the expert on seat 1), hand 2, turn 9: seat 0
    # knocked with 4♦ where the expert threw 4♠ and waited; a knock with 4♠ leaves the same melds
    # (5♠5♥5♦, 8♠8♥8♣, A♣2♣3♣) and 4 deadwood. The knock with 4♦ read "About 11 points lost"
    # (11.16 ± 1.04, from the play-outs of two other throws) beside the reason's "waiting gains
    # about 26 points more"; the knock with 4♠, a knock against the wait with its own card,
    # "About 26 points" (26.04 ± 1.0)
    s = new_game(PRESETS["standard"], seed=106)
    bots = (get_opponent("standard", 106 + 7), get_opponent("expert", 106))
    while s.phase in ("upcard", "draw", "discard"):
        s = apply(s, bots[s.current].choose(view(s, s.current)))
    s = apply(s, parse_action("next hand"))
    while len(s.history) < 35:
        s = apply(s, bots[s.current].choose(view(s, s.current)))
    assert s.current == 0 and sorted(s.hands[0]) == sorted(parse_cards("4S 5S 8S 5H 8H 4D 5D AC 2C 3C 8C"))
    assert bots[0].choose(view(s, 0)) == parse_action("knock 4D")
    listed = [review_moves(replay_history(s, [f"knock {card}"]), 0).mistakes for card in ("4D", "4S")]
    assert [len(m) for m in listed] == [1, 1]
    (with_4d,), (with_4s,) = listed
    for m in (with_4d, with_4s):
        assert (m.turn, m.suggested, m.deadwood) == (9, parse_action("discard 4S"), (4, 4))
    a, se_a, b, se_b = with_4d.cost, with_4d.error, with_4s.cost, with_4s.error
    assert abs(a - b) <= 2 * (se_a**2 + se_b**2) ** 0.5 + 1, (a, se_a, b, se_b)
    # the line's figure is the reason's: what waiting gains over the player's knock
    for m in (with_4d, with_4s):
        assert m.cost > 0.5 and m.reason.endswith(f"waiting gains {m.cost_text()} more."), (m.cost_text(), m.reason)


# Hand 3 of `--rules classic --seed 5` against the master, the player off the
# hints from turn 1 to 5: on turn 4 J♦ is thrown from 9♦ 10♦ J♦ (76 deadwood)
# where the expert throws J♣ (47).
SEED5_HAND3 = [
    "take upcard", "discard 5S", "draw stock", "discard QH",
    "draw discard", "discard 6H", "draw stock", "discard 8S",
    "draw stock", "discard QH", "draw stock", "discard 9H",
    "draw discard", "discard JD", "draw stock", "discard QD",
    "draw stock", "discard 8C", "draw discard", "discard JH",
    "draw stock", "discard JC", "draw stock", "discard 7S",
    "draw stock", "discard 9D", "draw stock", "discard 4D",
    "draw stock", "discard 9S", "draw stock", "knock 4C",
]  # fmt: skip


def test_a_discard_breaking_a_run_for_29_more_deadwood_has_its_cost():
    from ginrummy_tui.ai.review import ReviewedDecision, estimate_cost
    from ginrummy_tui.engine.replay import hand_of_match

    steps = replay_history(hand_of_match(5, 3, PRESETS["classic"]), SEED5_HAND3)
    before, move = steps[13]
    assert move.action == parse_action("discard JD")
    cost = estimate_cost(before, 0, move.action, parse_action("discard JC"))
    # 24 deals alone made it -1.08: "your choice looks as good"
    assert cost >= 1.5
    m = ReviewedDecision(13, 4, move.action, parse_action("discard JC"), cost, (76, 47), None, "")
    assert m.cost_text().startswith("about ") and m.cost_text().endswith(" points")


# ---------------------------------------------------------------- the fast play-outs

PLAY_OUT_RULES = {
    "standard": PRESETS["standard"],
    "classic": PRESETS["classic"],
    "oklahoma": PRESETS["oklahoma"],
    "multiplayer-1.5": PRESETS["multiplayer-1.5"],  # big gin, no upcard offer, a move timer
    "big gin, void at once": PRESETS["standard"].with_options(big_gin=True, void_stock=0),
    "gin only, ties not undercuts": PRESETS["standard"].with_options(knock_limit=0, tie_is_undercut=False, undercut_bonus=0),
    "oklahoma, big gin, void at 5": PRESETS["oklahoma"].with_options(big_gin=True, void_stock=5, big_gin_bonus=50),
}


def _engine_points(state, seat):
    """The hand played out through the engine by two standard opponents: the points for ``seat``."""
    from ginrummy_tui.ai.review import _play_out

    return _play_out(state, seat, (get_opponent("standard", 0), get_opponent("standard", 1)))


def _position(rules, seed: int):
    """A seeded position in play: a few random moves from a seeded deal (none
    ending the hand), often none or one (the upcard offer, the first draw)."""
    import random

    from ginrummy_tui.engine import legal_actions
    from ginrummy_tui.engine.kinds import Kind

    rng = random.Random(seed)
    s = new_game(rules, seed=seed)
    for _ in range(rng.choice((0, 1, 2, 3, rng.randrange(4, 45)))):
        acts = [a for a in legal_actions(s) if a.kind in (Kind.PASS, Kind.TAKE_UPCARD, Kind.DRAW_STOCK, Kind.DRAW_DISCARD, Kind.DISCARD)]
        nxt = apply(s, rng.choice(acts))
        if nxt.phase not in ("upcard", "draw", "discard"):
            break
        s = nxt
    return s, rng


@pytest.mark.parametrize("name", list(PLAY_OUT_RULES))
def test_the_fast_play_outs_score_every_position_as_the_engine_does(name):
    import random

    from ginrummy_tui.ai.review import FastPlayOut, _hidden_sample
    from ginrummy_tui.engine import legal_actions, mask_of
    from ginrummy_tui.engine.kinds import Kind

    rules = PLAY_OUT_RULES[name]
    phases = set()
    for seed in range(150):
        s, rng = _position(rules, seed)
        phases.add(s.phase)
        for seat in (0, 1):
            fast = FastPlayOut(s, seat)
            assert fast.points() == _engine_points(s, seat), (name, seed, seat)
            if s.current != seat:
                continue
            # a decision of the reviewed seat, on the unseen cards dealt again as the review deals them
            action = rng.choice([a for a in legal_actions(s) if a.kind != Kind.TIMEOUT])
            other, stock = fast.sample(random.Random(seed))
            dealt = _hidden_sample(s, seat, random.Random(seed))
            assert (other, stock) == (mask_of(dealt.hands[1 - seat]), [c.bit for c in dealt.stock])
            before = list(stock)
            assert fast.points(action, other, stock) == _engine_points(apply(dealt, action), seat), (name, seed, action)
            assert stock == before
    assert phases == ({"upcard", "draw", "discard"} if rules.upcard_offer else {"draw", "discard"})


def _random_hand(rng, size: int):
    """``size`` cards, every other time from a few ranks only (sets, and ranks in three or four suits)."""
    pool = list(DECK)
    if rng.random() < 0.5:
        ranks = rng.sample(range(1, 14), rng.randint(3, 6))
        pool = [c for c in DECK if c.rank in ranks] if len(ranks) * 4 >= size else pool
    return rng.sample(pool, size)


def test_the_fast_take_and_throw_are_the_standard_opponents():
    import random

    from ginrummy_tui.ai.master import wants as _wants
    from ginrummy_tui.ai.review import _throw
    from ginrummy_tui.ai.standard import wants_card
    from ginrummy_tui.engine import deadwood_mask, mask_of

    rng = random.Random(5)
    wanted = 0
    for _ in range(4000):
        cards = _random_hand(rng, 11)
        hand, top = mask_of(cards[1:]), cards[0]
        assert _wants(hand, top.bit) == wants_card(hand, top), cards
        wanted += wants_card(hand, top)
        taken = rng.choice((0, top.bit))
        avoid = mask_of(rng.sample(DECK, rng.randint(0, 12)))
        # the standard throw: the least key (deadwood left, melds with a card of avoid, -count, -index)
        eleven = hand | top.bit
        key, card = min(
            ((deadwood_mask(eleven ^ c.bit), bool(c.bit & avoid), -c.value, -c.index), c) for c in cards if c.bit != taken
        )
        assert _throw(eleven, taken, avoid) == (key[0], card.bit), cards
    assert 1000 < wanted < 3000


@pytest.mark.parametrize("upcard", [True, False])
def test_the_fast_play_outs_score_big_gin_as_the_engine_does(upcard):
    from ginrummy_tui.ai.review import FastPlayOut

    # seat 0 holds ten cards that make big gin with K♣: as the upcard, or on top of the stock
    hands = dict(p0="AS 2S 3S 4S 5S 7H 7D 7C KH KD", p1="9S TS JS 2H 4H 6D 8D JC QH 3C")
    s = _made(**hands, upcard="KC", stock_top_first="QD") if upcard else _made(**hands, upcard="QD", stock_top_first="KC")
    for rules in (PRESETS["multiplayer-1.5"], PRESETS["oklahoma"].with_options(big_gin=True), PRESETS["standard"]):
        t = replace(s, rules=rules, phase="upcard" if rules.upcard_offer else "draw")
        end = t
        while end.phase in ("upcard", "draw", "discard"):
            end = apply(end, get_opponent("standard", 0).choose(view(end, end.current)))
        assert end.result is not None and end.result.kind == ("big_gin" if rules.big_gin else "gin")
        for seat in (0, 1):
            assert FastPlayOut(t, seat).points() == _engine_points(t, seat) == (1 if seat == 0 else -1) * end.result.points


def test_the_fast_play_outs_avoid_throwing_a_card_the_other_player_picked_up_as_the_engine_does():
    from ginrummy_tui.ai.review import FastPlayOut

    # seat 1 takes K♥ and throws it, seat 0 takes it: with Q♠ and K♥ tied for
    # the least deadwood, the standard throw keeps K♥ (it melds with itself,
    # a card seat 1 picked up) and throws Q♠, which seat 1 takes for its set
    s = _made(p0="2C 3C 4C 5D 5S 5H QS AD 7D 9S", p1="QH QD 8S 8H 2D 3D 4H JC TC 6S", upcard="KH", stock_top_first="TH 4S 9D 6C")
    moves = ["pass", "take upcard", "discard 6S", "draw stock", "discard TH", "draw stock", "discard KH", "draw discard"]
    moves += ["discard 9S", "draw stock", "discard 9D", "draw stock"]
    for m in moves:
        s = apply(s, parse_action(m))
    assert FastPlayOut(s, 0).points() == _engine_points(s, 0) == -14
    thrown = apply(s, get_opponent("standard", 0).choose(view(s, 0)))
    assert thrown.discard[-1] == parse_cards("QS")[0]


def test_the_review_costs_are_those_of_play_outs_through_the_engine():
    from ginrummy_tui.ai.review import _rollout_policies, estimate_cost, knock_only
    from ginrummy_tui.engine.replay import hand_of_match

    steps = replay_history(hand_of_match(5, 3, PRESETS["classic"]), SEED5_HAND3)
    review = review_moves(steps, 0)
    checked = 0
    for m in review.mistakes:
        if knock_only(m.played, m.suggested):
            continue
        before = steps[m.index][0]
        engine = estimate_cost(before, 0, m.played, m.suggested, policies=_rollout_policies())
        assert m.cost == round(engine, 2)
        checked += 1
    assert checked >= 3


def test_a_review_cost_of_an_illegal_or_timed_out_move_is_what_it_was_through_the_engine():
    from ginrummy_tui.ai.review import _rollout_policies, estimate_cost
    from ginrummy_tui.engine import Action, IllegalAction
    from ginrummy_tui.engine.kinds import Kind

    s = new_game(PRESETS["multiplayer-1.5"], seed=3)  # a move timer
    for _ in range(6):
        s = apply(s, get_opponent("standard", 0).choose(view(s, s.current)))
    draw = get_opponent("standard", 0).choose(view(s, s.current))
    timeout = Action(Kind.TIMEOUT)
    fast = estimate_cost(s, s.current, timeout, draw)
    assert fast == estimate_cost(s, s.current, timeout, draw, policies=_rollout_policies()) != 0
    with pytest.raises(IllegalAction, match="the upcard comes first|discard a card|draw a card first"):
        estimate_cost(s, s.current, parse_action("discard 2C"), draw)


def test_the_review_of_a_second_upcard_offer_weighs_the_draw_after_the_other_players_turn():
    # seed 27331312, hand 2: the computer passed on 6♥ and the player took it; the review's reason
    # compared 6♥ with "a blind draw", which a pass on the second offer does not give
    steps = replay_history(deal_hand(seed=27331312, hand_no=2), ["pass", "take upcard", "discard KS"])
    r = review_moves(steps, 0, samples=8)
    took = next(m for m in r.mistakes if m.played == parse_action("take upcard"))
    assert took.suggested == parse_action("pass")
    assert took.reason == "Pass on the upcard: taking 6♥ would lower your deadwood from 44 to 40; your draw after the computer's turn: about 39."


# The computer takes the upcard 6♦, holding 6♠ 6♣; the player, holding 5♦ and 7♦
# (so that 6♦ can only be in a set), draws A♦ and throws 6♥ or J♠.
SIX_TAKEN = dict(
    p0="6H JS 5D 7D 2C 3C 4C 8H 9H TH",
    p1="6S 6C 2S 3S 4S QC QD KC KS 9C",
    upcard="6D",
    stock_top_first="AD 8S",
)


def _six_taken(p1: str = SIX_TAKEN["p1"]):
    steps = replay_history(_made(**{**SIX_TAKEN, "p1": p1}), ["pass", "take upcard", "discard KS", "draw stock"])
    before, move = steps[-1]
    return apply(before, move.action)


def test_a_throw_into_a_meld_the_hint_rates_near_certain_is_costed_as_such():
    """Hand 4 of `--ai expert --seed 11`: the computer had picked up 6♦ and the hint said
    6♥ melds for it "more than 49 in 50"; the player threw 6♥ (20 deadwood, not 16 with
    J♠), the computer took it and went gin, and the review said "About even": its
    play-outs dealt the other hand at random, keeping only 6♦."""
    from ginrummy_tui.ai.hints import meld_chances
    from ginrummy_tui.ai.review import estimate_cost

    s = _six_taken()
    six, jack = parse_cards("6H JS")
    rated = meld_chances(view(s, 0), (six, jack))
    assert rated[0] >= 0.9 and rated[1] == pytest.approx(0.13, abs=0.1)  # near-certain, and unlikely
    costs = [estimate_cost(s, 0, parse_action("discard 6H"), parse_action("discard JS"), seed=k) for k in range(3)]
    assert min(costs) >= 4  # at random: 2.0, 0.2, 2.4
    # never hindsight: the other hand's real cards change nothing
    other = _six_taken(p1="AS 2S 3S 4S QC QD KC KS 9C 8C")
    assert estimate_cost(other, 0, parse_action("discard 6H"), parse_action("discard JS"), seed=0) == costs[0]


def test_a_listed_cost_is_played_out_until_it_is_precise_enough_to_rank():
    """The same decision's cost over seeds 0-5 was 7.3, 13.0, 4.8, 9.2, 6.7 and 13.8,
    all said "About 7 points lost": the play-outs stopped once the mean was two
    standard errors from nothing.  Here (turns 6 and 7 of hand 3 of `--rules classic
    --seed 5`) the costs ran over 5.8 and 6.3 points from seed to seed."""
    import statistics

    from ginrummy_tui.ai.review import estimate_cost_error
    from ginrummy_tui.engine.replay import hand_of_match

    steps = replay_history(hand_of_match(5, 3, PRESETS["classic"]), SEED5_HAND3)
    for index, other in ((12, "draw stock"), (13, "discard JC")):
        before, move = steps[index]
        found = [estimate_cost_error(before, 0, move.action, parse_action(other), seed=k) for k in range(6)]
        costs = [cost for cost, _error in found]
        # with the box bonus of 20 for the hand won or lost, one deal differs more from the next: the
        # 384 deals at most leave a standard error of about 2 (1.1 to 1.3 without the box)
        assert max(costs) - min(costs) <= 6 and statistics.stdev(costs) <= 2, costs
        assert all(error <= 2.2 for _cost, error in found)
        assert min(costs) >= 2  # a cost, whatever the seed


# Hand 2 of `--ai expert --seed 11` (the scores from 0): the player knocks with 6♥
# (10 deadwood) on turn 2, the stock at 27, where the expert would throw it and wait.
SEED11_HAND2_KNOCK = [
    "pass", "pass", "draw stock", "discard JD", "draw stock", "discard 9C",
    "draw stock", "discard 9H", "draw stock", "knock 6H",
]  # fmt: skip


def _rule_expert():
    """The hints' expert without the master's search where a knock is allowed (its rule), which
    the review asked when these hands were found."""
    from ginrummy_tui.ai.hints import hint_expert
    from ginrummy_tui.ai.master import GuessingExpert

    params = hint_expert().params
    return GuessingExpert(0, params, match_end=True)


def test_a_choice_the_estimate_favours_by_many_points_is_said_to_look_better():
    """The review said "Your choice looks as good" of a knock its own figures favoured by
    about 20 points, and under it the hint's reason "Discard 6♥: waiting with 10 … beats
    a knock now: about 22 points", as if waiting had won."""
    from rich.console import Console

    from ginrummy_tui.engine.replay import hand_of_match
    from ginrummy_tui.tui.screens.review_screen import review_renderable

    steps = replay_history(hand_of_match(11, 2), SEED11_HAND2_KNOCK)
    review = review_moves(steps, 0, samples=4, knock_deals=60, expert=_rule_expert())  # (the hints' search knocks too)
    knock = next(m for m in review.mistakes if m.played == parse_action("knock 6H"))
    assert knock.suggested == parse_action("discard 6H") and knock.cost < -8
    points = round(-knock.cost)
    assert knock.cost_text() == f"your choice looks about {points} points better"
    assert "beats" not in knock.reason and "waiting with 10" not in knock.reason
    assert knock.reason.startswith("Played out, your knock does better in this hand")
    console = Console(width=400, record=True, color_system=None)
    console.print(review_renderable(replace(review, mistakes=(knock,))))
    assert f"waited. Your choice looks about {points} points better." in console.export_text()
    # a point or two either way is no more than "as good"
    assert replace(knock, cost=-2.0).cost_text() == "your choice looks as good"
    assert replace(knock, cost=-4.0, error=2.5).cost_text() == "your choice looks as good"  # within its noise
    assert 0 < knock.error < -knock.cost / 2  # several standard errors better
    assert replace(knock, cost=-20.4).cost_text() == "your choice looks about 20 points better"


# Seed 37, hand 1: seat 0 plays as the easy opponent, seat 1 as the expert.  On the
# last move seat 0 throws 2♥ (17 deadwood) where the expert would throw 9♣ (10) and wait.
SEED37_BOTH_WAIT = [
    "pass", "take upcard", "discard KC", "draw stock", "discard JC", "draw stock", "discard KH", "draw stock",
    "discard TS", "draw stock", "discard QH", "draw stock", "discard 3H", "draw discard", "discard QS",
    "draw stock", "discard KS", "draw stock", "discard 7S", "draw stock", "discard 5H", "draw discard",
    "discard 6H", "draw stock", "discard 7H", "draw stock", "discard 6C", "draw stock", "discard 6S",
    "draw stock", "discard 9H", "draw stock", "discard 9D", "draw stock", "discard 7C", "draw stock",
    "discard 6D", "draw stock", "discard 4D", "draw stock", "discard JH", "draw stock", "discard TD",
    "draw stock", "discard 5D", "draw discard", "discard 3H", "draw stock", "discard JS", "draw stock",
    "discard 9S", "draw stock", "discard QC", "draw stock", "discard TC", "draw stock", "discard 2H",
]  # fmt: skip
# Seed 39, the same players: seat 0 throws 4♣ (9 deadwood) where the expert would throw 4♠ (9).
SEED39_BOTH_WAIT = [
    "pass", "pass", "draw stock", "discard QC", "draw stock", "discard QD", "draw stock", "discard QH",
    "draw stock", "discard QS", "draw stock", "discard 9C", "draw stock", "discard JD", "draw stock",
    "discard KH", "draw discard", "discard 6S", "draw stock", "discard 9S", "draw stock", "discard 7C",
    "draw stock", "discard 8D", "draw stock", "discard 5S", "draw stock", "discard 6D", "draw stock",
    "discard 7S", "draw stock", "discard 5D", "draw stock", "discard 4H", "draw stock", "discard 4C",
]  # fmt: skip


def test_a_throw_where_neither_knocks_is_explained_against_the_card_thrown():
    """"you discarded 3♠ (12 deadwood); the expert would have discarded 6♠ (9)" stood
    above "Discard 6♠: waiting with 9 … beats knocking": the player did not knock either,
    so a knock against waiting did not explain 6♠ over 3♠."""
    from ginrummy_tui.ai.hints import explain, meld_chances, odds, out_of_reach

    steps = replay_history(new_game(seed=37), SEED37_BOTH_WAIT)
    m = review_moves(steps, 0, samples=4, expert=_rule_expert()).mistakes[-1]
    assert (m.index, m.played, m.suggested, m.deadwood) == (56, parse_action("discard 2H"), parse_action("discard 9C"), (17, 10))
    v = view(steps[56][0], 0)
    assert "Don't knock: " in explain(v, m.suggested)  # the expert's own reason: a knock against waiting
    nine, two = parse_cards("9C 2H")
    _mine, theirs = meld_chances(v, (nine, two))
    assert out_of_reach(v, nine)  # each meld with 9♣ needs a card the player holds or one in the pile
    assert m.reason == (
        f"Discard 9♣ and wait: it leaves 10 deadwood (2♥ would leave 17); "
        f"the chance the computer can meld 2♥ is {odds(theirs)}; it cannot meld 9♣."
    )
    # the same deadwood either way: what the expert weighs beyond it
    steps = replay_history(new_game(seed=39), SEED39_BOTH_WAIT)
    m = review_moves(steps, 0, samples=4, expert=_rule_expert()).mistakes[-1]
    assert (m.index, m.played, m.suggested, m.deadwood) == (35, parse_action("discard 4C"), parse_action("discard 4S"), (9, 9))
    assert "Don't knock: " in explain(view(steps[35][0], 0), m.suggested)
    assert m.reason.startswith("Discard 4♠ and wait: it leaves 9 deadwood, as 4♣ would; after your next two draws")
    assert "knock" not in m.reason


def test_the_hands_guessed_as_a_waiters_are_drawn_anew_for_each_batch_of_a_knocks_deals(monkeypatch):
    # the master's play-outs draw which deals guess a waiter's hand from a generator seeded by
    # the view, the same at every call: each batch of 24 deals would repeat the first's
    from ginrummy_tui.ai.master import MasterOpponent
    from ginrummy_tui.ai.review import DEFAULT_SAMPLES, estimate_knock_cost_error

    steps = replay_history(new_game(PRESETS["oklahoma"], seed=11), OKLAHOMA_11_KNOCK)
    before, _move = steps[-1]
    batches: list[list[float]] = []
    deals = MasterOpponent._deals

    def recorded(self, view, ctx, rng, waits):
        batches.append(list(waits))
        return deals(self, view, ctx, rng, waits)

    monkeypatch.setattr(MasterOpponent, "_deals", recorded)
    estimate_knock_cost_error(before, 0, parse_action("knock 5S"), parse_action("discard 5S"), seed=3)
    assert len(batches) > 4 and all(len(b) == DEFAULT_SAMPLES for b in batches)
    assert len({tuple(b) for b in batches}) > len(batches) // 2
    share = sum(1 for b in batches for w in b if w > 0) / sum(len(b) for b in batches)
    assert 0.2 < share < 0.4  # about the prior's 0.3 in the first hand of a match


def test_the_reason_names_the_danger_of_the_card_thrown_where_that_is_what_it_cost():
    """Hand 2 of `--ai expert --seed 7`: "you discarded 3♣ (76 deadwood); the expert would
    have discarded Q♣ (69). About 11 points lost" stood over a reason only about Q♣, while
    most of the cost was the chance that the computer melds 3♣.  Here the player throws
    6♥, which the computer, holding 6♦ from the pile, melds near surely."""
    from ginrummy_tui.ai.hints import meld_chances, odds

    steps = replay_history(_made(**SIX_TAKEN), ["pass", "take upcard", "discard KS", "draw stock", "discard 6H"])
    m = next(m for m in review_moves(steps, 0, samples=8).mistakes if m.played == parse_action("discard 6H"))
    assert m.suggested == parse_action("discard JS") and m.cost >= 4
    (p,) = meld_chances(view(steps[-1][0], 0), parse_cards("6H"))
    assert m.reason.startswith("Discard J♠: it leaves 19 deadwood; ")
    assert m.reason.endswith(f". 6♥: the computer can likely meld it, {odds(p)}."), m.reason
    # a throw no likelier to be melded than the expert's gets no such sentence
    from ginrummy_tui.ai.review import throw_danger

    v = view(steps[-1][0], 0)
    assert throw_danger(v, parse_action("discard JS"), parse_action("discard 6H"), "") == ""


def test_a_missed_knock_that_would_very_likely_have_won_the_match_says_so():
    """Target 15: a missed knock that "wins the match … about 9 in 10" showed only "About 11
    points lost", in points of the hand.  Here at 80 to 54 (target 100) the player throws
    K♦ and waits with 1 deadwood, where the knock wins the match in all but a few guesses.
    (The match all but won either way, the points do not decide in the standard rules, where
    no bonus counts the match's margin, below.)"""
    from rich.console import Console

    from ginrummy_tui.ai.hints import hint_expert, odds
    from ginrummy_tui.tui.screens.review_screen import review_renderable

    s = replace(_made("AS 2S 3S 4H 5H 6H 7C 8C 9C KD", "QS QC TS 8D KS JC 9H 2D 3D 5S", "8S", "AH"), scores=(80, 54))
    steps = replay_history(s, ["pass", "pass", "draw stock", "discard KD"])
    (m,) = review_moves(steps, 0, samples=8, knock_deals=48).mistakes
    assert m.suggested == parse_action("knock KD") and m.knock_only
    out = hint_expert().knock_outlook(view(steps[-1][0], 0))
    assert out is not None and out.match_chance >= 0.8 and m.match_chance == out.match_chance
    assert m.match_text() == f"the knock would have won the match: {odds(out.match_chance)}"
    console = Console(width=400, record=True, color_system=None)
    console.print(review_renderable(replace(review_moves(steps, 0, samples=8, knock_deals=48), mistakes=(m,))))
    assert f"; the knock would have won the match: {odds(out.match_chance)}." in console.export_text()
    # far from the target the same knock is no match's
    from ginrummy_tui.ai.review import match_stake

    far = replay_history(replace(s, scores=(0, 0)), ["pass", "pass", "draw stock", "discard KD"])
    assert match_stake(view(far[-1][0], 0), parse_action("discard KD"), parse_action("knock KD")) == 0.0
    # all but won with the knock or without it: in the standard rules the points do not decide
    # (no bonus counts the margin), and the hint knocks to win the match
    from ginrummy_tui.ai.hints import hint

    won = view(replay_history(s, ["pass", "pass", "draw stock", "discard KD"])[-1][0], 0)
    h = hint(won)
    assert h.action == parse_action("knock KD") and "all but" not in h.reason, h


def test_two_small_chances_compared_in_hundredths_never_read_about_0_in_100(monkeypatch):
    # a card out of the computer's reach (a chance of nothing) beside one "less than 1 in 50"
    # read "the chance the computer can meld 9♣ is about 0 in 100, 2♥ about 1 in 100"; 9♣ is
    # out of its reach here, and is said to be, as the hints say it
    import ginrummy_tui.ai.hints as hints_module
    import ginrummy_tui.ai.review as review_module
    from ginrummy_tui.ai.review import compared_reason

    steps = replay_history(new_game(seed=37), SEED37_BOTH_WAIT)
    v = view(steps[56][0], 0)
    monkeypatch.setattr(review_module, "meld_chances", lambda _v, cards: (0.0, 0.012))
    nine, two = parse_cards("9C 2H")
    assert compared_reason(v, two, nine) == (
        "Discard 9♣ and wait: it leaves 10 deadwood (2♥ would leave 17); "
        "the chance the computer can meld 2♥ is less than 1 in 50; it cannot meld 9♣."
    )
    # two chances both within reach that read alike in words are given in hundredths
    monkeypatch.setattr(hints_module, "out_of_reach", lambda _v, _c: False)
    assert compared_reason(v, two, nine) == (
        "Discard 9♣ and wait: it leaves 10 deadwood (2♥ would leave 17); "
        "the chance the computer can meld 9♣ is less than 1 in 100, 2♥ about 1 in 100."
    )


# The first two hands of seed 3001, seat 0 played by the easy opponent and seat 1 by the expert,
# as the expert played them before 8 Dec (since then it takes discards that meld and lower a hand
# it may knock with, and plays these hands otherwise): the hand the test below found.
SEED_3001_TWO_HANDS = (
    "pass, pass, draw stock, discard QC, draw stock, discard QD, draw stock, discard 6C, draw stock, discard "
    "9C, draw stock, discard JD, draw stock, discard QS, draw stock, discard TD, draw stock, discard JH, draw "
    "stock, discard QH, draw stock, discard KC, draw stock, discard KS, draw stock, discard KH, draw stock, "
    "discard 7C, draw stock, gin AC, next hand, pass, pass, draw stock, discard TS, draw stock, discard JD, "
    "draw stock, discard JH, draw stock, discard TD, draw stock, discard KC, draw stock, discard KH, draw "
    "stock, discard QD, draw stock, discard 8D, draw stock, discard QH, draw stock, discard KD, draw stock, "
    "discard 9S, draw stock, discard 6H, draw discard, discard 9H, draw stock, discard TH, draw stock, "
    "discard 8S, draw stock, discard 6D, draw stock, discard 8H, draw stock, discard 6S, draw stock, discard "
    "JS, draw stock, discard KS, draw stock, discard QS, draw stock, discard 4D, draw discard, discard 7S, "
    "draw stock, discard 5D, draw discard, discard 6H, draw stock, discard 4C, draw stock, discard 3D, draw "
    "stock, discard 5S, draw discard, discard 2D, draw stock, discard 2H, draw stock, discard 7D, draw stock, "
    "discard 9D, draw stock, knock QC"
)


def _reviewed_hand(preset: str, seed: int, hand: int, opponent: str, played: str = ""):
    """Seat 0 played by the easy opponent, seat 1 by ``opponent``: hand ``hand`` at its end,
    its review for seat 0 (with the default options) and the hand's steps; ``played``: the
    moves played first (as ``SEED_3001_TWO_HANDS``)."""
    from ginrummy_tui.engine.replay import replay_moves

    s = new_game(PRESETS[preset], seed=seed)
    for move in played.split(", ") if played else ():
        s = apply(s, parse_action(move))
    bots = (get_opponent("easy", seed + 7), get_opponent(opponent, seed))
    while True:
        while s.phase in ("upcard", "draw", "discard"):
            s = apply(s, bots[s.current].choose(view(s, s.current)))
        if s.hand_no == hand:
            return review_hand(s, 0), replay_moves(s)
        s = apply(s, parse_action("next hand"))


@pytest.mark.parametrize(
    "preset,seed,hand,opponent,index,card,reason",
    [
        ("standard", 3001, 2, "expert", 57, "7H",
         "Discard 7♥ and wait: it leaves 8 deadwood (5♠ would leave 10); "
         "the chance the computer can meld 5♠ is about 9 in 10; it cannot meld 7♥."),
        ("oklahoma", 3021, 1, "standard", 47, "8D",
         "Discard 8♦ and wait: it leaves 5 deadwood (A♠ would leave 12); "
         "the chance the computer can meld A♠ is about 1 in 2; it cannot meld 8♦."),
    ],
    ids=["standard-3001", "oklahoma-3021"],
)  # fmt: skip
def test_a_card_the_computer_cannot_meld_is_said_so_where_two_throws_are_compared(preset, seed, hand, opponent, index, card, reason):
    # "Discard 7♥ and wait: ...; the chance the computer can meld 7♥ is less than 1 in 50, 5♠
    # about 9 in 10.", where each meld with 7♥ needed a card the player held or one in the pile:
    # the hints say the computer cannot meld it, and "less than 1 in 50" is for a card within reach
    from ginrummy_tui.ai.hints import out_of_reach

    review, steps = _reviewed_hand(preset, seed, hand, opponent, SEED_3001_TWO_HANDS if seed == 3001 else "")
    m = next(m for m in review.mistakes if m.index == index)
    assert m.suggested == parse_action(f"discard {card}") and m.played.kind == Kind.DISCARD
    assert out_of_reach(view(steps[index][0], 0), parse_cards(card)[0])
    assert m.reason == reason


def test_no_throw_is_better_than_another_where_the_hand_ends_void_on_it():
    """The computer holds 6♦ from the pile; the player draws with 3 cards left in the stock and
    throws 6♥ without a knock, the hand ending void on it.  The review listed it beside the
    expert's J♠ ("About even"), with "Discard J♠: it leaves 19 deadwood; ... 6♥: the computer
    can likely meld it, about 9 in 10.": the computer had no turn left to meld anything."""
    from ginrummy_tui.ai.hints import hint
    from ginrummy_tui.ai.review import throw_danger

    before, move = replay_history(_made(**SIX_TAKEN), ["pass", "take upcard", "discard KS"])[-1]
    s = apply(before, move.action)
    s = replace(s, stock=s.stock[-3:], discard=s.stock[:-3] + s.discard)
    validate(s)
    steps = replay_history(s, ["draw stock", "discard 6H"])
    v = view(steps[-1][0], 0)
    assert v.stock_size == v.rules.void_stock and apply(steps[-1][0], steps[-1][1].action).result.kind == "void"
    assert hint(v).reason == "Discard J♠: you cannot knock, and the hand is void whichever card you throw."
    review = review_moves(steps, 0, samples=8)
    assert (review.decisions, review.mistakes) == (2, ())
    assert throw_danger(v, parse_action("discard 6H"), parse_action("discard JS"), "") == ""


def test_the_review_of_a_hand_ending_void_lists_no_throw_at_its_last_turn():
    # Oklahoma, seed 3012, hand 3 (the player on the easy opponent's moves, against standard):
    # turn 16 read "you discarded A♠ ...; the expert would have discarded K♥", its reason ending
    # "A♠: the computer can likely meld it, about 6 in 10.", where the hand ended void on either
    review, steps = _reviewed_hand("oklahoma", 3012, 3, "standard")
    v = view(steps[63][0], 0)
    assert v.stock_size == v.rules.void_stock and steps[63][1].action == parse_action("discard AS")
    assert [m.index for m in review.mistakes if m.turn == 16] == [62]  # its draw, not its throw
    assert not any("A♠: the computer" in m.reason for m in review.mistakes)


def test_a_chance_of_a_meld_reads_with_one_word_for_each_figure():
    """"about 1 in 2" read "the computer can likely meld it" at 0.5 and "may meld it" at 0.49:
    one figure, two words, and "likely" for an even chance."""
    from ginrummy_tui.ai.hints import odds
    from ginrummy_tui.ai.review import likely_or_may

    words: dict[str, set[str]] = {}
    for n in range(2, 99):
        p = n / 100
        words.setdefault(odds(p), set()).add(likely_or_may(p))
    assert all(len(w) == 1 for w in words.values()), words
    assert words["about 1 in 2"] == {"may"} and words["about 6 in 10"] == {"can likely"}


def test_chances_of_being_melded_that_favour_the_players_card_are_not_given_as_the_reason(monkeypatch):
    # "Discard 4♥ and wait: it leaves 1 deadwood (6♦ would leave 11); the chance the computer can
    # meld 4♥ is about 9 in 10, 6♦ less than 1 in 50." argued for the player's 6♦: the chances are
    # given only where the card kept is the likelier to be melded, else the deadwood is the reason
    import ginrummy_tui.ai.review as review_module
    from ginrummy_tui.ai.review import compared_reason

    steps = replay_history(new_game(seed=37), SEED37_BOTH_WAIT)
    v = view(steps[56][0], 0)
    nine, two = parse_cards("9C 2H")
    for chances in ((0.9, 0.01), (0.3, 0.3)):
        monkeypatch.setattr(review_module, "meld_chances", lambda _v, cards, c=chances: c)
        assert compared_reason(v, two, nine) == "Discard 9♣ and wait: it leaves 10 deadwood (2♥ would leave 17).", chances
    monkeypatch.setattr(review_module, "meld_chances", lambda _v, cards: (0.0, 0.9))
    assert compared_reason(v, two, nine) == (  # 9♣ is out of the computer's reach here
        "Discard 9♣ and wait: it leaves 10 deadwood (2♥ would leave 17); "
        "the chance the computer can meld 2♥ is about 9 in 10; it cannot meld 9♣."
    )
    import ginrummy_tui.ai.hints as hints_module

    monkeypatch.setattr(review_module, "meld_chances", lambda _v, cards: (0.01, 0.9))
    monkeypatch.setattr(hints_module, "out_of_reach", lambda _v, _c: False)
    assert compared_reason(v, two, nine) == (
        "Discard 9♣ and wait: it leaves 10 deadwood (2♥ would leave 17); "
        "the chance the computer can meld 9♣ is less than 1 in 50, 2♥ about 9 in 10."
    )


def test_a_review_listing_no_cost_does_not_explain_costs(review):
    """A review whose only item said "Your choice looks as good" ended "Costs are expected points
    of this hand, ...": a newcomer looked for a cost that was not there."""
    from rich.console import Console

    from ginrummy_tui.tui.screens.review_screen import review_renderable

    def said(costs: tuple[float, ...]) -> str:
        shown = replace(review, mistakes=tuple(replace(review.mistakes[0], cost=c) for c in costs))
        console = Console(width=400, record=True, color_system=None)
        console.print(review_renderable(shown))
        return console.export_text()

    even = said((0.2,))
    assert "Costs are" not in even and "Each judgment weighs expected points of this hand" in even, even
    assert "Costs are expected points of this hand" in said((0.2, 6.0))


def test_a_knock_with_another_card_than_the_experts_wait_is_given_its_own_figure():
    # standard rules, seed 0 (standard on seat 0, the expert on seat 1), turn 8: the player
    # knocked with 2♣ (6 deadwood) where the expert threw 3♦ (5) and waited.  The reason read
    # "A knock now would come out about even ...; waiting gains about 10 points more": the
    # knock's figure was the expert's knock with 3♦, the gain over the player's knock with 2♣
    from ginrummy_tui.ai.hints import _knock_would, hint_expert

    s = new_game(seed=0)
    bots = (get_opponent("standard", 0), get_opponent("expert", 1))
    while len(s.history) < 32:
        s = apply(s, bots[s.current].choose(view(s, s.current)))
    v = view(s, 0)
    (m,) = review_moves(replay_history(s, ["knock 2C"]), 0).mistakes
    assert (m.suggested, m.deadwood) == (parse_action("discard 3D"), (6, 5))
    own = hint_expert().knock_outlook(v, card=parse_cards("2C")[0])
    best = hint_expert().knock_outlook(v)
    assert own is not None and best is not None and best.card == parse_cards("3D")[0]
    said, other = _knock_would(round(own.expected_points), True), _knock_would(round(best.expected_points), True)
    assert said != other  # the two knocks' figures differ: the line says the player's
    assert m.reason.startswith("Don't knock: discard 3♦ and wait"), m.reason
    assert f"A knock with 2♣ now (6 deadwood) {said}" in m.reason, m.reason
    assert m.reason.endswith(f"waiting gains {m.cost_text()} more."), m.reason


class _NeverKnocks:
    """The expert, throwing without knocking where it would knock (gin still goes gin)."""

    def __init__(self, seed: int) -> None:
        self.expert = get_opponent("expert", seed)

    def choose(self, v):
        a = self.expert.choose(v)
        return replace(a, kind=Kind.DISCARD) if a.kind == Kind.KNOCK else a


def _at_void_throw(seed: int):
    """Seed ``seed`` with both seats never knocking, at seat 0's throw that ends the hand void."""
    from ginrummy_tui.ai.master import void_throw

    s = new_game(seed=seed)
    bots = (_NeverKnocks(seed), _NeverKnocks(seed + 1))
    while not (s.current == 0 and void_throw(view(s, 0))):
        s = apply(s, bots[s.current].choose(view(s, s.current)))
    return s


def test_at_the_throw_that_ends_the_hand_void_a_knock_with_another_card_is_given_its_own_figure():
    # seed 13, both seats never knocking: at the throw that ends the hand void the player knocked
    # with 2♠ (10 deadwood) where the expert threw 10♦ (2) without knocking; the reason read
    # "Discard 10♦ without knocking: a knock now is expected to lose about 2, ...", the figure of
    # a knock with 10♦, where the player's with 2♠ is expected to lose about 10
    from ginrummy_tui.ai.hints import hint_expert

    s = _at_void_throw(13)
    v = view(s, 0)
    (m,) = review_moves(replay_history(s, ["knock 2S"]), 0).mistakes
    assert (m.suggested, m.deadwood) == (parse_action("discard TD"), (10, 2))
    own = hint_expert().knock_outlook(v, card=parse_cards("2S")[0])
    best = hint_expert().knock_outlook(v)
    assert own is not None and best is not None and round(own.expected_points) != round(best.expected_points)
    # the figure is the play-outs' behind the cost (the void hand 0 in every deal, the knock settled
    # against each): the expert's own figure, on fewer guesses, read "expected to lose about 10"
    # beside a cost of about 4 points
    assert m.cost >= 0.5 and round(own.expected_points) != -math.floor(m.cost + 0.5)
    assert m.reason == (
        f"Discard 10♦ without knocking: played out, a knock with 2♠ now (10 deadwood) would lose {m.cost_text()}; "
        "the hand is void."
    ), m.reason
    # no danger of the card knocked with is named at that throw: the computer has no turn left
    assert "meld" not in m.reason


def test_a_draw_from_the_stock_before_the_throw_that_ends_the_hand_void_says_what_it_does_better():
    # Oklahoma, seed 3012, hand 3, turn 16 (the player on the easy opponent's moves, against
    # standard): the player drew from the stock with 3 cards left, the expert would have taken
    # 9♠, and the review said "Played out, your choice does better in this hand than the one the
    # expert's own weighing preferred.": what it does better is end the hand on the player's throw
    # (void unless it goes gin: the knock limit is 0), where the take gives the computer a last turn
    from ginrummy_tui.ai.review import void_draw

    review, steps = _reviewed_hand("oklahoma", 3012, 3, "standard")
    (m,) = [m for m in review.mistakes if m.index == 62]
    v = view(steps[62][0], 0)
    assert void_draw(v) and v.knock_limit == 0
    assert (m.played, m.suggested) == (parse_action("draw stock"), parse_action("draw discard")) and m.better
    assert m.reason == (
        "Played out, drawing from the stock does better in this hand: your throw then ends it, void unless you go "
        "gin, with no last turn for the computer; taking 9♠ gives it one."
    )


def test_a_draw_before_the_throw_that_ends_the_hand_void_is_not_listed_where_every_deal_ends_the_same(monkeypatch):
    # as at the throw that ends the hand void: where every deal played out gives the two draws
    # the same points, neither is better, and the draw is not listed (it was, "About even")
    import ginrummy_tui.ai.review as review_module

    steps = _reviewed_hand("oklahoma", 3012, 3, "standard")[1]
    monkeypatch.setattr(review_module, "estimate_cost_error", lambda *a, **k: (0.0, 0.0))
    review = review_moves(steps, 0)
    assert 62 not in [m.index for m in review.mistakes]
    assert any(m.cost == 0 and m.played.kind == Kind.DISCARD for m in review.mistakes)  # elsewhere "about even" stays


def test_at_the_throw_that_ends_the_hand_void_the_knocks_figure_is_the_one_its_cost_is_played_out_on():
    # standard rules, seed 195, both seats throwing without knocking until seat 0's throw that ends
    # the hand void, where the expert throws 5♠ without knocking.  A throw there without a knock scores
    # nothing in every deal played out, the knock is settled against each: the cost of a knock is its
    # own points, and the line beside it gives them.  It gave the expert's figure on its own fewer
    # guesses: "a knock now is expected to lose about 3" beside "your choice looks as good" for the
    # knock with 5♠, and the summary read "... without knocking and waited"
    import random

    from ginrummy_tui.ai.hints import _knock_words, hint_expert
    from ginrummy_tui.ai.master import hints_guesser, void_throw

    from .engine_helpers import never_knocking_until

    s = never_knocking_until(195, void_throw)
    v = view(s, 0)
    wait, knock = parse_action("discard 5S"), parse_action("knock 5S")
    points = hints_guesser(0).playout_points(v, [wait, knock], random.Random(0), 48)
    assert set(points[0]) == {0} and set(points[1]) != {0}  # the void hand: no play-out, nothing scored
    (own,) = review_moves(replay_history(s, [knock]), 0).mistakes
    assert own.suggested == wait and own.cost <= -0.5 and not own.better, own
    assert own.summary() == (
        "Turn 17: you knocked with 5♠ (4 deadwood); the expert would have discarded 5♠ without knocking, the hand void."
    )
    reckoned = _knock_words(v, hint_expert().knock_outlook(v), "the computer")
    assert reckoned.startswith("expected to lose")  # why the expert throws without knocking
    points_said = math.floor(-own.cost + 0.5)
    assert own.reason == (
        f"Discard 5♠, no knock, the hand void: the expert reckons a knock is {reckoned}; played out it would score "
        f"about {points_said} point{'s' if points_said > 1 else ''}."
    ), own.reason
    (other,) = review_moves(replay_history(s, ["knock AH"]), 0).mistakes
    assert other.cost >= 0.5
    assert other.reason == (
        f"Discard 5♠ without knocking: played out, a knock with A♥ now (8 deadwood) would lose {other.cost_text()}; "
        "the hand is void."
    ), other.reason


def test_where_the_play_outs_favour_the_players_move_at_the_throw_that_ends_the_hand_void_no_wait_is_said():
    from ginrummy_tui.ai.review import outplayed_reason

    knock, wait = parse_action("knock 5S"), parse_action("discard 5S")
    # elsewhere the expert lies in wait by its rule, and its line says so
    assert "lying in wait" in outplayed_reason(knock, wait)
    # where the throw ends the hand void it waits for nothing: "lying in wait wins it more matches"
    # and "waiting does better" were said there too
    assert outplayed_reason(knock, wait, void=True) == (
        "Played out, your knock does better in this hand than the void hand the expert's throw without a knock leaves."
    )
    assert outplayed_reason(wait, knock, void=True) == (
        "Played out, the void hand your throw without a knock leaves does better than the expert's knock."
    )


def test_a_take_of_the_discard_before_the_throw_that_ends_the_hand_void_says_it_gives_the_other_player_a_last_turn():
    # standard rules, seed 47, both seats throwing without knocking until seat 0's draw with 3 cards
    # left: the player took 10♣, the expert would draw from the stock, and the line gave only the
    # deadwood ("Draw from the stock: taking 10♣ would not lower your deadwood (6); a blind draw is
    # expected to leave about 5."), where most of the cost played out is the computer's last turn,
    # which the take gives it (the draw from the stock leaves the stock at the void stock)
    from ginrummy_tui.ai.review import void_draw

    from .engine_helpers import never_knocking_until

    s = never_knocking_until(47, void_draw)
    v = view(s, 0)
    take, draw = parse_action("draw discard"), parse_action("draw stock")
    (m,) = review_moves(replay_history(s, [take]), 0).mistakes
    assert m.suggested == draw and m.cost >= 0.5
    assert m.reason.startswith("Draw from the stock: your throw then ends the hand, void unless you knock or go gin"), m.reason
    from ginrummy_tui.ai.review import last_turn_cost, void_take_reason

    lost, last = last_turn_cost(s, 0, take, draw)
    assert last >= 0.5 and 2 * last >= lost
    assert m.reason == void_take_reason(v, last) == (
        "Draw from the stock: your throw then ends the hand, void unless you knock or go gin, with no last turn for the "
        f"computer; taking 10♣ gives it one, to knock or go gin, which costs about {math.floor(last + 0.5)} points played out."
    ), m.reason
    # where the cost is the card's own (seed 110: 1 deadwood, a draw from the stock may make gin, the
    # take cannot), the deadwood is the reason
    s = never_knocking_until(110, void_draw)
    (m,) = review_moves(replay_history(s, [take]), 0).mistakes
    lost, last = last_turn_cost(s, 0, take, draw)
    assert m.suggested == draw and m.cost >= 0.5 and 2 * last < lost
    assert m.reason.startswith("Draw from the stock: taking J♠ would not lower your deadwood"), m.reason
