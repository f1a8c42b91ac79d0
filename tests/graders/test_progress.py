"""Progress kept outside the notebook: atomic writes, damaged files set aside, answers brought back, reset."""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from cosmos.graph import has_lane
from graders import progress
from graders.__main__ import main
from graders.progress import Tracker, course_lines, load, progress_path, save, user_data_dir
from graders.progress_view import CourseProgress, Overview
from graders.quizzes import Choice, Computed, FillTheGap, FindTheBug, MultipleChoice, PredictOutput, QuizSet, hint_rows


@pytest.fixture
def home(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(progress, "TRACKER", Tracker())
    progress.TRACKER.open_lesson("99-test")
    return tmp_path / "epic-cosmos" / "progress.json"


def stored(path: Path) -> dict:
    return json.loads(path.read_text())


def question() -> MultipleChoice:
    return MultipleChoice("Which is two?", [Choice("1", "one less"), Choice("2", "yes"), Choice("3", "more")],
                          Computed(lambda: "2"))


def test_the_file_lives_beside_the_games_saves(tmp_path):
    assert progress_path({"XDG_DATA_HOME": str(tmp_path)}) == tmp_path / "epic-cosmos" / "progress.json"
    assert user_data_dir({}).parts[-3:] == (".local", "share", "epic-cosmos")


def test_save_writes_atomically_and_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "deep" / "progress.json"
    save(path, {"format": 1, "lessons": {}, "exercises": {"x": {"score": 1, "max_score": 2}}})
    save(path, {"format": 1, "lessons": {}, "exercises": {}})
    assert stored(path)["exercises"] == {}
    assert [p.name for p in path.parent.iterdir()] == ["progress.json"]


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"format": 99, "lessons": {}, "exercises": {}}',
                                     '{"format": 1, "lessons": {"a": 3}, "exercises": {}}'])
def test_a_damaged_file_is_set_aside_with_a_message_and_progress_starts_afresh(tmp_path, content):
    path = tmp_path / "progress.json"
    path.write_text(content)
    data, message = load(path)
    assert data == {"format": 1, "lessons": {}, "exercises": {}}
    assert "damaged" in message and "progress.json.damaged" in message
    assert (tmp_path / "progress.json.damaged").read_text() == content
    path.write_text(content)
    assert "progress.json.damaged-2" in load(path)[1]


def test_a_quiz_answer_is_kept_and_brought_back_after_a_restart(home):
    box = question().widget()
    box.radio.index = 0
    box.button.click()
    assert not box.verdict.correct
    box.radio.index = 1
    box.button.click()
    [part] = stored(home)["lessons"]["99-test"]["parts"].values()
    assert part["answer"] == 1 and part["correct"] is True and part["kind"] == "quiz"
    progress.TRACKER = Tracker()  # a new kernel: nothing in memory
    progress.TRACKER.open_lesson("99-test")
    again = question().widget()
    assert again.radio.index == 1
    assert again.verdict.correct and "Right" in again.feedback.value


def test_every_kind_of_quiz_brings_back_its_answer(home):
    predict = PredictOutput("print(2 + 2)", {"22": "joined as text"}, {})
    gap = FillTheGap("def has_lane(systems, a, b):\n    return b in systems[___].links\n", has_lane,
                     {"a lane": ([type("S", (), {"links": [1]})(), type("S", (), {"links": [0]})()], 0, 1)},
                     hint="Which system's list?")

    box = predict.widget()
    box.radio.index = box.radio.options.index("4")
    box.button.click()
    gbox = gap.widget()
    gbox.field.value = "a"
    gbox.button.click()
    assert gbox.verdict.correct
    again, gagain = predict.widget(), gap.widget()
    assert again.radio.value == "4" and again.verdict.correct
    assert gagain.field.value == "a" and gagain.verdict.correct


def test_find_the_bug_brings_back_the_line_clicked(home):
    from cosmos.graph import insert_sorted
    from graders.quizzes import hide, variant

    buggy = variant(insert_sorted, hide("at -= 1", "at -= 2"))
    quiz = FindTheBug(buggy, insert_sorted, "xs = [1, 5]\ninsert_sorted(xs, 3)\nprint(xs)")
    box = quiz.widget()
    box.lines.pick(quiz.bug_line)
    assert box.verdict.correct
    assert quiz.widget().lines.value == quiz.bug_line


def test_the_overview_counts_the_lessons_parts_and_resets_them(home):
    view = Overview("99-test", progress.TRACKER)
    assert "0 of 0" in view.summary.value
    QuizSet([question()])
    assert "0 of 1" in view.summary.value
    box = question().widget()
    box.radio.index = 1
    box.button.click()
    assert "1 of 1" in view.summary.value and "1 tried" in view.summary.value
    view.reset_button.click()
    assert "99-test" in stored(home)["lessons"]  # one press only asks
    view.reset_button.click()
    assert "99-test" not in stored(home)["lessons"]
    assert "0 of 1" in view.summary.value


