"""Help at the table and layouts that fit the screen, in a real browser (Playwright + Debian's
chromium, headless, against a real server process).

Help: in every game's renderer the cards, units, powers, talents, buildings and gods carry their
full printed text (name, type, numbers, ability text) in one help card (#help-card): with a
mouse it shows beside the thing hovered; on a 390 px touch screen the small "i" on a card opens
it as a sheet and plays nothing (the table's seq does not move, the move is still offered), a
long press on something drawn on a map does too, so does a tap on what is not a move now, and
a tap beside the open sheet closes it without playing the card tapped.

Layouts: at 1280x800 Mythic Battles (the 4x5 and the 7x7 map), Mythotopia and Arena of the
Gods show the board, the prompt and its moves, the seat's hand and every opponent inside the
window, and the page does not scroll; at 390x844 nothing sticks out sideways.

Mythic Battles' recruitment shows the RP left and every unit's cost and numbers.

Skips like tests/server/test_browser.py without Playwright or chromium. Screenshots go to
tests/server/artifacts/.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest

from theomachy.games.arena_of_the_gods.cards import catalog as gods_catalog
from theomachy.games.mythic_arena.cards import catalog as arena_catalog
from theomachy.games.mythic_battles.data import powers, talents, units
from theomachy.games.mythic_wars.cards import catalog as wars_catalog
from theomachy.games.mythotopia.rules import MythotopiaGame

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
from .test_browser_mythic_battles import ARMIES

__all__ = ["browser", "page", "server"]  # fixtures, imported for pytest

WIDE = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
UNITS = units()
POWERS = powers()


def talent_rule(slug: str) -> str:
    """The first sentence of a talent's text, as the game's catalogue serves it
    (content/texts.toml)."""
    return talents()[slug].text.split(". ")[0]


# --- helpers ---------------------------------------------------------------------------------


def hover_help(page: Any, locator: Any) -> str:
    """Rest the mouse on ``locator``; the help card's text once it shows that thing."""
    page.mouse.move(1, 1)
    page.keyboard.press("Escape")  # whatever help was open goes
    if page.locator("#help-card").count():
        page.wait_for_selector("#help-card", state="hidden")
    locator.scroll_into_view_if_needed()
    locator.hover()
    page.wait_for_selector("#help-card:not([hidden])")
    assert page.get_attribute("#help-card", "data-mode") == "float"
    return str(page.inner_text("#help-card"))


def inside_window(page: Any, selector: str) -> list[dict[str, Any]]:
    """The boxes of the elements matching ``selector`` that are not wholly inside the
    window (an empty list: all are); fails if none matches."""
    found = page.eval_on_selector_all(
        selector,
        """els => els.map(el => {
            const r = el.getBoundingClientRect();
            return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                    tag: el.tagName, cls: el.className.baseVal ?? el.className};
        })""",
    )
    assert found, f"nothing matches {selector}"
    width, height = page.evaluate("() => [innerWidth, innerHeight]")
    return [
        box
        for box in found
        if box["top"] < -1
        or box["left"] < -1
        or box["bottom"] > height + 1
        or box["right"] > width + 1
    ]


def assert_fits_the_window(page: Any, *selectors: str) -> None:
    """The page does not scroll, and each selector's elements are in the window."""
    height = page.evaluate("() => document.scrollingElement.scrollHeight")
    width = page.evaluate("() => document.scrollingElement.scrollWidth")
    assert height <= WIDE["height"] + 2, f"the page scrolls: {height} px high"
    assert width <= WIDE["width"], f"the page scrolls sideways: {width} px wide"
    for selector in selectors:
        assert not inside_window(page, selector), (selector, inside_window(page, selector))


def sticking_out(page: Any) -> list[str]:
    """Elements of the board that reach past the window's right edge without a scrolling
    box around them (cut off on a phone), and whether the page scrolls sideways."""
    return list(
        page.evaluate(
            """() => {
                const out = [];
                if (document.scrollingElement.scrollWidth > innerWidth) out.push('the page');
                for (const el of document.querySelectorAll('#board *')) {
                    const r = el.getBoundingClientRect();
                    if (!r.width || r.right <= innerWidth + 1) continue;
                    let clipped = false;
                    for (let a = el.parentElement; a && a.id !== 'board'; a = a.parentElement) {
                        const o = getComputedStyle(a).overflowX;
                        if (o !== 'visible') { clipped = true; break; }
                    }
                    if (!clipped) out.push(`${el.tagName}.${el.className.baseVal ?? el.className}`);
                }
                return out.slice(0, 10);
            }"""
        )
    )


