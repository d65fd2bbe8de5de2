"""The destiny modes without the factions option: each seat assembles its own faction in the
game (MW-SETUP-5/6, MW-RULING-ASSEMBLE), secretly (MW-RULING-HIDDEN), from one shared copy
(MW-RULING-SHARED)."""

from __future__ import annotations

import random

import pytest

import theomachy
from theomachy import CHANCE, IllegalAction, agents
from theomachy.engine.conformance import check_views, fingerprint
from theomachy.games.mythic_wars.cards import PANTHEONS
from theomachy.games.mythic_wars.rules import (
    BY_PANTHEON,
    DEITIES,
    ENTITIES,
    IDS,
    NUMBER,
    MythicWarsGame,
)

rules = pytest.mark.rules

GREEK = ["zeus", "hera", "ares", "hades"]
NORSE = ["thor", "odin", "loki", "freyja"]
EGYPTIAN = ["set", "anubis", "ra", "osiris"]
AZTEC = ["chalchiuhtlicue", "tezcatlipoca", "tlaloc", "coatlicue"]
MIXED = [
    ["thor", "zeus", "set", "fujin"],
    ["chalchiuhtlicue", "anubis", "izanagi", "hera"],
    ["tezcatlipoca", "odin", "ra", "enlil"],
    ["ares", "horus", "tlaloc", "marduk"],
]


def wars(players: int = 2, **options: object):
    return theomachy.load("mythic-wars", players=players, options=options)


def assemble(state, factions: list[list[str]]) -> None:
    """Each seat in turn takes its four deities."""
    for seat, faction in enumerate(factions):
        for deity in faction:
            assert state.current_player == seat
            state.apply(f"assemble {deity}")


def pantheon(deity: str) -> str:
    return ENTITIES[NUMBER[deity]].pantheon


def offered(state) -> list[str]:
    return [a.split(" ")[1] for a in state.legal_actions()]


# --- the procedure -------------------------------------------------------------------------------
@rules("MW-SETUP-5", "MW-RULING-ASSEMBLE", "MW-RULING-SHARED", "MW-SETUP-1")
def test_destiny_two_players_assemble_in_seat_order_from_the_shared_copy():
    state = wars(2, mode="destiny").new_game()
    assert state.view(0)["phase"] == "assemble"
    assert state.current_player == 0
    every_deity = [f"assemble {IDS[n]}" for n in DEITIES]
    assert state.legal_actions() == every_deity  # every deity, in id order
    assert not any(ENTITIES[NUMBER[d]].kind == "creature" for d in offered(state))
    for deity in MIXED[0]:
        state.apply(f"assemble {deity}")
    assert state.current_player == 1  # seat 0 is done after its fourth
    # The deities seat 0 took have left the shared copy.
    assert offered(state) == [IDS[n] for n in DEITIES if IDS[n] not in MIXED[0]]
    with pytest.raises(IllegalAction):
        state.apply("assemble thor")
    with pytest.raises(IllegalAction):
        state.apply("assemble cerberus")
    for deity in MIXED[1]:
        state.apply(f"assemble {deity}")
    # Assembled: the first prime faction is next (MW-SETUP-7), nothing taken stays in a pool.
    assert state.current_player == CHANCE
    assert state.chance_outcomes() == [("first 0", 0.5), ("first 1", 0.5)]
    assert state.features()["factions"] == [sorted(MIXED[0]), sorted(MIXED[1])]
    assert state.pool == []


@rules("MW-SETUP-5", "MW-RULING-ASSEMBLE", "MW-SETUP-7")
def test_destiny_four_players_assemble_one_after_another_then_the_given_first_faction():
    state = wars(4, mode="destiny", first=2).new_game()
    taken: list[str] = []
    for seat, faction in enumerate(MIXED):
        for count, deity in enumerate(faction):
            assert state.current_player == seat
            assert len(state.legal_actions()) == len(DEITIES) - len(taken)
            assert all(t not in offered(state) for t in taken)
            mine = [e for e in state.view(seat)["entities"] if e["owner"] == seat]
            assert len(mine) == count
            state.apply(f"assemble {deity}")
            taken.append(deity)
    # The option names the first prime faction: straight to its invocation.
    assert state.current_player == 2 and state.prime == 2 and state.round == 1
    assert state.legal_actions() == [f"invoke {d}" for d in sorted(MIXED[2])]


