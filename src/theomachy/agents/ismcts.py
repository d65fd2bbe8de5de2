"""The strong search agent: information-set MCTS with availability counts and evaluation priors.

Each iteration samples a full state consistent with what the player knows (``determinize``) and
walks one tree shared by all samples (single-observer IS-MCTS):

- **Availability counts.** An action legal in only some samples is judged against the number of
  times it *was* available (``avail``), not against the parent's visits, so rarely possible
  actions are neither starved nor over-explored.
- **Priors from the game's evaluation (PUCT).** When an action first appears at a node it is
  applied once, the dice and forced moves that follow it are sampled, and the position is
  scored with ``evaluate`` for the mover (``H``). Selection maximises
  ``Q + c * P * sqrt(avail) / (1 + n)`` where ``P`` is a softmax of ``H`` over the actions legal
  in this sample and ``Q`` starts at ``H`` (one virtual visit), so a few iterations already play
  like the one-ply greedy agent and more iterations look deeper.
- **Open loop over chance** (``open_loop=1``, the default). Dice and draws are sampled in each
  iteration, not branched on: all the outcomes of an attack share one subtree (availability
  counts absorb the actions only some outcomes allow), so the replies to a move with dice are
  searched as deeply as the replies to one without. ``open_loop=0`` branches on each outcome.
- **Cut roll-outs.** After a new decision node is reached, at most ``rollout_depth`` random
  steps are played and the position is scored by ``evaluate`` for every player (returns at the
  end). Forced moves are walked through, never stopped at. With ``rollout_greedy`` above 0 that
  share of the roll-out's decisions takes the action the evaluation rates best one ply ahead
  (a cheap guided policy; the rest stay random).
- **Multi-step turns.** Consecutive decisions of one player (payments, activations, windows)
  are ordinary tree levels; the priors rank each micro-decision at once, so the search spends
  its iterations on the few sensible continuations instead of every equivalent order.
- **Tree reuse within a turn** (``reuse=1``, the default). When the player decides again right
  after its own move (nothing else applied since: no die, no draw, no other player), the
  subtree under that move is already a search of the new position from the same information,
  so the new search starts from it and adds its budget to it. Only the agent's own moves are
  compared, so it stays blind; the move depends on the position and, within one turn, on the
  moves this agent chose before, both the same for the same seed.

The move is the most visited root action (ties: the better mean). With ``temperature`` above 0
it is instead drawn with probability proportional to ``visits ** (1 / temperature)``: the
``easy`` level uses that to play plausible but imperfect moves. Seeded: the same seed and
iteration budget always give the same move; ``budget_ms`` (wall clock) is the one
non-deterministic mode. An iteration budget stops early once the most visited action cannot be
overtaken by the iterations left (a count, not the clock, so still deterministic).
"""

from __future__ import annotations

import math
import random

from theomachy.agents.checks import integer, number
from theomachy.agents.playout import TreeSearch, checked_budget, step_randomly
from theomachy.agents.value import ValueModel, learned_evaluator
from theomachy.engine.chance import sample_outcome
from theomachy.engine.core import CHANCE, State

_MIN_SHARPNESS = 0.002  # the smallest prior temperature: exp((H - 1) / t) stays above 1e-300
_CHECK_EVERY = 16  # iterations between checks whether the move is already decided
_RESOLVE_LIMIT = 50  # chance and forced steps a prior resolves after its action


class Node:
    """One action sequence from the root: its visits, how often it was available, the sum of
    every player's values through it, and the prior of the action that leads here (its
    evaluation ``heuristic`` and softmax ``weight``; ``rated`` once they are computed: a node
    first reached by a forced move gets them when the action is first a choice)."""

    __slots__ = ("avail", "children", "heuristic", "rated", "total", "visits", "weight")

    def __init__(self, players: int) -> None:
        self.children: dict[tuple[int, str], Node] = {}  # by (mover, action)
        self.visits = 0
        self.avail = 0
        self.total = [0.0] * players
        self.heuristic = 0.5
        self.weight = 1.0
        self.rated = False


