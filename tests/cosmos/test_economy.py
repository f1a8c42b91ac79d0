"""The economy as the player sees it: the published turn-1 figures, mines, labs, costs."""
from __future__ import annotations

import re

import pytest

from cosmos.commands import Build, Colonize, Research, apply
from cosmos.data import (
    BUILDINGS,
    COLONY_COST,
    COLONY_GROWTH_PCT,
    LAB_SCIENCE,
    MINE_YIELD,
    RES_COUNT,
)
from cosmos.economy import colony_cost, income, planet_output, science_per_turn, score
from cosmos.messages import RuleError
from cosmos.turn import end_turn
from tests.cosmos.rules_world import rules_world
from tests.reference import screen


def published_figures() -> dict[str, object]:
    """Stock, income, science and score of the player at turn 1, read from the published screen."""
    lines = screen("intro", "en").splitlines()
    score_match = re.search(r"score (\d+)$", lines[0])
    pairs = re.findall(r"([MGCU])(\d+)\+(\d+)", lines[1])
    science_match = re.search(r"science \+(\d+)", lines[1])
    assert score_match and science_match and [p[0] for p in pairs] == ["M", "G", "C", "U"]
    return {
        "score": int(score_match.group(1)),
        "stock": [int(p[1]) for p in pairs],
        "income": [int(p[2]) for p in pairs],
        "science": int(science_match.group(1)),
    }


def test_turn_one_figures_of_seed_2026_are_the_published_ones() -> None:
    world = rules_world(2026)
    expected = published_figures()
    assert world.empires[0].stock == expected["stock"]
    assert income(world, 0) == expected["income"]
    assert science_per_turn(world, 0) == expected["science"]
    assert score(world, 0) == expected["score"]


def test_every_empire_starts_alike() -> None:
    world = rules_world(2026)
    for empire in world.empires:
        assert income(world, empire.id) == income(world, 0)
        assert science_per_turn(world, empire.id) == science_per_turn(world, 0)
        assert score(world, empire.id) == score(world, 0)


def test_production_adds_the_income_to_the_stock_and_counts_it() -> None:
    world = rules_world(2026)
    before = list(world.empires[0].stock)
    gained = income(world, 0)
    end_turn(world)
    assert world.empires[0].stock == [before[r] + gained[r] for r in range(RES_COUNT)]
    assert world.empires[0].produced == sum(gained)


def test_a_mine_raises_income_next_turn_by_the_mine_yield() -> None:
    world = rules_world(2026)
    world.empires[0].stock = [500, 500, 500, 500]
    before = income(world, 0)
    apply(world, Build(0, "mine", 0))
    assert income(world, 0) == before  # not before the turn ends
    end_turn(world)
    assert BUILDINGS["mine"].turns == 1
    assert income(world, 0) == [before[r] + MINE_YIELD[r] for r in range(RES_COUNT)]
    stock = list(world.empires[0].stock)
    end_turn(world)
    assert world.empires[0].stock == [stock[r] + income(world, 0)[r] for r in range(RES_COUNT)]


def test_a_lab_on_a_colony_adds_lab_science_when_finished() -> None:
    world = rules_world(2026)
    world.empires[0].stock = [500, 500, 500, 500]
    apply(world, Colonize(0, 1))
    end_turn(world)
    assert world.planets[1].owner == 0
    before = science_per_turn(world, 0)
    apply(world, Build(0, "lab", 1))
    for _ in range(BUILDINGS["lab"].turns):
        assert science_per_turn(world, 0) == before
        end_turn(world)
    assert science_per_turn(world, 0) == before + LAB_SCIENCE


def test_a_colony_produces_its_richness() -> None:
    world = rules_world(2026)
    before = income(world, 0)
    stock = list(world.empires[0].stock)
    apply(world, Colonize(0, 1))
    assert world.empires[0].stock == [s - c for s, c in zip(stock, COLONY_COST, strict=True)]
    end_turn(world)
    rich = world.planets[1].rich
    assert planet_output(world, 1) == rich
    assert income(world, 0) == [before[r] + rich[r] for r in range(RES_COUNT)]


def test_building_costs_grow_with_the_level_and_unaffordable_ones_are_refused() -> None:
    world = rules_world(2026)
    world.empires[0].stock = [2 * BUILDINGS["mine"].cost[0] - 1, 500, 500, 500]
    stock = list(world.empires[0].stock)
    with pytest.raises(RuleError) as refused:
        apply(world, Build(0, "mine", 0))  # the second level costs twice the first
    assert refused.value.message.key == "err_not_enough"
    assert refused.value.message.get("m") == 2 * BUILDINGS["mine"].cost[0]
    assert world.empires[0].stock == stock and world.queue == []


def test_each_colony_costs_more_than_the_last() -> None:
    world = rules_world(2026)
    first = colony_cost(world, 0)
    assert first == COLONY_COST
    world.planets[1].owner = 0
    second = colony_cost(world, 0)
    assert second == tuple(c * (100 + COLONY_GROWTH_PCT) // 100 for c in COLONY_COST)
    assert second > first


def test_a_building_on_a_planet_lost_before_it_is_finished_is_cancelled() -> None:
    world = rules_world(2026)
    world.empires[0].stock = [500, 500, 500, 500]
    apply(world, Colonize(0, 1))
    end_turn(world)
    apply(world, Build(0, "lab", 1))
    assert BUILDINGS["lab"].turns > 1
    world.planets[1].owner = 2  # taken before the lab is finished
    end_turn(world)
    assert world.queue == []
    assert world.planets[1].lab == 0
    assert ("news_cancelled", 0) in [(m.key, m.get("empire")) for m in world.turn_news]


def test_switching_research_keeps_the_banked_science() -> None:
    world = rules_world(2026)
    apply(world, Research(0, 2))
    end_turn(world)
    banked = world.empires[0].science
    assert banked == science_per_turn(world, 0)
    apply(world, Research(0, 3))
    assert world.empires[0].science == banked and world.empires[0].research == 3
