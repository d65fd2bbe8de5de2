"""Arena of the Gods's numbered rules (RULES.md), one or more tests per rule id."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import theomachy
from theomachy import CHANCE, IllegalAction
from theomachy.engine.conformance import check_private_decisions
from theomachy.games.arena_of_the_gods import abilities
from theomachy.games.arena_of_the_gods.cards import (
    Ability,
    Card,
    Deck,
    catalog,
    deck_problems,
    starter_decks,
)
from theomachy.games.arena_of_the_gods.model import (
    DISCARD,
    MAIN,
    POST_WINDOW,
    PRE_WINDOW,
    REDIRECT,
    ROLL,
    STALL_ROUNDS,
)
from theomachy.games.arena_of_the_gods.rules import ArenaState

from .positions import act, arena, draw_any, feed, find, fresh, put, setup, tokens

rules = pytest.mark.rules
CARDS = catalog()
STARTERS = starter_decks()
# Battle positions use Gods whose abilities change no Power or Health.
PLAIN = ("quetzalcoatl", "odin")


def power(state, token: str) -> int:
    return abilities.power(state, find(state, token))


def health(state, token: str) -> int:
    return abilities.health(state, find(state, token))


def end_turn(state) -> None:
    """The turn player ends the turn and discards nothing."""
    act(state, "end")
    while state.order:
        act(state, state.legal_actions()[0])
    act(state, "done")


def attack(state, attacker: str, target: str, *, redirect: bool = False) -> None:
    act(state, f"attack {attacker} {target}")
    if state.step == REDIRECT:
        act(state, "redirect" if redirect else "hold")


def passes(state, count: int) -> None:
    act(state, *["pass"] * count)


def deck_with(god: str = "zeus", **changes: int) -> Deck:
    """The God's starter deck with these counts changed (0 removes a card)."""
    starter = next(d for d in STARTERS.values() if d.god == god)
    cards = dict(starter.cards)
    for card, count in changes.items():
        card = card.replace("_", "-")
        if count:
            cards[card] = count
        else:
            cards.pop(card, None)
    return Deck(name="test", god=god, cards=cards)


# --- notation -------------------------------------------------------------------------------------
@rules("AG-NOTATION-1")
def test_actions_are_lowercase_tokens_verb_first():
    verbs = {"trigger", "decline", "play", "use", "attack", "redirect", "hold", "pass", "end",
             "discard", "done"}  # fmt: skip
    rng = random.Random(5)
    state = arena(3, max_rounds=3).new_game()
    seen = set()
    while not state.is_terminal():
        if state.current_player == CHANCE:
            outcomes = [o for o, _ in state.chance_outcomes()]
            assert all(o.split(" ")[0] in ("roll", "draw") for o in outcomes)
            state.apply(rng.choice(outcomes))
            continue
        for action in state.legal_actions():
            assert action == action.lower() and action.split(" ")[0] in verbs, action
            assert "  " not in action and action.strip() == action
            seen.add(action.split(" ")[0])
        state.apply(rng.choice(state.legal_actions()))
    assert {"play", "end", "done", "attack"} <= seen


@rules("AG-NOTATION-2")
def test_cards_on_the_battleground_are_named_card_at_seat_dot_copy():
    state = fresh(("zeus", "odin"), first=0)
    # Zeus starts with two Markets and a Temple, Odin with a Market and two Temples.
    assert {"zeus@0", "market@0", "market@0.2", "temple@0"} <= tokens(state)
    assert {"odin@1", "market@1", "temple@1", "temple@1.2"} <= tokens(state)
    state = setup(PLAIN, field=[("spearman", 0), ("spearman", 0), ("spearman", 1)])
    assert {"spearman@0", "spearman@0.2", "spearman@1"} <= tokens(state)
    # The first copy leaves; a new one takes the smallest number free (1), the second keeps 2.
    state.to_afterlife(find(state, "spearman@0").uid, 0)
    put(state, "spearman", 0)
    put(state, "spearman", 0)
    assert {"spearman@0", "spearman@0.2", "spearman@0.3"} <= tokens(state)
    # Actions use the names.
    assert "attack spearman@0.2 spearman@1" in state.legal_actions()


# --- set-up ---------------------------------------------------------------------------------------
@rules("AG-SETUP-1")
def test_default_gods_and_starter_decks_and_player_counts():
    gods = [c.id for c in CARDS.values() if c.type == "god"]
    for players in range(2, 7):
        game = arena(players)
        assert game.gods == [gods[s % len(gods)] for s in range(players)]
        assert all(deck.god == god for deck, god in zip(game.decks, game.gods, strict=True))
        assert all(sum(deck.cards.values()) == 50 for deck in game.decks)
    with pytest.raises(ValueError):
        arena(7)
    with pytest.raises(ValueError):
        arena(1)
    # decks chosen by name give the Gods
    game = arena(2, decks=["ra-starter", "zeus-starter"])
    assert game.gods == ["ra", "zeus"]


@rules("AG-SETUP-1")
def test_option_errors_name_the_problem(tmp_path: Path):
    with pytest.raises(ValueError, match="'hades' is not a God"):
        arena(2, gods=["zeus", "hades"])
    with pytest.raises(ValueError, match="gods has 3 entries for 2 players"):
        arena(2, gods=["zeus", "odin", "ra"])
    with pytest.raises(ValueError, match="decks has 1 entries for 2 players"):
        arena(2, decks=["zeus-starter"])
    with pytest.raises(ValueError, match="built for 'odin', not 'zeus'"):
        arena(2, gods=["zeus", "odin"], decks=["odin-starter", "zeus-starter"])
    with pytest.raises(ValueError, match="'no-such-deck' is not a starter deck"):
        arena(2, decks=["zeus-starter", "no-such-deck"])
    with pytest.raises(ValueError, match="first must be a seat"):
        arena(2, first=2)
    # an inline deck: problems named
    bad = {"god": "zeus", "cards": {"market": 2, "temple": 1, "hoplite": 10}}
    with pytest.raises(ValueError, match=r"deck 1.*13 cards"):
        arena(2, decks=["odin-starter", bad])
    with pytest.raises(ValueError, match="deck 0"):
        arena(2, decks=[{"god": "zeus"}, "odin-starter"])
    with pytest.raises(ValueError, match=r"decks\.1"):
        arena(2, decks=["zeus-starter", 3])
    # a legal inline deck: checked, and written into the options as checked
    mine = deck_with("zeus", hoplite=3, militia=1).model_dump()
    game = arena(2, decks=[mine, "odin-starter"])
    assert game.decks[0].cards["militia"] == 1
    assert game.options["decks"][0]["cards"]["militia"] == 1
    assert theomachy.load("arena-of-the-gods", 2, game.options).decks == game.decks
    # a deck file's path is not a deck: the game opens no file (the CLI reads deck files)
    good = tmp_path / "mine.toml"
    cards = "\n".join(f"{c} = {n}" for c, n in mine["cards"].items())
    good.write_text(f'name = "mine"\ngod = "zeus"\n[cards]\n{cards}\n')
    with pytest.raises(ValueError, match="is not a starter deck"):
        arena(2, decks=[str(good), "odin-starter"])


@rules("AG-SETUP-2")
def test_dice_in_seat_order_highest_goes_first():
    state = arena(3).new_game()
    assert state.step == ROLL and state.current_player == CHANCE
    assert [o for o, _ in state.chance_outcomes()] == [f"roll {n}" for n in range(1, 7)]
    feed(state, "roll 3", "roll 4", "roll 6", "roll 5", "roll 1", "roll 1")
    assert state.rolls == [[3, 4], [6, 5], [1, 1]]
    assert state.current == 1 and state.step != ROLL
    draw_any(state)
    assert state.current_player == 1


@rules("AG-SETUP-2")
def test_tied_players_and_only_they_roll_again():
    state = arena(3).new_game()
    feed(state, "roll 6", "roll 2", "roll 1", "roll 1", "roll 5", "roll 3")  # 8, 2, 8
    assert state.step == ROLL and state.contenders == [0, 2]
    assert state.rolls == [[], [1, 1], []]
    feed(state, "roll 1", "roll 1", "roll 2", "roll 1")  # 2 against 3: seat 2
    assert state.rolls == [[1, 1], [1, 1], [2, 1]]
    assert state.current == 2
    # a tie of everyone: all roll again
    state = arena(2).new_game()
    feed(state, "roll 4", "roll 4", "roll 2", "roll 6")
    assert state.step == ROLL and state.contenders == [0, 1]
    feed(state, "roll 1", "roll 1", "roll 1", "roll 2")
    assert state.current == 1


@rules("AG-SETUP-2")
def test_option_first_skips_the_roll():
    state = fresh(("zeus", "odin"), first=1)
    assert state.step != ROLL and state.current == 1
    assert state.current_player == CHANCE
    assert all(o.startswith("draw ") for o, _ in state.chance_outcomes())


@rules("AG-SETUP-3")
def test_starting_buildings_go_on_the_battleground_out_of_the_deck():
    state = fresh(("zeus", "ra"), first=0)
    for seat, god in enumerate(("zeus", "ra")):
        deck = STARTERS[f"{god}-starter"]
        on_field = sorted(p.card for p in state.perms.values()
                          if p.controller == seat and CARDS[p.card].type == "building")  # fmt: skip
        assert on_field == sorted(CARDS[god].starting)
        assert len(state.deck[seat]) == 50 - len(CARDS[god].starting)
        rest = deck.card_list()
        for card in CARDS[god].starting:
            rest.remove(card)
        assert sorted(state.deck[seat]) == sorted(rest)
    # the draws are chance nodes weighted by the deck's contents
    outcomes = dict(state.chance_outcomes())
    assert set(outcomes) == {f"draw {c}" for c in state.deck[0]}
    assert sum(outcomes.values()) == pytest.approx(1.0)


@rules("AG-SETUP-4")
def test_twenty_life_one_gold_one_favor():
    state = fresh(("zeus", "odin", "ra", "amaterasu"), first=0)
    extra = [(CARDS[g].starting_gold, CARDS[g].starting_favor) for g in state.arena.gods]
    assert state.life == [20] * 4
    assert state.gold == [1 + g for g, _ in extra]
    assert state.favor == [1 + f for _, f in extra]


