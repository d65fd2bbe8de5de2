"""Four levels for people: ``easy``, ``medium``, ``hard`` and ``expert``.

A level is a named agent: ``agents.make("hard")`` or the spec ``hard`` anywhere an agent spec
goes (``--vs hard``, the lobby, ``lab run --agents``, the adapters). Each level is the
:class:`~theomachy.agents.ismcts.ISMCTSAgent` with settings chosen per game and player count
(``plan``). Their ratings are measured in ``bench/LADDER.md`` (the aim, issue 21: consecutive
levels at least 100 Elo apart) and their thinking time in ``bench/SEARCH.md`` (``expert`` at
most about a second a move on a 2-core machine). Every level's budget is in iterations, so the
same seed gives the same move on any machine.

``easy`` searches little and draws its move among the well-visited ones (``temperature``): it
plays sensible moves, not the best one each time, so a beginner can beat it. Where more search
buys little (Mythic Wars, where the dice decide most games between sensible players), the
middle levels are set apart the same way, by how freely they pick (bench/TUNING.md); so too
in Arena of the Gods.
"""

from __future__ import annotations

from typing import Any

from theomachy.agents.base import Agent
from theomachy.agents.ismcts import ISMCTSAgent
from theomachy.engine.core import State

LEVELS = ("easy", "medium", "hard", "expert")

DESCRIPTIONS = {
    "easy": "Easy: looks one move ahead and often settles for a good move, not the best one.",
    "medium": "Medium: a short search; plays soundly, though not always its best move.",
    "hard": "Hard: searches ahead and plays the best move it finds; a strong opponent.",
    "expert": "Expert: the strongest search, up to about a second a move.",
}

# Settings shared by every game, then each game's own (measured in bench/LADDER.md).
_BASE: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 24, "rollout_depth": 4, "temperature": 1.0},
    "medium": {"iterations": 100, "rollout_depth": 10},
    "hard": {"iterations": 400, "rollout_depth": 10},
    "expert": {"iterations": 1600, "rollout_depth": 10},
}
# Mythic Battles' exploration above easy (the reason is beside its entry in _BY_GAME).
_BATTLES_EXPLORATION = 0.05
# Expert's budget per game: 0.8 to 0.9 s at the slowest of 12 positions of a two-player game on
# a 2-core x86_64 (bench/SEARCH.md, "Seconds a move").
_BY_GAME: dict[str, dict[str, dict[str, Any]]] = {
    # Roll-outs to the end of the game (about 16 placements): a cut at 10 steps left a bias
    # that more iterations only confirmed (bench/TUNING.md: expert against mcts 200 ms, 41.9%
    # cut, 60.0% to the end, 80 games each). Roll-outs to the end cost more, so expert's
    # budget is 2,500: 4,000 took up to 1.3 s and 3,000 up to 1.15 s (bench/SEARCH.md).
    # Search saturates here (mcts with 4x its iterations scores 57.5% against itself), so the
    # levels are spread from below: rated on the ladder's scale by bench/calibrate.py, 25
    # iterations sit 123 Elo above easy and 100 iterations 178 above that, 205 below expert
    # (bench/TUNING.md).
    "mythic-arena": {
        "medium": {"iterations": 25, "rollout_depth": 30},
        "hard": {"iterations": 100, "rollout_depth": 30},
        "expert": {"iterations": 2500, "rollout_depth": 30},
    },
    # Expert rolls out 30 steps here too: 62.5% with 30 at 1,800 iterations, 52.5% with 10 at
    # 2,400 (40 games each against mcts at 670 iterations, its 200 ms). Otherwise search
    # saturates completely (mcts with 4x its iterations: 50.0%; greedy, mcts 200 ms and 400
    # iterations of ismcts within 50 Elo), so medium and hard search as little as easy and
    # differ by how freely they pick among good moves (temperature): rated by
    # bench/calibrate.py at 236 and 358 Elo, easy 157 and expert 471 (bench/TUNING.md).
    "mythic-wars": {
        "medium": {"iterations": 24, "rollout_depth": 4, "temperature": 0.5},
        "hard": {"iterations": 24, "rollout_depth": 4},
        "expert": {"iterations": 1800, "rollout_depth": 30},
    },
    # The same for expert here: against mcts at 440 iterations (about its 200 ms), ismcts
    # scored 65.0% with roll-outs of 30 steps at 1,000 iterations and 50.0% with 10 at 1,300,
    # the same time a move (40 games each, bench/TUNING.md). Below expert search saturates as
    # in Mythic Wars (100 iterations rated with 1,000 on the ladder), so medium and hard are
    # set apart from below. On the ladder (20 games a pair) temperature 0.5 rated only 80 Elo
    # above easy; at 0.25, bench/calibrate.py rates medium 282, between easy 107 and hard 420
    # (bench/TUNING.md).
    "arena-of-the-gods": {
        "medium": {"iterations": 24, "rollout_depth": 4, "temperature": 0.25},
        "hard": {"iterations": 24, "rollout_depth": 4},
        "expert": {"iterations": 1000, "rollout_depth": 30},
    },
    # Exploration 0.05 (1.0 elsewhere) above easy. The evaluation here is a side's share of
    # the strength on the map, so the moves of one turn change it by a few thousandths: with
    # exploration 1.0 the search spread its visits evenly over `pass`, `continue` and the
    # Search manoeuvres, and `pass` won on noise, turn after turn, until the last rounds (a
    # carrier stood by its divinity for 18 rounds before the ABSORB). At 0.05 it follows the
    # few lines that gain: claim, carry, ABSORB (bench/TUNING.md, "Mythic Battles: exploration").
    "mythic-battles": {
        "medium": {"exploration": _BATTLES_EXPLORATION},
        "hard": {"exploration": _BATTLES_EXPLORATION},
        "expert": {"iterations": 1900, "exploration": _BATTLES_EXPLORATION},
    },
    # An iteration costs about 4x more here (up to 80 legal actions to score for priors).
    "mythotopia": {
        "easy": {"iterations": 8},
        "medium": {"iterations": 25},
        "hard": {"iterations": 70},
        "expert": {"iterations": 350},
    },
}

