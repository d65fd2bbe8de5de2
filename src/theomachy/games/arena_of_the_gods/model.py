"""Arena of the Gods: the pieces of a position (cards on the Battleground, the battle) and the
names of the flow's steps. Kept apart from rules.py so that abilities.py can use them."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

HAND_SIZE = 5  # AG-SETUP-5, AG-TURN-2
START_LIFE = 20  # AG-SETUP-4
START_GOLD = START_FAVOR = 1
STALL_ROUNDS = 20  # AG-RULING-STALL: quiet rounds (no draw, no new lowest Life) to a draw
RESOURCE_CAP = 10  # AG-RES-2

# Steps of the flow: what happens next when nothing is pending (rules.py ``_advance``).
ROLL = "roll"  # set-up dice for the first player
SETUP_DRAW = "setup-draw"
TURN_START = "turn-start"
TURN_DRAW = "turn-draw"
MAIN = "main"
REDIRECT = "redirect"
DECLARE = "declare"
PRE_WINDOW = "pre-window"
PRE_RESOLVE = "pre-resolve"
PRE_CHECK = "pre-check"
COMBAT = "combat"
POST_WINDOW = "post-window"
POST_RESOLVE = "post-resolve"
POST_CHECK = "post-check"
BATTLE_END = "battle-end"
TURN_END = "turn-end"
DISCARD = "discard"
CLEANUP = "cleanup"
OVER = "over"
WINDOWS = (PRE_WINDOW, POST_WINDOW)


def permanent_token(card: str, seat: int, copy: int = 1) -> str:
    """The name of a card on the Battleground in actions (AG-NOTATION-2)."""
    return f"{card}@{seat}" if copy == 1 else f"{card}@{seat}.{copy}"


@dataclass(slots=True)
class Permanent:
    """A card on the Battleground (Gods included). Actions name it ``<card>@<seat>`` (its
    controller's seat), with ``.<copy>`` for a second or later copy of the same card there:
    ``hoplite@1``, ``hoplite@1.2`` (AG-NOTATION-2). ``uid`` orders the cards by entry."""

    uid: int
    card: str
    controller: int
    copy: int = 1  # the smallest number free among the controller's copies of the card
    damage: int = 0
    gained_power: int = 0  # "gains": permanent (AG-TERM-GAIN)
    gained_health: int = 0
    turn_power: int = 0  # "gets" until the end of the turn (AG-TERM-GET)
    turn_health: int = 0
    battle_power: int = 0  # "gets" until the end of the battle
    battle_health: int = 0
    shield: int = 0  # damage still to be prevented this turn (AG-TERM-PREVENT)
    ready: bool = False  # may declare attacks: controlled since the start of the turn
    attacks_left: int = 0
    used: bool = False  # its activated ability was used this turn
    bound_to: int = -1  # a Binding: the player it is on
    last_source: int = 0  # uid of what placed the last damage counter (0: none)
    # Its name, made once: card, controller and copy never change.
    token: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.token = permanent_token(self.card, self.controller, self.copy)

    def clone(self) -> Permanent:
        # Slot by slot: dataclasses.replace re-runs __init__ and was a sixth of a search's
        # time (every clone of a position copies every card on the Battleground).
        copy = object.__new__(Permanent)
        for name in _PERMANENT_SLOTS:
            setattr(copy, name, getattr(self, name))
        return copy

    def to_dict(self) -> dict[str, int | str | bool]:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "token"}


_PERMANENT_SLOTS = Permanent.__slots__


@dataclass(slots=True)
class StackItem:
    """A Combat Evocation or battle ability waiting to resolve (AG-BATTLE-3)."""

    seat: int
    card: str  # the evocation, or the card whose ability is used
    source: int  # uid of the permanent whose ability it is (0: an evocation)
    target: str | None  # the chosen target token
    # The uid the token named when it was chosen: if that card leaves and another copy takes
    # its name before the stack resolves, the effect still does nothing (AG-BATTLE-3).
    target_uid: int = 0


@dataclass(slots=True)
class Battle:
    """The battle in progress (AG-BATTLE)."""

    attacker: int  # uid of the attacking Unit
    target: int  # uid of the attacked Unit or God
    attacking_seat: int
    defending_seat: int
    to_act: int = -1  # the seat to choose in a window
    passes: int = 0  # passes in a row
    stack: list[StackItem] = field(default_factory=list)

    def copy(self) -> Battle:
        return Battle(
            self.attacker,
            self.target,
            self.attacking_seat,
            self.defending_seat,
            self.to_act,
            self.passes,
            [replace(item) for item in self.stack],
        )

    @property
    def engaged(self) -> tuple[int, int]:
        return (self.attacker, self.target)


@dataclass(slots=True)
class Trigger:
    """A start- or end-of-turn ability waiting for its player to order it (AG-TURN-1)."""

    uid: int  # the permanent
    index: int  # the ability's index in its card (-1: a Temple's or Market's income)
    card: str
    optional: bool
