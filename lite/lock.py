"""The site's pyodide-lock.json: the packages the browser's Python loads, every one a wheel inside the site."""
from __future__ import annotations

import email.parser
import hashlib
import re
import zipfile
from pathlib import Path

REQUIREMENT_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def canonical(name: str) -> str:
    """A package name as the lock file keys it (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_metadata(wheel: Path) -> tuple[str, str, list[str], list[str]]:
    """A wheel's name, version, run-time requirements (names) and top-level import names."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = next(name for name in names if name.endswith(".dist-info/METADATA"))
        message = email.parser.Parser().parsestr(archive.read(info).decode("utf-8"))
        top_level = next((name for name in names if name.endswith(".dist-info/top_level.txt")), None)
        if top_level:
            imports = archive.read(top_level).decode().split()
        else:
            imports = sorted({name.split("/")[0].removesuffix(".py") for name in names
                              if not name.split("/")[0].endswith((".dist-info", ".data"))
                              and (name.endswith(".py") or "/" in name)})
    requires = [REQUIREMENT_NAME.match(line).group(1) for line in message.get_all("Requires-Dist") or []
                if "extra ==" not in line and "extra==" not in line]
    return message["Name"], message["Version"], requires, imports


def sha256(path: Path) -> str:
    """The file's sha256, as the lock file names it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def entry(wheel: Path, template: dict | None = None) -> dict:
    """A lock entry for a wheel beside the lock file: Pyodide's own entry with this file, or one made from it."""
    name, version, requires, imports = wheel_metadata(wheel)
    made = {"name": canonical(name), "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": sha256(wheel), "package_type": "package", "imports": imports,
            "depends": sorted(canonical(requirement) for requirement in requires),
            "unvendored_tests": False}
    if template is not None:  # keep Pyodide's own view of imports and dependencies
        made.update(imports=template["imports"], depends=[canonical(d) for d in template["depends"]])
    return made


def site_lock(pyodide_lock: dict, wheels: list[Path]) -> dict:
    """Pyodide's lock narrowed to the given wheels (each beside the written lock): nothing points outside the site."""
    packages: dict[str, dict] = {}
    for wheel in wheels:
        name = canonical(wheel_metadata(wheel)[0])
        packages[name] = entry(wheel, pyodide_lock["packages"].get(name))
    missing = sorted({dep for item in packages.values() for dep in item["depends"]} - set(packages))
    if missing:
        raise ValueError(f"the site's lock file needs wheels for {', '.join(missing)}")
    return {"info": pyodide_lock["info"], "packages": dict(sorted(packages.items()))}
