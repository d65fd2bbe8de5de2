"""Renderers turn a player's view (a dict from ``state.view(seat)``) into rich renderables.

Each game may register its own :class:`Renderer`; any other game gets the generic one, which
pretty-prints the view's public fields. Renderers see only views, never states, so they can
show nothing the player could not see at the table. What happened is told in the game's own
words by its narrator (``Game.narrator()``, in the game's package), not here.

A renderer also answers ``info NAME`` at the prompt (:meth:`Renderer.info`): the full printed
text of a card, unit, god, power, talent, province... named in any case, by its name or id.
Its entries (:class:`InfoEntry`) are printed facts, the game's catalogue (``Game.catalog()``)
by default; a game's renderer adds what its content names besides (talents, powers, a map's
borders). An entry never says where a card is: only what it says.
"""

from __future__ import annotations

import difflib
import importlib
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from theomachy.engine.core import Game
from theomachy.rules_index import rules_text

View = dict[str, Any]
"""A view as returned by ``State.view(player)``."""

# Contract fields of every view the loop itself presents (or that are too long to show).
_CONTRACT_FIELDS = frozenset(
    {"game", "player", "current_player", "legal_actions", "terminal", "winners", "log"}
)


@dataclass(frozen=True)
class InfoEntry:
    """One thing ``info`` can tell about: its id, printed name and kind (``unit``,
    ``talent``...), other names it answers to (``aliases``) and what it says (``body``,
    drawn when asked for)."""

    id: str
    name: str
    kind: str
    body: Callable[[], RenderableType]
    aliases: tuple[str, ...] = ()

    def match_keys(self) -> set[str]:
        """The forms of the entry's names a query is compared with (see :func:`info_key`)."""
        return {info_key(word) for word in (self.id, self.name, *self.aliases)} - {""}


class Renderer:
    """How a game looks in the terminal; this base renders any game generically."""

    # The prompt's hint about ``info`` (and any shortcut of the game's, below).
    info_hint = "info NAME shows a card's full text"
    # Words typed at the prompt that mean ``info <query>`` (word -> query).
    shortcuts: Mapping[str, str] = {}

    def position(self, view: View) -> RenderableType:
        """The position as ``view["player"]`` sees it."""
        table = Table(box=box.SIMPLE, show_header=False, title="Position", title_justify="left")
        table.add_column("field", style="bold")
        table.add_column("value")
        for key, value in view.items():
            if key not in _CONTRACT_FIELDS:
                table.add_row(key, Pretty(value, max_length=24, max_string=60))
        return table

    def seat_name(self, view: View, seat: int) -> str:
        """A short name for a seat (rich markup allowed)."""
        return f"Player {seat}"

    def instruction(self, view: View) -> str | None:
        """What the player to move is asked to decide, in words (markup allowed)."""
        return None

    def result(self, view: View) -> RenderableType | None:
        """Scores or other details of a finished game, if the game has any to show."""
        return None

    def info_entries(self, game: Game, view: View | None = None) -> Sequence[InfoEntry]:
        """Everything ``info`` can tell about in this game: by default each card of its
        catalogue. ``view``: the asking player's view, for entries that show public state
        (a province's owner); it must never say where a card is."""
        return catalog_entries(game.catalog())

    def info(self, game: Game, query: str, view: View | None = None) -> RenderableType:
        """What ``info <query>`` prints: the named entry's text, every entry with that
        exact name, the candidates when the query is ambiguous, close names when unknown,
        and an index of every name when the query is empty."""
        return lookup(self.info_entries(game, view), query)


