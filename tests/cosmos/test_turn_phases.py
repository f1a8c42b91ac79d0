"""The turn takes its phases: the galaxy's own, the game's (with victory), or a reordered list."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cosmos import game, turn
from cosmos.bus import Event, EventBus
from cosmos.commands import apply
from cosmos.envoy import diplomacy_moves
from cosmos.rivals import decide
from cosmos.victory import check_victory
from cosmos.view import survey
from cosmos.world import new_world
from tests.cosmos.rules_world import rules_world


def test_the_turn_does_not_import_the_victory_check() -> None:
    tree = ast.parse(Path(turn.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "cosmos.victory" not in imported
    assert "victory" not in [name for name, _ in turn.PHASES]


def test_the_games_phases_are_the_turns_then_the_victory_check() -> None:
    assert game.PHASES[:-1] == turn.PHASES
    assert game.PHASES[-1] == ("victory", check_victory)


def test_the_galaxys_turn_alone_never_ends_the_game_the_games_turn_does() -> None:
    alone, whole = rules_world(2026), rules_world(2026)
    for world in (alone, whole):
        for empire in world.empires[1:]:
            empire.alive = False
    turn.end_turn(alone)
    game.end_turn(whole)
    assert alone.victory is None and alone.turn == 2
    assert whole.victory is not None and whole.victory.kind == "conquest" and whole.turn == 1


def play(turns: int, phases: tuple[tuple[str, turn.Phase], ...]) -> tuple[str, list[str]]:
    """Seed 2026 (a player who only ends turns, three rivals) through the given phases: state, log."""
    world = new_world(2026)
    log: list[str] = []
    world.bus.subscribe("*", lambda event: log.append(turn.event_line(event)))
    for _ in range(turns):
        seen = survey(world)
        for empire in world.empires:
            if empire.alive and not empire.human:
                for command in decide(world, empire.id, seen, envoy=diplomacy_moves):
                    apply(world, command)
        turn.end_turn(world, phases)
    return turn.state_text(world), log


def swapped(phases, a: str, b: str):
    """The phases with a and b changing places."""
    names = [name for name, _ in phases]
    i, j = names.index(a), names.index(b)
    order = list(phases)
    order[i], order[j] = order[j], order[i]
    return tuple(order)


def test_the_same_phases_give_the_same_game_and_swapped_phases_another() -> None:
    state, log = play(80, turn.PHASES)
    assert (state, log) == play(80, turn.PHASES)
    other_state, other_log = play(80, swapped(turn.PHASES, "movement", "battle"))
    assert other_state != state and other_log != log
    assert [n for n, _ in swapped(turn.PHASES, "movement", "battle")][5:7] == ["battle", "movement"]


def test_until_the_game_is_won_the_galaxys_turn_is_the_games_turn() -> None:
    world = new_world(2026)
    game_log: list[str] = []
    world.bus.subscribe("*", lambda event: game_log.append(turn.event_line(event)))
    while world.victory is None:
        game.play_turn(world)
    state, log = play(world.turn, turn.PHASES)
    assert [line for line in game_log if not line.startswith("game_won")] == log
    assert state.split("\n")[1:] == turn.state_text(world).split("\n")[1:]


def test_a_listener_may_not_publish_while_handling_and_the_bus_recovers() -> None:
    bus = EventBus()
    heard: list[str] = []

    def loud(event: Event) -> None:
        heard.append(event.kind)
        bus.publish(Event("echo"))

    bus.subscribe("meteor_struck", loud)
    bus.subscribe("*", lambda event: heard.append("*" + event.kind))
    with pytest.raises(RuntimeError, match="while handling"):
        bus.publish(Event("meteor_struck"))
    assert heard == ["meteor_struck"]  # the wildcard listener was never reached
    bus.publish(Event("turn_ended"))
    assert heard == ["meteor_struck", "*turn_ended"]


def test_wildcard_listeners_hear_an_event_after_the_specific_ones() -> None:
    bus = EventBus()
    heard: list[str] = []
    bus.subscribe("*", lambda event: heard.append("any"))
    bus.subscribe("battle_fought", lambda event: heard.append("battle"))
    bus.publish(Event("battle_fought"))
    bus.publish(Event("turn_ended"))
    assert heard == ["battle", "any", "any"]
