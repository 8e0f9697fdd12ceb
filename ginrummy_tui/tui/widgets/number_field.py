"""A field for a number in the settings, whose editing keys keep their order.

Textual runs an ``Input``'s bound keys (backspace, delete, the arrows, Home,
End) only once the key has bubbled up to the app, while the keys typed after
it are handled by the field at once.  When several keys come in one read (a
quick typist, or any typing over SSH), backspace then 7 inserted the 7 first
and then deleted it.  Here those keys are handled by the field itself, in the
order they were typed.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input

EDITING_KEYS = {
    "backspace": "delete_left",
    "delete": "delete_right",
    "left": "cursor_left",
    "right": "cursor_right",
    "home": "home",
    "end": "end",
}
"""The keys handled at once, and the ``Input`` action each runs."""


class NumberField(Input):
    """An ``Input`` (``type="integer"`` or ``"number"``) whose editing keys
    are handled in the order they come (see the module text)."""

    async def _on_key(self, event: events.Key) -> None:
        action = EDITING_KEYS.get(event.key)
        if action is None:
            await super()._on_key(event)
            return
        event.stop()  # handled here: the app must not run the binding as well
        event.prevent_default()
        await self.run_action(action)
