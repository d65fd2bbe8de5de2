"""Mythotopia's card texts: the Improvement cards played for their text (MT-IMP-*).

Action cards (one of the two actions): Alchemist, Diplomat, Marauders, Mercenary,
Philosopher. Free-action cards: Counsellor, Militia, Mystic, Providence. Each has an *offer*
(the action strings it makes legal now), a *play* (what happens when it is played) and, for
the texts that cost gold, a *finish* once the gold is paid. Build is the rules' building
(rules.py); Benefit and Reserve cards change other actions and live where those are (paying:
payment.py; strength: war.py; the turn: rules.py). The rulebook's texts are in RULES.md.
"""

from __future__ import annotations

from collections.abc import Set
from typing import TYPE_CHECKING

from theomachy.games.mythotopia import war
from theomachy.games.mythotopia.board import board

if TYPE_CHECKING:
    from theomachy.games.mythotopia.rules import MythotopiaState

# Card texts that open a payment (one gold) and finish when it is paid.
PAID_TEXTS = ("diplomat", "mercenary", "mystic")
MERCENARIES_PER_CARD = 2
PROVINCES = tuple(p.id for p in board().provinces)  # rules.PROVINCES (rules imports this module)
PHILOSOPHER_DRAWS = 3


def _gold_without(state: MythotopiaState, seat: int, card: str, owned: Set[str]) -> bool:
    """Whether ``seat`` holds ``card`` (``owned``: the cards in hand and Reserve) and could
    pay one gold without it."""
    return card in owned and state.affords(seat, (("gold", 1),), None, (card,))


def action_offers(state: MythotopiaState, seat: int, owned: Set[str]) -> list[str]:
    """``play`` actions of the Action cards ``seat`` may use now (``owned``: the cards in
    its hand and Reserve)."""
    acts = []
    if "alchemist" in owned:  # MT-IMP-ALCHEMIST
        for value in (1, 2):
            if value in state.held[seat] and state.stock.get(value + 1, 0) > 0:
                acts.append(f"play alchemist {value}")
    if _gold_without(state, seat, "diplomat", owned):  # MT-IMP-DIPLOMAT
        acts.extend(
            f"play diplomat {PROVINCES[p]}"
            for p in state.wars()
            if state.owner[p] == seat or state.armies[p][seat] or state.mercs[p][seat]
        )
    if "marauders" in owned:  # MT-IMP-MARAUDERS
        for p in state.army_sites():
            acts.extend(
                f"play marauders {PROVINCES[p]} {s}"
                for s in range(state.game.players)
                if state.armies[p][s]
            )
    if _gold_without(state, seat, "mercenary", owned):  # MT-IMP-MERCENARY
        most = min(MERCENARIES_PER_CARD, state.mercs_left)
        for p in state.army_sites():
            if state.armies[p][seat]:
                acts.extend(f"play mercenary {PROVINCES[p]} {n}" for n in range(1, most + 1))
    if "philosopher" in owned and state.imp_deck:  # MT-IMP-PHILOSOPHER
        acts.append("play philosopher")
    return acts


def free_offers(state: MythotopiaState, seat: int, owned: Set[str] | None = None) -> list[str]:
    """``play`` actions of the Free-action cards ``seat`` may use now (``owned``: the cards
    in its hand and Reserve, when known)."""
    acts = []
    hand = state.hand[seat]
    if owned is None:
        owned = {*hand, *state.reserve[seat]}
    if "counsellor" in owned and len(hand) - ("counsellor" in hand) >= 1:
        acts.append("play counsellor")  # MT-IMP-COUNSELLOR: needs a card to discard
    if "providence" in owned:
        acts.append("play providence")
    if _gold_without(state, seat, "mystic", owned):
        acts.extend(f"play mystic {c}" for c in state.discard[seat])
    if "militia" in owned and state.army_pool[seat] > 0:
        acts.append("play militia")
    return acts


def play_action(state: MythotopiaState, seat: int, card: str, args: list[str]) -> None:
    """An Action card, already out of hand or Reserve, played for its text."""
    from theomachy.games.mythotopia.rules import P_INDEX, Pending

    if card == "alchemist":
        # Trade a held counter for the next value from the unused stock.
        value = int(args[0])
        held = list(state.held[seat])
        held.remove(value)
        held.append(value + 1)
        state.held[seat] = tuple(sorted(held))
        state.stock[value] += 1
        state.stock[value + 1] -= 1
        war.move_token(state, seat, 1)  # the counter held is worth one more
        state._to_discard(seat, [card])
    elif card == "diplomat":
        state._open(seat, "diplomat", (args[0],), needs=state._needs(gold=1), played=(card,))
    elif card == "marauders":
        p, owner = P_INDEX[args[0]], int(args[1])
        # One Army counter; its side's Mercenaries stay (MT-RULING-INVOLVED).
        state.armies[p][owner] -= 1
        state.army_stock[owner] += 1
        state._to_discard(seat, [card])
    elif card == "mercenary":
        state._open(
            seat, "mercenary", (args[0], args[1]), needs=state._needs(gold=1), played=(card,)
        )
    elif card == "philosopher":
        # Drawn by chance nodes, then kept by a decision; Philosopher leaves the game.
        state.pending = Pending("keep", seat)
        state.queue.append(("impdraw", seat, PHILOSOPHER_DRAWS))
    else:
        raise AssertionError(f"{card!r} has no action text")


def play_free(
    state: MythotopiaState, seat: int, card: str, args: list[str], from_hand: bool = True
) -> None:
    """A Free-action card, already out of hand or Reserve (``from_hand``: which), played for
    its text."""
    from theomachy.games.mythotopia.rules import Pending

    if card == "militia":
        state.army_pool[seat] -= 1
        state.army_stock[seat] += 1
        state._to_discard(seat, [card])
    elif card == "providence":
        # Set aside until the draws are done, so a reshuffle cannot draw it.
        state.limbo[seat].append(card)
        state.queue_draw(seat, 2)
        state.queue.append(("flush", seat))
    elif card == "counsellor":
        # It draws a replacement for itself only when it left the hand ("including one for
        # this card"); from the Reserve, like the Reserve cards it discards, it gets none.
        source = () if from_hand else ("reserve",)
        state.pending = Pending("counsellor", seat, source, free=True, played=(card,))
    elif card == "mystic":
        state._open(
            seat, "mystic", (args[0],), needs=state._needs(gold=1), played=(card,), free=True
        )
    else:
        raise AssertionError(f"{card!r} has no free-action text")


def finish(state: MythotopiaState, kind: str, seat: int, args: tuple[str, ...]) -> None:
    """A paid card text once its gold is paid (``kind`` in :data:`PAID_TEXTS`)."""
    from theomachy.games.mythotopia.rules import P_INDEX

    if kind == "mercenary":
        p, n = P_INDEX[args[0]], int(args[1])
        state.mercs[p][seat] += n
        state.mercs_left -= n
    elif kind == "mystic":
        state.discard[seat].remove(args[0])
        state.hand[seat].append(args[0])
        state._note("in", seat, args[0])
        state.hand[seat].sort()
    elif kind == "diplomat":
        # Everyone's armies go home; the defender keeps the province, no counter is earned.
        war.clear_armies(state, P_INDEX[args[0]])
    else:
        raise AssertionError(f"{kind!r} is not a paid card text")
