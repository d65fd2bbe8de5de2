"""At the table: which moves may be taken back (undo_safe), why a move is refused (refusal, in
exact words), and what the views hid (revealed) — table_help.py."""

from __future__ import annotations

import random

import pytest

import theomachy
from theomachy import CHANCE
from theomachy.games.mythic_arena.rules import ABILITY, STRENGTH

from .scenario import NORSE, play, position

rules = pytest.mark.rules
ROW = {"b5": "gaia", "c5": "dionysus", "d5": "hera", "e5": "ares"}  # a complete row b5..e5


def refused(state, action: str) -> str | None:
    assert action not in state.legal_actions()
    return state.refusal(action, state.current_player)


# --- undo ------------------------------------------------------------------------------------
@rules("MA-TURN-2", "MA-RULING-PUBLIC")
def test_a_discard_cannot_be_taken_back_it_draws_the_next_card():
    state = position({"e6": "nerthus"}, drawn="zeus")
    assert "discard" in state.legal_actions()
    assert state.undo_safe("discard") is False
    state.apply("discard")
    assert state.current_player == CHANCE  # the next card is drawn at once


@rules("MA-TURN-3", "MA-RULING-PUBLIC")
def test_placing_the_drawn_card_may_be_taken_back():
    state = position({"e6": "nerthus"}, drawn="zeus", strength=(1, 0))
    assert all(state.undo_safe(a) for a in state.legal_actions() if a.startswith("place"))


@rules("MA-STRENGTH-1", "MA-STRENGTH-2", "MA-STRENGTH-3")
def test_strength_tokens_and_going_to_battle_may_be_taken_back():
    state = position({"e6": "nerthus"}, drawn="zeus", strength=(2, 0))
    state.apply("place zeus e5")
    assert state.phase == STRENGTH
    assert [state.undo_safe(a) for a in ("power", "shatter e6", "done")] == [True] * 3


@rules("MA-CARD-SIGURD", "MA-CARD-FREYJA", "MA-CARD-HELA")
def test_ability_choices_name_public_cards_and_may_be_taken_back():
    state = position({"e6": "nerthus"}, drawn="heracles", discard=(["zeus"], []))
    state.apply("place heracles e5")
    assert state.undo_safe("recycle zeus")  # the deck has no order: nothing is seen
    state = position({"e6": "nerthus"}, drawn="hades", discard=(["zeus"], []))
    state.apply("place hades e5")
    assert state.undo_safe("raise zeus")
    state = position({"e6": "nerthus"}, drawn="aphrodite")
    state.apply("place aphrodite e5")
    assert state.undo_safe("capture e6")


@rules("MA-SETUP-1")
def test_choosing_the_pantheon_shows_nothing():
    state = theomachy.load("mythic-arena").new_game()
    assert state.undo_safe("choose greek") and state.undo_safe("choose norse")


def test_undo_safe_reads_nothing_hidden():
    # The opponent's drawn card is the only secret; the mover's answers are the same
    # whatever it is.
    state = position({"e6": "nerthus"}, drawn="zeus")
    twin = state.determinize(0, random.Random(3))
    for action in state.legal_actions():
        assert state.undo_safe(action) == twin.undo_safe(action)


# --- refusals: placing -------------------------------------------------------------------------
@rules("MA-PLACE-1")
def test_the_first_card_goes_on_e5():
    state = position({}, drawn="zeus")
    assert refused(state, "place zeus e6") == "The first card of the battlefield goes on e5."


@rules("MA-PLACE-2")
def test_a_taken_square_and_a_square_next_to_no_card_are_refused():
    state = position({"e5": "nerthus"}, drawn="zeus")
    assert refused(state, "place zeus e5") == "e5 is taken by Nerthus."
    assert refused(state, "place zeus f6") == (
        "f6 is not next to a card: a card goes beside one already on the battlefield, "
        "not diagonally."
    )


@rules("MA-PLACE-3")
def test_the_battlefield_stays_within_4_by_4():
    state = position(ROW, drawn="zeus")
    assert refused(state, "place zeus f5") == (
        "A card on f5 would make the battlefield 5 columns wide: at most 4."
    )
    column = {"e2": "gaia", "e3": "dionysus", "e4": "hera", "e5": "ares"}
    state = position(column, drawn="zeus")
    assert refused(state, "place zeus e6") == (
        "A card on e6 would make the battlefield 5 rows tall: at most 4."
    )


