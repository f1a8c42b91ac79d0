"""Saves: seed, format version and the player's command lines; three slots; atomic writes."""
from __future__ import annotations

import os
import re
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from cosmos.messages import Message, message

__all__ = [
    "MAGIC",
    "SAVE_VERSION",
    "SLOTS",
    "SaveError",
    "SaveGame",
    "read_save",
    "seed_fits",
    "slot_path",
    "write_atomic",
    "write_save",
]

MAGIC = "epic-cosmos save"
SAVE_VERSION = 1  # raise it whenever the same commands would give a different game
SLOTS = (1, 2, 3)
MAX_SAVE_BYTES = 4_000_000  # far beyond any real game; a bigger file is not ours
MAX_LINE_CHARS = 120
LINE_OK = re.compile(r"[ -~]+")  # printable ASCII, no control characters
SEED_DIGITS = 20  # a save's numbers have at most this many digits: a longer seed is refused
NUMBER = re.compile(rf"-?[0-9]{{1,{SEED_DIGITS}}}")
SUM_LINE = re.compile(r"crc32 ([0-9a-f]{8})")


class SaveError(Exception):
    """A save that cannot be written or read; .message says why, in the player's language."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.key)
        self.message = message


def _fail(key: str, **args: object) -> SaveError:
    """A SaveError with the message key and its arguments in a fixed order."""
    return SaveError(message(key, **args))


@dataclass(frozen=True)
class SaveGame:
    """What a save holds: the seed and the command lines; replaying them gives the same game."""

    seed: int
    lines: tuple[str, ...] = ()
    version: int = SAVE_VERSION

    def __post_init__(self) -> None:
        if not seed_fits(self.seed):
            raise ValueError(f"a save cannot hold the seed {self.seed!r}: at most {SEED_DIGITS} digits")
        for line in self.lines:
            if not valid_line(line):
                raise ValueError(f"a save cannot hold the command line {line!r}")

    def to_text(self) -> str:
        """The save as text: header, one command a line, then a checksum of everything above it."""
        body = "".join(
            f"{row}\n"
            for row in (MAGIC, f"version {self.version}", f"seed {self.seed}",
                        f"lines {len(self.lines)}", *self.lines)
        )
        return f"{body}crc32 {checksum(body)}\n"

    @classmethod
    def from_text(cls, text: str) -> SaveGame:
        """Read a save back; SaveError says whether it is foreign, newer, truncated or corrupt."""
        return parse_save(text.encode("utf-8"))


def seed_fits(seed: object) -> bool:
    """Can a save hold this seed: a whole number of at most SEED_DIGITS digits?"""
    return type(seed) is int and len(str(abs(seed))) <= SEED_DIGITS


def valid_line(line: str) -> bool:
    """A command line a save can hold: one line of printable ASCII, not too long."""
    return 0 < len(line) <= MAX_LINE_CHARS and LINE_OK.fullmatch(line) is not None


def checksum(body: str) -> str:
    """The CRC-32 of the text above the last line, as 8 hex digits."""
    return f"{zlib.crc32(body.encode('ascii')):08x}"


def _header_number(rows: list[str], at: int, name: str) -> int:
    """The number of a `name N` header row; a missing row means truncated, a bad one corrupt."""
    if at >= len(rows):
        raise _fail("err_save_truncated")
    row = rows[at]
    prefix = f"{name} "
    if not row.startswith(prefix) or NUMBER.fullmatch(row[len(prefix):]) is None:
        raise _fail("err_save_corrupt")
    return int(row[len(prefix):])


def parse_save(data: bytes) -> SaveGame:
    """Check a save's bytes in order: ours, not newer, complete, intact, well formed."""
    magic = f"{MAGIC}\n".encode("ascii")
    if not data or (len(data) < len(magic) and magic.startswith(data)):
        raise _fail("err_save_truncated")
    if not data.startswith(magic):
        raise _fail("err_save_foreign")
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        raise _fail("err_save_corrupt") from None
    rows = text.split("\n")
    complete = rows.pop() == ""  # what follows the last newline: a cut-off row, or nothing
    version = _header_number(rows, 1, "version")
    if version > SAVE_VERSION:
        raise _fail("err_save_newer", version=version, supported=SAVE_VERSION)
    if version < 1:
        raise _fail("err_save_corrupt")
    if not complete or not rows or SUM_LINE.fullmatch(rows[-1]) is None:
        raise _fail("err_save_truncated")
    match = SUM_LINE.fullmatch(rows[-1])
    assert match is not None
    body = text[: len(text) - len(rows[-1]) - 1]
    if checksum(body) != match.group(1):
        raise _fail("err_save_corrupt")
    if len(rows) > 2 and re.fullmatch(r"seed -?[0-9]+", rows[2]) and NUMBER.fullmatch(rows[2][5:]) is None:
        raise _fail("err_save_long_seed", digits=len(rows[2][5:].lstrip("-")), limit=SEED_DIGITS)
    seed = _header_number(rows, 2, "seed")
    count = _header_number(rows, 3, "lines")
    lines = rows[4:-1]
    if count != len(lines) or not all(valid_line(line) for line in lines):
        raise _fail("err_save_corrupt")
    return SaveGame(seed, tuple(lines), version)


def check_slot(slot: object) -> int:
    """A slot number must be one of SLOTS."""
    if isinstance(slot, bool) or slot not in SLOTS:
        raise _fail("err_save_slot", slot=str(slot), slots=len(SLOTS))
    assert isinstance(slot, int)
    return slot


def slot_path(saves_dir: Path, slot: int) -> Path:
    """Where a slot lives inside the saves folder."""
    return Path(saves_dir) / f"slot{check_slot(slot)}.sav"


def write_save(saves_dir: Path, slot: int, save: SaveGame) -> Path:
    """Write a save atomically: a crash mid-write leaves the old save as it was."""
    target = slot_path(saves_dir, slot)
    try:
        write_atomic(target, save.to_text().encode("ascii"))
    except OSError:
        raise _fail("err_save_write", slot=slot) from None
    return target


def write_atomic(target: Path, data: bytes) -> None:
    """A temporary file beside the target, flushed to disk, then renamed over it (OSError if not)."""
    tmp_name = ""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
        tmp_name = ""
        _sync_folder(target.parent)
    finally:
        if tmp_name:
            Path(tmp_name).unlink(missing_ok=True)


def _sync_folder(folder: Path) -> None:
    """Flush the folder's entry for the renamed file, where the system allows it."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def read_save(saves_dir: Path, slot: int) -> SaveGame:
    """Read one slot; SaveError if it is empty, unreadable, foreign, newer, truncated or corrupt."""
    path = slot_path(saves_dir, slot)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_SAVE_BYTES + 1)
    except FileNotFoundError:
        raise _fail("err_save_empty", slot=slot) from None
    except OSError:
        raise _fail("err_save_unreadable", slot=slot) from None
    if len(data) > MAX_SAVE_BYTES:
        raise _fail("err_save_foreign")
    return parse_save(data)


def occupied_slots(saves_dir: Path) -> list[int]:
    """The slots that hold a file (readable or not), in order."""
    return [slot for slot in SLOTS if slot_path(saves_dir, slot).is_file()]
