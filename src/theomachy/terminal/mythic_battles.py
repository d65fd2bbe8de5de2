"""Mythic Battles: Pantheon in the terminal: the area map as a grid of numbered areas (units by
short name in their owner's colour, omphalos tokens, ruins and trees, impenetrable areas,
cliffs drawn as heavy borders, deployment zones), a dashboard per unit, each player's side,
omphalos, hand and cards, the turn and activation, and the ATTACK in progress with its dice.

During recruitment a table of the units still to be had shows each one's RP cost, stats,
talents and power, with each player's RP left. ``info NAME`` tells a unit's dashboard, a
power's or a talent's text, a manoeuvre and the Art of War card, from the game's content
(content/roster.toml and content/texts.toml, which ``Game.catalog()`` serves).

What happened is told by the game's narrator (``theomachy.games.mythic_battles.narration``).
Only the view is read, so nothing hidden can show: other players' hands appear as counts
(plus the cards everyone saw arrive there). The view is read defensively (``.get`` with
defaults): it may gain fields, and older saves may lack some.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from theomachy.engine.core import Game
from theomachy.games.mythic_battles.data import (
    CardText,
    Manoeuvre,
    Power,
    Talent,
    Unit,
    grid_neighbours,
    manoeuvres,
    powers,
    scenarios,
    talents,
    texts,
    units,
)
from theomachy.games.mythic_battles.narration import counted_omphalos
from theomachy.terminal.render import InfoEntry, Renderer, View, facts_line

SEAT_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")
AOW = "aow"
STEP_WORDS = {
    "recruit-divinity": "recruitment: choosing divinities",
    "recruit-unit": "recruitment: recruiting units",
    "pass-or-continue": "A: pass or continue",
    "first-activation": "B: first activation",
    "second-activation": "C: second activation",
    "simple-or-complex": "activation: simple or complex",
    "start-power": "activation: start-of-activation power",
    "simple-actions": "activation: simple actions",
    "attack-target": "activation: the ATTACK's target",
    "complex-action": "activation: complex action",
    "leader": "activation: Leader",
    "leader-fetch": "Leader: the led troops' activation card",
    "leader-activation": "Leader: activating the led troops",
    "recall": "D: recall",
    "search-window": "end of the turn: Search for Card",
    "block": "activation: an enemy's Block",
    "over": "game over",
}
PHASE_WORDS = {
    "guard": "Guard",
    "helm": "Helm of Darkness",
    "evade": "Evade",
    "retarget": "new target after an Evade",
    "initiative": "Initiative",
    "uproot": "Force of Nature",
    "first-assault": "first assault",
    "reroll": "re-rolls",
    "throw": "Mighty Throw",
    "priority": "Block against Mighty Throw: which rule has priority",
    "hold": "Block against the throw",
    "thrown": "Mighty Throw",
    "second-assault": "second assault",
    "damage": "damage",
    "gaze": "Petrifying Gaze",
    "retaliate": "retaliation",
    "finished": "finished",
}
STEP_INSTRUCTIONS = {
    "recruit-divinity": "Choose your divinity (choose <god>).",
    "recruit-unit": "Recruit a unit with your recruitment points (recruit <unit>).",
    "pass-or-continue": "Continue your turn, or pass (draw a second card and end the turn).",
    "first-activation": (
        "Activate a unit by playing its activation card (activate <unit>), buy a manoeuvre, or end."
    ),
    "second-activation": (
        "Second activation for an Art of War card (activate <unit>), buy a manoeuvre, or end."
    ),
    "simple-or-complex": (
        "Simple activation (up to two different of MOVE, ATTACK, CLAIM) or complex "
        "(one RUN, ABSORB or ENTER)?"
    ),
    "start-power": "Master of Stratagems: swap areas with a friendly unit nearby, or decline.",
    "simple-actions": (
        "Simple actions: move <area>, attack <unit>, claim <area> (omphalos) — or done."
    ),
    "attack-target": "Force of Nature: choose the ATTACK's target (attack <unit>).",
    "complex-action": "Complex action: run <area>, absorb an omphalos, or enter <area>.",
    "leader": "Leader: lead friendly troops in the area (lead <unit>), or decline.",
    "leader-fetch": (
        "Leader: take an activation card for the led troops from your deck (fetch <unit>), "
        "or decline."
    ),
    "leader-activation": "Leader: activate the led troops now, or decline.",
    "recall": "Recall troops to your divinity (recall <unit>), or end the turn.",
    "search-window": (
        "The turn is over: Search for Card for an Art of War card (search <card>), or decline."
    ),
    "block": (
        "Your Block would stop the active unit: hold it for this activation (block), or let "
        "it go (decline)."
    ),
}
PHASE_INSTRUCTIONS = {
    "guard": "ATTACK — Guard: take the ATTACK with a Guard unit (guard <unit>), or decline.",
    "helm": "ATTACK — Helm of Darkness: Hades leaves the ATTACK for an Art of War card, or "
    "decline.",
    "evade": "ATTACK — Evade the ATTACK for an Art of War card, or decline.",
    "retarget": "ATTACK — the target evaded: choose another target (attack <unit>), or decline.",
    "initiative": "ATTACK — Initiative: retaliate before the ATTACK, or decline.",
    "uproot": "ATTACK — Force of Nature: remove a ruin or tree for +1 Offence in this "
    "retaliation (uproot ruin|tree), or decline.",
    "reroll": "ATTACK — re-roll a die of the first assault (reroll <face>), or keep.",
    "throw": "ATTACK — Mighty Throw: throw the target into an adjacent area (throw <area>), "
    "or decline.",
    "priority": "ATTACK — Block and Mighty Throw conflict: choose which rule has priority for "
    "the rest of the game (priority block|mighty-throw).",
    "hold": "ATTACK — your Block would stop the throw: block, or decline (let it be thrown).",
    "gaze": "ATTACK — Petrifying Gaze: petrify the wounded unit (gaze), or decline.",
    "retaliate": "ATTACK — retaliate against the attacker, or decline.",
}


# --- names --------------------------------------------------------------------------------


def seat_label(seat: int) -> str:
    return f"P{seat}"


def seat_colour(seat: int | None) -> str:
    if seat is None or seat < 0:
        return "white"
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def talent_name(talent: str) -> str:
    """A talent's printed name from its id: ``close-protection`` -> ``Close Protection``."""
    found = talents().get(talent)
    if found is not None:
        return found.name
    return " ".join(w if w in ("of", "the") else w.capitalize() for w in talent.split("-"))


