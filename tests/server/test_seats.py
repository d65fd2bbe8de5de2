"""Seats are invitations, chance is secret, set-up secrets stay with their seat: the creator
of a table cannot see through the other seats."""

from __future__ import annotations

import json
import random
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import theomachy
from theomachy.server.tables import chance_seed

from .helpers import auth, claim_seat, create, make_client, play_out, seat_view

DECKS = Path(theomachy.__file__).parent / "games/arena_of_the_gods/content/decks.toml"


def test_the_first_to_open_an_invitation_takes_the_seat(client: TestClient) -> None:
    table = create(client, claim=False, seed=None)
    table_id = table["table_id"]
    invite = table["seats"][1]["invite"]
    spectator = client.get(f"/api/tables/{table_id}").json()
    assert [s["claimed"] for s in spectator["seats"]] == [False, False]
    first = client.post(f"/api/tables/{table_id}/claim", json={"invite": invite})
    assert first.status_code == 200 and first.json()["seat"] == 1
    credential = first.json()["credential"]
    assert credential != invite
    assert seat_view(client, table_id, credential)["seat"] == 1
    again = client.post(f"/api/tables/{table_id}/claim", json={"invite": invite})
    assert again.status_code == 409 and "only lets you watch" in again.json()["error"]
    assert again.json()["seat"] == 1
    # The invitation itself is no credential: it cannot read the seat or play.
    assert client.get(f"/api/tables/{table_id}/view", headers=auth(invite)).status_code == 403
    after = client.get(f"/api/tables/{table_id}").json()
    assert [s["claimed"] for s in after["seats"]] == [False, True]


def test_wrong_or_foreign_invitations_are_refused(client: TestClient) -> None:
    table = create(client, claim=False, seed=None)
    other = create(client, claim=False, seed=None)
    table_id = table["table_id"]
    for invite in ("nope", other["seats"][0]["invite"], table["host"]):
        answer = client.post(f"/api/tables/{table_id}/claim", json={"invite": invite})
        assert answer.status_code == 403, invite
    assert client.post(f"/api/tables/{table_id}/claim", json={}).status_code == 400
    long = client.post(f"/api/tables/{table_id}/claim", json={"invite": "x" * 500})
    assert long.status_code == 400


def test_the_creator_may_reinvite_a_seat_which_revokes_the_old_claim(client: TestClient) -> None:
    table = create(client, seed=None)
    table_id = table["table_id"]
    old = table["seats"][1]["token"]
    url = f"/api/tables/{table_id}/seats/1/invite"
    assert client.post(url).status_code == 401
    assert client.post(url, headers=auth(old)).status_code == 403  # a seat is not the host
    answer = client.post(url, headers=auth(table["host"]))
    assert answer.status_code == 200 and answer.json()["seat"] == 1
    assert answer.json()["url"].endswith(f"#invite={answer.json()['invite']}")
    assert client.get(f"/api/tables/{table_id}/view", headers=auth(old)).status_code == 403
    old_invite = table["seats"][1]["invite"]
    stale = client.post(f"/api/tables/{table_id}/claim", json={"invite": old_invite})
    assert stale.status_code == 403
    fresh = claim_seat(client, table_id, answer.json()["invite"])
    assert seat_view(client, table_id, fresh)["seat"] == 1
    # Everyone sees that the seat changed hands through the creator (its old holder saw its
    # hidden cards), the new holder included.
    seats = seat_view(client, table_id, fresh)["seats"]
    assert [s["reinvites"] for s in seats] == [0, 1]
    assert client.get(f"/api/tables/{table_id}").json()["seats"][1]["reinvites"] == 1
    bot_table = create(client, seed=None, bots={"1": "random"})
    refused = client.post(
        f"/api/tables/{bot_table['table_id']}/seats/1/invite", headers=auth(bot_table["host"])
    )
    assert refused.status_code == 400


