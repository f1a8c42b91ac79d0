"""The turn: fixed phases, simultaneous orders, contested colonies, a deterministic game."""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys

from cosmos.bus import Event
from cosmos.commands import Build, BuildShips, Colonize, Command, Move, Research, apply, refusal
from cosmos.data import COLONY_COST, MAX_TURNS, SHIP_TYPES
from cosmos.fleets import make_peace, new_fleet
from cosmos.game import PHASES, end_turn
from cosmos.graph import bfs
from cosmos.messages import MESSAGE_KEYS
from cosmos.tech import researchable
from cosmos.turn import NEWS_OF_EVENT, event_line, state_text
from cosmos.world import World, capital_planet, owned_planets
from tests.cosmos.rules_world import rules_world
from tests.reference import ROOT

# which phase publishes each kind of event
PHASE_OF_EVENT = {
    "planet_colonised": "orders", "colony_contested": "orders", "colony_failed": "orders",
    "resources_produced": "production", "tech_researched": "research",
    "building_completed": "building", "ships_built": "building", "build_cancelled": "building",
    "fleet_moved": "movement", "fleet_arrived": "movement",
    "battle_fought": "battle", "ships_lost": "battle",
    "planet_besieged": "siege", "planet_taken": "siege", "capital_moved": "siege",
    "empire_fell": "siege", "game_won": "victory",
    "peace_offered": "diplomacy", "peace_made": "diplomacy", "peace_declined": "diplomacy",
    "war_declared": "diplomacy",
    "meteor_struck": "events", "pirates_raided": "events", "colony_rebelled": "events",
    "breakthrough_made": "events", "convoy_arrived": "events", "derelict_found": "events",
}


def test_the_phases_run_in_the_fixed_order() -> None:
    assert [name for name, _ in PHASES] == [
        "diplomacy", "orders", "production", "research", "building", "movement", "battle", "siege",
        "events", "victory"]


def test_news_keys_are_message_keys_with_their_placeholders() -> None:
    for kind, key in NEWS_OF_EVENT.items():
        assert key in MESSAGE_KEYS, kind
        assert kind in PHASE_OF_EVENT


def test_contested_colonisation_goes_to_the_bigger_fleet_and_refunds_the_other() -> None:
    world = rules_world(2026)
    make_peace(world, 0, 1)
    new_fleet(world, 1, 0, [1, 0, 0, 0])
    stock = list(world.empires[1].stock)
    apply(world, Colonize(1, 1))
    apply(world, Colonize(0, 1))
    end_turn(world)
    assert world.planets[1].owner == 0
    assert [m.key for m in world.turn_news if m.get("empire") == 1][0] == "news_colony_failed"
    assert world.empires[1].stock[:3] > [s - c for s, c in zip(stock, COLONY_COST, strict=True)][:3]


def test_an_even_contest_leaves_the_planet_free_and_refunds_both() -> None:
    world = rules_world(2026)
    make_peace(world, 0, 1)
    new_fleet(world, 1, 0, list(world.fleets[0].ships))
    before = [list(e.stock) for e in world.empires[:2]]
    apply(world, Colonize(0, 1))
    apply(world, Colonize(1, 1))
    end_turn(world)
    assert world.planets[1].owner == -1
    assert "news_contested" in [m.key for m in world.turn_news]
    gained = [e.produced for e in world.empires[:2]]
    assert [sum(e.stock) for e in world.empires[:2]] == [sum(b) + g for b, g in zip(before, gained,
                                                                                    strict=True)]


def busy_orders(world: World) -> list[Command]:
    """Orders of two empires that touch each other: a contested colony, a meeting, building."""
    rival = world.empires[1]
    for empire in world.empires:
        empire.stock = [999] * 4
    new_fleet(world, 1, 0, [0, 3, 1, 0])
    return [
        Colonize(0, 1), Build(0, "fort", 0), Move(0, 0, 1), BuildShips(0, "I", 2, 0),
        Colonize(1, 1), Move(1, 0, 1), Research(1, 0), BuildShips(1, "B", 1,
                                                                  capital_planet(world, rival.id)),
    ]


def run_turns(orders_first: bool) -> tuple[str, list[str]]:
    """A busy turn, the two empires' orders given one way or the other, then two quiet turns."""
    world = rules_world(2026)
    log: list[str] = []
    world.bus.subscribe("*", lambda event: log.append(event_line(event)))
    orders = busy_orders(world)
    mine = [o for o in orders if o.empire == 0]
    theirs = [o for o in orders if o.empire == 1]
    for order in (mine + theirs if orders_first else theirs + mine):
        apply(world, order)
    for _ in range(3):
        end_turn(world)
    return state_text(world), log


