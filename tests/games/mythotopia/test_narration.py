"""Mythotopia's log in words (narration.py): real actions on real games, told to each reader
from that reader's own views, with what came of them (armies, wars and who won them,
provinces taken, buildings, VP counters and scores, cards drawn, whose turn, the end)."""

from __future__ import annotations

import re
from typing import Any

import pytest

import theomachy
from theomachy import CHANCE
from theomachy.engine.narration import KINDS, Told, chronicle
from theomachy.games.mythotopia.cards import catalog
from theomachy.games.mythotopia.narration import NARRATOR, MythotopiaNarrator, place
from theomachy.games.mythotopia.rules import MythotopiaGame, MythotopiaState

from .scenario import play, position, setup

rules = pytest.mark.rules

Reader = int | None
READERS: tuple[Reader, ...] = (0, 1, None)


def step(state: MythotopiaState, action: str, readers: tuple[Reader, ...] = READERS) -> dict:
    """Apply one legal action and tell it to each reader: reader -> Told."""
    assert action in state.legal_actions(), f"{action!r} not legal: {state.legal_actions()[:20]}"
    actor = state.current_player
    before = {r: state.view(r) for r in readers}
    seen = {r: state.action_seen_by(action, r) for r in readers}
    state.apply(action)
    told = {r: NARRATOR.tell(before[r], state.view(r), actor, seen[r]) for r in readers}
    assert all(t is not None for t in told.values())
    return told


def texts(state: MythotopiaState, *actions: str, reader: Reader = 0) -> list[str]:
    """Apply actions in order; the lines ``reader`` is told."""
    lines = []
    for action in actions:
        told = step(state, action, (reader,))[reader]
        lines.append(told.text)
    return lines


def chance_lines(state: MythotopiaState, readers: tuple[Reader, ...] = READERS) -> dict:
    """Resolve the pending chance nodes with their first outcome: reader -> lines."""
    lines: dict[Reader, list[str]] = {r: [] for r in readers}
    while state.current_player == CHANCE:
        for reader, told in step(state, state.legal_actions()[0], readers).items():
            lines[reader].append(told.text)
    return lines


def invaded_nusus() -> MythotopiaState:
    """Red (seat 0) holds Palmain and Scombroid; Nusus, next to Palmain, is neutral."""
    state = setup(
        provinces={0: ["palmain", "scombroid"], 1: ["trogle"]},
        vp_cards=["patronage", "spoils-of-war", "defender-of-the-realm", "gilded-city"],
    )
    position(state, hand={0: ["palmain", "start-army", "scombroid", "start-ship", "start-market"]})
    return state


# --- the game is wired ---------------------------------------------------------------------------


def test_the_game_has_its_narrator() -> None:
    assert MythotopiaGame.narrator() is NARRATOR
    assert isinstance(theomachy.load("mythotopia").narrator(), MythotopiaNarrator)
    view = theomachy.load("mythotopia", players=3).new_game().view(1)
    assert [NARRATOR.name(view, s) for s in range(3)] == ["Red", "you", "Green"]


# --- actions and their outcomes ---------------------------------------------------------------


@rules("MT-INVADE-2", "MT-INVADE-5", "MT-INVADE-6", "MT-INVADE-7", "MT-PAY-1", "MT-TERM-2")
def test_an_invasion_card_by_card_then_the_armies_and_the_war() -> None:
    state = invaded_nusus()
    told = step(state, "invade nusus palmain")
    assert told[0] == Told("invades neutral Nusus (strength 2) from Palmain for 1 food", "move")
    assert told[None].text == told[0].text
    assert texts(state, "pay start-army army", "pay scombroid army", "pay start-ship food") == [
        "plays Army for 2 armies",
        "plays the Scombroid card for 1 army",
        "plays Ship for 1 food",
    ]
    told = step(state, "done")
    assert told[0].text == "sends 3 armies into Nusus: Nusus is at war (you 3 against neutral 2)"
    assert told[1].text == "sends 3 armies into Nusus: Nusus is at war (Red 3 against neutral 2)"