@rules("MA-CARD-SOL", "MA-RULING-SOL")
def test_sol_helios_leaves_the_square_only_at_the_end_of_a_complete_row():
    board = {"c5": "gaia", "d5": "dionysus", "e5": "hera", "f5": "ares", "c4": "apollo"}
    state = position(board, drawn="helios")
    assert "place helios g5" in state.legal_actions()
    assert refused(state, "place helios b4") == (
        "Helios on b4 would leave the 4 by 4 square, which Helios may do only as the fifth card "
        "at the end of a complete row or column."
    )
    # Next to nothing but the fifth card beyond the square.
    outside = position(ROW | {"f5": "helios"}, drawn="zeus")
    assert refused(outside, "place zeus g5") == (
        "g5 touches only the card beyond the 4 by 4 square: a card goes next to a card of the "
        "square."
    )


@rules("MA-TURN-1")
def test_only_the_drawn_card_can_be_placed():
    state = position({"e5": "nerthus"}, drawn="zeus")
    assert refused(state, "place gaia e6") == (
        "You drew Zeus: that is the card to place, not Gaia."
    )


@rules("MA-TURN-2", "MA-RULING-DECKOUT")
def test_discarding_twice_or_from_an_empty_deck_is_refused():
    state = position({"e5": "nerthus"}, drawn="zeus")
    state.apply("discard")
    state.apply("draw gaia")
    assert refused(state, "discard") == "You have discarded once this turn: Gaia must be played."
    state = position({"e5": "nerthus"}, drawn="zeus")
    state.deck[0] = []
    state.invalidate_caches()
    assert refused(state, "discard") == (
        "Your deck is empty, so there is no next card to play: Zeus must be played."
    )


# --- refusals: abilities -----------------------------------------------------------------------
@rules("MA-CARD-SIGURD", "MA-CARD-HELA")
def test_only_a_card_of_the_discard_pile_can_be_recycled_or_raised():
    state = position({"e6": "nerthus"}, drawn="heracles", discard=(["zeus"], []))
    state.apply("place heracles e5")
    assert state.phase == ABILITY
    assert refused(state, "recycle gaia") == "Gaia is not in your discard pile."
    assert refused(state, "raise zeus") == (
        "First choose the card of your discard pile Heracles shuffles back into your deck."
    )
    assert refused(state, "place zeus e4") == (
        "First choose the card of your discard pile Heracles shuffles back into your deck."
    )
    state = position({"e6": "nerthus"}, drawn="hades", discard=(["zeus"], []))
    state.apply("place hades e5")
    assert refused(state, "raise gaia") == "Gaia is not in your discard pile."
    assert refused(state, "done") == ("You have no Strength tokens.")


@rules("MA-CARD-SIGURD", "MA-CARD-FREYJA")
def test_abilities_are_refused_when_no_card_asks_for_them():
    state = position({"e6": "nerthus"}, drawn="zeus", discard=(["gaia"], []))
    assert refused(state, "recycle gaia") == (
        "Only Heracles, when placed, shuffles a card of your discard pile back into your deck."
    )
    assert refused(state, "raise gaia") == (
        "Only Hades, when placed, puts a card of your discard pile over itself."
    )
    assert refused(state, "capture e6") == (
        "Only Aphrodite, when placed, captures a card of your choice; other captures happen in "
        "the battle."
    )


@rules("MA-CARD-FREYJA", "MA-RULING-FREYJA")
def test_aphrodite_captures_only_an_opposing_card():
    state = position({"e6": "nerthus", "d5": "gaia"}, drawn="aphrodite")
    state.apply("place aphrodite e5")
    assert refused(state, "capture d5") == "Gaia on d5 is already yours."
    assert refused(state, "capture f5") == "There is no card on f5."
    assert refused(state, "place aphrodite e4") == (
        "First choose the opposing card Aphrodite captures."
    )


