"""Mythic Wars in the terminal: each faction's deities and creatures, the round, the dice.

Everything shown comes from a view (``state.view(seat)``) plus the public entity catalogue
(names, scores, abilities). Another faction's face-down deities are in the view only as
placeholders (``id`` None), so they are drawn as hidden cards and can never be named here.
Dice are told from the view too: totals, criticals and results from ``settled`` (the rolls the
last action settled), so none of the rules' arithmetic is redone here.

Up to four factions each get a wide table with the ability of every visible card; with more,
the viewer's faction keeps its wide table and the others are drawn as compact panels, two to
a row at 100 columns.

In a Solo Destiny game entities are named ``<id>@<seat>`` (two factions may hold the same
deity): the id before ``@`` finds the card in the catalogue, and the log names them
``Thor@1`` so that the two Thors of a battle stay apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from theomachy.engine.core import Game
from theomachy.games.mythic_wars.cards import PANTHEONS, Entity, catalog
from theomachy.games.mythic_wars.narration import (
    SOLO_MARK,
    ability_title,
    card_of,
    entity_name,
)
from theomachy.terminal.render import InfoEntry, Renderer, View, facts_line

Entry = dict[str, Any]
"""One entity of a view's ``entities`` list."""
Settled = dict[str, Any]
"""One roll of a view's ``settled`` list (the rolls the last action settled)."""

SEAT_COLOURS = (
    "cyan",
    "magenta",
    "yellow",
    "green",
    "bright_blue",
    "bright_red",
    "bright_cyan",
    "bright_magenta",
)
ELEMENTS: dict[str, tuple[str, str]] = {
    "air": ("≋", "bright_cyan"),
    "chaos": ("✷", "magenta"),
    "earth": ("◆", "yellow"),
    "fire": ("▲", "red"),
    "law": ("✚", "bright_white"),
    "water": ("≈", "blue"),
}
# Every pantheon of the content, in its order, by its first three letters.
PANTHEON_SHORT = {pantheon: pantheon[:3].title() for pantheon in PANTHEONS}
# State -> (marker, word, style of the row).
STATES: dict[str, tuple[str, str, str]] = {
    "hidden": ("▒", "face down", "dim"),
    "uninvoked": ("◌", "face down", "dim"),
    "declared": ("◎", "declared", "yellow"),
    "invoked": ("●", "invoked", ""),
    "empowered": ("↻", "empowered", "italic"),
    "defeated": ("✝", "defeated", "dim strike"),
}
IN_BATTLE = ("invoked", "empowered")
STAT_SHORT = {"attack": "Att", "defense": "Def", "power": "Pow"}
WHO = {"self": "itself", "supporting": "supporters", "faction": "own faction", "opposing": "foes"}
PHASES = {
    "deal": "dealing",
    "draft": "draft",
    "assemble": "assembling factions",
    "first": "choosing the first prime faction",
    "start": "start of round",
    "invoke-abilities": "invocation abilities",
    "end": "end of round",
    "next-prime": "choosing the next prime faction",
    "over": "the battle is over",
}
PRIME_MARK = "♛"
TURN_MARK = "▶"
WIDE_FACTIONS = 4  # up to this many factions, every faction gets a wide table
COMPACT_WIDTH = 49  # a compact panel: two fit side by side in 100 columns
BAR_FULL, BAR_EMPTY = "█", "░"


def ability_summary(entity: Entity) -> str:
    """What an entity's ability does, in a few words (from its key and parameters)."""
    p, key = entity.params, entity.ability
    amount = p.amount if p.amount is not None else 0
    creature = entity_name(p.creature)
    summaries = {
        "modify": f"{signed(amount)} {STAT_SHORT.get(p.stat or '', p.stat)} rolls: "
        f"{WHO.get(p.who or '', p.who)}",
        "taunt": "its faction's non-Guardians cannot be attacked",
        "tie-breaker": "faction wins tied rolls",
        "no-crits": "no foe criticals vs faction",
        "thorns": f"attacker −{amount} on a {p.on}",
        "clash": f"empowered: clash, won: foe −{p.damage or 'd6'}",
        "blast": f"empowered: a foe −{amount}",
        "volley": f"empowered: every foe −{amount}",
        "heal": f"empowered: heal {amount}",
        "summon": f"empowered: summon {creature}",
        "doom": f"invoked: foe's Def roll <{p.threshold} dies",
        "ambush": "invoked: attack at once",
        "invoke-summon": f"invoked: summons {creature}",
        "invoke-heal": f"invoked: supporters +{amount}",
        "regenerate": f"round start: +{amount}",
        "burn": f"round end: a foe −{amount}",
        "extra-attack": f"{p.parity} Att roll: attack again",
        "lifesteal": f"on a hit: +{amount}",
    }
    return summaries.get(key, key)


