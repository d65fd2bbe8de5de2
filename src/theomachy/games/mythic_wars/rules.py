"""Mythic Wars: Clash of the Gods, the state machine (rule ids refer to RULES.md).

Set-up (deal, draft or assemble, first prime faction), then rounds: start of round -> invocation ->
empowerment -> end of round -> next prime faction. Attacks, clashes and ability rolls are
resolved by frames on a stack: each frame waits for a die (a chance node) or a decision.
Entities are named by tokens (``Notation``): their ids, or ``<id>@<seat>`` in a Solo Destiny
game, where two factions may hold the same deity.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from pydantic import Field, field_validator

from theomachy.engine.core import CHANCE, TERMINAL, Game, GameOptions, State
from theomachy.games.mythic_wars import abilities, evaluation
from theomachy.games.mythic_wars.cards import PANTHEONS, Entity, catalog

if TYPE_CHECKING:
    from theomachy.engine.narration import Narrator

# Phases of the game.
DEAL, DRAFT, FIRST, START, INVOKE, INVOKE_ABILITIES, EMPOWER, END, NEXT_PRIME, OVER = range(10)
# In-game faction assembly of the destiny modes (MW-RULING-ASSEMBLE); numbered last so that
# the older phases keep their numbers.
ASSEMBLE = 10
SETUP_PHASES = (DEAL, DRAFT, ASSEMBLE, FIRST)
PHASE_NAMES = (
    "deal",
    "draft",
    "first",
    "start",
    "invocation",
    "invoke-abilities",
    "empowerment",
    "end",
    "next-prime",
    "over",
    "assemble",
)

# Card states (MW-STATE-1).
UNINVOKED, INVOKED, EMPOWERED, DEFEATED = range(4)
STATE_NAMES = ("uninvoked", "invoked", "empowered", "defeated")
IN_BATTLE = (INVOKED, EMPOWERED)

FACTION_SIZE = 4
MODES = ("hands-of-fate", "guided", "pantheons", "destiny", "pantheons-of-destiny")
DESTINY_MODES = ("destiny", "pantheons-of-destiny")
ROLL_ACTIONS = tuple(f"roll {n}" for n in range(1, 7))
ROLL_OUTCOMES = [(action, 1.0 / 6.0) for action in ROLL_ACTIONS]
ROLL_LEGAL = list(ROLL_ACTIONS)  # a cached legal list: never mutated (legal_actions copies it)
ROLL_VALUE = {action: n for n, action in enumerate(ROLL_ACTIONS, 1)}

ENTITIES: tuple[Entity, ...] = catalog()
NUMBER = {entity.id: n for n, entity in enumerate(ENTITIES)}
ABILITY = tuple(abilities.make(entity) for entity in ENTITIES)
DEITIES = tuple(n for n, entity in enumerate(ENTITIES) if entity.is_deity)
BY_PANTHEON = {p: tuple(n for n in DEITIES if ENTITIES[n].pantheon == p) for p in PANTHEONS}
# Entities are numbered in id order, so sorting units "by id" is sorting by entity number.
IDS = tuple(entity.id for entity in ENTITIES)
STATS = tuple(
    {"attack": entity.attack, "defense": entity.defense, "power": entity.power}
    for entity in ENTITIES
)
POWER = tuple(entity.power for entity in ENTITIES)

DRAFT_ACTION = tuple(f"draft {a}" for a in IDS)
DEAL_ACTION = tuple(f"deal {a}" for a in IDS)
SOLO_MARK = "@"  # a solo game's tokens: <id>@<seat> (MW-NOTATION-SOLO)


class Notation:
    """How a game names its entities in actions, views and the log (MW-NOTATION-SOLO).

    Each unit has a *key*: its entity number, or in a Solo Destiny game (every faction has
    its own copy, so two factions may hold the same deity) ``entity + seat x entities``; and a
    *token*: its id, or ``<id>@<seat>`` in a solo game. Every action string naming entities is
    built once (in a solo game a targeted row on its first use: those tables grow with the
    square of the seats), so listing legal actions is indexing and applying one is a dict
    lookup, with no string formatting or parsing per step."""

    def __init__(self, solo: bool, players: int) -> None:
        self.solo = solo
        self.stride = len(ENTITIES) if solo else 0
        seats = range(players) if solo else [None]
        self.tokens = tuple(
            entity_id if seat is None else f"{entity_id}{SOLO_MARK}{seat}"
            for seat in seats
            for entity_id in IDS
        )
        self.key_of = {token: key for key, token in enumerate(self.tokens)}
        # action -> (verb, first key, second key or -1) for the actions naming units.
        self.parts: dict[str, tuple[str, int, int]] = {}
        self.ability = self._singles("ability")
        self.rest = self._singles("rest")
        self.invoke = self._singles("invoke")
        self.order = self._singles("order")
        self.assemble = tuple(f"assemble {token}" for token in self.tokens)
        self._rows: dict[str, list[tuple[str, ...] | None]] = {
            verb: [None] * len(self.tokens) for verb in ("attack", "ability")
        }
        if not solo:  # small: build every row now
            for key in range(len(self.tokens)):
                self.row("attack", key)
                self.row("ability", key)

    def _singles(self, verb: str) -> tuple[str, ...]:
        actions = tuple(f"{verb} {token}" for token in self.tokens)
        for key, action in enumerate(actions):
            self.parts[action] = (verb, key, -1)
        return actions

    def row(self, verb: str, key: int) -> tuple[str, ...]:
        """``<verb> <key's token> <token>`` for every key, indexed by the second key."""
        rows = self._rows[verb]
        found = rows[key]
        if found is None:
            me = self.tokens[key]
            found = rows[key] = tuple(f"{verb} {me} {token}" for token in self.tokens)
            for target, action in enumerate(found):
                self.parts[action] = (verb, key, target)
        return found

    def parts_of(self, action: str) -> tuple[str, int, int]:
        """(verb, key, target key or -1) of a legal action naming units."""
        found = self.parts.get(action)
        if found is None:  # a targeted row not listed yet in this process (a solo game)
            verb, first, *rest = action.split(" ")
            if rest:
                self.row(verb, self.key_of[first])
            found = self.parts[action]
        return found

    def key(self, entity: int, owner: int) -> int:
        """The key of ``owner``'s copy of ``entity``."""
        return entity + owner * self.stride

    def entity_of(self, token: str) -> int:
        """The entity number a token names (KeyError if it names none in this game)."""
        return self.key_of[token] % len(ENTITIES)


@cache
def notation(solo: bool, players: int) -> Notation:
    """The notation of a game (shared by every game with the same settings)."""
    return Notation(solo, players)


# Which entities have an ability that does something at a trigger or on rolls: the others are
# left out of the trigger queues and the modifier sums (their hooks do nothing).
HOOKED = {
    hook: frozenset(n for n, ability in enumerate(ABILITY) if abilities.overrides(ability, hook))
    for hook in (
        "on_round_start",
        "on_invoked",
        "on_round_end",
        "modifier",
        "options",
        "after_attack",
        "after_defending",
    )
}
WITH_OPTIONS = HOOKED["options"]
AFTER_ATTACK = HOOKED["after_attack"]
AFTER_DEFENDING = HOOKED["after_defending"]
# Triggered abilities whose order among a faction's simultaneous triggers cannot matter: they
# touch only their own entity and ask nothing (MW-RULING-ORDER). The other start- and
# end-of-round ones are ORDERABLE: when two or more of one faction are due at once, its
# advocate orders them. (Invocation abilities never are: a faction invokes one deity a round
# and creatures are summoned, not invoked, so a faction has one of them due at most.)
ORDER_FREE = frozenset(n for n, entity in enumerate(ENTITIES) if entity.ability == "regenerate")
ORDERABLE = (HOOKED["on_round_start"] | HOOKED["on_round_end"]) - ORDER_FREE
# Entities with a passive flag or a roll modifier (what BattleCache looks up).
PASSIVE = frozenset(
    n
    for n, ability in enumerate(ABILITY)
    if ability.taunt or ability.no_crits or ability.tie_breaker or n in HOOKED["modifier"]
)
# Seats clockwise from each start, for each player count (MW-ROUND-2), and each seat's place
# in that order.
CLOCKWISE = tuple(
    tuple(tuple((start + k) % n for k in range(n)) for start in range(n)) for n in range(9)
)
RANK = tuple(
    tuple(tuple((seat - start) % n for seat in range(n)) for start in range(n)) for n in range(9)
)


class Unit(NamedTuple):
    """An entity in a game: its card, faction, state and energy points."""

    entity: int
    owner: int
    state: int = UNINVOKED
    energy: int = 0
    summoner: int = -1  # for a creature: the unit that summoned it
    declared: bool = False  # chosen in this Invocation Phase, not yet in the battle


class Attack(NamedTuple):
    """An attack waiting for its dice: the attacker's first, then the defender's (MW-DICE-1)."""

    attacker: int
    target: int
    extra: bool = False  # an additional attack (Thor) grants no other
    attack_die: int = 0  # 0 until rolled


class Clash(NamedTuple):
    """A clash waiting for its dice: the clashing entity's first (MW-CLASH)."""

    clasher: int
    target: int
    damage: int  # points removed on a win; 0 = roll a die for them
    clasher_die: int = 0


class DefenseTest(NamedTuple):
    """A forced Defense roll against a threshold (Chalchiuhtlicue)."""

    source: int
    target: int
    threshold: int


class DamageRoll(NamedTuple):
    """A die whose value is removed from the target's points (Set)."""

    source: int
    target: int


class PrimeRoll(NamedTuple):
    """Tied factions roll for the prime faction, in clockwise order (MW-PRIME-4)."""

    candidates: tuple[int, ...]
    dice: tuple[int, ...] = ()


class Choice(NamedTuple):
    """A decision an ability gives: ``purpose`` is extra-attack, ambush, doom or burn; or
    ``order``: which of its faction's simultaneous triggers resolves next (MW-RULING-ORDER;
    ``unit`` is then the first of them)."""

    player: int
    unit: int
    purpose: str


Frame = Attack | Clash | DefenseTest | DamageRoll | PrimeRoll | Choice


