"""Semantic diff of two scheduler configurations; the implementation lives in :mod:`fsctl.diffing`."""

from fsctl.diffing import Change, diff_trees, is_different

__all__ = ["Change", "diff_trees", "is_different"]
