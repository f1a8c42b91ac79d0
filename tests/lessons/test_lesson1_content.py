"""Lesson 1 holds every part of the pattern, prints its outputs, shows the real engine and says only true things.

CLAIMS the lesson makes and the test that checks each:
- every program prints the canon's output (seeds, lanes, islands, the whole galaxy, weights):
  test_each_program_prints_exactly_the_reference_output
- the problem's and help screens are the game's own, from a Session: test_the_problem_shows_..., test_the_help_...
- draw_map is the body of the map screen: test_draw_map_is_the_body_of_the_map_screen_not_the_whole_screen
- the code map counts the engine's lines; no module imports upward; bus is loaded but taught in lesson 5:
  test_the_code_map_counts_the_engines_lines, test_no_module_imports_from_a_higher_layer_..., test_bus_...
- who uses the shortest path (go and next_step; the rivals read a table), is_connected never called by the game:
  test_what_the_lesson_says_about_who_uses_the_shortest_path_is_true
- the game's data the prose names is printed from the tables: test_the_game_data_the_prose_names_...
- six kinds of random event, three save slots: test_the_games_parts_the_first_section_lists_are_the_engines
- a map of seven ideas at the top, a rest with two questions halfway: test_a_map_of_seven_ideas_at_the_top_...
- find-the-bug is pick_weighted with `<=` (31 45 24 instead of 30 45 25), not just below its listing:
  test_find_the_bug_output_comes_from_running_the_buggy_pick_weighted, test_find_the_bug_is_not_spot_the_difference
- the canon's connect bug still gives 150 of 200: test_the_canons_connect_bug_still_gives_the_canons_output
- the exercise's first two more tasks are graded, as both notebooks say: test_the_graded_more_tasks_are_said_...
- the lesson's galaxy(18) is not the game's seed 18: same twelve cells, other places in them, other lanes:
  test_the_lessons_galaxy_of_seed_18_differs_from_the_games_as_the_prose_says
- six questions and two reviews of the first half, keys computed or hashed: test_eight_questions_...
"""
from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import cosmos
from cosmos import galaxy, graph, rng, stages, world
from cosmos.ui.mapdraw import draw_map
from cosmos.ui.session import Session
from graders.quizzes import FindTheBug, MultipleChoice, PredictOutput
from graders.tasks import Task
from lessons.kit import codemap
from tests.lessons.lesson_helpers import LESSONS, code_cells, lesson_names, markdown, reference_blocks, stdout_of
from tests.reference import screen

WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")

QUIZ_BLOCKS = {"predict the output"}
CANON_ONLY = {"find the bug"}  # the source lesson's connect bug: checked against the engine, not shown


def cell_for(nb, reference: str):
    """The one code cell that prints the block of outputs.md called reference."""
    cells = [c for c in code_cells(nb)
             if c.metadata.get("cosmos", {}).get("reference") == reference]
    assert len(cells) == 1, f"expected one cell printing {reference!r}, found {len(cells)}"
    return cells[0]


def tagged(nb, key: str, value: object = True):
    """The one code cell whose cosmos metadata has key: value."""
    cells = [c for c in code_cells(nb) if c.metadata.get("cosmos", {}).get(key) == value]
    assert len(cells) == 1, f"expected one cell tagged {key}={value!r}, found {len(cells)}"
    return cells[0]


@pytest.mark.parametrize("name", sorted(set(reference_blocks()) - QUIZ_BLOCKS - CANON_ONLY))
def test_each_program_prints_exactly_the_reference_output(lesson1_nb, name):
    assert stdout_of(cell_for(lesson1_nb, name)) == reference_blocks()[name]


def test_every_block_of_the_reference_is_covered(lesson1_nb):
    printed = {c.metadata["cosmos"]["reference"] for c in code_cells(lesson1_nb)
               if "reference" in c.metadata.get("cosmos", {})}
    assert printed | QUIZ_BLOCKS | CANON_ONLY == set(reference_blocks())


