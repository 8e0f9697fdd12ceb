"""A real ``gin-tui host --server-only`` under hostile clients: how long a
player with the code takes to (re)join while idle strangers crowd the host,
and how big the host's log gets under a flood of bad lines.

Run: ``python benchmarks/host_crowd.py [STRANGERS] [JOINS] [FLOOD_CONNECTIONS]``
(defaults 20, 50, 2000).  Prints the join times (median, 90th percentile,
slowest), how many connections a join needed, how many stranger connections
the host dropped meanwhile, and the log's size against its cap.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ginrummy_tui.net import protocol as P  # noqa: E402
from ginrummy_tui.net.client import GameClient  # noqa: E402
from ginrummy_tui.net.hostlog import LOG_CAP  # noqa: E402
from tests.test_net_host_process import Crowd, HostProcess  # noqa: E402


async def joins(strangers: int, n: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        h = HostProcess(Path(tmp) / "data")
        h.wait_serving()
        crowd = Crowd(h.host, h.port, strangers)
        try:
            await crowd.until(lambda: crowd.connected >= strangers and crowd.dropped >= strangers)
            ann = GameClient(h.host, h.port, h.host_code, "Ann", heartbeat=0)
            await ann.connect()
            times, attempts = [], []
            dropped0 = crowd.dropped
            t_all = time.perf_counter()
            for _ in range(n):
                bob = GameClient(h.host, h.port, h.join_code, "Bob", heartbeat=0)
                t0 = time.perf_counter()
                await bob.connect()
                times.append(time.perf_counter() - t0)
                attempts.append(bob.attempts)
                await ann.wait_for(lambda c: c.connected == [True, True])
                await bob.close()
                await ann.wait_for(lambda c: c.connected == [True, False])
            churn = (crowd.dropped - dropped0) / (time.perf_counter() - t_all)
            await ann.close()
        finally:
            await crowd.stop()
            h.stop()
    times.sort()
    print(f"{n} joins with the code among {strangers} idle strangers (the host dropping ~{churn:.0f} "
          f"stranger connections a second):")
    print(f"  join time: median {statistics.median(times) * 1000:.1f} ms, "
          f"90% {times[int(0.9 * (n - 1))] * 1000:.1f} ms, slowest {times[-1] * 1000:.1f} ms")
    print(f"  connections per join: median {statistics.median(attempts):.0f}, most {max(attempts)}")


async def flood(connections: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        h = HostProcess(Path(tmp) / "data")
        h.wait_serving()
        refused = 0
        t0 = time.perf_counter()

        async def flooder(rounds: int) -> None:
            nonlocal refused
            for _ in range(rounds):
                reader, writer = await asyncio.open_connection(h.host, h.port)
                writer.write(b"{}\n" * 25)
                while line := await reader.readline():
                    refused += P.decode(line).get("code") in (P.E_MALFORMED, P.E_TOO_MANY_ERRORS)
                writer.close()

        await asyncio.gather(*(flooder(connections // 8) for _ in range(8)))
        seconds = time.perf_counter() - t0
        h.stop()
        logs = sorted(h.data.glob("host.log*"))
        total = sum(p.stat().st_size for p in logs)
        text = "".join(p.read_text() for p in logs)
        line = next(x for x in text.splitlines() if "INFO refused a message from" in x)
    print(f"flood: {refused} refused messages from {connections} connections in {seconds:.1f} s "
          f"({refused / seconds:.0f}/s): the log is {total} bytes in {len(logs)} file(s) "
          f"(cap {LOG_CAP} bytes; {refused * (len(line) + 1)} bytes if every refusal were written)")


def main() -> None:
    strangers = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    connections = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    asyncio.run(joins(strangers, n))
    asyncio.run(flood(connections))


if __name__ == "__main__":
    main()