def test_the_overview_names_the_parts_still_to_do_and_counts_hints_in_the_right_number(home):
    view = Overview("99-test", progress.TRACKER)
    QuizSet([question()])
    assert "Still to do: Which is two?." in view.summary.value
    assert "0 hints opened" in view.summary.value
    progress.TRACKER.hint_opened(question().widget().part_id)
    assert "1 hint opened" in view.summary.value
    box = question().widget()
    box.radio.index = 1
    box.button.click()
    assert "Still to do" not in view.summary.value  # the one part is done right


def test_a_long_title_is_cut_at_a_word_boundary():
    title = "Which of these lanes does the spanning tree keep when the galaxy has eighteen stars in it?"
    short = progress.short_title(title)
    assert short.endswith("\u2026") and title.startswith(short[:-1]) and title[len(short) - 1] == " "
    assert "1 hint opened" in course_lines({"lessons": {"a": {"parts": {"p": {"hints": 1}}}}, "exercises": {}}, [])[0]


def test_the_reset_buttons_are_as_wide_as_their_labels(home):
    assert Overview("99-test", progress.TRACKER).reset_button.layout.width == "auto"
    assert CourseProgress(progress.TRACKER).reset_button.layout.width == "auto"


def test_the_overviews_stored_picture_does_not_depend_on_the_progress(home):
    before = Overview("99-test", progress.TRACKER)._repr_mimebundle_()["text/html"]
    box = question().widget()
    box.radio.index = 1
    box.button.click()
    assert Overview("99-test", progress.TRACKER)._repr_mimebundle_()["text/html"] == before


def test_a_damaged_file_never_stops_a_lesson_and_the_overview_says_so(home):
    home.parent.mkdir(parents=True)
    home.write_text("{oops")
    box = question().widget()  # registering reads the damaged file
    assert box.verdict is None
    view = Overview("99-test", progress.TRACKER)
    assert "damaged" in view.summary.value
    box.radio.index = 1
    box.button.click()
    assert stored(home)["lessons"]["99-test"]["parts"]


def test_the_course_view_lists_lessons_and_exercise_scores(home):
    progress.TRACKER.record_exercise("01-islands", 3, 5)
    box = question().widget()
    box.radio.index = 1
    box.button.click()
    lines = course_lines(stored(home), ["01-galaxy", "99-test"])
    assert lines == ["01-galaxy: not started", "99-test: 1 of 1 parts done right, 1 tried, 0 hints opened",
                     "exercise 01-islands: last self-check 3/5"]
    view = CourseProgress(progress.TRACKER)
    assert "exercise 01-islands: last self-check 3/5" in view.listing.value
    view.reset_button.click()
    view.reset_button.click()
    assert stored(home) == {"format": 1, "lessons": {}, "exercises": {}}


def test_the_command_line_shows_and_resets_progress(home, capsys):
    progress.TRACKER.record_exercise("01-islands", 2, 4)
    assert main(["progress"]) == 0
    assert "exercise 01-islands: last self-check 2/4" in capsys.readouterr().out
    assert main(["progress", "--reset"]) == 0
    out = capsys.readouterr().out
    assert "forgot the progress of the whole course" in out and "exercise 01-islands" not in out


def test_progress_that_cannot_be_written_is_kept_in_memory_and_the_overview_says_so(tmp_path, monkeypatch):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the data folder should be: nothing can be written under it")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    monkeypatch.setattr(progress, "TRACKER", Tracker())
    progress.TRACKER.open_lesson("99-test")
    box = question().widget()
    box.radio.index = 1
    box.button.click()  # the write fails: no exception reaches the widget
    assert box.verdict.correct
    assert "cannot be written" in progress.TRACKER.notice and "only while this kernel runs" in progress.TRACKER.notice
    assert "cannot be written" in Overview("99-test", progress.TRACKER).summary.value
    again = question().widget()  # the cell run again in the same kernel: the answer comes back from memory
    assert again.radio.index == 1 and again.verdict is not None and again.verdict.correct
    progress.TRACKER.record_exercise("01-islands", 1, 2)
    assert progress.TRACKER.read()["exercises"] == {"01-islands": {"score": 1, "max_score": 2}}


