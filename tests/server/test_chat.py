"""Table chat: seats and spectators say things through the WebSocket; everyone at the table
hears them; text is cleaned, bounded and rate-limited; a new connection gets the latest."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from .helpers import connect, create, make_client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path / "chat.db", chat_burst=3, chat_rate=0.01) as test_client:
        yield test_client


def next_of(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` (views and presence in between are skipped)."""
    for _ in range(50):
        message = ws.receive_json()
        if message["type"] == kind:
            return dict(message)
    raise AssertionError(f"no {kind} message came")


def say(ws: Any, text: Any) -> None:
    ws.send_text(json.dumps({"type": "chat", "text": text}))


def test_a_seat_speaks_and_everyone_at_the_table_hears_it(client: TestClient) -> None:
    table = create(client)
    table_id = table["table_id"]
    with (
        connect(client, table_id, table["seats"][0]["token"]) as seat,
        connect(client, table_id) as spectator,
    ):
        say(seat, "  good luck,\n\thave fun  ")
        for ws in (seat, spectator):
            heard = next_of(ws, "chat")["messages"]
            assert [(m["seat"], m["text"]) for m in heard] == [(0, "good luck, have fun")]
        say(spectator, "<b>watching</b>")  # stored as text; clients draw it as text
        heard = next_of(seat, "chat")["messages"]
        assert [(m["seat"], m["text"]) for m in heard] == [(None, "<b>watching</b>")]
    # A new connection gets what was said, oldest first; so does the HTTP API.
    with connect(client, table_id, table["seats"][1]["token"]) as late:
        history = next_of(late, "chat")["messages"]
        assert [m["text"] for m in history] == ["good luck, have fun", "<b>watching</b>"]
    listed = client.get(f"/api/tables/{table_id}/chat").json()["messages"]
    assert [m["text"] for m in listed] == ["good luck, have fun", "<b>watching</b>"]
    assert listed[0]["id"] < listed[1]["id"] and listed[0]["at"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty chat message"),
        ("\n\t \u200b", "empty chat message"),
        ("x" * 301, "at most 300 characters; this one has 301"),
        ("y" * 2001, "at most 2000 characters"),
        (["not", "text"], "text"),
    ],
)
def test_a_bad_message_is_refused_and_said_nowhere(
    client: TestClient, text: Any, words: str
) -> None:
    table = create(client)
    with connect(client, table["table_id"], table["seats"][0]["token"]) as seat:
        say(seat, text)
        error = next_of(seat, "error")
        assert error["status"] == 400 and words in error["error"]
    assert client.get(f"/api/tables/{table['table_id']}/chat").json()["messages"] == []


def test_chatting_too_fast_is_refused(client: TestClient) -> None:
    table = create(client)
    with connect(client, table["table_id"], table["seats"][0]["token"]) as seat:
        for number in range(3):  # the burst this test's server allows
            say(seat, f"message {number}")
            next_of(seat, "chat")
        say(seat, "one too many")
        error = next_of(seat, "error")
        assert error["status"] == 429 and error["chat"] is True
    said = client.get(f"/api/tables/{table['table_id']}/chat").json()["messages"]
    assert [m["text"] for m in said] == ["message 0", "message 1", "message 2"]
