"""Arena of the Gods in the terminal: each player's God, Life and resources, each Afterlife's
cards, the Battleground, the battle in progress with its windows and stack, and the viewer's
hand.

Only the view is read, so nothing hidden can show: other players' hands appear as counts
(plus the cards seen returning there). What happened is told by the game's narrator
(theomachy.games.arena_of_the_gods.narration), not here.

``info NAME`` tells any card's printed text (a God also by its Pantheon Ability's or God
Blessing's name): type, pantheon, class, cost, Power and Health, and its text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from theomachy.engine.core import Game
from theomachy.games.arena_of_the_gods.cards import Card, catalog
from theomachy.terminal.render import InfoEntry, Renderer, View, facts_line

SEAT_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")
STEP_WORDS = {
    "roll": "rolling for the first player",
    "setup-draw": "drawing opening hands",
    "turn-start": "start of turn",
    "turn-draw": "drawing",
    "main": "main phase",
    "redirect": "attack declared",
    "pre-window": "pre-combat window",
    "post-window": "post-combat window",
    "discard": "end of turn: discarding",
    "over": "game over",
}


def card_name(card: str) -> str:
    """A card's printed name."""
    found = catalog().get(card)
    return found.name if found is not None else card


def seat_label(seat: int) -> str:
    return f"P{seat}"


def seat_text(view: View, seat: int) -> Text:
    """``P1 Odin`` in the seat's colour."""
    god = view["players"][seat]["god"]
    return Text(f"{seat_label(seat)} {card_name(god)}", style=SEAT_COLOURS[seat % 6])


def token_text(view: View, token: str | None) -> Text:
    """A card on the Battleground by its printed name, coloured by controller."""
    if token is None:
        return Text("(gone)", style="dim")
    card, _, rest = token.partition("@")
    seat = int(rest.split(".")[0])
    return Text(f"{card_name(card)} ({token})", style=SEAT_COLOURS[seat % 6])


def header(view: View) -> Text:
    step = view["step"]
    words = STEP_WORDS.get(step, step)
    line = Text(f"Turn {view['turn'] + 1} — ")
    line.append_text(seat_text(view, view["turn_player"]))
    line.append(f" — {words}")
    return line


