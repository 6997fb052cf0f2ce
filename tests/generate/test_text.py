"""The directly written output is byte for byte what fsctl's shipped templates render."""

from __future__ import annotations

import io
import os
from pathlib import Path

import markupsafe
import pytest

from fsctl.commands.generate import GenerateOptions, run
from fsctl.generate.text import escape
from fsctl.io.assets import asset_path
from tests.generate.test_command import REGENERATE

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = {"fair": "fair-scheduler.xml.j2", "capacity": "capacity-scheduler.xml.j2"}


def produce(ratios: str, options: dict[str, object]) -> str:
    out, err = io.StringIO(), io.StringIO()
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        code = run(GenerateOptions(ratios=ratios, **options), out, err)  # type: ignore[arg-type]
    finally:
        os.chdir(cwd)
    assert code == 0, err.getvalue()
    return out.getvalue()


@pytest.mark.parametrize("name", sorted(REGENERATE.CASES))
def test_the_shipped_template_renders_the_same_bytes(name: str) -> None:
    ratios, options = REGENERATE.CASES[name]
    template = asset_path("templates", TEMPLATES[str(options["target"])])
    assert produce(ratios, {**options, "template": template}) == produce(ratios, options)


def test_escape_is_markupsafe_escape() -> None:
    text = "a&b <c> \"d\" 'e' &amp; \u00e9\t"
    assert escape(text) == str(markupsafe.escape(text))