@rules("AG-SETUP-5")
def test_everyone_draws_five_from_the_first_player_clockwise():
    state = arena(3, first=1).new_game()
    assert state.draws == [(1, True), (2, True), (0, True)]
    order = []
    while state.current_player == CHANCE:
        order.append(state.draws[0][0])
        state.apply(state.chance_outcomes()[0][0])
    assert [len(h) for h in state.hand] == [5, 5, 5]
    assert order == [1] * 5 + [2] * 5 + [0] * 5
    assert state.current_player == 1 and state.step == MAIN


# --- resources ------------------------------------------------------------------------------------
@rules("AG-RES-1", "AG-RES-3")
def test_temples_and_markets_give_income_at_their_owners_turn_start_and_it_accumulates():
    state = setup(("zeus", "odin"), buildings=True, gold=[3, 4], favor=[2, 5])
    end_turn(state)
    # Odin's turn: his Market and two Temples (only his) pay; Zeus's buildings wait.
    assert state.current == 1
    assert (state.gold, state.favor) == ([3, 5], [2, 7])
    draw_any(state)
    end_turn(state)
    assert (state.gold, state.favor) == ([5, 5], [3, 7])  # Zeus: 2 Markets, 1 Temple


@rules("AG-RES-3", "AG-BIND-2")
def test_income_abilities_change_what_buildings_give_never_below_zero():
    # Odin: a Market, two Temples; a Stone Circle (+1 Favor a Temple) and Zeus's Geis on him
    # (-1 Favor a Temple): 1 Favor a Temple.
    state = setup(("zeus", "odin"), buildings=True, gold=[1, 1], favor=[1, 1])
    put(state, "stone-circle", 1)
    end_turn(state)
    assert (state.gold[1], state.favor[1]) == (2, 5)
    state = setup(("zeus", "odin"), buildings=True, gold=[1, 1], favor=[1, 1])
    put(state, "stone-circle", 1)
    put(state, "geis", 0).bound_to = 1
    end_turn(state)
    assert (state.gold[1], state.favor[1]) == (2, 3)
    # Geis binds Odin, not Zeus, who played it (AG-BIND-2)
    state = setup(("zeus", "odin"), buildings=True, gold=[1, 1], favor=[1, 1])
    put(state, "geis", 0).bound_to = 1
    put(state, "geis", 1).bound_to = 1  # twice: each Temple gives -1, never below 0
    end_turn(state)
    assert state.favor[1] == 1
    draw_any(state)
    end_turn(state)
    assert state.favor[0] == 2  # Zeus's own Temple pays in full


@rules("AG-RES-2")
def test_resources_never_exceed_ten():
    state = setup(("zeus", "odin"), buildings=True, gold=[1, 10], favor=[1, 9])
    end_turn(state)
    assert (state.gold[1], state.favor[1]) == (10, 10)
    state = setup(PLAIN, hands={0: ["sacred-tithe"]}, gold=[9, 0], favor=[2, 0])
    act(state, "play sacred-tithe")  # 9 + 3 Gold: capped
    assert (state.gold[0], state.favor[0]) == (10, 0)
    state = setup(PLAIN, hands={0: ["blood-priest"]}, gold=[3, 0], favor=[10, 0])
    act(state, "play blood-priest")  # 10 + 2 Favor: capped
    assert state.favor[0] == 10 and state.gold[0] == 2


