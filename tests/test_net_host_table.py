"""The table in network play as the players see it: at the smallest supported size, 46x21,
the host's line keeps the join code; the host's notes of the start hold only while true."""

from __future__ import annotations

import pytest

from ginrummy_tui.engine import PRESETS, new_game
from ginrummy_tui.net.client import GameClient
from ginrummy_tui.net.remote_session import RemoteSession
from ginrummy_tui.net.server import MatchServer

from .test_net import SEED
from .test_net_session import until_app


async def test_at_46_columns_the_host_sees_the_join_code_before_the_guest_joins_and_after_they_left():
    """At 46x21 the host's line read "Waiting for Guest to join", and after the guest left
    "Waiting for Bob to come back": the code to join with was left out below 56 columns,
    and nothing else on the table shows it, so the host could not give it to the other player."""
    from ginrummy_tui.tui.app import make_app

    server = MatchServer(new_game(PRESETS["standard"], seed=SEED), names=("Ann", "Guest"), port=0)
    await server.start()
    ann = RemoteSession(*server.address, server.codes[0], "Ann", join_code=server.join_code,
                        address_hint="127.0.0.1:7970", retry_every=0.1)
    await ann.connect()
    bob = GameClient(*server.address, server.codes[1], "Bob", heartbeat=0)
    app = make_app(session=ann, pause=0)
    try:
        async with app.run_test(size=(46, 21)) as pilot:
            prompt = app.table.query_one("#prompt")
            await until_app(pilot, lambda: "Waiting for" in prompt.plain)
            assert prompt.plain.startswith(f"Waiting for Guest — code {server.join_code}"), prompt.plain
            await bob.connect()
            await until_app(pilot, lambda: "Waiting for" not in prompt.plain)
            await bob.close()  # the guest's terminal closed mid-hand
            await until_app(pilot, lambda: "Waiting for Bob" in prompt.plain)
            assert prompt.plain.startswith(f"Waiting for Bob — code {server.join_code}"), prompt.plain
    finally:
        await ann.aclose()
        await bob.close()
        await server.close()


def test_at_46_columns_the_join_code_goes_before_the_paused_clock(monkeypatch):
    """With a move clock, paused while the guest is away, the line at 46 columns has no room for
    the code and the clock both: the code stays (the clock does not run meanwhile)."""
    from rich.cells import cell_len

    from ginrummy_tui.tui.screens.game_screen import status_room

    s = RemoteSession("127.0.0.1", 7970, "J4D6-9E27", "Ann", join_code="EN9C-TENF", address_hint="127.0.0.1:7970")
    s.opponent_seen = True
    monkeypatch.setattr(RemoteSession, "opponent_name", property(lambda self: "Bob"))
    monkeypatch.setattr(RemoteSession, "online", property(lambda self: True))
    for name in ("opponent_here", "host_silent"):
        monkeypatch.setattr(RemoteSession, name, property(lambda self: False))
    monkeypatch.setattr(s, "clock", lambda: None)
    monkeypatch.setattr(s, "_paused_forms", lambda: ["⏱ 20 s for you (paused)", "⏱ 20 s (paused)"])
    wide = "Waiting for Bob to come back — join code EN9C-TENF (127.0.0.1:7970) · ⏱ 20 s for you (paused)"
    assert s.status(200) == wide
    room = status_room(46)
    assert s.status(room) == "Waiting for Bob — code EN9C-TENF"
    assert cell_len(s.status(room)) <= room


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])  # whole in its toast, and in parts
async def test_the_hosts_note_that_the_other_player_must_leave_the_old_port_goes_once_they_joined_the_new_one(size):
    """A host started again on another port said, in two parts: "... the new match is on port
    7957." then "The other player's game goes on trying port 7956 ...: they should leave it (q)
    and join the new address ...", and the second part came, and stayed 15 s, after Bob had
    joined the new match and was playing (once at the end of the hand, over its summary). Once
    a player is at the table the note is taken down, and its parts still to come never come."""
    from textual.widgets._toast import Toast

    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.host import host_app, moved_note
    from ginrummy_tui.session.control import as_sentence

    server = MatchServer(new_game(PRESETS["standard"], seed=SEED), names=("Ann", "Guest"), port=0)
    await server.start()
    port = server.address[1]
    moved = moved_note(port - 1, port, f"127.0.0.1:{port}", new=True)
    ann = RemoteSession(*server.address, server.codes[0], "Ann", join_code=server.join_code, retry_every=0.1,
                        until_joined=[moved])
    await ann.connect()
    bob = GameClient(*server.address, server.codes[1], "Bob", heartbeat=0)
    app = host_app(ann, parse_command_line(["host", "--name", "Ann"]), [moved])

    def toasts() -> str:
        return " ".join(" ".join(str(toast.render()).split()) for toast in app.screen.query(Toast))

    try:
        async with app.run_test(size=size, notifications=True) as pilot:
            await until_app(pilot, lambda: f"hosted on port {port - 1}" in toasts())
            assert app.start_notes is not None
            if size == (80, 24):  # its second part is still to come
                assert "cannot be told" not in toasts() and app.start_notes.unshown() == [as_sentence(moved)]
            await bob.connect()
            await until_app(pilot, lambda: "Bob joined" in toasts())
            await until_app(pilot, lambda: "port" not in toasts())  # taken down at once, not after its seconds
            assert app.start_notes.unshown() == []
            app.start_notes._next()  # the next part, without waiting for its time: none
            await pilot.pause()
            assert "port" not in toasts() and "Bob joined" in toasts()
    finally:
        await ann.aclose()
        await bob.close()
        await server.close()
    assert app.unshown_notes() == []


