"""Mythic Battles in words (narration.py): real actions on real positions, told to each seat
and a spectator exactly as the clients show them; hidden draws and searches stay hidden; whole
random games are told to every reader with no raw notation."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import pytest

import theomachy
from scenario_helpers import act
from theomachy import CHANCE
from theomachy.engine.narration import Chronicle, Line, Told, chronicle
from theomachy.games.mythic_battles.data import units
from theomachy.games.mythic_battles.model import PASS_OR_GO
from theomachy.games.mythic_battles.narration import NARRATOR, MythicBattlesNarrator
from theomachy.games.mythic_battles.rules import BattlesState

from .scenario import fresh, game, position

rules = pytest.mark.rules
Reader = int | None


def narrate(
    state: BattlesState, *actions: str, readers: Iterable[Reader] = (0, 1, None)
) -> dict[Reader, list[Told]]:
    """Apply ``actions`` (decisions must be legal) and tell each to every reader as the
    chronicle does: the action as the reader saw it, between the reader's views."""
    told: dict[Reader, list[Told]] = {r: [] for r in readers}
    for action in actions:
        actor = state.current_player
        if actor != CHANCE:
            assert action in state.legal_actions(), (action, state.legal_actions())
        seen = {r: state.action_seen_by(action, r) for r in told}
        before = {r: state.view(r) for r in told}
        state.apply(action)
        for reader, lines in told.items():
            line = NARRATOR.tell(before[reader], state.view(reader), actor, seen[reader])
            if line is not None:
                lines.append(line)
    return told


def texts(lines: Sequence[Told | Line]) -> list[str]:
    return [line.text for line in lines]


def rolls(*faces: int) -> list[str]:
    return [f"roll {face}" for face in faces]


def test_the_game_has_its_narrator() -> None:
    assert isinstance(game().narrator(), MythicBattlesNarrator)
    view = fresh().view(1)
    assert NARRATOR.seat_name(view, 0) == "Zeus" and NARRATOR.name(view, 1) == "you"
    assert NARRATOR.seat_name(game().new_game().view(None), 1) == "Player 1"  # no divinity yet


@rules("MB-RECRUIT-1", "MB-RECRUIT-2", "MB-RECRUIT-3", "MB-SETUP-7")
def test_recruitment_names_each_pick_its_cost_and_the_rp_left() -> None:
    state = fresh(None)
    told = narrate(state, "choose zeus", "choose hades", readers=(1,))
    assert texts(told[1]) == ["takes Zeus as divinity", "takes Hades as divinity"]
    # Zeus holds every unit of troops: with 1 RP left nothing is within his means.
    for troops in ("amazons", "hoplites", "spartans", "centaurs", "infernal-hounds"):
        state._recruit(0, troops)
    state._recruit(0, "infernal-warriors")
    state.invalidate_caches()
    told = narrate(
        state, "recruit heracles", "recruit odysseus", "recruit hydra", "recruit atalanta"
    )
    assert texts(told[None]) == [
        "recruits Heracles (hero, 4 RP; 6 RP left)",
        "recruits Odysseus (hero, 3 RP; 1 RP left)",
        "recruits Hydra (monster, 4 RP; 2 RP left); Zeus's 1 unspent RP becomes 1 omphalos card",
        "recruits Atalanta (hero, 2 RP; 0 RP left); the armies are complete; everyone takes "
        "3 Art of War cards",
    ]
    assert told[0][2].text.endswith("your 1 unspent RP becomes 1 omphalos card")
    assert {line.kind for line in told[0]} == {"move"}


@rules("MB-RULING-HIDDEN", "MB-SETUP-8", "MB-TURN-A2", "MB-RULING-SEARCH")
def test_a_hidden_draw_or_search_reads_draws_a_card_for_the_others() -> None:
    """Seat 0's cards are named to seat 0 alone; the turn's first draw starts the round."""
    final = fresh()
    order = ["draw zeus", "draw achilles", "draw aow", "draw hades", "draw medusa", "draw aow"]
    history = [*order, "draw achilles", "search hoplites"]
    told = Chronicle(final.game)
    told.follow(history)
    mine = told.story(0)
    assert [(line.kind, line.text) for line in mine] == [
        ("chance", "you draw a Zeus card"),
        ("chance", "you draw an Achilles card"),
        ("chance", "you draw an Art of War card"),
        ("chance", "Hades draws a card"),
        ("chance", "Hades draws a card"),
        ("chance", "Hades draws a card"),
        ("round", "Round 1, your turn: you draw an Achilles card"),
        ("move", "searches the deck for a Hoplites card (Search for Card, 1 Art of War card)"),
    ]
    for reader in (1, None):
        theirs = told.story(reader)
        assert texts(theirs[:3]) == ["Zeus draws a card"] * 3
        assert (theirs[6].kind, theirs[6].text) == (
            "round",
            "Round 1, Zeus's turn: Zeus draws a card",
        )
        assert theirs[7].text == "searches the deck for a card (Search for Card, 1 Art of War card)"
        assert theirs[7].action == "search ?"
        seen = " ".join(line.text + " " + line.action for line in theirs)
        assert "Zeus card" not in seen and "Achilles" not in seen and "Hoplites" not in seen
    assert texts(told.story(1)[3:6]) == [
        "you draw a Hades card",
        "you draw a Medusa card",
        "you draw an Art of War card",
    ]


