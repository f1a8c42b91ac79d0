"""Lesson 4's see-it trace: plain data recorded by the real AI (rivals.plan), drawn as frames."""
from __future__ import annotations

import json
import re

import pytest

from cosmos.data import PERSONALITIES
from cosmos.envoy import diplomacy_moves
from cosmos.game import play_turn
from cosmos.rivals import decide, plan, walk_budget
from cosmos.turn import state_text
from cosmos.view import survey
from cosmos.world import new_world
from lessons.kit.rivals_seeit import (
    BAR_W,
    CHAR_W,
    CHART_TITLE,
    LABEL_W,
    CharacterToggle,
    character_toggle,
    chart_svg,
    plan_data,
    record_turns,
)
from lessons.kit.seeit import code_pane, line_of

CHARACTERS = ["builder", "warlord", "scholar"]
TURNS = 8


@pytest.fixture(scope="module")
def recorded():
    """A game of seed 2026 played for TURNS turns, Lyra Union's plans recorded before each end."""
    world = new_world(2026)
    orders = []

    def plan_of(key):
        return plan(world, 1, survey(world), diplomacy_moves, PERSONALITIES[key])

    def advance():
        orders.append([c.to_text() for c in decide(world, 1, survey(world), envoy=diplomacy_moves)])
        play_turn(world)

    return record_turns(TURNS, CHARACTERS, plan_of, advance), orders, world


def test_the_trace_is_plain_data(recorded):
    trace, _orders, _world = recorded
    assert json.loads(json.dumps(trace)) == trace
    assert len(trace) == TURNS and all(list(turn) == CHARACTERS for turn in trace)


def test_lyras_own_character_records_the_orders_the_game_played(recorded):
    trace, orders, _world = recorded
    assert [turn["builder"]["chosen"] for turn in trace] == orders


def test_recording_does_not_change_the_game(recorded):
    _trace, _orders, world = recorded
    plain = new_world(2026)
    for _ in range(TURNS):
        play_turn(plain)
    assert state_text(plain) == state_text(world)


def test_the_same_view_scored_by_each_character(recorded):
    trace, _orders, _world = recorded
    for turn in trace:
        steps = list(turn.values())
        assert len({s["turn"] for s in steps}) == 1 and len({tuple(s["budget"]) for s in steps}) == 1
        assert [s["character"] for s in steps] == CHARACTERS
    assert any(len({tuple(o["text"] for o in s["options"]) for s in turn.values()}) > 1 for turn in trace)


def test_options_are_ranked_and_the_budget_holds(recorded):
    trace, _orders, _world = recorded
    for turn in trace:
        for step in turn.values():
            utilities = [o["utility"] for o in step["options"]]
            assert utilities == sorted(utilities, reverse=True)
            taken = [o for o in step["options"] if o["chosen"]]
            spent = [sum(o["cost"][r] for o in taken) for r in range(4)]
            assert spent == step["spent"]
            assert all(s <= b for s, b in zip(spent, step["budget"], strict=True))
            assert step["chosen"] == step["first"] + [o["text"] for o in taken]
            assert len(step["chosen"]) <= step["limit"]


def test_a_skipped_option_was_one_the_stock_could_not_pay(recorded):
    trace, _orders, _world = recorded
    for turn in trace:
        for step in turn.values():
            left = list(step["budget"])
            for option in step["options"]:
                fits = all(c <= s for c, s in zip(option["cost"], left, strict=True))
                full = len(step["first"]) + sum(o["chosen"] for o in step["options"]) >= step["limit"]
                assert option["chosen"] == (fits and not (full and not option["chosen"]))
                if option["chosen"]:
                    left = [s - c for s, c in zip(left, option["cost"], strict=True)]
                elif option["text"] == step["saving"]:  # saved for: its cost is kept back from the options below
                    assert not fits
                    left = [s - k for s, k in zip(left, step["kept"], strict=True)]


