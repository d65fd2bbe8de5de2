"""Mythotopia's numbered rules (RULES.md), one or more tests per rule id.

Card rules (MT-IMP-*, MT-START-*, MT-VP-<card>) have their own tests; here: set-up, the turn,
paying, every action and its restrictions, wars and captures, building and roads, the end of
the game, the round cap, hidden information, the rulebook's worked examples and the rulings.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import theomachy
from theomachy import CHANCE, IllegalAction
from theomachy.games.mythotopia import war
from theomachy.games.mythotopia.board import board
from theomachy.games.mythotopia.cards import BOX_COUNTERS, catalog
from theomachy.games.mythotopia.rules import (
    CITADEL,
    CITY,
    NEUTRAL,
    NONE,
    P_INDEX,
    PROVINCES,
    S_INDEX,
    TOWN,
    MythotopiaState,
)

from .scenario import draw, play, position, refill, retrack, setup

rules = pytest.mark.rules

ISLANDS = ("ictus", "jeopigia", "nesh", "aporia", "kinabra")
STARTING = ["start-army", "start-build", "start-market", "start-market", "start-ship"]
RED = ["palmain", "scombroid", "talion", "oxter", "eagre"]  # 5 provinces: 15 VP, above the floor
BLUE = ["trogle", "margent", "iracund", "fadge", "quean"]


# --- helpers ------------------------------------------------------------------------------------
def mytho(players: int = 2, **options: object):
    return theomachy.load("mythotopia", players=players, options=options)


def fresh(
    players: int = 2, own: dict[int, list[str]] | None = None, **kwargs: Any
) -> MythotopiaState:
    """A game in play where each seat controls exactly the provinces listed in ``own`` (the
    rest of every deal is made neutral again: its Town back to stock, its card to the supply).
    Every card of a seat is in his draw deck, his hand is empty: tests set piles with
    position (a card given to the hand may then be in the deck too: harmless here)."""
    own = {seat: list(cards) for seat, cards in (own or {}).items()}
    state = setup(players=players, provinces=own, **kwargs)
    keep = {p for cards in own.values() for p in cards}
    for p, pid in enumerate(PROVINCES):
        seat = state.owner[p]
        if seat == NEUTRAL or pid in keep or state.piece[p] != TOWN:
            continue
        state.owner[p], state.piece[p] = NEUTRAL, NONE
        state.towns[seat] += 1
        for pile in (state.hand[seat], state.deck[seat], state.discard[seat]):
            if pid in pile:
                pile.remove(pid)
        state.dealt[seat].remove(pid)
        state.supply.append(pid)
    state.supply.sort()
    for seat in range(players):  # every card in the draw deck, the hand empty
        state.deck[seat] = sorted(state.dealt[seat] + STARTING)
        state.hand[seat] = []
    retrack(state)
    state.invalidate_caches()
    return state


def snapshot(state: MythotopiaState) -> Any:
    """Everything a rejected action must leave unchanged."""
    return (
        state.history(),
        state.view(None),
        [list(h) for h in state.hand],
        [list(d) for d in state.deck],
        state.pending,
        state.flags,
        state.actions,
    )


def refused(state: MythotopiaState, action: str) -> None:
    """``action`` is not offered, and applying it raises IllegalAction changing nothing."""
    before = snapshot(state)
    assert action not in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert snapshot(state) == before


def acts(state: MythotopiaState, prefix: str) -> list[str]:
    """Legal actions starting with ``prefix``."""
    return [a for a in state.legal_actions() if a.startswith(prefix)]


def at(name: str) -> int:
    return P_INDEX[name]


def score(state: MythotopiaState, seat: int) -> int:
    return war.score(state, seat)


def finish_turn(state: MythotopiaState) -> None:
    """Pass the actions left, end the turn, then the refill's draws (first outcomes)."""
    while state.actions < 2:
        play(state, "pass")
    if state.actions == 2 and "end-turn" in state.legal_actions():
        play(state, "end-turn")
    refill(state)


def to_seat(state: MythotopiaState, seat: int) -> None:
    """Make ``seat`` the player to act at the start of his turn (a test shortcut)."""
    state.current = seat
    state.actions = 0
    state.flags = frozenset()
    state.invalidate_caches()


def to_first(state: MythotopiaState) -> None:
    """Resolve set-up chance nodes (and secret choices) until the first player is drawn."""
    while not state.legal_actions()[0].startswith("first"):
        state.apply(state.legal_actions()[0])


# --- set-up -------------------------------------------------------------------------------------
@rules("MT-SETUP-1", "MT-SETUP-3", "MT-SETUP-4", "MT-RULING-COMPONENTS", "MT-TERM-1")
@pytest.mark.parametrize(("players", "dealt", "towns"), [(2, 11, 16), (3, 8, 12), (4, 6, 12)])
def test_province_cards_are_dealt_and_towns_placed(players, dealt, towns):
    state = mytho(players).new_game()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 40 and {p for _, p in outcomes} == {1 / 40}
    assert state.towns == [towns] * players
    for _ in range(dealt * players):
        state.apply(state.legal_actions()[0])  # seat 0's cards first, in id order here
    assert state.legal_actions()[0].startswith("display")
    assert [len(d) for d in state.dealt] == [dealt] * players
    assert state.dealt[0] == sorted(PROVINCES)[:dealt]
    for seat in range(players):
        for card in state.dealt[seat]:
            assert state.owner[at(card)] == seat and state.piece[at(card)] == TOWN
    assert state.towns == [towns - dealt] * players
    assert len(state.supply) == 40 - dealt * players
    # The Towns are public: another player's view shows them.
    view = state.view(players - 1)["provinces"]
    assert view[0]["owner"] == 0 and view[0]["piece"] == "town"
    assert view[39]["owner"] is None and view[39]["piece"] is None


@rules("MT-SETUP-2", "MT-TERM-3", "MT-TERM-4", "MT-RULING-COMPONENTS", "MT-RULING-CITADEL-RESERVE")
def test_available_stock_pool_and_shared_supply_at_the_start():
    state = fresh(own={0: ["palmain"], 1: ["trogle"]})
    assert state.army_stock == [6, 6] and state.ship_stock == [2, 2]
    assert state.army_pool == [14, 14] and state.ship_pool == [6, 6]
    assert state.cities == [4, 4] and state.citadel == [0, 0]
    assert state.reserve_limit(0) == 2  # no City or Citadel on the board yet
    view = state.view(1)
    assert view["supply"] == {"roads": 20, "castles": 12, "mercenaries": 8}
    me = view["players"][0]
    assert (me["armies"], me["ships"], me["army_pool"], me["ship_pool"]) == (6, 2, 14, 6)
    assert (me["cities"], me["citadel"], me["reserve_limit"]) == (4, "unused", 2)


@rules("MT-SETUP-5")
def test_sixteen_improvements_on_display_thirteen_in_the_deck():
    state = mytho(3).new_game()
    for _ in range(24):
        state.apply(state.legal_actions()[0])
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 29 and outcomes[0] == ("display alchemist", 1 / 29)
    for _ in range(16):
        state.apply(state.legal_actions()[-1])
    assert len(state.display) == 16 and len(state.imp_deck) == 13
    assert state.legal_actions()[0].startswith("vpcard")
    assert state.view(0)["improvement_deck"] == 13 and state.view(0)["display"] == state.display


@rules("MT-SETUP-6", "MT-SETUP-7", "MT-RULING-VP-STOCK", "MT-RULING-VP-COUNTERS")
@pytest.mark.parametrize(("players", "fixed"), [(2, 6), (3, 7), (4, 7)])
def test_vp_cards_their_counters_and_the_unused_stock(players, fixed):
    state = mytho(players).new_game()
    while not state.legal_actions()[0].startswith("vpcard"):
        state.apply(state.legal_actions()[0])
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [
        f"vpcard {c}"
        for c in (
            "citadel",
            "defender-of-the-realm",
            "gilded-city",
            "here-be-dragons",
            "lord-of-the-isles",
            "master-of-the-seas",
            "patronage",
            "roadside-inns",
            "runestones",
            "spoils-of-war",
        )
    ]
    assert {p for _, p in outcomes} == {0.1}
    assert dict(BOX_COUNTERS) == {1: 25, 2: 31, 3: 2}
    for card in ("castle", "city", "road"):
        assert len(state.counters[card]) == fixed
    assert state.stock == {1: 25, 2: 31 - 3 * fixed, 3: 2}
    for card in ("lord-of-the-isles", "defender-of-the-realm", "gilded-city", "citadel"):
        state.apply(f"vpcard {card}")
    assert state.vp_order == [
        "castle",
        "city",
        "road",
        "lord-of-the-isles",
        "defender-of-the-realm",
        "gilded-city",
        "citadel",
    ]
    assert len(state.counters["defender-of-the-realm"]) == 6
    assert len(state.counters["gilded-city"]) == 4
    assert len(state.counters["citadel"]) == 1
    assert len(state.counters["lord-of-the-isles"]) == 2
    # Lord of the Isles 3 + 2, Defender 6 x 1, Gilded City 4 x 1, Citadel 1 x 3.
    assert state.stock == {1: 25 - 10, 2: 31 - 3 * fixed - 1, 3: 0}
    assert state.legal_actions()[0].startswith("citadel")  # the Citadel card brings citadels


@rules("MT-RULING-VP-COUNTERS")
def test_the_variable_cards_counters():
    counters = {card: vp.counters for card, vp in catalog().vp.items() if not vp.fixed}
    assert counters == {
        "citadel": (3,),
        "defender-of-the-realm": (1,) * 6,
        "gilded-city": (1,) * 4,
        "here-be-dragons": (2,) * 3,
        "lord-of-the-isles": (3, 2),
        "master-of-the-seas": (2, 2),
        "patronage": (1,) * 5,
        "roadside-inns": (1,) * 4,
        "runestones": (2,) * 4,
        "spoils-of-war": (1,) * 6,
    }
    # With every variable card and seven per fixed card the box is exactly used up.
    total = {1: 0, 2: 21, 3: 0}
    for values in counters.values():
        for value in values:
            total[value] += 1
    assert total == dict(BOX_COUNTERS)


@rules("MT-SETUP-8", "MT-SETUP-9", "MT-SETUP-11", "MT-RULING-SETUP-ORDER")
def test_dragons_then_runestones_from_the_undealt_cards():
    state = mytho(4).new_game()
    for _ in range(24 + 16):
        state.apply(state.legal_actions()[0])
    for card in ("runestones", "patronage", "here-be-dragons", "spoils-of-war"):
        state.apply(f"vpcard {card}")
    undealt = sorted(PROVINCES)[24:]
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [f"dragon {p}" for p in undealt]  # dragons come first
    assert {p for _, p in outcomes} == {1 / 16}
    for p in undealt[:5]:
        state.apply(f"dragon {p}")
    assert state.dragons == {at(p) for p in undealt[:5]}
    outcomes = state.chance_outcomes()
    # The dragons' cards went under the deck: the runestones go to five other provinces.
    assert [a for a, _ in outcomes] == [f"runestone {p}" for p in undealt[5:]]
    assert {p for _, p in outcomes} == {1 / 11}
    for p in undealt[5:10]:
        state.apply(f"runestone {p}")
    assert state.runestones == {at(p) for p in undealt[5:10]}
    assert state.legal_actions()[0].startswith("first")
    # The undealt cards are the face-up Province supply, all 16 of them.
    assert state.supply == undealt
    assert state.view(0)["province_supply"] == undealt
    assert all(state.owner[at(p)] == NEUTRAL for p in undealt)


@rules("MT-SETUP-10", "MT-RULING-SECRET", "MT-RULING-CITADEL-RESERVE", "MT-HIDDEN-4")
def test_citadels_are_chosen_secretly_in_seat_order_then_revealed():
    state = mytho(2).new_game()
    for _ in range(22 + 16):
        state.apply(state.legal_actions()[0])
    for card in ("citadel", "patronage", "spoils-of-war", "roadside-inns"):
        state.apply(f"vpcard {card}")
    assert state.current_player == 0
    assert state.legal_actions() == [f"citadel {p}" for p in sorted(PROVINCES)[:11]]
    state.apply("citadel blore")
    assert state.current_player == 1
    assert state.view(1)["log"][-1] == "citadel ?"
    assert state.view(0)["log"][-1] == "citadel blore"
    assert state.view(1)["players"][0]["choices_made"] == 1
    assert state.piece[at("blore")] == TOWN  # nothing is placed before all have chosen
    choices = state.legal_actions()
    assert choices == [f"citadel {p}" for p in sorted(PROVINCES)[11:22]]
    state.apply("citadel grimp")
    # Revealed together: every log shows both, and the Citadels replace the Towns.
    assert state.view(1)["log"][-2:] == ["citadel blore", "citadel grimp"]
    assert state.view(0)["log"][-2:] == ["citadel blore", "citadel grimp"]
    assert state.piece[at("blore")] == CITADEL and state.owner[at("blore")] == 0
    assert state.piece[at("grimp")] == CITADEL and state.owner[at("grimp")] == 1
    assert state.towns == [16 - 11 + 1] * 2 and state.citadel == [1, 1]
    # The Citadel counts as one more City: a Reserve of 3.
    assert state.reserve_limit(0) == state.reserve_limit(1) == 3
    assert state.legal_actions()[0].startswith("first")


@rules("MT-SETUP-12", "MT-SETUP-13", "MT-RULING-SETUP-ORDER", "MT-RULING-FIFTH-CARD")
def test_first_player_at_random_then_hands_drawn_in_turn_order_the_fourth_draws_six():
    state = mytho(4).new_game()
    to_first(state)
    assert state.chance_outcomes() == [(f"first {s}", 0.25) for s in range(4)]
    state.apply("first 2")
    # Each deck: the 6 Province cards dealt and the 5 Starting cards (Market twice).
    for seat in range(4):
        assert state.deck[seat] == sorted(state.dealt[seat] + STARTING)
    outcomes = dict(state.chance_outcomes())
    assert outcomes["draw start-market"] == pytest.approx(2 / 11)
    assert outcomes["draw start-army"] == pytest.approx(1 / 11)
    counts = []
    while state.current_player == CHANCE:
        counts.append(state.queue[0][1])
        state.apply(state.legal_actions()[0])
    # Seat 2 draws first, then 3, 0 and 1 (the fourth in turn order, 6 cards).
    assert counts == [2] * 5 + [3] * 5 + [0] * 5 + [1] * 6
    assert [len(h) for h in state.hand] == [5, 6, 5, 5]
    assert state.current_player == 2 and state.round == 1
    assert state.view(0)["first_player"] == 2


@rules("MT-SETUP-14", "MT-VPS-1", "MT-VPS-3")
@pytest.mark.parametrize(("players", "points"), [(2, 33), (3, 24), (4, 18)])
def test_starting_victory_points(players, points):
    state = setup(players=players)
    assert [score(state, s) for s in range(players)] == [points] * players
    assert state.scores() == [float(points)] * players
    assert [p["score"] for p in state.view(0)["players"]] == [points] * players


@rules("MT-SETUP-14", "MT-VPS-2")
def test_a_counter_met_at_set_up_counts_in_the_starting_score():
    state = setup(
        players=4,
        provinces={0: ["ictus", "jeopigia", "nesh"]},
        vp_cards=["lord-of-the-isles", "patronage", "spoils-of-war", "roadside-inns"],
    )
    assert state.held[0] == (3,) and state.counters["lord-of-the-isles"] == ("small",)
    assert [score(state, s) for s in range(4)] == [18 + 3, 18, 18, 18]


@rules("MT-SETUP-OPT-1", "MT-SETUP-OPT-2", "MT-RULING-OPTIONAL", "MT-HIDDEN-4", "MT-RULING-SECRET")
def test_choose_provinces_deals_nine_then_two_are_rejected_secretly():
    state = mytho(3, choose_provinces=True).new_game()
    for _ in range(27):
        state.apply(state.legal_actions()[0])
    assert [len(d) for d in state.dealt] == [9, 9, 9]
    assert state.towns == [3, 3, 3]  # Towns on all nine
    assert [score(state, s) for s in range(3)] == [0, 0, 0]  # no token on the track yet
    for _ in range(16):
        state.apply(state.legal_actions()[0])
    for card in ("runestones", "patronage", "spoils-of-war", "roadside-inns"):
        state.apply(f"vpcard {card}")
    # Runestones go only to provinces nobody was dealt.
    assert {a.split()[1] for a in state.legal_actions()} == set(sorted(PROVINCES)[27:])
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    assert state.current_player == 0
    assert state.legal_actions() == [f"reject {p}" for p in state.dealt[0]]
    state.apply("reject blore")
    assert "reject blore" not in state.legal_actions()
    state.apply("reject aporia")
    assert state.current_player == 1
    assert state.view(1)["log"][-2:] == ["reject ?", "reject ?"]
    assert state.view(0)["log"][-2:] == ["reject blore", "reject aporia"]
    assert state.owner[at("blore")] == 0  # not yet revealed
    state.apply("reject eagre")
    state.apply("reject empyrean")
    state.apply("reject jeopigia")
    state.apply("reject kakopyge")
    # All chosen: revealed to everyone, Towns back to stock, cards to the supply.
    assert state.view(1)["log"][-6:] == [
        "reject blore",
        "reject aporia",
        "reject eagre",
        "reject empyrean",
        "reject jeopigia",
        "reject kakopyge",
    ]
    assert [len(d) for d in state.dealt] == [7, 7, 7]
    assert state.towns == [5, 5, 5]
    for card in ("blore", "aporia", "eagre", "empyrean", "jeopigia", "kakopyge"):
        assert state.owner[at(card)] == NEUTRAL and card in state.supply
        assert at(card) not in state.runestones
    assert len(state.supply) == 40 - 21
    assert [score(state, s) for s in range(3)] == [21, 21, 21]
    assert state.legal_actions()[0].startswith("first")


