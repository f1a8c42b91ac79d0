"""Lesson 3 has every part of the pattern, its outputs are computed by the engine, and its claims hold.

CLAIMS the lesson makes and the test that checks each:
- the problem's screens (3I 2B 2F lost at Achernar to 3I 2B 3F and a fortress):
  test_the_problem_is_the_real_games_screen
- one battle in five changes its winner with the order of firing, none at once: test_the_first_mover_edge_is_measured
- the ship table, the percent table, a dreadnought's price: test_the_ship_table_is_the_engines_data
- the first volley adds up to 21/2 on the interceptors, one dies: test_the_split_of_the_first_volley_is_...
- floats lose a bomber that fractions keep (29.999999999999996): test_floats_lose_a_bomber_that_fractions_keep
- "what do you expect?": ten tenths leave a float sliver alive, the fraction dead: test_ten_tenths_...
- the fleets cross on turn 2 without a battle, arrive on turn 3: test_the_fleets_cross_on_turn_two_...
- the siege: power 13, fortress 20, planet taken in the third turn: test_the_siege_takes_three_turns_...
- twelve against twelve lose eight each; split, Orion's sixes die for five of ours: test_splitting_a_fleet_...
- Lanchester's square law: power = attack x hit points, four times for twice the ships; the rivals'
  strength is its square root, so a margin of 1.8 is 3.24 times the power: test_lanchesters_square_law_...
- the rivals estimate (strength), they do not fight a battle in advance: test_the_rivals_estimate_...
- the exercise's example is the problem's fleets, without the fortress Orion keeps three, with it four:
  test_the_exercise_example_is_the_fleets_of_the_problem
- the real code is shown, not copied; the quizzes' keys are computed: the tests named after them.
"""
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


def test_splitting_a_fleet_loses_as_the_text_says(nb, ns):
    out = printing(nb, "def battle(a, b):")
    assert "12 against 12: [0, 0, 4, 0] [0, 0, 4, 0]" in out  # both sides lose eight
    assert out.splitlines()[-1].endswith("[0, 0, 10, 0] [0, 0, 7, 0]")  # split: we lose five
    first, orion_first = ns["battle"]([0, 0, 12, 0], [0, 0, 6, 0])
    assert orion_first == [0, 0, 0, 0] and ns["battle"](first, [0, 0, 6, 0])[1] == [0, 0, 0, 0]
    text = " ".join(markdown(nb).split())
    assert "Twelve against twelve, both sides lose eight in three rounds" in text
    assert "Orion's frigates are all destroyed, and they cost us only five" in text


def test_lanchesters_square_law_and_the_rivals_margin_as_the_text_says(nb, ns):
    from cosmos.data import AI_TUNING
    from cosmos.view import strength

    frigate = SHIP_TYPES[2]
    out = printing(nb, "def battle(a, b):").splitlines()
    power = {n: n * frigate.attack * n * frigate.hp for n in (6, 12)}
    assert out[0].endswith(f"fighting power {power[6]}") and out[1].endswith(f"fighting power {power[12]}")
    assert power[12] == 4 * power[6]  # twice the ships, four times the power
    attack, hp = [t.attack for t in SHIP_TYPES], [t.hp for t in SHIP_TYPES]
    assert strength([0, 0, 12, 0], attack, hp) == 2 * strength([0, 0, 6, 0], attack, hp)  # twice the strength
    assert strength([0, 0, 12, 0], attack, hp) ** 2 == ns["fighting_power"]([0, 0, 12, 0])  # the root of the power
    assert AI_TUNING.attack_margin == 1.8 and round(1.8 * 1.8, 2) == 3.24
    ratio = strength([0, 0, 18, 0], attack, hp) / strength([0, 0, 10, 0], attack, hp)
    assert round(ratio, 2) == 1.8
    assert printing(nb, "def fighting_power(") == (
        "18 frigates against 10: 3.24 times the fighting power, 1.80 times the strength\n")
    text = " ".join(markdown(nb).split())
    assert "wants 1.8 × 1.8 = 3.24 times its fighting power" in text
    assert "is the *square root* of the fighting power" in text


