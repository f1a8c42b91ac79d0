"""Lesson 3's traces: recorded by the real fight and move_fleets, plain data, and drawn faithfully."""
from __future__ import annotations

import copy
import re
from fractions import Fraction

import pytest

from cosmos.battle import fight, fire, take_damage
from cosmos.fleets import move_fleets, new_fleet
from cosmos.graph import has_lane
from cosmos.rng import Random
from cosmos.ui.session import Session
from cosmos.world import World, new_world
from lessons.kit.battle import BattleTrace, battle_frames_html, record_battle
from lessons.kit.battlemoves import crossings, moves_frames_html, record_moves
from lessons.kit.seeit import line_of


def achernar() -> World:
    """The lesson's rebuilt battle: seed 2026, our fleet at Achernar, Orion's as it was on turn 3."""
    world = new_world(2026)
    world.fleets[0].system = 3
    world.fleets[3].ships = [3, 2, 3, 0]
    return world


@pytest.fixture(scope="module")
def recorded():
    world = achernar()
    report, trace = record_battle(fight, world, 3)
    return world, report, trace


def test_the_rebuilt_battle_is_the_one_the_real_game_fights():
    session = Session(seed=2026, lang="en")
    session.send("go 1 4")
    for _ in range(3):
        session.send("end")
    (played,) = session.world.battle_reports
    report, _ = record_battle(fight, achernar(), 3)
    assert (report.system, report.empires, report.before, report.lost, report.forts) == (
        played.system, played.empires, played.before, played.lost, played.forts)


def test_recording_changes_nothing():
    rng = Random(33)
    for _ in range(40):
        world = new_world(2026)
        world.fleets.clear()
        system = rng.next_int(len(world.systems))
        for owner in (0, 3):
            new_fleet(world, owner, system, [rng.next_int(9) for _ in range(4)])
        watched = copy.deepcopy(world)
        plain = fight(world, system)
        report, trace = record_battle(fight, watched, system)
        assert report == plain
        assert watched.fleets == world.fleets and watched.planets == world.planets


def test_the_trace_adds_up_to_the_report(recorded):
    _, report, trace = recorded
    assert trace.empires == list(report.empires) and trace.letters == ["A", "B"]
    assert trace.ships == [tuple(s) for s in report.before]
    assert trace.fort_attack == [0, 4]
    for rnd in trace.rounds:
        assert [loss.side for loss in rnd.losses] == [0, 1]
        for loss in rnd.losses:
            fired_at = [sum((s.damage for s in rnd.shots if s.target == loss.side and s.kind == j), Fraction(0))
                        for j in range(4)]
            assert list(loss.damage) == fired_at
            assert all(w < hp for w, hp in zip(loss.wounds, trace.hp[loss.side], strict=True))
    last = trace.ships_after(len(trace.rounds) - 1)
    assert [tuple(b - a for a, b in zip(left, start, strict=True)) for left, start in zip(last, trace.ships,
                                                                                           strict=True)] \
        == list(report.lost)
    # "after round 2 one of our frigates is left, and round 3 finishes it while Orion loses nothing more"
    assert len(trace.rounds) == 3 and trace.rounds[1].losses[0].ships == (0, 0, 1, 0)
    assert trace.rounds[2].losses[0].ships == (0, 0, 0, 0) and trace.rounds[2].losses[1].killed == (0, 0, 0, 0)
    assert {s.gun for s in trace.rounds[0].shots if s.side == 1} == {0, 1, 2, -1}  # the fortress fires


