"""Mythic Battles in the browser (Playwright + Debian's chromium, headless, against a real
server process): the dedicated renderer draws the area map as SVG (every area in its grid
place with its number, terrain, cliffs, zones, omphalos, unit tokens), the unit dashboards,
the player panels and the seat's hand; seat 0 plays by clicking a unit (activate), an area
(move), the command bar's buttons, and answers an ATTACK whose dice the ATTACK panel shows,
while seat 1 is played through the API; a spectator sees no hand. Skips like
tests/server/test_browser.py without Playwright or chromium. Screenshots go to
tests/server/artifacts/.
"""

from __future__ import annotations

import time
from typing import Any

import httpx2 as httpx

from .live import LiveServer
from .test_browser import (  # the fixtures and helpers of the browser tests
    browser,
    claim,
    click_and_wait,
    create_table,
    open_seat,
    page,
    screenshot,
    seat_payload,
    server,
    wait_for_my_turn,
)

__all__ = ["browser", "page", "server"]  # fixtures, imported for pytest

GAME = "mythic-battles"
# Zeus (flying, Initiative) against Athena on the Sacred Valley: armies a draft could make
# (MB-RECRUIT-4); the other units stay off the map until they enter, so the two divinities
# meet in a few clicks.
ARMIES = [
    ["zeus", "achilles", "heracles", "atalanta"],
    ["athena", "hydra", "cerberus", "amazons", "hoplites"],
]
MEETING_AREA = 9  # Zeus flies 6 -> 9 over the impenetrable area 8; Athena walks 10 -> 9
MAX_CLICKS = 80  # seed 5 reaches the ATTACK panel at seat 0's 41st click


def play_by_api(server: LiveServer, table: dict[str, Any], seat: int, action: str) -> None:
    payload = seat_payload(server, table, seat)
    assert action in payload["view"]["legal_actions"], (action, payload["view"]["legal_actions"])
    answer = httpx.post(
        f"{server.url}/api/tables/{table['table_id']}/actions",
        headers={"Authorization": f"Bearer {table['credentials'][seat]}"},
        json={"action": action, "seq": payload["seq"]},
    )
    assert answer.status_code == 200, answer.text


def athena_move(view: dict[str, Any]) -> str:
    """Seat 1's policy: walk Athena to Zeus and attack him in his area, else move along."""
    legal = view["legal_actions"]
    units = {u["id"]: u for u in view["units"]}
    zeus, athena = units["zeus"], units["athena"]
    for action in ("continue", "activate athena", "simple"):
        if action in legal:
            return action
    if zeus["area"] == athena["area"] and "attack zeus" in legal:
        return "attack zeus"
    if f"move {zeus['area']}" in legal:
        return f"move {zeus['area']}"
    for action in ("done", "end", "decline"):
        if action in legal:
            return action
    return str(legal[0])


def new_table(server: LiveServer, seed: int) -> dict[str, Any]:
    """An open table (a chosen seed: the same game every run); both seats are people."""
    return create_table(
        server,
        game=GAME,
        players=2,
        options={"armies": ARMIES, "lead": 0},
        open=True,
        seed=seed,
    )


