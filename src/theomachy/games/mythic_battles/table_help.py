"""Mythic Battles at the table: what a player may take back (``undo_safe``), why a move is
refused (``refusal``) and what the views hid (``revealed``), the engine's hooks for the table
(engine/core.py). Only what the player to move may see goes into an answer: the map, the
units, the step, their own hand and deck (an army is public and every other card is face up,
so a player knows what their own deck holds, MB-RULING-HIDDEN).

Take-backs (RULES.md, "At the table"): the player's own moves of the turn that only move
things they can see (activating a unit, simple or complex, MOVE, RUN, CLAIM, ENTER, ABSORB,
uproot, swap, Leader, Recall, End, Search for Card from their own deck, recruitment picks,
Block's answer). Never: a draw (Pass, Draw Cards), an ATTACK (its dice; Thunderbolt too) and
every answer within an ATTACK.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from theomachy.games.mythic_battles import stats
from theomachy.games.mythic_battles.data import powers, units
from theomachy.games.mythic_battles.model import (
    ACTIONS,
    ACTIVATE_FIRST,
    ACTIVATE_SECOND,
    AOW,
    ATTACK_TARGET,
    BLOCK,
    COMPLEX,
    GUARD,
    LEAD,
    LEAD_ACTIVATE,
    LEAD_FETCH,
    MAX_ACTIVATIONS,
    MODE,
    OFF_MAP,
    PASS_OR_GO,
    RECALL,
    RECRUIT_GOD,
    RECRUIT_UNIT,
    RETARGET,
    RUN_BONUS,
    SEARCH_WINDOW,
    SWAP,
    THROW,
    Piece,
)

if TYPE_CHECKING:
    from theomachy.games.mythic_battles.rules import BattlesState

UNITS = units()
TACTICIAN = powers()["tactician"]

UNSAFE_VERBS = frozenset({"pass", "draw-cards", "attack", "thunderbolt", "retaliate", "reroll"})
"""Verbs never taken back: Pass and Draw Cards draw unseen cards; an ATTACK (Thunderbolt
included) and a retaliation roll dice; a re-roll rolls one."""


# --- undo ------------------------------------------------------------------------------------


def undo_safe(state: BattlesState, action: str) -> bool:
    """True for an action that shows its player nothing new (see the module's docstring):
    not a draw, not an ATTACK, nothing inside an ATTACK (its dice are rolled there)."""
    if state.attacks:
        return False
    verb = action.split(" ", 1)[0]
    return verb not in UNSAFE_VERBS


# --- names -----------------------------------------------------------------------------------


def name(unit: str) -> str:
    """A unit's printed name ("Infernal Hounds")."""
    spec = UNITS.get(unit)
    return spec.name if spec else unit


def card_name(card: str) -> str:
    return "Art of War" if card == AOW else name(card)


def seat_name(state: BattlesState, seat: int) -> str:
    """A seat by its divinity ("Hades"), or "seat 2" before it has one."""
    army = state.armies[seat]
    return name(army[0]) if army else f"seat {seat}"


def areas_word(count: int) -> str:
    return f"{count} area{'s' if count != 1 else ''}"


def cards_word(count: int) -> str:
    return f"{count} Art of War card{'s' if count != 1 else ''}"


def have_aow(state: BattlesState, seat: int) -> str:
    """ "you have none" / "you have 1"."""
    count = state.hand[seat].count(AOW)
    return f"you have {count}" if count else "you have none"


# --- what the player is asked now ------------------------------------------------------------


def asked_now(state: BattlesState) -> str:
    """What the player to move is asked at this point, in words (public facts only)."""
    if state.attacks:
        return "an ATTACK is under way: answer its question first"
    act = state.activation
    active = name(act.unit) if act else ""
    return {
        RECRUIT_GOD: "the divinities are chosen first",
        RECRUIT_UNIT: "this is the recruitment",
        PASS_OR_GO: "first Continue your turn (or Pass)",
        ACTIVATE_FIRST: "activate a unit first (or End)",
        ACTIVATE_SECOND: "activate a unit first (or End)",
        MODE: f"first choose simple or complex actions for {active}",
        SWAP: "first swap with a friendly unit (Master of Stratagems) or Decline",
        ACTIONS: f"{active} is taking its simple actions",
        ATTACK_TARGET: f"first choose the target of {active}'s ATTACK",
        COMPLEX: f"{active} is taking its complex action",
        LEAD: "first choose troops to lead (Leader) or Decline",
        LEAD_FETCH: "first answer the Leader's question",
        LEAD_ACTIVATE: "first answer the Leader's question",
        RECALL: "your activations are over: Recall troops or End the turn",
        SEARCH_WINDOW: "the turn is over: Search for Card or Decline",
        BLOCK: f"first decide whether your Block holds {active}",
    }.get(state.step, "not now")


def not_now(state: BattlesState, what: str | None = None) -> str:
    """ "Zeus cannot be activated now: ..." or "Not now: ..." with what is asked instead."""
    asked = asked_now(state)
    return f"{what} now: {asked}" if what else f"Not now: {asked}"


# --- refusals --------------------------------------------------------------------------------


def refusal(state: BattlesState, action: str, player: int) -> str | None:
    """Why ``action`` (well formed, not legal) is refused to ``player``, the player to move,
    or None to leave it to the general explanation."""
    verb, _, arg = action.partition(" ")
    handler = HANDLERS.get(verb)
    if handler is None:
        return None
    return handler(state, arg, player)


def _unit_arg(state: BattlesState, arg: str) -> Piece | str | None:
    """The piece named by ``arg``, a reason when it is a unit nobody has, None when ``arg``
    names no unit at all."""
    if arg not in UNITS:
        return None
    piece = state.pieces.get(arg)
    if piece is None:
        return f"{name(arg)} is in no army in this game"
    return piece


def _area_arg(state: BattlesState, arg: str) -> int | None:
    if not arg.isdigit():
        return None
    area = int(arg)
    return area if area in state.board.areas else None


def _active(state: BattlesState) -> Piece | None:
    act = state.activation
    return state.pieces[act.unit] if act is not None else None


def _block_holders(state: BattlesState, piece: Piece, area: int) -> str:
    """The enemy units with Block in ``area`` (printed names)."""
    found = [
        p.id
        for p in stats.enemies_in(state, piece.owner, area)
        if stats.has_talent(state, p, "block")
    ]
    return " and ".join(name(u) for u in found) or "an enemy"


def _activate(state: BattlesState, arg: str, player: int) -> str | None:
    piece = _unit_arg(state, arg)
    if not isinstance(piece, Piece):
        return piece
    unit = name(piece.id)
    if piece.owner != player:
        return f"{unit} is in {seat_name(state, piece.owner)}'s army, not yours"
    step = state.step
    if state.attacks or step not in (ACTIVATE_FIRST, ACTIVATE_SECOND, LEAD_ACTIVATE):
        return not_now(state, f"{unit} cannot be activated")
    if step == LEAD_ACTIVATE:
        act = state.activation
        led = name(act.unit) if act else "the led troops"
        if act is None or act.unit != piece.id:
            return f"Only the led troops ({led}) may activate now"
    if piece.dead:
        extra = " (Recall brings troops back)" if UNITS[piece.id].kind == "troops" else ""
        return f"{unit} is dead{extra}"
    if piece.petrified_by >= 0:
        return f"{unit} is petrified until {seat_name(state, piece.petrified_by)}'s next turn"
    if piece.activated:
        return f"{unit} has already activated this turn"
    if step != LEAD_ACTIVATE and state.activations >= MAX_ACTIVATIONS:
        return f"You have already activated {MAX_ACTIVATIONS} units this turn"
    if piece.id not in state.hand[player]:
        return f"You hold no {unit} activation card"
    if step == ACTIVATE_SECOND:
        cost = state.second_activation_cost(player, piece.id)
        if "second" in state.bought[player]:
            return "Second Activation is already bought this turn"
        if not state.can_pay(player, cost):
            why = _tactician_reach(state, player)
            return f"A second activation costs {cards_word(cost)}{why}; {have_aow(state, player)}"
    if not piece.on_map and not piece.entered:
        return f"{unit} is off the map and your deployment zone is full"
    return None


def _tactician_reach(state: BattlesState, player: int) -> str:
    """Why Tactician leaves a unit to pay: it covers only units near Athena."""
    reach = TACTICIAN.reach
    if state.tactician(player) is None or reach is None:
        return ""
    where = "her area" if reach == 0 else f"{reach} area{'s' if reach != 1 else ''} of her"
    return f" ({TACTICIAN.name} frees only units within {where})"


def _attack(state: BattlesState, arg: str, player: int) -> str | None:
    target = _unit_arg(state, arg)
    if not isinstance(target, Piece):
        return target
    tname = name(target.id)
    top = state.attacks[-1] if state.attacks else None
    if top is not None and top.phase == RETARGET:
        attacker = state.pieces[top.attacker]
        if target.id in top.targets:
            return f"{tname} evaded this ATTACK: choose another target or Decline"
    elif state.step in (ACTIONS, ATTACK_TARGET) and top is None:
        active = _active(state)
        assert active is not None
        attacker = active
        act = state.activation
        assert act is not None
        if "attack" in act.done:
            return f"{name(attacker.id)} has already attacked this activation"
    else:
        return not_now(state, f"{tname} cannot be attacked")
    aname = name(attacker.id)
    if stats.friendly(state, attacker.owner, target.owner):
        mine = target.owner == player
        return f"{tname} is {'your own unit' if mine else 'a friendly unit'}"
    if target.area == OFF_MAP:
        return f"{tname} is not on the map"
    distance = state.board.distance[attacker.area][target.area]
    reach = stats.attack_range(state, attacker)
    if distance > reach:
        return f"{tname} is {areas_word(distance)} away; {aname}'s Range is {reach}"
    if distance == 0 and target.evaded and not UNITS[attacker.id].flying:
        return f"{tname} evaded: no Range 0 ATTACK by a non-flying unit can target it this turn"
    if not state.board.in_sight(attacker.area, target.area, stats.screening(state)):
        return f"{aname} has no line of sight to {tname} (trees or impenetrable areas between)"
    return None


def _move(state: BattlesState, arg: str, player: int, verb: str) -> str | None:
    area = _area_arg(state, arg)
    if area is None:
        return None
    piece = _active(state)
    step = state.step
    if state.attacks or piece is None or step not in (ACTIONS, COMPLEX):
        return not_now(state)
    aname = name(piece.id)
    if verb == "move" and step == COMPLEX:
        return f"MOVE is a simple action; {aname} is taking a complex action (RUN)"
    if verb == "run" and step == ACTIONS:
        return f"RUN is a complex action; {aname} is taking simple actions (MOVE)"
    if not piece.on_map:
        return f"{aname} is off the map: it can only ENTER"
    act = state.activation
    assert act is not None
    if verb == "move":
        if "move" in act.done:
            return f"{aname} has already moved this activation"
        if "attack" in act.done and not stats.has_talent(state, piece, "mobility"):
            return f"{aname} cannot MOVE after its ATTACK (only units with Mobility can)"
    if piece.area == area:
        return f"{aname} is already in area {area}"
    if stats.held_by_block(state, piece):
        holders = _block_holders(state, piece, piece.area)
        return f"{holders}'s Block holds {aname} in area {piece.area}"
    climbs = stats.has_talent(state, piece, "climb")
    if area in state.board.impenetrable and not (UNITS[piece.id].flying or climbs):
        return f"Area {area} is impenetrable: only flying units and units with Climb go there"
    if stats.is_full(state, area):
        return f"Area {area} is full ({state.board.capacity} units)"
    steps = UNITS[piece.id].movement + (RUN_BONUS if verb == "run" else 0)
    distance = state.board.distance[piece.area][area]
    if distance > steps:
        return f"Area {area} is {areas_word(distance)} away; {aname} {verb}s at most {steps}"
    return (
        f"{aname} cannot reach area {area} in {steps}: cliffs, impenetrable or full areas, or "
        "an enemy's area (entering one stops a move) are in the way"
    )


def _claim(state: BattlesState, arg: str, player: int) -> str | None:
    area = _area_arg(state, arg)
    if area is None:
        return None
    piece = _active(state)
    if state.attacks or piece is None or state.step != ACTIONS:
        return not_now(state)
    aname = name(piece.id)
    act = state.activation
    assert act is not None
    if UNITS[piece.id].divinity:
        return f"{aname} is a divinity: divinities ABSORB an omphalos (complex), never CLAIM"
    if "claim" in act.done:
        return f"{aname} has already claimed this activation"
    if piece.carrying:
        return f"{aname} already carries an omphalos"
    if state.omphalos[area] <= 0:
        return f"There is no omphalos in area {area}"
    if stats.has_talent(state, piece, "gem-collector"):
        if area not in state.board.surroundings(piece.area):
            return f"Area {area} is not in {aname}'s surroundings (Gem Collector)"
    elif area != piece.area:
        return f"{aname} can CLAIM only in its own area (area {piece.area})"
    holders = _block_holders(state, piece, area)
    return f"{holders}'s Block stops {aname} from claiming in area {area}"


def _enter(state: BattlesState, arg: str, player: int) -> str | None:
    area = _area_arg(state, arg)
    if area is None:
        return None
    piece = _active(state)
    if state.attacks or piece is None or state.step != COMPLEX:
        return not_now(state)
    aname = name(piece.id)
    if piece.on_map:
        return f"{aname} is already on the map"
    zone = state.game.scenario.zones[player]
    if area not in zone:
        listed = ", ".join(map(str, zone))
        return f"Area {area} is not in your deployment zone (areas {listed})"
    return f"Area {area} is full ({state.board.capacity} units)"


def _thunderbolt(state: BattlesState, arg: str, player: int) -> str | None:
    area = _area_arg(state, arg)
    if area is None:
        return None
    piece = _active(state)
    if state.attacks or piece is None or state.step != ACTIONS:
        return not_now(state)
    aname = name(piece.id)
    act = state.activation
    assert act is not None
    if not stats.has_power(state, piece, "thunderbolt"):
        return f"{aname} has no Thunderbolt"
    if "attack" in act.done:
        return f"{aname} has already attacked this activation"
    if "thunderbolt" in state.bought[player]:
        return "Thunderbolt is already invoked this turn"
    if not state.can_pay(player, 2):
        return f"Thunderbolt costs {cards_word(2)}; {have_aow(state, player)}"
    distance = state.board.distance[piece.area][area]
    reach = stats.attack_range(state, piece, power=True)
    if distance == 0:
        return "Thunderbolt strikes another area, 1 or more away"
    if distance > reach:
        return f"Area {area} is {areas_word(distance)} away; {aname}'s Range is {reach}"
    if not stats.enemies_in(state, player, area):
        return f"There is no enemy unit in area {area}"
    return f"{aname} has no line of sight to area {area} (trees or impenetrable areas between)"


def _throw(state: BattlesState, arg: str, player: int) -> str | None:
    area = _area_arg(state, arg)
    if area is None:
        return None
    top = state.attacks[-1] if state.attacks else None
    if top is None or top.phase != THROW:
        return not_now(state)
    target = state.pieces[top.targets[0]]
    tname = name(target.id)
    if area not in state.board.neighbours[target.area]:
        return f"Area {area} is not next to {tname}'s area (area {target.area})"
    climbs = stats.has_talent(state, target, "climb")
    if not stats.may_cross(state, target, target.area, area, climbs=climbs):
        return f"{tname} cannot be thrown into area {area}: a cliff or impenetrable ground"
    return f"Area {area} is full ({state.board.capacity} units)"


def _guard(state: BattlesState, arg: str, player: int) -> str | None:
    piece = _unit_arg(state, arg)
    if not isinstance(piece, Piece):
        return piece
    unit = name(piece.id)
    top = state.attacks[-1] if state.attacks else None
    if top is None or top.phase != GUARD:
        return not_now(state, f"{unit} cannot Guard")
    target = state.pieces[top.targets[0]]
    if piece.owner != player:
        return f"{unit} is not yours"
    if not stats.has_talent(state, piece, "guard"):
        return f"{unit} has no Guard talent"
    if piece.id == target.id:
        return f"{unit} is the unit attacked"
    if piece.area != target.area:
        return f"{unit} is not in {name(target.id)}'s area"
    return f"{unit} is petrified"


def _swap(state: BattlesState, arg: str, player: int) -> str | None:
    piece = _unit_arg(state, arg)
    if not isinstance(piece, Piece):
        return piece
    unit = name(piece.id)
    hero = _active(state)
    if state.attacks or hero is None or state.step != SWAP:
        return not_now(state, f"{unit} cannot be swapped with")
    if not stats.friendly(state, piece.owner, hero.owner):
        return f"{unit} is an enemy: Master of Stratagems swaps with a friendly unit"
    if not piece.on_map or state.board.distance[hero.area][piece.area] != 1:
        return f"{unit} is not in an area next to {name(hero.id)}"
    return f"{unit} and {name(hero.id)} cannot stand in each other's areas (impenetrable ground)"


def _lead(state: BattlesState, arg: str, player: int) -> str | None:
    piece = _unit_arg(state, arg)
    if not isinstance(piece, Piece):
        return piece
    unit = name(piece.id)
    leader = _active(state)
    if state.attacks or leader is None or state.step != LEAD:
        return not_now(state, f"{unit} cannot be led")
    if UNITS[piece.id].kind != "troops":
        return f"{unit} are not troops: Leader leads troops"
    if not stats.friendly(state, piece.owner, leader.owner):
        return f"{unit} are enemies"
    return f"{unit} are not in {name(leader.id)}'s area"


def _recall(state: BattlesState, arg: str, player: int) -> str | None:
    piece = _unit_arg(state, arg)
    if not isinstance(piece, Piece):
        return piece
    unit = name(piece.id)
    if piece.owner != player:
        return f"{unit} is in {seat_name(state, piece.owner)}'s army, not yours"
    if UNITS[piece.id].kind != "troops":
        return f"{unit} are not troops: only troops are recalled"
    if state.attacks or state.step != RECALL:
        return not_now(state, f"{unit} cannot be recalled")
    if not piece.entered:
        return f"{unit} have not entered the battlefield yet"
    if piece.activated:
        return f"{unit} activated this turn"
    if "recall" in state.bought[player]:
        return "Recall is already bought this turn"
    if not state.can_pay(player, 1):
        return f"Recall costs 1 Art of War card; {have_aow(state, player)}"
    god = state.divinity_of(player)
    if god is None or not god.on_map:
        return "Your divinity is not on the map"
    return f"{name(god.id)}'s area (area {god.area}) has no room for {unit}"


def _choose(state: BattlesState, arg: str, player: int) -> str | None:
    if arg not in UNITS:
        return None
    unit = name(arg)
    if not UNITS[arg].divinity:
        return f"{unit} is not a divinity"
    if state.step != RECRUIT_GOD:
        return not_now(state, f"{unit} cannot be chosen")
    owner = next((s for s, army in enumerate(state.armies) if arg in army), None)
    if owner is not None:
        return f"{unit} is already chosen by {'you' if owner == player else 'another player'}"
    return None


def _recruit(state: BattlesState, arg: str, player: int) -> str | None:
    if arg not in UNITS:
        return None
    spec = UNITS[arg]
    if spec.divinity:
        return f"{spec.name} is a divinity: divinities are chosen, not recruited"
    if state.step == RECRUIT_GOD:
        return "Choose your divinity first; units are recruited after"
    if state.step != RECRUIT_UNIT:
        return "The recruitment is over"
    owner = next((s for s, army in enumerate(state.armies) if arg in army), None)
    if owner is not None:
        return f"{spec.name} is already in {seat_name(state, owner)}'s army"
    rp = state.rp[player]
    if spec.cost > rp:
        return f"{spec.name} costs {spec.cost} RP; you have {rp}"
    return None


def _search(state: BattlesState, arg: str, player: int) -> str | None:
    if arg != AOW and arg not in UNITS:
        return None
    if "search" in state.bought[player]:
        return "Search for Card is already bought this turn"
    if not state.can_pay(player):
        return f"Search for Card costs 1 Art of War card; {have_aow(state, player)}"
    if arg not in state.deck[player]:
        return f"Your deck holds no {card_name(arg)} card"
    return None


def _draw_cards(state: BattlesState, arg: str, player: int) -> str | None:
    if player != state.turn_player:
        return "Draw Cards is bought in your own turn only"
    if "draw" in state.bought[player]:
        return "Draw Cards is already bought this turn"
    if not state.can_pay(player):
        return f"Draw Cards costs 1 Art of War card; {have_aow(state, player)}"
    return None


HANDLERS: dict[str, Callable[[BattlesState, str, int], str | None]] = {
    "activate": _activate,
    "attack": _attack,
    "move": lambda s, a, p: _move(s, a, p, "move"),
    "run": lambda s, a, p: _move(s, a, p, "run"),
    "claim": _claim,
    "enter": _enter,
    "thunderbolt": _thunderbolt,
    "throw": _throw,
    "guard": _guard,
    "swap": _swap,
    "lead": _lead,
    "recall": _recall,
    "choose": _choose,
    "recruit": _recruit,
    "search": _search,
    "draw-cards": _draw_cards,
}


# --- the full reveal -------------------------------------------------------------------------


def revealed(state: BattlesState) -> list[dict[str, Any]]:
    """What the views hid, per seat: the hand, then the deck (decks have no order here: each
    draw is a chance node over the deck's cards, MB-NOTATION-2)."""
    zones: list[dict[str, Any]] = []
    for seat in range(state.game.players):
        who = seat_name(state, seat)
        zones.append({"zone": f"{who}'s hand", "seat": seat, "items": _names(state.hand[seat])})
        zones.append(
            {
                "zone": f"{who}'s deck (in no order: each draw is at random)",
                "seat": seat,
                "items": _names(state.deck[seat]),
            }
        )
    return zones


def _names(cards: list[str]) -> list[str]:
    return sorted(card_name(c) for c in cards)
