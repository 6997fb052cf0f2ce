# ruff: noqa: E501  (data rows read better on one line)
"""Regenerate ``tests/data/lint/capacity/<CODE>/{fail,pass}/<CODE>.xml`` (one failing and one passing file
per rule; the expected diagnostics are written into each file). Run from anywhere:

    .venv/bin/python tests/lint/capacity/make_rule_files.py

Review the result as a diff; the files, not this script, are what the tests read.
"""

from __future__ import annotations

import os
import shutil

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "data", "lint", "capacity")
shutil.rmtree(OUT, ignore_errors=True)


def folder(kind, code):
    """``<CODE>/<kind>``, made on first use."""
    path = f"{OUT}/{code}/{kind}"
    os.makedirs(path, exist_ok=True)
    return path


P = "yarn.scheduler.capacity."
BASE = [(P + "root.queues", "a,b"), (P + "root.a.capacity", "40"), (P + "root.b.capacity", "60")]
PRE = "yarn.resourcemanager.monitor.capacity.preemption."


def esc(v):
    return v.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write(kind, code, props, expect, options=""):
    lines = ['<?xml version="1.0"?>']
    head = f"expect: {' '.join(expect)}" if kind == "fail" else f"expect-none: {code}"
    if options:
        head += " | " + options
    lines.append(f"<!-- {head} -->")
    lines.append("<configuration>")
    for name, value in props:
        lines.append(f"  <property><name>{name}</name><value>{esc(value)}</value></property>")
    lines.append("</configuration>")
    with open(f"{folder(kind, code)}/{code}.xml", "w") as f:
        f.write("\n".join(lines) + "\n")


def at(index):  # line of the property at index
    return f"{4 + index}:3"


def case(code, fail_props, pass_props, expect_index=None, base=True, options="", expect=None, sev=""):
    fp = (BASE if base else []) + fail_props
    pp = (BASE if base else []) + pass_props
    if expect is None:
        idx = (len(BASE) if base else 0) + (expect_index or 0)
        expect = [f"{code}@{at(idx)}{sev}"]
    write("fail", code, fp, expect, options)
    write("pass", code, pp, [], options)


# --- mapping rules
case("PL501", [(P + "queue-mappings", "u:alice")], [(P + "queue-mappings", "u:alice:a")])
case("PL502", [(P + "queue-mappings", "U:alice:a")], [(P + "queue-mappings", "u:alice:a")])
J = P + "mapping-rule-json"
F = P + "mapping-rule-format"
case("PL503", [(F, "json"), (J, "{rules: []}")], [(F, "json"), (J, '{"rules": []}')], 1)
case(
    "PL504", [(F, "json"), (J + "-file", "missing-rules.json")], [(F, "json"), (J + "-file", "PL504.json")], 1
)
with open(f"{folder('pass', 'PL504')}/PL504.json", "w") as f:
    f.write(
        '{"rules": [{"type": "user", "matches": "alice", "policy": "custom", "customPlacement": "root.a"}]}\n'
    )
case(
    "PL505",
    [(F, "json"), (J, '{"rules": [{"type": "user", "matches": "*"}]}')],
    [
        (F, "json"),
        (J, '{"rules": [{"type": "user", "matches": "*", "policy": "user", "parentQueue": "root"}]}'),
    ],
    1,
)
case(
    "PL506",
    [(F, "json"), (J, '{"rules": [{"type": "group", "matches": "*", "policy": "reject"}]}')],
    [(F, "json"), (J, '{"rules": [{"type": "group", "matches": "dev", "policy": "reject"}]}')],
    1,
)
case(
    "PL507",
    [(F, "json"), (J, '{"rules": [{"type": "user", "matches": "*", "policy": "User"}]}')],
    [(F, "json"), (J, '{"rules": [{"type": "user", "matches": "*", "policy": "reject"}]}')],
    1,
)
case("PL508", [(P + "queue-mappings", "u:alice:root")], [(P + "queue-mappings", "u:alice:root.a")])
case(
    "PL601",
    [(P + "queue-mappings", "u:%user:root.a,u:alice:b")],
    [(P + "queue-mappings", "u:alice:b,u:%user:root.a")],
)
case(
    "PL602",
    [(F, "json"), (J + "-file", "PL602.json")],
    [(F, "json"), (J + "-file", "PL504.json")],
    expect=["PL602@3:42"],
)
with open(f"{folder('fail', 'PL602')}/PL602.json", "w") as f:
    f.write(
        '{\n  "rules": [\n    {"type": "user", "matches": "alice", "parentqueue": "root",\n'
        '     "policy": "custom", "customPlacement": "root.a"}\n  ]\n}\n'
    )
