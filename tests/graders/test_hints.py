"""Hints of the exercises' checks: on (nearly) every check, never a hidden check's data, shown under a failure."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from graders.exercise import load_exercise
from graders.scoring import Outcome, Verdict, results
from graders_instructor.authoring.hints import hint_problems, leaked, with_hints
from graders_instructor.commands import main

ROOT = Path(__file__).resolve().parents[2]
EXERCISES = sorted(path.parent.name for path in (ROOT / "exercises").glob("*/exercise.json"))


@pytest.mark.parametrize("name", EXERCISES)
def test_every_check_has_a_hint_and_no_hidden_hint_gives_its_check_away(name):
    public = ROOT / "exercises" / name / "exercise.json"
    hidden = ROOT / "graders_instructor" / "hidden" / name / "hidden.json"
    assert hint_problems(public, hidden) == []
    checks = json.loads(public.read_text())["checks"] + json.loads(hidden.read_text())["checks"]
    assert all(check["hint"].strip() for check in checks)


@pytest.mark.parametrize("name", EXERCISES)
def test_every_public_hint_points_to_a_section_of_its_lesson_that_exists(name):
    for check in json.loads((ROOT / "exercises" / name / "exercise.json").read_text())["checks"]:
        section = check["hint"].split("section \u201c")[1].rstrip("\u201d.")
        lessons = "".join(path.read_text() for path in (ROOT / "lessons").glob("*.md"))
        assert f"## {section}\n" in lessons, (name, section)


def test_a_hint_that_holds_a_hidden_input_or_answer_is_refused(tmp_path):
    public = tmp_path / "exercise.json"
    hidden = tmp_path / "hidden.json"
    public.write_text(json.dumps({"checks": [{"name": "p", "call": "f", "args": [1], "expect": 2, "hint": "h"}]}))
    check = {"name": "secret", "call": "f", "args": [[3, 4, 5]], "expect": [9, 9, 9]}
    for hint, bad in [("Try [3, 4, 5] again.", True), ("The answer is [9,9,9].", True),
                      ("Think of a longer list.", False)]:
        hidden.write_text(json.dumps({"checks": [{**check, "hint": hint}]}))
        problems = hint_problems(public, hidden)
        assert bool(problems) is bad, (hint, problems)
        if bad:
            assert problems[0].startswith("the hint of hidden check 'secret' gives away its input or answer")
    assert leaked({**check, "hint": "(9, 9, 9)?"}, set()) == ["(9,9,9)"]


def test_too_few_hints_are_refused(tmp_path):
    public = tmp_path / "exercise.json"
    public.write_text(json.dumps({"checks": [{"name": str(i), "call": "f", "args": [i], "expect": i}
                                             for i in range(10)]}))
    assert hint_problems(public, None) == ["only 0 of 10 checks have a hint (at least 90% should)"]


def test_validate_refuses_before_grading_when_a_hint_leaks(tmp_path, monkeypatch, capsys):
    import graders_instructor.authoring.hints

    monkeypatch.setattr(graders_instructor.authoring.hints, "hint_problems",
                        lambda *_: ["the hint of hidden check 'x' gives away"])
    assert main(["validate", "01-islands"]) == 1
    assert "NOT valid: fix the hints first" in capsys.readouterr().out


def test_with_hints_adds_the_hint_of_the_call():
    checks = with_hints([{"name": "a", "call": "f"}, {"name": "b", "call": "g"}], {"f": "nudge"})
    assert checks == [{"name": "a", "call": "f", "hint": "nudge"}, {"name": "b", "call": "g"}]


def test_a_failed_checks_hint_shows_in_results_and_the_self_check_report():
    from graders.selfcheck import report

    exercise = load_exercise("01-islands", hidden=False)
    verdicts = [Verdict(i != 0, "ok" if i else "expected something else") for i in range(len(exercise.checks))]
    data = results(exercise, verdicts, Outcome.FAILED, "")
    first = data["tests"][0]
    assert first["output"].endswith("hint: " + exercise.checks[0].hint)
    assert "hint:" not in data["tests"][1]["output"]
    assert "hint: Start a breadth-first search" in report(data, exercise.title)
