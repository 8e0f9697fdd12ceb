"""``--ascii`` where Textual and Rich draw signs of their own: the ellipsis
of text cut short ("..." for "…") and the scroll bars (spaces, the thumb in
reverse video, for the eighth-of-a-cell blocks "▁▂▃").

Both are drawn by Textual, not by the game's widgets: ``Content.truncate``
puts "…" at the end of a line cut short (``text-overflow: ellipsis``), and
``ScrollBar.renderer`` draws the bars.  :func:`install` hooks both once per
process; each asks :func:`ascii_now` whether the app drawing is a gin-tui app
in ASCII, so another app, or this one without ``--ascii``, draws as Textual does.
In ASCII a line cut to 3 cells or fewer is as many dots as fit after what is
kept ("ab..." at 5, "a.." at 3, "." at 1).

This relies on Textual's internals, as pinned (textual<9): the signature of
``Content.truncate`` (``max_width``, and ``ellipsis`` and ``pad`` by keyword),
``ScrollBar.renderer`` and ``ScrollBarRender``'s class attributes and
``render_bar``, and ``textual._context.active_app``.  A test checks the first.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from rich.color import Color
from textual.content import Content
from textual.scrollbar import ScrollBar, ScrollBarRender

if TYPE_CHECKING:
    from rich.segment import Segments
    from textual.app import App

ASCII_APPS: weakref.WeakSet[App[Any]] = weakref.WeakSet()
"""The apps drawing in ASCII now (``GinApp.ascii_only``)."""

DOTS = "..."
"""The ellipsis of text cut short, in ASCII."""


def ascii_now() -> bool:
    """Whether the app drawing now (Textual's active app) draws in ASCII."""
    from textual._context import active_app

    try:
        return active_app.get() in ASCII_APPS
    except LookupError:
        return False


class AsciiBars(ScrollBarRender):
    """A scroll bar in ASCII: the blocks that draw its thumb's ends to an
    eighth of a cell are spaces (the thumb itself is reverse video)."""

    VERTICAL_BARS = [" "] * 8
    HORIZONTAL_BARS = [" "] * 8


BACK_COLOR = Color.parse("#555555")
BAR_COLOR = Color.parse("bright_magenta")
"""Textual's own defaults of :meth:`ScrollBarRender.render_bar`'s colours."""


class GinScrollBarRender(ScrollBarRender):
    """Textual's scroll bar, or :class:`AsciiBars` while the app draws in ASCII."""

    @classmethod
    def render_bar(
        cls,
        size: int = 25,
        virtual_size: float = 50,
        window_size: float = 20,
        position: float = 0,
        thickness: int = 1,
        vertical: bool = True,
        back_color: Color = BACK_COLOR,
        bar_color: Color = BAR_COLOR,
    ) -> Segments:
        drawn = AsciiBars if ascii_now() else ScrollBarRender
        return drawn.render_bar(
            size, virtual_size, window_size, position, thickness, vertical, back_color, bar_color
        )


TEXTUAL_TRUNCATE = Content.truncate
"""Textual's own ``Content.truncate``, which the hook calls."""

_installed = False


def install() -> None:
    """Hook the ellipsis and the scroll bars (once; see the module's words)."""
    global _installed
    if _installed:
        return
    _installed = True
    ScrollBar.renderer = GinScrollBarRender
    content_truncate = TEXTUAL_TRUNCATE

    def truncate_content(self: Content, max_width: int, *, ellipsis: bool = False, pad: bool = False) -> Content:
        if ellipsis and max_width > 0 and self.cell_length > max_width and ascii_now():
            dots = min(len(DOTS), max_width)
            return content_truncate(self, max_width - dots) + DOTS[:dots]
        return content_truncate(self, max_width, ellipsis=ellipsis, pad=pad)

    Content.truncate = truncate_content  # type: ignore[method-assign]
