"""Lesson 3 has every part of the pattern, its outputs are computed by the engine, and its claims hold."""
from __future__ import annotations

import inspect
import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import nbformat
import pytest

from cosmos import battle, fleets
from cosmos.data import FORT_ATTACK, FORT_HP, RPS_PERCENT, SHIP_TYPES, SIEGE_TURNS
from cosmos.stages import LESSON_OF_MODULE
from cosmos.ui.session import Session
from graders.quizzes import FindTheBug, PredictOutput, source_text
from tests.lessons.lesson_helpers import (
    LESSONS,
    cell_with,
    code_cells,
    engine_modules_loaded,
    is_play_cell,
    markdown,
    run_cells,
    stdout_of,
    words_before_first_program,
)

LESSON3 = LESSONS / "03-fleets-and-battle.ipynb"


@pytest.fixture(scope="module")
def nb() -> nbformat.NotebookNode:
    return nbformat.read(LESSON3, as_version=4)


@pytest.fixture(scope="module")
def ns(nb) -> dict[str, Any]:
    """The names lesson 3 defines, from running its code cells (all but Play) in this process."""
    return run_cells(nb, "lesson3")


def printing(nb, fragment: str) -> str:
    """The stdout of the one code cell whose source contains fragment."""
    return stdout_of(cell_with(nb, fragment))


PARTS = ["In short", "The problem: seven ships lost at Achernar", "Play", "All orders at once",
         "Four kinds of ship", "Splitting the fire", "Wounds and exact fractions", "Fleets move along the lanes",
         "Fortresses and sieges", "The real code", "See it: the battle at Achernar", "See it: fleets on the lanes",
         "Predict the output", "Find the bug", "More precisely", "Exercise: Battle", "More tasks",
         "Test yourself", "What we built"]


def test_every_part_of_the_pattern_is_there_in_order(nb):
    text = markdown(nb)
    places = [text.find(f"## {part}") if part not in ("In short", "More tasks") else text.find(part)
              for part in PARTS]
    assert -1 not in places, [p for p, at in zip(PARTS, places, strict=True) if at < 0]
    assert places == sorted(places)


def test_the_first_program_comes_within_300_words(nb):
    assert words_before_first_program(nb) <= 300


def test_the_problem_is_the_real_games_screen(nb):
    session = Session(seed=2026, lang="en")
    session.send("go 1 4")
    for _ in range(3):
        news = session.send("end")
    expected = news + "\n" + session.send("report") + "\n"
    cell = next(c for c in code_cells(nb) if 'game.submit("report")' in c.source)
    assert is_play_cell(cell)
    assert stdout_of(cell) == expected
    assert "Orion Hegemon: 3I 2B 3F and fortress level 1, lost 2I 1B 1F" in expected
    assert "Terran Empire lost 7 ships, 0 left." in expected


def test_the_first_mover_edge_is_measured(nb, ns):
    out = printing(nb, "flips = {")
    counts = [int(n) for n in re.findall(r"first in (\d+) of 1000", out)]
    assert counts[1] == 0 and counts[0] > 0
    assert round(counts[0] / 1000 * 5) == 1  # the text says: one battle in five
    assert ns["sequential"](10, 10) == (7, 2) and ns["simultaneous"](10, 10) == (4, 4)
    assert "(7, 2)" in printing(nb, 'print("10 against 10, one after')


def test_the_ship_table_is_the_engines_data(nb):
    out = printing(nb, 'print("kind          attack')
    for ship, line in zip(SHIP_TYPES, out.splitlines()[1:5], strict=True):
        assert line.split()[1:4] == [str(ship.attack), str(ship.hp), str(ship.siege)]
        assert " ".join(map(str, ship.cost)) in line
    rows = [line.split()[1:] for line in out.splitlines()[-4:]]
    assert rows == [[str(p) for p in row] for row in RPS_PERCENT]
    interceptor, dreadnought = SHIP_TYPES[0].cost, SHIP_TYPES[3].cost
    assert dreadnought[0] == 4 * interceptor[0] and dreadnought[3] == 20  # what the prose says of its price
    assert "costs four times as much metal as an interceptor, and twenty uranium" in " ".join(markdown(nb).split())


