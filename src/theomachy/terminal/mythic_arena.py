"""Mythic Arena in the terminal: the battlefield as a grid of cards, the players, the draw.

Everything shown comes from a view (``state.view(seat)``) plus the public card catalogue
(names, printed Power, sides, abilities). Squares use the game's lattice names (``e5``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from theomachy.engine.core import Game
from theomachy.games.mythic_arena.board import (
    SQUARE_INDEX,
    cell,
    col_of,
    row_of,
)
from theomachy.games.mythic_arena.cards import Card, catalog
from theomachy.terminal.render import InfoEntry, Renderer, View

CELL_WIDTH = 11
COLUMNS = "abcdefghi"
COLOUR = {"greek": "blue", "norse": "red"}
CARD_STYLE = {"greek": "bright_white on blue", "norse": "bright_white on red"}
GLYPH = {"shield": "■", "shattered": "□", "fragility": "✕", "none": "·"}
GLYPH_STYLE = {
    "shield": "bold bright_yellow",
    "shattered": "yellow",
    "fragility": "bold bright_white",
    "none": "",
}
CAPTURED_MARK = "⇄"
LAST_MARK = "★"
JUST_CAPTURED_MARK = "✦"  # captured by the last card placed (the view's "captured")


@cache
def cards() -> dict[str, Card]:
    """The card catalogue by id."""
    return {card.id: card for card in catalog()}


def card_name(card_id: str) -> str:
    """The printed name of a card id (the id itself if unknown)."""
    card = cards().get(card_id)
    return card.name if card is not None else card_id


def ability_text(card: Card) -> str:
    """A card's ability in words (the card text of the content files)."""
    return card.text


def pantheon_label(pantheon: str | None) -> str:
    """``Greek``/``Norse`` in its colour (markup)."""
    if pantheon is None:
        return "?"
    return f"[bold {COLOUR.get(pantheon, 'white')}]{pantheon.title()}[/]"


# --- the battlefield ----------------------------------------------------------------------


def last_placed(view: View) -> str | None:
    """The square of the last card placed, from the log."""
    for entry in reversed(view.get("log") or []):
        parts = str(entry).split(" ")
        if parts[0] == "place" and len(parts) == 3:
            return parts[2]
    return None


def square_targets(view: View, verbs: tuple[str, ...]) -> dict[str, int]:
    """Square -> the number (in the numbered legal list) of the action naming it last."""
    targets = {}
    for number, action in enumerate(view.get("legal_actions") or [], 1):
        parts = action.split(" ")
        if parts[0] in verbs and len(parts) >= 2 and parts[-1] in SQUARE_INDEX:
            targets[parts[-1]] = number
    return targets


def reachable(view: View) -> set[str]:
    """Empty squares a card may be placed on now (MA-PLACE-2/3), as the view gives them."""
    return set(view.get("open_squares") or [])


def _name(index: int) -> str:
    return COLUMNS[col_of(index)] + str(row_of(index) + 1)


def _padded(parts: list[tuple[str, str]], width: int = CELL_WIDTH) -> Text:
    """One line of a cell: ``parts`` centred and padded to ``width`` (keeps backgrounds even)."""
    text = Text.assemble(*parts)
    text.truncate(width)
    left = (width - text.cell_len) // 2
    return Text(" " * left) + text + Text(" " * (width - left - text.cell_len))


def _glyph(kind: str) -> tuple[str, str]:
    return GLYPH.get(kind, "?"), GLYPH_STYLE.get(kind, "")