def players_table(view: View) -> Table:
    table = Table(box=box.SIMPLE_HEAD, title="Gods", title_justify="left")
    for column in ("player", "Life", "Gold", "Favor", "hand", "deck", "Afterlife"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for entry in view["players"]:
        name = seat_text(view, entry["seat"])
        if entry["out"]:
            name.append(" (out)", style="dim")
        hand = str(entry["hand_count"])
        known = entry.get("known_hand") or []
        if known:
            hand += " (" + ", ".join(card_name(c) for c in known) + ")"
        table.add_row(
            name,
            str(entry["life"]),
            str(entry["gold"]),
            str(entry["favor"]),
            hand,
            str(entry["deck_count"]),
            str(len(entry["afterlife"])),
        )
    return table


def afterlife_text(view: View) -> Text | None:
    """Each player's Afterlife (public; ``return`` and ``play-from-afterlife`` choose from it),
    one line a player with cards there: names with copies, by name (None when all are empty)."""
    lines = []
    for entry in view["players"]:
        pile = entry["afterlife"]
        if not pile:
            continue
        counts = Counter(card_name(c) for c in pile)
        line = Text("  ")
        line.append_text(seat_text(view, entry["seat"]))
        line.append(f" ({len(pile)}): ")
        line.append(", ".join(f"{n} ×{k}" if k > 1 else n for n, k in sorted(counts.items())))
        lines.append(line)
    if not lines:
        return None
    return Text("\n").join([Text("Afterlife", style="bold"), *lines])


def battleground(view: View) -> Table:
    table = Table(box=box.SIMPLE_HEAD, title="Battleground", title_justify="left")
    for column in ("card", "type", "Power/Health", "damage", "notes"):
        table.add_column(column)
    for perm in view["battleground"]:
        if perm["type"] == "god":
            continue
        stats = f"{perm['power']}/{perm['health']}" if perm["type"] == "unit" else ""
        damage = str(perm.get("damage", "")) if perm["type"] == "unit" and perm["damage"] else ""
        notes = []
        if perm.get("ready"):
            notes.append("ready")
        if perm.get("shield"):
            notes.append(f"prevent {perm['shield']}")
        if perm.get("used"):
            notes.append("used")
        if "bound_to" in perm:
            notes.append(f"on {seat_label(perm['bound_to'])}")
        table.add_row(
            token_text(view, perm["token"]), perm["type"], stats, damage, ", ".join(notes)
        )
    return table


def battle_panel(view: View) -> Panel | None:
    battle = view["battle"]
    if battle is None:
        return None
    line = Text()
    line.append_text(token_text(view, battle["attacker"]))
    line.append(" attacks ")
    line.append_text(token_text(view, battle["target"]))
    parts: list[RenderableType] = [line]
    if battle["stack"]:
        stack = Text("Waiting to resolve (last first): ")
        stack.append(
            ", ".join(
                card_name(item["card"]) + (f" → {item['target']}" if item["target"] else "")
                for item in reversed(battle["stack"])
            )
        )
        parts.append(stack)
    return Panel(Group(*parts), title="Battle", title_align="left")


def hand_text(view: View) -> Text | None:
    me = view["player"]
    if me is None:
        return None
    hand = view["players"][me].get("hand") or []
    text = Text("Your hand: ", style="bold")
    text.append(", ".join(_card_with_cost(c) for c in hand) or "(empty)", style="")
    return text


def _card_with_cost(card: str) -> str:
    found = catalog()[card]
    costs = []
    if found.gold:
        costs.append(f"{found.gold}G")
    if found.favor:
        costs.append(f"{found.favor}F")
    return f"{found.name} [{' '.join(costs) or 'free'}]"


def cost_words(card: Card) -> str:
    """``2 Gold, 1 Favor`` (``free`` for none)."""
    parts = [f"{card.gold} Gold"] if card.gold else []
    if card.favor:
        parts.append(f"{card.favor} Favor")
    return ", ".join(parts) or "free"


def card_sheet(card: Card) -> RenderableType:
    """A card's printed face: what it is, its cost and numbers, and its text."""
    what = card.type.capitalize()
    if card.unit_class is not None:
        what = f"{card.unit_class.capitalize()} Unit"
    elif card.kind is not None:
        what = f"{card.kind.capitalize()} Evocation"
    elif card.supply_class is not None:
        what = f"{card.supply_class.capitalize()} Supply"
    if card.subclasses:
        what += " — " + ", ".join(s.capitalize() for s in card.subclasses)
    facts: list[tuple[str, Any]] = [("", what), ("pantheon", card.pantheon.capitalize())]
    if card.type == "god":
        facts.append(("starting buildings", ", ".join(card_name(c) for c in card.starting)))
    else:
        facts.append(("cost", cost_words(card)))
    if card.power is not None and card.health is not None:
        facts += [("Power", card.power), ("Health", card.health)]
    parts: list[RenderableType] = [facts_line(facts)]
    # A God's text holds its two abilities: one line each.
    for piece in card.text.split(" God Blessing - "):
        if piece is not card.text and not piece.startswith("Pantheon Ability"):
            piece = "God Blessing - " + piece
        parts.append(Text(piece))
    return Group(*parts)


def arena_entries() -> list[InfoEntry]:
    """Every card; a God also answers to its Pantheon Ability's and Blessing's names."""
    entries = []
    for card in catalog().values():
        aliases = tuple(a for a in (card.pantheon_ability, card.blessing) if a)
        entries.append(InfoEntry(card.id, card.name, card.type, _sheet_of(card), aliases=aliases))
    return entries


def _sheet_of(card: Card) -> Any:
    return lambda: card_sheet(card)


def instruction(view: View) -> str | None:
    """What the player to move is asked to decide."""
    step = view["step"]
    me = view["player"]
    if any(entry["seat"] == me for entry in view["pending"]):
        return "Choose which of your waiting abilities resolves next (trigger <card>)."
    if step == "main":
        return "Play a card, use an ability, attack (attack <unit> <target>), or end."
    if step == "redirect":
        return "Your Unit is attacked: redirect the attack to your God, or hold."
    if step in ("pre-window", "post-window"):
        return "Battle window: play a Combat Evocation or battle ability, or pass."
    if step == "discard":
        return "End of turn: discard cards to the Afterlife, or done."
    return None


class ArenaRenderer(Renderer):
    """Arena of the Gods: Gods, Battleground, battle, hand."""

    def position(self, view: View) -> RenderableType:
        parts: list[Any] = [header(view), players_table(view)]
        afterlife = afterlife_text(view)
        if afterlife is not None:
            parts.append(afterlife)
        parts.append(battleground(view))
        battle = battle_panel(view)
        if battle is not None:
            parts.append(battle)
        hand = hand_text(view)
        if hand is not None:
            parts.append(hand)
        return Group(*parts)

    def seat_name(self, view: View, seat: int) -> str:
        return f"{seat_label(seat)} {card_name(view['players'][seat]['god'])}"

    def info_entries(self, game: Game, view: View | None = None) -> Sequence[InfoEntry]:
        return arena_entries()

    def instruction(self, view: View) -> str | None:
        return instruction(view)

    def result(self, view: View) -> RenderableType | None:
        table = Table(box=box.SIMPLE_HEAD, title="Result", title_justify="left")
        table.add_column("player")
        table.add_column("Life", justify="right")
        table.add_column("")
        winners = set(view["winners"])
        for entry in view["players"]:
            table.add_row(
                seat_text(view, entry["seat"]),
                str(entry["life"]),
                "winner" if entry["seat"] in winners else "",
            )
        return table
