"""The technology tree: a directed acyclic graph of prerequisites, Kahn's order, what is open, science."""
from __future__ import annotations

import heapq
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from cosmos.bus import Event
from cosmos.data import CAPITAL_SCIENCE, LAB_SCIENCE, TECHS, Tech

if TYPE_CHECKING:
    from cosmos.world import Empire, World

__all__ = [
    "RESEARCH_ORDER",
    "TechTreeError",
    "bonus",
    "has_effect",
    "knows",
    "missing_prereqs",
    "research_order",
    "researchable",
    "research",
    "science_per_turn",
    "tech_id",
    "turns_to_research",
    "validate_tree",
]

# A watcher of Kahn's algorithm: the step ("ready", "take" or "unlock"), the technology it is about
# (-1 for "ready"), and the lists as they are now: waiting counts, the ready heap, the order so far.
Watch = Callable[[str, int, list[int], list[int], list[int]], None]


def unwatched(_step: str, _tech: int, _waiting: list[int], _ready: list[int], _order: list[int]) -> None:
    """The watcher by default: it looks at nothing, so the order is the same with or without one."""


class TechTreeError(ValueError):
    """The tree in the data is broken: a duplicate, an unknown prerequisite or a cycle."""


def validate_tree(techs: Sequence[Tech], watch: Watch = unwatched) -> list[int]:
    """Check the tree and return its research order: Kahn's algorithm, smallest id first on ties."""
    index: dict[str, int] = {}
    for i, tech in enumerate(techs):
        if tech.key in index:
            raise TechTreeError(f"technology {tech.key!r} appears twice")
        index[tech.key] = i
    waiting = [0] * len(techs)  # how many prerequisites each technology still waits for
    unlocks: list[list[int]] = [[] for _ in techs]
    for i, tech in enumerate(techs):
        for need in tech.needs:
            if need not in index:
                raise TechTreeError(f"technology {tech.key!r} needs {need!r}, which does not exist")
            unlocks[index[need]].append(i)
            waiting[i] += 1
    ready = [i for i in range(len(techs)) if waiting[i] == 0]
    heapq.heapify(ready)
    order: list[int] = []
    watch("ready", -1, waiting, ready, order)
    while ready:
        current = heapq.heappop(ready)
        order.append(current)
        watch("take", current, waiting, ready, order)
        for nxt in unlocks[current]:
            waiting[nxt] -= 1
            if waiting[nxt] == 0:
                heapq.heappush(ready, nxt)
            watch("unlock", nxt, waiting, ready, order)
    if len(order) < len(techs):
        cycle = describe_cycle(techs, index, waiting)
        raise TechTreeError(f"the technology tree has a cycle: {cycle}")
    return order


def describe_cycle(techs: Sequence[Tech], index: dict[str, int], waiting: list[int]) -> str:
    """Name one cycle among the technologies Kahn could not free (a -> b -> a)."""
    stuck = [i for i in range(len(techs)) if waiting[i] > 0]
    path = [stuck[0]]
    while True:
        current = path[-1]
        # follow the smallest prerequisite that is itself stuck; on a stuck node one always exists
        nxt = min(index[need] for need in techs[current].needs if waiting[index[need]] > 0)
        if nxt in path:
            cycle = path[path.index(nxt):] + [nxt]
            cycle.reverse()  # prerequisites first: a -> b means a comes before b
            return " -> ".join(techs[i].key for i in cycle)
        path.append(nxt)


# Checked once, when the engine is loaded: a broken tree stops the game before it starts.
RESEARCH_ORDER: tuple[int, ...] = tuple(validate_tree(TECHS))


def research_order() -> list[int]:
    """The game's research order (ids), checked: the topological order of TECHS."""
    return list(RESEARCH_ORDER)


def tech_id(key: str) -> int:
    """The id of a technology from its key (KeyError if there is none)."""
    for i, tech in enumerate(TECHS):
        if tech.key == key:
            return i
    raise KeyError(key)


def knows(empire: Empire, key: str) -> bool:
    """Has the empire researched this technology (by key)?"""
    return tech_id(key) in empire.techs


def missing_prereqs(empire: Empire, tech: int) -> list[int]:
    """The prerequisites of a technology the empire does not know yet, by id."""
    return [tech_id(need) for need in TECHS[tech].needs if tech_id(need) not in empire.techs]


def researchable(world: World, empire_id: int) -> list[int]:
    """What the empire can research now: unknown techs whose prerequisites are known, in order."""
    empire = world.empires[empire_id]
    return [
        i for i in research_order()
        if i not in empire.techs and not missing_prereqs(empire, i)
    ]


@lru_cache(maxsize=1024)
def effect_totals(techs: tuple[int, ...]) -> Mapping[str, int]:
    """Every effect of a set of technologies, summed (kept: many empires share the same techs)."""
    total: dict[str, int] = {}
    for i in techs:  # a sum: the order of the technologies does not matter
        for name, amount in TECHS[i].effects:
            total[name] = total.get(name, 0) + amount
    return MappingProxyType(total)


def bonus(empire: Empire, effect: str) -> int:
    """The sum of one effect (e.g. "mine_M", "speed") over the technologies the empire knows."""
    return effect_totals(tuple(empire.techs)).get(effect, 0)


def has_effect(empire: Empire, effect: str) -> bool:
    """Does one of the empire's technologies give this effect?"""
    return bonus(empire, effect) > 0


def science_per_turn(world: World, empire_id: int) -> int:
    """Science per turn: the capital's share plus the labs, raised by science technologies."""
    empire = world.empires[empire_id]
    labs = sum(planet.lab for planet in world.planets if planet.owner == empire_id)
    base = labs * (LAB_SCIENCE + bonus(empire, "lab_science"))
    if holds_capital(world, empire_id):
        base += CAPITAL_SCIENCE
    return base * (100 + bonus(empire, "science_pct")) // 100


def holds_capital(world: World, empire_id: int) -> bool:
    """Does the empire still own a planet in its capital system?"""
    capital = world.empires[empire_id].capital
    return capital >= 0 and any(world.planets[p].owner == empire_id for p in world.systems[capital].planets)


def turns_to_research(banked: int, cost: int, rate: int) -> int:
    """How many more turn ends until banked science reaches cost (0 if the rate is 0)."""
    if rate <= 0:
        return 0
    return max(1, -(-(cost - banked) // rate))


def research(world: World) -> None:
    """Research phase: science is banked, and the chosen technology is learned once paid for."""
    for empire in world.empires:
        if not empire.alive:
            continue
        empire.science += science_per_turn(world, empire.id)
        if empire.research < 0:
            continue
        cost = TECHS[empire.research].cost
        if empire.science >= cost:
            empire.science -= cost
            learned = empire.research
            empire.techs.append(learned)
            empire.research = -1
            world.bus.publish(Event("tech_researched", {"empire": empire.id, "tech": learned}))
            start_next(empire)


def start_next(empire: Empire) -> None:
    """Research the next technology the empire queued (r X Y Z) that it can research now."""
    while empire.queued and empire.research < 0:
        tech = empire.queued.pop(0)
        if tech not in empire.techs and not missing_prereqs(empire, tech):
            empire.research = tech
