"""`python -m graders_instructor ...` (the `graders-instructor` command): the commands of `python -m graders`."""

from __future__ import annotations

import sys

from graders.__main__ import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
