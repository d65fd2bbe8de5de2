"""The Mythic Wars content as a whole: elements, stat budget, rulebook facts, pantheon pattern,
and the RULES.md "Entities" section that documents it (MW-CONTENT-*)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

import theomachy
from theomachy import rules_index
from theomachy.engine.conformance import check_private_decisions
from theomachy.games.mythic_wars.abilities import ELEMENT_OF, element_of
from theomachy.games.mythic_wars.cards import ABILITY_PARAMS, PANTHEONS, Entity, catalog

rules = pytest.mark.rules

ENTITIES = {entity.id: entity for entity in catalog()}
DEITIES = [entity for entity in catalog() if entity.is_deity]
CREATURES = [entity for entity in catalog() if not entity.is_deity]


def total(entity: Entity) -> int:
    return entity.power + entity.attack + entity.defense


def section(heading: str) -> str:
    """The text of a RULES.md section, from its heading to the next heading of its level."""
    text = rules_index.rules_text("mythic-wars")
    level = heading.split(" ")[0]
    start = text.index(f"\n{heading}\n")
    ends = [m.start() for m in re.finditer(rf"\n{level} ", text) if m.start() > start]
    return text[start : ends[0] if ends else len(text)]


# --------------------------------------------------------------------------------- elements


@rules("MW-CONTENT-1")
def test_every_card_has_the_element_of_its_ability_type():
    wrong = {e.id: (e.element, element_of(e)) for e in catalog() if e.element != element_of(e)}
    assert wrong == {}
    # Every ability key but modify (sorted by what it changes) has one element.
    assert set(ELEMENT_OF) == set(ABILITY_PARAMS) - {"modify"}


@rules("MW-CONTENT-1")
def test_the_cards_the_audit_found_carry_their_abilitys_element():
    expected = {
        # summoners: chaos
        "hades": "chaos",
        "inari": "chaos",
        "enlil": "chaos",
        "osiris": "chaos",
        "loki": "chaos",
        "tezcatlipoca": "chaos",
        # volley: chaos (the rulebook's scores untouched)
        "zeus": "chaos",
        "fujin": "chaos",
        # Xipe Totec stays earth with a clash modifier instead of regenerate
        "xipe-totec": "earth",
        # attack helpers: fire; defense helpers: water
        "ares": "fire",
        "hel": "fire",
        "fenrir": "fire",
        "ammit": "fire",
        "susanoo": "fire",
        "ereshkigal": "water",
        "mictlantecuhtli": "water",
        # burn: chaos
        "nergal": "chaos",
        "kitsune": "chaos",
    }
    assert {name: ENTITIES[name].element for name in expected} == expected
    xipe = ENTITIES["xipe-totec"]
    assert (xipe.ability, xipe.params.stat, xipe.params.amount, xipe.params.who) == (
        "modify",
        "power",
        1,
        "faction",
    )
    assert (xipe.power, xipe.attack, xipe.defense) == (8, 6, 7)


@rules("MW-CONTENT-1")
def test_a_modify_belongs_to_what_it_changes():
    def modify(stat: str, amount: int, who: str) -> Entity:
        return Entity.model_validate(
            {
                "id": "probe",
                "name": "Probe",
                "pantheon": "greek",
                "kind": "god",
                "element": "law",
                "power": 7,
                "attack": 7,
                "defense": 6,
                "ability": "modify",
                "params": {"stat": stat, "amount": amount, "who": who},
                "text": "A probe.",
            }
        )

    assert element_of(modify("power", 1, "faction")) == "earth"
    assert element_of(modify("attack", 2, "self")) == "fire"
    assert element_of(modify("defense", -1, "opposing")) == "fire"
    assert element_of(modify("defense", 1, "supporting")) == "water"
    assert element_of(modify("attack", -1, "opposing")) == "water"
    # A modify that would help the other side has no element: a content error, named.
    with pytest.raises(ValueError, match="probe: a modify that helps opposing entities"):
        element_of(modify("attack", 1, "opposing"))


# ------------------------------------------------------------------------------ stat budget


@rules("MW-CONTENT-2")
def test_every_deity_keeps_the_stat_budget():
    for deity in DEITIES:
        assert 5 <= deity.power <= 9, deity.id
        assert 5 <= deity.attack <= 9, deity.id
        assert 5 <= deity.defense <= 8, deity.id
        assert total(deity) in (19, 20, 21), deity.id
    for creature in CREATURES:
        assert 4 <= creature.power <= 6, creature.id
        assert 12 <= total(creature) <= 15, creature.id


@rules("MW-CONTENT-2")
def test_every_pantheon_averages_twenty_to_twenty_point_four():
    for pantheon in PANTHEONS:
        totals = [total(d) for d in DEITIES if d.pantheon == pantheon]
        assert 20.0 <= sum(totals) / len(totals) <= 20.4, pantheon


@rules("MW-CONTENT-2")
def test_summoners_pay_with_the_lowest_total():
    # A creature is an extra body that shields its summoner: the strongest ability, at 19.
    summoners = [d for d in DEITIES if d.params.creature is not None]
    assert summoners and all(total(d) == 19 for d in summoners)


@rules("MW-CONTENT-2")
def test_no_two_cards_are_the_same_card():
    # Repeat ability keys differ in the scores around them (Balance reasoning).
    seen: dict[tuple[object, ...], str] = {}
    for entity in catalog():
        params = tuple(sorted(entity.params.model_dump().items()))
        key = (entity.power, entity.attack, entity.defense, entity.ability, params)
        assert key not in seen, f"{entity.id} repeats {seen[key]}"
        seen[key] = entity.id


# --------------------------------------------------------------------------- rulebook facts


@rules("MW-CONTENT-3")
def test_the_rulebooks_facts_are_kept():
    thor, set_, chalchiuhtlicue = ENTITIES["thor"], ENTITIES["set"], ENTITIES["chalchiuhtlicue"]
    assert (thor.power, thor.attack, thor.defense) == (7, 7, 7)
    assert (thor.ability, thor.params.parity) == ("extra-attack", "even")
    assert (set_.power, set_.defense) == (8, 6)
    assert (set_.ability, set_.params.damage) == ("clash", 0)  # a die of damage
    assert (chalchiuhtlicue.power, chalchiuhtlicue.attack, chalchiuhtlicue.defense) == (6, 8, 6)
    assert (chalchiuhtlicue.ability, chalchiuhtlicue.params.threshold) == ("doom", 11)
    assert (ENTITIES["fujin"].power, ENTITIES["fujin"].defense) == (8, 6)
    assert ENTITIES["zeus"].attack == 7


# ------------------------------------------------------------------------- pantheon pattern


@rules("MW-CONTENT-4")
def test_each_pantheon_has_eight_deities_and_one_creature_with_one_summoner():
    for pantheon in PANTHEONS:
        deities = [d for d in DEITIES if d.pantheon == pantheon]
        creatures = [c for c in CREATURES if c.pantheon == pantheon]
        assert len(deities) == 8, pantheon
        assert len(creatures) == 1, pantheon
        summoners = [d for d in deities if d.params.creature == creatures[0].id]
        assert len(summoners) == 1, pantheon
    assert {e.pantheon for e in catalog()} == set(PANTHEONS)


@rules("MW-CONTENT-4")
def test_no_creature_has_an_ability_that_waits_for_an_invocation():
    for creature in CREATURES:
        timing, _ = ABILITY_PARAMS[creature.ability]
        assert timing != "invoked", creature.id


@rules("MW-CONTENT-4", "MW-SETUP-4")
def test_eight_pantheons_seat_eight_players_in_pantheons_of_fate():
    # The rulebook's game is for 2-8 players and Pantheons of Fate gives each one a pantheon.
    assert len(PANTHEONS) == 8 and {"celtic", "slavic"} <= set(PANTHEONS)
    game = theomachy.load("mythic-wars", players=8, options={"mode": "pantheons"})
    state = game.new_game()
    rng = random.Random(5)
    checked: set[int] = set()
    while not state.is_terminal():
        seat = state.current_player
        if state.view(None)["phase"] == "draft" and seat not in checked:
            # Each seat's first draft from its own pantheon: nobody else learns the pick.
            check_private_decisions(state, f"pantheons, 8 players: seat {seat} drafts", rng)
            checked.add(seat)
        actions = state.legal_actions()
        if seat == theomachy.CHANCE:
            names, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply(rng.choices(names, weights)[0])
        else:
            state.apply(rng.choice(actions))
    assert checked == set(range(8))
    assert len(state.winners()) == 1
    view = state.view(None)
    pantheons = [faction["pantheon"] for faction in view["factions"]]
    assert sorted(pantheons) == sorted(PANTHEONS)
    for seat, pantheon in enumerate(pantheons):
        deities = [e for e in view["entities"] if e["owner"] == seat and e["kind"] != "creature"]
        assert len(deities) == 4
        assert {e["pantheon"] for e in deities} == {pantheon}


# ------------------------------------------------------------------------------ card texts


@rules("MW-ABILITY-TAUNT", "MW-RULING-TAUNT")
def test_guardian_texts_say_their_factions_non_guardians_cannot_be_attacked():
    guardians = [e for e in catalog() if e.ability == "taunt"]
    assert {g.id for g in guardians} >= {"tyr", "heimdall"}
    for guardian in guardians:
        pronoun = "her" if guardian.kind == "goddess" else "his"
        assert guardian.text.split(":")[0].endswith("(Guardian)"), guardian.id
        assert (
            f"while {guardian.name} is in the battle, the entities of {pronoun} faction that "
            "have no Guardian ability cannot be attacked. Clashes and other abilities can "
            "still target any entity."
        ) in guardian.text


@rules("MW-ABILITY-DOOM", "MW-RULING-DOOM")
def test_doom_texts_compare_the_total_only():
    dooms = [e for e in catalog() if e.ability == "doom"]
    assert {d.id for d in dooms} >= {"anubis", "chalchiuhtlicue"}
    for doom in dooms:
        threshold = doom.params.threshold
        assert f"If its total is under {threshold}, that entity is defeated." in doom.text
        assert "critical" not in doom.text.lower() and "natural" not in doom.text.lower()


@rules("MW-CONTENT-4")
def test_every_summoner_text_names_its_creature_and_the_rulebooks_shield():
    for summoner in (d for d in DEITIES if d.params.creature is not None):
        creature = ENTITIES[summoner.params.creature or ""]
        assert f"summon{'s' if summoner.ability == 'invoke-summon' else ''} {creature.name}" in (
            summoner.text
        ), summoner.id
        assert f"while {creature.name} is in the battle, {summoner.name} cannot be attacked" in (
            summoner.text
        ), summoner.id
        assert f"If {summoner.name} leaves the battle, {creature.name} is defeated." in (
            summoner.text
        ), summoner.id


# ------------------------------------------------------------------------------- RULES.md


def table_rows() -> dict[str, list[str]]:
    rows = {}
    for line in section("### Entity table").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 8 and cells[0] in ENTITIES:
            rows[cells[0]] = cells
    return rows


@rules("MW-CONTENT-1", "MW-CONTENT-2")
def test_the_rules_entity_table_matches_the_content():
    rows = table_rows()
    assert set(rows) == set(ENTITIES)
    for entity_id, (_, name, pantheon, kind, element, pad, summed, ability) in rows.items():
        entity = ENTITIES[entity_id]
        assert (name, pantheon, kind, element) == (
            entity.name,
            entity.pantheon,
            entity.kind,
            entity.element,
        )
        assert pad == f"{entity.power}/{entity.attack}/{entity.defense}"
        assert int(summed) == total(entity)
        assert ability.split(" ")[0] == entity.ability
        for key, value in entity.params.model_dump().items():
            if value is not None:
                assert f"{key}={value}" in ability, entity_id


@rules("MW-CONTENT-1")
def test_the_rules_element_counts_match_the_content():
    counts = Counter(d.element for d in DEITIES)
    said = ", ".join(f"{element} {counts[element]}" for element in sorted(counts))
    assert f"Deities per element: {said}" in " ".join(section("### Elements").split())


@rules("MW-CONTENT-5")
def test_the_invented_content_section_lists_every_card():
    invented = section("## Invented content (not in the rulebook)")
    for entity in catalog():
        assert f"`{entity.id}`" in invented, entity.id
    for pantheon in PANTHEONS:
        assert f"  - {pantheon}: " in invented, pantheon
    # It sits in the Entities part, before the encoding.
    text = rules_index.rules_text("mythic-wars")
    assert text.index("## Entities") < text.index("## Invented content") < text.index("## Encod")
