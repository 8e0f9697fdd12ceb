"""The terminal app: :func:`ginrummy_tui.tui.app.make_app` builds it.

Submodules are imported on demand so that ``import ginrummy_tui.tui.session``
stays light.
"""
