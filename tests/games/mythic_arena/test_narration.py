"""Mythic Arena's narrator: each action told in words from one reader's views, outcomes
included (captures, Glory, Strength tokens, the box, the end of a game and of a match)."""

from __future__ import annotations

import pytest

import theomachy
from theomachy import CHANCE
from theomachy.engine.core import State
from theomachy.engine.narration import KINDS, Told, apply_and_tell, chronicle
from theomachy.games.mythic_arena.narration import NARRATOR, MythicArenaNarrator

from .scenario import GREEK, position

rules = pytest.mark.rules

SQUARES = [f"{c}{r}" for c in "bcde" for r in (2, 3, 4, 5)]
GREEK_IDS = ["zeus", "gaia", "dionysus", "hera", "ares", "athena", "demeter", "hephaestus"]
NORSE_IDS = ["odin", "nerthus", "beyla", "frigg", "thor", "tyr", "freyr", "loki"]


def full_board_but_b2() -> dict[str, str | tuple[str, int]]:
    """A full square but Zeus's square b2: 7 Greek cards and Odin held by the Greek side (8
    Greek icons, 9 once Zeus is placed), 7 Norse cards."""
    cards: list[str | tuple[str, int]] = [*GREEK_IDS, *NORSE_IDS]
    cards[8] = ("odin", GREEK)
    board = dict(zip(SQUARES, cards, strict=True))
    del board["b2"]
    return board


def tell(state: State, action: str, reader: int | None = 0) -> Told:
    """Apply ``action`` and tell it to ``reader`` as the clients do."""
    told = apply_and_tell(state, action, reader)
    assert told is not None
    return told


def texts(state: State, *actions: str, reader: int | None = 0) -> list[str]:
    return [tell(state, action, reader).text for action in actions]


def test_the_game_has_its_narrator() -> None:
    assert isinstance(theomachy.load("mythic-arena").narrator(), MythicArenaNarrator)
    assert theomachy.load("mythic-arena").narrator() is NARRATOR


@rules("MA-SETUP-1")
def test_the_pantheon_choice_names_both_sides() -> None:
    state = theomachy.load("mythic-arena").new_game()
    assert tell(state, "choose norse", reader=1) == Told("chooses Norse; you play Greek", "move")
    state = theomachy.load("mythic-arena").new_game()
    assert texts(state, "choose greek", reader=None) == ["chooses Greek; Player 1 plays Norse"]


@rules("MA-RULING-PUBLIC", "MA-TURN-1", "MA-TURN-2")
def test_a_draw_is_named_to_the_drawer_only() -> None:
    state = theomachy.load("mythic-arena").new_game()
    state.apply("choose greek")
    mine = state.clone()
    assert tell(mine, "draw zeus", reader=0) == Told("you draw Zeus", "chance")
    assert tell(state, "draw zeus", reader=1) == Told("Greek draws a card", "chance")
    assert texts(state, "discard", "draw hera", reader=1) == [
        "discards Zeus and must play the next card",
        "Greek draws again and must play it",
    ]
    assert texts(mine, "discard", "draw hera", reader=0) == [
        "discards Zeus and must play the next card",
        "you draw Hera (Power 1 if placed now) and must play it",  # MA-CARD-FRIGG
    ]


@rules("MA-BATTLE-3", "MA-BATTLE-4", "MA-BATTLE-6", "MA-GLORY-1")
def test_a_placement_tells_its_captures_and_glory() -> None:
    board = {"e6": "beyla", "e4": "odin", "d5": "nerthus"}
    state = position(board, drawn="ares")
    assert tell(state, "place ares e5") == Told(
        "places Ares (Power 4) on e5: captures Odin (e4) and Beyla (e6); you score 1 Glory "
        "(1 in all)",
        "move",
    )
    state = position(board, drawn="ares")
    assert texts(state, "place ares e5", reader=1) == [
        "places Ares (Power 4) on e5: captures Odin (e4) and Beyla (e6); Greek scores 1 Glory "
        "(1 in all)"
    ]


