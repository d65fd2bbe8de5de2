"""Mythic Battles in the terminal: the renderer over real views of seeded games (2 and 4
players, for each player and a spectator), a position during an ATTACK with its dice, a
finished game, the instruction at every decision, and what it must never show (another
player's hand)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

import theomachy
from games.mythic_battles.scenario import position
from scenario_helpers import act
from terminal_helpers import render
from theomachy.cli import app
from theomachy.engine import CHANCE
from theomachy.games.mythic_battles.data import powers, units
from theomachy.terminal import renderer_for
from theomachy.terminal.mythic_battles import (
    MythicBattlesRenderer,
    die_text,
    instruction,
    short_names,
    talent_name,
)

GAME = "mythic-battles"


def positions(players: int, seed: int) -> Iterator[Any]:
    """Every position of a seeded game between random bots (``game.replay`` step by step)."""
    final = theomachy.simulate(GAME, players=players, seed=seed)
    state = theomachy.load(GAME, players=players).new_game()
    yield state
    for action in final.history():
        state.apply(action)
        yield state


def sample(players: int, seed: int, every: int) -> list[Any]:
    return [s.clone() for k, s in enumerate(positions(players, seed)) if k % every == 0]


def seats_and_spectator(state: Any) -> list[int | None]:
    return [None, *range(state.game.players)]


def test_the_game_has_its_own_renderer() -> None:
    assert isinstance(renderer_for(GAME), MythicBattlesRenderer)


@pytest.mark.parametrize(("players", "seed", "every"), [(2, 0, 37), (2, 5, 41), (4, 1, 90)])
def test_positions_render_for_players_and_spectators(players: int, seed: int, every: int) -> None:
    renderer = renderer_for(GAME)
    seen_units = False
    for state in sample(players, seed, every):
        for player in seats_and_spectator(state):
            view = state.view(player)
            text = render(renderer.position(view), width=110)
            board = view["map"]
            recruiting = view["step"] in ("recruit-divinity", "recruit-unit")
            assert board["name"] in text
            # During recruitment the units to be had and the RP take the players' table's place.
            assert ("Recruitment: " in text and "RP left: " in text) == recruiting
            assert ("Players" in text) != recruiting
            assert f"Round {view['round']}/" in text
            # MB-WIN-4 is shown where the scenario has it (the 4-player one), only there.
            assert ("first kill wins" in " ".join(text.split())) == (players == 4)
            short = short_names(view)
            for unit in view["units"]:
                assert unit["name"].split()[0] in text
                assert f"{unit['vitality']}/{unit['max_vitality']}" in text
                if unit["area"] and not unit["dead"]:
                    assert short[unit["id"]] in text  # on the map by its short name
                    seen_units = True
            for seat in range(players):
                assert f"Z{seat}" in text  # deployment zones
            for entry in view["players"]:
                if not recruiting:
                    absorbed = f"{entry['absorbed']}/{view['omphalos_to_win']}"
                    assert absorbed in text or ("(side" in text)
            if player is None:
                assert "Your hand" not in text
            elif view["players"][player]["hand"]:
                assert f"Your hand ({len(view['players'][player]['hand'])})" in text
            if view["activation"]:
                assert "Active: " in text
    assert seen_units


def test_the_map_shows_terrain_cliffs_and_omphalos() -> None:
    state = theomachy.load(GAME, players=2).new_game()
    view = state.view(0)
    text = render(renderer_for(GAME).position(view), width=110)
    board = view["map"]
    assert "━" in text or "┃" in text  # cliffs as heavy borders
    for a, b in board["cliffs"]:
        assert f"{a}|{b}" in text
    assert "impenetrable" in text and "ruin" in text and "tree" in text
    assert text.count("◎") >= sum(1 for n in board["omphalos"] if n)
    # Every area has its number in the grid.
    for area in range(1, board["columns"] * board["rows"] + 1):
        assert f"│{area:>2} " in text or f"┃{area:>2} " in text, area


def test_four_players_show_four_zones_and_sides() -> None:
    state = sample(4, 2, 100)[2]
    view = state.view(3)
    text = render(renderer_for(GAME).position(view), width=110)
    assert view["map"]["columns"] == 7
    for seat in range(4):
        assert f"Z{seat}" in text and f"P{seat} " in text
    assert "(you)" in text


@pytest.mark.parametrize("seed", range(6))
def test_the_screen_never_shows_another_players_hand(seed: int) -> None:
    """The screen of a seat is the same whatever the others' hidden cards are."""
    renderer = renderer_for(GAME)
    for state in sample(2, seed, 53)[1:]:
        view = state.view(0)
        other = state.determinize(0, random.Random(seed)).view(0)
        assert render(renderer.position(view)) == render(renderer.position(other))
        hidden = view["players"][1]
        assert "hand" not in hidden
        text = render(renderer.position(view), width=110)
        table = text[text.index("\nPlayers") :]
        line = next(x for x in table.splitlines() if x.strip().startswith("P1 "))
        assert str(hidden["hand_count"]) in line


