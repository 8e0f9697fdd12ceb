"""Network play on loopback: how long a move takes from the player's send to
both seats holding the new view, and how big the messages are.

Plays whole matches between two headless clients and a server in one process
(the simple honest player of the tests).  Run: ``python benchmarks/net_roundtrip.py``.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

from ginrummy_tui.engine.kinds import Phase  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ginrummy_tui.engine import PRESETS, Action, new_game
from ginrummy_tui.net.client import GameClient  # noqa: E402
from ginrummy_tui.net.server import MatchServer  # noqa: E402
from tests.test_net import PLAYING, choose  # noqa: E402

MATCHES = 3


async def one_match(seed: int) -> tuple[list[float], list[int]]:
    server = MatchServer(new_game(PRESETS["standard"], seed=seed), port=0, rate=1e6, burst=1e6)
    host, port = await server.start()
    a = GameClient(host, port, server.codes[0], "Ann", record=True, heartbeat=0)
    b = GameClient(host, port, server.codes[1], "Bob", record=True, heartbeat=0)
    await a.connect()
    await b.connect()
    await a.wait_for(lambda c: all(c.connected))
    clients = (a, b)
    times: list[float] = []
    while server.state.phase != Phase.MATCH_OVER:
        seq = server.seq
        t0 = time.perf_counter()
        if server.state.phase in PLAYING:
            mover = clients[server.state.current]
            await mover.submit(choose(mover.view))
        else:
            for c in clients:
                await c.submit(Action("next hand"))
        for c in clients:
            await c.wait_for(lambda c, seq=seq: c.seq > seq)
        times.append(time.perf_counter() - t0)
    sizes = [len(line) for c in clients for line in c.lines]
    for c in clients:
        await c.close()
    await server.close()
    return times, sizes


async def main() -> None:
    times: list[float] = []
    sizes: list[int] = []
    for seed in range(1, MATCHES + 1):
        t, s = await one_match(seed)
        times += t
        sizes += s
    times.sort()
    print(f"{MATCHES} matches, {len(times)} moves over loopback")
    print(f"move round trip (send -> both views updated): median {statistics.median(times) * 1e3:.2f} ms, "
          f"95th percentile {times[int(len(times) * 0.95)] * 1e3:.2f} ms")
    print(f"message size: median {statistics.median(sizes):.0f} bytes, largest {max(sizes)} bytes")


if __name__ == "__main__":
    asyncio.run(main())
