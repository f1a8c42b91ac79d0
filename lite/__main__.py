"""`python -m lite DIR` (what `python3 course.py lite DIR` runs): build the course's JupyterLite site."""
from __future__ import annotations

import sys

from lite.build import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
