"""The game's fixed data: star names, empires, planet types, personalities and the start."""
from __future__ import annotations

from dataclasses import dataclass

# The galaxy is a grid of MAP_COLS x MAP_ROWS cells; a star sits somewhere inside its cell.
MAP_COLS = 5
MAP_ROWS = 4
CELL_W = 12
CELL_H = 4

# Extra lanes: only to a neighbour this close (squared distance), at most this many lanes, this chance.
EXTRA_LANE_MAX_D2 = 420
EXTRA_LANE_MAX_LINKS = 4
EXTRA_LANE_CHANCE = 55

# How many planets a system has: weights for 1, 2 and 3 planets.
PLANET_COUNT_WEIGHTS = (30, 45, 25)
MIN_CAPITAL_PLANETS = 2

RESOURCES = ("M", "G", "C", "U")  # metal, gas, crystal, uranium
RES_COUNT = len(RESOURCES)
MAX_RICH_ROLL = 4  # richness from the planet type and the roll stays within 0..4
MAX_RICH = 5  # the star's bonus may lift one resource to 5

# Star classes: 0 red, 1 yellow, 2 blue; each star adds one to a resource.
STAR_CLASSES = ("red", "yellow", "blue")
STAR_BONUS = (1, 0, 2)  # red -> gas, yellow -> metal, blue -> crystal

STAR_NAMES = (
    "Achernar", "Aldira", "Altair", "Antares", "Arcturus", "Bellatrix", "Betelgeuse", "Canopus",
    "Capella", "Castor", "Cygna", "Deneb", "Draconis", "Electra", "Fomalhaut", "Gienah",
    "Hadar", "Izar", "Kochab", "Lesath", "Markab", "Menkar", "Mira", "Mizar",
    "Nashira", "Nunki", "Pollux", "Procyon", "Rigel", "Sabik", "Sirius", "Spica",
    "Elara", "Tarazed", "Thuban", "Ursae", "Vindemia", "Wezen", "Yildun", "Zaniah",
)


@dataclass(frozen=True)
class EmpireDef:
    """One of the four empires a game can have."""

    letter: str
    key: str
    names: dict[str, str]
    personality: str


EMPIRE_DEFS = (
    EmpireDef("A", "terran", {"en": "Terran Empire", "es": "Imperio Terrano",
                              "bg": "Земна империя", "de": "Terranisches Imperium"}, "builder"),
    EmpireDef("B", "orion", {"en": "Orion Hegemon", "es": "Hegemonía de Orión",
                             "bg": "Хегемония Орион", "de": "Orion-Hegemonie"}, "warlord"),
    EmpireDef("C", "lyra", {"en": "Lyra Union", "es": "Unión de Lira",
                            "bg": "Съюз Лира", "de": "Lyra-Union"}, "builder"),
    EmpireDef("D", "vega", {"en": "Vega Academy", "es": "Academia de Vega",
                            "bg": "Академия Вега", "de": "Vega-Akademie"}, "scholar"),
)


@dataclass(frozen=True)
class PlanetType:
    """A kind of planet: how likely it is and how rich it tends to be (M, G, C, U)."""

    key: str
    weight: int
    base: tuple[int, int, int, int]


PLANET_TYPES = (
    PlanetType("rocky", 30, (3, 0, 1, 1)),
    PlanetType("gas_giant", 25, (0, 4, 1, 0)),
    PlanetType("icy", 20, (1, 2, 3, 0)),
    PlanetType("ocean", 15, (2, 2, 1, 1)),
    PlanetType("volcanic", 10, (2, 1, 1, 3)),
)


@dataclass(frozen=True)
class Personality:
    """The character of a rival: how much it values war, growth and science."""

    key: str
    attack: int
    expand: int
    research: int


PERSONALITIES = {
    "warlord": Personality("warlord", attack=3, expand=1, research=1),
    "builder": Personality("builder", attack=1, expand=3, research=1),
    "scholar": Personality("scholar", attack=1, expand=1, research=3),
}

# Every empire starts alike: a fair home world, the same stock and the same first fleet.
HOME_RICH = (3, 3, 2, 1)
HOME_BUILDINGS = {"mines": 1, "lab": 1, "yard": 1, "fort": 1}
START_STOCK = (70, 60, 20, 5)
SHIP_KINDS = ("I", "B", "F", "D")  # interceptor, bomber, frigate, dreadnought
START_FLEET = (3, 2, 2, 0)

RIVAL_PACE = 100  # percent of a rival's actions it takes in a game with a human
MAX_TURNS = 150