# --- the turn ------------------------------------------------------------------------------------
@pytest.fixture
def trial_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two cards of our own for the ordering tests (no shipped card has an optional or a
    non-gain start ability): a Relic that "may" give 1 Favor and a Storm that deals 1 damage
    to each enemy Unit at the start of your turn."""
    monkeypatch.setitem(CARDS, "trial-relic", Card(
        id="trial-relic", name="Trial Relic", type="supply", supply_class="mythical", gold=1,
        pantheon="neutral", text="At the start of your turn, you may gain 1 Favor.",
        abilities=(Ability(when="start", effect="resource", resource="favor", amount=1,
                           optional=True),),
    ))  # fmt: skip
    monkeypatch.setitem(CARDS, "trial-storm", Card(
        id="trial-storm", name="Trial Storm", type="supply", supply_class="mythical", gold=1,
        pantheon="neutral", text="At the start of your turn, 1 damage to each enemy Unit.",
        abilities=(Ability(when="start", effect="damage", target="enemy-units", amount=1),),
    ))  # fmt: skip


@rules("AG-TURN-1", "AG-RULING-ORDER")
def test_trigger_order_not_asked_for_gains_or_copies_of_one_card():
    # Gains only (Temples, Markets, a Wandering Priest): they resolve at once.
    state = setup(("zeus", "odin"), buildings=True, gold=[0, 0], favor=[0, 0])
    put(state, "wandering-priest", 1)
    end_turn(state)
    assert state.current == 1 and not state.order
    assert state.current_player == CHANCE  # straight to the draw
    assert state.favor[1] == 2 + 1 and state.gold[1] == 1


@rules("AG-TURN-1")
def test_trigger_order_asked_when_it_can_matter(trial_cards: None):
    state = setup(("zeus", "odin"), buildings=True, field=[("spearman", 0)],
                  gold=[0, 0], favor=[0, 0])  # fmt: skip
    put(state, "trial-storm", 1)
    put(state, "trial-storm", 1)
    end_turn(state)
    assert state.current_player == 1
    assert state.legal_actions() == ["trigger market", "trigger temple", "trigger trial-storm"]
    act(state, "trigger trial-storm")
    assert find(state, "spearman@0").damage == 1
    act(state, "trigger temple")
    assert state.favor[1] == 1
    # The second Storm: the spearman dies at once (a health check after each trigger); the
    # last two are gains, resolved together without asking.
    act(state, "trigger trial-storm")
    assert "spearman@0" not in tokens(state)
    assert (state.gold[1], state.favor[1]) == (1, 2) and not state.order
    # copies of one card only: no question
    state = setup(("zeus", "odin"), field=[("spearman", 0)], gold=[0, 0], favor=[0, 0])
    put(state, "trial-storm", 1)
    put(state, "trial-storm", 1)
    end_turn(state)
    assert state.current_player == CHANCE and "spearman@0" not in tokens(state)


@rules("AG-TURN-1", "AG-TURN-3")
def test_each_turn_abilities_after_the_turn_players_own_clockwise(monkeypatch: pytest.MonkeyPatch):
    for when in ("start-each", "end-each"):
        monkeypatch.setitem(CARDS, f"trial-{when}", Card(
            id=f"trial-{when}", name="Trial Hail", type="supply", supply_class="mythical", gold=1,
            pantheon="neutral", text="Each turn, 1 damage to each enemy Unit.",
            abilities=(Ability(when=when, effect="damage", target="enemy-units", amount=1),),
        ))  # fmt: skip
    # Seat 0's turn: its Mead Hall heals first (nothing to heal), then seat 1's Hail strikes;
    # the other order would leave no damage.
    state = setup(("zeus", "odin", "ra"), seat=2, field=[("shieldmaiden", 0)])
    put(state, "mead-hall", 0)
    put(state, "trial-start-each", 1)
    end_turn(state)
    assert state.current == 0 and find(state, "shieldmaiden@0").damage == 1
    draw_any(state)
    end_turn(state)  # Odin's own turn: his Hail acts too
    assert find(state, "shieldmaiden@0").damage == 2
    # as each turn ends, likewise: seat 0's Risen Mummy heals (nothing) before seat 2's hail
    state = setup(("zeus", "odin", "ra"), seat=0, field=[("risen-mummy", 0)])
    put(state, "trial-end-each", 2)
    act(state, "end")
    assert find(state, "risen-mummy@0").damage == 1 and state.step == DISCARD


@rules("AG-TURN-1")
def test_optional_abilities_can_be_declined(trial_cards: None):
    state = setup(("zeus", "odin"), buildings=True, gold=[0, 0], favor=[0, 0])
    put(state, "trial-relic", 1)
    end_turn(state)
    assert state.current_player == 1
    assert state.legal_actions() == [
        "decline trial-relic", "trigger market", "trigger temple", "trigger trial-relic",
    ]  # fmt: skip
    act(state, "trigger temple")
    assert state.favor[1] == 1
    act(state, "decline trial-relic")
    # a Market and a Temple left: gains only, they resolve at once
    assert (state.gold[1], state.favor[1]) == (1, 2)
    assert not state.order and state.current_player == CHANCE
    # trigger instead of decline: the relic gives its Favor (alone, still a question)
    state = setup(("zeus", "odin"), gold=[0, 0], favor=[0, 0])
    put(state, "trial-relic", 1)
    end_turn(state)
    assert state.legal_actions() == ["decline trial-relic", "trigger trial-relic"]
    act(state, "trigger trial-relic")
    assert state.favor[1] == 1


@rules("AG-TURN-1")
def test_only_the_turn_player_resolves_start_of_your_turn_abilities():
    state = setup(("zeus", "odin"), gold=[0, 0], favor=[0, 0])
    put(state, "wandering-priest", 0)
    put(state, "ankh", 0)
    end_turn(state)  # Odin's turn: Zeus's start abilities wait for his own
    assert not state.order and state.favor == [0, 0] and state.life == [20, 20]
    draw_any(state)
    end_turn(state)
    assert state.favor == [1, 0] and state.life == [21, 20]


@rules("AG-TURN-2")
def test_the_turn_player_draws_up_to_five():
    state = setup(PLAIN, hands={1: ["spearman", "militia"]})
    end_turn(state)
    assert state.current == 1 and state.draws == [(1, True)]
    draws = 0
    while state.current_player == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
        draws += 1
    assert draws == 3 and len(state.hand[1]) == 5 and state.step == MAIN
    # a full hand draws nothing
    state = setup(PLAIN, hands={1: ["militia"] * 6})
    end_turn(state)
    assert state.current_player == 1 and len(state.hand[1]) == 6


@rules("AG-TURN-3")
def test_main_phase_then_end_of_turn_abilities_then_discards():
    state = setup(PLAIN, hands={0: ["militia", "spearman", "smite"]}, gold=[5, 0], favor=[0, 0])
    put(state, "risen-mummy", 0, damage=2)
    act(state, "play militia", "play spearman")  # any order, several cards
    assert state.step == MAIN and state.current_player == 0
    act(state, "end")
    assert find(state, "risen-mummy@0").damage == 1  # "as your turn ends": heal 1
    assert state.step == DISCARD
    assert state.legal_actions() == ["discard smite", "done"]
    act(state, "discard smite")
    assert state.afterlife[0] == ["smite"] and state.hand[0] == []
    assert state.legal_actions() == ["done"]
    act(state, "done")
    assert state.current == 1


@rules("AG-TURN-4", "AG-END-1")
def test_the_turn_passes_left_skipping_players_who_are_out():
    state = setup(("zeus", "odin", "ra"), seat=0)
    end_turn(state)
    assert state.current == 1
    draw_any(state)
    end_turn(state)
    assert state.current == 2
    draw_any(state)
    end_turn(state)
    assert state.current == 0
    state = setup(("zeus", "odin", "ra"), seat=0, life=[20, 1, 20], favor=[5, 0, 0])
    act(state, "use zeus@0 odin@1")
    assert state.out == [False, True, False]
    end_turn(state)
    assert state.current == 2


@rules("AG-TURN-5", "AG-TERM-GET", "AG-ABILITY-1")
def test_gets_and_prevention_end_with_the_turn_and_abilities_refresh():
    state = setup(PLAIN, field=[("spearman", 0)], favor=[8, 0])
    act(state, "use quetzalcoatl@0 spearman@0")  # gets +1 Power this turn
    assert power(state, "spearman@0") == 3 and state.favor[0] == 4
    assert not any(a.startswith("use quetzalcoatl@0") for a in state.legal_actions())
    find(state, "spearman@0").shield = 2
    end_turn(state)
    assert power(state, "spearman@0") == 2 and find(state, "spearman@0").shield == 0
    draw_any(state)
    end_turn(state)
    draw_any(state)
    assert "use quetzalcoatl@0 spearman@0" in state.legal_actions()


# --- cards ----------------------------------------------------------------------------------------
@rules("AG-CARD-1")
def test_gods_cannot_attack_can_be_attacked_and_have_abilities():
    state = setup(("zeus", "odin"), field=[("spartan-veteran", 0), ("spearman", 0)])
    legal = state.legal_actions()
    assert not any(a.startswith("attack zeus@0") for a in legal)
    assert "attack spartan-veteran@0 odin@1" in legal
    # Pantheon Ability: Greek Units Zeus's player controls get +1 Power; others do not.
    assert power(state, "spartan-veteran@0") == 4 and power(state, "spearman@0") == 2
    put(state, "hoplite", 1)
    assert power(state, "hoplite@1") == 2
    # God Blessing: an activated ability of the God card.
    state.favor[0] = 5
    assert "use zeus@0 hoplite@1" in state.legal_actions()
    act(state, "use zeus@0 odin@1")
    assert state.life[1] == 19


@rules("AG-RULING-BLESSING", "AG-CARD-1", "AG-ABILITY-1")
def test_ag_ruling_blessing_used_at_any_time_a_player_may_act():
    # "Your God Blessing is also an effect you have access to at any time": Zeus's Thunderbolt
    # in his main phase (at once), in a battle window of his own attack (on the stack), and
    # on the opponent's turn in a Battle he defends; once per turn.
    hands = {0: ["rite-of-cleansing"], 1: ["parry"]}
    state = setup(("zeus", "amaterasu"), hands=hands, field=[("spearman", 0), ("ashigaru", 1)],
                  favor=[10, 3])  # fmt: skip
    state.deck = [[], []]
    find(state, "ashigaru@1").damage = 1  # already wounded: Thunderbolt's 1 damage kills it
    assert "use zeus@0 amaterasu@1" in state.legal_actions()
    attack(state, "spearman@0", "ashigaru@1")
    assert state.current_player == 1
    assert "use amaterasu@1 ashigaru@1" in state.legal_actions()  # hers too, in the battle
    act(state, "pass")
    assert "use zeus@0 ashigaru@1" in state.legal_actions()  # the attacker's window
    act(state, "use zeus@0 ashigaru@1")
    assert find(state, "ashigaru@1").damage == 1 and state.favor[0] == 5  # waits on the stack
    assert state.battle is not None and [i.card for i in state.battle.stack] == ["zeus"]
    passes(state, 2)  # the window closes: Thunderbolt resolves, the pre-combat check
    assert "ashigaru@1" not in tokens(state) and state.step == MAIN
    assert not any(a.startswith("use zeus@0") for a in state.legal_actions())  # once a turn
    end_turn(state)
    # Amaterasu's turn: no decision of Zeus's player in her main phase; in her attack on
    # his God he defends and may use it again (a new turn).
    assert state.current == 1 and state.step == MAIN
    put(state, "shieldmaiden", 1)
    attack(state, "shieldmaiden@1", "zeus@0")
    assert state.current_player == 0 and state.step == PRE_WINDOW
    assert "use zeus@0 shieldmaiden@1" in state.legal_actions()
    act(state, "use zeus@0 shieldmaiden@1", "pass", "pass")
    assert find(state, "shieldmaiden@1").damage == 1 and state.favor[0] == 0


@rules("AG-RULING-BLESSING")
def test_ag_ruling_blessing_not_in_single_purpose_steps_nor_in_others_battles():
    # The redirect choice, start-of-turn ordering and the discard step offer only what the
    # rulebook gives there; a Battle between two other players gives no window to a third.
    state = setup(("zeus", "odin", "ra"), field=[("spearman", 1), ("militia", 2)],
                  favor=[9, 9, 9], seat=1)  # fmt: skip
    act(state, "attack spearman@1 militia@2")
    assert state.step == REDIRECT and state.legal_actions() == ["hold", "redirect"]
    act(state, "hold")
    assert state.current_player == 2 and "use ra@2" in state.legal_actions()
    while state.battle is not None:
        assert state.current_player in (1, 2)  # never Zeus's player, not in the battle
        act(state, "pass")
    act(state, "end")
    assert state.step == DISCARD and state.legal_actions() == ["done"]


@rules("AG-RULING-BLESSING")
def test_ag_ruling_blessing_every_god_blessing_may_be_used_at_any_time():
    for card in CARDS.values():
        if card.type == "god":
            blessing = next(a for a in card.abilities if a.when == "activated")
            assert blessing.phase == "any", card.id
            assert "at any time you may act" in card.text, card.id
    with pytest.raises(ValueError, match="phase 'any'"):
        Card.model_validate({**CARDS["zeus"].model_dump(by_alias=True), "abilities": [
            {"when": "activated", "effect": "draw", "amount": 1, "favor": 1}]})  # fmt: skip


@rules("AG-CARD-2")
def test_units_have_power_health_class_and_classes_only_matter_through_card_text():
    units = [c for c in CARDS.values() if c.type == "unit"]
    assert {c.unit_class for c in units} == {"mortal", "mythical", "heroic"}
    assert all(c.power is not None and c.health is not None for c in units)
    # Quetzalcoatl's text: Aztec Mythical Units cost 1 Favor less, Mortal ones do not.
    state = setup(("quetzalcoatl", "odin"), hands={0: ["ahuizotl", "eagle-warrior"]})
    assert abilities.cost(state, 0, "ahuizotl") == (0, 2)
    assert abilities.cost(state, 0, "eagle-warrior") == (2, 0)
    # both classes attack and fight alike
    state = setup(PLAIN, field=[("ahuizotl", 0), ("obsidian-spearman", 0)])
    assert {"attack ahuizotl@0 odin@1", "attack obsidian-spearman@0 odin@1"} <= set(
        state.legal_actions()
    )


@rules("AG-CARD-3", "AG-PLAY-3")
def test_buildings_and_supplies_stay_with_static_and_activated_abilities():
    state = setup(PLAIN, hands={0: ["war-banner", "healing-herbs", "market"]},
                  field=[("spearman", 0)], gold=[10, 0])  # fmt: skip
    act(state, "play war-banner", "play market", "play healing-herbs")
    assert {"war-banner@0", "market@0", "healing-herbs@0"} <= tokens(state)
    assert state.gold[0] == 3
    find(state, "spearman@0").damage = 1
    act(state, "use healing-herbs@0 spearman@0")  # activated
    assert find(state, "spearman@0").damage == 0 and state.gold[0] == 2
    assert power(state, "spearman@0") == 2
    attack(state, "spearman@0", "odin@1")
    assert power(state, "spearman@0") == 3  # static: War Banner, +1 Power while attacking
    passes(state, 4)
    assert state.life[1] == 17
    end_turn(state)
    draw_any(state)
    end_turn(state)
    assert {"war-banner@0", "market@0", "healing-herbs@0"} <= tokens(state)


@rules("AG-PLAY-1")
def test_ag_play_1_every_card_but_a_god_costs_gold_or_favor():
    assert all(c.gold + c.favor > 0 for c in CARDS.values() if c.type != "god")
    assert (CARDS["heart-offering"].gold, CARDS["heart-offering"].favor) == (0, 1)
    free = {**CARDS["militia"].model_dump(by_alias=True), "gold": 0}
    with pytest.raises(ValueError, match="costs some Gold or Favor"):
        Card.model_validate(free)


@rules("AG-RULING-GETS-END")
@pytest.mark.parametrize(
    "ability",
    [
        {"when": "play", "effect": "buff", "target": "engaged-unit", "health": 1,
         "duration": "battle"},
        {"when": "attacked", "effect": "buff", "target": "self", "health": 2, "duration": "turn"},
        {"when": "static", "effect": "aura", "target": "self", "health": 1, "only_engaged": True},
        {"when": "static", "effect": "aura", "health": 1, "only_attacking": True,
         "filter": {"type": "unit"}},
    ],
)  # fmt: skip
def test_ag_ruling_gets_end_no_card_gives_a_health_bonus_that_cannot_keep_a_unit_alive(
    ability: dict[str, object],
):
    with pytest.raises(ValueError, match="keeps no Unit alive"):
        Ability.model_validate(ability)
    for card in CARDS.values():
        for shipped in card.abilities:
            temporary = shipped.duration in ("turn", "battle") or shipped.only_engaged
            assert not (temporary or shipped.only_attacking) or shipped.health <= 0, card.id
    # A permanent gain and a Health loss for a while are fine.
    Ability.model_validate({**ability, "duration": "permanent"} if ability["effect"] == "buff"
                           else {**ability, "health": -1})  # fmt: skip


@rules("AG-PLAY-1")
def test_playing_costs_gold_and_favor_and_unaffordable_cards_cannot_be_played():
    state = setup(("zeus", "odin"), hands={0: ["spartan-veteran", "pegasus", "smite"]},
                  gold=[3, 0], favor=[2, 0])  # fmt: skip
    legal = state.legal_actions()
    assert "play spartan-veteran" in legal
    assert "play pegasus" not in legal  # 3 Favor
    assert not any(a.startswith("play smite") for a in legal)
    act(state, "play spartan-veteran")
    assert (state.gold[0], state.favor[0]) == (0, 2)
    assert "spartan-veteran" not in state.hand[0]
    with pytest.raises(IllegalAction):
        state.apply("play pegasus")
    # a discount: Odin's Norse Units cost 2 Gold less, never below 0
    state = setup(("odin", "zeus"), hands={0: ["berserker", "huginn"]}, gold=[2, 0], favor=[1, 0])
    assert abilities.cost(state, 0, "berserker") == (1, 0)
    assert abilities.cost(state, 0, "huginn") == (0, 1)
    act(state, "play berserker")
    assert state.gold[0] == 1


@rules("AG-PLAY-2", "AG-EVOKE-2")
def test_combat_evocations_only_in_battle_windows_other_cards_only_in_the_main_phase():
    hand = ["parry", "spearman", "divine-inspiration"]
    state = setup(PLAIN, hands={0: hand, 1: hand}, field=[("militia", 0), ("militia", 1)],
                  gold=[5, 5], favor=[5, 5])  # fmt: skip
    legal = state.legal_actions()
    assert "play spearman" in legal and "play divine-inspiration" in legal
    assert not any(a.startswith("play parry") for a in legal)
    attack(state, "militia@0", "militia@1")
    assert state.step == PRE_WINDOW and state.current_player == 1
    legal = state.legal_actions()
    # Odin's Blessing too (AG-RULING-BLESSING); of the cards, only the Combat Evocation.
    assert legal == ["pass", "play parry militia@0", "play parry militia@1", "use odin@1"]
    act(state, "play parry militia@1")
    assert state.hand[1] == ["divine-inspiration", "spearman"]
    assert [item.card for item in state.battle.stack] == ["parry"]
    assert "parry" not in state.afterlife[1]  # it waits on the stack
    passes(state, 2)
    # resolved: 2 damage prevented from the militia's 1 Power; then to the Afterlife
    assert find(state, "militia@1").damage == 0 and find(state, "militia@0").damage == 1
    assert state.afterlife[1] == ["parry"]


@rules("AG-PLAY-3", "AG-RULING-NO-TARGET")
def test_when_played_abilities_and_missing_targets():
    state = setup(PLAIN, hands={0: ["longbow-archer", "smite"]}, field=[("militia", 1)],
                  gold=[2, 0], favor=[3, 0])  # fmt: skip
    legal = state.legal_actions()
    assert "play longbow-archer militia@1" in legal and "play longbow-archer" not in legal
    act(state, "play longbow-archer militia@1")
    assert find(state, "longbow-archer@0").controller == 0
    assert find(state, "militia@1").damage == 1
    # no enemy Unit: the Unit can still be played, the Evocation cannot
    state = setup(PLAIN, hands={0: ["longbow-archer", "smite"]}, gold=[2, 0], favor=[3, 0])
    legal = state.legal_actions()
    assert "play longbow-archer" in legal
    assert not any(a.startswith("play smite") for a in legal)
    act(state, "play longbow-archer")
    assert "longbow-archer@0" in tokens(state)


@rules("AG-BIND-1", "AG-BIND-2")
def test_bindings_are_played_onto_a_player_and_stay_until_removed():
    state = setup(("zeus", "odin"), hands={0: ["wisdom-of-athena"], 1: ["rite-of-cleansing"]},
                  field=[("spearman", 0), ("spearman", 1)], favor=[3, 2])  # fmt: skip
    assert {"play wisdom-of-athena odin@1", "play wisdom-of-athena zeus@0"} <= set(
        state.legal_actions()
    )
    act(state, "play wisdom-of-athena odin@1")
    binding = find(state, "wisdom-of-athena@0")
    assert binding.bound_to == 1 and binding.controller == 0
    # "your Units" are the bound player's
    assert health(state, "spearman@1") == 3 and health(state, "spearman@0") == 2
    end_turn(state)
    draw_any(state)
    assert "wisdom-of-athena@0" in tokens(state)
    act(state, "play rite-of-cleansing wisdom-of-athena@0")
    assert "wisdom-of-athena@0" not in tokens(state)
    assert state.afterlife[0] == ["wisdom-of-athena"]  # its owner's Afterlife
    assert state.afterlife[1] == ["rite-of-cleansing"]


@rules("AG-EVOKE-1")
def test_ceremonial_evocations_resolve_at_once_and_go_to_the_afterlife():
    state = setup(PLAIN, hands={0: ["divine-inspiration"]}, favor=[2, 0])
    act(state, "play divine-inspiration")
    assert state.afterlife[0] == ["divine-inspiration"] and state.favor[0] == 0
    assert state.current_player == CHANCE  # two draws before anyone decides (AG-RULING-ORDER)
    draw_any(state)
    assert len(state.hand[0]) == 2 and state.current_player == 0


@rules("AG-ABILITY-1")
def test_activated_abilities_cost_once_per_turn_battle_ones_wait_on_the_stack():
    state = setup(("odin", "zeus"), favor=[4, 0])
    act(state, "use odin@0")
    assert state.favor[0] == 2
    draw_any(state)
    assert len(state.hand[0]) == 1
    assert "use odin@0" not in state.legal_actions()  # once per turn, even with Favor left
    # a battle ability (Bronze Shield) waits on the stack, like a Combat Evocation
    state = setup(PLAIN, field=[("spearman", 0), ("spearman", 1), ("bronze-shield", 1)],
                  gold=[0, 2])  # fmt: skip
    assert not any(a.startswith("use bronze-shield") for a in state.legal_actions())
    attack(state, "spearman@0", "spearman@1")
    assert state.legal_actions() == [
        "pass", "use bronze-shield@1 spearman@0", "use bronze-shield@1 spearman@1",
    ]  # fmt: skip
    act(state, "use bronze-shield@1 spearman@1")
    assert state.gold[1] == 1 and find(state, "spearman@1").shield == 0
    assert state.battle.stack[0].source == find(state, "bronze-shield@1").uid
    assert not any(a.startswith("use bronze-shield") for a in state.legal_actions())
    passes(state, 2)
    assert find(state, "spearman@1").damage == 0 and find(state, "spearman@0").damage == 2
    passes(state, 2)
    assert "spearman@0" not in tokens(state) and "spearman@1" in tokens(state)


# --- battles --------------------------------------------------------------------------------------
@rules("AG-ATTACK-1")
def test_only_units_controlled_since_the_turn_began_attack_once_each():
    state = setup(PLAIN, hands={0: ["spearman", "war-hound"]}, field=[("militia", 0)],
                  gold=[3, 0])  # fmt: skip
    act(state, "play spearman", "play war-hound")
    legal = state.legal_actions()
    assert not any(a.startswith("attack spearman@0") for a in legal)  # played this turn
    assert "attack war-hound@0 odin@1" in legal  # haste
    assert "attack militia@0 odin@1" in legal
    assert not any(a.endswith("@0") and a.startswith("attack") for a in legal)  # not own cards
    attack(state, "militia@0", "odin@1")
    passes(state, 4)
    assert state.step == MAIN and state.life[1] == 19
    assert not any(a.startswith("attack militia@0") for a in state.legal_actions())
    with pytest.raises(IllegalAction):
        state.apply("attack spearman@0 odin@1")
    end_turn(state)
    draw_any(state)
    end_turn(state)
    draw_any(state)
    assert "attack spearman@0 odin@1" in state.legal_actions()


@rules("AG-ATTACK-1")
def test_ready_effects_allow_another_attack():
    state = setup(("quetzalcoatl", "amaterasu"), field=[("susanoo", 0), ("militia", 1)])
    attack(state, "susanoo@0", "militia@1")
    passes(state, 4)
    assert "militia@1" not in tokens(state)  # Susanoo sent it: it may attack again
    assert "attack susanoo@0 amaterasu@1" in state.legal_actions()


@rules("AG-BATTLE-1")
def test_the_attacked_units_controller_may_redirect_to_their_god():
    state = setup(PLAIN, field=[("spearman", 0), ("shieldmaiden", 1)])
    act(state, "attack spearman@0 shieldmaiden@1")
    assert state.step == REDIRECT and state.current_player == 1
    assert state.legal_actions() == ["hold", "redirect"]
    act(state, "redirect")
    assert state.battle.target == find(state, "odin@1").uid
    passes(state, 4)
    assert state.life[1] == 18 and find(state, "shieldmaiden@1").damage == 0
    assert find(state, "spearman@0").damage == 0
    # an attack on a God has no redirect step
    state = setup(PLAIN, field=[("spearman", 0)])
    act(state, "attack spearman@0 odin@1")
    assert state.step == PRE_WINDOW and state.current_player == 1


@rules("AG-BATTLE-1", "AG-RULING-ORDER")
def test_declaration_abilities_attacker_first():
    # Thor's declaration damage lands before Achilles's "attacked" prevention
    state = setup(("odin", "zeus"), field=[("thor", 0), ("achilles", 1), ("militia", 1)])
    attack(state, "thor@0", "achilles@1")
    assert find(state, "achilles@1").damage == 1 and find(state, "achilles@1").shield == 2
    assert find(state, "militia@1").damage == 1
    # Minotaur gets +1 Power when it attacks
    state = setup(PLAIN, field=[("minotaur", 0)])
    attack(state, "minotaur@0", "odin@1")
    assert power(state, "minotaur@0") == 5


@rules("AG-BATTLE-2", "AG-RULING-WINDOW")
def test_window_alternates_defender_first_and_closes_on_two_passes_in_a_row():
    hand = ["parry", "parry", "battle-fury"]
    state = setup(PLAIN, hands={0: hand, 1: hand}, field=[("spearman", 0), ("shieldmaiden", 1)],
                  favor=[5, 5])  # fmt: skip
    attack(state, "spearman@0", "shieldmaiden@1")
    assert state.current_player == 1  # the defender first
    act(state, "pass")
    assert state.current_player == 0
    act(state, "play parry spearman@0")  # breaks the run of passes
    assert state.current_player == 1 and state.step == PRE_WINDOW
    act(state, "play battle-fury shieldmaiden@1")
    assert state.current_player == 0
    act(state, "pass")
    assert state.current_player == 1 and state.step == PRE_WINDOW  # one pass is not enough
    act(state, "pass")
    assert state.step == POST_WINDOW and state.current_player == 1  # post window: defender first
    act(state, "pass", "pass")
    assert state.step == MAIN and state.battle is None


@rules("AG-BATTLE-2", "AG-BATTLE-6", "AG-RULING-WINDOW")
def test_defender_plays_attacker_passes_defender_passes_closes_the_window():
    # Not a full round of two passes: the attacker passed after the defender's play, then the
    # defender passed; two passes in a row close the window, the attacker is not asked again.
    hands = {0: ["parry", "parry"], 1: ["parry", "parry"]}
    state = setup(PLAIN, hands=hands, field=[("spearman", 0), ("shieldmaiden", 1)],
                  favor=[5, 5])  # fmt: skip
    attack(state, "spearman@0", "shieldmaiden@1")
    assert state.step == PRE_WINDOW and state.current_player == 1
    act(state, "play parry shieldmaiden@1")
    assert state.current_player == 0
    act(state, "pass")
    assert state.current_player == 1 and state.step == PRE_WINDOW
    act(state, "pass")
    assert state.step == POST_WINDOW  # closed: Parry resolved, combat done
    assert find(state, "shieldmaiden@1").shield == 0 and find(state, "shieldmaiden@1").damage == 0
    assert find(state, "spearman@0").damage == 2
    # the same in the post-combat window
    assert state.current_player == 1
    act(state, "play parry spearman@0")
    assert state.current_player == 0
    act(state, "pass")
    assert state.current_player == 1 and state.step == POST_WINDOW
    act(state, "pass")
    assert state.battle is None and state.step == MAIN
    assert "spearman@0" not in tokens(state)  # 2 counters on 2 Health: the parry came late
    assert state.favor == [5, 3]


@rules("AG-BATTLE-2")
def test_only_the_two_players_in_the_battle_act_in_windows():
    hand = ["parry"]
    state = setup(("quetzalcoatl", "odin", "ra"), hands={0: hand, 1: hand, 2: hand},
                  field=[("spearman", 0), ("spearman", 2)], favor=[3, 3, 3])  # fmt: skip
    attack(state, "spearman@0", "spearman@2")
    seen = set()
    while state.battle is not None:
        seen.add(state.current_player)
        act(state, "pass")
    assert seen == {0, 2}


@rules("AG-BATTLE-3")
def test_the_stack_resolves_last_played_first():
    # Defender plays Obsidian Fury (2 damage) on the attacker, the attacker answers with Parry
    # (prevent 2): Parry resolves first, so the Fury places nothing.
    hands = {0: ["parry"], 1: ["obsidian-fury"]}
    state = setup(PLAIN, hands=hands, field=[("spearman", 0), ("shieldmaiden", 1)], favor=[3, 3])
    attack(state, "spearman@0", "shieldmaiden@1")
    act(state, "play obsidian-fury spearman@0", "play parry spearman@0", "pass", "pass")
    assert state.step == POST_WINDOW  # the attacker survived the pre-combat check
    assert find(state, "spearman@0").damage == 2  # the shieldmaiden's combat damage only
    assert find(state, "shieldmaiden@1").damage == 2
    assert state.afterlife == [["parry"], ["obsidian-fury"]]


@rules("AG-BATTLE-3")
def test_an_effect_whose_target_left_does_nothing():
    state = setup(PLAIN, hands={1: ["obsidian-fury"]}, field=[("spearman", 0), ("militia", 1)],
                  favor=[0, 2])  # fmt: skip
    attack(state, "spearman@0", "militia@1")
    act(state, "play obsidian-fury spearman@0")
    state.to_afterlife(find(state, "spearman@0").uid, 0)  # the target leaves before resolving
    act(state, "pass", "pass")
    assert state.afterlife == [["spearman"], ["obsidian-fury"]]
    assert state.battle is None and state.step == MAIN  # the attacker is gone: no combat
    assert find(state, "militia@1").damage == 0


@rules("AG-BATTLE-4", "AG-RULING-HEALTH")
def test_pre_combat_health_check_can_end_the_battle():
    state = setup(PLAIN, hands={1: ["obsidian-fury"]}, field=[("spearman", 0), ("shieldmaiden", 1)],
                  favor=[0, 2])  # fmt: skip
    attack(state, "spearman@0", "shieldmaiden@1")
    act(state, "play obsidian-fury spearman@0", "pass", "pass")
    assert "spearman@0" not in tokens(state) and state.afterlife[0] == ["spearman"]
    assert state.step == MAIN and state.battle is None
    assert find(state, "shieldmaiden@1").damage == 0  # no combat


@rules("AG-RULING-HEALTH")
def test_inside_a_battle_lethal_damage_can_be_healed_before_the_check():
    # attacker plays Eye of Horus (heal 3) first, the defender Obsidian Fury (2) after:
    # the Fury resolves first (2 on a 2-Health Unit), the heal then saves it.
    state = setup(PLAIN, hands={0: ["eye-of-horus"], 1: ["obsidian-fury"]},
                  field=[("spearman", 0), ("militia", 1)], favor=[2, 2])  # fmt: skip
    attack(state, "spearman@0", "militia@1")
    act(state, "pass", "play eye-of-horus spearman@0", "play obsidian-fury spearman@0")
    act(state, "pass", "pass")
    assert "spearman@0" in tokens(state) and state.step == POST_WINDOW
    # outside battles the check follows each card played: Smite kills at once
    state = setup(PLAIN, hands={0: ["smite"]}, field=[("spearman", 1)], favor=[3, 0])
    act(state, "play smite spearman@1")
    assert "spearman@1" not in tokens(state) and state.afterlife[1] == ["spearman"]
    # ... and a God at 0 Life after an ability is out at once
    state = setup(("zeus", "odin", "ra"), life=[20, 1, 20], favor=[5, 0, 0])
    act(state, "use zeus@0 odin@1")
    assert state.out[1]


@rules("AG-BATTLE-5", "AG-TERM-DAMAGE")
def test_combat_damage_is_simultaneous():
    state = setup(PLAIN, field=[("spearman", 0), ("spearman", 1), ("shieldmaiden", 1)])
    attack(state, "spearman@0", "spearman@1")
    passes(state, 2)
    assert find(state, "spearman@0").damage == 2 and find(state, "spearman@1").damage == 2
    passes(state, 2)
    assert "spearman@0" not in tokens(state) and "spearman@1" not in tokens(state)
    # damage counters stay after the battle and across turns
    state = setup(PLAIN, field=[("shieldmaiden", 0), ("militia", 1)])
    attack(state, "shieldmaiden@0", "militia@1")
    passes(state, 4)
    assert find(state, "shieldmaiden@0").damage == 1
    end_turn(state)
    draw_any(state)
    end_turn(state)
    draw_any(state)
    assert find(state, "shieldmaiden@0").damage == 1


@rules("AG-BATTLE-5", "AG-CARD-1")
def test_an_attacked_god_loses_life_and_deals_no_damage():
    state = setup(PLAIN, field=[("shieldmaiden", 0)])
    attack(state, "shieldmaiden@0", "odin@1")
    passes(state, 4)
    assert state.life[1] == 18 and find(state, "shieldmaiden@0").damage == 0


@rules("AG-BATTLE-5", "AG-TERM-PREVENT")
def test_damage_abilities_count_what_prevention_leaves():
    # the rulebook's example: 4 Power against "prevent the next 2" places 2 and gains 2
    state = setup(("quetzalcoatl", "amaterasu"), hands={1: ["parry"]},
                  field=[("kitsune", 0), ("shieldmaiden", 1)], favor=[0, 1])  # fmt: skip
    find(state, "kitsune@0").turn_power = 3
    attack(state, "kitsune@0", "shieldmaiden@1")
    act(state, "play parry shieldmaiden@1", "pass", "pass")
    assert find(state, "shieldmaiden@1").damage == 2
    assert state.favor[0] == 2  # plunder: one Favor per counter placed


@rules("AG-BATTLE-6", "AG-TERM-GET")
def test_post_combat_window_and_check_and_battle_gets_end():
    state = setup(PLAIN, hands={0: ["battle-fury"]}, field=[("shieldmaiden", 0), ("spearman", 1)],
                  favor=[1, 0])  # fmt: skip
    attack(state, "shieldmaiden@0", "spearman@1")
    passes(state, 2)
    assert state.step == POST_WINDOW and state.current_player == 1  # the defender first
    assert find(state, "spearman@1").damage == 2  # lethal, but the check comes after the window
    assert "spearman@1" in tokens(state)
    act(state, "pass", "play battle-fury shieldmaiden@0")
    assert state.current_player == 1 and state.step == POST_WINDOW
    act(state, "pass", "pass")
    assert "spearman@1" not in tokens(state)  # post-combat check
    assert state.battle is None and state.step == MAIN
    # Battle Fury's +1/+1 was for the battle only
    assert (power(state, "shieldmaiden@0"), health(state, "shieldmaiden@0")) == (2, 4)


@rules("AG-BATTLE-6", "AG-RULING-GETS-END", "AG-END-1")
def test_battle_gets_end_when_a_player_in_the_battle_goes_out():
    # Three players: Odin's Spearman (2/2, one counter already) attacks Ra (4 Life). Ra plays
    # Ambush (2 damage to the attacker), Odin answers with Warp Spasm (+2 Power for the
    # battle, prevent the next 2 damage): the Spasm resolves first, the Ambush is prevented
    # and the Spearman's 4 Power knocks Ra out. The battle ends with Ra, its "gets" with it.
    gods = ("odin", "ra", "zeus")
    state = setup(gods, hands={0: ["warp-spasm"], 1: ["ambush"]}, field=[("spearman", 0)],
                  life=[20, 4, 20], gold=[0, 1, 0], favor=[2, 1, 0])  # fmt: skip
    find(state, "spearman@0").damage = 1
    attack(state, "spearman@0", "ra@1")
    act(state, "play ambush", "play warp-spasm spearman@0", "pass", "pass")
    assert power(state, "spearman@0") == 4 and find(state, "spearman@0").damage == 1
    passes(state, 2)  # post-combat window; the check puts Ra out
    assert state.out == [False, True, False] and state.battle is None and state.step == MAIN
    spearman = find(state, "spearman@0")
    assert (spearman.battle_power, power(state, "spearman@0")) == (0, 2)
    # A Health bonus ending with a player who goes out (AG-RULING-GETS-END): Ra had bound
    # Wisdom of Athena (+1 Health) on Odin; it leaves the game with Ra, and Odin's Spearman,
    # 2 counters on 2 Health again, goes to the Afterlife at once.
    state = setup(gods, field=[("spearman", 0)], life=[20, 2, 20])
    put(state, "wisdom-of-athena", 1).bound_to = 0
    state.invalidate_caches()  # the Binding's player changed: the roster is made again
    find(state, "spearman@0").damage = 2
    assert health(state, "spearman@0") == 3
    attack(state, "spearman@0", "ra@1")
    passes(state, 4)
    assert state.out[1] and state.battle is None
    assert "spearman@0" not in tokens(state) and state.afterlife[0] == ["spearman"]
    # The attacking side going out ends it too. Thor attacks Red Branch Knight (which gains
    # +1 Health as it is attacked); Thor's declaration damage finishes Ra's Tzitzimitl and
    # brings the Knight to 3 counters. Tzitzimitl dies in the pre-combat check and takes 2
    # Life from each of Ra's opponents: Thor's player falls and the battle is over before
    # combat; the Knight keeps its gain and lives, 3 counters on 4 Health.
    state = setup(("quetzalcoatl", "ra", "zeus"),
                  field=[("thor", 0), ("red-branch-knight", 1), ("tzitzimitl", 1)],
                  life=[2, 20, 20])  # fmt: skip
    find(state, "red-branch-knight@1").damage = 2
    find(state, "tzitzimitl@1").damage = 1
    attack(state, "thor@0", "red-branch-knight@1")
    assert health(state, "red-branch-knight@1") == 4 and state.step == PRE_WINDOW
    passes(state, 2)
    assert state.out == [True, False, False] and state.life == [0, 20, 18]
    assert state.afterlife[1] == ["tzitzimitl"] and state.current == 1 and state.battle is None
    assert find(state, "red-branch-knight@1").damage == 3


# --- terms ----------------------------------------------------------------------------------------
@rules("AG-TERM-SENT")
def test_sends_abilities_act_for_the_unit_that_placed_the_last_counter():
    state = setup(PLAIN, field=[("valkyrie", 0), ("spearman", 1)], favor=[0, 0])
    find(state, "spearman@1").damage = 1
    attack(state, "valkyrie@0", "spearman@1")
    passes(state, 4)
    assert "spearman@1" not in tokens(state) and state.favor[0] == 2
    # destroyed by another card: no "sends" for the Valkyrie
    state = setup(PLAIN, hands={0: ["smite"]}, field=[("valkyrie", 0), ("spearman", 1)],
                  favor=[3, 0])  # fmt: skip
    act(state, "play smite spearman@1")
    assert state.favor[0] == 0


@rules("AG-TERM-SENT", "AG-BATTLE-3")
def test_only_needed_counters_send_and_healing_makes_them_needed_again():
    # Heracles's 5 Combat Damage on the Risen Mummy (Health 4) is lethal: he is its sender,
    # and a Fury placed on top of it changes nothing.
    hands = {0: ["obsidian-fury"], 1: ["eye-of-horus"]}
    gods = ("odin", "ra")
    state = setup(gods, hands=hands, field=[("heracles", 0), ("risen-mummy", 1)], favor=[2, 2])
    attack(state, "heracles@0", "risen-mummy@1")
    passes(state, 2)
    act(state, "pass", "play obsidian-fury risen-mummy@1", "pass", "pass")
    assert "risen-mummy@1" not in tokens(state)
    assert power(state, "heracles@0") == 6  # he sent it
    # Healed below lethal first (Eye of Horus resolves before the Fury, played earlier), the
    # Mummy needs the Fury's counters again: the Fury sends it, not Heracles.
    state = setup(gods, hands=hands, field=[("heracles", 0), ("risen-mummy", 1)], favor=[2, 2])
    attack(state, "heracles@0", "risen-mummy@1")
    passes(state, 2)
    assert find(state, "risen-mummy@1").damage == 5
    act(state, "pass", "play obsidian-fury risen-mummy@1", "play eye-of-horus risen-mummy@1")
    act(state, "pass", "pass")  # Eye of Horus: 5 -> 2; Obsidian Fury: 2 -> 4, lethal again
    assert "risen-mummy@1" not in tokens(state)
    assert power(state, "heracles@0") == 5  # not sent by him: no gain
    # Without the Fury the healed Mummy lives.
    state = setup(gods, hands=hands, field=[("heracles", 0), ("risen-mummy", 1)], favor=[2, 2])
    attack(state, "heracles@0", "risen-mummy@1")
    passes(state, 2)
    act(state, "play eye-of-horus risen-mummy@1", "pass", "pass")
    assert find(state, "risen-mummy@1").damage == 2


@rules("AG-TERM-GAIN")
def test_gains_are_permanent():
    state = setup(PLAIN, field=[("fenrir", 0), ("militia", 1)])
    attack(state, "fenrir@0", "militia@1")
    passes(state, 4)
    assert power(state, "fenrir@0") == 6
    end_turn(state)
    draw_any(state)
    end_turn(state)
    assert power(state, "fenrir@0") == 6


@rules("AG-TERM-GET")
def test_static_gets_last_while_their_source_is_there():
    state = setup(("zeus", "odin"), field=[("hoplite", 0)])
    assert power(state, "hoplite@0") == 3
    assert health(state, "hoplite@0") == 3  # its own +1 Health only while engaged
    put(state, "chains-of-gleipnir", 1).bound_to = 0
    assert power(state, "hoplite@0") == 2
    state.to_afterlife(find(state, "chains-of-gleipnir@1").uid, 0)
    assert power(state, "hoplite@0") == 3


@rules("AG-TERM-RETURN", "AG-RULING-HIDDEN")
def test_a_card_returned_to_the_hand_is_known_to_all():
    state = setup(("dagda", "odin"), favor=[2, 0])
    state.afterlife[0] = ["fianna-hunter", "geis"]
    assert state.legal_actions() == ["end", "use dagda@0 fianna-hunter"]  # Units only
    act(state, "use dagda@0 fianna-hunter")
    assert state.afterlife[0] == ["geis"] and state.hand[0] == ["fianna-hunter"]
    assert state.view(1)["players"][0]["known_hand"] == ["fianna-hunter"]
    assert state.favor[0] == 0  # the ability's cost, not the card's (2 Gold)


@rules("AG-TERM-RETURN", "AG-ATTACK-1")
def test_a_unit_returned_to_the_battleground_has_just_entered():
    state = setup(
        PLAIN, hands={0: ["book-of-the-dead", "book-of-the-dead"]}, gold=[0, 0], favor=[10, 0]
    )
    state.afterlife[0] = ["war-hound", "spearman"]
    act(state, "play book-of-the-dead war-hound", "play book-of-the-dead spearman")
    assert state.afterlife[0] == ["book-of-the-dead", "book-of-the-dead"]
    assert state.favor[0] == 0  # the Evocation's cost; the Units' own (Gold) is not paid
    legal = state.legal_actions()
    assert "attack war-hound@0 odin@1" in legal  # haste
    assert not any(a.startswith("attack spearman@0") for a in legal)


@rules("AG-TERM-ENGAGED")
def test_engaged_units_are_the_attacker_and_the_attacked():
    state = setup(PLAIN, hands={1: ["parry"]},
                  field=[("spearman", 0), ("militia", 0), ("spearman", 1), ("militia", 1)],
                  favor=[0, 1])  # fmt: skip
    attack(state, "spearman@0", "militia@1")
    assert state.legal_actions() == ["pass", "play parry militia@1", "play parry spearman@0"]
    # redirected: the God is attacked, only the attacker is engaged
    state = setup(
        PLAIN, hands={1: ["parry"]}, field=[("spearman", 0), ("militia", 1)], favor=[0, 1]
    )
    attack(state, "spearman@0", "militia@1", redirect=True)
    assert state.legal_actions() == ["pass", "play parry spearman@0"]


# --- the end ------------------------------------------------------------------------------------
@rules("AG-END-1")
def test_a_player_at_zero_life_is_out_and_their_cards_leave():
    state = setup(("zeus", "odin", "ra"), field=[("spearman", 1), ("spearman", 2)],
                  life=[20, 1, 20], favor=[5, 0, 0])  # fmt: skip
    put(state, "geis", 2).bound_to = 1  # Ra's binding on Odin
    put(state, "geis", 1).bound_to = 2  # Odin's binding on Ra
    act(state, "use zeus@0 odin@1")
    assert state.out == [False, True, False] and state.life[1] == 0
    assert not any(p.controller == 1 for p in state.perms.values())
    assert "geis@2" not in tokens(state) and state.afterlife[2] == ["geis"]
    assert not state.is_terminal()
    assert not any(a.endswith("@1") for a in state.legal_actions())


@rules("AG-END-1")
def test_the_turn_player_going_out_passes_the_turn_at_once():
    state = setup(("quetzalcoatl", "odin", "ra"), hands={0: ["blood-priest"]}, life=[1, 20, 20],
                  gold=[1, 0, 0])  # fmt: skip
    act(state, "play blood-priest")  # when played: its controller loses 1 Life
    assert state.out[0] and state.current == 1
    assert state.current_player == CHANCE  # Odin's turn: his draw
    draw_any(state)
    assert state.current_player == 1 and state.step == MAIN


@rules("AG-END-2")
def test_the_last_player_standing_wins():
    state = setup(("zeus", "odin"), life=[20, 1], favor=[5, 0])
    act(state, "use zeus@0 odin@1")
    assert state.is_terminal() and state.winners() == [0] and state.returns() == [1.0, 0.0]
    with pytest.raises(IllegalAction):
        state.apply("end")


@rules("AG-END-2", "AG-END-1")
def test_last_standing_of_three_and_shared_wins():
    state = setup(("zeus", "odin", "ra"), life=[20, 1, 1], favor=[5, 0, 0])
    act(state, "use zeus@0 odin@1")
    assert not state.is_terminal()
    end_turn(state)
    assert state.current == 2
    state.favor[0] = 5
    draw_any(state)
    end_turn(state)
    draw_any(state)
    act(state, "use zeus@0 ra@2")
    assert state.winners() == [0] and state.returns() == [1.0, 0.0, 0.0]
    # both remaining players out at the same moment: Ragnarok kills both Tzitzimitls, each
    # taking 2 Life from its controller's opponents
    state = setup(PLAIN, hands={0: ["ragnarok"]}, field=[("tzitzimitl", 0), ("tzitzimitl", 1)],
                  life=[2, 2], gold=[1, 0], favor=[5, 0])  # fmt: skip
    act(state, "play ragnarok")
    assert state.is_terminal() and state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5]


@rules("AG-CAP-1")
def test_the_round_cap_gives_the_win_to_the_most_life():
    state = setup(PLAIN, life=[15, 18], max_rounds=1)
    end_turn(state)
    assert not state.is_terminal()
    draw_any(state)
    end_turn(state)
    assert state.is_terminal() and state.winners() == [1]
    state = setup(("zeus", "odin", "ra"), life=[18, 12, 18], max_rounds=2)
    for _ in range(6):
        draw_any(state)
        end_turn(state)
    assert state.winners() == [0, 2] and state.returns() == [0.5, 0.0, 0.5]
    assert arena(2).options["max_rounds"] is None  # the rulebook's game by default
    with pytest.raises(ValueError, match="max_rounds"):
        arena(2, max_rounds=0)
    # No cap: 80 turns (40 rounds) and on, each player discarding a card a turn (and so
    # drawing one the next) so that the game does not stall (AG-RULING-STALL).
    state = fresh(PLAIN, first=0)
    for _ in range(80):
        draw_any(state)
        act(state, "end", f"discard {state.hand[state.current][0]}", "done")
    assert not state.is_terminal() and state.turn == 80


@rules("AG-RULING-STALL")
def test_a_stalled_game_ends_in_a_draw_of_the_players_left():
    def quiet(state, turns: int) -> None:
        for _ in range(turns):
            assert not state.is_terminal()
            end_turn(state)
            draw_any(state)

    def stalled() -> ArenaState:
        state = setup(PLAIN, life=[15, 18])
        state.stall_low = list(state.life)  # the Life set up is the lowest so far
        state.deck = [[], []]
        state.stall_cards = 0
        return state

    # Every deck empty and no new low: the game ends after STALL_ROUNDS rounds.
    state = stalled()
    quiet(state, 2 * STALL_ROUNDS)
    assert state.is_terminal() and state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5]
    # A new low starts the count again; a gain does not.
    state = stalled()
    quiet(state, 2 * STALL_ROUNDS - 2)
    state.life[1] += 5
    quiet(state, 1)
    assert state.stall == 2 * STALL_ROUNDS - 1
    state.life[1] -= 6  # 17: below 18, the lowest so far
    quiet(state, 1)
    assert state.stall == 0 and state.stall_low == [15, 17]
    quiet(state, 2 * STALL_ROUNDS)
    assert state.is_terminal() and state.view(0)["stalled_turns"] == 2 * STALL_ROUNDS


@rules("AG-RULING-STALL")
def test_ag_ruling_stall_full_hands_stall_though_the_decks_are_not_empty():
    # Players who keep five cards never draw: cards left in the decks are no progress.
    state = setup(PLAIN, hands={0: ["militia"] * 5, 1: ["militia"] * 5})
    state.stall_cards = sum(len(deck) for deck in state.deck)
    assert all(state.deck)
    for _ in range(2 * STALL_ROUNDS):
        assert not state.is_terminal()
        end_turn(state)
    assert state.is_terminal() and state.winners() == [0, 1] and all(state.deck)


@rules("AG-RULING-STALL")
def test_ag_ruling_stall_a_card_drawn_or_a_player_out_starts_the_count_again():
    # Seat 1 discards a card every turn and so draws one at its next turn: no stall.
    state = setup(PLAIN, hands={0: ["militia"] * 5, 1: ["militia"] * 5})
    state.stall_cards = sum(len(deck) for deck in state.deck)
    assert len(state.deck[1]) > 2 * STALL_ROUNDS
    for turn in range(2 * STALL_ROUNDS):
        end_turn(state)  # seat 0: quiet
        draw_any(state)  # seat 1 draws the card it discarded the turn before
        act(state, "end", f"discard {state.hand[1][0]}", "done")  # seat 1
        assert state.stall == (2 if turn == 0 else 0)
    assert not state.is_terminal()
    # A player going out: three seats, the count back to 0 as seat 2 goes out.
    state = setup(("quetzalcoatl", "odin", "ra"), hands={0: ["wrath-of-olympus"]},
                  favor=[4, 0, 0], life=[20, 20, 3])  # fmt: skip
    state.stall = 7
    act(state, "play wrath-of-olympus ra@2")
    assert state.out[2] and state.stall == 0


@rules("AG-RULING-STALL")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_ag_ruling_stall_seats_that_only_pass_end_the_game(players: int):
    """Every seat takes the pass, end or done action whenever it is offered (else the first
    legal one): the game ends, a draw of everyone, within the ruling's bound."""
    state = arena(players).new_game()
    rng = random.Random(players)  # chance: the dice and the draws
    # The ruling's bound on turns: each restart of the count needs a card drawn, a new
    # lowest Life (20 down to 1) or a player out.
    bound = (players * (50 + 19) + players) * STALL_ROUNDS * players
    steps = 0
    while not state.is_terminal():
        assert state.turn <= bound and steps < 100_000
        if state.current_player == CHANCE:
            state.apply(rng.choice(state.legal_actions()))
        else:
            legal = state.legal_actions()
            state.apply(next((a for a in ("pass", "end", "done") if a in legal), legal[0]))
        steps += 1
    assert state.winners() == list(range(players))
    # The opening hands are the last cards drawn: the first turn, then 20 quiet rounds.
    assert state.turn == 1 + STALL_ROUNDS * players


