"""Save files (exercise 06-save): graded in the real sandbox, each wrong solution loses exactly
the checks that an in-process run of its code says it fails; the checks agree with the engine.

CLAIMS of the exercise notebook checked here (each by the test named after it):
- the notebook is what make_notebooks.py writes (the script is its one source, step cells included)
- the example save is the engine's save of that seed and those lines, byte for byte, and its last row is
  `crc32 ` and zlib's CRC-32 of all the text above it in 8 lower-case hex digits
- the table's numbers are the engine's: command lines of 1 to 120 printable ASCII characters, numbers of
  at most 20 digits, version 1 the newest
- each of the nine rules gives the verdict the notebook says, and the engine (`cosmos/save.py`) and the
  reference give that verdict too; a newer save with a foreign checksum is newer, every cut is truncated
- the grader feeds every truncation and every single-bit change of a save (none of the flips is ok)
- the two graded functions are graded (public and hidden checks call them) and the notebook says so under
  a heading that says graded; only ungraded work is under "More tasks"
- win rates are wins per empire played, the measure lesson 6 prints (its balance tally)
- the victory checker's figures (9800 produced, turn 150), its order of kinds and its tie-break are
  `cosmos/victory.py`'s
"""

from __future__ import annotations

import inspect
import json
import re
import zlib
from pathlib import Path

import pytest

import cosmos.save
import cosmos.victory
from cosmos.data import ECONOMY_TARGET, MAX_TURNS
from cosmos.save import SaveGame
from graders.exercise import EXERCISES, load_exercise
from graders.grading import limits_for
from graders.notebook import read_cells
from graders_instructor.authoring.hints import with_hints
from graders_instructor.authoring.validate import describe, validate
from lessons.kit.balance import OF_INITIAL, load_balance, tally
from tests.hidden_scripts import load_script

pytestmark = pytest.mark.slow

HIDDEN = load_exercise("06-save").hidden_folder
make_hidden = load_script(HIDDEN, "make_hidden")
make_notebooks = load_script(HIDDEN, "make_notebooks")


def all_checks() -> list[dict]:
    """Public checks, then hidden ones, as stored."""
    public = json.loads((EXERCISES / "06-save" / "exercise.json").read_text())["checks"]
    return public + json.loads((HIDDEN / "hidden.json").read_text())["checks"]


def plain(value: object) -> object:
    """Tuples as lists, as the checks store answers."""
    return [plain(item) for item in value] if isinstance(value, list | tuple) else value


def failed_in_process(notebook: Path) -> set[str]:
    """The checks that the notebook's code fails when run here (exact types, like the grader)."""
    scope: dict = {}
    for source in read_cells(notebook):
        if "check_here" in source or "print(" in source:
            continue
        exec(compile(source, str(notebook), "exec"), scope)
    failed = set()
    for check in all_checks():
        try:
            got = scope[check["call"]](*check["args"])
        except Exception:  # noqa: BLE001 - any exception fails the check
            failed.add(check["name"])
            continue
        expect = check["expect"]
        if check["call"] == "read_save":
            ok = type(got) is tuple and type(got[1]) is list and plain(got) == expect
        elif check["call"] == "win_rates":
            ok = type(got) is dict and got.keys() == expect.keys() and all(
                type(got[k]) is float and abs(got[k] - expect[k]) <= 1e-9 for k in expect)
        elif check["call"] == "victory":
            ok = type(got) is tuple and plain(got) == expect
        else:
            ok = got == expect
        if not ok:
            failed.add(check["name"])
    return failed


def test_the_checks_agree_with_the_engine() -> None:
    checks = all_checks()
    for check in checks:
        if check["call"] == "save_text":
            assert check["expect"] == SaveGame(check["args"][0], tuple(check["args"][1])).to_text()
        if check["call"] == "read_save":
            save = SaveGame.from_text(check["args"][0])
            assert check["expect"] == [save.seed, list(save.lines)]
        if check["call"] == "verdicts":
            assert check["expect"] == [make_hidden.engine_verdict(text) for text in check["args"][0]]
    by_name = {check["name"]: check for check in checks}
    flips = by_name["verdicts: every single-bit flip of a save"]["args"][0]
    cuts = by_name["verdicts: every truncation of a save"]["args"][0]
    original = cuts[-1] + "\n"
    assert len(flips) == 8 * len(original) and len(cuts) == len(original)
    flipped = by_name["verdicts: every single-bit flip of a save"]["expect"]
    assert {"truncated", "corrupt", "foreign", "newer"} <= set(flipped) and "ok" not in flipped


def test_the_stored_files_are_what_the_scripts_make(tmp_path: Path) -> None:
    assert json.loads((HIDDEN / "hidden.json").read_text())["checks"] == json.loads(
        json.dumps(with_hints(make_hidden.hidden_checks(), make_hidden.HIDDEN_HINTS)))
    assert json.loads((EXERCISES / "06-save" / "exercise.json").read_text())["checks"] == json.loads(
        json.dumps(with_hints(make_hidden.public_checks(), make_hidden.PUBLIC_HINTS)))
    wrong = sorted(path.stem for path in (HIDDEN / "wrong").glob("*.ipynb"))
    assert wrong == sorted(make_notebooks.WRONG) and len(wrong) >= 8
    for name in wrong:
        cells = read_cells(HIDDEN / "wrong" / f"{name}.ipynb")
        assert any(part in cells for part in make_notebooks.broken(name)), name


