"""The session: orders through the rules, refusals that cost nothing, turns, saves, the end."""
from __future__ import annotations

from pathlib import Path

import pytest

from cosmos.messages import MESSAGE_KEYS
from cosmos.text import LANGS, Texts
from cosmos.ui.render import render
from cosmos.ui.session import Session
from cosmos.victory import Victory
from cosmos.world import new_world


def state(session: Session) -> tuple[object, ...]:
    """Everything an input could change about the game itself (not the screen)."""
    world = session.world
    return (world.turn, tuple(world.empires[0].stock), len(world.queue), tuple(session.log),
            world.empires[0].research, tuple(tuple(f.ships) for f in world.fleets))


def test_an_accepted_order_is_confirmed_logged_and_costs_no_turn() -> None:
    session = Session()
    frame = session.send("col 2")
    assert "Planet 2 Elara II will be colonised at the end of the turn." in frame
    assert session.log == ["col 2"] and session.world.turn == 1
    assert session.world.empires[0].stock[0] < 70  # the colony is paid at once


@pytest.mark.parametrize(("line", "english"), [
    ("b lab 1", "The lab on planet 1 Elara I is at its highest level (1)."),
    ("col 3", "You have no ships in system 2 Cygna."),
    ("col 1", "Planet 1 Elara I already has an owner."),
    ("r 5", "Ion engines needs Gas siphons first."),
    ("ship D 1 1", "The dreadnought needs Dreadnought yards first (see tech)."),
    ("ship I 99 1", "Not enough resources: it costs M990 G594 C198 U99; you are short of M920 G534 C178 U94."),
    ("go 1 1", "The fleet is already in system 1 Elara."),
    ("go 2 1", "You have no ships in system 2 Cygna."),
])
def test_a_refused_order_explains_itself_and_changes_nothing(line: str, english: str) -> None:
    session = Session()
    before = state(session)
    assert english in " ".join(session.send(line).split())
    assert state(session) == before


@pytest.mark.parametrize("lang", LANGS)
def test_refusals_and_parse_errors_speak_the_players_language(lang: str) -> None:
    english, other = Session(lang="en"), Session(lang=lang)
    for line in ("b lab 1", "sys 99", "fly 3"):
        english_note = english.send(line).split("\n")[-4]
        note = other.send(line).split("\n")[-4]
        assert note and (note != english_note or lang == "en")


def test_end_plays_a_turn_and_shows_its_news() -> None:
    session = Session()
    session.send("col 2")
    frame = session.send("end")
    assert frame.startswith("Turn 2/150")
    assert "News of turn 1" in frame and "Terran Empire colonised planet 2 Elara II." in frame
    assert session.log == ["col 2", "end"]
    assert session.send("").startswith("Turn 2/150")  # Enter goes back to the map


def test_wait_stops_when_the_research_is_done() -> None:
    session = Session()
    session.send("r 1")
    frame = session.send("wait 50")
    assert "Terran Empire researched Deep drilling." in frame
    assert session.world.turn < 50 and session.log.count("end") == session.world.turn - 1


def test_save_and_load_give_back_the_same_game(tmp_path: Path) -> None:
    session = Session(saves_dir=tmp_path)
    for line in ("col 2", "r 3", "ship I 2 1", "end", "go 1 2", "end"):
        session.send(line)
    session.send("save 2")
    assert (tmp_path / "slot2.sav").is_file()
    saved = {screen: session.send(screen) for screen in ("sys 1", "emp", "tech", "fleets", "map")}
    session.send("end")
    session.send("end")
    assert "Type load 2 again to load anyway" in session.send("load 2")
    frame = session.send("load 2")
    assert "Slot 2 is loaded: turn 3." in frame
    for screen, expected in saved.items():
        assert session.send(screen) == expected
    fresh = Session(saves_dir=tmp_path)
    fresh.send("load 2")
    assert fresh.send("emp") == saved["emp"] and fresh.log == session.log