# --- rulings --------------------------------------------------------------------------------------
@rules("AG-RULING-DECK-OUT")
def test_a_player_with_an_empty_deck_draws_nothing():
    state = setup(PLAIN, hands={1: ["militia"]})
    state.deck[1] = []
    end_turn(state)
    assert state.current_player == 1 and state.step == MAIN and state.hand[1] == ["militia"]
    assert not state.is_terminal()
    state.deck[0] = ["militia"]
    end_turn(state)
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == [("draw militia", 1.0)]
    feed(state, "draw militia")
    assert state.current_player == 0 and state.hand[0] == ["militia"]


@rules("AG-RULING-ORDER")
def test_draws_from_dies_abilities_come_before_the_next_decision():
    state = setup(PLAIN, hands={0: ["smite"]}, field=[("restless-shade", 1)], favor=[3, 0])
    act(state, "play smite restless-shade@1")
    assert state.current_player == CHANCE and state.draws == [(1, False)]
    draw_any(state)
    assert len(state.hand[1]) == 1 and state.current_player == 0


@rules("AG-RULING-ORDER")
@pytest.mark.parametrize("active", [0, 1])
def test_ag_ruling_order_dies_abilities_active_player_first_not_entry_order(active: int):
    # Seat 1's Restless Shade entered first; whoever's turn it is, the active player's "dies"
    # draw comes first, then the next seat clockwise.
    state = setup(PLAIN, seat=active, hands={active: ["ragnarok"]}, favor=[6, 6], gold=[1, 1])
    put(state, "restless-shade", 1)
    put(state, "scarab-swarm", 0)
    act(state, "play ragnarok")
    assert state.draws == [(active, False), (1 - active, False)]
    draw_any(state)
    assert len(state.hand[0]) == len(state.hand[1]) == 1


