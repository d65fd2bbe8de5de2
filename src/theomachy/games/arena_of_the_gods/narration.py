"""Arena of the Gods' events in words, told from one reader's views (see engine/narration.py).

A line says what was decided, with the cards' printed names, then what came of it, found by
comparing the reader's views just before and just after the action: "attacks Zeus with
Valkyrie (3 Power)", "passes: Valkyrie (3 Power) strikes Zeus: Zeus loses 3 Life (17 left)",
"plays Smite on Odin's Valkyrie for 3 Favor: Odin's Valkyrie is sent to the Afterlife". The
actor's own cards go unprefixed (the actor is named beside the line), every other card bears
its controller's name ("Odin's Valkyrie", "your Hoplite"). A card drawn is named to its
drawer only; the others read "draws a card" (AG-RULING-HIDDEN). A refill (the draw up to
five) is one line, told by its last draw ("Odin draws 3 cards"; to the drawer "you draw
Valkyrie, Skald and Thor"): its earlier draws are told by no line of their own (None).
The action that starts a turn says whose turn it is (a "round" line, with what the start of
the turn gave), the one that puts a player out or ends the game who is out and who won (a
"result" line); a pass that leaves the battle as it was is a "minor" line.

One action may do a lot (AG-TURN-1 resolves the start-of-turn income at once; the pass that
closes the pre-combat window resolves what waited there, then combat), so the outcomes are
grouped by kind, not by the order they happened in: what resolved from the stack, cards that
entered, damage and healing, Power and Health, the combat, cards sent to the Afterlife, Life,
Gold and Favor, cards returned to a hand, cards to draw, the battle's end, players out.
The narrator reads views only (never the state), so no line can say more than the reader
could see at the table.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from theomachy.engine.core import CHANCE
from theomachy.engine.narration import Narrator, Told, View, listing
from theomachy.games.arena_of_the_gods.cards import Ability, Card, catalog
from theomachy.games.arena_of_the_gods.model import STALL_ROUNDS

CARDS = catalog()
# Steps before the first turn: its start is told by the action that leaves them.
SETUP_STEPS = ("roll", "setup-draw", "turn-start")
# Steps of a battle before its combat (a draw may come between the window and the combat).
PRE_COMBAT = ("redirect", "declare", "pre-window", "pre-resolve", "pre-check", "combat")
# The third person and the reader's own form of the verbs a line may use with "you".
VERBS = {
    "is": "are",
    "has": "have",
    "loses": "lose",
    "gains": "gain",
    "draws": "draw",
    "rolls": "roll",
    "takes": "take",
    "goes": "go",
    "wins": "win",
    "gets": "get",
}
RESOURCES = ("gold", "favor")
NOBODY = -2  # an actor no outcome is said of without its subject
# What a fixed target of an ability is called in a line (AG "TARGETS" in cards.py).
FIXED = {
    "controller": "its controller",
    "bound": "the bound player",
    "opponents": "each opponent",
    "units": "every Unit",
    "enemy-units": "each enemy Unit",
    "own-units": "each of their Units",
    "foe": "the Unit or God it battles",
    "attacker": "the attacking Unit",
    "defender": "the attacked Unit or God",
}


def card_name(card_id: str) -> str:
    """A card's printed name (the id itself if the catalogue does not know it)."""
    card = CARDS.get(card_id)
    return card.name if card is not None else card_id


def parse_token(token: str) -> tuple[str, int, int]:
    """``valkyrie@1.2`` -> ("valkyrie", 1, 2): card id, controller seat, copy (AG-NOTATION-2)."""
    card, _, rest = token.partition("@")
    seat, _, copy = rest.partition(".")
    return card, int(seat), int(copy) if copy else 1


