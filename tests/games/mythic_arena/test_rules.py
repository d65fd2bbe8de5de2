"""Mythic Arena's numbered rules (RULES.md), one or more tests per rule id."""

from __future__ import annotations

import itertools

import pytest

import theomachy
from theomachy import CHANCE, IllegalAction
from theomachy.engine.conformance import check_private_decisions
from theomachy.games.mythic_arena.rules import ABILITY, DRAW, OVER, STRENGTH
from theomachy.games.mythic_arena.specs import CARD_INDEX

from .scenario import GREEK, NORSE, allegiance, card_at, play, position, power

rules = pytest.mark.rules


def new(**options: object):
    return theomachy.load("mythic-arena", options=options).new_game()


# --- setup ------------------------------------------------------------------------------------
@rules("MA-SETUP-1")
def test_the_first_player_chooses_a_pantheon_and_the_other_gets_the_other():
    state = new()
    assert state.current_player == 0
    assert state.legal_actions() == ["choose greek", "choose norse"]
    state.apply("choose norse")
    assert [p["pantheon"] for p in state.view(None)["players"]] == ["norse", "greek"]


@rules("MA-SETUP-2", "MA-TURN-1")
def test_decks_hold_17_cards_and_the_draw_is_uniform_over_them():
    state = new()
    state.apply("choose greek")
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 17
    assert all(p == pytest.approx(1 / 17) for _, p in outcomes)
    assert "draw zeus" in dict(outcomes)
    view = state.view(None)
    assert [p["deck"] for p in view["players"]] == [17, 17]
    assert [p["discard"] for p in view["players"]] == [[], []]


@rules("MA-SETUP-3", "MA-RULING-SUPPLY")
def test_supply_glory_and_tokens_start_as_set_up():
    state = new()
    state.apply("choose greek")
    view = state.view(None)
    assert view["supply"] == 10
    assert [p["glory"] for p in view["players"]] == [0, 0]
    assert [p["strength"] for p in view["players"]] == [0, 0]
    assert new(strength_supply=4).view(None)["supply"] == 4


@rules("MA-SETUP-4", "MA-RULING-FIRST")
def test_first_player_option_chooses_and_starts():
    state = new(first_player=1)
    assert state.current_player == 1
    state.apply("choose greek")
    assert state.to_move == 1 and state.phase == DRAW
    assert state.view(None)["players"][1]["pantheon"] == "greek"


# --- turn -------------------------------------------------------------------------------------
@rules("MA-TURN-2", "MA-RULING-DECKOUT")
def test_discarding_draws_again_and_the_next_card_must_be_played():
    state = new()
    state.apply("choose greek")
    state.apply("draw zeus")
    assert state.legal_actions() == ["discard", "place zeus e5"]
    state.apply("discard")
    assert state.current_player == CHANCE
    assert "draw zeus" not in state.legal_actions()
    state.apply("draw ares")
    assert state.legal_actions() == ["place ares e5"]
    with pytest.raises(IllegalAction):
        state.apply("discard")
    assert state.view(0)["players"][0]["discard"] == ["zeus"]


@rules("MA-RULING-DECKOUT")
def test_an_empty_deck_is_reformed_from_the_discard_pile_and_last_card_cannot_be_discarded():
    state = position({"e5": "gaia"}, drawn="zeus")
    state.deck[GREEK] = []
    state.invalidate_caches()
    assert "discard" not in state.legal_actions()
    state.deck[NORSE] = []
    state.discard[NORSE] = [CARD_INDEX["odin"]]
    play(state, "place zeus e6")
    assert state.current_player == CHANCE and state.to_move == 1
    assert state.legal_actions() == ["draw odin"]


@rules("MA-TURN-3", "MA-TURN-4", "MA-TURN-5", "MA-TURN-6")
def test_turn_order_placement_ability_then_tokens_then_battle_then_glory():
    state = position(
        {"c5": "zeus", "d5": "gaia", "e6": "beyla"},
        drawn="heracles",
        discard=(["apollo"], []),
        strength=(1, 0),
    )
    state.apply("place heracles e5")
    assert state.legal_actions() == ["recycle apollo"]  # placement ability first
    state.apply("recycle apollo")
    assert state.phase == STRENGTH  # then the tokens
    assert card_at(state, "e6") == "beyla" and allegiance(state, "e6") == NORSE
    state.apply("done")  # then the battle: Heracles 4 > Beyla 3 (south side: none)
    assert allegiance(state, "e6") == GREEK
    assert state.glory[GREEK] == 1  # c5 d5 e5
    assert state.to_move == 1 and state.phase == DRAW


