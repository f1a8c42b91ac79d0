"""The grading host against another local account and against a submission that floods its output
(graders/SECURITY.md, "The host")."""

from __future__ import annotations

import os
import resource
import stat
import subprocess
import sys
import time
import types
from pathlib import Path

import pytest

from graders import bytecode, sandbox
from graders.exercise import Exercise
from graders.grading import grade_submission, limits_for
from graders.notebook import read_cells, write_notebook
from tests.graders.grader_helpers import REPO, graders_cli
from tests.graders.hostile_submissions import code
from tests.graders.test_grader_sandbox import answer, run_cells

OTHER_UID = 65534
PRECIOUS = "root's own data\n"


def planted(tmp_path: Path) -> tuple[Path, Path]:
    """A root file worth keeping, and an attacker's folder whose uid lock names link to it."""
    precious = tmp_path / "precious"
    precious.write_text(PRECIOUS)
    attacker = tmp_path / "attacker"
    attacker.mkdir()
    for uid in range(sandbox.UID_BASE, sandbox.UID_BASE + 4):
        (attacker / str(uid)).symlink_to(precious)
    return precious, attacker


def test_a_lock_folder_planted_as_a_symbolic_link_is_refused(tmp_path: Path) -> None:
    precious, attacker = planted(tmp_path)
    locks = tmp_path / "uids"
    locks.symlink_to(attacker)
    with pytest.raises(sandbox.SandboxUnavailable, match="not a private folder"), sandbox.claim_uid(locks):
        pass
    assert precious.read_text() == PRECIOUS


def test_a_lock_folder_planted_by_another_account_is_refused(tmp_path: Path) -> None:
    precious, attacker = planted(tmp_path)
    os.chown(attacker, OTHER_UID, OTHER_UID)
    attacker.chmod(0o700)
    with pytest.raises(sandbox.SandboxUnavailable, match=f"belongs to uid {OTHER_UID}"), sandbox.claim_uid(attacker):
        pass
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o777)
    shared.chmod(0o1777)  # root's, but anyone may add a link
    with pytest.raises(sandbox.SandboxUnavailable, match="mode 1777"), sandbox.claim_uid(shared):
        pass
    assert precious.read_text() == PRECIOUS


def test_a_link_inside_the_lock_folder_is_never_followed(tmp_path: Path) -> None:
    precious, _ = planted(tmp_path)
    locks = tmp_path / "uids"
    locks.mkdir(mode=0o700)
    for uid in range(sandbox.UID_BASE, sandbox.UID_BASE + sandbox.UID_COUNT):  # a uid still running is skipped
        (locks / str(uid)).symlink_to(precious)
    with pytest.raises(sandbox.SandboxUnavailable, match="cannot be opened safely"), sandbox.claim_uid(locks):
        pass
    assert precious.read_text() == PRECIOUS


def test_the_lock_folder_is_roots_and_private_and_two_claims_differ(tmp_path: Path) -> None:
    folder = sandbox.uid_lock_folder()
    assert folder.parent == Path("/run")  # root's own /run on this machine, not the shared /tmp
    locks = tmp_path / "uids"
    with sandbox.claim_uid(locks) as first, sandbox.claim_uid(locks) as second:
        assert first != second
    info = locks.lstat()
    assert stat.S_ISDIR(info.st_mode) and info.st_uid == os.geteuid() and stat.S_IMODE(info.st_mode) == 0o700
    assert stat.S_IMODE((locks / str(first)).lstat().st_mode) == 0o600


# Writes to the sandbox's own output (not the notebook's) as fast as it can until the grader stops reading it, then
# once more. A grader that read on would keep it writing until the notebook's time limit: no BrokenPipeError then.
FLOOD = code("""
    import os

    while True:
        try:
            os.write(1, b"x" * 65536)
        except BrokenPipeError:
            break
    os.write(1, b"and one more line\\n")
""")


@pytest.mark.slow
def test_a_stdout_flood_costs_the_grader_almost_nothing_and_ends_clearly(islands: Exercise, tmp_path: Path) -> None:
    notebook = write_notebook(tmp_path / "flood.ipynb", [FLOOD, *read_cells(islands.reference)])
    before = resource.getrusage(resource.RUSAGE_SELF)
    results = grade_submission(islands, notebook, limits_for(islands, 40))
    after = resource.getrusage(resource.RUSAGE_SELF)
    grader_cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert "code cell 1 raised BrokenPipeError" in results["output"]
    assert results["score"] == 30  # the rest of the notebook ran as usual
    assert grader_cpu < 1.0  # 0.1 s measured; reading the whole flood cost 1.3 s at a load of 17 on 2 cores


BURNER = "while True:\n    pass\n"


@pytest.mark.slow
def test_a_correct_notebook_passes_its_check_beside_two_cpu_burners(islands: Exercise, tmp_path: Path) -> None:
    # A busy student laptop (graders/SECURITY.md, "Time limits"): two processes keep both cores busy.
    notebook = tmp_path / "islands.ipynb"
    notebook.write_bytes(islands.reference.read_bytes())
    burners = [subprocess.Popen([sys.executable, "-c", BURNER]) for _ in range(2)]
    try:
        checked = graders_cli("check", str(notebook), "--exercise", "01-islands", cwd=REPO)
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "9 of 9 checks pass" in checked.stdout


def test_the_wall_clock_starts_with_the_sandbox_not_before(monkeypatch: pytest.MonkeyPatch) -> None:
    # The one-off rewrite of the venv's bytecode (or a wait for the fallback jail's turn) may take long on a
    # busy machine: none of it counts against the submission's time. Here the rewrite takes an hour on the
    # sandbox's clock (the clock is moved on, nobody waits): a clock started before it would stop the run at once.
    rewrite, hour = bytecode.jail_bytecode, [0.0]

    def slow_rewrite(venv: Path, inside: str) -> bool:
        hour[0] += 3600.0
        return rewrite(venv, inside)

    clock = types.SimpleNamespace(**{**vars(time), "monotonic": lambda: time.monotonic() + hour[0]})
    monkeypatch.setattr(bytecode, "jail_bytecode", slow_rewrite)
    monkeypatch.setattr(sandbox, "time", clock)
    result = run_cells(["def f():\n    return 1\n"], sandbox.Limits(timeout=5, check_timeout=2), ["f"])
    assert hour[0] == 3600.0, "the sandbox did not rewrite the bytecode first: this test tried nothing"
    assert not result.killed and answer(result) == 1
