"""The one in-memory queue tree both scheduler formats load into. Plain data: no I/O, no printing."""
