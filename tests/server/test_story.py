"""The story (the log in words) the server sends with every view: each seat's own, told by the
game's narrator from that seat's views, cut at the step a replay shows."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from .helpers import auth, create, make_client


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    with make_client(tmp_path / "story.db") as test_client:
        yield test_client


def play_some(client: TestClient, table: dict, moves: int) -> None:
    """The seats play their first legal action ``moves`` times."""
    tokens = {s["seat"]: s["token"] for s in table["seats"]}
    for _ in range(moves):
        payload = client.get(f"/api/tables/{table['table_id']}").json()
        current = payload["view"]["current_player"]
        if current not in tokens:
            return
        view = client.get(f"/api/tables/{table['table_id']}/view", headers=auth(tokens[current]))
        action = view.json()["view"]["legal_actions"][0]
        answer = client.post(
            f"/api/tables/{table['table_id']}/actions",
            json={"action": action, "seq": payload["seq"]},
            headers=auth(tokens[current]),
        )
        assert answer.status_code == 200, answer.text


def test_each_seat_and_the_spectators_get_their_own_story(client: TestClient) -> None:
    table = create(client, game="mythic-arena", seed=3)
    play_some(client, table, 8)
    table_id = table["table_id"]
    stories = {None: client.get(f"/api/tables/{table_id}").json()}
    for seat in table["seats"]:
        stories[seat["seat"]] = client.get(
            f"/api/tables/{table_id}/view", headers=auth(seat["token"])
        ).json()
    for reader, payload in stories.items():
        story = payload["story"]
        assert story, f"reader {reader} was told nothing"
        assert {"step", "seat", "text", "kind", "action"} <= set(story[0])
        steps = [line["step"] for line in story]
        assert steps == sorted(steps) and steps[-1] < payload["seq"]
        # Each line's notation is the action as this reader saw it then (a hidden draw: "draw
        # ?", even where the view's log unmasks it once the card is shown later).
        seen = payload["view"]["log"]
        for line in story:
            assert line["action"] == seen[line["step"]] or line["action"].endswith(" ?")


def test_a_replay_step_tells_the_story_up_to_that_step(client: TestClient) -> None:
    table = create(client, game="mythic-arena", seed=3)
    play_some(client, table, 8)
    token = table["seats"][0]["token"]
    replay = client.get(f"/api/tables/{table['table_id']}/replay/3", headers=auth(token)).json()
    assert replay["story"], "a replay at step 3 tells the first three actions"
    assert all(line["step"] < 3 for line in replay["story"])
    live = client.get(f"/api/tables/{table['table_id']}/view", headers=auth(token)).json()
    assert replay["story"] == [line for line in live["story"] if line["step"] < 3]
