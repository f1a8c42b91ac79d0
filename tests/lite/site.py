"""The built JupyterLite site served on a loopback port, as any static host would serve its files."""
from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

# what a static host sends for the files the site needs (the module workers refuse JavaScript sent as anything else)
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".whl": "application/octet-stream", ".zip": "application/zip"}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Plain files, the right content types, no log lines in the test's output."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base class names it so)
        """Say nothing: the test reads what the browser asked for from Playwright instead."""

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Answer as usual, and note the path of what was missing for the test (workers' fetches included)."""
        self.server.missing.append(f"{code} {self.path}")  # type: ignore[attr-defined]
        super().send_error(code, message, explain)


@dataclass(frozen=True)
class Served:
    """Where the site is served."""

    url: str
    root: Path
    missing: list[str]  # "404 /path" for every request the server could not answer


@contextmanager
def serve(root: Path) -> Iterator[Served]:
    """Serve the folder on 127.0.0.1 (a free port) in a thread, until the block ends."""
    handler = functools.partial(QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.missing = []  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Served(f"http://127.0.0.1:{server.server_address[1]}", root, server.missing)  # type: ignore[attr-defined]
    finally:
        server.shutdown()
        server.server_close()
