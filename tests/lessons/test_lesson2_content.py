"""Lesson 2 has every part, prints what the engine computes, shows the real code and says true things.

CLAIMS the lesson makes and the test that checks each:
- the refusal of `r 13` names every missing prerequisite: test_the_problem_is_..., test_the_refusal_names_...
- four roots, Deep drilling opens more than any other (three), 16 arrows: test_the_reverse_view_and_its_claims
- smallest-first and first-in-first-out orders are both valid and part at the fifth place:
  test_kahn_the_toy_and_the_engine_agree_and_fifo_differs_at_the_fifth_place
- a heap keeps its smallest item at the front without being sorted (2, 5, 8, 7, 6), pops in order, and is
  explained before find-the-bug; the engine's queue is one: test_the_heap_is_explained_with_a_program_...
- a loop leaves its technologies out of the order (4 of 4 without, 1 of 4 with):
  test_kahn_leaves_a_loop_out_of_the_order_as_the_program_shows; the student finds the rule:
  test_the_cycle_rule_is_a_task_judged_by_behaviour
- the broken trees print the engine's own messages; the tree is checked once at load: the tests named so
- the frontier before and after Deep drilling, the science table: the tests named so
- science: 1 for the capital, 2 a lab, Research grid +2 a lab, Quantum computing +50 %; `r 13` is refused
  without spending the turn: test_the_science_rules_the_prose_states_are_the_engines
- depth-first gives another valid order, from the first place: test_depth_first_gives_...
- research announces a technology on the bus, then `start_next` takes the queue's next:
  test_the_research_phase_announces_on_the_bus_and_the_news_listens
- the replayed game: Vega climbs furthest (seven), Orion wins by conquest: test_the_game_replay_claims
- the quizzes' keys are computed or hashed, two questions review lesson 1: test_eight_questions_...
"""
from __future__ import annotations

import inspect
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest

from cosmos import tech
from cosmos.commands import Research, refusal
from cosmos.data import MAX_TURNS, TECHS
from cosmos.tech import (
    RESEARCH_ORDER,
    missing_prereqs,
    research_order,
    researchable,
    science_per_turn,
    tech_id,
    turns_to_research,
    validate_tree,
)
from cosmos.world import new_world
from graders.quizzes import FindTheBug, PredictOutput, QuizSet
from tests.lessons.lesson_helpers import (
    LESSONS,
    cell_with,
    code_cells,
    engine_modules_loaded,
    run_cells,
    stdout_of,
)

LESSON2 = LESSONS / "02-technology-tree.ipynb"
SOURCE = LESSONS / "02-technology-tree.md"


@pytest.fixture(scope="module")
def nb() -> nbformat.NotebookNode:
    return nbformat.read(LESSON2, as_version=4)


@pytest.fixture(scope="module")
def ns(nb) -> dict[str, Any]:
    """The names lesson 2 defines, from running every code cell in this process."""
    return run_cells(nb, "lesson2", skip_play=False)



def printing_of(nb, fragment: str) -> str:
    """The stdout of the one code cell whose source contains fragment."""
    return stdout_of(cell_with(nb, fragment))


def markdown(nb) -> str:
    """The lesson's prose, every run of whitespace one space (so line breaks do not matter)."""
    return " ".join(" ".join(cell.source for cell in nb.cells if cell.cell_type == "markdown").split())


def numbers(ids) -> str:
    return " ".join(str(i + 1) for i in ids) or "-"


PARTS = ["Lesson 2", "In short", "The problem", "Play", "A graph with arrows", "Kahn's algorithm",
         "Why the smallest id first", "A loop in the data", "What can be researched now",
         "Science: banked points", "The real code", "See it", "Research in a real game",
         "Predict the output", "Find the bug", "More precisely", "Exercise: a research plan",
         "More tasks", "Test yourself", "What we built"]


def test_every_part_is_there_in_order(nb):
    text = markdown(nb)
    places = [text.find(part if part == "In short" else "# " + part) for part in PARTS]  # headings
    assert -1 not in places, [p for p, at in zip(PARTS, places, strict=True) if at < 0]
    assert places == sorted(places)


