"""Where each province and sea area is drawn: a schematic layout of Mythotopia's map.

The map file (``content/map.toml``) says which provinces border which, but not where they
lie. Renderers that draw the board need positions, so ``content/layout.toml`` gives each
province and sea area a point (SVG user units, origin top left, y down) inside a
``width`` x ``height`` box. The positions are presentation only: no rule reads them.

:func:`load_layout` reads and validates a layout against the board (every province and sea
placed, nothing unknown, every point inside the box); :func:`layout` is the shipped one,
loaded once; :func:`map_catalog` is the board and its layout as one JSON-ready entry for the
game's catalog (``catalog()["map"]``), which the browser imports.

The shipped file was computed by :func:`generate` (``python -m
theomachy.games.mythotopia.layout``): stress majorization over the map's graph (a land border
and a coast count as one step, two touching seas as 1.6), from a seeded start, so the same
board always gives the same layout; islands then sit off the coast next to their seas because
seas are their only links. Pairs drawn too close are pushed apart, and the result is scaled
to the box. It was checked by eye, and ``tests/games/mythotopia/test_layout.py`` checks the
spacing.
"""

from __future__ import annotations

import math
import random
import sys
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from theomachy.engine.content import ContentError, package_file, read_toml
from theomachy.games.mythotopia.board import Board, board

Slug = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]

# The generator's parameters: one map step in user units (before the horizontal stretch),
# the margin round the drawing, and the closest two centres may be (in steps).
STEP = 112.0
STRETCH = 1.2  # screens are wider than tall
MARGIN = 80.0
MIN_PROVINCES = 0.9
MIN_SEA = 1.05
CLEARANCE = 0.42  # how near a border or coast line may pass to a third centre (in steps)
SEA_STEP = 1.6  # two touching seas, in map steps
SEED = 2014
ITERATIONS = 600


class Point(BaseModel):
    """A position in the layout's box."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    x: float = Field(ge=0)
    y: float = Field(ge=0)


class Layout(BaseModel):
    """The box and a point for each province and sea area, by id."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    width: int = Field(gt=0)
    height: int = Field(gt=0)
    provinces: dict[Slug, Point]
    seas: dict[Slug, Point]

    @model_validator(mode="after")
    def _inside(self) -> Layout:
        outside = [
            key
            for key, point in (*self.provinces.items(), *self.seas.items())
            if point.x > self.width or point.y > self.height
        ]
        if outside:
            raise ValueError(f"outside the {self.width}x{self.height} box: {sorted(outside)}")
        return self


def _problems(found: Layout, shape: Board) -> list[str]:
    problems: list[str] = []
    for kind, placed, known in (
        ("province", found.provinces, [p.id for p in shape.provinces]),
        ("sea", found.seas, [s.id for s in shape.seas]),
    ):
        missing = sorted(set(known) - set(placed))
        unknown = sorted(set(placed) - set(known))
        if missing:
            problems.append(f"{kind}s without a position: {missing}")
        if unknown:
            problems.append(f"unknown {kind}s: {unknown}")
    return problems


def load_layout(path: Path | str, shape: Board | None = None) -> Layout:
    """Load and validate a layout file against a board (the shipped one by default);
    :class:`ContentError` naming the file and the problem."""
    data: dict[str, Any] = read_toml(path)
    try:
        found = Layout.model_validate(data)
    except ValidationError as error:
        problems = [
            f"{'.'.join(str(part) for part in e['loc']) or '(top level)'}: {e['msg']}"
            for e in error.errors()
        ]
        raise ContentError(f"{path}: " + "; ".join(problems)) from None
    problems = _problems(found, shape or board())
    if problems:
        raise ContentError(f"{path}: " + "; ".join(problems))
    return found


@cache
def layout() -> Layout:
    """The shipped layout, loaded and validated once."""
    return load_layout(package_file("theomachy.games.mythotopia", "content/layout.toml"))


