"""The economy: production per empire, costs, the score and the build queue (science: cosmos.tech)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cosmos.bus import Event
from cosmos.data import (
    BUILDINGS,
    CAPITAL_BONUS,
    COLONY_COST,
    COLONY_GROWTH_PCT,
    MINE_YIELD,
    RES_COUNT,
    RESOURCES,
    SCORE_FLEET_DIVISOR,
    SCORE_PER_LEVEL,
    SCORE_PER_PLANET,
    SCORE_PER_TECH,
    SHIP_TYPES,
)
from cosmos.fleets import add_ships, ships_at
from cosmos.tech import bonus
from cosmos.tech import science_per_turn as science_per_turn  # noqa: F401  (lesson 2 moved it to tech)
from cosmos.world import capital_planet, owned_planets

if TYPE_CHECKING:
    from cosmos.galaxy import Planet
    from cosmos.world import World

Cost = tuple[int, int, int, int]


@dataclass
class QueueItem:
    """An order waiting for the end of the turn: a colony, a building or ships, already paid."""

    empire: int
    kind: str  # "colony", "building" or "ships"
    planet: int
    what: str = ""  # the building key or the ship kind
    count: int = 1
    turns_left: int = 1
    paid: Cost = (0, 0, 0, 0)


def mine_yield(world: World, empire_id: int) -> list[int]:
    """What one mine level of this empire adds, per resource (technologies included)."""
    empire = world.empires[empire_id]
    return [MINE_YIELD[r] + bonus(empire, "mine_" + RESOURCES[r]) for r in range(RES_COUNT)]


def planet_output(world: World, planet_id: int) -> list[int]:
    """What an owned planet produces per turn: richness, mines and the capital's bonus."""
    planet = world.planets[planet_id]
    if planet.owner < 0:
        return [0] * RES_COUNT
    per_mine = mine_yield(world, planet.owner)
    out = [planet.rich[r] + planet.mines * per_mine[r] for r in range(RES_COUNT)]
    if capital_planet(world, planet.owner) == planet_id:
        out = [out[r] + CAPITAL_BONUS[r] for r in range(RES_COUNT)]
    return out


def income(world: World, empire_id: int) -> list[int]:
    """The empire's production per turn: M, G, C, U."""
    planets = owned_planets(world, empire_id)
    if not planets:
        return [0] * RES_COUNT
    per_mine = mine_yield(world, empire_id)  # the same for every planet: computed once
    total = [0] * RES_COUNT
    for planet_id in planets:
        planet = world.planets[planet_id]
        for r in range(RES_COUNT):
            total[r] += planet.rich[r] + planet.mines * per_mine[r]
    if capital_planet(world, empire_id) >= 0:  # the sum of planet_output over the planets
        total = [total[r] + CAPITAL_BONUS[r] for r in range(RES_COUNT)]
    return total


def building_levels(planet: Planet) -> int:
    """All building levels on a planet: mines, lab, yard and fortress."""
    return sum(getattr(planet, building.field) for building in BUILDINGS.values())


def score(world: World, empire_id: int) -> int:
    """The empire's strength: planets, building levels, technologies and fleet attack."""
    empire = world.empires[empire_id]
    planets = owned_planets(world, empire_id)
    levels = sum(building_levels(world.planets[p]) for p in planets)
    attack = sum(
        fleet.ships[k] * SHIP_TYPES[k].attack
        for fleet in world.fleets if fleet.owner == empire_id
        for k in range(len(SHIP_TYPES))
    )
    return (
        SCORE_PER_PLANET * len(planets)
        + SCORE_PER_LEVEL * levels
        + SCORE_PER_TECH * len(empire.techs)
        + attack // SCORE_FLEET_DIVISOR
    )


def times(cost: Sequence[int], n: int) -> Cost:
    """A cost multiplied by n."""
    return (cost[0] * n, cost[1] * n, cost[2] * n, cost[3] * n)


def can_afford(world: World, empire_id: int, cost: Sequence[int]) -> bool:
    """Does the empire have at least this much of every resource?"""
    stock = world.empires[empire_id].stock
    return all(stock[r] >= cost[r] for r in range(RES_COUNT))


def pay(world: World, empire_id: int, cost: Sequence[int]) -> None:
    """Take a cost from the stock (the caller checked can_afford)."""
    stock = world.empires[empire_id].stock
    for r in range(RES_COUNT):
        stock[r] -= cost[r]


