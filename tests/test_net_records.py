"""What a hosted match leaves on disk: the archive of each match, the
records of the statistics on both sides, what a host restart takes up again,
the order of each seat's cards for its next start."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from ginrummy_tui.engine import PRESETS, Action, apply, legal_actions, new_game, view
from ginrummy_tui.engine.kinds import Kind
from ginrummy_tui.storage.stats import NETWORK
from ginrummy_tui.storage.store import Store, read_save

from .test_net import SEED

TIMED = PRESETS["multiplayer-1.5"]


def _host(tmp_path, **kw):
    from ginrummy_tui.cli.host import SAVE_NAME, prepare_match

    store = Store(tmp_path, SAVE_NAME)
    options = dict(rules_name="multiplayer-1.5", seed=SEED, new=False, name="Ann", say=lambda text: None)
    options.update(kw)
    keeper, state, code = prepare_match(store, **options)
    return store, keeper, state, code


def test_each_hosted_match_of_a_run_keeps_its_own_archive(tmp_path):
    # A new match after a finished one (both players pressed n) was archived
    # under the first match's id: the second archive replaced the first.
    store, keeper, state, _ = _host(tmp_path)
    first = apply(state, Action(Kind.TIMEOUT))  # the host's time runs out: the match is over
    keeper.on_change(first)
    second = apply(apply(first, Action(Kind.NEW_MATCH)), Action(Kind.TIMEOUT))
    keeper.on_change(apply(first, Action(Kind.NEW_MATCH)))
    keeper.on_change(second)
    archived = sorted(store.archive_dir.glob("*.json"))
    assert len(archived) == 2
    matches = sorted(read_save(path).state.match_no for path in archived)  # type: ignore[union-attr]
    assert matches == [1, 2]


def _figures(root):
    from ginrummy_tui.storage.history import open_history

    opening = open_history(root, create=False)
    assert opening.history is not None, opening.messages
    try:
        return opening.history.stats(), list(opening.history.records())
    finally:
        opening.history.close()


async def test_a_finished_network_match_is_recorded_once_on_each_side(tmp_path):
    # The host kept no record of network matches (record=False) and the guest
    # none at all, while F3 says that finished matches are counted.
    from ginrummy_tui.cli.host import SaveReporter, match_server
    from ginrummy_tui.session.keeper import SeatRecords
    from ginrummy_tui.storage.stats import NETWORK

    from .test_net import NEVER_SILENT, FakeClock
    from .test_net_session import Changes, Seats, play

    store, keeper, state, code = _host(tmp_path / "host")
    reporter = SaveReporter(keeper)
    clock = FakeClock()
    server = match_server(reporter, state, code, name="Ann", bind="127.0.0.1", port=0, auth_delay=0.01, clock=clock, silent_after=NEVER_SILENT)
    host, port = await server.start()
    changes = Changes()
    seats = Seats(host, port, changes)
    records = SeatRecords(tmp_path / "guest", opponent=NETWORK)
    try:
        ann = await seats.join(server.host_code, "Ann")
        bob = await seats.join(code, "Bob", records=records)
        for _ in range(3):
            mover = ann if server.state.current == 0 else bob
            await changes.until(lambda m=mover: m.view().my_turn and m.opponent_here)
            await play(changes, mover)
        ann.add_hint()
        bob.add_hint()
        bob.add_hint()
        await changes.until(lambda: ann.hints_this_hand() == (1, 2))
        loser = server.state.current
        clock.forward(30)  # the player to move runs out of time: the match is over
        await changes.until(lambda: bob.view().phase == "match_over" and ann.view().phase == "match_over")
        first_id = keeper.match_id
        # the match-over view comes again (a player asks for a new match, the guest joins again): once is enough
        ann.submit(Action(Kind.NEW_MATCH))
        await changes.until(lambda: server.connected() and any(bob.client.ready))
        for _ in range(200):  # the guest's record of it is written by its writes' thread
            if not records.writes.pending():
                break
            await asyncio.sleep(0.02)
        again = SeatRecords(tmp_path / "guest", opponent=NETWORK)
        again.observe(bob.view(), first_id)
        again.close()
        assert again.errors == []
        bob.submit(Action(Kind.NEW_MATCH))
        await changes.until(lambda: bob.view().match_no == 2 and ann.view().match_no == 2)
        clock.forward(30)  # the second match ends the same way
        await changes.until(lambda: bob.view().phase == "match_over")
    finally:
        await seats.close()
        await server.close()
        keeper.close_history()
        records.close()
    assert records.errors == []
    host_stats, host_records = _figures(tmp_path / "host")
    guest_stats, guest_records = _figures(tmp_path / "guest")
    host_records.sort(key=lambda r: r["match_no"])  # both started within a second: in the order they were played
    guest_records.sort(key=lambda r: r["match_no"])
    # the host counts its matches against a person, apart from the computer's levels
    assert list(host_stats.groups) == list(guest_stats.groups) == [(NETWORK, "multiplayer-1.5")]
    assert host_stats.total.matches == guest_stats.total.matches == 2
    assert [r["id"] for r in host_records] == [r["id"] for r in guest_records]
    assert host_records[0]["id"] == first_id and host_records[1]["id"] != first_id
    # each from its own side: what the host won the guest lost
    first_host, first_guest = host_records[0], guest_records[0]
    assert first_host["winner"] == 1 - loser and first_guest["winner"] == loser
    assert first_guest["totals"] == first_host["totals"][::-1]
    assert first_host["hints"] == 1 and first_guest["hints"] == 2
    assert host_stats.total.won + guest_stats.total.won == 2
    assert host_stats.total.timeouts_lost + guest_stats.total.timeouts_lost == 2
    [hand] = first_guest["hands"]
    assert hand["kind"] == "timeout" and hand["winner"] == first_guest["winner"]
    assert [m["seat"] for m in hand["moves"]] == [1 - m["seat"] for m in first_host["hands"][0]["moves"]]
    # each side's record names the other player (it said "network" of both)
    assert [r.get("opponent_name") for r in host_records] == ["Bob", "Bob"]
    assert [r.get("opponent_name") for r in guest_records] == ["Ann", "Ann"]


async def test_the_guest_records_the_start_and_the_hints_of_the_whole_match_as_the_host_tells_them(
    tmp_path, monkeypatch
):
    # The guest's record of a match said it started when the guest last ran
    # gin-tui join, and left out the hints shown before that.
    import ginrummy_tui.net.server
    import ginrummy_tui.session.keeper
    from ginrummy_tui.session.keeper import SeatRecords

    monkeypatch.setattr(ginrummy_tui.session.keeper, "new_match_id", lambda: "20260102-030405-abcd")  # the start
    second_run = SeatRecords(tmp_path / "guest", opponent=NETWORK)
    try:
        async with _guest_recorded(tmp_path) as (keeper, server, clock, code, changes, seats, first_run):
            ann = await seats.join(server.host_code, "Ann")
            bob = await seats.join(code, "Bob", records=first_run)
            # Ann's own session has seen Bob join too: her move is not refused as made before he came
            await changes.until(lambda: bob.opponent_here and ann.view().my_turn and not ann.blocked())
            ann.submit(Action(Kind.DRAW_STOCK))  # the first move: the match starts
            bob.add_hint()
            await changes.until(lambda: ann.hints_this_hand() == (0, 1) and bob.client.seq == 1)
            await bob.aclose()  # Bob quits gin-tui join, and runs it again
            first_run.close()
            monkeypatch.setattr(ginrummy_tui.net.server, "now_iso", lambda: "2026-01-02T09:09:09Z", raising=False)
            bob = await seats.join(code, "Bob", records=second_run)
            bob.add_hint()
            await changes.until(lambda: ann.hints_this_hand() == (0, 2) and ann.opponent_here)
            clock.forward(30)  # Ann runs out of time: the match is over
            await changes.until(lambda: bob.view().phase == "match_over")
    finally:
        second_run.close()
    assert second_run.errors == []
    _, [record] = _figures(tmp_path / "guest")
    assert record["started"] == "2026-01-02T03:04:05Z"
    assert record["hints"] == 2


@contextlib.asynccontextmanager
async def _guest_recorded(tmp_path):
    """A host on its match in ``tmp_path / "host"`` with a clock of its own, and the
    guest's records in ``tmp_path / "guest"``: the keeper, the server, the clock, the
    guest's code, the changes, the seats and the guest's records, closed after."""
    from ginrummy_tui.cli.host import SaveReporter, match_server
    from ginrummy_tui.session.keeper import SeatRecords

    from .test_net import NEVER_SILENT, FakeClock
    from .test_net_session import Changes, Seats

    store, keeper, state, code = _host(tmp_path / "host")
    clock = FakeClock()
    server = match_server(SaveReporter(keeper), state, code, name="Ann", port=0, auth_delay=0.01, clock=clock, silent_after=NEVER_SILENT)
    host, port = await server.start()
    changes = Changes()
    seats = Seats(host, port, changes)
    records = SeatRecords(tmp_path / "guest", opponent=NETWORK)
    try:
        yield keeper, server, clock, code, changes, seats, records
    finally:
        await seats.close()
        await server.close()
        keeper.close_history()
        records.close()


async def test_the_guest_s_record_of_a_match_starts_when_the_host_s_record_of_it_does(tmp_path, monkeypatch):
    # The host's record of a match starts when the match was begun (the time its id
    # begins with: for the first match, when the host started and waited for its
    # guest), the guest's started at its first move: the same match had two starts.
    import ginrummy_tui.session.keeper
    from ginrummy_tui.storage.files import new_match_id

    ids = iter(["20260102-030405-abcd"])  # the host began long before its guest came
    monkeypatch.setattr(ginrummy_tui.session.keeper, "new_match_id", lambda: next(ids, None) or new_match_id())
    async with _guest_recorded(tmp_path) as t:
        keeper, server, clock, code, changes, seats, records = t
        ann = await seats.join(server.host_code, "Ann")
        bob = await seats.join(code, "Bob", records=records)
        # Ann's own session has seen Bob join too: her move is not refused as made before he came
        await changes.until(lambda: bob.opponent_here and ann.view().my_turn and not ann.blocked())
        ann.submit(Action(Kind.DRAW_STOCK))  # the first move
        await changes.until(lambda: bob.client.seq == 1)
        clock.forward(30)  # Ann runs out of time: the match is over
        await changes.until(lambda: bob.view().phase == "match_over" and ann.view().phase == "match_over")
        ann.submit(Action(Kind.NEW_MATCH))
        await changes.until(lambda: any(bob.client.ready))
        bob.submit(Action(Kind.NEW_MATCH))  # the next match is dealt: it begins now
        await changes.until(lambda: bob.view().match_no == 2 and ann.view().match_no == 2)
        clock.forward(30)
        await changes.until(lambda: bob.view().phase == "match_over")
    assert records.errors == []
    _, host_records = _figures(tmp_path / "host")
    _, guest_records = _figures(tmp_path / "guest")
    host_started = {r["id"]: r["started"] for r in host_records}
    guest_started = {r["id"]: r["started"] for r in guest_records}
    assert host_started["20260102-030405-abcd"] == "2026-01-02T03:04:05Z"
    assert len(guest_started) == 2 and guest_started == host_started


async def test_a_guest_who_sees_the_match_over_only_on_joining_again_records_it(tmp_path):
    # The view a guest's gin-tui join is given as it takes its seat was not looked
    # at: a guest whose terminal closed as the match ended, and who joined again to
    # see the result, did not record the match.
    async with _guest_recorded(tmp_path) as t:
        keeper, server, clock, code, changes, seats, records = t
        ann = await seats.join(server.host_code, "Ann")
        bob = await seats.join(code, "Bob")  # a gin-tui join whose terminal closes as the match ends
        await changes.until(lambda: bob.opponent_here and ann.view().my_turn)
        clock.forward(30)  # Ann runs out of time: the match is over
        await changes.until(lambda: ann.view().phase == "match_over")
        await bob.aclose()
        again = await seats.join(code, "Bob", records=records)  # gin-tui join again: the match is over
        assert again.view().phase == "match_over"
    assert records.errors == []
    _, guest_records = _figures(tmp_path / "guest")
    assert [r["id"] for r in guest_records] == [keeper.match_id]


def test_a_hosted_match_given_up_for_a_new_one_counts_as_abandoned(tmp_path):
    from ginrummy_tui.engine import legal_actions
    from ginrummy_tui.storage.stats import NETWORK

    store, keeper, state, _ = _host(tmp_path)
    while not any(m.seat == 0 for m in state.history):  # the host makes a move
        state = apply(state, legal_actions(state)[0])
        keeper.on_change(state)
    keeper.close_history()
    _, _, fresh, _ = _host(tmp_path, new=True)
    stats, records = _figures(tmp_path)
    assert stats.groups[(NETWORK, "multiplayer-1.5")].abandoned == 1 and stats.total.matches == 0
    assert [r["abandoned"] for r in records] == [True]
    assert (store.archive_dir / f"{records[0]['id']}.json").is_file()  # kept, as a local match is


def test_a_hosted_match_given_up_before_a_hand_ended_is_recorded_with_the_guest_s_name(tmp_path):
    # Its record said "Opponent: network", without the name, where the others say "Carol (network)".
    from ginrummy_tui.engine import legal_actions
    from ginrummy_tui.storage.history import open_history
    from ginrummy_tui.storage.reports import format_match

    store, keeper, state, _ = _host(tmp_path)
    keeper.ui = lambda: {"names": ["Ann", "Carol"], "seated": [True, True]}  # the server's table, saved with it
    while not any(m.seat == 0 for m in state.history):  # the host makes a move
        state = apply(state, legal_actions(state)[0])
        keeper.on_change(state)
    keeper.close_history()
    _host(tmp_path, new=True)
    _, [record] = _figures(tmp_path)
    assert record["abandoned"] is True and record["hands"] == []
    assert record["opponent_name"] == "Carol"
    assert "  Opponent: Carol (network)   Rules:" in format_match(record)
    hist = open_history(tmp_path).history
    assert hist is not None
    try:
        [summary] = list(hist.summaries())
    finally:
        hist.close()
    assert summary["opponent_name"] == "Carol"


def test_a_network_match_is_told_as_one_against_a_person():
    from ginrummy_tui.storage.reports import format_match
    from ginrummy_tui.storage.stats import NETWORK

    hand = {"hand_no": 1, "dealer": 0, "kind": "knock", "knocker": 1, "winner": 1, "points": 12,
            "deadwood": [14, 2], "scores": [0, 12], "hands": [["2C"], ["3C"]],
            "moves": [{"seat": 1, "action": "draw stock", "card": None}]}
    record = {"id": "m1", "opponent": NETWORK, "preset": "standard", "finished": True, "winner": 1,
              "totals": [0, 112], "hands": [hand]}
    text = format_match(record)
    assert "Computer" not in text and "cpu" not in text
    assert "Opponent (network) +12" in text and "Their hand:    3C" in text and "them: draw stock" in text


def test_the_guest_s_record_told_as_text_shows_no_seed_rather_than_none():
    """gin-tui export --format text said 'Seed: None' of a match recorded by the guest, who never knows the seed."""
    from ginrummy_tui.engine import new_game
    from ginrummy_tui.storage.history_records import seat_record
    from ginrummy_tui.storage.reports import format_match
    from ginrummy_tui.storage.stats import NETWORK

    state = apply(new_game(TIMED, seed=SEED), Action(Kind.TIMEOUT))  # the first to move runs out of time
    assert state.over
    text = format_match(seat_record(view(state, 1), "m1", opponent=NETWORK))
    assert "None" not in text, text
    assert "  Opponent: network   Rules: multiplayer-1.5   Seed: -\n" in text


async def test_a_host_restart_keeps_who_asked_for_the_next_hand_and_the_hints_of_the_hand(tmp_path):
    # A host started again on its saved match had forgotten that the guest had
    # pressed Enter for the next hand (the guest was asked again, though its
    # screen said it was waiting), and the hints shown in the hand in play.
    from ginrummy_tui.cli.host import SaveReporter, match_server

    from .test_net_session import Changes, Seats, play

    async def hosting(**kw):
        store, keeper, state, code = _host(tmp_path, rules_name="standard", **kw)
        server = match_server(SaveReporter(keeper), state, code, name="Ann", bind="127.0.0.1", port=0,
                              auth_delay=0.01)
        host, port = await server.start()
        changes = Changes()
        seats = Seats(host, port, changes)
        ann = await seats.join(server.host_code, "Ann")
        bob = await seats.join(code, "Bob")
        await changes.until(lambda: ann.opponent_here and bob.opponent_here)
        return keeper, server, changes, seats, ann, bob

    keeper, server, changes, seats, ann, bob = await hosting()
    try:
        bob.add_hint()
        bob.add_hint()
        while server.state.phase.playing:  # the first hand is played out
            mover = ann if server.state.current == 0 else bob
            await changes.until(lambda m=mover: m.view().my_turn)
            await play(changes, mover)
        await changes.until(lambda: bob.view().phase == "hand_over" and bob.hints_this_hand() == (2, 0))
        bob.submit(Action(Kind.NEXT_HAND))  # Bob goes on; the host stops before Ann does
        await changes.until(lambda: ann.client.ready == [False, True])
    finally:
        await seats.close()
        await server.close()
        keeper.close_history()
    keeper, server, changes, seats, ann, bob = await hosting()  # the host again, on its saved match
    try:
        assert server.state.phase == "hand_over"
        assert ann.client.ready == [False, True] and "Waiting for Ann to go on" in bob.status()
        assert ann.hints_this_hand() == (0, 2) and bob.hints_this_hand() == (2, 0)
        ann.submit(Action(Kind.NEXT_HAND))  # Ann alone deals the next hand: Bob asked already
        await changes.until(lambda: bob.view().hand_no == 2 and bob.view().phase.playing)
        assert bob.hints_this_hand() == (0, 0)
    finally:
        await seats.close()
        await server.close()
        keeper.close_history()


async def test_a_host_restarted_between_hands_names_the_guest_before_the_guest_is_back(tmp_path):
    # A host started again between hands called the guest "Guest" on its end-of-hand
    # summary until the next hand, though the guest had given a name.
    from ginrummy_tui.cli.host import SaveReporter, match_server

    from .test_net_session import Changes, Seats, play

    store, keeper, state, code = _host(tmp_path, rules_name="standard")
    server = match_server(SaveReporter(keeper), state, code, name="Ann", port=0, auth_delay=0.01)
    host, port = await server.start()
    changes = Changes()
    seats = Seats(host, port, changes)
    try:
        ann = await seats.join(server.host_code, "Ann")
        bob = await seats.join(code, "Bob")
        while server.state.phase.playing:  # the first hand is played out
            mover = ann if server.state.current == 0 else bob
            await changes.until(lambda m=mover: m.view().my_turn and m.opponent_here)
            await play(changes, mover)
    finally:
        await seats.close()
        await server.close()
        keeper.close_history()
    _, keeper, resumed, code = _host(tmp_path, rules_name="standard")  # the host again, on its saved match
    assert resumed.phase == "hand_over"
    server = match_server(SaveReporter(keeper), resumed, code, name="Ann", port=0, auth_delay=0.01)
    host, port = await server.start()
    seats = Seats(host, port, changes)
    try:
        ann = await seats.join(server.host_code, "Ann")
        assert not ann.opponent_here and ann.opponent_name == "Bob"
    finally:
        await seats.close()
        await server.close()
        keeper.close_history()


async def _hosting_on_the_clock(tmp_path):
    """The host on its match (saved in ``tmp_path``) with a clock of its own,
    Ann and Bob at the table, the move clock running: the keeper, the server,
    the clock and the two players' clients."""
    from ginrummy_tui.cli.host import SaveReporter, match_server
    from ginrummy_tui.net.client import GameClient

    from .test_net import NEVER_SILENT, FakeClock

    store, keeper, state, code = _host(tmp_path)
    clock = FakeClock()
    server = match_server(SaveReporter(keeper), state, code, name="Ann", port=0, auth_delay=0.01, clock=clock, silent_after=NEVER_SILENT)
    host, port = await server.start()
    ann = GameClient(host, port, server.host_code, "Ann", heartbeat=0)
    bob = GameClient(host, port, code, "Bob", heartbeat=0)
    await ann.connect()
    await bob.connect()
    await ann.wait_for(lambda c: c.clock is not None and c.clock["running"])
    return keeper, server, clock, ann, bob


