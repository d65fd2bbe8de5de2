"""The map's schematic layout (content/layout.toml): every province and sea placed, spaced
apart, islands off the coast, lines clear of other centres; the loader's checks; the catalog
entry the browser draws the map from."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from theomachy.engine.content import ContentError, package_file
from theomachy.games.mythotopia.board import board
from theomachy.games.mythotopia.layout import (
    Layout,
    generate,
    layout,
    load_layout,
    map_catalog,
    to_toml,
)

MIN_PROVINCE_GAP = 90.0  # centre to centre: a province is drawn about 30 units round
MIN_SEA_GAP = 100.0  # a sea's centre to any other centre
LINE_CLEARANCE = 42.0  # a border or coast line to any third centre

Point = tuple[float, float]


def positions(found: Layout) -> dict[str, Point]:
    return {
        **{key: (p.x, p.y) for key, p in found.provinces.items()},
        **{key: (p.x, p.y) for key, p in found.seas.items()},
    }


def segment_gap(point: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(point[0] - a[0] - t * dx, point[1] - a[1] - t * dy)


def convex_hull(points: list[Point]) -> list[Point]:
    points = sorted(set(points))

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    upper: list[Point] = []
    for p in points:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(points):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def inside(point: Point, hull: list[Point]) -> bool:
    """Strictly inside a counter-clockwise convex polygon."""
    for a, b in zip(hull, hull[1:] + hull[:1], strict=True):
        if (b[0] - a[0]) * (point[1] - a[1]) - (b[1] - a[1]) * (point[0] - a[0]) <= 0:
            return False
    return True


def check_spacing(found: Layout) -> None:
    shape = board()
    where = positions(found)
    provinces = sorted(found.provinces)
    for i, a in enumerate(provinces):
        for b in provinces[i + 1 :]:
            gap = math.dist(where[a], where[b])
            assert gap >= MIN_PROVINCE_GAP, (a, b, gap)
    for sea in found.seas:
        for other in where:
            if other != sea:
                gap = math.dist(where[sea], where[other])
                assert gap >= MIN_SEA_GAP, (sea, other, gap)
    lines = {tuple(sorted((p.id, q))) for p in shape.provinces for q in p.borders}
    lines |= {(p.id, s) for p in shape.provinces for s in p.seas}
    for a, b in lines:
        for other, point in where.items():
            if other not in (a, b):
                gap = segment_gap(point, where[a], where[b])
                assert gap >= LINE_CLEARANCE, (a, b, other, gap)


def test_every_province_and_sea_is_placed_inside_the_box() -> None:
    shape = board()
    found = layout()
    assert set(found.provinces) == {p.id for p in shape.provinces}
    assert set(found.seas) == {s.id for s in shape.seas}
    for x, y in positions(found).values():
        assert 0 <= x <= found.width and 0 <= y <= found.height


def test_provinces_and_seas_are_spaced_apart() -> None:
    check_spacing(layout())


def test_islands_lie_off_the_mainland() -> None:
    shape = board()
    where = positions(layout())
    mainland = convex_hull([where[p.id] for p in shape.provinces if p.island is None])
    for p in shape.provinces:
        if p.island is not None:
            assert not inside(where[p.id], mainland), p.id
    # The inland seas lie within the mainland.
    for sea in ("inland1", "inland2"):
        assert inside(where[sea], mainland), sea


def test_the_generator_is_deterministic_and_keeps_the_spacing() -> None:
    first = generate()
    assert generate() == first
    check_spacing(first)
    assert generate(seed=7) != first


def test_the_shipped_file_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "layout.toml"
    path.write_text(to_toml(layout()), encoding="utf-8")
    assert load_layout(path) == layout()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "layout.toml"
    path.write_text(text, encoding="utf-8")
    return path


def shipped_text() -> str:
    return package_file("theomachy.games.mythotopia", "content/layout.toml").read_text("utf-8")


def test_a_missing_province_is_refused(tmp_path: Path) -> None:
    text = "\n".join(line for line in shipped_text().splitlines() if not line.startswith("blore "))
    with pytest.raises(ContentError, match=r"provinces without a position: \['blore'\]"):
        load_layout(write(tmp_path, text))


def test_a_missing_sea_or_an_unknown_id_is_refused(tmp_path: Path) -> None:
    text = shipped_text().replace("serpent = ", "atlantis = ")
    with pytest.raises(ContentError, match="seas without a position: \\['serpent'\\]") as error:
        load_layout(write(tmp_path, text))
    assert "unknown seas: ['atlantis']" in str(error.value)


def test_a_point_outside_the_box_or_a_bad_field_is_refused(tmp_path: Path) -> None:
    text = shipped_text()
    width = layout().width
    outside = text.replace("blore = { x = ", f"blore = {{ x = {width + 5}, z = ", 1)
    with pytest.raises(ContentError, match=r"layout\.toml: .*provinces\.blore\.z"):
        load_layout(write(tmp_path, outside))
    moved = "\n".join(
        f"blore = {{ x = {width + 5}, y = 10 }}" if line.startswith("blore ") else line
        for line in text.splitlines()
    )
    with pytest.raises(ContentError, match=r"outside the .* box: \['blore'\]"):
        load_layout(write(tmp_path, moved))
    with pytest.raises(ContentError, match="not found"):
        load_layout(tmp_path / "nothing.toml")


def test_the_map_catalog_entry() -> None:
    entry = map_catalog()
    json.dumps(entry)  # served to the browser as JSON
    shape = board()
    assert entry["kind"] == "map"
    assert (entry["width"], entry["height"]) == (layout().width, layout().height)
    assert set(entry["provinces"]) == {p.id for p in shape.provinces}
    assert set(entry["seas"]) == {s.id for s in shape.seas}
    blore = entry["provinces"]["blore"]
    assert blore["name"] == "Blore" and blore["neutral_strength"] == 4 and blore["rugged"]
    assert blore["borders"]["quean"] == "hills"
    assert (blore["x"], blore["y"]) == (
        layout().provinces["blore"].x,
        layout().provinces["blore"].y,
    )
    assert entry["provinces"]["nesh"]["island"] == "large"
    assert entry["seas"]["beast"]["touches"] == ["serpent"]
    assert "nesh" in entry["seas"]["serpent"]["coasts"]