def card_cell(
    card: dict[str, Any], last: bool, number: int | None = None, just_captured: bool = False
) -> Text:
    """A card: north side, name, west side / Power / east side, south side (and Hela beneath).

    The top corners mark a captured card (left) and, on the right, the number of the action
    that targets this card, else the last card played or a card that placement captured.
    """
    sides = card["sides"]
    captured = card["pantheon"] != card["allegiance"]
    if number is not None:
        corner: list[tuple[str, str]] = [(f"#{number}", "bold bright_green")]
    elif last:
        corner = [(LAST_MARK, "")]
    elif just_captured:
        corner = [(JUST_CAPTURED_MARK, "")]
    else:
        corner = []
    top = Text.assemble(
        (CAPTURED_MARK if captured else " ") + "  ",
        _padded([_glyph(sides["north"])], CELL_WIDTH - 6),
        _padded(corner, 3),
    )
    power = f"{card['power']}" + (f" (+{card['plus']})" if card["plus"] else "")
    middle = Text.assemble(
        _glyph(sides["west"]),
        _padded([(power, "bold")], CELL_WIDTH - 2),
        _glyph(sides["east"]),
    )
    bottom_parts = [_glyph(sides["south"])]
    if card["under"]:
        bottom_parts.append((f" on {card_name(card['under'])}", "italic"))
    lines = [top, _padded([(card["name"], "bold")]), middle, _padded(bottom_parts)]
    cell_text = Text("\n").join(lines)
    cell_text.stylize(CARD_STYLE.get(card["allegiance"], "reverse"))
    return cell_text


def empty_cell(square: str, number: int | None, near: bool) -> Text:
    """An empty square: its name when a card may go there, with the action number if legal."""
    lines = [Text(" " * CELL_WIDTH)] * 4
    if number is not None:
        lines = [
            lines[0],
            _padded([(square, "bold green")]),
            _padded([(f"#{number}", "green")]),
            lines[0],
        ]
    elif near:
        lines = [lines[0], _padded([(square, "dim")]), lines[0], lines[0]]
    return Text("\n").join(lines)


def _window(view: View, squares: set[str]) -> tuple[list[int], list[int]]:
    """Columns (west to east) and rows (north to south) to draw, 0-based."""
    indexes = [SQUARE_INDEX[s] for s in squares] or [SQUARE_INDEX["e5"]]
    cols = [col_of(i) for i in indexes]
    rows = [row_of(i) for i in indexes]
    return (
        list(range(min(cols), max(cols) + 1)),
        list(range(max(rows), min(rows) - 1, -1)),
    )


def battlefield(view: View) -> RenderableType:
    """The grid of cards with the squares a card may go to."""
    by_square = {c["square"]: c for c in view["battlefield"]}
    targets = square_targets(view, ("place",))
    chosen = square_targets(view, ("capture", "shatter"))
    near = reachable(view)
    if not by_square and not targets:
        return Text("The battlefield is empty: the first card goes to e5.", style="dim")
    cols, rows = _window(view, set(by_square) | set(targets) | near)
    last = last_placed(view)
    just_captured = set(view.get("captured") or ())
    table = Table(box=box.SQUARE, show_lines=True, padding=0, show_edge=True)
    table.add_column("", justify="right", vertical="middle", width=2)
    for col in cols:
        heading = Text(COLUMNS[col], justify="center")
        table.add_column(heading, justify="left", width=CELL_WIDTH, no_wrap=True)
    for row in rows:
        cells: list[RenderableType] = [Text(str(row + 1), style="bold")]
        for col in cols:
            square = _name(cell(col, row))
            card = by_square.get(square)
            if card is not None:
                cells.append(
                    card_cell(card, square == last, chosen.get(square), square in just_captured)
                )
            else:
                cells.append(empty_cell(square, targets.get(square), square in near))
        table.add_row(*cells)
    return table


def legend(captures: bool = False) -> Text:
    """What the glyphs mean (one line at 80 columns; colours show in the players table);
    with ``captures``, the mark of the cards the last card placed captured too."""
    parts: list[tuple[str, str] | str] = []
    for kind, label in (
        ("shield", "shield"),
        ("shattered", "shattered"),
        ("fragility", "fragility"),
        ("none", "plain"),
    ):
        parts += [_glyph(kind), f" {label}  "]
    parts.append(f"{CAPTURED_MARK} captured  {LAST_MARK} last played")
    if captures:  # the plain sides make room for it
        parts[6:8] = []
        parts.append(f"  {JUST_CAPTURED_MARK} it captured")
    return Text.assemble(*parts, style="dim")


