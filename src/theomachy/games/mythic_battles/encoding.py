"""Mythic Battles' encoding for the RL adapters: action tables, observation vector, bound.

See "Encoding (for the RL adapters)" in RULES.md. Units are named by their roster id and
areas by number, so every action string is finite: the tables list each verb with every
argument it can take on this game's map (a superset of what is ever legal), sorted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from theomachy.engine.core import Game
from theomachy.engine.encoding import Encoding as BaseEncoding
from theomachy.engine.encoding import Features, seats_from
from theomachy.games.mythic_battles.data import units
from theomachy.games.mythic_battles.model import (
    ACTIONS,
    ACTIVATE_FIRST,
    ACTIVATE_SECOND,
    AOW,
    ATTACK_PHASES,
    ATTACK_TARGET,
    BLOCK,
    COMPLEX,
    LEAD,
    LEAD_ACTIVATE,
    LEAD_FETCH,
    MODE,
    OVER,
    PASS_OR_GO,
    RECALL,
    RECRUIT_GOD,
    RECRUIT_UNIT,
    SEARCH_WINDOW,
    SWAP,
)

UNITS = units()
IDS = tuple(sorted(UNITS))
CARDS = tuple(sorted((*UNITS, AOW)))
DIVINITIES = tuple(u for u in IDS if UNITS[u].divinity)
TROOPS = tuple(u for u in IDS if UNITS[u].kind == "troops")
STEPS = (
    RECRUIT_GOD, RECRUIT_UNIT, PASS_OR_GO, ACTIVATE_FIRST, ACTIVATE_SECOND, MODE, SWAP,
    ACTIONS, ATTACK_TARGET, COMPLEX, LEAD, LEAD_FETCH, LEAD_ACTIVATE, RECALL, SEARCH_WINDOW,
    BLOCK, OVER,
)  # fmt: skip
SIMPLE = (
    "block", "complex", "continue", "decline", "done", "end", "evade", "gaze", "helm", "keep",
    "pass", "retaliate", "simple", "absorb card", "absorb ground", "draw-cards 1",
    "draw-cards 2", "priority block", "priority mighty-throw", "uproot ruin", "uproot tree",
)  # fmt: skip
AREA_VERBS = ("claim", "enter", "move", "run", "throw", "thunderbolt")
UNIT_VERBS = ("absorb", "activate", "attack", "guard", "swap")
# A nominal bound on one turn's decisions (both activations with every attack prompt, the
# manoeuvres, re-rolls and retaliations; see RULES.md, "Encoding").
PER_TURN = 120
RECRUITMENT = 40
CARDS_HIGH = 6.0


class Encoding(BaseEncoding):
    """Tables and observations for one game (its map and player count)."""

    short_game_options: ClassVar[dict[str, Any]] = {"max_rounds": 6}

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.players = game.players
        board = getattr(game, "board")  # noqa: B009 (the BattlesGame attribute)
        self.areas: tuple[int, ...] = board.areas

    def decisions(self) -> list[str]:
        """Simple verbs; ``choose`` every divinity, ``recruit`` every other unit; unit verbs
        with every unit, ``fetch``/``lead``/``recall`` every troops, area verbs with every area,
        ``search`` every card, ``reroll`` every face; sorted."""
        found: set[str] = set(SIMPLE)
        found.update(f"choose {u}" for u in DIVINITIES)
        found.update(f"recruit {u}" for u in IDS if not UNITS[u].divinity)
        for verb in UNIT_VERBS:
            found.update(f"{verb} {u}" for u in IDS)
        for verb in ("fetch", "lead", "recall"):
            found.update(f"{verb} {u}" for u in TROOPS)
        for verb in AREA_VERBS:
            found.update(f"{verb} {a}" for a in self.areas)
        found.update(f"search {c}" for c in CARDS)
        found.update(f"reroll {n}" for n in range(1, 7))
        return sorted(found)

    def outcomes(self) -> list[str]:
        """``roll 1``..``roll 6``, then ``draw <card>`` for every card, by id."""
        return [f"roll {n}" for n in range(1, 7)] + [f"draw {c}" for c in CARDS]

    def observation_size(self) -> int:
        n, areas = self.players, len(self.areas)
        per_unit = 1 + n + areas + 6
        return (
            len(STEPS) + len(ATTACK_PHASES) + 3 + 3 * areas + len(CARDS)
            + len(IDS) * per_unit + n * (6 + len(CARDS)) + 2 * len(IDS) + 12
        )  # fmt: skip

    def max_decisions(self) -> int:
        """A nominal bound: the recruitment, then PER_TURN decisions a turn for
        ``max_rounds`` rounds of one turn per player."""
        rounds = int(self.game.options["max_rounds"])
        return RECRUITMENT + rounds * self.players * PER_TURN

    def observe(self, view: Mapping[str, Any]) -> list[float]:
        n = self.players
        me = view["player"]
        order = seats_from(me, n)
        relative = {seat: k for k, seat in enumerate(order)}
        f = Features()
        f.one_hot(view["step"], STEPS)
        attacks = view["attacks"]
        top = attacks[-1] if attacks else None
        f.one_hot(top["phase"] if top else None, ATTACK_PHASES)
        f.flag(view["current_player"] == me)
        f.flag(view["turn_player"] == me)
        f.scalar(view["round"], float(view["max_rounds"]))
        game_map = view["map"]
        f.values.extend(min(1.0, c / 2.0) for c in game_map["omphalos"])
        f.values.extend(min(1.0, float(c)) for c in game_map["ruins"])
        f.values.extend(min(1.0, float(c)) for c in game_map["trees"])
        f.counts(view["players"][me].get("hand", []), CARDS, CARDS_HIGH)
        by_id = {u["id"]: u for u in view["units"]}
        for unit in IDS:
            entry = by_id.get(unit)
            f.flag(entry is not None)
            f.one_hot(relative.get(entry["owner"]) if entry else None, range(n))
            f.one_hot(entry["area"] if entry else None, self.areas)
            f.scalar(entry["vitality"] / entry["max_vitality"] if entry else None, 1.0)
            f.flag(entry and entry["carrying"])
            f.flag(entry and entry["activated"])
            f.flag(entry and entry["petrified"])
            f.flag(entry and entry["dead"])
            f.flag(entry and entry["evaded"])
        for seat in order:
            entry = view["players"][seat]
            f.flag(entry["out"])
            f.scalar(entry["absorbed"], float(view["omphalos_to_win"]))
            f.scalar(entry["hand_count"], 15.0)
            f.scalar(entry["deck_count"], 25.0)
            f.scalar(entry["omphalos_cards"], 5.0)
            f.scalar(len(entry["bought"]), 6.0)
            f.counts(entry.get("known_hand", entry.get("hand", [])), CARDS, CARDS_HIGH)
        f.many_hot(top["targets"] if top else [], IDS)
        f.one_hot(top["attacker"] if top else None, IDS)
        first = top["first_assault"] if top else []
        second = top["second_assault"] if top else []
        f.counts(first, range(1, 7), 6.0)
        f.counts(second, range(1, 7), 6.0)
        return f.done(self.observation_size())
