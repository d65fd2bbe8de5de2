"""Arena of the Gods: why an action is refused, in words a player can act on.

The engine's own message knows nothing of this game's notation: it takes a card on the
Battleground (``spearman@0``, ``hoplite@1.2``, AG-NOTATION-2) for a malformed word, and for
a well-formed action it only lists the legal ones. :func:`explain` parses the game's
notation and says what is wrong: an unknown card, a card not in the hand or not on the
Battleground, not yours, a Unit that cannot attack yet, the wrong moment, the cost, the
target. It only reads the state, and says nothing the player to move could not know (its
own hand, what is on the table). The engine's words serve when no player is to move.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from theomachy.engine.narration import listing
from theomachy.games.arena_of_the_gods import abilities
from theomachy.games.arena_of_the_gods.cards import catalog, shown
from theomachy.games.arena_of_the_gods.facts import AFTERLIFE_PLAY
from theomachy.games.arena_of_the_gods.model import DISCARD, MAIN, REDIRECT, WINDOWS, Permanent

if TYPE_CHECKING:
    from theomachy.games.arena_of_the_gods.rules import ArenaState

CARDS = catalog()
# A word of an action: a slug, or a card on the Battleground, ``card@seat`` or
# ``card@seat.copy`` (AG-NOTATION-2).
_WORD = re.compile(r"[a-z0-9][a-z0-9_-]*(?:@[0-9]+(?:\.[0-9]+)?)?")
NOTATION = (
    "actions are lowercase words separated by single spaces, the verb first; a card on the "
    "Battleground is named <card>@<seat>, or <card>@<seat>.<copy> for a second copy "
    "(spearman@0, hoplite@1.2), a card in a hand or an Afterlife by its id (hoplite)"
)
# When each verb is used (AG-NOTATION-1), for an action whose verb does not fit the moment.
WHEN = {
    "attack": "Attack Declarations are made in your own main phase, outside battles",
    "play": "cards are played in your own main phase, Combat Evocations in battle windows",
    AFTERLIFE_PLAY: "cards are played from the Afterlife as from the hand, where a card lets you",
    "use": "abilities are used when their text says: the main phase, battle windows, or both",
    "end": "end closes your own main phase",
    "pass": "pass is a choice in battle windows",
    "hold": "hold and redirect answer an attack on your Unit",
    "redirect": "hold and redirect answer an attack on your Unit",
    "trigger": "trigger resolves your start- or end-of-turn abilities in the order you choose",
    "decline": "decline leaves an optional start- or end-of-turn ability unused",
    "discard": "discard and done are for the end of your own turn",
    "done": "discard and done are for the end of your own turn",
    "draw": "draw and roll are chance outcomes, not a player's choice",
    "roll": "draw and roll are chance outcomes, not a player's choice",
}


def explain(state: ArenaState, action: object, player: int | None, fallback: str) -> str:
    """Why ``action`` (which the engine refused with ``fallback``) is not legal now."""
    if not isinstance(action, str):
        return fallback
    words = action.split(" ")
    if not action or not all(_WORD.fullmatch(word) for word in words):
        return f"malformed action {shown(action)}: {NOTATION}"
    current = state.current_player
    if current < 0 or (player is not None and player != current):
        return fallback  # the engine's words: the game is over, not your turn, a chance outcome
    why = _reason(state, current, words[0], words[1:])
    refused = f"{action!r} is refused: "
    if why is not None:
        return refused + why
    legal = [a for a in state.legal_actions() if a.split(" ", 1)[0] == words[0]]
    return refused + "not legal now; legal actions of that verb: " + _sample(legal)


def _sample(actions: list[str], limit: int = 12) -> str:
    text = ", ".join(actions[:limit])
    return text + (f", ... ({len(actions)} in all)" if len(actions) > limit else "")


def _reason(state: ArenaState, seat: int, verb: str, args: list[str]) -> str | None:
    """What is wrong with ``verb args`` for ``seat``, the player to move; None when no
    particular reason is found."""
    legal = state.legal_actions()
    verbs = sorted({a.split(" ", 1)[0] for a in legal})
    may = f"player {seat} may now: {', '.join(verbs)}"
    if verb not in WHEN:
        return f"{verb!r} is not a verb of this game; {may}"
    check = _CHECKS.get(verb)
    if verb not in verbs:
        # In the main phase and in battle windows, where cards are played, abilities used and
        # attacks declared, the cards named say why (their time, cost, target, readiness),
        # though no action of that verb is legal.
        playing = verb in ("play", "use", AFTERLIFE_PLAY)
        step = state.step
        if (
            check is not None
            and not state.order
            and ((step == MAIN and (playing or verb == "attack")) or (step in WINDOWS and playing))
        ):
            why = check(state, seat, args)
            if why is not None:
                return why
        return f"{WHEN[verb]}; {may}"
    if check is None:  # a verb without arguments (end, pass, hold, redirect, done)
        return f"{verb} takes no argument" if args else None
    return check(state, seat, args)


# --- by verb -------------------------------------------------------------------------------------
def _on_battleground(state: ArenaState, token: str) -> tuple[Permanent | None, str | None]:
    """The card ``token`` names on the Battleground, or why there is none."""
    if "@" not in token:
        if token in CARDS:
            return (
                None,
                f"name a card on the Battleground as <card>@<seat> ({token}@0), not {token}",
            )
        return None, f"there is no card {token!r}"
    perm = state.find(token)
    if perm is None:
        card = token.split("@", 1)[0]
        if card not in CARDS:
            return None, f"there is no card {card!r}"
        return None, f"there is no {token} on the Battleground"
    return perm, None


def _kind(perm: Permanent) -> str:
    card = CARDS[perm.card]
    return "a Binding" if card.kind == "binding" else f"a {card.type.capitalize()}"


def _attack(state: ArenaState, seat: int, args: list[str]) -> str | None:
    """AG-ATTACK-1: your Unit, ready, against an opponent's Unit or God."""
    if len(args) != 2:
        return "an attack names two cards: attack <your Unit> <an opponent's Unit or God>"
    attacker, why = _on_battleground(state, args[0])
    if attacker is None:
        return why
    name = attacker.token
    if attacker.controller != seat:
        return f"{name} is not yours: attack with a Unit you control"
    if CARDS[attacker.card].type != "unit":
        return f"{name} is {_kind(attacker)}: only Units attack"
    if attacker.attacks_left <= 0 and attacker.ready:
        return f"{name} has made its Attack Declaration this turn"
    if not attacker.ready:
        return (
            f"{name} has not been under your control since the start of your turn: it may "
            "attack from your next turn"
        )
    target, why = _on_battleground(state, args[1])
    if target is None:
        return why
    if target.controller == seat:
        return f"{target.token} is your own: attack an opponent's Unit or God"
    if CARDS[target.card].type not in ("unit", "god"):
        return f"{target.token} is {_kind(target)}: only Units and Gods can be attacked"
    return None