def test_the_students_folder_holds_nothing_hidden() -> None:
    folder = EXERCISES / "06-save"
    assert sorted(p.name for p in folder.iterdir()) == ["exercise.json", "save.ipynb"]
    text = "".join((folder / name).read_text() for name in ("exercise.json", "save.ipynb"))
    for check in json.loads((HIDDEN / "hidden.json").read_text())["checks"]:
        assert check["name"] not in text
    assert "zlib.crc32(body" not in (folder / "save.ipynb").read_text()  # no solution inside


def test_validate_grades_the_reference_full_and_every_wrong_solution_down_by_what_it_fails_in_process() -> None:
    exercise = load_exercise("06-save")
    findings = validate(exercise, 2, limits_for(exercise))  # what `validate 06-save` runs, in the sandbox
    assert describe(exercise, findings).splitlines()[-1] == "valid"
    max_score = len(all_checks())
    assert exercise.max_score == max_score
    assert [finding.role for finding in findings][:2] == ["reference", "starter"]
    for finding in findings:
        if finding.role == "starter":  # loses points (validate's "ok"); what it fails is every stub's business
            continue
        assert {name.split(": ", 1)[0] for name in finding.failed_checks} <= {"public", "hidden"}
        failed = {name.split(": ", 1)[1] for name in finding.failed_checks}
        expected = failed_in_process(finding.path)
        assert failed == expected, finding.path.stem
        assert finding.score == max_score - len(expected), finding.path.stem
        if finding.role == "reference":
            assert not expected
        else:
            assert expected, f"{finding.path.stem} must lose points"


STARTER = EXERCISES / "06-save" / "save.ipynb"
SAVE = SaveGame(2026, ("col 3", "end", "r 1", "end")).to_text()


def starter_markdown() -> str:
    """The text of the student's notebook: its markdown cells, one after another."""
    import nbformat

    return "\n".join(c.source for c in nbformat.read(STARTER, as_version=4).cells if c.cell_type == "markdown")


def reference_reader() -> dict:
    """The reference's save_text and read_save, from the script that writes its notebook."""
    scope: dict = {}
    exec(compile(make_notebooks.READER, "reader", "exec"), scope)
    return scope


def test_the_starter_is_what_make_notebooks_writes(tmp_path: Path) -> None:
    made = tmp_path / "save.ipynb"
    make_notebooks.write(made, make_notebooks.starter_cells())
    assert made.read_bytes() == STARTER.read_bytes()
    assert "step_through(save_text" in "".join(read_cells(STARTER))


def test_the_notebooks_example_is_the_engines_save() -> None:
    text = starter_markdown()
    shown = text.split("```\n", 2)[1].split("```")[0]
    assert shown == SAVE
    body, last = SAVE[: SAVE.rindex("crc32 ")], SAVE.splitlines()[-1]
    assert last == f"crc32 {zlib.crc32(body.encode('ascii')):08x}" and body.endswith("\n") and SAVE.endswith("\n")
    assert "(`zlib.crc32`)" in text and "8 lower-case hex digits" in text


def test_the_tables_numbers_are_the_engines() -> None:
    text = " ".join(starter_markdown().split())
    assert f"1 to {cosmos.save.MAX_LINE_CHARS} printable ASCII characters" in text
    assert f"1 to {cosmos.save.SEED_DIGITS} digits 0-9" in text
    assert cosmos.save.SAVE_VERSION == 1 and "A version above 1 is **newer**" in text
    assert cosmos.save.LINE_OK.pattern == "[ -~]+" and "from space to `~`" in text


def with_crc(body: str) -> str:
    """A save text whose checksum row is right for this body."""
    return f"{body}crc32 {zlib.crc32(body.encode('ascii')):08x}\n"


