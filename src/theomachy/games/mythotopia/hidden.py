"""What each player may know: views, the readable description, and determinization
(MT-HIDDEN-1..5).

Hidden: hands (others see counts), draw decks (no order exists; contents derivable), the
Improvement deck, cards drawn and kept through Philosopher, and secret set-up choices until
all are made. Everything else is public, the Reserve and discard piles included.

Determinization rewrites only the history entries a player cannot see (others' draws,
Philosopher draws and keeps, unrevealed set-up choices) so that the rewritten history replays
to the sampled state. It works from public facts alone (:func:`journal`): for each other
player, when his draw deck was reshuffled and what it then held (his discard pile, public),
which history entries drew from it, and which cards left or entered his hand in public. At a
reshuffle every card of the old deck has been drawn, so the hidden part of a hand is only
what was drawn from the current deck (and kept through Philosopher): a card revealed from the
hand is matched to an earlier hidden draw, and the draws still unexplained are filled at
random from what is left of that deck.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple

from theomachy.engine.actions import masked_history
from theomachy.engine.core import TERMINAL
from theomachy.games.mythotopia import war
from theomachy.games.mythotopia.board import board
from theomachy.games.mythotopia.cards import catalog
from theomachy.games.mythotopia.payment import feasible

if TYPE_CHECKING:
    from theomachy.games.mythotopia.rules import MythotopiaState


# --- views ----------------------------------------------------------------------------------------
def masked_log(state: MythotopiaState, player: int | None) -> list[str]:
    """The history as ``player`` saw it: hidden entries keep their verb, lose their argument.

    Built once per reader and grown with the history (``state.logs``): a view then costs a
    list copy, not a pass over the whole history, so telling a long game (a view per reader
    per action) stays cheap. The cache is rebuilt whenever it may be stale: the history or
    the secret list is another list (a reveal makes a new one), or a secret entry appended
    since names an entry already masked."""
    history, secret = state._history, state.secret
    cached = state.logs.get(player)
    if cached is not None:
        hist_ref, length, secret_ref, secret_len, masked = cached
        fresh = secret[secret_len:]
        if (
            hist_ref is history
            and secret_ref is secret
            and length <= len(history)
            and secret_len <= len(secret)
            and all(index >= length for index, _, _ in fresh)
        ):
            if length < len(history):
                owners = {index - length: owner for index, owner, _ in fresh}
                masked.extend(masked_history(history[length:], owners, player))
                state.logs[player] = (history, len(history), secret, len(secret), masked)
            return list(masked)
    owners = {index: owner for index, owner, _ in secret}
    masked = masked_history(history, owners, player)
    state.logs[player] = (history, len(history), secret, len(secret), masked)
    return list(masked)


def view(state: MythotopiaState, player: int | None) -> dict[str, Any]:
    """Everything ``player`` (None: a spectator) may know, JSON-serialisable."""
    from theomachy.games.mythotopia.rules import COLOURS, PHASE_NAMES, PROVINCES, SEAS

    b = board()
    n = state.game.players
    current = state.current_player
    provinces = []
    wars = set(state.wars())
    for p, pid in enumerate(PROVINCES):
        fighting = p in wars
        provinces.append(
            {
                "id": pid,
                "name": b.names[p],
                "owner": None if state.owner[p] == war.NEUTRAL else state.owner[p],
                "piece": war.PIECE_NAMES[state.piece[p]],
                "castle": state.castle[p],
                "armies": list(state.armies[p]),
                "mercenaries": list(state.mercs[p]),
                "dragon": p in state.dragons,
                "runestone": p in state.runestones,
                "at_war": fighting,
                "strengths": {str(k): v for k, v in war.sides(state, p).items()}
                if fighting
                else {},
            }
        )
    players = []
    for seat in range(n):
        entry: dict[str, Any] = {
            "seat": seat,
            "colour": COLOURS[seat],
            "score": war.score(state, seat),
            "vp_counters": list(state.held[seat]),
            "towns": state.towns[seat],
            "cities": state.cities[seat],
            "citadel": ("unused", "on-board", "captured")[state.citadel[seat]],
            "armies": state.army_stock[seat],
            "ships": state.ship_stock[seat],
            "army_pool": state.army_pool[seat],
            "ship_pool": state.ship_pool[seat],
            "hand_count": len(state.hand[seat]),
            "deck_count": len(state.deck[seat]),
            "discard": list(state.discard[seat]),
            "reserve": list(state.reserve[seat]),
            "reserve_new": list(state.reserve_new[seat]),
            "reserve_limit": state.reserve_limit(seat),
            "removed": list(state.removed[seat]),
            "set_aside": list(state.limbo[seat]),
            "seas_met": sorted(state.met[seat]),
            "dealt": list(state.dealt[seat]),
        }
        if seat == player:
            entry["hand"] = list(state.hand[seat])
            entry["choices"] = list(state.choices[seat])
        else:
            entry["choices_made"] = len(state.choices[seat])
        players.append(entry)
    pending = None
    if state.pending is not None:
        pend = state.pending
        pending = {
            "kind": pend.kind,
            "seat": pend.seat,
            "args": list(pend.args),
            "needs": {k: v for k, v in pend.needs},
            "open_need": pend.open_need,
            "open_paid": pend.open_paid,
            "played": list(pend.played),
            "optional": pend.optional,
        }
        if pend.kind == "keep":
            pending["drawn"] = list(state.phil) if player == pend.seat else len(state.phil)
    return {
        "game": state.game.id,
        "player": player,
        "current_player": current,
        "legal_actions": state.legal_actions() if player is not None and player == current else [],
        "terminal": current == TERMINAL,
        "winners": state.winners(),
        "phase": PHASE_NAMES[state.phase],
        "round": state.round,
        "max_rounds": state.game.options["max_rounds"],
        "first_player": state.first if state.phase >= PHASE_NAMES.index("hands") else None,
        "turn": {
            "seat": state.current,
            "actions": min(state.actions, 2),
            "free_taken": "free" in state.flags,
            "drafted": "drafted" in state.flags,
            "flags": sorted(state.flags),
        },
        "provinces": provinces,
        "roads": [[PROVINCES[a], PROVINCES[c]] for a, c in sorted(state.roads)],
        "seas": [
            {"id": sid, "name": b.sea_names[s], "ships": list(state.ships[s])}
            for s, sid in enumerate(SEAS)
        ],
        "players": players,
        "vp_cards": [
            {"id": card, "name": catalog().vp[card].name, "counters": list(state.counters[card])}
            for card in state.vp_order
        ],
        "vp_stock": {str(k): v for k, v in sorted(state.stock.items())},
        "empty_vp_cards": state.empty_vp_cards(),
        "display": list(state.display),
        "improvement_deck": len(state.imp_deck),
        "province_supply": list(state.supply),
        "supply": {
            "roads": state.roads_left,
            "castles": state.castles_left,
            "mercenaries": state.mercs_left,
        },
        "pending": pending,
        "log": masked_log(state, player),
    }


def describe(state: MythotopiaState) -> str:
    """A readable description for people (public information only)."""
    from theomachy.games.mythotopia.rules import COLOURS, PHASE_NAMES, PROVINCES, SEAS

    lines = [
        f"Mythotopia, round {state.round}, phase {PHASE_NAMES[state.phase]}, "
        f"player {state.current} to act ({min(state.actions, 2)} actions taken)"
    ]
    for seat in range(state.game.players):
        mine = [
            PROVINCES[p] + ("*" if state.piece[p] == war.CITY else "")
            + ("^" if state.piece[p] == war.CITADEL else "")
            for p in state.controlled(seat)
        ]  # fmt: skip
        lines.append(
            f"{COLOURS[seat]} (seat {seat}): {war.score(state, seat)} VP, counters "
            f"{list(state.held[seat])}, hand {len(state.hand[seat])}, deck "
            f"{len(state.deck[seat])}, reserve {state.reserve[seat] + state.reserve_new[seat]}, "
            f"armies {state.army_stock[seat]}+{state.army_pool[seat]}, ships "
            f"{state.ship_stock[seat]}+{state.ship_pool[seat]}; provinces {', '.join(mine)}"
        )
    for p, pid in enumerate(PROVINCES):
        if any(state.armies[p]) or state.castle[p]:
            armies = ",".join(str(a) for a in state.armies[p])
            lines.append(
                f"  {pid}: owner {state.owner[p]}, armies [{armies}]"
                + (" castle" if state.castle[p] else "")
                + (" at war" if war.at_war(state, p) else "")
            )
    fleets = [f"{SEAS[s]} {list(f)}" for s, f in enumerate(state.ships) if any(f)]
    if fleets:
        lines.append("ships: " + "; ".join(fleets))
    if state.roads:
        lines.append(
            "roads: " + ", ".join(f"{PROVINCES[a]}-{PROVINCES[c]}" for a, c in sorted(state.roads))
        )
    lines.append(
        "VP cards: " + ", ".join(f"{card} {len(state.counters[card])}" for card in state.vp_order)
    )
    if state.pending is not None:
        lines.append(f"pending: {state.pending.kind} {' '.join(state.pending.args)}")
    return "\n".join(lines)


# --- determinization ----------------------------------------------------------------------------
class Journal(NamedTuple):
    """Public facts of a history, per player: events in order (see :func:`journal`)."""

    events: dict[int, list[tuple[Any, ...]]]
    initial_improvements: tuple[str, ...]  # the Improvement deck after the display was laid
    seen_in_deck: dict[int, list[str]]  # history index -> Improvement cards ``player`` saw drawn


def journal(state: MythotopiaState, player: int) -> Journal:
    """Replay the history (trusted, so without legality checks) and record, for every player
    but ``player``, only what ``player`` could see happen to his cards:

    ``("epoch", deck)`` his discard pile became his draw deck (or the deck was first formed);
    ``("slot", i)`` entry i drew a card from that deck (unseen: every draw of another player
    is hidden);
    ``("keep", i)`` / ``("impdraw", i)`` entry i kept / drew an Improvement card (Philosopher);
    ``("out", card)`` / ``("in", card)`` a card left / entered his hand in public;
    ``("deckout", card)`` a card left his draw deck in public (a captured province).
    """
    from theomachy.games.mythotopia.rules import DISPLAY, MythotopiaState

    game = state.game
    history = state.history()
    hidden = {index: (owner, kind) for index, owner, kind in state.secret if owner != player}
    others = [s for s in range(game.players) if s != player]
    events: dict[int, list[tuple[Any, ...]]] = {s: [] for s in others}
    seen: dict[int, list[str]] = {}
    initial: tuple[str, ...] = ()
    replay = MythotopiaState(game)
    replay.trace = []
    for index, action in enumerate(history):
        was_display = replay.phase == DISPLAY
        improvement_draw = bool(replay.queue) and replay.queue[0][0] == "impdraw"
        replay._apply(action)
        replay._history.append(action)
        if was_display and replay.phase != DISPLAY:
            initial = tuple(replay.imp_deck)
        secret = hidden.get(index)
        if secret is not None and secret[1] == "impdraw":
            events[secret[0]].append(("impdraw", index))
        elif improvement_draw:
            seen[index] = [action.split(" ")[1]]
        for kind, seat, card in replay.trace:
            if seat not in events:
                continue
            if kind == "draw":
                events[seat].append(("slot", index))
            elif kind == "keep":
                events[seat].append(("keep", index))
            elif kind == "epoch":
                events[seat].append(("epoch", Counter(card)))
            else:
                events[seat].append((kind, card))
        replay.trace.clear()
    return Journal(events, initial, seen)


def determinize(state: MythotopiaState, player: int, rng: random.Random) -> MythotopiaState:
    """A full state consistent with ``view(player)``: others' hands and decks, the
    Improvement deck and unrevealed set-up choices resampled (MT-HIDDEN-5).

    A player in the middle of paying for an action must keep a hand that can complete it
    (see :func:`_constrained`): whole samples are drawn until one does (his hidden draws and
    his hidden Philosopher keep together), and if that keeps failing the keep's candidates are
    tried in turn with every combination of draws."""
    length = len(state.history())
    cache = state.det_cache
    if cache is not None and cache[0] == length and cache[1] == player:
        facts: Journal = cache[2]
    else:
        facts = journal(state, player)
        state.det_cache = (length, player, facts)
    for _ in range(REJECTION_TRIES):
        found = _attempt(state, player, rng, facts)
        if found is not None:
            return found
    for keep in _keep_candidates(state, player, rng, facts):
        found = _attempt(state, player, rng, facts, keep=keep, exhaustive=True)
        if found is not None:
            return found
    raise AssertionError("determinize: no hand can complete the pending action")


def _attempt(
    state: MythotopiaState,
    player: int,
    rng: random.Random,
    facts: Journal,
    keep: str | None = None,
    exhaustive: bool = False,
) -> MythotopiaState | None:
    """One sample (``keep``: the card the hidden Philosopher keep took, when forced;
    ``exhaustive``: search every combination of the constrained player's draws); None when
    the constrained player's hand cannot complete his action."""
    history = state.history()
    rewrite: dict[int, str] = {}
    copy = state._copy()
    keep_slots: list[tuple[int, int]] = []  # (history index, seat) of Philosopher keeps hidden
    keep_cards: dict[int, str] = {}  # keep index -> card, where a later reveal fixed it
    hands: dict[int, Counter[str]] = {}
    current: dict[int, tuple[list[int], list[str]]] = {}
    for seat in sorted(facts.events):
        known: Counter[str] = Counter()
        unresolved: list[int] = []
        pool: Counter[str] = Counter()
        finished: list[tuple[list[int], list[str]]] = []
        keeps: list[int] = []
        for event in facts.events[seat]:
            kind = event[0]
            if kind == "epoch":
                if unresolved:
                    left = sorted(pool.elements())
                    if len(left) != len(unresolved):
                        raise AssertionError(
                            "determinize: a finished deck does not match its draws"
                        )
                    known.update(left)
                    finished.append((unresolved, left))
                unresolved, pool = [], Counter(event[1])
            elif kind == "slot":
                unresolved.append(event[1])
            elif kind == "keep":
                keeps.append(event[1])
                keep_slots.append((event[1], seat))
            elif kind == "in":
                known[event[1]] += 1
            elif kind == "out":
                card = event[1]
                if known[card] > 0:
                    known[card] -= 1
                elif pool[card] > 0 and unresolved:
                    rewrite[unresolved.pop(0)] = card
                    pool[card] -= 1
                else:
                    index = _keep_for(keeps, keep_cards, card, facts)
                    keep_cards[index] = card
            elif kind == "deckout":
                pool[event[1]] -= 1
        for slots, cards in finished:
            shuffled = list(cards)
            rng.shuffle(shuffled)
            rewrite.update(zip(slots, shuffled, strict=True))
        hands[seat] = known
        current[seat] = (unresolved, sorted(pool.elements()))
    _sample_improvements(
        state, facts, keep_slots, keep_cards, rewrite, copy, hands, rng, player, keep
    )
    for seat, (unresolved, left) in current.items():
        drawn = _sample_draws(state, seat, hands[seat], unresolved, left, rng, exhaustive)
        if drawn is None:
            return None
        rewrite.update(zip(unresolved, drawn, strict=True))
        rest = Counter(left) - Counter(drawn)
        copy.deck[seat] = sorted(rest.elements())
        copy.hand[seat] = sorted((hands[seat] + Counter(drawn)).elements())
    _sample_choices(state, player, rng, rewrite, copy)
    copy._history = [rewrite.get(i, entry) for i, entry in enumerate(history)]
    for index, card in rewrite.items():
        verb = history[index].split(" ")[0]
        copy._history[index] = f"{verb} {card}"
    return copy


REJECTION_TRIES = 64


def _constrained(state: MythotopiaState) -> int | None:
    """The seat whose hand must be able to complete the action he is paying for (it was
    offered only because it could be, MT-RULING-COMPLETE, which everyone knows), if any. An
    optional Gilded City or Roadside Inns offer is made whether or not the gold can be found
    (MT-RULING-OFFER), so it constrains nothing."""
    pending = state.pending
    if pending is None or pending.optional:
        return None
    if pending.needs or (pending.open_need is not None and pending.open_paid == 0):
        return pending.seat
    return None


def _keep_candidates(
    state: MythotopiaState, player: int, rng: random.Random, facts: Journal
) -> list[str | None]:
    """For the exhaustive fallback: the cards the one hidden Philosopher keep (there is one
    Philosopher, and it leaves the game) may have taken, in random order, when it belongs to
    the constrained seat; else [None] (the keep stays free)."""
    seat = _constrained(state)
    hidden = {index: owner for index, owner, kind in state.secret if kind == "keep"}
    slots = [i for i, owner in hidden.items() if owner == seat and owner != player]
    if seat is None or not slots:
        return [None]
    (index,) = slots
    seen_later = {c for i, cards in facts.seen_in_deck.items() if i > index for c in cards}
    candidates: list[str | None] = [
        c for c in sorted(set(facts.initial_improvements)) if c not in seen_later
    ]
    rng.shuffle(candidates)
    return candidates


def _sample_draws(
    state: MythotopiaState,
    seat: int,
    hand: Counter[str],
    unresolved: list[int],
    left: list[str],
    rng: random.Random,
    exhaustive: bool = False,
) -> list[str] | None:
    """The cards of ``left`` (the current deck's undrawn-or-unexplained cards) drawn by the
    ``unresolved`` entries, at random. For the constrained seat (:func:`_constrained`) the
    hand must complete his action: one random try (None if it fails), or with
    ``exhaustive`` a uniform choice among every draw that does (None if none does)."""
    k = len(unresolved)
    pending = state.pending
    if _constrained(state) != seat:
        shuffled = list(left)
        rng.shuffle(shuffled)
        return shuffled[:k]
    assert pending is not None

    def completes(drawn: list[str] | tuple[str, ...]) -> bool:
        assert pending is not None
        reserve = [c for c in state.reserve[seat] if c not in pending.locked]
        cards = sorted([*hand.elements(), *drawn, *reserve])
        open_need = pending.open_need if pending.open_paid == 0 else None
        return feasible(tuple(cards), state.converters(seat), pending.needs, open_need)

    if not exhaustive:
        shuffled = list(left)
        rng.shuffle(shuffled)
        drawn = shuffled[:k]
        return drawn if completes(drawn) else None
    options = sorted({c for c in itertools.combinations(left, k) if completes(c)})
    if not options:
        return None
    return list(options[rng.randrange(len(options))])


def _keep_for(keeps: list[int], fixed: dict[int, str], card: str, facts: Journal) -> int:
    """The earliest unexplained Philosopher keep that can have taken ``card``: one after
    which ``player`` never saw the card still in the Improvement deck."""
    for index in keeps:
        if index in fixed:
            continue
        if any(index < i and card in cards for i, cards in facts.seen_in_deck.items()):
            continue
        return index
    raise AssertionError(f"determinize: no hidden draw explains {card!r}")


def _sample_improvements(
    state: MythotopiaState,
    facts: Journal,
    keep_slots: list[tuple[int, int]],
    keep_cards: dict[int, str],
    rewrite: dict[int, str],
    copy: MythotopiaState,
    hands: dict[int, Counter[str]],
    rng: random.Random,
    player: int,
    forced: str | None = None,
) -> None:
    """Fill hidden Philosopher keeps and draws: kept cards nobody revealed come from the
    Improvement cards ``player`` cannot locate (``forced``: the card, when the fallback of
    :func:`determinize` tries one); draws are the kept card plus others from the deck as it
    then was."""
    history = state.history()
    hidden = {index: (owner, kind) for index, owner, kind in state.secret if owner != player}
    # Keeps whose card ``player`` knows: his own and those later revealed.
    known_keeps: dict[int, str] = dict(keep_cards)
    for index, entry in enumerate(history):
        if entry.startswith("keep ") and index not in hidden:
            known_keeps[index] = entry.split(" ")[1]
    if not keep_slots and not any(kind == "impdraw" for _, kind in hidden.values()):
        return
    located = set(known_keeps.values())
    free = sorted(c for c in facts.initial_improvements if c not in located)
    for index, seat in sorted(keep_slots):
        if index in keep_cards:
            continue
        later_seen = {c for i, cards in facts.seen_in_deck.items() if i > index for c in cards}
        options = [c for c in free if c not in later_seen]
        card = forced if forced in options else options[rng.randrange(len(options))]
        free.remove(card)
        known_keeps[index] = card
        hands[seat][card] += 1
    for index, card in known_keeps.items():
        if index in hidden:
            rewrite[index] = card
    # Philosopher draws hidden from ``player``: runs of impdraw entries, then (maybe) a keep.
    runs: list[tuple[list[int], int | None]] = []
    indices = sorted(i for i, (_, kind) in hidden.items() if kind == "impdraw")
    for i in indices:
        if runs and runs[-1][0][-1] == i - 1:
            runs[-1][0].append(i)
        else:
            runs.append(([i], None))
    for k, (draws, _) in enumerate(runs):
        after = draws[-1] + 1
        keep = after if after < len(history) and history[after].startswith("keep ") else None
        runs[k] = (draws, keep)
    for draws, keep in runs:
        deck = [
            c for c in facts.initial_improvements
            if not any(i < draws[0] and c == card for i, card in known_keeps.items())
        ]  # fmt: skip
        chosen: list[str] = []
        if keep is not None:
            chosen.append(known_keeps[keep])
        others = sorted(c for c in deck if c not in chosen)
        rng.shuffle(others)
        chosen.extend(others[: len(draws) - len(chosen)])
        rng.shuffle(chosen)
        rewrite.update(zip(draws, chosen, strict=True))
        if keep is None:  # a Philosopher still choosing
            copy.phil = list(chosen)
    out = set(known_keeps.values()) | set(copy.phil)
    copy.imp_deck = sorted(c for c in facts.initial_improvements if c not in out)


def _sample_choices(
    state: MythotopiaState,
    player: int,
    rng: random.Random,
    rewrite: dict[int, str],
    copy: MythotopiaState,
) -> None:
    """Others' unrevealed rejects and citadel choices, uniform among what they could pick."""
    from theomachy.games.mythotopia.rules import PROVINCES

    history = state.history()
    by_seat: dict[int, list[int]] = {}
    for index, owner, kind in state.secret:
        if kind == "setup" and owner != player:
            by_seat.setdefault(owner, []).append(index)
    for seat, indices in sorted(by_seat.items()):
        verb = history[indices[0]].split(" ")[0]
        if verb == "reject":
            options = sorted(state.dealt[seat])
        else:
            options = sorted(PROVINCES[p] for p in state.controlled(seat))
        picks = rng.sample(options, len(indices))
        copy.choices[seat] = list(picks)
        for index, card in zip(indices, picks, strict=True):
            rewrite[index] = card
