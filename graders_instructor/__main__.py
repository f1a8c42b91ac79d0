"""`python -m graders_instructor ...` (the `graders-instructor` command): every grader command."""

from __future__ import annotations

import sys

from graders_instructor.commands import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
