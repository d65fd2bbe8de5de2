"""Arena of the Gods, the state machine (rule ids refer to RULES.md).

Set-up: the Gods and decks come from the options; dice for the first player (2d6 each,
ties re-roll) and the opening hands are chance nodes. A turn: start-of-turn abilities (each
player in turn, clockwise from the turn player, ordering their own), the draw up to five,
the main phase (play cards, use abilities, declare attacks, each attack a six-step battle),
end-of-turn abilities, the discard. Card draws wait in a FIFO ``draws`` queue that is
emptied (as chance nodes) before anyone decides again; ``step`` names what the flow does
next when nothing is pending.
"""

from __future__ import annotations

import random
from collections import Counter
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from pydantic import Field

from theomachy.engine.chance import uniform
from theomachy.engine.core import CHANCE, TERMINAL, Game, GameOptions, IllegalAction, State
from theomachy.games.arena_of_the_gods import abilities, evaluation, facts, hidden, refusals
from theomachy.games.arena_of_the_gods.cards import (
    Ability,
    Card,
    Deck,
    catalog,
    parse_deck,
    shown,
    starter_decks,
)
from theomachy.games.arena_of_the_gods.facts import AFTERLIFE_PLAY, FACTS, Discount
from theomachy.games.arena_of_the_gods.facts import refresh as refresh_facts
from theomachy.games.arena_of_the_gods.model import (
    BATTLE_END,
    CLEANUP,
    COMBAT,
    DECLARE,
    DISCARD,
    HAND_SIZE,
    MAIN,
    OVER,
    POST_CHECK,
    POST_RESOLVE,
    POST_WINDOW,
    PRE_CHECK,
    PRE_RESOLVE,
    PRE_WINDOW,
    REDIRECT,
    RESOURCE_CAP,
    ROLL,
    SETUP_DRAW,
    STALL_ROUNDS,
    START_FAVOR,
    START_GOLD,
    START_LIFE,
    TURN_DRAW,
    TURN_END,
    TURN_START,
    WINDOWS,
    Battle,
    Permanent,
    StackItem,
    Trigger,
)
from theomachy.games.arena_of_the_gods.roster import Roster

if TYPE_CHECKING:
    from theomachy.engine.narration import Narrator

CARDS = catalog()
GODS = tuple(c.id for c in CARDS.values() if c.type == "god")
ROLLS = uniform(f"roll {n}" for n in range(1, 7))
# Triggers that only add to what a player has commute with each other: a player with only
# these pending is not asked to order them (AG-TURN-1).
_GAINS = ("resource", "life", "heal")
_UID = attrgetter("uid")


def _draw_outcomes(cards: list[str]) -> list[tuple[str, float]]:
    """``theomachy.engine.chance.draw_outcomes`` of a deck: ``draw <card-id>`` per distinct
    card, sorted by id, probability copies / size (``n / total`` is the float of the exact
    fraction, as there)."""
    counts = Counter(cards)
    total = len(cards)
    by_card = FACTS
    return [(by_card[card].draw, n / total) for card, n in sorted(counts.items())]


class ArenaOptions(GameOptions):
    """Options: ``gods`` (a God id per seat), ``decks`` (per seat: a starter deck's name or
    an inline deck table; never a file, AG-SETUP-1), ``first (the first player; None: the
    dice), ``max_rounds`` (AG-CAP-1: the game ends after this many rounds; None, the default,
    is the rulebook's game: it ends only with the last player standing)."""

    gods: list[str] | None = Field(
        default=None,
        title="Gods",
        description="The God each seat plays, in seat order; empty: each seat's starter God.",
    )
    decks: list[str | dict[str, Any]] | None = Field(
        default=None,
        title="Decks",
        description="The deck each seat plays (a starter deck, or a deck you built); "
        "empty: each God's starter deck.",
    )
    first: int | None = Field(
        default=None,
        title="First player",
        description="The seat that plays first; empty: the dice decide.",
    )
    max_rounds: int | None = Field(
        default=None,
        ge=1,
        le=10_000,
        title="Round limit",
        description="End the game after this many rounds, the most Life winning; empty: no "
        "limit, the last God standing wins.",
    )