@pytest.fixture
def wide(page: Any) -> Any:
    page.set_viewport_size(WIDE)
    return page


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A 390x844 touch screen (no hover)."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    tab = context.new_page()
    tab.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    yield tab
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def tap_help_keeps_the_move(page: Any, locator: Any) -> str:
    """Tap the "i" of an element that plays a move when tapped: the help opens as a sheet,
    nothing is played, the move is still offered. The help's text."""
    action = locator.get_attribute("data-action") or locator.get_attribute("data-select")
    assert action, "the element is not a move"
    seq = table_state(page)["seq"]
    button = locator.locator(":scope > .help-btn")
    assert button.is_visible(), "no visible help button on a touch screen"
    button.tap()
    page.wait_for_selector("#help-card:not([hidden])")
    assert page.get_attribute("#help-card", "data-mode") == "sheet"
    page.wait_for_timeout(1200)  # a move would have gone to the server by now
    state = table_state(page)
    assert state["seq"] == seq and not state.get("pending"), "the tap played a move"
    assert page.locator("#help-card").is_visible()
    return str(page.inner_text("#help-card"))


def take_seat_in(page: Any, server: LiveServer, table: dict[str, Any], seat: int = 0) -> None:
    """Open the table in another browser with a seat's credential (as the same player on a
    second device would after signing in)."""
    page.goto(f"{server.url}/")
    page.evaluate(
        "([id, credential]) => sessionStorage.setItem(`theomachy:credential:${id}`, credential)",
        [table["table_id"], table["credentials"][seat]],
    )
    page.goto(f"{server.url}/t/{table['table_id']}")
    page.wait_for_selector(f"#table[data-seat='{seat}']")


def close_help(page: Any) -> None:
    page.locator("#help-card .help-close").tap()
    page.wait_for_selector("#help-card", state="hidden")


def play_api(server: LiveServer, table: dict[str, Any], seat: int, action: str) -> None:
    payload = seat_payload(server, table, seat)
    answer = httpx.post(
        f"{server.url}/api/tables/{table['table_id']}/actions",
        headers={"Authorization": f"Bearer {table['credentials'][seat]}"},
        json={"action": action, "seq": payload["seq"]},
    )
    assert answer.status_code == 200, answer.text


def my_view(server: LiveServer, table: dict[str, Any]) -> dict[str, Any]:
    return dict(seat_payload(server, table, 0)["view"])


# --- Mythic Battles --------------------------------------------------------------------------


