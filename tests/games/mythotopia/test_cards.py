"""One or more scenarios per Mythotopia card, named after the card.

Starting cards (MT-START), the 29 Improvement cards (MT-IMP) and the 13 Victory Point cards
(MT-VP), with the card rulings (MT-RULING-*). Each test builds a position with
:func:`game` (a real set-up, then every province not listed made neutral, hands and decks
emptied), plays legal actions and checks exact outcomes: counters held, scores, armies, card
piles, the VP cards' counters, and what is and is not offered.

Unless a test says otherwise red (seat 0) controls Palmain, Scombroid, Nusus, Diclesium and
Oxter (15 VP) and blue (seat 1) Trogle, Margent, Quean, Fadge and Lea (15 VP); every other
province is neutral (Blore between them, neutral 4, rugged, no sea).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest

from theomachy.engine.core import CHANCE
from theomachy.games.mythotopia import war
from theomachy.games.mythotopia.rules import P_INDEX, PROVINCES, S_INDEX, MythotopiaState
from theomachy.games.mythotopia.war import CITADEL, CITY, NEUTRAL, TOWN

from .scenario import QUIET_VP, draw, play, position, refill, setup

rules = pytest.mark.rules

RED, BLUE, GREEN = 0, 1, 2
RED_LANDS = ("palmain", "scombroid", "nusus", "diclesium", "oxter")
BLUE_LANDS = ("trogle", "margent", "quean", "fadge", "lea")
GREEN_LANDS = ("camarine", "eagre", "shog", "peened", "custus")
# Quiet VP cards without Roadside Inns (no offer after a road) and without Patronage.
NO_INNS = ["spoils-of-war", "defender-of-the-realm", "master-of-the-seas", "runestones"]


def game(
    red: Sequence[str] = RED_LANDS,
    blue: Sequence[str] = BLUE_LANDS,
    green: Sequence[str] | None = None,
    *,
    vp_cards: Sequence[str] = QUIET_VP,
    first: int = RED,
    dragons: Sequence[str] = (),
    runestones: Sequence[str] = (),
    citadels: dict[int, str] | None = None,
    **edits,
) -> MythotopiaState:
    """A game in play where each seat controls exactly the provinces listed for it.

    A real set-up deals the listed provinces (plus fillers), then the fillers become neutral
    (their cards back to the Province supply, Towns back to stock), every hand and draw deck
    is emptied and ``edits`` are applied with :func:`position`. Armies and ships given there
    come out of their owner's Available stock unless ``army_stock`` / ``ship_stock`` is given.
    """
    lands = {RED: list(red), BLUE: list(blue)}
    if green is not None:
        lands[GREEN] = list(green)
    players = len(lands)
    state = setup(
        players=players,
        provinces=lands,
        vp_cards=vp_cards,
        first=first,
        dragons=dragons,
        runestones=runestones,
        citadels=citadels,
    )
    keep = {p for cards in lands.values() for p in cards}
    neutral = {p: None for p in PROVINCES if state.owner[P_INDEX[p]] != NEUTRAL and p not in keep}
    empty = {seat: [] for seat in range(players)}
    position(state, owner=neutral, hand=empty, deck=empty)
    state.supply = sorted(p for p in PROVINCES if p not in keep)
    for seat in range(players):
        towns_out = sum(
            1 for p, o in enumerate(state.owner) if o == seat and state.piece[p] == TOWN
        )
        state.towns[seat] = (16 if players == 2 else 12) - towns_out
    position(state, **edits)
    # Counters put on the board come out of the Available stock.
    if "army_stock" not in edits:
        for (_, seat), n in (edits.get("armies") or {}).items():
            state.army_stock[seat] -= n
    if "ship_stock" not in edits:
        for (_, seat), n in (edits.get("ships") or {}).items():
            state.ship_stock[seat] -= n
    state.invalidate_caches()
    return state


def legal(state: MythotopiaState) -> list[str]:
    return state.legal_actions()


def starting(state: MythotopiaState, prefix: str) -> list[str]:
    """The legal actions that start with ``prefix``."""
    return [a for a in state.legal_actions() if a.startswith(prefix)]


def armies(state: MythotopiaState, province: str) -> list[int]:
    return list(state.armies[P_INDEX[province]])


def ships(state: MythotopiaState, sea: str) -> list[int]:
    return list(state.ships[S_INDEX[sea]])


def owner(state: MythotopiaState, province: str) -> int:
    return state.owner[P_INDEX[province]]


def set_mercs(state: MythotopiaState, province: str, seat: int, n: int) -> None:
    state.mercs[P_INDEX[province]][seat] = n
    state.mercs_left -= n
    state.invalidate_caches()


def finish_turn(state: MythotopiaState) -> MythotopiaState:
    """Pass the current player's remaining actions, end the turn and draw the refill."""
    who = state.current
    while state.current_player == who and state.actions < 2:
        play(state, "pass")
    if state.current_player == who and "end-turn" in legal(state):
        play(state, "end-turn")
    refill(state)
    return state


def chance_cards(state: MythotopiaState) -> list[str]:
    """The cards the pending draw may give."""
    assert state.current_player == CHANCE
    return [a.removeprefix("draw ") for a, _ in state.chance_outcomes()]


def scores(state: MythotopiaState) -> list[int]:
    return [war.score(state, seat) for seat in range(state.game.players)]


def none_of(actions: Iterable[str], state: MythotopiaState) -> None:
    offered = set(legal(state))
    assert not set(actions) & offered, sorted(set(actions) & offered)


# ------------------------------------------------------------------------------ starting cards


@rules("MT-START-ARMY", "MT-PAY-1")
def test_start_army_gives_two_armies_or_one_gold():
    state = game(hand={RED: ["palmain", "start-army", "start-market"]})
    play(state, "invade blore palmain")
    pays = starting(state, "pay")
    assert pays == ["pay start-army army", "pay start-market food"]  # never food or gold here
    play(state, "pay start-army army", "pay start-market food", "done")
    assert armies(state, "blore") == [2, 0]  # both army symbols of the one card
    assert state.army_stock[RED] == 4
    assert state.discard[RED] == ["palmain", "start-army", "start-market"]
    # ... or one gold, never both: alone it buys one army, not two.
    state = game(hand={RED: ["start-army"]})
    assert "buy 1 0" in legal(state)
    none_of(["buy 2 0", "buy 0 1"], state)
    play(state, "buy 1 0", "pay start-army gold")
    assert (state.army_stock[RED], state.army_pool[RED]) == (7, 13)
    assert state.hand[RED] == [] and state.discard[RED] == ["start-army"]


@rules("MT-START-BUILD", "MT-VP-CASTLE", "MT-CARD-4")
def test_start_build_builds_with_other_stone_and_is_stone_for_another_build():
    state = game(hand={RED: ["start-build", "palmain", "start-market"]})
    assert "play start-build castle palmain" in legal(state)
    assert "play start-build city palmain" not in legal(state)  # one stone only
    play(state, "play start-build castle palmain", "pay start-market stone")
    assert state.castle[P_INDEX["palmain"]]
    assert state.held[RED] == (2,) and len(state.counters["castle"]) == 5
    assert scores(state) == [17, 15]
    assert state.discard[RED] == ["palmain", "start-build", "start-market"]
    assert state.actions == 1
    # The card played for its action gives no stone to that action ...
    state = game(hand={RED: ["start-build", "palmain"]})
    assert starting(state, "play start-build") == []
    # ... but it is one stone for another Build card.
    state = game(hand={RED: ["build", "start-build", "palmain"]})
    assert starting(state, "play") == [
        "play build castle palmain",
        "play start-build castle palmain",
    ]
    play(state, "play build castle palmain", "pay start-build stone")
    assert state.castle[P_INDEX["palmain"]] and state.held[RED] == (2,)


@rules("MT-START-MARKET", "MT-RULING-FIFTH-CARD")
def test_start_market_gives_one_of_gold_food_or_stone():
    state = game(hand={RED: ["start-market"]})
    assert "buy 1 0" in legal(state)
    none_of(["buy 2 0", "buy 0 1"], state)  # one gold, not all three symbols
    state = game(hand={RED: ["start-market", "start-market"]})  # the two copies
    assert {"buy 2 0", "buy 0 1"} <= set(legal(state))
    assert "buy 3 0" not in legal(state)
    play(state, "buy 0 1", "pay start-market gold")
    assert state.pending is not None and dict(state.pending.needs) == {"gold": 1}
    play(state, "pay start-market gold")
    assert (state.ship_stock[RED], state.ship_pool[RED]) == (3, 5)
    assert state.discard[RED] == ["start-market", "start-market"]
    # Food for an invasion, stone for a castle.
    state = game(hand={RED: ["palmain", "start-market", "start-army", "start-build"]})
    play(state, "invade blore palmain", "pay start-market food", "pay start-army army", "done")
    assert armies(state, "blore") == [2, 0]
    state = game(hand={RED: ["scombroid", "start-market", "start-build"]})
    play(state, "play start-build castle scombroid", "pay start-market stone")
    assert state.castle[P_INDEX["scombroid"]]


@rules("MT-START-SHIP", "MT-INVADE-4", "MT-RULING-ROUTE")
def test_start_ship_crosses_a_sea_or_gives_a_ship_or_a_food():
    # Palmain to Ictus: across the Serpent Sea, one food and one crossing. The Ship card alone
    # cannot pay both.
    state = game(hand={RED: ["palmain", "start-ship", "start-army"]})
    assert not starting(state, "invade ictus")
    state = game(hand={RED: ["palmain", "start-ship", "start-army", "start-market"]})
    assert "invade ictus palmain sea" in legal(state)
    assert "invade jeopigia palmain sea" not in legal(state)  # two seas need two Ship cards
    play(state, "invade ictus palmain sea")
    assert "pay start-ship cross" in legal(state)
    play(state, "pay start-ship cross")
    assert "pay start-ship food" not in legal(state)  # played: gone
    play(state, "pay start-market food", "pay start-army army", "done")
    assert armies(state, "ictus") == [2, 0]
    # One ship symbol: one Ship counter in a sea touching a province of the player.
    state = game(hand={RED: ["start-ship"]})
    assert starting(state, "place-ships") == ["place-ships serpent"]
    play(state, "place-ships serpent", "pay start-ship ship", "done")
    assert ships(state, "serpent") == [1, 0] and state.ship_stock[RED] == 1
    # One food: place armies in a province invaded but not controlled.
    state = game(hand={RED: ["start-ship", "start-army"]}, armies={("blore", RED): 1})
    play(state, "place-armies blore", "pay start-ship food", "pay start-army army", "done")
    assert armies(state, "blore") == [3, 0]


# ------------------------------------------------------------------------- Improvement cards


@rules("MT-IMP-ALCHEMIST", "MT-RULING-VP-STOCK")
def test_alchemist_trades_a_1vp_for_a_2vp():
    state = game(hand={RED: ["alchemist"]}, held={RED: [1, 2]})
    stock = dict(state.stock)
    assert stock == {1: 4, 2: 13, 3: 2}  # the box less the 7 cards' counters in play
    cards = dict(state.counters)
    assert {"play alchemist 1", "play alchemist 2"} <= set(legal(state))
    play(state, "play alchemist 1")
    assert state.held[RED] == (2, 2)
    assert state.stock == {1: 5, 2: 12, 3: 2}
    assert state.counters == cards  # nothing from a VP card
    assert scores(state) == [19, 15]  # 15 + 3 -> 15 + 4
    assert state.actions == 1 and state.discard[RED] == ["alchemist"]


@rules("MT-IMP-ALCHEMIST")
def test_alchemist_trades_a_2vp_for_a_3vp_and_only_what_you_hold():
    state = game(hand={RED: ["alchemist"]}, held={RED: [2]})
    assert starting(state, "play alchemist") == ["play alchemist 2"]  # no 1VP held
    play(state, "play alchemist 2")
    assert state.held[RED] == (3,) and state.stock == {1: 4, 2: 14, 3: 1}
    state = game(hand={RED: ["alchemist"]})
    assert starting(state, "play alchemist") == []  # nothing held