def _cost_problem(state: ArenaState, seat: int, name: str, gold: int, favor: int) -> str | None:
    if state.gold[seat] >= gold and state.favor[seat] >= favor:
        return None
    return (
        f"{name} costs {gold} Gold and {favor} Favor; you have {state.gold[seat]} Gold and "
        f"{state.favor[seat]} Favor"
    )


def _target_problem(name: str, targets: list[str] | None, args: list[str]) -> str | None:
    """Whether the target words fit the targets ``name`` may choose (None: it chooses none)."""
    if targets is None:
        return f"{name} takes no target" if args else None
    if len(args) > 1:
        return f"{name} takes one target"
    if not args:
        if not targets:
            return None  # AG-RULING-NO-TARGET: played without one
        return f"{name} needs a target: {_sample(targets)}"
    if args[0] in targets:
        return None
    if not targets:
        return f"{name} has no target now"
    return f"{args[0]} is not a target {name} may choose now; its targets: {_sample(targets)}"


def _play(
    state: ArenaState, seat: int, args: list[str], from_afterlife: bool = False
) -> str | None:
    """AG-PLAY: a card you hold (or may play from your Afterlife), now, paid, its target."""
    if not args:
        return "name the card to play by its id (play hoplite)"
    card_id = args[0]
    if "@" in card_id:
        return (
            f"play names a card by its id ({card_id.split('@', 1)[0]}), not by a Battleground name"
        )
    card = CARDS.get(card_id)
    if card is None or card.type == "god":
        return f"there is no card {card_id!r} to play"
    if from_afterlife:
        if card_id not in state.afterlife[seat]:
            return f"there is no {card_id} in your Afterlife"
        allowed = [m for side, m in state.roster().afterlife_plays if side == seat]
        if not any(m[card_id] for m in allowed):
            return f"no card of yours lets you play {card_id} from your Afterlife"
    elif card_id not in state.hand[seat]:
        return f"you have no {card_id} in your hand"
    combat = card.kind == "combat"
    if state.step in WINDOWS and not combat:
        return f"{card_id} is played in your main phase; in a battle window only Combat Evocations"
    if state.step == MAIN and combat:
        return f"{card_id} is a Combat Evocation: it is played only in a battle window"
    gold, favor = abilities.cost(state, seat, card_id)
    why = _cost_problem(state, seat, card_id, gold, favor)
    if why is not None:
        return why
    targets = abilities.play_targets(state, seat, card, from_afterlife)
    if targets is not None and not targets and card.type == "evocation":
        return f"{card_id} has no target now"
    return _target_problem(card_id, targets, args[1:])


