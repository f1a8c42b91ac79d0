"""The rivals play their characters: over fixed AI-only games, each one expands, and each shows its signature.

The games are the balance simulation's own (same seeds, characters rotated across the seats), played
with the real engine to turn LAST at most; the figures are read from the engine's events and the world.
"""
from __future__ import annotations

import statistics
from dataclasses import dataclass, field

import pytest

from cosmos.bus import Event
from cosmos.data import PERSONALITIES, RES_COUNT, START_STOCK
from cosmos.game import play_turn
from cosmos.simulate import lineup_of_game, seed_of_game
from cosmos.world import new_world, owned_planets

GAMES = range(24)  # games 0..23 of the simulation: every character eight times in each of the first three seats
LAST = 60  # no game is followed further


@dataclass
class Measured:
    """One empire of one game, as far as it was followed."""

    character: str
    planets: dict[int, int] = field(default_factory=dict)  # turn -> planets held at its end
    techs: dict[int, int] = field(default_factory=dict)  # turn -> technologies known
    dreadnoughts: int = 0  # built by turn LAST
    came: list[int] = field(default_factory=lambda: list(START_STOCK))  # the start stock plus every income so far
    spent_at_50: list[float] = field(default_factory=list)  # the share of what came in by turn 50 that was spent
    colonies: int = 0  # planets colonised by turn LAST
    ships: int = 0  # warships built
    mines: int = 0  # mine levels completed
    first_colony_beside: int = 0  # the turn it first colonised a planet in a system next to its capital (0: never)
    free_beside: bool = False  # a free planet lay in a system next to its capital at the start


def play(index: int) -> list[Measured]:
    """Follow game `index` of the simulation to turn LAST (or its end) and measure every empire."""
    world = new_world(seed_of_game(index), human=False, personalities=lineup_of_game(index), quiet=True)
    measured = [Measured(e.personality) for e in world.empires]
    beside = [set(world.systems[e.capital].links) for e in world.empires]
    for e, near in zip(world.empires, beside, strict=True):
        measured[e.id].free_beside = any(world.planets[p].owner < 0 for s in near for p in world.systems[s].planets)

    def heard(event: Event) -> None:
        data, who = event.data, measured[event.data["empire"]]
        if event.kind == "ships_built":
            who.ships += data["count"]
            who.dreadnoughts += data["count"] if data["kind"] == "D" else 0
        elif event.kind == "resources_produced":
            who.came = [have + more for have, more in zip(who.came, data["income"], strict=True)]
        elif event.kind == "building_completed" and data["building"] == "mine":
            who.mines += 1
        elif event.kind == "planet_colonised":
            who.colonies += 1
            if not who.first_colony_beside and world.planets[data["planet"]].system_id in beside[data["empire"]]:
                who.first_colony_beside = world.turn

    for kind in ("ships_built", "building_completed", "planet_colonised", "resources_produced"):
        world.bus.subscribe(kind, heard)
    while world.victory is None and world.turn <= LAST:
        turn = world.turn
        play_turn(world)
        for empire in world.empires:
            measured[empire.id].planets[turn] = len(owned_planets(world, empire.id))
            measured[empire.id].techs[turn] = len(empire.techs)
            if turn == 50:
                measured[empire.id].spent_at_50 = [1 - have / came for have, came in
                                                   zip(empire.stock, measured[empire.id].came, strict=True)]
    return measured


@pytest.fixture(scope="module")
def empires() -> dict[str, list[Measured]]:
    """Every measured empire of the sample, by character."""
    found: dict[str, list[Measured]] = {name: [] for name in PERSONALITIES}
    for index in GAMES:
        for one in play(index):
            found[one.character].append(one)
    return found


def median_at(logs: list[Measured], turn: int, what: str = "planets") -> float:
    """The median of planets (or techs) held at the end of a turn, over the empires whose game got there."""
    values = [getattr(log, what)[turn] for log in logs if turn in getattr(log, what)]
    assert len(values) >= 3, f"too few games reached turn {turn}"
    return statistics.median(values)


def test_every_character_expands_by_turn_50(empires: dict[str, list[Measured]]) -> None:
    held = {name: median_at(logs, 50) for name, logs in empires.items()}
    assert held["builder"] >= 4 and held["scholar"] >= 4 and held["warlord"] >= 3, held


def colonised_beside_within(logs: list[Measured], turns: int) -> tuple[int, int]:
    """How many empires colonised beside their capital within `turns`, of those that had the chance."""
    chances = [log for log in logs if log.free_beside and turns in log.planets]
    return sum(0 < log.first_colony_beside <= turns for log in chances), len(chances)


def test_every_character_colonises_the_free_planets_beside_its_capital(empires: dict[str, list[Measured]]) -> None:
    done, chances = colonised_beside_within(empires["builder"], 10)
    assert chances >= 10 and done * 2 >= chances, (done, chances)
    done, chances = colonised_beside_within(empires["scholar"], 10)
    assert chances >= 10 and done * 3 >= chances, (done, chances)
    done, chances = colonised_beside_within(empires["warlord"], 50)  # a warlord goes to war first
    assert chances >= 10 and done >= 4, (done, chances)


def test_every_resource_is_a_real_limit(empires: dict[str, list[Measured]]) -> None:
    # of all the metal, gas, crystal and uranium an empire had by turn 50, about half or more was spent (each one)
    for name, logs in empires.items():
        spent = [statistics.median(log.spent_at_50[r] for log in logs if log.spent_at_50) for r in range(RES_COUNT)]
        assert min(spent) >= 0.45, (name, spent)


def test_scholars_and_warlords_build_dreadnoughts(empires: dict[str, list[Measured]]) -> None:
    builders = {name: sum(log.dreadnoughts > 0 for log in logs) for name, logs in empires.items()}
    assert builders["scholar"] * 3 >= len(empires["scholar"]) and builders["warlord"] >= 3, builders


def test_each_character_shows_its_signature(empires: dict[str, list[Measured]]) -> None:
    def mean(name: str, what: str) -> float:
        return statistics.mean(getattr(log, what) for log in empires[name])

    # the Warlord builds the largest fleets, the Scholar researches furthest, the Builder colonises most
    assert mean("warlord", "ships") > 2 * max(mean("builder", "ships"), mean("scholar", "ships"))
    techs = {name: median_at(logs, 50, "techs") for name, logs in empires.items()}
    assert techs["scholar"] > max(techs["builder"], techs["warlord"]), techs
    colonies = {name: mean(name, "colonies") for name in empires}
    assert colonies["builder"] > 1.2 * max(colonies["scholar"], colonies["warlord"]), colonies
    assert mean("builder", "mines") > 4 * mean("warlord", "mines"), {n: mean(n, "mines") for n in empires}
