"""Random events: one roll per living empire per turn from the world's generator, then the news."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cosmos.bus import Event
from cosmos.economy import refund
from cosmos.fleets import add_ships, ships_at
from cosmos.world import capital_planet, owned_planets

if TYPE_CHECKING:
    from cosmos.world import World

__all__ = ["EVENTS", "ROLL_SIDES", "RandomEvent", "random_events", "roll_event"]

ROLL_SIDES = 1000  # chances are in thousandths: one roll of next_int(1000) per empire and turn

PIRATE_SHARE = 5  # pirates carry off a fifth of the metal and the gas in stock
UNREST_MIN_PLANETS = 4  # only a large empire has colonies restless enough to break away
BREAKTHROUGH_SCIENCE = 15
CONVOY_CARGO = (20, 15, 10, 0)
DERELICT_SHIPS = (0, 0, 2, 0)  # two frigates, found drifting and towed home

Effect = Callable[["World", int], "dict[str, object] | None"]


def meteor(world: World, empire_id: int) -> dict[str, object] | None:
    """A meteor strikes one of the empire's planets with mines and wrecks one mine level."""
    targets = [p for p in owned_planets(world, empire_id) if world.planets[p].mines > 0]
    if not targets:
        return None
    planet_id = targets[world.rng.next_int(len(targets))]
    world.planets[planet_id].mines -= 1
    return {"planet": planet_id}


def pirates(world: World, empire_id: int) -> dict[str, object] | None:
    """Pirates raid the stores: a share of the metal and the gas is gone."""
    stock = world.empires[empire_id].stock
    m, g = stock[0] // PIRATE_SHARE, stock[1] // PIRATE_SHARE
    if m == 0 and g == 0:
        return None
    stock[0] -= m
    stock[1] -= g
    return {"m": m, "g": g}


def unrest(world: World, empire_id: int) -> dict[str, object] | None:
    """In a large empire an unguarded colony without a fortress breaks away and becomes free."""
    planets = owned_planets(world, empire_id)
    if len(planets) < UNREST_MIN_PLANETS:
        return None
    capital = capital_planet(world, empire_id)
    targets = [p for p in planets if p != capital and world.planets[p].fort == 0
               and sum(ships_at(world, empire_id, world.planets[p].system_id)) == 0]
    if not targets:
        return None
    planet = world.planets[targets[world.rng.next_int(len(targets))]]
    planet.owner = -1
    planet.siege = 0
    world.fort_left.pop(planet.id, None)
    return {"planet": planet.id}


def breakthrough(world: World, empire_id: int) -> dict[str, object] | None:
    """A scientific breakthrough: a gift of banked science."""
    world.empires[empire_id].science += BREAKTHROUGH_SCIENCE
    return {"science": BREAKTHROUGH_SCIENCE}


def convoy(world: World, empire_id: int) -> dict[str, object] | None:
    """A merchant convoy sells its cargo cheap: metal, gas and crystal."""
    refund(world, empire_id, CONVOY_CARGO)
    m, g, c, _u = CONVOY_CARGO
    return {"m": m, "g": g, "c": c}


def derelict(world: World, empire_id: int) -> dict[str, object] | None:
    """A derelict warship is found and towed to the capital: two frigates join the fleet there."""
    system = world.empires[empire_id].capital
    if system < 0:
        return None
    add_ships(world, empire_id, system, DERELICT_SHIPS)
    return {"count": sum(DERELICT_SHIPS), "kind": "F", "system": system}


@dataclass(frozen=True)
class RandomEvent:
    """A kind of random event: its key, its chance per empire and turn (in 1/1000), its effect."""

    key: str
    chance: int
    kind: str  # the bus event it publishes (past tense)
    effect: Effect


EVENTS: tuple[RandomEvent, ...] = (
    RandomEvent("meteor", 10, "meteor_struck", meteor),
    RandomEvent("pirates", 14, "pirates_raided", pirates),
    RandomEvent("unrest", 8, "colony_rebelled", unrest),
    RandomEvent("breakthrough", 12, "breakthrough_made", breakthrough),
    RandomEvent("convoy", 14, "convoy_arrived", convoy),
    RandomEvent("derelict", 8, "derelict_found", derelict),
)


def roll_event(roll: int) -> RandomEvent | None:
    """Which event a roll of 0..ROLL_SIDES-1 means: the table's chances laid end to end."""
    for event in EVENTS:
        if roll < event.chance:
            return event
        roll -= event.chance
    return None


def random_events(world: World) -> None:
    """Events phase: every living empire, by id, rolls once; an event that happens makes news."""
    if not world.events_enabled:
        return
    for empire in world.empires:
        if not empire.alive:
            continue
        event = roll_event(world.rng.next_int(ROLL_SIDES))
        if event is None:
            continue
        data = event.effect(world, empire.id)
        if data is not None:
            world.bus.publish(Event(event.kind, {"empire": empire.id, **data}))
