"""Mythic Battles: Pantheon, the state machine (rule ids refer to RULES.md).

Set-up: recruitment (divinities clockwise from the lead player, then one unit a pick
anticlockwise from the player on the lead player's right), the table, decks and the opening
hands (draws are chance nodes). A turn runs A to D: the draw, pass or continue, the first
activation, the second (for an Art of War card), recall, then the end-of-turn Search window
(MB-RULING-ANYTIME). An activation is simple (0-2 different MOVE / ATTACK / CLAIM) or complex
(one RUN / ABSORB / ENTER); an enemy's Block is its owner's choice, asked before the active
player's next question (MB-TAL-OPTIONAL). An ATTACK runs its phases (guard, powers, evade,
initiative, first assault, re-rolls, throw and its Block ruling, second assault, damage,
retaliation) with a decision or a die at each that applies. Card draws wait in a FIFO
``draws`` queue that is emptied (as chance nodes) before anyone decides again. Drawn and
searched cards are seen by their taker alone (``action_seen_by``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from pydantic import Field

from theomachy.engine.chance import draw_outcomes, uniform
from theomachy.engine.core import CHANCE, TERMINAL, Game, GameOptions, State
from theomachy.games.mythic_battles import evaluation, hidden, stats, table_help
from theomachy.games.mythic_battles.board import Board, board
from theomachy.games.mythic_battles.data import (
    Scenario,
    default_scenario,
    manoeuvres,
    powers,
    scenarios,
    talents,
    texts,
    units,
)
from theomachy.games.mythic_battles.model import (
    ACTIONS,
    ACTIVATE_FIRST,
    ACTIVATE_SECOND,
    AOW,
    ATTACK_PHASES,
    ATTACK_TARGET,
    BLANK_FACES,
    BLOCK,
    BLOCK_VS_THROW,
    COMPLEX,
    CRITICAL_FACE,
    DAMAGE,
    EVADE,
    FINISHED,
    GAZE,
    GUARD,
    HELM,
    HOLD,
    INITIATIVE,
    LEAD,
    LEAD_ACTIVATE,
    LEAD_FETCH,
    MAX_ACTIVATIONS,
    MODE,
    OFF_MAP,
    OPENING_AOW,
    OPENING_DRAW,
    OVER,
    PASS_OR_GO,
    PRIORITY,
    RECALL,
    RECRUIT_GOD,
    RECRUIT_UNIT,
    REROLL,
    RETALIATE,
    RETARGET,
    ROLL_FIRST,
    ROLL_SECOND,
    RUN_BONUS,
    SEARCH_WINDOW,
    SWAP,
    THROW,
    THROWN,
    UPROOT,
    Activation,
    Attack,
    Piece,
    is_hit,
)
from theomachy.games.mythic_battles.recruitment import check_armies

if TYPE_CHECKING:
    from theomachy.engine.narration import Narrator

UNITS = units()
POWERS = powers()
DIVINITIES = tuple(u.id for u in UNITS.values() if u.divinity)
ROLLS = uniform(f"roll {n}" for n in range(1, 7))
MONSTER_SLAYER_REROLLS = 2
# The turn's steps B and C, where Draw Cards may be bought (MB-MAN-1); an ATTACK happens at
# ACTIONS or ATTACK_TARGET.
# The game's endings (BattlesGame.endings, MB-WIN-5).
DIVINITY_KILLED, OMPHALOS, ROUND_LIMIT = "divinity-killed", "omphalos", "round-limit"
STEPS_B_AND_C = frozenset(
    {
        ACTIVATE_FIRST, MODE, SWAP, ACTIONS, ATTACK_TARGET, COMPLEX, LEAD, LEAD_FETCH,
        LEAD_ACTIVATE, ACTIVATE_SECOND,
    }
)  # fmt: skip


class BattlesOptions(GameOptions):
    """Options: ``scenario`` (default: the one for the player count), ``lead`` (the lead
    player; default the scenario's, MB-SETUP-3), ``divinities`` (a divinity per seat,
    instead of choosing them; the units are still drafted, MB-RECRUIT-5), ``armies`` (a
    recruited army per seat, its divinity first, instead of the recruitment draft),
    ``max_rounds`` (MB-WIN-3)."""

    scenario: str | None = Field(
        default=None,
        title="Scenario",
        description="The map and its rules; empty: the scenario for the player count.",
    )
    lead: int | None = Field(
        default=None,
        ge=0,
        le=7,
        title="Lead player",
        description="The seat that leads; empty: the one the scenario names.",
    )
    divinities: list[str] | None = Field(
        default=None,
        max_length=8,
        title="Divinities",
        description="The divinity each seat plays, in seat order, instead of choosing them "
        "in the game; the units are still drafted.",
    )
    armies: list[list[str]] | None = Field(
        default=None,
        title="Armies",
        description="An army per seat, its divinity first, instead of recruiting in the game.",
    )
    max_rounds: int = Field(
        default=20,
        ge=1,
        le=1000,
        title="Round limit",
        description="After this many rounds the side with the most omphalos absorbed wins, "
        "then the one that dealt the most damage.",
    )


class BattlesGame(Game):
    """Mythic Battles: Pantheon, a skirmish of gods, heroes, monsters and troops."""

    id = "mythic-battles"
    title = "Mythic Battles: Pantheon"
    description = (
        "Skirmish on a map of areas: draft gods, heroes, monsters and troops, then kill the "
        "rival divinity or absorb the omphalos."
    )
    min_players = 2
    max_players = 4
    default_players = 2
    Options = BattlesOptions
    # How a game ends (RULES.md, MB-WIN-5): a divinity killed (MB-WIN-1, MB-WIN-4), the
    # scenario's omphalos absorbed (MB-WIN-2), or the round limit (MB-WIN-3).
    endings = (DIVINITY_KILLED, OMPHALOS, ROUND_LIMIT)

    def __init__(self, players: int | None = None, options: dict[str, Any] | None = None):
        super().__init__(players, options)
        self.scenario = self._choose_scenario()
        self.board: Board = board(self.scenario.map)
        self.sides: tuple[int, ...] = tuple(self.scenario.sides[: self.players])
        self._check_recruitment()

    def _choose_scenario(self) -> Scenario:
        """The scenario (MB-SETUP-1) and the lead player it determines, unless the option
        names another (MB-SETUP-3); both written back as the effective options."""
        prefix = f"{self.id}:"
        n = self.players
        lead = self.options["lead"]
        if lead is not None and lead >= n:
            raise ValueError(f"{prefix} lead must be a seat from 0 to {n - 1}")
        name = self.options["scenario"]
        known = scenarios()
        if name is None:
            scenario = default_scenario(n)
            self.options["scenario"] = scenario.id
        elif name not in known:
            raise ValueError(f"{prefix} unknown scenario {name!r}; scenarios: {', '.join(known)}")
        else:
            scenario = known[name]
        if n not in scenario.players:
            raise ValueError(f"{prefix} scenario {name!r} is for {scenario.players} players")
        if lead is None:
            self.options["lead"] = scenario.lead
        return scenario

    def _check_recruitment(self) -> None:
        """MB-RECRUIT-4: set armies must be armies the draft could make; MB-RECRUIT-5: set
        divinities are one distinct divinity per seat, and not given beside set armies."""
        prefix = "mythic-battles: options:"
        divinities = self.options["divinities"]
        armies = self.options["armies"]
        if divinities is not None:
            if armies is not None:
                raise ValueError(f"{prefix} give divinities or armies, not both")
            if len(divinities) != self.players:
                raise ValueError(
                    f"{prefix} {len(divinities)} divinities for {self.players} players"
                )
            for god in divinities:
                if god not in DIVINITIES:
                    raise ValueError(
                        f"{prefix} divinities: {str(god)[:40]!r} is not a divinity "
                        f"({', '.join(DIVINITIES)})"
                    )
            if len(set(divinities)) != len(divinities):
                raise ValueError(f"{prefix} divinities: each seat needs a different divinity")
        if armies is None:
            return
        rp = self.scenario.recruitment_points
        check_armies(armies, self.players, rp, self.options["lead"])

    @classmethod
    def option_choices(cls) -> dict[str, dict[str, Any]]:
        """A scenario; a divinity per seat (the units then drafted); or an army per seat: its
        divinity first, then units (checked against the scenario's recruitment points when
        the table is made)."""
        choices = [
            {
                "value": scenario.id,
                "label": scenario.name,
                "about": f"{'/'.join(map(str, scenario.players))} players · "
                f"{scenario.recruitment_points} RP · {scenario.omphalos_to_win} omphalos to win"
                + special_rule_words(scenario),
                "players": list(scenario.players),
            }
            for scenario in scenarios().values()
        ]
        unit_choices = [
            {
                "value": unit.id,
                "label": unit.name,
                "about": f"{unit.kind.title()} · {unit.cost} RP · Offence {unit.offence}, "
                f"Defence {unit.defence}, Vitality {unit.vitality}",
            }
            for unit in sorted(UNITS.values(), key=lambda u: (u.kind != "god", u.cost, u.name))
        ]
        divinity_choices = [choice for choice in unit_choices if UNITS[choice["value"]].divinity]
        return {
            "scenario": {"per_seat": False, "count": 1, "choices": choices},
            "divinities": {"per_seat": True, "count": 1, "choices": divinity_choices},
            "armies": {"per_seat": True, "count": None, "choices": unit_choices},
        }

    @classmethod
    def catalog(cls) -> dict[str, dict[str, Any]]:
        """Everything printed, by id, each with its ``type``: the units (their dashboards),
        powers, talents, manoeuvres and the Art of War card, with the texts players read
        (content/roster.toml and content/texts.toml)."""
        return catalog()

    @classmethod
    def narrator(cls) -> Narrator:
        """Mythic Battles' events in words (narration.py)."""
        from theomachy.games.mythic_battles.narration import NARRATOR

        return NARRATOR

    def new_game(self) -> BattlesState:
        return BattlesState(self)


