"""Mythic Wars's narrator: each action told in words from one reader's views, with the dice,
their totals and what they are made of, damage, defeats, summons, rounds and the end."""

from __future__ import annotations

import re

import pytest

import theomachy
from theomachy.engine.core import State
from theomachy.engine.narration import KINDS, Told, apply_and_tell, chronicle
from theomachy.games.mythic_wars.narration import (
    NARRATOR,
    MythicWarsNarrator,
    entities,
    entity_name,
)
from theomachy.games.mythic_wars.rules import DEFEATED, MythicWarsState

from .scenario import battle, game_with

rules = pytest.mark.rules

GAME = "mythic-wars"
MINE = ["thor", "zeus", "set", "fujin"]
THEIRS = ["hera", "anubis", "izanagi", "chalchiuhtlicue"]


def tell(state: State, action: str, reader: int | None = 0) -> Told:
    """Apply ``action`` and tell it to ``reader`` as the clients do."""
    told = apply_and_tell(state, action, reader)
    assert told is not None
    return told


def texts(state: State, *actions: str, reader: int | None = 0) -> list[str]:
    return [tell(state, action, reader).text for action in actions]


def destiny() -> State:
    """Seat 0 (MINE) against seat 1 (THEIRS), seat 0 prime."""
    options = {"mode": "destiny", "factions": [MINE, THEIRS], "first": 0}
    return theomachy.load(GAME, players=2, options=options).new_game()


def defeat(state: MythicWarsState, *entities: str) -> None:
    """Put these entities out of the battle, defeated."""
    for entity in entities:
        index = state.unit_named(entity)
        state.units[index] = state.units[index]._replace(state=DEFEATED)
    state.invalidate_caches()


def test_the_game_has_its_narrator() -> None:
    assert isinstance(theomachy.load(GAME).narrator(), MythicWarsNarrator)
    assert theomachy.load(GAME).narrator() is NARRATOR


@rules("MW-INVOKE-1", "MW-INVOKE-3", "MW-COMBAT-2", "MW-COMBAT-3", "MW-COMBAT-5", "MW-CRIT-2")
def test_an_attack_is_told_with_its_dice_totals_and_damage() -> None:
    state = destiny()
    lines = [
        tell(state, action)
        for action in (
            *("invoke thor", "invoke anubis", "decline", "attack thor anubis"),
            *("roll 2", "roll 2", "roll 6", "roll 1"),
        )
    ]
    assert lines == [
        Told("declares Thor for invocation", "move"),
        Told("declares Anubis for invocation: Thor and Anubis enter the battle", "move"),
        Told("declines Anubis's doom", "move"),
        Told("attacks Anubis with Thor", "move"),
        Told("Thor rolls 2 to attack", "minor"),  # nothing settled yet: no totals
        Told(
            "Anubis rolls 2 to defend: Thor 9 (die 2 + Attack 7) against Anubis 9 (die 2 + "
            "Defense 7): tie, both roll again",
            "chance",
        ),
        Told("Thor rolls 6 to attack", "minor"),
        Told(
            "Anubis rolls 1 to defend: Thor 13 (critical 6 + Attack 7) against Anubis 8 (die 1 "
            "+ Defense 7): hit; Anubis loses 5 (7 → 2)",
            "chance",
        ),
    ]


@rules("MW-ABILITY-TIE")
def test_a_tie_breaker_is_named() -> None:
    state = destiny()
    assert texts(state, "invoke thor", "invoke hera", "attack thor hera", "roll 3", "roll 2")[
        -1
    ] == (
        "Hera rolls 2 to defend: Thor 10 (die 3 + Attack 7) against Hera 10 (die 2 + Defense 8): "
        "miss (tie won by Hera's faction)"
    )


@rules("MW-CRIT-1", "MW-CRIT-2", "MW-CRIT-3", "MW-RULING-CRIT")
def test_a_critical_that_beats_a_higher_total_says_so() -> None:
    state = battle([["ea"], ["hera"]], ["ea", "hera"])
    assert texts(state, "attack ea hera", "roll 6", "roll 5")[-1] == (
        "Hera rolls 5 to defend: Ea 12 (critical 6 + Attack 6) against Hera 13 (die 5 + "
        "Defense 8): hit (the critical wins); Hera loses 1 (7 → 6)"
    )
    state = battle([["thor"], ["hera"]], ["thor", "hera"])  # the higher total anyway
    assert texts(state, "attack thor hera", "roll 1", "roll 6")[-1] == (
        "Hera rolls 6 to defend: Thor 8 (die 1 + Attack 7) against Hera 14 (critical 6 + "
        "Defense 8): miss"
    )


