"""A field for a number in the settings, whose editing keys keep their order.

Textual runs an ``Input``'s bound keys (backspace, delete, the arrows, Home,
End) only once the key has bubbled up to the app, while the keys typed after
it are handled by the field at once.  When several keys come in one read (a
quick typist, or any typing over SSH), backspace then 7 inserted the 7 first
and then deleted it.  Here those keys are handled by the field itself, in the
order they were typed.

``?`` and ``q`` are never part of a number: the field leaves them to the app, whose ``?``
opens the rule sheet as the key bar says (the field took it, typed nothing, and the bar's
"? Rules" did nothing while a number field had the focus), and whose ``q`` quits.
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

PASSED_ON = frozenset({"question_mark", "q"})
"""Printable keys that no number has, left to the app's bindings (``?``: the rule sheet; ``q``:
quit, which asks first where changes are not saved: it did nothing and said nothing in a number
field, where the player has just typed a change, and "q Quit" left the key bar)."""


class NumberField(Input):
    """An ``Input`` (``type="integer"`` or ``"number"``) whose editing keys
    are handled in the order they come, and ``?`` and ``q`` go on to the app (see the module text)."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Whether the field takes ``key``: not those of :data:`PASSED_ON`, so that the
        app's binding of the key stays active (and on the key bar) while the field has the focus."""
        return key not in PASSED_ON and super().check_consume_key(key, character)

    async def _on_key(self, event: events.Key) -> None:
        if event.key in PASSED_ON:
            event.prevent_default()  # not typed (by the Input's own handler, next): it goes on to the app's binding
            return
        action = EDITING_KEYS.get(event.key)
        if action is None:
            await super()._on_key(event)
            return
        event.stop()  # handled here: the app must not run the binding as well
        event.prevent_default()
        await self.run_action(action)
