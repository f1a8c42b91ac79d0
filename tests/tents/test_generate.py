"""The generator over many seeds and sizes: valid, exactly one solution, the requested difficulty, stable."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from cosmos.rng import Random
from tents import Difficulty, PuzzleError, count_solutions, format_game_id, generate, grade, problems, solutions
from tents.board import Geometry
from tents.generate import place_trees
from tests.tents.helpers import ROOT, brute_force_count

EASY, HARD = Difficulty.EASY, Difficulty.HARD

# every width and every height from 4 to 20 appears, small grids with many seeds
CASES = ([(w, h, d, s) for w, h in [(4, 4), (5, 5), (4, 6), (6, 4)] for d in Difficulty for s in range(12)]
         + [(w, 4 + (w * 7) % 17, d, s) for w in range(4, 21) for d in Difficulty for s in (w, 100 + w)]
         + [(4, 20, EASY, 0), (20, 4, HARD, 0), (15, 15, HARD, 7), (20, 20, EASY, 42), (20, 20, HARD, 42)])


def check_generated(width: int, height: int, difficulty: Difficulty, seed: int) -> str:
    """Everything a generated puzzle must be; returns its game ID."""
    made = generate(width, height, difficulty, seed)
    puzzle, solution = made.puzzle, made.solution
    assert (puzzle.width, puzzle.height) == (width, height)
    assert problems(puzzle, solution.tents) == []
    assert solutions(puzzle, limit=2) == [solution]
    verdict = grade(puzzle)
    assert verdict.level is difficulty, (width, height, difficulty, seed)
    assert puzzle.total * 10 >= width * height, "too sparse"
    return format_game_id(puzzle)


@pytest.mark.parametrize(("width", "height", "difficulty", "seed"), CASES)
def test_generated_puzzles_are_valid_unique_and_of_the_wanted_difficulty(width, height, difficulty, seed):
    check_generated(width, height, difficulty, seed)


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_small_puzzles_have_one_solution_by_brute_force(difficulty):
    for seed in range(100, 112):
        puzzle = generate(5, 5, difficulty, seed).puzzle
        assert brute_force_count(puzzle) == 1


def test_the_same_seed_gives_the_same_puzzle_and_other_seeds_others():
    ids = [format_game_id(generate(8, 8, HARD, seed).puzzle) for seed in range(20)]
    assert ids == [format_game_id(generate(8, 8, HARD, seed).puzzle) for seed in range(20)]
    assert len(set(ids)) == 20
    assert format_game_id(generate(8, 8, EASY, 5).puzzle) != format_game_id(generate(8, 8, HARD, 5).puzzle)


def test_the_same_seed_gives_the_same_puzzle_in_another_process_and_hash_seed():
    program = ("from tents import generate, format_game_id, Difficulty\n"
               "for d in Difficulty:\n"
               "    print(format_game_id(generate(9, 7, d, 2026).puzzle))\n")
    outputs = set()
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED=hash_seed)
        outputs.add(subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                                   env=env, cwd=ROOT, check=True).stdout)
    here = "".join(format_game_id(generate(9, 7, d, 2026).puzzle) + "\n" for d in Difficulty)
    assert outputs == {here}


def test_a_boxed_in_corner_tent_ends_the_attempt_instead_of_looping():
    # the source drew directions until one was free: forever for a corner tent whose two
    # sides were taken. Here the two tents beside the corner take its only free sides first.
    geo = Geometry.of(4, 4)
    tents = [0, 2, 8]  # (0,0), (0,2), (2,0): (0,1) and (1,0) are the corner's only sides
    for seed in range(40):
        pairs = place_trees(Random(seed), geo, tents)
        if pairs is None:
            break
        assert all(tree in geo.orth[tent] for tree, tent in pairs)
        assert len({tree for tree, _ in pairs}) == 3
    else:
        pytest.fail("no seed boxed the corner tent in")


def test_a_tree_may_go_left_into_the_first_column():
    # the source's bound check `ix > 1` never put a tree in column 0 to the left of a tent
    lefts = 0
    for seed in range(30):
        solution = generate(6, 6, EASY, seed).solution
        lefts += sum(1 for tree, tent in solution.pairs if tree[1] == 0 and tent[1] == 1)
    assert lefts > 0


@pytest.mark.parametrize(("args", "message"), [
    ((3, 8), "width must be from 4 to 20, not 3"),
    ((8, 21), "height must be from 4 to 20, not 21"),
    ((8.0, 8), "width must be a whole number"),
])
def test_sizes_out_of_range_are_refused(args, message):
    with pytest.raises(PuzzleError, match=message):
        generate(*args)


def test_a_difficulty_must_be_a_difficulty():
    with pytest.raises(ValueError, match="easy or hard"):
        generate(8, 8, "hard", 1)


def test_the_solution_count_never_exceeds_one_for_generated_puzzles():
    for seed in range(10):
        assert count_solutions(generate(6, 9, HARD, seed).puzzle) == 1