HEAD = "epic-cosmos save\n"
# (rule number in the notebook, what the notebook says it gives, a text that breaks that rule first)
RULES = [
    (1, "truncated", ""),
    (1, "truncated", "epic-cosmos sa"),
    (2, "foreign", "epic-cosmos saved game\n"),
    (2, "foreign", "hello\n"),
    (3, "corrupt", SAVE.replace("col 3", "col \u00e9")),
    (5, "truncated", HEAD),
    (5, "corrupt", with_crc(HEAD + "version one\nseed 1\nlines 0\n")),
    (5, "corrupt", with_crc(HEAD + "version 01 \nseed 1\nlines 0\n")),
    (5, "newer", with_crc(HEAD + "version 2\nseed 1\nlines 0\n")),
    (5, "newer", HEAD + "version 2\nseed 1\nlines 0\ncrc32 00000000\n"),
    (5, "corrupt", with_crc(HEAD + "version 0\nseed 1\nlines 0\n")),
    (6, "truncated", SAVE[:-1]),
    (6, "truncated", SAVE.rsplit("crc32", 1)[0]),
    (6, "truncated", SAVE.replace("crc32 86250abc", "crc32 86250ABC")),
    (7, "corrupt", SAVE.replace("col 3", "col 4")),
    (8, "corrupt", with_crc(HEAD + "version 1\n")),  # the checksum row where the seed should be
    (8, "corrupt", with_crc(HEAD + "version 1\nseed 1\n")),
    (8, "corrupt", with_crc(HEAD + "version 1\nseed x\nlines 0\n")),
    (8, "corrupt", with_crc(HEAD + "version 1\nseed 1\nlines 0 \n")),
    (8, "corrupt", with_crc(HEAD + "version 1\nseed 1\nlines\n")),
    (9, "corrupt", with_crc(HEAD + "version 1\nseed 1\nlines 2\nend\n")),
    (9, "corrupt", with_crc(HEAD + "version 1\nseed 1\nlines 1\n" + "x" * 121 + "\n")),
    (9, "corrupt", with_crc(HEAD + "version 1\nseed 1\nlines 1\n\n")),
    (9, "corrupt", with_crc(HEAD + "version 1\nseed 1\nlines 1\nend\tnow\n")),
    (9, "ok", with_crc(HEAD + "version 1\nseed -7\nlines 1\n" + "~" * 120 + "\n")),
]


@pytest.mark.parametrize(("rule", "word", "text"), RULES, ids=[f"rule{r}-{w}-{i}" for i, (r, w, _) in enumerate(RULES)])
def test_each_rule_gives_the_verdict_the_notebook_says(rule: int, word: str, text: str) -> None:
    rules = starter_markdown().split("It checks in this order")[1].split("The order matters")[0]
    said = re.search(rf"^{rule}\. (.+?)(?=^\d\. |\Z)", rules, flags=re.M | re.S).group(1)
    assert word == "ok" or f"**{word}**" in said
    assert make_hidden.engine_verdict(text) == word
    reader = reference_reader()
    try:
        reader["read_save"](text)
        got = "ok"
    except ValueError as error:
        got = str(error).split(":")[0]
    assert got == word


def test_the_grader_feeds_every_cut_and_every_bit_flip() -> None:
    by_name = {check["name"]: check for check in all_checks()}
    cuts = by_name["verdicts: every truncation of a save"]
    assert set(cuts["expect"]) == {"truncated"}  # "a save cut short says truncated, not corrupt"
    flips = by_name["verdicts: every single-bit flip of a save"]
    assert "ok" not in flips["expect"]  # the CRC-32 (with the other rules) catches every single-bit change
    assert "every truncation of a save and every single-bit change of one" in " ".join(starter_markdown().split())


def test_the_graded_functions_are_said_graded_and_checked() -> None:
    contract = json.loads((EXERCISES / "06-save" / "exercise.json").read_text())["contract"]
    public = json.loads((EXERCISES / "06-save" / "exercise.json").read_text())["checks"]
    hidden = json.loads((HIDDEN / "hidden.json").read_text())["checks"]
    for name in ("win_rates", "victory"):
        assert name in contract
        assert any(c["call"] == name for c in public) and any(c["call"] == name for c in hidden), name
    text = starter_markdown()
    graded = text.split("## Two more functions, graded")[1].split("\n## ")[0]
    assert "`win_rates(games)`" in graded and "`victory(empires, turn)`" in graded
    ungraded = text.split("## More tasks, not graded")[1].split("\n## ")[0]
    assert not any(f"`{name}" in ungraded for name in contract)
    assert text.count("## More tasks") == 1


def test_win_rates_are_wins_per_empire_played_as_lesson_6_counts_them() -> None:
    scope: dict = {}
    exec(compile(make_notebooks.WIN_RATES, "win_rates", "exec"), scope)
    rows = load_balance()["fixed"][:300]
    counts = tally(rows)
    games = [[[OF_INITIAL[letter] for letter in initials], winner] for initials, winner, _, _ in rows]
    got = scope["win_rates"](games)
    assert got == {name: counts.wins[name] / counts.empires[name] for name in counts.empires if counts.empires[name]}
    assert any(initials.count("b") == 2 for initials, *_ in rows)  # games with two Builders are among them


def test_the_victory_checker_is_the_engines_order_and_figures() -> None:
    text = " ".join(starter_markdown().split())
    assert ECONOMY_TARGET == 9800 and f"`produced` at least {ECONOMY_TARGET}" in text
    assert MAX_TURNS == 150 and f"turn {MAX_TURNS} or later" in text
    said = re.findall(r'`"(score|conquest|science|economy|defeat)"`', text.split("A victory checker")[1])
    engine = re.findall(r'Victory\("(\w+)"', inspect.getsource(cosmos.victory.decide))
    assert said == engine
    key = inspect.getsource(cosmos.victory.ranking)
    assert [key.index(part) for part in ("-score(", "-world.empires[e].produced", "-len(owned_planets", ", e))")] == \
        sorted(key.index(part) for part in ("-score(", "-world.empires[e].produced", "-len(owned_planets", ", e))"))
    assert "higher score, then more produced, then more planets, then the lower number" in text
