"""One scenario per Arena of the Gods card with an ability (the six Gods' Pantheon Ability and
God Blessing included), named after the card; the vanilla Units share one parametrized test;
and the rulebook's worked example (4 Power with plunder against "prevent the next 2 damage").

Each test puts cards in place (scenario.py), plays actions (play, use, attack, passing battle
windows, ending turns) and checks exact numbers: damage counters, Life, Gold/Favor, Power and
Health as abilities.py computes them, Afterlives, hands and the legal actions offered. Most
tests use Odin (seat 0) against Ra (seat 1): neither God's Pantheon Ability touches neutral,
Greek, Japanese, Aztec or Celtic Units.
"""

from __future__ import annotations

import pytest

from theomachy.games.arena_of_the_gods import abilities
from theomachy.games.arena_of_the_gods.cards import Ability, Card, catalog
from theomachy.games.arena_of_the_gods.rules import ArenaState

from .scenario import (
    act,
    awaits_draw,
    battle,
    close_window,
    damage,
    draw,
    health,
    on_field,
    pass_turn,
    perm,
    position,
    power,
)

rules = pytest.mark.rules
CARDS = catalog()
G = ("odin", "ra")  # Gods whose Pantheon Abilities stay out of the way


def legal(state: ArenaState) -> list[str]:
    return state.legal_actions()


def starting(state: ArenaState) -> ArenaState:
    """End seat 1's turn (nothing discarded): seat 0's turn starts (start-of-turn abilities,
    the draw) and its main phase opens."""
    assert state.current == 1
    pass_turn(state)
    assert state.current == 0 and state.step == "main"
    return state


def empty_decks(**kwargs: object) -> ArenaState:
    """A position with empty decks (no draws at the start of a turn)."""
    return position(decks={0: [], 1: []}, **kwargs)  # type: ignore[arg-type]


# ======================================================================================== Gods


@rules("AG-CARD-1", "AG-ABILITY-1", "AG-TERM-GET")
def test_zeus():
    # Olympian Command: Greek Units Zeus's player controls get +1 Power; no one else's.
    state = position(
        ("zeus", "odin"), field=[("hoplite", 0), ("militia", 0), ("hoplite", 1)], favor=[5, 0]
    )
    assert (power(state, "hoplite@0"), power(state, "militia@0"), power(state, "hoplite@1")) == (
        3,
        1,
        2,
    )
    # Thunderbolt: 5 Favor, 1 damage to an opponent's Unit or God, once per turn.
    uses = [a for a in legal(state) if a.startswith("use ")]
    assert uses == ["use zeus@0 hoplite@1", "use zeus@0 odin@1"]
    act(state, "use zeus@0 odin@1")
    assert state.life == [20, 19] and state.favor[0] == 0
    state.favor[0] = 10
    state.invalidate_caches()
    assert not any(a.startswith("use ") for a in legal(state))  # once per turn
    state = position(("zeus", "odin"), field=[("hoplite", 1)], favor=[5, 0])
    act(state, "use zeus@0 hoplite@1")
    assert damage(state, "hoplite@1") == 1
    state = position(("zeus", "odin"), field=[("hoplite", 1)], favor=[4, 0])
    assert not any(a.startswith("use ") for a in legal(state))  # cannot pay
    # At any time: defending on Odin's turn, in the pre-combat window (on the stack).
    state = position(("zeus", "odin"), seat=1, field=[("war-hound", 1)], favor=[5, 0])
    act(state, "attack war-hound@1 zeus@0")
    assert "use zeus@0 war-hound@1" in legal(state)
    act(state, "use zeus@0 war-hound@1")
    assert on_field(state, "war-hound@1")  # waits for the window to close
    act(state, "pass", "pass")
    assert not on_field(state, "war-hound@1") and state.life == [20, 20]


@rules("AG-PLAY-1", "AG-ABILITY-1")
def test_odin():
    # Halls of Asgard: Odin's Norse Units cost 2 less Gold.
    state = position(
        ("odin", "zeus"),
        hands={0: ["berserker"], 1: ["berserker"]},
        gold=[2, 2],
        favor=[2, 0],
        decks={0: ["militia", "spearman"]},
    )
    assert abilities.cost(state, 0, "berserker") == (1, 0)
    assert abilities.cost(state, 1, "berserker") == (3, 0)
    assert abilities.cost(state, 0, "militia") == (1, 0)  # not Norse
    assert abilities.cost(state, 0, "ragnarok") == (1, 5)  # not a Unit
    assert "play berserker" in legal(state)
    # Wisdom of the Well: 2 Favor, draw a card.
    act(state, "use odin@0")
    assert state.favor[0] == 0 and awaits_draw(state)
    draw(state, "spearman")
    assert state.hand[0] == ["berserker", "spearman"] and state.deck[0] == ["militia"]
    act(state, "play berserker")
    assert state.gold[0] == 1 and on_field(state, "berserker@0")
    # At any time: in the window of a Battle on Zeus's turn; the card comes when it resolves.
    state = position(("odin", "zeus"), seat=1, field=[("spearman", 1), ("militia", 0)],
                     favor=[2, 0], decks={0: ["militia"]})  # fmt: skip
    battle(state, "spearman@1", "militia@0", pre=["use odin@0"])
    assert state.favor[0] == 0 and awaits_draw(state)  # the window closed: it resolves
    draw(state, "militia")
    assert state.hand[0] == ["militia"] and state.step == "post-window"


@rules("AG-PLAY-1", "AG-ABILITY-1", "AG-RULING-HEALTH")
def test_ra():
    # Light of the Solar Barque: Ra's Egyptian Evocations cost 2 less Favor.
    state = position(
        ("ra", "odin"), field=[("shieldmaiden", 1), ("war-hound", 1), ("militia", 0)], favor=[3, 0]
    )
    assert abilities.cost(state, 0, "eye-of-horus") == (0, 0)
    assert abilities.cost(state, 0, "book-of-the-dead") == (0, 3)
    assert abilities.cost(state, 0, "smite") == (0, 3)  # not Egyptian
    assert abilities.cost(state, 0, "scarab-swarm") == (0, 1)  # not an Evocation
    assert abilities.cost(state, 1, "eye-of-horus") == (0, 2)
    # Solar Flare: 3 Favor, 2 damage to each Unit the opponents control.
    assert "use ra@0" in legal(state)
    act(state, "use ra@0")
    assert state.favor[0] == 0
    assert damage(state, "shieldmaiden@1") == 2 and damage(state, "militia@0") == 0
    assert not on_field(state, "war-hound@1") and state.afterlife[1] == ["war-hound"]
    assert state.life == [20, 20]
    # At any time: in the post-combat window of Odin's attack, after Combat Damage.
    state = position(("ra", "odin"), seat=1, field=[("shieldmaiden", 1), ("militia", 0)],
                     favor=[3, 0])  # fmt: skip
    battle(state, "shieldmaiden@1", "ra@0", post=["use ra@0"])
    assert state.life[0] == 18 and state.favor[0] == 0
    assert damage(state, "shieldmaiden@1") == 2 and damage(state, "militia@0") == 0


@rules("AG-BATTLE-2", "AG-TERM-PREVENT", "AG-TURN-5")
def test_amaterasu():
    # Rising Sun: Japanese Units of hers get +1 Power while attacking.
    state = position(("amaterasu", "odin"), field=[("ashigaru", 0), ("militia", 1)], favor=[3, 0])
    assert power(state, "ashigaru@0") == 1
    # At any time, but its target is an engaged Unit: none outside a Battle.
    assert not any(a.startswith("use amaterasu") for a in legal(state))
    act(state, "attack ashigaru@0 militia@1", "hold")
    assert power(state, "ashigaru@0") == 2
    # Mirror of Yata: 3 Favor in a battle window, prevent the next 1 damage to an engaged Unit.
    act(state, "pass")  # the defender first
    assert [a for a in legal(state) if a.startswith("use")] == [
        "use amaterasu@0 ashigaru@0",
        "use amaterasu@0 militia@1",
    ]
    act(state, "use amaterasu@0 ashigaru@0")
    assert state.favor[0] == 0
    close_window(state)  # resolves: 1 damage to be prevented
    close_window(state)  # combat: 2 vs militia, its 1 damage prevented; post window
    assert damage(state, "ashigaru@0") == 0 and perm(state, "ashigaru@0").shield == 0
    assert not on_field(state, "militia@1")
    assert power(state, "ashigaru@0") == 1  # no longer attacking


