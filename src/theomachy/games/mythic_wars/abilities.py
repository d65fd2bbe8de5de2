"""Mythic Wars's abilities, registered by key and hooked into the rules (MW-ABILITY-*).

An entity's ability is one of the keys below with its parameters (``content/entities.toml``).
The rules call the hooks at fixed moments: ``modifier`` whenever a roll is made, the flags
``taunt``/``tie_breaker``/``no_crits`` while targeting and comparing, ``options``/``use`` when
the entity is empowered, ``on_invoked`` when it enters the battle, ``on_round_start`` and
``on_round_end``, ``after_attack`` after each of its attacks and ``after_defending`` after each
attack on it. Abilities are active only while their entity is in the battle (invoked or
empowered): the rules never call a hook of an entity outside it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from theomachy.games.mythic_wars.cards import Element, Entity

if TYPE_CHECKING:
    from theomachy.games.mythic_wars.rules import MythicWarsState


class Ability:
    """Base: an ability that does nothing at any moment; subclasses override hooks."""

    key: ClassVar[str] = ""
    taunt: ClassVar[bool] = False
    tie_breaker: ClassVar[bool] = False
    no_crits: ClassVar[bool] = False

    def __init__(self, entity: Entity) -> None:
        self.entity = entity
        self.params = entity.params

    def modifier(self, state: MythicWarsState, holder: int, roller: int, stat: str) -> int:
        """What this ability (of unit ``holder``) adds to ``roller``'s ``stat`` roll."""
        return 0

    def options(self, state: MythicWarsState, unit: int) -> list[str]:
        """``ability`` actions open to the unit when it is empowered. They may depend only on
        which entities are in the battle (and on summons, which change it): the rules keep
        the empowerment actions for as long as the battle holds the same entities."""
        return []

    def use(self, state: MythicWarsState, unit: int, targets: list[int]) -> None:
        """Carry out an ``ability`` action (already checked to be legal)."""
        return None

    def on_invoked(self, state: MythicWarsState, unit: int) -> None:
        """When the unit enters the battle (after every invoked entity entered)."""
        return None

    def on_round_start(self, state: MythicWarsState, unit: int) -> None:
        """In the Start of Round phase."""
        return None

    def on_round_end(self, state: MythicWarsState, unit: int) -> None:
        """In the End of Round phase."""
        return None

    def after_attack(
        self, state: MythicWarsState, unit: int, total: int, hit: bool, extra: bool
    ) -> None:
        """After an attack by the unit: its final attack roll ``total``, whether it hit."""
        return None

    def after_defending(self, state: MythicWarsState, unit: int, attacker: int, hit: bool) -> None:
        """After an attack on the unit."""
        return None


def _amount(ability: Ability) -> int:
    assert ability.params.amount is not None
    return ability.params.amount


class Modify(Ability):
    """Passive: ``who``'s rolls of ``stat`` get ``amount`` (MW-ABILITY-MODIFY)."""

    key = "modify"

    def modifier(self, state: MythicWarsState, holder: int, roller: int, stat: str) -> int:
        if stat != self.params.stat:
            return 0
        who = self.params.who
        same_faction = state.units[holder].owner == state.units[roller].owner
        applies = (
            (who == "self" and roller == holder)
            or (who == "supporting" and same_faction and roller != holder)
            or (who == "faction" and same_faction)
            or (who == "opposing" and not same_faction)
        )
        return _amount(self) if applies else 0


class Taunt(Ability):
    """Passive (Guardian): the entities of its faction without this ability cannot be attacked;
    clashes and other abilities still reach them (MW-ABILITY-TAUNT, MW-RULING-TAUNT)."""

    key = "taunt"
    taunt = True


class TieBreaker(Ability):
    """Passive: its faction wins tied rolls against opposing entities (MW-ABILITY-TIE)."""

    key = "tie-breaker"
    tie_breaker = True


class NoCrits(Ability):
    """Passive: opposing rolls against its faction are never critical (MW-ABILITY-NOCRITS)."""

    key = "no-crits"
    no_crits = True


class Thorns(Ability):
    """When an attack on it hits (or misses), the attacker loses points (MW-ABILITY-THORNS)."""

    key = "thorns"

    def after_defending(self, state: MythicWarsState, unit: int, attacker: int, hit: bool) -> None:
        if hit == (self.params.on == "hit"):
            state.lose(attacker, _amount(self))


