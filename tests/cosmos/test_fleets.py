"""Fleets: one lane a turn on the BFS path, faster with engines, merging, ships joining fleets."""
from __future__ import annotations

from cosmos.commands import BuildShips, Move, apply
from cosmos.fleets import add_ships, fleets_at, make_peace, merge_fleets, new_fleet
from cosmos.graph import bfs, shortest_path
from cosmos.tech import tech_id
from cosmos.turn import end_turn
from cosmos.world import World
from tests.cosmos.rules_world import rules_world


def peaceful(seed: int = 2026) -> World:
    """A world where the player is at peace with everyone, so nothing stops a fleet."""
    world = rules_world(seed)
    for empire in world.empires[1:]:
        make_peace(world, 0, empire.id)
    return world


def test_a_fleet_sent_from_1_to_9_takes_exactly_the_bfs_path() -> None:
    world = peaceful()
    path = shortest_path(world.systems, 0, 8)
    assert len(path) - 1 == bfs(world.systems, 0).dist[8]
    assert all(b in world.systems[a].links for a, b in zip(path, path[1:], strict=False))
    apply(world, Move(0, 0, 8))  # the player's "go 1 9"
    fleet_id = fleets_at(world, 0, 0)[0].id
    visited = [0]
    while visited[-1] != 8:
        end_turn(world)
        fleet = next(f for f in world.fleets if f.id == fleet_id)
        visited.append(fleet.system)
    assert visited == path
    assert fleet.target == -1
    end_turn(world)
    assert fleet.system == 8  # arrived fleets stay


def test_ion_engines_cross_two_lanes_a_turn() -> None:
    world = peaceful()
    world.empires[0].techs.append(tech_id("ion_engines"))
    path = shortest_path(world.systems, 0, 8)
    apply(world, Move(0, 0, 8))
    end_turn(world)
    assert fleets_at(world, 0, path[2])
    end_turn(world)
    assert fleets_at(world, 0, path[4])


def test_a_move_news_says_where_the_fleet_arrived() -> None:
    world = peaceful()
    apply(world, Move(0, 0, 1))
    end_turn(world)
    arrived = [m for m in world.turn_news if m.key == "news_arrived"]
    assert [(m.get("empire"), m.get("system")) for m in arrived] == [(0, 1)]


def test_fleets_in_one_system_with_one_destination_merge() -> None:
    world = peaceful()
    second = new_fleet(world, 0, 1, [1, 0, 0, 0])
    apply(world, Move(0, 0, 1))
    end_turn(world)
    mine = [f for f in world.fleets if f.owner == 0]
    assert len(mine) == 1
    assert mine[0].ships == [4, 2, 2, 0]
    assert mine[0].id == min(world.fleets[0].id, second.id)


def test_a_fleet_passing_through_does_not_pick_up_the_one_waiting_there() -> None:
    world = peaceful()
    new_fleet(world, 0, 1, [0, 0, 0, 1])
    apply(world, Move(0, 0, 8))
    end_turn(world)
    here = fleets_at(world, 0, 1)
    assert sorted((f.target, f.ships) for f in here) == [(-1, [0, 0, 0, 1]), (8, [3, 2, 2, 0])]


def test_go_sends_every_fleet_of_yours_in_the_system_as_one() -> None:
    world = peaceful()
    new_fleet(world, 0, 0, [0, 1, 0, 0]).target = 5
    apply(world, Move(0, 0, 1))
    here = fleets_at(world, 0, 0)
    assert len(here) == 1 and here[0].ships == [3, 3, 2, 0] and here[0].target == 1


def test_new_ships_join_the_fleet_waiting_at_the_yard() -> None:
    world = peaceful()
    apply(world, BuildShips(0, "I", 2, 0))
    end_turn(world)
    assert [f.ships for f in fleets_at(world, 0, 0)] == [[5, 2, 2, 0]]
    assert [m.key for m in world.turn_news if m.get("empire") == 0] == ["news_ships_built"]


def test_new_ships_form_a_new_fleet_when_the_fleet_has_left() -> None:
    world = peaceful()
    apply(world, Move(0, 0, 1))
    apply(world, BuildShips(0, "B", 1, 0))
    end_turn(world)
    home = fleets_at(world, 0, 0)
    assert [f.ships for f in home] == [[0, 1, 0, 0]]
    assert home[0].id == max(f.id for f in world.fleets)


def test_fleet_ids_are_never_reused() -> None:
    world = peaceful()
    first = new_fleet(world, 0, 2, [1, 0, 0, 0])
    world.fleets.remove(first)
    second = add_ships(world, 0, 2, [1, 0, 0, 0])
    assert second.id > first.id


def test_merging_drops_empty_fleets() -> None:
    world = peaceful()
    new_fleet(world, 0, 3, [0, 0, 0, 0])
    merge_fleets(world)
    assert not fleets_at(world, 0, 3)