# Game id -> "module:ClassName", imported on first use (like the game registry).
_KNOWN: dict[str, str] = {
    "arena-of-the-gods": "theomachy.terminal.arena_of_the_gods:ArenaRenderer",
    "mythic-arena": "theomachy.terminal.mythic_arena:MythicArenaRenderer",
    "mythic-battles": "theomachy.terminal.mythic_battles:MythicBattlesRenderer",
    "mythic-wars": "theomachy.terminal.mythic_wars:MythicWarsRenderer",
    "mythotopia": "theomachy.terminal.mythotopia:MythotopiaRenderer",
}
_LOADED: dict[str, Renderer] = {}
GENERIC = Renderer()


def register(game_id: str, renderer: Renderer) -> None:
    """Use ``renderer`` for ``game_id``."""
    _LOADED[game_id] = renderer


def renderer_for(game_id: str) -> Renderer:
    """The renderer of a game: its own if it has one, else the generic one."""
    if game_id not in _LOADED:
        target = _KNOWN.get(game_id)
        if target is None:
            return GENERIC
        module_name, class_name = target.split(":")
        _LOADED[game_id] = getattr(importlib.import_module(module_name), class_name)()
    return _LOADED[game_id]


# --- info -------------------------------------------------------------------------------------

INFO_LIST_LIMIT = 12  # candidates listed for an ambiguous query


def info_key(text: str) -> str:
    """A name as queries are compared: lowercase words of letters and digits, accents dropped
    (``Huginn, Raven of Thought`` -> ``huginn raven of thought``, ``close-combat`` ->
    ``close combat``, ``Anzû`` -> ``anzu``)."""
    plain = unicodedata.normalize("NFKD", text.lower().replace("'", "").replace("’", ""))
    return " ".join(re.findall(r"[a-z0-9]+", plain.encode("ascii", "ignore").decode()))


def label(entry: InfoEntry) -> str:
    """``Name (kind)``."""
    return f"{entry.name} ({entry.kind})"


def entry_panel(entry: InfoEntry) -> Panel:
    """An entry drawn as a panel titled with its name and kind."""
    title = Text.assemble((entry.name, "bold"), (f" · {entry.kind}", "dim"))
    return Panel(entry.body(), title=title, title_align="left", expand=False, padding=(0, 1))


def lookup(entries: Sequence[InfoEntry], query: str) -> RenderableType:
    """The answer to ``info <query>`` among ``entries`` (see :meth:`Renderer.info`)."""
    key = info_key(query)
    if not key:
        return info_index(entries)
    exact = [e for e in entries if key in e.match_keys()]
    if exact:
        return Group(*(entry_panel(e) for e in exact))
    # Then a word of a name starting with the query, then the query anywhere in a name.
    for padded in (True, False):
        found = [e for e in entries if any(_contains(k, key, padded) for k in e.match_keys())]
        if len({info_key(e.name) for e in found}) == 1:
            return Group(*(entry_panel(e) for e in found))
        if found:
            return ambiguous(query, found)
    return unknown(query, entries)


def _contains(name: str, key: str, word_start: bool) -> bool:
    return f" {key}" in f" {name}" if word_start else key in name


def ambiguous(query: str, found: Sequence[InfoEntry]) -> Text:
    """Several entries match: list them (by name) to choose from."""
    names = sorted({label(e) for e in found})
    text = Text(f"'{query}' could be several things: ", style="yellow")
    shown = names[:INFO_LIST_LIMIT]
    text.append(", ".join(shown), style="bold")
    if len(names) > len(shown):
        text.append(f" and {len(names) - len(shown)} more", style="yellow")
    text.append(". Type info and more of the name.", style="yellow")
    return text


def unknown(query: str, entries: Sequence[InfoEntry]) -> Text:
    """No entry matches: the closest names (difflib), and how to list them all."""
    by_key: dict[str, InfoEntry] = {}
    for entry in entries:
        for key in sorted(entry.match_keys()):
            by_key.setdefault(key, entry)
    close = difflib.get_close_matches(info_key(query), list(by_key), n=8, cutoff=0.6)
    names: list[str] = []
    for key in close:
        name = label(by_key[key])
        if name not in names:
            names.append(name)
    text = Text(f"Nothing here is called '{query}'.", style="yellow")
    if names:
        text.append(" Did you mean ", style="yellow")
        text.append(", ".join(names[:5]), style="bold")
        text.append("?", style="yellow")
    text.append(" Type info alone to list every name.", style="yellow")
    return text