@rules("MW-ABILITY-NOCRITS", "MW-CRIT-2")
def test_a_six_against_allfathers_foresight_is_not_critical() -> None:
    state = battle([["thor"], ["odin"]], ["thor", "odin"])
    assert texts(state, "attack thor odin", "roll 6", "roll 6")[-1] == (
        "Odin rolls 6 to defend: Thor 13 (die 6 not critical + Attack 7) against Odin 12 "
        "(critical 6 + Defense 6): miss (the critical wins)"
    )


@rules("MW-ABILITY-MODIFY")
def test_modifiers_are_named_after_the_entities_that_give_them() -> None:
    state = battle([["thor"], ["hera"], ["ares"]], ["thor", "hera", "ares"])
    assert texts(state, "attack thor hera", "roll 3", "roll 3") == [
        "attacks Hera of Seat 1 with Thor",  # three factions: whose Hera
        "Thor rolls 3 to attack",
        "Hera rolls 3 to defend: Thor 10 (die 3 + Attack 7) against Hera 10 (die 3 + Defense 8 "
        "− 1 Ares): miss (tie won by Hera's faction)",
    ]


@rules("MW-CLASH-1", "MW-CLASH-2", "MW-CLASH-3", "MW-ABILITY-CLASH")
def test_a_clash_and_its_damage_die() -> None:
    state = destiny()
    lines = texts(
        state, "invoke set", "invoke izanagi", "ability set izanagi", "roll 4", "roll 3", "roll 5"
    )
    assert lines[2:] == [
        "uses Set's Desert Fury to clash with Izanagi",
        "Set rolls 4 in the clash",
        "Izanagi rolls 3 in the clash: Set 12 (die 4 + Power 8) against Izanagi 10 (die 3 + "
        "Power 6 + 1 Izanagi): Set wins",
        "Set rolls 5 for damage to Izanagi: Izanagi loses 5 (6 → 1)",
    ]


@rules("MW-ABILITY-DOOM", "MW-RULING-DOOM", "MW-DEFEAT-1")
@pytest.mark.parametrize(
    ("die", "told"),
    [
        (4, "Fujin rolls 4 for Defense: 10 (die 4 + Defense 6), under 11; Fujin is defeated"),
        (5, "Fujin rolls 5 for Defense: 11 (die 5 + Defense 6), not under 11: Fujin survives"),
        (6, "Fujin rolls 6 for Defense: 12 (critical 6 + Defense 6), not under 11: Fujin survives"),
    ],
)
def test_a_defense_test(die: int, told: str) -> None:
    state = destiny()
    lines = texts(
        state,
        *("invoke fujin", "invoke chalchiuhtlicue", "ability chalchiuhtlicue fujin"),
        f"roll {die}",
    )
    assert lines[2] == (
        "uses Chalchiuhtlicue's Drowning Flood on your Fujin: a Defense roll under 11 defeats it"
    )
    assert lines[3] == told


@rules("MW-RULING-DOOM")
def test_a_natural_six_under_the_doom_threshold_is_told_defeated() -> None:
    factions = [["chalchiuhtlicue", "thor", "zeus", "set"], ["loki", "hera", "anubis", "izanagi"]]
    state = game_with(factions, first=1)
    for action in ("invoke loki", "invoke chalchiuhtlicue", "ability chalchiuhtlicue fenrir"):
        state.apply(action)
    assert tell(state, "roll 6").text == (
        "Fenrir rolls 6 for Defense: 9 (critical 6 + Defense 3), under 11; Fenrir is defeated"
    )


