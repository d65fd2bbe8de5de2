"""Help for the player at the table: which moves may be taken back (undo), why a move is
refused, in words, and everything hidden, for the replay of a finished game.

The undo ruling (RULES.md, "At the table"): a decision may be taken back within the turn
unless it shows its player something he could not know before: a card drawn (the refill,
Providence, Counsellor's replacements, Philosopher's three), another player's Province card
taken from his hand or draw deck by a capture, the set-up choice that reveals every secret
choice at once; the end of the turn and the end of the game are never taken back. Paying,
placing, moving, building, drafting from the display, the Reserve, discards and removals
show nothing new: they may be.

Refusals are built from what the player to move sees (the board, his own hand and Reserve,
the public piles): never from another player's hand or deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from theomachy.games.mythotopia import war
from theomachy.games.mythotopia.board import board
from theomachy.games.mythotopia.cards import catalog
from theomachy.games.mythotopia.narration import COLOURS, amount, card, listed, place
from theomachy.games.mythotopia.payment import CONVERTERS, base_value, crossing, pay_value

if TYPE_CHECKING:
    from theomachy.games.mythotopia.rules import MythotopiaState

BOARD = board()
P_INDEX = BOARD.province_index
S_INDEX = BOARD.sea_index
MAIN_VERBS = frozenset(
    (
        "invade", "place-armies", "remove-armies", "place-ships", "remove-ships", "end-war",
        "buy", "draft", "reserve", "discard", "remove", "patronage", "pass", "end-game",
    )
)  # fmt: skip
FREE_VERBS = frozenset(("warehouse", "move"))
FREE_CARDS = frozenset(("counsellor", "providence", "mystic", "militia"))
ACTION_CARDS = frozenset(("alchemist", "diplomat", "marauders", "mercenary", "philosopher"))
BUILD_CARDS = ("build", "start-build")
DRAWS = frozenset(("providence", "philosopher"))  # card texts whose play draws at once
MIN_DECK = 7
HERO = "hero"
ONE_WAY = "in one road move a province sends or receives armies, not both."

PENDING_WORDS = {
    "invade": "paying for the invasion of {0}",
    "place-armies": "paying for the armies placed in {0}",
    "place-ships": "paying for the ships placed in {0}",
    "buy": "paying for the armies and ships bought",
    "draft": "paying for the draft of {0}",
    "build": "paying for the building",
    "patronage": "paying for Patronage",
    "mercenary": "paying for the Mercenaries",
    "mystic": "paying for Mystic",
    "diplomat": "paying for Diplomat",
    "gilded": "deciding on the Gilded City counter (pay 1 gold, or decline)",
    "inn": "deciding on the Roadside Inns counter (pay 1 gold, or decline)",
    "reserve": "putting cards into your Reserve (a card, or Done)",
    "discard": "discarding (a card, or Done)",
    "remove": "removing cards from your deck (a card, or Done)",
    "counsellor": "discarding for Counsellor (a card, or Done)",
    "move": "moving armies by road (a transfer, or Done)",
    "keep": "choosing the card to keep from Philosopher's draw",
}


def name(token: str) -> str:
    """A card, province or sea by its printed name (``Market``, ``Palmain``)."""
    found = catalog().cards.get(token)
    if found is not None:
        return found.name
    return place(token)


def cap(text: str) -> str:
    """``text`` with a capital first letter (``the Palmain card`` starting a sentence)."""
    return text[:1].upper() + text[1:]


def _heading(token: str) -> str:
    found = catalog().cards.get(token)
    return found.heading if found is not None else "none"


# --- undo ---------------------------------------------------------------------------------------
def undo_safe(state: MythotopiaState, action: str) -> bool:
    """Whether the player to move may take ``action`` back (module docstring); asked on the
    state before ``action``, from what that player sees."""
    from theomachy.games.mythotopia.rules import CITADEL_CHOICE, REJECT

    parts = action.split(" ")
    verb = parts[0]
    seat = state.current_player
    if verb in ("end-turn", "end-game"):
        return False
    if state.phase in (REJECT, CITADEL_CHOICE) and verb in ("reject", "citadel"):
        # The choice that completes the secret round reveals every choice at once.
        return state._private_owner() is not None
    if verb == "play" and len(parts) > 1 and parts[1] in DRAWS:
        return False
    pending = state.pending
    if pending is not None and pending.kind == "counsellor":
        if verb == "done":
            return False  # Counsellor's replacements are drawn
        held = len(state.hand[seat]) + len(state.reserve[seat]) + len(state.reserve_new[seat])
        if verb == "discard" and held <= 1:
            return False  # the last card: the discards end and the draws come
    if verb == "end-war" and len(parts) > 1 and parts[1] in P_INDEX:
        return not _capture_shows_a_card(state, seat, P_INDEX[parts[1]], len(parts) > 2)
    return True


def _capture_shows_a_card(state: MythotopiaState, seat: int, p: int, hero: bool) -> bool:
    """Whether ending the war in ``p`` takes another player's Province card from where
    ``seat`` cannot see it (his hand or draw deck): where it was then shows."""
    defender = state.owner[p]
    if defender == war.NEUTRAL or defender == seat:
        return False
    if hero:
        winner = seat
    else:
        top = war.leaders(state, p)
        winner = top[0] if len(top) == 1 else defender
    if winner == defender:
        return False
    token = BOARD.provinces[p].id
    public = (
        state.discard[defender],
        state.reserve[defender],
        state.reserve_new[defender],
        state.limbo[defender],
        state.supply,
    )
    return not any(token in pile for pile in public)


# --- the hidden parts, for the replay of a finished game ------------------------------------
def revealed(state: MythotopiaState) -> list[dict[str, Any]]:
    """Every hand, draw deck (no order: drawn at random), the Improvement deck,
    Philosopher's draw and the secret set-up choices not yet revealed, by printed name."""
    from theomachy.games.mythotopia.rules import CITADEL_CHOICE

    zones: list[dict[str, Any]] = []
    for seat in range(state.game.players):
        who = COLOURS[seat]
        zones.append(
            {"zone": f"{who}'s hand", "seat": seat, "items": [name(c) for c in state.hand[seat]]}
        )
        zones.append(
            {
                "zone": f"{who}'s draw deck (no order: cards are drawn at random)",
                "seat": seat,
                "items": [name(c) for c in sorted(state.deck[seat])],
            }
        )
        if state.choices[seat]:
            what = "Citadel choice" if state.phase == CITADEL_CHOICE else "Province cards set aside"
            zones.append(
                {
                    "zone": f"{who}'s secret {what}",
                    "seat": seat,
                    "items": [name(c) for c in state.choices[seat]],
                }
            )
    if state.phil:
        owner = state.pending.seat if state.pending is not None else None
        zones.append(
            {
                "zone": "Philosopher's draw",
                "seat": owner,
                "items": [name(c) for c in state.phil],
            }
        )
    zones.append(
        {
            "zone": "Improvement deck (no order: cards are drawn at random)",
            "seat": None,
            "items": [name(c) for c in sorted(state.imp_deck)],
        }
    )
    return zones


