"""Checkpoints: a world as plain JSON and back, so that loading a save need not replay it.

A save holds only the seed and the command lines; replaying them is the truth. A checkpoint
is the world those lines lead to, written beside the save. It is only a shortcut: its header
names the exact save text and the engine source it was made with, and the digest of its world
line; a load uses it only when all three still match. Anything else (missing, damaged,
another save, another engine) means: replay.

So `save K` writes `saves/slotK.sav` (cosmos/save.py: the seed, a format version and the command
lines, a few hundred bytes) and `slotK.checkpoint` beside it, and `load K` takes milliseconds instead of
replaying a long game. A checkpoint that holds a world the rules could not have made (edited by hand)
is refused too: cosmos/worldcheck.py checks every value for its type, range and what it refers to. A
game with unsaved turns asks before `load` throws them away, as `quit` does; a seed has at most 20
digits, so that every game can be saved.
"""
from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
from enum import Enum
from pathlib import Path
from typing import Any

from cosmos.battle import BattleReport
from cosmos.bus import EventBus
from cosmos.data import EmpireDef
from cosmos.diplomacy import Offer, Stance
from cosmos.economy import QueueItem
from cosmos.galaxy import Planet, StarSystem
from cosmos.messages import Message
from cosmos.rng import Random
from cosmos.save import write_atomic
from cosmos.turn import install_listeners
from cosmos.victory import Victory
from cosmos.world import Empire, Fleet, World

__all__ = [
    "CheckpointError",
    "checkpoint_path",
    "checkpoint_text",
    "engine_fingerprint",
    "from_data",
    "read_checkpoint",
    "save_digest",
    "to_data",
    "world_from_checkpoint",
    "world_from_data",
    "write_checkpoint",
]

FORMAT = "epic-cosmos checkpoint 1"
CLASSES: dict[str, type[Any]] = {cls.__name__: cls for cls in (
    World, Empire, EmpireDef, Fleet, StarSystem, Planet, QueueItem, Offer, BattleReport, Message, Victory,
)}
ENUMS = {cls.__name__: cls for cls in (Stance,)}
ENGINE = Path(__file__).resolve().parent
MAX_CHECKPOINT_BYTES = 16_000_000  # far beyond any real game's world


class CheckpointError(ValueError):
    """A checkpoint that cannot stand in for a replay (the caller replays instead)."""


def to_data(value: Any) -> object:
    """Plain JSON data for a world or any value inside it; tuples, dicts and classes are tagged."""
    kind = type(value)
    if value is None or kind in (bool, int, float, str):
        return value
    if kind is list:
        return [to_data(item) for item in value]
    if kind is tuple:
        return {"tuple": [to_data(item) for item in value]}
    if kind is dict:
        return {"dict": [[to_data(key), to_data(item)] for key, item in value.items()]}
    if kind is Random:
        return {"rng": value.get_state()}
    if kind is EventBus:  # listeners are functions: from_data subscribes them again
        return {"bus": None}
    if isinstance(value, Enum) and ENUMS.get(kind.__name__) is kind:
        return {"enum": kind.__name__, "name": value.name}
    if CLASSES.get(kind.__name__) is kind:
        fields = {f.name: to_data(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"class": kind.__name__, "fields": fields}
    raise TypeError(f"a checkpoint cannot hold a {kind.__name__}")


def from_data(data: Any) -> Any:
    """The value to_data described; CheckpointError for anything it would not have written."""
    if data is None or type(data) in (bool, int, float, str):
        return data
    if type(data) is list:
        return [from_data(item) for item in data]
    if type(data) is not dict or len(data) not in (1, 2):
        raise CheckpointError("not a checkpoint value")
    try:
        if "tuple" in data:
            return tuple(from_data(item) for item in data["tuple"])
        if "dict" in data:
            return {from_data(key): from_data(item) for key, item in data["dict"]}
        if "rng" in data:
            generator = Random(0)
            generator.set_state(data["rng"])
            return generator
        if "bus" in data:
            return EventBus()
        if "enum" in data:
            return ENUMS[data["enum"]][data["name"]]
        cls = CLASSES[data["class"]]
        return cls(**{name: from_data(item) for name, item in data["fields"].items()})
    except (KeyError, TypeError, ValueError) as error:
        raise CheckpointError(f"not a checkpoint value: {error}") from None


def world_from_data(data: object) -> World:
    """A world from to_data's description, with the rules' listeners subscribed as before."""
    world = from_data(data)
    if type(world) is not World:
        raise CheckpointError("not a world")
    was_listening, world.listening = world.listening, False
    if was_listening:
        install_listeners(world)
    return world


def engine_fingerprint() -> str:
    """A digest of the engine's rules (cosmos/*.py): a checkpoint from other rules is not used."""
    digest = hashlib.sha256()
    for path in sorted(ENGINE.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def save_digest(save_text: str) -> str:
    """The digest that ties a checkpoint to one exact save."""
    return hashlib.sha256(save_text.encode("utf-8")).hexdigest()


def checkpoint_text(world: World, save_text: str) -> str:
    """The checkpoint of a world reached by replaying save_text: a header line, then the world's line."""
    body = json.dumps(to_data(world), separators=(",", ":"))
    header = json.dumps({
        "format": FORMAT,
        "engine": engine_fingerprint(),
        "save": save_digest(save_text),
        "world": hashlib.sha256(body.encode("utf-8")).hexdigest(),
    })
    return f"{header}\n{body}\n"


def world_from_checkpoint(text: str, save_text: str) -> World:
    """The world a checkpoint holds, if it is intact and was made from this exact save by this engine."""
    lines = text.split("\n")
    if len(lines) != 3 or lines[2] != "":
        raise CheckpointError("not two whole lines")
    try:
        header = json.loads(lines[0])
    except (ValueError, RecursionError):
        raise CheckpointError("not JSON") from None
    if type(header) is not dict or header.get("format") != FORMAT:
        raise CheckpointError("not a checkpoint")
    if header.get("engine") != engine_fingerprint() or header.get("save") != save_digest(save_text):
        raise CheckpointError("made from another save or by other rules")
    if header.get("world") != hashlib.sha256(lines[1].encode("utf-8")).hexdigest():
        raise CheckpointError("damaged")
    try:
        return world_from_data(json.loads(lines[1]))
    except (ValueError, TypeError, AttributeError, KeyError, IndexError, RecursionError) as error:
        raise CheckpointError(f"not a world: {type(error).__name__}") from None


def checkpoint_path(save_path: Path) -> Path:
    """Where the checkpoint of a save file lives: beside it."""
    return save_path.with_suffix(".checkpoint")


def write_checkpoint(save_path: Path, world: World, save_text: str) -> None:
    """Write a save's checkpoint beside it (atomically); failing to is harmless, so it is silent."""
    try:
        write_atomic(checkpoint_path(save_path), checkpoint_text(world, save_text).encode("utf-8"))
    except OSError:
        with contextlib.suppress(OSError):  # an older checkpoint names the older save: never used
            checkpoint_path(save_path).unlink(missing_ok=True)


def read_checkpoint(save_path: Path) -> str | None:
    """The text of a save's checkpoint, or None if there is none that can be read."""
    try:
        with open(checkpoint_path(save_path), "rb") as handle:
            data = handle.read(MAX_CHECKPOINT_BYTES + 1)
    except OSError:
        return None
    if len(data) > MAX_CHECKPOINT_BYTES:
        return None
    return data.decode("utf-8", "replace")
