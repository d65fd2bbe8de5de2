"""Mythic Battles: Pantheon's events in words: who did what with which unit, and what came of it.

The narrator reads only the reader's views around an action (``before`` and ``after``) and the
action as the reader saw it, never the state: another player's draws and searches read
``draw ?`` and ``search ?`` and his hand is in no view, so no line can name a card he has not
shown. Names come from the roster (public content): units by their printed names, with their
owner's divinity for another player's units ("Hades's Medusa"), talents and powers by theirs.

Each die of an ATTACK is a chance node of its own. The dice of an assault are told together,
on the die that completes it ("Zeus's Achilles rolls 5 dice (Offence 4, Close Combat +1): 6,
5, 3, 2, 1: 3 hits (1 critical), 2 blanks"), the dice before it saying nothing; the number of
dice is explained by the talents and powers the view shows. When the ATTACK resolves (on a die
or on the attacker's last decision, a re-roll kept or a throw), the line adds its outcome: the
hits against each target's Defence (with its modifiers, when the view accounts for the wounds
taken), the wounds, the Vitality left, a unit killed, a player out.

Every line then adds what else changed on the table: a unit thrown or killed, an omphalos
dropped, a petrification ended, unspent RP turned into omphalos cards, the end of the
recruitment, a player out, the end of the game and why. The line of the action that ends a
turn announces the next one ("Round 2: Hades's turn") and is of kind "round"; a line that puts
a player out or ends the game is of kind "result".
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from theomachy.engine.core import CHANCE
from theomachy.engine.narration import Narrator, Told, View, listing
from theomachy.games.mythic_battles.data import units

UNITS = units()
AOW = "aow"
RECRUITMENT = ("recruit-divinity", "recruit-unit")
BEFORE_DAMAGE = frozenset(
    {"first-assault", "reroll", "throw", "priority", "hold", "thrown", "second-assault", "damage"}
)
"""ATTACK phases from the first die to the damage: an ATTACK that leaves them has resolved."""
AFTER_DAMAGE = frozenset({"gaze", "retaliate", "finished"})
BEFORE_DICE = frozenset({"guard", "helm", "evade", "retarget", "initiative", "uproot"})
DECLINES = {
    # What ``decline`` means at each ATTACK phase and turn step (minor lines).
    "guard": "does not Guard",
    "helm": "does not use the Helm of Darkness",
    "evade": "does not Evade",
    "initiative": "does not strike first (Initiative)",
    "uproot": "does not uproot anything (Force of Nature)",
    "throw": "does not throw (Mighty Throw)",
    "gaze": "does not use the Petrifying Gaze",
    "retaliate": "does not retaliate",
    "search-window": "does not search for a card",
    "start-power": "does not swap (Master of Stratagems)",
    "leader": "leads no troops (Leader)",
    "leader-activation": "does not activate the led troops",
}


# --- reading views --------------------------------------------------------------------------


def units_of(view: View) -> dict[str, dict[str, Any]]:
    """The recruited units by id, as the view shows them."""
    return {u["id"]: u for u in view.get("units") or []}


def player(view: View, seat: int) -> dict[str, Any]:
    players = view.get("players") or []
    return players[seat] if 0 <= seat < len(players) else {}


def printed(unit: str) -> str:
    """A unit's printed name (the roster's; the id for an unknown one)."""
    spec = UNITS.get(unit)
    return spec.name if spec else unit


def is_divinity(unit: str) -> bool:
    spec = UNITS.get(unit)
    return spec is not None and spec.divinity


def is_troops(unit: str) -> bool:
    spec = UNITS.get(unit)
    return spec is not None and spec.kind == "troops"


def has_talent(unit: str, talent: str) -> bool:
    spec = UNITS.get(unit)
    return spec is not None and talent in spec.talents


def power_of(unit: str) -> str | None:
    spec = UNITS.get(unit)
    return spec.power if spec else None


def article(name: str) -> str:
    return "an" if name[:1].lower() in "aeiou" else "a"


def card_words(card: str) -> str:
    """A card with its article: "an Art of War card", "a Hoplites card"."""
    name = "Art of War" if card == AOW else printed(card)
    return f"{article(name)} {name} card"


def count(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def possessive(name: str) -> str:
    """A seat's name as an owner: "Hades's", "your"."""
    return "your" if name == "you" else f"{name}'s"


TROOPS = frozenset(u.name for u in UNITS.values() if u.kind == "troops")


def owns(name: str) -> str:
    """A unit's name as an owner: "Achilles's", "Hades's Spartans'" (troops are plural)."""
    if name == "you":
        return "your"
    plural = any(name.endswith(troops) for troops in TROOPS)
    return f"{name}'" if plural else f"{name}'s"


def be(unit: str) -> str:
    """The verb "to be" for a unit: troops are plural."""
    return "are" if is_troops(unit) else "is"


def does(unit: str, verb: str) -> str:
    """``verb`` (third person singular) agreeing with a unit: "rolls", troops "roll"."""
    return verb[:-1] if is_troops(unit) and verb.endswith("s") else verb