@rules("MT-WAR-2", "MT-CAPTURE-1", "MT-CAPTURE-2", "MT-CAPTURE-3", "MT-VPS-1", "MT-TURN-3")
def test_ending_a_war_takes_the_province_and_its_card_for_3_vp() -> None:
    state = invaded_nusus()
    play(state, "invade nusus palmain", "pay start-army army", "pay scombroid army")
    play(state, "pay start-ship food", "done", "pass")
    told = step(state, "end-turn")
    assert told[0] == Told("ends the turn", "move")  # the refill follows
    draws = chance_lines(state)
    assert draws[1][:3] == ["Red draws a card"] * 3
    assert draws[1][-1] == "Red draws a card. Your turn"
    assert draws[None][-1] == "Red draws a card. Blue's turn"
    assert draws[0][-1].endswith(". Blue's turn") and draws[0][0].startswith("you draw ")
    play(state, "pass", "pass")
    told = step(state, "end-turn")
    assert told[0] == Told("ends the turn. Round 2, your turn", "round")
    assert told[1] == Told("ends the turn. Round 2, Red's turn", "round")
    told = step(state, "end-war nusus")
    assert told[1].text == (
        "ends the war in Nusus: Red takes Nusus and its card (Red 3 against neutral 2); "
        "VP: Red 33 → 36"
    )
    assert told[0].text.startswith("ends the war in Nusus: you take Nusus and its card")


@rules("MT-CAPTURE-2", "MT-VP-SPOILS-OF-WAR", "MT-RULING-CARD-LOCATION", "MT-HIDDEN-3")
def test_a_capture_from_a_player_gives_spoils_and_a_hidden_replacement_draw() -> None:
    state = setup(
        provinces={0: ["palmain", "scombroid"], 1: ["trogle", "blore"]},
        vp_cards=["patronage", "spoils-of-war", "defender-of-the-realm", "gilded-city"],
    )
    position(
        state,
        armies={("trogle", 0): 4},
        hand={1: ["trogle", "start-army", "start-build", "start-market", "start-ship"]},
        deck={1: ["hero", "limes"]},
    )
    told = step(state, "end-war trogle")
    assert told[None].text == (
        "ends the war in Trogle: Red takes Trogle and its card from Blue (Red 4 against Blue 1); "
        "VP: Red 33 → 36, Blue 33 → 30"
    )
    assert told[1].text.startswith("ends the war in Trogle: Red takes Trogle and its card from you")
    # Blue draws a card to replace Trogle's; then Red's Spoils of War counter is taken.
    draw = step(state, state.legal_actions()[0])
    assert draw[1].kind == "chance"
    assert draw[1].text in (
        f"you draw {card}; Red takes the Spoils of War counter (1 VP); VP: Red 36 → 37"
        for card in ("Hero", "Limes")
    )
    assert draw[0] == Told(
        "Blue draws a card; you take the Spoils of War counter (1 VP); VP: you 36 → 37", "chance"
    )
    assert draw[None].text.startswith("Blue draws a card; Red takes")


@rules("MT-CAPTURE-6", "MT-CAPTURE-7", "MT-VP-DEFENDER-OF-THE-REALM", "MT-RULING-DEFENDER")
def test_a_defender_who_wins_holds_the_province_and_takes_a_counter() -> None:
    state = setup(
        provinces={0: ["palmain", "scombroid"], 1: ["trogle", "blore"]},
        vp_cards=["patronage", "spoils-of-war", "defender-of-the-realm", "gilded-city"],
    )
    position(state, armies={("blore", 0): 1, ("blore", 1): 3})
    told = step(state, "end-war blore")
    assert told[None].text == (
        "ends the war in Blore: Blue holds Blore (Red 1 against Blue 4); "
        "Blue takes the Defender of the Realm counter (1 VP); VP: Blue 33 → 34"
    )
    assert told[1].text.startswith("ends the war in Blore: you hold Blore (Red 1 against you 4)")


