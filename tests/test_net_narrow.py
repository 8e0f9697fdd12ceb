"""Network play at the smallest supported size, 46x21: the host's line keeps the join code,
and the moves line names a long name as the other player's label does."""

from __future__ import annotations

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
