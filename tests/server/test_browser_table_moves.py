"""No lost moves and a finished game told in full, in a real browser (Debian's chromium): the
confirm step, undo within a turn, a refused click that says why, and the replay of a finished
game through any seat's eyes with every hidden card shown."""

from __future__ import annotations

from typing import Any

import httpx2 as httpx

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
    wait_for_my_turn,
)

# The browser tests' fixtures.
server = test_browser.server
browser = test_browser.browser
page = test_browser.page


def finish(server: LiveServer, table: dict[str, Any]) -> None:
    """Both seats play their first legal action until the game is over (through the API)."""
    table_id = table["table_id"]
    for _ in range(400):
        public = httpx.get(f"{server.url}/api/tables/{table_id}").json()
        if public["status"] == "finished":
            return
        current = public["view"]["current_player"]
        mine = seat_payload(server, table, current)
        httpx.post(
            f"{server.url}/api/tables/{table_id}/actions",
            json={"action": mine["view"]["legal_actions"][0], "seq": mine["seq"]},
            headers={"Authorization": f"Bearer {table['credentials'][current]}"},
        )
    raise AssertionError("the game did not end")


def test_the_confirm_step_holds_a_move_until_it_is_confirmed(server: LiveServer, page: Any) -> None:
    table = create_table(server, game="mythic-arena", open=True, seed=21, bots={"1": "random"})
    open_seat(page, table, 0)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("#confirm-moves")
    assert page.inner_text("#confirm-moves") == "Confirm on"
    state = wait_for_my_turn(page)
    move = page.locator("#board [data-action]").first
    move.click()
    page.wait_for_selector("#banner[data-kind='confirm'] #confirm-move")
    assert page.inner_text("#banner .banner-text").startswith("Play “")
    screenshot(page, "confirm-step.png", full_page=False)
    page.click("#cancel-move")
    page.wait_for_selector("#banner:not([data-kind='confirm'])")
    assert table_state(page)["seq"] == state["seq"]  # nothing was sent
    page.locator("#board [data-action]").first.click()
    page.click("#confirm-move")
    page.wait_for_function(
        "seq => document.querySelector('#table').dataset.seq !== seq",
        arg=state["seq"],
        timeout=TIMEOUT_MS,
    )
    # Kept per browser: a reload still confirms.
    page.reload()
    page.wait_for_selector("#table[data-seat='0']")
    assert page.inner_text("#confirm-moves") == "Confirm on"
    page.click("#confirm-moves")
    assert page.inner_text("#confirm-moves") == "Confirm off"


def test_a_finished_games_replay_shows_any_seats_eyes_and_every_hidden_card(
    server: LiveServer, page: Any
) -> None:
    table = create_table(server, game="mythic-arena", open=True, seed=5)
    open_seat(page, table, 0)
    claim(server, table, 1)
    finish(server, table)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_selector("#end-screen:not([hidden]) #end-replay")
    page.click("#end-replay")
    page.wait_for_selector("#replay:not([hidden]) #replay-as")
    page.click("#replay-first")
    page.wait_for_function("() => document.querySelector('#replay').dataset.step === '0'")
    page.click("#replay-next")
    page.click("#replay-next")
    page.wait_for_function(
        "() => document.querySelector('#replay').dataset.step === '2'"
        " && document.querySelector('#replay').dataset.loading !== '1'"
    )
    page.wait_for_selector("#revealed:not([hidden])")
    expected = httpx.get(
        f"{server.url}/api/tables/{table['table_id']}/replay/2",
        params={"as": "0", "reveal": "true"},
    ).json()["revealed"]
    shown = page.eval_on_selector_all("#revealed dt", "els => els.map(e => e.textContent)")
    assert shown == [zone["zone"] for zone in expected]
    assert expected, "Mythic Arena hides hands and decks: the replay must show them"
    # Through the other seat's eyes: the chip says so, and the board is that seat's view.
    page.select_option("#replay-as", "1")
    page.wait_for_selector("#seen-as")
    screenshot(page, "replay-revealed.png", full_page=False)
    # Hidden cards can be put away again.
    page.uncheck("#replay-reveal")
    page.wait_for_selector("#revealed[hidden]", state="attached")