# --- players, drawn card, header -------------------------------------------------------------


def players_table(view: View, renderer: MythicArenaRenderer) -> Table:
    """Glory, Strength, deck and discard pile of each player."""
    match = view["rounds"] > 1
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1))
    for heading in ("", "Glory", "Strength", "Deck", "Discard pile"):
        table.add_column(heading, justify="left" if heading in ("", "Discard pile") else "right")
    if match:
        table.add_column("Wins", justify="right")
    for seat, player in enumerate(view["players"]):
        turn = "▶ " if seat == view["to_move"] and not view["terminal"] else "  "
        who = renderer.seat_name(view, seat) + (" [bold]you[/]" if seat == view["player"] else "")
        discard = ", ".join(card_name(c) for c in player["discard"]) or "-"
        row = [
            turn + who,
            str(player["glory"]),
            str(player["strength"]),
            str(player["deck"]),
            discard,
        ]
        if match:
            row.append(str(player["wins"]))
        table.add_row(*row)
    return table


def supply_line(view: View) -> Text:
    """The Strength supply and the box."""
    text = Text(f"Strength supply: {view['supply']}", style="dim")
    if view["box"]:
        text.append("   In the box: " + ", ".join(card_name(c) for c in view["box"]))
    return text


def card_summary(card_id: str, power: int | None = None) -> str:
    """One line about a card: pantheon, Power, sides, ability (markup). ``power``: the Power
    it would fight with if placed now, when the view gives it (Ullr/Artemis, Frigg/Hera and
    Njord/Poseidon may differ from the printed one)."""
    card = cards()[card_id]
    sides = sides_text(card)
    shown = f"Power {card.power}"
    if power is not None and power != card.power:
        shown = f"Power {power} if placed now (printed {card.power})"
    return (
        f"[bold]{card.name}[/] ({pantheon_label(card.pantheon)}) {shown}   "
        f"sides {sides}   {ability_text(card)}"
    )


def sides_text(card: Card) -> str:
    """A card's four sides: ``N ·  E ■  S ·  W ✕``."""
    return "  ".join(
        f"{side[0].upper()} {GLYPH[kind]}"
        for side, kind in zip(("north", "east", "south", "west"), card.sides, strict=True)
    )


def card_sheet(card: Card) -> RenderableType:
    """``info``: a card's pantheon, Power, sides (with what the marks mean) and text."""
    facts = Text.from_markup(f"{pantheon_label(card.pantheon)} · Power {card.power} · sides ")
    facts.append(sides_text(card))
    marks: list[tuple[str, str] | str] = []
    for kind, word in (("shield", "shield"), ("fragility", "fragility"), ("none", "plain")):
        marks += [_glyph(kind), f" {word}  "]
    return Group(facts, Text(ability_text(card)), Text.assemble(*marks, style="dim"))


def info_entries() -> list[InfoEntry]:
    """Every card of the catalogue."""
    return [InfoEntry(card.id, card.name, "card", _sheet_of(card)) for card in cards().values()]


def _sheet_of(card: Card) -> Any:
    return lambda: card_sheet(card)


def drawn_panel(view: View, renderer: MythicArenaRenderer) -> RenderableType | None:
    """The drawn card, if one is drawn: its face if the viewer may see it."""
    drawn = view["drawn"]
    if drawn is None:
        return None
    owner = renderer.seat_name(view, view["to_move"])
    if drawn == "hidden":
        return Text.from_markup(f"{owner} has drawn a card (hidden).")
    title = "You drew" if view["player"] == view["to_move"] else f"{owner} drew"
    summary = card_summary(drawn, view.get("drawn_power"))
    return Panel(summary, title=title, title_align="left", expand=False)


