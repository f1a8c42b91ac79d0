"""Whose submission is it: every layout Canvas and Moodle write, built here exactly as their zip writers name
members, and submissions named to pass for someone else's.

The names follow the platforms' own source (read at instructure/canvas-lms 05e9653c12ef lib/content_zipper.rb;
moodle/moodle 9ec2c12f3d4e mod/assign/locallib.php and da5455238d1a mod/assign/classes/downloader.php):
- Canvas (instructure/canvas-lms, lib/content_zipper.rb): add_upload_submission writes
  "#{filename}_#{file.id}_#{sanitize_attachment_filename(file.display_name)}"; get_filename makes filename from
  [users_name, ("LATE" if submission.late?), id].compact.join("_") with non-word characters removed, where id is
  submission.user_id, or "anon_#{submission.anonymous_id}" with no name when the assignment anonymises students;
  sanitize_user_name lower-cases the sortable name ("O_Brien, Pat" becomes "o_brienpat"); add_text_or_url
  writes "#{filename}_text.html" or "_link.html". No folders.
- Moodle (moodle/moodle, mod/assign): the prefix is clean_filename(str_replace('_', ' ', fullname) . '_' .
  get_uniqueid_for_user(id)) ("Participant" for the name under blind marking). In folders, 3.x's
  locallib.php download_submissions writes clean_filename(prefix . '_' . subtype . '_' . type . '_') .
  $file->get_filepath() . filename; 4.1+'s classes/downloader.php load_submissionplugin_filelist drops the last
  '_'; team submissions in 4.1+ use "<group name>_<group id>" or the default team's name alone (get_student_prefix).
  Without folders: clean_filename(prefix . '_' . subtype . '_' . type . '_' . filename).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from graders.exercise import load_exercise
from graders_instructor.grading.platforms import SourceError, collect

ISLANDS = load_exercise("01-islands")
REFERENCE = ISLANDS.reference.read_bytes()
WRONG = (ISLANDS.hidden_folder / "wrong" / "list-instead-of-tuple.ipynb").read_bytes()
OTHER = b'{"cells": [], "nbformat": 4, "nbformat_minor": 5, "metadata": {}}'


def lms_zip(path: Path, members: dict[str, bytes]) -> Path:
    """A zip with exactly these member names (both platforms write files only, no folder entries)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def graded(tmp_path: Path, members: dict[str, bytes]) -> tuple[dict[str, bytes], list[str], dict]:
    """Each student's notebook bytes (by key; a student who sent no notebook is only in the Found records), the
    problems, and the Found records by key."""
    archive = lms_zip(tmp_path / f"download-{len(list(tmp_path.glob('download-*')))}.zip", members)
    found, problems = collect([archive], "islands.ipynb", tmp_path / "scratch")
    by_key = {item.student: item for item in found}
    return ({key: item.path.read_bytes() for key, item in by_key.items() if not item.no_notebook}, problems,
            by_key)


def moodle_name(fullname: str, unique_id: int) -> str:
    """Moodle's prefix: "_" in the name becomes " " (the characters clean_filename removes are left out here)."""
    return f"{fullname.replace('_', ' ')}_{unique_id}"


def test_moodle_3x_folders_name_each_participant(tmp_path: Path):
    jane, bob = moodle_name("Jane Doe", 2001), moodle_name("Jürgen_Müller", 2002)
    notebooks, problems, found = graded(tmp_path, {
        f"{jane}_assignsubmission_file_/islands.ipynb": REFERENCE,  # get_filepath() is "/" for the top
        f"{jane}_assignsubmission_onlinetext_/onlinetext.html": b"<p>see my notebook</p>",
        f"{bob}_assignsubmission_file_/work/week 3/islands.ipynb": WRONG,  # a file in a folder of the student's
    })
    assert notebooks == {"moodle-2001": REFERENCE, "moodle-2002": WRONG} and problems == []
    assert (found["moodle-2001"].name, found["moodle-2002"].name) == ("Jane Doe", "Jürgen Müller")


def test_moodle_41_folders_without_the_trailing_underscore_name_each_participant(tmp_path: Path):
    notebooks, problems, _ = graded(tmp_path, {
        f"{moodle_name('Jane Doe', 2001)}_assignsubmission_file/islands.ipynb": REFERENCE,
        f"{moodle_name('Jane Doe', 2001)}_assignsubmission_onlinetext/onlinetext.html": b"<p>hi</p>",
        f"{moodle_name('Bob Roe', 2002)}_assignsubmission_file/islands.ipynb": WRONG,
    })
    assert notebooks == {"moodle-2001": REFERENCE, "moodle-2002": WRONG} and problems == []


