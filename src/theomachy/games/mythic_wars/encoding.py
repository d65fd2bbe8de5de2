"""Mythic Wars's encoding for the RL adapters: action tables, observation vector, length bound.

See "Encoding (for the RL adapters)" in RULES.md for the table order, the observation layout
and the bound of :meth:`Encoding.max_decisions`. The tables are built from the content (the
entities of ``content/entities.toml``, sorted by id as in ``cards.catalog()``), the pantheons
and the ability keys, never from sampled games. They do not depend on the mode: every mode
plays with the same entities, and a mode only changes who holds which. A Solo Destiny game
(option ``solo``) names every entity ``<id>@<seat>`` (each faction has its own copy), so its
tables and entity blocks have one copy of every entity per seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from theomachy.engine.core import CHANCE, Game
from theomachy.engine.encoding import Encoding as BaseEncoding
from theomachy.engine.encoding import Features, seats_from
from theomachy.games.mythic_wars.cards import PANTHEONS, catalog
from theomachy.games.mythic_wars.rules import ORDERABLE, PHASE_NAMES, SOLO_MARK

ENTITIES = catalog()  # every entity, sorted by id: the content order of every table
IDS = tuple(entity.id for entity in ENTITIES)
INDEX = {entity_id: number for number, entity_id in enumerate(IDS)}
DEITY_IDS = tuple(entity.id for entity in ENTITIES if entity.is_deity)
FACTION_SIZE = 4
PANTHEON_INDEX = {pantheon: number for number, pantheon in enumerate(PANTHEONS)}

MODES = ("hands-of-fate", "guided", "pantheons", "destiny", "pantheons-of-destiny")
PHASES = PHASE_NAMES  # the order of the rules' phase numbers
STATES = ("uninvoked", "invoked", "empowered", "defeated")
STATE_INDEX = {state: number for number, state in enumerate(STATES)}
PENDING_KINDS = ("attack", "clash", "defensetest", "damageroll", "primeroll", "choice")
PURPOSES = ("extra-attack", "ambush", "doom", "burn")
SETTLED_KINDS = ("attack", "clash", "defense-test", "damage")
RESULTS = ("hit", "miss", "again", "won", "lost", "defeated", "survived")

# The ability keys by the decisions they give (cards.ABILITY_PARAMS): an ``ability X Y``
# against an opposing entity (clash and blast when empowered, doom when invoked, burn at the
# end of a round), ``ability X Y`` on itself or a supporting entity (heal), ``ability X`` with
# no target (volley, summon), and none (passive, automatic, or an extra attack/ambush, which
# are ``attack X Y`` decisions).
OPPOSING_TARGET = frozenset({"clash", "blast", "doom", "burn"})
SUPPORTING_TARGET = frozenset({"heal"})
NO_TARGET = frozenset({"volley", "summon"})
NO_ABILITY_ACTION = frozenset(
    {
        "modify",
        "taunt",
        "tie-breaker",
        "no-crits",
        "thorns",
        "ambush",
        "invoke-summon",
        "invoke-heal",
        "regenerate",
        "extra-attack",
        "lifesteal",
    }
)

# Creature <-> summoner: always in the same faction, so they never oppose each other.
SUMMONER = {e.params.creature: e.id for e in ENTITIES if e.params.creature is not None}
BOUND = frozenset(
    {(creature, summoner) for creature, summoner in SUMMONER.items()}
    | {(summoner, creature) for creature, summoner in SUMMONER.items()}
)

# Scales of the observation's numbers (values above are clipped to 1).
POWER_HIGH = float(max(entity.power for entity in ENTITIES))  # energy never exceeds Power
FACTION_UNITS_HIGH = 2.0 * FACTION_SIZE  # 4 deities and at most one creature per deity
FACTION_ENERGY_HIGH = 60.0
HAND_HIGH = 12.0  # guided mode deals at most 12; a pantheon has 8 deities
ROUND_HIGH = 50.0
DIE_HIGH = 6.0
TOTAL_HIGH = 20.0  # a roll's total (die + score + modifiers)
DAMAGE_HIGH = 10.0
THRESHOLD_HIGH = 20.0
SETTLED_HIGH = 4.0
# A seat's numbers: uninvoked, face down, in the battle, energy in the battle, eliminated,
# been prime, prime, to act, hand, pantheon (one-hot), winner.
SEAT_SIZE = 9 + len(PANTHEONS) + 1

# max_decisions: the rules have no round cap (two regenerating entities can trade blows for
# thousands of rounds), so the bound counts NOMINAL_ROUNDS rounds unless the game's options
# have a ``max_rounds`` cap.
NOMINAL_ROUNDS = 10_000
CREATURES = sum(1 for entity in ENTITIES if not entity.is_deity)
EXTRA_ATTACKERS = sum(1 for entity in ENTITIES if entity.ability == "extra-attack")
INVOKE_CHOOSERS = sum(1 for entity in ENTITIES if entity.ability in ("doom", "ambush"))
BURNERS = sum(1 for entity in ENTITIES if entity.ability == "burn")
# Entities whose triggered ability its advocate may have to order (MW-RULING-ORDER).
ORDERABLE_IDS = frozenset(IDS[n] for n in ORDERABLE)


def _clip(value: float) -> float:
    return 0.0 if value < 0.0 else 1.0 if value > 1.0 else value


def opposable(attacker: str) -> list[str]:
    """Entities that can ever oppose ``attacker`` (in content order): every other entity but
    its creature or summoner, which always belong to its own faction."""
    return [t for t in IDS if t != attacker and (attacker, t) not in BOUND]


def decision_table(players: int = 1, solo: bool = False) -> list[str]:
    """Every decision, verbs in RULES.md notation order, arguments in content order; in a
    solo game every entity once per seat (``<id>@<seat>``, seat by seat)."""
    seats = list(range(players)) if solo else [None]

    def token(entity_id: str, seat: int | None) -> str:
        return entity_id if seat is None else f"{entity_id}{SOLO_MARK}{seat}"

    def against(attacker: str, seat: int | None) -> list[str]:
        """The tokens that can ever oppose ``attacker`` of ``seat``: in a solo game every
        entity of every other seat."""
        if seat is None:
            return opposable(attacker)
        return [token(t, other) for other in seats if other != seat for t in IDS]

    table = [] if solo else [f"draft {d}" for d in DEITY_IDS]  # no draft in the destiny modes
    table += [f"assemble {token(d, s)}" for s in seats for d in DEITY_IDS]
    table += [f"invoke {token(d, s)}" for s in seats for d in DEITY_IDS]
    table += [f"attack {token(a, s)} {t}" for s in seats for a in IDS for t in against(a, s)]
    for seat in seats:
        for entity in ENTITIES:
            key, me = entity.ability, token(entity.id, seat)
            if key in OPPOSING_TARGET:
                table += [f"ability {me} {t}" for t in against(entity.id, seat)]
            elif key in SUPPORTING_TARGET:
                # itself or any supporting entity: any deity may share its faction, and so
                # may any creature (summoned by a supporting deity)
                table += [f"ability {me} {token(t, seat)}" for t in IDS]
            elif key in NO_TARGET:
                table.append(f"ability {me}")
            elif key not in NO_ABILITY_ACTION:
                raise ValueError(f"mythic-wars encoding: ability {key!r} has no decision rule")
    table += [f"rest {token(e, s)}" for s in seats for e in IDS]
    table += [f"order {token(e, s)}" for s in seats for e in IDS if e in ORDERABLE_IDS]
    table.append("decline")
    return table


def outcome_table(players: int) -> list[str]:
    """Every chance outcome: deals (deities in content order, then pantheons), the first prime
    faction (seats), dice."""
    table = [f"deal {d}" for d in DEITY_IDS]
    table += [f"deal {p}" for p in PANTHEONS]
    table += [f"first {seat}" for seat in range(players)]
    table += [f"roll {n}" for n in range(1, 7)]
    return table


class Encoding(BaseEncoding):
    """Mythic Wars: a fixed decision table (3816 at every player count with the current
    content; a solo game's grows with the seats) and 60 + players chance outcomes;
    586 + 72 x players observation numbers (a solo game's entity blocks are per seat).

    :meth:`max_decisions` is a NOMINAL bound without the ``max_rounds`` option: the
    rulebook's game has no round cap and can last without end (random play has gone past
    11,000 rounds and 23,000 decisions), so it counts 10,000 rounds; with ``max_rounds``
    (MW-CAP-1) it is a true bound."""

    # The outside suites' whole-game checks play capped games (a random 8-player game can
    # otherwise run to tens of thousands of steps).
    short_game_options: ClassVar[dict[str, Any]] = {"max_rounds": 30}

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.players = game.players
        self.solo = bool(game.options.get("solo"))
        self.copies = self.players if self.solo else 1  # copies of every entity in the game
        self.slots = len(IDS) * self.copies  # entity slots (one per token)
        self.entity_size = 7 + self.players
        self.size = (
            len(MODES)
            + len(PHASES)
            + 3
            + self.players * SEAT_SIZE
            + len(DEITY_IDS)
            + self.slots * self.entity_size
            + len(PENDING_KINDS)
            + len(PURPOSES)
            + 2 * self.slots
            + 4
            + 2 * self.players
            + 1
            + len(SETTLED_KINDS)
            + 6
            + len(RESULTS)
            + 1
        )

    def decisions(self) -> list[str]:
        return decision_table(self.players, self.solo)

    def outcomes(self) -> list[str]:
        return outcome_table(self.players)

    def observation_size(self) -> int:
        return self.size

    def max_decisions(self) -> int:
        """With the ``max_rounds`` option (MW-CAP-1) a true bound; without it (the rulebook's
        game has no round cap) a nominal one. 4 drafts (or assembly picks) per player,
        then per round at most one invocation per faction, one empowerment per entity in the
        battle (4 deities per faction and the creatures), one extra-attack choice per
        extra-attacker (an additional attack grants no other), one ambush/doom choice per
        entity that has one, one burn target per burner and one order choice per orderable
        trigger (a solo game has a copy of each per seat); times NOMINAL_ROUNDS rounds
        (10,000), or ``max_rounds``."""
        n = self.players
        cap = self.game.options.get("max_rounds")
        rounds = cap if isinstance(cap, int) and cap > 0 else NOMINAL_ROUNDS
        once = CREATURES + EXTRA_ATTACKERS + INVOKE_CHOOSERS + BURNERS + len(ORDERABLE_IDS)
        per_round = n + FACTION_SIZE * n + self.copies * once
        return FACTION_SIZE * n + rounds * per_round

    def slot(self, token: str, relative: dict[int, int]) -> int:
        """An entity token's slot: its content index, or in a solo game its seat's copy's
        (seats relative to the viewer, as everywhere in the observation)."""
        entity_id, _, seat = token.partition(SOLO_MARK)
        if not self.solo:
            return INDEX[entity_id]
        return relative[int(seat)] * len(IDS) + INDEX[entity_id]

    def observe(self, view: Mapping[str, Any]) -> list[float]:
        n = self.players
        me = view["player"]
        relative = {seat: k for k, seat in enumerate(seats_from(me, n))}
        f = Features()
        current = view["current_player"]
        prime = view["prime"]
        winners = set(view["winners"])

        # Global.
        f.one_hot(view["mode"], MODES)
        f.one_hot(view["phase"], PHASES)
        f.scalar(view["round"], ROUND_HIGH)
        f.flag(view["terminal"])
        f.flag(current == CHANCE)

        # Seats, the viewer first then clockwise.
        entities = view["entities"]
        hidden = [0] * n
        energy = [0] * n
        for entity in entities:
            owner = entity["owner"]
            if entity["id"] is None:
                hidden[owner] += 1
            elif entity["state"] in ("invoked", "empowered"):
                energy[owner] += max(0, entity["energy"])
        seats = [0.0] * (n * SEAT_SIZE)
        for faction in view["factions"]:
            seat = faction["seat"]
            base = relative[seat] * SEAT_SIZE
            seats[base] = _clip(faction["uninvoked"] / FACTION_SIZE)
            seats[base + 1] = _clip(hidden[seat] / FACTION_SIZE)
            seats[base + 2] = _clip(faction["in_battle"] / FACTION_UNITS_HIGH)
            seats[base + 3] = _clip(energy[seat] / FACTION_ENERGY_HIGH)
            seats[base + 4] = 1.0 if faction["eliminated"] else 0.0
            seats[base + 5] = 1.0 if faction["been_prime"] else 0.0
            seats[base + 6] = 1.0 if prime == seat else 0.0
            seats[base + 7] = 1.0 if current == seat else 0.0
            seats[base + 8] = _clip(faction["hand"] / HAND_HIGH)
            pantheon = faction["pantheon"]
            if pantheon is not None:
                seats[base + 9 + PANTHEON_INDEX[pantheon]] = 1.0
            seats[base + 9 + len(PANTHEONS)] = 1.0 if seat in winners else 0.0
        f.values.extend(seats)

        # The viewer's hand (dealt, not yet drafted or formed into a faction), or while the
        # viewer assembles, the shared copy's deities left (a game has one or the other).
        f.many_hot([t.split(SOLO_MARK)[0] for t in (*view["hand"], *view["pool"])], DEITY_IDS)

        # One block per entity, content order: seen, owner (relative seat), state, declared,
        # energy.
        size = self.entity_size
        block = [0.0] * (self.slots * size)
        for entity in entities:
            entity_id = entity["id"]
            if entity_id is None:
                continue
            base = self.slot(entity_id, relative) * size
            block[base] = 1.0
            block[base + 1 + relative[entity["owner"]]] = 1.0
            block[base + 1 + n + STATE_INDEX[entity["state"]]] = 1.0
            block[base + 5 + n] = 1.0 if entity["declared"] else 0.0
            block[base + 6 + n] = _clip(entity["energy"] / POWER_HIGH)
        f.values.extend(block)

        # The pending frame (the top of the resolution stack).
        pending = view["pending"] or {}
        f.one_hot(pending.get("kind"), PENDING_KINDS)
        f.one_hot(pending.get("purpose"), PURPOSES)
        actor = (
            pending.get("attacker")
            or pending.get("clasher")
            or pending.get("source")
            or pending.get("unit")
        )
        named = [0.0] * (2 * self.slots)
        if actor is not None:
            named[self.slot(actor, relative)] = 1.0
        target = pending.get("target")
        if target is not None:
            named[self.slots + self.slot(target, relative)] = 1.0
        f.values.extend(named)
        f.flag(pending.get("extra"))
        f.scalar(pending.get("attack_die") or pending.get("clasher_die"), DIE_HIGH)
        f.scalar(pending.get("damage"), DAMAGE_HIGH)
        f.scalar(pending.get("threshold"), THRESHOLD_HIGH)
        candidates = [0.0] * n
        dice = [0.0] * n
        for number, seat in enumerate(pending.get("candidates", ())):
            candidates[relative[seat]] = 1.0
            rolled = pending["dice"]
            if number < len(rolled):
                dice[relative[seat]] = rolled[number] / DIE_HIGH
        f.values.extend(candidates)
        f.values.extend(dice)

        # The last roll settled by the last action.
        settled = view["settled"]
        f.scalar(len(settled), SETTLED_HIGH)
        last = settled[-1] if settled else {}
        f.one_hot(last.get("kind"), SETTLED_KINDS)
        f.scalar(last.get("first_die"), DIE_HIGH)
        f.scalar(last.get("first_total"), TOTAL_HIGH)
        f.flag(last.get("first_critical"))
        f.scalar(last.get("second_die"), DIE_HIGH)
        f.scalar(last.get("second_total"), TOTAL_HIGH)
        f.flag(last.get("second_critical"))
        f.one_hot(last.get("result"), RESULTS)
        f.scalar(last.get("points"), DAMAGE_HIGH)
        return f.done(self.size)
