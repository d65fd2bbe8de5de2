"""Mythic Wars's events in words, told from one reader's views (see engine/narration.py).

A decision reads as its advocate made it ("attacks Anubis with Thor", "uses Zeus's Thunderbolt
Storm"), a die as what it settled, with the totals and what they are made of: "Anubis rolls 1
to defend: Thor 13 (critical 6 + Attack 7) against Anubis 8 (die 1 + Defense 7): hit; Anubis
loses 5 (7 → 2)". The dice come from the view's ``settled`` rolls (the rules' own results, so
nothing of the rules' arithmetic is redone here); a total's parts are the die, the entity's
printed score and the passive modifiers of the entities in the battle, which the view shows.
What came of an action comes from comparing the reader's views before and after it: entities
entering the battle, summons, energy lost and regained, defeats, factions out of the game, a
new round, the end.

Another faction's face-down deities are in a view only as placeholders, and a face-down deal,
draft or assembly pick reads ``deal ?`` to everyone else (MW-RULING-HIDDEN), so no line can
name a card its reader could not see. In a Solo Destiny game entity tokens are ``<id>@<seat>``
and are named ``Thor@1``, so that the two Thors of a battle stay apart.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from theomachy.engine.narration import Narrator, Told, View, listing
from theomachy.games.mythic_wars.cards import PANTHEONS, Entity, catalog

Entry = dict[str, Any]
"""One entity of a view's ``entities`` list."""

SOLO_MARK = "@"
IN_BATTLE = ("invoked", "empowered")
STAT_WORD = {"attack": "Attack", "defense": "Defense", "power": "Power"}
PURPOSE_WORD = {"extra-attack": "extra attack", "ambush": "ambush", "doom": "doom", "burn": "burn"}


@cache
def entities() -> dict[str, Entity]:
    """The entity catalogue by id."""
    return {entity.id: entity for entity in catalog()}


def card_of(token: object) -> Entity | None:
    """The catalogue card an entity token names (``thor``, or ``thor@1`` in a solo game);
    None if it names none."""
    return entities().get(str(token).split(SOLO_MARK)[0])


def entity_name(token: str | None) -> str:
    """The printed name of an entity token (the token itself if unknown); a solo game's
    ``thor@1`` is ``Thor@1``."""
    if token is None or token == "?":
        return "a face-down deity"
    entity = card_of(token)
    if entity is None:
        return token
    _, mark, seat = token.partition(SOLO_MARK)
    return f"{entity.name}{mark}{seat}"


def ability_title(entity: Entity) -> str:
    """The name of an entity's ability (its card text before the colon)."""
    title, colon, _ = entity.text.partition(":")
    return title if colon else entity.ability


names = listing


def upper_first(text: str) -> str:
    """``text`` with a capital first letter ("you win" -> "You win")."""
    return text[:1].upper() + text[1:]


def visible(view: View) -> dict[str, Entry]:
    """The view's face-up (or the reader's own) entities by token."""
    return {str(e["id"]): e for e in view["entities"] if e.get("id") is not None}


def holding(view: View, seat: int) -> int:
    """The cards a seat holds in set-up: its dealt hand and its faction."""
    owned = sum(1 for e in view["entities"] if e["owner"] == seat)
    return int(view["factions"][seat]["hand"]) + owned