@rules("MT-SETUP-OPT-1", "MT-RULING-OPTIONAL")
def test_choose_provinces_deals_seven_with_four_and_is_refused_with_two():
    state = mytho(4, choose_provinces=True).new_game()
    for _ in range(28):
        state.apply(state.legal_actions()[0])
    assert [len(d) for d in state.dealt] == [7] * 4 and state.towns == [5] * 4
    assert state.legal_actions()[0].startswith("display")
    with pytest.raises(ValueError, match="choose_provinces is for 3 or 4 players"):
        mytho(2, choose_provinces=True)
    assert mytho(2).options["choose_provinces"] is False


# --- cards --------------------------------------------------------------------------------------
IMPROVEMENTS = {  # id: (symbols, heading), RULES.md's table
    "alchemist": ({"gold": 1}, "action"),
    "army": ({"army": 2, "gold": 1}, "none"),
    "build": ({"stone": 1}, "action"),
    "cavalry": ({"army": 1}, "reserve"),
    "counsellor": ({"gold": 1}, "free"),
    "diplomat": ({}, "action"),
    "farming": ({"food": 1}, "reserve"),
    "general": ({"army": 1}, "benefit"),
    "gold-mine": ({"gold": 1}, "reserve"),
    "hero": ({"army": 1}, "benefit"),
    "levies": ({"army": 1}, "reserve"),
    "limes": ({"stone": 1}, "reserve"),
    "market": ({"gold": 1, "food": 1, "stone": 1}, "none"),
    "marauders": ({"army": 1}, "action"),
    "mercenary": ({}, "action"),
    "merchant": ({"gold": 1}, "benefit"),
    "militia": ({"food": 1}, "free"),
    "mystic": ({}, "free"),
    "philosopher": ({}, "action"),
    "portal": ({"food": 1}, "benefit"),
    "providence": ({}, "free"),
    "quarry": ({"stone": 1}, "reserve"),
    "queen": ({"gold": 1}, "reserve"),
    "ranger": ({"food": 1}, "reserve"),
    "reserve-army": ({"army": 1}, "reserve"),
    "ship": ({"ship": 1, "food": 1, "gold": 1}, "none"),
    "scribe": ({"gold": 1}, "reserve"),
    "warehouse": ({"food": 1}, "reserve"),
    "water-mill": ({"food": 1}, "benefit"),
}


@rules("MT-CARD-1", "MT-CARD-2", "MT-RULING-CARD-LIST", "MT-RULING-START-CARDS")
def test_card_kinds_and_starting_cards():
    cards = type(mytho()).catalog()
    kinds: dict[str, int] = {}
    for entry in cards.values():
        kinds[entry["kind"]] = kinds.get(entry["kind"], 0) + 1
    assert kinds == {"starting": 4, "province": 40, "improvement": 29, "vp": 13, "map": 1}
    assert sorted(c for c, e in cards.items() if e["kind"] == "starting") == [
        "start-army",
        "start-build",
        "start-market",
        "start-ship",
    ]
    assert cards["start-army"]["symbols"] == {"army": 2, "gold": 1}
    assert cards["start-build"]["symbols"] == {"stone": 1}
    assert cards["start-build"]["heading"] == "action"
    assert cards["start-market"]["symbols"] == {"gold": 1, "food": 1, "stone": 1}
    assert cards["start-ship"]["symbols"] == {"ship": 1, "food": 1}
    assert cards["start-ship"]["crossing"] and cards["ship"]["crossing"]
    assert not cards["army"]["crossing"]
    # Province cards carry their province's symbol (12 army, 11 food, 9 stone, 8 gold).
    symbols: dict[str, int] = {}
    for entry in cards.values():
        if entry["kind"] == "province":
            ((symbol, count),) = entry["symbols"].items()
            assert count == 1
            symbols[symbol] = symbols.get(symbol, 0) + 1
    assert symbols == {"army": 12, "food": 11, "stone": 9, "gold": 8}
    assert cards["blore"]["symbols"] == {"army": 1} and cards["palmain"]["symbols"] == {"food": 1}
    fixed = sorted(c for c, e in cards.items() if e["kind"] == "vp" and e["fixed"])
    assert fixed == ["vp-castle", "vp-city", "vp-road"]


@rules("MT-RULING-SYMBOLS", "MT-RULING-HEADINGS", "MT-CARD-3")
def test_improvement_symbols_and_headings_are_the_table():
    cards = type(mytho()).catalog()
    got = {c: (e["symbols"], e["heading"]) for c, e in cards.items() if e["kind"] == "improvement"}
    assert got == IMPROVEMENTS


@rules("MT-RULING-FIFTH-CARD", "MT-SETUP-13")
def test_the_fifth_starting_card_is_a_second_market_sharing_one_id():
    state = mytho(2).new_game()
    to_first(state)
    state.apply("first 0")
    assert state.deck[0].count("start-market") == 2 and len(state.deck[0]) == 16
    outcomes = dict(state.chance_outcomes())
    assert outcomes["draw start-market"] == pytest.approx(2 / 16)
    assert outcomes["draw start-ship"] == pytest.approx(1 / 16)
    assert sum(outcomes.values()) == pytest.approx(1)
    assert len(outcomes) == 15  # 16 cards, 15 ids


@rules("MT-CARD-3", "MT-BENEFIT-1", "MT-PLAY-1", "MT-FREE-2")
def test_headings_action_costs_an_action_free_does_not_benefit_never_alone():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"]})
    position(
        state,
        hand={0: ["militia", "hero", "general", "merchant", "water-mill", "portal"]},
        army_stock={0: 6},
    )
    plays = acts(state, "play")
    assert plays == ["play militia"]  # no benefit card is ever an action on its own
    for card in ("hero", "general", "merchant", "water-mill", "portal"):
        refused(state, f"play {card}")
    play(state, "play militia")
    assert state.actions == 0 and state.army_stock[0] == 7 and state.army_pool[0] == 13
    assert state.discard[0] == ["militia"]
    # An Action card (Marauders) is one of the two actions.
    position(state, hand={0: ["marauders"]}, armies={("trogle", 1): 2})
    play(state, "play marauders trogle 1")
    assert state.actions == 1 and state.armies[at("trogle")][1] == 1


@rules("MT-CARD-4", "MT-RULING-COMPLETE", "MT-TURN-6")
def test_one_use_per_card_province_card_and_build_card():
    # Palmain (a food card) played to invade from cannot also feed the army.
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"]})
    position(state, hand={0: ["palmain", "start-army"]})
    assert acts(state, "invade") == []
    position(state, hand={0: ["palmain", "start-army", "iracund"]})
    assert "invade blore palmain" in acts(state, "invade")
    # A Build card played for its action gives no stone: a city (2 stone) needs two more.
    position(state, hand={0: ["start-build", "palmain", "start-market"]})
    assert acts(state, "play start-build city") == []
    assert acts(state, "play start-build castle") == ["play start-build castle palmain"]
    position(state, hand={0: ["start-build", "palmain", "start-market", "quean"]})
    assert "play start-build city palmain" in acts(state, "play start-build city")
    # Start-market has food, gold and stone, but gives one of them per play.
    position(state, hand={0: ["start-build", "palmain", "start-market"]})
    play(state, "play start-build castle palmain")
    assert state.legal_actions() == ["pay start-market stone"]
    play(state, "pay start-market stone")
    assert state.castle[at("palmain")]
    assert state.pending is None and sorted(state.discard[0]) == [
        "palmain",
        "start-build",
        "start-market",
    ]


@rules("MT-CARD-5", "MT-CARD-6")
def test_played_cards_go_to_the_discard_pile_and_province_cards_act_for_their_own_province():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle", "blore"]})
    # Seat 1 has invaded Palmain: its card still serves seat 0, even to invade from.
    position(
        state,
        hand={0: ["palmain", "start-army", "start-market", "start-build"]},
        discard={0: []},
        armies={("palmain", 1): 2},
    )
    assert "invade iracund palmain" in acts(state, "invade")
    # The Palmain card builds in Palmain, not in Scombroid (no road).
    builds = acts(state, "play start-build")
    assert builds == ["play start-build castle palmain"]
    play(state, "invade iracund palmain", "pay start-army army", "pay start-market food", "done")
    assert state.discard[0] == ["palmain", "start-army", "start-market"]
    assert state.hand[0] == ["start-build"]
    assert state.armies[at("iracund")][0] == 2


# --- victory points -----------------------------------------------------------------------------
@rules("MT-VPS-3", "MT-RULING-VP-FLOOR", "MT-VPS-1", "MT-SETUP-14")
def test_mt_ruling_vp_floor_the_token_stops_at_twelve_and_moves_on_from_there():
    # "You can never go below twelve points on the track": the token stops at 12 when red
    # loses a province with 12, and gaining one then moves it on from 12 to 15, although his
    # provinces (four) are still worth only 12.
    red = ["palmain", "scombroid", "nusus", "talion"]
    state = fresh(own={0: red, 1: ["trogle", *ISLANDS]}, first=1)
    assert [score(state, 0), score(state, 1)] == [12, 18]
    position(state, armies={("palmain", 1): 3, ("blore", 0): 5})
    play(state, "end-war palmain")  # blue takes Palmain: +3 and a Spoils of War counter
    assert state.owner[at("palmain")] == 1 and state.held[1] == (1,)
    assert [score(state, 0), score(state, 1)] == [12, 22]  # red: 12 - 3 stops at 12
    finish_turn(state)
    assert state.current == 0
    play(state, "end-war blore")  # red takes neutral Blore
    assert sum(1 for o in state.owner if o == 0) == 4
    assert score(state, 0) == 15
    assert state.view(1)["players"][0]["score"] == 15


@rules("MT-VPS-3", "MT-VPS-2", "MT-IMP-ALCHEMIST", "MT-RULING-VP-FLOOR")
def test_score_is_the_track_counters_add_and_there_is_no_upper_limit():
    state = fresh(own={0: ["palmain", "scombroid", "nusus"], 1: ["trogle", *ISLANDS]})
    assert score(state, 0) == 12  # 9, raised to the floor when the token was placed
    assert score(state, 1) == 18
    # A counter moves the token from where it stands: 12 + 1 (Patronage).
    position(state, hand={0: ["start-market", "start-army", "alchemist"]})
    play(state, "patronage", "pay start-market gold", "pay start-army gold")
    assert state.held[0] == (1,) and score(state, 0) == 13
    play(state, "play alchemist 1")  # the 1 traded for a 2: one more
    assert state.held[0] == (2,) and score(state, 0) == 14
    position(state, held={1: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3]})  # re-checked track: 18 + 30
    assert score(state, 1) == 48  # no upper limit
    assert state.view(0)["players"][1]["score"] == 48
    assert state.view(1)["players"][0]["vp_counters"] == [2]


# --- the turn -----------------------------------------------------------------------------------
@rules("MT-TURN-1", "MT-TURN-3", "MT-PASS-1", "MT-DISCARD-1")
def test_two_actions_then_end_turn_and_the_refill_to_five():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"]})
    position(
        state,
        hand={0: ["palmain", "scombroid", "start-army", "start-market", "start-ship"]},
        deck={0: ["nusus", "start-build", "start-market"]},
        discard={0: []},
    )
    before = state.view(None)
    play(state, "pass")
    after = state.view(None)
    assert state.actions == 1 and after["provinces"] == before["provinces"]
    assert after["players"] == before["players"] and state.hand[0][0] == "palmain"
    # Discard: any number of cards, then done; no replacement before the end of the turn.
    play(state, "discard palmain", "discard start-army")
    assert state.actions == 2 and state.pending is not None
    play(state, "done")
    assert state.hand[0] == ["scombroid", "start-market", "start-ship"]
    assert state.discard[0] == ["palmain", "start-army"]
    assert state.legal_actions() == ["end-turn"]  # two actions taken: nothing else
    refused(state, "pass")
    play(state, "end-turn")
    assert state.current_player == CHANCE
    assert dict(state.chance_outcomes()) == pytest.approx(
        {"draw nusus": 1 / 3, "draw start-build": 1 / 3, "draw start-market": 1 / 3}
    )
    draw(state, "nusus", "start-market")
    assert len(state.hand[0]) == 5 and state.deck[0] == ["start-build"]
    assert state.current_player == 1 and state.actions == 0


@rules("MT-TURN-3", "MT-RULING-HAND")
def test_unplayed_cards_stay_and_a_larger_hand_is_kept():
    state = fresh(players=4, own={0: ["palmain"], 1: ["trogle"], 2: ["talion"], 3: ["oxter"]})
    six = ["palmain", "start-army", "start-build", "start-market", "start-market", "start-ship"]
    position(state, hand={0: six}, deck={0: ["blore"]})
    play(state, "pass", "pass", "end-turn")
    assert state.current_player == 1  # nothing to draw: 6 cards kept, none taken
    assert state.hand[0] == sorted(six) and state.deck[0] == ["blore"]


@rules("MT-RULING-HAND", "MT-SETUP-13", "MT-TURN-3")
def test_the_fourth_players_sixth_card_is_dealt_only_at_set_up():
    state = setup(players=4)
    assert [len(h) for h in state.hand] == [5, 5, 5, 6]
    for seat in range(3):
        play(state, "pass", "pass", "end-turn")  # full hands: nothing to draw
        assert state.current_player == seat + 1
    assert len(state.hand[3]) == 6
    first, second = state.hand[3][:2]
    play(state, f"discard {first}", f"discard {second}", "done", "pass", "end-turn")
    assert state.current_player == CHANCE and state.queue[0] == ("draw", 3, 1)
    refill(state)
    assert len(state.hand[3]) == 5 and state.current_player == 0


@rules("MT-TURN-4")
def test_an_empty_draw_deck_is_refilled_from_the_discard_pile():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"]})
    position(
        state,
        hand={0: ["palmain", "scombroid", "start-army"]},
        deck={0: ["start-build"]},
        discard={0: ["nusus", "start-ship"]},
    )
    play(state, "pass", "pass", "end-turn")
    draw(state, "start-build")
    # The deck is empty: the discard pile becomes the new draw deck.
    assert state.deck[0] == ["nusus", "start-ship"] and state.discard[0] == []
    assert dict(state.chance_outcomes()) == {"draw nusus": 0.5, "draw start-ship": 0.5}
    assert state.shuffles[0] == 1
    draw(state, "start-ship")
    assert state.hand[0] == ["palmain", "scombroid", "start-army", "start-build", "start-ship"]
    assert state.deck[0] == ["nusus"] and state.current_player == 1


@rules("MT-RULING-EMPTY-DECK")
def test_with_deck_and_discard_empty_the_draws_are_skipped():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"]})
    position(state, hand={0: ["palmain", "scombroid"]}, deck={0: ["start-army"]}, discard={0: []})
    play(state, "pass", "pass", "end-turn")
    draw(state, "start-army")
    assert state.current_player == 1  # two more draws wanted, none possible
    assert state.hand[0] == ["palmain", "scombroid", "start-army"]


@rules("MT-TURN-2", "MT-DRAFT-1", "MT-CARD-5")
def test_actions_may_repeat_except_draft():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"]})
    position(
        state,
        hand={0: ["start-army", "army", "start-market", "market", "blore"]},
        discard={0: []},
    )
    play(state, "place-armies palmain", "pay start-army army", "done")
    assert "place-armies palmain" in state.legal_actions()
    play(state, "place-armies palmain", "pay army army", "done")
    assert state.armies[at("palmain")][0] == 4 and state.actions == 2
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"]})
    position(state, hand={0: ["start-market", "market", "blore"]}, discard={0: []})
    assert "draft hero" in state.legal_actions()
    play(state, "draft hero", "pay market gold")
    assert state.discard[0] == ["hero", "market"] and "hero" not in state.display
    assert len(state.display) == 15  # no replacement
    assert acts(state, "draft") == []  # still a gold card, but only one draft a turn
    refused(state, "draft limes")
    assert "buy 1 0" in state.legal_actions()