@rules("AG-PLAY-1", "AG-TERM-GET", "AG-TURN-5")
def test_quetzalcoatl():
    # Feathered Serpent's Call: his Aztec Mythical Units cost 1 less Favor.
    state = position(
        ("quetzalcoatl", "odin"),
        field=[("eagle-warrior", 0), ("militia", 1)],
        favor=[4, 0],
        decks={0: [], 1: []},
    )
    assert abilities.cost(state, 0, "ahuizotl") == (0, 2)
    assert abilities.cost(state, 0, "xiuhcoatl") == (1, 3)
    assert abilities.cost(state, 0, "eagle-warrior") == (2, 0)  # Mortal
    assert abilities.cost(state, 0, "griffin") == (1, 3)  # not Aztec
    assert abilities.cost(state, 1, "ahuizotl") == (0, 3)
    # Obsidian Offering: 4 Favor, a Unit of his gets +1 Power this turn.
    assert [a for a in legal(state) if a.startswith("use")] == [
        "use quetzalcoatl@0 eagle-warrior@0"
    ]
    act(state, "use quetzalcoatl@0 eagle-warrior@0")
    assert power(state, "eagle-warrior@0") == 3 and state.favor[0] == 0
    pass_turn(state)
    assert power(state, "eagle-warrior@0") == 2
    # At any time: defending on Odin's turn, his Unit strikes back harder (3 into a Griffin's
    # 3 Health, which its own 2 Power would not kill).
    state = position(("quetzalcoatl", "odin"), seat=1, field=[("eagle-warrior", 0),
                     ("griffin", 1)], favor=[4, 0])  # fmt: skip
    battle(state, "griffin@1", "eagle-warrior@0", pre=["use quetzalcoatl@0 eagle-warrior@0"])
    assert not on_field(state, "griffin@1") and not on_field(state, "eagle-warrior@0")


@rules("AG-TERM-RETURN", "AG-ABILITY-1")
def test_dagda():
    # Cauldron of Plenty: his Celtic Units get +2 Health.
    state = position(
        ("dagda", "odin"),
        field=[("druid", 0), ("militia", 0), ("bard", 1)],
        favor=[2, 0],
        afterlife={0: ["militia", "smite", "hoplite"]},
    )
    assert (health(state, "druid@0"), health(state, "militia@0"), health(state, "bard@1")) == (
        5,
        2,
        1,
    )
    # Club of Life: 2 Favor, a Unit card from his Afterlife to his hand.
    uses = [a for a in legal(state) if a.startswith("use dagda")]
    assert uses == ["use dagda@0 hoplite", "use dagda@0 militia"]
    act(state, "use dagda@0 hoplite")
    assert state.hand[0] == ["hoplite"] and state.known[0] == ["hoplite"]
    assert state.afterlife[0] == ["militia", "smite"] and state.favor[0] == 0
    # At any time: in the pre-combat window of Odin's attack on his Druid.
    state = position(("dagda", "odin"), seat=1, field=[("spearman", 1), ("druid", 0)],
                     favor=[2, 0], afterlife={0: ["militia"]})  # fmt: skip
    battle(state, "spearman@1", "druid@0", pre=["use dagda@0 militia"])
    assert state.hand[0] == ["militia"] and state.afterlife[0] == [] and state.favor[0] == 0


# ============================================================================= neutral cards


@rules("AG-RES-3", "AG-RES-2", "AG-TURN-1")
def test_market():
    state = empty_decks(
        gods=G, seat=1, field=[("market", 0), ("market", 0), ("market", 1)], gold=[1, 1]
    )
    starting(state)
    assert state.gold == [3, 1]
    state = empty_decks(gods=G, seat=1, field=[("market", 0), ("market", 0)], gold=[9, 1])
    starting(state)
    assert state.gold[0] == 10  # never more than 10


@rules("AG-RES-3", "AG-RES-1", "AG-TURN-1")
def test_temple():
    state = empty_decks(
        gods=G, seat=1, field=[("temple", 0), ("temple", 0), ("temple", 1)], favor=[3, 1]
    )
    starting(state)
    assert state.favor == [5, 1] and state.gold == [1, 1]


@rules("AG-PLAY-1")
def test_barracks():
    state = position(G, field=[("barracks", 0)], hands={0: ["militia"]}, gold=[0, 0])
    assert abilities.cost(state, 0, "spearman") == (1, 0)
    assert abilities.cost(state, 0, "griffin") == (1, 3)  # Mythical
    assert abilities.cost(state, 1, "spearman") == (2, 0)
    act(state, "play militia")  # free
    assert on_field(state, "militia@0") and state.gold[0] == 0


@rules("AG-CARD-3", "AG-TERM-GET")
def test_watchtower():
    state = position(G, field=[("watchtower", 0), ("militia", 0), ("war-hound", 0), ("militia", 1)])
    assert health(state, "militia@0") == 3  # a Soldier
    assert health(state, "war-hound@0") == 1  # a Beast
    assert health(state, "militia@1") == 2  # the opponent's


@rules("AG-ABILITY-1")
def test_great_library():
    state = position(G, field=[("great-library", 0)], gold=[4, 0], decks={0: ["bard"]})
    act(state, "use great-library@0")
    draw(state, "bard")
    assert state.hand[0] == ["bard"] and state.gold[0] == 2
    assert not any(a.startswith("use great-library") for a in legal(state))  # once per turn
    state = position(G, field=[("great-library", 0)], gold=[1, 0])
    assert "use great-library@0" not in legal(state)


@rules("AG-PLAY-3", "AG-RULING-NO-TARGET")
def test_longbow_archer():
    state = position(
        G, field=[("militia", 0), ("spearman", 1)], hands={0: ["longbow-archer"]}, gold=[2, 0]
    )
    assert [a for a in legal(state) if a.startswith("play")] == ["play longbow-archer spearman@1"]
    act(state, "play longbow-archer spearman@1")
    assert damage(state, "spearman@1") == 1 and state.gold[0] == 0
    # No enemy Unit: it can still be played, the ability does nothing.
    state = position(G, hands={0: ["longbow-archer"]}, gold=[2, 0])
    assert "play longbow-archer" in legal(state)
    act(state, "play longbow-archer")
    assert on_field(state, "longbow-archer@0")


@rules("AG-ATTACK-1")
def test_war_hound():
    state = position(G, hands={0: ["war-hound", "militia"]}, gold=[2, 0])
    act(state, "play war-hound", "play militia")
    attacks = [a for a in legal(state) if a.startswith("attack")]
    assert attacks == ["attack war-hound@0 ra@1"]  # the Militia must wait a turn
    battle(state, "war-hound@0", "ra@1")
    assert state.life == [20, 18]
    assert not any(a.startswith("attack") for a in legal(state))  # once per turn


@rules("AG-TURN-1")
def test_wandering_priest():
    state = empty_decks(
        gods=G, seat=1, field=[("wandering-priest", 0), ("wandering-priest", 1)], favor=[1, 1]
    )
    starting(state)
    assert state.favor == [2, 1]


@rules("AG-TERM-GET")
def test_mercenary_captain():
    state = position(
        G, field=[("mercenary-captain", 0), ("militia", 0), ("griffin", 0), ("militia", 1)]
    )
    assert power(state, "mercenary-captain@0") == 3
    assert power(state, "militia@0") == 2
    assert power(state, "griffin@0") == 3  # Mythical
    assert power(state, "militia@1") == 1


@rules("AG-ATTACK-1")
def test_griffin():
    state = position(G, hands={0: ["griffin"]}, gold=[1, 0], favor=[3, 0], field=[("militia", 1)])
    act(state, "play griffin")
    assert state.gold[0] == 0 and state.favor[0] == 0
    assert "attack griffin@0 militia@1" in legal(state)
    battle(state, "griffin@0", "militia@1")
    assert state.afterlife[1] == ["militia"] and damage(state, "griffin@0") == 1


@rules("AG-TERM-SENT", "AG-RULING-ORDER")
def test_restless_shade():
    state = position(
        G,
        field=[("restless-shade", 1)],
        hands={0: ["smite"]},
        favor=[3, 0],
        decks={1: ["militia", "spearman"]},
    )
    act(state, "play smite restless-shade@1")
    assert state.afterlife[1] == ["restless-shade"]
    assert awaits_draw(state)  # its controller draws before anyone decides
    draw(state, "militia")
    assert state.hand[1] == ["militia"] and state.current_player == 0


@rules("AG-EVOKE-2", "AG-PLAY-2", "AG-TERM-PREVENT")
def test_parry():
    state = position(
        G, field=[("spearman", 0), ("militia", 1)], hands={0: ["parry"], 1: ["parry"]}, favor=[1, 1]
    )
    assert "play parry" not in " ".join(legal(state))  # not in the main phase
    act(state, "attack spearman@0 militia@1", "hold")
    assert legal(state) == ["pass", "play parry militia@1", "play parry spearman@0"]
    act(state, "play parry militia@1")
    assert state.favor[1] == 0 and state.battle is not None
    assert state.battle.stack[0].card == "parry"
    close_window(state)  # Parry resolves, then combat: 2 damage, both prevented
    assert state.afterlife[1] == ["parry"] and perm(state, "militia@1").shield == 0
    assert damage(state, "militia@1") == 0 and damage(state, "spearman@0") == 1


@rules("AG-EVOKE-2", "AG-TERM-GET", "AG-TERM-PREVENT", "AG-BATTLE-6")
def test_battle_fury():
    # +1 Power for the battle and the next 1 damage prevented: the Militia (1/2) survives the
    # Spearman (2 Power) and sends it away (2 Power on its 2 Health).
    state = position(
        G, field=[("militia", 0), ("spearman", 1)], hands={0: ["battle-fury"]}, favor=[1, 0]
    )
    act(state, "attack militia@0 spearman@1", "hold", "pass", "play battle-fury militia@0")
    close_window(state)  # resolved, then combat: 2 each way, 1 of them prevented
    assert (power(state, "militia@0"), health(state, "militia@0")) == (2, 2)
    assert damage(state, "militia@0") == 1 and damage(state, "spearman@1") == 2
    close_window(state)  # the post-combat check; the battle ends, the Power bonus with it
    assert not on_field(state, "spearman@1") and power(state, "militia@0") == 1
    assert on_field(state, "militia@0") and damage(state, "militia@0") == 1
    assert state.battle is None and state.afterlife == [["battle-fury"], ["spearman"]]


