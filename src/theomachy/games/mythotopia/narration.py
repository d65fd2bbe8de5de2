"""Mythotopia's events in words: who played what and what came of it.

The narrator reads only the reader's views around an action (``before`` and ``after``) and
the action as the reader saw it, never the state: another player's draws read ``draw ?`` and
his hand is in no view, so no line can name a card he has not shown. Names come from the map
and the card catalogue (public content).

An action of Mythotopia is often several decisions: the verb (``invade blore palmain``), one
``pay`` per card and, for open amounts, ``done``. The verb's line says what is undertaken and
what it costs; each payment says which card paid what; the decision that completes the
action says what came of it (armies placed, a card drafted, a city built). Every line then
adds what changed on the table: wars begun, changed or ended (and who won them), provinces
changing hands, VP counters taken and scores, a discard pile shuffled into a new deck, whose
turn it is, the end of the game.

Each line costs a constant amount of work (a pass over the 40 provinces, the players and the
VP cards), never a walk through the game's history.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from theomachy.engine.core import CHANCE
from theomachy.engine.narration import Narrator, Told, View, listing
from theomachy.games.mythotopia.board import board
from theomachy.games.mythotopia.cards import catalog
from theomachy.games.mythotopia.payment import pay_value

COLOURS = ("Red", "Blue", "Green", "Yellow")
UNITS = {
    "army": ("army", "armies"),
    "ship": ("ship", "ships"),
    "cross": ("sea crossing", "sea crossings"),
}
CONVERTER_NAMES = ("farming", "gold-mine", "quarry", "levies")
OFFERS = {"gilded": "the Gilded City counter", "inn": "the Roadside Inns counter"}
ISLAND_VALUES = {"large": 3, "small": 2}

Entry = dict[str, Any]


# --- names ---------------------------------------------------------------------------------


@cache
def _places() -> dict[str, str]:
    shape = board()
    names = {p.id: p.name for p in shape.provinces}
    names.update({s.id: s.name for s in shape.seas})
    return names


def place(token: str) -> str:
    """A province or sea in words (its printed name)."""
    return _places().get(token, token)


def card(token: str) -> str:
    """A card in words: ``Market``, ``the Palmain card`` (a Province card)."""
    found = catalog().cards.get(token)
    if found is not None:
        return found.name
    if token in board().province_index:
        return f"the {place(token)} card"
    return token


def vp_card(token: str) -> str:
    """A VP card's printed name."""
    found = catalog().vp.get(token)
    return found.name if found is not None else token


def counter_value(token: str, slot: str) -> int:
    """The value of one counter of a VP card (Lord of the Isles: by island)."""
    if token == "lord-of-the-isles":
        return ISLAND_VALUES.get(slot, 2)
    found = catalog().vp.get(token)
    if found is None or found.fixed or not found.counters:
        return 2
    return found.counters[0]


def plural(count: int, one: str, many: str | None = None) -> str:
    """``1 army``, ``3 armies``."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


listed = listing


def amount(use: str, value: int) -> str:
    """Symbols in words: ``2 armies``, ``1 gold``, ``2 sea crossings``."""
    if use in UNITS:
        one, many = UNITS[use]
        return plural(value, one, many)
    return f"{value} {use}"


def needs_text(pending: Entry | None) -> str:
    """What an action waiting for payment costs: ``1 food and 2 sea crossings``."""
    if not pending:
        return ""
    needs = dict(pending.get("needs") or {})
    parts = [amount(use, int(count)) for use, count in needs.items() if count]
    return listed(parts)


def neutral_strength(entry: Entry) -> int:
    """A neutral province's Military Strength (its circle, +4 with a Dragon; public)."""
    shape = board()
    index = shape.province_index.get(str(entry["id"]))
    value = shape.neutral_strength[index] if index is not None else 0
    return value + (4 if entry.get("dragon") else 0)


# --- the narrator --------------------------------------------------------------------------