def test_in_the_site_progress_is_in_the_browsers_storage_and_said_so():
    from lite.build import lite_config

    env = lite_config()["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    path = progress_path(env["loadPyodideOptions"]["env"])
    assert progress.in_browser_storage(path)  # the kernel's /drive: the site's files, kept by the browser
    assert progress.where(path) == ("this browser's storage for this site (the file data/epic-cosmos/progress.json "
                                    "in the file browser), kept when the page is closed")
    assert "private window" in progress.unsaved_notice(path, OSError(28, "Invalid argument"))
    assert "Invalid argument" in progress.unsaved_notice(path, OSError(28, "Invalid argument"))
    assert progress.where(Path("/home/ada/.local/share/epic-cosmos/progress.json")).startswith("/home/ada/")


def test_a_browser_that_keeps_no_site_data_gets_one_message_and_the_lesson_goes_on(monkeypatch):
    # what the site's /drive answers when the page has no service worker (a private window): EINVAL, for reads too
    def refused(*_args, **_kwargs):
        raise OSError(28, "Invalid argument")

    monkeypatch.setattr(progress, "read_bounded", refused)
    monkeypatch.setattr(progress, "save", refused)
    tracker = Tracker(path_of=lambda: Path("/drive/data/epic-cosmos/progress.json"))
    tracker.open_lesson("99-test")
    assert tracker.register("p1", "choice", "Which is two?") is None
    assert tracker.notice.startswith("This browser does not let the site keep your progress")
    tracker.record("p1", answer=1, correct=True)
    assert tracker.read()["lessons"]["99-test"]["parts"]["p1"]["correct"] is True
    assert "until this page is closed or reloaded" in tracker.notice


def test_a_part_done_right_once_stays_done_when_it_is_judged_wrong_later(home):
    # after a page reload, Run All judges a task's starter again (what the student typed is gone with the page)
    tracker = progress.TRACKER
    tracker.register("task1", "task", "write count_lanes")
    tracker.record("task1", correct=True)
    tracker.record("task1", correct=False)
    record = stored(home)["lessons"]["99-test"]
    assert record["parts"]["task1"]["correct"] is False  # the latest verdict, as the widget shows it
    assert progress.lesson_counts(record) == (1, 1, 1)
    assert course_lines(stored(home), [])[0].startswith("99-test: 1 of 1 parts done right")


GOOD = '{"format": 1, "lessons": {}, "exercises": {"x": {"score": 1, "max_score": 2}}}'


def test_a_file_nested_too_deep_for_the_json_reader_is_set_aside(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text("[" * 200_000 + "]" * 200_000)
    data, message = load(path)
    assert data == {"format": 1, "lessons": {}, "exercises": {}} and "damaged" in message
    assert (tmp_path / "progress.json.damaged").stat().st_size == 400_000


def test_a_link_in_place_of_the_file_is_set_aside_not_followed(tmp_path):
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text(GOOD)
    path = tmp_path / "progress.json"
    path.symlink_to(elsewhere)
    data, message = load(path)
    assert data["exercises"] == {} and "damaged" in message
    assert (tmp_path / "progress.json.damaged").is_symlink() and elsewhere.read_text() == GOOD


def test_a_fifo_in_place_of_the_file_never_hangs_and_is_set_aside(tmp_path):
    import threading

    path = tmp_path / "progress.json"
    os.mkfifo(path)
    results: list = []
    reader = threading.Thread(target=lambda: results.append(load(path)), daemon=True)
    reader.start()
    reader.join(30)
    hung = reader.is_alive()
    if hung:  # let the blocked reader go before failing
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    assert not hung and results and "damaged" in results[0][1]
    assert stat.S_ISFIFO((tmp_path / "progress.json.damaged").lstat().st_mode)


def test_a_file_larger_than_any_progress_is_set_aside_unread(tmp_path):
    path = tmp_path / "progress.json"
    with path.open("w") as out:
        out.write(GOOD)
        out.write(" " * (progress.MAX_BYTES + 1))
    data, message = load(path)
    assert data["exercises"] == {} and "damaged" in message


def test_a_tiered_hint_shows_one_tier_per_press_and_comes_back_as_far_as_it_was_opened(home):
    tiers = ("Which system has the lane in its list?", "For systems 0 and 1 linked, the list of 0 holds 1.",
             "return b in systems[a].links")
    gap = FillTheGap("def has_lane(systems, a, b):\n    return b in systems[___].links\n", has_lane,
                     {"a lane": ([type("S", (), {"links": [1]})(), type("S", (), {"links": [0]})()], 0, 1)},
                     hint=tiers)
    [row] = hint_rows(gap.widget())
    assert row.text.value == "" and row.button.description == "Hint (1 of 3)"
    row.button.click()
    assert tiers[0] in row.text.value and tiers[1] not in row.text.value and "Hint 1 of 3" in row.text.value
    assert row.button.description == "Next hint (2 of 3)"
    row.button.click()
    assert tiers[1] in row.text.value and tiers[2] not in row.text.value
    [part] = stored(home)["lessons"]["99-test"]["parts"].values()
    assert part["hints"] == 2
    progress.TRACKER = Tracker()  # a new kernel: the page comes back with two tiers open, not three
    progress.TRACKER.open_lesson("99-test")
    [again] = hint_rows(gap.widget())
    assert tiers[1] in again.text.value and tiers[2] not in again.text.value
    assert stored(home)["lessons"]["99-test"]["parts"][part_id_of(gap)]["hints"] == 2  # bringing back counts nothing
    again.button.click()
    assert tiers[2] in again.text.value and again.button.disabled and again.button.description == "No more hints"
    again.button.click()  # a disabled button pressed anyway (a test can) adds nothing
    assert stored(home)["lessons"]["99-test"]["parts"][part_id_of(gap)]["hints"] == 3


def test_a_single_hint_keeps_its_plain_label():
    [row] = hint_rows(FillTheGap("x = ___\n", lambda: 1, {}, hint="Think of one.").widget())
    assert row.button.description == "Hint"
    row.button.click()
    assert "Hint: Think of one." in row.text.value and row.button.disabled


def part_id_of(quiz) -> str:
    return quiz.widget().part_id
