"""Arena of the Gods: what the rules ask about a card again and again (is it a Unit, its static
auras and discounts with their filters worked out, its triggers, the action texts that name
it), worked out once per card id and looked up with ``FACTS[card_id]``.

Only a speed-up: nothing here decides anything the card data does not say. The catalog is a
plain dict that tests extend with cards of their own (``monkeypatch.setitem``), so facts are
made on first use of an id, and :func:`refresh` (called for every new game) forgets them all
when the catalog changed since they were made.
"""

from __future__ import annotations

from theomachy.games.arena_of_the_gods.cards import Ability, Card, catalog

CARDS = catalog()

AFTERLIFE_PLAY = "play-from-afterlife"
"""The verb of playing a card from one's Afterlife (AG-PLAY-1)."""

Triggers = tuple[tuple[int, bool], ...]
"""(ability index, optional) of the triggers a card queues; index -1: a Temple's or Market's
income."""


class Matches(dict[str, bool]):
    """Card id -> whether an ability's filter passes the card with its printed Power and
    Health (what auras and discounts give the filter), worked out on first use."""

    __slots__ = ("filter_of",)

    def __init__(self, ability: Ability) -> None:
        super().__init__()
        self.filter_of = ability.filter

    def __missing__(self, card_id: str) -> bool:
        card = CARDS[card_id]
        found = self[card_id] = self.filter_of.matches(card, card.power, card.health)
        return found


class Aura:
    """A static aura (AG-TERM-GET): whom it touches and by how much."""

    __slots__ = (
        "health",
        "matches",
        "only_attacking",
        "only_engaged",
        "power",
        "self_only",
        "side",
    )

    def __init__(self, ability: Ability) -> None:
        self.self_only = ability.target == "self"
        self.side = ability.side
        self.matches = Matches(ability)
        self.only_attacking = ability.only_attacking
        self.only_engaged = ability.only_engaged
        self.power = ability.power
        self.health = ability.health
        if ability.health < 0:
            global HEALTH_AURA_LOWERS
            HEALTH_AURA_LOWERS = True


class Discount:
    """A static discount: the cards it applies to and what it takes off (AG-PLAY-1)."""

    __slots__ = ("favor", "gold", "matches")

    def __init__(self, ability: Ability) -> None:
        self.matches = Matches(ability)
        self.gold = ability.amount if ability.resource == "gold" else 0
        self.favor = ability.amount - self.gold


def _collect(card: Card, own: str) -> tuple[Triggers, Triggers]:
    """The triggers ``card`` queues at the start (``own`` "start") or end of a turn: for the
    turn player (its ``own`` and ``own``-each abilities, a start-of-turn income first) and for
    the other players (only the ``own``-each ones), in ability order."""
    each = f"{own}-each"
    mine: list[tuple[int, bool]] = []
    if own == "start" and card.economy is not None:
        mine.append((-1, False))
    others: list[tuple[int, bool]] = []
    for index, ability in enumerate(card.abilities):
        if ability.when == each or ability.when == own:
            mine.append((index, ability.optional))
        if ability.when == each:
            others.append((index, ability.optional))
    return tuple(mine), tuple(others)


class CardFacts:
    """The facts of one card."""

    __slots__ = (
        "activated",
        "afterlife_plays",
        "attackable",
        "combat",
        "decline",
        "discard",
        "discounts",
        "draw",
        "end",
        "god",
        "haste",
        "health_auras",
        "income",
        "play",
        "play_prefix",
        "power_auras",
        "printed_health",
        "printed_power",
        "replay",
        "replay_prefix",
        "special",
        "start",
        "targeted",
        "trigger",
        "triggers",
        "unit",
    )

    def __init__(self, card: Card) -> None:
        self.unit = card.type == "unit"
        self.god = card.type == "god"
        self.attackable = self.unit or self.god
        self.combat = card.kind == "combat"
        self.targeted = card.play_target is not None
        self.printed_power = card.power or 0
        self.printed_health = card.health or 0
        statics = [a for a in card.abilities if a.when == "static"]
        self.power_auras = tuple(Aura(a) for a in statics if a.effect == "aura" and a.power)
        self.health_auras = tuple(Aura(a) for a in statics if a.effect == "aura" and a.health)
        self.discounts = tuple(Discount(a) for a in statics if a.effect == "discount")
        self.income = tuple(a for a in statics if a.effect == "income")
        self.haste = any(a.effect == "haste" for a in statics)
        # Which cards its controller may play from their Afterlife (AG-PLAY-1).
        self.afterlife_plays = tuple(Matches(a) for a in statics if a.effect == "afterlife-play")
        self.activated: Ability | None = next(
            (a for a in card.abilities if a.when == "activated"), None
        )
        self.start = _collect(card, "start")
        self.end = _collect(card, "end")
        self.triggers = any(self.start + self.end)  # queues something at some turn's start/end
        # Something beyond being a Unit or a God for roster.py to note.
        self.special = bool(
            self.power_auras
            or self.health_auras
            or self.discounts
            or self.income
            or self.afterlife_plays
            or self.activated is not None
            or self.triggers
        )
        self.draw = f"draw {card.id}"
        self.trigger = f"trigger {card.id}"
        self.decline = f"decline {card.id}"
        self.discard = f"discard {card.id}"
        self.play = f"play {card.id}"
        self.play_prefix = f"play {card.id} "
        self.replay = f"{AFTERLIFE_PLAY} {card.id}"
        self.replay_prefix = f"{AFTERLIFE_PLAY} {card.id} "


class _ByCard(dict[str, CardFacts]):
    def __missing__(self, card_id: str) -> CardFacts:
        facts = self[card_id] = CardFacts(CARDS[card_id])
        return facts


HEALTH_AURA_LOWERS = False
"""Whether the facts of some card ever made hold an aura that lowers Health (a card's facts are
made when it enters the Battleground at the latest; never reset)."""
FACTS = _ByCard()
_made_from: dict[str, Card] = {}


def refresh() -> None:
    """Forget every card's facts if the catalog changed since they were made, and make them
    for every card in it."""
    global _made_from
    if _made_from != CARDS:
        FACTS.clear()
        _made_from = dict(CARDS)
        for card_id in CARDS:
            FACTS[card_id]


refresh()
