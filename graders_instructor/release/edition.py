"""The student edition: `python3 course.py release DIR` copies an explicit allow-list of the course's files."""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from graders.exercise import EXERCISES, HIDDEN
from graders_instructor.release import manifest

ROOT = Path(__file__).resolve().parents[2]
MARKER = ".cosmos-student-edition"  # a file at the top of every edition (so a rebuild may replace it)


@dataclass(frozen=True)
class Ship:
    """Files that go out: paths matching `pattern` (a glob of release/manifest.py), placed at `to` if given."""

    pattern: str
    to: str | None = None


# Everything the student edition holds: the rules of release/manifest.py that name the student edition. Anything
# not named there stays with the instructor: hidden checks, reference and known-wrong solutions, the scripts that
# make hidden checks, the grader's batch and platform side.
EDITION: tuple[Ship, ...] = tuple(Ship(pattern, manifest.STUDENT_PLACES.get(pattern))
                                  for pattern, where in manifest.RULES if manifest.STUDENT in where)


class ReleaseError(RuntimeError):
    """The edition cannot be written where asked."""


def tracked_files(root: Path = ROOT) -> list[str]:
    """The course's files as git knows them (only what is committed or staged, never a stray local file)."""
    try:
        return manifest.tracked_files(root)
    except manifest.NotACheckout as error:
        raise ReleaseError(str(error)) from None


def matches(path: str, pattern: str) -> bool:
    """Whether path matches a glob of graders_instructor/release/manifest.py (`*` never crosses a `/`)."""
    return manifest.matches(path, pattern)


def plan(files: list[str]) -> dict[str, str]:
    """Destination in the edition -> source in the course, for every tracked file the manifest ships to students."""
    chosen = manifest.select(files, manifest.STUDENT)
    return dict(sorted((manifest.STUDENT_PLACES.get(source, source), source) for source in chosen))


@dataclass
class Changes:
    """What a release did to the edition's folder, by path."""

    files: list[str]  # every file of this release
    added: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # written by an earlier release, not by this one
    unchanged: int = 0


def earlier_release(out: Path) -> list[str] | None:
    """The files an earlier release wrote into out (its manifest), None if out holds no edition."""
    try:
        files = json.loads((out / MARKER).read_text(encoding="utf-8"))["files"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not isinstance(files, list) or not all(isinstance(name, str) for name in files):
        return None
    # a manifest is data in the student's folder: only plain relative paths inside it are ever removed
    return [name for name in files if name and not name.startswith("/") and ".." not in name.split("/")
            and not name.startswith(".git/")]


NEVER_CONTENT = (".git",)  # what a folder may hold and still count as empty: the students' repository itself


def foreign(out: Path, keep: tuple[str, ...] = ()) -> list[str]:
    """The top-level names in out that no release wrote and that are not the repository's own (.git, keep)."""
    return sorted(path.name for path in out.iterdir() if path.name not in NEVER_CONTENT + keep)


def prepare(out: Path, root: Path, force: bool, keep: tuple[str, ...] = ()) -> list[str]:
    """Check where the edition goes; return what an earlier release wrote there. Nothing in out is ever deleted
    here: --force only lets the edition be written beside files it did not write."""
    if out == root or out.is_relative_to(root) or root.is_relative_to(out):
        raise ReleaseError(f"{out}: the edition must go outside the course's folder")
    if out.exists() and not out.is_dir():
        raise ReleaseError(f"{out} is not a folder")
    if not out.exists():
        return []
    earlier = earlier_release(out)
    if earlier is not None:
        return earlier
    others = foreign(out, keep)
    if others and not force:
        raise ReleaseError(f"{out} holds files of its own ({', '.join(others[:5])}{', ...' if len(others) > 5 else ''})"
                           " and no earlier student edition; choose a new folder, or --force to write the edition "
                           "beside them (nothing of theirs is deleted; a file the edition writes is replaced)")
    return []


def stage(chosen: dict[str, str], staging: Path, root: Path) -> None:
    """Copy every chosen file into a staging folder (searched for leaks before anything reaches the edition)."""
    for target, source in chosen.items():
        destination = staging / target
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / source, destination)
        shutil.copymode(root / source, destination)
    if (staging / "pyproject.toml").is_file():
        pyproject = staging / "pyproject.toml"
        pyproject.write_text(edition_pyproject(pyproject.read_text(encoding="utf-8"), staging), encoding="utf-8")


