"""Mythic Battles: checking the ``armies`` option against the recruitment draft (MB-RECRUIT-4).

Set armies replace the draft, so they must be armies the draft could have made
(MB-RECRUIT-1 to 3): one divinity each, first; no unit twice; within the scenario's RP; and
reachable by picking one unit a turn, anticlockwise from the seat before the lead player,
where a player must recruit while they can afford a unit still free. Anything else gets a
``ValueError`` naming the army and the problem.
"""

from __future__ import annotations

from collections.abc import Sequence

from theomachy.games.mythic_battles.data import Unit, units

UNITS = units()


def check_armies(armies: Sequence[Sequence[str]], players: int, rp: int, lead: int) -> None:
    """Raise ``ValueError`` (prefixed ``mythic-battles: armies:``) unless the draft could
    make ``armies`` with ``rp`` Recruitment Points each and ``lead`` as the lead player."""
    prefix = "mythic-battles: armies:"
    if len(armies) != players:
        raise ValueError(f"{prefix} {len(armies)} armies for {players} players")
    divinities = [u.id for u in UNITS.values() if u.divinity]
    seen: set[str] = set()
    for seat, army in enumerate(armies):
        if not army or army[0] not in divinities:
            raise ValueError(
                f"{prefix} army {seat} must start with a divinity ({', '.join(divinities)})"
            )
        for unit in army:
            if unit not in UNITS:
                raise ValueError(f"{prefix} army {seat}: unknown unit {unit!r}")
            if unit in seen:
                raise ValueError(f"{prefix} {unit!r} is recruited twice")
            seen.add(unit)
        if any(UNITS[u].divinity for u in army[1:]):
            raise ValueError(f"{prefix} army {seat} has more than one divinity")
        cost = sum(UNITS[u].cost for u in army)
        if cost > rp:
            raise ValueError(f"{prefix} army {seat} costs {cost} RP of {rp}")
    problem = draft_problem(armies, rp, lead)
    if problem is not None:
        raise ValueError(f"{prefix} {problem}")


def draft_problem(armies: Sequence[Sequence[str]], rp: int, lead: int) -> str | None:
    """Why no draft makes ``armies`` (each within ``rp``, one divinity first), or None.

    The draft is replayed with each player taking the cheapest unit of their army still to
    recruit. That order decides: a player may stop only when no unit still free is within
    their RP, and taking cheap units first leaves the fewest cheap units free at every
    turn, while it never stops a player (each unit still to recruit fits their RP, since the
    whole army does)."""
    n = len(armies)
    todo = [sorted(army[1:], key=lambda u: (UNITS[u].cost, u)) for army in armies]
    left = [rp - sum(UNITS[u].cost for u in army) for army in armies]
    spent = [0] * n
    free = sorted(
        (u for u in UNITS.values() if not u.divinity),
        key=lambda u: (u.cost, u.id),
    )
    done = [False] * n
    seat = (lead - 1) % n  # MB-RECRUIT-2: the player to the lead player's right first
    while not all(done):
        if not done[seat]:
            budget = rp - spent[seat]
            affordable = [u for u in free if u.cost <= budget]
            if todo[seat]:
                unit = UNITS[todo[seat].pop(0)]
                _take(free, unit)
                spent[seat] += unit.cost
            elif affordable:
                return _must_recruit(seat, left[seat], affordable[0])
            else:
                done[seat] = True  # MB-RECRUIT-3: the rest become omphalos cards
        seat = (seat - 1) % n
    return None


def _take(free: list[Unit], unit: Unit) -> None:
    free[:] = [u for u in free if u.id != unit.id]


def _must_recruit(seat: int, left: int, unit: Unit) -> str:
    return (
        f"army {seat} is complete with {left} RP left while {unit.id!r} ({unit.cost} RP) "
        "can still be recruited at its turn: the draft makes a player recruit while they can "
        "afford a unit still free (MB-RECRUIT-2, MB-RECRUIT-3), so no draft makes this army"
    )