@rules("MT-STRENGTH-4", "MT-CAPTURE-7")
def test_a_neutral_province_that_holds_sends_every_army_home() -> None:
    state = setup(
        provinces={0: ["palmain", "scombroid"], 1: ["trogle"]},
        vp_cards=["here-be-dragons", "patronage", "spoils-of-war", "gilded-city"],
        dragons=["nusus", "welkin", "talion", "sorner", "shog"],
    )
    position(state, armies={("nusus", 0): 5})
    told = step(state, "end-war nusus")
    assert told[1].text == (
        "ends the war in Nusus: neutral Nusus holds (Red 5 against neutral 6): every army goes home"
    )


@rules("MT-VP-RUNESTONES", "MT-CAPTURE-1", "MT-SETUP-9")
def test_taking_a_runestone_province_puts_the_runestone_aside_for_a_counter() -> None:
    state = setup(
        provinces={0: ["palmain", "scombroid"], 1: ["trogle"]},
        vp_cards=["runestones", "patronage", "spoils-of-war", "gilded-city"],
        runestones=["nusus", "welkin", "talion", "sorner", "shog"],
    )
    position(state, armies={("nusus", 0): 3})
    told = step(state, "end-war nusus")
    assert told[0].text == (
        "ends the war in Nusus: you take Nusus and its card (you 3 against neutral 2); "
        "its Runestone is put aside; you take the Runestones counter (2 VP); VP: you 33 → 38"
    )


@rules("MT-BUILD-1", "MT-BUILD-2", "MT-VP-CITY", "MT-VP-GILDED-CITY", "MT-BUILD-5")
def test_building_a_city_takes_the_city_counter_then_gilded_city_is_offered() -> None:
    state = invaded_nusus()
    position(state, hand={0: ["start-build", "palmain", "start-market", "start-market"]})
    assert texts(state, "play start-build city palmain", "pay start-market stone") == [
        "plays Build: a City in Palmain for 2 stone",
        "plays Market for 1 stone",
    ]
    assert texts(state, "pay start-market stone", reader=1) == [
        "plays Market for 1 stone: a City is built in Palmain; Red takes the City counter "
        "(2 VP); VP: Red 33 → 35"
    ]
    assert state.view(0)["pending"]["kind"] == "gilded"
    assert texts(state, "decline") == ["declines the Gilded City counter"]


@rules("MT-IMP-SCRIBE", "MT-RULING-SCRIBE", "MT-VPS-2")
def test_a_scribe_holder_chooses_where_the_counter_comes_from() -> None:
    state = invaded_nusus()
    position(
        state,
        hand={0: ["start-build", "palmain", "start-market", "start-market"]},
        reserve={0: ["scribe"]},
    )
    play(state, "play start-build city palmain", "pay start-market stone")
    assert texts(state, "pay start-market stone") == [
        "plays Market for 1 stone: a City is built in Palmain"
    ]
    assert texts(state, "claim stock", reader=None) == [
        "takes a 2 VP counter from the unused stock (Scribe); VP: Red 33 → 35"
    ]


@rules("MT-SETUP-OPT-2", "MT-HIDDEN-4", "MT-RULING-SECRET")
def test_provinces_set_aside_in_secret_are_revealed_together() -> None:
    game = theomachy.load("mythotopia", players=3, options={"choose_provinces": True})
    state = game.new_game()
    assert isinstance(state, MythotopiaState)
    while not state.legal_actions()[0].startswith("reject"):
        state.apply(state.legal_actions()[0])
    rejected: dict[int, list[str]] = {0: [], 1: [], 2: []}
    lines: dict[Reader, list[str]] = {r: [] for r in READERS}
    while state.legal_actions()[0].startswith("reject"):
        action = state.legal_actions()[0]
        rejected[state.current_player].append(place(action.split(" ")[1]))
        for reader, told in step(state, action).items():
            lines[reader].append(told.text)
    assert lines[1][:2] == ["sets a Province card aside in secret"] * 2
    assert lines[0][:2] == [f"sets {rejected[0][0]} aside", f"sets {rejected[0][1]} aside"]
    assert lines[None][-1] == (
        f"sets {rejected[2][1]} aside; all revealed: "
        f"Red sets aside {rejected[0][0]} and {rejected[0][1]}, "
        f"Blue sets aside {rejected[1][0]} and {rejected[1][1]}, "
        f"Green sets aside {rejected[2][0]} and {rejected[2][1]}"
    )
    assert f"you set aside {rejected[1][0]} and {rejected[1][1]}" in lines[1][-1]


