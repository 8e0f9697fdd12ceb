"""The screen as the player left it: the order of the cards and the selection,
saved with the match and put back when it is resumed; and what to say at start."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App
    from textual.notifications import Notification
    from textual.timer import Timer

    from ginrummy_tui.engine import Card

    from .screens.game_screen import GameScreen
    from .widgets.hand import HandView


def hand_ui(table: GameScreen | None) -> dict[str, Any]:
    """What to remember of the screen: the order of the player's cards and the selection."""
    from .widgets.hand import HandView

    if table is None or table.gin.session.replaying:
        return {}  # a practice replay's cards are not the match's
    hands = table.query(HandView)
    if not hands:
        return {}
    hand = hands.first()
    ui: dict[str, Any] = {"sort": hand.sort_mode, "order": [str(c) for c in hand.cards], "cursor": hand.cursor}
    if hand.sort_mode is None:
        ui["last_sort"] = hand.last_sort  # the sort the next hand is dealt in
    if hand.selected is not None:
        ui["selected"] = str(hand.selected)  # the card itself: the same card whatever order it is put back in
    if hand.chosen:
        ui["lifted"] = True  # the player picked that card (written only then, as earlier saves have it)
    return ui


def restore_ui(table: GameScreen | None, ui: dict[str, Any]) -> None:
    """Put the player's cards back in the order they had, with the same card selected.
    A record that does not fit (another version, a damaged file) is ignored."""
    from .widgets.hand import HandView

    if table is None or not ui:
        return
    app = table.gin
    try:
        hand = table.query_one(HandView)
        sort = ui.get("sort")
        if sort in ("rank", "suit"):
            hand.order_cards(sort)
        elif sort is None and isinstance(ui.get("order"), list):
            hand.order_cards(None, _saved_cards(ui["order"]))
            if ui.get("last_sort") in ("rank", "suit"):
                hand.last_sort = ui["last_sort"]
        app.sync()
        if _restore_selection(hand, ui):
            hand.chosen = ui.get("lifted") is True
        hand.refresh()
        table.show_view(app.session.view())
    except Exception:
        return  # only the order of the cards is lost


def unreadable_details(ui: dict[str, Any]) -> str:
    """What of the saved screen details ``ui`` cannot be read (a value of the
    wrong kind, a card that is not one), in words for the player, such as
    "how your cards are sorted and the selected card"; "" when all can be."""
    bad: list[str] = []
    if ui.get("sort") not in ("rank", "suit", None):
        bad.append("how your cards are sorted")
    order = ui.get("order", [])
    # the order is put back only where the cards were not sorted (see restore_ui)
    if ui.get("sort") is None and (not isinstance(order, list) or len(_saved_cards(order)) != len(order)):
        bad.append("the order of your cards")
    cursor = ui.get("cursor", 0)
    selected = ui.get("selected", "")
    if not isinstance(cursor, int) or isinstance(cursor, bool) or not isinstance(selected, str) or (
        selected and not _saved_cards([selected])
    ):
        bad.append("the selected card")
    if not isinstance(ui.get("lifted", False), bool):
        bad.append("whether you had picked it")
    return " and ".join([", ".join(bad[:-1]), bad[-1]] if len(bad) > 1 else bad)


def _saved_cards(texts: list[Any]) -> list[Card]:
    """The cards named in a saved list, those that are not cards left out."""
    from ginrummy_tui.engine.cards import card

    cards: list[Card] = []
    for text in texts:
        try:
            cards.append(card(str(text)))
        except ValueError:
            continue
    return cards


