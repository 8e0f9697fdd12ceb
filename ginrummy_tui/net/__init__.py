"""Network play: a match server (the only authority), a client, and the
remote session the app plays through (the ``gin-tui host`` / ``gin-tui join``
commands are in :mod:`ginrummy_tui.cli`).

The wire format is described in ``docs/protocol.md``; its code lives in
:mod:`ginrummy_tui.net.protocol`.  This package's ``__init__`` stays empty of
imports so that the commands load only what they use.
"""