def test_the_stored_notebook_is_the_myst_source_run():
    import jupytext

    source = jupytext.read(SOURCE)
    stored = nbformat.read(LESSON2, as_version=4)
    assert [c.source for c in source.cells] == [c.source for c in stored.cells]
    assert "format_name: myst" in SOURCE.read_text(encoding="utf-8")


def test_the_problem_is_the_real_games_screen_and_refusal(nb):
    from cosmos.ui.session import Session

    session = Session(2026)
    screen = session.send("tech")
    refused = session.send("r 13")
    printed = stdout_of(cell_with(nb, 'game.submit("r 13")'))
    assert printed.startswith(screen)
    added = [line for line in refused.splitlines() if line and line not in screen.splitlines()]
    assert printed == screen + "\n" + "\n".join(added) + "\n"
    names = ["Dreadnought yards", "Uranium enrichment", "Quantum computing", "Siege engines"]
    assert " ".join(added) == f"Stargate needs {', '.join(names[:3])} and {names[3]} first."


def test_the_refusal_names_every_missing_prerequisite_as_the_lesson_says():
    world = new_world(2026)
    stargate = tech_id("stargate")
    missing = missing_prereqs(world.empires[0], stargate)
    assert len(missing) == 4
    refused = refusal(world, Research(0, stargate))
    assert refused is not None and refused.key == "err_prereq"
    assert refused.get("missing") == tuple(missing)
    assert missing[0] == tech_id("dreadnought_yards")


def test_the_reverse_view_and_its_claims(nb):
    printed = stdout_of(cell_with(nb, 'print("arrows:"'))
    opens = [[i for i, t in enumerate(TECHS) if item.key in t.needs] for item in TECHS]
    for i, item in enumerate(TECHS):
        assert f"{i + 1:>2} {item.key:<19} needs" in printed
        assert printed.splitlines()[i].endswith(f"opens {numbers(opens[i])}")
    arrows = sum(len(t.needs) for t in TECHS)
    assert printed.endswith(f"arrows: {arrows}\n")
    text = markdown(nb)
    assert f"same {arrows} arrows" in text and f"every one of the {arrows} arrows" in text
    roots = [t for t in TECHS if not t.needs]
    assert len(roots) == 4 and "Four technologies need nothing" in text
    most = max(range(len(TECHS)), key=lambda i: len(opens[i]))
    assert TECHS[most].key == "deep_drilling" and len(opens[most]) == 3
    assert sorted(len(o) for o in opens)[-2] < 3  # no other technology opens as many
    assert "Deep drilling opens more than any other: three technologies need it" in text


def test_kahn_the_toy_and_the_engine_agree_and_fifo_differs_at_the_fifth_place(nb, ns):
    printed = stdout_of(cell_with(nb, 'print("order:     "'))
    assert printed == (f"in-degrees: {' '.join(str(len(t.needs)) for t in TECHS)}\n"
                       f"order:      {numbers(research_order())}\n")
    assert research_order() == list(range(len(TECHS)))  # "simply 1 to 13"
    fifo = ns["kahn"](TECHS, False)
    smallest = ns["kahn"](TECHS)
    assert smallest == research_order()
    first_difference = next(k for k in range(len(TECHS)) if fifo[k] != smallest[k])
    assert first_difference == 4 and "fifth place" in markdown(nb)
    assert fifo[4] == tech_id("bastions") and smallest[4] == tech_id("ion_engines")
    compared = stdout_of(cell_with(nb, '"first in, first out"'))
    assert compared.count("valid: True") == 2


def test_depth_first_gives_another_valid_order_from_the_first_place(nb, ns):
    order = ns["depth_first"](tech_id("stargate"), [])
    assert ns["respects_prerequisites"](order) and sorted(order) == research_order()
    assert order[0] != research_order()[0] and order[0] == tech_id("plasma_cannons")
    assert "differ from the very first place" in markdown(nb)
    assert sys.getrecursionlimit() <= 1000 < 3000  # "Python stops at about a thousand"
    printed = stdout_of(cell_with(nb, 'print("depth first:"'))
    assert printed.startswith(f"depth first: {numbers(order)}  valid: True\n")


