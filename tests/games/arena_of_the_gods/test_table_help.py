"""Arena of the Gods at the table: what a player may take back (``undo_safe``), why a click is
refused in printed names (``refusal``), and what the replay of a finished game reveals
(``revealed``). Scenario positions, each answer checked word for word."""

from __future__ import annotations

import random

import pytest

from theomachy import CHANCE
from theomachy.games.arena_of_the_gods.cards import catalog
from theomachy.games.arena_of_the_gods.rules import ArenaState

from .positions import act, draw_any, fresh, put, setup
from .scenario import position

rules = pytest.mark.rules
CARDS = catalog()
PLAIN = ("quetzalcoatl", "odin")  # Pantheon Abilities that change no cost, Power or Health


# --- undo -----------------------------------------------------------------------------------
@rules("AG-PLAY-1", "AG-ATTACK-1", "AG-ABILITY-1", "AG-TURN-3")
def test_face_up_decisions_that_draw_nothing_may_be_taken_back():
    state = setup(
        ("zeus", "odin"),
        hands={0: ["spearman", "smite"]},
        field=[("hoplite", 0), ("valkyrie", 1)],
        gold=[5, 0],
        favor=[6, 0],
    )
    # A card played from the hand, an attack, a Blessing, the end of the main phase.
    for action in ("play spearman", "attack hoplite@0 valkyrie@1", "use zeus@0 odin@1", "end"):
        assert state.undo_safe(action), action
    assert state.undo_safe("play smite valkyrie@1")
    act(state, "end")
    # The discard step: a card of the hand to the Afterlife, face up.
    assert state.undo_safe("discard spearman")


@rules("AG-TURN-4")
def test_done_passes_the_turn_and_is_not_taken_back():
    state = setup(("zeus", "odin"), hands={0: ["spearman"]})
    act(state, "end")
    assert not state.undo_safe("done")


@rules("AG-RULING-HIDDEN")
def test_a_play_or_ability_that_draws_a_card_is_not_taken_back():
    state = setup(
        ("odin", "zeus"), hands={0: ["divine-inspiration", "spearman"]}, gold=[5, 0], favor=[5, 0]
    )
    assert not state.undo_safe("play divine-inspiration")  # its controller draws 2
    assert not state.undo_safe("use odin@0")  # Wisdom of the Well: draw a card
    assert state.undo_safe("play spearman")
    # A deck that is empty draws nothing (AG-RULING-DECK-OUT): nothing is shown.
    state.deck[0] = []
    assert state.undo_safe("play divine-inspiration")


@rules("AG-BATTLE-6", "AG-RULING-HIDDEN")
def test_a_pass_that_sends_a_unit_whose_death_draws_is_not_taken_back():
    # Restless Shade draws its controller a card when it dies: the pass that closes the
    # post-combat window sends it to the Afterlife.
    state = setup(PLAIN, field=[("berserker", 0), ("restless-shade", 1)])
    act(state, "attack berserker@0 restless-shade@1", "hold", "pass", "pass", "pass")
    assert state.step == "post-window" and state.current_player == 0
    assert not state.undo_safe("pass")


@rules("AG-END-2")
def test_an_action_that_ends_the_game_is_not_taken_back():
    state = setup(("zeus", "odin"), favor=[5, 0], life=[20, 1])
    assert not state.undo_safe("use zeus@0 odin@1")
    state.life = [20, 2]
    assert state.undo_safe("use zeus@0 odin@1")


@rules("AG-TURN-1", "AG-TURN-2")
def test_ordering_start_of_turn_abilities_is_safe_until_the_draw_follows():
    state = setup(PLAIN, field=[("storm-totem", 1), ("temple", 1)])
    act(state, "end", "done")
    assert state.current_player == 1 and state.legal_actions() == [
        "decline storm-totem",
        "trigger storm-totem",
        "trigger temple",
    ]
    assert state.undo_safe("trigger temple")  # the Storm Totem still waits
    act(state, "trigger temple")
    # The last one: the draw up to five follows.
    assert not state.undo_safe("trigger storm-totem")
    assert not state.undo_safe("decline storm-totem")


