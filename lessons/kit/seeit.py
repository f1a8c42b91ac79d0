"""The parts of every "see it" frame: a picture, counters, a caption and the real code with one line lit.

A frame is plain HTML, so the kit's `StepPlayer` can keep every frame in the browser. Pictures are
embedded as `<img>` with a `data:` SVG, which JupyterLab shows even in an untrusted notebook.
"""
from __future__ import annotations

import base64
from collections.abc import Sequence
from html import escape

from lessons.kit.source import Source, source_of

PANE_STYLE = ("font-family:monospace;font-size:12px;line-height:1.45;margin:0;padding:6px 0;white-space:pre;"
              "background:#f8fafc;border:1px solid #cbd5e1;border-radius:4px;overflow-x:auto")
LIT = "background:#fde68a;font-weight:600"
CODE_PANE_PX = 560  # the gutter and 72 characters of the pane's 12 px monospace


def svg_img(svg: str, label: str, width: int | None = None) -> str:
    """An SVG picture as an <img> with a data: URL: shown without trust, no font of its own needed.

    width (pixels) shows it smaller or larger than the SVG's own size; it never overflows its box.
    """
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    size = f"width:{width}px;" if width is not None else ""
    return (f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(label)}" title="{escape(label)}" '
            f'style="{size}max-width:100%;height:auto"/>')


def code_pane(source: Source | object, line: int | None) -> str:
    """The real source as numbered lines, line `line` (its number in the file) highlighted."""
    shown = source if isinstance(source, Source) else source_of(source)
    rows = []
    for number, text in enumerate(shown.text.splitlines(), start=shown.first):
        style = f' style="{LIT}"' if number == line else ""
        marker = "&#9654;" if number == line else "&nbsp;"
        rows.append(f'<div{style}><span style="color:#64748b">{marker}{number:>4} </span>'
                    f"{escape(text) or '&nbsp;'}</div>")
    head = f'<div style="font-size:11px;color:#475569">{escape(shown.path)}</div>'
    return f'<div class="cosmos-code">{head}<div style="{PANE_STYLE}">{"".join(rows)}</div></div>'


def line_of(source: Source | object, fragment: str, nth: int = 1) -> int:
    """The file line number of the nth line of the source that contains fragment (for highlighting)."""
    shown = source if isinstance(source, Source) else source_of(source)
    seen = 0
    for number, text in enumerate(shown.text.splitlines(), start=shown.first):
        if fragment in text:
            seen += 1
            if seen == nth:
                return number
    raise ValueError(f"{fragment!r} is not in {shown.path} lines {shown.first}-{shown.last}")


def counters_row(counters: Sequence[tuple[str, object]]) -> str:
    """Labelled numbers in a row: the counters the lesson talks about."""
    cells = "".join(f'<span class="counter" data-name="{escape(name)}" style="margin-right:1.4em;white-space:nowrap">'
                    f'<span style="color:#475569">{escape(name)}</span> '
                    f"<b>{escape(str(value))}</b></span>" for name, value in counters)
    return f'<div class="cosmos-counters" style="margin:4px 0">{cells}</div>'


def frame_html(picture: str, caption: str, counters: Sequence[tuple[str, object]] = (),
               code: str = "") -> str:
    """One see-it frame: counters and caption across the top, the picture and beside it the code pane."""
    top = (f'{counters_row(counters)}'
           f'<div class="cosmos-caption" style="margin:4px 0 6px 0">{escape(caption)}</div>')
    left = f'<div style="flex:0 1 auto;max-width:100%">{picture}</div>'
    # the code pane wants about 72 characters: beside the picture when they fit, else below it at full width
    right = f'<div style="flex:1 1 {CODE_PANE_PX}px;min-width:280px;overflow-x:auto">{code}</div>' if code else ""
    return (f'<div class="cosmos-frame">{top}'
            f'<div style="display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start">{left}{right}</div></div>')