def talent_names(talents: Sequence[str]) -> str:
    return ", ".join(talent_name(t) for t in talents)


def units_by_id(view: View) -> dict[str, dict[str, Any]]:
    return {u["id"]: u for u in view.get("units") or []}


def unit_name(view: View, unit: str) -> str:
    found = units_by_id(view).get(unit)
    return str(found.get("name", unit)) if found else unit


def card_name(view: View, card: str) -> str:
    """An activation card by its unit's name; ``aow`` is an Art of War card."""
    return "Art of War" if card == AOW else unit_name(view, card)


def divinity_name(view: View, seat: int) -> str:
    players = view.get("players") or []
    army = players[seat].get("army") if seat < len(players) else None
    return unit_name(view, army[0]) if army else ""


def seat_name(view: View, seat: int) -> str:
    god = divinity_name(view, seat)
    return f"{seat_label(seat)} {god}" if god else seat_label(seat)


def seat_text(view: View, seat: int) -> Text:
    return Text(seat_name(view, seat), style=seat_colour(seat))


def short_names(view: View) -> dict[str, str]:
    """A short, distinct label per unit for the map: ``Her``, ``InfH``."""
    found: dict[str, str] = {}
    for unit in view.get("units") or []:
        words = str(unit.get("name", unit["id"])).split()
        found[unit["id"]] = words[0][:3] + "".join(w[:1] for w in words[1:])
    labels = list(found.values())
    for unit, label in list(found.items()):
        if labels.count(label) > 1:
            found[unit] = unit[:5]
    return found


def unit_text(view: View, unit: str) -> Text:
    """A unit by name in its owner's colour."""
    found = units_by_id(view).get(unit)
    if found is None:
        return Text(unit)
    return Text(str(found.get("name", unit)), style=seat_colour(found.get("owner")))


def _per_area(values: list[int] | None, area: int) -> int:
    """``map.omphalos`` / ``ruins`` / ``trees`` list area 1 first."""
    if not values or area - 1 >= len(values):
        return 0
    return int(values[area - 1])


# --- the map ------------------------------------------------------------------------------