@rules("MT-BUY-1", "MT-DRAFT-1", "MT-PAY-2")
def test_buying_and_drafting_say_what_joins_the_stock_and_the_deck() -> None:
    state = invaded_nusus()
    assert texts(state, "buy 1 0", "pay start-market gold") == [
        "buys 1 army for 1 gold",
        "plays Market for 1 gold: 1 army from the pool joins the stock",
    ]
    position(state, hand={0: ["start-army", "palmain"]})
    assert texts(state, "draft hero", "pay start-army gold") == [
        "drafts Hero from the display for 1 gold",
        "plays Army for 1 gold: Hero goes to the discard pile",
    ]


@rules("MT-ROAD-4", "MT-RULING-ROAD-MOVE", "MT-ARMIES-3")
def test_the_road_move_and_removing_armies() -> None:
    state = setup(provinces={0: ["palmain", "scombroid", "blore"]})
    position(
        state,
        roads=[("palmain", "scombroid"), ("palmain", "blore")],
        armies={("palmain", 0): 4},
    )
    assert texts(state, "move palmain scombroid 1", "move palmain blore 2", "done") == [
        "moves 1 army by road from Palmain to Scombroid",
        "moves 2 armies by road from Palmain to Blore",
        "ends the road move",
    ]
    assert texts(state, "remove-armies blore 2 0") == ["takes 2 armies off Blore"]


@rules("MT-SHIPS-1", "MT-STRENGTH-1", "MT-RULING-SHIPS-EVERY-WAR")
def test_ships_placed_change_the_strength_of_wars_on_that_sea() -> None:
    state = invaded_nusus()
    play(state, "invade nusus palmain", "pay start-army army", "pay scombroid army")
    play(state, "pay start-ship food", "done")
    position(state, hand={0: ["start-ship", "start-market"]})
    lines = texts(state, "place-ships serpent", "pay start-ship ship", "done")
    assert lines == [
        "places ships in the Serpent Sea",
        "plays Ship for 1 ship",
        "places 1 ship in the Serpent Sea: the war in Nusus stands at you 4 against neutral 2",
    ]


@rules("MT-REMOVE-1", "MT-DISCARD-1", "MT-RESERVE-1")
def test_cards_put_into_the_reserve_discarded_and_removed() -> None:
    state = invaded_nusus()
    assert texts(state, "reserve start-army", "reserve palmain", reader=1) == [
        "puts Army into the Reserve",
        "puts the Palmain card into the Reserve",
    ]
    assert texts(state, "discard scombroid", "done") == [
        "discards the Scombroid card",
        "discards no more",
    ]
    state = invaded_nusus()
    assert texts(state, "remove start-market", "remove palmain") == [
        "removes Market from the deck: it returns to the removed Starting cards",
        "removes the Palmain card from the deck: it returns to the Province supply",
    ]


@rules("MT-IMP-MERCENARY", "MT-IMP-DIPLOMAT", "MT-IMP-MARAUDERS", "MT-RULING-INVOLVED")
def test_mercenaries_marauders_and_a_diplomat() -> None:
    state = invaded_nusus()
    position(
        state,
        armies={("nusus", 0): 3},
        hand={0: ["mercenary", "start-market", "marauders", "palmain"]},
    )
    assert texts(state, "play mercenary nusus 2", "pay start-market gold") == [
        "plays Mercenary: hires 2 Mercenaries in Nusus for 1 gold",
        "plays Market for 1 gold: 2 Mercenaries join you in Nusus; "
        "the war in Nusus stands at you 5 against neutral 2",
    ]
    assert texts(state, "play marauders nusus 0", reader=1) == [
        "plays Marauders: sends one of Red's armies in Nusus home; "
        "the war in Nusus stands at Red 4 against neutral 2"
    ]
    state = invaded_nusus()
    position(state, armies={("nusus", 0): 3}, hand={0: ["diplomat", "start-market"]})
    assert texts(state, "play diplomat nusus", "pay start-market gold", reader=1) == [
        "plays Diplomat to stop the war in Nusus for 1 gold",
        "plays Market for 1 gold: the war in Nusus is called off (Red 3 against neutral 2): "
        "every army goes home",
    ]