def _restore_selection(hand: HandView, ui: dict[str, Any]) -> bool:
    """Select the card that was selected: saved as the card, or by a save of an
    earlier version as its place in the saved order (a place beyond the hand
    selects its last card). False if the save says nothing usable of it."""
    named = _saved_cards([ui["selected"]]) if isinstance(ui.get("selected"), str) else []
    cursor = ui.get("cursor")
    if not isinstance(cursor, int) or isinstance(cursor, bool):
        cursor = None
    order = ui.get("order")
    if not named and cursor is not None and isinstance(order, list) and 0 <= cursor < len(order):
        named = _saved_cards([order[cursor]])
    if named and hand.select_card(named[0]):
        return True
    if cursor is None or not hand.cards:
        return False
    hand.cursor = max(0, min(cursor, len(hand.cards) - 1))
    return True


NOTE_SECONDS = 15.0
"""How long each note of the start is shown; the next one comes after it."""
PART_SECONDS = 5.0
"""The least time a part of a note is shown when another part of it follows:
such a part stays as long as it takes to read (:data:`READING_WORDS`), not
:data:`NOTE_SECONDS`, so that the rest of the note (the reason after where a
damaged file went) comes promptly; its last part stays the whole time."""
READING_WORDS = 3.0
"""Words read in a second, slowly, for :data:`PART_SECONDS`."""
NOTE_GAP = 0.1
"""Seconds between a note's going and the next one's coming: shown while the
last was still there, the next was scrolled into view under it, and kept
that scroll once it was alone, its last line out of sight."""
GONE_TRIES = 30
"""Looks, :data:`NOTE_GAP` apart, whether a toast whose time is up has gone before the next
note or part comes regardless (3 s; :meth:`StartNotes._next`, ``GinApp._after_note``)."""
HELD_SECONDS = 0.5
"""How often a note held back while a dialog is open looks whether it has closed."""
RESUMED_ROWS = 2
"""The lines of the toasts' room that "Resumed your match: ..." takes while it shows (at
least: "Your match ended: ..." may take one more)."""
RESUMED_SECONDS = 5.0
"""How long "Resumed your match: ..." shows."""


def reading_seconds(part: str) -> float:
    """How long ``part`` of a note takes to read, slowly (:data:`READING_WORDS`): at least
    :data:`PART_SECONDS`, at most :data:`NOTE_SECONDS`."""
    return min(NOTE_SECONDS, max(PART_SECONDS, len(part.split()) / READING_WORDS))