def test_moodle_without_folders_blind_marking_and_teams(tmp_path: Path):
    flat, problems, _ = graded(tmp_path, {
        f"{moodle_name('Jane Doe', 2001)}_assignsubmission_file_islands.ipynb": REFERENCE,
        f"{moodle_name('Jane Doe', 2001)}_assignsubmission_onlinetext_onlinetext.html": b"<p>hi</p>",
        f"{moodle_name('Bob Roe', 2002)}_assignsubmission_file_my_islands.ipynb": WRONG,
    })
    assert flat == {"moodle-2001": REFERENCE, "moodle-2002": WRONG} and problems == []
    blind, problems, found = graded(tmp_path, {
        f"{moodle_name('Participant', 7001234)}_assignsubmission_file/islands.ipynb": REFERENCE,
        f"{moodle_name('Participant', 7001235)}_assignsubmission_file_/islands.ipynb": WRONG,
    })
    assert blind == {"moodle-7001234": REFERENCE, "moodle-7001235": WRONG} and problems == []
    assert {item.name for item in found.values()} == {"Participant"}
    teams, problems, _ = graded(tmp_path, {
        "Red team_45_assignsubmission_file/islands.ipynb": REFERENCE,
        "Default group_assignsubmission_file/islands.ipynb": WRONG,  # the default team has no group id
    })
    assert teams == {"moodle-45": REFERENCE, "moodle-team-default-group": WRONG} and problems == []


def test_a_moodle_folder_named_like_another_participants_inside_a_submission_stays_its_owners(tmp_path: Path):
    jane, mallory = moodle_name("Jane Doe", 2001), moodle_name("Mallory Evil", 2002)
    for inner in (f"{jane}_assignsubmission_file_", f"{jane}_assignsubmission_file"):  # 3.x and 4.1 spellings
        notebooks, problems, _ = graded(tmp_path, {
            f"{jane}_assignsubmission_file/islands.ipynb": WRONG,  # Jane's own, wrong
            f"{mallory}_assignsubmission_file/{inner}/islands.ipynb": REFERENCE,  # Mallory's upload
        })
        assert notebooks == {"moodle-2001": WRONG, "moodle-2002": REFERENCE} and problems == []
        alone, _, _ = graded(tmp_path, {f"{mallory}_assignsubmission_file/{inner}/islands.ipynb": REFERENCE})
        assert alone == {"moodle-2002": REFERENCE}  # Jane submitted nothing: nothing becomes hers
    flat, _, _ = graded(tmp_path, {  # without folders the student's file name follows the owner's prefix
        f"{jane}_assignsubmission_file_islands.ipynb": WRONG,
        f"{mallory}_assignsubmission_file_{jane}_assignsubmission_file_islands.ipynb": REFERENCE,
    })
    assert flat == {"moodle-2001": WRONG, "moodle-2002": REFERENCE}


def test_canvas_named_late_and_user_names_with_underscores(tmp_path: Path):
    notebooks, problems, found = graded(tmp_path, {
        "doejane_1001_5001_islands.ipynb": REFERENCE,
        "o_brienpat_LATE_1002_5002_islands-1.ipynb": WRONG,  # "O_Brien, Pat", late, resubmitted (renamed)
        "müllerjürgen_1003_5003_islands.ipynb": OTHER,  # [[:word:]] keeps letters of any script
        "_1004_5004_islands.ipynb": REFERENCE,  # an empty sortable name still joins with "_"
        "doejane_1001_text.html": b"<p>see my notebook</p>",  # add_text_or_url: a text entry, a link
        "roebob_LATE_1005_link.html": b"<a href=x>x</a>",
    })
    assert notebooks == {"canvas-1001": REFERENCE, "canvas-1002": WRONG, "canvas-1003": OTHER,
                         "canvas-1004": REFERENCE}
    assert problems == [f"{tmp_path / 'download-0.zip'}: canvas student 1005 submitted no notebook (graded 0)"]
    assert found["canvas-1005"].late and found["canvas-1005"].no_notebook.startswith(
        "no notebook: nothing the grader can read was submitted (link.html)")
    assert (found["canvas-1002"].name, found["canvas-1002"].late, found["canvas-1001"].late) == (
        "o_brienpat", True, False)


