"""Commands: every order an empire gives, as plain data; apply validates fully, then records it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from cosmos.data import (
    BUILDINGS,
    MAX_SHIPS_PER_ORDER,
    RESOURCES,
    SHIP_BUILD_TURNS,
    SHIP_TYPES,
    TECHS,
)
from cosmos.economy import (
    QueueItem,
    building_cost,
    can_afford,
    colony_cost,
    enqueue,
    max_level,
    pay,
    times,
)
from cosmos.fleets import fleets_at, merge_fleets, new_fleet, ships_at
from cosmos.graph import shortest_path
from cosmos.messages import Message, RuleError, message
from cosmos.tech import has_effect, missing_prereqs

if TYPE_CHECKING:
    from cosmos.world import World

__all__ = [
    "Build", "BuildShips", "Colonize", "Command", "Move", "Research", "apply", "refusal",
]

SHIP_KEYS = tuple(ship.key for ship in SHIP_TYPES)
MAX_SHIPS_MOVED = 10**6  # of one kind in one order to move: beyond any fleet


class Command(Protocol):
    """What every command has: the empire giving it, a check and the change it makes."""

    @property
    def empire(self) -> int:
        """The empire giving the command (0-based)."""

    def check(self, world: World) -> Message | None:
        """Why the command is refused now (None: it is legal)."""

    def perform(self, world: World) -> None:
        """Record or carry out the command (only after check said yes)."""

    def to_text(self) -> str:
        """The command as the player would type it (numbers 1-based)."""


def valid_id(value: object, count: int) -> bool:
    """Is value a whole number from 0 to count - 1 (an id of something that exists)?"""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count


def check_empire(world: World, empire_id: int) -> Message | None:
    """The game must still run and the empire must exist and be alive."""
    if world.victory is not None:
        return message("err_game_over")
    if not valid_id(empire_id, len(world.empires)):
        return message("err_no_empire", empire=empire_id)
    if not world.empires[empire_id].alive:
        return message("err_fallen", empire=empire_id)
    return None


def check_own_planet(world: World, empire_id: int, planet_id: int) -> Message | None:
    """The planet must exist and belong to the empire."""
    if not valid_id(planet_id, len(world.planets)):
        return message("err_no_planet", planet=planet_id)
    if world.planets[planet_id].owner != empire_id:
        return message("err_not_yours", planet=planet_id)
    return None


def check_cost(world: World, empire_id: int, cost: tuple[int, int, int, int]) -> Message | None:
    """The empire must have the whole cost in stock."""
    if not can_afford(world, empire_id, cost):
        m, g, c, u = cost
        stock = world.empires[empire_id].stock
        short = " ".join(f"{res}{need - have}" for res, need, have in zip(RESOURCES, cost, stock, strict=True)
                         if need > have)
        return message("err_not_enough", m=m, g=g, c=c, u=u, short=short)
    return None


@dataclass(frozen=True)
class Colonize:
    """col P: claim a free planet where you have ships; it is yours at the end of the turn."""

    empire: int
    planet: int

    def check(self, world: World) -> Message | None:
        """Free planet, your ships in its system, not claimed twice, the colony paid."""
        if not valid_id(self.planet, len(world.planets)):
            return message("err_no_planet", planet=self.planet)
        planet = world.planets[self.planet]
        if planet.owner >= 0:
            return message("err_owned", planet=self.planet)
        if any(item.kind == "colony" and item.empire == self.empire and item.planet == self.planet
               for item in world.queue):
            return message("err_claimed", planet=self.planet)
        if sum(ships_at(world, self.empire, planet.system_id)) == 0:
            return message("err_no_fleet", system=planet.system_id)
        return check_cost(world, self.empire, colony_cost(world, self.empire))

    def perform(self, world: World) -> None:
        """Pay and queue the claim."""
        cost = colony_cost(world, self.empire)
        pay(world, self.empire, cost)
        enqueue(world, QueueItem(self.empire, "colony", self.planet, paid=cost))

    def to_text(self) -> str:
        """col P."""
        return f"col {self.planet + 1}"


@dataclass(frozen=True)
class Build:
    """b BUILDING P: one more level of a mine, lab, yard or fortress on your planet."""

    empire: int
    building: str
    planet: int

    def check(self, world: World) -> Message | None:
        """A known building, your planet, not already building it, below the top level, paid."""
        if not isinstance(self.building, str) or self.building not in BUILDINGS:
            return message("err_no_building", building=self.building)
        refused = check_own_planet(world, self.empire, self.planet)
        if refused:
            return refused
        if any(item.kind == "building" and item.empire == self.empire and item.planet == self.planet
               and item.what == self.building for item in world.queue):
            return message("err_queued", building=self.building, planet=self.planet)
        level = getattr(world.planets[self.planet], BUILDINGS[self.building].field)
        if level >= max_level(world, self.empire, self.building):
            return message("err_max_level", building=self.building, planet=self.planet, level=level)
        return check_cost(world, self.empire, building_cost(world, self.planet, self.building))

    def perform(self, world: World) -> None:
        """Pay and queue the building."""
        cost = building_cost(world, self.planet, self.building)
        pay(world, self.empire, cost)
        turns = BUILDINGS[self.building].turns
        item = QueueItem(self.empire, "building", self.planet, self.building, 1, turns, cost)
        enqueue(world, item)

    def to_text(self) -> str:
        """b mine P."""
        return f"b {self.building} {self.planet + 1}"


@dataclass(frozen=True)
class Research:
    """r X [Y Z ...]: research X with the banked science (it may replace the current one), then Y, then Z."""

    empire: int
    tech: int
    then: tuple[int, ...] = ()  # researched one after the other once X is known

    def check(self, world: World) -> Message | None:
        """Technologies that exist, are not known nor named twice, each one's prerequisites known
        or earlier in the list."""
        empire = world.empires[self.empire]
        planned = list(empire.techs)
        for tech in (self.tech, *self.then):
            if not valid_id(tech, len(TECHS)):
                return message("err_no_tech", tech=tech)
            if tech in empire.techs:
                return message("err_known", tech=tech)
            if tech in planned:
                return message("err_twice", tech=tech)
            missing = [need for need in missing_prereqs(empire, tech) if need not in planned]
            if missing:
                return message("err_prereq", tech=tech, missing=tuple(missing))
            planned.append(tech)
        return None

    def perform(self, world: World) -> None:
        """Set the empire's research and what follows it."""
        world.empires[self.empire].research = self.tech
        world.empires[self.empire].queued = list(self.then)

    def to_text(self) -> str:
        """r X, or r X Y Z."""
        return " ".join(["r", *(str(tech + 1) for tech in (self.tech, *self.then))])