# --- refusals -----------------------------------------------------------------------------------
def refusal(state: MythotopiaState, action: str, seat: int) -> str | None:
    """Why ``action`` (well formed, not legal) is refused to ``seat``, the player to move, in
    words from what he sees; None to leave it to the general message."""
    from theomachy.games.mythotopia.rules import CITADEL_CHOICE, PLAY, REJECT

    parts = action.split(" ")
    verb, args = parts[0], parts[1:]
    ways = sum(1 for legal in state.legal_actions() if legal.startswith(action + " "))
    if ways:  # a move begun (``invade blore``): it is finished in one of these ways
        return f"Choose how: {ways} {'way is' if ways == 1 else 'ways are'} open (see the moves)."
    if state.phase in (REJECT, CITADEL_CHOICE):
        return _setup_refusal(state, seat, verb, args)
    if state.phase != PLAY:
        return None
    pending = state.pending
    if state.queue and state.queue[0][0] == "claim" and (pending is None or not pending.optional):
        if verb != "claim":
            return "First choose where your VP counter comes from: the VP card or the stock."
        return None
    if pending is not None:
        return _pending_refusal(state, seat, pending, verb, args)
    return _turn_refusal(state, seat, verb, args)


def _setup_refusal(state: MythotopiaState, seat: int, verb: str, args: list[str]) -> str | None:
    from theomachy.games.mythotopia.rules import REJECT

    step = "reject" if state.phase == REJECT else "citadel"
    if verb != step:
        if step == "reject":
            return "Set-up: first set aside two of your Province cards (click your provinces)."
        return "Set-up: first choose the province for your Citadel (click one of yours)."
    if not args or args[0] not in P_INDEX:
        return None
    where = place(args[0])
    if state.owner[P_INDEX[args[0]]] != seat:
        return f"{where} is not one of your provinces."
    if step == "reject" and args[0] in state.choices[seat]:
        return f"You have already set {where} aside."
    return None


