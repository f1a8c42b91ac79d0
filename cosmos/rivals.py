"""The rivals' AI: score each candidate action by its utility, weighted by character, and act."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from cosmos.commands import Build, BuildShips, Colonize, Command, Move, Research, refusal
from cosmos.data import (
    CAPITAL_BONUS,
    MINE_YIELD,
    PERSONALITIES,
    RES_COUNT,
    RESOURCES,
    SHIP_TYPES,
    TECHS,
)
from cosmos.diplomacy import AnswerOffer, DeclareWar, OfferPeace, offer_between, offers_to, peace_left
from cosmos.economy import building_cost, capital_planet, colony_cost, max_level, times
from cosmos.fleets import at_war
from cosmos.graph import bfs
from cosmos.tech import researchable

if TYPE_CHECKING:
    from cosmos.data import Personality
    from cosmos.world import World

__all__ = ["MAX_ACTIONS", "Survey", "View", "decide", "look", "strength", "survey"]

ARMY_PER_INCOME = 0.8  # fleet strength a rival wants per unit of income, times its attack weight
HOME_WATCH = 2  # lanes around the capital a rival watches for enemy fleets
MAX_ACTIONS = 8  # orders a rival gives in one turn at full pace (world.pace = 100)
SHIP_KEYS = tuple(ship.key for ship in SHIP_TYPES)
KINDS = range(len(SHIP_TYPES))
COUNTER = (2, 0, 1, 2)  # what to build against each kind: F beats I, I beats B, B beats F
# areas of technology and the part of the character that values them
AREA_WEIGHT = {"production": "expand", "science": "research", "ships": "attack",
               "defence": "expand", "movement": "attack"}
Cost = tuple[int, int, int, int]


def strength(ships: list[int], attack: list[int], hp: list[int]) -> float:
    """A stack's fighting strength (Lanchester): the root of total attack times total hit points."""
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
    home_threat: float  # the strongest enemy stack at most HOME_WATCH lanes from my capital
    enemy_kinds: list[int]  # ships of empires at war with me, per kind
    fleet_power: list[float]  # per empire: the strength of all its ships
    income: int  # my production per turn, all resources together
    attack: list[int]  # my attack per ship kind
    hp: list[int]  # my hit points per ship kind
    claimed: set[int] = field(default_factory=set)
    queued: set[tuple[str, int]] = field(default_factory=set)
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


def survey(world: World) -> Survey:
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
        rich = planet.rich
        worth[planet.id] = (rich[0] + rich[1] + rich[2] + 1.5 * rich[3] + 4 + planet.mines * 4
                            + planet.lab * 4 + planet.yard * 3 + planet.fort * 2)
        if planet.owner < 0:
            free[planet.system_id] += worth[planet.id]
    return Survey(known, attack, hp, power, worth, free, distances(world))


def look(world: World, me: int, seen: Survey | None = None) -> View:
    """Build one empire's view of the galaxy for this turn (from this turn's survey, if given)."""
    seen = survey(world) if seen is None else seen
    empire = world.empires[me]
    n_sys = len(world.systems)
    war = [at_war(world, me, other.id) for other in world.empires]
    attack, hp, worth = seen.attack, seen.hp, seen.worth
    ships: dict[int, list[int]] = {}
    moving = 0
    stacks: dict[tuple[int, int], list[int]] = {}
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
    enemy = [0.0] * n_sys
    kinds = [0] * len(SHIP_TYPES)
    for (system, owner), counts in stacks.items():  # max and sums: the order does not matter
        enemy[system] = max(enemy[system], strength(counts, attack[owner], hp[owner]))
        kinds = [a + b for a, b in zip(kinds, counts, strict=True)]
    prey, forts = [0.0] * n_sys, [0] * n_sys
    planets = []
    for planet in world.planets:
        owner = planet.owner
        if owner == me:
            planets.append(planet.id)
        elif owner >= 0 and war[owner]:
            prey[planet.system_id] += worth[planet.id]
            forts[planet.system_id] += planet.fort
    stock = list(empire.stock)
    middle = sum(stock) / RES_COUNT + 20
    values = [min(3.0, max(0.3, middle / (stock[r] + 20))) for r in range(RES_COUNT)]
    queued = {(item.what, item.planet) for item in world.queue if item.empire == me}
    claimed = {item.planet for item in world.queue if item.empire == me and item.kind == "colony"}
    danger = list(enemy)
    for system in world.systems:
        for link in system.links:
            if enemy[link] > danger[system.id]:
                danger[system.id] = enemy[link]
    home_threat = 0.0
    if empire.capital >= 0:
        near = seen.dist[empire.capital]
        home_threat = max(enemy[s] for s in range(n_sys) if 0 <= near[s] <= HOME_WATCH)
    effects = seen.effects[me]
    per_mine = sum(MINE_YIELD) + sum(effects.get("mine_" + res, 0) for res in RESOURCES)
    produced = sum(sum(world.planets[p].rich) + world.planets[p].mines * per_mine for p in planets)
    if planets and empire.capital >= 0:
        produced += sum(CAPITAL_BONUS)
    return View(world, me, PERSONALITIES[empire.personality], stock, values, planets,
                empire.capital, effects, seen.dist, ships, moving, worth, seen.free, prey, forts,
                enemy, danger, home_threat, kinds, seen.power, produced, attack[me], hp[me],
                claimed, queued)


