"""Tatham's game IDs: exact round trips, the run-length code, and malformed IDs refused with reasons."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tents import Difficulty, GameIdError, Puzzle, format_game_id, generate, parse_game_id
from tests.tents.helpers import tatham_fixtures


@pytest.mark.parametrize("game_id", [f[0] for f in tatham_fixtures()])
def test_tatham_ids_round_trip_byte_for_byte(game_id):
    puzzle = parse_game_id(game_id)
    assert format_game_id(puzzle) == game_id
    width, height = (int(x) for x in game_id.split(":")[0].split("x"))
    assert (puzzle.width, puzzle.height) == (width, height)
    assert len(puzzle.col_clues) == width and len(puzzle.row_clues) == height


@pytest.mark.parametrize("size", [(4, 4), (7, 13), (20, 20), (20, 4)])
def test_generated_puzzles_round_trip(size):
    puzzle = generate(*size, Difficulty.EASY, seed=3).puzzle
    assert parse_game_id(format_game_id(puzzle)) == puzzle


def test_the_run_codes_mean_what_the_format_says():
    # row-major on 4x4: a tree at 0, two blanks then a tree at 3, 25 blanks is too many for 16 cells
    puzzle = parse_game_id("4x4:_b_gc,1,0,1,0,1,0,1,0")
    assert puzzle.trees == ((0, 0), (0, 3), (1, 0), (3, 0))
    assert puzzle.col_clues == (1, 0, 1, 0) and puzzle.row_clues == (1, 0, 1, 0)


def test_long_empty_runs_use_z_then_the_rest():
    # 20x20 with one tree in the last cell: 399 blanks = 15 z (375) + 24 blanks then a tree ('x'),
    # and the virtual tree right after it ('_')
    trees = ((19, 19),)
    cols = (0,) * 19 + (1,)
    rows = (0,) * 19 + (1,)
    game_id = format_game_id(Puzzle(20, 20, trees, cols, rows))
    assert game_id.split(",")[0] == "20x20:" + "z" * 15 + "x_"
    assert parse_game_id(game_id).trees == trees
    # an empty grid is 400 blanks before the virtual tree: 15 z and a run of 25 ('y')
    assert format_game_id(Puzzle(20, 20, (), (0,) * 20, (0,) * 20)).split(",")[0] == "20x20:" + "z" * 15 + "y"


def test_a_run_of_exactly_25_blanks_is_y_not_z():
    puzzle = Puzzle(5, 6, ((5, 0),), (1, 0, 0, 0, 0), (0, 0, 0, 0, 0, 1))
    assert format_game_id(puzzle).split(",")[0] == "5x6:yd"


def test_a_z_followed_by_a_tree_code_is_read_too():
    # Tatham never writes "z_" (it writes "y") but reading it must give the same grid
    assert parse_game_id("5x5:z_,0,0,0,0,0,0,0,0,0,0").trees == ()


@pytest.mark.parametrize(("game_id", "words"), [
    ("8x8:icQ__bgbcmaaf,2,1,1,2,1,2,2,1,1,2,1,2,1,2,0,3", ["index 2", "'Q'", "not a tree code"]),
    ("8x8:ic3__bgbcmaaf,2,1,1,2,1,2,2,1,1,2,1,2,1,2,0,3", ["index 2", "'3'"]),
    ("8x8:ic!__bgbcmaaf,2,1,1,2,1,2,2,1,1,2,1,2,1,2,0,3", ["'!'", "tent", "not supported"]),
    ("8x8:icq__bgbcmaaf,2,1,1,2,1,2,2,1,1,2,1,2,1,2,0,3", ["more than the 8x8 = 64 cells"]),
    ("8x8:ice__bgbcmaa,2,1,1,2,1,2,2,1,1,2,1,2,1,2,0,3", ["only", "of the 8x8 = 64 cells"]),
    ("4x4:_b_gc_,1,0,1,0,1,0,1,0", ["goes on after the end"]),
    ("8x8:ice__bgbcmaaf,2,1,1,2,1,2,2,1,1,2,1,2,1,2,0", ["16 clues are needed", "not 15"]),
    ("8x8:ice__bgbcmaaf,2,1,1,2,1,2,2,1,1,2,1,2,1,2,0,3,1", ["not 17"]),
    ("8x8:ice__bgbcmaaf", ["16 clues are needed", "not 0"]),
    ("8x8:ice__bgbcmaaf,2,1,1,2,1,2,2,1,1,2,1,2,1,x,0,3", ["row 5", "'x'", "not a whole number"]),
    ("8x8:ice__bgbcmaaf,2,,1,2,1,2,2,1,1,2,1,2,1,2,0,3", ["column 1", "''"]),
    ("8x8:ice__bgbcmaaf,-2,1,1,2,1,2,2,1,1,2,1,2,1,2,0,3", ["column 0", "'-2'"]),
    ("3x8:_,0,0,0,0,0,0,0,0,0,0,0", ["width must be from 4 to 20, not 3"]),
    ("21x5:_,0", ["width must be from 4 to 20, not 21"]),
    ("8x25:_,0", ["height must be from 4 to 20, not 25"]),
    ("8x:_,0", ["should look like 8x8"]),
    ("8:ice__bgbcmaaf", ["should look like 8x8"]),
    ("ice__bgbcmaaf,2,1", ["no ':'"]),
    ("", ["no ':'"]),
])
def test_malformed_ids_are_refused_with_the_reason(game_id, words):
    with pytest.raises(GameIdError) as caught:
        parse_game_id(game_id)
    for word in words:
        assert word in str(caught.value), (word, str(caught.value))


def test_a_non_string_is_refused():
    with pytest.raises(GameIdError, match="text"):
        parse_game_id(42)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789x:,_abcyz!-Q ", max_size=40))
def test_any_text_either_reads_or_says_why(text):
    try:
        puzzle = parse_game_id(text)
    except GameIdError as error:
        assert str(error)
    else:
        assert parse_game_id(format_game_id(puzzle)) == puzzle