def test_a_reinvite_closes_the_old_holders_socket(client: TestClient) -> None:
    from .helpers import connect

    table = create(client, seed=None)
    table_id = table["table_id"]
    with connect(client, table_id, table["seats"][1]["token"]) as ws:
        assert ws.receive_json()["type"] == "view"
        client.post(f"/api/tables/{table_id}/seats/1/invite", headers=auth(table["host"]))
        while True:
            message = ws.receive_json()
            if message["type"] == "error":
                break
        assert message["status"] == 403 and "someone else" in message["error"]


def test_only_an_open_table_may_choose_its_seed(client: TestClient) -> None:
    closed = client.post("/api/tables", json={"game": "mythic-arena", "seed": 5})
    assert closed.status_code == 400 and "open" in closed.json()["error"]
    assert "seed" in closed.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []
    opened = create(client, seed=5)
    payload = client.get(f"/api/tables/{opened['table_id']}").json()
    assert payload["open"] is True and payload["seed"] == 5
    hidden = create(client, seed=None)
    payload = client.get(f"/api/tables/{hidden['table_id']}").json()
    assert payload["open"] is False and "seed" not in payload
    listed = {t["table_id"]: t["open"] for t in client.get("/api/tables").json()["tables"]}
    assert listed == {opened["table_id"]: True, hidden["table_id"]: False}


def test_hidden_set_up_options_only_at_an_open_table(client: TestClient) -> None:
    factions = [["thor", "zeus", "set", "fujin"], ["hera", "anubis", "izanagi", "chalchiuhtlicue"]]
    body: dict[str, Any] = {
        "game": "mythic-wars",
        "players": 2,
        "options": {"mode": "destiny", "factions": factions},
    }
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 400
    assert "options.factions" in refused.json()["error"] and "open" in refused.json()["error"]
    games = client.get("/api/games").json()["games"]
    assert next(g for g in games if g["id"] == "mythic-wars")["secret_options"] == ["factions"]
    opened = client.post("/api/tables", json={**body, "open": True})
    assert opened.status_code == 200, opened.text


def test_a_built_deck_is_hidden_set_up_but_starter_decks_are_public(client: TestClient) -> None:
    """Arena of the Gods' starter decks are published lists any seat may name; a deck a
    player built is that player's secret (AG-RULING-HIDDEN), so only an open table takes it."""
    starters = {"game": "arena-of-the-gods", "options": {"decks": ["zeus-starter", "ra-starter"]}}
    answer = client.post("/api/tables", json=starters)
    assert answer.status_code == 200, answer.text
    deck = dict(tomllib.loads(DECKS.read_text(encoding="utf-8"))["decks"][0])
    built = {"god": deck["god"], "cards": deck["cards"]}
    body = {"game": "arena-of-the-gods", "options": {"decks": [built, "ra-starter"]}}
    refused = client.post("/api/tables", json=body)
    assert refused.status_code == 400 and "options.decks" in refused.json()["error"]
    opened = client.post("/api/tables", json={**body, "open": True})
    assert opened.status_code == 200, opened.text
    shown = client.get(f"/api/tables/{opened.json()['table_id']}").json()
    assert deck["god"] not in json.dumps(shown["options"]["decks"][0])


def test_chance_mixes_a_secret_the_seed_alone_cannot_recompute(client: TestClient) -> None:
    # Two closed tables: their chance differs, and neither the public view nor the database
    # seed alone predicts it (the secret is never sent).
    table = create(client, game="mythic-wars", players=2, seed=None)
    record = client.app.state.hub.store.load(table["table_id"])  # type: ignore[attr-defined]
    assert record.secret is not None and len(record.secret) == 64 and not record.open
    text = client.get(f"/api/tables/{table['table_id']}").text
    assert record.secret not in text and str(record.seed) not in text
    game = theomachy.load("mythic-wars", players=2)
    state = game.new_game()
    from theomachy.engine.chance import sample_outcome

    outcome = sample_outcome(state, random.Random(chance_seed(record.seed, None, "chance", 0)))
    secret = sample_outcome(
        state, random.Random(chance_seed(record.seed, record.secret, "chance", 0))
    )
    assert record.actions[0] == secret
    assert chance_seed(record.seed, None, "chance", 0) != chance_seed(
        record.seed, record.secret, "chance", 0
    )
    del outcome