def test_predict_the_output_key_is_what_the_snippet_prints(lesson1_ns):
    predict = lesson1_ns["predict"]
    assert isinstance(predict, PredictOutput)
    assert predict.expected + "\n" == reference_blocks()["predict the output"]
    right = predict.choices.index(predict.expected)
    assert predict.check(right).correct
    assert [predict.check(i).correct for i in range(len(predict.choices))].count(True) == 1


def test_predict_the_output_shuffles_and_explains_every_wrong_output(lesson1_ns):
    predict = lesson1_ns["predict"]
    assert predict.choices != sorted(predict.choices)  # a seeded shuffle, not the sorted order
    assert predict.choices.index(predict.expected) != 0
    assert predict.unexplained() == []
    for i, text in enumerate(predict.choices):
        if text != predict.expected:
            assert len(predict.check(i).message) > len("Not quite. ") + 30, text


def test_predict_the_output_key_follows_the_code(lesson1_ns):
    predict = lesson1_ns["predict"]
    assert predict.code.count("(4, 3)") == 1
    changed = PredictOutput(predict.code.replace("(4, 3)", "(4, 5)"), {}, predict.namespace)
    assert changed.expected != predict.expected
    assert changed.expected == "0 1 2 3 1 2"


def rolls_per_index(weights, bound_included):
    """How many of the rolls 0..total-1 each index owns, with each range ending before (or at) its bound."""
    counts = [0] * len(weights)
    for roll in range(sum(weights)):
        rest = roll
        for i, weight in enumerate(weights):
            if rest < weight or (bound_included and rest == weight):
                counts[i] += 1
                break
            rest -= weight
        else:
            counts[-1] += 1
    return counts


def test_find_the_bug_output_comes_from_running_the_buggy_pick_weighted(lesson1_ns):
    bug = lesson1_ns["find_the_bug"]
    assert isinstance(bug, FindTheBug)
    assert bug.reference is galaxy.pick_weighted
    assert bug.fixed_output == "rolls 0-99 give 1, 2, 3 planets: 30 45 25"  # the weights, as the text says
    wrong = rolls_per_index([30, 45, 25], bound_included=True)
    assert wrong == [31, 45, 24] and bug.wrong_output == f"rolls 0-99 give 1, 2, 3 planets: {' '.join(map(str, wrong))}"
    assert "roll <= weight" in bug.lines[bug.bug_line - 1]
    real = inspect.getsource(galaxy.pick_weighted).splitlines()
    differ = [i for i, (a, b) in enumerate(zip(real, bug.lines, strict=True)) if a != b]
    assert differ == [bug.bug_line - 1]  # the real function with exactly the guilty line changed


def test_the_canons_connect_bug_still_gives_the_canons_output(lesson1_ns):
    """The source lesson's find-the-bug (connect's tree loop one step short) still holds for the engine."""
    real = inspect.getsource(galaxy.connect)
    assert real.count("range(1, count)") == 1
    scope = dict(galaxy.connect.__globals__)
    exec(real.replace("range(1, count)", "range(1, count - 1)"), scope)
    whole = 0
    for seed in range(1, 201):
        die = rng.Random(seed)
        stars = lesson1_ns["place_stars"](die, 12 + die.next_int(9))
        scope["connect"](stars, die)
        whole += graph.is_connected(stars)
    assert f"seeds 1-200: connected {whole} of 200\n" == reference_blocks()["find the bug"]


def test_find_the_bug_is_not_spot_the_difference(lesson1_nb):
    """The correct listing of the function is not just above the puzzle: not in the three sections before it."""
    headings = [i for i, c in enumerate(lesson1_nb.cells) if c.cell_type == "markdown" and c.source.startswith("## ")]
    bug_at = next(i for i in headings if lesson1_nb.cells[i].source.startswith("## Find the bug"))
    before = headings[headings.index(bug_at) - 3]
    shown = "\n".join(str(o.get("data", "")) for c in lesson1_nb.cells[before:bug_at] if c.cell_type == "code"
                      for o in c.outputs)
    assert "def pick_weighted(" not in shown
    assert "def pick_weighted(" in "\n".join(str(o.get("data", "")) for c in code_cells(lesson1_nb) for o in c.outputs)


