"""The in-notebook quizzes: keys come from running code (or a hash), and the widgets judge clicks."""
from __future__ import annotations

import inspect

import pytest

from cosmos.galaxy import StarSystem, connect, pick_weighted
from cosmos.graph import add_lane, bfs, is_connected
from cosmos.rng import Random
from graders.quizzes import (
    Choice,
    Computed,
    FillTheGap,
    FindTheBug,
    Hashed,
    MultipleChoice,
    PredictOutput,
    QuizSet,
    answer_digest,
    hide,
    run_snippet,
    seeded_order,
    variant,
)

RING = """systems = [StarSystem(i, "", i * 10, 0) for i in range(6)]
for a, b in [(0, 1), (1, 2), (2, 3), (0, 4), (4, 3), (3, 5)]:
    add_lane(systems, a, b)
print(*bfs(systems, 0).dist)
"""
GRAPH = {"StarSystem": StarSystem, "add_lane": add_lane, "bfs": bfs}
PROGRAM = """ok = 0
for seed in range(1, 41):
    rng = Random(seed)
    systems = [StarSystem(i, "", 12 * (i % 5) + rng.next_int(6), 4 * (i // 5)) for i in range(14)]
    connect(systems, rng)
    ok += is_connected(systems)
print(f"connected {ok} of 40")
"""
PROGRAM_NS = {"Random": Random, "StarSystem": StarSystem, "is_connected": is_connected}


def planets_question(key) -> MultipleChoice:
    return MultipleChoice("roll 55?", [Choice("1", "why-1"), Choice("2", "why-2"),
                                       Choice("3", "why-3")], key)


class FixedRoll:
    def __init__(self, roll: int) -> None:
        self.roll = roll

    def next_int(self, n: int) -> int:
        return self.roll


def test_run_snippet_returns_what_was_printed_and_leaves_the_namespace_alone():
    names = {"x": 2}
    assert run_snippet("x += 1\nprint(x)", names) == "3\n"
    assert names == {"x": 2}


def test_hashed_key_judges_and_gives_each_options_feedback():
    quiz = planets_question(Hashed(answer_digest("roll 55?", "2")))
    assert quiz.check(1) == quiz.check(1) and quiz.check(1).correct
    assert quiz.check(1).message == "Right. why-2"
    assert not quiz.check(0).correct and quiz.check(0).message == "Not quite. why-1"
    assert not quiz.check(None).correct and "Pick" in quiz.check(None).message


def test_a_key_must_match_exactly_one_option():
    with pytest.raises(ValueError, match="matches 0 options"):
        planets_question(Hashed(answer_digest("roll 55?", "4")))
    with pytest.raises(ValueError, match="same text"):
        MultipleChoice("q", [Choice("a"), Choice("a")], Computed(lambda: "a"))


def test_a_computed_key_follows_the_code():
    for roll, planets in ((0, "1"), (55, "2"), (99, "3")):
        key = Computed(lambda r=roll: str(pick_weighted(FixedRoll(r), [30, 45, 25]) + 1))
        quiz = planets_question(key)
        assert [quiz.check(i).correct for i in range(3)] == [p == planets for p in "123"]


def test_predict_the_output_expects_what_the_code_prints():
    quiz = PredictOutput(RING, {"1 2 3 3 2 4": "from 0", "0 1 2 3 1 4": "both ways"}, GRAPH)
    assert quiz.expected == " ".join(map(str, run_and_bfs()))
    assert sorted(quiz.choices) == sorted({quiz.expected, "1 2 3 3 2 4", "0 1 2 3 1 4"})
    right = quiz.choices.index(quiz.expected)
    assert quiz.check(right).correct
    wrong = quiz.choices.index("0 1 2 3 1 4")
    assert quiz.check(wrong).message == "Not quite. both ways"


def run_and_bfs() -> list[int]:
    systems = [StarSystem(i, "", i * 10, 0) for i in range(6)]
    for a, b in [(0, 1), (1, 2), (2, 3), (0, 4), (4, 3), (3, 5)]:
        add_lane(systems, a, b)
    return bfs(systems, 0).dist


