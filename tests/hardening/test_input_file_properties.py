"""Ratio files (fsctl generate) and demand snapshots (fsctl simulate --demand) under hypothesis.

Whatever the bytes, the readers return diagnostics rather than raise, and every diagnostic is
located in the file it read with a line >= 1 (the file-level "cannot read" GN100 aside).
"""

from __future__ import annotations

import json

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fsctl.generate.ratios import read_ratios
from fsctl.io.demand import read_demand
from fsctl.model.diagnostics import Diagnostic

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TEXT = st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=200)
YAML_CHARS = "abq01259.:-[]{}&*!|>#'\"\n ,?<%@`=\t\\~"
YAML_FRAGMENTS = [
    "queues:",
    "\n  ",
    "\n    ",
    "share: ",
    "max: ",
    "defaults:",
    "cluster: ",
    "&a ",
    "*a",
    "<<: ",
    "!!int ",
    "!!float ",
    "!!binary ",
    "!!timestamp ",
    "!!bool ",
    "!!set ",
    "!!omap ",
    "!!python/object:os.system ",
    "!foo ",
    "2020-99-99",
    "0x_",
    "._",
    "{",
    "}",
    "[",
    "]",
    ", ",
    "- ",
    "? ",
    "null",
    "~",
    "1e999",
    ".nan",
    "root.a",
    "demand: ",
    "usage: ",
    "apps: ",
    "applications:",
    "memory-mb=1, vcores=1",
    "---\n",
    "...\n",
    "x-",
    "schedulingPolicy: ",
    "drf",
    "maxRunningApps: ",
    "%",
    "\ufeff",
    "\x00",
    "\x85",
]
YAML_TEXT = st.one_of(
    TEXT,
    st.text(alphabet=YAML_CHARS, max_size=120),
    st.lists(
        st.one_of(st.sampled_from(YAML_FRAGMENTS), st.text(alphabet=YAML_CHARS, max_size=4)), max_size=40
    ).map("".join),
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(),
    st.text(max_size=10),
    st.sampled_from(["50", "50%", "memory-mb=1024, vcores=1", "drf", "-1", "1e400"]),
)
KEYS = st.one_of(
    st.sampled_from(
        [
            "queues",
            "share",
            "max",
            "defaults",
            "cluster",
            "weight",
            "schedulingPolicy",
            "maxAMShare",
            "maxRunningApps",
            "demand",
            "usage",
            "apps",
            "applications",
            "name",
            "start",
            "priority",
            "x-a",
            "root",
            "root.a",
            "root.a.b",
            "a",
            "b",
            "a.b",
        ]
    ),
    st.text(max_size=8),
)
STRUCTURES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=5)),
    max_leaves=30,
)
TOML_CHARS = "abq0125.=[]{}\"'\n #,-_"
TOML_TEXT = st.one_of(
    TEXT,
    st.text(alphabet=TOML_CHARS, max_size=120),
    st.lists(
        st.sampled_from(
            [
                "[queues.a]\n",
                "[queues.a.queues.b]\n",
                "[[queues]]\n",
                "share = 50\n",
                "max = 'x'\n",
                "queues = {a = {share = 1}}\n",
                "[defaults]\n",
                "cluster = 'memory-mb=1, vcores=1'\n",
                "a.b.c = 1\n",
                '"a.b" = 2\n',
                '[queues."x.y"]\n',
                "share = inf\n",
                "x = [1, {a = 1}]\n",
            ]
        ),
        max_size=12,
    ).map("".join),
)
CSV_TEXT = st.one_of(
    TEXT,
    st.lists(
        st.sampled_from(
            [
                "queue,share,max\n",
                "queue,share,max,weight\n",
                "a,50,60\n",
                "a.b,100,\n",
                "root.c,x,y\n",
                "*,,90\n",
                "# cluster: memory-mb=1, vcores=1\n",
                '"a,b",1\n',
                "a,1,2,3,4\n",
                '"unterminated\n',
                ",,\n",
                "queue,queue\n",
                "\x00\n",
                "b.c.d,1\n",
                "\n",
            ]
        ),
        max_size=12,
    ).map("".join),
    st.text(alphabet='abq01,."*#\n ', max_size=80),
)


def file_level(d: Diagnostic) -> bool:
    """About the file as a whole, so without a line: unreadable, or no cluster size anywhere."""
    return d.code == "GN100" or (d.code == "GN108" and d.message.startswith("no cluster size"))


def assert_located(path: str, diagnostics: list[Diagnostic]) -> None:
    for d in diagnostics:
        assert d.location is not None, d
        assert d.location.file == path, d
        assert "\n" not in d.message, d  # one line
        if file_level(d):
            continue
        assert d.location.line is not None and d.location.line >= 1, d
        assert d.location.column is None or d.location.column >= 1, d


def check_ratios(name: str, data: bytes) -> None:
    result = read_ratios(name, data, cluster=None)
    assert_located(name, result.diagnostics)
    if result.ratios is None:
        assert result.diagnostics, "no tree and no reason"


@SETTINGS
@given(YAML_TEXT)
def test_yaml_ratio_text_never_raises(text: str) -> None:
    check_ratios("r.yaml", text.encode("utf-8", "surrogatepass"))


@SETTINGS
@given(STRUCTURES)
def test_yaml_ratio_structures_never_raise(value: object) -> None:
    check_ratios("r.yaml", yaml.safe_dump(value, allow_unicode=True).encode("utf-8", "surrogatepass"))


@SETTINGS
@given(TOML_TEXT)
def test_toml_ratio_text_never_raises(text: str) -> None:
    check_ratios("r.toml", text.encode("utf-8", "surrogatepass"))


@SETTINGS
@given(CSV_TEXT)
def test_csv_ratio_text_never_raises(text: str) -> None:
    check_ratios("r.csv", text.encode("utf-8", "surrogatepass"))


@SETTINGS
@given(st.binary(max_size=200))
def test_ratio_bytes_never_raise(data: bytes) -> None:
    for name in ("r.yaml", "r.toml", "r.csv"):
        check_ratios(name, data)


def check_demand(text: str) -> None:
    snapshot, diagnostics = read_demand("d.yaml", text)
    assert_located("d.yaml", diagnostics)
    assert (snapshot is None) == bool(diagnostics) or snapshot is None


@SETTINGS
@given(YAML_TEXT)
def test_demand_text_never_raises(text: str) -> None:
    check_demand(text)


@SETTINGS
@given(STRUCTURES)
def test_demand_structures_never_raise(value: object) -> None:
    check_demand(yaml.safe_dump(value, allow_unicode=True))
    try:
        as_json = json.dumps(value, ensure_ascii=False)
    except ValueError:
        return
    check_demand(as_json)
    check_demand(as_json.replace(", ", ",\t"))  # tabs: YAML refuses, the JSON fallback reads it


def test_an_aliased_mapping_with_a_merge_means_the_same_at_every_use() -> None:
    """Found here: the second use of an alias saw the mapping already flattened, so the merged key
    looked like the mapping's own and the override was reported as a duplicate (GN109)."""
    text = b"x-b: &b {share: 30, maxRunningApps: 3}\nx-a: &a {<<: *b, share: 50}\nqueues:\n  q: *a\n  r: *a\n"
    result = read_ratios("r.yaml", text, cluster="memory-mb=1024, vcores=1")
    assert result.diagnostics == []
    assert result.ratios is not None
    assert [(q.path, q.share, q.settings["maxRunningApps"].value) for q in result.ratios.walk()] == [
        ("root.q", 50, 3),
        ("root.r", 50, 3),
    ]