@rules("AG-RULING-ORDER")
def test_ag_ruling_order_clockwise_from_the_active_player_and_entry_order_within_a_seat():
    # Three seats, seat 1 active: seat 1's dying cards first (in entry order), then seat 2's,
    # then seat 0's, though seat 0's Shade entered first of all.
    state = setup(("quetzalcoatl", "odin", "ra"), seat=1, hands={1: ["ragnarok"]},
                  favor=[0, 6, 0], gold=[0, 1, 0])  # fmt: skip
    put(state, "restless-shade", 0)
    put(state, "scarab-swarm", 2)
    put(state, "restless-shade", 1)
    put(state, "scarab-swarm", 1)
    act(state, "play ragnarok")
    assert [seat for seat, _ in state.draws] == [1, 1, 2, 0]


@rules("AG-RULING-HIDDEN")
def test_ag_ruling_hidden_a_draw_is_seen_by_its_drawer_only():
    state = fresh(PLAIN, first=0)
    assert state.current_player == CHANCE and state.draws[0][0] == 0
    outcome = state.legal_actions()[0]
    assert state.action_seen_by(outcome, 0) == outcome
    assert state.action_seen_by(outcome, 1) == "draw ?"
    assert state.action_seen_by(outcome, None) == "draw ?"
    check_private_decisions(state, "opening draw of seat 0")
    state.apply(outcome)
    assert state.view(1)["log"][-1] == "draw ?" and state.view(0)["log"][-1] == outcome
    # Dice and decisions are public.
    rolled = fresh(PLAIN)
    assert all(rolled.action_seen_by(a, 1) == a for a in rolled.legal_actions())
    draw_any(state)
    assert all(state.action_seen_by(a, 1) == a for a in state.legal_actions())


