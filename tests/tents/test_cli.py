"""The command line, run as students run it: `python -m tents ...` in a fresh process."""
from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET

from tents import Difficulty, format_game_id, generate, to_text
from tents.cli import main
from tests.tents.helpers import BEYOND_RULES, TWO_PAIRINGS, run_cli


def test_generate_prints_the_puzzle_of_the_issue_command():
    result = run_cli("generate", "--size", "8x8", "--seed", "42", "--difficulty", "hard")
    made = generate(8, 8, Difficulty.HARD, 42)
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout == ("Tents 8x8, hard, seed 42\n\n" + to_text(made.puzzle)
                             + f"\nGame ID: {format_game_id(made.puzzle)}\n")


def test_generate_with_solution_id_and_svg(tmp_path):
    made = generate(10, 6, Difficulty.EASY, 7)
    out = run_cli("generate", "--size", "10x6", "--seed", "7", "--solution").stdout
    assert out.endswith("\nSolution:\n\n" + to_text(made.puzzle, made.solution.tents))
    only_id = run_cli("generate", "--size", "10x6", "--seed", "7", "--id")
    assert only_id.stdout == format_game_id(made.puzzle) + "\n"
    picture = tmp_path / "p.svg"
    run_cli("generate", "--size", "10x6", "--seed", "7", "--svg", str(picture), "--solution", "--id")
    root = ET.fromstring(picture.read_text())
    assert len([e for e in root.iter() if e.tag.endswith("polygon")]) == 2 * made.puzzle.total


def test_solve_prints_the_solution_and_how_it_was_found():
    made = generate(8, 8, Difficulty.HARD, 42)
    result = run_cli("solve", format_game_id(made.puzzle))
    assert result.stdout == ("One solution (the hard rules find it):\n\n"
                             + to_text(made.puzzle, made.solution.tents))


def test_solve_json_is_exactly_the_agreed_shape():
    made = generate(8, 8, Difficulty.HARD, 42)
    result = run_cli("solve", format_game_id(made.puzzle), "--json")
    assert result.returncode == 0
    expected = {"solutions": 1, "tents": [list(cell) for cell in made.solution.tents]}
    assert json.loads(result.stdout) == expected
    assert result.stdout == json.dumps(expected) + "\n"
    assert result.stdout.startswith('{"solutions": 1, "tents": [[')


def run_here(*args: str) -> tuple[int, str, str]:
    """The command line in this process (faster), with its output captured."""
    out, err = io.StringIO(), io.StringIO()
    code = main(list(args), out, err)
    return code, out.getvalue(), err.getvalue()


def test_solve_says_why_there_is_no_solution():
    code, out, _ = run_here("solve", "4x4:_b_gc,1,0,1,0,1,0,1,0")
    assert code == 0 and out == "No solution: the clues ask for 2 tents but there are 4 trees.\n"
    assert run_here("solve", "4x4:_b_gc,1,0,1,0,1,0,1,0", "--json")[1] == '{"solutions": 0, "tents": []}\n'


def test_solve_says_why_there_is_more_than_one():
    code, out, _ = run_here("solve", TWO_PAIRINGS)
    assert out.startswith("More than one solution: the tents are the same, but the trees at")
    assert out.count("  ^") == 8  # two solutions shown, four tents each
    assert run_here("solve", TWO_PAIRINGS, "--json")[1] == '{"solutions": 2, "tents": []}\n'
    _, out, _ = run_here("solve", "4x4:acj,1,0,1,0,1,1,0,0")
    assert "one solution has tents at" in out


def test_solve_finds_a_solution_the_rules_alone_cannot():
    _, out, _ = run_here("solve", BEYOND_RULES)
    assert out.startswith("One solution (the rules alone do not finish it; the search found it):")


def test_bad_input_gets_a_message_and_exit_code_2_without_a_traceback():
    result = run_cli("solve", "8x8:icq__bgbcmaaf,2,1,1,2,1,2,2,1,1,2,1,2,1,2,0,3")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("python -m tents: error: bad game ID: the grid code describes more")
    assert "Traceback" not in result.stderr
    for args, words in [(("generate", "--size", "3x8"), "width must be from 4 to 20, not 3"),
                        (("generate", "--size", "eight"), "should look like 8x8"),
                        (("solve", "25x4:_,0"), "width must be from 4 to 20, not 25")]:
        code, out, err = run_here(*args)
        assert code == 2 and words in err and out == ""


def test_unwritable_svg_file_is_reported(tmp_path):
    code, _, err = run_here("generate", "--svg", str(tmp_path / "no" / "such" / "dir.svg"))
    assert code == 2 and "cannot write" in err


def test_argparse_refuses_unknown_difficulty_and_missing_command():
    result = run_cli("generate", "--difficulty", "medium")
    assert result.returncode == 2 and "invalid choice: 'medium'" in result.stderr
    assert run_cli().returncode == 2
