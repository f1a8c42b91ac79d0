"""Lesson 6 holds every part of the pattern, its printed facts come from the engine, its quizzes follow the code.

CLAIMS checked here (each by the test named after it):
- the save file of the problem, and a new session on another seed loads it
- decide's order: the Stargate before the economy; the tie-break always names one winner
- conquest is the last empire with a planet; a lost capital moves to another planet, the empire plays on
- the verdicts of parse_save (truncated, corrupt, foreign, newer), and that it accepts every version 1..current
- a changed MINE_YIELD replays the same save into another game; tuned numbers are put back
- the edited save replays with the added order (a CRC is no seal)
- seat 1 is always a Builder; the balance tables come from the data file
- the 95 % bands: most of the scale after 1 game, about 40 points after 20, narrower after 100
- the closing map stars every layer; the modules no lesson showed are exactly the ones the table names
- the last words claim the main rules, not every rule (commands.py is still unread)
- eight questions, two of them on earlier lessons
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import jupytext
import nbformat
import pytest

import cosmos.victory
from cosmos.data import ECONOMY_TARGET, EMPIRE_DEFS
from cosmos.save import SaveGame
from graders.quizzes import FindTheBug, MultipleChoice, PredictOutput, QuizSet, source_text
from lessons.kit import balance, codemap
from tests.lessons.lesson_helpers import (
    LESSONS,
    REPO_ROOT,
    cell_with,
    code_cells,
    lesson_names,
    markdown,
    stdout_of,
)

SOURCE = LESSONS / "06-whole-strategy.md"
NOTEBOOK = LESSONS / "06-whole-strategy.ipynb"
PARTS = ["In short", "The problem", "Play", "How a game ends", "The real code", "See it: the balance settles",
         "See it: a save replayed", "Predict the output", "Find the bug", "More precisely", "Exercise",
         "Test yourself", "What we built"]


@pytest.fixture(scope="module")
def nb() -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOK, as_version=4)


# on the worker of test_course_wide.py, which runs the lesson's cells too: they run once (lesson_names)
pytestmark = pytest.mark.xdist_group("course-wide")


@pytest.fixture(scope="module")
def ns() -> dict[str, Any]:
    """The names the lesson defines, from running its code cells here (once per process: lesson_names)."""
    return lesson_names("06-whole-strategy")



def test_the_notebook_is_generated_from_its_myst_source(nb) -> None:
    text = jupytext.read(SOURCE)
    assert [c.source for c in text.cells if c.cell_type == "code"] == [c.source for c in code_cells(nb)]
    assert [c.source for c in text.cells if c.cell_type == "markdown"] == [
        c.source for c in nb.cells if c.cell_type == "markdown"]


def test_the_parts_come_in_the_pattern_s_order(nb) -> None:
    markers = [line for cell in nb.cells if cell.cell_type == "markdown"
               for line in cell.source.splitlines() if line.startswith(("#", "**In short"))]
    found = []
    for part in PARTS:
        where = [i for i, marker in enumerate(markers) if part in marker]
        assert where, part
        found.append(where[0])
    assert found == sorted(found)


def test_the_problem_shows_the_real_save_file(nb) -> None:
    printed = stdout_of(cell_with(nb, 'read_text(), end=""'))
    lines = ("col 2", "r 1", "end", "end", "b mine 2", "end", "end", "end")
    assert printed == SaveGame(2026, lines).to_text()
    loaded = stdout_of(cell_with(nb, 'later.send("load 1")'))
    assert "Slot 1 is loaded: turn 6." in loaded and "same turn, same stock: True True" in loaded


def test_the_victory_programs_print_the_engine_s_decisions(nb, ns) -> None:
    printed = stdout_of(cell_with(nb, "and the Stargate for empire 3"))
    assert "economy reached by empire 2: Victory(kind='economy', winner=1" in printed
    assert "and the Stargate for empire 3: Victory(kind='science', winner=2" in printed
    tie = stdout_of(cell_with(nb, "empire 3 has produced 5"))
    assert "fresh galaxy: [1, 2, 3" in tie and "empire 3 has produced 5: [3, 1, 2" in tie


def test_the_replay_and_the_size_claims_hold(nb) -> None:
    printed = stdout_of(cell_with(nb, "the same world, down to the generator"))
    assert "the same world, down to the generator's state: True" in printed
    save, world = map(int, re.search(r"save: (\d+) characters; the world as JSON: (\d+)", printed).groups())
    assert world > 100 * save  # "more than a hundred times smaller"


def test_the_save_verdicts_are_the_engine_s(nb) -> None:
    printed = stdout_of(cell_with(nb, "a shopping list"))
    assert printed.splitlines() == ["the save: ok", "cut after 60 characters: truncated",
                                    "one command changed: corrupt", "a shopping list: foreign", "version 2: newer"]


def test_an_edited_save_with_a_valid_checksum_replays_with_the_added_order(nb) -> None:
    from cosmos.game import replay

    lines = ("col 2", "r 1", "end", "end", "b mine 2", "end", "end", "end")
    cell = cell_with(nb, "edited = SaveGame(2026")
    added = re.search(r'\(\*save\.lines, "([^"]+)"\)', cell.source).group(1)
    edited = SaveGame.from_text(SaveGame(2026, (*lines, added)).to_text())  # "reads the file happily"
    queue = [f"{item.what} on planet {item.planet + 1}" for item in replay(edited).queue]
    assert queue and added.split()[1] in queue[-1]  # the order the player never gave is under construction
    assert stdout_of(cell).splitlines() == ["the edited save: ok",
                                            "under construction after the replay: " + " ".join(queue)]


def test_the_tuned_numbers_are_put_back_and_the_claim_about_imports_holds(nb) -> None:
    source = Path(cosmos.victory.__file__).read_text(encoding="utf-8")
    assert "from cosmos.data import ECONOMY_TARGET" in source
    assert cosmos.victory.ECONOMY_TARGET == ECONOMY_TARGET
    assert "ECONOMY_TARGET is back to 9800" in stdout_of(cell_with(nb, "harder = run_simulation"))
    printed = stdout_of(cell_with(nb, 'tuned(cosmos.economy, "MINE_YIELD"'))
    before, after = re.findall(r"\[[\d, ]+\]", printed)
    assert before != after


def test_seat_1_is_always_a_builder_and_the_tables_come_from_the_data_file(nb) -> None:
    assert EMPIRE_DEFS[0].personality == "builder"
    data = balance.load_balance()
    old, new = balance.tally(data["fixed"]), balance.tally(data["rotated"])
    printed = stdout_of(cell_with(nb, "def character_table"))
    for counts in (old, new):
        for name in balance.NAMES:
            share = f"{name:<8} won {100 * counts.wins[name] / counts.games:5.1f}% of the games"
            assert share in printed
    assert old.fair["builder"] / old.games > 0.45  # "far above a third"
    assert max(abs(new.fair[n] / new.games - 1 / 3) for n in balance.NAMES) < 0.02  # about the same
    # the prose, fixed: the Builder wins most games but only a few points above its fair share,
    # and the Scholar clearly less than its share
    assert max(balance.NAMES, key=lambda n: old.wins[n]) == "builder" and old.wins["builder"] > old.games / 2
    assert 0 < old.wins["builder"] - old.fair["builder"] < 0.05 * old.games
    assert balance.wilson(old.wins["scholar"], old.games)[1] < old.fair["scholar"] / old.games
    # rotated: the Builder still first, a few points above a third; the Scholar about on its share
    # (inside its band), the Warlord a little below its share
    ranked = sorted(balance.NAMES, key=lambda n: new.wins[n], reverse=True)
    assert ranked == ["builder", "scholar", "warlord"]
    assert 0.01 < new.wins["builder"] / new.games - 1 / 3 < 0.05
    low, high = balance.wilson(new.wins["scholar"], new.games)
    assert low < new.fair["scholar"] / new.games < high
    assert 0 < new.fair["warlord"] - new.wins["warlord"] < 0.05 * new.games
    # seat 1: fixed (always a Builder) clearly above its fair share, outside its band;
    # rotated about on its fair share, inside the band
    seat_fair = {key: sum(1 / len(row[0]) for row in data[key]) / len(data[key]) for key in ("fixed", "rotated")}
    assert seat_fair["fixed"] < balance.wilson(old.seat_wins[0], old.games)[0]
    low, high = balance.wilson(new.seat_wins[0], new.games)
    assert low < seat_fair["rotated"] < high


def test_stored_pictures_are_images_never_inline_svg(nb) -> None:
    for cell in code_cells(nb):
        for output in cell.outputs:
            html = "".join(output.get("data", {}).get("text/html", ""))
            assert "<svg" not in html, cell.id


def test_predict_the_output_key_is_what_the_snippet_prints(ns) -> None:
    predict = ns["predict"]
    assert isinstance(predict, PredictOutput) and predict.expected == "science 2"
    assert [predict.check(i).correct for i in range(len(predict.choices))].count(True) == 1
    changed = PredictOutput(predict.code.replace("world.empires[1].techs", "world.empires[2].techs"), {},
                            predict.namespace)
    assert changed.expected == "science 3"


def test_find_the_bug_differs_from_the_real_decide_in_one_line(ns) -> None:
    bug = ns["find_the_bug"]
    assert isinstance(bug, FindTheBug)
    real = source_text(cosmos.victory.decide).splitlines()
    assert [i + 1 for i, (a, b) in enumerate(zip(bug.lines, real, strict=True)) if a != b] == [bug.bug_line]
    assert "scholars" in bug.lines[bug.bug_line - 1]
    assert bug.fixed_output == "None" and "science" in bug.wrong_output
    assert bug.check(bug.bug_line).correct and not bug.check(1).correct


def test_eight_questions_two_of_them_review_each_with_one_key_and_feedback(ns) -> None:
    quizzes = ns["test_yourself"]
    assert isinstance(quizzes, QuizSet) and len(quizzes.quizzes) == 8
    for quiz in quizzes.quizzes:
        assert isinstance(quiz, MultipleChoice)
        assert all(choice.feedback for choice in quiz.choices)
        assert [quiz.check(i).correct for i in range(len(quiz.choices))].count(True) == 1
    assert [q.question.split(":")[0] for q in quizzes.quizzes[6:]] == ["Lesson 5 review", "Lesson 4 review"]


def test_the_keys_follow_the_code(ns) -> None:
    quizzes = ns["test_yourself"].quizzes
    both = quizzes[1]
    assert both.choices[[both.check(i).correct for i in range(3)].index(True)].text == "science"
    band = quizzes[5]
    low, high = balance.wilson(70, 200)
    right = band.choices[[band.check(i).correct for i in range(len(band.choices))].index(True)].text
    assert right == f"from {100 * low:.0f}% to {100 * high:.0f}%"


def test_the_exercise_link_points_at_the_notebook(nb) -> None:
    links = re.findall(r"\]\((\.\./exercises/[^)]+)\)", markdown(nb))
    assert links and all((LESSONS / link).resolve().is_file() for link in links)
    assert "python -m graders check exercises/06-save/save.ipynb" in markdown(nb).replace("\n", " ")


def test_the_map_of_the_code_stars_every_layer_and_counts_the_files_now(nb) -> None:
    printed = stdout_of(cell_with(nb, "from lessons.kit.codemap import code_map"))
    rows, unplaced = codemap.code_map()
    for row in rows:
        assert re.search(rf"^{re.escape(row.name)}\s*\* ", printed, flags=re.M), row.name
    assert f"{sum(row.lines for row in rows):>5}" in printed
    assert (REPO_ROOT / "cosmos").is_dir()


def test_the_see_it_claims_about_the_bands_hold(ns) -> None:
    from lessons.kit.balance_trace import settling_bars

    def widest(games: int) -> float:
        return max(bar.high - bar.low for bar in settling_bars(ns["settling"][games - 1])[0])

    first = settling_bars(ns["settling"][0])[0]
    assert sorted(bar.share for bar in first) == [0, 0, 1] and widest(1) > 0.6  # "most of the scale"
    assert 0.35 <= widest(20) <= 0.45  # "about 40 points wide"
    assert widest(100) < widest(20) / 2  # "After 100 they are narrower"


def test_conquest_is_the_last_empire_alive_and_a_lost_capital_moves(nb) -> None:
    from cosmos.battle import settle_empires
    from cosmos.world import capital_planet, new_world, owned_planets

    text = " ".join(markdown(nb).split())
    assert "take every capital" not in text
    assert "be the last empire with a planet (**conquest**)" in text
    world = new_world(7, human=False)
    lyra = world.empires[1]
    capital = capital_planet(world, 1)
    spare = next(p.id for p in world.planets if p.owner < 0 and p.system_id != lyra.capital)
    world.planets[spare].owner = 1
    world.planets[capital].owner = 2  # the capital is taken; another planet is left
    settle_empires(world)
    assert lyra.alive and lyra.capital == world.planets[spare].system_id and owned_planets(world, 1) == [spare]
    assert cosmos.victory.decide(world) is None  # one capital lost: no conquest
    for empire in world.empires[1:]:  # every other empire without a planet: conquest
        for planet in owned_planets(world, empire.id):
            world.planets[planet].owner = 0
    settle_empires(world)
    victory = cosmos.victory.decide(world)
    assert victory is not None and (victory.kind, victory.winner) == ("conquest", 0)


def test_old_versions_are_accepted_and_the_lesson_says_so(nb) -> None:
    from cosmos.save import SAVE_VERSION, SaveError, parse_save

    save = SaveGame(2026, ("end",))
    for version in range(1, SAVE_VERSION + 1):
        assert parse_save(SaveGame(2026, ("end",), version).to_text().encode()).version == version
    with pytest.raises(SaveError):
        parse_save(SaveGame(2026, ("end",), SAVE_VERSION + 1).to_text().encode())
    assert save.version == SAVE_VERSION == 1
    text = " ".join(markdown(nb).split())
    assert "simply refuses them" not in text
    assert "`parse_save` accepts every version from 1 up to its own" in text


def test_the_modules_no_lesson_showed_are_the_ones_the_closing_table_names(nb) -> None:
    shown = set()
    for path in sorted(LESSONS.glob("*.ipynb")):
        for cell in code_cells(nbformat.read(path, as_version=4)):
            for output in cell.outputs:
                listing = str(output.get("data", {}).get("text/markdown", ""))
                shown |= set(re.findall(r"`cosmos/([\w/]+)\.py`, lines", listing))
    engine = {str(p.relative_to(REPO_ROOT / "cosmos"))[:-3] for p in (REPO_ROOT / "cosmos").rglob("*.py")}
    unshown = {name for name in engine - shown if not name.endswith("__init__")}
    text = markdown(nb)
    table = text[text.index("A star per layer is not a star per module."):]
    table = table[:table.index("\n\n", table.index("|---|"))]
    named = set()
    for row in table.splitlines()[3:]:
        cell = row.split("|")[1]
        for name in re.findall(r"`([\w/]+)\.py`", cell):
            named.add(name)
        if "`text/`" in cell:
            named |= {f"text/{name}" for name in re.findall(r"`(\w+)\.py`", cell)}
    named = {name if "/" in name or name in engine else f"text/{name}" for name in named}
    assert named == unshown, (sorted(named - unshown), sorted(unshown - named))
    assert "every module of the engine is one you have read" not in " ".join(text.split())


def test_the_last_words_claim_the_main_rules_not_every_rule(nb):
    """The student has not read every rule (commands.py, helpers): the lesson says the main ones."""
    text = " ".join(markdown(nb).split())
    assert "every rule the game plays by" not in text
    assert "you have read the main rules the game plays by" in text
    assert "`commands.py` are still unread" in text
