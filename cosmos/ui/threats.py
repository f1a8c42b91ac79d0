"""What the player must know before deciding: enemy fleets near, rivals near a victory, risks.

Everything here only reads the world (no roll, no change): the screens call it each time.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from typing import cast

from cosmos.battle import fight, ship_attack, ship_hp
from cosmos.data import ECONOMY_TARGET, SHIP_TYPES, TECHS
from cosmos.events import UNREST_MIN_PLANETS
from cosmos.fleets import at_war, fleet_speed, ships_at
from cosmos.graph import shortest_path
from cosmos.tech import tech_id
from cosmos.view import strength
from cosmos.world import Fleet, World, capital_planet, owned_planets

__all__ = ["Forecast", "Threat", "arrival_turn", "at_risk", "forecast", "near_victory", "stargate_needs", "threats"]

NEAR_ECONOMY = ECONOMY_TARGET * 3 // 4  # a rival past this much produced is close to winning
STARGATE = "stargate"


@dataclass(frozen=True)
class Threat:
    """An enemy fleet next to or heading for one of the player's systems, and the two strengths."""

    fleet: int
    owner: int
    ships: tuple[int, ...]
    system: int  # the player's system in danger
    heading: bool  # the fleet is on its way there (else it only stands next to it)
    turn: int  # the turn it can be there
    theirs: int  # its fighting strength
    ours: int  # the strength of the player's ships in that system
    fort: int  # the highest fortress level of the player's planets there


def fleet_strength(world: World, owner: int, ships: list[int]) -> int:
    """A stack's fighting strength with its owner's technologies (the rivals' own measure)."""
    kinds = range(len(SHIP_TYPES))
    return round(strength(ships, [ship_attack(world, owner, k) for k in kinds],
                          [int(ship_hp(world, owner, k)) for k in kinds]))


def arrival_turn(world: World, fleet: Fleet, target: int) -> int:
    """The turn a fleet can be in the target system (now, if it is there)."""
    path = shortest_path(world.systems, fleet.system, target)
    lanes = max(0, len(path) - 1)
    speed = fleet_speed(world, fleet.owner)
    return world.turn + -(-lanes // speed)


def player_systems(world: World, player: int) -> list[int]:
    """The systems where the player owns a planet, ascending."""
    return sorted({world.planets[p].system_id for p in owned_planets(world, player)})


def threats(world: World, player: int) -> list[Threat]:
    """Every enemy fleet (at war with the player) next to or on its way to a system of the player's."""
    mine = player_systems(world, player)
    found = []
    for fleet in sorted(world.fleets, key=lambda f: f.id):
        if (fleet.owner == player or not sum(fleet.ships) or not at_war(world, player, fleet.owner)
                or fleet.system in mine):
            continue
        if fleet.target in mine:
            places = [(fleet.target, True)]
        else:
            places = [(system, False) for system in world.systems[fleet.system].links if system in mine]
        for system, heading in places:
            forts = [world.planets[p].fort for p in world.systems[system].planets
                     if world.planets[p].owner == player]
            found.append(Threat(fleet.id, fleet.owner, tuple(fleet.ships), system, heading,
                                arrival_turn(world, fleet, system), fleet_strength(world, fleet.owner, fleet.ships),
                                fleet_strength(world, player, ships_at(world, player, system)), max(forts)))
    return found


def stargate_needs(world: World, empire_id: int) -> tuple[int, int]:
    """How many of the Stargate's prerequisites the empire knows, of how many."""
    needs = TECHS[tech_id(STARGATE)].needs
    known = sum(1 for key in needs if tech_id(key) in world.empires[empire_id].techs)
    return known, len(needs)


def near_victory(world: World, player: int) -> list[tuple[int, str]]:
    """Rivals close to winning: (empire, "economy") past 3/4 of the target, (empire, "science")
    once every prerequisite of the Stargate is known."""
    close = []
    for empire in world.empires:
        if empire.id == player or not empire.alive:
            continue
        if empire.produced >= NEAR_ECONOMY:
            close.append((empire.id, "economy"))
        known, needed = stargate_needs(world, empire.id)
        if known == needed:
            close.append((empire.id, "science"))
    return close


def at_risk(world: World, planet_id: int) -> bool:
    """Could this colony break away in unrest: a large empire, not the capital, no fortress, no ships?"""
    planet = world.planets[planet_id]
    owner = planet.owner
    return (owner >= 0 and len(owned_planets(world, owner)) >= UNREST_MIN_PLANETS
            and planet_id != capital_planet(world, owner) and planet.fort == 0
            and sum(ships_at(world, owner, planet.system_id)) == 0)


@dataclass(frozen=True)
class Forecast:
    """How a battle would end for one empire: who is left, after how many rounds, what each side loses."""

    outcome: str  # "win", "loss", "both" (nobody left), "draw" (both left), "fort" (only a fortress fired)
    rounds: int  # the round that decided it (the last round fought for a draw or a fortress)
    lost: tuple[int, ...]  # the empire's losses, I B F D
    enemy_lost: tuple[int, ...]  # the losses of the sides at war with it, added up


def trial_world(world: World, fleet: Fleet, system_id: int) -> World:
    """A copy of the world in which the fleet is already in the system (the fleets copied, nothing else
    that a battle changes is shared with the real world)."""
    trial = copy.copy(world)
    trial.fleets = [replace(f, ships=list(f.ships)) for f in world.fleets]
    moved = next(f for f in trial.fleets if f.id == fleet.id)
    moved.system = system_id
    return trial


def forecast(world: World, fleet: Fleet, system_id: int) -> Forecast | None:
    """The battle the fleet would fight in the system if it were there now and nobody else moved,
    fought by the engine's own fight on a copy (None: there would be no battle)."""
    left: list[list[list[int]]] = []  # per round, the ships each side has after it

    def watch(what: str, details: dict[str, object]) -> None:
        if what == "losses":
            if details["side"] == 0:
                left.append([])
            left[-1].append(list(cast("list[int]", details["ships"])))

    report = fight(trial_world(world, fleet, system_id), system_id, watch)
    if report is None:
        return None
    me = report.empires.index(fleet.owner)
    enemies = [i for i, e in enumerate(report.empires) if at_war(world, fleet.owner, e)]
    enemy_lost = tuple(sum(report.lost[i][k] for i in enemies) for k in range(len(report.lost[me])))
    had_enemy_ships = any(sum(report.before[i]) for i in enemies)
    for number, ships in enumerate(left, start=1):
        mine, theirs = sum(ships[me]), sum(sum(ships[i]) for i in enemies)
        if mine == 0 and (theirs == 0 and had_enemy_ships):
            return Forecast("both", number, report.lost[me], enemy_lost)
        if mine == 0:
            return Forecast("loss", number, report.lost[me], enemy_lost)
        if theirs == 0 and had_enemy_ships:
            return Forecast("win", number, report.lost[me], enemy_lost)
    return Forecast("draw" if had_enemy_ships else "fort", len(left), report.lost[me], enemy_lost)
