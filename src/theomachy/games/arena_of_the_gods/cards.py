"""Arena of the Gods card data: ``content/cards.toml`` (gods and cards) and
``content/decks.toml`` (starter decks), validated on load.

No card list of the published game is public: every card here is our own design. A card's
abilities are data: each names *when* it acts (``WHEN``), *what* it does (``EFFECTS``) and
*whom* it touches (``TARGETS``), with numbers and filters; abilities.py carries them out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, model_validator

from theomachy.engine.content import ContentError, package_file, read_toml, validate

PANTHEONS = ("greek", "norse", "egyptian", "aztec", "japanese", "celtic", "neutral")
CardType = Literal["god", "unit", "evocation", "building", "supply"]
UnitClass = Literal["mortal", "mythical", "heroic"]
EvocationKind = Literal["binding", "ceremonial", "combat"]
Resource = Literal["gold", "favor"]

# When an ability acts. "static" abilities are always on while their card is on the
# Battleground (for a Binding: on the player it is bound to); "play" abilities resolve when
# the card is played (an Evocation's effect); "activated" ones are used by an action, paying
# their cost, once per turn.
WHEN = (
    "static",
    "play",
    "activated",
    "start",  # at the start of your turn
    "start-each",  # at the start of every turn
    "end",  # as your turn ends
    "end-each",  # as every turn ends
    "attack",  # when this Unit makes an Attack Declaration
    "attacked",  # when an Attack Declaration is made against this Unit
    "sends",  # when this Unit sends a Unit to the Afterlife
    "dies",  # when this card goes from the Battleground to the Afterlife
    "damage",  # after this Unit places Combat Damage
)

# Targets chosen by the player in the action that plays the card or uses the ability.
CHOSEN_TARGETS = (
    "unit",  # any Unit on the Battleground
    "enemy-unit",  # a Unit an opponent controls
    "own-unit",  # a Unit you control
    "engaged-unit",  # a Unit engaged in the current Battle
    "god",  # any player's God (for Bindings: the player bound)
    "enemy-god",  # an opponent's God
    "any",  # any Unit or God
    "enemy-any",  # an opponent's Unit or God
    "binding",  # a Binding on the Battleground
    "afterlife",  # a card in your Afterlife
)
# Targets fixed by the ability's situation.
FIXED_TARGETS = (
    "self",  # this card (a Unit)
    "controller",  # the player who controls this card (for a Binding: who played it)
    "bound",  # the player a Binding is on
    "units",  # every Unit on the Battleground
    "enemy-units",  # every Unit the controller's opponents control
    "own-units",  # every Unit the controller controls (this one included)
    "opponents",  # each opponent of the controller (their Gods)
    "foe",  # the Unit or God this Unit is battling (attack/attacked/damage/sends triggers)
    "attacker",  # the attacking Unit of the current Battle
    "defender",  # the attacked Unit or God of the current Battle
)
TARGETS = CHOSEN_TARGETS + FIXED_TARGETS
PLAYER_TARGETS = ("god", "enemy-god", "controller", "bound", "opponents")

# Effect -> the fields it needs. Amounts are positive unless said otherwise.
EFFECTS: dict[str, tuple[str, ...]] = {
    "resource": ("resource", "amount"),  # the target players gain the resource
    "drain": ("resource", "amount"),  # the target players lose the resource
    "draw": ("amount",),  # the target players draw cards
    "damage": ("amount",),  # place damage counters (Units) or take Life (Gods)
    "heal": ("amount",),  # remove damage counters from Units
    "life": ("amount",),  # Gods gain Life (negative: lose it)
    "buff": ("duration",),  # power/health: "gets" (turn, battle) or "gains" (permanent)
    "aura": (),  # static: Units matching the filter, on the side, get power/health
    "prevent": ("amount",),  # prevent the next N damage to the target this turn
    "destroy": (),  # send the target Unit to the Afterlife
    "return": ("to",),  # a card of your Afterlife matching the filter goes to hand/battleground
    "ready": (),  # the target Unit may make one more Attack Declaration this turn
    "haste": (),  # static: this Unit may attack the turn it is played
    "income": ("resource", "amount"),  # static: each Temple/Market gives this much more (less)
    "discount": ("resource", "amount"),  # static: your cards matching the filter cost less
    "unbind": (),  # remove the target Binding (to its owner's Afterlife)
    "plunder": ("resource",),  # after Combat Damage: gain the resource per counter placed
    # static: you may play cards matching the filter from your Afterlife, as from your hand
    # (their cost paid, every rule of playing followed: AG-PLAY-1)
    "afterlife-play": (),
}


class Filter(BaseModel):
    """Which cards an ability touches (all given conditions must hold)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: CardType | None = None
    classes: tuple[UnitClass, ...] = ()
    subclass: str | None = None
    pantheon: str | None = None
    max_power: int | None = Field(default=None, ge=0, le=20)
    max_health: int | None = Field(default=None, ge=0, le=20)
    kind: EvocationKind | None = None

    def matches(self, card: Card, power: int | None = None, health: int | None = None) -> bool:
        """Whether ``card`` (with its current power/health for Units) passes."""
        if self.type is not None and card.type != self.type:
            return False
        if self.classes and card.unit_class not in self.classes:
            return False
        if self.subclass is not None and self.subclass not in card.subclasses:
            return False
        if self.pantheon is not None and card.pantheon != self.pantheon:
            return False
        if self.kind is not None and card.kind != self.kind:
            return False
        if self.max_power is not None and (power if power is not None else 0) > self.max_power:
            return False
        return not (
            self.max_health is not None and (health if health is not None else 0) > self.max_health
        )


