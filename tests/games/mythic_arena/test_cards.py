"""One scenario per character ability, named after the card (Norse/Greek pair)."""

from __future__ import annotations

import pytest

from theomachy.games.mythic_arena.board import SQUARE_INDEX
from theomachy.games.mythic_arena.rules import ABILITY, DRAW, OVER, STRENGTH
from theomachy.games.mythic_arena.specs import CARD_INDEX

from .scenario import GREEK, NORSE, allegiance, card_at, play, position, power

rules = pytest.mark.rules
ROW = {"b5": "gaia", "c5": "dionysus", "d5": "hera", "e5": "ares"}  # a complete row b5..e5


@rules("MA-CARD-SOL", "MA-RULING-SOL")
def test_sol_helios_may_be_a_fifth_card_outside_the_square():
    state = position(ROW, drawn="helios")
    places = {a.split()[-1] for a in state.legal_actions() if a.startswith("place")}
    assert {"a5", "f5"} <= places  # beyond both ends of the complete row
    play(state, "place helios f5")
    helios = next(c for c in state.view(None)["battlefield"] if c["card"] == "helios")
    assert helios["outside"] is True
    assert state.square_count == 4  # the fifth card does not fill the square
    # Any other card still may not go beyond the row.
    other = position(ROW | {"f5": "helios"}, drawn="zeus")
    assert not any(a.endswith((" a5", " g5", " f6", " f4")) for a in other.legal_actions())


@rules("MA-CARD-SOL")
def test_sol_helios_needs_a_complete_row_or_column():
    state = position({"c5": "gaia", "d5": "dionysus", "e5": "hera"}, drawn="helios")
    places = {a.split()[-1] for a in state.legal_actions() if a.startswith("place")}
    assert places == {"b5", "f5", "c4", "c6", "d4", "d6", "e4", "e6"}


@rules("MA-CARD-SOL", "MA-RULING-SOL")
def test_sol_helios_row_of_five_aligns_along_all_five():
    # Greek row b5..e5 is 4 long; Helios at f5 makes 5: no alignment of exactly 3 either way.
    state = position(ROW, drawn="helios")
    play(state, "place helios f5")
    assert state.glory == [0, 0]


@rules("MA-CARD-SIGURD")
def test_sigurd_heracles_shuffles_a_discarded_card_back_into_the_deck():
    state = position({"e6": "nerthus"}, drawn="heracles", discard=(["zeus", "gaia"], []))
    play(state, "place heracles e5")
    assert state.phase == ABILITY
    assert state.legal_actions() == ["recycle gaia", "recycle zeus"]
    play(state, "recycle zeus")
    assert CARD_INDEX["zeus"] in state.deck[GREEK]
    assert state.view(None)["players"][0]["discard"] == ["gaia"]
    # With an empty discard pile there is nothing to choose.
    state = position({"e6": "nerthus"}, drawn="heracles")
    play(state, "place heracles e5")
    assert state.phase == DRAW


@rules("MA-CARD-ULLR", "MA-RULING-ULLR", "MA-POWER-2")
def test_ullr_artemis_adds_the_discard_pile_to_its_power_for_this_battle_only():
    # Power 2 + 1 discarded card = 3, equal to Beyla's 3 (plain south): nothing happens.
    state = position({"e6": "beyla"}, drawn="artemis", discard=(["zeus"], []))
    play(state, "place artemis e5")
    assert allegiance(state, "e6") == NORSE
    # Power 2 + 2 = 4 > 3: captured (with the Power replaced by the count, 2, it would not be).
    state = position({"e6": "beyla"}, drawn="artemis", discard=(["zeus", "gaia"], []))
    play(state, "place artemis e5")
    assert allegiance(state, "e6") == GREEK
    assert power(state, "e5") == 2  # "For the remainder of the game, the Power ... is 2"


@rules("MA-RULING-ULLR", "MA-CARD-ULLR")
def test_ma_ruling_ullr_the_shown_power_is_the_power_it_fights_with():
    discard = (["zeus", "gaia", "dionysus"], [])
    state = position({"e6": "vali"}, drawn="artemis", discard=discard, strength=(1, 0))
    assert state.view(0)["drawn_power"] == 5  # 2 + 3 cards in the discard pile
    assert state.view(1)["drawn_power"] is None  # the drawn card is hidden from the opponent
    assert state.view(None)["drawn_power"] is None
    play(state, "place artemis e5", "power")  # the last token: then the battle
    assert allegiance(state, "e6") == GREEK  # 2 + 3 + 1 = 6 > Váli's 5 (plain south side)
    assert power(state, "e5") == 3  # back to 2, plus the token that stays
    state = position({"e6": "vali"}, drawn="artemis", discard=discard, strength=(2, 0))
    play(state, "place artemis e5", "power")
    shown = {c["card"]: c["power"] for c in state.view(1)["battlefield"]}
    assert shown["artemis"] == 6  # 2 + 3 + 1 token, during the Strength step


