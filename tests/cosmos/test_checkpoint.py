"""Checkpoints: the world a save leads to, kept beside it, is exactly what the replay would give."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import cosmos.game
from cosmos.checkpoint import (
    CheckpointError,
    checkpoint_path,
    checkpoint_text,
    from_data,
    to_data,
    world_from_checkpoint,
    world_from_data,
)
from cosmos.game import load_game, replay, save_game
from cosmos.save import SaveGame, slot_path
from cosmos.turn import state_text
from cosmos.ui.session import Session
from tests.golden import record


def golden_lines() -> list[str]:
    """The recorded playthrough: every kind of state (offers, wars, battles, queues, a victory)."""
    return record.COMMANDS.read_text(encoding="utf-8").splitlines()


def no_replay(save: SaveGame, lines: object = None) -> None:
    """Stands in for cosmos.game.replay where a test proves that a load did not replay."""
    raise AssertionError("the load replayed the save instead of using its checkpoint")


def test_along_the_playthrough_the_checkpoint_equals_the_replay_and_round_trips() -> None:
    session = Session(seed=record.SEED, saves_dir=None)
    for number, line in enumerate(golden_lines(), start=1):
        session.send(line)
        if number % 12 and number != len(golden_lines()):
            continue
        data = to_data(session.world)
        assert to_data(world_from_data(json.loads(json.dumps(data)))) == data
        assert to_data(replay(SaveGame(record.SEED, tuple(session.log)))) == data, f"after line {number}"
    assert session.world.victory is not None


def test_a_loaded_checkpoint_plays_on_exactly_like_the_uninterrupted_game(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    lines = golden_lines()
    cut = len(lines) // 2
    whole = Session(seed=record.SEED, saves_dir=None)
    frames = [whole.send(line) for line in lines]
    first = Session(seed=record.SEED, saves_dir=tmp_path)
    for line in lines[:cut]:
        first.send(line)
    first.send("save 3")
    assert checkpoint_path(slot_path(tmp_path, 3)).is_file()
    monkeypatch.setattr(cosmos.game, "replay", no_replay)
    second = Session(seed=record.SEED, saves_dir=tmp_path)
    second.send("load 3")
    assert second.log == whole.log[:len(second.log)]
    rest = [second.send(line) for line in lines[cut:]]
    assert rest[1:] == frames[cut + 1:]  # the first frame after the load carries its note
    assert state_text(second.world) == state_text(whole.world)


def test_memory_saves_load_from_their_checkpoint_too(monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session(seed=record.SEED, saves_dir=None)
    for line in golden_lines()[:60]:
        session.send(line)
    session.send("save 1")
    expected = state_text(session.world)
    session.send("end")
    monkeypatch.setattr(cosmos.game, "replay", no_replay)
    assert "is loaded" not in session.send("load 1")  # the turn played since the save: asked first
    assert "is loaded" in session.send("load 1")
    assert state_text(session.world) == expected


def saved_midgame(tmp_path: Path) -> tuple[str, str]:
    """Save the playthrough's first 80 lines in slot 1; the save's text and the world's state."""
    session = Session(seed=record.SEED, saves_dir=tmp_path)
    for line in golden_lines()[:80]:
        session.send(line)
    session.send("save 1")
    return slot_path(tmp_path, 1).read_text(encoding="ascii"), state_text(session.world)


def parts(text: str) -> tuple[dict, object]:
    """A checkpoint's header and world, as data."""
    header, body = text.split("\n")[:2]
    return json.loads(header), json.loads(body)


def assemble(header: dict, world: object, seal: bool = True) -> str:
    """A checkpoint from a header and a world; seal: with the world's digest made to fit."""
    body = json.dumps(world, separators=(",", ":"))
    if seal:
        header = {**header, "world": hashlib.sha256(body.encode("utf-8")).hexdigest()}
    return f"{json.dumps(header)}\n{body}\n"


def test_a_checkpoint_made_from_another_save_or_other_rules_is_not_used(tmp_path: Path) -> None:
    save_text, _ = saved_midgame(tmp_path)
    checkpoint = checkpoint_path(slot_path(tmp_path, 1)).read_text(encoding="utf-8")
    assert world_from_checkpoint(checkpoint, save_text).turn > 1
    other_save = SaveGame(record.SEED, ("end",)).to_text()
    with pytest.raises(CheckpointError):
        world_from_checkpoint(checkpoint, other_save)
    header, world = parts(checkpoint)
    with pytest.raises(CheckpointError):
        world_from_checkpoint(assemble({**header, "engine": "0" * 16}, world), save_text)