with open(f"{folder('pass', 'PL602')}/PL602.json", "w") as f:
    f.write(
        '{"rules": [{"type": "user", "matches": "alice", "policy": "custom", "customPlacement": "root.a"}]}\n'
    )
# pass/PL602.xml references PL504.json in its own folder: rewrite to PL602.json
write("pass", "PL602", [*BASE, (F, "json"), (J + "-file", "PL602.json")], [])
case("PL603", [(P + "queue-mappings", "u:%user:root.%username")], [(P + "queue-mappings", "u:%user:%user")])
case(
    "PL604",
    [
        (F, "json"),
        (
            J,
            '{"rules": [{"type": "user", "matches": "alice", "policy": "custom", "customPlacement": "root.a", "parentQueue": "root"}]}',
        ),
    ],
    [
        (F, "json"),
        (
            J,
            '{"rules": [{"type": "user", "matches": "alice", "policy": "custom", "customPlacement": "root.a"}]}',
        ),
    ],
    1,
)
case(
    "PL605",
    [(P + "queue-mappings", "u:alice:a,u:bob:b,u:alice:a")],
    [(P + "queue-mappings", "u:alice:a,u:bob:b")],
)
case("PL606", [(J, '{"rules": []}')], [(F, "json"), (J, '{"rules": []}')])
case(
    "PL607",
    [(F, "json"), (J, '{"rules": [{"type": "application", "matches": "*", "policy": "reject"}]}')],
    [(F, "json"), (J, '{"rules": [{"type": "application", "matches": "%application", "policy": "reject"}]}')],
    1,
)

# --- capacity lint
case("CS301", [(P + "root.analytcs.capacity", "10")], [(P + "root.a.maximum-capacity", "50")])
case("CS302", [(P + "root.queues", "a,b,a")], [(P + "root.queues", "a,b")], expect=None, base=False)
# CS302 with base would redefine root.queues; build explicitly
write(
    "fail",
    "CS302",
    [(P + "root.queues", "a,a,b"), (P + "root.a.capacity", "20"), (P + "root.b.capacity", "60")],
    ["CS302@4:3"],
)
write("pass", "CS302", BASE, [])
write(
    "fail",
    "CS303",
    [(P + "root.queues", "a,b,x:y"), (P + "root.a.capacity", "40"), (P + "root.b.capacity", "60")],
    ["CS303@4:3:warning"],
)
write("pass", "CS303", [*BASE, (P + "root.b.queues", "x_y"), (P + "root.b.x_y.capacity", "100")], [])
case("CS304", [(P + "root.a.max-capacity", "50")], [(P + "root.a.maximum-capacity", "50")])
case("CS305", [(P + "a.maximum-capacity", "50")], [(P + "maximum-applications", "5000")])
case(
    "CS306",
    [(P + "root.b.maximum-capacity", "50")],
    [(P + "root.b.maximum-capacity", "60")],
    expect=["CS306@6:3"],
)
case("CS307", [(P + "root.a.maximum-capacity", "150")], [(P + "root.a.maximum-capacity", "-1")])
case("CS308", [(P + "root.a.user-limit-factor", "0")], [(P + "root.a.user-limit-factor", "-1")])
case(
    "CS309",
    [(P + "root.a.minimum-user-limit-percent", "150")],
    [(P + "root.a.minimum-user-limit-percent", "25")],
)
case("CS310", [(P + "maximum-am-resource-percent", "10")], [(P + "maximum-am-resource-percent", "0.5")])
write(
    "fail",
    "CS311",
    [
        (P + "legacy-queue-mode.enabled", "false"),
        (P + "root.queues", "a,b"),
        (P + "root.a.capacity", "70"),
        (P + "root.b.capacity", "60"),
    ],
    ["CS311@6:3"],
)
write(
    "pass",
    "CS311",
    [
        (P + "legacy-queue-mode.enabled", "false"),
        (P + "root.queues", "a,b"),
        (P + "root.a.capacity", "40"),
        (P + "root.b.capacity", "60"),
    ],
    [],
)
write(
    "fail",
    "CS312",
    [
        *BASE,
        (P + "root.a.queues", "x"),
        (P + "root.b.queues", "x"),
        (P + "root.a.x.capacity", "100"),
        (P + "root.b.x.capacity", "100"),
    ],
    ["CS312@8:3"],
)
write(
    "pass",
    "CS312",
    [
        *BASE,
        (P + "root.a.queues", "x"),
        (P + "root.b.queues", "y"),
        (P + "root.a.x.capacity", "100"),
        (P + "root.b.y.capacity", "100"),
    ],
    [],
)
case("CS313", [(P + "root.maximum-capacity", "50")], [(P + "root.a.maximum-capacity", "50")])
case(
    "CS314",
    [("yarn.resourcemanager.queue.auto.refresh.monitoring-interval", "1000")],
    [(P + "queue.auto.refresh.monitoring-interval", "1000")],
)
case(
    "CS315",
    [(P + "root.a.accessible-node-labels", "gpu")],
    [(P + "root.a.accessible-node-labels", "*")],
    options="yarn-site: site-no-labels.xml",
)
with open(f"{folder('fail', 'CS315')}/site-no-labels.xml", "w") as f:
    f.write(
        '<?xml version="1.0"?>\n<configuration>\n  <property><name>yarn.node-labels.enabled</name><value>false</value></property>\n</configuration>\n'
    )
