"""The server on PostgreSQL (by URL): tables play, persist and resume as on SQLite."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from theomachy.server.app import create_app
from theomachy.server.storage import LogConflict, Seat, Store
from theomachy.server.tables import ServerSettings

from .helpers import auth, create, play_out, seat_view


def test_tables_play_and_resume_on_postgresql(postgres_url: str) -> None:
    settings = ServerSettings(db_url=postgres_url)
    with TestClient(create_app(settings)) as client:
        finished = create(client, game="mythic-wars", players=2, seed=3, bots={"1": "random"})
        final = play_out(client, finished, random.Random(4))
        assert final["status"] == "finished"
        table = create(client, seed=8)
        token = table["seats"][0]["token"]
        view = seat_view(client, table["table_id"], token)
        if view["view"]["legal_actions"]:
            client.post(
                f"/api/tables/{table['table_id']}/actions",
                headers=auth(token),
                json={"action": view["view"]["legal_actions"][0], "seq": view["seq"]},
            )
        before = client.get(f"/api/tables/{table['table_id']}").json()
    with TestClient(create_app(settings)) as restarted:  # a new process over the same database
        assert restarted.get(f"/api/tables/{table['table_id']}").json() == before
        done = restarted.get("/api/tables?status=finished").json()["tables"]
        assert [t["table_id"] for t in done] == [finished["table_id"]]
        assert play_out(restarted, table, random.Random(5))["status"] == "finished"


def test_the_log_never_forks_on_postgresql(postgres_url: str) -> None:
    store = Store(postgres_url)
    try:
        store.create_table("fork", "mythic-arena", 2, {}, 1, [Seat(0, "h", None)], "seat")
        store.append("fork", 0, [("choose greek", 0)], "playing", "seat", [])
        with pytest.raises(LogConflict):
            store.append("fork", 0, [("choose norse", 0)], "playing", "seat", [])
        record = store.load("fork")
        assert record is not None and record.actions == ("choose greek",)
    finally:
        store.close()
