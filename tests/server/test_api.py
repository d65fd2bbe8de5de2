"""The HTTP API: games, tables, seats, views, actions, logs, replays."""

from __future__ import annotations

import random
import re
from pathlib import Path

from fastapi.testclient import TestClient

import theomachy
from theomachy.agents.levels import DESCRIPTIONS, LEVELS

from .helpers import auth, create, make_client, play_out, seat_view


def full_state(client: TestClient, table_id: str) -> theomachy.State:
    """The table's whole state, hidden parts included, rebuilt from the stored log."""
    record = client.app.state.hub.store.load(table_id)  # type: ignore[attr-defined]
    return theomachy.load(record.game, record.players, record.options).replay(record.actions)


def test_games_lists_every_game_with_players_and_options(client: TestClient) -> None:
    body = client.get("/api/games").json()
    ids = [game["id"] for game in body["games"]]
    assert ids == theomachy.games()
    wars = next(game for game in body["games"] if game["id"] == "mythic-wars")
    assert (wars["min_players"], wars["max_players"]) == (2, 8)
    assert wars["options"]["mode"]["default"] == "hands-of-fate"
    assert "destiny" in wars["options"]["mode"]["enum"]
    # Every game says in a sentence what it is (the lobby shows it beside the title).
    for game in body["games"]:
        assert 30 <= len(game["description"]) <= 160, game["id"]
        assert "player" not in game["description"].lower(), "the player range is shown apart"
        # Every option is explained in words: a title and a sentence, no rule ids.
        for name, option in game["options"].items():
            about = option.get("description", "")
            assert option.get("title") and len(about) >= 20, (game["id"], name)
            assert not re.search(r"\b[A-Z]{2}-[A-Z0-9-]+\b", about), (game["id"], name, about)
    assert set(body["agents"]) == {
        *("random", "greedy", "mcts", "ismcts"),
        *("easy", "medium", "hard", "expert"),
    }


def test_games_offers_the_levels_first_then_the_advanced_agents(client: TestClient) -> None:
    body = client.get("/api/games").json()
    assert [level["name"] for level in body["levels"]] == ["easy", "medium", "hard", "expert"]
    assert [level["description"] for level in body["levels"]] == [
        DESCRIPTIONS[name] for name in LEVELS
    ]
    assert all(set(level) == {"name", "description"} for level in body["levels"])
    advanced = {agent["name"]: agent for agent in body["advanced"]}
    assert list(advanced) == ["random", "greedy", "mcts", "ismcts"]
    assert advanced["random"]["parameters"] == {}
    assert advanced["greedy"]["parameters"] == {"samples": "an integer from 1 to 32"}
    ismcts = advanced["ismcts"]["parameters"]
    assert set(ismcts) == {
        "iterations",
        "budget_ms",
        "exploration",
        "prior_temperature",
        "rollout_depth",
        "temperature",
        "prior_samples",
        "open_loop",
        "rollout_greedy",
        "reuse",
    }
    assert ismcts["budget_ms"] == "a finite number from 1 to 2000"
    assert ismcts["rollout_greedy"] == "a finite number from 0 to 1"
    assert ismcts["temperature"] == "a finite number from 0 to 10"
    assert all(agent["description"] for agent in body["advanced"])
    # Every name offered is an agent the server accepts at a table.
    offered = [level["name"] for level in body["levels"]] + list(advanced)
    assert sorted(offered) == sorted(body["agents"])


def test_a_table_with_a_level_bot_plays_its_moves(client: TestClient) -> None:
    table = create(client, game="mythic-arena", seed=5, bots={"1": "easy"})
    assert table["bots"] == {"1": "easy"}
    final = play_out(client, table, random.Random(3))
    history = client.get(f"/api/tables/{table['table_id']}/log").json()["log"]
    assert theomachy.load("mythic-arena").replay(history).is_terminal()
    assert final["seq"] == len(history)
    answer = client.post("/api/tables", json={"game": "mythic-arena", "bots": {"1": "hard:x=1"}})
    assert answer.status_code == 400
    assert "bots.1: hard is a level and takes no parameters" in answer.json()["error"]


