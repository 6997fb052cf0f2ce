"""Settings from ``[tool.fsctl]`` in the nearest ``pyproject.toml``; command-line options win.

```toml
[tool.fsctl]
select = ["FS", "PL"]        # rule codes or prefixes
ignore = ["FS305"]
fail-on = "warning"          # error | warning | info
hadoop-version = "3.4"
yarn-site = "conf/yarn-site.xml"   # relative to the pyproject.toml
cluster = "memory-mb=1024000, vcores=1000"
```
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

KNOWN_KEYS = ("select", "ignore", "fail-on", "exit-zero", "format", "hadoop-version", "yarn-site", "cluster")


class ConfigError(Exception):
    """``[tool.fsctl]`` is unreadable or holds a bad value."""


@dataclass
class ProjectConfig:
    path: str | None = None
    values: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)

    def path_value(self, key: str) -> str | None:
        """A path setting, made relative to the folder of the pyproject.toml it came from."""
        value = self.values.get(key)
        if value is None or self.path is None:
            return value
        return _joined(os.path.dirname(self.path), str(value))


def _joined(folder: str, value: str) -> str:
    """``str(PurePosixPath(folder) / value)``: "." parts and repeated or trailing slashes go."""
    path = os.path.join(folder, value)
    root = "//" if path.startswith("//") and not path.startswith("///") else "/" if path[:1] == "/" else ""
    return root + "/".join(part for part in path.split("/") if part not in ("", ".")) or "."


def find_pyproject(start: str | None = None) -> str | None:
    # os.path, not pathlib: this runs on every command, and pathlib costs more to import than the walk
    folder = os.path.realpath(start or os.getcwd())
    while True:
        path = os.path.join(folder, "pyproject.toml")
        if os.path.isfile(path):
            return path
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def load_project_config(start: str | None = None) -> ProjectConfig:
    path = find_pyproject(start)
    if path is None:
        return ProjectConfig()
    try:
        with open(path, "rb") as handle:
            text = handle.read()
    except OSError:
        return ProjectConfig()
    if b"tool.fsctl" not in text and b"tool]" not in text:
        return ProjectConfig(path)
    import tomllib

    try:
        data = tomllib.loads(text.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read [tool.fsctl]: {exc}") from None
    section = data.get("tool", {}).get("fsctl", {})
    if not isinstance(section, dict):
        raise ConfigError(f"{path}: [tool.fsctl] must be a table")
    values = {key.replace("_", "-"): value for key, value in section.items()}
    unknown = sorted(set(values) - set(KNOWN_KEYS))
    if unknown:
        raise ConfigError(
            f"{path}: [tool.fsctl]: unknown key {unknown[0]!r} (known: {', '.join(KNOWN_KEYS)})"
        )
    for key in ("select", "ignore"):
        if key in values:
            value = values[key]
            if isinstance(value, str):
                values[key] = [v.strip() for v in value.split(",") if v.strip()]
            elif not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                raise ConfigError(f"{path}: [tool.fsctl] {key} must be a list of rule codes")
    return ProjectConfig(path, values)
