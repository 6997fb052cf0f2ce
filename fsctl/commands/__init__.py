"""Commands as plain functions of parsed options that return an exit code (0, 1 or 2)."""

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2
