"""A Mythotopia table over HTTP: set-up by the server, hidden hands, bots, the catalog."""

from __future__ import annotations

import random
import time

import pytest
from fastapi.testclient import TestClient

from .helpers import auth, create, play_out, seat_view

rules = pytest.mark.rules


@rules("MT-HIDDEN-1", "MT-HIDDEN-2", "MT-HIDDEN-3")
def test_a_mythotopia_table_shows_each_seat_only_its_own_hand(client: TestClient) -> None:
    table = create(client, game="mythotopia", players=3, seed=4, bots={"2": "random"})
    tokens = {seat["seat"]: seat["token"] for seat in table["seats"]}
    table_id = table["table_id"]
    # Secret set-up choices (citadels) come before the hands: make them.
    while (payload := client.get(f"/api/tables/{table_id}").json())["view"]["phase"] != "play":
        current = payload["view"]["current_player"]
        if current not in tokens:  # the bot's seat: the server plays it
            time.sleep(0.005)
            continue
        token = tokens[current]
        choice = seat_view(client, table_id, token)["view"]["legal_actions"][0]
        answer = client.post(
            f"/api/tables/{table_id}/actions",
            headers=auth(token),
            json={"action": choice, "seq": payload["seq"]},
        )
        assert answer.status_code == 200, answer.text
    for seat, token in tokens.items():
        view = seat_view(client, table_id, token)["view"]
        players = view["players"]
        assert "hand" in players[seat] and len(players[seat]["hand"]) >= 5
        for other in players:
            if other["seat"] != seat:
                assert "hand" not in other and other["hand_count"] >= 5
        # The other seats' draws are masked in the log; this seat's are not.
        assert any(entry == "draw ?" for entry in view["log"])
    spectator = client.get(f"/api/tables/{table_id}").json()["view"]
    assert all("hand" not in p for p in spectator["players"])
    assert all(
        entry.startswith(
            ("deal", "display", "vpcard", "first", "dragon", "runestone", "citadel", "draw ?")
        )
        for entry in spectator["log"]
    )


def test_a_mythotopia_table_plays_to_the_cap_with_a_bot(client: TestClient) -> None:
    table = create(
        client,
        game="mythotopia",
        players=2,
        seed=8,
        options={"max_rounds": 2},
        bots={"1": "random"},
    )
    final = play_out(client, table, random.Random(5))
    assert final["view"]["terminal"] is True
    assert final["result"]["winners"] == final["view"]["winners"]
    assert len(final["result"]["scores"]) == 2


def test_an_illegal_mythotopia_action_is_refused_with_the_reason(client: TestClient) -> None:
    table = create(client, game="mythotopia", players=2, seed=3)
    table_id = table["table_id"]
    payload = client.get(f"/api/tables/{table_id}").json()
    current = payload["view"]["current_player"]
    token = next(s["token"] for s in table["seats"] if s["seat"] == current)
    response = client.post(
        f"/api/tables/{table_id}/actions",
        headers=auth(token),
        json={"action": "invade atlantis palmain", "seq": payload["seq"]},
    )
    assert response.status_code == 400
    assert "invade" in response.json()["error"]
    assert client.get(f"/api/tables/{table_id}").json()["seq"] == payload["seq"]


def test_the_mythotopia_catalog_lists_every_card(client: TestClient) -> None:
    catalog = client.get("/api/games/mythotopia/catalog").json()
    cards = catalog.get("cards", catalog)
    assert {"start-market", "water-mill", "palmain", "vp-gilded-city"} <= set(cards)
    assert cards["palmain"]["kind"] == "province"
