"""The hint key (h) in network play: refused plainly while the connection is
down, and one hint counted for one request however often h is pressed."""

from __future__ import annotations

import threading
from dataclasses import replace

from ginrummy_tui.tui.app import make_app
from ginrummy_tui.tui.widgets.prompt import PromptLine

from .app_helpers import settle
from .test_net_session import Changes, hosted, play  # noqa: F401 (a fixture)

SIZE = (80, 24)


def _prompt(app) -> str:
    return app.table.query_one(PromptLine).plain


async def test_a_hint_asked_while_the_connection_is_down_says_so():
    # h while reconnecting said "A hint is for your own turn": the view has no
    # moves while the connection is down, even on the player's own turn.
    app = make_app(seed=1, pause=0)
    session = app.session
    why = ["not connected to the host: reconnecting"]
    real_view = session.view
    session.view = lambda: replace(real_view(), legal_actions=()) if why[0] else real_view()
    session.blocked = lambda: why[0]
    session.status = lambda room=74: "Connection lost — reconnecting… (the host closed the connection)" if why[0] else ""
    session.ticking = True  # as a network session: the line is refreshed twice a second
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert app.table.v.my_turn
        await pilot.press("h")
        await settle(app, pilot)
        line = " ".join(_prompt(app).split())
        assert "own turn" not in line
        assert "✗ No hint now (not connected to the host: reconnecting)." in line
        why[0] = ""  # connected again: the refusal goes
        for _ in range(40):
            await pilot.pause(0.05)
            if "✗" not in _prompt(app):
                break
        assert "✗" not in _prompt(app)


async def test_a_burst_of_h_asks_for_one_hint_and_counts_one(hosted, monkeypatch):  # noqa: F811
    # On a client just connected the first hint takes a moment (the expert is
    # loaded); each h pressed meanwhile started another request, and each
    # counted a hint with the host when it came back: five presses, five hints.
    import ginrummy_tui.ai.hints as hints_module

    server, session, changes = hosted
    ann = await session(0, "Ann", join_code=server.join_code, run=False)  # the app runs its connection
    bob = await session(1, "Bob")
    release = threading.Event()
    asked: list[int] = []
    real_hint = hints_module.hint

    def slow_hint(*args, **kw):
        asked.append(1)
        release.wait(10)  # the expert still loading while h is pressed again and again
        return real_hint(*args, **kw)

    monkeypatch.setattr(hints_module, "hint", slow_hint)
    app = make_app(session=ann, pause=0)
    changes.listen(ann, "Ann")  # beside the app's listener
    async with app.run_test(size=(100, 30)) as pilot:
        await changes.until(lambda: ann.opponent_here and ann.view().my_turn)
        await settle(app, pilot)
        for _ in range(5):
            await pilot.press("h")
        release.set()
        for _ in range(200):
            await pilot.pause(0.02)
            if app.table.shown_hint is not None and not any(w.group == "hint" for w in app.workers):
                break
        assert app.table.shown_hint is not None and not any(w.group == "hint" for w in app.workers)
        assert len(asked) == 1
        await play(changes, ann)  # after what Ann's client sent before it: the host has counted every hint asked
        await changes.until(lambda: bob.client is not None and bob.client.seq == ann.client.seq)  # Bob was told the move too
        assert server.hints() == [1, 0] and bob.hints_this_hand() == (0, 1)
