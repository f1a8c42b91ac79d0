"""The course's own packages as one wheel for the browser's Python (no hidden checks, no solutions)."""
from __future__ import annotations

import base64
import hashlib
import zipfile
from collections.abc import Iterable
from pathlib import Path

from graders_instructor.release import manifest

NAME = "epic-cosmos-course"
PACKAGES = ("cosmos", "tents", "lessons", "graders")
# stamped on every entry, so that the same sources give the same bytes (zip cannot store 1970)
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
WHEEL = "Wheel-Version: 1.0\nGenerator: epic-cosmos lite\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


def wheel_name(version: str) -> str:
    """The wheel's file name: a pure-Python wheel for any Python 3."""
    return f"{NAME.replace('-', '_')}-{version}-py3-none-any.whl"


def shipped(root: Path) -> list[str]:
    """The course's files the manifest ships to the JupyterLite wheel, relative to root, sorted."""
    return manifest.select(manifest.tracked_files(root), manifest.LITE)


def package_files(root: Path) -> list[str]:
    """The course's Python sources and the data files they read, relative to root, sorted."""
    return [name for name in shipped(root) if name.split("/")[0] in PACKAGES]


def exercise_files(root: Path) -> list[str]:
    """What the self-check reads beside the graders package: each exercise's exercise.json and its starter."""
    return [name for name in shipped(root) if name.startswith("exercises/")]


def metadata(version: str, requires: Iterable[str]) -> str:
    """The wheel's METADATA: its name, version and what it needs installed beside it."""
    lines = ["Metadata-Version: 2.1", f"Name: {NAME}", f"Version: {version}",
             "Summary: Epic Cosmos: the game engine, the lesson kit, the quizzes and the self-check",
             *(f"Requires-Dist: {requirement}" for requirement in requires)]
    return "\n".join(lines) + "\n"


def record_line(name: str, data: bytes) -> str:
    """One RECORD row: the file, its sha256 (urlsafe base64, unpadded) and its size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build_wheel(root: Path, into: Path, version: str, requires: Iterable[str] = ("ipywidgets",)) -> Path:
    """Write the course's wheel into the folder `into`; the same sources give the same bytes."""
    into.mkdir(parents=True, exist_ok=True)
    target = into / wheel_name(version)
    info = f"{NAME.replace('-', '_')}-{version}.dist-info"
    entries = [(name, (root / name).read_bytes()) for name in [*package_files(root), *exercise_files(root)]]
    entries += [
        (f"{info}/METADATA", metadata(version, requires).encode()),
        (f"{info}/WHEEL", WHEEL.encode()),
        (f"{info}/top_level.txt", ("\n".join(PACKAGES) + "\n").encode()),
    ]
    record = "\n".join([*(record_line(name, data) for name, data in entries), f"{info}/RECORD,,"]) + "\n"
    entries.append((f"{info}/RECORD", record.encode()))
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            entry = zipfile.ZipInfo(name, ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    return target
