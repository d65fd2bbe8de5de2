"""A rematch: after a finished game each player asks for one with their seat credential and
takes the same seat at a new table (the same game, options and bots, the next seed)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .helpers import auth, create, make_client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path / "rematch.db") as test_client:
        yield test_client


def finish(client: TestClient, table: dict[str, Any]) -> None:
    """Both people play their first legal action until the game is over."""
    tokens = {s["seat"]: s["token"] for s in table["seats"]}
    table_id = table["table_id"]
    for _ in range(500):
        public = client.get(f"/api/tables/{table_id}").json()
        if public["status"] == "finished":
            return
        current = public["view"]["current_player"]
        view = client.get(f"/api/tables/{table_id}/view", headers=auth(tokens[current])).json()
        answer = client.post(
            f"/api/tables/{table_id}/actions",
            json={"action": view["view"]["legal_actions"][0], "seq": view["seq"]},
            headers=auth(tokens[current]),
        )
        assert answer.status_code == 200, answer.text
    raise AssertionError("the game did not end")


def ask(client: TestClient, table_id: str, token: str | None) -> Any:
    headers = auth(token) if token is not None else {}
    return client.post(f"/api/tables/{table_id}/rematch", headers=headers)


def test_each_player_takes_the_same_seat_at_one_rematch(client: TestClient) -> None:
    table = create(client, game="mythic-arena", seed=7)
    table_id = table["table_id"]
    first, second = (s["token"] for s in table["seats"])
    too_soon = ask(client, table_id, first)
    assert too_soon.status_code == 409 and "not over" in too_soon.json()["error"]
    finish(client, table)
    assert ask(client, table_id, None).status_code == 401  # a spectator cannot ask

    answer = ask(client, table_id, first)
    assert answer.status_code == 200, answer.text
    rematch = answer.json()
    assert rematch["seat"] == 0 and rematch["host"] and rematch["table_id"] != table_id
    assert rematch["url"].endswith(f"/t/{rematch['table_id']}")
    # Everyone at the old table sees that there is a rematch.
    assert client.get(f"/api/tables/{table_id}").json()["rematch"] == rematch["table_id"]

    joined = ask(client, table_id, second).json()
    assert joined["table_id"] == rematch["table_id"] and joined["seat"] == 1
    assert joined["host"] is None  # only the first asker created it
    new_id = rematch["table_id"]
    for seat, credential in ((0, rematch["credential"]), (1, joined["credential"])):
        view = client.get(f"/api/tables/{new_id}/view", headers=auth(credential)).json()
        assert view["seat"] == seat and view["status"] == "playing" and view["seq"] == 0
    payload = client.get(f"/api/tables/{new_id}").json()
    assert payload["game"] == "mythic-arena" and payload["seed"] == 8  # the next seed
    assert all(s["claimed"] for s in payload["seats"])
    # A seat is taken once: asking again does not hand out a second credential.
    again = ask(client, table_id, first)
    assert again.status_code == 409 and "already taken" in again.json()["error"]
    # The old credentials do not play the new table.
    refused = client.get(f"/api/tables/{new_id}/view", headers=auth(first))
    assert refused.status_code == 403


def test_a_rematch_keeps_the_bots_and_a_secret_table_gets_a_fresh_seed(
    client: TestClient,
) -> None:
    table = create(client, game="mythic-arena", seed=None, bots={"1": "random"})
    token = table["seats"][0]["token"]
    table_id = table["table_id"]
    for _ in range(200):
        payload = client.get(f"/api/tables/{table_id}/view", headers=auth(token)).json()
        if payload["status"] == "finished":
            break
        if payload["view"]["legal_actions"]:
            client.post(
                f"/api/tables/{table_id}/actions",
                json={"action": payload["view"]["legal_actions"][0], "seq": payload["seq"]},
                headers=auth(token),
            )
        else:
            time.sleep(0.05)  # the bot's move
    assert payload["status"] == "finished"
    rematch = ask(client, table_id, token).json()
    payload = client.get(f"/api/tables/{rematch['table_id']}").json()
    assert payload["seats"][1]["bot"] == "random"
    assert "seed" not in payload  # a secret table's seed stays secret
