"""Lanes between star systems: an undirected graph with sorted neighbour lists, and BFS on it."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol


class HasLinks(Protocol):
    """Anything with a sorted list of neighbour ids (a StarSystem)."""

    links: list[int]


@dataclass
class BfsResult:
    """Distances in lanes (-1: not reached) and the parent each system was found from (-1: none)."""

    dist: list[int]
    parent: list[int]


def insert_sorted(items: list[int], value: int) -> None:
    """Insert value at its place in an ascending list."""
    at = len(items)
    while at > 0 and items[at - 1] > value:
        at -= 1
    items.insert(at, value)


def has_lane(systems: Sequence[HasLinks], a: int, b: int) -> bool:
    """Is there a lane between systems a and b?"""
    return b in systems[a].links


def add_lane(systems: Sequence[HasLinks], a: int, b: int) -> None:
    """Add a lane in both directions, keeping both neighbour lists sorted."""
    insert_sorted(systems[a].links, b)
    insert_sorted(systems[b].links, a)


def bfs(systems: Sequence[HasLinks], start: int) -> BfsResult:
    """Breadth-first search from one system: distance in lanes and the parent on the way."""
    dist = [-1] * len(systems)
    parent = [-1] * len(systems)
    queue = [start]
    dist[start] = 0
    head = 0
    while head < len(queue):
        current = queue[head]
        head += 1
        for nxt in systems[current].links:
            if dist[nxt] < 0:
                dist[nxt] = dist[current] + 1
                parent[nxt] = current
                queue.append(nxt)
    return BfsResult(dist, parent)


def shortest_path(systems: Sequence[HasLinks], start: int, goal: int) -> list[int]:
    """The shortest path as a list of systems, both ends included; empty if there is none."""
    result = bfs(systems, start)
    if result.dist[goal] < 0:
        return []
    path = [goal]
    current = goal
    while current != start:
        current = result.parent[current]
        path.append(current)
    path.reverse()
    return path


def next_step(systems: Sequence[HasLinks], start: int, goal: int) -> int:
    """The next system on the shortest path from start to goal (start itself if none or there)."""
    path = shortest_path(systems, start, goal)
    return path[1] if len(path) > 1 else start


def is_connected(systems: Sequence[HasLinks]) -> bool:
    """Does the wave from system 0 reach every system?"""
    return all(d >= 0 for d in bfs(systems, 0).dist)
