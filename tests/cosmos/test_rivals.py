"""The rivals' AI: each character acts like itself, never gives an illegal order, and can win."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cosmos import rivals
from cosmos.commands import Colonize, Move, Research, apply, refusal
from cosmos.data import MAX_TURNS, PERSONALITIES, TECHS
from cosmos.diplomacy import PEACE_MIN_TURNS, DeclareWar
from cosmos.envoy import diplomacy_moves
from cosmos.fleets import make_peace
from cosmos.game import end_turn, play_turn
from cosmos.graph import bfs
from cosmos.rivals import MAX_ACTIONS
from cosmos.turn import state_text
from cosmos.world import Empire, World, new_world, owned_planets

CHARACTERS = sorted(PERSONALITIES)


def decide(world: World, empire_id: int) -> list:
    """A rival's orders as the game gives them: its envoy's diplomatic ones, then the rest."""
    return rivals.decide(world, empire_id, envoy=diplomacy_moves)


def arm(world: World, empire_id: int, ships: list[int]) -> None:
    """Give an empire exactly these ships, all in its capital system."""
    world.fleets[:] = [f for f in world.fleets if f.owner != empire_id]
    if sum(ships):
        from cosmos.fleets import new_fleet

        new_fleet(world, empire_id, world.empires[empire_id].capital, ships)


def nearest_rival(world: World, empire_id: int) -> Empire:
    """The other empire whose capital is fewest lanes away."""
    dist = bfs(world.systems, world.empires[empire_id].capital).dist
    return min((e for e in world.empires if e.id != empire_id), key=lambda e: (dist[e.capital], e.id))


def warlord_beside_a_weak_neighbour(seed: int) -> tuple[World, Empire]:
    """A Warlord with a strong fleet; its nearest rival has no ships and no fortress left."""
    world = new_world(seed, human=False, personalities=["warlord", "builder", "scholar", "builder"])
    victim = nearest_rival(world, 0)
    arm(world, 0, [0, 0, 20, 0])
    for other in world.empires[1:]:
        arm(world, other.id, [0, 0, 0, 0] if other is victim else [10, 10, 10, 0])
    for planet in owned_planets(world, victim.id):
        world.planets[planet].fort = 0
    return world, victim


def test_a_warlord_next_to_a_weak_neighbour_attacks_it() -> None:
    for seed in range(1, 9):
        world, victim = warlord_beside_a_weak_neighbour(seed)
        moves = [c for c in decide(world, 0) if isinstance(c, Move)]
        assert [m.target for m in moves] == [victim.capital], seed


def test_a_warlord_does_not_throw_its_fleet_at_a_fortress_it_cannot_take() -> None:
    for seed in range(1, 9):
        world, victim = warlord_beside_a_weak_neighbour(seed)
        arm(world, victim.id, [30, 30, 30, 0])
        for planet in owned_planets(world, victim.id):
            world.planets[planet].fort = 3
        targets = [c.target for c in decide(world, 0) if isinstance(c, Move)]
        assert victim.capital not in targets, seed


def test_a_warlord_at_peace_with_a_weak_neighbour_declares_war_once_it_may() -> None:
    world, victim = warlord_beside_a_weak_neighbour(3)
    make_peace(world, 0, victim.id)
    assert not any(isinstance(c, DeclareWar) for c in decide(world, 0))  # the peace is too young
    world.turn += PEACE_MIN_TURNS
    orders = decide(world, 0)
    assert DeclareWar(0, victim.id) in orders
    for order in orders:
        apply(world, order)  # and every one of them is accepted, in this order


def test_a_scholar_with_spare_science_researches_science_first() -> None:
    for seed in range(1, 6):
        world = new_world(seed, human=False, personalities=["scholar", "builder", "warlord", "builder"])
        world.empires[0].science = 500
        research = [c for c in decide(world, 0) if isinstance(c, Research)]
        assert len(research) == 1
        assert TECHS[research[0].tech].area == "science"
        world.empires[0].research = research[0].tech
        assert not any(isinstance(c, Research) for c in decide(world, 0))  # busy: no switching


def test_every_character_picks_research_of_its_own_kind() -> None:
    wanted = {"warlord": "ships", "builder": "production", "scholar": "science"}
    for character, area in wanted.items():
        world = new_world(11, human=False, personalities=[character] * 4)
        research = [c for c in decide(world, 0) if isinstance(c, Research)]
        assert [TECHS[r.tech].area for r in research] == [area], character


def test_a_builder_colonises_the_free_planets_where_its_ships_are() -> None:
    for seed in range(1, 9):
        world = new_world(seed, human=False, personalities=["builder"] * 4)
        home = world.systems[world.empires[0].capital]
        free = [p for p in home.planets if world.planets[p].owner < 0]
        colonies = [c.planet for c in decide(world, 0) if isinstance(c, Colonize)]
        assert len(colonies) == 1 and colonies[0] in free, seed  # the stock pays for one


def test_a_builder_sends_its_ships_towards_free_planets() -> None:
    for seed in range(1, 9):
        world = new_world(seed, human=False, personalities=["builder"] * 4)
        for planet in world.systems[world.empires[0].capital].planets:
            world.planets[planet].owner = 0  # nothing left to claim at home
        moves = [c for c in decide(world, 0) if isinstance(c, Move)]
        assert len(moves) == 1, seed
        target = world.systems[moves[0].target]
        assert any(world.planets[p].owner < 0 for p in target.planets), seed


def test_deciding_changes_nothing() -> None:
    world = new_world(7, human=False)
    for _ in range(25):
        play_turn(world)
    before = state_text(world)
    for empire in world.empires:
        decide(world, empire.id)
    assert state_text(world) == before


def test_a_slower_pace_means_fewer_orders() -> None:
    world = new_world(5, human=True)
    for empire in world.empires:
        empire.stock = [5000, 5000, 5000, 5000]
    world.pace = 100
    full = [len(decide(world, e.id)) for e in world.empires[1:]]
    world.pace = 25
    slow = [len(decide(world, e.id)) for e in world.empires[1:]]
    assert max(full) > max(slow)
    assert all(n <= max(1, MAX_ACTIONS * 25 // 100) for n in slow)


def test_fallen_empires_and_finished_games_give_no_orders() -> None:
    world = new_world(4, human=False)
    world.empires[1].alive = False
    assert decide(world, 1) == []
    world.victory = object()
    assert decide(world, 0) == []


@given(seed=st.integers(0, 2**32 - 1),
       characters=st.lists(st.sampled_from(CHARACTERS), min_size=4, max_size=4),
       human=st.booleans())
@settings(max_examples=30, deadline=None)
def test_every_order_a_rival_decides_is_accepted(seed: int, characters: list[str],
                                                 human: bool) -> None:
    world = new_world(seed, human=human, personalities=characters)
    while world.victory is None:
        for empire in world.empires:
            if not empire.alive or empire.human:
                continue
            for order in decide(world, empire.id):
                assert refusal(world, order) is None, (world.turn, order)
                apply(world, order)
        end_turn(world)
    assert world.turn <= MAX_TURNS


def test_a_passive_player_loses_to_a_warlord() -> None:
    fell = []
    for seed in range(1, 10):
        world = new_world(seed, human=True, personalities=["builder", "warlord", "builder", "scholar"])
        takers = []
        world.bus.subscribe("planet_taken", lambda e, t=takers: t.append(e.data))
        while world.victory is None and world.empires[0].alive:
            play_turn(world)  # the player never gives an order
        if not world.empires[0].alive:
            last = [t["empire"] for t in takers if t["previous"] == 0][-1]
            fell.append((seed, world.turn, world.empires[last].personality))
    assert len(fell) >= 7, fell
    assert all(turn <= MAX_TURNS and who == "warlord" for _seed, turn, who in fell), fell


def test_rivals_use_diplomacy_peace_with_the_strong_and_war_against_the_weak() -> None:
    seen: dict[str, list[tuple[str, str]]] = {"peace_made": [], "war_declared": [],
                                              "peace_declined": []}
    for seed in range(1, 6):
        world = new_world(seed, human=False, personalities=["builder", "warlord", "scholar",
                                                            "warlord"])

        def note(event: object, w: World = world) -> None:
            kind = event.kind  # type: ignore[attr-defined]
            if kind in seen:
                data = event.data  # type: ignore[attr-defined]
                seen[kind].append((w.empires[data["empire"]].personality,
                                   w.empires[data["other"]].personality))

        world.bus.subscribe("*", note)
        while world.victory is None:
            play_turn(world)
    assert seen["peace_made"] and seen["war_declared"] and seen["peace_declined"]
    assert all(who == "warlord" for who, _other in seen["war_declared"])
    assert all(who == "warlord" for _offerer, who in seen["peace_declined"])


def test_the_rivals_choose_without_diplomacy_and_the_envoy_adds_it_first() -> None:
    import ast
    from pathlib import Path

    from cosmos.diplomacy import AnswerOffer, OfferPeace

    tree = ast.parse(Path(rivals.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "cosmos.diplomacy" not in imported and "cosmos.envoy" not in imported
    world = new_world(2026)
    world.empires[0].human = False
    for _ in range(12):
        play_turn(world)
    for empire in world.empires:
        alone = rivals.decide(world, empire.id)
        both = decide(world, empire.id)
        diplomatic = [c for c in both if isinstance(c, AnswerOffer | DeclareWar | OfferPeace)]
        assert not any(isinstance(c, AnswerOffer | DeclareWar | OfferPeace) for c in alone)
        assert both[:len(diplomatic)] == diplomatic  # the envoy's orders come first


def test_plan_explains_decide_options_best_first_ties_by_order() -> None:
    world = new_world(9, human=False)
    for _ in range(10):
        play_turn(world)
    for empire in world.empires:
        result = rivals.plan(world, empire.id, envoy=diplomacy_moves)
        assert result is not None and result.chosen == decide(world, empire.id)
        keys = [(-o.utility, o.order) for o in result.ranked]
        assert keys == sorted(keys) and len({o.order for o in result.ranked}) == len(keys)
        assert result.chosen == result.first + [o.command for o in result.taken]
        assert all(s <= b for s, b in zip(result.spent, result.budget, strict=True))


def test_a_changed_tuning_or_character_changes_the_orders_and_the_default_changes_nothing() -> None:
    from dataclasses import replace

    from cosmos.data import AI_TUNING, Personality

    world = new_world(2026)
    assert rivals.decide(world, 1, tuning=replace(AI_TUNING)) == rivals.decide(world, 1)
    moves = [c for c in rivals.decide(world, 1) if isinstance(c, Move)]
    assert moves and not [c for c in rivals.decide(world, 1, tuning=replace(AI_TUNING, stay_free=2.0))
                          if isinstance(c, Move)]
    trader = Personality("trader", attack=3, expand=1, research=3)
    assert rivals.decide(world, 1, character=trader) != rivals.decide(world, 1)


def test_every_number_of_the_scoring_has_a_name_and_a_reason() -> None:
    import dataclasses
    import inspect

    from cosmos.data import AI_TUNING, AiTuning

    source = inspect.getsource(AiTuning)
    for field in dataclasses.fields(AiTuning):
        line = next(li for li in source.splitlines() if li.strip().startswith(f"{field.name}:"))
        assert "  # " in line and len(line.split("  # ", 1)[1]) > 10, field.name
        assert getattr(AI_TUNING, field.name) == field.default