def test_the_builder_saves_up_for_a_colony_and_then_makes_it(recorded):
    trace, _orders, _world = recorded
    saved = [turn["builder"]["saving"] for turn in trace]
    made = [i for i, turn in enumerate(trace) if i and saved[i - 1] and saved[i - 1] in turn["builder"]["chosen"]]
    assert made, saved  # a turn makes what the turn before saved up for
    start = made[0] - 1
    while start > 0 and saved[start - 1] == saved[made[0] - 1]:
        start -= 1
    assert saved[start].startswith("col ") and made[0] - start >= 2  # it saved for more than one turn


def test_the_chart_marks_the_option_saved_for():
    step = {"saving": "col 16", "options": [{"text": "col 16", "utility": 80.0, "chosen": False,
                                             "cost": [60, 45, 15, 0]}]}
    assert "#f59e0b" in chart_svg(step) and "#f59e0b" not in chart_svg({**step, "saving": None})


def test_plan_data_copies_what_plan_decided():
    world = new_world(2026)
    result = plan(world, 1)
    data = plan_data(result)
    assert data["chosen"] == [c.to_text() for c in decide(world, 1)]
    assert [o["text"] for o in data["options"]] == [o.command.to_text() for o in result.ranked]
    assert data["budget"] == list(world.empires[1].stock)


def test_frames_are_pictures_as_data_with_the_code_lit(recorded):
    trace, _orders, _world = recorded
    lit = line_of(walk_budget, "result.chosen.append(option.command)")
    toggle = character_toggle(trace, lambda step: code_pane(walk_budget, lit))
    assert isinstance(toggle, CharacterToggle) and list(toggle.players) == CHARACTERS
    for player in toggle.players.values():
        assert len(player.frames) == TURNS
        assert "cosmos-stepper" in player._dom_classes
        for frame in player.frames:
            assert "data:image/svg+xml;base64," in frame and "<svg" not in frame
            assert f"{lit:>4} " in frame and "cosmos-counters" in frame
    assert toggle._repr_mimebundle_()["text/html"] == toggle.players["builder"].frames[0]


def test_switching_the_character_keeps_the_turn(recorded):
    trace, _orders, _world = recorded
    toggle = character_toggle(trace, lambda step: "")
    builder, warlord, scholar = (toggle.players[key] for key in CHARACTERS)
    # the browser keeps every character's slider on the builder's step (a jslink works without a kernel)
    linked = [(link.source, link.target) for link in toggle.step_links]
    assert linked == [((builder.slider, "value"), (warlord.slider, "value")),
                      ((builder.slider, "value"), (scholar.slider, "value"))]


def test_the_chart_marks_the_chosen_options():
    step = {"options": [{"text": "col 24", "utility": 80.0, "chosen": False, "cost": [60, 45, 15, 0]},
                        {"text": "go 13 8", "utility": 40.0, "chosen": True, "cost": [0, 0, 0, 0]}]}
    svg = chart_svg(step)
    assert svg.count("<rect x=") == 2 and "col 24" in svg and "#16a34a" in svg
    assert "cost M60 G45 C15 U0" in svg and "free" in svg
    assert svg.index("col 24") < svg.index("go 13 8")


def test_the_chart_is_wide_enough_for_its_title_and_every_label():
    step = {"options": [{"text": "col 16", "utility": 100.13, "chosen": False, "cost": [140, 70, 52, 17]},
                        {"text": "b lab 24", "utility": 5.11, "chosen": False, "cost": [25, 15, 25, 5]}]}
    width = float(re.search(r'<svg [^>]*width="([\d.]+)"', chart_svg(step)).group(1))
    longest = LABEL_W + BAR_W + 4 + CHAR_W * len("100.13 cost M140 G70 C52 U17")  # the top bar is BAR_W long
    assert width >= longest and width >= 4 + CHAR_W * len(CHART_TITLE)
    assert CHART_TITLE in chart_svg(step)
