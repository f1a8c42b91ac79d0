"""The venv's bytecode rewritten to name the jail's paths: no host path left, every .pyc still valid."""

from __future__ import annotations

import compileall
import marshal
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


def test_the_rewrite_runs_once_per_set_of_installed_packages(tmp_path: Path) -> None:
    venv, site = fake_venv(tmp_path)
    assert jail_bytecode(venv, "/venv")
    stamp = (site / STAMP).read_text(encoding="utf-8")
    pyc = next(site.rglob("more.*.pyc"))
    compileall.compile_file(site / "sample" / "more.py", quiet=2, force=True)  # as if pip wrote it again
    assert str(venv).encode() in pyc.read_bytes()
    assert jail_bytecode(venv, "/venv") and str(venv).encode() in pyc.read_bytes()  # same packages: not looked at
    (site / "other-2.0.dist-info").mkdir()
    assert jail_bytecode(venv, "/venv") and str(venv).encode() not in pyc.read_bytes()
    assert (site / STAMP).read_text(encoding="utf-8") != stamp
