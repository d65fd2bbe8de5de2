"""Every kind of bad input gets a clear error with the right status, and changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from theomachy.server.auth import hash_token, seat_of

from .helpers import auth, create, make_client


@pytest.fixture
def table(client: TestClient) -> dict[str, Any]:
    return create(client, seed=3)


def log_length(client: TestClient, table_id: str) -> int:
    return len(client.get(f"/api/tables/{table_id}/log").json()["log"])


def turn(client: TestClient, table: dict[str, Any]) -> tuple[str, str, dict[str, Any]]:
    """(token of the seat to move, token of the other seat, the mover's payload)."""
    tokens = {seat["seat"]: seat["token"] for seat in table["seats"]}
    current = client.get(f"/api/tables/{table['table_id']}").json()["view"]["current_player"]
    mover = client.get(f"/api/tables/{table['table_id']}/view", headers=auth(tokens[current]))
    return tokens[current], tokens[1 - current], mover.json()


def post_action(
    client: TestClient, table_id: str, body: Any, headers: dict[str, str] | None = None
) -> Any:
    return client.post(f"/api/tables/{table_id}/actions", json=body, headers=headers or {})


def test_illegal_action_is_400_with_the_reason_and_changes_nothing(
    client: TestClient, table: dict[str, Any]
) -> None:
    mover, _, _payload = turn(client, table)
    before = log_length(client, table["table_id"])
    response = post_action(
        client, table["table_id"], {"action": "place zeus z9", "seq": before}, auth(mover)
    )
    assert response.status_code == 400
    assert "place zeus z9" in response.json()["error"]
    assert log_length(client, table["table_id"]) == before
    malformed = post_action(
        client, table["table_id"], {"action": "PLACE  Zeus", "seq": before}, auth(mover)
    )
    assert malformed.status_code == 400 and "malformed" in malformed.json()["error"]


def test_another_seats_turn_is_403(client: TestClient, table: dict[str, Any]) -> None:
    _mover, waiting, payload = turn(client, table)
    action = payload["view"]["legal_actions"][0]
    response = post_action(
        client, table["table_id"], {"action": action, "seq": payload["seq"]}, auth(waiting)
    )
    assert response.status_code == 403 and "turn" in response.json()["error"]


def test_a_bots_turn_is_403_for_people(client: TestClient) -> None:
    table = create(client, game="mythic-wars", players=2, seed=1, bots={"1": "mcts:iterations=5"})
    token = table["seats"][0]["token"]
    # Seat 0 may or may not be first; either way it cannot play for the bot.
    response = client.get(f"/api/tables/{table['table_id']}/view", headers=auth(token)).json()
    if response["view"]["current_player"] == 1:
        answer = post_action(
            client, table["table_id"], {"action": "pass", "seq": response["seq"]}, auth(token)
        )
        assert answer.status_code == 403


def test_missing_or_bad_tokens(client: TestClient, table: dict[str, Any]) -> None:
    table_id = table["table_id"]
    mover, _, payload = turn(client, table)
    action = {"action": payload["view"]["legal_actions"][0], "seq": payload["seq"]}
    assert post_action(client, table_id, action).status_code == 401
    assert client.get(f"/api/tables/{table_id}/view").status_code == 401
    for header in ("Basic abc", "Bearer", "Bearer ", mover):
        response = post_action(client, table_id, action, {"Authorization": header})
        assert response.status_code == 401, header
    forged = mover[:-1] + ("A" if mover[-1] != "A" else "B")
    assert post_action(client, table_id, action, auth(forged)).status_code == 403
    assert client.get(f"/api/tables/{table_id}/view", headers=auth(forged)).status_code == 403
    other = create(client, seed=9)
    foreign = other["seats"][0]["token"]
    assert post_action(client, table_id, action, auth(foreign)).status_code == 403
    assert log_length(client, table_id) == payload["seq"]


def test_unknown_table_is_404(client: TestClient) -> None:
    for path in ("/api/tables/nope", "/api/tables/nope/log", "/api/tables/nope/replay/0"):
        response = client.get(path)
        assert response.status_code == 404 and "nope" in response.json()["error"]
    assert (
        post_action(client, "nope", {"action": "pass", "seq": 0}, auth("x" * 43)).status_code == 404
    )
    assert client.get("/api/tables/" + "x" * 300).status_code == 404


def test_stale_seq_is_409(client: TestClient, table: dict[str, Any]) -> None:
    mover, _, payload = turn(client, table)
    first = {"action": payload["view"]["legal_actions"][0], "seq": payload["seq"]}
    assert post_action(client, table["table_id"], first, auth(mover)).status_code == 200
    mover, _, payload = turn(client, table)
    body = {"action": payload["view"]["legal_actions"][0], "seq": 0}
    response = post_action(client, table["table_id"], body, auth(mover))
    assert response.status_code == 409 and response.json()["seq"] == payload["seq"]
    assert log_length(client, table["table_id"]) == payload["seq"]


@pytest.mark.parametrize(
    "body",
    [
        b"{not json",
        b"[]",
        b'"place"',
        b'{"action": 5}',
        b'{"action": ""}',
        b'{"action": "pass", "extra": 1}',
        b'{"action": "pass", "seq": -1}',
        b'{"action": "pass"}',
        b'{"action": "pass", "seq": "0"}',
        b'{"action": "pass", "seq": 1e400}',
        b'{"action": "' + b"a" * 500 + b'"}',
        b"\xff\xfe",
    ],
)
def test_malformed_bodies_are_400(client: TestClient, table: dict[str, Any], body: bytes) -> None:
    mover, _, _ = turn(client, table)
    response = client.post(
        f"/api/tables/{table['table_id']}/actions",
        content=body,
        headers={**auth(mover), "Content-Type": "application/json"},
    )
    assert response.status_code == 400, response.text
    assert response.json()["error"]


def test_oversized_bodies_are_413(client: TestClient, table: dict[str, Any]) -> None:
    mover, _, _ = turn(client, table)
    big = b'{"action": "' + b"a" * 100_000 + b'"}'
    response = client.post(
        f"/api/tables/{table['table_id']}/actions",
        content=big,
        headers={**auth(mover), "Content-Type": "application/json"},
    )
    assert response.status_code == 413

    def chunks() -> Any:  # no Content-Length: the body streams
        for _ in range(100):
            yield b" " * 1024

    streamed = client.post(
        "/api/tables",
        content=chunks(),
        headers={"Content-Type": "application/json"},
    )
    assert streamed.status_code == 413


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"game": "mythic-arena", "players": 3}, "players"),
        ({"game": "mythic-arena", "options": {"rounds": 2}}, "rounds"),
        ({"game": "mythic-arena", "options": {"colour": "red"}}, "colour"),
        ({"game": "mythic-arena", "bots": {"1": "deep-blue"}}, "unknown agent"),
        ({"game": "mythic-arena", "bots": {"5": "random"}}, "seat 5"),
        ({"game": "mythic-arena", "bots": {"one": "random"}}, "seat number"),
        ({"game": "mythic-arena", "bots": {"0": "random", "1": "random"}}, "every seat"),
        ({"game": "mythic-arena", "bots": {"1": "mcts:iterations=0"}}, "iterations"),
        ({"game": "mythic-arena", "surprise": True}, "surprise"),
    ],
)
def test_bad_table_requests_are_400_and_store_nothing(
    client: TestClient, body: dict[str, Any], expected: str
) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400, response.text
    assert expected in response.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []


def test_spectators_cannot_play(client: TestClient, table: dict[str, Any]) -> None:
    response = post_action(client, table["table_id"], {"action": "choose greek", "seq": 0})
    assert response.status_code == 401
    assert client.get(f"/api/tables/{table['table_id']}").json()["view"]["legal_actions"] == []


def test_http_rate_limit_is_429(db_path: Path) -> None:
    with make_client(db_path, http_rate=0.001, http_burst=3) as limited:
        statuses = [limited.get("/api/games").status_code for _ in range(5)]
    assert statuses[:3] == [200, 200, 200] and statuses[3:] == [429, 429]


def test_tokens_are_stored_hashed_and_compared_by_hash(
    client: TestClient, table: dict[str, Any]
) -> None:
    token = table["seats"][0]["token"]
    record = client.app.state.hub.store.load(table["table_id"])  # type: ignore[attr-defined]
    stored = [seat.token_hash for seat in record.seats]
    assert token not in stored and hash_token(token) in stored
    assert seat_of(token, [(0, stored[0]), (1, stored[1])]) == 0
    assert seat_of(token + "x", [(0, stored[0]), (1, stored[1])]) is None