TAG_WHO = {"self": "self", "supporting": "allies", "faction": "all", "opposing": "foes"}


def ability_tag(entity: Entity) -> str:
    """An entity's ability in one or two words, for the compact layout."""
    p, key = entity.params, entity.ability
    amount = p.amount if p.amount is not None else 0
    creature = entity_name(p.creature)
    tags = {
        "modify": f"{signed(amount)} {STAT_SHORT.get(p.stat or '', p.stat)} "
        f"{TAG_WHO.get(p.who or '', p.who)}",
        "taunt": "guardian",
        "tie-breaker": "wins ties",
        "no-crits": "no foe crits",
        "thorns": f"thorns {amount}/{p.on}",
        "clash": f"clash {p.damage or 'd6'}",
        "blast": f"blast {amount}",
        "volley": f"volley {amount}",
        "heal": f"heal {amount}",
        "summon": f"calls {creature}",
        "doom": f"doom <{p.threshold}",
        "ambush": "ambush",
        "invoke-summon": f"brings {creature}",
        "invoke-heal": f"heal allies {amount}",
        "regenerate": f"regen {amount}",
        "burn": f"burn {amount}",
        "extra-attack": f"{p.parity}: attack+1",
        "lifesteal": f"lifesteal {amount}",
    }
    return tags.get(key, key)


def signed(number: int) -> str:
    """``+2`` or ``−2`` (a real minus sign)."""
    return f"+{number}" if number >= 0 else f"−{-number}"


def element_glyph(element: str | None) -> Text:
    """An element as its coloured glyph."""
    glyph, style = ELEMENTS.get(element or "", ("?", "dim"))
    return Text(glyph, style=style)


def element_label(element: str | None) -> Text:
    """An element as its coloured glyph and name."""
    text = element_glyph(element)
    text.append(f" {element}", style=ELEMENTS.get(element or "", ("", "dim"))[1])
    return text


def plain_seat(seat: int) -> str:
    """``Seat N`` in the seat's colour (markup), without the pantheon."""
    return f"[bold {seat_colour(seat)}]Seat {seat}[/]"


def seat_colour(seat: int) -> str:
    """The colour of a seat's name."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def state_key(entry: Entry) -> str:
    """``hidden`` for another faction's face-down card, ``declared`` for a face-down deity
    declared this Invocation Phase, else the view's state."""
    if entry.get("id") is None:
        return "hidden"
    if entry["state"] == "uninvoked" and entry.get("declared"):
        return "declared"
    return str(entry["state"])


def energy_bar(entry: Entry, width: int | None = None) -> Text:
    """Energy points as a bar of ``power`` cells (scaled to ``width`` if given) and digits."""
    power, energy = entry.get("power"), entry.get("energy")
    if power is None or energy is None:
        return Text("?", style="dim")
    state = entry["state"]
    if state == "defeated":
        return Text("—", style="dim")
    left = max(0, energy)
    cells = width or power
    full = round(cells * min(left, power) / power) if power else 0
    if state == "uninvoked":
        style = "dim green"
    elif left * 3 <= power:
        style = "red"
    elif left * 3 <= power * 2:
        style = "yellow"
    else:
        style = "green"
    text = Text(BAR_FULL * full, style=style)
    text.append(BAR_EMPTY * (cells - full), style="dim")
    text.append(f" {energy}/{power}", style="bold" if state in IN_BATTLE else "dim")
    return text


def faction_entries(view: View, seat: int) -> list[tuple[Entry, bool]]:
    """A faction's entities in order, each creature right after its summoner: (entry, is a
    summoned creature)."""
    own = [e for e in view["entities"] if e["owner"] == seat]
    creatures = [e for e in own if e.get("summoner")]
    placed: set[int] = set()
    ordered: list[tuple[Entry, bool]] = []
    for entry in own:
        if entry.get("summoner"):
            continue
        ordered.append((entry, False))
        for index, creature in enumerate(creatures):
            if creature["summoner"] == entry.get("id"):
                ordered.append((creature, True))
                placed.add(index)
    ordered += [(c, True) for i, c in enumerate(creatures) if i not in placed]
    return ordered


