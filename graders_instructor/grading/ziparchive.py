"""Open an untrusted zip whose members' names may not be the UTF-8 their flag promises.

Python's zipfile refuses the whole archive when one member sets the UTF-8 flag (bit 11 of the general purpose
flags) over bytes that are not UTF-8. One such member is its student's problem, not the batch's: `open_zip`
then reads the archive through a view that clears that flag in the central directory, so every name is read
byte for byte (as cp437, which maps every byte), and gives each member's name back as UTF-8 with the bad bytes
written as escapes, with the set of members whose names were bad.
"""

from __future__ import annotations

import bisect
import io
import struct
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

UTF8_FLAG = 0x800  # APPNOTE 4.4.4, bit 11: the name and comment are UTF-8
CENTRAL = struct.Struct("<4s4B4HL2L5H2L")  # a central directory header (APPNOTE 4.3.12), 46 bytes
CENTRAL_SIGNATURE = b"PK\x01\x02"
FLAGS_AT = 8  # the general purpose flags in a central directory header
NAME_LENGTH, EXTRA_LENGTH, COMMENT_LENGTH = 12, 13, 14  # their places in CENTRAL's fields
ZIP: Any = zipfile  # zipfile's end-record helpers, which its type stubs leave out


class MaskedFile(io.RawIOBase):
    """A file read with some bytes replaced: {offset: byte}."""

    def __init__(self, raw: io.BufferedReader, patches: dict[int, int]) -> None:
        super().__init__()
        self.raw = raw
        self.offsets = sorted(patches)
        self.patches = patches

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def seek(self, offset: int, whence: int = 0) -> int:
        return self.raw.seek(offset, whence)

    def tell(self) -> int:
        return self.raw.tell()

    def readinto(self, buffer: WriteableBuffer, /) -> int:
        start = self.raw.tell()
        view = memoryview(buffer).cast("B")
        count = self.raw.readinto(view)
        first = bisect.bisect_left(self.offsets, start)
        for offset in self.offsets[first : bisect.bisect_left(self.offsets, start + count)]:
            view[offset - start] = self.patches[offset]
        return count

    def close(self) -> None:
        self.raw.close()
        super().close()


def central_flags(raw: BinaryIO) -> tuple[dict[int, int], list[bool]]:
    """Each central directory header's flags byte that claims UTF-8 (by offset), that flag cleared; and for
    every header in order, whether it claimed UTF-8."""
    end = ZIP._EndRecData(raw)  # the end records, zip64 too (a stable part of zipfile since Python 2)
    if not end:
        raise zipfile.BadZipFile("File is not a zip file")
    size = end[ZIP._ECD_SIZE]
    start = end[ZIP._ECD_LOCATION] - size  # where zipfile finds it too (offset plus any bytes before the zip)
    if end[ZIP._ECD_SIGNATURE] == ZIP.stringEndArchive64:
        start -= ZIP.sizeEndCentDir64 + ZIP.sizeEndCentDir64Locator
    raw.seek(start)
    directory = raw.read(size)
    patches: dict[int, int] = {}
    claimed: list[bool] = []
    at = 0
    while at + CENTRAL.size <= len(directory):
        fields = CENTRAL.unpack_from(directory, at)
        if fields[0] != CENTRAL_SIGNATURE:
            break
        flags = directory[at + FLAGS_AT + 1]
        claimed.append(bool(flags & (UTF8_FLAG >> 8)))
        if claimed[-1]:
            patches[start + at + FLAGS_AT + 1] = flags & ~(UTF8_FLAG >> 8) & 0xFF
        at += CENTRAL.size + fields[NAME_LENGTH] + fields[EXTRA_LENGTH] + fields[COMMENT_LENGTH]
    return patches, claimed


@contextmanager
def open_zip(source: Path) -> Iterator[tuple[zipfile.ZipFile, set[str]]]:
    """The archive, and the names (as given back, escapes and all) of members whose names are not valid UTF-8."""
    try:
        archive = zipfile.ZipFile(source)
    except UnicodeDecodeError:
        pass
    else:
        with archive:
            yield archive, set()
        return
    with open(source, "rb") as raw:
        patches, claimed = central_flags(raw)
        with zipfile.ZipFile(MaskedFile(raw, patches)) as archive:
            bad: set[str] = set()
            for info, utf8 in zip(archive.infolist(), claimed, strict=False):
                if not utf8:
                    continue  # a name in the old encoding (cp437), read as zipfile always reads it
                data = info.orig_filename.encode("cp437")
                try:
                    info.filename = data.decode("utf-8")
                except UnicodeDecodeError:
                    info.filename = data.decode("utf-8", "backslashreplace")
                    bad.add(info.filename)
            yield archive, bad
