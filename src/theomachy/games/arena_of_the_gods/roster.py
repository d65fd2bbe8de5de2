"""Arena of the Gods: the cards on the Battleground sorted out once for the scans the rules
make many times a step (which cards are Units, which hold auras, discounts, income effects,
permissions to play from the Afterlife, activated abilities or turn triggers, which card a
token names).

Only a speed-up. A roster belongs to one state and one set of cards on the Battleground:
cards enter only through ``ArenaState._enter`` (which takes a new uid) and leave by being
deleted from ``perms``, so the same ``perms`` dict with the same size and the same next uid
holds the same cards (``ArenaState.roster`` makes a new roster when they differ; ``_enter``
adds the new card to a roster that is up to date, at the end, as in ``perms``). What it keeps
of each card never changes while the card is there (its card, controller, copy and the player
a Binding is bound to); everything else is read from the card when it is used. Its lists are
only read outside this module, and no card enters while one is being read.
"""

from __future__ import annotations

from theomachy.games.arena_of_the_gods.cards import Ability
from theomachy.games.arena_of_the_gods.facts import FACTS, Aura, CardFacts, Discount, Matches
from theomachy.games.arena_of_the_gods.model import Permanent


class Roster:
    """The cards of one ``perms`` dict, in its order, grouped."""

    __slots__ = (
        "activated",
        "afterlife_plays",
        "attackable",
        "by_token",
        "discounts",
        "health_auras",
        "income",
        "next_uid",
        "perms",
        "power_auras",
        "size",
        "triggers",
        "units",
    )

    def __init__(self, perms: dict[int, Permanent], next_uid: int) -> None:
        self.perms = perms
        self.size = len(perms)
        self.next_uid = next_uid
        self.units: list[Permanent] = []
        self.attackable: list[Permanent] = []  # Units and Gods
        self.health_auras: list[tuple[Permanent, Aura]] = []
        self.power_auras: list[tuple[Permanent, Aura]] = []
        self.discounts: list[tuple[int, Discount]] = []  # (the player it serves, discount)
        # (the player it serves, the cards it lets them play from their Afterlife)
        self.afterlife_plays: list[tuple[int, Matches]] = []
        self.income: list[tuple[Permanent, Ability]] = []
        self.activated: list[tuple[Permanent, Ability]] = []
        self.triggers: list[tuple[Permanent, CardFacts]] = []  # cards with turn triggers
        by_token: dict[str, Permanent] = {}
        self.by_token = by_token
        units, attackable = self.units, self.attackable
        by_card = FACTS
        for perm in perms.values():
            if perm.token not in by_token:
                by_token[perm.token] = perm
            facts = by_card[perm.card]
            if facts.unit:
                units.append(perm)
                attackable.append(perm)
            elif facts.god:
                attackable.append(perm)
            if facts.special:
                self._note(perm, facts)

    def add(self, perm: Permanent, next_uid: int) -> None:
        """``perm`` was just added at the end of ``perms`` and ``next_uid`` taken."""
        self.size += 1
        self.next_uid = next_uid
        if perm.token not in self.by_token:
            self.by_token[perm.token] = perm
        facts = FACTS[perm.card]
        if facts.unit:
            self.units.append(perm)
            self.attackable.append(perm)
        elif facts.god:
            self.attackable.append(perm)
        if facts.special:
            self._note(perm, facts)

    def _note(self, perm: Permanent, facts: CardFacts) -> None:
        """Add what a card holds beyond being a Unit or a God."""
        for aura in facts.health_auras:
            self.health_auras.append((perm, aura))
        for aura in facts.power_auras:
            self.power_auras.append((perm, aura))
        if facts.discounts:
            side = perm.bound_to if perm.bound_to >= 0 else perm.controller
            for discount in facts.discounts:
                self.discounts.append((side, discount))
        if facts.afterlife_plays:
            side = perm.bound_to if perm.bound_to >= 0 else perm.controller
            for matches in facts.afterlife_plays:
                self.afterlife_plays.append((side, matches))
        for ability in facts.income:
            self.income.append((perm, ability))
        if facts.activated is not None:
            self.activated.append((perm, facts.activated))
        if facts.triggers:
            self.triggers.append((perm, facts))