def test_an_open_table_is_reproducible_from_its_seed(client: TestClient) -> None:
    logs = []
    for _ in range(2):
        table = create(client, game="mythic-wars", players=2, seed=42)
        play_out(client, table, random.Random(9))
        logs.append(client.get(f"/api/tables/{table['table_id']}/log").json()["log"])
    assert logs[0] == logs[1]


def test_replays_come_from_snapshots_and_are_limited_by_cost(db_path: Path) -> None:
    with make_client(db_path, replay_snapshot_every=8, replay_rate=0.001, replay_burst=60) as c:
        table = create(c, game="mythic-wars", players=2, seed=3, bots={"1": "random"})
        play_out(c, table, random.Random(2))
        record = c.app.state.hub.store.load(table["table_id"])  # type: ignore[attr-defined]
        game = theomachy.load("mythic-wars", players=2)
        token = table["seats"][0]["token"]
        hub = c.app.state.hub  # type: ignore[attr-defined]
        length = len(record.actions)
        assert length > 40
        # The first replay of a late step walks from the start (cost = steps) and leaves
        # snapshots; after that any step costs at most one interval.
        assert hub.replay_cost(hub._live[table["table_id"]], 20) == 21
        for step in (20, 5, 17, 20):
            got = c.get(f"/api/tables/{table['table_id']}/replay/{step}", headers=auth(token))
            assert got.status_code == 200, got.text
            expected = game.replay(record.actions[:step]).view(0)
            assert got.json()["view"] == expected and got.json()["step"] == step
        live = hub._live[table["table_id"]]
        assert hub.replay_cost(live, 23) == 23 - 16 + 1
        # The bucket (60 entries, no refill) is spent by cost, not by request count.
        statuses = [
            c.get(f"/api/tables/{table['table_id']}/replay/{length}", headers=auth(token))
            for _ in range(3)
        ]
        assert statuses[-1].status_code == 429
        assert statuses[-1].json()["error"]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("random:seed=5", "seed"),
        ("mcts:budget_ms=inf", "budget_ms"),
        ("mcts:budget_ms=nan", "budget_ms"),
        ("mcts:budget_ms=fast", "budget_ms"),
        ("mcts:budget_ms=999999", "budget_ms"),
        ("mcts:iterations=10000000", "iterations"),
        ("mcts:iterations=1.5", "iterations"),
        ("greedy:samples=-1", "samples"),
        ("mcts:" + "x=1:" * 60, "bots.1"),
    ],
)
def test_bot_specs_are_checked_strictly(client: TestClient, spec: str, words: str) -> None:
    answer = client.post("/api/tables", json={"game": "mythic-arena", "bots": {"1": spec}})
    assert answer.status_code == 400, answer.text
    assert words in answer.json()["error"] and "bots.1" in answer.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []


def test_bot_specs_must_be_strings(client: TestClient) -> None:
    answer = client.post("/api/tables", json={"game": "mythic-arena", "bots": {"1": 5}})
    assert answer.status_code == 400 and "bots.1" in answer.json()["error"]