def test_canvas_anonymous_downloads_are_read(tmp_path: Path):
    notebooks, problems, found = graded(tmp_path, {
        "anon_Xk3Pq_5001_islands.ipynb": REFERENCE,
        "LATE_anon_7tYzB_5002_islands.ipynb": WRONG,
        "anon_23456_5003_islands.ipynb": OTHER,  # an anonymous id of digits only
        "anon_Xk3Pq_text.html": b"<p>hi</p>",
        ".DS_Store": b"\0\0\0\1Bud1",  # a stray file of neither naming does not make the download named
    })
    assert notebooks == {"canvas-anon-Xk3Pq": REFERENCE, "canvas-anon-7tYzB": WRONG, "canvas-anon-23456": OTHER}
    assert len(problems) == 1 and ".DS_Store follows neither" in problems[0]
    assert found["canvas-anon-7tYzB"].late and not found["canvas-anon-Xk3Pq"].late


def test_a_canvas_file_named_like_someone_elses_stays_its_uploaders(tmp_path: Path):
    jane = moodle_name("Jane Doe", 2001)
    notebooks, problems, _ = graded(tmp_path, {
        "doejane_1001_5001_islands.ipynb": WRONG,
        "evilmallory_1002_5002_doejane_1001_5009_islands.ipynb": REFERENCE,  # named like Jane's member
        "evilmallory_1002_5003_LATE_1001_5010_islands.ipynb": REFERENCE,
        f"roebob_1003_5004_{jane}_assignsubmission_file_islands.ipynb": OTHER,  # named like a Moodle member
    })
    assert notebooks == {"canvas-1001": WRONG, "canvas-1002": REFERENCE, "canvas-1003": OTHER}
    assert problems == []


def test_a_member_that_fits_both_namings_does_not_turn_a_canvas_download_into_moodles(tmp_path: Path):
    # a sortable name shaped like a Moodle prefix: that one member fits both namings, the others fit Canvas only
    notebooks, problems, _ = graded(tmp_path, {
        "doejane_1001_5001_islands.ipynb": WRONG,
        "x_2001_assignsubmission_file_1002_5002_islands.ipynb": REFERENCE,
    })
    assert notebooks == {"canvas-1001": WRONG, "canvas-1002": REFERENCE} and problems == []
    with pytest.raises(SourceError, match="as many members fit Canvas's naming as Moodle's"):
        graded(tmp_path, {"x_2001_assignsubmission_file_1002_5002_islands.ipynb": REFERENCE})


def test_two_names_for_one_student_are_not_graded_but_reported(tmp_path: Path):
    _, problems, found = graded(tmp_path, {
        "doejane_1001_5001_islands.ipynb": WRONG,
        "impostor_1001_5002_islands.ipynb": REFERENCE,
    })
    assert "under 2 names (doejane, impostor)" in found["canvas-1001"].error
    assert any("under 2 names" in problem for problem in problems)


def test_a_download_zipped_again_in_a_folder_of_its_own(tmp_path: Path):
    jane = moodle_name("Jane Doe", 2001)
    notebooks, problems, _ = graded(tmp_path, {
        f"COSMOS-Islands-42/{jane}_assignsubmission_file/islands.ipynb": REFERENCE,
        f"COSMOS-Islands-42/{moodle_name('Bob Roe', 2002)}_assignsubmission_file/islands.ipynb": WRONG,
        f"__MACOSX/COSMOS-Islands-42/{jane}_assignsubmission_file/._islands.ipynb": b"\0\5\26\7",
    })
    assert notebooks == {"moodle-2001": REFERENCE, "moodle-2002": WRONG}
    assert len(problems) == 1 and "__MACOSX" in problems[0]
    canvas, problems, _ = graded(tmp_path, {"submissions/doejane_1001_5001_islands.ipynb": REFERENCE})
    assert canvas == {"canvas-1001": REFERENCE} and problems == []
    # one student's own folder alone is not a folder around the download: it keeps its owner
    alone, _, _ = graded(tmp_path, {f"{jane}_assignsubmission_file/sub/islands.ipynb": REFERENCE})
    assert alone == {"moodle-2001": REFERENCE}
