"""The rivals' AI: score each candidate action by its utility, weighted by character, and act."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cosmos.commands import Build, BuildShips, Colonize, Command, Move, Research, refusal
from cosmos.data import AI_TUNING, LAB_SCIENCE, MAX_SHIPS_PER_ORDER, MINE_YIELD, RES_COUNT, RESOURCES, SHIP_TYPES, TECHS
from cosmos.economy import building_cost, colony_cost, income, max_level, times
from cosmos.tech import research_order, tech_id
from cosmos.view import KINDS, Cost, Survey, View, look, strength
from cosmos.world import capital_planet

if TYPE_CHECKING:
    from cosmos.data import AiTuning, Personality
    from cosmos.world import World

__all__ = ["MAX_ACTIONS", "Envoy", "Option", "Plan", "begin_plan", "decide", "options", "plan", "walk_budget"]

MAX_ACTIONS = 8  # orders a rival gives in one turn at full pace (world.pace = 100)
SHIP_KEYS = tuple(ship.key for ship in SHIP_TYPES)
DREADNOUGHT = SHIP_KEYS.index("D")
COUNTER = (2, 0, 1, 2)  # what to build against each kind: F beats I, I beats B, B beats F
# areas of technology and the part of the character that values them
AREA_WEIGHT = {"production": "expand", "science": "research", "ships": "attack",
               "defence": "expand", "movement": "attack"}
FREE: Cost = (0, 0, 0, 0)  # what a move costs
Envoy = Callable[[View], list[Command]]  # a rival's diplomat: its diplomatic orders for this view


@dataclass(frozen=True)
class Option:
    """One thing a rival could do this turn: its utility, the command, what it costs."""

    utility: float
    order: int  # its place in the list of options: equal utilities go to the one listed first
    command: Command
    cost: Cost


@dataclass
class Plan:
    """A rival's whole decision in one turn: its view, its ranked options and the orders chosen."""

    view: View
    limit: int  # how many orders it may give
    budget: list[int]  # the stock it starts the turn with (M, G, C, U)
    first: list[Command]  # diplomacy (if it has an envoy) and research: given before the rest
    ranked: list[Option]  # every option, best first
    chosen: list[Command] = field(default_factory=list)  # its orders, in the order given
    taken: list[Option] = field(default_factory=list)  # the ranked options it chose
    spent: list[int] = field(default_factory=lambda: [0] * RES_COUNT)  # what those cost together
    saving: Option | None = None  # the best colony or building it cannot pay yet but soon will: saved for
    kept: list[int] = field(default_factory=lambda: [0] * RES_COUNT)  # the stock kept back for it


def tech_worth(view: View, tech: int) -> float:
    """What a technology is worth to this character: its area's weight, and more for the Stargate and new ships."""
    data, t = TECHS[tech], view.tuning
    worth: float = view.weight(AREA_WEIGHT[data.area])
    if data.key == "stargate":
        worth += t.research_stargate * view.weight("research")
    if any(name.startswith("unlock_") for name, _ in data.effects):
        worth += t.research_unlock
    return worth


def research_path(known: list[int], goal: int) -> list[int]:
    """The technologies still to research to have goal (goal too), in research order."""
    path, todo = set(), [goal]
    while todo:
        tech = todo.pop()
        if tech not in known and tech not in path:
            path.add(tech)
            todo.extend(tech_id(need) for need in TECHS[tech].needs)
    return [tech for tech in research_order() if tech in path]


def research_choice(view: View) -> Command | None:
    """When nothing is being researched: the first step towards the goal the character values most per cost.

    A goal's worth and cost are those of its whole path (the goal and its missing prerequisites), so
    a valued technology behind cheap prerequisites is aimed for; ties go to the goal first in research order.
    """
    empire = view.world.empires[view.me]
    if empire.research >= 0:
        return None
    best: tuple[float, int] | None = None
    for goal in research_order():
        if goal in empire.techs:
            continue
        path = research_path(empire.techs, goal)
        density = sum(tech_worth(view, tech) for tech in path) / sum(TECHS[tech].cost for tech in path)
        if best is None or density > best[0]:
            best = (density, path[0])
    return Research(view.me, best[1]) if best else None


def building_benefits(view: View, planet_id: int, top_mine: int, top_fort: int,
                      capital: int) -> list[tuple[str, float]]:
    """What each building a planet could get next is worth to this character (before its cost)."""
    t, world = view.tuning, view.world
    planet = world.planets[planet_id]
    danger = view.danger[planet.system_id]
    found = []
    if planet.mines < top_mine:
        mine_gain = sum((MINE_YIELD[r] + view.effects.get("mine_" + res, 0)) * view.value[r]
                        for r, res in enumerate(RESOURCES))
        found.append(("mine", mine_gain * (1 + view.weight("expand")) * t.mine_benefit))
    if planet.lab == 0:
        lab_science = LAB_SCIENCE + view.effects.get("lab_science", 0)
        found.append(("lab", lab_science * t.lab_benefit * view.weight("research")))
    if planet.fort < top_fort and (danger > 0 or planet_id == capital):
        guard = (view.worth[planet_id] * (1 + min(t.fort_danger_cap, danger / t.fort_danger_unit))
                 / (1 + planet.fort))
        found.append(("fort", guard * t.fort_benefit * (1 + view.weight("expand"))))
    if planet.yard == 0 and planet.system_id != view.capital and planet.mines >= t.yard_min_mines:
        found.append(("yard", t.yard_benefit * view.weight("attack")))
    return found


