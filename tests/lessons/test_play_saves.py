"""The Play widget saves into the student's own data folder, never into the course's folder."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from lessons.kit.play import GameWidget, saves_folder, user_data_dir


def test_the_data_folder_follows_xdg_and_defaults_to_local_share(monkeypatch: pytest.MonkeyPatch):
    assert user_data_dir({"XDG_DATA_HOME": "/data/ann"}) == Path("/data/ann/epic-cosmos")
    assert user_data_dir({}) == Path.home() / ".local" / "share" / "epic-cosmos"
    assert saves_folder(None, {"XDG_DATA_HOME": "/d"}) == Path("/d/epic-cosmos/saves")
    assert saves_folder("saves", {"XDG_DATA_HOME": "/d"}) == Path("/d/epic-cosmos/saves")
    assert saves_folder("/elsewhere/s", {"XDG_DATA_HOME": "/d"}) == Path("/elsewhere/s")


def test_saving_in_the_lesson_writes_nothing_beside_the_notebook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    lesson_folder, data_home = tmp_path / "lessons", tmp_path / "home-data"
    lesson_folder.mkdir()
    monkeypatch.chdir(lesson_folder)  # the kernel's folder is the notebook's
    monkeypatch.setenv("XDG_DATA_HOME", str(data_home))
    game = GameWidget(seed=2026, saves_dir="saves")  # as lesson 1 calls it
    game.submit("col 2")
    game.submit("save 1")
    assert os.listdir(lesson_folder) == []
    saves = data_home / "epic-cosmos" / "saves"
    assert sorted(p.name for p in saves.iterdir()) != []
    assert f"{saves.as_posix()}/" in game.status.value  # the widget names the folder
    assert "Turn 1/150" in GameWidget(seed=2026).submit("load 1")