class StartNotes:
    """What the player is told at start (a damaged save, settings file or
    history set aside, and where): the warnings one after another, each for
    :data:`NOTE_SECONDS`, so that none is hidden under another (two of them
    overflowed the toasts' room at 80×24, and the second showed one line); a
    warning longer than the toasts' room comes in parts, cut between sentences,
    each whole in it, each but the last shown as long as it takes to read
    (:data:`PART_SECONDS`).  While a dialog or a screen over the table is open (the
    quit question, the rule sheet), the next one waits for it to close; a note
    taken down while the rule sheet or the like was open comes back for the
    seconds it had left, and the next one waits for it.  A warning added while
    one shows (the history's, found by the upkeep) waits for its turn."""

    def __init__(self, app: App[Any], rows_taken: int = 0) -> None:
        self._app = app
        self._notes: list[str] = []
        """Every note added, whole, in order."""
        self._waiting: list[tuple[int, str]] = []
        """The parts not shown yet, each with the number of its note."""
        self._showing = False
        self._rows_taken = rows_taken
        self._timer: Timer | None = None
        """When the next part is due (or when to look again whether a dialog has closed)."""
        self._due = 0
        """Counts the times :attr:`_timer` was set: a timer stopped after it fired (its call
        already waiting among the app's messages) calls with an older count, and is ignored."""
        self._shown: tuple[int, str, Notification] | None = None
        """The number of the note whose part was shown last, the part, and its toast."""
        self._about_hand: dict[int, tuple[float, str | None]] = {}
        """The notes about the hand on the table ("Resumed your match: ..."), shown as such
        (:meth:`add_hand_note`): by number, the seconds each shows and its short words."""
        self._hurried = False
        """The player has moved while the notes stood over the table (:meth:`hurry`)."""
        self._gone_waits = 0
        """The looks so far whether the last part's toast has gone, before the next part."""
        self._hurry_timer: Timer | None = None
        """Takes down the part on show once read, after such a move."""

    def add(self, note: str) -> None:
        """Tell the player ``note``, as a sentence (a capital, a full stop: the
        keeper's errors are words to go in one), once the notes before it have
        had their time."""
        from ginrummy_tui.session.control import as_sentence

        from .note_text import note_parts, toast_rows, toast_text_width

        note = as_sentence(note)
        width, height = self._app.size
        rows = max(1, toast_rows(width, height) - self._rows_taken)
        self._queue(note, note_parts(note, toast_text_width(width, height, "warning"), rows))

    def add_hand_note(self, note: str, seconds: float, short: str | None = None) -> None:
        """Tell the player ``note``, about the hand on the table, once the notes before it
        have had their time, for ``seconds``, whole: as a note of information that goes
        when another hand is dealt (``hand_note``; ``short``, the match resumed's words
        where the end of a hand says them itself)."""
        self._about_hand[len(self._notes)] = (seconds, short)
        self._queue(note, [note])

    def _queue(self, note: str, parts: list[str]) -> None:
        """Keep ``note`` and show its ``parts`` after those waiting."""
        number = len(self._notes)
        self._notes.append(note)
        self._waiting.extend((number, part) for part in parts)
        if not self._showing:
            self._showing = True
            self._next()

    def unshown(self) -> list[str]:
        """The notes not shown whole yet (a part of them, or all, still waiting), whole,
        but those about the hand on the table, which say nothing once the app is closed."""
        waiting = sorted({number for number, _part in self._waiting if number not in self._about_hand})
        return [self._notes[number] for number in waiting]

    def _next(self, due: int | None = None) -> None:
        """The next part, or another look whether a dialog has closed; ``due``: the count of the
        timer that calls (:attr:`_due`), a stale one doing nothing."""
        from textual.screen import ModalScreen

        if due is not None and due != self._due:
            return
        if not self._waiting:
            self._showing = False
            return
        if not self._app.screen_stack:  # the app closed before the note's turn: told in the terminal after
            self._showing = False
            return
        from .host import gin_of

        if isinstance(self._app.screen, ModalScreen) or gin_of(self._app).holding_notes():
            self._set_timer(HELD_SECONDS)
            return
        if self._gone_waits < GONE_TRIES and gin_of(self._app).spent_toast_shown():
            # the last part's toast, its time up, is on the screen still (under load it goes
            # late): the next came under it, cut off at the bottom, and stayed cut once alone
            self._gone_waits += 1
            self._set_timer(NOTE_GAP)
            return
        self._gone_waits = 0
        number, part = self._waiting.pop(0)
        if number in self._about_hand:
            seconds, short = self._about_hand[number]
            gin_of(self._app).hand_note(part, seconds, short=short)
            self._set_timer(seconds + NOTE_GAP)
            return
        seconds = NOTE_SECONDS
        if self._waiting and self._waiting[0][0] == number:  # the note goes on: its next part once this one is read
            seconds = reading_seconds(part)
        elif self._hurried and self._over_the_table():  # the player is playing: as long as it takes to read
            seconds = reading_seconds(part)
        self._shown = (number, part, gin_of(self._app).start_note(part, seconds))
        self._set_timer(seconds + NOTE_GAP)

    def _over_the_table(self) -> bool:
        """Whether the notes stand over the table's parts at the screen's size now: below 24 rows
        or 80 columns, where their room is over the other player's cards and the piles (from
        there they stand where the table is blank)."""
        from .note_text import TOAST_ROWS, toast_rows

        width, height = self._app.size
        return toast_rows(width, height) == TOAST_ROWS

    def hurry(self) -> None:
        """The player has made a move while the notes of the start stand over the table's parts
        (:meth:`_over_the_table`): the part on show stays only as long as it takes to read,
        counted from when it came, and those still to come each as long as it takes to read
        them (:func:`reading_seconds`), not :data:`NOTE_SECONDS`: at 46x21 the note of a match
        set aside covered the other player's cards, the stock and the pile for its 15 s while
        the player played on.  Nothing is left unshown; elsewhere the notes keep their time."""
        from .host import gin_of

        if not self._over_the_table():
            return
        self._hurried = True
        if self._shown is None or gin_of(self._app).holding_notes():
            return
        number, part, toast = self._shown
        if number in self._about_hand or toast.has_expired:
            return
        left = max(0.0, reading_seconds(part) - (toast.timeout - toast.time_left))
        if left >= toast.time_left:
            return  # it goes as soon as that anyway
        if self._hurry_timer is not None:
            self._hurry_timer.stop()
            self._hurry_timer = None
        if left > 0:  # kept: Textual holds its timers weakly (and takes no timer of 0 s)
            self._hurry_timer = self._app.set_timer(left, lambda: gin_of(self._app).take_down(toast))
        else:
            gin_of(self._app).take_down(toast)
        if self._showing:
            self._set_timer(left + NOTE_GAP)

    def _set_timer(self, seconds: float) -> None:
        """The next part (or another look whether a dialog has closed) in ``seconds``, in place
        of any call set before: one stopped just after it fired still ran, under load, and
        showed the next part over the note brought back from under the rule sheet."""
        if self._timer is not None:
            self._timer.stop()
        self._due += 1
        due = self._due
        self._timer = self._app.set_timer(seconds, lambda: self._next(due))

    def withdraw(self, note: str) -> None:
        """``note`` no longer holds (a save failed at start, and one has worked
        since): its toast goes at once, the parts of it not shown yet are not
        shown, and the next note comes."""
        from ginrummy_tui.session.control import as_sentence

        from .host import gin_of

        text = as_sentence(note)
        if text not in self._notes:
            return
        number = self._notes.index(text)
        self._waiting = [(n, part) for n, part in self._waiting if n != number]
        shown, self._shown = self._shown, None
        if shown is None or shown[0] != number:
            self._shown = shown
            return
        gin_of(self._app).take_down(shown[2])
        if self._showing and self._timer is not None:
            self._set_timer(NOTE_GAP)

    def refit(self) -> None:
        """The screen's size changed while a part shows: laid out for the new size, a part
        that no longer fits the toasts' room there comes again in parts that do, as the same
        note raised at that size comes.  Raised whole at 132x43 and narrowed to 46x21, a
        damaged save's note lost its last line for good ("data)."), cut by its toast."""
        from .host import gin_of

        if self._shown is None or gin_of(self._app).holding_notes():
            return
        toast = self._shown[2]
        if toast.has_expired or len(self._parts_now(self._shown[1])) == 1:
            return
        gin_of(self._app).take_down(toast)
        self.split_again()

    def _parts_now(self, part: str) -> list[str]:
        """``part`` in the parts that fit the toasts' room at the screen's size now."""
        from .note_text import note_parts, toast_rows, toast_text_width

        width, height = self._app.size
        rows = max(1, toast_rows(width, height) - self._rows_taken)
        return note_parts(part, toast_text_width(width, height, "warning"), rows)

    def shown_part(self) -> str | None:
        """The part shown last (None once it has been taken down for good)."""
        return None if self._shown is None else self._shown[1]

    def shown_note(self) -> str | None:
        """The whole note whose part was shown last (None once it has been taken down for good)."""
        return None if self._shown is None else self._notes[self._shown[0]]

    def split_again(self) -> bool:
        """The part shown last, in the parts that fit the toasts' room now, shown from the
        first (its toast already down: the app brings back a part held under a screen this way
        where the window got smaller meanwhile); False, doing nothing, where it fits whole."""
        if self._shown is None:
            return False
        number, part, _toast = self._shown
        parts = self._parts_now(part)
        if len(parts) == 1:
            return False
        self._shown = None
        self._waiting[:0] = [(number, piece) for piece in parts]
        self._showing = True
        self._next()
        return True

    def shown_again(self, seconds: float) -> None:
        """The notes held while a screen over the table was open (the last part among
        them) are shown again, for ``seconds`` at most: the next part comes after them."""
        if not self._showing or self._timer is None:
            return
        self._set_timer(seconds + NOTE_GAP)