def test_the_split_of_the_first_volley_is_what_the_engines_fire_adds(nb, ns):
    world, sides = ns["open_space"]([3, 2, 2, 0], [3, 2, 3, 0])
    damage = [[Fraction(0)] * 4 for _ in sides]
    battle.fire(world, sides, 0, damage)
    out = printing(nb, "def shares(")
    together = out.splitlines()[3].removeprefix("all guns together:").split()
    assert [Fraction(x) for x in together] == damage[1]
    assert damage[1][0] == Fraction(21, 2) and "Added up they make 21/2, more than 8" in " ".join(markdown(nb).split())
    assert [d // t.hp for d, t in zip(damage[1], SHIP_TYPES, strict=True)] == [1, 0, 0, 0]  # one interceptor dies


def test_floats_lose_a_bomber_that_fractions_keep(nb):
    out = printing(nb, "attacker, target = ")
    assert "exact: 30  floats: 29.999999999999996" in out and "exact: 3  floats: 2" in out


def test_the_fleets_cross_on_turn_two_and_arrive_on_turn_three(nb):
    out = printing(nb, "ours.target, orions.target")
    assert "after turn 2: our fleet in 3, Orion's in 2" in out
    assert "after turn 1: our fleet in 2, Orion's in 3" in out
    assert "after turn 3: our fleet in 4, Orion's in 1" in out
    assert "cross on a\n    lane pass each other" in fleets.move_fleets.__doc__  # the documented choice


def test_the_siege_takes_three_turns_as_the_text_says(nb, ns):
    out = printing(nb, "our siege power:")
    assert "fortress level: 1" in out and "our siege power: 13" in out
    assert "turn 3: fortress left  0, turns of siege 0, owner Terran Empire, Orion in the game: False" in out
    assert ns["turns_to_take_achernar"]() == str(SIEGE_TURNS)
    text = markdown(nb)
    assert f"{FORT_ATTACK} × *n*" in text and f"{FORT_HP} × *n*" in text


def test_splitting_a_fleet_loses_as_the_text_says(nb):
    out = printing(nb, "def battle(a, b):")
    assert "12 against 12: [0, 0, 4, 0] [0, 0, 4, 0]" in out
    assert out.splitlines()[1].endswith("[0, 0, 10, 0] [0, 0, 7, 0]")


def test_the_real_engine_code_is_shown_not_copied(nb):
    shown = "\n".join(o.data["text/markdown"] for c in code_cells(nb) for o in c.outputs
                      if "data" in o and "text/markdown" in o.data)
    for obj in (battle.fire_round, battle.fire, battle.take_damage, battle.enemies_of, battle.guns_of,
                battle.hostile_sides, battle.fight, fleets.move_fleets, battle.besiege_planet):
        lines, first = inspect.getsourcelines(obj)
        path = inspect.getsourcefile(obj).split("/cosmos/")[-1]
        assert f"`cosmos/{path}`, lines {first}-{first + len(lines) - 1}" in shown
        assert "".join(lines) in shown
    sources = "\n".join(cell.source for cell in code_cells(nb))
    assert "def fire_round(" not in sources and "def fire(" not in sources
    assert "def take_damage(" not in sources  # the find-the-bug variant is packed (variant + hide)
    assert "total = taken[j]" not in sources  # unfolding the quiz cell does not give the bug away


def test_predict_the_output_key_is_computed_and_follows_the_code(ns):
    predict = ns["predict"]
    assert isinstance(predict, PredictOutput)
    assert predict.expected == "[0, 0, 2, 0] [0, 0, 0, 0] 6"
    assert [predict.check(i).correct for i in range(len(predict.choices))].count(True) == 1
    assert all(predict._feedback[c] for c in predict.choices if c != predict.expected)
    one_round = PredictOutput(predict.code.replace("range(2)", "range(1)"), {}, predict.namespace)
    assert one_round.expected == "[0, 0, 2, 0] [1, 0, 0, 0] 9/2"


def test_find_the_bug_differs_in_exactly_one_line_and_its_output_is_computed(ns, nb):
    bug = ns["find_the_bug"]
    assert isinstance(bug, FindTheBug)
    real = source_text(battle.take_damage).rstrip("\n").split("\n")
    buggy = bug.buggy.rstrip("\n").split("\n")
    assert len(buggy) == len(real)
    differ = [i for i, (a, b) in enumerate(zip(real, buggy, strict=True)) if a != b]
    assert len(differ) == 1 and "total = taken[j]" in buggy[differ[0]]
    assert bug.wrong_output != bug.fixed_output
    assert bug.fixed_output.endswith("B left: [0, 2, 1, 0]") and "`[0, 2, 1, 0]`" in markdown(nb)
    assert bug.check(differ[0] + 1).correct
    assert [bug.check(i + 1).correct for i in range(len(buggy))].count(True) == 1


def test_six_questions_to_test_yourself_each_with_one_right_answer(ns):
    quizzes = ns["test_yourself"].quizzes
    assert len(quizzes) == 6
    for quiz in quizzes:
        verdicts = [quiz.check(i) for i in range(len(quiz.choices))]
        assert sum(v.correct for v in verdicts) == 1
        assert all(choice.feedback for choice in quiz.choices), "every option explains itself"
    rights = [next(c.text for i, c in enumerate(q.choices) if q.check(i).correct) for q in quizzes]
    assert rights[1] == "interceptor" and rights[2] == "It is destroyed in round 2"
    assert "who" in rights[0] or "which side" in rights[0]
    assert "fall just short" in rights[3] and rights[4].startswith("Nothing") and rights[5] == "3"


def test_the_answers_are_not_readable_in_the_notebook(nb, ns):
    sources = "\n".join(cell.source for cell in nb.cells)
    assert ns["predict"].expected not in sources
    assert sources.count("Hashed(") == 2 and sources.count("Computed(") == 4
    stored = "\n".join(json.dumps(o.get("data", "")) for c in code_cells(nb) for o in c.outputs)
    assert "Right." not in stored and "Not quite." not in stored


def test_the_exercise_link_is_the_notebook_and_says_how_to_check(nb):
    text = markdown(nb)
    assert "](../exercises/03-battle/battle.ipynb)" in text
    assert (LESSONS.parent / "exercises" / "03-battle" / "battle.ipynb").is_file()
    assert "python -m graders check\nexercises/03-battle/battle.ipynb" in text
    assert text.count("* **") >= 3  # three more tasks


def test_the_lessons_cells_load_no_engine_module_after_lesson_3(nb, tmp_path: Path):
    loaded = {m.removeprefix("cosmos.") for m in engine_modules_loaded(nb, tmp_path)} - {"cosmos"}
    assert {"fleets", "battle"} <= loaded
    assert sorted(m for m in loaded if LESSON_OF_MODULE[m] > 3) == []