with open(f"{folder('pass', 'CS315')}/site-no-labels.xml", "w") as f:
    f.write(
        '<?xml version="1.0"?>\n<configuration>\n  <property><name>yarn.node-labels.enabled</name><value>false</value></property>\n</configuration>\n'
    )
write(
    "fail",
    "CS360",
    [
        *BASE[:1],
        (P + "root.a.capacity", "[memory=40960,vcores=40]"),
        (P + "root.b.capacity", "[memory=61440,vcores=60]"),
        (P + "root.a.queues", "x"),
        (P + "root.a.x.capacity", "[memory=10240,vcores=10]"),
    ],
    ["CS360@8:3"],
    options="hadoop-version: 3.1",
)
write(
    "pass",
    "CS360",
    [
        *BASE[:1],
        (P + "root.a.capacity", "[memory=40960,vcores=40]"),
        (P + "root.b.capacity", "[memory=61440,vcores=60]"),
        (P + "root.a.queues", "x"),
        (P + "root.a.x.capacity", "[memory=10240,vcores=10]"),
    ],
    [],
    options="hadoop-version: 3.2",
)

# --- yarn-site
S = "yarn.resourcemanager.scheduler.class"
CSC = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler"
FSC = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler"
case("CS401", [(S, CSC + "2")], [(S, CSC)], base=False)
case(
    "CS402",
    [(P + "resource-calculator", "org.example.MyCalculator")],
    [(P + "resource-calculator", "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator")],
)
case(
    "CS403",
    [
        ("yarn.resource-types", "yarn.io/gpu"),
        (P + "resource-calculator", "org.apache.hadoop.yarn.util.resource.DefaultResourceCalculator"),
    ],
    [
        ("yarn.resource-types", "yarn.io/gpu"),
        (P + "resource-calculator", "org.apache.hadoop.yarn.util.resource.DominantResourceCalculator"),
    ],
    1,
)
case(
    "CS404",
    [(S, CSC), ("yarn.resource-types", "memory-mb")],
    [(S, CSC), ("yarn.resource-types", "yarn.io/gpu")],
    1,
    base=False,
)
case(
    "CS405",
    [("yarn.resource-types", "yarn.io/gpu"), ("yarn.resource-types.yarn.io/gpu.units", "X")],
    [("yarn.resource-types", "yarn.io/gpu"), ("yarn.resource-types.yarn.io/gpu.units", "G")],
    1,
    base=False,
)
case(
    "CS406",
    [(S, CSC), (PRE + "monitoring_interval", "3s")],
    [(S, CSC), (PRE + "monitoring_interval", "3000")],
    1,
    base=False,
)
case(
    "CS407",
    [(S, FSC), ("yarn.resourcemanager.scheduler.monitor.enable", "true")],
    [(S, CSC), ("yarn.resourcemanager.scheduler.monitor.enable", "true")],
    1,
    base=False,
)
case(
    "CS408",
    [("yarn.resourcemanager.scheduler.monitor.policies", "org.example.Policy")],
    [
        (
            "yarn.resourcemanager.scheduler.monitor.policies",
            "org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy",
        )
    ],
    base=False,
)
case(
    "CS409",
    [("yarn.resourcemanager.scheduler.monitor.enable", "true"), (PRE + "total_preemption_per_round", "1.5")],
    [("yarn.resourcemanager.scheduler.monitor.enable", "true"), (PRE + "total_preemption_per_round", "0.5")],
    1,
    base=False,
)
case(
    "CS410",
    [("yarn.resourcemanager.scheduler.monitor.enable", "false"), (PRE + "total_preemption_per_round", "0.5")],
    [("yarn.resourcemanager.scheduler.monitor.enable", "true"), (PRE + "total_preemption_per_round", "0.5")],
    1,
    base=False,
    sev="",
)

case(
    "CS316",
    [(P + "root.b.leaf-queue-template.capacity", "10")],
    [
        (P + "root.b.auto-create-child-queue.enabled", "true"),
        (P + "root.b.leaf-queue-template.capacity", "10"),
    ],
)
