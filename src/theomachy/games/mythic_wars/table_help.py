"""Mythic Wars at the table: which moves may be taken back, why a move is refused, and what
the views hid (for the replay of a finished game). The State's ``undo_safe``, ``_refusal``
and ``revealed`` hooks call these (engine/core.py says what each must do).

Everything here reads only what the player to move can see: their own cards, the face-up
ones, the phase and the pending choice; another faction's face-down deity is "not one of
yours" whatever it is, so no answer can tell it from a deity out of the game.
"""

from __future__ import annotations

from typing import Any

from theomachy.games.mythic_wars.cards import ABILITY_PARAMS
from theomachy.games.mythic_wars.narration import ability_title
from theomachy.games.mythic_wars.rules import (
    ABILITY,
    ASSEMBLE,
    BY_PANTHEON,
    DEFEATED,
    DRAFT,
    EMPOWER,
    EMPOWERED,
    ENTITIES,
    FACTION_SIZE,
    IN_BATTLE,
    INVOKE,
    NUMBER,
    PHASE_NAMES,
    SOLO_MARK,
    UNINVOKED,
    Choice,
    MythicWarsState,
    Unit,
)

PHASE_WORDS = {
    "deal": "the deal",
    "draft": "the draft",
    "first": "the roll for the first prime faction",
    "start": "the Start of Round",
    "invocation": "the Invocation Phase",
    "invoke-abilities": "the invocation abilities",
    "empowerment": "the Empowerment Phase",
    "end": "the End of Round",
    "next-prime": "the choice of the next prime faction",
    "over": "the end of the game",
    "assemble": "the assembly of the factions",
}
# When an ability that is not used by empowering acts (cards.ABILITY_PARAMS timings).
TIMING_WORDS = {
    "passive": "is always on while it is in the battle",
    "defense": "acts when it is attacked",
    "invoked": "acts when it enters the battle",
    "start": "acts at the start of each round",
    "end": "acts at the end of each round",
    "attack": "acts after its own attacks",
}
PURPOSE_WORDS = {
    "extra-attack": "extra attack",
    "ambush": "ambush",
    "doom": "doom",
    "burn": "burn",
}


# --- undo -----------------------------------------------------------------------------------


def undo_safe(state: MythicWarsState, action: str) -> bool:
    """May the player to move take ``action`` back (within their turn)?

    Nothing a faction does in the battle turns up a card it could not see: declaring one of
    its own face-down deities (MW-RULING-DECLARE: it tells the others, not the declarer),
    attacking, using an ability, resting, choosing a target, ordering its triggers or
    declining are all safe; the dice that follow an attack or a clash end the undo by
    themselves (the server's rule). A set-up pick (``draft``, ``assemble``) is safe while the
    faction is not complete: the fourth pick seals the secret faction (the cards not kept leave
    the game, the shared copy passes to the next seat, who then sees which deities are gone),
    so it is never taken back."""

    if state.stack:
        return True  # a choice an ability gives: a target, an order, or decline
    if state.phase in (DRAFT, ASSEMBLE):
        kept = sum(1 for unit in state.units if unit.owner == state.drafter)
        return kept + 1 < FACTION_SIZE
    return True  # invoke, attack, ability, rest


# --- refusals -------------------------------------------------------------------------------


class _Reader:
    """What the player to move can see of a state, in printed names."""

    def __init__(self, state: MythicWarsState, player: int) -> None:
        self.state = state
        self.player = player

    # names
    def seat(self, seat: int) -> str:
        if seat == self.player:
            return "your faction"
        pantheons = self.state.pantheon_of
        if seat < len(pantheons):
            return f"Seat {seat} ({pantheons[seat].title()})"
        return f"Seat {seat}"

    def name(self, token: str) -> str:
        """A token's printed name (``Thor``, ``Thor@1`` in a solo game), or the token."""

        notation = self.state.game.notation
        key = notation.key_of.get(token)
        if key is None:
            return token
        _, mark, seat = token.partition(SOLO_MARK)
        return f"{ENTITIES[notation.entity_of(token)].name}{mark}{seat}"

    def unit_name(self, unit: int) -> str:
        return self.name(self.state.unit_id(unit))

    # what the player sees
    def seen(self, token: str) -> int | None:
        """The unit ``token`` names if the player can see it (their own, or face up)."""
        state = self.state
        key = state.game.notation.key_of.get(token)
        if key is None:
            return None
        unit = state._unit_index().get(key)
        if unit is None or not state.visible_to(state.units[unit], self.player):
            return None
        return unit

    def entity(self, token: str) -> Any:
        """The catalogue card a token names (None for an unknown token)."""

        key = self.state.game.notation.key_of.get(token)
        return None if key is None else ENTITIES[self.state.game.notation.entity_of(token)]

    def unit(self, unit: int) -> Unit:
        return self.state.units[unit]