@rules("AG-BATTLE-4", "AG-RULING-HEALTH")
def test_ambush():
    state = position(
        G, field=[("spearman", 0), ("militia", 1)], hands={1: ["ambush"]}, gold=[0, 1], favor=[0, 1]
    )
    act(state, "attack spearman@0 militia@1", "hold", "play ambush")
    assert state.gold[1] == 0 and state.favor[1] == 0
    assert damage(state, "spearman@0") == 0  # it waits on the stack
    close_window(state)
    # The pre-combat check sends the Spearman away; the battle ends without combat.
    assert state.battle is None and state.afterlife == [["spearman"], ["ambush"]]
    assert damage(state, "militia@1") == 0


@rules("AG-EVOKE-1")
def test_divine_inspiration():
    state = position(
        G,
        hands={0: ["divine-inspiration"]},
        favor=[2, 0],
        decks={0: ["bard", "militia", "spearman"]},
    )
    act(state, "play divine-inspiration")
    draw(state, "militia", "bard")
    assert state.hand[0] == ["bard", "militia"] and state.deck[0] == ["spearman"]
    assert state.afterlife[0] == ["divine-inspiration"] and state.favor[0] == 0


@rules("AG-EVOKE-1", "AG-RULING-HEALTH")
def test_smite():
    state = position(
        G,
        field=[("veteran-swordsman", 1), ("cyclops", 1), ("militia", 0)],
        hands={0: ["smite"]},
        favor=[3, 0],
    )
    assert [a for a in legal(state) if a.startswith("play")] == [
        "play smite cyclops@1",
        "play smite veteran-swordsman@1",
    ]
    act(state, "play smite veteran-swordsman@1")
    assert state.afterlife == [["smite"], ["veteran-swordsman"]]
    state = position(G, field=[("cyclops", 1)], hands={0: ["smite"]}, favor=[3, 0])
    act(state, "play smite cyclops@1")
    assert damage(state, "cyclops@1") == 3


@rules("AG-RES-2")
def test_sacred_tithe():
    state = position(G, hands={0: ["sacred-tithe"]}, gold=[2, 0], favor=[2, 0])
    act(state, "play sacred-tithe")
    assert state.gold[0] == 5 and state.favor[0] == 0
    state = position(G, hands={0: ["sacred-tithe"]}, gold=[9, 0], favor=[2, 0])
    act(state, "play sacred-tithe")
    assert state.gold[0] == 10


@rules("AG-BIND-1")
def test_rite_of_cleansing():
    state = position(G, hands={0: ["rite-of-cleansing"]}, favor=[2, 0])
    assert "play rite-of-cleansing" not in " ".join(legal(state))  # no Binding: no target
    state = position(G, hands={0: ["rite-of-cleansing"]}, favor=[2, 0], field=[("market", 0)])
    from .scenario import put

    put(state, "geis", 1, bound_to=0)
    put(state, "blessing-of-plenty", 0, bound_to=0)
    assert [a for a in legal(state) if a.startswith("play")] == [
        "play rite-of-cleansing blessing-of-plenty@0",
        "play rite-of-cleansing geis@1",
    ]
    act(state, "play rite-of-cleansing geis@1")
    assert not on_field(state, "geis@1")
    assert state.afterlife == [["rite-of-cleansing"], ["geis"]]


@rules("AG-BIND-1", "AG-BIND-2", "AG-RES-3")
def test_blessing_of_plenty():
    state = empty_decks(
        gods=G,
        hands={0: ["blessing-of-plenty"]},
        favor=[4, 0],
        field=[("market", 0), ("market", 1)],
        gold=[0, 0],
    )
    assert [a for a in legal(state) if a.startswith("play")] == [
        "play blessing-of-plenty odin@0",
        "play blessing-of-plenty ra@1",
    ]
    act(state, "play blessing-of-plenty odin@0")
    assert perm(state, "blessing-of-plenty@0").bound_to == 0 and state.favor[0] == 0
    pass_turn(state)  # seat 1's Market gives 1
    assert state.gold == [0, 1]
    pass_turn(state)  # seat 0's Market gives 2
    assert state.gold == [2, 1]


@rules("AG-ABILITY-1", "AG-TERM-PREVENT")
def test_bronze_shield():
    state = position(
        G, field=[("bronze-shield", 1), ("militia", 1), ("veteran-swordsman", 0)], gold=[0, 1]
    )
    assert "use bronze-shield@1 militia@1" not in legal(state)  # not outside battles
    act(state, "attack veteran-swordsman@0 militia@1", "hold")
    assert legal(state) == [
        "pass",
        "use bronze-shield@1 militia@1",
        "use bronze-shield@1 veteran-swordsman@0",
    ]
    act(state, "use bronze-shield@1 militia@1")
    assert state.gold[1] == 0
    close_window(state)
    close_window(state)  # 3 damage, 2 prevented
    assert damage(state, "militia@1") == 1 and damage(state, "veteran-swordsman@0") == 1


@rules("AG-TERM-DAMAGE", "AG-ABILITY-1")
def test_healing_herbs():
    state = position(G, field=[("healing-herbs", 0), ("cyclops", 0), ("cyclops", 1)], gold=[1, 0])
    perm(state, "cyclops@0").damage = 3
    perm(state, "cyclops@1").damage = 3
    state.invalidate_caches()
    assert [a for a in legal(state) if a.startswith("use")] == ["use healing-herbs@0 cyclops@0"]
    act(state, "use healing-herbs@0 cyclops@0")
    assert damage(state, "cyclops@0") == 1 and state.gold[0] == 0
    assert damage(state, "cyclops@1") == 3


@rules("AG-TERM-GET")
def test_war_banner():
    state = position(G, field=[("war-banner", 0), ("spearman", 0), ("militia", 1)])
    assert power(state, "spearman@0") == 2
    act(state, "attack spearman@0 militia@1", "hold")
    assert power(state, "spearman@0") == 3 and power(state, "militia@1") == 1
    state = position(G, field=[("war-banner", 0), ("spearman", 0)])
    battle(state, "spearman@0", "ra@1")
    assert state.life[1] == 17


@rules("AG-TURN-1")
def test_holy_relic():
    state = empty_decks(gods=G, seat=1, field=[("holy-relic", 0)], favor=[1, 1])
    starting(state)
    assert state.favor == [2, 1]


# ================================================================================ Greek cards


@rules("AG-BATTLE-1", "AG-TERM-PREVENT", "AG-TURN-5")
def test_hoplite():
    # Attacked, it prevents the next 1 damage this turn: the Swordsman's 3 place 2 counters
    # on its 3 Health, and it lives on after the battle.
    state = position(G, field=[("hoplite", 1), ("veteran-swordsman", 0), ("militia", 0)])
    act(state, "attack veteran-swordsman@0 hoplite@1", "hold")
    assert perm(state, "hoplite@1").shield == 1 and health(state, "hoplite@1") == 3
    close_window(state)
    close_window(state)
    assert state.battle is None and damage(state, "hoplite@1") == 2
    assert on_field(state, "hoplite@1") and damage(state, "veteran-swordsman@0") == 2
    pass_turn(state)
    assert perm(state, "hoplite@1").shield == 0  # prevention ends with the turn
    # Redirected to its God, it is attacked no more: nothing prevented.
    state = position(G, field=[("hoplite", 1), ("militia", 0)])
    battle(state, "militia@0", "hoplite@1", redirect=True)
    assert perm(state, "hoplite@1").shield == 0 and state.life[1] == 19
    # Attacking, it prevents nothing.
    state = position(G, field=[("hoplite", 0), ("militia", 1)])
    battle(state, "hoplite@0", "militia@1")
    assert damage(state, "hoplite@0") == 1 and health(state, "hoplite@0") == 3


@rules("AG-PLAY-3")
def test_oracle_of_delphi():
    state = position(
        G,
        hands={0: ["oracle-of-delphi"]},
        gold=[1, 0],
        favor=[1, 0],
        decks={0: ["hoplite", "smite"]},
    )
    act(state, "play oracle-of-delphi")
    draw(state, "smite")
    assert state.hand[0] == ["smite"] and on_field(state, "oracle-of-delphi@0")
    assert (state.gold[0], state.favor[0]) == (0, 0)


@rules("AG-ATTACK-1")
def test_pegasus():
    state = position(G, hands={0: ["pegasus"]}, favor=[3, 0])
    act(state, "play pegasus")
    assert legal(state) == ["attack pegasus@0 ra@1", "end"]
    battle(state, "pegasus@0", "ra@1")
    assert state.life[1] == 17


@rules("AG-PLAY-3")
def test_centaur_archer():
    state = position(
        G,
        field=[("war-hound", 1), ("militia", 1)],
        hands={0: ["centaur-archer"]},
        gold=[1, 0],
        favor=[2, 0],
    )
    act(state, "play centaur-archer war-hound@1")
    assert state.afterlife[1] == ["war-hound"] and damage(state, "militia@1") == 0
    assert not perm(state, "centaur-archer@0").ready  # no haste


