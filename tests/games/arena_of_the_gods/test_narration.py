"""Arena of the Gods told in words (narration.py): scenario positions played with real actions,
each line checked word for word as one reader saw it, and whole random games told to every
seat and the spectators."""

from __future__ import annotations

import re

import pytest

import theomachy
from theomachy import CHANCE
from theomachy.engine.narration import KINDS, chronicle
from theomachy.games.arena_of_the_gods.narration import NARRATOR, ArenaNarrator, card_name
from theomachy.games.arena_of_the_gods.rules import ArenaGame, ArenaState

from .positions import act, arena, fresh, setup

rules = pytest.mark.rules
# Gods whose Pantheon Abilities change no Power, Health or cost in these battles.
PLAIN = ("quetzalcoatl", "odin")


def tell(state: ArenaState, *actions: str, reader: int | None = 0) -> list[tuple[str, str] | None]:
    """Apply ``actions`` (decisions or chance outcomes) and say each as ``reader`` saw it:
    (kind, text) per action, None for an action told with a later one (a refill's draws)."""
    narrator = state.game.narrator()
    lines: list[tuple[str, str] | None] = []
    for action in actions:
        actor = state.current_player
        if actor >= 0:
            assert action in state.legal_actions(), (action, state.legal_actions())
        seen = state.action_seen_by(action, reader)
        before = state.view(reader)
        state.apply(action)
        told = narrator.tell(before, state.view(reader), actor, seen)
        lines.append(None if told is None else (told.kind, told.text))
    return lines


def refill_continues(history: list[str], game: theomachy.Game) -> set[int]:
    """The steps of ``history`` that are draws of a refill that goes on after them (told by
    the refill's last draw)."""
    state = game.new_game()
    steps = set()
    for step, action in enumerate(history):
        head = state.draws[0] if state.draws else None
        filled = state.filled
        state.apply(action)
        if head is not None and head[1] and state.draws[:1] == [head]:
            assert state.filled == filled + 1
            steps.add(step)
    return steps


def test_the_game_tells_its_story_with_its_own_narrator():
    assert ArenaGame.narrator() is NARRATOR
    assert isinstance(theomachy.load("arena-of-the-gods").narrator(), ArenaNarrator)


@rules("AG-BATTLE-2", "AG-BATTLE-5", "AG-RULING-WINDOW")
def test_an_attack_on_a_god_names_the_cards_and_the_life_lost():
    actions = ("attack valkyrie@1 zeus@0", "pass", "pass", "pass", "pass")
    state = setup(("zeus", "odin"), seat=1, field=[("valkyrie", 1)])
    assert tell(state.clone(), *actions, reader=None) == [
        ("move", "attacks Zeus with Valkyrie (3 Power)"),
        ("minor", "passes (before combat)"),
        ("move", "passes: Valkyrie (3 Power) strikes Zeus: Zeus loses 3 Life (17 left)"),
        ("minor", "passes (after combat)"),
        ("minor", "passes: the battle ends"),
    ]
    told = tell(state, *actions, reader=0)
    assert told[0] == ("move", "attacks you with Valkyrie (3 Power)")
    assert told[2] == ("move", "passes: Valkyrie (3 Power) strikes you: you lose 3 Life (17 left)")


@rules("AG-BATTLE-1", "AG-BATTLE-4", "AG-BATTLE-5", "AG-BATTLE-6", "AG-TERM-PREVENT")
def test_units_fight_and_the_fallen_go_to_the_afterlife():
    state = setup(PLAIN, seat=1, field=[("berserker", 1), ("hoplite", 0)])
    assert tell(state, "attack berserker@1 hoplite@0", "hold", "pass", "pass", "pass", "pass") == [
        ("move", "attacks your Hoplite (2/3) with Berserker (4/2)"),
        (
            "move",
            "lets Hoplite take the attack: "
            "the next 1 damage to Hoplite will be prevented this turn",
        ),
        ("minor", "passes (before combat)"),
        (
            "move",
            "passes: Berserker (4 Power) and your Hoplite (2 Power) fight: your Hoplite takes 3 "
            "damage, 1 prevented (lethal), Berserker takes 2 damage (lethal)",
        ),
        ("minor", "passes (after combat)"),
        (
            "move",
            "passes: Berserker is sent to the Afterlife, your Hoplite is sent to the Afterlife, "
            "the battle ends",
        ),
    ]