@rules("MB-ATTACK-3", "MB-ATTACK-5", "MB-ATTACK-6", "MB-TAL-CLOSE-COMBAT", "MB-ATTACK-9")
def test_an_attack_tells_its_dice_their_modifiers_the_defence_and_the_wounds() -> None:
    armies = [["zeus", "achilles"], ["hades", "spartans"]]
    state = position(
        armies, at={"achilles": 12, "spartans": 12}, hands={0: ["achilles"], 1: ["aow"]}
    )
    told = narrate(
        state, "activate achilles", "simple", "attack spartans", *rolls(6, 3, 3, 1, 1, 4)
    )
    # The dice are told when their assault is complete, highest first.
    assert texts(told[None]) == [
        "activates Achilles in area 12",
        "takes simple actions with Achilles",
        "attacks Hades's Spartans with Achilles in the same area",
        "Zeus's Achilles rolls 5 dice (Offence 4, Close Combat +1): 6, 3, 3, 1, 1: "
        "3 hits (1 critical), 2 blanks",
        "Zeus's Achilles rolls 1 bonus die for 1 critical: 4: 1 hit, 4 hits in all; "
        "Hades's Spartans (Defence 2) lose 2 miniatures (1 left)",
    ]
    assert [line.kind for line in told[None]] == ["move", "minor", "move", "chance", "chance"]
    assert told[0][3].text.startswith("your Achilles rolls 5 dice")
    assert told[1][2].text == "attacks your Spartans with Achilles in the same area"
    assert told[1][4].text.endswith("your Spartans (Defence 2) lose 2 miniatures (1 left)")
    # The retaliation against Nearly Invulnerable Achilles (Defence 3 + 2 at range 0).
    told = narrate(state, "retaliate", *rolls(3, 3, 3, 3))
    assert texts(told[None]) == [
        "retaliates against Zeus's Achilles with Spartans",
        "Hades's Spartans roll 4 dice (Offence 3, Close Combat +1) in retaliation: "
        "3, 3, 3, 3: 4 hits; Zeus's Achilles (Defence 5) takes no wound",
    ]
    assert told[0][0].text == "retaliates against your Achilles with Spartans"


@rules("MB-WIN-1", "MB-ATTACK-7", "MB-OMPHALOS-3")
def test_killing_a_divinity_tells_the_death_the_dropped_omphalos_and_the_winner() -> None:
    armies = [["zeus", "achilles"], ["hades", "medusa"]]
    state = position(
        armies,
        at={"achilles": 12, "hades": 12, "medusa": 13},
        vitality={"hades": 1},
        hands={0: ["achilles"]},
    )
    state.pieces["medusa"].carrying = True
    told = narrate(state, "activate achilles", "simple", "attack hades", *rolls(3, 3, 3, 3, 3))
    assert told[0][2].text == "attacks Hades with Achilles in the same area"
    last = {reader: lines[-1] for reader, lines in told.items()}
    assert {line.kind for line in last.values()} == {"result"}
    dice = "rolls 5 dice (Offence 4, Close Combat +1): 3, 3, 3, 3, 3: 5 hits"
    assert last[None].text == (
        f"Zeus's Achilles {dice}; Hades (Defence 2) takes 1 wound and is killed; "
        "Hades's Medusa drops an omphalos in area 13; Hades's army leaves the battlefield: "
        "Hades is out — Zeus wins"
    )
    assert last[0].text.endswith("Hades is out — you win")
    assert last[1].text.endswith(
        "your Medusa drops an omphalos in area 13; your army leaves the battlefield: "
        "you are out — Zeus wins"
    )


