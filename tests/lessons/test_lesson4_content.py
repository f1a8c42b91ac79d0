"""Lesson 4 holds every part of the pattern, prints what the engine computes, and shows the real AI."""
from __future__ import annotations

import contextlib
import inspect
import io
import re
from dataclasses import replace
from typing import Any

import nbformat
import pytest

from cosmos import rivals, view
from cosmos.commands import Build, BuildShips, apply
from cosmos.data import AI_TUNING, PERSONALITIES, SHIP_TYPES, AiTuning, Personality
from cosmos.economy import building_cost, colony_cost
from cosmos.envoy import diplomacy_moves
from cosmos.game import play_turn
from cosmos.rivals import Move, decide, plan
from cosmos.turn import end_turn, state_text
from cosmos.view import strength, survey
from cosmos.world import new_world
from graders.quizzes import FindTheBug, MultipleChoice, PredictOutput, source_text
from tests.lessons.lesson_helpers import (
    LESSONS,
    REPO_ROOT,
    cell_with,
    code_cells,
    markdown,
    stdout_of,
    words_before_first_program,
)

LESSON4 = LESSONS / "04-the-rivals.ipynb"


@pytest.fixture(scope="module")
def nb() -> nbformat.NotebookNode:
    """Lesson 4 as stored, with its outputs."""
    return nbformat.read(LESSON4, as_version=4)


@pytest.fixture(scope="module")
def ns(nb) -> dict[str, Any]:
    """The names lesson 4 defines, from running its code cells (all but the game widget) here."""
    namespace: dict[str, Any] = {"__name__": "lesson4"}
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in code_cells(nb):
            if "GameWidget(" not in cell.source:
                exec(compile(cell.source, f"<cell {cell.id}>", "exec"), namespace)
    return namespace


def printed_by(nb, fragment: str) -> str:
    """What the one code cell whose source holds fragment printed."""
    return stdout_of(cell_with(nb, fragment))


PARTS = ["In short", "The problem", "Play", "What a rival sees", "Benefit over cost",
         "The character: three numbers", "Choosing under a budget", "Ties, and why", "Strength, and a target",
         "Every number has a name", "The real code", "See it", "Predict the output", "Find the bug",
         "More precisely", "Exercise: choose", "Test yourself", "What we built"]


def test_every_part_of_the_pattern_is_there_in_order(nb):
    text = markdown(nb)
    places = [text.find(f"## {part}") if part != "In short" else text.find("**In short.**") for part in PARTS]
    assert -1 not in places, [p for p, at in zip(PARTS, places, strict=True) if at < 0]
    assert places == sorted(places)


def test_the_first_program_comes_within_300_words(nb):
    assert words_before_first_program(nb) <= 300


def test_the_problem_shows_the_orders_the_game_plays(nb):
    world = new_world(2026)
    seen = survey(world)
    expected = "".join(f"{e.name} ({e.personality}): "
                       + " | ".join(c.to_text() for c in decide(world, e.id, seen, envoy=diplomacy_moves)) + "\n"
                       for e in world.empires[1:])
    assert printed_by(nb, "session = Session(seed=2026)") == expected
    screen = next(o for c in code_cells(nb) if "screen_html" in c.source for o in c.outputs
                  if o.output_type == "display_data")
    assert "Lyra Union colonised planet 24" in screen.data["text/html"]
    assert "News of turn 1" in screen.data["text/html"]
    for empire in world.empires[1:]:  # and those are the orders play_turn applies
        for command in decide(world, empire.id, seen, envoy=diplomacy_moves):
            apply(world, command)
    end_turn(world)
    played = new_world(2026)
    play_turn(played)
    assert state_text(played) == state_text(world)


def test_the_three_characters_score_the_same_view_differently(nb):
    world = new_world(2026)
    seen = survey(world)
    lines = []
    for key, character in PERSONALITIES.items():
        ranked = rivals.options(view.look(world, 1, seen, character))
        lines.append(f"{key:8} " + " | ".join(f"{o.command.to_text()} {o.utility:.1f}" for o in ranked) + "\n")
    assert printed_by(nb, "ranked = options(look(world, 1, seen, character))") == "".join(lines)
    ranked = {key: rivals.options(view.look(world, 1, seen, character)) for key, character in PERSONALITIES.items()}
    assert len({r[0].command.to_text() for r in ranked.values()}) == 1  # all three put the colony first
    assert ranked["builder"][0].utility == pytest.approx(2 * ranked["warlord"][0].utility)  # "twice as high"
    assert isinstance(ranked["warlord"][1].command, BuildShips)  # warships right behind it
    scholar = [o.command for o in ranked["scholar"]]
    assert next(c for c in scholar if isinstance(c, Build)).building == "fort"
    assert scholar.index(next(c for c in scholar if isinstance(c, Build))) < scholar.index(
        next(c for c in scholar if isinstance(c, BuildShips)))  # a fort above the frigates