class MythotopiaNarrator(Narrator):
    """Tells Mythotopia from one reader's views."""

    def seat_name(self, view: View, seat: int) -> str:
        return COLOURS[seat] if 0 <= seat < len(COLOURS) else f"Seat {seat}"

    # grammar around "you"
    def does(self, view: View, seat: int, third: str, second: str | None = None) -> str:
        """``Red takes`` / ``you take``."""
        who = self.name(view, seat)
        if who == "you":
            return f"you {second if second is not None else third.removesuffix('s')}"
        return f"{who} {third}"

    def whose(self, view: View, seat: int) -> str:
        """``Red's`` / ``your``."""
        who = self.name(view, seat)
        return "your" if who == "you" else f"{who}'s"

    def side(self, view: View, key: str | int) -> str:
        """A side of a war: a seat or the neutral province (``-1``)."""
        seat = int(key)
        return "neutral" if seat < 0 else self.name(view, seat)

    def province_of(self, view: View, token: str) -> Entry:
        index = board().province_index[token]
        entry: Entry = view["provinces"][index]
        return entry

    def target(self, view: View, token: str) -> str:
        """An invaded province with its defender: ``neutral Blore (strength 4)``,
        ``Blue's Trogle``."""
        entry = self.province_of(view, token)
        owner = entry.get("owner")
        if owner is None:
            return f"neutral {entry['name']} (strength {neutral_strength(entry)})"
        return f"{self.whose(view, int(owner))} {entry['name']}"

    def strengths(self, view: View, entry: Entry) -> str:
        """Both sides of a war: ``Red 5 against neutral 4``."""
        found = dict(entry.get("strengths") or {})
        owner = entry.get("owner")
        defender = "-1" if owner is None else str(owner)
        attackers = [f"{self.side(view, k)} {v}" for k, v in found.items() if k != defender]
        return (
            f"{', '.join(attackers)} against {self.side(view, defender)} {found.get(defender, 0)}"
        )

    # the entry point
    def event(self, before: View, after: View, actor: int, entry: str) -> str | Told | None:
        verb, *args = entry.split(" ")
        if actor == CHANCE:
            text, kind = self.chance(before, after, verb, args), "chance"
        else:
            text, kind = self.decision(before, after, actor, verb, args)
        notes = self.consequences(before, after, actor, verb)
        ending = self.ending(before, after)
        sentences = []
        if ending and verb != "end-game":
            capped = int(after.get("round", 0)) > int(after.get("max_rounds", 0))
            intro = "the round limit is reached" if capped else "the game ends"
            sentences.append(intro + (": " + "; ".join(notes) if notes else ""))
        elif notes:
            plain = ":" not in text and actor != CHANCE and not notes[0].startswith("VP:")
            text += (": " if plain else "; ") + "; ".join(notes)
        if self.turn_ended(before, after, actor, verb):
            sentences.append("the turn ends")
        starting = self.starting_points(before, after)
        if starting:
            sentences.append(starting)
        turn = self.turn_note(before, after)
        if turn:
            sentences.append(turn)
            kind = "round" if kind != "result" else kind
        if ending:
            sentences.append(ending)
            kind = "result"
        for sentence in sentences:
            text += ". " + sentence[0].upper() + sentence[1:]
        return Told(text, kind)

    # --- chance ------------------------------------------------------------------------------

    def chance(self, before: View, after: View, verb: str, args: list[str]) -> str:
        arg = args[0] if args else "?"
        if verb == "deal":
            entry = self.province_of(after, arg)
            owner = entry.get("owner")
            who = "" if owner is None else f" to {self.name(after, int(owner))}"
            return f"{place(arg)} is dealt{who}"
        if verb == "display":
            return f"{card(arg)} is laid on the display"
        if verb == "vpcard":
            found = catalog().vp.get(arg)
            values = listed([f"{v} VP" for v in found.counters]) if found else ""
            if found and len(set(found.counters)) == 1:
                values = f"{plural(len(found.counters), 'counter')} of {found.counters[0]} VP"
            return f"VP card in play: {vp_card(arg)}" + (f" ({values})" if values else "")
        if verb == "dragon":
            return f"a Dragon settles in {place(arg)}"
        if verb == "runestone":
            return f"a Runestone is placed in {place(arg)}"
        if verb == "first":
            return f"{self.does(after, int(arg), 'plays', 'play')} first"
        if verb == "draw":
            return self.draw(before, after, arg)
        return f"{verb} {' '.join(place(a) for a in args)}".strip()

    def draw(self, before: View, after: View, arg: str) -> str:
        pending = before.get("pending") or {}
        if pending.get("kind") == "keep":  # Philosopher's draws from the Improvement deck
            who = self.does(after, int(pending["seat"]), "draws")
            drawn = "a card" if arg == "?" else card(arg)
            return f"{who} {drawn} from the Improvement deck"
        seat = self.drawer(before, after)
        if seat is None:
            return "a card is drawn"
        drawn = "a card" if arg == "?" else card(arg)
        return f"{self.does(after, seat, 'draws')} {drawn}"

    @staticmethod
    def drawer(before: View, after: View) -> int | None:
        """The seat whose hand grew by the draw (or, when a capture took a card from it at
        the same time, whose deck shrank; else the seat whose turn it is)."""
        pairs = list(zip(before["players"], after["players"], strict=True))
        for was, now in pairs:
            if int(now["hand_count"]) > int(was["hand_count"]):
                return int(now["seat"])
        for was, now in pairs:
            if int(now["deck_count"]) < int(was["deck_count"]):
                return int(now["seat"])
        seat = (before.get("turn") or {}).get("seat")
        return None if seat is None else int(seat)

    # --- decisions ---------------------------------------------------------------------------

    def decision(
        self, before: View, after: View, actor: int, verb: str, args: list[str]
    ) -> tuple[str, str]:
        pending = before.get("pending")
        if verb == "pay":
            text = self.pay(args)
            kind = self.resolved(before, after)
            if kind is not None:
                paid = list((pending or {}).get("args") or [])
                done = self.outcome(before, after, actor, kind, paid)
                if done:
                    text += ": " + done
            return text, "move"
        if verb == "done":
            return self.done(before, after, actor)
        if verb == "decline":
            what = OFFERS.get(str((pending or {}).get("kind")), "the offer")
            return f"declines {what}", "minor"
        if verb == "pass":
            return "passes", "minor"
        if verb == "end-turn":
            return "ends the turn", "move"
        if verb == "end-game":
            return "ends the game", "result"
        if verb == "reject":
            if args == ["?"]:
                return "sets a Province card aside in secret", "move"
            return f"sets {place(args[0])} aside" + self.revealed(before, after), "move"
        if verb == "citadel":
            if args == ["?"]:
                return "chooses a province for the Citadel in secret", "move"
            return f"chooses {place(args[0])} for the Citadel" + self.revealed(
                before, after
            ), "move"
        if verb == "keep":
            return self.keep(after, args), "move"
        if verb == "claim":
            taken = listed(self.counters_taken(before, after)) or "no counter"
            return f"takes {taken}" + (" (Scribe)" if args == ["stock"] else ""), "move"
        text = self.action(before, after, actor, verb, args)
        opened = after.get("pending")
        if opened and not pending and int(opened.get("seat", -1)) == actor:
            cost = needs_text(opened)
            if cost:
                text += f" for {cost}"
        elif not opened and not pending:
            done = self.outcome(before, after, actor, verb, args)
            if done:
                text += ": " + done
        return text, "move"

    def action(self, before: View, after: View, actor: int, verb: str, args: list[str]) -> str:
        """The words of a main or free action (its outcome added by the caller)."""
        first = args[0] if args else ""
        if verb == "invade":
            return self.invade(before, args)
        if verb == "place-armies":
            return f"places armies in {place(first)}"
        if verb == "remove-armies":
            armies, mercs = int(args[1]), int(args[2])
            parts = []
            if armies:
                parts.append(plural(armies, "army", "armies"))
            if mercs:
                parts.append(plural(mercs, "Mercenary", "Mercenaries"))
            return f"takes {listed(parts)} off {place(first)}"
        if verb == "place-ships":
            return f"places ships in the {place(first)}"
        if verb == "remove-ships":
            return f"takes {plural(int(args[1]), 'ship')} off the {place(first)}"
        if verb == "end-war":
            hero = " with Hero, breaking the tie" if "hero" in args else ""
            return f"ends the war in {place(first)}{hero}"
        if verb == "buy":
            parts = []
            if int(args[0]):
                parts.append(plural(int(args[0]), "army", "armies"))
            if int(args[1]):
                parts.append(plural(int(args[1]), "ship"))
            return f"buys {listed(parts)}"
        if verb == "draft":
            return f"drafts {card(first)}{self.draft_source(before, actor, first)}"
        if verb == "reserve":
            return f"puts {card(first)} into the Reserve"
        if verb == "warehouse":
            return f"puts {card(first)} into the Reserve (Warehouse)"
        if verb == "discard":
            return self.discard(args)
        if verb == "remove":
            return self.remove(args)
        if verb == "patronage":
            return "takes Patronage"
        if verb == "move":
            return (
                f"moves {plural(int(args[2]), 'army', 'armies')} by road from {place(first)} "
                f"to {place(args[1])}"
            )
        if verb == "play":
            return self.play(before, after, actor, args)
        return f"{verb} {' '.join(place(a) for a in args)}".strip()

    def invade(self, before: View, args: list[str]) -> str:
        target, used = args[0], args[1] if len(args) > 1 else ""
        rest = [a for a in args[2:] if a != "sea"]
        by_sea = " by sea" if "sea" in args else ""
        victim = self.target(before, target)
        if used == "portal":
            return f"invades {victim} through the Portal"
        origin = rest[0] if rest else used
        text = f"invades {victim} from {place(origin)}{by_sea}"
        if used == "general":
            text += " with General"
        elif used != origin:
            text += f" with {card(used)}"
        return text

    def draft_source(self, before: View, actor: int, token: str) -> str:
        if token in (before.get("display") or []):
            return " from the display"
        player = before["players"][actor]
        if token in (player.get("removed") or []):
            return " back from the removed cards"
        if token in (before.get("province_supply") or []):
            return " back from the Province supply"
        return ""

    @staticmethod
    def discard(args: list[str]) -> str:
        reserve = args[:1] == ["reserve"]
        token = args[-1]
        return f"discards {card(token)}" + (" from the Reserve" if reserve else "")

    @staticmethod
    def remove(args: list[str]) -> str:
        reserve = args[:1] == ["reserve"]
        token = args[-1]
        where = " (out of the Reserve)" if reserve else ""
        if token in catalog().starting:
            back = "the removed Starting cards"
        elif token in board().province_index:
            back = "the Province supply"
        else:
            back = "the display"
        return f"removes {card(token)} from the deck{where}: it returns to {back}"

    def play(self, before: View, after: View, actor: int, args: list[str]) -> str:
        token, rest = args[0], args[1:]
        name = card(token)
        if token in ("build", "start-build"):
            what = rest[0]
            if what == "road":
                text = f"plays {name}: a road between {place(rest[1])} and {place(rest[2])}"
                extra = rest[3:]
            else:
                text = f"plays {name}: a {what.capitalize()} in {place(rest[1])}"
                extra = rest[2:]
            if extra:
                text += f", with {card(extra[0])}"
            return text
        if token == "alchemist":
            value = int(rest[0])
            return f"plays Alchemist: trades a {value} VP counter for a {value + 1} VP counter"
        if token == "diplomat":
            return f"plays Diplomat to stop the war in {place(rest[0])}"
        if token == "marauders":
            seat = int(rest[1])
            return (
                f"plays Marauders: sends one of {self.whose(after, seat)} armies in "
                f"{place(rest[0])} home"
            )
        if token == "mercenary":
            count = plural(int(rest[1]), "Mercenary", "Mercenaries")
            return f"plays Mercenary: hires {count} in {place(rest[0])}"
        if token == "philosopher":
            return "plays Philosopher: draws 3 Improvement cards to keep one"
        if token == "counsellor":
            return "plays Counsellor: discards cards, then draws as many"
        if token == "providence":
            return "plays Providence: draws 2 cards"
        if token == "mystic":
            return f"plays Mystic to take {card(rest[0])} back from the discard pile"
        if token == "militia":
            return "plays Militia: an army from the pool joins the stock"
        return f"plays {name}" + (f": {' '.join(place(a) for a in rest)}" if rest else "")

    def pay(self, args: list[str]) -> str:
        """``pay [reserve] <card> <use> [<modifier>] [water-mill]`` in words."""
        reserve = args[:1] == ["reserve"]
        rest = args[1:] if reserve else args
        if len(rest) < 2:
            return "pays"
        token, use, mods = rest[0], rest[1], rest[2:]
        doubled = "water-mill" in mods
        modifier = next((m for m in mods if m != "water-mill"), None)
        text = f"plays {card(token)}" + (" from the Reserve" if reserve else "")
        helpers = []
        if modifier == "merchant":
            helpers.append("Merchant")
        elif modifier in CONVERTER_NAMES:
            helpers.append(card(modifier))
        if doubled:
            helpers.append("Water Mill")
        if helpers:
            text += " with " + " and ".join(helpers)
        if use == "cross":
            return text + " to cross a sea"
        try:
            value = pay_value(token, use, modifier, doubled)
        except KeyError:
            value = 0
        return text + (f" for {amount(use, value)}" if value else f" for {use}")

    def keep(self, after: View, args: list[str]) -> str:
        if args == ["?"]:
            return "keeps one of the cards drawn; the others go back to the Improvement deck"
        return f"keeps {card(args[0])}; the others go back to the Improvement deck"

    def revealed(self, before: View, after: View) -> str:
        """The secret set-up choices, when the last one reveals them all."""
        given_up: dict[int, list[str]] = {}
        citadels: list[str] = []
        for was, now in zip(before["provinces"], after["provinces"], strict=True):
            if was.get("owner") is not None and now.get("owner") is None:
                given_up.setdefault(int(was["owner"]), []).append(str(now["name"]))
            elif now.get("piece") == "citadel" and was.get("piece") != "citadel":
                citadels.append(f"{self.name(after, int(now['owner']))} in {now['name']}")
        if given_up:
            parts = [
                f"{self.does(after, seat, 'sets', 'set')} aside {listed(names)}"
                for seat, names in sorted(given_up.items())
            ]
            return "; all revealed: " + ", ".join(parts)
        if citadels:
            return "; Citadels revealed: " + ", ".join(citadels)
        return ""

    # --- completing an action ----------------------------------------------------------------

    @staticmethod
    def resolved(before: View, after: View) -> str | None:
        """The kind of the action waiting for payment that this decision completed."""
        pending = before.get("pending")
        if not pending:
            return None
        opened = after.get("pending")
        if opened and opened.get("kind") == pending.get("kind"):
            return None
        return str(pending["kind"])

    def done(self, before: View, after: View, actor: int) -> tuple[str, str]:
        pending = before.get("pending") or {}
        kind = str(pending.get("kind"))
        if kind == "reserve":
            player = after["players"][actor]
            cards = list(player.get("reserve") or []) + list(player.get("reserve_new") or [])
            held = listed([card(c) for c in cards]) or "nothing"
            return f"puts no more cards into the Reserve (it holds {held})", "minor"
        if kind == "discard":
            return "discards no more", "minor"
        if kind == "counsellor":
            return "discards no more and draws replacements (Counsellor)", "move"
        if kind == "remove":
            return "removes no more cards", "minor"
        if kind == "move":
            return "ends the road move", "minor"
        args = list(pending.get("args") or [])
        if kind in ("invade", "place-armies", "place-ships"):
            count = self.placed(before, after, actor, args[0])
            if kind == "invade":
                return f"sends {plural(count, 'army', 'armies')} into {place(args[0])}", "move"
            units = (
                plural(count, "ship") if kind == "place-ships" else plural(count, "army", "armies")
            )
            where = f"the {place(args[0])}" if kind == "place-ships" else place(args[0])
            return f"places {units} in {where}", "move"
        outcome = self.outcome(before, after, actor, kind, args)
        return outcome or "done", "move"

    @staticmethod
    def placed(before: View, after: View, actor: int, token: str) -> int:
        """How many of ``actor``'s armies (a province) or ships (a sea) arrived there."""
        shape = board()
        if token in shape.sea_index:
            index = shape.sea_index[token]
            return int(after["seas"][index]["ships"][actor]) - int(
                before["seas"][index]["ships"][actor]
            )
        index = shape.province_index[token]
        return int(after["provinces"][index]["armies"][actor]) - int(
            before["provinces"][index]["armies"][actor]
        )

    def outcome(
        self, before: View, after: View, actor: int, kind: str, args: list[str]
    ) -> str | None:
        """What a completed action did (``kind``: its pending kind or verb)."""
        if kind in ("invade", "place-armies"):
            count = self.placed(before, after, actor, args[0])
            verb = "enters" if count == 1 else "enter"
            return f"{plural(count, 'army', 'armies')} {verb} {place(args[0])}"
        if kind == "place-ships":
            count = self.placed(before, after, actor, args[0])
            verb = "sails" if count == 1 else "sail"
            return f"{plural(count, 'ship')} {verb} into the {place(args[0])}"
        if kind == "buy":
            bought = []
            if int(args[0]):
                bought.append(plural(int(args[0]), "army", "armies"))
            if int(args[1]):
                bought.append(plural(int(args[1]), "ship"))
            join = "joins" if int(args[0]) + int(args[1]) == 1 else "join"
            return f"{listed(bought)} from the pool {join} the stock"
        if kind == "draft":
            return f"{card(args[0])} goes to the discard pile"
        if kind == "mercenary":
            hired = plural(int(args[1]), "Mercenary", "Mercenaries")
            join = "joins" if args[1] == "1" else "join"
            return f"{hired} {join} {self.name(after, actor)} in {place(args[0])}"
        if kind == "mystic":
            return f"{card(args[0])} goes back into the hand"
        # Diplomat, building, Patronage and the Gilded City and Roadside Inns counters: the
        # war's end, the building and the counters are told with the consequences.
        return None

    # --- what changed on the table -----------------------------------------------------------

    def consequences(self, before: View, after: View, actor: int, verb: str) -> list[str]:
        """What changed on the table, in order: buildings, wars and provinces, VP counters and
        scores, decks shuffled."""
        built: list[str] = []
        notes: list[str] = []
        setup = before.get("phase") not in ("play", "over")
        called_off = (before.get("pending") or {}).get("kind") == "diplomat"
        fought = verb == "end-war" or bool(after.get("terminal") and not before.get("terminal"))
        how = "called off" if called_off else "fought" if fought else ""
        for was, now in zip(before["provinces"], after["provinces"], strict=True):
            if was == now:  # most provinces, most steps: nothing to tell
                continue
            built.extend(self.buildings(was, now))
            notes.extend(self.province_change(before, after, was, now, setup, how))
        built.extend(self.roads(before, after))
        return built + notes + self.points(before, after, verb) + self.shuffles(before, after)

    @staticmethod
    def buildings(was: Entry, now: Entry) -> list[str]:
        """A City or a Castle built in a province."""
        name = str(now["name"])
        notes = []
        kept = was.get("owner") == now.get("owner") and now.get("owner") is not None
        if kept and now.get("piece") == "city" and was.get("piece") == "town":
            notes.append(f"a City is built in {name}")
        if now.get("castle") and not was.get("castle"):
            notes.append(f"a Castle is built in {name}")
        return notes

    def province_change(
        self, before: View, after: View, was: Entry, now: Entry, setup: bool, how: str
    ) -> list[str]:
        """What happened to one province: its war begun, changed or ended (``how``:
        "fought", "called off" by Diplomat, or "" when its invaders left), its owner."""
        name = str(now["name"])
        notes = []
        owner_was, owner_now = was.get("owner"), now.get("owner")
        if was.get("at_war") and not now.get("at_war"):
            notes.append(self.war_end(before, after, was, now, how))
        elif now.get("at_war") and (
            not was.get("at_war") or was.get("strengths") != now.get("strengths")
        ):
            if was.get("at_war"):
                notes.append(f"the war in {name} stands at {self.strengths(after, now)}")
            else:
                notes.append(f"{name} is at war ({self.strengths(after, now)})")
        elif owner_was != owner_now and not setup:
            if owner_now is None:
                notes.append(f"{name} becomes neutral")
            else:
                notes.append(f"{self.does(after, int(owner_now), 'takes')} {name}")
        return notes

    def war_end(self, before: View, after: View, was: Entry, now: Entry, how: str) -> str:
        name = str(now["name"])
        sides = self.strengths(before, was)
        owner_was, owner_now = was.get("owner"), now.get("owner")
        if owner_was != owner_now:
            if owner_now is None:  # the winner had no Town left (MT-CAPTURE-5)
                return (
                    f"{self.does(after, int(was['owner']), 'loses', 'lose')} {name} ({sides}), "
                    "which falls neutral: the winner has no Town to place"
                )
            # The winner gets the province's card too (MT-CAPTURE-2).
            text = f"{self.does(after, int(owner_now), 'takes')} {name} and its card"
            if owner_was is not None:
                text += f" from {self.name(after, int(owner_was))}"
            text += f" ({sides})"
            gone = [
                t.capitalize() for t in ("dragon", "runestone") if was.get(t) and not now.get(t)
            ]
            if gone:
                text += f"; its {' and '.join(gone)} {'is' if len(gone) == 1 else 'are'} put aside"
            return text
        if how == "called off":
            return f"the war in {name} is called off ({sides}): every army goes home"
        if how == "fought":
            if owner_now is None:
                return f"neutral {name} holds ({sides}): every army goes home"
            return f"{self.does(after, int(owner_now), 'holds', 'hold')} {name} ({sides})"
        return f"the war in {name} ends: no invader is left"

    def roads(self, before: View, after: View) -> list[str]:
        old = {tuple(pair) for pair in before.get("roads") or []}
        return [
            f"a road is built between {place(a)} and {place(b)}"
            for a, b in (after.get("roads") or [])
            if (a, b) not in old
        ]

    def shuffles(self, before: View, after: View) -> list[str]:
        notes = []
        for was, now in zip(before["players"], after["players"], strict=True):
            grew = int(now["deck_count"]) > int(was["deck_count"])
            if grew and was.get("discard") and not now.get("discard"):
                seat = int(now["seat"])
                notes.append(f"{self.whose(after, seat)} discard pile is shuffled into a new deck")
        return notes

    def points(self, before: View, after: View, verb: str) -> list[str]:
        """VP counters taken and scores moved."""
        notes = []
        if verb != "claim" and (verb != "play" or not self.counters_traded(before, after)):
            taken = self.counters_taken(before, after)
            gainers = [
                int(now["seat"])
                for was, now in zip(before["players"], after["players"], strict=True)
                if Counter(now.get("vp_counters") or []) - Counter(was.get("vp_counters") or [])
            ]
            if not gainers:
                taken = []
            if taken and len(gainers) == 1:
                notes.append(f"{self.does(after, gainers[0], 'takes')} {listed(taken)}")
            elif taken:
                notes.append(f"counters taken: {listed(taken)}")
        if all(int(p["score"]) == 0 for p in before["players"]):
            return notes  # the VP tokens go on the track: starting_points
        moved = []
        for was, now in zip(before["players"], after["players"], strict=True):
            old, new = int(was["score"]), int(now["score"])
            if old != new:
                moved.append(f"{self.name(after, int(now['seat']))} {old} → {new}")
        if moved:
            notes.append("VP: " + ", ".join(moved))
        return notes

    def starting_points(self, before: View, after: View) -> str | None:
        """The VP tokens put on the track when set-up is done (MT-SETUP-14)."""
        if any(int(p["score"]) for p in before["players"]):
            return None
        scores = [int(p["score"]) for p in after["players"]]
        if not any(scores):
            return None
        listed_scores = ", ".join(
            f"{self.name(after, seat)} {score}" for seat, score in enumerate(scores)
        )
        return f"set-up is complete; starting VP: {listed_scores}"

    def turn_ended(self, before: View, after: View, actor: int, verb: str) -> bool:
        """Whether the turn ended by itself after this decision: two actions taken, the hand
        empty and no free action left (the rules then refill the hand at once)."""
        if actor == CHANCE or verb == "end-turn" or after.get("phase") != "play":
            return False
        if (before.get("pending") or {}).get("kind") == "counsellor" or verb == "play":
            return False  # Counsellor and Providence draw within the turn
        turn = after.get("turn") or {}
        if after.get("pending") or int(turn.get("actions", 0)) < 2:
            return False
        if int(after["players"][actor]["hand_count"]) or after.get("current_player") == actor:
            return False
        return int(before.get("current_player", -1)) == actor

    @staticmethod
    def counters_traded(before: View, after: View) -> bool:
        """An Alchemist trade: a counter given back to the stock for the next value."""
        old, new = before.get("vp_stock") or {}, after.get("vp_stock") or {}
        return any(int(new.get(k, 0)) > int(v) for k, v in old.items())

    @staticmethod
    def counters_taken(before: View, after: View) -> list[str]:
        """``the City counter (2 VP)`` for each counter that left a VP card, ``a 2 VP counter
        from the unused stock`` for each that left the stock (Scribe)."""
        taken = []
        old_cards = {str(c["id"]): c for c in before.get("vp_cards") or []}
        for now in after.get("vp_cards") or []:
            was = old_cards.get(str(now["id"]))
            if was is None:
                continue
            gone = Counter(was.get("counters") or []) - Counter(now.get("counters") or [])
            for slot, count in gone.items():
                value = counter_value(str(now["id"]), str(slot))
                taken.extend([f"the {now['name']} counter ({value} VP)"] * count)
        old, new = before.get("vp_stock") or {}, after.get("vp_stock") or {}
        for value, count in old.items():
            fewer = int(count) - int(new.get(value, 0))
            taken.extend([f"a {value} VP counter from the unused stock"] * max(fewer, 0))
        return taken

    def turn_note(self, before: View, after: View) -> str | None:
        """Whose turn it is, when this action passed the turn (or began the first round)."""
        if after.get("phase") != "play" or after.get("terminal"):
            return None
        turn = after.get("turn") or {}
        seat = int(turn.get("seat", 0))
        starts = before.get("phase") != "play"
        moved = (before.get("turn") or {}).get("seat") != turn.get("seat")
        if not starts and not moved:
            return None
        if starts or before.get("round") != after.get("round"):
            return f"round {after.get('round')}, {self.whose(after, seat)} turn"
        return f"{self.whose(after, seat)} turn"

    def ending(self, before: View, after: View) -> str | None:
        if not after.get("terminal") or before.get("terminal"):
            return None
        winners = [int(w) for w in after.get("winners") or []]
        scores = {int(p["seat"]): int(p["score"]) for p in after["players"]}
        if not winners:
            return "the game is over"
        names = listed([self.name(after, w) for w in winners])
        best = scores.get(winners[0], 0)
        if len(winners) > 1:
            return f"the game is over: {names} share the win with {best} VP"
        return f"the game is over: {self.does(after, winners[0], 'wins', 'win')} with {best} VP"


NARRATOR = MythotopiaNarrator()
