"""OpenSpiel: every Theomachy game as a registered pyspiel Python game.

>>> from theomachy.interop.openspiel import load_game
>>> game = load_game("mythic-arena", players=2)          # a pyspiel.Game
>>> state = game.new_initial_state()

Importing this module registers one pyspiel game per Theomachy game, named ``theomachy_`` plus
the id with ``_`` for ``-`` (``theomachy_mythic_wars``), so ``pyspiel.load_game`` and
``pyspiel.deserialize_game_and_state`` find them too. Parameters: ``players`` and every option
whose default is a number, a flag or a text under its own name; ``options``, percent-encoded
JSON, carries the others (lists, options that default to none).

- Sequential, explicit chance; imperfect information unless the game's encoding says views
  hide nothing. Constant-sum returns: 1 shared by the winners, so utilities lie in [0, 1].
- Integer actions index the game's decision table, chance outcomes its outcome table
  (``theomachy.engine.encoding``); ``action_to_string`` gives our notation.
- Observation tensor: the encoding's vector of ``view(p)``; information-state tensor: that
  vector plus a digest of p's visible log. Observation string: ``view(p)`` without its log as
  JSON; information-state string: ``view(p)`` with its log (perfect recall).

OpenSpiel has no hook for our bots; to seat one in an OpenSpiel loop (a level such as
``agents.make("hard")``, or any spec through ``agents.specs.build("ismcts:iterations=300", seed)``),
let it choose from the wrapped state and number its choice:
``encoded(game).decisions.number(bot.act(state.theomachy_state))``. It reads only its view.
"""

from __future__ import annotations

import json
import urllib.parse
from typing import Any

import numpy as np
import pyspiel

from theomachy.engine.core import CHANCE, TERMINAL, State
from theomachy.engine.encoding import encoding_class
from theomachy.engine.registry import game_class, games
from theomachy.interop.common import Adapted, Seen, adapted

PREFIX = "theomachy_"


def short_name(game_id: str) -> str:
    """The pyspiel name of a Theomachy game."""
    return PREFIX + game_id.replace("-", "_")


def _scalar_defaults(game_id: str) -> dict[str, Any]:
    """The options that pyspiel can carry as parameters of their own (default not None)."""
    fields = game_class(game_id).Options.model_fields
    return {
        name: field.default
        for name, field in fields.items()
        if isinstance(field.default, bool | int | float | str)
    }


def _encode_options(options: dict[str, Any]) -> str:
    return urllib.parse.quote(json.dumps(options, sort_keys=True, separators=(",", ":")), safe="")


