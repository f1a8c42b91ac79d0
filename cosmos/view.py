"""What a rival sees: the turn's survey of the galaxy, and each empire's view of it."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from cosmos.data import AI_TUNING, CAPITAL_BONUS, MINE_YIELD, PERSONALITIES, RES_COUNT, RESOURCES, SHIP_TYPES, TECHS
from cosmos.fleets import at_war
from cosmos.graph import bfs

if TYPE_CHECKING:
    from cosmos.data import AiTuning, Personality
    from cosmos.world import Planet, World

__all__ = ["KINDS", "Cost", "Survey", "View", "distances", "effects_of", "look", "planet_worth",
           "resource_values", "strength", "survey"]

KINDS = range(len(SHIP_TYPES))
Cost = tuple[int, int, int, int]


def strength(ships: list[int], attack: list[int], hp: list[int]) -> float:
    """A stack's strength: the square root of its Lanchester power (total attack times total hp), linear in ships."""
    total_attack = total_hp = 0
    for k in KINDS:
        total_attack += ships[k] * attack[k]
        total_hp += ships[k] * hp[k]
    return (total_attack * total_hp) ** 0.5


def effects_of(techs: list[int]) -> dict[str, int]:
    """Every effect of a list of technologies, summed."""
    total: dict[str, int] = {}
    for tech in techs:
        for name, amount in TECHS[tech].effects:
            total[name] = total.get(name, 0) + amount
    return total


class Node(NamedTuple):
    """A system reduced to its lanes, for the distance table."""

    links: tuple[int, ...]


