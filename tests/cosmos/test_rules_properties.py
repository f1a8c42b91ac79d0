"""Properties: random orders never crash the rules, never leave a negative stock or a ship twice."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cosmos.commands import Build, BuildShips, Colonize, Command, Move, Research, apply, refusal
from cosmos.data import BUILDINGS, SHIP_TYPES, TECHS
from cosmos.economy import owned_planets
from cosmos.messages import MESSAGE_KEYS, RuleError
from cosmos.turn import end_turn, state_text
from cosmos.world import World, new_world

SEEDS = (2026, 7, 42)
BUILDING_KEYS = sorted(BUILDINGS)
SHIP_KEYS = [ship.key for ship in SHIP_TYPES]


def pick(data: st.DataObject, items: list[int]) -> int:
    """One of the items, or any id at all when there are none (an order that must be refused)."""
    if items:
        return data.draw(st.sampled_from(items))
    return data.draw(st.integers(-1, 40))


def draw_command(data: st.DataObject, world: World) -> Command:
    """An order for a random empire, mostly about things that empire has (so most are legal)."""
    empire = data.draw(st.integers(0, len(world.empires) - 1))
    mine = owned_planets(world, empire)
    fleet_systems = sorted({f.system for f in world.fleets if f.owner == empire})
    choice = data.draw(st.integers(0, 4))
    if choice == 0:
        here = [p for s in fleet_systems for p in world.systems[s].planets]
        return Colonize(empire, pick(data, here))
    if choice == 1:
        return Build(empire, data.draw(st.sampled_from(BUILDING_KEYS)), pick(data, mine))
    if choice == 2:
        return Research(empire, data.draw(st.integers(0, len(TECHS) - 1)))
    if choice == 3:
        kind = data.draw(st.sampled_from(SHIP_KEYS))
        return BuildShips(empire, kind, data.draw(st.integers(0, 5)), pick(data, mine))
    target = data.draw(st.integers(0, len(world.systems) - 1))
    return Move(empire, pick(data, fleet_systems), target)


def check_invariants(world: World) -> None:
    """No negative stock, each ship in one fleet in one real system, the fallen own nothing."""
    for empire in world.empires:
        assert min(empire.stock) >= 0, empire.stock
        if not empire.alive:
            assert not owned_planets(world, empire.id)
            assert not [f for f in world.fleets if f.owner == empire.id]
    ids = [fleet.id for fleet in world.fleets]
    assert len(ids) == len(set(ids))
    places = [(f.owner, f.system, f.target) for f in world.fleets]
    assert len(places) == len(set(places))  # fleets that could merge have merged
    for fleet in world.fleets:
        assert 0 <= fleet.system < len(world.systems)
        assert min(fleet.ships) >= 0 and sum(fleet.ships) > 0
        assert world.empires[fleet.owner].alive
    for planet in world.planets:
        assert -1 <= planet.owner < len(world.empires)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_orders_keep_the_rules_sound(data: st.DataObject) -> None:
    world = new_world(data.draw(st.sampled_from(SEEDS)))
    for empire in world.empires:  # rich enough that many orders are affordable
        empire.stock = [data.draw(st.integers(0, 400)) for _ in range(4)]
    for _ in range(data.draw(st.integers(5, 60))):
        if world.victory is not None:
            break
        if data.draw(st.integers(0, 3)) == 0:
            end_turn(world)
        else:
            command = draw_command(data, world)
            reason = refusal(world, command)
            before = state_text(world) if reason is not None else ""
            try:
                apply(world, command)
            except RuleError as error:
                assert reason is not None and error.message == reason
                assert error.message.key in MESSAGE_KEYS
                assert state_text(world) == before
            else:
                assert reason is None
        check_invariants(world)
