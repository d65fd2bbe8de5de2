"""Mythic Wars in the terminal: whole games with people and bots, hot seat, the renderer."""

from __future__ import annotations

import json
import re
from functools import partial

import pytest
from rich.text import Text
from typer.testing import CliRunner

import theomachy
from terminal_helpers import played_game, render
from theomachy.cli import app
from theomachy.engine import CHANCE
from theomachy.games.mythic_wars.rules import DEITIES
from theomachy.terminal import renderer_for
from theomachy.terminal.mythic_wars import (
    MythicWarsRenderer,
    ability_summary,
    ability_tag,
    entities,
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
    assert " vs " in text and ("hit" in text or "miss" in text)  # dice told as they roll


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
    before = state.view(1)
    state.apply("assemble zeus")
    event = renderer.event(before, state.view(1), 0, state.view(1)["log"][-1])
    assert event is not None and "takes a deity from the shared copy (hidden)" in event
    assert "Zeus" not in event
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


def test_events_over_whole_games() -> None:
    renderer = MythicWarsRenderer()
    texts: list[str] = []
    for players, mode in ((2, "hands-of-fate"), (4, "pantheons"), (6, "guided")):
        final = theomachy.simulate(GAME, players=players, options={"mode": mode}, seed=players)
        state = final.game.new_game()
        for action in final.history():
            before = state.view(0)
            actor = state.current_player
            state.apply(action)
            after = state.view(0)
            text = renderer.event(before, after, actor, after["log"][-1])
            if text is not None:
                texts.append(Text.from_markup(text).plain)
    joined = "\n".join(texts)
    assert re.search(r"rolls \d to attack(\n|$)", joined, re.MULTILINE)
    assert re.search(r"rolls \d to defend → \w.* \d+ vs \w.* \d+: (hit|miss)", joined)
    assert re.search(r"\d+ \(critical\)", joined)
    assert "tie, rolled again" in joined
    assert "deals cards to" in joined and "(hidden)" in joined
    assert re.search(r"round \d+ · ♛ prime", joined)
    assert "is defeated" in joined
    assert "the battle is over" in joined
    assert "pantheon to" in joined
    # Hidden deals to others name no card: one line per seat, the rest are silent.
    assert joined.count("deals cards to") <= 2 + 4 + 6


def test_ability_words_cover_every_entity() -> None:
    for entity in entities().values():
        assert ability_summary(entity) != entity.ability or entity.ability in ("taunt", "ambush")
        assert len(ability_tag(entity)) <= 16, ability_tag(entity)


def scripted(*actions: str) -> list[str]:
    """The events (plain text, seat 0's view) of a destiny game of MINE against THEIRS, with
    the dice given as ``roll N`` actions."""
    options = {"mode": "destiny", "factions": [MINE, THEIRS], "first": 0}
    state = theomachy.load(GAME, players=2, options=options).new_game()
    renderer = MythicWarsRenderer()
    events = []
    for action in actions:
        before, actor = state.view(0), state.current_player
        state.apply(action)
        after = state.view(0)
        text = renderer.event(before, after, actor, after["log"][-1])
        events.append(Text.from_markup(text or "").plain)
    return events


def test_an_attack_is_told_from_the_settled_roll() -> None:
    events = scripted("invoke thor", "invoke anubis", "decline", "attack thor anubis", "roll 2")
    assert events[-1] == "Thor rolls 2 to attack"  # nothing settled yet: no totals
    events = scripted(
        *("invoke thor", "invoke anubis", "decline", "attack thor anubis"),
        *("roll 2", "roll 2", "roll 6", "roll 1"),
    )
    assert events[-3] == "Anubis rolls 2 to defend → Thor 9 vs Anubis 9: tie, rolled again"
    assert events[-1] == (
        "Anubis rolls 1 to defend → Thor 13 (critical) vs Anubis 8: hit — Anubis −5 (7→2)"
    )


def test_a_tie_breaker_is_named() -> None:
    events = scripted("invoke thor", "invoke hera", "attack thor hera", "roll 3", "roll 2")
    assert events[-1] == "Hera rolls 2 to defend → Thor 10 vs Hera 10: miss (tie won by Hera)"


def test_a_clash_and_its_damage_die() -> None:
    # Izanagi's +1 to its faction's Power rolls is in the game's total, not worked out here.
    events = scripted(
        *("invoke set", "invoke izanagi", "ability set izanagi"), "roll 4", "roll 3", "roll 5"
    )
    assert events[-3] == "Set rolls 4 in the clash"
    assert events[-2] == "Izanagi rolls 3 in the clash → Set 12 vs Izanagi 11: Set wins"
    assert events[-1] == "Set rolls 5 for damage to Izanagi — Izanagi −5 (7→2)"


@pytest.mark.parametrize(
    ("die", "told"),
    [
        (4, "Fujin rolls 4 for Defense: 10, under 11 — Fujin is defeated"),
        (5, "Fujin rolls 5 for Defense: 11, not under 11: survives"),
        (6, "Fujin rolls 6 for Defense: 12 (critical), not under 11: survives"),
    ],
)
def test_a_defense_test(die: int, told: str) -> None:
    events = scripted(
        "invoke fujin", "invoke chalchiuhtlicue", "ability chalchiuhtlicue fujin", f"roll {die}"
    )
    assert events[-1] == told


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
    text = renderer.event(before, after, CHANCE, "roll 2")
    assert text is not None and "Thor 40 vs Hera 10: hit" in text


@pytest.mark.rules("MW-RULING-DOOM")
def test_a_natural_six_under_the_doom_threshold_is_told_defeated() -> None:
    factions = [["chalchiuhtlicue", "thor", "zeus", "set"], ["loki", "hera", "anubis", "izanagi"]]
    options = {"mode": "destiny", "factions": factions}
    state = theomachy.load(GAME, players=2, options={**options, "first": 1}).new_game()
    renderer = MythicWarsRenderer()
    for action in ("invoke loki", "invoke chalchiuhtlicue", "ability chalchiuhtlicue fenrir"):
        state.apply(action)
    before = state.view(0)
    state.apply("roll 6")
    text = Text.from_markup(renderer.event(before, state.view(0), CHANCE, "roll 6") or "").plain
    assert text.startswith("Fenrir rolls 6 for Defense: 9 (critical), under 11")
    assert "Fenrir is defeated" in text


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
    state.apply("order nergal")
    event = renderer.event(view, state.view(1), 1, "order nergal")
    assert event is not None and "Nergal's ability resolves next" in event


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
    before = state.view(0)
    state.apply("assemble thor@1")
    event = renderer.event(before, state.view(0), 1, state.view(0)["log"][-1])
    assert event is not None and "takes a deity from their own copy (hidden)" in event


@pytest.mark.rules("MW-NOTATION-SOLO", "MW-RULING-SOLO")
def test_solo_battle_names_each_copy_with_its_seat() -> None:
    options = {**SOLO, "factions": [MINE, MINE], "first": 0}
    state = theomachy.load(GAME, players=2, options=options).new_game()
    renderer = MythicWarsRenderer()
    events = []
    for action in ("invoke thor@0", "invoke thor@1", "attack thor@0 thor@1", "roll 5", "roll 1"):
        before, actor = state.view(0), state.current_player
        state.apply(action)
        text = renderer.event(before, state.view(0), actor, state.view(0)["log"][-1])
        events.append(Text.from_markup(text or "").plain)
    assert events[2] == "Thor@0 attacks Thor@1"
    assert events[4] == "Thor@1 rolls 1 to defend → Thor@0 12 vs Thor@1 8: hit — Thor@1 −4 (7→3)"
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
