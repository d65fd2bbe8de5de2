"""The outside suites' own checks on the destiny modes assembled in the game (MW-RULING-ASSEMBLE):
the `assemble` decisions through the OpenSpiel and PettingZoo adapters, Shared and Solo Destiny
(MW-RULING-SOLO: the solo tables name every entity once per seat)."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from theomachy.interop.openspiel import load_game  # noqa: E402
from theomachy.interop.pettingzoo import env  # noqa: E402

rules = pytest.mark.rules
ASSEMBLED = [
    pytest.param(mode, players, solo, id=f"{mode}-{players}p{'-solo' if solo else ''}")
    for mode in ("destiny", "pantheons-of-destiny")
    for players in (2, 3)
    for solo in (False, True)
]


@rules("MW-RULING-ASSEMBLE", "MW-RULING-SOLO")
@pytest.mark.parametrize(("mode", "players", "solo"), ASSEMBLED)
def test_openspiel_random_sim_test_with_assembly(mode: str, players: int, solo: bool) -> None:
    game = load_game("mythic-wars", players=players, mode=mode, solo=solo, max_rounds=30)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@rules("MW-RULING-ASSEMBLE", "MW-RULING-SOLO")
@pytest.mark.parametrize(("mode", "players", "solo"), ASSEMBLED)
@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
def test_pettingzoo_api_test_with_assembly(mode: str, players: int, solo: bool) -> None:
    api_test(
        env("mythic-wars", players=players, mode=mode, solo=solo, max_rounds=30),
        num_cycles=200,
        verbose_progress=False,
    )