def test_mythic_battles_recruitment_shows_rp_costs_and_numbers(
    server: LiveServer, wide: Any
) -> None:
    page = wide
    table = create_table(
        server, game="mythic-battles", players=2, options={"lead": 0}, bots={"1": "random"}
    )
    open_seat(page, table)
    wait_for_my_turn(page)
    view = my_view(server, table)
    assert view["step"] == "recruit-divinity"
    panel = page.locator("#mb-command.mb-recruit")
    # The divinities, each with its numbers; each pick a button.
    for god in ("zeus", "hades", "ares", "athena"):
        option = panel.locator(f".mb-recruit-option[data-unit='{god}']")
        text = option.inner_text()
        spec = UNITS[god]
        assert spec.name in text
        for value, label in (
            (spec.offence, "Off"),
            (spec.defence, "Def"),
            (spec.range, "Rng"),
            (spec.movement, "Mov"),
            (spec.vitality, "Vit"),
        ):
            assert f"{value} {label}" in " ".join(text.split()), (god, label, text)
    click_and_wait(page, panel.locator("button[data-action='choose zeus']"))

    # The units: the RP left, each unit's cost and numbers; those too dear say so.
    state = wait_for_my_turn(page)
    assert state["status"] == "playing"
    view = my_view(server, table)
    assert view["step"] == "recruit-unit", view["step"]
    rp = view["players"][0]["rp"]
    assert page.inner_text("#mb-rp").split() == ["You", "have", f"{rp}", "RP", "left"]
    taken = {u for p in view["players"] for u in p["army"]}
    for unit in UNITS.values():
        if unit.kind == "god":
            continue
        option = panel.locator(f".mb-recruit-option[data-unit='{unit.id}']")
        text = " ".join(option.inner_text().split())
        assert unit.name in text and f"{unit.cost} RP" in text, text
        assert f"{unit.offence} Off {unit.defence} Def {unit.range} Rng" in text, text
        assert f"{unit.movement} Mov {unit.vitality} Vit" in text, text
        if unit.power:
            assert POWERS[unit.power].name in text
        legal = f"recruit {unit.id}" in view["legal_actions"]
        assert option.locator(f"button[data-action='recruit {unit.id}']").count() == int(legal)
        if unit.id in taken:
            assert "taken by" in text
        elif unit.cost > rp:
            assert f"needs {unit.cost} RP" in text
    assert_fits_the_window(page, "#mb-map", "#mb-rp", "#mb-summary", "#banner")
    # The help of a unit nobody recruited yet: its talents' rules and its power.
    heracles = panel.locator(".mb-recruit-option[data-unit='heracles']")
    text = hover_help(page, heracles)
    for talent in UNITS["heracles"].talents:
        assert talent_rule(talent) in text, (talent, text)
    assert "Lion's Hide" in text and "first wound" in text
    screenshot(page, "mythic-battles-recruitment.png", full_page=False)


def test_mythic_battles_fits_1280x800_and_explains_units(server: LiveServer, wide: Any) -> None:
    page = wide
    table = create_table(
        server,
        game="mythic-battles",
        players=2,
        options={"armies": ARMIES, "lead": 0},
        bots={"1": "random"},
        open=True,
        seed=5,
    )
    open_seat(page, table)
    wait_for_my_turn(page)
    view = my_view(server, table)
    assert_fits_the_window(page, "#mb-map", "#mb-command", "#mb-hand", ".mb-summary-row", "#banner")
    assert page.locator(".mb-summary-row").count() == 2
    # A token on the map: the unit's whole dashboard, talents and power in words.
    zeus = next(u for u in view["units"] if u["id"] == "zeus")
    if zeus["area"]:
        text = hover_help(page, page.locator("#mb-map [data-unit='zeus']"))
    else:
        text = hover_help(page, page.locator(".mb-unit[data-unit='zeus']"))
    spec = UNITS["zeus"]
    for value, word in (
        (spec.offence, "Offence"),
        (spec.defence, "Defence"),
        (spec.range, "Range"),
    ):
        assert f"{value} {word}" in text, text
    assert POWERS["thunderbolt"].text in text
    for talent in spec.talents:
        assert talent_rule(talent) in text, (talent, text)
    screenshot(page, "mythic-battles-help.png", full_page=False)
    # A talent on a dashboard: its rule; the power line: the printed power.
    text = hover_help(
        page, page.locator(".mb-unit[data-unit='athena'] .mb-talent[data-talent='guard']")
    )
    assert text.startswith("Guard") and talent_rule("guard") in text
    text = hover_help(page, page.locator(".mb-unit[data-unit='athena'] .mb-power"))
    assert POWERS["tactician"].name in text and POWERS["tactician"].text in text
    # A card of the hand: what it activates; an Art of War card: the manoeuvres it buys.
    hand = view["players"][0]["hand"]
    first = next(c for c in hand if c != "aow")
    text = hover_help(page, page.locator(f"#mb-hand .mb-card[data-card='{first}']").first)
    assert f"Activation card of {UNITS[first].name}" in text
    if "aow" in hand:
        text = hover_help(page, page.locator("#mb-hand .mb-card[data-card='aow']").first)
        assert "Art of War" in text and "Search for Card" in text and "Recall" in text


def test_mythic_battles_seven_by_seven_map_fits_1280x800(server: LiveServer, wide: Any) -> None:
    page = wide
    table = create_table(
        server,
        game="mythic-battles",
        players=4,
        bots={"1": "random", "2": "random", "3": "random"},
        options={"lead": 0},
    )
    open_seat(page, table)
    wait_for_my_turn(page)
    assert page.locator("#mb-map .mb-area").count() == 49
    assert_fits_the_window(page, "#mb-map", ".mb-summary-row", "#mb-command", "#banner")
    assert page.locator(".mb-summary-row").count() == 4
    screenshot(page, "mythic-battles-4p.png", full_page=False)