def test_quotas_per_client(db_path: Path) -> None:
    with make_client(db_path, max_tables_per_client=2, max_bots_per_client=3) as limited:
        for _ in range(2):
            create(limited, seed=None, claim=False, bots={"1": "random"})
        over = limited.post("/api/tables", json={"game": "mythic-arena"})
        assert over.status_code == 429 and "tables playing" in over.json()["error"]
    with make_client(db_path.with_name("b.sqlite3"), max_bots_per_client=3) as limited:
        create(
            limited,
            seed=None,
            claim=False,
            game="mythic-wars",
            players=3,
            bots={"1": "random", "2": "random"},
        )
        over = limited.post(
            "/api/tables",
            json={"game": "mythic-wars", "players": 3, "bots": {"1": "random", "2": "random"}},
        )
        assert over.status_code == 429 and "bots" in over.json()["error"]


def test_a_clocked_tables_stand_ins_count_toward_the_bot_quota(db_path: Path) -> None:
    with make_client(db_path, max_bots_per_client=3) as limited:
        # Two people and a clock: either seat may be played by a stand-in, so it counts two.
        create(limited, seed=None, claim=False, clock={"minutes": 30})
        over = limited.post("/api/tables", json={"game": "mythic-arena", "clock": {"away": 60}})
        assert over.status_code == 429
        error = over.json()["error"]
        assert "2 bots or stand-in seats" in error and "2 more would pass the limit of 3" in error
        # Without a clock, a table of two people asks for no bot at all.
        assert limited.post("/api/tables", json={"game": "mythic-arena"}).status_code == 200


def test_options_are_bounded_in_size(client: TestClient) -> None:
    options = {"decks": [{"god": "zeus", "cards": {f"card-{i}": 1 for i in range(3000)}}]}
    answer = client.post("/api/tables", json={"game": "arena-of-the-gods", "options": options})
    assert answer.status_code in (400, 413) and answer.json()["error"]


def test_a_failing_bot_is_retried_then_its_seat_says_why(db_path: Path) -> None:
    from theomachy.server.botpool import BotCrashed

    with make_client(db_path, bot_retries=2) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        calls: list[str] = []
        real_move = hub.bots.move

        async def failing(**kwargs: Any) -> str:
            calls.append(kwargs["spec"])
            if len(calls) <= 3:
                raise BotCrashed("the worker died (signal 9)")
            return str(await real_move(**kwargs))

        hub.bots.move = failing
        table = create(client, seed=None, bots={"0": "random"})
        table_id = table["table_id"]
        deadline = time.monotonic() + 20
        problem = None
        while problem is None:
            assert time.monotonic() < deadline, "the seat never said why the table waits"
            payload = client.get(f"/api/tables/{table_id}").json()
            problem = payload["seats"][0]["problem"]
            time.sleep(0.05)
        assert "failed to move 2 times" in problem and "worker died" in problem
        while client.get(f"/api/tables/{table_id}").json()["seq"] == 0:
            assert time.monotonic() < deadline, "the bot was not retried"
            time.sleep(0.05)
        assert client.get(f"/api/tables/{table_id}").json()["seats"][0]["problem"] is None
        assert len(calls) >= 4


@pytest.mark.parametrize("entry", ["/etc/passwd", "/etc/shadow", "/no/such/file.toml"])
def test_deck_options_never_name_a_server_file(client: TestClient, entry: str) -> None:
    body = {"game": "arena-of-the-gods", "options": {"decks": [entry, "ra-starter"]}}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400
    message = answer.json()["error"]
    assert "TOML" not in message and "root" not in message
    other = client.post(
        "/api/tables",
        json={"game": "arena-of-the-gods", "options": {"decks": ["/x", "ra-starter"]}},
    )
    # The same words whether or not the file exists: no oracle.
    assert message.replace(entry[:40], "?") == other.json()["error"].replace("/x", "?")