class Clash(Ability):
    """Empowered: clash with an opposing entity; on winning remove ``damage`` points, or a
    die's worth when damage is 0 (Set; MW-ABILITY-CLASH, MW-CLASH)."""

    key = "clash"

    def options(self, state: MythicWarsState, unit: int) -> list[str]:
        return state.targeted_actions("ability", unit, state.opposing_in_battle(unit))

    def use(self, state: MythicWarsState, unit: int, targets: list[int]) -> None:
        assert self.params.damage is not None
        state.start_clash(unit, targets[0], self.params.damage)


class Blast(Ability):
    """Empowered: an opposing entity loses ``amount`` points (MW-ABILITY-BLAST)."""

    key = "blast"

    def options(self, state: MythicWarsState, unit: int) -> list[str]:
        return state.targeted_actions("ability", unit, state.opposing_in_battle(unit))

    def use(self, state: MythicWarsState, unit: int, targets: list[int]) -> None:
        state.lose(targets[0], _amount(self))


class Volley(Ability):
    """Empowered: every opposing entity in the battle loses ``amount`` (MW-ABILITY-VOLLEY)."""

    key = "volley"

    def options(self, state: MythicWarsState, unit: int) -> list[str]:
        return [f"ability {state.unit_id(unit)}"] if state.opposing_in_battle(unit) else []

    def use(self, state: MythicWarsState, unit: int, targets: list[int]) -> None:
        for target in state.opposing_in_battle(unit):
            state.lose(target, _amount(self))


class Heal(Ability):
    """Empowered: it or a supporting entity regains ``amount`` points, up to its Power
    (MW-ABILITY-HEAL)."""

    key = "heal"

    def options(self, state: MythicWarsState, unit: int) -> list[str]:
        return state.targeted_actions("ability", unit, state.faction_in_battle(unit))

    def use(self, state: MythicWarsState, unit: int, targets: list[int]) -> None:
        state.regain(targets[0], _amount(self))


class Summon(Ability):
    """Empowered: summon its creature, once per game (MW-SUMMON, MW-ABILITY-SUMMON)."""

    key = "summon"

    def options(self, state: MythicWarsState, unit: int) -> list[str]:
        assert self.params.creature is not None
        if state.has_summoned(self.params.creature, unit):
            return []
        return [f"ability {state.unit_id(unit)}"]

    def use(self, state: MythicWarsState, unit: int, targets: list[int]) -> None:
        assert self.params.creature is not None
        state.summon(unit, self.params.creature)


class Doom(Ability):
    """Invoked: may force an opposing entity to make a Defense roll; under ``threshold`` it
    is defeated (Chalchiuhtlicue; MW-ABILITY-DOOM)."""

    key = "doom"

    def on_invoked(self, state: MythicWarsState, unit: int) -> None:
        if state.opposing_in_battle(unit):
            state.ask(unit, "doom")


class Ambush(Ability):
    """Invoked: may make one attack at once (MW-ABILITY-AMBUSH)."""

    key = "ambush"

    def on_invoked(self, state: MythicWarsState, unit: int) -> None:
        if state.attack_targets(unit):
            state.ask(unit, "ambush")


class InvokeSummon(Ability):
    """Invoked: summons its creature (MW-ABILITY-INVOKE-SUMMON)."""

    key = "invoke-summon"

    def on_invoked(self, state: MythicWarsState, unit: int) -> None:
        assert self.params.creature is not None
        if not state.has_summoned(self.params.creature, unit):
            state.summon(unit, self.params.creature)


class InvokeHeal(Ability):
    """Invoked: each supporting entity in the battle regains ``amount`` (MW-ABILITY-INVOKE-HEAL)."""

    key = "invoke-heal"

    def on_invoked(self, state: MythicWarsState, unit: int) -> None:
        for other in state.faction_in_battle(unit):
            if other != unit:
                state.regain(other, _amount(self))


class Regenerate(Ability):
    """Start of round: it regains ``amount`` points, up to its Power (MW-ABILITY-REGENERATE)."""

    key = "regenerate"

    def on_round_start(self, state: MythicWarsState, unit: int) -> None:
        state.regain(unit, _amount(self))