@rules("AG-BATTLE-1", "AG-TERM-GET", "AG-TURN-5")
def test_minotaur():
    state = empty_decks(gods=G, field=[("minotaur", 0)])
    assert power(state, "minotaur@0") == 4
    battle(state, "minotaur@0", "ra@1")
    assert state.life[1] == 15 and power(state, "minotaur@0") == 5
    pass_turn(state)
    assert power(state, "minotaur@0") == 4


@rules("AG-TERM-SENT", "AG-TERM-GAIN")
def test_heracles():
    state = empty_decks(gods=G, field=[("heracles", 0), ("militia", 1), ("spearman", 1)])
    battle(state, "heracles@0", "militia@1")
    assert state.afterlife[1] == ["militia"]
    assert (power(state, "heracles@0"), health(state, "heracles@0")) == (6, 7)
    assert damage(state, "heracles@0") == 1
    pass_turn(state)
    assert (power(state, "heracles@0"), health(state, "heracles@0")) == (6, 7)
    # Smite sends nothing for Heracles: only what he sends counts.
    state = position(G, field=[("heracles", 0), ("militia", 1)], hands={0: ["smite"]}, favor=[3, 0])
    act(state, "play smite militia@1")
    assert power(state, "heracles@0") == 5
    # Counters placed after his Combat Damage was already lethal were not needed: Obsidian
    # Fury in the post-combat window does not take the Militia from him.
    state = empty_decks(gods=G, field=[("heracles", 0), ("militia", 1)],
                        hands={1: ["obsidian-fury"]}, favor=[0, 2])  # fmt: skip
    battle(state, "heracles@0", "militia@1", post=["play obsidian-fury militia@1"])
    assert state.afterlife[1] == ["obsidian-fury", "militia"]
    assert (power(state, "heracles@0"), health(state, "heracles@0")) == (6, 7)


@rules("AG-TERM-PREVENT", "AG-BATTLE-1")
def test_achilles():
    state = position(G, field=[("veteran-swordsman", 0), ("achilles", 1)])
    act(state, "attack veteran-swordsman@0 achilles@1", "hold")
    assert perm(state, "achilles@1").shield == 2
    close_window(state)
    close_window(state)
    assert damage(state, "achilles@1") == 1
    assert state.afterlife[0] == ["veteran-swordsman"]
    # Redirected to the God, Achilles is not attacked: no prevention.
    state = position(G, field=[("veteran-swordsman", 0), ("achilles", 1)])
    battle(state, "veteran-swordsman@0", "achilles@1", redirect=True)
    assert perm(state, "achilles@1").shield == 0 and state.life[1] == 17


@rules("AG-EVOKE-1", "AG-END-1", "AG-END-2")
def test_wrath_of_olympus():
    state = position(
        G, field=[("cyclops", 1), ("militia", 0)], hands={0: ["wrath-of-olympus"]}, favor=[4, 0]
    )
    assert [a for a in legal(state) if a.startswith("play")] == [
        "play wrath-of-olympus cyclops@1",
        "play wrath-of-olympus ra@1",
    ]
    act(state, "play wrath-of-olympus ra@1")
    assert state.life[1] == 17 and state.afterlife[0] == ["wrath-of-olympus"]
    state = position(G, hands={0: ["wrath-of-olympus"]}, favor=[4, 0], life=[20, 3])
    act(state, "play wrath-of-olympus ra@1")
    assert state.is_terminal() and state.returns() == [1.0, 0.0]


@rules("AG-TERM-PREVENT", "AG-EVOKE-2")
def test_aegis():
    state = position(G, field=[("cyclops", 0), ("spearman", 1)], hands={1: ["aegis"]}, favor=[0, 2])
    act(state, "attack cyclops@0 spearman@1", "hold", "play aegis spearman@1")
    close_window(state)  # 5 - 3 = 2 on 2 Health
    assert damage(state, "spearman@1") == 2 and damage(state, "cyclops@0") == 2
    close_window(state)
    assert state.afterlife[1] == ["aegis", "spearman"]


@rules("AG-BIND-1", "AG-BIND-2")
def test_wisdom_of_athena():
    state = position(
        G, field=[("militia", 0), ("militia", 1)], hands={0: ["wisdom-of-athena"]}, favor=[3, 0]
    )
    act(state, "play wisdom-of-athena odin@0")
    assert health(state, "militia@0") == 3 and health(state, "militia@1") == 2
    state = position(
        G, field=[("militia", 0), ("militia", 1)], hands={0: ["wisdom-of-athena"]}, favor=[3, 0]
    )
    act(state, "play wisdom-of-athena ra@1")  # on the opponent: their Units
    assert health(state, "militia@0") == 2 and health(state, "militia@1") == 3
    assert perm(state, "wisdom-of-athena@0").bound_to == 1


@rules("AG-TERM-GAIN", "AG-ABILITY-1")
def test_golden_fleece():
    state = empty_decks(
        gods=G, field=[("golden-fleece", 0), ("militia", 0), ("militia", 1)], favor=[2, 0]
    )
    assert [a for a in legal(state) if a.startswith("use golden")] == [
        "use golden-fleece@0 militia@0"
    ]
    act(state, "use golden-fleece@0 militia@0")
    assert (power(state, "militia@0"), health(state, "militia@0")) == (2, 3)
    pass_turn(state)
    pass_turn(state)
    assert (power(state, "militia@0"), health(state, "militia@0")) == (2, 3)


@rules("AG-CARD-3")
def test_parthenon():
    state = position(G, field=[("parthenon", 0), ("hoplite", 0), ("militia", 0), ("hoplite", 1)])
    assert health(state, "hoplite@0") == 4
    assert health(state, "militia@0") == 2
    assert health(state, "hoplite@1") == 3


# ================================================================================ Norse cards


@rules("AG-TERM-GET")
def test_berserker():
    state = position(("zeus", "ra"), field=[("berserker", 0)])
    assert power(state, "berserker@0") == 3
    battle(state, "berserker@0", "ra@1")
    assert state.life[1] == 16 and power(state, "berserker@0") == 3


@rules("AG-TERM-GAIN", "AG-PLAY-3", "AG-NOTATION-2")
def test_skald():
    state = empty_decks(
        gods=("zeus", "ra"),
        field=[("militia", 0), ("militia", 1)],
        hands={0: ["skald"]},
        gold=[2, 0],
    )
    # Skald enters before its ability resolves: it is a Unit you control too (AG-PLAY-3).
    assert [a for a in legal(state) if a.startswith("play")] == [
        "play skald militia@0",
        "play skald skald@0",
    ]
    act(state, "play skald militia@0")
    assert power(state, "militia@0") == 2 and power(state, "skald@0") == 1
    pass_turn(state)
    assert power(state, "militia@0") == 2
    # Alone, Skald can pick itself; a second copy is named skald@0.2.
    state = position(("zeus", "ra"), hands={0: ["skald"]}, gold=[2, 0], field=[("skald", 0)])
    assert [a for a in legal(state) if a.startswith("play")] == [
        "play skald skald@0",
        "play skald skald@0.2",
    ]
    act(state, "play skald skald@0.2")
    assert power(state, "skald@0.2") == 2 and power(state, "skald@0") == 1
    assert perm(state, "skald@0.2").gained_power == 1


@rules("AG-PLAY-3")
def test_huginn():
    state = position(("zeus", "ra"), hands={0: ["huginn"]}, favor=[1, 0], decks={0: ["thor"]})
    act(state, "play huginn")
    draw(state, "thor")
    assert state.hand[0] == ["thor"] and state.favor[0] == 0


@rules("AG-TERM-SENT")
def test_valkyrie():
    state = position(G, field=[("valkyrie", 0), ("militia", 1)], favor=[0, 0])
    battle(state, "valkyrie@0", "militia@1")
    assert state.favor[0] == 2 and state.afterlife[1] == ["militia"]
    # Defending, it sends the attacker too.
    state = position(G, seat=1, field=[("valkyrie", 0), ("militia", 1)], favor=[0, 0])
    battle(state, "militia@1", "valkyrie@0")
    assert state.favor[0] == 2


@rules("AG-BATTLE-1", "AG-TERM-GET")
def test_frost_giant():
    state = position(G, field=[("cyclops", 0), ("frost-giant", 1)])
    act(state, "attack cyclops@0 frost-giant@1", "hold")
    assert power(state, "cyclops@0") == 4
    close_window(state)
    close_window(state)
    assert damage(state, "frost-giant@1") == 4 and damage(state, "cyclops@0") == 5
    close_window(state)
    assert power(state, "cyclops@0") == 5


@rules("AG-TERM-SENT", "AG-TERM-GAIN")
def test_fenrir():
    state = position(G, field=[("fenrir", 0), ("militia", 1)])
    battle(state, "fenrir@0", "militia@1")
    assert (power(state, "fenrir@0"), health(state, "fenrir@0")) == (6, 4)


@rules("AG-BATTLE-1", "AG-BATTLE-4")
def test_thor():
    state = position(G, field=[("thor", 0), ("militia", 0), ("militia", 1), ("war-hound", 1)])
    act(state, "attack thor@0 ra@1")
    assert damage(state, "militia@1") == 1 and damage(state, "militia@0") == 0
    assert on_field(state, "war-hound@1")  # the health check waits for the battle's
    close_window(state)
    assert state.afterlife[1] == ["war-hound"]
    close_window(state)
    assert state.life[1] == 14