def test_changing_the_snippet_changes_the_key():
    offered = {"0 1 2 2 1 3": "", "0 1 2 2 1 2": ""}
    before = PredictOutput(RING, offered, GRAPH)
    after = PredictOutput(RING.replace("(3, 5)", "(1, 5)"), offered, GRAPH)
    assert sorted(before.choices) == sorted(after.choices) == ["0 1 2 2 1 2", "0 1 2 2 1 3"]
    assert before.check(before.choices.index("0 1 2 2 1 3")).correct
    assert not before.check(before.choices.index("0 1 2 2 1 2")).correct
    assert after.check(after.choices.index("0 1 2 2 1 2")).correct
    assert not after.check(after.choices.index("0 1 2 2 1 3")).correct


def test_predict_the_output_offers_its_options_in_a_seeded_shuffled_order():
    offered = {"1 2 3 3 2 4": "a", "0 1 2 3 1 4": "b", "0 1 2 2 1 2": "c", "0 1 1 2 1 3": "d"}
    quizzes = [PredictOutput(RING, offered, GRAPH, seed=seed) for seed in range(12)]
    again = [PredictOutput(RING, offered, GRAPH, seed=seed) for seed in range(12)]
    assert [q.choices for q in quizzes] == [q.choices for q in again]  # the same on every run
    assert all(sorted(q.choices) == sorted(quizzes[0].choices) for q in quizzes)
    places = {q.choices.index(q.expected) for q in quizzes}
    assert len(places) >= 3, places  # the right output wanders: not always first, not always last
    assert any(q.choices != sorted(q.choices) for q in quizzes)
    assert PredictOutput(RING, offered, GRAPH).choices == quizzes[0].choices  # seed 0 by default


def test_seeded_order_depends_only_on_seed_salt_and_texts():
    texts = [f"option {i}" for i in range(8)]
    assert seeded_order(texts, 3) == seeded_order(list(reversed(texts)), 3)
    assert sorted(seeded_order(texts, 3)) == sorted(texts)
    assert len({tuple(seeded_order(texts, seed)) for seed in range(6)}) == 6
    assert seeded_order(texts, 3, "one quiz") != seeded_order(texts, 3, "another quiz")


def test_a_multiple_choice_keeps_its_order_unless_given_a_seed():
    options = [Choice(str(n), f"why-{n}") for n in range(1, 7)]
    key = Hashed(answer_digest("roll 55?", "2"))
    assert [c.text for c in MultipleChoice("roll 55?", options, key).choices] == list("123456")
    orders = [[c.text for c in MultipleChoice("roll 55?", options, key, seed=s).choices] for s in range(8)]
    assert len({tuple(order) for order in orders}) > 1 and len({order.index("2") for order in orders}) > 1
    for seed in range(8):  # the feedback travels with its option, and the key still finds the right one
        quiz = MultipleChoice("roll 55?", options, key, seed=seed)
        right = [i for i in range(6) if quiz.check(i).correct]
        assert [quiz.choices[i].text for i in right] == ["2"]
        assert all(quiz.check(i).message.endswith(f"why-{c.text}") for i, c in enumerate(quiz.choices))


def test_every_wrong_option_can_say_why_and_the_silent_ones_are_named():
    quiz = MultipleChoice("roll 55?", [Choice("1", "index 0 is 0-29"), Choice("2", "right"), Choice("3")],
                          Hashed(answer_digest("roll 55?", "2")))
    assert quiz.unexplained() == ["3"]
    assert quiz.check(0).message == "Not quite. index 0 is 0-29"
    predict = PredictOutput(RING, {"1 2 3 3 2 4": "the start is 0 from itself", "9": ""}, GRAPH)
    assert predict.unexplained() == ["9"]


def test_a_distractor_that_happens_to_be_right_is_not_offered_twice():
    quiz = PredictOutput(RING, {"0 1 2 2 1 3": "oops", "9": "no"}, GRAPH)
    assert quiz.choices.count("0 1 2 2 1 3") == 1 and len(quiz.choices) == 2


def buggy(old: str, new: str) -> str:
    source = inspect.getsource(connect)
    assert source.count(old) == 1
    return source.replace(old, new)


