"""The app's screens, one per module, each with its ``.tcss`` beside it."""
