"""Mythotopia, the state machine (rule ids refer to RULES.md).

Set-up is a run of chance nodes (deals, display, VP cards, dragons, runestones, first player,
hands) and secret choices (rejected provinces, citadels). Then turns: two actions with free
actions around them, then the refill. Actions that take cards open a *pending* action that
the player completes with ``pay`` (and ``done``) decisions; card draws, Scribe claims and
deferred discards wait in a FIFO ``queue`` that is emptied before anyone acts again.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import Any, NamedTuple

from pydantic import Field

from theomachy.engine.chance import uniform
from theomachy.engine.core import CHANCE, TERMINAL, Game, GameOptions, State
from theomachy.engine.narration import Narrator
from theomachy.games.mythotopia import abilities, evaluation, hidden, player_help, war
from theomachy.games.mythotopia.board import Board, board
from theomachy.games.mythotopia.cards import BOX_COUNTERS, FIXED_VP_IDS, catalog
from theomachy.games.mythotopia.layout import map_catalog
from theomachy.games.mythotopia.narration import NARRATOR
from theomachy.games.mythotopia.payment import (
    CONVERTERS,
    MERCHANT,
    NEEDS,
    WATER_MILL,
    Needs,
    Purse,
    feasible,
    pay_value,
    signature,
)
from theomachy.games.mythotopia.war import CITADEL, CITY, NEUTRAL, NONE, TOWN

# Phases.
(
    DEAL,
    DISPLAY,
    VPCARD,
    DRAGON,
    RUNESTONE,
    REJECT,
    CITADEL_CHOICE,
    FIRST,
    HANDS,
    PLAY,
    OVER,
) = range(11)
PHASE_NAMES = (
    "deal",
    "display",
    "vpcard",
    "dragon",
    "runestone",
    "reject",
    "citadel",
    "first",
    "hands",
    "play",
    "over",
)
COLOURS = ("red", "blue", "green", "yellow")
DEAL_COUNT = {2: 11, 3: 8, 4: 6}  # MT-SETUP-3
CHOOSE_DEAL_COUNT = {3: 9, 4: 7}  # MT-SETUP-OPT-1
REJECTS = 2
DISPLAY_SIZE = 16
VARIABLE_IN_PLAY = 4
SETUP_PLACES = 5  # dragons, runestones
HAND_SIZE, QUEEN_HAND_SIZE = 5, 6
FOURTH_PLAYER_EXTRA = 1
FIXED_COUNTERS = {2: 6, 3: 7, 4: 7}  # MT-SETUP-6
# Piece counts the rulebook omits (MT-RULING-COMPONENTS).
TOWNS, TWO_PLAYER_TOWNS, CITIES = 12, 16, 4
ARMIES, SHIPS, START_ARMIES, START_SHIPS = 20, 8, 6, 2
ROADS, CASTLES, MERCENARIES = 20, 12, 8
MIN_DECK = 7  # MT-REMOVE-2
EMPTY_CARDS_TO_END = 4  # MT-END-3
ARMY_COST, SHIP_COST = 1, 2
BUILD_CARDS = ("build", "start-build")
# The Army cards: the one exception to "one Army counter per symbol" (MT-RULING-ARMY-EXCESS).
ARMY_CARDS = frozenset(("army", "start-army"))
BUILD_COST = {"city": 2, "castle": 1, "road": 2}
ROAD_COST = BUILD_COST["road"]
CARD_ACTIONS = ("alchemist", "diplomat", "marauders", "mercenary", "philosopher")
FREE_CARDS = ("counsellor", "providence", "mystic", "militia")

CARDS = catalog()
BOARD: Board = board()
PROVINCES = tuple(p.id for p in BOARD.provinces)
SEAS = tuple(s.id for s in BOARD.seas)
P_INDEX: dict[str, int] = dict(BOARD.province_index)  # a plain dict: read in every position
S_INDEX: dict[str, int] = dict(BOARD.sea_index)
SORTED_CONVERTERS = tuple(sorted(CONVERTERS))
CITY_LIKE = tuple(int(piece in (CITY, CITADEL)) for piece in range(4))  # by piece: 1 for a City
PROVINCE_NUMBERS = range(len(PROVINCES))


# Action texts, made once: legal-move generation writes dozens in every position.
def _texts(pattern: str, names: tuple[str, ...] | list[str]) -> dict[str, str]:
    return {name: pattern.format(name) for name in names}


_ALL_CARDS = sorted({*CARDS.cards, *PROVINCES})
DRAFT = _texts("draft {}", _ALL_CARDS)
RESERVE = _texts("reserve {}", _ALL_CARDS)
WAREHOUSE = _texts("warehouse {}", _ALL_CARDS)
DISCARD = _texts("discard {}", _ALL_CARDS)
DISCARD_RESERVE = _texts("discard reserve {}", _ALL_CARDS)
REMOVE = _texts("remove {}", _ALL_CARDS)
REMOVE_RESERVE = _texts("remove reserve {}", _ALL_CARDS)
PLACE_ARMIES = tuple(f"place-armies {name}" for name in PROVINCES)
PLACE_SHIPS = tuple(f"place-ships {name}" for name in SEAS)
END_WAR = tuple(f"end-war {name}" for name in PROVINCES)
END_WAR_HERO = tuple(f"end-war {name} hero" for name in PROVINCES)
KEEP = _texts("keep {}", _ALL_CARDS)
SIGNATURE = {card: signature(card) for card in _ALL_CARDS}  # a dict: cheaper than the cache
SINGLE = tuple(frozenset((p,)) for p in PROVINCE_NUMBERS)  # one province as a network


PayOption = tuple[str | None, bool, int, tuple[str, str]]


@lru_cache(maxsize=8192)
def _pay_options(
    card: str, use: str, merchant: bool, mill: bool, converters: tuple[str, ...]
) -> tuple[PayOption, ...]:
    """The payments ``card`` can make towards ``use``: ``(modifier, doubled, value, texts)``,
    texts from the hand and from the Reserve. ``merchant``/``mill``: another Merchant/Water
    Mill card is at hand; ``converters``: the unused ones. A modifier is offered only where it
    gives more than the card alone."""
    resource = use in ("food", "stone", "gold")
    modifiers: list[str | None] = [None]
    if resource and merchant:
        modifiers.append(MERCHANT)
    modifiers.extend(c for c in converters if CONVERTERS[c] == use)
    result = []
    for modifier in modifiers:
        for doubled in (False, True) if resource and mill else (False,):
            value = pay_value(card, use, modifier, doubled)
            if not value or (modifier and value <= pay_value(card, use, None, doubled)):
                continue
            tail = [card, use]
            if modifier:
                tail.append(modifier)
            if doubled:
                tail.append(WATER_MILL)
            text = " ".join(tail)
            result.append((modifier, doubled, value, (f"pay {text}", f"pay reserve {text}")))
    return tuple(result)


_PAY_TABLES: dict[tuple[str, bool, bool, tuple[str, ...]], dict[str, tuple[PayOption, ...]]] = {}
_MODIFIER_CARDS = frozenset((MERCHANT, WATER_MILL))


def _pay_table(
    use: str, merchant: bool, mill: bool, converters: tuple[str, ...]
) -> dict[str, tuple[PayOption, ...]]:
    """Card -> :func:`_pay_options` for one use and one set of modifiers at hand (filled as
    cards are met; not for Merchant and Water Mill, whose own copy does not count)."""
    key = (use, merchant, mill, converters)
    table = _PAY_TABLES.get(key)
    if table is None:
        table = _PAY_TABLES[key] = {}
    return table


PayParse = tuple[str, str, str, str | None, bool, int]


@lru_cache(maxsize=4096)
def _parse_pay(parts: tuple[str, ...]) -> PayParse:
    """``pay [reserve] <card> <use> [<modifier>] [water-mill]`` as ``(source, card, use,
    modifier, doubled, value)`` (cached: the pay texts are a small fixed set)."""
    tokens = parts[1:]
    source = "hand"
    if tokens[0] == "reserve":
        source, tokens = "reserve", tokens[1:]
    card, use, mods = tokens[0], tokens[1], tokens[2:]
    doubled = WATER_MILL in mods
    modifier = next((m for m in mods if m != WATER_MILL), None)
    return source, card, use, modifier, doubled, pay_value(card, use, modifier, doubled)


@lru_cache(maxsize=4096)
def _remove_armies_texts(p: int, armies: int, mercs: int) -> tuple[str, ...]:
    """Every ``remove-armies`` of up to ``armies`` Army and ``mercs`` Mercenary counters."""
    name = PROVINCES[p]
    return tuple(
        f"remove-armies {name} {a} {m}"
        for a in range(armies + 1)
        for m in range(mercs + 1)
        if a or m
    )


@lru_cache(maxsize=4096)
def _move_texts(a: int, b: int, armies: int) -> tuple[str, ...]:
    return tuple(f"move {PROVINCES[a]} {PROVINCES[b]} {k}" for k in range(1, armies + 1))


@lru_cache(maxsize=1024)
def _remove_ships_texts(s: int, ships: int) -> tuple[str, ...]:
    return tuple(f"remove-ships {SEAS[s]} {n}" for n in range(1, ships + 1))


@lru_cache(maxsize=8192)
def _build_text(build: str, what: str, p: int, q: int, token: str) -> str:
    """``play <build> <what> <province> [<other province>] [<card>]`` (q < 0: no other)."""
    other = f" {PROVINCES[q]}" if q >= 0 else ""
    suffix = f" {token}" if token else ""
    return f"play {build} {what} {PROVINCES[p]}{other}{suffix}"


@lru_cache(maxsize=1024)
def _buy_texts(army_pool: int, ship_pool: int, gold: int) -> tuple[str, ...]:
    """Every ``buy`` that ``gold`` pays for, within the pools (MT-BUY)."""
    acts = []
    for armies in range(min(army_pool, gold) + 1):
        for ships in range(min(ship_pool, (gold - armies) // 2) + 1):
            if armies or ships:
                acts.append(f"buy {armies} {ships}")
    return tuple(acts)


def _draw_outcomes(cards: list[str]) -> list[tuple[str, float]]:
    """``engine.chance.draw_outcomes`` without its Fraction (``n / total`` is the same float,
    both correctly rounded): a draw is a third of all steps in a random playout."""
    counts = Counter(cards)
    total = len(cards)
    return [(DRAW.get(card) or f"draw {card}", n / total) for card, n in sorted(counts.items())]


DRAW: dict[str, str] = {card: f"draw {card}" for card in (*CARDS.cards, *PROVINCES)}


_FOOD_ONE: Needs = (("food", 1),)
# The needs of an invasion route costing ``food`` and ``cross`` (made once).
_INVASION_NEEDS: dict[tuple[int, int], Needs] = {
    (food, cross): (("food", food), ("cross", cross)) if cross else (("food", food),)
    for food in range(1, 4)
    for cross in range(3)
}

InvasionOffers = tuple[tuple[tuple[int, int, bool], tuple[int, ...], tuple[str, ...]], ...]


@lru_cache(maxsize=16384)
def _invasion_offers(
    origins: frozenset[int], ranger: bool, ranger_reserve: bool, token: str, own: int | None
) -> InvasionOffers:
    """:func:`_invasion_routes` with the action text for ``token`` played from ``own``,
    grouped by cost: ``((food, seas, ranger_locked), targets, actions)``, cheapest first
    (so a cost that cannot be paid is asked once, not once per target)."""
    groups: dict[tuple[int, int, bool], list[tuple[int, str]]] = {}
    for t, food, cross, o, by_sea, locked in _invasion_routes(
        tuple(sorted(origins)), ranger, ranger_reserve
    ):
        origin = "" if o == own else f" {PROVINCES[o]}"
        text = f"invade {PROVINCES[t]} {token}{origin}{' sea' if by_sea else ''}"
        groups.setdefault((food, cross, locked), []).append((t, text))
    return tuple(
        (cost, tuple(t for t, _ in entries), tuple(text for _, text in entries))
        for cost, entries in sorted(groups.items())
    )


@lru_cache(maxsize=8192)
def _invasion_routes(
    origins: tuple[int, ...], ranger: bool, ranger_reserve: bool
) -> tuple[tuple[int, int, int, int, bool, bool], ...]:
    """The cheapest land and the cheapest sea route from ``origins`` to each province
    (MT-RULING-ROUTE-OFFER): ``(target, food, seas, origin, by_sea, ranger_locked)``.

    ``ranger``: Ranger in the Reserve (new or not: mountains crossable, hills free);
    ``ranger_reserve``: in the Reserve proper (then a crossing it made cheaper locks it,
    MT-RULING-RESERVE-USE). Cached: a player's networks change slowly and legal-move
    generation asks for every Province card in hand."""
    # Land: (food, ranger locked, origin), the least first. A route Ranger made cheaper locks
    # Ranger out of the payment; an open border of the same food from another origin of the
    # network does not, so it is preferred (it can be paid whenever the locked one can).
    land: dict[int, tuple[int, bool, int]] = {}
    sea: dict[int, tuple[int, int, int]] = {}
    for o in origins:
        for t, kind in BOARD.land_neighbours(o):
            if kind == "mountains":
                if not ranger:
                    continue
                extra = 1
            elif kind == "hills":
                extra = 0 if ranger else 1
            else:
                extra = 0
            option = (1 + extra, kind != "plain" and ranger_reserve, o)
            if t not in land or option < land[t]:
                land[t] = option
        for t, seas in BOARD.sea_routes(o).items():
            if BOARD.border_kind(o, t) != "plain":
                by_sea = (1, seas, o)
                if t not in sea or by_sea < sea[t]:
                    sea[t] = by_sea
    routes = [(t, food, 0, o, False, locked) for t, (food, locked, o) in land.items()]
    routes += [(t, food, cross, o, True, False) for t, (food, cross, o) in sea.items()]
    return tuple(routes)


@lru_cache(maxsize=4096)
def _networks(
    mine: tuple[int, ...], roads: frozenset[tuple[int, int]]
) -> dict[int, frozenset[int]]:
    """Road networks of a player controlling ``mine`` (cached: legal-move generation asks
    for them in every position)."""
    owned = set(mine)
    links: dict[int, list[int]] = {p: [] for p in mine}
    for a, b in roads:
        if a in owned and b in owned:
            links[a].append(b)
            links[b].append(a)
    result: dict[int, frozenset[int]] = {}
    for start in mine:
        if start in result:
            continue
        group, frontier = {start}, [start]
        while frontier:
            p = frontier.pop()
            for q in links[p]:
                if q not in group:
                    group.add(q)
                    frontier.append(q)
        frozen = frozenset(group)
        for p in group:
            result[p] = frozen
    return result


_OWNED: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}
_OWNED_LIMIT = 100_000  # a bound on memory: past it the cache starts afresh
ZERO_ROWS = {n: [0] * n for n in range(1, 5)}  # a row of ``armies`` without any


def _owned(owner: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The provinces each seat controls (seats 0-3), for :meth:`MythotopiaState.controlled`."""
    by_seat: tuple[list[int], ...] = ([], [], [], [])
    for p, o in enumerate(owner):
        if o >= 0:
            by_seat[o].append(p)
    if len(_OWNED) >= _OWNED_LIMIT:
        _OWNED.clear()
    found = _OWNED[owner] = tuple(map(tuple, by_seat))
    return found


