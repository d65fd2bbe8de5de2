"""The Mythotopia table in a real browser (Playwright + Debian's chromium, headless, against a
real server process), played against a bot seat:

- the bot's latest moves are marked ``.last-move`` on the map: every province and sea they
  named as a place (invaded, reinforced, built in, moved through, the war ended there), and
  nothing else;
- a click on something that is not a move now says why in the game's words, as a toast
  (#toasts), and plays nothing: after the two actions, a card of the display (drafting is an
  action) and another player's province (so is invading);
- at 1280x800 the page does not scroll.

Auto-play is turned off first (the seat's preference): the turn's end is then clicked.

Skips like tests/server/test_browser.py without Playwright or chromium. Screenshot:
tests/server/artifacts/mythotopia-table-last-move.png.
"""

from __future__ import annotations

import time
from typing import Any

from theomachy.games.mythotopia.board import board

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
PROVINCES = {p.id for p in board().provinces}
SEAS = {s.id for s in board().seas}
CARD_VERBS = {"pay", "discard", "remove", "reserve", "warehouse", "draft", "keep", "claim", "buy"}
TWO_ACTIONS = "You have taken your two actions this turn: take a free action, or end the turn."


def places_of(action: str) -> set[str]:
    """The provinces and seas an action names as places (render/mythotopia.js placesOf)."""
    verb, *args = action.split(" ")
    if verb in CARD_VERBS or not args or args[0] == "?":
        return set()
    if verb == "invade":
        named = {args[0]}
        if args[1:2] and args[1] in PROVINCES:
            named.add(args[1])
        if args[2:3] and args[2] != "sea":
            named.add(args[2])
        return named
    if verb == "play":
        if args[1:2] in (["city"], ["castle"]):
            return {args[2]}
        if args[1:2] == ["road"]:
            return {args[2], args[3]}
        return {args[1]} if args[0] in ("diplomat", "marauders", "mercenary") else set()
    if verb == "move":
        return {args[0], args[1]}
    return {args[0]} & (PROVINCES | SEAS)


def toast_saying(page: Any, text: str) -> None:
    page.wait_for_function(
        """text => [...document.querySelectorAll('#toasts .toast')]
            .some(t => t.textContent === text)""",
        arg=text,
        timeout=TIMEOUT_MS,
    )


def play_button(page: Any, action: str) -> None:
    click_and_wait(page, page.locator(f"#mt-actions button[data-action='{action}']").first)


def pass_turn(page: Any) -> None:
    """Pass both actions and end the turn, by the buttons."""
    for _ in range(2):
        wait_for_my_turn(page)
        play_button(page, "pass")
    wait_for_my_turn(page)
    play_button(page, "end-turn")


def test_mythotopia_marks_the_bots_moves_and_says_why(server: LiveServer, page: Any) -> None:
    table = create_table(
        server,
        game="mythotopia",
        players=2,
        options={"max_rounds": 20},
        bots={"1": "random"},
        open=True,
        seed=5,
    )
    open_seat(page, table)
    page.set_viewport_size(WIDE)
    # Auto-play off: the end of each turn is the person's click (after two actions the turn
    # still offers the end, which auto-play would otherwise play at once).
    page.locator("#auto-play[aria-pressed='true']").click()
    page.wait_for_selector("#auto-play[aria-pressed='false']")
    # Pass turns until the bot's moves since ours name a place on the map.
    deadline = time.monotonic() + 90
    while True:
        assert time.monotonic() < deadline, "the bot never named a place"
        state = wait_for_my_turn(page)
        assert state["status"] == "playing", "the game ended too soon"
        recent = seat_payload(server, table, 0)["recent"]
        named = set().union(*(places_of(e["action"]) for e in recent if e["seat"] == 1))
        if named:
            break
        pass_turn(page)

    # A whole view carries the recent moves: the marks are exactly the places they named.
    page.reload()
    page.wait_for_selector("#table[data-seat='0'][data-turn='mine'] .mt-map")
    page.mouse.move(1, 1)  # no help card over the board
    marked = page.eval_on_selector_all(
        ".mt-province.last-move, .mt-sea.last-move",
        "els => els.map(e => e.dataset.province || e.dataset.sea)",
    )
    assert sorted(marked) == sorted(named), (marked, recent)
    assert page.locator(".mt-province.last-move .mt-last-ring").count() == len(named & PROVINCES)
    assert page.evaluate("() => document.scrollingElement.scrollHeight") <= WIDE["height"] + 2
    screenshot(page, "mythotopia-table-last-move.png", full_page=False)

    # After the two actions a click on what would be a third says why, and plays nothing.
    play_button(page, "pass")
    wait_for_my_turn(page)
    play_button(page, "pass")
    wait_for_my_turn(page)
    seq = table_state(page)["seq"]
    display = page.locator("#mt-display .mt-card[data-refused^='draft ']").first
    display.click()
    toast_saying(page, TWO_ACTIONS)
    view = seat_payload(server, table, 0)["view"]
    theirs = next(p["id"] for p in view["provinces"] if p["owner"] == 1 and not p["at_war"])
    province = page.locator(f".mt-province[data-province='{theirs}']")
    assert province.get_attribute("data-refused") == f"invade {theirs}"
    page.evaluate("() => document.querySelectorAll('#toasts .toast').forEach(t => t.remove())")
    province.dispatch_event("click")
    toast_saying(page, TWO_ACTIONS)
    assert table_state(page)["seq"] == seq