class Ability(BaseModel):
    """One ability of a card or a God."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    when: str
    effect: str
    target: str = "controller"
    amount: int = Field(default=0, ge=-10, le=10)
    resource: Resource | None = None
    power: int = Field(default=0, ge=-10, le=10)
    health: int = Field(default=0, ge=-10, le=10)
    duration: Literal["turn", "battle", "permanent"] | None = None
    to: Literal["hand", "battleground"] | None = None
    side: Literal["own", "enemy", "all"] = "own"
    filter: Filter = Filter()
    optional: bool = False  # "may": the controller decides whether it acts
    gold: int = Field(default=0, ge=0, le=10)  # cost of an activated ability
    favor: int = Field(default=0, ge=0, le=10)
    # When an activated ability may be used: "main", your main phase outside battles (it
    # resolves at once); "battle", a battle window of a Battle you are in, on any player's
    # turn (it waits on the stack); "any", both (God Blessings: AG-RULING-BLESSING).
    phase: Literal["main", "battle", "any"] = "main"
    only_engaged: bool = False  # a static aura that applies only while the Unit is engaged
    only_attacking: bool = False  # ... only while it is the attacking Unit

    @model_validator(mode="after")
    def _consistent(self) -> Ability:
        if self.when not in WHEN:
            raise ValueError(f"unknown when {self.when!r}; known: {', '.join(WHEN)}")
        if self.effect not in EFFECTS:
            raise ValueError(f"unknown effect {self.effect!r}; known: {', '.join(EFFECTS)}")
        if self.target not in TARGETS:
            raise ValueError(f"unknown target {self.target!r}; known: {', '.join(TARGETS)}")
        for field in EFFECTS[self.effect]:
            value = getattr(self, field)
            if value is None or (field == "amount" and value == 0):
                raise ValueError(f"effect {self.effect!r} needs {field}")
        static_only = ("aura", "haste", "income", "discount", "afterlife-play")
        if (self.effect in static_only) != (self.when == "static"):
            raise ValueError(
                f"effects {', '.join(static_only)} are static and static abilities use only "
                f"them (got when {self.when!r}, effect {self.effect!r})"
            )
        if self.effect == "buff" and not (self.power or self.health):
            raise ValueError("effect 'buff' needs power or health")
        temporary = self.duration in ("turn", "battle") or self.only_engaged or self.only_attacking
        if self.effect in ("buff", "aura") and temporary and self.health > 0:
            # Damage counters stay when the bonus ends (AG-RULING-GETS-END): it could keep
            # no Unit alive. A card that shields a Unit for a while prevents damage instead.
            raise ValueError(
                "a Health bonus for a turn, a Battle or while engaged or attacking keeps no Unit "
                "alive (its damage stays when the bonus ends): prevent damage instead"
            )
        if self.effect == "aura" and not (self.power or self.health):
            raise ValueError("effect 'aura' needs power or health")
        if self.effect == "plunder" and self.when != "damage":
            raise ValueError("effect 'plunder' acts only when 'damage'")
        if self.effect == "return" and self.target != "afterlife":
            raise ValueError("effect 'return' needs target 'afterlife'")
        if self.target == "afterlife" and self.effect != "return":
            raise ValueError("target 'afterlife' is only for effect 'return'")
        if self.effect == "unbind" and self.target != "binding":
            raise ValueError("effect 'unbind' needs target 'binding'")
        if self.target == "binding" and self.effect != "unbind":
            raise ValueError("target 'binding' is only for effect 'unbind'")
        if self.optional and self.when not in ("start", "start-each", "end", "end-each"):
            raise ValueError("only start and end triggers may be optional ('may')")
        if self.when != "activated" and (self.gold or self.favor):
            raise ValueError("only activated abilities have a cost (gold, favor)")
        chosen = self.target in CHOSEN_TARGETS
        if chosen and self.when not in ("play", "activated"):
            raise ValueError(
                f"a chosen target ({self.target!r}) is picked when a card is played or an "
                f"ability used; a {self.when!r} ability needs a fixed target"
            )
        foe_triggers = ("attack", "attacked", "sends", "damage")
        if self.target == "foe" and self.when not in foe_triggers:
            raise ValueError(f"target 'foe' needs when in {foe_triggers}")
        on_players = self.effect in ("resource", "drain", "draw", "life")
        if on_players and self.target not in PLAYER_TARGETS:
            raise ValueError(
                f"effect {self.effect!r} acts on players: target one of {PLAYER_TARGETS}"
            )
        if self.effect in ("heal", "buff", "prevent", "destroy", "ready") and (
            self.target in ("controller", "bound", "opponents", "god", "enemy-god")
        ):
            raise ValueError(f"effect {self.effect!r} acts on Units, not {self.target!r}")
        return self


class Card(BaseModel):
    """A card of a deck, or a God."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str = Field(min_length=1)
    type: CardType
    pantheon: str
    gold: int = Field(default=0, ge=0, le=10)
    favor: int = Field(default=0, ge=0, le=10)
    power: int | None = Field(default=None, ge=0, le=20)
    health: int | None = Field(default=None, ge=1, le=30)
    unit_class: UnitClass | None = Field(default=None, alias="class")
    subclasses: tuple[str, ...] = ()
    kind: EvocationKind | None = None
    supply_class: Literal["mortal", "mythical"] | None = None
    economy: Resource | None = None  # a Temple (favor) or Market (gold): +1 at turn start
    abilities: tuple[Ability, ...] = ()
    text: str = Field(min_length=1, max_length=500)
    # Gods only.
    starting: tuple[str, ...] = ()  # the starting buildings (from the deck)
    starting_gold: int = Field(default=0, ge=0, le=9)  # more than the rulebook's 1
    starting_favor: int = Field(default=0, ge=0, le=9)
    pantheon_ability: str | None = None  # names for people; effects in abilities
    blessing: str | None = None

    @model_validator(mode="after")
    def _by_type(self) -> Card:
        if self.pantheon not in PANTHEONS:
            raise ValueError(f"unknown pantheon {self.pantheon!r}; known: {', '.join(PANTHEONS)}")
        is_unit = self.type == "unit"
        if is_unit != (self.power is not None and self.health is not None):
            raise ValueError("units (and only units) have power and health")
        if is_unit != (self.unit_class is not None):
            raise ValueError("units (and only units) have a class")
        if (self.type == "evocation") != (self.kind is not None):
            raise ValueError("evocations (and only evocations) have a kind")
        if (self.type == "supply") != (self.supply_class is not None):
            raise ValueError("supplies (and only supplies) have a supply_class")
        if self.economy is not None and self.type != "building":
            raise ValueError("only buildings have an economy")
        is_god = self.type == "god"
        if is_god != bool(self.starting) or is_god != (self.pantheon_ability is not None):
            raise ValueError("gods (and only gods) have starting cards and a pantheon_ability")
        if is_god != (self.blessing is not None):
            raise ValueError("gods (and only gods) have a blessing")
        if is_god and (self.gold or self.favor):
            raise ValueError("gods are not played: no cost")
        if not is_god and not (self.gold or self.favor):
            # "Each card you play costs some combination of Gold and Favor."
            raise ValueError("every card but a God costs some Gold or Favor")
        if is_god and any(a.when == "activated" and a.phase != "any" for a in self.abilities):
            # "Your God Blessing is also an effect you have access to at any time."
            raise ValueError("a God's Blessing is used at any time: phase 'any'")
        one_shot = self.type == "evocation" and self.kind in ("ceremonial", "combat")
        if one_shot and any(a.when != "play" for a in self.abilities):
            raise ValueError("ceremonial and combat evocations have only 'play' abilities")
        if sum(1 for a in self.abilities if a.when == "activated") > 1:
            raise ValueError("a card has at most one activated ability")
        chosen = {
            a.target for a in self.abilities if a.target in CHOSEN_TARGETS and a.when == "play"
        }
        if len(chosen) > 1:
            raise ValueError(f"a card chooses at most one target when played, got {sorted(chosen)}")
        if self.type == "evocation" and self.kind == "binding" and chosen:
            raise ValueError("a Binding's only choice is the player it is played on")
        return self

    @property
    def play_target(self) -> str | None:
        """The target kind chosen when this card is played (None: nothing to choose)."""
        if self.type == "evocation" and self.kind == "binding":
            return "god"
        for ability in self.abilities:
            if ability.when == "play" and ability.target in CHOSEN_TARGETS:
                return ability.target
        return None

    @property
    def copy_limit(self) -> int | None:
        """Copies of this card allowed in a deck (AG-DECK-4); None: no limit."""
        if self.type == "unit":
            return {"mortal": None, "mythical": 3, "heroic": 1}[self.unit_class or "mortal"]
        if self.type == "evocation":
            return {"ceremonial": 2, "combat": 3, "binding": 1}[self.kind or "combat"]
        if self.type == "supply":
            return 1 if self.supply_class == "mythical" else None
        return None


