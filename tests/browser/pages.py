"""Driving JupyterLab in Chromium: open a notebook, run it, save it, read what the page shows."""
from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import ConsoleMessage, Locator, Page, Response
from playwright.sync_api import Error as PlaywrightError

from tests.conftest import failed

# ms: a kernel starts, a notebook runs, a page answers within this. Generous: these are failure detectors, not
# speed targets, and the machine running them may be busy (lesson 6's games took minutes at a load of 30 on 2 cores)
KERNEL_S = 600_000
# ms between two looks at the page while waiting for a state (Playwright's default looks at every frame, 60
# times a second, which on a page as big as a lesson costs the browser a core: it is the machine's half)
POLL_MS = 100
CHROMIUM = "/usr/bin/chromium"  # Debian's (course.py setup installs it); Playwright's download is not used
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
# what is left of an SVG whose markup was stripped: its labels run together (not the decimals of a float)
DIGIT_RUN = re.compile(r"(?<![\d.])\d{12,}(?![\d.])")
WIDGET_ERRORS = ("Error displaying widget", "model not found", "Error rendering output", "Failed to load model class")


@dataclass
class Shots:
    """Numbered screenshots of one test, in a folder outside the repository."""

    folder: Path
    taken: list[Path] = field(default_factory=list)

    started: float = field(default_factory=time.monotonic)

    def take(self, page: Page, step: str, element: Locator | None = None) -> Path:
        """A screenshot named after the step (and when it was taken, in the test's output): of the page as it
        shows, or of one element whole (a widget taller than the window too)."""
        path = self.folder / f"{len(self.taken) + 1:02d}-{step}.png"
        print(f"{time.monotonic() - self.started:6.1f}s  {path}")
        if element is None:
            page.screenshot(path=str(path))
        else:
            element.screenshot(path=str(path))
        self.taken.append(path)
        return path


def shot_of_failure(request: pytest.FixtureRequest, shots: Shots) -> None:
    """After a test that failed with a tab open: a screenshot of the page as it was left ("NN-failed.png")."""
    tab = request.node.funcargs.get("page")
    if failed(request.node) and isinstance(tab, Page) and not tab.is_closed():
        try:
            shots.take(tab, "failed")
        except PlaywrightError as error:  # a page that cannot be drawn any more: the test's own error says more
            print(f"no screenshot of the failure: {error}".splitlines()[0])


def collect_console_errors(tab: Page, console: list[str]) -> Callable[[], None]:
    """Append every console error and uncaught page error of the tab to console, until the function returned is
    called."""

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            console.append(message.text)

    def on_error(error: PlaywrightError) -> None:
        console.append(f"page error: {error}")

    tab.on("console", on_console)
    tab.on("pageerror", on_error)

    def stop() -> None:
        tab.remove_listener("console", on_console)
        tab.remove_listener("pageerror", on_error)

    return stop


def open_notebook(page: Page, url: str, token: str, path: str) -> None:
    """Open a notebook and wait until its kernel is idle: from the file browser of the JupyterLab already on the
    page (after closing what is open there), else in a fresh workspace of a page loaded anew."""
    if page.url.startswith(f"{url}/lab") and page.locator(".jp-FileBrowser").count():
        close_everything(page)
        open_from_the_file_browser(page, path)
        return
    page.goto(f"{url}/lab/tree/{path}?reset&token={token}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=KERNEL_S)
    wait_idle(page)


def open_from_the_file_browser(page: Page, path: str) -> None:
    """Open a notebook from the file browser, folder by folder from the top (each folder's listing is read anew as
    it is entered), as a student does, and wait until its kernel is idle."""
    file_browser_at_the_top(page)
    for name in path.split("/"):
        page.locator(".jp-FileBrowser .jp-DirListing-item").filter(has=page.get_by_text(name, exact=True)).dblclick()
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=KERNEL_S)
    wait_idle(page)


def file_browser_at_the_top(page: Page) -> None:
    """Show the file browser (its side tab clicked if it is hidden) in the top folder."""
    if not page.locator(".jp-FileBrowser").is_visible():
        page.locator(".lm-TabBar-tab[data-id='filebrowser']").click()
    page.locator(".jp-FileBrowser .jp-BreadCrumbs-home").click()


def close_everything(page: Page) -> None:
    """Close every tab of the main area (File -> Close All Tabs), discarding unsaved changes."""
    page.keyboard.press("Escape")  # no menu or completer left open by the last test
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^File$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile("^Close All Tabs$")).click()
    closed = "() => !document.querySelector('.jp-Notebook, .jp-Terminal')"
    while not page.evaluate(closed):
        dialog = page.locator(".jp-Dialog button", has_text=re.compile("^(Discard|Don't Save)$"))
        page.wait_for_function(f"() => document.querySelector('.jp-Dialog') || ({closed})()", timeout=KERNEL_S,
                               polling=POLL_MS)
        if dialog.count():
            dialog.first.click()
            page.wait_for_selector(".jp-Dialog", state="detached", timeout=KERNEL_S)