def map_catalog() -> dict[str, Any]:
    """The board and its layout for clients that draw the map (JSON-ready): the box, and
    each province (name, symbol, neutral strength, rugged, island, seas, borders with their
    kind, position) and sea area (name, touching seas, coasts, position) by id."""
    shape, where = board(), layout()
    return {
        "kind": "map",
        "width": where.width,
        "height": where.height,
        "provinces": {
            p.id: {
                "name": p.name,
                "symbol": p.symbol,
                "neutral_strength": p.neutral_strength,
                "rugged": p.rugged,
                "island": p.island,
                "seas": list(p.seas),
                "borders": dict(sorted(p.borders.items())),
                "x": where.provinces[p.id].x,
                "y": where.provinces[p.id].y,
            }
            for p in shape.provinces
        },
        "seas": {
            s.id: {
                "name": s.name,
                "touches": list(s.touches),
                "coasts": list(s.coasts),
                "x": where.seas[s.id].x,
                "y": where.seas[s.id].y,
            }
            for s in shape.seas
        },
    }


# --- computing a layout (run once; the result is content) ------------------------------------


def _graph_distances(shape: Board) -> tuple[list[str], list[list[float]]]:
    """Shortest path lengths between all provinces and seas (a border or coast is 1)."""
    nodes = [p.id for p in shape.provinces] + [s.id for s in shape.seas]
    index = {node: i for i, node in enumerate(nodes)}
    count = len(nodes)
    dist = [[math.inf] * count for _ in range(count)]
    for i in range(count):
        dist[i][i] = 0.0

    def link(a: str, b: str, length: float) -> None:
        i, j = index[a], index[b]
        dist[i][j] = dist[j][i] = min(dist[i][j], length)

    for p in shape.provinces:
        for other in p.borders:
            link(p.id, other, 1.0)
        for sea in p.seas:
            link(p.id, sea, 1.0)
    for s in shape.seas:
        for other in s.touches:
            link(s.id, other, SEA_STEP)
    for k in range(count):
        row_k = dist[k]
        for i in range(count):
            via = dist[i][k]
            if via == math.inf:
                continue
            row_i = dist[i]
            for j in range(count):
                if via + row_k[j] < row_i[j]:
                    row_i[j] = via + row_k[j]
    return nodes, dist


def _stress(dist: list[list[float]], seed: int, iterations: int) -> list[list[float]]:
    """Stress majorization (weights 1/d², localized updates) from a seeded random start."""
    rng = random.Random(seed)
    count = len(dist)
    pos = [[rng.uniform(-3, 3), rng.uniform(-3, 3)] for _ in range(count)]
    for _ in range(iterations):
        for i in range(count):
            sx = sy = sw = 0.0
            xi, yi = pos[i]
            for j in range(count):
                if i == j:
                    continue
                target = dist[i][j]
                weight = target**-2
                dx, dy = xi - pos[j][0], yi - pos[j][1]
                length = math.hypot(dx, dy) or 1e-9
                sx += weight * (pos[j][0] + target * dx / length)
                sy += weight * (pos[j][1] + target * dy / length)
                sw += weight
            pos[i] = [sx / sw, sy / sw]
    return pos


def _spread(pos: list[list[float]], provinces: int) -> None:
    """Push apart pairs closer than the minimum (seas need more room than provinces)."""
    count = len(pos)
    for _ in range(500):
        moved = False
        for i in range(count):
            for j in range(i + 1, count):
                least = MIN_PROVINCES if i < provinces and j < provinces else MIN_SEA
                dx, dy = pos[j][0] - pos[i][0], pos[j][1] - pos[i][1]
                length = math.hypot(dx, dy) or 1e-9
                if length < least:
                    push = (least - length) / 2 + 1e-6
                    ux, uy = dx / length, dy / length
                    pos[i][0] -= ux * push
                    pos[i][1] -= uy * push
                    pos[j][0] += ux * push
                    pos[j][1] += uy * push
                    moved = True
        if not moved:
            return


