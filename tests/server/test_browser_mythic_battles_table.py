"""The Mythic Battles table in a real browser (Playwright + Debian's chromium, headless, against a
real server process), played against a bot seat:

- the bot's latest moves are marked ``.last-move`` (render/mythic-battles.js, from the
  payload's ``recent``): the units it activated or attacked (their dashboards and map tokens)
  and the areas it moved, ran or entered into, struck or claimed in;
- a click on a thing that is not a move now says why in the game's words, as a toast
  (#toasts): a card of the hand before the turn is played, a unit of one's own whose
  activation card is not in the hand, an area the active unit cannot reach;
- at 1280x800 the page does not scroll, with the map, the prompt and the hand in the window;
  Search for Card (open at almost every decision) waits behind one button.

Skips like tests/server/test_browser.py without Playwright or chromium. Screenshots go to
tests/server/artifacts/ (mythic-battles-table.png).
"""

from __future__ import annotations

import time
from typing import Any

import httpx2 as httpx

from theomachy.games.mythic_battles.board import board
from theomachy.games.mythic_battles.data import units

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
UNITS = units()
ARMIES = [
    ["zeus", "achilles", "heracles", "atalanta"],
    ["hades", "medusa", "minotaur", "odysseus", "spartans"],
]
AREA_VERBS = {"move", "run", "enter", "claim", "thunderbolt", "throw"}
UNIT_VERBS = {"activate", "attack", "guard", "swap", "lead", "fetch", "recall", "recruit", "choose"}
QUICK = ("pass", "decline", "keep", "end", "done")  # answers that move the game on


def expected_marks(recent: list[dict[str, Any]], view: dict[str, Any]) -> tuple[set, set]:
    """The areas and units the latest moves touched, as the renderer reads ``recent``."""
    areas: set[int] = set()
    marked: set[str] = set()
    actor = None
    active = (view.get("activation") or {}).get("unit")
    known = {u["id"] for u in view["units"]}
    for entry in recent:
        verb, _, arg = entry["action"].partition(" ")
        acting = actor or active
        if verb in AREA_VERBS and arg.isdigit():
            areas.add(int(arg))
            if verb != "throw" and acting:
                marked.add(acting)
        elif verb in UNIT_VERBS and arg:
            marked.add(arg)
            if verb in ("activate", "lead"):
                actor = arg
            if verb in ("attack", "swap") and acting:
                marked.add(acting)
        elif verb == "absorb":
            if acting:
                marked.add(acting)
            if arg in known:
                marked.add(arg)
    return areas, marked


def toast_saying(page: Any, text: str) -> None:
    page.wait_for_function(
        """text => [...document.querySelectorAll('#toasts .toast')]
            .some(t => t.textContent === text)""",
        arg=text,
        timeout=TIMEOUT_MS,
    )


def why(server: LiveServer, table: dict[str, Any], action: str) -> str:
    """The server's reason for seat 0 (what the toast must say)."""
    answer = httpx.get(
        f"{server.url}/api/tables/{table['table_id']}/why",
        params={"action": action},
        headers={"Authorization": f"Bearer {table['credentials'][0]}"},
    )
    assert answer.status_code == 200, answer.text
    return str(answer.json()["reason"])


def until_the_bot_has_moved(server: LiveServer, table: dict[str, Any], page: Any) -> dict:
    """Answer quickly (pass the turns, decline) until seat 0 is asked to play its turn (A3)
    right after a turn in which the bot activated a unit that went somewhere; that payload."""
    deadline = time.monotonic() + 90
    while True:
        assert time.monotonic() < deadline, "the bot never moved a unit"
        state = wait_for_my_turn(page)
        assert state["status"] == "playing", "the game ended too soon"
        payload = seat_payload(server, table, 0)
        view = payload["view"]
        legal = view["legal_actions"]
        bot = [e["action"] for e in payload["recent"] if e["seat"] == 1]
        moved = any(a.split()[0] in AREA_VERBS for a in bot)
        if (
            view["step"] == "pass-or-continue"
            and moved
            and any(a.startswith("activate ") for a in bot)
        ):
            return payload
        answer = next((a for a in QUICK if a in legal), legal[0])
        click_and_wait(page, page.locator(f"#table [data-action='{answer}']").first)


