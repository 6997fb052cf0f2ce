"""The README stands alone: every document it links to is in the repository, and it names no design
document kept elsewhere (the JSON contract is docs/json.md, the budgets docs/budgets.md)."""

from __future__ import annotations

import re

from tests.conftest import ROOT

README = ROOT / "README.md"
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_every_link_of_the_readme_is_a_file_of_the_repository() -> None:
    text = README.read_text(encoding="utf-8")
    targets = [t for t in LINK.findall(text) if "://" not in t]
    assert "docs/json.md" in targets and "docs/budgets.md" in targets
    assert [t for t in targets if not (ROOT / t).exists()] == []


def test_the_readme_names_no_document_outside_the_repository() -> None:
    text = README.read_text(encoding="utf-8")
    ours = {path.name for path in ROOT.glob("**/*.md") if ".venv" not in path.parts}
    ours |= {str(path.relative_to(ROOT)) for path in ROOT.glob("**/*.md") if ".venv" not in path.parts}
    assert sorted(set(re.findall(r"[\w./-]+\.md\b", text)) - ours) == []