def test_the_renderer_draws_the_map_dashboards_players_and_hand(
    server: LiveServer, browser: Any, page: Any
) -> None:
    table = new_table(server, seed=5)
    open_seat(page, table)
    page.wait_for_selector(f"#table[data-renderer='{GAME}']")
    wait_for_my_turn(page)
    view = seat_payload(server, table, 0)["view"]
    board = view["map"]
    areas = board["columns"] * board["rows"]
    # Every area in its grid place, with its number.
    assert page.locator("#mb-map .mb-area").count() == areas
    for area in (1, board["columns"], areas):
        cell = page.locator(f"#mb-map .mb-area[data-area='{area}']")
        assert cell.locator(".mb-area-number").text_content() == str(area)
    first = page.locator("#mb-map .mb-area[data-area='1'] .mb-cell").bounding_box()
    second = page.locator("#mb-map .mb-area[data-area='2'] .mb-cell").bounding_box()
    below = page.locator(f"#mb-map .mb-area[data-area='{board['columns'] + 1}'] .mb-cell")
    assert second["x"] > first["x"] and abs(second["y"] - first["y"]) < 1
    assert below.bounding_box()["y"] > first["y"]
    # Terrain, cliffs, zones, omphalos.
    assert page.locator("#mb-map .mb-impenetrable").count() == len(board["impenetrable"])
    assert page.locator("#mb-map .mb-cliff").count() == len(board["cliffs"])
    for a, b in board["cliffs"]:
        assert page.locator(f"#mb-map [data-cliff='{min(a, b)}-{max(a, b)}']").count() == 1
    assert page.locator("#mb-map .mb-ruin").count() == sum(1 for n in board["ruins"] if n)
    assert page.locator("#mb-map .mb-tree").count() == sum(1 for n in board["trees"] if n)
    assert page.locator("#mb-map .mb-omphalos").count() == sum(1 for n in board["omphalos"] if n)
    for seat, zone in enumerate(board["zones"]):
        for area in zone:
            assert page.locator(
                f".mb-area[data-area='{area}'] .mb-zone[data-seat='{seat}']"
            ).count()
    # Units: a token in its area (none for a unit not entered yet), a dashboard with its
    # numbers.
    assert any(not unit["area"] for unit in view["units"])
    for unit in view["units"]:
        tokens = page.locator(f"#mb-map [data-unit='{unit['id']}']")
        token = page.locator(
            f"#mb-map .mb-area[data-area='{unit['area']}'] [data-unit='{unit['id']}']"
        )
        assert (token if unit["area"] else tokens).count() == (1 if unit["area"] else 0)
        card = page.locator(
            f".mb-player[data-seat='{unit['owner']}'] .mb-unit[data-unit='{unit['id']}']"
        )
        text = card.inner_text()
        if not unit["area"]:
            assert "off map" in text, unit["id"]
        assert unit["name"] in text and f"{unit['vitality']}/{unit['max_vitality']}" in text
        assert (unit["power_name"] or "") in text
        for talent in unit["talents"]:
            assert talent.replace("-", " ").title() in text  # in words, not its id
    # Players: omphalos, cards; the viewer's hand.
    for entry in view["players"]:
        panel = page.locator(f".mb-player[data-seat='{entry['seat']}']")
        assert panel.locator("[data-res='hand'] b").inner_text() == str(entry["hand_count"])
        assert panel.locator("[data-res='deck'] b").inner_text() == str(entry["deck_count"])
        assert panel.locator("[data-res='omphalos-cards'] b").inner_text() == str(
            entry["omphalos_cards"]
        )
        assert f"/ {view['omphalos_to_win']} omphalos" in panel.inner_text()
    hand = view["players"][0]["hand"]
    # One chip per kind of card, its count on it: copies play alike.
    chips = page.locator("#mb-hand .mb-card")
    assert chips.count() == len(set(hand))
    counts = {c.get_attribute("data-card"): c.get_attribute("data-count") for c in chips.all()}
    assert counts == {card: str(hand.count(card)) for card in hand}
    for card, count in counts.items():
        if count != "1":
            chip = page.locator(f"#mb-hand .mb-card[data-card='{card}']")
            assert f"×{count}" in chip.inner_text()
    assert page.locator("#mb-hand").count() == 1
    # Every legal action is drawn as something to click: no fallback buttons.
    assert page.locator("#other-moves").is_hidden()
    screenshot(page, "mythic-battles.png")

    # A spectator (a fresh browser context: no seat credential stored) sees no hand.
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    spectator = context.new_page()
    spectator.goto(table["spectate_url"])
    spectator.wait_for_selector(f"#table[data-renderer='{GAME}'] #mb-map")
    assert spectator.locator("#mb-map .mb-area").count() == areas
    assert spectator.locator("#mb-hand").count() == 0
    assert spectator.locator(".mb-player").count() == 2
    assert spectator.locator("#board [data-action]").count() == 0
    assert spectator.locator("#table").get_attribute("data-turn") != "mine"
    context.close()


