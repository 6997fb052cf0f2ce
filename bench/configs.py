"""Synthetic scheduler configurations at cluster scale, for the benchmark.

Shapes: ``wide`` (departments of ten projects, every project with leaves p0..p2: duplicate leaf
names everywhere, like STORIES.md) and ``deep`` (a chain of parents eight levels down, then leaves).
Both formats: a Fair Scheduler allocation file with a placement policy, and a capacity-scheduler.xml
in percentage mode with legacy queue mappings. Deterministic: same arguments, same bytes.
"""

from __future__ import annotations

import argparse
from pathlib import Path

PREFIX = "yarn.scheduler.capacity."


def tree(shape: str, total: int) -> list[tuple[str, list]]:
    """A nested list of (name, children) with about ``total`` queues in all."""
    if shape == "wide":
        # each department: 1 + 10 projects × (1 + 3 leaves) = 41 queues
        departments = max(1, total // 41)
        return [
            (f"dept{d}", [(f"proj{p}", [(f"p{i}", []) for i in range(3)]) for p in range(10)])
            for d in range(departments)
        ]
    # deep: branches of 8 nested parents ending in 4 leaves: 12 queues each
    branches = max(1, total // 12)
    out = []
    for b in range(branches):
        node: tuple[str, list] = ("l7", [(f"leaf{i}", []) for i in range(4)])
        for level in range(6, 0, -1):
            node = (f"l{level}", [node])
        out.append((f"branch{b}", [node]))
    return out


def fair_xml(nodes: list[tuple[str, list]]) -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        "<allocations>",
        "  <defaultQueueSchedulingPolicy>drf</defaultQueueSchedulingPolicy>",
        "  <queueMaxAppsDefault>50</queueMaxAppsDefault>",
    ]

    def emit(node: tuple[str, list], depth: int) -> None:
        name, children = node
        pad = "  " * depth
        if not children:
            lines.append(
                f'{pad}<queue name="{name}"><weight>{1 + len(name) % 3}.0</weight>'
                f"<minResources>memory-mb=1024, vcores=1</minResources>"
                f"<maxRunningApps>20</maxRunningApps></queue>"
            )
            return
        lines.append(f'{pad}<queue name="{name}">')
        lines.append(f"{pad}  <maxResources>memory-mb=10240000, vcores=10000</maxResources>")
        for child in children:
            emit(child, depth + 1)
        lines.append(f"{pad}</queue>")

    lines.append('  <queue name="default"/>')
    for node in nodes:
        emit(node, 1)
    lines += [
        "  <queuePlacementPolicy>",
        '    <rule name="specified" create="false"/>',
        '    <rule name="nestedUserQueue" create="false"><rule name="primaryGroup" create="false"/></rule>',
        '    <rule name="default" queue="root.default"/>',
        "  </queuePlacementPolicy>",
        "</allocations>",
    ]
    return "\n".join(lines) + "\n"


def _percentages(n: int) -> list[str]:
    """n shares that add up to exactly 100 with three decimals."""
    base = 100_000 // n
    values = [base] * n
    values[0] += 100_000 - base * n
    return [f"{v // 1000}.{v % 1000:03d}" for v in values]


def capacity_xml(nodes: list[tuple[str, list]], extra: dict[str, str] | None = None) -> str:
    props: list[tuple[str, str]] = [(f"{PREFIX}{key}", value) for key, value in (extra or {}).items()]

    def emit(path: str, children: list[tuple[str, list]]) -> None:
        props.append((f"{PREFIX}{path}.queues", ",".join(name for name, _ in children)))
        for (name, grandchildren), pct in zip(children, _percentages(len(children)), strict=True):
            child = f"{path}.{name}"
            props.append((f"{PREFIX}{child}.capacity", pct))
            props.append((f"{PREFIX}{child}.maximum-capacity", "100"))
            if grandchildren:
                emit(child, grandchildren)
            else:
                props.append((f"{PREFIX}{child}.user-limit-factor", "2"))

    emit("root", [("default", []), *nodes])
    props.append((f"{PREFIX}queue-mappings", "u:%user:root.default"))
    rows = "\n".join(f"  <property><name>{k}</name><value>{v}</value></property>" for k, v in props)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<configuration>\n{rows}\n</configuration>\n'


def ratios_csv(nodes: list[tuple[str, list]]) -> str:
    """The same tree as a ``fsctl generate`` ratio file (CSV: the cheapest of its formats to read)."""
    rows = ["queue,share,max", "*,,"]

    def emit(prefix: str, children: list[tuple[str, list]]) -> None:
        for (name, grandchildren), pct in zip(children, _percentages(len(children)), strict=True):
            rows.append(f"{prefix}{name},{pct},100")
            if grandchildren:
                emit(f"{prefix}{name}.", grandchildren)

    emit("", [("default", []), *nodes])
    return "\n".join(rows) + "\n"


def leaves(nodes: list[tuple[str, list]], prefix: str = "root") -> list[str]:
    """The leaf paths of ``capacity_xml``'s tree (``root.default`` first), in file order."""
    out = [f"{prefix}.default"] if prefix == "root" else []
    for name, children in nodes:
        path = f"{prefix}.{name}"
        out.extend(leaves(children, path) if children else [path])
    return out


def demand_json(nodes: list[tuple[str, list]], apps: int) -> str:
    """A demand snapshot of ``apps`` applications spread over the leaves of the tree: seven users,
    one to twelve containers of 1 GB each, a third of them running one already. Deterministic."""
    import json

    paths = leaves(nodes)
    queues: dict[str, list[dict[str, str]]] = {path: [] for path in paths}
    for i in range(apps):
        containers = 1 + (i * 7919) % 12
        running = 1 if i % 3 == 0 and containers > 1 else 0
        queues[paths[i % len(paths)]].append(
            {
                "name": f"app{i}",
                "user": f"u{i % 7}",
                "demand": f"memory-mb={containers * 1024}, vcores={containers}",
                "usage": f"memory-mb={running * 1024}, vcores={running}",
            }
        )
    entries = {path: {"applications": listed} for path, listed in queues.items() if listed}
    return json.dumps({"queues": entries}, separators=(",", ":")) + "\n"


def write_load(out: Path, size: int, apps: int) -> tuple[Path, Path]:
    """The capacity file of ``size`` queues (wide), room for every application (maximum-applications),
    and a snapshot of ``apps`` applications on it."""
    out.mkdir(parents=True, exist_ok=True)
    nodes = tree("wide", size)
    capacity = out / f"capacity-load-wide-{size}.xml"
    capacity.write_text(capacity_xml(nodes, {"maximum-applications": str(10 * apps)}), encoding="utf-8")
    snapshot = out / f"demand-wide-{size}-{apps}.json"
    snapshot.write_text(demand_json(nodes, apps), encoding="utf-8")
    return capacity, snapshot


def write_all(out: Path, sizes: list[int], shapes: list[str]) -> list[Path]:
    """Per size and shape: fair-*.xml, capacity-*.xml and ratios-*.csv, in that order."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for size in sizes:
        for shape in shapes:
            nodes = tree(shape, size)
            files = (("fair", "xml", fair_xml(nodes)), ("capacity", "xml", capacity_xml(nodes)))
            for kind, ext, text in (*files, ("ratios", "csv", ratios_csv(nodes))):
                path = out / f"{kind}-{shape}-{size}.{ext}"
                path.write_text(text, encoding="utf-8")
                written.append(path)
    return written


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(Path(__file__).parent / "out"))
    ap.add_argument("--sizes", default="100,10000,100000")
    ap.add_argument("--shapes", default="wide,deep")
    a = ap.parse_args()
    for path in write_all(Path(a.out), [int(s) for s in a.sizes.split(",")], a.shapes.split(",")):
        print(path)


if __name__ == "__main__":
    main()
