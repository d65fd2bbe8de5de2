"""Mythic Battles: what each player may know (``view``), sampling what they may not
(``determinize``), and the description for people.

Hidden (MB-RULING-HIDDEN): the cards in other players' hands, except those everyone saw
arrive (the opening Art of War cards, cards fetched by Leader), and every deck's order
(decks are unordered: each draw is a chance node). A card taken by Search for Card is
hidden like a drawn one (MB-RULING-SEARCH). A deck's contents are not
hidden: the armies are public and every card that left a deck is in a hand or face up.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from theomachy.engine.actions import masked_history
from theomachy.games.mythic_battles import stats
from theomachy.games.mythic_battles.data import powers, units
from theomachy.games.mythic_battles.model import OVER

if TYPE_CHECKING:
    from theomachy.games.mythic_battles.rules import BattlesState

UNITS = units()
POWERS = powers()


def unit_view(state: BattlesState, unit: str) -> dict[str, Any]:
    """One recruited unit as everyone sees it."""
    piece = state.pieces[unit]
    spec = UNITS[unit]
    return {
        "id": unit,
        "name": spec.name,
        "kind": spec.kind,
        "owner": piece.owner,
        "area": piece.area,
        "vitality": piece.vitality,
        "max_vitality": spec.vitality,
        "offence": spec.offence,
        "defence": spec.defence,
        "range": spec.range,
        "movement": spec.movement,
        "flying": spec.flying,
        "talents": list(spec.talents),
        "power": spec.power,
        "power_name": POWERS[spec.power].name if spec.power else None,
        "power_text": POWERS[spec.power].text if spec.power else None,
        "entered": piece.entered,
        "dead": piece.dead,
        "carrying": piece.carrying,
        "activated": piece.activated,
        "petrified": piece.petrified_by >= 0,
        # the seat whose next turn start ends the petrification (MB-TURN-A1), or None
        "petrified_until": piece.petrified_by if piece.petrified_by >= 0 else None,
        "lions_hide_used": piece.hide_used,
        "evaded": piece.evaded,
        "complete": stats.complete(piece),
    }


def view(state: BattlesState, player: int | None) -> dict[str, Any]:
    """What ``player`` (None: a spectator) may know.

    ``map.omphalos``, ``map.ruins`` and ``map.trees`` are counts per area in area order:
    entry ``k`` is area ``k + 1`` (areas are numbered from 1, MB-MAP-1)."""
    game = state.game
    n = game.players
    data = game.board.data
    players = []
    for seat in range(n):
        entry: dict[str, Any] = {
            "seat": seat,
            "side": state.sides[seat],
            "divinity": state.armies[seat][0] if state.armies[seat] else None,
            "army": list(state.armies[seat]),
            "rp": state.rp[seat],
            "omphalos_cards": state.omphalos_cards[seat],
            "absorbed": state.absorbed[seat],
            "absorbed_cards": state.absorbed_cards[seat],
            "hand_count": len(state.hand[seat]),
            "deck_count": len(state.deck[seat]),
            "discard": list(state.discard[seat]),
            "bought": list(state.bought[seat]),
            "out": state.out[seat],
        }
        if seat == player:
            entry["hand"] = list(state.hand[seat])
        else:
            entry["known_hand"] = sorted(state.known[seat])
        players.append(entry)
    act = state.activation
    current = state.current_player
    return {
        "game": game.id,
        "player": player,
        "current_player": current,
        "legal_actions": state.legal_actions() if player is not None and current == player else [],
        "terminal": state.step == OVER,
        "winners": state.winners(),
        "scenario": game.scenario.id,
        "omphalos_to_win": game.scenario.omphalos_to_win,
        "omphalos_cards_counted": game.scenario.omphalos_cards_counted,
        "first_kill_wins": game.scenario.first_kill_wins,
        "round": state.round,
        "max_rounds": game.options["max_rounds"],
        "turn_player": state.turn_player,
        "step": state.step,
        # The active player's rulings on equal rules in conflict, for the game (MB-HIER-2).
        "priorities": dict(state.priorities),
        "activations": state.activations,
        "map": {
            "id": data.id,
            "name": data.name,
            "columns": data.columns,
            "rows": data.rows,
            "capacity": data.capacity,
            "cliffs": [list(pair) for pair in data.cliffs],
            "impenetrable": list(data.impenetrable),
            "zones": [list(z) for z in game.scenario.zones[:n]],
            "omphalos": list(state.omphalos[1:]),
            "ruins": list(state.ruins[1:]),
            "trees": list(state.trees[1:]),
        },
        "players": players,
        "units": [unit_view(state, u) for u in state.pieces],
        "activation": None
        if act is None
        else {"unit": act.unit, "mode": act.mode, "done": list(act.done)},
        "attacks": [
            {
                "attacker": a.attacker,
                "targets": list(a.targets),
                "distance": a.distance,
                "phase": a.phase,
                "area_attack": a.area_attack,
                "retaliation": a.retaliation,
                "first_assault": list(a.dice_first),
                "second_assault": list(a.dice_second),
                "rerolled": list(a.rerolled),  # indices into first_assault
                "rerolls_left": a.rerolls_left,
                "dice_to_roll": a.to_roll,
            }
            for a in state.attacks
        ],
        "draws_pending": list(state.draws),
        "log": masked_log(state, player),
    }


def masked_log(state: BattlesState, player: int | None) -> list[str]:
    """The history as ``player`` saw it: another player's draws and searches read ``draw ?``
    and ``search ?``."""
    return masked_history(state.history(), state.drawers, player)


def determinize(state: BattlesState, player: int, rng: random.Random) -> BattlesState:
    """A full state consistent with ``view(player)``: each other player's unknown hand
    cards drawn or searched for since their deck was last rebuilt are dealt again from those
    cards and the deck, and the draws and searches that brought them are rewritten in the
    history to match, so the state
    is still the replay of its history. (Unknown cards drawn before the last rebuild are
    deducible: that deck was emptied, so they are exactly its cards not seen elsewhere.)"""
    copy = state.clone()
    assert isinstance(copy, type(state))
    history = copy._history
    for seat in range(state.game.players):
        epoch = copy.epoch[seat]
        current = [entry for entry in copy.drawn[seat] if entry[2] == epoch]
        if seat == player or not current:
            continue
        older = [entry for entry in copy.drawn[seat] if entry[2] != epoch]
        unknown_now = [card for card, _, _ in current]
        pool = sorted(unknown_now + copy.deck[seat])
        rng.shuffle(pool)
        dealt = pool[: len(current)]
        fresh = [(card, index, epoch) for card, (_, index, _) in zip(dealt, current, strict=True)]
        copy.drawn[seat] = older + fresh
        for card, index, _ in fresh:
            verb = history[index].split(" ", 1)[0]  # a draw or a search
            history[index] = f"{verb} {card}"
        hand = list(copy.hand[seat])
        for card in unknown_now:
            hand.remove(card)
        copy.hand[seat] = sorted(hand + dealt)
        copy.deck[seat] = sorted(pool[len(current) :])
    copy.invalidate_caches()
    return copy


def describe(state: BattlesState) -> str:
    """A readable description for people."""
    game = state.game
    lines = [
        f"Mythic Battles — {game.scenario.name}, round {state.round}, "
        f"player {state.turn_player} to play ({state.step})"
    ]
    for seat in range(game.players):
        mark = " (out)" if state.out[seat] else ""
        lines.append(
            f"P{seat} side {state.sides[seat]}{mark}: absorbed {state.absorbed[seat]}, "
            f"hand {len(state.hand[seat])}, deck {len(state.deck[seat])}, "
            f"omphalos cards {state.omphalos_cards[seat]}"
        )
        for unit in state.armies[seat]:
            piece = state.pieces[unit]
            where = "dead" if piece.dead else (f"area {piece.area}" if piece.on_map else "off map")
            extra = " carrying an omphalos" if piece.carrying else ""
            lines.append(f"    {unit}: {where}, Vitality {piece.vitality}{extra}")
    ground = [f"{a}x{c}" if c > 1 else str(a) for a, c in enumerate(state.omphalos) if c]
    lines.append(f"Omphalos on the ground: {', '.join(ground) or 'none'}")
    if state.attacks:
        a = state.attacks[-1]
        lines.append(
            f"ATTACK: {a.attacker} on {', '.join(a.targets)} ({a.phase}); "
            f"first assault {a.dice_first}, second {a.dice_second}"
        )
    if state.step == OVER:
        lines.append(f"Winners: {state.winners()}")
    return "\n".join(lines)
