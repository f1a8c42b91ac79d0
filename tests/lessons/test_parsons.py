"""The Parsons widget's logic, without a browser: the shuffle, the judging by running, the buttons, the fallback."""
from __future__ import annotations

import json

import pytest

from cosmos.graph import insert_sorted
from graders.parsons import Parsons, assemble, shuffled

SOLUTION = """\
def insert_sorted(items, value):
    at = len(items)
    while at > 0 and items[at - 1] > value:
        at -= 1
    items.insert(at, value)
"""
WRONG = ["at = 0", "items.append(value)"]


def cases() -> dict:
    return {"5 into [1, 4, 9]": lambda: ([1, 4, 9], 5), "0 into [3, 7]": lambda: ([3, 7], 0),
            "8 into []": lambda: ([], 8)}


def after(_result, args):
    return args[0]


@pytest.fixture
def quiz(tmp_path, monkeypatch) -> Parsons:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return Parsons(SOLUTION, insert_sorted, cases(), WRONG, seed=7, hint="Find the loop first.",
                   observe=after)


def rows_for(quiz: Parsons, lines: list[tuple[str, int]]) -> list[tuple[int, int, bool]]:
    """An arrangement: the given (text, level) lines in order, every other piece left out at the end."""
    texts = [p.text for p in quiz.pieces]
    used = [(texts.index(text), level, True) for text, level in lines]
    rest = [(i, 0, False) for i in range(len(texts)) if i not in {u[0] for u in used}]
    return used + rest


RIGHT = [("def insert_sorted(items, value):", 0), ("at = len(items)", 1),
         ("while at > 0 and items[at - 1] > value:", 1), ("at -= 1", 2), ("items.insert(at, value)", 1)]


def test_the_lines_are_shuffled_by_mulberry32_the_same_on_every_run(quiz):
    again = Parsons(SOLUTION, insert_sorted, cases(), WRONG, seed=7, observe=after)
    other = Parsons(SOLUTION, insert_sorted, cases(), WRONG, seed=8, observe=after)
    assert [p.text for p in quiz.pieces] == [p.text for p in again.pieces]
    assert [p.text for p in quiz.pieces] != [p.text for p in other.pieces]
    assert sorted(p.text for p in quiz.pieces) == sorted([t for t, _ in RIGHT] + WRONG)
    assert [p.wanted for p in quiz.pieces].count(False) == 2


def test_a_shuffle_is_never_the_order_as_written():
    for seed in range(40):
        assert shuffled(5, seed) != list(range(5))
        assert sorted(shuffled(5, seed)) == list(range(5))


def test_the_right_arrangement_passes_and_assembles_to_the_solution(quiz):
    rows = rows_for(quiz, RIGHT)
    assert assemble(quiz.pieces, rows) == SOLUTION
    verdict = quiz.check(rows)
    assert verdict.correct, verdict.message
    assert "all 3 cases" in verdict.message


def test_another_order_that_behaves_the_same_is_right_too():
    solution = "def f(a, b):\n    x = a * 2\n    y = b + 1\n    return x + y\n"

    def f(a, b):
        return a * 2 + b + 1

    quiz = Parsons(solution, f, {"1, 2": (1, 2), "5, 0": (5, 0)}, ["return x - y"], seed=3)
    swapped = rows_for(quiz, [("def f(a, b):", 0), ("y = b + 1", 1), ("x = a * 2", 1), ("return x + y", 1)])
    assert quiz.check(swapped).correct


def test_a_wrong_line_used_names_the_first_failing_case_and_what_it_gave(quiz):
    rows = rows_for(quiz, [RIGHT[0], RIGHT[1], RIGHT[2], RIGHT[3], ("items.append(value)", 1)])
    verdict = quiz.check(rows)
    assert not verdict.correct
    assert verdict.message == ("For 5 into [1, 4, 9] yours gives [1, 4, 9, 5], "
                               "the game's insert_sorted gives [1, 4, 5, 9].")


def test_a_wrong_indentation_that_loops_for_ever_is_reported_as_endless(quiz):
    rows = rows_for(quiz, [RIGHT[0], RIGHT[1], RIGHT[2], ("items.insert(at, value)", 2), ("at -= 1", 1)])
    verdict = quiz.check(rows)
    assert not verdict.correct
    assert "For 5 into [1, 4, 9] yours never stops" in verdict.message


def test_an_unreadable_arrangement_says_which_line(quiz):
    verdict = quiz.check(quiz.start())  # shuffled, nothing indented
    assert not verdict.correct
    assert verdict.message.startswith(("Python cannot read it yet: line", "The first line must start"))


def test_a_solution_that_does_not_behave_like_the_reference_is_refused():
    with pytest.raises(ValueError, match="does not behave like insert_sorted"):
        Parsons(SOLUTION.replace("at -= 1", "at -= 2"), insert_sorted, cases(), WRONG, observe=after)


