"""Grading batches: collecting submissions (Canvas, Moodle, folders, zips), grading them, the LMS files, the report."""
