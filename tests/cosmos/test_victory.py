"""Victory: conquest, the Stargate, 9800 produced, the best score after the last turn, and ties."""
from __future__ import annotations

import pytest

from cosmos.commands import Move, apply
from cosmos.data import ECONOMY_TARGET, MAX_TURNS
from cosmos.economy import income, score
from cosmos.game import end_turn
from cosmos.messages import RuleError
from cosmos.tech import tech_id
from cosmos.victory import Victory, check_victory, ranking
from cosmos.world import World
from tests.cosmos.rules_world import rules_world


def test_no_victory_at_the_start() -> None:
    world = rules_world(2026)
    end_turn(world)
    assert world.victory is None and world.turn == 2


def test_conquest_when_every_other_empire_has_fallen() -> None:
    world = rules_world(2026)
    for empire in world.empires[1:]:
        empire.alive = False
    end_turn(world)
    assert world.victory == Victory("conquest", 0, 1)
    assert world.turn == 1  # the game stops on the turn it was won
    assert [m.key for m in world.turn_news][-1] == "news_victory"


def test_the_stargate_wins_on_the_turn_it_is_researched() -> None:
    world = rules_world(2026)
    stargate = tech_id("stargate")
    world.empires[2].techs = [i for i in range(stargate)]
    world.empires[2].research = stargate
    world.empires[2].science = 10_000
    end_turn(world)
    assert world.victory == Victory("science", 2, 1)


def test_economy_counts_everything_produced() -> None:
    world = rules_world(2026)
    gained = sum(income(world, 3))
    world.empires[3].produced = ECONOMY_TARGET - gained
    end_turn(world)
    assert world.victory == Victory("economy", 3, 1)


def test_economy_needs_the_whole_target() -> None:
    world = rules_world(2026)
    world.empires[3].produced = ECONOMY_TARGET - sum(income(world, 3)) - 1
    end_turn(world)
    assert world.victory is None


def test_after_the_last_turn_the_best_score_wins() -> None:
    world = rules_world(2026)
    world.turn = MAX_TURNS
    world.empires[1].techs = [0]
    assert score(world, 1) > score(world, 0)
    end_turn(world)
    assert world.victory == Victory("score", 1, MAX_TURNS)


def test_score_ties_are_broken_by_production_then_planets_then_the_lower_number() -> None:
    world = rules_world(2026)
    everyone = [e.id for e in world.empires]
    assert ranking(world, everyone[::-1]) == everyone  # all equal: the lower number first
    world.empires[2].produced = 5
    assert ranking(world, everyone)[0] == 2
    world.empires[3].produced = 5
    assert ranking(world, everyone)[:2] == [2, 3]


def test_simultaneous_qualifiers_are_ranked_by_score() -> None:
    world = rules_world(2026)
    for empire in world.empires[1:3]:
        empire.produced = ECONOMY_TARGET
    world.empires[2].techs = [0]
    check_victory(world)
    assert world.victory == Victory("economy", 2, 1)


def game_over(world: World) -> None:
    """End the game by conquest for the player."""
    for empire in world.empires[1:]:
        empire.alive = False
    end_turn(world)


def test_nothing_more_happens_after_the_end() -> None:
    world = rules_world(2026)
    game_over(world)
    with pytest.raises(RuleError) as refused:
        end_turn(world)
    assert refused.value.message.key == "err_game_over"
    with pytest.raises(RuleError):
        apply(world, Move(0, 0, 1))


def test_the_player_falling_ends_the_game() -> None:
    world = rules_world(2026)
    for planet in world.planets:
        if planet.owner == 0:
            planet.owner = -1
    end_turn(world)
    assert not world.empires[0].alive
    assert world.victory is not None and world.victory.kind == "defeat"
    assert world.victory.winner == ranking(world, [1, 2, 3])[0]


def test_idle_empires_play_to_the_last_turn_and_the_tie_break_decides() -> None:
    world = rules_world(2026)
    while world.victory is None:
        end_turn(world)
    assert world.turn == MAX_TURNS
    assert len({score(world, e.id) for e in world.empires}) == 1
    assert world.victory == Victory("score", 0, MAX_TURNS)
