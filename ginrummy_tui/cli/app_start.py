"""Starting the app for a networked match with the player's own look
(ASCII suits, mouse, one-click discard, theme) from the settings file and the command line."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ginrummy_tui.session.keeper import SeatRecords


def use_theme(app: Any, name: str, notes: list[str]) -> None:
    """Show ``app`` in the theme ``name``; if there is none of that name, say so
    on ``notes`` (told once the table is up), naming the themes there are."""
    if name in app.available_themes:
        app.theme = name
    else:
        notes.append(f"There is no theme {name!r}; the themes are: {', '.join(sorted(app.available_themes))}.")


def make_network_app(session: Any, args: argparse.Namespace, records: SeatRecords | None = None) -> Any:
    """The Textual app playing through ``session``, looking as the player set it
    up: the settings file's look with the command line's (``--theme``,
    ``--ascii``, ``--no-mouse``, checked by the command before it connects) on
    top, for this run only, as in a game against the computer.  Its settings
    screen (F2) reads and saves the settings file the game uses (that of
    ``--data-dir`` or ``GIN_TUI_HOME`` when given), and its statistics (F3) are
    those of the data directory the match is recorded in, where the seat also
    keeps the order of its cards and the selection for the hand in play
    (:mod:`ginrummy_tui.storage.seat_hand`), put back when it shows that hand again.
    ``records``: the guest's :class:`~ginrummy_tui.session.keeper.SeatRecords`,
    whose notes the app shows (the history database busy, then free)."""
    from ginrummy_tui.session.context import AppContext
    from ginrummy_tui.storage.config import apply_look, config_dir, load_settings
    from ginrummy_tui.storage.files import data_dir
    from ginrummy_tui.storage.seat_hand import SeatHands
    from ginrummy_tui.tui.app import make_app
    from ginrummy_tui.tui.palette import theme_names

    override = getattr(args, "data_dir", None)
    cdir = config_dir(override)
    loaded = load_settings(cdir, theme_names())
    saved = loaded.settings
    settings = apply_look(saved, args)
    root = data_dir(override)
    context = AppContext(
        session=session, settings=settings, saved_settings=saved, config_dir=cdir, data_dir=root,
        seat_hands=SeatHands(None if override == "-" else root),  # nothing written without a data directory
        seat_records=records,
    )
    from ginrummy_tui.cli import Output, encoding_note

    context.narrow_encoding = Output.narrow  # a terminal that cannot show the suits: the table in ASCII throughout

    note = encoding_note(args)
    if note is not None:  # the terminal cannot show the suits: the table in ASCII (apply_look)
        context.notes.append(note)
    message = loaded.message()  # a damaged file set aside: said on the table, as the game says it
    if message:
        context.notes.append(message)
    app = make_app(context=context, ascii=settings.ascii, mouse=settings.mouse, one_click=settings.one_click)
    use_theme(app, settings.theme, context.notes)
    return app