def test_mythic_battles_tap_on_a_phone_plays_nothing(server: LiveServer, phone: Any) -> None:
    page = phone
    table = create_table(
        server,
        game="mythic-battles",
        players=2,
        options={"armies": ARMIES, "lead": 0},
        bots={"1": "random"},
        open=True,
        seed=5,
    )
    open_seat(page, table)
    wait_for_my_turn(page)
    # To the first activation: the units that may activate are moves (a tap activates them).
    for _ in range(6):
        legal = my_view(server, table)["legal_actions"]
        if any(a.startswith("activate ") for a in legal):
            break
        word = next(w for w in ("continue", "decline", "done", "end", "pass") if w in legal)
        click_and_wait(page, page.locator(f"#mb-command button[data-action='{word}']"))
        wait_for_my_turn(page)
    action = next(a for a in my_view(server, table)["legal_actions"] if a.startswith("activate "))
    unit = action.split(" ")[1]
    dashboard = page.locator(f".mb-unit[data-unit='{unit}']")
    assert dashboard.get_attribute("data-action") == action
    text = tap_help_keeps_the_move(page, dashboard)
    assert UNITS[unit].name in text and "Offence" in text
    for talent in UNITS[unit].talents:
        assert talent_rule(talent) in text
    assert dashboard.get_attribute("data-action") == action  # still offered
    screenshot(page, "mythic-battles-phone-help.png", full_page=False)
    close_help(page)
    # A long press on a unit's token on the map: the help, and nothing played.
    seq = table_state(page)["seq"]
    placed = next(u for u in my_view(server, table)["units"] if u["area"])
    long_press(page, page.locator(f"#mb-map [data-unit='{placed['id']}']"))
    page.wait_for_selector("#help-card:not([hidden])")
    assert placed["name"] in page.inner_text("#help-card")
    page.wait_for_timeout(1000)
    assert table_state(page)["seq"] == seq and not table_state(page).get("pending")
    close_help(page)
    assert not sticking_out(page), sticking_out(page)


def long_press(page: Any, locator: Any) -> None:
    """A finger held on ``locator`` for 0.7 s (touch events through the DevTools protocol)."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    session = page.context.new_cdp_session(page)
    point = [{"x": x, "y": y}]
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    page.wait_for_timeout(700)
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    session.detach()


# --- Mythotopia ------------------------------------------------------------------------------


def mythotopia_to_play(server: LiveServer, table: dict[str, Any]) -> dict[str, Any]:
    """Seat 0's set-up choices through the API until its first turn of play; that view."""
    for _ in range(40):
        payload = seat_payload(server, table, 0)
        view = payload["view"]
        if view["phase"] == "play" and view["current_player"] == 0 and not view.get("pending"):
            return dict(view)
        if view["current_player"] != 0 or not view["legal_actions"]:
            time.sleep(0.1)  # the bot's answer
            continue
        play_api(server, table, 0, sorted(view["legal_actions"])[0])
    raise AssertionError("no turn of play for seat 0")