_DRAFT_TEXTS: dict[tuple[str, ...], tuple[str, ...]] = {}


def _draft_texts(display: tuple[str, ...]) -> tuple[str, ...]:
    """``draft`` of each card of the display (cached on the display: it changes slowly)."""
    if len(_DRAFT_TEXTS) >= _OWNED_LIMIT:
        _DRAFT_TEXTS.clear()
    found = _DRAFT_TEXTS[display] = tuple(DRAFT[card] for card in display)
    return found


_PLACE_TEXTS: dict[tuple[int, ...], tuple[str, ...]] = {}


def _place_texts(mine: tuple[int, ...]) -> tuple[str, ...]:
    """``place-armies`` in each of ``mine`` (cached on ``mine``)."""
    if len(_PLACE_TEXTS) >= _OWNED_LIMIT:
        _PLACE_TEXTS.clear()
    found = _PLACE_TEXTS[mine] = tuple(PLACE_ARMIES[p] for p in mine)
    return found


_PORT_TEXTS: dict[tuple[int, ...], tuple[str, ...]] = {}


def _port_texts(mine: tuple[int, ...]) -> tuple[str, ...]:
    """``place-ships`` in each sea area bordering one of ``mine`` (cached on ``mine``)."""
    seas_of = BOARD.province_seas
    ports = sorted({s for p in mine for s in seas_of[p]})
    if len(_PORT_TEXTS) >= _OWNED_LIMIT:
        _PORT_TEXTS.clear()
    found = _PORT_TEXTS[mine] = tuple(PLACE_SHIPS[s] for s in ports)
    return found


class Facts:
    """What the offers of one turn position ask about the player to move, gathered once
    (through the memo, so other helpers asking the state find them too) and handed to each
    offer family instead of each fetching them again.

    ``mine``: controlled provinces; ``comps``: their road networks; ``purse``: the cards
    for payment questions; ``held``: provinces whose cards are in hand or Reserve;
    ``sites``/``wars``: provinces with armies / at war; ``owned``: the cards in hand and
    Reserve, as a set."""

    __slots__ = ("comps", "held", "mine", "owned", "purse", "sites", "wars")

    def __init__(self, state: MythotopiaState, seat: int) -> None:
        self.mine = state.controlled(seat)
        self.comps = state.components(seat)
        self.purse = state.purse(seat)
        self.owned = frozenset(self.purse.cards)  # for "has this card" (hand or Reserve)
        self.held = state._province_cards(seat)
        self.sites, self.wars = state._sites_and_wars()


# How a game ends (MT-END-6, State.ending()).
ENDING_ACTION, ENDING_ROUND_LIMIT = "end-game", "round-limit"


class MythotopiaOptions(GameOptions):
    """Options: ``choose_provinces`` (MT-SETUP-OPT-1, 3 or 4 players) and ``max_rounds``
    (MT-CAP-1: the game ends after that many rounds)."""

    choose_provinces: bool = Field(
        default=False,
        title="Choose provinces",
        description="With 3 or 4 players: deal more Province cards and let each player set "
        "two aside.",
    )
    max_rounds: int = Field(
        default=100,
        ge=1,
        le=1000,
        title="Round limit",
        description="End the game after this many rounds, the highest score winning.",
    )


class MythotopiaGame(Game):
    """Mythotopia: 2 to 4 lords build, invade and deck-build for Victory Points."""

    id = "mythotopia"
    title = "Mythotopia"
    description = (
        "Lords of scattered provinces build decks of cards to gather resources, raise armies,"
        " build roads and go to war for victory points."
    )
    min_players = 2
    max_players = 4
    default_players = 2
    Options = MythotopiaOptions
    # MT-END-6: the End the game action (MT-END) or the round cap (MT-CAP-1).
    endings = (ENDING_ACTION, ENDING_ROUND_LIMIT)

    def __init__(self, players: int | None = None, options: dict[str, Any] | None = None):
        super().__init__(players, options)
        if self.options["choose_provinces"] and self.players == 2:
            raise ValueError(
                f"{self.id}: option choose_provinces is for 3 or 4 players; the rulebook says "
                "not to use it with two (MT-RULING-OPTIONAL)"
            )

    @classmethod
    def catalog(cls) -> dict[str, dict[str, Any]]:
        """Every Starting, Improvement, Province and VP card's printed facts, by id."""
        result: dict[str, dict[str, Any]] = {}
        for card in CARDS.cards.values():
            result[card.id] = {
                "kind": "starting" if card.id in CARDS.starting else "improvement",
                "name": card.name,
                "symbols": dict(card.symbols),
                "heading": card.heading,
                "crossing": card.crossing,
                "text": card.text,
            }
        for i, province in enumerate(BOARD.provinces):
            result[province.id] = {
                "kind": "province",
                "name": province.name,
                "symbols": {province.symbol: 1},
                "heading": "none",
                "crossing": False,
                "text": f"Invade from, or build in, {province.name}.",
                "neutral_strength": BOARD.neutral_strength[i],
                "rugged": BOARD.rugged[i],
            }
        for vp in CARDS.vp.values():
            result[f"vp-{vp.id}"] = {
                "kind": "vp",
                "name": vp.name,
                "fixed": vp.fixed,
                "counters": list(vp.counters),
                "text": vp.text,
            }
        result["map"] = map_catalog()  # positions for drawing the board (layout.toml)
        return result

    @classmethod
    def narrator(cls) -> Narrator:
        """Mythotopia's events in words (narration.py)."""
        return NARRATOR

    def new_game(self) -> MythotopiaState:
        return MythotopiaState(self)


class Pending(NamedTuple):
    """An action being completed: what it is, what it still needs, the cards paid so far.

    ``kind``: invade, place-armies, place-ships, buy, draft, build, patronage, mercenary,
    mystic, diplomat, inn (Roadside Inns), gilded (Gilded City): paid with ``pay``;
    reserve, discard, remove, counsellor: card choices; keep: Philosopher's choice.
    """

    kind: str
    seat: int
    args: tuple[str, ...] = ()
    needs: tuple[tuple[str, int], ...] = ()  # fixed needs still to pay
    open_need: str | None = None  # "army" or "ship": at least one symbol
    open_paid: int = 0
    open_cap: int = 0  # symbols payable for the open need (counters in stock)
    played: tuple[str, ...] = ()  # cards out of hand and Reserve, to the discard pile at the end
    chosen: int = 0  # cards chosen so far (reserve, discard, remove, counsellor)
    hand_count: int = 0  # counsellor: cards discarded from the hand
    optional: bool = False  # decline allowed (Gilded City, Roadside Inns)
    # Reserve cards whose text this action used (Ranger's terrain, a converter): one card,
    # one use, so they cannot also be paid for their symbols in it (MT-RULING-RESERVE-USE).
    locked: tuple[str, ...] = ()
    free: bool = False  # a free action (does not count as one of the two)


def _new_pending(fields: tuple[Any, ...]) -> Pending:
    """A Pending from all its fields in order (what ``Pending._make`` does, without its
    checks)."""
    return tuple.__new__(Pending, fields)