def alive(unit: dict[str, Any] | None) -> bool:
    return unit is not None and not unit.get("dead") and bool(unit.get("area"))


def side_of(view: View, seat: int) -> int:
    return int(player(view, seat).get("side", seat))


def counted_omphalos(view: View, side: int) -> int:
    """The omphalos ``side`` counts toward its victory in ``view``: every token its players
    absorbed, and their absorbed omphalos cards up to the scenario's number
    (MB-RULING-OMPHALOS-CARDS; the view's mirror of ``BattlesState.counted_omphalos``)."""
    mine = [p for p in view.get("players") or [] if side_of(view, int(p["seat"])) == side]
    cards = sum(int(p.get("absorbed_cards") or 0) for p in mine)
    tokens = sum(int(p.get("absorbed") or 0) for p in mine) - cards
    return tokens + min(cards, int(view.get("omphalos_cards_counted", cards)))


def friendly(view: View, a: int, b: int) -> bool:
    return side_of(view, a) == side_of(view, b)


def attack_at(view: View, index: int) -> dict[str, Any] | None:
    attacks = view.get("attacks") or []
    return attacks[index] if 0 <= index < len(attacks) else None


def hits(faces: list[int]) -> int:
    return sum(1 for f in faces if f >= 3)


def dice_words(faces: list[int]) -> str:
    """``6, 5, 2: 2 hits (1 critical), 1 blank``: the faces from the highest."""
    found = hits(faces)
    crits = faces.count(6)
    blanks = len(faces) - found
    shown = ", ".join(str(f) for f in sorted(faces, reverse=True))
    text = shown + ": " + ("no hit" if not found else count(found, "hit"))
    if crits:
        text += f" ({count(crits, 'critical')})"
    if blanks:
        text += ", " + count(blanks, "blank")
    return text


def spent(before: View, after: View, seat: int) -> int:
    """Art of War cards ``seat`` discarded by the action (a manoeuvre's or a power's price)."""
    old = Counter(player(before, seat).get("discard") or [])
    new = Counter(player(after, seat).get("discard") or [])
    return max(0, new[AOW] - old[AOW])


def price(before: View, after: View, seat: int) -> str:
    paid = spent(before, after, seat)
    return count(paid, "Art of War card") if paid else "free"