def test_find_the_bug_listing_and_its_bug_are_not_in_the_notebooks_text(lesson1_nb):
    sources = "\n".join(cell.source for cell in lesson1_nb.cells)
    assert "roll <= weight" not in sources and "def pick_weighted(" not in sources


def test_find_the_bug_innocent_lines_say_why(lesson1_ns):
    bug = lesson1_ns["find_the_bug"]
    assert len(bug.notes) >= 3 and bug.bug_line not in bug.notes
    for line, note in bug.notes.items():
        verdict = bug.check(line)
        assert not verdict.correct and note in verdict.message
    box = bug.widget()
    box.lines.buttons[bug.bug_line - 1].click()
    assert list(box.lines.children).index(box.lines.note) == bug.bug_line  # the feedback is under the line


def test_find_the_bug_key_follows_the_code(lesson1_ns):
    bug = lesson1_ns["find_the_bug"]
    real = inspect.getsource(galaxy.pick_weighted)
    other = real.replace("roll -= weight", "roll -= weight - 1")
    moved = FindTheBug(other, galaxy.pick_weighted, bug.program, bug.namespace)
    assert moved.bug_line != bug.bug_line
    assert "roll -= weight - 1" in moved.lines[moved.bug_line - 1]
    assert moved.wrong_output != bug.fixed_output


def test_the_gap_is_checked_by_behaviour(lesson1_ns):
    gap = lesson1_ns["gap"]
    assert gap.check("0").correct
    assert not gap.check("-1").correct
    assert "two islands" in gap.check("-1").message
    box = gap.widget()
    box.field.value = "-1"
    box.button.click()
    assert not box.verdict.correct and box.feedback.value
    box.field.value = "0"
    assert box.feedback.value == ""


def test_eight_questions_to_test_yourself_each_with_one_right_answer(lesson1_ns):
    quizzes = lesson1_ns["test_yourself"].quizzes
    assert len(quizzes) == 8
    for quiz in quizzes:
        assert isinstance(quiz, MultipleChoice)
        verdicts = [quiz.check(i) for i in range(len(quiz.choices))]
        assert sum(v.correct for v in verdicts) == 1
        assert all(choice.feedback for choice in quiz.choices), "every option explains itself"
        assert quiz.unexplained() == []
        for choice in quiz.choices:  # the feedback does not give the key away in the cell's text
            assert not re.match(r"(yes|no|right|wrong)\b", choice.feedback, re.I), choice.feedback
    rights = [next(c.text for i, c in enumerate(q.choices) if q.check(i).correct) for q in quizzes]
    assert rights[1] == "11" and rights[3] == "2"
    assert "formula" in rights[0] and "No path leads there" in rights[2]
    assert "rebuilds" in rights[4] and "islands" in rights[5]
    assert "ascending order" in rights[6] and rights[7] == "0 to 5"  # the two reviews of the first half
    assert all(q.question.startswith("Review of the first half") for q in quizzes[6:])
    assert len({q.choices.index(next(c for c in q.choices if c.text == r)) for q, r in zip(quizzes, rights,
                                                                                       strict=True)}) > 1


def test_computed_keys_change_when_the_code_changes(lesson1_ns):
    from graders.quizzes import Choice, Computed, MultipleChoice

    roll = lesson1_ns["FixedRoll"]
    options = [Choice("1"), Choice("2"), Choice("3")]
    for value, planets in ((10, "1"), (55, "2"), (80, "3")):
        key = Computed(lambda v=value: str(galaxy.pick_weighted(roll(v), [30, 45, 25]) + 1))
        quiz = MultipleChoice("how many planets?", options, key)
        assert quiz.check([c.text for c in options].index(planets)).correct


def test_the_answers_are_not_in_the_notebooks_text(lesson1_nb, lesson1_ns):
    sources = "\n".join(cell.source for cell in lesson1_nb.cells)
    assert lesson1_ns["predict"].expected not in sources  # only computed, by running the snippet
    assert sources.count("Computed(") == 4 and sources.count("Hashed(") == 6  # the halfway check has one of each
    stored = "\n".join(str(o.get("data", "")) for c in code_cells(lesson1_nb) for o in c.outputs)
    assert "Right." not in stored and "Not quite." not in stored
    for quiz in lesson1_ns["test_yourself"].quizzes:  # only feedback tells the right option, and it is
        right = next(c for i, c in enumerate(quiz.choices) if quiz.check(i).correct)  # not stored
        assert right.feedback not in stored