@rules("MA-RULING-ULLR", "MA-CARD-FRIGG", "MA-CARD-NJORD")
def test_ma_ruling_ullr_drawn_power_of_frigg_hera_and_njord_poseidon():
    state = position({"c5": "gaia", "d5": "dionysus", "e5": ("odin", GREEK)}, drawn="hera")
    assert state.view(0)["drawn_power"] == 4  # 0 + three Greek icons + her own
    state = position({"e5": "zeus"}, drawn="poseidon")
    assert state.view(0)["drawn_power"] == 2  # Zeus in play
    state = position({"e5": "odin"}, drawn="poseidon")
    assert state.view(0)["drawn_power"] == 1  # Odin is not Poseidon's partner
    assert position({}, drawn="zeus").view(0)["drawn_power"] == 6
    assert position({}).view(0)["drawn_power"] is None  # nothing drawn


@rules("MA-RULING-HELA", "MA-RULING-ULLR")
def test_hela_hades_raising_artemis_counts_the_pile_after_she_left_it():
    state = position({"e6": "beyla"}, drawn="hades", discard=(["artemis", "zeus"], []))
    play(state, "place hades e5", "raise artemis")  # 2 + 1 (Zeus) = 3, not more than Beyla
    assert allegiance(state, "e6") == NORSE
    state = position({"e6": "beyla"}, drawn="hades", discard=(["artemis", "zeus", "gaia"], []))
    play(state, "place hades e5", "raise artemis")  # 2 + 2 = 4 > 3
    assert allegiance(state, "e6") == GREEK


@rules("MA-CARD-FRIGG", "MA-POWER-2")
def test_frigg_hera_counts_visible_icons_of_her_pantheon():
    board = {"c5": "gaia", "d4": "dionysus", "c4": ("odin", GREEK), "e6": "beyla"}
    state = position(board, drawn="hera")
    play(state, "place hera e5")  # Gaia, Dionysus, captured Odin and Hera herself: 4
    assert allegiance(state, "e6") == GREEK
    assert power(state, "e5") == 0
    state = position({"e6": "beyla"}, drawn="hera")
    play(state, "place hera e5")  # only herself: 1
    assert allegiance(state, "e6") == NORSE


@rules("MA-CARD-THOR")
def test_thor_ares_ignores_shields_in_his_battle():
    state = position({"e4": "beyla"}, drawn="ares")  # Beyla: shield on her north
    play(state, "place ares e5")
    assert allegiance(state, "e4") == GREEK  # 4 > 3 through the shield
    state = position({"e4": "beyla"}, drawn="zeus")
    play(state, "place zeus e5")
    assert allegiance(state, "e4") == NORSE  # Zeus stops at the shield


@rules("MA-CARD-FREYJA", "MA-RULING-FREYJA")
def test_freyja_aphrodite_captures_any_opposing_card():
    board = {"c6": "gaia", "d6": "dionysus", "e6": "nerthus", "f5": ("hera", NORSE)}
    state = position(board, drawn="aphrodite")
    play(state, "place aphrodite e5")
    assert state.legal_actions() == ["capture f5", "capture e6"]
    play(state, "capture e6")
    assert allegiance(state, "e6") == GREEK
    assert state.glory == [1, 0]  # c6 d6 e6 created by the ability
    state = position({"e6": "gaia"}, drawn="aphrodite")
    play(state, "place aphrodite e5")
    assert state.phase == DRAW  # nothing to capture


@rules("MA-CARD-HELA", "MA-RULING-HELA")
def test_hela_hades_raises_a_discarded_card_over_himself():
    state = position({"e6": "nerthus", "f5": "beyla"}, drawn="hades", discard=(["zeus"], []))
    play(state, "place hades e5")
    assert state.legal_actions() == ["raise zeus"]
    play(state, "raise zeus")
    assert card_at(state, "e5") == "zeus"
    zeus = next(c for c in state.view(None)["battlefield"] if c["square"] == "e5")
    assert zeus["under"] == "hades" and zeus["power"] == 6
    assert allegiance(state, "f5") == GREEK  # Zeus 6 > Beyla 3 (Beyla's west is plain)
    assert state.discard[GREEK] == []