def building_options(view: View) -> list[tuple[float, Command, Cost]]:
    """Mines, labs, forts and yards on my planets: benefit per cost, weighted by character."""
    world = view.world
    top_mine = max_level(world, view.me, "mine")
    top_fort = max_level(world, view.me, "fort")
    capital = capital_planet(world, view.me)
    found: list[tuple[float, Command, Cost]] = []
    for planet_id in view.planets:
        for building, benefit in building_benefits(view, planet_id, top_mine, top_fort, capital):
            if (building, planet_id) not in view.queued:  # listed even if the stock cannot pay: plan skips it
                cost = building_cost(world, planet_id, building)
                found.append((view.tuning.scale * benefit / view.price(cost), Build(view.me, building, planet_id),
                              cost))
    return found


def colony_options(view: View) -> list[tuple[float, Command, Cost]]:
    """Free planets in systems where my ships wait: worth per cost, weighted by expansion."""
    world, t = view.world, view.tuning
    cost = colony_cost(world, view.me)
    found: list[tuple[float, Command, Cost]] = []
    for system in sorted(view.ships):
        for planet_id in world.systems[system].planets:
            if world.planets[planet_id].owner < 0 and planet_id not in view.claimed:
                benefit = view.worth[planet_id] * (1 + view.weight("expand")) * t.colony_benefit
                found.append((t.scale * benefit / view.price(cost), Colonize(view.me, planet_id), cost))
    return found


def wanted_strength(view: View) -> float:
    """The fleet strength this character wants: beat the threat, keep up with rivals, match income."""
    t, attack = view.tuning, view.weight("attack")
    rivals = max((p for e, p in enumerate(view.fleet_power) if e != view.me
                  and view.world.empires[e].alive), default=0.0)
    return max(max(view.enemy) * t.ships_vs_threat,
               rivals * (t.ships_vs_rival + t.ships_vs_rival_per_attack * attack),
               attack * (t.army_base + view.income * t.army_per_income))


