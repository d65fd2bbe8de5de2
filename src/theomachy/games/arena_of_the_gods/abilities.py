"""Arena of the Gods: what card abilities do (the data in content/cards.toml names them).

Static abilities are read when a number is needed (power, health, costs, income); the other
abilities are carried out by :func:`resolve`. Rule ids refer to RULES.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from theomachy.games.arena_of_the_gods.cards import Ability, Card, catalog
from theomachy.games.arena_of_the_gods.facts import FACTS, Aura, Discount
from theomachy.games.arena_of_the_gods.model import (
    RESOURCE_CAP,
    Permanent,
    StackItem,
    permanent_token,
)

if TYPE_CHECKING:
    from theomachy.games.arena_of_the_gods.rules import ArenaState

CARDS = catalog()
UNIT_TARGETS = ("unit", "enemy-unit", "own-unit", "engaged-unit")
GOD_TARGETS = ("god", "enemy-god")


def subject(perm: Permanent) -> int:
    """The player a card's relative words (own, enemy, opponents) refer to: a Binding's bound
    player, otherwise its controller (AG-BIND-2)."""
    return perm.bound_to if perm.bound_to >= 0 else perm.controller


def card_of(perm: Permanent) -> Card:
    return CARDS[perm.card]


# --- statics -------------------------------------------------------------------------------------
def _aura_applies(state: ArenaState, holder: Permanent, aura: Aura, unit: Permanent) -> bool:
    if aura.self_only:
        if holder.uid != unit.uid:
            return False
    else:
        side = holder.bound_to if holder.bound_to >= 0 else holder.controller
        if aura.side == "own":
            if unit.controller != side:
                return False
        elif aura.side == "enemy" and unit.controller == side:
            return False
        if not aura.matches[unit.card]:
            return False
    if aura.only_attacking:
        battle = state.battle
        if battle is None or battle.attacker != unit.uid:
            return False
    if aura.only_engaged:
        battle = state.battle
        if battle is None or (unit.uid != battle.attacker and unit.uid != battle.target):
            return False
    return True


def power(state: ArenaState, unit: Permanent) -> int:
    """A Unit's Power now: printed, gains, gets, auras (never below 0)."""
    total = FACTS[unit.card].printed_power + unit.gained_power + unit.turn_power
    total += unit.battle_power
    for holder, aura in state.roster().power_auras:
        if _aura_applies(state, holder, aura, unit):
            total += aura.power
    return max(0, total)


def health(state: ArenaState, unit: Permanent) -> int:
    """A Unit's Health now: printed, gains, gets, auras."""
    return health_with(state, unit, state.roster().health_auras)


def health_auras(state: ArenaState) -> list[tuple[Permanent, Aura]]:
    """The auras that change Health, for :func:`health_with` (one scan for many Units)."""
    return state.roster().health_auras


def health_with(state: ArenaState, unit: Permanent, auras: list[tuple[Permanent, Aura]]) -> int:
    """A Unit's Health given :func:`health_auras` of the position."""
    total = FACTS[unit.card].printed_health + unit.gained_health + unit.turn_health
    total += unit.battle_health
    for holder, aura in auras:
        if _aura_applies(state, holder, aura, unit):
            total += aura.health
    return total


def has_haste(unit: Permanent) -> bool:
    return FACTS[unit.card].haste


def discounts(state: ArenaState, seat: int) -> list[Discount]:
    """The discounts ``seat`` has, for :func:`cost_with` (one scan for many cards)."""
    return [discount for side, discount in state.roster().discounts if side == seat]


def cost_with(card: Card, found: list[Discount]) -> tuple[int, int]:
    """(gold, favor) to play ``card`` given :func:`discounts`."""
    gold, favor = card.gold, card.favor
    for discount in found:
        if discount.matches[card.id]:
            gold -= discount.gold
            favor -= discount.favor
    return max(0, gold), max(0, favor)


def cost(state: ArenaState, seat: int, card_id: str) -> tuple[int, int]:
    """(gold, favor) ``seat`` pays to play ``card_id``, discounts applied (AG-PLAY-1)."""
    return cost_with(CARDS[card_id], discounts(state, seat))


def income(state: ArenaState, building: Permanent) -> tuple[str, int]:
    """What a Temple or Market gives at the start of its controller's turn (AG-RES-3)."""
    resource = CARDS[building.card].economy
    assert resource is not None
    amount = 1
    for holder, ability in state.roster().income:
        if subject(holder) == building.controller and ability.resource == resource:
            amount += ability.amount
    return resource, max(0, amount)