def test_mythotopia_fits_1280x800_and_explains_cards(server: LiveServer, wide: Any) -> None:
    page = wide
    table = create_table(
        server, game="mythotopia", players=3, bots={"1": "random", "2": "random"}, open=True, seed=3
    )
    open_seat(page, table)
    view = mythotopia_to_play(server, table)
    page.wait_for_selector(f"#table[data-seq='{seat_payload(server, table, 0)['seq']}']")
    wait_for_my_turn(page)
    catalogue = MythotopiaGame.catalog()
    hand = "[data-role='hand'] .mt-card"
    assert_fits_the_window(
        page,
        "svg.mt-map",
        "#mt-actions",
        f".mt-player[data-seat='0'] {hand}",
        ".mt-summary-row",
        "#banner",
    )
    assert page.locator(".mt-summary-row").count() == 3
    # A card of the hand: its name, kind, symbols and text.
    card_id = view["players"][0]["hand"][0]
    text = hover_help(
        page, page.locator(f".mt-player[data-seat='0'] {hand}[data-card='{card_id}']")
    )
    assert catalogue[card_id]["name"] in text and catalogue[card_id]["text"] in text
    # A province on the map: its card's text, its neutral strength, its borders.
    province = next(p for p in view["provinces"] if p["owner"] is None)
    facts = catalogue["map"]["provinces"][province["id"]]
    text = hover_help(page, page.locator(f"svg.mt-map [data-province='{province['id']}']"))
    assert province["name"] in text and f"{facts['neutral_strength']} neutral strength" in text
    assert catalogue[province["id"]]["text"] in text and "Borders:" in text
    # A VP card and a card of the display.
    vp = view["vp_cards"][0]
    text = hover_help(page, page.locator(f".mt-vp-card[data-vp='{vp['id']}']"))
    assert catalogue[f"vp-{vp['id']}"]["text"] in text
    shown = view["display"][0]
    text = hover_help(page, page.locator(f"#mt-display .mt-card[data-card='{shown}']"))
    assert catalogue[shown]["text"] in text
    screenshot(page, "mythotopia-help.png", full_page=False)


def test_mythotopia_tap_on_a_phone_plays_nothing(server: LiveServer, phone: Any) -> None:
    page = phone
    table = create_table(
        server, game="mythotopia", players=2, bots={"1": "random"}, open=True, seed=4
    )
    open_seat(page, table)
    view = mythotopia_to_play(server, table)
    page.wait_for_selector(f"#table[data-seq='{seat_payload(server, table, 0)['seq']}']")
    wait_for_my_turn(page)
    catalogue = MythotopiaGame.catalog()
    card = page.locator(
        ".mt-player[data-seat='0'] [data-role='hand'] .mt-card[data-action], "
        ".mt-player[data-seat='0'] [data-role='hand'] .mt-card[data-select]"
    ).first
    card_id = card.get_attribute("data-card")
    assert card_id in view["players"][0]["hand"]
    text = tap_help_keeps_the_move(page, card)
    assert catalogue[card_id]["text"] in text
    screenshot(page, "mythotopia-phone-help.png", full_page=False)
    close_help(page)
    assert not sticking_out(page), sticking_out(page)


# --- Arena of the Gods -----------------------------------------------------------------------

GODS = gods_catalog()


def test_arena_of_the_gods_fits_1280x800_and_explains_cards(server: LiveServer, wide: Any) -> None:
    page = wide
    table = create_table(
        server,
        game="arena-of-the-gods",
        players=2,
        options={"first": 0},
        bots={"1": "random"},
        open=True,
        seed=7,
    )
    open_seat(page, table)
    wait_for_my_turn(page)
    view = my_view(server, table)
    assert view["step"] == "main"
    assert_fits_the_window(
        page,
        ".ag-player[data-seat='1']",
        ".ag-player[data-seat='0'] .ag-god",
        "#ag-hand .ag-hand-card",
        "#ag-command",
        ".ag-summary-chip",
        "#banner",
    )
    # The opponent's God: both abilities in full; a Building of the Battleground: its text.
    rival = view["players"][1]
    god = GODS[rival["god"]]
    text = hover_help(page, page.locator(".ag-player[data-seat='1'] .ag-god"))
    assert god.name in text and "Pantheon Ability" in text and "God Blessing" in text
    blessing = god.text.split("God Blessing - ")[1].split(": ", 1)[1]
    assert blessing in text
    perm = next(p for p in view["battleground"] if p["controller"] == 1 and p["type"] != "god")
    text = hover_help(page, page.locator(f".ag-card[data-token='{perm['token']}']"))
    assert GODS[perm["card"]].name in text and GODS[perm["card"]].text in text
    # A card in the hand: cost and text.
    first = view["players"][0]["hand"][0]
    text = hover_help(page, page.locator(f"#ag-hand .ag-hand-card[data-hand='{first}']").first)
    assert GODS[first].text in text and "cost" in text
    screenshot(page, "arena-of-the-gods-help.png", full_page=False)