@rules("MW-SETUP-6", "MW-RULING-ASSEMBLE")
def test_pantheons_of_destiny_two_players_keep_to_one_pantheon():
    state = wars(2, mode="pantheons-of-destiny").new_game()
    assert len(state.legal_actions()) == len(DEITIES)  # the first deity chooses the pantheon
    state.apply("assemble zeus")
    assert sorted(offered(state)) == sorted(
        IDS[n] for n in BY_PANTHEON["greek"] if IDS[n] != "zeus"
    )
    with pytest.raises(IllegalAction):
        state.apply("assemble thor")  # another pantheon
    for deity in GREEK[1:]:
        state.apply(f"assemble {deity}")
    # Seat 1: four Greek deities are left, enough for a faction, so Greek is still offered.
    assert state.current_player == 1 and len(state.legal_actions()) == len(DEITIES) - 4
    assert "athena" in offered(state)
    for deity in ["athena", "apollo", "artemis", "poseidon"]:
        state.apply(f"assemble {deity}")
    assert state.current_player == CHANCE
    assert state.features()["factions"][1] == sorted(["athena", "apollo", "artemis", "poseidon"])


@rules("MW-SETUP-6", "MW-RULING-ASSEMBLE")
def test_pantheons_of_destiny_three_players_a_full_pantheon_cannot_be_started():
    state = wars(3, mode="pantheons-of-destiny").new_game()
    assemble(state, [GREEK, ["athena", "apollo", "artemis", "poseidon"]])
    # Seat 2: no Greek deity is left; every other pantheon is whole.
    assert state.current_player == 2
    assert not any(pantheon(d) == "greek" for d in offered(state))
    assert len(offered(state)) == len(DEITIES) - len(BY_PANTHEON["greek"])


@rules("MW-RULING-ASSEMBLE")
def test_a_pantheon_with_fewer_deities_left_than_picks_to_make_is_not_offered():
    state = wars(2, mode="pantheons-of-destiny").new_game()
    # Only three Norse deities left in the shared copy (edited: the content has 8 a pantheon,
    # so whole assemblies only ever leave 8, 4 or 0): Norse cannot be started ...
    gone = {NUMBER[d] for d in ["thor", "odin", "loki", "freyja", "frigg"]}
    state.pool = [n for n in state.pool if n not in gone]
    state.invalidate_caches()
    assert not any(pantheon(d) == "norse" for d in offered(state))
    assert len(offered(state)) == len(DEITIES) - len(BY_PANTHEON["norse"])
    # ... nor continued by a seat that still needs more than are left.
    state = wars(2, mode="pantheons-of-destiny").new_game()
    state.apply("assemble thor")
    state.pool = [n for n in state.pool if IDS[n] not in ("odin", "loki", "freyja")]
    state.invalidate_caches()
    assert sorted(offered(state)) == ["frigg", "heimdall", "hel", "tyr"]  # 4 left, 3 needed
    state.pool = [n for n in state.pool if n not in {NUMBER["frigg"], NUMBER["heimdall"]}]
    state.invalidate_caches()
    assert offered(state) == []  # 2 left, 3 needed: the rule refuses even its own pantheon


@rules("MW-SETUP-6", "MW-RULING-ASSEMBLE")
def test_pantheons_of_destiny_eight_players_always_complete():
    for seed in range(10):
        rng = random.Random(seed)
        state = wars(8, mode="pantheons-of-destiny", first=0).new_game()
        while state.round == 0:
            state.apply(rng.choice(state.legal_actions()))
        factions = state.features()["factions"]
        assert all(len(f) == 4 and len({pantheon(d) for d in f}) == 1 for f in factions)
        counts = [sum(1 for f in factions if pantheon(f[0]) == p) for p in PANTHEONS]
        assert max(counts) <= 2 and sum(counts) == 8