# --- placement --------------------------------------------------------------------------------
@rules("MA-PLACE-1")
def test_the_first_card_goes_in_the_centre():
    state = new()
    state.apply("choose greek")
    state.apply("draw gaia")
    assert state.legal_actions() == ["discard", "place gaia e5"]


@rules("MA-PLACE-2")
def test_cards_go_orthogonally_adjacent_never_diagonally():
    state = position({"e5": "gaia"}, drawn="zeus")
    places = [a for a in state.legal_actions() if a.startswith("place")]
    assert places == ["place zeus e4", "place zeus d5", "place zeus f5", "place zeus e6"]


@rules("MA-PLACE-3")
def test_the_battlefield_is_held_to_four_by_four():
    state = position({"b5": "gaia", "c5": "dionysus", "d5": "hera", "e5": "ares"}, drawn="zeus")
    places = {a.split()[-1] for a in state.legal_actions() if a.startswith("place")}
    assert "a5" not in places and "f5" not in places
    assert {"b6", "e4", "c6"} <= places
    state = position(
        {"e2": "gaia", "e3": "dionysus", "e4": "hera", "e5": "ares", "f5": "athena"},
        drawn="zeus",
    )
    places = {a.split()[-1] for a in state.legal_actions() if a.startswith("place")}
    assert "e6" not in places and "e1" not in places and "f6" not in places


# --- battle -----------------------------------------------------------------------------------
@rules("MA-BATTLE-1")
def test_only_adjacent_opposing_cards_battle():
    state = position({"e6": "gaia", "f6": "beyla", "d5": "dionysus"}, drawn="zeus")
    play(state, "place zeus e5")
    assert allegiance(state, "f6") == NORSE  # diagonal: untouched
    assert allegiance(state, "d5") == GREEK  # own card: no battle


@rules("MA-BATTLE-2")
def test_a_shield_facing_the_placed_card_stops_everything():
    state = position({"e6": "nerthus"}, drawn="zeus")  # Nerthus: shield on its south
    play(state, "place zeus e5")
    assert allegiance(state, "e6") == NORSE


@rules("MA-BATTLE-3")
def test_a_fragility_facing_the_placed_card_is_captured_whatever_the_powers():
    state = position({"e4": "odin"}, drawn="asclepius")  # Odin 6, fragile north; Asclepius 1
    play(state, "place asclepius e5")
    assert allegiance(state, "e4") == GREEK


@rules("MA-BATTLE-4")
@pytest.mark.parametrize(
    ("card", "captured"), [("zeus", True), ("dionysus", False), ("asclepius", False)]
)
def test_a_plain_side_compares_powers_higher_captures(card: str, captured: bool):
    state = position({"e6": "beyla"}, drawn=card)  # Beyla 3, plain south
    play(state, f"place {card} e5")
    assert (allegiance(state, "e6") == GREEK) is captured


@rules("MA-BATTLE-5")
def test_the_placed_cards_own_sides_do_nothing():
    # Aphrodite (1) is fragile on her east side: it does nothing to Beyla (3) east of her,
    # and Beyla, not the placed card, is the one judged.
    state = position({"f5": "beyla"}, drawn="aphrodite")
    play(state, "place aphrodite e5")
    assert allegiance(state, "e5") == GREEK
    assert allegiance(state, "f5") == NORSE


@rules("MA-BATTLE-6")
def test_several_adjacent_cards_are_judged_together():
    state = position({"e6": "beyla", "e4": "odin", "d5": "nerthus"}, drawn="ares")
    play(state, "place ares e5")
    assert allegiance(state, "e6") == GREEK  # Beyla: plain south, 4 > 3
    assert allegiance(state, "e4") == GREEK  # Odin: fragile north
    assert allegiance(state, "d5") == NORSE  # Nerthus east plain, 4 = 4: nothing


# --- capture ----------------------------------------------------------------------------------
@rules("MA-CAPTURE-1", "MA-CAPTURE-2")
def test_capture_places_or_removes_allegiance_tokens():
    state = position({"e6": "beyla", "e4": ("gaia", NORSE)}, drawn="zeus")
    play(state, "place zeus e5")
    battlefield = {c["square"]: c for c in state.view(None)["battlefield"]}
    assert battlefield["e6"]["allegiance"] == "greek" and battlefield["e6"]["pantheon"] == "norse"
    # Gaia (Greek, held by Norse) has a shield on her north: she stays Norse...
    assert battlefield["e4"]["allegiance"] == "norse"
    state = position({"e4": ("hera", NORSE)}, drawn="zeus")  # Hera: plain north, Power 0
    play(state, "place zeus e5")
    assert allegiance(state, "e4") == GREEK  # ...Hera's Norse token is removed


