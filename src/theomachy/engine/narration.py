"""How a game's events read in words: one narrator per game, told from one seat's views.

A game's narrator (``Game.narrator()``, written in the game's own package) turns one applied
action into a line of the log: ``"Valkyrie attacks Zeus: 4 damage, Zeus falls"``. It is told
the action as the reader saw it (``State.action_seen_by``: a hidden draw reads ``draw ?``)
and the reader's views just before and just after it, never the state, so a line can say no
more than the reader could see at the table. The browser (through the server), the terminal
and replays all use the same narrator.

:class:`Chronicle` follows a game and keeps each reader's story (the seats and the
spectators), one :class:`Line` per told action.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from theomachy.engine.core import CHANCE

if TYPE_CHECKING:
    from theomachy.engine.core import Game, State

View = dict[str, Any]
"""A view as returned by ``State.view(player)``."""

REWIND_STEPS = 32
"""How many of its latest steps a chronicle can take back without telling the game again."""

KINDS = frozenset({"move", "chance", "minor", "round", "result"})
"""How a line is shown: a decision, a chance outcome, a detail, a new round or turn, an end."""


@dataclass(frozen=True)
class Told:
    """What a narrator says of one action: plain text (no markup) and its kind."""

    text: str
    kind: str = "move"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown line kind {self.kind!r}: one of {sorted(KINDS)}")


@dataclass(frozen=True)
class Line:
    """One line of a reader's story: the ``step`` (0-based position in the game's history)
    it tells, who acted (``seat``; None for chance), the words, their kind and the action
    as the reader saw it (the notation, shown on hover)."""

    step: int
    seat: int | None
    text: str
    kind: str
    action: str

    def as_json(self) -> dict[str, Any]:
        """The line as clients receive it."""
        return {
            "step": self.step,
            "seat": self.seat,
            "text": self.text,
            "kind": self.kind,
            "action": self.action,
        }


def listing(items: Sequence[str], last: str = "and") -> str:
    """Words joined as people list them: ``a``, ``a and b``, ``a, b and c`` (``last``: the
    final word, "or" for choices)."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


class Narrator:
    """Tells a game's events; this base tells any game by its notation. A game subclasses it
    in its package and overrides :meth:`seat_name` and :meth:`event`."""

    def seat_name(self, view: View, seat: int) -> str:
        """What a seat is called in lines (a pantheon, a God); "Player N" by default."""
        return f"Player {seat}"

    def name(self, view: View, seat: int) -> str:
        """A seat as the reader says it: "you" for the reader's own seat."""
        return "you" if seat == view.get("player") else self.seat_name(view, seat)

    def event(self, before: View, after: View, actor: int, entry: str) -> str | Told | None:
        """One action in words: ``entry`` as the reader saw it, applied by ``actor`` (a seat,
        or ``CHANCE``) between the reader's views ``before`` and ``after``. The actor's name
        is shown beside the line, so the text starts with the verb ("attacks Zeus"). None:
        not worth a line of its own. The base returns the notation."""
        return entry

    def tell(self, before: View, after: View, actor: int, entry: str) -> Told | None:
        """:meth:`event`, as a :class:`Told` (chance outcomes are of kind "chance" unless the
        game says otherwise)."""
        said = self.event(before, after, actor, entry)
        if said is None or isinstance(said, Told):
            return said
        return Told(said, "chance" if actor == CHANCE else "move")


GENERIC = Narrator()


