"""Hostile submissions, graded for real in the sandbox as part of the batch of 60 submissions."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from graders.exercise import Exercise, load_exercise
from graders.scoring import Outcome
from graders.values import show
from tests.graders.grader_helpers import Batch, verdict_text
from tests.graders.hostile_submissions import attacks

NAMES = sorted(attacks([], load_exercise("01-islands"), Path("/out"), 0, "", Path("/marker")))
HIDDEN_TEXT = re.compile(  # a hidden check says one of a few fixed things (graders/scoring.py, HIDDEN_TEXT)
    "|".join(
        [
            r"passed",
            r"wrong answer",
            r"wrong type: the answer must be [\w\[\], ]+",
            r"error: the call raised an exception, or its answer could not be read",
            r"timeout: the check did not finish in time \(an endless loop\?\)",
            r"the kernel died \(os\._exit, a crash, or a resource limit\)",
            r"not run: the (notebook did not get that far \(see the summary\)|notebook could not be read"
            r"|grader could not read the report|grader could not grade this submission)",  # graders/grading.py
            r"`\w+` is not defined in the notebook as a function",
        ]
    )
)

pytestmark = pytest.mark.slow


def text_of(results: dict) -> str:
    """Everything a student reads in a results.json."""
    return "\n".join([results["output"], *(f"{t['name']}\n{t['output']}" for t in results["tests"])])


@pytest.mark.parametrize("name", NAMES)
def test_attack_ends_with_a_fair_score_and_a_clear_message(islands_batch: Batch, name: str) -> None:
    attack = islands_batch.attacks[name]
    results = islands_batch.results[name]
    assert Outcome(results["extra_data"]["outcome"]) in attack.outcomes, results["output"]
    assert results["score"] <= attack.max_score < results["max_score"]
    assert attack.says in text_of(results)
    assert len(results["tests"]) == 30
    assert results["score"] == sum(test["score"] for test in results["tests"])


def test_a_loop_on_large_inputs_loses_exactly_those_checks(islands_batch: Batch) -> None:
    results = islands_batch.results["loop-on-large-input"]
    failed = {test["name"]: verdict_text(test["output"]) for test in results["tests"] if test["status"] == "failed"}
    assert failed == {
        "hidden: islands: a chain of 3000 systems (deep for recursion)": (
            "timeout: the check did not finish in time (an endless loop?)"
        )
    }
    assert results["score"] == 29


def test_a_kernel_that_dies_in_a_check_keeps_the_answers_before_it(islands_batch: Batch) -> None:
    results = islands_batch.results["os-exit-in-a-check"]
    statuses = [test["status"] for test in results["tests"]]
    assert statuses == ["passed"] * 8 + ["failed"] * 22
    assert all("the kernel died" in test["output"] for test in results["tests"][8:])
    assert results["extra_data"]["outcome"] == "kernel died"


def test_no_connection_leaves_the_sandbox(islands_batch: Batch) -> None:
    assert islands_batch.connections == 0


def test_forged_files_and_output_change_nothing(islands_batch: Batch) -> None:
    assert not islands_batch.marker.exists()
    results = islands_batch.results["forged-results"]
    assert results["score"] == 0 and len(results["tests"]) == 30
    summary = (islands_batch.out / "summary.csv").read_text().splitlines()
    assert any(line.startswith("forged-results,") and ",0,30," in line for line in summary)


def test_no_process_outlives_its_sandbox(islands_batch: Batch) -> None:
    assert islands_batch.leaks == []


def test_hidden_checks_never_show_inputs_or_expected_values(islands_batch: Batch, islands: Exercise) -> None:
    def shown(hidden: bool) -> set[str]:
        return {show(e) for check in islands.checks if check.hidden == hidden for e in check.expected}

    secrets = {secret for secret in shown(True) - shown(False) if len(secret) >= 8}
    assert len(secrets) >= 10
    for name, results in islands_batch.results.items():
        for test in results["tests"]:
            if test["name"].startswith("hidden: "):
                assert HIDDEN_TEXT.fullmatch(verdict_text(test["output"])), (name, test["output"])
        text = text_of(results)
        leaked = [secret for secret in secrets if secret in text]
        assert not leaked, (name, leaked)