@rules("MB-WIN-2", "MB-ABSORB-1")
def test_absorbing_counts_towards_the_target_and_the_last_one_wins() -> None:
    state = position(at={"zeus": 12, "hoplites": 12}, omphalos=[12], hands={0: ["zeus", "aow"]})
    state.pieces["hoplites"].carrying = True
    told = narrate(state, "activate zeus", "complex", "absorb hoplites", readers=(1,))
    assert texts(told[1]) == [
        "activates Zeus in area 12",
        "takes a complex action",
        "absorbs the omphalos carried by Hoplites (1 of 2)",
    ]
    state = position(at={"zeus": 12}, omphalos=[12], hands={0: ["zeus"]})
    state.absorbed = [1, 0]
    told = narrate(state, "activate zeus", "complex", "absorb ground")
    assert told[1][-1] == Told(
        "absorbs the omphalos lying in area 12 (2 of 2) — Zeus wins by absorbing 2 omphalos",
        "result",
    )
    assert told[0][-1].text.endswith("— you win by absorbing 2 omphalos")


@rules("MB-WIN-3")
def test_the_round_limit_tells_who_wins_and_on_what() -> None:
    state = position(step=PASS_OR_GO, seat=1, max_rounds=3)
    state.round = 3
    state.absorbed = [1, 2]
    told = narrate(state, "pass")
    assert told[0] == [
        Told(
            "passes, ending the turn — round 3 of 3 is over: Hades wins on omphalos "
            "absorbed (2 to 1)",
            "result",
        )
    ]
    hades = units()["hades"].vitality
    state = position(step=PASS_OR_GO, seat=1, max_rounds=3, vitality={"hades": hades - 2})
    state.round = 3
    assert narrate(state, "pass")[0][0].text.endswith(
        "round 3 of 3 is over: you win on Vitality taken from the enemy (2 to 0)"
    )
    state = position(step=PASS_OR_GO, seat=1, max_rounds=3)
    state.round = 3
    assert narrate(state, "pass")[None][0].text.endswith(
        "round 3 of 3 is over: Zeus and Hades share the win"
    )


@rules("MB-TAL-MONSTER-SLAYER", "MB-ATTACK-4", "MB-TAL-MIGHTY-THROW", "MB-TAL-BLOCK")
def test_rerolls_and_a_throw_read_as_words() -> None:
    armies = [["zeus", "heracles"], ["hades", "hydra"]]
    state = position(armies, at={"heracles": 12, "hydra": 12}, hands={0: ["heracles"]})
    state.pieces["hydra"].carrying = True
    told = narrate(
        state,
        "activate heracles",
        "block",
        "attack hydra",
        *rolls(1, 2, 6, 4),
        "reroll 4",
        "roll 1",
        "keep",
        "throw 11",
        "roll 3",
        readers=(1,),
    )
    assert texts(told[1]) == [
        "activates Heracles in area 12",
        "holds Zeus's Heracles in area 12 with Hydra (Block)",
        "attacks your Hydra with Heracles in the same area",
        "Zeus's Heracles rolls 4 dice: 6, 4, 2, 1: 2 hits (1 critical), 2 blanks",
        "re-rolls a 4 (Monster Slayer)",
        "Zeus's Heracles re-rolls a 4: 1 (Monster Slayer); first assault now 6, 2, 1, 1: "
        "1 hit (1 critical), 3 blanks",
        "keeps the dice",
        "throws your Hydra into area 11 with Heracles (Mighty Throw, 2 blanks spent); "
        "your Hydra drops an omphalos in area 12",
        "Zeus's Heracles rolls 1 bonus die for 1 critical: 3: 1 hit, 2 hits in all; "
        "your Hydra (Defence 2) takes 1 wound (6 Vitality left)",
    ]
    assert told[1][6].kind == "minor"


@rules("MB-HIER-2", "MB-TAL-BLOCK", "MB-TAL-OPTIONAL")
def test_the_priority_ruling_and_a_block_against_a_throw_read_as_words() -> None:
    armies = [["zeus", "heracles"], ["hades", "spartans"], ["ares", "leonidas"]]
    state = position(
        armies,
        at={"heracles": 30, "spartans": 30, "leonidas": 30},
        hands={0: ["heracles"]},
    )
    told = narrate(state, "activate heracles", "decline", "simple", readers=(2,))
    assert texts(told[2]) == [
        "activates Heracles in area 30",
        "lets Zeus's Heracles go (no Block)",
        "takes simple actions with Heracles",
    ]
    assert told[2][1].kind == "minor"
    told = narrate(
        state,
        "attack spartans",
        *rolls(1, 3, 3, 3),
        "throw 29",
        "priority block",
        "block",
        readers=(2,),
    )
    assert texts(told[2])[2:] == [
        "chooses to throw Hades's Spartans into area 29 with Heracles (Mighty Throw)",
        "rules that Block has priority over Mighty Throw for the rest of the game",
        "holds Hades's Spartans in area 30 with Leonidas (Block): the throw fails; 3 hits: "
        "Hades's Spartans (Defence 2) lose 1 miniature (2 left)",
    ]
    # The ruling stands; Block's owner lets the next throw happen, before the damage.
    state = position(
        armies,
        at={"heracles": 30, "spartans": 30, "leonidas": 30},
        hands={0: ["heracles"]},
    )
    state.priorities = {"block-vs-mighty-throw": "block"}
    act(state, "activate heracles", "decline", "simple")
    told = narrate(state, "attack spartans", *rolls(1, 3, 3, 3), "throw 29", "decline")
    assert told[1][-1] == Told(
        "lets your Spartans be thrown (no Block); your Spartans are thrown into area 29; "
        "3 hits: your Spartans (Defence 2) lose 1 miniature (2 left)",
        "move",  # a detail no more: something came of it
    )