# --- refusals: Strength tokens -----------------------------------------------------------------
@rules("MA-STRENGTH-1")
def test_tokens_are_spent_only_in_the_strength_step():
    state = position({"e6": "nerthus"}, drawn="zeus")
    assert refused(state, "power") == "You have no Strength tokens."
    state = position({"e6": "nerthus"}, drawn="zeus", strength=(1, 0))
    assert refused(state, "power") == (
        "Strength tokens are spent after the placement, before the battle. First place Zeus (or "
        "discard it)."
    )
    state.apply("place zeus e5")
    assert refused(state, "discard") == "Only the card just drawn can be discarded; Zeus is placed."
    assert refused(state, "place zeus e4") == (
        "Zeus is placed: spend a Strength token (+1 Power or a shattered shield) or go to battle."
    )


@rules("MA-STRENGTH-3")
def test_only_a_facing_opposing_shield_can_be_shattered():
    board = {"e6": "nerthus", "d5": "njord", "f5": "gaia", "e4": "odin", "f6": "beyla"}
    state = position(board, drawn="zeus", strength=(2, 0))
    state.apply("place zeus e5")
    assert state.legal_actions() == ["done", "power", "shatter e6"]
    assert refused(state, "shatter f5") == (
        "Gaia on f5 is on your side: only an opposing shield can be shattered."
    )
    assert refused(state, "shatter d5") == "Njord has no shield on its east side, facing Zeus."
    assert refused(state, "shatter f6") == (
        "Beyla on f6 is not next to Zeus: only a shield facing it can be shattered."
    )
    assert refused(state, "shatter d4") == "There is no card on d4."
    state.apply("shatter e6")
    assert refused(state, "shatter e6") == "The shield of Nerthus facing Zeus is already shattered."


@rules("MA-SETUP-1", "MA-RULING-PANTHEON")
def test_the_pantheon_is_chosen_once():
    state = position({"e6": "nerthus"}, drawn="zeus")
    assert refused(state, "choose norse") == (
        "The pantheons are chosen for the whole match: you are Greek."
    )


def test_refusals_read_nothing_hidden():
    state = position({"e6": "nerthus"}, drawn="zeus", strength=(1, 0))
    twin = state.determinize(0, random.Random(5))
    for action in ("place zeus f7", "discard", "power", "shatter e6", "capture e6"):
        assert state.refusal(action, 0) == twin.refusal(action, 0)


# --- the full reveal ---------------------------------------------------------------------------
@rules("MA-RULING-PUBLIC")
def test_revealed_names_the_drawn_card_only():
    state = position({"e6": "nerthus"}, drawn="zeus")
    assert state.revealed() == [{"zone": "Greek drawn card", "seat": 0, "items": ["Zeus"]}]
    assert state.view(1)["drawn"] == "hidden"  # the one thing the other player's view hid
    state.apply("place zeus e5")
    assert state.revealed() == []


def test_revealed_works_on_every_step_of_a_finished_game():
    final = theomachy.simulate("mythic-arena", agents=["random", "random"], seed=4)
    game = final.game
    state = game.new_game()
    seen = 0
    for action in final.history():
        zones = state.revealed()
        for zone in zones:
            assert zone["seat"] == state.to_move
            assert state.view(1 - zone["seat"])["drawn"] == "hidden"
        seen += bool(zones)
        state.apply(action)
    assert seen > 10
    assert state.revealed() == []


# --- what the last move did, for the clients' marks ---------------------------------------------
@rules("MA-BATTLE-6", "MA-CARD-FREYJA")
def test_the_view_names_the_cards_captured_since_the_last_placement():
    state = position({"e6": ("gaia", NORSE), "d5": ("hera", NORSE), "f5": "beyla"}, drawn="zeus")
    state.apply("place zeus e5")
    # Gaia's shield faces Zeus; Hera (Power 0) and Beyla (3) are captured.
    assert state.view(None)["captured"] == ["d5", "f5"]
    state.apply("draw thor")  # the other player's turn: the marks stay until a placement
    assert state.view(0)["captured"] == ["d5", "f5"]
    state.apply("place thor e7")  # next to Gaia only, Norse's own
    assert state.view(None)["captured"] == []
    state = position({"e6": "nerthus", "d5": "gaia"}, drawn="aphrodite")
    play(state, "place aphrodite e5", "capture e6")
    assert state.view(1)["captured"] == ["e6"]
