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

COLONY_COST = (40, 20, 15, 4)  # the first colony; every planet you own beyond the capital adds
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
    "mine": BuildingType("mine", "mines", (20, 12, 8, 0), 1, 5, True),
    "lab": BuildingType("lab", "lab", (25, 15, 25, 5), 2, 1, False),
    "yard": BuildingType("yard", "yard", (40, 25, 15, 5), 2, 1, False),
    "fort": BuildingType("fort", "fort", (25, 10, 10, 5), 1, 3, True),
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
    ShipType("I", (10, 6, 2, 1), 3, 8, 1),
    ShipType("B", (12, 8, 3, 1), 3, 10, 3),
    ShipType("F", (14, 10, 6, 2), 4, 12, 2),
    ShipType("D", (40, 30, 30, 20), 10, 40, 6, locked=True),
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
    Tech("deep_drilling", 30, (), "production", (("mine_M", 1),)),
    Tech("gas_siphons", 37, (), "production", (("mine_G", 1),)),
    Tech("plasma_cannons", 45, (), "ships", (("attack_I", 1), ("attack_F", 1))),
    Tech("research_grid", 45, (), "science", (("lab_science", 2),)),
    Tech("ion_engines", 67, ("gas_siphons",), "movement", (("speed", 1),)),
    Tech("reinforced_hulls", 67, ("plasma_cannons",), "ships", (("hp_pct", 25),)),
    Tech("bastions", 75, ("deep_drilling",), "defence", (("fort_max", 2), ("fort_pct", 50))),
    Tech("crystal_lattice", 90, ("deep_drilling", "research_grid"), "production", (("mine_C", 1),)),
    Tech("dreadnought_yards", 120, ("reinforced_hulls", "deep_drilling"), "ships",
         (("unlock_D", 1),)),
    Tech("uranium_enrichment", 135, ("crystal_lattice",), "production", (("mine_U", 1),)),
    Tech("quantum_computing", 165, ("research_grid", "crystal_lattice"), "science",
         (("science_pct", 50),)),
    Tech("siege_engines", 180, ("bastions", "ion_engines"), "ships", (("siege_pct", 50),)),
    Tech("stargate", 600, ("dreadnought_yards", "uranium_enrichment", "quantum_computing",
                           "siege_engines"), "movement", (("stargate", 1),)),
)

ECONOMY_TARGET = 9800  # produced in total (all four resources) for an economic victory
VICTORY_KINDS = ("conquest", "science", "economy", "score", "defeat")


# ---------------------------------------------------------------------------------------------
# The rivals' AI: every number its view and its scoring use, named, with the reason for it.
# A utility is benefit / price (price: a cost in today's resource values); the character's
# weights (Personality) multiply the benefit of the areas it cares about. Change a field with
# dataclasses.replace(AI_TUNING, ...) and hand it to rivals.decide(tuning=...) to see a rival
# behave differently (the golden games use AI_TUNING as it is).

@dataclass(frozen=True)
class AiTuning:
    """The rivals' scoring numbers: what a planet is worth, each option's benefit, when to fight."""

    # what holding a planet is worth: its richness (uranium counts more) plus what is built on it
    worth_uranium: float = 1.5  # uranium is the scarcest resource, so a unit of it counts more
    worth_base: int = 4  # any planet is worth something: a place to build, a point of score
    worth_mine: int = 4  # per mine level: income already paid for
    worth_lab: int = 4  # a lab: science already paid for
    worth_yard: int = 3  # a yard: somewhere near the front to build ships
    worth_fort: int = 2  # per fortress level: harder to take, so keeping it is worth more
    # what a unit of each resource is worth now: scarce ones more, within these bounds
    value_cushion: int = 20  # added to every stock, so an empty stock does not make a value infinite
    value_min: float = 0.3  # a resource piling up is still worth something
    value_max: float = 3.0  # a missing resource is never worth everything else together
    home_watch: int = 2  # lanes around the capital a rival watches for enemy fleets
    # utilities: benefit per price, times this, so the options' numbers are easy to read
    scale: int = 100  # a percentage-like scale: a good option scores tens to a few hundred
    research_stargate: int = 3  # the Stargate wins the game: worth three more research weights
    research_unlock: int = 4  # a new kind of ship (the dreadnought) puts piled-up crystal and uranium to use
    mine_benefit: float = 1.5  # a mine's income is certain and lasts: half as much again as the income itself
    lab_benefit: float = 2.0  # science compounds, so a lab is worth twice its two points
    fort_benefit: float = 0.6  # a fort guards what the planet is worth, but only if attacked: a bit more than half
    fort_danger_unit: int = 20  # enemy strength that doubles a fort's worth (a small fleet)
    fort_danger_cap: float = 2.0  # a fort at most triples in worth, however big the danger
    yard_benefit: float = 2.0  # a second yard, per attack weight: ships nearer the front
    yard_min_mines: int = 2  # a second yard only on a planet with two mines: it must pay for its ships
    colony_benefit: float = 2.0  # a new planet pays every turn from now on and opens more: twice its worth
    # warships: how strong a fleet each character wants, and how urgently
    ships_vs_threat: float = 1.3  # outnumber the strongest enemy stack nearby by 30 percent
    ships_vs_rival: float = 0.6  # keep at least this share of the strongest rival's fleet (or be prey),
    ships_vs_rival_per_attack: float = 0.3  # and this much more share per attack weight
    army_base: float = 8.0  # per attack weight: a small standing fleet even with no income
    army_per_income: float = 0.8  # per attack weight: fleet strength per unit of income
    strength_per_ship: int = 6  # about what one ship adds to a stack's strength: how many to order
    urgency_base: float = 0.5  # every character builds ships when its fleet is too weak,
    urgency_per_attack: float = 0.5  # warlike ones more urgently
    ships_benefit: float = 1.2  # warships keep everything else safe: a bonus over other options
    ships_price_unit: int = 40  # a ship's price counts against it in steps of this much
    dreadnought_attack: int = 1  # attack weight from which a rival builds dreadnoughts when it can: all
    # moves: where a waiting stack goes (or why it stays)
    stay_free: float = 1.0  # free planets where the stack waits: as good as going for them (it can colonise soon)
    stay_siege: float = 100.0  # a siege under way: stay until the planet falls
    stay_home: float = 80.0  # enemies near the capital: the home fleet stays
    home_guard_ratio: float = 2.5  # the home fleet stays unless 2.5 times the nearby threat
    escort_ratio: float = 0.7  # go for free planets only where the enemy is under 70% of my strength
    fort_strength: float = 8.0  # a fortress level defends like a stack of this strength
    attack_margin: float = 1.8  # attack only with 1.8 times the defence's strength (1.8² = 3.24 times its power),
    attack_margin_per_attack: float = 0.2  # and a fifth less per attack weight (warlords dare)
    attack_min_strength: int = 10  # never attack with a stack weaker than this
    prey_benefit: float = 1.5  # taking a planet gains it and weakens an enemy: worth half again
    home_call: float = 60.0  # enemies near the capital call stacks home, less the farther they are
    # saving: the best colony or building it cannot pay yet is saved for, if its income pays it this soon
    save_turns: int = 5  # in turns; while saving, the options below it spend only what is left beyond its cost
    save_min_utility: float = 20.0  # never save for an option worth less than this: spend on others


AI_TUNING = AiTuning()