@rules("MA-BATTLE-2")
def test_a_battle_without_capture_says_so() -> None:
    state = position({"e6": "nerthus"}, drawn="zeus")  # Nerthus's shield faces Zeus
    assert texts(state, "place zeus e5") == ["places Zeus (Power 6) on e5: no capture"]
    state = position({"c5": "gaia"}, drawn="zeus")  # no opposing neighbour: nothing to say
    assert texts(state, "place zeus d5") == ["places Zeus (Power 6) on d5"]


@rules("MA-STRENGTH-1", "MA-STRENGTH-2", "MA-STRENGTH-3")
def test_strength_tokens_and_the_battle_they_lead_to() -> None:
    state = position({"e6": "nerthus", "d5": "beyla"}, drawn="zeus", strength=(3, 0))
    assert texts(state, "place zeus e5", "power", "shatter e6", "done") == [
        "places Zeus (Power 6) on e5",
        "spends a Strength token: +1 Power on Zeus (Power 7)",
        "spends a Strength token to shatter Nerthus's shield (e6) facing Zeus",
        "keeps 1 Strength token and goes to battle: Zeus captures Nerthus (e6)",
    ]


@rules("MA-CARD-FREYR", "MA-CARD-TYR", "MA-CARD-VALI")
def test_post_battle_effects() -> None:
    state = position({"c5": "zeus"}, drawn="demeter")
    assert texts(state, "place demeter d5") == [
        "places Demeter (Power 3) on d5: you take 1 Strength token"
    ]
    state = position({"c5": "zeus", "d5": "hera"}, drawn="athena")
    assert texts(state, "place athena e5") == [
        "places Athena (Power 3) on e5: you score 2 Glory (2 in all)"
    ]
    state = position({"e6": "beyla"}, drawn="erinyes")
    assert texts(state, "place erinyes e5") == [
        "places Erinyes (Power 5) on e5: captures Beyla (e6); Erinyes goes back to the box"
    ]


@rules("MA-CARD-FREYJA", "MA-CARD-HELA", "MA-CARD-SIGURD")
def test_placement_abilities() -> None:
    state = position({"e6": "beyla", "f5": "odin"}, drawn="aphrodite")
    assert texts(state, "place aphrodite e5", "capture e6") == [
        "places Aphrodite (Power 1) on e5",
        "captures Beyla (e6) with Aphrodite: Aphrodite captures Odin (f5)",
    ]
    state = position({"e6": "beyla"}, drawn="hades", discard=(["zeus"], []))
    assert texts(state, "place hades e5", "raise zeus") == [
        "places Hades (Power 2) on e5",
        "raises Zeus from the discard pile over Hades: Zeus captures Beyla (e6)",
    ]
    state = position({"e6": "beyla"}, drawn="heracles", discard=(["zeus"], []))
    assert texts(state, "place heracles e5", "recycle zeus") == [
        "places Heracles (Power 4) on e5",
        "shuffles Zeus from the discard pile back into the deck: Heracles captures Beyla (e6)",
    ]


@rules("MA-RULING-DECKOUT")
def test_a_new_deck_and_a_skipped_turn_are_told() -> None:
    state = position({"e6": "beyla"}, drawn="zeus", discard=([], ["odin", "thor"]))
    state.deck[1] = []
    assert texts(state, "place zeus e5") == [
        "places Zeus (Power 6) on e5: captures Beyla (e6); Norse shuffles the discard pile into "
        "a new deck (2 cards)"
    ]
    state = position({"e6": "beyla"}, drawn="zeus")
    state.deck[1] = []  # and no discard pile: Norse cannot draw
    assert texts(state, "place zeus e5", reader=1) == [
        "places Zeus (Power 6) on e5: captures Beyla (e6); you have no card left: Greek plays again"
    ]


