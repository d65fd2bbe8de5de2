"""Mythic Wars in the terminal: whole games with people and bots, hot seat, the renderer."""

from __future__ import annotations

import json
import re
from functools import partial

import pytest
from typer.testing import CliRunner

import theomachy
from terminal_helpers import played_game, render
from theomachy.cli import app
from theomachy.engine import CHANCE, State
from theomachy.games.mythic_wars.narration import NARRATOR, entities
from theomachy.games.mythic_wars.rules import DEITIES
from theomachy.terminal import renderer_for
from theomachy.terminal.mythic_wars import (
    MythicWarsRenderer,
    ability_summary,
    ability_tag,
    pending_line,
)

GAME = "mythic-wars"
runner = CliRunner()
MINE = ["thor", "zeus", "set", "fujin"]
THEIRS = ["hera", "anubis", "izanagi", "chalchiuhtlicue"]
DESTINY = [
    "-o",
    "mode=destiny",
    "-o",
    f"factions={json.dumps([MINE, THEIRS])}",
    "-o",
    "first=0",
]


def lines(count: int, item: str = "1") -> str:
    """Scripted input: ``count`` lines of ``item``."""
    return f"{item}\n" * count


played = partial(played_game, GAME)


def told(state: State, action: str, reader: int | None) -> str:
    """Apply ``action`` and say it as the terminal prints it to ``reader`` (the narrator's
    words, plain text)."""
    before, actor = state.view(reader), state.current_player
    seen = state.action_seen_by(action, reader)
    state.apply(action)
    line = state.game.narrator().tell(before, state.view(reader), actor, seen)
    assert line is not None
    return line.text