def test_the_broken_trees_print_the_engines_own_messages(nb, ns):
    printed = stdout_of(cell_with(nb, "broken = {"))
    for what, tree in ns["broken"].items():
        with pytest.raises(tech.TechTreeError) as error:
            validate_tree(tree)
        assert f"{what:<12} {error.value}\n" in printed
    assert "a -> b -> c -> a" in printed


def test_the_tree_is_checked_once_when_the_engine_loads(monkeypatch):
    assert RESEARCH_ORDER == tuple(validate_tree(TECHS))

    def refuse(*_args, **_kwargs):
        raise AssertionError("validate_tree ran again")

    monkeypatch.setattr(tech, "validate_tree", refuse)
    assert researchable(new_world(2026), 0) == [0, 1, 2, 3]  # no new check while the game runs


def test_the_frontier_before_and_after_deep_drilling(nb):
    printed = stdout_of(cell_with(nb, "research phases; banked science left"))
    world = new_world(2026)
    you = world.empires[0]
    lines = printed.splitlines()
    assert lines[0] == f"turn 1, open: {numbers(researchable(world, 0))}"
    assert lines[1] == f"the Stargate still waits for: {numbers(missing_prereqs(you, tech_id('stargate')))}"
    rate = science_per_turn(world, 0)
    needed = turns_to_research(0, TECHS[tech_id("deep_drilling")].cost, rate)
    left = needed * rate - TECHS[tech_id("deep_drilling")].cost
    assert lines[2] == f"deep drilling learned after {needed} research phases; banked science left: {left}"
    you.techs.append(tech_id("deep_drilling"))
    assert lines[3] == f"open now: {numbers(researchable(world, 0))}"
    assert tech_id("bastions") in researchable(world, 0) and tech_id("crystal_lattice") not in researchable(world, 0)


def test_the_science_table_and_its_claims(nb):
    printed = stdout_of(cell_with(nb, "the whole tree:"))
    rate = science_per_turn(new_world(2026), 0)
    assert printed.startswith(f"your science per turn: {rate}\n")
    total = sum(t.cost for t in TECHS)
    turns = turns_to_research(0, total, rate)
    assert printed.endswith(f"the whole tree: {total} science, {turns} turns at this rate\n")
    assert turns_to_research(0, total, rate) > MAX_TURNS  # "far longer than a game's 150 turns"
    assert f"{turns_to_research(0, 30, rate)} turns" in new_session_screen("r 1")


def new_session_screen(line: str) -> str:
    from cosmos.ui.session import Session

    return Session(2026).send(line)


def test_the_real_engine_code_is_shown_not_copied(nb):
    shown = "\n".join(o.data["text/markdown"] for c in code_cells(nb) for o in c.outputs
                      if "data" in o and "text/markdown" in o.data)
    for obj in (tech.validate_tree, tech.describe_cycle, tech.research_order, tech.missing_prereqs,
                tech.researchable, tech.science_per_turn, tech.turns_to_research, tech.research):
        lines, first = inspect.getsourcelines(obj)
        assert f"`cosmos/tech.py`, lines {first}-{first + len(lines) - 1}" in shown
        assert "".join(lines) in shown
    sources = "\n".join(cell.source for cell in code_cells(nb))
    assert "def validate_tree(" not in sources and "def researchable(" not in sources


def test_predict_the_output_key_is_what_the_snippet_prints(ns):
    predict = ns["predict"]
    assert isinstance(predict, PredictOutput)
    assert predict.expected == "shields lasers engines cruiser"
    verdicts = [predict.check(i).correct for i in range(len(predict.choices))]
    assert verdicts.count(True) == 1 and len(verdicts) == 4
    swapped = PredictOutput(predict.code.replace('tech("shields"), tech("lasers")', 'tech("lasers"), tech("shields")'),
                            {}, predict.namespace)
    assert swapped.expected == "lasers shields engines cruiser"  # the key follows the code


