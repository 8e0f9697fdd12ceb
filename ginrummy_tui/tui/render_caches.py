"""Letting go of the render caches of widgets that are gone (a workaround for Textual).

Every Textual widget has a ``StylesCache``: the lines it last rendered
(``Strip`` objects, each with small caches of its own crops and restylings).
It should go with its widget.  But in Textual 8.2,
``StylesCache.get_inner_outer`` is an instance method decorated with
``functools.lru_cache(1024)``, so that one cache, shared by the class, keeps
``self`` in each of its keys: every widget that was ever drawn leaves its
``StylesCache`` and all its rendered lines alive, until 1,024 later keys push
it out (reported upstream as Textualize/textual#6665).  gin-tui makes new
screens all the time (the end of each hand, the review, the match's end, the
score table), so an evening of play kept a thousand dead widgets' lines.

:func:`release_render_caches` empties that cache (what it computes is two
``Style`` values from two colours, made again at once when next needed).  The
app calls it whenever its screen changes, so that no more than the widgets of
the last screens before a change are ever held.  It does nothing once
Textual's method is no longer an ``lru_cache``.
"""

from __future__ import annotations


def release_render_caches() -> bool:
    """Empty Textual's ``StylesCache.get_inner_outer`` cache, which keeps
    removed widgets' rendered lines alive; False when there is no such cache."""
    try:
        from textual._styles_cache import StylesCache
    except ImportError:  # Textual moved it: nothing of this kind to release
        return False
    clear = getattr(getattr(StylesCache, "get_inner_outer", None), "cache_clear", None)
    if clear is None:
        return False
    clear()
    return True
