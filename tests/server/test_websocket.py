"""The WebSocket: views pushed after every change, actions taken, bad messages answered."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from .helpers import auth, connect, create, make_client

_LAST: dict[int, dict[str, Any]] = {}


def merge(last: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The whole payload a delta brings ``last`` to (as the browser rebuilds it)."""
    rest = {k: v for k, v in delta.items() if k not in ("log_from", "log", "story_from", "story")}
    payload = {**last, **rest}
    payload["view"] = {
        **delta["view"],
        "log": last["view"]["log"][: delta["log_from"]] + delta["log"],
    }
    payload["story"] = last["story"][: delta["story_from"]] + delta["story"]
    payload["type"] = "view"
    return payload


def next_view(ws: WebSocketTestSession, after: int = -1) -> dict[str, Any]:
    """The next whole view (a delta applied to the last one) whose log is longer than
    ``after``."""
    while True:
        message = ws.receive_json()
        if message["type"] == "view":
            _LAST[id(ws)] = message
        elif message["type"] == "delta":
            _LAST[id(ws)] = merge(_LAST[id(ws)], message)
        else:
            continue
        if _LAST[id(ws)]["seq"] > after:
            return dict(_LAST[id(ws)])


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
        connect(client, table_id, token) as mine,
        connect(client, table_id, other) as theirs,
        connect(client, table_id) as spectator,
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
    with connect(client, table_id) as spectator:
        first = next_view(spectator)
        view = client.get(f"/api/tables/{table_id}/view", headers=auth(token)).json()
        client.post(
            f"/api/tables/{table_id}/actions",
            headers=auth(token),
            json={"action": view["view"]["legal_actions"][0], "seq": view["seq"]},
        )
        assert next_view(spectator, first["seq"])["seq"] > first["seq"]


def next_presence(ws: WebSocketTestSession) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        if message["type"] == "presence":
            return dict(message)


def test_connected_seats_are_shown_as_small_presence_messages(client: TestClient) -> None:
    table = create(client, seed=5)
    table_id = table["table_id"]
    first, second = (seat["token"] for seat in table["seats"])
    with connect(client, table_id, second) as ws:
        assert ws.receive_json()["type"] == "view"  # the new socket: its view, then presence
        assert next_presence(ws) == {"type": "presence", "connected": [1], "spectators": 0}
        with connect(client, table_id, first) as other:
            assert other.receive_json()["type"] == "view"
            # The others hear of it as presence only: no view is pushed again.
            assert ws.receive_json() == {"type": "presence", "connected": [0, 1], "spectators": 0}
        assert ws.receive_json() == {"type": "presence", "connected": [1], "spectators": 0}
        with connect(client, table_id) as spectator:
            assert spectator.receive_json()["type"] == "view"
            assert ws.receive_json()["spectators"] == 1
        # A crowd's changes within a moment come as one message: here, the spectator left.
        assert ws.receive_json()["spectators"] == 0
        ws.send_text(json.dumps({"type": "ping"}))
        assert ws.receive_json()["type"] == "pong"


def test_pushes_are_deltas_that_do_not_grow_with_the_game(client: TestClient) -> None:
    table = create(client, game="mythic-wars", players=2, seed=5, bots={"1": "random"})
    token = table["seats"][0]["token"]
    sizes = []
    with connect(client, table["table_id"], token) as ws:
        whole = ws.receive_json()
        assert whole["type"] == "view"
        view = whole
        _LAST[id(ws)] = whole
        while view["status"] != "finished" and len(sizes) < 60:
            if view["view"]["legal_actions"]:
                action = view["view"]["legal_actions"][0]
                ws.send_text(json.dumps({"action": action, "seq": view["seq"]}))
            text = ws.receive_text()
            message = json.loads(text)
            if message["type"] != "delta":
                continue
            sizes.append(len(text))
            assert "log" not in message["view"] and message["log_from"] <= message["seq"]
            view = merge(_LAST[id(ws)], message)
            _LAST[id(ws)] = view
            # The rebuilt payload is exactly what the HTTP view of the same moment says.
            http = client.get(f"/api/tables/{table['table_id']}/view", headers=auth(token))
            if http.json()["seq"] == view["seq"]:
                assert http.json()["view"] == view["view"]
                assert http.json()["story"] == view["story"]
    assert len(sizes) >= 10
    # A late delta carries a few log entries, never the log: the whole payload minus its log
    # bounds it, however long the game has been.
    whole_log = len(json.dumps(view["view"]["log"])) + len(json.dumps(view["story"]))
    assert whole_log > 1000
    assert max(sizes[-5:]) < len(json.dumps(view)) - whole_log + 600