def _pending_refusal(
    state: MythotopiaState, seat: int, pending: Any, verb: str, args: list[str]
) -> str | None:
    kind = pending.kind
    words = PENDING_WORDS.get(kind, kind).format(*(name(a) for a in pending.args), "", "")
    if kind == "buy" and len(pending.args) == 2:
        counts = zip(("army", "ship"), map(int, pending.args), strict=True)
        words = f"paying for {listed([amount(u, n) for u, n in counts if n])}"
    if kind == "build" and pending.args:
        words = f"paying for the {pending.args[0]} in {place(pending.args[1])}"
    if kind in ("reserve", "discard", "remove", "counsellor") and verb in (kind, "discard"):
        return _card_choice_refusal(state, seat, kind, args)
    if kind == "move" and verb == "move":
        return _move_refusal(state, seat, args, pending.args)
    if verb == "pay" and kind not in ("reserve", "discard", "remove", "counsellor", "move", "keep"):
        return _pay_refusal(state, seat, pending, args)
    if verb == "done" and pending.open_need is not None and not pending.open_paid:
        return f"Pay at least one {pending.open_need} symbol first."
    if verb == "done" and pending.needs:
        return f"Still to pay: {listed([amount(n, a) for n, a in pending.needs])}."
    if verb == "keep" and kind == "keep":
        return f"{name(args[0]) if args else 'That card'} is not one of the cards drawn."
    return f"First finish {words}."


def _card_choice_refusal(
    state: MythotopiaState, seat: int, kind: str, args: list[str]
) -> str | None:
    reserve = bool(args) and args[0] == "reserve"
    token = args[-1] if args else ""
    if not token or token == "reserve":
        return None
    pile = state.reserve[seat] + state.reserve_new[seat] if reserve else state.hand[seat]
    if token not in pile:
        return f"{cap(card(token))} is not in your {'Reserve' if reserve else 'hand'}."
    if kind == "reserve":
        if reserve:
            return f"{cap(card(token))} is already in your Reserve."
        return _reserve_full(state, seat)
    if kind == "remove":
        return _deck_too_small(state, seat)
    return None


def _reserve_full(state: MythotopiaState, seat: int) -> str | None:
    limit = state.reserve_limit(seat)
    held = len(state.reserve[seat]) + len(state.reserve_new[seat])
    if held >= limit:
        return (
            f"Your Reserve is full ({held} of {limit}): 2, plus 1 for each City or Citadel, "
            "plus 2 with Warehouse."
        )
    return None


def _deck_too_small(state: MythotopiaState, seat: int) -> str | None:
    if state.deck_size(seat) <= MIN_DECK:
        return f"Your deck may not fall below {MIN_DECK} cards (it has {state.deck_size(seat)})."
    return None