@rules("MT-IMP-ALCHEMIST")
def test_alchemist_not_offered_when_the_stock_lacks_the_higher_counter():
    state = game(hand={RED: ["alchemist"]}, held={RED: [1, 2]})
    state.stock[2] = 0  # the City card still has 2VP counters: they do not count
    state.stock[3] = 0
    state.invalidate_caches()
    assert len(state.counters["city"]) == 6
    assert starting(state, "play alchemist") == []


@rules("MT-IMP-ARMY", "MT-RULING-SYMBOLS")
def test_army_card_gives_two_armies_or_one_gold():
    state = game(hand={RED: ["army"]})
    play(state, "place-armies palmain", "pay army army", "done")
    assert armies(state, "palmain") == [2, 0] and state.army_stock[RED] == 4
    state = game(hand={RED: ["army"]})
    assert "draft portal" not in legal(state)  # portal is not on the display
    play(state, "draft hero")
    assert starting(state, "pay") == ["pay army gold"]
    play(state, "pay army gold")
    assert state.discard[RED] == ["army", "hero"] and "hero" not in state.display
    state = game(hand={RED: ["army"]})
    none_of(["buy 2 0", "buy 0 1"], state)  # one gold only


@rules("MT-IMP-BUILD", "MT-VP-ROAD", "MT-BUILD-4", "MT-TERRAIN-1")
def test_build_card_builds_roads_paying_a_stone_more_across_hills():
    state = game(
        red=("palmain", "scombroid", "blore", "quean"),
        blue=("trogle",),
        vp_cards=NO_INNS,
        hand={RED: ["build", "palmain", "start-market", "market"]},
    )
    assert "play build road palmain scombroid" in legal(state)
    assert "play build road palmain blore" in legal(state)
    play(state, "play build road palmain scombroid", "pay start-market stone", "pay market stone")
    p, q = P_INDEX["palmain"], P_INDEX["scombroid"]
    assert (min(p, q), max(p, q)) in state.roads and state.roads_left == 19
    assert state.held[RED] == (2,) and len(state.counters["road"]) == 5
    assert state.discard[RED] == ["build", "market", "palmain", "start-market"]
    # Blore-Quean is a hill border: 3 stone; two are not enough.
    state = game(
        red=("blore", "quean"),
        blue=("trogle",),
        vp_cards=NO_INNS,
        hand={RED: ["build", "blore", "start-market", "market"]},
    )
    assert "play build road blore quean" not in legal(state)
    state = game(
        red=("blore", "quean"),
        blue=("trogle",),
        vp_cards=NO_INNS,
        hand={RED: ["build", "blore", "start-market", "start-market", "market"]},
    )
    play(state, "play build road blore quean")
    assert dict(state.pending.needs) == {"stone": 3}


@rules("MT-IMP-BUILD", "MT-VP-CITY", "MT-BUILD-2", "MT-RESERVE-1")
def test_build_card_builds_a_city_on_a_town_raising_the_reserve():
    state = game(hand={RED: ["build", "palmain", "start-market", "market"]})
    assert state.reserve_limit(RED) == 2
    assert "play build city palmain" in legal(state)
    towns, cities = state.towns[RED], state.cities[RED]
    play(state, "play build city palmain", "pay start-market stone", "pay market stone")
    assert state.piece[P_INDEX["palmain"]] == CITY and owner(state, "palmain") == RED
    assert (state.towns[RED], state.cities[RED]) == (towns + 1, cities - 1)
    assert state.held[RED] == (2,) and len(state.counters["city"]) == 5
    assert scores(state) == [17, 15]
    assert state.reserve_limit(RED) == 3
    # No second city on a city.
    position(state, hand={RED: ["build", "palmain", "start-market", "market"]})
    assert "play build city palmain" not in legal(state)
    assert "play build castle palmain" in legal(state)


@rules("MT-IMP-CAVALRY", "MT-STRENGTH-3")
def test_cavalry_adds_one_to_an_invader_only():
    state = game(armies={("blore", RED): 4})  # 4 against neutral Blore's 4: a tie
    assert war.sides(state, P_INDEX["blore"]) == {NEUTRAL: 4, RED: 4}
    assert not starting(state, "end-war")
    state = game(armies={("blore", RED): 4}, reserve={RED: ["cavalry"]})
    assert war.sides(state, P_INDEX["blore"]) == {NEUTRAL: 4, RED: 5}
    play(state, "end-war blore")
    assert owner(state, "blore") == RED and armies(state, "blore") == [0, 0]
    assert state.army_stock[RED] == 6 and scores(state) == [18, 15]
    assert "blore" in state.discard[RED] and state.reserve[RED] == ["cavalry"]
    # Defending Palmain against blue: no bonus.
    state = game(armies={("palmain", BLUE): 2, ("palmain", RED): 1}, reserve={RED: ["cavalry"]})
    assert war.sides(state, P_INDEX["palmain"]) == {RED: 1, BLUE: 2}


@rules("MT-IMP-COUNSELLOR", "MT-FREE-1")
def test_counsellor_discards_then_draws_one_more():
    state = game(
        hand={RED: ["counsellor", "palmain", "scombroid", "start-army"]},
        deck={RED: ["nusus", "oxter", "start-build", "start-ship"]},
        armies={("blore", RED): 5},
    )
    assert "end-war blore" in legal(state)
    play(state, "play counsellor")
    assert state.actions == 0  # a free action
    assert "done" not in legal(state)  # at least one card
    assert set(legal(state)) == {"discard palmain", "discard scombroid", "discard start-army"}
    play(state, "discard palmain", "discard scombroid", "done")
    assert state.current_player == CHANCE
    draw(state, "nusus", "oxter", "start-build")  # two for the discards, one for Counsellor
    assert state.current_player == RED
    assert state.hand[RED] == ["nusus", "oxter", "start-army", "start-build"]
    assert state.deck[RED] == ["start-ship"]
    assert state.discard[RED] == ["counsellor", "palmain", "scombroid"]
    assert starting(state, "end-war") == []  # a free action came first
    # Counsellor needs another card in hand to discard.
    state = game(hand={RED: ["counsellor"]}, reserve={RED: ["limes"]})
    assert "play counsellor" not in legal(state)


@rules("MT-IMP-COUNSELLOR", "MT-RESERVE-2")
def test_counsellor_played_from_the_reserve_draws_no_replacement_for_itself():
    # "You then draw replacements from your deck, including one for this card": a replacement
    # is for a card that left the hand; Counsellor played from the Reserve left none, as
    # "You can discard cards from your Reserve ... but you do not draw replacements for these".
    state = game(
        hand={RED: ["palmain", "scombroid", "start-army"]},
        reserve={RED: ["counsellor", "limes"]},
        deck={RED: ["nusus", "oxter", "start-build", "start-ship"]},
    )
    play(state, "play counsellor")
    assert state.reserve[RED] == ["limes"] and state.pending.args == ("reserve",)
    play(state, "discard palmain", "discard scombroid", "discard reserve limes", "done")
    assert state.current_player == CHANCE
    draw(state, "nusus", "oxter")  # two, for the two cards from the hand
    assert state.current_player == RED
    assert state.hand[RED] == ["nusus", "oxter", "start-army"]
    assert state.deck[RED] == ["start-build", "start-ship"]
    assert state.discard[RED] == ["counsellor", "limes", "palmain", "scombroid"]
    # From the Reserve it still needs a card in the hand to discard.
    state = game(hand={RED: []}, reserve={RED: ["counsellor"]})
    assert "play counsellor" not in legal(state)
    state = game(hand={RED: ["palmain"]}, reserve={RED: ["counsellor"]})
    assert "play counsellor" in legal(state)


@rules("MT-IMP-COUNSELLOR", "MT-TURN-4")
def test_counsellor_keeps_itself_and_its_discards_out_of_a_reshuffle():
    state = game(
        hand={RED: ["counsellor", "palmain", "start-army"]},
        reserve={RED: ["limes"]},
        deck={RED: ["nusus"]},
        discard={RED: ["oxter"]},
    )
    play(state, "play counsellor", "discard palmain", "discard reserve limes", "done")
    # Two draws: one for Palmain, one for Counsellor; none for the Reserve card.
    assert chance_cards(state) == ["nusus"]
    draw(state, "nusus")
    assert chance_cards(state) == ["oxter"]  # reshuffled: only the old discard pile
    draw(state, "oxter")
    assert state.current_player == RED
    assert state.hand[RED] == ["nusus", "oxter", "start-army"]
    assert state.reserve[RED] == [] and state.deck[RED] == []
    assert state.discard[RED] == ["counsellor", "limes", "palmain"]


@rules("MT-IMP-DIPLOMAT", "MT-RULING-DEFENDER", "MT-VP-DEFENDER-OF-THE-REALM")
def test_diplomat_stops_a_war_and_the_defender_keeps_the_province():
    state = game(
        hand={RED: ["diplomat", "start-market"]},
        armies={("palmain", BLUE): 3, ("palmain", RED): 1, ("iracund", BLUE): 2},
    )
    set_mercs(state, "palmain", BLUE, 1)
    offered = starting(state, "play diplomat")
    assert offered == ["play diplomat palmain"]  # not Iracund: red is not involved
    play(state, "play diplomat palmain")
    assert starting(state, "pay") == ["pay start-market gold"]
    play(state, "pay start-market gold")
    assert armies(state, "palmain") == [0, 0] and state.mercs[P_INDEX["palmain"]] == [0, 0]
    assert (state.army_stock[RED], state.army_stock[BLUE]) == (6, 4)
    assert state.mercs_left == 8
    assert owner(state, "palmain") == RED and not war.at_war(state, P_INDEX["palmain"])
    assert state.held[RED] == () and len(state.counters["defender-of-the-realm"]) == 6
    assert armies(state, "iracund") == [0, 2]
    assert state.actions == 1 and state.discard[RED] == ["diplomat", "start-market"]
    # The second action too; but never without a gold.
    state = game(hand={RED: ["diplomat"]}, armies={("palmain", BLUE): 3})
    assert starting(state, "play diplomat") == []
    state = game(hand={RED: ["diplomat", "start-army"]}, armies={("blore", RED): 2})
    play(state, "pass")
    assert starting(state, "play diplomat") == ["play diplomat blore"]


@rules("MT-IMP-FARMING", "MT-PAY-3", "MT-RULING-CONVERTERS")
def test_farming_makes_any_card_one_food_once_a_turn():
    state = game(
        hand={RED: ["palmain", "start-army", "start-build", "scombroid"]},
        reserve={RED: ["farming"]},
    )
    assert "invade blore palmain" in legal(state)
    play(state, "invade blore palmain")
    assert "pay start-build food farming" in legal(state)
    assert "pay reserve farming food" in legal(state)  # its own food symbol
    play(state, "pay start-build food farming", "pay start-army army", "done")
    assert armies(state, "blore") == [2, 0]
    assert state.reserve[RED] == ["farming"]  # not discarded by its use
    # Once a turn: placing armies in Blore (one food) now needs a real food symbol; only
    # Farming's own symbol is left, which spends the card.
    position(state, hand={RED: ["scombroid", "start-army"]})
    play(state, "place-armies blore")
    assert "pay scombroid food farming" not in legal(state)
    assert "pay reserve farming food" in legal(state)
    play(state, "pay reserve farming food", "pay start-army army", "done")
    assert armies(state, "blore") == [4, 0] and state.reserve[RED] == []


