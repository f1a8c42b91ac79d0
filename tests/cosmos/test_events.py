"""Random events: a table of chances, one roll per empire and turn, effects the news can tell."""
from __future__ import annotations

from collections import Counter

from cosmos.bus import Event
from cosmos.events import (
    BREAKTHROUGH_SCIENCE,
    CONVOY_CARGO,
    DERELICT_SHIPS,
    EVENTS,
    ROLL_SIDES,
    UNREST_MIN_PLANETS,
    random_events,
    roll_event,
)
from cosmos.fleets import ships_at
from cosmos.game import PHASES, end_turn
from cosmos.messages import MESSAGE_KEYS
from cosmos.rng import Random
from cosmos.turn import NEWS_OF_EVENT
from cosmos.world import World, capital_planet, new_world, owned_planets

BY_KEY = {event.key: event for event in EVENTS}


def heard(world: World) -> list[Event]:
    """Subscribe to everything and return the list the events will land in."""
    events: list[Event] = []
    world.bus.subscribe("*", events.append)
    return events


def test_the_table_has_the_four_named_events_and_more_of_our_own() -> None:
    assert {"meteor", "pirates", "unrest", "breakthrough"} <= set(BY_KEY)
    assert len(EVENTS) >= 6
    assert len(BY_KEY) == len(EVENTS) and len({e.kind for e in EVENTS}) == len(EVENTS)
    assert all(0 < e.chance for e in EVENTS)
    assert sum(e.chance for e in EVENTS) < ROLL_SIDES  # most turns nothing happens


def test_each_roll_means_the_event_its_chance_covers() -> None:
    counts = Counter(roll_event(roll) for roll in range(ROLL_SIDES))
    for event in EVENTS:
        assert counts[event] == event.chance
    assert counts[None] == ROLL_SIDES - sum(e.chance for e in EVENTS)
    assert roll_event(0) is EVENTS[0]


def test_one_roll_per_living_empire_in_id_order() -> None:
    world = new_world(2026)
    world.empires[2].alive = False
    twin = Random(0)
    twin.set_state(world.rng.get_state())
    rolls = [twin.next_int(ROLL_SIDES) for _ in range(3)]
    events = heard(world)
    random_events(world)
    happened = [roll_event(r) for r in rolls]
    assert [e.kind for e in events] == [e.kind for e in happened if e is not None]
    if all(e is None for e in happened):
        assert world.rng.get_state() == twin.get_state()


def test_a_meteor_wrecks_one_mine() -> None:
    world = new_world(2026)
    capital = capital_planet(world, 0)
    assert BY_KEY["meteor"].effect(world, 0) == {"planet": capital}
    assert world.planets[capital].mines == 0
    assert BY_KEY["meteor"].effect(world, 0) is None  # no mine left to hit: nothing happens


def test_pirates_take_a_share_of_metal_and_gas() -> None:
    world = new_world(2026)
    world.empires[1].stock = [100, 51, 7, 3]
    assert BY_KEY["pirates"].effect(world, 1) == {"m": 20, "g": 10}
    assert world.empires[1].stock == [80, 41, 7, 3]
    world.empires[1].stock = [4, 0, 9, 9]
    assert BY_KEY["pirates"].effect(world, 1) is None


def test_unrest_frees_an_unguarded_colony_of_a_large_empire_only() -> None:
    world = new_world(2026)
    unrest = BY_KEY["unrest"].effect
    free = [p.id for p in world.planets if p.owner < 0]
    for planet in free[: UNREST_MIN_PLANETS - 2]:
        world.planets[planet].owner = 0
    assert unrest(world, 0) is None  # too small to rebel
    guarded = free[UNREST_MIN_PLANETS - 2]
    world.planets[guarded].owner = 0
    world.planets[guarded].fort = 1
    unguarded = [p for p in owned_planets(world, 0) if world.planets[p].fort == 0
                 and sum(ships_at(world, 0, world.planets[p].system_id)) == 0]
    data = unrest(world, 0)
    assert data is not None and data["planet"] in unguarded
    assert world.planets[data["planet"]].owner == -1
    assert world.planets[guarded].owner == 0 and capital_planet(world, 0) >= 0


def test_gifts_add_what_they_say() -> None:
    world = new_world(2026)
    empire = world.empires[3]
    before_stock, before_science = list(empire.stock), empire.science
    assert BY_KEY["breakthrough"].effect(world, 3) == {"science": BREAKTHROUGH_SCIENCE}
    assert empire.science == before_science + BREAKTHROUGH_SCIENCE
    cargo = BY_KEY["convoy"].effect(world, 3)
    assert cargo == {"m": CONVOY_CARGO[0], "g": CONVOY_CARGO[1], "c": CONVOY_CARGO[2]}
    assert empire.stock == [a + b for a, b in zip(before_stock, CONVOY_CARGO, strict=True)]
    ships = ships_at(world, 3, empire.capital)
    found = BY_KEY["derelict"].effect(world, 3)
    assert found == {"count": sum(DERELICT_SHIPS), "kind": "F", "system": empire.capital}
    assert ships_at(world, 3, empire.capital) == [a + b for a, b in
                                                  zip(ships, DERELICT_SHIPS, strict=True)]


def test_over_a_long_run_every_event_happens_about_as_often_as_its_chance() -> None:
    world = new_world(99, human=False)
    counts: Counter[str] = Counter()
    world.bus.subscribe("*", lambda e: counts.update([e.kind]))
    rounds = 4000
    for _ in range(rounds):
        for empire in world.empires:  # every event can always happen
            empire.stock = [100, 100, 100, 100]
            world.planets[capital_planet(world, empire.id)].mines = 1
        random_events(world)
    per_empire = rounds * len(world.empires)
    for event in EVENTS:
        if event.key == "unrest":
            continue  # needs a large empire: never in this small one
        expected = per_empire * event.chance / ROLL_SIDES
        assert abs(counts[event.kind] - expected) < 4 * expected**0.5 + 3, event.key


def test_events_run_in_the_turn_before_victory_and_make_news() -> None:
    names = [name for name, _ in PHASES]
    assert names.index("siege") < names.index("events") < names.index("victory")
    for event in EVENTS:
        key = NEWS_OF_EVENT[event.kind]
        assert MESSAGE_KEYS[key][0] == "empire"
    world = new_world(2026)
    world.rng.set_state(0)
    seen = heard(world)
    for _ in range(30):
        end_turn(world)
    kinds = {e.kind for e in seen}
    assert kinds & {e.kind for e in EVENTS}
    news = {m.key for m in world.turn_news}
    assert news <= set(MESSAGE_KEYS)


def test_a_designer_can_switch_the_events_off() -> None:
    world = new_world(2026)
    world.events_enabled = False
    state = world.rng.get_state()
    events = heard(world)
    for _ in range(50):
        random_events(world)
    assert events == [] and world.rng.get_state() == state