@rules("MT-TURN-5")
def test_all_fifteen_actions_can_be_offered():
    state = fresh(own={0: ["palmain", "scombroid", "nusus", "oxter", "talion"], 1: ["trogle"]})
    position(
        state,
        hand={0: ["palmain", "start-army", "diplomat", "start-market", "start-ship"]},
        reserve={0: ["market"]},
        armies={("blore", 0): 3, ("talion", 0): 2},
        ships={("serpent", 0): 1},
        held={0: [2, 2, 2, 2, 2, 2]},
    )
    for card in ("castle", "city", "road", "spoils-of-war"):
        state.counters[card] = ()
    state.invalidate_caches()
    verbs = {a.split()[0] for a in state.legal_actions()}
    assert verbs == {
        "invade",
        "place-armies",
        "remove-armies",
        "place-ships",
        "remove-ships",
        "end-war",
        "buy",
        "draft",
        "reserve",
        "discard",
        "remove",
        "play",
        "patronage",
        "pass",
        "end-game",
    }


# --- the rulebook's worked examples ---------------------------------------------------------------
def invade_targets(state: MythotopiaState, card: str, sea: bool) -> set[str]:
    found = set()
    for action in acts(state, "invade"):
        words = action.split()
        if words[2] == card and len(words) == 3 + sea and (words[-1] == "sea") == sea:
            found.add(words[1])
    return found


@rules("MT-EXAMPLE-1", "MT-RULING-EXAMPLE-SEAS", "MT-INVADE-1", "MT-INVADE-2", "MT-INVADE-4")
def test_example_palmain_invades_by_land_and_across_one_or_two_seas():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"]})
    position(state, hand={0: ["palmain", "start-army", "start-market"]})
    assert invade_targets(state, "palmain", sea=False) == {"nusus", "diclesium", "iracund", "blore"}
    assert invade_targets(state, "palmain", sea=True) == set()  # no Ship card
    position(state, hand={0: ["palmain", "start-army", "start-market", "start-ship"]})
    one_sea = invade_targets(state, "palmain", sea=True)
    assert {"ictus", "kinabra", "aporia"} <= one_sea
    assert one_sea == {"aporia", "camarine", "eagre", "ictus", "kinabra", "nesh", "oxter"}
    position(state, hand={0: ["palmain", "start-army", "start-market", "start-ship", "ship"]})
    two_seas = invade_targets(state, "palmain", sea=True) - one_sea
    assert two_seas == {"ambsace", "custus", "jeopigia", "peened"}
    assert invade_targets(state, "palmain", sea=False) == {"nusus", "diclesium", "iracund", "blore"}
    # Two crossings need two Ship cards, one each.
    play(state, "invade peened palmain sea")
    assert dict(state.pending.needs) == {"food": 1, "cross": 2}
    assert state.legal_actions() == [
        "pay ship cross",
        "pay start-army army",
        "pay start-market food",
        "pay start-ship cross",
    ]
    play(state, "pay ship cross", "pay start-ship cross", "pay start-army army")
    play(state, "pay start-market food", "done")
    assert state.armies[at("peened")][0] == 2 and state.army_stock[0] == 4
    assert state.discard[0] == sorted(
        ["palmain", "ship", "start-ship", "start-army", "start-market"]
    )


@rules("MT-EXAMPLE-2", "MT-INVADE-5", "MT-INVADE-6", "MT-INVADE-7", "MT-TERM-2", "MT-PAY-1")
def test_example_red_invades_blore_with_three_armies():
    state = fresh(own={0: RED, 1: ["trogle"]})
    position(state, hand={0: ["palmain", "start-army", "scombroid", "start-market", "nusus"]})
    play(state, "invade blore palmain")
    assert dict(state.pending.needs) == {"food": 1}  # an open border: one food
    play(state, "pay start-army army", "pay scombroid army", "pay start-market food")
    assert state.legal_actions() == ["done"]  # a further army card could follow
    play(state, "done")
    assert state.armies[at("blore")] == [3, 0] and state.army_stock[0] == 3
    assert state.hand[0] == ["nusus"]
    assert war.at_war(state, at("blore"))
    assert war.sides(state, at("blore")) == {NEUTRAL: 4, 0: 3}
    assert war.involved(state, at("blore"), 0) and not war.involved(state, at("blore"), 1)


@rules("MT-EXAMPLE-3", "MT-INVADE-6")
def test_example_red_invades_blore_with_two_one_army_cards():
    state = fresh(own={0: RED, 1: ["trogle"]})
    position(state, hand={0: ["palmain", "scombroid", "oxter", "start-market", "start-ship"]})
    play(state, "invade blore palmain", "pay scombroid army", "pay oxter army")
    assert "pay start-market food" in state.legal_actions()
    assert "done" not in state.legal_actions()  # the food is still to pay
    play(state, "pay start-market food", "done")
    assert state.armies[at("blore")][0] == 2 and state.army_stock[0] == 4
    assert state.hand[0] == ["start-ship"]


@rules("MT-EXAMPLE-4", "MT-WAR-1", "MT-WAR-2", "MT-CAPTURE-1", "MT-CAPTURE-2", "MT-CAPTURE-3")
def test_example_red_ends_the_war_in_blore_five_against_four():
    state = fresh(own={0: RED, 1: ["trogle"]})
    position(
        state,
        hand={0: ["start-army"]},
        discard={0: []},
        armies={("blore", 0): 5},
        army_stock={0: 1},
    )
    assert war.strength(state, at("blore"), 0) == 5
    assert war.neutral_strength(state, at("blore")) == 4  # rugged, but neutral: no +1
    assert war.leaders(state, at("blore")) == [0]
    assert score(state, 0) == 15
    assert "end-war blore" in state.legal_actions()
    play(state, "end-war blore")
    assert state.owner[at("blore")] == 0 and state.piece[at("blore")] == TOWN
    assert state.armies[at("blore")] == [0, 0] and state.army_stock[0] == 6
    assert state.discard[0] == ["blore"] and "blore" not in state.supply
    assert state.towns[0] == 16 - 6
    assert score(state, 0) == 18
    assert not war.at_war(state, at("blore"))


@rules("MT-EXAMPLE-5", "MT-VPS-2", "MT-CAPTURE-1", "MT-CAPTURE-3", "MT-VPS-1")
def test_example_a_captured_city_costs_the_province_not_the_counter():
    state = fresh(own={0: RED, 1: ["trogle", "margent", "iracund", "fadge", "quean"]})
    position(state, hand={0: ["start-build", "palmain", "start-market", "market"]})
    play(state, "play start-build city palmain", "pay start-market stone", "pay market stone")
    assert state.piece[at("palmain")] == CITY and state.held[0] == (2,)
    assert state.cities[0] == 3 and state.reserve_limit(0) == 3
    assert len(state.counters["city"]) == 5
    assert score(state, 0) == 15 + 2
    # Blue takes Palmain: red loses the province's 3, keeps his 2VP counter.
    position(state, armies={("palmain", 1): 3}, discard={0: [], 1: []}, hand={0: []})
    to_seat(state, 1)
    play(state, "end-war palmain")
    assert state.owner[at("palmain")] == 1 and state.piece[at("palmain")] == TOWN
    assert state.held[0] == (2,) and score(state, 0) == 14
    assert state.cities[0] == 4  # the City went back to its Reserve card space
    assert state.reserve_limit(0) == 2
    assert state.discard[1] == ["palmain"]
    assert score(state, 1) == 18 + 1  # Spoils of War too


@rules("MT-EXAMPLE-6", "MT-RULING-ARMY-EXCESS", "MT-INVADE-5", "MT-RULING-COMPLETE")
def test_example_one_counter_left_and_the_two_army_card():
    state = fresh(own={0: RED, 1: ["trogle"]})
    position(state, hand={0: ["palmain", "start-army", "army", "start-market"]}, army_stock={0: 1})
    play(state, "invade blore palmain", "pay start-market food")
    play(state, "pay start-army army")
    # The cap (one counter) is reached: the invasion resolves at once, one army placed.
    assert state.pending is None
    assert state.armies[at("blore")][0] == 1 and state.army_stock[0] == 0
    assert state.hand[0] == ["army"]
    # No counter left: no invasion and no Place armies is offered.
    assert acts(state, "invade") == [] and acts(state, "place-armies") == []
    refused(state, "invade iracund palmain")


@rules("MT-RULING-ARMY-EXCESS", "MT-INVADE-5", "MT-INVADE-7", "MT-ARMIES-1")
def test_mt_ruling_army_excess_symbols_never_exceed_the_counters_but_for_one_army_card():
    # "You must have sufficient Army counters available to match the number of symbols
    # played ... unless you only have one counter left and you played an Army card."
    # Three counters: after a two-army card, another two-army card (four symbols) is refused;
    # a one-army card makes exactly three.
    state = fresh(own={0: RED, 1: ["trogle"]})
    hand = ["palmain", "start-army", "army", "start-market", "scombroid"]
    position(state, hand={0: hand}, army_stock={0: 3})
    play(state, "invade blore palmain", "pay start-market food", "pay start-army army")
    assert state.legal_actions() == ["done", "pay scombroid army"]
    refused(state, "pay army army")
    play(state, "pay scombroid army")
    assert state.pending is None and state.armies[at("blore")][0] == 3
    assert state.army_stock[0] == 0 and state.hand[0] == ["army"]
    # Two counters: a two-army card fits exactly; a one-army card then has no room.
    state = fresh(own={0: RED, 1: ["trogle"]})
    position(state, hand={0: ["army", "scombroid", "talion"]}, army_stock={0: 2})
    play(state, "place-armies palmain", "pay scombroid army")
    assert state.legal_actions() == ["done", "pay talion army"]  # not the two-army card
    play(state, "pay talion army")
    assert state.pending is None and state.armies[at("palmain")][0] == 2
    # One counter: the exception is for the Army card alone, also when placing armies.
    state = fresh(own={0: RED, 1: ["trogle"]})
    position(state, hand={0: ["army", "scombroid"]}, army_stock={0: 1})
    play(state, "place-armies palmain")
    assert state.legal_actions() == ["pay army army", "pay scombroid army"]
    play(state, "pay army army")
    assert state.pending is None and state.armies[at("palmain")][0] == 1
    assert state.army_stock[0] == 0


# --- invading -----------------------------------------------------------------------------------
@rules("MT-INVADE-1", "MT-INVADE-2", "MT-INVADE-3", "MT-TERRAIN-2")
def test_invasion_targets_never_own_never_across_mountains():
    state = fresh(own={0: ["diclesium", "palmain"], 1: ["iracund", "trogle"]})
    position(state, hand={0: ["diclesium", "start-army", "start-market"]})
    # Diclesium: Talion, Nusus by land; Palmain is his own; Fadge and Iracund across mountains.
    assert invade_targets(state, "diclesium", sea=False) == {"talion", "nusus"}
    refused(state, "invade iracund diclesium")
    refused(state, "invade fadge diclesium")
    refused(state, "invade palmain diclesium")
    refused(state, "invade blore diclesium")  # does not border Diclesium
    # Trogle (seat 1) borders Margent only across mountains: Blore is his one land target.
    to_seat(state, 1)
    position(state, hand={1: ["trogle", "start-army", "start-market"]})
    assert invade_targets(state, "trogle", sea=False) == {"blore"}
    # From Iracund: Palmain (seat 0's), Fadge, Quean, Blore; Diclesium is across mountains.
    position(state, hand={1: ["iracund", "start-army", "start-market"]})
    assert invade_targets(state, "iracund", sea=False) == {"palmain", "fadge", "quean", "blore"}


@rules("MT-INVADE-6", "MT-TERRAIN-1", "MT-RULING-SYMBOL-COUNT", "MT-PAY-2", "MT-PAY-4")
def test_a_hill_border_costs_two_food_paid_by_symbols():
    state = fresh(own={0: ["quean", "sorner"], 1: ["trogle"]})
    position(state, hand={0: ["quean", "start-army", "market"]})
    assert invade_targets(state, "quean", sea=False) == {"iracund", "fadge", "lea", "eoan"}
    refused(state, "invade blore quean")  # Quean-Blore is hills: one food is not enough
    position(state, hand={0: ["quean", "start-army", "market", "start-market"]})
    assert "invade blore quean" in state.legal_actions()
    # One card doubled by Water Mill gives the two food symbols.
    position(state, hand={0: ["quean", "start-army", "market", "water-mill"]})
    play(state, "invade blore quean")
    assert dict(state.pending.needs) == {"food": 2}
    assert "pay market food water-mill" in state.legal_actions()
    play(state, "pay market food water-mill")
    assert state.pending.needs == ()
    # The food is met: no card is accepted for it any more.
    assert state.legal_actions() == ["pay start-army army"]
    play(state, "pay start-army army", "done")
    assert state.armies[at("blore")][0] == 2
    assert state.discard[0] == ["market", "quean", "start-army", "water-mill"]


@rules("MT-RULING-ROUTE", "MT-INVADE-4", "MT-INVADE-6", "MT-RULING-COMPLETE")
def test_sea_route_only_without_an_open_border_and_one_food():
    state = fresh(own={0: ["nesh", "scombroid"], 1: ["trogle"]})
    position(state, hand={0: ["nesh", "start-army", "start-ship", "market"]})
    # Nesh-Ictus is hills: by land (two food) or by sea (one food and a Ship card);
    # Nesh-Jeopigia is open: by land only.
    assert "invade ictus nesh sea" in state.legal_actions()
    assert "invade jeopigia nesh" in state.legal_actions()
    refused(state, "invade jeopigia nesh sea")
    by_land = state.clone()
    play(by_land, "invade ictus nesh")
    assert dict(by_land.pending.needs) == {"food": 2}
    play(state, "invade ictus nesh sea")
    assert dict(state.pending.needs) == {"food": 1, "cross": 1}
    # start-ship is the only Ship card: paying its food would leave the crossing unpaid, so
    # only its crossing is offered (MT-RULING-COMPLETE).
    assert state.legal_actions() == [
        "pay market food",
        "pay start-army army",
        "pay start-ship cross",
    ]
    play(state, "pay start-ship cross", "pay market food", "pay start-army army", "done")
    assert state.armies[at("ictus")][0] == 2
    # Mountains never block a sea route: no pair across mountains shares a sea here.
    b = board()
    for p in range(40):
        for q, kind in b.land_neighbours(p):
            if kind == "mountains":
                assert not set(b.province_seas[p]) & set(b.province_seas[q])


@rules("MT-RULING-ROUTE-OFFER", "MT-ROAD-3")
def test_only_the_cheapest_land_and_sea_origin_is_offered():
    state = fresh(own={0: ["quean", "iracund"], 1: ["trogle"]})
    position(state, hand={0: ["quean", "start-army", "market"]}, roads=[("quean", "iracund")])
    # Through the road, Quean's card may invade from Iracund: Blore across the open
    # Iracund border (one food) instead of Quean's hills (two).
    blore = acts(state, "invade blore")
    assert blore == ["invade blore quean iracund"]
    play(state, "invade blore quean iracund")
    assert dict(state.pending.needs) == {"food": 1}
    # Palmain and Scombroid both border Blore openly: the tie goes to the lower id, Palmain.
    # Margent borders Scombroid only, Iracund Palmain only.
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"]})
    position(
        state, hand={0: ["scombroid", "start-army", "market"]}, roads=[("palmain", "scombroid")]
    )
    assert acts(state, "invade blore") == ["invade blore scombroid palmain"]
    assert "invade margent scombroid" in state.legal_actions()
    assert "invade iracund scombroid palmain" in state.legal_actions()


@rules("MT-RULING-ROUTE-OFFER", "MT-IMP-RANGER", "MT-RULING-RESERVE-USE", "MT-ROAD-3")
def test_mt_ruling_route_offer_a_road_never_takes_away_an_invasion_ranger_could_pay():
    # Galingale borders Hatchel across hills and Kakopyge openly. Ranger in the Reserve makes
    # the hills free but then cannot pay its own food in that invasion; red's only food is
    # Ranger's. From Kakopyge (open border) Ranger pays the food.
    hand = ["kakopyge", "start-army"]
    state = fresh(own={0: ["hatchel", "kakopyge"], 1: ["trogle"]})
    position(state, hand={0: hand}, reserve={0: ["ranger"]})
    assert acts(state, "invade galingale") == ["invade galingale kakopyge"]
    # A road Hatchel-Kakopyge joins them in one network: both origins cost one food, and the
    # origin that leaves Ranger free to pay is the one offered, whatever the ids' order.
    position(state, roads=[("hatchel", "kakopyge")])
    assert acts(state, "invade galingale") == ["invade galingale kakopyge"]
    play(state, "invade galingale kakopyge")
    assert state.pending.locked == () and dict(state.pending.needs) == {"food": 1}
    play(state, "pay reserve ranger food", "pay start-army army", "done")
    assert state.armies[at("galingale")][0] == 2 and state.reserve[0] == []
    # Holding Hatchel's card instead: through the road it invades from Kakopyge too.
    state = fresh(own={0: ["hatchel", "kakopyge"], 1: ["trogle"]})
    position(
        state,
        hand={0: ["hatchel", "start-army"]},
        reserve={0: ["ranger"]},
        roads=[("hatchel", "kakopyge")],
    )
    assert acts(state, "invade galingale") == ["invade galingale hatchel kakopyge"]