async def test_a_host_restart_carries_on_the_move_in_play_with_the_time_it_had_left(tmp_path):
    # A host started again on its saved match gave the move in play the full
    # 30 s again, as the local game did before it saved the time left at a quit.
    keeper, server, clock, ann, bob = await _hosting_on_the_clock(tmp_path)
    try:
        assert ann.clock["remaining"] == 30
        clock.forward(12)  # Ann thinks for 12 s; the host quits
    finally:
        await ann.close()
        await bob.close()
        await server.close()
        keeper.close_history()
    keeper, server, clock, ann, bob = await _hosting_on_the_clock(tmp_path)  # the host again, on its saved match
    try:
        assert server.state.history == ()  # the same move in play
        assert ann.clock["remaining"] == 18 and bob.clock["remaining"] == 18
        clock.forward(18)  # the rest of Ann's time: she loses
        await ann.wait_for(lambda c: c.view.phase == "match_over")
    finally:
        await ann.close()
        await bob.close()
        await server.close()
        keeper.close_history()


async def test_a_host_stopped_with_both_players_at_the_table_keeps_the_time_left_through_its_last_save(tmp_path):
    # gin-tui host stopped (Ctrl+C with --server-only, a signal) while both players
    # were at the table: its server saved the move's time left, then the host's last
    # save (close_kept) wrote the table again with the move's full time, and a host
    # started again gave the move a fresh 30 s.
    from ginrummy_tui.session.startup import close_kept

    keeper, server, clock, ann, bob = await _hosting_on_the_clock(tmp_path)
    try:
        clock.forward(12)  # Ann thinks for 12 s; the host is stopped, both players still there
        await server.close()
        close_kept(keeper)  # the host's end: saved one last time
    finally:
        await ann.close()
        await bob.close()
    keeper, server, clock, ann, bob = await _hosting_on_the_clock(tmp_path)  # the host again, on its saved match
    try:
        assert server.state.history == ()  # the same move in play
        assert ann.clock["remaining"] == 18 and bob.clock["remaining"] == 18
    finally:
        await ann.close()
        await bob.close()
        await server.close()
        keeper.close_history()


@pytest.mark.parametrize("mover", ["host", "guest"])
async def test_a_host_killed_mid_move_carries_on_the_move_with_no_more_than_the_time_it_had_left(tmp_path, mover):
    # A host killed (kill -9, a crash) in the middle of a move left a save with the
    # time left only as of the move's start: started again, it gave the move its
    # full 30 s (a player could reset their own clock by killing the host).
    import shutil

    keeper, server, clock, ann, bob = await _hosting_on_the_clock(tmp_path)
    try:
        saves = keeper.store.saves
        if mover == "guest":  # Ann draws and discards: Bob's move
            for _ in range(2):
                seq = ann.seq
                await ann.submit(legal_actions(server.state)[0])
                await ann.wait_for(lambda c, seq=seq: c.seq > seq)
            assert server.state.current == 1
            saves = keeper.store.saves
        clock.forward(19)  # the player to move thinks for 19 s; the host is killed
        written = keeper.store.saves - saves
        shutil.copy(keeper.store.path, tmp_path / "killed.json")  # what kill -9 leaves on disk
    finally:
        await ann.close()
        await bob.close()
        await server.close()
        keeper.close_history()
    shutil.copy(tmp_path / "killed.json", keeper.store.path)
    keeper, server, clock, ann, bob = await _hosting_on_the_clock(tmp_path)  # the host again, on its saved match
    try:
        left = ann.clock["remaining"]
        assert ann.clock["seat"] == (0 if mover == "host" else 1)
        assert 11 <= left <= 12 and bob.clock["remaining"] == left
        assert 15 <= written <= 21  # about one save a second while the clock runs: cheap
    finally:
        await ann.close()
        await bob.close()
        await server.close()
        keeper.close_history()


@pytest.mark.parametrize(("asked", "rules", "seed"), [
    (dict(rules_name="oklahoma", seed=9), PRESETS["oklahoma"], "9"),
    (dict(rules_name=None, rule_options={"knock_limit": 7}, seed=None), PRESETS["standard"].with_options(knock_limit=7), None),
])
async def test_a_host_resumed_with_other_rules_or_seed_plays_the_next_match_with_them(tmp_path, asked, rules, seed):
    # The host resumed its match with --rules oklahoma (or --seed 9): its table said the
    # choice starts with the next match, but the next match had the old rules and seed again.
    from ginrummy_tui.cli.host import SaveReporter, match_server, next_match

    from .test_net import NEVER_SILENT, FakeClock
    from .test_net_session import Changes, Seats

    _host(tmp_path, seed=7)  # the first run: multiplayer-1.5, seed 7
    store, keeper, state, code = _host(tmp_path, **asked)  # the host again, on its saved match
    assert state.rules == TIMED and state.seed == "7"
    clock = FakeClock()
    made = next_match(asked["rules_name"], asked.get("rule_options", {}), asked["seed"])
    server = match_server(SaveReporter(keeper), state, code, name="Ann", port=0, auth_delay=0.01, clock=clock, silent_after=NEVER_SILENT,
                          new_match=made)
    host, port = await server.start()
    changes = Changes()
    seats = Seats(host, port, changes)
    try:
        ann = await seats.join(server.host_code, "Ann")
        bob = await seats.join(code, "Bob")
        await changes.until(lambda: ann.opponent_here and bob.opponent_here)
        clock.forward(30)  # Ann runs out of time: the match is over
        await changes.until(lambda: bob.view().phase == "match_over" and ann.view().phase == "match_over")
        ann.submit(Action(Kind.NEW_MATCH))
        bob.submit(Action(Kind.NEW_MATCH))
        await changes.until(lambda: bob.view().match_no == 2 and ann.view().match_no == 2)
        assert server.state.rules == rules and bob.view().rules == rules
        assert server.state.seed == (seed or "7")
        saved = read_save(store.path)
        assert saved is not None and not isinstance(saved, Exception)
        assert saved.state.match_no == 2 and saved.state.rules == rules and saved.state.seed == (seed or "7")
    finally:
        await seats.close()
        await server.close()
        keeper.close_history()


async def test_a_host_that_quits_on_the_match_result_plays_the_next_match_with_the_same_join_code(tmp_path):
    # A host that quit on the match's result said only "the match is over."; started again
    # it began a new match with a new join code, and the guest, still reconnecting, was
    # told to ask for the new code.
    from ginrummy_tui.cli.host import SaveReporter, closing_words, match_server

    from .test_net import NEVER_SILENT, FakeClock
    from .test_net_session import Changes, Seats

    async def hosting(notes):
        store, keeper, state, code = _host(tmp_path, notes=notes)
        clock = FakeClock()
        server = match_server(SaveReporter(keeper), state, code, name="Ann", port=0, auth_delay=0.01, clock=clock, silent_after=NEVER_SILENT)
        host, port = await server.start()
        seats = Seats(host, port, Changes())
        ann = await seats.join(server.host_code, "Ann")
        bob = await seats.join(code, "Bob")
        return keeper, server, clock, code, seats, ann, bob

    keeper, server, clock, code, seats, ann, bob = await hosting([])
    try:
        await seats.changes.until(lambda: ann.opponent_here and bob.opponent_here)
        clock.forward(30)  # Ann runs out of time: the match is over
        await seats.changes.until(lambda: bob.view().phase == "match_over" and ann.view().phase == "match_over")
        bob.submit(Action(Kind.NEW_MATCH))  # Bob asks for a new match; Ann quits
        await seats.changes.until(lambda: server._ready == [False, True])
        first = keeper.match_id
    finally:
        await seats.close()
        await server.close()
        keeper.close_history()
    words, trouble = closing_words(server.state.over, keeper, [], code, "gin-tui host")
    assert not trouble and words == (
        f"the match is over; 'gin-tui host' shows its result again and plays the next match with the same join code {code}.")
    notes: list[str] = []
    keeper, server, clock, again, seats, ann, bob = await hosting(notes)  # the same command again
    try:
        assert again == code and server.state.over and server.state.match_no == 1
        assert any(note.startswith("the last match is over") for note in notes), notes
        await seats.changes.until(lambda: ann.opponent_here and ann.client.ready == [False, True])
        ann.submit(Action(Kind.NEW_MATCH))  # Bob asked already
        await seats.changes.until(lambda: bob.view().match_no == 2 and ann.view().match_no == 2)
        assert keeper.match_id != first and keeper.settings["join_code"] == code
        saved = read_save(keeper.store.path)
        assert saved is not None and not isinstance(saved, Exception) and saved.state.match_no == 2
    finally:
        await seats.close()
        await server.close()
        keeper.close_history()
    assert [path.name for path in keeper.store.archive_dir.glob("*.json")] == [f"{first}.json"]
    _, records = _figures(tmp_path)
    assert [r["id"] for r in records] == [first]  # recorded once