@rules("MT-IMP-FARMING", "MT-RULING-CONVERTERS")
def test_farming_may_convert_itself_then_leaves_the_reserve():
    # Farming converts any card, itself included (it would give the same one food).
    state = game(hand={RED: ["palmain", "start-army"]}, reserve={RED: ["farming"]})
    play(state, "invade blore palmain")
    assert starting(state, "pay") == ["pay reserve farming food", "pay start-army army"]
    play(state, "pay reserve farming food", "pay start-army army", "done")
    assert state.reserve[RED] == [] and "farming" in state.discard[RED]
    position(state, hand={RED: ["scombroid", "start-army"]})
    assert "place-armies blore" not in legal(state)  # no food, no Farming


@rules("MT-IMP-GENERAL", "MT-BENEFIT-1")
def test_general_invades_from_any_controlled_province():
    state = game(hand={RED: ["general", "start-army", "start-market"]})
    invasions = starting(state, "invade")
    assert "invade blore general palmain" in invasions
    assert "invade talion general diclesium" in invasions  # the cheapest origin, by id
    assert "invade iracund general palmain" in invasions
    assert not any(" general trogle" in a for a in invasions)  # never from blue's province
    play(state, "invade blore general palmain", "pay start-market food", "pay start-army army")
    play(state, "done")
    assert armies(state, "blore") == [2, 0]
    assert state.discard[RED] == ["general", "start-army", "start-market"]
    # Without it, no Province card: no invasion at all.
    state = game(hand={RED: ["start-army", "start-market"]})
    assert starting(state, "invade") == []


@rules("MT-IMP-GENERAL", "MT-BUILD-1")
def test_general_builds_in_any_controlled_province():
    state = game(hand={RED: ["start-build", "general", "start-market"]})
    assert "play start-build castle oxter general" in legal(state)
    assert not any(" general" in a and "trogle" in a for a in legal(state))
    play(state, "play start-build castle oxter general", "pay start-market stone")
    assert state.castle[P_INDEX["oxter"]] and state.held[RED] == (2,)
    assert state.discard[RED] == ["general", "start-build", "start-market"]
    state = game(hand={RED: ["start-build", "start-market"]})
    assert starting(state, "play start-build") == []


@rules("MT-IMP-GOLD-MINE", "MT-PAY-3", "MT-RULING-CONVERTERS", "MT-RULING-RESERVE-USE")
def test_gold_mine_makes_any_card_one_gold_once_a_turn():
    state = game(hand={RED: ["palmain", "scombroid"]}, reserve={RED: ["gold-mine"]})
    # One conversion or Gold Mine's own gold, never both in one action (one card, one use).
    assert "buy 1 0" in legal(state)
    assert "buy 2 0" not in legal(state) and "buy 0 1" not in legal(state)
    play(state, "draft hero")
    assert starting(state, "pay") == [
        "pay palmain gold gold-mine",
        "pay reserve gold-mine gold",
        "pay scombroid gold gold-mine",
    ]
    play(state, "pay palmain gold gold-mine")
    assert state.discard[RED] == ["hero", "palmain"] and state.reserve[RED] == ["gold-mine"]
    # Used this turn: Scombroid gives no gold now; only the Gold Mine's own symbol.
    assert "buy 1 0" in legal(state) and "buy 2 0" not in legal(state)
    play(state, "buy 1 0")
    assert starting(state, "pay") == ["pay reserve gold-mine gold"]
    play(state, "pay reserve gold-mine gold")
    assert state.army_stock[RED] == 7 and state.reserve[RED] == []
    # Next turn it converts again.
    state = game(hand={RED: ["palmain", "scombroid"]}, reserve={RED: ["gold-mine"]})
    play(state, "draft hero", "pay palmain gold gold-mine")
    finish_turn(state)  # red
    finish_turn(state)  # blue
    assert state.current_player == RED
    position(state, hand={RED: ["scombroid"]})
    assert "buy 1 0" in legal(state) and "buy 2 0" not in legal(state)
    play(state, "buy 1 0")
    assert starting(state, "pay") == ["pay reserve gold-mine gold", "pay scombroid gold gold-mine"]
    play(state, "pay scombroid gold gold-mine")
    assert state.army_stock[RED] == 7 and state.reserve[RED] == ["gold-mine"]


@rules("MT-IMP-HERO", "MT-RULING-HERO", "MT-WAR-2")
def test_hero_wins_a_tie_you_are_in():
    state = game(hand={RED: ["hero"]}, armies={("blore", RED): 4})  # 4 against 4
    ends = starting(state, "end-war")
    assert ends == ["end-war blore hero"]
    play(state, "end-war blore hero")
    assert owner(state, "blore") == RED and armies(state, "blore") == [0, 0]
    assert state.discard[RED] == ["blore", "hero"] and state.hand[RED] == []
    assert scores(state) == [18, 15] and state.actions == 1


@rules("MT-IMP-HERO", "MT-RULING-HERO")
def test_hero_not_offered_without_a_tie_or_outside_it():
    # A clear winner: the plain end-war only.
    state = game(hand={RED: ["hero"]}, armies={("blore", RED): 5})
    assert starting(state, "end-war") == ["end-war blore"]
    # Blue ties neutral Iracund: red is not involved there.
    state = game(hand={RED: ["hero"]}, armies={("iracund", BLUE): 2})
    assert starting(state, "end-war") == []
    # Blue ties neutral Blore (4 each); red is involved with 1 army but not among the tied.
    state = game(hand={RED: ["hero"]}, armies={("blore", BLUE): 4, ("blore", RED): 1})
    assert war.leaders(state, P_INDEX["blore"]) == [NEUTRAL, BLUE]
    assert starting(state, "end-war") == []
    # Only as the first action of the turn, like any End a war.
    state = game(hand={RED: ["hero", "start-army"]}, armies={("blore", RED): 4})
    play(state, "pass")
    assert starting(state, "end-war") == []


@rules("MT-IMP-LEVIES", "MT-PAY-3", "MT-RULING-CONVERTERS")
def test_levies_makes_any_card_one_army_once_a_turn():
    state = game(
        hand={RED: ["palmain", "start-market", "start-build", "scombroid"]},
        reserve={RED: ["levies"]},
    )
    play(state, "invade blore palmain", "pay start-market food")
    pays = starting(state, "pay")
    assert "pay start-build army levies" in pays and "pay reserve levies army" in pays
    play(state, "pay start-build army levies")
    assert "pay scombroid army levies" not in legal(state)  # once a turn
    play(state, "done")
    assert armies(state, "blore") == [1, 0] and state.reserve[RED] == ["levies"]
    # Without Levies those cards carry no army: no invasion.
    state = game(hand={RED: ["palmain", "start-market", "start-build"]})
    assert starting(state, "invade") == []


@rules("MT-IMP-LIMES", "MT-STRENGTH-3")
def test_limes_adds_one_to_a_defender_only():
    state = game(armies={("palmain", BLUE): 2, ("palmain", RED): 1})
    assert war.sides(state, P_INDEX["palmain"]) == {RED: 1, BLUE: 2}
    assert starting(state, "end-war") == ["end-war palmain"]  # blue would win
    state = game(armies={("palmain", BLUE): 2, ("palmain", RED): 1}, reserve={RED: ["limes"]})
    assert war.sides(state, P_INDEX["palmain"]) == {RED: 2, BLUE: 2}
    assert starting(state, "end-war") == []  # a tie
    position(state, armies={("palmain", RED): 2})
    play(state, "end-war palmain")
    assert owner(state, "palmain") == RED and state.held[RED] == (1,)  # Defender of the Realm
    # Invading, no bonus.
    state = game(armies={("blore", RED): 4}, reserve={RED: ["limes"]})
    assert war.sides(state, P_INDEX["blore"]) == {NEUTRAL: 4, RED: 4}


@rules("MT-IMP-MARKET")
def test_market_gives_one_of_gold_food_or_stone():
    state = game(hand={RED: ["start-build", "palmain", "market"]})
    assert "play start-build castle palmain" in legal(state)
    assert "play start-build city palmain" not in legal(state)
    play(state, "play start-build castle palmain", "pay market stone")
    assert state.castle[P_INDEX["palmain"]]
    state = game(hand={RED: ["market"]})
    assert "buy 1 0" in legal(state) and "buy 2 0" not in legal(state)
    state = game(hand={RED: ["palmain", "market", "start-army"]})
    play(state, "invade blore palmain", "pay market food", "pay start-army army", "done")
    assert armies(state, "blore") == [2, 0] and "market" in state.discard[RED]


@rules("MT-IMP-MARAUDERS", "MT-RULING-MARAUDERS", "MT-RULING-INVOLVED")
def test_marauders_sends_one_army_home_from_any_province():
    state = game(
        hand={RED: ["marauders"]},
        armies={("iracund", BLUE): 3, ("blore", RED): 1, ("trogle", BLUE): 2},
    )
    assert set(starting(state, "play marauders")) == {
        "play marauders blore 0",
        "play marauders iracund 1",
        "play marauders trogle 1",  # not at war: still a target
    }
    play(state, "play marauders iracund 1")
    assert armies(state, "iracund") == [0, 2] and state.army_stock[BLUE] == 2
    assert state.actions == 1 and state.discard[RED] == ["marauders"]
    # The last army goes; blue's Mercenaries stay (no rule sends them home) and keep blue in
    # the war in neutral Iracund: 2 against its 2.
    state = game(hand={RED: ["marauders"]}, armies={("iracund", BLUE): 1})
    set_mercs(state, "iracund", BLUE, 2)
    assert state.mercs_left == 6
    play(state, "play marauders iracund 1")
    assert armies(state, "iracund") == [0, 0] and state.mercs[P_INDEX["iracund"]] == [0, 2]
    assert state.mercs_left == 6 and war.at_war(state, P_INDEX["iracund"])
    assert war.invaders(state, P_INDEX["iracund"]) == [BLUE]
    assert war.sides(state, P_INDEX["iracund"]) == {NEUTRAL: 2, BLUE: 2}
    assert starting(state, "play marauders") == []  # Mercenaries are no Army counters
    # No Army counter anywhere: nothing to target.
    state = game(hand={RED: ["marauders"]})
    assert starting(state, "play marauders") == []


@rules("MT-IMP-MERCENARY", "MT-STRENGTH-1", "MT-ARMIES-3")
def test_mercenary_adds_one_or_two_mercenaries_for_a_gold():
    state = game(hand={RED: ["mercenary", "start-market"]}, armies={("blore", RED): 3})
    assert starting(state, "play mercenary") == [
        "play mercenary blore 1",
        "play mercenary blore 2",
    ]  # only where red has an Army counter
    play(state, "play mercenary blore 2", "pay start-market gold")
    assert state.mercs[P_INDEX["blore"]] == [2, 0] and state.mercs_left == 6
    assert war.sides(state, P_INDEX["blore"]) == {NEUTRAL: 4, RED: 5}
    assert state.discard[RED] == ["mercenary", "start-market"]
    # Next turn red wins Blore with them (5 against 4); they go back to the supply.
    finish_turn(state)  # red
    finish_turn(state)  # blue
    play(state, "end-war blore")
    assert owner(state, "blore") == RED and state.mercs_left == 8
    assert state.mercs[P_INDEX["blore"]] == [0, 0] and state.army_stock[RED] == 6


@rules("MT-IMP-MERCENARY", "MT-ARMIES-3")
def test_mercenary_needs_a_gold_and_its_counters_come_off_with_remove_armies():
    state = game(hand={RED: ["mercenary"]}, armies={("blore", RED): 3})
    assert starting(state, "play mercenary") == []  # no gold
    state = game(armies={("palmain", RED): 1})
    set_mercs(state, "palmain", RED, 2)
    assert {"remove-armies palmain 0 2", "remove-armies palmain 1 2"} <= set(legal(state))
    play(state, "remove-armies palmain 0 1")
    assert state.mercs[P_INDEX["palmain"]] == [1, 0] and state.mercs_left == 7
    assert armies(state, "palmain") == [1, 0]
    play(state, "remove-armies palmain 1 0")  # the Mercenary stays without the army
    assert state.mercs[P_INDEX["palmain"]] == [1, 0] and state.mercs_left == 7
    assert state.army_stock[RED] == 6 and armies(state, "palmain") == [0, 0]
    assert state.current == BLUE  # red's hand was empty: his turn ended by itself
    finish_turn(state)
    assert legal(state).count("remove-armies palmain 0 1") == 1  # alone, as the card says
    play(state, "remove-armies palmain 0 1")
    assert state.mercs[P_INDEX["palmain"]] == [0, 0] and state.mercs_left == 8


