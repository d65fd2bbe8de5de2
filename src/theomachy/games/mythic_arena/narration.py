"""Mythic Arena's events in words, told from one reader's views (see engine/narration.py).

A turn reads as the player saw it at the table: "Norse draws a card", "places Thor on e6:
captures Zeus (e5) and Athena (f6); +1 Glory (4 in all)". Outcomes come from comparing the
reader's views before and after the action: cards whose allegiance changed were captured,
cards new in the box left the game, Glory and Strength tokens gained, a game (of a match)
that ended. Only the player who drew a card sees it until it is placed or discarded, so the
others read "draws a card" (MA-RULING-PUBLIC).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from theomachy.engine.core import CHANCE
from theomachy.engine.narration import Narrator, Told, View, listing
from theomachy.games.mythic_arena.board import NEIGHBOURS, SQUARE_INDEX, SQUARE_NAMES
from theomachy.games.mythic_arena.cards import DECK_SIZE, Card, catalog
from theomachy.games.mythic_arena.rules import MAJORITY_BONUS

# Cards whose Power is not their printed Power in every battle (MA-POWER-2).
VARIABLE_POWER = frozenset({"discard-power", "icon-power", "partner-power"})
# The third person and the reader's own form of the verbs a line may use with "you".
VERBS = {
    "draws": "draw",
    "plays": "play",
    "wins": "win",
    "leads": "lead",
    "starts": "start",
    "shuffles": "shuffle",
    "takes": "take",
    "scores": "score",
    "has": "have",
    "gets": "get",
}


@cache
def cards() -> dict[str, Card]:
    """The card catalogue by id."""
    return {card.id: card for card in catalog()}


def card_name(card_id: str) -> str:
    """The printed name of a card id (the id itself if unknown)."""
    card = cards().get(card_id)
    return card.name if card is not None else card_id


def conjugate(who: str, verb: str) -> str:
    """``who`` and ``verb`` agreeing: "Greek draws", "you draw"."""
    return f"{who} {VERBS.get(verb, verb) if who == 'you' else verb}"


names = listing


def cards_count(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def tokens(count: int) -> str:
    return f"{count} Strength token{'' if count == 1 else 's'}"


def board(view: View) -> dict[str, dict[str, Any]]:
    """The battlefield of a view by square."""
    return {str(card["square"]): card for card in view["battlefield"]}


def named(card: dict[str, Any]) -> str:
    """A battlefield card with its square: ``Zeus (e5)``."""
    return f"{card['name']} ({card['square']})"


def neighbours(square: str) -> list[str]:
    """The squares orthogonally next to ``square``."""
    return [SQUARE_NAMES[n] for n in NEIGHBOURS[SQUARE_INDEX[square]] if n >= 0]


class MythicArenaNarrator(Narrator):
    """Mythic Arena told by pantheon: "Greek", "Norse" ("Player N" before the choice)."""

    def seat_name(self, view: View, seat: int) -> str:
        pantheon = view["players"][seat]["pantheon"]
        return str(pantheon).title() if pantheon else f"Player {seat}"

    def event(self, before: View, after: View, actor: int, entry: str) -> str | Told | None:
        verb, *args = entry.split(" ")
        if actor == CHANCE:
            return self.draw(before, after, args[0] if args else "?")
        if verb == "choose":
            return self.choose(before, after, actor, args[0])
        text = self.decision(before, after, actor, verb, args)
        notes = self.consequences(before, after, actor, verb, args)
        if notes:
            text = f"{text}: {'; '.join(notes)}"
        ended = self.game_over(before, after)
        if ended is not None:
            return Told(f"{text}. {ended}", "result")
        return Told(text, "move")

    # --- chance: the draws ------------------------------------------------------------------
    def draw(self, before: View, after: View, card: str) -> Told:
        """A draw: the card to the one who drew it, "a card" to everyone else."""
        drawer = before["to_move"]
        who = self.name(after, drawer)
        again = before["phase"] == "draw-again"
        if card == "?":
            drawn = "again" if again else "a card"
        else:
            drawn = card_name(card)
            power = after.get("drawn_power")
            printed = cards()[card].power if card in cards() else None
            if power is not None and power != printed:
                drawn += f" (Power {power} if placed now)"
        if again:
            drawn += " and must play it"
        start = self.game_start(before)
        if start is not None:
            draws = "draw" if who == "you" else "draws"
            return Told(f"{start}: {conjugate(who, 'starts')} and {draws} {drawn}", "round")
        return Told(f"{conjugate(who, 'draws')} {drawn}", "chance")

    def game_start(self, before: View) -> str | None:
        """For the first draw of a game of a match: which game begins, the match score and
        who starts."""
        if before["rounds"] <= 1 or before["battlefield"] or before["phase"] != "draw":
            return None
        players = before["players"]
        if any(p["deck"] != DECK_SIZE or p["discard"] for p in players) or before["box"]:
            return None
        number = len(before["results"]) + 1
        text = f"Game {number} begins"
        if number == 1:
            text += f" (the match goes to the first to win {before['wins_needed']} games)"
        else:
            wins = [p["wins"] for p in players]
            if wins[0] == wins[1]:
                text += f", the match is tied {wins[0]}–{wins[1]}"
            else:
                leader = 0 if wins[0] > wins[1] else 1
                who = self.name(before, leader)
                text += f", {conjugate(who, 'leads')} the match {max(wins)}–{min(wins)}"
        return text

    # --- decisions ---------------------------------------------------------------------------
    def choose(self, before: View, after: View, actor: int, pantheon: str) -> Told:
        other = 1 - actor
        text = f"chooses {pantheon.title()}; {conjugate(self.name(before, other), 'plays')}"
        text += f" {str(after['players'][other]['pantheon']).title()}"
        return Told(text, "move")

    def decision(self, before: View, after: View, actor: int, verb: str, args: list[str]) -> str:
        """The decision itself, with card names."""
        placed = board(before).get(str(before.get("placed")))
        placed_name = str(placed["name"]) if placed is not None else "the card just played"
        if verb == "discard":
            pile = after["players"][actor]["discard"]
            card = card_name(pile[-1]) if pile else "the card"
            return f"discards {card} and must play the next card"
        if verb == "place" and len(args) == 2:
            return self.placing(after, args[0], args[1])
        if verb == "recycle" and args:
            return f"shuffles {card_name(args[0])} from the discard pile back into the deck"
        if verb == "raise" and args:
            return f"raises {card_name(args[0])} from the discard pile over {placed_name}"
        if verb == "capture" and args:
            target = board(before).get(args[0])
            return f"captures {named(target) if target else args[0]} with {placed_name}"
        if verb == "power":
            power = int(placed["power"]) + 1 if placed is not None else None
            now = f" (Power {power})" if power is not None else ""
            return f"spends a Strength token: +1 Power on {placed_name}{now}"
        if verb == "shatter" and args:
            target = board(before).get(args[0])
            shield = (
                f"{target['name']}'s shield ({args[0]})" if target else f"the shield on {args[0]}"
            )
            return f"spends a Strength token to shatter {shield} facing {placed_name}"
        if verb == "done":
            left = before["players"][actor]["strength"]
            return f"keeps {tokens(left)} and goes to battle"
        return " ".join([verb, *args])

    def placing(self, after: View, card_id: str, square: str) -> str:
        """``places Zeus (Power 6) on e6``: the Power it fights with when the view shows it
        (before the battle) or when it is always the printed one."""
        card = cards().get(card_id)
        shown = board(after).get(square)
        power: int | None = None
        if shown is not None and shown["card"] == card_id and after.get("placed") == square:
            power = int(shown["power"])
        elif card is not None and card.ability not in VARIABLE_POWER:
            power = card.power
        text = f"places {card_name(card_id)}"
        if power is not None:
            text += f" (Power {power})"
        text += f" on {square}"
        if shown is not None and shown.get("outside"):
            text += ", beyond the square"
        return text

    # --- what came of it ----------------------------------------------------------------------
    def consequences(
        self, before: View, after: View, actor: int, verb: str, args: list[str]
    ) -> list[str]:
        """Captures, cards to the box, Strength tokens taken, Glory scored, a new deck."""
        notes: list[str] = []
        game_ended = len(after["results"]) > len(before["results"])
        # A game of a match that ends starts the next at once: its battlefield is new.
        same_game = not game_ended or after["terminal"]
        if same_game:
            notes += self.battle(before, after, verb, args)
        result = after["results"][-1] if game_ended else None
        for seat, (was, now) in enumerate(zip(before["players"], after["players"], strict=True)):
            who = self.name(after, seat)
            if same_game:
                gained = now["strength"] - was["strength"]
                if gained > 0:
                    notes.append(f"{conjugate(who, 'takes')} {tokens(gained)}")
            glory = now["glory"] - was["glory"]
            if result is not None:  # the final count's bonus is told with the end
                icons = result["icons"]
                bonus = MAJORITY_BONUS if icons[seat] > icons[1 - seat] else 0
                glory = result["glory"][seat] - was["glory"] - bonus
            if glory > 0:
                total = "" if result is not None else f" ({now['glory']} in all)"
                notes.append(f"{conjugate(who, 'scores')} {glory} Glory{total}")
            reshuffled = (
                same_game
                and was["discard"]
                and not now["discard"]
                and now["deck"] == was["deck"] + len(was["discard"])
                and not (seat == actor and verb == "recycle")
            )
            if reshuffled:
                notes.append(
                    f"{conjugate(who, 'shuffles')} the discard pile into a new deck "
                    f"({cards_count(now['deck'])})"
                )
        if same_game and not game_ended and after["phase"] == "draw" and after["to_move"] == actor:
            other = self.name(after, 1 - actor)
            again = conjugate(self.name(after, actor), "plays")
            notes.append(
                f"{other} {'have' if other == 'you' else 'has'} no card left: {again} again"
            )
        return notes

    def battle(self, before: View, after: View, verb: str, args: list[str]) -> list[str]:
        """The captures (or none) and the cards gone to the box, on one battlefield."""
        notes = []
        old, new = board(before), board(after)
        by_ability = args[0] if verb == "capture" and args else None
        captured = [
            named(new[s])
            for s in sorted(new)
            if s in old and old[s]["allegiance"] != new[s]["allegiance"] and s != by_ability
        ]
        fighter = self.fighter(before, verb, args)
        if captured:
            who = "" if verb == "place" else f"{fighter} "
            notes.append(f"{who}captures {names(captured)}")
        elif self.battled(before, after) and self.faced_foes(before, after, verb, args):
            notes.append("no capture")
        boxed = after["box"][len(before["box"]) :]
        if boxed:
            gone = names([card_name(c) for c in boxed])
            notes.append(f"{gone} {'goes' if len(boxed) == 1 else 'go'} back to the box")
        return notes

    def fighter(self, before: View, verb: str, args: list[str]) -> str:
        """The name of the card that fights this turn's battle."""
        if verb == "place" and args:
            return card_name(args[0])
        if verb == "raise" and args:
            return card_name(args[0])
        placed = board(before).get(str(before.get("placed")))
        return str(placed["name"]) if placed is not None else "the card just played"

    def battled(self, before: View, after: View) -> bool:
        """Did the battle of the turn happen with this action (the turn is over)?"""
        return (
            after["phase"] not in ("ability", "strength") or after["to_move"] != before["to_move"]
        )

    def faced_foes(self, before: View, after: View, verb: str, args: list[str]) -> bool:
        """Was the card that fought next to an opposing card (so a capture could be hoped)?"""
        square = args[1] if verb == "place" and len(args) == 2 else before.get("placed")
        if square is None:
            return False
        old = board(before)
        fighter = board(after).get(str(square)) or old.get(str(square))
        if fighter is None:
            return False
        return any(
            n in old and old[n]["allegiance"] != fighter["allegiance"]
            for n in neighbours(str(square))
        )

    def game_over(self, before: View, after: View) -> str | None:
        """The end of a game (of a match): the final count, the Glory and the winner."""
        if len(after["results"]) <= len(before["results"]):
            return None
        result = after["results"][-1]
        glory, icons, strength = result["glory"], result["icons"], result["strength"]
        match = after["rounds"] > 1
        label = f"Game {result['game']} is over" if match else "The game is over"
        text = f"{label}. Icons: {self.both(after, icons)}"
        if icons[0] != icons[1]:
            leader = 0 if icons[0] > icons[1] else 1
            text += f" (+{MAJORITY_BONUS} Glory to {self.name(after, leader)})"
        text += f". Glory: {self.both(after, glory)}. "
        winners = result["winners"]
        if len(winners) > 1:
            text += "The game is drawn: equal Glory and equal unused Strength tokens"
        else:
            winner = winners[0]
            text += conjugate(self.name(after, winner), "wins").capitalize()
            if match:
                text += f" game {result['game']}"
            if glory[0] == glory[1]:
                text += f" on unused Strength tokens ({strength[winner]} to {strength[1 - winner]})"
        if match:
            wins = [p["wins"] for p in after["players"]]
            if after["terminal"]:
                best = max(wins)
                champions = [s for s in (0, 1) if wins[s] == best]
                if len(champions) > 1:
                    text += f". The match is shared, {wins[0]}–{wins[1]}"
                else:
                    who = self.name(after, champions[0])
                    text += f". {conjugate(who, 'wins').capitalize()} the match {best}–{min(wins)}"
            else:
                text += f". Games won: {self.both(after, wins)}"
        return text + "."

    def both(self, view: View, values: list[int]) -> str:
        """``Greek 9, Norse 7`` (the reader's seat as "you")."""
        return ", ".join(f"{self.name(view, seat)} {values[seat]}" for seat in (0, 1))


NARRATOR = MythicArenaNarrator()