def test_create_table_gives_each_person_an_invitation_link(client: TestClient) -> None:
    table = create(client, claim=False, game="mythic-wars", players=3, bots={"2": "random"})
    assert [seat["seat"] for seat in table["seats"]] == [0, 1]
    invites = [seat["invite"] for seat in table["seats"]]
    assert len(set(invites)) == 2 and all(len(invite) >= 40 for invite in invites)
    for seat in table["seats"]:
        assert seat["url"].endswith(f"/t/{table['table_id']}#invite={seat['invite']}")
        assert "token" not in seat
    assert len(table["host"]) >= 40 and table["host"] not in invites
    assert table["spectate_url"].endswith(f"/t/{table['table_id']}")
    assert table["bots"] == {"2": "random"}


def test_a_table_plays_to_the_end_with_the_result(client: TestClient) -> None:
    table = create(client, seed=11)
    final = play_out(client, table, random.Random(3))
    assert final["view"]["terminal"] is True
    assert final["result"]["winners"] == final["view"]["winners"]
    assert sum(final["result"]["returns"]) == 1.0
    assert final["result"]["scores"] is not None


def test_chance_is_resolved_by_the_server(client: TestClient) -> None:
    table = create(client, game="mythic-wars", players=2, seed=5)
    payload = client.get(f"/api/tables/{table['table_id']}").json()
    assert payload["view"]["current_player"] >= 0
    assert payload["seq"] > 0  # the deal happened before anyone was asked anything


def test_same_seed_and_moves_give_the_same_table(client: TestClient) -> None:
    logs = []
    for _ in range(2):
        table = create(client, game="mythic-wars", players=2, seed=42, bots={"1": "greedy"})
        play_out(client, table, random.Random(9))
        logs.append(client.get(f"/api/tables/{table['table_id']}/log").json()["log"])
    assert logs[0] == logs[1]


def test_bots_play_their_seats(client: TestClient) -> None:
    table = create(client, seed=2, bots={"1": "random"})
    final = play_out(client, table, random.Random(1))
    history = client.get(f"/api/tables/{table['table_id']}/log").json()["log"]
    state = theomachy.load("mythic-arena").replay(history)
    assert state.is_terminal() and final["seq"] == len(history)


def test_seat_view_is_the_contract_view(client: TestClient) -> None:
    table = create(client, game="mythic-wars", players=2, seed=8)
    table_id = table["table_id"]
    state = full_state(client, table_id)
    for seat in table["seats"]:
        payload = seat_view(client, table_id, seat["token"])
        assert payload["seat"] == seat["seat"]
        assert payload["view"] == state.view(seat["seat"])
    assert client.get(f"/api/tables/{table_id}").json()["view"] == state.view(None)


def test_hidden_draws_are_redacted_in_views_and_logs(client: TestClient) -> None:
    table = create(client, seed=4)
    table_id = table["table_id"]
    tokens = {seat["seat"]: seat["token"] for seat in table["seats"]}
    # Mythic Arena: the player to move has drawn a card only they see.
    payload = client.get(f"/api/tables/{table_id}").json()
    mover = payload["view"]["current_player"]
    mover_view = seat_view(client, table_id, tokens[mover])
    client.post(
        f"/api/tables/{table_id}/actions",
        headers=auth(tokens[mover]),
        json={"action": mover_view["view"]["legal_actions"][0], "seq": mover_view["seq"]},
    )
    payload = client.get(f"/api/tables/{table_id}").json()
    mover = payload["view"]["current_player"]
    other = 1 - mover
    own = seat_view(client, table_id, tokens[mover])["view"]
    assert own["drawn"] not in (None, "hidden")
    assert seat_view(client, table_id, tokens[other])["view"]["drawn"] == "hidden"
    assert payload["view"]["drawn"] == "hidden"
    own_log = client.get(f"/api/tables/{table_id}/log", headers=auth(tokens[mover])).json()["log"]
    public_log = client.get(f"/api/tables/{table_id}/log").json()["log"]
    assert own_log[-1] == f"draw {own['drawn']}"
    assert public_log[-1] == "draw ?"