# --- whole games through the command line ------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "options"),
    [
        ("human,random", []),
        ("random,random,human,random,random", ["-o", "mode=guided"]),
    ],
)
def test_a_whole_game_one_person_and_bots(seats: str, options: list[str]) -> None:
    result = runner.invoke(
        app, ["play", GAME, "--seats", seats, "--seed", "5", *options], input=lines(2000)
    )
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Returns: [" in text
    assert "The end of the battle" in text
    assert "your move>" in text
    assert "pass to seat" not in text  # one person: nothing to hand over
    person = seats.split(",").index("human")
    assert f"Seat {person} (you)" in text
    assert " against " in text and ("hit" in text or "miss" in text)  # dice told as they roll


def test_hot_seat_never_shows_one_persons_face_down_cards_to_the_other() -> None:
    result = runner.invoke(
        app, ["play", GAME, "--seats", "human,human", "--seed", "2", *DESTINY], input=lines(2000)
    )
    assert result.exit_code == 0, result.output
    text = result.output
    assert "Hot seat" in text
    # Screens between "pass to seat N" and the next hand-over are drawn for seat N only.
    pieces = re.split(r"─+ pass to seat (\d) ─+", text)
    public, screens = pieces[0], list(zip(pieces[1::2], pieces[2::2], strict=True))
    assert [seat for seat, _ in screens[:2]] == ["0", "1"]
    names = {deity: entities()[deity].name for deity in THEIRS}
    declared: set[str] = set()
    checked = 0
    for seat, screen in [("-", public), *screens]:
        if seat != "1":
            for deity in set(THEIRS) - declared:
                pattern = rf"\b({deity}|{names[deity]})\b"
                assert not re.search(pattern, screen, re.IGNORECASE), (deity, screen)
                checked += 1
        declared |= {d for d in THEIRS if f"declares {names[d]} for invocation" in screen}
    assert checked >= 4
    # Seat 1 does see its own face-down deities (so the split above means something).
    first_for_1 = next(screen for seat, screen in screens if seat == "1")
    assert all(names[deity] in first_for_1 for deity in THEIRS)
    assert "The end of the battle" in text


def test_seats_length_must_match_the_player_count() -> None:
    result = runner.invoke(app, ["play", GAME, "--players", "4", "--seats", "human,random,random"])
    assert result.exit_code == 2
    assert "--seats lists 3 seat(s)" in result.output
    assert "has 4 players" in result.output


def test_seats_are_checked() -> None:
    unknown = runner.invoke(app, ["play", GAME, "--seats", "human,nobody"])
    assert unknown.exit_code == 2
    assert "unknown agent 'nobody'" in unknown.output and "human" in unknown.output
    empty = runner.invoke(app, ["play", GAME, "--seats", "human,,random"])
    assert empty.exit_code == 2 and "empty entry" in empty.output
    both = runner.invoke(app, ["play", GAME, "--seats", "human,random", "--vs", "random"])
    assert both.exit_code == 2 and "instead of --seat and --vs" in both.output
    too_many = runner.invoke(app, ["play", GAME, "--seats", ",".join(["random"] * 9)])
    assert too_many.exit_code == 2 and "players" in too_many.output


def test_seats_without_players_set_the_count() -> None:
    result = runner.invoke(
        app, ["play", GAME, "--seats", "random,human,random", "--seed", "1"], input=lines(1)
    )
    assert result.exit_code == 0, result.output
    assert "you play seat 1 of 3 against random" in result.output
    assert "Seat 2" in result.output and "Seat 3" not in result.output


def test_seat_and_vs_still_work() -> None:
    result = runner.invoke(
        app,
        ["play", GAME, "--players", "3", "--seat", "2", "--vs", "random", "--seed", "4"],
        input=lines(1),
    )
    assert result.exit_code == 0, result.output
    assert "you play seat 2 of 3 against random" in result.output
    assert "Seat 2 (you)" in result.output


def test_json_factions_option_reaches_the_game() -> None:
    result = runner.invoke(app, ["play", GAME, "--seed", "1", *DESTINY], input=lines(1))
    assert result.exit_code == 0, result.output
    assert "destiny mode" in result.output
    for deity in MINE:
        assert f"invoke {deity}" in result.output


def test_bad_json_option_exits_2() -> None:
    result = runner.invoke(app, ["play", GAME, "-o", "factions=[[thor]"])
    assert result.exit_code == 2
    assert "--option factions" in result.output and "not valid JSON" in result.output
    wrong = runner.invoke(app, ["play", GAME, "-o", "mode=destiny", "-o", "factions=[]"])
    assert wrong.exit_code == 2 and "factions" in wrong.output


# --- the renderer ---------------------------------------------------------------------------


def test_the_renderer_is_registered() -> None:
    assert isinstance(renderer_for(GAME), MythicWarsRenderer)


@pytest.mark.parametrize("players", [2, 4, 5, 8])
def test_positions_fit_in_100_columns(players: int) -> None:
    state = played(players, seed=players, steps=40 * players)
    renderer = MythicWarsRenderer()
    for seat in (0, players - 1, None):
        text = render(renderer.position(state.view(seat)))
        assert max(len(line) for line in text.splitlines()) <= 100
        for other in range(players):
            assert f"Seat {other}" in text
    you = render(renderer.position(state.view(0)))
    assert "Seat 0 (you)" in you
    assert "♛ prime" in you


def test_others_face_down_deities_are_hidden_cards() -> None:
    game = theomachy.load(GAME, players=2, options={"mode": "destiny", "factions": [MINE, THEIRS]})
    state = game.new_game()
    mine = render(MythicWarsRenderer().position(state.view(0)))
    assert "Thor" in mine and "face down" in mine
    for deity in THEIRS:
        assert entities()[deity].name not in mine
    assert mine.count("▒ ░") == 4


def test_summoned_creatures_sit_under_their_summoner() -> None:
    options = {"mode": "destiny", "factions": [["loki", "thor", "odin", "frigg"], THEIRS]}
    state = theomachy.load(GAME, players=2, options={**options, "first": 0}).new_game()
    state.apply("invoke loki")
    state.apply("invoke hera")
    text = render(MythicWarsRenderer().position(state.view(1)))
    assert re.search(r"● Loki.*\n.*└ ● Fenrir", text)


def test_a_draft_shows_the_dealt_cards() -> None:
    state = played(3, seed=1, steps=18, options={"mode": "guided"})
    assert state.view(0)["phase"] == "draft"
    view = state.view(0)
    text = render(MythicWarsRenderer().position(view))
    assert "Your dealt cards: keep 4" in text
    for card in view["hand"]:
        assert entities()[card].name in text
    assert "Draft" in (MythicWarsRenderer().instruction(view) or "")


def test_an_assembly_shows_the_shared_copy_to_the_seat_assembling_only() -> None:
    game = theomachy.load(GAME, players=3, options={"mode": "pantheons-of-destiny"})
    state = game.new_game()
    renderer = MythicWarsRenderer()
    assert told(state, "assemble zeus", 1) == "takes a deity from the shared copy"
    for deity in ("hera", "ares", "hades"):
        state.apply(f"assemble {deity}")
    view = state.view(1)
    assert view["phase"] == "assemble"
    text = render(renderer.position(view))
    left = len(DEITIES) - 4
    assert f"The shared copy: take 4 (0 taken so far, {left} deities left)" in text
    assert "Athena" in text and "Zeus" not in text
    assert "one pantheon" in (renderer.instruction(view) or "")
    other = render(renderer.position(state.view(2)))
    assert "The shared copy" not in other and "Athena" not in other
    assert "assembling factions" in other


def test_ability_words_cover_every_entity() -> None:
    for entity in entities().values():
        assert ability_summary(entity) != entity.ability or entity.ability in ("taunt", "ambush")
        assert len(ability_tag(entity)) <= 16, ability_tag(entity)


def test_rolls_are_read_from_the_view_not_recomputed() -> None:
    options = {"mode": "destiny", "factions": [MINE, THEIRS], "first": 0}
    state = theomachy.load(GAME, players=2, options=options).new_game()
    for action in ("invoke thor", "invoke hera", "attack thor hera", "roll 3"):
        state.apply(action)
    renderer = MythicWarsRenderer()
    before = state.view(0)
    line = pending_line(before, renderer)
    assert line is not None and "attack die 3 · Hera's defense die next" in line.plain
    state.apply("roll 2")
    after = state.view(0)
    after["settled"] = [{**after["settled"][0], "first_total": 40, "result": "hit"}]
    text = NARRATOR.tell(before, after, CHANCE, "roll 2")
    assert text is not None and "Thor 40 (die 3 + Attack 7 + 30) against Hera 10" in text.text


@pytest.mark.rules("MW-ABILITY-TAUNT", "MW-RULING-TAUNT")
def test_the_taunt_words_say_who_may_be_attacked() -> None:
    assert ability_summary(entities()["tyr"]) == "its faction's non-Guardians cannot be attacked"
    assert ability_tag(entities()["heimdall"]) == "guardian"


@pytest.mark.rules("MW-RULING-ORDER")
def test_an_order_choice_is_explained_and_told() -> None:
    factions = [["thor", "zeus", "set", "fujin"], ["izanami", "nergal", "hera", "ra"]]
    options = {"mode": "destiny", "factions": factions, "first": 0}
    state = theomachy.load(GAME, players=2, options=options).new_game()
    wanted = ["invoke thor", "invoke izanami", "invoke zeus", "invoke nergal"]
    while not state.legal_actions()[0].startswith("order "):  # rest, burn, invoke as wanted
        legal = state.legal_actions()
        choice = next((a for a in wanted if a in legal), None)
        state.apply(choice or next((a for a in legal if a.startswith("rest ")), legal[0]))
    view = state.view(1)
    assert view["legal_actions"] == ["order izanami", "order nergal"]
    renderer = MythicWarsRenderer()
    assert "choose which resolves first" in (renderer.instruction(view) or "")
    assert told(state, "order nergal", 1) == "has Nergal's Plague Fever resolve next"


# --- Solo Destiny ------------------------------------------------------------------------------
SOLO = {"mode": "destiny", "solo": True}


@pytest.mark.rules("MW-NOTATION-SOLO", "MW-RULING-SOLO")
def test_solo_assembly_shows_the_seats_own_copy() -> None:
    state = theomachy.load(GAME, players=2, options=SOLO).new_game()
    renderer = MythicWarsRenderer()
    for deity in MINE:
        state.apply(f"assemble {deity}@0")
    view = state.view(1)
    text = render(renderer.position(view))
    assert f"Your own copy: take 4 (0 taken so far, {len(DEITIES)} deities left)" in text
    assert "Thor" in text  # seat 0 took Thor from its own copy; seat 1 has its own
    assert "your own copy" in (renderer.instruction(view) or "")
    assert told(state, "assemble thor@1", 0) == "takes a deity from their own copy"


@pytest.mark.rules("MW-NOTATION-SOLO", "MW-RULING-SOLO")
def test_solo_battle_names_each_copy_with_its_seat() -> None:
    options = {**SOLO, "factions": [MINE, MINE], "first": 0}
    state = theomachy.load(GAME, players=2, options=options).new_game()
    renderer = MythicWarsRenderer()
    for action in ("invoke thor@0", "invoke thor@1", "attack thor@0 thor@1", "roll 5", "roll 1"):
        state.apply(action)
    text = render(renderer.position(state.view(1)))
    assert text.count("Thor") >= 2 and max(len(line) for line in text.splitlines()) <= 100


def test_a_whole_solo_game_through_the_command_line() -> None:
    result = runner.invoke(
        app,
        [
            "play",
            GAME,
            "--seats",
            "human,random",
            "--seed",
            "3",
            "-o",
            "mode=destiny",
            "-o",
            "solo=true",
        ],
        input=lines(2000),
    )
    assert result.exit_code == 0, result.output
    assert "Your own copy" in result.output