def _replay(state: ArenaState, seat: int, args: list[str]) -> str | None:
    return _play(state, seat, args, from_afterlife=True)


def _use(state: ArenaState, seat: int, args: list[str]) -> str | None:
    """AG-ABILITY-1: your card's activated ability, at its time, once a turn, paid."""
    if not args:
        return "name the card whose ability you use (use zeus@0)"
    perm, why = _on_battleground(state, args[0])
    if perm is None:
        return why
    name = perm.token
    ability = abilities.activated(CARDS[perm.card])
    if perm.controller != seat:
        return f"{name} is not yours"
    if ability is None or perm.bound_to >= 0:
        return f"{name} has no ability to use"
    if perm.used:
        return f"{name}'s ability was used this turn (once per turn)"
    in_window = state.step in WINDOWS
    if ability.phase == "main" and in_window:
        return f"{name}'s ability is used in your main phase, not in a battle"
    if ability.phase == "battle" and not in_window:
        return f"{name}'s ability is used in a battle window only"
    why = _cost_problem(state, seat, f"{name}'s ability", ability.gold, ability.favor)
    if why is not None:
        return why
    return _target_problem(name, abilities.use_targets(state, seat, ability), args[1:])


def _order(state: ArenaState, seat: int, args: list[str], declining: bool) -> str | None:
    """AG-TURN-1: one of your waiting start- or end-of-turn abilities."""
    if len(args) != 1:
        return "name the card whose waiting ability you mean (trigger temple)"
    waiting = state.order[0][1] if state.order else []
    mine = [t for t in waiting if t.card == args[0]]
    if not mine:
        cards = sorted({t.card for t in waiting})
        return f"no ability of {args[0]} waits for you; waiting: {', '.join(cards)}"
    if declining and not any(t.optional for t in mine):
        return f"{args[0]}'s ability is not optional: trigger it"
    return None


def _discard(state: ArenaState, seat: int, args: list[str]) -> str | None:
    if len(args) != 1:
        return "name one card of your hand by its id (discard hoplite)"
    if args[0] not in state.hand[seat]:
        return f"you have no {args[0]} in your hand"
    return None


_CHECKS: dict[str, Callable[[ArenaState, int, list[str]], str | None]] = {
    "attack": _attack,
    "play": _play,
    AFTERLIFE_PLAY: _replay,
    "use": _use,
    "trigger": lambda state, seat, args: _order(state, seat, args, False),
    "decline": lambda state, seat, args: _order(state, seat, args, True),
    "discard": _discard,
}