def test_replay_steps_through_the_log_as_the_caller_saw_it(client: TestClient) -> None:
    table = create(client, seed=6)
    play_out(client, table, random.Random(2))
    table_id = table["table_id"]
    length = len(client.get(f"/api/tables/{table_id}/log").json()["log"])
    first = client.get(f"/api/tables/{table_id}/replay/0").json()
    assert (first["step"], first["length"], first["seq"]) == (0, length, 0)
    history = client.get(f"/api/tables/{table_id}/log", headers=auth(table["seats"][0]["token"]))
    game = theomachy.load("mythic-arena")
    for step in (1, 3, length // 2):
        middle = client.get(f"/api/tables/{table_id}/replay/{step}").json()
        assert middle["view"] == game.replay(history.json()["log"][:step]).view(None)
    last = client.get(f"/api/tables/{table_id}/replay/{length}").json()
    assert last["view"]["terminal"] is True
    assert client.get(f"/api/tables/{table_id}/replay/{length + 1}").status_code == 400


def test_lobby_lists_open_and_recent_tables(client: TestClient) -> None:
    finished = create(client, seed=1)
    play_out(client, finished, random.Random(1))
    playing = create(client, game="mythic-wars", players=4, bots={"3": "random"})
    listed = client.get("/api/tables").json()["tables"]
    assert {t["table_id"] for t in listed} >= {finished["table_id"], playing["table_id"]}
    open_ids = [t["table_id"] for t in client.get("/api/tables?status=playing").json()["tables"]]
    done = client.get("/api/tables?status=finished").json()["tables"]
    done_ids = [t["table_id"] for t in done]
    # The lobby names the winners as the game does: a pantheon in Mythic Arena.
    listed_final = next(t for t in done if t["table_id"] == finished["table_id"])
    pantheons = full_state(client, finished["table_id"]).features()["pantheon"]
    expected = [pantheons[w].capitalize() for w in listed_final["winners"]]
    assert listed_final["winner_names"] == (expected or None)
    assert playing["table_id"] in open_ids and playing["table_id"] not in done_ids
    assert finished["table_id"] in done_ids
    entry = next(t for t in listed if t["table_id"] == playing["table_id"])
    assert entry["bots"] == {"3": "random"} and "token" not in str(entry)


def test_openapi_docs_are_served(client: TestClient) -> None:
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    assert "/api/tables/{table_id}/actions" in paths


def test_the_api_docs_work_offline(client: TestClient) -> None:
    # Every script, style sheet and icon of /docs comes from this server.
    assert client.get("/redoc").status_code == 404
    for page in ("/docs",):
        html = client.get(page).text
        assets = re.findall(r"""(?:src|href)=['"]([^'"]+)['"]""", html)
        assets += re.findall(r"""url: ?['"]([^'"]+)['"]""", html)
        assert assets, page
        for asset in assets:
            assert asset.startswith("/"), f"{page} loads {asset} from elsewhere"
            assert client.get(asset).status_code == 200, f"{page}: {asset} is missing"
        assert "cdn." not in html and "fonts.googleapis" not in html


def test_an_unknown_address_gets_the_clients_not_found_page(client: TestClient) -> None:
    for path in ("/no/such/page", "/t/a/b", "/lobby.php"):
        response = client.get(path)
        assert response.status_code == 404
        assert "<!doctype html" in response.text.lower(), path
    # Programs keep their JSON errors.
    for path in ("/api/no-such-thing", "/static/no-such-file.js"):
        response = client.get(path)
        assert response.status_code == 404
        assert "error" in response.json(), path


def test_the_browser_client_is_served(client: TestClient) -> None:
    for path in ("/", "/t/some-table"):
        response = client.get(path)
        assert response.status_code == 200 and "<!doctype html" in response.text.lower()


def test_hidden_set_up_in_options_never_reaches_other_seats(client: TestClient) -> None:
    factions = [["thor", "zeus", "set", "fujin"], ["hera", "anubis", "izanagi", "chalchiuhtlicue"]]
    table = create(
        client,
        game="mythic-wars",
        players=2,
        options={"mode": "destiny", "factions": factions},
        bots={"1": "random"},
    )
    table_id = table["table_id"]
    texts = [
        client.get(f"/api/tables/{table_id}").text,
        client.get("/api/tables").text,
        client.get(f"/api/tables/{table_id}/replay/0").text,
    ]
    for text in texts:
        assert '"factions":"hidden"' in text.replace(" ", "")
        assert "chalchiuhtlicue" not in text and "izanagi" not in text
    own = seat_view(client, table_id, table["seats"][0]["token"])
    assert own["options"]["factions"] == "hidden"
    assert {e["id"] for e in own["view"]["entities"] if e["owner"] == 0} == set(factions[0])


def test_idle_tables_beyond_the_cap_are_forgotten_and_reload_from_the_log(db_path: Path) -> None:
    with make_client(db_path, max_live_tables=1) as capped:
        tables = [create(capped, seed=seed) for seed in (1, 2, 3)]
        hub = capped.app.state.hub  # type: ignore[attr-defined]
        assert len(hub._live) == 1
        first = tables[0]
        view = seat_view(capped, first["table_id"], first["seats"][0]["token"])
        assert view["table_id"] == first["table_id"] and view["seq"] == 0
        assert list(hub._live) == [first["table_id"]]


def test_each_game_has_a_rules_page_from_its_rules_index(client: TestClient) -> None:
    for game_id in theomachy.games():
        response = client.get(f"/rules/{game_id}")
        assert response.status_code == 200 and response.headers["content-type"].startswith(
            "text/html"
        )
        page = response.text
        assert "<table>" in page and "<h2>" in page, game_id
        assert "<script" not in page  # the rules text is shown, never run
    arena = client.get("/rules/mythic-arena").text
    assert "MA-RULING-SUPPLY" in arena and "Mythic Arena — rules — Theomachy" in arena
    missing = client.get("/rules/no-such-game")
    assert missing.status_code == 404 and "<!doctype html" in missing.text.lower()


def test_options_picked_from_the_games_content_are_offered_as_choices(
    client: TestClient,
) -> None:
    games = {game["id"]: game for game in client.get("/api/games").json()["games"]}
    expected = {
        ("mythic-wars", "factions"): (True, 4),
        ("arena-of-the-gods", "gods"): (True, 1),
        ("arena-of-the-gods", "decks"): (True, 1),
        ("mythic-battles", "scenario"): (False, 1),
        ("mythic-battles", "armies"): (True, None),
    }
    for (game_id, name), (per_seat, count) in expected.items():
        picker = games[game_id]["options"][name]["picker"]
        assert (picker["per_seat"], picker["count"]) == (per_seat, count), (game_id, name)
        assert picker["choices"], (game_id, name)
        for choice in picker["choices"]:
            assert choice["value"] and choice["label"] and choice["about"], choice
    # Every choice is one the game takes: a table made from the first ones is valid.
    gods = [c["value"] for c in games["arena-of-the-gods"]["options"]["gods"]["picker"]["choices"]]
    decks = [
        c["value"] for c in games["arena-of-the-gods"]["options"]["decks"]["picker"]["choices"]
    ]
    theomachy.load("arena-of-the-gods", 2, {"gods": gods[:2]})
    theomachy.load("arena-of-the-gods", 2, {"decks": decks[:2]})
    deities = [c["value"] for c in games["mythic-wars"]["options"]["factions"]["picker"]["choices"]]
    theomachy.load("mythic-wars", 2, {"mode": "destiny", "factions": [deities[:4], deities[4:8]]})
    for choice in games["mythic-battles"]["options"]["scenario"]["picker"]["choices"]:
        for players in choice["players"]:
            theomachy.load("mythic-battles", players, {"scenario": choice["value"]})