# --- strength ---------------------------------------------------------------------------------
@rules("MA-STRENGTH-1")
def test_tokens_are_offered_only_to_a_player_who_has_some():
    state = position({"e6": "beyla"}, drawn="zeus")
    play(state, "place zeus e5")
    assert state.phase == DRAW
    state = position({"e6": "nerthus"}, drawn="zeus", strength=(2, 0))
    play(state, "place zeus e5")
    assert state.phase == STRENGTH
    assert state.legal_actions() == ["done", "power", "shatter e6"]


@rules("MA-STRENGTH-2", "MA-POWER-1")
def test_plus_one_power_stays_on_the_card():
    state = position({"e6": "beyla"}, drawn="dionysus", strength=(1, 0))
    play(state, "place dionysus e5", "power")
    assert allegiance(state, "e6") == GREEK  # 3 + 1 > 3
    assert power(state, "e5") == 4
    assert state.strength == [0, 0]
    assert state.view(None)["battlefield"][0]["plus"] == 1


@rules("MA-STRENGTH-3")
def test_shattered_shield_is_destroyed_for_good():
    state = position({"e6": "nerthus"}, drawn="zeus", strength=(2, 0))
    play(state, "place zeus e5", "shatter e6")
    assert state.phase == STRENGTH  # a token is left
    play(state, "done")
    assert allegiance(state, "e6") == GREEK
    nerthus = next(c for c in state.view(None)["battlefield"] if c["card"] == "nerthus")
    assert nerthus["sides"]["south"] == "shattered"
    assert state.strength[GREEK] == 1


@rules("MA-STRENGTH-4", "MA-CARD-EIR")
def test_the_supply_is_limited():
    state = position({}, drawn="asclepius", supply=1)
    play(state, "place asclepius e5")
    assert state.strength[GREEK] == 1 and state.supply == 0


# --- glory ------------------------------------------------------------------------------------
@rules("MA-GLORY-1", "MA-RULING-ALIGN")
def test_an_alignment_of_exactly_three_scores_one():
    state = position({"c5": "gaia", "d5": "dionysus"}, drawn="zeus")
    play(state, "place zeus e5")
    assert state.glory == [1, 0]


@rules("MA-GLORY-2")
def test_four_in_a_line_scores_nothing():
    state = position({"b5": "gaia", "c5": "dionysus", "d5": "hera"}, drawn="zeus")
    play(state, "place zeus e5")
    assert state.glory == [0, 0]


@rules("MA-GLORY-3", "MA-RULING-ROWCOL")
def test_a_row_and_a_column_at_once():
    state = position({"c5": "gaia", "d5": "dionysus", "e6": "hera", "e7": "ares"}, drawn="zeus")
    play(state, "place zeus e5")
    assert state.glory == [2, 0]


@rules("MA-RULING-ALIGN")
def test_three_with_a_gap_or_an_old_alignment_score_nothing():
    # b5 c5 Greek, d5 Norse Beyla (shield east), e5 Greek: no run of three.
    state = position({"b5": "gaia", "c5": "dionysus", "d5": "beyla"}, drawn="zeus")
    play(state, "place zeus e5")
    assert allegiance(state, "d5") == NORSE and state.glory == [0, 0]
    # An alignment that existed before the turn is not created again.
    state = position({"c5": "gaia", "d5": "dionysus", "e5": "hera"}, drawn="zeus")
    play(state, "place zeus d4")
    assert state.glory == [0, 0]


@rules("MA-RULING-TIMING", "MA-RULING-ALIGN")
def test_captures_create_alignments_that_score():
    state = position({"c6": "gaia", "d6": "dionysus", "e6": "beyla"}, drawn="zeus")
    play(state, "place zeus e5")  # captures Beyla: c6 d6 e6 becomes Greek
    assert state.glory == [1, 0]


# --- end --------------------------------------------------------------------------------------
SQUARES = [f"{c}{r}" for c in "bcde" for r in (2, 3, 4, 5)]
GREEK_IDS = ["zeus", "gaia", "dionysus", "hera", "ares", "athena", "demeter", "hephaestus"]
NORSE_IDS = ["odin", "nerthus", "beyla", "frigg", "thor", "tyr", "freyr", "loki"]