def _pay_refusal(state: MythotopiaState, seat: int, pending: Any, args: list[str]) -> str | None:
    reserve = bool(args) and args[0] == "reserve"
    rest = args[1:] if reserve else args
    if not rest:
        return None
    token = rest[0]
    pile = state.reserve[seat] if reserve else state.hand[seat]
    if token not in pile:
        where = "Reserve" if reserve else "hand"
        if not reserve and token in state.reserve[seat]:
            return f"{cap(card(token))} is in your Reserve, not your hand."
        return f"{cap(card(token))} is not in your {where}."
    if reserve and token in pending.locked:
        return f"{name(token)}'s text is used in this action: it cannot pay for it as well."
    owed = [n for n, a in pending.needs if a > 0]
    open_need = pending.open_need
    open_more = open_need is not None and pending.open_paid < pending.open_cap
    if open_more:
        owed.append(open_need)
    if not owed:
        if open_need is not None:
            return f"No {open_need} symbol more can be paid (no counter left in stock): say Done."
        return None
    wanted = [amount(n, a) for n, a in pending.needs if a > 0]
    if open_more:
        wanted.append(f"{open_need} symbols")
    still = listed(wanted)
    converters = state.converters(seat)
    if len(rest) > 1:
        use = rest[1]
        modifier = rest[2] if len(rest) > 2 and rest[2] != "water-mill" else None
        doubled = rest[-1] == "water-mill" and len(rest) > 2
        if use not in owed:
            return f"No {use} is needed: still to pay {still}."
        if modifier in CONVERTERS and modifier not in converters:
            return f"{name(modifier)} is not in your Reserve, or was used this turn."
        if modifier == "merchant" and "merchant" not in state.hand[seat] + state.reserve[seat]:
            return "You hold no Merchant."
        if doubled and "water-mill" not in state.hand[seat] + state.reserve[seat]:
            return "You hold no Water Mill."
        if not pay_value(token, use, modifier, doubled):
            return f"{name(token)} gives no {use} that way."
        if (
            use == open_need
            and pending.open_cap - pending.open_paid < pay_value(token, use, modifier, doubled)
            and pending.open_cap != 1
        ):
            return (
                f"{name(token)} gives more {use} symbols than you have counters left in stock "
                f"({pending.open_cap - pending.open_paid})."
            )
        return f"With {name(token)} paid so, the rest ({still}) could not be paid with your cards."
    gives = [u for u in owed if base_value(token, u) or (u == "cross" and crossing(token))]
    if not gives and not converters and "merchant" not in state.hand[seat] + state.reserve[seat]:
        return f"{name(token)} gives none of what is still to pay: {still}."
    return f"{name(token)} cannot pay now: the rest ({still}) could then not be paid."


def _turn_refusal(state: MythotopiaState, seat: int, verb: str, args: list[str]) -> str | None:
    actions = state.actions
    if verb == "end-turn":
        return f"Take your two actions first ({min(actions, 2)} of 2 taken)."
    if verb in ("pay", "done", "decline", "keep", "claim"):
        return "There is nothing to pay for or choose now: choose an action."
    card_action = verb == "play" and bool(args) and args[0] not in FREE_CARDS
    if (verb in MAIN_VERBS or card_action) and actions >= 2:
        return "You have taken your two actions this turn: take a free action, or end the turn."
    if verb in ("end-war", "end-game"):
        what = "End a war" if verb == "end-war" else "End the game"
        if actions > 0 or "free" in state.flags:
            return f"{what} must be the first action of your turn, before any free action."
        return (
            _end_war_refusal(state, seat, args)
            if verb == "end-war"
            else _end_game_refusal(state, seat)
        )
    handler = _TURN.get(verb)
    return handler(state, seat, args) if handler is not None else None