def zone_of(view: View) -> dict[int, list[int]]:
    """Area -> the seats whose deployment zone holds it."""
    found: dict[int, list[int]] = {}
    for seat, zone in enumerate((view.get("map") or {}).get("zones") or []):
        for area in zone:
            found.setdefault(area, []).append(seat)
    return found


def cell_tokens(view: View, area: int) -> list[Text]:
    """What an area's cell shows, in order: its number, the deployment zones, the omphalos
    tokens, the ruins and trees, then the units standing there by short name (carried
    omphalos ◎, petrified ~)."""
    board = view.get("map") or {}
    short = short_names(view)
    tokens = [Text(f"{area:>2}", style="bold")]
    for seat in zone_of(view).get(area, []):
        tokens.append(Text(f"Z{seat}", style=f"{seat_colour(seat)} underline"))
    omphalos = _per_area(board.get("omphalos"), area)
    if omphalos:
        tokens.append(Text("◎" + (str(omphalos) if omphalos > 1 else ""), style="bold yellow"))
    for key, word in (("ruins", "ruin"), ("trees", "tree")):
        count = _per_area(board.get(key), area)
        if count:
            tokens.append(Text(word + (f"x{count}" if count > 1 else ""), style="green"))
    for unit in view.get("units") or []:
        if unit.get("area") != area or unit.get("dead"):
            continue
        label = Text(
            short.get(unit["id"], unit["id"]), style=f"bold {seat_colour(unit.get('owner'))}"
        )
        if unit.get("carrying"):
            label.append("◎", style="bold yellow")
        if unit.get("petrified"):
            label.append("~", style="dim")
        tokens.append(label)
    return tokens


def cell_lines(view: View, area: int, width: int) -> list[Text]:
    """An area's cell: its tokens flowed into lines of ``width`` (one line when they fit);
    an impenetrable area is hatched after its number."""
    lines = [Text()]
    tokens = cell_tokens(view, area)
    for token in tokens:
        line = lines[-1]
        if line and len(line) + 1 + len(token) > width:
            line = Text()
            lines.append(line)
        if line:
            line.append(" ")
        line.append_text(token)
    if area in ((view.get("map") or {}).get("impenetrable") or []):
        lines[0].append(" " + "▒" * max(0, width - len(lines[0]) - 1), style="dim")
    for line in lines:
        line.truncate(width, pad=True)
    return lines


def map_grid(view: View) -> Text:
    """The map as a box-drawn grid, each row of areas as high as its fullest cell needs;
    cliffs are heavy borders (━ ┃)."""
    board = view.get("map") or {}
    columns = int(board.get("columns") or 1)
    rows = int(board.get("rows") or 1)
    width = 16 if columns <= 5 else 15  # 7 columns: 113 characters
    cliffs = {frozenset(pair) for pair in board.get("cliffs") or [] if len(pair) == 2}

    def area_at(row: int, column: int) -> int:
        return row * columns + column + 1

    def horizontal(row: int) -> Text:
        """The border above ``row`` (row == rows: the bottom edge)."""
        left, middle, right = ("┌", "┬", "┐") if row == 0 else ("├", "┼", "┤")
        if row == rows:
            left, middle, right = ("└", "┴", "┘")
        line = Text(left)
        for column in range(columns):
            cliff = (
                0 < row < rows
                and frozenset((area_at(row - 1, column), area_at(row, column))) in cliffs
            )
            line.append("━" * width if cliff else "─" * width, style="bold red" if cliff else "")
            line.append(right if column == columns - 1 else middle)
        return line

    out = Text()
    for row in range(rows):
        out.append_text(horizontal(row))
        out.append("\n")
        cells = [cell_lines(view, area_at(row, column), width) for column in range(columns)]
        height = max(len(cell) for cell in cells)
        for k in range(height):
            line = Text("│")
            for column in range(columns):
                cell = cells[column]
                line.append_text(cell[k] if k < len(cell) else Text(" " * width))
                if column == columns - 1:
                    line.append("│")
                else:
                    pair = frozenset((area_at(row, column), area_at(row, column + 1)))
                    line.append(
                        "┃" if pair in cliffs else "│", style="bold red" if pair in cliffs else ""
                    )
            out.append_text(line)
            out.append("\n")
    out.append_text(horizontal(rows))
    return out


