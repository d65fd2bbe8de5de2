"""Fixed-size numbers for a game: integer action tables and observation vectors.

Learning libraries (OpenSpiel, PettingZoo, Gymnasium) want actions as integers from a fixed
range and observations as vectors of a fixed length. Every game supplies an :class:`Encoding`
in ``theomachy.games.<package>.encoding`` (the class named ``Encoding`` there); the adapters in
``theomachy.interop`` use nothing else, so a game that provides one works in all of them.

- :meth:`Encoding.decisions` lists every action string any player can ever choose in this game
  at this player count, and :meth:`Encoding.outcomes` every chance outcome. The position in the
  list is the integer; the lists are stable (sorted by a documented rule, never by what a
  particular game happened to visit) and their sizes depend only on the game and the player
  count where the options allow it.
- :meth:`Encoding.observe` turns ``state.view(p)`` into ``observation_size()`` numbers in
  [0, 1], written from p's seat (p first, then the others clockwise), so the same network
  weights serve every seat.
- :meth:`Encoding.max_decisions` bounds the decisions (chance outcomes not counted) in one game.
"""

from __future__ import annotations

import functools
import importlib
import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from theomachy.engine.core import Game


class Encoding(ABC):
    """A game's action tables, observation vector and length bound, for one game instance."""

    perfect_information: bool = False
    """True when ``view(p)`` hides nothing from any player (chance may still be unknown ahead
    of time): the adapters then declare perfect information."""

    short_game_options: ClassVar[dict[str, Any]] = {}
    """Options that keep a random game short (a round cap, say), for suites that play whole
    games of every registered game (the outside libraries' own tests); empty when the
    defaults already give short games. The adapters work with any options."""

    def __init__(self, game: Game) -> None:
        self.game = game

    @abstractmethod
    def decisions(self) -> list[str]:
        """Every decision string a player can ever choose, in a fixed documented order."""

    @abstractmethod
    def outcomes(self) -> list[str]:
        """Every chance outcome string, in a fixed documented order."""

    @abstractmethod
    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vector."""

    @abstractmethod
    def observe(self, view: Mapping[str, Any]) -> list[float]:
        """``observation_size()`` numbers in [0, 1] describing ``view`` (a ``state.view(p)``)
        from the viewing player's seat."""

    @abstractmethod
    def max_decisions(self) -> int:
        """An upper bound on the decisions (not chance outcomes) in one game."""


class ActionTable:
    """A fixed list of action strings with its inverse: string <-> integer."""

    __slots__ = ("_index", "strings")

    def __init__(self, strings: Iterable[str], kind: str) -> None:
        self.strings: tuple[str, ...] = tuple(strings)
        self._index: dict[str, int] = {}
        for number, text in enumerate(self.strings):
            if text in self._index:
                raise ValueError(f"the {kind} table lists {text!r} twice")
            self._index[text] = number

    def __len__(self) -> int:
        return len(self.strings)

    def __contains__(self, text: object) -> bool:
        return text in self._index

    def number(self, text: str) -> int:
        """The integer of ``text``; ``KeyError`` naming it if the table lacks it."""
        try:
            return self._index[text]
        except KeyError:
            raise KeyError(f"{text!r} is not in the action table") from None

    def text(self, number: int) -> str:
        """The string of ``number``; ``IndexError`` if it is out of range."""
        if not 0 <= number < len(self.strings):
            raise IndexError(f"action {number} is outside 0..{len(self.strings) - 1}")
        return self.strings[number]


class Encoded:
    """A game with its encoding and the two action tables built once."""

    __slots__ = ("decisions", "encoding", "game", "outcomes")

    def __init__(self, game: Game, encoding: Encoding) -> None:
        self.game = game
        self.encoding = encoding
        self.decisions = ActionTable(encoding.decisions(), "decision")
        self.outcomes = ActionTable(encoding.outcomes(), "chance outcome")


_CACHE: dict[tuple[str, int, str], Encoded] = {}