def damaged_checkpoints(text: str) -> dict[str, str]:
    """A checkpoint spoilt in every way we can think of; "sealed" ones even carry a fitting digest."""
    header, world = parts(text)
    body = text.split("\n")[1]
    turn = f'"turn":{world["fields"]["turn"]},'
    assert turn in body
    sealed = {
        "sealed: a forged class": {**world, "fields": {**world["fields"], "rng": {"class": "Path", "fields": {}}}},
        "sealed: an unknown field": {**world, "fields": {**world["fields"], "gold": 5}},
        "sealed: a bus that is a number": {**world, "fields": {**world["fields"], "bus": 7}},
        "sealed: lists 900 deep": json.loads("[" * 900 + "]" * 900),
        "sealed: a number": 7,
        "sealed: no world": None,
    }
    return {
        "empty": "",
        "truncated": text[: len(text) // 2],
        "garbage": "\x00\xff not json",
        "one line": text.split("\n")[0] + "\n",
        "three lines": text + "\n",
        "two lists": "[]\n[]\n",
        "a header 100000 deep": "[" * 100_000 + "]" * 100_000 + "\n" + body + "\n",
        "other format": assemble({**header, "format": "something else"}, world),
        "a changed turn": text.replace(turn, f'"turn":{world["fields"]["turn"] + 1},'),
        **{name: assemble(header, value) for name, value in sealed.items()},
    }


@pytest.mark.parametrize("damage", sorted(damaged_checkpoints(checkpoint_text(
    replay(SaveGame(2026, ("end",))), SaveGame(2026, ("end",)).to_text()))))
def test_a_damaged_checkpoint_is_ignored_and_the_save_replays(tmp_path: Path, damage: str) -> None:
    save_text, expected = saved_midgame(tmp_path)
    path = checkpoint_path(slot_path(tmp_path, 1))
    path.write_text(damaged_checkpoints(path.read_text(encoding="utf-8"))[damage], encoding="utf-8")
    world, save = load_game(tmp_path, 1)
    assert save.to_text() == save_text
    assert state_text(world) == expected


def test_a_missing_checkpoint_means_a_replay_with_the_same_result(tmp_path: Path) -> None:
    _, expected = saved_midgame(tmp_path)
    checkpoint_path(slot_path(tmp_path, 1)).unlink()
    world, _ = load_game(tmp_path, 1)
    assert state_text(world) == expected


def test_saving_writes_the_checkpoint_beside_the_save_and_keeps_the_save_tiny(tmp_path: Path) -> None:
    world = replay(SaveGame(5, ("end", "end")))
    save_game(tmp_path, 2, world, ["end", "end"])
    assert sorted(path.name for path in tmp_path.iterdir()) == ["slot2.checkpoint", "slot2.sav"]
    assert slot_path(tmp_path, 2).read_text(encoding="ascii") == SaveGame(5, ("end", "end")).to_text()


def test_only_known_kinds_of_value_go_in_and_come_out() -> None:
    with pytest.raises(TypeError):
        to_data(object())
    with pytest.raises(TypeError):
        to_data({1, 2})
    for bad in ({"class": "os"}, {"enum": "Stance", "name": "NOPE"}, {"tuple": 5}, {"a": 1, "b": 2, "c": 3}):
        with pytest.raises(CheckpointError):
            from_data(bad)
    assert from_data(to_data({(1, 2): [3, (4,)]})) == {(1, 2): [3, (4,)]}


@pytest.mark.parametrize("seed", [1, 2, 3, 37])
def test_a_world_from_its_checkpoint_plays_to_the_same_end_in_ai_games(seed: int) -> None:
    from cosmos.game import play_turn
    from cosmos.world import new_world

    world = new_world(seed)
    for _ in range(10):
        play_turn(world)
    assert world.victory is None
    copy = world_from_data(json.loads(json.dumps(to_data(world))))
    while world.victory is None:
        play_turn(world)
        play_turn(copy)
    assert to_data(copy) == to_data(world)
    assert world.turn > 15
