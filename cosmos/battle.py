"""Battle and siege, resolved simultaneously: every side fires at the state a round began with."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from cosmos.bus import Event
from cosmos.data import BATTLE_ROUNDS, FORT_ATTACK, FORT_HP, RPS_PERCENT, SHIP_TYPES, SIEGE_TURNS
from cosmos.fleets import at_war, drop_empty, fleets_at, ships_at
from cosmos.tech import bonus
from cosmos.world import capital_planet, owned_planets

if TYPE_CHECKING:
    from cosmos.galaxy import Planet
    from cosmos.world import World

__all__ = [
    "BattleReport", "Side", "Watch", "besiege", "fight", "fight_battles", "fire", "fire_round", "ship_attack",
    "ship_hp", "take_damage",
]

KINDS = range(len(SHIP_TYPES))
Watch = Callable[[str, dict[str, object]], None]  # what fight reports to an observer, if any


@dataclass(frozen=True)
class BattleReport:
    """Who fought where and what they lost: one entry per side, in empire order."""

    turn: int
    system: int
    empires: tuple[int, ...]
    before: tuple[tuple[int, ...], ...]  # ships of each side before the battle, I B F D
    lost: tuple[tuple[int, ...], ...]  # ships each side lost
    forts: tuple[int, ...]  # fortress levels that fired for each side


@dataclass
class Side:
    """One empire in a battle: its ships, fortress levels, and damage not yet enough to kill."""

    empire: int
    ships: list[int]
    fort: int
    attack: list[int]
    hp: list[Fraction]
    fort_attack: int
    wounds: list[Fraction]


def ship_attack(world: World, empire_id: int, kind: int) -> int:
    """The attack of one ship of a kind for this empire (technologies included)."""
    ship = SHIP_TYPES[kind]
    return ship.attack + bonus(world.empires[empire_id], "attack_" + ship.key)


def ship_hp(world: World, empire_id: int, kind: int) -> Fraction:
    """The hit points of one ship of a kind for this empire (technologies included)."""
    pct = 100 + bonus(world.empires[empire_id], "hp_pct")
    return Fraction(SHIP_TYPES[kind].hp * pct, 100)


def fort_levels(world: World, empire_id: int, system_id: int) -> int:
    """The fortress levels of the empire's planets in a system."""
    return sum(world.planets[p].fort for p in world.systems[system_id].planets
               if world.planets[p].owner == empire_id)


def make_side(world: World, empire_id: int, system_id: int) -> Side:
    """An empire's side in a battle in this system."""
    fort = fort_levels(world, empire_id, system_id)
    fort_pct = 100 + bonus(world.empires[empire_id], "fort_pct")
    return Side(
        empire_id, ships_at(world, empire_id, system_id), fort,
        [ship_attack(world, empire_id, k) for k in KINDS],
        [ship_hp(world, empire_id, k) for k in KINDS],
        fort * FORT_ATTACK * fort_pct // 100,
        [Fraction(0)] * len(SHIP_TYPES),
    )


def enemies_of(world: World, sides: list[Side], me: int) -> list[int]:
    """The positions of the sides at war with side `me` that still have ships."""
    return [i for i, other in enumerate(sides)
            if at_war(world, sides[me].empire, other.empire) and sum(other.ships) > 0]


def guns_of(side: Side) -> list[tuple[int, int, tuple[int, ...]]]:
    """What a side fires with: (kind, attack of all its ships of that kind, damage percent
    against each kind), one gun per kind it has, then its fortress as kind -1 (100 % on all)."""
    guns: list[tuple[int, int, tuple[int, ...]]] = [
        (k, side.ships[k] * side.attack[k], RPS_PERCENT[k]) for k in KINDS if side.ships[k]]
    if side.fort_attack:
        guns.append((-1, side.fort_attack, (100,) * len(SHIP_TYPES)))
    return guns


def fire(world: World, sides: list[Side], me: int, damage: list[list[Fraction]],
         watch: Watch | None = None) -> bool:
    """Side `me` fires all its guns; each gun's damage is split over the enemy ships by their
    numbers and added to `damage` (nothing dies yet). False if it had nothing to fire."""
    enemies = enemies_of(world, sides, me)
    targets = sum(sum(sides[i].ships) for i in enemies)
    if targets == 0:
        return False
    guns = guns_of(sides[me])
    for gun, power, percent in guns:
        for i in enemies:
            for j in KINDS:
                share = Fraction(power * sides[i].ships[j] * percent[j], targets * 100)
                damage[i][j] += share
                if watch is not None and share:
                    watch("shot", {"side": me, "gun": gun, "target": i, "kind": j, "damage": share})
    return bool(guns)