class Chronicle:
    """The story of one game as each reader saw it, grown one action at a time.

    It replays the game's history on its own copy of the state and, for every reader (each
    seat and the spectators, ``None``), keeps the view before each action and the lines
    told so far. Each action costs one view and one narration per reader.
    """

    def __init__(self, game: Game, readers: Iterable[int | None] | None = None) -> None:
        self.game = game
        self.narrator = game.narrator()
        self.readers: tuple[int | None, ...] = (
            tuple(readers) if readers is not None else (None, *range(game.players))
        )
        self._state: State = game.new_game()
        self._views: dict[int | None, View] = {r: self._state.view(r) for r in self.readers}
        self._stories: dict[int | None, list[Line]] = {r: [] for r in self.readers}
        # Who played each step (a seat or CHANCE), and each step as each reader saw it.
        self._actors: list[int] = []
        self._seen: dict[int | None, list[str]] = {r: [] for r in self.readers}
        # The position and views before each of the latest steps, so an undo rewinds
        # without telling the whole game again.
        self._marks: deque[tuple[State, dict[int | None, View]]] = deque(maxlen=REWIND_STEPS)

    @property
    def length(self) -> int:
        """How many actions of the history are told."""
        return len(self._state.history())

    def follow(self, history: Sequence[str]) -> None:
        """Tell the actions of ``history`` not told yet (``history`` extends what was told)."""
        # Positions are kept for a rewind only near the end (a long game told at load time
        # would otherwise copy its state at every step).
        recent = len(history) - REWIND_STEPS
        for step in range(self.length, len(history)):
            self.add(history[step], mark=step >= recent)

    def add(self, action: str, mark: bool = True) -> None:
        """Apply ``action`` to the chronicle's game and tell it to every reader (``mark``:
        keep the position before it, so an undo can rewind to it)."""
        state = self._state
        step = len(state.history())
        actor = state.current_player
        seen = {r: state.action_seen_by(action, r) for r in self.readers}
        if mark:
            self._marks.append((state.clone(), dict(self._views)))
        else:
            self._marks.clear()  # a gap: no rewind past it
        state.apply(action)
        self._actors.append(actor)
        for reader in self.readers:
            self._seen[reader].append(seen[reader])
        for reader in self.readers:
            before = self._views[reader]
            after = state.view(reader)
            told = self.narrator.tell(before, after, actor, seen[reader])
            if told is not None:
                seat = None if actor < 0 else actor
                line = Line(step, seat, told.text, told.kind, seen[reader])
                self._stories[reader].append(line)
            self._views[reader] = after

    def rewind(self, length: int) -> bool:
        """Forget the steps from ``length`` on (an undo). False when they are further back
        than the chronicle remembers positions (tell the game again from the start)."""
        back = self.length - length
        if back <= 0:
            return True  # not told that far yet: nothing to forget
        if back > len(self._marks):
            return False
        for _ in range(back - 1):
            self._marks.pop()
        self._state, self._views = self._marks.pop()
        del self._actors[length:]
        for reader in self.readers:
            del self._seen[reader][length:]
            lines = self._stories[reader]
            while lines and lines[-1].step >= length:
                lines.pop()
        return True

    def actor(self, step: int) -> int:
        """Who played ``step``: a seat, or CHANCE."""
        return self._actors[step]

    def recent(
        self, reader: int | None, until: int | None = None, limit: int = 40
    ) -> list[dict[str, Any]]:
        """The latest steps (of the first ``until``) as ``reader`` saw them, for showing the
        last move on the board: everything after the reader's own last decision (a
        spectator: the last decision and what followed it), at most ``limit`` steps, oldest
        first."""
        end = self.length if until is None else min(until, self.length)
        steps: list[int] = []
        for step in range(end - 1, max(-1, end - 1 - limit), -1):
            actor = self._actors[step]
            if reader is not None and actor == reader:
                break
            steps.append(step)
            if reader is None and actor >= 0:
                break
        return [
            {
                "step": step,
                "seat": None if self._actors[step] < 0 else self._actors[step],
                "action": self._seen[reader][step],
            }
            for step in reversed(steps)
        ]

    def story(self, reader: int | None, until: int | None = None) -> list[Line]:
        """``reader``'s lines (of the first ``until`` actions; all by default)."""
        lines = self._stories[reader]
        if until is None:
            return list(lines)
        return [line for line in lines if line.step < until]


def apply_and_tell(state: State, action: str, reader: int | None) -> Told | None:
    """Apply ``action`` to ``state`` and tell it to ``reader`` as the clients do (the action
    as the reader saw it, between the reader's views)."""
    before = state.view(reader)
    actor = state.current_player
    seen = state.action_seen_by(action, reader)
    state.apply(action)
    return state.game.narrator().tell(before, state.view(reader), actor, seen)


def chronicle(game: Game, history: Sequence[str]) -> Chronicle:
    """A chronicle of ``history`` told to every seat and the spectators."""
    told = Chronicle(game)
    told.follow(history)
    return told
