"""Mythotopia in the terminal: the turn, each player's standing and cards, the provinces by
owner, wars, seas, roads, the VP cards, the display and the action being paid for.

Everything shown comes from a view (``state.view(seat)``) plus the public card catalogue
(names, symbols, VP counter values). Another player's hand is in the view only as a count,
so it can never be named here; Reserves, discard piles and removed cards are public.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from theomachy.games.mythotopia.board import board
from theomachy.games.mythotopia.cards import catalog
from theomachy.terminal.render import Renderer, View

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
    """One row per player: score, VP counters, Available stock and pool, card counts."""
    table = Table(
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        expand=True,
        caption="Stock: Towns and Cities to place · Army, Ship: in stock + in the pool",
        caption_justify="left",
        caption_style="dim",
    )
    table.add_column("Player", no_wrap=True)
    table.add_column("VP", justify="right", no_wrap=True)
    table.add_column("Counters", ratio=1)
    table.add_column("Stock", no_wrap=True)
    table.add_column("Army", no_wrap=True)
    table.add_column("Ship", no_wrap=True)
    table.add_column("Hand", justify="right", no_wrap=True)
    table.add_column("Deck", justify="right", no_wrap=True)
    table.add_column("Disc", justify="right", no_wrap=True)
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
        table.add_row(
            who,
            Text(str(player["score"]), style="bold"),
            Text(" ".join(str(c) for c in counters) or "-", style="" if counters else "dim"),
            stock,
            f"{player['armies']}+{player['army_pool']}",
            f"{player['ships']}+{player['ship_pool']}",
            str(player["hand_count"]),
            str(player["deck_count"]),
            str(len(player.get("discard") or [])),
        )
    return table


def cards_block(view: View) -> Table:
    """Each player's Reserve (public), removed cards, and the viewer's hand."""
    table = Table(box=None, padding=(0, 1), show_header=False, expand=True)
    table.add_column("who", no_wrap=True)
    table.add_column("what", no_wrap=True, style="dim")
    table.add_column("cards", ratio=1, overflow="fold")
    for player in view["players"]:
        seat = int(player["seat"])
        hand = player.get("hand")
        if hand is not None:
            mine = Text()
            for index, card in enumerate(hand):
                if index:
                    mine.append(" · ", style="dim")
                mine.append(card_name(card), style="bold")
                heading = card_heading(card)
                details = card_symbols(card) + (f"; {heading}" if heading else "")
                mine.append(f" ({details})", style="dim")
            table.add_row(seat_text(view, seat), "hand", mine if hand else Text("empty"))
        reserve = list(player.get("reserve") or [])
        fresh = list(player.get("reserve_new") or [])
        limit = player.get("reserve_limit")
        line = cards_text(reserve + fresh) if reserve or fresh else Text("empty", style="dim")
        if fresh:
            line.append(f" (new this turn: {', '.join(card_name(c) for c in fresh)})", "dim")
        table.add_row(
            seat_text(view, seat) if hand is None else Text(""),
            f"reserve {len(reserve) + len(fresh)}/{limit}",
            line,
        )
        if player.get("removed"):
            table.add_row(Text(""), "removed", cards_text(player["removed"]))
        if player.get("set_aside"):
            table.add_row(Text(""), "set aside", cards_text(player["set_aside"]))
    return table


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


def provinces_block(view: View) -> Table:
    """The provinces grouped by owner (then the neutral ones), with a legend."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), expand=True, show_header=False)
    table.add_column("owner", no_wrap=True)
    table.add_column("count", justify="right", no_wrap=True)
    table.add_column("provinces", ratio=1)
    groups: list[tuple[Text, list[Entry]]] = []
    for player in view["players"]:
        seat = int(player["seat"])
        owned = [p for p in view["provinces"] if p.get("owner") == seat]
        groups.append((seat_text(view, seat), owned))
    neutral = [p for p in view["provinces"] if p.get("owner") is None]
    groups.append((Text("Neutral", style=f"bold {NEUTRAL_STYLE}"), neutral))
    for who, owned in groups:
        tokens: RenderableType = Text("-", style="dim")
        if owned:
            tokens = Columns([province_token(p) for p in owned], padding=(0, 2))
        table.add_row(who, str(len(owned)), tokens)
    return table


def legend() -> Text:
    """What the province markers mean."""
    return Text(
        f"{PIECES['town']} town  {PIECES['city']} city  {PIECES['citadel']} citadel  "
        f"{CASTLE} castle  R3 armies (+m mercenaries)  {WAR} at war  "
        "neutral: its strength",
        style="dim",
    )


