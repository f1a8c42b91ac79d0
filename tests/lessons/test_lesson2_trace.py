"""Lesson 2's see-its as data: Kahn's steps recorded by the real validate_tree, research in a real game."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import asdict, replace

import pytest

from cosmos.data import TECHS, Tech
from cosmos.tech import TechTreeError, research_order, researchable, tech_id, validate_tree
from cosmos.world import new_world
from lessons.kit.techtree import (
    KahnStep,
    ResearchTurn,
    arrows_used,
    changed_turns,
    done_edges,
    frontier,
    kahn_caption,
    kahn_looks,
    layout,
    learned_this_turn,
    record_kahn,
    research_caption,
    research_svg,
    snapshot,
    tiers,
    tree_svg,
)

SVG = "{http://www.w3.org/2000/svg}"
ARROWS = sum(len(tech.needs) for tech in TECHS)


@pytest.fixture(scope="module")
def steps() -> list[KahnStep]:
    return record_kahn(validate_tree, TECHS)


def test_one_step_to_fill_the_queue_one_per_technology_and_one_per_arrow(steps):
    kinds = [step.step for step in steps]
    assert kinds[0] == "ready" and kinds.count("ready") == 1
    assert kinds.count("take") == len(TECHS)
    assert kinds.count("unlock") == ARROWS
    assert list(steps[-1].order) == research_order()


def test_the_first_queue_holds_the_roots_and_every_count_is_the_in_degree(steps):
    first = steps[0]
    assert first.ready == tuple(i for i, tech in enumerate(TECHS) if not tech.needs)
    assert first.waiting == tuple(len(tech.needs) for tech in TECHS)
    assert first.order == ()


def test_each_take_is_the_smallest_ready_and_each_unlock_lowers_one_count(steps):
    for before, step in zip(steps, steps[1:], strict=False):
        if step.step == "take":
            assert step.tech == min(before.ready)
            assert step.order == (*before.order, step.tech)
            assert step.ready == tuple(sorted(set(before.ready) - {step.tech}))
        else:
            lowered = [i for i in range(len(TECHS)) if step.waiting[i] != before.waiting[i]]
            assert lowered == [step.tech]
            assert step.waiting[step.tech] == before.waiting[step.tech] - 1
            assert (step.tech in step.ready) == (step.waiting[step.tech] == 0)
            assert TECHS[before.order[-1]].key in TECHS[step.tech].needs  # opened by the last one taken
    assert sum(steps[-1].waiting) == 0


def test_the_green_arrows_are_the_ones_used_so_far(steps):
    for k, step in enumerate(steps):
        used = arrows_used(TECHS, steps, k)
        assert len(used) == ARROWS
        assert used.count(True) == ARROWS - sum(step.waiting)  # the counter "arrows left"
    assert all(arrows_used(TECHS, steps, len(steps) - 1))
    assert arrows_used(TECHS, steps, 1) == [False] * ARROWS  # taking deep drilling uses no arrow yet


def test_watching_changes_nothing_and_a_broken_tree_is_still_refused():
    assert validate_tree(TECHS) == validate_tree(TECHS, lambda *args: None) == research_order()
    loop = [Tech("a", 1, ("b",), "science", ()), Tech("b", 1, ("a",), "science", ()),
            Tech("c", 1, (), "science", ())]
    seen: list[str] = []
    with pytest.raises(TechTreeError, match="a -> b -> a"):
        validate_tree(loop, lambda step, tech, *rest: seen.append(step))
    assert seen == ["ready", "take"]  # only c was ever ready


def test_the_trace_is_plain_data(steps):
    text = json.dumps([asdict(step) for step in steps])
    assert [KahnStep(**{k: tuple(v) if isinstance(v, list) else v for k, v in d.items()})
            for d in json.loads(text)] == steps


def test_the_tree_has_four_tiers_of_four_four_four_and_one():
    tier = tiers(TECHS)
    for i, tech in enumerate(TECHS):
        assert tier[i] == max((tier[tech_id(n)] + 1 for n in tech.needs), default=0)
    assert [tier.count(t) for t in range(max(tier) + 1)] == [4, 4, 4, 1]
    places = layout(TECHS)
    assert len(set(places)) == len(TECHS)  # no two boxes on one spot
    assert all(row == tier[i] for i, (_col, row) in enumerate(places))


def test_a_frame_draws_every_box_and_arrow_with_the_counts_still_waited_for(steps):
    step = steps[len(steps) // 2]
    root = ET.fromstring(tree_svg(TECHS, kahn_looks(TECHS, step), done_edges(TECHS, step.order)))
    assert len(root.findall(f"{SVG}rect")) == len(TECHS) + 1  # the background and one box each
    assert len([p for p in root.findall(f"{SVG}path") if p.get("marker-end")]) == ARROWS
    badges = [t.text for t in root.findall(f"{SVG}text") if t.get("font-weight") == "bold"]
    waiting = [str(step.waiting[i]) for i in range(len(TECHS)) if i not in step.order and i not in step.ready]
    assert badges == waiting
    assert kahn_caption(TECHS, steps[0]).startswith("Every technology without prerequisites is ready: 1 2 3 4")


@pytest.fixture(scope="module")
def game_turns():
    """Forty turns of the seed-2026 game, every empire played by the computer (the finished game)."""
    from cosmos.game import play_turn

    world = new_world(2026, human=False, quiet=True)
    turns = [snapshot(world, researchable)]
    for _ in range(40):
        play_turn(world)
        turns.append(snapshot(world, researchable))
    return world, turns


def test_a_snapshot_holds_what_the_engine_says(game_turns):
    world, turns = game_turns
    last = turns[-1]
    for empire, research in zip(world.empires, last.empires, strict=True):
        assert research.known == tuple(empire.techs)
        assert research.researching == empire.research
        if not empire.alive:  # a fallen empire researches nothing more: the snapshot lists no frontier
            assert research.frontier == () and not research.alive
            continue
        assert list(research.frontier) == researchable(world, empire.id)
        assert list(research.frontier) == frontier(TECHS, research.known)
    assert turns[0].turn == 1 and last.turn == world.turn


def test_only_the_frontier_is_ever_learned_and_frames_show_every_change(game_turns):
    _world, turns = game_turns
    learned = 0
    for before, now in zip(turns, turns[1:], strict=False):
        for letter, tech in learned_this_turn(before, now):
            old = next(r for r in before.empires if r.letter == letter)
            assert tech in old.frontier
            learned += 1
    assert learned > 0
    shown = changed_turns(turns)
    assert shown[0] == (None, turns[0])
    def state(turn):
        return [(r.known, r.researching, r.alive) for r in turn.empires]

    changes = [now for before, now in zip(turns, turns[1:], strict=False) if state(before) != state(now)]
    assert [now for _before, now in shown[1:]] == changes
    caption, any_learned = research_caption(*shown[-1])
    assert caption.startswith("After turn")
    assert any_learned == bool(learned_this_turn(*shown[-1]))


def test_the_research_picture_has_a_small_tree_per_empire(game_turns):
    _world, turns = game_turns
    root = ET.fromstring(research_svg(TECHS, turns[-1]))
    assert len(root.findall(f"{SVG}g")) == len(turns[-1].empires)
    circles = list(root.iter(f"{SVG}circle"))
    assert len(circles) == len(TECHS) * len(turns[-1].empires)


def test_an_empire_that_falls_gets_a_frame_and_is_marked_fallen(game_turns):
    """The lesson says the player's empire has fallen by the last frame: a fall alone makes a frame, says so."""
    _world, turns = game_turns
    last = turns[-1]
    fallen = ResearchTurn(last.turn + 1, tuple(replace(r, frontier=(), alive=k != 0)
                                                for k, r in enumerate(last.empires)))
    shown = changed_turns([*turns, fallen])
    assert shown[-1] == (last, fallen)
    caption, any_learned = research_caption(last, fallen)
    assert caption == f"After turn {last.turn}: {last.empires[0].letter} fell." and not any_learned
    titles = [text.text or "" for text in ET.fromstring(research_svg(TECHS, fallen)).iter(f"{SVG}text")]
    assert sum("fallen" in title for title in titles) == 1