def refund(world: World, empire_id: int, cost: Sequence[int]) -> None:
    """Give a cost back to the stock."""
    stock = world.empires[empire_id].stock
    for r in range(RES_COUNT):
        stock[r] += cost[r]


def max_level(world: World, empire_id: int, building: str) -> int:
    """The highest level of a building this empire may have (fortresses grow with technology)."""
    top = BUILDINGS[building].max_level
    if building == "fort":
        top += bonus(world.empires[empire_id], "fort_max")
    return top


def building_cost(world: World, planet_id: int, building: str) -> Cost:
    """The cost of the next level of a building on a planet."""
    kind = BUILDINGS[building]
    level = getattr(world.planets[planet_id], kind.field)
    return times(kind.cost, level + 1) if kind.cost_grows else tuple(kind.cost)  # type: ignore[return-value]


def colony_cost(world: World, empire_id: int) -> Cost:
    """The price of the empire's next colony: it grows with every planet beyond the first."""
    extra = max(0, len(owned_planets(world, empire_id)) - 1)
    pct = 100 + COLONY_GROWTH_PCT * extra
    return (COLONY_COST[0] * pct // 100, COLONY_COST[1] * pct // 100,
            COLONY_COST[2] * pct // 100, COLONY_COST[3] * pct // 100)


def enqueue(world: World, item: QueueItem) -> None:
    """Add an order to the queue after every order of empires with the same or a smaller id."""
    at = len(world.queue)
    while at > 0 and world.queue[at - 1].empire > item.empire:
        at -= 1
    world.queue.insert(at, item)


def produce(world: World) -> None:
    """Production phase: every living empire adds its income to its stock and to its total."""
    for empire in world.empires:
        if not empire.alive:
            continue
        gained = income(world, empire.id)
        empire.stock = [have + more for have, more in zip(empire.stock, gained, strict=True)]
        empire.produced += sum(gained)
        world.bus.publish(Event("resources_produced", {
            "empire": empire.id, "income": tuple(gained), "produced": empire.produced}))


def build(world: World) -> None:
    """Building phase: queued buildings and ships advance; finished ones appear, lost ones end."""
    waiting = []
    for item in world.queue:
        if item.kind == "colony":
            waiting.append(item)
            continue
        planet = world.planets[item.planet]
        if planet.owner != item.empire:
            world.bus.publish(Event("build_cancelled", {
                "empire": item.empire, "planet": item.planet}))
            continue
        item.turns_left -= 1
        if item.turns_left > 0:
            waiting.append(item)
        elif item.kind == "building":
            field = BUILDINGS[item.what].field
            setattr(planet, field, getattr(planet, field) + 1)
            world.bus.publish(Event("building_completed", {
                "empire": item.empire, "building": item.what, "planet": item.planet,
                "level": getattr(planet, field)}))
        else:
            kind = [ship.key for ship in SHIP_TYPES].index(item.what)
            ships = [0] * len(SHIP_TYPES)
            ships[kind] = item.count
            add_ships(world, item.empire, planet.system_id, ships)
            world.bus.publish(Event("ships_built", {
                "empire": item.empire, "kind": item.what, "count": item.count,
                "planet": item.planet}))
    world.queue[:] = waiting


def settle_claims(world: World) -> None:
    """Orders phase: claimed planets become colonies; the most ships in the system win a contest."""
    claims = [item for item in world.queue if item.kind == "colony"]
    world.queue[:] = [item for item in world.queue if item.kind != "colony"]
    for planet_id in sorted({item.planet for item in claims}):
        planet = world.planets[planet_id]
        rivals = [item for item in claims if item.planet == planet_id]
        strength = {item.empire: sum(ships_at(world, item.empire, planet.system_id))
                    for item in rivals}
        best = max(strength.values())
        leaders = [e for e in sorted(strength) if strength[e] == best]
        winner = leaders[0] if len(leaders) == 1 and best > 0 and planet.owner < 0 else -1
        if len(leaders) > 1:
            world.bus.publish(Event("colony_contested", {"planet": planet_id}))
        for item in sorted(rivals, key=lambda q: q.empire):
            if item.empire == winner:
                planet.owner = winner
                world.bus.publish(Event("planet_colonised", {
                    "empire": winner, "planet": planet_id}))
            else:
                refund(world, item.empire, item.paid)
                world.bus.publish(Event("colony_failed", {
                    "empire": item.empire, "planet": planet_id}))