def map_legend(view: View) -> Group:
    """Two lines: the scenario's name, the areas' capacity and the cliffs; what the marks
    mean."""
    board = view.get("map") or {}
    found = scenarios().get(str(view.get("scenario") or ""))
    title = found.name if found is not None else str(board.get("name", "Map"))
    if board.get("name") and str(board["name"]) not in title:
        title = f"{board['name']} ({title})"
    line = Text(title, style="bold")
    line.append(f" · {board.get('capacity', '?')} units an area", style="dim")
    cliffs = cliff_words(board)
    if cliffs:
        line.append(" · ━┃ cliffs" + cliffs, style="dim")
    marks = Text(
        "◎ omphalos (Her◎: carried) · ~ petrified · Zn: deployment zone of Pn · ▒ impenetrable",
        style="dim",
    )
    return Group(line, marks)


def cliff_words(board: dict[str, Any]) -> str:
    """The cliffs in words: areas walled by cliffs on every side by number, the other cliffs
    as ``12|17`` pairs."""
    cliffs = [tuple(pair) for pair in board.get("cliffs") or [] if len(pair) == 2]
    columns = int(board.get("columns") or 1)
    rows = int(board.get("rows") or 1)
    count: dict[int, int] = {}
    for pair in cliffs:
        for area in pair:
            count[area] = count.get(area, 0) + 1
    walled = sorted(a for a, n in count.items() if n == len(grid_neighbours(a, columns, rows)))
    rest = [f"{a}|{b}" for a, b in cliffs if a not in walled and b not in walled]
    words = []
    if walled:
        words.append("walled: " + ", ".join(map(str, walled)))
    if rest:
        words.append(", ".join(rest))
    return (" " + "; ".join(words)) if words else ""


def map_panel(view: View) -> Group:
    return Group(map_legend(view), map_grid(view))


# --- tables -------------------------------------------------------------------------------


def where_text(unit: dict[str, Any]) -> str:
    if unit.get("dead"):
        return "dead"
    area = unit.get("area") or 0
    return f"area {area}" if area else "off map"


def unit_notes(unit: dict[str, Any]) -> str:
    notes = []
    for key, word in (
        ("carrying", "carries ◎"),  # the map legend's mark, short enough for 120 columns
        ("activated", "activated"),
        ("petrified", "petrified"),
        ("evaded", "evaded"),
        ("flying", "flying"),
    ):
        if unit.get(key):
            notes.append(word)
    return ", ".join(notes)


def ordered_units(view: View) -> list[dict[str, Any]]:
    """The units by owner, each army in recruitment order (its divinity first)."""
    order: dict[str, int] = {}
    for entry in view.get("players") or []:
        for unit in entry.get("army") or []:
            order[unit] = len(order)
    units = list(view.get("units") or [])
    return sorted(units, key=lambda u: (u.get("owner", 0), order.get(u["id"], len(order))))


def unit_columns(view: View) -> Table:
    """A grid for unit lines: short name, name, where, Vitality, O/D/R/M, then talents,
    power and state wrapping in the rest of the line."""
    names = [len(str(u.get("name", u["id"]))) for u in view.get("units") or []]
    table = Table.grid(padding=(0, 1))
    table.add_column(width=2)  # indent under the player's line
    table.add_column(width=4, no_wrap=True)
    table.add_column(width=max(names, default=8), no_wrap=True)
    table.add_column(width=7, no_wrap=True)
    table.add_column(width=5, no_wrap=True, justify="right")
    table.add_column(width=7, no_wrap=True)
    table.add_column(ratio=1, overflow="fold")
    return table


def unit_row(view: View, unit: dict[str, Any]) -> list[RenderableType]:
    short = short_names(view)
    colour = seat_colour(unit.get("owner"))
    stats = "/".join(str(unit.get(key, "?")) for key in ("offence", "defence", "range", "movement"))
    rest = Text(talent_names(unit.get("talents") or []))
    if unit.get("power_name"):
        rest.append(" · ", style="dim")
        rest.append(str(unit["power_name"]), style="italic")
    notes = unit_notes(unit)
    if notes:
        rest.append(" · " + notes, style="yellow")
    return [
        "",
        Text(short.get(unit["id"], unit["id"]), style=f"bold {colour}"),
        Text(str(unit.get("name", unit["id"])), style=colour),
        where_text(unit),
        f"{unit.get('vitality', '?')}/{unit.get('max_vitality', '?')}",
        stats,
        rest,
    ]


