"""Mythotopia in the terminal: the renderer over real views of seeded games, for a player and
for a spectator, and what it must never show (another player's hand, another's draws)."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import pytest
from typer.testing import CliRunner

import theomachy
from games.mythotopia.scenario import play, position, setup
from terminal_helpers import played_game, render
from theomachy.cli import app
from theomachy.games.mythotopia.board import board
from theomachy.terminal import renderer_for
from theomachy.terminal.mythotopia import (
    MythotopiaRenderer,
    card_name,
    pending_line,
    vp_value,
)

GAME = "mythotopia"
runner = CliRunner()
PROVINCE_NAMES = {p.name for p in board().provinces}
# Card names that are also words of the screen (column headings, symbols).
COMMON_WORDS = {"Army", "Build", "Market", "Ship"}


played = partial(played_game, GAME)


def public_cards(view: dict[str, Any]) -> set[str]:
    """Every card id a view shows outside the hands (display, piles, Reserves, pending)."""
    cards = set(view["display"]) | set(view["province_supply"])
    for player in view["players"]:
        for key in ("discard", "reserve", "reserve_new", "removed", "set_aside"):
            cards |= set(player.get(key) or [])
    pending = view.get("pending") or {}
    cards |= set(pending.get("played") or []) | set(pending.get("args") or [])
    return cards


def hidden_names(view: dict[str, Any], hands: dict[int, list[str]]) -> set[str]:
    """Names of cards in the given hands that nothing public in ``view`` names: if the
    screen shows one, it came from a hand it must not know."""
    public = {card_name(c) for c in public_cards(view)}
    names = {card_name(c) for cards in hands.values() for c in cards}
    return {n for n in names - public - PROVINCE_NAMES - COMMON_WORDS}


def assert_absent(names: set[str], text: str) -> None:
    for card in names:
        assert not re.search(rf"\b{re.escape(card)}\b", text), card


POINTS = [(2, 3, 40), (3, 1, 150), (3, 2, 400), (4, 3, 700), (4, 5, 1500), (2, 7, 6000)]


# --- the renderer -----------------------------------------------------------------------------


def test_the_renderer_is_registered() -> None:
    assert isinstance(renderer_for(GAME), MythotopiaRenderer)


@pytest.mark.parametrize(("players", "seed", "steps"), POINTS)
def test_positions_for_a_player_and_a_spectator(players: int, seed: int, steps: int) -> None:
    state = played(players, seed, steps, {"max_rounds": 8})
    renderer = MythotopiaRenderer()
    for seat in (0, players - 1, None):
        view = state.view(seat)
        text = render(renderer.position(view))
        assert max(len(line) for line in text.splitlines()) <= 100
        assert text.startswith("Mythotopia")
        for other in range(players):
            assert f"Seat {other} (" in text
        assert ("(you)" in text) == (seat is not None)
        flat = " ".join(text.split())
        for section in ("Neutral (", "Seas", "Roads", "VP cards", "Display", "Reserve"):
            assert section in text
        for card in view["vp_cards"]:
            assert card["name"] in flat
        for player in view["players"]:
            pattern = rf"^\s*(▶ )?Seat {player['seat']} \("  # the players' table's row
            row = next(line for line in text.splitlines() if re.match(pattern, line))
            in_reserve = len(player["reserve"]) + len(player["reserve_new"])
            assert f"{in_reserve}/{player['reserve_limit']}" in row
        for sea in view["seas"]:
            assert (sea["name"] in flat) == any(sea["ships"])
        owned = [p for p in view["provinces"] if p["owner"] is not None]
        for province in owned:
            assert province["name"] in text
        if seat is not None:
            hand = view["players"][seat]["hand"]
            assert "Your hand: " in text and all(card_name(c) in flat for c in hand)
        else:
            assert "hand:" not in text
    narrow = render(renderer.position(state.view(0)), width=80)
    assert max(len(line) for line in narrow.splitlines()) <= 80


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_position_fits_a_terminal(players: int) -> None:
    # One line per player and per board item, wrapped: a position mid-game fits a 40-50 line
    # terminal with the actions below it (it took 51 to 75 lines at 120 columns before).
    renderer = MythotopiaRenderer()
    heights = []
    for steps in range(200, 2000, 150):
        state = played(players, players, steps)
        if state.is_terminal():
            break
        text = render(renderer.position(state.view(state.current_player)), width=120)
        assert max(len(line) for line in text.splitlines()) <= 120
        heights.append(len(text.splitlines()))
    assert len(heights) >= 5
    assert max(heights) <= 22 + 4 * players, heights


@pytest.mark.parametrize(("players", "seed", "steps"), POINTS)
def test_another_players_hand_never_shows(players: int, seed: int, steps: int) -> None:
    state = played(players, seed, steps, {"max_rounds": 8})
    renderer = MythotopiaRenderer()
    hands = {seat: list(state.view(seat)["players"][seat]["hand"]) for seat in range(players)}
    for seat in (*range(players), None):
        view = state.view(seat)
        others = {s: cards for s, cards in hands.items() if s != seat}
        assert all("hand" not in view["players"][s] for s in others)
        secret = hidden_names(view, others)
        if seat is not None:
            secret -= {card_name(c) for c in hands[seat]}
        text = render(renderer.position(view))
        assert_absent(secret, text)
        for s in others:
            assert str(view["players"][s]["hand_count"]) in text


def test_a_hand_card_is_named_for_its_owner_only() -> None:
    # Find a position where seat 1 holds an Improvement card nothing public names.
    for steps in range(300, 3000, 97):
        state = played(3, 11, steps, {"max_rounds": 20})
        hand = state.view(1)["players"][1]["hand"]
        secret = hidden_names(state.view(None), {1: hand})
        if secret:
            break
    else:
        pytest.fail("no private Improvement card in seat 1's hand")
    renderer = MythotopiaRenderer()
    mine = render(renderer.position(state.view(1)))
    assert all(name in mine for name in secret)
    for seat in (0, 2, None):
        assert_absent(secret, render(renderer.position(state.view(seat))))


def test_wars_show_each_sides_strength() -> None:
    for steps in range(100, 3000, 50):
        state = played(3, 2, steps)
        view = state.view(None)
        wars = [p for p in view["provinces"] if p["at_war"]]
        if wars:
            break
    else:
        pytest.fail("no war in the game")
    text = render(MythotopiaRenderer().position(view))
    assert re.search(r"^ Wars ", text, re.MULTILINE)
    flat = " ".join(text.split())
    for war in wars:
        told = flat.split(f"{war['name']}: ", 1)[1].split(" · ")[0]
        for side, strength in war["strengths"].items():
            who = "neutral" if int(side) < 0 else ("red", "blue", "green", "yellow")[int(side)]
            assert f"{who} {strength}" in told
        if war["owner"] is not None:
            assert f"({('red', 'blue', 'green', 'yellow')[war['owner']]} defends)" in told


def test_the_action_being_paid_for() -> None:
    for steps in range(200, 3000, 7):
        state = played(3, 1, steps)
        view = state.view(None)
        pending = view["pending"]
        if pending and pending["kind"] == "invade" and pending["played"]:
            break
    else:
        pytest.fail("no invasion being paid for")
    line = pending_line(view)
    assert line is not None
    target = board().provinces[board().province_index[pending["args"][0]]].name
    assert f"invading {target}" in line.plain
    assert all(card_name(c) in line.plain for c in pending["played"])
    needs = [f"{n} {s}" for s, n in pending["needs"].items() if n]
    assert all(need in line.plain for need in needs)
    seat = pending["seat"]
    instruction = MythotopiaRenderer().instruction(state.view(seat)) or ""
    assert "Pay" in instruction


def test_the_road_move_being_made_and_counsellor_from_the_reserve() -> None:
    # A scenario position: red's road move between Palmain, Scombroid and Blore, open after
    # its first transfer (MT-RULING-ROAD-MOVE).
    state = setup(provinces={0: ["palmain", "scombroid", "blore"]})
    position(
        state,
        roads=[("palmain", "scombroid"), ("palmain", "blore")],
        armies={("palmain", 0): 4},
    )
    play(state, "move palmain scombroid 1")
    line = pending_line(state.view(1))
    assert line is not None and "road move: 1 Palmain → Scombroid" in line.plain
    instruction = MythotopiaRenderer().instruction(state.view(0)) or ""
    assert "Road move" in instruction and "done" in instruction
    play(state, "move palmain blore 2")
    line = pending_line(state.view(None))
    assert line is not None and "1 Palmain → Scombroid, 2 Palmain → Blore" in line.plain
    play(state, "done")
    position(state, hand={0: ["palmain", "start-army"]}, reserve={0: ["counsellor"]})
    play(state, "play counsellor")
    line = pending_line(state.view(0))
    assert line is not None and "Counsellor: discarding (played from the Reserve)" in line.plain


def test_vp_cards_show_the_counters_left() -> None:
    state = played(3, 1, 200)
    text = render(MythotopiaRenderer().position(state.view(None)))
    for card in state.view(None)["vp_cards"]:
        counters = card["counters"]
        if counters and card["id"] not in ("lord-of-the-isles", "master-of-the-seas"):
            assert f"{len(counters)} x {vp_value(card['id'], counters[0])}VP" in text
    assert vp_value("lord-of-the-isles", "large") == 3
    assert vp_value("lord-of-the-isles", "small") == 2
    assert vp_value("castle", "x") == 2
    assert vp_value("patronage", "x") == 1


def test_events_over_a_whole_game_are_told_by_the_narrator_hiding_others_draws() -> None:
    # The terminal prints the game's narrator's lines (the renderer draws only the position).
    final = theomachy.simulate(GAME, players=3, seed=4, options={"max_rounds": 4})
    state = final.game.new_game()
    narrator = final.game.narrator()
    renderer = MythotopiaRenderer()
    assert not hasattr(renderer, "event")
    texts: list[str] = []
    for action in final.history():
        before = state.view(0)
        actor = state.current_player
        seen = state.action_seen_by(action, 0)
        state.apply(action)
        told = narrator.tell(before, state.view(0), actor, seen)
        assert told is not None
        if seen == "draw ?":
            assert re.match(r"(Blue|Green) draws a card\b", told.text), told
        texts.append(told.text)
    joined = "\n".join(texts)
    assert "Blue draws a card" in joined and "you draw " in joined
    assert re.search(r"\w+ is dealt to (you|Blue|Green)", joined)
    assert " is laid on the display" in joined
    assert "ends the turn" in joined
    assert "The game is over" in joined
    result = render(renderer.result(state.view(0)))
    assert "The end of the game" in result and "wins" in result


def test_a_whole_game_in_the_terminal() -> None:
    result = runner.invoke(
        app,
        ["play", GAME, "--seats", "human,random", "--seed", "3", "-o", "max_rounds=2"],
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Mythotopia · round 1/2" in text
    assert "Seat 0 (red) (you)" in text
    assert "your move>" in text
    assert "The end of the game" in text