@rules("MB-ATTACK-8", "MB-POWER-THUNDERBOLT", "MB-RULING-POWER-STATS")
def test_a_thunderbolt_tells_each_target_by_its_own_defence() -> None:
    armies = [["zeus", "hoplites"], ["hades", "medusa", "spartans"]]
    state = position(
        armies,
        at={"zeus": 2, "medusa": 12, "spartans": 12, "hoplites": 12},
        hands={0: ["zeus", "aow", "aow"], 1: ["aow"]},
    )
    told = narrate(state, "activate zeus", "simple", "thunderbolt 12", *rolls(3, 3, 3, 1, 1))
    assert texts(told[None])[2:] == [
        "hurls a Thunderbolt at area 12 (2 Art of War cards), where Hades's Medusa and "
        "Hades's Spartans stand",
        "Zeus rolls 5 dice (Thunderbolt): 3, 3, 3, 1, 1: 3 hits, 2 blanks; Hades's Medusa "
        "(Defence 3) takes 1 wound (4 Vitality left), Hades's Spartans (Defence 2) lose "
        "1 miniature (2 left)",
    ]


@rules("MB-TAL-GUARD", "MB-ATTACK-9", "MB-TAL-INITIATIVE")
def test_guard_and_initiative_read_as_words() -> None:
    armies = [["zeus", "achilles", "hoplites"], ["hades", "spartans"]]
    state = position(
        armies, at={"achilles": 12, "hoplites": 12, "spartans": 12}, hands={0: ["achilles"]}
    )
    told = narrate(
        state,
        "activate achilles",
        "simple",
        "attack spartans",
        *rolls(1, 1, 1, 1, 1),
        "retaliate",
        "guard hoplites",
        *rolls(3, 3, 3, 1),
        readers=(1,),
    )
    assert texts(told[1])[3:] == [
        "Zeus's Achilles rolls 5 dice (Offence 4, Close Combat +1): 1, 1, 1, 1, 1: no hit, "
        "5 blanks; your Spartans (Defence 2) take no wound",
        "retaliates against Zeus's Achilles with Spartans",
        "guards Achilles with Hoplites (Guard)",
        "your Spartans roll 4 dice (Offence 3, Close Combat +1) in retaliation: 3, 3, 3, 1: "
        "3 hits, 1 blank; Zeus's Hoplites (Defence 3) lose 1 miniature (2 left)",
    ]
    armies = [["hades", "spartans"], ["zeus", "achilles"]]
    state = position(armies, at={"spartans": 12, "achilles": 12}, hands={0: ["spartans"]})
    told = narrate(
        state,
        "activate spartans",
        "simple",
        "attack achilles",
        "retaliate",
        *rolls(6, 6, 6, 6, 6, 3, 3, 3, 3, 3),
        readers=(0,),
    )
    assert texts(told[0])[3:] == [
        "strikes first at your Spartans with Achilles (Initiative)",
        "Zeus's Achilles rolls 5 dice (Offence 4, Close Combat +1) in retaliation: "
        "6, 6, 6, 6, 6: 5 hits (5 criticals)",
        "Zeus's Achilles rolls 5 bonus dice for 5 criticals: 3, 3, 3, 3, 3: 5 hits, "
        "10 hits in all; your Spartans (Defence 2) are wiped out",
    ]


