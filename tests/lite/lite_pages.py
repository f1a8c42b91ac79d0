"""Driving the JupyterLite site in Chromium: open a notebook, upload some, read what a cell printed."""
from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page

from tests.browser import pages
from tests.lite.site import Served

KERNEL_S = 900_000  # ms: a first start loads Pyodide and the course's packages into the tab (slow on a busy machine)
IDLE = "() => /\\| Idle/.test(document.querySelector('#jp-main-statusbar')?.textContent || '')"


def open_in_lite(page: Page, served: Served, path: str) -> None:
    """Open a notebook of the site and wait until its Pyodide kernel is idle."""
    page.goto(f"{served.url}/lab/index.html?path={path}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=KERNEL_S)
    page.wait_for_function(IDLE, timeout=KERNEL_S)


def upload(page: Page, *notebooks: Path) -> None:
    """Upload notebooks from this machine into the site's top folder with the file browser's Upload button, as a
    student hands in their own files (the page is not loaded again)."""
    pages.file_browser_at_the_top(page)
    with page.expect_file_chooser() as chooser:
        page.locator(".jp-FileBrowser").get_by_title("Upload Files").click()
    chooser.value.set_files([str(notebook) for notebook in notebooks])
    for notebook in notebooks:
        page.locator(".jp-DirListing-item", has_text=notebook.name).wait_for(timeout=KERNEL_S)


def last_printed(page: Page) -> str:
    """What the notebook's last code cell that printed anything printed (scrolled into view)."""
    page.locator(".jp-Notebook .jp-Cell").last.scroll_into_view_if_needed()
    return page.evaluate(
        """() => [...document.querySelectorAll('.jp-Notebook .jp-Cell .jp-OutputArea')]
                   .map(area => area.innerText).filter(text => text.trim()).pop() || ''""")


def close_notebook(page: Page) -> None:
    """Close the notebook on screen; JupyterLab asks whether to save the changes a run made: no (so the next
    notebook opened is the only one on screen, and the site's copy stays as it was)."""
    page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabCloseIcon").click()
    page.wait_for_function("() => document.querySelector('.jp-Dialog') || !document.querySelector('.jp-Notebook')",
                           timeout=KERNEL_S)
    if page.locator(".jp-Dialog").count():
        page.locator(".jp-Dialog button", has_text=re.compile("^(Discard|Don't Save)$")).click()
    page.wait_for_selector(".jp-Notebook", state="detached", timeout=KERNEL_S)
