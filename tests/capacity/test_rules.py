"""One test per rule of fsctl.catalogue.capacity (CS0xx, CS1xx, CS2xx): a bad snippet gives the code at the
line and column of the offending <property>; the corrected snippet gives nothing."""

from __future__ import annotations

import pytest

from fsctl.capacity import reader as reader_module
from fsctl.catalogue import capacity as catalogue

from .helpers import P, read_xml, xml_of

Pairs = list[tuple[str, str]]

OK = [("root.queues", "a,b"), ("root.a.capacity", "50"), ("root.b.capacity", "50")]
ABS = [
    ("root.queues", "a"),
    ("root.a.capacity", "[memory=4096,vcores=4]"),
    ("root.a.queues", "x"),
    ("root.a.x.capacity", "[memory=4096,vcores=4]"),
]


def full(pairs: Pairs) -> Pairs:
    return [(k if k.startswith("yarn.") else P + k, v) for k, v in pairs]


def line_of(pairs: Pairs, key: str) -> int:
    """xml_of writes pairs[i] at line i + 3, column 3; the last definition is the one located."""
    wanted = key if key.startswith("yarn.") else P + key
    return max(i for i, (k, _) in enumerate(full(pairs)) if k == wanted) + 3


# (code, bad pairs, key whose <property> is reported, good pairs, hadoop version)
CASES: list[tuple[str, Pairs, str, Pairs, tuple[int, int]]] = [
    ("CS102", [*OK, ("root.a.capacity", "150")], "root.a.capacity", OK, (3, 4)),
    (
        "CS102",
        [*OK, ("root.a.accessible-node-labels.x.capacity", "101")],
        "root.a.accessible-node-labels.x.capacity",
        [*OK, ("root.a.accessible-node-labels.x.capacity", "100")],
        (3, 4),
    ),
    ("CS103", [*OK, ("root.a.capacity", "50%")], "root.a.capacity", OK, (3, 4)),
    (
        "CS103",
        [*OK, ("root.a.max-parallel-apps", " 5")],
        "root.a.max-parallel-apps",
        [*OK, ("root.a.max-parallel-apps", "5")],
        (3, 4),
    ),
    (
        "CS103",
        [*OK, ("maximum-applications", "10k")],
        "maximum-applications",
        [*OK, ("maximum-applications", "10000")],
        (3, 4),
    ),
    (
        "CS104",
        [("root.queues", "a,b"), ("root.a.capacity", "1w"), ("root.b.capacity", "20000w")],
        "root.b.capacity",
        [("root.queues", "a,b"), ("root.a.capacity", "1w"), ("root.b.capacity", "10000w")],
        (3, 4),
    ),
    (
        "CS105",
        [*OK, ("root.a.state", "DRAINING")],
        "root.a.state",
        [*OK, ("root.a.state", "running")],
        (3, 4),
    ),
    (
        "CS106",
        [*OK, ("root.state", "STOPPED"), ("root.a.state", "RUNNING")],
        "root.a.state",
        [*OK, ("root.state", "STOPPED")],
        (3, 4),
    ),
    (
        "CS107",
        [*ABS, ("root.a.x.maximum-capacity", "[memory=2048,vcores=4]")],
        "root.a.x.capacity",
        [*ABS, ("root.a.x.maximum-capacity", "[memory=4096,vcores=4]")],
        (3, 4),
    ),
    (
        "CS108",
        [
            *ABS,
            ("root.a.maximum-capacity", "[memory=8192,vcores=8]"),
            ("root.a.x.maximum-capacity", "[memory=9000,vcores=8]"),
        ],
        "root.a.x.maximum-capacity",
        [
            *ABS,
            ("root.a.maximum-capacity", "[memory=8192,vcores=8]"),
            ("root.a.x.maximum-capacity", "[memory=8192,vcores=8]"),
        ],
        (3, 4),
    ),
    (
        "CS109",
        [
            *ABS,
            ("root.accessible-node-labels.red.capacity", "100"),
            ("root.a.accessible-node-labels.red.capacity", "100"),
            ("root.a.x.accessible-node-labels.red.capacity", "100"),
        ],
        "root.a.accessible-node-labels.red.capacity",
        [
            *ABS,
            ("root.accessible-node-labels.red.capacity", "100"),
            ("root.a.accessible-node-labels.red.capacity", "[memory=1024,vcores=1]"),
            ("root.a.x.accessible-node-labels.red.capacity", "[memory=1024,vcores=1]"),
        ],
        (3, 4),
    ),
    (
        "CS110",
        [*OK, ("root.a.maximum-allocation-vcores", "8")],
        "root.a.maximum-allocation-vcores",
        [*OK, ("root.a.maximum-allocation-vcores", "4")],
        (3, 4),
    ),
    (
        "CS111",
        [*OK, ("root.a.accessible-node-labels", "red"), ("root.a.default-node-label-expression", "blue")],
        "root.a.default-node-label-expression",
        [*OK, ("root.a.accessible-node-labels", "red"), ("root.a.default-node-label-expression", "red")],
        (3, 4),
    ),
    (
        "CS112",
        [
            *OK,
            ("root.a.accessible-node-labels", "red"),
            ("root.a.queues", "x"),
            ("root.a.x.capacity", "100"),
            ("root.a.x.accessible-node-labels", "red,blue"),
        ],
        "root.a.x.accessible-node-labels",
        [
            *OK,
            ("root.a.accessible-node-labels", "red"),
            ("root.a.queues", "x"),
            ("root.a.x.capacity", "100"),
            ("root.a.x.accessible-node-labels", "red"),
        ],
        (3, 4),
    ),
    (
        "CS113",
        [*OK, ("root.a.minimum-user-limit-percent", "50"), ("root.a.user-settings.bob.weight", "3")],
        "root.a.user-settings.bob.weight",
        [*OK, ("root.a.minimum-user-limit-percent", "50"), ("root.a.user-settings.bob.weight", "2")],
        (3, 4),
    ),
    (
        "CS114",
        [*OK, ("root.a.maximum-application-lifetime", "100"), ("root.a.default-application-lifetime", "200")],
        "root.a.default-application-lifetime",
        [*OK, ("root.a.maximum-application-lifetime", "100"), ("root.a.default-application-lifetime", "50")],
        (3, 4),
    ),
    (
        "CS115",
        [*OK, ("root.a.queues", "x"), ("root.a.x.capacity", "100"), ("root.a.reservable", "true")],
        "root.a.reservable",
        [*OK, ("root.b.reservable", "true")],
        (3, 4),
    ),
    (
        "CS116",
        [*OK, ("root.ordering-policy", "fair")],
        "root.ordering-policy",
        [*OK, ("root.a.ordering-policy", "fair")],
        (3, 4),
    ),
    (
        "CS117",
        [
            *OK,
            ("root.a.auto-create-child-queue.enabled", "true"),
            ("root.a.leaf-queue-template.capacity", "[memory=1024,vcores=1]"),
        ],
        "root.a.leaf-queue-template.capacity",
        [
            *OK,
            ("root.a.auto-create-child-queue.enabled", "true"),
            ("root.a.leaf-queue-template.capacity", "10"),
        ],
        (3, 4),
    ),
    (
        "CS118",
        [*OK, ("legacy-queue-mode.enabled", "false"), ("root.a.maximum-capacity", "[memory=2w,vcores=50%]")],
        "root.a.maximum-capacity",
        [
            *OK,
            ("legacy-queue-mode.enabled", "false"),
            ("root.a.maximum-capacity", "[memory=100%,vcores=50%]"),
        ],
        (3, 4),
    ),
    (
        "CS119",
        [
            ("root.queues", "a"),
            ("root.a.capacity", "100"),
            ("root.a.queues", "x,y"),
            ("root.a.x.capacity", "50"),
            ("root.a.y.capacity", "1w"),
        ],
        "root.a.queues",
        [
            ("root.queues", "a"),
            ("root.a.capacity", "100"),
            ("root.a.queues", "x,y"),
            ("root.a.x.capacity", "1w"),
            ("root.a.y.capacity", "1w"),
        ],
        (3, 4),
    ),
    (
        "CS120",
        [
            ("root.queues", "a"),
            ("root.a.capacity", "100"),
            ("root.a.queues", "x"),
            ("root.a.x.capacity", "[memory=1024,vcores=1]"),
        ],
        "root.a.queues",
        ABS,
        (3, 4),
    ),
    ("CS121", [*ABS, ("root.a.x.capacity", "[memory=8192,vcores=4]")], "root.a.capacity", ABS, (3, 4)),
    (
        "CS122",
        [("root.queues", "a,b"), ("root.a.capacity", "50"), ("root.b.capacity", "40")],
        "root.queues",
        OK,
        (3, 4),
    ),
    (
        "CS123",
        [
            ("root.queues", "a,b"),
            ("root.a.capacity", "50"),
            ("root.b.capacity", "50"),
            ("root.a.queues", "p0"),
            ("root.a.p0.capacity", "100"),
            ("root.b.queues", "p0"),
            ("root.b.p0.capacity", "100"),
        ],
        "root.b.queues",
        [
            ("root.queues", "a,b"),
            ("root.a.capacity", "50"),
            ("root.b.capacity", "50"),
            ("root.a.queues", "p0"),
            ("root.a.p0.capacity", "100"),
            ("root.b.queues", "p1"),
            ("root.b.p1.capacity", "100"),
        ],
        (3, 2),
    ),
    (
        "CS124",
        [*OK, ("root.a.maximum-capacity", "40")],
        "root.a.capacity",
        [*OK, ("root.a.maximum-capacity", "60")],
        (3, 3),
    ),
    (
        "CS125",
        [*OK, ("mapping-rule-format", "JSON")],
        "mapping-rule-format",
        [*OK, ("mapping-rule-format", "legacy")],
        (3, 4),
    ),
    (
        "CS126",
        [*OK, ("yarn.scheduler.minimum-allocation-mb", "0")],
        "yarn.scheduler.minimum-allocation-mb",
        [*OK, ("yarn.scheduler.minimum-allocation-mb", "512")],
        (3, 4),
    ),
    (
        "CS127",
        [*OK, ("yarn.scheduler.queue-placement-rules", "user-group,app-name,user-group")],
        "yarn.scheduler.queue-placement-rules",
        [*OK, ("yarn.scheduler.queue-placement-rules", "user-group,app-name")],
        (3, 4),
    ),
    (
        "CS128",
        [("root.queues", "a,b"), ("root.a.capacity", "1w"), ("root.b.capacity", "1w")],
        "root.a.capacity",
        OK,
        (3, 3),
    ),
    (
        "CS201",
        [*OK, ("root.a.disable_preemption", "yes")],
        "root.a.disable_preemption",
        [*OK, ("root.a.disable_preemption", "TRUE")],
        (3, 4),
    ),
    ("CS202", [*OK, ("root.a.capacity", "[memory=50%,vcores=50%]")], "root.a.capacity", OK, (3, 4)),
    (
        "CS203",
        [*ABS, ("root.a.x.maximum-capacity", "[memory=4096,vcores=4,gpu=1]")],
        "root.a.x.maximum-capacity",
        [*ABS, ("root.a.x.maximum-capacity", "[memory=4096,vcores=4]")],
        (3, 4),
    ),
    (
        "CS204",
        [("root.queues", "a"), ("root.a.capacity", "NaN")],
        "root.a.capacity",
        [("root.queues", "a"), ("root.a.capacity", "100")],
        (3, 4),
    ),
    ("CS205", [*OK, ("root.accessible-node-labels", "red")], "root.accessible-node-labels", OK, (3, 4)),
    (
        "CS206",
        [*OK, ("per-node-heartbeat.maximum-offswitch-assignments", "0")],
        "per-node-heartbeat.maximum-offswitch-assignments",
        [*OK, ("per-node-heartbeat.maximum-offswitch-assignments", "2")],
        (3, 4),
    ),
    (
        "CS207",
        [*OK, ("mapping-rule-format", "json")],
        "mapping-rule-format",
        [*OK, ("mapping-rule-format", "json"), ("mapping-rule-json", '{"rules": []}')],
        (3, 4),
    ),
]