def test_an_old_save_of_a_hosted_match_loads_without_the_table(tmp_path):
    from ginrummy_tui.cli.host import SaveReporter, match_server

    store, keeper, state, code = _host(tmp_path)
    keeper.on_change(state)  # a save as earlier versions wrote it: no table in its "ui"
    saved = read_save(store.path)
    assert saved is not None and not isinstance(saved, Exception)
    _, keeper, resumed, _ = _host(tmp_path)
    server = match_server(SaveReporter(keeper), resumed, code, name="Ann")
    table = server.table()
    assert resumed == state and table.pop("match")["hints"] == [0, 0]
    assert table == {"hand": [1, 1], "ready": [False, False], "hints": [0, 0], "names": ["Ann", "Guest"],
                     "seated": [False, False]}
    keeper.close_history()


def test_a_save_of_a_hosted_match_without_seated_restores_its_table(tmp_path):
    # A save of an earlier version has a table without "seated" (which seats have had
    # a player): the rest of it is taken up, and no seat has had a player yet.
    from ginrummy_tui.cli.host import SaveReporter, match_server

    store, keeper, state, code = _host(tmp_path)
    table = match_server(SaveReporter(keeper), state, code, name="Ann").table()
    table.update(names=["Ann", "Bob"], hints=[1, 0])
    del table["seated"]
    keeper.ui = lambda: table
    assert keeper.ui_changed()
    keeper.close_history()
    saved = read_save(store.path)
    assert saved is not None and not isinstance(saved, Exception) and "seated" not in saved.ui
    _, keeper, resumed, _ = _host(tmp_path)
    try:
        again = match_server(SaveReporter(keeper), resumed, code, name="Ann")
        assert resumed == state and again.names == ["Ann", "Bob"] and again.hints() == [1, 0]
        assert again.table()["seated"] == [False, False]
    finally:
        keeper.close_history()


async def test_a_host_serving_only_gives_both_seats_their_saved_names_after_a_restart(tmp_path):
    # With --server-only both players join, the host's seat by its own code: started
    # again, the server named the guest as saved but the host's seat after the login
    # name of whoever ran the server, until its player joined again.
    from ginrummy_tui.cli.host import SaveReporter, match_server
    from ginrummy_tui.net.client import GameClient

    store, keeper, state, code = _host(tmp_path, name="operator")
    server = match_server(SaveReporter(keeper), state, code, name=None, port=0, auth_delay=0.01)
    host, port = await server.start()
    joey = GameClient(host, port, server.host_code, "Joey", heartbeat=0)
    bob = GameClient(host, port, code, "Bob", heartbeat=0)
    try:
        await joey.connect()
        await bob.connect()
        await bob.wait_for(lambda c: c.names == ["Joey", "Bob"])
    finally:
        await joey.close()
        await bob.close()
        await server.close()
        keeper.close_history()
    _, keeper, resumed, code = _host(tmp_path, name="operator")
    try:
        again = match_server(SaveReporter(keeper), resumed, code, name=None)
        assert again.names == ["Joey", "Bob"]
        # and the first player's code is the same: it changed at every start, and Joey could not come back
        assert again.host_code == server.host_code and again.join_code == server.join_code
        # a host playing its own seat names it itself, as before
        assert match_server(SaveReporter(keeper), resumed, code, name="Ann").names == ["Ann", "Bob"]
    finally:
        keeper.close_history()


def test_a_host_serving_only_records_nothing_each_player_records_their_side(tmp_path, monkeypatch):
    # With --server-only the host plays neither seat: what it recorded as
    # "yours" was the result of whoever had the host's seat code.
    import ginrummy_tui.cli
    from ginrummy_tui.cli import host as host_cli
    from ginrummy_tui.cli import main
    from ginrummy_tui.session.keeper import SeatRecords
    from ginrummy_tui.storage.stats import NETWORK

    monkeypatch.setattr(ginrummy_tui.cli, "missing_terminal", lambda: None)  # as if run in a terminal
    keepers: list = []
    kept: list[bool] = []
    monkeypatch.setattr(host_cli, "_serve_until_interrupted", lambda thread: kept.append(keepers[0].record)
                        or thread.stop() or "Ctrl+C")
    real_prepare = host_cli.prepare_match

    def prepare(*args, **kw):
        made = real_prepare(*args, **kw)
        keepers.append(made[0])
        return made

    monkeypatch.setattr(host_cli, "prepare_match", prepare)
    assert main(["host", "--server-only", "--port", "0", "--data-dir", str(tmp_path / "host")]) == 130  # as Ctrl+C ends sim and join
    assert kept == [False]
    # the player of the host's seat, joining, records the match from seat 0's side
    _, host_keeper, state, _ = _host(tmp_path / "spare")
    over = apply(state, Action(Kind.TIMEOUT))
    records = SeatRecords(tmp_path / "seat0", opponent=NETWORK)
    records.observe(view(over, 0), "match-1")  # written by the writes' thread, which opens the history
    records.close()
    host_keeper.close_history()
    stats, [record] = _figures(tmp_path / "seat0")
    assert record["winner"] == over.winner and stats.total.matches == 1


@pytest.mark.parametrize("opponent, name", [("standard", "Computer (standard)"), (NETWORK, "Opponent (network)")])
def test_a_match_ended_on_time_is_told_as_won_or_lost_on_time(opponent, name):
    """gin-tui export --format text said 'out of time: You +0' and 'Result: You won 0-0'."""
    from ginrummy_tui.engine import new_game
    from ginrummy_tui.storage.history_records import seat_record
    from ginrummy_tui.storage.reports import format_match

    state = apply(new_game(TIMED, seed=SEED), Action(Kind.TIMEOUT))  # the first to move runs out of time
    loser = 1 - state.winner
    lost = format_match(seat_record(view(state, loser), "m1", opponent=opponent))
    assert f"  In hand 1: You ran out of time: {name} wins the match on time  (score 0-0)\n" in lost, lost
    assert lost.endswith(f"  Result: {name} won on time, 0-0"), lost
    won = format_match(seat_record(view(state, 1 - loser), "m1", opponent=opponent))
    assert f"  In hand 1: {name} ran out of time: you win the match on time  (score 0-0)\n" in won, won
    assert won.endswith("  Result: You won on time, 0-0"), won
    assert "+0" not in lost + won


def _seen_from_seat_1(entry):
    """A hand entry of seat 0's record as seat 1's record has it: the seats swapped."""
    seat = {0: 1, 1: 0, None: None}
    out = dict(entry, dealer=seat[entry["dealer"]], knocker=seat[entry["knocker"]], winner=seat[entry["winner"]])
    for key in ("deadwood", "scores", "hands"):
        if entry.get(key) is not None:
            out[key] = entry[key][::-1]
    if "moves" in entry:
        out["moves"] = [dict(m, seat=seat[m["seat"]]) for m in entry["moves"]]
    return out


def test_the_guest_s_record_has_the_melds_and_layoffs_the_host_s_has(tmp_path, capsys):
    """The guest's record of a network match had no melds or layoffs in its hands, where the host's had them."""
    import json

    from ginrummy_tui.cli import main
    from ginrummy_tui.engine.cards import card
    from ginrummy_tui.session.keeper import SeatRecords
    from ginrummy_tui.storage.history import open_history
    from ginrummy_tui.tui.scenarios import match_point

    # the host (seat 0) knocks with 1 deadwood and wins the match; the guest lays off 10♥ and Q♦
    state = apply(apply(match_point(), Action(Kind.DRAW_STOCK)), Action(Kind.KNOCK, card("KD")))
    assert state.over and state.result is not None and state.result.knock is not None
    assert state.result.knock.layoffs
    host_history = open_history(tmp_path / "host").history
    assert host_history is not None
    host_history.recorder("m1", opponent=NETWORK).observe(state)
    host_history.close()
    guest = SeatRecords(tmp_path / "guest", opponent=NETWORK)
    guest.observe(view(state, 1), "m1")  # written by the writes' thread, which opens the history
    guest.close()
    assert guest.errors == []
    _, [host_record] = _figures(tmp_path / "host")
    _, [guest_record] = _figures(tmp_path / "guest")
    host_hand, guest_hand = host_record["hands"][-1], guest_record["hands"][-1]
    assert sorted(lo[0] for lo in host_hand["layoffs"]) == ["QD", "TH"]
    for key in ("knocker_melds", "defender_melds", "layoffs"):
        assert guest_hand[key] == host_hand[key], key
    # every hand as the host has it, from the guest's seat
    assert guest_record["hands"] == [_seen_from_seat_1(h) for h in host_record["hands"]]
    # gin-tui export gives the same hand
    assert main(["export", "--data-dir", str(tmp_path / "guest"), "--match", "m1"]) == 0
    [exported] = json.loads(capsys.readouterr().out)["hands"][-1:]
    assert exported == guest_hand
    assert exported["knocker"] == 1 and exported["winner"] == 1 and exported["hands"][1] == host_hand["hands"][0]


def test_the_guest_s_record_has_every_hand_it_saw_end_as_the_host_s_has_it(tmp_path):
    """Only the last hand of the guest's record had its moves, both hands and the melds and layoffs."""
    import json

    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.net.protocol import view_from_dict, view_to_dict
    from ginrummy_tui.session.keeper import SeatRecords
    from ginrummy_tui.storage.history import open_history

    state = new_game(PRESETS["standard"].with_options(target=60), seed=3)
    players = (get_opponent("standard", 1), get_opponent("standard", 2))
    host_history = open_history(tmp_path / "host").history
    assert host_history is not None
    host = host_history.recorder("m1", opponent=NETWORK)
    guest = SeatRecords(tmp_path / "guest", opponent=NETWORK)
    while True:
        host.observe(state)
        guest.observe(view_from_dict(json.loads(json.dumps(view_to_dict(view(state, 1))))), "m1")  # as sent
        if state.over:
            break
        state = apply(state, Action(Kind.NEXT_HAND) if state.phase == "hand_over" else
                      players[state.current].choose(view(state, state.current)))
    host_history.close()
    guest.close()
    assert guest.errors == []
    _, [host_record] = _figures(tmp_path / "host")
    _, [guest_record] = _figures(tmp_path / "guest")
    assert len(host_record["hands"]) >= 2 and all("moves" in h for h in host_record["hands"])
    assert any("layoffs" in h for h in host_record["hands"][:-1])
    assert guest_record["hands"] == [_seen_from_seat_1(h) for h in host_record["hands"]]



def test_a_guest_started_again_records_the_hands_it_saw_end_before_as_the_host_has_them(tmp_path):
    """A guest whose gin-tui join was closed (SIGTERM) and started again recorded the hands it
    had seen end before with their score-sheet rows alone ("void: no score" in the export):
    it keeps them in its data directory as it sees them, and its next run takes them up."""
    import json

    from ginrummy_tui.ai import get_opponent
    from ginrummy_tui.net.protocol import view_from_dict, view_to_dict
    from ginrummy_tui.session.keeper import SeatRecords
    from ginrummy_tui.storage.history import open_history

    state = new_game(PRESETS["standard"].with_options(target=60), seed=3)
    players = (get_opponent("standard", 1), get_opponent("standard", 2))
    host_history = open_history(tmp_path / "host").history
    assert host_history is not None
    host = host_history.recorder("m1", opponent=NETWORK)
    first_run = SeatRecords(tmp_path / "guest", opponent=NETWORK)
    runs = [first_run]
    while True:
        if state.hand_no == 3 and len(runs) == 1:  # the guest's gin-tui join is closed, then started again
            first_run.close()
            runs.append(SeatRecords(tmp_path / "guest", opponent=NETWORK))
        host.observe(state)
        runs[-1].observe(view_from_dict(json.loads(json.dumps(view_to_dict(view(state, 1))))), "m1")  # as sent
        if state.over:
            break
        state = apply(state, Action(Kind.NEXT_HAND) if state.phase == "hand_over" else
                      players[state.current].choose(view(state, state.current)))
    host_history.close()
    runs[-1].close()
    assert len(runs) == 2 and runs[-1].errors == []
    _, [host_record] = _figures(tmp_path / "host")
    _, [guest_record] = _figures(tmp_path / "guest")
    assert len(host_record["hands"]) >= 3 and all("moves" in h for h in host_record["hands"])
    assert guest_record["hands"] == [_seen_from_seat_1(h) for h in host_record["hands"]]
    # the host's other seat, in the same data directory, keeps its own: a file per seat
    assert [p.name for p in (tmp_path / "guest").glob("network-ended-*.json")] == ["network-ended-1.json"]


def test_the_hands_a_guest_saw_end_are_kept_only_for_their_match(tmp_path):
    """The file of the hands seen end gives them back only for that match and seat, and a
    damaged one gives nothing."""
    from ginrummy_tui.storage.seen_hands import SeenHands

    kept = SeenHands(tmp_path)
    hand = {"hand_no": 1, "hands": [["AS"], ["2S"]], "moves": [], "kind": "knock"}
    assert kept.keep("m1", 1, {1: hand})
    assert kept.load("m1", 1) == {1: hand}
    assert kept.load("m2", 1) == {} and kept.load("m1", 0) == {}
    (tmp_path / "network-ended-1.json").write_text("{not json")
    assert kept.load("m1", 1) == {}
    assert SeenHands(None).load("m1", 1) == {} and not SeenHands(None).keep("m1", 1, {1: hand})


MATCH_ID = "20261203-120000-abcd"
GUEST_MOVES = ("p", "s", "t", "d", "enter")
"""The guest's keys that make a move: each waits for the host's answer."""


def _hand_shown(app):
    """What the table shows of the player's hand: the order, the sort, the selected card."""
    from ginrummy_tui.tui.widgets.hand import HandView

    hand = app.table.query_one(HandView)
    return [str(c) for c in hand.cards], hand.sort_mode, str(hand.selected)