@rules("MW-ABILITY-VOLLEY", "MW-ABILITY-HEAL", "MW-ABILITY-THORNS", "MW-ABILITY-LIFESTEAL")
def test_energy_lost_and_regained_by_abilities() -> None:
    state = battle([["zeus"], ["hera", "anubis"]], ["zeus", "hera", "anubis"])
    assert texts(state, "ability zeus") == [
        "uses Zeus's Thunderbolt Storm (every foe −1): Anubis (7 → 6) and Hera (7 → 6) each lose 1"
    ]
    state = battle([["isis", "thor"], ["hera"]], ["isis", "thor", "hera"], energy={"thor": 2})
    assert texts(state, "ability isis thor") == [
        "uses Isis's Words of Restoring to heal your Thor (+3): Thor regains 3 (2 → 5)"
    ]
    state = battle([["thor"], ["mictlantecuhtli"]], ["thor", "mictlantecuhtli"])
    assert texts(state, "attack thor mictlantecuhtli", "roll 5", "roll 1")[-1] == (
        "Mictlāntēcuhtli rolls 1 to defend: Thor 12 (die 5 + Attack 7) against Mictlāntēcuhtli 8 "
        "(die 1 + Defense 7): hit; Thor loses 2 (7 → 5); Mictlāntēcuhtli loses 4 (7 → 3)"
    )
    state = battle([["freyja"], ["hera"]], ["freyja", "hera"], energy={"freyja": 4})
    assert texts(state, "attack freyja hera", "roll 6", "roll 1")[-1] == (
        "Hera rolls 1 to defend: Freyja 13 (critical 6 + Attack 7) against Hera 9 (die 1 + "
        "Defense 8): hit; Hera loses 4 (7 → 3); Freyja regains 1 (4 → 5)"
    )


@rules("MW-ABILITY-INVOKE-SUMMON", "MW-SUMMON-1")
def test_entries_and_summons() -> None:
    state = game_with([["loki", "thor", "odin", "frigg"], THEIRS])
    assert texts(state, "invoke loki", "invoke hera", reader=1) == [
        "declares Loki for invocation",
        "declares Hera for invocation: Loki and Hera enter the battle; Loki summons Fenrir",
    ]


@rules("MW-ABILITY-SUMMON")
def test_a_summon_by_empowering() -> None:
    state = battle([["hades"], ["hera"]], ["hades", "hera"])
    assert texts(state, "ability hades") == ["uses Hades's Call the Hound: Hades summons Cerberus"]


@rules("MW-ROUND-1", "MW-ROUND-5", "MW-PRIME-1")
def test_the_last_empowerment_of_a_round_starts_the_next() -> None:
    state = battle([MINE, THEIRS], ["thor", "hera"], empowered=["hera"])
    assert tell(state, "attack thor hera", reader=1) == Told("attacks your Hera with Thor", "move")
    tell(state, "roll 4")
    assert tell(state, "roll 1", reader=1) == Told(
        "Hera rolls 1 to defend: Thor 11 (die 4 + Attack 7) against Hera 9 (die 1 + Defense 8): "
        "hit; Hera loses 2 (7 → 5). Round 3 begins with you as the prime faction",
        "round",
    )


@rules("MW-ABILITY-BURN", "MW-ABILITY-REGENERATE")
def test_a_burn_at_the_end_of_a_round_and_regeneration_at_the_start_of_the_next() -> None:
    state = battle(
        [["tsukuyomi", "thor"], ["nergal"]],
        ["tsukuyomi", "nergal"],
        energy={"tsukuyomi": 3},
        empowered=["tsukuyomi"],
        seat=1,
    )
    assert texts(state, "rest nergal", "ability nergal tsukuyomi") == [
        "lets Nergal rest",
        "uses Nergal's Plague Fever on your Tsukuyomi (−2): Tsukuyomi loses 2 (3 → 1). Round 3 "
        "begins with Seat 1 as the prime faction: Tsukuyomi regenerates 1 (1 → 2)",
    ]


@rules("MW-PRIME-2", "MW-PRIME-4")
def test_factions_tied_for_prime_roll_for_it() -> None:
    a, b, c = MINE, THEIRS, ["ares", "athena", "apollo", "artemis"]
    state = battle([a, b, c], a + b + c, empowered=["thor", "anubis", "ares", "athena"], seat=1)
    defeat(state, "zeus", "set", "fujin", "izanagi", "chalchiuhtlicue", "apollo", "artemis")
    lines = [
        tell(state, action, reader=None)
        for action in ("rest hera", *(f"roll {d}" for d in (3, 3, 2, 5)))
    ]
    assert lines == [
        Told(
            "lets Hera rest: Seat 1 and Seat 2 tie for the most entities in the battle and roll "
            "for the prime faction",
            "move",
        ),
        Told("Seat 1 rolls 3 for the prime faction", "chance"),
        Told(
            "Seat 2 rolls 3 for the prime faction: Seat 1 and Seat 2 tie on 3 and roll again",
            "chance",
        ),
        Told("Seat 1 rolls 2 for the prime faction", "chance"),
        Told(
            "Seat 2 rolls 5 for the prime faction. Round 3 begins with Seat 2 as the prime faction",
            "round",
        ),
    ]


