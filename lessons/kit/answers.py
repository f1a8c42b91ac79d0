"""What the lessons' small tasks are compared with, where the engine has no function of that name.

Kept out of the notebooks, so that no task's answer is readable in a lesson's text. Each imports
the engine module it needs when it is called, so a lesson loads only the slice it teaches; the ones
that need a later lesson's modules are in a module of that lesson (`answers5`).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def count_lanes(systems: Sequence[Any]) -> int:
    """How many lanes a galaxy has (each lane is in two neighbour lists)."""
    return sum(len(system.links) for system in systems) // 2


def farthest(systems: Sequence[Any], start: int) -> int:
    """The most lanes between start and any system it can reach."""
    from cosmos.graph import bfs

    return max(bfs(systems, start).dist)


def busiest(systems: Sequence[Any]) -> int:
    """The id of the system with the most lanes (the smallest id among equals)."""
    return max(range(len(systems)), key=lambda i: (len(systems[i].links), -i))


def roots(techs: Sequence[Any]) -> list[str]:
    """The keys of the technologies that need nothing, in list order."""
    return [tech.key for tech in techs if not tech.needs]


def needed_by(techs: Sequence[Any], key: str) -> list[str]:
    """The keys of the technologies that name key among their prerequisites, in list order."""
    return [tech.key for tech in techs if key in tech.needs]


def total_cost(techs: Sequence[Any], keys: Sequence[str]) -> int:
    """The science all the named technologies cost together."""
    return sum(tech.cost for tech in techs if tech.key in keys)


def total_ships(world: Any, empire_id: int) -> list[int]:
    """All the ships of an empire, per kind, over all its fleets."""
    owned = [fleet.ships for fleet in world.fleets if fleet.owner == empire_id]
    return [sum(ships[kind] for ships in owned) for kind in range(4)]


def stock_total(world: Any, empire_id: int) -> int:
    """How many units of resources an empire has in stock, all kinds together."""
    return sum(world.empires[empire_id].stock)


def count_events(events: Sequence[Any], kind: str) -> int:
    """How many of the events are of this kind."""
    return sum(1 for event in events if event.kind == kind)
