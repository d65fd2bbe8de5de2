"""Mythotopia in the terminal: the turn, each player's standing, Reserve and cards, the
provinces by owner, wars, seas, roads, the VP cards, the display and the action being paid
for, compactly (a 4-player position in about 30 lines at 120 columns, one line per player
and per board item, wrapped).

``info NAME`` tells a card's text, or a province's land borders (by kind), coasts and sea
routes with who holds each neighbour now; ``map`` (``info map``) lists every province's
borders. The board's data is ``games/mythotopia/board.py``.

Everything shown comes from a view (``state.view(seat)``) plus the public card catalogue
(names, symbols, VP counter values) and the map. Another player's hand is in the view only as
a count, so it can never be named here; Reserves, discard piles and removed cards are public.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache, partial
from types import MappingProxyType
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from theomachy.engine.core import Game
from theomachy.games.mythotopia.board import board
from theomachy.games.mythotopia.cards import catalog
from theomachy.terminal.render import InfoEntry, Renderer, View, facts_line

Entry = dict[str, Any]
"""One province, sea, player or VP card of a view."""

COLOURS = ("red", "blue", "green", "yellow")
NEUTRAL_STYLE = "grey62"
TURN_MARK = "▶"
PIECES = {"town": "⌂", "city": "▣", "citadel": "◈"}
CASTLE = "♜"
DRAGON = "dragon"
RUNESTONE = "runestone"
WAR = "✕"
SYMBOL_ORDER = ("army", "ship", "food", "stone", "gold")
PHASES = {
    "deal": "set-up: dealing Province cards",
    "display": "set-up: laying out the display",
    "vpcard": "set-up: drawing VP cards",
    "dragon": "set-up: placing dragons",
    "runestone": "set-up: placing runestones",
    "reject": "set-up: setting Province cards aside",
    "citadel": "set-up: choosing citadels",
    "first": "set-up: choosing the first player",
    "hands": "set-up: drawing hands",
    "play": "play",
    "over": "the game is over",
}
PENDING = {
    "invade": "invading",
    "place-armies": "placing armies in",
    "place-ships": "placing ships in",
    "buy": "buying",
    "draft": "drafting",
    "build": "building",
    "reserve": "putting cards into the Reserve",
    "discard": "discarding",
    "remove": "removing cards",
    "gilded": "Gilded City: pay 1 gold for a counter?",
    "inn": "Roadside Inns: pay 1 gold for a counter?",
    "mystic": "Mystic: taking back",
    "counsellor": "Counsellor: discarding",
    "mercenary": "hiring mercenaries in",
    "keep": "Philosopher: keeping one card",
    "diplomat": "Diplomat: stopping the war in",
    "patronage": "Patronage",
    "move": "road move",
}


# --- names ------------------------------------------------------------------------------------


@cache
def province_names() -> dict[str, str]:
    """Province and sea ids to printed names."""
    shape = board()
    names = {p.id: p.name for p in shape.provinces}
    names.update({s.id: s.name for s in shape.seas})
    return names


def card_name(card: str) -> str:
    """A card's printed name (Province cards by their province; the id if unknown)."""
    cards = catalog().cards
    if card in cards:
        return cards[card].name
    return province_names().get(card, card)


def name(token: str) -> str:
    """A province, sea or card id in words (other tokens as they are)."""
    if token in province_names():
        return province_names()[token]
    if token in catalog().cards:
        return catalog().cards[token].name
    return token


def card_symbols(card: str) -> str:
    """A card's symbols in words: ``2 army, 1 gold`` (a Province card: its province's)."""
    cards = catalog().cards
    if card in cards:
        found = cards[card]
        parts = [f"{found.symbols[s]} {s}" for s in SYMBOL_ORDER if s in found.symbols]
        if found.crossing:
            parts.append("cross")
        return ", ".join(parts) or "no symbol"
    shape = board()
    if card in shape.province_index:
        return f"1 {shape.symbol[shape.province_index[card]]}"
    return ""