class ISMCTSAgent(TreeSearch[Node]):
    """Information-set MCTS with PUCT priors from the evaluation; see the module docstring.

    ``iterations`` or ``budget_ms`` bound the search (``iterations`` is the deterministic one);
    ``exploration`` is the PUCT constant, ``prior_temperature`` how sharply the evaluation's
    preferences become prior probabilities (0 turns priors off: plain UCB with availability
    counts), ``prior_samples`` how many dice resolutions a prior averages, ``rollout_depth``
    the random steps before the evaluation scores a leaf, ``temperature`` the randomness of
    the final choice (0: the most visited action), ``open_loop`` (1 or 0) whether chance
    outcomes share one subtree and ``rollout_greedy`` (0..1) the share of roll-out decisions
    taken by one-ply evaluation instead of at random, ``reuse`` (1 or 0) whether a search
    right after the agent's own move starts from that move's subtree, and ``learned`` (1 or 0)
    whether positions are scored by the game's shipped learned evaluation
    (:mod:`theomachy.agents.value`) instead of its hand-written one.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        budget_ms: float | None = None,
        exploration: float = 1.0,
        prior_temperature: float = 0.05,
        rollout_depth: int = 10,
        temperature: float = 0.0,
        prior_samples: int = 1,
        open_loop: int = 1,
        rollout_greedy: float = 0.0,
        reuse: int = 1,
        learned: int = 0,
    ) -> None:
        iterations = checked_budget("ismcts", iterations, budget_ms)
        exploration = number("ismcts", "exploration", exploration, 0, 100)
        prior_temperature = number("ismcts", "prior_temperature", prior_temperature, 0, 10)
        rollout_depth = integer("ismcts", "rollout_depth", rollout_depth, 0, 10_000)
        temperature = number("ismcts", "temperature", temperature, 0, 10)
        prior_samples = integer("ismcts", "prior_samples", prior_samples, 1, 32)
        open_loop = integer("ismcts", "open_loop", open_loop, 0, 1)
        rollout_greedy = number("ismcts", "rollout_greedy", rollout_greedy, 0, 1)
        reuse = integer("ismcts", "reuse", reuse, 0, 1)
        learned = integer("ismcts", "learned", learned, 0, 1)
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.budget_ms = budget_ms
        self.exploration = float(exploration)
        self.prior_temperature = float(prior_temperature)
        self.rollout_depth = int(rollout_depth)
        self.temperature = float(temperature)
        self.prior_samples = int(prior_samples)
        self.open_loop = bool(open_loop)
        self.rollout_greedy = float(rollout_greedy)
        self.reuse = bool(reuse)
        self.learned = bool(learned)
        self._models: dict[tuple[str, int], ValueModel] = {}
        # After a move: (game id, player, history length after it, the move, its subtree).
        self._kept: tuple[str, int, int, str, Node] | None = None

    # --- choosing a move --------------------------------------------------------------------
    def _new_root(self, players: int) -> Node:
        return Node(players)

    def _root_for(self, state: State, player: int) -> Node:
        """The subtree kept from this agent's previous move if ``state`` follows it directly,
        else an empty tree."""
        kept = self._take_kept(state, player)
        return kept if kept is not None else Node(state.game.players)

    def _take_kept(self, state: State, player: int) -> Node | None:
        """The kept subtree, if the only thing applied since it was kept is this player's
        own move (checked on the move itself and the history's length, never on hidden
        parts); it is forgotten either way."""
        kept, self._kept = self._kept, None
        if kept is None:
            return None
        game_id, seat, length, action, node = kept
        history = state.history()
        if (
            game_id != state.game.id
            or seat != player
            or len(history) != length
            or history[-1] != action
        ):
            return None
        return node

    def _played(self, state: State, player: int, action: str, root: Node | None) -> None:
        """Keep the subtree under the move just chosen (a forced move walks on from the
        subtree kept before it) for a search that follows it directly."""
        if root is None:
            root = self._take_kept(state, player)
        self._kept = None
        if not self.reuse or root is None:
            return
        child = root.children.get((player, action))
        if child is not None:
            self._kept = (state.game.id, player, len(state.history()) + 1, action, child)

    def _stop(self, root: Node, legal: list[str], player: int, done: int) -> bool:
        """Every ``_CHECK_EVERY`` iterations of an iteration budget: is the move decided?"""
        return (
            self.iterations is not None
            and done % _CHECK_EVERY == 0
            and self._decided(root, legal, player, self.iterations - done)
        )

    def _decided(self, root: Node, legal: list[str], player: int, remaining: int) -> bool:
        """Whether the most visited action can no longer be overtaken in ``remaining``
        iterations (a deterministic early stop: it depends on counts, not on the clock). Not
        with a temperature, whose draw uses every count."""
        if self.temperature > 0:
            return False
        children = root.children
        counts = sorted((c.visits for a in legal if (c := children.get((player, a)))), reverse=True)
        if len(counts) < 2:
            return len(counts) == 1 and counts[0] > 0
        return counts[0] - counts[1] > remaining

    def _choose(self, root: Node, legal: list[str], player: int) -> str:
        """The most visited legal root action (ties: higher mean, then the listed order), or
        with a temperature one drawn by visits."""
        ranked = []
        for index, action in enumerate(legal):
            child = root.children.get((player, action))
            if child is None:
                continue
            mean = child.total[player] / child.visits if child.visits else child.heuristic
            ranked.append((child.visits, mean, -index, action))
        if not ranked:
            return legal[0]
        if self.temperature > 0:
            top = max(r[0] for r in ranked) or 1
            weights = [(r[0] / top) ** (1 / self.temperature) for r in ranked]
            if sum(weights) > 0:
                return self.rng.choices([r[3] for r in ranked], weights=weights)[0]
        return max(ranked)[3]

    # --- one iteration ----------------------------------------------------------------------
    def _iterate(self, root: Node, world: State) -> None:
        rng = self.rng
        players = len(root.total)
        path = [root]
        node = root
        fresh = False
        while not world.is_terminal():
            current = world.current_player
            if current == CHANCE:
                # Open loop: dice and draws are sampled, not branched on, so every outcome of
                # an attack shares one subtree and the replies to it get searched as deeply
                # as the replies to a move without dice. Closed loop: one child an outcome.
                outcome = sample_outcome(world, rng)
                world.apply(outcome)
                if not self.open_loop:
                    child = node.children.get((CHANCE, outcome))
                    if child is None:
                        child = node.children[(CHANCE, outcome)] = Node(players)
                    path.append(child)
                    node = child
                continue
            legal = world.legal_actions()
            if fresh and len(legal) > 1:
                break  # a new decision ends the walk; forced moves are walked through
            action = legal[0] if len(legal) == 1 else self._select(node, world, legal, current)
            key = (current, action)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node(players)
            fresh = fresh or child.visits == 0
            world.apply(action)
            path.append(child)
            node = child
        self._rollout(world)
        scores = [self._evaluate(world, p) for p in range(players)]
        for visited in path:
            visited.visits += 1
            total = visited.total
            for p in range(players):
                total[p] += scores[p]

    def _evaluate(self, state: State, player: int) -> float:
        """How good ``state`` is for ``player``: the returns at the end, else the game's
        evaluation (its learned one with ``learned=1``)."""
        if state.is_terminal():
            return state.returns()[player]
        if not self.learned:
            return state.evaluate(player)
        key = (state.game.id, state.game.players)
        model = self._models.get(key)
        if model is None:
            model = self._models[key] = learned_evaluator(state)
        return model.value(state, player)

    def _rollout(self, world: State) -> None:
        """Play at most ``rollout_depth`` steps: chance by its odds; a decision at random, or
        with probability ``rollout_greedy`` the action whose position the evaluation rates
        best for its mover (one ply, no dice resolved: a cheap guide, not a search)."""
        rng = self.rng
        greedy = self.rollout_greedy
        for _ in range(self.rollout_depth):
            if world.is_terminal():
                break
            mover = world.current_player
            if mover == CHANCE or greedy <= 0 or rng.random() >= greedy:
                step_randomly(world, rng)
                continue
            legal = world.legal_actions()
            best, best_value = legal[0], -math.inf
            if len(legal) > 1:
                for action in legal:
                    after = world.clone()
                    after.apply(action)
                    value = self._evaluate(after, mover)
                    if value > best_value:
                        best, best_value = action, value
            world.apply(best)

    def _select(self, node: Node, world: State, legal: list[str], mover: int) -> str:
        """PUCT among the actions legal in this sample, counting each one's availability."""
        children = node.children
        use_priors = self.prior_temperature > 0
        nodes = []
        weight_sum = 0.0
        for action in legal:
            child = children.get((mover, action))
            if child is None:
                child = children[(mover, action)] = Node(len(node.total))
            if use_priors and not child.rated:
                self._rate(child, world, action, mover)
            child.avail += 1
            weight_sum += child.weight
            nodes.append(child)
        c = self.exploration
        best, best_score = legal[0], -math.inf
        for action, child in zip(legal, nodes, strict=True):
            n = child.visits
            if use_priors:
                q = (child.total[mover] + child.heuristic) / (n + 1)
                u = c * (child.weight / weight_sum) * math.sqrt(child.avail) / (1 + n)
            elif n == 0:
                # Plain UCB: untried actions first, in a seeded random order.
                return self._untried(legal, nodes)
            else:
                q = child.total[mover] / n
                u = c * math.sqrt(math.log(child.avail) / n)
            score = q + u
            if score > best_score:
                best, best_score = action, score
        return best

    def _resolve(self, after: State) -> bool:
        """Play the chance outcomes and forced moves that follow an action: an attack is worth
        what its roll does, not the position before the roll. True if chance was sampled."""
        rolled = False
        for _ in range(_RESOLVE_LIMIT):
            current = after.current_player
            if current == CHANCE:
                after.apply(sample_outcome(after, self.rng))
                rolled = True
                continue
            if current < 0:
                break
            legal = after.legal_actions()
            if len(legal) != 1:
                break
            after.apply(legal[0])
        return rolled

    def _untried(self, legal: list[str], nodes: list[Node]) -> str:
        untried = [a for a, child in zip(legal, nodes, strict=True) if child.visits == 0]
        return untried[self.rng.randrange(len(untried))]

    def _rate(self, child: Node, world: State, action: str, mover: int) -> None:
        """Set the prior of an action seen as a choice for the first time: the evaluation, for
        the mover, of the position it leads to in this sample, the mean over ``prior_samples``
        resolutions of the dice that follow it (one when no dice follow)."""
        total = 0.0
        samples = 0
        while samples < self.prior_samples:
            after = world.clone()
            after.apply(action)
            rolled = self._resolve(after)
            total += self._evaluate(after, mover)
            samples += 1
            if not rolled:
                break  # nothing random followed: one sample is exact
        child.heuristic = total / samples
        sharpness = max(self.prior_temperature, _MIN_SHARPNESS)
        child.weight = math.exp((child.heuristic - 1.0) / sharpness)
        child.rated = True