def test_mythic_battles_by_clicking(server: LiveServer, page: Any) -> None:
    table = new_table(server, seed=5)
    open_seat(page, table)
    claim(server, table, 1)  # seat 1 is played through the API
    page.wait_for_selector(f"#table[data-renderer='{GAME}']")
    counts = {"unit": 0, "area": 0, "button": 0, "attack-panel": 0}
    done: list[str] = []
    # Bounded by moves, not by time: on a loaded machine the same seed takes the same path
    # (the rounds bound the waits for the server, should it never come back to seat 0).
    for _ in range(20 * MAX_CLICKS):
        if len(done) >= MAX_CLICKS or counts["attack-panel"]:
            break
        payload = seat_payload(server, table, 0)
        if payload["status"] == "finished":
            break
        view = payload["view"]
        if view["current_player"] == 1:  # seat 1 by the API
            play_by_api(server, table, 1, athena_move(seat_payload(server, table, 1)["view"]))
            continue
        if view["current_player"] != 0:
            time.sleep(0.05)
            continue
        wait_for_my_turn(page)
        page.wait_for_selector(f"#table[data-seq='{payload['seq']}']")
        assert page.locator("#other-moves").is_hidden()
        assert page.locator("#board p.error").count() == 0, page.inner_text("#board")
        legal = view["legal_actions"]
        attacks = view["attacks"]
        zeus = next(u for u in view["units"] if u["id"] == "zeus")
        if attacks and attacks[-1]["first_assault"]:
            # The ATTACK panel: attacker, target, phase, both assaults' dice.
            attack = attacks[-1]
            panel = page.locator("#mb-attack")
            assert panel.get_attribute("data-phase") == attack["phase"]
            current = panel.locator(".mb-attack-one[data-current='1']")
            assert current.get_attribute("data-attacker") == attack["attacker"]
            assert current.get_attribute("data-targets") == ",".join(attack["targets"])
            faces = current.locator("[data-assault='first'] .mb-die")
            shown = [int(faces.nth(k).inner_text()) for k in range(faces.count())]
            assert shown == attack["first_assault"]
            for face in attack["first_assault"]:
                kind = "crit" if face == 6 else "hit" if face >= 3 else "blank"
                assert current.locator(f".mb-die.mb-{kind}[data-face='{face}']").count()
            screenshot(page, "mythic-battles-attack.png")
            counts["attack-panel"] += 1
            locator = page.locator("#mb-command button[data-action='retaliate']")
        elif "activate zeus" in legal:
            # Click Zeus's token on the map.
            locator = page.locator("#mb-map [data-unit='zeus'][data-action='activate zeus']")
            counts["unit"] += 1
        elif f"move {MEETING_AREA}" in legal and zeus["area"] != MEETING_AREA:
            locator = page.locator(f"#mb-map .mb-area[data-area='{MEETING_AREA}']")
            assert locator.get_attribute("data-action") == f"move {MEETING_AREA}"
            counts["area"] += 1
        else:
            word = next(
                (w for w in ("continue", "simple", "decline", "done", "end") if w in legal),
                None,
            )
            if word is None:
                locator = page.locator("#mb-command button[data-action]").first
            else:
                locator = page.locator(f"#mb-command button[data-action='{word}']")
            counts["button"] += 1
        action = str(locator.get_attribute("data-action"))
        assert action in legal, (action, legal)
        done.append(action)
        click_and_wait(page, locator)
        if action == f"move {MEETING_AREA}":
            moved = seat_payload(server, table, 0)["view"]
            assert next(u for u in moved["units"] if u["id"] == "zeus")["area"] == MEETING_AREA
    assert all(counts.values()), (counts, done)
    log = httpx.get(f"{server.url}/api/tables/{table['table_id']}/log").json()["log"]
    assert "activate zeus" in log and f"move {MEETING_AREA}" in log and "retaliate" in log


def test_four_players_draw_the_larger_map(server: LiveServer, page: Any) -> None:
    table = create_table(
        server,
        game=GAME,
        players=4,
        bots={"1": "random", "2": "random", "3": "random"},
        open=True,
        seed=3,
    )
    open_seat(page, table)
    page.wait_for_selector(f"#table[data-renderer='{GAME}'] #mb-map")
    wait_for_my_turn(page)
    view = seat_payload(server, table, 0)["view"]
    board = view["map"]
    assert page.locator("#mb-map .mb-area").count() == board["columns"] * board["rows"] == 49
    assert page.locator(".mb-player").count() == 4
    for seat in range(4):
        assert page.locator(f"#mb-map .mb-zone[data-seat='{seat}']").count() == len(
            board["zones"][seat]
        )
    # Recruitment: the divinities (or units) to pick are buttons naming them.
    legal = view["legal_actions"]
    assert legal and page.locator("#other-moves").is_hidden()
    for action in legal:
        assert page.locator(f"#board [data-action='{action}']").count() >= 1, action
    locator = page.locator("#mb-command button[data-action]").first
    assert str(locator.get_attribute("data-action")) in legal
    click_and_wait(page, locator)