@rules("AG-PLAY-3")
def test_loki():
    state = position(
        G,
        field=[("militia", 1), ("spearman", 1), ("veteran-swordsman", 1), ("militia", 0)],
        hands={0: ["loki"]},
        gold=[1, 0],
        favor=[4, 0],
    )
    assert abilities.cost(state, 0, "loki") == (0, 4)  # Odin's discount of 2 Gold
    assert [a for a in legal(state) if a.startswith("play")] == [
        "play loki militia@1",
        "play loki spearman@1",
    ]
    act(state, "play loki spearman@1")
    assert state.afterlife[1] == ["spearman"] and on_field(state, "loki@0")


def afterlife_plays(state: ArenaState) -> list[str]:
    return [a for a in legal(state) if a.startswith("play-from-afterlife")]


@rules("AG-PLAY-1", "AG-PLAY-2", "AG-PLAY-3", "AG-ATTACK-1")
def test_hel():
    # While Hel is out, Mortal Unit cards in her controller's Afterlife can be played as from
    # the hand: cost paid (Odin's discount applies), targets chosen, "when played" resolved.
    state = empty_decks(gods=G, field=[("hel", 0), ("militia", 1)], gold=[2, 0], favor=[9, 0])
    state.afterlife[0] = ["pegasus", "smite", "spearman", "berserker", "longbow-archer", "hel"]
    state.afterlife[1] = ["shinobi"]  # another player's Afterlife: not hers to play from
    state.hand[0] = ["spearman"]
    assert afterlife_plays(state) == [
        "play-from-afterlife berserker",  # 3 Gold, 1 less for a Norse Unit (Odin)
        "play-from-afterlife longbow-archer militia@1",
        "play-from-afterlife spearman",
    ]  # not the Mythical Pegasus, the Evocation Smite or the Heroic Hel
    assert "play spearman" in legal(state)  # the copy in hand is another action
    act(state, "play-from-afterlife longbow-archer militia@1")
    assert state.gold[0] == 0 and state.hand[0] == ["spearman"]
    assert state.afterlife[0] == ["pegasus", "smite", "spearman", "berserker", "hel"]
    assert on_field(state, "longbow-archer@0") and damage(state, "militia@1") == 1
    assert not any(a.startswith("attack longbow-archer@0") for a in legal(state))  # just entered
    assert afterlife_plays(state) == []  # no Gold left
    # A card played from the Afterlife has left it before its "when played" ability: a
    # Priest of Osiris cannot return itself, only another card there.
    state = empty_decks(gods=G, field=[("hel", 0)], gold=[5, 0], favor=[5, 0])
    state.afterlife[0] = ["priest-of-osiris"]
    assert afterlife_plays(state) == ["play-from-afterlife priest-of-osiris"]
    state.afterlife[0] = ["priest-of-osiris", "priest-of-osiris", "militia"]
    state.invalidate_caches()
    assert afterlife_plays(state) == [
        "play-from-afterlife militia",
        "play-from-afterlife priest-of-osiris militia",
        "play-from-afterlife priest-of-osiris priest-of-osiris",
    ]
    act(state, "play-from-afterlife priest-of-osiris priest-of-osiris")
    assert state.afterlife[0] == ["militia"] and state.hand[0] == ["priest-of-osiris"]
    assert state.view(1)["players"][0]["known_hand"] == ["priest-of-osiris"]
    # Only when a Unit could be played from the hand: not in battle windows.
    state = empty_decks(gods=G, field=[("hel", 0), ("spearman", 0)], gold=[5, 0], favor=[5, 0])
    state.afterlife[0] = ["militia"]
    act(state, "attack spearman@0 ra@1", "pass")
    assert state.current_player == 0 and afterlife_plays(state) == []
    close_window(state)
    close_window(state)
    assert afterlife_plays(state) == ["play-from-afterlife militia"]
    # Without Hel on the Battleground, nothing can be played from there.
    state.to_afterlife(perm(state, "hel@0").uid, 0)
    state.invalidate_caches()
    assert afterlife_plays(state) == []
    # Illegal from the Afterlife is illegal: a card that is not there.
    state = empty_decks(gods=G, field=[("hel", 0)], gold=[5, 0])
    with pytest.raises(ValueError):
        state.apply("play-from-afterlife spearman")


@rules("AG-EVOKE-1", "AG-RULING-HEALTH")
def test_ragnarok():
    state = position(
        G,
        field=[("militia", 0), ("cyclops", 0), ("militia", 1), ("fomorian", 1)],
        hands={0: ["ragnarok"]},
        gold=[1, 0],
        favor=[5, 0],
    )
    act(state, "play ragnarok")
    assert state.afterlife == [["ragnarok", "militia"], ["militia"]]
    assert damage(state, "cyclops@0") == 3 and damage(state, "fomorian@1") == 3
    assert state.life == [20, 20]


@rules("AG-EVOKE-2", "AG-BATTLE-3")
def test_berserker_rage():
    state = position(
        G,
        field=[("spearman", 0), ("veteran-swordsman", 1)],
        hands={0: ["berserker-rage"]},
        favor=[1, 0],
    )
    act(
        state,
        "attack spearman@0 veteran-swordsman@1",
        "hold",
        "pass",
        "play berserker-rage spearman@0",
    )
    close_window(state)
    assert power(state, "spearman@0") == 4
    close_window(state)
    assert state.afterlife == [["berserker-rage", "spearman"], ["veteran-swordsman"]]


@rules("AG-BIND-2")
def test_chains_of_gleipnir():
    state = position(
        G, field=[("cyclops", 0), ("cyclops", 1)], hands={0: ["chains-of-gleipnir"]}, favor=[4, 0]
    )
    act(state, "play chains-of-gleipnir ra@1")
    assert power(state, "cyclops@1") == 4 and power(state, "cyclops@0") == 5
    assert perm(state, "chains-of-gleipnir@0").controller == 0


@rules("AG-TERM-GET")
def test_mjolnir():
    state = position(G, field=[("mjolnir", 0), ("achilles", 0), ("militia", 0), ("heracles", 1)])
    assert power(state, "achilles@0") == 7
    assert power(state, "militia@0") == 1
    assert power(state, "heracles@1") == 5


@rules("AG-TURN-1", "AG-TERM-DAMAGE")
def test_mead_hall():
    state = empty_decks(
        gods=G, seat=1, field=[("mead-hall", 0), ("cyclops", 0), ("militia", 0), ("cyclops", 1)]
    )
    perm(state, "cyclops@0").damage = 3
    perm(state, "cyclops@1").damage = 3
    starting(state)
    assert damage(state, "cyclops@0") == 2 and damage(state, "militia@0") == 0
    assert damage(state, "cyclops@1") == 3


# ============================================================================= Egyptian cards


@rules("AG-BATTLE-1")
def test_chariot_archer():
    state = position(G, field=[("chariot-archer", 0), ("spearman", 1)])
    act(state, "attack chariot-archer@0 spearman@1", "hold")
    assert damage(state, "spearman@1") == 1
    close_window(state)
    close_window(state)
    assert state.afterlife == [["chariot-archer"], ["spearman"]]
    state = position(G, field=[("chariot-archer", 0)])
    battle(state, "chariot-archer@0", "ra@1")
    assert state.life[1] == 17


@rules("AG-TERM-RETURN", "AG-RULING-NO-TARGET")
def test_priest_of_osiris():
    state = position(
        G,
        hands={0: ["priest-of-osiris"]},
        gold=[1, 0],
        favor=[1, 0],
        afterlife={0: ["militia", "griffin", "smite", "achilles"]},
    )
    assert [a for a in legal(state) if a.startswith("play")] == ["play priest-of-osiris militia"]
    act(state, "play priest-of-osiris militia")
    assert state.hand[0] == ["militia"] and state.known[0] == ["militia"]
    assert state.afterlife[0] == ["griffin", "smite", "achilles"]
    state = position(G, hands={0: ["priest-of-osiris"]}, gold=[1, 0], favor=[1, 0])
    act(state, "play priest-of-osiris")
    assert on_field(state, "priest-of-osiris@0")


@rules("AG-TERM-SENT", "AG-BATTLE-6")
def test_scarab_swarm():
    state = position(
        G, field=[("scarab-swarm", 0), ("spearman", 1)], decks={0: ["militia", "bard"]}
    )
    act(state, "attack scarab-swarm@0 spearman@1", "hold")
    close_window(state)
    close_window(state)
    assert awaits_draw(state) and state.afterlife == [["scarab-swarm"], ["spearman"]]
    draw(state, "bard")
    assert state.hand[0] == ["bard"] and state.step == "main"


@rules("AG-TERM-SENT")
def test_jackal_of_anubis():
    state = position(G, field=[("jackal-of-anubis", 0), ("spearman", 1)], favor=[0, 0])
    battle(state, "jackal-of-anubis@0", "spearman@1")
    # Both go: the Jackal still sent the Spearman.
    assert state.afterlife == [["jackal-of-anubis"], ["spearman"]] and state.favor[0] == 1


@rules("AG-TURN-3")
def test_risen_mummy():
    state = empty_decks(gods=G, field=[("risen-mummy", 0), ("risen-mummy", 1)])
    perm(state, "risen-mummy@0").damage = 2
    perm(state, "risen-mummy@1").damage = 2
    act(state, "end")
    assert damage(state, "risen-mummy@0") == 1 and damage(state, "risen-mummy@1") == 2
    assert legal(state) == ["done"]