class ArenaGame(Game):
    """Arena of the Gods: Gods with decks of Units, Evocations, Buildings and Supplies."""

    id = "arena-of-the-gods"
    title = "Arena of the Gods"
    description = (
        "Gods duel with decks of cards: spend Gold and Favor on buildings, units and "
        "evocations, and battle until one God is left standing."
    )
    min_players = 2
    max_players = 6
    default_players = 2
    Options = ArenaOptions
    # A built deck in the options is its player's secret (AG-RULING-HIDDEN), and whoever types
    # the options learns every deck in them: a server takes them only at an open table.
    secret_options = ("decks",)
    # AG-END-3: the last player standing (AG-END-2, a shared win when the last ones fall
    # together included), the draw of a stalled game (AG-RULING-STALL), the round cap
    # (AG-CAP-1, only with the option ``max_rounds``).
    endings = ("last-standing", "stalemate", "round-limit")

    def __init__(self, players: int | None = None, options: dict[str, Any] | None = None):
        super().__init__(players, options)
        self.gods, self.decks = self._setup_choices()

    def _setup_choices(self) -> tuple[list[str], list[Deck]]:
        """Check the Gods and decks (AG-SETUP-1, AG-DECK); inline decks are written into
        the options as checked, so a saved game carries its decks.

        The game opens no file: options come from the play server's clients, and a path
        opened here would let a stranger probe the server's files (AG-SETUP-1)."""
        o, n = self.options, self.players
        prefix = f"{self.id}:"
        if o["first"] is not None and not 0 <= o["first"] < n:
            raise ValueError(f"{prefix} first must be a seat from 0 to {n - 1}")
        gods = o["gods"]
        if gods is not None:
            if len(gods) != n:
                raise ValueError(f"{prefix} gods has {len(gods)} entries for {n} players")
            for god in gods:
                if god not in GODS:
                    raise ValueError(f"{prefix} {shown(god)} is not a God; Gods: {', '.join(GODS)}")
        starters = starter_decks()
        decks: list[Deck] = []
        entries = o["decks"]
        if entries is not None:
            if len(entries) != n:
                raise ValueError(f"{prefix} decks has {len(entries)} entries for {n} players")
            inline: list[str | dict[str, Any]] = []
            for seat, entry in enumerate(entries):
                if isinstance(entry, str) and entry in starters:
                    decks.append(starters[entry])
                    inline.append(entry)
                elif isinstance(entry, str):
                    # Whatever the string looks like (a path included), the same message:
                    # nothing in it depends on the server's files.
                    raise ValueError(
                        f"{prefix} deck {seat}: {shown(entry)} is not a starter deck; an "
                        f"entry of decks is a starter deck's name "
                        f"({', '.join(sorted(starters))}) or an inline deck (a table: name "
                        "(optional), god, cards: card id -> copies); the game reads no deck "
                        "files (`theomachy play` reads them and passes the deck inline)"
                    )
                else:
                    deck = parse_deck(entry, f"{prefix} deck {seat}", CARDS)
                    decks.append(deck)
                    inline.append(deck.model_dump())
            self.options["decks"] = inline
            if gods is None:
                gods = [deck.god for deck in decks]
        if gods is None:
            gods = [GODS[seat % len(GODS)] for seat in range(n)]
            self.options["gods"] = list(gods)
        if not decks:
            by_god = {deck.god: deck for deck in starters.values()}
            decks = [by_god[god] for god in gods]
        for seat, (god, deck) in enumerate(zip(gods, decks, strict=True)):
            if deck.god != god:
                raise ValueError(
                    f"{prefix} seat {seat}: the deck {deck.name!r} is built for {deck.god!r}, "
                    f"not {god!r}"
                )
        return list(gods), decks

    def private_deck(self, seat: int) -> bool:
        """Whether ``seat`` plays a deck its player built (an inline deck of the ``decks``
        option), whose list is that player's secret; a starter deck's list is published
        (AG-RULING-HIDDEN)."""
        entries = self.options["decks"]
        return entries is not None and isinstance(entries[seat], dict)

    def public_options(self) -> dict[str, Any]:
        """The options as every seat may know them: a built deck shows as ``"custom"`` (its
        list and name are its player's secret: AG-RULING-HIDDEN); starter decks by name."""
        options = dict(self.options)
        entries = options["decks"]
        if entries is not None:
            options["decks"] = ["custom" if isinstance(e, dict) else e for e in entries]
        return options

    def with_decks(self, decks: dict[int, Deck]) -> ArenaGame:
        """This game with the decks of some seats replaced (a determinized sample's game)."""
        entries = list(self.options["decks"])
        for seat, deck in decks.items():
            entries[seat] = deck.model_dump()
        return ArenaGame(self.players, {**self.options, "decks": entries})

    @classmethod
    def option_choices(cls) -> dict[str, dict[str, Any]]:
        """A God per seat, and a starter deck per seat (a deck of one's own is typed in
        the terminal or the API: the lobby offers the published lists)."""
        gods = [
            {"value": card.id, "label": card.name, "about": card.text}
            for card in sorted(CARDS.values(), key=lambda c: c.name)
            if card.type == "god"
        ]
        decks = []
        for name, deck in sorted(starter_decks().items()):
            god = CARDS[deck.god].name
            size = sum(deck.cards.values())
            decks.append(
                {"value": name, "label": f"{god} starter", "about": f"{god}'s deck ({size} cards)"}
            )
        return {
            "gods": {"per_seat": True, "count": 1, "choices": gods},
            "decks": {"per_seat": True, "count": 1, "choices": decks},
        }

    @classmethod
    def catalog(cls) -> dict[str, dict[str, Any]]:
        """Every card's printed facts, by id."""
        return {
            card.id: card.model_dump(
                mode="json", by_alias=True, exclude_none=True, exclude={"abilities"}
            )
            for card in CARDS.values()
        }

    @classmethod
    def narrator(cls) -> Narrator:
        """Arena of the Gods' events in words (narration.py)."""
        from theomachy.games.arena_of_the_gods.narration import NARRATOR

        return NARRATOR

    def new_game(self) -> ArenaState:
        return ArenaState(self)


