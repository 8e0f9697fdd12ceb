"""The seam the app talks to: the ``Session`` protocol and its local and
replay implementations, replaying a deal, and deciding what to play at
start-up.  Nothing here imports Textual at module level."""
