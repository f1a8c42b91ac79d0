"""The batch report (`python -m graders_instructor report OUT`) in Chromium: offline, pictures drawn, nothing broken."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.browser.pages import Shots, collect_console_errors
from tests.graders.grader_helpers import graders_cli
from tests.graders.lms_downloads import shared_batch


@pytest.mark.slow
def test_the_report_of_a_real_batch_reads_offline_in_chromium(browser: Browser, shots: Shots,
                                                               tmp_path_factory: pytest.TempPathFactory):
    batch = shared_batch(tmp_path_factory)
    run = graders_cli("report", str(batch.out), cwd=batch.out)
    assert run.returncode == 0, run.stderr
    context = browser.new_context(viewport={"width": 1100, "height": 900}, offline=True)
    page = context.new_page()
    console: list[str] = []
    collect_console_errors(page, console)
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto((batch.out / "report.html").as_uri())
    assert page.locator("h1").inner_text() == "01-islands: 7 students"
    histogram, failures, outcomes = page.locator("svg").all()
    bars = histogram.locator("rect.bar")
    assert bars.count() == 10
    heights = [float(bar.get_attribute("height")) for bar in bars.all()]
    assert heights[0] > 0 and heights[-1] > 0 and max(heights) == heights[0]  # three students under 3 points
    assert failures.locator("rect.bar").count() == 30  # one bar per check
    box = failures.bounding_box()
    assert box is not None and box["width"] > 600 and box["height"] > 500  # drawn, not collapsed
    assert outcomes.locator("text", has_text="no notebook").count() == 1
    assert page.get_by_text("lanes_needed: the lesson's example").count() >= 2  # its bar and its wrong answers
    assert page.locator("#late + table").inner_text().count("doejohn") == 1
    shots.take(page, "report-top")
    page.locator("#wrong").scroll_into_view_if_needed()
    shots.take(page, "report-wrong-answers")
    full = shots.folder / "report-full.png"
    page.screenshot(path=str(full), full_page=True)
    shots.taken.append(full)
    assert requests == [(batch.out / "report.html").as_uri()]  # nothing but the page itself
    assert console == []
    context.close()


@pytest.mark.slow
def test_a_students_feedback_page_keeps_the_aligned_answer_in_chromium(browser: Browser, shots: Shots,
                                                                       tmp_path_factory: pytest.TempPathFactory):
    batch = shared_batch(tmp_path_factory)
    context = browser.new_context(viewport={"width": 1000, "height": 900}, offline=True)
    page = context.new_page()
    console: list[str] = []
    collect_console_errors(page, console)
    page.goto((batch.out / "moodle-2002" / "feedback.html").as_uri())
    assert page.locator("h1").inner_text() == "Islands: feedback for Иван Петров"
    wrong = page.locator("li", has_text="lanes_needed: the lesson's example").locator("pre")
    lines = wrong.inner_text().splitlines()
    assert lines[1:] == ["  input:    lanes_needed(8, [[1, 2], [2, 3], [4, 5], [6, 7], [7, 8]])", "  expected: 2",
                         "  got:      3"]
    # a monospace <pre>: the three values start at the same x
    starts = page.evaluate("""pre => {
        const range = document.createRange(), text = pre.firstChild.textContent, xs = [];
        for (const word of ['lanes_needed(8', '2\\n', '3']) {
            const at = text.indexOf(word, text.indexOf(':', text.indexOf(word === '3' ? 'got' :
                word === '2\\n' ? 'expected' : 'input')));
            range.setStart(pre.firstChild, at); range.setEnd(pre.firstChild, at + 1);
            xs.push(Math.round(range.getBoundingClientRect().left));
        }
        return xs;
    }""", wrong.element_handle())
    assert len(set(starts)) == 1, starts
    hidden = page.locator("li", has_text="(hidden check").first
    assert "input:" not in hidden.inner_text()
    wrong.scroll_into_view_if_needed()
    shots.take(page, "feedback-ivan")
    assert console == []
    context.close()