def refusal(state: MythicWarsState, action: str, player: int) -> str | None:
    """Why ``action`` (well formed, not legal) is refused to ``player``, the player to move,
    in words; None to leave it to the general explanation."""

    verb, *args = action.split(" ")
    reader = _Reader(state, player)
    phase = PHASE_NAMES[state.phase]
    if state.stack:
        top = state.stack[-1]
        assert isinstance(top, Choice)
        return _choice_refusal(reader, top, verb, args)
    if verb == "order":
        return "No abilities of your faction are waiting to be ordered now."
    if verb == "decline":
        return "There is nothing to decline now."
    if verb == "draft":
        if state.phase != DRAFT:
            return f"Cards are kept in the draft at set-up; now is {PHASE_WORDS[phase]}."
        return _draft_refusal(reader, args)
    if verb == "assemble":
        if state.phase != ASSEMBLE:
            return f"Factions are assembled at set-up; now is {PHASE_WORDS[phase]}."
        return _assemble_refusal(reader, args)
    if verb == "invoke":
        if state.phase != INVOKE:
            return _invoke_out_of_phase(reader, args, phase)
        return _invoke_refusal(reader, args)
    if verb in ("attack", "ability", "rest"):
        if state.phase != EMPOWER:
            if state.phase == INVOKE:
                return "Now is the Invocation Phase: declare one of your face-down deities first."
            return f"Entities are empowered in the Empowerment Phase; now is {PHASE_WORDS[phase]}."
        return _empower_refusal(reader, verb, args)
    return None


def _draft_refusal(reader: _Reader, args: list[str]) -> str | None:
    if len(args) != 1:
        return "Keep one card: draft followed by its name."
    token = args[0]
    unit = reader.seen(token)
    if unit is not None and reader.unit(unit).owner == reader.player:
        return f"You have already kept {reader.name(token)}."
    return f"{reader.name(token)} is not among the cards dealt to you."


def _assemble_refusal(reader: _Reader, args: list[str]) -> str | None:

    state = reader.state
    if len(args) != 1:
        return "Take one deity: assemble followed by its name."
    token = args[0]
    entity = reader.entity(token)
    if entity is None:
        return f"{token} names no deity of this game."
    name = reader.name(token)
    if not entity.is_deity:
        return f"{name} is a creature: creatures are summoned, never taken into a faction."
    solo = state.game.options["solo"]
    notation = state.game.notation
    if solo and notation.key_of[token] // notation.stride != reader.player:
        return f"You assemble from your own copy: {name} is another seat's copy."
    mine = [u.entity for u in state.units if u.owner == reader.player]
    number = NUMBER[entity.id]
    if number in mine:
        return f"{name} is already in your faction."
    copy = "your own copy" if solo else "the shared copy"
    if number not in state.pool:
        return f"{name} is no longer in {copy}: another faction took it."
    if state.game.options["mode"] == "pantheons-of-destiny":
        pantheon = entity.pantheon.title()
        own = ENTITIES[mine[0]].pantheon if mine else None
        if own is not None and own != entity.pantheon:
            return (
                f"Your faction is {own.title()} and {name} is {pantheon}: a faction comes "
                "from one pantheon."
            )
        needed = FACTION_SIZE - len(mine)
        left = sum(1 for n in state.pool if ENTITIES[n].pantheon == entity.pantheon)
        return (
            f"Only {left} {pantheon} {'deity is' if left == 1 else 'deities are'} left in "
            f"{copy}: a faction needs {needed} from one pantheon."
        )
    return None


