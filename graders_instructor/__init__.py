"""The instructor's side of the grader: hidden checks' runs, batches, LMS exports, Gradescope, the student edition.

Students never get this package (graders_instructor/release/manifest.py); `graders` (their side) never imports it.
"""
