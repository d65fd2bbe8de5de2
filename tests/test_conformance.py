"""The contract, checked on every registered game at every supported player count.

Hundreds of seeded random games per game; at sampled steps: clone equality and independence,
JSON round trip that plays on identically, replay, views and determinize, junk and out-of-turn
input refused with nothing changed, chance probabilities summing to 1; at the end returns and
winners consistent and no legal action.
"""

from __future__ import annotations

import os
import random

import pytest

import theomachy
from theomachy.engine import conformance

# Seeded games per player count: cheap games get hundreds, long many-player games fewer
# (a game's count is divided by players / 2). THEOMACHY_CONFORMANCE_SCALE scales them all.
BASE_SEEDS = {
    "mythic-arena": 400,
    "mythic-wars": 40,
    "mythotopia": 8,
    "arena-of-the-gods": 20,
    "mythic-battles": 16,
}
# 0.3 keeps `make test` inside its ten minutes on 2 cores (a 4-player Mythotopia game takes
# about 20 s of checks, so `make test` plays one, at least one of every count);
# THEOMACHY_CONFORMANCE_SCALE=1 (or more) is the deeper run, with at least 4 seeds of every
# count, and `make bench` plays it.
SCALE = float(os.environ.get("THEOMACHY_CONFORMANCE_SCALE", "0.3"))
BATCH = 25
# Set-up modes and options beyond the defaults, each played at 3 players where allowed.
EXTRA_OPTIONS: dict[str, list[dict]] = {
    "mythic-arena": [{"rounds": 3}, {"first_player": 1, "strength_supply": 2}],
    "mythic-wars": [
        {"mode": "guided", "deal": 5},
        {"max_rounds": 3},
        {"mode": "pantheons"},
        {
            "mode": "destiny",
            "factions": [
                ["thor", "zeus", "set", "fujin"],
                ["chalchiuhtlicue", "anubis", "izanagi", "hera"],
                ["tezcatlipoca", "odin", "ra", "enlil"],
            ],
        },
        {
            "mode": "pantheons-of-destiny",
            "factions": [
                ["zeus", "hera", "ares", "hades"],
                ["thor", "odin", "loki", "freyja"],
                ["set", "anubis", "ra", "osiris"],
            ],
            "first": 2,
        },
        # The destiny modes without the factions option: each seat assembles in the game.
        {"mode": "destiny"},
        {"mode": "pantheons-of-destiny", "max_rounds": 20},
        # Solo Destiny: each seat assembles from its own copy; entities are <id>@<seat>.
        {"mode": "destiny", "solo": True},
        {"mode": "pantheons-of-destiny", "solo": True, "max_rounds": 20},
    ],
    "mythotopia": [{"choose_provinces": True, "max_rounds": 30}, {"max_rounds": 3}],
    "mythic-battles": [
        {"lead": 2, "max_rounds": 5},
        {
            "armies": [
                ["athena", "odysseus", "leonidas", "hoplites", "spartans", "amazons"],
                ["hades", "cerberus", "medusa", "infernal-hounds", "infernal-warriors"],
                ["zeus", "heracles", "minotaur", "atalanta"],
            ]
        },
    ],
    "arena-of-the-gods": [
        {"first": 1, "max_rounds": 3},
        {"gods": ["ra", "amaterasu", "dagda"], "max_rounds": None},
        {"decks": ["quetzalcoatl-starter", "odin-starter", "zeus-starter"]},
    ],
}