class CardFile(BaseModel):
    """content/cards.toml."""

    model_config = ConfigDict(extra="forbid")

    cards: list[Card] = Field(min_length=1)


DECK_SIZE = 50
DECK_KEYS = ("name", "god", "cards")
# Limits on a deck that comes from outside (the `decks` option, which the play server takes
# from its clients, or a deck file): far above any legal deck (50 cards, so at most 50
# distinct ones), and low enough that checking one deck is bounded work and no message
# repeats much of what was sent (AG-DECK-4).
MAX_DECK_KEYS = 8  # a table with more keys than this is refused unread
MAX_DECK_ENTRIES = 100  # distinct cards in `cards`
MAX_NAME_LENGTH = 60  # characters of a deck's name
MAX_ID_LENGTH = 40  # characters of a God's or a card's id
MAX_COPIES = DECK_SIZE  # copies of one card
SHOWN_LENGTH = 40  # characters of an outside string that a message repeats


class Deck(BaseModel):
    """A deck: its God and its 50 cards (card id -> copies)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(default="custom", min_length=1, max_length=MAX_NAME_LENGTH)
    god: str = Field(max_length=MAX_ID_LENGTH)
    cards: dict[str, StrictInt] = Field(max_length=MAX_DECK_ENTRIES)

    def card_list(self) -> list[str]:
        """The cards, one entry per copy, sorted."""
        return sorted(card for card, n in self.cards.items() for _ in range(n))


class DeckFile(BaseModel):
    """content/decks.toml: the starter decks."""

    model_config = ConfigDict(extra="forbid")

    decks: list[Deck] = Field(min_length=1)


def deck_problems(deck: Deck, cards: Mapping[str, Card]) -> list[str]:
    """Every way ``deck`` breaks deck construction (AG-DECK-1..4); [] for a legal deck."""
    return _construction_problems(deck.god, deck.cards, cards)


def _construction_problems(
    god_id: str | None, counts: Mapping[str, int], cards: Mapping[str, Card]
) -> list[str]:
    """:func:`deck_problems` of a God (None: none given, nothing said about it) and counts."""
    problems = []
    god = cards.get(god_id) if god_id is not None else None
    if god_id is not None and (god is None or god.type != "god"):
        problems.append(f"god {god_id!r} is not a God")
    for card, count in sorted(counts.items()):
        known = cards.get(card)
        if known is None:
            problems.append(f"card {card!r} does not exist")
        elif known.type == "god":
            problems.append(f"card {card!r} is a God: Gods are chosen, not put in the deck")
        elif count < 1:
            problems.append(f"card {card!r} has {count} copies (at least 1)")
        elif known.copy_limit is not None and count > known.copy_limit:
            problems.append(
                f"card {card!r} has {count} copies; the limit for its type is {known.copy_limit}"
            )
    total = sum(counts.values())
    if total != DECK_SIZE:
        problems.append(f"the deck has {total} cards; it must have exactly {DECK_SIZE}")
    if god is not None and god.type == "god":
        needed = Counter(god.starting)
        for card, count in sorted(needed.items()):
            if counts.get(card, 0) < count:
                problems.append(
                    f"the God {god.id!r} starts with {count} x {card!r}; "
                    f"the deck has {counts.get(card, 0)}"
                )
    return problems


def shown(value: object) -> str:
    """``value`` as a message may repeat it: a string's repr, cut to ``SHOWN_LENGTH``
    characters (then followed by ``...``); anything else by its type only (its repr could be
    of any size)."""
    if isinstance(value, str):
        if len(value) <= SHOWN_LENGTH:
            return repr(value)
        return f"{value[:SHOWN_LENGTH]!r}..."
    return f"a value of type {type(value).__name__}"


def _text_problem(value: object, limit: int) -> str | None:
    """Why ``value`` is not a short printable text of at most ``limit`` characters; None if
    it is."""
    if not isinstance(value, str):
        return f"expected text, got {shown(value)}"
    if not value:
        return "empty"
    if len(value) > limit:
        return f"{len(value)} characters; at most {limit}"
    if not value.isprintable():
        return "has characters that are not printable"
    return None


def _copies_problem(count: object) -> str | None:
    """Why ``count`` is not a number of copies (an integer, not a bool, from 1 to
    ``MAX_COPIES``); None if it is."""
    if isinstance(count, bool) or not isinstance(count, int):
        if isinstance(count, bool):
            got = f"{count!r} (a bool)"
        else:
            got = repr(count) if isinstance(count, float) else shown(count)
        return f"copies must be a whole number from 1 to {MAX_COPIES}, not {got}"
    if not 1 <= count <= MAX_COPIES:
        # A huge integer's digits are not repeated (nor computed: str() of one is slow).
        got = str(count) if abs(count) < 10**6 else "a number that large"
        return f"copies must be from 1 to {MAX_COPIES}, not {got}"
    return None


def _form(data: dict[Any, Any]) -> tuple[list[str], str | None, dict[str, int]]:
    """The form problems of a deck table (``field: message``), its God's id (None when
    missing or malformed) and its well-formed card entries. At most ``MAX_DECK_KEYS`` keys
    and ``MAX_DECK_ENTRIES`` card entries are looked at, so this is bounded work."""
    if len(data) > MAX_DECK_KEYS:
        return [f"(top level): {len(data)} keys; a deck has only {', '.join(DECK_KEYS)}"], None, {}
    problems = [
        f"{shown(key)}: unknown key; a deck has only {', '.join(DECK_KEYS)}"
        for key in data
        if not (isinstance(key, str) and key in DECK_KEYS)
    ]
    if "name" in data and (why := _text_problem(data["name"], MAX_NAME_LENGTH)):
        problems.append(f"name: {why}")
    god = data.get("god")
    if "god" not in data:
        problems.append("god: missing (the id of the deck's God)")
    elif why := _text_problem(god, MAX_ID_LENGTH):
        problems.append(f"god: {why}")
        god = None
    entries = data.get("cards")
    counts: dict[str, int] = {}
    if "cards" not in data:
        problems.append("cards: missing (a table: card id -> copies)")
    elif not isinstance(entries, dict):
        problems.append(f"cards: expected a table (card id -> copies), got {shown(entries)}")
    elif len(entries) > MAX_DECK_ENTRIES:
        problems.append(
            f"cards: {len(entries)} entries; a deck lists at most {MAX_DECK_ENTRIES} distinct cards"
        )
    else:
        for card, count in entries.items():
            if why := _text_problem(card, MAX_ID_LENGTH):
                problems.append(f"cards: the card id {shown(card)}: {why}")
            elif why := _copies_problem(count):
                problems.append(f"cards.{card}: {why}")
            else:
                counts[card] = count
    return problems, god, counts


def check_deck(data: Any, cards: Mapping[str, Card]) -> tuple[Deck | None, list[str]]:
    """A deck table checked whole: (the deck, []) when it is legal, else (None, every
    problem). Problems of form come first (``field: message``: a key that is not ``name``,
    ``god`` or ``cards``, a field of the wrong type or too long, a card entry whose count is
    not a whole number from 1 to ``MAX_COPIES``, more than ``MAX_DECK_ENTRIES`` entries);
    then deck construction (AG-DECK) is checked on what is left once the faulty entries are
    left out, so one malformed entry hides no other problem. Bounded work, whatever
    ``data`` holds; messages repeat at most a short, cut form of any string in it."""
    if not isinstance(data, dict):
        return None, ["(top level): a deck is a table with 'god' and 'cards'"]
    problems, god, counts = _form(data)
    if problems or god is None:
        return None, problems + _construction_problems(god, counts, cards)
    deck = Deck(name=data.get("name", "custom"), god=god, cards=counts)
    problems = deck_problems(deck, cards)
    return (None if problems else deck), problems


def load_cards(path: Path | str) -> dict[str, Card]:
    """Load and validate a card file, cross-references included."""
    data = read_toml(path)
    cards = validate(path, data, CardFile, "cards").cards
    ids = [c.id for c in cards]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ContentError(f"{path}: duplicate card ids {duplicates}")
    by_id = {c.id: c for c in cards}
    for card in cards:
        for start in card.starting:
            if start not in by_id or by_id[start].type != "building":
                raise ContentError(
                    f"{path}: god {card.id!r}: starting card {start!r} is not a building"
                )
    return by_id


def load_decks(path: Path | str, cards: Mapping[str, Card]) -> dict[str, Deck]:
    """Load the starter decks; each must be legal."""
    data = read_toml(path)
    decks = validate(path, data, DeckFile, "decks").decks
    by_name: dict[str, Deck] = {}
    for deck in decks:
        if deck.name in by_name:
            raise ContentError(f"{path}: duplicate deck name {deck.name!r}")
        problems = deck_problems(deck, cards)
        if problems:
            raise ContentError(f"{path}: deck {deck.name!r}: " + "; ".join(problems))
        by_name[deck.name] = deck
    return by_name


def parse_deck(data: Any, where: str, cards: Mapping[str, Card]) -> Deck:
    """A deck from a dict (an inline option or a parsed deck file); ``ValueError`` naming
    every problem."""
    if not isinstance(data, dict):
        raise ValueError(f"{where}: a deck is a table with 'god' and 'cards'")
    deck, problems = check_deck(data, cards)
    if deck is None:
        raise ValueError(f"{where}: " + "; ".join(problems))
    return deck


@cache
def catalog() -> dict[str, Card]:
    """The shipped cards, by id."""
    return load_cards(package_file("theomachy.games.arena_of_the_gods", "content/cards.toml"))


@cache
def starter_decks() -> dict[str, Deck]:
    """The shipped starter decks, by name."""
    return load_decks(
        package_file("theomachy.games.arena_of_the_gods", "content/decks.toml"), catalog()
    )
