"""Making the galaxy from the generator: stars on a grid, lanes (tree, then extras), capitals, planets."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from cosmos.data import (
    CELL_H,
    CELL_W,
    EXTRA_LANE_CHANCE,
    EXTRA_LANE_MAX_D2,
    EXTRA_LANE_MAX_LINKS,
    MAP_COLS,
    MAP_ROWS,
    MAX_RICH,
    MAX_RICH_ROLL,
    MIN_CAPITAL_PLANETS,
    PLANET_COUNT_WEIGHTS,
    PLANET_TYPES,
    RES_COUNT,
    STAR_BONUS,
    STAR_NAMES,
)
from cosmos.graph import add_lane, bfs, has_lane
from cosmos.rng import Random


class World(Protocol):
    """What the galaxy's makers need of a world: its generator, and its systems and planets to fill
    (cosmos.world.World, which builds the galaxy with them, is one)."""

    rng: Random
    systems: list[StarSystem]
    planets: list[Planet]


@dataclass
class StarSystem:
    """A star: its number (from 0), name, place on the map, class, lanes and planets."""

    id: int
    name: str
    x: int
    y: int
    cls: int = 1  # the class of the star: 0 red, 1 yellow, 2 blue
    links: list[int] = field(default_factory=list)
    planets: list[int] = field(default_factory=list)


@dataclass
class Planet:
    """A planet: where it is, its type, its richness (M, G, C, U), its owner and buildings."""

    id: int
    system_id: int
    index: int
    type_index: int
    rich: list[int]
    owner: int = -1
    mines: int = 0
    lab: int = 0
    yard: int = 0
    fort: int = 0
    siege: int = 0


def squared_distance(a: StarSystem, b: StarSystem) -> int:
    """Squared distance on the map; rows count three times, as console cells are tall."""
    dx = a.x - b.x
    dy = (a.y - b.y) * 3
    return dx * dx + dy * dy


def connect(systems: Sequence[StarSystem], rng: Random) -> None:
    """Lanes: first a minimum spanning tree (Prim from system 0), then the extra lanes."""
    count = len(systems)
    in_tree = [False] * count
    in_tree[0] = True
    # The minimum spanning tree (Prim): on equal distances the first found (smaller number) wins.
    for _step in range(1, count):
        best_a = best_b = -1
        best_d = 0
        for a in range(count):
            if not in_tree[a]:
                continue
            for b in range(count):
                if in_tree[b]:
                    continue
                d = squared_distance(systems[a], systems[b])
                if best_a < 0 or d < best_d:
                    best_a, best_b, best_d = a, b, d
        add_lane(systems, best_a, best_b)
        in_tree[best_b] = True
    # Extra lanes: to the nearest system not yet linked, if it is close; the die is rolled last.
    for a in range(count):
        best = -1
        best_d = 0
        for b in range(count):
            if b == a or has_lane(systems, a, b):
                continue
            d = squared_distance(systems[a], systems[b])
            if best < 0 or d < best_d:
                best, best_d = b, d
        if (
            best >= 0
            and best_d <= EXTRA_LANE_MAX_D2
            and len(systems[a].links) < EXTRA_LANE_MAX_LINKS
            and len(systems[best].links) < EXTRA_LANE_MAX_LINKS
            and rng.chance(EXTRA_LANE_CHANCE)
        ):
            add_lane(systems, a, best)


def pick_weighted(rng: Random, weights: Sequence[int]) -> int:
    """Pick an index with probability proportional to its weight."""
    roll = rng.next_int(sum(weights))
    for i, weight in enumerate(weights):
        if roll < weight:
            return i
        roll -= weight
    return len(weights) - 1


def generate_systems(world: World, count: int) -> None:
    """Place count stars in shuffled grid cells, name and colour them, then connect them."""
    rng = world.rng
    cells = list(range(MAP_COLS * MAP_ROWS))
    rng.shuffle(cells)
    chosen = sorted(cells[:count])
    names = list(range(len(STAR_NAMES)))
    rng.shuffle(names)
    for i in range(count):
        col = chosen[i] % MAP_COLS
        row = chosen[i] // MAP_COLS
        x = col * CELL_W + rng.next_int(6)
        y = row * CELL_H + rng.next_int(2)
        system = StarSystem(i, STAR_NAMES[names[i]], x, y)
        system.cls = rng.next_int(3)
        world.systems.append(system)
    connect(world.systems, rng)


def pick_capitals(world: World, count: int) -> list[int]:
    """The capitals: the leftmost system first, then each time the farthest (by lanes) from those."""
    first = 0
    for system in world.systems:
        if system.x < world.systems[first].x:
            first = system.id
    chosen = [first]
    nearest = list(bfs(world.systems, first).dist)
    while len(chosen) < count:
        best = -1
        for system in world.systems:
            if system.id in chosen:
                continue
            if best < 0 or nearest[system.id] > nearest[best]:
                best = system.id
        chosen.append(best)
        dist = bfs(world.systems, best).dist
        nearest = [min(old, new) for old, new in zip(nearest, dist, strict=True)]
    return chosen


def generate_planets(world: World, capitals: Sequence[int]) -> None:
    """One to three planets a system (a capital at least two): type by weight, then richness."""
    rng = world.rng
    type_weights = [planet_type.weight for planet_type in PLANET_TYPES]
    for system in world.systems:
        roll = pick_weighted(rng, PLANET_COUNT_WEIGHTS) + 1
        count = max(roll, MIN_CAPITAL_PLANETS) if system.id in capitals else roll
        for index in range(count):
            type_index = pick_weighted(rng, type_weights)
            base = PLANET_TYPES[type_index].base
            rich = [min(max(base[r] + rng.next_int(3) - 1, 0), MAX_RICH_ROLL) for r in range(RES_COUNT)]
            # The star weighs in: red gives gas, yellow metal, blue crystal.
            bonus = STAR_BONUS[system.cls]
            rich[bonus] = min(MAX_RICH, rich[bonus] + 1)
            planet = Planet(len(world.planets), system.id, index, type_index, rich)
            world.planets.append(planet)
            system.planets.append(planet.id)