@rules("MT-IMP-MERCHANT", "MT-PAY-4")
def test_merchant_turns_a_food_card_into_gold():
    state = game(hand={RED: ["merchant", "nusus", "start-market"]})
    assert "buy 2 0" in legal(state)  # Nusus's food made gold, and the Market's gold
    assert "buy 3 0" not in legal(state)  # Merchant goes with Nusus: its own gold is not added
    play(state, "buy 2 0")
    assert "pay nusus gold merchant" in legal(state)
    assert "pay nusus gold" not in legal(state)  # Nusus alone has no gold
    play(state, "pay nusus gold merchant", "pay start-market gold")
    assert state.army_stock[RED] == 8 and state.army_pool[RED] == 12
    assert state.hand[RED] == [] and state.discard[RED] == ["merchant", "nusus", "start-market"]


@rules("MT-IMP-MERCHANT")
def test_merchant_changes_food_stone_or_gold_never_army():
    state = game(hand={RED: ["merchant", "nusus"]})
    assert "buy 1 0" in legal(state)
    assert "buy 2 0" not in legal(state)  # with Nusus it is one gold either way
    play(state, "draft hero", "pay nusus gold merchant")
    assert state.discard[RED] == ["hero", "merchant", "nusus"]
    # Scombroid has only an army symbol: nothing to change. The Starting Ship's food can.
    state = game(hand={RED: ["merchant", "scombroid", "start-ship"]})
    play(state, "draft hero")
    assert "pay scombroid gold merchant" not in legal(state)
    assert "pay start-ship gold merchant" in legal(state)  # its food symbol made gold
    # The Province card for a castle and a food card made stone.
    state = game(hand={RED: ["start-build", "palmain", "merchant", "nusus"]})
    play(state, "play start-build castle palmain")
    assert starting(state, "pay") == ["pay nusus stone merchant"]
    play(state, "pay nusus stone merchant")
    assert state.castle[P_INDEX["palmain"]]
    assert state.discard[RED] == ["merchant", "nusus", "palmain", "start-build"]


@rules("MT-IMP-MILITIA", "MT-FREE-2")
def test_militia_moves_one_army_from_pool_to_stock_as_a_free_action():
    state = game(hand={RED: ["militia", "start-army"]}, armies={("blore", RED): 5})
    assert "play militia" in legal(state)
    play(state, "play militia")
    assert (state.army_pool[RED], state.army_stock[RED]) == (13, 2)
    assert state.actions == 0 and state.discard[RED] == ["militia"]
    assert starting(state, "end-war") == []  # a free action came first
    # An empty pool: nothing to move.
    state = game(hand={RED: ["militia"]})
    state.army_pool[RED] = 0
    state.invalidate_caches()
    assert "play militia" not in legal(state)


@rules("MT-IMP-MYSTIC", "MT-RULING-MYSTIC")
def test_mystic_takes_a_card_back_from_the_discard_pile_for_a_gold():
    state = game(hand={RED: ["mystic", "start-market"]}, discard={RED: ["palmain", "start-army"]})
    assert starting(state, "play mystic") == ["play mystic palmain", "play mystic start-army"]
    play(state, "play mystic start-army")
    assert starting(state, "pay") == ["pay start-market gold"]
    play(state, "pay start-market gold")
    assert state.hand[RED] == ["start-army"]
    assert state.discard[RED] == ["mystic", "palmain", "start-market"]
    assert state.actions == 0  # free
    # Mystic and its gold card reach the pile only after the choice: never taken back by it.
    state = game(hand={RED: ["mystic", "start-market", "market"]}, discard={RED: ["start-market"]})
    assert starting(state, "play mystic") == ["play mystic start-market"]
    assert "play mystic mystic" not in legal(state)
    # No gold, or an empty pile: not offered.
    state = game(hand={RED: ["mystic", "scombroid"]}, discard={RED: ["palmain"]})
    assert starting(state, "play mystic") == []
    state = game(hand={RED: ["mystic", "start-market"]})
    assert starting(state, "play mystic") == []


@rules("MT-IMP-PHILOSOPHER", "MT-RULING-PHILOSOPHER")
def test_philosopher_keeps_one_of_three_improvement_cards_and_leaves_the_game():
    state = game(hand={RED: ["philosopher"]})
    state.imp_deck = ["queen", "ranger", "scribe", "ship"]
    state.invalidate_caches()
    play(state, "play philosopher")
    assert state.actions == 1
    assert chance_cards(state) == ["queen", "ranger", "scribe", "ship"]
    draw(state, "ranger", "ship")
    assert chance_cards(state) == ["queen", "scribe"]
    draw(state, "queen")
    assert state.current_player == RED
    assert legal(state) == ["keep queen", "keep ranger", "keep ship"]
    play(state, "keep ship")
    assert state.hand[RED] == ["ship"]
    assert state.imp_deck == ["queen", "ranger", "scribe"]  # the two others go back
    assert "philosopher" not in state.discard[RED] + state.hand[RED] + state.imp_deck
    assert "philosopher" not in state.display


@rules("MT-IMP-PHILOSOPHER", "MT-RULING-PHILOSOPHER")
def test_philosopher_with_a_short_or_empty_improvement_deck():
    state = game(hand={RED: ["philosopher"]})
    state.imp_deck = ["warehouse", "hero"]
    state.invalidate_caches()
    play(state, "play philosopher")
    draw(state, "hero", "warehouse")  # fewer than three: all of them
    assert legal(state) == ["keep hero", "keep warehouse"]
    play(state, "keep hero")
    assert state.hand[RED] == ["hero"] and state.imp_deck == ["warehouse"]
    state = game(hand={RED: ["philosopher"]})
    state.imp_deck = []
    state.invalidate_caches()
    assert "play philosopher" not in legal(state)


@rules("MT-IMP-PORTAL", "MT-BENEFIT-1")
def test_portal_invades_any_province_for_one_food():
    state = game(hand={RED: ["portal", "start-army", "start-market"]})
    invasions = starting(state, "invade")
    for target in ("ictus", "welkin", "trogle", "aporia", "blore"):
        assert f"invade {target} portal" in invasions
    assert "invade palmain portal" not in invasions  # never one's own
    play(state, "invade welkin portal")
    assert dict(state.pending.needs) == {"food": 1}
    play(state, "pay start-market food", "pay start-army army", "done")
    assert armies(state, "welkin") == [2, 0]
    assert state.discard[RED] == ["portal", "start-army", "start-market"]


@rules("MT-IMP-PORTAL", "MT-CARD-4")
def test_portal_is_a_food_card_but_not_both_at_once():
    state = game(hand={RED: ["portal", "start-army"]})
    assert not any(a.endswith(" portal") for a in starting(state, "invade"))
    state = game(hand={RED: ["portal", "palmain", "start-army"]})
    play(state, "invade blore palmain")
    assert "pay portal food" in legal(state)
    play(state, "pay portal food", "pay start-army army", "done")
    assert armies(state, "blore") == [2, 0] and "portal" in state.discard[RED]


@rules("MT-IMP-PROVIDENCE", "MT-FREE-2", "MT-TURN-4")
def test_providence_draws_two_and_stays_out_of_the_reshuffle():
    state = game(
        hand={RED: ["providence", "start-army"]},
        deck={RED: ["nusus"]},
        discard={RED: ["oxter", "palmain"]},
    )
    play(state, "play providence")
    assert state.actions == 0
    assert chance_cards(state) == ["nusus"]
    draw(state, "nusus")
    assert chance_cards(state) == ["oxter", "palmain"]  # reshuffled without Providence
    draw(state, "palmain")
    assert state.current_player == RED
    assert state.hand[RED] == ["nusus", "palmain", "start-army"]
    assert state.deck[RED] == ["oxter"] and state.discard[RED] == ["providence"]


@rules("MT-IMP-QUARRY", "MT-PAY-3", "MT-RULING-CONVERTERS")
def test_quarry_makes_any_card_one_stone_once_a_turn():
    state = game(
        hand={RED: ["start-build", "palmain", "start-army", "scombroid"]}, reserve={RED: ["quarry"]}
    )
    legal_plays = starting(state, "play start-build")
    assert "play start-build castle palmain" in legal_plays
    # A city needs two stone: the conversion and Quarry's own stone cannot both pay it.
    assert "play start-build city palmain" not in legal_plays
    play(state, "play start-build castle palmain")
    assert starting(state, "pay") == [
        "pay reserve quarry stone",
        "pay scombroid stone quarry",
        "pay start-army stone quarry",
    ]
    play(state, "pay start-army stone quarry")
    # A castle from a converted card: the Quarry stays in the Reserve.
    assert state.castle[P_INDEX["palmain"]] and state.reserve[RED] == ["quarry"]
    # Once a turn: the second action finds no conversion, only Quarry's own stone.
    position(state, hand={RED: ["start-build", "scombroid", "start-market"]})
    play(state, "play start-build castle scombroid")
    assert starting(state, "pay") == ["pay reserve quarry stone", "pay start-market stone"]
    play(state, "pay reserve quarry stone")
    assert state.castle[P_INDEX["scombroid"]] and state.reserve[RED] == []


@rules("MT-IMP-QUEEN", "MT-TURN-3", "MT-RESERVE-3")
def test_queen_refills_the_hand_to_six():
    deck = ["nusus", "oxter", "scombroid", "start-build", "start-market", "start-ship", "talion"]
    state = game(hand={RED: ["start-army", "queen"]}, deck={RED: deck})
    play(state, "reserve queen", "done")  # works in the turn it is placed
    play(state, "pass", "end-turn")
    refill(state)
    assert len(state.hand[RED]) == 6 and state.reserve[RED] == ["queen"]
    assert len(state.deck[RED]) == 2
    # Without her: five.
    state = game(hand={RED: ["start-army"]}, deck={RED: deck})
    play(state, "pass", "pass", "end-turn")
    refill(state)
    assert len(state.hand[RED]) == 5 and len(state.deck[RED]) == 3


RANGER_RED = ("blore", "diclesium", "palmain", "scombroid", "nusus")
RANGER_BLUE = ("trogle", "margent", "fadge", "lea", "eoan")


@rules("MT-IMP-RANGER", "MT-RULING-RANGER", "MT-TERRAIN-1", "MT-TERRAIN-2")
def test_ranger_makes_hills_open_and_mountains_hills_for_invading():
    hand = ["blore", "start-army", "start-market"]
    state = game(RANGER_RED, RANGER_BLUE, hand={RED: hand})
    assert "invade quean blore" not in legal(state)  # a hill border: two food
    state = game(RANGER_RED, RANGER_BLUE, hand={RED: hand}, reserve={RED: ["ranger"]})
    play(state, "invade quean blore")
    assert dict(state.pending.needs) == {"food": 1}
    play(state, "pay start-market food", "pay start-army army", "done")
    assert armies(state, "quean") == [2, 0]
    # Diclesium-Iracund is a mountain border: never crossed without Ranger, two food with it.
    two_food = ["diclesium", "start-army", "start-market", "market"]
    state = game(RANGER_RED, RANGER_BLUE, hand={RED: two_food})
    assert "invade iracund diclesium" not in legal(state)
    state = game(
        RANGER_RED,
        RANGER_BLUE,
        hand={RED: ["diclesium", "start-army"]},
        reserve={RED: ["ranger"]},
    )
    assert "invade iracund diclesium" not in legal(state)  # Ranger's own food is not enough
    state = game(RANGER_RED, RANGER_BLUE, hand={RED: two_food}, reserve={RED: ["ranger"]})
    play(state, "invade iracund diclesium")
    assert dict(state.pending.needs) == {"food": 2}