@rules("MW-END-1", "MW-END-2")
def test_the_last_defeat_ends_the_battle() -> None:
    state = battle([MINE, THEIRS], MINE + THEIRS, energy={"anubis": 1})
    defeat(state, "hera", "izanagi", "chalchiuhtlicue")
    end = (
        "Anubis rolls 1 to defend: Thor 11 (die 4 + Attack 7) against Anubis 8 (die 1 + Defense 7)"
    )
    won = state.clone()
    assert texts(won, "attack thor anubis", "roll 4", "roll 1")[-1] == (
        f"{end}: hit; Anubis loses 3 and is defeated; Seat 1 is out of the game. The battle is "
        "over: you win."
    )
    assert tell(state.clone(), "attack thor anubis", reader=1).text == (
        "attacks your Anubis with Thor"
    )
    texts(state, "attack thor anubis", "roll 4", reader=1)
    assert tell(state, "roll 1", reader=1) == Told(
        f"{end}: hit; Anubis loses 3 and is defeated; you are out of the game. The battle is "
        "over: Seat 0 wins.",
        "result",
    )


@rules("MW-CAP-1")
def test_the_round_cap_ends_on_energy() -> None:
    final = theomachy.simulate(GAME, players=3, seed=3, options={"max_rounds": 2})
    last = chronicle(final.game, final.history()).story(None)[-1]
    assert last.kind == "result"
    assert re.search(
        r"\. The last round is over\. Energy in the battle: Seat 0 \d+, Seat 1 \d+, Seat 2 \d+\. "
        r"Seat \d( and Seat \d)* (wins|share the win)\.$",
        last.text,
    ), last.text


@rules("MW-SETUP-2", "MW-RULING-HIDDEN")
def test_hidden_deals_name_no_card_to_the_others() -> None:
    final = theomachy.simulate(GAME, players=2, seed=4)
    told = chronicle(final.game, final.history())
    dealt = [action.split(" ")[1] for action in final.history()[:8]]
    mine = [(line.text, line.kind) for line in told.story(0) if line.step < 8]
    assert mine == [(f"{entity_name(d)} is dealt to you", "chance") for d in dealt[:4]] + [
        ("a card is dealt face down to Seat 1", "chance"),
        ("a card is dealt face down to Seat 1 (2 so far)", "minor"),
        ("a card is dealt face down to Seat 1 (3 so far)", "minor"),
        ("a card is dealt face down to Seat 1 (4 so far)", "minor"),
    ]
    # No deity of seat 1 is named in seat 0's story before it is declared.
    story = told.story(0)
    for deity in dealt[4:]:
        name = entity_name(deity)
        shown = [line.step for line in story if line.text.startswith(f"declares {name} for")]
        until = shown[0] if shown else len(final.history())
        assert not any(name in line.text for line in story if line.step < until), name


@rules("MW-SETUP-4")
def test_a_pantheon_is_dealt_face_up() -> None:
    state = theomachy.load(GAME, players=2, options={"mode": "pantheons"}).new_game()
    assert tell(state, "deal norse", reader=None) == Told(
        "the Norse pantheon is dealt to Seat 0", "chance"
    )
    assert tell(state, "deal greek", reader=1) == Told(
        "the Greek pantheon is dealt to you", "chance"
    )
    assert tell(state, "draft thor", reader=1) == Told("keeps one of the dealt cards", "move")
    assert tell(state, "draft odin", reader=0) == Told("keeps Odin", "move")


@rules("MW-SETUP-5", "MW-RULING-ASSEMBLE", "MW-RULING-HIDDEN")
def test_an_assembly_pick_is_hidden_from_the_others() -> None:
    state = theomachy.load(GAME, players=3, options={"mode": "pantheons-of-destiny"}).new_game()
    assert tell(state.clone(), "assemble zeus", reader=0) == Told(
        "takes Zeus from the shared copy", "move"
    )
    assert tell(state, "assemble zeus", reader=1) == Told(
        "takes a deity from the shared copy", "move"
    )
    for deity in ("hera", "ares"):
        state.apply(f"assemble {deity}")
    told = tell(state, "assemble hades", reader=1)
    assert told == Told("takes a deity from the shared copy and hands the copy to you", "move")


