"""The Mythic Battles terminal screen (theomachy/terminal/mythic_battles.py) fits a 120-column
terminal: about 30 lines for two players (it was about 60), under 50 on the 7x7 map with four
armies, no line wider than 120 columns, and nothing a player needs is lost: the map with its
terrain, omphalos and units, each player's side, omphalos, cards and manoeuvres bought, and
under each player their units with where they are, Vitality, stats, talents, power and state.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import theomachy
from terminal_helpers import render
from theomachy.terminal import renderer_for
from theomachy.terminal.mythic_battles import short_names, talent_name

from .scenario import position

GAME = "mythic-battles"
RENDERER = renderer_for(GAME)


def screen(view: dict[str, Any], width: int = 120) -> list[str]:
    return render(RENDERER.position(view), width=width).rstrip("\n").splitlines()


def views(players: int, seed: int, every: int) -> Iterator[dict[str, Any]]:
    """Every ``every``-th position of a seeded game between random bots, for each seat and a
    spectator."""
    final = theomachy.simulate(GAME, players=players, seed=seed)
    state = theomachy.load(GAME, players=players).new_game()
    for k, action in enumerate(final.history()):
        state.apply(action)
        if k % every == 0:
            for player in (None, *range(players)):
                yield state.view(player)


@pytest.mark.parametrize(
    ("players", "seed", "most"), [(2, 0, 35), (2, 5, 35), (3, 1, 45), (4, 2, 50)]
)
def test_the_screen_fits_120_columns(players: int, seed: int, most: int) -> None:
    counts = []
    for view in views(players, seed, 29):
        lines = screen(view)
        # Nothing wraps: drawn 200 wide, no line is wider than 120 and the count is the same.
        wide = screen(view, width=200)
        assert max(len(line.rstrip()) for line in wide) <= 120
        assert len(wide) == len(lines)
        counts.append(len(lines))
    assert max(counts) <= most, counts
    if players == 2:
        assert sum(counts) / len(counts) <= 31  # about half the 60 lines it took before


def test_each_player_is_one_line_with_their_units_under_it() -> None:
    for view in views(2, 5, 97):
        if view["step"] in ("recruit-divinity", "recruit-unit"):
            continue
        lines = screen(view)
        start = next(k for k, line in enumerate(lines) if line.startswith("Players"))
        owner = None
        short = short_names(view)
        by_short = {short[u["id"]]: u for u in view["units"]}
        for line in lines[start + 1 :]:
            if line.startswith("P"):
                owner = int(line[1])
                entry = view["players"][owner]
                flat = " ".join(line.split())
                for fact in (
                    f"side {entry['side']}",
                    f"omphalos {entry['absorbed']}/{view['omphalos_to_win']}",
                    f"hand {entry['hand_count']}",
                    f"deck {entry['deck_count']}",
                    f"discard {len(entry['discard'])}",
                ):
                    assert fact in flat, (fact, flat)
                if entry["bought"]:
                    assert "bought " + ", ".join(entry["bought"]) in flat
            elif line.startswith("   ") and line.split()[0] in by_short:
                unit = by_short[line.split()[0]]
                assert unit["owner"] == owner, line
                flat = " ".join(line.split())
                stats = "/".join(str(unit[k]) for k in ("offence", "defence", "range", "movement"))
                assert unit["name"] in flat and stats in flat, flat
                assert f"{unit['vitality']}/{unit['max_vitality']}" in flat
                assert ("off map" if not unit["area"] else f"area {unit['area']}") in flat
                for talent in unit["talents"]:
                    assert talent_name(talent) in flat, (talent, flat)
                if unit["power_name"]:
                    assert unit["power_name"] in flat
            elif line.startswith("Your hand"):
                break


def test_a_long_player_line_puts_its_manoeuvres_on_a_line_of_their_own() -> None:
    # Four manoeuvres bought with omphalos cards beside them made Hades's line 127 columns.
    state = position(at={"zeus": 7, "hades": 15}, omphalos_cards=[0, 1], seat=1)
    state.bought[1] = ["second", "draw", "search", "recall"]
    state.invalidate_caches()
    for player in (None, 0, 1):
        lines = screen(state.view(player), width=200)
        assert max(len(line.rstrip()) for line in lines) <= 120
        hades = next(k for k, line in enumerate(lines) if line.startswith("P1"))
        assert "bought" not in lines[hades]
        assert lines[hades + 1].split() == ["bought", "second,", "draw,", "search,", "recall"]
    state.bought[1] = ["second"]  # a short line keeps them on it
    state.invalidate_caches()
    lines = screen(state.view(1))
    assert any(line.startswith("P1") and line.rstrip().endswith("bought second") for line in lines)


def test_the_map_shows_units_terrain_and_omphalos_in_their_areas() -> None:
    state = position(
        at={"zeus": 7, "achilles": 13, "hoplites": 13, "medusa": 13, "hades": 15},
        omphalos=[3, 13],
        ruins=[13],
        trees=[2],
    )
    state.pieces["achilles"].carrying = True
    state.pieces["medusa"].petrified_by = 0
    lines = screen(state.view(0))
    text = "\n".join(lines)
    # Area 13 is crowded: its number, omphalos, ruin and three units flow over two lines.
    row = next(k for k, line in enumerate(lines) if "│13 ◎ ruin" in line)
    cells = lines[row] + lines[row + 1]
    for label in ("Ach◎", "Hop", "Med~"):
        assert label in cells, cells
    assert "│ 2 tree" in text and "│ 3 ◎" in text and "│ 7 Zeu" in text
    assert "│ 8 ▒" in text  # impenetrable, hatched
    assert "━" in text and "┃" not in lines[row]  # the cliffs 12|17, 14|19 below row 3
    assert "The Sacred Valley · 4 units an area · ━┃ cliffs 12|17, 14|19" in text
    # The units off the map say so on their line; none is drawn on the map.
    assert any(line.split()[:2] == ["Spa", "Spartans"] and "off map" in line for line in lines)


def test_dead_units_fold_into_one_line_and_an_attack_takes_two() -> None:
    state = position(at={"zeus": 7, "achilles": 12, "medusa": 12, "hades": 15})
    state.pieces["hoplites"].dead = True
    state.pieces["hoplites"].vitality = 0
    lines = screen(state.view(1))
    assert "  dead: Hoplites 0/3" in lines
    assert not any(line.split()[:1] == ["Hop"] for line in lines)
    state = position(
        at={"zeus": 7, "achilles": 12, "medusa": 12, "hades": 15},
        hands={0: ["achilles"]},
    )
    from scenario_helpers import act

    act(state, "activate achilles")
    if "simple" in state.legal_actions():
        act(state, "simple")
    act(state, "attack medusa")
    for face in (6, 3, 1, 2, 5):
        state.apply(f"roll {face}")
    lines = screen(state.view(1))
    start = next(k for k, line in enumerate(lines) if line.startswith("ATTACK: "))
    assert lines[start].startswith("ATTACK: Achilles attacks Medusa (distance 0")
    assert lines[start + 1].strip().startswith("First assault: [6✦] [3✓] [1·] [2·] [5✓]")
    assert "Second assault" in lines[start + 1]