def header(view: View) -> Text:
    """The game, the match and the phase."""
    text = Text("Mythic Arena", style="bold")
    rounds = view["rounds"]
    if rounds > 1:
        played = len(view["results"])
        game = played if view["terminal"] else played + 1
        text.append(f" · game {game} (first to {view['wins_needed']} wins)")
    text.append(f" · {view['phase']}", style="dim")
    return text


class MythicArenaRenderer(Renderer):
    """Mythic Arena's battlefield, players and drawn card."""

    def position(self, view: View) -> RenderableType:
        parts: list[RenderableType] = [header(view), battlefield(view)]
        if view["battlefield"]:
            parts.append(legend(bool(view.get("captured"))))
        parts += [players_table(view, self), supply_line(view)]
        drawn = drawn_panel(view, self)
        if drawn is not None:
            parts.append(drawn)
        return Group(*parts)

    def info_entries(self, game: Game, view: View | None = None) -> Sequence[InfoEntry]:
        return info_entries()

    def seat_name(self, view: View, seat: int) -> str:
        pantheon = view["players"][seat]["pantheon"]
        if pantheon is None:
            return f"Player {seat}"
        return f"{pantheon_label(pantheon)} (P{seat})"

    def instruction(self, view: View) -> str | None:
        phase = view["phase"]
        if phase == "pantheon":
            return "Choose your pantheon; the other player takes the other one."
        if phase == "decide":
            return (
                f"You drew {card_name(view['drawn'])}. Place it next to a card, "
                "or discard it (then you must play the next card you draw)."
            )
        if phase == "place":
            return f"Place {card_name(view['drawn'])}: after a discard this card must be played."
        if phase == "ability":
            return ability_instruction(view)
        if phase == "strength":
            return strength_instruction(view)
        return None

    def result(self, view: View) -> RenderableType | None:
        return results_table(view, self)


def _placed_name(view: View) -> str:
    square = view["placed"]
    for card in view["battlefield"]:
        if card["square"] == square:
            return str(card["name"])
    return "the card just played"


def _name_at(view: View, square: str) -> str:
    for card in view["battlefield"]:
        if card["square"] == square:
            return f"{card['name']} ({square})"
    return square


def ability_instruction(view: View) -> str:
    """What an ability asks the person to choose."""
    name = _placed_name(view)
    pending = view["pending"]
    if pending == "recycle":
        return f"{name}: choose a card of your discard pile to shuffle back into your deck."
    if pending == "raise-dead":
        return f"{name}: choose a card of your discard pile to place over {name}."
    if pending == "capture-any":
        return f"{name}: choose an opposing card to capture."
    return f"{name}: choose."


def strength_instruction(view: View) -> str:
    """The Strength step in words."""
    tokens = view["players"][view["to_move"]]["strength"]
    name = _placed_name(view)
    return (
        f"You have {tokens} Strength token(s). 'power' gives {name} +1 Power for good, "
        f"'shatter SQUARE' destroys the shield facing {name}, 'done' goes to battle."
    )


def results_table(view: View, renderer: MythicArenaRenderer) -> Table | None:
    """Each game's final Glory, icons and Strength (MA-END-2..5)."""
    results = view["results"]
    if not results:
        return None
    table = Table(title="Final count", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("Game", justify="right")
    for seat in range(len(view["players"])):
        table.add_column(renderer.seat_name(view, seat) + " Glory/icons/Strength", justify="center")
    table.add_column("Winner")
    for result in results:
        cells = [
            f"{result['glory'][s]} / {result['icons'][s]} / {result['strength'][s]}"
            for s in range(len(view["players"]))
        ]
        winners = ", ".join(renderer.seat_name(view, w) for w in result["winners"])
        table.add_row(str(result["game"]), *cells, winners)
    return table