# --- in words for people (State._refusal: the table's "why not?") -------------------------------
def for_people(state: ArenaState, action: str, seat: int) -> str | None:
    """Why ``action`` (well formed, not legal) is refused to ``seat``, the player to move, in
    printed names: "Thor costs 5 Gold; you have 3 Gold", "Valkyrie has already attacked this
    turn". Read from what ``seat`` sees only (their hand, the table, their legal actions).
    None where there is nothing particular to say (the engine's general words serve)."""
    verb, *args = action.split(" ")
    check = _PEOPLE.get(verb)
    if check is None:
        return None
    moment = _moment(state, verb)
    if moment is not None:
        return moment
    try:
        return check(_Words(state, seat), args)
    except (KeyError, ValueError, IndexError):
        return None  # a name the game does not know: the general words


def _moment(state: ArenaState, verb: str) -> str | None:
    """What ``verb`` waits for when the moment is not its own, or None when it is."""
    step = state.step
    if state.order:
        if verb in ("trigger", "decline"):
            return None
        when = "end" if step == DISCARD else "start"
        return f"First resolve your waiting {when}-of-turn abilities: Trigger or Decline them"
    if verb in ("trigger", "decline"):
        return "No ability of yours is waiting to be resolved"
    if step == REDIRECT:
        return "Your Unit is attacked: first choose to Redirect the attack to your God or Hold"
    if step == DISCARD:
        if verb == "discard":
            return None
        return "Your turn is ending: you may only discard cards from your hand, then Done"
    if verb == "discard":
        return "Cards are discarded at the end of your turn"
    if verb == "attack" and step in WINDOWS:
        return "Attacks are declared in your main phase, not during a battle"
    return None