class MythotopiaState(State):
    """A Mythotopia position."""

    __slots__ = (
        "actions",
        "armies",
        "army_pool",
        "army_stock",
        "castle",
        "castles_left",
        "choices",
        "citadel",
        "cities",
        "counters",
        "current",
        "dealt",
        "deck",
        "det_cache",
        "discard",
        "display",
        "dragons",
        "first",
        "flags",
        "hand",
        "held",
        "imp_deck",
        "limbo",
        "logs",
        "memo",
        "mercs",
        "mercs_left",
        "met",
        "owner",
        "pending",
        "phase",
        "phil",
        "piece",
        "queue",
        "removed",
        "reserve",
        "reserve_new",
        "roads",
        "roads_left",
        "round",
        "runestones",
        "secret",
        "ship_pool",
        "ship_stock",
        "ships",
        "shuffles",
        "stock",
        "supply",
        "towns",
        "trace",
        "track",
        "vp_order",
        "winners_",
    )

    game: MythotopiaGame

    def __init__(self, game: MythotopiaGame, *, empty: bool = False) -> None:
        super().__init__(game)
        self.det_cache: Any = None
        # Facts legal-move generation asks for many times (cards, networks, wars, payment
        # answers), kept only while one ``_legal_actions`` call runs: a dict then, else None.
        # Never kept longer, so a state edited in place (scenario tests) is never stale.
        self.memo: dict[Any, Any] | None = None
        self.trace: list[tuple[Any, ...]] | None = None
        # Each reader's masked log as last built (hidden.masked_log), grown as the game goes
        # on, so that a view costs a list copy rather than masking the whole history again.
        self.logs: dict[int | None, tuple[Any, ...]] = {}
        if empty:
            return
        n = game.players
        np_, ns = len(PROVINCES), len(SEAS)
        self.phase = DEAL
        self.round = 0
        self.first = 0
        self.current = 0
        self.actions = 0
        # Per-turn flags: free (a free action taken), drafted, warehouse, moved, and each
        # converter used this turn.
        self.flags: frozenset[str] = frozenset()
        self.dealt: list[list[str]] = [[] for _ in range(n)]
        self.supply: list[str] = sorted(PROVINCES)  # Province cards beside the board
        self.display: list[str] = []
        self.imp_deck: list[str] = sorted(CARDS.improvements)
        self.vp_order: list[str] = list(FIXED_VP_IDS)
        self.counters: dict[str, tuple[str, ...]] = {
            card: ("x",) * FIXED_COUNTERS[n] for card in FIXED_VP_IDS
        }
        self.stock: dict[int, int] = dict(BOX_COUNTERS)
        self.stock[2] -= FIXED_COUNTERS[n] * len(FIXED_VP_IDS)
        self.dragons: set[int] = set()
        self.runestones: set[int] = set()
        # History entries hidden from all but their owner: (index, owner, kind), kind one of
        # draw, impdraw (Philosopher), keep, setup (reject / citadel until revealed).
        self.secret: list[tuple[int, int, str]] = []
        self.choices: list[list[str]] = [[] for _ in range(n)]  # secret set-up choices
        self.hand: list[list[str]] = [[] for _ in range(n)]
        self.deck: list[list[str]] = [[] for _ in range(n)]
        self.discard: list[list[str]] = [[] for _ in range(n)]
        self.reserve: list[list[str]] = [[] for _ in range(n)]
        self.reserve_new: list[list[str]] = [[] for _ in range(n)]
        self.removed: list[list[str]] = [[] for _ in range(n)]
        self.limbo: list[list[str]] = [[] for _ in range(n)]
        self.shuffles: list[int] = [0] * n
        self.towns: list[int] = [TWO_PLAYER_TOWNS if n == 2 else TOWNS] * n
        self.cities: list[int] = [CITIES] * n
        self.citadel: list[int] = [0] * n  # 0 unused, 1 on the board, 2 captured
        self.army_stock: list[int] = [START_ARMIES] * n
        self.army_pool: list[int] = [ARMIES - START_ARMIES] * n
        self.ship_stock: list[int] = [START_SHIPS] * n
        self.ship_pool: list[int] = [SHIPS - START_SHIPS] * n
        self.held: list[tuple[int, ...]] = [() for _ in range(n)]
        self.met: list[frozenset[str]] = [frozenset() for _ in range(n)]  # Master of the Seas
        # Each VP token's place on the Victory Point track, set when set-up ends (MT-VPS-3).
        self.track: list[int] = [0] * n
        self.owner: list[int] = [NEUTRAL] * np_
        self.piece: list[int] = [NONE] * np_
        self.castle: list[bool] = [False] * np_
        self.roads: set[tuple[int, int]] = set()
        self.armies: list[list[int]] = [[0] * n for _ in range(np_)]
        self.mercs: list[list[int]] = [[0] * n for _ in range(np_)]
        self.ships: list[list[int]] = [[0] * n for _ in range(ns)]
        self.roads_left, self.castles_left, self.mercs_left = ROADS, CASTLES, MERCENARIES
        self.pending: Pending | None = None
        self.phil: list[str] = []  # Philosopher: the Improvement cards drawn
        self.queue: list[tuple[Any, ...]] = []
        self.winners_: list[int] = []

    def _copy(self) -> MythotopiaState:
        other = MythotopiaState(self.game, empty=True)
        for name in (
            "phase", "round", "first", "current", "actions", "flags", "pending",
            "roads_left", "castles_left", "mercs_left",
        ):  # fmt: skip
            setattr(other, name, getattr(self, name))
        for name in (
            "supply", "display", "imp_deck", "vp_order", "secret", "towns", "cities",
            "citadel", "army_stock", "army_pool", "ship_stock", "ship_pool", "held", "met",
            "owner", "piece", "castle", "phil", "queue", "winners_", "shuffles", "track",
        ):  # fmt: skip
            setattr(other, name, list(getattr(self, name)))
        for name in (
            "dealt", "choices", "hand", "deck", "discard", "reserve", "reserve_new",
            "removed", "limbo", "armies", "mercs", "ships",
        ):  # fmt: skip
            setattr(other, name, [list(row) for row in getattr(self, name)])
        other.counters = dict(self.counters)
        other.stock = dict(self.stock)
        other.dragons = set(self.dragons)
        other.runestones = set(self.runestones)
        other.roads = set(self.roads)
        return other

    # --- who acts ---------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        # Asked several times a step: the play phase first, locals, the same answers.
        pending, queue = self.pending, self.queue
        if self.phase == PLAY:
            if pending is not None and (pending.optional or not queue):
                return pending.seat
            if queue:
                head = queue[0]
                return head[1] if head[0] == "claim" else CHANCE
            return self.current
        if self.phase == OVER:
            return TERMINAL
        if pending is not None and pending.optional:
            return pending.seat
        if queue:
            head = queue[0]
            return head[1] if head[0] == "claim" else CHANCE
        if self.phase in (REJECT, CITADEL_CHOICE):
            return self.current
        if self.phase < PLAY:
            return CHANCE
        if pending is not None:
            return pending.seat
        return self.current

    # --- small queries ----------------------------------------------------------------------------
    def hand_size(self, seat: int) -> int:
        return QUEEN_HAND_SIZE if war.in_reserve(self, seat, "queen") else HAND_SIZE

    def reserve_limit(self, seat: int, mine: tuple[int, ...] | None = None) -> int:
        """2 + 1 per City or Citadel on the board (+2 with Warehouse), MT-RESERVE-1
        (``mine``: :meth:`controlled`, when known)."""
        pieces = map(self.piece.__getitem__, self.controlled(seat) if mine is None else mine)
        cities = sum(map(CITY_LIKE.__getitem__, pieces))
        extra = 2 if war.in_reserve(self, seat, "warehouse") else 0
        return 2 + cities + extra

    def reserve_room(self, seat: int, mine: tuple[int, ...] | None = None) -> int:
        return (
            self.reserve_limit(seat, mine) - len(self.reserve[seat]) - len(self.reserve_new[seat])
        )

    def deck_size(self, seat: int) -> int:
        """All the cards a player owns (MT-TERM-5)."""
        return (
            len(self.hand[seat]) + len(self.deck[seat]) + len(self.discard[seat])
            + len(self.reserve[seat]) + len(self.reserve_new[seat]) + len(self.limbo[seat])
        )  # fmt: skip

    def controlled(self, seat: int) -> tuple[int, ...]:
        """The provinces ``seat`` controls, by number (from a cache keyed on the owners: they
        change only when a province is won or lost)."""
        owner = tuple(self.owner)
        found = _OWNED.get(owner)
        if found is None:
            found = _owned(owner)
        return found[seat]

    def army_sites(self) -> list[int]:
        """Provinces with Army counters in them (any side), by number."""
        return self._sites_and_wars()[0]

    def wars(self) -> list[int]:
        """Provinces at war, by number (:func:`war.at_war` for each)."""
        return self._sites_and_wars()[1]

    def _sites_and_wars(self) -> tuple[list[int], list[int]]:
        memo = self.memo
        found = None if memo is None else memo.get("sites")
        if found is None:
            armies, owner = self.armies, self.owner
            zero = ZERO_ROWS[len(armies[0])]
            sites = [p for p, row in enumerate(armies) if row != zero]
            if self.mercs_left < MERCENARIES:  # Mercenaries on the board: they count too
                mercs = self.mercs
                alone = [p for p, row in enumerate(mercs) if row != zero and armies[p] == zero]
                if alone:
                    sites = sorted(sites + alone)
                # At war: forces of someone other than the owner (all of them, when neutral).
                wars = [
                    p
                    for p in sites
                    if owner[p] < 0
                    or sum(armies[p]) + sum(mercs[p]) > armies[p][owner[p]] + mercs[p][owner[p]]
                ]
            else:
                wars = [p for p in sites if owner[p] < 0 or sum(armies[p]) > armies[p][owner[p]]]
            found = (sites, wars)
            if memo is not None:
                memo["sites"] = found
        return found

    def payable(self, seat: int) -> list[tuple[str, str]]:
        """Cards ``seat`` may play now: (card, "hand" | "reserve"), sorted, unique."""
        cards = {(c, "hand") for c in self.hand[seat]}
        cards.update((c, "reserve") for c in self.reserve[seat])
        return sorted(cards)

    def has_card(self, seat: int, card: str) -> bool:
        return card in self.hand[seat] or card in self.reserve[seat]

    def take_from_player(self, seat: int, card: str, source: str | None = None) -> None:
        """Remove a card the player plays: from ``source``, or the hand first (MT-RULING-SOURCE)."""
        if source == "reserve" or (source is None and card not in self.hand[seat]):
            self.reserve[seat].remove(card)
        else:
            self.hand[seat].remove(card)
            self._note("out", seat, card)

    def _take_to_leave(self, seat: int, card: str, source: str) -> None:
        """Take a card being discarded or removed: from the hand, or from the Reserve, where
        a copy placed this turn goes first (MT-RULING-RESERVE-TIMING: the older copy, which
        can still be played this turn, stays)."""
        if source == "reserve" and card in self.reserve_new[seat]:
            self.reserve_new[seat].remove(card)
        else:
            self.take_from_player(seat, card, source)

    def take_card(self, seat: int, card: str) -> str:
        """Take a card out of a player's possession wherever it is; returns where it was."""
        for where, pile in (
            ("hand", self.hand[seat]),
            ("deck", self.deck[seat]),
            ("discard", self.discard[seat]),
            ("reserve", self.reserve[seat]),
            ("reserve", self.reserve_new[seat]),
            ("limbo", self.limbo[seat]),
        ):
            if card in pile:
                pile.remove(card)
                if where in ("hand", "deck"):
                    self._note("out" if where == "hand" else "deckout", seat, card)
                return where
        if card in self.supply:  # removed earlier (MT-REMOVE-1): still controlled
            self.supply.remove(card)
            return "supply"
        raise AssertionError(f"card {card!r} not found for player {seat}")

    def _note(self, *event: Any) -> None:
        """Record a card movement when traced (determinization's journal, hidden.py)."""
        if self.trace is not None:
            self.trace.append(event)

    def queue_draw(self, seat: int, count: int) -> None:
        """Queue ``count`` draws from ``seat``'s deck (chance nodes, reshuffling as needed)."""
        self.queue.append(("draw", seat, count))

    def converters(self, seat: int) -> tuple[str, ...]:
        """Converters in the Reserve not yet used this turn (MT-PAY-3)."""
        memo = self.memo
        key = ("converters", seat)
        found = None if memo is None else memo.get(key)
        if found is None:
            reserve, new, flags = self.reserve[seat], self.reserve_new[seat], self.flags
            if reserve or new:
                found = tuple(
                    [c for c in SORTED_CONVERTERS if (c in reserve or c in new) and c not in flags]
                )
            else:
                found = ()
            if memo is not None:
                memo[key] = found
        return found

    def can_pay(
        self,
        seat: int,
        needs: dict[str, int],
        open_need: str | None = None,
        exclude: tuple[str, ...] = (),
    ) -> bool:
        key = tuple((n, needs[n]) for n in NEEDS if needs.get(n, 0) > 0)
        return self.affords(seat, key, open_need, exclude)

    def affords(
        self, seat: int, needs: Needs, open_need: str | None = None, exclude: tuple[str, ...] = ()
    ) -> bool:
        """:meth:`can_pay` with the needs as ``(need, amount)`` pairs in NEEDS order."""
        memo = self.memo
        if memo is None:
            return feasible(self._cards(seat, exclude), self.converters(seat), needs, open_need)
        return self.purse(seat).can(needs, open_need, exclude)

    def purse(self, seat: int) -> Purse:
        """The seat's cards and converters for payment questions (kept in the memo)."""
        memo = self.memo
        assert memo is not None
        key = ("purse", seat)
        found = memo.get(key)
        if found is None:
            found = memo[key] = Purse(self._cards(seat), self.converters(seat))
        return found

    def components(self, seat: int) -> dict[int, frozenset[int]]:
        """Province -> its road network (MT-ROAD-2): provinces of ``seat`` linked by roads
        whose both ends ``seat`` controls."""
        memo = self.memo
        key = ("components", seat)
        found = None if memo is None else memo.get(key)
        if found is None:
            found = _networks(self.controlled(seat), frozenset(self.roads))
            if memo is not None:
                memo[key] = found
        return found

    def ranger(self, seat: int) -> bool:
        return war.in_reserve(self, seat, "ranger")

    def ranger_discount(self, seat: int, a: int, b: int) -> bool:
        """Whether crossing a-b is cheaper for ``seat`` only thanks to Ranger in the Reserve
        (a played Ranger then cannot pay for that crossing: MT-RULING-RESERVE-USE)."""
        return BOARD.border_kind(a, b) in ("hills", "mountains") and "ranger" in self.reserve[seat]

    def land_cost(self, seat: int, a: int, b: int) -> int | None:
        """Extra food (or stone) to cross the land border a-b, None if it cannot be crossed
        (MT-TERRAIN-1/2, MT-IMP-RANGER)."""
        kind = BOARD.border_kind(a, b)
        if kind is None:
            return None
        ranger = self.ranger(seat)
        if kind == "mountains":
            return 1 if ranger else None
        if kind == "hills":
            return 0 if ranger else 1
        return 0

    def empty_vp_cards(self) -> int:
        return sum(1 for card in self.vp_order if not self.counters[card])

    def conflicts(self, seat: int, trial: int = -1) -> tuple[int, frozenset[int]]:
        """Wars with another player in which ``seat`` is involved, and those players.

        ``trial``: a province that may hold armies the position's list of sites (kept while
        legal moves are made) does not know of: a trial invasion's target."""
        sites = self.army_sites()  # a war needs armies
        if trial >= 0 and trial not in sites:
            sites = [*sites, trial]
        count, others = 0, set()
        for p in sites:
            if not war.at_war(self, p) or not war.involved(self, p, seat):
                continue
            players = {s for s in war.invaders(self, p)}
            if self.owner[p] != NEUTRAL:
                players.add(self.owner[p])
            players.discard(seat)
            if players:
                count += 1
                others |= players
        return count, frozenset(others)

    def _conflicts_now(self, seat: int) -> tuple[int, frozenset[int]]:
        """:meth:`conflicts` of this position (kept in the memo: asked once per target)."""
        memo = self.memo
        if memo is None:
            return self.conflicts(seat)
        key = ("conflicts", seat)
        found = memo.get(key)
        if found is None:
            found = memo[key] = self.conflicts(seat)
        return found

    def reserve_army_allows(self, seat: int, target: int) -> bool:
        """Whether ``seat`` may invade ``target`` under every Reserve Army in play
        (MT-RULING-RESERVE-ARMY)."""
        holders = [s for s in range(self.game.players) if war.in_reserve(self, s, "reserve-army")]
        if not holders:
            return True
        if seat in holders and self._conflicts_now(seat)[0] > 0:
            return False
        before = {h: self._conflicts_now(h) for h in holders}
        armies = self.armies[target]
        had = armies[seat]
        armies[seat] = had + 1  # a trial invasion
        try:
            for h in holders:
                count, others = self.conflicts(h, target)
                old_count, old_others = before[h]
                grew = count > old_count or len(others) > len(old_others)
                if grew and (count > 1 or len(others) > 1):
                    return False
        finally:
            armies[seat] = had
        return True

    # --- legal actions ----------------------------------------------------------------------------
    def _legal_actions(self) -> list[str]:
        self.memo = {}
        try:
            return self._generate_legal()
        finally:
            self.memo = None

    def _generate_legal(self) -> list[str]:
        if self.pending is not None and self.pending.optional:
            return sorted(dict.fromkeys(self._pay_actions(self.pending)))
        if self.queue:
            _, seat, card, slot = self.queue[0]
            return sorted(f"claim {o}" for o in war.claim_options(self, seat, card, slot))
        if self.phase == REJECT:
            seat = self.current
            return sorted(f"reject {c}" for c in set(self.dealt[seat]) - set(self.choices[seat]))
        if self.phase == CITADEL_CHOICE:
            return sorted(f"citadel {PROVINCES[p]}" for p in self.controlled(self.current))
        if self.pending is not None:
            return sorted(dict.fromkeys(self._pending_actions(self.pending)))
        return sorted(dict.fromkeys(self._turn_actions()))

    def _turn_actions(self) -> list[str]:
        seat = self.current
        acts: list[str] = []
        if self.actions < 2:
            facts = Facts(self, seat)
            acts.extend(self._main_actions(seat, facts))
            acts.extend(self._free_actions(seat, facts))
        else:
            acts.extend(self._free_actions(seat))
        if self.actions == 2:
            acts.append("end-turn")
        return acts

    def _main_actions(self, seat: int, facts: Facts) -> list[str]:
        # The families in the alphabetical order of their verbs (buy, discard, draft, end-game,
        # end-war, invade, pass, patronage, place-*, play, remove*, reserve), each mostly in
        # order itself: the caller's sort then finds long runs. (Any order gives the same
        # sorted list.)
        hand, reserve = self.hand[seat], self.reserve[seat]
        gold = facts.purse.most("gold")
        acts = list(_buy_texts(self.army_pool[seat], self.ship_pool[seat], gold))
        acts.extend([DISCARD[c] for c in hand])
        # Discard and Remove take any card of the Reserve, placed this turn or not
        # (MT-RULING-RESERVE-TIMING); the caller drops repeats.
        whole_reserve = reserve + self.reserve_new[seat]
        acts.extend([DISCARD_RESERVE[c] for c in whole_reserve])
        if "drafted" not in self.flags and gold >= 1:
            # The display (its texts cached), the seat's removed Starting cards and its
            # Province cards beside the board (the caller sorts and drops repeats).
            display = tuple(self.display)
            texts = _DRAFT_TEXTS.get(display)
            if texts is None:
                texts = _draft_texts(display)
            acts.extend(texts)
            acts.extend([DRAFT[card] for card in self.removed[seat]])
            owner, index = self.owner, P_INDEX
            acts.extend([DRAFT[c] for c in self.supply if owner[index[c]] == seat])
        if self.actions == 0 and "free" not in self.flags:
            if self._may_end_game(seat):
                acts.append("end-game")
            acts.extend(self._end_war_actions(seat, facts.wars, "hero" in facts.owned))
        if self.army_stock[seat]:
            acts.extend(self._invade_actions(seat, facts))
        acts.append("pass")
        if "patronage" in self.counters and self._patronage_open(seat) and gold >= 2:
            acts.append("patronage")
        removals = self._army_ship_actions(seat, facts, acts)
        acts.extend(self._card_actions(seat, facts))
        if self.deck_size(seat) > MIN_DECK:
            acts.extend([REMOVE[c] for c in hand])
            acts.extend([REMOVE_RESERVE[c] for c in whole_reserve])
        acts.extend(removals)
        if self.reserve_room(seat, facts.mine) > 0:
            acts.extend([RESERVE[c] for c in hand])
        return acts

    def _cards(self, seat: int, exclude: tuple[str, ...] = ()) -> tuple[str, ...]:
        """The hand and Reserve, sorted, less ``exclude`` (one copy each)."""
        if not exclude:
            memo = self.memo
            key = ("cards", seat)
            found = None if memo is None else memo.get(key)
            if found is None:
                found = tuple(sorted(self.hand[seat] + self.reserve[seat]))
                if memo is not None:
                    memo[key] = found
            return found
        cards = list(self.hand[seat]) + list(self.reserve[seat])
        for card in exclude:
            cards.remove(card)
        return tuple(sorted(cards))

    def _patronage_open(self, seat: int) -> bool:
        return bool(war.claim_options(self, seat, "patronage", ""))

    def _end_war_actions(self, seat: int, wars: list[int], hero: bool) -> list[str]:
        """``end-war`` offers (``hero``: Hero in hand or Reserve)."""
        acts = []
        owner, armies = self.owner, self.armies
        mercs = self.mercs
        for p in wars:  # involved: at war, and the defender or an invader
            if owner[p] != seat and not armies[p][seat] and not mercs[p][seat]:
                continue
            top = war.leaders(self, p)
            if len(top) == 1:
                acts.append(END_WAR[p])
            elif hero and seat in top:
                acts.append(END_WAR_HERO[p])
        return acts

    def _may_end_game(self, seat: int) -> bool:
        if self.empty_vp_cards() < EMPTY_CARDS_TO_END:
            return False
        trial = self.clone()
        assert isinstance(trial, MythotopiaState)
        trial._final_resolution()
        scores = [war.score(trial, s) for s in range(self.game.players)]
        return all(scores[seat] > v for s, v in enumerate(scores) if s != seat)

    def _invade_actions(self, seat: int, facts: Facts) -> list[str]:
        """``invade`` offers (``seat`` has Army counters in stock)."""
        acts: list[str] = []
        comps = facts.comps
        ranger_reserve = "ranger" in self.reserve[seat]
        ranger_any = ranger_reserve or "ranger" in self.reserve_new[seat]
        owner = self.owner
        reserves, news = self.reserve, self.reserve_new
        holders = [
            s
            for s in range(self.game.players)
            if "reserve-army" in reserves[s] or "reserve-army" in news[s]
        ]
        allowed: dict[int, bool] = {}
        # Province cards of one symbol pay alike (payment.signature): ask once for each.
        cost_ok: dict[tuple[str, int, int, bool], bool] = {}
        can = facts.purse.can

        def affordable(card: str, food: int, cross: int, ranger: bool = False) -> bool:
            key = (SIGNATURE[card], food, cross, ranger)
            found = cost_ok.get(key)
            if found is None:
                exclude = (card, "ranger") if ranger and card != "ranger" else (card,)
                found = cost_ok[key] = can(_INVASION_NEEDS[food, cross], "army", exclude)
            return found

        def may_invade(target: int) -> bool:
            if owner[target] == seat:
                return False
            if not holders:
                return True
            if target not in allowed:
                allowed[target] = self.reserve_army_allows(seat, target)
            return allowed[target]

        def offers(token: str, origins: frozenset[int], own: int | None) -> None:
            # Every route costs at least one food and the token: if that cannot be paid, no
            # route can (more needs, or Ranger set aside as well, are never easier).
            if not affordable(token, 1, 0):
                return
            groups = _invasion_offers(origins, ranger_any, ranger_reserve, token, own)
            for (food, cross, locked), targets, texts in groups:
                if affordable(token, food, cross, locked):
                    acts.extend([x for t, x in zip(targets, texts, strict=True) if may_invade(t)])

        if holders:
            for c in facts.held:
                offers(PROVINCES[c], comps.get(c) or SINGLE[c], c)
        else:
            # The same as ``offers`` for each held Province card, inline (the common case):
            # the targets are those not controlled by ``seat``.
            for c in facts.held:
                token = PROVINCES[c]
                sig = SIGNATURE[token]
                key = (sig, 1, 0, False)
                ok = cost_ok.get(key)
                if ok is None:
                    ok = cost_ok[key] = can(_FOOD_ONE, "army", (token,))
                if not ok:
                    continue
                for (food, cross, locked), targets, texts in _invasion_offers(
                    comps.get(c) or SINGLE[c], ranger_any, ranger_reserve, token, c
                ):
                    key = (sig, food, cross, locked)
                    ok = cost_ok.get(key)
                    if ok is None:
                        # A Province card is never Ranger: Ranger is set aside too when locked.
                        exclude = (token, "ranger") if locked else (token,)
                        ok = cost_ok[key] = can(_INVASION_NEEDS[food, cross], "army", exclude)
                    if ok:
                        acts += [x for t, x in zip(targets, texts, strict=True) if owner[t] != seat]
        owned = facts.owned
        if "general" in owned:
            offers("general", frozenset(facts.mine), None)
        if "portal" in owned and affordable("portal", 1, 0):
            acts.extend(
                f"invade {PROVINCES[t]} portal" for t in range(len(PROVINCES)) if may_invade(t)
            )
        return acts

    def _army_ship_actions(self, seat: int, facts: Facts, acts: list[str]) -> list[str]:
        """``place-armies`` and ``place-ships`` offers, added to ``acts``; returns the
        ``remove-armies`` and ``remove-ships`` offers (kept apart for the sort's sake)."""
        owner, armies = self.owner, self.armies
        mine = facts.mine
        can = facts.purse.can
        if self.army_stock[seat] > 0:
            if can((), "army"):
                texts = _PLACE_TEXTS.get(mine)
                if texts is None:
                    texts = _place_texts(mine)
                acts.extend(texts)
            # Reinforcing an invasion costs a food as well (asked only where there is one).
            away = [PLACE_ARMIES[p] for p in facts.sites if owner[p] != seat and armies[p][seat]]
            if away and can(_FOOD_ONE, "army"):
                acts.extend(away)
        if self.ship_stock[seat] > 0 and can((), "ship"):
            texts = _PORT_TEXTS.get(mine)
            if texts is None:
                texts = _port_texts(mine)
            acts.extend(texts)
        removals: list[str] = []
        wars = facts.wars
        mercs = self.mercs
        for p in mine:
            row = armies[p]
            if (row[seat] or mercs[p][seat]) and p not in wars:
                removals.extend(_remove_armies_texts(p, row[seat], mercs[p][seat]))
        for s, fleet in enumerate(self.ships):
            if fleet[seat]:
                removals.extend(_remove_ships_texts(s, fleet[seat]))
        return removals

    def _build_tokens(self, seat: int, facts: Facts) -> dict[int, list[str]]:
        """Province -> the card tokens that let ``seat`` act in it: "" (its own card), a card
        of its road network, or "general" (MT-ROAD-3, MT-IMP-GENERAL). Made from the held
        Province cards (a few) rather than asked of each controlled province."""
        tokens: dict[int, list[str]] = {}
        comps = facts.comps
        for q in facts.held:
            network = comps.get(q)
            if network is None:  # not controlled
                continue
            # Any card of the network may stand in; which one is played matters (it leaves
            # the hand), so each is offered.
            name = PROVINCES[q]
            for p in network:
                found = tokens.get(p)
                if found is None:
                    found = tokens[p] = []
                found.append("" if p == q else name)
        if "general" in facts.owned:
            for p in facts.mine:
                found = tokens.get(p)
                if found is None:
                    found = tokens[p] = []
                found.append("general")
        return tokens

    def _province_cards(self, seat: int) -> list[int]:
        """The provinces whose cards ``seat`` holds (hand and Reserve), in order."""
        memo = self.memo
        key = ("provinces", seat)
        found = None if memo is None else memo.get(key)
        if found is None:
            numbers = set(map(P_INDEX.get, self._cards(seat)))
            numbers.discard(None)
            found = sorted(numbers)
            if memo is not None:
                memo[key] = found
        return found

    def _card_actions(self, seat: int, facts: Facts) -> list[str]:
        acts = []
        tokens = None
        for build in BUILD_CARDS:
            if build in facts.owned:
                if tokens is None:
                    tokens = self._build_tokens(seat, facts)
                acts.extend(self._build_actions(seat, build, tokens, facts.purse))
        acts.extend(abilities.action_offers(self, seat, facts.owned))
        return acts

    def _build_actions(
        self, seat: int, build: str, tokens: dict[int, list[str]], purse: Purse
    ) -> list[str]:
        """``play <build> ...`` offers (the caller sorts them); ``tokens``: see
        :meth:`_build_tokens`."""
        acts = []
        # Cards of one signature pay alike (payment.signature): ask once for each. ``build``
        # is set aside in every question, so the key is the other card's signature, the stone
        # and whether Ranger is set aside too.
        cost_ok: dict[tuple[str, int, bool], bool] = {}
        can = purse.can

        def affordable(stone: int, token: str, ranger: bool) -> bool:
            key = (SIGNATURE[token], stone, ranger)
            found = cost_ok.get(key)
            if found is None:
                exclude = (build, token, "ranger") if ranger else (build, token)
                found = cost_ok[key] = can((("stone", stone),), None, exclude)
            return found

        piece, castle = self.piece, self.castle
        cities_left = self.cities[seat] > 0
        castles_left = self.castles_left > 0
        road_kinds = self._road_kinds(seat) if self.roads_left > 0 else None
        for p, options in tokens.items():
            name = PROVINCES[p]
            city_ok = piece[p] == TOWN and cities_left
            castle_ok = not castle[p] and piece[p] != CITADEL and castles_left
            roads = self._road_options(seat, p, road_kinds) if road_kinds is not None else ()
            for token in options:
                card = token or name
                if city_ok and affordable(2, card, False):
                    acts.append(_build_text(build, "city", p, -1, token))
                if castle_ok and affordable(1, card, False):
                    acts.append(_build_text(build, "castle", p, -1, token))
                for q, stone, locked in roads:
                    # Ranger set aside when it made the road cheaper (unless already so).
                    ranger = locked and build != "ranger" and card != "ranger"
                    if affordable(stone, card, ranger):
                        acts.append(_build_text(build, "road", p, q, token))
        return acts

    def _road_kinds(self, seat: int) -> dict[str, tuple[int, bool] | None]:
        """Border kind -> ``(extra stone, ranger locked)`` of a road across it for ``seat``,
        None where it cannot be built (MT-TERRAIN-1/2, MT-IMP-RANGER: locked when Ranger in
        the Reserve makes it cheaper)."""
        ranger = self.ranger(seat)
        ranger_reserve = "ranger" in self.reserve[seat]
        return {
            "plain": (0, False),
            "hills": (0 if ranger else 1, ranger_reserve),
            "mountains": (1, ranger_reserve) if ranger else None,
        }

    def _road_options(
        self, seat: int, p: int, kinds: dict[str, tuple[int, bool] | None]
    ) -> list[tuple[int, int, bool]]:
        """Roads ``seat`` may build from ``p``: ``(other end, stone, ranger locked)``
        (MT-BUILD; ``kinds``: :meth:`_road_kinds`)."""
        owner, roads = self.owner, self.roads
        result = []
        for q, kind in BOARD.land_neighbours(p):
            if owner[q] != seat or ((p, q) if p < q else (q, p)) in roads:
                continue
            cost = kinds[kind]
            if cost is not None:
                result.append((q, ROAD_COST + cost[0], cost[1]))
        return result

    def _free_actions(self, seat: int, facts: Facts | None = None) -> list[str]:
        """Free actions (``facts``: those of the position, when already gathered)."""
        acts = []
        hand = self.hand[seat]
        acts.extend(abilities.free_offers(self, seat, None if facts is None else facts.owned))
        warehouse = war.in_reserve(self, seat, "warehouse") and "warehouse" not in self.flags
        if warehouse and self.reserve_room(seat) > 0:
            acts.extend([WAREHOUSE[c] for c in hand])
        if "moved" not in self.flags:  # the road move's first transfer opens it
            acts.extend(self._transfers(seat, (), facts))
        return acts

    def _transfers(
        self, seat: int, moved: tuple[str, ...], facts: Facts | None = None
    ) -> list[str]:
        """The road move's next transfers, ``move <from> <to> <n>`` (MT-ROAD-4,
        MT-RULING-ROAD-MOVE): armies from a province of one of ``seat``'s road networks (not
        at war) to another province of it. ``moved``: the transfers made so far in this road
        move, flattened (from, to, n): the move stays in their network, and a province that
        sent armies receives none, one that received sends none (so the move ends, and
        every final arrangement is still one move)."""
        armies = self.armies
        mine = self.controlled(seat) if facts is None else facts.mine
        sources: set[int] = set()
        dests: set[int] = set()
        if moved:
            sources = {P_INDEX[name] for name in moved[0::3]}
            dests = {P_INDEX[name] for name in moved[1::3]}
        acts: list[str] = []
        wars: list[int] | None = None
        comps: dict[int, frozenset[int]] = {}
        if facts is not None:
            wars, comps = facts.wars, facts.comps
        for a in mine:
            n = armies[a][seat]
            if not n or a in dests:
                continue
            if wars is None:
                wars = self.wars()
                comps = self.components(seat)
            if a in wars:
                continue
            network = comps[a]
            if len(network) < 2 or (moved and P_INDEX[moved[0]] not in network):
                continue
            for b in network:
                if b != a and b not in sources:
                    acts.extend(_move_texts(a, b, n))
        return acts

    # --- pending actions --------------------------------------------------------------------------
    def _pending_actions(self, pending: Pending) -> list[str]:
        seat = pending.seat
        kind = pending.kind
        if kind == "keep":
            return [KEEP[c] for c in self.phil]
        if kind == "reserve":
            acts = [RESERVE[c] for c in self.hand[seat]] if self.reserve_room(seat) > 0 else []
            return [*acts, "done"]
        if kind in ("discard", "counsellor"):
            acts = [DISCARD[c] for c in self.hand[seat]]
            acts += [DISCARD_RESERVE[c] for c in self.reserve[seat] + self.reserve_new[seat]]
            if (kind == "discard" and pending.chosen) or (
                kind == "counsellor" and pending.hand_count
            ):
                acts.append("done")
            return acts
        if kind == "move":
            return [*self._transfers(seat, pending.args), "done"]
        if kind == "remove":
            acts = []
            if self.deck_size(seat) > MIN_DECK:
                acts = [REMOVE[c] for c in self.hand[seat]]
                acts += [REMOVE_RESERVE[c] for c in self.reserve[seat] + self.reserve_new[seat]]
            return [*acts, "done"]
        return self._pay_actions(pending)

    def _pay_actions(self, pending: Pending) -> list[str]:
        seat = pending.seat
        acts = []
        open_need = pending.open_need
        open_more = open_need is not None and pending.open_paid < pending.open_cap
        if pending.optional:
            acts.append("decline")
        # ``needs`` holds only amounts still owed (``_pay`` drops the paid ones).
        if open_need is not None and pending.open_paid > 0 and not any(a for _, a in pending.needs):
            acts.append("done")
        hand, reserve = self.hand[seat], self.reserve[seat]
        merchants = hand.count(MERCHANT) + reserve.count(MERCHANT)
        mills = hand.count(WATER_MILL) + reserve.count(WATER_MILL)
        converters = self.converters(seat)
        uses = [n for n, a in pending.needs if a > 0]
        if open_more:
            assert open_need is not None
            uses.append(open_need)
        locked = pending.locked
        # Symbols for the open need may not exceed the counters in stock, except one Army
        # card with a single counter left (MT-RULING-ARMY-EXCESS).
        open_room = pending.open_cap - pending.open_paid
        army_excess = open_need == "army" and pending.open_cap == 1 and pending.open_paid == 0
        # Cards of one signature give the same payments (payment.signature): ask once.
        keeps: dict[tuple[str, str, str | None, bool], bool] = {}
        # The cards this action may still pay with (locked Reserve cards cannot), asked with
        # the paid card set aside in the common case (see _pay_keeps_feasible); made when
        # first needed.
        purse: Purse | None = None
        # Each card once per source; any order (the caller sorts the actions).
        for use in uses:
            # The payment options of the cards for this use, by card: one table for the cards
            # other than Merchant and Water Mill (whose own copy does not count as another).
            table = _pay_table(use, merchants > 0, mills > 0, converters)
            for from_reserve, pile in ((False, hand), (True, reserve)):
                for card in set(pile):
                    options: tuple[PayOption, ...] | None
                    if card in _MODIFIER_CARDS:
                        options = _pay_options(
                            card,
                            use,
                            merchants - (card == MERCHANT) > 0,
                            mills - (card == WATER_MILL) > 0,
                            converters,
                        )
                    else:
                        options = table.get(card)
                        if options is None:
                            options = table[card] = _pay_options(
                                card, use, merchants > 0, mills > 0, converters
                            )
                    if not options or (from_reserve and card in locked):
                        continue
                    sig = SIGNATURE[card]
                    for modifier, doubled, value, texts in options:
                        if (
                            use == open_need
                            and value > open_room
                            and not (army_excess and card in ARMY_CARDS)
                        ):
                            continue
                        key = (sig, use, modifier, doubled)
                        keeps_feasible = keeps.get(key)
                        if keeps_feasible is None:
                            if purse is None:
                                purse = Purse(
                                    tuple(sorted(hand + [c for c in reserve if c not in locked])),
                                    converters,
                                )
                            keeps_feasible = keeps[key] = self._pay_keeps_feasible(
                                pending, card, use, value, modifier, doubled, purse
                            )
                        if keeps_feasible:
                            acts.append(texts[from_reserve])
        return acts

    def _pay_keeps_feasible(
        self,
        pending: Pending,
        card: str,
        use: str,
        value: int,
        modifier: str | None,
        doubled: bool,
        purse: Purse,
    ) -> bool:
        """Whether the rest of the action can still be paid after this payment; ``purse``:
        the cards that may pay in this action (the locked ones left out)."""
        # What is still owed after it, in NEEDS order (``pending.needs`` is: only amounts
        # still owed, in that order).
        if use == pending.open_need:
            key = pending.needs
            unmet_open = None
        else:
            key = tuple(
                [
                    (n, a - value) if n == use else (n, a)
                    for n, a in pending.needs
                    if n != use or a > value
                ]
            )
            unmet_open = pending.open_need if pending.open_paid == 0 else None
        if not key and unmet_open is None:
            return True
        if modifier is None and not doubled and card not in CONVERTERS:
            # The common case: only ``card`` leaves, the converters stay as they are.
            return purse.can(key, unmet_open, (card,))
        cards = list(self.hand[pending.seat]) + [
            c for c in self.reserve[pending.seat] if c not in pending.locked
        ]
        for used in (
            card,
            MERCHANT if modifier == MERCHANT else None,
            WATER_MILL if doubled else None,
        ):
            if used is not None:
                if used not in cards:
                    return False
                cards.remove(used)
        if modifier in CONVERTERS and modifier in self.reserve[pending.seat] and modifier in cards:
            cards.remove(modifier)  # its text is used in this action: not its symbols too
        converters = tuple(
            c for c in self.converters(pending.seat) if c != modifier and (c != card or c in cards)
        )
        return feasible(tuple(sorted(cards)), converters, key, unmet_open)

    # --- chance -----------------------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[str, float]]:
        if self.queue:
            head = self.queue[0]
            if head[0] == "draw":
                return _draw_outcomes(self.deck[head[1]])
            if head[0] == "impdraw":
                return _draw_outcomes(self.imp_deck)
            raise AssertionError(f"no chance at queue entry {head}")
        if self.phase == DEAL:
            return uniform(f"deal {c}" for c in self.supply)
        if self.phase == DISPLAY:
            return uniform(f"display {c}" for c in self.imp_deck)
        if self.phase == VPCARD:
            return uniform(f"vpcard {c}" for c in CARDS.variable_vp if c not in self.counters)
        if self.phase in (DRAGON, RUNESTONE):
            verb = "dragon" if self.phase == DRAGON else "runestone"
            taken = self.dragons | self.runestones
            candidates = [c for c in self.supply if P_INDEX[c] not in taken]
            return uniform(f"{verb} {c}" for c in candidates)
        if self.phase == FIRST:
            return uniform(f"first {s}" for s in range(self.game.players))
        raise AssertionError(f"no chance in phase {PHASE_NAMES[self.phase]}")

    # --- applying ---------------------------------------------------------------------------------
    def _apply(self, action: str) -> None:
        parts = action.split(" ")
        verb = parts[0]
        index = len(self._history)
        if self.queue and not (self.pending is not None and self.pending.optional):
            head = self.queue[0]
            if head[0] == "claim":
                self.queue.pop(0)
                war.take_counter(
                    self, head[1], head[2], head[3], parts[1] if parts[1] == "stock" else "card"
                )
            elif head[0] == "draw":
                seat = head[1]
                self.deck[seat].remove(parts[1])
                self.hand[seat].append(parts[1])
                self._note("draw", seat, parts[1])
                self.hand[seat].sort()
                self.secret.append((index, seat, "draw"))
                if head[2] > 1:  # the head stays for the next draw
                    self.queue[0] = ("draw", seat, head[2] - 1)
                else:
                    self.queue.pop(0)
            elif head[0] == "impdraw":
                self.queue.pop(0)
                self.imp_deck.remove(parts[1])
                self.phil.append(parts[1])
                self.secret.append((index, head[1], "impdraw"))
                if head[2] > 1 and self.imp_deck:
                    self.queue.insert(0, ("impdraw", head[1], head[2] - 1))
            self._advance()
            return
        if self.phase < PLAY:
            self._apply_setup(verb, parts[1])
            self._advance()
            return
        if self.pending is not None:
            self._apply_pending(self.pending, parts)
        else:
            self._apply_turn(parts)
        self._advance()

    # set-up
    def _apply_setup(self, verb: str, arg: str) -> None:
        n = self.game.players
        if verb == "deal":
            per = self._deal_count()
            seat = sum(len(d) for d in self.dealt) // per
            self.supply.remove(arg)
            self.dealt[seat].append(arg)
            p = P_INDEX[arg]
            self.owner[p], self.piece[p] = seat, TOWN
            self.towns[seat] -= 1
            if sum(len(d) for d in self.dealt) == per * n:
                self.phase = DISPLAY
        elif verb == "display":
            self.imp_deck.remove(arg)
            self.display.append(arg)
            self.display.sort()
            if len(self.display) == DISPLAY_SIZE:
                self.phase = VPCARD
        elif verb == "vpcard":
            self.vp_order.append(arg)
            self.counters[arg] = self._slots(arg)
            for value in CARDS.vp[arg].counters:
                self.stock[value] -= 1
            if len(self.vp_order) == len(FIXED_VP_IDS) + VARIABLE_IN_PLAY:
                self._after_vp_cards()
        elif verb == "dragon":
            self.dragons.add(P_INDEX[arg])
            if len(self.dragons) == SETUP_PLACES:
                self.phase = RUNESTONE if "runestones" in self.counters else REJECT
                self._after_places()
        elif verb == "runestone":
            self.runestones.add(P_INDEX[arg])
            if len(self.runestones) == SETUP_PLACES:
                self.phase = REJECT
                self._after_places()
        elif verb == "reject":
            self.secret.append((len(self._history), self.current, "setup"))
            self.choices[self.current].append(arg)
            if len(self.choices[self.current]) == REJECTS:
                self.current += 1
                if self.current == n:
                    self._reveal_rejects()
        elif verb == "citadel":
            self.secret.append((len(self._history), self.current, "setup"))
            self.choices[self.current] = [arg]
            self.current += 1
            if self.current == n:
                self._reveal_citadels()
        elif verb == "first":
            self.first = int(arg)
            self.phase = HANDS
            self._deal_hands()

    def _deal_count(self) -> int:
        n = self.game.players
        return CHOOSE_DEAL_COUNT[n] if self.game.options["choose_provinces"] else DEAL_COUNT[n]

    @staticmethod
    def _slots(card: str) -> tuple[str, ...]:
        if card == "lord-of-the-isles":
            return ("large", "small")
        if card == "master-of-the-seas":
            return ("three", "four")
        return ("x",) * len(CARDS.vp[card].counters)

    def _after_vp_cards(self) -> None:
        if "here-be-dragons" in self.counters:
            self.phase = DRAGON
        elif "runestones" in self.counters:
            self.phase = RUNESTONE
        else:
            self.phase = REJECT
            self._after_places()

    def _after_places(self) -> None:
        if self.phase != REJECT:
            return
        self.current = 0
        if not self.game.options["choose_provinces"]:
            self._to_citadels()

    def _reveal_rejects(self) -> None:
        for seat, rejected in enumerate(self.choices):
            for card in rejected:
                p = P_INDEX[card]
                self.dealt[seat].remove(card)
                self.owner[p], self.piece[p] = NEUTRAL, NONE
                self.towns[seat] += 1
                self.supply.append(card)
        self.supply.sort()
        self.secret = [entry for entry in self.secret if entry[2] != "setup"]
        self.choices = [[] for _ in self.choices]
        self._to_citadels()

    def _to_citadels(self) -> None:
        self.current = 0
        if "citadel" in self.counters:
            self.phase = CITADEL_CHOICE
        else:
            self._setup_done()

    def _reveal_citadels(self) -> None:
        for seat, (card,) in enumerate(self.choices):
            p = P_INDEX[card]
            self.piece[p] = CITADEL
            self.towns[seat] += 1
            self.citadel[seat] = 1
        self.secret = [entry for entry in self.secret if entry[2] != "setup"]
        self.choices = [[] for _ in self.choices]
        self._setup_done()

    def _setup_done(self) -> None:
        for seat in range(self.game.players):  # the VP tokens go on the track (MT-SETUP-14)
            self.track[seat] = war.track_floor(war.PROVINCE_VP * len(self.controlled(seat)))
        war.update_lords(self, [frozenset()] * self.game.players)
        self.phase = FIRST
        self.current = 0

    def _deal_hands(self) -> None:
        n = self.game.players
        for seat in range(n):
            self.deck[seat] = sorted(self.dealt[seat] + list(CARDS.starting_deck))
            self._note("epoch", seat, tuple(self.deck[seat]))
        for k in range(n):
            seat = (self.first + k) % n
            extra = FOURTH_PLAYER_EXTRA if n == 4 and k == 3 else 0
            self.queue.append(("draw", seat, HAND_SIZE + extra))
        self.queue.append(("start",))

    # the turn
    def _apply_turn(self, parts: list[str]) -> None:
        seat = self.current
        verb = parts[0]
        if verb == "end-turn":
            self._end_turn()
            return
        if verb in ("play", "warehouse", "move") and self._is_free(parts):
            self.flags = self.flags | {"free"}
            self._apply_free(seat, parts)
            return
        self.actions += 1
        handler = getattr(self, "_do_" + verb.replace("-", "_"))
        handler(seat, parts[1:])

    @staticmethod
    def _is_free(parts: list[str]) -> bool:
        return parts[0] in ("warehouse", "move") or parts[1] in FREE_CARDS

    def _open(self, seat: int, kind: str, args: tuple[str, ...] = (), **fields: Any) -> None:
        self.pending = Pending(kind, seat, args, **fields)
        self._settle_pending()

    def _needs(self, **amounts: int) -> tuple[tuple[str, int], ...]:
        return tuple((n, amounts[n]) for n in NEEDS if amounts.get(n, 0) > 0)

    def _do_pass(self, seat: int, args: list[str]) -> None:
        pass

    def _do_invade(self, seat: int, args: list[str]) -> None:
        target = P_INDEX[args[0]]
        card = args[1]
        sea = args[-1] == "sea"
        rest = args[2:-1] if sea else args[2:]
        locked: tuple[str, ...] = ()
        if card == "portal":
            food, cross = 1, 0
        else:
            origin = P_INDEX[rest[0]] if rest else P_INDEX[card]
            if sea:
                food, cross = 1, BOARD.sea_routes(origin)[target]
            else:
                extra = self.land_cost(seat, origin, target)
                assert extra is not None
                food, cross = 1 + extra, 0
                if self.ranger_discount(seat, origin, target):
                    locked = ("ranger",)
        self.take_from_player(seat, card)
        self._open(
            seat,
            "invade",
            (args[0],),
            needs=self._needs(food=food, cross=cross),
            open_need="army",
            open_cap=self.army_stock[seat],
            played=(card,),
            locked=locked,
        )

    def _do_place_armies(self, seat: int, args: list[str]) -> None:
        p = P_INDEX[args[0]]
        food = 0 if self.owner[p] == seat else 1
        self._open(
            seat,
            "place-armies",
            (args[0],),
            needs=self._needs(food=food),
            open_need="army",
            open_cap=self.army_stock[seat],
        )

    def _do_remove_armies(self, seat: int, args: list[str]) -> None:
        p, armies, mercs = P_INDEX[args[0]], int(args[1]), int(args[2])
        self.armies[p][seat] -= armies
        self.army_stock[seat] += armies
        # Only the Mercenaries named leave: the rest stay, even with no army (MT-RULING-INVOLVED).
        self.mercs[p][seat] -= mercs
        self.mercs_left += mercs

    def _do_place_ships(self, seat: int, args: list[str]) -> None:
        self._open(
            seat, "place-ships", (args[0],), open_need="ship", open_cap=self.ship_stock[seat]
        )

    def _do_remove_ships(self, seat: int, args: list[str]) -> None:
        s, n = S_INDEX[args[0]], int(args[1])
        self.ships[s][seat] -= n
        self.ship_stock[seat] += n

    def _do_buy(self, seat: int, args: list[str]) -> None:
        armies, ships = int(args[0]), int(args[1])
        cost = armies * ARMY_COST + ships * SHIP_COST
        self._open(seat, "buy", (args[0], args[1]), needs=self._needs(gold=cost))

    def _do_draft(self, seat: int, args: list[str]) -> None:
        self.flags = self.flags | {"drafted"}
        self._open(seat, "draft", (args[0],), needs=self._needs(gold=1))

    def _do_reserve(self, seat: int, args: list[str]) -> None:
        self.pending = Pending("reserve", seat)
        self._apply_pending(self.pending, ["reserve", *args])

    def _do_discard(self, seat: int, args: list[str]) -> None:
        self.pending = Pending("discard", seat)
        self._apply_pending(self.pending, ["discard", *args])

    def _do_remove(self, seat: int, args: list[str]) -> None:
        self.pending = Pending("remove", seat)
        self._apply_pending(self.pending, ["remove", *args])

    def _do_patronage(self, seat: int, args: list[str]) -> None:
        self._open(seat, "patronage", needs=self._needs(gold=2))

    def _do_end_war(self, seat: int, args: list[str]) -> None:
        p = P_INDEX[args[0]]
        if len(args) > 1:  # Hero breaks the tie (MT-IMP-HERO)
            self.take_from_player(seat, "hero")
            self.discard[seat].append("hero")
            self.discard[seat].sort()
            winner = seat
        else:
            (winner,) = war.leaders(self, p)
        war.resolve_war(self, p, winner)

    def _do_end_game(self, seat: int, args: list[str]) -> None:
        self._final_resolution()
        self.winners_ = [seat]
        self.phase = OVER

    def _do_play(self, seat: int, args: list[str]) -> None:
        card = args[0]
        if card in BUILD_CARDS:
            self._start_build(seat, card, args[1:])
            return
        self.take_from_player(seat, card)
        abilities.play_action(self, seat, card, args[1:])

    def _start_build(self, seat: int, build: str, args: list[str]) -> None:
        what = args[0]
        p = args[1]
        if what == "road":
            other, rest = args[2], args[3:]
        else:
            other, rest = "", args[2:]
        card = rest[0] if rest else p
        self.take_from_player(seat, build)
        self.take_from_player(seat, card)
        stone = BUILD_COST[what]
        locked: tuple[str, ...] = ()
        if what == "road":
            extra = self.land_cost(seat, P_INDEX[p], P_INDEX[other])
            assert extra is not None
            stone += extra
            if self.ranger_discount(seat, P_INDEX[p], P_INDEX[other]):
                locked = ("ranger",)
        args_out = (what, p, other) if other else (what, p)
        self._open(
            seat,
            "build",
            args_out,
            needs=self._needs(stone=stone),
            played=(build, card),
            locked=locked,
        )

    def _apply_free(self, seat: int, parts: list[str]) -> None:
        verb = parts[0]
        if verb == "warehouse":
            self.flags = self.flags | {"warehouse"}
            self.hand[seat].remove(parts[1])
            self._note("out", seat, parts[1])
            self.reserve_new[seat].append(parts[1])
            self.reserve_new[seat].sort()
            return
        if verb == "move":  # the road move, once a turn: its first transfer (MT-ROAD-4)
            self.flags = self.flags | {"moved"}
            self.pending = Pending("move", seat, free=True)
            self._transfer(self.pending, parts)
            return
        card = parts[1]
        from_hand = card in self.hand[seat]
        self.take_from_player(seat, card)
        abilities.play_free(self, seat, card, parts[2:], from_hand)

    def _transfer(self, pending: Pending, parts: list[str]) -> None:
        """One transfer of the road move; the move ends by itself when no other is possible
        (public facts). Mercenaries do not move, and stay where they are (MT-RULING-ROAD-MOVE)."""
        seat = pending.seat
        a, b, n = P_INDEX[parts[1]], P_INDEX[parts[2]], int(parts[3])
        self.armies[a][seat] -= n
        self.armies[b][seat] += n
        moved = (*pending.args, parts[1], parts[2], parts[3])
        self.pending = pending._replace(args=moved, chosen=pending.chosen + 1)
        if not self._transfers(seat, moved):
            self.pending = None

    def _to_discard(self, seat: int, cards: list[str] | tuple[str, ...]) -> None:
        self.discard[seat].extend(cards)
        self.discard[seat].sort()

    # pending
    def _apply_pending(self, pending: Pending, parts: list[str]) -> None:
        seat = pending.seat
        verb = parts[0]
        kind = pending.kind
        if kind == "keep":
            kept = parts[1]
            self.phil.remove(kept)
            self.secret.append((len(self._history), seat, "keep"))
            self.hand[seat].append(kept)
            self._note("keep", seat, kept)
            self.hand[seat].sort()
            self.imp_deck.extend(self.phil)
            self.imp_deck.sort()
            self.phil = []
            self.pending = None  # Philosopher itself leaves the game
            return
        if kind == "reserve":
            if verb == "done":
                self.pending = None
                return
            self.hand[seat].remove(parts[1])
            self._note("out", seat, parts[1])
            self.reserve_new[seat].append(parts[1])
            self.reserve_new[seat].sort()
            self.pending = pending._replace(chosen=pending.chosen + 1)
            if not self.hand[seat] or self.reserve_room(seat) == 0:
                self.pending = None
            return
        if kind in ("discard", "counsellor"):
            if verb == "done":
                self._finish_discards(pending)
                return
            source = "reserve" if parts[1] == "reserve" else "hand"
            card = parts[-1]
            self._take_to_leave(seat, card, source)
            if kind == "discard":
                self._to_discard(seat, [card])
            else:
                self.limbo[seat].append(card)
            self.pending = pending._replace(
                chosen=pending.chosen + 1,
                hand_count=pending.hand_count + (source == "hand"),
            )
            if not self.hand[seat] and not self.reserve[seat] and not self.reserve_new[seat]:
                self._finish_discards(self.pending)
            return
        if kind == "move":
            if verb == "done":
                self.pending = None
            else:
                self._transfer(pending, parts)
            return
        if kind == "remove":
            if verb == "done":
                self.pending = None
                return
            source = "reserve" if parts[1] == "reserve" else "hand"
            card = parts[-1]
            self._take_to_leave(seat, card, source)
            self._return_card(seat, card)
            count = pending.chosen + 1
            self.pending = pending._replace(chosen=count)
            if (
                count == 2
                or self.deck_size(seat) <= MIN_DECK
                or not (self.hand[seat] or self.reserve[seat] or self.reserve_new[seat])
            ):
                self.pending = None
            return
        # payments
        if verb == "decline":
            self.pending = None
            return
        if verb == "done":
            self._resolve(pending)
            return
        self._pay(pending, parts)

    def _finish_discards(self, pending: Pending) -> None:
        seat = pending.seat
        self.pending = None
        if pending.kind == "counsellor":
            self.limbo[seat].extend(pending.played)
            # A replacement for each card discarded from the hand, and one for Counsellor
            # when it was played from the hand (MT-IMP-COUNSELLOR).
            itself = 0 if pending.args == ("reserve",) else 1
            self.queue.append(("draw", seat, pending.hand_count + itself))
            self.queue.append(("flush", seat))

    def _return_card(self, seat: int, card: str) -> None:
        """A removed card goes back where it came from (MT-REMOVE-1)."""
        if card in CARDS.starting:
            self.removed[seat].append(card)
            self.removed[seat].sort()
        elif card in P_INDEX:
            self.supply.append(card)
            self.supply.sort()
        else:
            self.display.append(card)
            self.display.sort()

    def _pay(self, pending: Pending, parts: list[str]) -> None:
        seat = pending.seat
        source, card, use, modifier, doubled, value = _parse_pay(tuple(parts))
        self.take_from_player(seat, card, source)
        played: tuple[str, ...] = (card,)
        locked = pending.locked
        if modifier == MERCHANT:
            self.take_from_player(seat, MERCHANT)
            played += (MERCHANT,)
        elif modifier is not None:
            self.flags = self.flags | {modifier}
            if modifier in self.reserve[seat]:
                locked = (*locked, modifier)
        if doubled:
            self.take_from_player(seat, WATER_MILL)
            played += (WATER_MILL,)
        needs, open_paid = pending.needs, pending.open_paid
        if use == pending.open_need:
            open_paid += value
        else:
            # Only amounts still owed (all of them positive before this payment).
            needs = tuple(
                [(n, a - value) if n == use else (n, a) for n, a in needs if n != use or a > value]
            )
        # ``pending._replace(needs=..., open_paid=..., played=..., locked=...)``, made by
        # position (``_replace`` is slow: a payment is a sixth of all steps).
        kind, seat, args, _, open_need, _, open_cap, before, chosen, count, optional = pending[:11]
        fields = (
            kind, seat, args, needs, open_need, open_paid, open_cap, before + played, chosen,
            count, optional, locked, pending.free,
        )  # fmt: skip
        self.pending = _new_pending(fields)
        self._settle_pending()

    def _settle_pending(self) -> None:
        """Resolve the pending payment once nothing is left to decide."""
        pending = self.pending
        if pending is None or pending.needs:
            return
        if pending.open_need is None:
            self._resolve(pending)
            return
        if pending.open_paid == 0:
            return
        # Only the cap (counters in stock, public) ends an open amount by itself; otherwise the
        # player says done, so that the log never tells others what his hand could still pay.
        if pending.open_paid >= pending.open_cap:
            self._resolve(pending)

    def _resolve(self, pending: Pending) -> None:
        """Carry out a fully paid action; played cards go to the discard pile."""
        seat = pending.seat
        self.pending = None
        self._to_discard(seat, pending.played)
        kind, args = pending.kind, pending.args
        if kind == "invade" or kind == "place-armies":
            p = P_INDEX[args[0]]
            n = min(pending.open_paid, self.army_stock[seat])
            self.army_stock[seat] -= n
            self.armies[p][seat] += n
        elif kind == "place-ships":
            s = S_INDEX[args[0]]
            n = min(pending.open_paid, self.ship_stock[seat])
            self.ship_stock[seat] -= n
            self.ships[s][seat] += n
            self._check_seas(seat)
        elif kind == "buy":
            armies, ships = int(args[0]), int(args[1])
            self.army_pool[seat] -= armies
            self.army_stock[seat] += armies
            self.ship_pool[seat] -= ships
            self.ship_stock[seat] += ships
        elif kind == "draft":
            card = args[0]
            if card in self.display:
                self.display.remove(card)
            elif card in self.removed[seat]:
                self.removed[seat].remove(card)
            else:
                self.supply.remove(card)
            self._to_discard(seat, [card])
        elif kind == "patronage":
            war.earn(self, seat, "patronage")
        elif kind in abilities.PAID_TEXTS:
            abilities.finish(self, kind, seat, args)
        elif kind == "build":
            self._build(seat, args)
        elif kind == "gilded":
            war.earn(self, seat, "gilded-city")
        elif kind == "inn":
            war.earn(self, seat, "roadside-inns")

    def _build(self, seat: int, args: tuple[str, ...]) -> None:
        what, p = args[0], P_INDEX[args[1]]
        if what == "city":
            self.towns[seat] += 1
            self.cities[seat] -= 1
            self.piece[p] = CITY
            war.earn(self, seat, "city")
            offer = "gilded-city"
        elif what == "castle":
            self.castle[p] = True
            self.castles_left -= 1
            war.earn(self, seat, "castle")
            offer = ""
        else:
            q = P_INDEX[args[2]]
            self.roads.add((min(p, q), max(p, q)))
            self.roads_left -= 1
            war.earn(self, seat, "road")
            offer = "roadside-inns"
        # Gilded City / Roadside Inns: pay one more gold for a counter (MT-BUILD-5).
        if offer and offer in self.counters:
            self.queue.append(("offer", seat, "gilded" if offer == "gilded-city" else "inn"))

    def _check_seas(self, seat: int) -> None:
        """Master of the Seas: ships in three, then four sea areas (MT-VP-MASTER-OF-THE-SEAS)."""
        if "master-of-the-seas" not in self.counters:
            return
        seas = sum(1 for fleet in self.ships if fleet[seat])
        for slot, needed in (("three", 3), ("four", 4)):
            if seas >= needed and slot not in self.met[seat]:
                self.met[seat] = self.met[seat] | {slot}
                war.earn(self, seat, "master-of-the-seas", slot)

    # --- flow -------------------------------------------------------------------------------------
    def _advance(self) -> None:
        """Empty the queue until someone must act (a draw, a claim choice, a player)."""
        while self.queue:
            head = self.queue[0]
            kind = head[0]
            if kind == "draw":
                seat = head[1]
                if not self.deck[seat]:
                    if not self.discard[seat]:  # nothing to draw (MT-RULING-EMPTY-DECK)
                        self.queue.pop(0)
                        continue
                    self.deck[seat] = sorted(self.discard[seat])
                    self.discard[seat] = []
                    self.shuffles[seat] += 1
                    self._note("epoch", seat, tuple(self.deck[seat]))
                return
            if kind == "impdraw":
                if not self.imp_deck:
                    self.queue.pop(0)
                    continue
                return
            if kind == "claim":
                options = war.claim_options(self, head[1], head[2], head[3])
                if len(options) >= 2:
                    return
                self.queue.pop(0)
                if options:
                    source = "stock" if options[0] == "stock" else "card"
                    war.take_counter(self, head[1], head[2], head[3], source)
                continue
            self.queue.pop(0)
            if kind == "flush":
                self._to_discard(head[1], self.limbo[head[1]])
                self.limbo[head[1]] = []
            elif kind == "offer":
                card = "gilded-city" if head[2] == "gilded" else "roadside-inns"
                # Offered whether or not the gold can be found (only decline then), so that the
                # offer itself reveals nothing of the hand.
                if war.claim_options(self, head[1], card, ""):
                    self.pending = Pending(
                        head[2], head[1], needs=self._needs(gold=1), optional=True
                    )
                    return  # the player decides the offer before anything else
            elif kind == "start":
                self.phase = PLAY
                self.round = 1
                self.current = self.first
            elif kind == "next":
                self._next_turn()
        # The turn ends by itself only when public facts show no free action is possible
        # (an empty hand): otherwise end-turn is a decision, which reveals nothing.
        turn_over = self.phase == PLAY and self.pending is None and self.actions == 2
        if turn_over and not self.hand[self.current] and not self._free_actions(self.current):
            self._end_turn()
            self._advance()

    def _end_turn(self) -> None:
        seat = self.current
        self.reserve[seat] = sorted(self.reserve[seat] + self.reserve_new[seat])
        self.reserve_new[seat] = []
        need = self.hand_size(seat) - len(self.hand[seat])
        if need > 0:
            self.queue.append(("draw", seat, need))
        self.queue.append(("next",))
        self.actions = 3  # no more actions or free actions this turn

    def _next_turn(self) -> None:
        n = self.game.players
        self.current = (self.current + 1) % n
        self.actions = 0
        self.flags = frozenset()
        if self.current == self.first:
            self.round += 1
            if self.round > self.game.options["max_rounds"]:
                self._final_resolution()
                scores = [war.score(self, s) for s in range(n)]
                best = max(scores)
                self.winners_ = [s for s in range(n) if scores[s] == best]
                self.phase = OVER

    def _final_resolution(self) -> None:
        """Every war resolved, defender winning ties, in province-id order (MT-END-4,
        MT-RULING-END-ORDER); counters taken at once (MT-RULING-END-SCRIBE)."""
        self.pending = None
        for p in range(len(PROVINCES)):
            if not war.at_war(self, p):
                continue
            all_sides = war.sides(self, p)
            best = max(all_sides.values())
            top = [s for s, v in all_sides.items() if v == best]
            winner = top[0] if len(top) == 1 else self.owner[p]
            war.resolve_war(self, p, winner, final=True)
        for entry in self.queue:
            if entry[0] == "claim":
                options = war.claim_options(self, entry[1], entry[2], entry[3])
                if options:
                    source = "card" if options[0] != "stock" else "stock"
                    war.take_counter(self, entry[1], entry[2], entry[3], source)
        self.queue = []

    # --- results ----------------------------------------------------------------------------------
    def _winners(self) -> list[int]:
        return sorted(self.winners_)

    def ending(self) -> str | None:
        """``end-game`` when a player took End the game, ``round-limit`` when the last turn
        of round ``max_rounds`` ended it (MT-END-6); None before the end."""
        if self.phase != OVER:
            return None
        if self.round > self.game.options["max_rounds"]:
            return ENDING_ROUND_LIMIT
        return ENDING_ACTION

    def _returns(self) -> list[float]:
        share = 1.0 / len(self.winners_)
        return [share if s in self.winners_ else 0.0 for s in range(self.game.players)]

    def scores(self) -> list[float]:
        return [float(war.score(self, s)) for s in range(self.game.players)]

    def features(self) -> dict[str, Any]:
        return {
            "first": self.first,
            "vp_cards": list(self.vp_order),
            "provinces": [sorted(d) for d in self.dealt],
        }

    def evaluate(self, player: int) -> float:
        return evaluation.evaluate(self, player)

    # --- information ------------------------------------------------------------------------------
    def action_seen_by(self, action: str, observer: int | None) -> str:
        """What ``observer`` learns of ``action`` applied here (MT-HIDDEN-3/4): a card drawn
        into a hand or for Philosopher, a Philosopher keep and a secret set-up choice are seen
        by their owner only; the others see the verb (``draw ?``). The choice that completes
        the secret round is revealed with all the others at once, so it is public."""
        owner = self._private_owner()
        if owner is None or owner == observer:
            return action
        return action.split(" ", 1)[0] + " ?"

    def _private_owner(self) -> int | None:
        """The seat that alone sees the action applied at this position, None if public."""
        player = self.current_player
        if player == CHANCE:
            head = self.queue[0] if self.queue else None
            if head is not None and head[0] in ("draw", "impdraw"):
                return int(head[1])
            return None  # set-up chance: deals, display, VP cards, dragons, ... are public
        if player == TERMINAL:
            return None
        pending = self.pending
        if pending is not None and pending.kind == "keep" and player == pending.seat:
            return player
        last = self.current == self.game.players - 1
        if self.phase == REJECT and not self.queue and pending is None:
            if last and len(self.choices[self.current]) == REJECTS - 1:
                return None  # the last reject: every reject is revealed
            return player
        if self.phase == CITADEL_CHOICE and not self.queue and pending is None:
            return None if last else player
        return None

    def view(self, player: int | None) -> dict[str, Any]:
        return hidden.view(self, player)

    # --- at the table (player_help.py) ---------------------------------------------------------
    def undo_safe(self, action: str) -> bool:
        return player_help.undo_safe(self, action)

    def _refusal(self, action: str, player: int) -> str | None:
        return player_help.refusal(self, action, player)

    def revealed(self) -> list[dict[str, Any]]:
        return player_help.revealed(self)

    def determinize(self, player: int, rng: random.Random) -> MythotopiaState:
        return hidden.determinize(self, player, rng)

    def __str__(self) -> str:
        return hidden.describe(self)