def test_the_frames_show_fire_then_losses_with_the_real_lines(recorded):
    _, _, trace = recorded
    frames = battle_frames_html(trace, fire, take_damage)
    firing_rounds = [r for r in trace.rounds if r.shots]
    ended_early = len(firing_rounds) < len(trace.rounds)  # a round in which nobody could fire gets one frame
    assert len(frames) == 1 + 3 * len(firing_rounds) + ended_early and not ended_early  # all three rounds fire
    shot_line, dead_line = line_of(fire, "damage[i][j] += share"), line_of(take_damage, "side.ships[j] -= dead")
    lit = [re.findall(r"&#9654;\s*(\d+) ", frame) for frame in frames]
    assert lit[0] == [] and lit[-1] == [str(dead_line)]  # the last frame: round 3's losses
    assert lit[1] == lit[2] == [str(shot_line)] and lit[3] == [str(dead_line)]
    for frame in frames:
        assert 'class="cosmos-counters"' in frame and "data:image/svg+xml;base64," in frame
        assert "<svg" not in frame  # pictures are data: images, shown without trust
    assert "A ships</span> <b>7</b>" in frames[0] and "B ships</span> <b>8</b>" in frames[0]
    assert "A ships</span> <b>5</b>" in frames[3]  # after round 1: 1I 2B 2F


def test_the_trace_is_plain_data(recorded):
    _, _, trace = recorded
    assert isinstance(trace, BattleTrace)
    assert copy.deepcopy(trace) == trace
    assert all(isinstance(s.damage, Fraction) for r in trace.rounds for s in r.shots)


def test_fleets_step_along_lanes_and_cross_without_meeting():
    world = new_world(2026)
    world.fleets[0].target, world.fleets[3].target, world.fleets[2].target = 3, 0, 0
    systems = world.systems
    trace = record_moves(move_fleets, world, 5)
    assert len(trace.turns) == 6
    for before, after in zip(trace.turns, trace.turns[1:], strict=False):
        was = {f.fleet: f.system for f in before}
        for fleet in after:
            assert fleet.system == was[fleet.fleet] or has_lane(systems, was[fleet.fleet], fleet.system)
    ours = [next(f.system for f in turn if f.fleet == 0) for turn in trace.turns]
    assert ours == [0, 1, 2, 3, 3, 3]
    assert [(a.letter, b.letter) for a, b in crossings(trace.turns[1], trace.turns[2])] == [("A", "B")]
    assert all(not crossings(a, b) for a, b in zip(trace.turns[2:], trace.turns[3:], strict=False))
    frames = moves_frames_html(trace, systems, move_fleets)
    assert len(frames) == 6 and "crossed on the lane 3-2" in frames[2]
    assert all('class="cosmos-counters"' in f and "<svg" not in f for f in frames)


def test_the_move_trace_matches_a_run_without_it():
    world = new_world(2026)
    world.fleets[0].target, world.fleets[3].target = 3, 0
    twin = copy.deepcopy(world)
    trace = record_moves(move_fleets, world, 4)
    for turn in trace.turns[1:]:
        move_fleets(twin)
        assert [(f.id, f.system, f.target) for f in twin.fleets] == [(f.fleet, f.system, f.target) for f in turn]


def test_the_frames_write_damage_and_wounds_as_exact_fractions(recorded):
    """The lesson teaches fractions, so the see-it shows them as the engine keeps them, never rounded."""
    _, _, trace = recorded
    frames = battle_frames_html(trace, fire, take_damage)
    dealt = sum(trace.fired(0, 0), Fraction(0))  # the Terrans' first volley, all guns together
    assert dealt.denominator > 1 and f"damage by A</span> <b>{dealt}</b>" in frames[1]
    assert f"({dealt} damage" in frames[1]
    assert not any(re.search(r"<b>\d+\.\d</b>", frame) for frame in frames)


def test_a_battle_that_ends_early_gets_a_frame_saying_so():
    world = new_world(2026)
    world.fleets.clear()
    new_fleet(world, 0, 1, [10, 0, 0, 0])  # ten interceptors against one, in Cygna, where nobody has a fortress
    new_fleet(world, 3, 1, [1, 0, 0, 0])
    _, trace = record_battle(fight, world, 1)
    assert [bool(r.shots) for r in trace.rounds] == [True, False]
    frames = battle_frames_html(trace, fire, take_damage)
    assert len(frames) == 1 + 3 + 1 and "nobody fires" in frames[-1] and "the battle ends early" in frames[-1]