def test_the_real_engine_code_is_shown_not_copied(lesson1_nb):
    shown = "\n".join(o.data["text/markdown"] for c in code_cells(lesson1_nb) for o in c.outputs
                      if "data" in o and "text/markdown" in o.data)
    for obj in (rng.Random, galaxy.StarSystem, graph.insert_sorted, graph.has_lane, graph.add_lane,
                graph.bfs, graph.is_connected, graph.shortest_path, galaxy.squared_distance,
                galaxy.connect, galaxy.generate_systems, world.World, world.new_world,
                galaxy.pick_capitals, galaxy.pick_weighted, galaxy.Planet, galaxy.generate_planets):
        lines, first = inspect.getsourcelines(obj)
        path = inspect.getsourcefile(obj).split("/cosmos/")[-1]
        assert f"`cosmos/{path}`, lines {first}-{first + len(lines) - 1}" in shown
        assert "".join(lines) in shown
    sources = "\n".join(cell.source for cell in code_cells(lesson1_nb))
    assert "def bfs(" not in sources and "def connect(" not in sources


def test_the_problem_shows_the_real_map_and_sys_1_screens_from_a_session(lesson1_nb):
    cell = tagged(lesson1_nb, "screens", "map sys1")
    assert ".session" in cell.source and cell.metadata["cosmos"].get("play")
    assert stdout_of(cell) == "> map\n" + screen("map", "en") + "> sys 1\n" + screen("sys1", "en")


def test_the_help_screen_is_the_games_own(lesson1_nb):
    cell = tagged(lesson1_nb, "screens", "help")
    assert cell.metadata["cosmos"].get("play")
    assert stdout_of(cell) == Session(seed=2026).send("help")


def test_draw_map_is_the_body_of_the_map_screen_not_the_whole_screen(lesson1_nb):
    cell = tagged(lesson1_nb, "screen", "map-body")
    body = stdout_of(cell).splitlines()
    assert body == draw_map(world.new_world(2026))
    whole = screen("map", "en").splitlines()
    start = whole.index(body[0])
    assert whole[start:start + len(body)] == body  # the map itself, as the screen shows it
    before, after = whole[:start], whole[start + len(body):]
    assert before[0].startswith("Turn 1/150") and "score" in before[0] and len(before) == 3
    assert any(line.startswith("A:Terran Empire") for line in after)  # the legend, below
    text = markdown(lesson1_nb)
    assert "header with turn and score" in text and "legend of the empires" in text


def test_the_code_map_counts_the_engines_lines(lesson1_nb):
    cell = tagged(lesson1_nb, "codemap")
    assert not re.search(r"\d", cell.source), "no number may be typed into the code map cell"
    printed = stdout_of(cell)
    engine = Path(cosmos.__path__[0])
    world_files = [engine / f"{name}.py" for name in ("rng", "graph", "galaxy", "world", "bus", "tech")]
    world_layer = sum(len(f.read_text().splitlines()) for f in world_files if f.exists())
    assert re.search(rf"The world: seed, galaxy, technologies +{world_layer} ", printed)
    rows, unplaced = codemap.code_map()
    assert unplaced == [], f"modules in no layer of lessons/kit/codemap.py: {unplaced}"
    total = sum(len(p.read_text().splitlines()) for n, p in codemap.engine_files().items()
                if n not in codemap.NOT_GAME)
    assert sum(row.lines for row in rows) == total
    assert "Total" in printed and str(total) in printed