def test_without_a_folder_saves_stay_in_memory() -> None:
    session = Session(saves_dir=None)
    session.send("col 2")
    session.send("save 1")
    session.send("end")
    assert "Slot 1 is loaded: turn 1." not in session.send("load 1")  # a turn since the save: asked first
    assert "Slot 1 is loaded: turn 1." in session.send("load 1")
    assert session.log == ["col 2"]


@pytest.mark.parametrize(("content", "english"), [
    (None, "Slot 3 is empty."),
    (b"hello\n", "That file is not a save of this game."),
    (b"epic-cosmos save\nversion 1\nseed 5\n", "That save is cut short: it cannot be loaded."),
])
def test_a_bad_save_is_refused_and_the_game_goes_on(tmp_path: Path, content: bytes | None,
                                                    english: str) -> None:
    if content is not None:
        (tmp_path / "slot3.sav").write_bytes(content)
    session = Session(saves_dir=tmp_path)
    session.send("col 2")
    before = state(session)
    assert english in session.send("load 3")
    assert state(session) == before


def test_a_save_whose_orders_no_longer_apply_is_refused(tmp_path: Path) -> None:
    from cosmos.save import SaveGame, write_save

    write_save(tmp_path, 1, SaveGame(2026, ("col 2", "col 2")))  # the same claim twice
    session = Session(saves_dir=tmp_path)
    assert "That save cannot be played again (line: col 2)." in session.send("load 1")
    assert session.world.turn == 1 and session.log == []


def test_after_the_end_only_looking_loading_and_quitting_work() -> None:
    session = Session()
    session.world.victory = Victory("conquest", 0, 1)
    assert "The game is over: you can still look around" in session.send("end")
    assert session.world.turn == 1
    assert session.send("emp").split("\n")[3].startswith("Empires")
    session.send("quit")
    assert session.finished and session.left


def test_the_end_screen_names_the_winner_and_the_scores() -> None:
    session = Session(lang="es")
    session.world.victory = Victory("science", 2, 40)
    session.end_turns(1)
    frame = session.frame()
    assert "La partida ha terminado en el turno 40." in frame
    assert "La Academia de Vega ha ganado: ciencia, se ha investigado la Puerta Estelar." in frame
    assert session.finished and not session.left


def sample_value(name: str) -> object:
    """A plausible value for a message placeholder, by its name."""
    return {"kind": "D", "building": "yard", "victory": "economy", "slot": 2}.get(name, 1)


@pytest.mark.parametrize("lang", LANGS)
def test_every_engine_message_renders_in_every_language(lang: str) -> None:
    world, texts = new_world(2026), Texts(lang)
    for key, names in MESSAGE_KEYS.items():
        text = render(world, texts, key, tuple((name, sample_value(name)) for name in names))
        assert text and "{" not in text and "}" not in text, key


def test_load_asks_before_throwing_away_unsaved_turns(tmp_path: Path) -> None:
    session = Session(saves_dir=tmp_path)
    session.send("col 2")
    session.send("save 1")
    assert "Slot 1 is loaded" in session.send("load 1")  # nothing unsaved: no question
    session.send("end")
    before = state(session)
    frame = session.send("load 1")
    assert "This game is not saved: loading slot 1 throws away" in frame and state(session) == before
    session.send("map")  # something else typed: the next load asks again
    assert "Type load 1 again" in session.send("load 1")
    assert "Type load 2 again" not in session.send("load 2")  # an empty slot says so at once
    assert "Slot 2 is empty." in session.frame()
    assert "Type load 1 again" in session.send("load 1")
    assert "Slot 1 is loaded: turn 1." in session.send("load 1") and session.world.turn == 1
    german = Session(lang="de", saves_dir=tmp_path)
    german.send("end")
    assert "Tippe noch einmal load 1" in german.send("load 1")