@rules("MT-IMP-RANGER", "MT-RULING-RANGER", "MT-BUILD-4")
def test_ranger_makes_hill_roads_cost_two_and_mountain_roads_three():
    red = ("blore", "quean", "diclesium", "iracund", "palmain")
    two = ["start-build", "blore", "diclesium", "start-market", "market"]
    state = game(red, RANGER_BLUE, vp_cards=NO_INNS, hand={RED: two})
    assert "play start-build road blore quean" not in legal(state)  # 3 stone without Ranger
    assert "play start-build road diclesium iracund" not in legal(state)  # mountains
    state = game(red, RANGER_BLUE, vp_cards=NO_INNS, hand={RED: two}, reserve={RED: ["ranger"]})
    assert "play start-build road blore quean" in legal(state)
    assert "play start-build road diclesium iracund" not in legal(state)  # 3 stone now
    play(state, "play start-build road blore quean")
    assert dict(state.pending.needs) == {"stone": 2}
    three = ["start-build", "diclesium", "start-market", "start-market", "market"]
    state = game(red, RANGER_BLUE, vp_cards=NO_INNS, hand={RED: three}, reserve={RED: ["ranger"]})
    play(state, "play start-build road diclesium iracund")
    assert dict(state.pending.needs) == {"stone": 3}
    play(state, "pay start-market stone", "pay start-market stone", "pay market stone")
    assert state.held[RED] == (2,) and state.roads_left == 19


@rules("MT-IMP-RANGER", "MT-RULING-RESERVE-USE")
def test_ranger_cannot_pay_for_the_crossing_it_made_cheaper():
    # Quean lies across a hill border from Blore: one food with Ranger, but not Ranger's food.
    state = game(
        RANGER_RED, RANGER_BLUE, hand={RED: ["blore", "start-army"]}, reserve={RED: ["ranger"]}
    )
    assert "invade quean blore" not in legal(state)
    position(state, hand={RED: ["blore", "start-army", "start-market"]})
    play(state, "invade quean blore")
    assert "pay reserve ranger food" not in legal(state)
    play(state, "pay start-market food", "pay start-army army", "done")
    assert armies(state, "quean") == [2, 0] and state.reserve[RED] == ["ranger"]


@rules("MT-IMP-RANGER", "MT-RULING-PATHFINDER", "MT-STRENGTH-3")
def test_ranger_adds_one_in_rugged_provinces_attacking_or_defending():
    at = {("quean", RED): 2, ("iracund", RED): 2, ("blore", RED): 1, ("blore", BLUE): 3}
    state = game(RANGER_RED, RANGER_BLUE, armies=at)
    assert war.strength(state, P_INDEX["quean"], RED) == 2
    assert war.strength(state, P_INDEX["blore"], RED) == 2  # 1 army + rugged terrain
    state = game(RANGER_RED, RANGER_BLUE, armies=at, reserve={RED: ["ranger"]})
    assert war.strength(state, P_INDEX["quean"], RED) == 3  # rugged
    assert war.strength(state, P_INDEX["iracund"], RED) == 2  # not rugged
    assert war.strength(state, P_INDEX["blore"], RED) == 3  # defending, rugged
    assert war.sides(state, P_INDEX["blore"]) == {RED: 3, BLUE: 3}


@rules("MT-IMP-RESERVE-ARMY", "MT-RULING-RESERVE-ARMY", "MT-INVADE-9")
def test_reserve_army_holder_in_a_conflict_may_not_invade():
    hand = {RED: ["scombroid", "start-army", "start-market"]}
    state = game(hand=hand, armies={("palmain", BLUE): 2})
    assert "invade blore scombroid" in legal(state)
    state = game(hand=hand, armies={("palmain", BLUE): 2}, reserve={RED: ["reserve-army"]})
    assert starting(state, "invade") == []
    assert "place-armies palmain" in legal(state)  # defending still allowed
    # A war against a neutral only is no conflict: the holder may invade.
    state = game(hand=hand, armies={("iracund", RED): 2}, reserve={RED: ["reserve-army"]})
    assert "invade blore scombroid" in legal(state)


@rules("MT-IMP-RESERVE-ARMY", "MT-RULING-RESERVE-ARMY")
def test_reserve_army_holder_cannot_be_drawn_into_a_second_conflict():
    hand = {BLUE: ["margent", "start-army", "start-market"]}
    state = game(first=BLUE, hand=hand, armies={("palmain", BLUE): 2})
    assert "invade scombroid margent" in legal(state)
    state = game(
        first=BLUE, hand=hand, armies={("palmain", BLUE): 2}, reserve={RED: ["reserve-army"]}
    )
    assert "invade scombroid margent" not in legal(state)
    assert "invade blore margent" in legal(state)  # neutral: allowed
    assert "place-armies palmain" in legal(state)  # the same conflict: allowed
    # Wars red alone wages on neutrals do not protect him.
    state = game(first=BLUE, hand=hand, armies={("blore", RED): 2}, reserve={RED: ["reserve-army"]})
    assert "invade scombroid margent" in legal(state)
    play(state, "invade scombroid margent", "pay start-market food", "pay start-army army")
    play(state, "done")
    assert armies(state, "scombroid") == [0, 2]


@rules("MT-IMP-RESERVE-ARMY", "MT-RULING-RESERVE-ARMY")
def test_reserve_army_holder_in_conflict_with_one_player_only():
    # Three players: red (holder) fights blue in Palmain; green may not invade red.
    hand = {GREEN: ["eagre", "start-army", "start-market"]}
    state = game(green=GREEN_LANDS, first=GREEN, hand=hand, armies={("palmain", BLUE): 2})
    assert "invade oxter eagre" in legal(state)
    state = game(
        green=GREEN_LANDS,
        first=GREEN,
        hand=hand,
        armies={("palmain", BLUE): 2},
        reserve={RED: ["reserve-army"]},
    )
    assert "invade oxter eagre" not in legal(state)
    assert "invade remise eagre" in legal(state)
    state.hand[GREEN] = ["portal", "start-army", "start-market"]
    state.invalidate_caches()
    assert "invade palmain portal" not in legal(state)  # a second player in that conflict
    assert "invade trogle portal" in legal(state)


@rules("MT-IMP-SHIP", "MT-INVADE-4", "MT-RULING-ROUTE")
def test_ship_and_start_ship_cross_two_seas_together():
    hand = ["palmain", "ship", "start-market", "start-army"]
    state = game(hand={RED: hand})
    assert "invade ictus palmain sea" in legal(state)
    assert "invade jeopigia palmain sea" not in legal(state)  # Serpent then Beast Sea
    state = game(hand={RED: [*hand, "start-ship"]})
    play(state, "invade jeopigia palmain sea")
    assert dict(state.pending.needs) == {"food": 1, "cross": 2}
    play(state, "pay ship cross", "pay start-ship cross", "pay start-market food")
    play(state, "pay start-army army", "done")
    assert armies(state, "jeopigia") == [2, 0]
    assert state.discard[RED] == ["palmain", "ship", "start-army", "start-market", "start-ship"]


@rules("MT-IMP-SHIP", "MT-RULING-SYMBOLS")
def test_ship_card_gives_a_ship_a_food_or_a_gold():
    state = game(hand={RED: ["ship"]})
    assert "buy 1 0" in legal(state)  # unlike the Starting Ship, a gold
    play(state, "buy 1 0", "pay ship gold")
    assert state.army_stock[RED] == 7
    state = game(hand={RED: ["start-ship"]})
    assert "buy 1 0" not in legal(state)
    state = game(hand={RED: ["ship"]})
    play(state, "place-ships serpent", "pay ship ship", "done")
    assert ships(state, "serpent") == [1, 0]
    state = game(hand={RED: ["ship", "start-army"]}, armies={("blore", RED): 1})
    play(state, "place-armies blore", "pay ship food", "pay start-army army", "done")
    assert armies(state, "blore") == [3, 0]


@rules("MT-IMP-SCRIBE", "MT-RULING-SCRIBE")
def test_scribe_takes_the_counter_from_the_card_or_the_stock():
    hand = {RED: ["start-build", "palmain", "start-market"]}
    state = game(hand=hand, reserve={RED: ["scribe"]})
    play(state, "play start-build castle palmain", "pay start-market stone")
    assert state.current_player == RED and legal(state) == ["claim castle", "claim stock"]
    play(state, "claim stock")
    assert state.held[RED] == (2,) and state.stock[2] == 12
    assert len(state.counters["castle"]) == 6  # the card keeps its counter
    state = game(hand=hand, reserve={RED: ["scribe"]})
    play(state, "play start-build castle palmain", "pay start-market stone", "claim castle")
    assert state.held[RED] == (2,) and state.stock[2] == 13
    assert len(state.counters["castle"]) == 5
    # Without Scribe there is no choice to make.
    state = game(hand=hand)
    play(state, "play start-build castle palmain", "pay start-market stone")
    assert not starting(state, "claim") and state.held[RED] == (2,)


@rules("MT-IMP-SCRIBE", "MT-RULING-SCRIBE", "MT-VPS-4")
def test_scribe_takes_from_the_stock_when_the_card_is_empty():
    hand = {RED: ["start-build", "palmain", "start-market"]}
    state = game(hand=hand, reserve={RED: ["scribe"]})
    state.counters["castle"] = ()
    state.invalidate_caches()
    play(state, "play start-build castle palmain", "pay start-market stone")
    assert state.held[RED] == (2,) and state.stock[2] == 12  # taken at once: one source
    assert not starting(state, "claim") and state.counters["castle"] == ()
    # Without Scribe an empty card gives nothing, though the castle is built.
    state = game(hand=hand)
    state.counters["castle"] = ()
    state.invalidate_caches()
    play(state, "play start-build castle palmain", "pay start-market stone")
    assert state.castle[P_INDEX["palmain"]] and state.held[RED] == ()
    assert scores(state) == [15, 15]


@rules("MT-IMP-SCRIBE", "MT-RULING-SCRIBE", "MT-VP-LORD-OF-THE-ISLES")
def test_scribe_claims_lord_of_the_isles_at_its_value_from_the_stock():
    vp = ["lord-of-the-isles", "spoils-of-war", "defender-of-the-realm", "patronage"]
    red = ("ictus", "jeopigia", "palmain", "scombroid", "nusus")
    state = game(red, vp_cards=vp, armies={("nesh", RED): 3}, reserve={RED: ["scribe"]})
    assert state.stock[3] == 1  # the box's two 3VP, one of them on the card
    play(state, "end-war nesh")
    assert legal(state) == ["claim lord-of-the-isles", "claim stock"]
    play(state, "claim stock")
    assert state.held[RED] == (3,) and state.stock[3] == 0
    assert state.counters["lord-of-the-isles"] == ("large", "small")
    assert scores(state) == [21, 15]  # six provinces and the 3


@rules("MT-IMP-SCRIBE", "MT-RULING-SCRIBE", "MT-VP-MASTER-OF-THE-SEAS")
def test_scribe_claims_master_of_the_seas_from_stock_only_with_a_spare_town():
    vp = ["master-of-the-seas", "spoils-of-war", "defender-of-the-realm", "patronage"]
    red = ("palmain", "custus", "coryphee", "scombroid", "nusus")
    seas = {("serpent", RED): 1, ("beast", RED): 1}
    state = game(
        red,
        vp_cards=vp,
        ships=seas,
        ship_stock={RED: 2},
        hand={RED: ["start-ship"]},
        reserve={RED: ["scribe"]},
    )
    towns = state.towns[RED]
    play(state, "place-ships inland1", "pay start-ship ship", "done")
    assert legal(state) == ["claim master-of-the-seas", "claim stock"]
    play(state, "claim stock")
    assert state.held[RED] == (2,) and state.towns[RED] == towns - 1  # a Town on the card
    assert state.counters["master-of-the-seas"] == ("three", "four")


