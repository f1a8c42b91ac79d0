"""Everything the game knows, in one World, and new_world: the whole world from one seed."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cosmos.bus import EventBus
from cosmos.data import (
    EMPIRE_DEFS,
    HOME_BUILDINGS,
    HOME_RICH,
    PERSONALITIES,
    RES_COUNT,
    RIVAL_PACE,
    START_FLEET,
    START_STOCK,
    EmpireDef,
)
from cosmos.galaxy import Planet, StarSystem, generate_planets, generate_systems, pick_capitals
from cosmos.rng import Random

__all__ = [
    "Empire", "Fleet", "Planet", "StarSystem", "World", "capital_planet", "new_world", "owned_planets",
    "place_homeworld",
]

ROMAN = ("I", "II", "III", "IV", "V")


@dataclass
class Empire:
    """An empire: who it is, its character, its capital, what it has in stock and what it knows."""

    id: int
    definition: EmpireDef
    personality: str
    human: bool = False
    alive: bool = True
    capital: int = -1
    stock: list[int] = field(default_factory=lambda: [0] * RES_COUNT)
    science: int = 0
    research: int = -1
    techs: list[int] = field(default_factory=list)
    queued: list[int] = field(default_factory=list)  # technologies to research after this one (r X Y Z)
    produced: int = 0
    fell_on: int = 0  # the turn the empire fell (0: still in the game)

    @property
    def letter(self) -> str:
        """The empire's letter on the map, A to D."""
        return self.definition.letter

    @property
    def name(self) -> str:
        """The empire's name in English (other languages: name_in)."""
        return self.definition.names["en"]

    def name_in(self, lang: str) -> str:
        """The empire's name in one of the four languages."""
        return self.definition.names[lang]


@dataclass
class Fleet:
    """Ships of one empire in one system: counts of I, B, F, D, and where they are heading."""

    id: int
    owner: int
    system: int
    ships: list[int]
    target: int = -1


@dataclass
class World:
    """The seed, the generator and everything that exists in the galaxy."""

    seed: int
    rng: Random
    turn: int = 1
    systems: list[StarSystem] = field(default_factory=list)
    planets: list[Planet] = field(default_factory=list)
    empires: list[Empire] = field(default_factory=list)
    fleets: list[Fleet] = field(default_factory=list)
    queue: list[Any] = field(default_factory=list)
    offers: list[Any] = field(default_factory=list)
    news: list[str] = field(default_factory=list)
    turn_lines: list[str] = field(default_factory=list)
    bus: EventBus = field(default_factory=EventBus)
    victory: Any = None
    fort_left: dict[int, int] = field(default_factory=dict)
    stats: dict[str, int] = field(default_factory=dict)
    last_battle: list[str] = field(default_factory=list)
    quiet: bool = False
    alert: int = 0
    pace: int = 100
    events_enabled: bool = True  # random events happen (designers and rule tests may switch them off)
    # the rules' bookkeeping (cosmos.economy, fleets, battle, turn, victory)
    peace: dict[tuple[int, int], int] = field(default_factory=dict)  # (low, high) -> turn made
    next_fleet_id: int = 0  # the next new fleet's id (at least one more than any fleet's)
    battle_reports: list[Any] = field(default_factory=list)  # cosmos.battle.BattleReport
    turn_news: list[Any] = field(default_factory=list)  # cosmos.messages.Message of the last turn
    listening: bool = False  # the rules' listeners (news, statistics) are subscribed

    def living_count(self) -> int:
        """How many empires are still in the game."""
        return sum(1 for empire in self.empires if empire.alive)

    def planet_name(self, planet_id: int) -> str:
        """A planet's name: its star's name and a Roman numeral (Elara I)."""
        planet = self.planets[planet_id]
        return f"{self.systems[planet.system_id].name} {ROMAN[planet.index]}"


def owned_planets(world: World, empire_id: int) -> list[int]:
    """The ids of the empire's planets, ascending."""
    return [planet.id for planet in world.planets if planet.owner == empire_id]


def capital_planet(world: World, empire_id: int) -> int:
    """The empire's capital planet: its first planet in its capital system (-1: none)."""
    empire = world.empires[empire_id]
    if empire.capital < 0:
        return -1
    for planet_id in world.systems[empire.capital].planets:
        if world.planets[planet_id].owner == empire_id:
            return planet_id
    return -1


def check_seed(seed: object) -> int:
    """Accept any integer seed (it wraps to 32 bits as the canon does); refuse everything else."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"the seed must be a whole number, not {seed!r}")
    return seed


def check_personalities(personalities: list[str] | None, count: int) -> list[str] | None:
    """Each name must be a known character, and there must be one for every empire."""
    if personalities is None:
        return None
    for name in personalities:
        if name not in PERSONALITIES:
            known = ", ".join(sorted(PERSONALITIES))
            raise ValueError(f"unknown personality {name!r}: choose from {known}")
    if len(personalities) < count:
        raise ValueError(f"this galaxy has {count} empires but only {len(personalities)} personalities were given")
    return personalities


def place_homeworld(world: World, empire: Empire, system_id: int) -> None:
    """Give an empire its capital: the first planet of the system, fairly rich, built up, and a fleet."""
    empire.capital = system_id
    planet = world.planets[world.systems[system_id].planets[0]]
    planet.owner = empire.id
    planet.rich = list(HOME_RICH)
    for building, level in HOME_BUILDINGS.items():
        setattr(planet, building, level)
    empire.stock = list(START_STOCK)
    world.fleets.append(Fleet(len(world.fleets), empire.id, system_id, list(START_FLEET)))


def new_world(
    seed: int, human: bool = True, personalities: list[str] | None = None, quiet: bool = False
) -> World:
    """The whole world from one seed: systems, rivals, capitals, planets, then the empires."""
    world = World(seed=check_seed(seed), rng=Random(seed), quiet=quiet)
    world.pace = RIVAL_PACE if human else 100
    rng = world.rng
    count = 12 + rng.next_int(9)
    generate_systems(world, count)
    rivals = 2 + rng.next_int(2) if count >= 15 else 2
    defs = [0]
    pool = [1, 2, 3]
    rng.shuffle(pool)
    defs.extend(pool[:rivals])
    chosen = check_personalities(personalities, len(defs))
    capitals = pick_capitals(world, len(defs))
    generate_planets(world, capitals)
    for i, def_index in enumerate(defs):
        definition = EMPIRE_DEFS[def_index]
        personality = chosen[i] if chosen else definition.personality
        empire = Empire(i, definition, personality, human=human and i == 0)
        world.empires.append(empire)
        place_homeworld(world, empire, capitals[i])
    return world