def test_find_the_bug_is_the_real_function_with_one_line_changed(ns):
    bug = ns["find_the_bug"]
    assert isinstance(bug, FindTheBug)
    assert bug.reference is tech.validate_tree
    real = inspect.getsource(tech.validate_tree).rstrip("\n").split("\n")
    changed = [i for i, (a, b) in enumerate(zip(bug.lines, real, strict=True)) if a != b]
    assert changed == [bug.bug_line - 1]
    assert "ready.pop()" in bug.lines[bug.bug_line - 1]
    assert bug.wrong_output != bug.fixed_output
    assert bug.fixed_output.startswith(f"order: {numbers(research_order())}")
    assert "every technology after its prerequisites: True" in bug.wrong_output
    assert bug.check(bug.bug_line).correct and not bug.check(1).correct


def test_eight_questions_each_with_one_right_answer_and_feedback_everywhere(nb, ns):
    quizset = ns["test_yourself"]
    assert isinstance(quizset, QuizSet)
    quizzes = quizset.quizzes
    assert len(quizzes) == 8
    rights = []
    for quiz in quizzes:
        verdicts = [quiz.check(i) for i in range(len(quiz.choices))]
        assert sum(v.correct for v in verdicts) == 1
        assert all(choice.feedback for choice in quiz.choices)
        rights.append(next(c.text for i, c in enumerate(quiz.choices) if quiz.check(i).correct))
    assert rights[1] == str(len(researchable(new_world(2026), 0)))
    assert rights[3] == "the technology tree has a cycle: a -> b -> a"
    assert rights[5] == "200 turns"
    assert [q.question.split(":")[0] for q in quizzes[6:]] == ["Review of lesson 1"] * 2
    assert rights[6].startswith("The shortest lane that joins a system of the tree") and "sorted" in rights[7]
    positions = [next(i for i in range(len(q.choices)) if q.check(i).correct) for q in quizzes]
    assert len(set(positions)) > 1  # the right option is not always in the same place
    sources = "\n".join(cell.source for cell in nb.cells)
    assert ns["predict"].expected not in sources
    stored = "\n".join(str(o.get("data", "")) for c in code_cells(nb) for o in c.outputs)
    assert "Right." not in stored and "Not quite." not in stored


def test_the_game_replay_claims(nb, ns):
    game = ns["game"]
    world = game.session.world
    assert game.session.finished
    winner = world.victory.winner
    most = max(len(e.techs) for e in world.empires)
    scholar = next(e for e in world.empires if e.name == "Vega Academy")
    assert scholar.personality == "scholar" and len(scholar.techs) == most == 7 and not scholar.alive
    assert [len(e.techs) for e in world.empires].count(most) == 1
    assert world.empires[winner].name == "Orion Hegemon" and world.empires[winner].personality == "warlord"
    assert world.victory.kind == "conquest" and not world.empires[0].alive
    prose = " ".join(markdown(nb).split())
    assert "Vega Academy, the Scholar, climbs furthest (seven technologies)" in prose
    assert f"Orion Hegemon, the Warlord, is the last one standing: it wins by conquest on turn {world.turn}" in prose
    printed = stdout_of(cell_with(nb, "turns played, the game ended"))
    assert printed.startswith(f"{len(ns['turns']) - 1} turns played, the game ended on turn {world.turn}")


def test_the_exercise_link_is_the_notebook_file(nb):
    text = markdown(nb)
    assert "](../exercises/02-research-plan/research-plan.ipynb)" in text
    assert (LESSONS.parent / "exercises" / "02-research-plan" / "research-plan.ipynb").is_file()
    assert "python -m graders check exercises/02-research-plan/research-plan.ipynb" in text
    plan = ", ".join(TECHS[i].key.replace("_", " ") for i in research_order()
                     if TECHS[i].key in ancestors_of("siege_engines"))
    assert plan in text


def ancestors_of(key: str) -> set[str]:
    found, todo = {key}, [key]
    while todo:
        for need in TECHS[tech_id(todo.pop())].needs:
            if need not in found:
                found.add(need)
                todo.append(need)
    return found


def test_lesson_two_cells_load_no_engine_module_of_a_later_lesson(nb, tmp_path: Path):
    from cosmos.stages import LESSON_OF_MODULE

    loaded = engine_modules_loaded(nb, tmp_path)
    late = [m for m in loaded if m != "cosmos" and LESSON_OF_MODULE[m.removeprefix("cosmos.")] > 2]
    assert late == []
    assert "cosmos.tech" in loaded


