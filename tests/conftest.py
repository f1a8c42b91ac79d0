"""Every test keeps the student's progress in a folder of its own, never in the user's."""
from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def own_progress(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh, empty user data folder ($XDG_DATA_HOME) and a tracker that has seen nothing."""
    from graders import progress

    home = tmp_path_factory.mktemp("data-home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setattr(progress, "TRACKER", progress.Tracker())
    return home
