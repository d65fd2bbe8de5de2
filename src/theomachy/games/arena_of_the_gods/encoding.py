"""Arena of the Gods' encoding for the RL adapters: action tables, observation vector, bound.

See "Encoding (for the RL adapters)" in RULES.md. The tables are built from the card
catalog and the game's decks (the set-up; a deck a player built is that player's secret,
AG-RULING-HIDDEN, so the tables are the environment's, never shown to a learner): a card on
the Battleground is named ``<card>@<seat>[.<copy>]`` and a seat can never have more copies of
a card there than its deck holds, so the names, and with them every action, are finite.
Observations are made from a seat's view only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from theomachy.engine.core import Game
from theomachy.engine.encoding import Encoding as BaseEncoding
from theomachy.engine.encoding import Features, seats_from
from theomachy.games.arena_of_the_gods.abilities import activated
from theomachy.games.arena_of_the_gods.cards import CHOSEN_TARGETS, Ability, Card, catalog
from theomachy.games.arena_of_the_gods.facts import AFTERLIFE_PLAY
from theomachy.games.arena_of_the_gods.model import (
    BATTLE_END,
    CLEANUP,
    COMBAT,
    DECLARE,
    DISCARD,
    MAIN,
    OVER,
    POST_CHECK,
    POST_RESOLVE,
    POST_WINDOW,
    PRE_CHECK,
    PRE_RESOLVE,
    PRE_WINDOW,
    REDIRECT,
    ROLL,
    SETUP_DRAW,
    TURN_DRAW,
    TURN_END,
    TURN_START,
    permanent_token,
)

CARDS = catalog()
IDS = tuple(sorted(CARDS))
STEPS = (
    ROLL, SETUP_DRAW, TURN_START, TURN_DRAW, MAIN, REDIRECT, DECLARE, PRE_WINDOW, PRE_RESOLVE,
    PRE_CHECK, COMBAT, POST_WINDOW, POST_RESOLVE, POST_CHECK, BATTLE_END, TURN_END, DISCARD,
    CLEANUP, OVER,
)  # fmt: skip
SIMPLE = ("done", "end", "hold", "pass", "redirect")
AFTERLIFE_EFFECT = "afterlife-play"
# A nominal bound on one turn's decisions (see RULES.md, "Encoding"), and on the rounds of a
# game without the round cap.
PER_TURN = 2_000
NOMINAL_ROUNDS = 10_000
LIFE_HIGH, LIFE_LOW = 40.0, -20.0
COPIES_HIGH = 3.0
PER_SEAT = 7 + 6 * len(IDS)


class Encoding(BaseEncoding):
    """Tables and observations for one game (player count and decks).

    :meth:`max_decisions` is a NOMINAL bound: without the ``max_rounds`` option (AG-CAP-1;
    the default, the rulebook's game) a game has no fixed length, only a bound (20 quiet
    rounds end it, and the count restarts a bounded number of times, AG-RULING-STALL: at
    most 8,400 rounds at six players), so the bound counts NOMINAL_ROUNDS rounds; with the
    option it counts ``max_rounds``.
    Suites that play whole random games use ``short_game_options``: a cap of 30 rounds
    (random games last about 8 to 10 rounds).
    """

    short_game_options: ClassVar[dict[str, Any]] = {"max_rounds": 30}

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.players = game.players
        gods: list[str] = getattr(game, "gods")  # noqa: B009 (the ArenaGame attribute)
        decks = getattr(game, "decks")  # noqa: B009
        self.tokens: list[dict[str, list[str]]] = []  # seat -> card -> its possible names
        for seat, (god, deck) in enumerate(zip(gods, decks, strict=True)):
            names = {god: [permanent_token(god, seat)]}
            for card, count in Counter(deck.card_list()).items():
                names[card] = [permanent_token(card, seat, k) for k in range(1, count + 1)]
            self.tokens.append(names)

    def _names(self, seats: range | list[int], kinds: tuple[str, ...]) -> list[str]:
        found = []
        for seat in seats:
            for card, names in self.tokens[seat].items():
                if CARDS[card].type in kinds or (
                    "binding" in kinds and CARDS[card].kind == "binding"
                ):
                    found.extend(names)
        return found

    def _targets(self, kind: str, ability: Ability | None) -> list[str]:
        every = range(self.players)
        if kind == "afterlife":
            flt = ability.filter if ability is not None else None
            return [
                c for c in IDS if CARDS[c].type != "god" and (flt is None or flt.matches(CARDS[c]))
            ]
        if kind == "binding":
            return self._names(every, ("binding",))
        if kind in ("god", "enemy-god"):
            return self._names(every, ("god",))
        if kind in ("any", "enemy-any"):
            return self._names(every, ("unit", "god"))
        return self._names(every, ("unit",))

    def decisions(self) -> list[str]:
        """Simple verbs; trigger/decline/discard/play of every card; attacks of every Unit
        name on every other seat's Unit and God names; plays and uses with every name their
        target kind allows; plays from the Afterlife where a seat's deck allows them (a
        superset of what can be legal), sorted."""
        found: set[str] = set(SIMPLE)
        for card in IDS:
            found.update((f"trigger {card}", f"decline {card}", f"discard {card}", f"play {card}"))
        n = self.players
        for seat in range(n):
            others = [s for s in range(n) if s != seat]
            targets = self._names(others, ("unit", "god"))
            for attacker in self._names([seat], ("unit",)):
                found.update(f"attack {attacker} {t}" for t in targets)
            for card, names in self.tokens[seat].items():
                found.update(self._card_decisions(CARDS[card], names))
            found.update(self._afterlife_decisions(seat))
        return sorted(found)

    def _plays(self, verb: str, card: Card) -> set[str]:
        """``<verb> C`` and ``<verb> C T`` for every target name T its play may choose."""
        found = {f"{verb} {card.id}"}
        kind = card.play_target
        if kind is not None:
            ability = next(
                (a for a in card.abilities if a.when == "play" and a.target in CHOSEN_TARGETS),
                None,
            )
            found.update(f"{verb} {card.id} {t}" for t in self._targets(kind, ability))
        return found

    def _afterlife_decisions(self, seat: int) -> set[str]:
        """Plays from the seat's Afterlife (AG-PLAY-1): of the cards of its deck that a card
        of its deck (or its God) lets it play from there; none when no card does."""
        allowed = [
            ability.filter
            for card in self.tokens[seat]
            for ability in CARDS[card].abilities
            if ability.effect == AFTERLIFE_EFFECT
        ]
        found: set[str] = set()
        if not allowed:
            return found
        for card_id in self.tokens[seat]:
            card = CARDS[card_id]
            if card.type != "god" and any(
                f.matches(card, card.power, card.health) for f in allowed
            ):
                found.update(self._plays(AFTERLIFE_PLAY, card))
        return found

    def _card_decisions(self, card: Card, names: list[str]) -> set[str]:
        found = self._plays("play", card)
        use = activated(card)
        if use is not None:
            if use.target in CHOSEN_TARGETS:
                targets = self._targets(use.target, use)
                for name in names:
                    found.update(f"use {name} {t}" for t in targets)
            else:
                found.update(f"use {name}" for name in names)
        return found

    def outcomes(self) -> list[str]:
        """``roll 1``..``roll 6``, then ``draw <card>`` for every card, by id."""
        return [f"roll {n}" for n in range(1, 7)] + [
            f"draw {c}" for c in IDS if CARDS[c].type != "god"
        ]

    def observation_size(self) -> int:
        return len(STEPS) + 5 + len(IDS) * 5 + 2 * self.players + self.players * PER_SEAT

    def max_decisions(self) -> int:
        """A nominal bound: PER_TURN decisions a turn, ``max_rounds`` rounds (or
        NOMINAL_ROUNDS without the cap) of one turn per player."""
        cap = self.game.options.get("max_rounds")
        rounds = cap if isinstance(cap, int) and cap > 0 else NOMINAL_ROUNDS
        return rounds * self.players * PER_TURN

    def observe(self, view: Mapping[str, Any]) -> list[float]:
        n = self.players
        me = view["player"]
        order = seats_from(me, n)
        relative = {seat: k for k, seat in enumerate(order)}
        f = Features()
        f.one_hot(view["step"], STEPS)
        f.scalar(view["turn"], 500.0)
        battle = view["battle"]
        f.flag(battle is not None)
        f.flag(battle is not None and battle["attacking_seat"] == me)
        f.flag(battle is not None and battle["defending_seat"] == me)
        f.flag(view["current_player"] == me)
        mine = view["players"][me]
        f.counts(mine.get("hand", []), IDS, COPIES_HIGH)
        pending = [c for entry in view["pending"] if entry["seat"] == me for c in entry["triggers"]]
        f.counts(pending, IDS, COPIES_HIGH)
        cards_of = {p["token"]: p["card"] for p in view["battleground"]}
        seat_of = {p["token"]: p["controller"] for p in view["battleground"]}
        attacker = battle["attacker"] if battle else None
        target = battle["target"] if battle else None
        f.one_hot(cards_of.get(attacker or ""), IDS)
        f.one_hot(cards_of.get(target or ""), IDS)
        f.one_hot(relative.get(seat_of.get(attacker or "", -1)), range(n))
        f.one_hot(relative.get(seat_of.get(target or "", -1)), range(n))
        stack = [item["card"] for item in battle["stack"]] if battle else []
        f.counts(stack, IDS, COPIES_HIGH)
        for seat in order:
            entry = view["players"][seat]
            f.flag(entry["out"])
            f.flag(view["turn_player"] == seat)
            f.scalar(entry["life"], LIFE_HIGH, LIFE_LOW)
            f.scalar(entry["gold"], 10.0)
            f.scalar(entry["favor"], 10.0)
            f.scalar(entry["deck_count"], 50.0)
            f.scalar(entry["hand_count"], 10.0)
            f.counts(entry["afterlife"], IDS, COPIES_HIGH)
            f.counts(entry.get("known_hand", []), IDS, COPIES_HIGH)
            units = [p for p in view["battleground"] if p["controller"] == seat]
            f.counts([p["card"] for p in units], IDS, COPIES_HIGH)
            fighting = [p for p in units if p["type"] == "unit"]
            f.amounts(((p["card"], p["power"]) for p in fighting), IDS, 20.0)
            f.amounts(((p["card"], max(0, p["health"] - p["damage"])) for p in fighting), IDS, 30.0)
            f.amounts(((p["card"], 1.0 if p["ready"] else 0.0) for p in fighting), IDS, COPIES_HIGH)
        return f.done(self.observation_size())
