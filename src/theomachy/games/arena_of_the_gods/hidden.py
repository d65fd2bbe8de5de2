"""Arena of the Gods: what each player may know (``view``), sampling what they may not
(``determinize``), and the description for people.

Hidden: the cards in other players' hands (except those seen returning there from the
Afterlife) and every deck's order (decks are unordered: each draw is a chance node). A deck's
contents are not hidden information: the deck lists are set-up options every seat knows, and
everything that left a deck is on the table or in a hand (AG-RULING-HIDDEN).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from theomachy.engine.actions import masked_history
from theomachy.games.arena_of_the_gods import abilities
from theomachy.games.arena_of_the_gods.cards import catalog
from theomachy.games.arena_of_the_gods.model import OVER, WINDOWS, Permanent, permanent_token

if TYPE_CHECKING:
    from theomachy.games.arena_of_the_gods.rules import ArenaState

CARDS = catalog()


def permanent_view(state: ArenaState, perm: Permanent) -> dict[str, Any]:
    """One card on the Battleground as everyone sees it."""
    card = CARDS[perm.card]
    entry: dict[str, Any] = {
        "token": perm.token,
        "card": perm.card,
        "type": card.type,
        "controller": perm.controller,
    }
    if card.type == "unit":
        entry.update(
            power=abilities.power(state, perm),
            health=abilities.health(state, perm),
            damage=perm.damage,
            ready=perm.ready and perm.attacks_left > 0,
            shield=perm.shield,
        )
    if perm.bound_to >= 0:
        entry["bound_to"] = perm.bound_to
    if abilities.activated(card) is not None:
        entry["used"] = perm.used
    return entry


def view(state: ArenaState, player: int | None) -> dict[str, Any]:
    """What ``player`` (None: a spectator) may know."""
    n = state.game.players
    players = []
    for seat in range(n):
        entry: dict[str, Any] = {
            "seat": seat,
            "god": state.arena.gods[seat],
            "god_token": permanent_token(state.arena.gods[seat], seat),
            "life": state.life[seat],
            "gold": state.gold[seat],
            "favor": state.favor[seat],
            "hand_count": len(state.hand[seat]),
            "deck_count": len(state.deck[seat]),
            "afterlife": list(state.afterlife[seat]),
            "out": state.out[seat],
        }
        if seat == player:
            entry["hand"] = list(state.hand[seat])
        else:
            entry["known_hand"] = sorted(state.known[seat])
        players.append(entry)
    battle = state.battle
    battle_view = None
    if battle is not None:
        battle_view = {
            "attacker": _token(state, battle.attacker),
            "target": _token(state, battle.target),
            "attacking_seat": battle.attacking_seat,
            "defending_seat": battle.defending_seat,
            "window": state.step if state.step in WINDOWS else None,
            "to_act": battle.to_act if state.step in WINDOWS else None,
            "stack": [
                {
                    "seat": item.seat,
                    "card": item.card,
                    "source": _token(state, item.source) if item.source else None,
                    "target": item.target,
                }
                for item in battle.stack
            ],
        }
    current = state.current_player
    return {
        "game": state.game.id,
        "player": player,
        "current_player": current,
        "legal_actions": state.legal_actions() if player is not None and current == player else [],
        "terminal": state.step == OVER,
        "winners": state.winners(),
        "step": state.step,
        "turn": state.turn,
        "stalled_turns": state.stall,  # AG-RULING-STALL
        "turn_player": state.current,
        "rolls": [list(r) for r in state.rolls],
        "players": players,
        "battleground": [permanent_view(state, p) for p in state.perms.values()],
        "battle": battle_view,
        "pending": [
            {"seat": seat, "triggers": [t.card for t in triggers]} for seat, triggers in state.order
        ],
        "draws_pending": [seat for seat, _ in state.draws],
        "log": masked_log(state, player),
    }


def masked_log(state: ArenaState, player: int | None) -> list[str]:
    """The history as ``player`` saw it: another player's draws read ``draw ?``."""
    return masked_history(state.history(), state.drawers, player)


def _token(state: ArenaState, uid: int) -> str | None:
    perm = state.perms.get(uid)
    return perm.token if perm is not None else None


def determinize(state: ArenaState, player: int, rng: random.Random) -> ArenaState:
    """A full state consistent with ``view(player)``: each other player's unknown hand cards
    are dealt again from those cards and their deck, and the draws that brought them are
    rewritten in the history to match, so the state is still the replay of its history.

    Any such deal replays legally: cards never go back into a deck, so every later draw of
    a card the player revealed still finds it there."""
    copy = state.clone()
    assert isinstance(copy, type(state))
    history = copy._history
    for seat in range(state.game.players):
        drawn = copy.drawn[seat]
        if seat == player or not drawn:
            continue
        pool = sorted([card for card, _ in drawn] + copy.deck[seat])
        rng.shuffle(pool)
        dealt = pool[: len(drawn)]
        copy.drawn[seat] = [(card, index) for card, (_, index) in zip(dealt, drawn, strict=True)]
        for card, index in copy.drawn[seat]:
            history[index] = f"draw {card}"
        copy.hand[seat] = sorted(copy.known[seat] + dealt)
        copy.deck[seat] = sorted(pool[len(drawn) :])
    copy.invalidate_caches()
    return copy


def describe(state: ArenaState) -> str:
    """A readable description for people."""
    lines = [f"Arena of the Gods — turn {state.turn + 1}, player {state.current} ({state.step})"]
    for seat in range(state.game.players):
        mark = " (out)" if state.out[seat] else ""
        lines.append(
            f"P{seat} {state.arena.gods[seat]}{mark}: Life {state.life[seat]}, "
            f"Gold {state.gold[seat]}, Favor {state.favor[seat]}, hand {len(state.hand[seat])}, "
            f"deck {len(state.deck[seat])}, afterlife {len(state.afterlife[seat])}"
        )
        for perm in state.perms.values():
            if perm.controller != seat or CARDS[perm.card].type == "god":
                continue
            if CARDS[perm.card].type == "unit":
                lines.append(
                    f"    {perm.token} {abilities.power(state, perm)}/"
                    f"{abilities.health(state, perm)} damage {perm.damage}"
                    + (" ready" if perm.ready and perm.attacks_left else "")
                )
            else:
                bound = f" on P{perm.bound_to}" if perm.bound_to >= 0 else ""
                lines.append(f"    {perm.token}{bound}")
    if state.battle is not None:
        b = state.battle
        lines.append(
            f"Battle: {_token(state, b.attacker)} attacks {_token(state, b.target)}; "
            f"stack {[i.card for i in b.stack]}"
        )
    if state.step == OVER:
        lines.append(f"Winners: {state.winners()}")
    return "\n".join(lines)
