"""Saved games: versioned JSON; corrupt or foreign documents give clear errors."""

from __future__ import annotations

import json

import pytest

import theomachy
from theomachy import CorruptDocument, IllegalAction


def _midgame():
    return theomachy.simulate("mythic-arena", seed=2).game.replay(
        theomachy.simulate("mythic-arena", seed=2).history()[:15]
    )


def test_round_trip_and_load_state_pick_the_right_game():
    state = _midgame()
    document = state.to_json()
    data = json.loads(document)
    assert data["format"] == "theomachy.state" and data["version"] == 1
    assert theomachy.load_state(document).to_json() == document
    assert state.game.from_json(document).to_json() == document


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: "{not json", "not valid JSON"),
        (lambda d: "[1, 2]", "not a JSON object"),
        (
            lambda d: json.dumps({**json.loads(d), "format": "chess-pgn"}),
            "not a Theomachy saved game",
        ),
        (
            lambda d: json.dumps({**json.loads(d), "version": 99}),
            "unsupported saved-game version 99",
        ),
        (lambda d: json.dumps({**json.loads(d), "history": "abc"}), "'history' missing"),
        (lambda d: json.dumps({**json.loads(d), "history": [1, 2]}), "every history entry"),
        (
            lambda d: json.dumps(
                {**json.loads(d), "history": [*json.loads(d)["history"], "fly away"]}
            ),
            r"action 15 \('fly away'\) cannot be replayed",
        ),
        (lambda d: json.dumps({**json.loads(d), "game": "chess"}), "unknown game 'chess'"),
        (lambda d: json.dumps({**json.loads(d), "options": {"rounds": 4}}), "rounds"),
    ],
)
def test_corrupt_documents_are_refused_with_the_reason(mutate, message):
    document = mutate(_midgame().to_json())
    with pytest.raises(CorruptDocument, match=message):
        theomachy.load_state(document)


def test_a_foreign_or_mismatched_document_is_refused_by_from_json():
    document = _midgame().to_json()
    best_of_three = theomachy.load("mythic-arena", options={"rounds": 3})
    with pytest.raises(CorruptDocument, match="players=2 options"):
        best_of_three.from_json(document)
    foreign = json.dumps({**json.loads(document), "game": "mythic-wars"})
    with pytest.raises(CorruptDocument, match="is for 'mythic-wars'"):
        theomachy.load("mythic-arena").from_json(foreign)


def test_illegal_action_messages_name_the_problem():
    state = theomachy.load("mythic-arena").new_game()
    with pytest.raises(IllegalAction, match="malformed action"):
        state.apply("Choose Greek")
    with pytest.raises(IllegalAction, match="possible verbs: choose"):
        state.apply("place zeus e5")
    with pytest.raises(IllegalAction, match="legal 'choose' actions: choose greek, choose norse"):
        state.apply("choose aztec")
    with pytest.raises(IllegalAction, match="not player 1's turn"):
        state.apply("choose greek", player=1)
    state.apply("choose greek")
    with pytest.raises(IllegalAction, match="not a possible outcome"):
        state.apply("draw odin")
    assert issubclass(IllegalAction, ValueError)
    end = theomachy.simulate("mythic-arena", seed=1)
    with pytest.raises(IllegalAction, match="the game is over"):
        end.apply("done")
