"""The README's "Migration brief" shows the brief of the sample as fsctl prints it: the excerpt is
the first lines of the real output, word for word."""

from __future__ import annotations

import shlex

from tests.conftest import ROOT, run_fsctl

SECTION = "### Migration brief"


def test_the_readme_brief_is_what_convert_prints() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    example = text.split(SECTION, 1)[1].split("```console\n", 1)[1].split("```", 1)[0]
    command, _, expected = example.partition("\n")
    while command.endswith("\\"):
        more, _, expected = expected.partition("\n")
        command = command[:-1] + more
    shown, ellipsis, _ = expected.rpartition("\n...\n")
    assert ellipsis, "the excerpt ends with a line of ... (the rest of the report follows)"
    words = shlex.split(command.removeprefix("$ "))
    result = run_fsctl(*words[1:], cwd=str(ROOT))
    assert result.returncode == 0, result.stderr  # converted: warnings are the review list
    assert result.stdout.startswith(shown + "\n")
    assert "Applications that land elsewhere" in shown and "MAJOR" in shown
