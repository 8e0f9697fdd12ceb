"""The terminal driver of the game on Linux and macOS: Textual's own, continued
rightly after a stop that did not come from Ctrl+Z, and after any number of
stops and continues in a row.

Textual hands the terminal back for Ctrl+Z (SIGTSTP: it leaves application
mode, then stops) and takes it again when continued (SIGCONT).  A process can
also be stopped from outside (SIGSTOP: ``kill -STOP``, a debugger, a job
control tool), which nothing can catch: then the game is still in application
mode when it stops, the shell takes the terminal back (its own modes, and
"[1]+ Stopped" written over the table), and on ``fg`` Textual's handler
started application mode over the running one: a second thread reading the
keys (a key read by one, the next by the other, an escape sequence split
between them: the first ``y`` of the quit question did nothing) and a second
writing the screen, and the table was never drawn again.

The terminal is taken again in the event loop, never in the handler of SIGCONT:
Textual's handler (and this one's, which left application mode first) did the
whole work inside the Python signal handler, which the next SIGCONT entered again
half-way (stops and continues in a quick row: a job control tool, a debugger
stepping); the threads reading the keys and writing the screen were doubled, the
screen stayed blank, keys did nothing, the terminal was once left echoing them,
and thousands of continues ended the game on a RecursionError.  The handler now
only notes the continue and hands it to the loop, once however many come before
the loop runs (:meth:`ContinuedDriver._take_terminal_again`, which no handler
runs and which is not entered again).

The stop's time does not count on the move clock against the computer (as
the time away after Ctrl+Z does not): the handler of SIGCONT, a Python signal
handler, runs in the main thread before the event loop goes on, so before the
clock's next tick, and tells the app to skip it (a mark set, nothing more).
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from textual.drivers.linux_driver import LinuxDriver


@runtime_checkable
class StoppedFromOutside(Protocol):
    """The app, told of a continue after a stop from outside (the game's app is one).
    Called from a signal handler: it must only note it (set a value), nothing more."""

    def continued_after_outside_stop(self) -> None: ...


class ContinuedDriver(LinuxDriver):
    """:class:`LinuxDriver`, which takes the terminal again, when continued, in the event
    loop, once for continues in a row, and leaves application mode before it takes it
    again after a stop it did not make itself."""

    _in_application_mode = False
    """Between the start of application mode and its stop (not left for Ctrl+Z, nor closed)."""
    _continue_due = False
    """A continue noted by the handler and handed to the loop, not yet taken up there."""

    def start_application_mode(self) -> None:
        super().start_application_mode()
        self._in_application_mode = True

    def stop_application_mode(self) -> None:
        self._in_application_mode = False
        super().stop_application_mode()

    def _sigcont_application(self, *_: object) -> None:
        """SIGCONT, a Python signal handler: only notes the continue (the move clock told
        to skip the stop's time after a stop from outside) and hands the terminal's taking
        again to the event loop, once for any number of continues before it runs."""
        if not self._auto_restart:  # inside App.suspend: the app's own code takes it again
            return
        if not self._must_signal_resume and isinstance(self._app, StoppedFromOutside):
            # not stopped by Ctrl+Z: here, before the event loop runs on, whose next tick
            # of the move clock would count the whole stop
            self._app.continued_after_outside_stop()
        if self._continue_due:
            return
        self._continue_due = True
        try:
            self._loop.call_soon_threadsafe(self._take_terminal_again)  # the app's loop (Driver's)
        except RuntimeError:  # the loop closed: the app has ended, nothing to take again
            self._continue_due = False

    def _take_terminal_again(self) -> None:
        """In the event loop, after one continue or several: after Ctrl+Z (application mode
        left) it is taken again, as Textual does; after a stop from outside (still in it) it
        is left first, as Ctrl+Z would have, then taken again, the app told it is back (the
        screen drawn whole).  A continue noted while this runs is taken up once more after it."""
        self._continue_due = False
        if not self._auto_restart:
            return
        if not self._must_signal_resume:  # not stopped by Ctrl+Z
            if not self._in_application_mode:  # the app closing, or closed: nothing to take again
                return
            self.suspend_application_mode()
            self._must_signal_resume = True
        self.resume_application_mode()
