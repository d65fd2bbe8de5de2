"""``info NAME`` in the terminal: the full printed text of a card, unit, god, power, talent,
manoeuvre, province, sea or VP card of every game, found by name or id in any case; close
names for an unknown one, the candidates for an ambiguous one, an index for none; typed at
the prompt it is not a move; and it never tells where a card is."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from rich.console import Console

import theomachy
from terminal_helpers import played_game, render
from theomachy.agents import make
from theomachy.engine import derive_seed, games
from theomachy.games.mythic_battles.data import TALENTS, powers, units
from theomachy.games.mythotopia.board import board
from theomachy.games.mythotopia.cards import catalog as mythotopia_cards
from theomachy.terminal import Session, play_game, renderer_for
from theomachy.terminal.mythic_battles import talent_name
from theomachy.terminal.play import InfoRequested, parse_choice
from theomachy.terminal.render import GENERIC, info_key

BOX = re.compile(r"[│╭╮╰╯─]")


def info(game_id: str, query: str, view: dict[str, Any] | None = None, players: int = 2) -> str:
    """What ``info <query>`` prints, on one line: no wrapping, no box, single spaces."""
    game = theomachy.load(game_id, players=players)
    text = render(renderer_for(game_id).info(game, query, view), width=400)
    return " ".join(BOX.sub(" ", text).split())


def flat(text: str) -> str:
    return " ".join(text.split())


# --- every game: every catalogue entry, by id and by name ------------------------------------


@pytest.mark.parametrize("game_id", games())
def test_every_card_of_the_catalogue_is_told_by_id_and_by_name(game_id: str) -> None:
    catalog = theomachy.load(game_id).catalog()
    assert catalog
    for card_id, facts in catalog.items():
        if card_id == "map":  # Mythotopia's drawing positions: info map is the borders
            continue
        name = str(facts.get("name") or card_id)
        by_id = info(game_id, card_id.upper())
        by_name = info(game_id, name.lower())
        for told in (by_id, by_name):
            assert "Nothing here is called" not in told and "could be several" not in told
            assert name in told
            if facts.get("text"):
                assert flat(str(facts["text"])) in told, (card_id, told)


def test_the_generic_renderer_tells_a_catalogue() -> None:
    game = theomachy.load("mythic-wars")
    text = flat(render(GENERIC.info(game, "Amaterasu"), width=200))
    assert "Amaterasu" in text and "Mirror of the Sun" in text and "power 7" in text


def test_names_are_compared_without_case_accents_or_punctuation() -> None:
    assert info_key("Huginn, Raven of Thought") == "huginn raven of thought"
    assert info_key("Anzû") == info_key("ANZU") == "anzu"
    assert info_key("Lion's Hide") == info_key("lions-hide")
    assert "Regrowing Heads" in info("mythic-battles", "HYDRA")


# --- Arena of the Gods -----------------------------------------------------------------------


def test_arena_a_god_with_its_abilities_and_blessing() -> None:
    zeus = info("arena-of-the-gods", "zeus")
    assert "Zeus · god" in zeus
    assert "Pantheon Ability - Olympian Command: Greek Units you control get +1 Power." in zeus
    assert "God Blessing - Thunderbolt: Pay 5 Favor" in zeus
    assert "starting buildings Market, Market, Temple" in zeus
    # A God answers to its ability's and Blessing's names too.
    assert info("arena-of-the-gods", "Thunderbolt") == zeus
    assert info("arena-of-the-gods", "olympian command") == zeus


def test_arena_a_unit_an_evocation_a_building_and_a_supply() -> None:
    hoplite = info("arena-of-the-gods", "Hoplite")
    assert "Mortal Unit — Soldier · pantheon Greek · cost 2 Gold · Power 2 · Health 3" in hoplite
    assert "When an attack is declared on Hoplite, prevent the next 1 damage" in hoplite
    assert "Combat Evocation" in info("arena-of-the-gods", "parry")
    assert "At the start of your turn, gain 1 Gold." in info("arena-of-the-gods", "market")
    assert "Mortal Supply" in info("arena-of-the-gods", "bronze-shield")


# --- Mythic Battles --------------------------------------------------------------------------


def test_battles_a_unit_shows_its_dashboard_talents_and_power() -> None:
    medusa = info("mythic-battles", "Medusa")
    unit = units()["medusa"]
    assert "kind monster · cost 3 RP" in medusa
    assert (
        f"Offence {unit.offence} · Defence {unit.defence} · Range {unit.range} · "
        f"Movement {unit.movement} · Vitality {unit.vitality}"
    ) in medusa
    assert "Archer: +1 Offence for ATTACKs at Range 1+." in medusa
    assert "Close Protection: +1 Defence while a friendly unit is in the same area." in medusa
    assert "Power — Petrifying Gaze (invoked, 1 Art of War card): " in medusa
    assert powers()["petrifying-gaze"].text in medusa
    assert "Brings 2 activation cards and 1 Art of War card" in medusa
    assert "cost chosen, not bought" in info("mythic-battles", "zeus")


@pytest.mark.parametrize("talent", TALENTS)
def test_battles_every_talent_has_its_rule_and_its_units(talent: str) -> None:
    for query in (talent, talent_name(talent), talent_name(talent).upper()):
        told = info("mythic-battles", query)
        assert f"{talent_name(talent)} · talent" in told
        owners = [u.name for u in units().values() if talent in u.talents]
        assert "units with it " + ", ".join(owners) in told
        assert "*Reason:*" not in told and "Reason:" not in told
    assert "+1 Offence for ATTACKs at Range 1+." in info("mythic-battles", "archer")


def test_battles_powers_manoeuvres_and_the_art_of_war_card() -> None:
    for power in powers().values():
        told = info("mythic-battles", power.name)
        assert f"{power.name} · power" in told and power.text in told
    assert "power of Zeus · when invoked, 2 Art of War cards" in info(
        "mythic-battles", "thunderbolt"
    )
    evade = info("mythic-battles", "evade")
    assert "Evade · manoeuvre" in evade and "flying unit" in evade
    aow = info("mythic-battles", "aow")
    assert "Art of War · card" in aow
    for manoeuvre in ("Draw Cards", "Search for Card", "Second Activation", "Recall", "Evade"):
        assert manoeuvre in aow
    assert info("mythic-battles", "art of war") == aow


# --- Mythotopia ------------------------------------------------------------------------------


def test_mythotopia_a_province_shows_its_borders_by_kind_and_its_sea_routes() -> None:
    blore = info("mythotopia", "BLORE")
    assert "Blore · province" in blore
    assert (
        "Province card 1 army · neutral strength 4 · rugged: +1 to a player defending it" in blore
    )
    assert "Its Province card: Invade from, or build in, Blore." in blore
    assert "Quean hills: +1 food to invade, +1 stone for a road" in blore
    assert "Trogle plain" in blore
    assert "Coast of: no sea (inland)" in blore
    diclesium = info("mythotopia", "diclesium")
    assert "Fadge mountains: no invasion, no road" in diclesium
    palmain = info("mythotopia", "Palmain")
    assert "Coast of: Serpent Sea" in palmain
    assert re.search(r"Invade across 1 sea \(1 Ship card\): [^·]*Kinabra", palmain)
    assert re.search(r"Invade across 2 seas \(2 Ship cards\): [^·]*Ambsace", palmain)
    assert "small island" in info("mythotopia", "aporia")


def test_mythotopia_a_province_with_a_view_tells_who_holds_it_and_its_neighbours() -> None:
    state = played_game("mythotopia", 4, 5, 1200)
    view = state.view(0)
    provinces = {p["id"]: p for p in view["provinces"]}
    shape = board()
    for province in shape.provinces:
        told = info("mythotopia", province.name, view, players=4)
        owner = provinces[province.id]["owner"]
        now = told.split("Now: ", 1)[1]
        assert now.startswith(
            "neutral" if owner is None else ("Red", "Blue", "Green", "Yellow")[owner]
        )
        for neighbour, kind in province.borders.items():
            other = provinces[neighbour]["owner"]
            who = "neutral" if other is None else ("Red", "Blue", "Green", "Yellow")[other]
            assert re.search(rf"{shape.names[shape.index(neighbour)]} {kind}\S* .*?{who}", told)


def test_mythotopia_the_map_lists_every_province_and_border() -> None:
    text = render(renderer_for("mythotopia").info(theomachy.load("mythotopia"), "map"), width=200)
    shape = board()
    for province in shape.provinces:
        row = next(line for line in text.splitlines() if f"│  {province.name}" in line)
        for neighbour, kind in province.borders.items():
            mark = {"plain": "", "hills": "^", "mountains": "▲"}[kind]
            assert f"{shape.names[shape.index(neighbour)]}{mark}" in row, (province.id, row)
    assert "hills: +1 food to invade" in flat(text)


def test_mythotopia_cards_seas_and_vp_cards() -> None:
    # Two cards are called Army (a Starting and an Improvement card): both are told.
    army = info("mythotopia", "army")
    assert "Army · Starting card" in army and "Army · Improvement card" in army
    ship = info("mythotopia", "ship")
    assert "carries an invasion across one sea area" in ship
    philosopher = info("mythotopia", "Philosopher")
    assert mythotopia_cards().cards["philosopher"].text in philosopher
    assert "heading action" in philosopher
    serpent = info("mythotopia", "serpent sea")
    assert "Serpent Sea · sea area" in serpent and "Touches: Beast Sea" in serpent
    assert "Coast: Aporia" in serpent
    castle = info("mythotopia", "castle")
    assert "Castle · VP card" in castle and "counters 2VP each, by rule" in castle


# --- Mythic Arena and Mythic Wars ------------------------------------------------------------


def test_mythic_arena_and_mythic_wars_cards() -> None:
    helios = info("mythic-arena", "helios")
    assert "Helios · card" in helios and "Greek · Power 3 · sides" in helios
    assert "fifth card outside the 4x4 square" in helios
    amaterasu = info("mythic-wars", "amaterasu")
    assert "Amaterasu · goddess" in amaterasu and "Power 7 · Attack 6 · Defense 6" in amaterasu
    assert info("mythic-wars", "mirror of the sun") == amaterasu


# --- unknown, ambiguous, empty ---------------------------------------------------------------


def test_an_unknown_name_gets_close_names() -> None:
    told = info("mythic-battles", "Zues")
    assert "Nothing here is called 'Zues'." in told
    assert "Did you mean Zeus (unit)?" in told
    assert "Type info alone to list every name." in told
    told = info("mythotopia", "margnet")
    assert "Did you mean Margent (province)" in told
    nothing = info("arena-of-the-gods", "qqqqqq")
    assert "Nothing here is called 'qqqqqq'." in nothing and "Did you mean" not in nothing


def test_an_ambiguous_name_lists_the_candidates() -> None:
    told = info("mythotopia", "mar")
    assert told.startswith("'mar' could be several things: ")
    for name in ("Marauders (Improvement card)", "Margent (province)", "Market (Starting card)"):
        assert name in told
    assert "·" not in told  # no card is told
    told = info("arena-of-the-gods", "shi")
    assert "Shieldmaiden (unit)" in told and "Shinobi (unit)" in told
    # A start that fits one name only tells it.
    assert "Heracles · unit" in info("mythic-battles", "herac")


def test_info_alone_lists_every_name_by_kind() -> None:
    told = info("mythic-battles", "")
    assert told.startswith("info NAME shows the full text of any of these")
    assert "unit (19)" in told and "talent (17)" in told and "power (13)" in told
    assert "Close Protection" in told
    told = info("mythotopia", "  ")
    assert "province (40)" in told and "sea area (4)" in told and "VP card (13)" in told


# --- hidden information ----------------------------------------------------------------------


def test_info_on_a_card_in_another_hand_says_nothing_of_where_it_is() -> None:
    # Find a Mythotopia position where seat 1 holds an Improvement card.
    for steps in range(300, 3000, 97):
        state = played_game("mythotopia", 2, 11, steps, {"max_rounds": 20})
        hand = state.view(1)["players"][1]["hand"]
        held = [c for c in hand if c in mythotopia_cards().improvements]
        if held:
            break
    else:
        pytest.fail("no Improvement card in seat 1's hand")
    card = held[0]
    name = mythotopia_cards().cards[card].name
    fresh = theomachy.load("mythotopia").new_game()
    told = {
        info("mythotopia", name, view)
        for view in (state.view(0), state.view(1), state.view(None), fresh.view(0), None)
    }
    assert len(told) == 1  # the same words whoever asks, wherever the card is
    text = told.pop()
    for word in ("Seat", "Red", "Blue", "held", "holds"):
        assert not re.search(rf"\b{word}\b", text), word


# What info may show of the position: Mythotopia's board (who holds a province, armies).
POSITIONAL = {"province", "sea area", "board"}


@pytest.mark.parametrize("game_id", ["mythotopia", "mythic-battles", "arena-of-the-gods"])
def test_info_reads_only_the_view_and_a_card_only_its_text(game_id: str) -> None:
    renderer = renderer_for(game_id)
    for steps in (60, 400):
        state = played_game(game_id, 2, 5, steps)
        # Another state seat 0 cannot tell from this one: the others' hidden cards redealt.
        other = state.determinize(0, random.Random(steps))
        game = state.game
        for entry in renderer.info_entries(game, state.view(0)):
            mine = render(renderer.info(game, entry.id, state.view(0)), width=120)
            assert mine == render(renderer.info(game, entry.id, other.view(0)), width=120)
            if entry.kind not in POSITIONAL:
                # A card's text is the same wherever it is, whoever asks.
                for view in (state.view(1), state.view(None), None):
                    assert mine == render(renderer.info(game, entry.id, view), width=120)


# --- at the prompt ---------------------------------------------------------------------------


class Script:
    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def __call__(self, text: str) -> str:
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def session(game_id: str, lines: list[str], players: int = 2) -> Session:
    state = theomachy.load(game_id, players=players).new_game()
    bots = {seat: make("random", seed=derive_seed(1, "seat", seat)) for seat in range(1, players)}
    out = Console(file=io.StringIO(), width=120, color_system=None, force_terminal=False)
    return Session(state, 0, bots, random.Random(1), out, Script(lines))


def printed(game: Session) -> str:
    file = game.console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def test_parse_choice_reads_info_and_shortcuts() -> None:
    legal = ["choose zeus", "choose hades"]
    with pytest.raises(InfoRequested) as asked:
        parse_choice("  INFO   Close-Protection ", legal)
    assert asked.value.query == "close-protection"
    with pytest.raises(InfoRequested) as asked:
        parse_choice("info", legal)
    assert asked.value.query == ""
    with pytest.raises(InfoRequested) as asked:
        parse_choice("map", legal, {"map": "map"})
    assert asked.value.query == "map"
    assert parse_choice("map", ["map"], {"map": "map"}) == "map"  # a legal action comes first


def test_info_at_the_prompt_is_not_a_move() -> None:
    game = session("mythic-battles", ["info zeus", "info close protection", "infoo", "q"])
    assert play_game(game) is False
    text = printed(game)
    assert game.state.history() == []
    assert "Zeus · unit" in text and "Close Protection · talent" in text
    assert "info NAME shows a unit's, power's or talent's full text" in flat(text)
    assert "'infoo' is not legal now" in text


def test_mythotopia_map_at_the_prompt() -> None:
    game = session("mythotopia", ["map", "info Blore", "info zzz", "q"])
    play_game(game)
    text = printed(game)
    assert "Map · board" in text and "Land borders" in text
    assert "Blore · province" in text
    assert "Nothing here is called 'zzz'." in text
    assert "map all borders" in flat(text)


@pytest.mark.parametrize("game_id", ["arena-of-the-gods", "mythic-arena", "mythic-wars"])
def test_every_terminal_client_answers_info(game_id: str) -> None:
    name = next(iter(theomachy.load(game_id).catalog().values()))["name"]
    game = session(game_id, [f"info {name}", "q"])
    play_game(game)
    text = printed(game)
    assert f"{name} ·" in text
    assert "info NAME" in text
