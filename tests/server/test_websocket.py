"""The WebSocket: views pushed after every change, actions taken, bad messages answered."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from .helpers import auth, create, make_client


def next_view(ws: WebSocketTestSession, after: int = -1) -> dict[str, Any]:
    """The next view message whose log is longer than ``after``."""
    while True:
        message = ws.receive_json()
        if message["type"] == "view" and message["seq"] > after:
            return dict(message)


def next_error(ws: WebSocketTestSession) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        if message["type"] == "error":
            return dict(message)


def mover_token(client: TestClient, table: dict[str, Any]) -> tuple[int, str]:
    current = client.get(f"/api/tables/{table['table_id']}").json()["view"]["current_player"]
    return current, next(s["token"] for s in table["seats"] if s["seat"] == current)


def test_views_are_pushed_to_seats_and_spectators_after_every_change(client: TestClient) -> None:
    table = create(client, seed=5)
    table_id = table["table_id"]
    current, token = mover_token(client, table)
    other = next(s["token"] for s in table["seats"] if s["seat"] != current)
    with (
        client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as mine,
        client.websocket_connect(f"/api/tables/{table_id}/ws?token={other}") as theirs,
        client.websocket_connect(f"/api/tables/{table_id}/ws") as spectator,
    ):
        first = next_view(mine)
        assert first["seat"] == current and first["view"]["legal_actions"]
        assert next_view(theirs)["view"]["legal_actions"] == []
        assert next_view(spectator)["seat"] is None
        action = first["view"]["legal_actions"][0]
        mine.send_text(json.dumps({"action": action, "seq": first["seq"]}))
        after = next_view(mine, first["seq"])
        assert after["view"]["log"][first["seq"]] == action
        assert next_view(theirs, first["seq"])["seq"] == after["seq"]
        spectated = next_view(spectator, first["seq"])
        assert spectated["seq"] == after["seq"]
        assert spectated["view"]["legal_actions"] == []


def test_actions_over_http_reach_websocket_watchers(client: TestClient) -> None:
    table = create(client, seed=6)
    table_id = table["table_id"]
    _, token = mover_token(client, table)
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as spectator:
        first = next_view(spectator)
        view = client.get(f"/api/tables/{table_id}/view", headers=auth(token)).json()
        client.post(
            f"/api/tables/{table_id}/actions",
            headers=auth(token),
            json={"action": view["view"]["legal_actions"][0]},
        )
        assert next_view(spectator, first["seq"])["seq"] > first["seq"]


def test_connected_seats_are_shown(client: TestClient) -> None:
    table = create(client, seed=5)
    token = table["seats"][1]["token"]
    with client.websocket_connect(f"/api/tables/{table['table_id']}/ws?token={token}") as ws:
        seats = next_view(ws)["seats"]
        assert [s["connected"] for s in seats] == [False, True]


@pytest.mark.parametrize(
    ("message", "status", "words"),
    [
        ("not json", 400, "Invalid JSON"),
        ("[1, 2]", 400, "bad message"),
        (json.dumps({"action": 3}), 400, "action"),
        (json.dumps({"action": "x", "surprise": 1}), 400, "surprise"),
        (json.dumps({"type": "action"}), 400, "needs 'action'"),
        (json.dumps({"type": "shout"}), 400, "type"),
        (json.dumps({"action": "fly away"}), 400, "fly away"),
        (json.dumps({"action": "a" * 1000}), 400, "action"),
    ],
)
def test_bad_messages_get_an_error_and_the_connection_lives(
    client: TestClient, message: str, status: int, words: str
) -> None:
    table = create(client, seed=5)
    _, token = mover_token(client, table)
    with client.websocket_connect(f"/api/tables/{table['table_id']}/ws?token={token}") as ws:
        first = next_view(ws)
        ws.send_text(message)
        answer = next_error(ws)
        assert answer["status"] == status and words in answer["error"]
        ws.send_bytes(b"\x00\x01")
        assert "binary" in next_error(ws)["error"]
        ws.send_text(json.dumps({"type": "ping"}))
        assert ws.receive_json() == {"type": "pong", "seq": first["seq"]}


def test_out_of_turn_stale_and_spectator_actions_are_refused(client: TestClient) -> None:
    table = create(client, seed=5)
    table_id = table["table_id"]
    current, token = mover_token(client, table)
    other = next(s["token"] for s in table["seats"] if s["seat"] != current)
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={other}") as ws:
        first = next_view(ws)
        ws.send_text(json.dumps({"action": "choose greek"}))
        assert next_error(ws)["status"] == 403
    with client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        next_view(ws)
        ws.send_text(json.dumps({"action": "choose greek"}))
        assert next_error(ws)["status"] == 401
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        first = next_view(ws)
        ws.send_text(json.dumps({"action": first["view"]["legal_actions"][0], "seq": 7}))
        stale = next_error(ws)
        assert stale["status"] == 409 and stale["seq"] == first["seq"]


def test_bad_tokens_and_unknown_tables_close_the_socket(client: TestClient) -> None:
    table = create(client, seed=5)
    for path, code in (
        (f"/api/tables/{table['table_id']}/ws?token=forged", 4403),
        (f"/api/tables/{table['table_id']}/ws?token=", 4401),
        ("/api/tables/missing/ws", 4404),
    ):
        with client.websocket_connect(path) as ws:
            assert ws.receive_json()["type"] == "error"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == code


def test_websocket_rate_limit(db_path: Path) -> None:
    with make_client(db_path, ws_rate=0.001, ws_burst=2) as limited:
        table = create(limited, seed=5)
        with limited.websocket_connect(f"/api/tables/{table['table_id']}/ws") as ws:
            next_view(ws)
            for _ in range(3):
                ws.send_text(json.dumps({"type": "ping"}))
            replies = [ws.receive_json() for _ in range(3)]
    assert [r["type"] for r in replies] == ["pong", "pong", "error"]
    assert replies[2]["status"] == 429


def test_a_bot_table_plays_itself_and_pushes_every_move(client: TestClient) -> None:
    table = create(client, seed=7, bots={"1": "greedy"})
    table_id = table["table_id"]
    token = table["seats"][0]["token"]
    with client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        view = next_view(ws)
        while view["status"] != "finished":
            if view["view"]["legal_actions"]:
                ws.send_text(json.dumps({"action": view["view"]["legal_actions"][0]}))
            view = next_view(ws, view["seq"])
        assert view["result"]["winners"] == view["view"]["winners"]