def edition_pyproject(text: str, edition: Path) -> str:
    """The course's pyproject.toml without the packages the edition leaves out (the instructor's): the edition's
    course.py installs the rest with pip install -e, which stops at a listed package that has no folder."""
    config = tomllib.loads(text)["tool"]["setuptools"]
    folders = config.get("package-dir", {})
    absent = [name for name in config["packages"] if not (edition / folders.get(name, name.replace(".", "/"))).is_dir()]
    scripts = tomllib.loads(text).get("project", {}).get("scripts", {})
    for name, target in scripts.items():  # the instructor's commands: the edition's `graders` is the student's
        if target.startswith("graders_instructor."):
            line = re.search(rf'^{re.escape(name)} = .*\n', text, flags=re.MULTILINE)
            student = 'graders = "graders.__main__:main"\n' if name == "graders" else ""
            text = text.replace(line[0], student) if line else text
    listed = re.search(r"^packages = \[.*?\]", text, flags=re.MULTILINE | re.DOTALL)
    if not absent or listed is None:
        return text
    kept = re.sub("|".join(rf'\s*"{re.escape(name)}",?' for name in absent), "", listed[0])
    text = text[: listed.start()] + kept + text[listed.end() :]
    for name in absent:  # its package-dir and package-data entries
        text = re.sub(rf'^"{re.escape(name)}" = .*\n', "", text, flags=re.MULTILINE)
    return text


def sync(staging: Path, out: Path, files: list[str], earlier: list[str]) -> Changes:
    """Bring out up to date with staging: write what differs, remove what only the earlier release wrote."""
    changes = Changes(files)
    for name in files:
        source, destination = staging / name, out / name
        if destination.is_file() and not destination.is_symlink():
            if destination.read_bytes() == source.read_bytes():
                changes.unchanged += 1
                shutil.copymode(source, destination)
                continue
            changes.changed.append(name)
        else:
            if destination.is_symlink() or destination.exists():
                remove(destination)
            changes.added.append(name)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination)
    kept = set(files)
    for name in sorted(set(earlier) - kept):
        path = out / name
        if path.is_symlink() or path.is_file():
            path.unlink()
            changes.removed.append(name)
            prune(path.parent, out)
    (out / MARKER).write_text(json.dumps({"files": files}, indent=1) + "\n", encoding="utf-8")
    return changes


