"""Battle and siege: rock-paper-scissors, dreadnoughts, forts, sieges, falls, simultaneity."""
from __future__ import annotations

import pytest

from cosmos.battle import BattleReport, besiege, fight, fort_strength, siege_power
from cosmos.bus import Event
from cosmos.commands import Move, apply
from cosmos.data import SHIP_TYPES, SIEGE_TURNS
from cosmos.fleets import fleets_at, make_peace, new_fleet
from cosmos.turn import end_turn, event_line, state_text
from cosmos.world import World
from tests.cosmos.rules_world import rules_world

KIND = {ship.key: i for i, ship in enumerate(SHIP_TYPES)}


def arena(*fleets: tuple[int, list[int]], system: int = 5) -> World:
    """Seed 2026 with no fleets but the given ones, all in one free system, and no forts."""
    world = rules_world(2026)
    world.fleets.clear()
    for planet in world.planets:
        planet.fort = 0
    for owner, ships in fleets:
        new_fleet(world, owner, system, ships)
    return world


def one_kind(kind: str, count: int) -> list[int]:
    """A fleet of count ships of one kind."""
    ships = [0] * len(SHIP_TYPES)
    ships[KIND[kind]] = count
    return ships


@pytest.mark.parametrize(("winner", "loser"), [("I", "B"), ("B", "F"), ("F", "I")])
def test_rock_paper_scissors(winner: str, loser: str) -> None:
    for first, second in ((0, 1), (1, 0)):
        world = arena((first, one_kind(winner, 5)), (second, one_kind(loser, 5)))
        report = fight(world, 5)
        assert report is not None
        lost = dict(zip(report.empires, report.lost, strict=True))
        assert sum(lost[second]) == 5  # the beaten kind is wiped out
        assert sum(lost[first]) <= 1
        assert [(f.owner, sum(f.ships)) for f in world.fleets] == [(first, 5 - sum(lost[first]))]


def test_the_dreadnought_beats_three_of_any_kind_and_costs_more_than_any() -> None:
    for kind in "IBF":
        world = arena((0, one_kind("D", 1)), (1, one_kind(kind, 3)))
        fight(world, 5)
        assert [(f.owner, f.ships) for f in world.fleets] == [(0, one_kind("D", 1))]
    dread = SHIP_TYPES[KIND["D"]].cost
    for ship in SHIP_TYPES[:3]:
        assert all(d >= c for d, c in zip(dread, ship.cost, strict=True)) and dread != ship.cost


def test_a_battle_leaves_a_report_and_news() -> None:
    world = arena((0, [3, 2, 2, 0]), (2, [0, 4, 0, 0]))
    end_turn(world)
    report = world.battle_reports[-1]
    assert isinstance(report, BattleReport)
    assert (report.turn, report.system, report.empires) == (1, 5, (0, 2))
    assert report.before == ((3, 2, 2, 0), (0, 4, 0, 0))
    keys = [m.key for m in world.turn_news]
    assert keys.count("news_battle") == 1 and keys.count("news_losses") == 2
    left = {m.get("empire"): m.get("left") for m in world.turn_news if m.key == "news_losses"}
    for i, empire in enumerate(report.empires):
        assert left[empire] == sum(report.before[i]) - sum(report.lost[i])
        assert sum(s for f in fleets_at(world, empire, 5) for s in f.ships) == left[empire]


def test_empires_at_peace_do_not_fight() -> None:
    world = arena((0, [3, 0, 0, 0]), (1, [0, 3, 0, 0]))
    make_peace(world, 1, 0)
    assert fight(world, 5) is None


def test_the_result_does_not_depend_on_the_order_of_the_fleet_list() -> None:
    fleets = ((0, [3, 1, 2, 0]), (1, [1, 4, 0, 1]), (2, [2, 0, 3, 0]))
    first = arena(*fleets)
    second = arena(*fleets)
    second.fleets.reverse()
    assert fight(first, 5) == fight(second, 5)
    assert sorted(map(repr, first.fleets)) == sorted(map(repr, second.fleets))