def wait_idle(page: Page) -> None:
    """Wait until the status bar says the notebook's kernel is idle."""
    page.wait_for_function(
        "() => /\\| Idle/.test(document.querySelector('#jp-main-statusbar')?.textContent || '')",
        timeout=KERNEL_S, polling=POLL_MS)


def run_all(page: Page) -> None:
    """Run -> Run All Cells, then wait until no cell is queued or running and the kernel is idle."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^Run$")).click()
    page.get_by_text("Run All Cells", exact=True).click()
    prompts = "[...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')].map(p => p.textContent)"
    page.wait_for_function(f"() => {prompts}.some(t => t.includes('*')) || {prompts}.every(t => t.trim() !== '[ ]:')",
                           timeout=KERNEL_S, polling=POLL_MS)
    page.wait_for_function(f"() => !{prompts}.some(t => t.includes('*'))", timeout=KERNEL_S, polling=POLL_MS)
    wait_idle(page)


def is_save(answer: Response) -> bool:
    """The server's answer to a notebook's save (a PUT of its contents)."""
    return answer.request.method == "PUT" and "/api/contents/" in answer.url


def save(page: Page) -> None:
    """Save the notebook (Ctrl+S): wait for the server's answer to the save (then the file is written) and
    until JupyterLab no longer marks the notebook changed."""
    page.locator(".jp-Notebook").first.click(position={"x": 5, "y": 5})
    with page.expect_response(is_save, timeout=KERNEL_S) as answer:
        page.keyboard.press("Control+s")
    assert answer.value.ok, f"the save failed: {answer.value.status} {answer.value.status_text}"
    page.wait_for_function(
        "() => !document.querySelector('.lm-TabBar-tab.jp-mod-current.jp-mod-dirty')",
        timeout=KERNEL_S, polling=POLL_MS)


def cell_outputs(page: Page) -> list[dict]:
    """For every cell of the notebook on screen: its outputs' text, pictures shown and pictures broken."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')].map(cell => {
            const area = cell.querySelector('.jp-OutputArea');
            if (!area) return {text: '', shown: 0, broken: 0, stderr: ''};
            const imgs = [...area.querySelectorAll('img')];
            const ok = imgs.filter(i => i.complete && i.naturalWidth > 0);
            const drawn = 'line,circle,rect,path,polygon,polyline,ellipse,image,use';
            const svgs = [...area.querySelectorAll('svg')].filter(s => !s.parentElement.closest('svg')
                && !s.closest('button') && s.querySelector(drawn) && s.getBoundingClientRect().width > 0);
            const stderr = [...area.querySelectorAll('[data-mime-type="application/vnd.jupyter.stderr"]')];
            return {text: area.innerText, shown: ok.length + svgs.length, broken: imgs.length - ok.length,
                    stderr: stderr.map(e => e.innerText).join('\\n')};
        })""")


def stored_pictures(outputs: list[dict]) -> int:
    """How many pictures a cell's stored outputs hold (images, and <img>/<svg> in HTML)."""
    count = 0
    for output in outputs:
        data = output.get("data", {})
        if any(kind in data for kind in ("image/svg+xml", "image/png", "image/jpeg")):
            count += 1
        elif "text/html" in data:
            html = "".join(data["text/html"])
            count += len(re.findall(r"<img\b", html)) + len(re.findall(r"<svg\b", html)) - nested_svgs(html)
    return count


def nested_svgs(html: str) -> int:
    """How many <svg> start inside another <svg> (they are part of one picture)."""
    depth = nested = 0
    for tag in re.findall(r"<(/?)svg\b", html):
        if tag == "/":
            depth -= 1
        else:
            nested += depth > 0
            depth += 1
    return nested


def visible_text(page: Page, selector: str) -> str:
    """The text of the visible elements matching selector, joined."""
    return page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null)
                       .map(e => e.innerText).join('\\n')""", selector)


def open_terminal(page: Page, url: str, token: str) -> None:
    """File -> New -> Terminal (in the JupyterLab on screen, else in a fresh workspace), and wait for its prompt."""
    if not page.locator(".lm-MenuBar-itemLabel").count():
        page.goto(f"{url}/lab?reset&token={token}")
        page.wait_for_selector(".jp-Launcher", timeout=KERNEL_S)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^File$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile("^New$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile("^Terminal$")).click()
    page.wait_for_function(f"() => /[$#] *$/m.test({TERMINAL_TEXT})", timeout=KERNEL_S, polling=POLL_MS)


TERMINAL_TEXT = "(document.querySelector('.jp-Terminal .xterm-accessibility-tree')?.innerText || '')"


def type_in_terminal(page: Page, line: str, until: str) -> str:
    """Type a line into the terminal and wait until its text matches the regular expression until."""
    page.locator(".jp-Terminal .xterm").click()
    page.keyboard.type(line + "\n")
    page.wait_for_function(f"(until) => new RegExp(until, 'm').test({TERMINAL_TEXT})", arg=until,
                           timeout=KERNEL_S, polling=POLL_MS)
    return page.evaluate(f"() => {TERMINAL_TEXT}").replace("\u00a0", " ")