def _full_board(greek_count: int) -> dict[str, str | tuple[str, int]]:
    """A full square: the 8 Greek cards, then the 8 Norse ones, the first Norse ones held by
    the Greek side until ``greek_count`` cards show a Greek allegiance."""
    cards: list[str | tuple[str, int]] = [*GREEK_IDS, *NORSE_IDS]
    for i in range(greek_count - 8):
        cards[8 + i] = (NORSE_IDS[i], GREEK)
    return dict(zip(SQUARES, cards, strict=True))


@rules("MA-END-1")
def test_the_game_ends_when_the_square_is_full():
    board = _full_board(8)
    del board["b2"]  # Zeus's square
    state = position(board, drawn="zeus")
    assert [a for a in state.legal_actions() if a.startswith("place")] == ["place zeus b2"]
    play(state, "place zeus b2")
    assert state.phase == OVER and state.is_terminal()
    assert state.legal_actions() == []


@rules("MA-END-2", "MA-END-3", "MA-END-4")
def test_rulebook_example_majority_bonus_then_most_glory_wins():
    # "The Greek pantheon has more allegiance visible ... scores 3 Glory points. The Greek
    # pantheon has 5 Glory points in total, but the Norse pantheon has 6 and wins the game."
    state = position(_full_board(9), glory=(2, 6))
    state._end_game()
    assert state.glory == [5, 6]
    assert state.winners() == [1] and state.returns() == [0.0, 1.0]
    assert state.results[-1]["icons"] == [9, 7]


@rules("MA-END-5")
def test_equal_glory_goes_to_more_unused_strength():
    state = position(_full_board(8), glory=(4, 4), strength=(1, 3))
    state._end_game()
    assert state.winners() == [1]


@rules("MA-END-6", "MA-RULING-DRAW")
def test_a_complete_tie_is_a_shared_draw():
    state = position(_full_board(8), glory=(4, 4), strength=(2, 2))
    state._end_game()
    assert state.winners() == [0, 1] and state.returns() == [0.5, 0.5]


# --- match ------------------------------------------------------------------------------------
@rules("MA-MATCH-1", "MA-RULING-MATCH")
def test_a_match_ends_when_a_player_has_the_wins_it_needs():
    longer = 0
    for seed in range(40):
        end = theomachy.simulate("mythic-arena", seed=seed, options={"rounds": 3})
        view = end.view(None)
        games = view["results"]
        wins = [p["wins"] for p in view["players"]]
        draws = sum(len(game["winners"]) == 2 for game in games)
        assert view["wins_needed"] == 2
        assert max(wins) == 2 and sum(wins) + draws == len(games) <= 6
        assert end.winners() == [wins.index(2)]  # a match never ends shared before the bound
        longer += len(games) > 3  # a drawn game made the match longer than three games
    assert longer > 0
    with pytest.raises(ValueError, match="rounds"):
        theomachy.load("mythic-arena", options={"rounds": 2})


def _finish_game(state, glory: tuple[int, int], strength: tuple[int, int] = (0, 0)) -> None:
    """End the current game of ``state`` on a full battlefield (8 icons a side: no majority
    bonus) with these Glory and unused Strength tokens."""
    state.board = dict(position(_full_board(8)).board)
    state.rebuild_caches()
    state.glory, state.strength = list(glory), list(strength)
    state._end_game()


@rules("MA-MATCH-1", "MA-RULING-MATCH")
def test_ma_match_1_a_drawn_game_is_a_win_for_no_one_and_the_match_plays_on():
    state = position(options={"rounds": 3})
    _finish_game(state, (5, 0))  # player 0 wins
    _finish_game(state, (3, 3), (1, 1))  # drawn
    _finish_game(state, (0, 5))  # player 1 wins: 1-1 after three games, the match goes on
    assert not state.is_terminal() and state.wins == [1, 1] and len(state.results) == 3
    _finish_game(state, (0, 2))
    assert state.is_terminal() and state.winners() == [1] and state.returns() == [0.0, 1.0]


@rules("MA-RULING-MATCH")
def test_ma_ruling_match_a_match_lasts_at_most_twice_rounds_games():
    state = position(options={"rounds": 3})
    _finish_game(state, (5, 0))
    for _ in range(4):
        _finish_game(state, (3, 3), (1, 1))
    assert not state.is_terminal() and len(state.results) == 5
    _finish_game(state, (3, 3), (1, 1))  # the sixth game: the bound
    assert state.is_terminal() and state.winners() == [0]  # more game wins takes the match
    state = position(options={"rounds": 3})
    for _ in range(6):
        _finish_game(state, (2, 2))
    assert state.is_terminal() and state.returns() == [0.5, 0.5]  # equal wins share it
    single = position()
    _finish_game(single, (2, 2))  # a single game may end drawn (MA-END-6)
    assert single.is_terminal() and single.winners() == [0, 1]


