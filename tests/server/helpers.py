"""Small helpers shared by the server tests."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from theomachy.server.app import create_app
from theomachy.server.tables import ServerSettings


def make_client(db: Path | str, **settings: Any) -> TestClient:
    """A test client of a fresh app over the SQLite file ``db`` (or the database URL)."""
    settings.setdefault("bot_pool", "thread")  # the crash test runs the real process pool
    # A test that plays a whole game sends requests as fast as the app answers, which on a
    # quiet machine is above the production rate limit; only the rate-limit test (which sets
    # its own) is about the limiter, so the others must not depend on the machine's speed.
    settings.setdefault("http_rate", 1e9)
    settings.setdefault("http_burst", 1e9)
    url = db if isinstance(db, str) else f"sqlite:///{db}"
    return TestClient(create_app(ServerSettings(db_url=url, **settings)))


def auth(token: str) -> dict[str, str]:
    """The header that names a seat."""
    return {"Authorization": f"Bearer {token}"}


def create(client: TestClient, claim: bool = True, **body: Any) -> dict[str, Any]:
    """Create a table (default: mythic-arena, two people, an open table with seed 1) and
    return the answer; with ``claim`` every person's seat is claimed through its invitation
    and its credential is added to the seat as ``token``."""
    body.setdefault("game", "mythic-arena")
    body.setdefault("seed", 1)
    if body["seed"] is None:
        del body["seed"]
    else:
        body.setdefault("open", True)
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    table = dict(response.json())
    if claim:
        for seat in table["seats"]:
            seat["token"] = claim_seat(client, table["table_id"], seat["invite"])
    return table


def claim_seat(client: TestClient, table_id: str, invite: str) -> str:
    """Claim a seat through its invitation; its credential."""
    response = client.post(f"/api/tables/{table_id}/claim", json={"invite": invite})
    assert response.status_code == 200, response.text
    return str(response.json()["credential"])


def connect(client: TestClient, table_id: str, credential: str | None = None) -> Any:
    """A WebSocket to a table that has said hello (with ``credential``: as that seat)."""
    ws = client.websocket_connect(f"/api/tables/{table_id}/ws")
    return Hello(ws, credential)


class Hello:
    """Enter a WebSocket session and send the hello message first."""

    def __init__(self, session: Any, credential: str | None) -> None:
        self.session = session
        self.credential = credential

    def __enter__(self) -> Any:
        ws = self.session.__enter__()
        hello: dict[str, Any] = {"type": "hello"}
        if self.credential is not None:
            hello["credential"] = self.credential
        ws.send_json(hello)
        return ws

    def __exit__(self, *exc: Any) -> Any:
        return self.session.__exit__(*exc)


def seat_view(client: TestClient, table_id: str, token: str) -> dict[str, Any]:
    response = client.get(f"/api/tables/{table_id}/view", headers=auth(token))
    assert response.status_code == 200, response.text
    return dict(response.json())


def play_out(
    client: TestClient, table: dict[str, Any], rng: random.Random, limit: int = 5000
) -> dict[str, Any]:
    """Play every person's seat with random legal moves until the end; the last payload."""
    tokens = {seat["seat"]: seat["token"] for seat in table["seats"]}
    table_id = table["table_id"]
    for _ in range(limit):
        payload = client.get(f"/api/tables/{table_id}").json()
        if payload["status"] == "finished":
            return dict(payload)
        current = payload["view"]["current_player"]
        if current not in tokens:  # a bot's turn: the server plays it
            time.sleep(0.005)
            continue
        view = seat_view(client, table_id, tokens[current])
        action = rng.choice(view["view"]["legal_actions"])
        response = client.post(
            f"/api/tables/{table_id}/actions",
            headers=auth(tokens[current]),
            json={"action": action, "seq": view["seq"]},
        )
        assert response.status_code == 200, response.text
    raise AssertionError("the game did not end")


def stored_log(db_url: str, table_id: str) -> list[str]:
    """A table's whole log as stored in the database (the server's truth)."""
    from theomachy.server.storage import Store

    store = Store(db_url)
    try:
        record = store.load(table_id)
        assert record is not None
        return list(record.actions)
    finally:
        store.close()
