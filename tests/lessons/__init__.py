"""Tests of the lessons: notebooks, their outputs, the courseware kit and the slice rule."""
