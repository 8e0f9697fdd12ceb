"""The terminal driver of the game on Linux and macOS: Textual's own, continued
rightly after a stop that did not come from Ctrl+Z.

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

The stop's time does not count on the move clock against the computer (as
the time away after Ctrl+Z does not): the handler of SIGCONT, a Python signal
handler, runs in the main thread before the event loop goes on, so before the
clock's next tick, and tells the app to skip it.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from textual.drivers.linux_driver import LinuxDriver


@runtime_checkable
class StoppedFromOutside(Protocol):
    """The app, told of a continue after a stop from outside (the game's app is one)."""

    def continued_after_outside_stop(self) -> None: ...


class ContinuedDriver(LinuxDriver):
    """:class:`LinuxDriver`, which leaves application mode before it takes it
    again when continued after a stop it did not make itself."""

    def _sigcont_application(self, *_: object) -> None:
        """SIGCONT: after Ctrl+Z (application mode left) it is taken again, as Textual
        does; after a stop from outside (still in it) it is left first, as Ctrl+Z
        would have, then taken again, the app told it is back (the screen drawn whole)."""
        if not self._auto_restart:  # inside App.suspend: the app's own code takes it again
            return
        if not self._must_signal_resume:  # not stopped by Ctrl+Z: application mode is still on
            if isinstance(self._app, StoppedFromOutside):
                # here, before the event loop runs on: its next tick of the move clock
                # would count the whole stop
                self._app.continued_after_outside_stop()
            self.suspend_application_mode()
            self._must_signal_resume = True
        self.resume_application_mode()