def test_the_widget_buttons_move_indent_and_leave_out_lines(quiz):
    box = quiz.widget()
    target = [t for t, _ in RIGHT]
    # play it as a student would: for each wanted line, press Move up until it is in place, then indent it
    for place, (text, level) in enumerate(RIGHT):
        index = [p.text for p in quiz.pieces].index(text)
        row = box.row_widgets[index]
        up, _down, _less, more, = row.children[:4]
        while [r[0] for r in box.rows].index(index) > place:
            up.click()
        for _ in range(level):
            more.click()
    for text in WRONG:
        box.row_widgets[[p.text for p in quiz.pieces].index(text)].use.click()
    assert [quiz.pieces[i].text for i, _l, used in box.rows if used] == target
    box.check_button.click()
    assert box.verdict.correct
    assert "Right" in box.feedback.value
    assert "Use again" in [box.row_widgets[i].use.description for i, _l, used in box.rows if not used]


def test_a_line_dropped_by_the_page_moves_there_and_indents_by_the_steps_it_was_dragged(quiz):
    box = quiz.widget()
    # as a student drags: each wanted line onto its place, dropped as far right as it belongs
    for place, (text, level) in enumerate(RIGHT):
        index = [p.text for p in quiz.pieces].index(text)
        box.dropped.value = f"{index} {box.rows[place][0]} {level}"  # the page's drop: piece, piece dropped on, steps
        assert box.rows[place] == (index, level, True)
        assert box.dropped.value == ""  # emptied for the next drop
    for text in WRONG:
        box.row_widgets[[p.text for p in quiz.pieces].index(text)].use.click()
    box.check_button.click()
    assert box.verdict.correct
    # dragged left of where it starts: one step less, never below none; a drop onto itself changes nothing
    index = box.rows[3][0]
    box.dropped.value = f"{index} {index} -5"
    assert box.rows[3] == (index, 0, True) and box.verdict is not None and "Right" not in box.feedback.value
    before = list(box.rows)
    box.dropped.value = f"{index} {index} 0"
    assert box.rows == before
    # dropped on a row further down: it takes that row's place, the rows between move up one
    first, third = box.rows[0][0], box.rows[2][0]
    box.dropped.value = f"{first} {third} 0"
    assert [r[0] for r in box.rows[:3]] == [before[1][0], before[2][0], first]


@pytest.mark.parametrize("value", ["", "1 2", "a b c", "99 0 0", "0 99 0", "-1 0 0", "1 2 3 4"])
def test_a_drop_that_is_not_one_of_the_problems_lines_is_ignored(quiz, value):
    box = quiz.widget()
    before = list(box.rows)
    box.dropped.value = value
    assert box.rows == before


def test_every_line_can_be_dragged_and_dropped_on_and_says_which_piece_it_is(quiz):
    box = quiz.widget()
    for position, (index, _level, _used) in enumerate(box.rows):
        html = box.row_widgets[index].text.value
        assert 'draggable="true"' in html and f'data-piece="{index}"' in html and f'data-position="{position}"' in html
        assert "ondragstart=" in html and "ondragover=" in html and "ondrop=" in html
        assert html.count('"') % 2 == 0 and "&" not in html.split(">", 1)[0]  # the handlers stay inside their quotes


def test_every_button_has_a_tooltip_naming_its_line(quiz):
    box = quiz.widget()
    for index, row in box.row_widgets.items():
        for button in row.children[:5]:
            assert button.tooltip.endswith(quiz.pieces[index].text)
            assert button.tooltip.split(":")[0] in {"Move up", "Move down", "Indent one step less",
                                                    "Indent one step more", "Leave this line out (or use it again)"}


def test_the_hint_shows_behind_a_button_and_is_counted(quiz, tmp_path):
    box = quiz.widget()
    [row] = [w for w in box.children if hasattr(w, "reveal")]
    assert row.text.value == ""
    row.button.click()
    assert "Find the loop first." in row.text.value
    data = json.loads((tmp_path / "epic-cosmos" / "progress.json").read_text())
    [part] = data["lessons"]["(outside a lesson)"]["parts"].values()
    assert part["hints"] == 1 and part["kind"] == "parsons"


def test_the_static_fallback_lists_the_shuffled_lines_without_the_order(quiz):
    html = quiz.widget()._repr_mimebundle_()["text/html"]
    for piece in quiz.pieces:
        assert piece.text.replace(">", "&gt;") in html
    assert "Run the notebook" in html


def test_a_restarted_kernel_brings_back_the_arrangement_and_its_verdict(quiz):
    box = quiz.widget()
    box.rows = rows_for(quiz, RIGHT)
    box.check_button.click()
    fresh = Parsons(SOLUTION, insert_sorted, cases(), WRONG, seed=7, hint="Find the loop first.",
                    observe=after).widget()
    assert fresh.rows == box.rows
    assert fresh.verdict is not None and fresh.verdict.correct


def test_code_of_gives_the_real_lines_without_the_docstring():
    from graders.parsons import code_of

    assert code_of(insert_sorted) == SOLUTION.replace("items, value", "items: list[int], value: int") \
        .replace("):\n", ") -> None:\n", 1)