@rules("MT-IMP-SCRIBE", "MT-RULING-SCRIBE", "MT-VP-MASTER-OF-THE-SEAS")
def test_scribe_sets_a_town_on_master_of_the_seas_when_the_card_counter_is_taken_too():
    # "you can choose to take the Victory Point counter from the card or from the unused
    # stock. However, you must also place one of your Town counters on the Victory Point card
    # to indicate that you have met the condition": with Scribe, either choice sets a Town.
    vp = ["master-of-the-seas", "spoils-of-war", "defender-of-the-realm", "patronage"]
    red = ("palmain", "custus", "coryphee", "scombroid", "nusus")
    seas = {("serpent", RED): 1, ("beast", RED): 1}
    hand = {RED: ["start-ship", "ship"]}
    state = game(red, vp_cards=vp, ships=seas, ship_stock={RED: 2}, hand=hand)
    state.reserve[RED] = ["scribe"]
    towns = state.towns[RED]
    play(state, "place-ships inland1", "pay start-ship ship", "done")
    play(state, "claim master-of-the-seas")
    assert state.held[RED] == (2,) and state.counters["master-of-the-seas"] == ("four",)
    assert state.towns[RED] == towns - 1
    # The second condition: the stock has no 2VP left, so the card's counter is the only
    # source (taken at once), and a second Town goes on the card.
    state.stock[2] = 0
    play(state, "place-ships inland2", "pay ship ship")
    assert state.held[RED] == (2, 2) and state.counters["master-of-the-seas"] == ()
    assert state.towns[RED] == towns - 2
    # Without Scribe the card's counter alone marks the condition: no Town.
    state = game(red, vp_cards=vp, ships=seas, ship_stock={RED: 2}, hand=hand)
    towns = state.towns[RED]
    play(state, "place-ships inland1", "pay start-ship ship", "done")
    assert state.held[RED] == (2,) and state.towns[RED] == towns
    # No spare Town: the card's counter, taken at once.
    state = game(
        red,
        vp_cards=vp,
        ships=seas,
        ship_stock={RED: 2},
        hand={RED: ["start-ship"]},
        reserve={RED: ["scribe"]},
    )
    state.towns[RED] = 0
    state.invalidate_caches()
    play(state, "place-ships inland1", "pay start-ship ship", "done")
    assert not starting(state, "claim")
    assert state.held[RED] == (2,) and state.counters["master-of-the-seas"] == ("four",)


@rules("MT-IMP-WAREHOUSE", "MT-RESERVE-1", "MT-FREE-2")
def test_warehouse_adds_two_reserve_places_and_a_free_placement():
    state = game(
        hand={RED: ["palmain", "start-army", "start-market"]}, reserve={RED: ["warehouse"]}
    )
    assert state.reserve_limit(RED) == 4
    assert starting(state, "warehouse") == [
        "warehouse palmain",
        "warehouse start-army",
        "warehouse start-market",
    ]
    play(state, "warehouse start-army")
    assert state.actions == 0 and state.reserve_new[RED] == ["start-army"]
    assert state.hand[RED] == ["palmain", "start-market"]
    assert starting(state, "warehouse") == []  # once a turn
    assert "reserve palmain" in legal(state)  # the Reserve action still has room
    # Placed this turn: not playable from the Reserve before the next turn.
    play(state, "pass")
    assert "buy 1 0" in legal(state) and "buy 2 0" not in legal(state)


@rules("MT-IMP-WAREHOUSE", "MT-RESERVE-1")
def test_warehouse_needs_room_for_itself_and_for_its_placement():
    state = game(hand={RED: ["warehouse", "palmain"]}, reserve={RED: ["limes", "cavalry"]})
    assert "reserve warehouse" not in legal(state)  # the Reserve is full (2)
    state = game(hand={RED: ["palmain"]}, reserve={RED: ["warehouse", "limes", "cavalry", "hero"]})
    assert starting(state, "warehouse") == [] and starting(state, "reserve") == []
    # One place left: the Warehouse goes in and at once makes two more.
    state = game(
        hand={RED: ["warehouse", "palmain", "scombroid", "nusus"]}, reserve={RED: ["limes"]}
    )
    play(state, "reserve warehouse")
    assert state.reserve_room(RED) == 2
    play(state, "reserve palmain", "reserve scombroid")
    assert state.pending is None  # full: the action ends
    assert state.reserve_new[RED] == ["palmain", "scombroid", "warehouse"]
    assert starting(state, "warehouse") == []  # no room


@rules("MT-IMP-WATER-MILL", "MT-PAY-4", "MT-RULING-SYMBOL-COUNT")
def test_water_mill_doubles_a_resource():
    state = game(hand={RED: ["water-mill", "start-market"]})
    assert "buy 2 0" in legal(state) and "buy 3 0" not in legal(state)
    play(state, "buy 2 0")
    assert starting(state, "pay") == ["pay start-market gold water-mill"]
    play(state, "pay start-market gold water-mill")
    assert state.army_stock[RED] == 8 and state.discard[RED] == ["start-market", "water-mill"]
    # One doubled card pays a hill invasion's two food.
    state = game(
        RANGER_RED, RANGER_BLUE, hand={RED: ["blore", "nusus", "water-mill", "start-army"]}
    )
    play(state, "invade quean blore")
    assert "pay nusus food water-mill" in legal(state)
    play(state, "pay nusus food water-mill")
    assert state.pending is not None and dict(state.pending.needs) == {}
    play(state, "pay start-army army", "done")
    assert armies(state, "quean") == [2, 0]
    assert state.discard[RED] == ["blore", "nusus", "start-army", "water-mill"]


@rules("MT-IMP-WATER-MILL", "MT-RULING-CONVERTERS")
def test_water_mill_never_doubles_armies_but_doubles_a_changed_card():
    state = game(hand={RED: ["water-mill", "start-army"]})
    play(state, "place-armies palmain")
    assert starting(state, "pay") == ["pay start-army army"]
    # Merchant makes Nusus's food a stone and Water Mill doubles it: a city's two stone.
    state = game(hand={RED: ["start-build", "palmain", "merchant", "water-mill", "nusus"]})
    play(state, "play start-build city palmain")
    assert starting(state, "pay") == ["pay nusus stone merchant water-mill"]
    play(state, "pay nusus stone merchant water-mill")
    assert state.piece[P_INDEX["palmain"]] == CITY and state.hand[RED] == []
    # Gold Mine's converted card doubled: Scombroid is two gold.
    state = game(hand={RED: ["water-mill", "scombroid"]}, reserve={RED: ["gold-mine"]})
    assert "buy 2 0" in legal(state)  # Scombroid made gold by Gold Mine, doubled
    assert "buy 3 0" not in legal(state)  # Gold Mine's own gold cannot join the conversion
    play(state, "buy 2 0")
    assert "pay scombroid gold gold-mine water-mill" in legal(state)
    play(state, "pay scombroid gold gold-mine water-mill")
    assert state.army_stock[RED] == 8 and state.reserve[RED] == ["gold-mine"]


# -------------------------------------------------------------------------------- VP cards


@rules("MT-VP-CASTLE", "MT-BUILD-3", "MT-STRENGTH-2", "MT-VPS-4")
def test_castle_card_pays_two_per_castle_and_the_castle_defends():
    state = game(hand={RED: ["start-build", "palmain", "start-market"]})
    assert len(state.counters["castle"]) == 6  # two players
    play(state, "play start-build castle palmain", "pay start-market stone")
    assert state.held[RED] == (2,) and len(state.counters["castle"]) == 5
    assert scores(state) == [17, 15] and state.castles_left == 11
    # One castle per province.
    position(state, hand={RED: ["start-build", "palmain", "start-market"]})
    assert "play start-build castle palmain" not in legal(state)
    # +2 to the defender: red's one army and the castle hold blue's three to a tie.
    position(state, armies={("palmain", RED): 1, ("palmain", BLUE): 3})
    assert war.sides(state, P_INDEX["palmain"]) == {RED: 3, BLUE: 3}
    # An empty card: the castle is still built, for no counter.
    state = game(hand={RED: ["start-build", "palmain", "start-market"]})
    state.counters["castle"] = ()
    state.invalidate_caches()
    play(state, "play start-build castle palmain", "pay start-market stone")
    assert state.castle[P_INDEX["palmain"]] and state.held[RED] == ()


@rules("MT-VP-CITY", "MT-BUILD-2", "MT-VPS-2")
def test_city_card_pays_two_per_city_kept_after_the_city_falls():
    state = game(first=BLUE, hand={BLUE: ["start-build", "trogle", "start-market", "market"]})
    play(state, "play start-build city trogle", "pay start-market stone", "pay market stone")
    assert state.held[BLUE] == (2,) and len(state.counters["city"]) == 5
    assert scores(state) == [15, 17] and state.reserve_limit(BLUE) == 3
    # Red takes the city: blue loses the province's 3 VP, keeps the 2.
    finish_turn(state)
    assert state.current_player == RED
    position(state, armies={("trogle", RED): 5})
    play(state, "end-war trogle")  # 5 against the city's 0 + rugged 1
    refill(state)  # blue replaces the Trogle card if it was in his hand
    assert owner(state, "trogle") == RED and state.piece[P_INDEX["trogle"]] == TOWN
    assert state.cities[BLUE] == 4  # the City back on its Reserve card
    assert state.held[BLUE] == (2,) and scores(state) == [19, 14]  # red +3 and spoils 1
    assert state.reserve_limit(BLUE) == 2
    # An empty City card: still a city, no counter.
    state = game(hand={RED: ["start-build", "palmain", "start-market", "market"]})
    state.counters["city"] = ()
    state.invalidate_caches()
    play(state, "play start-build city palmain", "pay start-market stone", "pay market stone")
    assert state.piece[P_INDEX["palmain"]] == CITY and state.held[RED] == ()


@rules("MT-VP-ROAD", "MT-BUILD-4", "MT-ROAD-3")
def test_road_card_pays_two_per_road():
    state = game(vp_cards=NO_INNS, hand={RED: ["start-build", "nusus", "market", "start-market"]})
    # Palmain-Diclesium is not Nusus's border: the card must be one of the road's ends.
    roads = starting(state, "play start-build road")
    assert roads == [
        "play start-build road nusus diclesium",
        "play start-build road nusus oxter",
        "play start-build road nusus palmain",
    ]
    play(state, "play start-build road nusus palmain", "pay market stone", "pay start-market stone")
    assert state.held[RED] == (2,) and len(state.counters["road"]) == 5
    assert scores(state) == [17, 15]
    # The road network: Nusus's card now builds in Palmain too, and a road from it.
    position(state, hand={RED: ["start-build", "nusus", "market", "start-market"]})
    assert "play start-build road palmain scombroid nusus" in legal(state)
    assert "play start-build road nusus palmain" not in legal(state)  # one road per border
    state.counters["road"] = ()
    state.invalidate_caches()
    play(state, "play start-build road palmain scombroid nusus")
    play(state, "pay market stone", "pay start-market stone")
    assert state.held[RED] == (2,) and state.roads_left == 18  # built, no counter


@rules("MT-VP-CITADEL", "MT-RULING-CITADEL-RESERVE", "MT-SETUP-10", "MT-STRENGTH-2")
def test_citadel_card_pays_three_for_taking_anothers_citadel():
    vp = ["citadel", "spoils-of-war", "defender-of-the-realm", "patronage"]
    state = game(vp_cards=vp, citadels={RED: "palmain", BLUE: "trogle"}, first=BLUE)
    assert state.piece[P_INDEX["palmain"]] == CITADEL and state.citadel == [1, 1]
    assert state.reserve_limit(RED) == 3  # the Citadel counts as a city
    assert state.counters["citadel"] == ("x",)
    # A citadel defends with +2: blue's 3 beat red's 2 (Palmain is not rugged).
    position(state, armies={("palmain", BLUE): 3}, discard={RED: ["palmain"]})
    assert war.sides(state, P_INDEX["palmain"]) == {RED: 2, BLUE: 3}
    play(state, "end-war palmain")
    assert owner(state, "palmain") == BLUE and state.piece[P_INDEX["palmain"]] == TOWN
    assert state.held[BLUE] == (1, 3)  # Spoils of War and the Citadel counter
    assert state.counters["citadel"] == ()
    assert state.citadel[RED] == 2 and state.reserve_limit(RED) == 2  # never placed again
    assert scores(state) == [12, 22]
    assert state.discard[BLUE] == ["palmain"] and state.discard[RED] == []


