"""Hints: following them solves the puzzle, each agrees with the solution, mistakes come first."""
from __future__ import annotations

import pytest

from tents import Difficulty, HintKind, Rule, generate, next_hint, parse_game_id, solutions, steps
from tents.board import Board
from tents.hint import explain
from tents.rules import Deduction
from tests.tents.helpers import BEYOND_RULES


def follow_hints(puzzle, solution, limit=500):
    """Apply hints until solved; returns the hints given."""
    tents, grass, given = set(), set(), []
    for _ in range(limit):
        hint = next_hint(puzzle, tents, grass, solution)
        given.append(hint)
        if hint.kind is HintKind.SOLVED:
            return given
        assert hint.kind is not HintKind.MISTAKE
        tents |= set(hint.tents)
        grass |= set(hint.grass)
    pytest.fail("the hints never finished the puzzle")


@pytest.mark.parametrize(("size", "difficulty", "seed"), [
    ((8, 8), Difficulty.EASY, 1), ((8, 8), Difficulty.HARD, 42), ((12, 9), Difficulty.HARD, 5)])
def test_following_the_hints_solves_the_puzzle_with_true_steps(size, difficulty, seed):
    made = generate(*size, difficulty, seed)
    right = set(made.solution.tents)
    given = follow_hints(made.puzzle, made.solution)
    for hint in given[:-1]:
        assert hint.kind is HintKind.DEDUCTION and hint.text
        assert set(hint.tents) <= right and not set(hint.grass) & right
    levels = {hint.rule.level for hint in given[:-1]}
    assert (Difficulty.HARD in levels) == (difficulty is Difficulty.HARD)


def test_a_wrong_tent_is_pointed_out_first():
    made = generate(8, 8, Difficulty.EASY, 3)
    wrong = next(cell for cell in ((r, c) for r in range(8) for c in range(8))
                 if cell not in made.solution.tents and cell not in made.puzzle.trees)
    hint = next_hint(made.puzzle, [wrong], [], made.solution)
    assert hint.kind is HintKind.MISTAKE and hint.grass == (wrong,)
    assert f"There is no tent at ({wrong[0]}, {wrong[1]}) in the solution" in hint.text  # as the data counts


def test_a_wrong_no_tent_mark_is_pointed_out():
    made = generate(8, 8, Difficulty.EASY, 3)
    tent = made.solution.tents[0]
    hint = next_hint(made.puzzle, [], [tent], made.solution)
    assert hint.kind is HintKind.MISTAKE and hint.tents == (tent,)


def test_when_no_rule_applies_a_tent_is_revealed():
    puzzle = parse_game_id(BEYOND_RULES)
    (solution,) = solutions(puzzle)
    given = follow_hints(puzzle, solution)
    reveals = [hint for hint in given if hint.kind is HintKind.REVEAL]
    assert reveals and all(set(h.tents) <= set(solution.tents) for h in reveals)
    assert "None of the rules applies" in reveals[0].text


def test_the_hint_finds_the_solution_itself_and_refuses_ambiguous_puzzles():
    made = generate(6, 6, Difficulty.EASY, 9)
    assert next_hint(made.puzzle) == next_hint(made.puzzle, solution=made.solution)
    ambiguous = parse_game_id("4x4:ababf,2,0,2,0,2,0,2,0")
    with pytest.raises(ValueError, match="exactly one solution"):
        next_hint(ambiguous)


def test_a_row_that_needs_its_last_tent_says_so():
    # one tree at (2, 1) of a 4x4 grid; row 2 and column 2 want the tent: cell 10 is (2, 2)
    puzzle = parse_game_id("4x4:if,0,0,1,0,0,0,1,0")
    board = Board.start(puzzle)
    for i in range(16):
        if i not in (9, 10):
            board.set_grass(i)
    text = explain(Deduction(Rule.LINE_NEEDS_ALL, tents=(10,), line=2), board)
    assert text == ("Row 2 needs its last tent here, at cell (2, 2), because it is the only "
                    "free cell left in row 2.")


def test_the_steps_of_a_hard_puzzle_name_their_rules_and_end_solved():
    made = generate(10, 10, Difficulty.HARD, 4)
    board_tents = set()
    rules = []
    for deduction, text in steps(made.puzzle):
        rules.append(deduction.rule)
        assert text.endswith(".")
        board_tents |= set(deduction.tents) | {tent for _, tent in deduction.pairs}
    assert {divmod(i, 10) for i in board_tents} == set(made.solution.tents)
    assert any(rule.level is Difficulty.HARD for rule in rules)
