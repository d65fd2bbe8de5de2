"""The outside suites' own checks on the destiny modes assembled in the game (MW-RULING-ASSEMBLE):
the `assemble` decisions through the OpenSpiel and PettingZoo adapters."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from theomachy.interop.openspiel import load_game  # noqa: E402
from theomachy.interop.pettingzoo import env  # noqa: E402

rules = pytest.mark.rules
ASSEMBLED = [
    pytest.param(mode, players, id=f"{mode}-{players}p")
    for mode in ("destiny", "pantheons-of-destiny")
    for players in (2, 3)
]


@rules("MW-RULING-ASSEMBLE")
@pytest.mark.parametrize(("mode", "players"), ASSEMBLED)
def test_openspiel_random_sim_test_with_assembly(mode: str, players: int) -> None:
    game = load_game("mythic-wars", players=players, mode=mode, max_rounds=30)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@rules("MW-RULING-ASSEMBLE")
@pytest.mark.parametrize(("mode", "players"), ASSEMBLED)
@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
def test_pettingzoo_api_test_with_assembly(mode: str, players: int) -> None:
    api_test(
        env("mythic-wars", players=players, mode=mode, max_rounds=30),
        num_cycles=200,
        verbose_progress=False,
    )
