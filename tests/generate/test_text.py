"""The directly written output is byte for byte what fsctl's shipped templates render."""

from __future__ import annotations

from pathlib import Path

import pytest

from fsctl.io.assets import asset_path
from tests.generate.test_command import REGENERATE, generate

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = {"fair": "fair-scheduler.xml.j2", "capacity": "capacity-scheduler.xml.j2"}


def produce(ratios: str, options: dict[str, object]) -> str:
    code, text, err = generate(ratios=ratios, **options)
    assert code == 0, err
    return text


@pytest.mark.parametrize("name", sorted(REGENERATE.CASES))
def test_the_shipped_template_renders_the_same_bytes(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the cases name their files from the repository root
    ratios, options = REGENERATE.CASES[name]
    template = asset_path("templates", TEMPLATES[str(options["target"])])
    assert produce(ratios, {**options, "template": template}) == produce(ratios, options)


@pytest.mark.parametrize("target", ["fair", "capacity"])
def test_escaping_matches_the_template(tmp_path: Path, target: str) -> None:
    ratios = tmp_path / "a&b's.yaml"
    ratios.write_text(
        'cluster: "memory-mb=102400, vcores=100"\nqueues:\n'
        '  qa: {share: 40, aclSubmitApps: "a&b,<c> \'d\\""}\n  default: {share: 60}\n',
        encoding="utf-8",
    )
    template = asset_path("templates", TEMPLATES[target])
    direct = produce(str(ratios), {"target": target})
    assert "a&amp;b,&lt;c&gt; &#39;d&#34;" in direct and "a&amp;b&#39;s.yaml" in direct
    assert produce(str(ratios), {"target": target, "template": template}) == direct
