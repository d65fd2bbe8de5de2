"""Mythotopia's encoding for the RL adapters: action tables, observation vector, length bound.

The tables are built from the grammar (RULES.md, "Notation") and the content (the map's 40
provinces and 4 seas, the 73 card ids, the 13 VP cards), never from sampled games. RULES.md,
"Encoding (for the RL adapters)", documents the order, the sizes and the observation layout.

Card vocabulary (:data:`CARD_IDS`, MT-CARD-1 order): the 4 Starting card ids, the 40 Province
cards, the 29 Improvement cards, each group by id.

Decisions, by verb in the notation table's order (chance verbs left out), then arguments in
content order (provinces and seas by id, cards in :data:`CARD_IDS` order, seats, numbers
rising). Every family is the exact set of strings the rules can write, bounded by the content
and the piece counts (MT-RULING-COMPONENTS); state conditions that no string reveals (who
controls what, which cards are in hand) are not narrowed, so the table is a superset of what
one position offers:

- ``reject <province>`` (only 3 and 4 players: option ``choose_provinces`` is refused with
  two, and the family is listed whether the option is on or not, so the size depends on the
  player count only), ``citadel <province>``;
- ``invade <target> <province-card>`` across a land border of that province (any kind:
  Ranger crosses mountains) or ``... sea`` along a sea route where no plain border joins them
  (MT-RULING-ROUTE); ``invade <target> <card> <origin> [sea]`` likewise from another province
  of the card's land mass (a road network lies inside one), the target never the card's own
  province (it is controlled then); ``invade <target> general <origin> [sea]`` from any
  province; ``invade <target> portal``;
- ``place-armies <p>``; ``remove-armies <p> <a> <m>`` with 0 <= a <= 20 (Army counters),
  0 <= m <= 8 (Mercenary counters), not both 0; ``place-ships <sea>``;
  ``remove-ships <sea> <n>``, 1 <= n <= 8 (Ship counters); ``end-war <p> [hero]``;
  ``buy <a> <s>``, 0 <= a <= 14, 0 <= s <= 6 (the pools: 20 - 6 armies, 8 - 2 ships), not both 0;
  ``draft <card>`` (any card: display, removed Starting cards, Province supply);
  ``reserve <card>``; ``discard [reserve] <card>``; ``remove [reserve] <card>``;
- ``play``, by card: ``start-build`` and ``build`` with ``city|castle <p> [<card>]`` and
  ``road <p> <q> [<card>]`` (q a land neighbour; ``<card>`` another province of p's land mass,
  or ``general``), ``alchemist 1|2``, ``counsellor``, ``diplomat <p>``,
  ``marauders <p> <seat>``, ``mercenary <p> 1|2``, ``militia``, ``mystic <card>`` (not
  itself: one copy, it is being played), ``philosopher``, ``providence``;
- ``patronage``, ``pass``, ``end-game``, ``warehouse <card>`` (not Warehouse: it is in the
  Reserve), ``move <a> <b> <n>`` (a != b on one land mass, 1 <= n <= 20: one transfer of the
  road move);
- ``pay [reserve] <card> <use> [<modifier>] [water-mill]``: every combination the payment
  offer can write (:func:`_pay_strings` applies its filters: a non-zero value; a modifier only
  where it gives more than the card alone; Merchant and Water Mill never on themselves);
- ``done``, ``decline``, ``keep <improvement>`` (not Philosopher: it has left the game),
  ``claim <vp-card>``, ``claim stock``, ``end-turn``.

Chance outcomes, by verb in the notation's order: ``deal <province>``, ``display
<improvement>``, ``vpcard <variable vp card>``, ``dragon <province>``, ``runestone <province>``,
``first <seat>``, ``draw <card>`` (a player's deck or, for Philosopher, the Improvement deck).

:meth:`Encoding.max_decisions`: the rules give NO bound on the decisions in one game, even
with ``max_rounds``: free actions have no per-turn limit, and Mystic can take Providence (or
Counsellor) back from the discard pile, whose draws can reshuffle Mystic and the gold card back
into the hand, so one turn can loop for ever (Counsellor and Providence can also draw each
other back). The value returned is a documented nominal bound, true for every game in which no
Free-action card is played twice in one turn: see :func:`nominal_bound`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from theomachy.engine.core import Game
from theomachy.engine.encoding import Encoding as BaseEncoding
from theomachy.engine.encoding import Features, seats_from
from theomachy.games.mythotopia.board import board
from theomachy.games.mythotopia.cards import BOX_COUNTERS, FIXED_VP_IDS, catalog
from theomachy.games.mythotopia.payment import CONVERTERS, MERCHANT, WATER_MILL, pay_value

# --- content ------------------------------------------------------------------------------------
_BOARD = board()
_CARDS = catalog()
PROVINCE_IDS: tuple[str, ...] = tuple(p.id for p in _BOARD.provinces)
SEA_IDS: tuple[str, ...] = tuple(s.id for s in _BOARD.seas)
STARTING_IDS: tuple[str, ...] = tuple(sorted(_CARDS.starting))
IMPROVEMENT_IDS: tuple[str, ...] = tuple(sorted(_CARDS.improvements))
CARD_IDS: tuple[str, ...] = STARTING_IDS + PROVINCE_IDS + IMPROVEMENT_IDS
VARIABLE_VP_IDS: tuple[str, ...] = tuple(sorted(_CARDS.variable_vp))
VP_IDS: tuple[str, ...] = tuple(FIXED_VP_IDS) + VARIABLE_VP_IDS
# Slotted VP cards: their counters are named (MT-VP-LORD-OF-THE-ISLES, MT-VP-MASTER-OF-THE-SEAS).
VP_SLOTS: tuple[tuple[str, str], ...] = (
    ("lord-of-the-isles", "large"),
    ("lord-of-the-isles", "small"),
    ("master-of-the-seas", "three"),
    ("master-of-the-seas", "four"),
)

# Piece counts (MT-RULING-COMPONENTS, MT-SETUP-2): they bound the numbers in actions.
ARMIES, SHIPS, START_ARMIES, START_SHIPS = 20, 8, 6, 2
MERCENARIES, ROADS, CASTLES, TOWNS_MAX, CITIES = 8, 20, 12, 16, 4
ARMY_POOL, SHIP_POOL = ARMIES - START_ARMIES, SHIPS - START_SHIPS
RESERVE_MAX = 2 + CITIES + 1 + 2  # cities, Citadel, Warehouse (MT-RESERVE-1)
BUILD_CARDS = ("start-build", "build")
MAX_CARDS = len(CARD_IDS) + 1  # a player's deck holds at most every card (two start-market)
RESOURCES = ("food", "stone", "gold")
USES = ("army", "ship", "food", "stone", "gold", "cross")
MODIFIERS: tuple[str | None, ...] = (None, MERCHANT, *sorted(CONVERTERS))

PHASES = (
    "deal", "display", "vpcard", "dragon", "runestone", "reject", "citadel", "first", "hands",
    "play", "over",
)  # fmt: skip
TURN_FLAGS = ("free", "drafted", "warehouse", "moved", *sorted(CONVERTERS))
PIECES = ("town", "city", "citadel")
CITADEL_STATES = ("unused", "on-board", "captured")
PENDING_KINDS = (
    "invade", "place-armies", "place-ships", "buy", "draft", "build", "patronage", "mercenary",
    "mystic", "diplomat", "inn", "gilded", "reserve", "discard", "remove", "counsellor", "keep",
    "move",
)  # fmt: skip
BUILD_KINDS = ("city", "castle", "road")
OPEN_NEEDS = ("army", "ship")
# Scales (the most a quantity can reach, or a value beyond which more changes little).
STRENGTH_HIGH = 41.0  # 20 armies, 8 mercenaries, 8 ships; castle 2, rugged, Limes, Ranger
SCORE_HIGH = 160.0  # 40 provinces x 3, plus counters
NEED_HIGH = {"army": 20, "ship": 8, "food": 2, "stone": 3, "gold": 26, "cross": 2}
HAND_HIGH = 20.0

# Per-turn decisions when no Free-action card is played twice in the turn (nominal_bound).
TURN_DECISIONS = 3 * MAX_CARDS + 49
SETUP_DECISIONS_PER_PLAYER = 3  # two rejects, one citadel


_CARD_INDEX = {card: i for i, card in enumerate(CARD_IDS)}


def _clip(value: float) -> float:
    return 0.0 if value < 0.0 else 1.0 if value > 1.0 else value


def _card_counts(cards: Sequence[str]) -> list[float]:
    """Counts over :data:`CARD_IDS`, over 2 (start-market has two copies)."""
    slots = [0.0] * len(CARD_IDS)
    for card in cards:
        number = _CARD_INDEX.get(card)
        if number is not None and slots[number] < 1.0:
            slots[number] += 0.5
    return slots


def _land_masses() -> list[frozenset[int]]:
    """Province number -> the provinces joined to it by land (roads lie inside one)."""
    mass: dict[int, frozenset[int]] = {}
    for start in range(len(PROVINCE_IDS)):
        if start in mass:
            continue
        seen, frontier = {start}, [start]
        while frontier:
            p = frontier.pop()
            for q, _ in _BOARD.land_neighbours(p):
                if q not in seen:
                    seen.add(q)
                    frontier.append(q)
        group = frozenset(seen)
        for p in group:
            mass[p] = group
    return [mass[p] for p in range(len(PROVINCE_IDS))]


def _targets(origin: int) -> list[tuple[int, bool]]:
    """(target, by sea) an invasion from ``origin`` can name: every land neighbour (Ranger
    crosses mountains), then sea routes where no plain border joins them (MT-RULING-ROUTE)."""
    result = [(t, False) for t, _ in _BOARD.land_neighbours(origin)]
    result += [
        (t, True) for t in _BOARD.sea_routes(origin) if _BOARD.border_kind(origin, t) != "plain"
    ]
    return sorted(result)


def _invade_strings() -> list[str]:
    masses = _land_masses()
    p_ids = PROVINCE_IDS
    # Target -> the (origin, by sea) that reach it, in origin order.
    reaching: list[list[tuple[int, bool]]] = [[] for _ in p_ids]
    for o in range(len(p_ids)):
        for t, sea in _targets(o):
            reaching[t].append((o, sea))
    acts: list[str] = []
    for t in range(len(p_ids)):
        target = p_ids[t]
        routes = reaching[t]
        for c in range(len(p_ids)):  # a Province card, from its own province or its network
            card = p_ids[c]
            for o, sea in routes:
                if o not in masses[c] or (o != c and t == c):
                    continue
                origin = "" if o == c else f" {p_ids[o]}"
                acts.append(f"invade {target} {card}{origin}{' sea' if sea else ''}")
        acts += [f"invade {target} general {p_ids[o]}{' sea' if sea else ''}" for o, sea in routes]
        acts.append(f"invade {target} portal")
    return acts


def _build_strings() -> list[str]:
    masses = _land_masses()
    p_ids = PROVINCE_IDS
    acts: list[str] = []
    for build in BUILD_CARDS:
        for what in BUILD_KINDS:
            for p in range(len(p_ids)):
                tokens = ["", *(f" {p_ids[q]}" for q in sorted(masses[p]) if q != p), " general"]
                if what == "road":
                    for q, _ in _BOARD.land_neighbours(p):
                        acts.extend(
                            f"play {build} road {p_ids[p]} {p_ids[q]}{token}" for token in tokens
                        )
                else:
                    acts.extend(f"play {build} {what} {p_ids[p]}{token}" for token in tokens)
    return acts


def _pay_strings() -> list[str]:
    """Every ``pay`` the payment offer can write (rules.py, MT-PAY, MT-RULING-SOURCE)."""
    acts: list[str] = []
    for source in ("", "reserve "):
        for card in CARD_IDS:
            for use in USES:
                for modifier in MODIFIERS:
                    if modifier == MERCHANT and (use not in RESOURCES or card == MERCHANT):
                        continue
                    if modifier in CONVERTERS and CONVERTERS[modifier] != use:
                        continue
                    mills = (False, True) if use in RESOURCES and card != WATER_MILL else (False,)
                    for doubled in mills:
                        value = pay_value(card, use, modifier, doubled)
                        if not value or (modifier and value <= pay_value(card, use, None, doubled)):
                            continue
                        text = f"pay {source}{card} {use}"
                        if modifier:
                            text += f" {modifier}"
                        if doubled:
                            text += f" {WATER_MILL}"
                        acts.append(text)
    return acts


def decision_strings(players: int) -> list[str]:
    """Every decision string at ``players`` players, in the documented order."""
    p_ids, s_ids = PROVINCE_IDS, SEA_IDS
    acts: list[str] = []
    if players >= 3:
        acts += [f"reject {p}" for p in p_ids]
    acts += [f"citadel {p}" for p in p_ids]
    acts += _invade_strings()
    acts += [f"place-armies {p}" for p in p_ids]
    acts += [
        f"remove-armies {p} {a} {m}"
        for p in p_ids
        for a in range(ARMIES + 1)
        for m in range(MERCENARIES + 1)
        if a or m
    ]
    acts += [f"place-ships {s}" for s in s_ids]
    acts += [f"remove-ships {s} {n}" for s in s_ids for n in range(1, SHIPS + 1)]
    acts += [f"end-war {p}{hero}" for p in p_ids for hero in ("", " hero")]
    acts += [f"buy {a} {s}" for a in range(ARMY_POOL + 1) for s in range(SHIP_POOL + 1) if a or s]
    acts += [f"draft {c}" for c in CARD_IDS]
    acts += [f"reserve {c}" for c in CARD_IDS]
    acts += [f"discard {src}{c}" for src in ("", "reserve ") for c in CARD_IDS]
    acts += [f"remove {src}{c}" for src in ("", "reserve ") for c in CARD_IDS]
    builds = _build_strings()
    for card in CARD_IDS:  # play, by card
        if card in BUILD_CARDS:
            acts += [a for a in builds if a.split(" ", 2)[1] == card]
        elif card == "alchemist":
            acts += ["play alchemist 1", "play alchemist 2"]
        elif card in ("counsellor", "militia", "philosopher", "providence"):
            acts.append(f"play {card}")
        elif card == "diplomat":
            acts += [f"play diplomat {p}" for p in p_ids]
        elif card == "marauders":
            acts += [f"play marauders {p} {s}" for p in p_ids for s in range(players)]
        elif card == "mercenary":
            acts += [f"play mercenary {p} {n}" for p in p_ids for n in (1, 2)]
        elif card == "mystic":
            acts += [f"play mystic {c}" for c in CARD_IDS if c != "mystic"]
    acts += ["patronage", "pass", "end-game"]
    acts += [f"warehouse {c}" for c in CARD_IDS if c != "warehouse"]
    masses = _land_masses()
    acts += [
        f"move {p_ids[a]} {p_ids[b]} {n}"
        for a in range(len(p_ids))
        for b in sorted(masses[a])
        if b != a
        for n in range(1, ARMIES + 1)
    ]
    acts += _pay_strings()
    acts += ["done", "decline"]
    acts += [f"keep {c}" for c in IMPROVEMENT_IDS if c != "philosopher"]
    acts += [f"claim {v}" for v in VP_IDS] + ["claim stock"]
    acts.append("end-turn")
    return acts


def outcome_strings(players: int) -> list[str]:
    """Every chance outcome string at ``players`` players, in the documented order."""
    outs = [f"deal {p}" for p in PROVINCE_IDS]
    outs += [f"display {c}" for c in IMPROVEMENT_IDS]
    outs += [f"vpcard {v}" for v in VARIABLE_VP_IDS]
    outs += [f"dragon {p}" for p in PROVINCE_IDS]
    outs += [f"runestone {p}" for p in PROVINCE_IDS]
    outs += [f"first {s}" for s in range(players)]
    outs += [f"draw {c}" for c in CARD_IDS]
    return outs


def nominal_bound(players: int, max_rounds: int) -> int:
    """Decisions in one game in which no Free-action card is played twice in a turn.

    With C = 74 (the most cards a player can own: 73 ids, start-market twice):

    - set-up: at most 2 ``reject`` and 1 ``citadel`` per player (no claim is a decision
      then: nobody holds Scribe);
    - one action: the verb, at most C card decisions after it (each ``pay``, ``reserve``,
      ``discard`` or ``remove`` takes a card out of the hand or Reserve) and ``done``, at most
      5 claims (a capture earns Spoils of War, Citadel, Here be Dragons, Runestones and one
      island of Lord of the Isles; a defence one counter), and a Gilded City or Roadside Inns
      offer (offer, one ``pay``, a claim) with its build's claim: C + 10;
    - free actions, each card once: Warehouse, Militia, Providence (1 each), Mystic and its
      gold (2), Counsellor, its discards and ``done`` (C + 2), the road move (at most 20
      transfers, each moving at least one of a player's 20 Army counters out of a province
      that never receives again, and ``done``: 21): C + 28;
    - ``end-turn``: 1. A turn: 2 (C + 10) + C + 28 + 1 = 3 C + 49 = 271;
    - turns: ``max_rounds`` rounds of ``players`` turns (MT-CAP-1; End the game only shortens).
    """
    return SETUP_DECISIONS_PER_PLAYER * players + max_rounds * players * TURN_DECISIONS


class Encoding(BaseEncoding):
    """Mythotopia's tables and observations (RULES.md, "Encoding (for the RL adapters)")."""

    # A random game runs to the 100-round cap (~1,800 steps at 2 players, ~3,600 at 4); the
    # outside suites' whole-game checks play 8 rounds instead.
    short_game_options: ClassVar[dict[str, Any]] = {"max_rounds": 8}

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = self.players = int(game.players)
        self._decisions = decision_strings(n)
        self._outcomes = outcome_strings(n)
        self._road_list = self._roads()
        # Observation size, segment by segment (see observe and RULES.md).
        self._size = (
            len(PHASES) + 2  # phase, round, max_rounds
            + n + 2 + 1  # current player (relative), chance, terminal, viewer to act
            + n  # first player
            + n + 3 + len(TURN_FLAGS)  # turn: seat, actions (0, 1, 2), flags
            + n  # winners
            + len(PROVINCE_IDS) * (n + len(PIECES) + 1 + n + n + 3 + n + 1)
            + len(self._road_list)
            + len(SEA_IDS) * n
            + n * self._player_size()
            + len(CARD_IDS)  # own hand
            + len(PROVINCE_IDS)  # own secret set-up choices
            + len(VP_IDS) * 2 + len(VP_SLOTS) + 3 + 1  # VP cards, stock, empty cards
            + len(IMPROVEMENT_IDS) + 1  # display, Improvement deck
            + len(PROVINCE_IDS)  # Province supply
            + 3  # roads, castles, mercenaries left
            + self._pending_size() + n  # the pending action, and whose it is
        )  # fmt: skip

    # --- tables -------------------------------------------------------------------------------
    def decisions(self) -> list[str]:
        return list(self._decisions)

    def outcomes(self) -> list[str]:
        return list(self._outcomes)

    def max_decisions(self) -> int:
        """Nominal: the rules allow endless free-action loops (module docstring); the value
        bounds every game in which no Free-action card is played twice in a turn."""
        return nominal_bound(self.players, int(self.game.options["max_rounds"]))

    # --- observation --------------------------------------------------------------------------
    @staticmethod
    def _roads() -> list[tuple[str, str]]:
        return [
            (PROVINCE_IDS[p], PROVINCE_IDS[q])
            for p in range(len(PROVINCE_IDS))
            for q, _ in _BOARD.land_neighbours(p)
            if p < q
        ]

    @staticmethod
    def _player_size() -> int:
        return (
            1 + 3 + 1 + 1 + len(CITADEL_STATES)  # score, counters by value, towns, cities, citadel
            + 4  # armies and ships in stock and pool
            + 2 + 1 + 1  # hand and deck counts, reserve limit, secret choices made
            + len(CARD_IDS) * 4  # discard, reserve, reserve (new), set aside
            + len(STARTING_IDS)  # removed Starting cards
            + 2  # Master of the Seas conditions met
        )  # fmt: skip

    @staticmethod
    def _pending_size() -> int:
        return (
            1 + len(PENDING_KINDS) + 1  # any, kind, optional
            + len(PROVINCE_IDS) + len(SEA_IDS) + len(CARD_IDS) + len(BUILD_KINDS) + 2
            + len(USES) + len(OPEN_NEEDS) + 1  # needs, open need, open paid
            + len(CARD_IDS)  # cards played so far
            + len(IMPROVEMENT_IDS) + 1  # Philosopher's cards (own) or their count
        )  # fmt: skip

    def observation_size(self) -> int:
        return self._size

    def observe(self, view: Mapping[str, Any]) -> list[float]:
        n = self.players
        me = int(view["player"])
        order = seats_from(me, n)
        rel = {seat: i for i, seat in enumerate(order)}
        f = Features()
        keys = [str(seat) for seat in order] + ["-1"]  # strengths: seats, then the neutral
        zero_keys = [0.0] * len(keys)

        def seat_hot(seat: object) -> None:
            slots = [0.0] * n
            if isinstance(seat, int) and 0 <= seat < n:
                slots[rel[seat]] = 1.0
            f.values.extend(slots)

        # Phase, round.
        f.one_hot(view["phase"], PHASES)
        f.scalar(view["round"], float(view["max_rounds"]))
        f.scalar(view["max_rounds"], 1000.0)
        current = view["current_player"]
        seat_hot(current)
        f.flag(current == -1)
        f.flag(view["terminal"])
        f.flag(current == me)
        seat_hot(view["first_player"])
        turn = view["turn"]
        seat_hot(turn["seat"])
        f.one_hot(turn["actions"], (0, 1, 2))
        f.many_hot(turn["flags"], TURN_FLAGS)
        f.many_hot([rel[s] for s in view["winners"]], range(n))

        # Provinces.
        values = f.values
        for province in view["provinces"]:
            seat_hot(province["owner"])
            piece = province["piece"]
            values += [1.0 if piece == name else 0.0 for name in PIECES]
            values.append(1.0 if province["castle"] else 0.0)
            armies, mercs = province["armies"], province["mercenaries"]
            # Piece counts never exceed the box (20 armies, 8 mercenaries, 8 ships a player).
            values += [armies[seat] / ARMIES for seat in order]
            values += [mercs[seat] / MERCENARIES for seat in order]
            values += [1.0 if province[key] else 0.0 for key in ("dragon", "runestone", "at_war")]
            strengths = province["strengths"]
            if strengths:
                values += [_clip(strengths.get(key, 0) / STRENGTH_HIGH) for key in keys]
            else:
                values += zero_keys
        built = {(a, b) for a, b in view["roads"]}
        values += [1.0 if road in built else 0.0 for road in self._road_list]
        for sea in view["seas"]:
            ships = sea["ships"]
            values += [ships[seat] / SHIPS for seat in order]

        # Players, from the viewer's seat.
        players = view["players"]
        for seat in order:
            entry = players[seat]
            f.scalar(entry["score"], SCORE_HIGH)
            held = entry["vp_counters"]
            for value in (1, 2, 3):
                f.scalar(held.count(value), BOX_COUNTERS[value])
            f.scalar(entry["towns"], TOWNS_MAX)
            f.scalar(entry["cities"], CITIES)
            f.one_hot(entry["citadel"], CITADEL_STATES)
            f.scalar(entry["armies"], ARMIES)
            f.scalar(entry["ships"], SHIPS)
            f.scalar(entry["army_pool"], ARMY_POOL)
            f.scalar(entry["ship_pool"], SHIP_POOL)
            f.scalar(entry["hand_count"], HAND_HIGH)
            f.scalar(entry["deck_count"], MAX_CARDS)
            f.scalar(entry["reserve_limit"], RESERVE_MAX)
            chosen = entry["choices"] if "choices" in entry else entry.get("choices_made", 0)
            f.scalar(len(chosen) if isinstance(chosen, list) else chosen, 2)
            for pile in ("discard", "reserve", "reserve_new", "set_aside"):
                values += _card_counts(entry[pile])
            f.counts(entry["removed"], STARTING_IDS, 2)
            f.many_hot(entry["seas_met"], ("three", "four"))
        mine = players[me]
        values += _card_counts(mine.get("hand", ()))
        f.many_hot(mine.get("choices", ()), PROVINCE_IDS)

        # VP cards, stock, display, supply.
        counters = {card["id"]: card["counters"] for card in view["vp_cards"]}
        f.many_hot(counters, VP_IDS)
        for vp in VP_IDS:
            f.scalar(len(counters.get(vp, ())), 7)
        f.values.extend(1.0 if slot in counters.get(card, ()) else 0.0 for card, slot in VP_SLOTS)
        stock = view["vp_stock"]
        for value in (1, 2, 3):
            f.scalar(stock.get(str(value), 0), BOX_COUNTERS[value])
        f.scalar(view["empty_vp_cards"], len(FIXED_VP_IDS) + 4)
        f.many_hot(view["display"], IMPROVEMENT_IDS)
        f.scalar(view["improvement_deck"], len(IMPROVEMENT_IDS))
        f.many_hot(view["province_supply"], PROVINCE_IDS)
        supply = view["supply"]
        f.scalar(supply["roads"], ROADS)
        f.scalar(supply["castles"], CASTLES)
        f.scalar(supply["mercenaries"], MERCENARIES)

        self._observe_pending(f, view.get("pending"), seat_hot)
        return f.done(self._size)

    def _observe_pending(
        self, f: Features, pending: Mapping[str, Any] | None, seat_hot: Callable[[object], None]
    ) -> None:
        """The action being completed: kind, whose, its arguments, needs, cards played."""
        if pending is None:
            f.values.extend([0.0] * self._pending_size())
            seat_hot(None)
            return
        kind = pending["kind"]
        args: Sequence[str] = pending["args"]
        f.flag(True)
        f.one_hot(kind, PENDING_KINDS)
        f.flag(pending["optional"])
        card_arg = kind in ("draft", "mystic")
        f.many_hot([] if card_arg else args, PROVINCE_IDS)
        f.many_hot(args, SEA_IDS)
        f.one_hot(args[0] if card_arg and args else None, CARD_IDS)
        f.one_hot(args[0] if kind == "build" else None, BUILD_KINDS)
        first = int(args[0]) if kind == "buy" else None
        second = int(args[1]) if kind in ("buy", "mercenary") else None
        f.scalar(first, ARMY_POOL)
        f.scalar(second, SHIP_POOL if kind == "buy" else 2)
        needs = pending["needs"]
        for use in USES:
            f.scalar(needs.get(use, 0), NEED_HIGH[use])
        f.one_hot(pending["open_need"], OPEN_NEEDS)
        f.scalar(pending["open_paid"], ARMIES)
        f.values += _card_counts(pending["played"])
        drawn = pending.get("drawn")
        f.many_hot(drawn if isinstance(drawn, list) else (), IMPROVEMENT_IDS)
        f.scalar(len(drawn) if isinstance(drawn, list) else drawn, 3)
        seat_hot(pending["seat"])