def card_heading(card: str) -> str:
    """``action``, ``free``, ``benefit`` or ``reserve`` (empty for none and Province cards)."""
    found = catalog().cards.get(card)
    return found.heading if found is not None and found.heading != "none" else ""


def seat_colour(seat: int) -> str:
    """A seat's colour name (its rich style)."""
    return COLOURS[seat % len(COLOURS)]


def seat_label(seat: int) -> str:
    """``Seat N (colour)`` in the seat's colour (markup)."""
    colour = seat_colour(seat)
    return f"[bold {colour}]Seat {seat} ({colour})[/]"


def seat_text(view: View, seat: int, short: bool = False) -> Text:
    """A seat as styled text; ``short``: its colour's initial (``R``)."""
    colour = seat_colour(seat)
    if short:
        return Text(colour[0].upper(), style=f"bold {colour}")
    text = Text(f"Seat {seat} ({colour})", style=f"bold {colour}")
    if seat == view.get("player"):
        text.append(" (you)", style="bold")
    return text


def side_text(key: str | int) -> Text:
    """A side of a war (a seat, or ``-1``: the neutral province)."""
    seat = int(key)
    if seat < 0:
        return Text("neutral", style=NEUTRAL_STYLE)
    return Text(seat_colour(seat), style=f"bold {seat_colour(seat)}")


def vp_value(card: str, slot: str) -> int:
    """The value of one counter left on a VP card (``slot`` as the view lists it)."""
    found = catalog().vp.get(card)
    if found is None or found.fixed or not found.counters:
        return 2
    if card == "lord-of-the-isles":
        return found.counters[0] if slot == "large" else found.counters[-1]
    return found.counters[0]


def joined(parts: Iterable[Text], separator: str = ", ") -> Text:
    """Texts joined by a (dim) separator."""
    return Text(separator, style="dim").join(list(parts))


# --- the parts --------------------------------------------------------------------------------


def header(view: View) -> Text:
    """Round, phase, whose turn and how far it has got."""
    text = Text("Mythotopia", style="bold")
    phase = str(view["phase"])
    if phase in ("play", "over"):
        text.append(f" · round {view['round']}/{view['max_rounds']}")
    text.append(f" · {PHASES.get(phase, phase)}", style="bold")
    turn = view.get("turn") or {}
    if phase == "play" and not view["terminal"]:
        mover = turn.get("seat")
        seat = int(view["current_player"] if mover is None else mover)
        text.append(f" · {TURN_MARK} ")
        text.append_text(seat_text(view, seat))
        text.append(f" · actions {turn.get('actions', 0)}/2")
        if turn.get("free_taken"):
            text.append(" · free action taken", style="dim")
        if turn.get("drafted"):
            text.append(" · drafted", style="dim")
    if view.get("first_player") is not None:
        text.append(" · first ", style="dim")
        text.append_text(seat_text(view, int(view["first_player"]), short=True))
    return text


def pending_line(view: View) -> Text | None:
    """The action being paid for: what, the needs left, cards played so far."""
    pending = view.get("pending")
    if not pending:
        return None
    kind = str(pending["kind"])
    text = Text("Resolving: ", style="bold")
    text.append_text(seat_text(view, int(pending["seat"])))
    text.append(" " + PENDING.get(kind, kind))
    args = [str(a) for a in pending.get("args") or []]
    if kind == "buy" and len(args) == 2:
        text.append(f" {args[0]} armies, {args[1]} ships")
    elif kind == "counsellor" and args == ["reserve"]:
        text.append(" (played from the Reserve)")
    elif kind == "move":
        moved = [
            f"{args[i + 2]} {name(args[i])} → {name(args[i + 1])}" for i in range(0, len(args), 3)
        ]
        text.append(": " + ", ".join(moved))
    elif args:
        text.append(" " + " ".join(name(a) for a in args))
    needs = dict(pending.get("needs") or {})
    wants = [f"{count} {symbol}" for symbol, count in needs.items() if count]
    if pending.get("open_need"):
        wants.append(f"any {pending['open_need']} (paid {pending.get('open_paid', 0)})")
    if wants:
        text.append(" · needs ", style="dim")
        text.append(", ".join(wants), style="bold")
    played = pending.get("played") or []
    if played:
        text.append(" · played ", style="dim")
        text.append(", ".join(card_name(c) for c in played))
    if pending.get("optional"):
        text.append(" · optional (decline to refuse)", style="dim")
    drawn = pending.get("drawn")
    if isinstance(drawn, list):
        text.append(" · drawn: ", style="dim")
        text.append(", ".join(card_name(c) for c in drawn), style="bold")
    elif isinstance(drawn, int):
        text.append(f" · {drawn} cards drawn (hidden)", style="dim")
    return text