def _name_cell(entry: Entry, creature: bool, width: int | None = None) -> Text:
    key = state_key(entry)
    marker, _, style = STATES[key]
    if key == "hidden":
        return Text(f"{marker} " + "░" * 13, style="dim")
    name = str(entry.get("name") or entry_name(entry))
    text = Text(("└ " if creature else "") + f"{marker} ", style=style)
    text.append(name, style=("bold " if key in IN_BATTLE else "") + style)
    if width is not None:
        text.truncate(width, overflow="ellipsis")
    return text


def entry_name(entry: Entry) -> str:
    """The name of a view entity (``Thor@1`` in a solo game, where two may share a name)."""
    token = entry.get("id")
    if token is not None and SOLO_MARK in str(token):
        return entity_name(str(token))
    return str(entry.get("name") or entity_name(token))


def _faction_title(view: View, seat: int, renderer: MythicWarsRenderer) -> Text:
    faction = view["factions"][seat]
    title = Text()
    to_move = view["current_player"] == seat and not view["terminal"]
    title.append(f"{TURN_MARK} " if to_move else "")
    title.append_text(Text.from_markup(renderer.seat_name(view, seat)))
    if seat == view["player"]:
        title.append(" (you)", style="bold")
    if view["prime"] == seat:
        title.append(f" {PRIME_MARK} prime", style="bold yellow")
    if faction["eliminated"]:
        title.append(" ✝ eliminated", style="dim")
    return title


def _faction_subtitle(view: View, seat: int) -> Text:
    faction = view["factions"][seat]
    parts = [f"{faction['in_battle']} in battle", f"{faction['uninvoked']} face down"]
    if faction["hand"]:
        parts.append(f"{faction['hand']} dealt")
    return Text(" · ".join(parts), style="dim")


def _border(view: View, seat: int) -> str:
    if view["factions"][seat]["eliminated"]:
        return "dim"
    colour = seat_colour(seat)
    return f"bold {colour}" if view["current_player"] == seat else colour


def wide_faction(
    view: View, seat: int, renderer: MythicWarsRenderer, header: bool = True, short: bool = False
) -> Panel:
    """A faction as a table: state, name, pantheon, element, energy, scores, ability (the
    column widths are fixed, so the tables of all factions line up; ``short`` abilities are
    tags, for narrow terminals)."""
    table = Table(box=None, padding=(0, 1, 0, 0), expand=True, show_header=header)
    table.add_column("Entity", no_wrap=True, width=19, header_style="dim")
    table.add_column("Pan", no_wrap=True, width=3, header_style="dim")
    table.add_column("Element", no_wrap=True, width=7, header_style="dim")
    table.add_column("Energy", no_wrap=True, width=14, header_style="dim")
    table.add_column("A/D", no_wrap=True, width=3, header_style="dim")
    table.add_column("State", no_wrap=True, width=9, header_style="dim")
    table.add_column("Ability", ratio=1, overflow="fold", header_style="dim")
    rows = faction_entries(view, seat)
    if not rows:
        table.add_row(Text("no deities yet", style="dim"))
    for entry, creature in rows:
        key = state_key(entry)
        _, word, style = STATES[key]
        if key == "hidden":
            table.add_row(_name_cell(entry, creature), "", "", "", "", Text(word, style=style))
            continue
        entity = card_of(entry["id"])
        words = ability_tag if short else ability_summary
        ability = Text(words(entity) if entity is not None else "")
        if key not in IN_BATTLE:
            ability.stylize("dim")
        pantheon = str(entry.get("pantheon") or "")
        table.add_row(
            _name_cell(entry, creature, 19),
            Text(PANTHEON_SHORT.get(pantheon, pantheon), style=style),
            element_label(entry.get("element")),
            energy_bar(entry),
            Text(f"{entry.get('attack')}/{entry.get('defense')}", style=style),
            Text(word, style=style),
            ability,
        )
    return Panel(
        table,
        title=_faction_title(view, seat, renderer),
        title_align="left",
        subtitle=_faction_subtitle(view, seat),
        subtitle_align="right",
        border_style=_border(view, seat),
        padding=(0, 1),
    )


