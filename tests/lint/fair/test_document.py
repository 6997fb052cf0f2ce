"""What the FS3xx rules share: the did-you-mean hint."""

from __future__ import annotations

import pytest

from fsctl.lint.fair.document import suggest


@pytest.mark.parametrize(
    ("name", "known", "hint"),
    [
        ("maxRunningApp", ("maxRunningApps", "maxAMShare"), " (did you mean <maxRunningApps>?)"),
        ("MAXAMSHARE", ("maxRunningApps", "maxAMShare"), " (did you mean <maxAMShare>?)"),
        ("comment", ("maxRunningApps", "maxAMShare"), ""),
    ],
)
def test_suggest(name: str, known: tuple[str, ...], hint: str) -> None:
    assert suggest(name, known) == hint