def remove(path: Path) -> None:
    """Remove a file, a link or a folder standing where the release writes a file."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink()


def prune(folder: Path, out: Path) -> None:
    """Remove folders left empty, from folder up to (not including) out."""
    while folder != out and folder.is_relative_to(out) and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


def build(out: Path, root: Path = ROOT, force: bool = False, keep: tuple[str, ...] = ()) -> Changes:
    """Write or update the student edition in out: keep what the release did not write (.git, the student's own
    files), remove what an earlier release wrote and this one does not. Nothing is written if a hidden value
    would go out (ReleaseError). A name in keep (the instructor's own README.md, say) is never written over."""
    out = out.resolve()
    earlier = [name for name in prepare(out, root, force, keep) if name not in keep]
    planned = plan(tracked_files(root))
    missing = [path for path in ("README.md", "course.py", "graders/selfcheck.py") if path not in planned]
    if missing:
        raise ReleaseError(f"the allow-list found no {missing[0]}")
    chosen = {target: source for target, source in planned.items() if target not in keep}
    with tempfile.TemporaryDirectory(prefix="cosmos-release-") as scratch:
        staging = Path(scratch)
        stage(chosen, staging, root)
        found = leaks(staging)
        if found:
            raise ReleaseError("hidden checks' values are in these files, so nothing was written:\n  "
                               + "\n  ".join(found))
        in_the_way = [target for target in chosen if (out / target).is_dir() and not (out / target).is_symlink()]
        if in_the_way:
            raise ReleaseError(f"{out / in_the_way[0]} is a folder where the edition writes a file; nothing was "
                               "written (move it away first)")
        out.mkdir(parents=True, exist_ok=True)
        return sync(staging, out, list(chosen), earlier)


# What the leak search looks for: every value of every hidden check written as JSON, as a Python literal and, for
# text, bare or escaped, with all whitespace removed from both needle and file. A hidden check's secret is its
# input and its answer, so those are searched from MIN_NEEDLE["input"] and MIN_NEEDLE["answer"] characters:
# shorter ones are numbers, booleans, short words and lists of a few small numbers (`5`, `true`, `[]`,
# `[0,0,1]`), which every Python file holds by accident and which say nothing without the input they answer.
# Each part of an input (an argument, a step of a class's script) is searched too, from MIN_NEEDLE["part"]
# characters, unless it is a bare identifier: a name of the game's vocabulary (a tech's key, a command), which the
# engine itself spells out. A value that a public check also uses is no secret (the student is shown it).
MIN_NEEDLE = {"input": 10, "answer": 12, "part": 16}
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# Values a hidden check shares with a lesson on purpose, and why (so they are not searched for anywhere).
TAUGHT: dict[str, str] = {
    "4x4:ababf,2,0,2,0,2,0,2,0": "the Tents lesson's ring of four trees (the hidden check's tents are not shown)",
}
WHITESPACE = re.compile(r"\s+")


def written_forms(value: object) -> set[str]:
    """The ways a value appears in a file: JSON, a Python literal (list or tuple), bare or escaped text."""
    forms = {json.dumps(value), json.dumps(value, ensure_ascii=False), repr(value)}
    if isinstance(value, list):
        forms.add(repr(tuple(value)))
    if isinstance(value, str):
        forms |= {value, json.dumps(value)[1:-1], json.dumps(value, ensure_ascii=False)[1:-1], repr(value)[1:-1]}
    return {WHITESPACE.sub("", form) for form in forms}


def check_values(check: dict) -> list[tuple[str, object]]:
    """Every value of one check as plain JSON, with its role: "input" (args, stdin, a class's script), "part"
    (one argument, one step's arguments) or "answer" (each accepted one)."""
    values: list[tuple[str, object]] = []
    if isinstance(check.get("args"), list):
        values += [("input", check["args"]), *(("part", arg) for arg in check["args"])]
    if "stdin" in check:
        values.append(("input", check["stdin"]))
    script = check.get("script")
    if isinstance(script, list):
        values.append(("input", script))
        values += [("part", step[1]) for step in script if isinstance(step, list) and len(step) == 2]
    answers = [check["expect"]] if "expect" in check else list(check.get("expect_any", []))
    return values + [("answer", answer) for answer in answers]


def check_needles(check: dict, shown: set[str]) -> set[str]:
    """The needles of one hidden check (see MIN_NEEDLE), leaving out what the public checks show."""
    needles: set[str] = set()
    for role, value in check_values(check):
        if json.dumps(value, sort_keys=True) in shown or isinstance(value, str) and value in TAUGHT:
            continue
        if role == "part" and isinstance(value, str) and IDENTIFIER.fullmatch(value):
            continue
        needles |= {form for form in written_forms(value) if len(form) >= MIN_NEEDLE[role]}
    return needles


def hidden_needles(exercises: Path = EXERCISES, hidden: Path = HIDDEN) -> dict[str, str]:
    """Needle -> "exercise: check name" for every hidden check's values worth searching."""
    needles: dict[str, str] = {}
    for public_file in sorted(exercises.glob("*/exercise.json")):
        name = public_file.parent.name
        hidden_file = hidden / name / "hidden.json"
        if not hidden_file.is_file():
            continue
        public = json.loads(public_file.read_text(encoding="utf-8"))["checks"]
        shown = {json.dumps(value, sort_keys=True) for check in public for _, value in check_values(check)}
        for check in json.loads(hidden_file.read_text(encoding="utf-8"))["checks"]:
            for needle in sorted(check_needles(check, shown)):
                needles.setdefault(needle, f"{name}: {check['name']}")
    return needles


def searchable(path: Path) -> str:
    """A file's text with whitespace removed; for JSON and notebooks also every string in it, decoded and joined
    (so a cell's source split into lines, or text escaped inside JSON, is searched as the student reads it)."""
    text = path.read_bytes().decode("utf-8", "replace")
    parts = [text]
    if path.suffix in (".ipynb", ".json"):
        try:
            parts += list(_strings(json.loads(text)))
        except ValueError:
            pass
    return WHITESPACE.sub("", "\n".join(parts))


def _strings(data: object):  # noqa: ANN202 (a generator of str)
    """Every string in decoded JSON; a list of strings also as one joined string (a notebook cell's source)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, list):
        if data and all(isinstance(item, str) for item in data):
            yield "".join(data)
        for item in data:
            yield from _strings(item)
    elif isinstance(data, dict):
        for item in data.values():
            yield from _strings(item)


def leaks(edition: Path, needles: dict[str, str] | None = None) -> list[str]:
    """"file: exercise: check" for every hidden value found in a file of the edition (none, or it must not go out)."""
    needles = hidden_needles() if needles is None else needles
    found = []
    for path in sorted(p for p in edition.rglob("*") if p.is_file() and not p.is_symlink()):
        text = searchable(path)
        found += sorted({f"{path.relative_to(edition)}: {where}" for needle, where in needles.items()
                         if needle in text})
    return found


def describe(changes: Changes, out: Path, limit: int = 40) -> str:
    """What a release changed, for the instructor: counts, then the paths (at most limit of each kind)."""
    lessons = sum(path.startswith("lessons/") and path.endswith(".ipynb") for path in changes.files)
    exercises = sum(path.endswith("/exercise.json") for path in changes.files)
    lines = [f"student edition: {len(changes.files)} files in {out} ({lessons} lessons, {exercises} exercises, "
             f"public checks only): {len(changes.added)} added, {len(changes.changed)} changed, "
             f"{len(changes.removed)} removed, {changes.unchanged} unchanged"]
    for sign, names in (("+", changes.added), ("~", changes.changed), ("-", changes.removed)):
        lines += [f"  {sign} {name}" for name in names[:limit]]
        if len(names) > limit:
            lines.append(f"  {sign} ... and {len(names) - limit} more")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """`python -m graders_instructor.release.edition DIR`: write or update the edition, say what changed."""
    parser = argparse.ArgumentParser(prog="python3 course.py release", description="Write the student edition.")
    parser.add_argument("out", type=Path, help="a new folder, or an earlier edition (updated in place: its .git "
                        "and every file the release did not write are kept)")
    parser.add_argument("--force", action="store_true",
                        help="write into a folder that holds files of its own and no earlier edition (its files are "
                        "kept; a file the edition writes is replaced; .git never counts)")
    parser.add_argument("--keep", action="append", default=[], metavar="NAME",
                        help="a file of the folder's own that the release never writes over (e.g. README.md); "
                        "may be given more than once")
    args = parser.parse_args(argv)
    try:
        changes = build(args.out, force=args.force, keep=tuple(args.keep))
    except ReleaseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(describe(changes, args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
