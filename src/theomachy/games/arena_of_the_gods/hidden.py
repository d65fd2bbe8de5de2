"""Arena of the Gods: what each player may know (``view``), sampling what they may not
(``determinize``), and the description for people.

Hidden (AG-RULING-HIDDEN): the cards in other players' hands (except those seen returning
there from the Afterlife), every deck's order (decks are unordered: each draw is a chance
node, seen by its drawer only) and the list of a deck a player built. A starter deck's list
is published, so what is left of it is public; of a built deck the others know its God, that
it is a legal deck and every card of it they have seen, and ``determinize`` fills the rest
from the card pool.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from theomachy.engine.actions import masked_history
from theomachy.games.arena_of_the_gods import abilities
from theomachy.games.arena_of_the_gods.cards import DECK_SIZE, Deck, catalog
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
    result = {
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
    if state.draws and state.draws[0][1]:
        result["refill"] = _refill(state, player)
    return result


def _refill(state: ArenaState, player: int | None) -> dict[str, Any]:
    """The draw up to a full hand under way (AG-SETUP-5, AG-TURN-2; the view has the key only
    then), so that a refill is told as one line: whose it is and how many cards it has drawn
    (public: everyone saw them drawn), and to the drawer only which cards."""
    seat = state.draws[0][0]
    refill: dict[str, Any] = {"seat": seat, "drawn": state.filled}
    if player == seat:
        # A refill's draws are the latest actions: nothing happens between them.
        history = state.history()
        drawn = history[len(history) - state.filled :] if state.filled else []
        refill["cards"] = [action.partition(" ")[2] for action in drawn]
    return refill


def masked_log(state: ArenaState, player: int | None) -> list[str]:
    """The history as ``player`` saw it: another player's draws read ``draw ?``."""
    return masked_history(state.history(), state.drawers, player)


def _token(state: ArenaState, uid: int) -> str | None:
    perm = state.perms.get(uid)
    return perm.token if perm is not None else None


def determinize(state: ArenaState, player: int, rng: random.Random) -> ArenaState:
    """A full state consistent with ``view(player)``, from what ``player`` knows only.

    Each other player's unknown cards (the hand but for the cards seen returning to it, and
    the deck) are dealt again: for a starter deck from those same cards (the list is public);
    for a deck its player built, from a sample of the card pool that completes the cards
    seen into a legal deck (:func:`sample_unseen`), the sampled deck then written into the
    options of the copy's game, so that the copy is the replay of its history. The draws
    that brought the hidden hand cards are rewritten in the history to match. Any such deal
    replays legally: cards never go back into a deck, so every later draw of a card the
    player revealed still finds it there."""
    copy = state.clone()
    assert isinstance(copy, type(state))
    game = state.arena
    history = copy._history
    sampled: dict[int, Deck] = {}
    for seat in range(game.players):
        drawn = copy.drawn[seat]
        hidden = [card for card, _ in drawn] + copy.deck[seat]
        if seat == player or not hidden:
            continue
        if game.private_deck(seat):
            seen = Counter(game.decks[seat].card_list())
            seen.subtract(hidden)  # every card that left the deck and is not hidden now
            pool = sample_unseen(+seen, len(hidden), rng)
            cards = Counter(pool) + seen
            sampled[seat] = Deck(
                name="sampled", god=game.gods[seat], cards=dict(sorted(cards.items()))
            )
        elif not drawn:
            continue  # a starter deck with no hidden hand card: nothing to deal
        else:
            pool = sorted(hidden)
        rng.shuffle(pool)
        dealt = pool[: len(drawn)]
        copy.drawn[seat] = [(card, index) for card, (_, index) in zip(dealt, drawn, strict=True)]
        for card, index in copy.drawn[seat]:
            history[index] = f"draw {card}"
        copy.hand[seat] = sorted(copy.known[seat] + dealt)
        copy.deck[seat] = sorted(pool[len(drawn) :])
    if sampled:
        copy.game = game.with_decks(sampled)
    copy.invalidate_caches()
    return copy


def sample_unseen(seen: Counter[str], count: int, rng: random.Random) -> list[str]:
    """``count`` cards that complete ``seen`` (cards of one built deck that everyone has seen)
    into a legal deck, drawn from the card pool: each in turn uniformly among the cards
    whose copy limit (AG-DECK-4) still has room. The pool is all a stranger knows of the
    deck; its God's starting buildings are among the cards seen. Sorted."""
    assert sum(seen.values()) + count == DECK_SIZE
    have = Counter(seen)
    open_cards = [
        card.id
        for card in CARDS.values()
        if card.type != "god" and (card.copy_limit is None or have[card.id] < card.copy_limit)
    ]
    picked: list[str] = []
    for _ in range(count):
        card_id = rng.choice(open_cards)  # cards without a limit never leave: always a choice
        picked.append(card_id)
        have[card_id] += 1
        limit = CARDS[card_id].copy_limit
        if limit is not None and have[card_id] >= limit:
            open_cards.remove(card_id)
    return sorted(picked)


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


# --- the table's help: undo and the reveal at the end -------------------------------------------
def undo_safe(state: ArenaState, action: str) -> bool:
    """Whether the player to move may take ``action`` back within their turn (the table's
    undo; see RULES.md, "At the table"): every decision is made face up and resolves the
    same whatever the hidden cards are, so what can be taken back is what shows nobody a
    hidden card and keeps the turn: not ``done`` (the turn passes), nor an action after
    which a card is drawn (by anyone: an ability, the draw up to five) or the game ends.
    Whether a card will be drawn follows from public facts only (the cards' texts, hand and
    deck sizes), so the answer is the same from anything the player cannot see."""
    if action.partition(" ")[0] == "done" or action not in state.legal_actions():
        return False
    after = cast("ArenaState", state.clone())
    after.apply(action)
    return not after.draws and not after.is_terminal() and after.current == state.current


def revealed(state: ArenaState) -> list[dict[str, Any]]:
    """What the views hide, for the replay of a finished game: each seat's hand, what is
    left in each deck (no order: each draw is a chance node, AG-RULING-HIDDEN) and, for a
    deck its player built, its whole list; printed names, one per copy, by name."""
    names = [CARDS[god].name for god in state.arena.gods]

    def seat_name(seat: int) -> str:
        name = names[seat]
        return f"{name} (P{seat})" if names.count(name) > 1 else name

    def cards(ids: list[str]) -> list[str]:
        return sorted(CARDS[card].name for card in ids)

    zones: list[dict[str, Any]] = []
    for seat in range(state.game.players):
        who = seat_name(seat)
        zones.append({"zone": f"{who}'s hand", "seat": seat, "items": cards(state.hand[seat])})
        zones.append(
            {
                "zone": f"{who}'s deck (no order: each draw is random)",
                "seat": seat,
                "items": cards(state.deck[seat]),
            }
        )
        if state.arena.private_deck(seat):
            deck = state.arena.decks[seat]
            zones.append(
                {
                    "zone": f"{who}'s deck list (built)",
                    "seat": seat,
                    "items": cards(deck.card_list()),
                }
            )
    return zones