@pytest.mark.parametrize("tables", [25, pytest.param(300, marks=pytest.mark.benchmark)])
def test_seats_claimed_at_the_same_moment_both_hold(tmp_path: Path, tables: int) -> None:
    """Two claims at once each reload the seats; the older read must not win (it did: about
    one table in a hundred refused a freshly claimed credential). `make test` races 25
    tables; the soak in `make bench` races 300, enough to catch a one-in-a-hundred race."""
    from concurrent.futures import ThreadPoolExecutor

    import httpx2 as httpx

    from .live import LiveServer

    settings = '{"max_tables_per_client": 1000, "http_rate": 1e6, "http_burst": 1e6}'
    server = LiveServer(tmp_path / "claims.sqlite3", args=("--settings", settings))
    with server, ThreadPoolExecutor(8) as pool:
        for _ in range(tables):
            table = httpx.post(f"{server.url}/api/tables", json={"game": "mythic-arena"}).json()
            table_id = table["table_id"]

            def claim(invite: str, table_id: str = table_id) -> str:
                answer = httpx.post(
                    f"{server.url}/api/tables/{table_id}/claim", json={"invite": invite}
                )
                assert answer.status_code == 200, answer.text
                return str(answer.json()["credential"])

            credentials = list(pool.map(claim, [s["invite"] for s in table["seats"]]))
            for seat, credential in enumerate(credentials):
                view = httpx.get(
                    f"{server.url}/api/tables/{table_id}/view", headers=auth(credential)
                )
                assert view.status_code == 200 and view.json()["seat"] == seat


def test_a_replaced_invitation_never_takes_the_seat_even_mid_race(client: TestClient) -> None:
    table = create(client, claim=False, seed=None)
    table_id = table["table_id"]
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    from theomachy.server.auth import hash_token

    old = table["seats"][1]["invite"]
    client.post(f"/api/tables/{table_id}/seats/1/invite", headers=auth(table["host"]))
    # The claim's check and write are one statement: the old invitation's hash no longer
    # matches, whatever this process believed a moment before.
    assert store.claim_seat(table_id, 1, hash_token("x"), hash_token(old)) is False
    answer = client.post(f"/api/tables/{table_id}/claim", json={"invite": old})
    assert answer.status_code == 403


def test_quotas_hold_when_creates_arrive_at_once(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    import httpx2 as httpx

    from .live import LiveServer

    settings = '{"max_tables_per_client": 5, "http_rate": 1e6, "http_burst": 1e6}'
    server = LiveServer(tmp_path / "quota.sqlite3", args=("--settings", settings))
    body = {"game": "mythic-arena", "bots": {"1": "random"}}
    with server, ThreadPoolExecutor(16) as pool:
        statuses = list(
            pool.map(
                lambda _: httpx.post(f"{server.url}/api/tables", json=body).status_code,
                range(30),
            )
        )
    assert statuses.count(200) == 5 and statuses.count(429) == 25


def test_a_table_log_is_bounded(db_path: Path) -> None:
    with make_client(db_path, max_log_entries=6) as client:
        table = create(client, seed=3)
        tokens = {seat["seat"]: seat["token"] for seat in table["seats"]}
        rng = random.Random(1)
        while True:
            payload = client.get(f"/api/tables/{table['table_id']}").json()
            view = seat_view(client, table["table_id"], tokens[payload["view"]["current_player"]])
            answer = client.post(
                f"/api/tables/{table['table_id']}/actions",
                headers=auth(tokens[view["seat"]]),
                json={"action": rng.choice(view["view"]["legal_actions"]), "seq": view["seq"]},
            )
            if answer.status_code != 200:
                break
        assert answer.status_code == 409 and "limit of 6 log entries" in answer.json()["error"]
        assert view["seq"] >= 6


def test_snapshots_stay_few_however_long_the_game() -> None:
    from theomachy.server.replays import Snapshots

    game = theomachy.load("mythic-wars", players=2)
    state = theomachy.simulate("mythic-wars", agents=["random", "random"], seed=4)
    history = state.history()
    snapshots = Snapshots(every=2, per_table=8)
    for step in (len(history), len(history) // 2, 3, len(history) - 1):
        got = snapshots.state_at("t", game, history, step)
        assert got.history() == history[:step]
    assert len(snapshots._tables["t"]) <= 8
