"""The course's own packages as one wheel for the browser's Python (no hidden checks, no solutions)."""
from __future__ import annotations

import base64
import hashlib
import zipfile
from collections.abc import Iterable
from pathlib import Path

NAME = "epic-cosmos-course"
PACKAGES = ("cosmos", "tents", "lessons", "graders")
SECRET = ("graders/hidden",)  # what a student never receives
SKIPPED_PARTS = ("__pycache__", ".ipynb_checkpoints", "saves")
# what the packages read at run time besides their modules (lesson 6's stored games: lessons/data/balance.json)
SUFFIXES = (".py", ".json")
# stamped on every entry, so that the same sources give the same bytes (zip cannot store 1970)
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
WHEEL = "Wheel-Version: 1.0\nGenerator: epic-cosmos lite\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


def wheel_name(version: str) -> str:
    """The wheel's file name: a pure-Python wheel for any Python 3."""
    return f"{NAME.replace('-', '_')}-{version}-py3-none-any.whl"


def package_files(root: Path) -> list[str]:
    """The course's Python sources and the data files they read, relative to root, sorted."""
    files = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*")):
            relative = path.relative_to(root).as_posix()
            if not path.is_file() or path.suffix not in SUFFIXES or any(part in SKIPPED_PARTS for part in path.parts):
                continue
            if any(relative == secret or relative.startswith(secret + "/") for secret in SECRET):
                continue
            files.append(relative)
    return files


def exercise_files(root: Path) -> list[str]:
    """What the self-check reads beside the graders package: each exercise's exercise.json and its starter."""
    files = []
    for spec in sorted((root / "exercises").glob("*/exercise.json")):
        files.append(spec.relative_to(root).as_posix())
        files.extend(nb.relative_to(root).as_posix() for nb in sorted(spec.parent.glob("*.ipynb")))
    return files


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