@pytest.mark.parametrize(("code", "bad", "at", "good", "version"), CASES, ids=[c[0] for c in CASES])
def test_rule(code: str, bad: Pairs, at: str, good: Pairs, version: tuple[int, int]) -> None:
    result = read_xml(xml_of(full(bad)), version)
    found = [d for d in result.diagnostics if d.code == code]
    assert found, [(d.code, d.message) for d in result.diagnostics]
    assert (found[0].line, found[0].column) == (line_of(bad, at), 3)
    assert found[0].name == getattr(catalogue, code).name
    clean = read_xml(xml_of(full(good)), version)
    assert [d.code for d in clean.diagnostics] == []


def test_cs101_root_without_children() -> None:
    result = read_xml(xml_of(full([("maximum-applications", "100")])))
    found = [d for d in result.diagnostics if d.code == "CS101"]
    assert [(d.line, d.column, d.message) for d in found] == [
        (2, 1, "Queue configuration missing child queue names for root")
    ]
    assert read_xml(xml_of(full([("root.auto-queue-creation-v2.enabled", "true")]))).diagnostics == []


def document(body: str) -> str:
    return f'<?xml version="1.0"?>\n<configuration>\n{body}\n</configuration>\n'


GOOD_QUEUES = (
    f"<property><name>{P}root.queues</name><value>a</value></property>\n"
    f"<property><name>{P}root.a.capacity</name><value>100</value></property>"
)