class MythicBattlesNarrator(Narrator):
    """Mythic Battles: Pantheon in words."""

    # --- names ---------------------------------------------------------------------------

    def seat_name(self, view: View, seat: int) -> str:
        """A player by their divinity ("Zeus"), once chosen."""
        god = player(view, seat).get("divinity")
        return printed(god) if god else super().seat_name(view, seat)

    def unit(self, view: View, unit: str, actor: int) -> str:
        """A unit by its printed name: the actor's own plainly, the reader's as "your
        Medusa", another player's with its owner ("Hades's Medusa"); divinities plainly."""
        name = printed(unit)
        found = units_of(view).get(unit)
        if found is None or is_divinity(unit):
            return name
        owner = int(found.get("owner", -1))
        if owner == actor:
            return name
        return f"{possessive(self.name(view, owner))} {name}"

    def subject(self, view: View, seat: int, verb: str) -> str:
        """``seat`` and ``verb`` agreeing: "Hades draws", "you draw"."""
        name = self.name(view, seat)
        if name == "you":
            return f"you {verb}"
        return f"{name} {verb}es" if verb.endswith(("sh", "ch", "s")) else f"{name} {verb}s"

    # --- the line ------------------------------------------------------------------------

    def event(self, before: View, after: View, actor: int, entry: str) -> str | Told | None:
        verb, _, rest = entry.partition(" ")
        resolved = resolves(before, after)
        if actor == CHANCE:
            said = self.chance(before, after, verb, rest, resolved)
            if said is None:
                return None  # a die told with the rest of its assault
            text, kind = said
        else:
            text, kind = self.decision(before, after, actor, verb, rest)
        clauses = self.outcomes(before, after, actor, verb, rest, resolved)
        if clauses:
            text += "; " + "; ".join(clauses)
            if kind == "minor":
                kind = "move"  # a detail no more: something came of it
        ending = self.ending(before, after)
        if ending:
            return Told(f"{text} — {ending}", "result")
        if any(
            player(after, s).get("out") and not player(before, s).get("out")
            for s in range(len(after.get("players") or []))
        ):
            kind = "result"
        else:
            turn = self.new_turn(before, after)
            if turn:
                return Told(f"{text} — {turn}", "round")
        return Told(text, kind)

    # --- chance --------------------------------------------------------------------------

    def chance(
        self, before: View, after: View, verb: str, rest: str, resolved: bool
    ) -> tuple[str, str] | None:
        """A draw or a die in words, and its kind: the turn's first draw starts a round."""
        if verb == "draw":
            pending = before.get("draws_pending") or []
            if not pending:
                return "a card is drawn", "chance"
            seat = int(pending[0])
            entry = player(before, seat)
            turn = ""  # MB-TURN-A2: the one draw pending at A3 is the turn's first
            if before.get("step") == "pass-or-continue" and len(pending) == 1:
                turn = f"Round {before.get('round')}, {possessive(self.name(before, seat))} turn: "
            kind = "round" if turn else "chance"
            card = "a card" if rest == "?" else card_words(rest)
            if not entry.get("deck_count") and entry.get("discard"):
                shuffles = self.subject(before, seat, "shuffle")
                draws = "draw" if shuffles.startswith("you ") else "draws"
                return f"{turn}{shuffles} the discard pile into a new deck and {draws} {card}", kind
            return f"{turn}{self.subject(before, seat, 'draw')} {card}", kind
        if verb == "roll" and rest.isdigit():
            die = self.roll(before, after, int(rest), resolved)
            return None if die is None else (die, "chance")
        return f"{verb} {rest}".strip(), "chance"

    def roll(self, before: View, after: View, face: int, resolved: bool) -> str | None:
        """A die: nothing until it completes its assault, then the assault's dice in words."""
        attacks = before.get("attacks") or []
        if not attacks:
            return f"die: {face}"
        attack = attacks[-1]
        phase = attack.get("phase")
        first = list(attack.get("first_assault") or [])
        second = list(attack.get("second_assault") or [])
        left = int(attack.get("dice_to_roll") or 1) - 1
        unit = str(attack["attacker"])
        attacker = self.unit(before, unit, CHANCE)
        if phase == "reroll":
            rerolled = attack.get("rerolled") or []
            index = int(rerolled[-1]) if rerolled else len(first) - 1
            old = first[index] if 0 <= index < len(first) else "?"
            if 0 <= index < len(first):
                first[index] = face
            rerolls = does(unit, "re-rolls")
            return (
                f"{attacker} {rerolls} a {old}: {face} (Monster Slayer); "
                f"first assault now {dice_words(first)}"
            )
        if left > 0:
            return None  # told with the assault's last die
        if phase == "second-assault":
            second.append(face)
            dice = count(len(second), "bonus die", "bonus dice")
            text = f"{attacker} {does(unit, 'rolls')} {dice} for "
            text += f"{count(first.count(6), 'critical')}: {dice_words(second)}"
            if resolved:
                text += f", {count(hits(first) + hits(second), 'hit')} in all"
            return text
        first.append(face)
        how = self.offence_words(before, attack, len(first))
        what = "in retaliation " if attack.get("retaliation") else ""
        if attack.get("area_attack"):
            what = "(Thunderbolt) "
        dice = count(len(first), "die", "dice")
        rolls = f"{attacker} {does(unit, 'rolls')} {dice}{how} {what}".rstrip()
        return f"{rolls}: {dice_words(first)}"

    def offence_words(self, view: View, attack: dict[str, Any], dice: int) -> str:
        """Why the first assault has ``dice`` dice: " (Offence 4, Close Combat +1)"; empty
        when it is the Offence printed on the dashboard."""
        unit = str(attack["attacker"])
        spec = UNITS.get(unit)
        if spec is None or dice == spec.offence:
            return ""
        here = units_of(view)
        me = here.get(unit) or {}
        distance = int(attack.get("distance") or 0)
        retaliation = bool(attack.get("retaliation"))
        named: list[tuple[str, int]] = []
        if not attack.get("area_attack"):
            friends = friends_in(view, here, unit)
            if distance >= 1 and has_talent(unit, "archer"):
                named.append(("Archer", 1))
            if distance == 0 and has_talent(unit, "close-combat"):
                named.append(("Close Combat", 1))
            if friends and has_talent(unit, "sneak-attack"):
                named.append(("Sneak Attack", 1))
            if has_talent(unit, "phalanx") and any(f.get("complete") for f in friends):
                named.append(("Phalanx", 1))
            if is_troops(unit):
                bolster = sum(has_talent(f["id"], "bolster") for f in friends)
                if bolster:
                    named.append(("Bolster", bolster))
        activation = view.get("activation") or {}
        own = activation.get("unit") == unit and not retaliation
        if own and "move" in (activation.get("done") or []) and power_of(unit) == "bull-rush":
            named.append(("Bull Rush", 2))
        if power_of(unit) == "last-stand" and int(me.get("vitality") or 0) <= 2:
            named.append(("Last Stand", 2))
        if retaliation and power_of(unit) == "three-heads":
            named.append(("Three Heads", 1))
        left = dice - spec.offence - sum(n for _, n in named)
        if left == 1 and power_of(unit) == "bloodlust" and own:
            named.append(("Bloodlust", 1))
        elif left == 1 and has_talent(unit, "force-of-nature"):
            named.append(("Force of Nature", 1))
        elif left:
            named = [] if left < 0 else [*named, ("other", left)]
        if not named:
            return f" (Offence {spec.offence} {dice - spec.offence:+d})"
        parts = [f"{name} {n:+d}" if name != "other" else f"{n:+d}" for name, n in named]
        return f" (Offence {spec.offence}, " + ", ".join(parts) + ")"

    # --- decisions -----------------------------------------------------------------------

    def decision(
        self, before: View, after: View, actor: int, verb: str, rest: str
    ) -> tuple[str, str]:
        """The decision's own words and kind (the outcomes come after)."""
        attacks = before.get("attacks") or []
        if attacks and verb not in ("search", "draw-cards"):
            return self.attack_decision(before, after, actor, attacks[-1], verb, rest)
        step = str(before.get("step") or "")
        activation = before.get("activation") or {}
        active = str(activation.get("unit") or "")
        here = units_of(before)
        me = here.get(active) or {}
        name = self.unit(before, active, actor) if active else "the unit"
        if verb == "choose":
            return f"takes {printed(rest)} as divinity", "move"
        if verb == "recruit":
            spec = UNITS.get(rest)
            cost = spec.cost if spec else 0
            left = int(player(before, actor).get("rp") or 0) - cost
            kind = spec.kind if spec else "unit"
            return f"recruits {printed(rest)} ({kind}, {cost} RP; {left} RP left)", "move"
        if verb == "continue":
            return "plays the turn", "minor"
        if verb == "pass":
            entry = player(before, actor)
            if after.get("terminal"):
                return "passes, ending the turn", "move"
            if entry.get("deck_count") or entry.get("discard"):
                return "passes: draws a second card and ends the turn", "move"
            return "passes and ends the turn (no card left to draw)", "move"
        if verb == "activate":
            return self.activate(before, after, actor, step, rest), "move"
        if verb == "end":
            if step == "recall":
                return "ends the turn", "minor"
            return "activates no more units", "minor"
        if verb in ("simple", "complex"):
            how = "simple actions" if verb == "simple" else "a complex action"
            return f"takes {how}{self.using(before, active, actor)}", "minor"
        if verb == "swap":
            other = self.unit(before, rest, actor)
            there = (here.get(rest) or {}).get("area")
            return (
                f"swaps {name} in area {me.get('area')} with {other} in area {there} "
                "(Master of Stratagems)"
            ), "move"
        if verb == "block":
            return self.block(before, actor, active), "move"
        if verb == "decline":
            if step == "block":
                return f"lets {self.unit(before, active, actor)} go (no Block)", "minor"
            if step == "leader-fetch":
                return f"takes no card for {name} (Leader)", "minor"
            return DECLINES.get(step, "declines"), "minor"
        if verb in ("move", "run"):
            return self.move(before, actor, verb, active, int(rest)), "move"
        if verb == "enter":
            return f"brings {name} onto the battlefield in area {rest}", "move"
        if verb == "claim":
            text = f"claims the omphalos in area {rest} with {name}"
            if str(me.get("area")) != rest:
                text += f" from area {me.get('area')} (Gem Collector)"
            return text, "move"
        if verb == "absorb":
            return self.absorb(before, after, actor, active, rest), "move"
        if verb == "attack":
            return self.declare(before, after, actor, active, rest), "move"
        if verb == "thunderbolt":
            return self.thunderbolt(before, after, actor, rest), "move"
        if verb == "uproot":
            return (
                f"uproots the {rest} in area {me.get('area')} with {name} "
                "(Force of Nature: +1 Offence, +1 Range)"
            ), "move"
        if verb == "done":
            if self.own_god(before, active, actor):
                return "ends the activation", "minor"
            return f"ends {owns(name)} activation", "minor"
        if verb == "lead":
            led = self.unit(before, rest, actor)
            return f"leads {led}{self.using(before, active, actor)} (Leader)", "move"
        if verb == "fetch":
            return f"takes {card_words(rest)} from the deck (Leader)", "move"
        if verb == "recall":
            return self.recall(before, after, actor, rest), "move"
        return self.anytime(before, after, actor, verb, rest)

    def anytime(
        self, before: View, after: View, actor: int, verb: str, rest: str
    ) -> tuple[str, str]:
        """The manoeuvres open at any decision: Search for Card, Draw Cards."""
        if verb == "search":
            what = "a card" if rest == "?" else card_words(rest)
            return (
                f"searches the deck for {what} (Search for Card, {price(before, after, actor)})",
                "move",
            )
        if verb == "draw-cards":
            n = int(rest) if rest.isdigit() else 1
            return (
                f"buys Draw Cards: {count(n, 'card')} to draw ({price(before, after, actor)})",
                "move",
            )
        if verb == "priority":
            rule = "Block" if rest == "block" else "Mighty Throw"
            other = "Mighty Throw" if rest == "block" else "Block"
            return f"rules that {rule} has priority over {other} for the rest of the game", "move"
        return f"{verb} {rest}".strip(), "move"

    def activate(self, before: View, after: View, actor: int, step: str, unit: str) -> str:
        name = self.unit(before, unit, actor)
        found = units_of(before).get(unit) or {}
        where = f" in area {found['area']}" if found.get("area") else ""
        if step == "second-activation":
            paid = price(before, after, actor)
            if not spent(before, after, actor):
                paid = "free with Athena's Tactician"
            return f"activates {name}{where} for a second activation ({paid})"
        if step == "leader-activation":
            return f"activates {name} at once (Leader)"
        return f"activates {name}{where}"

    def block(self, before: View, actor: int, active: str) -> str:
        here = units_of(before)
        area = (here.get(active) or {}).get("area")
        holders = [
            u["id"]
            for u in here.values()
            if u.get("owner") == actor and u.get("area") == area and has_talent(u["id"], "block")
        ]
        name = self.unit(before, active, actor)
        if not holders:
            return f"uses Block against {name}"
        return f"holds {name} in area {area} with {self.listing(before, holders, actor)} (Block)"

    def move(self, before: View, actor: int, verb: str, active: str, area: int) -> str:
        here = units_of(before)
        me = here.get(active) or {}
        name = self.unit(before, active, actor)
        word = "moves" if verb == "move" else "runs"
        if not self.own_god(before, active, actor):
            word += f" {name}"
        text = f"{word} from area {me.get('area')} to area {area}"
        if me.get("carrying"):
            text += ", carrying an omphalos"
        activation = before.get("activation") or {}
        if verb == "move" and "attack" in (activation.get("done") or []):
            text += " (Mobility)"
        owner = int(me.get("owner", actor))
        enemies = [
            u["id"]
            for u in here.values()
            if u.get("area") == area
            and not u.get("dead")
            and not friendly(before, owner, u["owner"])
        ]
        if enemies:
            text += f", where {self.listing(before, enemies, actor)} "
            text += "stands" if len(enemies) == 1 and not is_troops(enemies[0]) else "stand"
        return text

    def absorb(self, before: View, after: View, actor: int, active: str, source: str) -> str:
        here = units_of(before)
        if source == "ground":
            text = f"absorbs the omphalos lying in area {(here.get(active) or {}).get('area')}"
        elif source == "card":
            text = "absorbs an omphalos card"
        else:
            text = f"absorbs the omphalos carried by {self.unit(before, source, actor)}"
        return f"{text} ({self.tally(after, actor)})"

    def tally(self, view: View, seat: int) -> str:
        """The side's omphalos counted toward its victory against the scenario's target:
        "2 of 3" (its absorbed omphalos cards only up to the scenario's number)."""
        counted = counted_omphalos(view, side_of(view, seat))
        return f"{counted} of {view.get('omphalos_to_win', '?')}"

    def declare(self, before: View, after: View, actor: int, active: str, target: str) -> str:
        text = f"attacks {self.unit(before, target, actor)}{self.using(before, active, actor)}"
        new = attack_at(after, len(before.get("attacks") or []))
        if new is not None:
            distance = int(new.get("distance") or 0)
            text += " in the same area" if distance == 0 else f" at range {distance}"
        return text

    def thunderbolt(self, before: View, after: View, actor: int, area: str) -> str:
        text = f"hurls a Thunderbolt at area {area} ({price(before, after, actor)})"
        new = attack_at(after, len(before.get("attacks") or []))
        if new is not None and new.get("targets"):
            victims = list(new["targets"])
            stand = "stands" if len(victims) == 1 and not is_troops(victims[0]) else "stand"
            text += f", where {self.listing(before, victims, actor)} {stand}"
        return text

    def recall(self, before: View, after: View, actor: int, unit: str) -> str:
        god = player(before, actor).get("divinity")
        found = units_of(after).get(unit) or {}
        text = f"recalls {self.unit(before, unit, actor)} to {printed(god or '')}"
        text += f" in area {found.get('area')} (Recall, {price(before, after, actor)})"
        old = units_of(before).get(unit) or {}
        if old.get("dead"):
            text += ", back from the dead"
        elif int(old.get("vitality") or 0) < int(found.get("vitality") or 0):
            text += ", complete again"
        return text

    def own_god(self, view: View, unit: str, actor: int) -> bool:
        """``unit`` is the actor's divinity (named beside the line already)."""
        return is_divinity(unit) and player(view, actor).get("divinity") == unit

    def using(self, view: View, unit: str, actor: int) -> str:
        """ " with Achilles", or nothing for the actor's own divinity."""
        return "" if self.own_god(view, unit, actor) else f" with {self.unit(view, unit, actor)}"

    def listing(self, view: View, ids: list[str], actor: int) -> str:
        return listing([self.unit(view, u, actor) for u in ids])

    # --- decisions in an ATTACK ----------------------------------------------------------

    def attack_decision(
        self, before: View, after: View, actor: int, attack: dict[str, Any], verb: str, rest: str
    ) -> tuple[str, str]:
        phase = str(attack.get("phase") or "")
        attacker = str(attack["attacker"])
        targets = list(attack.get("targets") or [])
        target = targets[0] if targets else ""
        them = self.unit(before, target, actor) if target else "the target"
        by = self.unit(before, attacker, actor)
        if verb == "decline":
            if phase == "retarget":
                return f"gives up {owns(by)} ATTACK", "move"
            if phase == "hold":
                return f"lets {them} be thrown (no Block)", "minor"
            if phase == "guard":
                return f"does not Guard {them}", "minor"
            if phase == "retaliate":
                return f"does not retaliate{self.using(before, target, actor)}", "minor"
            if phase == "initiative":
                return (
                    f"does not strike first{self.using(before, target, actor)} (Initiative)",
                    "minor",
                )
            return DECLINES.get(phase, "declines"), "minor"
        if verb == "guard":
            return f"guards {them} with {self.unit(before, rest, actor)} (Guard)", "move"
        if verb == "helm":
            return (
                f"hides Hades under the Helm of Darkness ({price(before, after, actor)}) from "
                f"{owns(by)} ATTACK"
            ), "move"
        if verb == "evade":
            paid = price(before, after, actor)
            return (
                f"evades {owns(by)} ATTACK{self.using(before, target, actor)} (Evade, {paid})",
                "move",
            )
        if verb == "attack":
            return f"turns {owns(by)} ATTACK on {self.unit(before, rest, actor)} instead", "move"
        if verb == "retaliate":
            weapon = self.using(before, target, actor)
            if phase == "initiative":
                return f"strikes first at {by}{weapon} (Initiative)", "move"
            return f"retaliates against {by}{weapon}", "move"
        if verb == "uproot":
            area = (units_of(before).get(attacker) or {}).get("area")
            return (
                f"uproots the {rest} in area {area}{self.using(before, attacker, actor)} "
                "(Force of Nature: +1 Offence)"
            ), "move"
        if verb == "reroll":
            return f"re-rolls a {rest} (Monster Slayer)", "move"
        if verb == "keep":
            return "keeps the dice", "minor"
        if verb == "throw":
            cost = 2 if UNITS.get(target) and UNITS[target].kind in ("monster", "god") else 1
            landed = (units_of(after).get(target) or {}).get("area")
            if str(landed) == rest:
                return (
                    f"throws {them} into area {rest} with {by} "
                    f"(Mighty Throw, {count(cost, 'blank')} spent)"
                ), "move"
            return f"chooses to throw {them} into area {rest} with {by} (Mighty Throw)", "move"
        if verb == "block":
            return f"{self.block(before, actor, target)}: the throw fails", "move"
        if verb == "gaze":
            wounded = next((t for t in targets if alive(units_of(after).get(t))), target)
            text = (
                f"petrifies {self.unit(before, wounded, actor)} with {owns(by)} Petrifying Gaze "
                f"({price(before, after, actor)})"
            )
            until = (units_of(after).get(wounded) or {}).get("petrified_until")
            if isinstance(until, int):
                text += f" until {possessive(self.name(after, until))} next turn"
            return text, "move"
        return self.anytime(before, after, actor, verb, rest)

    # --- what came of it -----------------------------------------------------------------

    def outcomes(
        self, before: View, after: View, actor: int, verb: str, rest: str, resolved: bool
    ) -> list[str]:
        """Clauses for what changed on the table besides the action itself."""
        clauses = self.throws(before, after, actor, verb)  # before the damage they precede
        told: set[str] = set()
        attacks = before.get("attacks") or []
        if resolved:
            clause, told = self.damage(before, after, verb, rest, lead=actor != CHANCE)
            clauses.append(clause)
        elif (
            attacks
            and attacks[-1].get("phase") in BEFORE_DICE
            and attack_at(after, len(attacks) - 1) is None
            and alive(units_of(after).get(attacks[-1]["attacker"]))
            and not after.get("terminal")
        ):
            clauses.append("the ATTACK is wasted")
        clauses += self.unit_changes(before, after, actor, verb, rest, told)
        clauses += self.player_changes(before, after)
        return clauses

    def damage(
        self, before: View, after: View, verb: str, rest: str, *, lead: bool
    ) -> tuple[str, set[str]]:
        """The resolved ATTACK's outcome: hits (``lead``: when the line has not said them)
        against each target's Defence, wounds, deaths; and the targets told of."""
        index = len(before.get("attacks") or []) - 1
        attack = (before.get("attacks") or [])[index]
        final = attack_at(after, index)
        if final is not None:
            first = list(final.get("first_assault") or [])
            second = list(final.get("second_assault") or [])
        else:
            first = list(attack.get("first_assault") or [])
            second = list(attack.get("second_assault") or [])
            if verb == "roll" and rest.isdigit():
                face = int(rest)
                if attack.get("phase") == "reroll" and attack.get("rerolled"):
                    spot = int(attack["rerolled"][-1])
                    if 0 <= spot < len(first):
                        first[spot] = face
                elif attack.get("phase") == "second-assault":
                    second.append(face)
                else:
                    first.append(face)
        total = hits(first) + hits(second)
        old, new = units_of(before), units_of(after)
        attacker = str(attack["attacker"])
        distance = int(attack.get("distance") or 0)
        power = bool(attack.get("area_attack"))
        places = {
            uid: int((new.get(uid) or {}).get("area") or u.get("area") or 0)
            for uid, u in old.items()
            if not u.get("dead")
        }
        parts = []
        targets = [t for t in attack.get("targets") or [] if alive(old.get(t))]
        for target in targets:
            was, now = old.get(target) or {}, new.get(target) or {}
            vitality = int(was.get("vitality") or 0)
            left = int(now.get("vitality") or 0)
            dead = bool(now.get("dead")) and left <= 0  # not an army leaving with its god
            loss = vitality - left
            hide = bool(now.get("lions_hide_used")) and not was.get("lions_hide_used")
            defence = self.defence(before, places, target, attacker, distance, power)
            wounds = total // defence - (1 if hide else 0)
            fits = wounds >= vitality if dead else wounds == loss
            name = self.unit(after, target, CHANCE)
            text = f"{name} (Defence {defence})" if fits else name
            if hide:
                text += " is spared a wound by Lion's Hide and"
            if dead and is_troops(target):
                text += " are wiped out"
            elif dead:
                text += f" takes {count(loss, 'wound')} and is killed"
            elif loss and is_troops(target):
                text += f" lose {count(loss, 'miniature')} ({vitality - loss} left)"
            elif loss:
                text += f" takes {count(loss, 'wound')} ({vitality - loss} Vitality left)"
            else:
                text += " take no wound" if is_troops(target) else " takes no wound"
            if was.get("carrying") and not now.get("carrying"):
                text += f", dropping an omphalos in area {was.get('area')}"
            parts.append(text)
        said = count(total, "hit") if total else "no hit"
        if not parts:
            return said, set(targets)
        told = ", ".join(parts)
        return (f"{said}: {told}" if lead else told), set(targets)

    def defence(
        self,
        view: View,
        places: dict[str, int],
        target: str,
        attacker: str,
        distance: int,
        power: bool,
    ) -> int:
        """The target's Defence with the modifiers the view shows (MB-ATTACK-6)."""
        spec = UNITS.get(target)
        if spec is None:
            return 1
        here = units_of(view)
        owner = int((here.get(target) or {}).get("owner", -1))
        area = places.get(target, 0)
        friends = [
            u
            for uid, u in here.items()
            if uid != target
            and places.get(uid) == area
            and area
            and friendly(view, int(u.get("owner", -1)), owner)
        ]
        value = spec.defence
        if friends and has_talent(target, "close-protection"):
            value += 1
        if has_talent(target, "phalanx") and any(f.get("complete") for f in friends):
            value += 1
        if spec.kind == "troops":
            value += sum(has_talent(f["id"], "bolster") for f in friends)
        ruins = (view.get("map") or {}).get("ruins") or []
        if distance >= 1 and 0 < area <= len(ruins) and ruins[area - 1]:
            value += 1
        if spec.power == "nearly-invulnerable":
            value += 2 if distance == 0 else -1
        if distance == 0 and not power and has_talent(attacker, "torment"):
            value -= 1
        return max(1, value)

    def throws(self, before: View, after: View, actor: int, verb: str) -> list[str]:
        """A unit moved during an ATTACK was thrown (Mighty Throw), unless the line says so."""
        if not before.get("attacks") or verb == "throw":
            return []
        new = units_of(after)
        found = []
        for uid, was in units_of(before).items():
            now = new.get(uid) or {}
            if alive(was) and alive(now) and was.get("area") != now.get("area"):
                found.append(
                    f"{self.unit(after, uid, actor)} {be(uid)} thrown into area {now['area']}"
                )
        return found

    def unit_changes(
        self, before: View, after: View, actor: int, verb: str, rest: str, told: set[str]
    ) -> list[str]:
        """Units killed, regrown, freed from petrification; omphalos dropped."""
        clauses: list[str] = []
        old, new = units_of(before), units_of(after)
        out = {
            s
            for s in range(len(after.get("players") or []))
            if player(after, s).get("out") and not player(before, s).get("out")
        }
        for uid, was in old.items():
            now = new.get(uid) or {}
            name = self.unit(after, uid, actor)
            owner = int(was.get("owner", -1))
            died = not was.get("dead") and now.get("dead")
            if died and uid not in told and owner not in out:
                clauses.append(f"{name} {be(uid)} killed")
            if (
                was.get("carrying")
                and not now.get("carrying")
                and not (verb == "absorb" and rest == uid)
                and uid not in told
            ):
                drop = "drop" if is_troops(uid) else "drops"
                clauses.append(f"{name} {drop} an omphalos in area {was.get('area')}")
            if was.get("petrified") and not now.get("petrified") and not now.get("dead"):
                clauses.append(f"{name} {be(uid)} no longer petrified")
            if (
                alive(now)
                and int(now.get("vitality") or 0) > int(was.get("vitality") or 0)
                and verb != "recall"
            ):
                why = " (Regrowing Heads)" if power_of(uid) == "regrowing-heads" else ""
                clauses.append(f"{name} {be(uid)} back to {now.get('vitality')} Vitality{why}")
        for seat in sorted(out):
            god = player(after, seat).get("divinity")
            who = self.name(after, seat)
            if god and god not in told and is_divinity(god):
                clauses.append(f"{printed(god)} is killed")
            are = "are" if who == "you" else "is"
            clauses.append(f"{possessive(who)} army leaves the battlefield: {who} {are} out")
        return clauses

    def player_changes(self, before: View, after: View) -> list[str]:
        """Unspent RP turned into omphalos cards; the end of the recruitment."""
        clauses: list[str] = []
        for seat in range(len(after.get("players") or [])):
            was, now = player(before, seat), player(after, seat)
            gained = int(now.get("omphalos_cards") or 0) - int(was.get("omphalos_cards") or 0)
            if gained > 0 and before.get("step") in RECRUITMENT:
                who = possessive(self.name(after, seat))
                become = "becomes" if gained == 1 else "become"
                cards = count(gained, "omphalos card")
                clauses.append(f"{who} {gained} unspent RP {become} {cards}")
        if before.get("step") in RECRUITMENT and after.get("step") not in RECRUITMENT:
            clauses.append("the armies are complete; everyone takes 3 Art of War cards")
        return clauses

    # --- turns and the end ---------------------------------------------------------------

    def new_turn(self, before: View, after: View) -> str | None:
        """ "Round 2: Hades's turn" when the action ended a turn and no draw starts the next
        one (that draw is the new turn's line)."""
        was = (before.get("round"), before.get("turn_player"))
        now = (after.get("round"), after.get("turn_player"))
        if was == now or not after.get("round") or after.get("step") in RECRUITMENT:
            return None
        if after.get("draws_pending"):
            return None  # the turn's first draw is its round line
        seat = int(after.get("turn_player") or 0)
        return f"Round {after.get('round')}: {possessive(self.name(after, seat))} turn"

    def ending(self, before: View, after: View) -> str | None:
        """Who won and why, when the action ended the game."""
        if not after.get("terminal") or before.get("terminal"):
            return None
        winners = [int(s) for s in after.get("winners") or []]
        names = [self.name(after, s) for s in winners]
        if not names:
            return "the game is over"
        who = listing(names)
        plural = len(names) > 1 or who == "you"
        win = "win" if plural else "wins"
        players = after.get("players") or []
        if any(p.get("out") and not player(before, p["seat"]).get("out") for p in players):
            if after.get("first_kill_wins") and sum(1 for p in players if p.get("out")) == 1:
                return f"the first divinity has fallen: {who} {win}"
            return f"{who} {win}"
        absorbed_now = sum(int(p.get("absorbed") or 0) for p in players)
        absorbed_then = sum(int(p.get("absorbed") or 0) for p in before.get("players") or [])
        if absorbed_now > absorbed_then:
            total = self.tally(after, winners[0]).split()[0]
            return f"{who} {win} by absorbing {total} omphalos"
        live = sorted({side_of(after, p["seat"]) for p in players if not p.get("out")})
        scores = {side: self.cap_score(after, side) for side in live}
        text = f"round {after.get('round')} of {after.get('max_rounds')} is over: "
        if len(set(scores.values())) == 1 or len({scores[side_of(after, s)] for s in winners}) > 1:
            return text + f"{who} share the win"
        best = scores[side_of(after, winners[0])]
        rivals = [score for side, score in scores.items() if score != best]
        second = max(rivals) if rivals else best
        if best[0] != second[0]:
            return text + f"{who} {win} on omphalos absorbed ({best[0]} to {second[0]})"
        if len({side_of(after, s) for s in winners}) > 1:
            return text + f"{who} share the win"
        return text + f"{who} {win} on Vitality taken from the enemy ({best[1]} to {second[1]})"

    def cap_score(self, view: View, side: int) -> tuple[int, int]:
        """A side's omphalos absorbed and the Vitality its enemies lost (MB-WIN-3)."""
        absorbed = sum(
            int(p.get("absorbed") or 0)
            for p in view.get("players") or []
            if side_of(view, p["seat"]) == side
        )
        lost = 0
        for unit in view.get("units") or []:
            if side_of(view, int(unit.get("owner", -1))) == side:
                continue
            left = 0 if unit.get("dead") else int(unit.get("vitality") or 0)
            lost += int(unit.get("max_vitality") or 0) - left
        return absorbed, lost


def resolves(before: View, after: View) -> bool:
    """The ATTACK on top of ``before``'s stack reached its damage in this action."""
    attacks = before.get("attacks") or []
    if not attacks or attacks[-1].get("phase") not in BEFORE_DAMAGE:
        return False
    now = attack_at(after, len(attacks) - 1)
    return now is None or now.get("phase") in AFTER_DAMAGE


def friends_in(view: View, here: dict[str, dict[str, Any]], unit: str) -> list[dict[str, Any]]:
    """Friendly units other than ``unit`` in its area."""
    me = here.get(unit) or {}
    area = me.get("area")
    owner = int(me.get("owner", -1))
    return [
        u
        for uid, u in here.items()
        if uid != unit
        and area
        and u.get("area") == area
        and friendly(view, int(u.get("owner", -1)), owner)
    ]


NARRATOR = MythicBattlesNarrator()
