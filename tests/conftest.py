import os

# Snapshot and app tests must not depend on the developer's terminal settings.
# (The snapshot plugin's own TEXTUAL_SNAPSHOT_* variables stay: with ``-n`` the
# test processes find the run's snapshot directory through them.)
for _var in list(os.environ):
    if _var.startswith("TEXTUAL_SNAPSHOT_"):
        continue
    if _var.startswith("TEXTUAL_") or _var in ("NO_COLOR", "COLORTERM", "FORCE_COLOR"):
        del os.environ[_var]
