"""Commands as plain functions of parsed options that return an exit code (0, 1 or 2)."""

from fsctl.gcpause import paused_gc

EXIT_CLEAN = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2

__all__ = ["EXIT_CLEAN", "EXIT_ERROR", "EXIT_FINDINGS", "paused_gc"]
