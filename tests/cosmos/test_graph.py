"""Lanes, breadth-first search, shortest paths."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cosmos.galaxy import StarSystem
from cosmos.graph import add_lane, bfs, has_lane, insert_sorted, is_connected, next_step, shortest_path


def systems_with(count: int, lanes: list[tuple[int, int]]) -> list[StarSystem]:
    systems = [StarSystem(i, "", i, 0) for i in range(count)]
    for a, b in lanes:
        add_lane(systems, a, b)
    return systems


@given(st.lists(st.integers(-50, 50)))
def test_insert_sorted_keeps_the_list_sorted(values):
    items: list[int] = []
    for v in values:
        insert_sorted(items, v)
    assert items == sorted(values)


def test_a_lane_works_both_ways():
    systems = systems_with(3, [(2, 0)])
    assert has_lane(systems, 0, 2) and has_lane(systems, 2, 0)
    assert not has_lane(systems, 0, 1)


def test_bfs_gives_distances_and_parents():
    systems = systems_with(5, [(0, 1), (1, 2), (0, 3)])
    result = bfs(systems, 0)
    assert result.dist == [0, 1, 2, 1, -1]
    assert result.parent == [-1, 0, 1, 0, -1]


def test_shortest_path_and_next_step():
    # a ring 0-1-2-3-4-0 and a tail 3-5
    systems = systems_with(6, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (3, 5)])
    assert shortest_path(systems, 0, 5) == [0, 4, 3, 5]
    assert shortest_path(systems, 2, 2) == [2]
    assert next_step(systems, 0, 5) == 4
    assert next_step(systems, 5, 5) == 5


def test_no_path_is_an_empty_list_and_no_step():
    systems = systems_with(4, [(0, 1), (2, 3)])
    assert shortest_path(systems, 0, 3) == []
    assert next_step(systems, 0, 3) == 0
    assert not is_connected(systems)
    add_lane(systems, 1, 2)
    assert is_connected(systems)


def test_equal_paths_prefer_the_lower_numbered_neighbour():
    systems = systems_with(4, [(0, 2), (0, 1), (2, 3), (1, 3)])
    assert shortest_path(systems, 0, 3) == [0, 1, 3]
