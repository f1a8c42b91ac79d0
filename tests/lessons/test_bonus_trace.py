"""The bonus lesson's trace: the real solver's steps, recorded as plain data by a hook that changes nothing."""
from __future__ import annotations

import dataclasses
import json

import pytest

from lessons.kit.seeit import line_of
from lessons.kit.tents_seeit import RULE_FUNCTIONS, frames, lit_line, rule_function
from tents import Difficulty, generate, parse_game_id
from tents.board import Board, Mark
from tents.hint import explain
from tents.rules import EASY_RULES
from tents.solver import ALL_RULES, propagate, solve_board
from tents.trace import record

CASES = [(7, Difficulty.HARD, 1), (8, Difficulty.EASY, 2026), (6, Difficulty.HARD, 3)]


@pytest.fixture(scope="module", params=CASES, ids=lambda case: f"{case[0]}x{case[0]}-{case[1].value}-{case[2]}")
def made_and_trace(request):
    size, level, seed = request.param
    made = generate(size, size, level, seed)
    return made, record(made.puzzle)


def test_the_trace_is_plain_data_and_the_same_every_time(made_and_trace):
    made, trace = made_and_trace
    as_data = [dataclasses.asdict(step) for step in trace.steps]
    assert json.loads(json.dumps(as_data)) == json.loads(json.dumps(as_data, sort_keys=True))
    assert record(made.puzzle) == trace


def test_the_steps_end_in_the_generators_solution(made_and_trace):
    made, trace = made_and_trace
    last = trace.steps[-1]
    assert trace.level is made_grade(made)
    assert last.all_tents == made.solution.tents
    assert last.unknown == 0 and last.paired == made.puzzle.total
    assert [step.number for step in trace.steps] == list(range(1, len(trace.steps) + 1))


def made_grade(made):
    return solve_board(made.puzzle)[1]


def test_each_step_only_adds_facts_and_shows_what_it_added(made_and_trace):
    made, trace = made_and_trace
    tents, grass, unknown = set(), set(), made.puzzle.width * made.puzzle.height - made.puzzle.total
    for step in trace.steps:
        assert set(step.all_tents) == tents | set(step.tents)
        assert set(step.all_grass) == grass | set(step.grass)
        assert step.unknown == unknown - len(step.tents) - len(step.grass)
        assert step.tents or step.grass or step.pairs  # every recorded step changed the board
        tents, grass, unknown = set(step.all_tents), set(step.all_grass), step.unknown


def test_the_reasons_are_the_hints_words_for_the_board_before_the_step():
    made = generate(7, 7, Difficulty.HARD, 1)
    seen = []
    board = Board.start(made.puzzle)
    before = [board.copy()]

    def watch(rule, deduction, now):
        seen.append((rule.__name__, explain(deduction, before[-1])))
        before.append(now.copy())

    propagate(board, EASY_RULES, watch=watch)
    if not board.is_complete():
        propagate(board, ALL_RULES, watch=watch)
    assert [(s.function, s.reason) for s in record(made.puzzle).steps] == seen


def test_watching_changes_nothing():
    for size, level, seed in CASES:
        puzzle = generate(size, size, level, seed).puzzle
        plain, watched = solve_board(puzzle)[0], solve_board(puzzle, watch=lambda *_: None)[0]
        assert plain.cells == watched.cells and plain.partner == watched.partner


def test_a_puzzle_the_rules_cannot_finish_stops_with_no_level():
    stuck = parse_game_id("7x7:_kc_hbhce_,1,2,1,1,1,2,1,2,1,1,1,1,2,1")
    trace = record(stuck)
    assert trace.level is None and trace.steps and trace.steps[-1].unknown > 0
    board = solve_board(stuck)[0]
    assert board.cells.count(Mark.UNKNOWN) == trace.steps[-1].unknown


def test_every_frame_shows_the_picture_the_counters_and_the_rules_code_with_its_yield_lit(made_and_trace):
    _made, trace = made_and_trace
    shown = frames(trace)
    assert len(shown) == len(trace.steps) + 1
    assert all('<img src="data:image/svg+xml;base64,' in frame and "<svg" not in frame for frame in shown)
    assert all('class="cosmos-counters"' in frame for frame in shown)
    for step, frame in zip(trace.steps, shown[1:], strict=True):
        function = rule_function(step)
        assert function is RULE_FUNCTIONS[step.function] and function in ALL_RULES
        assert lit_line(step) == line_of(function, "yield Deduction(")
        assert f"&#9654;{lit_line(step):>4} " in frame and "yield Deduction(" in frame
        assert f"deduction</span> <b>{step.number} of {len(trace.steps)}</b>" in frame
