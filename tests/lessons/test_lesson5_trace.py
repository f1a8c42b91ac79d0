"""Lesson 5's see-it as data: a turn recorded by the real end_turn, the offers by the real phase."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from cosmos.commands import apply
from cosmos.diplomacy import OFFER_TURNS, settle_diplomacy
from cosmos.envoy import diplomacy_moves
from cosmos.rivals import decide
from cosmos.turn import PHASES, end_turn, event_line, news_of, state_text
from cosmos.view import survey
from cosmos.world import World, new_world
from lessons.kit.player import StepPlayer
from lessons.kit.seeit import line_of
from lessons.kit.source import REPO_ROOT, source_of
from lessons.kit.turnsee import (
    END_OF_TURN,
    diplomacy_frames,
    first_of_each,
    machine_svg,
    phases_svg,
    record_diplomacy,
    record_turn,
    turn_frames,
)
from tests.cosmos.test_turn import PHASE_OF_EVENT

NAMES = [name for name, _ in PHASES]


def orders(world: World) -> None:
    """The rivals' orders for this turn, as the game gives them."""
    seen = survey(world)
    for empire in world.empires:
        if empire.alive and not empire.human:
            for command in decide(world, empire.id, seen, envoy=diplomacy_moves):
                apply(world, command)


def at_turn(turn: int) -> World:
    """Seed 2026 with the player idle, its rivals' orders of `turn` given, the turn not ended."""
    world = new_world(2026)
    for _ in range(turn - 1):
        orders(world)
        end_turn(world)
    orders(world)
    return world


@pytest.fixture(scope="module")
def turn46() -> list[tuple]:
    """Turn 46 of the lesson, recorded."""
    return record_turn(at_turn(46), end_turn, PHASES, news_of)


def test_recording_a_turn_changes_nothing() -> None:
    plain, recorded = at_turn(46), at_turn(46)
    end_turn(plain)
    record_turn(recorded, end_turn, PHASES, news_of)
    assert state_text(recorded) == state_text(plain)
    assert recorded.turn_news == plain.turn_news
    assert recorded.bus.listeners["*"] == recorded.bus.listeners["*"][:2]  # the recorder has left


def test_every_phase_starts_once_in_order_and_events_follow_their_phase(turn46) -> None:
    started = [step[1] for step in turn46 if step[0] == "phase"]
    assert started == NAMES
    running = None
    for step in turn46:
        if step[0] == "phase":
            running = step[1]
        elif step[1] != END_OF_TURN:
            assert step[1] == running == PHASE_OF_EVENT[step[2]], step
    assert turn46[-1][1:3] == (END_OF_TURN, "turn_ended")


def test_the_events_are_those_a_plain_listener_hears(turn46) -> None:
    world = at_turn(46)
    heard: list[str] = []
    world.bus.subscribe("*", lambda event: heard.append(event_line(event)))
    end_turn(world)
    kinds = [step[2] for step in turn46 if step[0] == "event"]
    assert kinds == [line.split()[0] for line in heard]
    news = [step[4] for step in turn46 if step[0] == "event" and step[4]]
    assert news == [item.key for item in world.turn_news]


def test_each_event_points_at_the_line_that_published_it(turn46) -> None:
    for step in turn46:
        if step[0] != "event":
            continue
        path, function, first, line = step[5]
        lines = (REPO_ROOT / path).read_text(encoding="utf-8").splitlines()
        assert lines[first - 1].lstrip().startswith(f"def {function}(")
        assert "publish(" in lines[line - 1], (step[2], path, line)
    assert {step[5][1] for step in turn46 if step[0] == "event"} >= {"fight_battles", "produce", "end_turn"}


def test_the_trace_is_plain_data(turn46) -> None:
    def plain(value: object) -> bool:
        if isinstance(value, (tuple, list)):
            return all(plain(item) for item in value)
        if isinstance(value, dict):
            return all(type(k) is str and plain(v) for k, v in value.items())
        return value is None or type(value) in (bool, int, float, str)

    assert all(plain(step) for step in turn46)
    json.dumps(turn46)
    battle = next(step for step in turn46 if step[0] == "event" and step[2] == "battle_fought")
    assert battle[3]["report"].startswith("BattleReport(turn=46")


