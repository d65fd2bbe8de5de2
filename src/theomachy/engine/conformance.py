"""Contract checks every registered game must pass (used by the test suite).

Each check raises ``AssertionError`` with a message naming the game, seed and step.
"""

from __future__ import annotations

import json
import math
import random
from collections import deque
from collections.abc import Iterator
from typing import Any

from theomachy.engine.chance import sample_outcome
from theomachy.engine.core import CHANCE, TERMINAL, Game, IllegalAction, State
from theomachy.engine.encoding import Encoded, encoded
from theomachy.engine.registry import load

JUNK_ACTIONS = (
    "",
    " ",
    "PLACE",
    "place  x",
    "zzz",
    "draw",
    "\u00e9t\u00e9",
    "1 2 3",
    "nonsense verb",
)


def random_playthrough(game: Game, seed: int) -> Iterator[State]:
    """Yield every state of a seeded random game, the terminal one included."""
    rng = random.Random(seed)
    state = game.new_game()
    yield state
    while not state.is_terminal():
        if state.current_player == CHANCE:
            action = sample_outcome(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
        yield state


def play_random(game: Game, seed: int) -> State:
    """The terminal state of a seeded random game."""
    state = game.new_game()
    for state in random_playthrough(game, seed):  # noqa: B007 - the last one is wanted
        pass
    return state


def fingerprint(state: State) -> str:
    """Everything observable about a state: its history, every player's view and its text.

    Richer than ``to_json`` (which is the history alone), so that clones, loads and replays
    are compared on what they hold, not on how they were reached.
    """
    views = [state.view(p) for p in [None, *range(state.game.players)]]
    return json.dumps([state.history(), views, str(state)], sort_keys=True)


def check_state(state: State, where: str, rng: random.Random) -> None:
    """The per-position checks of the contract."""
    game = state.game
    player = state.current_player
    legal = state.legal_actions()
    assert player in (CHANCE, TERMINAL) or 0 <= player < game.players, where
    assert legal == state.legal_actions(), f"{where}: legal_actions is not deterministic"
    assert len(set(legal)) == len(legal), f"{where}: duplicate legal actions"
    if state.is_terminal():
        assert legal == [], f"{where}: legal actions at the end"
        return
    assert legal, f"{where}: no legal action before the end"
    for action in legal:
        assert action == " ".join(action.split()) and action == action.lower(), (
            f"{where}: action {action!r} is not lowercase single-spaced tokens"
        )
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert [name for name, _ in outcomes] == legal, f"{where}: outcomes differ from legal"
        total = math.fsum(p for _, p in outcomes)
        assert abs(total - 1.0) < 1e-9, f"{where}: chance probabilities sum to {total}"
        assert all(p > 0 for _, p in outcomes), f"{where}: zero-probability outcome"
    else:
        assert state.chance_outcomes() == [], f"{where}: outcomes at a decision node"
    assert state.returns() == [0.0] * game.players, f"{where}: returns before the end"
    assert state.winners() == [], f"{where}: winners before the end"


def check_illegal_inputs(state: State, where: str) -> None:
    """Junk and out-of-turn strings raise IllegalAction and change nothing."""
    before = fingerprint(state)
    legal = set(state.legal_actions())
    probes: list[Any] = [*JUNK_ACTIONS, None, 5]
    if not state.is_terminal():
        probes.extend(a + " extra" for a in list(legal)[:2])
    for probe in probes:
        if probe in legal:
            continue
        try:
            state.apply(probe)
        except IllegalAction as error:
            assert str(error), f"{where}: empty IllegalAction message"
        else:
            raise AssertionError(f"{where}: {probe!r} was accepted")
        assert fingerprint(state) == before, f"{where}: a refused action changed the state"
    if not state.is_terminal() and state.current_player >= 0:
        other = (state.current_player + 1) % state.game.players
        action = next(iter(legal))
        try:
            state.apply(action, player=other)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{where}: out-of-turn action accepted")
    assert fingerprint(state) == before, f"{where}: a refused action changed the state"


def check_clone(state: State, where: str, rng: random.Random) -> None:
    """A clone is equal, independent, and plays on identically."""
    copy = state.clone()
    original = fingerprint(state)
    assert fingerprint(copy) == original, f"{where}: clone differs"
    if state.is_terminal():
        return
    trail = _play_on(copy, rng, 6)
    assert fingerprint(state) == original, f"{where}: playing a clone changed the original"
    again = state.clone()
    for action in trail:
        again.apply(action)
    assert fingerprint(again) == fingerprint(copy), f"{where}: two clones diverged"


def check_json(state: State, where: str, rng: random.Random) -> None:
    """JSON round trip: same document, same view, plays on identically."""
    document = state.to_json()
    loaded = state.game.from_json(document)
    assert loaded.to_json() == document, f"{where}: JSON round trip changed the document"
    assert fingerprint(loaded) == fingerprint(state), f"{where}: loaded state differs"
    if not state.is_terminal():
        copy = state.clone()
        trail = _play_on(copy, rng, 6)
        for action in trail:
            loaded.apply(action)
        assert fingerprint(loaded) == fingerprint(copy), f"{where}: loaded copy plays differently"


def check_views(state: State, where: str, rng: random.Random, replay_for: int = 0) -> None:
    """Views are JSON, carry the contract keys, and determinize keeps them identical; the
    determinized state of player ``replay_for`` is also rebuilt from its own history."""
    game = state.game
    for player in [None, *range(game.players)]:
        view = state.view(player)
        json.dumps(view)
        for key in ("player", "current_player", "legal_actions", "terminal", "winners"):
            assert key in view, f"{where}: view({player}) lacks {key!r}"
        assert view["player"] == player
        assert view["current_player"] == state.current_player
        expected = state.legal_actions() if player == state.current_player else []
        assert view["legal_actions"] == expected, f"{where}: view({player}) legal actions"
    for player in range(game.players):
        sampled = state.determinize(player, random.Random(rng.random()))
        assert sampled is not state
        assert sampled.view(player) == state.view(player), f"{where}: determinize({player})"
        if player == replay_for % game.players:
            replayed = sampled.game.replay(sampled.history())
            assert fingerprint(replayed) == fingerprint(sampled), f"{where}: determinized history"
            # What determinize returns may depend only on what the player knows: from another
            # state with the same view (``sampled``) and the same seed, the same sample.
            again = state.determinize(player, random.Random(11))
            other = sampled.determinize(player, random.Random(11))
            assert fingerprint(again) == fingerprint(other), f"{where}: determinize leaks"


def _observers(state: State) -> list[int | None]:
    """Who watches the move at ``state``: everyone but the mover (all, at a chance node)."""
    mover = state.current_player
    return [o for o in [None, *range(state.game.players)] if o is None or o != mover]


def _view_after(state: State, action: str, observer: int | None) -> str:
    after = state.clone()
    after.apply(action)
    return json.dumps(after.view(observer), sort_keys=True)


def _masked(state: State, observer: int | None) -> dict[str, list[str]]:
    """The legal actions ``observer`` does not see in full, grouped by what it does see."""
    groups: dict[str, list[str]] = {}
    for action in state.legal_actions():
        seen = state.action_seen_by(action, observer)
        assert isinstance(seen, str) and seen, f"action_seen_by({action!r}) gave {seen!r}"
        if seen != action:
            groups.setdefault(seen, []).append(action)
    return groups


def check_private_decisions(
    state: State, where: str, rng: random.Random | None = None, limit: int = 12
) -> None:
    """Private decisions and hidden chance outcomes leave nothing to see.

    For each observer other than the mover: the legal actions it sees as the same string
    (``State.action_seen_by``) must leave its view identical; and from an indistinguishable
    position (``determinize`` for that observer, where the mover's hidden cards may differ),
    a masked action it sees the same way must lead to the same view too. At most ``limit``
    actions of a group are played, spread over the group, so large draws stay cheap.
    """
    if state.is_terminal():
        return
    rng = rng or random.Random(0)
    for observer in _observers(state):
        groups = _masked(state, observer)
        for seen, actions in groups.items():
            step = max(1, len(actions) // limit)
            views = {a: _view_after(state, a, observer) for a in actions[::step][:limit]}
            first, *rest = views
            for action in rest:
                assert views[action] == views[first], (
                    f"{where}: observer {observer} sees {seen!r} for both {first!r} and "
                    f"{action!r}, yet its view differs after them"
                )
        if observer is None or not groups:
            continue
        twin = state.determinize(observer, random.Random(rng.random()))
        if twin.current_player != state.current_player:
            continue
        for seen, actions in _masked(twin, observer).items():
            if seen not in groups:
                continue
            mine = _view_after(state, groups[seen][0], observer)
            theirs = _view_after(twin, actions[0], observer)
            assert mine == theirs, (
                f"{where}: observer {observer} sees {seen!r} from two positions it cannot "
                f"tell apart ({groups[seen][0]!r} and {actions[0]!r}), yet its views differ"
            )


def check_player_help(
    state: State, where: str, rng: random.Random, candidates: list[str], limit: int = 6
) -> None:
    """Undo safety and refusal reasons read only what the player to move may see, and an
    action said to be safe to take back shows that player nothing new.

    From a position the player cannot tell apart (``determinize``), ``undo_safe`` and
    ``refusal`` must answer the same (the answers are shown to the player); after an action
    said to be safe, the player's view must be the same from both positions (nothing hidden
    came to light). ``candidates`` are actions to try as refused ones (legal elsewhere).
    At the end, ``revealed`` lists zones of printed names.
    """
    if state.is_terminal():
        zones = state.revealed()
        assert isinstance(zones, list), f"{where}: revealed() is not a list"
        for zone in zones:
            assert set(zone) == {"zone", "seat", "items"}, f"{where}: revealed zone {zone}"
            assert isinstance(zone["zone"], str) and zone["zone"], f"{where}: zone name"
            assert zone["seat"] is None or 0 <= zone["seat"] < state.game.players
            assert all(isinstance(item, str) for item in zone["items"]), f"{where}: items"
        json.dumps(zones)
        return
    player = state.current_player
    if player < 0:
        return
    legal = state.legal_actions()
    twin = state.determinize(player, random.Random(rng.random()))
    picks = legal if len(legal) <= limit else rng.sample(legal, limit)
    for action in picks:
        safe = state.undo_safe(action)
        assert isinstance(safe, bool), f"{where}: undo_safe({action!r}) is not a bool"
        assert twin.undo_safe(action) == safe, (
            f"{where}: undo_safe({action!r}) depends on what player {player} cannot see"
        )
        if safe:
            assert _view_after(state, action, player) == _view_after(twin, action, player), (
                f"{where}: {action!r} is said safe to take back, yet it shows player "
                f"{player} something hidden"
            )
        assert state.refusal(action, player) is None, f"{where}: a legal move is refused"
    refused = [c for c in dict.fromkeys(candidates) if c not in legal][:limit]
    for action in refused:
        reason = state.refusal(action, player)
        assert isinstance(reason, str) and reason, f"{where}: no reason for {action!r}"
        assert twin.refusal(action, player) == reason, (
            f"{where}: the reason {action!r} is refused depends on what player {player} "
            f"cannot see: {reason!r} vs {twin.refusal(action, player)!r}"
        )


def check_replay(state: State, where: str) -> None:
    """``replay(history())`` reproduces the state exactly."""
    replayed = state.game.replay(state.history())
    assert fingerprint(replayed) == fingerprint(state), f"{where}: replay differs"


def check_end(state: State, where: str) -> None:
    """Returns and winners agree at the end."""
    assert state.is_terminal(), f"{where}: not terminal"
    assert state.current_player == TERMINAL
    winners = state.winners()
    returns = state.returns()
    assert len(returns) == state.game.players
    assert winners == sorted(set(winners)), f"{where}: winners not sorted unique"
    assert winners, f"{where}: a finished game has no winner (a draw shares among all)"
    assert abs(math.fsum(returns) - 1.0) < 1e-9, f"{where}: returns sum to {sum(returns)}"
    for player, value in enumerate(returns):
        expected = 1.0 / len(winners) if player in winners else 0.0
        assert abs(value - expected) < 1e-12, f"{where}: returns {returns} vs winners {winners}"
    assert state.legal_actions() == [], f"{where}: legal actions at the end"


def _play_on(state: State, rng: random.Random, steps: int) -> list[str]:
    trail = []
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        if state.current_player == CHANCE:
            action = sample_outcome(state, rng)
        else:
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
        trail.append(action)
    return trail


def sampled_steps(first_gap: int = 7, per_gap: int = 10) -> Iterator[int]:
    """The steps at which the costly checks run: every ``first_gap`` steps for ``per_gap``
    samples, then at twice the gap, and so on, so long games get a few dozen samples."""
    step, gap = 0, first_gap
    while True:
        for _ in range(per_gap):
            yield step
            step += gap
        gap *= 2


def check_encoded_actions(state: State, tables: Encoded, where: str) -> None:
    """Every legal action is in the encoding's decision (or chance outcome) table."""
    table = tables.outcomes if state.current_player == CHANCE else tables.decisions
    for action in state.legal_actions():
        assert action in table, f"{where}: {action!r} is missing from the encoding's tables"


def check_observations(state: State, tables: Encoded, where: str) -> None:
    """Each seat's observation has the declared size, with every number in [0, 1]."""
    size = tables.encoding.observation_size()
    for player in range(state.game.players):
        values = tables.encoding.observe(state.view(player))
        assert len(values) == size, f"{where}: observation of {player} has {len(values)} numbers"
        bad = [value for value in values if not 0.0 <= value <= 1.0]
        assert not bad, f"{where}: observation of {player} outside [0, 1]: {bad[:5]}"


def check_game(
    game_id: str, players: int, seed: int, options: dict[str, Any] | None = None
) -> State:
    """Play one seeded random game, running every check at sampled steps. Returns the end."""
    game = load(game_id, players=players, options=options)
    tables = encoded(game)
    rng = random.Random(f"{game_id}:{players}:{seed}:checks")
    samples = sampled_steps()
    next_sample = next(samples)
    state = game.new_game()
    decisions = 0
    tried: deque[str] = deque(maxlen=40)  # moves legal earlier: candidates to be refused
    checked = 0
    for step, state in enumerate(random_playthrough(game, seed)):
        where = f"{game_id} players={players} seed={seed} step={step}"
        check_state(state, where, rng)
        check_encoded_actions(state, tables, where)
        decisions += state.current_player >= 0
        if state.current_player >= 0:
            legal = state.legal_actions()
            tried.extend(rng.sample(legal, min(3, len(legal))))
        if step == next_sample or state.is_terminal():
            check_clone(state, where, rng)
            check_json(state, where, rng)
            check_views(state, where, rng, replay_for=step)
            check_illegal_inputs(state, where)
            check_private_decisions(state, where, rng)
            check_observations(state, tables, where)
            if checked % 3 == 0 or state.is_terminal():  # determinizes: every third sample
                check_player_help(state, where, rng, list(tried), limit=4)
            checked += 1
            next_sample = next(samples) if step == next_sample else next_sample
    where = f"{game_id} players={players} seed={seed} end"
    check_end(state, where)
    check_replay(state, where)
    bound = tables.encoding.max_decisions()
    assert decisions <= bound, f"{where}: {decisions} decisions, encoding bound {bound}"
    return state
