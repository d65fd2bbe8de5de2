"""Properties that hold at every step of any game (hypothesis picks the moves)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import theomachy
from theomachy.games.mythic_arena.rules import SPECS, MythicArenaState

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


@rules("MA-STRENGTH-4", "MA-SETUP-2")
@given(
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=200),
    rounds=st.sampled_from([1, 3]),
)
def test_cards_and_tokens_are_conserved_and_glory_never_drops(choices: list[int], rounds: int):
    state = theomachy.load("mythic-arena", options={"rounds": rounds}).new_game()
    assert isinstance(state, MythicArenaState)
    glory = [0, 0]
    games_done = 0
    for choice in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[choice % len(legal)])
        if state.pantheon[0] < 0:
            continue
        if len(state.results) != games_done:  # a new game of the match began
            games_done = len(state.results)
            glory = [0, 0]
        cards = _cards_everywhere(state)
        assert sorted(cards) == list(range(len(SPECS)))  # every card exactly once
        if not state.is_terminal():
            assert _tokens_everywhere(state) == state.game.options["strength_supply"]
            assert all(now >= before for now, before in zip(state.glory, glory, strict=True))
            glory = state.glory[:]
            assert state.square_count <= 16
            assert sum(not p.outside for p in state.board.values()) == state.square_count