def cards_text(cards: Iterable[str]) -> Text:
    """Card names, copies shown once with a count."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    parts = []
    for card, count in counts.items():
        part = Text(card_name(card))
        if count > 1:
            part.append(f" x{count}", style="dim")
        parts.append(part)
    return joined(parts) if parts else Text("-", style="dim")


def players_table(view: View) -> Table:
    """One row per player: score, VP counters, Available stock and pool, card counts and the
    Reserve (public)."""
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold dim")
    table.add_column("Player", no_wrap=True)
    table.add_column("VP", justify="right", no_wrap=True)
    table.add_column("Counters")
    table.add_column("Stock", no_wrap=True)
    table.add_column("Army", no_wrap=True)
    table.add_column("Ship", no_wrap=True)
    table.add_column("Cards", no_wrap=True)
    table.add_column("Reserve", ratio=1)
    current = view["current_player"]
    for player in view["players"]:
        seat = int(player["seat"])
        who = Text(f"{TURN_MARK} " if seat == current and not view["terminal"] else "  ")
        who.append_text(seat_text(view, seat))
        if seat in (view.get("winners") or []) and view["terminal"]:
            who.append(" wins", style="bold green")
        counters = player.get("vp_counters") or []
        stock = f"{player['towns']}{PIECES['town']} {player['cities']}{PIECES['city']}"
        if player.get("citadel") == "captured":
            stock += f" {PIECES['citadel']} lost"
        cards = f"{player['hand_count']}/{player['deck_count']}/{len(player.get('discard') or [])}"
        table.add_row(
            who,
            Text(str(player["score"]), style="bold"),
            Text(" ".join(str(c) for c in counters) or "-", style="" if counters else "dim"),
            stock,
            f"{player['armies']}+{player['army_pool']}",
            f"{player['ships']}+{player['ship_pool']}",
            Text(cards, justify="center"),
            reserve_text(player),
        )
    return table


def reserve_text(player: Entry) -> Text:
    """``1/2: Philosopher, Warehouse (new)``."""
    reserve = list(player.get("reserve") or [])
    fresh = list(player.get("reserve_new") or [])
    text = Text(f"{len(reserve) + len(fresh)}/{player.get('reserve_limit')}", "dim")
    if reserve or fresh:
        text.append(": ", style="dim")
        text.append_text(cards_text(reserve))
        if fresh:
            if reserve:
                text.append(", ")
            text.append_text(cards_text(fresh))
            text.append(" (new)", style="dim")
    return text


def hand_line(view: View) -> Text | None:
    """The viewer's own hand, each card with its symbols and heading (None: no hand shown)."""
    seat = view.get("player")
    players = view["players"]
    if seat is None or not 0 <= seat < len(players):
        return None
    hand = players[seat].get("hand")
    if hand is None:
        return None
    text = Text("Your hand: ", style="bold")
    if not hand:
        text.append("empty", style="dim")
    for index, card in enumerate(hand):
        if index:
            text.append(" · ", style="dim")
        text.append(card_name(card), style="bold")
        heading = card_heading(card)
        details = card_symbols(card) + (f"; {heading}" if heading else "")
        text.append(f" ({details})", style="dim")
    return text