@rules("MA-END-1", "MA-END-2", "MA-END-3", "MA-END-4")
def test_the_end_of_a_game_tells_the_final_count_and_the_winner() -> None:
    state = position(full_board_but_b2(), drawn="zeus", glory=(3, 6))
    assert tell(state, "place zeus b2") == Told(
        "places Zeus (Power 6) on b2: you score 1 Glory. The game is over. Icons: you 9, "
        "Norse 7 (+3 Glory to you). Glory: you 7, Norse 6. You win.",
        "result",
    )
    state = position(full_board_but_b2(), drawn="zeus", glory=(2, 6))
    assert tell(state, "place zeus b2", reader=1).text.endswith(
        "Icons: Greek 9, you 7 (+3 Glory to Greek). Glory: Greek 6, you 6. The game is drawn: "
        "equal Glory and equal unused Strength tokens."
    )


@rules("MA-MATCH-1", "MA-MATCH-2")
def test_a_game_of_a_match_ends_with_a_result_and_the_next_starts_with_a_round() -> None:
    state = position(full_board_but_b2(), drawn="zeus", glory=(3, 6), options={"rounds": 3})
    assert tell(state, "place zeus b2", reader=1) == Told(
        "places Zeus (Power 6) on b2: Greek scores 1 Glory. Game 1 is over. Icons: Greek 9, "
        "you 7 (+3 Glory to Greek). Glory: Greek 7, you 6. Greek wins game 1. Games won: "
        "Greek 1, you 0.",
        "result",
    )
    assert tell(state, "draw ares", reader=1) == Told(
        "Game 2 begins, Greek leads the match 1–0: Greek starts and draws a card", "round"
    )


@rules("MA-MATCH-1")
def test_a_whole_match_reads_game_by_game() -> None:
    final = theomachy.simulate("mythic-arena", seed=7, options={"rounds": 3})
    story = chronicle(final.game, final.history()).story(0)
    games = len(final.view(0)["results"])
    starts = [line.text for line in story if line.kind == "round"]
    ends = [line.text for line in story if line.kind == "result"]
    assert len(starts) == games and len(ends) == games
    assert starts[0].startswith("Game 1 begins (the match goes to the first to win 2 games): ")
    assert all(f"Game {n + 1} is over." in text for n, text in enumerate(ends))
    assert "the match " in ends[-1]


@rules("MA-RULING-PUBLIC")
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_are_told_to_every_reader_in_words(seed: int) -> None:
    options = {"rounds": 3} if seed == 2 else {}
    final = theomachy.simulate("mythic-arena", seed=seed, options=options)
    told = chronicle(final.game, final.history())
    history = final.history()
    for reader in (None, 0, 1):
        story = told.story(reader)
        assert [line.step for line in story] == list(range(len(history)))  # every action
        for line in story:
            assert line.kind in KINDS
            assert "@" not in line.text and "_" not in line.text
            if line.seat is not None:
                assert not f"{line.text} ".startswith(f"{line.action} ")
            if line.action == "draw ?":  # a hidden draw names no card
                assert line.text.endswith(("draws a card", "draws again and must play it"))
        assert story[-1].kind == "result"
    # A hidden draw is hidden to the spectators and the other seat, not to the drawer.
    drawer_lines = [line for line in told.story(0) if line.seat is None and "you draw" in line.text]
    assert drawer_lines and all(line.action != "draw ?" for line in drawer_lines)


def test_an_opponents_draw_leaves_no_card_name_in_the_story() -> None:
    state = theomachy.load("mythic-arena").new_game()
    for action in ("choose greek", "draw zeus", "place zeus e5"):
        state.apply(action)
    before = state.view(0)
    seen = state.action_seen_by("draw odin", 0)
    state.apply("draw odin")
    told = NARRATOR.tell(before, state.view(0), CHANCE, seen)
    assert told == Told("Norse draws a card", "chance")
    assert "Odin" not in told.text and "odin" not in told.text
