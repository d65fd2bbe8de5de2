"""What the tuner aims at: an objective written as terms (``factions,seats,length=40..120,
ending:omphalos>=0.25,most:first_pick<=0.5,edits=0.005``) and the loss of a set of games
under it (lower is better; 0 is every target met with no edit).

Terms:

- ``factions[=W]``: the root mean square distance of each faction's win rate from a fair
  share (1/players), times W (default 1).
- ``seats[=W]``: the same for each seat (first-player and lead-seat advantage).
- ``length=LO..HI``: the share of games whose length (actions) falls outside LO..HI.
- ``ending:NAME>=S``: how far the share of decided games ending by NAME falls short of S.
- ``reach:NAME``: 0.05 when no game ends by NAME (a victory condition that never happens).
- ``most:FEATURE<=S``: how far the commonest value of a feature of the whole game (the
  draft's first pick, ``State.features()``) exceeds the share S of the games that have it.
- ``edits=X``: X per tunable changed from its shipped value (default 0.005).
- ``size=X``: X per changed tunable times the change over its range (default 0.01).

Tuned at several player counts (``lab tune --players 2,4``), each count's games are scored
on their own, the distances of win rates measured in units of the first count's fair share
(a point at four players weighs as two at two), and the loss is the mean of the counts'
losses plus the edit penalties once.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from theomachy.engine.overlay import Tunable
from theomachy.lab.metrics import faction_values, game_feature_counts, winner_of

DEFAULT = "factions,seats"
MISSING_ENDING = 0.05
_TERM = re.compile(
    r"^(?:(?P<flag>factions|seats)(?:=(?P<weight>[0-9.]+))?"
    r"|length=(?P<low>\d+)\.\.(?P<high>\d+)"
    r"|ending:(?P<ending>[a-z0-9-]+)>=(?P<share>[0-9.]+)"
    r"|reach:(?P<reach>[a-z0-9-]+)"
    r"|most:(?P<feature>[a-z0-9_]+)<=(?P<most>[0-9.]+)"
    r"|(?P<penalty>edits|size)=(?P<amount>[0-9.]+))$"
)


class Objective(BaseModel):
    """A parsed objective (see the module's docstring)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    factions: float = Field(default=0.0, ge=0, le=100)
    seats: float = Field(default=0.0, ge=0, le=100)
    length: tuple[int, int] | None = None
    endings: dict[str, float] = Field(default_factory=dict)
    reach: tuple[str, ...] = ()
    most: dict[str, float] = Field(default_factory=dict)
    edits: float = Field(default=0.005, ge=0, le=10)
    size: float = Field(default=0.01, ge=0, le=10)
    text: str = DEFAULT


def parse(text: str) -> Objective:
    """An objective from its terms; ``ValueError`` naming the term it cannot read."""
    if len(text) > 500:
        raise ValueError("--objective is longer than 500 characters")
    values: dict[str, Any] = {"endings": {}, "reach": [], "most": {}, "text": text}
    terms = [t.strip() for t in text.split(",") if t.strip()]
    if not terms:
        raise ValueError("--objective names no term (for example: factions,seats)")
    for term in terms:
        match = _TERM.match(term)
        if match is None:
            raise ValueError(
                f"--objective: cannot read {term[:40]!r}; terms: factions[=W], seats[=W], "
                "length=LO..HI, ending:NAME>=SHARE, reach:NAME, most:FEATURE<=SHARE, "
                "edits=X, size=X"
            )
        try:
            if match["flag"]:
                values[match["flag"]] = float(match["weight"] or 1)
            elif match["low"]:
                low, high = int(match["low"]), int(match["high"])
                if low >= high:
                    raise ValueError(f"--objective: length {low}..{high} is empty")
                values["length"] = (low, high)
            elif match["ending"] or match["feature"]:
                share = float(match["share"] or match["most"])
                if not 0 <= share <= 1:
                    raise ValueError(f"--objective: share {share:g} is not from 0 to 1")
                if match["ending"]:
                    values["endings"][match["ending"]] = share
                else:
                    values["most"][match["feature"]] = share
            elif match["reach"]:
                values["reach"].append(match["reach"])
            else:
                values[match["penalty"]] = float(match["amount"])
        except ValueError as error:
            if str(error).startswith("--objective"):
                raise
            raise ValueError(f"--objective: {term[:40]!r} holds a number it cannot read") from None
    values["reach"] = tuple(values["reach"])
    return Objective(**values)


def check_features(objective: Objective, known: set[str]) -> None:
    """``ValueError`` when a ``most`` term names a feature the game does not report."""
    for name in objective.most:
        if name not in known:
            listed = ", ".join(sorted(known)) or "none"
            raise ValueError(f"--objective: the game has no feature {name!r} (features: {listed})")


def check_endings(objective: Objective, known: tuple[str, ...]) -> None:
    """``ValueError`` when the objective names an ending the game does not have."""
    for name in [*objective.endings, *objective.reach]:
        if name not in known:
            listed = ", ".join(known) or "none declared"
            raise ValueError(f"--objective: the game has no ending {name!r} (endings: {listed})")


def faction_rates(rows: list[dict[str, Any]], feature: str) -> dict[str, tuple[float, int]]:
    """Each faction's (score, seats played)."""
    score: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    for row in rows:
        values = faction_values(row, feature)
        if values is None:
            continue
        for seat, value in enumerate(values):
            score[value] += row["returns"][seat]
            count[value] += 1
    return {name: (score[name], count[name]) for name in sorted(count)}


def _rms(deviations: list[float]) -> float:
    return math.sqrt(sum(d * d for d in deviations) / len(deviations)) if deviations else 0.0


def balance(
    rows: list[dict[str, Any]], objective: Objective, faction: str | None, scale_to: int = 0
) -> dict[str, float]:
    """Each balance term's part of the loss of one player count's games (no edit penalty).
    ``scale_to``: the player count whose fair share measures distances (default: these
    games' own), so that at four players a point of distance weighs as two points at two
    (the band is the same share of the fair share, MW-TUNE-3)."""
    parts: dict[str, float] = {}
    players = rows[0]["players"]
    fair = 1 / players
    weight = players / scale_to if scale_to else 1.0
    if objective.factions and faction is not None:
        rates = faction_rates(rows, faction)
        deviations = [s / n - fair for s, n in rates.values()]
        parts["factions"] = objective.factions * weight * _rms(deviations)
    if objective.seats:
        seats = [sum(r["returns"][s] for r in rows) / len(rows) - fair for s in range(players)]
        parts["seats"] = objective.seats * weight * _rms(seats)
    if objective.length is not None:
        low, high = objective.length
        parts["length"] = sum(1 for r in rows if not low <= r["length"] <= high) / len(rows)
    decided = [r for r in rows if winner_of(r) is not None] or rows
    for name, share in objective.endings.items():
        seen = sum(1 for r in decided if r.get("ending") == name) / len(decided)
        parts[f"ending {name}"] = max(0.0, share - seen)
    for name in objective.reach:
        if not any(r.get("ending") == name for r in rows):
            parts[f"reach {name}"] = MISSING_ENDING
    for feature, share in objective.most.items():
        counted = game_feature_counts(rows, feature)
        commonest = counted[0][1] / sum(n for _, n in counted) if counted else 0.0
        parts[f"most {feature}"] = max(0.0, commonest - share)
    return parts


def penalties(
    objective: Objective, changes: dict[str, tuple[int, int]], tunables: dict[str, Tunable]
) -> dict[str, float]:
    """The edit penalties of a candidate: ``changes`` maps a changed tunable to (shipped
    value, candidate value)."""
    if not changes:
        return {}
    return {
        "edits": objective.edits * len(changes),
        "size": objective.size
        * sum(
            abs(new - old) / (tunables[name].high - tunables[name].low)
            for name, (old, new) in changes.items()
        ),
    }


def combined(by_count: dict[int, dict[str, float]], edits: dict[str, float]) -> dict[str, float]:
    """The loss of a candidate measured at one or more player counts: one count's terms as
    they are; several counts' terms as ``pN TERM`` with their mean as the balance part. The
    edit penalties count once, and ``total`` sums the parts."""
    if len(by_count) == 1:
        parts = dict(next(iter(by_count.values())))
        balance_sum = sum(parts.values())
    else:
        parts = {f"p{n} {term}": v for n, terms in by_count.items() for term, v in terms.items()}
        balance_sum = sum(sum(terms.values()) for terms in by_count.values()) / len(by_count)
    parts.update(edits)
    parts["total"] = balance_sum + sum(edits.values())
    return parts


def loss(
    rows: list[dict[str, Any]],
    objective: Objective,
    faction: str | None,
    changes: dict[str, tuple[int, int]],
    tunables: dict[str, Tunable],
) -> dict[str, float]:
    """Each term's part of the loss of one player count's games and their sum (``total``).
    ``changes`` maps a changed tunable to (shipped value, candidate value)."""
    parts = balance(rows, objective, faction)
    return combined({rows[0]["players"]: parts}, penalties(objective, changes, tunables))