def _segment_gap(point: list[float], a: list[float], b: list[float]) -> tuple[float, float, float]:
    """Distance from ``point`` to the segment ``a``-``b``, and the unit vector from the
    segment's nearest point towards ``point``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy or 1e-9
    t = max(0.0, min(1.0, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / span))
    ox, oy = point[0] - a[0] - t * dx, point[1] - a[1] - t * dy
    gap = math.hypot(ox, oy) or 1e-9
    return gap, ox / gap, oy / gap


def _clear(pos: list[list[float]], lines: list[tuple[int, int]], provinces: int) -> None:
    """Move centres off the border and coast lines that pass too near them (the line's ends
    give way a little too), keeping the spacing of :func:`_spread`."""
    for _ in range(200):
        moved = False
        for a, b in lines:
            for r in range(len(pos)):
                if r in (a, b):
                    continue
                gap, ux, uy = _segment_gap(pos[r], pos[a], pos[b])
                if gap < CLEARANCE:
                    push = CLEARANCE - gap + 1e-6
                    pos[r][0] += ux * push * 0.6
                    pos[r][1] += uy * push * 0.6
                    for end in (a, b):
                        pos[end][0] -= ux * push * 0.2
                        pos[end][1] -= uy * push * 0.2
                    moved = True
        _spread(pos, provinces)
        if not moved:
            return


def generate(shape: Board | None = None, seed: int = SEED) -> Layout:
    """Compute a layout for a board (deterministic for a seed)."""
    shape = shape or board()
    nodes, dist = _graph_distances(shape)
    pos = _stress(dist, seed, ITERATIONS)
    _spread(pos, len(shape.provinces))
    index = {node: i for i, node in enumerate(nodes)}
    lines = sorted(
        {
            (min(index[p.id], index[other]), max(index[p.id], index[other]))
            for p in shape.provinces
            for other in p.borders
        }
        | {(index[p.id], index[sea]) for p in shape.provinces for sea in p.seas}
    )
    _clear(pos, lines, len(shape.provinces))
    # Put the outer seas (those touching another sea) on the left, as on the first run.
    outer = [i for i, node in enumerate(nodes) if node in {s.id for s in shape.seas if s.touches}]
    mean_x = sum(p[0] for p in pos) / len(pos)
    if outer and sum(pos[i][0] for i in outer) / len(outer) > mean_x:
        for p in pos:
            p[0] = -p[0]
    xs = [p[0] * STEP * STRETCH for p in pos]
    ys = [p[1] * STEP for p in pos]
    left, top = min(xs) - MARGIN, min(ys) - MARGIN
    points = {
        node: Point(x=round(x - left), y=round(y - top))
        for node, x, y in zip(nodes, xs, ys, strict=True)
    }
    width = math.ceil(max(xs) - left + MARGIN)
    height = math.ceil(max(ys) - top + MARGIN)
    province_ids = {p.id for p in shape.provinces}
    return Layout(
        width=width,
        height=height,
        provinces={k: v for k, v in points.items() if k in province_ids},
        seas={k: v for k, v in points.items() if k not in province_ids},
    )


def to_toml(found: Layout) -> str:
    """A layout as the TOML text of ``content/layout.toml``."""

    def entry(key: str, point: Point) -> str:
        return f"{key} = {{ x = {point.x:g}, y = {point.y:g} }}"

    lines = [
        "# Mythotopia -- where the map is drawn: a schematic position (SVG user units, origin",
        "# top left, y down) for each province and sea area of map.toml. Presentation only;",
        "# validated on load by theomachy.games.mythotopia.layout, which also computed it",
        "# (python -m theomachy.games.mythotopia.layout): stress majorization of the border",
        "# graph from a seeded start, close pairs pushed apart; then checked by eye.",
        "",
        f"width = {found.width}",
        f"height = {found.height}",
        "",
        "[provinces]",
        *(entry(key, found.provinces[key]) for key in sorted(found.provinces)),
        "",
        "[seas]",
        *(entry(key, found.seas[key]) for key in sorted(found.seas)),
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    """Write a freshly computed layout to the given path (default: print it)."""
    text = to_toml(generate())
    if argv:
        Path(argv[0]).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
