"""Undo within a turn, and why a move is refused: the server takes a seat's latest move back
only where the game says it showed nothing hidden, no chance event or other seat came after
it and the seat is still to play; the stored log is cut back, and every reader is pushed the
earlier view and story. ``why`` answers in the game's words."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from theomachy.games.mythic_arena.rules import MythicArenaState

from .helpers import auth, connect, create, make_client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path / "undo.db") as test_client:
        yield test_client


@pytest.fixture
def every_move_safe(monkeypatch: pytest.MonkeyPatch) -> None:
    """Mythic Arena's moves all count as safe to take back (the server's rules are tested
    here, not the game's)."""
    monkeypatch.setattr(MythicArenaState, "undo_safe", lambda self, action: True)


def seat_view(client: TestClient, table: dict[str, Any], seat: int) -> dict[str, Any]:
    token = table["seats"][seat]["token"]
    answer = client.get(f"/api/tables/{table['table_id']}/view", headers=auth(token))
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def play(client: TestClient, table: dict[str, Any], seat: int, action: str, seq: int) -> Any:
    token = table["seats"][seat]["token"]
    return client.post(
        f"/api/tables/{table['table_id']}/actions",
        json={"action": action, "seq": seq},
        headers=auth(token),
    )


def undo(client: TestClient, table: dict[str, Any], seat: int, seq: int) -> Any:
    token = table["seats"][seat]["token"]
    return client.post(
        f"/api/tables/{table['table_id']}/undo", json={"seq": seq}, headers=auth(token)
    )