@rules("MT-INVADE-7", "MT-INVADE-8", "MT-TERM-2", "MT-RULING-INVOLVED")
def test_several_players_invade_one_province_and_board_counters_cannot_be_used():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"], 2: ["iracund"]}, players=3)
    position(
        state,
        hand={0: ["palmain", "start-army", "market"]},
        armies={("blore", 1): 2, ("palmain", 0): 4},
        army_stock={0: 0},
    )
    # Four armies in Palmain, none in stock: no invasion.
    assert acts(state, "invade") == []
    position(state, army_stock={0: 2})
    play(state, "invade blore palmain", "pay start-army army", "pay market food")
    assert state.armies[at("blore")] == [2, 2, 0] and state.armies[at("palmain")][0] == 4
    assert war.invaders(state, at("blore")) == [0, 1]
    assert war.sides(state, at("blore")) == {NEUTRAL: 4, 0: 2, 1: 2}  # not enough to win
    assert war.involved(state, at("blore"), 1) and not war.involved(state, at("blore"), 2)
    # A player defender is involved even with no armies in the province.
    position(state, armies={("iracund", 1): 1})
    assert war.involved(state, at("iracund"), 2) and war.involved(state, at("iracund"), 1)
    assert not war.involved(state, at("iracund"), 0)
    to_seat(state, 2)
    assert acts(state, "end-war") == ["end-war iracund"]  # he loses it (0 against 1)
    # Armies in one's own province make no war.
    assert not war.at_war(state, at("palmain"))


# --- wars ---------------------------------------------------------------------------------------
@rules("MT-WAR-1", "MT-FREE-1", "MT-RULING-FREE-TIMING")
def test_end_a_war_only_as_the_first_action_and_never_after_a_free_action():
    def war_state() -> MythotopiaState:
        state = fresh(own={0: RED, 1: ["trogle"]})
        position(
            state,
            hand={0: ["militia", "start-market"]},
            armies={("blore", 0): 5, ("iracund", 0): 3},
        )
        return state

    state = war_state()
    assert acts(state, "end-war") == ["end-war blore", "end-war iracund"]
    play(state, "end-war blore")
    assert state.actions == 1
    # Once a turn, and never as the second action, though Iracund (3 against 2) could end.
    assert acts(state, "end-war") == []
    refused(state, "end-war iracund")
    state = war_state()
    play(state, "pass")
    refused(state, "end-war blore")
    state = war_state()
    play(state, "play militia")  # a free action first: End a war is now illegal
    assert state.actions == 0 and acts(state, "end-war") == []
    refused(state, "end-war blore")


@rules("MT-WAR-2", "MT-WAR-3", "MT-RULING-HERO")
def test_a_war_ends_only_with_a_single_strongest_side_and_sides_never_combine():
    state = fresh(players=3, own={0: ["palmain", "scombroid"], 1: ["trogle"], 2: ["iracund"]})
    position(state, hand={0: ["start-market"]}, armies={("blore", 0): 3, ("blore", 1): 3})
    # 3 and 3 against neutral Blore's 4: the neutral is the single highest (not 6 against 4).
    assert war.sides(state, at("blore")) == {NEUTRAL: 4, 0: 3, 1: 3}
    assert war.leaders(state, at("blore")) == [NEUTRAL]
    assert acts(state, "end-war") == ["end-war blore"]  # any involved player may end it
    play(state, "end-war blore")
    assert state.owner[at("blore")] == NEUTRAL and state.armies[at("blore")] == [0, 0, 0]
    assert state.army_stock[:2] == [9, 9]
    # A tie for the highest: no clear winner, not offered (Hero aside).
    state = fresh(players=3, own={0: ["palmain", "scombroid"], 1: ["trogle"], 2: ["iracund"]})
    position(state, hand={0: ["start-market"]}, armies={("blore", 0): 4, ("blore", 1): 2})
    assert war.leaders(state, at("blore")) == [NEUTRAL, 0]
    refused(state, "end-war blore")
    # Hero: only for a player among those tied.
    position(state, hand={0: ["hero"]})
    assert acts(state, "end-war") == ["end-war blore hero"]
    position(state, armies={("blore", 0): 3})
    assert acts(state, "end-war") == ["end-war blore"]  # neutral 4 wins: no tie to break
    refused(state, "end-war blore hero")
    position(state, armies={("blore", 0): 2, ("blore", 1): 4})
    assert acts(state, "end-war") == []  # tied are the neutral and seat 1, not seat 0
    position(state, armies={("blore", 0): 4, ("blore", 1): 4})
    to_seat(state, 2)  # green is not involved in Blore's war: he cannot end it
    position(state, hand={2: ["hero", "start-market"]})
    assert acts(state, "end-war") == []
    refused(state, "end-war blore")
    to_seat(state, 0)
    play(state, "end-war blore hero")
    assert state.owner[at("blore")] == 0 and "hero" in state.discard[0]


@rules("MT-STRENGTH-1", "MT-RULING-SHIPS-EVERY-WAR", "MT-SHIPS-2")
def test_armies_mercenaries_and_ships_in_every_bordering_sea_count_in_every_war():
    state = fresh(players=3, own={0: ["palmain", "scombroid"], 1: ["oxter"], 2: ["eagre"]})
    position(
        state,
        armies={("nusus", 0): 2, ("camarine", 0): 1, ("nusus", 1): 1, ("blore", 0): 1},
        ships={("serpent", 0): 2, ("beast", 0): 1, ("serpent", 1): 3, ("inland1", 0): 4},
    )
    state.mercs[at("nusus")][0] = 1
    # Nusus touches the Serpent Sea: 2 armies + 1 mercenary + 2 ships.
    assert war.strength(state, at("nusus"), 0) == 5
    assert war.strength(state, at("nusus"), 1) == 1 + 3
    # Camarine touches the Beast and Serpent Seas: the same two Serpent ships count here too,
    # at the same time, with the Beast ship; Inland Sea West ships count in neither.
    assert war.strength(state, at("camarine"), 0) == 1 + 2 + 1
    # Blore touches no sea.
    assert war.strength(state, at("blore"), 0) == 1
    # Ships of several players share a sea and never fight.
    assert state.ships[S_INDEX["serpent"]] == [2, 3, 0]
    view = state.view(2)["provinces"][at("nusus")]
    assert view["strengths"] == {"-1": 2, "0": 5, "1": 4}


@rules("MT-STRENGTH-2", "MT-TERRAIN-3", "MT-STRENGTH-4", "MT-RULING-NEUTRAL-CASTLE")
def test_castle_citadel_and_rugged_terrain_for_the_defender_only():
    state = fresh(own={0: ["blore", "palmain", "nusus"], 1: ["trogle", "iracund"]})
    position(state, armies={("blore", 1): 2, ("palmain", 1): 2, ("nusus", 0): 1})
    # Blore is rugged: +1 to the player defending it; not to an invader.
    assert war.strength(state, at("blore"), 0) == 1
    assert war.strength(state, at("blore"), 1) == 2
    position(state, castles=["blore", "palmain"])
    assert war.strength(state, at("blore"), 0) == 3
    assert war.strength(state, at("palmain"), 0) == 2
    # Seat 0 invading a province with a castle gets nothing from it.
    position(state, armies={("iracund", 0): 1}, castles=["iracund"])
    assert war.strength(state, at("iracund"), 0) == 1 and war.strength(state, at("iracund"), 1) == 2
    # A Citadel adds 2 like a castle.
    state.piece[at("nusus")] = CITADEL
    position(state, armies={("nusus", 1): 1, ("nusus", 0): 0})
    assert war.strength(state, at("nusus"), 0) == 2
    # Neutral: the circle value, rugged already in it, +4 with a dragon.
    for p, value in (("trogle", 3), ("welkin", 4), ("talion", 3), ("aporia", 2)):
        assert war.neutral_strength(state, at(p)) == value == board().neutral_strength[at(p)]
    assert board().rugged[at("welkin")] and not board().rugged[at("talion")]
    state.dragons.add(at("talion"))
    assert war.neutral_strength(state, at("talion")) == 7
    position(state, armies={("talion", 0): 8})
    assert war.sides(state, at("talion")) == {NEUTRAL: 7, 0: 8}


@rules("MT-RULING-NEUTRAL-CASTLE", "MT-STRENGTH-4", "MT-CAPTURE-4", "MT-CAPTURE-5")
def test_mt_ruling_neutral_castle_a_castle_adds_nothing_to_a_neutral_province():
    # A castle stays when control changes (MT-CAPTURE-4); an invader without a Town leaves
    # the province neutral with its castle (MT-CAPTURE-5). The castle's +2 is for "you ...
    # the defender" (a player); a neutral province's strength is its circle (+4 a dragon).
    state = fresh(own={0: ["palmain"], 1: ["talion", "trogle"]})
    position(state, castles=["talion"], armies={("talion", 0): 4})
    state.towns[0] = 0
    assert war.strength(state, at("talion"), 1) == 2  # Seat 1 defends: the castle counts
    war.resolve_war(state, at("talion"), 0)
    assert state.owner[at("talion")] == NEUTRAL and state.castle[at("talion")]
    assert war.neutral_strength(state, at("talion")) == 3 == board().neutral_strength[at("talion")]
    position(state, armies={("talion", 0): 4})
    state.invalidate_caches()
    assert war.sides(state, at("talion")) == {NEUTRAL: 3, 0: 4}
    assert war.leaders(state, at("talion")) == [0]
    state.dragons.add(at("talion"))
    assert war.sides(state, at("talion")) == {NEUTRAL: 7, 0: 4}


@rules("MT-STRENGTH-3", "MT-RULING-PATHFINDER")
def test_reserve_bonuses_cavalry_limes_ranger():
    state = fresh(own={0: ["blore", "palmain"], 1: ["iracund", "quean"]})
    position(state, armies={("blore", 1): 2, ("iracund", 0): 2, ("quean", 0): 1})
    base = {
        ("blore", 0): 1,  # defending, rugged
        ("blore", 1): 2,
        ("iracund", 0): 2,
        ("iracund", 1): 0,
        ("quean", 0): 1,
        ("quean", 1): 1,  # defending, rugged
    }
    for (p, s), v in base.items():
        assert war.strength(state, at(p), s) == v
    position(state, reserve={0: ["cavalry"], 1: ["limes"]})
    assert war.strength(state, at("iracund"), 0) == 3  # Cavalry: +1 as invader
    assert war.strength(state, at("blore"), 0) == 1  # not as defender
    assert war.strength(state, at("iracund"), 1) == 1  # Limes: +1 as defender
    assert war.strength(state, at("blore"), 1) == 2  # not as invader
    position(state, reserve={0: ["ranger"], 1: ["ranger"]})
    # Ranger: +1 in rugged terrain, attacking or defending; Iracund is not rugged.
    assert war.strength(state, at("blore"), 0) == 2
    assert war.strength(state, at("blore"), 1) == 3
    assert war.strength(state, at("quean"), 0) == 2 and war.strength(state, at("quean"), 1) == 2
    assert war.strength(state, at("iracund"), 0) == 2


# --- captures -----------------------------------------------------------------------------------
@rules(
    "MT-CAPTURE-1",
    "MT-CAPTURE-2",
    "MT-CAPTURE-4",
    "MT-CAPTURE-7",
    "MT-RULING-CARD-LOCATION",
    "MT-HIDDEN-3",
)
def test_capture_from_the_hand_the_loser_draws_a_replacement_castle_and_road_stay():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["blore", "trogle", "margent"]})
    position(
        state,
        hand={0: ["start-army"], 1: ["blore", "start-army"]},
        deck={1: ["start-ship", "trogle"]},
        discard={0: [], 1: []},
        armies={("blore", 0): 6, ("blore", 1): 1},
        castles=["blore"],
        roads=[("blore", "trogle")],
        ships={("serpent", 0): 2},
    )
    state.mercs[at("blore")][0] = 1
    state.mercs_left = 7
    assert war.sides(state, at("blore")) == {1: 1 + 2 + 1, 0: 7}
    play(state, "end-war blore")
    # Blue drew a replacement for the Blore card taken from his hand (a hidden draw).
    assert state.current_player == CHANCE and state.queue[0] == ("draw", 1, 1)
    draw(state, "trogle")
    assert state.hand[1] == ["start-army", "trogle"] and state.discard[0] == ["blore"]
    assert state.view(0)["log"][-1] == "draw ?" and state.view(1)["log"][-1] == "draw trogle"
    assert state.owner[at("blore")] == 0 and state.piece[at("blore")] == TOWN
    assert state.towns[1] == 16 - 3 + 1
    assert state.castle[at("blore")]
    assert (at("blore"), at("trogle")) in state.roads
    # Every army home, the mercenary to the supply, ships stay.
    assert state.armies[at("blore")] == [0, 0]
    assert state.army_stock == [12, 7] and state.mercs[at("blore")] == [0, 0]
    assert state.mercs_left == 8
    assert state.ships[S_INDEX["serpent"]] == [2, 0]
    assert state.current_player == 0 and state.actions == 1


@rules("MT-CAPTURE-2", "MT-RULING-CARD-LOCATION", "MT-TURN-4")
def test_the_replacement_draw_reshuffles_the_losers_discard_pile_if_needed():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["blore", "trogle", "margent"]})
    position(
        state,
        hand={0: ["start-army"], 1: ["blore", "start-army"]},
        deck={1: []},
        discard={1: ["margent", "start-ship"]},
        armies={("blore", 0): 6},
    )
    play(state, "end-war blore")
    assert state.deck[1] == ["margent", "start-ship"] and state.discard[1] == []
    assert dict(state.chance_outcomes()) == {"draw margent": 0.5, "draw start-ship": 0.5}
    draw(state, "start-ship")
    assert state.hand[1] == ["start-army", "start-ship"] and state.current_player == 0


@rules("MT-CAPTURE-2", "MT-RULING-CARD-LOCATION")
@pytest.mark.parametrize("where", ["deck", "discard", "reserve", "supply"])
def test_capture_takes_the_card_wherever_it_is_without_replacement(where):
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["blore", "trogle", "margent"]})
    piles: dict[str, list[str]] = {"deck": [], "discard": [], "reserve": []}
    if where != "supply":
        piles[where] = ["blore"]
    else:
        state.supply.append("blore")
        state.supply.sort()
    position(
        state,
        hand={0: ["start-army"], 1: ["start-ship"]},
        deck={1: ["trogle", *piles["deck"]]},
        discard={0: [], 1: piles["discard"]},
        reserve={1: piles["reserve"]},
        armies={("blore", 0): 6},
    )
    play(state, "end-war blore")
    assert state.current_player == 0  # no replacement draw
    assert state.discard[0] == ["blore"]
    for pile in (state.deck[1], state.discard[1], state.reserve[1], state.hand[1], state.supply):
        assert "blore" not in pile
    assert state.deck[1] == ["trogle"] and state.hand[1] == ["start-ship"]


@rules("MT-CAPTURE-1", "MT-RULING-CITADEL-RESERVE", "MT-RESERVE-4")
def test_a_captured_citadel_goes_to_its_reserve_space_for_good():
    state = fresh(
        own={0: ["palmain", "scombroid"], 1: ["trogle", "margent"]},
        vp_cards=["citadel", "patronage", "spoils-of-war", "roadside-inns"],
        citadels={0: "palmain", 1: "trogle"},
    )
    assert state.piece[at("trogle")] == CITADEL and state.reserve_limit(1) == 3
    position(
        state,
        hand={0: ["start-army"]},
        reserve={1: ["limes", "hero", "cavalry"]},
        armies={("trogle", 0): 7},
    )
    # Trogle is rugged: 2 (citadel) + 1 (rugged) + 1 (Limes).
    assert war.strength(state, at("trogle"), 1) == 4
    play(state, "end-war trogle")
    assert state.owner[at("trogle")] == 0 and state.piece[at("trogle")] == TOWN
    assert state.citadel[1] == 2 and state.view(0)["players"][1]["citadel"] == "captured"
    assert state.held[0] == (1, 3)  # Spoils of War and the Citadel counter
    # A lower limit removes nothing: three cards stay in a Reserve of two.
    assert state.reserve_limit(1) == 2 and state.reserve[1] == ["cavalry", "hero", "limes"]


