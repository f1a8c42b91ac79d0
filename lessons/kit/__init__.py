"""Courseware for the lessons: real engine source, recorded traces, animations, the Play widget.

Submodules are imported on their own (e.g. `from lessons.kit.trace import record_galaxy`), so a
lesson pulls in only the slice of the engine it teaches; `lessons.kit.play` (the finished game)
is the one exception and is never imported from here.
"""