def info_index(entries: Sequence[InfoEntry]) -> RenderableType:
    """Every name ``info`` knows, grouped by kind."""
    if not entries:
        return Text("This game has no cards or units to tell about.", style="yellow")
    kinds: dict[str, list[str]] = {}
    for entry in entries:
        names = kinds.setdefault(entry.kind, [])
        if entry.name not in names:
            names.append(entry.name)
    table = Table(box=None, show_header=False, padding=(0, 1))
    table.add_column("kind", style="bold", no_wrap=True)
    table.add_column("names", ratio=1)
    for kind, names in kinds.items():
        table.add_row(f"{kind} ({len(names)})", Text(" · ", style="dim").join(map(Text, names)))
    return Group(
        Text("info NAME shows the full text of any of these (any case, or its id):", "dim"),
        table,
    )


def facts_line(facts: Iterable[tuple[str, Any]]) -> Text:
    """``key value`` pairs on one line, dim keys (none when empty), `` · `` between."""
    text = Text()
    for key, value in facts:
        if text:
            text.append(" · ", style="dim")
        if key:
            text.append(f"{key} ", style="dim")
        text.append(str(value))
    return text


def _shown(value: Any) -> str | None:
    """A catalogue value in words, or None when it is not worth a line."""
    if value is None or value == [] or value == {} or value == "":
        return None
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        if not all(isinstance(v, str | int | float) for v in value):
            return None
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        if not all(isinstance(v, str | int | float | bool) for v in value.values()):
            return None
        return ", ".join(f"{k} {v}" for k, v in value.items())
    return str(value)


def fact_sheet(facts: Mapping[str, Any]) -> RenderableType:
    """A catalogue entry in words: its text, then its other printed facts."""
    parts: list[RenderableType] = []
    text = facts.get("text")
    if text:
        parts.append(Text(str(text)))
    skipped = {"id", "name", "text", "type", "kind"}
    shown = [
        (key.replace("_", " "), value)
        for key, raw in facts.items()
        if key not in skipped and (value := _shown(raw)) is not None
    ]
    if shown:
        parts.append(facts_line(shown))
    return Group(*parts) if parts else Text("(no text)", style="dim")


def catalog_entries(catalog: Mapping[str, Mapping[str, Any]]) -> list[InfoEntry]:
    """An entry per card of a ``Game.catalog()``: its name, kind and printed facts."""
    entries = []
    for card_id, facts in catalog.items():
        name = str(facts.get("name") or card_id)
        kind = str(facts.get("type") or facts.get("kind") or "card")
        entries.append(InfoEntry(card_id, name, kind, _sheet(facts)))
    return entries


def _sheet(facts: Mapping[str, Any]) -> Callable[[], RenderableType]:
    return lambda: fact_sheet(facts)


@cache
def rules_by_id(game_id: str) -> dict[str, str]:
    """Each numbered rule of a game's RULES.md (``- **ID** text``, continued on the indented
    lines below it) as one line of text, by rule id; the ruling's reason (``*Reason:* ...``)
    left out."""
    found: dict[str, str] = {}
    current: str | None = None
    for line in rules_text(game_id).splitlines():
        match = re.match(r"^[-*]\s+\*\*([A-Z]{2,4}(?:-[A-Z0-9]+)+)\*\*\s*(.*)$", line)
        if match:
            current = match.group(1)
            found[current] = match.group(2)
        elif current is not None and line.startswith("  ") and line.strip():
            found[current] += " " + line.strip()
        else:
            current = None
    return {rule: re.split(r"\s*\*Reason:\*", text)[0].strip() for rule, text in found.items()}