def encoding_class(game: Game) -> type[Encoding]:
    """The ``Encoding`` class of ``game``'s package (``<package>.encoding.Encoding``)."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(f"{package}.encoding")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.encoding":
            raise
        raise ValueError(f"{game.id} has no encoding module ({package}.encoding)") from None
    cls = getattr(module, "Encoding", None)
    if not (isinstance(cls, type) and issubclass(cls, Encoding)):
        raise ValueError(f"{package}.encoding must define a class Encoding(engine Encoding)")
    return cls


def encoded(game: Game) -> Encoded:
    """The encoding of ``game`` with its tables (cached per game id, players and options)."""
    key = (game.id, game.players, json.dumps(game.options, sort_keys=True))
    cached = _CACHE.get(key)
    if cached is None:
        cached = _CACHE[key] = Encoded(game, encoding_class(game)(game))
    return cached


def seats_from(player: int, players: int) -> list[int]:
    """The seats in the order an observation lists them: ``player`` first, then clockwise."""
    return [(player + offset) % players for offset in range(players)]


def _positions(vocabulary: Sequence[object]) -> dict[object, int]:
    """Each entry's slot in ``vocabulary`` (an entry listed twice takes its last slot);
    kept for immutable vocabularies, which the games' are (module constants and ranges)."""
    if isinstance(vocabulary, (tuple, range)):
        return _kept_positions(vocabulary)
    return {entry: number for number, entry in enumerate(vocabulary)}


@functools.lru_cache(maxsize=256)
def _kept_positions(vocabulary: tuple[object, ...] | range) -> dict[object, int]:
    return {entry: number for number, entry in enumerate(vocabulary)}


class Features:
    """Writes an observation vector segment by segment, every number clipped to [0, 1].

    An encoder calls the same writers in the same order for every view, so the layout (and
    the length) is fixed; :meth:`done` checks the length against the declared size.
    """

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: list[float] = []

    def flag(self, value: object) -> None:
        """1 if ``value`` is truthy, else 0."""
        self.values.append(1.0 if value else 0.0)

    def scalar(self, value: float | None, high: float, low: float = 0.0) -> None:
        """``value`` scaled from [low, high] to [0, 1] and clipped; None writes 0."""
        if value is None:
            self.values.append(0.0)
            return
        scaled = (float(value) - low) / (high - low)
        self.values.append(0.0 if scaled < 0.0 else 1.0 if scaled > 1.0 else scaled)

    def one_hot(self, value: object, vocabulary: Sequence[object]) -> None:
        """One slot per vocabulary entry, 1 at ``value`` (all 0 if absent or None)."""
        slots = [0.0] * len(vocabulary)
        if value is not None:
            for number, entry in enumerate(vocabulary):
                if entry == value:
                    slots[number] = 1.0
                    break
        self.values.extend(slots)

    def counts(self, values: Iterable[object], vocabulary: Sequence[object], high: float) -> None:
        """One slot per vocabulary entry: how often it occurs in ``values``, over ``high``."""
        self.amounts(((value, 1.0) for value in values), vocabulary, high)

    def amounts(
        self, pairs: Iterable[tuple[object, float]], vocabulary: Sequence[object], high: float
    ) -> None:
        """One slot per vocabulary entry: the sum of the amounts paired with it, over
        ``high`` (at most 1). Only the entries present are computed: observations are called
        at every step of a search, and vocabularies (card lists) are long and mostly empty."""
        position = _positions(vocabulary)
        totals: dict[int, float] = {}
        for value, amount in pairs:
            number = position.get(value)
            if number is not None:
                totals[number] = totals.get(number, 0.0) + amount
        slots = [0.0] * len(vocabulary)
        for number, total in totals.items():
            slots[number] = min(total / high, 1.0)
        self.values.extend(slots)

    def many_hot(self, values: Iterable[object], vocabulary: Sequence[object]) -> None:
        """One slot per vocabulary entry, 1 where it is among ``values``."""
        present = set(values)
        self.values.extend(1.0 if entry in present else 0.0 for entry in vocabulary)

    def done(self, size: int) -> list[float]:
        """The vector, after checking it has the declared ``size``."""
        if len(self.values) != size:
            raise AssertionError(f"observation has {len(self.values)} numbers, declared {size}")
        return self.values
