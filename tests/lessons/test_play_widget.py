"""The Play widget is the real game: the same frames as the console Session, saves in a folder."""
from __future__ import annotations

from pathlib import Path

from cosmos.ui.session import Session
from lessons.kit.play import GameWidget, clock_seed
from tests.lessons.lesson_helpers import code_cells, is_play_cell, reference_dir


def test_it_opens_on_the_published_intro_screen(tmp_path: Path):
    game = GameWidget(seed=2026, saves_dir=tmp_path)
    intro = (reference_dir() / "screens" / "seed2026-intro.en.txt").read_text(encoding="utf-8")
    assert game.frame == intro
    assert "seed 2026" in game.status.value


def test_three_turns_show_what_the_session_shows(tmp_path: Path):
    game = GameWidget(seed=2026, saves_dir=tmp_path)
    session = Session(seed=2026, lang="en", saves_dir=tmp_path / "other")
    for line in ["help", "map", "sys 1", "col 2", "end", "b mine 1", "end", "", "end"]:
        assert game.submit(line) == session.send(line)
    assert game.frame == session.frame()
    assert "Turn 4/150" in game.frame
    assert game.history[-1] == "end"


def test_what_is_typed_is_sent_and_the_field_is_cleared(tmp_path: Path):
    game = GameWidget(saves_dir=tmp_path)
    game.command.value = "sys 1"
    game._on_message(game.command, {"event": "submit"}, [])  # what Enter sends
    assert game.command.value == ""
    assert game.frame == Session(2026).send("sys 1")
    game.command.value = "map"
    game.send_button.click()
    assert game.frame == Session(2026).send("map")
    assert "you typed <code>map</code>" in game.status.value
    game.submit("")
    assert "you typed <code>(an empty line)</code>" in game.status.value


def test_new_game_takes_its_seed_from_the_clock(tmp_path: Path):
    game = GameWidget(saves_dir=tmp_path, clock=lambda: 1_700_000_123.9)
    game.submit("col 2")
    game.new_button.click()
    assert game.seed == clock_seed(lambda: 1_700_000_123.9) == 1_700_000_123
    assert game.history == []
    assert game.frame == Session(1_700_000_123).frame()
    assert clock_seed(lambda: 2**32 + 5.5) == 5


def test_every_language_of_the_game_keeps_the_game(tmp_path: Path):
    game = GameWidget(saves_dir=tmp_path)
    game.submit("col 2")
    game.submit("end")
    for _label, lang in game.language.options:
        game.language.value = lang
        expected = Session(2026, lang=lang)
        expected.send("col 2")
        assert game.frame == expected.send("end")
    assert {game.language.options[i][1] for i in range(4)} == {"en", "es", "de", "bg"}


def test_saves_go_to_the_visible_folder_and_load_back(tmp_path: Path):
    saves = tmp_path / "saves"
    game = GameWidget(saves_dir=saves)
    game.submit("col 2")
    game.submit("end")
    game.submit("save 1")
    assert [p.name for p in saves.iterdir()] != []
    again = GameWidget(saves_dir=saves)
    after_load = again.submit("load 1")
    assert "Turn 2/150" in after_load
    assert "saves/" in game.status.value


def test_a_finished_game_takes_no_more_lines(tmp_path: Path):
    game = GameWidget(saves_dir=tmp_path)
    game.submit("quit")
    assert game.session.finished and game.command.disabled
    frame = game.frame
    assert game.submit("map") == frame
    game.new_game()
    assert not game.command.disabled


def test_the_stored_play_cell_shows_the_intro_screen(lesson1_nb):
    cells = [c for c in code_cells(lesson1_nb)  # the widget's cell; the others print the game's screens
             if is_play_cell(c) and c.source.rstrip().splitlines()[-1].startswith("GameWidget(")]
    assert len(cells) == 1
    intro = (reference_dir() / "screens" / "seed2026-intro.en.txt").read_text(encoding="utf-8")
    bundle = cells[0].outputs[0].data
    assert bundle["text/plain"] == intro
    assert "application/vnd.jupyter.widget-view+json" not in bundle  # no state is stored: the screen shows
    assert "cosmos-screen" in bundle["text/html"]
