"""Nothing acknowledged is lost: a real server process is killed with SIGKILL mid-game,
restarted over the same database, and every table goes on exactly as if nothing happened."""

from __future__ import annotations

import random
import signal
import time
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

import theomachy

from .helpers import auth, stored_log
from .live import LiveServer


def play(
    server: LiveServer, table: dict[str, Any], rng: random.Random, moves: int | None
) -> list[str]:
    """Play up to ``moves`` person moves (None: to the end) with ``rng``; the moves made."""
    tokens = {seat["seat"]: seat["token"] for seat in table["seats"]}
    made: list[str] = []
    deadline = time.monotonic() + 120
    while moves is None or len(made) < moves:
        assert time.monotonic() < deadline, "the table stopped moving"
        payload = httpx.get(f"{server.url}/api/tables/{table['table_id']}").json()
        if payload["status"] == "finished":
            break
        seat = payload["view"]["current_player"]
        if seat not in tokens:
            time.sleep(0.01)  # a bot's turn
            continue
        view = httpx.get(
            f"{server.url}/api/tables/{table['table_id']}/view", headers=auth(tokens[seat])
        ).json()
        action = rng.choice(sorted(view["view"]["legal_actions"]))
        answer = httpx.post(
            f"{server.url}/api/tables/{table['table_id']}/actions",
            headers=auth(tokens[seat]),
            json={"action": action, "seq": view["seq"]},
        )
        assert answer.status_code == 200, answer.text
        made.append(action)
    return made


def new_table(server: LiveServer, body: dict[str, Any]) -> dict[str, Any]:
    """Create a table and claim every person's seat (``token``: the seat's credential)."""
    answer = httpx.post(f"{server.url}/api/tables", json=body)
    assert answer.status_code == 200, answer.text
    table: dict[str, Any] = answer.json()
    for seat in table["seats"]:
        claimed = httpx.post(
            f"{server.url}/api/tables/{table['table_id']}/claim", json={"invite": seat["invite"]}
        )
        assert claimed.status_code == 200, claimed.text
        seat["token"] = claimed.json()["credential"]
    return table


def full_log(server: LiveServer, table_id: str) -> list[str]:
    """The whole stored log (read from the database the server wrote)."""
    return stored_log(server.db_url, table_id)


def test_kill_9_and_restart_resumes_every_table_exactly(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "crash.sqlite3")
    body = {"game": "mythic-wars", "players": 2, "seed": 77, "open": True, "bots": {"1": "random"}}
    server.start()
    try:
        crashed = new_table(server, body)
        arena = new_table(server, {"game": "mythic-arena", "seed": 5, "open": True})
        rng = random.Random(1)
        play(server, crashed, rng, moves=15)
        play(server, arena, random.Random(2), moves=10)
        before = {t["table_id"]: full_log(server, t["table_id"]) for t in (crashed, arena)}
        seen = httpx.get(f"{server.url}/api/tables/{arena['table_id']}").json()

        server.kill()
        server.start()

        for table_id, log in before.items():
            # Bots may have moved on after the last acknowledged move; never back.
            assert full_log(server, table_id)[: len(log)] == log
        assert httpx.get(f"{server.url}/api/tables/{arena['table_id']}").json() == seen
        play(server, crashed, rng, moves=None)
        play(server, arena, random.Random(2), moves=None)
        crashed_log = full_log(server, crashed["table_id"])
        # The same table played without a crash gives the same log.
        reference = new_table(server, body)
        play(server, reference, random.Random(1), moves=None)
    finally:
        server.stop()
    reference_log = full_log(server, reference["table_id"])
    state = theomachy.load("mythic-wars", players=2).replay(crashed_log)
    assert state.is_terminal()
    assert reference_log == crashed_log


def test_a_bot_thinking_at_the_crash_moves_after_the_restart(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "bots.sqlite3")
    server.start()
    try:
        body = {
            "game": "mythic-arena",
            "seed": 3,
            "open": True,
            "bots": {"0": "mcts:iterations=3000"},
        }
        table = new_table(server, body)
        server.kill()  # the bot (seat 0 moves first) is still thinking
        assert full_log(server, table["table_id"]) == []
        server.start()  # no request names the table: the server resumes it by itself
        deadline = time.monotonic() + 60
        while not full_log(server, table["table_id"]):
            assert time.monotonic() < deadline, "the bot did not move after the restart"
            time.sleep(0.1)
    finally:
        server.stop()
    assert full_log(server, table["table_id"])[0].startswith("choose ")


@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGKILL"])
def test_bot_workers_die_with_the_server(tmp_path: Path, signal_name: str) -> None:
    """No CPU-burning orphans: the real server's bot worker processes end with it, whether it
    is stopped (SIGTERM) or killed (kill -9) while a bot thinks."""
    from .test_botpool import children_of, wait_until_dead

    server = LiveServer(tmp_path / "orphans.sqlite3")
    server.start()
    try:
        assert server.process is not None
        pid = server.process.pid
        body = {"game": "mythic-arena", "bots": {"0": "mcts:budget_ms=2000"}}
        new_table(server, body)
        deadline = time.monotonic() + 20
        workers: list[int] = []
        while len(workers) < 2:  # the light and heavy lanes' workers (and the tracker)
            assert time.monotonic() < deadline, "no bot worker started"
            workers = children_of(pid)
            time.sleep(0.1)
        server.process.send_signal(getattr(signal, signal_name))
        server.process.wait(timeout=15)
        assert wait_until_dead(workers, within_s=10) == []
    finally:
        server.stop()


def test_a_random_bot_moves_at_once_while_mcts_tables_flood_the_server(tmp_path: Path) -> None:
    """One table's bots cannot starve another's: random bots have their own lane of workers,
    and moves are served round-robin across clients within a lane."""
    server = LiveServer(tmp_path / "flood.sqlite3")
    server.start()
    try:
        flood = {"game": "mythic-arena", "bots": {"0": "mcts:budget_ms=2000"}}
        for _ in range(8):
            assert httpx.post(f"{server.url}/api/tables", json=flood).status_code == 200
        time.sleep(0.5)  # the heavy lane is busy now, with a queue behind it
        fresh = new_table(server, {"game": "mythic-arena", "bots": {"0": "random"}})
        started = time.monotonic()
        while True:
            seq = httpx.get(f"{server.url}/api/tables/{fresh['table_id']}").json()["seq"]
            if seq > 0:
                break
            assert time.monotonic() - started < 5, "the random bot waited behind the flood"
            time.sleep(0.02)
        assert time.monotonic() - started < 1.0
    finally:
        server.stop()


def test_a_ping_flood_closes_the_connection(tmp_path: Path) -> None:
    """uvicorn answers every ping at once, past back-pressure: a client that pings and never
    reads would pile pongs up in the server's memory. Pings are rate-limited per connection."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect as ws_connect

    with LiveServer(tmp_path / "pings.sqlite3") as server:
        table = new_table(server, {"game": "mythic-arena"})
        url = f"ws://127.0.0.1:{server.port}/api/tables/{table['table_id']}/ws"
        with ws_connect(url) as ws:
            ws.send('{"type": "hello"}')
            with pytest.raises(ConnectionClosed):
                for index in range(2000):
                    ws.ping(str(index).encode())
                    time.sleep(0.001)
                ws.recv(timeout=5)
                ws.recv(timeout=5)
                ws.recv(timeout=5)
        # The server lives on and serves others.
        assert httpx.get(f"{server.url}/api/tables/{table['table_id']}").status_code == 200
