"""Reading ratio files: the three syntaxes agree, and every mistake is a located GN diagnostic."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fsctl.catalogue import generate as rules
from fsctl.generate.ratios import RatioFile, format_number, read_ratios, suggest
from fsctl.generate.syntax import csv_cells

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "ratios"
CLUSTER = "memory-mb=102400, vcores=100"


def shape(ratios: RatioFile) -> list[tuple[str, str, str | None, dict[str, str]]]:
    """What a ratio file means, independent of its syntax."""
    return [
        (
            q.path,
            format_number(q.share),
            None if q.max is None else format_number(q.max),
            {name: s.raw for name, s in sorted(q.settings.items())},
        )
        for q in ratios.walk()
    ]


def test_yaml_toml_csv_samples_are_equivalent() -> None:
    results = {fmt: read_ratios(str(SAMPLES / f"departments.{fmt}")) for fmt in ("yaml", "toml", "csv")}
    for fmt, result in results.items():
        assert result.diagnostics == [], fmt
        assert result.ratios is not None
    yaml_ratios, toml_ratios, csv_ratios = (results[f].ratios for f in ("yaml", "toml", "csv"))
    assert yaml_ratios and toml_ratios and csv_ratios
    assert shape(yaml_ratios) == shape(toml_ratios) == shape(csv_ratios)
    assert (
        yaml_ratios.cluster
        == toml_ratios.cluster
        == csv_ratios.cluster
        == {"memory-mb": 1024000, "vcores": 1000}
    )
    paths = [q.path for q in yaml_ratios.walk()]
    assert paths[:4] == ["root.qa", "root.qa.p0", "root.qa.p1", "root.qa.p2"]
    assert paths[-1] == "root.default"


def test_defaults_apply_where_the_queue_does_not_set_the_key(write: Callable[[str, str], str]) -> None:
    path = write(
        "r.yaml",
        "defaults: {schedulingPolicy: fifo, maxRunningApps: 5, maxAMShare: 0.2, max: 90}\n"
        "queues:\n"
        "  a:\n"
        "    share: 60\n"
        "    queues:\n"
        "      x: {share: 100, max: 100, maxRunningApps: 9}\n"
        "  b: {share: 40, max: 40}\n",
    )
    result = read_ratios(path, cluster=CLUSTER)
    assert result.ok, result.diagnostics
    assert result.ratios is not None
    a, x, b = (result.ratios.find(p) for p in ("root.a", "root.a.x", "root.b"))
    assert a and x and b
    # fifo and maxAMShare are leaf-only: the parent a does not get them
    assert "schedulingPolicy" not in a.settings and "maxAMShare" not in a.settings
    assert a.settings["maxRunningApps"].value == 5 and a.max == 90
    assert x.settings["maxRunningApps"].value == 9 and "maxRunningApps" not in x.from_defaults
    assert x.settings["schedulingPolicy"].value == "fifo" and "schedulingPolicy" in x.from_defaults
    assert b.max == 40


def test_normalize_scales_shares_to_100(write: Callable[[str, str], str]) -> None:
    path = write("r.yaml", "queues:\n  a: {share: 1}\n  b: {share: 1}\n  c: {share: 1}\n")
    assert not read_ratios(path, cluster=CLUSTER).ok
    result = read_ratios(path, cluster=CLUSTER, normalize=True)
    assert result.ok and result.ratios
    assert [q.share for q in result.ratios.queues] == [Fraction(100, 3)] * 3


def test_cluster_option_overrides_the_file(write: Callable[[str, str], str]) -> None:
    path = write("r.yaml", 'cluster: "memory-mb=2048, vcores=2"\nqueues:\n  a: {share: 100}\n')
    assert read_ratios(path).ratios.cluster == {"memory-mb": 2048, "vcores": 2}  # type: ignore[union-attr]
    result = read_ratios(path, cluster="4096 mb, 4 vcores")
    assert result.ratios and result.ratios.cluster == {"memory-mb": 4096, "vcores": 4}


def test_percent_strings_and_decimals_are_exact(write: Callable[[str, str], str]) -> None:
    path = write("r.yaml", 'queues:\n  a: {share: "33.3%"}\n  b: {share: 33.3}\n  c: {share: "33.4"}\n')
    result = read_ratios(path, cluster=CLUSTER)
    assert result.ok, result.diagnostics
    assert result.ratios and [q.share for q in result.ratios.queues] == [
        Fraction("33.3"),
        Fraction("33.3"),
        Fraction("33.4"),
    ]


def test_did_you_mean() -> None:
    assert suggest("maxRunningApp", ["share", "maxRunningApps"]) == " (did you mean 'maxRunningApps'?)"
    assert suggest("SHARE", ["share"]) == " (did you mean 'share'?)"
    assert suggest("zzz", ["share"]) == ""


# (file name, content, code, line, column, text in the message)
LOCATED = [
    ("r.yaml", "queues:\n  a: {share: 40}\n  b: {share: 40}\n", "GN102", 1, 1, "add up to 80"),
    (
        "r.yaml",
        "queues:\n  a:\n    share: 100\n    queues:\n      x: {share: 70}\n      y: {share: 20}\n",
        "GN102",
        4,
        5,
        "children of root.a add up to 90",
    ),
    ("r.yaml", "queues:\n  a: {max: 50}\n", "GN103", 2, 3, "has no 'share'"),
    ("r.yaml", "queues:\n  a: {share: forty}\n", "GN104", 2, 14, "'forty', not a number"),
    ("r.yaml", "queues:\n  a: {share: 100, maxRunningApps: 2.5}\n", "GN104", 2, 35, "not an integer"),
    ("r.yaml", "queues:\n  a: {share: 100, schedulingPolicy: drff}\n", "GN104", 2, 37, "did you mean 'drf'"),
    ("r.yaml", "queues:\n  a: {share: 100, allowPreemptionFrom: maybe}\n", "GN104", 2, 40, "true or false"),
    ("r.yaml", "queues:\n  a: {share: 120}\n  b: {share: -20}\n", "GN105", 2, 14, "between 0 and 100"),
    ("r.yaml", "queues:\n  a: {share: 100, weight: -1}\n", "GN105", 2, 27, "not negative"),
    (
        "r.yaml",
        "queues:\n  a: {share: 100, maxRunningApp: 3}\n",
        "GN106",
        2,
        19,
        "did you mean 'maxRunningApps'",
    ),
    ("r.yaml", "queue:\n  a: {share: 100}\n", "GN106", 1, 1, "did you mean 'queues'"),
    (
        "r.yaml",
        "queues:\n  a: {share: 100, minResources: '1024 mb, 1 vcores'}\n",
        "GN106",
        2,
        19,
        "computed from 'share'",
    ),
    (
        "r.yaml",
        "queues:\n  a: {share: 60, max: 50}\n  b: {share: 40}\n",
        "GN107",
        2,
        23,
        "max 50 is below its share 60",
    ),
    ("r.yaml", "cluster: lots\nqueues:\n  a: {share: 100}\n", "GN108", 1, 10, "cluster 'lots'"),
    ("r.yaml", "queues:\n  a.b: {share: 100}\n", "GN109", 2, 3, "contains a dot"),
    ("r.yaml", "queues:\n  a: {share: 50}\n  a: {share: 50}\n", "GN109", 3, 3, "given twice"),
    ("r.yaml", "queues:\n  a: {share: 100\n", "GN101", 3, 1, "not valid YAML"),
    ("r.yaml", "- a\n- b\n", "GN101", 1, 1, "top level"),
    ("r.toml", "[queues.a]\nshare = 40\n[queues.b]\nshare = 40\n", "GN102", 1, 1, "add up to 80"),
    ("r.toml", "# c\n\n[queues.a]\nshare = 40\n[queues.b]\nshare = 40\n", "GN102", 3, 1, "add up to 80"),
    ("r.toml", "[queues]\na.share = 40\nb = {share = 50}\n", "GN102", 1, 1, "add up to 90"),
    ("r.toml", "[queues]\na.share = 40\nb = {share = 60, max = 5}\n", "GN107", 3, 24, "below its share"),
    ("r.toml", "[queues.a]\nshare = 100\nmaxRunningApp = 3\n", "GN106", 3, 1, "did you mean"),
    (
        "r.toml",
        "[queues.a]\nshare = 100\n[queues.a.queues]\nx = { share = 100, weight = -2 }\n",
        "GN105",
        4,
        29,
        "not negative",
    ),
    ("r.toml", "[queues.a]\nshare = = 1\n", "GN101", 2, 9, "not valid TOML"),
    ("r.csv", "queue,share,max\na,60,50\nb,40,\n", "GN107", 2, 6, "below its share"),
    ("r.csv", "queue,share,max\na,60,\nb,4o,\n", "GN104", 3, 3, "'4o', not a number"),
    ("r.csv", "queue,share,max,maxRunningApp\na,100,,3\n", "GN106", 1, 17, "did you mean 'maxRunningApps'"),
    ("r.csv", "queue,share,max\na,100,\nb.c,100,\n", "GN109", 3, 1, "no row for its parent 'b'"),
    ("r.csv", "name,share\na,100\n", "GN101", 1, 1, "header"),
    ("r.json", "{}", "GN100", 0, 0, "cannot tell the format"),
]


@pytest.mark.parametrize(("name", "content", "code", "line", "column", "text"), LOCATED)
def test_located_errors(
    write: Callable[[str, str], str], name: str, content: str, code: str, line: int, column: int, text: str
) -> None:
    path = write(name, content)
    result = read_ratios(path, cluster=CLUSTER if "cluster:" not in content else None)
    assert not result.ok
    found = [d for d in result.diagnostics if d.code == code]
    assert found, result.diagnostics
    first = found[0]
    assert (first.line, first.column) == (line, column), first
    assert first.file == path
    assert text in first.message, first.message


def test_every_error_rule_has_a_located_test() -> None:
    tested = {case[2] for case in LOCATED}
    # the cluster option, --placement, the output check and templates: test_command.py
    tested |= {"GN108", "GN110", "GN111", "GN112"}
    declared = {r.code for r in (getattr(rules, n) for n in dir(rules) if n.startswith("GN1"))}
    assert declared <= tested


def test_missing_cluster_is_reported(write: Callable[[str, str], str]) -> None:
    path = write("r.yaml", "queues:\n  a: {share: 100}\n")
    result = read_ratios(path)
    assert [d.code for d in result.diagnostics] == ["GN108"]
    assert "no cluster size" in result.diagnostics[0].message


def test_bad_cluster_option_is_reported(write: Callable[[str, str], str]) -> None:
    path = write("r.yaml", "queues:\n  a: {share: 100}\n")
    result = read_ratios(path, cluster="50%")
    assert [d.code for d in result.diagnostics] == ["GN108"]
    assert result.diagnostics[0].message.startswith("--cluster")


def test_unreadable_file(tmp_path: Path) -> None:
    result = read_ratios(str(tmp_path / "missing.yaml"))
    assert result.unreadable and result.diagnostics[0].code == "GN100"


@pytest.mark.parametrize(
    "content",
    [b"\xff\xfe\x00", b"queues: [", b"queues:\n  a: !!python/object:os.system {}\n", b"[" * 300, b""],
)
def test_hostile_yaml_never_raises(write: Callable[[str, bytes], str], content: bytes) -> None:
    path = write("r.yaml", content)
    result = read_ratios(path, cluster=CLUSTER)
    assert not result.ok
    assert all(d.code.startswith("GN") for d in result.diagnostics)


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("r.csv", "queue,share\n" + "".join(".".join(["a"] * n) + ",100\n" for n in range(1, 160))),
        ("r.csv", 'queue,share,max\n"a,100\n'),
        ("r.csv", "queue,share\na,100,7,8\n"),
        ("r.toml", "[queues]\na = 3\n"),
        ("r.toml", "queues = [1, 2]\n"),
        ("r.yaml", "queues:\n  a: [1, 2]\n"),
        ("r.yaml", "queues:\n  a: {share: 100, queues: 5}\n"),
        ("r.yaml", "queues:\n  a: {share: .nan}\n"),
        ("r.yaml", "queues:\n  a: {share: 100, aclSubmitApps: [a, b]}\n"),
        ("r.yaml", "defaults: 3\nqueues:\n  a: {share: 100}\n"),
    ],
)
def test_hostile_input_never_raises(write: Callable[[str, str], str], name: str, content: str) -> None:
    result = read_ratios(write(name, content), cluster=CLUSTER)
    assert not result.ok
    assert all(d.code.startswith("GN") and d.file for d in result.diagnostics)


def test_yaml_anchors_and_merge_keys(write: Callable[[str, str], str]) -> None:
    path = write(
        "r.yaml",
        "x-limits: &limits {maxRunningApps: 5, schedulingPolicy: fair}\n"
        "queues:\n  a: {<<: *limits, share: 50}\n"
        "  b:\n    <<: *limits\n    share: 50\n    maxRunningApps: 7\n",
    )
    result = read_ratios(path, cluster=CLUSTER)
    assert result.ok, result.diagnostics
    assert result.ratios is not None
    assert [q.settings["maxRunningApps"].value for q in result.ratios.queues] == [5, 7]


def test_yaml_merge_of_several_mappings_first_wins(write: Callable[[str, str], str]) -> None:
    path = write(
        "r.yaml",
        "x-a: &a {maxRunningApps: 1}\nx-b: &b {maxRunningApps: 2, weight: 3}\n"
        "queues:\n  q: {<<: [*a, *b], share: 100}\n",
    )
    result = read_ratios(path, cluster=CLUSTER)
    assert result.ratios is not None and result.ok, result.diagnostics
    settings = result.ratios.queues[0].settings
    assert (settings["maxRunningApps"].value, settings["weight"].raw) == (1, "3")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(["a", "1", ".", ",", " ", '"', "\t", "\x00", "é", "%"]), max_size=40))
def test_csv_cells_are_the_csv_modules(line: str) -> None:
    """A quote-free line is split in C; whatever the line, the cells (or the error) are the csv module's."""
    try:
        expected: list[str] | str = next(csv.reader(io.StringIO(line), skipinitialspace=False))
    except (csv.Error, StopIteration) as exc:
        expected = type(exc).__name__
    try:
        found: list[str] | str = csv_cells(line)
    except (csv.Error, StopIteration) as exc:
        found = type(exc).__name__
    assert found == expected


def test_a_csv_field_over_the_csv_limit_is_a_row_error(tmp_path: Path) -> None:
    path = tmp_path / "long.csv"
    path.write_text("queue,share,max\n" + "a" * (csv.field_size_limit() + 1) + ",100\n", encoding="utf-8")
    result = read_ratios(str(path), cluster=CLUSTER)
    # the row is refused (and with it the only queue)
    assert [(d.code, d.line) for d in result.diagnostics if "field larger than field limit" in d.message] == [
        ("GN101", 2)
    ]
