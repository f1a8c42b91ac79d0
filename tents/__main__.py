"""`python -m tents`: the command line (see tents.cli)."""
from __future__ import annotations

import sys

from tents.cli import main

if __name__ == "__main__":
    sys.exit(main())