def test_find_the_bug_finds_the_changed_line_and_runs_both_variants():
    quiz = FindTheBug(buggy("range(1, count)", "range(1, count - 1)"), connect, PROGRAM, PROGRAM_NS)
    assert "range(1, count - 1)" in quiz.lines[quiz.bug_line - 1]
    assert quiz.fixed_output == "connected 40 of 40"
    assert quiz.wrong_output != quiz.fixed_output
    assert quiz.wrong_output == run_snippet(PROGRAM, {**PROGRAM_NS, "connect": quiz_variant(quiz)})[:-1]
    assert quiz.check(quiz.bug_line).correct
    assert quiz.fixed_output in quiz.check(quiz.bug_line).message
    assert not quiz.check(1).correct and "exactly as in the game" in quiz.check(1).message
    assert not quiz.check(None).correct


def test_find_the_bug_can_note_why_a_suspicious_line_is_innocent():
    notes = {"best_a = best_b = -1": "-1 only says: nothing found yet; best_a < 0 lets the first win."}
    quiz = FindTheBug(buggy("range(1, count)", "range(1, count - 1)"), connect, PROGRAM, PROGRAM_NS,
                      notes=notes)
    line = quiz.line_with("best_a = best_b = -1")
    assert quiz.notes == {line: notes["best_a = best_b = -1"]}
    assert not quiz.check(line).correct and "best_a < 0 lets" in quiz.check(line).message
    assert "exactly as in the game" in quiz.check(line).message
    with pytest.raises(ValueError, match="in 2 lines"):
        FindTheBug(quiz.buggy, connect, PROGRAM, PROGRAM_NS, notes={"best_d = 0": "two lines hold it"})


def quiz_variant(quiz: FindTheBug):
    scope = dict(connect.__globals__)
    exec(quiz.buggy, scope)
    return scope["connect"]


def test_another_bug_moves_the_key():
    first = FindTheBug(buggy("range(1, count)", "range(1, count - 1)"), connect, PROGRAM, PROGRAM_NS)
    other = FindTheBug(buggy("in_tree[best_b] = True", "in_tree[best_a] = True"), connect,
                       PROGRAM, PROGRAM_NS)
    assert other.bug_line != first.bug_line
    assert "in_tree[best_a]" in other.lines[other.bug_line - 1]


def test_a_find_the_bug_must_change_exactly_one_line():
    source = inspect.getsource(connect)
    with pytest.raises(ValueError, match="not in 0"):
        FindTheBug(source, connect, PROGRAM, PROGRAM_NS)
    two = source.replace("range(1, count)", "range(2, count)").replace("best_d = 0", "best_d = 1")
    with pytest.raises(ValueError, match="exactly one line"):
        FindTheBug(two, connect, PROGRAM, PROGRAM_NS)
    with pytest.raises(ValueError, match="add none"):
        FindTheBug(source + "    pass\n", connect, PROGRAM, PROGRAM_NS)


def islands() -> tuple[list[StarSystem], list[StarSystem]]:
    apart = [StarSystem(i, "", i, 0) for i in range(4)]
    add_lane(apart, 0, 1)
    add_lane(apart, 2, 3)
    joined = [StarSystem(i, "", i, 0) for i in range(4)]
    for a, b in [(0, 1), (2, 3), (1, 2)]:
        add_lane(joined, a, b)
    return apart, joined


def test_fill_the_gap_is_judged_by_behaviour():
    apart, joined = islands()
    quiz = FillTheGap("def is_connected(systems):\n    return all(d >= ___ for d in "
                      "bfs(systems, 0).dist)\n", is_connected,
                      {"two islands": (apart,), "one galaxy": (joined,)})
    assert quiz.check("0").correct and quiz.check(" 0 ").correct and quiz.check("1 - 1").correct
    wrong = quiz.check("-1")
    assert not wrong.correct and "two islands" in wrong.message
    assert "does not run" in quiz.check("0)(").message
    assert "Type" in quiz.check("  ").message
    with pytest.raises(ValueError, match="exactly one gap"):
        FillTheGap("no gap", is_connected, {})