def resumed_note(app: App[Any], *, separate: bool = False, short: bool = False) -> str:
    """What the start says of the match it resumed: the hand and the scores ("Resumed
    your match: hand 6, You 32 · Computer (expert) 89."; "hand 7 next" once hand 6 is
    scored, its end shown again); of a match that had ended (its
    terminal closed on its last hand's end or its result), that it ended, and that its last
    hand's end is shown again, ⏎ giving its result: it is not resumed, there is no move left
    in it; its score the final one, as its result screen gives it, with the bonuses where they
    were added, saying so ("Your match ended: hand 4, You 44 · Computer (expert) 336 with
    bonuses (its last hand's end is shown again, ⏎ its result).").  ``short``: without the
    scores, which the end of a hand shows ("Resumed your match: hand 7 next.", "Your match
    ended: ⏎ gives its result."), for the end of a hand to say in its own line."""
    from ginrummy_tui.engine.kinds import Phase
    from ginrummy_tui.engine.words import together
    from ginrummy_tui.session.startup import match_point

    from .host import gin_of

    session = gin_of(app).session
    v = session.view()
    match = "separate match" if separate else "match"
    if short:  # (said in a line of the end of a hand, as it is)
        if v.phase == Phase.MATCH_OVER:
            return f"Your {match} ended: ⏎ gives its result."
        return f"Resumed your {match}: {match_point(v.hand_no, v.phase.ended)}."
    # in the note, each score on one line with its player, the hand with its number ("You" / "0" were apart)
    you, other = v.totals[v.seat], v.totals[1 - v.seat]
    scores = f"{together('You', str(you))} · {together(session.opponent_name, str(other))}"
    if v.phase == Phase.MATCH_OVER:
        bonuses = " with bonuses" if v.totals != v.scores else ""
        return (
            f"Your {match} ended: {together('hand', str(v.hand_no))}, {scores}{bonuses} "
            "(its last hand's end is shown again, ⏎ its result)."
        )
    return f"Resumed your {match}: {together(match_point(v.hand_no, v.phase.ended))}, {scores}."


