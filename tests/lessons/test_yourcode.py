"""Step through your own code: frames from one recorded run of a student's function."""
from __future__ import annotations

from lessons.kit.player import StepPlayer
from lessons.kit.yourcode import frames_of, step_through


def count_up(n):
    total = 0
    for i in range(n):
        total += i
    return total


def stuck(n):
    while n != 0:
        n -= 2
    return n


def test_each_frame_lights_the_line_and_shows_the_locals():
    frames = frames_of(count_up, (2,))
    first_line = count_up.__code__.co_firstlineno
    assert len(frames) == 8  # 7 lines (the loop header three times) and the return
    assert f"Line {first_line + 1} in count_up runs next." in frames[0]
    assert "no local variables yet" not in frames[1] and "total" in frames[1]
    assert f"&#9654;{first_line + 1:>4}" in frames[0]
    assert "count_up(2) returns 1." in frames[-1]


def test_an_exception_is_shown_as_what_it_is():
    def parts(items):
        return items[3]

    frames = frames_of(parts, ([1],))
    assert "raises IndexError: list index out of range" in frames[-2]
    assert "parts([1]) stops with IndexError: list index out of range" in frames[-1]


def test_an_endless_loop_is_stopped_and_called_one():
    frames = frames_of(stuck, (3,), max_steps=60)
    assert len(frames) == 60
    assert "stopped here, after 60 steps" in frames[-1]


def test_the_player_shows_the_last_frame_before_a_kernel_runs():
    player = step_through(count_up, 3)
    assert isinstance(player, StepPlayer)
    html = player._repr_mimebundle_()["text/html"]
    assert "your count_up, step by step" in html and "count_up(3) returns 3." in html


def test_the_exercises_step_cell_shows_the_player_in_a_kernel_with_the_lesson_kit():
    import graders

    assert isinstance(graders.step_through(count_up, 3), StepPlayer)
