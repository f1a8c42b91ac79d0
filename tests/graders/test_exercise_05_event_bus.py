"""The Event bus exercise and the class check kind: scripts on one instance, logged by the probe."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest

from graders import probe
from graders.exercise import ExerciseError, Kind, load_exercise
from graders.grading import job_for, limits_for
from graders.scoring import judge_result
from graders_instructor.grading.batch import grade_all

EXERCISE = "05-event-bus"


@pytest.fixture(scope="module")
def bus_exercise():
    """The exercise with its hidden checks."""
    return load_exercise(EXERCISE)


@pytest.fixture(scope="module")
def reference() -> dict:
    """The reference solution's names, from the script that writes its notebook."""
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "graders_instructor" / "hidden" / EXERCISE / "make_notebooks.py"
    spec = importlib.util.spec_from_file_location("make_notebooks_05", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    names: dict = {}
    exec(module.REFERENCE + "\n" + module.ROLL + "\n" + module.TURNS, names)
    return names


def test_the_contract_has_a_class_and_its_checks_are_scripts(bus_exercise) -> None:
    contract = bus_exercise.contract["EventBus"]
    assert contract.kind is Kind.CLASS and contract.methods == ("subscribe", "publish")
    assert str(contract.returns) == "list[str]"
    scripts = [check for check in bus_exercise.checks if check.call == "EventBus"]
    assert scripts and all(check.kind == "class" for check in scripts)
    assert {check.kind for check in bus_exercise.checks if check.call == "roll"} == {"function"}
    assert len([c for c in bus_exercise.checks if c.hidden]) > len([c for c in bus_exercise.checks if not c.hidden])


def test_no_expected_value_enters_the_sandbox(bus_exercise) -> None:
    job = json.dumps(job_for(bus_exercise.checks, ["pass"], limits_for(bus_exercise)))
    for check in bus_exercise.checks:
        for expected in check.expected:
            if isinstance(expected, list) and expected:
                assert json.dumps(expected[-1])[1:-1] not in job, check.name


def test_the_reference_log_is_what_the_public_checks_expect(bus_exercise, reference) -> None:
    for check in bus_exercise.checks:
        result = probe.run_check(reference, check.kind, check.call, check.payload)
        verdict = judge_result(check, bus_exercise.contract[check.call], json.loads(json.dumps(result)))
        assert verdict.passed, (check.name, verdict.text)


def test_the_order_of_the_phases_changes_the_game_in_the_turn_task(bus_exercise, reference) -> None:
    turn_checks = [check for check in bus_exercise.checks if check.call == "run_turns" and not check.hidden]
    assert len(turn_checks) == 3
    args = [json.loads(check.payload) for check in turn_checks]
    assert all(arg[1:] == args[0][1:] for arg in args)  # the same fleets and turns, three orders of phases
    logs = [reference["run_turns"](*arg) for arg in args]
    assert len({tuple(log) for log in logs}) == 3
    assert logs[0][-1] == "turn 2: battle at 2, won by owner 1"  # building first: the defender has 4 ships
    assert logs[1][-1] == "turn 2: battle at 2, nobody won"  # battle before the second build: 3 against 3
    assert not any("battle" in line for line in logs[2])  # fight before move: the arrival is not fought yet
    orders = {tuple(json.loads(check.payload)[0]) for check in bus_exercise.checks if check.call == "run_turns"}
    assert len(orders) == 6  # every order of the three phases is graded somewhere
    assert {"order", "fleets", "turns"} == set(bus_exercise.contract["run_turns"].params)


def test_a_listener_that_publishes_is_logged_with_what_it_raised(reference) -> None:
    script = {"args": [], "script": [
        ["subscribe", ["a", {"listener": "loud", "calls": ["publish", ["b", {}]]}]],
        ["publish", ["a", {"n": 1}]],
        ["publish", ["b", [1, 2]]],
    ]}
    assert probe.run_script(reference["EventBus"], script) == [
        'loud heard "a" {"n": 1}', "loud: publish raised RuntimeError", "publish raised RuntimeError"]


def test_the_log_shows_foreign_objects_only_by_their_type() -> None:
    class AlwaysEqual:
        def __eq__(self, other: object) -> bool:
            return True

    class Cheat:
        def __init__(self) -> None:
            self.heard = []

        def subscribe(self, kind, listener):
            self.heard.append(listener)
            return AlwaysEqual()

        def publish(self, kind, data):
            for listener in self.heard:
                listener(AlwaysEqual(), data)

    log = probe.run_script(Cheat, {"args": [], "script": [
        ["subscribe", ["a", {"listener": "x"}]], ["publish", ["a", {"k": [1, "two"]}]]]})
    assert log == ['subscribe -> "<AlwaysEqual>"', 'x heard "<AlwaysEqual>" {"k": [1, "two"]}']
    assert all(type(line) is str for line in log)


def test_an_endless_log_is_too_large_not_a_crash() -> None:
    class Echo:
        def subscribe(self, kind, listener):
            self.listener = listener

        def publish(self, kind, data):
            while True:
                try:
                    self.listener(kind, data)
                except Exception:
                    pass

    result = probe.run_check({"Echo": Echo}, "class", "Echo", json.dumps({"args": [], "script": [
        ["subscribe", ["a", {"listener": "x"}]], ["publish", ["a", {}]]]}))
    assert result == {"status": "too large"}


def write_exercise(folder: Path, contract: dict, check: dict) -> Path:
    """A one-check exercise in a folder of its own."""
    folder.mkdir(parents=True)
    (folder / "n.ipynb").write_text("{}")
    (folder / "exercise.json").write_text(json.dumps({
        "format": 1, "title": "t", "notebook": "n.ipynb", "limits": {}, "contract": contract, "checks": [check]}))
    return folder


BUS = {"kind": "class", "methods": ["subscribe", "publish"]}
GOOD = {"name": "c", "call": "B", "script": [["publish", ["a", {}]]], "expect": []}


@pytest.mark.parametrize(("contract", "check", "complaint"), [
    ({"B": {"kind": "class"}}, GOOD, "names its public methods"),
    ({"B": {**BUS, "returns": "int"}}, GOOD, "no returns"),
    ({"B": {**BUS, "methods": ["_secret"]}}, GOOD, "names its public methods"),
    ({"B": BUS}, {**GOOD, "script": [["delete", []]]}, "a step is [method, [args]]"),
    ({"B": BUS}, {**GOOD, "script": []}, 'needs "script"'),
    ({"B": BUS}, {**GOOD, "stdin": "x"}, 'needs "script"'),
    ({"B": BUS}, {**GOOD, "script": [["publish", [{"listener": 3}]]]}, "a step is"),
    ({"B": BUS}, {**GOOD, "script": [["publish", [{"listener": "x", "calls": ["nope", []]}]]]}, "a step is"),
    ({"B": BUS}, {**GOOD, "expect": [3]}, "expected answer"),
    ({"B": {"kind": "function", "returns": "int", "methods": ["a"]}}, GOOD, "only a class has methods"),
])
def test_validation_refuses_malformed_class_checks(tmp_path: Path, contract, check, complaint) -> None:
    folder = write_exercise(tmp_path / "05-x", contract, check)
    with pytest.raises(ExerciseError, match=complaint.replace("[", r"\[").replace("]", r"\]")):
        load_exercise(folder, hidden=False)


def test_a_well_formed_class_check_shows_its_script_to_the_student(tmp_path: Path) -> None:
    check = {**GOOD, "script": [["subscribe", ["*", {"listener": "log", "calls": ["publish", ["b", {}]]}]],
                                ["publish", ["a", {"x": 1}]]]}
    loaded = load_exercise(write_exercise(tmp_path / "05-y", {"B": BUS}, check), hidden=False)
    shown = loaded.checks[0].shown_input()
    assert shown.startswith("bus = B()")
    assert 'bus.subscribe("*", <listener log that calls publish("b", {})>)' in shown
    assert 'bus.publish("a", {"x": 1})' in shown


# what each known-wrong solution must fail, at least
MUST_FAIL = {
    "wildcard-first": "public: bus: wildcard listeners hear every event, after the specific ones",
    "newest-listener-first": "public: bus: two listeners of one kind hear it in the order they subscribed",
    "one-listener-per-kind": "public: bus: two listeners of one kind hear it in the order they subscribed",
    "wildcard-only-when-nobody-else": "public: bus: wildcard listeners hear every event, after the specific ones",
    "no-reentry-guard": "public: bus: publishing while handling is refused, and the bus works afterwards",
    "guard-stuck-after-error": "hidden: bus: a refused event leaves no listener stuck",
    "reentry-silently-dropped": "public: bus: publishing while handling is refused, and the bus works afterwards",
    "roll-off-by-one": "public: roll: the first roll of the second event",
    "roll-not-end-to-end": "public: roll: the last roll of the last event",
    "roll-last-event-by-default": "public: roll: a roll past the table is no event",
    "turn-phases-in-a-fixed-order": "public: turn: move, fight, build: the battle comes before the second build, a tie",
    "turn-move-straight-to-target": "public: turn: build, move, fight: the defender builds twice and wins the battle "
                                    "of arrival",
    "turn-tie-won-by-first-owner": "public: turn: move, fight, build: the battle comes before the second build, a tie",
    "turn-destroyed-fleets-still-build": "hidden: turn: a destroyed fleet on its target builds no more",
}


@pytest.mark.slow
def test_the_sandbox_grades_the_reference_full_and_every_wrong_solution_down(bus_exercise, tmp_path: Path) -> None:
    wrong = bus_exercise.wrong_solutions
    assert sorted(p.stem for p in wrong) == sorted(MUST_FAIL) and len(wrong) >= 8
    paths = [bus_exercise.reference, bus_exercise.notebook, *wrong]
    graded = dict(zip(paths, (data for _, data in grade_all(
        bus_exercise, paths, tmp_path, 2, limits_for(bus_exercise), StringIO())), strict=True))
    full = bus_exercise.max_score
    assert graded[bus_exercise.reference]["score"] == full
    assert graded[bus_exercise.reference]["extra_data"]["outcome"] == "passed"
    assert graded[bus_exercise.notebook]["score"] == 0
    for path in wrong:
        data = graded[path]
        failed = {test["name"] for test in data["tests"] if test["status"] != "passed"}
        assert 0 < data["score"] < full, path.name
        assert MUST_FAIL[path.stem] in failed, (path.name, sorted(failed))
        parts = {part for part in ("bus", "roll", "turn") if any(f": {part}:" in name for name in failed)}
        assert parts == {path.stem.split("-")[0] if path.stem.startswith(("roll", "turn")) else "bus"}, path.name
    hidden_outputs = [t["output"] for d in graded.values() for t in d["tests"] if t["name"].startswith("hidden:")]
    assert all("expected" not in text and "heard" not in text for text in hidden_outputs)


def test_the_starters_first_cell_names_only_the_listeners_the_engine_installs():
    """Exercise 05's first cell: the engine subscribes the news and the statistics (no battle report)."""
    import inspect

    import nbformat

    from cosmos import turn

    starter = Path(__file__).resolve().parents[2] / "exercises" / "05-event-bus" / "event_bus.ipynb"
    first = nbformat.read(starter, as_version=4).cells[0].source
    assert "battle\nreport" not in first and "battle report" not in first
    assert "two listeners, the news and the statistics" in first
    installed = inspect.getsource(turn.install_listeners)
    assert installed.count("world.bus.subscribe(") == 2