def side_totals(view: View) -> dict[int, int]:
    """Each side's omphalos counted toward its victory (MB-RULING-OMPHALOS-CARDS)."""
    sides = {entry.get("side", entry["seat"]) for entry in view.get("players") or []}
    return {side: counted_omphalos(view, side) for side in sides}


def cards_words(view: View, cards: list[str]) -> str:
    """Cards grouped: ``Art of War x3, Hades x2, Medusa``."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return ", ".join(card_name(view, c) + (f" x{n}" if n > 1 else "") for c, n in counts.items())


def hand_words(view: View, entry: dict[str, Any]) -> str:
    """The viewer's own hand by name; another player's as a count and the cards known."""
    if "hand" in entry:
        cards = entry.get("hand") or []
        return f"{len(cards)}: " + (cards_words(view, cards) or "(empty)")
    text = str(entry.get("hand_count", "?"))
    known = entry.get("known_hand") or []
    if known:
        text += " (known: " + cards_words(view, known) + ")"
    return text


PLAYER_LINE_WIDTH = 116  # a player's line within the 120-column screen, with the panel's margin


def player_line(view: View, entry: dict[str, Any], totals: dict[int, int]) -> Text:
    """``P1 Hades · side 1 · omphalos 0/3 · hand 9 · deck 9 · discard 2 · ...``."""
    seat = entry["seat"]
    line = seat_text(view, seat)
    line.stylize("bold")
    if seat == view.get("player"):
        line.append(" (you)", style="bold")
    if entry.get("out"):
        line.append(" (out)", style="dim")
    side = entry.get("side", seat)
    absorbed = f"{entry.get('absorbed', 0)}"
    if totals.get(side, 0) != entry.get("absorbed", 0):
        absorbed += f" (side counts {totals[side]})"
    facts = [
        ("side", str(side)),
        ("omphalos", f"{absorbed}/{view.get('omphalos_to_win', '?')}"),
        ("hand", hand_words(view, entry) if "hand" not in entry else str(entry.get("hand_count"))),
        ("deck", str(entry.get("deck_count", "?"))),
        ("discard", str(len(entry.get("discard") or []))),
    ]
    if entry.get("omphalos_cards"):
        facts.append(("omphalos cards", str(entry["omphalos_cards"])))
    for key, value in facts:
        line.append(" · ", style="dim")
        line.append(f"{key} ", style="dim")
        line.append(value)
    if entry.get("bought"):
        bought = ", ".join(entry["bought"])
        # A turn's manoeuvres can make the line wider than the 120-column screen: they go on
        # a line of their own rather than letting the terminal wrap mid-word.
        fits = len(line) + len(" · bought ") + len(bought) <= PLAYER_LINE_WIDTH
        line.append(" · " if fits else "\n    ", style="dim")
        line.append("bought ", style="dim")
        line.append(bought)
    return line


def armies_panel(view: View, *, recruiting: bool = False) -> Group:
    """Each player on one line, with their units below it, one line each (dead ones folded
    into one line): what the map's short names stand for, Vitality, stats, talents, power.
    During the recruitment, the armies recruited so far under their players' names."""
    parts: list[RenderableType] = [
        Text.assemble(
            ("Armies so far" if recruiting else "Players", "bold"),
            (
                " and their units: where, Vitality, O/D/R/M (Offence/Defence/Range/Movement), "
                "talents · power (info NAME)",
                "dim",
            ),
        )
    ]
    totals = side_totals(view)
    by_id = units_by_id(view)
    for entry in view.get("players") or []:
        if recruiting:
            parts.append(seat_text(view, entry["seat"]))
        else:
            parts.append(player_line(view, entry, totals))
        army = [by_id[u] for u in entry.get("army") or [] if u in by_id]
        standing = [u for u in army if not u.get("dead")]
        dead = [u for u in army if u.get("dead")]
        if standing:
            table = unit_columns(view)
            for unit in standing:
                table.add_row(*unit_row(view, unit))
            parts.append(table)
        if dead:
            line = Text("  dead: ", style="dim")
            for k, unit in enumerate(dead):
                if k:
                    line.append(", ", style="dim")
                line.append_text(unit_text(view, unit["id"]))
                line.append(f" 0/{unit.get('max_vitality', '?')}", style="dim")
            parts.append(line)
    return Group(*parts)


# --- the turn and the ATTACK --------------------------------------------------------------


