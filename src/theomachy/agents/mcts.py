"""The MCTS agent: UCT over determinizations (information-set Monte Carlo tree search).

Each iteration samples a full state consistent with what the player knows
(``determinize``), walks the shared tree by UCB1 among the actions legal in that sample
(chance outcomes sampled by their probabilities), expands one node, plays a random roll-out
that stops after ``rollout_depth`` steps and scores it with the game's evaluation function,
and backs up every player's value. The move is the most visited root action.
"""

from __future__ import annotations

import math
import random

from theomachy.agents.checks import integer, number
from theomachy.agents.playout import TreeSearch, checked_budget, step_randomly, values
from theomachy.engine.chance import sample_outcome
from theomachy.engine.core import CHANCE, State


class Node:
    """Statistics of one action sequence from the root."""

    __slots__ = ("children", "total", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = [0.0] * players


class MCTSAgent(TreeSearch[Node]):
    """UCT over determinizations; budget by ``iterations`` or by ``budget_ms`` (seeded: the
    same seed and iteration budget always give the same move)."""

    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        budget_ms: float | None = None,
        exploration: float = 0.7,
        rollout_depth: int = 30,
    ) -> None:
        self.rng = random.Random(seed)
        self.iterations = checked_budget("mcts", iterations, budget_ms)
        exploration = number("mcts", "exploration", exploration, 0, 100)
        rollout_depth = integer("mcts", "rollout_depth", rollout_depth, 0, 10_000)
        self.budget_ms = budget_ms
        self.exploration = exploration
        self.rollout_depth = rollout_depth

    def _new_root(self, players: int) -> Node:
        return Node(players)

    def _choose(self, root: Node, legal: list[str], player: int) -> str:
        """The most visited root action (ties: the first listed)."""
        visited = [
            (root.children[a].visits, -i, a) for i, a in enumerate(legal) if a in root.children
        ]
        return max(visited)[2] if visited else legal[0]

    def _iterate(self, root: Node, world: State) -> None:
        rng = self.rng
        path = [root]
        node = root
        movers: list[int] = []
        expanded = False
        while not world.is_terminal():
            current = world.current_player
            if current == CHANCE:
                action = sample_outcome(world, rng)
            else:
                action = self._select(node, world.legal_actions(), current)
            child = node.children.get(action)
            movers.append(current)
            world.apply(action)
            if child is None:
                child = node.children[action] = Node(len(root.total))
                path.append(child)
                expanded = True
                break
            path.append(child)
            node = child
        if expanded:
            for _ in range(self.rollout_depth):
                if world.is_terminal():
                    break
                step_randomly(world, rng)
        scores = values(world)
        for visited in path:
            visited.visits += 1
            for p, score in enumerate(scores):
                visited.total[p] += score

    def _select(self, node: Node, legal: list[str], player: int) -> str:
        """An untried legal action (in a seeded random order), else the best by UCB1."""
        untried = [a for a in legal if a not in node.children]
        if untried:
            return untried[self.rng.randrange(len(untried))]
        log_parent = math.log(max(node.visits, 1))
        best, best_score = legal[0], -math.inf
        for action in legal:
            child = node.children[action]
            score = child.total[player] / child.visits + self.exploration * math.sqrt(
                log_parent / child.visits
            )
            if score > best_score:
                best, best_score = action, score
        return best
