"""The venv's bytecode rewritten to name the jail's paths: no host path left, every .pyc still valid."""

from __future__ import annotations

import compileall
import json
import marshal
import os
import subprocess
import sys
import types
from pathlib import Path

from graders.bytecode import HEADER_BYTES, STAMP, jail_bytecode

SAMPLE = '''
def outer():
    def inner():
        return [x for x in range(3)]
    return inner()


class Thing:
    def method(self):
        return lambda: 1 / 0
'''


def every_code(code: types.CodeType) -> list[types.CodeType]:
    """A code object and every one nested in it."""
    found = [code]
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            found += every_code(const)
    return found


def fake_venv(tmp_path: Path) -> tuple[Path, Path]:
    """A venv-shaped folder with one package and one distribution, compiled where it lies (as pip does)."""
    venv = tmp_path / "host-venv"
    site = venv / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}" / "site-packages"
    (site / "sample").mkdir(parents=True)
    (site / "sample" / "__init__.py").write_text(SAMPLE, encoding="utf-8")
    (site / "sample" / "more.py").write_text("VALUE = 3\n", encoding="utf-8")
    (site / "sample-1.0.dist-info").mkdir()
    assert compileall.compile_dir(site, quiet=2)
    return venv, site


def test_every_pyc_names_the_jails_path_and_python_still_takes_it(tmp_path: Path) -> None:
    venv, site = fake_venv(tmp_path)
    pycs = sorted(site.rglob("*.pyc"))
    assert len(pycs) == 2 and all(str(venv).encode() in pyc.read_bytes() for pyc in pycs)
    headers = {pyc: pyc.read_bytes()[:HEADER_BYTES] for pyc in pycs}
    assert jail_bytecode(venv, "/venv")
    jailed = f"/venv/{site.relative_to(venv).as_posix()}/sample"
    for pyc in pycs:
        data = pyc.read_bytes()
        assert str(venv).encode() not in data and data[:HEADER_BYTES] == headers[pyc]
        source = f"{jailed}/{pyc.name.split('.')[0]}.py"
        assert {code.co_filename for code in every_code(marshal.loads(data[HEADER_BYTES:]))} == {source}
    imported = subprocess.run(
        [sys.executable, "-v", "-c", "import sample, sample.more; print(sample.outer(), sample.more.VALUE)"],
        cwd=site, capture_output=True, text=True, check=True,
    )
    assert imported.stdout == "[0, 1, 2] 3\n"
    matched = [line for line in imported.stderr.splitlines() if " matches " in line and "sample" in line]
    assert len(matched) == 2  # both .pyc files are valid for their sources: nothing is compiled again


def test_the_rewrite_runs_again_only_for_new_packages_or_bytecode_written_since(tmp_path: Path) -> None:
    venv, site = fake_venv(tmp_path)
    cache = site / "sample" / "__pycache__"
    pyc, other = next(cache.glob("more.*.pyc")), next(cache.glob("__init__.*.pyc"))
    assert jail_bytecode(venv, "/venv") and jail_bytecode(venv, "/venv")  # the second looks at the first's writes
    stamp = (site / STAMP).read_text(encoding="utf-8")
    assert jail_bytecode(venv, "/venv") and (site / STAMP).read_text(encoding="utf-8") == stamp  # nothing new

    def recorded() -> int:
        return json.loads((site / STAMP).read_text(encoding="utf-8"))["caches"]["sample/__pycache__"]

    # a .pyc written on the host since (as pytest caches its plugins' modules, or pip writes one again): the folder's
    # time moves on (set a second later here, as a file system that counts time coarsely may not have moved it yet)
    compileall.compile_file(site / "sample" / "more.py", quiet=2, force=True)
    os.utime(cache, ns=(0, recorded() + 10**9))
    assert str(venv).encode() in pyc.read_bytes()
    written = other.stat().st_mtime_ns
    assert jail_bytecode(venv, "/venv") and str(venv).encode() not in pyc.read_bytes()
    assert other.stat().st_mtime_ns == written  # a file that already named the jail is not written again
    # only the folders' times are looked at: one that seems unchanged is not read
    compileall.compile_file(site / "sample" / "more.py", quiet=2, force=True)
    os.utime(cache, ns=(0, recorded()))
    assert jail_bytecode(venv, "/venv") and str(venv).encode() in pyc.read_bytes()
    # a new set of installed packages: every .pyc is looked at
    (site / "other-2.0.dist-info").mkdir()
    assert jail_bytecode(venv, "/venv") and str(venv).encode() not in pyc.read_bytes()