# --- the same game as the option ---------------------------------------------------------------
@rules("MW-SETUP-5", "MW-SETUP-6", "MW-RULING-ASSEMBLE")
@pytest.mark.parametrize(
    ("mode", "factions"),
    [("destiny", MIXED[:2]), ("destiny", MIXED), ("pantheons-of-destiny", [GREEK, NORSE, AZTEC])],
)
def test_a_completed_assembly_plays_the_game_the_factions_option_gives(mode, factions):
    players = len(factions)
    assembled = wars(players, mode=mode).new_game()
    assemble(assembled, factions)
    given = wars(players, mode=mode, factions=factions).new_game()
    rng = random.Random(players)

    def without_log(view: dict) -> dict:
        return {k: v for k, v in view.items() if k != "log"}

    for _ in range(400):
        assert str(assembled) == str(given)
        for seat in [None, *range(players)]:
            assert without_log(assembled.view(seat)) == without_log(given.view(seat))
        if given.is_terminal():
            break
        assert assembled.legal_actions() == given.legal_actions()
        action = rng.choice(given.legal_actions())
        assembled.apply(action)
        given.apply(action)
    assert assembled.history()[4 * players :] == given.history()
    assert assembled.features() == given.features()


# --- hidden information ------------------------------------------------------------------------
@rules("MW-RULING-HIDDEN", "MW-RULING-ASSEMBLE")
@pytest.mark.parametrize("players", [2, 3])
def test_other_seats_see_masked_picks_and_counts_only(players: int):
    state = wars(players, mode="destiny").new_game()
    for deity in MIXED[0][:3]:
        state.apply(f"assemble {deity}")
    me = state.view(0)
    assert me["log"] == [f"assemble {d}" for d in MIXED[0][:3]]  # the picker sees its own
    assert sorted(e["id"] for e in me["entities"]) == sorted(MIXED[0][:3])
    assert len(me["pool"]) == len(DEITIES) - 3 and not set(MIXED[0][:3]) & set(me["pool"])
    for seat in [None, *range(1, players)]:
        view = state.view(seat)
        assert view["log"] == ["assemble ?"] * 3
        assert [e["id"] for e in view["entities"]] == [None] * 3  # a count, no names
        assert view["pool"] == [] and view["legal_actions"] == []
        assert view["hand"] == []
    # Nothing in another seat's view tells which deities were taken: two assemblies with
    # different picks look the same to everyone else.
    other = wars(players, mode="destiny").new_game()
    for deity in ["tiamat", "ea", "nergal"]:
        other.apply(f"assemble {deity}")
    for seat in [None, *range(1, players)]:
        assert other.view(seat) == state.view(seat)
    for seat in range(1, players):
        assert other.determinize(seat, random.Random(3)).view(seat) == state.view(seat)
    assert other.view(0) != state.view(0)


@rules("MW-RULING-HIDDEN", "MW-RULING-ASSEMBLE")
def test_the_assembling_seat_sees_the_shared_copy_left():
    state = wars(3, mode="destiny").new_game()
    assemble(state, [MIXED[0]])
    view = state.view(1)
    assert view["pool"] == [IDS[n] for n in DEITIES if IDS[n] not in MIXED[0]]
    assert view["legal_actions"] == [f"assemble {d}" for d in view["pool"]]
    assert state.view(2)["pool"] == [] and state.view(0)["pool"] == []
    assert state.view(2)["log"] == ["assemble ?"] * 4


@rules("MW-RULING-HIDDEN")
def test_the_factions_option_is_the_secret_option():
    assert MythicWarsGame.secret_options == ("factions",)
    assert wars(2, mode="destiny").public_options()["factions"] is None
    assert wars(2, mode="destiny", factions=MIXED[:2]).public_options()["factions"] == "hidden"


