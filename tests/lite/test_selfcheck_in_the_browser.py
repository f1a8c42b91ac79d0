"""The self-check says, in the browser's Python only, that it is not the sandboxed grade."""
from __future__ import annotations

import sys

import pytest

from graders import selfcheck


def test_in_the_browser_the_report_starts_by_saying_it_is_a_self_check(monkeypatch: pytest.MonkeyPatch,
                                                                       capsys: pytest.CaptureFixture[str]):
    monkeypatch.setattr(sys, "platform", "emscripten")
    selfcheck.check_here({}, "01-islands")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == selfcheck.IN_THE_BROWSER
    assert "self-check" in lines[0] and "not your grade" in lines[0]
    assert lines[1].startswith("Islands: ") and "checks pass" in lines[-1]


def test_in_jupyterlab_the_report_is_as_before(capsys: pytest.CaptureFixture[str]):
    selfcheck.check_here({}, "01-islands")
    out = capsys.readouterr().out
    assert selfcheck.IN_THE_BROWSER not in out and out.startswith("Islands: ")
