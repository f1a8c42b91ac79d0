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

# ---------------------------------------------------------------------------------------------
# The rules' numbers: every figure a designer would tune lives here (the rules modules read them).
# Costs and yields are (M, G, C, U). For seed 2026 the player's turn-1 figures come out of them:
# income = richness + mines x MINE_YIELD + CAPITAL_BONUS = (3+2+3, 3+1, 2+1, 1+0) = +8 +4 +3 +1,
# science = CAPITAL_SCIENCE + labs x LAB_SCIENCE = 1 + 2 = 3,
# score = 10 per planet + 2 per building level (mines 1, lab, yard, fort 1) + fleet attack // 10
#       = 10 + 8 + (3x3 + 2x3 + 2x4) // 10 = 20.

MINE_YIELD = (2, 1, 1, 0)  # what each mine level adds to its planet's production
CAPITAL_BONUS = (3, 0, 0, 0)  # what the capital planet adds on top
CAPITAL_SCIENCE = 1  # science the capital gives even without a lab
LAB_SCIENCE = 2  # science per lab

SCORE_PER_PLANET = 10
SCORE_PER_LEVEL = 2  # every level of every building (mines, lab, yard, fort)
SCORE_PER_TECH = 5
SCORE_FLEET_DIVISOR = 10  # one point per this much fleet attack (base attack of the ship types)

COLONY_COST = (40, 30, 10, 0)  # the first colony; every planet you own beyond the capital adds
COLONY_GROWTH_PCT = 50  # this percentage of it to the next one


@dataclass(frozen=True)
class BuildingType:
    """A building: its planet field, cost of the first level, turns to build, highest level."""

    key: str
    field: str
    cost: tuple[int, int, int, int]
    turns: int
    max_level: int
    cost_grows: bool  # the n-th level costs n times the first


BUILDINGS = {
    "mine": BuildingType("mine", "mines", (25, 10, 5, 0), 1, 5, True),
    "lab": BuildingType("lab", "lab", (30, 20, 15, 0), 2, 1, False),
    "yard": BuildingType("yard", "yard", (40, 20, 10, 0), 2, 1, False),
    "fort": BuildingType("fort", "fort", (30, 10, 10, 0), 1, 3, True),
}


@dataclass(frozen=True)
class ShipType:
    """A kind of ship: cost, attack and hit points in battle, siege power, and what it needs."""

    key: str
    cost: tuple[int, int, int, int]
    attack: int
    hp: int
    siege: int
    locked: bool = False  # True: only after a technology with the effect unlock_<key>


SHIP_TYPES = (
    ShipType("I", (10, 6, 0, 0), 3, 8, 1),
    ShipType("B", (12, 8, 2, 0), 3, 10, 3),
    ShipType("F", (16, 10, 4, 0), 4, 12, 2),
    ShipType("D", (50, 40, 20, 10), 10, 40, 6, locked=True),
)
MAX_SHIPS_PER_ORDER = 99
SHIP_BUILD_TURNS = 1

# Rock, paper, scissors: damage in percent when the row's kind fires at the column's kind.
# I beats B, B beats F, F beats I; the dreadnought hits everything hard.
RPS_PERCENT = (
    # I    B    F    D
    (100, 200, 50, 100),  # I
    (50, 100, 200, 100),  # B
    (200, 50, 100, 100),  # F
    (150, 150, 150, 100),  # D
)
BATTLE_ROUNDS = 3
FORT_ATTACK = 4  # a fortress fires in battle with this attack per level
FORT_HP = 20  # a fortress takes this much siege damage per level before it falls
SIEGE_TURNS = 3  # turns of blockade (fortress down) before a planet is taken

FLEET_SPEED = 1  # lanes per turn


@dataclass(frozen=True)
class Tech:
    """A technology: key, science cost, prerequisites (keys) and the rules it changes."""

    key: str
    cost: int
    needs: tuple[str, ...]
    area: str  # production, ships, defence, science or movement
    effects: tuple[tuple[str, int], ...]


# Effects: mine_M/G/C/U add to MINE_YIELD; lab_science adds to LAB_SCIENCE; science_pct raises all
# science; attack_<kind> adds attack; hp_pct raises hit points; unlock_<kind> allows a ship type;
# speed adds lanes per turn; fort_max adds fortress levels; fort_pct strengthens fortresses;
# siege_pct strengthens your sieges; stargate wins the game.
TECHS = (
    Tech("deep_drilling", 40, (), "production", (("mine_M", 1),)),
    Tech("gas_siphons", 50, (), "production", (("mine_G", 1),)),
    Tech("plasma_cannons", 60, (), "ships", (("attack_I", 1), ("attack_F", 1))),
    Tech("research_grid", 60, (), "science", (("lab_science", 2),)),
    Tech("ion_engines", 90, ("gas_siphons",), "movement", (("speed", 1),)),
    Tech("reinforced_hulls", 90, ("plasma_cannons",), "ships", (("hp_pct", 25),)),
    Tech("bastions", 100, ("deep_drilling",), "defence", (("fort_max", 2), ("fort_pct", 50))),
    Tech("crystal_lattice", 120, ("deep_drilling", "research_grid"), "production", (("mine_C", 1),)),
    Tech("dreadnought_yards", 160, ("reinforced_hulls", "deep_drilling"), "ships",
         (("unlock_D", 1),)),
    Tech("uranium_enrichment", 180, ("crystal_lattice",), "production", (("mine_U", 1),)),
    Tech("quantum_computing", 220, ("research_grid", "crystal_lattice"), "science",
         (("science_pct", 50),)),
    Tech("siege_engines", 240, ("bastions", "ion_engines"), "ships", (("siege_pct", 50),)),
    Tech("stargate", 1500, ("dreadnought_yards", "uranium_enrichment", "quantum_computing",
                           "siege_engines"), "movement", (("stargate", 1),)),
)

ECONOMY_TARGET = 9800  # produced in total (all four resources) for an economic victory
VICTORY_KINDS = ("conquest", "science", "economy", "score", "defeat")