@rules("AG-RULING-HIDDEN")
@pytest.mark.parametrize("players", [2, 3])
def test_ag_ruling_hidden_private_decisions_leave_nothing_to_see(players: int):
    """The conformance helper at every draw and at some decisions of random games: draws seen
    as ``draw ?`` leave each observer's view the same, from this position and from any it
    cannot tell apart (determinize)."""
    rng = random.Random(90 + players)
    for game_number in range(2):
        state = arena(players, max_rounds=4).new_game()
        step = 0
        while not state.is_terminal():
            where = f"players={players} game={game_number} step={step}"
            if state.current_player == CHANCE and state.draws:
                check_private_decisions(state, where, rng, limit=4)
            elif step % 17 == 0:
                check_private_decisions(state, where, rng)
            state.apply(rng.choice(state.legal_actions()))
            step += 1


@rules("AG-RULING-HIDDEN", "AG-RULING-BLESSING")
def test_ag_ruling_hidden_a_draw_in_a_battle_window_is_private():
    # Odin's Blessing used in a window of Zeus's attack: its draw, when the window closes.
    state = setup(("zeus", "odin"), field=[("spearman", 0), ("militia", 1)], favor=[0, 2])
    attack(state, "spearman@0", "militia@1")
    act(state, "use odin@1", "pass", "pass")
    assert state.current_player == CHANCE and state.draws[0][0] == 1
    assert {state.action_seen_by(a, 0) for a in state.legal_actions()} == {"draw ?"}
    check_private_decisions(state, "Odin's draw in a battle")