# --- targets -------------------------------------------------------------------------------------
def chosen_targets(
    state: ArenaState, seat: int, kind: str, ability: Ability | None, leaving: str | None = None
) -> list[str]:
    """The tokens ``seat`` may choose for a target of ``kind`` (sorted). ``leaving``: a card
    played from the Afterlife, gone from there (one copy) before its ability resolves."""
    perms = state.perms
    live = state.live_seats()
    found: list[str] = []
    if kind == "afterlife":
        flt = ability.filter if ability is not None else None
        pile = state.afterlife[seat]
        if leaving is not None:
            pile = list(pile)
            pile.remove(leaving)
        cards = {c for c in pile if flt is None or flt.matches(CARDS[c])}
        return sorted(cards)
    if kind == "binding":
        return sorted(p.token for p in perms.values() if CARDS[p.card].kind == "binding")
    battle = state.battle
    for perm in state.roster().attackable:  # every kind left names a Unit or a God
        card = CARDS[perm.card]
        if perm.controller not in live:
            continue
        is_unit, is_god = card.type == "unit", card.type == "god"
        enemy = perm.controller != seat
        if kind == "unit":
            ok = is_unit
        elif kind == "enemy-unit":
            ok = is_unit and enemy
        elif kind == "own-unit":
            ok = is_unit and not enemy
        elif kind == "engaged-unit":
            ok = is_unit and battle is not None and perm.uid in battle.engaged
        elif kind == "god":
            ok = is_god
        elif kind == "enemy-god":
            ok = is_god and enemy
        elif kind == "any":
            ok = is_unit or is_god
        elif kind == "enemy-any":
            ok = (is_unit or is_god) and enemy
        else:
            raise AssertionError(f"not a chosen target: {kind}")
        if ok and is_unit and ability is not None and ability.target == kind:
            ok = ability.filter.matches(card, power(state, perm), health(state, perm))
        if ok:
            found.append(perm.token)
    return sorted(found)


def _target_ability(card: Card, when: str) -> Ability | None:
    for ability in card.abilities:
        if ability.when == when and ability.target in (
            "afterlife",
            "binding",
            *UNIT_TARGETS,
            *GOD_TARGETS,
            "any",
            "enemy-any",
        ):
            return ability
    return None


def entering_token(state: ArenaState, seat: int, card_id: str) -> str:
    """The name ``card_id`` will take when it enters under ``seat`` (AG-NOTATION-2)."""
    taken = {p.copy for p in state.perms.values() if p.card == card_id and p.controller == seat}
    copy = next(k for k in range(1, len(taken) + 2) if k not in taken)
    return permanent_token(card_id, seat, copy)


def play_targets(
    state: ArenaState, seat: int, card: Card, from_afterlife: bool = False
) -> list[str] | None:
    """Targets for playing ``card`` (from the hand, or from the Afterlife, which it leaves
    first): None when it chooses nothing. A Unit enters before its "when played" ability
    resolves (AG-PLAY-3), so where that ability may touch a Unit of yours (``unit``,
    ``own-unit``, ``any``) the Unit itself is a target too."""
    kind = card.play_target
    if kind is None:
        return None
    ability = _target_ability(card, "play")
    found = chosen_targets(state, seat, kind, ability, card.id if from_afterlife else None)
    enters = card.type == "unit" and kind in ("unit", "own-unit", "any")
    if enters and (ability is None or ability.filter.matches(card, card.power, card.health)):
        found = sorted([*found, entering_token(state, seat, card.id)])
    return found


def activated(card: Card) -> Ability | None:
    """The card's activated ability, if it has one."""
    for ability in card.abilities:
        if ability.when == "activated":
            return ability
    return None


def use_targets(state: ArenaState, seat: int, ability: Ability) -> list[str] | None:
    """Targets for using an activated ability: None when it chooses nothing."""
    if ability.target not in (
        "afterlife",
        "binding",
        *UNIT_TARGETS,
        *GOD_TARGETS,
        "any",
        "enemy-any",
    ):
        return None
    return chosen_targets(state, seat, ability.target, ability)


def _fixed(
    state: ArenaState, ability: Ability, source: Permanent | None, controller: int, foe: int
) -> tuple[list[int], list[int]]:
    """(player seats, permanent uids) a fixed target names."""
    side = subject(source) if source is not None else controller
    live = state.live_seats()
    target = ability.target
    units = state.roster().units
    if target == "controller":
        return [controller], []
    if target == "bound":
        return ([source.bound_to] if source is not None and source.bound_to >= 0 else []), []
    if target == "opponents":
        return [s for s in live if s != side], []
    if target == "self":
        return [], ([source.uid] if source is not None else [])
    if target == "units":
        return [], [p.uid for p in units]
    if target == "enemy-units":
        return [], [p.uid for p in units if p.controller != side]
    if target == "own-units":
        return [], [p.uid for p in units if p.controller == side]
    if target == "foe":
        return [], ([foe] if foe else [])
    battle = state.battle
    if target == "attacker":
        return [], ([battle.attacker] if battle is not None else [])
    if target == "defender":
        return [], ([battle.target] if battle is not None else [])
    raise AssertionError(f"not a fixed target: {target}")