def test_no_module_imports_from_a_higher_layer_as_the_map_says(lesson1_nb):
    assert codemap.upward_imports() == []
    assert "imports that reach a higher layer: none" in stdout_of(tagged(lesson1_nb, "codemap"))
    assert "imports only from its own layer or a lower one" in " ".join(markdown(lesson1_nb).split())
    # the facts the review found, now placed truthfully: drawing and panels sit above what they show
    assert "world" in codemap.module_imports("ui.mapdraw")
    assert codemap.layer_index("ui.mapdraw") > codemap.layer_index("world")
    for shown in ("economy", "fleets", "diplomacy", "victory"):
        assert shown in codemap.module_imports("ui.panels")
        assert codemap.layer_index("ui.panels") > codemap.layer_index(shown)


def test_the_layer_check_would_catch_an_upward_import(monkeypatch):
    low = [(name, tuple(m for m in members if m != "ui")) for name, members in codemap.LAYERS]
    low[0] = (low[0][0], (*low[0][1], "ui"))  # pretend the screens were the lowest layer
    monkeypatch.setattr(codemap, "LAYERS", tuple(low))
    assert ("ui.mapdraw", "world") in codemap.upward_imports()


def test_the_galaxy_needs_no_import_of_the_world_it_fills():
    source = inspect.getsource(galaxy)
    assert "class World(Protocol):" in source  # what generate_systems needs of a world, described where it is used
    assert "from cosmos.world" not in source and "world" not in codemap.module_imports("galaxy")


def test_bus_is_imported_in_lesson_one_but_taught_in_lesson_five(lesson1_nb):
    assert stages.LESSON_OF_MODULE["bus"] == 1 and stages.TAUGHT_IN["bus"] == 5
    assert stages.lesson_teaching("bus") == 5 and stages.lesson_teaching("graph") == 1
    assert "bus" in codemap.module_imports("world")
    printed = stdout_of(tagged(lesson1_nb, "codemap"))
    assert "bus+" in printed and "bus*" not in printed and "galaxy*" in printed
    assert "+ bus: imported here (by world), taught in lesson 5" in printed
    assert "lesson 5" in markdown(lesson1_nb).split("## The seed")[0]
    for module, later in stages.TAUGHT_IN.items():
        assert later > stages.LESSON_OF_MODULE[module]


def test_what_the_lesson_says_about_who_uses_the_shortest_path_is_true(lesson1_nb):
    engine = Path(cosmos.__path__[0])
    rivals = (engine / "rivals.py").read_text(encoding="utf-8")
    view = (engine / "view.py").read_text(encoding="utf-8")
    assert "shortest_path" not in rivals and "next_step" not in rivals
    assert "view.dist" in rivals and "bfs(nodes, start).dist" in view
    assert "next_step(" in (engine / "fleets.py").read_text(encoding="utf-8")
    assert "shortest_path(" in (engine / "commands.py").read_text(encoding="utf-8")
    callers = [p.name for p in engine.rglob("*.py") if "is_connected(" in p.read_text(encoding="utf-8")
               and p.name != "graph.py"]
    assert callers == []  # the running game never calls is_connected
    text = markdown(lesson1_nb)
    assert "`cosmos/view.py` (lesson 4) runs `bfs` from every system" in text
    assert "The running game never calls it" in text


def test_the_game_data_the_prose_names_is_printed_from_the_tables(lesson1_nb):
    cell = next(c for c in code_cells(lesson1_nb) if c.source.startswith("from cosmos import data"))
    printed = stdout_of(cell)
    assert "technologies: 13, from deep_drilling to stargate" in printed
    assert "economic victory at 9800" in printed and "at most 150 turns" in printed
    assert "characters: warlord builder scholar" in printed


def test_no_picture_is_inline_svg_and_every_widget_has_a_readable_fallback(lesson1_nb):
    for cell in code_cells(lesson1_nb):
        for output in cell.outputs:
            data = output.get("data", {})
            assert "<svg" not in data.get("text/html", "")
            assert "application/vnd.jupyter.widget-view+json" not in data  # a widget is stored as its fallback
            if output.get("output_type") == "display_data" and "text/html" in data:
                assert len(re.sub(r"<[^>]+>", "", data["text/html"])) > 40, cell.source[:60]
    player = next(c for c in code_cells(lesson1_nb) if "StepPlayer(" in c.source)
    (html,) = [o.data["text/html"] for o in player.outputs if "data" in o and "text/html" in o.data]
    assert "data:image/svg+xml;base64," in html and "Run the notebook to play" in html
    assert "cosmos-code" in html and "&#9654;" in html  # the code pane, a line lit