def test_arena_of_the_gods_tap_on_a_phone_plays_nothing(server: LiveServer, phone: Any) -> None:
    page = phone
    table = create_table(
        server,
        game="arena-of-the-gods",
        players=2,
        options={"first": 0},
        bots={"1": "random"},
        open=True,
        seed=7,
    )
    open_seat(page, table)
    wait_for_my_turn(page)
    card = page.locator(
        "#ag-hand .ag-hand-card[data-action], #ag-hand .ag-hand-card[data-select]"
    ).first
    card_id = card.get_attribute("data-hand")
    text = tap_help_keeps_the_move(page, card)
    assert GODS[card_id].text in text
    assert page.locator("#ag-command[data-selected]").count() == 0  # nothing selected either
    # A tap beside the open help closes it, and plays nothing, even on a card that is a move.
    seq = table_state(page)["seq"]
    card.locator(".ag-card-name").tap()
    page.wait_for_selector("#help-card", state="hidden")
    page.wait_for_timeout(1000)
    assert table_state(page)["seq"] == seq and not table_state(page).get("pending")
    assert page.locator("#ag-command[data-selected]").count() == 0
    # A tap on the rival's Building (not a move now) shows its text too.
    perm = page.locator(".ag-player[data-seat='1'] .ag-perm").first
    perm.scroll_into_view_if_needed()
    perm.locator(".ag-card-type").tap()
    page.wait_for_selector("#help-card:not([hidden])")
    assert GODS[perm.get_attribute("data-card")].text in page.inner_text("#help-card")
    screenshot(page, "arena-of-the-gods-phone-help.png", full_page=False)
    close_help(page)
    assert not sticking_out(page), sticking_out(page)


# --- Mythic Arena and Mythic Wars --------------------------------------------------------------


def test_mythic_arena_cards_explain_themselves(server: LiveServer, page: Any, phone: Any) -> None:
    cards = {c.id: c for c in arena_catalog()}
    table = create_table(server, game="mythic-arena", bots={"1": "random"}, open=True, seed=5)
    open_seat(page, table)
    page.set_viewport_size(WIDE)
    wait_for_my_turn(page)
    # The pantheon banners' cards.
    mini = page.locator(".pantheon-banner[data-pantheon='greek'] .mini-card").first
    text = hover_help(page, mini)
    assert cards[mini.get_attribute("data-card")].text in text
    click_and_wait(page, page.locator("[data-action='choose greek']"))
    wait_for_my_turn(page)
    drawn = page.get_attribute("#drawn-card", "data-card")
    text = hover_help(page, page.locator("#drawn-card"))
    card = cards[drawn]
    assert card.name in text and f"{card.power} Power" in text and card.text in text
    assert "North:" in text and "Sides" in text
    # On a phone: the drawn card's "i" (the squares around it are moves).
    take_seat_in(phone, server, table)
    wait_for_my_turn(phone)
    seq = table_state(phone)["seq"]
    phone.locator("#drawn-card > .help-btn").tap()
    phone.wait_for_selector("#help-card:not([hidden])")
    assert card.text in phone.inner_text("#help-card")
    phone.wait_for_timeout(1000)
    assert table_state(phone)["seq"] == seq
    screenshot(phone, "mythic-arena-phone-help.png", full_page=False)


def test_mythic_wars_entities_explain_themselves(server: LiveServer, page: Any, phone: Any) -> None:
    entities = {e.id: e for e in wars_catalog()}
    table = create_table(
        server,
        game="mythic-wars",
        players=2,
        options={"mode": "guided"},
        bots={"1": "random"},
        open=True,
        seed=11,
    )
    open_seat(page, table)
    page.set_viewport_size(WIDE)
    wait_for_my_turn(page)
    entity = page.locator("#hand .entity[data-action^='draft ']").first
    entity_id = str(entity.get_attribute("data-entity"))
    text = hover_help(page, entity)
    found = entities[entity_id]
    assert found.name in text and found.text in text
    assert f"{found.attack} Attack" in text and f"{found.defense} Defense" in text
    # On a phone the "i" of a card to draft opens its text and drafts nothing.
    take_seat_in(phone, server, table)
    wait_for_my_turn(phone)
    card = phone.locator(f"#hand .entity[data-entity='{entity_id}']")
    text = tap_help_keeps_the_move(phone, card)
    assert found.text in text
    screenshot(phone, "mythic-wars-phone-help.png", full_page=False)