def piles_line(view: View) -> Text | None:
    """Cards removed from the game and set aside, by player (None when there are none)."""
    text = Text()
    for key, words in (("removed", "Removed"), ("set_aside", "Set aside")):
        owners = [p for p in view["players"] if p.get(key)]
        if not owners:
            continue
        if text:
            text.append("   ")
        text.append(f"{words}: ", style="bold")
        for index, player in enumerate(owners):
            if index:
                text.append(" · ", style="dim")
            text.append_text(colour_text(int(player["seat"])))
            text.append(" ")
            text.append_text(cards_text(player[key]))
    return text or None


def colour_text(seat: int) -> Text:
    """A seat's colour as a capitalised word in that colour: ``Blue``."""
    colour = seat_colour(seat)
    return Text(colour.capitalize(), style=f"bold {colour}")


def armies_text(entry: Entry) -> Text:
    """``R3 B1+2m``: armies (and mercenaries) per player in a province."""
    parts = []
    mercs = list(entry.get("mercenaries") or [])
    for seat, count in enumerate(entry.get("armies") or []):
        extra = mercs[seat] if seat < len(mercs) else 0
        if count or extra:
            colour = seat_colour(seat)
            part = Text(f"{colour[0].upper()}{count}", style=f"bold {colour}")
            if extra:
                part.append(f"+{extra}m", style=colour)
            parts.append(part)
    return Text(" ").join(parts)


def province_token(entry: Entry) -> Text:
    """A province in a few characters: piece, name, castle, dragon, armies, war."""
    text = Text()
    piece = entry.get("piece")
    if piece:
        text.append(PIECES.get(str(piece), "?") + " ")
    owner = entry.get("owner")
    style = "bold" if piece in ("city", "citadel") else ""
    text.append(str(entry["name"]), style=style)
    if owner is None:
        shape = board()
        index = shape.province_index.get(str(entry["id"]))
        if index is not None:
            text.append(f" {shape.neutral_strength[index]}", style=NEUTRAL_STYLE)
    if entry.get("castle"):
        text.append(f" {CASTLE}")
    if entry.get("dragon"):
        text.append(f" {DRAGON}", style="red")
    if entry.get("runestone"):
        text.append(f" {RUNESTONE}", style="cyan")
    armies = armies_text(entry)
    if armies.plain:
        text.append(" ")
        text.append_text(armies)
    if entry.get("at_war"):
        text.append(f" {WAR}", style="bold red")
    return text


def board_block(view: View) -> Table:
    """The board in a few lines: each player's provinces, the neutral ones, the wars, ships,
    roads, VP cards, supply and display."""
    table = Table(box=None, padding=(0, 1), show_header=False, show_edge=False, expand=True)
    table.add_column("what", no_wrap=True, style="bold")
    table.add_column("detail", ratio=1)
    provinces = view["provinces"]
    for player in view["players"]:
        seat = int(player["seat"])
        owned = [p for p in provinces if p.get("owner") == seat]
        label = colour_text(seat)
        label.append(f" ({len(owned)})", style="")
        table.add_row(label, tokens_text(owned))
    neutral = [p for p in provinces if p.get("owner") is None]
    table.add_row(
        Text(f"Neutral ({len(neutral)})", style=f"bold {NEUTRAL_STYLE}"), tokens_text(neutral)
    )
    wars = wars_text(view)
    if wars is not None:
        table.add_row("Wars", wars)
    table.add_row("Seas", seas_text(view))
    roads = [Text(f"{name(a)}–{name(b)}") for a, b in view.get("roads") or []]
    table.add_row("Roads", joined(roads, " · ") if roads else Text("none", style="dim"))
    table.add_row("VP cards", vp_text(view))
    table.add_row("Display", display_text(view))
    return table


def tokens_text(entries: list[Entry]) -> Text:
    """Provinces as tokens, `` · `` between (a dim dash for none)."""
    if not entries:
        return Text("-", style="dim")
    return joined((province_token(p) for p in entries), " · ")