class Settled(NamedTuple):
    """A roll settled by the last action, for people and clients: what was rolled and why it
    ended as it did (so that no client has to redo the rules' arithmetic)."""

    kind: str  # attack, clash, defense-test, damage
    first: int  # the attacker / clashing entity / tested entity / damaged entity (a unit)
    first_die: int
    first_total: int
    first_critical: bool
    second: int = -1  # the defender / clash opponent (a unit), -1 if none
    second_die: int = 0
    second_total: int = 0
    second_critical: bool = False
    result: str = ""  # hit, miss, again (tied: rolled again), won, lost, defeated, survived
    points: int = 0  # energy points removed


OPTIONAL_CHOICES = ("extra-attack", "ambush", "doom")  # these may be declined


class MythicWarsOptions(GameOptions):
    """Options (MW-SETUP): ``mode``, ``deal`` (cards dealt each in guided mode), ``factions``
    (destiny modes: 4 deity ids per player; None: each seat assembles its own in the game),
    ``solo`` (destiny modes: Solo Destiny, each player assembles from their own copy; False:
    Shared Destiny, one shared copy), ``first`` (the first prime faction; None: a die),
    ``max_rounds`` (MW-CAP-1: None, the rulebook's game, has no cap)."""

    mode: Literal["hands-of-fate", "guided", "pantheons", "destiny", "pantheons-of-destiny"] = (
        Field(
            default="hands-of-fate",
            title="Set-up",
            description="How factions are formed: hands-of-fate, four deities dealt at random; "
            "guided, deal some and keep four; pantheons, keep four of one whole pantheon; "
            "destiny, each assembles a faction; pantheons-of-destiny, the same from one "
            "pantheon.",
        )
    )
    deal: int = Field(
        default=6,
        title="Cards dealt",
        description="In the guided set-up, how many deities each player is dealt (4 to 12).",
    )
    factions: list[list[str]] | None = Field(
        default=None,
        title="Factions",
        description="In the destiny set-ups, four deities per seat chosen here instead of in "
        "the game (everyone learns them: open tables only).",
    )
    solo: bool = Field(
        default=False,
        title="Own copies",
        description="In the destiny set-ups, each player assembles from a whole copy of the "
        "game instead of one shared copy.",
    )
    first: int | None = Field(
        default=None,
        title="First prime faction",
        description="The seat that is the first prime faction; empty: a die decides.",
    )
    max_rounds: int | None = Field(
        default=None,
        ge=1,
        le=100_000,
        title="Round limit",
        description="End the game after this many rounds, the most energy in the battle "
        "winning; empty: no limit, as in the rulebook.",
    )

    @field_validator("deal")
    @classmethod
    def _deal(cls, value: int) -> int:
        if not FACTION_SIZE <= value <= 12:
            raise ValueError("deal must be between 4 and 12")
        return value


class MythicWarsGame(Game):
    """Mythic Wars: 2 to 8 factions of four deities battle until one faction is left."""

    id = "mythic-wars"
    title = "Mythic Wars: Clash of the Gods"
    description = (
        "Factions of gods invoke, empower and clash with dice until one faction holds the battle."
    )
    min_players = 2
    max_players = 8
    default_players = 2
    Options = MythicWarsOptions
    # The destiny factions are every seat's face-down deities: whoever types them knows them
    # all. Without them each seat assembles its own faction in the game (MW-RULING-ASSEMBLE).
    secret_options = ("factions",)
    # MW-END-3: one faction left (MW-END-1, the rulebook's only victory), or the round cap
    # of option max_rounds (MW-CAP-1, ours) reached first.
    endings = ("last-faction", "round-limit")

    def public_options(self) -> dict[str, Any]:
        """The destiny factions are hidden set-up (MW-RULING-HIDDEN: a face-down deity is seen
        only by its advocate), so they are masked."""
        options = dict(self.options)
        if options["factions"] is not None:
            options["factions"] = "hidden"
        return options

    @classmethod
    def option_choices(cls) -> dict[str, dict[str, Any]]:
        """A destiny faction is four deities picked from the pantheons (creatures are
        summoned, never picked)."""
        deities = [
            {
                "value": entity.id,
                "label": entity.name,
                "about": f"{entity.kind.title()} · {entity.pantheon.title()} · "
                f"{entity.power}/{entity.attack}/{entity.defense}",
            }
            for entity in sorted(ENTITIES, key=lambda e: (e.pantheon, e.name))
            if entity.is_deity
        ]
        return {"factions": {"per_seat": True, "count": 4, "choices": deities}}

    @classmethod
    def catalog(cls) -> dict[str, dict[str, Any]]:
        """Every deity's and creature's printed facts, by id."""
        fields = {"name", "pantheon", "kind", "element", "power", "attack", "defense", "ability"}
        return {
            entity.id: {
                **entity.model_dump(include=fields),
                "params": entity.params.model_dump(exclude_none=True),
                "text": entity.text,
            }
            for entity in ENTITIES
        }

    @classmethod
    def narrator(cls) -> Narrator:
        """Mythic Wars's events in words (narration.py)."""
        from theomachy.games.mythic_wars.narration import NARRATOR

        return NARRATOR

    def __init__(self, players: int | None = None, options: dict[str, Any] | None = None):
        super().__init__(players, options)
        self.factions: list[list[int]] | None = None  # destiny factions given by the option
        self._check_options()
        solo = self.options["solo"]
        self.notation = notation(solo, self.players if solo else 1)

    @property
    def assembles(self) -> bool:
        """A destiny mode without the factions option: each seat assembles its own faction
        in the game (MW-SETUP-5/6, MW-RULING-ASSEMBLE)."""
        return self.options["mode"] in DESTINY_MODES and self.options["factions"] is None

    def _check_options(self) -> None:
        """Cross-checks that need the player count (MW-SETUP-2..6)."""
        o, n = self.options, self.players
        mode = o["mode"]
        if o["first"] is not None and not 0 <= o["first"] < n:
            raise ValueError(f"{self.id}: first must be a seat from 0 to {n - 1}")
        if mode in DESTINY_MODES:
            if o["factions"] is not None:
                self.factions = _check_factions(o["factions"], n, mode, o["solo"])
        else:
            for name in ("factions", "solo"):
                if o[name] not in (None, False):
                    raise ValueError(
                        f"{self.id}: option {name} is only for the destiny modes (destiny, "
                        f"pantheons-of-destiny); mode {mode} deals the factions"
                    )
        if mode == "guided" and n * o["deal"] > len(DEITIES):
            raise ValueError(
                f"{self.id}: guided mode deals {o['deal']} to each of {n} players, "
                f"{n * o['deal']} deities, but the pool has {len(DEITIES)}"
            )
        if mode == "hands-of-fate" and n * FACTION_SIZE > len(DEITIES):
            raise ValueError(f"{self.id}: not enough deities for {n} players")
        if mode == "pantheons" and n > len(PANTHEONS):
            raise ValueError(
                f"{self.id}: pantheons mode gives each player a pantheon; there are "
                f"{len(PANTHEONS)} pantheons, so at most {len(PANTHEONS)} players"
            )

    def new_game(self) -> MythicWarsState:
        return MythicWarsState(self)


def _check_factions(
    factions: list[list[str]], players: int, mode: str, solo: bool
) -> list[list[int]]:
    """Validate the destiny factions; a clear error names the problem. A deity is in one
    faction at most (one shared copy, MW-RULING-SHARED), or with ``solo`` (a copy each) at
    most once in each faction."""
    prefix = f"mythic-wars: mode {mode}"
    if len(factions) != players:
        raise ValueError(f"{prefix}: factions has {len(factions)} lists for {players} players")
    seen: set[str] = set()
    result = []
    for seat, faction in enumerate(factions):
        if solo:
            seen = set()  # each faction's own copy
        if len(faction) != FACTION_SIZE:
            raise ValueError(f"{prefix}: faction {seat} has {len(faction)} deities, needs 4")
        for deity in faction:
            if deity not in NUMBER or not ENTITIES[NUMBER[deity]].is_deity:
                raise ValueError(f"{prefix}: faction {seat}: {deity!r} is not a deity")
            if deity in seen:
                where = f"twice in faction {seat}" if solo else "in more than one faction"
                raise ValueError(f"{prefix}: {deity!r} is {where} (MW-RULING-SHARED)")
            seen.add(deity)
        if mode == "pantheons-of-destiny":
            pantheons = {ENTITIES[NUMBER[d]].pantheon for d in faction}
            if len(pantheons) > 1:
                raise ValueError(
                    f"{prefix}: faction {seat} mixes pantheons {sorted(pantheons)}; "
                    "each faction must come from a single pantheon"
                )
        result.append([NUMBER[d] for d in faction])
    return result


