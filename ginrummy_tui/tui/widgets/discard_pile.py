"""The discard pile: its top card face up, and the whole pile on request."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ..palette import palette_of
from .cardfaces import ascii_words, card_label, cards_text, empty_lines, face_lines
from .prompt import cut_short


def both_ways_cue(width: int, ascii_only: bool = False) -> str:
    """The last row of the listed pile scrolled to the middle, in the longest words that fit
    ``width`` columns: "more above and below: ↑/↓", where the column is narrower (24
    columns at 46, where it was cut to "more above and below: ↑/") "more above & below:
    ↑/↓"; in ASCII "more above and below: Up/Down" down to "more above/below: Up/Dn"."""
    up, down = ("Up", "Down") if ascii_only else ("↑", "↓")
    forms = [f"more above and below: {up}/{down}", f"more above & below: {up}/{down}", f"more above/below: {up}/{down}"]
    if ascii_only:
        forms.append("more above/below: Up/Dn")
    return next((form for form in forms if cell_len(form) <= width), forms[-1])


class DiscardPile(Widget):
    """The discard pile. Clicking it posts :class:`DiscardPile.Clicked`;
    ``expanded`` also lists the cards under the top one."""

    class Clicked(Message):
        """The discard pile was clicked."""

    class Toggled(Message):
        """The list of the cards under the top one was shown or hidden."""

        def __init__(self, expanded: bool) -> None:
            super().__init__()
            self.expanded = expanded

    ascii_only: reactive[bool] = reactive(False, layout=True)
    """Suits drawn as letters (S H D C) and plain borders; a change redraws the widget."""

    def __init__(self, *, ascii_only: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(DiscardPile.ascii_only, ascii_only)
        self.cards: tuple = ()
        self.upcard = False
        """The pile is the upcard, on offer (the list says so of a pile of one card)."""
        self.active = False
        self.hint = ""
        self.expanded = False
        self.big = False
        self.list_rows = 0
        """The fewest rows the list takes: the blank lines the table gives up for it, so that
        showing it does not change the table's height (:meth:`set_list_rows`)."""
        self.most_list_rows: int | None = None
        """The most rows the list takes (None: as many as it needs): on a small screen the rows
        the table has for it, so that the prompt line stays (:meth:`set_list_rows`); a longer
        list scrolls (:meth:`scroll_list`), its last row saying where the cards out of sight
        are ("more below: ↓/PgDn", as the other lists say it)."""
        self.list_top = 0
        """The first of the list's rows shown, where it scrolls."""
        self.lent_rows: int | None = None
        """The most rows the list takes while it has given some of its room to a prompt line
        longer than the rows under it (:meth:`lend_rows`; None: none given)."""

    def set_state(self, cards, active: bool, hint: str = "", *, upcard: bool = False) -> None:
        """The pile (top card last); ``active`` when taking its top card is legal now; ``upcard``
        while its top card is the upcard, on offer."""
        self.cards, self.active, self.hint, self.upcard = tuple(cards), active, hint, upcard
        self.set_class(active, "-active")
        self.refresh(layout=True)

    def toggle(self) -> None:
        """Show or hide the list of the cards under the top card."""
        self.expanded = not self.expanded
        self.list_top = 0
        self.lent_rows = None
        self.refresh(layout=True)
        self.post_message(self.Toggled(self.expanded))

    def set_list_rows(self, rows: int, most: int | None = None) -> None:
        """The fewest rows the list takes when shown (:attr:`list_rows`), and the most
        (:attr:`most_list_rows`)."""
        if (rows, most) != (self.list_rows, self.most_list_rows):
            self.list_rows, self.most_list_rows = rows, most
            self.lent_rows = None
            self.refresh(layout=True)

    def _room(self) -> int | None:
        """The most rows the list takes now: its room, less those lent to the prompt line."""
        most = self.most_list_rows
        if most is None or self.lent_rows is None:
            return most
        return min(most, self.lent_rows)

    def _rows_shown(self) -> int:
        """The rows the list takes now (none while it is hidden)."""
        if not self.expanded:
            return 0
        rows = max(self.list_lines(max(1, self.size.width)), self.list_rows)
        room = self._room()
        return rows if room is None else min(rows, room)

    def lend_rows(self, rows: int) -> int:
        """Up to ``rows`` of the listed pile's rows given to the prompt line under the table,
        longer than the rows it has (a small screen, its parts given way already): the list
        scrolls in the rows it keeps, at least two (a row of cards and the line saying where
        the others are).  At 46x21 the list kept its four rows and the prompt line was cut
        to one ("✗ 'x' does nothing here; ? lists the keys…", what to press gone).  The rows
        given (none where the list has no room of its own: it shows whole)."""
        if rows <= 0 or not self.expanded or self.most_list_rows is None:
            return 0
        shown = self._rows_shown()
        keep = max(min(shown, 2), shown - rows)
        if keep >= shown:
            return 0
        self.lent_rows = keep
        self.refresh(layout=True)
        return shown - keep

    def take_back_rows(self) -> None:
        """The rows lent to the prompt line given back to the list (:meth:`lend_rows`)."""
        if self.lent_rows is not None:
            self.lent_rows = None
            self.refresh(layout=True)

    def set_big(self, big: bool) -> None:
        """Draw a big card (or a normal one)."""
        if big != self.big:
            self.big = big
            self.refresh(layout=True)

    def get_content_height(self, container, viewport, width: int) -> int:
        rows = max(self.list_lines(width), self.list_rows)
        room = self._room()
        if room is not None:
            rows = min(rows, room)
        return (5 if self.big else 3) + (rows if self.expanded else 0)

    def _list_window(self) -> int | None:
        """The rows of the list shown at once where it is longer than its room, the last row
        of the room saying where the others are; None where it shows whole (or has one row,
        which it ends with "…")."""
        most = self._room()
        if not self.expanded or most is None or most < 2:
            return None
        if self.list_lines(max(1, self.size.width)) <= most:
            return None
        return most - 1

    def scroll_list(self, key: str) -> bool:
        """Scroll the listed pile for ``key`` (↑, ↓, PgUp, PgDn, Home, End); False where it
        does not scroll (it shows whole)."""
        window = self._list_window()
        if window is None:
            return False
        last = self.list_lines(max(1, self.size.width)) - window
        step = {"up": -1, "down": 1, "pageup": -window, "pagedown": window, "home": -last, "end": last}.get(key)
        if step is None:
            return False
        self.list_top = min(max(0, self.list_top + step), last)
        self.refresh()
        return True

    def list_lines(self, width: int) -> int:
        """The lines the list takes at this width, as it wraps when drawn."""
        return len(self._list_text().wrap(self.app.console, max(1, width)))

    def _list_text(self) -> Text:
        """The cards under the top one, newest first (or that there are none)."""
        under = self.cards[:-1]
        colours = palette_of(self.app)
        if not self.cards:
            return Text("The discard pile is empty.", style=colours.muted)
        if not under:  # the card named: "the top card" read as if the list had failed to show
            top = card_label(self.cards[-1], self.ascii_only)
            whole = ": the upcard is the whole pile." if self.upcard else "."
            return Text(f"Nothing is under {top} yet{whole}", style=colours.muted)
        t = Text("Under it, newest first: ", style=colours.muted)
        t.append_text(cards_text(reversed(under), self.ascii_only, colours=colours))
        return t

    def _list_key(self) -> str:
        """The key of the list under the top card: offered only while there is a
        card under it to show (or the list is open, to hide it)."""
        if self.expanded:
            return "l: hide the pile"
        return "l: show the pile" if len(self.cards) > 1 else ""

    def render(self) -> Group:
        top = self.cards[-1] if self.cards else None
        w, h = (7, 5) if self.big else (5, 3)
        if top is not None:
            card = face_lines(top, width=w, height=h, ascii_only=self.ascii_only, colours=palette_of(self.app))
        else:
            card = empty_lines(w, self.ascii_only, h)
        side = self._side(h)
        lines = [Text.assemble(card[n], " ", side[n]) for n in range(h)]
        if self.expanded:
            listed = self._list_text()
            most, width = self._room(), max(1, self.size.width)
            rows = listed.wrap(self.app.console, width)
            window = self._list_window()
            if window is not None:  # more than the table has rows for: it scrolls
                top = self.list_top = min(self.list_top, len(rows) - window)
                up, down = ("Up", "Down") if self.ascii_only else ("↑", "↓")
                above, below = top > 0, top + window < len(rows)
                if above and below:  # both: the longest words that fit the column
                    said = both_ways_cue(width, self.ascii_only)
                else:
                    said = f"more above: {up}/PgUp" if above else f"more below: {down}/PgDn"
                cue = Text(said, style=palette_of(self.app).muted)
                cue.truncate(width)
                listed = Text("\n").join([*list(rows)[top : top + window], cue])
            elif most is not None and len(rows) > most:  # more than the table has rows for
                shown = list(rows)[: max(1, most)]
                mark = " ..." if self.ascii_only else " …"
                last = shown[-1].copy()
                last.rstrip()
                while last.cell_len + len(mark) > width and " " in last.plain:  # a card goes whole, not cut
                    last = last[: last.plain.rindex(" ")]
                    last.rstrip()
                listed = cut_short([*shown[:-1], last], width, mark)
            lines.append(listed)
        return Group(*lines)

    def _side(self, rows: int) -> list[Text]:
        """The words right of the top card, a line each: the title, what the pile is for
        now ("d: take it"), the list's key, and blank lines to the card's height."""
        title = f"Discard pile · {len(self.cards)}"
        return [
            Text(ascii_words(title) if self.ascii_only else title, style="bold"),
            Text(self.hint, style=f"bold {palette_of(self.app).gold}"),
            Text(self._list_key(), style=palette_of(self.app).muted),
        ] + [Text()] * (rows - 3)

    def on_click(self, event: events.Click) -> None:
        """A click on the top card, or on the pile's title or "d: take it" beside it, takes
        it; one on the list's key (or the column before it) shows or hides the list; one on
        the list itself, or on the blank right of the words, does nothing: a click on a card
        of the list, to read it, hid the list (a click of another button than the left one
        never comes: the app drops it)."""
        event.stop()
        h, w = (5, 7) if self.big else (3, 5)
        if event.y >= h:
            return
        if event.y == 2 and 0 <= event.x - w <= self._side(h)[2].cell_len:
            self.toggle()
        elif event.y == 2 and event.x >= w:
            return
        elif event.x < w or 0 <= event.x - w - 1 < self._side(h)[event.y].cell_len:
            self.post_message(self.Clicked())
