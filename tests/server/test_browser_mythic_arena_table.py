"""The Mythic Arena table in a real browser (Playwright + Debian's chromium, headless, against a
real server process), played against a bot seat:

- at 1280x800 the whole decision is in the window without page scrolling: the battlefield
  (its box ends above 800 px), the drawn card with its buttons, the prompt, the opponent's
  summary and the player's own panel; at 390x844 the table is one column and nothing sticks
  out sideways;
- the bot's last move is marked ``.last-move``: the card it placed and the cards that
  placement captured (the view's ``captured``);
- a click on a thing that is not a move now (a taken square, a square the card cannot take, a
  discard after a discard) says why in the game's words, as a toast (#toasts).

Skips like tests/server/test_browser.py without Playwright or chromium. Screenshots go to
tests/server/artifacts/ (mythic-arena-table.png, mythic-arena-table-phone.png).
"""

from __future__ import annotations

import time
from typing import Any

import httpx2 as httpx

from theomachy.games.mythic_arena.cards import catalog

from .live import LiveServer
from .test_browser import (  # the fixtures and helpers of the browser tests
    TIMEOUT_MS,
    browser,
    click_and_wait,
    create_table,
    open_seat,
    page,
    screenshot,
    seat_payload,
    server,
    table_state,
    wait_for_my_turn,
)

__all__ = ["browser", "page", "server"]  # fixtures, imported for pytest

WIDE = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
NAMES = {card.id: card.name for card in catalog()}


def actions_on_board(page: Any) -> list[str]:
    return list(
        page.eval_on_selector_all("#board [data-action]", "els => els.map(e => e.dataset.action)")
    )


def play_until_placing(page: Any, placements: int) -> None:
    """Play (first offered move, 'done' in the Strength step) until the seat has placed
    ``placements`` cards and is asked to place the next one after the bot's turn."""
    placed = 0
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the game did not get there in time"
        state = wait_for_my_turn(page)
        assert state["status"] == "playing", "the game ended too soon"
        actions = actions_on_board(page)
        if any(a.startswith("place ") for a in actions) and placed >= placements:
            return
        if "choose greek" in actions:
            target = page.locator("[data-action='choose greek']")
        elif "done" in actions:
            target = page.locator("button[data-action='done']")
        elif any(a.startswith("place ") for a in actions):
            target = page.locator(".cell.place-target[data-action^='place ']").first
            placed += 1
        else:  # a capture, a card to recycle or raise
            target = page.locator("#board [data-action]").first
        click_and_wait(page, target)


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found, f"{selector} is not shown"
    return dict(found)


def why(server: LiveServer, table: dict[str, Any], action: str) -> str:
    """The game's reason the seat may not play ``action`` (the server's GET /why)."""
    answer = httpx.get(
        f"{server.url}/api/tables/{table['table_id']}/why",
        params={"action": action},
        headers={"Authorization": f"Bearer {table['credentials'][0]}"},
    )
    assert answer.status_code == 200, answer.text
    reason = answer.json()["reason"]
    assert reason and ("not next to a card" in reason or "at most 4" in reason), reason
    return str(reason)


def toast_saying(page: Any, text: str) -> None:
    page.wait_for_function(
        """text => [...document.querySelectorAll('#toasts .toast')]
            .some(t => t.textContent === text)""",
        arg=text,
        timeout=TIMEOUT_MS,
    )


def test_mythic_arena_table_fits_marks_the_last_move_and_says_why(
    server: LiveServer, page: Any
) -> None:
    table = create_table(server, game="mythic-arena", bots={"1": "random"}, open=True, seed=5)
    open_seat(page, table)
    page.set_viewport_size(WIDE)
    play_until_placing(page, 7)
    page.mouse.move(1, 1)  # no help card over the board

    # The bot's last move, as the seat saw it: the card it placed and what it captured,
    # marked as the move arrives and again from a whole view after a reload.
    payload = seat_payload(server, table, 0)
    view = payload["view"]
    placing = [e for e in payload["recent"] if e["seat"] == 1 and e["action"].startswith("place ")]
    assert placing, payload["recent"]
    square = placing[-1]["action"].split()[2]
    assert view["captured"], "seed 5: the bot's last placement captures"
    for reloaded in (False, True):
        if reloaded:
            page.reload()
            page.wait_for_selector("#table[data-seat='0'][data-turn='mine']")
        page.wait_for_selector(
            f".cell[data-square='{square}'] .card.last-move[data-recent='placed']"
        )
        marked = page.eval_on_selector_all(
            "#board .cell .card.last-move",
            "els => els.map(e => e.closest('.cell').dataset.square)",
        )
        assert sorted(marked) == sorted([square, *view["captured"]])
        for captured in view["captured"]:
            card = page.locator(f".cell[data-square='{captured}'] .card")
            assert card.get_attribute("data-recent") == "captured"

    # 1280x800: the page does not scroll and the decision is in the window.
    assert page.evaluate("() => document.scrollingElement.scrollHeight") <= WIDE["height"] + 2
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= WIDE["width"]
    assert box(page, ".battlefield")["y"] + box(page, ".battlefield")["height"] <= 800
    for selector in (
        "#banner",
        "#drawn-card",
        "button[data-action='discard']",
        ".player-top",
        ".player-bottom",
    ):
        shown = box(page, selector)
        assert shown["y"] >= 0 and shown["y"] + shown["height"] <= 800, (selector, shown)
        assert shown["x"] >= 0 and shown["x"] + shown["width"] <= 1280, (selector, shown)
    assert "You drew" in page.inner_text("#banner")
    screenshot(page, "mythic-arena-table.png", full_page=False)

    # A taken square and a square next to no card say why; nothing is played.
    seq = table_state(page)["seq"]
    drawn = view["drawn"]
    taken = view["battlefield"][0]
    page.locator(f".cell[data-square='{taken['square']}']").click()
    toast_saying(page, f"{taken['square']} is taken by {taken['name']}.")
    void = page.locator(".cell.void[data-refused]").first
    action = void.get_attribute("data-refused")
    assert action == f"place {drawn} {void.get_attribute('data-square')}"
    void.click()
    toast_saying(page, why(server, table, action))  # next to no card, or past 4 by 4
    assert table_state(page)["seq"] == seq

    # After a discard the next card must be played: the dimmed discard says so.
    click_and_wait(page, page.locator("button[data-action='discard']"))
    wait_for_my_turn(page)
    again = seat_payload(server, table, 0)["view"]["drawn"]
    refused = page.locator("button.discard[data-refused='discard']")
    refused.click()
    toast_saying(page, f"You have discarded once this turn: {NAMES[again]} must be played.")
    discarded = page.locator(".player-bottom .discard-cards .mini-card").last
    assert discarded.get_attribute("data-card") == drawn
    # The seat's own decision ends the marks of the bot's move.
    assert page.locator("#board .last-move").count() == 0

    # A phone: one column (the opponent, the battlefield, the drawn card, the own panel, in
    # that order down the page), nothing sticks out sideways.
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= PHONE["width"]
    tops = [box(page, s)["y"] for s in (".player-top", ".field-middle", ".hand", ".player-bottom")]
    assert tops == sorted(tops), tops
    assert box(page, ".field-middle")["x"] + box(page, ".field-middle")["width"] <= 390
    screenshot(page, "mythic-arena-table-phone.png")