def test_a_turn_clock_from_the_lobby_a_stand_in_and_taking_the_seat_back(
    server: LiveServer, page: Any
) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{server.url}/")
    page.click("[data-game='mythic-arena']")
    page.select_option("#seat-1", "random")
    page.click("#clock-box summary")
    page.select_option("#clock-minutes", "5")
    page.select_option("#clock-increment", "15")
    page.select_option("#clock-away", "180")
    page.click("#create")
    page.wait_for_selector("#created [data-play='0']")
    page.click("#created [data-play='0']")
    page.wait_for_selector("#table[data-renderer='mythic-arena'][data-seat='0']")
    table_id = page.get_attribute("#table", "data-table")
    public = httpx.get(f"{server.url}/api/tables/{table_id}").json()
    assert public["clock"]["minutes"] == 5 and public["clock"]["increment"] == 15
    assert public["clock"]["away"] == 180
    # Each seat's time shows in the seat list, the running one counting down.
    page.wait_for_selector(".seat-clock[data-running]")
    first = page.inner_text(".seat-clock[data-running]")
    assert first.startswith(("5:00", "4:5"))
    page.wait_for_function(
        "first => document.querySelector('.seat-clock[data-running]').textContent !== first",
        arg=first,
        timeout=TIMEOUT_MS,
    )

    # A table whose clock is a fraction of a second: the stand-in plays for the person.
    table = create_table(
        server,
        game="mythic-arena",
        bots={"1": "random"},
        # A stand-in that thinks half a second a move: the game lasts while the test looks.
        clock={"minutes": 0.01, "bot": "mcts:budget_ms=500"},
    )
    open_seat(page, table, 0)
    page.wait_for_selector("#take-back", timeout=TIMEOUT_MS)
    assert "time ran out" in page.inner_text("#banner")
    assert "bot playing: time ran out" in page.inner_text("#seats")
    screenshot(page, "clock-stand-in.png", full_page=False)
    page.click("#take-back")
    page.wait_for_selector("#take-back", state="detached", timeout=TIMEOUT_MS)
    assert "bot playing" not in page.inner_text("#seats")


def test_undo_takes_back_a_move_of_this_turn_in_the_browser(server: LiveServer, page: Any) -> None:
    table = create_table(server, game="mythic-arena", open=True, seed=4, bots={"1": "random"})
    open_seat(page, table, 0)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("#auto-play")  # the step after a placement is often a single forced choice
    assert page.inner_text("#auto-play") == "Auto-play off"
    for _ in range(60):
        state = wait_for_my_turn(page)
        assert state["status"] == "playing", "no move of the game could be taken back"
        if page.locator("#undo").count():
            seq = int(state["seq"])
            before = seat_payload(server, table, 0)
            screenshot(page, "undo.png", full_page=False)
            page.keyboard.press("Control+z")
            page.wait_for_function(
                "seq => Number(document.querySelector('#table').dataset.seq) < seq",
                arg=seq,
                timeout=TIMEOUT_MS,
            )
            after = seat_payload(server, table, 0)
            assert after["seq"] == seq - 1 and after["undo"] == before["undo"] - 1
            assert page.locator("#banner .banner-text").inner_text().startswith("Your turn")
            break
        seq = state["seq"]
        places = page.locator("#board [data-action^='place']")
        (places if places.count() else page.locator("#board [data-action]")).first.click()
        page.wait_for_function(
            "seq => document.querySelector('#table').dataset.seq !== seq",
            arg=seq,
            timeout=TIMEOUT_MS,
        )
    else:
        raise AssertionError("no move could be taken back in 60 turns")
    page.click("#auto-play")
