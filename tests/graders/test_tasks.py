"""Small coding tasks: judged by behaviour on the lesson's objects, the failing input named, verdicts kept."""
from __future__ import annotations

import json

import pytest

from cosmos.galaxy import StarSystem
from cosmos.graph import add_lane, has_lane, insert_sorted
from graders import progress
from graders.progress import Tracker
from graders.tasks import Task, behaves_like, untouched


def chain() -> list[StarSystem]:
    systems = [StarSystem(i, "", i * 10, 0) for i in range(3)]
    add_lane(systems, 0, 1)
    return systems


CASES = {"systems 1 and 2 (joined)": (chain(), 0, 1), "systems 1 and 3 (not joined)": (chain(), 0, 2)}


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(progress, "TRACKER", Tracker())
    progress.TRACKER.open_lesson("99-test")
    return tmp_path / "epic-cosmos" / "progress.json"


def test_a_right_function_passes():
    def has_lane(systems, a, b):
        return a in systems[b].links

    assert behaves_like(has_lane, globals()["has_lane"], CASES).correct


def test_a_wrong_function_gets_the_failing_input_named():
    def mine(systems, a, b):
        return True

    verdict = behaves_like(mine, has_lane, CASES)
    assert verdict.message == "For systems 1 and 3 (not joined) yours gives True, the game's has_lane gives False."


def test_a_crash_and_an_endless_loop_are_named_as_such():
    def crashes(systems, a, b):
        return systems[a].lanes

    def loops(systems, a, b):
        while True:
            pass

    assert behaves_like(crashes, has_lane, CASES).message.startswith(
        "For systems 1 and 2 (joined) yours stops with AttributeError:")
    assert "never stops" in behaves_like(loops, has_lane, CASES).message


def test_not_a_function_yet_says_so():
    assert "has_lane is not a function yet" in behaves_like(None, has_lane, CASES).message


def test_a_function_that_changes_its_arguments_is_judged_by_what_it_changed():
    cases = {"3 into [1, 5]": lambda: ([1, 5], 3)}

    def appends(items, value):
        items.append(value)

    verdict = behaves_like(appends, insert_sorted, cases, observe=lambda _r, args: args[0])
    assert verdict.message == "For 3 into [1, 5] yours gives [1, 5, 3], the game's insert_sorted gives [1, 3, 5]."


def test_the_check_shows_its_verdict_in_the_task_and_keeps_it(home):
    task = Task("Say whether two systems share a lane.", has_lane, CASES, hint="Look at one list of links.")
    box = task.widget()

    def wrong(systems, a, b):
        return False

    result = task.judge(wrong)
    assert "yours gives False" in result._repr_html_()
    assert box.verdict is result.verdict
    [part] = json.loads(home.read_text())["lessons"]["99-test"]["parts"].values()
    assert part["kind"] == "task" and part["correct"] is False
    progress.TRACKER = Tracker()
    progress.TRACKER.open_lesson("99-test")
    again = Task("Say whether two systems share a lane.", has_lane, CASES).widget()
    assert "Last time you checked: For systems 1 and 2 (joined) yours gives False" in again.feedback.value


def test_the_untouched_starter_is_not_judged_and_not_recorded_as_tried(home):
    task = Task("Say whether two systems share a lane.", has_lane, CASES, hint="Look at one list of links.")
    box = task.widget()

    def starter(systems, a, b):
        ...  # your code here

    result = task.judge(starter)
    assert "Not tried yet" in result._repr_html_() and "#475569" in result._repr_html_()
    assert box.verdict is None
    parts = json.loads(home.read_text())["lessons"]["99-test"]["parts"] if home.exists() else {}
    assert all(p.get("correct") is None for p in parts.values())

    def written(systems, a, b):
        pass  # a body that does something is judged, even when it is wrong
        return None

    assert "yours gives None" in task.judge(written)._repr_html_()
    [part] = json.loads(home.read_text())["lessons"]["99-test"]["parts"].values()
    assert part["correct"] is False


def test_only_a_body_of_dots_pass_or_a_docstring_counts_as_untouched():
    def stub(a):
        """Doc."""
        ...

    def passes(a):
        pass

    def written(a):
        return a

    assert untouched(stub) and untouched(passes)
    assert not untouched(written) and not untouched(len) and not untouched(lambda a: a)


def test_the_tasks_text_never_holds_its_answer():
    task = Task("Say whether two systems share a lane.", has_lane, CASES)
    html = task.widget()._repr_mimebundle_()["text/html"]
    assert "links" not in html and "return" not in html


def test_a_recorded_task_names_the_failing_input_and_the_recorded_result():
    from graders.tasks import Recorded, recorded_results

    stored = recorded_results()["count_lanes"]
    cases = {case: (chain(),) for case in stored}  # the arguments are not run against anything: only yours are

    def none_yet(systems):
        return None

    first = next(iter(stored))
    verdict = behaves_like(none_yet, Recorded("count_lanes"), cases)
    assert verdict.message == f"For {first} yours gives None, the expected count_lanes gives {stored[first]}."
    with pytest.raises(LookupError, match="no result for count_lanes on 'a case nobody recorded'.*make_tasks"):
        behaves_like(none_yet, Recorded("count_lanes"), {"a case nobody recorded": (chain(),)})


def neighbours(systems, a):
    return sorted(systems[a].links)


def test_items_that_say_they_equal_anything_are_not_the_right_answer():
    class Agrees:
        def __eq__(self, other):
            return True

        __hash__ = object.__hash__

    def mine(systems, a):
        return [Agrees() for _ in systems[a].links]

    verdict = behaves_like(mine, neighbours, {"system 1": (chain(), 0), "system 2": (chain(), 1)})
    assert not verdict.correct and "For system 1 yours gives" in verdict.message


def test_a_function_that_reads_the_judges_frames_never_finds_the_expected_value():
    import sys

    def mine(systems, a):
        frame = sys._getframe(1)
        while frame is not None:
            for value in frame.f_locals.values():
                if isinstance(value, list) and value and all(type(item) is int for item in value):
                    return value
            frame = frame.f_back
        return []

    cases = {"system 1": (chain(), 0), "system 2": (chain(), 1), "system 3": (chain(), 2)}
    verdict = behaves_like(mine, neighbours, cases)
    assert not verdict.correct and "For system 1 yours gives []" in verdict.message
