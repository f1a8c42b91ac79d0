"""A hidden check's verdict is one of a few fixed texts: a submission that fails it in ways of its own choosing
(an exception type or message picked from the input, a type named after it, output printed) reads exactly the
same results as any other that fails it the same broad way. Graded for real, beside the reference."""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.exercise import Exercise
from graders.grading import limits_for
from graders.notebook import write_notebook
from graders.scoring import HIDDEN_TEXT
from graders_instructor.grading.batch import grade_all
from tests.graders.grader_helpers import verdict_text

pytestmark = pytest.mark.slow

# each one tries to carry the hidden input out through what the student reads of the verdict
RAISES_A_TYPE_PICKED_BY_THE_INPUT = """
import builtins, sys
KINDS = [getattr(builtins, name) for name in sorted(dir(builtins)) if name.endswith("Error")]

def islands(n, lanes):
    print("input:", n, lanes)
    print(repr(lanes)[:50], file=sys.stderr)
    raise KINDS[(n * 7 + len(lanes)) % len(KINDS)](f"n={n} lanes={lanes!r}"[:200])
"""
RAISES_ITS_OWN_CLASS_NAMED_AFTER_THE_INPUT = """
def islands(n, lanes):
    Leak = type(f"Leak_{n}_{len(lanes)}", (Exception,), {})
    raise Leak(repr(lanes))
"""
RETURNS_A_TYPE_NAMED_AFTER_THE_INPUT = """
def islands(n, lanes):
    return type(f"Input_{n}_{len(lanes)}", (), {})()
"""
RETURNS_THE_INPUT_AS_THE_WRONG_TYPE = """
def islands(n, lanes):
    return [n, lanes]
"""


def hidden_part(results: dict) -> list[tuple]:
    """What a student reads of the hidden checks: every field of every hidden test."""
    return [tuple(sorted(test.items())) for test in results["tests"] if test["name"].startswith("hidden: ")]


def test_failing_hidden_checks_in_chosen_ways_reads_the_same(islands: Exercise, tmp_path: Path) -> None:
    sources = {
        "picked-builtin": RAISES_A_TYPE_PICKED_BY_THE_INPUT,
        "own-class": RAISES_ITS_OWN_CLASS_NAMED_AFTER_THE_INPUT,
        "named-type": RETURNS_A_TYPE_NAMED_AFTER_THE_INPUT,
        "wrong-type": RETURNS_THE_INPUT_AS_THE_WRONG_TYPE,
    }
    paths = [write_notebook(tmp_path / f"{name}.ipynb", [source]) for name, source in sources.items()]
    graded = grade_all(islands, [*paths, islands.reference], tmp_path / "out", 2, limits_for(islands))
    results = {submission.ident: data for submission, data in graded}
    assert results["reference"]["score"] == islands.max_score
    raised, own, named, wrong = (results[name] for name in sources)
    hidden_count = sum(check.hidden for check in islands.checks)
    assert len(hidden_part(raised)) == hidden_count
    assert hidden_part(raised) == hidden_part(own)  # byte for byte, whatever was raised, printed or named
    assert hidden_part(named) == hidden_part(wrong)
    assert {verdict_text(test["output"]) for test in raised["tests"] if test["name"].startswith("hidden: islands")} == {
        HIDDEN_TEXT["error"]}  # (the exercise's other functions are not defined here: a fixed text of their own)
    assert {verdict_text(test["output"]) for test in named["tests"] if test["name"].startswith("hidden: islands")} == {
        HIDDEN_TEXT["wrong type"].format(returns=islands.contract["islands"].returns)}
    assert raised["output"] == own["output"] and named["output"] == wrong["output"]  # the run's summary too
    public = [test["output"] for test in raised["tests"] if test["name"].startswith("public: ")]
    assert any("n=" in text for text in public)  # public checks still say what was raised, and why