def test_the_claims_about_the_budget_are_the_engines_numbers():
    world = new_world(2026)
    assert world.empires[1].stock[0] == 70 and colony_cost(world, 1)[0] == 40
    assert SHIP_TYPES[2].cost[0] * 2 == 32 and building_cost(world, 22, "mine")[0] == 50
    plans = {key: plan(world, 1, character=character) for key, character in PERSONALITIES.items()}
    for p in plans.values():  # every character's colony takes 40 metal and leaves 30
        assert "col 24" in [c.to_text() for c in p.chosen] and p.spent[0] == 40
    warlord = plans["warlord"]
    assert isinstance(warlord.ranked[1].command, BuildShips) and warlord.ranked[1].cost[0] == 64
    assert warlord.ranked[1] not in warlord.taken
    builder = plan(world, 1)
    assert [c.to_text() for c in builder.chosen][1:] == ["col 24", "go 13 8"]
    # only the Builder saves: for the 60-metal fort, above save_min_utility, within save_turns of income
    assert builder.saving is not None and builder.saving.command.to_text() == "b fort 23"
    assert builder.saving.cost[0] == 60 and builder.kept[0] == 30 and AI_TUNING.save_turns == 5
    assert builder.saving.utility >= AI_TUNING.save_min_utility
    for key in ("warlord", "scholar"):
        fort = next(o for o in plans[key].ranked if o.command.to_text() == "b fort 23")
        assert plans[key].saving is None and fort.utility < AI_TUNING.save_min_utility
    assert (AI_TUNING.mine_benefit, AI_TUNING.colony_benefit, AI_TUNING.home_guard_ratio) == (1.2, 3.0, 2.5)
    assert survey(world).worth[23] == 9.0
    world.planets[23].owner = 1  # a second planet: the next colony costs half again
    assert colony_cost(world, 1)[0] == 60


def test_changing_a_tuning_number_changes_the_orders(nb):
    world = new_world(2026)
    before = decide(world, 1)
    after = decide(world, 1, tuning=replace(AI_TUNING, stay_free=2.0))
    assert any(isinstance(c, Move) for c in before) and not any(isinstance(c, Move) for c in after)
    assert "stay_free=2.0: " + " | ".join(c.to_text() for c in after) in printed_by(nb, "for tuning in (AI_TUNING")


def test_strength_doubles_with_the_stack(nb):
    out = printed_by(nb, "twice as many ships")
    lyra = view.look(new_world(2026), 1)
    assert f"twice as many ships: {round(strength([6, 4, 4, 0], lyra.attack, lyra.hp), 1)}" in out
    assert round(strength([6, 4, 4, 0], lyra.attack, lyra.hp), 6) == round(2 * strength([3, 2, 2, 0], lyra.attack,
                                                                                          lyra.hp), 6)


def test_predict_the_output_key_is_what_the_snippet_prints(ns):
    predict = ns["predict"]
    assert isinstance(predict, PredictOutput)
    assert [predict.check(i).correct for i in range(len(predict.choices))].count(True) == 1
    changed = PredictOutput(predict.code.replace("[8, 0, 0, 0]", "[4, 4, 0, 0]"), {}, predict.namespace)
    assert changed.expected != predict.expected


def test_find_the_bug_differs_in_one_line_and_its_output_is_computed(ns):
    bug = ns["find_the_bug"]
    assert isinstance(bug, FindTheBug)
    real = source_text(rivals.options).rstrip("\n").split("\n")
    diff = [i + 1 for i, (a, b) in enumerate(zip(bug.lines, real, strict=True)) if a != b]
    assert diff == [bug.bug_line]
    assert "ranked.sort(" in bug.lines[bug.bug_line - 1]
    assert bug.wrong_output != bug.fixed_output
    assert bug.wrong_output.split(" | ") == bug.fixed_output.split(" | ")[::-1]
    assert bug.check(bug.bug_line).correct and not bug.check(1).correct


def test_six_questions_each_with_one_right_answer_and_feedback_everywhere(ns):
    quizzes = ns["test_yourself"].quizzes
    assert len(quizzes) == 6 and all(isinstance(q, MultipleChoice) for q in quizzes)
    for quiz in quizzes:
        assert sum(quiz.check(i).correct for i in range(len(quiz.choices))) == 1
        assert all(choice.feedback for choice in quiz.choices)
    rights = [next(c.text for i, c in enumerate(q.choices) if q.check(i).correct) for q in quizzes]
    world = new_world(2026)
    assert rights[1] == plan(world, 1).ranked[0].command.to_text()
    assert rights[2] == plan(world, 1, character=PERSONALITIES["warlord"]).ranked[0].command.to_text()
    assert rights[5].startswith("It stays at home")
    assert [q.choices.index(next(c for c in q.choices if c.text == r)) for q, r in zip(quizzes, rights,
                                                                                          strict=True)] != [0] * 6