@pytest.mark.parametrize(
    ("code", "bad", "line", "column"),
    [
        ("CS001", f'<?xml version="1.0"?>\n<conf>\n{GOOD_QUEUES}\n</conf>\n', 2, 1),
        ("CS002", document(f"{GOOD_QUEUES}\n  <property><name>k</name><vaule>1</vaule></property>"), 5, 27),
        ("CS003", document(f"{GOOD_QUEUES}\n  <property><value>1</value></property>"), 5, 3),
        (
            "CS004",
            document(f"{GOOD_QUEUES}\n  <property><name>{P}queue-mappings</name><value></value></property>"),
            5,
            3,
        ),
        (
            "CS005",
            document(
                f"<property><name>{P}root.queues</name><value>a</value><final>true</final></property>\n"
                f"<property><name>{P}root.a.capacity</name><value>100</value></property>\n"
                f"  <property><name>{P}root.queues</name><value>b</value></property>"
            ),
            5,
            3,
        ),
        (
            "CS006",
            document(
                f"{GOOD_QUEUES}\n  <property><name>{P}root.a.capacity</name><value>100</value></property>"
            ),
            5,
            3,
        ),
        (
            "CS007",
            document(
                f"{GOOD_QUEUES}\n  <property><name>k</name><value>1</value><final>True</final></property>"
            ),
            5,
            3,
        ),
        (
            "CS008",
            document(
                f'{GOOD_QUEUES}\n  <xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="x.xml"/>'
            ),
            5,
            3,
        ),
        (
            "CS009",
            document(
                GOOD_QUEUES
                + "\n"
                + "".join(
                    f"  <property><name>v{i}</name><value>${{v{i + 1}}}</value></property>\n"
                    for i in range(22)
                )
                + "  <property><name>v22</name><value>x</value></property>"
            ),
            5,
            3,
        ),
    ],
)
def test_configuration_rule(code: str, bad: str, line: int, column: int) -> None:
    result = read_xml(bad)
    found = [d for d in result.diagnostics if d.code == code]
    assert found, [(d.code, d.message) for d in result.diagnostics]
    assert (found[0].line, found[0].column) == (line, column)
    assert read_xml(document(GOOD_QUEUES)).diagnostics == []


def test_cs010_internal_error_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(reader_module._Builder, "build", boom)
    result = read_xml(document(GOOD_QUEUES))
    assert [d.code for d in result.diagnostics] == ["CS010"] and result.tree is None


def test_every_rule_is_tested() -> None:
    tested = {c[0] for c in CASES} | {
        "CS001",
        "CS002",
        "CS003",
        "CS004",
        "CS005",
        "CS006",
        "CS007",
        "CS008",
        "CS009",
        "CS010",
        "CS101",
    }
    declared = {name for name in dir(catalogue) if name.startswith("CS") and name[2:].isdigit()}
    assert declared == tested


def test_rule_documentation_shape() -> None:
    # `fsctl rules CODE` prints the docstring: a one-line summary, then the details
    for name in dir(catalogue):
        rule = getattr(catalogue, name)
        if name.startswith("CS") and name[2:].isdigit():
            lines = rule.doc.strip("\n").split("\n")
            assert lines[0].endswith(".") and len(lines) > 2 and not lines[1].strip(), rule.code
            assert rule.documentation.split("\n", 1)[0] == lines[0].strip()
            assert rule.name == rule.name.lower() and " " not in rule.name
