"""Choose (lesson 4): the reference scores full marks in the sandbox, every known-wrong solution
loses the checks its bug should lose, and the student's folder holds nothing hidden."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from graders.exercise import EXERCISES, load_exercise
from tests.graders.grader_helpers import graders_cli

pytestmark = pytest.mark.slow

# each known-wrong solution, and a check (by the start of its name) that its bug must fail
CAUGHT_BY = {
    "ties-in-input-order": "choose: equal utilities: ties by name",
    "ties-by-name-backwards": "choose: equal utilities: ties by name",
    "stops-at-first-too-expensive": "choose: an expensive best option is skipped",
    "weights-ignored": "choose: the character changes the order",
    "benefit-minus-cost": "choose: 10000 random options",
    "free-options-crash": "choose: a free option",
    "free-options-last": "choose: free options come first, by name",
    "worthless-options-taken": "choose: a free option worth nothing is not chosen",
    "budget-must-stay-positive": "choose: the option that uses the budget exactly",
    "integer-division": "choose: utilities that integer division would make equal",
    "spent-counts-the-budget": "the program: 60 random options",
}


def test_the_students_folder_holds_nothing_hidden() -> None:
    folder = EXERCISES / "04-choose"
    assert sorted(p.name for p in folder.iterdir()) == ["choose.ipynb", "exercise.json"]
    text = (folder / "exercise.json").read_text() + (folder / "choose.ipynb").read_text()
    hidden = json.loads((load_exercise("04-choose").hidden_folder / "hidden.json").read_text())
    for check in hidden["checks"]:
        assert check["name"] not in text


def test_hidden_checks_cover_the_hard_cases() -> None:
    choose = load_exercise("04-choose")
    hidden = [c for c in choose.checks if c.hidden]
    assert any(c.call == "main" for c in hidden)
    calls = [json.loads(c.payload) for c in hidden if c.call == "choose"]
    sizes = [len(options) for options, _weights, _budget in calls]
    assert max(sizes) == 10_000 and min(sizes) == 0
    assert any(budget == 0 for _options, _weights, budget in calls)  # an empty budget
    assert any(o[3] == 0 for options, _weights, _budget in calls for o in options)  # free options
    utilities = [sorted(w[o[1]] * o[2] / o[3] for o in options if o[3]) for options, w, _budget in calls]
    assert any(len(u) != len(set(u)) for u in utilities)  # equal utilities


def test_reference_and_every_wrong_solution_graded_in_the_sandbox(tmp_path: Path) -> None:
    choose = load_exercise("04-choose")
    wrong = sorted((choose.hidden_folder / "wrong").glob("*.ipynb"))
    assert sorted(p.stem for p in wrong) == sorted(CAUGHT_BY) and len(wrong) >= 8
    out = tmp_path / "out"
    done = graders_cli("grade", "04-choose", str(choose.reference), *map(str, wrong), "--out", str(out),
                       "--jobs", "2", cwd=tmp_path)
    assert done.returncode in (0, 1), done.stdout + done.stderr
    results = {p.parent.name: json.loads(p.read_text()) for p in out.glob("*/results.json")}
    assert len(results) == len(wrong) + 1, sorted(results)
    reference = next(r for name, r in results.items() if name.startswith("reference"))
    assert reference["score"] == reference["max_score"] == choose.max_score
    for path in wrong:
        result = next(r for name, r in results.items() if name.startswith(path.stem))
        assert result["score"] < choose.max_score, path.stem
        failed = [t["name"] for t in result["tests"] if t["score"] < t["max_score"]]
        assert any(CAUGHT_BY[path.stem] in name for name in failed), (path.stem, failed)

