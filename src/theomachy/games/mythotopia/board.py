"""Mythotopia's board: 40 provinces and 4 sea areas from ``content/map.toml``, validated on load.

:func:`load_map` reads and checks a map file (fields, cross-references, symmetry, counts) and
returns a :class:`Board`; :func:`board` is the shipped map, loaded once. A ``Board`` numbers
provinces ``0..39`` and seas ``0..3`` by sorted id and answers the rules' questions with
integer-indexed tuples: land neighbours and the kind of each border, the seas on a province's
shore and the provinces on a sea's, islands, rugged terrain, neutral strengths, card symbols
and where a Ship card can carry an invasion.

Rules text the board encodes (rulebook, "Terrain Effects" and "Invade a province"):
hills cost one more food to invade across and one more stone to build a road across;
mountains can be neither invaded nor built across; rugged terrain gives a *player* defender +1
(a neutral's printed strength already includes it); only ships go in sea areas; the large
island (3 provinces) and the small one (2) count for "Lord of the Isles". Card effects that
bend these (Ranger, Portal) belong to the rules, not to the board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from theomachy.engine.content import ContentError, package_file, read_toml, validate

BorderKind = Literal["plain", "hills", "mountains"]
Symbol = Literal["army", "food", "stone", "gold"]
Island = Literal["large", "small"]
Slug = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]

# What the data says and the component list confirms: a map that differs is a broken file,
# not a variant board, so the loader refuses it.
PROVINCE_COUNT = 40
SEA_COUNT = 4
SYMBOL_COUNTS: Mapping[Symbol, int] = MappingProxyType(
    {"army": 12, "food": 11, "stone": 9, "gold": 8}
)
ISLAND_SIZES: Mapping[Island, int] = MappingProxyType({"large": 3, "small": 2})
# "You could invade across two sea areas if you played two such cards": the most the rulebook
# describes, hence the routes precomputed by Board.
MAX_SHIP_SEAS = 2


def _duplicates(values: Sequence[str]) -> list[str]:
    return sorted({value for value in values if values.count(value) > 1})


class Province(BaseModel):
    """A province as written in the map file (ids, not indices)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Slug
    name: str = Field(min_length=1)
    symbol: Symbol
    neutral_strength: int = Field(ge=1, le=9)  # the circle: Military Strength while neutral
    rugged: bool
    island: Island | None = None  # None: on the mainland
    seas: tuple[Slug, ...]  # sea areas this province touches
    borders: dict[Slug, BorderKind]  # land neighbour id -> kind of the border between them

    @model_validator(mode="after")
    def _no_repeated_sea(self) -> Province:
        repeated = _duplicates(self.seas)
        if repeated:
            raise ValueError(f"seas listed twice: {repeated}")
        return self


