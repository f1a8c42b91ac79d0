"""tests/reference/ is a verbatim copy of the shared reference folder, wherever that folder exists."""
from __future__ import annotations

from pathlib import Path

from tests.reference import REFERENCE, SHARED_REFERENCE


def files_under(folder: Path) -> dict[str, bytes]:
    """Every file under folder, by its path relative to it, with its bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_copy_holds_the_facts_the_tests_read():
    names = files_under(REFERENCE)
    assert "README.md" in names and "lesson1/outputs.md" in names
    assert any(name.startswith("screens/seed2026-") for name in names)


def test_the_copy_equals_the_shared_folder_byte_for_byte():
    if not SHARED_REFERENCE.is_dir():
        return  # a clone on its own: the copy is all there is, and the other tests read it
    copy, shared = files_under(REFERENCE), files_under(SHARED_REFERENCE)
    assert sorted(copy) == sorted(shared), "files added to or missing from tests/reference/"
    changed = [name for name in shared if copy[name] != shared[name]]
    assert changed == [], f"tests/reference/ differs from {SHARED_REFERENCE} in {changed}"
