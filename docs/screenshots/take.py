"""Take the README's screenshots: each game's table at 1280x800 in the browser client.

Starts ``theomachy serve`` on a free port over a temporary database, opens a table per game
(a person at seat 0 against bots), plays the person's first moves with a seeded random choice
so the board has something on it, and saves what the window shows (no page scrolling) here.

    python docs/screenshots/take.py            # needs Playwright and Debian's chromium

Same seeds, same tables: the pictures change only when the client or a game does.
"""

from __future__ import annotations

import json
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
SIZE = {"width": 1280, "height": 800}

# game, players, bots, moves the person plays before the picture
TABLES: list[tuple[str, int, dict[str, str], int]] = [
    ("mythic-arena", 2, {"1": "greedy"}, 8),
    ("mythic-wars", 2, {"1": "greedy"}, 14),
    ("mythotopia", 2, {"1": "greedy"}, 30),
    ("arena-of-the-gods", 2, {"1": "greedy"}, 12),
    ("mythic-battles", 2, {"1": "greedy"}, 30),
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def call(url: str, body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    """A JSON request to the server (POST when there is a body)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method="POST" if data else "GET")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)


def wait_for(url: str) -> None:
    for _ in range(200):
        try:
            call(url)
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the server at {url} did not start")


def play_moves(base: str, table_id: str, token: str, moves: int, rng: random.Random) -> None:
    """Play ``moves`` of the person's decisions (waiting for the bots in between)."""
    played = 0
    for _ in range(600):
        if played >= moves:
            return
        payload = call(f"{base}/api/tables/{table_id}/view", token=token)
        if payload["status"] != "playing":
            return
        legal = payload["view"]["legal_actions"]
        if not legal:
            time.sleep(0.1)
            continue
        action = rng.choice(legal)
        call(
            f"{base}/api/tables/{table_id}/actions",
            {"action": action, "seq": payload["seq"]},
            token,
        )
        played += 1


def main() -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as scratch:
        server = subprocess.Popen(
            [sys.executable, "-m", "theomachy", "serve", "--port", str(port)],
            cwd=scratch,  # its SQLite file goes under ./var/ there, and goes with it
        )
        try:
            wait_for(f"{base}/api/games")
            shoot(base)
        finally:
            server.terminate()
            server.wait(timeout=30)


def shoot(base: str) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox"]
        )
        page = browser.new_page(viewport=SIZE)
        page.goto(base)
        page.wait_for_selector("[data-game='mythic-arena']")
        page.click("[data-game='mythic-arena']")
        page.wait_for_timeout(500)
        page.screenshot(path=str(HERE / "lobby.png"))
        for game, players, bots, moves in TABLES:
            table = call(
                f"{base}/api/tables",
                {"game": game, "players": players, "bots": bots, "open": True, "seed": 3},
            )
            page.goto(table["seats"][0]["url"])
            page.wait_for_selector("#table[data-seat='0']")
            token = page.evaluate(
                "id => sessionStorage.getItem(`theomachy:credential:${id}`)", table["table_id"]
            )
            play_moves(base, table["table_id"], token, moves, random.Random(game))
            page.wait_for_timeout(1500)  # the bots' answers and the pushed view
            # A forced move the client plays for the person is a passing moment: wait it out.
            settled = 0
            for _ in range(80):  # settled: a few looks in a row with nothing played for us
                busy = "playing" in page.inner_text("#banner").lower()
                settled = 0 if busy else settled + 1
                if settled >= 4:
                    break
                page.wait_for_timeout(250)
            page.screenshot(path=str(HERE / f"{game}.png"))
            print(f"{game}: {HERE / f'{game}.png'}")
        browser.close()


if __name__ == "__main__":
    main()