def compact_faction(
    view: View, seat: int, renderer: MythicWarsRenderer, width: int = COMPACT_WIDTH
) -> Panel:
    """A faction as a narrow panel: one line per card, with a short ability tag."""
    table = Table(box=None, padding=(0, 1, 0, 0), show_header=False, expand=True)
    table.add_column("entity", no_wrap=True, width=17)
    table.add_column("element", no_wrap=True, width=1)
    table.add_column("energy", no_wrap=True, width=8)
    table.add_column("A/D", no_wrap=True, width=3)
    table.add_column("ability", no_wrap=True, overflow="ellipsis", ratio=1)
    rows = faction_entries(view, seat)
    if not rows:
        table.add_row(Text("no deities yet", style="dim"))
    for entry, creature in rows:
        key = state_key(entry)
        style = STATES[key][2]
        if key == "hidden":
            table.add_row(_name_cell(entry, creature), "", "", "", "")
            continue
        entity = card_of(entry["id"])
        tag = Text(ability_tag(entity) if entity is not None else "")
        if key not in IN_BATTLE:
            tag.stylize("dim")
        table.add_row(
            _name_cell(entry, creature, 17),
            element_glyph(entry.get("element")),
            energy_bar(entry, width=4),
            Text(f"{entry.get('attack')}/{entry.get('defense')}", style=style),
            tag,
        )
    return Panel(
        table,
        title=_faction_title(view, seat, renderer),
        title_align="left",
        subtitle=_faction_subtitle(view, seat),
        subtitle_align="right",
        border_style=_border(view, seat),
        padding=(0, 0),
        width=width,
    )


class ByWidth:
    """A renderable built for the width it is given (wide tables or compact panels)."""

    def __init__(self, build: Callable[[int], RenderableType]) -> None:
        self.build = build

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> Iterator[RenderableType]:
        yield self.build(options.max_width)


def factions_block(view: View, renderer: MythicWarsRenderer) -> RenderableType:
    """Every faction: wide tables for a few, compact panels for many (two to a row at 100
    columns); on a narrow terminal abilities shrink to tags."""

    def build(width: int) -> RenderableType:
        short = width < 100
        seats = range(len(view["factions"]))
        if len(view["factions"]) <= WIDE_FACTIONS:
            return Group(*(wide_faction(view, seat, renderer, seat == 0, short) for seat in seats))
        me = view["player"]
        parts: list[RenderableType] = []
        if me is not None:
            parts.append(wide_faction(view, me, renderer, True, short))
        panel = max(38, min(COMPACT_WIDTH, (width - 1) // 2))
        others = [compact_faction(view, seat, renderer, panel) for seat in seats if seat != me]
        parts.append(Columns(others, padding=(0, 1)))
        return Group(*parts)

    return ByWidth(build)


def header(view: View, renderer: MythicWarsRenderer) -> Table:
    """The round, the phase and the prime faction; the mode on the right."""
    text = Text("Mythic Wars", style="bold")
    if view["round"]:
        text.append(f" · round {view['round']}")
    phase = str(view["phase"])
    text.append(f" · {PHASES.get(phase, phase + ' phase')}", style="bold")
    if view["prime"] is not None:
        text.append(f" · {PRIME_MARK} prime ")
        text.append_text(Text.from_markup(renderer.seat_name(view, view["prime"])))
    grid = Table.grid(expand=True)
    grid.add_column(ratio=1)
    grid.add_column(justify="right", no_wrap=True)
    mode = f"solo {view['mode']}" if view.get("solo") else view["mode"]
    grid.add_row(text, Text(f"{mode} mode", style="dim"))
    return grid


def legend() -> Text:
    """What the markers and element glyphs mean."""
    text = Text(style="dim")
    for key in ("invoked", "empowered", "declared", "uninvoked", "defeated"):
        marker, word, _ = STATES[key]
        text.append(f"{marker} {word} ")
    text.append("|")
    for element, (glyph, style) in ELEMENTS.items():
        text.append(" ")
        text.append(glyph, style=style)
        text.append(f" {element}")
    return text


def hand_panel(view: View) -> RenderableType | None:
    """The viewer's dealt cards during a draft, or the copy it assembles from (the shared one,
    or in a solo game its own; by pantheon; deities the rules do not offer now are dimmed)."""
    hand = view.get("hand") or []
    pool = view.get("pool") or []
    if not hand and not pool:
        return None
    me = view["player"]
    kept = sum(1 for e in view["entities"] if e["owner"] == me)
    offered = {a.split(" ")[1] for a in view["legal_actions"] if a.startswith("assemble ")}
    if pool:
        order = {pantheon: rank for rank, pantheon in enumerate(PANTHEONS)}

        def place(token: str) -> tuple[int, str]:
            card = card_of(token)
            return (order.get(card.pantheon, len(order)) if card else len(order), token)

        hand = sorted(pool, key=place)
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), expand=True, show_edge=False)
    for heading in ("Card", "Pantheon", "Element", "P", "A", "D"):
        table.add_column(heading, no_wrap=True, justify="right" if len(heading) == 1 else "left")
    table.add_column("Ability", ratio=1, overflow="fold")
    for card_id in hand:
        entity = card_of(card_id)
        if entity is None:
            table.add_row(card_id, "", "", "", "", "", "")
            continue
        table.add_row(
            Text(entity.name, style="bold"),
            entity.pantheon.title(),
            element_label(entity.element),
            str(entity.power),
            str(entity.attack),
            str(entity.defense),
            Text.assemble((ability_title(entity), "bold"), (f": {ability_summary(entity)}", "dim")),
            style="dim" if pool and card_id not in offered else None,
        )
    title = f"Your dealt cards: keep 4 ({kept} kept so far)"
    if pool:
        copy = "Your own copy" if view.get("solo") else "The shared copy"
        title = f"{copy}: take 4 ({kept} taken so far, {len(pool)} deities left)"
    return Panel(
        table,
        title=title,
        title_align="left",
        border_style="bold",
    )