@rules("MT-VP-CITADEL", "MT-BUILD-2", "MT-BUILD-3")
def test_citadel_allows_no_city_or_castle_on_it():
    vp = ["citadel", "spoils-of-war", "defender-of-the-realm", "patronage"]
    state = game(
        vp_cards=vp,
        citadels={RED: "palmain", BLUE: "trogle"},
        hand={RED: ["start-build", "palmain", "start-market", "market"]},
    )
    assert starting(state, "play start-build") == [
        "play start-build road palmain diclesium",
        "play start-build road palmain nusus",
        "play start-build road palmain scombroid",
    ]


@rules("MT-VP-DEFENDER-OF-THE-REALM", "MT-RULING-DEFENDER", "MT-CAPTURE-6")
def test_defender_of_the_realm_pays_one_for_beating_player_invaders():
    state = game(armies={("palmain", RED): 3, ("palmain", BLUE): 2})
    play(state, "end-war palmain")
    assert owner(state, "palmain") == RED and armies(state, "palmain") == [0, 0]
    assert state.held[RED] == (1,) and len(state.counters["defender-of-the-realm"]) == 5
    assert (state.army_stock[RED], state.army_stock[BLUE]) == (6, 6)
    assert scores(state) == [16, 15]
    # Whoever ends it: blue ends the war he loses, red still takes the counter.
    state = game(first=BLUE, armies={("palmain", RED): 3, ("palmain", BLUE): 2})
    play(state, "end-war palmain")
    assert state.held == [(1,), ()]
    # Invaders sent home by Marauders: no war was won, no counter.
    state = game(hand={RED: ["marauders"]}, armies={("palmain", BLUE): 1})
    play(state, "play marauders palmain 1")
    assert not war.at_war(state, P_INDEX["palmain"]) and state.held[RED] == ()
    # A war against a neutral is no defence.
    state = game(armies={("blore", RED): 5})
    play(state, "end-war blore")
    assert state.held[RED] == ()


@rules("MT-VP-GILDED-CITY", "MT-RULING-GILDED-CITY", "MT-RULING-OFFER", "MT-BUILD-5")
def test_gilded_city_sells_a_counter_for_a_gold_after_a_city():
    vp = ["gilded-city", "spoils-of-war", "defender-of-the-realm", "patronage"]
    hand = ["start-build", "palmain", "start-market", "market", "start-army"]
    state = game(vp_cards=vp, hand={RED: hand})
    play(state, "play start-build city palmain", "pay start-market stone", "pay market stone")
    assert state.current_player == RED
    assert legal(state) == ["decline", "pay start-army gold"]
    play(state, "pay start-army gold")
    assert state.held[RED] == (1, 2) and len(state.counters["gilded-city"]) == 3
    assert scores(state) == [18, 15] and state.actions == 1
    # Declined.
    state = game(vp_cards=vp, hand={RED: hand})
    play(state, "play start-build city palmain", "pay start-market stone", "pay market stone")
    play(state, "decline")
    assert state.held[RED] == (2,) and "start-army" in state.hand[RED]
    # No gold left: offered all the same, with only decline.
    state = game(vp_cards=vp, hand={RED: hand[:4]})
    play(state, "play start-build city palmain", "pay start-market stone", "pay market stone")
    assert legal(state) == ["decline"]
    play(state, "decline")
    assert state.held[RED] == (2,)
    # Not after a castle.
    state = game(vp_cards=vp, hand={RED: hand})
    play(state, "play start-build castle palmain", "pay market stone")
    assert "decline" not in legal(state) and state.held[RED] == (2,)


@rules("MT-VP-HERE-BE-DRAGONS", "MT-SETUP-8", "MT-STRENGTH-4")
def test_here_be_dragons_pays_two_for_taking_a_dragon_province():
    vp = ["here-be-dragons", "spoils-of-war", "defender-of-the-realm", "patronage"]
    dragons = ["blore", "iracund", "talion", "welkin", "hatchel"]
    state = game(vp_cards=vp, dragons=dragons, armies={("blore", RED): 8}, army_stock={RED: 6})
    assert sorted(PROVINCES[p] for p in state.dragons) == sorted(dragons)
    assert war.sides(state, P_INDEX["blore"]) == {NEUTRAL: 8, RED: 8}  # 4 + the Dragon's 4
    assert starting(state, "end-war") == []
    position(state, armies={("blore", RED): 9})
    play(state, "end-war blore")
    assert owner(state, "blore") == RED and P_INDEX["blore"] not in state.dragons
    assert state.held[RED] == (2,) and state.counters["here-be-dragons"] == ("x", "x")
    assert scores(state) == [20, 15]


@rules("MT-VP-LORD-OF-THE-ISLES", "MT-SETUP-14")
def test_lord_of_the_isles_pays_three_and_two_for_the_islands():
    vp = ["lord-of-the-isles", "spoils-of-war", "defender-of-the-realm", "patronage"]
    red = ("ictus", "jeopigia", "nesh", "aporia", "palmain")
    state = game(red, vp_cards=vp, armies={("kinabra", RED): 3})
    assert state.held[RED] == (3,)  # met at set-up
    assert state.counters["lord-of-the-isles"] == ("small",)
    assert scores(state) == [18, 15]
    play(state, "end-war kinabra")  # 3 against neutral 2
    assert state.held[RED] == (2, 3) and state.counters["lord-of-the-isles"] == ()
    assert scores(state) == [23, 15]


@rules("MT-VP-LORD-OF-THE-ISLES")
def test_lord_of_the_isles_needs_every_province_of_the_island():
    vp = ["lord-of-the-isles", "spoils-of-war", "defender-of-the-realm", "patronage"]
    red = ("ictus", "jeopigia", "palmain", "scombroid", "nusus")
    state = game(red, ("nesh", "trogle"), vp_cards=vp, armies={("kinabra", RED): 3})
    assert state.held[RED] == () and state.counters["lord-of-the-isles"] == ("large", "small")
    play(state, "end-war kinabra")  # one of the two small-island provinces
    assert state.held[RED] == ()


@rules("MT-VP-MASTER-OF-THE-SEAS", "MT-RULING-SCRIBE")
def test_master_of_the_seas_pays_for_three_then_four_seas_once():
    vp = ["master-of-the-seas", "spoils-of-war", "defender-of-the-realm", "patronage"]
    red = ("palmain", "custus", "coryphee", "scombroid", "nusus")
    state = game(
        red,
        vp_cards=vp,
        ships={("serpent", RED): 1, ("beast", RED): 1},
        ship_stock={RED: 2},
        hand={RED: ["start-ship", "ship"]},
    )
    play(state, "place-ships inland1", "pay start-ship ship", "done")
    assert state.held[RED] == (2,) and state.counters["master-of-the-seas"] == ("four",)
    play(state, "place-ships inland2", "pay ship ship")  # the last Ship counter: no done
    assert state.held[RED] == (2, 2) and state.counters["master-of-the-seas"] == ()
    assert scores(state) == [19, 15]
    assert state.met[RED] == frozenset({"three", "four"})  # each condition met once


@rules("MT-VP-MASTER-OF-THE-SEAS")
def test_master_of_the_seas_counts_sea_areas_not_ships():
    vp = ["master-of-the-seas", "spoils-of-war", "defender-of-the-realm", "patronage"]
    red = ("palmain", "custus", "coryphee", "scombroid", "nusus")
    state = game(red, vp_cards=vp, ships={("serpent", RED): 1}, hand={RED: ["ship"]})
    play(state, "place-ships serpent", "pay ship ship")
    assert ships(state, "serpent") == [2, 0] and state.held[RED] == ()


@rules("MT-VP-PATRONAGE", "MT-PATRON-1", "MT-RULING-PATRONAGE")
def test_patronage_sells_a_counter_for_two_gold():
    hand = ["start-market", "start-army", "market", "ship"]
    state = game(hand={RED: hand})
    play(state, "patronage", "pay start-market gold", "pay start-army gold")
    assert state.held[RED] == (1,) and len(state.counters["patronage"]) == 4
    assert scores(state) == [16, 15]
    play(state, "patronage", "pay market gold", "pay ship gold")  # twice in a turn
    assert state.held[RED] == (1, 1) and len(state.counters["patronage"]) == 3
    # One gold is not enough; nor is an empty card; nor a game without the card.
    state = game(hand={RED: ["start-market"]})
    assert "patronage" not in legal(state)
    state = game(hand={RED: hand})
    state.counters["patronage"] = ()
    state.invalidate_caches()
    assert "patronage" not in legal(state)
    state = game(vp_cards=NO_INNS, hand={RED: hand})
    assert "patronage" not in legal(state)


@rules("MT-VP-PATRONAGE", "MT-IMP-SCRIBE", "MT-RULING-PATRONAGE")
def test_patronage_with_scribe_from_the_stock_when_the_card_is_empty():
    state = game(hand={RED: ["start-market", "start-army"]}, reserve={RED: ["scribe"]})
    state.counters["patronage"] = ()
    state.invalidate_caches()
    assert "patronage" in legal(state)
    play(state, "patronage", "pay start-market gold", "pay start-army gold")
    assert state.held[RED] == (1,) and state.stock[1] == 3
    state = game(hand={RED: ["start-market", "start-army"]}, reserve={RED: ["scribe"]})
    state.counters["patronage"] = ()
    state.stock[1] = 0
    state.invalidate_caches()
    assert "patronage" not in legal(state)


@rules("MT-VP-ROADSIDE-INNS", "MT-RULING-OFFER", "MT-BUILD-5")
def test_roadside_inns_sells_a_counter_for_a_gold_after_a_road():
    hand = ["start-build", "palmain", "start-market", "market", "start-army"]
    state = game(hand={RED: hand})
    play(state, "play start-build road palmain scombroid", "pay start-market stone")
    play(state, "pay market stone")
    assert legal(state) == ["decline", "pay start-army gold"]
    play(state, "pay start-army gold")
    assert state.held[RED] == (1, 2) and len(state.counters["roadside-inns"]) == 3
    assert scores(state) == [18, 15]
    # No gold: only decline; an empty card: no offer.
    state = game(hand={RED: hand[:4]})
    play(state, "play start-build road palmain scombroid", "pay start-market stone")
    play(state, "pay market stone")
    assert legal(state) == ["decline"]
    state = game(hand={RED: hand})
    state.counters["roadside-inns"] = ()
    state.invalidate_caches()
    play(state, "play start-build road palmain scombroid", "pay start-market stone")
    play(state, "pay market stone")
    assert "decline" not in legal(state) and state.held[RED] == (2,)


@rules("MT-VP-RUNESTONES", "MT-SETUP-9", "MT-RULING-SETUP-ORDER")
def test_runestones_pays_two_for_taking_a_runestone_province():
    vp = ["runestones", "here-be-dragons", "spoils-of-war", "defender-of-the-realm"]
    dragons = ["welkin", "hatchel", "grimp", "darb", "remise"]
    stones = ["blore", "iracund", "talion", "ambsace", "mome"]
    state = game(vp_cards=vp, dragons=dragons, runestones=stones, armies={("blore", RED): 5})
    assert sorted(PROVINCES[p] for p in state.runestones) == sorted(stones)
    assert not state.runestones & state.dragons
    assert war.sides(state, P_INDEX["blore"]) == {NEUTRAL: 4, RED: 5}  # no strength added
    play(state, "end-war blore")
    assert P_INDEX["blore"] not in state.runestones and len(state.runestones) == 4
    assert state.held[RED] == (2,) and len(state.counters["runestones"]) == 3
    assert scores(state) == [20, 15]