@rules("AG-BATTLE-1", "AG-TERM-GET")
def test_sphinx():
    state = position(G, field=[("cyclops", 0), ("sphinx", 1)])
    act(state, "attack cyclops@0 sphinx@1", "hold")
    assert power(state, "cyclops@0") == 3
    close_window(state)
    close_window(state)
    assert damage(state, "sphinx@1") == 3 and damage(state, "cyclops@0") == 4
    close_window(state)
    assert power(state, "cyclops@0") == 5


@rules("AG-TERM-GET")
def test_horus():
    state = position(
        G, field=[("horus", 0), ("scarab-swarm", 0), ("militia", 0), ("scarab-swarm", 1)]
    )
    assert power(state, "horus@0") == 6
    assert power(state, "scarab-swarm@0") == 3
    assert power(state, "militia@0") == 1
    assert power(state, "scarab-swarm@1") == 2


@rules("AG-PLAY-3", "AG-TURN-1")
def test_imhotep():
    state = position(
        G, hands={0: ["imhotep"]}, gold=[3, 0], favor=[2, 0], decks={0: ["militia"], 1: []}
    )
    act(state, "play imhotep")
    draw(state, "militia")
    assert state.hand[0] == ["militia"] and state.favor[0] == 0
    state.deck[0] = []
    pass_turn(state)
    assert state.favor == [0, 0]  # not at the opponent's turn
    pass_turn(state)
    assert state.favor[0] == 1


@rules("AG-TERM-RETURN", "AG-ATTACK-1")
def test_book_of_the_dead():
    state = position(
        G,
        hands={0: ["book-of-the-dead"]},
        favor=[5, 0],
        afterlife={0: ["griffin", "achilles", "militia", "smite"]},
    )
    assert [a for a in legal(state) if a.startswith("play")] == [
        "play book-of-the-dead griffin",
        "play book-of-the-dead militia",
    ]
    returned = state.clone()
    act(state, "play book-of-the-dead militia")
    assert on_field(state, "militia@0") and state.favor[0] == 0
    assert state.afterlife[0] == ["griffin", "achilles", "smite", "book-of-the-dead"]
    assert not any(a.startswith("attack") for a in legal(state))  # it just came back
    act(returned, "play book-of-the-dead griffin")  # haste: it may attack at once
    assert any(a.startswith("attack griffin@0") for a in legal(returned))
    state = position(G, hands={0: ["book-of-the-dead"]}, favor=[5, 0], afterlife={0: ["achilles"]})
    assert not any(a.startswith("play") for a in legal(state))  # an Evocation needs its target


@rules("AG-EVOKE-2", "AG-RULING-HEALTH")
def test_eye_of_horus():
    state = position(
        G, field=[("militia", 0), ("tomb-guardian", 1)], hands={1: ["eye-of-horus"]}, favor=[0, 2]
    )
    perm(state, "tomb-guardian@1").damage = 4
    state.invalidate_caches()
    act(state, "attack militia@0 tomb-guardian@1", "hold", "play eye-of-horus tomb-guardian@1")
    assert state.favor[1] == 2  # Ra's discount of 2 Favor: it cost nothing
    close_window(state)  # 4 - 3 + 1
    assert damage(state, "tomb-guardian@1") == 2 and damage(state, "militia@0") == 1


@rules("AG-BIND-1", "AG-BIND-2")
def test_scales_of_maat():
    state = position(
        G, field=[("militia", 0), ("militia", 1)], hands={0: ["scales-of-maat"]}, favor=[6, 0]
    )
    act(state, "play scales-of-maat odin@0")
    assert (power(state, "militia@0"), health(state, "militia@0")) == (2, 3)
    assert (power(state, "militia@1"), health(state, "militia@1")) == (1, 2)


@rules("AG-TURN-1")
def test_ankh():
    state = empty_decks(gods=G, seat=1, field=[("ankh", 0), ("ankh", 1)], life=[15, 15])
    starting(state)
    assert state.life == [16, 15]


@rules("AG-PLAY-1")
def test_obelisk():
    state = position(G, field=[("obelisk", 0)], hands={0: ["pegasus"]}, favor=[2, 0])
    assert abilities.cost(state, 0, "pegasus") == (0, 2)
    assert abilities.cost(state, 0, "achilles") == (4, 2)  # Heroic
    assert abilities.cost(state, 1, "pegasus") == (0, 3)
    act(state, "play pegasus")
    assert state.favor[0] == 0


# ============================================================================= Japanese cards


@rules("AG-TERM-ENGAGED")
def test_samurai():
    state = position(G, field=[("samurai", 1), ("spearman", 0)])
    assert power(state, "samurai@1") == 3
    act(state, "attack spearman@0 samurai@1", "hold")
    assert power(state, "samurai@1") == 4
    close_window(state)
    assert damage(state, "spearman@0") == 4
    close_window(state)
    assert state.afterlife == [["spearman"], ["samurai"]]  # 2 on the Samurai's 2 Health


@rules("AG-ATTACK-1")
def test_shinobi():
    state = position(G, hands={0: ["shinobi"]}, gold=[2, 0], field=[("militia", 1)])
    act(state, "play shinobi")
    assert "attack shinobi@0 militia@1" in legal(state)


@rules("AG-TERM-PREVENT", "AG-ABILITY-1")
def test_onmyoji():
    state = position(G, field=[("onmyoji", 0), ("militia", 0), ("spearman", 1)], favor=[1, 0])
    assert [a for a in legal(state) if a.startswith("use")] == [
        "use onmyoji@0 militia@0",
        "use onmyoji@0 onmyoji@0",
    ]
    act(state, "use onmyoji@0 militia@0")
    assert perm(state, "militia@0").shield == 1 and state.favor[0] == 0
    battle(state, "militia@0", "spearman@1")
    assert damage(state, "militia@0") == 1 and on_field(state, "militia@0")


@rules("AG-BATTLE-5", "AG-RULING-GOD-DAMAGE")
def test_kitsune():
    state = position(G, field=[("kitsune", 0), ("spearman", 1)], favor=[3, 0])
    battle(state, "kitsune@0", "spearman@1")
    assert state.favor[0] == 4 and damage(state, "spearman@1") == 1
    # Against a God: 1 Life, 1 Favor.
    state = position(G, field=[("kitsune", 0)], favor=[3, 0])
    battle(state, "kitsune@0", "ra@1")
    assert state.favor[0] == 4 and state.life[1] == 19
    # All of it prevented: nothing placed, nothing gained.
    state = position(G, field=[("kitsune", 0), ("achilles", 1)], favor=[3, 0])
    battle(state, "kitsune@0", "achilles@1")
    assert state.favor[0] == 3


@rules("AG-ATTACK-1")
def test_tengu():
    state = position(G, hands={0: ["tengu"]}, gold=[1, 0], favor=[2, 0])
    act(state, "play tengu")
    battle(state, "tengu@0", "ra@1")
    assert state.life[1] == 17


@rules("AG-TERM-GET")
def test_oni():
    state = position(G, field=[("oni", 0), ("oni", 1)])
    battle(state, "oni@0", "ra@1")
    assert state.life[1] == 14
    assert power(state, "oni@0") == 4
    state = position(G, seat=1, field=[("oni", 0), ("spearman", 1)])
    act(state, "attack spearman@1 oni@0", "hold")
    assert power(state, "oni@0") == 4  # defending


@rules("AG-BATTLE-1", "AG-BATTLE-4")
def test_ryujin():
    state = position(G, field=[("spearman", 0), ("ryujin", 1)])
    act(state, "attack spearman@0 ryujin@1", "hold")
    assert damage(state, "spearman@0") == 2 and on_field(state, "spearman@0")
    close_window(state)
    assert state.battle is None and state.afterlife[0] == ["spearman"]
    assert damage(state, "ryujin@1") == 0


@rules("AG-TERM-SENT", "AG-ATTACK-1")
def test_susanoo():
    state = position(G, field=[("susanoo", 0), ("militia", 1), ("spearman", 1)])
    battle(state, "susanoo@0", "militia@1")
    assert [a for a in legal(state) if a.startswith("attack")] == [
        "attack susanoo@0 ra@1",
        "attack susanoo@0 spearman@1",
    ]
    battle(state, "susanoo@0", "spearman@1")
    battle(state, "susanoo@0", "ra@1")
    assert state.life[1] == 14 and damage(state, "susanoo@0") == 3
    assert not any(a.startswith("attack") for a in legal(state))  # the God was not sent


@rules("AG-TERM-GET", "AG-TURN-5")
def test_kagura_dance():
    state = empty_decks(
        gods=G,
        field=[("militia", 0), ("spearman", 0), ("militia", 1)],
        hands={0: ["kagura-dance"]},
        favor=[2, 0],
    )
    act(state, "play kagura-dance")
    assert (power(state, "militia@0"), power(state, "spearman@0"), power(state, "militia@1")) == (
        2,
        3,
        1,
    )
    pass_turn(state)
    assert (power(state, "militia@0"), power(state, "spearman@0")) == (1, 2)


@rules("AG-EVOKE-2", "AG-BATTLE-2")
def test_iai_strike():
    state = position(
        G, seat=1, field=[("militia", 0), ("cyclops", 1)], hands={0: ["iai-strike"]}, favor=[2, 0]
    )
    act(state, "attack cyclops@1 militia@0", "hold", "play iai-strike militia@0")
    close_window(state)
    assert power(state, "militia@0") == 4 and damage(state, "cyclops@1") == 4
    close_window(state)
    assert state.afterlife[0] == ["iai-strike", "militia"]