def research_choice(view: View) -> Command | None:
    """When nothing is being researched: the open technology the character values most per cost."""
    if view.world.empires[view.me].research >= 0:
        return None
    best: tuple[float, int] | None = None
    for tech in researchable(view.world, view.me):
        data = TECHS[tech]
        worth = view.weight(AREA_WEIGHT[data.area])
        if data.key == "stargate":
            worth += 3 * view.weight("research")
        if best is None or worth / data.cost > best[0]:
            best = (worth / data.cost, tech)
    return Research(view.me, best[1]) if best else None


def building_options(view: View) -> list[tuple[float, Command, Cost]]:
    """Mines, labs, forts and yards on my planets: benefit per cost, weighted by character."""
    world = view.world
    mine_gain = sum((MINE_YIELD[r] + view.effects.get("mine_" + res, 0)) * view.value[r]
                    for r, res in enumerate(RESOURCES))
    lab_science = 2 + view.effects.get("lab_science", 0)
    top_mine = max_level(world, view.me, "mine")
    top_fort = max_level(world, view.me, "fort")
    capital = capital_planet(world, view.me)
    found = []
    for planet_id in view.planets:
        planet = world.planets[planet_id]
        system = planet.system_id
        danger = view.danger[system]
        options = []
        if planet.mines < top_mine:
            options.append(("mine", mine_gain * (1 + view.weight("expand")) * 0.6))
        if planet.lab == 0:
            options.append(("lab", lab_science * 1.4 * view.weight("research")))
        if planet.fort < top_fort and (danger > 0 or planet_id == capital):
            guard = view.worth[planet_id] * (1 + min(2.0, danger / 20)) / (1 + planet.fort)
            options.append(("fort", guard * 0.1 * (1 + view.weight("expand"))))
        if planet.yard == 0 and system != view.capital and planet.mines >= 2:
            options.append(("yard", 2.0 * view.weight("attack")))
        for building, benefit in options:
            if (building, planet_id) not in view.queued:
                cost = building_cost(world, planet_id, building)
                if view.afford(cost):  # what the stock cannot pay now it cannot pay later
                    found.append((100 * benefit / view.price(cost),
                                  Build(view.me, building, planet_id), cost))
    return found


def colony_options(view: View) -> list[tuple[float, Command, Cost]]:
    """Free planets in systems where my ships wait: worth per cost, weighted by expansion."""
    world = view.world
    cost = colony_cost(world, view.me)
    found = []
    if not view.afford(cost):
        return found
    for system in sorted(view.ships):
        for planet_id in world.systems[system].planets:
            if world.planets[planet_id].owner < 0 and planet_id not in view.claimed:
                benefit = view.worth[planet_id] * (1 + view.weight("expand")) * 1.5
                found.append((100 * benefit / view.price(cost), Colonize(view.me, planet_id), cost))
    return found