@rules("MA-CARD-HELA", "MA-RULING-HELA")
def test_hela_hades_raised_card_triggers_its_own_ability():
    state = position({"e6": "nerthus"}, drawn="hades", discard=(["heracles", "zeus"], []))
    play(state, "place hades e5", "raise heracles")
    assert state.legal_actions() == ["recycle zeus"]  # Heracles's placement ability
    play(state, "recycle zeus")
    assert state.phase == DRAW


@rules("MA-CARD-HELA", "MA-CARD-VALI")
def test_hela_hades_with_vali_erinyes_both_leave():
    state = position({"e6": "beyla"}, drawn="hades", discard=(["erinyes"], []))
    play(state, "place hades e5", "raise erinyes")
    assert allegiance(state, "e6") == GREEK  # Erinyes 5 > 3
    assert card_at(state, "e5") is None
    assert sorted(state.view(None)["box"]) == ["erinyes", "hades"]


@rules("MA-CARD-HELA")
def test_hela_hades_alone_with_an_empty_discard_pile():
    state = position({"e6": "beyla"}, drawn="hades")
    play(state, "place hades e5")
    assert state.phase == DRAW and card_at(state, "e5") == "hades"
    assert allegiance(state, "e6") == NORSE  # Hades 2 < Beyla 3


@rules("MA-CARD-TYR")
def test_tyr_athena_doubles_alignment_glory():
    state = position({"c5": "gaia", "d5": "dionysus"}, drawn="athena")
    play(state, "place athena e5")
    assert state.glory == [2, 0]


@rules("MA-CARD-FREYR")
def test_freyr_demeter_takes_one_strength_token():
    state = position({}, drawn="demeter")
    play(state, "place demeter e5")
    assert state.strength == [1, 0] and state.supply == 9


@rules("MA-CARD-LOKI")
def test_loki_hephaestus_takes_a_token_per_capture():
    state = position({"e6": "frigg", "d5": "njord"}, drawn="hephaestus")
    # Frigg (0, plain south) and Njord (1, plain east) both fall to Hephaestus (3).
    play(state, "place hephaestus e5")
    assert allegiance(state, "e6") == GREEK and allegiance(state, "d5") == GREEK
    assert state.strength == [2, 0]


@rules("MA-CARD-EIR")
def test_eir_asclepius_takes_two_strength_tokens():
    state = position({}, drawn="asclepius")
    play(state, "place asclepius e5")
    assert state.strength == [2, 0] and state.supply == 8


@rules("MA-CARD-VALI", "MA-RULING-EMPTY")
def test_vali_erinyes_leaves_after_the_battle_and_its_captures_still_score():
    board = {"c6": "gaia", "d6": "dionysus", "e6": "beyla"}
    state = position(board, drawn="erinyes")
    play(state, "place erinyes e5")
    assert allegiance(state, "e6") == GREEK
    assert card_at(state, "e5") is None and state.view(None)["box"] == ["erinyes"]
    assert state.glory == [1, 0]
    assert SQUARE_INDEX["e5"] not in state.board


@rules("MA-CARD-BALDER")
def test_balder_apollo_counts_double_for_his_own_pantheon_only():
    from .test_rules import _full_board

    board = _full_board(8)
    board["b2"] = "apollo"  # replaces Zeus: Greek 8 (Apollo counts 2: 9) vs Norse 8
    state = position(board)
    assert state.visible_icons() == [9, 8]
    board["b2"] = ("apollo", NORSE)  # Apollo held by the Norse counts 1 for them
    state = position(board)
    assert state.visible_icons() == [7, 9]


@rules("MA-CARD-NJORD", "MA-RULING-NJORD")
def test_njord_poseidon_is_power_two_while_odin_zeus_is_in_play():
    state = position({"e6": "njord"})
    assert power(state, "e6") == 1
    state = position({"e6": "njord", "e7": ("odin", GREEK)})
    assert power(state, "e6") == 2  # Odin in play, whoever holds him
    state = position({"e6": "njord", "e7": "zeus"})
    assert power(state, "e6") == 1  # Zeus is not Njord's partner


@rules("MA-CARD-NERTHUS", "MA-CARD-ODIN", "MA-CARD-BEYLA")
@pytest.mark.parametrize("card", ["gaia", "zeus", "dionysus"])
def test_no_ability_cards_just_battle(card: str):
    state = position({}, drawn=card, strength=(0, 0))
    play(state, f"place {card} e5")
    assert state.phase == DRAW and state.to_move == 1
    assert state.glory == [0, 0] and state.strength == [0, 0]


def test_strength_step_only_reached_with_tokens():
    state = position({}, drawn="zeus", strength=(1, 0))
    play(state, "place zeus e5")
    assert state.phase == STRENGTH
    play(state, "power")
    assert state.phase == DRAW and power(state, "e5") == 7
    assert state.phase != OVER