async def _at_the_guest_s_table(data, state, steps=(), *, match_id=MATCH_ID, quit=True):
    """``gin-tui join`` (its data directory ``data``) at the table of the match
    ``state`` hosted under ``match_id``, the host's seat taken: the guest presses
    each key of ``steps`` in turn, the host plays each action of it; then the app
    quits (or, without ``quit``, its terminal is gone: no quit).  Returns what the
    table showed of the hand as it came up and at the end, and the match then."""
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.app_start import make_network_app
    from ginrummy_tui.net.client import GameClient
    from ginrummy_tui.net.remote_session import RemoteSession
    from ginrummy_tui.net.server import MatchServer

    from .test_net_session import until_app

    server = MatchServer(state, names=("Ann", "Guest"), port=0, auth_delay=0.01, match_id=lambda: match_id)
    host, port = await server.start()
    ann = GameClient(host, port, server.codes[0], "Ann", heartbeat=0)
    bob = RemoteSession(host, port, server.codes[1], "Bob")
    try:
        await ann.connect()
        await bob.connect()
        app = make_network_app(bob, parse_command_line(["join", f"{host}:{port}", "--data-dir", str(data)]))
        async with app.run_test(size=(100, 30)) as pilot:
            # the connection is started where the table puts the hand back as it was left
            await until_app(pilot, lambda: any(w.name == "connection" for w in app.workers))
            shown = [_hand_shown(app)]
            for step in steps:
                before = len(app.table.v.history)
                if isinstance(step, Action):
                    await ann.wait_for(lambda c, a=step: c.view is not None and a in c.view.legal_actions)
                    await ann.submit(step)
                else:
                    if step in GUEST_MOVES:
                        await until_app(pilot, lambda: app.table.v.legal_actions != ())
                    await pilot.press(step)
                if isinstance(step, Action) or step in GUEST_MOVES:
                    await until_app(pilot, lambda b=before: len(app.table.v.history) > b)
                await pilot.pause()
            shown.append(_hand_shown(app))
            if quit:
                app.exit()
        return shown, server.state
    finally:
        await bob.aclose()
        await ann.close()
        await server.close()


@pytest.mark.parametrize(
    "keys",
    [
        ["o", "3"],  # by rank, the third card selected
        ["3", "full_stop", "full_stop"],  # the player's own order
    ],
)
async def test_a_guest_joining_again_gets_the_order_of_its_cards_and_its_selection_back(tmp_path, keys):
    """gin-tui join started again (the terminal closed) showed the hand sorted by
    suit with the first card selected; a local match resumed shows it as it was left."""
    state = new_game(PRESETS["standard"], seed=SEED)
    [first, left], _ = await _at_the_guest_s_table(tmp_path, state, keys)
    assert left != first and left[1] != "suit"
    [again, _], _ = await _at_the_guest_s_table(tmp_path, state)
    assert again == left


async def test_a_guest_whose_terminal_closed_after_a_move_gets_the_hand_back_as_the_move_left_it(tmp_path):
    """Kept after every move, as the local game saves it, not only at the quit:
    the card drawn is the one selected."""
    from ginrummy_tui.session.startup import dealt

    state = dealt(PRESETS["standard"], SEED, 2)  # the guest decides on the upcard first
    steps = ["o", "3", "p", Action(Kind.PASS), "s"]
    [_, left], now = await _at_the_guest_s_table(tmp_path, state, steps, quit=False)
    drawn = view(now, 1).drawn
    assert drawn is not None and left == ([str(c) for c in sorted(view(now, 1).hand, key=lambda c: (c.rank, c.index))],
                                          "rank", str(drawn))
    [again, _], _ = await _at_the_guest_s_table(tmp_path, now)
    assert again == left


@pytest.mark.parametrize("other", ["match", "hand"])
async def test_the_order_kept_of_one_hand_is_not_put_on_another_match_or_hand(tmp_path, other):
    from ginrummy_tui.session.startup import dealt

    state = new_game(PRESETS["standard"], seed=SEED)
    [dealt_as, left], _ = await _at_the_guest_s_table(tmp_path, state, ["o", "3"])
    if other == "match":  # the same cards, in a match of another id
        [again, _], _ = await _at_the_guest_s_table(tmp_path, state, match_id="20261203-130000-beef")
        assert again == dealt_as
    else:  # the next hand of the same match
        [again, _], _ = await _at_the_guest_s_table(tmp_path, dealt(PRESETS["standard"], SEED, 2))
        assert again[1] == "suit" and again[2] == again[0][0]


@pytest.mark.parametrize(
    "damage",
    [
        "{not json",
        "[]",
        '{"version": 1, "match": "20261203-120000-abcd", "seat": true, "hand": 1, "ui": {"sort": "rank"}}',
        '{"version": 1, "match": "20261203-120000-abcd", "seat": 1, "hand": 1, "ui": ["rank"]}',
        '{"version": 1, "match": "20261203-120000-abcd", "seat": 1, "hand": 1, "ui": {"sort": 7, "order": "x", '
        '"selected": 3, "cursor": "a"}}',
        "[" * 100_000,
        "a directory",
    ],
    ids=["not JSON", "a list", "a seat not a number", "ui a list", "ui of wrong values", "too deep", "a directory"],
)
async def test_a_damaged_file_of_the_guest_s_hand_is_ignored(tmp_path, damage):
    state = new_game(PRESETS["standard"], seed=SEED)
    [dealt_as, _], _ = await _at_the_guest_s_table(tmp_path / "clean", state)
    path = tmp_path / "network-hand-1.json"
    if damage == "a directory":
        path.mkdir()
    else:
        path.write_text(damage)
    [shown, left], _ = await _at_the_guest_s_table(tmp_path, state, ["o"])
    assert shown == dealt_as and left[1] == "rank"
    if damage == "a directory":  # never written over
        assert path.is_dir()
    else:  # the next arrangement replaces it
        [again, _], _ = await _at_the_guest_s_table(tmp_path, state)
        assert again == left


async def test_a_host_started_again_gets_the_order_of_its_own_cards_and_its_selection_back(tmp_path):
    """gin-tui host started again on its saved match showed the host's hand sorted
    by suit: its save keeps the server's table, not the host's hand."""
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.app_start import make_network_app
    from ginrummy_tui.cli.host import SaveReporter, match_server
    from ginrummy_tui.net.client import GameClient
    from ginrummy_tui.net.remote_session import RemoteSession

    from .test_net_session import until_app

    async def hosting(keys=()):
        store, keeper, state, code = _host(tmp_path, rules_name="standard")
        server = match_server(SaveReporter(keeper), state, code, name="Ann", bind="127.0.0.1", port=0,
                              auth_delay=0.01)
        host, port = await server.start()
        ann = RemoteSession(host, port, server.host_code, "Ann", join_code=code)
        bob = GameClient(host, port, code, "Bob", heartbeat=0)
        try:
            await ann.connect()
            await bob.connect()
            app = make_network_app(ann, parse_command_line(["host", "--data-dir", str(tmp_path)]))
            async with app.run_test(size=(100, 30)) as pilot:
                await until_app(pilot, lambda: any(w.name == "connection" for w in app.workers))
                shown = [_hand_shown(app)]
                for key in keys:
                    await pilot.press(key)
                    await pilot.pause()
                shown.append(_hand_shown(app))
                app.exit()
            return shown, read_save(store.path)
        finally:
            await ann.aclose()
            await bob.close()
            await server.close()
            keeper.close_history()

    [dealt_as, left], _ = await hosting(["o", "5", "comma"])  # by rank, then a card moved by hand
    assert left != dealt_as and left[1] is None
    [again, _], saved = await hosting()
    assert again == left
    assert saved is not None and set(saved.ui) == {"hand", "ready", "hints", "names", "seated", "match", "holders"}  # the server's table


def test_the_export_and_the_lists_name_the_person_a_network_match_was_played_against(tmp_path, capsys):
    """Exports said "Opponent: network" and "Opponent (network) won on time",
    never the other player's name; a record of an earlier version, which
    names nobody, is told as before."""
    from ginrummy_tui.cli import main
    from ginrummy_tui.session.keeper import SeatRecords
    from ginrummy_tui.storage.history import open_history
    from ginrummy_tui.storage.history_records import seat_record
    from ginrummy_tui.storage.reports import format_match
    from ginrummy_tui.tui.screens.stats_screen import recent_renderable

    state = apply(new_game(TIMED, seed=SEED), Action(Kind.TIMEOUT))  # the first to move runs out of time
    loser = 1 - state.winner
    records = SeatRecords(tmp_path, opponent=NETWORK)
    records.observe(view(state, loser), "2026-03-01-m1", opponent_name="Alice")  # written by the writes' thread
    records.close()
    text = format_match(seat_record(view(state, loser), "m1", opponent=NETWORK, opponent_name="Alice"))
    assert "  Opponent: Alice (network)   Rules:" in text, text
    assert "You ran out of time: Alice (network) wins the match on time" in text and text.endswith(
        "  Result: Alice (network) won on time, 0-0"), text
    older = format_match(seat_record(view(state, loser), "m1", opponent=NETWORK))
    assert "  Opponent: network   Rules:" in older and older.endswith("  Result: Opponent (network) won on time, 0-0")
    assert main(["export", "--data-dir", str(tmp_path), "--list"]) == 0
    assert capsys.readouterr().out.split("  ")[1] == "Alice (network)/multiplayer-1.5"
    assert main(["export", "--data-dir", str(tmp_path), "--format", "text"]) == 0
    assert "Alice (network) won on time" in capsys.readouterr().out
    opening = open_history(tmp_path, create=False)
    assert opening.history is not None
    try:
        [recent] = opening.history.recent(5)
    finally:
        opening.history.close()
    assert "Alice (network)/multiplayer-1.5" in str(recent_renderable([recent]).renderables[1])


@pytest.mark.parametrize("how", ["not a game", "cut short"])
def test_the_hosted_match_whose_save_was_damaged_is_listed_as_abandoned(tmp_path, capsys, how):
    """The match of a host's save set aside as damaged stayed "unfinished" in
    gin-tui export --list for good, though it can never be finished; so did
    that of a save cut short, whose match id was not read from what is left."""
    import json

    from ginrummy_tui.cli import main
    from ginrummy_tui.cli.host import SAVE_NAME

    from .test_stats import damaged_save, hand, match

    (tmp_path / "history").mkdir()
    left = match("2026-01-08", NETWORK, "multiplayer-1.5", [hand(1, "knock", 1, 1, 5)], finished=False)
    (tmp_path / "history" / "2026-01-08.json").write_text(json.dumps(left))
    (tmp_path / SAVE_NAME).write_text(damaged_save("2026-01-08", how))
    _, keeper, _, _ = _host(tmp_path)
    keeper.close_history()
    keeper.store.lock.release()
    assert main(["export", "--data-dir", str(tmp_path), "--list"]) == 0
    [line] = capsys.readouterr().out.splitlines()
    assert line.startswith("2026-01-08  network/multiplayer-1.5") and line.endswith("  abandoned"), line


def test_a_resumed_hosted_match_whose_saves_fail_says_its_last_save_stands(tmp_path, monkeypatch):
    # the game's resumed keeper knew its save stood; the host's did not, and a resumed hosted
    # match whose saves failed from the first said "nothing of it is saved"
    _store, keeper, _state, _ = _host(tmp_path)
    keeper.close_history()
    monkeypatch.setattr(Store, "save", lambda self, *args, **kwargs: False)  # the disk full from now on
    _store, keeper, _state, _ = _host(tmp_path)  # the same match, taken up from its save
    assert keeper.failing and keeper.errors[-1].endswith(". The last save stands until saving works again")
    keeper.close_history()


def test_a_damaged_hosted_save_set_aside_says_the_new_match_has_a_new_join_code(tmp_path):
    # network.json that could not be read was set aside with "A new match has started.",
    # not a word of the join code, which went with it: the other player was left with the old one.
    from ginrummy_tui.cli.host import SAVE_NAME

    _store, keeper, _state, code = _host(tmp_path)
    keeper.close_history()
    (tmp_path / SAVE_NAME).write_text("{ not json")
    said: list[str] = []
    notes: list[str] = []
    _, keeper, _state, new_code = _host(tmp_path, say=said.append, notes=notes)
    try:
        assert new_code != code
        [note] = notes
        assert note.startswith("Your saved match could not be used: ")
        assert "could not be used: a new match has started, and the file was moved to " in note
        assert note.endswith(f". The new match has a new join code, {new_code}: "
                             "the other player must join with it.")
        assert f"gin-tui host: {note}" in said  # printed too, before the table hides it
        assert read_save(tmp_path / SAVE_NAME).settings["join_code"] == new_code
    finally:
        keeper.close_history()


def test_a_damaged_server_only_save_says_both_players_have_new_join_codes(tmp_path):
    # Under --server-only the note said "the other player must join with it": there is
    # no other player there, and Player 1's code, set aside with the save, is new too.
    from ginrummy_tui.cli.host import SAVE_NAME, SaveReporter, match_server, new_code_note

    _store, keeper, state, code = _host(tmp_path, record=False, server_only=True)
    first = match_server(SaveReporter(keeper), state, code, name=None).host_code
    keeper.close_history()
    (tmp_path / SAVE_NAME).write_text("{ not json")
    said: list[str] = []
    _, keeper, state, new_code = _host(tmp_path, record=False, server_only=True, say=said.append)
    try:
        assert new_code != code and match_server(SaveReporter(keeper), state, new_code, name=None).host_code != first
        [note] = said
        assert note.startswith("gin-tui host: Your saved match could not be used: ")
        assert "could not be used: a new match has started, and the file was moved to " in note
        assert note.endswith(". The new match has new join codes for both players: "
                             "each player must join with their new code.")
        assert "other player" not in note
        # a resumed match's new code is Player 2's (Player 1's is kept with the match)
        assert new_code_note(True, new_code, server_only=True) == (
            f"the saved join code could not be read, so the match has a new join code, {new_code}: "
            "Player 2 must join with it.")
    finally:
        keeper.close_history()


def test_the_new_join_code_is_told_with_the_damage_not_with_the_last_note(tmp_path, monkeypatch):
    # The words on the new join code were added to the last note of the save's opening,
    # whatever it said: they go with the note that says the save was damaged.
    from ginrummy_tui.storage.store import LoadError, Opened

    damage = LoadError(tmp_path / "network.json", "it is not JSON", None, None)
    opened = Opened(error=damage, messages=[f"{damage.message()} A new match has started.", "Another note."])
    monkeypatch.setattr(Store, "load", lambda self: opened)
    notes: list[str] = []
    _, keeper, _state, code = _host(tmp_path, notes=notes)
    try:
        assert notes == [
            f"{damage.message()} A new match has started. The new match has a new join code, {code}: "
            "the other player must join with it.",
            "Another note.",
        ]
    finally:
        keeper.close_history()


@pytest.mark.parametrize("saved_code", [12345, "12345"])
def test_a_resumed_hosted_match_whose_join_code_cannot_be_read_says_it_has_a_new_one(tmp_path, saved_code):
    # A saved join code that could not be read was replaced without a word: the
    # match went on under a new code while the other player was told the old one.
    import json

    from ginrummy_tui.cli.host import SAVE_NAME, SaveReporter, match_server

    store, keeper, state, code = _host(tmp_path, rules_name="standard")
    keeper.ui = lambda: {"names": ["Ann", "Bob"]}
    keeper.ui_changed()
    keeper.close_history()
    path = tmp_path / SAVE_NAME
    data = json.loads(path.read_text())
    data["settings"]["join_code"] = saved_code
    path.write_text(json.dumps(data))
    said: list[str] = []
    notes: list[str] = []
    _, keeper, resumed, new_code = _host(tmp_path, rules_name="standard", say=said.append, notes=notes)
    try:
        assert new_code != code
        note = (f"the saved join code could not be read, so the match has a new join code, {new_code}: "
                "the other player must join with it.")
        assert notes == [note] and f"gin-tui host: {note}" in said
        assert read_save(path).settings["join_code"] == new_code  # kept from now on
        assert match_server(SaveReporter(keeper), resumed, new_code, name="Ann").names == ["Ann", "Bob"]
    finally:
        keeper.close_history()


