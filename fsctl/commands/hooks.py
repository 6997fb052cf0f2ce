"""The pre-commit hooks fsctl ships, from which ``.pre-commit-hooks.yaml`` is generated
(``python -m fsctl.commands.hooks > .pre-commit-hooks.yaml``); a test keeps the two identical."""

from __future__ import annotations

from dataclasses import dataclass

# files a scheduler configuration usually lives in
FILES = r"(fair-scheduler|capacity-scheduler|yarn-site)[^/]*\.xml$"


@dataclass(frozen=True)
class Hook:
    id: str
    name: str
    entry: str
    description: str


HOOKS = (
    Hook(
        "fsctl-validate",
        "fsctl validate",
        "fsctl validate",
        "Reject YARN scheduler files the ResourceManager would refuse to load.",
    ),
    Hook("fsctl-lint", "fsctl lint", "fsctl lint", "validate, plus the mistakes Hadoop silently accepts."),
)


def render() -> str:
    out = []
    for hook in HOOKS:
        out.append(
            f"- id: {hook.id}\n"
            f"  name: {hook.name}\n"
            f"  description: {hook.description}\n"
            f"  entry: {hook.entry}\n"
            f"  language: python\n"
            f"  files: '{FILES}'\n"
            f"  types: [xml]\n"
            f"  require_serial: false\n"
        )
    return "".join(out)


if __name__ == "__main__":
    print(render(), end="")