@rules("MT-CAPTURE-1", "MT-CAPTURE-3")
def test_dragon_and_runestone_are_put_aside_and_their_counters_taken():
    state = fresh(
        own={0: RED, 1: ["trogle"]},
        vp_cards=["here-be-dragons", "runestones", "patronage", "spoils-of-war"],
        dragons=["blore", "welkin", "lea", "ogdoad", "mome"],
        runestones=["iracund", "darb", "grimp", "fadge", "sorner"],
    )
    position(state, hand={0: ["start-army"]}, armies={("blore", 0): 9})
    assert war.sides(state, at("blore")) == {NEUTRAL: 8, 0: 9}
    play(state, "end-war blore")
    assert at("blore") not in state.dragons and len(state.dragons) == 4
    assert state.held[0] == (2,) and len(state.counters["here-be-dragons"]) == 2
    assert score(state, 0) == 18 + 2
    finish_turn(state)
    finish_turn(state)
    position(state, armies={("iracund", 0): 3})
    play(state, "end-war iracund")
    assert at("iracund") not in state.runestones and state.held[0] == (2, 2)
    assert len(state.counters["runestones"]) == 3
    assert len(state.counters["spoils-of-war"]) == 6  # both were neutral


@rules("MT-CAPTURE-5", "MT-RULING-NO-TOWN")
def test_an_invader_with_no_town_left_scores_nothing_and_the_province_turns_neutral():
    state = fresh(own={0: RED, 1: ["blore", "trogle", "margent", "iracund", "fadge"]})
    position(
        state,
        hand={0: ["start-army"], 1: ["start-ship"]},
        deck={1: ["trogle"]},
        discard={0: [], 1: ["blore"]},
        armies={("blore", 0): 6},
    )
    state.towns[0] = 0
    state.dragons.add(at("blore"))
    assert score(state, 0) == 15 and score(state, 1) == 15
    play(state, "end-war blore")
    assert state.owner[at("blore")] == NEUTRAL and state.piece[at("blore")] == NONE
    assert "blore" in state.supply and state.discard == [[], []]
    assert score(state, 0) == 15 and score(state, 1) == 12
    assert state.held == [(), ()]  # no Spoils of War
    assert state.towns == [0, 16 - 5 + 1]
    assert at("blore") in state.dragons  # the dragon stays
    assert state.armies[at("blore")] == [0, 0] and state.army_stock[0] == 12
    # A neutral province won with no Town: it stays neutral, armies cleared.
    position(state, armies={("diclesium", 0): 6})
    finish_turn(state)
    finish_turn(state)
    play(state, "end-war diclesium")
    assert state.owner[at("diclesium")] == NEUTRAL and "diclesium" in state.supply
    assert state.armies[at("diclesium")] == [0, 0] and state.discard[0] == []


@rules("MT-CAPTURE-6", "MT-CAPTURE-7", "MT-RULING-DEFENDER")
def test_the_defender_winning_changes_nothing_and_takes_defender_of_the_realm():
    state = fresh(own={0: RED, 1: ["blore", "trogle", "margent", "iracund", "fadge"]})
    position(
        state,
        hand={0: ["start-army"], 1: ["blore", "start-ship"]},
        discard={0: [], 1: []},
        armies={("blore", 0): 2, ("blore", 1): 1},
        ships={("serpent", 0): 1},
    )
    # Blue: 1 army + 1 rugged = 2; red 2: a tie, no end-war; one more blue army ends it.
    assert war.leaders(state, at("blore")) == [0, 1]
    position(state, armies={("blore", 1): 2})
    play(state, "end-war blore")  # red ends a war he loses
    assert state.owner[at("blore")] == 1 and state.piece[at("blore")] == TOWN
    assert state.hand[1] == ["blore", "start-ship"] and state.discard == [[], []]
    assert state.armies[at("blore")] == [0, 0] and state.army_stock == [8, 8]
    assert state.ships[S_INDEX["serpent"]] == [1, 0]
    # Blue defended against a player: a Defender of the Realm counter (whoever ended it).
    assert state.held[1] == (1,) and len(state.counters["defender-of-the-realm"]) == 5
    assert score(state, 1) == 16 and score(state, 0) == 15


# --- place and remove armies and ships ----------------------------------------------------------
@rules("MT-ARMIES-1", "MT-ARMIES-2", "MT-TURN-6")
def test_place_armies_where_you_control_free_or_where_you_invaded_for_one_food():
    state = fresh(own={0: ["quean", "palmain"], 1: ["trogle", "iracund"]})
    position(
        state,
        hand={0: ["start-army", "army", "quean"]},
        armies={("blore", 0): 2, ("iracund", 0): 1},
    )
    # No food card: only his own provinces.
    assert acts(state, "place-armies") == ["place-armies palmain", "place-armies quean"]
    refused(state, "place-armies blore")
    refused(state, "place-armies talion")  # neither controlled nor invaded
    position(state, hand={0: ["start-army", "army", "palmain"]})
    assert acts(state, "place-armies") == [
        "place-armies blore",
        "place-armies iracund",
        "place-armies palmain",
        "place-armies quean",
    ]
    # Blore was invaded across Quean's hills: still one food, no Province card needed.
    play(state, "place-armies blore")
    assert dict(state.pending.needs) == {"food": 1}
    play(state, "pay palmain food", "pay army army", "pay start-army army")
    assert state.legal_actions() == ["done"]  # 4 of 6 counters: he says when he is done
    play(state, "done")
    assert state.armies[at("blore")][0] == 6 and state.army_stock[0] == 2
    # In a province he controls: no food.
    position(state, hand={0: ["start-army"]})
    play(state, "place-armies quean")
    assert state.pending.needs == ()
    play(state, "pay start-army army")
    assert state.armies[at("quean")][0] == 2 and state.army_stock[0] == 0


@rules("MT-ARMIES-3", "MT-RULING-INVOLVED", "MT-IMP-MERCENARY")
def test_remove_armies_never_from_a_war_mercenaries_only_when_named():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle", "blore"]})
    position(
        state,
        hand={0: ["start-market"]},
        armies={("palmain", 0): 3, ("scombroid", 0): 1, ("blore", 0): 2, ("scombroid", 1): 1},
        army_stock={0: 0},
    )
    state.mercs[at("palmain")][0] = 1
    state.mercs_left = 7
    state.invalidate_caches()
    removals = acts(state, "remove-armies")
    assert "remove-armies palmain 3 1" in removals and "remove-armies palmain 0 1" in removals
    assert len([a for a in removals if " palmain " in a]) == 7
    assert not any(" blore " in a or " scombroid " in a for a in removals)  # both at war
    refused(state, "remove-armies blore 2 0")
    refused(state, "remove-armies scombroid 1 0")
    play(state, "remove-armies palmain 2 0")
    assert state.armies[at("palmain")][0] == 1 and state.army_stock[0] == 2
    assert state.mercs[at("palmain")][0] == 1
    play(state, "remove-armies palmain 1 0")
    # The last army gone: his Mercenary stays ("removed ... either alone or along with regular
    # Army counters": only those the action names).
    assert state.mercs[at("palmain")][0] == 1 and state.mercs_left == 7
    assert state.army_stock[0] == 3 and state.armies[at("palmain")][0] == 0


@rules("MT-SHIPS-1", "MT-SHIPS-3", "MT-TERRAIN-4", "MT-SHIPS-2")
def test_place_ships_next_to_a_province_you_control_and_remove_them_freely():
    state = fresh(own={0: ["palmain", "peened"], 1: ["trogle", "scombroid"]})
    position(state, hand={0: ["start-ship", "ship", "start-market"]}, ships={("serpent", 1): 2})
    # Palmain: Serpent Sea; Peened: Beast Sea and Inland Sea West. Not Inland Sea East.
    assert acts(state, "place-ships") == [
        "place-ships beast",
        "place-ships inland1",
        "place-ships serpent",
    ]
    refused(state, "place-ships inland2")
    play(state, "place-ships serpent", "pay start-ship ship", "pay ship ship")
    assert state.pending is None  # both Ship counters in stock placed: the cap
    assert state.ships[S_INDEX["serpent"]] == [2, 2] and state.ship_stock[0] == 0
    # Only Ship counters go to sea: no army action names a sea area.
    assert not any(a.split()[1] in S_INDEX for a in acts(state, "place-armies"))
    play(state, "remove-ships serpent 1")
    assert state.ships[S_INDEX["serpent"]] == [1, 2] and state.ship_stock[0] == 1
    assert state.actions == 2
    finish_turn(state)
    finish_turn(state)
    # Removing needs no card: an empty hand can still do it.
    position(state, hand={0: []})
    assert acts(state, "remove-ships") == ["remove-ships serpent 1"]


# --- buy, draft, reserve, discard, remove, patronage --------------------------------------------
@rules("MT-BUY-1", "MT-PAY-1", "MT-PAY-2")
def test_buy_armies_for_one_gold_ships_for_two_within_the_pool():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"]})
    position(state, hand={0: ["start-army", "market", "start-market"]})
    assert acts(state, "buy") == ["buy 0 1", "buy 1 0", "buy 1 1", "buy 2 0", "buy 3 0"]
    play(state, "buy 1 1", "pay start-army gold", "pay market gold")
    assert state.legal_actions() == ["pay start-market gold"]
    play(state, "pay start-market gold")
    assert state.army_stock[0] == 7 and state.army_pool[0] == 13
    assert state.ship_stock[0] == 3 and state.ship_pool[0] == 5
    # The pool limits the purchase.
    position(state, hand={0: ["start-army", "market", "start-market"]})
    state.army_pool[0], state.ship_pool[0] = 1, 0
    state.invalidate_caches()
    assert acts(state, "buy") == ["buy 1 0"]
    refused(state, "buy 2 0")
    refused(state, "buy 0 1")


@rules("MT-DRAFT-1", "MT-REMOVE-1", "MT-REMOVE-2", "MT-TERM-5", "MT-CARD-5")
def test_remove_one_or_two_cards_back_where_they_came_from_and_draft_them_again():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"]})
    position(
        state,
        hand={0: ["start-army", "start-market", "ship", "palmain", "blore"]},
        deck={0: ["nusus", "start-ship"]},
        discard={0: ["scombroid"]},
        reserve={0: ["limes"]},
    )
    assert state.deck_size(0) == 9  # hand, draw deck, discard pile and Reserve
    assert acts(state, "remove") == [
        "remove blore",
        "remove palmain",
        "remove reserve limes",
        "remove ship",
        "remove start-army",
        "remove start-market",
    ]
    play(state, "remove ship")
    assert "ship" in state.display  # an Improvement card back on the display
    play(state, "remove palmain")
    assert state.pending is None and state.deck_size(0) == 7
    assert "palmain" in state.supply and state.owner[at("palmain")] == 0  # still his
    assert state.actions == 1
    # The deck may not fall below seven cards.
    assert acts(state, "remove") == []
    refused(state, "remove start-army")
    # Draft: a removed card of a province he controls (Palmain), not Blore's (neutral).
    assert "draft palmain" in state.legal_actions() and "draft blore" not in state.legal_actions()
    play(state, "draft palmain", "pay start-market gold")
    assert state.discard[0] == ["palmain", "scombroid", "start-market"]
    assert "palmain" not in state.supply
    finish_turn(state)
    finish_turn(state)
    # Removing a Starting card puts it on his removed pile; it can be drafted back.
    position(
        state,
        hand={0: ["start-army", "start-market", "start-build", "blore", "nusus"]},
        deck={0: ["start-ship", "iracund", "quean"]},
    )
    play(state, "remove start-build", "done")
    assert state.removed[0] == ["start-build"]
    play(state, "draft start-build", "pay start-army gold")
    assert state.removed[0] == [] and "start-build" in state.discard[0]


@rules("MT-RESERVE-1", "MT-RESERVE-2", "MT-RESERVE-3", "MT-RULING-RESERVE-TIMING")
def test_reserve_up_to_its_limit_effects_at_once_cards_playable_next_turn():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle", "blore"]})
    position(
        state,
        hand={0: ["start-army", "start-market", "start-ship", "limes", "nusus"]},
        deck={0: ["oxter", "talion", "eagre"]},
        armies={("palmain", 1): 1},
    )
    assert state.reserve_limit(0) == 2
    assert war.strength(state, at("palmain"), 0) == 0
    play(state, "reserve limes")
    assert state.legal_actions() == [
        "done",
        "reserve nusus",
        "reserve start-army",
        "reserve start-market",
        "reserve start-ship",
    ]
    assert war.strength(state, at("palmain"), 0) == 1  # Limes works at once
    play(state, "reserve start-army")
    assert state.pending is None  # the limit of two is reached
    assert state.reserve_new[0] == ["limes", "start-army"] and state.actions == 1
    assert acts(state, "reserve") == []
    refused(state, "reserve nusus")
    # Placed this turn: not played from the Reserve this turn (discarding: see
    # test_mt_ruling_reserve_timing_cards_placed_this_turn_can_be_discarded_or_removed).
    assert acts(state, "place-armies") == []  # start-army was the only army card
    position(state, hand={0: ["start-market", "start-ship", "nusus", "oxter"]})
    play(state, "place-armies palmain")
    assert state.legal_actions() == ["pay oxter army"]
    refused(state, "pay reserve start-army army")
    play(state, "pay oxter army", "done")
    finish_turn(state)
    assert state.reserve[0] == ["limes", "start-army"] and state.reserve_new[0] == []
    finish_turn(state)
    assert "place-armies palmain" in state.legal_actions()
    play(state, "place-armies palmain", "pay reserve start-army army", "done")
    assert state.armies[at("palmain")][0] == 3
    assert state.reserve[0] == ["limes"] and "start-army" in state.discard[0]
    assert "start-army" not in state.hand[0]  # never back to the hand


@rules("MT-RULING-RESERVE-TIMING", "MT-DISCARD-1", "MT-REMOVE-1", "MT-RESERVE-5")
def test_mt_ruling_reserve_timing_cards_placed_this_turn_can_be_discarded_or_removed():
    # "You may discard as many cards as you wish, including cards in your Reserve" and "You
    # can remove any card from your hand or Reserve": no word keeps back a card placed this
    # turn (only playing waits for "later turns").
    state = fresh(own={0: RED, 1: ["trogle"]})
    hand = ["limes", "start-army", "start-market", "nusus", "oxter"]
    position(state, hand={0: hand}, reserve={0: ["start-market"]})
    state.piece[at("palmain")] = CITY  # room for three
    play(state, "reserve limes", "reserve start-market")
    assert state.reserve_new[0] == ["limes", "start-market"] and state.pending is None
    assert acts(state, "discard reserve") == [
        "discard reserve limes",
        "discard reserve start-market",
    ]
    assert "remove reserve limes" in state.legal_actions()
    # The copy placed this turn goes first: the older Market can still be played this turn.
    play(state, "discard reserve start-market")
    assert state.reserve[0] == ["start-market"] and state.reserve_new[0] == ["limes"]
    assert state.pending is not None and state.pending.kind == "discard"
    play(state, "discard reserve limes", "done")
    assert state.reserve_new[0] == [] and state.discard[0] == ["limes", "start-market"]
    assert war.strength(state, at("palmain"), 0) == 0  # Limes' effect is gone with it
    # Remove takes one placed this turn back where it came from (the display).
    state = fresh(own={0: RED, 1: ["trogle"]})
    position(state, hand={0: hand})
    play(state, "reserve limes", "done", "remove reserve limes", "done")
    assert state.reserve_new[0] == [] and "limes" in state.display


@rules("MT-RESERVE-1", "MT-RESERVE-4", "MT-RESERVE-5", "MT-BUILD-2")
def test_cities_raise_the_reserve_limit_and_cards_leave_only_by_play_or_discard():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle", "blore"]})
    state.cities[0] = 3
    position(
        state,
        hand={0: ["start-army", "start-market", "start-ship", "limes", "nusus"]},
        reserve={0: ["cavalry"]},
    )
    state.piece[at("palmain")] = CITY
    assert state.reserve_limit(0) == 3
    play(state, "reserve limes", "reserve nusus")
    assert state.pending is None and state.reserve_room(0) == 0
    finish_turn(state)
    # Losing the City: the limit drops to 2, the three cards stay.
    state.piece[at("palmain")] = TOWN
    assert state.reserve_limit(0) == 2
    finish_turn(state)
    assert state.reserve[0] == ["cavalry", "limes", "nusus"]
    assert acts(state, "reserve") == []
    refused(state, f"reserve {state.hand[0][0]}")
    # Playing or discarding are the only ways out: no action returns a card to the hand.
    assert {a.split()[0] for a in state.legal_actions() if "reserve" in a.split()[:2]} <= {
        "discard",
        "remove",
    }
    play(state, "discard reserve cavalry", "done")
    assert state.reserve[0] == ["limes", "nusus"] and "cavalry" in state.discard[0]
    assert acts(state, "reserve") == []  # 2 cards, a limit of 2