@rules("AG-BATTLE-1")
def test_a_redirected_attack_strikes_the_god():
    state = setup(PLAIN, seat=1, field=[("berserker", 1), ("hoplite", 0)])
    assert tell(state, "attack berserker@1 hoplite@0", "redirect", "pass", "pass", reader=1) == [
        ("move", "attacks Quetzalcoatl's Hoplite (2/3) with Berserker (4/2)"),
        ("move", "redirects the attack from Hoplite to Quetzalcoatl"),
        ("minor", "passes (before combat)"),
        (
            "move",
            "passes: Berserker (4 Power) strikes Quetzalcoatl: Quetzalcoatl loses 4 Life (16 left)",
        ),
    ]


@rules("AG-EVOKE-2", "AG-BATTLE-3", "AG-TERM-PREVENT")
def test_a_combat_evocation_waits_for_the_window_to_close_then_holds_off_the_damage():
    state = setup(
        ("zeus", "odin"),
        seat=1,
        hands={0: ["aegis"]},
        field=[("valkyrie", 1), ("hoplite", 0)],
        favor=[6, 1],
    )
    told = tell(
        state,
        "attack valkyrie@1 hoplite@0",
        "hold",
        "play aegis hoplite@0",
        "pass",
        "pass",
        "pass",
        "pass",
        reader=None,
    )
    assert told[2] == (
        "move",
        "plays Aegis on Hoplite for 2 Favor, to resolve when the window closes: prevent the next 3 "
        "damage to Hoplite this turn",
    )
    assert told[4] == (
        "move",
        "passes: Aegis resolves, Odin's Valkyrie (3 Power) and Hoplite (3 Power) fight: Hoplite "
        "takes no damage, 3 prevented, Odin's Valkyrie takes 3 damage (lethal)",
    )
    assert told[6] == ("move", "passes: Valkyrie is sent to the Afterlife, the battle ends")


@rules("AG-EVOKE-1", "AG-PLAY-1")
def test_a_ceremonial_evocation_says_its_cost_and_what_it_did():
    state = setup(
        ("zeus", "odin"),
        hands={0: ["smite", "divine-inspiration"]},
        field=[("valkyrie", 1)],
        favor=[6, 1],
    )
    assert tell(state, "play smite valkyrie@1", "play divine-inspiration", reader=1) == [
        (
            "move",
            "plays Smite on your Valkyrie for 3 Favor: your Valkyrie is sent to the Afterlife",
        ),
        ("move", "plays Divine Inspiration for 2 Favor: draws 2 cards"),
    ]


@rules("AG-ABILITY-1", "AG-RULING-BLESSING")
def test_a_blessing_is_named_and_its_damage_said():
    state = setup(("zeus", "odin"), favor=[5, 3])
    assert tell(state, "use zeus@0 odin@1") == [
        ("move", "uses Thunderbolt on Odin for 5 Favor: Odin loses 1 Life (19 left)")
    ]


@rules("AG-PLAY-1", "AG-PLAY-3")
def test_the_cost_said_is_the_one_paid_after_discounts():
    # Valkyrie costs 1 Gold and 3 Favor; Odin's Norse Units cost 2 Gold less (Skald's 1 Gold
    # becomes nothing).
    state = setup(
        ("zeus", "odin"), seat=1, hands={1: ["valkyrie", "skald"]}, gold=[0, 2], favor=[0, 3]
    )
    assert tell(state, "play valkyrie", "play skald valkyrie@1") == [
        ("move", "plays Valkyrie (3/3) for 3 Favor"),
        ("move", "plays Skald (1/2) on Valkyrie for free: Valkyrie gets +1 Power (now 4/3)"),
    ]


@rules("AG-RULING-HIDDEN")
def test_a_drawn_card_is_named_to_its_drawer_only():
    state = setup(("zeus", "odin"), seat=1, favor=[0, 2])
    stories = {}
    for reader in (0, 1, None):
        stories[reader] = tell(state.clone(), "use odin@1", "draw skald", reader=reader)
    assert stories[1] == [
        ("move", "uses Wisdom of the Well for 2 Favor: draws 1 card"),
        ("chance", "you draw Skald"),
    ]
    for reader in (0, None):
        assert stories[reader][1] == ("chance", "Odin draws a card")
        assert not any("Skald" in text for _, text in stories[reader])