@rules("MT-VP-SPOILS-OF-WAR", "MT-CAPTURE-2", "MT-CAPTURE-3")
def test_spoils_of_war_pays_one_for_a_province_taken_from_a_player():
    state = game(
        armies={("margent", RED): 2}, hand={BLUE: ["margent", "trogle"]}, deck={BLUE: ["lea"]}
    )
    assert war.sides(state, P_INDEX["margent"]) == {BLUE: 1, RED: 2}  # rugged: +1 to blue
    play(state, "end-war margent")
    assert owner(state, "margent") == RED and "margent" in state.discard[RED]
    draw(state, "lea")  # blue replaces the card taken from his hand
    assert state.hand[BLUE] == ["lea", "trogle"]
    assert state.held[RED] == (1,) and len(state.counters["spoils-of-war"]) == 5
    assert scores(state) == [19, 12]  # 18 + 1; blue 12 (four provinces, the floor)
    # From a neutral: none.
    state = game(armies={("blore", RED): 5})
    play(state, "end-war blore")
    assert owner(state, "blore") == RED and state.held[RED] == ()


# ------------------------------------------------------------------- cards working together


@rules("MT-IMP-SCRIBE", "MT-VP-LORD-OF-THE-ISLES", "MT-RULING-SCRIBE")
def test_scribe_claims_lord_of_the_isles_again_when_an_island_is_regained():
    vp = ["lord-of-the-isles", "spoils-of-war", "defender-of-the-realm", "patronage"]
    red = ("aporia", "kinabra", "palmain", "scombroid", "nusus")
    state = game(red, vp_cards=vp, reserve={RED: ["scribe"]})
    assert state.held[RED] == (2,) and state.counters["lord-of-the-isles"] == ("large",)
    # Blue took Kinabra; red takes it back: the small island is newly his again.
    position(state, owner={"kinabra": BLUE}, armies={("kinabra", RED): 3})
    position(state, discard={BLUE: ["kinabra"]})
    state.army_stock[RED] = 3
    play(state, "end-war kinabra", "claim spoils-of-war")
    # The card's 2 is gone: the Scribe takes a 2 from the stock at once.
    assert state.held[RED] == (1, 2, 2) and state.stock[2] == 11
    assert state.counters["lord-of-the-isles"] == ("large",)
    # Without Scribe: only the Spoils of War counter.
    state = game(red, vp_cards=vp)
    position(state, owner={"kinabra": BLUE}, armies={("kinabra", RED): 3})
    position(state, discard={BLUE: ["kinabra"]})
    play(state, "end-war kinabra")
    assert state.held[RED] == (1, 2) and state.stock[2] == 12


@rules("MT-IMP-SCRIBE", "MT-VP-GILDED-CITY", "MT-RULING-OFFER", "MT-RULING-SCRIBE")
def test_scribe_buys_a_gilded_city_counter_from_the_stock_when_the_card_is_empty():
    vp = ["gilded-city", "spoils-of-war", "defender-of-the-realm", "patronage"]
    hand = ["start-build", "palmain", "start-market", "market", "start-army"]
    state = game(vp_cards=vp, hand={RED: hand}, reserve={RED: ["scribe"]})
    state.counters["gilded-city"] = ()
    state.invalidate_caches()
    play(state, "play start-build city palmain", "pay start-market stone", "pay market stone")
    play(state, "claim city")
    assert legal(state) == ["decline", "pay reserve scribe gold", "pay start-army gold"]
    play(state, "pay start-army gold")
    assert state.held[RED] == (1, 2) and state.stock[1] == 3
    assert state.discard[RED] == ["market", "palmain", "start-army", "start-build", "start-market"]
    # Without Scribe an empty card makes no offer.
    state = game(vp_cards=vp, hand={RED: hand})
    state.counters["gilded-city"] = ()
    state.invalidate_caches()
    play(state, "play start-build city palmain", "pay start-market stone", "pay market stone")
    assert "decline" not in legal(state) and state.held[RED] == (2,)


@rules("MT-VP-MASTER-OF-THE-SEAS")
def test_master_of_the_seas_second_player_gets_what_is_left():
    vp = ["master-of-the-seas", "spoils-of-war", "defender-of-the-realm", "patronage"]
    red = ("palmain", "custus", "scombroid", "nusus", "oxter")
    blue = ("camarine", "peened", "coryphee", "trogle", "margent")
    state = game(
        red,
        blue,
        vp_cards=vp,
        first=BLUE,
        ships={("serpent", RED): 1, ("beast", RED): 1, ("inland1", RED): 1},
        ship_stock={RED: 0, BLUE: 2},
        hand={BLUE: ["ship", "start-ship"]},
    )
    state.counters["master-of-the-seas"] = ("four",)  # red took the first one
    state.met[RED] = frozenset({"three"})
    position(state, ships={("serpent", BLUE): 1, ("beast", BLUE): 1})
    play(state, "place-ships inland1", "pay ship ship", "done")
    assert state.held[BLUE] == () and state.met[BLUE] == frozenset({"three"})
    play(state, "place-ships inland2", "pay start-ship ship")
    assert state.held[BLUE] == (2,) and state.counters["master-of-the-seas"] == ()


@rules("MT-START-ARMY", "MT-RULING-ARMY-EXCESS", "MT-EXAMPLE-6")
def test_start_army_places_only_the_counters_left_in_stock():
    state = game(hand={RED: ["palmain", "start-army", "start-market"]}, army_stock={RED: 1})
    play(state, "invade blore palmain", "pay start-market food", "pay start-army army")
    assert state.pending is None  # the cap (one counter) ends the payment by itself
    assert armies(state, "blore") == [1, 0] and state.army_stock[RED] == 0


@rules("MT-VP-CASTLE", "MT-VP-CITY", "MT-VP-ROAD", "MT-SETUP-6")
def test_castle_city_and_road_cards_hold_seven_counters_with_three_players():
    state = game(green=GREEN_LANDS)
    assert {card: len(state.counters[card]) for card in ("castle", "city", "road")} == {
        "castle": 7,
        "city": 7,
        "road": 7,
    }


@rules("MT-IMP-MERCENARY", "MT-RULING-COMPONENTS")
def test_mercenary_limited_by_the_counters_left():
    state = game(hand={RED: ["mercenary", "start-market"]}, armies={("blore", RED): 3})
    state.mercs_left = 1
    state.invalidate_caches()
    assert starting(state, "play mercenary") == ["play mercenary blore 1"]
    state.mercs_left = 0
    state.invalidate_caches()
    assert starting(state, "play mercenary") == []


@rules("MT-IMP-RESERVE-ARMY", "MT-RULING-RESERVE-ARMY")
def test_reserve_army_holder_at_peace_can_be_invaded_once():
    hand = {BLUE: ["margent", "start-army", "start-market"]}
    state = game(first=BLUE, hand=hand, reserve={RED: ["reserve-army"]})
    play(state, "invade scombroid margent", "pay start-market food", "pay start-army army")
    play(state, "done")
    assert armies(state, "scombroid") == [0, 2]
    assert state.conflicts(RED) == (1, frozenset({BLUE}))
    # Red, now in that conflict, may not invade anywhere.
    finish_turn(state)
    position(state, hand={RED: ["palmain", "start-army", "start-market"]})
    assert state.current_player == RED and starting(state, "invade") == []
    assert "place-armies scombroid" in legal(state)


@rules("MT-IMP-HERO", "MT-VP-DEFENDER-OF-THE-REALM", "MT-RULING-DEFENDER")
def test_hero_wins_a_defenders_tie_and_the_defender_counter():
    state = game(hand={RED: ["hero"]}, armies={("palmain", RED): 2, ("palmain", BLUE): 2})
    assert starting(state, "end-war") == ["end-war palmain hero"]
    play(state, "end-war palmain hero")
    assert owner(state, "palmain") == RED and armies(state, "palmain") == [0, 0]
    assert state.held[RED] == (1,) and state.army_stock == [6, 6]


@rules("MT-VP-DEFENDER-OF-THE-REALM", "MT-RULING-DEFENDER", "MT-END-4", "MT-RULING-END-TIES")
def test_defender_of_the_realm_at_the_end_of_the_game_ties_to_the_defender():
    state = game(armies={("palmain", RED): 1, ("palmain", BLUE): 1})
    for card in ("castle", "city", "road", "patronage"):
        state.counters[card] = ()
    state.invalidate_caches()
    assert "end-game" in legal(state)  # red would have 16 against 15
    play(state, "end-game")
    assert state.is_terminal() and owner(state, "palmain") == RED
    assert state.held[RED] == (1,) and scores(state) == [16, 15]


@rules("MT-IMP-WAREHOUSE", "MT-IMP-QUARRY", "MT-RESERVE-3", "MT-RULING-RESERVE-TIMING")
def test_warehouse_placed_quarry_works_at_once_but_is_not_played_from_the_reserve():
    state = game(
        hand={RED: ["quarry", "start-build", "palmain", "start-army"]},
        reserve={RED: ["warehouse"]},
    )
    play(state, "warehouse quarry")
    assert state.reserve_new[RED] == ["quarry"] and state.actions == 0
    play(state, "play start-build castle palmain")
    # Quarry's effect works; its own stone cannot be played out of the Reserve this turn.
    assert starting(state, "pay") == [
        "pay reserve warehouse stone quarry",
        "pay start-army stone quarry",
    ]
    play(state, "pay start-army stone quarry")
    assert state.castle[P_INDEX["palmain"]] and state.held[RED] == (2,)
    # At the end of the turn it joins the Reserve for good.
    finish_turn(state)
    assert state.reserve[RED] == ["quarry", "warehouse"] and state.reserve_new[RED] == []


@rules("MT-IMP-RESERVE-ARMY", "MT-RULING-RESERVE-ARMY")
def test_reserve_army_holder_may_not_invade_into_a_war_with_two_players():
    # Green has invaded blue's Trogle: red (holder, at peace) joining would face two players.
    hand = {RED: ["portal", "start-army", "start-market"]}
    state = game(green=GREEN_LANDS, hand=hand, armies={("trogle", GREEN): 2})
    assert "invade trogle portal" in legal(state)
    state = game(
        green=GREEN_LANDS,
        hand=hand,
        armies={("trogle", GREEN): 2},
        reserve={RED: ["reserve-army"]},
    )
    assert "invade trogle portal" not in legal(state)
    assert "invade margent portal" in legal(state)  # blue alone


@rules("MT-IMP-GOLD-MINE", "MT-RULING-RESERVE-USE", "MT-RULING-COMPLETE")
def test_gold_mine_conversion_is_refused_when_only_its_own_gold_could_finish():
    # A payment is offered only if the rest can still be paid; Gold Mine's own gold cannot
    # finish an action whose card it converted (found by the balance benchmark: a buy that
    # could never be completed).
    state = game(hand={RED: ["palmain", "start-army"]}, reserve={RED: ["gold-mine"]})
    play(state, "buy 2 0")
    assert starting(state, "pay") == [
        "pay palmain gold gold-mine",
        "pay reserve gold-mine gold",
        "pay start-army gold",
    ]
    play(state, "pay palmain gold gold-mine")
    assert starting(state, "pay") == ["pay start-army gold"]
    state = game(hand={RED: ["palmain", "scombroid", "start-army"]}, reserve={RED: ["gold-mine"]})
    play(state, "buy 2 0", "pay start-army gold")
    assert "pay palmain gold gold-mine" in legal(state)
    state.pending = state.pending._replace(needs=(("gold", 2),))
    state.invalidate_caches()
    # Two gold from Palmain converted and then Gold Mine's own symbol: never.
    assert "pay palmain gold gold-mine" not in legal(state)