def test_the_research_phase_announces_on_the_bus_and_the_news_listens():
    """The lesson says research publishes on the bus once a technology is paid for and then calls start_next,
    that the news is one listener, and what the header shows after `r 1`."""
    from cosmos import turn
    from cosmos.ui.session import Session
    lines = [line.strip() for line in inspect.getsource(tech.research).splitlines()]
    publish = next(i for i, line in enumerate(lines) if line.startswith('world.bus.publish(Event("tech_researched"'))
    assert lines[publish + 1:] == ["start_next(empire)"]  # the last line is start_next, right after the news
    assert turn.NEWS_OF_EVENT["tech_researched"] == "news_researched"
    assert 'world.bus.subscribe("*", collect_news)' in inspect.getsource(turn)
    assert "Researching Deep drilling: 0/30, 10 turns" in Session(2026).send("r 1")


def test_find_the_bug_cells_do_not_show_the_changed_line(nb):
    """Unfolding the quiz cell must not give the answer away: the change is packed."""
    cell = next(c for c in code_cells(nb) if "find_the_bug = FindTheBug(" in c.source)
    assert "ready.pop()" not in cell.source and "variant(validate_tree" in cell.source


def test_the_heap_is_explained_with_a_program_before_find_the_bug_needs_it(nb):
    out = printing_of(nb, "heapq.heappush(ready, number)")
    fronts = [int(line.rsplit("front ", 1)[1]) for line in out.splitlines()[:-1]]
    pushed = [7, 5, 8, 6, 2]
    assert fronts == [min(pushed[: i + 1]) for i in range(len(pushed))]  # the front is always the smallest
    assert "push 2: list [2, 5, 8, 7, 6], front 2" in out  # not sorted, as the text says
    assert out.splitlines()[-1] == "pop, pop, ...: 2 5 6 7 8"
    text = markdown(nb)
    assert "after the last push it reads 2, 5, 8, 7, 6" in text
    assert text.index("**heap**") < text.index("## Find the bug") and "heap" not in text[: text.index("**heap**")]
    assert "heapq.heappop(ready)" in inspect.getsource(validate_tree)  # the engine's queue is that heap


def test_kahn_leaves_a_loop_out_of_the_order_as_the_program_shows(nb, ns):
    out = printing_of(nb, "looped = [")
    assert out.splitlines() == ["with a loop  4 technologies, order: 4", "without      4 technologies, order: 1 2 3 4"]
    assert ns["kahn"](TECHS) == research_order()  # the general kahn still gives the game's order


def test_the_cycle_rule_is_a_task_judged_by_behaviour(ns):
    gap = ns["cycle_gap"]
    for right in ("< len(techs)", "!= len(techs)", "<len(techs)"):
        assert gap.check(right).correct, right
    for wrong in ("== len(techs)", "> len(techs)", "<= len(techs)", "< 0"):
        verdict = gap.check(wrong)
        assert not verdict.correct and ("yours answers" in verdict.message or "does not run" in verdict.message)
    assert ns["has_cycle"]([ns["tech"]("a"), ns["tech"]("b", "b")])  # the engine's verdict: a self-loop
    assert not ns["has_cycle"](list(TECHS))


def test_the_science_rules_the_prose_states_are_the_engines():
    from cosmos.data import CAPITAL_SCIENCE, LAB_SCIENCE
    from cosmos.ui.session import Session

    effects = {t.key: dict(t.effects) for t in TECHS}
    assert CAPITAL_SCIENCE == 1 and LAB_SCIENCE == 2  # "1 for holding its capital, plus 2 for each lab"
    assert effects["research_grid"] == {"lab_science": 2}  # "Research grid adds 2 per lab"
    assert effects["quantum_computing"] == {"science_pct": 50}  # "Quantum computing adds half of everything"
    session = Session(seed=2026, lang="en")
    session.send("r 13")
    assert session.world.turn == 1 and session.world.empires[0].research < 0  # refused, the turn not spent
