"""A database outage: requests that need the database get 503 with the JSON error shape and
change nothing; once the database is back everything goes on by itself, bots included. And
every error, a bug's 500 included, has the JSON shape."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from .helpers import auth, create, make_client, seat_view
from .postgres import PostgresCluster, binaries, running_postgres


@pytest.fixture
def cluster() -> Iterator[PostgresCluster]:
    if binaries() is None:
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    with running_postgres() as running:
        yield running


def test_an_outage_is_503_and_heals_by_itself_bots_included(cluster: PostgresCluster) -> None:
    with make_client(cluster.url) as client:
        table = create(client, game="mythic-arena", bots={"1": "mcts:budget_ms=1500"})
        table_id = table["table_id"]
        token = table["seats"][0]["token"]
        # The person moves until the bot is to move; it starts thinking; the database goes
        # away meanwhile.
        while True:
            view = seat_view(client, table_id, token)
            if view["view"]["current_player"] != 0:
                time.sleep(0.05)
                continue
            moved = client.post(
                f"/api/tables/{table_id}/actions",
                headers=auth(token),
                json={"action": view["view"]["legal_actions"][0], "seq": view["seq"]},
            )
            assert moved.status_code == 200
            if moved.json()["view"]["current_player"] == 1:
                break
        seq = moved.json()["seq"]
        cluster.stop()
        listing = client.get("/api/tables")
        assert listing.status_code == 503
        assert "database" in listing.json()["error"]
        other = client.post("/api/tables", json={"game": "mythic-arena"})
        assert other.status_code == 503 and other.json()["error"]
        time.sleep(2.5)  # the bot has finished thinking and cannot store its move
        assert client.get(f"/api/tables/{table_id}").json()["seq"] == seq
        cluster.start()
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{table_id}").json()["seq"] == seq:
            assert time.monotonic() < deadline, "the bot did not move after the outage"
            time.sleep(0.2)
        assert client.get("/api/tables").status_code == 200
        record = client.app.state.hub.store.load(table_id)  # type: ignore[attr-defined]
        assert len(record.actions) > seq


def test_a_bug_is_a_json_500_without_details(db_path: Path) -> None:
    client = make_client(db_path)
    with client:
        hub = client.app.state.hub  # type: ignore[attr-defined]

        async def broken(*_args: object) -> None:
            raise ZeroDivisionError("secret detail /etc/server/path")

        hub.list_tables = broken
        answer = TestClient(client.app, raise_server_exceptions=False).get("/api/tables")
    assert answer.status_code == 500
    assert answer.json() == {"error": "internal server error"}
    assert "secret" not in answer.text


@pytest.mark.parametrize(
    ("method", "path"),
    [("GET", "/api/nothing"), ("DELETE", "/api/tables"), ("GET", "/api/tables?limit=0")],
)
def test_every_error_has_the_json_shape(client: TestClient, method: str, path: str) -> None:
    answer = client.request(method, path)
    assert answer.status_code >= 400
    assert set(answer.json()) >= {"error"}
