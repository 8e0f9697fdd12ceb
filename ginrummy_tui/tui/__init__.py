"""The terminal app: :func:`ginrummy_tui.tui.app.make_app` builds it.

Submodules are imported on demand: screens in ``screens/``, widgets in
``widgets/``, each ``.tcss`` beside its module.
"""