@rules("MA-RULING-PANTHEON", "MA-SETUP-1")
def test_ma_ruling_pantheon_a_match_keeps_each_players_pantheon():
    state = position(options={"rounds": 3})
    _finish_game(state, (4, 1))
    assert state.pantheon == [GREEK, NORSE]  # no second choice: the next game starts at once
    assert state.phase == DRAW and state.to_move == 0  # the winner starts (MA-MATCH-2)
    assert all(a.startswith("draw ") for a in state.legal_actions())


@rules("MA-MATCH-2")
def test_the_winner_of_the_last_game_starts_the_next():
    seen = 0
    for seed in range(20):
        end = theomachy.simulate("mythic-arena", seed=seed, options={"rounds": 3})
        results = end.view(None)["results"]
        for previous, following in itertools.pairwise(results):
            winners = previous["winners"]
            expected = winners[0] if len(winners) == 1 else 1 - previous["starter"]
            assert following["starter"] == expected
            seen += 1
    assert seen > 0


# --- information ------------------------------------------------------------------------------
@rules("MA-RULING-PUBLIC", "MA-RULING-HIDDEN")
def test_the_drawn_card_is_hidden_from_the_opponent_only():
    import random

    state = new()
    state.apply("choose greek")
    state.apply("draw zeus")
    assert state.view(0)["drawn"] == "zeus"
    assert state.view(1)["drawn"] == "hidden" and state.view(None)["drawn"] == "hidden"
    assert state.view(1)["log"][-1] == "draw ?"
    assert "zeus" in state.view(1)["players"][0]["deck_cards"]
    assert state.view(1)["legal_actions"] == []
    seen = {state.determinize(1, random.Random(i)).drawn for i in range(60)}
    assert len(seen) > 5
    assert state.determinize(0, random.Random(1)).history() == state.history()


@rules("MA-RULING-PUBLIC", "MA-TURN-1")
def test_ma_ruling_public_a_draw_is_seen_as_draw_unknown_by_all_but_the_drawer():
    state = new()
    state.apply("choose greek")
    assert state.action_seen_by("draw zeus", 0) == "draw zeus"
    assert state.action_seen_by("draw zeus", 1) == "draw ?"
    assert state.action_seen_by("draw zeus", None) == "draw ?"
    check_private_decisions(state, "first draw")
    state.apply("draw zeus")
    # Decisions are public: the card is shown when it is discarded or placed.
    assert state.action_seen_by("discard", 1) == "discard"
    assert state.action_seen_by("place zeus e5", None) == "place zeus e5"
    check_private_decisions(state, "decide")
    state.apply("discard")
    assert state.action_seen_by("draw ares", 1) == "draw ?"
    check_private_decisions(state, "draw again")
    state.apply("draw ares")
    state.apply("place ares e5")
    assert state.to_move == 1 and state.action_seen_by("draw odin", 0) == "draw ?"
    assert state.action_seen_by("draw odin", 1) == "draw odin"
    check_private_decisions(state, "the second player's draw")


@rules("MA-RULING-PUBLIC", "MA-RULING-HIDDEN")
def test_ma_ruling_public_no_draw_leaks_anywhere_in_random_matches():
    import random

    from theomachy.engine.conformance import random_playthrough

    game = theomachy.load("mythic-arena", options={"rounds": 3, "strength_supply": 20})
    draws = 0
    for seed in range(6):
        for state in random_playthrough(game, seed):
            if state.is_chance():
                draws += 1
                check_private_decisions(state, f"seed {seed}", random.Random(seed), limit=6)
            elif state.phase in (STRENGTH, ABILITY) or len(state.history()) % 7 == 0:
                check_private_decisions(state, f"seed {seed}", random.Random(seed), limit=6)
    assert draws > 100


@rules("MA-RULING-NOPLACE", "MA-RULING-EMPTY")
def test_an_empty_battlefield_takes_the_card_in_the_centre():
    state = position({}, drawn="erinyes")
    play(state, "place erinyes e5")  # Erinyes leaves: the battlefield is empty again
    assert state.board == {} and card_at(state, "e5") is None
    state.apply("draw odin")
    assert state.legal_actions() == ["discard", "place odin e5"]