def attack_positions() -> Iterator[tuple[Any, dict[str, Any]]]:
    for seed in range(12):
        for state in positions(2, seed):
            view = state.view(None)
            if view["attacks"] and view["attacks"][-1]["first_assault"]:
                yield state, view


def test_a_position_during_an_attack_shows_the_attack_and_its_dice() -> None:
    _state, view = next(attack_positions())
    renderer = renderer_for(GAME)
    text = render(renderer.position(view), width=110)
    attack = view["attacks"][-1]
    assert "ATTACK" in text
    attacker = next(u for u in view["units"] if u["id"] == attack["attacker"])
    assert attacker["name"] in text
    for target in attack["targets"]:
        assert next(u["name"] for u in view["units"] if u["id"] == target) in text
    assert "First assault" in text and "Second assault" in text
    for face in attack["first_assault"]:
        assert render(die_text(face)).strip() in text
    assert f"distance {attack['distance']}" in text
    assert "1-2 blank" in text


def test_dice_read_blank_hit_critical() -> None:
    assert "·" in render(die_text(2)) and "✓" in render(die_text(4))
    assert "✦" in render(die_text(6))


def test_instructions_follow_the_step_and_the_attack_phase() -> None:
    asked = set()
    for players, seed in ((2, 0), (2, 3), (4, 2)):
        for state in positions(players, seed):
            seat = state.current_player
            if seat < 0:
                continue
            view = state.view(seat)
            words = instruction(view)
            assert words, (view["step"], view["attacks"])
            if view["attacks"]:
                assert words.startswith("ATTACK"), words
                asked.add(view["attacks"][-1]["phase"])
            else:
                asked.add(view["step"])
            legal = view["legal_actions"]
            if view["step"] == "simple-actions" and not view["attacks"]:
                assert "done" in legal and "done" in words
    assert {"recruit-divinity", "recruit-unit", "pass-or-continue", "first-activation"} <= asked


def narrated_lines(narrator: Any, seed: int) -> list[str]:
    """What the terminal prints for seat 0 through a seeded random game."""
    final = theomachy.simulate(GAME, players=2, seed=seed)
    state = theomachy.load(GAME, players=2).new_game()
    lines = []
    for action in final.history():
        actor = state.current_player
        seen = state.action_seen_by(action, 0)
        before = state.view(0)
        state.apply(action)
        told = narrator.tell(before, state.view(0), actor, seen)
        if told is None:
            assert action.startswith("roll "), action  # a die told with its assault
            continue
        assert told.text and told.text != seen, action
        lines.append(told.text)
        if actor == CHANCE and action.startswith("draw ") and seen == "draw ?":
            assert told.text.endswith("draws a card")  # another player's draw stays hidden
    return lines


def test_events_read_as_words_told_by_the_games_narrator() -> None:
    """The terminal prints each applied action as the game's narrator tells it (play.py):
    words, never the notation, and another player's draws stay hidden."""
    narrator = theomachy.load(GAME, players=2).narrator()
    lines = []
    # Three random games, so that some ATTACK is rolled whatever the content's numbers.
    for seed in (4, 5, 6):
        lines += narrated_lines(narrator, seed)
    assert any("activates" in line for line in lines)
    assert any(" rolls " in line or " roll " in line for line in lines)


def test_another_players_search_reads_without_its_card() -> None:
    """MB-RULING-SEARCH: seat 1 sees that seat 0 searched, not what it took."""
    state = position(hands={0: ["zeus", "aow"]})
    before = {seat: state.view(seat) for seat in (0, 1)}
    seen = {seat: state.action_seen_by("search hoplites", seat) for seat in (0, 1)}
    act(state, "search hoplites")
    narrator = state.game.narrator()
    told = {s: narrator.tell(before[s], state.view(s), 0, seen[s]) for s in (0, 1)}
    assert told[1] is not None and told[0] is not None
    assert told[1].text == "searches the deck for a card (Search for Card, 1 Art of War card)"
    assert told[0].text == (
        "searches the deck for a Hoplites card (Search for Card, 1 Art of War card)"
    )