async def test_at_46_columns_a_long_name_is_shortened_on_the_moves_line_as_on_its_label_and_the_move_whole():
    """At 46x21 the guest's moves line read "Zoë 日本語 Ångström-Ba… dealt. The upcard i…" under
    the label "Zoë 日本語…": the card, which the line is for, was cut off, and the name shortened
    two ways on one screen (the score line whole).  The lines name them as the label does, and the
    move is said whole."""
    from ginrummy_tui.engine import Action, Kind, apply
    from ginrummy_tui.net import protocol as P
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.widgets.cardfaces import card_label
    from ginrummy_tui.tui.widgets.moves_line import MovesLine
    from ginrummy_tui.tui.widgets.opponent_hand import OpponentHand
    from ginrummy_tui.tui.widgets.scoreboard import Scoreboard

    from .test_net_session import played_until

    name = P.clean_name("Zoë 日本語 Ångström-Bartholomew the Third", "Ann")
    assert name == "Zoë 日本語 Ångström-Ba…"
    state = played_until(new_game(PRESETS["standard"], seed=SEED), ("hand_over",))
    state = apply(state, Action(Kind.NEXT_HAND), seat=0)  # hand 2, the host's deal
    assert state.hand_no == 2 and state.dealer == 0
    server = MatchServer(state, names=(name, "Guest"), port=0)
    await server.start()
    host = GameClient(*server.address, server.codes[0], name, heartbeat=0)
    bob = RemoteSession(*server.address, server.codes[1], "Bob", retry_every=0.1)
    await host.connect()
    await bob.connect()
    app = make_app(session=bob, pause=0)
    try:
        async with app.run_test(size=(46, 21)) as pilot:
            moves = app.table.query_one(MovesLine)
            await until_app(pilot, lambda: "dealt" in str(moves.render()))
            await pilot.pause()
            line = str(moves.render()).strip()
            upcard = bob.view().upcard
            assert upcard is not None
            assert line.endswith(f"Zoë 日本語… dealt. The upcard is {card_label(upcard)}."), line
            label = str(app.table.query_one(OpponentHand).render().renderables[0])
            assert label.startswith("Zoë 日本語… · "), label
            score = str(app.table.query_one(Scoreboard).render())
            assert "Zoë 日本語… " in score and "Ångström" not in score, score  # and the score line
    finally:
        await bob.aclose()
        await host.close()
        await server.close()