PARTS = ["In short", "## The problem", "## Play", "## The map of the code", "## The seed",
         "## The galaxy is a graph", "## Is the galaxy connected?", "## Stars on a grid",
         "## Lanes: first the tree, then the extras", "## The whole galaxy from one seed",
         "## Planets with weights", "## One code, one output", "## The real code", "## See it",
         "## Predict the output", "## Find the bug", "## More precisely", "## Exercise: Islands",
         "### More tasks", "## Test yourself", "## What we built"]


def test_every_part_of_the_pattern_is_there_in_order(lesson1_nb):
    text = markdown(lesson1_nb)
    places = [text.find(part) for part in PARTS]
    assert -1 not in places, [p for p, at in zip(PARTS, places, strict=True) if at < 0]
    assert places == sorted(places)


def test_the_exercise_link_opens_the_notebook_and_the_more_tasks_agree(lesson1_nb):
    import nbformat

    text = markdown(lesson1_nb)
    assert "](../exercises/01-islands/islands.ipynb)" in text
    exercise = LESSONS.parent / "exercises" / "01-islands" / "islands.ipynb"
    assert exercise.is_file()
    theirs = "\n".join(c.source for c in nbformat.read(exercise, as_version=4).cells if c.cell_type == "markdown")
    ours = text.split("### More tasks")[1].split("## Test yourself")[0]
    titles = re.findall(r"^\* \*\*(.+?)\*\*", ours, flags=re.M)
    assert len(titles) >= 3
    assert re.findall(r"^- \*\*(.+?)\*\*", theirs, flags=re.M) == titles


def test_a_map_of_seven_ideas_at_the_top_and_a_rest_halfway(lesson1_nb, lesson1_ns):
    text = markdown(lesson1_nb)
    top = text[: text.index("## The problem")]
    rows = re.findall(r"^\| (\d) \| (.+?) \|", top, flags=re.M)
    assert [n for n, _ in rows] == [str(i) for i in range(1, 8)]
    assert top.index("| 3 |") < top.index("*rest: a short check of the first half*") < top.index("| 4 |")
    halfway = text.index("**Halfway: a short rest.**")
    assert text.index("## Is the galaxy connected?") < halfway < text.index("## Stars on a grid")
    quizzes = lesson1_ns["halfway"].quizzes
    assert len(quizzes) == 2 and all(q.unexplained() == [] for q in quizzes)
    rights = [next(c.text for i, c in enumerate(q.choices) if q.check(i).correct) for q in quizzes]
    assert rights[0] == lesson1_ns["twin_rolls"]() == "10"
    dist = [0, 1, 1, 2, -1]  # the distances of the second question: system 5 is the one at -1
    assert dist.index(-1) + 1 == 5 and rights[1].startswith("No: system 5 is never reached")


def test_the_graded_more_tasks_are_said_to_be_graded(lesson1_nb):
    import json

    import nbformat

    folder = LESSONS.parent / "exercises" / "01-islands"
    contract = json.loads((folder / "exercise.json").read_text(encoding="utf-8"))
    checked = {check["call"] for check in contract["checks"]}
    assert {"shortest_path", "main_path", "lanes_needed"} <= set(contract["contract"]) & checked
    theirs = " ".join(" ".join(c.source for c in nbformat.read(folder / "islands.ipynb", as_version=4).cells
                               if c.cell_type == "markdown").split())
    assert "**The first two are graded** like the main task" in theirs and "The third is not graded." in theirs
    ours = " ".join(markdown(lesson1_nb).split())
    assert "the first two are graded like the main task" in ours


def test_the_games_parts_the_first_section_lists_are_the_engines(lesson1_nb):
    from cosmos.events import EVENTS
    from cosmos.save import SLOTS

    assert [event.key for event in EVENTS] == ["meteor", "pirates", "unrest", "breakthrough", "convoy", "derelict"]
    assert len(SLOTS) == 3  # "three save slots"
    text = " ".join(markdown(lesson1_nb).split())
    assert ("six kinds of random event (pirates, a meteor strike, unrest, a sudden breakthrough, a convoy, "
            "a derelict ship), three save slots") in text


