import os

# Snapshot and app tests must not depend on the developer's terminal settings.
for _var in list(os.environ):
    if _var.startswith("TEXTUAL_") or _var in ("NO_COLOR", "COLORTERM", "FORCE_COLOR"):
        del os.environ[_var]
