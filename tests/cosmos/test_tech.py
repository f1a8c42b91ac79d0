"""The technology tree: thirteen techs, Kahn's order, what is open now, and broken trees refused."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from cosmos.battle import fort_strength, ship_attack, ship_hp, siege_power
from cosmos.commands import BuildShips, Research, apply, refusal
from cosmos.data import SHIP_TYPES, TECHS, Tech
from cosmos.economy import income, max_level, science_per_turn
from cosmos.fleets import fleet_speed
from cosmos.messages import RuleError
from cosmos.tech import TechTreeError, research_order, researchable, tech_id, validate_tree
from cosmos.turn import end_turn
from cosmos.victory import decide
from cosmos.world import World
from tests.cosmos.rules_world import rules_world


def test_thirteen_technologies_from_deep_drilling_to_the_stargate() -> None:
    assert len(TECHS) == 13
    assert TECHS[0].key == "deep_drilling"
    assert TECHS[-1].key == "stargate"
    assert research_order()[-1] == tech_id("stargate")
    assert len({tech.key for tech in TECHS}) == 13


def test_research_order_is_kahn_with_the_smallest_id_first() -> None:
    # an independent, slow version: at each step the smallest id whose prerequisites are all done
    done: list[int] = []
    while len(done) < len(TECHS):
        free = [i for i in range(len(TECHS)) if i not in done
                and all(tech_id(need) in done for need in TECHS[i].needs)]
        done.append(min(free))
    assert research_order() == done


def test_every_technology_comes_after_its_prerequisites() -> None:
    order = research_order()
    for i, tech in enumerate(TECHS):
        for need in tech.needs:
            assert order.index(tech_id(need)) < order.index(i)


def test_at_the_start_only_the_roots_can_be_researched() -> None:
    world = rules_world(2026)
    assert researchable(world, 0) == [i for i in research_order() if not TECHS[i].needs]


def test_a_tech_opens_what_depends_only_on_it() -> None:
    world = rules_world(2026)
    world.empires[0].techs.append(tech_id("gas_siphons"))
    assert tech_id("ion_engines") in researchable(world, 0)
    assert tech_id("gas_siphons") not in researchable(world, 0)


def tree(*items: tuple[str, tuple[str, ...]]) -> list[Tech]:
    """A small tree for the validator."""
    return [Tech(key, 10, needs, "science", (("lab_science", 1),)) for key, needs in items]


def test_an_unknown_prerequisite_is_named() -> None:
    with pytest.raises(TechTreeError, match="'warp' needs 'antimatter', which does not exist"):
        validate_tree(tree(("lasers", ()), ("warp", ("antimatter",))))


def test_a_cycle_is_named() -> None:
    broken = tree(("a", ()), ("b", ("a", "d")), ("c", ("b",)), ("d", ("c",)), ("e", ("d",)))
    with pytest.raises(TechTreeError, match=r"cycle: b -> c -> d -> b"):
        validate_tree(broken)


def test_a_technology_that_needs_itself_is_a_cycle() -> None:
    with pytest.raises(TechTreeError, match=r"cycle: x -> x"):
        validate_tree(tree(("x", ("x",))))


def test_a_duplicate_key_is_refused() -> None:
    with pytest.raises(TechTreeError, match="'a' appears twice"):
        validate_tree(tree(("a", ()), ("a", ())))


def test_a_valid_small_tree_gets_kahns_order() -> None:
    small = tree(("d", ("b",)), ("c", ()), ("b", ()), ("a", ("c", "d")))
    assert validate_tree(small) == [1, 2, 0, 3]


def test_research_needs_the_prerequisites_and_changes_nothing_when_refused() -> None:
    world = rules_world(2026)
    with pytest.raises(RuleError) as refused:
        apply(world, Research(0, tech_id("ion_engines")))
    assert refused.value.message.key == "err_prereq"
    assert refused.value.message.get("missing") == (tech_id("gas_siphons"),)
    assert world.empires[0].research == -1


def test_research_spends_banked_science() -> None:
    world = rules_world(2026)
    first = research_order()[0]
    apply(world, Research(0, first))
    per_turn = science_per_turn(world, 0)
    turns = 0
    while first not in world.empires[0].techs:
        end_turn(world)
        turns += 1
    assert turns == -(-TECHS[first].cost // per_turn)  # ceiling
    assert world.empires[0].science == turns * per_turn - TECHS[first].cost
    assert world.empires[0].research == -1
    with pytest.raises(RuleError) as refused:
        apply(world, Research(0, first))
    assert refused.value.message.key == "err_known"


def rich_world() -> World:
    """A world where the player's planets have mines, labs and forts, and a fleet in system 1."""
    world = rules_world(2026)
    world.planets[0].mines = 2
    world.planets[0].fort = 2
    world.fleets[0].ships = [2, 2, 2, 0]
    return world


MEASURES: dict[str, Callable[[World], object]] = {
    "income": lambda w: income(w, 0),
    "science": lambda w: science_per_turn(w, 0),
    "attack": lambda w: [ship_attack(w, 0, k) for k in range(len(SHIP_TYPES))],
    "hp": lambda w: [ship_hp(w, 0, k) for k in range(len(SHIP_TYPES))],
    "speed": lambda w: fleet_speed(w, 0),
    "fort_max": lambda w: max_level(w, 0, "fort"),
    "fort": lambda w: fort_strength(w, 0),
    "siege": lambda w: siege_power(w, 0, 0),
    "dreadnought": lambda w: refusal(w, BuildShips(0, "D", 1, 0)) is None,
    "victory": lambda w: decide(w),
}


@pytest.mark.parametrize("tech", range(len(TECHS)), ids=[t.key for t in TECHS])
def test_every_technology_changes_a_rule(tech: int) -> None:
    world = rich_world()
    world.empires[0].stock = [999, 999, 999, 999]
    before = {name: measure(world) for name, measure in MEASURES.items()}
    world.empires[0].techs.append(tech)
    after = {name: measure(world) for name, measure in MEASURES.items()}
    changed = [name for name in MEASURES if before[name] != after[name]]
    assert changed, f"{TECHS[tech].key} changes nothing"