def test_the_exercise_example_is_the_fleets_of_the_problem(nb, ns):
    session = Session(seed=2026, lang="en")
    session.send("go 1 4")
    for _ in range(3):
        session.send("end")
    report = session.send("report")
    assert "Terran Empire: 3I 2B 2F" in report
    assert "Orion Hegemon: 3I 2B 3F and fortress level 1, lost 2I 1B 1F" in report
    assert ns["battle"]([3, 2, 2, 0], [3, 2, 3, 0]) == ([0, 0, 0, 0], [1, 1, 1, 0])  # without the fortress: three
    from cosmos.world import new_world

    assert new_world(2026).fleets[3].ships == [3, 2, 2, 0]  # "Orion had built a frigate in the meantime"
    assert "Orion had built a frigate in the meantime (3I 2B 3F)" in " ".join(markdown(nb).split())
    text = " ".join(markdown(nb).split())
    assert "for the input `3 2 2 0`, `3 2 3 0`, `3`: the fleets of the problem" in text
    assert "Orion kept four ships; without it, three." in text  # 8 - (2 + 1 + 1) with the fortress
    exercise = json.loads((LESSONS.parent / "exercises" / "03-battle" / "exercise.json").read_text(encoding="utf-8"))
    first = exercise["checks"][0]
    assert first["args"] == [[3, 2, 2, 0], [3, 2, 3, 0], 3] and first["expect"] == [[0, 0, 0, 0], [1, 1, 1, 0]]
    notebook = (LESSONS.parent / "exercises" / "03-battle" / "battle.ipynb").read_text(encoding="utf-8")
    assert "4, 2, 6, 0" not in notebook and "3I 2B 2F against its 3I 2B 3F" in notebook


def test_the_rivals_estimate_a_battle_by_strength_rather_than_fight_it():
    from cosmos import rivals

    source = inspect.getsource(rivals)
    assert "strength(" in source and "fight(" not in source and "fire_round(" not in source


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


def test_eight_questions_to_test_yourself_each_with_one_right_answer(ns):
    quizzes = ns["test_yourself"].quizzes
    assert len(quizzes) == 8
    for quiz in quizzes:
        verdicts = [quiz.check(i) for i in range(len(quiz.choices))]
        assert sum(v.correct for v in verdicts) == 1
        assert all(choice.feedback for choice in quiz.choices), "every option explains itself"
    rights = [next(c.text for i, c in enumerate(q.choices) if q.check(i).correct) for q in quizzes]
    assert rights[1] == "interceptor" and rights[2] == "It is destroyed in round 2"
    assert "who" in rights[0] or "which side" in rights[0]
    assert "a hair short" in rights[3] and rights[4].startswith("Nothing") and rights[5] == "3"
    assert quizzes[6].question.startswith("Review of lesson 1") and "shortest path" in rights[6]
    assert quizzes[7].question.startswith("Review of lesson 2") and rights[7] == "Gas siphons"


def test_the_answers_are_not_readable_in_the_notebook(nb, ns):
    sources = "\n".join(cell.source for cell in nb.cells)
    assert ns["predict"].expected not in sources
    assert sources.count("Hashed(") == 3 and sources.count("Computed(") == 5
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


def test_speed_is_one_lane_and_two_with_ion_engines_as_the_text_says(nb):
    from cosmos.data import FLEET_SPEED, TECHS
    from cosmos.fleets import fleet_speed
    from cosmos.tech import tech_id
    from cosmos.world import new_world

    world = new_world(2026)
    assert FLEET_SPEED == 1 and fleet_speed(world, 0) == 1
    speed_techs = [t.key for t in TECHS if any(effect == "speed" for effect, _ in t.effects)]
    assert speed_techs == ["ion_engines"]
    world.empires[0].techs.append(tech_id("ion_engines"))
    assert fleet_speed(world, 0) == 2
    assert "(one lane a turn, two once its empire knows Ion engines)" in " ".join(markdown(nb).split())


def test_vegas_fleet_is_five_lanes_from_elara_and_needs_two_turns_more(nb):
    from cosmos.graph import bfs
    from cosmos.world import new_world

    world = new_world(2026)
    vega = world.fleets[2]
    assert world.empires[vega.owner].name == "Vega Academy"
    assert bfs(world.systems, vega.system).dist[0] == 5  # five lanes: arrives on turn 5, two after turn 3
    assert "Vega's fleet, five lanes away, needs two turns more" in " ".join(markdown(nb).split())


def test_ten_tenths_leave_a_float_sliver_and_kill_in_fractions(nb):
    printed = stdout_of(cell_with(nb, "left_float -= 0.1")).splitlines()
    assert printed[0].startswith("floats: ") and printed[0].endswith("dead: False")
    assert 0 < float(printed[0].split()[1]) < 1e-9  # "a sliver of a hit point"
    assert printed[1] == "fractions: 0 dead: True"