@dataclass(frozen=True)
class BuildShips:
    """ship T N P: N ships of kind T at the shipyard of your planet P, ready next turn."""

    empire: int
    kind: str
    count: int
    planet: int

    def cost(self) -> tuple[int, int, int, int]:
        """The price of the whole order."""
        return times(SHIP_TYPES[SHIP_KEYS.index(self.kind)].cost, self.count)

    def check(self, world: World) -> Message | None:
        """A known and unlocked kind, a sensible count, your planet with a yard, paid."""
        if not isinstance(self.kind, str) or self.kind not in SHIP_KEYS:
            return message("err_no_ship", kind=str(self.kind))
        ship = SHIP_TYPES[SHIP_KEYS.index(self.kind)]
        if ship.locked and not has_effect(world.empires[self.empire], "unlock_" + ship.key):
            unlocking = next(i for i, tech in enumerate(TECHS) if ("unlock_" + ship.key, 1) in tech.effects)
            return message("err_ship_locked", kind=ship.key, tech=unlocking)
        if not valid_id(self.count, MAX_SHIPS_PER_ORDER + 1) or self.count == 0:
            count = self.count if valid_id(self.count, 1 << 31) else -1
            return message("err_bad_count", count=count, max=MAX_SHIPS_PER_ORDER)
        refused = check_own_planet(world, self.empire, self.planet)
        if refused:
            return refused
        if world.planets[self.planet].yard == 0:
            return message("err_no_yard", planet=self.planet)
        return check_cost(world, self.empire, self.cost())

    def perform(self, world: World) -> None:
        """Pay and queue the ships."""
        cost = self.cost()
        pay(world, self.empire, cost)
        enqueue(world, QueueItem(self.empire, "ships", self.planet, self.kind, self.count,
                                 SHIP_BUILD_TURNS, cost))

    def to_text(self) -> str:
        """ship T N P."""
        return f"ship {self.kind} {self.count} {self.planet + 1}"


@dataclass(frozen=True)
class Move:
    """go A B: your fleets in system A head for system B, one lane per turn on the shortest path."""

    empire: int
    source: int
    target: int
    ships: tuple[int, ...] = ()  # how many of each kind (I B F D) go; empty: every ship in A

    def check(self, world: World) -> Message | None:
        """Both systems exist and differ, you have (those) ships in A, and the lanes lead to B."""
        for system in (self.source, self.target):
            if not valid_id(system, len(world.systems)):
                return message("err_no_system", system=system)
        if self.source == self.target:
            return message("err_same_system", system=self.source)
        if not fleets_at(world, self.empire, self.source):
            return message("err_no_fleet", system=self.source)
        if self.ships:
            here = ships_at(world, self.empire, self.source)
            if (len(self.ships) != len(SHIP_KEYS) or not all(valid_id(n, MAX_SHIPS_MOVED) for n in self.ships)
                    or not sum(self.ships)):
                return message("err_bad_count", count=-1, max=MAX_SHIPS_PER_ORDER)
            if any(want > have for want, have in zip(self.ships, here, strict=True)):
                return message("err_too_few_ships", system=self.source, ships=tuple(here))
        if not shortest_path(world.systems, self.source, self.target):
            return message("err_no_route", source=self.source, target=self.target)
        return None

    def perform(self, world: World) -> None:
        """Give the fleets their destination (or split those ships off into a fleet that goes)."""
        here = fleets_at(world, self.empire, self.source)
        if not self.ships or list(self.ships) == ships_at(world, self.empire, self.source):
            for fleet in here:
                fleet.target = self.target
        else:
            left = list(self.ships)
            for fleet in here:  # taken from the fleets in id order; the rest stays as it was
                taken = [min(want, have) for want, have in zip(left, fleet.ships, strict=True)]
                fleet.ships = [have - take for have, take in zip(fleet.ships, taken, strict=True)]
                left = [want - take for want, take in zip(left, taken, strict=True)]
            new_fleet(world, self.empire, self.source, self.ships).target = self.target
        merge_fleets(world)

    def to_text(self) -> str:
        """go A B, or go A B 2I 1F for part of the ships."""
        part = [f"{count}{kind}" for kind, count in zip(SHIP_KEYS, self.ships, strict=False) if count]
        return " ".join([f"go {self.source + 1} {self.target + 1}", *part])


def refusal(world: World, command: Command) -> Message | None:
    """Why a command would be refused now (None: apply would accept it); changes nothing."""
    return check_empire(world, command.empire) or command.check(world)


def apply(world: World, command: Command) -> None:
    """Validate the whole command, then record or perform it; else RuleError and no change."""
    refused = refusal(world, command)
    if refused is not None:
        raise RuleError(refused)
    command.perform(world)