def _invoke_out_of_phase(reader: _Reader, args: list[str], phase: str) -> str:
    if reader.state.round == 0:  # set-up
        return f"Deities are invoked once the battle begins; now is {PHASE_WORDS[phase]}."
    if len(args) == 1:
        unit = reader.seen(args[0])
        if unit is not None:
            current = reader.unit(unit)
            if current.owner == reader.player and current.state == UNINVOKED:
                return (
                    f"{reader.name(args[0])} stays face down until the next Invocation Phase; "
                    f"now is {PHASE_WORDS[phase]}."
                )
    return f"Deities are invoked in the Invocation Phase; now is {PHASE_WORDS[phase]}."


def _invoke_refusal(reader: _Reader, args: list[str]) -> str | None:

    if len(args) != 1:
        return "Declare one deity: invoke followed by its name."
    token = args[0]
    unit = reader.seen(token)
    name = reader.name(token)
    if unit is None:
        return f"{name} is not one of your face-down deities."
    current = reader.unit(unit)
    if current.owner != reader.player:
        return (
            f"{name} belongs to {reader.seat(current.owner)}: declare one of your own "
            "face-down deities."
        )
    if current.state in IN_BATTLE:
        return f"{name} is already in the battle."
    if current.state == DEFEATED:
        return f"{name} has been defeated."
    if current.declared:
        return f"{name} is already declared: it enters the battle with the others."
    return None


def _actor_refusal(reader: _Reader, token: str) -> tuple[int | None, str | None]:
    """The unit ``token`` names if the player may empower it now, else why not."""

    unit = reader.seen(token)
    name = reader.name(token)
    if unit is None:
        return None, f"{name} is not one of your entities in the battle."
    current = reader.unit(unit)
    if current.owner != reader.player:
        return None, f"{name} belongs to {reader.seat(current.owner)}: empower one of your own."
    if current.state == UNINVOKED:
        return None, f"{name} is face down: it enters the battle when you invoke it."
    if current.state == DEFEATED:
        return None, f"{name} has been defeated."
    if current.state == EMPOWERED:
        return None, f"{name} has already been empowered this round."
    return unit, None


def _target_refusal(reader: _Reader, actor: int, token: str, verb: str) -> str | None:
    """Why ``actor`` may not attack (``verb`` attack) or use its ability on ``token``."""

    state = reader.state
    unit = reader.seen(token)
    name = reader.name(token)
    if unit is None:
        return f"{name} is not in the battle."
    target = reader.unit(unit)
    me = reader.unit(actor)
    if target.state == DEFEATED:
        return f"{name} has been defeated."
    if target.state == UNINVOKED:
        return f"{name} is not in the battle: it is face down."
    if unit == actor and verb == "attack":
        return f"{name} cannot attack itself."
    if target.owner == me.owner:
        if verb == "attack":
            return f"{name} is on your side: attack an opposing entity."
        title = ability_title(reader.entity(reader.state.unit_id(actor)))
        return f"{name} is on your side: {title} targets an opposing entity."
    if verb != "attack":
        return None
    creatures = [
        i for i, other in enumerate(state.units) if other.summoner == unit and state.in_battle(i)
    ]
    if creatures:
        creature = reader.unit_name(creatures[0])
        return f"{name} cannot be attacked while its creature {creature} is in the battle."
    guardians = [
        i
        for i in state.battle()
        if state.units[i].owner == target.owner and ABILITY[state.units[i].entity].taunt
    ]
    if guardians and unit not in guardians:
        words = " and ".join(reader.unit_name(i) for i in guardians)
        if len(guardians) == 1:
            return (
                f"{name} cannot be attacked while its Guardian {words} is in the battle: "
                "attack the Guardian."
            )
        return (
            f"{name} cannot be attacked while its Guardians {words} are in the battle: "
            "attack a Guardian."
        )
    return None