def cards_count(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def cost_text(gold: int, favor: int) -> str:
    """``for 2 Gold and 1 Favor``; ``for free``."""
    parts = [f"{gold} Gold"] * bool(gold) + [f"{favor} Favor"] * bool(favor)
    return "for " + (" and ".join(parts) if parts else "free")


def agree(who: str, verb: str) -> str:
    """``who`` and ``verb`` agreeing: "Zeus loses", "you lose"."""
    return f"{who} {VERBS.get(verb, verb) if who == 'you' else verb}"


def perms(view: View) -> dict[str, dict[str, Any]]:
    """The cards on the Battleground of a view, by token."""
    return {str(perm["token"]): perm for perm in view["battleground"]}


def stats(perm: dict[str, Any]) -> str:
    """A Unit's Power/Health, with its damage: ``3/4``, ``3/4, 2 damage``."""
    text = f"{perm['power']}/{perm['health']}"
    return f"{text}, {perm['damage']} damage" if perm.get("damage") else text


def discounted_cost(view: View, seat: int, card_id: str) -> tuple[int, int]:
    """(gold, favor) ``seat`` pays to play ``card_id`` in the position of ``view``: the printed
    cost less the discounts of the cards on the Battleground that serve ``seat`` (a Binding's
    serve the player it is on: AG-BIND-2), never below 0 (AG-PLAY-1)."""
    card = CARDS[card_id]
    gold, favor = card.gold, card.favor
    for perm in view["battleground"]:
        side = perm.get("bound_to", perm["controller"])
        if side != seat:
            continue
        for ability in CARDS[perm["card"]].abilities:
            if ability.effect == "discount" and ability.filter.matches(
                card, card.power, card.health
            ):
                if ability.resource == "gold":
                    gold -= ability.amount
                else:
                    favor -= ability.amount
    return max(0, gold), max(0, favor)


def activated(card: Card) -> Ability | None:
    return next((a for a in card.abilities if a.when == "activated"), None)


def ability_name(card_id: str) -> str:
    """What using a card's activated ability is called: a God's Blessing by its name
    ("Thunderbolt"), any other card's by the card's."""
    card = CARDS[card_id]
    return card.blessing if card.type == "god" and card.blessing else card.name


class ArenaNarrator(Narrator):
    """Arena of the Gods told by God: "Zeus", "Odin" ("Zeus (P2)" where two seats play one)."""

    def seat_name(self, view: View, seat: int) -> str:
        gods = [entry["god"] for entry in view["players"]]
        name = card_name(gods[seat])
        return f"{name} (P{seat})" if gods.count(gods[seat]) > 1 else name

    def possessive(self, view: View, seat: int) -> str:
        """``your``, ``Odin's``."""
        return "your" if seat == view.get("player") else f"{self.seat_name(view, seat)}'s"

    def who(self, view: View, seat: int, actor: int, verb: str) -> str:
        """The subject and verb of an outcome: none for the actor (their name is beside the
        line), "Zeus loses" or "you lose" for another seat."""
        if seat == actor:
            return verb
        return agree(self.name(view, seat), verb)

    def card(self, view: View, token: str, actor: int) -> str:
        """A card on the Battleground by its printed name: a God is its player ("Zeus",
        "you"); the actor's cards go unprefixed, others bear their controller's name
        ("Odin's Valkyrie", "your Hoplite"); a second copy is "#2"."""
        card_id, seat, copy = parse_token(token)
        if card_id in CARDS and CARDS[card_id].type == "god":
            return self.name(view, seat)
        name = card_name(card_id) + (f" #{copy}" if copy > 1 else "")
        return name if seat == actor else f"{self.possessive(view, seat)} {name}"

    def target(self, view: View, target: str, actor: int) -> str:
        """A chosen target: a card on the Battleground, a player by their God (the actor's
        own God by its name), or a card of the Afterlife."""
        if "@" not in target:
            return f"{card_name(target)} from the Afterlife"
        card_id, seat, _ = parse_token(target)
        if seat == actor and card_id in CARDS and CARDS[card_id].type == "god":
            return self.seat_name(view, seat)
        return self.card(view, target, actor)

    # --- the line ----------------------------------------------------------------------------
    def event(self, before: View, after: View, actor: int, entry: str) -> str | Told | None:
        verb, _, rest = entry.partition(" ")
        if actor == CHANCE:
            if verb == "roll":
                return self.roll(before, after, int(rest))
            if self.refilling(before, after):
                return None  # the refill is told as one line by its last draw
            head = self.draw(before, rest)
        else:
            head = self.decision(before, after, actor, verb, rest)
        began = self.turn_began(before, after)
        # A new turn's outcomes are the new turn player's as much as the actor's: each is
        # said with its subject.
        notes = self.outcomes(before, after, NOBODY if began else actor, verb, rest)
        kind = "chance" if actor == CHANCE else "move"
        if began:
            kind = "round"
            seat = after["turn_player"]
            round_no = after["turn"] // len(after["players"]) + 1
            turn = f"round {round_no}, {self.possessive(after, seat)} turn"
            text = f"{head} — {turn}" + (f": {', '.join(notes)}" if notes else "")
        elif actor == CHANCE:
            text = head + (f"; {', '.join(notes)}" if notes else "")
        else:
            text = head + (f": {', '.join(notes)}" if notes else "")
        out = [
            s
            for s, entry_after in enumerate(after["players"])
            if entry_after["out"] and not before["players"][s]["out"]
        ]
        if after["terminal"] and not before["terminal"]:
            return Told(f"{text}. {self.result(after, out)}", "result")
        if out:
            return Told(text, "result")
        if kind == "move" and not notes and verb in ("pass", "end"):
            kind = "minor"
        if kind == "move" and verb == "pass" and notes == ["the battle ends"]:
            kind = "minor"
        return Told(text, kind)

    def decision(self, before: View, after: View, actor: int, verb: str, rest: str) -> str:
        """What ``actor`` decided, in words (the outcomes follow)."""
        if verb in ("play", "play-from-afterlife"):
            return self.play(before, after, actor, rest, verb != "play")
        if verb == "use":
            return self.use(before, actor, rest)
        if verb == "attack":
            attacker, target = rest.split(" ")
            return self.attack(before, after, actor, attacker, target)
        battle = before.get("battle") or {}
        if verb == "redirect":
            god = self.seat_name(before, actor)
            return (
                f"redirects the attack from {self.card(before, battle['target'], actor)} to {god}"
            )
        if verb == "hold":
            return f"lets {self.card(before, battle['target'], actor)} take the attack"
        if verb == "pass":
            return self.pass_(before, after)
        if verb == "end":
            return "ends the main phase"
        if verb == "done":
            return "ends the turn"
        if verb == "discard":
            return f"discards {card_name(rest)}"
        if verb == "trigger":
            return f"resolves {card_name(rest)}"
        if verb == "decline":
            return f"declines the ability of {card_name(rest)}"
        return f"{verb} {rest}".strip()  # not a verb of the game: its notation

    def play(self, before: View, after: View, actor: int, rest: str, from_afterlife: bool) -> str:
        card_id, _, target = rest.partition(" ")
        card = CARDS[card_id]
        name = card_name(card_id)
        entered = self.entered(before, after, actor, card_id)
        if entered is not None and card.type == "unit":
            name += f" ({entered['power']}/{entered['health']})"
        if from_afterlife:
            name += " from the Afterlife"
        text = f"plays {name}"
        if entered is not None and target == entered["token"]:
            text += " on itself"
        elif target and "@" in target:  # (a card of the Afterlife: the outcome names it)
            text += f" on {self.target(before, target, actor)}"
        text += " " + cost_text(*discounted_cost(before, actor, card_id))
        if entered is not None and entered.get("ready"):
            text += ", ready to attack at once"
        if card.kind == "combat":
            plays = [a for a in card.abilities if a.when == "play"]
            effect = self.effects(before, card, plays, target, actor)
            text += ", to resolve when the window closes" + (f": {effect}" if effect else "")
        return text

    def use(self, before: View, actor: int, rest: str) -> str:
        token, _, target = rest.partition(" ")
        card_id, _, _ = parse_token(token)
        card = CARDS[card_id]
        ability = activated(card)
        text = f"uses {ability_name(card_id)}"
        if card.type != "god" and parse_token(token)[2] > 1:
            text = f"uses {self.card(before, token, actor)}"
        if target and "@" in target:  # (a card of the Afterlife: the outcome names it)
            text += f" on {self.target(before, target, actor)}"
        if ability is not None:
            text += " " + cost_text(ability.gold, ability.favor)
            if before.get("battle") is not None:
                effect = self.effects(before, card, [ability], target, actor)
                text += ", to resolve when the window closes" + (f": {effect}" if effect else "")
        return text

    def attack(self, before: View, after: View, actor: int, attacker: str, target: str) -> str:
        now = perms(after)
        unit = now.get(attacker) or perms(before).get(attacker)
        aimed = now.get(target) or perms(before).get(target)
        with_what = self.card(after, attacker, actor)
        if unit is not None:
            with_what += f" ({unit['power']} Power)"
        goal = self.card(after, target, actor)
        if aimed is not None and aimed["type"] == "unit":
            goal += f" ({stats(aimed)})"
            if unit is not None:
                with_what = f"{self.card(after, attacker, actor)} ({stats(unit)})"
        return f"attacks {goal} with {with_what}"

    def pass_(self, before: View, after: View) -> str:
        """A pass in a battle window; the one that closes the window also says what resolved
        there and, closing the pre-combat window, how the combat went."""
        battle = before.get("battle")
        if battle is None:
            return "passes"
        closes = after["step"] != before["step"] or after.get("battle") is None
        if not closes:
            when = "before combat" if before["step"] == "pre-window" else "after combat"
            return f"passes ({when})"
        return "passes"

    @staticmethod
    def refilling(before: View, after: View) -> bool:
        """Whether this draw is one of a refill (the draw up to a full hand, AG-TURN-2) that
        goes on after it: the refill's last draw tells all its cards in one line."""
        was, now = before.get("refill"), after.get("refill")
        return (
            was is not None
            and now is not None
            and now["seat"] == was["seat"]
            and now["drawn"] == was["drawn"] + 1
        )

    def draw(self, before: View, rest: str) -> str:
        """A card drawn: named to its drawer only (the others see ``draw ?``); the last draw
        of a refill says all the refill's cards: "Odin draws 3 cards", "you draw Hoplite,
        Skald and Valkyrie"."""
        pending = before.get("draws_pending") or []
        if not pending:
            return "a card is drawn"
        seat = pending[0]
        who = agree(self.name(before, seat), "draws")
        refill = before.get("refill")
        earlier: list[str] = []
        count = 1
        if refill is not None and refill["seat"] == seat:
            count += refill["drawn"]
            earlier = list(refill.get("cards") or [])
        if rest and rest != "?" and seat == before.get("player"):
            return f"{who} {listing([card_name(c) for c in [*earlier, rest]])}"
        return f"{who} {'a card' if count == 1 else cards_count(count)}"

    def roll(self, before: View, after: View, value: int) -> Told:
        """AG-SETUP-2: two dice a contender, the highest total goes first, ties roll again."""
        rolls = [list(r) for r in before["rolls"]]
        seat = next((s for s, r in enumerate(rolls) if len(r) < 2), 0)
        who = agree(self.name(before, seat), "rolls")
        if not rolls[seat]:
            return Told(f"{who} {value} (the first of two dice for who goes first)", "chance")
        first = rolls[seat][0]
        text = f"{who} {value}: {first} + {value} = {first + value}"
        if after["step"] != "roll":
            winner = after["turn_player"]
            total = sum(rolls[winner]) if winner != seat else first + value
            text += f"; {agree(self.name(after, winner), 'goes')} first with {total}"
        else:
            tied = [s for s, r in enumerate(after["rolls"]) if not r and (rolls[s] or s == seat)]
            if len(tied) > 1:
                names = listing([self.name(after, s) for s in tied])
                text += f"; a tie at {first + value}: {names} roll again"
        return Told(text, "chance")

    # --- outcomes ------------------------------------------------------------------------------
    @staticmethod
    def turn_began(before: View, after: View) -> bool:
        """Whether the action started a turn: the turn count went up (the game going on), or
        the first turn began (the set-up steps left)."""
        if after["terminal"]:
            return False
        if after["turn"] > before["turn"]:
            return True
        return before["step"] in SETUP_STEPS and after["step"] not in SETUP_STEPS

    def entered(self, before: View, after: View, seat: int, card_id: str) -> dict[str, Any] | None:
        """The copy of ``card_id`` that entered the Battleground under ``seat``, if one did."""
        old = perms(before)
        for token, perm in perms(after).items():
            if token not in old and perm["card"] == card_id and perm["controller"] == seat:
                return perm
        return None

    def outcomes(self, before: View, after: View, actor: int, verb: str, rest: str) -> list[str]:
        """What changed between the views, in words (see the module's docstring)."""
        notes: list[str] = []
        old, new = perms(before), perms(after)
        players_before, players_after = before["players"], after["players"]
        gone_seats = {
            s for s, p in enumerate(players_after) if p["out"] and not players_before[s]["out"]
        }
        battle: dict[str, Any] | None = before.get("battle")
        battle_ended = battle is not None and after.get("battle") is None
        turn_changed = self.turn_began(before, after) or after["turn"] != before["turn"]
        # The card the action itself played: said by the decision, not again here.
        played = rest.split(" ")[0] if verb in ("play", "play-from-afterlife") else None
        head_token = None
        if played is not None and actor >= 0:
            entered = self.entered(before, after, actor, played)
            head_token = entered["token"] if entered is not None else None
        engaged = tuple(rest.split(" ")) if verb == "attack" else ()
        # What waited on the stack of a window that closed (AG-BATTLE-3), last played first.
        closed = verb == "pass" and (after["step"] != before["step"] or after.get("battle") is None)
        if closed and battle is not None and battle["stack"]:
            resolved = [
                ability_name(item["card"]) if item.get("source") else card_name(item["card"])
                for item in reversed(battle["stack"])
            ]
            notes.append(
                f"{resolved[0]} resolves"
                if len(resolved) == 1
                else f"{', then '.join(resolved)} resolve"
            )
        # Cards that entered other than the one played (returned from an Afterlife).
        for token, perm in new.items():
            if token in old or token == head_token or perm["type"] == "god":
                continue
            notes.append(f"{self.card(after, token, actor)} returns to the Battleground")
        # Combat (AG-BATTLE-5) took place when the battle went from before combat to the
        # post-combat window; what the stack did before it is said first.
        combat = (
            battle is not None
            and before["step"] in PRE_COMBAT
            and after["step"] == "post-window"
            and after.get("battle") is not None
        )
        fought = {battle["attacker"], battle["target"]} if combat and battle is not None else set()
        # Damage, healing, Power and Health, protection, readiness of the Units still there.
        changes: dict[tuple[int, int], list[str]] = {}
        for token, perm in new.items():
            was = old.get(token)
            if was is None or perm["type"] != "unit":
                continue
            name = self.card(after, token, actor)
            taken = perm["damage"] - was["damage"]
            if token not in fought:
                if taken > 0:
                    notes.append(f"{name} {self.damage_note(perm, taken)}")
                elif taken < 0:
                    notes.append(f"{name} is healed of {-taken} damage")
            if turn_changed:
                continue  # what lasted for the turn ended
            delta = (perm["power"] - was["power"], perm["health"] - was["health"])
            if delta != (0, 0) and not battle_ended and token not in engaged:
                # (not "gets" for the battle that ended, nor what the attack line says)
                changes.setdefault(delta, []).append(token)
            shield = perm.get("shield", 0) - was.get("shield", 0)
            if shield > 0:
                notes.append(f"the next {shield} damage to {name} will be prevented this turn")
            if perm.get("ready") and not was.get("ready") and verb != "attack":
                notes.append(f"{name} may attack again")
        for (power, health), tokens in changes.items():
            bonus = listing(
                [f"{n:+d} {what}" for n, what in ((power, "Power"), (health, "Health")) if n]
            )
            names = [self.card(after, token, actor) for token in tokens]
            if len(tokens) == 1:
                now = new[tokens[0]]
                notes.append(f"{names[0]} gets {bonus} (now {now['power']}/{now['health']})")
            else:
                notes.append(f"{listing(names)} get {bonus}")
        struck = -1  # the seat whose God combat struck: its Life is said with the strike
        if combat and battle is not None:
            notes.extend(self.combat(before, after, actor, battle["attacker"], battle["target"]))
            target = new.get(battle["target"])
            if target is not None and target["type"] == "god":
                struck = target["controller"]
        # Cards that left the Battleground (not with a player who went out).
        for token, perm in old.items():
            if token in new or perm["type"] == "god" or perm["controller"] in gone_seats:
                continue
            if perm.get("bound_to") in gone_seats:
                continue
            name = self.card(before, token, actor)
            if perm["type"] == "unit":
                notes.append(f"{name} is sent to the Afterlife")
            else:
                notes.append(f"{name} goes to the Afterlife")
        # Life, Gold and Favor.
        for seat in range(len(players_after)):
            if seat != struck:
                life = self.life(before, after, seat, actor)
                if life:
                    notes.append(life)
            said = self.resources(before, after, seat, actor, verb, rest)
            if said:
                notes.append(said)
        # Cards returned to a hand from the Afterlife (hands are hidden, these are not).
        for seat, (was_p, now_p) in enumerate(zip(players_before, players_after, strict=True)):
            left = Counter(was_p["afterlife"]) - Counter(now_p["afterlife"])
            if verb == "play-from-afterlife" and seat == actor and played is not None:
                left[played] -= 1
            for token, perm in new.items():
                if token not in old and perm["controller"] == seat:
                    left[perm["card"]] -= 1
            if seat == after.get("player"):
                hand = "your hand"
            elif seat == actor:
                hand = "their hand"
            else:
                hand = f"{self.possessive(after, seat)} hand"
            for card_id in sorted(+left):
                notes.extend([f"{card_name(card_id)} returns to {hand}"] * left[card_id])
        # Cards to draw, asked by an ability (a turn's draw is the round's business).
        if not turn_changed and actor != CHANCE:
            waiting = Counter(after.get("draws_pending") or [])
            waiting.subtract(before.get("draws_pending") or [])
            for seat in sorted(s for s in waiting if waiting[s] > 0):
                notes.append(
                    f"{self.who(after, seat, actor, 'draws')} {cards_count(waiting[seat])}"
                )
        if battle_ended and not gone_seats:
            notes.append("the battle ends")
        for seat in sorted(gone_seats):
            notes.append(f"{agree(self.name(after, seat), 'is')} out")
        return notes

    def life(self, before: View, after: View, seat: int, actor: int) -> str | None:
        """``loses 3 Life (17 left)``, ``Zeus gains 2 Life (22)``."""
        now = after["players"][seat]["life"]
        change = now - before["players"][seat]["life"]
        if change < 0:
            return f"{self.who(after, seat, actor, 'loses')} {-change} Life ({max(0, now)} left)"
        if change > 0:
            return f"{self.who(after, seat, actor, 'gains')} {change} Life ({now})"
        return None

    @staticmethod
    def damage_note(perm: dict[str, Any], taken: int, prevented: int = 0) -> str:
        """``takes 3 damage, 1 prevented (2 Health left)``; ``(lethal)``: it goes to the
        Afterlife at the next health check (AG-BATTLE-4)."""
        left = perm["health"] - perm["damage"]
        held = f", {prevented} prevented" if prevented else ""
        return f"takes {taken} damage{held} ({'lethal' if left <= 0 else f'{left} Health left'})"

    def combat(
        self, before: View, after: View, actor: int, attacker: str, target: str
    ) -> list[str]:
        """AG-BATTLE-5: the attacking Unit and the attacked Unit place damage on each other;
        an attacked God loses Life. Said from the views (damage the stack placed before the
        combat is counted with it)."""
        old, new = perms(before), perms(after)
        hitter, hit = new.get(attacker), new.get(target)
        if hitter is None or hit is None:
            return []
        a_name = self.card(after, attacker, actor)
        t_name = self.card(after, target, actor)
        if hit["type"] == "god":
            strike = f"{a_name} ({hitter['power']} Power) strikes {t_name}"
            life = self.life(before, after, hit["controller"], CHANCE)
            return [f"{strike}: {life}" if life else f"{strike}: no Life lost"]
        fight = f"{a_name} ({hitter['power']} Power) and {t_name} ({hit['power']} Power) fight"
        notes = []
        for token, name, foe in ((target, t_name, hitter), (attacker, a_name, hit)):
            now, was = new[token], old.get(token)
            taken = now["damage"] - (was["damage"] if was is not None else 0)
            # Damage held off by prevention (AG-TERM-PREVENT): what the foe's Power did not
            # place, said where the Unit had prevention.
            shielded = (was is not None and bool(was.get("shield"))) or self.shielded(before, token)
            held = max(0, foe["power"] - max(0, taken)) if shielded else 0
            if taken > 0:
                notes.append(f"{name} {self.damage_note(now, taken, held)}")
            else:
                notes.append(
                    f"{agree(name, 'takes')} no damage" + (f", {held} prevented" if held else "")
                )
        return [f"{fight}: {', '.join(notes)}"]

    @staticmethod
    def shielded(before: View, token: str) -> bool:
        """Whether something waiting on the battle's stack prevents damage to ``token``."""
        battle = before.get("battle") or {}
        for item in battle.get("stack", []):
            card = CARDS[item["card"]]
            abilities = card.abilities if not item.get("source") else [activated(card)]
            if item.get("target") == token and any(
                a is not None and a.effect == "prevent" for a in abilities
            ):
                return True
        return False

    def resources(
        self, before: View, after: View, seat: int, actor: int, verb: str, rest: str
    ) -> str | None:
        """Gold and Favor ``seat`` gained or lost, less what the action's cost took."""
        was, now = before["players"][seat], after["players"][seat]
        deltas = {r: now[r] - was[r] for r in RESOURCES}
        if seat == actor and verb in ("play", "play-from-afterlife", "use"):
            first = rest.split(" ")[0]
            if verb == "use":
                ability = activated(CARDS[parse_token(first)[0]])
                paid = (ability.gold, ability.favor) if ability is not None else (0, 0)
            else:
                paid = discounted_cost(before, actor, first)
            deltas["gold"] += paid[0]
            deltas["favor"] += paid[1]
        if not any(deltas.values()):
            return None
        gains = " and ".join(f"{n} {r.title()}" for r, n in deltas.items() if n > 0)
        losses = " and ".join(f"{-n} {r.title()}" for r, n in deltas.items() if n < 0)
        if gains and losses:
            lose = "lose" if seat != actor and self.name(after, seat) == "you" else "loses"
            said = f"{self.who(after, seat, actor, 'gains')} {gains} and {lose} {losses}"
        elif gains:
            said = f"{self.who(after, seat, actor, 'gains')} {gains}"
        else:
            said = f"{self.who(after, seat, actor, 'loses')} {losses}"
        totals = ", ".join(f"{now[r]} {r.title()}" for r, n in deltas.items() if n)
        return f"{said} (now {totals})"

    def effects(
        self, view: View, card: Card, abilities: list[Ability], target: str, actor: int
    ) -> str | None:
        """What abilities waiting on the stack will do, in the card's words with the target
        named (said when played; what they did is said when the window closes)."""
        said = []
        for ability in abilities:
            if ability.target in FIXED:
                whom = FIXED[ability.target]
            elif ability.target == "self":
                whom = card.name
            elif target:
                whom = self.target(view, target, actor)
            else:
                whom = "its target"
            phrase = self.effect(ability, whom)
            if phrase is None:
                return None
            said.append(phrase)
        return "; ".join(said) or None

    @staticmethod
    def effect(ability: Ability, whom: str) -> str | None:
        amount, effect = ability.amount, ability.effect
        if effect == "damage":
            return f"deal {amount} damage to {whom}"
        if effect == "heal":
            return f"remove {amount} damage from {whom}"
        if effect == "prevent":
            return f"prevent the next {amount} damage to {whom} this turn"
        if effect == "buff":
            bonus = listing(
                [
                    f"{n:+d} {w}"
                    for n, w in ((ability.power, "Power"), (ability.health, "Health"))
                    if n
                ]
            )
            if ability.duration == "permanent":
                return f"{whom} gains {bonus}"
            lasting = "the battle" if ability.duration == "battle" else "the turn"
            return f"{whom} gets {bonus} for {lasting}"
        if effect == "draw":
            return f"draw {cards_count(amount)}"
        if effect == "destroy":
            return f"send {whom} to the Afterlife"
        if effect == "ready":
            return f"{whom} may attack again"
        if effect in ("resource", "drain") and ability.resource is not None:
            verb = "gain" if effect == "resource" else "lose"
            return f"{whom} {verb}s {amount} {ability.resource.title()}"
        if effect == "life":
            return f"{whom} {'gains' if amount > 0 else 'loses'} {abs(amount)} Life"
        if effect == "return":
            return f"return {whom} to the {ability.to or 'hand'}"
        if effect == "unbind":
            return f"remove {whom}"
        return None

    def result(self, view: View, out: list[int]) -> str:
        """How the game ended (AG-END-2, AG-CAP-1, AG-RULING-STALL) and who won."""
        winners = list(view["winners"])
        names = listing([self.name(view, s) for s in winners])
        won = agree(names, "wins") if len(winners) == 1 else f"{names} share the win"
        if out:
            return f"The game is over: {won}"
        live = [p for p in view["players"] if not p["out"]]
        if view.get("stalled_turns", 0) >= STALL_ROUNDS * len(live):
            return f"{STALL_ROUNDS} rounds without progress end the game: {won}"
        best = max(p["life"] for p in live)
        return f"The round limit ends the game: {won} with the most Life ({best})"


NARRATOR = ArenaNarrator()