def _resolve_token(state: ArenaState, token: str | None) -> int:
    """The uid a chosen permanent token names, 0 if it has left the Battleground."""
    if token is None:
        return 0
    perm = state.find(token)
    return perm.uid if perm is not None else 0


# --- effects -------------------------------------------------------------------------------------
def resolve(
    state: ArenaState,
    ability: Ability,
    source: Permanent | None,
    controller: int,
    chosen: str | None = None,
    foe: int = 0,
    placed: int = 0,
) -> None:
    """Carry out one ability. ``source`` is the permanent whose ability it is (None for an
    Evocation), ``chosen`` the target token picked by the action, ``foe`` the uid the
    source battles (for attack/attacked/sends/damage triggers), ``placed`` the damage
    counters it placed (for plunder)."""
    effect = ability.effect
    if effect == "plunder":
        assert ability.resource is not None
        state.gain(controller, ability.resource, placed)
        return
    if ability.target == "afterlife":
        if chosen is not None and chosen in state.afterlife[controller]:
            state.return_card(controller, chosen, ability.to or "hand")
        return
    if ability.target == "binding":
        uid = _resolve_token(state, chosen)
        if uid:
            state.to_afterlife(uid, sender=0)
        return
    if ability.target in (
        "unit",
        "enemy-unit",
        "own-unit",
        "engaged-unit",
        "god",
        "enemy-god",
        "any",
        "enemy-any",
    ):
        uid = _resolve_token(state, chosen)
        seats, uids = [], ([uid] if uid else [])
        if uid and CARDS[state.perms[uid].card].type == "god":
            seats = [state.perms[uid].controller]
    else:
        seats, uids = _fixed(state, ability, source, controller, foe)
    source_uid = source.uid if source is not None else 0
    if effect in ("resource", "drain", "draw", "life"):
        for uid in uids:  # a God named as a target stands for its player
            perm = state.perms.get(uid)
            if perm is not None and CARDS[perm.card].type == "god":
                seats.append(perm.controller)
        for seat in dict.fromkeys(seats):
            if seat not in state.live_seats():
                continue
            if effect == "resource":
                assert ability.resource is not None
                state.gain(seat, ability.resource, ability.amount)
            elif effect == "drain":
                assert ability.resource is not None
                state.pay(seat, ability.resource, ability.amount)
            elif effect == "draw":
                state.queue_draws(seat, ability.amount)
            else:
                state.life[seat] += ability.amount
        return
    for seat in seats:  # a God as the target of a Unit effect
        god = state.god_uid[seat]
        if god not in uids:
            uids.append(god)
    for uid in uids:
        perm = state.perms.get(uid)
        if perm is None:
            continue
        card = CARDS[perm.card]
        if effect == "damage":
            state.deal(uid, ability.amount, source_uid)
            continue
        if card.type != "unit":
            continue  # the other effects touch Units only
        if effect == "heal":
            perm.damage = max(0, perm.damage - ability.amount)
        elif effect == "buff":
            if ability.duration == "permanent":
                perm.gained_power += ability.power
                perm.gained_health += ability.health
            elif ability.duration == "battle" and state.battle is not None:
                perm.battle_power += ability.power
                perm.battle_health += ability.health
            else:
                perm.turn_power += ability.power
                perm.turn_health += ability.health
        elif effect == "prevent":
            perm.shield += ability.amount
        elif effect == "destroy":
            if ability.filter.matches(card, power(state, perm), health(state, perm)):
                state.to_afterlife(uid, sender=source_uid)
        elif effect == "ready":
            perm.ready = True
            perm.attacks_left += 1
        else:
            raise AssertionError(f"effect {effect} has no resolution")


def resolve_card(
    state: ArenaState, card_id: str, source: Permanent | None, seat: int, chosen: str | None
) -> None:
    """Resolve every "play" ability of a card just played (its whole effect for an
    Evocation; the enter effect of a permanent)."""
    for ability in CARDS[card_id].abilities:
        if ability.when == "play":
            resolve(state, ability, source, seat, chosen)


def resolve_stack_item(state: ArenaState, item: StackItem) -> None:
    """Resolve a Combat Evocation or a battle ability from the stack (AG-BATTLE-3)."""
    target = item.target
    if item.target_uid and item.target_uid not in state.perms:
        target = None  # the target has left the Battleground: its effects do nothing
    if item.source:
        perm = state.perms.get(item.source)
        ability = activated(CARDS[item.card])
        if perm is None or ability is None:
            return  # its card left the Battleground: the ability does nothing
        resolve(state, ability, perm, item.seat, target)
        return
    resolve_card(state, item.card, None, item.seat, target)
    state.afterlife[item.seat].append(item.card)


def gain_capped(current: int, amount: int) -> int:
    return min(RESOURCE_CAP, current + amount)