@pytest.mark.parametrize(
    ("message", "status", "words"),
    [
        ("not json", 400, "Invalid JSON"),
        ("[1, 2]", 400, "bad message"),
        (json.dumps({"action": 3}), 400, "action"),
        (json.dumps({"action": "x", "surprise": 1}), 400, "surprise"),
        (json.dumps({"type": "action"}), 400, "needs 'action'"),
        (json.dumps({"type": "shout"}), 400, "type"),
        (json.dumps({"action": "fly away", "seq": 0}), 400, "fly away"),
        (json.dumps({"action": "a" * 1000}), 400, "action"),
    ],
)
def test_bad_messages_get_an_error_and_the_connection_lives(
    client: TestClient, message: str, status: int, words: str
) -> None:
    table = create(client, seed=5)
    _, token = mover_token(client, table)
    with connect(client, table["table_id"], token) as ws:
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
    with connect(client, table_id, other) as ws:
        first = next_view(ws)
        ws.send_text(json.dumps({"action": "choose greek", "seq": first["seq"]}))
        assert next_error(ws)["status"] == 403
    with connect(client, table_id) as ws:
        seen = next_view(ws)
        ws.send_text(json.dumps({"action": "choose greek", "seq": seen["seq"]}))
        assert next_error(ws)["status"] == 401
    with connect(client, table_id, token) as ws:
        first = next_view(ws)
        ws.send_text(json.dumps({"action": first["view"]["legal_actions"][0], "seq": 7}))
        stale = next_error(ws)
        assert stale["status"] == 409 and stale["seq"] == first["seq"]


@pytest.mark.parametrize(
    ("table_id", "hello", "code", "words"),
    [
        (None, {"type": "hello", "credential": "forged"}, 4403, "not a seat"),
        (None, {"type": "hello", "credential": ""}, 4401, "empty"),
        (None, {"type": "action", "action": "pass", "seq": 0}, 4400, "hello"),
        (None, {"type": "hello", "extra": 1}, 4400, "extra"),
        ("missing", {"type": "hello"}, 4404, "missing"),
    ],
)
def test_bad_hellos_and_unknown_tables_close_the_socket(
    client: TestClient, table_id: str | None, hello: dict[str, Any], code: int, words: str
) -> None:
    table = create(client, seed=5)
    with client.websocket_connect(f"/api/tables/{table_id or table['table_id']}/ws") as ws:
        ws.send_json(hello)
        answer = ws.receive_json()
        assert answer["type"] == "error" and words in answer["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == code


def test_a_credential_in_the_url_is_refused(client: TestClient) -> None:
    table = create(client, seed=5)
    token = table["seats"][0]["token"]
    path = f"/api/tables/{table['table_id']}/ws?token={token}"
    with client.websocket_connect(path) as ws:
        answer = ws.receive_json()
        assert answer["status"] == 400 and "first message" in answer["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400


def test_actions_need_seq(client: TestClient) -> None:
    table = create(client, seed=5)
    _, token = mover_token(client, table)
    with connect(client, table["table_id"], token) as ws:
        first = next_view(ws)
        ws.send_text(json.dumps({"action": first["view"]["legal_actions"][0]}))
        answer = next_error(ws)
        assert answer["status"] == 400 and "seq" in answer["error"]


def test_websocket_rate_limit(db_path: Path) -> None:
    with make_client(db_path, ws_rate=0.001, ws_burst=2) as limited:
        table = create(limited, seed=5)
        with connect(limited, table["table_id"]) as ws:
            next_view(ws)
            next_presence(ws)
            for _ in range(3):
                ws.send_text(json.dumps({"type": "ping"}))
            replies = [ws.receive_json() for _ in range(3)]
    assert [r["type"] for r in replies] == ["pong", "pong", "error"]
    assert replies[2]["status"] == 429


def test_a_bot_table_plays_itself_and_pushes_every_move(client: TestClient) -> None:
    table = create(client, seed=7, bots={"1": "greedy"})
    table_id = table["table_id"]
    token = table["seats"][0]["token"]
    with connect(client, table_id, token) as ws:
        view = next_view(ws)
        while view["status"] != "finished":
            if view["view"]["legal_actions"]:
                action = view["view"]["legal_actions"][0]
                ws.send_text(json.dumps({"action": action, "seq": view["seq"]}))
            view = next_view(ws, view["seq"])
        assert view["result"]["winners"] == view["view"]["winners"]


def test_a_table_takes_a_bounded_number_of_connections(db_path: Path) -> None:
    with make_client(db_path, max_connections_per_table=2) as limited:
        table = create(limited, seed=5)
        with connect(limited, table["table_id"]) as one, connect(limited, table["table_id"]):
            assert one.receive_json()["type"] == "view"
            with connect(limited, table["table_id"]) as third:
                answer = third.receive_json()
                assert answer["status"] == 429 and "connections" in answer["error"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 4429
