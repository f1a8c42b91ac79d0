"""The research-plan exercise: its data is consistent, and the sandbox grades every known solution as expected."""

from __future__ import annotations

import json

import pytest

from cosmos.data import TECHS
from cosmos.tech import research_order
from graders.exercise import EXERCISES, Kind, load_exercise
from graders.grading import limits_for
from graders_instructor.grading.batch import grade_all

pytestmark = pytest.mark.slow

NAME = "02-research-plan"
# score out of 46, and checks each bug must fail (a part of the name is enough) or must still pass
EXPECTED = {
    "reference": (46, [], ["cycle of 12", "chain of 3000"]),
    "cycle-backwards": (36, ["the cycle of the contract", "a cycle of 12"], ["a cycle of 2", "the Stargate"]),
    "cycle-names-every-stuck-one": (41, ["the program: the cycle of the contract"], ["find_cycle: a cycle of 12"]),
    "cycle-not-detected": (39, ["the program: a cycle of 1", "the program: a cycle of 12"],
                           ["find_cycle: a cycle of 5"]),
    "dfs-order": (33, ["ties follow the input order", "the game's tree, the Stargate"],
                  ["a goal with no prerequisites"]),
    "fifo-queue": (38, ["the game's tree, the Stargate", "random tree of 300"], ["research_plan: the example"]),
    "goal-missing": (24, ["a goal without prerequisites", "total_science: the game's tree"], ["tiers"]),
    "recursive-ancestors": (44, ["research_plan: a chain of 3000", "the program: a chain of 3000"],
                            ["random tree of 300"]),
    "ties-by-name": (33, ["research_plan: the example", "ties follow the input order"], ["a chain of 3000"]),
    "unknown-names-unchecked": (43, ["a typo in a prerequisite", "a goal that is not in the list"], ["a cycle of 8"]),
    "whole-tree": (29, ["the goal needs only part of the tree", "siege engines"], ["the Stargate"]),
}


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """results.json of the reference and of every known-wrong solution, graded in the real sandbox."""
    exercise = load_exercise(NAME)
    out = tmp_path_factory.mktemp("research-plan")
    results = grade_all(exercise, [exercise.reference, *exercise.wrong_solutions], out, jobs=2,
                        limits=limits_for(exercise))
    return {submission.ident: result for submission, result in results}


def test_every_contract_name_has_public_and_hidden_checks() -> None:
    exercise = load_exercise(NAME)
    assert set(exercise.contract) == {"research_plan", "main", "tiers", "total_science", "find_cycle"}
    assert exercise.contract["main"].kind is Kind.PROGRAM
    public = [check for check in exercise.checks if not check.hidden]
    hidden = [check for check in exercise.checks if check.hidden]
    for name in exercise.contract:
        assert any(check.call == name for check in public), name
        assert any(check.call == name for check in hidden), name
    assert exercise.max_score == len(exercise.checks) == 46


def test_the_public_plan_for_the_stargate_is_the_engines_research_order() -> None:
    data = json.loads((EXERCISES / NAME / "exercise.json").read_text(encoding="utf-8"))
    check = next(c for c in data["checks"] if c["name"] == "research_plan: the game's tree, the Stargate")
    assert check["args"][0] == [[tech.key, list(tech.needs)] for tech in TECHS]
    assert check["expect"] == [TECHS[i].key for i in research_order()]


def test_the_hidden_checks_hold_what_the_issue_asks_for() -> None:
    hidden = json.loads((load_exercise(NAME).hidden_folder / "hidden.json").read_text(encoding="utf-8"))
    names = [check["name"] for check in hidden["checks"]]
    for length in (1, 12):
        assert f"the program: a cycle of {length}" in names
    assert any("chain of 3000" in name for name in names)
    assert any("unknown" in name or "typo" in name for name in names)
    assert any("a goal with no prerequisites" in name for name in names)
    sizes = [len(check["args"][0]) for check in hidden["checks"] if check["call"] == "research_plan"]
    assert 300 in sizes


def test_the_students_folder_holds_nothing_hidden() -> None:
    folder = EXERCISES / NAME
    assert sorted(p.name for p in folder.iterdir()) == ["exercise.json", "research-plan.ipynb"]
    text = "".join(p.read_text(encoding="utf-8") for p in folder.iterdir())
    hidden = json.loads((load_exercise(NAME).hidden_folder / "hidden.json").read_text(encoding="utf-8"))
    for check in hidden["checks"]:
        assert check["name"] not in text
    assert "heapq.heappop" not in text  # no solution in the starter


def test_the_issue_names_the_known_wrong_solutions() -> None:
    wrong = {p.stem for p in (load_exercise(NAME).hidden_folder / "wrong").glob("*.ipynb")}
    assert wrong == set(EXPECTED) - {"reference"}
    assert len(wrong) >= 8


@pytest.mark.parametrize("ident", sorted(EXPECTED))
def test_the_sandbox_grades_each_known_solution_as_expected(graded: dict[str, dict], ident: str) -> None:
    score, must_fail, must_pass = EXPECTED[ident]
    result = graded[ident]
    assert result["max_score"] == 46
    assert result["score"] == score
    failed = [t["name"] for t in result["tests"] if t["score"] < t["max_score"]]
    passed = [t["name"] for t in result["tests"] if t["score"] == t["max_score"]]
    for part in must_fail:
        assert any(part in name for name in failed), (ident, part)
    for part in must_pass:
        assert any(part in name for name in passed), (ident, part)
    if ident == "reference":
        assert failed == [] and result["extra_data"]["outcome"] == "passed"
