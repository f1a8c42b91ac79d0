"""Interchange for real: Tatham's own tents program (Debian sgt-puzzles) loads and solves our game IDs.

`sgt-tents --generate 1 --save FILE ID` runs without a display: it checks the ID with the
program's own validate_desc and saves the game; with --with-solutions it also runs the
program's solver on it and saves the solution as a move `S;Tx,y;...`.
"""
from __future__ import annotations

import subprocess

import pytest

from tents import Difficulty, format_game_id, generate
from tests.tents.helpers import sgt_tents, tatham_fixtures

OURS = [(w, h, d, seed) for (w, h) in [(4, 4), (6, 9), (10, 10), (15, 15), (20, 20), (5, 17)]
        for d in Difficulty for seed in (0, 1, 2)]


def tatham(game_id: str, tmp_path, solve: bool) -> tuple[subprocess.CompletedProcess, dict[str, str]]:
    """Run Tatham's program on a game ID and read back the fields of the game it saved."""
    prefix = tmp_path / "saved"
    command = [sgt_tents(), "--generate", "1", "--save", str(prefix), game_id]
    if solve:
        command.insert(-1, "--with-solutions")
    result = subprocess.run(command, capture_output=True, text=True, timeout=600)
    saved = tmp_path / "saved0"
    fields = {}
    if saved.exists():
        for line in saved.read_text().splitlines():
            key, _, value = line.split(":", 2)
            fields[key.strip()] = value
    return result, fields


def tents_of(move: str) -> list[tuple[int, int]]:
    """The tents of Tatham's solve move `S;T<x>,<y>;...`, as (row, column)."""
    cells = [part[1:].split(",") for part in move.split(";")[1:]]
    return sorted((int(y), int(x)) for x, y in cells)


@pytest.mark.parametrize(("width", "height", "difficulty", "seed"), OURS)
def test_tathams_program_loads_our_ids_and_agrees_on_the_solution(width, height, difficulty, seed,
                                                                   tmp_path):
    made = generate(width, height, difficulty, seed)
    game_id = format_game_id(made.puzzle)
    loaded, fields = tatham(game_id, tmp_path, solve=False)
    assert loaded.returncode == 0, loaded.stderr
    assert f"{width}x{height}:{fields['DESC']}" == game_id
    solved, fields = tatham(game_id, tmp_path, solve=True)
    if difficulty is Difficulty.EASY:  # Tatham's easy solver knows all our easy rules
        assert solved.returncode == 0, solved.stderr
    if solved.returncode == 0:
        assert tents_of(fields["SOLVE"]) == list(made.solution.tents)
    else:  # our hard rules go further than Tatham's solver: it says so, and finds no other answer
        assert "Unable to find a unique solution" in solved.stderr


def test_tathams_program_refuses_a_broken_id_like_we_do(tmp_path):
    broken = tatham_fixtures()[2][0].replace(",", "a,", 1)  # one run too many
    result, _ = tatham(broken, tmp_path, solve=False)
    assert result.returncode != 0 and "Too much data to fill grid" in result.stderr


def test_the_fixture_ids_still_come_out_of_tathams_program(tmp_path):
    # the committed fixtures are what the program writes for those seeds
    game_id, difficulty, tents = tatham_fixtures()[3]
    size = game_id.split(":")[0]
    seed = "tents-fixture-3"
    prefix = tmp_path / "fixture"
    subprocess.run([sgt_tents(), "--generate", "1", "--save", str(prefix), "--with-solutions",
                    f"{size}d{difficulty[0]}#{seed}"], check=True, capture_output=True, timeout=600)
    fields = dict(line.split(":", 2)[0::2] for line in (tmp_path / "fixture0").read_text().splitlines())
    fields = {key.strip(): value for key, value in fields.items()}
    assert f"{size}:{fields['DESC']}" == game_id
    assert tents_of(fields["SOLVE"]) == tents