@lru_cache(maxsize=16)
def lane_distances(lanes: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Lanes between every two systems, read-only (a galaxy's lanes never change, so this is kept)."""
    nodes = [Node(links) for links in lanes]
    return tuple(tuple(bfs(nodes, start).dist) for start in range(len(nodes)))


def distances(world: World) -> tuple[tuple[int, ...], ...]:
    """The lane distance table of a world's galaxy: distances(world)[a][b]."""
    return lane_distances(tuple(tuple(system.links) for system in world.systems))


@dataclass
class View:
    """What one empire sees at the start of its turn, computed once: planets, stacks, threats."""

    world: World
    me: int
    character: Personality
    stock: list[int]
    value: list[float]  # what one unit of each resource is worth now (scarce ones more)
    planets: list[int]
    capital: int  # the capital system (-1: none)
    effects: dict[str, int]  # my technologies' effects
    dist: tuple[tuple[int, ...], ...]  # lanes between any two systems: dist[a][b]
    ships: dict[int, list[int]]  # my waiting ships per system
    moving: int  # how many of my fleets are under way
    worth: list[float]  # per planet: what holding it is worth
    free: list[float]  # per system: the worth of its free planets
    prey: list[float]  # per system: the worth of the planets of empires at war with me
    forts: list[int]  # per system: fortress levels of empires at war with me
    enemy: list[float]  # per system: the strongest stack of an empire at war with me
    danger: list[float]  # per system: the strongest enemy stack there or one lane away
    home_threat: float  # the strongest enemy stack at most tuning.home_watch lanes from my capital
    enemy_kinds: list[int]  # ships of empires at war with me, per kind
    fleet_power: list[float]  # per empire: the strength of all its ships
    income: int  # my production per turn, all resources together
    attack: list[int]  # my attack per ship kind
    hp: list[int]  # my hit points per ship kind
    claimed: set[int] = field(default_factory=set)
    queued: set[tuple[str, int]] = field(default_factory=set)
    tuning: AiTuning = AI_TUNING
    weights: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.weights = {part: getattr(self.character, part)
                        for part in ("attack", "expand", "research")}

    def weight(self, part: str) -> int:
        """The character's weight for attack, expand or research."""
        return self.weights[part]

    def price(self, cost: Cost | list[int]) -> float:
        """A cost as one number at today's values of the resources."""
        value = self.value
        return (cost[0] * value[0] + cost[1] * value[1] + cost[2] * value[2]
                + cost[3] * value[3]) or 1.0

    def afford(self, cost: Cost) -> bool:
        """Is this still in the budget of this turn?"""
        stock = self.stock
        return (stock[0] >= cost[0] and stock[1] >= cost[1] and stock[2] >= cost[2]
                and stock[3] >= cost[3])


@dataclass
class Survey:
    """What all the rivals see alike in a turn, built once: none of their orders changes it."""

    effects: list[dict[str, int]]  # per empire: its technologies' effects
    attack: list[list[int]]  # per empire: attack per ship kind
    hp: list[list[int]]  # per empire: hit points per ship kind
    power: list[float]  # per empire: the strength of all its ships
    worth: list[float]  # per planet: what holding it is worth
    free: list[float]  # per system: the worth of its free planets
    dist: tuple[tuple[int, ...], ...]  # lanes between any two systems: dist[a][b]


def planet_worth(planet: Planet, tuning: AiTuning = AI_TUNING) -> float:
    """What holding a planet is worth: its richness (uranium counts more) and what is built on it."""
    rich, t = planet.rich, tuning
    return (rich[0] + rich[1] + rich[2] + t.worth_uranium * rich[3] + t.worth_base
            + planet.mines * t.worth_mine + planet.lab * t.worth_lab + planet.yard * t.worth_yard
            + planet.fort * t.worth_fort)


def survey(world: World, tuning: AiTuning = AI_TUNING) -> Survey:
    """Survey the galaxy for this turn's rivals: technologies, fleets, planets, distances."""
    known = [effects_of(empire.techs) for empire in world.empires]
    attack, hp = [], []
    for effects in known:
        pct = 100 + effects.get("hp_pct", 0)
        attack.append([ship.attack + effects.get("attack_" + ship.key, 0) for ship in SHIP_TYPES])
        hp.append([ship.hp * pct // 100 for ship in SHIP_TYPES])
    totals = [[0] * len(SHIP_TYPES) for _ in world.empires]
    for fleet in world.fleets:
        owner = fleet.owner
        totals[owner] = [a + b for a, b in zip(totals[owner], fleet.ships, strict=True)]
    power = [strength(totals[e.id], attack[e.id], hp[e.id]) for e in world.empires]
    worth = [0.0] * len(world.planets)
    free = [0.0] * len(world.systems)
    for planet in world.planets:
        worth[planet.id] = planet_worth(planet, tuning)
        if planet.owner < 0:
            free[planet.system_id] += worth[planet.id]
    return Survey(known, attack, hp, power, worth, free, distances(world))


def resource_values(stock: list[int], tuning: AiTuning = AI_TUNING) -> list[float]:
    """What one unit of each resource is worth now: above 1 when it is scarcer than the average."""
    middle = sum(stock) / RES_COUNT + tuning.value_cushion
    return [min(tuning.value_max, max(tuning.value_min, middle / (stock[r] + tuning.value_cushion)))
            for r in range(RES_COUNT)]


Stacks = dict[tuple[int, int], list[int]]  # ships per (system, owner)


def sum_stacks(world: World, me: int, war: list[bool]) -> tuple[dict[int, list[int]], int, Stacks]:
    """My waiting ships per system, how many of my fleets move, and enemy ships per (system, owner)."""
    ships: dict[int, list[int]] = {}
    moving = 0
    stacks: Stacks = {}
    for fleet in world.fleets:
        owner, counts = fleet.owner, fleet.ships
        if owner == me:
            if fleet.target >= 0:
                moving += 1
                continue
            key, table = fleet.system, ships
        elif war[owner]:
            key, table = (fleet.system, owner), stacks
        else:
            continue
        here = table.get(key)
        table[key] = list(counts) if here is None else [a + b for a, b in
                                                       zip(here, counts, strict=True)]
    return ships, moving, stacks


def enemy_strengths(stacks: Stacks, seen: Survey, n_sys: int) -> tuple[list[float], list[int]]:
    """Per system the strongest enemy stack, and the enemy's ships per kind (max and sums: no order)."""
    enemy = [0.0] * n_sys
    kinds = [0] * len(SHIP_TYPES)
    for (system, owner), counts in stacks.items():
        enemy[system] = max(enemy[system], strength(counts, seen.attack[owner], seen.hp[owner]))
        kinds = [a + b for a, b in zip(kinds, counts, strict=True)]
    return enemy, kinds


def danger_near(world: World, enemy: list[float]) -> list[float]:
    """Per system the strongest enemy stack there or one lane away."""
    danger = list(enemy)
    for system in world.systems:
        for link in system.links:
            if enemy[link] > danger[system.id]:
                danger[system.id] = enemy[link]
    return danger


def income_of(world: World, empire_id: int, planets: list[int], effects: dict[str, int]) -> int:
    """What an empire's planets produce per turn, all resources together."""
    per_mine = sum(MINE_YIELD) + sum(effects.get("mine_" + res, 0) for res in RESOURCES)
    produced = sum(sum(world.planets[p].rich) + world.planets[p].mines * per_mine for p in planets)
    if planets and world.empires[empire_id].capital >= 0:
        produced += sum(CAPITAL_BONUS)
    return produced


def look(world: World, me: int, seen: Survey | None = None, character: Personality | None = None,
         tuning: AiTuning = AI_TUNING) -> View:
    """Build one empire's view of the galaxy for this turn (from this turn's survey, if given)."""
    seen = survey(world, tuning) if seen is None else seen
    empire = world.empires[me]
    n_sys = len(world.systems)
    war = [at_war(world, me, other.id) for other in world.empires]
    ships, moving, stacks = sum_stacks(world, me, war)
    enemy, kinds = enemy_strengths(stacks, seen, n_sys)
    prey, forts = [0.0] * n_sys, [0] * n_sys
    planets = []
    for planet in world.planets:
        owner = planet.owner
        if owner == me:
            planets.append(planet.id)
        elif owner >= 0 and war[owner]:
            prey[planet.system_id] += seen.worth[planet.id]
            forts[planet.system_id] += planet.fort
    home_threat = 0.0
    if empire.capital >= 0:
        near = seen.dist[empire.capital]
        home_threat = max(enemy[s] for s in range(n_sys) if 0 <= near[s] <= tuning.home_watch)
    queued = {(item.what, item.planet) for item in world.queue if item.empire == me}
    claimed = {item.planet for item in world.queue if item.empire == me and item.kind == "colony"}
    return View(world=world, me=me, character=character or PERSONALITIES[empire.personality],
                stock=list(empire.stock), value=resource_values(empire.stock, tuning), planets=planets,
                capital=empire.capital, effects=seen.effects[me], dist=seen.dist, ships=ships,
                moving=moving, worth=seen.worth, free=seen.free, prey=prey, forts=forts, enemy=enemy,
                danger=danger_near(world, enemy), home_threat=home_threat, enemy_kinds=kinds,
                fleet_power=seen.power, income=income_of(world, me, planets, seen.effects[me]),
                attack=seen.attack[me], hp=seen.hp[me], claimed=claimed, queued=queued, tuning=tuning)