def _end_war_refusal(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if not args or args[0] not in P_INDEX:
        return None
    p = P_INDEX[args[0]]
    where = place(args[0])
    if not war.at_war(state, p):
        return f"{where} is not at war."
    if not war.involved(state, p, seat):
        return f"You are not involved in the war in {where}."
    sides = war.sides(state, p)
    scores = " vs ".join(
        f"{'neutral' if s == war.NEUTRAL else COLOURS[s]} {v}"
        for s, v in sorted(sides.items(), key=lambda kv: (-kv[1], kv[0]))
    )
    top = war.leaders(state, p)
    hero = len(args) > 1
    if hero and HERO not in state.hand[seat] + state.reserve[seat]:
        return "You hold no Hero."
    if len(top) > 1:
        if hero:
            return f"Hero breaks only a tie you are in: {scores} in {where}."
        return f"No clear winner in {where} ({scores}): a war ends only with one highest strength."
    if hero:
        return f"There is no tie to break in {where} ({scores})."
    return None


def _end_game_refusal(state: MythotopiaState, seat: int) -> str:
    from theomachy.games.mythotopia.rules import EMPTY_CARDS_TO_END

    empty = state.empty_vp_cards()
    if empty < EMPTY_CARDS_TO_END:
        return (
            f"At least {EMPTY_CARDS_TO_END} VP cards must be empty to end the game; "
            f"{empty} {'is' if empty == 1 else 'are'}."
        )
    trial = state._copy()
    trial._final_resolution()
    mine = war.score(trial, seat)
    best = max(war.score(trial, s) for s in range(state.game.players) if s != seat)
    return (
        "You may end the game only with the most VP once every war is resolved: "
        f"you would have {mine}, another player {best}."
    )


def _holds(state: MythotopiaState, seat: int, token: str) -> bool:
    return token in state.hand[seat] or token in state.reserve[seat]


def _no_armies(state: MythotopiaState, seat: int) -> str | None:
    if state.army_stock[seat] <= 0:
        return "You have no Army counters in stock: buy some, or take armies off the board."
    return None


def _army_cards(state: MythotopiaState, seat: int) -> str | None:
    if not state.affords(seat, (), "army"):
        return "You have no card that gives an army symbol."
    return None


def _invade_refusal(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if not args or args[0] not in P_INDEX:
        return None
    target = P_INDEX[args[0]]
    where = place(args[0])
    if state.owner[target] == seat:
        return f"{where} is yours: you invade only neutral provinces and other players'."
    reason = _no_armies(state, seat)
    if reason:
        return reason
    if not state.reserve_army_allows(seat, target):
        return (
            f"Reserve Army: invading {where} would put its holder in a second conflict, or "
            "you are in a conflict with its holder."
        )
    reason = _army_cards(state, seat)
    if reason:
        return reason
    if len(args) < 2:
        return (
            f"None of your cards lets you invade {where}: you need the Province card of a "
            "province bordering it (or of its road network, or across a sea with Ship cards), "
            "General or Portal, and the army symbols and food to pay."
        )
    token = args[1]
    if token not in P_INDEX and token not in ("general", "portal"):
        return None
    if not _holds(state, seat, token):
        return f"You do not hold {card(token)}."
    if token == "portal":
        return f"You cannot pay for the invasion of {where} with Portal (1 food and army symbols)."
    rest = [a for a in args[2:] if a != "sea"]
    by_sea = args[-1] == "sea"
    if rest and rest[0] not in P_INDEX:
        return None
    origin = P_INDEX[rest[0]] if rest else P_INDEX.get(token)
    if origin is None:
        return None
    start = place(BOARD.provinces[origin].id)
    if token == "general" and state.owner[origin] != seat:
        return f"General acts only from a province of yours; {start} is not."
    if token in P_INDEX and rest and origin != P_INDEX[token]:
        network = state.components(seat).get(P_INDEX[token], frozenset())
        if origin not in network:
            return f"{start} is not on the road network of {place(token)} (roads you may use)."
    if by_sea:
        seas = BOARD.sea_routes(origin).get(target)
        if seas is None:
            return f"No route of one or two seas leads from {start} to {where}."
        return (
            f"You cannot pay for this invasion by sea: 1 food, {amount('cross', seas)} "
            "(Ship cards) and army symbols."
        )
    kind = BOARD.border_kind(origin, target)
    if kind is None:
        return f"{where} does not border {start} by land."
    if state.land_cost(seat, origin, target) is None:
        return f"Mountains: no invasion across the border of {start} and {where}."
    food = 1 + (state.land_cost(seat, origin, target) or 0)
    return f"You cannot pay for this invasion: {amount('food', food)} and army symbols."


def _place_armies_refusal(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if not args or args[0] not in P_INDEX:
        return None
    p = P_INDEX[args[0]]
    where = place(args[0])
    reason = _no_armies(state, seat)
    if reason:
        return reason
    if state.owner[p] != seat and not state.armies[p][seat]:
        return (
            "You place armies only in your provinces or where your armies already are; "
            f"{where} is neither."
        )
    reason = _army_cards(state, seat)
    if reason:
        return reason
    return (
        f"Reinforcing {where} costs 1 food as well, which your cards cannot pay with the "
        "army symbols."
    )


def _remove_armies_refusal(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if not args or args[0] not in P_INDEX:
        return None
    p = P_INDEX[args[0]]
    where = place(args[0])
    if war.at_war(state, p):
        return f"{where} is at war: only ending the war frees the armies there."
    have, mercs = state.armies[p][seat], state.mercs[p][seat]
    if not have and not mercs:
        return f"You have no armies in {where}."
    counts = len(args) >= 3 and args[1].isdigit() and args[2].isdigit()
    if counts and (int(args[1]) > have or int(args[2]) > mercs):
        return f"You have {have} armies and {mercs} Mercenaries in {where}."
    return None


def _place_ships_refusal(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if not args or args[0] not in S_INDEX:
        return None
    s = S_INDEX[args[0]]
    where = place(args[0])
    if state.ship_stock[seat] <= 0:
        return "You have no Ship counters in stock: buy some, or take ships off the board."
    coasts = BOARD.sea_coasts[s]
    if not any(state.owner[p] == seat for p in coasts):
        return f"The {where} touches none of your provinces."
    return "You have no card that gives a ship symbol."


def _remove_ships_refusal(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if not args or args[0] not in S_INDEX:
        return None
    have = state.ships[S_INDEX[args[0]]][seat]
    return f"You have {have} ships in the {place(args[0])}."


def _buy_refusal(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if len(args) != 2 or not (args[0].isdigit() and args[1].isdigit()):
        return None
    armies, ships = int(args[0]), int(args[1])
    if armies > state.army_pool[seat] or ships > state.ship_pool[seat]:
        pool = (
            f"{amount('army', state.army_pool[seat])} and {amount('ship', state.ship_pool[seat])}"
        )
        return f"Your pool holds {pool}."
    cost = armies + 2 * ships
    bought = listed([amount(u, n) for u, n in (("army", armies), ("ship", ships)) if n])
    verb = "costs" if armies + ships == 1 else "cost"
    return f"{cap(bought)} {verb} {cost} gold, which your cards cannot pay."


def _draft_refusal(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if not args:
        return None
    token = args[0]
    if "drafted" in state.flags:
        return "You have already drafted a card this turn (once a turn)."
    available = (
        token in state.display
        or token in state.removed[seat]
        or (token in state.supply and token in P_INDEX and state.owner[P_INDEX[token]] == seat)
    )
    if not available:
        if token in P_INDEX:
            return (
                f"You may draft {card(token)} only when you control {place(token)} and "
                "have removed its card."
            )
        return f"{name(token)} is not in the display nor among your removed cards."
    return "Drafting costs 1 gold, which your cards cannot pay."


def _reserve_refusal(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if not args:
        return None
    if args[0] not in state.hand[seat]:
        return f"{cap(card(args[0]))} is not in your hand."
    return _reserve_full(state, seat)


def _discard_refusal(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    return _card_choice_refusal(state, seat, "discard", args)


def _remove_refusal(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    return _card_choice_refusal(state, seat, "remove", args)


def _patronage_refusal(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if "patronage" not in state.counters:
        return "Patronage is not among the VP cards in play."
    if not war.claim_options(state, seat, "patronage", ""):
        return "The Patronage card has no counter left."
    return "Patronage costs 2 gold, which your cards cannot pay."


def _warehouse_refusal(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if not war.in_reserve(state, seat, "warehouse"):
        return "Warehouse must lie in your Reserve for this."
    if "warehouse" in state.flags:
        return "Warehouse places a card only once a turn."
    if args and args[0] not in state.hand[seat]:
        return f"{cap(card(args[0]))} is not in your hand."
    if state.actions > 2:
        return None
    return _reserve_full(state, seat)


def _move_refusal(
    state: MythotopiaState, seat: int, args: list[str], moved: tuple[str, ...] = ()
) -> str | None:
    if "moved" in state.flags and state.pending is None:
        return "You have already made your road move this turn (once a turn)."
    if len(args) != 3 or args[0] not in P_INDEX or args[1] not in P_INDEX:
        return None
    a, b = P_INDEX[args[0]], P_INDEX[args[1]]
    src, dst = place(args[0]), place(args[1])
    if state.owner[a] != seat or state.owner[b] != seat:
        return "Armies move by road only between provinces you control."
    network = state.components(seat).get(a, frozenset())
    if b not in network:
        return f"{src} and {dst} are not on one road network of yours."
    if a in state.wars():
        return f"{src} is at war: its armies cannot leave."
    if moved:
        if args[0] in moved[1::3]:
            return f"Armies have just arrived in {src}: {ONE_WAY}"
        if args[1] in moved[0::3]:
            return f"Armies have just left {dst}: {ONE_WAY}"
        if P_INDEX[moved[0]] not in network:
            return "One road move stays in one road network."
    have = state.armies[a][seat]
    if args[2].isdigit() and int(args[2]) > have:
        return f"You have {have} armies in {src}."
    return None


def _play_refusal(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if not args:
        return None
    token = args[0]
    if not _holds(state, seat, token):
        return f"You do not hold {card(token)}."
    if token in BUILD_CARDS:
        return _build_refusal(state, seat, token, args[1:])
    heading = _heading(token)
    label = name(token)
    if token in P_INDEX:
        return (
            f"{cap(card(token))} has no text to play: use it to invade "
            f"from {place(token)} (click the province to invade) or to build there."
        )
    if heading == "reserve":
        if token in state.reserve[seat]:
            return f"{label} works by itself while it lies in your Reserve: it is not played."
        return f"{label} works from your Reserve: put it there (the Reserve action)."
    if heading == "benefit":
        uses = {
            "general": "with an invasion or a building, in place of a Province card",
            "hero": "with End a war, to win a tie",
            "merchant": "with a payment, to turn a card's resource into another",
            "portal": "with an invasion, in place of a Province card",
            "water-mill": "with a payment, to double a card's resource",
        }
        return f"{label} is a benefit: it is played {uses.get(token, 'with another action')}."
    if heading == "none":
        return f"{label} has no text to play: pay with its symbols in an action."
    return _CARD_TEXT.get(token, _no_reason)(state, seat, args[1:])


def _no_reason(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    return None


def _gold_for(state: MythotopiaState, seat: int, token: str) -> str | None:
    if not state.affords(seat, (("gold", 1),), None, (token,)):
        return f"{name(token)} costs 1 gold, which your other cards cannot pay."
    return None


def _alchemist(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    held = state.held[seat]
    values = [int(args[0])] if args and args[0] in ("1", "2") else [1, 2]
    for value in values:
        if value not in held:
            continue
        if state.stock.get(value + 1, 0) <= 0:
            return f"The unused stock has no {value + 1}VP counter to exchange for."
        return None
    if len(values) == 1:
        return f"You hold no {values[0]}VP counter to exchange."
    return "You hold no 1VP or 2VP counter to exchange."


def _diplomat(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if args and args[0] in P_INDEX:
        p = P_INDEX[args[0]]
        if not war.at_war(state, p):
            return f"{place(args[0])} is not at war."
        if not war.involved(state, p, seat):
            return f"You are not involved in the war in {place(args[0])}."
    elif not any(war.involved(state, p, seat) for p in state.wars()):
        return "You are involved in no war."
    return _gold_for(state, seat, "diplomat")


def _marauders(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if args and args[0] in P_INDEX:
        p = P_INDEX[args[0]]
        if len(args) > 1 and args[1].isdigit() and int(args[1]) < state.game.players:
            owner = int(args[1])
            if not state.armies[p][owner]:
                return f"{COLOURS[owner]} has no Army counter in {place(args[0])}."
        elif not any(state.armies[p]):
            return f"There is no Army counter in {place(args[0])}."
    elif not state.army_sites():
        return "There is no Army counter on the board."
    return None


def _mercenary(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if state.mercs_left <= 0:
        return "No Mercenary counter is left in the supply."
    if args and args[0] in P_INDEX:
        if not state.armies[P_INDEX[args[0]]][seat]:
            return f"Mercenaries join your armies: you have none in {place(args[0])}."
        if len(args) > 1 and args[1].isdigit() and int(args[1]) > state.mercs_left:
            return f"Only {state.mercs_left} Mercenary counters are left."
    elif not any(row[seat] for row in state.armies):
        return "Mercenaries join your armies: you have none on the board."
    return _gold_for(state, seat, "mercenary")


def _philosopher(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if not state.imp_deck:
        return "The Improvement deck is empty: Philosopher has nothing to draw."
    return None


def _counsellor(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    others = len(state.hand[seat]) - ("counsellor" in state.hand[seat])
    if others < 1:
        return "Counsellor needs another card in your hand to discard."
    return None


def _mystic(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if not state.discard[seat]:
        return "Your discard pile is empty: Mystic has nothing to take back."
    if args and args[0] not in state.discard[seat]:
        return f"{cap(card(args[0]))} is not in your discard pile."
    return _gold_for(state, seat, "mystic")


def _militia(state: MythotopiaState, seat: int, args: list[str]) -> str | None:
    if state.army_pool[seat] <= 0:
        return "Your pool has no Army counter left for Militia."
    return None


_CARD_TEXT = {
    "alchemist": _alchemist,
    "diplomat": _diplomat,
    "marauders": _marauders,
    "mercenary": _mercenary,
    "philosopher": _philosopher,
    "counsellor": _counsellor,
    "mystic": _mystic,
    "militia": _militia,
}


def _build_refusal(state: MythotopiaState, seat: int, build: str, args: list[str]) -> str | None:
    from theomachy.games.mythotopia.rules import BUILD_COST, CASTLES, ROAD_COST

    if len(args) < 2 or args[0] not in ("city", "castle", "road") or args[1] not in P_INDEX:
        if not state.affords(seat, (("stone", 1),), None, (build,)):
            return f"{name(build)} needs stone (1 for a castle), which your other cards cannot pay."
        return (
            "Nothing can be built now: a City needs a Town of yours and 2 stone, a castle 1 "
            "stone, a road 2 stone (3 across hills) between two provinces of yours, each with "
            "the province's card (or one of its road network, or General)."
        )
    what, p = args[0], P_INDEX[args[1]]
    where = place(args[1])
    if state.owner[p] != seat:
        return f"You build only in your own provinces; {where} is not yours."
    stone = BUILD_COST.get(what, ROAD_COST)
    if what == "city":
        if state.piece[p] == war.CITADEL:
            return f"Your Citadel stands in {where}: no City there."
        if state.piece[p] != war.TOWN:
            return f"{where} already has a City."
        if state.cities[seat] <= 0:
            return "You have no City left on your Reserve card."
        rest = args[2:]
    elif what == "castle":
        if state.castle[p]:
            return f"{where} already has a castle."
        if state.piece[p] == war.CITADEL:
            return f"Your Citadel stands in {where}: no castle there."
        if state.castles_left <= 0:
            return f"All {CASTLES} castles are built."
        rest = args[2:]
    else:
        if len(args) < 3 or args[2] not in P_INDEX:
            return None
        q = P_INDEX[args[2]]
        other = place(args[2])
        if state.roads_left <= 0:
            return "No Road counter is left."
        kind = BOARD.border_kind(p, q)
        if kind is None:
            return f"{where} and {other} do not border each other by land."
        if state.owner[q] != seat:
            return f"A road joins two provinces of yours; {other} is not yours."
        if (min(p, q), max(p, q)) in state.roads:
            return f"There is already a road between {where} and {other}."
        extra = state.land_cost(seat, p, q)
        if extra is None:
            return f"Mountains: no road between {where} and {other}."
        stone += extra
        rest = args[3:]
    token = rest[0] if rest else args[1]
    if not _holds(state, seat, token):
        return (
            f"You need {card(args[1])} (or the card of a province on its road network, or "
            f"General) to build in {where}."
        )
    return (
        f"{name(build)} needs {amount('stone', stone)} for this, which your other cards cannot pay."
    )


_TURN = {
    "invade": _invade_refusal,
    "place-armies": _place_armies_refusal,
    "remove-armies": _remove_armies_refusal,
    "place-ships": _place_ships_refusal,
    "remove-ships": _remove_ships_refusal,
    "buy": _buy_refusal,
    "draft": _draft_refusal,
    "reserve": _reserve_refusal,
    "discard": _discard_refusal,
    "remove": _remove_refusal,
    "patronage": _patronage_refusal,
    "warehouse": _warehouse_refusal,
    "move": _move_refusal,
    "play": _play_refusal,
}
