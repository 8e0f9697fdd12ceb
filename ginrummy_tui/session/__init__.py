"""The seam the app talks to: ``Session``, the base class of every session, and its local and
replay kinds, replaying a deal, and deciding what to play at
start-up.  Nothing here imports Textual at module level."""