def wars_block(view: View) -> Table | None:
    """Every war: the province, its defender and each side's Military Strength."""
    wars = [p for p in view["provinces"] if p.get("at_war")]
    if not wars:
        return None
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), title="Wars", title_justify="left")
    table.add_column("Province", no_wrap=True)
    table.add_column("Defender", no_wrap=True)
    table.add_column("Strengths", no_wrap=True)
    for entry in wars:
        owner = entry.get("owner")
        defender = side_text(-1 if owner is None else int(owner))
        strengths = dict(entry.get("strengths") or {})
        order = sorted(strengths, key=lambda key: (-int(strengths[key]), int(key)))
        line = joined(
            (Text.assemble(side_text(key), f" {strengths[key]}") for key in order), " vs "
        )
        table.add_row(str(entry["name"]), defender, line)
    return table


def seas_and_roads(view: View) -> Table:
    """Ships in each sea area, and the roads built."""
    table = Table(box=None, padding=(0, 1), show_header=False, expand=True)
    table.add_column("what", no_wrap=True, style="bold")
    table.add_column("detail", ratio=1)
    for sea in view["seas"]:
        ships = [
            Text(f"{seat_colour(seat)[0].upper()}{count}", style=f"bold {seat_colour(seat)}")
            for seat, count in enumerate(sea.get("ships") or [])
            if count
        ]
        table.add_row(
            str(sea["name"]), Text(" ").join(ships) if ships else Text("no ships", style="dim")
        )
    roads = [Text(f"{name(a)}–{name(b)}") for a, b in view.get("roads") or []]
    table.add_row("Roads", joined(roads) if roads else Text("none", style="dim"))
    return table


def vp_block(view: View) -> Table:
    """The VP cards in play with the counters left, the unused stock and the supply."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), expand=True)
    table.add_column("VP card", no_wrap=True)
    table.add_column("Left", no_wrap=True)
    table.add_column("", ratio=1)
    for card in view.get("vp_cards") or []:
        counters = list(card.get("counters") or [])
        values = [vp_value(str(card["id"]), str(slot)) for slot in counters]
        if card["id"] in ("lord-of-the-isles", "master-of-the-seas"):
            left = ", ".join(f"{slot} {v}VP" for slot, v in zip(counters, values, strict=True))
        else:
            left = f"{len(counters)} x {values[0]}VP" if counters else ""
        style = "" if counters else "dim"
        table.add_row(
            Text(str(card["name"]), style=style),
            Text(left or "empty", style=style or "bold"),
            "",
        )
    stock = view.get("vp_stock") or {}
    supply = view.get("supply") or {}
    table.add_row(
        Text("Unused stock", style="dim"),
        " ".join(f"{count}x{value}" for value, count in stock.items()),
        Text(
            f"{view.get('empty_vp_cards', 0)} cards empty · supply: {supply.get('roads', 0)} "
            f"roads, {supply.get('castles', 0)} castles, {supply.get('mercenaries', 0)} "
            "mercenaries",
            style="dim",
        ),
    )
    return table


def display_block(view: View) -> Table:
    """The Improvement display, the deck and the Province supply."""
    table = Table(box=None, padding=(0, 1), show_header=False, expand=True)
    table.add_column("what", no_wrap=True, style="bold")
    table.add_column("cards", ratio=1)
    display = []
    for card in view.get("display") or []:
        part = Text(card_name(card))
        heading = card_heading(card)
        part.append(f" ({card_symbols(card)}{'; ' + heading if heading else ''})", style="dim")
        display.append(part)
    table.add_row("Display", joined(display, " · ") if display else Text("empty", style="dim"))
    table.add_row(
        "Decks",
        Text(
            f"{view.get('improvement_deck', 0)} Improvement cards face down · "
            f"Province supply: {len(view.get('province_supply') or [])} cards",
            style="dim",
        ),
    )
    return table


class MythotopiaRenderer(Renderer):
    """Mythotopia's players, board, VP cards and the action being paid for."""

    def position(self, view: View) -> RenderableType:
        parts: list[RenderableType] = [header(view)]
        pending = pending_line(view)
        if pending is not None:
            parts.append(pending)
        parts.append(players_table(view))
        parts.append(cards_block(view))
        parts.append(
            Panel(
                Group(provinces_block(view), legend()),
                title="Provinces",
                title_align="left",
                padding=(0, 1),
            )
        )
        wars = wars_block(view)
        if wars is not None:
            parts.append(wars)
        parts.append(seas_and_roads(view))
        parts.append(vp_block(view))
        parts.append(display_block(view))
        return Group(*parts)

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
