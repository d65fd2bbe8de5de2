"""Arena of the Gods in the browser (Playwright + Debian's chromium, headless, against a real
server process): the dedicated renderer draws each player's God, Battleground and the seat's
hand from the view, and a game is played by clicking (play a card, attack with a ready Unit,
end the turn, discard, pass). Skips like tests/server/test_browser.py without Playwright or
chromium (a failure under CI=true). Screenshots go to tests/server/artifacts/.
"""

from __future__ import annotations

import time
from typing import Any

import httpx2 as httpx

from theomachy.games.arena_of_the_gods.cards import catalog

from .live import LiveServer
from .test_browser import (  # the fixtures and helpers of the browser tests
    browser,
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

GAME = "arena-of-the-gods"
CARDS = catalog()


def seat_view(server: LiveServer, table: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    return dict(seat_payload(server, table, seat)["view"])


def new_table(server: LiveServer, seed: int) -> dict[str, Any]:
    """An open table (a chosen seed: the same game every run)."""
    return create_table(
        server,
        game=GAME,
        players=2,
        options={"first": 0},
        bots={"1": "random"},
        open=True,
        seed=seed,
    )


def test_the_renderer_draws_gods_battleground_and_hand(server: LiveServer, page: Any) -> None:
    table = new_table(server, seed=7)
    open_seat(page, table)
    page.wait_for_selector(f"#table[data-renderer='{GAME}']")
    wait_for_my_turn(page)
    view = seat_view(server, table)
    assert view["step"] == "main" and view["current_player"] == 0
    # Every legal action is drawn as something to click: no fallback buttons.
    assert page.locator("#other-moves").is_hidden()
    assert page.locator(".ag-player").count() == 2
    for entry in view["players"]:
        panel = page.locator(f".ag-player[data-seat='{entry['seat']}']")
        god = panel.locator(f".ag-god[data-token='{entry['god_token']}']")
        assert CARDS[entry["god"]].name in god.inner_text()
        for resource in ("life", "gold", "favor", "hand", "deck"):
            key = f"{resource}_count" if resource in ("hand", "deck") else resource
            shown = god.locator(f"[data-res='{resource}'] b").inner_text()
            assert shown == str(entry[key]), (resource, shown)
        assert (
            panel.locator(".ag-afterlife summary")
            .inner_text()
            .endswith(f"({len(entry['afterlife'])})")
        )
    # The starting Buildings stand on each player's Battleground.
    for perm in view["battleground"]:
        if perm["type"] == "god":
            continue
        card = page.locator(
            f".ag-player[data-seat='{perm['controller']}'] .ag-card[data-token='{perm['token']}']"
        )
        assert card.count() == 1 and CARDS[perm["card"]].name in card.inner_text()
    # The viewer's hand: each card with its cost and text; the bot's hand is only a count.
    hand = view["players"][0]["hand"]
    cards = page.locator("#ag-hand .ag-hand-card")
    assert cards.count() == len(hand) == 5
    for index, card_id in enumerate(hand):
        shown = cards.nth(index)
        assert shown.get_attribute("data-hand") == card_id
        text = shown.inner_text()
        assert CARDS[card_id].name in text and CARDS[card_id].text in text
        if CARDS[card_id].gold:
            assert f"{CARDS[card_id].gold}G" in text
    assert page.locator("#ag-hand").count() == 1  # only the viewer's hand is drawn
    screenshot(page, "arena-of-the-gods.png")


def test_arena_of_the_gods_by_clicking(server: LiveServer, page: Any) -> None:
    started = time.monotonic()
    table = new_table(server, seed=3)
    open_seat(page, table)
    page.wait_for_selector(f"#table[data-renderer='{GAME}']")
    done: list[str] = []
    counts = {"play": 0, "attack": 0, "end": 0, "discard": 0, "use": 0, "targeted": 0, "battle": 0}
    shot = False
    while time.monotonic() - started < 30:
        state = wait_for_my_turn(page)
        if state["status"] == "finished":
            break
        if all(counts[k] for k in ("attack", "play", "end", "discard", "use")):
            break
        assert page.locator("#other-moves").is_hidden()
        assert page.locator("#board p.error").count() == 0, page.inner_text("#board")
        view = seat_view(server, table)
        legal = view["legal_actions"]
        if view["battle"] is not None:  # the battle: attacker against target, who is to act
            battle = page.locator("#ag-battle")
            for role in ("attacker", "target"):
                token = view["battle"][role]
                if token is not None:
                    assert battle.locator(f"[data-role='{role}'] [data-token='{token}']").count()
            if view["battle"]["to_act"] is not None:
                assert battle.get_attribute("data-to-act") == str(view["battle"]["to_act"])
            assert battle.locator(".ag-stack-item").count() == len(view["battle"]["stack"])
            counts["battle"] += 1
        attacks = [a for a in legal if a.startswith("attack ")]
        plays = [a for a in legal if a.startswith("play ")]
        uses = [a for a in legal if a.startswith("use ") and len(a.split(" ")) == 3]
        if attacks and not counts["attack"]:
            # Prefer the enemy God; select the attacker, then click the target.
            god = view["players"][1]["god_token"]
            action = next((a for a in attacks if a.endswith(f" {god}")), attacks[0])
            _, attacker, target = action.split(" ")
            page.click(f".ag-player[data-seat='0'] [data-token='{attacker}'][data-select]")
            page.wait_for_selector(f"#ag-command[data-selected='actor:{attacker}']")
            locator = page.locator(f"[data-token='{target}'][data-action='{action}']").first
            if not shot:
                screenshot(page, "arena-of-the-gods-attack.png")
                shot = True
            counts["attack"] += 1
        elif uses and not counts["use"]:
            # An activated ability with a target (Zeus's Thunderbolt): select, then target.
            action = uses[0]
            _, source, target = action.split(" ")
            page.click(f".ag-player[data-seat='0'] [data-token='{source}'][data-select]")
            page.wait_for_selector(f"#ag-command[data-selected='actor:{source}']")
            locator = page.locator(f"[data-token='{target}'][data-action='{action}']").first
            counts["use"] += 1
        elif plays and counts["play"] < 3:
            action = sorted(plays, key=lambda a: -len(a.split()))[0]  # targeted first
            card_id = action.split(" ")[1]
            direct = page.locator(f"#ag-hand .ag-hand-card[data-action='{action}']")
            if direct.count():
                locator = direct.first
            else:  # a card with a target: select it, then click the target
                page.click(f"#ag-hand .ag-hand-card[data-select='play:{card_id}']")
                page.wait_for_selector(f"#ag-command[data-selected='play:{card_id}']")
                locator = page.locator(f"#board [data-action='{action}']").first
                counts["targeted"] += 1
            counts["play"] += 1
        elif "end" in legal:
            locator = page.locator("#ag-command button[data-action='end']")
            counts["end"] += 1
        elif any(a.startswith("discard ") for a in legal) and not counts["discard"]:
            locator = page.locator("#ag-hand .ag-hand-card[data-action^='discard ']").first
            counts["discard"] += 1
        else:  # done, pass, hold, trigger: the command bar's buttons
            for word in ("done", "pass", "hold"):
                if word in legal:
                    locator = page.locator(f"#ag-command button[data-action='{word}']")
                    break
            else:
                locator = page.locator("#ag-command button[data-action]").first
        assert page.locator("#board p.error").count() == 0, page.inner_text("#board")
        action = str(locator.get_attribute("data-action"))
        assert action in legal, (action, legal)
        done.append(action)
        click_and_wait(page, locator)
    # Seed 3 gets through each kind of click: a card played at once and one with a target (a
    # Combat Evocation in a battle window), an attack, Zeus's Thunderbolt, end, discard.
    assert all(counts[k] for k in counts), (counts, done)
    # The attack was declared by clicks: the log and the Battleground show its effects.
    log = httpx.get(f"{server.url}/api/tables/{table['table_id']}/log").json()["log"]
    assert any(entry.startswith("attack ") for entry in log)
    assert time.monotonic() - started < 40