def legend() -> Text:
    """What the marks mean, and how to ask about the board."""
    return Text(
        f"{PIECES['town']} town  {PIECES['city']} city  {PIECES['citadel']} citadel  "
        f"{CASTLE} castle  R3 armies (+m mercenaries)  {WAR} at war  neutral: its strength · "
        "Army, Ship: in stock + in the pool · Cards: hand/deck/discard · info NAME: a card, "
        "or a province's borders; map: every border",
        style="dim",
    )


def wars_text(view: View) -> Text | None:
    """Every war: the province, its defender and each side's Military Strength."""
    wars = [p for p in view["provinces"] if p.get("at_war")]
    if not wars:
        return None
    parts = []
    for entry in wars:
        owner = entry.get("owner")
        part = Text(str(entry["name"]), style="bold")
        part.append(": ")
        strengths = dict(entry.get("strengths") or {})
        order = sorted(strengths, key=lambda key: (-int(strengths[key]), int(key)))
        part.append_text(
            joined((Text.assemble(side_text(key), f" {strengths[key]}") for key in order), " vs ")
        )
        if owner is not None:
            part.append(" (")
            part.append_text(side_text(int(owner)))
            part.append(" defends)")
        parts.append(part)
    return joined(parts, " · ")


def ships_text(sea: Entry) -> Text | None:
    """``R1 B2``: ships per player in a sea area (None: none there)."""
    ships = [
        Text(f"{seat_colour(seat)[0].upper()}{count}", style=f"bold {seat_colour(seat)}")
        for seat, count in enumerate(sea.get("ships") or [])
        if count
    ]
    return Text(" ").join(ships) if ships else None


def seas_text(view: View) -> Text:
    """Ships in the sea areas that have some."""
    parts = []
    for sea in view["seas"]:
        ships = ships_text(sea)
        if ships is not None:
            parts.append(Text.assemble(str(sea["name"]), " ", ships))
    if not parts:
        return Text("no ships at sea", style="dim")
    return joined(parts, " · ")


def vp_text(view: View) -> Text:
    """The VP cards in play with the counters left, the unused stock and the supply."""
    parts = []
    for card in view.get("vp_cards") or []:
        counters = list(card.get("counters") or [])
        values = [vp_value(str(card["id"]), str(slot)) for slot in counters]
        if card["id"] in ("lord-of-the-isles", "master-of-the-seas"):
            left = ", ".join(f"{slot} {v}VP" for slot, v in zip(counters, values, strict=True))
        else:
            left = f"{len(counters)} x {values[0]}VP" if counters else ""
        part = Text(str(card["name"]), style="" if counters else "dim")
        part.append(f" {left or 'empty'}", style="bold" if counters else "dim")
        parts.append(part)
    text = joined(parts, " · ")
    stock = view.get("vp_stock") or {}
    supply = view.get("supply") or {}
    text.append(
        f" · unused stock {' '.join(f'{count}x{value}' for value, count in stock.items())}"
        f" · {view.get('empty_vp_cards', 0)} cards empty · supply: {supply.get('roads', 0)} "
        f"roads, {supply.get('castles', 0)} castles, {supply.get('mercenaries', 0)} mercenaries",
        style="dim",
    )
    return text


def display_text(view: View) -> Text:
    """The Improvement display, the deck and the Province supply."""
    display = []
    for card in view.get("display") or []:
        part = Text(card_name(card))
        heading = card_heading(card)
        part.append(f" ({card_symbols(card)}{'; ' + heading if heading else ''})", style="dim")
        display.append(part)
    text = joined(display, " · ") if display else Text("empty", style="dim")
    text.append(
        f" · {view.get('improvement_deck', 0)} Improvement cards face down · "
        f"Province supply: {len(view.get('province_supply') or [])} cards",
        style="dim",
    )
    return text


# --- info: cards, provinces, seas, VP cards and the map --------------------------------------

