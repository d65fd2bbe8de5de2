"""Mythic Battles: the pieces of a position (units on the map, an ATTACK in progress, an
activation) and the names of the flow's steps. Kept apart from rules.py so that combat.py
and hidden.py can use them."""

from __future__ import annotations

from dataclasses import dataclass, field

AOW = "aow"
"""The card id of an Art of War card; a unit's activation cards have the unit's id."""
OFF_MAP = 0
"""``Piece.area`` of a unit that is not on the map (not entered yet, or dead)."""
OPENING_AOW = 3  # MB-SETUP-7
OPENING_DRAW = 3  # MB-SETUP-8
MAX_ACTIVATIONS = 2  # MB-ACT-1
RUN_BONUS = 2  # MB-RULING-RUN

# Turn-level steps (the flow's decision points outside an ATTACK).
RECRUIT_GOD = "recruit-divinity"
RECRUIT_UNIT = "recruit-unit"
PASS_OR_GO = "pass-or-continue"  # A3
ACTIVATE_FIRST = "first-activation"  # B1
ACTIVATE_SECOND = "second-activation"  # C1
MODE = "simple-or-complex"  # B3 / C3
SWAP = "start-power"  # B4: a start-of-activation power with a choice
ACTIONS = "simple-actions"  # B5
ATTACK_TARGET = "attack-target"  # after Force of Nature, the ATTACK's target
COMPLEX = "complex-action"  # B7
LEAD = "leader"  # B6: the Leader talent
LEAD_FETCH = "leader-fetch"  # the led troops' owner may take an activation card
LEAD_ACTIVATE = "leader-activation"
BLOCK = "block"  # a Block unit's owner decides whether it holds the active unit
RECALL = "recall"  # D1
SEARCH_WINDOW = "search-window"  # between D1 and D2: Search for Card, "any time"
OVER = "over"

# Phases of an ATTACK (MB-ATTACK-*), in order.
GUARD = "guard"
HELM = "helm"
EVADE = "evade"
RETARGET = "retarget"
INITIATIVE = "initiative"
UPROOT = "uproot"  # Force of Nature on a retaliation (an ordinary ATTACK's comes first)
ROLL_FIRST = "first-assault"
REROLL = "reroll"
THROW = "throw"
PRIORITY = "priority"  # Mighty Throw against Block: which rule wins, for the game
HOLD = "hold"  # Block's owners decide whether it stops the throw
THROWN = "thrown"  # the throw is carried out (or not)
ROLL_SECOND = "second-assault"
DAMAGE = "damage"
GAZE = "gaze"
RETALIATE = "retaliate"
FINISHED = "finished"
ATTACK_PHASES = (
    GUARD, HELM, EVADE, RETARGET, INITIATIVE, UPROOT, ROLL_FIRST, REROLL, THROW, PRIORITY, HOLD,
    THROWN, ROLL_SECOND, DAMAGE, GAZE, RETALIATE, FINISHED,
)  # fmt: skip
BLOCK_VS_THROW = "block-vs-mighty-throw"
"""The key of the one equal-rank conflict the active player rules on (MB-HIER-2)."""

BLANK_FACES = (1, 2)  # MB-DICE-1
CRITICAL_FACE = 6


def is_hit(face: int) -> bool:
    """A face that scores (MB-DICE-1): 3, 4, 5 and the critical 6."""
    return face >= 3


@dataclass(slots=True)
class Piece:
    """One recruited unit during the game (its dashboard and its miniatures)."""

    id: str
    owner: int
    vitality: int
    area: int = OFF_MAP
    entered: bool = False  # has taken an ENTER action (or stood on the map from set-up)
    dead: bool = False
    carrying: bool = False  # an omphalos token
    activated: bool = False  # this turn (MB-ACT-2)
    petrified_by: int = -1  # the seat whose next turn start ends the petrification
    evaded: bool = False  # this turn: no Range 0 ATTACK by a non-flying unit (MB-MAN-6)
    hide_used: bool = False  # Lion's Hide, this turn

    @property
    def on_map(self) -> bool:
        return self.area != OFF_MAP


@dataclass(slots=True)
class Activation:
    """The active unit's activation: its mode, what it has done, its bonuses."""

    unit: str
    slot: str  # ACTIVATE_FIRST or ACTIVATE_SECOND: where the turn goes on afterwards
    mode: str = ""  # "simple" or "complex" once chosen
    done: list[str] = field(default_factory=list)  # simple actions taken: move/attack/claim
    offence_bonus: int = 0  # Bloodlust (a power)
    uprooted: bool = False  # Force of Nature: +1 Offence, +1 Range (a talent's numbers)
    # Block's owners' answers for this activation: seat -> holds the unit (MB-TAL-OPTIONAL)
    block: dict[int, bool] = field(default_factory=dict)
    resume: str = ""  # the step to go back to once Block's owner has answered

    def copy(self) -> Activation:
        return Activation(
            self.unit, self.slot, self.mode, list(self.done), self.offence_bonus, self.uprooted,
            dict(self.block), self.resume,
        )  # fmt: skip


@dataclass(slots=True)
class Attack:
    """An ATTACK in progress: its attacker, target(s), dice and the phase it is at."""

    attacker: str
    targets: list[str]
    distance: int  # in areas, when declared
    area_attack: bool = False  # Thunderbolt
    retaliation: bool = False
    phase: str = GUARD
    asked: list[int] = field(default_factory=list)  # seats asked at this phase
    dice_first: list[int] = field(default_factory=list)
    dice_second: list[int] = field(default_factory=list)
    started: bool = False  # the first assault's dice are counted (it has begun)
    to_roll: int = 0  # dice still to roll in the current assault
    reroll_index: int = -1  # the die being re-rolled, or -1
    rerolls_left: int = 0
    rerolled: list[int] = field(default_factory=list)  # indices already re-rolled
    initiative_done: bool = False  # the target retaliated first (Initiative)
    wounded: list[str] = field(default_factory=list)  # targets wounded that survived
    uprooted: bool = False  # Force of Nature for this ATTACK alone (a retaliation)
    throw_to: int = 0  # Mighty Throw: the area chosen, until the throw is carried out

    def copy(self) -> Attack:
        return Attack(
            self.attacker, list(self.targets), self.distance, self.area_attack,
            self.retaliation, self.phase, list(self.asked), list(self.dice_first),
            list(self.dice_second), self.started, self.to_roll, self.reroll_index,
            self.rerolls_left, list(self.rerolled), self.initiative_done, list(self.wounded),
            self.uprooted, self.throw_to,
        )  # fmt: skip
