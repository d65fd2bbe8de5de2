"""Arena of the Gods in the terminal: the renderer over real views of seeded games, for a
player and a spectator, and what it must never show (another player's hand)."""

from __future__ import annotations

from functools import partial

import pytest
from typer.testing import CliRunner

from terminal_helpers import played_game, render
from theomachy.cli import app
from theomachy.terminal import renderer_for
from theomachy.terminal.arena_of_the_gods import (
    ArenaRenderer,
    card_name,
    describe,
    instruction,
)

GAME = "arena-of-the-gods"
played = partial(played_game, GAME)


def test_the_game_has_its_own_renderer():
    assert isinstance(renderer_for(GAME), ArenaRenderer)


@pytest.mark.parametrize("seed", range(6))
def test_positions_render_for_players_and_spectators(seed: int):
    state = played(2, seed, 40 + 25 * seed)
    renderer = renderer_for(GAME)
    for player in (None, 0, 1):
        view = state.view(player)
        text = render(renderer.position(view))
        assert "Battleground" in text and "Life" in text
        for perm in view["battleground"]:
            if perm["type"] != "god":
                assert perm["token"] in text


@pytest.mark.parametrize("seed", range(6))
def test_the_screen_never_shows_another_players_hand(seed: int):
    state = played(2, seed, 60 + 10 * seed)
    renderer = renderer_for(GAME)
    view = state.view(0)
    text = render(renderer.position(view))
    public = set()
    for entry in view["players"]:
        public |= set(entry["afterlife"]) | set(entry.get("known_hand") or [])
        public |= set(entry.get("hand") or [])
    public |= {p["card"] for p in view["battleground"]}
    hidden = {card_name(c) for c in state.hand[1]} - {card_name(c) for c in public}
    for name in hidden:
        assert f"{name} [" not in text and f"{name} (" not in text, name


def test_instructions_follow_the_step():
    state = played(2, 1, 400)
    while not state.is_terminal():
        view = state.view(state.current_player) if state.current_player >= 0 else None
        if view is not None and view["step"] == "main" and not view["pending"]:
            assert "attack" in (instruction(view) or "")
            break
        state.apply(state.legal_actions()[0])


def test_a_whole_game_between_bots_plays_in_the_terminal():
    result = CliRunner().invoke(
        app,
        ["play", GAME, "--seats", "random,random", "--seed", "3", "-o", "max_rounds=60"],
        input="",
    )
    assert result.exit_code == 0, result.output
    assert "Result" in result.output or "winner" in result.output.lower()


def test_plays_are_described_with_where_they_come_from():
    view = played(2, 1, 0).view(0)
    assert describe("play hoplite", 0, view) == "P0 plays Hoplite"
    assert describe("play-from-afterlife longbow-archer minotaur@1", 1, view) == (
        "P1 plays Longbow Archer from the Afterlife on minotaur@1"
    )


def test_each_players_afterlife_is_listed_by_card():
    state = played(2, 1, 0)
    state.afterlife[0] = ["hoplite", "smite", "hoplite"]
    state.afterlife[1] = ["berserker"]
    state.invalidate_caches()
    for player in (None, 0, 1):
        text = render(renderer_for(GAME).position(state.view(player)))
        assert "Afterlife" in text
        assert "P0 Zeus (3): Hoplite ×2, Smite" in text
        assert "P1 Odin (1): Berserker" in text
    state.afterlife[1] = []
    state.invalidate_caches()
    text = render(renderer_for(GAME).position(state.view(0)))
    assert "P0 Zeus (3)" in text and "P1 Odin (" not in text