@rules("AG-SETUP-2")
def test_the_dice_for_the_first_player_say_the_totals_ties_and_who_goes_first():
    state = arena(2).new_game()
    rolls = ("roll 3", "roll 4", "roll 5", "roll 2", "roll 6", "roll 6", "roll 1", "roll 1")
    assert tell(state, *rolls, reader=None) == [
        ("chance", "Zeus rolls 3 (the first of two dice for who goes first)"),
        ("chance", "Zeus rolls 4: 3 + 4 = 7"),
        ("chance", "Odin rolls 5 (the first of two dice for who goes first)"),
        ("chance", "Odin rolls 2: 5 + 2 = 7; a tie at 7: Zeus and Odin roll again"),
        ("chance", "Zeus rolls 6 (the first of two dice for who goes first)"),
        ("chance", "Zeus rolls 6: 6 + 6 = 12"),
        ("chance", "Odin rolls 1 (the first of two dice for who goes first)"),
        ("chance", "Odin rolls 1: 1 + 1 = 2; Zeus goes first with 12"),
    ]


@rules("AG-SETUP-5", "AG-TURN-1", "AG-RES-3", "AG-TURN-4")
def test_each_turn_starts_with_a_round_line_naming_whose_turn_it_is():
    state = fresh(("zeus", "odin"), first=0)
    while state.current_player == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    act(state, "end", "done")
    story = chronicle(state.game, state.history())
    for_odin = story.story(1)
    opening = for_odin[:2]  # each opening hand is one line (its refill)
    assert [(line.step, line.kind) for line in opening] == [(4, "chance"), (9, "round")]
    assert opening[0].text == "Zeus draws 5 cards"
    # Zeus's Temple and two Markets give at the start of his turn (AG-RES-3).
    assert opening[1].text.endswith(
        " — round 1, Zeus's turn: Zeus gains 2 Gold and 1 Favor (now 3 Gold, 2 Favor)"
    )
    hand = [card_name(action.split(" ")[1]) for action in state.history()[5:10]]
    assert opening[1].text.startswith(f"you draw {', '.join(hand[:4])} and {hand[4]} — ")
    end, done = for_odin[2], for_odin[3]
    assert (end.seat, end.kind, end.text) == (0, "minor", "ends the main phase")
    assert (done.seat, done.kind) == (0, "round")
    assert done.text == (
        "ends the turn — round 1, your turn: you gain 1 Gold and 2 Favor (now 2 Gold, 3 Favor)"
    )
    assert story.story(None)[3].text == (
        "ends the turn — round 1, Odin's turn: Odin gains 1 Gold and 2 Favor (now 2 Gold, 3 Favor)"
    )


@rules("AG-END-1", "AG-END-2")
def test_a_god_at_zero_life_is_out_and_the_last_standing_wins():
    state = setup(("zeus", "odin"), seat=1, field=[("valkyrie", 1)], life=[3, 20])
    told = tell(state, "attack valkyrie@1 zeus@0", "pass", "pass", "pass", "pass")
    assert told[2] == ("move", "passes: Valkyrie (3 Power) strikes you: you lose 3 Life (0 left)")
    assert told[4] == ("result", "passes: you are out. The game is over: Odin wins")


@rules("AG-END-1")
def test_a_player_out_of_a_larger_game_is_a_result_line_and_the_game_goes_on():
    state = setup(("zeus", "odin", "ra"), seat=1, field=[("valkyrie", 1)], life=[3, 20, 20])
    told = tell(state, "attack valkyrie@1 zeus@0", "pass", "pass", "pass", "pass", reader=2)
    assert told[4] == ("result", "passes: Zeus is out")


@rules("AG-CAP-1")
def test_the_round_limit_says_who_won_with_the_most_life():
    state = setup(("zeus", "odin"), seat=1, life=[12, 15], max_rounds=1)
    state.turn = 1  # Odin's turn ends the first round
    assert tell(state, "end", "done", reader=None) == [
        ("minor", "ends the main phase"),
        (
            "result",
            "ends the turn. The round limit ends the game: Odin wins with the most Life (15)",
        ),
    ]