@rules("MT-DISCARD-1", "MT-RULING-SOURCE")
def test_discard_from_hand_and_reserve_then_done():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"]})
    position(
        state,
        hand={0: ["start-army", "start-market", "limes"]},
        reserve={0: ["limes", "cavalry"]},
        discard={0: []},
    )
    assert "discard limes" in state.legal_actions()
    assert "discard reserve limes" in state.legal_actions()
    play(state, "discard reserve limes")
    assert state.reserve[0] == ["cavalry"] and state.hand[0].count("limes") == 1
    assert "done" in state.legal_actions()
    play(state, "discard limes", "discard start-army", "discard reserve cavalry")
    play(state, "done")
    assert state.discard[0] == ["cavalry", "limes", "limes", "start-army"]
    assert state.hand[0] == ["start-market"] and state.actions == 1


@rules("MT-PATRON-1", "MT-RULING-PATRONAGE")
def test_patronage_two_gold_for_a_counter_twice_a_turn_only_while_in_play():
    state = fresh(own={0: RED, 1: ["trogle"]})
    position(state, hand={0: ["start-army", "start-market", "market", "army", "nusus"]})
    play(state, "patronage", "pay start-army gold", "pay market gold")
    assert state.held[0] == (1,) and len(state.counters["patronage"]) == 4
    assert score(state, 0) == 16
    assert "patronage" in state.legal_actions()  # may be taken again this turn
    play(state, "patronage", "pay start-market gold", "pay army gold")
    assert state.held[0] == (1, 1) and len(state.counters["patronage"]) == 3
    # One gold is not enough; and with the card empty it is not offered.
    finish_turn(state)
    finish_turn(state)
    position(state, hand={0: ["start-army", "nusus"]})
    assert "patronage" not in state.legal_actions()
    position(state, hand={0: ["start-army", "market"]})
    assert "patronage" in state.legal_actions()
    state.counters["patronage"] = ()
    state.invalidate_caches()
    refused(state, "patronage")
    # With Scribe, the unused stock's 1VP counters keep it open.
    position(state, reserve={0: ["scribe"]})
    stock = state.stock[1]
    play(state, "patronage", "pay start-army gold", "pay market gold")
    assert state.held[0] == (1, 1, 1) and state.stock[1] == stock - 1
    # Not in play: never offered.
    other = fresh(
        own={0: RED, 1: ["trogle"]},
        vp_cards=["spoils-of-war", "citadel", "gilded-city", "runestones"],
    )
    position(other, hand={0: ["start-army", "market", "start-market"]})
    refused(other, "patronage")


# --- free actions -------------------------------------------------------------------------------
FREE_HAND = ["counsellor", "providence", "mystic", "militia", "start-market", "nusus"]


def free_state() -> MythotopiaState:
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"]})
    position(
        state,
        hand={0: FREE_HAND},
        reserve={0: ["warehouse"]},
        discard={0: ["hero"]},
        deck={0: ["blore", "iracund", "quean", "fadge"]},
        roads=[("palmain", "scombroid")],
        armies={("palmain", 0): 2},
    )
    return state


FREE_ACTIONS = [
    "move palmain scombroid 1",
    "move palmain scombroid 2",
    "play counsellor",
    "play militia",
    "play mystic hero",
    "play providence",
    "warehouse counsellor",
    "warehouse militia",
    "warehouse mystic",
    "warehouse nusus",
    "warehouse providence",
    "warehouse start-market",
]


@rules("MT-FREE-1", "MT-FREE-2", "MT-RULING-FREE-TIMING", "MT-CARD-3")
def test_free_actions_before_between_and_after_the_two_actions():
    state = free_state()
    free = [a for a in state.legal_actions() if a.split()[0] in ("play", "warehouse", "move")]
    assert free == FREE_ACTIONS
    play(state, "play militia")
    assert state.actions == 0 and state.army_stock[0] == 7
    play(state, "pass")
    play(state, "move palmain scombroid 2")
    assert state.actions == 1 and state.armies[at("scombroid")][0] == 2
    play(state, "pass")
    # After the second action: free actions, then end-turn.
    assert "end-turn" in state.legal_actions() and "pass" not in state.legal_actions()
    play(state, "warehouse nusus")
    assert state.reserve_new[0] == ["nusus"] and state.actions == 2
    play(state, "end-turn")
    # Nothing more this turn: the refill, then the next player.
    assert state.current_player == CHANCE
    refill(state)
    assert state.current_player == 1


@rules("MT-FREE-1", "MT-RULING-FREE-TIMING")
def test_no_free_action_during_an_action():
    state = free_state()
    position(state, hand={0: [*FREE_HAND, "start-army"]})
    play(state, "place-armies palmain")
    assert state.pending is not None
    for action in (
        "play militia",
        "play providence",
        "warehouse nusus",
        "move palmain scombroid 1",
    ):
        refused(state, action)
    play(state, "pay start-army army")
    assert "play militia" not in state.legal_actions()
    play(state, "done")
    assert "play militia" in state.legal_actions()


@rules("MT-RULING-FREE-TIMING", "MT-TURN-1")
def test_the_turn_ends_by_itself_only_with_an_empty_hand_and_no_free_action():
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"]})
    position(state, hand={0: ["start-market", "nusus"]}, deck={0: ["blore", "iracund", "quean"]})
    play(state, "pass", "discard start-market", "discard nusus")
    assert state.current_player == CHANCE  # empty hand, nothing free: the refill at once
    refill(state)
    assert state.current_player == 1
    # A hand that can do nothing still waits for end-turn (it reveals nothing).
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"]})
    position(state, hand={0: ["nusus"]})
    play(state, "pass", "pass")
    assert state.legal_actions() == ["end-turn"]
    # An empty hand with a road move possible: end-turn too.
    state = fresh(own={0: ["palmain", "scombroid"], 1: ["trogle"]})
    position(
        state,
        hand={0: ["nusus"]},
        roads=[("palmain", "scombroid")],
        armies={("palmain", 0): 1},
    )
    play(state, "pass", "discard nusus")  # the last card: the discard ends by itself
    assert state.legal_actions() == ["end-turn", "move palmain scombroid 1"]


@rules("MT-END-2", "MT-FREE-1")
def test_end_the_game_is_refused_after_a_free_action_or_as_second_action():
    def ending() -> MythotopiaState:
        state = fresh(own={0: RED, 1: ["trogle"]})
        for card in ("castle", "city", "road", "patronage"):
            state.counters[card] = ()
        position(state, hand={0: ["militia", "start-market"]})
        return state

    state = ending()
    assert "end-game" in state.legal_actions()
    play(state, "play militia")
    refused(state, "end-game")
    state = ending()
    play(state, "pass")
    refused(state, "end-game")


# --- building -----------------------------------------------------------------------------------
BUILDER = ["quean", "blore", "iracund", "lea", "eoan"]


@rules("MT-BUILD-1", "MT-BUILD-2", "MT-VPS-4", "MT-PAY-1")
def test_build_a_city_where_you_have_a_town():
    state = fresh(own={0: BUILDER, 1: ["trogle"]})
    position(state, hand={0: ["start-build", "quean", "start-market", "market", "blore"]})
    assert "play start-build city quean" in state.legal_actions()
    refused(state, "play start-build city iracund")  # no Iracund card (and no road)
    play(state, "play start-build city quean")
    assert dict(state.pending.needs) == {"stone": 2}
    assert state.legal_actions() == ["pay market stone", "pay start-market stone"]
    play(state, "pay market stone", "pay start-market stone")
    assert state.piece[at("quean")] == CITY and state.owner[at("quean")] == 0
    assert state.towns[0] == 16 - 5 + 1 and state.cities[0] == 3
    assert state.reserve_limit(0) == 3
    assert state.held[0] == (2,) and len(state.counters["city"]) == 5
    assert state.discard[0] == ["market", "quean", "start-build", "start-market"]
    assert score(state, 0) == 15 + 2
    # A city already there: no second city; the fixed card empty: still built, no counter.
    finish_turn(state)
    finish_turn(state)
    state.counters["city"] = ()
    position(state, hand={0: ["start-build", "quean", "iracund", "start-market", "market"]})
    refused(state, "play start-build city quean")
    play(state, "play start-build city iracund", "pay market stone", "pay start-market stone")
    assert state.piece[at("iracund")] == CITY and state.held[0] == (2,)
    assert state.cities[0] == 2 and state.reserve_limit(0) == 4


@rules("MT-BUILD-2", "MT-BUILD-3", "MT-RULING-CITADEL-RESERVE")
def test_no_city_and_no_castle_where_your_citadel_stands():
    state = fresh(
        own={0: BUILDER, 1: ["trogle"]},
        vp_cards=["citadel", "patronage", "spoils-of-war", "roadside-inns"],
        citadels={0: "quean"},
    )
    position(state, hand={0: ["start-build", "quean", "start-market", "market", "lea"]})
    assert acts(state, "play start-build city") == ["play start-build city lea"]
    assert acts(state, "play start-build castle") == ["play start-build castle lea"]
    refused(state, "play start-build city quean")
    refused(state, "play start-build castle quean")


@rules("MT-BUILD-3", "MT-VPS-4", "MT-RULING-COMPONENTS")
def test_build_a_castle_one_per_province():
    state = fresh(own={0: BUILDER, 1: ["trogle"]})
    position(state, hand={0: ["start-build", "quean", "start-market", "lea", "build"]})
    play(state, "play start-build castle quean", "pay start-market stone")
    assert state.castle[at("quean")] and state.castles_left == 11
    assert state.held[0] == (2,) and len(state.counters["castle"]) == 5
    assert state.piece[at("quean")] == TOWN  # the castle does not replace the Town
    position(state, hand={0: ["build", "quean", "lea", "market"]})
    refused(state, "play build castle quean")  # at most one per province
    assert "play build castle lea" in state.legal_actions()
    # With no Castle counter left in the supply it is not offered.
    state.castles_left = 0
    state.invalidate_caches()
    refused(state, "play build castle lea")


@rules("MT-BUILD-4", "MT-TERRAIN-1", "MT-TERRAIN-2", "MT-RULING-OFFER", "MT-BUILD-5")
def test_roads_two_stone_three_over_hills_never_over_mountains_one_per_border():
    state = fresh(
        own={0: BUILDER, 1: ["trogle"]},
        vp_cards=["gilded-city", "roadside-inns", "patronage", "spoils-of-war"],
    )
    position(state, hand={0: ["start-build", "quean", "start-market", "market"]})
    # Quean borders Blore (hills), Iracund, Lea, Eoan (all his); Fadge and Sorner are neutral.
    # Two stone: the open borders only; Lea-Eoan is mountains (neither card is in hand).
    assert acts(state, "play start-build road") == [
        "play start-build road quean eoan",
        "play start-build road quean iracund",
        "play start-build road quean lea",
    ]
    position(state, hand={0: ["start-build", "quean", "start-market", "market", "quarry"]})
    assert "play start-build road quean blore" in state.legal_actions()
    play(state, "play start-build road quean blore")
    assert dict(state.pending.needs) == {"stone": 3}
    play(state, "pay start-market stone", "pay market stone", "pay quarry stone")
    assert (at("blore"), at("quean")) in state.roads and state.roads_left == 19
    assert state.held[0] == (2,) and len(state.counters["road"]) == 5
    # Roadside Inns: the counter is offered though no gold is left (only decline).
    assert state.pending.kind == "inn" and state.legal_actions() == ["decline"]
    play(state, "decline")
    assert state.held[0] == (2,) and len(state.counters["roadside-inns"]) == 4
    finish_turn(state)
    finish_turn(state)
    # One road per border; never across mountains (Lea-Eoan), even with the stone.
    position(
        state, hand={0: ["start-build", "quean", "lea", "eoan", "market", "start-market", "army"]}
    )
    roads = acts(state, "play start-build road")
    assert "play start-build road quean blore" not in roads
    assert (
        "play start-build road lea eoan" not in roads
        and "play start-build road eoan lea" not in roads
    )
    refused(state, "play start-build road lea eoan")
    # Gilded City: a city built, one gold paid, a counter taken.
    play(state, "play start-build city lea", "pay market stone", "pay start-market stone")
    assert state.pending.kind == "gilded"
    assert state.legal_actions() == ["decline", "pay army gold"]
    play(state, "pay army gold")
    assert state.held[0] == (1, 2, 2) and len(state.counters["gilded-city"]) == 3


@rules("MT-RULING-GILDED-CITY")
def test_gilded_city_is_named_and_identified_so():
    card = type(mytho()).catalog()["vp-gilded-city"]
    assert card["name"] == "Gilded City" and card["counters"] == [1, 1, 1, 1]
    assert "guided-city" not in catalog().vp and "guilded-city" not in catalog().vp


# --- roads --------------------------------------------------------------------------------------
@rules("MT-ROAD-1", "MT-ROAD-2", "MT-ROAD-3")
def test_a_road_network_lets_one_card_stand_for_another_while_both_ends_are_held():
    state = fresh(own={0: ["palmain", "scombroid", "blore", "iracund"], 1: ["trogle"]})
    position(
        state,
        hand={0: ["start-build", "palmain", "start-market", "market", "start-army"]},
        roads=[("palmain", "scombroid"), ("palmain", "blore")],
    )
    comps = state.components(0)
    assert comps[at("scombroid")] == frozenset({at(p) for p in ("palmain", "scombroid", "blore")})
    assert comps[at("iracund")] == frozenset({at("iracund")})  # no road to it
    # Palmain's card builds in Blore and invades from Scombroid / Blore.
    assert "play start-build castle blore palmain" in state.legal_actions()
    assert "play start-build city scombroid palmain" in state.legal_actions()
    assert "play start-build castle iracund palmain" not in state.legal_actions()
    assert "invade margent palmain blore" in state.legal_actions()
    assert "invade trogle palmain blore" in state.legal_actions()
    # Blore lost: the road stays, but no one can use it while it joins another's province.
    state.owner[at("blore")] = 1
    state.invalidate_caches()
    assert (at("blore"), at("palmain")) in state.roads
    assert state.components(0)[at("palmain")] == frozenset({at("palmain"), at("scombroid")})
    assert "invade margent palmain scombroid" in state.legal_actions()
    assert "invade trogle palmain blore" not in state.legal_actions()
    assert not any(a.split()[3:4] == ["blore"] for a in acts(state, "play start-build"))


@rules("MT-ROAD-3", "MT-BUILD-1")
def test_any_card_of_the_network_may_stand_for_the_province_built_in():
    state = fresh(own={0: ["palmain", "scombroid", "blore"], 1: ["trogle"]})
    position(
        state,
        hand={0: ["start-build", "palmain", "scombroid", "blore", "start-market"]},
        roads=[("palmain", "scombroid"), ("palmain", "blore")],
    )
    castles = acts(state, "play start-build castle")
    # "A Province card may stand for any province of its network ... for building in."
    assert "play start-build castle blore scombroid" in castles
    assert "play start-build castle blore palmain" in castles
    assert "play start-build castle blore" in castles


@rules("MT-ROAD-4", "MT-RULING-ROAD-MOVE", "MT-FREE-2", "MT-RULING-INVOLVED")
def test_one_free_army_move_a_turn_within_a_network_into_provinces_you_control():
    state = fresh(own={0: ["palmain", "scombroid", "blore", "iracund"], 1: ["trogle", "nusus"]})
    position(
        state,
        hand={0: ["start-market"]},
        roads=[("palmain", "scombroid"), ("palmain", "blore"), ("palmain", "nusus")],
        armies={("palmain", 0): 2, ("scombroid", 0): 1, ("blore", 1): 1, ("iracund", 0): 3},
    )
    state.mercs[at("palmain")][0] = 1
    state.invalidate_caches()
    moves = acts(state, "move")
    # From Palmain to Scombroid or Blore (at war, but his); nothing into Nusus (not his),
    # nothing out of Iracund (no road), nothing out of Blore (at war).
    assert moves == [
        "move palmain blore 1",
        "move palmain blore 2",
        "move palmain scombroid 1",
        "move palmain scombroid 2",
        "move scombroid blore 1",
        "move scombroid palmain 1",
    ]
    play(state, "move palmain blore 2")
    assert state.armies[at("blore")] == [2, 1] and state.armies[at("palmain")][0] == 0
    # His Mercenary does not move (it is no Army counter) and stays where it is.
    assert state.mercs[at("palmain")][0] == 1 and state.mercs[at("blore")][0] == 0
    # The road move goes on: Scombroid may still send to Blore; Palmain, which sent, receives
    # nothing; Blore, at war, sends nothing.
    assert state.legal_actions() == ["done", "move scombroid blore 1"]
    refused(state, "move scombroid palmain 1")
    play(state, "done")
    assert state.actions == 0 and acts(state, "move") == []  # once a turn
    position(state, armies={("blore", 0): 0, ("palmain", 0): 2})
    refused(state, "move palmain scombroid 1")


