"""Turn clocks and stand-in bots: a person's time runs on their turn (plus the increment when
the turn passes on), a bot of the table's level takes the seat when the time runs out or the
person has been away too long, everyone sees it in the seats, and the person takes it back."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from theomachy.server.clocks import GRACE_MS, Clock
from theomachy.server.schemas import ClockSpec

from .helpers import auth, connect, create, make_client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(tmp_path / "clocks.db") as test_client:
        yield test_client


# --- the bookkeeping --------------------------------------------------------------------------


def test_a_person_pays_for_their_thinking_and_gains_the_increment_when_the_turn_passes() -> None:
    clock = Clock.start(ClockSpec(minutes=1, increment=5), 2, "medium")
    clock.since_ms = 1_000
    clock.charge(0, passed=False, at=11_000)  # 10 s thinking, still seat 0's turn
    assert clock.left_ms == [50_000, 60_000] and clock.since_ms == 11_000
    clock.charge(0, passed=True, at=12_000)  # 1 s more, then the turn passes: +5 s
    assert clock.left_ms == [54_000, 60_000]
    clock.charge(None, passed=True, at=40_000)  # a bot or chance pays nothing
    assert clock.left_ms == [54_000, 60_000] and clock.since_ms == 40_000
    assert clock.left(1, running=1, at=50_000) == 50_000  # seat 1's clock runs
    assert clock.left(0, running=1, at=50_000) == 54_000


def test_a_stand_in_is_due_when_the_time_runs_out_or_the_person_is_away_too_long() -> None:
    clock = Clock.start(ClockSpec(minutes=1, away=30), 2, "medium")
    clock.since_ms = 0
    assert clock.due(0, None) == (60_000, "time")
    assert clock.due(0, gone_since_ms=10_000) == (40_000, "away")
    assert clock.due(0, gone_since_ms=-50_000) == (30_000, "away")  # gone before the turn
    untimed = Clock.start(ClockSpec(away=30), 2, "medium")
    untimed.since_ms = 0
    assert untimed.due(0, None) is None
    assert untimed.due(0, 5_000) == (35_000, "away")


def test_taking_the_seat_back_with_an_empty_clock_gives_a_minute() -> None:
    clock = Clock.start(ClockSpec(minutes=1), 2, "easy")
    clock.since_ms = 0
    clock.take_over(0, "time", at=70_000)
    assert clock.standins == {0: "time"} and clock.left_ms[0] == 0
    assert clock.due(0, None) is None  # nothing more is due while the bot plays
    public = clock.public(running=0, at=80_000)
    assert public["standins"] == {"0": "time"} and public["running"] is None
    clock.give_back(0, at=90_000)
    assert clock.standins == {} and clock.left_ms[0] == GRACE_MS
    again = Clock.from_json(clock.to_json())
    assert again == clock


def test_bad_time_controls_are_refused_by_name(client: TestClient) -> None:
    for clock, word in [
        ({"minutes": 0}, "minutes"),
        ({"minutes": 1, "increment": -1}, "increment"),
        ({"away": 5}, "away"),
        ({"minutes": 1, "bot": "nonsense:budget_ms=99999999"}, "clock.bot"),
        ({"minutes": 1, "surprise": 1}, "surprise"),
    ]:
        answer = client.post("/api/tables", json={"game": "mythic-arena", "clock": clock})
        assert answer.status_code == 400, clock
        assert word in answer.json()["error"], answer.json()


# --- at the table -----------------------------------------------------------------------------


def public(client: TestClient, table: dict[str, Any]) -> dict[str, Any]:
    return dict(client.get(f"/api/tables/{table['table_id']}").json())


def wait_for(check: Any, seconds: float = 20.0) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("timed out")


def clocked_arena(client: TestClient, **clock: Any) -> dict[str, Any]:
    """A Mythic Arena table (seed 3: seat 0, a person, plays first; seat 1 a random bot)
    with the time control ``clock`` and a random stand-in."""
    return create(
        client, game="mythic-arena", seed=3, bots={"1": "random"}, clock={**clock, "bot": "random"}
    )


def test_a_bot_takes_the_seat_when_the_clock_runs_out_and_the_person_takes_it_back(
    client: TestClient,
) -> None:
    table = clocked_arena(client, minutes=0.01, increment=1)
    seat0 = table["seats"][0]["token"]
    start = public(client, table)
    assert start["clock"]["minutes"] == 0.01 and start["clock"]["standins"] == {}
    # Seat 0 does not move: 0.6 s later a stand-in plays it, and everyone sees it.
    taken = wait_for(lambda: (p := public(client, table))["seats"][0]["standin"] and p)
    assert taken["seats"][0]["standin"] == "time"
    wait_for(lambda: public(client, table)["seq"] > start["seq"])  # the stand-in plays on
    # The person may not move while the bot plays their seat; they take it back instead.
    view = client.get(f"/api/tables/{table['table_id']}/view", headers=auth(seat0)).json()
    back = client.post(f"/api/tables/{table['table_id']}/return", headers=auth(seat0))
    assert back.status_code == 200, back.text
    assert back.json()["seats"][0]["standin"] is None
    stored = client.app.state.hub._live[table["table_id"]].clock  # type: ignore[attr-defined]
    assert stored.standins == {}
    assert stored.left_ms[0] >= GRACE_MS - 1_000 or view["status"] == "finished"
    again = client.post(f"/api/tables/{table['table_id']}/return", headers=auth(seat0))
    assert again.status_code == 409
    spectator = client.post(f"/api/tables/{table['table_id']}/return")
    assert spectator.status_code == 401


def test_a_wall_clock_stepped_back_does_not_keep_the_stand_in_away(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The timer waits on the loop's monotonic clock: if a time sync steps the wall clock
    back a minute while seat 0 thinks, the stand-in still comes when the 0.6 s are over."""
    table = clocked_arena(client, minutes=0.01)
    real = time.time
    stepped = lambda: int((real() - 60) * 1000)  # noqa: E731
    monkeypatch.setattr("theomachy.server.tables.now_ms", stepped)
    monkeypatch.setattr("theomachy.server.clocks.now_ms", stepped)
    taken = wait_for(lambda: (p := public(client, table))["seats"][0]["standin"] and p)
    assert taken["seats"][0]["standin"] == "time"
    assert client.app.state.hub._live[table["table_id"]].clock.left_ms[0] == 0  # type: ignore[attr-defined]


