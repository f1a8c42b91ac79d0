"""Fleets: who is at war, ships joining fleets, fleets merging, and movement along the lanes."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cosmos.bus import Event
from cosmos.data import FLEET_SPEED
from cosmos.graph import next_step
from cosmos.tech import bonus
from cosmos.world import Fleet

if TYPE_CHECKING:
    from cosmos.world import World

__all__ = [
    "add_ships",
    "at_war",
    "end_peace",
    "fleet_speed",
    "fleets_at",
    "make_peace",
    "merge_fleets",
    "move_fleets",
    "new_fleet",
    "ships_at",
]


def pair(a: int, b: int) -> tuple[int, int]:
    """Two empire ids as an ordered pair, smaller first."""
    return (a, b) if a < b else (b, a)


def at_war(world: World, a: int, b: int) -> bool:
    """Are two different empires at war? They are, unless a peace between them is in force."""
    return a != b and pair(a, b) not in world.peace


def make_peace(world: World, a: int, b: int) -> None:
    """Record a peace between two empires from this turn on (diplomacy decides when)."""
    world.peace[pair(a, b)] = world.turn


def end_peace(world: World, a: int, b: int) -> None:
    """The peace between two empires ends: they are at war again."""
    world.peace.pop(pair(a, b), None)


def fleets_at(world: World, empire_id: int, system_id: int) -> list[Fleet]:
    """The empire's fleets in a system, by id."""
    return [f for f in world.fleets if f.owner == empire_id and f.system == system_id]


def ships_at(world: World, empire_id: int, system_id: int) -> list[int]:
    """How many ships of each kind the empire has in a system."""
    total = [0, 0, 0, 0]
    for fleet in fleets_at(world, empire_id, system_id):
        total = [a + b for a, b in zip(total, fleet.ships, strict=True)]
    return total


def new_fleet(world: World, owner: int, system_id: int, ships: Sequence[int]) -> Fleet:
    """Create a fleet with a fresh id (ids are never reused) and add it to the world."""
    fleet_id = max([world.next_fleet_id, *(f.id + 1 for f in world.fleets)])
    world.next_fleet_id = fleet_id + 1
    fleet = Fleet(fleet_id, owner, system_id, list(ships))
    world.fleets.append(fleet)
    return fleet


def add_ships(world: World, owner: int, system_id: int, ships: Sequence[int]) -> Fleet:
    """New ships join the owner's waiting fleet in the system, or form a new fleet there."""
    for fleet in fleets_at(world, owner, system_id):
        if fleet.target < 0:
            fleet.ships = [a + b for a, b in zip(fleet.ships, ships, strict=True)]
            return fleet
    return new_fleet(world, owner, system_id, ships)


def drop_empty(world: World) -> None:
    """Remove fleets that have no ships left."""
    world.fleets[:] = [f for f in world.fleets if sum(f.ships) > 0]


def merge_fleets(world: World) -> None:
    """Fleets of one empire in one system with the same destination (or none) become one."""
    drop_empty(world)
    keep: dict[tuple[int, int, int], Fleet] = {}
    merged: list[Fleet] = []
    for fleet in sorted(world.fleets, key=lambda f: f.id):
        place = (fleet.owner, fleet.system, fleet.target)
        first = keep.get(place)
        if first is None:
            keep[place] = fleet
            merged.append(fleet)
        else:
            first.ships = [a + b for a, b in zip(first.ships, fleet.ships, strict=True)]
    world.fleets[:] = merged


def fleet_speed(world: World, empire_id: int) -> int:
    """How many lanes the empire's fleets cross in one turn."""
    return FLEET_SPEED + bonus(world.empires[empire_id], "speed")


def move_fleets(world: World) -> None:
    """Movement phase: every fleet with a destination takes its next steps on the shortest path.

    Fleets move one after another by id, but nothing meets on the way: enemies that cross on a
    lane pass each other, since battles happen only in systems, after every fleet has moved.
    Fleets that meet merge; an arrival is told with the number of the fleet it joined."""
    steps: dict[tuple[int, int], int] = {}  # (from, to) -> next system: the lanes do not change
    arrived: list[Fleet] = []
    for fleet in sorted(world.fleets, key=lambda f: f.id):
        if fleet.target < 0:
            continue
        source = fleet.system
        for _ in range(fleet_speed(world, fleet.owner)):
            if fleet.system == fleet.target:
                break
            way = (fleet.system, fleet.target)
            if way not in steps:
                steps[way] = next_step(world.systems, fleet.system, fleet.target)
            fleet.system = steps[way]
        if fleet.system != source:
            world.bus.publish(Event("fleet_moved", {"empire": fleet.owner, "fleet": fleet.id,
                                                    "source": source, "system": fleet.system}))
        if fleet.system == fleet.target:
            fleet.target = -1
            arrived.append(fleet)
    merge_fleets(world)
    for fleet in arrived:  # named by the fleet it is part of now, as the fleets screen numbers it
        joined = next(f for f in world.fleets if (f.owner, f.system, f.target) == (fleet.owner, fleet.system, -1))
        world.bus.publish(Event("fleet_arrived", {"empire": fleet.owner, "fleet": joined.id, "system": fleet.system}))