class MythicWarsNarrator(Narrator):
    """Mythic Wars told by seat: "Seat 1", "Seat 1 (Norse)" once a pantheon is dealt."""

    def seat_name(self, view: View, seat: int) -> str:
        factions = view.get("factions") or []
        pantheon = factions[seat].get("pantheon") if seat < len(factions) else None
        return f"Seat {seat} ({str(pantheon).title()})" if pantheon else f"Seat {seat}"

    def event(self, before: View, after: View, actor: int, entry: str) -> str | Told | None:
        verb, *args = entry.split(" ")
        if verb == "deal":
            return self.deal(before, after, args[0] if args else "?")
        kind = "move"
        if verb == "first":
            text, kind = self.first(after, args), "chance"
        elif verb == "roll":
            text, kind = self.roll(before, after, int(args[0]) if args else 0)
        else:
            text = self.decision(before, after, verb, args)
        notes = self.consequences(before, after)
        tie = self.prime_tie(before, after)
        if tie is not None:
            notes.append(tie)
        if notes:
            text += ("; " if ":" in text else ": ") + "; ".join(notes)
        out = [f for f in after["factions"] if f["eliminated"]]
        if len(out) > sum(f["eliminated"] for f in before["factions"]):
            kind = "result"
        if after["terminal"] and not before["terminal"]:
            return Told(f"{text}. {self.the_end(after)}", "result")
        new_round = self.new_round(before, after)
        if new_round is not None:
            return Told(f"{text}. {new_round}" if verb != "first" else new_round, "round")
        return Told(text, kind)

    # --- set-up ---------------------------------------------------------------------------------
    def deal(self, before: View, after: View, card: str) -> Told:
        """A pantheon (face up), or a card: named to the seat it goes to, face down to the
        others (the first to each seat a chance line, the rest details)."""
        if card in PANTHEONS:
            for was, now in zip(before["factions"], after["factions"], strict=True):
                if was["pantheon"] is None and now["pantheon"] is not None:
                    to = self.deal_to(after, now["seat"])
                    return Told(f"the {card.title()} pantheon is dealt to {to}", "chance")
            return Told(f"the {card.title()} pantheon is dealt", "chance")
        seat = next(
            (s for s in range(len(after["factions"])) if holding(after, s) > holding(before, s)),
            None,
        )
        to = "" if seat is None else f" to {self.deal_to(after, seat)}"
        if card != "?":
            return Told(f"{entity_name(card)} is dealt{to}", "chance")
        count = holding(after, seat) if seat is not None else 0
        if count <= 1:
            return Told(f"a card is dealt face down{to}", "chance")
        return Told(f"a card is dealt face down{to} ({count} so far)", "minor")

    def deal_to(self, view: View, seat: int) -> str:
        """A seat receiving a deal, by seat only (its pantheon may be what is dealt)."""
        return "you" if seat == view["player"] else f"Seat {seat}"

    def first(self, after: View, args: list[str]) -> str:
        seat = int(args[0]) if args and args[0].isdigit() else after["prime"]
        return f"the die makes {self.name(after, seat)} the first prime faction"

    # --- decisions --------------------------------------------------------------------------------
    def decision(self, before: View, after: View, verb: str, args: list[str]) -> str:
        """A decision in words, with entity and ability names."""
        unit = entity_name(args[0]) if args else ""
        target = self.target(before, args[1]) if len(args) > 1 else ""
        pending = before.get("pending") or {}
        purpose = pending.get("purpose") if pending.get("kind") == "choice" else None
        if verb == "draft":
            return "keeps one of the dealt cards" if not args or args[0] == "?" else f"keeps {unit}"
        if verb == "assemble":
            copy = "their own copy" if before.get("solo") else "the shared copy"
            if args and args[0] != "?":
                return f"takes {unit} from {copy}"
            text = f"takes a deity from {copy}"
            if "gone" in args and after["player"] is not None:
                text += " and hands the copy to you"
            return text
        if verb == "invoke":
            return f"declares {unit} for invocation"
        if verb == "attack":
            if purpose == "extra-attack":
                return f"makes an extra attack on {target} with {unit}"
            if purpose == "ambush":
                return f"ambushes {target} with {unit}"
            return f"attacks {target} with {unit}"
        if verb == "ability" and args:
            return self.ability(before, args)
        if verb == "rest":
            return f"lets {unit} rest"
        if verb == "order":
            entity = card_of(args[0]) if args else None
            title = f"'s {ability_title(entity)}" if entity else "'s ability"
            return f"has {unit}{title} resolve next"
        if verb == "decline":
            who = entity_name(pending.get("unit"))
            word = PURPOSE_WORD.get(str(purpose), str(purpose).replace("-", " "))
            return f"declines {who}'s {word}"
        return " ".join([verb, *args])

    def ability(self, before: View, args: list[str]) -> str:
        """``ability X [T]`` in words, by the ability's key."""
        entity = card_of(args[0])
        unit = entity_name(args[0])
        if entity is None:
            return f"uses {unit}'s ability"
        target = self.target(before, args[1]) if len(args) > 1 else None
        p, key = entity.params, entity.ability
        used = f"uses {unit}'s {ability_title(entity)}"
        if key == "clash" and target:
            return f"{used} to clash with {target}"
        if key in ("blast", "burn") and target:
            return f"{used} on {target} (−{p.amount})"
        if key == "volley":
            return f"{used} (every foe −{p.amount})"
        if key == "heal" and target:
            return f"{used} to heal {target} (+{p.amount})"
        if key == "doom" and target:
            return f"{used} on {target}: a Defense roll under {p.threshold} defeats it"
        return used + (f" on {target}" if target else "")

    def target(self, view: View, token: str) -> str:
        """An entity targeted: ``your Thor``, ``Thor of Seat 2`` when more than two factions
        could own it, else ``Thor``."""
        name = entity_name(token)
        entry = visible(view).get(token)
        if entry is None:
            return name
        owner = entry["owner"]
        if owner == view["player"]:
            return f"your {name}"
        if len(view["factions"]) > 2:
            return f"{name} of {self.seat_name(view, owner)}"
        return name

    # --- dice ------------------------------------------------------------------------------------
    def roll(self, before: View, after: View, die: int) -> tuple[str, str]:
        """A die and what it settled (``after["settled"]``), or, for a die that settles
        nothing yet (an attack's or a clash's first die, a prime-faction roll), what it was
        rolled for (the pending frame before it)."""
        pending = before.get("pending") or {}
        settled = after.get("settled") or []
        if settled:
            return "; ".join(self.settled(before, record, pending) for record in settled), "chance"
        kind = pending.get("kind")
        if kind == "attack":
            return f"{entity_name(pending['attacker'])} rolls {die} to attack", "minor"
        if kind == "clash":
            return f"{entity_name(pending['clasher'])} rolls {die} in the clash", "minor"
        if kind == "primeroll":
            dice = list(pending.get("dice") or [])
            candidates = list(pending.get("candidates") or [])
            if len(dice) < len(candidates):
                seat = candidates[len(dice)]
                who = self.name(after, seat)
                text = f"{who} {'roll' if who == 'you' else 'rolls'} {die} for the prime faction"
                if len(dice) + 1 == len(candidates):
                    rolled = [*dice, die]
                    best = max(rolled)
                    if rolled.count(best) > 1:
                        tied = [
                            self.name(after, s)
                            for s, d in zip(candidates, rolled, strict=True)
                            if d == best
                        ]
                        text += f": {names(tied)} tie on {best} and roll again"
                return text, "chance"
        return f"a die rolls {die}", "chance"

    def settled(self, before: View, record: dict[str, Any], pending: dict[str, Any]) -> str:
        """A settled roll in words, its totals broken down: ``Hera rolls 2 to defend: Thor 12
        (die 5 + Attack 7) against Hera 12 (die 2 + Defense 8 + 2 Athena): miss (tie won by
        Hera's faction)``; ``pending`` is the frame it settled (the view before)."""
        kind, result = record["kind"], record["result"]
        first, second = entity_name(record["first"]), entity_name(record["second"])
        if kind == "defense-test":
            total = self.total(before, record, "first", "defense")
            text = f"{first} rolls {record['first_die']} for Defense: {total}"
            threshold = pending.get("threshold") if pending.get("kind") == "defensetest" else None
            # Only the total counts against the threshold, a natural 6 or not (MW-RULING-DOOM).
            if result == "defeated":
                return text + (f", under {threshold}" if threshold is not None else "")
            if threshold is not None:
                text += f", not under {threshold}"
            return text + f": {first} survives"
        if kind == "damage":
            source = pending.get("source") if pending.get("kind") == "damageroll" else None
            roller = f"{entity_name(source)} rolls" if source else "the die rolls"
            return f"{roller} {record['first_die']} for damage to {first}"
        stat_first, stat_second = ("power", "power") if kind == "clash" else ("attack", "defense")
        totals = (
            f"{first} {self.total(before, record, 'first', stat_first)} against "
            f"{second} {self.total(before, record, 'second', stat_second)}"
        )
        roller = f"{second} rolls {record['second_die']}"
        roller += " in the clash" if kind == "clash" else " to defend"
        return f"{roller}: {totals}: {self.outcome(record, first, second)}"

    def outcome(self, record: dict[str, Any], first: str, second: str) -> str:
        """How a compared roll ended: hit, miss, a clash won, a tie rolled again, and why
        when a critical or a tie-breaker decided it."""
        kind, result = record["kind"], record["result"]
        if result == "again":
            return "tie, both roll again"
        won = result in ("hit", "won")
        text = f"{first if won else second} wins" if kind == "clash" else result
        crits = (record["first_critical"], record["second_critical"])
        totals = (record["first_total"], record["second_total"])
        if crits[0] != crits[1]:
            beaten = totals[0] <= totals[1] if crits[0] else totals[1] <= totals[0]
            return f"{text} (the critical wins)" if beaten else text
        if totals[0] == totals[1]:
            return f"{text} (tie won by {first if won else second}'s faction)"
        return text

    def total(self, before: View, record: dict[str, Any], side: str, stat: str) -> str:
        """``13 (critical 6 + Attack 7)``: a side's total and its parts, the modifiers named
        after the entities in the battle whose abilities give them."""
        token = record[side]
        die, total = record[f"{side}_die"], record[f"{side}_total"]
        entity = card_of(token)
        head = f"critical {die}" if record[f"{side}_critical"] else f"die {die}"
        if die == 6 and not record[f"{side}_critical"]:
            head += " not critical"  # an opposing Allfather's Foresight (MW-ABILITY-NOCRITS)
        if entity is None:
            return str(total)
        score = int(getattr(entity, stat))
        parts = [head, f"{STAT_WORD[stat]} {score}"]
        modifier = total - die - score
        sources = self.modifiers(before, str(token), stat)
        if sources and sum(amount for _, amount in sources) == modifier:
            parts += [f"{amount:+d} {name}" for name, amount in sources]
        elif modifier:
            parts.append(f"{modifier:+d}")
        text = " + ".join(parts).replace("+ +", "+ ").replace("+ -", "− ")
        return f"{total} ({text})"

    def modifiers(self, view: View, roller: str, stat: str) -> list[tuple[str, int]]:
        """The passive modifiers (MW-ABILITY-MODIFY) on ``roller``'s ``stat`` rolls from the
        entities in the battle in ``view``, as (name, amount)."""
        shown = visible(view)
        rolling = shown.get(roller)
        if rolling is None:
            return []
        found = []
        for token, entry in shown.items():
            entity = card_of(token)
            if entry["state"] not in IN_BATTLE or entity is None or entity.ability != "modify":
                continue
            p = entity.params
            if p.stat != stat or p.amount is None:
                continue
            same = entry["owner"] == rolling["owner"]
            applies = (
                (p.who == "self" and token == roller)
                or (p.who == "supporting" and same and token != roller)
                or (p.who == "faction" and same)
                or (p.who == "opposing" and not same)
            )
            if applies:
                found.append((entity_name(token), p.amount))
        return found

    # --- what came of it ------------------------------------------------------------------------
    def consequences(self, before: View, after: View) -> list[str]:
        """Entries to the battle, summons, energy lost and regained, defeats, factions out.
        Start-of-round regeneration is told with the new round."""
        notes: list[str] = []
        old, new = visible(before), visible(after)
        entered = [
            entity_name(token)
            for token, e in new.items()
            if e["state"] in IN_BATTLE
            and not e.get("summoner")
            and (token not in old or old[token]["state"] == "uninvoked")
        ]
        if entered:
            notes.append(
                f"{names(entered)} {'enters' if len(entered) == 1 else 'enter'} the battle"
            )
        for token, e in new.items():
            if e.get("summoner") and e["state"] in IN_BATTLE and token not in old:
                notes.append(f"{entity_name(e['summoner'])} summons {entity_name(token)}")
        losses: dict[int, list[str]] = {}
        defeated: list[str] = []
        gains: list[str] = []
        for token, e in new.items():
            was = old.get(token)
            if was is None or was["state"] not in IN_BATTLE:
                continue
            b, a = was.get("energy"), e.get("energy")
            if b is None or a is None:
                continue
            a -= self.regeneration(before, after, token)
            if e["state"] == "defeated":
                lost = f" loses {b - a} and" if a < b else ""
                defeated.append(f"{entity_name(token)}{lost} is defeated")
            elif a < b:
                losses.setdefault(b - a, []).append(f"{entity_name(token)} ({b} → {a})")
            elif a > b:
                gains.append(f"{entity_name(token)} regains {a - b} ({b} → {a})")
        for amount, who in losses.items():
            if len(who) == 1:
                name, _, change = who[0].rpartition(" (")
                notes.append(f"{name} loses {amount} ({change}")
            else:
                notes.append(f"{names(who)} each lose {amount}")
        notes += defeated + gains
        for was_f, now_f in zip(before["factions"], after["factions"], strict=True):
            if now_f["eliminated"] and not was_f["eliminated"]:
                seat = self.name(after, now_f["seat"])
                notes.append(f"{seat} {'are' if seat == 'you' else 'is'} out of the game")
        return notes

    def prime_tie(self, before: View, after: View) -> str | None:
        """When the round ends with factions tied for the most entities in the battle
        (MW-PRIME-4): who rolls for the prime faction."""
        pending = after.get("pending") or {}
        if pending.get("kind") != "primeroll" or (before.get("pending") or {}).get("kind") == (
            "primeroll"
        ):
            return None
        tied = [self.name(after, seat) for seat in pending.get("candidates") or []]
        return (
            f"{names(tied)} tie for the most entities in the battle and roll for the prime faction"
        )

    def regeneration(self, before: View, after: View, token: str) -> int:
        """The points ``token`` regenerated at the start of a round that began with this
        action (MW-ABILITY-REGENERATE, told with the new round, not as the action's doing):
        its amount, or less when it reached its Power (then what the action itself did is
        taken to be nothing)."""
        entity = card_of(token)
        if entity is None or entity.ability != "regenerate" or entity.params.amount is None:
            return 0
        if after["round"] == before["round"] or after["terminal"]:
            return 0
        was, now = visible(before).get(token), visible(after).get(token)
        if was is None or now is None or now["state"] not in IN_BATTLE:
            return 0
        if was["state"] not in IN_BATTLE or was["energy"] is None or now["energy"] is None:
            return 0
        if now["energy"] < entity.power:
            return entity.params.amount
        return max(0, min(entity.params.amount, int(now["energy"]) - int(was["energy"])))

    def new_round(self, before: View, after: View) -> str | None:
        """``Round 3 begins with Seat 1 (Aztec) as the prime faction`` and what regenerates."""
        if after["round"] == before["round"] or not after["round"] or after["terminal"]:
            return None
        prime = self.name(after, after["prime"])
        text = f"Round {after['round']} begins with {prime} as the prime faction"
        healed = []
        for token, e in visible(after).items():
            points = self.regeneration(before, after, token)
            if points:
                now = e["energy"]
                healed.append(f"{entity_name(token)} regenerates {points} ({now - points} → {now})")
        if healed:
            text += ": " + "; ".join(healed)
        return text

    def the_end(self, after: View) -> str:
        """Who won: the last faction standing, or at the round cap (MW-CAP-1) the most
        energy in the battle."""
        winners = [self.name(after, seat) for seat in after["winners"]]
        standing = {e["owner"] for e in after["entities"] if e["state"] in IN_BATTLE}
        verb = "share the win" if len(winners) > 1 else ("win" if winners == ["you"] else "wins")
        if len(standing) > 1:
            energy = [0] * len(after["factions"])
            for e in after["entities"]:
                if e["state"] in IN_BATTLE and e.get("energy") is not None:
                    energy[e["owner"]] += e["energy"]
            counts = ", ".join(
                f"{self.name(after, seat)} {energy[seat]}" for seat in sorted(standing)
            )
            return (
                f"The last round is over. Energy in the battle: {counts}. "
                f"{upper_first(names(winners))} {verb}."
            )
        return f"The battle is over: {names(winners)} {verb}."


NARRATOR = MythicWarsNarrator()
