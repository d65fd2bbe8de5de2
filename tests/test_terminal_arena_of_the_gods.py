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


def test_the_terminal_tells_plays_in_the_games_words():
    """The loop announces each action through the game's narrator (its package), in printed
    names, with where a card came from."""
    state = played(2, 1, 0)
    state.current, state.step = 1, "main"
    state.draws, state.order = [], []
    state.perms = {uid: p for uid, p in state.perms.items() if p.card in ("zeus", "odin")}
    state._enter("hel", 1)
    state.afterlife[1] = ["longbow-archer"]
    state.gold[1], state.favor[1] = 5, 5
    state.invalidate_caches()
    before = state.view(0)
    state.apply("play-from-afterlife longbow-archer")
    told = state.game.narrator().tell(
        before, state.view(0), 1, "play-from-afterlife longbow-archer"
    )
    assert told is not None and told.kind == "move"
    assert told.text.startswith("plays Longbow Archer (")
    assert "from the Afterlife for " in told.text and "@" not in told.text
    assert not hasattr(ArenaRenderer(), "event")


def test_a_game_in_the_terminal_reads_in_words():
    result = CliRunner().invoke(
        app,
        ["play", GAME, "--seats", "random,random", "--seed", "3", "-o", "max_rounds=4"],
        input="",
    )
    assert result.exit_code == 0, result.output
    told = [line for line in result.output.splitlines() if line.startswith("  ") and ": " in line]
    assert any("rolls" in line for line in told)
    assert any("round 1, " in line for line in told)
    assert not any(line.strip().endswith((": pass", ": end", ": done")) for line in told)


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