def test_the_choice_widget_checks_and_then_reveals():
    quiz = PredictOutput(RING, {"1 2 3 3 2 4": "start at 0"}, GRAPH)
    box = quiz.widget()
    assert box.runner.disabled and box.feedback.value == ""
    box.radio.value = "1 2 3 3 2 4"
    box.button.click()
    assert "Not quite. start at 0" in box.feedback.value and not box.verdict.correct
    assert not box.runner.disabled
    box.runner.click()
    assert quiz.expected in box.truth.value
    box.radio.value = quiz.expected
    assert box.feedback.value == ""  # a new pick: the old "Not quite" is gone
    box.button.click()
    assert box.verdict.correct and "Right." in box.feedback.value
    assert box.button.tooltip and box.runner.tooltip
    assert "cosmos-outputs" in box._dom_classes  # printed outputs: line by line, in monospace (the quizzes' CSS)


def test_a_stored_predict_quiz_shows_each_output_line_by_line():
    outputs = {"1\n2\n3": "one per line, counted from 1", "0 1 2": "on one line"}
    quiz = PredictOutput("for i in range(3):\n    print(i)", outputs, {})
    stored = quiz.widget().static_html  # what a notebook opened before running shows
    for text in quiz.choices:
        assert f"<li><pre>{text}</pre></li>" in stored  # in a <pre>: its lines stay lines
    choice = planets_question(Computed(lambda: "2")).widget()
    assert "<pre>" not in choice.static_html and "cosmos-outputs" not in choice._dom_classes


def test_the_line_widget_judges_a_click():
    quiz = FindTheBug(buggy("range(1, count)", "range(1, count - 1)"), connect, PROGRAM, PROGRAM_NS)
    box = quiz.widget()
    assert len(box.lines.options) == len(quiz.lines)
    box.lines.value = 1
    assert not box.verdict.correct
    box.lines.value = quiz.bug_line
    assert box.verdict.correct


def test_the_feedback_appears_right_under_the_line_clicked():
    quiz = FindTheBug(buggy("range(1, count)", "range(1, count - 1)"), connect, PROGRAM, PROGRAM_NS)
    box = quiz.widget()
    picker = box.lines
    assert box.feedback not in box.children and list(picker.children) == picker.buttons
    for line in (30, 2, quiz.bug_line):
        picker.buttons[line - 1].click()  # a real click on the button of that line
        children = list(picker.children)
        assert children.index(picker.note) == line  # just after the line's own button
        assert children[line - 1] is picker.buttons[line - 1]
        assert picker.note.children == (box.feedback,) and box.feedback.value
        assert picker.buttons[line - 1].button_style in ("warning", "success")
        assert [b.button_style for b in picker.buttons].count("") == len(quiz.lines) - 1
    assert box.verdict.correct and "Right: line" in box.feedback.value
    assert "cosmos-feedback" in box.feedback._dom_classes  # how a page (and the browser tests) finds it
    assert picker.buttons[quiz.bug_line - 1].button_style == "success"
    assert all(b.tooltip for b in picker.buttons)


def test_a_click_sends_the_new_verdict_before_it_moves_the_note():
    quiz = FindTheBug(buggy("range(1, count)", "range(1, count - 1)"), connect, PROGRAM, PROGRAM_NS)
    box = quiz.widget()
    picker = box.lines
    sent: list[str] = []  # in the order the browser gets them: it draws the moved note with the value it has then
    box.feedback.observe(lambda change: sent.append(f"verdict {change['new'] != ''}"), names="value")
    picker.observe(lambda _change: sent.append("note moved"), names="children")
    picker.buttons[1].click()
    picker.buttons[quiz.bug_line - 1].click()
    assert sent == ["verdict True", "note moved", "verdict True", "note moved"]


def test_the_gap_widget():
    apart, joined = islands()
    quiz = FillTheGap("def is_connected(systems):\n    return all(d >= ___ for d in "
                      "bfs(systems, 0).dist)\n", is_connected, {"two islands": (apart,)})
    box = quiz.widget()
    box.field.value = "0"
    box.button.click()
    assert box.verdict.correct


