"""Properties that hold at every step of any game (hypothesis picks the moves)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import theomachy
from theomachy.games.mythic_arena.board import CENTER, NEIGHBOURS, SQUARE_INDEX, bounds
from theomachy.games.mythic_arena.rules import MythicArenaState
from theomachy.games.mythic_arena.specs import SPECS

rules = pytest.mark.rules


def _cards_everywhere(state: MythicArenaState) -> list[int]:
    cards = [*state.deck[0], *state.deck[1], *state.discard[0], *state.discard[1], *state.box]
    for placed in state.board.values():
        cards.append(placed.card)
        if placed.under >= 0:
            cards.append(placed.under)
    if state.drawn >= 0:
        cards.append(state.drawn)
    return cards


def _tokens_everywhere(state: MythicArenaState) -> int:
    on_cards = sum(p.plus + bin(p.shattered).count("1") for p in state.board.values())
    return state.supply + sum(state.strength) + on_cards


def _reference_squares(state: MythicArenaState, card: int) -> list[int]:
    """Open squares by the plain definition: empty, orthogonally next to a card of the square,
    keeping the square's cards within 4 by 4 (MA-PLACE-1..3), plus Sol/Helios's extras."""
    in_square = [s for s, placed in state.board.items() if not placed.outside]
    limits = bounds(in_square)
    if limits is None:
        return [CENTER]
    found = {
        n
        for s in in_square
        for n in NEIGHBOURS[s]
        if n >= 0 and n not in state.board and limits.fits(n)
    }
    ability = SPECS[card].ability
    if ability is not None:
        found.update(ability.extra_squares(state, in_square))
    return sorted(found)


def _reference_glory(state: MythicArenaState, mover: int, square: int, before: dict, _: int) -> int:
    """Glory for a turn by the plain definition: alignments on the board after the turn that
    were not on the board before it (MA-RULING-ALIGN), doubled by Týr/Athena."""
    own = state.pantheon[mover]
    created = state.alignments(own, state.board) - state.alignments(own, before)
    top = state.board.get(square)
    ability = SPECS[top.card].ability if top is not None else None
    return len(created) * (2 if ability is not None and ability.extra_glory else 1)


@rules("MA-STRENGTH-4", "MA-SETUP-2", "MA-GLORY-1", "MA-RULING-ALIGN", "MA-RULING-VALI-TOKENS")
@given(
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=200),
    rounds=st.sampled_from([1, 3]),
)
def test_cards_and_tokens_are_conserved_and_glory_never_drops(choices: list[int], rounds: int):
    state = theomachy.load("mythic-arena", options={"rounds": rounds}).new_game()
    assert isinstance(state, MythicArenaState)
    glory = [0, 0]
    games_done = 0
    lost = 0  # tokens that left the game on a card sent to the box
    turn: tuple[int, int, dict, int] | None = None  # mover, square, board before, glory before
    for choice in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        action = legal[choice % len(legal)]
        if action.startswith("place "):
            square = SQUARE_INDEX[action.split(" ")[2]]
            turn = (state.to_move, square, dict(state.board), state.glory[state.to_move])
        results_before = len(state.results)
        board_before = dict(state.board)
        placed_before = state.placed
        state.apply(action)
        if len(state.results) != results_before:
            lost = 0  # a new game of the match: every token is back in the supply
        for square, placed in board_before.items():  # MA-RULING-VALI-TOKENS
            if square not in state.board and len(state.results) == results_before:
                lost += placed.plus + bin(placed.shattered).count("1")
                # The last token spent on Váli/Erinyes ends the Strength step: the battle
                # follows in the same action and the card leaves with that token on it.
                lost += action == "power" and square == placed_before
        if turn is not None and state.placed == -1:  # the turn is over: check its Glory
            if len(state.results) == results_before and not state.is_terminal():
                assert state.glory[turn[0]] - turn[3] == _reference_glory(state, *turn)
            turn = None
        rebuilt = state.clone()
        rebuilt.rebuild_caches()
        assert rebuilt.line_masks == state.line_masks
        assert rebuilt.outside_cells == state.outside_cells
        assert rebuilt.square_count == state.square_count
        if state.drawn >= 0:
            assert state.placement_squares(state.drawn) == _reference_squares(state, state.drawn)
        if state.pantheon[0] < 0:
            continue
        if len(state.results) != games_done:  # a new game of the match began
            games_done = len(state.results)
            glory = [0, 0]
        cards = _cards_everywhere(state)
        assert sorted(cards) == list(range(len(SPECS)))  # every card exactly once
        if not state.is_terminal():
            assert _tokens_everywhere(state) + lost == state.game.options["strength_supply"]
            assert all(now >= before for now, before in zip(state.glory, glory, strict=True))
            glory = state.glory[:]
            assert state.square_count <= 16
            assert sum(not p.outside for p in state.board.values()) == state.square_count


@rules("MA-GLORY-1", "MA-GLORY-2", "MA-GLORY-3", "MA-CARD-TYR", "MA-PLACE-2", "MA-PLACE-3")
def test_glory_matches_the_plain_definition_over_many_seeded_games():
    import random

    checked = 0
    for seed in range(150):
        rng = random.Random(seed)
        state = theomachy.load("mythic-arena").new_game()
        assert isinstance(state, MythicArenaState)
        turn = None
        while not state.is_terminal():
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if action.startswith("place "):
                square = SQUARE_INDEX[action.split(" ")[2]]
                turn = (state.to_move, square, dict(state.board), state.glory[state.to_move])
            state.apply(action)
            if state.drawn >= 0:  # MA-PLACE: the fast listing agrees with the plain one
                assert state.placement_squares(state.drawn) == _reference_squares(
                    state, state.drawn
                )
            if turn is not None and state.placed == -1:
                if not state.is_terminal():
                    expected = _reference_glory(state, *turn)
                    assert state.glory[turn[0]] - turn[3] == expected, (seed, state.history())
                    checked += expected > 0
                turn = None
    assert checked > 100