# How much slower an iteration is with more players, per game: iterations are divided by the
# factor so that the time a move takes stays about the same (bench/SEARCH.md). Player counts
# between two measured ones take the larger factor.
_SLOWER_WITH_PLAYERS: dict[str, dict[int, float]] = {
    "mythic-wars": {3: 1.5, 4: 1.5, 5: 2.4, 6: 2.4, 7: 2.4, 8: 2.4},
    "arena-of-the-gods": {3: 1.3, 4: 1.3, 5: 1.6, 6: 1.6},
    "mythic-battles": {3: 1.4, 4: 1.4},
    "mythotopia": {3: 1.4, 4: 1.4},
}


def plan(level: str, game_id: str, players: int) -> dict[str, Any]:
    """The ISMCTS settings of ``level`` for ``game_id`` at ``players`` players."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    settings = dict(_BASE[level])
    settings.update(_BY_GAME.get(game_id, {}).get(level, {}))
    factor = _SLOWER_WITH_PLAYERS.get(game_id, {}).get(players, 1.0)
    settings["iterations"] = max(1, round(settings["iterations"] / factor))
    return settings


class LevelAgent(Agent):
    """A level: the search agent with the settings of ``level`` for the game it is asked to
    play (chosen at its first move, and again if it is handed another game)."""

    def __init__(self, level: str, seed: int | None = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.name = level
        self.level = level
        self.seed = seed
        self._agents: dict[tuple[str, int], ISMCTSAgent] = {}

    def agent_for(self, state: State) -> ISMCTSAgent:
        """The search agent this level uses for ``state``'s game and player count."""
        key = (state.game.id, state.game.players)
        if key not in self._agents:
            self._agents[key] = ISMCTSAgent(seed=self.seed, **plan(self.level, *key))
        return self._agents[key]

    def act(self, state: State) -> str:
        return self.agent_for(state).act(state)


def level_factory(level: str) -> Any:
    """A factory ``make`` registers under the level's name (a level takes no parameters)."""

    def factory(seed: int | None = None) -> LevelAgent:
        return LevelAgent(level, seed=seed)

    factory.__doc__ = DESCRIPTIONS[level]
    return factory