def test_one_frame_per_step_with_the_lit_line(turn46) -> None:
    frames = turn_frames(turn46, NAMES, source_of(end_turn), line_of(end_turn, "phase(world)"), extra="victory")
    assert len(frames) == len(turn46)
    for frame, step in zip(frames, turn46, strict=True):
        assert 'src="data:image/svg+xml;base64,' in frame and "cosmos-counters" in frame
        assert "<svg" not in frame  # pictures only as data: URLs
        lit = line_of(end_turn, "phase(world)") if step[0] == "phase" else step[5][3]
        assert f"&#9654;{lit:>4} " in frame
    news = sum(1 for step in turn46 if step[0] == "event" and step[4])
    assert "news_besieged" in frames[-1] and f"news lines</span> <b>{news}</b>" in frames[-1]
    assert "news_besieged" not in frames[0] and "no news yet" in frames[0]
    player = StepPlayer(frames)
    assert player._dom_classes == ("cosmos-stepper",)


def test_the_phase_boxes_are_svg_with_the_publisher_lit() -> None:
    svg = phases_svg(NAMES, "battle", "battle", "victory")
    root = ET.fromstring(svg)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert texts[::2] == [*NAMES, "victory"]
    assert '#f59e0b' in svg and 'stroke-dasharray' in svg


def noted_game(turns: int) -> tuple[list[tuple], list[str], World]:
    """The idle player's game with its diplomacy noted: the notes, the diplomacy events, the world."""
    noted = record_diplomacy(settle_diplomacy, lambda offer: offer.stance.value, OFFER_TURNS)
    world = new_world(2026)
    told: list[str] = []
    world.bus.subscribe("*", lambda e: told.append(f"{world.turn} {e.kind} {e.data['empire']} {e.data['other']}")
                        if "other" in e.data else None)
    for _ in range(turns):
        orders(world)
        end_turn(world, [(name, noted if name == "diplomacy" else phase) for name, phase in PHASES])
    return noted.trace, told, world


def test_the_noted_offers_match_what_the_diplomacy_phase_announced() -> None:
    trace, told, world = noted_game(60)
    plain = new_world(2026)
    for _ in range(60):
        orders(plain)
        end_turn(plain)
    assert state_text(world) == state_text(plain)  # noting changes nothing
    kinds = {"offered": "peace_offered", "accepted": "peace_made", "declined": "peace_declined",
             "war": "war_declared"}
    announced = [f"{turn} {kinds[what]} {sender} {receiver}" for turn, what, sender, receiver, _ in trace
                 if what in kinds]
    assert announced == told
    for turn, what, _sender, _receiver, made in trace:
        if what == "lapsed":
            assert turn - made + 1 == OFFER_TURNS
    assert {step[1] for step in trace} >= {"offered", "accepted", "declined", "lapsed"}


def test_the_machine_shows_each_transition_once_per_pair() -> None:
    trace, _told, _world = noted_game(76)
    shown = first_of_each(trace)
    assert len({step[1:4] for step in shown}) == len(shown)
    assert {step[1:4] for step in shown} == {step[1:4] for step in trace}
    lines = {name: line_of(settle_diplomacy, "world.bus.publish") for name in ("offered", "accepted", "declined",
                                                                               "war")}
    lines |= {"lapsed": line_of(settle_diplomacy, "lapsed = "), "dropped": line_of(settle_diplomacy, "kept.append")}
    frames = diplomacy_frames(shown, source_of(settle_diplomacy), lines)
    assert len(frames) == len(shown) + 1
    ET.fromstring(machine_svg("accepted", {"accepted": 2}))
    assert "(2)" in machine_svg("accepted", {"accepted": 2})


def test_the_kit_module_imports_no_engine_module_beyond_lesson_one() -> None:
    text = Path(REPO_ROOT / "lessons" / "kit" / "turnsee.py").read_text(encoding="utf-8")
    assert "from cosmos" not in text and "import cosmos" not in text
