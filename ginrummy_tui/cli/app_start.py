"""Starting the app for a networked match with the player's own look
(ASCII suits, mouse, theme) from the settings file and the command line."""

from __future__ import annotations

import argparse
from typing import Any


def make_network_app(session: Any, args: argparse.Namespace) -> Any:
    """The Textual app playing through ``session``, looking as the player set it up;
    its statistics (F3) are those of the data directory the match is recorded in."""
    from ginrummy_tui.session.context import AppContext
    from ginrummy_tui.storage.config import config_dir, load_settings
    from ginrummy_tui.storage.files import data_dir
    from ginrummy_tui.tui.app import make_app

    settings = None
    try:
        settings = load_settings(config_dir(getattr(args, "data_dir", None))).settings
    except Exception:  # the look is a nicety: never let it stop the match
        settings = None
    ascii_only = bool(getattr(args, "ascii", None)) or bool(settings is not None and settings.ascii)
    mouse = not getattr(args, "no_mouse", None) and (settings is None or settings.mouse)
    context = AppContext(session=session, data_dir=data_dir(getattr(args, "data_dir", None)))
    app = make_app(context=context, ascii=ascii_only, mouse=bool(mouse))
    theme = settings.theme if settings is not None else None
    if theme and theme in app.available_themes:
        app.theme = theme
    return app
