"""Tents and trees: seeded puzzles with exactly one solution, a grading solver, hints, pictures, play.

The widget (tents.widget) needs ipywidgets and is imported on its own.
"""
from __future__ import annotations

from tents.gameid import GameIdError, format_game_id, parse_game_id
from tents.generate import Generated, GenerationError, generate
from tents.grid import Cell, Difficulty, Puzzle, PuzzleError, Solution, problems
from tents.hint import Hint, HintKind, next_hint, steps
from tents.play import Button, Check, Game, PlayerMark
from tents.render import to_svg, to_text
from tents.rules import Rule
from tents.solver import Grading, Outcome, count_solutions, grade, solutions
from tents.verdict import Verdict, judge

__all__ = [
    "Button", "Cell", "Check", "Difficulty", "Game", "GameIdError", "Generated", "GenerationError",
    "Grading", "Hint", "HintKind", "Outcome", "PlayerMark", "Puzzle", "PuzzleError", "Rule",
    "Solution", "Verdict", "count_solutions", "format_game_id", "generate", "grade", "judge",
    "next_hint", "parse_game_id", "problems", "solutions", "steps", "to_svg", "to_text",
]