BORDER_WORDS = {
    "plain": "plain",
    "hills": "hills: +1 food to invade, +1 stone for a road",
    "mountains": "mountains: no invasion, no road",
}
BORDER_MARKS = {"plain": "", "hills": "^", "mountains": "▲"}


def provinces_by_id(view: View | None) -> dict[str, Entry]:
    """The view's provinces by id (empty without a view)."""
    if view is None:
        return {}
    return {str(p["id"]): p for p in view.get("provinces") or []}


def province_state(entry: Entry | None) -> Text:
    """A province's state now, without its name: ``Red ⌂ town ♜ R1 ✕ at war``,
    ``neutral 4 dragon``."""
    if entry is None:
        return Text("")
    owner = entry.get("owner")
    if owner is None:
        text = Text("neutral", style=NEUTRAL_STYLE)
        index = board().province_index.get(str(entry["id"]))
        if index is not None:
            text.append(f" {board().neutral_strength[index]}", style=NEUTRAL_STYLE)
    else:
        text = colour_text(int(owner))
    piece = entry.get("piece")
    if piece:
        text.append(f" {PIECES.get(str(piece), '?')} {piece}")
    for key, mark, style in (
        ("castle", CASTLE, ""),
        ("dragon", DRAGON, "red"),
        ("runestone", RUNESTONE, "cyan"),
    ):
        if entry.get(key):
            text.append(f" {mark}", style=style)
    armies = armies_text(entry)
    if armies.plain:
        text.append(" ")
        text.append_text(armies)
    if entry.get("at_war"):
        text.append(f" {WAR} at war", style="bold red")
    return text


def named_state(province: str, now: Mapping[str, Entry]) -> Text:
    """``Aporia (Green ⌂ town G2)``: a province with its state now when a view gives it."""
    text = Text(name(province))
    if province in now:
        text.append(" (")
        text.append_text(province_state(now[province]))
        text.append(")")
    return text


def card_sheet(card: str) -> RenderableType:
    """An Improvement or Starting card: symbols, heading, crossing and text."""
    found = catalog().cards[card]
    facts: list[tuple[str, Any]] = [("symbols", card_symbols(card))]
    if found.heading != "none":
        facts.append(("heading", found.heading))
    if found.crossing:
        facts.append(("", "carries an invasion across one sea area"))
    return Group(facts_line(facts), Text(found.text))


def vp_sheet(card: str) -> RenderableType:
    """A VP card: its text and its counters."""
    found = catalog().vp[card]
    counters = "2VP each, by rule" if found.fixed else " ".join(f"{c}VP" for c in found.counters)
    return Group(Text(found.text), facts_line([("counters", counters)]))


def sea_sheet(sea: str, view: View | None) -> RenderableType:
    """A sea area: the provinces on its shore, the seas it touches, ships now."""
    shape = board()
    found = shape.seas[shape.sea_index[sea]]
    now = provinces_by_id(view)
    coast = Text("Coast: ", style="bold")
    coast.append_text(joined(named_state(p, now) for p in sorted(found.coasts, key=name)))
    touches = ", ".join(name(s) for s in found.touches) or "no other sea"
    parts: list[RenderableType] = [
        coast,
        Text.assemble(("Touches: ", "bold"), touches),
    ]
    if view is not None:
        entry = next((s for s in view.get("seas") or [] if s.get("id") == sea), None)
        if entry is not None:
            ships = ships_text(entry)
            parts.append(Text.assemble(("Ships now: ", "bold"), ships or Text("none", style="dim")))
    return Group(*parts)


