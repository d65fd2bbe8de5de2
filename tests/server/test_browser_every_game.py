"""Each of the five games through the table's shared machinery, in a real browser (Debian's
chromium) at 1280x800: undo of a move of this turn, a turn clock's stand-in and taking the
seat back, the end screen, the finished game's replay through another seat's eyes with every
hidden card shown, and the rematch at the same seats.

The moves are played through the API with a seeded random choice, on short games (three
rounds where a game has a round cap; Mythic Wars' guided draft), so that each game reaches its
end in seconds."""

from __future__ import annotations

import random
from typing import Any

import httpx2 as httpx
import pytest

import theomachy
from theomachy.engine.encoding import encoding_class

from . import test_browser
from .live import LiveServer
from .test_browser import (
    TIMEOUT_MS,
    claim,
    create_table,
    open_seat,
    screenshot,
    seat_payload,
    table_state,
)

# The browser tests' fixtures.
server = test_browser.server
browser = test_browser.browser
page = test_browser.page

GAMES = theomachy.games()


def short_options(game_id: str) -> dict[str, Any]:
    """The game's options for short random games: a round cap of 3 where it has one."""
    options = dict(encoding_class(theomachy.load(game_id)).short_game_options)
    if "max_rounds" in options:
        options["max_rounds"] = 3
    if game_id == "mythic-wars":
        options.update(mode="guided", deal=5)  # its draft gives seat 0 moves to take back
    return options


def play(server: LiveServer, table: dict[str, Any], seat: int, action: str, seq: int) -> int:
    answer = httpx.post(
        f"{server.url}/api/tables/{table['table_id']}/actions",
        json={"action": action, "seq": seq},
        headers={"Authorization": f"Bearer {table['credentials'][seat]}"},
    )
    return answer.status_code


def random_moves(
    server: LiveServer, table: dict[str, Any], rng: random.Random, until: Any, limit: int
) -> dict[str, Any]:
    """Both seats play random legal moves until ``until(public payload, seat 0's payload)``;
    that last public payload."""
    table_id = table["table_id"]
    for _ in range(limit):
        public = httpx.get(f"{server.url}/api/tables/{table_id}").json()
        mine = seat_payload(server, table, 0)
        if until(public, mine):
            return dict(public)
        current = public["view"]["current_player"]
        if current < 0:
            continue  # the server resolves chance by itself
        view = seat_payload(server, table, current)
        legal = view["view"]["legal_actions"]
        if legal:
            play(server, table, current, rng.choice(legal), view["seq"])
    raise AssertionError(f"{table['table_id']}: not reached in {limit} moves")


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_replay_and_rematch_of_every_game(server: LiveServer, page: Any, game_id: str) -> None:
    table = create_table(server, game=game_id, open=True, seed=11, options=short_options(game_id))
    page.set_viewport_size({"width": 1280, "height": 800})
    open_seat(page, table, 0)
    claim(server, table, 1)
    page.click("#auto-play")  # the test plays seat 0's moves itself
    rng = random.Random(game_id)

    # Undo: once seat 0 may take a move back, the Undo button takes it back.
    public = random_moves(
        server,
        table,
        rng,
        lambda public, mine: mine["undo"] > 0 or public["status"] != "playing",
        limit=3000,
    )
    assert public["status"] == "playing", f"{game_id}: no move of seat 0 could be taken back"
    seq = seat_payload(server, table, 0)["seq"]
    page.wait_for_function(
        "seq => document.querySelector('#table').dataset.seq === String(seq)", arg=seq
    )
    page.click("#undo")
    page.wait_for_function(
        "seq => Number(document.querySelector('#table').dataset.seq) < seq",
        arg=seq,
        timeout=TIMEOUT_MS,
    )
    assert seat_payload(server, table, 0)["seq"] == seq - 1

    # The end: the end screen, then the replay through seat 1's eyes with hidden cards shown.
    random_moves(
        server, table, rng, lambda public, mine: public["status"] == "finished", limit=6000
    )
    page.wait_for_selector("#end-screen:not([hidden]) #end-replay", timeout=TIMEOUT_MS)
    page.click("#end-replay")
    page.wait_for_selector("#replay:not([hidden]) #replay-as")
    page.click("#replay-first")
    page.wait_for_function("() => document.querySelector('#replay').dataset.step === '0'")
    for _ in range(3):
        page.click("#replay-next")
    page.wait_for_function(
        "() => document.querySelector('#replay').dataset.step === '3'"
        " && document.querySelector('#replay').dataset.loading !== '1'"
    )
    page.select_option("#replay-as", "1")
    page.wait_for_selector("#seen-as")
    assert page.is_checked("#replay-reveal")
    expected = httpx.get(
        f"{server.url}/api/tables/{table['table_id']}/replay/3",
        params={"as": "1", "reveal": "true"},
    ).json()["revealed"]
    if expected:
        page.wait_for_selector("#revealed:not([hidden])")
        shown = page.eval_on_selector_all("#revealed dt", "els => els.map(e => e.textContent)")
        assert shown == [zone["zone"] for zone in expected]
    screenshot(page, f"replay-{game_id}.png", full_page=False)

    # The rematch: the same seats at a new table.
    page.goto(f"{server.url}/t/{table['table_id']}")  # a finished table opens on its end
    page.wait_for_selector("#end-screen:not([hidden]) #end-rematch", timeout=TIMEOUT_MS)
    page.click("#end-rematch")
    page.wait_for_function(
        "old => { const t = document.querySelector('#table');"
        " return t && t.dataset.table !== old && t.dataset.seat === '0'; }",
        arg=table["table_id"],
        timeout=TIMEOUT_MS,
    )
    assert table_state(page)["renderer"] == game_id
    page.click("#auto-play")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_stand_in_takes_the_seat_when_the_clock_runs_out_in_every_game(
    server: LiveServer, page: Any, game_id: str
) -> None:
    table = create_table(
        server,
        game=game_id,
        options=short_options(game_id),
        bots={"1": "random"},
        # A stand-in that thinks half a second a move: the game lasts while the test looks.
        clock={"minutes": 0.01, "bot": "mcts:budget_ms=500"},
    )
    page.set_viewport_size({"width": 1280, "height": 800})
    open_seat(page, table, 0)
    page.wait_for_selector("#take-back", timeout=TIMEOUT_MS)
    assert "time ran out" in page.inner_text("#banner")
    assert "bot playing: time ran out" in page.inner_text("#seats")
    page.click("#take-back")
    page.wait_for_selector("#take-back", state="detached", timeout=TIMEOUT_MS)
    assert "bot playing" not in page.inner_text("#seats")