def play_meeting(order: list[tuple[int, int, int]]) -> tuple[str, list[str]]:
    """Two fleets ordered into one system, the orders given in the order listed; state and log."""
    world = rules_world(2026)
    log: list[str] = []
    world.bus.subscribe("*", lambda event: log.append(event_line(event)))
    new_fleet(world, 1, 5, [2, 3, 0, 0])
    for empire, source, target in order:
        apply(world, Move(empire, source, target))
    end_turn(world)
    return state_text(world), log


def test_two_fleets_that_meet_fight_the_same_battle_whatever_order_the_orders_came_in() -> None:
    orders = [(0, 0, 1), (1, 5, 1)]  # both fleets head for system 2 (id 1)
    first = play_meeting(orders)
    second = play_meeting(orders[::-1])
    assert first == second
    assert any(line.startswith("battle_fought") for line in first[1])


def siege_world(defender_planets: int) -> World:
    """Empire 1 owns defender_planets planets, no ships; the player's bombers sit at its capital."""
    world = rules_world(2026)
    capital_system = world.empires[1].capital
    world.fleets[:] = [f for f in world.fleets if f.owner != 1]
    watched = {f.system for f in world.fleets} | {capital_system}
    spare = [p.id for p in world.planets if p.owner < 0 and p.system_id not in watched]
    spare = spare[: defender_planets - 1]
    for planet_id in spare:
        world.planets[planet_id].owner = 1
    new_fleet(world, 0, capital_system, [0, 6, 0, 0])
    return world


def test_a_fortress_fires_at_the_besiegers() -> None:
    world = siege_world(1)
    capital = world.systems[world.empires[1].capital].planets[0]
    assert world.planets[capital].fort > 0
    report = fight(world, world.empires[1].capital)
    assert report is not None and sum(report.lost[0]) > 0 and report.forts == (0, 1)


def test_a_besieged_planet_is_taken_and_its_last_planet_lost_makes_an_empire_fall() -> None:
    world = siege_world(1)
    world.fleets[-1].ships = [0, 20, 0, 0]
    capital = world.systems[world.empires[1].capital].planets[0]
    strength = fort_strength(world, capital)
    power = siege_power(world, 0, world.empires[1].capital)
    besiege(world)
    assert world.fort_left[capital] == max(0, strength - power)
    assert world.planets[capital].siege == 1
    for _ in range(SIEGE_TURNS - 1):
        assert world.planets[capital].owner == 1
        besiege(world)
    assert world.planets[capital].owner == 0
    assert world.planets[capital].fort == 0
    assert not world.empires[1].alive
    assert not [f for f in world.fleets if f.owner == 1]


def test_losing_the_capital_moves_it() -> None:
    world = siege_world(2)
    world.fleets[-1].ships = [0, 20, 0, 0]
    events: list[Event] = []
    world.bus.subscribe("*", events.append)
    for _ in range(SIEGE_TURNS):
        besiege(world)
    other = next(p for p in world.planets if p.owner == 1)
    assert world.empires[1].alive
    assert world.empires[1].capital == other.system_id
    assert [e.kind for e in events][-2:] == ["planet_taken", "capital_moved"]


def test_a_defending_fleet_stops_the_siege() -> None:
    world = siege_world(1)
    capital_system = world.empires[1].capital
    capital = world.systems[capital_system].planets[0]
    besiege(world)
    assert world.planets[capital].siege == 1
    new_fleet(world, 1, capital_system, [1, 0, 0, 0])
    besiege(world)
    assert world.planets[capital].siege == 0 and capital not in world.fort_left


def test_two_equal_besiegers_take_nothing() -> None:
    world = siege_world(1)
    capital_system = world.empires[1].capital
    capital = world.systems[capital_system].planets[0]
    new_fleet(world, 2, capital_system, [0, 6, 0, 0])
    for _ in range(SIEGE_TURNS + 2):
        besiege(world)
    assert world.planets[capital].owner == 1 and world.fort_left[capital] == 0
