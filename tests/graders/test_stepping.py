"""The step recorder (sys.settrace, bounded by a count of steps, no clock): lines, locals, errors, endless loops."""
from __future__ import annotations

import sys

from graders.stepping import Recording, record_call


def total(numbers):
    result = 0
    for n in numbers:
        result += n
    return result


def forever(n):
    while n > 0:
        n += 1
    return n


def divide(a, b):
    half = a / 2
    return half / b


def helper_loop(n):
    return forever(n)


def lines_of(recording: Recording) -> list[int]:
    first = total.__code__.co_firstlineno
    return [step.line - first for step in recording.steps if step.event == "line"]


def test_each_line_is_recorded_with_the_locals_at_that_moment():
    recording = record_call(total, ([2, 3],))
    assert recording.finished and recording.result == "5" and recording.value == 5
    assert lines_of(recording) == [1, 2, 3, 2, 3, 2, 4]
    before_return = [s for s in recording.steps if s.event == "line"][-1]
    assert dict(before_return.local_values) == {"numbers": "[2, 3]", "result": "5", "n": "3"}
    assert recording.steps[-1].event == "return" and recording.steps[-1].note == "5"


def test_an_exception_is_recorded_as_what_it_is():
    recording = record_call(divide, (4, 0))
    assert not recording.finished and recording.error == "ZeroDivisionError: float division by zero"
    assert [s.event for s in recording.steps][-2:] == ["exception", "return"]
    assert "ZeroDivisionError" in [s for s in recording.steps if s.event == "exception"][0].note


def test_an_endless_loop_stops_at_the_step_limit():
    recording = record_call(forever, (1,), max_steps=50)
    assert recording.endless and not recording.finished and recording.error is None
    assert len([s for s in recording.steps if s.event == "line"]) == 50


def test_a_loop_in_a_called_function_is_bounded_too_and_its_steps_are_deeper():
    recording = record_call(helper_loop, (1,), max_steps=30)
    assert recording.endless
    assert {s.depth for s in recording.steps} == {0, 1}


def test_without_keep_nothing_is_stored_but_the_bound_holds():
    recording = record_call(forever, (1,), max_steps=100, keep=False)
    assert recording.endless and recording.steps == ()


def test_printed_output_is_caught_and_the_old_trace_function_comes_back():
    def noisy(x):
        print("x is", x)
        return x

    before = sys.gettrace()
    recording = record_call(noisy, (3,))
    assert recording.printed == "x is 3\n"
    assert sys.gettrace() is before