class Burn(Ability):
    """End of round: an opposing entity of its advocate's choice loses ``amount``
    (MW-ABILITY-BURN)."""

    key = "burn"

    def on_round_end(self, state: MythicWarsState, unit: int) -> None:
        if state.opposing_in_battle(unit):
            state.ask(unit, "burn")


class ExtraAttack(Ability):
    """After an attack whose roll has the given parity, may attack once more; an additional
    attack never grants another (Thor; MW-ABILITY-EXTRA)."""

    key = "extra-attack"

    def after_attack(
        self, state: MythicWarsState, unit: int, total: int, hit: bool, extra: bool
    ) -> None:
        parity = 0 if self.params.parity == "even" else 1
        if not extra and total % 2 == parity and state.attack_targets(unit):
            state.ask(unit, "extra-attack")


class Lifesteal(Ability):
    """When its attack hits, it regains ``amount`` points, up to its Power
    (MW-ABILITY-LIFESTEAL)."""

    key = "lifesteal"

    def after_attack(
        self, state: MythicWarsState, unit: int, total: int, hit: bool, extra: bool
    ) -> None:
        if hit:
            state.regain(unit, _amount(self))


CLASSES: dict[str, type[Ability]] = {
    cls.key: cls
    for cls in (
        Modify,
        Taunt,
        TieBreaker,
        NoCrits,
        Thorns,
        Clash,
        Blast,
        Volley,
        Heal,
        Summon,
        Doom,
        Ambush,
        InvokeSummon,
        InvokeHeal,
        Regenerate,
        Burn,
        ExtraAttack,
        Lifesteal,
    )
}


# The element of each ability type (MW-CONTENT-1). The rulebook: "Each entity in Mythic Wars has
# an element symbol, which helps to define their ability": Air - Speed, Chaos - Destruction,
# Earth - Power / Clashing, Fire - Attack, Law - Meta (Rules Modification), Water - Defense.
# An entity's element is its ability's, whatever the deity's domain in myth. ``modify`` is
# sorted by what it changes (element_of); the reasons are in RULES.md ("Balance reasoning").
ELEMENT_OF: dict[str, Element] = {
    # Speed: acting before the others (on invocation) or more often (a second attack).
    "extra-attack": "air",
    "ambush": "air",
    # Destruction: harm outside the attack duel, on everyone, every round, or by loosing a
    # monster into the battle.
    "volley": "chaos",
    "burn": "chaos",
    "summon": "chaos",
    "invoke-summon": "chaos",
    # Power / Clashing.
    "clash": "earth",
    # Attack: a strike that needs no roll, or a reward for the entity's own hits.
    "blast": "fire",
    "lifesteal": "fire",
    # Meta: changes to the rules of targeting, ties and criticals.
    "taunt": "law",
    "tie-breaker": "law",
    "no-crits": "law",
    # Defense: surviving attacks, recovering points, punishing attackers, the defense roll.
    "heal": "water",
    "invoke-heal": "water",
    "regenerate": "water",
    "thorns": "water",
    "doom": "water",
}


def element_of(entity: Entity) -> Element:
    """The element of an entity's ability (MW-CONTENT-1). A ``modify`` belongs to what it
    changes: Power (clash rolls) is earth; a better attack for its own side or a worse defense
    for opposing entities is fire; a better defense for its own side or a worse attack for
    opposing entities is water."""
    if entity.ability != "modify":
        return ELEMENT_OF[entity.ability]
    stat, amount, who = entity.params.stat, entity.params.amount, entity.params.who
    assert stat is not None and amount is not None and who is not None
    if stat == "power":
        return "earth"
    on_own_side = who != "opposing"
    if (amount > 0) != on_own_side:
        raise ValueError(f"{entity.id}: a modify that helps opposing entities has no element")
    # +attack on its own side and -defense on opposing entities both help its side's attacks.
    return "fire" if (stat == "attack") == on_own_side else "water"


def overrides(ability: Ability, hook: str) -> bool:
    """Does the ability do something at ``hook`` (the base hooks do nothing)?"""
    return getattr(type(ability), hook) is not getattr(Ability, hook)


def make(entity: Entity) -> Ability:
    """The ability object of an entity."""
    return CLASSES[entity.ability](entity)
