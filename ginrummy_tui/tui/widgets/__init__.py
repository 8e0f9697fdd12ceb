"""The table's widgets, one per module."""
