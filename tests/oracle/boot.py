"""Boot converted output in the real CapacityScheduler, with the yarn-site.xml the ResourceManager
would read: the user's, with the converted delta on top."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lxml import etree

from tests.oracle.oracle import Oracle

CLUSTER = "memory-mb=102400, vcores=100"


def properties(path: Path) -> dict[str, str]:
    root = etree.parse(str(path)).getroot()
    return {p.findtext("name") or "": p.findtext("value") or "" for p in root.iter("property")}


def boot(oracle: Oracle, out: Path, user_site: Path | None) -> dict[str, Any]:
    """The oracle's ``capacity`` answer for ``out/capacity-scheduler.xml``."""
    merged = properties(user_site) if user_site is not None else {}
    merged.update(properties(out / "yarn-site.xml"))
    site = out / "merged-yarn-site.xml"
    body = "".join(f"<property><name>{k}</name><value>{v}</value></property>\n" for k, v in merged.items())
    site.write_text(f"<configuration>\n{body}</configuration>\n")
    request = {"verb": "capacity", "file": str(out / "capacity-scheduler.xml"), "yarn_site": str(site)}
    return oracle.ask({**request, "cluster": CLUSTER})