class BattlesState(State):
    """A Mythic Battles position."""

    game: BattlesGame  # always: the board and sides are read without a check (hot paths)

    __slots__ = (
        "absorbed",
        "absorbed_cards",
        "activation",
        "activations",
        "armies",
        "attacks",
        "bought",
        "deck",
        "discard",
        "drawers",
        "drawn",
        "draws",
        "ended",
        "epoch",
        "hand",
        "known",
        "omphalos",
        "omphalos_cards",
        "out",
        "picker",
        "pieces",
        "priorities",
        "prompt_seat",
        "round",
        "rp",
        "ruins",
        "step",
        "trees",
        "turn_player",
        "window",
        "won",
    )  # fmt: skip

    def __init__(self, game: BattlesGame, *, empty: bool = False) -> None:
        super().__init__(game)
        if empty:
            return
        n = game.players
        data = game.board.data
        size = len(game.board.areas) + 1
        self.step = RECRUIT_GOD
        self.picker: int = game.options["lead"]
        self.prompt_seat: int = self.picker
        self.rp = [game.scenario.recruitment_points] * n
        self.omphalos_cards = [0] * n
        self.armies: list[list[str]] = [[] for _ in range(n)]
        self.pieces: dict[str, Piece] = {}
        self.omphalos = [data.omphalos.count(a) for a in range(size)]
        self.ruins = [data.ruins.count(a) for a in range(size)]
        self.trees = [data.trees.count(a) for a in range(size)]
        self.absorbed = [0] * n  # by seat; a side's total decides (MB-WIN-2)
        self.absorbed_cards = [0] * n  # of which omphalos cards (MB-RULING-OMPHALOS-CARDS)
        self.hand: list[list[str]] = [[] for _ in range(n)]
        self.deck: list[list[str]] = [[] for _ in range(n)]
        self.discard: list[list[str]] = [[] for _ in range(n)]
        self.known: list[list[str]] = [[] for _ in range(n)]  # hand cards all seats know
        self.drawn: list[list[tuple[str, int, int]]] = [[] for _ in range(n)]
        self.epoch = [0] * n  # deck reshuffles so far (hidden.py)
        self.drawers: dict[int, int] = {}  # history index of a draw or search -> its seat
        self.draws: list[int] = []  # seats waiting to draw one card, in order
        self.out = [False] * n
        self.won: list[int] = []
        self.ended: str | None = None  # which of game.endings ended the game (MB-WIN-5)
        self.round = 0
        self.turn_player = game.options["lead"]
        self.activations = 0
        self.bought: list[list[str]] = [[] for _ in range(n)]  # manoeuvres bought this turn
        self.activation: Activation | None = None
        self.attacks: list[Attack] = []
        self.window: list[int] = []  # seats still to ask at the end of the turn's window
        # The active player's rulings on equal rules in conflict, for the game (MB-HIER-2).
        self.priorities: dict[str, str] = {}
        armies = game.options["armies"]
        divinities = game.options["divinities"]
        if armies is not None:
            for seat, army in enumerate(armies):
                for unit in army:
                    self._recruit(seat, unit)
            self._set_up_table()
        elif divinities is not None:  # MB-RECRUIT-5: the unit draft follows as usual
            for seat, god in enumerate(divinities):
                self._recruit(seat, god)
            self._next_divinity_pick()
        self._advance()

    def _copy(self) -> BattlesState:
        copy = BattlesState(self.game, empty=True)
        copy.step, copy.picker, copy.prompt_seat = self.step, self.picker, self.prompt_seat
        copy.rp, copy.omphalos_cards = list(self.rp), list(self.omphalos_cards)
        copy.armies = [list(a) for a in self.armies]
        copy.pieces = {k: _copy_piece(p) for k, p in self.pieces.items()}
        copy.omphalos, copy.ruins, copy.trees = (
            list(self.omphalos),
            list(self.ruins),
            list(self.trees),
        )
        copy.absorbed = list(self.absorbed)
        copy.absorbed_cards = list(self.absorbed_cards)
        copy.hand = [list(h) for h in self.hand]
        copy.deck = [list(d) for d in self.deck]
        copy.discard = [list(d) for d in self.discard]
        copy.known = [list(k) for k in self.known]
        copy.drawn = [list(d) for d in self.drawn]
        copy.epoch = list(self.epoch)
        copy.drawers = dict(self.drawers)
        copy.draws = list(self.draws)
        copy.out, copy.won, copy.ended = list(self.out), list(self.won), self.ended
        copy.round, copy.turn_player, copy.activations = (
            self.round,
            self.turn_player,
            self.activations,
        )
        copy.bought = [list(b) for b in self.bought]
        copy.activation = self.activation.copy() if self.activation else None
        copy.attacks = [a.copy() for a in self.attacks]
        copy.window = list(self.window)
        copy.priorities = dict(self.priorities)
        return copy

    # --- basic facts ------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.game.board

    @property
    def sides(self) -> tuple[int, ...]:
        return self.game.sides

    @property
    def current_player(self) -> int:
        if self.step == OVER:
            return TERMINAL
        if self.draws:
            return CHANCE
        if self.attacks and self.attacks[-1].to_roll > 0:
            return CHANCE
        return self.prompt_seat

    def divinity_of(self, seat: int) -> Piece | None:
        army = self.armies[seat]
        return self.pieces.get(army[0]) if army else None

    def can_pay(self, seat: int, cost: int = 1) -> bool:
        """Art of War cards enough for ``cost`` in the hand: manoeuvres are bought with
        those alone (MB-MAN-*, MB-RULING-OMPHALOS-CARDS)."""
        return self.hand[seat].count(AOW) >= cost

    def might_pay(self, seat: int, cost: int = 1) -> bool:
        """What everyone can see: ``seat`` holds enough cards that it may be able to pay.
        Whether a player is asked something depends only on public facts like this one
        (MB-RULING-PUBLIC-PROMPTS); what they may answer depends on their hand."""
        return len(self.hand[seat]) >= cost

    def may_offer(self, seat: int, manoeuvre: str, cost: int = 1) -> bool:
        """The public half of :meth:`may_buy`: not bought yet, enough cards held."""
        return manoeuvre not in self.bought[seat] and self.might_pay(seat, cost)

    def may_buy(self, seat: int, manoeuvre: str, cost: int = 1) -> bool:
        """The manoeuvre is not bought yet this turn and ``seat`` can pay (MB-MAN-1)."""
        return manoeuvre not in self.bought[seat] and self.can_pay(seat, cost)

    def buy(self, seat: int, manoeuvre: str, cost: int = 1) -> None:
        """Discard ``cost`` Art of War cards from the hand for ``manoeuvre`` (MB-MAN-7)."""
        self.bought[seat].append(manoeuvre)
        for _ in range(cost):
            self._discard(seat, AOW)

    def tactician(self, seat: int) -> Piece | None:
        """``seat``'s divinity if its Tactician works now: it has the power and stands on
        the map (MB-POWER-TACTICIAN)."""
        god = self.divinity_of(seat)
        if god is None or not god.on_map or not stats.has_power(self, god, "tactician"):
            return None
        return god

    def second_activation_cost(self, seat: int, unit: str) -> int:
        """1, or 0 where Athena's Tactician covers ``unit``: she is on the map and it stands
        within the power's reach of her (MB-POWER-TACTICIAN)."""
        god = self.tactician(seat)
        if god is None:
            return 1
        reach = POWERS["tactician"].reach
        if reach is None:
            return 0
        piece = self.pieces[unit]
        near = piece.on_map and self.board.distance[god.area][piece.area] <= reach
        return 0 if near else 1

    # --- legal actions ----------------------------------------------------------------
    def _legal_actions(self) -> list[str]:
        """The decision's own answers, then the manoeuvres open at any decision of the
        player's: Draw Cards (steps B and C of their own turn, MB-MAN-1) and Search for Card
        (MB-RULING-ANYTIME)."""
        seat = self.prompt_seat
        found = self._step_actions(seat)
        if self.step in (RECRUIT_GOD, RECRUIT_UNIT):
            return found
        return [*found, *self._draw_card_actions(seat), *self._search_actions(seat)]

    def _step_actions(self, seat: int) -> list[str]:
        if self.attacks:
            return self._attack_actions(seat, self.attacks[-1])
        step = self.step
        if step == RECRUIT_GOD:
            taken = {army[0] for army in self.armies if army}
            return [f"choose {g}" for g in DIVINITIES if g not in taken]
        if step == RECRUIT_UNIT:
            return [f"recruit {u}" for u in self._affordable(seat)]
        if step == PASS_OR_GO:
            return ["continue", "pass"]
        if step in (ACTIVATE_FIRST, ACTIVATE_SECOND):
            return [*(f"activate {p.id}" for p in self._activatable(seat, step)), "end"]
        if step == MODE:
            return ["simple", "complex"]
        if step == SWAP:
            return [f"swap {p.id}" for p in self._swap_partners()] + ["decline"]
        if step == ACTIONS:
            return self._simple_actions(seat)
        if step == ATTACK_TARGET:
            act = self.activation
            assert act is not None
            return [f"attack {t.id}" for t in stats.targets(self, self.pieces[act.unit])]
        if step == COMPLEX:
            return self._complex_actions()
        if step == LEAD:
            return [f"lead {p.id}" for p in self._leader_candidates()] + ["decline"]
        if step == LEAD_FETCH:
            assert self.activation is not None
            unit = self.activation.unit
            return [f"fetch {unit}", "decline"] if unit in self.deck[seat] else ["decline"]
        if step == LEAD_ACTIVATE:
            assert self.activation is not None
            unit = self.activation.unit
            return [f"activate {unit}", "decline"] if unit in self.hand[seat] else ["decline"]
        if step == RECALL:
            return [*(f"recall {p.id}" for p in self._recallable(seat)), "end"]
        if step == SEARCH_WINDOW:
            return ["decline"]  # the search itself is added by _legal_actions
        if step == BLOCK:
            return ["block", "decline"]
        raise AssertionError(f"no decision at step {step}")

    def _affordable(self, seat: int) -> list[str]:
        taken = {u for army in self.armies for u in army}
        return [
            u.id
            for u in UNITS.values()
            if not u.divinity and u.id not in taken and u.cost <= self.rp[seat]
        ]

    def _search_actions(self, seat: int) -> list[str]:
        """Search for Card (MB-MAN-2), at any of the player's decisions."""
        if not self.deck[seat] or not self.may_buy(seat, "search"):
            return []
        return [f"search {card}" for card in sorted(set(self.deck[seat]))]

    def _draw_card_actions(self, seat: int) -> list[str]:
        """Draw Cards (MB-MAN-1): at any decision of the player's during steps B and C of
        their own turn (their ATTACKs' questions included)."""
        if (
            seat != self.turn_player
            or self.step not in STEPS_B_AND_C
            or not self._may_draw(seat)
            or not self.may_buy(seat, "draw")
        ):
            return []
        return ["draw-cards 1", "draw-cards 2"]

    def _activatable(self, seat: int, step: str) -> list[Piece]:
        """Units ``seat`` may activate now (MB-TURN-B1, MB-TURN-C1, MB-ACT-*)."""
        if self.activations >= MAX_ACTIVATIONS:
            return []
        return [
            self.pieces[u]
            for u in self.armies[seat]
            if u in self.hand[seat]
            and self._may_activate(self.pieces[u])
            and (
                step != ACTIVATE_SECOND
                or self.may_buy(seat, "second", self.second_activation_cost(seat, u))
            )
        ]

    def _may_activate(self, piece: Piece) -> bool:
        if piece.dead or piece.activated or piece.petrified_by >= 0:
            return False
        if piece.on_map:
            return True
        return bool(self._enter_areas(piece))  # only ENTER is open to it

    def _simple_actions(self, seat: int) -> list[str]:
        """The active unit's next simple action (MB-TURN-B5), or ``done``."""
        act = self.activation
        assert act is not None
        piece = self.pieces[act.unit]
        found: list[str] = []
        if "attack" not in act.done:
            found += [f"attack {t.id}" for t in stats.targets(self, piece)]
            found += self._thunderbolt_actions(seat, piece)
            found += self._uproot_actions(piece)
        moved_after_attack = "attack" in act.done and not stats.has_talent(self, piece, "mobility")
        if "move" not in act.done and not moved_after_attack:
            movement = UNITS[piece.id].movement
            found += [f"move {a}" for a in stats.destinations(self, piece, movement)]
        if "claim" not in act.done:
            found += [f"claim {a}" for a in self._claimable(piece)]
        found.append("done")
        return found

    def _thunderbolt_actions(self, seat: int, piece: Piece) -> list[str]:
        """Zeus's Thunderbolt (MB-POWER-THUNDERBOLT): an area 1+ away in range and sight
        with an enemy in it."""
        if not stats.has_power(self, piece, "thunderbolt") or not self.may_buy(
            seat, "thunderbolt", 2
        ):
            return []
        reach = stats.attack_range(self, piece, power=True)
        sight = stats.screening(self)
        found = []
        for area in self.board.areas:
            d = self.board.distance[piece.area][area]
            if (
                1 <= d <= reach
                and stats.enemies_in(self, seat, area)
                and self.board.in_sight(piece.area, area, sight)
            ):
                found.append(f"thunderbolt {area}")
        return found

    def _uproot_actions(self, piece: Piece) -> list[str]:
        """Force of Nature (MB-TAL-FORCE-OF-NATURE): remove a ruin or tree as the ATTACK
        begins, if a target is then in range."""
        act = self.activation
        assert act is not None
        if act.uprooted or not stats.has_talent(self, piece, "force-of-nature"):
            return []
        if not stats.targets(self, piece, UNITS[piece.id].range + 1):
            return []
        return self._terrain_pieces(piece.area)

    def _terrain_pieces(self, area: int) -> list[str]:
        """``uproot ruin`` / ``uproot tree`` for the pieces standing in ``area``."""
        found = []
        if self.ruins[area]:
            found.append("uproot ruin")
        if self.trees[area]:
            found.append("uproot tree")
        return found

    def _claimable(self, piece: Piece) -> list[int]:
        """Areas whose omphalos ``piece`` may CLAIM (MB-CLAIM-*): not where an enemy with
        Block stands, unless ``piece`` has Block itself (MB-TAL-BLOCK)."""
        if UNITS[piece.id].divinity or piece.carrying:
            return []
        ignores_block = stats.has_talent(self, piece, "block")
        areas = (
            self.board.surroundings(piece.area)
            if stats.has_talent(self, piece, "gem-collector")
            else (piece.area,)
        )
        found = []
        for area in sorted(areas):
            if self.omphalos[area] <= 0:
                continue
            blockers = stats.blocking_seats(self, piece, area)
            if not ignores_block and any(stats.block_used(self, s, piece) for s in blockers):
                continue
            found.append(area)
        return found

    def _complex_actions(self) -> list[str]:
        act = self.activation
        assert act is not None
        piece = self.pieces[act.unit]
        if not piece.on_map:
            return [f"enter {a}" for a in self._enter_areas(piece)]
        found = [
            f"run {a}"
            for a in stats.destinations(self, piece, UNITS[piece.id].movement + RUN_BONUS)
        ]
        found += self._absorb_actions(piece)
        return found

    def _absorb_actions(self, piece: Piece) -> list[str]:
        """ABSORB (MB-ABSORB-1): a divinity takes an omphalos lying in its area or carried
        by a friendly unit there, or one of its owner's omphalos cards
        (MB-RULING-OMPHALOS-CARDS)."""
        if not UNITS[piece.id].divinity:
            return []
        found = ["absorb ground"] if self.omphalos[piece.area] > 0 else []
        if self.omphalos_cards[piece.owner] > 0:
            found.append("absorb card")
        found += [f"absorb {p.id}" for p in stats.others_friendly_in(self, piece) if p.carrying]
        return found

    def _enter_areas(self, piece: Piece) -> list[int]:
        """ENTER (MB-ENTER-1): an area of the owner's deployment zone with room."""
        if piece.entered:
            return []
        zone = self.game.scenario.zones[piece.owner]
        return sorted(a for a in zone if not stats.is_full(self, a))

    def _has_complex(self, piece: Piece) -> bool:
        if not piece.on_map:
            return bool(self._enter_areas(piece))
        act = self.activation
        assert act is not None
        act.mode = "complex"  # talents are stripped while checking (MB-TURN-B7)
        try:
            return bool(self._complex_actions())
        finally:
            act.mode = ""

    def _swap_partners(self) -> list[Piece]:
        """Master of Stratagems: friendly units in Odysseus's surroundings that can trade
        areas with him."""
        act = self.activation
        assert act is not None
        hero = self.pieces[act.unit]
        found = []
        for other in self.pieces.values():
            if other.area in (OFF_MAP, hero.area) or not stats.friendly(
                self, other.owner, hero.owner
            ):
                continue
            if self.board.distance[hero.area][other.area] != 1:
                continue
            hero_climbs = stats.has_talent(self, hero, "climb")
            other_climbs = stats.has_talent(self, other, "climb")
            if other.area in self.board.impenetrable and not (UNITS[hero.id].flying or hero_climbs):
                continue
            if hero.area in self.board.impenetrable and not (
                UNITS[other.id].flying or other_climbs
            ):
                continue
            found.append(other)
        return found

    def _leader_candidates(self) -> list[Piece]:
        """Leader (MB-TAL-LEADER): friendly troops in the leader's area, whether or not they
        may still activate (the card fetch is theirs either way)."""
        act = self.activation
        assert act is not None
        leader = self.pieces[act.unit]
        return [p for p in stats.others_friendly_in(self, leader) if UNITS[p.id].kind == "troops"]

    def _may_lead_activate(self, troops: Piece) -> bool:
        """Public: the led troops may be activated now (MB-TAL-LEADER, MB-ACT-*): not
        activated this turn, not petrified, and within the active player's two activations
        when they are the active player's own."""
        if troops.dead or troops.activated or troops.petrified_by >= 0 or not troops.on_map:
            return False
        return troops.owner != self.turn_player or self.activations < MAX_ACTIVATIONS

    def _recallable(self, seat: int) -> list[Piece]:
        """Recall (MB-MAN-4): troops that have entered and not activated this turn, to the
        divinity's area if it has room."""
        god = self.divinity_of(seat)
        if god is None or not god.on_map or not self.may_buy(seat, "recall"):
            return []
        found = []
        for unit in self.armies[seat]:
            piece = self.pieces[unit]
            if UNITS[unit].kind != "troops" or not piece.entered or piece.activated:
                continue
            if not self._may_recall_to(piece, god):
                continue
            found.append(piece)
        return found

    def _may_recall_to(self, piece: Piece, god: Piece) -> bool:
        """The troops may be placed in the divinity's area: it has room, and it is not an
        impenetrable area they could not stand in (Zeus flies over one, MB-MAN-4)."""
        climbs = "climb" in UNITS[piece.id].talents
        if god.area in self.board.impenetrable and not (UNITS[piece.id].flying or climbs):
            return False
        return piece.area == god.area or not stats.is_full(self, god.area)

    def _attack_actions(self, seat: int, attack: Attack) -> list[str]:
        phase = attack.phase
        found: list[str]
        if phase == GUARD:
            found = [f"guard {p.id}" for p in self._guards(attack, seat)] + ["decline"]
        elif phase == HELM:
            found = ["helm", "decline"] if self.may_buy(seat, "helm-of-darkness") else ["decline"]
        elif phase == EVADE:
            found = ["evade", "decline"] if self.may_buy(seat, "evade") else ["decline"]
        elif phase == RETARGET:
            found = [f"attack {t.id}" for t in self._retargets(attack)] + ["decline"]
        elif phase in (INITIATIVE, RETALIATE):
            found = ["retaliate", "decline"]
        elif phase == UPROOT:
            found = [*self._terrain_pieces(self.pieces[attack.attacker].area), "decline"]
        elif phase == REROLL:
            faces = sorted({f for i, f in enumerate(attack.dice_first) if i not in attack.rerolled})
            found = [f"reroll {f}" for f in faces] + ["keep"]
        elif phase == THROW:
            found = [f"throw {a}" for a in self._throw_areas(attack)] + ["decline"]
        elif phase == PRIORITY:
            found = ["priority block", "priority mighty-throw"]
        elif phase == HOLD:
            found = ["block", "decline"]
        elif phase == GAZE:
            found = ["gaze", "decline"] if self.may_buy(seat, "petrifying-gaze") else ["decline"]
        else:
            raise AssertionError(f"no decision at attack phase {phase}")
        return found

    def _retargets(self, attack: Attack) -> list[Piece]:
        """Other targets after an Evade (MB-MAN-6)."""
        attacker = self.pieces[attack.attacker]
        reach = stats.attack_range(self, attacker)
        return [t for t in stats.targets(self, attacker, reach) if t.id not in attack.targets]

    def _guards(self, attack: Attack, seat: int) -> list[Piece]:
        """Units of ``seat`` with Guard that may take the ATTACK (MB-TAL-GUARD)."""
        target = self.pieces[attack.targets[0]]
        return [
            p
            for p in stats.others_friendly_in(self, target)
            if p.owner == seat and stats.has_talent(self, p, "guard") and p.petrified_by < 0
        ]

    def _throw_areas(self, attack: Attack) -> list[int]:
        target = self.pieces[attack.targets[0]]
        climbs = stats.has_talent(self, target, "climb")
        return [
            a
            for a in self.board.neighbours[target.area]
            if stats.may_cross(self, target, target.area, a, climbs=climbs)
            and stats.may_stand(self, target, a, climbs=climbs)
        ]

    # --- chance -----------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[str, float]]:
        if self.draws:
            seat = self.draws[0]
            return draw_outcomes(self.deck[seat] or self.discard[seat])
        return ROLLS

    # --- applying ---------------------------------------------------------------------
    def _apply(self, action: str) -> None:
        verb, _, rest = action.partition(" ")
        if verb == "draw":
            self._draw(rest)
        elif verb == "roll":
            self._roll(int(rest))
        elif self.attacks:
            self._attack_decision(verb, rest)
        else:
            self._decision(verb, rest)
        self._advance()

    def _decision(self, verb: str, rest: str) -> None:
        seat = self.prompt_seat
        step = self.step
        if verb == "search":
            self._search(seat, rest)
        elif verb == "draw-cards":
            self._draw_cards(seat, int(rest))
        elif verb == "choose":
            self._recruit(seat, rest)
            self._next_divinity_pick()
        elif verb == "recruit":
            self._recruit(seat, rest)
            self.picker = (seat - 1) % self.game.players
        elif verb == "continue":
            self.step = ACTIVATE_FIRST
        elif verb == "pass":
            self.draws.append(seat)  # MB-TURN-A3: a second card, then the turn ends
            self._end_turn(passed=True)
        elif verb == "activate":
            self._activate(seat, rest, step)
        elif verb == "end":
            if step == RECALL:
                self._end_turn()  # D2
            else:
                self.step = RECALL  # D1
        elif verb in ("simple", "complex"):
            self._choose_mode(verb)
        elif verb == "swap":
            self._swap(rest)
            self.step = ACTIONS
        elif verb == "block":
            self._answer_block(seat, holds=True)
        elif verb == "decline":
            self._decline(step)
        elif verb in ("move", "run"):
            self._move(int(rest), verb)
        elif verb == "attack":
            self._declare(rest)
        elif verb == "thunderbolt":
            self._thunderbolt(seat, int(rest))
        elif verb == "uproot":
            self._uproot(rest)
        elif verb == "claim":
            self._claim(int(rest))
        elif verb == "done":
            self._end_activation()
        elif verb == "absorb":
            self._absorb(rest)
        elif verb == "enter":
            self._enter(int(rest))
        elif verb == "lead":
            self._lead(rest)
        elif verb == "fetch":
            self._fetch(seat, rest)
        elif verb == "recall":
            self._recall(seat, rest)
        else:  # pragma: no cover - legal actions are checked before _apply
            raise AssertionError(action_error(verb))

    def _decline(self, step: str) -> None:
        if step == SEARCH_WINDOW:
            self.window.pop(0)
        elif step == BLOCK:
            self._answer_block(self.prompt_seat, holds=False)
        elif step == SWAP:
            self.step = ACTIONS
        elif step == LEAD_FETCH:
            self._after_fetch()
        elif step in (LEAD, LEAD_ACTIVATE):
            self._finish_activation()
        else:  # pragma: no cover
            raise AssertionError(step)

    # --- recruitment and set-up (MB-RECRUIT-*, MB-SETUP-*) ------------------------------
    def _recruit(self, seat: int, unit: str) -> None:
        spec = UNITS[unit]
        self.armies[seat].append(unit)
        self.rp[seat] -= spec.cost
        self.pieces[unit] = Piece(unit, seat, spec.vitality)

    def _next_divinity_pick(self) -> None:
        n = self.game.players
        if all(self.armies):
            self.step = RECRUIT_UNIT
            self.picker = (self.game.options["lead"] - 1) % n
        else:
            self.picker = (self.picker + 1) % n

    def _settle_recruitment(self) -> bool:
        """Skip pickers who cannot afford a unit (their RP become omphalos cards); True
        when someone still picks."""
        n = self.game.players
        for _ in range(n):
            seat = self.picker
            if self._affordable(seat):
                return True
            self.omphalos_cards[seat] += self.rp[seat]  # MB-RECRUIT-3c
            self.rp[seat] = 0
            self.picker = (seat - 1) % n
        return False

    def _set_up_table(self) -> None:
        """MB-SETUP-*: divinities on their zones, decks, 3 AoW each, then 3 draws each."""
        n = self.game.players
        scenario = self.game.scenario
        lead = self.game.options["lead"]
        for seat in range(n):
            self.omphalos_cards[seat] += self.rp[seat]
            self.rp[seat] = 0
            deck: list[str] = []
            for unit in self.armies[seat]:
                spec = UNITS[unit]
                deck += [unit] * spec.activation + [AOW] * spec.aow
            self.deck[seat] = sorted(deck)
            # MB-SETUP-7a: the scenario may deal the players after the lead some more.
            dealt = OPENING_AOW + (scenario.later_seats_aow if seat != lead else 0)
            self.hand[seat] = [AOW] * dealt
            self.known[seat] = [AOW] * dealt
            god = self.pieces[self.armies[seat][0]]
            god.area = scenario.zones[seat][0]
            god.entered = True
        for k in range(n):
            self.draws.extend([(lead + k) % n] * OPENING_DRAW)
        self.step = PASS_OR_GO
        self.turn_player = lead
        self.round = 1
        self._start_turn()

    # --- cards ------------------------------------------------------------------------
    def _draw(self, card: str) -> None:
        seat = self.draws.pop(0)
        if not self.deck[seat]:
            # MB-RULING-RESHUFFLE: an empty deck is rebuilt from the discard pile.
            self.deck[seat] = sorted(self.discard[seat])
            self.discard[seat] = []
            self.epoch[seat] += 1
        self._take_unseen(seat, card)

    def _take_unseen(self, seat: int, card: str) -> None:
        """``card`` goes from ``seat``'s deck to their hand unseen by the others (a draw, a
        search): its history entry is theirs alone (``draw ?`` / ``search ?`` for the
        others) and determinize may deal it again (hidden.py)."""
        self.deck[seat].remove(card)
        self.hand[seat].append(card)
        self.hand[seat].sort()
        index = len(self._history)
        self.drawers[index] = seat
        self.drawn[seat].append((card, index, self.epoch[seat]))

    def _discard(self, seat: int, card: str) -> None:
        """A card leaves the hand face up (public from now on)."""
        self._take_from_hand(seat, card)
        self.discard[seat].append(card)

    def _take_from_hand(self, seat: int, card: str) -> None:
        self.hand[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)
            return
        drawn = self.drawn[seat]
        for k in range(len(drawn) - 1, -1, -1):
            if drawn[k][0] == card:
                del drawn[k]
                return

    def _draw_cards(self, seat: int, count: int) -> None:
        """Draw Cards (MB-MAN-1): 1 or 2 draws, queued as chance nodes."""
        self.buy(seat, "draw")
        self.draws.extend([seat] * count)

    def _search(self, seat: int, card: str) -> None:
        """Search for Card (MB-MAN-2): the chosen card to the hand, unseen by the others
        (MB-RULING-SEARCH); the deck is reshuffled (decks are unordered here)."""
        self.buy(seat, "search")
        self._take_unseen(seat, card)

    # --- the turn (MB-TURN-*) ---------------------------------------------------------
    def _start_turn(self) -> None:
        seat = self.turn_player
        for piece in self.pieces.values():
            piece.activated = False
            piece.evaded = False
            piece.hide_used = False
            if piece.petrified_by == seat:
                piece.petrified_by = -1  # MB-TURN-A1
        self.bought = [[] for _ in range(self.game.players)]
        self.activations = 0
        self.draws.append(seat)  # MB-TURN-A2
        self.step = PASS_OR_GO

    def _end_turn(self, *, passed: bool = False) -> None:
        """The turn is over: the Search window (MB-RULING-ANYTIME), then D2. The window asks
        every player still in, clockwise from the next one; the active player too, last,
        after a pass (a card reached their hand after their last decision). No window
        after the last turn of the last round: the game ends at once (MB-WIN-3)."""
        self.activation = None
        if self._next_turn_player() is None:
            self._finish_at_cap()
            return
        n = self.game.players
        seat = self.turn_player
        others = [(seat + k) % n for k in range(1, n)]
        self.window = [s for s in others if not self.out[s]]
        if passed:
            self.window.append(seat)
        self.step = SEARCH_WINDOW

    def _next_turn_player(self) -> int | None:
        """The player who takes the next turn, or None when the round cap ends the game."""
        n = self.game.players
        lead: int = self.game.options["lead"]
        seat: int = self.turn_player
        nxt = (seat + 1) % n
        while self.out[nxt]:
            nxt = (nxt + 1) % n
        last_round = self.round >= self.game.options["max_rounds"]
        if last_round and (nxt - lead) % n <= (seat - lead) % n:
            return None
        return nxt

    def _pass_the_turn(self) -> None:
        """D2: the next player in the game starts their turn at A1 (MB-TURN-D2)."""
        nxt = self._next_turn_player()
        assert nxt is not None
        lead = self.game.options["lead"]
        n = self.game.players
        if (nxt - lead) % n <= (self.turn_player - lead) % n:
            self.round += 1
        self.turn_player = nxt
        self._start_turn()

    def _activate(self, seat: int, unit: str, step: str) -> None:
        piece = self.pieces[unit]
        if step == LEAD_ACTIVATE:
            assert self.activation is not None
            slot = self.activation.slot
            if seat == self.turn_player:
                self.activations += 1  # MB-TAL-LEADER: it counts for the active player
        else:
            slot = step
            if step == ACTIVATE_SECOND:
                self.buy(seat, "second", self.second_activation_cost(seat, unit))
            self.activations += 1
        self._discard(seat, unit)
        piece.activated = True
        self.activation = Activation(unit, slot)
        if not piece.on_map:
            self.activation.mode = "complex"  # only ENTER is open (MB-RULING-OFF-MAP)
            self.step = COMPLEX
        else:
            self.step = MODE  # settled by _advance once Block's owners have answered

    def _choose_mode(self, mode: str) -> None:
        act = self.activation
        assert act is not None
        act.mode = mode
        if mode == "complex":
            self.step = COMPLEX
            return
        piece = self.pieces[act.unit]
        # MB-TURN-B4: start-of-activation powers.
        if stats.has_power(self, piece, "bloodlust") and any(
            stats.enemies_in(self, piece.owner, area)
            for area in self.board.surroundings(piece.area)
        ):
            act.offence_bonus += 1
        if stats.has_power(self, piece, "regrowing-heads"):
            piece.vitality = min(UNITS[piece.id].vitality, piece.vitality + 1)
        if stats.has_power(self, piece, "master-of-stratagems") and self._swap_partners():
            self.step = SWAP
        else:
            self.step = ACTIONS

    def _swap(self, unit: str) -> None:
        act = self.activation
        assert act is not None
        hero, other = self.pieces[act.unit], self.pieces[unit]
        hero.area, other.area = other.area, hero.area

    # --- Block, a choice of its owner (MB-TAL-OPTIONAL) --------------------------------------
    def _answer_block(self, seat: int, *, holds: bool) -> None:
        """``seat`` holds the active unit with its Block for the rest of the activation, or
        lets it go; then the active player's question comes back."""
        act = self.activation
        assert act is not None
        act.block[seat] = holds
        self.step = act.resume

    def _block_question(self) -> int | None:
        """The next seat, clockwise from the active unit's owner, whose Block would stop
        something the active unit could still do this activation (move or run out of its
        area, claim an omphalos) and who has not answered yet; None when there is none."""
        act = self.activation
        assert act is not None
        piece = self.pieces[act.unit]
        if not piece.on_map:
            return None
        modes = {MODE: ("simple", "complex"), ACTIONS: ("simple",), COMPLEX: ("complex",)}
        seats: set[int] = set()
        for mode in modes.get(self.step, ()):
            seats |= self._blocks_that_matter(piece, mode)
        for seat in self._clockwise(piece.owner):
            if seat in seats and seat not in act.block:
                return seat
        return None

    def _blocks_that_matter(self, piece: Piece, mode: str) -> set[int]:
        """Seats whose Block would stop ``piece`` (the active unit) in ``mode``: holding it
        in its area while it has somewhere to go, or keeping it from an omphalos."""
        act = self.activation
        assert act is not None
        saved, act.mode = act.mode, mode  # talents depend on the mode (MB-TURN-B7)
        try:
            found: set[int] = set()
            if self._could_leave(piece, mode):
                found |= stats.blocking_seats(self, piece, piece.area)
            if mode == "simple" and not stats.has_talent(self, piece, "block"):
                for area in self._claim_reach(piece):
                    if self.omphalos[area] > 0:
                        found |= stats.blocking_seats(self, piece, area)
            return found
        finally:
            act.mode = saved

    def _could_leave(self, piece: Piece, mode: str) -> bool:
        """``piece`` could still MOVE (simple) or RUN (complex) out of its area this
        activation if no Block held it."""
        act = self.activation
        assert act is not None
        if stats.free_of_block(self, piece):
            return False
        movement = UNITS[piece.id].movement
        if mode == "complex":
            steps = movement + RUN_BONUS
        elif "move" in act.done or (
            "attack" in act.done and not stats.has_talent(self, piece, "mobility")
        ):
            return False
        else:
            steps = movement
        return bool(stats.destinations(self, piece, steps, unheld=True))

    def _claim_reach(self, piece: Piece) -> list[int]:
        """Areas whose omphalos the active unit may still CLAIM, Block aside (MB-CLAIM-1)."""
        act = self.activation
        assert act is not None
        if "claim" in act.done or UNITS[piece.id].divinity or piece.carrying:
            return []
        if stats.has_talent(self, piece, "gem-collector"):
            return sorted(self.board.surroundings(piece.area))
        return [piece.area]

    def _move(self, area: int, verb: str) -> None:
        act = self.activation
        assert act is not None
        self.pieces[act.unit].area = area
        if verb == "move":
            act.done.append("move")
            self._after_simple_action()
        else:
            self._end_activation()

    def _after_simple_action(self) -> None:
        act = self.activation
        if act is None or self.step == OVER:
            return
        if not self.pieces[act.unit].on_map:
            self._finish_activation()  # killed by a retaliation: nothing more to do
        elif len(act.done) >= 2:
            self._end_activation()
        else:
            self.step = ACTIONS

    def _claim(self, area: int) -> None:
        act = self.activation
        assert act is not None
        self.omphalos[area] -= 1
        self.pieces[act.unit].carrying = True
        act.done.append("claim")
        self._after_simple_action()

    def _absorb(self, source: str) -> None:
        act = self.activation
        assert act is not None
        god = self.pieces[act.unit]
        if source == "ground":
            self.omphalos[god.area] -= 1
        elif source == "card":
            self.omphalos_cards[god.owner] -= 1
            self.absorbed_cards[god.owner] += 1
        else:
            self.pieces[source].carrying = False
        self.absorbed[god.owner] += 1
        self._check_omphalos_victory(god.owner)
        if self.step != OVER:
            self._end_activation()

    def _enter(self, area: int) -> None:
        act = self.activation
        assert act is not None
        piece = self.pieces[act.unit]
        piece.area = area
        piece.entered = True
        self._end_activation()

    def _uproot(self, terrain: str) -> None:
        act = self.activation
        assert act is not None
        self._remove_terrain(self.pieces[act.unit].area, terrain)
        act.uprooted = True  # +1 Offence, +1 Range for the activation (stats.py)
        self.step = ATTACK_TARGET

    def _remove_terrain(self, area: int, terrain: str) -> None:
        """Force of Nature removes a ruin or a tree for good (MB-TERRAIN-3)."""
        if terrain == "ruin":
            self.ruins[area] -= 1
        else:
            self.trees[area] -= 1

    def _end_activation(self) -> None:
        """B6/C6 (end-of-activation powers: Leader) for a simple activation; B7 ends at
        once."""
        act = self.activation
        assert act is not None
        piece = self.pieces[act.unit]
        if (
            act.mode == "simple"
            and piece.on_map
            and stats.has_talent(self, piece, "leader")
            and self._leader_candidates()
        ):
            self.step = LEAD
            return
        self._finish_activation()

    def _finish_activation(self) -> None:
        act = self.activation
        assert act is not None
        self.activation = None
        self._after_activation_slot(act.slot)

    def _after_activation_slot(self, slot: str) -> None:
        self.prompt_seat = self.turn_player
        if slot == ACTIVATE_FIRST and self.activations < MAX_ACTIVATIONS:
            self.step = ACTIVATE_SECOND
        else:
            self.step = RECALL

    def _lead(self, unit: str) -> None:
        """Leader: the troops' owner is asked whether to take an activation card for them
        from the deck (MB-TAL-LEADER)."""
        act = self.activation
        assert act is not None
        self.activation = Activation(unit, act.slot)
        self.prompt_seat = self.pieces[unit].owner
        self.step = LEAD_FETCH

    def _fetch(self, seat: int, unit: str) -> None:
        """The led troops' owner takes one of their activation cards from the deck, shown
        (MB-RULING-HIDDEN)."""
        self.deck[seat].remove(unit)
        self.hand[seat].append(unit)
        self.hand[seat].sort()
        self.known[seat].append(unit)
        self._after_fetch()

    def _after_fetch(self) -> None:
        """Then the troops' owner may activate them at once, if they may activate."""
        act = self.activation
        assert act is not None
        if self._may_lead_activate(self.pieces[act.unit]):
            self.step = LEAD_ACTIVATE
        else:
            self._finish_activation()

    def _recall(self, seat: int, unit: str) -> None:
        """Recall (MB-MAN-4): the complete troops to their divinity's area."""
        self.buy(seat, "recall")
        piece = self.pieces[unit]
        god = self.divinity_of(seat)
        assert god is not None
        self._drop(piece)
        piece.area = god.area
        piece.dead = False
        piece.vitality = UNITS[unit].vitality
        piece.petrified_by = -1
        piece.evaded = False
        self._end_turn()

    def _drop(self, piece: Piece) -> None:
        """A carried omphalos falls in the carrier's area (MB-OMPHALOS-3)."""
        if piece.carrying:
            piece.carrying = False
            if piece.on_map:
                self.omphalos[piece.area] += 1

    # --- ATTACK (MB-ATTACK-*) -----------------------------------------------------------
    def _declare(self, target: str) -> None:
        act = self.activation
        assert act is not None
        attacker = self.pieces[act.unit]
        distance = self.board.distance[attacker.area][self.pieces[target].area]
        act.done.append("attack")
        self.attacks.append(Attack(act.unit, [target], distance))

    def _thunderbolt(self, seat: int, area: int) -> None:
        act = self.activation
        assert act is not None
        self.buy(seat, "thunderbolt", 2)
        zeus = self.pieces[act.unit]
        act.done.append("attack")
        victims = [p.id for p in stats.enemies_in(self, seat, area)]
        distance = self.board.distance[zeus.area][area]
        self.attacks.append(Attack(act.unit, victims, distance, area_attack=True, phase=HELM))

    def _attack_decision(self, verb: str, rest: str) -> None:
        seat = self.prompt_seat
        attack = self.attacks[-1]
        if verb == "search":
            self._search(seat, rest)
            return
        if verb == "draw-cards":
            self._draw_cards(seat, int(rest))
            return
        phase = attack.phase
        if phase == GUARD:
            if verb == "guard":
                attack.targets = [rest]
                _set_phase(attack, HELM)
            else:
                attack.asked.append(seat)
        elif phase == HELM:
            if verb == "helm":
                self.buy(seat, "helm-of-darkness")
                hades = next(t for t in attack.targets if t == "hades")
                attack.targets.remove(hades)
                if not attack.targets:
                    _set_phase(attack, FINISHED)
                    return
            _set_phase(attack, EVADE)
        elif phase == EVADE:
            if verb == "evade":
                self.buy(seat, "evade")
                self.pieces[attack.targets[0]].evaded = True
                _set_phase(attack, RETARGET)
            else:
                _set_phase(attack, INITIATIVE)
        elif phase == RETARGET:
            if verb == "attack":
                fresh = Attack(attack.attacker, [rest], attack.distance)
                fresh.distance = self.board.distance[self.pieces[attack.attacker].area][
                    self.pieces[rest].area
                ]
                self.attacks[-1] = fresh
            else:
                attack.phase = FINISHED  # the action is taken, but wasted
        elif phase == INITIATIVE:
            _set_phase(attack, UPROOT)
            if verb == "retaliate":
                attack.initiative_done = True
                self._retaliate(attack)
        elif phase == UPROOT:
            if verb == "uproot":
                self._remove_terrain(self.pieces[attack.attacker].area, rest)
                attack.uprooted = True  # +1 Offence for this ATTACK (MB-TAL-FORCE-OF-NATURE)
            _set_phase(attack, ROLL_FIRST)
        elif phase == REROLL:
            if verb == "reroll":
                face = int(rest)
                index = next(
                    i
                    for i, f in enumerate(attack.dice_first)
                    if f == face and i not in attack.rerolled
                )
                attack.rerolled.append(index)
                attack.rerolls_left -= 1
                attack.reroll_index = index
                attack.to_roll = 1
            else:
                _set_phase(attack, THROW)
        elif phase == THROW:
            if verb == "throw":
                attack.throw_to = int(rest)
            _set_phase(attack, PRIORITY)
        elif phase == PRIORITY:
            self.priorities[BLOCK_VS_THROW] = rest  # for the rest of the game (MB-HIER-2)
            _set_phase(attack, HOLD)
        elif phase == HOLD:
            if verb == "block":
                attack.throw_to = 0  # Block stops the throw; the blanks stay
                _set_phase(attack, THROWN)
            else:
                attack.asked.append(seat)
        elif phase == GAZE:
            if verb == "gaze":
                self.buy(seat, "petrifying-gaze")
                victim = self.pieces[attack.wounded[0]]
                victim.petrified_by = self.pieces[attack.attacker].owner
            _set_phase(attack, RETALIATE)
        elif phase == RETALIATE:
            _set_phase(attack, FINISHED)
            if verb == "retaliate":
                self._retaliate(attack)

    def _retaliate(self, attack: Attack) -> None:
        """A retaliation ATTACK of the target on its attacker (MB-ATTACK-9): an ATTACK, so
        a Guard may take it (MB-TAL-GUARD), but no retaliation of its own."""
        target = attack.targets[0]
        self.attacks.append(Attack(target, [attack.attacker], 0, retaliation=True))

    def _throw(self, attack: Attack) -> None:
        """Mighty Throw (MB-TAL-MIGHTY-THROW): the target drops its omphalos and is moved
        into the chosen area; the blanks that paid are discarded from the first assault."""
        target = self.pieces[attack.targets[0]]
        self._drop(target)
        target.area = attack.throw_to
        attack.throw_to = 0
        blanks = [i for i, f in enumerate(attack.dice_first) if f in BLANK_FACES]
        for i in sorted(blanks[: _throw_cost(target)], reverse=True):
            del attack.dice_first[i]

    def _throw_holders(self, attack: Attack) -> list[int]:
        """Seats other than the thrower's owner whose Block would hold the thrown target in
        its area (MB-HIER-2), clockwise from the active player. The thrower's owner, who
        chose to throw, has chosen not to hold it with their own Block."""
        target = self.pieces[attack.targets[0]]
        thrower = self.pieces[attack.attacker].owner
        if stats.free_of_block(self, target):
            return []
        seats = stats.blocking_seats(self, target, target.area) - {thrower}
        return [s for s in self._clockwise(self.turn_player) if s in seats]

    def _roll(self, face: int) -> None:
        attack = self.attacks[-1]
        if attack.reroll_index >= 0:
            attack.dice_first[attack.reroll_index] = face
            attack.reroll_index = -1
        elif attack.phase == ROLL_FIRST:
            attack.dice_first.append(face)
        else:
            attack.dice_second.append(face)
        attack.to_roll -= 1

    def _run_attack(self) -> bool:
        """Advance the top ATTACK through phases that need no one; True when it waits for a
        decision or a die."""
        attack = self.attacks[-1]
        while True:
            if attack.to_roll > 0:
                return True
            phase = attack.phase
            if phase == FINISHED:
                self.attacks.pop()
                return False
            if not self._attack_still_on(attack):
                _set_phase(attack, FINISHED)
                continue
            if phase == RETARGET and (attack.retaliation or not self._retargets(attack)):
                attack.phase = FINISHED  # the action is taken, but wasted (MB-MAN-6)
                continue
            if phase == ROLL_FIRST:
                if not attack.started:
                    attack.started = True
                    attacker = self.pieces[attack.attacker]
                    target_area = self.pieces[attack.targets[0]].area
                    if not attack.area_attack:
                        attack.distance = self.board.distance[attacker.area][target_area]
                    attack.to_roll = self._first_assault_dice(attack)
                    continue
                _set_phase(attack, REROLL)
                attack.rerolls_left = self._rerolls(attack)
                continue
            if phase == THROWN:
                if attack.throw_to:
                    self._throw(attack)
                _set_phase(attack, ROLL_SECOND)
                attack.to_roll = attack.dice_first.count(CRITICAL_FACE)
                continue
            if phase == ROLL_SECOND:
                _set_phase(attack, DAMAGE)
                continue
            if phase == DAMAGE:
                self._damage(attack)
                _set_phase(attack, GAZE)
                if self.step == OVER:
                    return True
                continue
            seat = self._asked_seat(attack)
            if seat is None:
                _set_phase(attack, _next_phase(attack))
                continue
            self.prompt_seat = seat
            return True

    def _attack_still_on(self, attack: Attack) -> bool:
        """The attacker and a target still stand where the ATTACK can reach (after an
        Initiative retaliation, MB-TAL-INITIATIVE)."""
        attacker = self.pieces[attack.attacker]
        if not attacker.on_map:
            return False
        live = [t for t in attack.targets if self.pieces[t].on_map]
        if not live:
            return False
        if attack.phase == ROLL_FIRST and not attack.started and not attack.area_attack:
            target = self.pieces[live[0]]
            reach = 0 if attack.retaliation else stats.attack_range(self, attacker)
            if not stats.can_target(self, attacker, target, reach):
                return False
        return True

    def _asked_seat(self, attack: Attack) -> int | None:
        """Who decides at this phase, or None when the phase does not apply."""
        phase = attack.phase
        attacker = self.pieces[attack.attacker]
        target = self.pieces[attack.targets[0]]
        if phase == GUARD:
            if attack.area_attack:
                return None
            for seat in self._clockwise(target.owner):
                if seat not in attack.asked and self._guards(attack, seat):
                    return seat
            return None
        if phase == HELM:
            hades = self.pieces.get("hades")
            if (
                hades is not None
                and "hades" in attack.targets
                and attack.distance >= 1
                and stats.has_power(self, hades, "helm-of-darkness")
                and self.may_offer(hades.owner, "helm-of-darkness")
            ):
                return hades.owner
            return None
        if phase == EVADE:
            if (
                not attack.area_attack
                and attack.distance == 0
                and UNITS[target.id].flying
                and not UNITS[attacker.id].flying
                and self.may_offer(target.owner, "evade")
            ):
                return target.owner
            return None
        if phase == RETARGET:
            if attack.retaliation:
                return None
            return attacker.owner
        if phase == INITIATIVE:
            if (
                attack.retaliation
                or attack.area_attack
                or attack.distance != 0
                or not self._may_retaliate(target, attacker)
                or not stats.has_talent(self, target, "initiative")
                or stats.has_talent(self, attacker, "initiative")
            ):
                return None
            return target.owner
        if phase == UPROOT:
            if (
                attack.retaliation
                and stats.has_talent(self, attacker, "force-of-nature")
                and self._terrain_pieces(attacker.area)
            ):
                return attacker.owner
            return None
        if phase == REROLL:
            if attack.rerolls_left > 0 and len(attack.rerolled) < len(attack.dice_first):
                return attacker.owner
            return None
        if phase == THROW:
            if (
                attack.area_attack
                or not stats.has_talent(self, attacker, "mighty-throw")
                or sum(f in BLANK_FACES for f in attack.dice_first) < _throw_cost(target)
                or not self._throw_areas(attack)
            ):
                return None
            return attacker.owner
        if phase == PRIORITY:
            # The one conflict of equal rules (MB-HIER-2): asked the first time it arises.
            if attack.throw_to and self._throw_holders(attack):
                return None if BLOCK_VS_THROW in self.priorities else self.turn_player
            return None
        if phase == HOLD:
            if not attack.throw_to or self.priorities.get(BLOCK_VS_THROW) != "block":
                return None
            for seat in self._throw_holders(attack):
                if seat not in attack.asked:
                    return seat
            return None
        if phase == GAZE:
            if (
                attack.wounded
                and stats.has_power(self, attacker, "petrifying-gaze")
                and self.may_offer(attacker.owner, "petrifying-gaze")
                and not UNITS[attack.wounded[0]].divinity
            ):
                return attacker.owner
            return None
        if phase == RETALIATE:
            if (
                attack.retaliation
                or attack.area_attack
                or attack.initiative_done
                or attack.distance != 0
                or not self._may_retaliate(target, attacker)
            ):
                return None
            return target.owner
        raise AssertionError(phase)

    def _may_retaliate(self, target: Piece, attacker: Piece) -> bool:
        return (
            target.on_map
            and attacker.on_map
            and target.area == attacker.area
            and target.petrified_by < 0
        )

    def _clockwise(self, seat: int) -> list[int]:
        n = self.game.players
        return [(seat + k) % n for k in range(n)]

    def _first_assault_dice(self, attack: Attack) -> int:
        attacker = self.pieces[attack.attacker]
        # The area ATTACK is Thunderbolt's, a power's: no talent numbers (MB-RULING-POWER-STATS).
        return stats.offence(
            self,
            attacker,
            attack.distance,
            retaliation=attack.retaliation,
            power=attack.area_attack,
            uprooted=attack.uprooted,
        )

    def _rerolls(self, attack: Attack) -> int:
        """Monster Slayer: up to 2 dice against a monster (MB-TAL-MONSTER-SLAYER)."""
        attacker = self.pieces[attack.attacker]
        target = self.pieces[attack.targets[0]]
        if (
            not attack.area_attack
            and UNITS[target.id].kind == "monster"
            and stats.has_talent(self, attacker, "monster-slayer")
        ):
            return MONSTER_SLAYER_REROLLS
        return 0

    def _damage(self, attack: Attack) -> None:
        """MB-ATTACK-6: each full Defence of hits is a wound."""
        attacker = self.pieces[attack.attacker]
        hits = sum(map(is_hit, attack.dice_first)) + sum(map(is_hit, attack.dice_second))
        dead: list[Piece] = []
        for unit in list(attack.targets):
            target = self.pieces[unit]
            if not target.on_map:
                continue
            wounds = hits // stats.defence(
                self, target, attacker, attack.distance, power=attack.area_attack
            )
            if wounds and stats.has_power(self, target, "lions-hide") and not target.hide_used:
                target.hide_used = True
                wounds -= 1
            if not wounds:
                continue
            target.vitality -= wounds
            if target.vitality <= 0:
                dead.append(target)
            else:
                attack.wounded.append(unit)
        for target in dead:
            self._kill(target)
        first_kill_wins = self.game.scenario.first_kill_wins
        if first_kill_wins and self.step != OVER and any(UNITS[t.id].divinity for t in dead):
            self._win(self.sides[attacker.owner], DIVINITY_KILLED)  # MB-WIN-4

    def _kill(self, piece: Piece) -> None:
        """A unit is removed (MB-ATTACK-7); a divinity's death takes its army out."""
        self._drop(piece)
        piece.area = OFF_MAP
        piece.dead = True
        piece.vitality = 0
        piece.carrying = False
        if UNITS[piece.id].divinity:
            self._eliminate(piece.owner)

    def _eliminate(self, seat: int) -> None:
        """MB-WIN-1: a player whose divinity is killed is out with their army."""
        self.out[seat] = True
        for unit in self.armies[seat]:
            piece = self.pieces[unit]
            self._drop(piece)
            piece.area = OFF_MAP
            piece.dead = True
        for piece in self.pieces.values():
            if piece.petrified_by == seat:
                piece.petrified_by = -1  # that seat's next turn will never start
        alive_sides = {self.sides[s] for s in range(self.game.players) if not self.out[s]}
        if len(alive_sides) == 1:
            self._win(alive_sides.pop(), DIVINITY_KILLED)

    def counted_omphalos(self, side: int) -> int:
        """The omphalos ``side`` counts toward the omphalos victory (MB-WIN-2): every token
        its players absorbed, and their absorbed omphalos cards up to the scenario's number
        (MB-RULING-OMPHALOS-CARDS)."""
        seats = [s for s in range(self.game.players) if self.sides[s] == side]
        cards = sum(self.absorbed_cards[s] for s in seats)
        tokens = sum(self.absorbed[s] for s in seats) - cards
        return tokens + min(cards, self.game.scenario.omphalos_cards_counted)

    def _check_omphalos_victory(self, seat: int) -> None:
        side = self.sides[seat]
        if self.counted_omphalos(side) >= self.game.scenario.omphalos_to_win:
            self._win(side, OMPHALOS)

    def _win(self, side: int, ending: str) -> None:
        self.won = [s for s in range(self.game.players) if self.sides[s] == side]
        self.ended = ending
        self.step = OVER
        self.draws.clear()
        self.attacks.clear()
        self.activation = None

    def _finish_at_cap(self) -> None:
        """MB-WIN-3: after the last round the live side with most omphalos absorbed wins;
        between sides tied on omphalos, the one whose enemies have lost the most Vitality
        (a dead unit its whole Vitality); a tie on both is shared."""
        n = self.game.players
        live = {self.sides[s] for s in range(n) if not self.out[s]}
        scores = {side: self._cap_score(side) for side in live}
        best = max(scores.values())
        winners = {side for side in live if scores[side] == best}
        self.won = [s for s in range(n) if self.sides[s] in winners]
        self.ended = ROUND_LIMIT
        self.step = OVER
        self.draws.clear()

    def _cap_score(self, side: int) -> tuple[int, int]:
        """(omphalos absorbed by the side, Vitality its enemies have lost)."""
        absorbed = sum(self.absorbed[s] for s in range(self.game.players) if self.sides[s] == side)
        lost = sum(
            UNITS[p.id].vitality - (0 if p.dead else p.vitality)
            for p in self.pieces.values()
            if self.sides[p.owner] != side
        )
        return absorbed, lost

    # --- the flow -----------------------------------------------------------------------
    def _advance(self) -> None:
        """Run what needs no one until a decision, a chance node or the end."""
        while True:
            while self.draws and (
                self.out[self.draws[0]]
                or not (self.deck[self.draws[0]] or self.discard[self.draws[0]])
            ):
                self.draws.pop(0)  # nothing left to draw (MB-RULING-RESHUFFLE)
            if self.step == OVER or self.draws:
                return
            if self.attacks:
                if self._run_attack():
                    return
                if self.step == OVER:
                    return
                if not self.attacks:
                    if self.out[self.turn_player]:
                        self.activation = None
                        self._end_turn()  # the active player's divinity fell
                        continue
                    self._after_simple_action()
                continue
            step = self.step
            if step == RECRUIT_GOD:
                self.prompt_seat = self.picker
                return
            if step == RECRUIT_UNIT:
                if self._settle_recruitment():
                    self.prompt_seat = self.picker
                    return
                self._set_up_table()
                continue
            if step in (LEAD_FETCH, LEAD_ACTIVATE, BLOCK):
                return  # prompt_seat set by _lead or by the Block question
            if step == SEARCH_WINDOW:
                while self.window and not self._search_open(self.window[0]):
                    self.window.pop(0)
                if self.window:
                    self.prompt_seat = self.window[0]
                    return
                self._pass_the_turn()
                continue
            act = self.activation
            self.prompt_seat = self.pieces[act.unit].owner if act else self.turn_player
            if act is not None and step in (MODE, ACTIONS, COMPLEX):
                blocker = self._block_question()
                if blocker is not None:
                    act.resume = step
                    self.step = BLOCK
                    self.prompt_seat = blocker
                    return
                if step == MODE and not self._has_complex(self.pieces[act.unit]):
                    self._choose_mode("simple")  # one answer decides nothing (MB-TURN-B3)
                    continue
            if step == ACTIVATE_SECOND and not self._second_possible():
                self.step = RECALL
                continue
            if step == RECALL and not self._recall_open():
                self._end_turn()
                continue
            return

    def _search_open(self, seat: int) -> bool:
        """Public: ``seat`` might buy Search for Card now."""
        return bool(self.deck[seat]) and self.may_offer(seat, "search")

    def _second_possible(self) -> bool:
        """Public: step C1 offers something (a second activation, Draw Cards, Search)."""
        seat = self.turn_player
        if self.activations < MAX_ACTIVATIONS and any(
            self._may_activate(self.pieces[u])
            and self.may_offer(seat, "second", self.second_activation_cost(seat, u))
            for u in self.armies[seat]
        ):
            return True
        return self._search_open(seat) or (self._may_draw(seat) and self.may_offer(seat, "draw"))

    def _may_draw(self, seat: int) -> bool:
        """Public: ``seat`` has a card to draw, from the deck or, reshuffled, the discard
        pile (MB-RULING-RESHUFFLE)."""
        return bool(self.deck[seat] or self.discard[seat])

    def _recall_open(self) -> bool:
        """Public: step D1 offers something (a recall or Search)."""
        seat = self.turn_player
        if self._search_open(seat):
            return True
        god = self.divinity_of(seat)
        if god is None or not god.on_map or not self.may_offer(seat, "recall"):
            return False
        return any(
            UNITS[u].kind == "troops"
            and self.pieces[u].entered
            and not self.pieces[u].activated
            and self._may_recall_to(self.pieces[u], god)
            for u in self.armies[seat]
        )

    # --- results, views -------------------------------------------------------------------
    def action_seen_by(self, action: str, observer: int | None) -> str:
        """A card drawn (``draw ?``) or taken by Search for Card (``search ?``) is seen by its
        taker alone (MB-RULING-HIDDEN, MB-RULING-SEARCH); everything else is public."""
        verb = action.split(" ", 1)[0]
        if verb == "draw" and self.current_player == CHANCE and self.draws:
            taker = self.draws[0]
        elif verb == "search" and self.current_player >= 0:
            taker = self.prompt_seat
        else:
            return action
        return action if observer == taker else f"{verb} ?"

    def undo_safe(self, action: str) -> bool:
        """Whether the player may take ``action`` back (table_help.py: never a draw, an
        ATTACK or an answer within one)."""
        return table_help.undo_safe(self, action)

    def _refusal(self, action: str, player: int) -> str | None:
        """Why ``action`` is refused, in words, from what ``player`` may see (table_help.py)."""
        return table_help.refusal(self, action, player)

    def revealed(self) -> list[dict[str, Any]]:
        """Each seat's hand and deck, in printed names (table_help.py)."""
        return table_help.revealed(self)

    def _returns(self) -> list[float]:
        share = 1.0 / len(self.won) if self.won else 0.0
        return [share if s in self.won else 0.0 for s in range(self.game.players)]

    def _winners(self) -> list[int]:
        return sorted(self.won)

    def scores(self) -> list[float]:
        return [float(a) for a in self.absorbed]

    def seat_label(self, seat: int) -> str | None:
        """The seat's divinity (its army's first unit): "Zeus"."""
        army = self.armies[seat]
        return UNITS[army[0]].name if army else None

    def ending(self) -> str | None:
        """How the game ended (MB-WIN-5): ``divinity-killed``, ``omphalos`` or
        ``round-limit``; None before the end."""
        return self.ended if self.step == OVER else None

    def features(self) -> dict[str, Any]:
        """The set-up for the lab: each seat's army, the scenario, each seat's divinity
        (its army's first unit, "" while not yet chosen), the faction the balance lab
        compares (content/tunables.toml), and the draft's first pick (the first unit of the
        seat that recruits first, MB-RECRUIT-2; "" before it or when armies were set)."""
        drafted = self.game.options["armies"] is None
        first = self.armies[(self.game.options["lead"] - 1) % self.game.players]
        return {
            "armies": [list(a) for a in self.armies],
            "scenario": self.game.scenario.id,
            "divinity": [a[0] if a else "" for a in self.armies],
            "first_pick": first[1] if drafted and len(first) > 1 else "",
        }

    def evaluate(self, player: int) -> float:
        if self.is_terminal():
            return self.returns()[player]
        return evaluation.evaluate(self, player)

    def view(self, player: int | None) -> dict[str, Any]:
        return hidden.view(self, player)

    def determinize(self, player: int, rng: random.Random) -> BattlesState:
        return hidden.determinize(self, player, rng)

    def __str__(self) -> str:
        return hidden.describe(self)


