"""The Game and State bases every game builds on (see shared CONTRACT.md).

A game subclasses :class:`Game` (identity, player range, options, ``_initial_state``) and
:class:`State` (the state machine). The base classes own everything that is the same for every
game: the legal-action cache, validation of ``apply`` (illegal input changes nothing), history,
returns, JSON documents and replay.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError

from theomachy.engine.actions import explain_illegal, is_well_formed

if TYPE_CHECKING:
    from theomachy.engine.narration import Narrator

_NAME = itemgetter(0)

CHANCE = -1
"""``current_player`` at a chance node."""
TERMINAL = -4
"""``current_player`` once the game is over."""

STATE_FORMAT = "theomachy.state"
STATE_FORMAT_VERSION = 1


class IllegalAction(ValueError):
    """An action that is not legal in the current state; the state is unchanged."""


class CorruptDocument(ValueError):
    """A saved game (JSON document) that cannot be loaded: malformed, foreign or inconsistent."""


class GameOptions(BaseModel):
    """Base of every game's options model: unknown options are errors, values are checked."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class State(ABC):
    """One position of a game. Subclasses implement the ``_``-prefixed hooks.

    Mutation happens only through :meth:`apply`; the base checks legality first, so a hook
    never sees an illegal action and never has to undo anything.
    """

    __slots__ = ("_history", "_legal", "_outcomes", "game")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._history: list[str] = []
        # Cached legal actions (or chance outcome names) and chance outcomes of this position;
        # None = not computed yet. Cached lists are never mutated, only replaced.
        self._legal: list[str] | None = None
        self._outcomes: list[tuple[str, float]] | None = None

    # --- hooks for the game -------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """0..players-1, CHANCE or TERMINAL."""

    @abstractmethod
    def _legal_actions(self) -> list[str]:
        """The legal actions of the player to move (never called at chance or terminal)."""

    @abstractmethod
    def _chance_outcomes(self) -> list[tuple[str, float]]:
        """Outcomes and probabilities at a chance node (only called there)."""

    @abstractmethod
    def _apply(self, action: str) -> None:
        """Apply an action already checked to be legal. It may set ``_legal`` (and at a
        chance node ``_outcomes``) for the position it leads to."""

    @abstractmethod
    def _returns(self) -> list[float]:
        """Returns at a terminal state."""

    @abstractmethod
    def _winners(self) -> list[int]:
        """Winners at a terminal state."""

    @abstractmethod
    def _copy(self) -> State:
        """A new state of the same class sharing nothing mutable with this one except
        immutable values. ``_history`` and ``_legal`` are copied by :meth:`clone`."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` (``None``: a spectator) may know, JSON-serialisable."""

    @abstractmethod
    def determinize(self, player: int, rng: random.Random) -> State:
        """A full state consistent with ``view(player)``, hidden parts resampled with ``rng``."""

    @abstractmethod
    def __str__(self) -> str:
        """A readable description for people."""

    def evaluate(self, player: int) -> float:
        """How good this position is for ``player``, from 0 (lost) to 1 (won); the returns at
        the end. Games override it with a heuristic (used by greedy play and by search
        roll-outs that stop early); the default knows nothing and says 1/players."""
        if self.is_terminal():
            return self.returns()[player]
        return 1.0 / self.game.players

    def scores(self) -> list[float] | None:
        """Each seat's score where the game keeps one (Glory, energy, VP), else None; for
        reports, never for deciding the winner."""
        return None

    def ending(self) -> str | None:
        """How the game ended: one of ``game.endings`` (the victory condition, or what ended
        a game with no winner). ``None`` before the end, or where the game names none."""
        return None

    def seat_label(self, seat: int) -> str | None:
        """A name people know the seat by once the game is over, where the game gives one (a
        pantheon, a God, a divinity): "won by Norse". ``None`` (the default): "Seat N".
        Asked at the end only, so it may name what was hidden during play."""
        return None

    def features(self) -> dict[str, Any]:
        """The game's set-up as the lab stores it (factions, decks, gods per seat...)."""
        return {}

    def action_seen_by(self, action: str, observer: int | None) -> str:
        """What ``observer`` (a seat, or ``None`` for a spectator) learns of ``action`` when it
        is applied here: the current player's decision or a chance outcome.

        The default is ``action`` itself: everything is public. A game overrides it for its
        private decisions and hidden draws, returning a masked string (``"draw ?"``) to those
        who may not see it. The conformance suite holds games to it: actions an observer sees
        as the same string must leave that observer's view identical.
        """
        return action

    def undo_safe(self, action: str) -> bool:
        """Whether the player to move may take ``action`` back after playing it here (an undo
        within their turn): True only where playing it shows that player nothing they could not
        know before (no hidden card turned up, no other seat's secret choice shown, no card
        drawn). Asked on the state before ``action``, for a legal ``action`` only.

        A chance event after the action, another seat's decision and the end of the player's
        turn end the undo whatever this says (the server enforces those); this answers only
        for the action itself. It must depend on nothing the player cannot see (the answer is
        shown to them). Default False: nothing is taken back where the game does not say."""
        return False

    def refusal(self, action: str, player: int | None = None) -> str | None:
        """Why ``player`` (a seat; None: anyone) may not play ``action`` now, in words for
        people, or None when it is a legal move. The game's rules reason
        (:meth:`_refusal`) where it has one, else the general explanation. It never says
        what ``player`` may not know."""
        legal = self._legal if self._legal is not None else self._compute_legal()
        current = self.current_player
        if action in legal and (player is None or player == current):
            return None
        if current >= 0 and (player is None or player == current) and is_well_formed(action):
            reason = self._refusal(action, current)
            if reason:
                return reason
        return explain_illegal(self, action, legal, player)

    def _refusal(self, action: str, player: int) -> str | None:
        """The rules reason why ``action`` (well formed, not legal) is refused to ``player``,
        the player to move ("Thor costs 5 Gold; you have 3"), built only from what that
        player may see; None to leave it to the general explanation."""
        return None

    def revealed(self) -> list[dict[str, Any]]:
        """Everything the views hide, for the replay of a finished game: a list of zones,
        each ``{"zone": "Norse deck (top first)", "seat": 1 or None, "items": ["Thor", ...]}``
        with printed names, in order (decks top first). Served only once the game is over.
        Empty for a game with nothing hidden."""
        return []

    # --- the contract ---------------------------------------------------------------------
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player == TERMINAL

    def is_chance(self) -> bool:
        """True at a chance node."""
        return self.current_player == CHANCE

    def legal_actions(self) -> list[str]:
        """Legal actions (chance outcomes at a chance node); empty only when terminal."""
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> list[str]:
        player = self.current_player
        if player == TERMINAL:
            legal: list[str] = []
        elif player == CHANCE:
            outcomes = self._outcomes
            if outcomes is None:
                outcomes = self._outcomes = self._chance_outcomes()
            legal = self._chance_names(outcomes)
        else:
            legal = self._legal_actions()
        self._legal = legal
        return legal

    def _chance_names(self, outcomes: list[tuple[str, float]]) -> list[str]:
        """The names of ``outcomes`` (a game whose outcome lists are constants may return a
        constant list: cached legal lists are never mutated)."""
        return list(map(_NAME, outcomes))

    def invalidate_caches(self) -> None:
        """Forget cached legal actions and outcomes (for code that edits a state directly,
        such as scenario tests setting up a position)."""
        self._legal = None
        self._outcomes = None

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """Outcomes with probabilities summing to 1; empty when not a chance node."""
        outcomes = self._outcomes  # only ever cached at a chance node
        if outcomes is None:
            if self.current_player != CHANCE:
                return []
            outcomes = self._outcomes = self._chance_outcomes()
        return list(outcomes)

    def apply(self, action: str, player: int | None = None) -> None:
        """Apply ``action``; raise :class:`IllegalAction` (state unchanged) if it is not legal.

        ``player``, when given, must be the player to move (used by servers to reject
        out-of-turn messages).
        """
        legal = self._legal
        if legal is None:
            outcomes = self._outcomes  # only ever cached at a chance node
            if outcomes is not None:
                legal = self._legal = self._chance_names(outcomes)
            else:
                legal = self._compute_legal()
        if action not in legal or (player is not None and player != self.current_player):
            raise IllegalAction(explain_illegal(self, action, legal, player))
        # Forgotten before the hook runs, so that a game may cache the next position's legal
        # actions or outcomes from ``_apply`` when it knows them for free.
        self._legal = None
        self._outcomes = None
        self._apply(action)
        self._history.append(action)

    def returns(self) -> list[float]:
        """1.0 shared equally by the winners at the end, 0.0 for the rest; all 0.0 before."""
        if not self.is_terminal():
            return [0.0] * self.game.players
        return self._returns()

    def winners(self) -> list[int]:
        """The winners, sorted; [] before the end."""
        if not self.is_terminal():
            return []
        return self._winners()

    def history(self) -> list[str]:
        """Every applied action, chance outcomes included, in order."""
        return list(self._history)

    def clone(self) -> State:
        """An independent copy."""
        copy = self._copy()
        copy._history = list(self._history)
        copy._legal = self._legal  # lists are never mutated in place once cached
        copy._outcomes = self._outcomes
        return copy

    def to_json(self) -> str:
        """A versioned JSON document; ``game.from_json(s).to_json() == s``.

        The action log is the truth (the state is its replay), so the document is the game's
        identity, its options and its history.
        """
        document = {
            "format": STATE_FORMAT,
            "version": STATE_FORMAT_VERSION,
            "game": self.game.id,
            "players": self.game.players,
            "options": self.game.options,
            "history": self._history,
        }
        return json.dumps(document, sort_keys=True, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return NotImplemented
        return self.game == other.game and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(self.to_json())


class Game(ABC):
    """A game with its player count and options fixed; a factory of states."""

    id: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str] = ""
    """One sentence on what the game is, for people choosing a game (the lobby)."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    Options: ClassVar[type[GameOptions]] = GameOptions
    # Options that carry hidden set-up (a seat's secret, such as a face-down faction): whoever
    # types them knows that secret, so a server takes them only at a table marked open, and a
    # game offering them also lets each seat make the choice privately inside the game.
    secret_options: ClassVar[tuple[str, ...]] = ()
    # How a game can end, one slug per victory condition the rulebook gives ("omphalos",
    # "last-standing", "round-limit"...): the lab reports how often each happens, and the
    # tuner checks that each stays reachable. A finished state names its own (State.ending).
    endings: ClassVar[tuple[str, ...]] = ()

    def __init__(self, players: int | None = None, options: Mapping[str, Any] | None = None):
        if players is None:
            players = self.default_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"{self.id}: players must be an integer, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.id}: {players} players is not allowed; "
                f"this game takes {self.min_players} to {self.max_players} players"
            )
        self.players: int = players
        self._options_model = self._validate_options(dict(options or {}))
        self.options: dict[str, Any] = self._options_model.model_dump()

    @classmethod
    def _validate_options(cls, options: dict[str, Any]) -> GameOptions:
        allowed = ", ".join(
            f"{name} (default {field.default!r})"
            for name, field in cls.Options.model_fields.items()
        )
        try:
            return cls.Options(**options)
        except ValidationError as error:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'options'}: {e['msg']}"
                for e in error.errors()
            )
            raise ValueError(
                f"{cls.id}: invalid options ({problems}); allowed options: {allowed or 'none'}"
            ) from None

    def public_options(self) -> dict[str, Any]:
        """The options every seat and spectator may know (servers show these, never
        ``options``); a game whose options carry hidden set-up masks it here."""
        return dict(self.options)

    @classmethod
    def catalog(cls) -> dict[str, dict[str, Any]]:
        """The game's public card data, card id -> its printed facts (name, numbers, text),
        for clients that draw cards named in views; empty for a game without cards."""
        return {}

    @classmethod
    def option_choices(cls) -> dict[str, dict[str, Any]]:
        """For options whose value is picked from the game's content (a God per seat, a
        faction of four deities, a scenario), what to offer instead of typing JSON: option
        name -> ``{"per_seat": bool, "count": int | None, "choices": [...]}``, each choice
        ``{"value", "label", "about"}`` and maybe ``"players"`` (the player counts it is
        for). ``count`` is how many a seat picks (None: any number, in order); a per-seat
        option's value has one entry per seat (a list when ``count`` is not 1). Empty by
        default."""
        return {}

    @classmethod
    def narrator(cls) -> Narrator:
        """How the game's events read in words (its package's narrator); the default tells
        each action by its notation."""
        from theomachy.engine.narration import GENERIC

        return GENERIC

    @abstractmethod
    def new_game(self) -> State:
        """The initial state; nothing random has happened yet."""

    def replay(self, actions: Iterable[str]) -> State:
        """``new_game()`` then ``apply(a)`` for each action."""
        state = self.new_game()
        for action in actions:
            state.apply(action)
        return state

    def from_json(self, document: str) -> State:
        """Load a document written by :meth:`State.to_json` for this game and settings."""
        data = parse_document(document)
        if data["game"] != self.id:
            raise CorruptDocument(
                f"this saved game is for {data['game']!r}, not {self.id!r}; "
                "load it with theomachy.engine.load_state()"
            )
        if data["players"] != self.players or data["options"] != self.options:
            raise CorruptDocument(
                f"this saved game has players={data['players']} options={data['options']}, "
                f"but this game has players={self.players} options={self.options}"
            )
        return replay_document(self, data["history"])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self.id, self.players, self.options) == (other.id, other.players, other.options)

    def __hash__(self) -> int:
        return hash((self.id, self.players, json.dumps(self.options, sort_keys=True)))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id} players={self.players} options={self.options}>"


def parse_document(document: str) -> dict[str, Any]:
    """Parse and check the envelope of a saved-game document."""
    if not isinstance(document, str):
        raise CorruptDocument(f"a saved game must be a JSON string, got {type(document).__name__}")
    try:
        data = json.loads(document)
    except json.JSONDecodeError as error:
        raise CorruptDocument(f"corrupt saved game: not valid JSON ({error})") from None
    if not isinstance(data, dict):
        raise CorruptDocument("corrupt saved game: the document is not a JSON object")
    if data.get("format") != STATE_FORMAT:
        raise CorruptDocument(
            f"not a Theomachy saved game: format is {data.get('format')!r}, "
            f"expected {STATE_FORMAT!r}"
        )
    if data.get("version") != STATE_FORMAT_VERSION:
        raise CorruptDocument(
            f"unsupported saved-game version {data.get('version')!r}; "
            f"this Theomachy reads version {STATE_FORMAT_VERSION}"
        )
    expected = {"game": str, "players": int, "options": dict, "history": list}
    for key, kind in expected.items():
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise CorruptDocument(
                f"corrupt saved game: field {key!r} missing or not a {kind.__name__}"
            )
    if not all(isinstance(a, str) for a in data["history"]):
        raise CorruptDocument("corrupt saved game: every history entry must be a string")
    return data


def replay_document(game: Game, history: list[str]) -> State:
    """Replay a saved history, naming the first bad action if there is one."""
    state = game.new_game()
    for index, action in enumerate(history):
        apply_saved(state, index, action)
    return state


def apply_saved(state: State, index: int, action: str) -> None:
    """Apply entry ``index`` of a saved history; ``CorruptDocument`` naming it if illegal."""
    try:
        state.apply(action)
    except IllegalAction as error:
        raise CorruptDocument(
            f"corrupt saved game: action {index} ({action!r}) cannot be replayed: {error}"
        ) from None