def header(view: View) -> Text:
    step = str(view.get("step", ""))
    line = Text(f"Round {view.get('round', 0)}/{view.get('max_rounds', '?')} — ")
    turn = view.get("turn_player")
    if isinstance(turn, int) and turn >= 0:
        line.append_text(seat_text(view, turn))
        line.append("'s turn — ")
    line.append(STEP_WORDS.get(step, step))
    if step not in ("recruit-divinity", "recruit-unit", "over"):
        line.append(f" — activations {view.get('activations', 0)}/2")
    if view.get("first_kill_wins"):
        line.append(" — first kill wins", style="dim")
    return line


def activation_text(view: View) -> Text | None:
    act = view.get("activation")
    if not act:
        return None
    line = Text("Active: ")
    line.append_text(unit_text(view, act["unit"]))
    mode = act.get("mode")
    line.append(f" ({mode} activation)" if mode else " (mode not chosen)")
    done = act.get("done") or []
    line.append(" — done: " + (", ".join(done) if done else "nothing yet"))
    return line


def die_text(face: int) -> Text:
    """A die: 1-2 blank, 3-5 hit, 6 critical."""
    if face >= 6:
        return Text(f"[{face}✦]", style="bold magenta")
    if face >= 3:
        return Text(f"[{face}✓]", style="bold green")
    return Text(f"[{face}·]", style="dim")


def dice_text(label: str, faces: list[int]) -> Text:
    line = Text(f"{label}: ")
    if not faces:
        line.append("—", style="dim")
        return line
    for face in faces:
        line.append_text(die_text(int(face)))
        line.append(" ")
    hits = sum(1 for f in faces if int(f) >= 3)
    crits = sum(1 for f in faces if int(f) >= 6)
    line.append(f"= {hits} hit{'s' if hits != 1 else ''}")
    if crits:
        line.append(f", {crits} critical")
    return line


def attack_panel(view: View) -> Group | None:
    """The ATTACK in progress (and the one it answers): who, whom, how far, its phase, then
    both assaults' dice on one line."""
    attacks = view.get("attacks") or []
    if not attacks:
        return None
    parts: list[RenderableType] = []
    for k, attack in enumerate(attacks):
        line = Text("↳ " if k else "ATTACK: ", style="bold red")
        line.append_text(unit_text(view, attack["attacker"]))
        kind = " retaliates on " if attack.get("retaliation") else " attacks "
        if attack.get("area_attack"):
            kind = " strikes with Thunderbolt at "
        line.append(kind)
        for j, target in enumerate(attack.get("targets") or []):
            if j:
                line.append(", ")
            line.append_text(unit_text(view, target))
        phase = str(attack.get("phase", ""))
        line.append(
            f" (distance {attack.get('distance', '?')}, phase: {PHASE_WORDS.get(phase, phase)})"
        )
        parts.append(line)
        dice = dice_text("  First assault", list(attack.get("first_assault") or []))
        dice.append(" · ")
        dice.append_text(dice_text("Second assault", list(attack.get("second_assault") or [])))
        parts.append(dice)
    parts.append(Text("  dice: 1-2 blank · 3-5 hit · 6 critical (rolls again)", style="dim"))
    return Group(*parts)


def instruction(view: View) -> str | None:
    """What the player to move is asked to decide."""
    if view.get("terminal"):
        return None
    attacks = view.get("attacks") or []
    if attacks:
        phase = str(attacks[-1].get("phase", ""))
        return PHASE_INSTRUCTIONS.get(phase, f"ATTACK — {PHASE_WORDS.get(phase, phase)}.")
    return STEP_INSTRUCTIONS.get(str(view.get("step", "")))


def hand_text(view: View) -> Text | None:
    me = view.get("player")
    players = view.get("players") or []
    if me is None or me >= len(players):
        return None
    hand = players[me].get("hand") or []
    text = Text(f"Your hand ({len(hand)}): ", style="bold")
    text.append(cards_words(view, hand) or "(empty)", style="")
    return text


# --- recruitment --------------------------------------------------------------------------

RECRUITMENT_STEPS = ("recruit-divinity", "recruit-unit")
TIMING_WORDS = {
    "permanent": "permanent",
    "start": "at the start of its activation",
    "invoke": "invoked",
}


def kind_words(unit: Unit) -> str:
    """``hero``, ``troops ×3``, ``god, flies``."""
    words = unit.kind + (f" ×{unit.miniatures}" if unit.kind == "troops" else "")
    return words + (", flies" if unit.flying else "")