def test_mythic_battles_table_marks_the_last_move_and_says_why(
    server: LiveServer, page: Any
) -> None:
    table = create_table(
        server,
        game="mythic-battles",
        players=2,
        options={"armies": ARMIES, "lead": 0},
        bots={"1": "random"},
        open=True,
        seed=3,
    )
    open_seat(page, table)
    page.set_viewport_size(WIDE)
    until_the_bot_has_moved(server, table, page)
    # The marks are drawn from a whole view's ``recent`` (a reload), as the other tables do.
    page.reload()
    page.wait_for_selector("#table[data-seat='0'][data-turn='mine']")
    page.mouse.move(1, 1)  # no help card over the board
    payload = seat_payload(server, table, 0)
    view = payload["view"]
    areas, marked = expected_marks(payload["recent"], view)
    assert areas and marked, payload["recent"]
    page.wait_for_selector("#mb-map .mb-area.last-move")
    shown_areas = page.eval_on_selector_all(
        "#mb-map .mb-area.last-move", "els => els.map(e => Number(e.dataset.area))"
    )
    assert set(shown_areas) == areas, (payload["recent"], shown_areas)
    dashboards = page.eval_on_selector_all(
        ".mb-unit.last-move", "els => els.map(e => e.dataset.unit)"
    )
    assert set(dashboards) == marked, (payload["recent"], dashboards)
    on_map = {u["id"] for u in view["units"] if u["area"] and not u["dead"]}
    tokens = page.eval_on_selector_all(
        "#mb-map .mb-token.last-move", "els => els.map(e => e.dataset.unit)"
    )
    assert set(tokens) == marked & on_map

    # 1280x800: the page does not scroll; the map, the prompt and the hand are in the window.
    assert page.evaluate("() => document.scrollingElement.scrollHeight") <= WIDE["height"] + 2
    for selector in ("#mb-map", "#mb-command", "#mb-hand", "#banner"):
        shown = page.locator(selector).first.bounding_box()
        assert shown and shown["y"] >= 0 and shown["y"] + shown["height"] <= 801, selector
    screenshot(page, "mythic-battles-table.png", full_page=False)

    # Search for Card, open at almost every decision, waits behind one button.
    searches = [a for a in view["legal_actions"] if a.startswith("search ")]
    if len(searches) >= 2:
        assert page.locator("#mb-command button[data-action^='search ']").count() == 0
        page.locator("#mb-command .mb-search-toggle").click()
        shown = page.eval_on_selector_all(
            "#mb-command button[data-action^='search ']", "els => els.map(e => e.dataset.action)"
        )
        assert shown == searches
        page.locator("#mb-command .mb-search-toggle").click()

    # Before the turn is played, a card of the hand says what is asked first.
    seq = table_state(page)["seq"]
    hand = view["players"][0]["hand"]
    card = next((c for c in hand if c != "aow"), None)
    if card is not None:
        locator = page.locator(f"#mb-hand .mb-card[data-card='{card}']").first
        assert locator.get_attribute("data-refused") == f"activate {card}"
        locator.click()
        reason = why(server, table, f"activate {card}")
        assert reason == (
            f"{UNITS[card].name} cannot be activated now: first Continue your turn (or Pass)"
        )
        toast_saying(page, reason)
    assert table_state(page)["seq"] == seq  # nothing was played

    # The turn: a unit of one's own without its card in the hand says so.
    click_and_wait(page, page.locator("#table [data-action='continue']").first)
    wait_for_my_turn(page)
    view = seat_payload(server, table, 0)["view"]
    hand = view["players"][0]["hand"]
    mine = {u["id"]: u for u in view["units"] if u["owner"] == 0}
    cardless = next(
        (
            u
            for u in ARMIES[0]
            if u not in hand and not mine[u]["dead"] and not mine[u]["petrified"]
        ),
        None,
    )
    if cardless is not None and view["step"] == "first-activation":
        dashboard = page.locator(f".mb-unit[data-unit='{cardless}']")
        assert dashboard.get_attribute("data-refused") == f"activate {cardless}"
        dashboard.click()
        reason = f"You hold no {UNITS[cardless].name} activation card"
        assert why(server, table, f"activate {cardless}") == reason
        toast_saying(page, reason)

    # A unit on the map activated for simple actions: an area beyond its Movement says so.
    ready = [
        a for a in view["legal_actions"] if a.startswith("activate ") and mine[a.split()[1]]["area"]
    ]
    if not ready:
        return
    unit = ready[0].split()[1]
    click_and_wait(page, page.locator(f".mb-unit[data-unit='{unit}']"))
    wait_for_my_turn(page)
    if "simple" in seat_payload(server, table, 0)["view"]["legal_actions"]:
        click_and_wait(page, page.locator("#table [data-action='simple']").first)
        wait_for_my_turn(page)
    view = seat_payload(server, table, 0)["view"]
    if view["step"] != "simple-actions":
        return  # an enemy's Block was asked first: the bot answers, the test ends here
    here = mine[unit]["area"]
    valley = board("sacred-valley")
    # An enemy out of its Range says how far it is.
    foes = [
        u
        for u in view["units"]
        if u["owner"] == 1 and u["area"] and valley.distance[here][u["area"]] > UNITS[unit].range
    ]
    if foes:
        foe = foes[0]
        token = page.locator(f"#mb-map .mb-token[data-unit='{foe['id']}']")
        assert token.get_attribute("data-refused") == f"attack {foe['id']}"
        token.click()
        reason = why(server, table, f"attack {foe['id']}")
        distance = valley.distance[here][foe["area"]]
        assert reason == (
            f"{foe['name']} is {distance} areas away; {UNITS[unit].name}'s Range is "
            f"{UNITS[unit].range}"
        )
        toast_saying(page, reason)
    open_ground = [a for a in valley.areas if a not in valley.impenetrable]
    far = max(open_ground, key=lambda a: valley.distance[here][a])
    area = page.locator(f"#mb-map .mb-area[data-area='{far}']")
    assert area.get_attribute("data-refused") == f"move {far}"
    area.click(position={"x": 8, "y": 30})  # beside the tokens
    reason = why(server, table, f"move {far}")
    # No unit of the other army has Block: the reason is the distance.
    assert reason == (
        f"Area {far} is {valley.distance[here][far]} areas away; {UNITS[unit].name} moves at "
        f"most {UNITS[unit].movement}"
    )
    toast_saying(page, reason)