class _Words:
    """Names as the player to move reads them: printed names, their own cards as "your"."""

    def __init__(self, state: ArenaState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.gods = list(state.arena.gods)

    def god(self, seat: int) -> str:
        name = CARDS[self.gods[seat]].name
        return f"{name} (P{seat})" if self.gods.count(self.gods[seat]) > 1 else name

    def card(self, card_id: str) -> str:
        return CARDS[card_id].name

    def token(self, token: str) -> str:
        """A card on the Battleground: "your Valkyrie", "Odin's Hoplite #2", "Odin"."""
        if "@" not in token:
            return f"{self.card(token)} in your Afterlife"
        card_id, _, rest = token.partition("@")
        seat_text, _, copy = rest.partition(".")
        seat = int(seat_text)
        if CARDS[card_id].type == "god":
            return "your God" if seat == self.seat else self.god(seat)
        name = self.card(card_id) + (f" #{copy}" if copy else "")
        return f"your {name}" if seat == self.seat else f"{self.god(seat)}'s {name}"

    def cost(self, name: str, gold: int, favor: int) -> str | None:
        """Why ``name`` cannot be paid for, or None when it can (AG-PLAY-1)."""
        have_gold, have_favor = self.state.gold[self.seat], self.state.favor[self.seat]
        if have_gold >= gold and have_favor >= favor:
            return None
        parts = [(gold, "Gold", have_gold), (favor, "Favor", have_favor)]
        costs = " and ".join(f"{n} {what}" for n, what, _ in parts if n)
        has = " and ".join(f"{had} {what}" for n, what, had in parts if n)
        return f"{name} costs {costs}; you have {has}"

    def targets(self, name: str, targets: list[str] | None, args: list[str]) -> str | None:
        """Whether the chosen target fits ``targets`` (None: the card chooses none)."""
        if targets is None or (not args and not targets):
            return None
        if not targets:
            return f"{name} has no target now"
        if not args:
            return f"{name} needs a target: choose it after selecting the card"
        if args[0] in targets:
            return None
        some = choices([self.token(t) for t in targets[:4]])
        more = " and others" if len(targets) > 4 else ""
        chosen = _upper(self.token(args[0]))
        return f"{chosen} is not a target {name} may choose now: it may target {some}{more}"


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def choices(items: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return listing(items, "or")


def _people_play(words: _Words, args: list[str], from_afterlife: bool = False) -> str | None:
    state, seat = words.state, words.seat
    card_id = args[0]
    card = CARDS[card_id]
    name = card.name
    if from_afterlife:
        if card_id not in state.afterlife[seat]:
            return f"There is no {name} in your Afterlife"
        if not any(m[card_id] for side, m in state.roster().afterlife_plays if side == seat):
            return f"No card of yours lets you play {name} from your Afterlife"
    elif card_id not in state.hand[seat]:
        return f"You have no {name} in your hand"
    combat = card.kind == "combat"
    if state.step in WINDOWS and not combat:
        return f"{name} is played in your main phase: in a battle only Combat Evocations are"
    if state.step == MAIN and combat:
        return f"{name} is a Combat Evocation: it is played during a battle"
    why = words.cost(name, *abilities.cost(state, seat, card_id))
    if why is not None:
        return why
    targets = abilities.play_targets(state, seat, card, from_afterlife)
    if targets is not None and not targets and card.type == "evocation":
        return f"{name} has no target now"
    return words.targets(name, targets, args[1:])


def _people_attack(words: _Words, args: list[str]) -> str | None:
    """AG-ATTACK-1: your Unit, ready, against an opponent's Unit or God."""
    state, seat = words.state, words.seat
    attacker = state.find(args[0])
    if attacker is None:
        return f"There is no {words.token(args[0])} on the Battleground"
    name = words.token(attacker.token)
    card = CARDS[attacker.card]
    if attacker.controller != seat:
        return f"{_upper(name)} is not yours: attack with a Unit you control"
    if card.type != "unit":
        return f"{_upper(name)} is {_kind(attacker)}: only Units attack"
    if attacker.ready and attacker.attacks_left <= 0:
        return f"{card.name} has already attacked this turn"
    if not attacker.ready:
        return f"{card.name} came under your control this turn: it may attack from your next turn"
    target = state.find(args[1])
    if target is None:
        return f"There is no {words.token(args[1])} on the Battleground"
    aimed = _upper(words.token(target.token))
    if target.controller == seat:
        return f"You cannot attack {words.token(target.token)}: attack an opponent's Unit or God"
    if CARDS[target.card].type not in ("unit", "god"):
        return f"{aimed} is {_kind(target)}: only Units and Gods are attacked"
    return None


def _people_use(words: _Words, args: list[str]) -> str | None:
    """AG-ABILITY-1: your card's activated ability, at its time, once a turn, paid."""
    state, seat = words.state, words.seat
    perm = state.find(args[0])
    if perm is None:
        return f"There is no {words.token(args[0])} on the Battleground"
    card = CARDS[perm.card]
    ability = abilities.activated(card)
    name = card.blessing if card.type == "god" and card.blessing else card.name
    if perm.controller != seat:
        return f"{_upper(words.token(perm.token))} is not yours: use your own cards' abilities"
    if ability is None or perm.bound_to >= 0:
        return f"{card.name} has no ability to use"
    if perm.used:
        return f"{name} was used this turn: once per turn"
    in_window = state.step in WINDOWS
    if ability.phase == "main" and in_window:
        return f"{name} is used in your main phase, not during a battle"
    if ability.phase == "battle" and not in_window:
        return f"{name} is used during a battle you are in"
    why = words.cost(name, ability.gold, ability.favor)
    if why is not None:
        return why
    return words.targets(name, abilities.use_targets(state, seat, ability), args[1:])


def _people_order(words: _Words, args: list[str], declining: bool) -> str | None:
    """AG-TURN-1: one of your waiting start- or end-of-turn abilities."""
    waiting = words.state.order[0][1] if words.state.order else []
    mine = [t for t in waiting if t.card == args[0]]
    name = words.card(args[0])
    if not mine:
        return f"No ability of {name} is waiting"
    if declining and not any(t.optional for t in mine):
        return f"{name}'s ability must be resolved: it is not optional"
    return None


def _people_discard(words: _Words, args: list[str]) -> str | None:
    if args[0] not in words.state.hand[words.seat]:
        return f"You have no {words.card(args[0])} in your hand"
    return None


_PEOPLE: dict[str, Callable[[_Words, list[str]], str | None]] = {
    "attack": _people_attack,
    "play": _people_play,
    AFTERLIFE_PLAY: lambda words, args: _people_play(words, args, from_afterlife=True),
    "use": _people_use,
    "trigger": lambda words, args: _people_order(words, args, False),
    "decline": lambda words, args: _people_order(words, args, True),
    "discard": _people_discard,
}