@rules("MT-IMP-PHILOSOPHER", "MT-HIDDEN-3", "MT-HIDDEN-6")
def test_philosopher_draws_and_keeps_in_secret() -> None:
    state = invaded_nusus()
    position(state, hand={0: ["philosopher", "palmain"]})
    told = step(state, "play philosopher")
    assert told[1].text == "plays Philosopher: draws 3 Improvement cards to keep one"
    drawn: list[str] = []
    while state.current_player == CHANCE:
        outcome = state.legal_actions()[0]
        drawn.append(catalog().cards[outcome.split(" ")[1]].name)
        told = step(state, outcome)
        assert told[0].text == f"you draw {drawn[-1]} from the Improvement deck"
        assert told[1].text == "Red draws a card from the Improvement deck"
        assert told[None].text == told[1].text
    kept = next(a for a in state.legal_actions() if a.startswith("keep"))
    told = step(state, kept)
    assert told[0].text == f"keeps {drawn[0]}; the others go back to the Improvement deck"
    assert (
        told[1].text == "keeps one of the cards drawn; the others go back to the Improvement deck"
    )


@rules("MT-HIDDEN-3", "MT-TURN-3")
def test_another_seats_draws_are_told_without_the_card() -> None:
    state = invaded_nusus()
    position(state, hand={0: ["start-market"]}, deck={0: ["hero", "scribe", "queen", "limes"]})
    play(state, "pass", "pass")
    told = step(state, "end-turn")
    assert told[1].text == "ends the turn"
    story = chance_lines(state)
    assert story[1] == ["Red draws a card"] * 3 + ["Red draws a card. Your turn"]
    assert story[None] == ["Red draws a card"] * 3 + ["Red draws a card. Blue's turn"]
    mine = " ".join(story[0])
    assert all(f"you draw {name}" in mine for name in ("Hero", "Scribe", "Queen", "Limes"))
    for name in ("Hero", "Scribe", "Queen", "Limes"):
        assert name not in " ".join(story[1]) and name not in " ".join(story[None])


@rules("MT-SETUP-10", "MT-HIDDEN-4", "MT-RULING-SECRET", "MT-SETUP-14")
def test_citadels_are_chosen_in_secret_then_revealed_together() -> None:
    game = theomachy.load("mythotopia", players=2)
    state = game.new_game()
    assert isinstance(state, MythotopiaState)
    for card in ["citadel", "patronage", "spoils-of-war", "gilded-city"]:
        while not state.legal_actions()[0].startswith("vpcard"):
            state.apply(state.legal_actions()[0])
        state.apply(f"vpcard {card}")
    choices: dict[int, str] = {}
    lines: dict[Reader, list[str]] = {r: [] for r in READERS}
    while not state.is_terminal() and not state.legal_actions()[0].startswith("first"):
        action = state.legal_actions()[0]
        if action.startswith("citadel"):
            choices[state.current_player] = action.split(" ")[1]
        for reader, told in step(state, action).items():
            lines[reader].append(told.text)
    names = {seat: place(choices[seat]) for seat in (0, 1)}
    assert lines[1][-2] == "chooses a province for the Citadel in secret"
    assert lines[0][-2] == f"chooses {names[0]} for the Citadel"
    assert lines[None][-1] == (
        f"chooses {names[1]} for the Citadel; Citadels revealed: Red in {names[0]}, "
        f"Blue in {names[1]}. Set-up is complete; starting VP: Red 33, Blue 33"
    )
    assert lines[0][-1].startswith(f"chooses {names[1]} for the Citadel; Citadels revealed: you in")