@rules("AG-RULING-HIDDEN")
def test_hands_are_hidden_in_views_and_resampled_by_determinize():
    state = fresh(("zeus", "odin"), first=0)
    draw_any(state)
    view = state.view(1)
    assert "hand" not in view["players"][0] and view["players"][0]["hand_count"] == 5
    assert view["players"][1]["hand"] == state.hand[1]
    assert view["players"][0]["deck_count"] == len(state.deck[0])
    spectator = state.view(None)
    assert all("hand" not in p for p in spectator["players"])
    samples = set()
    for seed in range(20):
        sample = state.determinize(1, random.Random(seed))
        assert sample.hand[1] == state.hand[1]  # the viewer's own hand kept
        assert len(sample.hand[0]) == 5
        assert sorted(sample.hand[0] + sample.deck[0]) == sorted(state.hand[0] + state.deck[0])
        seen = sample.view(1)
        assert seen["players"] == view["players"] and seen["battleground"] == view["battleground"]
        # the history is rewritten to match: replaying it gives the same position
        replay = state.game.new_game()
        for action in sample.history():
            replay.apply(action)
        assert replay.hand == sample.hand and replay.deck == sample.deck
        samples.add(tuple(sample.hand[0]))
    assert len(samples) > 1


# --- illegal actions ------------------------------------------------------------------------------
def test_illegal_actions_raise_and_change_nothing():
    state = setup(PLAIN, hands={0: ["spearman"]}, field=[("militia", 0)], gold=[1, 0])
    before = (state.view(None), list(state.history()), state.gold, state.hand)
    for action in ("play spearman", "attack militia@0 quetzalcoatl@0", "pass", "draw militia",
                   "use odin@1", "attack militia@0 odin@2", "fly", ""):  # fmt: skip
        with pytest.raises(IllegalAction):
            state.apply(action)
    with pytest.raises(IllegalAction):
        state.apply("end", player=1)
    after = (state.view(None), list(state.history()), state.gold, state.hand)
    assert after == before
    chance = fresh(PLAIN, first=0)
    with pytest.raises(IllegalAction):
        chance.apply("end")
    with pytest.raises(IllegalAction):
        chance.apply("draw thor")  # not in Quetzalcoatl's deck


