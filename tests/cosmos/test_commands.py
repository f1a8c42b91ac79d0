"""Commands: legal orders are recorded and paid; illegal ones are refused with a reason."""
from __future__ import annotations

import pytest

from cosmos.commands import Build, BuildShips, Colonize, Command, Move, Research, apply, refusal
from cosmos.data import BUILDINGS, COLONY_COST, MAX_SHIPS_PER_ORDER, SHIP_TYPES, TECHS
from cosmos.economy import building_cost
from cosmos.messages import MESSAGE_KEYS, Message, RuleError, message
from cosmos.tech import tech_id
from cosmos.turn import state_text
from cosmos.victory import Victory
from cosmos.world import World
from tests.cosmos.rules_world import rules_world


def fresh() -> World:
    """Seed 2026 at turn 1: the player owns planet 0 (Elara I), planet 1 (Elara II) is free."""
    return rules_world(2026)


def refused(world: World, command: Command) -> Message:
    """Apply a command that must be refused; check that nothing changed; return the reason."""
    before = state_text(world)
    assert refusal(world, command) is not None
    with pytest.raises(RuleError) as error:
        apply(world, command)
    assert state_text(world) == before
    assert error.value.message == refusal(world, command)
    key = error.value.message.key
    assert [name for name, _ in error.value.message.args] == list(MESSAGE_KEYS[key])
    return error.value.message


def test_not_enough_resources_is_refused_with_the_cost_and_what_is_short() -> None:
    world = fresh()
    world.empires[0].stock = [COLONY_COST[0] - 1, 500, 500, 500]
    reason = refused(world, Colonize(0, 1))
    assert reason == message("err_not_enough", m=COLONY_COST[0], g=COLONY_COST[1],
                             c=COLONY_COST[2], u=COLONY_COST[3], short="M1")
    world.empires[0].stock = [0, COLONY_COST[1], COLONY_COST[2] - 7, 0]
    assert refused(world, Colonize(0, 1)).get("short") == f"M{COLONY_COST[0]} C7 U{COLONY_COST[3]}"


def test_ships_need_a_yard() -> None:
    world = fresh()
    world.empires[0].stock = [999] * 4
    world.planets[0].yard = 0
    assert refused(world, BuildShips(0, "I", 1, 0)) == message("err_no_yard", planet=0)


def test_a_planet_you_do_not_own_is_refused() -> None:
    world = fresh()
    world.empires[0].stock = [999] * 4
    rival_home = world.systems[world.empires[1].capital].planets[0]
    reason = refused(world, Build(0, "mine", rival_home))
    assert reason == message("err_not_yours", planet=rival_home)
    assert refused(world, Build(0, "mine", 1)) == message("err_not_yours", planet=1)
    assert refused(world, BuildShips(0, "I", 1, rival_home)).key == "err_not_yours"


def test_a_missing_lane_is_refused() -> None:
    world = fresh()
    # cut system 1 (id 0) off from the galaxy: there is no lane to take
    for other in world.systems[0].links:
        world.systems[other].links.remove(0)
    world.systems[0].links.clear()
    assert refused(world, Move(0, 0, 8)) == message("err_no_route", source=0, target=8)


def test_a_technology_without_its_prerequisites_is_refused() -> None:
    world = fresh()
    reason = refused(world, Research(0, tech_id("stargate")))
    assert reason.key == "err_prereq"
    assert reason.get("missing") == tuple(tech_id(need) for need in TECHS[tech_id("stargate")].needs)


@pytest.mark.parametrize(("command", "key"), [
    (Colonize(0, 0), "err_owned"),
    (Colonize(0, 999), "err_no_planet"),
    (Colonize(0, 2), "err_no_fleet"),
    (Build(0, "palace", 0), "err_no_building"),
    (Build(0, "lab", 0), "err_max_level"),
    (Build(0, "mine", -1), "err_no_planet"),
    (BuildShips(0, "X", 1, 0), "err_no_ship"),
    (BuildShips(0, "D", 1, 0), "err_ship_locked"),
    (BuildShips(0, "I", 0, 0), "err_bad_count"),
    (BuildShips(0, "I", MAX_SHIPS_PER_ORDER + 1, 0), "err_bad_count"),
    (Research(0, len(TECHS)), "err_no_tech"),
    (Move(0, 0, 0), "err_same_system"),
    (Move(0, 0, 99), "err_no_system"),
    (Move(0, 1, 2), "err_no_fleet"),
    (Move(9, 0, 1), "err_no_empire"),
])
def test_illegal_orders_are_refused_with_a_reason(command: Command, key: str) -> None:
    world = fresh()
    world.empires[0].stock = [999] * 4
    assert refused(world, command).key == key


def test_a_fallen_empire_and_a_finished_game_give_no_orders() -> None:
    world = fresh()
    world.empires[1].alive = False
    assert refused(world, Move(1, world.empires[1].capital, 0)).key == "err_fallen"
    world.victory = Victory("score", 0, world.turn)
    assert refused(world, Move(0, 0, 1)).key == "err_game_over"


def test_colonising_twice_and_building_twice_are_refused() -> None:
    world = fresh()
    world.empires[0].stock = [999] * 4
    apply(world, Colonize(0, 1))
    assert refused(world, Colonize(0, 1)).key == "err_claimed"
    apply(world, Build(0, "fort", 0))
    assert refused(world, Build(0, "fort", 0)).key == "err_queued"


def test_legal_orders_are_paid_when_given() -> None:
    world = fresh()
    world.empires[0].stock = [999] * 4
    cost = building_cost(world, 0, "mine")
    assert cost == tuple(2 * c for c in BUILDINGS["mine"].cost)  # the second level
    apply(world, Build(0, "mine", 0))
    apply(world, BuildShips(0, "F", 3, 0))
    ship = SHIP_TYPES[2].cost
    assert world.empires[0].stock == [999 - cost[r] - 3 * ship[r] for r in range(4)]
    assert [(item.kind, item.what, item.count) for item in world.queue] == [
        ("building", "mine", 1), ("ships", "F", 3)]


def test_a_move_sets_the_destination_of_your_fleet() -> None:
    world = fresh()
    apply(world, Move(0, 0, 8))
    assert [(f.owner, f.system, f.target) for f in world.fleets if f.owner == 0] == [(0, 0, 8)]


def test_commands_read_as_the_player_types_them() -> None:
    assert Colonize(0, 1).to_text() == "col 2"
    assert Build(0, "mine", 0).to_text() == "b mine 1"
    assert Research(0, 12).to_text() == "r 13"
    assert BuildShips(0, "I", 5, 0).to_text() == "ship I 5 1"
    assert Move(0, 0, 8).to_text() == "go 1 9"


def test_messages_check_their_placeholders() -> None:
    with pytest.raises(ValueError, match="err_no_yard"):
        message("err_no_yard", system=1)
    with pytest.raises(KeyError):
        message("err_nonsense")
    assert message("err_no_yard", planet=3).get("planet") == 3


@pytest.mark.parametrize("command", [
    Colonize(0, "2"), Build(0, "mine", None), Build(0, 3, 0), Research(0, 1.5),  # type: ignore[arg-type]
    BuildShips(0, "I", "5", 0), BuildShips(0, "I", True, 0), BuildShips(0, None, 1, 0),  # type: ignore[arg-type]
    Move(0, "1", 2), Move("0", 0, 1),  # type: ignore[arg-type]
])
def test_orders_of_the_wrong_type_are_refused_not_crashed(command: Command) -> None:
    world = fresh()
    assert refused(world, command).key.startswith("err_")