def pending_line(view: View, renderer: MythicWarsRenderer) -> Text | None:
    """The attack, clash, roll or choice being resolved, with the dice rolled so far."""
    pending = view.get("pending")
    if not pending:
        return None
    kind = pending.get("kind")
    text = Text("Resolving: ", style="bold")
    if kind == "attack":
        attacker, target = pending["attacker"], pending["target"]
        text.append(f"⚔ {entity_name(attacker)} attacks {entity_name(target)}")
        if pending.get("extra"):
            text.append(" (extra attack)")
        die = pending.get("attack_die") or 0
        if die:
            text.append(f" · attack die {die}")
            text.append(f" · {entity_name(target)}'s defense die next", style="dim")
        else:
            text.append(" · attack die next", style="dim")
    elif kind == "clash":
        clasher, target = pending["clasher"], pending["target"]
        text.append(f"⚔ {entity_name(clasher)} clashes with {entity_name(target)}")
        die = pending.get("clasher_die") or 0
        if die:
            text.append(f" · {entity_name(clasher)} rolled {die}")
            text.append(f" · {entity_name(target)}'s die next", style="dim")
        else:
            text.append(f" · {entity_name(clasher)}'s die next", style="dim")
    elif kind == "defensetest":
        text.append(
            f"{entity_name(pending['source'])}: {entity_name(pending['target'])} must roll "
            f"Defense {pending['threshold']} or more, or be defeated"
        )
    elif kind == "damageroll":
        text.append(
            f"{entity_name(pending['source'])}: {entity_name(pending['target'])} loses a die "
            "roll of energy"
        )
    elif kind == "primeroll":
        text.append("tie for the prime faction: ")
        dice = list(pending.get("dice") or [])
        for index, seat in enumerate(pending.get("candidates") or []):
            text.append_text(Text.from_markup(renderer.seat_name(view, seat)))
            text.append(f" {dice[index]}  " if index < len(dice) else " ?  ")
    elif kind == "choice" and pending["purpose"] == "order":
        text.append("the order of their faction's abilities: ")
        text.append_text(Text.from_markup(renderer.seat_name(view, pending["player"])))
        text.append(" decides")
    elif kind == "choice":
        text.append(f"{entity_name(pending['unit'])}'s {pending['purpose'].replace('-', ' ')}: ")
        text.append_text(Text.from_markup(renderer.seat_name(view, pending["player"])))
        text.append(" decides")
    else:
        text.append(str(pending))
    return text


def entity_sheet(entity: Entity) -> RenderableType:
    """``info``: a deity's or creature's card: kind, pantheon, element, scores and text."""
    facts = Text()
    facts.append_text(element_label(entity.element))
    facts.append(" · ", style="dim")
    facts.append_text(
        facts_line(
            [
                ("", entity.kind),
                ("pantheon", entity.pantheon.capitalize()),
                ("Power", entity.power),
                ("Attack", entity.attack),
                ("Defense", entity.defense),
            ]
        )
    )
    return Group(facts, Text(entity.text))


def wars_entries() -> list[InfoEntry]:
    """Every deity and creature, also by its ability's name."""
    return [
        InfoEntry(e.id, e.name, e.kind, _sheet_of(e), aliases=(ability_title(e),))
        for e in catalog()
    ]


