"""A yes-or-no setting in F2 (a compact ``Checkbox``): an X in its box when on, the box
empty when off, and in ASCII with ASCII suits.

Textual draws an X in the box either way (only its colour tells on from off);
here an empty box is off, so that no colour is needed to tell them apart.
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
    """A compact ``Checkbox`` whose box is empty when off; with ``ascii_only`` its box has ASCII sides."""

    def __init__(self, label: str, value: bool, *, ascii_only: bool = False, id: str) -> None:
        super().__init__(label, value, compact=True, id=id)
        self.ascii_only = ascii_only

    @property
    def _button(self) -> Content:
        """Textual's box with its X when on, a blank when off; with ASCII sides in the text's
        colour (Textual colours its sides as the box's background, to draw half blocks:
        brackets in that colour hardly show)."""
        box = super()._button  # the sides and the X between them
        inner = (self.BUTTON_INNER if self.value else " ", self.get_visual_style("toggle--button"))
        if self.ascii_only:
            left, right = ASCII_SIDES
            return Content.assemble(left, inner, right)
        return Content.assemble(box[:1], inner, box[2:])