def province_sheet(province: str, view: View | None, card_text: str = "") -> RenderableType:
    """A province: its Province card (symbol and ``card_text``), neutral strength, terrain,
    island, its state now and every neighbour, by land (with the border's kind) and by sea."""
    shape = board()
    index = shape.province_index[province]
    found = shape.provinces[index]
    now = provinces_by_id(view)
    facts: list[tuple[str, Any]] = [
        ("Province card", f"1 {found.symbol}"),
        ("neutral strength", found.neutral_strength),
    ]
    if found.rugged:
        facts.append(("", "rugged: +1 to a player defending it"))
    facts.append(("", f"{found.island} island" if found.island else "mainland"))
    parts: list[RenderableType] = [facts_line(facts)]
    if card_text:
        parts.append(Text.assemble(("Its Province card: ", "bold"), card_text))
    if province in now:
        parts.append(Text.assemble(("Now: ", "bold"), province_state(now[province])))
    borders = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold dim")
    borders.add_column("Land border")
    borders.add_column("kind")
    if now:
        borders.add_column("now")
    for other, kind in sorted(found.borders.items(), key=lambda item: name(item[0])):
        row: list[RenderableType] = [name(other), BORDER_WORDS[kind]]
        if now:
            row.append(province_state(now.get(other)))
        borders.add_row(*row)
    parts.append(borders if found.borders else Text("No land border.", style="bold"))
    seas = [shape.sea_names[s] for s in shape.province_seas[index]]
    sea_line = Text("Coast of: ", style="bold")
    sea_line.append(", ".join(seas) if seas else "no sea (inland)")
    parts.append(sea_line)
    for crossed in (1, 2):
        reached = [
            shape.names[q]
            for q, seas_crossed in shape.sea_routes(index).items()
            if seas_crossed == crossed
        ]
        if reached:
            ship = "1 Ship card" if crossed == 1 else "2 Ship cards"
            line = Text(f"Invade across {crossed} sea{'s' if crossed > 1 else ''} ({ship}): ")
            line.stylize("bold")
            line.append(", ".join(sorted(reached)))
            parts.append(line)
    return Group(*parts)


def map_sheet(view: View | None) -> RenderableType:
    """Every province's land borders and seas (names in their owner's colour)."""
    shape = board()
    now = provinces_by_id(view)
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False)
    table.add_column("Province", no_wrap=True)
    if now:
        table.add_column("Owner", no_wrap=True)
    table.add_column("Card", no_wrap=True)
    table.add_column("Str", justify="right", no_wrap=True)
    table.add_column(
        f"Land borders ({BORDER_MARKS['hills']} hills, {BORDER_MARKS['mountains']} mountains)",
        ratio=1,
    )
    table.add_column("Seas")

    def owned_name(province: str) -> Text:
        entry = now.get(province)
        owner = None if entry is None else entry.get("owner")
        return Text(name(province), style=seat_colour(int(owner)) if owner is not None else "")

    for found in sorted(shape.provinces, key=lambda p: p.name):
        row: list[RenderableType] = [Text(found.name, style="bold")]
        if found.rugged:
            row[0] = Text.assemble((found.name, "bold"), ("*", "dim"))
        if now:
            owner = now[found.id].get("owner") if found.id in now else None
            row.append(
                colour_text(int(owner)) if owner is not None else Text("neutral", NEUTRAL_STYLE)
            )
        borders = []
        for other, kind in sorted(found.borders.items(), key=lambda item: name(item[0])):
            part = owned_name(other)
            part.append(BORDER_MARKS[kind], style="bold")
            borders.append(part)
        table.add_row(
            *row,
            found.symbol,
            str(found.neutral_strength),
            joined(borders) if borders else Text("none", style="dim"),
            ", ".join(shape.sea_names[shape.sea_index[s]].replace(" Sea", "") for s in found.seas),
        )
    return Group(
        table,
        Text(
            "* rugged (+1 to a player defending it) · Str: neutral strength · Card: the "
            "Province card's symbol · hills: +1 food to invade, +1 stone for a road · "
            "mountains: no invasion, no road · info PROVINCE: its borders and sea routes",
            style="dim",
        ),
    )