@rules("MT-ROAD-4", "MT-RULING-ROAD-MOVE", "MT-FREE-1")
def test_mt_ruling_road_move_gathers_two_groups_in_one_move():
    # "Once per turn you can move some or all of your Army counters you have on your road
    # network within that network": two groups gathered in one province, in one road move.
    state = fresh(own={0: ["palmain", "scombroid", "blore", "talion", "oxter"], 1: ["trogle"]})
    position(
        state,
        roads=[("palmain", "scombroid"), ("palmain", "blore"), ("talion", "oxter")],
        armies={("scombroid", 0): 2, ("blore", 0): 1, ("talion", 0): 1},
    )
    play(state, "move scombroid palmain 2")
    # The move stays in Palmain's network (not Talion-Oxter); Palmain, having received,
    # sends nothing; Scombroid, having sent, receives nothing.
    assert state.legal_actions() == ["done", "move blore palmain 1"]
    play(state, "move blore palmain 1")
    # No transfer is left (public facts): the move ends by itself.
    assert state.pending is None and state.armies[at("palmain")][0] == 3
    assert [state.armies[at(p)][0] for p in ("scombroid", "blore", "talion")] == [0, 0, 1]
    assert state.actions == 0 and "moved" in state.flags and acts(state, "move") == []
    assert acts(state, "end-war") == []  # a free action was taken (none at war anyway)
    assert state.history()[-2:] == ["move scombroid palmain 2", "move blore palmain 1"]
    # Splitting one group: Palmain's four to Scombroid and Blore, then done.
    state = fresh(own={0: ["palmain", "scombroid", "blore"], 1: ["trogle"]})
    position(
        state,
        hand={0: ["start-market"]},
        roads=[("palmain", "scombroid"), ("palmain", "blore")],
        armies={("palmain", 0): 4},
    )
    play(state, "move palmain scombroid 1")
    assert state.legal_actions() == [
        "done",
        *[f"move palmain blore {n}" for n in (1, 2, 3)],
        *[f"move palmain scombroid {n}" for n in (1, 2, 3)],
    ]
    refused(state, "move scombroid blore 1")  # it received: it sends nothing
    refused(state, "pass")  # no action in the middle of the road move
    play(state, "move palmain blore 2", "done")
    assert [state.armies[at(p)][0] for p in ("palmain", "scombroid", "blore")] == [1, 1, 2]
    assert state.pending is None and state.actions == 0
    play(state, "pass")
    assert state.actions == 1


# --- the end of the game ------------------------------------------------------------------------


def endable(**kwargs: Any) -> MythotopiaState:
    """Red (15 VP) to play, four VP cards empty (the three fixed ones and Patronage)."""
    state = fresh(own={0: RED, 1: BLUE}, **kwargs)
    for card in ("castle", "city", "road", "patronage"):
        state.counters[card] = ()
    position(state, hand={0: ["start-market"], 1: ["nusus"]})
    return state


@rules("MT-END-1", "MT-END-3", "MT-END-5")
def test_end_the_game_needs_four_empty_vp_cards_and_a_strict_lead():
    state = fresh(own={0: RED, 1: BLUE})
    position(state, hand={0: ["start-market"], 1: ["nusus"]}, held={0: [2]})
    for card in ("castle", "city", "road"):
        state.counters[card] = ()
    state.invalidate_caches()
    assert state.empty_vp_cards() == 3
    refused(state, "end-game")
    state.counters["patronage"] = ()
    state.invalidate_caches()
    assert state.empty_vp_cards() == 4 and "end-game" in state.legal_actions()
    # Tied: 15 against 15 is not a win.
    position(state, held={0: []})
    refused(state, "end-game")
    # Four empty cards end nothing by themselves: the game goes on until someone ends it.
    finish_turn(state)
    assert not state.is_terminal() and state.current_player == 1
    assert "end-game" not in state.legal_actions()  # blue is not ahead either
    position(state, held={1: [1]}, hand={1: ["nusus"]})
    play(state, "end-game")
    assert state.is_terminal() and state.winners() == [1] and state.returns() == [0.0, 1.0]
    assert state.legal_actions() == []


@rules("MT-END-4", "MT-RULING-END-TIES", "MT-RULING-DEFENDER", "MT-RULING-END-SCRIBE")
def test_at_the_end_every_war_is_resolved_ties_to_the_defender():
    state = endable(
        players=3,
        vp_cards=["patronage", "spoils-of-war", "defender-of-the-realm", "lord-of-the-isles"],
    )
    position(state, hand={0: ["start-market", "hero"], 2: ["nusus"]}, held={0: [2, 2]})
    position(
        state,
        armies={
            ("blore", 0): 5,  # neutral 4: red wins
            ("blore", 1): 5,  # ... but 5 and 5: tied above the neutral, the neutral keeps it
            ("sorner", 0): 3,  # neutral 2: red wins
            ("iracund", 0): 2,  # blue defends with 0 + nothing: 2 against 0, red wins
            ("fadge", 0): 2,  # blue defends 2 against 2: a tie, blue keeps it
            ("fadge", 1): 2,
            ("palmain", 2): 1,  # green against red: red 0, green 1: green takes Palmain
        },
    )
    assert war.leaders(state, at("blore")) == [0, 1]
    assert war.leaders(state, at("fadge")) == [0, 1]
    before = score(state, 0)
    assert before == 19
    play(state, "end-game")
    assert state.is_terminal() and state.winners() == [0]
    assert state.owner[at("blore")] == NEUTRAL  # the defender not among the tied still wins
    assert state.owner[at("sorner")] == 0 and state.owner[at("iracund")] == 0
    assert state.owner[at("fadge")] == 1 and state.owner[at("palmain")] == 2
    assert all(not war.at_war(state, p) for p in range(40))
    assert state.army_stock == [6 + 12, 6 + 7, 6 + 1]
    # Red: +sorner +iracund -palmain = 6 provinces; Spoils of War for Iracund.
    # Blue defended Fadge against a player: Defender of the Realm; green: Spoils (Palmain).
    assert state.held == [(1, 2, 2), (1,), (1,)]
    # Green's token stood at the floor (12, no province): Palmain moves it to 15, Spoils to 16.
    assert score(state, 0) == 18 + 5 and score(state, 1) == 13 and score(state, 2) == 16
    # Captured cards change hands, nobody draws: Iracund from blue's... (not in his hand).
    assert state.queue == [] and state.hand[1] == ["nusus"]
    assert "iracund" in state.discard[0] and "palmain" in state.discard[2]
    assert "hero" in state.hand[0]  # Hero plays no part


@rules("MT-RULING-END-ORDER", "MT-RULING-END-SCRIBE")
def test_final_wars_are_resolved_in_province_id_order():
    state = endable(
        players=3, vp_cards=["patronage", "spoils-of-war", "defender-of-the-realm", "roadside-inns"]
    )
    state.counters["spoils-of-war"] = ("x",)
    # Green's Blore (id order first) and Iracund, both lost; red has one Town left.
    for p in ("blore", "iracund"):
        state.owner[at(p)] = 2
        state.piece[at(p)] = TOWN
    state.towns[0] = 1
    position(
        state,
        armies={("iracund", 0): 5, ("blore", 1): 5, ("sorner", 0): 5},
        reserve={1: ["scribe"]},
        hand={0: ["start-market"], 2: ["iracund", "blore"]},
        held={0: [3, 3, 3]},
    )
    play(state, "end-game")
    # Blore first: blue takes the last Spoils counter from the card; then Iracund: red's Town,
    # no counter left for him (no Scribe); then Sorner: no Town left, stays neutral.
    assert state.owner[at("blore")] == 1 and state.owner[at("iracund")] == 0
    assert state.owner[at("sorner")] == NEUTRAL
    assert state.held[1] == (1,) and state.held[0] == (3, 3, 3)
    assert state.counters["spoils-of-war"] == ()
    assert state.hand[2] == [] and state.queue == []  # the cards taken, no replacement draws


@rules("MT-RULING-END-SCRIBE", "MT-RULING-SCRIBE")
def test_final_counters_from_the_stock_for_a_scribe_holder_once_the_card_is_empty():
    state = endable(
        vp_cards=["patronage", "spoils-of-war", "defender-of-the-realm", "roadside-inns"]
    )
    state.counters["spoils-of-war"] = ("x",)
    position(
        state,
        armies={("fadge", 0): 5, ("iracund", 0): 5},
        reserve={0: ["scribe"]},
        held={0: [2]},
    )
    stock = dict(state.stock)
    play(state, "end-game")
    assert state.owner[at("fadge")] == 0 and state.owner[at("iracund")] == 0
    assert state.held[0] == (1, 1, 2)
    assert state.counters["spoils-of-war"] == () and state.stock[1] == stock[1] - 1


@rules("MT-CAP-1", "MT-RULING-MAX-ROUNDS")
def test_max_rounds_ends_the_game_after_the_last_turn_of_the_last_round():
    assert mytho().options["max_rounds"] == 100
    for bad in (0, 1001):
        with pytest.raises(ValueError, match="max_rounds"):
            mytho(max_rounds=bad)
    state = fresh(
        own={0: RED, 1: BLUE},
        first=1,
        options={"max_rounds": 2},
        vp_cards=["patronage", "spoils-of-war", "defender-of-the-realm", "roadside-inns"],
    )
    position(state, hand={0: ["nusus"], 1: ["nusus"]})
    assert state.round == 1 and state.current_player == 1
    finish_turn(state)
    finish_turn(state)
    assert state.round == 2 and state.current_player == 1 and not state.is_terminal()
    finish_turn(state)
    # Before red's last turn: red invades blue's Iracund, 2 against blue's 2 (a tie: the
    # defender keeps it, with a Defender counter), and neutral Blore, 5 against 4.
    position(state, armies={("iracund", 0): 2, ("iracund", 1): 2, ("blore", 0): 5})
    assert state.round == 2 and state.current_player == 0
    play(state, "pass", "pass", "end-turn")
    refill(state)
    assert state.is_terminal()
    assert state.owner[at("iracund")] == 1 and state.owner[at("blore")] == 0
    assert state.held == [(), (1,)]
    assert score(state, 0) == 18 and score(state, 1) == 16
    assert state.winners() == [0] and state.returns() == [1.0, 0.0]


@rules("MT-CAP-1", "MT-RULING-MAX-ROUNDS")
def test_equal_highest_scores_share_the_win_at_the_cap():
    state = fresh(own={0: RED, 1: BLUE}, options={"max_rounds": 1})
    position(state, hand={0: ["nusus"], 1: ["nusus"]})
    finish_turn(state)
    assert not state.is_terminal()
    finish_turn(state)
    assert state.is_terminal() and state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5] and state.scores() == [15.0, 15.0]


# --- hidden information -------------------------------------------------------------------------
def random_game(players: int, seed: int, until_round: int) -> MythotopiaState:
    state = mytho(players).new_game()
    rng = random.Random(seed)
    while not state.is_terminal() and state.round < until_round:
        state.apply(rng.choice(state.legal_actions()))
    return state


@rules("MT-HIDDEN-1", "MT-HIDDEN-2")
def test_views_show_the_own_hand_and_counts_of_the_rest():
    state = random_game(3, seed=5, until_round=6)
    assert not state.is_terminal()
    for player in (0, 1, 2, None):
        view = state.view(player)
        for seat, entry in enumerate(view["players"]):
            if seat == player:
                assert entry["hand"] == state.hand[seat]
            else:
                assert "hand" not in entry and "choices" not in entry
            assert entry["hand_count"] == len(state.hand[seat])
            assert entry["deck_count"] == len(state.deck[seat])
            assert entry["discard"] == state.discard[seat]
            assert entry["reserve"] == state.reserve[seat]
            assert entry["removed"] == state.removed[seat]
            assert entry["dealt"] == state.dealt[seat]
            assert entry["score"] == score(state, seat)
            assert entry["vp_counters"] == list(state.held[seat])
        assert view["display"] == state.display
        assert view["province_supply"] == state.supply
        assert view["improvement_deck"] == len(state.imp_deck)
        assert view["vp_stock"] == {str(k): v for k, v in sorted(state.stock.items())}
        assert [c["id"] for c in view["vp_cards"]] == state.vp_order
        assert [p["owner"] for p in view["provinces"]] == [
            None if o == NEUTRAL else o for o in state.owner
        ]
        assert [p["armies"] for p in view["provinces"]] == state.armies
        # No draw deck's or Improvement deck's contents, for anyone: counts only.
        assert "'deck':" not in repr(view) and "'imp_deck':" not in repr(view)


@rules("MT-HIDDEN-3")
def test_the_log_masks_other_players_draws():
    state = random_game(3, seed=7, until_round=4)
    history = state.history()
    owners = {index: owner for index, owner, _ in state.secret}
    for player in range(3):
        log = state.view(player)["log"]
        assert len(log) == len(history)
        for index, (seen, entry) in enumerate(zip(log, history, strict=True)):
            if index in owners and owners[index] != player:
                assert seen == entry.split()[0] + " ?"
            else:
                assert seen == entry
        hidden = [e for e in log if e == "draw ?"]
        assert len(hidden) > 20
    spectator = state.view(None)["log"]
    assert all(
        e == "draw ?" for e, h in zip(spectator, history, strict=True) if h.startswith("draw ")
    )


@rules("MT-HIDDEN-3")
def test_philosopher_draws_and_keep_are_seen_by_their_player_only():
    state = fresh(own={0: RED, 1: BLUE})
    state.imp_deck = ["queen", "ranger", "scribe", "warehouse"]
    position(state, hand={0: ["philosopher", "start-market"]})
    play(state, "play philosopher", "draw queen", "draw ranger", "draw scribe")
    assert state.view(1)["log"][-4:] == ["play philosopher", "draw ?", "draw ?", "draw ?"]
    assert state.view(0)["log"][-3:] == ["draw queen", "draw ranger", "draw scribe"]
    assert state.view(1)["pending"]["drawn"] == 3
    assert state.view(0)["pending"]["drawn"] == ["queen", "ranger", "scribe"]
    play(state, "keep ranger")
    assert state.view(1)["log"][-1] == "keep ?" and state.view(0)["log"][-1] == "keep ranger"
    assert state.view(1)["improvement_deck"] == 3


@rules("MT-HIDDEN-5")
@pytest.mark.parametrize(("players", "seed", "rounds"), [(2, 1, 9), (3, 2, 7), (4, 3, 5)])
def test_determinize_keeps_the_view_and_its_history_replays(players, seed, rounds):
    state = random_game(players, seed, rounds)
    differed = False
    for player in range(players):
        for s in range(3):
            sampled = state.determinize(player, random.Random(s))
            assert sampled.view(player) == state.view(player)
            assert sampled.hand[player] == state.hand[player]
            replayed = state.game.replay(sampled.history())
            assert replayed.view(player) == state.view(player)
            for seat in range(players):
                assert len(sampled.hand[seat]) == len(state.hand[seat])
                assert sorted(sampled.hand[seat] + sampled.deck[seat]) == sorted(
                    replayed.hand[seat] + replayed.deck[seat]
                )
                if seat != player and sampled.hand[seat] != state.hand[seat]:
                    differed = True
            assert sampled.imp_deck == replayed.imp_deck
    assert differed  # others' hands are resampled


@rules("MT-HIDDEN-4", "MT-HIDDEN-5", "MT-RULING-SECRET")
def test_determinize_resamples_unrevealed_secret_choices():
    state = mytho(3, choose_provinces=True).new_game()
    for _ in range(27 + 16):
        state.apply(state.legal_actions()[0])
    for card in ("patronage", "spoils-of-war", "roadside-inns", "defender-of-the-realm"):
        state.apply(f"vpcard {card}")
    play(state, "reject blore", "reject camarine")
    assert state.current_player == 1
    seen = set()
    for s in range(8):
        sampled = state.determinize(1, random.Random(s))
        assert sampled.view(1) == state.view(1)
        assert sampled.view(1)["log"][-2:] == ["reject ?", "reject ?"]
        choice = tuple(sampled.choices[0])
        assert len(set(choice)) == 2 and set(choice) <= set(state.dealt[0])
        seen.add(frozenset(choice))
        replayed = state.game.replay(sampled.history())
        assert replayed.view(1) == state.view(1)
        assert replayed.choices[0] == sampled.choices[0]
    assert len(seen) > 1
    # His own choices are his to see: determinizing for seat 0 keeps them.
    sampled = state.determinize(0, random.Random(0))
    assert sampled.choices[0] == ["blore", "camarine"]