def from_the_page(widget, **state) -> None:
    """A state change as the browser sends it (one message; held-back changes of one widget are merged)."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []})


def test_a_check_sent_ahead_of_the_new_pick_judges_the_pick_the_page_shows():
    """ipywidgets holds the radio's new pick back while the kernel is busy; the Check press carries it."""
    box = planets_question(Computed(lambda: "2")).widget()
    right, wrong = box.radio.options.index("2"), box.radio.options.index("1")
    link = box.button.link
    assert (link.source, link.target) == ((box.radio, "index"), (box.button, "shown"))  # copied in the page
    from_the_page(box.radio, index=wrong)
    from_the_page(box.button, shown=wrong)
    from_the_page(box.button, value=True)  # pressed
    assert not box.verdict.correct and "Not quite." in box.feedback.value
    # a new pick, then Check at once: the radio's change is held back, the button's two come in one message
    from_the_page(box.button, shown=right, value=False)
    assert box.radio.index == wrong  # the kernel has not heard of the new pick yet
    assert box.verdict.correct and "Right." in box.feedback.value and box.answer() == right
    from_the_page(box.radio, index=right)  # the held-back pick arrives: the verdict is for it, it stays
    assert "Right." in box.feedback.value
    from_the_page(box.radio, index=wrong)  # a new pick: the verdict goes
    from_the_page(box.button, shown=wrong)
    assert box.feedback.value == ""


def test_the_gap_is_judged_on_the_text_the_page_shows_when_check_is_pressed():
    apart, joined = islands()
    quiz = FillTheGap("def is_connected(systems):\n    return all(d >= ___ for d in "
                      "bfs(systems, 0).dist)\n", is_connected, {"two islands": (apart,)})
    box = quiz.widget()
    assert (box.button.link.source, box.button.link.target) == ((box.field, "value"), (box.button, "shown"))
    from_the_page(box.field, value="-1")
    from_the_page(box.button, shown="-1", value=True)
    assert not box.verdict.correct and "Not quite" in box.feedback.value
    from_the_page(box.field, value="-")  # the student starts over
    assert box.feedback.value == ""
    from_the_page(box.button, shown="0", value=False)  # "0" typed and Check pressed; the field's change held back
    assert box.field.value == "-" and box.verdict.correct and "Right." in box.feedback.value
    from_the_page(box.field, value="0")
    assert box.verdict.correct and "Right." in box.feedback.value and box.answer() == "0"
    assert "Enter" not in box.field.placeholder  # Enter is sent ahead of the text typed: only Check judges


def test_a_quiz_set_keeps_score_and_its_static_form_hides_the_keys():
    q1 = planets_question(Hashed(answer_digest("roll 55?", "2")))
    q2 = PredictOutput(RING, {"1 2 3 3 2 4": "start at 0"}, GRAPH)
    quizzes = QuizSet([q1, q2])
    assert "0 of 2 right" in quizzes.score.value
    first, second = quizzes.boxes
    first.radio.value = "2"
    first.button.click()
    second.radio.value = "1 2 3 3 2 4"
    second.button.click()
    assert quizzes.right() == 1 and "1 of 2 right</b> (2 answered)" in quizzes.score.value
    bundle = QuizSet([q1, q2])._repr_mimebundle_()
    static = bundle["text/html"]
    assert "roll 55?" in static and "Run the notebook" in static
    assert "Right" not in static and "why-" not in static and "start at 0" not in static
    assert "Quiz" not in bundle["text/plain"] and "2 questions" in bundle["text/plain"]
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_a_hidden_change_makes_the_variant_and_does_not_show_in_the_text():
    change = hide("range(1, count)", "range(1, count - 1)")
    assert "count" not in change and "range" not in change
    quiz = FindTheBug(variant(connect, change), connect, PROGRAM, PROGRAM_NS)
    assert "range(1, count - 1)" in quiz.lines[quiz.bug_line - 1]
    with pytest.raises(ValueError, match="exactly once"):
        variant(connect, hide("best_d = 0", "best_d = 1"))



def test_the_same_verdict_given_again_is_sent_again_so_the_page_shows_it_anew():
    quiz = MultipleChoice("Two plus two?", [Choice("4", "Right."), Choice("5", "No.")], key=Computed(lambda: "4"),
                          seed=1)
    box = quiz.widget()
    sent: list[str] = []
    box.feedback.observe(lambda change: sent.append(change["new"]), names="value")
    verdict = quiz.check(0)
    box.show(verdict)
    box.show(verdict)  # a student pressing Check again, or a restored answer checked anew
    assert sent[0] and sent[1:] == ["", sent[0]]