class ArenaState(State):
    """A position of Arena of the Gods."""

    __slots__ = (
        "_roster",
        "afterlife",
        "battle",
        "contenders",
        "current",
        "deck",
        "drawers",
        "drawn",
        "draws",
        "favor",
        "filled",
        "god_uid",
        "gold",
        "hand",
        "known",
        "life",
        "next_uid",
        "order",
        "out",
        "perms",
        "rolls",
        "stall",
        "stall_cards",
        "stall_low",
        "step",
        "turn",
        "winner_seats",
    )

    def __init__(self, game: ArenaGame, *, empty: bool = False) -> None:
        super().__init__(game)
        self._roster: Roster | None = None
        if empty:
            return
        refresh_facts()  # the catalog may have changed since the last game (tests add cards)
        n = game.players
        self.life = [START_LIFE] * n
        self.gold = [START_GOLD] * n
        self.favor = [START_FAVOR] * n
        self.hand: list[list[str]] = [[] for _ in range(n)]
        self.known: list[list[str]] = [[] for _ in range(n)]  # hand cards all have seen
        # The hand's other cards with the history index of the draw that brought each
        # (hidden.determinize rewrites those draws).
        self.drawn: list[list[tuple[str, int]]] = [[] for _ in range(n)]
        self.drawers: dict[int, int] = {}  # history index of each draw -> who drew
        self.afterlife: list[list[str]] = [[] for _ in range(n)]
        self.out = [False] * n
        self.perms: dict[int, Permanent] = {}
        self.next_uid = 1
        self.god_uid = [0] * n
        self.deck: list[list[str]] = []
        for seat, (god, deck) in enumerate(zip(game.gods, game.decks, strict=True)):
            self.god_uid[seat] = self._enter(god, seat).uid
            cards = deck.card_list()
            for building in CARDS[god].starting:  # AG-SETUP-3
                cards.remove(building)
                self._enter(building, seat)
            self.gold[seat] += CARDS[god].starting_gold
            self.favor[seat] += CARDS[god].starting_favor
            self.deck.append(cards)
        self.draws: list[tuple[int, bool]] = []  # (seat, up to a full hand?)
        self.filled = 0  # cards drawn so far by the refill first in ``draws`` (narration)
        self.order: list[tuple[int, list[Trigger]]] = []  # triggers each player orders
        self.battle: Battle | None = None
        self.rolls: list[list[int]] = [[] for _ in range(n)]
        self.contenders = list(range(n))
        self.current = 0
        self.turn = 0  # turns finished
        # AG-RULING-STALL: quiet turns in a row (no card drawn, no new lowest Life, nobody
        # out), the lowest Life of each seat at a turn's end, the cards left in all decks.
        self.stall = 0
        self.stall_low = list(self.life)
        self.stall_cards = sum(len(cards) for cards in self.deck)
        self.winner_seats: list[int] = []
        first = game.options["first"]
        if first is not None:
            self.contenders = []
            self._begin(first)
        else:
            self.step = ROLL

    def _copy(self) -> ArenaState:
        other = ArenaState(self.game, empty=True)  # type: ignore[arg-type]
        other.life = list(self.life)
        other.gold = list(self.gold)
        other.favor = list(self.favor)
        other.hand = [list(h) for h in self.hand]
        other.known = [list(h) for h in self.known]
        other.drawn = [list(h) for h in self.drawn]
        other.drawers = dict(self.drawers)
        other.afterlife = [list(a) for a in self.afterlife]
        other.deck = [list(d) for d in self.deck]
        other.out = list(self.out)
        other.perms = {uid: perm.clone() for uid, perm in self.perms.items()}
        other.next_uid = self.next_uid
        other.god_uid = list(self.god_uid)
        other.draws = list(self.draws)
        other.filled = self.filled
        other.order = [(seat, list(triggers)) for seat, triggers in self.order]
        other.battle = self.battle.copy() if self.battle is not None else None
        other.rolls = [list(r) for r in self.rolls]
        other.contenders = list(self.contenders)
        other.current = self.current
        other.turn = self.turn
        other.stall = self.stall
        other.stall_low = list(self.stall_low)
        other.stall_cards = self.stall_cards
        other.step = self.step
        other.winner_seats = list(self.winner_seats)
        return other

    @property
    def arena(self) -> ArenaGame:
        game = self.game
        assert isinstance(game, ArenaGame)
        return game

    def roster(self) -> Roster:
        """The cards on the Battleground grouped for the rules' scans (roster.py), made again
        when cards entered or left."""
        roster = self._roster
        perms = self.perms
        if (
            roster is None
            or roster.size != len(perms)
            or roster.next_uid != self.next_uid
            or roster.perms is not perms
        ):
            roster = self._roster = Roster(perms, self.next_uid)
        return roster

    def invalidate_caches(self) -> None:
        super().invalidate_caches()
        self._roster = None

    # --- who acts -----------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        step = self.step
        if step == OVER:
            return TERMINAL
        if self.draws or step == ROLL:
            return CHANCE
        if self.order:
            return self.order[0][0]
        if step in WINDOWS:
            assert self.battle is not None
            return self.battle.to_act
        if step == REDIRECT:
            assert self.battle is not None
            return self.battle.defending_seat
        return self.current

    def live_seats(self) -> list[int]:
        return [s for s in range(self.game.players) if not self.out[s]]

    def clockwise_from(self, seat: int) -> list[int]:
        """Live seats from ``seat`` clockwise (to the left), ``seat`` first (AG-TURN-4)."""
        n = self.game.players
        return [(seat + i) % n for i in range(n) if not self.out[(seat + i) % n]]

    # --- changes abilities make -----------------------------------------------------------------
    def gain(self, seat: int, resource: str, amount: int) -> None:
        """Add to a resource, never above 10 (AG-RES-2)."""
        if resource == "gold":
            self.gold[seat] = min(RESOURCE_CAP, self.gold[seat] + amount)
        else:
            self.favor[seat] = min(RESOURCE_CAP, self.favor[seat] + amount)

    def pay(self, seat: int, resource: str, amount: int) -> None:
        """Take from a resource, never below 0."""
        if resource == "gold":
            self.gold[seat] = max(0, self.gold[seat] - amount)
        else:
            self.favor[seat] = max(0, self.favor[seat] - amount)

    def queue_draws(self, seat: int, count: int) -> None:
        self.draws.extend([(seat, False)] * count)

    def deal(self, uid: int, amount: int, source: int) -> int:
        """Place ``amount`` damage on a Unit (less what is prevented) or take it from a God's
        Life; returns what was placed (AG-TERM-PREVENT). ``source`` becomes the Unit's sender
        only if these counters were needed: the Unit had less damage than its Health before
        them (AG-TERM-SENT)."""
        perm = self.perms[uid]
        if amount <= 0:
            return 0
        prevented = min(perm.shield, amount)
        perm.shield -= prevented
        placed = amount - prevented
        if placed <= 0:
            return 0
        if CARDS[perm.card].type == "god":
            self.life[perm.controller] -= placed
            return placed
        before = perm.damage
        perm.damage = before + placed
        if before < abilities.health(self, perm):
            perm.last_source = source
        return placed

    def find(self, token: str) -> Permanent | None:
        """The card on the Battleground ``token`` names, None if there is none."""
        return self.roster().by_token.get(token)

    def _uid_of(self, token: str | None) -> int:
        """The uid of the card on the Battleground ``token`` names (0: none, or not a card
        there, such as an Afterlife card)."""
        found = self.find(token) if token is not None else None
        return found.uid if found is not None else 0

    def _enter(self, card: str, seat: int, bound_to: int = -1) -> Permanent:
        # The card's facts are made before it is on the Battleground (facts.HEALTH_AURA_LOWERS).
        FACTS[card]
        perms = self.perms
        roster = self._roster
        if roster is not None and not (
            roster.size == len(perms) and roster.next_uid == self.next_uid and roster.perms is perms
        ):
            roster = None  # out of date: made again when next asked for
        taken = {p.copy for p in perms.values() if p.card == card and p.controller == seat}
        copy = next(k for k in range(1, len(taken) + 2) if k not in taken)
        perm = Permanent(self.next_uid, card, seat, copy, bound_to=bound_to)
        self.next_uid += 1
        perms[perm.uid] = perm
        if roster is not None:
            roster.add(perm, self.next_uid)  # the newest card comes last, as in ``perms``
        return perm

    def _arrive(self, card: str, seat: int) -> Permanent:
        """A card played or returned enters the Battleground; a Unit may attack this turn
        only with haste (AG-ATTACK-1)."""
        perm = self._enter(card, seat)
        if CARDS[card].type == "unit":
            perm.attacks_left = 1
            perm.ready = abilities.has_haste(perm)
        return perm

    def to_afterlife(self, uid: int, sender: int) -> None:
        """Send a card on the Battleground to its owner's Afterlife and resolve what that
        triggers: its "dies" abilities, the sender's "sends" ones (AG-TERM-SENT)."""
        perm = self.perms.pop(uid, None)
        if perm is None:
            return
        self.afterlife[perm.controller].append(perm.card)
        self._after_death([(perm, sender)])

    def _after_death(self, dead: list[tuple[Permanent, int]]) -> None:
        """The "dies" abilities of the cards that went to the Afterlife together and the
        "sends" abilities of the Units that sent them, all at once: the active player's first,
        then clockwise, each player's in the order their cards entered (AG-RULING-ORDER)."""
        waiting: list[tuple[int, int, int, Permanent, Ability, int]] = []
        n = self.game.players
        for perm, _ in dead:
            for index, ability in enumerate(CARDS[perm.card].abilities):
                if ability.when == "dies":
                    waiting.append((perm.controller, perm.uid, index, perm, ability, 0))
        for perm, sender in dead:
            killer = self.perms.get(sender) or next((p for p, _ in dead if p.uid == sender), None)
            if killer is None or CARDS[perm.card].type != "unit":
                continue
            for index, ability in enumerate(CARDS[killer.card].abilities):
                if ability.when == "sends":
                    entry = (killer.controller, killer.uid, index, killer, ability, perm.uid)
                    waiting.append(entry)
        if len(waiting) > 1:
            active = self.current
            waiting.sort(key=lambda w: ((w[0] - active) % n, w[1], w[2], w[5]))
        for seat, _, _, perm, ability, foe in waiting:
            abilities.resolve(self, ability, perm, seat, foe=foe)

    def return_card(self, seat: int, card: str, to: str) -> None:
        """Return a card from ``seat``'s Afterlife to the hand or the Battleground
        (AG-TERM-RETURN)."""
        self.afterlife[seat].remove(card)
        if to == "hand":
            self.hand[seat].append(card)
            self.hand[seat].sort()
            self.known[seat].append(card)
        else:
            self._arrive(card, seat)  # as if played: haste lets it attack (AG-ATTACK-1)

    # --- health checks --------------------------------------------------------------------------
    def health_check(self) -> None:
        """Send every Unit whose damage reaches its Health to the Afterlife, then every God at
        0 Life loses (AG-BATTLE-4, AG-END-1); repeated while abilities this triggers change
        anything."""
        health_with = abilities.health_with
        while True:
            # Printed Health is at least 1: a Unit without damage dies only where something
            # lowers its Health (a negative gain or get, or an aura, which no shipped card has).
            roster = self.roster()
            if facts.HEALTH_AURA_LOWERS:
                hurt = roster.units
            else:
                hurt = [
                    perm
                    for perm in roster.units
                    if perm.damage > 0
                    or perm.gained_health < 0
                    or perm.turn_health < 0
                    or perm.battle_health < 0
                ]
            if not hurt:
                break
            auras = roster.health_auras  # once for all the Units
            dead = []
            for perm in hurt:
                if perm.damage >= health_with(self, perm, auras):
                    dead.append((perm, perm.last_source))
            if not dead:
                break
            for perm, _ in dead:
                del self.perms[perm.uid]
                self.afterlife[perm.controller].append(perm.card)
            self._after_death(dead)
        if min(self.life) <= 0:  # else no seat, live or out, is at 0 Life or less
            losers = [s for s in self.live_seats() if self.life[s] <= 0]
            if losers:
                self._eliminate(losers)
                if self.step != OVER:
                    # A battle that ended with a player going out took its "gets" with it: a
                    # Unit kept alive only by them goes now (AG-RULING-GETS-END).
                    self.health_check()

    def _eliminate(self, seats: list[int]) -> None:
        """AG-END-1/2: a player whose God reaches 0 Life is out; their cards leave the game,
        Bindings others put on them go to their owners' Afterlives."""
        live_before = self.live_seats()
        for seat in seats:
            self.out[seat] = True
        self.stall = 0  # a player out brings the end nearer (AG-RULING-STALL)
        for uid, perm in list(self.perms.items()):
            if perm.controller in seats:
                del self.perms[uid]
            elif perm.bound_to in seats:
                del self.perms[uid]
                self.afterlife[perm.controller].append(perm.card)
        if self.draws and self.draws[0][0] in seats:
            self.filled = 0  # (a refill under way is dropped with its drawer)
        self.draws = [d for d in self.draws if d[0] not in seats]
        self.order = [(s, t) for s, t in self.order if s not in seats]
        live = self.live_seats()
        if len(live) <= 1:
            # The last player standing wins; if the last ones fall together they share it.
            self.winner_seats = live or sorted(set(live_before) & set(seats))
            self.step = OVER
            self._battle_over()
            self.order = []
            self.draws = []
            return
        battle = self.battle
        if battle is not None and (
            battle.attacking_seat in seats or battle.defending_seat in seats
        ):
            self._battle_over()  # a side of the battle is gone: it is over
            self.step = MAIN
        if self.current in seats:
            self._battle_over()
            self.order = []
            self.step = CLEANUP

    # --- legal actions --------------------------------------------------------------------------
    def _legal_actions(self) -> list[str]:
        if self.order:
            triggers = self.order[0][1]
            acts = {FACTS[t.card].trigger for t in triggers}
            acts.update([FACTS[t.card].decline for t in triggers if t.optional])
            return sorted(acts)
        step = self.step
        if step == MAIN:
            return self._main_actions(self.current)
        if step == REDIRECT:
            return ["hold", "redirect"]
        if step in WINDOWS:
            assert self.battle is not None
            return self._window_actions(self.battle.to_act)
        if step == DISCARD:
            return sorted({FACTS[c].discard for c in self.hand[self.current]} | {"done"})
        raise AssertionError(f"no decision at step {step}")

    def affordable(self, seat: int, card_id: str) -> bool:
        gold, favor = abilities.cost(self, seat, card_id)
        return self.gold[seat] >= gold and self.favor[seat] >= favor

    def _play_actions(self, seat: int, card: Card, from_afterlife: bool = False) -> list[str]:
        card_facts = FACTS[card.id]
        plain = card_facts.replay if from_afterlife else card_facts.play
        if not card_facts.targeted:
            return [plain]
        targets = abilities.play_targets(self, seat, card, from_afterlife)
        assert targets is not None
        prefix = card_facts.replay_prefix if from_afterlife else card_facts.play_prefix
        acts = [prefix + t for t in targets]
        if not acts and card.type != "evocation":
            acts.append(plain)  # AG-RULING-NO-TARGET: the effect is skipped
        return acts

    def _afterlife_actions(self, seat: int, combat: bool) -> list[str]:
        """AG-PLAY-1: the cards ``seat`` may play from their Afterlife now (some card lets
        them; as from the hand: Combat Evocations only in battle windows, the others only in
        the main phase; the cost paid, discounts applied)."""
        pile = self.afterlife[seat]
        if not pile:
            return []
        allowed = [matches for side, matches in self.roster().afterlife_plays if side == seat]
        if not allowed:
            return []
        acts: list[str] = []
        found = abilities.discounts(self, seat)
        gold, favor = self.gold[seat], self.favor[seat]
        for card_id in sorted(set(pile)):
            if FACTS[card_id].combat != combat or not any(m[card_id] for m in allowed):
                continue
            card = CARDS[card_id]
            need_gold, need_favor = abilities.cost_with(card, found)
            if gold < need_gold or favor < need_favor:
                continue
            acts.extend(self._play_actions(seat, card, from_afterlife=True))
        return acts

    def _use_actions(self, seat: int, phase: str) -> list[str]:
        acts: list[str] = []
        gold, favor = self.gold[seat], self.favor[seat]
        for perm, ability in self.roster().activated:
            if perm.controller != seat or perm.used or perm.bound_to >= 0:
                continue
            if ability.phase != phase and ability.phase != "any":
                continue
            if gold < ability.gold or favor < ability.favor:
                continue
            targets = abilities.use_targets(self, seat, ability)
            if targets is None:
                acts.append("use " + perm.token)
            else:
                prefix = "use " + perm.token + " "
                acts.extend([prefix + t for t in targets])
        return acts

    def _main_actions(self, seat: int) -> list[str]:
        acts = ["end"]
        hand = self.hand[seat]
        if hand:
            found = abilities.discounts(self, seat)
            gold, favor = self.gold[seat], self.favor[seat]
            for card_id in sorted(set(hand)):
                if FACTS[card_id].combat:
                    continue
                card = CARDS[card_id]
                need_gold, need_favor = abilities.cost_with(card, found)
                if gold < need_gold or favor < need_favor:
                    continue
                acts.extend(self._play_actions(seat, card))
        acts.extend(self._use_actions(seat, "main"))
        roster = self.roster()
        if roster.afterlife_plays:
            acts.extend(self._afterlife_actions(seat, combat=False))
        targets: list[str] | None = None
        for perm in roster.units:
            if perm.controller == seat and perm.ready and perm.attacks_left > 0:
                if targets is None:
                    targets = [p.token for p in roster.attackable if p.controller != seat]
                prefix = "attack " + perm.token + " "
                acts.extend([prefix + t for t in targets])
        return sorted(set(acts))

    def _window_actions(self, seat: int) -> list[str]:
        acts = ["pass"]
        hand = self.hand[seat]
        if hand:
            found: list[Discount] | None = None
            gold, favor = self.gold[seat], self.favor[seat]
            for card_id in sorted(set(hand)):
                card_facts = FACTS[card_id]
                if not card_facts.combat:
                    continue
                card = CARDS[card_id]
                if found is None:
                    found = abilities.discounts(self, seat)
                need_gold, need_favor = abilities.cost_with(card, found)
                if gold < need_gold or favor < need_favor:
                    continue
                if not card_facts.targeted:
                    acts.append(card_facts.play)
                else:
                    targets = abilities.play_targets(self, seat, card)
                    assert targets is not None
                    prefix = card_facts.play_prefix
                    acts.extend([prefix + t for t in targets])
        acts.extend(self._use_actions(seat, "battle"))
        if self.roster().afterlife_plays:
            acts.extend(self._afterlife_actions(seat, combat=True))
        return sorted(set(acts))

    # --- chance ---------------------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[str, float]]:
        if self.draws:
            return _draw_outcomes(self.deck[self.draws[0][0]])
        return ROLLS

    # --- apply ----------------------------------------------------------------------------------
    def apply(self, action: str, player: int | None = None) -> None:
        """The engine's apply; a refusal says why in this game's notation (refusals.py)."""
        try:
            super().apply(action, player)
        except IllegalAction as error:
            raise IllegalAction(refusals.explain(self, action, player, str(error))) from None

    def _apply(self, action: str) -> None:
        verb, _, rest = action.partition(" ")
        if self.draws:
            self._draw(rest)
        elif self.step == ROLL:
            self._roll(int(rest))
        elif self.order:
            self._order(verb, rest)
        elif self.step == MAIN:
            self._main(verb, rest)
        elif self.step == REDIRECT:
            self._redirect(verb == "redirect")
        elif self.step in WINDOWS:
            self._window(verb, rest)
        elif self.step == DISCARD:
            if verb == "done":
                self.step = CLEANUP
            else:
                self._discard(rest)
        self._advance()

    def _draw(self, card: str) -> None:
        seat, fill = self.draws[0]
        self.deck[seat].remove(card)
        self.hand[seat].append(card)
        self.hand[seat].sort()
        self.drawn[seat].append((card, len(self._history)))
        self.drawers[len(self._history)] = seat
        if fill:
            self.filled += 1
        else:
            self.draws.pop(0)

    def _discard(self, card: str) -> None:
        self._take_from_hand(self.current, card)
        self.afterlife[self.current].append(card)

    def _take_from_hand(self, seat: int, card: str) -> None:
        """A card leaves the hand: a known copy if there is one (what is left is then as
        unknown as before), else the copy drawn last."""
        self.hand[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)
            return
        drawn = self.drawn[seat]
        for index in range(len(drawn) - 1, -1, -1):
            if drawn[index][0] == card:
                del drawn[index]
                return

    def _roll(self, value: int) -> None:
        """AG-SETUP-2: each contender rolls two dice (separate chance nodes, in seat order)."""
        for seat in self.contenders:
            if len(self.rolls[seat]) < 2:
                self.rolls[seat].append(value)
                break
        if any(len(self.rolls[s]) < 2 for s in self.contenders):
            return
        best = max(sum(self.rolls[s]) for s in self.contenders)
        top = [s for s in self.contenders if sum(self.rolls[s]) == best]
        if len(top) > 1:  # ties re-roll
            self.contenders = top
            for seat in top:
                self.rolls[seat] = []
            return
        self.contenders = []
        self._begin(top[0])

    def _begin(self, first: int) -> None:
        """AG-SETUP-5: everyone draws to five; then the first player's first turn."""
        self.current = first
        for seat in self.clockwise_from(first):
            self.draws.append((seat, True))
        self.step = TURN_START

    def _order(self, verb: str, card: str) -> None:
        """Resolve (or decline) the first pending trigger of ``card`` (AG-TURN-1)."""
        seat, triggers = self.order[0]
        declining = verb == "decline"
        index = next(
            i for i, t in enumerate(triggers) if t.card == card and (t.optional or not declining)
        )
        trigger = triggers.pop(index)
        if not triggers:
            self.order.pop(0)
        if verb == "trigger":
            self._fire(seat, trigger)

    def _fire(self, seat: int, trigger: Trigger) -> None:
        perm = self.perms.get(trigger.uid)
        if perm is None:
            return  # it left the Battleground before its turn came
        if trigger.index < 0:
            resource, amount = abilities.income(self, perm)
            self.gain(perm.controller, resource, amount)
        else:
            ability = CARDS[perm.card].abilities[trigger.index]
            abilities.resolve(self, ability, perm, perm.controller)
        if self.battle is None:
            self.health_check()

    def _main(self, verb: str, rest: str) -> None:
        seat = self.current
        if verb == "end":
            self.step = TURN_END
        elif verb == "play" or verb == AFTERLIFE_PLAY:
            card_id, _, target = rest.partition(" ")
            self._play(seat, card_id, target or None, verb == AFTERLIFE_PLAY)
            self.health_check()
        elif verb == "use":
            token, _, target = rest.partition(" ")
            self._use(seat, token, target or None)
            self.health_check()
        else:  # attack
            attacker, target = rest.split(" ")
            self._declare(seat, attacker, target)

    def _pay_cost(self, seat: int, gold: int, favor: int) -> None:
        self.gold[seat] -= gold
        self.favor[seat] -= favor

    def _play(
        self, seat: int, card_id: str, target: str | None, from_afterlife: bool = False
    ) -> None:
        """AG-PLAY: pay, the card leaves the hand (or the Afterlife), then it enters the
        Battleground (a Binding on the chosen player) or, for a Ceremonial Evocation,
        resolves and goes to the Afterlife."""
        card = CARDS[card_id]
        self._pay_cost(seat, *abilities.cost(self, seat, card_id))
        if from_afterlife:
            self.afterlife[seat].remove(card_id)
        else:
            self._take_from_hand(seat, card_id)
        if card.kind == "combat":
            assert self.battle is not None
            self.battle.stack.append(StackItem(seat, card_id, 0, target, self._uid_of(target)))
            return
        if card.kind == "ceremonial":
            abilities.resolve_card(self, card_id, None, seat, target)
            self.afterlife[seat].append(card_id)
            return
        if card.kind == "binding":
            assert target is not None
            god = self.find(target)
            assert god is not None
            bound = god.controller
            perm = self._enter(card_id, seat, bound_to=bound)
            abilities.resolve_card(self, card_id, perm, seat, None)
            return
        perm = self._arrive(card_id, seat)
        abilities.resolve_card(self, card_id, perm, seat, target)

    def _use(self, seat: int, token: str, target: str | None) -> None:
        """AG-ABILITY-1: pay the cost; used in the main phase it resolves now, in a battle
        window it waits on the stack with the Combat Evocations (a God Blessing may be used
        in either: AG-RULING-BLESSING)."""
        perm = self.find(token)
        assert perm is not None
        ability = abilities.activated(CARDS[perm.card])
        assert ability is not None
        self._pay_cost(seat, ability.gold, ability.favor)
        perm.used = True
        if self.battle is not None:  # only battle windows are decisions inside a battle
            self.battle.stack.append(
                StackItem(seat, perm.card, perm.uid, target, self._uid_of(target))
            )
        else:
            abilities.resolve(self, ability, perm, seat, target)

    # --- battles --------------------------------------------------------------------------------
    def _declare(self, seat: int, attacker_token: str, target_token: str) -> None:
        """AG-BATTLE-1: an Attack Declaration; an attacked Unit's controller may redirect."""
        attacker = self.find(attacker_token)
        target = self.find(target_token)
        assert attacker is not None and target is not None
        attacker.attacks_left -= 1
        self.battle = Battle(attacker.uid, target.uid, seat, target.controller)
        self.step = REDIRECT if CARDS[target.card].type == "unit" else DECLARE

    def _redirect(self, redirect: bool) -> None:
        battle = self.battle
        assert battle is not None
        if redirect:
            battle.target = self.god_uid[battle.defending_seat]
        self.step = DECLARE

    def _declaration_abilities(self) -> None:
        """AG-BATTLE-1: on-declaration abilities, the attacker's first, then clockwise."""
        battle = self.battle
        assert battle is not None
        engaged = [
            (battle.attacker, "attack", battle.target),
            (battle.target, "attacked", battle.attacker),
        ]
        for seat in self.clockwise_from(battle.attacking_seat):
            for uid, when, foe in engaged:
                perm = self.perms.get(uid)
                if perm is None or perm.controller != seat:
                    continue
                for ability in CARDS[perm.card].abilities:
                    if ability.when == when and self.battle is not None:
                        abilities.resolve(self, ability, perm, seat, foe=foe)

    def _open_window(self, step: str) -> None:
        battle = self.battle
        assert battle is not None
        battle.to_act = battle.defending_seat  # AG-BATTLE-2: the defender first
        battle.passes = 0
        self.step = step

    def _window(self, verb: str, rest: str) -> None:
        """AG-BATTLE-2/5: alternate, defender first, until both pass in a row."""
        battle = self.battle
        assert battle is not None
        seat = battle.to_act
        if verb == "pass":
            battle.passes += 1
        else:
            battle.passes = 0
            first, _, target = rest.partition(" ")
            if verb == "use":
                self._use(seat, first, target or None)
            else:
                self._play(seat, first, target or None, verb == AFTERLIFE_PLAY)
        if battle.passes >= 2:
            self.step = PRE_RESOLVE if self.step == PRE_WINDOW else POST_RESOLVE
        else:
            battle.to_act = (
                battle.attacking_seat if seat == battle.defending_seat else battle.defending_seat
            )

    def _resolve_stack(self) -> None:
        """AG-BATTLE-3: resolve in the reverse order of play."""
        battle = self.battle
        assert battle is not None
        while battle.stack and self.battle is battle:
            abilities.resolve_stack_item(self, battle.stack.pop())

    def _battle_goes_on(self) -> bool:
        """After a health check: both sides still have their Unit (or God) in it."""
        battle = self.battle
        return battle is not None and battle.attacker in self.perms and battle.target in self.perms

    def _combat(self) -> None:
        """AG-BATTLE-4: both place damage equal to their Power at the same time (a God deals
        none); then the "damage" abilities of those that placed some."""
        battle = self.battle
        assert battle is not None
        attacker, target = self.perms[battle.attacker], self.perms[battle.target]
        hits = [(attacker, target, abilities.power(self, attacker))]
        if CARDS[target.card].type == "unit":
            hits.append((target, attacker, abilities.power(self, target)))
        placed = [(src, dst, self.deal(dst.uid, amount, src.uid)) for src, dst, amount in hits]
        for src, dst, count in placed:
            if count <= 0 or src.uid not in self.perms:
                continue
            for ability in CARDS[src.card].abilities:
                if ability.when == "damage":
                    abilities.resolve(self, ability, src, src.controller, foe=dst.uid, placed=count)

    def _end_battle(self) -> None:
        self._battle_over()
        self.step = MAIN
        self.health_check()  # gets that ended may leave Units without Health

    def _battle_over(self) -> None:
        """The battle ends, however it ends (its last health check, or a player in it going
        out): "gets" for the battle end with it (AG-BATTLE-6, AG-RULING-GETS-END). The caller
        follows with a health check."""
        if self.battle is None:
            return
        for perm in self.perms.values():
            perm.battle_power = perm.battle_health = 0
        self.battle = None

    # --- the flow -------------------------------------------------------------------------------
    def _collect(self, own: str, each: str) -> None:
        """Queue start (or end) of turn triggers: the turn player's, then clockwise."""
        current = self.current
        seats = self.clockwise_from(current)
        queued: dict[int, list[Trigger]] = {seat: [] for seat in seats}
        start = own == "start"
        for perm, card in self.roster().triggers:
            seat = perm.bound_to if perm.bound_to >= 0 else perm.controller
            triggers = queued.get(seat)
            if triggers is None:
                continue
            mine, others = card.start if start else card.end
            for index, optional in mine if seat == current else others:
                triggers.append(Trigger(perm.uid, index, perm.card, optional))
        self.order = [(seat, queued[seat]) for seat in seats if queued[seat]]

    def _commuting(self, triggers: list[Trigger]) -> bool:
        """Whether the order of these triggers cannot matter (AG-TURN-1): one card only, or
        only gains, none optional."""
        if any(t.optional for t in triggers):
            return False
        if len({t.card for t in triggers}) == 1:
            return True
        for t in triggers:
            if t.index < 0:
                continue
            ability = CARDS[t.card].abilities[t.index]
            if ability.effect not in _GAINS or ability.amount < 0:
                return False
        return True

    def _advance(self) -> None:
        """Run the flow until a player must decide, a chance node, or the end."""
        while True:
            step = self.step
            if step == OVER:
                return
            if self.draws:
                seat, fill = self.draws[0]
                if not self.deck[seat] or (fill and len(self.hand[seat]) >= HAND_SIZE):
                    self.draws.pop(0)  # AG-RULING-DECK-OUT: nothing to draw
                    self.filled = 0
                    continue
                return
            if self.order:
                seat, triggers = self.order[0]
                if not self._commuting(triggers):
                    return
                self.order.pop(0)
                for trigger in sorted(triggers, key=_UID):
                    self._fire(seat, trigger)
                continue
            if step in (ROLL, MAIN, REDIRECT, PRE_WINDOW, POST_WINDOW, DISCARD):
                return
            if step == SETUP_DRAW:
                self.step = TURN_START
            elif step == TURN_START:
                self._start_turn()
            elif step == TURN_DRAW:
                self.draws.append((self.current, True))  # AG-TURN-2
                self.step = MAIN
            elif step == DECLARE:
                self._declaration_abilities()
                if self.battle is not None:
                    self._open_window(PRE_WINDOW)
            elif step in (PRE_RESOLVE, POST_RESOLVE):
                self._resolve_stack()
                if self.battle is not None:
                    self.step = PRE_CHECK if step == PRE_RESOLVE else POST_CHECK
            elif step == PRE_CHECK:
                self.health_check()
                if self.step == PRE_CHECK:
                    self.step = COMBAT if self._battle_goes_on() else BATTLE_END
            elif step == COMBAT:
                self._combat()
                if self.battle is not None:
                    self._open_window(POST_WINDOW)
            elif step == POST_CHECK:
                self.health_check()
                if self.step == POST_CHECK:
                    self.step = BATTLE_END
            elif step == BATTLE_END:
                self._end_battle()
            elif step == TURN_END:
                self._collect("end", "end-each")  # AG-TURN-3
                self.step = DISCARD
            elif step == CLEANUP:
                self._cleanup()
            else:
                raise AssertionError(f"unknown step {step}")

    def _start_turn(self) -> None:
        """AG-TURN-1: Units controlled now may attack this turn; start-of-turn abilities."""
        seat = self.current
        for perm in self.perms.values():
            perm.used = False
            if perm.controller == seat and CARDS[perm.card].type == "unit":
                perm.ready = True
                perm.attacks_left = 1
        self._collect("start", "start-each")
        self.step = TURN_DRAW

    def _cleanup(self) -> None:
        """End of the turn: "gets" and prevention end; the next live player's turn (AG-TURN-4),
        unless the round cap is reached (AG-CAP-1)."""
        self._battle_over()  # no battle outlives the turn
        for perm in self.perms.values():
            perm.turn_power = perm.turn_health = perm.shield = 0
            perm.ready = False
            perm.attacks_left = 0
        self.health_check()
        if self.step == OVER:
            return
        live = self.live_seats()
        following = self.clockwise_from(self.current)
        nxt = following[1] if len(following) > 1 and following[0] == self.current else following[0]
        self.turn += 1
        cap = self.game.options["max_rounds"]
        if cap is not None and self.turn >= cap * self.game.players:
            best = max(self.life[s] for s in live)
            self.winner_seats = [s for s in live if self.life[s] == best]
            self.step = OVER
            return
        if self._stalled(live):
            self.winner_seats = live  # AG-RULING-STALL: a draw of the players left
            self.step = OVER
            return
        self.current = nxt
        self.step = TURN_START

    def _stalled(self, live: list[int]) -> bool:
        """AG-RULING-STALL, at a turn's end: count the turn as quiet unless it took a step
        the game can take only a bounded number of times (a card drawn: decks never grow; a
        live player's Life below its lowest so far: lows fall from 20 to 1 at most; a player
        out, counted in ``_eliminate``); whether 20 rounds of quiet turns in a row are done.
        Gains do not count: a God healing faster than it is hurt is no nearer its end."""
        life, low = self.life, self.stall_low
        progress = False
        for s in live:
            if life[s] < low[s]:
                low[s] = life[s]
                progress = True
        cards = sum(len(cards) for cards in self.deck)
        if cards < self.stall_cards:
            progress = True
        self.stall_cards = cards
        self.stall = 0 if progress else self.stall + 1
        return self.stall >= STALL_ROUNDS * len(live)

    # --- results --------------------------------------------------------------------------------
    def _returns(self) -> list[float]:
        share = 1.0 / len(self.winner_seats)
        return [share if s in self.winner_seats else 0.0 for s in range(self.game.players)]

    def _winners(self) -> list[int]:
        return sorted(self.winner_seats)

    def scores(self) -> list[float]:
        return [float(max(0, life)) for life in self.life]

    def ending(self) -> str | None:
        """AG-END-3: how the game ended, told by the finished state itself: at most one
        player left (AG-END-2), else the round cap reached (AG-CAP-1, checked before the
        stall at a turn's end), else the stall (AG-RULING-STALL). None before the end."""
        if self.step != OVER:
            return None
        if len(self.live_seats()) <= 1:
            return "last-standing"
        cap = self.game.options["max_rounds"]
        if cap is not None and self.turn >= cap * self.game.players:
            return "round-limit"
        return "stalemate"

    def seat_label(self, seat: int) -> str | None:
        """The seat's God: "Zeus"."""
        return CARDS[self.arena.gods[seat]].name

    def features(self) -> dict[str, Any]:
        return {"gods": list(self.arena.gods), "decks": [d.name for d in self.arena.decks]}

    def evaluate(self, player: int) -> float:
        if self.is_terminal():
            return self.returns()[player]
        return evaluation.evaluate(self, player)

    def view(self, player: int | None) -> dict[str, Any]:
        return hidden.view(self, player)

    def undo_safe(self, action: str) -> bool:
        """Safe to take back: anything but ``done``, unless it makes a card be drawn or ends
        the game (hidden.undo_safe)."""
        return hidden.undo_safe(self, action)

    def _refusal(self, action: str, player: int) -> str | None:
        """Why the player to move may not play ``action``, in printed names
        (refusals.for_people)."""
        return refusals.for_people(self, action, player)

    def revealed(self) -> list[dict[str, Any]]:
        """Hands, decks and built deck lists, for the replay of a finished game."""
        return hidden.revealed(self)

    def action_seen_by(self, action: str, observer: int | None) -> str:
        """A card drawn is seen by the player who draws it; the others (spectators included)
        learn only that a card was drawn: ``draw ?``, as in their log. Every decision is
        public: cards are played, discarded and ordered face up."""
        draws = self.draws
        if draws and observer != draws[0][0] and action.startswith("draw "):
            return "draw ?"
        return action

    def determinize(self, player: int, rng: random.Random) -> ArenaState:
        return hidden.determinize(self, player, rng)

    def __str__(self) -> str:
        return hidden.describe(self)
