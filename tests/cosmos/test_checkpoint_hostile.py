"""Hand-edited checkpoints (their digest made to fit) never crash a load nor the game after it."""
from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cosmos.game
from cosmos.checkpoint import checkpoint_path
from cosmos.game import load_game, replay
from cosmos.save import SaveGame, slot_path
from cosmos.turn import state_text
from cosmos.ui.session import Session
from tests.golden import record

LINES = 60  # the golden playthrough's first lines: fleets on the move, orders queued, news


@cache
def saved() -> tuple[str, str, str]:
    """The save text, the checkpoint text and the world's state after the first LINES lines."""
    session = Session(seed=record.SEED, saves_dir=None)
    for line in record.COMMANDS.read_text(encoding="utf-8").splitlines()[:LINES]:
        session.send(line)
    session.send("save 1")
    save_text, checkpoint = session.memory_saves[1]
    return save_text, checkpoint, state_text(session.world)


def paths(value: object, at: tuple = ()) -> list[tuple]:
    """The path of every value inside a JSON document (lists by index, objects by key)."""
    found = [at]
    if isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(paths(item, (*at, index)))
    elif isinstance(value, dict):
        for key, item in value.items():
            found.extend(paths(item, (*at, key)))
    return found


def replaced(document: object, path: tuple, new: object) -> object:
    """A copy of a JSON document with the value at path replaced."""
    if not path:
        return new
    copy = json.loads(json.dumps(document))
    parent = copy
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = new
    return copy


def sealed(header_line: str, world: object) -> str:
    """A checkpoint with this world and a digest that fits it, as a cheat would write it."""
    body = json.dumps(world, separators=(",", ":"))
    header = {**json.loads(header_line), "world": hashlib.sha256(body.encode("utf-8")).hexdigest()}
    return f"{json.dumps(header)}\n{body}\n"


SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 40), st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True), st.text(max_size=8), st.sampled_from(["Stance", "World", "tuple", "I", "mine"]),
)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(["tuple", "dict", "class", "fields", "enum",
                                                                  "name", "rng", "bus"]), inner, max_size=2)),
    max_leaves=6)


def play_on(session: Session) -> None:
    """Look at every screen and play two turns: what a player does after a load."""
    for line in ("map", "emp", "tech", "fleets", "queue", "report", "news", "help",
                 *(f"sys {n}" for n in range(1, len(session.world.systems) + 1)), "end", "end", "news"):
        session.send(line)


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_an_edited_checkpoint_loads_or_replays_and_the_game_plays_on(tmp_path: Path, data: st.DataObject) -> None:
    save_text, checkpoint, _ = saved()
    header_line, body = checkpoint.split("\n")[:2]
    world = json.loads(body)
    path = data.draw(st.sampled_from(paths(world)), label="path")
    edited = sealed(header_line, replaced(world, path, data.draw(VALUES, label="new value")))
    slot_path(tmp_path, 2).write_text(save_text, encoding="ascii")
    checkpoint_path(slot_path(tmp_path, 2)).write_text(edited, encoding="utf-8")
    session = Session(seed=record.SEED, saves_dir=tmp_path)
    assert "2" in session.send("load 2")
    assert session.world.turn > 1
    play_on(session)


def cheats(body: str) -> dict[str, object]:
    """Edits a cheat could make, each of which the rules could never have produced."""
    world = json.loads(body)
    fields = world["fields"]
    fleet = fields["fleets"][0]["fields"]
    planet = fields["planets"][0]["fields"]
    empire = fields["empires"][0]["fields"]
    return {
        "a fleet in a system that does not exist": replaced(world, ("fields", "fleets", 0, "fields", "system"), 999),
        "a fleet of an empire that does not exist": replaced(world, ("fields", "fleets", 0, "fields", "owner"), 7),
        "a fleet of three kinds": replaced(world, ("fields", "fleets", 0, "fields", "ships"), fleet["ships"][:3]),
        "ships as text": replaced(world, ("fields", "fleets", 0, "fields", "ships"), ["3", 0, 0, 0]),
        "a planet owned by nobody known": replaced(world, ("fields", "planets", 0, "fields", "owner"), 9),
        "a richer planet": replaced(world, ("fields", "planets", 0, "fields", "rich"), [5, 5, 5, 5]),
        "a mine level 1e9": replaced(world, ("fields", "planets", 0, "fields", "mines"), 10**9),
        "a fortress of -1": replaced(world, ("fields", "planets", 0, "fields", "fort"), -1),
        "a stock as a float": replaced(world, ("fields", "empires", 0, "fields", "stock"), [1.5, 0, 0, 0]),
        "a technology that does not exist": replaced(world, ("fields", "empires", 0, "fields", "techs"), [99]),
        "a queued technology that does not exist": replaced(world, ("fields", "empires", 0, "fields", "queued"), [13]),
        "a technology twice": replaced(world, ("fields", "empires", 0, "fields", "techs"), [0, 0]),
        "research of a bool": replaced(world, ("fields", "empires", 0, "fields", "research"), True),
        "an unknown character": replaced(world, ("fields", "empires", 0, "fields", "personality"), "pirate"),
        "a capital off the map": replaced(world, ("fields", "empires", 0, "fields", "capital"), 50),
        "another turn": replaced(world, ("fields", "turn"), fields["turn"] + 5),
        "another seed": replaced(world, ("fields", "seed"), 7),
        "a renamed star": replaced(world, ("fields", "systems", 0, "fields", "name"), "Cheat"),
        "a message that does not exist": replaced(world, ("fields", "turn_news"), [
            {"class": "Message", "fields": {"key": "no_such_text", "args": {"tuple": []}}}]),
        "a message without its values": replaced(world, ("fields", "turn_news"), [
            {"class": "Message", "fields": {"key": "news_taken", "args": {"tuple": []}}}]),
        "an order on a planet that does not exist": replaced(world, ("fields", "queue"), [
            {"class": "QueueItem", "fields": {"empire": 0, "kind": "ships", "planet": 500, "what": "I", "count": 1,
                                              "turns_left": 1, "paid": {"tuple": [0, 0, 0, 0]}}}]),
        "a victory of nobody": replaced(world, ("fields", "victory"), {
            "class": "Victory", "fields": {"kind": "economy", "winner": 8, "turn": 2}}),
        "a peace with itself and a stranger": replaced(world, ("fields", "peace"), {"dict": [[{"tuple": [0, 9]}, 1]]}),
        "the stock untouched": planet and empire and world,  # the control: the same world, loaded as it is
    }


@pytest.mark.parametrize("cheat", sorted(cheats(saved()[1].split("\n")[1])))
def test_a_checkpoint_the_rules_could_not_have_made_is_replayed(tmp_path: Path, cheat: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    save_text, checkpoint, expected = saved()
    header_line, body = checkpoint.split("\n")[:2]
    slot_path(tmp_path, 1).write_text(save_text, encoding="ascii")
    checkpoint_path(slot_path(tmp_path, 1)).write_text(sealed(header_line, cheats(body)[cheat]), encoding="utf-8")
    replays: list[int] = []

    def counted_replay(save: SaveGame, lines: object = None) -> object:
        replays.append(1)
        return replay(save)

    monkeypatch.setattr(cosmos.game, "replay", counted_replay)
    world, _ = load_game(tmp_path, 1)
    assert state_text(world) == expected
    assert replays == ([] if cheat == "the stock untouched" else [1])