@rules("MW-NOTATION-SOLO", "MW-RULING-SOLO")
def test_solo_destiny_names_each_copy_with_its_seat() -> None:
    options = {"mode": "destiny", "solo": True, "factions": [MINE, MINE], "first": 0}
    state = theomachy.load(GAME, players=2, options=options).new_game()
    lines = texts(
        state, "invoke thor@0", "invoke thor@1", "attack thor@0 thor@1", "roll 5", "roll 1"
    )
    assert lines[2] == "attacks Thor@1 with Thor@0"
    assert lines[4] == (
        "Thor@1 rolls 1 to defend: Thor@0 12 (die 5 + Attack 7) against Thor@1 8 (die 1 + "
        "Defense 7): hit; Thor@1 loses 4 (7 → 3)"
    )
    solo = theomachy.load(GAME, players=2, options={"mode": "destiny", "solo": True}).new_game()
    for deity in MINE:
        solo.apply(f"assemble {deity}@0")
    assert tell(solo, "assemble thor@1", reader=0) == Told(
        "takes a deity from their own copy", "move"
    )


@rules("MW-ABILITY-EXTRA", "MW-ABILITY-AMBUSH")
def test_extra_attacks_and_ambushes_say_so() -> None:
    state = battle([["thor"], ["hera"]], ["thor", "hera"])
    lines = texts(state, "attack thor hera", "roll 1", "roll 1", "attack thor hera")
    assert lines[-1] == "makes an extra attack on Hera with Thor"  # 8 is even
    state = game_with([["thor"], ["artemis"]], first=0)
    assert texts(state, "invoke thor", "invoke artemis", "attack artemis thor", reader=1)[-1] == (
        "ambushes Thor with Artemis"
    )
    state = game_with([["thor"], ["artemis"]], first=0)
    assert texts(state, "invoke thor", "invoke artemis", "decline")[-1] == (
        "declines Artemis's ambush"
    )


@rules("MW-RULING-ORDER")
def test_an_order_choice_is_told() -> None:
    factions = [["thor", "zeus", "set", "fujin"], ["izanami", "nergal", "hera", "ra"]]
    options = {"mode": "destiny", "factions": factions, "first": 0}
    state = theomachy.load(GAME, players=2, options=options).new_game()
    wanted = ["invoke thor", "invoke izanami", "invoke zeus", "invoke nergal"]
    while not state.legal_actions()[0].startswith("order "):  # rest, burn, invoke as wanted
        legal = state.legal_actions()
        choice = next((a for a in wanted if a in legal), None)
        state.apply(choice or next((a for a in legal if a.startswith("rest ")), legal[0]))
    assert tell(state, "order nergal", reader=0) == Told(
        "has Nergal's Plague Fever resolve next", "move"
    )


@rules("MW-RULING-HIDDEN")
@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (4, {"mode": "pantheons"}),
        (5, {"mode": "guided"}),
        (3, {"mode": "pantheons-of-destiny"}),
        (2, {"mode": "destiny", "solo": True}),
    ],
)
def test_random_games_are_told_to_every_reader_in_words(
    players: int, options: dict[str, object]
) -> None:
    final = theomachy.simulate(
        GAME, players=players, seed=players, options={**options, "max_rounds": 12}
    )
    history = final.history()
    told = chronicle(final.game, history)
    solo = bool(options.get("solo"))
    for reader in told.readers:
        story = told.story(reader)
        assert [line.step for line in story] == list(range(len(history)))  # every action
        for line in story:
            assert line.kind in KINDS
            assert not f"{line.text} ".startswith(f"{line.action} "), line
            assert solo or "@" not in line.text, line
            if line.action.startswith(("deal ?", "draft ?", "assemble ?")):
                assert card_named(line.text) is None, line
        assert story[-1].kind == "result"
        assert re.search(r"(The battle is over|The last round is over)", story[-1].text)
    spectator = " ".join(line.text for line in told.story(None))
    assert re.search(r"rolls \d to defend: .+ \d+ \((die|critical) \d", spectator)
    assert "enter the battle" in spectator


def card_named(text: str) -> str | None:
    """The first deity a text names, if any."""
    for entity in entities().values():
        if re.search(rf"\b{re.escape(entity.name)}\b", text):
            return entity.name
    return None