def to_a_kept_turn(client: TestClient, table: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """Play random moves until one keeps the turn with its seat with nothing random after it;
    that seat and its view just before the move (the move is played)."""
    rng = random.Random(5)
    for _ in range(200):
        spectator = client.get(f"/api/tables/{table['table_id']}").json()
        seat = spectator["view"]["current_player"]
        before = seat_view(client, table, seat)
        legal = before["view"]["legal_actions"]
        answer = play(client, table, seat, rng.choice(legal), before["seq"])
        assert answer.status_code == 200, answer.text
        after = answer.json()
        if after["seq"] == before["seq"] + 1 and after["view"]["current_player"] == seat:
            return seat, before
    raise AssertionError("no move kept the turn")


def test_a_seat_takes_back_its_move_and_everyone_sees_the_earlier_position(
    client: TestClient, every_move_safe: None
) -> None:
    table = create(client, game="mythic-arena", seed=4)
    seat, before = to_a_kept_turn(client, table)
    now = seat_view(client, table, seat)
    assert now["undo"] == 1
    other = 1 - seat
    assert seat_view(client, table, other)["undo"] == 0
    spectator_before = client.get(f"/api/tables/{table['table_id']}").json()
    assert spectator_before["undo"] == 0

    answer = undo(client, table, seat, now["seq"])
    assert answer.status_code == 200, answer.text
    back = answer.json()
    assert back["seq"] == before["seq"]
    assert back["view"] == before["view"]
    assert back["story"] == before["story"]
    assert back["undo"] == 0  # the move before it was another seat's (or random)
    # The stored log is cut back: a fresh server over the same database agrees.
    token = table["seats"][seat]["token"]
    log = client.get(f"/api/tables/{table['table_id']}/log", headers=auth(token))
    assert log.json()["seq"] == before["seq"]
    # The same move can be played again, and taken back again.
    again = play(client, table, seat, before["view"]["legal_actions"][0], before["seq"])
    assert again.status_code == 200, again.text


def test_the_stored_log_is_cut_back(tmp_path: Path, every_move_safe: None) -> None:
    db = tmp_path / "cut.db"
    with make_client(db) as first:
        table = create(first, game="mythic-arena", seed=4)
        seat, before = to_a_kept_turn(first, table)
        assert undo(first, table, seat, before["seq"] + 1).status_code == 200
    with make_client(db) as second:
        reloaded = seat_view(second, table, seat)
        assert reloaded["seq"] == before["seq"]
        assert reloaded["view"] == before["view"]
        assert reloaded["undo"] == 0  # the move before it was another seat's (or random)


def test_a_restart_keeps_the_moves_a_seat_may_take_back(
    tmp_path: Path, every_move_safe: None
) -> None:
    db = tmp_path / "restart.db"
    with make_client(db) as first:
        table = create(first, game="mythic-arena", seed=4)
        seat, before = to_a_kept_turn(first, table)
        now = seat_view(first, table, seat)
        assert now["undo"] == 1
    with make_client(db) as second:
        # The undo is found again from the stored log and who chose each entry.
        reloaded = seat_view(second, table, seat)
        assert reloaded["seq"] == now["seq"] and reloaded["undo"] == 1
        assert seat_view(second, table, 1 - seat)["undo"] == 0
        back = undo(second, table, seat, now["seq"])
        assert back.status_code == 200, back.text
        assert back.json()["view"] == before["view"]


def test_undo_is_refused_to_spectators_other_seats_and_stale_clients(
    client: TestClient, every_move_safe: None
) -> None:
    table = create(client, game="mythic-arena", seed=4)
    seat, before = to_a_kept_turn(client, table)
    seq = before["seq"] + 1
    spectator = client.post(f"/api/tables/{table['table_id']}/undo", json={"seq": seq})
    assert spectator.status_code == 401
    other = undo(client, table, 1 - seat, seq)
    assert other.status_code == 409
    assert "nothing to take back" in other.json()["error"]
    stale = undo(client, table, seat, seq - 1)
    assert stale.status_code == 409 and "stale" in stale.json()["error"]
    bad = client.post(
        f"/api/tables/{table['table_id']}/undo",
        json={"seq": -1},
        headers=auth(table["seats"][seat]["token"]),
    )
    assert bad.status_code == 400  # the server's validation errors are 400s
    assert seat_view(client, table, seat)["seq"] == seq  # nothing changed


def test_nothing_is_taken_back_where_the_game_does_not_say_it_is_safe(
    client: TestClient,
) -> None:
    table = create(client, game="mythic-arena", seed=4)
    original = MythicArenaState.undo_safe
    try:
        MythicArenaState.undo_safe = lambda self, action: False  # type: ignore[method-assign]
        seat, before = to_a_kept_turn(client, table)
    finally:
        MythicArenaState.undo_safe = original  # type: ignore[method-assign]
    assert seat_view(client, table, seat)["undo"] == 0
    assert undo(client, table, seat, before["seq"] + 1).status_code == 409


def test_a_move_of_the_other_seat_ends_the_undo(client: TestClient, every_move_safe: None) -> None:
    table = create(client, game="mythic-arena", seed=4)
    rng = random.Random(2)
    for _ in range(60):
        payload = client.get(f"/api/tables/{table['table_id']}").json()
        seat = payload["view"]["current_player"]
        if payload["status"] != "playing":
            break
        view = seat_view(client, table, seat)
        answer = play(client, table, seat, rng.choice(view["view"]["legal_actions"]), view["seq"])
        assert answer.status_code == 200
        after = answer.json()
        # Whenever the turn has passed, the seat that moved has nothing to take back.
        if after["view"]["current_player"] != seat:
            assert after["undo"] == 0


def test_why_names_the_reason_a_move_is_refused(client: TestClient) -> None:
    table = create(client, game="mythic-arena", seed=4)
    payload = client.get(f"/api/tables/{table['table_id']}").json()
    seat = payload["view"]["current_player"]
    token = table["seats"][seat]["token"]
    legal = seat_view(client, table, seat)["view"]["legal_actions"]
    url = f"/api/tables/{table['table_id']}/why"
    allowed = client.get(url, params={"action": legal[0]}, headers=auth(token)).json()
    assert allowed["reason"] is None
    refused = client.get(url, params={"action": "place nobody a1"}, headers=auth(token)).json()
    assert isinstance(refused["reason"], str) and refused["reason"]
    other_token = table["seats"][1 - seat]["token"]
    other = client.get(url, params={"action": legal[0]}, headers=auth(other_token))
    assert "turn" in other.json()["reason"]
    watcher = client.get(url, params={"action": legal[0]})
    assert watcher.json()["reason"].startswith("spectators only watch")
    too_long = client.get(url, params={"action": "x" * 500}, headers=auth(token))
    assert too_long.status_code == 400


def test_why_and_undo_over_the_websocket(client: TestClient, every_move_safe: None) -> None:
    table = create(client, game="mythic-arena", seed=4)
    seat, before = to_a_kept_turn(client, table)
    token = table["seats"][seat]["token"]
    with connect(client, table["table_id"], token) as ws:
        first = ws.receive_json()
        assert first["type"] == "view" and first["undo"] == 1
        ws.receive_json()  # presence
        ws.send_json({"type": "why", "action": "place nobody a1"})
        why = ws.receive_json()
        assert why["type"] == "why" and why["action"] == "place nobody a1" and why["reason"]
        ws.send_json({"type": "undo"})
        assert "needs 'seq'" in ws.receive_json()["error"]
        ws.send_json({"type": "undo", "seq": first["seq"]})
        pushed = ws.receive_json()
        assert pushed["type"] == "delta" and pushed["seq"] == before["seq"]
        ws.send_json({"type": "undo", "seq": before["seq"]})
        refused = ws.receive_json()
        assert refused["type"] == "error" and refused["undo"] is True
