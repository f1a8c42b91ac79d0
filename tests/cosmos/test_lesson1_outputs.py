"""Every output of lesson 1 comes out of the engine's real functions exactly."""
from __future__ import annotations

import re

import pytest

from tests.cosmos import lesson1_programs as programs
from tests.reference import lesson1_fact, lesson1_outputs

OUTPUTS = lesson1_outputs()


def block(prefix: str) -> str:
    """The one output block whose heading starts with prefix."""
    (match,) = [text for heading, text in OUTPUTS.items() if heading.startswith(prefix)]
    return match


@pytest.mark.parametrize(
    ("heading", "program"),
    [
        ("seeds and shuffle", programs.seeds_and_shuffle),
        ("lanes kept sorted", programs.lanes_kept_sorted),
        ("two islands", programs.two_islands),
        ("the whole galaxy from one seed", programs.whole_galaxy),
        ("planets with weights", programs.planets_with_weights),
        ("predict the output", programs.predict_the_output),
    ],
)
def test_program_prints_the_lessons_output(heading, program):
    assert program() == block(heading)


def test_every_reference_block_is_covered():
    covered = ["seeds and shuffle", "lanes kept sorted", "two islands",
               "the whole galaxy from one seed", "planets with weights", "predict the output",
               "find the bug"]
    for heading in OUTPUTS:
        assert sum(heading.startswith(prefix) for prefix in covered) == 1, heading
    assert len(OUTPUTS) == len(covered)


def test_find_the_bug_one_lane_short_of_a_tree_disconnects_some_galaxies():
    buggy = programs.connect_variant("range(1, count)", "range(1, count - 1)")
    assert programs.connected_of_200(buggy) == block("find the bug")


def test_without_the_tree_the_extra_lanes_alone_connect_what_the_lesson_says():
    expected = int(lesson1_fact(r"extra lanes only\): (\d+) of 200").group(1))
    no_tree = programs.connect_variant("range(1, count)", "range(1, 1)")
    line = programs.connected_of_200(no_tree)
    assert int(re.search(r"connected (\d+) of", line).group(1)) == expected
