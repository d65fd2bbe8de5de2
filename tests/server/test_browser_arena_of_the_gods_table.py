"""The Arena of the Gods table in a real browser (Playwright + Debian's chromium, headless,
against a real server process), played against a bot seat:

- the bot's latest moves (the payload's ``recent``) are marked ``.last-move``: the card it
  played and its target, the Unit that attacked and what it attacked, the card whose ability
  it used, the God it redirected an attack to; exactly those cards that are still there;
- a click on a hand card that cannot be played says why in the game's words, as a toast
  (#toasts), and plays nothing; so does a click on a Unit that entered this turn;
- at 1280x800 the page does not scroll.

Skips like tests/server/test_browser.py without Playwright or chromium. Screenshot:
tests/server/artifacts/arena-of-the-gods-table-last-move.png.
"""

from __future__ import annotations

import time
from typing import Any

from theomachy.games.arena_of_the_gods.cards import catalog
from theomachy.games.arena_of_the_gods.narration import discounted_cost

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

GAME = "arena-of-the-gods"
CARDS = catalog()
WIDE = {"width": 1280, "height": 800}
MARKING = ("play", "play-from-afterlife", "use", "attack", "redirect", "trigger")


def marked_tokens(view: dict[str, Any], recent: list[dict[str, Any]]) -> set[str]:
    """The Battleground names the latest moves touched (render/arena-of-the-gods.js
    recentMarks), of the cards still there."""
    battleground = view["battleground"]
    present = {perm["token"] for perm in battleground}
    marked: set[str] = set()
    for entry in recent:
        seat = entry["seat"]
        if seat is None:
            continue
        verb, *args = entry["action"].split(" ")
        if verb in ("play", "play-from-afterlife"):
            copies = [
                p["token"] for p in battleground if p["card"] == args[0] and p["controller"] == seat
            ]
            marked.update(copies[-1:])
            marked.update(a for a in args[1:] if "@" in a)
        elif verb in ("use", "attack"):
            marked.update(a for a in args if "@" in a)
        elif verb == "redirect":
            marked.add(view["players"][seat]["god_token"])
        elif verb == "trigger":
            for perm in battleground:
                bound = perm.get("bound_to")
                if perm["card"] == args[0] and (
                    bound == seat or (bound is None and perm["controller"] == seat)
                ):
                    marked.add(perm["token"])
                    break
    return marked & present


def cost_refusal(view: dict[str, Any], card_id: str) -> str | None:
    """What the game says of a hand card that cannot be played in the main phase for its kind
    or its cost (None: for another reason)."""
    card = CARDS[card_id]
    if card.kind == "combat":
        return f"{card.name} is a Combat Evocation: it is played during a battle"
    me = view["players"][0]
    gold, favor = discounted_cost(view, 0, card_id)
    if me["gold"] >= gold and me["favor"] >= favor:
        return None
    parts = [(gold, "Gold", me["gold"]), (favor, "Favor", me["favor"])]
    costs = " and ".join(f"{n} {what}" for n, what, _ in parts if n)
    has = " and ".join(f"{had} {what}" for n, what, had in parts if n)
    return f"{card.name} costs {costs}; you have {has}"


def toast_saying(page: Any, text: str) -> None:
    page.wait_for_function(
        """text => [...document.querySelectorAll('#toasts .toast')]
            .some(t => t.textContent === text)""",
        arg=text,
        timeout=TIMEOUT_MS,
    )


def clear_toasts(page: Any) -> None:
    page.evaluate("() => document.querySelectorAll('#toasts .toast').forEach(t => t.remove())")


def play_on(page: Any, view: dict[str, Any]) -> None:
    """Move the game on by one of the seat's decisions: end the main phase, discard nothing,
    hold an attack, pass in a window, resolve the first waiting ability."""
    legal = view["legal_actions"]
    for action in ("end", "done", "hold", "pass"):
        if action in legal:
            break
    else:
        action = next(a for a in legal if a.startswith("trigger "))
    click_and_wait(page, page.locator(f"#ag-command button[data-action='{action}']").first)


def test_arena_marks_the_bots_moves_and_says_why(server: LiveServer, page: Any) -> None:
    table = create_table(
        server,
        game=GAME,
        players=2,
        options={"first": 0},
        bots={"1": "random"},
        open=True,
        seed=11,
    )
    open_seat(page, table)
    page.set_viewport_size(WIDE)
    page.wait_for_selector(f"#table[data-renderer='{GAME}']")

    # Move on until the bot's moves since ours touched a card, and it is our main phase.
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "the bot never played a card"
        state = wait_for_my_turn(page)
        assert state["status"] == "playing", "the game ended too soon"
        payload = seat_payload(server, table, 0)
        view, recent = payload["view"], payload["recent"]
        bot_moves = [e for e in recent if e["seat"] == 1 and e["action"].split(" ")[0] in MARKING]
        if bot_moves and marked_tokens(view, recent) and view["step"] == "main":
            break
        play_on(page, view)

    # A whole view carries the recent moves: the marks are exactly what they touched.
    page.reload()
    page.wait_for_selector("#table[data-seat='0'][data-turn='mine'] .ag")
    page.mouse.move(1, 1)  # no help card over the board
    marked = page.eval_on_selector_all(
        ".ag .last-move[data-token]", "els => [...new Set(els.map(e => e.dataset.token))]"
    )
    assert sorted(marked) == sorted(marked_tokens(view, recent)), (marked, recent)
    assert page.evaluate("() => document.scrollingElement.scrollHeight") <= WIDE["height"] + 2
    screenshot(page, "arena-of-the-gods-table-last-move.png", full_page=False)

    # A hand card that cannot be played says why when clicked, and plays nothing.
    seq = table_state(page)["seq"]
    refused = page.eval_on_selector_all(
        "#ag-hand .ag-hand-card[data-refused^='play ']", "els => els.map(e => e.dataset.hand)"
    )
    reasons = [(card, cost_refusal(view, card)) for card in refused]
    card, reason = next(((c, r) for c, r in reasons if r is not None), (None, None))
    if card is not None and reason is not None:
        page.locator(f"#ag-hand .ag-hand-card[data-hand='{card}']").first.click()
        toast_saying(page, reason)
        assert table_state(page)["seq"] == seq
        screenshot(page, "arena-of-the-gods-table-why.png", full_page=False)
    # A Unit played now cannot attack before the next turn: a click on it says so.
    units = [
        a
        for a in view["legal_actions"]
        if a.startswith("play ") and a.count(" ") == 1 and CARDS[a.split(" ")[1]].type == "unit"
    ]
    if card is None or reason is None:
        assert units, "nothing to refuse this turn: choose another seed"
    if units:
        click_and_wait(page, page.locator(f"#ag-hand [data-action='{units[0]}']").first)
        wait_for_my_turn(page)
        played = units[0].split(" ")[1]
        view = seat_payload(server, table, 0)["view"]
        token = [
            p["token"] for p in view["battleground"] if p["card"] == played and p["controller"] == 0
        ][-1]
        unit = page.locator(f".ag-players .ag-perm[data-token='{token}']")
        assert (
            unit.get_attribute("data-refused")
            == f"attack {token} {view['players'][1]['god_token']}"
        )
        clear_toasts(page)
        seq = table_state(page)["seq"]
        unit.click()
        name = CARDS[played].name
        toast_saying(
            page, f"{name} came under your control this turn: it may attack from your next turn"
        )
        assert table_state(page)["seq"] == seq
        # Our own move ends the bot's marks; ours is marked for nobody but the bot.
        assert page.locator(".ag .last-move").count() == 0
