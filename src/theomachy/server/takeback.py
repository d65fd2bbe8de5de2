"""Rebuilding a table, and the moves its seat may still take back, from the stored log.

A live table keeps the positions before the latest moves of the seat to play that the game
calls safe to take back (see ``TableService._note_takeback``). Those positions are not stored:
after a restart, or when a table is loaded again, they are found anew from the log and the
actor of each entry, by the same rule the live table follows."""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass, field

from theomachy.engine.core import Game, State, apply_saved

# The most moves a seat may take back in one turn (within what a chronicle can rewind).
MAX_TAKEBACK = 30


@dataclass
class Rebuilt:
    """A table's position, and the positions its seat to play may go back to (oldest first)."""

    state: State
    takeback: list[State] = field(default_factory=list)
    seat: int | None = None


def trailing_moves(actors: Sequence[int], seat: int, limit: int = MAX_TAKEBACK) -> int:
    """How many of the log's last entries ``seat`` chose in a row (at most ``limit``)."""
    count = 0
    for actor in reversed(actors):
        if actor != seat or count >= limit:
            break
        count += 1
    return count


def rebuild(
    game: Game, actions: Sequence[str], actors: Sequence[int], driven: Container[int]
) -> Rebuilt:
    """Replay ``actions`` once, keeping a copy of the position before each of the latest run
    of moves by the seat to play (a person's seat, not one in ``driven``), where the game says
    the move may be taken back; an unsafe move in that run forgets the copies before it.

    ``actors`` gives each entry's seat (-1 for chance); a log without them (older tables)
    gives nothing to take back."""
    state = game.new_game()
    if len(actors) != len(actions):
        actors = ()
    # The seat to play is only known at the end, so the run's candidates are every trailing
    # entry by one seat; copies are made only inside that run (at most MAX_TAKEBACK).
    last = actors[-1] if actors else -1
    run = trailing_moves(actors, last) if last >= 0 and last not in driven else 0
    start = len(actions) - run
    for index in range(start):
        apply_saved(state, index, actions[index])
    takeback: list[State] = []
    for index in range(start, len(actions)):
        action = actions[index]
        if state.current_player != last:  # the log is not what the actors say: keep nothing
            takeback.clear()
        elif state.undo_safe(action):
            takeback.append(state.clone())
        else:
            takeback.clear()
        apply_saved(state, index, action)
    if state.current_player != last or not takeback:
        return Rebuilt(state)
    return Rebuilt(state, takeback, last)