def take_damage(side: Side, taken: list[Fraction]) -> list[int]:
    """A side takes a round's damage: per kind, whole ships die; the rest stays as a wound."""
    killed = []
    for j in KINDS:
        total = side.wounds[j] + taken[j]
        dead = min(side.ships[j], int(total // side.hp[j]))
        side.ships[j] -= dead
        side.wounds[j] = total - dead * side.hp[j] if side.ships[j] else Fraction(0)
        killed.append(dead)
    return killed


def fire_round(world: World, sides: list[Side], watch: Watch | None = None) -> bool:
    """One round: all sides fire at once at the ships the round began with, then every side
    takes its damage; False if nobody could fire."""
    damage = [[Fraction(0)] * len(SHIP_TYPES) for _ in sides]
    fired = [fire(world, sides, me, damage, watch) for me in range(len(sides))]
    for me, (side, taken) in enumerate(zip(sides, damage, strict=True)):
        killed = take_damage(side, taken)
        if watch is not None:
            watch("losses", {"side": me, "damage": list(taken), "killed": killed,
                             "ships": list(side.ships), "wounds": list(side.wounds)})
    return any(fired)


def remove_losses(world: World, empire_id: int, system_id: int, lost: list[int]) -> None:
    """Take lost ships from the empire's fleets in the system, lowest fleet id first."""
    for k in KINDS:
        left = lost[k]
        for fleet in fleets_at(world, empire_id, system_id):
            taken = min(left, fleet.ships[k])
            fleet.ships[k] -= taken
            left -= taken


def empires_present(world: World, system_id: int) -> list[int]:
    """The empires with a fleet in the system or a fortified planet there, by id."""
    fleets = {f.owner for f in world.fleets if f.system == system_id}
    forts = {world.planets[p].owner for p in world.systems[system_id].planets
             if world.planets[p].owner >= 0 and world.planets[p].fort > 0}
    return sorted(fleets | forts)


def hostile_sides(world: World, system_id: int) -> list[Side]:
    """The sides of a battle in this system: the empires there at war with another one there,
    if at least one of them has ships to attack with (otherwise none: no battle)."""
    present = empires_present(world, system_id)
    if not any(at_war(world, a, b) for a in present for b in present):
        return []
    sides = [make_side(world, e, system_id) for e in present]
    hostile = [s for s in sides if any(at_war(world, s.empire, o.empire) for o in sides)]
    if not any(sum(a.ships) > 0 and at_war(world, a.empire, b.empire) and (sum(b.ships) or b.fort)
               for a in hostile for b in hostile):
        return []
    return hostile


def fight(world: World, system_id: int, watch: Watch | None = None) -> BattleReport | None:
    """Resolve the battle in one system, if two empires at war meet there with ships.

    watch, if given, is called with what happens (nothing else changes): ("battle", the sides),
    then per round one ("shot", ...) per share of damage and one ("losses", ...) per side."""
    hostile = hostile_sides(world, system_id)
    if not hostile:
        return None
    if watch is not None:
        watch("battle", {"system": system_id, "empires": [s.empire for s in hostile],
                         "ships": [list(s.ships) for s in hostile], "attack": [list(s.attack) for s in hostile],
                         "hp": [list(s.hp) for s in hostile], "fort_attack": [s.fort_attack for s in hostile]})
    before = [tuple(s.ships) for s in hostile]
    for _ in range(BATTLE_ROUNDS):
        if not fire_round(world, hostile, watch):
            break
    lost = [tuple(b - a for a, b in zip(s.ships, start, strict=True))
            for s, start in zip(hostile, before, strict=True)]
    for side, losses in zip(hostile, lost, strict=True):
        remove_losses(world, side.empire, system_id, list(losses))
    drop_empty(world)
    return BattleReport(world.turn, system_id, tuple(s.empire for s in hostile), tuple(before),
                        tuple(lost), tuple(s.fort for s in hostile))


def fight_battles(world: World) -> None:
    """Battle phase: every system, by number, where enemies meet; each battle leaves a report."""
    occupied = {fleet.system for fleet in world.fleets}  # no ships: no battle (fight says None)
    for system in world.systems:
        if system.id not in occupied:
            continue
        report = fight(world, system.id)
        if report is None:
            continue
        world.battle_reports.append(report)
        world.bus.publish(Event("battle_fought", {
            "system": system.id, "sides": len(report.empires), "report": report}))
        for i, empire_id in enumerate(report.empires):
            world.bus.publish(Event("ships_lost", {
                "empire": empire_id, "system": system.id, "lost": sum(report.lost[i]),
                "left": sum(report.before[i]) - sum(report.lost[i])}))


def siege_power(world: World, empire_id: int, system_id: int) -> int:
    """How much fortress the empire's ships in a system can batter down in one turn."""
    ships = ships_at(world, empire_id, system_id)
    raw = sum(ships[k] * SHIP_TYPES[k].siege for k in KINDS)
    return raw * (100 + bonus(world.empires[empire_id], "siege_pct")) // 100


def fort_strength(world: World, planet_id: int) -> int:
    """How much siege damage a planet's fortress takes before it falls."""
    planet = world.planets[planet_id]
    pct = 100 + bonus(world.empires[planet.owner], "fort_pct")
    return planet.fort * FORT_HP * pct // 100


def ships_present(world: World) -> dict[tuple[int, int], int]:
    """How many ships each empire has in each system: (empire, system) -> ships."""
    present: dict[tuple[int, int], int] = {}
    for fleet in world.fleets:
        key = (fleet.owner, fleet.system)
        present[key] = present.get(key, 0) + sum(fleet.ships)
    return present


def besiege_planet(world: World, planet: Planet, present: dict[tuple[int, int], int]) -> None:
    """Enemy ships alone at a planet batter its fortress; after SIEGE_TURNS with the fortress
    down, the one strongest besieger takes the planet. Defenders' ships lift the siege."""
    owner = planet.owner
    system_id = planet.system_id
    defended = present.get((owner, system_id), 0) > 0
    power = {e.id: siege_power(world, e.id, system_id) for e in world.empires
             if at_war(world, e.id, owner) and present.get((e.id, system_id), 0) > 0}
    if defended or not power:
        planet.siege = 0
        world.fort_left.pop(planet.id, None)
        return
    left = world.fort_left.get(planet.id, fort_strength(world, planet.id))
    left = max(0, left - sum(power.values()))
    world.fort_left[planet.id] = left
    planet.siege += 1
    world.bus.publish(Event("planet_besieged", {
        "empire": owner, "planet": planet.id, "fort": left}))
    strongest = max(power.values())
    leaders = [e for e in sorted(power) if power[e] == strongest]
    if left == 0 and planet.siege >= SIEGE_TURNS and len(leaders) == 1:
        planet.owner = leaders[0]
        planet.fort = 0
        planet.siege = 0
        world.fort_left.pop(planet.id, None)
        world.bus.publish(Event("planet_taken", {
            "empire": leaders[0], "planet": planet.id, "previous": owner}))


def besiege(world: World) -> None:
    """Siege phase: every owned planet, by id, is besieged by the enemy ships alone with it."""
    present = ships_present(world)  # counted once: no fleet moves in this phase
    for planet in world.planets:
        if planet.owner >= 0:
            besiege_planet(world, planet, present)
    settle_empires(world)


def settle_empires(world: World) -> None:
    """After captures: an empire without planets falls; one without its capital moves it."""
    for empire in world.empires:
        if not empire.alive:
            continue
        planets = owned_planets(world, empire.id)
        if not planets:
            empire.alive = False
            empire.fell_on = world.turn
            empire.research = -1
            world.fleets[:] = [f for f in world.fleets if f.owner != empire.id]
            world.queue[:] = [q for q in world.queue if q.empire != empire.id]
            world.bus.publish(Event("empire_fell", {"empire": empire.id}))
        elif capital_planet(world, empire.id) < 0:
            empire.capital = world.planets[planets[0]].system_id
            world.bus.publish(Event("capital_moved", {
                "empire": empire.id, "system": empire.capital}))