class Sea(BaseModel):
    """A sea area as written in the map file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Slug
    name: str = Field(min_length=1)
    touches: tuple[Slug, ...]  # other sea areas it touches (a ship sails from one to the next)
    coasts: tuple[Slug, ...]  # provinces on its shore

    @model_validator(mode="after")
    def _no_repeated_entry(self) -> Sea:
        for field, values in (("touches", self.touches), ("coasts", self.coasts)):
            repeated = _duplicates(values)
            if repeated:
                raise ValueError(f"{field}: listed twice: {repeated}")
        return self


class _ProvinceSection(BaseModel):
    # The file minus its seas: validated apart so that messages name entries of each list.
    model_config = ConfigDict(extra="forbid")

    provinces: list[Province] = Field(min_length=1)


class _SeaSection(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seas: list[Sea] = Field(min_length=1)


def _problems(provinces: Sequence[Province], seas: Sequence[Sea]) -> list[str]:
    """Every cross-reference, symmetry and count problem, each naming entry and field."""
    problems: list[str] = []
    ids = [p.id for p in provinces] + [s.id for s in seas]
    repeated = _duplicates(ids)
    if repeated:
        # Later checks look entries up by id: they would report nonsense.
        return [f"duplicate ids {repeated}"]
    land = {p.id: p for p in provinces}
    water = {s.id: s for s in seas}

    for p in provinces:
        where = f"province {p.id!r}, field"
        for other, kind in p.borders.items():
            if other == p.id:
                problems.append(f"{where} borders.{other}: a province cannot border itself")
            elif other in water:
                problems.append(f"{where} borders.{other}: {other!r} is a sea; list it in seas")
            elif other not in land:
                problems.append(f"{where} borders.{other}: unknown province {other!r}")
            elif p.id not in land[other].borders:
                problems.append(
                    f"{where} borders.{other}: {other!r} does not list {p.id!r} back "
                    "(borders are listed from both sides)"
                )
            elif land[other].borders[p.id] != kind:
                problems.append(
                    f"{where} borders.{other}: {kind!r} here but "
                    f"{land[other].borders[p.id]!r} in {other!r}"
                )
        for sea in p.seas:
            if sea not in water:
                problems.append(f"{where} seas: unknown sea {sea!r}")
            elif p.id not in water[sea].coasts:
                problems.append(f"{where} seas: sea {sea!r} does not list {p.id!r} in its coasts")
        if p.island is not None:
            # An island is reached only by sea: a land border off it means a wrong island mark.
            for other in p.borders:
                if other in land and land[other].island != p.island:
                    problems.append(
                        f"{where} island: {p.island!r} island, but borders {other!r} by land"
                    )
            if not p.seas:
                problems.append(f"{where} seas: an island province must touch a sea")

    for s in seas:
        where = f"sea {s.id!r}, field"
        if not s.coasts:
            problems.append(f"{where} coasts: the sea borders no province")
        for coast in s.coasts:
            if coast not in land:
                problems.append(f"{where} coasts: unknown province {coast!r}")
            elif s.id not in land[coast].seas:
                problems.append(f"{where} coasts: province {coast!r} does not list {s.id!r}")
        for other in s.touches:
            if other == s.id:
                problems.append(f"{where} touches: a sea cannot touch itself")
            elif other not in water:
                problems.append(f"{where} touches: unknown sea {other!r}")
            elif s.id not in water[other].touches:
                problems.append(f"{where} touches: {other!r} does not list {s.id!r} back")

    if len(provinces) != PROVINCE_COUNT:
        problems.append(f"{len(provinces)} provinces, the board has {PROVINCE_COUNT}")
    if len(seas) != SEA_COUNT:
        problems.append(f"{len(seas)} seas, the board has {SEA_COUNT}")
    for symbol, count in SYMBOL_COUNTS.items():
        have = sum(p.symbol == symbol for p in provinces)
        if have != count:
            problems.append(f"{have} provinces with symbol {symbol!r}, the board has {count}")
    for island, size in ISLAND_SIZES.items():
        have = sum(p.island == island for p in provinces)
        if have != size:
            problems.append(f"{have} provinces on the {island} island, the board has {size}")
    return problems


def load_map(path: Path | str) -> Board:
    """Load and validate a map file; :class:`ContentError` naming file, entry and field."""
    data: dict[str, Any] = read_toml(path)
    provinces = validate(
        path,
        {key: value for key, value in data.items() if key != "seas"},
        _ProvinceSection,
        "provinces",
    ).provinces
    sea_part = {"seas": data["seas"]} if "seas" in data else {}
    seas = validate(path, sea_part, _SeaSection, "seas").seas
    problems = _problems(provinces, seas)
    if problems:
        raise ContentError(f"{path}: " + "; ".join(problems))
    return Board(provinces, seas)


@cache
def board() -> Board:
    """The shipped map, loaded and validated once."""
    return load_map(package_file("theomachy.games.mythotopia", "content/map.toml"))


class Board:
    """The validated map, numbered for the rules: provinces and seas by sorted id.

    Build one with :func:`load_map` or :func:`board` (the constructor trusts its input). Every
    per-province or per-sea table is a tuple indexed by number; nothing here changes after
    construction, so one board is shared by every game state.
    """

    __slots__ = (
        "_kind",
        "_neighbours",
        "_routes",
        "island",
        "islands",
        "names",
        "neutral_strength",
        "province_index",
        "province_seas",
        "provinces",
        "rugged",
        "sea_coasts",
        "sea_index",
        "sea_names",
        "sea_touches",
        "seas",
        "symbol",
    )

    def __init__(self, provinces: Sequence[Province], seas: Sequence[Sea]) -> None:
        self.provinces: tuple[Province, ...] = tuple(sorted(provinces, key=lambda p: p.id))
        self.seas: tuple[Sea, ...] = tuple(sorted(seas, key=lambda s: s.id))
        self.province_index: Mapping[str, int] = MappingProxyType(
            {p.id: i for i, p in enumerate(self.provinces)}
        )
        self.sea_index: Mapping[str, int] = MappingProxyType(
            {s.id: i for i, s in enumerate(self.seas)}
        )
        pi, si = self.province_index, self.sea_index
        self.names: tuple[str, ...] = tuple(p.name for p in self.provinces)
        self.sea_names: tuple[str, ...] = tuple(s.name for s in self.seas)
        self.symbol: tuple[Symbol, ...] = tuple(p.symbol for p in self.provinces)
        self.neutral_strength: tuple[int, ...] = tuple(p.neutral_strength for p in self.provinces)
        self.rugged: tuple[bool, ...] = tuple(p.rugged for p in self.provinces)
        self.island: tuple[Island | None, ...] = tuple(p.island for p in self.provinces)
        self.islands: Mapping[Island, tuple[int, ...]] = MappingProxyType(
            {
                name: tuple(i for i, p in enumerate(self.provinces) if p.island == name)
                for name in ISLAND_SIZES
            }
        )
        self._kind: tuple[Mapping[int, BorderKind], ...] = tuple(
            MappingProxyType({pi[q]: kind for q, kind in sorted(p.borders.items())})
            for p in self.provinces
        )
        self._neighbours: tuple[tuple[tuple[int, BorderKind], ...], ...] = tuple(
            tuple(sorted(kinds.items())) for kinds in self._kind
        )
        self.province_seas: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(si[s] for s in p.seas)) for p in self.provinces
        )
        self.sea_coasts: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(pi[c] for c in s.coasts)) for s in self.seas
        )
        self.sea_touches: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(si[t] for t in s.touches)) for s in self.seas
        )
        # Invasions ask for sea routes often (legal-move generation): precompute 1 and 2 seas.
        self._routes: dict[int, tuple[Mapping[int, int], ...]] = {
            k: tuple(MappingProxyType(self._sea_routes(p, k)) for p in range(len(self.provinces)))
            for k in range(1, MAX_SHIP_SEAS + 1)
        }

    def __repr__(self) -> str:
        return f"Board({len(self.provinces)} provinces, {len(self.seas)} seas)"

    def index(self, province_id: str) -> int:
        """A province's number from its id (``KeyError`` naming the id if unknown)."""
        try:
            return self.province_index[province_id]
        except KeyError:
            raise KeyError(f"unknown province {province_id!r}") from None

    def land_neighbours(self, p: int) -> tuple[tuple[int, BorderKind], ...]:
        """Provinces sharing a land border with ``p``, with the border's kind, by number."""
        return self._neighbours[p]

    def border_kind(self, p: int, q: int) -> BorderKind | None:
        """The kind of the land border between ``p`` and ``q``; None if they share none."""
        return self._kind[p].get(q)

    def crossable(self, p: int, q: int) -> bool:
        """Whether an army may invade (or a road be built) from ``p`` to ``q`` over land.

        True for a plain or hills border, False across mountains or where there is no land
        border (a sea crossing is :meth:`sea_routes`'s business).
        """
        kind = self._kind[p].get(q)
        return kind is not None and kind != "mountains"

    def hill_between(self, p: int, q: int) -> bool:
        """Whether ``p`` and ``q`` share a hills border (+1 food to invade, +1 stone to build)."""
        return self._kind[p].get(q) == "hills"

    def sea_routes(self, p: int, max_seas: int = MAX_SHIP_SEAS) -> Mapping[int, int]:
        """Provinces an invasion from ``p`` can reach across at most ``max_seas`` sea areas.

        Returns ``{province: fewest seas crossed}`` (one Ship card per sea), ``p`` excluded.

        The reading of the rulebook ("Invade a province", the Ship card): the Province card
        played names ``p``; "across one sea area" means ``p`` and the target both border the
        same sea; "across two sea areas" means ``p`` borders one sea, the target borders a
        second, and the two seas touch (a ship sails from one into the next: the map's sea
        adjacency, ``Sea.touches``). Landing on a province on the way is not a crossing:
        that would be two invasions. With this map only the Beast and Serpent seas touch, so
        two-sea routes link their shores and the inland seas give one-sea routes only.

        Land neighbours on a shared sea are included (Palmain reaches Nusus by land and across
        the Serpent Sea): crossing by sea crosses no land border, so hills and mountains do not
        apply; whether the rules let an invader choose that is for the rules to rule on.
        The rulebook's example (Palmain with one Ship card: "Ictus, Kinabra or Aporia") names
        only some of the provinces this map puts on the Serpent Sea.
        """
        if max_seas < 0:
            raise ValueError(f"max_seas must be 0 or more, not {max_seas}")
        routes = self._routes.get(max_seas)
        if routes is not None:
            return routes[p]
        return MappingProxyType(self._sea_routes(p, max_seas))

    def _sea_routes(self, p: int, max_seas: int) -> dict[int, int]:
        # Breadth-first over the sea graph from the seas on p's shore: sea -> seas crossed.
        distance = dict.fromkeys(self.province_seas[p], 1)
        frontier = list(distance)
        while frontier:
            following = []
            for sea in frontier:
                if distance[sea] >= max_seas:
                    continue
                for other in self.sea_touches[sea]:
                    if other not in distance:
                        distance[other] = distance[sea] + 1
                        following.append(other)
            frontier = following
        reached: dict[int, int] = {}
        for sea, crossed in distance.items():
            if crossed > max_seas:
                continue
            for q in self.sea_coasts[sea]:
                if q != p and crossed < reached.get(q, max_seas + 1):
                    reached[q] = crossed
        return dict(sorted(reached.items()))