# --- determinize -------------------------------------------------------------------------------
@rules("MW-RULING-HIDDEN", "MW-RULING-ASSEMBLE")
@pytest.mark.parametrize("mode", ["destiny", "pantheons-of-destiny"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_determinize_keeps_every_view_through_the_assembly_and_the_battle(mode, players):
    for seed in range(3):
        rng = random.Random(seed)
        state = wars(players, mode=mode).new_game()
        for step in range(4 * players + 25):
            if state.is_terminal():
                break
            # Views kept, samples replay legally, and a sample depends only on the view.
            check_views(state, f"{mode} {players} {seed} {step}", rng, replay_for=step)
            if state.current_player == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                state.apply(rng.choice(state.legal_actions()))


def _pantheons_in_samples(state, player: int) -> set[tuple[str, ...]]:
    found = set()
    for seed in range(60):
        sample = state.determinize(player, random.Random(seed))
        found.add(tuple(pantheon(f[0]) for f in sample.features()["factions"]))
        replayed = sample.game.replay(sample.history())  # a legal assembly
        assert fingerprint(replayed) == fingerprint(sample)
    return found


@rules("MW-RULING-HIDDEN", "MW-RULING-ASSEMBLE")
def test_determinize_knows_what_was_gone_and_nothing_more():
    state = wars(3, mode="pantheons-of-destiny").new_game()
    assemble(state, [GREEK, NORSE, EGYPTIAN])
    # Seat 0 took first: it knows nothing of the others, so their pantheons vary (Greek
    # included: four Greek deities were left for them).
    seen_by_0 = _pantheons_in_samples(state, 0)
    assert {s[0] for s in seen_by_0} == {"greek"}
    assert len({s[1] for s in seen_by_0}) > 2 and "greek" in {s[1] for s in seen_by_0}
    # Seat 1 saw four Greek deities gone: seat 0's faction is exactly those.
    for seed in range(20):
        sample = state.determinize(1, random.Random(seed))
        assert sample.features()["factions"][0] == sorted(GREEK)
    # Seat 2 saw the Greek and Norse ones gone, but not who took which.
    seen_by_2 = _pantheons_in_samples(state, 2)
    assert {s[:2] for s in seen_by_2} == {("greek", "norse"), ("norse", "greek")}
    # A face-up deity settles its seat's pantheon: seat 0 sees Thor declared by seat 1.
    state.apply("first 1")
    state.apply("invoke thor")
    assert {s[1] for s in _pantheons_in_samples(state, 0)} == {"norse"}


@rules("MW-RULING-HIDDEN", "MW-RULING-ASSEMBLE")
def test_determinize_in_destiny_keeps_the_earlier_seats_deities_as_a_set():
    state = wars(3, mode="destiny").new_game()
    assemble(state, MIXED[:3])
    earlier = set(MIXED[0]) | set(MIXED[1])
    splits = set()
    for seed in range(40):
        factions = state.determinize(2, random.Random(seed)).features()["factions"]
        assert set(factions[0]) | set(factions[1]) == earlier
        assert factions[2] == sorted(MIXED[2])
        splits.add(tuple(factions[0]))
    assert len(splits) > 1  # who took which is not known


# --- bots ----------------------------------------------------------------------------------------
AGENTS = [("random", {}), ("greedy", {"samples": 3}), ("mcts", {"iterations": 40})]


@rules("MW-RULING-ASSEMBLE", "MW-SETUP-5", "MW-SETUP-6", "MW-RULING-HIDDEN")
@pytest.mark.parametrize("mode", ["destiny", "pantheons-of-destiny"])
@pytest.mark.parametrize(("name", "params"), AGENTS)
def test_mw_ruling_assemble_bots_assemble_their_own_factions_from_their_view(name, params, mode):
    bots = [agents.make(name, seed=seat, **params) for seat in range(3)]
    options = {"mode": mode, "max_rounds": 2}
    end = theomachy.simulate("mythic-wars", players=3, agents=bots, seed=6, options=options)
    assert [a.split(" ")[0] for a in end.history()[:12]] == ["assemble"] * 12
    factions = end.features()["factions"]
    assert len({d for f in factions for d in f}) == 12  # one shared copy
    if mode == "pantheons-of-destiny":
        assert all(len({pantheon(d) for d in f}) == 1 for f in factions)
    # Seat 2 knows which deities are gone, not who took which: from a position it cannot
    # tell apart (seats 0 and 1 swapped some picks) a bot takes the same deity.
    state = wars(3, mode=mode).new_game()
    assemble(state, [GREEK, NORSE] if mode == "pantheons-of-destiny" else MIXED[:2])
    twins = [state.determinize(2, random.Random(seed)) for seed in range(8)]
    twin = next(t for t in twins if t.history() != state.history())
    assert twin.view(2) == state.view(2)
    move = agents.make(name, seed=4, **params).act(state)
    assert move in state.legal_actions()
    assert agents.make(name, seed=4, **params).act(twin) == move