def show_notes(app: App[Any], notes: list[str], resumed: bool, *, separate: bool = False) -> StartNotes:
    """Tell the player what happened at start (resumed, damaged save, ...):
    the warnings through a :class:`StartNotes`, which is returned, so that
    those found later at start are told after them.  ``separate``: the match
    resumed is a separate one ("Resumed your separate match: ...")."""
    import textwrap

    from ginrummy_tui.session.control import as_sentence

    from .host import gin_of
    from .note_text import note_parts, toast_rows, toast_text_width

    said = resumed_note(app, separate=separate) if resumed else ""
    short = resumed_note(app, separate=separate, short=True) if resumed else None
    width, height = app.size
    rows = max(RESUMED_ROWS, len(textwrap.wrap(said, toast_text_width(width, height, "information")))) if said else 0
    room = max(1, toast_rows(width, height) - rows)
    warning_width = toast_text_width(width, height, "warning")
    if said and any(len(note_parts(as_sentence(note), warning_width, room)) > 1 for note in notes):
        # a note that would come in parts beside it (the take-over of a gin-tui stopped
        # with Ctrl+Z, at 80x24): it comes first, alone, and each note after it whole
        queue = StartNotes(app)
        queue.add_hand_note(said, RESUMED_SECONDS, short)
        for note in notes:
            queue.add(note)
        return queue
    queue = StartNotes(app, rows)
    for note in notes:
        queue.add(note)
    if said:
        gin_of(app).hand_note(said, RESUMED_SECONDS, short=short)  # it names the hand: it goes when the next is dealt, or another match
    return queue