# --- rulings about paying and cards ---------------------------------------------------------------
@rules("MT-PAY-3", "MT-RULING-CONVERTERS", "MT-PAY-4")
def test_converters_once_a_turn_each_on_any_card_and_water_mill_doubles_them():
    state = fresh(own={0: RED, 1: BLUE})
    position(
        state,
        hand={0: ["palmain", "start-army", "army", "water-mill", "quean"]},
        reserve={0: ["farming", "gold-mine"]},
        deck={0: ["nusus", "blore", "iracund", "fadge", "lea"]},
    )
    play(state, "invade blore palmain")
    pays = state.legal_actions()
    # Army cards count as one food through Farming, two with Water Mill; Water Mill's own
    # food symbol is offered, but never Farming on a card that already gives as much.
    assert "pay start-army food farming" in pays
    assert "pay army food farming water-mill" in pays
    assert "pay water-mill food" in pays and "pay water-mill food farming" not in pays
    play(state, "pay quean food farming")
    assert "farming" in state.flags
    assert state.reserve[0] == ["farming", "gold-mine"]  # a Reserve card stays when used
    play(state, "pay start-army army", "done")
    assert state.armies[at("blore")][0] == 2
    # Farming is spent for this turn: the next invasion has no food.
    assert acts(state, "invade") == []
    # Gold Mine, unused, converts any card, itself included (it then leaves the Reserve).
    play(state, "buy 1 0")
    assert "pay reserve gold-mine gold" in state.legal_actions()
    assert "pay reserve farming gold gold-mine" in state.legal_actions()
    play(state, "pay reserve farming gold gold-mine")
    assert state.reserve[0] == ["gold-mine"] and "farming" in state.discard[0]
    finish_turn(state)
    finish_turn(state)
    assert "farming" not in state.flags and "gold-mine" not in state.flags


@rules("MT-RULING-RESERVE-USE", "MT-CARD-4")
def test_a_reserve_card_whose_text_an_action_used_does_not_also_pay_in_it():
    state = fresh(own={0: RED, 1: BLUE})
    position(
        state,
        hand={0: ["palmain", "start-army", "army", "quean", "start-market"]},
        reserve={0: ["farming"]},
    )
    play(state, "invade blore palmain")
    assert "pay reserve farming food" in state.legal_actions()
    play(state, "pay quean food farming")
    # Farming converted Quean in this action: its own food symbol is not paid as well.
    assert state.legal_actions() == ["pay army army", "pay start-army army"]
    play(state, "pay start-army army", "done")
    # In a later action it can be paid (and leaves the Reserve).
    play(state, "place-armies blore")
    assert "pay reserve farming food" in state.legal_actions()
    play(state, "pay reserve farming food", "pay army army", "done")
    assert state.reserve[0] == [] and state.armies[at("blore")][0] == 4
    # Ranger making the Quean-Blore hills open cannot also feed that invasion.
    state = fresh(own={0: ["quean", "lea"], 1: ["trogle"]})
    position(state, hand={0: ["quean", "start-army"]}, reserve={0: ["ranger"]})
    refused(state, "invade blore quean")
    assert "invade iracund quean" in state.legal_actions()  # open: Ranger's food may pay
    position(state, hand={0: ["quean", "start-army", "start-market"]})
    play(state, "invade blore quean")
    assert state.legal_actions() == ["pay start-army army", "pay start-market food"]
    refused(state, "pay reserve ranger food")


@rules("MT-PAY-4", "MT-RULING-SYMBOL-COUNT")
def test_merchant_changes_a_resource_water_mill_doubles_one_never_army_or_ship():
    state = fresh(own={0: RED, 1: BLUE})
    position(state, hand={0: ["nusus", "merchant", "water-mill", "start-army", "start-ship"]})
    play(state, "buy 2 0")
    pays = state.legal_actions()
    assert "pay nusus gold merchant" in pays  # Nusus's food as gold
    assert "pay nusus gold merchant water-mill" in pays  # ... doubled: both armies paid
    assert "pay start-ship gold merchant" in pays  # its food, not its ship
    assert not any(p.startswith("pay start-army army") for p in pays)  # no army need here
    play(state, "pay nusus gold merchant water-mill")
    assert state.pending is None and state.army_stock[0] == 8
    assert state.discard[0] == ["merchant", "nusus", "water-mill"]
    # Ship and army symbols are never doubled.
    position(state, hand={0: ["water-mill", "start-ship", "start-army", "market"]})
    play(state, "place-ships serpent")
    assert state.legal_actions() == ["pay start-ship ship"]


@rules("MT-RULING-SOURCE", "MT-RESERVE-2")
def test_named_cards_come_from_the_hand_first_else_the_reserve():
    state = fresh(own={0: RED, 1: BLUE})
    position(
        state,
        hand={0: ["start-army", "start-market"]},
        reserve={0: ["palmain", "start-market"]},
    )
    assert "invade blore palmain" in state.legal_actions()
    play(state, "invade blore palmain")
    assert state.reserve[0] == ["start-market"]  # the Province card left the Reserve
    assert state.legal_actions() == [
        "pay reserve start-market food",
        "pay start-army army",
        "pay start-market food",
    ]
    play(state, "pay reserve start-market food", "pay start-army army", "done")
    assert state.reserve[0] == [] and state.hand[0] == ["start-market"]
    # With the card in both places the hand's copy is played.
    finish_turn(state)
    finish_turn(state)
    position(
        state,
        hand={0: ["palmain", "start-army", "start-market"]},
        reserve={0: ["palmain"]},
    )
    play(state, "invade iracund palmain")
    assert state.reserve[0] == ["palmain"] and "palmain" not in state.hand[0]


@rules("MT-RULING-RANGER")
def test_ranger_mountains_as_hills_and_hills_as_open():
    state = fresh(own={0: ["diclesium", "quean", "lea", "eoan"], 1: ["trogle"]})
    position(
        state,
        hand={0: ["diclesium", "quean", "start-army", "start-market", "market"]},
        reserve={0: ["ranger"]},
    )
    assert "invade iracund diclesium" in state.legal_actions()  # across mountains
    assert "invade fadge diclesium" in state.legal_actions()
    trial = state.clone()
    play(trial, "invade iracund diclesium")
    assert dict(trial.pending.needs) == {"food": 2}
    play(state, "invade blore quean")  # across hills, as if open
    assert dict(state.pending.needs) == {"food": 1}
    # A road across the Lea-Eoan mountains costs three stone.
    state = fresh(own={0: ["diclesium", "quean", "lea", "eoan"], 1: ["trogle"]})
    position(
        state,
        hand={0: ["build", "lea", "start-market", "market", "quarry"]},
        reserve={0: ["ranger"]},
    )
    play(state, "play build road lea eoan")
    assert dict(state.pending.needs) == {"stone": 3}
    # Without Ranger neither is possible.
    state = fresh(own={0: ["diclesium", "quean", "lea", "eoan"], 1: ["trogle"]})
    position(state, hand={0: ["build", "lea", "diclesium", "start-army", "start-market", "market"]})
    refused(state, "invade iracund diclesium")
    refused(state, "play build road lea eoan")


@rules("MT-INVADE-9", "MT-RULING-RESERVE-ARMY")
def test_reserve_army_one_conflict_with_one_player():
    state = fresh(
        players=3,
        own={0: ["palmain", "scombroid"], 1: ["iracund", "nusus"], 2: ["margent", "trogle"]},
    )
    cards = ["start-army", "start-market"]
    position(
        state,
        hand={0: ["palmain", *cards], 1: ["iracund", *cards], 2: ["margent", *cards]},
        reserve={0: ["reserve-army"]},
        armies={("blore", 0): 2},
    )

    def invasions(seat: int) -> list[str]:
        to_seat(state, seat)
        return acts(state, "invade")

    # Red's only war is against neutral Blore: he may invade, and be invaded.
    assert "invade iracund palmain" in invasions(0)
    assert "invade palmain iracund" in invasions(1)
    assert invasions(2) == ["invade blore margent", "invade scombroid margent"]
    # Blue invades Palmain: red is in a conflict with blue.
    position(state, armies={("palmain", 1): 2})
    assert invasions(0) == []  # the holder may not invade while in a conflict
    refused(state, "invade iracund palmain")
    # Blue may reinforce that conflict, but not open a second one (Blore, where red is).
    assert invasions(1) == [
        "invade fadge iracund",
        "invade palmain iracund",
        "invade quean iracund",
    ]
    # Green would be a second player in conflict with red: nothing against him.
    assert invasions(2) == []
    refused(state, "invade scombroid margent")


@rules("MT-RULING-MARAUDERS", "MT-RULING-DEFENDER", "MT-RULING-INVOLVED")
def test_marauders_takes_an_army_anywhere_never_a_mercenary_and_gives_no_defender_counter():
    state = fresh(own={0: RED, 1: BLUE})
    position(
        state,
        hand={0: ["marauders", "start-market"]},
        armies={("iracund", 0): 1, ("fadge", 1): 2, ("blore", 1): 1},
    )
    state.mercs[at("iracund")][0] = 2
    state.mercs_left = 6
    state.invalidate_caches()
    assert acts(state, "play marauders") == [
        "play marauders blore 1",
        "play marauders fadge 1",
        "play marauders iracund 0",
    ]
    to_seat(state, 1)
    position(state, hand={1: ["marauders"]})
    play(state, "play marauders iracund 0")
    # Red's last army left Iracund; his Mercenaries stay and keep the war going (2 against
    # blue's 0); blue gets nothing.
    assert state.armies[at("iracund")] == [0, 0] and state.mercs[at("iracund")] == [2, 0]
    assert state.mercs_left == 6 and state.army_stock[0] == 7
    assert war.at_war(state, at("iracund")) and war.involved(state, at("iracund"), 0)
    assert war.leaders(state, at("iracund")) == [0] and state.held[1] == ()


@rules("MT-RULING-INVOLVED", "MT-TERM-2", "MT-WAR-2", "MT-CAPTURE-7")
def test_mt_ruling_involved_mercenaries_alone_keep_their_side_in_the_war():
    # Red's armies are gone from neutral Blore (Marauders took the last); his Mercenaries
    # stay and fight on: 3 against Blore's 4, the neutral leads; with 5 he wins it.
    state = fresh(own={0: RED, 1: BLUE})
    state.mercs[at("blore")][0] = 3
    state.mercs_left = 5
    state.invalidate_caches()
    assert war.at_war(state, at("blore")) and war.invaders(state, at("blore")) == [0]
    assert war.leaders(state, at("blore")) == [NEUTRAL]
    assert acts(state, "end-war") == ["end-war blore"]  # involved: he may end it, and lose
    assert acts(state, "place-armies blore") == []  # Place armies needs Army counters there
    state.mercs[at("blore")][0] = 5
    state.mercs_left = 3
    state.invalidate_caches()
    play(state, "end-war blore")
    assert state.owner[at("blore")] == 0 and state.mercs[at("blore")] == [0, 0]
    assert state.mercs_left == 8


@rules("MT-RULING-DEFENDER")
def test_diplomat_stops_a_war_without_a_defender_counter():
    state = fresh(own={0: RED, 1: BLUE})
    to_seat(state, 1)
    position(state, hand={1: ["diplomat", "start-market"]}, armies={("iracund", 0): 3})
    play(state, "play diplomat iracund", "pay start-market gold")
    assert state.armies[at("iracund")] == [0, 0] and state.owner[at("iracund")] == 1
    assert state.held[1] == () and len(state.counters["defender-of-the-realm"]) == 6


@rules("MT-RULING-MYSTIC", "MT-FREE-2")
def test_mystic_takes_a_card_that_was_in_the_discard_pile_before_it():
    state = fresh(own={0: RED, 1: BLUE})
    position(
        state, hand={0: ["mystic", "start-market", "start-army"]}, discard={0: ["hero", "market"]}
    )
    assert acts(state, "play mystic") == ["play mystic hero", "play mystic market"]
    play(state, "play mystic hero")
    assert state.legal_actions() == ["pay start-army gold", "pay start-market gold"]
    play(state, "pay start-market gold")
    assert state.hand[0] == ["hero", "start-army"]
    assert state.discard[0] == ["market", "mystic", "start-market"] and state.actions == 0


@rules("MT-RULING-PHILOSOPHER")
def test_philosopher_with_a_short_improvement_deck():
    state = fresh(own={0: RED, 1: BLUE})
    state.imp_deck = ["queen", "scribe"]
    position(state, hand={0: ["philosopher", "start-market"]})
    play(state, "play philosopher", "draw scribe", "draw queen")
    assert state.legal_actions() == ["keep queen", "keep scribe"]  # both drawn, no third
    play(state, "keep queen")
    assert state.hand[0] == ["queen", "start-market"] and state.imp_deck == ["scribe"]
    assert "philosopher" not in state.discard[0]  # it left the game
    state.imp_deck = []
    position(state, hand={0: ["philosopher", "start-market"]})
    refused(state, "play philosopher")


@rules("MT-RULING-SCRIBE")
def test_scribe_claims_from_the_stock_at_the_card_value():
    state = fresh(
        own={0: ["ictus", "jeopigia", "palmain", "peened"], 1: BLUE},
        vp_cards=["lord-of-the-isles", "master-of-the-seas", "patronage", "spoils-of-war"],
    )
    assert state.stock == {1: 25 - 11, 2: 31 - 18 - 1 - 2, 3: 1}
    position(
        state,
        hand={0: ["start-ship", "ship"]},
        reserve={0: ["scribe"]},
        armies={("nesh", 0): 3},
        ships={("beast", 0): 1, ("serpent", 0): 1},
    )
    play(state, "end-war nesh")  # the large island is his: Lord of the Isles' 3
    assert state.legal_actions() == ["claim lord-of-the-isles", "claim stock"]
    play(state, "claim stock")
    assert state.held[0] == (3,) and state.stock[3] == 0
    assert state.counters["lord-of-the-isles"] == ("large", "small")
    # Ships in a third sea: Master of the Seas; from the stock it costs a Town for good.
    towns = state.towns[0]
    play(state, "place-ships inland1", "pay start-ship ship", "done")
    assert state.legal_actions() == ["claim master-of-the-seas", "claim stock"]
    play(state, "claim stock")
    assert state.held[0] == (2, 3) and state.towns[0] == towns - 1
    assert state.met[0] == frozenset({"three"})
    assert state.counters["master-of-the-seas"] == ("three", "four")


@rules("MT-RULING-COMPONENTS")
def test_an_action_needing_a_piece_not_left_is_not_offered():
    state = fresh(own={0: BUILDER, 1: ["trogle"]})
    position(
        state,
        hand={0: ["start-build", "quean", "start-market", "market", "mercenary"]},
        armies={("fadge", 0): 1},
    )
    assert "play start-build road quean iracund" in state.legal_actions()
    assert "play mercenary fadge 2" in state.legal_actions()
    state.roads_left = 0
    state.mercs_left = 1
    state.invalidate_caches()
    assert acts(state, "play start-build road") == []
    assert acts(state, "play mercenary") == ["play mercenary fadge 1"]
    state.cities[0] = 0
    state.invalidate_caches()
    assert acts(state, "play start-build city") == []


@rules("MT-RULING-SCAN")
def test_scan_fixes_in_names_and_verbs():
    cards = type(mytho()).catalog()
    assert cards["vp-defender-of-the-realm"]["name"] == "Defender of the Realm"
    assert cards["vp-gilded-city"]["name"] == "Gilded City"
    state = fresh(own={0: RED, 1: BLUE})
    position(state, hand={0: ["palmain", "start-army", "start-market", "limes", "nusus"]})
    verbs = {a.split()[0] for a in state.legal_actions()}
    assert "invade" in verbs and "invalidate" not in verbs
    assert "reserve" in verbs and "place" not in verbs  # one Reserve action
    # "If you win as the attacker": 3 VP (and the Citadel counter), never a strength bonus.
    state = fresh(
        own={0: RED, 1: BLUE},
        vp_cards=["citadel", "patronage", "spoils-of-war", "roadside-inns"],
        citadels={0: "palmain", 1: "iracund"},
    )
    position(state, hand={0: ["nusus"]}, armies={("iracund", 0): 3})
    assert war.sides(state, at("iracund")) == {1: 2, 0: 3}
    play(state, "end-war iracund")
    assert score(state, 0) == 18 + 1 + 3 and score(state, 1) == 12