def cards_brought(unit: Unit) -> str:
    """The cards a unit adds to its owner's deck: ``2+1`` (activation + Art of War)."""
    return f"{unit.activation}+{unit.aow}"


def scenario_rp(view: View) -> int | None:
    """The scenario's Recruitment Points (None for an unknown scenario)."""
    found = scenarios().get(str(view.get("scenario") or ""))
    return found.recruitment_points if found is not None else None


def rp_line(view: View) -> Text:
    """Each player's Recruitment Points left (of the scenario's)."""
    total = scenario_rp(view)
    line = Text("RP left: ", style="bold")
    for k, entry in enumerate(view.get("players") or []):
        if k:
            line.append(" · ", style="dim")
        seat = int(entry["seat"])
        line.append_text(seat_text(view, seat))
        if seat == view.get("player"):
            line.append(" (you)", style="bold")
        line.append(f" {entry.get('rp', '?')}", style="bold")
        if total is not None:
            line.append(f" of {total}", style="dim")
    return line


def recruitment_panel(view: View) -> RenderableType | None:
    """During recruitment: the RP each player has left, and every divinity or unit still to
    be had with its cost, stats, talents, power and cards (the viewer's unaffordable ones
    dimmed)."""
    step = view.get("step")
    if step not in RECRUITMENT_STEPS:
        return None
    players = view.get("players") or []
    taken = {unit for entry in players for unit in entry.get("army") or []}
    gods = step == "recruit-divinity"
    me = view.get("player")
    mine = players[me].get("rp") if isinstance(me, int) and 0 <= me < len(players) else None
    title = "Recruitment: divinities to choose" if gods else "Recruitment: units to recruit"
    if not gods and isinstance(mine, int):
        title += f" (you have {mine} RP; dimmed: too dear)"
    table = Table(
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        show_edge=False,
        title=title,
        title_justify="left",
        title_style="bold cyan",
        caption=(
            "O/D/R/M: Offence (dice), Defence (hits a wound), Range, Movement (areas) · Vit: "
            "wounds it takes · cards: activation + Art of War it brings · info NAME: its text"
        ),
        caption_justify="left",
        caption_style="dim",
    )
    table.add_column("divinity" if gods else "unit", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    if not gods:
        table.add_column("RP", justify="right", no_wrap=True)
    table.add_column("Vit", justify="right", no_wrap=True)
    table.add_column("O/D/R/M", no_wrap=True)
    table.add_column("talents")
    table.add_column("power")
    table.add_column("cards", justify="center", no_wrap=True)
    for unit in units().values():
        if unit.id in taken or unit.divinity != gods:
            continue
        dear = isinstance(mine, int) and unit.cost > mine
        power = powers()[unit.power].name if unit.power else "—"
        row = [unit.name, kind_words(unit)]
        if not gods:
            row.append(str(unit.cost))
        stats = f"{unit.offence}/{unit.defence}/{unit.range}/{unit.movement}"
        row += [str(unit.vitality), stats, talent_names(unit.talents), power, cards_brought(unit)]
        table.add_row(*row, style="dim" if dear else None)
    return Group(rp_line(view), table)


# --- info ---------------------------------------------------------------------------------


def talent_texts() -> dict[str, str]:
    """Each talent's text, by talent id (the game's content, as ``Game.catalog()`` serves it)."""
    return {talent: entry.text for talent, entry in talents().items()}


def first_sentence(text: str) -> str:
    head, dot, _ = text.partition(". ")
    return head + "." if dot else text


def unit_sheet(unit: Unit) -> RenderableType:
    """A unit's dashboard: kind, cost, stats, talents (first sentence), power, cards."""
    parts: list[RenderableType] = [
        facts_line(
            [
                ("kind", kind_words(unit)),
                ("cost", "chosen, not bought" if unit.divinity else f"{unit.cost} RP"),
            ]
        ),
        facts_line(
            [
                ("Offence", unit.offence),
                ("Defence", unit.defence),
                ("Range", unit.range),
                ("Movement", unit.movement),
                ("Vitality", unit.vitality),
            ]
        ),
    ]
    for talent in unit.talents:
        line = Text(f"{talent_name(talent)}: ", style="bold")
        line.append(first_sentence(talent_texts().get(talent, "")))
        parts.append(line)
    if unit.power is not None:
        power = powers()[unit.power]
        line = Text(f"Power — {power.name} ({power_timing(power)}): ", style="bold")
        line.append(power.text)
        parts.append(line)
    parts.append(
        Text(
            f"Brings {unit.activation} activation card{'s' if unit.activation != 1 else ''} "
            f"and {unit.aow} Art of War card{'s' if unit.aow != 1 else ''} to its owner's deck.",
            style="dim",
        )
    )
    return Group(*parts)


def power_timing(power: Power) -> str:
    words = TIMING_WORDS.get(power.timing, power.timing)
    if power.timing == "invoke":
        words += f", {power.cost} Art of War card{'s' if power.cost != 1 else ''}"
    return words


def power_sheet(power: Power) -> RenderableType:
    owners = [u.name for u in units().values() if u.power == power.id]
    return Group(
        facts_line([("power of", ", ".join(owners)), ("when", power_timing(power))]),
        Text(power.text),
    )


def talent_sheet(talent: Talent) -> RenderableType:
    owners = [u.name for u in units().values() if talent.id in u.talents]
    return Group(
        Text(talent.text),
        facts_line([("units with it", ", ".join(owners) or "none"), ("rule", talent.rule)]),
    )


def manoeuvre_sheet(manoeuvre: Manoeuvre) -> RenderableType:
    cost = (
        "as the power says"
        if manoeuvre.cost is None
        else f"{manoeuvre.cost} Art of War card{'s' if manoeuvre.cost != 1 else ''}"
    )
    return Group(
        Text(manoeuvre.text),
        facts_line([("cost", cost), ("when", manoeuvre.when), ("rule", manoeuvre.rule)]),
    )


def card_sheet(card: CardText) -> RenderableType:
    return Text(card.text)


def battles_entries() -> list[InfoEntry]:
    """Units, powers, talents, manoeuvres and the Art of War card."""
    entries = [
        InfoEntry(unit.id, unit.name, "unit", _later(unit_sheet, unit)) for unit in units().values()
    ]
    entries += [
        InfoEntry(power.id, power.name, "power", _later(power_sheet, power))
        for power in powers().values()
    ]
    entries += [
        InfoEntry(talent.id, talent.name, "talent", _later(talent_sheet, talent))
        for talent in talents().values()
    ]
    entries += [
        InfoEntry(m.id, m.name, "manoeuvre", _later(manoeuvre_sheet, m))
        for m in manoeuvres().values()
    ]
    entries += [
        InfoEntry(card.id, card.name, "card", _later(card_sheet, card)) for card in texts().cards
    ]
    return entries


def _later(draw: Any, item: Any) -> Any:
    return lambda: draw(item)


class MythicBattlesRenderer(Renderer):
    """Mythic Battles: map, units, players, turn, ATTACK, hand."""

    info_hint = "info NAME shows a unit's, power's or talent's full text"

    def position(self, view: View) -> RenderableType:
        parts: list[Any] = [header(view)]
        active = activation_text(view)
        if active is not None:
            parts.append(active)
        attack = attack_panel(view)
        if attack is not None:
            parts.append(attack)
        parts.append(map_panel(view))
        recruitment = recruitment_panel(view)
        if recruitment is None:
            parts.append(armies_panel(view))
        else:
            if view.get("units"):
                parts.append(armies_panel(view, recruiting=True))
            parts.append(recruitment)
        hand = hand_text(view) if recruitment is None else None
        if hand is not None:
            parts.append(hand)
        return Group(*parts)

    def seat_name(self, view: View, seat: int) -> str:
        return seat_name(view, seat)

    def info_entries(self, game: Game, view: View | None = None) -> Sequence[InfoEntry]:
        return battles_entries()

    def instruction(self, view: View) -> str | None:
        return instruction(view)

    def result(self, view: View) -> RenderableType | None:
        table = Table(box=box.SIMPLE_HEAD, title="Result", title_justify="left")
        table.add_column("player")
        table.add_column("side", justify="right")
        table.add_column("omphalos", justify="right")
        table.add_column("")
        winners = set(view.get("winners") or [])
        for entry in view.get("players") or []:
            table.add_row(
                seat_text(view, entry["seat"]),
                str(entry.get("side", "")),
                str(entry.get("absorbed", 0)),
                "winner" if entry["seat"] in winners else ("out" if entry.get("out") else ""),
            )
        return table