@rules("AG-PLAY-1", "AG-TERM-RETURN")
def test_cards_from_the_afterlife_say_where_they_went():
    state = setup(("zeus", "odin"), seat=1, field=[("hel", 1)], gold=[0, 5])
    state.afterlife[1] = ["spearman"]
    state.invalidate_caches()
    assert tell(state, "play-from-afterlife spearman") == [
        ("move", "plays Spearman (2/2) from the Afterlife for 2 Gold")
    ]
    state = setup(("dagda", "odin"), favor=[6, 0])
    state.afterlife[0] = ["druid"]
    state.invalidate_caches()
    assert tell(state.clone(), "use dagda@0 druid", reader=1) == [
        ("move", "uses Club of Life for 2 Favor: Druid returns to their hand")
    ]
    assert tell(state, "use dagda@0 druid", reader=0) == [
        ("move", "uses Club of Life for 2 Favor: Druid returns to your hand")
    ]
    state = setup(("ra", "odin"), hands={0: ["book-of-the-dead"]}, favor=[6, 0])
    state.afterlife[0] = ["jackal-of-anubis"]
    state.invalidate_caches()
    assert tell(state, "play book-of-the-dead jackal-of-anubis", reader=1) == [
        ("move", "plays Book of the Dead for 3 Favor: Jackal of Anubis returns to the Battleground")
    ]


@rules("AG-TURN-3")
def test_discards_name_the_card():
    state = setup(("zeus", "odin"), hands={0: ["hoplite"]})
    assert tell(state, "end", "discard hoplite", reader=1) == [
        ("minor", "ends the main phase"),
        ("move", "discards Hoplite"),
    ]


@pytest.mark.parametrize("seed", range(6))
def test_whole_games_are_told_to_every_reader_in_words(seed: int):
    players = 2 + seed % 3
    agents = ["greedy" if seed % 2 else "random"] * players
    final = theomachy.simulate(
        "arena-of-the-gods", players, agents=agents, seed=seed, options={"max_rounds": 8}
    )
    history = final.history()
    story = chronicle(final.game, history)
    # Every action is told, a refill's draws by its last one.
    within = refill_continues(history, final.game)
    told = [step for step in range(len(history)) if step not in within]
    for reader in (None, *range(players)):
        lines = story.story(reader)
        assert [line.step for line in lines] == told
        for line in lines:
            assert line.kind in KINDS
            assert "@" not in line.text, line
            if line.seat is not None:
                assert line.text != line.action, line  # a decision is never its notation
            if line.action == "draw ?":
                assert re.search(r"draws (a card|[2-5] cards)", line.text), line
                assert line.seat is None
    # The last line says how the game ended.
    assert story.story(None)[-1].kind == "result"


@rules("AG-TURN-2", "AG-RULING-HIDDEN")
def test_a_refill_is_one_line_naming_its_cards_to_the_drawer_only():
    # Odin holds two cards: his turn's draw up to five takes three, told as one line by the
    # last of them; the drawer reads the cards, the others only how many.
    state = setup(("zeus", "odin"), hands={1: ["hoplite", "skald"]})
    act(state, "end", "done")
    assert state.current_player == CHANCE and state.draws == [(1, True)]
    draws = ("draw valkyrie", "draw berserker", "draw valkyrie")
    stories = {reader: tell(state.clone(), *draws, reader=reader) for reader in (0, 1, None)}
    assert stories[1] == [None, None, ("chance", "you draw Valkyrie, Berserker and Valkyrie")]
    assert stories[0] == [None, None, ("chance", "Odin draws 3 cards")]
    assert stories[None] == stories[0]
    # The views say how far the refill is, and which cards to the drawer only.
    state.apply("draw valkyrie")
    assert state.view(1)["refill"] == {"seat": 1, "drawn": 1, "cards": ["valkyrie"]}
    assert state.view(0)["refill"] == state.view(None)["refill"] == {"seat": 1, "drawn": 1}


@rules("AG-TURN-2", "AG-RULING-DECK-OUT")
def test_a_refill_of_one_card_or_cut_short_by_an_empty_deck_says_what_was_drawn():
    state = setup(("zeus", "odin"), hands={1: ["hoplite", "skald", "huginn", "thor"]})
    act(state, "end", "done")
    assert tell(state.clone(), "draw valkyrie", reader=0) == [("chance", "Odin draws a card")]
    assert tell(state, "draw valkyrie", reader=1) == [("chance", "you draw Valkyrie")]
    state = setup(("zeus", "odin"), hands={1: ["hoplite"]})
    state.deck[1] = ["berserker", "valkyrie"]
    act(state, "end", "done")
    assert tell(state, "draw valkyrie", "draw berserker", reader=None) == [
        None,
        ("chance", "Odin draws 2 cards"),
    ]
    assert state.current_player == 1 and len(state.hand[1]) == 3