def player_counts(game_id: str) -> list[int]:
    """Every count for small ranges; else the two smallest, the middle and the largest."""
    cls = theomachy.engine.game_class(game_id)
    low, high = cls.min_players, cls.max_players
    if high - low <= 3:
        return list(range(low, high + 1))
    return sorted({low, low + 1, (low + high) // 2, high})


def seeds_for(game_id: str, players: int) -> int:
    floor = 4 if SCALE >= 1 else 1
    return max(floor, round(BASE_SEEDS.get(game_id, 60) * SCALE * 2 / players))


def _cases() -> list[tuple[str, int, int]]:
    cases = []
    for game_id in theomachy.games():
        for players in player_counts(game_id):
            for start in range(0, seeds_for(game_id, players), BATCH):
                cases.append((game_id, players, start))
    return cases


@pytest.mark.parametrize(("game_id", "players", "first_seed"), _cases())
def test_seeded_random_games_honour_the_contract(game_id: str, players: int, first_seed: int):
    for seed in range(first_seed, min(first_seed + BATCH, seeds_for(game_id, players))):
        conformance.check_game(game_id, players, seed)


def _option_cases() -> list[tuple[str, int, int]]:
    return [
        (game_id, index, 3 if theomachy.engine.game_class(game_id).max_players >= 3 else 2)
        for game_id in theomachy.games()
        for index in range(len(EXTRA_OPTIONS.get(game_id, [])))
    ]


@pytest.mark.parametrize(("game_id", "index", "players"), _option_cases())
def test_every_mode_and_option_honours_the_contract(game_id: str, index: int, players: int):
    options = EXTRA_OPTIONS[game_id][index]
    for seed in range(max(2, round(8 * SCALE))):
        conformance.check_game(game_id, players, seed, options=options)


@pytest.mark.parametrize("game_id", theomachy.games())
def test_same_seed_same_game_whatever_the_global_random_holds(game_id: str):
    random.seed(1)
    first = theomachy.simulate(game_id, seed=42)
    random.seed(999)
    for _ in range(1000):
        random.random()
    second = theomachy.simulate(game_id, seed=42)
    assert first.history() == second.history()
    assert conformance.fingerprint(first) == conformance.fingerprint(second)
    other = theomachy.simulate(game_id, seed=43)
    assert other.history() != first.history()


@pytest.mark.parametrize("game_id", theomachy.games())
def test_two_copies_side_by_side_agree_at_every_step(game_id: str):
    game = theomachy.load(game_id)
    a, b = game.new_game(), game.new_game()
    rng = random.Random(5)
    while not a.is_terminal():
        assert a.legal_actions() == b.legal_actions()
        assert a.view(None) == b.view(None)
        legal = a.legal_actions()
        action = legal[rng.randrange(len(legal))]
        a.apply(action)
        b.apply(action)
    assert b.is_terminal() and a.returns() == b.returns()


@pytest.mark.parametrize("game_id", theomachy.games())
def test_new_game_has_nothing_random_yet(game_id: str):
    game = theomachy.load(game_id)
    assert game.new_game().history() == []
    assert conformance.fingerprint(game.new_game()) == conformance.fingerprint(game.new_game())


@pytest.mark.parametrize("game_id", sorted(theomachy.games()))
def test_refusals_answer_any_well_formed_action(game_id: str) -> None:
    """A client may ask why of any string (the server's ``why``): made of words the game uses
    in any order, every one gets a reason in words and none raises."""
    import random

    from theomachy.engine.chance import sample_outcome

    game = theomachy.load(game_id, 2 if game_id != "mythic-wars" else 3)
    rng = random.Random(7)
    state = game.new_game()
    words: set[str] = set()
    for step in range(150):
        if state.is_terminal():
            break
        player = state.current_player
        if player < 0:
            state.apply(sample_outcome(state, rng))
            continue
        legal = state.legal_actions()
        for action in legal:
            words.update(action.split())
        if step % 5 == 0:
            vocabulary = sorted(words)
            for _ in range(20):
                verb = rng.choice(legal).split()[0]
                tail = [rng.choice(vocabulary) for _ in range(rng.randint(0, 3))]
                action = " ".join([verb, *tail])
                reason = state.refusal(action, player)
                assert reason is None if action in legal else isinstance(reason, str) and reason
        state.apply(rng.choice(legal))