def test_the_answers_are_not_in_the_notebooks_text(nb, ns):
    sources = "\n".join(cell.source for cell in nb.cells)
    assert ns["predict"].expected not in sources
    assert ns["find_the_bug"].wrong_output not in sources
    stored = "\n".join(str(o.get("data", "")) for c in code_cells(nb) for o in c.outputs)
    assert "Right." not in stored and "Not quite." not in stored


def test_the_real_engine_code_is_shown_not_copied(nb):
    shown = "\n".join(o.data["text/markdown"] for c in code_cells(nb) for o in c.outputs
                      if "data" in o and "text/markdown" in o.data)
    for obj in (AiTuning, view.look, rivals.options, rivals.plan, rivals.decide, rivals.building_benefits,
                rivals.target_score):
        lines, first = inspect.getsourcelines(obj)
        path = inspect.getsourcefile(obj).split("/cosmos/")[-1]
        assert f"`cosmos/{path}`, lines {first}-{first + len(lines) - 1}" in shown
        assert "".join(lines) in shown
    sources = "\n".join(cell.source for cell in code_cells(nb))
    assert "def look(" not in sources and "def plan(" not in sources


def test_rivals_no_longer_import_diplomacy_and_the_lesson_says_where_it_went(nb):
    text = (REPO_ROOT / "cosmos" / "rivals.py").read_text()
    assert "diplomacy" not in re.findall(r"^from cosmos\.(\w+)", text, flags=re.M)
    assert "envoy" in markdown(nb) and "lesson 5" in markdown(nb)


def test_the_exercise_link_points_to_the_notebook(nb):
    assert "](../exercises/04-choose/choose.ipynb)" in markdown(nb)
    assert (LESSONS.parent / "exercises" / "04-choose" / "choose.ipynb").is_file()
    assert "python -m graders check exercises/04-choose/choose.ipynb" in markdown(nb)


def test_the_see_it_trace_starts_where_the_problem_left_the_game(ns):
    trace = ns["trace"]
    assert [turn["builder"]["turn"] for turn in trace] == list(range(2, 2 + len(trace)))
    builder = [turn["builder"] for turn in trace]
    # the Builder's best option is a colony it cannot pay for at first: it saves for it, then makes it
    first = builder[0]["options"][0]
    assert first["text"].startswith("col") and not first["chosen"] and first["cost"][0] == 60
    assert builder[0]["saving"] == first["text"]
    made = next(i for i, step in enumerate(builder) if first["text"] in step["chosen"])
    assert all(step["saving"] == first["text"] for step in builder[:made])
    after = builder[made + 1]["options"][0]  # the next colony costs 80 metal and is not saved for at once
    assert after["text"].startswith("col") and after["cost"][0] == 80 and builder[made + 1]["saving"] is None
    assert any(step["saving"] == after["text"] for step in builder[made + 1:])  # until it comes within reach
    for turn in trace:  # the Warlord: warships (when it wants any) right behind the colonies, first when they are dear
        options = turn["warlord"]["options"]
        ships = [i for i, o in enumerate(options) if o["text"].startswith("ship")]
        assert all(o["text"].startswith("col") for o in options[:ships[0] if ships else 0])
    assert any(turn["warlord"]["options"][0]["text"].startswith("ship") for turn in trace)
    for turn in trace:  # the Scholar's lab on planet 24 scores three times the others'
        labs = {key: next(o["utility"] for o in step["options"] if o["text"] == "b lab 24")
                for key, step in turn.items()}
        assert labs["scholar"] == pytest.approx(3 * labs["builder"], rel=0.01) and labs["builder"] == labs["warlord"]


def test_a_changed_weight_moves_the_warships_up_but_the_budget_keeps_the_orders(nb):
    world = new_world(2026)
    low = plan(world, 1, character=Personality("builder", attack=1, expand=3, research=1))
    high = plan(world, 1, character=Personality("builder", attack=3, expand=3, research=1))
    low_place, high_place = ([o.command.to_text()[:4] for o in p.ranked].index("ship") for p in (low, high))
    assert low_place == 4 and high_place == 1  # from fifth place to second
    assert high.ranked[1].command.count == 4 and low.ranked[4].command.count == 2
    assert high.chosen == low.chosen
    out = printed_by(nb, 'Personality("builder", attack=attack')
    assert f"attack 3: col 24 {high.ranked[0].utility:.1f} | ship F 4 23" in out
