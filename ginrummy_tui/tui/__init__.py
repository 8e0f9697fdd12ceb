"""The terminal app: :func:`ginrummy_tui.tui.app.make_app` builds it.

Submodules are imported on demand: screens in ``screens/``, widgets in
``widgets/``; a module's styles in the ``.tcss`` beside it (the app loads the
widgets': ``app.WIDGET_STYLES``).
"""