def test_the_guest_says_in_lower_case_that_a_busy_history_kept_its_match_from_being_recorded(tmp_path, monkeypatch):
    # "gin-tui join: Your match history ... cannot be used (database is locked); this match is
    # not recorded.": a capital mid-line, and a busy database said to be unusable
    import sqlite3

    from ginrummy_tui.session.keeper import SeatRecords
    from ginrummy_tui.storage.history import History

    root = tmp_path / "guest"
    root.mkdir()
    holder = sqlite3.connect(tmp_path / "held.sqlite3", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(sqlite3.OperationalError) as locked:  # SQLite's own busy error, as another gin-tui gives it
            sqlite3.connect(tmp_path / "held.sqlite3", timeout=0).execute("SELECT * FROM sqlite_master")
    finally:
        holder.rollback()
        holder.close()

    def busy(cls, where, **kw):
        raise locked.value

    monkeypatch.setattr(History, "connect", classmethod(busy))
    _, _, state, _ = _host(tmp_path / "host")
    records = SeatRecords(root, opponent=NETWORK)
    records.observe(view(apply(state, Action(Kind.TIMEOUT)), 1), "a-match")
    records.close(timeout=0.1)
    assert records.errors == [  # tried again until the exit (not waited for at the first opening)
        "statistics not recorded: the history database stayed busy (database is locked) until gin-tui closed; "
        "the match seen finished is not in the statistics"
    ]


async def test_a_guest_whose_history_is_busy_is_told_so_on_the_table_and_again_once_it_is_free(tmp_path):
    """gin-tui join said nothing while the match it saw finished waited for a busy history
    database, only a line at exit if it was still busy; the host and the local game show a
    note when it is found busy and one once it is free: so does the guest now, the same notes."""
    from ginrummy_tui.cli import parse_command_line
    from ginrummy_tui.cli.app_start import make_network_app
    from ginrummy_tui.engine.cards import card
    from ginrummy_tui.net.client import GameClient
    from ginrummy_tui.net.remote_session import RemoteSession
    from ginrummy_tui.net.server import MatchServer
    from ginrummy_tui.session.keeper import BUSY_NOTE, FREE_NOTE, SeatRecords
    from ginrummy_tui.storage.history import open_history
    from ginrummy_tui.tui.scenarios import match_point

    from .test_history_busy import Locked
    from .test_net_session import until_app

    data = tmp_path / "guest"
    data.mkdir()
    lock = Locked(data)  # another gin-tui writing to the guest's history
    server = MatchServer(match_point(), names=("Ann", "Guest"), port=0, auth_delay=0.01, match_id=lambda: MATCH_ID)
    host, port = await server.start()
    ann = GameClient(host, port, server.codes[0], "Ann", heartbeat=0)
    records = SeatRecords(data, opponent=NETWORK)
    bob = RemoteSession(host, port, server.codes[1], "Bob", records=records)

    def notes(app) -> list[str]:
        return [str(n.message) for n in app._notifications if "statistics database" in str(n.message)]

    try:
        await ann.connect()
        await bob.connect()
        app = make_network_app(bob, parse_command_line(["join", f"{host}:{port}", "--data-dir", str(data)]), records)
        async with app.run_test(size=(100, 30)) as pilot:
            await until_app(pilot, lambda: any(w.name == "connection" for w in app.workers))
            for action in (Action(Kind.DRAW_STOCK), Action(Kind.KNOCK, card("KD"))):  # the host wins the match
                await ann.wait_for(lambda c, a=action: c.view is not None and a in c.view.legal_actions)
                await ann.submit(action)
            await until_app(pilot, lambda: app.table.v.phase == "match_over")
            await until_app(pilot, lambda: notes(app) != [])
            assert notes(app) == [BUSY_NOTE.format(what="the match will be recorded")]
            await pilot.pause(0.3)  # tried again meanwhile: said once
            assert notes(app) == [BUSY_NOTE.format(what="the match will be recorded")]
            lock.release()
            lock = None
            await until_app(pilot, lambda: len(notes(app)) == 2)
            assert notes(app)[1] == FREE_NOTE
            app.exit()
    finally:
        if lock is not None:
            lock.release()
        await bob.aclose()
        await ann.close()
        await server.close()
        records.close()
    assert records.errors == []  # nothing left to say at exit
    opening = open_history(data, create=False)
    assert opening.history is not None
    try:
        assert opening.history.read("SELECT uid, finished FROM matches") == [(MATCH_ID, 1)]
    finally:
        opening.history.close()


async def _play_on(changes, seats_by_seat, server, until):
    """The simple honest player moves at each seat (``seats_by_seat``: seat → session)
    until ``until(server.state)`` holds."""
    from .test_net_session import play

    while not until(server.state):
        if server.state.phase == "hand_over":  # both go on to the next hand
            hand = server.state.hand_no
            for seat in seats_by_seat.values():
                # the seat's own view has the hand over too (the host's alone may: the move that ended
                # it answered to the other seat first), where its next hand can be asked for
                await changes.until(lambda s=seat, h=hand: s.opponent_here and (
                    (s.view().hand_no, s.view().phase) == (h, "hand_over") or server.state.hand_no != h))
                if not seat.client.ready[seat.seat] and server.state.hand_no == hand:
                    seat.submit(Action(Kind.NEXT_HAND))
                    await changes.until(lambda s=seat, h=hand: s.client.ready[s.seat] or server.state.hand_no != h)
            await changes.until(lambda h=hand: server.state.hand_no != h and all(
                s.view().hand_no != h for s in seats_by_seat.values()))
            continue
        mover = seats_by_seat[server.state.current]
        await changes.until(lambda m=mover: m.opponent_here and m.view().legal_actions != ())
        await play(changes, mover)


@contextlib.asynccontextmanager
async def _ann_hosting(target):
    """A server on this loop for a match of the standard rules to ``target``, Ann hosting:
    yields the server, the changes and the seats, closed after."""
    from ginrummy_tui.engine import new_game
    from ginrummy_tui.net.server import MatchServer

    from .test_net_session import Changes, Seats

    server = MatchServer(
        new_game(PRESETS["standard"].with_options(target=target), seed=SEED), names=("Ann", "Guest"), port=0,
        auth_delay=0.01, rate=1000, burst=1000, match_id=lambda: "20260101-030405-abcd",
    )
    host, port = await server.start()
    changes = Changes()
    seats = Seats(host, port, changes)
    try:
        yield server, changes, seats
    finally:
        await seats.close()
        await server.close()


def _written(records):
    records.close()
    assert records.errors == []


async def test_a_player_who_takes_the_guest_seat_on_the_result_does_not_record_the_match(tmp_path):
    # Carol, who never played, took Bob's seat on the match's result: her history
    # got the match as hers (won 121-16 over 12 hands, with Bob's hints).
    from ginrummy_tui.session.keeper import SeatRecords

    bobs, carols = SeatRecords(tmp_path / "bob", opponent=NETWORK), SeatRecords(tmp_path / "carol", opponent=NETWORK)
    async with _ann_hosting(10) as (server, changes, seats):
        ann = await seats.join(server.codes[0], "Ann")
        bob = await seats.join(server.codes[1], "Bob", records=bobs)
        bob.add_hint()
        await _play_on(changes, {0: ann, 1: bob}, server, lambda s: s.phase == "match_over")
        await changes.until(lambda: bob.view().phase == "match_over")
        await bob.aclose()
        carol = await seats.join(server.codes[1], "Carol", records=carols)
        assert carol.view().phase == "match_over"
        assert "Bob played this match at your seat: its hands are theirs, not in your statistics." in carol.take_news()
        assert not any("your seat" in news for news in bob.take_news())
    _written(bobs)
    _written(carols)
    _, [bob_record] = _figures(tmp_path / "bob")
    assert bob_record["hints"] == 1 and bob_record["opponent_name"] == "Ann"
    from ginrummy_tui.storage.history import open_history

    opening = open_history(tmp_path / "carol", create=False)
    carol_records = [] if opening.history is None else list(opening.history.records())
    if opening.history is not None:
        opening.history.close()
    assert carol_records == []


async def test_a_player_who_takes_the_guest_seat_mid_match_records_the_hands_they_played_with_a_mark(tmp_path):
    # Carol took Bob's seat after his first hand: her record had Bob's hand and Bob's hints.
    from ginrummy_tui.session.keeper import SeatRecords

    carols = SeatRecords(tmp_path / "carol", opponent=NETWORK)
    async with _ann_hosting(60) as (server, changes, seats):
        ann = await seats.join(server.codes[0], "Ann")
        bob = await seats.join(server.codes[1], "Bob")
        bob.add_hint()
        bob.add_hint()
        await _play_on(changes, {0: ann, 1: bob}, server, lambda s: s.phase.ended)
        assert server.state.phase == "hand_over", "the first hand ended the match: make the target higher"
        await bob.aclose()
        carol = await seats.join(server.codes[1], "Carol", records=carols)
        assert "Bob played the hands before at your seat: your statistics count only yours." in carol.take_news()
        carol.add_hint()
        await changes.until(lambda: ann.hints_this_hand() == (0, 3))
        await _play_on(changes, {0: ann, 1: carol}, server, lambda s: s.phase == "match_over")
        await changes.until(lambda: carol.view().phase == "match_over")
        hands = [row.hand_no for row in server.state.sheet]
    _written(carols)
    _, [record] = _figures(tmp_path / "carol")
    assert [h["hand_no"] for h in record["hands"]] == hands[1:]
    assert record["taken_over"] == {"hand": 2, "from": "Bob"}
    assert record["hints"] == 1
    from ginrummy_tui.storage.reports import format_match

    assert "  Took the seat from Bob at hand 2: the hands before were theirs\n" in format_match(record)


def test_a_restarted_host_keeps_who_played_each_hand_and_each_player_s_hints():
    # Without them, a player who took the seat before the host was restarted got the hands played before.
    from ginrummy_tui.engine import new_game
    from ginrummy_tui.net.server import MatchServer

    from .test_net_session import played_until

    state = played_until(new_game(PRESETS["standard"], seed=SEED), ("hand_over",))
    server = MatchServer(new_game(PRESETS["standard"], seed=SEED), names=("Ann", "Bob"), port=0)
    server._hint(1)
    server._set_state(state)
    server.names[1] = "Carol"
    server._hint(1)
    assert server.played() == [["Ann", "Bob"]] and server.player_hints() == [0, 1]
    again = MatchServer(state, names=("Ann", "Guest"), port=0, table=server.table())
    assert again.played() == [["Ann", "Bob"]]
    assert again.player_hints() == [0, 1] and again.state_message(1)["player_hints"] == [0, 1]
    again.names[1] = "Bob"
    assert again.player_hints() == [0, 1]


def _network_history(root, results, name="Ann"):
    """``root``'s history with a finished network match against ``name`` for each of ``results``
    (True: won), oldest first."""
    from ginrummy_tui.engine import new_game
    from ginrummy_tui.storage.history import open_history
    from ginrummy_tui.storage.history_records import seat_record

    from .test_net_session import played_until

    hist = open_history(root).history
    assert hist is not None
    try:
        for n, won in enumerate(results):
            over = played_until(new_game(PRESETS["standard"].with_options(target=10), seed=SEED + n), ("match_over",))
            seat = over.winner if won else 1 - over.winner
            record = seat_record(view(over, seat), f"2026010{n + 1}-030405-abcd", opponent=NETWORK, opponent_name=name)
            record["ended"] = f"2026-01-0{n + 1}T03:04:05Z"
            hist.add_record(record)
    finally:
        hist.close()


async def test_a_network_match_has_the_player_s_own_number_and_record_against_the_other_player(tmp_path):
    # "Match N" over the network was the host's own count of the matches of its game (1 after
    # every `host --new`), and the result had no "Against …: won X of Y" line.
    from textual.widgets import Static

    from ginrummy_tui.engine import new_game
    from ginrummy_tui.net.remote_session import RemoteSession
    from ginrummy_tui.net.server import MatchServer
    from ginrummy_tui.session.keeper import SeatRecords
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen
    from ginrummy_tui.tui.widgets.score_table import ScoreTable

    from .test_net_away import until_app
    from .test_net_session import played_until

    _network_history(tmp_path, [True, False, True, True, False, True])  # six matches with Ann, four won
    over = played_until(new_game(PRESETS["standard"].with_options(target=10), seed=SEED), ("match_over",))
    server = MatchServer(over, names=("Ann", "Guest"), port=0, match_id=lambda: "20261201-030405-abcd")
    await server.start()
    records = SeatRecords(tmp_path, opponent=NETWORK)
    ann = RemoteSession(*server.address, server.codes[0], "Ann")
    bob = RemoteSession(*server.address, server.codes[1], "Bob", records=records)
    await ann.connect()
    await bob.connect()
    assert over.match_no == 1 and bob.match_number() == 7
    for _ in range(200):  # the guest's record of this match is written by its writes' thread
        if not records.writes.pending():
            break
        await asyncio.sleep(0.02)
    app = make_app(session=bob, pause=0)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until_app(pilot, lambda: isinstance(app.screen, SummaryScreen))
            await pilot.press("enter")
            await until_app(pilot, lambda: isinstance(app.screen, MatchOverScreen))
            await pilot.pause()
            table = app.screen.query_one(ScoreTable)
            assert (table.title or "").startswith("Match 7")
            shown = str(app.screen.query_one("#level-record", Static).render())
            won = 5 if over.winner == 1 else 4  # this match, recorded from Bob's side, counts too
            assert shown.startswith(f"Against Ann: won {won} of 7\nlast 7: ")
    finally:
        await bob.aclose()
        await ann.aclose()
        await server.close()
        records.close()


async def test_the_host_s_result_names_who_played_the_match_not_who_holds_the_seat_now(tmp_path):
    # Carol took the seat on the result and the host was started again: its result read
    # "Carol won the match", its score table's column "Carol", where Bob played it.
    from textual.widgets import Static

    from ginrummy_tui.engine import new_game
    from ginrummy_tui.net.remote_session import RemoteSession
    from ginrummy_tui.net.server import MatchServer
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    from .app_helpers import screen_text
    from .test_net_away import until_app
    from .test_net_session import played_until

    over = played_until(new_game(PRESETS["standard"].with_options(target=10), seed=SEED), ("match_over",))
    played = {str(row.hand_no): ["Ann", "Bob"] for row in over.sheet}
    table = {"names": ["Ann", "Bob"], "seated": [True, True], "match": {"no": over.match_no, "started": None,
                                                                       "hints": [0, 0], "played": played}}
    server = MatchServer(over, names=("Ann", "Guest"), port=0, table=table)  # the host started again
    await server.start()
    ann = RemoteSession(*server.address, server.codes[0], "Ann")
    carol = RemoteSession(*server.address, server.codes[1], "Carol")
    await carol.connect()  # Carol took the seat first
    await ann.connect()
    assert ann.opponent_name == "Carol"
    app = make_app(session=ann, pause=0)
    try:
        async with app.run_test(size=(100, 40)) as pilot:
            await until_app(pilot, lambda: isinstance(app.screen, SummaryScreen) and ann.opponent_name == "Carol")
            await pilot.pause()
            app.clear_notifications()  # "Carol joined."
            await pilot.pause()
            body = screen_text(app)
            assert "Bob" in body and "Carol" not in body
            await pilot.press("enter")
            await until_app(pilot, lambda: isinstance(app.screen, MatchOverScreen))
            await pilot.pause()
            head = str(app.screen.query_one("#winner", Static).render())
            assert "Carol" not in head and (("Bob won the match" in head) if over.winner == 1 else ("You won" in head))
            rows = screen_text(app).splitlines()
            [columns] = [row for row in rows if "You" in row and "Hand" in row or "#" in row and "You" in row][:1]
            assert "Bob" in columns and "Carol" not in columns
    finally:
        await carol.aclose()
        await ann.aclose()
        await server.close()


async def test_the_newcomer_s_screens_name_who_played_the_hands_at_their_seat_before_them(tmp_path):
    # Carol took Bob's seat on the result: her end of the hand, result and score table
    # said "You" for Bob's hands ("You won the match!", "Scores: You 61", a column "You").
    from textual.widgets import Static

    from ginrummy_tui.engine import new_game
    from ginrummy_tui.net.remote_session import RemoteSession
    from ginrummy_tui.net.server import MatchServer
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    from .app_helpers import screen_text
    from .test_net_away import until_app
    from .test_net_session import played_until

    over = played_until(new_game(PRESETS["standard"].with_options(target=10), seed=SEED), ("match_over",))
    played = {str(row.hand_no): ["Ann", "Bob"] for row in over.sheet}
    table = {"names": ["Ann", "Bob"], "seated": [True, True], "match": {"no": over.match_no, "started": None,
                                                                       "hints": [0, 0], "played": played}}
    server = MatchServer(over, names=("Ann", "Guest"), port=0, table=table)
    await server.start()
    ann = RemoteSession(*server.address, server.codes[0], "Ann")
    carol = RemoteSession(*server.address, server.codes[1], "Carol")
    await ann.connect()
    await carol.connect()
    app = make_app(session=carol, pause=0)
    try:
        async with app.run_test(size=(100, 40)) as pilot:
            await until_app(pilot, lambda: isinstance(app.screen, SummaryScreen))
            await pilot.pause()
            app.clear_notifications()  # "Bob played this match at your seat: …"
            await pilot.pause()
            body = screen_text(app)
            assert f"Scores: Bob {over.scores[1]}" in body and "You " not in body
            await pilot.press("enter")
            await until_app(pilot, lambda: isinstance(app.screen, MatchOverScreen))
            await pilot.pause()
            head = str(app.screen.query_one("#winner", Static).render())
            assert ("Bob won the match." if over.winner == 1 else "Ann won the match.") in head
            assert f"Bob {over.totals[1]} · Ann {over.totals[0]}" in head and "You" not in head
            rows = screen_text(app).splitlines()
            [columns] = [row for row in rows if "#" in row and "Ending" in row]
            assert "Bob" in columns and "You" not in columns
        assert carol.played_own_name() == "Bob" and ann.played_own_name(whole_match=True) == "You"
    finally:
        await carol.aclose()
        await ann.aclose()
        await server.close()


async def test_the_newcomer_mid_match_says_you_only_for_the_hands_they_played():
    # Carol took Bob's seat after the first hand: the score table's column said "You" for all.
    from ginrummy_tui.engine import new_game
    from ginrummy_tui.net.remote_session import RemoteSession
    from ginrummy_tui.net.server import MatchServer
    from ginrummy_tui.tui.widgets.score_table import score_table

    from .test_net_session import played_until

    over = played_until(new_game(PRESETS["standard"].with_options(target=100), seed=SEED), ("match_over",))
    assert len(over.sheet) > 2
    bobs = [row.hand_no for row in over.sheet[:2]]  # Bob played the first two hands, Carol the rest
    table = {"names": ["Ann", "Carol"], "seated": [True, True], "match": {
        "no": over.match_no, "started": None, "hints": [0, 0], "played": {str(n): ["Ann", "Bob"] for n in bobs}}}
    server = MatchServer(over, names=("Ann", "Guest"), port=0, table=table)
    await server.start()
    carol = RemoteSession(*server.address, server.codes[1], "Carol")
    await carol.connect()
    try:
        assert carol.played_own_name() == "You"
        mine = carol.played_own_name(whole_match=True)
        assert mine == "Bob/You"
        v = carol.view()
        assert carol.hand_names() == [("Bob", "Ann")] * 2 + [("You", "Ann")] * (len(v.sheet) - 2)
        t = score_table(v, carol.played_name(whole_match=True), own_name=mine, hand_names=carol.hand_names())
        assert [str(c.header) for c in t.columns][-2:] == ["Bob/You", "Ann"]
        points = [str(cell) for cell in t.columns[3]._cells]
        for row, said in zip(v.sheet, points):  # each row names who played it: "Bob +35", "You +20"
            mine_then = "Bob" if row.hand_no in bobs else "You"
            if row.winner is not None and row.points:
                assert said.startswith(f"{mine_then if row.winner == 1 else 'Ann'} +{row.points}"), (row, said)
    finally:
        await carol.aclose()
        await server.close()


async def test_a_guest_who_leaves_mid_match_records_it_as_left_with_the_hands_they_played(tmp_path, capsys):
    # Bob played a hand and quit: his history had nothing of the match.
    from ginrummy_tui.cli import main
    from ginrummy_tui.session.keeper import SeatRecords
    from ginrummy_tui.storage.history import open_history
    from ginrummy_tui.storage.reports import format_match
    from ginrummy_tui.tui.screens.stats_screen import recent_renderable

    bobs = SeatRecords(tmp_path / "bob", opponent=NETWORK)
    async with _ann_hosting(60) as (server, changes, seats):
        ann = await seats.join(server.codes[0], "Ann")
        bob = await seats.join(server.codes[1], "Bob", records=bobs)
        await _play_on(changes, {0: ann, 1: bob}, server, lambda s: s.phase.ended)
        assert server.state.phase == "hand_over", "the first hand ended the match: make the target higher"
        await changes.until(lambda: bob.view().phase == "hand_over")
        score = list(reversed(server.state.scores))  # from Bob's side
        await bob.aclose()
    _written(bobs)
    stats, [record] = _figures(tmp_path / "bob")
    assert not record["finished"] and record["abandoned"] and record["winner"] is None
    assert [h["hand_no"] for h in record["hands"]] == [1] and record["scores"] == score
    assert record["left"] == {"hand": 2} and record["opponent_name"] == "Ann"
    tally = stats.total
    assert (tally.matches, tally.won, tally.lost, tally.abandoned, tally.hands) == (0, 0, 0, 1, 1)  # not played out
    text = format_match(record)
    assert "(left unfinished)" in text
    assert f"  Left the table in hand 2 with the score {score[0]}-{score[1]}: neither won nor lost\n" in text
    assert main(["export", "--data-dir", str(tmp_path / "bob"), "--list"]) == 0
    assert capsys.readouterr().out.rstrip("\n").endswith(f"1 hand  {score[0]}-{score[1]}  left unfinished")
    opening = open_history(tmp_path / "bob", create=False)
    assert opening.history is not None
    try:
        [recent] = opening.history.recent(5)
    finally:
        opening.history.close()
    assert str(recent_renderable([recent]).renderables[1]).endswith(f"{score[0]}-{score[1]} left unfinished")


async def test_a_guest_who_left_and_came_back_to_finish_the_match_has_it_recorded_once(tmp_path):
    from ginrummy_tui.session.keeper import SeatRecords

    async with _ann_hosting(60) as (server, changes, seats):
        ann = await seats.join(server.codes[0], "Ann")
        first = SeatRecords(tmp_path / "bob", opponent=NETWORK)
        bob = await seats.join(server.codes[1], "Bob", records=first)
        await _play_on(changes, {0: ann, 1: bob}, server, lambda s: s.phase.ended)
        await changes.until(lambda: bob.view().phase == "hand_over")
        await bob.aclose()
        _written(first)
        again = SeatRecords(tmp_path / "bob", opponent=NETWORK)
        bob = await seats.join(server.codes[1], "Bob", records=again)
        await _play_on(changes, {0: ann, 1: bob}, server, lambda s: s.phase == "match_over")
        await changes.until(lambda: bob.view().phase == "match_over")
        hands = [row.hand_no for row in server.state.sheet]
        winner = server.state.winner
        await bob.aclose()
    _written(again)
    stats, [record] = _figures(tmp_path / "bob")
    assert record["finished"] and not record["abandoned"] and "left" not in record
    assert [h["hand_no"] for h in record["hands"]] == hands
    tally = stats.total
    assert (tally.matches, tally.won + tally.lost, tally.abandoned, tally.hands) == (1, 1, 0, len(hands))
    assert tally.won == int(winner == 1)


async def test_a_guest_who_left_and_came_back_has_the_record_carried_on_and_none_once_the_host_gives_it_up(
    tmp_path,
):
    # Bob quit after hand 1 and came back to play hand 2 on: his record stayed as he first left it
    # (1 hand, left in hand 2, counted abandoned), and stayed so once the host gave the match up
    # with --new, which counts not at all on the guest's side.
    from ginrummy_tui.engine import new_game
    from ginrummy_tui.net.server import MatchServer
    from ginrummy_tui.session.keeper import SeatRecords

    async with _ann_hosting(200) as (server, changes, seats):
        ann = await seats.join(server.codes[0], "Ann")
        first = SeatRecords(tmp_path / "bob", opponent=NETWORK)
        bob = await seats.join(server.codes[1], "Bob", records=first)
        await _play_on(changes, {0: ann, 1: bob}, server, lambda s: s.phase.ended)
        await changes.until(lambda: bob.view().phase == "hand_over")
        await bob.aclose()
        _written(first)
        _, [record] = _figures(tmp_path / "bob")
        assert record["left"] == {"hand": 2} and [h["hand_no"] for h in record["hands"]] == [1]
        again = SeatRecords(tmp_path / "bob", opponent=NETWORK)
        bob = await seats.join(server.codes[1], "Bob", records=again)
        await _play_on(changes, {0: ann, 1: bob}, server, lambda s: s.hand_no == 2 and s.phase.ended)
        await changes.until(lambda: (bob.view().hand_no, bob.view().phase) == (2, "hand_over"))
        for _ in range(200):
            if not again.writes.pending():
                break
            await asyncio.sleep(0.02)
        stats, [record] = _figures(tmp_path / "bob")  # carried on with the hand played since
        assert record["left"] == {"hand": 3} and [h["hand_no"] for h in record["hands"]] == [1, 2]
        assert (stats.total.abandoned, stats.total.hands) == (1, 2)
        host, port = server.address
        retired = server.codes[1]
        await server.close()  # Ann quits, and starts a new match (--new) on the same port
        new = MatchServer(new_game(PRESETS["standard"], seed=SEED + 1), names=("Ann", "Guest"), port=port,
                          auth_delay=0.01, retired_codes=[retired])
        await new.start()
        try:
            await changes.until(lambda: bob.gave_up and bob.new_match)
            for _ in range(200):
                if not again.writes.pending():
                    break
                await asyncio.sleep(0.02)
            await bob.aclose()  # quit after it: the match given up is not recorded as left either
        finally:
            await new.close()
    _written(again)
    stats, records = _figures(tmp_path / "bob")
    assert records == [] and (stats.total.matches, stats.total.abandoned, stats.total.hands) == (0, 0, 0)


async def test_a_guest_whose_seat_another_took_while_away_records_the_match_as_left(tmp_path):
    from ginrummy_tui.session.keeper import SeatRecords

    bobs = SeatRecords(tmp_path / "bob", opponent=NETWORK)
    async with _ann_hosting(60) as (server, changes, seats):
        ann = await seats.join(server.codes[0], "Ann")
        bob = await seats.join(server.codes[1], "Bob", records=bobs)
        await _play_on(changes, {0: ann, 1: bob}, server, lambda s: s.phase.ended)
        await changes.until(lambda: bob.view().phase == "hand_over")
        bob.retry_every = 0.5
        await bob.client.close()  # dropped: Carol takes the seat before Bob is back
        await changes.until(lambda: not ann.opponent_here)
        await seats.join(server.codes[1], "Carol")
        await changes.until(lambda: bob.refused_with is not None)
        for _ in range(200):
            if not bobs.writes.pending():
                break
            await asyncio.sleep(0.02)
    _written(bobs)
    _, [record] = _figures(tmp_path / "bob")
    assert record["left"] == {"hand": 2} and [h["hand_no"] for h in record["hands"]] == [1]


async def test_the_first_deal_of_each_next_match_at_the_table_goes_to_the_other_player():
    # Ann, the host, started every match: Bob dealt the first hand of each rematch too.
    async with _ann_hosting(10) as (server, changes, seats):
        ann = await seats.join(server.codes[0], "Ann")
        bob = await seats.join(server.codes[1], "Bob")
        assert ann.view().dealer == 1 == bob.view().dealer
        for match_no, dealer in ((2, 0), (3, 1)):
            await _play_on(changes, {0: ann, 1: bob}, server, lambda s: s.phase == "match_over")
            await changes.until(lambda: bob.view().phase == "match_over" and ann.view().phase == "match_over")
            ann.submit(Action(Kind.NEW_MATCH))
            await changes.until(lambda: bob.client.ready[0])
            bob.submit(Action(Kind.NEW_MATCH))
            await changes.until(lambda m=match_no: bob.view().match_no == m and ann.view().match_no == m)
            assert server.state.dealer == dealer and server.state.current == 1 - dealer
            assert ann.view().hand_no == 1 and ann.view().dealer == dealer == bob.view().dealer
    from ginrummy_tui.tui.screens.rules_screen import first_deal_words, match_first_dealer

    assert match_first_dealer(bob.view()) == 1  # the third match: Bob deals again, as in the first
    assert first_deal_words(0, "Bob", 0) == "You deal the first hand of this match, so Bob starts"
    assert first_deal_words(1, "Ann", 0) == "Ann deals the first hand of this match, so you start"


async def test_the_rule_sheet_of_a_rematch_says_who_deals_its_first_hand(tmp_path):
    # Ann, the host, dealt the second match's first hand: Bob's sheet said "You deal the first
    # hand of a match, so Ann starts".
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.rules_screen import RulesScreen

    from .app_helpers import screen_text
    from .test_net_away import until_app

    async with _ann_hosting(10) as (server, changes, seats):
        ann = await seats.join(server.codes[0], "Ann")
        bob = await seats.join(server.codes[1], "Bob")
        await _play_on(changes, {0: ann, 1: bob}, server, lambda s: s.phase == "match_over")
        await changes.until(lambda: bob.view().phase == "match_over" and ann.view().phase == "match_over")
        ann.submit(Action(Kind.NEW_MATCH))
        await changes.until(lambda: bob.client.ready[0])
        bob.submit(Action(Kind.NEW_MATCH))
        await changes.until(lambda: bob.view().match_no == 2)
        await bob.aclose()
        await changes.until(lambda: not ann.opponent_here)
        bob = await seats.join(server.codes[1], "Bob", run=False)  # the app runs its connection
        app = make_app(session=bob, pause=0)
        async with app.run_test(size=(100, 50)) as pilot:
            await pilot.pause()
            await pilot.press("question_mark")
            await until_app(pilot, lambda: isinstance(app.screen, RulesScreen))
            await pilot.pause()
            said = " ".join(screen_text(app).replace("•", " ").split())
            assert "Ann deals the first hand of this match, so you start; then the deal alternates" in said
            app.exit()


async def test_a_guest_who_left_and_came_back_to_the_result_another_finished_keeps_it_as_left(tmp_path):
    # Bob left after the first hand and Carol finished the match: Bob, back on its result,
    # had the match as a finished one of his, with Carol's hands.
    from ginrummy_tui.session.keeper import SeatRecords

    async with _ann_hosting(60) as (server, changes, seats):
        ann = await seats.join(server.codes[0], "Ann")
        bobs = SeatRecords(tmp_path / "bob", opponent=NETWORK)
        bob = await seats.join(server.codes[1], "Bob", records=bobs)
        await _play_on(changes, {0: ann, 1: bob}, server, lambda s: s.phase.ended)
        await changes.until(lambda: bob.view().phase == "hand_over")
        await bob.aclose()
        _written(bobs)
        carol = await seats.join(server.codes[1], "Carol")
        await _play_on(changes, {0: ann, 1: carol}, server, lambda s: s.phase == "match_over")
        await changes.until(lambda: carol.view().phase == "match_over")
        await carol.aclose()
        await changes.until(lambda: not ann.opponent_here)
        again = SeatRecords(tmp_path / "bob", opponent=NETWORK)
        bob = await seats.join(server.codes[1], "Bob", records=again)
        assert bob.view().phase == "match_over"
        await bob.aclose()
    _written(again)
    _, [record] = _figures(tmp_path / "bob")
    assert not record["finished"] and record["left"] == {"hand": 2}
    assert [h["hand_no"] for h in record["hands"]] == [1]


async def _killed_in_hand_2_then_refused(tmp_path, monkeypatch, capsys, *, finish_a_hand=True):
    """Bob plays (the first hand to its end, with ``finish_a_hand``), his ``gin-tui join`` is
    killed in the next hand (nothing of it runs after), Carol takes the seat, then Bob runs his
    rejoin command twice: the host refuses both.  Gives what each said and the exit statuses."""
    import argparse

    from ginrummy_tui.cli import join
    from ginrummy_tui.session.keeper import SeatRecords

    monkeypatch.setattr(join, "SEAT_WAIT", 1)
    monkeypatch.setattr(join, "SEAT_ASK_EVERY", 0.2)
    bobs = SeatRecords(tmp_path / "bob", opponent=NETWORK)
    said, statuses = [], []
    async with _ann_hosting(60) as (server, changes, seats):
        ann = await seats.join(server.codes[0], "Ann")
        bob = await seats.join(server.codes[1], "Bob", records=bobs)
        if finish_a_hand:
            await _play_on(changes, {0: ann, 1: bob}, server, lambda s: s.phase.ended)
            assert server.state.phase == "hand_over", "the first hand ended the match: make the target higher"
            await _play_on(changes, {0: ann, 1: bob}, server, lambda s: s.hand_no == 2 and len(s.history) >= 2)
        else:
            await _play_on(changes, {0: ann, 1: bob}, server, lambda s: len(s.history) >= 2)
        bob.records, bob.reconnect = None, False  # kill -9: the process does nothing more
        await bob.client.close()
        await changes.until(lambda: not ann.opponent_here)
        await seats.join(server.codes[1], "Carol")
        host, port = server.address
        args = argparse.Namespace(data_dir=str(tmp_path / "bob"), address=f"{host}:{port}", name="Bob")
        for _ in range(2):
            capsys.readouterr()
            statuses.append(await join._join(host, port, server.codes[1], "Bob", args))
            said.append(capsys.readouterr().err)
    bobs.close()
    return said, statuses


async def test_a_guest_killed_then_refused_as_another_took_the_seat_records_the_match_as_left_once(
    tmp_path, monkeypatch, capsys
):
    # Bob's join was killed in hand 2 and Carol took the seat: Bob's rejoin command,
    # refused, wrote nothing, and his history had nothing of the match.
    said, statuses = await _killed_in_hand_2_then_refused(tmp_path, monkeypatch, capsys)
    assert statuses == [1, 1]
    stats, [record] = _figures(tmp_path / "bob")
    assert record["left"] == {"hand": 2} and [h["hand_no"] for h in record["hands"]] == [1]
    assert not record["finished"] and record["opponent_name"] == "Ann"
    assert stats.total.abandoned == 1 and stats.total.hands == 1
    score = f"{record['scores'][0]}-{record['scores'][1]}"
    for text in said:  # both times, written the first only
        assert "Carol took your seat while you were away and plays the match on" in text
        assert f"as a match you left unfinished (1 hand, {score})" in text
        assert "ask the host to start a new one" in text and "still held" not in text


async def test_a_guest_killed_before_a_hand_of_theirs_ended_is_told_the_match_is_not_recorded(
    tmp_path, monkeypatch, capsys
):
    said, statuses = await _killed_in_hand_2_then_refused(tmp_path, monkeypatch, capsys, finish_a_hand=False)
    assert statuses == [1, 1]
    assert "Carol took your seat while you were away" in said[0]
    assert "No hand you played of it ended: it is not in your statistics." in said[0]
    from ginrummy_tui.storage.history import open_history

    opening = open_history(tmp_path / "bob", create=False)
    records = [] if opening.history is None else list(opening.history.records())
    if opening.history is not None:
        opening.history.close()
    assert records == []


async def test_the_host_s_record_and_result_name_both_players_of_a_seat_another_took_during_the_match(tmp_path):
    # Bob played hand 1, Carol took the seat and ran out of time in hand 2: the host's record named
    # Bob alone, its result said "Bob/Carol ran out of time" and its "Against Carol" line left out
    # the match (there was none at all when Carol had no match before).
    from textual.widgets import Static

    from ginrummy_tui.cli.host import SaveReporter, match_server
    from ginrummy_tui.net.remote_session import RemoteSession
    from ginrummy_tui.storage.reports import format_match
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.match_over_screen import MatchOverScreen
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen

    from .test_net import NEVER_SILENT, FakeClock
    from .test_net_away import until_app
    from .test_net_session import Changes, Seats

    store, keeper, state, code = _host(tmp_path / "host")
    reporter = SaveReporter(keeper)
    clock = FakeClock()
    server = match_server(reporter, state, code, name="Ann", bind="127.0.0.1", port=0, auth_delay=0.01, clock=clock, silent_after=NEVER_SILENT)
    host, port = await server.start()
    changes = Changes()
    seats = Seats(host, port, changes)
    try:
        ann = await seats.join(server.host_code, "Ann")
        bob = await seats.join(code, "Bob")
        await _play_on(changes, {0: ann, 1: bob}, server, lambda s: s.phase.ended)
        assert server.state.phase == "hand_over", "the first hand ended the match"
        await bob.aclose()
        await changes.until(lambda: not ann.opponent_here)
        carol = await seats.join(code, "Carol")
        await _play_on(changes, {0: ann, 1: carol}, server, lambda s: s.phase.playing and s.current == 1)
        clock.forward(30)  # Carol's time runs out: the match is over, Ann won it
        await changes.until(lambda: ann.view().phase == "match_over" and carol.view().phase == "match_over")
        await ann.aclose()
        for _ in range(200):  # the host's record is written by its keeper's writes
            if not keeper.writes.pending():
                break
            await asyncio.sleep(0.02)
        again = RemoteSession(host, port, server.host_code, "Ann", history=keeper.read_history)
        await again.connect()
        assert again.person_record() == ("Bob/Carol", 1, 1, [True])
        app = make_app(session=again, pause=0)
        try:
            async with app.run_test(size=(100, 40)) as pilot:
                await until_app(pilot, lambda: isinstance(app.screen, SummaryScreen))
                await pilot.press("enter")
                await until_app(pilot, lambda: isinstance(app.screen, MatchOverScreen))
                await pilot.pause()
                head = str(app.screen.query_one("#winner", Static).render())
                assert head.startswith("You won the match: Carol ran out of time.\n")
                assert "Bob/Carol" in head  # the final score: the seat's players, both
                shown = str(app.screen.query_one("#level-record", Static).render())
                assert shown.startswith("Against Bob/Carol: won 1 of 1")
        finally:
            await again.aclose()
    finally:
        await seats.close()
        await server.close()
        keeper.close_history()
    _, [record] = _figures(tmp_path / "host")
    assert record["opponent_name"] == "Bob/Carol" and record["winner"] == 0
    assert "Bob/Carol (network)" in format_match(record)


async def test_the_moves_and_hints_made_before_a_takeover_during_a_hand_are_named_as_the_previous_player_s(tmp_path):
    # Bob quit during hand 2 and Carol took his seat: every screen named Bob's moves of the hand
    # Carol's ("You passed on A♣" on hers), Ann's said "Carol was shown 3 hints this hand" of
    # Bob's, Carol's end of hand counted them hers, and her export listed them as "you: …".
    from ginrummy_tui.net.remote_session import RemoteSession
    from ginrummy_tui.session.keeper import SeatRecords
    from ginrummy_tui.storage.reports import format_match
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.screens.summary_screen import SummaryScreen
    from ginrummy_tui.tui.table_text import log_lines, moves_text

    from .app_helpers import screen_text
    from .test_net_away import until_app

    carols = SeatRecords(tmp_path / "carol", opponent=NETWORK)
    async with _ann_hosting(60) as (server, changes, seats):
        ann = await seats.join(server.codes[0], "Ann")
        bob = await seats.join(server.codes[1], "Bob")
        await _play_on(changes, {0: ann, 1: bob}, server, lambda s: s.phase.ended)
        assert server.state.phase == "hand_over", "the first hand ended the match: make the target higher"
        await _play_on(changes, {0: ann, 1: bob}, server,
                       lambda s: s.hand_no == 2 and sum(m.seat == 1 for m in s.history) >= 2 and s.current == 0)
        for _ in range(3):
            bob.add_hint()
        await changes.until(lambda: ann.hints_this_hand() == (0, 3))
        before = len(server.state.history)
        await bob.aclose()
        await changes.until(lambda: not ann.opponent_here)
        carol = await seats.join(server.codes[1], "Carol", records=carols)
        await changes.until(lambda: ann.opponent_here and ann.handovers() == [(1, before, "Bob")])
        assert carol.handovers() == [(1, before, "Bob")]
        # the moves line: Ann is to move, after Bob's last moves (on Carol's table they were "You drew …")
        assert moves_text(carol.view(), "Ann", False, handovers=carol.handovers()).plain.startswith("Bob ")
        assert moves_text(ann.view(), "Carol", False, handovers=ann.handovers()).plain.startswith("Bob ")
        await _play_on(changes, {0: ann, 1: carol}, server, lambda s: s.current == 1 and len(s.history) > before)
        carol.add_hint()
        carol.add_hint()
        await changes.until(lambda: ann.hints_this_hand() == (0, 2) and carol.hints_this_hand() == (2, 0))
        assert ann.earlier_hints() == carol.earlier_hints() == [(1, "Bob", 3)]
        await _play_on(changes, {0: ann, 1: carol}, server, lambda s: s.phase.ended)
        await changes.until(lambda: carol.view().phase.ended and carol.view().hand_no == 2)
        v = carol.view()
        movers = [line.plain.split()[1] for line in log_lines(v, "Ann", False, carol.handovers())[1:]]
        seat_1 = [m.seat == 1 for m in v.history]
        firsts = [i for i, m in enumerate(v.history) if i == 0 or v.history[i - 1].seat != m.seat
                  or v.history[i - 1].action.kind == Kind.PASS]  # the first move of each turn
        expected = [("Bob" if i < before else "You") if seat_1[i] else "Ann" for i in firsts]
        assert movers[:len(expected)] == expected and "Bob" in movers and "You" in movers
        dealt = f"Hand 2 · {'Bob' if v.dealer == 1 else 'Ann'} dealt"  # Bob held the seat at the deal
        assert log_lines(v, "Ann", False, carol.handovers())[0].plain.startswith(dealt)
        ann_movers = [line.plain.split()[1] for line in log_lines(ann.view(), "Carol", False, ann.handovers())[1:]]
        assert ann_movers[:len(expected)] == [{"You": "Carol", "Ann": "You"}.get(m, m) for m in expected]
        await carol.aclose()
        await changes.until(lambda: not ann.opponent_here)
        again = RemoteSession(*server.address, server.codes[1], "Carol")  # Carol's table at the end of hand 2
        await again.connect()
        app = make_app(session=again, pause=0)
        try:
            async with app.run_test(size=(120, 40)) as pilot:
                await until_app(pilot, lambda: isinstance(app.screen, SummaryScreen))
                await pilot.pause()
                body = screen_text(app)
                assert "Hints this hand: you 2 · Ann 0 · Bob 3" in body
                assert " Bob " in body  # the log beside the summary names Bob's turns
        finally:
            await again.aclose()
    _written(carols)
    _, [record] = _figures(tmp_path / "carol")
    assert record["taken_over"] == {"hand": 2, "from": "Bob", "move": before}
    assert record["hints"] == 2
    text = format_match(record)
    assert f"  Took the seat from Bob in hand 2, after its first {before} moves:" in text
    [hand_2] = [h for h in record["hands"] if h["hand_no"] == 2]
    told = text.split("Hand 2:")[1].split("Moves: ")[1].split("\n")[0].split("; ")
    assert [t.split(":")[0] for t in told] == [
        ("Bob" if i < before else "you") if m["seat"] == 0 else "them" for i, m in enumerate(hand_2["moves"])
    ]


async def test_a_restarted_host_names_the_player_before_for_the_moves_and_hints_of_a_hand_taken_over(tmp_path):
    # Bob quit during hand 1 and Carol took his seat; the host was stopped and started again: it
    # had forgotten where the seat changed hands, and every table named Bob's moves and hints Carol's.
    from ginrummy_tui.cli.host import SaveReporter, match_server
    from ginrummy_tui.tui.table_text import log_lines

    from .test_net_session import Changes, Seats

    async def hosting():
        _, keeper, state, code = _host(tmp_path, rules_name="standard")
        server = match_server(SaveReporter(keeper), state, code, name="Ann", bind="127.0.0.1", port=0,
                              auth_delay=0.01, rate=1000, burst=1000)
        host, port = await server.start()
        changes = Changes()
        return keeper, server, changes, Seats(host, port, changes)

    keeper, server, changes, seats = await hosting()
    try:
        ann = await seats.join(server.host_code, "Ann")
        bob = await seats.join(server.join_code, "Bob")
        await _play_on(changes, {0: ann, 1: bob}, server,
                       lambda s: sum(m.seat == 1 for m in s.history) >= 2 and s.current == 0)
        bob.add_hint()
        bob.add_hint()
        await changes.until(lambda: ann.hints_this_hand() == (0, 2))
        before = len(server.state.history)
        await bob.aclose()
        await changes.until(lambda: not ann.opponent_here)
        carol = await seats.join(server.join_code, "Carol")
        carol.add_hint()
        await changes.until(lambda: ann.opponent_here and ann.handovers() == [(1, before, "Bob")]
                            and ann.hints_this_hand() == (0, 1))
        told = (log_lines(ann.view(), "Carol", False, ann.handovers()), ann.earlier_hints())
    finally:
        await seats.close()
        await server.close()
        keeper.close_history()
    keeper, server, changes, seats = await hosting()  # the host again, on its saved match
    try:
        assert server.state.hand_no == 1 and len(server.state.history) == before
        ann = await seats.join(server.host_code, "Ann")
        carol = await seats.join(server.join_code, "Carol")
        await changes.until(lambda: ann.opponent_here and carol.opponent_here)
        assert ann.handovers() == carol.handovers() == [(1, before, "Bob")]
        assert ann.earlier_hints() == carol.earlier_hints() == [(1, "Bob", 2)] == told[1]
        assert ann.hints_this_hand() == (0, 1) and carol.hints_this_hand() == (1, 0)
        assert [line.plain for line in log_lines(ann.view(), "Carol", False, ann.handovers())] == [
            line.plain for line in told[0]]
        movers = [line.plain.split()[1] for line in log_lines(carol.view(), "Ann", False, carol.handovers())[1:]]
        assert "Bob" in movers and "You" not in movers  # Carol has made no move yet
    finally:
        await seats.close()
        await server.close()
        keeper.close_history()


async def test_a_restarted_host_tells_a_player_whose_seat_another_took_who_has_it(tmp_path):
    # Carol took Bob's seat and the host was started again: Bob, coming back while Carol played,
    # was told only that the seat was taken (his game kept trying for it), not that Carol had it.
    from ginrummy_tui.net import protocol as P
    from ginrummy_tui.net.client import JoinRefused
    from ginrummy_tui.net.remote_session import RemoteSession
    from ginrummy_tui.net.server import MatchServer

    from .test_net_session import Changes, Seats

    async with _ann_hosting(60) as (server, changes, seats):
        await seats.join(server.codes[0], "Ann")
        bob = await seats.join(server.codes[1], "Bob")
        await bob.aclose()
        await changes.until(lambda: not server.connected()[1])
        await seats.join(server.codes[1], "Carol")
        table, state, codes = server.table(), server.state, server.codes
    again = MatchServer(state, codes=codes, names=("Ann", "Guest"), port=0, auth_delay=0.01, table=table)
    host, port = await again.start()
    changes = Changes()
    seats = Seats(host, port, changes)
    try:
        await seats.join(codes[0], "Ann")
        await seats.join(codes[1], "Carol")
        for client_id in (bob.client_id, P.new_client_id()):  # Bob's game still running, or a new one
            back = RemoteSession(host, port, codes[1], "Bob")
            back.client_id = client_id
            with pytest.raises(JoinRefused) as refused:
                await back.connect()
            assert refused.value.code == P.E_REPLACED and refused.value.by == "Carol"
    finally:
        await seats.close()
        await again.close()
    for junk in ("junk", {"left": "junk", "clients": [1, 2]}, {"replaced": [["!"], 3], "left": [[""], None]}):
        broken = MatchServer(state, names=("Ann", "Guest"), port=0, table={**table, "holders": junk})
        assert "holders" not in broken.table()


def test_a_host_takes_up_a_saved_table_without_readable_handovers_as_one_without_any():
    # A save of an earlier version has no handovers; one that is damaged, or names moves the hand
    # has not had, must not stop the host: what cannot be read is left out.
    from ginrummy_tui.net.server import MatchServer

    state = new_game(PRESETS["standard"], seed=SEED)
    state = apply(state, legal_actions(state)[0])
    hand = [state.match_no, state.hand_no]
    entry = {"move": 1, "from": "Bob", "hints": 1}
    for saved, kept in [
        (None, [[], []]),
        ("junk", [[], []]),
        ([[], "junk"], [[], []]),
        ([[], [entry, {"move": 9, "from": "Dan", "hints": 0}, {"move": "1", "from": "Eve"}]], [[], [entry]]),
        ([[], [{**entry, "hints": 7}]], [[], [entry]]),  # no more hints than the seat was shown in the hand
    ]:
        table = {"hand": hand, "hints": [0, 1], **({"handovers": saved} if saved is not None else {})}
        server = MatchServer(state, names=("Ann", "Guest"), port=0, table=table)
        assert server.handovers() == kept
        assert server.table().get("handovers", [[], []]) == kept
    other_hand = {"hand": [1, 2], "hints": [0, 1], "handovers": [[], [entry]]}
    assert MatchServer(state, names=("Ann", "Guest"), port=0, table=other_hand).handovers() == [[], []]


async def test_the_deal_of_a_hand_left_before_any_move_is_named_as_the_previous_player_s(tmp_path):
    # Bob held the seat as hand K was dealt (he dealt it) and quit before any move; Carol took
    # the seat: every table said "Carol dealt", and her record had no mark of the hand taken over.
    from ginrummy_tui.session.keeper import SeatRecords
    from ginrummy_tui.storage.reports import format_match
    from ginrummy_tui.tui.table_text import log_lines, moves_text

    carols = SeatRecords(tmp_path / "carol", opponent=NETWORK)
    async with _ann_hosting(60) as (server, changes, seats):
        ann = await seats.join(server.codes[0], "Ann")
        bob = await seats.join(server.codes[1], "Bob")
        await _play_on(changes, {0: ann, 1: bob}, server,
                       lambda s: s.hand_no >= 2 and s.dealer == 1 and s.phase.playing and not s.history)
        hand = server.state.hand_no
        await bob.aclose()
        await changes.until(lambda: not ann.opponent_here)
        carol = await seats.join(server.codes[1], "Carol", records=carols)
        await changes.until(lambda: ann.opponent_here and ann.handovers() == [(1, 0, "Bob")])
        assert carol.handovers() == [(1, 0, "Bob")] and server.handovers() == [[], [{"move": 0, "from": "Bob", "hints": 0}]]
        assert log_lines(carol.view(), "Ann", False, carol.handovers())[0].plain.startswith(f"Hand {hand} · Bob dealt")
        assert log_lines(ann.view(), "Carol", False, ann.handovers())[0].plain.startswith(f"Hand {hand} · Bob dealt")
        assert moves_text(carol.view(), "Ann", False, handovers=carol.handovers()).plain.startswith(f"Hand {hand}: Bob dealt.")
        await _play_on(changes, {0: ann, 1: carol}, server, lambda s: s.phase.ended)
        await changes.until(lambda: carol.view().phase.ended and ann.view().phase.ended)
        for v, handovers, me, other in ((carol.view(), carol.handovers(), "You", "Ann"),
                                        (ann.view(), ann.handovers(), "Carol", "Carol")):
            lines = log_lines(v, other, False, handovers)
            assert lines[0].plain.startswith(f"Hand {hand} · Bob dealt")
            movers = [line.plain.split()[1] for line in lines[1:]]
            assert "Bob" not in movers and me in movers  # nothing says Bob made a move he did not make
        assert carol.hints_this_hand() == (0, 0) and carol.earlier_hints() == []
        await _play_on(changes, {0: ann, 1: carol}, server, lambda s: s.phase == "match_over")
        await changes.until(lambda: carol.view().phase == "match_over")
    _written(carols)
    _, [record] = _figures(tmp_path / "carol")
    assert record["taken_over"] == {"hand": hand, "from": "Bob", "move": 0}
    text = format_match(record)
    assert (f"  Took the seat from Bob in hand {hand}, before the seat's first move: Bob held it at the deal; "
            "the hands before were theirs\n") in text
    told = text.split(f"Hand {hand}:")[1].split("Moves: ")[1].split("\n")[0].split("; ")
    assert {t.split(":")[0] for t in told} == {"you", "them"}  # none of Bob's


def test_only_who_held_a_seat_at_the_deal_moved_or_was_shown_a_hint_leaves_a_handover():
    # Bob left before any move and nothing was kept (the deal was named Carol's); Carol, after
    # him, held the seat without moving and was kept as its player before Bob came back, whose
    # record then named his own moves hers.
    from ginrummy_tui.net.server import MatchServer

    state = new_game(PRESETS["standard"], seed=SEED)
    server = MatchServer(state, names=("Ann", "Bob"), port=0)
    server._hand_over(1, "Bob")  # Carol took the seat Bob held at the deal
    server._hand_over(1, "Carol")  # and Dave the seat Carol held, doing nothing
    assert server.handovers() == [[], [{"move": 0, "from": "Bob", "hints": 0}]]
    while not any(m.seat == 1 for m in state.history):
        state = apply(state, legal_actions(state)[0])
    server = MatchServer(state, names=("Ann", "Bob"), port=0)
    moved = {"move": len(state.history), "from": "Bob", "hints": 0}
    server._hand_over(1, "Bob")
    server._hand_over(1, "Carol")
    assert server.handovers() == [[], [moved]]
    server._hint(1)
    server._hand_over(1, "Dave")  # shown a hint
    assert server.handovers() == [[], [moved, {**moved, "from": "Dave", "hints": 1}]]


def test_the_export_of_a_match_taken_over_before_any_move_of_its_first_hand_says_the_deal_was_the_other_s():
    # It said "after its first 0 moves: the moves before were theirs", of moves Bob never made.
    from ginrummy_tui.storage.history_records import seat_record
    from ginrummy_tui.storage.reports import format_match

    from .test_net_session import played_until

    over = played_until(new_game(PRESETS["standard"].with_options(target=10), seed=SEED), ("match_over",))
    record = seat_record(view(over, 1), "20260101-030405-abcd", opponent=NETWORK, opponent_name="Ann")
    record["taken_over"] = {"hand": 1, "from": "Bob", "move": 0}
    text = format_match(record)
    assert "  Took the seat from Bob in hand 1, before the seat's first move: Bob held it at the deal\n" in text
    assert "Bob:" not in text
    first = next(i for i, m in enumerate(record["hands"][0]["moves"]) if m["seat"] == 0)
    assert first > 0, "the seat moved first in the hand: take another seed"
    record["taken_over"]["move"] = first  # the other seat moved first: none of the moves before were Bob's
    assert "  Took the seat from Bob in hand 1, before the seat's first move: Bob held it at the deal\n" in format_match(record)
    record["taken_over"]["move"] = first + 1
    assert "  Took the seat from Bob in hand 1, after its first " in format_match(record)


def test_the_score_table_heads_this_seat_s_deadwood_as_its_points_column_when_another_played_there():
    # Carol's score table: "Deadwood / you / them" over Bob's 6 on his row, beside the points column "Bob/You".
    from rich.console import Console

    from ginrummy_tui.tui.widgets.score_table import score_table

    from .test_net_session import played_until

    over = played_until(new_game(PRESETS["standard"].with_options(target=10), seed=SEED), ("match_over",))
    console = Console(width=100, record=True)
    console.print(score_table(view(over, 1), "Ann", own_name="Bob/You", hand_names=[("Bob", "Ann")] * len(over.sheet)))
    text = console.export_text()
    assert "Bob/You / them" in text and " you / them" not in text


def test_the_deal_of_a_hand_taken_over_during_it_is_named_as_the_previous_player_s():
    # Carol's log of hand 1, which Bob dealt before she took his seat, said "Hand 1 · You dealt".
    from ginrummy_tui.tui.table_text import log_lines, moves_text

    state = new_game(PRESETS["standard"], seed=SEED)
    assert state.dealer == 1
    v = view(state, 1)
    assert log_lines(v, "Ann", False, [(1, 1, "Bob")])[0].plain.startswith("Hand 1 · Bob dealt")
    assert moves_text(v, "Ann", False, handovers=[(1, 1, "Bob")]).plain.startswith("Hand 1: Bob dealt.")
    assert log_lines(view(state, 0), "Carol", False, [(1, 1, "Bob")])[0].plain.startswith("Hand 1 · Bob dealt")
    assert log_lines(v, "Ann", False)[0].plain.startswith("Hand 1 · You dealt")


def test_the_moves_line_counts_the_hints_of_each_player_who_held_the_other_seat_in_the_hand():
    # Ann's table said "Carol was shown 3 hints this hand" of Bob's, and "Bob 1, Carol 1 hints this hand." once both had one.
    from ginrummy_tui.tui.table_text import hint_note_forms, hints_note_forms

    assert hints_note_forms([("Bob", 3)]) == hint_note_forms("Bob", 3)
    assert hints_note_forms([("Bob", 3), ("Carol", 1)]) == ("  Hints this hand: Bob 3, Carol 1.", "  Hints: Bob 3, Carol 1.")