@rules("AG-BATTLE-1")
def test_the_defenders_redirect_or_hold_is_safe():
    state = setup(PLAIN, seat=1, field=[("berserker", 1), ("hoplite", 0)])
    act(state, "attack berserker@1 hoplite@0")
    assert state.current_player == 0
    assert state.undo_safe("redirect") and state.undo_safe("hold")


def test_the_answer_is_the_same_whatever_the_hidden_cards_are():
    state = fresh(("odin", "zeus"), first=0)
    draw_any(state)
    state.favor = [5, 5]
    state.invalidate_caches()
    twin = state.determinize(0, random.Random(3))
    assert twin.hand[1] != state.hand[1]
    for action in state.legal_actions():
        assert twin.undo_safe(action) == state.undo_safe(action), action
    assert not state.undo_safe("use odin@0")


# --- refusals -----------------------------------------------------------------------------------
@pytest.fixture
def main_phase() -> ArenaState:
    state = setup(
        PLAIN,
        hands={0: ["spearman", "parry", "smite"]},
        field=[("spearman", 0), ("militia", 1), ("temple", 1)],
        gold=[1, 0],
        favor=[4, 0],
    )
    put(state, "militia", 0, ready=False)
    return state


@rules("AG-PLAY-1", "AG-PLAY-2", "AG-ATTACK-1", "AG-ABILITY-1")
@pytest.mark.parametrize(
    ("action", "why"),
    [
        ("play spearman", "Spearman costs 2 Gold; you have 1 Gold"),
        ("play parry", "Parry is a Combat Evocation: it is played during a battle"),
        ("play smite", "Smite needs a target: choose it after selecting the card"),
        (
            "play smite spearman@0",
            "Your Spearman is not a target Smite may choose now: it may target Odin's Village "
            "Militia",
        ),
        ("play hoplite", "You have no Hoplite in your hand"),
        (
            "attack militia@0 odin@1",
            "Village Militia came under your control this turn: it may attack from your next turn",
        ),
        (
            "attack spearman@0 spearman@0",
            "You cannot attack your Spearman: attack an opponent's Unit or God",
        ),
        (
            "attack spearman@0 temple@1",
            "Odin's Temple is a Building: only Units and Gods are attacked",
        ),
        (
            "attack militia@1 odin@1",
            "Odin's Village Militia is not yours: attack with a Unit you control",
        ),
        ("attack quetzalcoatl@0 odin@1", "Your God is a God: only Units attack"),
        ("use odin@1", "Odin is not yours: use your own cards' abilities"),
        (
            "use quetzalcoatl@0 militia@1",
            "Odin's Village Militia is not a target Obsidian Offering may choose now: it may "
            "target your Village Militia or your Spearman",
        ),
        ("discard smite", "Cards are discarded at the end of your turn"),
        ("trigger temple", "No ability of yours is waiting to be resolved"),
    ],
)
def test_a_refused_click_says_why_in_printed_names(main_phase: ArenaState, action: str, why: str):
    assert main_phase.refusal(action, 0) == why


