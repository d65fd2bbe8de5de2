"""A deck a player built is that player's secret (AG-RULING-HIDDEN): no view shows its list,
``determinize`` samples its unseen cards from the card pool (never from the real list), the
server sees it as "custom"; a starter deck's list is published, so what is left of it is
public knowledge."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import theomachy
from theomachy import CHANCE, agents
from theomachy.engine.conformance import check_private_decisions, check_views, fingerprint
from theomachy.games.arena_of_the_gods.cards import catalog, deck_problems, starter_decks
from theomachy.games.arena_of_the_gods.hidden import sample_unseen
from theomachy.games.arena_of_the_gods.rules import ArenaGame, ArenaState

rules = pytest.mark.rules
GAME = "arena-of-the-gods"
CARDS = catalog()
DAGDA = starter_decks()["dagda-starter"].model_dump()


def built(**changes: int) -> dict[str, object]:
    """The Dagda's starter deck with these counts changed, as a deck its player built."""
    cards = dict(DAGDA["cards"])
    for card, count in changes.items():
        card = card.replace("_", "-")
        if count:
            cards[card] = count
        else:
            cards.pop(card, None)
    return {"name": "my-secret-dagda", "god": "dagda", "cards": cards}


# Two built decks that differ in cards nobody has seen: Cyclopes instead of Fomorians.
PLAIN = built()
GIANTS = built(fomorian=0, cyclops=2)


def game(deck: dict[str, object]) -> ArenaGame:
    loaded = theomachy.load(GAME, options={"decks": ["zeus-starter", deck], "first": 0})
    assert isinstance(loaded, ArenaGame)
    return loaded


def opening(deck: dict[str, object]) -> ArenaState:
    """Both opening hands drawn with the same cards (both built decks hold them)."""
    state = game(deck).new_game()
    assert isinstance(state, ArenaState)
    for card in ("market", "market", "temple", "spearman", "hoplite"):
        state.apply(f"draw {card}")
    for card in ("market", "druid", "druid", "bard", "temple"):
        state.apply(f"draw {card}")
    return state


@rules("AG-RULING-HIDDEN")
def test_ag_ruling_hidden_a_built_decks_list_is_in_no_view_and_the_lobby_sees_custom():
    assert "cyclops" in GIANTS["cards"] and "cyclops" not in PLAIN["cards"]
    state = opening(GIANTS)
    for viewer in (None, 0):
        assert "cyclops" not in json.dumps(state.view(viewer))
    assert state.view(0) == opening(PLAIN).view(0)
    options = state.game.public_options()
    assert options["decks"] == ["zeus-starter", "custom"]
    assert "my-secret-dagda" not in json.dumps(options)
    assert ArenaGame.secret_options == ("decks",)
    assert state.arena.private_deck(1) and not state.arena.private_deck(0)
    assert theomachy.load(GAME).public_options()["decks"] is None


@rules("AG-RULING-HIDDEN")
def test_ag_ruling_hidden_determinize_samples_a_built_deck_from_the_pool_not_its_list():
    state, other = opening(GIANTS), opening(PLAIN)
    # What player 0 gets depends on what it knows only: the same sample from both.
    for seed in range(5):
        one = state.determinize(0, random.Random(seed))
        two = other.determinize(0, random.Random(seed))
        assert fingerprint(one) == fingerprint(two)
        assert one.game.options["decks"] == two.game.options["decks"]
    # Each sample: a legal deck for the Dagda that holds every card seen of it (its starting
    # buildings), and the state is the replay of its own history with its game.
    seen_cyclopes = set()
    for seed in range(30):
        sample = state.determinize(0, random.Random(seed))
        assert isinstance(sample, ArenaState) and sample.view(0) == state.view(0)
        deck = sample.arena.decks[1]
        assert deck.god == "dagda" and deck_problems(deck, CARDS) == []
        assert Counter(deck.card_list())["temple"] >= 2
        assert sorted(sample.hand[1] + sample.deck[1] + ["market", "temple", "temple"]) == (
            deck.card_list()
        )
        replay = sample.game.replay(sample.history())
        assert fingerprint(replay) == fingerprint(sample)
        assert sample.arena.decks[0] == state.arena.decks[0]  # a starter deck: as it is
        seen_cyclopes.add(deck.cards.get("cyclops", 0))
    assert len(seen_cyclopes) > 1  # not the real list (2 Cyclopes every time)
    # Player 1 knows its own deck: its sample keeps it.
    own = state.determinize(1, random.Random(3))
    assert own.arena.decks[1] == state.arena.decks[1] and own.hand[1] == state.hand[1]


@rules("AG-RULING-HIDDEN")
def test_ag_ruling_hidden_cards_seen_stay_in_the_sample():
    # Seat 1 plays a Druid and discards a Bard: both are seen; the sample keeps them.
    state = opening(GIANTS)
    while state.current_player != 1 or state.step != "main":
        legal = state.legal_actions()
        state.apply(legal[0] if state.current_player == CHANCE else "end" if "end" in legal else
                    "done" if "done" in legal else legal[0])  # fmt: skip
    state.gold[1] = 5
    state.favor[1] = 5
    state.invalidate_caches()
    state.apply("play druid")
    state.apply("end")
    state.apply("discard bard")
    state.apply("done")
    for seed in range(10):
        deck = state.determinize(0, random.Random(seed)).arena.decks[1]
        assert deck.cards["druid"] >= 1 and deck.cards["bard"] >= 1


@rules("AG-DECK-4")
def test_sample_unseen_keeps_the_copy_limits():
    seen = Counter({"market": 1, "temple": 2, "thor": 1, "fomorian": 3})
    for seed in range(20):
        cards = Counter(sample_unseen(seen, 43, random.Random(seed))) + seen
        assert sum(cards.values()) == 50
        assert cards["thor"] == 1 and cards["fomorian"] == 3
        for card, count in cards.items():
            limit = CARDS[card].copy_limit
            assert limit is None or count <= limit, (card, count)


@rules("AG-RULING-HIDDEN")
def test_ag_ruling_hidden_conformance_with_built_decks():
    """Views, determinize and private draws hold in random games where both decks are built
    (the conformance checks the suite runs on starter decks)."""
    options = {
        "decks": [built(fomorian=3, fianna_hunter=2), {**GIANTS, "name": "other"}],
        "max_rounds": 3,
    }
    rng = random.Random(4)
    state = theomachy.load(GAME, options=options).new_game()
    step = 0
    while not state.is_terminal():
        if step % 11 == 0:
            where = f"built decks step={step}"
            check_views(state, where, rng, replay_for=step)
            check_private_decisions(state, where, rng, limit=3)
        state.apply(rng.choice(state.legal_actions()))
        step += 1


@rules("AG-RULING-HIDDEN")
def test_a_bot_plays_against_a_built_deck():
    state = opening(GIANTS)
    bot = agents.make("mcts", seed=1, budget_ms=50)
    action = bot.act(state)
    assert action in state.legal_actions()