def test_absorbing_an_omphalos_card_reads_as_words() -> None:
    """MB-RULING-OMPHALOS-CARDS: the divinity's ABSORB of an omphalos card."""
    state = position(at={"zeus": 12}, hands={0: ["zeus"]}, omphalos_cards=[2, 0])
    state.game.scenario = state.game.scenario.model_copy(update={"omphalos_cards_counted": 3})
    act(state, "activate zeus", "complex")
    before = state.view(1)
    act(state, "absorb card")
    told = state.game.narrator().tell(before, state.view(1), 0, "absorb card")
    assert told is not None and told.text == "absorbs an omphalos card (1 of 2)"
    # Where the scenario counts no card toward victory (the Sacred Valley since MB-TUNE-4),
    # the tally says so.
    state = position(at={"zeus": 12}, hands={0: ["zeus"]}, omphalos_cards=[2, 0])
    assert state.game.scenario.omphalos_cards_counted == 0
    act(state, "activate zeus", "complex")
    before = state.view(1)
    act(state, "absorb card")
    told = state.game.narrator().tell(before, state.view(1), 0, "absorb card")
    assert told is not None and told.text == "absorbs an omphalos card (0 of 2)"


def test_a_finished_game_shows_the_result() -> None:
    state = theomachy.simulate(GAME, players=2, seed=2)
    assert state.is_terminal()
    renderer = renderer_for(GAME)
    view = state.view(None)
    text = render(renderer.position(view), width=110)
    assert "game over" in text
    assert instruction(view) is None
    result = render(renderer.result(view))
    assert "Result" in result and "winner" in result
    for seat in range(2):
        assert renderer.seat_name(view, seat) in result


def test_a_whole_game_between_bots_plays_in_the_terminal() -> None:
    result = CliRunner().invoke(
        app, ["play", GAME, "--seats", "random,random", "--seed", "3"], input=""
    )
    assert result.exit_code == 0, result.output
    assert "Result" in result.output or "winner" in result.output.lower()


def test_block_and_the_priority_ruling_read_as_words() -> None:
    """MB-TAL-OPTIONAL and MB-HIER-2 in the instructions (the narrator tells the answers:
    tests/games/mythic_battles/test_narration.py)."""
    renderer = renderer_for(GAME)
    before = theomachy.load(GAME, players=2).new_game().view(1)
    assert "priority" in (
        renderer.instruction({**before, "attacks": [{"phase": "priority"}]}) or ""
    )
    assert "Block" in (renderer.instruction({**before, "step": "block"}) or "")


# --- recruitment and talents ------------------------------------------------------------------


def test_recruitment_shows_rp_left_costs_and_stats() -> None:
    state = theomachy.load(GAME, players=2).new_game()
    for action in ("choose zeus", "choose hades", "recruit achilles", "recruit leonidas"):
        state.apply(action)
    mover = state.current_player
    view = state.view(mover)
    text = render(renderer_for(GAME).position(view), width=120)
    rp = {entry["seat"]: entry["rp"] for entry in view["players"]}
    assert rp == {0: 7, 1: 6}
    assert "RP left: P0 Zeus 7 of 10 · P1 Hades (you) 6 of 10" in text
    assert f"Recruitment: units to recruit (you have {rp[mover]} RP; dimmed: too dear)" in text
    assert "Players" not in text and "Your hand" not in text
    taken = {"zeus", "hades", "achilles", "leonidas"}
    for unit in units().values():
        rows = [line for line in text.splitlines() if line.startswith(f" {unit.name} ")]
        if unit.id in taken or unit.divinity:
            assert not rows, unit.id  # not to be had (recruited ones are in the units table)
            continue
        row = rows[0]
        stats = f"{unit.offence}/{unit.defence}/{unit.range}/{unit.movement}"
        assert re.search(rf"\s{unit.cost}\s+{unit.vitality}\s+{stats}\s", row), row
        first_talent = talent_name(unit.talents[0])
        assert first_talent.split()[0] in row
        if unit.power:
            assert powers()[unit.power].name.split()[0] in row
        assert f"{unit.activation}+{unit.aow}" in row
    assert "O/D/R/M: Offence (dice), Defence" in " ".join(text.split())
    # Every recruit action has its unit in the table.
    for action in view["legal_actions"]:
        assert units()[action.split()[1]].name in text


def test_choosing_a_divinity_shows_the_divinities() -> None:
    view = theomachy.load(GAME, players=2).new_game().view(0)
    text = render(renderer_for(GAME).position(view), width=120)
    assert "Recruitment: divinities to choose" in text
    for god in ("Zeus", "Hades", "Ares", "Athena"):
        assert re.search(rf"^ {god} +god", text, re.MULTILINE), god
    assert "Thunderbolt" in text and "Helm of Darkness" in text
    assert "RP left: P0 Zeus" not in text and "RP left: P0 (you) 10 of 10" in text


def test_talents_are_drawn_by_name() -> None:
    for state in sample(2, 0, 37)[2:4]:
        view = state.view(0)
        text = render(renderer_for(GAME).position(view), width=120)
        for unit in view["units"]:
            for talent in unit["talents"]:
                assert talent_name(talent).split()[0] in text
                if "-" in talent:
                    assert talent not in text  # never the bare id
    assert talent_name("force-of-nature") == "Force of Nature"
    assert talent_name("close-protection") == "Close Protection"