@rules("AG-BIND-2")
def test_shimenawa():
    state = empty_decks(
        gods=G, field=[("cyclops", 0), ("cyclops", 1)], hands={0: ["shimenawa"]}, favor=[3, 0]
    )
    act(state, "play shimenawa ra@1")
    pass_turn(state)
    assert power(state, "cyclops@1") == 5
    battle(state, "cyclops@1", "odin@0")
    assert state.life[0] == 16


@rules("AG-TERM-GET", "AG-TURN-5")
def test_kusanagi():
    state = empty_decks(
        gods=G, field=[("kusanagi", 0), ("militia", 0), ("militia", 1)], favor=[1, 0]
    )
    assert [a for a in legal(state) if a.startswith("use")] == ["use kusanagi@0 militia@0"]
    act(state, "use kusanagi@0 militia@0")
    assert power(state, "militia@0") == 3 and state.favor[0] == 0
    pass_turn(state)
    assert power(state, "militia@0") == 1


@rules("AG-TERM-GET")
def test_torii_gate():
    state = position(G, field=[("torii-gate", 0), ("kitsune", 0), ("militia", 0), ("kitsune", 1)])
    assert (power(state, "kitsune@0"), health(state, "kitsune@0")) == (2, 4)
    assert (power(state, "militia@0"), health(state, "militia@0")) == (1, 2)
    assert (power(state, "kitsune@1"), health(state, "kitsune@1")) == (1, 3)


# ================================================================================ Aztec cards


@rules("AG-TERM-SENT")
def test_jaguar_warrior():
    state = position(G, field=[("jaguar-warrior", 0), ("militia", 1)], favor=[0, 0])
    battle(state, "jaguar-warrior@0", "militia@1")
    assert state.favor[0] == 1 and damage(state, "jaguar-warrior@0") == 1


@rules("AG-ATTACK-1")
def test_eagle_warrior():
    state = position(G, hands={0: ["eagle-warrior"]}, gold=[2, 0])
    act(state, "play eagle-warrior")
    assert "attack eagle-warrior@0 ra@1" in legal(state)


@rules("AG-PLAY-3", "AG-END-1")
def test_blood_priest():
    state = position(G, hands={0: ["blood-priest"]}, gold=[1, 0], favor=[1, 0])
    act(state, "play blood-priest")
    assert state.favor[0] == 3 and state.life[0] == 19 and state.gold[0] == 0
    state = position(G, hands={0: ["blood-priest"]}, gold=[1, 0], life=[1, 20])
    act(state, "play blood-priest")
    assert state.is_terminal() and state.returns() == [0.0, 1.0]


@rules("AG-TERM-SENT", "AG-RULING-ORDER")
def test_ahuizotl():
    state = position(G, field=[("ahuizotl", 0), ("militia", 1)], decks={0: ["bard", "smite"]})
    battle(state, "ahuizotl@0", "militia@1")
    assert awaits_draw(state)
    draw(state, "smite")
    assert state.hand[0] == ["smite"]


@rules("AG-TERM-SENT", "AG-END-1")
def test_tzitzimitl():
    state = position(G, field=[("tzitzimitl", 1)], hands={0: ["smite"]}, favor=[3, 0])
    act(state, "play smite tzitzimitl@1")
    assert state.life == [18, 20] and state.afterlife[1] == ["tzitzimitl"]


@rules("AG-PLAY-3")
def test_xiuhcoatl():
    state = position(
        G, field=[("veteran-swordsman", 1)], hands={0: ["xiuhcoatl"]}, gold=[1, 0], favor=[4, 0]
    )
    act(state, "play xiuhcoatl veteran-swordsman@1")
    assert damage(state, "veteran-swordsman@1") == 2


@rules("AG-TERM-GET")
def test_huitzilopochtli():
    state = position(
        G,
        field=[
            ("huitzilopochtli", 0),
            ("jaguar-warrior", 0),
            ("militia", 0),
            ("jaguar-warrior", 1),
        ],
    )
    assert power(state, "huitzilopochtli@0") == 7
    assert power(state, "jaguar-warrior@0") == 3
    assert power(state, "militia@0") == 1
    assert power(state, "jaguar-warrior@1") == 2


@rules("AG-PLAY-3")
def test_tezcatlipoca():
    state = position(G, hands={0: ["tezcatlipoca"]}, gold=[2, 0], favor=[4, 3])
    act(state, "play tezcatlipoca")
    assert state.favor == [0, 1]
    state = position(G, hands={0: ["tezcatlipoca"]}, gold=[2, 0], favor=[4, 1])
    act(state, "play tezcatlipoca")
    assert state.favor == [0, 0]  # never below 0


@rules("AG-EVOKE-1", "AG-TERM-SENT")
def test_heart_offering():
    # 1 Favor: a Unit of yours to the Afterlife (its "dies" ability acts), then 3 Favor.
    state = position(
        G, field=[("tzitzimitl", 0), ("militia", 1)], hands={0: ["heart-offering"]}, favor=[1, 0]
    )
    assert [a for a in legal(state) if a.startswith("play")] == ["play heart-offering tzitzimitl@0"]
    act(state, "play heart-offering tzitzimitl@0")
    assert state.favor[0] == 3 and state.life == [20, 18]
    assert state.afterlife[0] == ["tzitzimitl", "heart-offering"]
    state = position(G, field=[("militia", 0)], hands={0: ["heart-offering"]}, favor=[0, 0])
    assert not any(a.startswith("play") for a in legal(state))  # it costs 1 Favor
    state = position(G, hands={0: ["heart-offering"]}, favor=[1, 0])
    assert legal(state) == ["end"]  # no Unit of yours to send


@rules("AG-EVOKE-2", "AG-RULING-HEALTH")
def test_obsidian_fury():
    state = position(
        G, field=[("spearman", 0), ("cyclops", 1)], hands={1: ["obsidian-fury"]}, favor=[0, 2]
    )
    act(state, "attack spearman@0 cyclops@1", "hold", "play obsidian-fury spearman@0")
    close_window(state)
    assert state.battle is None and state.afterlife == [["spearman"], ["obsidian-fury"]]
    assert damage(state, "cyclops@1") == 0


@rules("AG-BIND-1", "AG-RES-3")
def test_drought_of_tlaloc():
    state = empty_decks(
        gods=G,
        hands={0: ["drought-of-tlaloc"]},
        favor=[4, 0],
        field=[("market", 0), ("market", 1), ("market", 1)],
        gold=[0, 0],
    )
    act(state, "play drought-of-tlaloc ra@1")
    pass_turn(state)
    assert state.gold == [0, 0]  # each Market gives 1 - 1
    pass_turn(state)
    assert state.gold == [1, 0]


@rules("AG-TERM-GET")
def test_macuahuitl():
    state = position(G, field=[("macuahuitl", 0), ("jaguar-warrior", 0), ("spearman", 0)])
    assert power(state, "jaguar-warrior@0") == 2
    battle(state, "jaguar-warrior@0", "ra@1")
    assert state.life[1] == 17
    battle(state, "spearman@0", "ra@1")  # not a Warrior
    assert state.life[1] == 15


@rules("AG-PLAY-1")
def test_sun_stone():
    state = position(G, field=[("sun-stone", 0)], hands={0: ["eagle-warrior"]}, gold=[1, 0])
    assert abilities.cost(state, 0, "xiuhcoatl") == (0, 4)
    assert abilities.cost(state, 0, "spearman") == (2, 0)
    assert abilities.cost(state, 1, "eagle-warrior") == (2, 0)
    act(state, "play eagle-warrior")
    assert state.gold[0] == 0


# =============================================================================== Celtic cards


@rules("AG-TERM-DAMAGE", "AG-ABILITY-1")
def test_druid():
    state = position(G, field=[("druid", 0), ("cyclops", 0), ("cyclops", 1)], favor=[1, 0])
    perm(state, "cyclops@0").damage = 5
    perm(state, "cyclops@1").damage = 5
    state.invalidate_caches()
    assert "use druid@0 cyclops@1" not in legal(state)
    act(state, "use druid@0 cyclops@0")
    assert damage(state, "cyclops@0") == 3 and state.favor[0] == 0


@rules("AG-PLAY-3")
def test_bard():
    state = position(G, hands={0: ["bard"]}, gold=[1, 0], decks={0: ["druid"]})
    act(state, "play bard")
    draw(state, "druid")
    assert state.hand[0] == ["druid"]


@rules("AG-BATTLE-1", "AG-TERM-GAIN")
def test_red_branch_knight():
    # Each time it is attacked it gains +1 Health, for good: 3 counters from the Swordsman
    # on 4 Health, and it is still there after the battle and the turn.
    state = position(G, field=[("veteran-swordsman", 0), ("red-branch-knight", 1)])
    act(state, "attack veteran-swordsman@0 red-branch-knight@1", "hold")
    assert health(state, "red-branch-knight@1") == 4
    close_window(state)
    close_window(state)
    assert state.afterlife == [["veteran-swordsman"], []]
    assert damage(state, "red-branch-knight@1") == 3 and health(state, "red-branch-knight@1") == 4
    pass_turn(state)
    assert on_field(state, "red-branch-knight@1") and health(state, "red-branch-knight@1") == 4
    # Against the Cyclops (5 Power): 5 counters on 4 Health, it goes.
    state = position(G, field=[("cyclops", 0), ("red-branch-knight", 1)])
    battle(state, "cyclops@0", "red-branch-knight@1")
    assert state.afterlife == [[], ["red-branch-knight"]]