def ship_options(view: View) -> list[tuple[float, Command, Cost]]:
    """Warships at a yard when my fleet is weaker than the character wants."""
    world, t = view.world, view.tuning
    mine = view.fleet_power[view.me]
    wanted = wanted_strength(view)
    if mine >= wanted:
        return []
    kind = COUNTER[max(KINDS, key=lambda k: (view.enemy_kinds[k], -k))]
    if view.effects.get("unlock_D", 0) and view.weight("attack") >= t.dreadnought_attack:
        kind = DREADNOUGHT
    yards = [p for p in view.planets if world.planets[p].yard]
    one = SHIP_TYPES[kind].cost
    count = min([view.stock[r] // one[r] for r in range(RES_COUNT) if one[r]] + [MAX_SHIPS_PER_ORDER])
    count = min(count, 1 + int((wanted - mine) / t.strength_per_ship))
    if not yards or count <= 0:
        return []
    planet = yards[0] if view.capital < 0 else min(
        yards, key=lambda p: (world.planets[p].system_id != view.capital, p))
    urgency = t.scale * (wanted - mine) / wanted * (t.urgency_base + t.urgency_per_attack * view.weight("attack"))
    utility = urgency * t.ships_benefit / (1 + view.price(one) / t.ships_price_unit)
    return [(utility, BuildShips(view.me, SHIP_KEYS[kind], count, planet), times(one, count))]


def stay_score(view: View, system: int, mine: float) -> float:
    """What keeping a stack where it is is worth: free planets here, a siege, an enemy near home."""
    t = view.tuning
    stay = view.free[system] * t.stay_free * view.weight("expand")
    if view.prey[system] and view.enemy[system] < mine:
        stay = max(stay, t.stay_siege)
    if system == view.capital and view.home_threat * t.home_guard_ratio > mine:
        stay = max(stay, t.stay_home)
    return stay


def target_score(view: View, target: int, steps: int, mine: float, margin: float) -> float:
    """What sending a stack of strength mine (square root of power: margin m wants m² the power) to target is worth."""
    t = view.tuning
    free, enemy, prey = view.free, view.enemy, view.prey
    score = 0.0
    if free[target] and enemy[target] < mine * t.escort_ratio:
        score = free[target] * view.weight("expand") / (1 + steps)
    defence = enemy[target] + t.fort_strength * view.forts[target]
    if prey[target] and mine > defence * margin and mine > t.attack_min_strength:
        score = max(score, prey[target] * view.weight("attack") * t.prey_benefit / (1 + steps))
    if target == view.capital and view.home_threat > 0:
        score = max(score, t.home_call / (1 + steps))
    return score


def move_options(view: View) -> list[tuple[float, Command]]:
    """Where each waiting stack should go: free planets, weak enemies, or home to defend it."""
    t = view.tuning
    margin = t.attack_margin - t.attack_margin_per_attack * view.weight("attack")
    found: list[tuple[float, Command]] = []
    # only a system with free planets, prey or my threatened capital can score above 0: the others are skipped
    worth_going = [target for target in range(len(view.world.systems))
                   if view.free[target] or view.prey[target] or target == view.capital]
    for system in sorted(view.ships):
        mine = strength(view.ships[system], view.attack, view.hp)
        dist = view.dist[system]
        best = (stay_score(view, system, mine), system)
        for target in worth_going:
            steps = dist[target]
            if target == system or steps < 0:
                continue
            score = target_score(view, target, steps, mine, margin)
            if score > best[0]:
                best = (score, target)
        if best[1] != system:
            found.append((best[0], Move(view.me, system, best[1])))
    return found


def options(view: View) -> list[Option]:
    """Every move, building, colony and warship option, best utility first (ties: listed first)."""
    listed: list[tuple[float, Command, Cost]] = [(u, c, FREE) for u, c in move_options(view)]
    listed += [*building_options(view), *colony_options(view), *ship_options(view)]
    ranked = [Option(utility, order, command, cost) for order, (utility, command, cost) in enumerate(listed)]
    ranked.sort(key=lambda option: (-option.utility, option.order))
    return ranked


def plan(world: World, empire_id: int, seen: Survey | None = None, envoy: Envoy | None = None,
         character: Personality | None = None, tuning: AiTuning = AI_TUNING) -> Plan | None:
    """A rival's whole decision this turn (None if it gives no orders): what decide returns, and why."""
    result = begin_plan(world, empire_id, seen, envoy, character, tuning)
    if result is not None:
        walk_budget(result, income(world, empire_id))
    return result


def begin_plan(world: World, empire_id: int, seen: Survey | None = None, envoy: Envoy | None = None,
               character: Personality | None = None, tuning: AiTuning = AI_TUNING) -> Plan | None:
    """The plan before its walk: the view, the first orders (diplomacy, research) and every option ranked."""
    empire = world.empires[empire_id]
    if world.victory is not None or not empire.alive:
        return None
    view = look(world, empire_id, seen, character, tuning)
    limit = max(1, MAX_ACTIONS * world.pace // 100)
    first = [c for c in (envoy(view) if envoy else []) if refusal(world, c) is None][:limit]
    research = research_choice(view)
    if research is not None and len(first) < limit:
        first.append(research)
    return Plan(view, limit, list(view.stock), first, options(view), chosen=list(first))


def walk_budget(result: Plan, gains: list[int]) -> None:
    """Walk the ranking once: take each option the stock pays, up to the limit; save for one within reach."""
    view = result.view
    looked = False  # only the best colony or building it cannot pay is considered for saving
    # the other orders are legal by construction (the tests apply every one of them)
    for option in result.ranked:
        if len(result.chosen) >= result.limit:
            break
        if view.afford(option.cost):
            for r in range(RES_COUNT):
                view.stock[r] -= option.cost[r]
                result.spent[r] += option.cost[r]
            result.chosen.append(option.command)
            result.taken.append(option)
        elif not looked and saveable(view, option):
            looked = True
            if within_reach(view, option, gains):  # keep its cost back: the options below may not spend it
                result.saving = option
                result.kept = [min(view.stock[r], option.cost[r]) for r in range(RES_COUNT)]
                view.stock = [view.stock[r] - result.kept[r] for r in range(RES_COUNT)]
    view.stock = [view.stock[r] + result.kept[r] for r in range(RES_COUNT)]  # what was kept is still there


def saveable(view: View, option: Option) -> bool:
    """Could a rival save up for this option: a colony or building worth enough?"""
    return isinstance(option.command, Colonize | Build) and option.utility >= view.tuning.save_min_utility


def within_reach(view: View, option: Option, gains: list[int]) -> bool:
    """Would the stock plus a few turns of income pay this option (so the stock is kept for it)?"""
    turns = view.tuning.save_turns
    return all(option.cost[r] <= view.stock[r] + turns * gains[r] for r in range(RES_COUNT))


def decide(world: World, empire_id: int, seen: Survey | None = None, envoy: Envoy | None = None,
           character: Personality | None = None, tuning: AiTuning = AI_TUNING) -> list[Command]:
    """The rival's orders for this turn, best first; each is legal when applied in this order."""
    result = plan(world, empire_id, seen, envoy, character, tuning)
    return [] if result is None else result.chosen
