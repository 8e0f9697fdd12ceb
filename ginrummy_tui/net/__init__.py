"""Network play: a match server (the only authority), a client, and the
``gin-tui host`` / ``gin-tui join`` commands.

The wire format is described in ``docs/protocol.md``; its code lives in
:mod:`ginrummy_tui.net.protocol`.  This package's ``__init__`` stays empty of
imports so that the command-line parser can load ``host_cli``/``join_cli``
cheaply.
"""