def ship_options(view: View) -> list[tuple[float, Command, Cost]]:
    """Warships at a yard when my fleet is weaker than the character wants."""
    world = view.world
    mine = view.fleet_power[view.me]
    threat = max(view.enemy)
    rivals = max((p for e, p in enumerate(view.fleet_power) if e != view.me
                  and world.empires[e].alive), default=0.0)
    wanted = max(threat * 1.3, rivals * (0.4 + 0.3 * view.weight("attack")),
                 view.weight("attack") * (8.0 + view.income * ARMY_PER_INCOME))
    if mine >= wanted:
        return []
    kind = COUNTER[max(KINDS, key=lambda k: (view.enemy_kinds[k], -k))]
    if view.effects.get("unlock_D", 0) and view.weight("attack") >= 2:
        kind = 3
    yards = [p for p in view.planets if world.planets[p].yard]
    one = SHIP_TYPES[kind].cost
    count = min([view.stock[r] // one[r] for r in range(RES_COUNT) if one[r]] + [99])
    count = min(count, 1 + int((wanted - mine) / 6))
    if not yards or count <= 0:
        return []
    planet = yards[0] if view.capital < 0 else min(
        yards, key=lambda p: (world.planets[p].system_id != view.capital, p))
    urgency = 100 * (wanted - mine) / wanted * (0.5 + 0.5 * view.weight("attack"))
    cost = times(one, count)
    return [(urgency * 1.2 / (1 + view.price(one) / 40), BuildShips(view.me, SHIP_KEYS[kind], count,
                                                                    planet), cost)]


def move_options(view: View) -> list[tuple[float, Command]]:
    """Where each waiting stack should go: free planets, weak enemies, or home to defend it."""
    world = view.world
    expand, attack = view.weight("expand"), view.weight("attack")
    free, enemy, prey = view.free, view.enemy, view.prey
    found = []
    for system in sorted(view.ships):
        mine = strength(view.ships[system], view.attack, view.hp)
        dist = view.dist[system]
        best = (free[system] * 0.5 * expand, system)
        if prey[system] and enemy[system] < mine:
            best = (max(best[0], 100.0), system)  # a siege under way: stay until the planet falls
        if system == view.capital and view.home_threat * 2.5 > mine:
            best = (max(best[0], 80.0), system)  # enemies nearby: the home fleet stays
        margin = 1.8 - 0.25 * attack
        for target in range(len(world.systems)):
            steps = dist[target]
            if target == system or steps < 0:
                continue
            score = 0.0
            if free[target] and enemy[target] < mine * 0.7:
                score = free[target] * expand / (1 + steps)
            defence = enemy[target] + 8.0 * view.forts[target]
            if prey[target] and mine > defence * margin and mine > 10:
                score = max(score, prey[target] * attack * 1.5 / (1 + steps))
            if target == view.capital and view.home_threat > 0:
                score = max(score, 60.0 / (1 + steps))
            if score > best[0]:
                best = (score, target)
        if best[1] != system:
            found.append((best[0], Move(view.me, system, best[1])))
    return found


def diplomacy_moves(view: View) -> list[Command]:
    """Answer offers, then seek war (Warlords, against the weak) or peace (with the strong)."""
    world, me, power = view.world, view.me, view.fleet_power
    warlike = view.weight("attack") > max(view.weight("expand"), view.weight("research"))
    mine = power[me]
    moves: list[Command] = []
    for offer in offers_to(world, me):
        moves.append(AnswerOffer(me, offer.sender, not warlike or power[offer.sender] > mine * 1.3))
    others = [e.id for e in world.empires if e.id != me and e.alive]
    if warlike:
        targets = [e for e in others if not at_war(world, me, e) and peace_left(world, me, e) == 0
                   and mine > power[e] * 1.2]
        if targets:
            moves.append(DeclareWar(me, min(targets, key=lambda e: (power[e], e))))
    fearful = 1.5 if warlike else 0.8 / view.weight("research")
    for other in others:
        if (at_war(world, me, other) and power[other] > mine * fearful
                and offer_between(world, me, other) is None):
            moves.append(OfferPeace(me, other))
    return moves


def decide(world: World, empire_id: int, seen: Survey | None = None) -> list[Command]:
    """The rival's orders for this turn, best first; each is legal when applied in this order."""
    empire = world.empires[empire_id]
    if world.victory is not None or not empire.alive:
        return []
    view = look(world, empire_id, seen)
    limit = max(1, MAX_ACTIONS * world.pace // 100)
    chosen: list[Command] = [c for c in diplomacy_moves(view)
                             if refusal(world, c) is None][:limit]
    # the other orders are legal by construction (the tests apply every one of them)
    research = research_choice(view)
    if research is not None and len(chosen) < limit:
        chosen.append(research)
    ranked: list[tuple[float, int, Command, Cost]] = []
    for utility, command in move_options(view):
        ranked.append((-utility, len(ranked), command, (0, 0, 0, 0)))
    for utility, command, cost in [*building_options(view), *colony_options(view),
                                   *ship_options(view)]:
        ranked.append((-utility, len(ranked), command, cost))
    ranked.sort(key=lambda item: (item[0], item[1]))
    for _utility, _order, command, cost in ranked:
        if len(chosen) >= limit:
            break
        if view.afford(cost):
            for r in range(RES_COUNT):
                view.stock[r] -= cost[r]
            chosen.append(command)
    return chosen