@rules("AG-PLAY-3")
def test_selkie():
    state = position(G, hands={0: ["selkie"]}, favor=[2, 0], life=[10, 20])
    act(state, "play selkie")
    assert state.life == [12, 20]


@rules("AG-PLAY-3", "AG-RULING-HEALTH")
def test_banshee():
    state = position(
        G,
        field=[("militia", 0), ("militia", 1), ("war-hound", 1)],
        hands={0: ["banshee"]},
        favor=[3, 0],
    )
    act(state, "play banshee")
    assert damage(state, "militia@1") == 1 and damage(state, "militia@0") == 0
    assert state.afterlife[1] == ["war-hound"]
    assert damage(state, "banshee@0") == 0


@rules("AG-TERM-SENT", "AG-TERM-GAIN")
def test_cu_sith():
    state = position(G, field=[("cu-sith", 0), ("militia", 1)])
    battle(state, "cu-sith@0", "militia@1")
    assert (power(state, "cu-sith@0"), health(state, "cu-sith@0")) == (4, 4)


@rules("AG-TERM-GET")
def test_cu_chulainn():
    state = position(G, field=[("cu-chulainn", 0)])
    assert power(state, "cu-chulainn@0") == 5
    battle(state, "cu-chulainn@0", "ra@1")
    assert state.life[1] == 13


@rules("AG-TERM-GET")
def test_the_morrigan():
    state = position(G, field=[("the-morrigan", 0), ("militia", 0), ("cyclops", 1), ("militia", 1)])
    assert power(state, "cyclops@1") == 4 and power(state, "militia@1") == 0
    assert power(state, "militia@0") == 1 and power(state, "the-morrigan@0") == 4


@rules("AG-EVOKE-1")
def test_gift_of_the_sidhe():
    state = position(
        G,
        hands={0: ["gift-of-the-sidhe"]},
        favor=[3, 0],
        life=[10, 20],
        decks={0: ["bard", "druid", "selkie"]},
    )
    act(state, "play gift-of-the-sidhe")
    draw(state, "selkie", "druid")
    assert state.hand[0] == ["druid", "selkie"] and state.life == [12, 20]


@rules("AG-EVOKE-2", "AG-TERM-GET", "AG-TERM-PREVENT")
def test_warp_spasm():
    # +2 Power for the battle and the next 2 damage prevented: the Spearman (2/2) takes 1
    # counter from the Swordsman's 3, places 4, and both facts outlast the battle.
    state = position(
        G,
        field=[("spearman", 0), ("veteran-swordsman", 1)],
        hands={0: ["warp-spasm"]},
        favor=[2, 0],
    )
    act(
        state, "attack spearman@0 veteran-swordsman@1", "hold", "pass", "play warp-spasm spearman@0"
    )
    close_window(state)
    assert (power(state, "spearman@0"), health(state, "spearman@0")) == (4, 2)
    assert damage(state, "spearman@0") == 1 and damage(state, "veteran-swordsman@1") == 4
    close_window(state)  # the Swordsman goes; the battle ends, the Power bonus with it
    assert state.afterlife == [["warp-spasm"], ["veteran-swordsman"]]
    assert on_field(state, "spearman@0") and power(state, "spearman@0") == 2


@rules("AG-BIND-1", "AG-RES-3")
def test_geis():
    state = empty_decks(
        gods=G,
        hands={0: ["geis"]},
        favor=[4, 0],
        field=[("temple", 1), ("temple", 1), ("temple", 0)],
    )
    act(state, "play geis ra@1")
    pass_turn(state)
    assert state.favor == [0, 0]
    pass_turn(state)
    assert state.favor == [1, 0]


@rules("AG-ABILITY-1")
def test_salmon_of_knowledge():
    state = position(G, field=[("salmon-of-knowledge", 0)], favor=[2, 0], decks={0: ["bard"]})
    act(state, "use salmon-of-knowledge@0")
    draw(state, "bard")
    assert state.hand[0] == ["bard"] and state.favor[0] == 0


@rules("AG-RES-3")
def test_stone_circle():
    state = empty_decks(
        gods=G,
        seat=1,
        field=[("stone-circle", 0), ("temple", 0), ("temple", 0), ("market", 0), ("temple", 1)],
        favor=[0, 0],
    )
    starting(state)
    assert state.favor == [4, 0] and state.gold[0] == 2


# ============================================================================ vanilla Units

VANILLA = sorted(c.id for c in CARDS.values() if c.type == "unit" and not c.abilities)


@rules("AG-CARD-2")
@pytest.mark.parametrize("card_id", VANILLA)
def test_vanilla_unit(card_id: str):
    card = CARDS[card_id]
    assert card.text == "No abilities."
    state = position(G, field=[(card_id, 1)])
    token = f"{card_id}@1"
    assert (power(state, token), health(state, token)) == (card.power, card.health)


# ========================================================================= rulebook example


@rules("AG-TERM-PREVENT", "AG-BATTLE-5")
def test_rulebook_example_plunder_against_prevention(monkeypatch: pytest.MonkeyPatch):
    """4 Power with "1 Gold per damage counter placed" against "prevent the next 2 damage":
    2 counters placed, 2 Gold gained."""
    raider = Card.model_validate(
        {
            "id": "raider",
            "name": "Raider",
            "type": "unit",
            "pantheon": "neutral",
            "gold": 3,
            "class": "mortal",
            "power": 4,
            "health": 5,
            "text": "After Raider places Combat Damage, gain 1 Gold per damage counter placed.",
            "abilities": [
                Ability(when="damage", effect="plunder", target="controller", resource="gold")
            ],
        }
    )
    monkeypatch.setitem(CARDS, "raider", raider)
    state = position(G, field=[("raider", 0), ("achilles", 1)], gold=[0, 0])
    act(state, "attack raider@0 achilles@1", "hold")
    assert perm(state, "achilles@1").shield == 2
    close_window(state)
    close_window(state)
    assert damage(state, "achilles@1") == 2 and state.gold[0] == 2
    # The same with Kitsune made 4 Power: 2 Favor.
    state = position(G, field=[("kitsune", 0), ("achilles", 1)], favor=[0, 0])
    perm(state, "kitsune@0").gained_power = 3
    act(state, "attack kitsune@0 achilles@1", "hold")
    close_window(state)
    close_window(state)
    assert damage(state, "achilles@1") == 2 and state.favor[0] == 2


# ================================================================== turn-order cards


@rules("AG-TURN-3")
def test_ember_shrine():
    state = empty_decks(
        gods=G, field=[("ember-shrine", 0), ("hoplite", 0), ("hoplite", 1), ("achilles", 1)]
    )
    act(state, "end")
    # Only the turn player's "as your turn ends" ability: enemy Units only.
    assert damage(state, "hoplite@1") == 1 and damage(state, "hoplite@0") == 0
    assert state.step == "discard"


@rules("AG-TURN-1")
def test_storm_totem():
    state = empty_decks(
        gods=G, seat=1, field=[("storm-totem", 0), ("market", 0), ("hoplite", 0), ("hoplite", 1)]
    )
    pass_turn(state)
    # A may-ability and an income: the order can matter, so seat 0 is asked.
    assert state.current_player == 0
    assert legal(state) == ["decline storm-totem", "trigger market", "trigger storm-totem"]
    declined = state.clone()
    act(state, "trigger storm-totem")
    assert damage(state, "hoplite@0") == 1 and damage(state, "hoplite@1") == 1
    assert state.step == "main" and state.gold[0] == 2  # the Market then resolved alone
    act(declined, "decline storm-totem")
    assert damage(declined, "hoplite@0") == 0 and declined.gold[0] == 2


@rules("AG-BIND-1", "AG-BIND-2", "AG-TURN-1")
def test_plague_of_locusts():
    state = empty_decks(
        gods=G, hands={0: ["plague-of-locusts"]}, favor=[3, 0], field=[("market", 1)]
    )
    act(state, "play plague-of-locusts ra@1", "end", "done")
    # Seat 1's turn: its Market and the Binding on it wait; losing Life is not a gain, so the
    # bound player orders them.
    assert state.current_player == 1
    assert legal(state) == ["trigger market", "trigger plague-of-locusts"]
    act(state, "trigger plague-of-locusts")
    assert state.life[1] == 19 and state.gold[1] == 2 and state.step == "main"
    pass_turn(state)  # "each turn": at the start of seat 0's turn as well
    assert state.current == 0 and state.life[1] == 18 and state.life[0] == 20


@rules("AG-TURN-3", "AG-TERM-DAMAGE")
def test_vigil_fire():
    state = empty_decks(gods=G, field=[("vigil-fire", 0), ("achilles", 0), ("hoplite", 1)])
    perm(state, "achilles@0").damage = 3
    perm(state, "hoplite@1").damage = 1
    act(state, "end")
    assert damage(state, "achilles@0") == 2 and damage(state, "hoplite@1") == 1
    act(state, "done", "end")  # seat 1's turn ends too: "as each turn ends"
    assert damage(state, "achilles@0") == 1