@rules("MT-CAP-1", "MT-RULING-MAX-ROUNDS", "MT-END-4")
def test_the_round_limit_ends_the_game_with_its_wars_and_the_winner() -> None:
    state = setup(
        provinces={0: ["palmain", "scombroid"], 1: ["trogle"]},
        options={"max_rounds": 1},
    )
    position(state, armies={("nusus", 0): 3})
    while not state.is_terminal():
        legal = state.legal_actions()
        action = "pass" if "pass" in legal else "end-turn" if "end-turn" in legal else legal[0]
        told = step(state, action)
    assert told[1].kind == "result"
    assert told[1].text.endswith(
        ". The round limit is reached: Red takes Nusus and its card (Red 3 against neutral 2); "
        "VP: Red 33 → 36. The game is over: Red wins with 36 VP"
    )
    assert told[0].text.endswith("The game is over: you win with 36 VP")


@rules("MT-END-1", "MT-END-3", "MT-END-5")
def test_ending_the_game_names_the_winner() -> None:
    state = invaded_nusus()
    for card in ("patronage", "spoils-of-war", "defender-of-the-realm", "gilded-city"):
        state.counters[card] = ()
    position(state, armies={("nusus", 0): 3})
    told = step(state, "end-game")
    assert told[1] == Told(
        "ends the game: Red takes Nusus and its card (Red 3 against neutral 2); "
        "VP: Red 33 → 36. The game is over: Red wins with 36 VP",
        "result",
    )
    assert told[0].text.endswith(". The game is over: you win with 36 VP")


# --- whole games -------------------------------------------------------------------------------

SLUG = re.compile(r"\b[a-z]+-[a-z]+\b|\b(?:inland[12]|start)\b")
WORDS_WITH_HYPHENS = {"set-up"}
HIDDEN_DRAW = re.compile(
    r"(Red|Blue|Green|Yellow) draws a card( from the Improvement deck)?([;.] |$)"
)


def plain(text: str) -> str:
    for word in WORDS_WITH_HYPHENS:
        text = text.replace(word, "")
    return text


@pytest.mark.parametrize(("players", "seed", "rounds"), [(2, 3, 40), (3, 5, 30), (4, 7, 25)])
def test_a_whole_random_game_is_told_to_every_reader(players: int, seed: int, rounds: int) -> None:
    final = theomachy.simulate(
        "mythotopia", players=players, seed=seed, options={"max_rounds": rounds}
    )
    history = final.history()
    assert len(history) > 500
    told = chronicle(final.game, history)
    for reader in told.readers:
        story = told.story(reader)
        assert len(story) == len(history)  # every action is accounted for
        for line in story:
            assert line.kind in KINDS
            assert line.text and "@" not in line.text and "?" not in line.text
            assert not SLUG.search(plain(line.text)), line
            if line.seat is not None:
                assert line.text != line.action, line
            if line.action == "draw ?":
                assert HIDDEN_DRAW.match(line.text), line
        assert story[-1].kind == "result" and "The game is over" in story[-1].text


def test_the_narrator_reads_no_log() -> None:
    """Each line is told from the two views alone, never from the log (which grows with the
    game): views without their log tell the same story."""
    final = theomachy.simulate("mythotopia", players=3, seed=2, options={"max_rounds": 4})
    state = final.game.new_game()
    expected = chronicle(final.game, final.history()).story(1)
    lines = []
    before = state.view(1)
    for action in final.history():
        actor = state.current_player
        seen = state.action_seen_by(action, 1)
        state.apply(action)
        after = state.view(1)
        stripped: list[dict[str, Any]] = [
            {k: v for k, v in view.items() if k != "log"} for view in (before, after)
        ]
        lines.append(NARRATOR.tell(stripped[0], stripped[1], actor, seen))
        before = after
    assert [t.text for t in lines if t] == [line.text for line in expected]
