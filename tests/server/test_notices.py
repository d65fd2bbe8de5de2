"""Notices from other server processes: a newer log announced while this process is still
catching up is never dropped (the catch-up under way may have read the database before the
newer move was committed)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from .helpers import create, make_client


def test_a_notice_during_a_catch_up_sends_it_round_again(tmp_path: Path) -> None:
    with make_client(tmp_path / "notices.db") as client:
        table = create(client, game="mythic-arena", seed=1)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        table_id = table["table_id"]
        live = hub._live[table_id]
        calls: list[int] = []

        async def scenario() -> None:
            release = asyncio.Event()

            async def slow_catch_up(_table: object) -> None:
                calls.append(len(calls))
                if len(calls) == 1:
                    await release.wait()  # the first read is "in the database" a while

            hub.catch_up = slow_catch_up
            first = asyncio.ensure_future(hub._remote_log(table_id, live.length + 1))
            await asyncio.sleep(0)
            assert calls == [0]
            # Another move is committed elsewhere meanwhile: its notice must not be lost.
            await hub._remote_log(table_id, live.length + 2)
            assert calls == [0]  # it waits for the running catch-up ...
            release.set()
            await first
            assert calls == [0, 1]  # ... which then looks again
            assert table_id not in hub._catching_up and table_id not in hub._catch_up_again
            await hub._remote_log(table_id, live.length + 1)
            assert calls == [0, 1, 2]  # and a lone notice is one catch-up

        client.portal.call(scenario)