class BattleCache:
    """What follows from which units are in the battle (not from their points or whether they
    are turned): the battle's units, its factions by id, who may be attacked, the passive
    flags and the roll modifiers; and whether a deity is still uninvoked (which only entering
    the battle changes).

    Built on demand and dropped whenever an entity enters or leaves the battle or the units
    change (``MythicWarsState._reform``), so the rules read these instead of scanning every
    unit at every step. Clones share it: the tables filled in lazily (targets, opponents,
    modifier sums, empowerment actions) only ever get values that hold for every state with
    the same battle."""

    __slots__ = (
        "_attackable",
        "_ordered",
        "_taunt_owners",
        "empower",
        "factions",
        "modifiers",
        "mods",
        "no_crits",
        "opposing",
        "owners",
        "segments",
        "targets",
        "tie_breakers",
        "uninvoked",
        "units",
    )

    def __init__(self, units: list[Unit]) -> None:
        battle: list[tuple[int, int, int]] = []  # (entity, unit, owner)
        self.uninvoked = False  # is a deity still to invoke? (only entering the battle ends it)
        taunt_owners, taunters, no_crits, tie_breakers = set(), set(), set(), set()
        shielded, modifiers = set(), []
        for i, unit in enumerate(units):
            state = unit.state
            if state == UNINVOKED:
                self.uninvoked = True
            if state != INVOKED and state != EMPOWERED:
                continue
            entity, owner = unit.entity, unit.owner
            battle.append((entity, i, owner))
            if unit.summoner >= 0:
                shielded.add(unit.summoner)
            if entity in PASSIVE:  # rare: most entities have none of these
                ability = ABILITY[entity]
                if ability.taunt:
                    taunt_owners.add(owner)
                    taunters.add(i)
                if ability.no_crits:
                    no_crits.add(owner)
                if ability.tie_breaker:
                    tie_breakers.add(owner)
                if entity in HOOKED["modifier"]:
                    modifiers.append(i)
        battle.sort()  # by id
        self.units = tuple(sorted(i for _, i, _ in battle))  # by index
        self._ordered = tuple((i, owner) for _, i, owner in battle)  # by id, with owners
        factions: dict[int, list[int]] = {}
        for _, i, owner in battle:
            factions.setdefault(owner, []).append(i)
        self.factions = {owner: tuple(faction) for owner, faction in factions.items()}
        self.owners = frozenset(factions)
        self._taunt_owners = frozenset(taunt_owners)
        self.no_crits = frozenset(no_crits)
        self.tie_breakers = frozenset(tie_breakers)
        # Units that may be attacked by the entities of any other faction: not a summoner whose
        # creature is in the battle (MW-SUMMON-2); while a faction has taunting entities, only
        # they (MW-RULING-TAUNT).
        self._attackable = tuple(
            (t, o)
            for t, o in self._ordered
            if t not in shielded and (o not in taunt_owners or t in taunters)
        )
        self.modifiers = tuple(modifiers)
        self.targets: dict[int, tuple[int, ...]] = {}  # attacker's owner -> targets by id
        self.opposing: dict[int, tuple[int, ...]] = {}  # owner -> opposing units by id
        self.mods: dict[tuple[int, str], int] = {}  # (roller, stat) -> sum of the modifiers
        # The unturned units of the faction to act -> its empowerment actions, and each unit's
        # share of them: these depend only on which entities are in the battle (ability options
        # too, see Ability.options).
        self.empower: dict[tuple[int, ...], list[str]] = {}
        self.segments: dict[int, list[str]] = {}

    def flag_owners(self, flag: str) -> frozenset[int] | None:
        """Factions with a unit in the battle whose ability has the passive ``flag``."""
        if flag == "no_crits":
            return self.no_crits
        if flag == "tie_breaker":
            return self.tie_breakers
        if flag == "taunt":
            return self._taunt_owners
        return None

    def opposing_of(self, owner: int) -> tuple[int, ...]:
        """The battle's units not of ``owner``, by id."""
        found = self.opposing.get(owner)
        if found is None:
            found = self.opposing[owner] = tuple(i for i, o in self._ordered if o != owner)
        return found

    def targets_of(self, owner: int) -> tuple[int, ...]:
        """Units ``owner``'s entities may attack, by id: not a summoner whose creature is in
        the battle (MW-SUMMON-2), and only a taunting one where its faction has some."""
        found = self.targets.get(owner)
        if found is None:
            found = self.targets[owner] = tuple(t for t, o in self._attackable if o != owner)
        return found