@rules("AG-ATTACK-1", "AG-ABILITY-1", "AG-PLAY-2", "AG-BATTLE-1", "AG-TURN-1", "AG-TURN-3")
def test_refusals_at_other_moments():
    state = setup(
        PLAIN,
        hands={0: ["smite"], 1: ["parry"]},
        field=[("spearman", 0), ("militia", 1)],
        favor=[5, 1],
    )
    act(state, "attack spearman@0 militia@1")
    assert state.refusal("play parry", 1) == (
        "Your Unit is attacked: first choose to Redirect the attack to your God or Hold"
    )
    act(state, "hold", "pass")
    assert state.refusal("play smite militia@1", 0) == (
        "Smite is played in your main phase: in a battle only Combat Evocations are"
    )
    assert state.refusal("attack spearman@0 militia@1", 0) == (
        "Attacks are declared in your main phase, not during a battle"
    )
    act(state, "pass", "pass", "pass")
    assert state.step == "main"
    assert state.refusal("attack spearman@0 odin@1", 0) == "Spearman has already attacked this turn"
    act(state, "use quetzalcoatl@0 spearman@0")
    assert state.refusal("use quetzalcoatl@0 spearman@0", 0) == (
        "Obsidian Offering was used this turn: once per turn"
    )
    act(state, "end")
    assert state.refusal("play smite militia@1", 0) == (
        "Your turn is ending: you may only discard cards from your hand, then Done"
    )
    assert state.refusal("discard parry", 0) == "You have no Parry in your hand"
    # The costs said are the ones paid, discounts applied; the God's Blessing by its name.
    state = setup(("zeus", "odin"), seat=1, hands={1: ["valkyrie"]}, gold=[0, 2], favor=[0, 2])
    assert state.refusal("play valkyrie", 1) == "Valkyrie costs 3 Favor; you have 2 Favor"
    assert state.refusal("use odin@1", 1) is None  # legal: Wisdom of the Well for 2 Favor
    state.favor = [0, 1]
    state.invalidate_caches()
    assert state.refusal("use odin@1", 1) == "Wisdom of the Well costs 2 Favor; you have 1 Favor"
    # Ordering start-of-turn abilities.
    state = setup(PLAIN, field=[("storm-totem", 1), ("temple", 1)])
    act(state, "end", "done")
    assert state.refusal("play parry", 1) == (
        "First resolve your waiting start-of-turn abilities: Trigger or Decline them"
    )
    assert state.refusal("decline temple", 1) == (
        "Temple's ability must be resolved: it is not optional"
    )
    assert state.refusal("trigger market", 1) == "No ability of Market is waiting"


def test_a_refusal_never_names_a_hidden_card():
    state = position(PLAIN, hands={0: ["spearman"], 1: ["parry", "smite"]}, gold=[0, 0])
    state.known[1] = []  # the opponent's hand is hidden from seat 0
    twin = state.determinize(0, random.Random(1))
    for action in ("play parry", "play smite"):
        reason = state.refusal(action, 0)
        assert reason == f"You have no {CARDS[action.split(' ')[1]].name} in your hand"
        assert twin.refusal(action, 0) == reason


# --- the reveal at the end ------------------------------------------------------------------------
@rules("AG-RULING-HIDDEN")
def test_revealed_lists_each_hand_and_what_is_left_of_each_deck():
    state = fresh(("zeus", "odin"), first=0)
    draw_any(state)
    zones = state.revealed()
    assert [(z["zone"], z["seat"]) for z in zones] == [
        ("Zeus's hand", 0),
        ("Zeus's deck (no order: each draw is random)", 0),
        ("Odin's hand", 1),
        ("Odin's deck (no order: each draw is random)", 1),
    ]
    for seat in (0, 1):
        hand, deck = zones[2 * seat]["items"], zones[2 * seat + 1]["items"]
        assert hand == sorted(CARDS[c].name for c in state.hand[seat])
        assert len(hand) == 5 and len(deck) == 50 - 3 - 5  # less the starting buildings
    # The deck has no order: what it lists is what the next draw may be.
    act(state, "end", "done")
    while state.current_player != CHANCE:
        act(state, sorted(state.legal_actions())[0])
    odin_deck = state.revealed()[3]["items"]
    outcomes = {CARDS[a.split(" ")[1]].name for a in state.legal_actions()}
    assert outcomes == set(odin_deck)


@rules("AG-RULING-HIDDEN")
def test_a_built_deck_is_revealed_with_its_whole_list():
    deck = {"name": "mine", "god": "zeus", "cards": {"market": 30, "temple": 10, "hoplite": 10}}
    state = fresh(("zeus", "odin"), first=0, decks=[deck, "odin-starter"])
    zones = state.revealed()
    assert [z["zone"] for z in zones] == [
        "Zeus's hand",
        "Zeus's deck (no order: each draw is random)",
        "Zeus's deck list (built)",
        "Odin's hand",
        "Odin's deck (no order: each draw is random)",
    ]
    assert zones[2]["items"] == ["Hoplite"] * 10 + ["Market"] * 30 + ["Temple"] * 10
    same = fresh(("zeus", "zeus"), first=0)
    assert [z["zone"] for z in same.revealed()][::2] == ["Zeus (P0)'s hand", "Zeus (P1)'s hand"]
