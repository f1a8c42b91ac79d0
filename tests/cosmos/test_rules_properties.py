"""Properties: random orders never crash the rules, never leave a negative stock or a ship twice."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cosmos.commands import Build, BuildShips, Colonize, Command, Move, Research, apply, refusal
from cosmos.data import BUILDINGS, SHIP_TYPES, TECHS
from cosmos.game import end_turn
from cosmos.messages import MESSAGE_KEYS, RuleError
from cosmos.turn import state_text
from cosmos.world import World, owned_planets
from tests.cosmos.rules_world import rules_world

SEEDS = (2026, 7, 42)
BUILDING_KEYS = sorted(BUILDINGS)
SHIP_KEYS = [ship.key for ship in SHIP_TYPES]


Step = tuple[int, int, int, int, int]  # what to do, which empire, and three free numbers


def pick(items: list[int], roll: int) -> int:
    """One of the items, or any id at all when there are none (an order that must be refused)."""
    return items[roll % len(items)] if items else roll % 42 - 1


def make_command(world: World, step: Step) -> Command:
    """An order for an empire, mostly about things that empire has (so most orders are legal)."""
    action, empire, a, b, c = step
    empire %= len(world.empires)
    mine = owned_planets(world, empire)
    fleet_systems = sorted({f.system for f in world.fleets if f.owner == empire})
    if action == 0:
        here = [p for s in fleet_systems for p in world.systems[s].planets]
        return Colonize(empire, pick(here, a))
    if action == 1:
        return Build(empire, BUILDING_KEYS[b % len(BUILDING_KEYS)], pick(mine, a))
    if action == 2:
        return Research(empire, a % len(TECHS))
    if action == 3:
        return BuildShips(empire, SHIP_KEYS[b % len(SHIP_KEYS)], c % 6, pick(mine, a))
    return Move(empire, pick(fleet_systems, a), b % len(world.systems))


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


STEPS = st.lists(st.tuples(st.integers(0, 5), *(st.integers(0, 1 << 16),) * 4), min_size=5,
                 max_size=60)


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SEEDS), st.lists(st.integers(0, 400), min_size=4, max_size=4), STEPS)
def test_random_orders_keep_the_rules_sound(seed: int, stock: list[int], steps: list[Step]) -> None:
    world = rules_world(seed)
    for empire in world.empires:  # rich enough that many orders are affordable
        empire.stock = list(stock)
    for step in steps:
        if world.victory is not None:
            break
        if step[0] == 5:
            end_turn(world)
        else:
            command = make_command(world, step)
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