def test_a_restarted_server_seats_the_stand_in_without_being_asked(tmp_path: Path) -> None:
    db = tmp_path / "restart.db"
    with make_client(db) as first:
        table = clocked_arena(first, minutes=0.05)
        assert public(first, table)["seats"][0]["standin"] is None
    with make_client(db) as second:
        hub = second.app.state.hub  # type: ignore[attr-defined]
        # Nobody asks for the table: the server loads it after start, and its timer fires.
        wait_for(lambda: table["table_id"] in hub._live)
        stored = wait_for(lambda: (c := hub.store.clock(table["table_id"])) and c["standins"] and c)
        assert stored["standins"] == {"0": "time"}


def test_a_person_away_too_long_is_replaced_and_everyone_connected_is_told(
    client: TestClient,
) -> None:
    table = create(client, game="mythic-arena", seed=3, bots={"1": "random"}, clock={"away": 30})
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub._live[table["table_id"]]
    live.clock.away = 1  # the real floor is 30 s: a second here
    with connect(client, table["table_id"]) as watcher:
        assert watcher.receive_json()["type"] == "view"
        clock = watcher.receive_json()
        assert clock["type"] == "clock" and clock["left_ms"] is None and clock["away"] == 1
        # Nobody holds seat 0's connection: away from now (run on the server's loop).
        client.portal.call(hub._note_presence, live)  # type: ignore[attr-defined]
        for _ in range(50):
            message = watcher.receive_json()
            if message["type"] == "clock" and message["standins"]:
                assert message["standins"] == {"0": "away"}
                break
        else:
            raise AssertionError("the watcher was not told of the stand-in")
    assert public(client, table)["seats"][0]["standin"] == "away"


def test_a_connected_person_is_not_replaced_for_being_away(client: TestClient) -> None:
    table = create(client, game="mythic-arena", seed=3, bots={"1": "random"}, clock={"away": 30})
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub._live[table["table_id"]]
    live.clock.away = 1
    with connect(client, table["table_id"], table["seats"][0]["token"]) as ws:
        assert ws.receive_json()["type"] == "view"
        time.sleep(1.5)
        assert public(client, table)["seats"][0]["standin"] is None
        assert 0 not in live.gone_since


def test_a_rematch_keeps_the_time_control(client: TestClient) -> None:
    table = create(client, game="mythic-arena", seed=3, clock={"minutes": 30, "increment": 10})
    hub = client.app.state.hub  # type: ignore[attr-defined]
    live = hub._live[table["table_id"]]
    tokens = [seat["token"] for seat in table["seats"]]
    for _ in range(300):
        payload = public(client, table)
        if payload["status"] == "finished":
            break
        seat = payload["view"]["current_player"]
        view = client.get(
            f"/api/tables/{table['table_id']}/view", headers=auth(tokens[seat])
        ).json()
        client.post(
            f"/api/tables/{table['table_id']}/actions",
            json={"action": view["view"]["legal_actions"][0], "seq": view["seq"]},
            headers=auth(tokens[seat]),
        )
    assert live.clock.left_ms[0] <= 30 * 60_000 + 10_000 * 60
    answer = client.post(f"/api/tables/{table['table_id']}/rematch", headers=auth(tokens[0]))
    assert answer.status_code == 200, answer.text
    new = client.get(f"/api/tables/{answer.json()['table_id']}").json()
    assert new["clock"]["minutes"] == 30 and new["clock"]["increment"] == 10