def test_swapping_two_empires_orders_changes_nothing() -> None:
    assert run_turns(True) == run_turns(False)


def test_events_of_a_turn_come_phase_after_phase() -> None:
    world = rules_world(2026)
    kinds: list[str] = []
    world.bus.subscribe("*", lambda event: kinds.append(event.kind))
    for order in busy_orders(world):
        apply(world, order)
    end_turn(world)
    phases = [name for name, _ in PHASES]
    seen = [phases.index(PHASE_OF_EVENT[k]) for k in kinds if k in PHASE_OF_EVENT]
    assert seen == sorted(seen) and len(set(seen)) >= 5
    assert kinds[-1] == "turn_ended"


def scripted_orders(world: World, empire_id: int) -> list[Command]:
    """A simple scripted empire: research, colonise, build, arm, then attack every 12 turns."""
    empire = world.empires[empire_id]
    wishes: list[Command] = []
    open_techs = researchable(world, empire_id)
    if empire.research < 0 and open_techs:
        wishes.append(Research(empire_id, open_techs[empire_id % len(open_techs)]))
    for fleet in sorted((f for f in world.fleets if f.owner == empire_id), key=lambda f: f.id):
        wishes += [Colonize(empire_id, p) for p in world.systems[fleet.system].planets]
    for planet_id in owned_planets(world, empire_id):
        if world.turn % 4 == empire_id and world.planets[planet_id].mines < 3:
            wishes += [Build(empire_id, b, planet_id) for b in ("mine", "lab", "yard", "fort")]
        kind = SHIP_TYPES[(world.turn + empire_id) % len(SHIP_TYPES)].key
        wishes.append(BuildShips(empire_id, kind, 2, planet_id))
    home = empire.capital
    if world.turn % 12 == empire_id * 3:
        dist = bfs(world.systems, home).dist
        targets = [e.capital for e in world.empires if e.alive and e.id != empire_id]
        free = [p.system_id for p in world.planets if p.owner < 0]
        goal = min(targets if world.turn > 40 else free or targets, key=lambda s: (dist[s], s))
        wishes.append(Move(empire_id, home, goal))
    return wishes


def play_scripted(seed: int = 2026) -> list[str]:
    """A whole game of scripted empires through apply and end_turn; the event log."""
    world = rules_world(seed, human=False)
    log: list[str] = []
    world.bus.subscribe("*", lambda event: log.append(event_line(event)))
    while world.victory is None:
        for empire in world.empires:
            if not empire.alive:
                continue
            for order in scripted_orders(world, empire.id):
                if refusal(world, order) is None:
                    apply(world, order)
        end_turn(world)
    log.append(repr(world.victory))
    return log


def digest(log: list[str]) -> str:
    """A short fingerprint of an event log."""
    return hashlib.sha256("\n".join(log).encode()).hexdigest()


def test_a_scripted_game_is_the_same_in_another_process() -> None:
    log = play_scripted()
    kinds = {line.split()[0] for line in log}
    assert {"battle_fought", "planet_colonised", "tech_researched", "ships_built"} <= kinds
    assert log[-1].startswith("Victory(")
    code = "from tests.cosmos import test_turn as t; print(t.digest(t.play_scripted()))"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "12345"}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, env=env, check=True, timeout=600)
    assert result.stdout.strip() == digest(log)


def test_scripted_games_of_several_seeds_end_with_a_winner() -> None:
    for seed in (1, 2, 3):
        log = play_scripted(seed)
        assert 1 <= sum(line.startswith("turn_ended") for line in log) <= MAX_TURNS
        assert log[-1].startswith("Victory(")


def test_news_is_only_the_last_turn() -> None:
    world = rules_world(2026)
    apply(world, Colonize(0, 1))
    end_turn(world)
    assert [m.key for m in world.turn_news if m.get("empire") == 0] == ["news_colonised"]
    end_turn(world)
    assert world.turn_news == []
    assert world.stats["turn_ended"] == 2


def test_listeners_hear_past_tense_events() -> None:
    world = rules_world(2026)
    heard: list[Event] = []
    world.bus.subscribe("turn_ended", heard.append)
    end_turn(world)
    assert heard == [Event("turn_ended", {"turn": 1})]