def _split_params(game_id: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """pyspiel parameters -> (players, Theomachy options)."""
    try:
        options = json.loads(urllib.parse.unquote(str(params.get("options", "{}"))))
    except json.JSONDecodeError as error:
        raise ValueError(f"{game_id}: parameter 'options' is not JSON: {error}") from None
    if not isinstance(options, dict):
        raise ValueError(f"{game_id}: parameter 'options' must encode a JSON object")
    for name, default in _scalar_defaults(game_id).items():
        if name in params and params[name] != default:
            options[name] = params[name]
    return int(params["players"]), options


class TheomachyGame(pyspiel.Game):  # type: ignore[misc]
    """A pyspiel game wrapping one Theomachy game at a player count and options."""

    game_id: str
    game_type: Any

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id, game_type = self.game_id, self.game_type
        params = dict(params or {})
        players, options = _split_params(game_id, params)
        self.adapted = adapted(game_id, players, options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.adapted.num_decisions,
            max_chance_outcomes=self.adapted.num_outcomes,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=self.adapted.encoded.encoding.max_decisions(),
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> TheomachyState:
        """The start of a game (nothing random has happened yet)."""
        return TheomachyState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        """The observer OpenSpiel asks for: perfect recall gives the information state."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.adapted, recall)


class _Inner:
    """Holds the Theomachy state: pyspiel clones a Python state by deep-copying its
    attributes, and serialises it by pickling them; both go through our own clone and JSON.
    ``seen`` keeps the position's views while it does not change."""

    __slots__ = ("seen", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self.seen = Seen(state)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        return _Inner(self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (_restore, (self.state.game.id, self.state.to_json()))


def _restore(game_id: str, document: str) -> _Inner:
    from theomachy.engine.registry import load_state

    state = load_state(document)
    if state.game.id != game_id:
        raise ValueError(f"serialised state is for {state.game.id}, expected {game_id}")
    return _Inner(state)


class TheomachyState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state driving a Theomachy state through the integer tables."""

    def __init__(self, game: TheomachyGame) -> None:
        super().__init__(game)
        self._adapted = game.adapted
        self._inner = _Inner(self._adapted.game.new_game())

    @property
    def theomachy_state(self) -> State:
        """The wrapped Theomachy state (for agents of ours playing in an OpenSpiel loop)."""
        return self._inner.state

    @property
    def seen(self) -> Seen:
        """The views of this position computed so far (shared by the observers)."""
        return self._inner.seen

    def current_player(self) -> int:
        """The player to move, or pyspiel's CHANCE / TERMINAL."""
        player = self._inner.state.current_player
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return self._adapted.legal_numbers(self._inner.state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome number, probability) at a chance node."""
        table = self._adapted.encoded.outcomes
        return sorted(
            (table.number(name), probability)
            for name, probability in self._inner.state.chance_outcomes()
        )

    def _apply_action(self, action: int) -> None:
        state = self._inner.state
        tables = self._adapted.encoded
        state.apply((tables.outcomes if state.is_chance() else tables.decisions).text(action))
        self._inner.seen.forget()  # the position moved on: its views are stale

    def _action_to_string(self, player: int, action: int) -> str:
        table = (
            self._adapted.encoded.outcomes
            if player == pyspiel.PlayerId.CHANCE
            else self._adapted.encoded.decisions
        )
        return table.text(action)

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self._inner.state.is_terminal()

    def returns(self) -> list[float]:
        """1 shared by the winners at the end, 0 for the rest; all 0 before."""
        return self._inner.state.returns()

    def __str__(self) -> str:
        return str(self._inner.state)


class Observer:
    """pyspiel's Python observer: the observation or information-state vector and string."""

    def __init__(self, adapted: Adapted, perfect_recall: bool) -> None:
        self._adapted = adapted
        self._recall = perfect_recall
        size = adapted.information_size if perfect_recall else adapted.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"information_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: TheomachyState, player: int) -> None:
        """Fill ``tensor`` from ``player``'s view of ``state``."""
        inner, seen = state.theomachy_state, state.seen
        if self._recall:
            self.tensor[:] = self._adapted.information(inner, player, seen)
        else:
            self.tensor[:] = self._adapted.observation(inner, player, seen)

    def string_from(self, state: TheomachyState, player: int) -> str:
        """``player``'s view of ``state`` as canonical JSON."""
        inner, seen = state.theomachy_state, state.seen
        if self._recall:
            return self._adapted.information_text(inner, player, seen)
        return self._adapted.observation_text(inner, player, seen)


_CREATORS: list[type[TheomachyGame]] = []


def _register(game_id: str) -> None:
    cls = game_class(game_id)
    probe = cls()
    perfect = encoding_class(probe).perfect_information
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if perfect
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    parameters: dict[str, Any] = {"players": cls.default_players, "options": _encode_options({})}
    parameters.update(_scalar_defaults(game_id))
    game_type = pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Theomachy {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )
    # One subclass per game, registered as the creator: pyspiel keeps the creator until the
    # process exits, and a class (unlike a closure) outlives interpreter shutdown safely.
    cls_name = "".join(part.title() for part in game_id.split("-")) + "OpenSpielGame"
    creator = type(cls_name, (TheomachyGame,), {"game_id": game_id, "game_type": game_type})
    _CREATORS.append(creator)
    pyspiel.register_game(game_type, creator)


def load_game(game_id: str, players: int | None = None, **options: Any) -> Any:
    """A pyspiel game for a Theomachy game id, player count and options.

    Unknown ids, bad player counts and bad options raise ``ValueError`` saying what is allowed.
    """
    cls = game_class(game_id)
    checked = cls(players=players, options=options)  # validates before pyspiel sees anything
    if short_name(game_id) not in pyspiel.registered_names():
        _register(game_id)  # raises ValueError naming the missing encoding
    scalars = _scalar_defaults(game_id)
    params: dict[str, Any] = {"players": checked.players}
    rest = {name: value for name, value in options.items() if name not in scalars}
    params.update({name: value for name, value in options.items() if name in scalars})
    if rest:
        params["options"] = _encode_options(rest)
    return pyspiel.load_game(short_name(game_id), params)


def register_all() -> list[str]:
    """Register every Theomachy game that has an encoding (skipping those already registered);
    return the pyspiel names registered."""
    names = []
    for game_id in games():
        if short_name(game_id) in pyspiel.registered_names():
            continue
        try:
            _register(game_id)
        except ValueError:  # a game without an encoding yet: load_game explains it
            continue
        names.append(short_name(game_id))
    return names


register_all()
