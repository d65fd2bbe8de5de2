"""Elo ratings from game results: a Bradley-Terry fit with 95% intervals.

Each game gives pairwise results between the agents at its table (for two players, one
result; with more, every pair of seats: the one with the higher return scores 1, equal returns
score half each). Under Bradley-Terry, agent i beats agent j with probability
``1 / (1 + 10 ** ((elo_j - elo_i) / 400))``. The fit maximises the likelihood with one
anchor agent fixed at 0 (random, by convention); each pair that met also gets one virtual
drawn game, a weak prior that keeps a 100% record finite (a pure maximum-likelihood fit would
send it to infinity). The intervals are +-1.96 standard errors from the inverse of the
Fisher information with the anchor fixed, so an interval says how well a rating is known
relative to the anchor.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

ELO = 400.0 / math.log(10.0)  # Elo points per unit of the logistic scale
PRIOR_DRAWS = 1.0  # virtual drawn games added to each pair that met
Z95 = 1.96


class Rating(NamedTuple):
    """An agent's Elo with its 95% interval and the games it rests on."""

    agent: str
    elo: float
    low: float
    high: float
    games: int


class Results:
    """Pairwise results: for each ordered pair, the score of the first and the games."""

    def __init__(self) -> None:
        self.score: dict[tuple[str, str], float] = defaultdict(float)
        self.games: dict[tuple[str, str], float] = defaultdict(float)

    def add(self, a: str, b: str, score_a: float, games: float = 1.0) -> None:
        """``a`` scored ``score_a`` (0 to ``games``) against ``b`` over ``games`` games."""
        if a == b:
            return  # an agent against itself says nothing about its rating
        if not 0.0 <= score_a <= games:
            raise ValueError(f"a score of {score_a} over {games} games is impossible")
        self.score[(a, b)] += score_a
        self.score[(b, a)] += games - score_a
        self.games[(a, b)] += games
        self.games[(b, a)] += games

    def add_game(self, agents: Sequence[str], returns: Sequence[float]) -> None:
        """One game: ``agents[s]`` sat at seat ``s`` and got ``returns[s]``."""
        if len(agents) != len(returns):
            raise ValueError("one return per seat")
        for i in range(len(agents)):
            for j in range(i + 1, len(agents)):
                # The higher return wins the pair; equal returns share it.
                score = 0.5 if returns[i] == returns[j] else float(returns[i] > returns[j])
                self.add(agents[i], agents[j], score)

    def agents(self) -> list[str]:
        return sorted({a for a, _ in self.games})

    def games_of(self, agent: str) -> int:
        return round(sum(n for (a, _), n in self.games.items() if a == agent))


def results_from_rows(rows: Iterable[Mapping[str, Any]]) -> Results:
    """Pairwise results from lab rows (``agents`` per seat and ``returns``)."""
    results = Results()
    for row in rows:
        results.add_game(list(row["agents"]), list(row["returns"]))
    return results


def fit(results: Results, anchor: str = "random", iterations: int = 100) -> list[Rating]:
    """Elo ratings, ``anchor`` at 0, best first. Every agent must be connected to the anchor
    through games played."""
    agents = results.agents()
    if anchor not in agents:
        raise ValueError(f"the anchor {anchor!r} played no game; agents: {', '.join(agents)}")
    _check_connected(results, agents, anchor)
    free = [a for a in agents if a != anchor]
    index = {a: k for k, a in enumerate(free)}
    beta = dict.fromkeys(agents, 0.0)
    pairs = [(a, b) for (a, b) in results.games if a < b]
    for _ in range(iterations):
        gradient, hessian = _derivatives(results, pairs, beta, index)
        step = _solve(hessian, gradient)
        for agent, k in index.items():
            beta[agent] += step[k]
        if max((abs(s) for s in step), default=0.0) < 1e-10:
            break
    _, information = _derivatives(results, pairs, beta, index)
    covariance = _inverse(information)
    ratings = [Rating(anchor, 0.0, 0.0, 0.0, results.games_of(anchor))]
    for agent, k in index.items():
        error = math.sqrt(max(covariance[k][k], 0.0)) * ELO
        elo = beta[agent] * ELO
        games = results.games_of(agent)
        ratings.append(Rating(agent, elo, elo - Z95 * error, elo + Z95 * error, games))
    return sorted(ratings, key=lambda r: -r.elo)


def _derivatives(
    results: Results,
    pairs: list[tuple[str, str]],
    beta: dict[str, float],
    index: dict[str, int],
) -> tuple[list[float], list[list[float]]]:
    """The log-likelihood's gradient and the Fisher information (minus its Hessian) over the
    free agents, with the prior's virtual draws."""
    size = len(index)
    gradient = [0.0] * size
    information = [[0.0] * size for _ in range(size)]
    for a, b in pairs:
        games = results.games[(a, b)] + PRIOR_DRAWS
        score = results.score[(a, b)] + PRIOR_DRAWS / 2
        p = 1.0 / (1.0 + math.exp(beta[b] - beta[a]))
        residual = score - games * p
        weight = games * p * (1.0 - p)
        ka, kb = index.get(a), index.get(b)
        if ka is not None:
            gradient[ka] += residual
            information[ka][ka] += weight
        if kb is not None:
            gradient[kb] -= residual
            information[kb][kb] += weight
        if ka is not None and kb is not None:
            information[ka][kb] -= weight
            information[kb][ka] -= weight
    return gradient, information


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix^-1 vector`` (Gauss-Jordan with partial pivoting; the matrices are small)."""
    inverse = _inverse(matrix)
    return [sum(row[k] * vector[k] for k in range(len(vector))) for row in inverse]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    size = len(matrix)
    identity = [[1.0 if i == j else 0.0 for j in range(size)] for i in range(size)]
    work = [list(row) + identity[i] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(work[r][column]))
        if abs(work[pivot][column]) < 1e-300:
            raise ValueError("the ratings cannot be fitted: some agents are not compared")
        work[column], work[pivot] = work[pivot], work[column]
        factor = work[column][column]
        work[column] = [value / factor for value in work[column]]
        for row in range(size):
            if row != column and work[row][column] != 0.0:
                ratio = work[row][column]
                work[row] = [v - ratio * w for v, w in zip(work[row], work[column], strict=True)]
    return [row[size:] for row in work]


def _check_connected(results: Results, agents: list[str], anchor: str) -> None:
    reached, frontier = {anchor}, [anchor]
    while frontier:
        current = frontier.pop()
        for a, b in results.games:
            if a == current and b not in reached:
                reached.add(b)
                frontier.append(b)
    missing = [a for a in agents if a not in reached]
    if missing:
        raise ValueError(
            f"{', '.join(missing)} never met {anchor!r}, directly or through other agents"
        )


def expected_score(elo_a: float, elo_b: float) -> float:
    """Bradley-Terry: the score ``a`` expects against ``b``."""
    return 1.0 / (1.0 + math.pow(10.0, (elo_b - elo_a) / 400.0))
