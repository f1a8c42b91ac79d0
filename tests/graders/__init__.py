"""Tests of graders/: exercises, the sandbox, batch grading, hostile submissions."""
