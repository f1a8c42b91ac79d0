"""The solver: counts checked against brute force, soundness of every rule, grading, Tatham's puzzles."""
from __future__ import annotations

import pytest

from cosmos.rng import Random
from tents import Difficulty, Outcome, Puzzle, count_solutions, grade, parse_game_id, problems, solutions
from tents.board import Board, Contradiction, Geometry, Mark
from tents.generate import place_tents, place_trees, puzzle_of
from tents.solver import ALL_RULES, EASY_RULES, propagate, solve_board
from tents.verdict import judge
from tests.tents.helpers import BEYOND_RULES, TWO_PAIRINGS, brute_force_count, tatham_fixtures


def random_puzzles(seed: int, count: int, sizes: list[tuple[int, int]]) -> list[Puzzle]:
    """Random layouts, many of them ambiguous; a third get one clue moved (often impossible)."""
    rng = Random(seed)
    found = []
    while len(found) < count:
        w, h = sizes[rng.next_int(len(sizes))]
        geo = Geometry.of(w, h)
        tents = place_tents(rng, geo, 2 + rng.next_int(w * h // 5))
        pairs = place_trees(rng, geo, tents) if tents else None
        if pairs is None:
            continue
        puzzle = puzzle_of(geo, pairs)
        if rng.next_int(3) == 0:
            rows = list(puzzle.row_clues)
            a, b = rng.next_int(h), rng.next_int(h)
            if rows[a] > 0:
                rows[a] -= 1
                rows[b] += 1
            puzzle = Puzzle(w, h, puzzle.trees, puzzle.col_clues, tuple(rows))
        found.append(puzzle)
    return found


SMALL = random_puzzles(2026, 160, [(4, 4), (4, 5), (5, 5), (5, 6), (6, 6)])


def test_the_sample_has_every_kind_of_answer():
    counts = {brute_force_count(p) for p in SMALL[:60]}
    assert {0, 1}.issubset(counts) and max(counts) >= 2


@pytest.mark.parametrize("chunk", range(4))
def test_counts_match_brute_force(chunk):
    for puzzle in SMALL[chunk::4]:
        assert count_solutions(puzzle) == min(brute_force_count(puzzle), 2), puzzle


def test_every_solution_found_is_valid_and_distinct():
    for puzzle in SMALL[:80]:
        found = solutions(puzzle, limit=3)
        assert len(set(found)) == len(found)
        for solution in found:
            assert problems(puzzle, solution.tents) == []
            assert all(abs(t[0] - p[0]) + abs(t[1] - p[1]) == 1 for t, p in solution.pairs)


def _closure_step_by_step(puzzle: Puzzle) -> Board:
    """The rules applied naively (whole board each time) until nothing changes."""
    board = Board.start(puzzle)
    changed = True
    while changed:
        changed = False
        for rule in ALL_RULES:
            for deduction in list(rule(board, None)):
                for i in deduction.tents:
                    changed = board.set_tent(i) or changed
                for i in deduction.grass:
                    changed = board.set_grass(i) or changed
                for tree, tent in deduction.pairs:
                    if board.partner[tree] != tent:
                        board.pair(tree, tent)
                        changed = True
    return board


def test_rules_are_sound_and_focused_propagation_finds_the_same_facts():
    checked = 0
    for puzzle in SMALL:
        found = solutions(puzzle, limit=2)
        if len(found) != 1:
            continue
        (solution,) = found
        board = Board.start(puzzle)
        propagate(board, ALL_RULES)
        tents, pairs = set(solution.tents), dict(solution.pairs)
        for i, mark in enumerate(board.cells):
            cell = board.geo.cell(i)
            if mark == Mark.TENT:
                assert cell in tents
            elif mark == Mark.GRASS:
                assert cell not in tents
        for tree, tent in board.pairs():
            assert pairs[tree] == tent
        naive = _closure_step_by_step(puzzle)
        assert naive.cells == board.cells and naive.partner == board.partner
        checked += 1
    assert checked >= 40


def contradicts(puzzle: Puzzle) -> bool:
    """Whether the solver's rules find a contradiction in the puzzle."""
    try:
        solve_board(puzzle)
    except Contradiction:
        return True
    return False


def test_a_contradiction_found_by_the_rules_means_no_solution():
    contradicted = [puzzle for puzzle in SMALL if contradicts(puzzle)]
    assert len(contradicted) >= 10  # the moved clues give the rules contradictions to find (31 of 160)
    assert [brute_force_count(puzzle) for puzzle in contradicted] == [0] * len(contradicted)


@pytest.mark.parametrize(("game_id", "tatham_level", "tents"), tatham_fixtures())
def test_tatham_puzzles_solve_to_tathams_solution(game_id, tatham_level, tents):
    puzzle = parse_game_id(game_id)
    found = solutions(puzzle, limit=2)
    assert [s.tents for s in found] == [tuple(tents)]
    verdict = grade(puzzle)
    assert verdict.outcome is Outcome.SOLVED
    if tatham_level == "tricky":  # Tatham's easy rules include whole-line counting: our hard
        assert verdict.level is Difficulty.HARD


def test_two_pairings_of_the_same_tents_count_as_two():
    puzzle = parse_game_id(TWO_PAIRINGS)
    found = solutions(puzzle, limit=5)
    assert len(found) == 2 and found[0].tents == found[1].tents
    assert count_solutions(puzzle) == 2 and brute_force_count(puzzle) == 2
    assert "share them out in more than one way" in judge(puzzle).reason


def test_the_sources_ambiguous_square_has_two_layouts():
    # like the source's first picture: two trees above each other, a tent left or right of each
    puzzle = Puzzle(4, 4, ((0, 1), (1, 1)), (1, 0, 1, 0), (1, 1, 0, 0))
    found = solutions(puzzle, limit=5)
    assert len(found) == 2 and found[0].tents != found[1].tents
    assert grade(puzzle).outcome is Outcome.STUCK


def test_a_unique_puzzle_beyond_the_rules_is_still_solved_by_the_search():
    puzzle = parse_game_id(BEYOND_RULES)
    assert grade(puzzle).outcome is Outcome.STUCK
    (solution,) = solutions(puzzle, limit=2)
    assert problems(puzzle, solution.tents) == []
    assert "the search found it" in judge(puzzle).reason


@pytest.mark.parametrize(("puzzle", "reason"), [
    (Puzzle(4, 4, ((0, 0),), (1, 0, 0, 0), (0, 0, 0, 0)), "column clues add up to 1 tents but the row clues to 0"),
    (Puzzle(4, 4, ((0, 0), (2, 2)), (1, 0, 0, 0), (1, 0, 0, 0)), "ask for 1 tents but there are 2 trees"),
    (Puzzle(4, 4, ((0, 0), (1, 1), (2, 2)), (3, 0, 0, 0), (1, 1, 1, 0)), "column 0 asks for 3 tents"),
    (Puzzle(4, 4, ((0, 0), (0, 1), (1, 0)), (1, 1, 1, 0), (1, 1, 1, 0)), "tree at (0, 0) has no free cell"),
    (Puzzle(4, 4, ((0, 0), (0, 2)), (0, 2, 0, 0), (2, 0, 0, 0)), "the tree at (0, 2) would have no place"),
])
def test_no_solution_comes_with_the_reason(puzzle, reason):
    verdict = judge(puzzle)
    assert verdict.count == 0 and count_solutions(puzzle) == 0
    assert reason in verdict.reason, verdict.reason


def test_easy_rules_alone_do_less_than_all_rules():
    puzzle = parse_game_id(tatham_fixtures()[3][0])  # a tricky one
    easy, all_rules = Board.start(puzzle), Board.start(puzzle)
    propagate(easy, EASY_RULES)
    propagate(all_rules, ALL_RULES)
    assert not easy.is_complete() and all_rules.is_complete()
