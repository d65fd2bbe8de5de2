"""What a finished game calls its seats ("won by Norse"): each game's ``seat_label``."""

from __future__ import annotations

import pytest

import theomachy
from theomachy.games.arena_of_the_gods.cards import catalog as arena_cards
from theomachy.games.mythic_battles.data import units


def _end(game_id: str, **options: object) -> theomachy.State:
    return theomachy.simulate(game_id, players=2, seed=3, options=options or None)


def test_mythic_arena_names_each_seat_by_its_pantheon():
    end = _end("mythic-arena")
    labels = [end.seat_label(seat) for seat in (0, 1)]
    assert sorted(labels) == ["Greek", "Norse"]
    pantheons = end.features()["pantheon"]
    assert labels == [p.capitalize() for p in pantheons]


def test_arena_of_the_gods_names_each_seat_by_its_god():
    end = _end("arena-of-the-gods", max_rounds=20)
    gods = end.features()["gods"]
    assert [end.seat_label(seat) for seat in (0, 1)] == [arena_cards()[g].name for g in gods]


def test_mythic_battles_names_each_seat_by_its_divinity():
    end = _end("mythic-battles")
    armies = end.features()["armies"]
    assert [end.seat_label(seat) for seat in (0, 1)] == [units()[a[0]].name for a in armies]


@pytest.mark.parametrize("game_id", ["mythic-wars", "mythotopia"])
def test_games_without_a_name_per_seat_say_none(game_id):
    end = _end(game_id, max_rounds=30)
    assert [end.seat_label(seat) for seat in (0, 1)] == [None, None]