def mythotopia_entries(
    view: View | None, printed: Mapping[str, Mapping[str, Any]] | None = None
) -> list[InfoEntry]:
    """Starting and Improvement cards, provinces, sea areas, VP cards and the map;
    ``printed``: the game's catalogue, for the Province cards' texts."""
    printed = printed or {}
    cards = catalog()
    shape = board()
    entries = [
        InfoEntry(card, found.name, "Starting card", partial(card_sheet, card))
        for card, found in cards.starting.items()
    ]
    entries += [
        InfoEntry(card, found.name, "Improvement card", partial(card_sheet, card))
        for card, found in cards.improvements.items()
    ]
    entries += [
        InfoEntry(
            p.id,
            p.name,
            "province",
            partial(province_sheet, p.id, view, str(printed.get(p.id, {}).get("text", ""))),
        )
        for p in shape.provinces
    ]
    entries += [
        InfoEntry(s.id, s.name, "sea area", partial(sea_sheet, s.id, view)) for s in shape.seas
    ]
    entries += [
        InfoEntry(f"vp-{card}", found.name, "VP card", partial(vp_sheet, card))
        for card, found in cards.vp.items()
    ]
    entries.append(InfoEntry("map", "Map", "board", partial(map_sheet, view), ("borders",)))
    return entries


class MythotopiaRenderer(Renderer):
    """Mythotopia's players, board, VP cards and the action being paid for."""

    info_hint = "info NAME shows a card's text or a province's borders, map all borders"
    shortcuts: Mapping[str, str] = MappingProxyType({"map": "map"})

    def position(self, view: View) -> RenderableType:
        parts: list[RenderableType] = [header(view)]
        pending = pending_line(view)
        if pending is not None:
            parts.append(pending)
        parts.append(players_table(view))
        for line in (hand_line(view), piles_line(view)):
            if line is not None:
                parts.append(line)
        parts.append(board_block(view))
        parts.append(legend())
        return Group(*parts)

    def info_entries(self, game: Game, view: View | None = None) -> Sequence[InfoEntry]:
        return mythotopia_entries(view, game.catalog())

    def seat_name(self, view: View, seat: int) -> str:
        return seat_label(seat)

    def instruction(self, view: View) -> str | None:
        return instruction(view)

    def result(self, view: View) -> RenderableType | None:
        return results_table(view)


def instruction(view: View) -> str | None:
    """What the player to move is asked to decide (markup)."""
    pending = view.get("pending")
    if pending:
        kind = str(pending["kind"])
        if kind in ("reserve", "discard", "remove", "counsellor"):
            return f"{PENDING[kind].capitalize()}: choose a card, or done to stop."
        if kind == "keep":
            return "Philosopher: keep one of the cards drawn."
        if kind == "move":
            return "Road move: move more armies (move <from> <to> <n>), or done to stop."
        if pending.get("optional"):
            return f"{PENDING.get(kind, kind)} Pay a card, or decline."
        return "Pay with a card from your hand or Reserve (pay <card> <symbol>), or done."
    phase = view["phase"]
    if phase == "reject":
        return "Set aside one of your dealt Province cards (secretly)."
    if phase == "citadel":
        return "Choose the province for your Citadel (secretly)."
    if phase == "play":
        taken = int((view.get("turn") or {}).get("actions", 0))
        if taken >= 2:
            return "Your two actions are done: take free actions, or end-turn to refill."
        return f"Choose an action ({taken} of 2 taken), or a free action."
    return None


def results_table(view: View) -> Table | None:
    """Scores at the end: provinces, counters and the winners."""
    if not view["terminal"]:
        return None
    table = Table(title="The end of the game", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("Player")
    table.add_column("Score", justify="right")
    table.add_column("Provinces", justify="right")
    table.add_column("Counters")
    table.add_column("Result")
    winners = set(view.get("winners") or [])
    for player in view["players"]:
        seat = int(player["seat"])
        owned = sum(1 for p in view["provinces"] if p.get("owner") == seat)
        table.add_row(
            seat_text(view, seat),
            str(player["score"]),
            str(owned),
            " ".join(str(c) for c in player.get("vp_counters") or []) or "-",
            "[bold green]wins[/]" if seat in winners else "",
        )
    return table
