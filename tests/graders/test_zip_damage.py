"""One member never kills the batch: damaged streams, names that are not the UTF-8 they claim, file names that
are not UTF-8 on the command line, and archives built to make parsing slow."""

from __future__ import annotations

import csv
import json
import os
import re
import zipfile
from io import StringIO
from pathlib import Path

import pytest

from graders.exercise import load_exercise
from graders_instructor.grading import platforms
from graders_instructor.grading.platforms import collect
from tests.graders.grader_helpers import REPO

ISLANDS = load_exercise("01-islands")
REFERENCE = ISLANDS.reference.read_bytes()
JANE = "Jane Doe_2001_assignsubmission_file"


def write_zip(path: Path, members: dict[str, bytes]) -> Path:
    """A deflated zip of these members."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def damage_stream(path: Path, member: str) -> None:
    """Make one member's deflate stream start with a block of the reserved type 3 (RFC 1951, 3.2.3)."""
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo(member)
    data = bytearray(path.read_bytes())
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    data[start : start + 8] = b"\xff" * 8  # BFINAL 1, BTYPE 11: "invalid block type"
    path.write_bytes(bytes(data))


def rename_raw(path: Path, placeholder: str, raw: bytes) -> None:
    """Put raw bytes (as long as the placeholder) in place of a placeholder in members' names, in the local and
    the central directory headers, and flag those names UTF-8 (bit 11)."""
    data = bytearray(path.read_bytes())
    old = placeholder.encode()
    assert len(raw) == len(old)
    for header, name_length_at, name_at in ((b"PK\x03\x04", 26, 30), (b"PK\x01\x02", 28, 46)):
        at = data.find(header)
        while at != -1:
            length = int.from_bytes(data[at + name_length_at : at + name_length_at + 2], "little")
            name = data[at + name_at : at + name_at + length]
            if old in name:
                data[at + name_at : at + name_at + length] = name.replace(old, raw)
                data[at + name_length_at - 20 + 1] |= 0x08  # the flags: byte 7 (local) or 9 (central)
            at = data.find(header, at + 4)
    path.write_bytes(bytes(data))


def test_a_damaged_deflate_stream_is_its_students_error(tmp_path: Path):
    archive = write_zip(tmp_path / "download.zip", {
        "doejane_1001_5001_islands.ipynb": REFERENCE,
        "roebob_1002_5002_islands.ipynb": REFERENCE,
    })
    damage_stream(archive, "roebob_1002_5002_islands.ipynb")
    with zipfile.ZipFile(archive) as check, pytest.raises(Exception, match="invalid block type"):
        check.read("roebob_1002_5002_islands.ipynb")
    found, problems = collect([archive], "islands.ipynb", tmp_path / "scratch")
    by_key = {item.student: item for item in found}
    assert by_key["canvas-1001"].path.read_bytes() == REFERENCE and not by_key["canvas-1001"].error
    assert "could not be read from the zip (error: Error -3" in by_key["canvas-1002"].error
    assert "invalid block type" in by_key["canvas-1002"].error and len(problems) == 1


def test_a_name_that_is_not_the_utf8_it_claims_is_its_students_error(tmp_path: Path):
    archive = write_zip(tmp_path / "download.zip", {
        f"{JANE}/islands.ipynb": REFERENCE,
        f"{JANE}/PLACEHOLDER.ipynb": REFERENCE,  # Jane's second file, about to get a name of bad bytes
        "Bob Roe_2002_assignsubmission_file/islands.ipynb": REFERENCE,
        "Eve ZZ_2003_assignsubmission_file/islands.ipynb": REFERENCE,  # the owner's name itself goes bad
        "Ann Lee_2004_assignsubmission_file/PLACE.ipynb": REFERENCE,  # Ann's only notebook goes bad
    })
    rename_raw(archive, "PLACEHOLDER", b"caf\xe9\xff\xfe-nbXY")
    rename_raw(archive, "Eve ZZ", b"Eve \xc3\x28")
    rename_raw(archive, "PLACE", b"\xed\xa0\x80x\x80")  # a UTF-16 surrogate in UTF-8 and a lone continuation
    with pytest.raises(UnicodeDecodeError):
        zipfile.ZipFile(archive)  # Python's zipfile refuses the whole archive
    found, problems = collect([archive], "islands.ipynb", tmp_path / "scratch")
    by_key = {item.student: item for item in found}
    assert sorted(by_key) == ["moodle-2001", "moodle-2002", "moodle-2003", "moodle-2004"]
    assert by_key["moodle-2001"].path.read_bytes() == REFERENCE and "caf\\xe9\\xff\\xfe-nbXY" in by_key[
        "moodle-2001"].note  # graded islands.ipynb; the other is named, with its bytes as escapes
    assert by_key["moodle-2002"].path.read_bytes() == REFERENCE and not by_key["moodle-2002"].error
    assert by_key["moodle-2003"].name == "Eve \\xc3(" and "not valid UTF-8" in by_key["moodle-2003"].error
    assert "not valid UTF-8" in by_key["moodle-2004"].error
    assert all(text.isprintable() for text in problems)