def _sheet_of(entity: Entity) -> Callable[[], RenderableType]:
    return lambda: entity_sheet(entity)


class MythicWarsRenderer(Renderer):
    """Mythic Wars's factions, round, phase and combat."""

    def position(self, view: View) -> RenderableType:
        parts: list[RenderableType] = [header(view, self)]
        pending = pending_line(view, self)
        if pending is not None:
            parts.append(pending)
        if view["entities"]:
            parts.append(factions_block(view, self))
            parts.append(legend())
        else:
            parts.append(setup_line(view, self))
        hand = hand_panel(view)
        if hand is not None:
            parts.append(hand)
        return Group(*parts)

    def info_entries(self, game: Game, view: View | None = None) -> Sequence[InfoEntry]:
        return wars_entries()

    def seat_name(self, view: View, seat: int) -> str:
        factions = view.get("factions") or []
        pantheon = factions[seat].get("pantheon") if seat < len(factions) else None
        name = plain_seat(seat)
        return f"{name} ({pantheon.title()})" if pantheon else name

    def instruction(self, view: View) -> str | None:
        return instruction(view)

    def result(self, view: View) -> RenderableType | None:
        return results_table(view, self)


def setup_line(view: View, renderer: MythicWarsRenderer) -> Text:
    """Before the factions exist: who has been dealt what."""
    text = Text("Setting up: ", style="dim")
    parts = []
    for faction in view["factions"]:
        seat = faction["seat"]
        part = Text.from_markup(renderer.seat_name(view, seat))
        if view["phase"] == "assemble":
            part.append(" 0 of 4 taken", style="dim")  # nobody has taken any yet
        else:
            part.append(f" {faction['hand']} dealt", style="dim")
        parts.append(part)
    text.append_text(Text("  ").join(parts))
    return text


def instruction(view: View) -> str | None:
    """What the person to move is asked to decide, in words (markup)."""
    pending = view.get("pending")
    if pending and pending.get("kind") == "choice":
        name = entity_name(pending["unit"])
        purpose = pending["purpose"]
        entity = card_of(pending["unit"])
        if purpose == "extra-attack":
            return f"{name}'s attack roll allows an extra attack: choose a target, or decline."
        if purpose == "ambush":
            return f"{name} ambushes on entering the battle: attack now, or decline."
        if purpose == "doom":
            threshold = entity.params.threshold if entity else "?"
            return (
                f"{name}: choose an opposing entity to make a Defense roll; under {threshold} "
                "it is defeated. Or decline."
            )
        if purpose == "burn":
            amount = entity.params.amount if entity else "?"
            return f"{name}: choose an opposing entity to lose {amount} energy."
        if purpose == "order":
            return (
                "Several abilities of your faction are due at once: choose which resolves "
                "first (then the next, until one is left)."
            )
        return f"{name}: {purpose}."
    phase = view["phase"]
    if phase == "draft":
        return "Draft: keep one of your dealt cards (4 in all); the others leave the game."
    if phase == "assemble":
        one = ", all from one pantheon" if view["mode"] == "pantheons-of-destiny" else ""
        copy = "your own copy" if view.get("solo") else "the shared copy"
        return (
            f"Assemble your faction: take a deity from {copy} (4 in all{one}); the others do "
            "not see which."
        )
    if phase == "invocation":
        return (
            "Invocation: declare one of your face-down deities. Declared deities enter the "
            "battle together once every faction has declared."
        )
    if phase == "empowerment":
        return (
            "Empowerment: turn one of your invoked entities to attack (Attack + die against "
            "Defense + die; a hit removes the difference, at least 1), use its ability, or rest."
        )
    return None


def results_table(view: View, renderer: MythicWarsRenderer) -> Table | None:
    """Each faction at the end: who won and what is left standing."""
    if not view["terminal"]:
        return None
    table = Table(title="The end of the battle", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("Faction")
    table.add_column("Result")
    table.add_column("Standing")
    winners = set(view["winners"])
    for faction in view["factions"]:
        seat = faction["seat"]
        standing = [
            f"{entry_name(e)} {e['energy']}/{e['power']}"
            for e in view["entities"]
            if e["owner"] == seat and e["state"] in IN_BATTLE
        ]
        result = "[bold green]wins[/]" if seat in winners else "[dim]defeated[/]"
        name = renderer.seat_name(view, seat) + (" (you)" if seat == view["player"] else "")
        table.add_row(name, result, ", ".join(standing) or "-")
    return table
