"""The rivals' AI: score each candidate action by its utility, weighted by character, and act."""
from __future__ import annotations

from typing import TYPE_CHECKING

from cosmos.commands import Build, BuildShips, Colonize, Command, Move, Research, refusal
from cosmos.data import MINE_YIELD, RES_COUNT, RESOURCES, SHIP_TYPES, TECHS
from cosmos.diplomacy import AnswerOffer, DeclareWar, OfferPeace, offer_between, offers_to, peace_left
from cosmos.economy import building_cost, colony_cost, max_level, times
from cosmos.fleets import at_war
from cosmos.tech import researchable
from cosmos.view import KINDS, Cost, Survey, View, look, strength
from cosmos.world import capital_planet

if TYPE_CHECKING:
    from cosmos.world import World

__all__ = ["MAX_ACTIONS", "decide"]

ARMY_PER_INCOME = 0.8  # fleet strength a rival wants per unit of income, times its attack weight
MAX_ACTIONS = 8  # orders a rival gives in one turn at full pace (world.pace = 100)
SHIP_KEYS = tuple(ship.key for ship in SHIP_TYPES)
COUNTER = (2, 0, 1, 2)  # what to build against each kind: F beats I, I beats B, B beats F
# areas of technology and the part of the character that values them
AREA_WEIGHT = {"production": "expand", "science": "research", "ships": "attack",
               "defence": "expand", "movement": "attack"}


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
