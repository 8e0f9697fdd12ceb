"""A yes-or-no setting in F2 (a compact ``Checkbox``), whose box is ASCII with ASCII suits.

Textual draws the box between half blocks, ``▐X▌``; with ``--ascii`` it is
``[X]``, as the rest of the form is ASCII then.  Its label says what it is set
to ("yes", "no": the settings screen keeps it so).
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Checkbox

ASCII_SIDES = ("[", "]")
"""The box's left and right sides with ASCII suits."""


class YesNoBox(Checkbox):
    """A compact ``Checkbox``; with ``ascii_only`` its box has ASCII sides."""

    def __init__(self, label: str, value: bool, *, ascii_only: bool = False, id: str) -> None:
        super().__init__(label, value, compact=True, id=id)
        self.ascii_only = ascii_only

    @property
    def _button(self) -> Content:
        """The box as Textual draws it, or with ASCII sides in the text's colour (Textual
        colours its sides as the box's background, to draw half blocks: brackets in that
        colour hardly show)."""
        if not self.ascii_only:
            return super()._button
        left, right = ASCII_SIDES
        return Content.assemble(left, (self.BUTTON_INNER, self.get_visual_style("toggle--button")), right)