def special_rule_words(scenario: Scenario) -> str:
    """The lobby's words for a scenario's special rule (MB-SETUP-7a), "" where it has none."""
    extra = scenario.later_seats_aow
    if not extra:
        return ""
    who = "second player" if scenario.players == [2] else "players after the lead"
    return f" · {who} +{extra} Art of War"


def catalog() -> dict[str, dict[str, Any]]:
    """The game's printed facts by id (see :meth:`BattlesGame.catalog`); ids never clash."""
    found: dict[str, dict[str, Any]] = {}

    def add(key: str, entry: dict[str, Any]) -> None:
        if key in found:  # pragma: no cover - the content's ids are distinct (test_content)
            raise AssertionError(f"catalog id {key!r} twice")
        found[key] = entry

    for unit in UNITS.values():
        add(unit.id, {"type": "unit", **unit.model_dump()})
    for power in POWERS.values():
        owners = [u.id for u in UNITS.values() if u.power == power.id]
        add(power.id, {"type": "power", **power.model_dump(), "units": owners})
    for talent in talents().values():
        owners = [u.id for u in UNITS.values() if talent.id in u.talents]
        add(talent.id, {"type": "talent", **talent.model_dump(), "units": owners})
    for manoeuvre in manoeuvres().values():
        add(manoeuvre.id, {"type": "manoeuvre", **manoeuvre.model_dump()})
    for card in texts().cards:
        add(card.id, {"type": "card", **card.model_dump()})
    return found


def _copy_piece(p: Piece) -> Piece:
    return Piece(
        p.id, p.owner, p.vitality, p.area, p.entered, p.dead, p.carrying, p.activated,
        p.petrified_by, p.evaded, p.hide_used,
    )  # fmt: skip


def _throw_cost(target: Piece) -> int:
    """Blanks to throw: 1 for a hero or troops, 2 for a monster or god (MB-TAL-MIGHTY-THROW)."""
    return 2 if UNITS[target.id].kind in ("monster", "god") else 1


def _next_phase(attack: Attack) -> str:
    """The phase after the current one when it does not apply (a retarget only follows an
    evade)."""
    nxt = ATTACK_PHASES[ATTACK_PHASES.index(attack.phase) + 1]
    return INITIATIVE if nxt == RETARGET else nxt


def _set_phase(attack: Attack, phase: str) -> None:
    attack.phase = phase
    attack.asked = []


def action_error(verb: str) -> str:
    return f"unknown verb {verb!r}"