class MythicWarsState(State):
    """A Mythic Wars position."""

    __slots__ = (
        "_battle",
        "_hook_unit",
        "_index",
        "been_prime",
        "contenders",
        "drafter",
        "hands",
        "pantheon_of",
        "phase",
        "pool",
        "prime",
        "queue",
        "round",
        "seat",
        "secret",
        "settled",
        "stack",
        "units",
        "winners_",
    )

    game: MythicWarsGame

    def __init__(self, game: MythicWarsGame, *, empty: bool = False) -> None:
        super().__init__(game)
        # Derived from ``units`` and rebuilt on demand (see BattleCache and _unit_index).
        self._battle: BattleCache | None = None
        self._index: dict[int, int] | None = None
        # The unit whose ability hook the rules are calling (see has_summoned); -1 if none.
        self._hook_unit = -1
        if empty:
            return
        n = game.players
        self.units: list[Unit] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]  # dealt, not yet drafted
        # Deities still to deal (hands-of-fate, guided) or to assemble from (the destiny
        # modes' shared copy), by number, in id order.
        self.pool: list[int] = []
        self.pantheon_of: list[str] = []  # pantheons mode: each player's pantheon
        self.secret: tuple[tuple[int, int], ...] = ()  # (history index, owner) of hidden entries
        self.stack: list[Frame] = []
        self.settled: tuple[Settled, ...] = ()  # rolls settled by the last action
        self.queue: tuple[int, ...] = ()  # units whose trigger is still to resolve
        self.round = 0
        self.prime = 0
        self.seat = 0  # whose decision it is in the invocation and empowerment phases
        self.drafter = 0
        self.been_prime: frozenset[int] = frozenset()
        self.contenders: frozenset[int] = frozenset(range(n))
        self.winners_: list[int] = []
        mode = game.options["mode"]
        if game.factions is not None:
            for seat, faction in enumerate(game.factions):
                self.hands[seat] = sorted(faction)
            self._form_factions()
        elif game.assembles:
            self.pool = list(DEITIES)  # the shared copy (MW-RULING-SHARED), in id order
            self.phase = ASSEMBLE
        elif mode == "pantheons":
            self.phase = DEAL
        else:
            self.pool = list(DEITIES)
            self.phase = DEAL
        self._advance()

    def _copy(self) -> MythicWarsState:
        other = MythicWarsState(self.game, empty=True)
        other.units = self.units[:]
        other.hands = [hand[:] for hand in self.hands]
        other.pool = self.pool[:]
        other.pantheon_of = self.pantheon_of[:]
        other.secret = self.secret
        other.stack = self.stack[:]
        other.settled = self.settled
        other.queue = self.queue
        other.round = self.round
        other.prime = self.prime
        other.seat = self.seat
        other.drafter = self.drafter
        other.been_prime = self.been_prime
        other.contenders = self.contenders
        other.winners_ = self.winners_[:]
        other.phase = self.phase
        other._battle = self._battle  # never changed in place, only replaced
        other._index = self._index
        return other

    def invalidate_caches(self) -> None:
        """Also forget what is derived from the units (for code that edits them directly)."""
        super().invalidate_caches()
        self._reform()

    def _reform(self) -> None:
        """The units changed in a way the caches depend on: an entity entered or left the
        battle, or units were added or reordered."""
        self._battle = None
        self._index = None

    def _cache(self) -> BattleCache:
        cache = self._battle
        if cache is None:
            cache = self._battle = BattleCache(self.units)
        return cache

    def _unit_index(self) -> dict[int, int]:
        """Unit key (see Notation) -> its unit (a key names one unit in a game, so the index
        has one entry per unit: a unit appended without ``_reform`` is noticed too)."""
        index = self._index
        if index is None or len(index) != len(self.units):
            stride = self.game.notation.stride
            index = {}
            for i, unit in enumerate(self.units):
                index.setdefault(unit.entity + unit.owner * stride, i)
            self._index = index
        return index

    def unit_key(self, unit: int) -> int:
        """A unit's key (its entity number, or in a solo game its seat's copy of it)."""
        current = self.units[unit]
        return current.entity + current.owner * self.game.notation.stride

    # --- who acts ---------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        stack = self.stack
        if stack:
            top = stack[-1]
            return top.player if isinstance(top, Choice) else CHANCE
        if phase in (DEAL, FIRST):
            return CHANCE
        if phase in (DRAFT, ASSEMBLE):
            return self.drafter
        return self.seat  # INVOKE or EMPOWER (the only phases that wait for a player)

    def is_terminal(self) -> bool:
        """True once the game is over (read without working out the player to move)."""
        return self.phase == OVER

    # --- queries used by the rules and the abilities ----------------------------------------------
    def unit_id(self, unit: int) -> str:
        """The token naming a unit in actions and views: its entity's id (slug), or in a solo
        game ``<id>@<seat>`` (MW-NOTATION-SOLO)."""
        return self.game.notation.tokens[self.unit_key(unit)]

    def unit_named(self, token: str) -> int:
        """The unit a token (``thor``, or ``thor@1`` in a solo game) names in this game."""
        unit = self._unit_index().get(self.game.notation.key_of[token])
        if unit is None:
            raise KeyError(token)
        return unit

    def in_battle(self, unit: int) -> bool:
        """Invoked or empowered (MW-STATE-1)."""
        return self.units[unit].state in IN_BATTLE

    def battle(self) -> list[int]:
        """Every unit in the battle."""
        return list(self._cache().units)

    def opposing_in_battle(self, unit: int) -> list[int]:
        """Opposing units in the battle, by id."""
        return list(self._cache().opposing_of(self.units[unit].owner))

    def faction_in_battle(self, unit: int) -> list[int]:
        """The unit and its supporting units in the battle, by id."""
        return list(self._cache().factions.get(self.units[unit].owner, ()))

    def attack_targets(self, attacker: int) -> list[int]:
        """Opposing units that may be attacked, by id: not a summoner whose creature is in the
        battle (MW-SUMMON-2), and only a taunting one where its faction has some
        (MW-ABILITY-TAUNT)."""
        return list(self._cache().targets_of(self.units[attacker].owner))

    def targeted_actions(self, verb: str, unit: int, targets: Sequence[int]) -> list[str]:
        """``<verb> <unit> <target>`` for each target."""
        if verb not in ("attack", "ability"):
            me = self.unit_id(unit)
            return [f"{verb} {me} {self.unit_id(t)}" for t in targets]
        row = self.game.notation.row(verb, self.unit_key(unit))
        key = self.unit_key
        return [row[key(t)] for t in targets]

    def has_summoned(self, creature_id: str, summoner: int | None = None) -> bool:
        """Has this creature entered the battle in this game (summoning is once per game,
        MW-RULING-SUMMON)? In a solo game every faction has its own creature card: the one
        of ``summoner``'s faction, by default of the unit whose ability the rules are asking
        (the abilities call this from their hooks)."""
        unit = self._hook_unit if summoner is None else summoner
        owner = self.units[unit].owner if unit >= 0 else 0
        return self.game.notation.key(NUMBER[creature_id], owner) in self._unit_index()

    def faction_flag(self, owner: int, flag: str) -> bool:
        """Does a unit of ``owner`` in the battle have the passive ``flag`` (taunt, ...)?"""
        owners = self._cache().flag_owners(flag)
        if owners is not None:
            return owner in owners
        return any(
            getattr(ABILITY[self.units[i].entity], flag) and self.units[i].owner == owner
            for i in self.battle()
        )

    def uninvoked_left(self) -> bool:
        """Is there an uninvoked deity in any faction?"""
        return self._cache().uninvoked

    def eliminated(self, seat: int) -> bool:
        """A faction with nothing in the battle and nothing left to invoke (MW-END-2)."""
        return not any(u.owner == seat and u.state != DEFEATED for u in self.units)

    # --- effects ----------------------------------------------------------------------------------
    def lose(self, unit: int, amount: int) -> None:
        """The unit loses points; at 0 or less it is defeated at once (MW-DEFEAT-1)."""
        current = self.units[unit]
        if amount <= 0 or current.state not in IN_BATTLE:
            return
        energy = current.energy - amount
        self.units[unit] = Unit(
            current.entity, current.owner, current.state, energy, current.summoner, current.declared
        )
        if energy <= 0:
            self.defeat(unit)

    def regain(self, unit: int, amount: int) -> None:
        """The unit regains points, never above its Power score (MW-ABILITY-HEAL)."""
        current = self.units[unit]
        if amount <= 0 or current.state not in IN_BATTLE:
            return
        energy = min(POWER[current.entity], current.energy + amount)
        self.units[unit] = Unit(
            current.entity, current.owner, current.state, energy, current.summoner, current.declared
        )

    def defeat(self, unit: int) -> None:
        """MW-DEFEAT: out of the battle; a creature it summoned is defeated with it."""
        self.units[unit] = self.units[unit]._replace(state=DEFEATED)
        self._reform()
        for index, other in enumerate(self.units):
            if other.summoner == unit and self.in_battle(index):
                self.defeat(index)  # MW-SUMMON-3
        self._check_end()

    def summon(self, summoner: int, creature_id: str) -> None:
        """MW-SUMMON-1: the creature enters the battle in front of its summoner."""
        number = NUMBER[creature_id]
        owner = self.units[summoner].owner
        self.units.append(Unit(number, owner, INVOKED, POWER[number], summoner))
        self._reform()

    def ask(self, unit: int, purpose: str) -> None:
        """Give the unit's advocate a decision for an ability."""
        self.stack.append(Choice(self.units[unit].owner, unit, purpose))

    def start_clash(self, clasher: int, target: int, damage: int) -> None:
        """Begin a clash; its dice are chance nodes (MW-CLASH)."""
        self.stack.append(Clash(clasher, target, damage))

    def roll_total(self, unit: int, stat: str, die: int) -> int:
        """Score + die + every active modifier (MW-COMBAT-2)."""
        cache = self._cache()
        key = (unit, stat)
        modifier = cache.mods.get(key)
        if modifier is None:  # the same for as long as the battle holds the same entities
            modifier = 0
            for holder in cache.modifiers:
                modifier += ABILITY[self.units[holder].entity].modifier(self, holder, unit, stat)
            cache.mods[key] = modifier
        total: int = STATS[self.units[unit].entity][stat] + die + modifier
        return total

    def _critical(self, roller: int, die: int, against: int) -> bool:
        """A natural 6 is critical, unless the other side's faction forbids it (MW-CRIT-1)."""
        return die == 6 and self.units[against].owner not in self._cache().no_crits

    def _compare(
        self, a: int, a_total: int, a_crit: bool, b: int, b_total: int, b_crit: bool
    ) -> int:
        """1 if ``a`` wins, -1 if ``b`` wins, 0 for a re-roll (MW-CRIT-2, MW-COMBAT-4)."""
        if a_crit != b_crit:
            return 1 if a_crit else -1
        if a_total != b_total:
            return 1 if a_total > b_total else -1
        tie_breakers = self._cache().tie_breakers
        a_breaks = self.units[a].owner in tie_breakers
        b_breaks = self.units[b].owner in tie_breakers
        if a_breaks != b_breaks:
            return 1 if a_breaks else -1
        return 0

    # --- legal actions ----------------------------------------------------------------------------
    def _chance_names(self, outcomes: list[tuple[str, float]]) -> list[str]:
        if outcomes is ROLL_OUTCOMES:  # a die (most steps): no list to build
            return ROLL_LEGAL
        return super()._chance_names(outcomes)

    def _legal_actions(self) -> list[str]:
        if self.stack:
            top = self.stack[-1]
            assert isinstance(top, Choice)
            return self._choice_actions(top)
        phase = self.phase
        if phase == DRAFT:
            return [DRAFT_ACTION[n] for n in sorted(self.hands[self.drafter])]
        notation = self.game.notation
        if phase == ASSEMBLE:
            copy = self.drafter * notation.stride  # the seat's own copy in a solo game
            return [notation.assemble[n + copy] for n in self.assembly_choices()]
        if phase == INVOKE:
            seat = self.seat
            return [
                notation.invoke[notation.key(n, seat)]
                for n in sorted(
                    u.entity
                    for u in self.units
                    if u.owner == seat and u.state == UNINVOKED and not u.declared
                )
            ]
        return self._empower_actions()

    def _empower_actions(self) -> list[str]:
        """MW-EMPOWER-2: attack, use an ability, or do nothing (``rest``); the same list
        whenever the same entities are in the battle and the same ones are still unturned."""
        units = self.units
        cache = self._cache()
        mine = tuple(i for i in cache.factions.get(self.seat, ()) if units[i].state == INVOKED)
        actions = cache.empower.get(mine)
        if actions is None:
            actions = []
            for unit in mine:
                segment = cache.segments.get(unit)
                if segment is None:
                    segment = cache.segments[unit] = self._unit_actions(unit)
                actions += segment
            cache.empower[mine] = actions
        return actions

    def _unit_actions(self, unit: int) -> list[str]:
        """An unturned unit's empowerment actions: attack each target, its ability, rest."""
        units = self.units
        entity = units[unit].entity
        targets = self._cache().targets_of(units[unit].owner)
        actions = self.targeted_actions("attack", unit, targets)
        if entity in WITH_OPTIONS:
            self._hook_unit = unit
            actions += ABILITY[entity].options(self, unit)
        actions.append(self.game.notation.rest[self.unit_key(unit)])
        return actions

    def _choice_targets(self, choice: Choice) -> tuple[int, ...]:
        """The units a choice may name: targets, or for ``order`` the triggers to order."""
        if choice.purpose == "order":
            return self._order_group()
        owner = self.units[choice.unit].owner
        if choice.purpose in ("extra-attack", "ambush"):
            return self._cache().targets_of(owner)
        return self._cache().opposing_of(owner)  # doom, burn

    def _choice_actions(self, choice: Choice) -> list[str]:
        if choice.purpose == "order":
            order = self.game.notation.order
            return [order[self.unit_key(u)] for u in self._choice_targets(choice)]
        verb = "attack" if choice.purpose in ("extra-attack", "ambush") else "ability"
        actions = self.targeted_actions(verb, choice.unit, self._choice_targets(choice))
        if choice.purpose in OPTIONAL_CHOICES:
            actions.append("decline")
        return actions

    def _chance_outcomes(self) -> list[tuple[str, float]]:
        if self.stack:
            return ROLL_OUTCOMES
        if self.phase == FIRST:
            n = self.game.players
            return [(f"first {seat}", 1.0 / n) for seat in range(n)]
        # DEAL
        if self.game.options["mode"] == "pantheons":
            left = [p for p in PANTHEONS if p not in self.pantheon_of]
            return [(f"deal {p}", 1.0 / len(left)) for p in left]
        p = 1.0 / len(self.pool)
        return [(DEAL_ACTION[n], p) for n in self.pool]  # the pool is kept in id order

    # --- applying ---------------------------------------------------------------------------------
    def _apply(self, action: str) -> None:
        self.contenders = (self._battle or self._cache()).owners
        self.settled = ()
        stack = self.stack
        if stack:
            top = stack[-1]
            if type(top) is Attack and not top.attack_die:
                # The attacker's die (a third of all steps): the defender's comes next and
                # nothing else can happen, so the frame just records it.
                stack[-1] = Attack(top.attacker, top.target, top.extra, ROLL_VALUE[action])
                self._outcomes, self._legal = ROLL_OUTCOMES, ROLL_LEGAL
                return
            if isinstance(top, Choice):
                stack.pop()
                self._resolve_choice(top, action)
            else:
                self._resolve_die(ROLL_VALUE[action])
        else:
            phase = self.phase
            if phase == EMPOWER:
                self._empower(action)
            elif phase == DEAL:
                self._deal(action.split(" ")[1])
            elif phase == FIRST:
                self._begin(int(action.split(" ")[1]))
            elif phase == DRAFT:
                self._draft(NUMBER[action.split(" ")[1]])
            elif phase == ASSEMBLE:
                self._assemble(self.game.notation.entity_of(action.split(" ")[1]))
            elif phase == INVOKE:
                key = self.game.notation.parts_of(action)[1]
                self._declare_invocation(self._unit_index()[key])
            else:
                self._empower(action)
        self._advance()
        stack = self.stack
        if stack and not isinstance(stack[-1], Choice):  # a die next: its outcomes are known
            self._outcomes, self._legal = ROLL_OUTCOMES, ROLL_LEGAL

    # --- set-up -----------------------------------------------------------------------------------
    def _deal(self, what: str) -> None:
        """MW-SETUP-2..4: deals go to the players in seat order."""
        options = self.game.options
        if options["mode"] == "pantheons":
            self.pantheon_of.append(what)
            if len(self.pantheon_of) == self.game.players:
                self.hands = [list(BY_PANTHEON[p]) for p in self.pantheon_of]
                self.phase = DRAFT
            return
        number = NUMBER[what]
        self.pool.remove(number)
        seat = self._deal_seat()
        self.secret += ((len(self._history), seat),)
        self.hands[seat].append(number)
        if self._deal_seat() == self.game.players:
            self.pool = []  # the rest are removed from the game
            if options["mode"] == "hands-of-fate":
                self._form_factions()
            else:
                self.phase = DRAFT

    def _deal_seat(self) -> int:
        """The seat the next card is dealt to: 4 (hands-of-fate) or ``deal`` (guided) to seat
        0, then as many to seat 1, ... (MW-SETUP-2/3); ``players`` once all are dealt."""
        options = self.game.options
        each = FACTION_SIZE if options["mode"] == "hands-of-fate" else options["deal"]
        return sum(len(hand) for hand in self.hands) // each

    def _draft(self, number: int) -> None:
        """MW-SETUP-3/4: each player in turn keeps 4 of their cards, secretly."""
        seat = self.drafter
        self.secret += ((len(self._history), seat),)
        self.hands[seat].remove(number)
        self.units.append(Unit(number, seat))
        self._reform()
        if sum(1 for u in self.units if u.owner == seat) == FACTION_SIZE:
            self.hands[seat] = []  # the rest are removed from the game
            self.drafter += 1
            if self.drafter == self.game.players:
                self._sort_units()
                self._to_first()

    def assembly_choices(self) -> list[int]:
        """MW-SETUP-5/6, MW-RULING-ASSEMBLE: the deities the assembling seat may take next, in
        id order: any left in the shared copy (in a solo game: in its own copy, the ``pool``
        while it assembles); in pantheons-of-destiny only those of its
        pantheon once it has one, and only from a pantheon with at least as many deities left
        as the seat still has to take (so every faction can be completed)."""
        if self.game.options["mode"] != "pantheons-of-destiny":
            return self.pool
        seat = self.drafter
        mine = [u.entity for u in self.units if u.owner == seat]
        needed = FACTION_SIZE - len(mine)
        left = Counter(ENTITIES[n].pantheon for n in self.pool)
        own = ENTITIES[mine[0]].pantheon if mine else None
        return [
            n
            for n in self.pool
            if (own is None or ENTITIES[n].pantheon == own) and left[ENTITIES[n].pantheon] >= needed
        ]

    def _assemble(self, number: int) -> None:
        """MW-RULING-ASSEMBLE: the assembling seat takes a deity from the shared copy (in a
        solo game from its own), face down; after its fourth the next seat assembles, after
        the last seat the rest of the copies stay out of the game."""
        seat = self.drafter
        self.secret += ((len(self._history), seat),)
        self.pool.remove(number)
        self.units.append(Unit(number, seat))
        self._reform()
        if sum(1 for u in self.units if u.owner == seat) == FACTION_SIZE:
            self.drafter += 1
            if self.game.options["solo"]:
                self.pool = list(DEITIES)  # the next seat's own copy, whole (MW-RULING-SOLO)
            if self.drafter == self.game.players:
                self.pool = []
                self._sort_units()
                self._to_first()

    def _form_factions(self) -> None:
        for seat, hand in enumerate(self.hands):
            self.units.extend(Unit(number, seat) for number in hand)
        self.hands = [[] for _ in self.hands]
        self._sort_units()
        self._to_first()

    def _sort_units(self) -> None:
        self.units.sort(key=lambda u: (u.owner, ENTITIES[u.entity].id))
        self._reform()

    def _to_first(self) -> None:
        first = self.game.options["first"]
        if first is None:
            self.phase = FIRST  # MW-SETUP-7: a chance node
        else:
            self._begin(first)

    def _begin(self, prime: int) -> None:
        self.prime = prime
        self.been_prime = frozenset({prime})
        self.round = 1
        self._start_round()

    # --- the round --------------------------------------------------------------------------------
    def _clockwise(self, start: int) -> list[int]:
        """Seats from ``start`` clockwise (MW-ROUND-2)."""
        return list(CLOCKWISE[self.game.players][start])

    def _trigger_order(self, units: Iterable[int], hook: str) -> tuple[int, ...]:
        """The units whose ability acts at ``hook``, prime faction first, then clockwise;
        within a faction by id (MW-ROUND-3). Units whose hook does nothing are left out."""
        hooked = HOOKED[hook]
        mine = self.units
        triggered = [i for i in units if mine[i].entity in hooked]
        if not triggered:
            return ()
        rank = RANK[self.game.players][self.prime]
        triggered.sort(key=lambda i: (rank[mine[i].owner], mine[i].entity))
        return tuple(triggered)

    def _start_round(self) -> None:
        """MW-ROUND-1: the Start of Round phase."""
        self.phase = START
        self.queue = self._trigger_order(self._cache().units, "on_round_start")

    def _advance(self) -> None:
        """Run automatic steps until a die or a decision is needed, or the game is over."""
        while self.phase != OVER:
            stack = self.stack
            if stack:
                if self._frame_ready(stack[-1]):
                    return
                stack.pop()
                continue
            if self.queue:
                self._next_trigger()
                continue
            if not self._next_step():
                return

    def _next_trigger(self) -> None:
        """Resolve the next pending trigger of the queue (MW-ROUND-3, MW-INVOKE-4), or, when
        the next faction in it has two or more whose order may matter, ask its advocate which
        resolves first (MW-RULING-ORDER). Triggers whose entity left the battle are dropped;
        order-free ones (ORDER_FREE) of that faction resolve first, by id."""
        units = self.units
        queue = tuple(u for u in self.queue if units[u].state in IN_BATTLE)
        self.queue = queue
        if not queue:
            return
        owner = units[queue[0]].owner
        faction = [u for u in queue if units[u].owner == owner]
        free = [u for u in faction if units[u].entity in ORDER_FREE]
        if not free and len(faction) > 1:
            self.stack.append(Choice(owner, faction[0], "order"))
            return
        unit = (free or faction)[0]
        self.queue = tuple(u for u in queue if u != unit)
        self._trigger(unit)

    def _order_group(self) -> tuple[int, ...]:
        """The triggers an ``order`` choice names: the pending ones of the next faction in the
        queue, in id order, while there are two or more (else nothing to order)."""
        units = self.units
        queue = [u for u in self.queue if units[u].state in IN_BATTLE]
        if not queue:
            return ()
        owner = units[queue[0]].owner
        group = tuple(u for u in queue if units[u].owner == owner)
        return group if len(group) > 1 else ()

    def _frame_ready(self, frame: Frame) -> bool:
        """Can the frame still happen (its entities still in the battle, a target left)?"""
        if isinstance(frame, PrimeRoll):
            return True
        units = self.units
        if isinstance(frame, Choice):
            return units[frame.unit].state in IN_BATTLE and bool(self._choice_targets(frame))
        return units[frame[0]].state in IN_BATTLE and units[frame.target].state in IN_BATTLE

    def _trigger(self, unit: int) -> None:
        ability = ABILITY[self.units[unit].entity]
        self._hook_unit = unit
        if self.phase == START:
            ability.on_round_start(self, unit)
        elif self.phase == INVOKE_ABILITIES:
            ability.on_invoked(self, unit)
        elif self.phase == END:
            ability.on_round_end(self, unit)

    def _next_step(self) -> bool:
        """Move the round on by one step; False when a player must decide."""
        phase = self.phase
        if phase == EMPOWER:
            return self._next_empowerer()
        if phase in SETUP_PHASES or phase == INVOKE:
            return False
        if phase == START:
            self.phase = INVOKE
            self.seat = self.prime
            self.queue = ()
            if not self.uninvoked_left():
                self._to_empowerment()
                return True
            return self._next_invoker(first=True)
        if phase == INVOKE_ABILITIES:
            self._to_empowerment()
            return True
        if phase == END:
            units = self.units
            for index in self._cache().units:
                unit = units[index]
                if unit.state == EMPOWERED:  # MW-ROUND-5
                    units[index] = Unit(
                        unit.entity, unit.owner, INVOKED, unit.energy, unit.summoner, unit.declared
                    )
            self.phase = NEXT_PRIME
            self._choose_next_prime()
            return True
        # NEXT_PRIME, after a prime roll
        cap = self.game.options["max_rounds"]
        if cap is not None and self.round >= cap:
            self._end_at_cap()
            return True
        self.round += 1
        self._start_round()
        return True

    def _next_invoker(self, first: bool = False) -> bool:
        """MW-INVOKE-1/2: the next faction clockwise with an uninvoked deity declares one."""
        seats = CLOCKWISE[self.game.players][self.seat]
        if not first:
            seats = seats[1:]
        for seat in seats:
            if seat == self.prime and not first:
                break
            if any(u.owner == seat and u.state == UNINVOKED for u in self.units):
                self.seat = seat
                return False
        self._enter_battle()
        return True

    def _declare_invocation(self, unit: int) -> None:
        """MW-INVOKE-2: the deity is declared now; it enters with the others."""
        self.units[unit] = self.units[unit]._replace(declared=True)
        self._next_invoker()

    def _enter_battle(self) -> None:
        """MW-INVOKE-3/4: the declared deities enter together; then their invoke abilities
        resolve from the prime faction clockwise."""
        entered = []
        for index, unit in enumerate(self.units):
            if unit.declared:
                self.units[index] = unit._replace(
                    state=INVOKED, energy=POWER[unit.entity], declared=False
                )
                entered.append(index)
        self._reform()
        self.phase = INVOKE_ABILITIES
        self.queue = self._trigger_order(entered, "on_invoked")
        self._check_end()

    def _to_empowerment(self) -> None:
        self.phase = EMPOWER
        self.seat = self.prime
        self.queue = ()

    def _next_empowerer(self) -> bool:
        """MW-EMPOWER-1/3: factions take turns clockwise from ``seat``, skipping those with no
        unempowered entity; when none is left the round ends."""
        units = self.units
        cache = self._cache()
        factions = cache.factions
        for seat in CLOCKWISE[self.game.players][self.seat]:
            for unit in factions.get(seat, ()):
                if units[unit].state == INVOKED:
                    self.seat = seat
                    return False
        self.phase = END
        self.queue = self._trigger_order(cache.units, "on_round_end")
        return True

    def _empower(self, action: str) -> None:
        """MW-EMPOWER-2: the entity is turned (empowered), then acts."""
        verb, key, target = self.game.notation.parts_of(action)
        index = self._unit_index()
        unit = index[key]
        current = self.units[unit]
        entity = current.entity
        self.units[unit] = Unit(
            entity, current.owner, EMPOWERED, current.energy, current.summoner, current.declared
        )
        self.seat = (current.owner + 1) % self.game.players
        if verb == "attack":
            self.stack.append(Attack(unit, index[target]))
        elif verb == "ability":
            ABILITY[entity].use(self, unit, [index[target]] if target >= 0 else [])

    def _resolve_choice(self, choice: Choice, action: str) -> None:
        if action == "decline":
            return
        unit = choice.unit
        _, key, target_key = self.game.notation.parts_of(action)
        if choice.purpose == "order":  # MW-RULING-ORDER: this trigger resolves now
            chosen = self._unit_index()[key]
            self.queue = tuple(u for u in self.queue if u != chosen)
            self._trigger(chosen)
            return
        target = self._unit_index()[target_key]
        if choice.purpose in ("extra-attack", "ambush"):
            self.stack.append(Attack(unit, target, extra=choice.purpose == "extra-attack"))
        elif choice.purpose == "doom":
            threshold = ABILITY[self.units[unit].entity].params.threshold
            assert threshold is not None
            self.stack.append(DefenseTest(unit, target, threshold))
        else:  # burn
            amount = ABILITY[self.units[unit].entity].params.amount
            assert amount is not None
            self.lose(target, amount)

    # --- dice -------------------------------------------------------------------------------------
    def _resolve_die(self, die: int) -> None:
        frame = self.stack.pop()
        if isinstance(frame, Attack):
            if frame.attack_die == 0:
                self.stack.append(Attack(frame.attacker, frame.target, frame.extra, die))
            else:
                self._settle_attack(frame, die)
        elif isinstance(frame, Clash):
            if frame.clasher_die == 0:
                self.stack.append(Clash(frame.clasher, frame.target, frame.damage, die))
            else:
                self._settle_clash(frame, die)
        elif isinstance(frame, DefenseTest):
            total = self.roll_total(frame.target, "defense", die)
            # MW-RULING-DOOM: only the total counts. A natural 6 is still a critical roll
            # (MW-CRIT-1, recorded), but it is measured against a number, not another roll,
            # so it has nothing to beat.
            critical = self._critical(frame.target, die, frame.source)
            fails = total < frame.threshold
            self._record(
                Settled(
                    "defense-test",
                    frame.target,
                    die,
                    total,
                    critical,
                    result="defeated" if fails else "survived",
                )
            )
            if fails:
                self.defeat(frame.target)
        elif isinstance(frame, DamageRoll):
            self._record(Settled("damage", frame.target, die, die, False, points=die))
            self.lose(frame.target, die)
        elif isinstance(frame, PrimeRoll):
            self._settle_prime_roll(frame._replace(dice=(*frame.dice, die)))

    def _settle_attack(self, frame: Attack, defense_die: int) -> None:
        """MW-COMBAT-3..5, MW-CRIT: compare; a hit removes the difference (at least 1)."""
        attacker, target, attack_die = frame.attacker, frame.target, frame.attack_die
        attack_total = self.roll_total(attacker, "attack", attack_die)
        defense_total = self.roll_total(target, "defense", defense_die)
        attack_critical = self._critical(attacker, attack_die, target)
        defense_critical = self._critical(target, defense_die, attacker)
        outcome = self._compare(
            attacker, attack_total, attack_critical, target, defense_total, defense_critical
        )
        hit = outcome > 0
        points = max(1, attack_total - defense_total) if hit else 0
        self._record(
            Settled(
                "attack",
                attacker,
                attack_die,
                attack_total,
                attack_critical,
                target,
                defense_die,
                defense_total,
                defense_critical,
                "again" if outcome == 0 else "hit" if hit else "miss",
                points,
            )
        )
        if outcome == 0:
            self.stack.append(Attack(attacker, target, frame.extra, 0))  # MW-COMBAT-5: again
            return
        if hit:
            self.lose(target, points)
        if self.phase == OVER:
            return
        units = self.units
        entity = units[target].entity
        if units[target].state in IN_BATTLE and entity in AFTER_DEFENDING:
            ABILITY[entity].after_defending(self, target, attacker, hit)
        entity = units[attacker].entity
        if self.phase != OVER and units[attacker].state in IN_BATTLE and entity in AFTER_ATTACK:
            ABILITY[entity].after_attack(self, attacker, attack_total, hit, frame.extra)

    def _settle_clash(self, frame: Clash, target_die: int) -> None:
        """MW-CLASH-2/3: Power + die, criticals, ties rolled again; the winner's ability."""
        clasher, target = frame.clasher, frame.target
        totals = (
            self.roll_total(clasher, "power", frame.clasher_die),
            self.roll_total(target, "power", target_die),
        )
        criticals = (
            self._critical(clasher, frame.clasher_die, target),
            self._critical(target, target_die, clasher),
        )
        outcome = self._compare(clasher, totals[0], criticals[0], target, totals[1], criticals[1])
        self._record(
            Settled(
                "clash",
                clasher,
                frame.clasher_die,
                totals[0],
                criticals[0],
                target,
                target_die,
                totals[1],
                criticals[1],
                "again" if outcome == 0 else "won" if outcome > 0 else "lost",
                frame.damage if outcome > 0 else 0,
            )
        )
        if outcome == 0:
            self.stack.append(frame._replace(clasher_die=0))
        elif outcome > 0:
            if frame.damage:
                self.lose(target, frame.damage)
            else:
                self.stack.append(DamageRoll(clasher, target))

    def _record(self, settled: Settled) -> None:
        self.settled = (*self.settled, settled)

    # --- the next prime faction -------------------------------------------------------------------
    def _choose_next_prime(self) -> None:
        """MW-PRIME-1..4."""
        cache = self._cache()
        if cache.uninvoked:
            remaining = frozenset(u.owner for u in self.units if u.state != DEFEATED)
        else:
            remaining = cache.owners  # the factions not eliminated: all their units fight
        if not remaining:
            return
        n = self.game.players
        if cache.uninvoked or not remaining <= self.been_prime:
            for left in CLOCKWISE[n][(self.prime + 1) % n]:  # ends with the prime faction
                if left in remaining:
                    self._set_prime(left)
                    return
        # Every faction left has been prime and all their units fight: the most units wins.
        sizes = {seat: len(faction) for seat, faction in cache.factions.items()}
        best = max(sizes.values())
        tied = [s for s in CLOCKWISE[n][self.prime] if sizes.get(s, 0) == best]
        if len(tied) == 1:
            self._set_prime(tied[0])
        elif self.prime in tied:
            self._set_prime(self.prime)  # MW-PRIME-3
        else:
            self.stack.append(PrimeRoll(tuple(tied)))  # MW-PRIME-4

    def _settle_prime_roll(self, frame: PrimeRoll) -> None:
        if len(frame.dice) < len(frame.candidates):
            self.stack.append(frame)
            return
        best = max(frame.dice)
        top = tuple(s for s, d in zip(frame.candidates, frame.dice, strict=True) if d == best)
        if len(top) == 1:
            self._set_prime(top[0])
        else:
            self.stack.append(PrimeRoll(top))  # the tied ones roll again

    def _set_prime(self, seat: int) -> None:
        self.prime = seat
        if seat not in self.been_prime:
            self.been_prime = self.been_prime | {seat}

    # --- the end ----------------------------------------------------------------------------------
    def _check_end(self) -> None:
        """MW-END-1: over the moment no deity is uninvoked and one faction is left."""
        if self.phase in SETUP_PHASES or self.phase == OVER or self.uninvoked_left():
            return
        owners = self._cache().owners
        if len(owners) > 1:
            return
        # MW-RULING-LASTFALL: if the last entities fell together, their factions share it.
        self.winners_ = sorted(owners) if owners else sorted(self.contenders)
        self.phase = OVER
        self.stack = []
        self.queue = ()

    def _end_at_cap(self) -> None:
        """MW-CAP-1: after the last round the factions with the most energy in the battle win
        (ties share the win)."""
        totals = self.scores()
        best = max(totals)
        self.winners_ = [seat for seat, total in enumerate(totals) if total == best]
        self.phase = OVER
        self.stack = []
        self.queue = ()

    def ending(self) -> str | None:
        """MW-END-3: ``last-faction`` when the game ended as the rulebook ends it (MW-END-1:
        nothing uninvoked and at most one faction in the battle, MW-RULING-LASTFALL included),
        ``round-limit`` when option max_rounds ended it first (MW-CAP-1); None before the end.
        Read from the final position: a capped game that ended otherwise would have ended
        earlier, at the moment MW-END-1 held (MW-RULING-ANYTIME)."""
        if self.phase != OVER:
            return None
        if not self.uninvoked_left() and len(self._cache().owners) <= 1:
            return "last-faction"
        return "round-limit"

    def _winners(self) -> list[int]:
        return list(self.winners_)

    def _returns(self) -> list[float]:
        share = 1.0 / len(self.winners_)
        return [share if p in self.winners_ else 0.0 for p in range(self.game.players)]

    # --- at the table (table_help.py) -----------------------------------------------------------
    def undo_safe(self, action: str) -> bool:
        """Every decision may be taken back but a faction's fourth set-up pick, which seals it
        (see table_help.undo_safe)."""
        from theomachy.games.mythic_wars import table_help

        return table_help.undo_safe(self, action)

    def _refusal(self, action: str, player: int) -> str | None:
        """Why a move is refused, from what ``player`` sees (table_help.refusal)."""
        from theomachy.games.mythic_wars import table_help

        return table_help.refusal(self, action, player)

    def revealed(self) -> list[dict[str, Any]]:
        """Face-down deities, draft hands and the cards dealt and not kept (table_help)."""
        from theomachy.games.mythic_wars import table_help

        return table_help.revealed(self)

    # --- information ------------------------------------------------------------------------------
    def action_seen_by(self, action: str, observer: int | None) -> str:
        """What ``observer`` learns of ``action`` taken now: a face-down deal, a draft pick
        or an assembly pick is seen only by the seat it goes to; the others see the verb
        alone (``deal ?``, ``draft ?``, ``assemble ?``), the same words whatever the card,
        as the log shows it (MW-RULING-HIDDEN). Everything else is public."""
        owner = self._private_owner()
        if owner is None or observer == owner:
            return action
        masked = action.split(" ", 1)[0] + " ?"
        if observer is not None and observer == owner + 1 and self._hands_over():
            # With this pick the shared copy passes to the observer, who then sees what is
            # left in it, so which deities are gone, as a set (MW-RULING-ASSEMBLE).
            picked = self.game.notation.entity_of(action.split(" ")[1])
            gone = sorted(IDS[n] for n in DEITIES if n not in self.pool or n == picked)
            return f"{masked} gone {' '.join(gone)}"
        return masked

    def _hands_over(self) -> bool:
        """Is the pick to make now a seat's last from the shared copy before the next seat
        takes it over?"""
        if self.phase != ASSEMBLE or self.game.options["solo"]:
            return False
        taken = sum(1 for u in self.units if u.owner == self.drafter)
        return taken == FACTION_SIZE - 1 and self.drafter + 1 < self.game.players

    def _private_owner(self) -> int | None:
        """The one seat that sees the action taken now, or None when every seat sees it."""
        if self.stack:
            return None  # a die or an ability's choice: public
        phase = self.phase
        if phase in (DRAFT, ASSEMBLE):
            return self.drafter
        if phase == DEAL and self.game.options["mode"] != "pantheons":
            return self._deal_seat()  # a pantheon is dealt face up; a deity face down
        return None

    def visible_to(self, unit: Unit, player: int | None) -> bool:
        """A face-down (uninvoked, undeclared) deity is seen only by its own advocate; a
        declared one is face up (MW-INVOKE-2, MW-RULING-HIDDEN)."""
        return unit.state != UNINVOKED or unit.declared or unit.owner == player

    def view(self, player: int | None) -> dict[str, Any]:
        current = self.current_player
        entities = []
        for seat in range(self.game.players):
            own = [u for u in self.units if u.owner == seat]
            shown = sorted(
                (u for u in own if self.visible_to(u, player)), key=lambda u: ENTITIES[u.entity].id
            )
            for unit in shown:
                entities.append(self._entity_view(unit))
            for _ in range(len(own) - len(shown)):
                entities.append(
                    {
                        "id": None,
                        "owner": seat,
                        "state": "uninvoked",
                        "energy": None,
                        "power": None,
                        "attack": None,
                        "defense": None,
                    }
                )
        factions = []
        for seat in range(self.game.players):
            factions.append(
                {
                    "seat": seat,
                    "uninvoked": sum(
                        1 for u in self.units if u.owner == seat and u.state == UNINVOKED
                    ),
                    "in_battle": sum(1 for i in self.battle() if self.units[i].owner == seat),
                    "eliminated": self.phase not in (DEAL, DRAFT, ASSEMBLE)
                    and self.eliminated(seat),
                    "been_prime": seat in self.been_prime,
                    "hand": len(self.hands[seat]),
                    "pantheon": self.pantheon_of[seat] if seat < len(self.pantheon_of) else None,
                }
            )
        hidden = {index for index, owner in self.secret if owner != player}
        stride = self.game.notation.stride
        log = [
            (entry.split(" ")[0] + " ?") if index in hidden else entry
            for index, entry in enumerate(self._history)
        ]
        return {
            "game": self.game.id,
            "player": player,
            "current_player": current,
            "legal_actions": self.legal_actions()
            if player is not None and player == current
            else [],
            "terminal": current == TERMINAL,
            "winners": self.winners(),
            "mode": self.game.options["mode"],
            "solo": self.game.options["solo"],  # Solo Destiny: tokens are <id>@<seat>
            "round": self.round,
            "prime": self.prime if self.round else None,
            "phase": PHASE_NAMES[self.phase],
            "entities": entities,
            "factions": factions,
            "hand": sorted(ENTITIES[n].id for n in self.hands[player])
            if player is not None
            else [],
            # The shared copy's deities left, shown to the seat assembling from it (at the
            # table it holds the cards): MW-RULING-ASSEMBLE.
            "pool": [self.game.notation.tokens[n + self.drafter * stride] for n in self.pool]
            if self.phase == ASSEMBLE and player is not None and player == self.drafter
            else [],
            "pending": self._pending_view(),
            "settled": [self._settled_view(r) for r in self.settled],
            "log": log,
        }

    def _entity_view(self, unit: Unit) -> dict[str, Any]:
        entity = ENTITIES[unit.entity]
        notation = self.game.notation
        return {
            # The token that names it in actions: its id, ``<id>@<seat>`` in a solo game.
            "id": notation.tokens[notation.key(unit.entity, unit.owner)],
            "name": entity.name,
            "owner": unit.owner,
            "state": STATE_NAMES[unit.state],
            "energy": unit.energy if unit.state != UNINVOKED else entity.power,
            "declared": unit.declared,
            "power": entity.power,
            "attack": entity.attack,
            "defense": entity.defense,
            "pantheon": entity.pantheon,
            "element": entity.element,
            "kind": entity.kind,
            "ability": entity.ability,
            "text": entity.text,
            "summoner": self.unit_id(unit.summoner) if unit.summoner >= 0 else None,
        }

    def _settled_view(self, settled: Settled) -> dict[str, Any]:
        data = settled._asdict()
        data["first"] = self.unit_id(settled.first)
        data["second"] = self.unit_id(settled.second) if settled.second >= 0 else None
        return data

    def _pending_view(self) -> dict[str, Any] | None:
        if not self.stack:
            return None
        top = self.stack[-1]
        data: dict[str, Any] = {"kind": type(top).__name__.lower()}
        for name, value in zip(top._fields, top, strict=True):
            if name in ("attacker", "target", "clasher", "source", "unit"):
                assert isinstance(value, int)
                data[name] = self.unit_id(value)
            elif isinstance(value, tuple):
                data[name] = list(value)
            else:
                data[name] = value
        return data

    def scores(self) -> list[float]:
        """Energy points each faction has in the battle."""
        totals = [0.0] * self.game.players
        for unit in self.units:
            if unit.state in IN_BATTLE:
                totals[unit.owner] += unit.energy
        return totals

    def features(self) -> dict[str, Any]:
        """Each seat's four deities (sorted), its pantheon (MW-FEATURE-PANTHEON) and the
        first prime faction."""
        factions: list[list[str]] = [[] for _ in range(self.game.players)]
        for unit in self.units:
            if ENTITIES[unit.entity].is_deity:
                factions[unit.owner].append(ENTITIES[unit.entity].id)
        first = self.game.options["first"]
        for entry in self._history:
            if entry.startswith("first "):
                first = int(entry.split(" ")[1])
        return {
            "factions": [sorted(f) for f in factions],
            "pantheon": [self.seat_pantheon(seat) for seat in range(self.game.players)],
            "first": first,
        }

    def seat_pantheon(self, seat: int) -> str:
        """MW-FEATURE-PANTHEON: in Pantheons of Fate the pantheon the seat was dealt; in the
        other modes the pantheon of more than half of the seat's deities (so every deity of a
        pantheons-of-destiny faction), else ``mixed``."""
        if self.game.options["mode"] == "pantheons" and seat < len(self.pantheon_of):
            return self.pantheon_of[seat]
        counts: dict[str, int] = {}
        for unit in self.units:
            entity = ENTITIES[unit.entity]
            if unit.owner == seat and entity.is_deity:
                counts[entity.pantheon] = counts.get(entity.pantheon, 0) + 1
        for pantheon, count in counts.items():
            if 2 * count > FACTION_SIZE:
                return pantheon
        return "mixed"

    def evaluate(self, player: int) -> float:
        """A heuristic value of the position for ``player`` (see evaluation.py)."""
        return evaluation.evaluate(self, player)

    def determinize(self, player: int, rng: random.Random) -> MythicWarsState:
        """Resample the deities ``player`` cannot see (others' face-down cards, cards dealt to
        others, cards never dealt) and apply the permutation to the state, its history and (in
        the destiny modes) the factions option (MW-RULING-HIDDEN).

        The sample depends only on what ``player`` knows and on ``rng``: hidden cards are
        taken as slots in a public order (the order in which they were dealt or drafted, or
        listed in the factions option) and filled from the shuffled sorted unseen ids, so two
        states with the same view give the same sample. Factions assembled in the game are
        sampled by :meth:`_assembly_sample`."""
        if self.game.options["solo"]:
            return self._permuted(self._solo_sample(player, rng))
        if self.game.assembles:
            return self._permuted(self._assembly_sample(player, rng))
        seen = self._seen_by(player)
        unseen = [n for n in DEITIES if n not in seen]
        slots = self._hidden_slots(player, seen)
        groups: list[list[int]] = []
        if self.game.options["mode"] in ("pantheons", "pantheons-of-destiny"):
            for pantheon in PANTHEONS:
                groups.append([n for n in unseen if ENTITIES[n].pantheon == pantheon])
        else:
            groups.append(unseen)
        mapping: dict[int, int] = {}
        for group in groups:
            members = set(group)
            ordered = [n for n in slots if n in members]
            ordered += sorted(members.difference(ordered))
            shuffled = sorted(group)
            rng.shuffle(shuffled)
            mapping.update(zip(ordered, shuffled, strict=True))
        return self._permuted(mapping)

    def _permuted(self, mapping: dict[int, int]) -> MythicWarsState:
        """A copy with the units renamed by ``mapping`` (unit key -> key of the same seat;
        in a shared game a permutation of deity numbers) in the units, hands, pool, history
        and the destiny factions option."""
        notation = self.game.notation
        tokens = notation.tokens
        names = {tokens[a]: tokens[b] for a, b in mapping.items() if a != b}
        game = self.game
        if game.options["factions"] is not None and names:
            options = dict(game.options)
            # Each list sorted: the order of a renamed faction must not follow the true one
            # (the sample may depend only on what the player knows; units are sorted anyway).
            options["factions"] = [
                sorted(
                    tokens[self._renamed(mapping, NUMBER[d], seat)].split(SOLO_MARK)[0] for d in f
                )
                for seat, f in enumerate(options["factions"])
            ]
            game = MythicWarsGame(game.players, options)
        copy = self._copy()
        copy.game = game
        copy.units = [
            u._replace(entity=self._renamed(mapping, u.entity, u.owner) % len(ENTITIES))
            for u in self.units
        ]
        copy._reform()  # hidden entities changed: what was derived from them no longer holds
        copy.hands = [sorted(mapping.get(n, n) for n in hand) for hand in self.hands]
        if notation.solo:  # the pool is the assembling seat's own copy: what it has not taken
            taken = {u.entity for u in copy.units if u.owner == self.drafter}
            copy.pool = [n for n in DEITIES if n not in taken] if self.pool else []
        else:
            copy.pool = sorted(mapping.get(n, n) for n in self.pool)
        copy._history = [
            " ".join(names.get(t, t) for t in entry.split(" ")) if names else entry
            for entry in self._history
        ]
        return copy

    def _renamed(self, mapping: dict[int, int], entity: int, owner: int) -> int:
        """The key ``owner``'s ``entity`` has after ``mapping``."""
        key = self.game.notation.key(entity, owner)
        return mapping.get(key, key)

    def _solo_sample(self, player: int, rng: random.Random) -> dict[int, int]:
        """MW-RULING-HIDDEN in a solo game: each other seat's hidden deities resampled from
        its own copy, which ``player`` knows nothing of (MW-RULING-SOLO): any deities but the
        ones of that faction ``player`` sees; in pantheons-of-destiny all from one pantheon,
        the one its face-up deities show, else any with room for a faction. Hidden deities
        are filled in a public order (pick order, or unit order with the factions option,
        where only the set each seat gets shows)."""
        notation = self.game.notation
        seen = self._seen_by(player)
        mapping: dict[int, int] = {}
        for seat in range(self.game.players):
            hidden = [k for k in self._faction_picks(seat) if k not in seen]
            if seat == player or not hidden:
                continue
            shown = [
                u.entity
                for u in self.units
                if u.owner == seat
                and ENTITIES[u.entity].is_deity
                and notation.key(u.entity, seat) in seen
            ]
            candidates = [n for n in DEITIES if n not in shown]
            if self.game.options["mode"] == "pantheons-of-destiny":
                if shown:
                    pantheon = ENTITIES[shown[0]].pantheon
                else:
                    roomy = [p for p in PANTHEONS if len(BY_PANTHEON[p]) >= FACTION_SIZE]
                    pantheon = rng.choice(roomy)
                candidates = [n for n in candidates if ENTITIES[n].pantheon == pantheon]
            chosen = rng.sample(candidates, len(hidden))
            mapping.update((k, notation.key(n, seat)) for k, n in zip(hidden, chosen, strict=True))
        return mapping

    def _faction_picks(self, seat: int) -> list[int]:
        """A seat's deities (keys) in a public order: the order it took them in when it
        assembled them in the game, else the order of the units."""
        if self.game.assembles:
            return [self._history_key(index) for index, owner in self.secret if owner == seat]
        notation = self.game.notation
        return [
            notation.key(u.entity, seat)
            for u in self.units
            if u.owner == seat and ENTITIES[u.entity].is_deity
        ]

    def _history_key(self, index: int) -> int:
        """The key of the unit a hidden history entry (``deal X``, ``draft X``, ``assemble
        X``) names."""
        return self.game.notation.key_of[self._history[index].split(" ")[1]]

    def _assembly_sample(self, player: int, rng: random.Random) -> dict[int, int]:
        """MW-RULING-HIDDEN for factions assembled in the game: a permutation of the deities
        ``player`` cannot see that gives another assembly ``player`` could not tell apart.

        What ``player`` knows: its own deities, every face-up one, and, from the moment it
        assembles (it holds the shared copy then), which deities the earlier seats took, as
        a set. So the earlier seats' hidden deities are redistributed among them, and the
        later seats' (and the ones nobody took) among the deities the earlier seats did not
        take. In pantheons-of-destiny each seat first gets a pantheon: the earlier seats share
        out the pantheons their taken deities show, a later seat gets a pantheon with room
        for its faction (MW-RULING-ASSEMBLE's completability rule), so every sample is a legal
        assembly; a face-up deity fixes its seat's pantheon. Hidden picks are filled in pick
        order from shuffled sorted lists, so two states with the same view and the same rng
        give the same sample."""
        n = self.game.players
        seen = self._seen_by(player)
        picks: list[list[int]] = [[] for _ in range(n)]  # each seat's deities, in pick order
        for index, owner in self.secret:
            picks[owner].append(self._history_key(index))
        knows_earlier = self.phase != ASSEMBLE or self.drafter >= player
        earlier = list(range(player)) if knows_earlier else []
        later = [q for q in range(n) if q != player and q not in earlier and picks[q]]
        taken_earlier = {d for q in earlier for d in picks[q]}
        hidden = {q: [d for d in picks[q] if d not in seen] for q in (*earlier, *later)}
        pools = (
            sorted(taken_earlier - seen),
            sorted(set(DEITIES) - taken_earlier - seen),
        )
        groups = [(earlier, pools[0]), (later, pools[1])]
        if self.game.options["mode"] == "pantheons-of-destiny":
            pantheon = self._sample_pantheons(player, picks, seen, earlier, later, rng)
            groups = [
                (
                    [q for q in seats if pantheon[q] == p],
                    [d for d in pool if ENTITIES[d].pantheon == p],
                )
                for seats, pool in groups
                for p in PANTHEONS
            ]
        mapping: dict[int, int] = {}
        leftover: list[int] = []  # deities nobody took, once the hidden picks are filled
        for seats, pool in groups:
            shuffled = list(pool)
            rng.shuffle(shuffled)
            for q in seats:
                for deity in hidden[q]:
                    mapping[deity] = shuffled.pop()
            leftover += shuffled
        untaken = sorted(set(pools[1]).difference(mapping))
        mapping.update(zip(untaken, sorted(leftover), strict=True))
        return mapping

    def _sample_pantheons(
        self,
        player: int,
        picks: list[list[int]],
        seen: set[int],
        earlier: list[int],
        later: list[int],
        rng: random.Random,
    ) -> dict[int, str]:
        """Pantheons-of-destiny: a pantheon for each other seat with deities, consistent with
        what ``player`` knows (see :meth:`_assembly_sample`)."""
        pantheon: dict[int, str] = {}
        for q in (*earlier, *later):
            shown = [d for d in picks[q] if d in seen]
            if shown:
                pantheon[q] = ENTITIES[shown[0]].pantheon
        # The earlier seats took whole factions: their deities show which pantheons they
        # used (each a faction's worth of deities), but not who used which.
        used: Counter[str] = Counter(ENTITIES[d].pantheon for q in earlier for d in picks[q])
        unplaced: list[str] = []
        for p in PANTHEONS:
            unplaced += [p] * (used[p] // FACTION_SIZE)
        for q in earlier:
            if q in pantheon:
                unplaced.remove(pantheon[q])
        rng.shuffle(unplaced)
        for q in earlier:
            if q not in pantheon:
                pantheon[q] = unplaced.pop()
        # Room left in each pantheon for the later seats' factions.
        room = {p: len(BY_PANTHEON[p]) - used[p] for p in PANTHEONS}
        if picks[player]:
            room[ENTITIES[picks[player][0]].pantheon] -= FACTION_SIZE
        for q in later:
            if q in pantheon:
                room[pantheon[q]] -= FACTION_SIZE
        for q in later:
            if q not in pantheon:
                choice = rng.choice([p for p in PANTHEONS if room[p] >= FACTION_SIZE])
                pantheon[q] = choice
                room[choice] -= FACTION_SIZE
        return pantheon

    def _seen_by(self, player: int) -> set[int]:
        """Keys of the deities ``player`` knows the place of: face up, their own, ever dealt
        to them (in a shared game a key is the deity's number)."""
        key = self.game.notation.key
        seen = {key(u.entity, u.owner) for u in self.units if self.visible_to(u, player)}
        seen.update(self.hands[player])
        seen.update(self._history_key(index) for index, owner in self.secret if owner == player)
        return seen

    def _hidden_slots(self, player: int, seen: set[int]) -> list[int]:
        """Cards hidden from ``player`` in a public order: as dealt or drafted to the others
        (history order), then as listed in the destiny factions option."""
        slots: list[int] = []
        for index, owner in self.secret:
            number = self._history_key(index)
            if owner != player and number not in seen and number not in slots:
                slots.append(number)
        if self.game.factions is not None:
            for seat, faction in enumerate(self.game.factions):
                for number in faction:
                    if seat != player and number not in seen and number not in slots:
                        slots.append(number)
        return slots

    def __str__(self) -> str:
        lines = [f"round {self.round}, prime faction {self.prime}, phase {PHASE_NAMES[self.phase]}"]
        for seat in range(self.game.players):
            cards = []
            for unit in sorted(self.units, key=lambda u: ENTITIES[u.entity].id):
                if unit.owner != seat:
                    continue
                entity = ENTITIES[unit.entity]
                token = self.game.notation.tokens[self.game.notation.key(unit.entity, seat)]
                if unit.state == UNINVOKED:
                    cards.append(f"{token}(uninvoked)")
                else:
                    cards.append(f"{token}({STATE_NAMES[unit.state]} {unit.energy}/{entity.power})")
            if self.hands[seat]:
                hand = sorted(ENTITIES[n].id for n in self.hands[seat])
                cards.append("hand: " + ",".join(hand))
            lines.append(f"faction {seat}: " + " ".join(cards))
        if self.phase == ASSEMBLE:
            copy = "its own copy" if self.game.options["solo"] else "the shared copy"
            left = len(self.pool)
            lines.append(f"faction {self.drafter} assembles: {left} deities left in {copy}")
        if self.stack:
            lines.append(f"resolving: {self._pending_view()}")
        return "\n".join(lines)