@rules("MB-MAN-6", "MB-POWER-HELM-OF-DARKNESS", "MB-POWER-PETRIFYING-GAZE")
def test_evade_helm_and_gaze_read_as_words_with_their_price() -> None:
    armies = [["zeus", "achilles"], ["hades", "spartans", "hoplites"]]
    state = position(
        armies,
        at={"zeus": 12, "spartans": 12, "hoplites": 12},
        hands={0: ["aow"], 1: ["spartans"]},
        seat=1,
    )
    told = narrate(state, "activate spartans", "simple", "attack zeus", "evade", readers=(0,))
    assert told[0][-1].text == (
        "evades Hades's Spartans' ATTACK (Evade, 1 Art of War card); the ATTACK is wasted"
    )
    armies = [["zeus", "amazons"], ["hades", "spartans"]]
    state = position(armies, at={"amazons": 12, "hades": 13}, hands={0: ["amazons"], 1: ["aow"]})
    told = narrate(state, "activate amazons", "simple", "attack hades", "helm", readers=(1,))
    assert texts(told[1])[2:] == [
        "attacks Hades with Amazons at range 1",
        "hides Hades under the Helm of Darkness (1 Art of War card) from Zeus's Amazons' "
        "ATTACK; the ATTACK is wasted",
    ]
    armies = [["zeus", "medusa"], ["hades", "spartans"]]
    state = position(armies, at={"medusa": 12, "spartans": 12}, hands={0: ["medusa", "aow"]})
    told = narrate(state, "activate medusa", "simple", "attack spartans", *rolls(3, 3, 1), "gaze")
    assert texts(told[1])[3:] == [
        "Zeus's Medusa rolls 3 dice: 3, 3, 1: 2 hits, 1 blank; your Spartans (Defence 2) "
        "lose 1 miniature (2 left)",
        "petrifies your Spartans with Medusa's Petrifying Gaze (1 Art of War card) until "
        "Zeus's next turn",
    ]


@rules("MB-TURN-C1", "MB-MAN-3", "MB-MAN-1", "MB-ENTER-1", "MB-MOVE-1", "MB-CLAIM-1")
def test_activations_moves_and_claims_read_as_words() -> None:
    state = position(
        at={"zeus": 12, "hades": 13},
        omphalos=[13],
        hands={0: ["zeus", "achilles", "hoplites", "aow", "aow"]},
    )
    told = narrate(
        state,
        "activate achilles",
        "enter 11",
        "draw-cards 1",
        "draw zeus",
        "activate hoplites",
        "enter 6",
        readers=(1,),
    )
    assert [(line.kind, line.text) for line in told[1]] == [
        ("move", "activates Achilles"),
        ("move", "brings Achilles onto the battlefield in area 11"),
        ("move", "buys Draw Cards: 1 card to draw (1 Art of War card)"),
        ("chance", "Zeus draws a card"),
        ("move", "activates Hoplites for a second activation (1 Art of War card)"),
        ("move", "brings Hoplites onto the battlefield in area 6"),
    ]
    state = position(at={"hoplites": 12, "hades": 13}, omphalos=[13], hands={0: ["hoplites"]})
    told = narrate(state, "activate hoplites", "simple", "move 13", "claim 13", readers=(0,))
    assert texts(told[0])[2:] == [
        "moves Hoplites from area 12 to area 13, where Hades stands",
        "claims the omphalos in area 13 with Hoplites",
    ]


@rules("MB-NOTATION-1", "MB-NOTATION-2")
@pytest.mark.parametrize(
    ("players", "seed", "agents"), [(2, 4, None), (3, 1, None), (4, 2, None), (2, 3, "greedy")]
)
def test_whole_games_are_told_to_every_reader_in_words(
    players: int, seed: int, agents: str | None
) -> None:
    seats = [agents] * players if agents else None
    final = theomachy.simulate("mythic-battles", players=players, seed=seed, agents=seats)
    told = chronicle(final.game, final.history())
    notation = re.compile(r"\b(aow|infernal-\w+)\b|@|\?|^(roll|draw|search) \S+$")
    for reader in told.readers:
        story = told.story(reader)
        assert story, reader
        for line in story:
            assert line.kind in {"move", "chance", "minor", "round", "result"}
            assert not notation.search(line.text), line
            if line.seat is not None:
                assert line.text != line.action, line
        decisions = [line for line in story if line.seat is not None]
        steps = {line.step for line in story}
        # Every decision has its line; only dice inside an assault go untold.
        for step, action in enumerate(final.history()):
            if step not in steps:
                assert action.startswith("roll "), (step, action)
        assert decisions and story[-1].kind == "result"
        rounds = [line for line in story if line.kind == "round"]
        assert rounds and all("Round " in line.text for line in rounds)
    # Another seat's cards are never named to a reader (MB-RULING-HIDDEN).
    for reader in told.readers:
        for line in told.story(reader):
            if line.action in ("draw ?", "search ?"):
                assert "draws a card" in line.text or "for a card" in line.text, line