def test_the_lessons_galaxy_of_seed_18_differs_from_the_games_as_the_prose_says():
    names = lesson_names("01-galaxy-from-a-seed")
    mine, game = names["galaxy"](18), world.new_world(18).systems
    cell = names["CELL_W"], names["CELL_H"]
    assert len(mine) == len(game) == 12
    assert [(s.x // cell[0], s.y // cell[1]) for s in mine] == [(s.x // cell[0], s.y // cell[1]) for s in game]
    assert [(s.x, s.y) for s in mine] != [(s.x, s.y) for s in game]
    assert [s.links for s in mine] != [s.links for s in game]
    assert "rng.shuffle(names)" in inspect.getsource(galaxy.generate_systems)  # the draws the lesson leaves out
    assert "system.cls = rng.next_int(3)" in inspect.getsource(galaxy.generate_systems)


def test_the_search_task_is_judged_against_the_engine_also_on_cases_made_when_checking():
    task = lesson_names("01-galaxy-from-a-seed")["search_task"]

    def from_the_first(systems, start):  # fits both cases shown, which start at system 1
        dist, queue = [-1] * len(systems), [0]
        dist[0] = 0
        for current in queue:
            for nxt in systems[current].links:
                if dist[nxt] < 0:
                    dist[nxt] = dist[current] + 1
                    queue.append(nxt)
        return dist

    def by_a_stack(systems, start):  # depth first: a longer way round is found before the short one
        dist, stack = [-1] * len(systems), [start]
        dist[start] = 0
        while stack:
            current = stack.pop()
            for nxt in systems[current].links:
                if dist[nxt] < 0:
                    dist[nxt] = dist[current] + 1
                    stack.append(nxt)
        return dist

    assert task.check(graph.bfs).correct and task.check(lambda s, a: graph.bfs(s, a).dist).correct
    shown_only = Task(task.statement, task.reference, task.cases, observe=task.observe, name=task.name)
    assert shown_only.check(from_the_first).correct  # right on every case the notebook shows...
    verdict = task.check(from_the_first)
    assert not verdict.correct and "made when you check" in verdict.message  # ...and wrong on an unseen one
    assert not task.check(by_a_stack).correct and not shown_only.check(by_a_stack).correct
    assert task.check(lambda s, a: None).message.startswith("For a chain of four, from 1 yours gives None")


def test_the_tree_task_is_prim_as_the_engine_lays_it_and_keeps_its_tie_rule():
    from cosmos.galaxy import squared_distance

    task = lesson_names("01-galaxy-from-a-seed")["tree_task"]

    def prim(systems, tie_last=False):
        in_tree = [False] * len(systems)
        in_tree[0] = True
        lanes = []
        for _ in range(1, len(systems)):
            best_a = best_b = -1
            best_d = 0
            for a in range(len(systems)):
                for b in range(len(systems)):
                    if in_tree[a] and not in_tree[b]:
                        d = squared_distance(systems[a], systems[b])
                        if best_a < 0 or d < best_d or (tie_last and d == best_d):
                            best_a, best_b, best_d = a, b, d
            lanes.append((best_a, best_b))
            in_tree[best_b] = True
        return lanes

    def nearest_neighbour_chain(systems):  # grows from the newest system only: not Prim
        lanes, inside, last = [], {0}, 0
        while len(inside) < len(systems):
            nxt = min((b for b in range(len(systems)) if b not in inside),
                      key=lambda b: squared_distance(systems[last], systems[b]))
            lanes.append((last, nxt))
            inside.add(nxt)
            last = nxt
        return lanes

    assert task.check(prim).correct
    assert not task.check(nearest_neighbour_chain).correct
    ties = task.check(lambda systems: prim(systems, tie_last=True))
    assert not ties.correct  # the engine keeps the first of equally short lanes
    assert task.check(lambda systems: None).message.startswith("For four stars in a row")