@pytest.mark.parametrize("size", [(46, 21), (80, 24)])
async def test_the_hosts_notes_leave_the_other_players_name_line_readable(size):
    """At 46x21 the host's notes stood right under the score line, over the line of the other
    player's name and cards: "Bob · 10 ca▌ Bob joined.", then "Bob left the table: the game waits
    for them to come back." under it.  They stand under that line, as they do from 24 rows and 80
    columns, beside the other player's cards and the piles, above the line of the last moves."""
    from textual.widgets._toast import Toast

    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.widgets.moves_line import MovesLine
    from ginrummy_tui.tui.widgets.opponent_hand import OpponentHand

    from .app_helpers import screen_text

    server = MatchServer(new_game(PRESETS["standard"], seed=SEED), names=("Ann", "Guest"), port=0)  # no move clock
    await server.start()
    ann = RemoteSession(*server.address, server.codes[0], "Ann", join_code=server.join_code, retry_every=0.1)
    await ann.connect()
    bob = GameClient(*server.address, server.codes[1], "Bob", heartbeat=0)
    app = make_app(session=ann, pause=0)

    def toasts() -> list[Toast]:
        return [toast for toast in app.screen.query(Toast) if toast.region.height]

    def clear_of_the_name_line(count: int) -> None:
        label = app.table.query_one(OpponentHand).region
        row = screen_text(app).splitlines()[label.y]
        assert row[label.x : label.right].strip() == "Bob · 10 cards", row
        moves = app.table.query_one(MovesLine).region
        assert len(toasts()) == count
        for toast in toasts():
            assert label.y < toast.region.y and toast.region.bottom <= moves.y, (label, toast.region, moves)

    try:
        async with app.run_test(size=size, notifications=True) as pilot:
            prompt = app.table.query_one("#prompt")
            await until_app(pilot, lambda: "Waiting for" in prompt.plain)
            await bob.connect()
            await until_app(pilot, lambda: any("Bob joined" in str(t.render()) for t in toasts()))
            await pilot.pause()
            clear_of_the_name_line(1)
            await bob.close()  # the guest's terminal closed: a second note under the first
            await until_app(pilot, lambda: len(toasts()) == 2)
            await pilot.pause()
            clear_of_the_name_line(2)
    finally:
        await ann.aclose()
        await bob.close()
        await server.close()


@pytest.mark.parametrize("size", [(46, 21), (80, 24)])
async def test_the_screens_over_the_hosts_table_show_the_join_code_until_the_guest_joins(size):
    """Without a move clock, the rule sheet (F1), the scores (c) and the list of turns (m),
    opened by the host while the other seat was empty, did not show the join code that the
    table's line and the quit question give: at 46x21 the rule sheet covers the whole table, and
    a host who opened it could not read the code to give.  Those screens have the table's line
    at their top, fitted to the width, until the guest joins."""
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.move_clock import ClockBadge
    from ginrummy_tui.tui.screens.game_screen import status_room

    from .app_helpers import screen_text

    server = MatchServer(new_game(PRESETS["standard"], seed=SEED), names=("Ann", "Guest"), port=0)  # no move clock
    await server.start()
    ann = RemoteSession(*server.address, server.codes[0], "Ann", join_code=server.join_code,
                        address_hint="127.0.0.1:7970", retry_every=0.1)
    await ann.connect()
    bob = GameClient(*server.address, server.codes[1], "Bob", heartbeat=0)
    app = make_app(session=ann, pause=0)

    def top_line() -> str | None:
        """The line at the top of the screen over the table, as drawn, when it is up."""
        badges = [badge for badge in app.screen.query(ClockBadge) if badge.display and badge.region.height]
        if not badges:
            return None
        return screen_text(app).splitlines()[badges[0].region.y].strip()

    try:
        async with app.run_test(size=size) as pilot:
            prompt = app.table.query_one("#prompt")
            await until_app(pilot, lambda: "Waiting for" in prompt.plain)
            line = ann.status(status_room(size[0]))
            assert server.join_code in line and line in prompt.plain
            for key in ("f1", "c", "m"):
                await pilot.press(key)
                await until_app(pilot, lambda: app.screen is not app.table and top_line() is not None)
                assert top_line() == line, (key, top_line())
                await pilot.press("escape")
                await until_app(pilot, lambda: app.screen is app.table)
            await pilot.press("c")
            await until_app(pilot, lambda: top_line() == line)
            await bob.connect()
            await until_app(pilot, lambda: top_line() is None)  # taken away once they joined
            assert server.join_code not in screen_text(app).splitlines()[0]
    finally:
        await ann.aclose()
        await bob.close()
        await server.close()