def _ability_refusal(reader: _Reader, actor: int, args: list[str]) -> str | None:
    state = reader.state
    entity = reader.entity(state.unit_id(actor))
    name = reader.unit_name(actor)
    title = ability_title(entity)
    timing = ABILITY_PARAMS[entity.ability][0]
    if timing != "empowered":
        return f"{name}'s {title} {TIMING_WORDS[timing]}: it is not used by empowering."
    kind = entity.ability
    if kind in ("volley", "summon"):
        if args:
            return f"{name}'s {title} takes no target."
        creature = entity.params.creature
        if kind == "summon" and creature and state.has_summoned(creature, actor):
            summoned = ENTITIES[NUMBER[creature]].name
            return f"{name} has already summoned {summoned}: once per game."
        return None
    if not args:
        return f"{name}'s {title} needs a target."
    token = args[0]
    if kind == "heal":
        unit = reader.seen(token)
        if unit is None:
            return f"{reader.name(token)} is not in the battle."
        target = reader.unit(unit)
        if target.owner != state.units[actor].owner:
            return f"{title} heals {name} or an entity on your side, not {reader.name(token)}."
        if not state.in_battle(unit):
            return f"{reader.name(token)} is not in the battle."
        return None
    return _target_refusal(reader, actor, token, "ability")


def _empower_refusal(reader: _Reader, verb: str, args: list[str]) -> str | None:
    if not args:
        return None
    actor, why = _actor_refusal(reader, args[0])
    if why is not None or actor is None:
        return why
    if verb == "rest":
        return None
    if verb == "attack":
        if len(args) != 2:
            return f"Name the foe {reader.unit_name(actor)} attacks."
        return _target_refusal(reader, actor, args[1], "attack")
    return _ability_refusal(reader, actor, args[1:])


def _choice_refusal(reader: _Reader, choice: Any, verb: str, args: list[str]) -> str | None:
    """A choice an ability gives is pending: only its answers are moves."""
    state = reader.state
    name = reader.unit_name(choice.unit)
    purpose = choice.purpose
    if purpose == "order":
        group = [reader.unit_name(u) for u in state._choice_targets(choice)]
        listed = " or ".join(group)
        if verb == "order" and len(args) == 1:
            return f"{reader.name(args[0])} has no ability waiting now: choose {listed}."
        return f"First choose which of your abilities resolves next: {listed}."
    what = f"{name}'s {PURPOSE_WORDS.get(purpose, purpose)}"
    optional = purpose != "burn"
    answer = "choose a foe or decline" if optional else "choose a foe (it is not optional)"
    if verb == "decline":
        return f"{what} is not optional: choose a foe."
    wanted = "attack" if purpose in ("extra-attack", "ambush") else "ability"
    if verb != wanted or len(args) != 2 or reader.seen(args[0]) != choice.unit:
        return f"First settle {what}: {answer}."
    return _target_refusal(reader, choice.unit, args[1], verb) or (
        f"{reader.name(args[1])} cannot be chosen for {what}."
    )


# --- the full reveal ------------------------------------------------------------------------


def revealed(state: MythicWarsState) -> list[dict[str, Any]]:
    """What the views hid, in printed names: each faction's face-down deities, the cards
    each seat holds in the draft, and, once a seat has kept its four, the cards it was dealt
    and did not keep (out of the game)."""

    zones: list[dict[str, Any]] = []
    players = state.game.players
    dealt: list[list[int]] = [[] for _ in range(players)]
    if state.game.options["mode"] == "pantheons":
        for seat, pantheon in enumerate(state.pantheon_of):
            dealt[seat] = list(BY_PANTHEON[pantheon])
    else:
        for index, owner in state.secret:
            entry = state._history[index]
            if entry.startswith("deal "):
                dealt[owner].append(state.game.notation.entity_of(entry.split(" ")[1]))
    for seat in range(players):
        own = [u for u in state.units if u.owner == seat]
        hidden = sorted(
            ENTITIES[u.entity].name for u in own if u.state == UNINVOKED and not u.declared
        )
        if hidden:
            zones.append({"zone": f"Seat {seat}: face-down deities", "seat": seat, "items": hidden})
        hand = sorted(ENTITIES[n].name for n in state.hands[seat])
        if hand:
            zones.append({"zone": f"Seat {seat}: dealt cards in hand", "seat": seat, "items": hand})
        kept = {u.entity for u in own}
        if dealt[seat] and not state.hands[seat] and len(kept) >= 4:
            left = sorted(ENTITIES[n].name for n in dealt[seat] if n not in kept)
            if left:
                zones.append({"zone": f"Seat {seat}: dealt, not kept", "seat": seat, "items": left})
    return zones