def refusal(state: ArenaState, action: str, player: int | None = None) -> str:
    """The message of ``action``'s refusal; the state (its fingerprint) is unchanged."""
    before = (state.to_json(), state.view(None), state.view(0), state.view(1), str(state))
    with pytest.raises(IllegalAction) as refused:
        state.apply(action, player)
    assert (state.to_json(), state.view(None), state.view(0), state.view(1), str(state)) == before
    return str(refused.value)


@rules("AG-NOTATION-1", "AG-NOTATION-2")
@pytest.mark.parametrize(
    ("action", "why"),
    [
        ("attack spearman@0 spearman@0", "spearman@0 is your own: attack an opponent's Unit"),
        ("attack spearman@0 spearman@1", "there is no spearman@1 on the Battleground"),
        ("attack spearman@0 militia@1.2", "there is no militia@1.2 on the Battleground"),
        ("attack militia@1 odin@1", "militia@1 is not yours"),
        ("attack militia@0 odin@1", "militia@0 has not been under your control since the start"),
        ("attack spearman@0 temple@1", "temple@1 is a Building: only Units and Gods can be"),
        ("attack quetzalcoatl@0 odin@1", "quetzalcoatl@0 is a God: only Units attack"),
        ("attack spearman odin@1", "name a card on the Battleground as <card>@<seat> (spearman@0"),
        ("attack nobody@0 odin@1", "there is no card 'nobody'"),
        ("attack spearman@0", "an attack names two cards"),
        ("play spearman", "spearman costs 2 Gold and 0 Favor; you have 1 Gold and 4 Favor"),
        ("play parry militia@1", "parry is a Combat Evocation: it is played only in a battle"),
        ("play hoplite", "you have no hoplite in your hand"),
        ("play nothing-such", "there is no card 'nothing-such' to play"),
        ("play smite", "smite needs a target: militia@1"),
        ("play smite spearman@0", "spearman@0 is not a target smite may choose now; its targets"),
        ("play spearman@0", "play names a card by its id (spearman)"),
        ("use odin@1", "odin@1 is not yours"),
        ("use quetzalcoatl@0 militia@1", "militia@1 is not a target quetzalcoatl@0 may choose"),
        ("pass", "pass is a choice in battle windows; player 0 may now: attack, end, play, use"),
        ("discard smite", "discard and done are for the end of your own turn"),
        ("draw smite", "draw and roll are chance outcomes"),
        ("fly", "'fly' is not a verb of this game"),
        ("end now", "end takes no argument"),
        ("Attack spearman@0 odin@1", "malformed action 'Attack spearman@0 odin@1': actions are"),
        ("attack spearman@0 odin@x", "a card on the Battleground is named <card>@<seat>"),
    ],
)
def test_ag_notation_2_a_refusal_parses_card_names_and_says_why(action: str, why: str):
    state = setup(PLAIN, hands={0: ["spearman", "parry", "smite"]},
                  field=[("spearman", 0), ("militia", 1), ("temple", 1)],
                  gold=[1, 0], favor=[4, 0])  # fmt: skip
    put(state, "militia", 0, ready=False)
    assert why in refusal(state, action)


@rules("AG-NOTATION-2", "AG-ATTACK-1", "AG-ABILITY-1", "AG-PLAY-2")
def test_ag_notation_2_refusals_at_other_moments():
    state = setup(PLAIN, hands={0: ["smite"], 1: ["parry"]}, field=[("spearman", 0),
                  ("militia", 1)], favor=[5, 1])  # fmt: skip
    attack(state, "spearman@0", "militia@1")
    assert "it is not player 0's turn: player 1 is to move" in refusal(state, "pass", 0)
    assert "you have no smite in your hand" in refusal(state, "play smite militia@1")
    act(state, "pass")
    assert "smite is played in your main phase; in a battle window only Combat Evocations" in (
        refusal(state, "play smite militia@1")
    )
    assert "Attack Declarations are made in your own main phase, outside battles" in (
        refusal(state, "attack spearman@0 militia@1")
    )
    passes(state, 3)
    assert state.step == MAIN
    assert "spearman@0 has made its Attack Declaration this turn" in (
        refusal(state, "attack spearman@0 odin@1")
    )
    act(state, "use quetzalcoatl@0 spearman@0")
    assert "quetzalcoatl@0's ability was used this turn (once per turn)" in (
        refusal(state, "use quetzalcoatl@0 spearman@0")
    )
    end_turn(state)
    draw_any(state)
    act(state, "end")
    assert state.step == DISCARD
    assert "you have no smite in your hand" in refusal(state, "discard smite")
    # Ordering start-of-turn abilities; playing from the Afterlife.
    state = setup(PLAIN, field=[("storm-totem", 1), ("temple", 1), ("spearman", 0)])
    state.afterlife[0] = ["spearman"]
    assert "no card of yours lets you play spearman from your Afterlife" in (
        refusal(state, "play-from-afterlife spearman")
    )
    assert "there is no hoplite in your Afterlife" in refusal(state, "play-from-afterlife hoplite")
    end_turn(state)
    assert state.current_player == 1 and state.order
    assert "temple's ability is not optional: trigger it" in refusal(state, "decline temple")
    assert "no ability of hoplite waits for you; waiting: storm-totem, temple" in (
        refusal(state, "trigger hoplite")
    )
    # At a draw no outcome is listed: they would tell what is left in the deck.
    state = fresh(PLAIN, first=0)
    message = refusal(state, "draw thor")
    assert message == "'draw thor' is not a possible outcome: a hidden card is being drawn"
    over = setup(PLAIN, life=[20, 1], field=[("spearman", 0)])
    attack(over, "spearman@0", "odin@1")
    passes(over, 4)
    assert over.is_terminal() and refusal(over, "end") == "'end' is not possible: the game is over"


# --- deck construction ----------------------------------------------------------------------------
@rules("AG-DECK-1")
def test_a_deck_has_exactly_fifty_cards():
    assert deck_problems(deck_with("zeus"), CARDS) == []
    short = deck_with("zeus", hoplite=3)
    assert deck_problems(short, CARDS) == ["the deck has 49 cards; it must have exactly 50"]
    long = deck_with("zeus", hoplite=5)
    assert deck_problems(long, CARDS) == ["the deck has 51 cards; it must have exactly 50"]


@rules("AG-DECK-2")
def test_cards_of_any_pantheon_may_be_included():
    mixed = deck_with("zeus", hoplite=1, berserker=1, samurai=1, druid=1)
    assert deck_problems(mixed, CARDS) == []
    game = arena(2, decks=[mixed.model_dump(), "odin-starter"])
    assert game.decks[0].cards["samurai"] == 1


@rules("AG-DECK-3")
def test_a_deck_includes_the_gods_starting_list():
    deck = deck_with("zeus", market=1, hoplite=9)  # Zeus starts with two Markets
    assert deck_problems(deck, CARDS) == ["the God 'zeus' starts with 2 x 'market'; the deck has 1"]
    with pytest.raises(ValueError, match="starts with 2 x 'market'"):
        arena(2, decks=[deck.model_dump(), "odin-starter"])


@rules("AG-DECK-4")
def test_copy_limits_by_type_and_class():
    limits = {
        "spearman": None,  # Mortal Unit
        "pegasus": 3,  # Mythical Unit
        "heracles": 1,  # Heroic Unit
        "smite": 2,  # Ceremonial
        "parry": 3,  # Combat
        "geis": 1,  # Binding
        "holy-relic": 1,  # Mythical Supply
        "healing-herbs": None,  # Mortal Supply
        "temple": None,  # Building
    }
    for card, limit in limits.items():
        assert CARDS[card].copy_limit == limit, card
    base = deck_with("zeus")
    for card, limit in limits.items():
        cards = dict(base.cards)
        if limit is None:
            continue
        spare = cards.get(card, 0)
        cards[card] = limit + 1
        cards["market"] -= limit + 1 - spare
        problems = deck_problems(Deck(god="zeus", cards=cards), CARDS)
        assert problems == [
            f"card {card!r} has {limit + 1} copies; the limit for its type is {limit}"
        ], card
        cards[card] = limit
        cards["market"] += 1
        assert deck_problems(Deck(god="zeus", cards=cards), CARDS) == [], card
    # Mortal Units and Buildings: no limit
    assert deck_problems(Deck(god="zeus", cards={"market": 2, "temple": 1, "spearman": 47}),
                         CARDS) == []  # fmt: skip
    assert deck_problems(Deck(god="zeus", cards={"market": 49, "temple": 1}), CARDS) == []