class Counting:
    """A compiled pattern that counts the characters it is handed (work that does not depend on the machine)."""

    def __init__(self, pattern: re.Pattern, seen: list[int]) -> None:
        self.pattern, self.seen = pattern, seen

    def fullmatch(self, text: str) -> re.Match | None:
        self.seen[0] += len(text)
        return self.pattern.fullmatch(text)


def characters_examined(tmp_path: Path, depth: int, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """(characters handed to the naming patterns, archive bytes) for 200 members with paths `depth` folders deep."""
    members = {f"Student {n}_{3000 + n}_assignsubmission_file/{'d/' * depth}{n}.ipynb": b"{}" for n in range(100)}
    members |= {f"{'e/' * depth}{n}_strange.ipynb": b"{}" for n in range(100)}  # members of neither naming
    archive = write_zip(tmp_path / f"deep-{depth}.zip", members)
    seen = [0]
    for name in ("CANVAS", "CANVAS_ANONYMOUS", "CANVAS_ONLINE", "CANVAS_ONLINE_ANONYMOUS", "MOODLE_FOLDER",
                 "MOODLE_FILE"):
        monkeypatch.setattr(platforms, name, Counting(getattr(platforms, name), seen))
    found, problems = collect([archive], "islands.ipynb", tmp_path / f"scratch-{depth}")
    assert len(found) == 100 and len(problems) == 100
    monkeypatch.undo()
    return seen[0], archive.stat().st_size


def test_parsing_a_zip_is_linear_in_its_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    small, small_size = characters_examined(tmp_path, 250, monkeypatch)
    large, large_size = characters_examined(tmp_path, 1000, monkeypatch)
    # names are stored twice in a zip (local and central headers), so each is examined a bounded number of times
    assert small <= 3 * small_size and large <= 3 * large_size
    assert large / small <= 1.25 * large_size / small_size  # four times the archive, about four times the work
    print(f"\n{small} characters for {small_size} bytes, {large} for {large_size}")


@pytest.mark.slow
def test_a_batch_with_damaged_members_and_an_undecodable_file_name_grades_the_rest(tmp_path: Path):
    archive = write_zip(tmp_path / "download.zip", {
        "doejane_1001_5001_islands.ipynb": REFERENCE,
        "roebob_1002_5002_islands.ipynb": REFERENCE,
        "leeann_1003_5003_PLACEHOLDER.ipynb": REFERENCE,
    })
    damage_stream(archive, "roebob_1002_5002_islands.ipynb")
    rename_raw(archive, "PLACEHOLDER", b"isl\xe4nds\xff\xfeXY")
    loose = os.fsencode(tmp_path) + b"/caf\xe9\n=1+1.ipynb"  # not UTF-8, a newline and a formula in the name
    with open(loose, "wb") as file:
        file.write(REFERENCE)
    out = tmp_path / "out"
    run = __import__("subprocess").run(
        [os.fsencode(__import__("sys").executable), b"-m", b"graders_instructor", b"grade", b"01-islands",
         os.fsencode(archive), loose, b"--out", os.fsencode(out), b"--jobs", b"2"],
        cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True, timeout=600)
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-3000:]
    rows = {row["student"]: row for row in csv.DictReader(StringIO((out / "summary.csv").read_text()))}
    assert len(rows) == 4
    assert rows["canvas-1001"]["score"] == "30" and rows["canvas-1001"]["outcome"] == "passed"
    loose_row = next(row for key, row in rows.items() if not key.startswith("canvas"))
    assert loose_row["score"] == "30" and "\\xe9" in loose_row["student"] and "\n" not in loose_row["file"]
    for key, reason in (("canvas-1002", "could not be read from the zip"), ("canvas-1003", "not valid UTF-8")):
        assert rows[key]["score"] == "0" and rows[key]["outcome"] == "error"
        results = json.loads((out / rows[key]["submission"] / "results.json").read_text())
        assert reason in results["output"]
